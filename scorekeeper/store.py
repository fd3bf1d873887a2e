"""The only module that touches the disk or YAML: find, load, save (atomically) and lock sessions."""

from __future__ import annotations

import contextlib
import os
import re
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Dict, Iterator, List, Mapping, Optional, Tuple

import yaml

from .fields import parse_stake  # noqa: F401  (parsing lives in fields; store.parse_stake still works)
from .model import FORMAT, Hand, ScorekeeperError, Session, Source, Stakes

try:  # the libyaml C loader is several times faster; both are safe loaders
    from yaml import CSafeDumper as _Dumper
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeDumper as _Dumper  # type: ignore[assignment]
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

DEFAULT_DIR = "sessions"
LOCK_WAIT_SECONDS = 5.0  # how long a second writer waits; SCOREKEEPER_LOCK_WAIT overrides it
_NAME = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9 _.-]*[A-Za-z0-9_.-])?$")


def sessions_dir(option: Optional[str] = None) -> Path:
    return resolve_sessions_dir(option)[0]


def resolve_sessions_dir(option: Optional[str] = None) -> Tuple[Path, str]:
    """The sessions folder and why it was chosen, as tools do: --dir, then SCOREKEEPER_DIR,
    then ./sessions if that folder exists here, else the user's data folder (XDG)."""
    if option:
        return Path(option), "--dir"
    if os.environ.get("SCOREKEEPER_DIR"):
        return Path(os.environ["SCOREKEEPER_DIR"]), "SCOREKEEPER_DIR"
    if Path(DEFAULT_DIR).is_dir():
        return Path(DEFAULT_DIR), "./sessions exists here"
    return user_data_dir() / "sessions", "the user data folder; --dir or SCOREKEEPER_DIR choose another"


def user_data_dir() -> Path:
    """Where the platform keeps a user's data: $XDG_DATA_HOME (default ~/.local/share) on
    Linux and the BSDs, ~/Library/Application Support on macOS, %APPDATA% on Windows."""
    import sys

    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "scorekeeper"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "scorekeeper"
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    if not base or not os.path.isabs(base):  # the XDG spec: a relative value is ignored
        base = str(Path.home() / ".local" / "share")
    return Path(base) / "scorekeeper"


def session_path(name: str, folder: Path) -> Path:
    """The file for NAME: folder/NAME.yaml; or a path to a .yaml file as given, except that a
    bare file name (`friday.yaml`) is looked for in the sessions folder first, as `list` shows it.

    A bare name may not climb out of the sessions folder ("../x" is refused).
    """
    if name.endswith((".yaml", ".yml")):
        path = Path(name)
        if path.name != name:  # a path with a folder in it is taken as given
            return path
        in_folder = folder / name
        return in_folder if in_folder.exists() or not path.exists() else path
    if not _NAME.match(name) or ".." in name:
        raise ScorekeeperError(
            f"session name {name!r} is not allowed: use letters, digits, spaces, '-', '_' and '.', "
            f"or give a path ending in .yaml", usage=True)
    return folder / f"{name}.yaml"


def _close_names(path: Path) -> str:
    """`cinch-tuesday` when `cinch tuesday` was saved: suggest the names that are close."""
    import difflib

    names = [p.stem for p in list_sessions(path.parent)]
    if not names:
        return ""

    def plain(name: str) -> str:  # '-', '_' and ' ' are the same to a person typing
        return re.sub(r"[-_ ]+", " ", name.lower())

    wanted = plain(path.stem)
    close = [n for n in names if plain(n) == wanted]
    by_plain = {plain(n): n for n in names}
    close += [by_plain[m] for m in difflib.get_close_matches(wanted, list(by_plain), n=3, cutoff=0.6)
              if by_plain[m] not in close]
    if not close:
        return ""
    return " (did you mean " + " or ".join(repr(n) for n in close[:3]) + "?)"


def list_sessions(folder: Path) -> List[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


# ---------------------------------------------------------------- loading


def load(path: Path) -> Session:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScorekeeperError(f"no session {str(path)!r}{_close_names(path)} "
                               f"(scorekeeper list shows the sessions)") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ScorekeeperError(f"cannot read {path}: {err}") from None
    return parse(text, str(path), name=path.stem)


def parse(text: str, filename: str, name: str = "") -> Session:
    root, data = _compose(text, filename)
    where = Source(filename, 1)
    if not isinstance(data, dict):
        raise ScorekeeperError("not a scorekeeper session (expected a mapping with format, game, players)",
                               where)
    lines = {str(k.value): k.start_mark.line + 1 for k, _ in root.value}
    nodes = {str(k.value): v for k, v in root.value}

    def at(key: str) -> Source:
        return Source(filename, lines.get(key, 1))

    fmt = data.get("format")
    if fmt != FORMAT:
        raise ScorekeeperError(f"format must be {FORMAT}, got {fmt!r}", at("format"))
    game = data.get("game")
    if not isinstance(game, str) or not game:
        raise ScorekeeperError(f"game is missing or not a name: {game!r}", at("game"))
    players = data.get("players")
    if isinstance(players, str):
        players = [p for p in players.replace(",", " ").split()]
    if not isinstance(players, list) or not all(isinstance(p, (str, int)) for p in players):
        raise ScorekeeperError("players must be a list of names", at("players"))
    players = [str(p) for p in players]
    player_lines = {}
    if isinstance(nodes.get("players"), yaml.SequenceNode):  # a later duplicate keeps its own line
        player_lines = {str(n.value): n.start_mark.line + 1 for n in nodes["players"].value}
    rules = data.get("rules") or {}
    if not isinstance(rules, dict):
        raise ScorekeeperError("rules must be a mapping of rule: value", at("rules"))
    rule_lines = {}
    if "rules" in nodes and isinstance(nodes["rules"], yaml.MappingNode):
        rule_lines = {str(k.value): k.start_mark.line + 1 for k, _ in nodes["rules"].value}
    stakes = _stakes(data.get("stakes"), at("stakes"))
    hands = _hands(data.get("hands"), nodes.get("hands"), filename, at("hands"))
    return Session(name=name, game=game, players=tuple(players), rules=dict(rules), stakes=stakes,
                   created=str(data.get("created", "")), hands=hands, path=filename,
                   source=Source(filename, 1), rule_lines=rule_lines, header_lines=lines,
                   player_lines=player_lines)


def _compose(text: str, filename: str) -> Tuple[Any, Any]:
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 1
        problem = err.problem or "not valid YAML"
        if err.context and err.problem:  # "expected a single document..., but found another"
            problem = f"{err.context}, {err.problem}"
        if "could not determine a constructor" in str(problem) or "tag" in str(problem):
            problem = f"refused: {problem} (only plain YAML is read, never Python objects)"
        raise ScorekeeperError(f"{problem}", Source(filename, line)) from None
    except yaml.YAMLError as err:
        raise ScorekeeperError(f"not valid YAML: {err}", Source(filename, 1)) from None
    finally:
        loader.dispose()
    if root is None or not isinstance(root, yaml.MappingNode):
        return root, data if isinstance(data, dict) else None
    _refuse_duplicate_keys(root, filename)
    if _expanded_size(root, {}) > _MAX_NODES:
        raise ScorekeeperError(f"refused: aliases (*name) expand to more than {_MAX_NODES:,} values "
                               f"(a session is far smaller)", Source(filename, 1))
    return root, data


_MAX_NODES = 1_000_000  # a sitting of 1,000 hands of 20 fields is about 40,000


def _expanded_size(node: Any, memo: Dict[int, int]) -> int:
    """How many values the document holds with every alias written out: nested aliases
    (a "billion laughs" file) would make every later walk over it, even an error message
    quoting a value, take for ever."""
    if id(node) in memo:
        return memo[id(node)]
    memo[id(node)] = _MAX_NODES + 1  # a node that contains itself is refused too
    if isinstance(node, yaml.MappingNode):
        size = 1 + sum(_expanded_size(k, memo) + _expanded_size(v, memo) for k, v in node.value)
    elif isinstance(node, yaml.SequenceNode):
        size = 1 + sum(_expanded_size(v, memo) for v in node.value)
    else:
        size = 1
    memo[id(node)] = size
    return size


def _refuse_duplicate_keys(node: Any, filename: str) -> None:
    """YAML keeps the last of two equal keys silently; a hand with `Ann` twice is a mistake."""
    stack = [node]
    seen_nodes = set()  # an alias repeats a node: walk it once (nested aliases would be exponential)
    while stack:
        current = stack.pop()
        if id(current) in seen_nodes:
            continue
        seen_nodes.add(id(current))
        if isinstance(current, yaml.MappingNode):
            seen: Dict[str, int] = {}
            for key, value in current.value:
                name = str(key.value)
                if name in seen:
                    raise ScorekeeperError(
                        f"{name} is given twice in one mapping (first on line {seen[name]})",
                        Source(filename, key.start_mark.line + 1))
                seen[name] = key.start_mark.line + 1
                stack.append(value)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)


def _stakes(raw: Any, where: Source) -> Stakes:
    if raw is None:
        return Stakes()
    if not isinstance(raw, dict):
        raise ScorekeeperError("stakes must be a mapping with stake and currency", where)
    return Stakes(parse_stake(raw.get("stake", 1), where), str(raw.get("currency") or ""))


def _hands(data: Any, node: Any, filename: str, where: Source) -> Tuple[Hand, ...]:
    if data is None:
        return ()
    if not isinstance(data, list) or not isinstance(node, yaml.SequenceNode):
        raise ScorekeeperError("hands must be a list, one entry per hand", where)
    hands = []
    for index, (item, item_node) in enumerate(zip(data, node.value)):
        source = Source(filename, item_node.start_mark.line + 1)
        if not isinstance(item, dict):
            raise ScorekeeperError(f"hand {index + 1}: must be a mapping of field: value", source)
        lines = {}
        if isinstance(item_node, yaml.MappingNode):
            lines = {str(k.value): k.start_mark.line + 1 for k, _ in item_node.value}
        hands.append(Hand({str(k): v for k, v in item.items()}, source, lines))
    return tuple(hands)


def read_text(path: Path, what: str = "file") -> str:
    """A small text file the user names (a Cinch trick sheet), as one clear error if it can't be."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScorekeeperError(f"no {what} file {str(path)!r}") from None
    except IsADirectoryError:
        raise ScorekeeperError(f"{what} {str(path)!r} is a folder, not a file") from None
    except UnicodeDecodeError:
        raise ScorekeeperError(f"{what} {str(path)!r} is not UTF-8 text") from None
    except OSError as err:
        raise ScorekeeperError(f"cannot read {what} {str(path)!r}: {err.strerror or err}") from None


def read_data(path: str, what: str = "file") -> Any:
    """The plain data of a small YAML file a house rule names: safe loading only."""
    text = read_text(Path(path), what)
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = f" line {mark.line + 1}" if mark else ""
        raise ScorekeeperError(f"{what} {path!r}{line}: not valid YAML") from None


# ---------------------------------------------------------------- saving


def dump(session: Session) -> str:
    """Readable YAML: the header in block style, then one line per hand."""
    header: Dict[str, Any] = {
        "format": FORMAT,
        "game": session.game,
        "players": list(session.players),
        "rules": {k: _plain(v) for k, v in session.rules.items()},
        "stakes": {"stake": _plain(session.stakes.stake), "currency": session.stakes.currency},
        "created": session.created,
    }
    text = yaml.dump(header, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=100)
    lines = [text.rstrip("\n"), "hands:" if session.hands else "hands: []"]
    for hand in session.hands:
        fields = {k: _plain(v) for k, v in hand.fields.items()}
        flow = yaml.dump(fields, Dumper=_Dumper, default_flow_style=True, sort_keys=False,
                         allow_unicode=True, width=10 ** 6).strip()
        lines.append(f"- {flow}")
    return "\n".join(lines) + "\n"


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def save(session: Session, path: Path) -> None:
    """Write atomically: a temporary file beside the target, flushed, fsynced, renamed over it."""
    try:
        text = dump(session)
    except UnicodeEncodeError as err:  # bytes a non-UTF-8 terminal sent, kept as surrogates
        raise ScorekeeperError(f"{err.object!r} is not valid UTF-8 text (is the terminal set to "
                               f"UTF-8?); nothing was saved") from None
    try:
        _write_atomically(text, path)
    except OSError as err:
        raise ScorekeeperError(f"cannot write {path}: {err.strerror or err}") from None
    _sweep_temp_files(path)


def _write_atomically(text: str, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".scorekeeper-{path.name}.{os.getpid()}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    _fsync_dir(path.parent)


def _sweep_temp_files(path: Path) -> None:
    """Remove temporary files left by writers that were killed mid-save (their pid is gone)."""
    for leftover in path.parent.glob(f".scorekeeper-{path.name}.*.tmp"):
        pid = leftover.name[len(f".scorekeeper-{path.name}."):-len(".tmp")]
        if pid.isdigit() and not _alive(int(pid)):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(leftover)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform lets a folder be opened
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# ---------------------------------------------------------------- locking


@contextlib.contextmanager
def locked(path: Path, wait: Optional[float] = None) -> Iterator[None]:
    """Serialise writers of one session with a lock file beside it.

    A second writer waits up to `wait` seconds, then fails clearly. A lock whose process
    is gone (it died mid-command) is broken.
    """
    lock = path.parent / f"{path.name}.lock"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _take_lock(lock, path, lock_wait() if wait is None else wait)
    except OSError as err:
        raise ScorekeeperError(f"cannot lock {path}: {err.strerror or err}") from None
    try:
        yield
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(lock)


def lock_wait() -> float:
    """SCOREKEEPER_LOCK_WAIT, read when a lock is taken (a bad value is a clear error)."""
    raw = os.environ.get("SCOREKEEPER_LOCK_WAIT", "").strip()
    if not raw:
        return LOCK_WAIT_SECONDS
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < float("inf"):  # also refuses nan, which would wait for ever
        raise ScorekeeperError(f"SCOREKEEPER_LOCK_WAIT must be a number of seconds such as 5, "
                               f"got {raw!r}")
    return seconds


def _take_lock(lock: Path, path: Path, wait: float) -> None:
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            if _lock_is_stale(lock) and _break_stale(lock):
                continue
            if time.monotonic() >= deadline:
                raise ScorekeeperError(
                    f"{path} is being changed by another scorekeeper (lock {lock}); try again") from None
            time.sleep(0.02)
            continue
        try:
            os.write(fd, f"{os.getpid()}\n".encode())
        finally:
            os.close(fd)
        return


def _break_stale(lock: Path) -> bool:
    """Remove a dead writer's lock. A second lock guards the breaking, so two waiters that
    both saw the stale lock cannot remove the fresh lock one of them has just taken."""
    guard = lock.parent / f"{lock.name}.break"
    try:
        fd = os.open(guard, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        with contextlib.suppress(FileNotFoundError):
            if time.time() - guard.stat().st_mtime > 2:  # its breaker died too
                os.unlink(guard)
        return False
    os.close(fd)
    try:
        if _lock_is_stale(lock):  # still the dead one's lock, now that we alone may break it
            with contextlib.suppress(FileNotFoundError):
                os.unlink(lock)
            return True
        return False
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(guard)


def _lock_is_stale(lock: Path) -> bool:
    try:
        text = lock.read_text().strip()
    except FileNotFoundError:
        return False  # released meanwhile: simply try again
    except OSError:
        return False
    if not text.isdigit():
        # a lock being written right now has no pid yet; one left empty for long is stale
        try:
            return time.time() - lock.stat().st_mtime > 2
        except FileNotFoundError:
            return False
    return not _alive(int(text))
