"""The only module that touches the disk or YAML: find, load, save (atomically) and lock sessions."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Dict, Iterator, List, Mapping, NamedTuple, Optional, Tuple

import yaml

# parsing lives in fields.py; store.parse_stake and store.MAX_STAKE still work
from .fields import MAX_STAKE, STAKE_PLACES, parse_stake  # noqa: F401
from .model import FORMAT, Hand, ScorekeeperError, Session, Source, Stakes, shown

try:  # the libyaml C loader is several times faster; both are safe loaders
    from yaml import CSafeDumper as _Dumper
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeDumper as _Dumper  # type: ignore[assignment]
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

DEFAULT_DIR = "sessions"
LOCK_WAIT_SECONDS = 5.0  # how long a second writer waits; SCOREKEEPER_LOCK_WAIT overrides it
_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9 _.-]*[A-Za-z0-9_.-])?")  # matched in full
MAX_NAME = 100  # characters in a session's name; NAME.yaml stays far below any file-name limit
# A session file is refused above this size, at once: about 30,000 hands, where a long
# night is a hundred and a season of 10,000 hands is some 650 KB. (Every command reads and
# replays the whole log: a 50 MB file would take minutes and gigabytes.)
MAX_FILE_BYTES = 2 * 1024 * 1024
# The keys of a session file; any other top-level key would be dropped by the next save.
KEYS = ("format", "kind", "game", "players", "rules", "stakes", "created", "hands", "results")


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
    _check_name_text(name)
    if name.endswith((".yaml", ".yml")):
        path = Path(name)
        if path.name != name:  # a path with a folder in it is taken as given
            return path
        in_folder = folder / name
        return in_folder if in_folder.exists() or not path.exists() else path
    if not _NAME.fullmatch(name) or ".." in name:
        raise ScorekeeperError(
            f"session name {shown(name)} is not allowed: use letters, digits, spaces, '-', '_' and '.', "
            f"or give a path ending in .yaml", usage=True)
    if len(name) > MAX_NAME:
        raise ScorekeeperError(f"session name {shown(name)} is too long: {len(name)} characters, "
                               f"at most {MAX_NAME}", usage=True)
    return folder / f"{name}.yaml"


def _check_name_text(name: str) -> None:
    """Refused before the disk is touched: control characters (a newline, a NUL byte) and
    a file name the file system could not hold."""
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise ScorekeeperError(f"session name {shown(name)} is not allowed: it holds a control "
                               f"character (a newline, a tab, a NUL byte...)", usage=True)
    if any(len(part.encode("utf-8", "surrogateescape")) > 255 for part in Path(name).parts):
        raise ScorekeeperError(f"session name {shown(name)} is too long for a file name "
                               f"(at most 255 bytes between slashes)", usage=True)


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
    # not only plain files: a link whose target is gone (a synced folder not mounted) or a
    # folder named x.yaml is listed, to fail with its reason, never skipped without a word
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))


# ---------------------------------------------------------------- loading


SITTING, PARTY = "sitting", "party"  # the kinds of file in the sessions folder (`kind:`)


class PartyFile(ScorekeeperError):
    """`load` found a party (`kind: party`) where a sitting was wanted: `party` holds it, parsed,
    so that a lister can show it without reading the file again."""

    def __init__(self, party: Session):
        super().__init__(f"{party.name} is a party, not a sitting: use scorekeeper party show "
                         f"{party.name}")
        self.party = party


def load(path: Path, kind: str = SITTING,
         errors: Optional[List[ScorekeeperError]] = None) -> Session:
    """A sitting; or with kind=PARTY a party (its table results are the `hands`). With
    `errors` (`scorekeeper check`), a mistake in the stakes is noted there and the default
    stakes used, so that the rest of the sitting is still checked."""
    return parse(_read(path, kind), str(path), name=path.stem, kind=kind, errors=errors)


def _read(path: Path, kind: str) -> str:
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):  # reading a pipe (mkfifo x.yaml) would wait forever
            raise ScorekeeperError(f"cannot read {path}: it is not a plain file (a folder, a device "
                                   f"or a pipe)")
        size = status.st_size
        if size > MAX_FILE_BYTES:
            raise ScorekeeperError(
                f"{path} is {size / 2 ** 20:.1f} MB; a session file may be at most "
                f"{MAX_FILE_BYTES // 2 ** 20} MB (about 30,000 hands): start a new sitting, or split "
                f"this one into several files")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if path.is_symlink():
            raise ScorekeeperError(f"cannot read {path}: it is a link to {os.readlink(path)}, "
                                   f"which is not there") from None
        what = "party" if kind == PARTY else "session"
        raise ScorekeeperError(f"no {what} {str(path)!r}{_close_names(path)} "
                               f"(scorekeeper list shows the sessions)") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ScorekeeperError(f"cannot read {path}: {err}") from None
    return text


class Summary(NamedTuple):
    """What `list` shows of a sitting: its header, checked as `load` checks it, and the
    number of hands (not read one by one: `list` does not replay)."""

    session: Session
    hands: int


def load_summary(path: Path) -> Summary:
    """The header and the number of hands, at a fraction of the cost of loading the hands:
    the YAML events of the hands are counted, not built into values (bench/bench_scale.py)."""
    text = _read(path, SITTING)
    try:
        span = _hands_span(text)
    except yaml.YAMLError:
        span = None  # let the full load say what is wrong, in its own words
    if span is None:
        session = parse(text, str(path), name=path.stem)
        return Summary(session._replace(hands=()), len(session.hands))
    count, start, end = span
    # " []": a flow value must be indented below its key, where a block list need not be
    return Summary(parse(text[:start] + " []\n" + text[end:], str(path), name=path.stem), count)


def _hands_span(text: str) -> Optional[Tuple[int, int, int]]:
    """(how many hands, where the list starts, where it ends) from the parser's events; None
    when the file has no list of hands at the top level (the full load explains)."""
    depth = 0
    key_next = False  # at the top level: is the next node a key?
    in_hands = False
    count = start = 0
    for event in yaml.parse(text, Loader=_Loader):
        starts = isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.MappingStartEvent,
                                    yaml.SequenceStartEvent))
        ends = isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent))
        if in_hands:
            if depth == 2 and starts:
                if not isinstance(event, yaml.MappingStartEvent):
                    return None  # a hand that is not a mapping: the full load explains
                count += 1
            if ends and depth == 2:
                return count, start, event.end_mark.index
        elif depth == 1 and starts:
            if key_next and isinstance(event, yaml.ScalarEvent) and event.value == "hands":
                in_hands = None  # type: ignore[assignment]  # the next node is the list
            elif in_hands is None:
                if not isinstance(event, yaml.SequenceStartEvent):
                    return None
                in_hands, start = True, event.start_mark.index
            key_next = not key_next
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if depth == 0:
                if not isinstance(event, yaml.MappingStartEvent):
                    return None
                key_next = True
            depth += 1
        elif ends:
            depth -= 1
    return None


def load_party(path: Path) -> Session:
    return load(path, PARTY)


def parse(text: str, filename: str, name: str = "", kind: str = SITTING,
          errors: Optional[List[ScorekeeperError]] = None) -> Session:
    root, data, quick_hands = _compose(text, filename, errors)
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
    found = data.get("kind", SITTING)
    if found not in (SITTING, PARTY):
        raise ScorekeeperError(f"kind must be {SITTING} or {PARTY}, got {found!r}", at("kind"))
    if found == PARTY and kind != PARTY:
        raise PartyFile(parse(text, filename, name, PARTY))
    if found != PARTY and kind == PARTY:
        raise ScorekeeperError(f"{name or filename} is a sitting of {data.get('game')}, not a party: use "
                               f"scorekeeper show {name or filename}")
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
    stake_lines = {}  # a mistake in the stakes is reported at the line of the key it is about
    if isinstance(nodes.get("stakes"), yaml.MappingNode):
        stake_lines = {str(k.value): k.start_mark.line + 1 for k, _ in nodes["stakes"].value}
    try:
        stakes = _stakes(data.get("stakes"), at("stakes"), stake_lines)
    except ScorekeeperError as err:
        if errors is None:
            raise
        errors.append(err)
        stakes = Stakes()
    key = "results" if kind == PARTY else "hands"  # a party's log: one result per table and round
    hands = (quick_hands if quick_hands is not None and kind != PARTY
             else _hands(data.get(key), nodes.get(key), filename, at(key), key, errors))
    return Session(name=name, game=game, players=tuple(players), rules=dict(rules), stakes=stakes,
                   created=str(data.get("created", "")), hands=hands, path=filename,
                   source=Source(filename, 1), rule_lines=rule_lines, header_lines=lines,
                   player_lines=player_lines)


_STR = "tag:yaml.org,2002:str"
_TAGS: Dict[Tuple[str, Any], str] = {}  # (a plain scalar's text, implicit) -> its resolved tag


class _SessionLoader(_Loader):  # type: ignore[misc, valid-type]
    """The safe loader, remembering which tag each scalar text resolves to: a long sitting
    repeats the same few values (names, small numbers) thousands of times, and the resolver's
    regular expressions were a fifth of the loading. Same tags: the resolver has no path
    resolvers, so a scalar's tag depends on its text alone."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is not yaml.ScalarNode or self.yaml_path_resolvers:
            return super().resolve(kind, value, implicit)
        key = (value, implicit)
        tag = _TAGS.get(key)
        if tag is None:
            if len(_TAGS) > 50_000:  # bounded: notes and times are seldom repeated
                _TAGS.clear()
            tag = _TAGS[key] = super().resolve(kind, value, implicit)
        return tag


_INT = "tag:yaml.org,2002:int"  # a plain decimal int is built directly (see _plain_decimal)


def _compose(text: str, filename: str, errors: Optional[List[ScorekeeperError]] = None
             ) -> Tuple[Any, Any, Optional[Tuple[Hand, ...]]]:
    """(the root node, the document's data, the hands when built straight from their nodes);
    with `errors` (`scorekeeper check`) a field given twice in a hand is noted there."""
    loader = _SessionLoader(text)
    hands: Optional[Tuple[Hand, ...]] = None
    try:
        root = loader.get_single_node()
        header = root
        hands_pair = _quick_hands_pair(root, text)
        if hands_pair is not None:
            # The hands are most of a long sitting: built from their nodes in one walk (keys,
            # lines, duplicate keys, values), the header by PyYAML as before.
            hands = _quick_hands(loader, hands_pair[1], filename, errors)
            header = yaml.MappingNode(root.tag, [p for p in root.value if p is not hands_pair],
                                      root.start_mark, root.end_mark, root.flow_style)
        if header is not None:  # checked on the nodes, before any value is built from them
            _refuse_duplicate_keys(header, filename)
        # Without an anchor (&name) there is no alias to expand: the walk is skipped, which
        # matters for a season of 10,000 hands (bench/bench_scale.py).
        if "&" in text and root is not None and _expanded_size(root, {}) > _MAX_NODES:
            raise ScorekeeperError(f"refused: aliases (*name) expand to more than {_MAX_NODES:,} "
                                   f"values (a session is far smaller)", Source(filename, 1))
        data = loader.construct_document(header) if header is not None else None
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
        raise ScorekeeperError(f"not valid YAML: {shown(str(err), 200)}", Source(filename, 1)) from None
    except (ValueError, OverflowError, RecursionError) as err:  # a value PyYAML cannot build
        raise ScorekeeperError(f"a value cannot be read: {shown(str(err), 100)}",
                               Source(filename, 1)) from None
    finally:
        loader.dispose()
    if root is None or not isinstance(root, yaml.MappingNode):
        return root, data if isinstance(data, dict) else None, None
    return root, data, hands


def _quick_hands_pair(root: Any, text: str) -> Optional[Tuple[Any, Any]]:
    """The (key, value) nodes of `hands` when they can be built directly: a list of mappings
    in a file without anchors (aliases, and anything odd, take PyYAML's own path)."""
    if "&" in text or not isinstance(root, yaml.MappingNode):
        return None
    for pair in root.value:
        key, value = pair
        if isinstance(key, yaml.ScalarNode) and key.tag == _STR and key.value == "hands":
            if isinstance(value, yaml.SequenceNode) and all(
                    isinstance(item, yaml.MappingNode) for item in value.value):
                return pair
            return None
    return None


def _quick_hands(loader: Any, node: Any, filename: str,
                 errors: Optional[List[ScorekeeperError]] = None) -> Tuple[Hand, ...]:
    """The hands, exactly as PyYAML would construct them and `_hands` would wrap them. With
    `errors`, a field given twice is noted there (about its hand) and its first value kept, so
    that the other hands are still checked."""
    constructors = loader.yaml_constructors
    scalar = yaml.ScalarNode

    def value_of(item: Any) -> Any:
        if type(item) is scalar:
            tag = item.tag
            if tag == _STR:
                return item.value
            if tag == _INT and len(item.value) > _MAX_DIGITS:
                raise _too_long(item, filename)
            if tag == _INT and _plain_decimal(item.value):
                return int(item.value)
            construct = constructors.get(tag)
            if construct is not None:
                return construct(loader, item)
        return loader.construct_object(item, deep=True)

    hands = []
    for index, item in enumerate(node.value):
        fields: Dict[str, Any] = {}
        lines: Dict[str, int] = {}
        for key, value in item.value:
            raw = str(key.value)
            line = key.start_mark.line + 1
            if raw in lines:  # YAML would keep the last of two equal keys silently
                err = ScorekeeperError(f"{raw} is given twice in one mapping (first on line "
                                       f"{lines[raw]})", Source(filename, line), hand=index,
                                       field=raw)
                if errors is None:
                    raise err
                errors.append(err)
                continue
            lines[raw] = line
            if type(value) is scalar and value.tag == _STR:
                found = value.value  # the usual value: a plain string
            else:
                if not isinstance(value, scalar):
                    _refuse_duplicate_keys(value, filename)
                found = value_of(value)
            fields[raw if type(key) is scalar and key.tag == _STR else str(value_of(key))] = found
        hands.append(Hand(fields, Source(filename, item.start_mark.line + 1), lines))
    return tuple(hands)


def _plain_decimal(text: str) -> bool:
    """An int as PyYAML reads it plainly (not 0o17, 017, 0x1f, 1_000 or 1:30): `int()` is enough.
    The resolver has tagged it an int, so its digits are ASCII."""
    digits = text[1:] if text[:1] == "-" else text
    return digits.isdigit() and (digits[0] != "0" or len(digits) == 1)


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


_MAX_DIGITS = 30  # a number written longer than this in a file is refused where it stands


def _too_long(node: Any, filename: str) -> ScorekeeperError:
    return ScorekeeperError(f"a number of {len(node.value):,} characters ({shown(node.value, 20)}); "
                            f"no number in a session is longer than {_MAX_DIGITS}",
                            Source(filename, node.start_mark.line + 1))


def _refuse_duplicate_keys(node: Any, filename: str) -> None:
    """YAML keeps the last of two equal keys silently; a hand with `Ann` twice is a mistake.
    And a number of thousands of digits would crash PyYAML (Python refuses to read an
    integer of more than 4,300 digits): refuse it with its line, as any other bad value."""
    stack = [node]
    seen_nodes = set()  # an alias repeats a node: walk it once (nested aliases would be exponential)
    while stack:
        current = stack.pop()
        if id(current) in seen_nodes:
            continue
        seen_nodes.add(id(current))
        if isinstance(current, yaml.ScalarNode):
            if current.tag == _INT and len(current.value) > _MAX_DIGITS:
                raise _too_long(current, filename)
        elif isinstance(current, yaml.MappingNode):
            seen: Dict[str, int] = {}
            for key, value in current.value:
                name = str(key.value)
                if name in seen:
                    raise ScorekeeperError(
                        f"{name} is given twice in one mapping (first on line {seen[name]})",
                        Source(filename, key.start_mark.line + 1))
                seen[name] = key.start_mark.line + 1
                stack.append(key)
                stack.append(value)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)


def _stakes(raw: Any, where: Source, lines: Optional[Mapping[str, int]] = None) -> Stakes:
    lines = lines or {}
    if raw is None:
        return Stakes()
    if not isinstance(raw, dict):
        raise ScorekeeperError("stakes must be a mapping with stake and currency", where)
    unknown = [str(k) for k in raw if k not in ("stake", "currency")]
    if unknown:  # it would be dropped by the next save
        raise ScorekeeperError(f"stakes: unknown key {shown(unknown[0])} (stakes holds stake and "
                               f"currency)", Source(where.file, lines.get(unknown[0], where.line)))
    stake_at = Source(where.file, lines.get("stake", where.line))
    return Stakes(parse_stake(raw.get("stake", 1), stake_at), str(raw.get("currency") or ""))


def _hands(data: Any, node: Any, filename: str, where: Source, key: str = "hands",
           errors: Optional[List[ScorekeeperError]] = None) -> Tuple[Hand, ...]:
    """The hands; with `errors` (`scorekeeper check`) an entry that is not a mapping (`- Ann:12`,
    the space forgotten) is noted there, about its hand, and kept as an empty hand so that
    the hands after it keep their numbers and are still checked."""
    if data is None:
        return ()
    one = key[:-1]
    if not isinstance(data, list) or not isinstance(node, yaml.SequenceNode):
        raise ScorekeeperError(f"{key} must be a list, one entry per {one}", where)
    hands = []
    for index, (item, item_node) in enumerate(zip(data, node.value)):
        source = Source(filename, item_node.start_mark.line + 1)
        if not isinstance(item, dict):
            err = ScorekeeperError(f"{one} {index + 1}: must be a mapping of field: value", source,
                                   hand=index)
            if errors is None:
                raise err
            errors.append(err)
            item = {}
        lines = {}
        if isinstance(item_node, yaml.MappingNode):
            lines = {str(k.value): k.start_mark.line + 1 for k, _ in item_node.value}
        hands.append(Hand({str(k): v for k, v in item.items()}, source, lines))
    return tuple(hands)


def read_text(path: Path, what: str = "file") -> str:
    """A small text file the user names (a Cinch trick sheet), as one clear error if it can't be."""
    try:
        status = Path(path).stat()
        # a pipe would wait forever and /dev/zero never ends: a plain file of sane size only
        if not stat.S_ISREG(status.st_mode) and not stat.S_ISDIR(status.st_mode):
            raise ScorekeeperError(f"{what} {shown(str(path))} is not a plain file (a device or a pipe)")
        if status.st_size > MAX_FILE_BYTES:
            raise ScorekeeperError(f"{what} {shown(str(path))} is {status.st_size / 2 ** 20:.1f} MB; "
                                   f"at most {MAX_FILE_BYTES // 2 ** 20} MB")
        # utf-8-sig: a byte-order mark some editors write is not part of the text
        return Path(path).read_text(encoding="utf-8-sig")
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


def dump(session: Session, kind: str = SITTING) -> str:
    """Readable YAML: the header in block style, then one line per hand (or party result)."""
    header: Dict[str, Any] = {"format": FORMAT}
    if kind == PARTY:
        header["kind"] = PARTY
    header.update({
        "game": session.game,
        "players": list(session.players),
        "rules": {k: _plain(v) for k, v in session.rules.items()},
    })
    if kind != PARTY:  # a party plays for prizes, not money
        header["stakes"] = {"stake": _plain(session.stakes.stake), "currency": session.stakes.currency}
    header["created"] = session.created
    text = yaml.dump(header, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=100)
    key = "results" if kind == PARTY else "hands"
    lines = [text.rstrip("\n"), f"{key}:" if session.hands else f"{key}: []"]
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


def save(session: Session, path: Path, kind: str = SITTING) -> None:
    """Write atomically: a temporary file beside the target, flushed, fsynced, renamed over it.

    A session reached through a symbolic link (a sitting kept in a synced folder) is written
    where the link points, and the link is kept. A file holding something the save would
    drop (a comment, a key of its own) is refused, not silently rewritten.
    """
    path = real_path(path)
    _refuse_dropping(path)
    try:
        text = dump(session, kind)
    except UnicodeEncodeError as err:  # bytes a non-UTF-8 terminal sent, kept as surrogates
        raise ScorekeeperError(f"{err.object!r} is not valid UTF-8 text (is the terminal set to "
                               f"UTF-8?); nothing was saved") from None
    try:
        _write_atomically(text, path)
    except OSError as err:
        raise ScorekeeperError(f"cannot write {path}: {err.strerror or err}") from None
    _sweep_temp_files(path)


def write_text(path: Path, text: str) -> None:
    """A file the user asked for (an HTML report), written atomically like a session: a link
    is written through to its target and kept. Anything there that is not a plain file (a
    device such as /dev/full, a pipe, a folder) is refused: the replace would put a file in
    its place (as root, /dev/full became a plain file)."""
    path = Path(path)
    if not path.name or any(ord(c) < 32 or ord(c) == 127 for c in str(path)):
        raise ScorekeeperError(f"{shown(str(path))} is not a file name to write (no folder, no "
                               f"control characters)", usage=True)
    target = real_path(path)
    if target.exists() and not target.is_file():
        raise ScorekeeperError(f"cannot write {shown(str(path))}: it is not a plain file (a folder, "
                               f"a device or a pipe); give a file name")
    try:
        _write_atomically(text, target)
    except OSError as err:
        raise ScorekeeperError(f"cannot write {shown(str(path))}: {err.strerror or err}") from None


def real_path(path: Path) -> Path:
    """Where a session is written and locked: the target of a symbolic link."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


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


_TOP_KEY = re.compile(r"""([A-Za-z0-9_'"][^:#\n]*?)\s*:(\s|$)""")
_TOP_KEY_LINE = re.compile(r"""^([A-Za-z0-9_'"][^:#\n]*?)\s*:(\s|$)""", re.M)


def dropped(text: str) -> Optional[Tuple[int, str]]:
    """The first line holding what `dump` would not write back (a comment, an unknown
    top-level key), and what it is; None when a save loses nothing.

    One pass over the text, quotes followed across lines: a `#` starts a comment at the start
    of a line or after a space, outside quotes; a quote opens a quoted value only where a
    value starts."""
    if "#" not in text and all(m.group(1).strip("'\"") in KEYS for m in _TOP_KEY_LINE.finditer(text)):
        return None  # the common case, without walking the text character by character
    quote = ""
    line = 0
    text = "\n" + text  # as if after a newline: the first line may hold a key too
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        previous = text[i - 1]
        if quote:
            if quote == '"' and ch == "\\":
                i += 1
            elif ch == quote:
                if quote == "'" and text[i + 1:i + 2] == "'":
                    i += 1
                else:
                    quote = ""
        elif ch in "'\"" and previous in " \t[{,:-\n":
            quote = ch
        elif ch == "#" and previous in " \t\n":
            return line, "this file holds a comment (#...)"
        if ch == "\n":
            line += 1
            if not quote and (text[i + 1:i + 2].isalnum() or text[i + 1:i + 2] in ("'", '"', "_")):
                match = _TOP_KEY.match(text, i + 1)
                key = match.group(1).strip("'\"") if match else ""
                if match and key not in KEYS:
                    return line, f"this file holds a key of its own, {shown(key)}"
        i += 1
    return None


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
    path = real_path(path)  # writers through a link and writers of the target share one lock
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
