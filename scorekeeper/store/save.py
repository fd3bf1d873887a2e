"""Writing a sitting or a party: readable YAML, written atomically (a temporary file beside
the target, fsynced, renamed over it), never dropping what a person wrote into the file."""

from __future__ import annotations

import contextlib
import io
import os
import stat
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

import yaml

from ..model import FORMAT, Hand, ScorekeeperError, ScorekeeperWarning, Session, Source, shown
from .load import KEYS, MAX_FILE_BYTES, MAX_HANDS, PARTY, SITTING, TEXT, scalar_tag
from .lock import create_temp, lock_path, sweep_temp_files
from .paths import check_path_text, real_path, undone_path

try:  # the libyaml C emitter and scanner are several times faster
    from yaml import CSafeDumper as _Emitter
    from yaml import CBaseLoader as _Scanner
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeDumper as _Emitter  # type: ignore[assignment]
    from yaml import BaseLoader as _Scanner  # type: ignore[assignment]


def _text(value: Any) -> str:
    """A value as the file holds it: its text (a yes-or-no as a hand is typed)."""
    return ("yes" if value else "no") if isinstance(value, bool) else str(_plain(value))


def dump(session: Session, kind: str = SITTING) -> str:
    """Readable YAML: the header in block style, then one line per hand (or party result)."""
    header: Dict[str, Any] = {"format": FORMAT}
    if kind == PARTY:
        header["kind"] = PARTY
    header.update({"game": session.game, "players": list(session.players),
                   "rules": {k: _plain(v) for k, v in session.rules.items()}})
    if kind != PARTY and session.stakes.text is not None:  # a party plays for prizes, not money
        header["stakes"] = {"stake": _stake(session.stakes.text), "currency": session.stakes.currency}
    header["created"] = session.created
    events: List[Any] = []
    _events(header, events, {}, flow=None)
    text = _emitted(events, width=100)
    key = "results" if kind == PARTY else "hands"
    if not session.hands:
        return f"{text}{key}: []\n"
    return f"{text}{key}:\n{_hands_text(session.hands)}"


def _hands_text(hands: Sequence[Hand]) -> str:
    """The hands as the file holds them, one a line (`- {Ann: 12, Bob: -3}`): the list in block
    style, each hand in flow style, never folded."""
    events: List[Any] = [yaml.SequenceStartEvent(None, None, True, flow_style=False)]
    made: Dict[Any, Any] = {}  # each value's event, made once: names and scores recur (and are only read)
    for hand in hands:
        _events(hand.fields, events, made)
    return _emitted(events + [yaml.SequenceEndEvent()], width=10 ** 6)


def _emitted(body: List[Any], width: int) -> str:
    """The YAML document of these events, as libyaml's emitter writes it."""
    stream = io.StringIO()
    emitter = _Emitter(stream, allow_unicode=True, width=width)
    try:
        for event in [yaml.StreamStartEvent(), yaml.DocumentStartEvent(explicit=False), *body,
                      yaml.DocumentEndEvent(explicit=False), yaml.StreamEndEvent()]:
            emitter.emit(event)
    finally:
        emitter.dispose()
    return stream.getvalue()


def _events(value: Any, events: List[Any], made: Dict[Any, Any], flow: Optional[bool] = True) -> None:
    """The emitter's events of a value. A collection in flow style (`flow=None`: when it holds
    no collection, as yaml.dump writes it). Every value written as its text, plain wherever
    YAML's syntax allows it: the loader reads every scalar as the text written (store/load.py),
    so `12`, `yes` and `012` need no quotes. Only YAML's null (a value left out) is told apart:
    a text such as `null` is quoted."""
    if flow is None and isinstance(value, (dict, list, tuple)):
        items = value.values() if isinstance(value, dict) else value
        style: Optional[bool] = not any(isinstance(item, (dict, list, tuple)) for item in items)
    else:
        style = flow
    if isinstance(value, dict):
        if (dict, style) not in made:  # a mapping's start and end, made once a style (only read, as the texts' are)
            made[dict, style] = yaml.MappingStartEvent(None, None, True, flow_style=style), yaml.MappingEndEvent()
        start, end = made[dict, style]
        events.append(start)
        for pair in value.items():
            for part in pair:  # a text met before (names, scores) taken without a call: a save writes every hand
                if type(part) is str and part in made:
                    events.append(made[part])
                else:
                    _events(part, events, made, flow)
        events.append(end)
    elif isinstance(value, (list, tuple)):
        events.append(yaml.SequenceStartEvent(None, None, True, flow_style=style))
        for item in value:
            _events(item, events, made, flow)
        events.append(yaml.SequenceEndEvent())
    elif value is None:
        events.append(yaml.ScalarEvent(None, None, (True, False), "null"))
    else:  # a scalar, known by its text (not by ==: 1 == True == 1.0, and 0.0 == -0.0)
        known = value if type(value) is str else (type(value), str(value))
        if known not in made:
            text = value if type(value) is str else _text(value)
            made[known] = yaml.ScalarEvent(None, None, (scalar_tag(text, (True, False)) == TEXT, True), text)
        events.append(made[known])


def _stake(text: str) -> Any:
    """A stake as a number (a whole one plainly): at most 1,000,000 to four places, a float
    writes it exactly."""
    value = float(text)
    return int(value) if value.is_integer() else value


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    return value


def save(session: Session, path: Path, kind: str = SITTING) -> None:
    """`session_text` written by `save_text`."""
    save_text(path, session_text(session, kind, path.stem))


def session_text(session: Session, kind: str = SITTING, name: str = "") -> str:
    """The file a sitting or party will be (`dump`), refused when loading it would be refused."""
    key, what = ("results", "party") if kind == PARTY else ("hands", "sitting")
    name = session.name or name
    if len(session.hands) > MAX_HANDS:
        raise ScorekeeperError(f"{name} already holds {MAX_HANDS:,} {key}, the most a "
                               f"{what} may hold (so that every command stays quick): nothing was "
                               f"saved; start a new {what} for the next ones")
    try:
        text = dump(session, kind)
        size = len(text.encode("utf-8")) if len(text) > MAX_FILE_BYTES // 4 else len(text)
    except UnicodeEncodeError as err:  # bytes a non-UTF-8 terminal sent, kept as surrogates
        raise ScorekeeperError(f"{shown(err.object[max(0, err.start - 20):err.end + 20])} is not valid UTF-8 text (is the terminal set to "
                               f"UTF-8?); nothing was saved") from None
    if size > MAX_FILE_BYTES:  # loading would refuse it: every hand would be locked out
        raise ScorekeeperError(f"{name} would be {size / 2 ** 20:.2f} MB, more than the "
                               f"{MAX_FILE_BYTES // 2 ** 20} MB a session file may be: nothing was "
                               f"saved; start a new {what} for the next {key} (or shorten long notes)")
    return text


def save_text(path: Path, text: str, sync: bool = True) -> None:
    """Write a session file atomically: a temporary file beside the target, flushed, fsynced,
    renamed over it, the folder fsynced (`sync=False`: by write_undone, once for both renames).

    A session reached through a symbolic link (a sitting kept in a synced folder) is written
    where the link points, and the link is kept. A file holding something the save would
    drop (a comment, a key of its own) is refused, not silently rewritten.
    """
    path = real_path(path)
    _refuse_dropping(path)
    _refuse_read_only(path)
    try:
        _write_atomically(text, path, sync=sync)
    except OSError as err:
        raise ScorekeeperError(f"cannot write {path}: {err.strerror or err}") from None
    sweep_temp_files(path, undone_path(path), lock_path(path))  # and an undo's, and a lock not yet taken


def write_text(path: Path, text: str, make_folder: bool = False) -> None:
    """A file the user asked for (an HTML report, a shell's completion script), written
    atomically like a session: a link is written through to its target and kept. Anything
    there that is not a plain file (a device such as /dev/full, a pipe, a folder) is refused:
    the replace would put a file in its place (as root, /dev/full became a plain file). With
    `make_folder`, a folder it goes in is made (~/.zfunc for zsh's completion)."""
    path = Path(path)
    if not path.name or any(ord(c) < 32 or ord(c) == 127 for c in str(path)):
        raise ScorekeeperError(f"{shown(str(path))} is not a file name to write (no folder, no "
                               f"control characters)", usage=True)
    check_path_text(path, "the file to write")
    target = real_path(path)
    if target.exists() and not target.is_file():
        raise ScorekeeperError(f"cannot write {shown(str(path))}: it is not a plain file (a folder, "
                               f"a device or a pipe); give a file name")
    try:
        if make_folder:
            target.parent.mkdir(parents=True, exist_ok=True)
        _write_atomically(text, target)
    except OSError as err:
        raise ScorekeeperError(f"cannot write {shown(str(path))}: {err.strerror or err}") from None
    sweep_temp_files(target)  # a writer killed mid-write left its temporary file (undo's side file)


# In every page `report` writes, after its first line: a file holding it may be written over.
REPORT_MARK = "<!-- written by scorekeeper report; scorekeeper may write over this file -->"


def write_report(path: Path, page: str, force: bool = False) -> None:
    """An HTML report, marked as scorekeeper's. It never replaces a sitting or a party (with or
    without `force`), nor, without `force`, any file that is not a report scorekeeper wrote
    (`report u --html t.yaml` replaced the sitting t)."""
    target = real_path(check_path_text(Path(path), "--html"))
    head = _head(target)
    if head is not None:
        if target.suffix in (".yaml", ".yml") or head.lstrip().startswith("format: scorekeeper/"):
            raise ScorekeeperError(f"{shown(str(path), 300)} is a session file (a sitting or a party): a "
                                   f"report never writes over one; give the page another name, such as "
                                   f"{shown(str(Path(path).with_suffix('.html')), 300)}", usage=True)
        if REPORT_MARK not in head and not force:
            raise ScorekeeperError(f"{shown(str(path), 300)} is there and is not a report scorekeeper wrote: "
                                   f"give another name, or --force to write over it", usage=True)
    first, newline, rest = page.partition("\n")
    write_text(path, f"{first}{newline}{REPORT_MARK}\n{rest}" if newline else f"{REPORT_MARK}\n{page}")


def _head(path: Path) -> Optional[str]:
    """The start of a file that is there (what says whose it is); None if nothing is there."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None  # a folder, a device, a pipe (which would block): write_text says what is wrong
        with open(path, "rb") as handle:
            return handle.read(4096).decode("utf-8", "replace")
    except FileNotFoundError:
        return None
    except OSError:
        return ""  # unreadable: not known to be a report


def would_drop(path: Path) -> Optional[ScorekeeperError]:
    """`scorekeeper check`: a comment or a key of a person's own that the next save would
    refuse to drop (see `_refuse_dropping`), as a mistake at its line; None if there is none."""
    try:
        found = dropped(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    if not found:
        return None
    line, what = found
    return ScorekeeperError(f"{what}, which saving would drop: every command that saves (hand, edit, undo) "
                            f"refuses this file until it is moved into a hand's note (note=...) or deleted",
                            Source(str(path), line))


def _refuse_dropping(path: Path) -> None:
    """Refuse to rewrite a file that holds a comment or a top-level key of a person's own:
    the save writes only what the program knows, and would drop them without a word."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return  # a new file, or one load() has already judged
    found = dropped(text)
    if found:
        line, what = found
        raise ScorekeeperError(f"{what}, which saving would drop: nothing was saved. Move it into "
                               f"a hand's note (note=...) or delete it from the file, then try again",
                               Source(str(path), line))


def dropped(text: str) -> Optional[Tuple[int, str]]:
    """The first line holding what `dump` would not write back (a comment, a top-level key of
    a person's own), and what it is; None when a save loses nothing. Read from the YAML
    scanner's own tokens: the scanner skips only spaces, line breaks and comments between
    them, so text there holding `#` is a comment; a key at the top level is one of KEYS or a
    person's own. A file that does not scan is left to the load, which says where it breaks."""
    # the lines at the left margin (not a hand's `- `), where a top-level key can start
    margin = [line.partition(":") for line in text.split("\n")
              if line[:1] not in ("", " ") and line[:2] != "- "]
    if "#" not in text and all(key in KEYS and colon and after[:1] in ("", " ")
                               for key, colon, after in margin):
        return None  # no comment can be there, and every line at the margin starts a key of ours
    scanner = _Scanner(text)
    depth, end, key_next = 0, 0, False
    try:
        while True:
            token: Any = scanner.get_token()
            if token is None:
                return None
            start = token.start_mark.index
            if start > end and "#" in text[end:start]:
                return _line(text, text.index("#", end, start)), "this file holds a comment (#...)"
            end = max(end, token.end_mark.index)
            kind = type(token)
            if kind in _OPENS:
                depth += 1
            elif kind in _CLOSES:
                depth -= 1
            if key_next and not (kind is yaml.ScalarToken and token.value in KEYS):
                # a key of one's own: a name (`venue`, `été`, `.venue`), or none (`&x:`, `? [a]`)
                name = token.value if kind is yaml.ScalarToken else text[start:].partition("\n")[0]
                return _line(text, start), f"this file holds a key of its own, {shown(name)}"
            key_next = kind is yaml.KeyToken and depth == 1
            if kind is yaml.StreamEndToken:
                return None
    except yaml.YAMLError:
        return None
    finally:
        scanner.dispose()


_OPENS = frozenset((yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken, yaml.FlowMappingStartToken,
                    yaml.FlowSequenceStartToken))
_CLOSES = frozenset((yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken))


def _line(text: str, index: int) -> int:
    """The line of a character as an editor counts it (YAML's marks also count U+2028)."""
    return text.count("\n", 0, index) + 1


def write_beside(path: Path, text: str, like: Path) -> None:
    """A file the program keeps beside a sitting (undo's side file), written as the sitting is,
    with the sitting's mode and owner (`like`), whatever is at `path` (a planted link, a pipe)
    replaced, never written through; after the sitting's save, which swept its leftovers."""
    try:
        _write_atomically(text, path, like, sync=False)  # undone.write_undone fsyncs the folder
    except OSError as err:
        raise ScorekeeperError(f"cannot write {path}: {err.strerror or err}") from None


def _write_atomically(text: str, path: Path, like: Optional[Path] = None, sync: bool = True) -> None:
    """The temporary file is made exclusively under a random name (never through a link that
    someone planted there) with the mode and owner of the file it replaces (or of `like`), so
    a private sitting stays private and root's save leaves it its owner's."""
    try:
        keep: Optional[os.stat_result] = os.stat(like or path)
    except FileNotFoundError:
        keep = None
    fd, tmp = create_temp(path)
    owner_kept = True
    try:
        with open(fd, "w", encoding="utf-8", closefd=True) as handle:
            if keep is not None:
                owner_kept = _keep_mode_and_owner(handle.fileno(), keep)
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    if sync:
        fsync_folder(path.parent)
    if not owner_kept and keep is not None:
        import warnings

        warnings.warn(ScorekeeperWarning(f"{path} was saved, and is now yours, not its owner's (user id "
                                   f"{keep.st_uid}): only the administrator may give a file away"))


def _keep_mode_and_owner(fd: int, old: os.stat_result) -> bool:
    """Give the new file the old one's mode and owner; False when the owner could not be kept."""
    os.fchmod(fd, stat.S_IMODE(old.st_mode))
    kept = True
    if hasattr(os, "fchown") and (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
        try:
            os.fchown(fd, old.st_uid, old.st_gid)
        except PermissionError:  # only root may give a file away: keep at least the group
            kept = old.st_uid == os.geteuid()
            with contextlib.suppress(PermissionError):
                os.fchown(fd, -1, old.st_gid)
        os.fchmod(fd, stat.S_IMODE(old.st_mode))  # a change of owner clears set-id bits
    return kept


def _refuse_read_only(path: Path) -> None:
    """A sitting made read-only (`chmod 444`) is not written over: the replace would succeed
    wherever the folder is writable, whatever the file's own mode says."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if not mode & 0o222 or not os.access(path, os.W_OK):
        import shlex

        raise ScorekeeperError(f"{path} is read-only ({stat.filemode(mode)}): nothing was saved; to change "
                               f"it, make it writable (chmod u+w {shlex.quote(str(path))})")


def fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform lets a folder be opened
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
