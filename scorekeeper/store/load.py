"""Reading a sitting or a party: safe YAML only, every key's line kept, mistakes at their line."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Tuple

import yaml

from ..fields import parse_stake
from ..model import FORMAT, Hand, ScorekeeperError, Session, Source, Stakes, shown
from . import lines as _lines
from .paths import _close_names

try:  # the libyaml C loader is several times faster; both are safe loaders
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


# A session file is refused above this size, at once: a long night is a hundred hands and
# a season of 10,000 hands is some 650 KB. (Every command reads and replays the whole log: a
# 50 MB file would take minutes and gigabytes.)
MAX_FILE_BYTES = 2 * 1024 * 1024
# And above this many hands (a party: table results): bytes alone let 2 MB hold 190,000
# one-field hands, on which `hand` took 6 s of CPU. A save that would pass either bound is
# refused too, so that no accepted write makes a file that loading refuses.
MAX_HANDS = 20_000
# The keys of a session file; any other top-level key would be dropped by the next save.
KEYS = ("format", "kind", "game", "players", "rules", "stakes", "created", "hands", "results")
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
                f"{MAX_FILE_BYTES // 2 ** 20} MB: split it into several files (move the later hands "
                f"into a new sitting), or shorten its long notes, with a text editor")
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


def refuse_too_many(count: int, key: str = "hands", where: Optional[Source] = None,
                    name: str = "the file") -> None:
    """More than MAX_HANDS hands (or party results) in a file: refused, saying how to recover."""
    if count > MAX_HANDS:
        raise ScorekeeperError(
            f"{name} holds {count:,} {key}; a {'party' if key == 'results' else 'sitting'} holds at "
            f"most {MAX_HANDS:,} (so that every command stays quick): split it into several files "
            f"(move the later {key} into a new one) with a text editor", where)


class Summary(NamedTuple):
    """What `list` shows of a sitting: its header, checked as `load` checks it, and the
    number of hands (not read one by one: `list` does not replay)."""

    session: Session
    hands: int


def load_summary(path: Path) -> Summary:
    """The header and the number of hands, at a fraction of the cost of loading the hands:
    the YAML events of the hands are counted, not built into values (bench/bench_scale.py)."""
    text = _read(path, SITTING)
    cut = _lines.cut(text)
    if cut is not None and _lines.in_form(cut.rows):  # one hand a line, as dump writes them
        seen: List[Session] = []

        def note(header: Session) -> bool:
            seen.append(header)
            return False  # the header is all a summary needs: the hands are not read

        _parse(text, str(path), name=path.stem, keep=note)
        if seen:
            return Summary(seen[0], len(cut.rows))
    try:
        span = _hands_span(text)
    except yaml.YAMLError:
        span = None  # let the full load say what is wrong, in its own words
    if span is None:
        session = parse(text, str(path), name=path.stem)
        return Summary(session._replace(hands=()), len(session.hands))
    count, start, end = span
    refuse_too_many(count, "hands", Source(str(path), 1), path.stem)
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
            if ends and depth == 2 and event.end_mark is not None:
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
    session = _parse(text, filename, name, kind, errors)
    assert session is not None  # nothing to keep or leave: always a session
    return session


def load_if(path: Path, keep: Callable[[Session], bool], game: Optional[str] = None) -> Optional[Session]:
    """The sitting when `keep` accepts its header (judged before its hands are read, where
    the file allows: `stats --game hearts` reads only the Hearts nights), else None. With
    `game` (a game's name, in lower case), a file whose first two lines say another game, as
    scorekeeper writes them, is left unread: a sitting of another game is not one asked for,
    whatever the rest of its header holds."""
    text = _read(path, SITTING)
    if game is not None:
        said = _GAME_FIRST.match(text)
        if said is not None and said.group(1).lower() != game:
            return None
    return _parse(text, str(path), name=path.stem, keep=keep)


# How `dump` begins every sitting (a party's second line is its kind): its game is read from
# there without PyYAML. A plain scalar of these characters reads as the same string.
_GAME_FIRST = re.compile(rf"format: {re.escape(FORMAT)}\ngame: ([A-Za-z][A-Za-z0-9-]*)\n")


def _parse(text: str, filename: str, name: str = "", kind: str = SITTING,
           errors: Optional[List[ScorekeeperError]] = None,
           keep: Optional[Callable[[Session], bool]] = None, whole: bool = False) -> Optional[Session]:
    """A sitting or party; with `keep`, None when its header is not kept. The hands are read
    by store/lines.py when each is in the form `dump` writes (and the header reads on its own);
    else, or with `whole`, the whole file by PyYAML."""
    found = _compose_lines(text, filename) if kind != PARTY and not whole else None
    quick_hands: Optional[Tuple[Hand, ...]]
    hands_line: Optional[int]
    if found is not None:
        root, data, cut = found
        quick_hands, hands_line = None, cut.key_line
    else:
        root, data, quick_hands = _compose(text, filename, errors)
        hands_line, cut = None, None
    where = Source(filename, 1)
    if not isinstance(data, dict):
        raise ScorekeeperError("not a scorekeeper session (expected a mapping with format, game, players)",
                               where)
    lines = {str(k.value): k.start_mark.line + 1 for k, _ in root.value}
    if hands_line is not None:
        lines["hands"] = hands_line
    nodes = {str(k.value): v for k, v in root.value}

    def at(key: str) -> Source:
        return Source(filename, lines.get(key, 1))

    for key in ("players", "rules", "stakes"):  # never written empty: a file cut off after `rules:`
        node = nodes.get(key)
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null" and not node.value:
            raise ScorekeeperError(f"{key} is empty: the file may have been cut off here (scorekeeper always "
                                   f"writes the {key}); write them out, or copy the file again", at(key))
    fmt = data.get("format")
    if fmt != FORMAT:
        raise ScorekeeperError(f"format must be {FORMAT}, got {fmt!r}", at("format"))
    found = data.get("kind", SITTING)
    if found not in (SITTING, PARTY):
        raise ScorekeeperError(f"kind must be {SITTING} or {PARTY}, got {found!r}", at("kind"))
    if found == PARTY and kind != PARTY:
        raise PartyFile(parse(text, filename, name, PARTY, errors))
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
    header = Session(name=name, game=game, players=tuple(players), rules=dict(rules), stakes=stakes,
                     created=str(data.get("created", "")), path=filename, source=Source(filename, 1),
                     rule_lines=rule_lines, header_lines=lines, player_lines=player_lines)
    if cut is not None:
        refuse_too_many(len(cut.rows), key, at(key), name or filename)
        if keep is not None and not keep(header):
            return None
        rows = _lines.read_rows(cut.rows)
        if rows is None:  # a hand in another form: PyYAML reads the file (and words any mistake)
            return _parse(text, filename, name, kind, errors, keep, whole=True)
        first = cut.key_line + 1
        hands = tuple(Hand(fields, Source(filename, line), dict.fromkeys(fields, line), mapping)
                      for line, (mapping, fields) in enumerate(rows, start=first))
        return header._replace(hands=hands)
    hands = (quick_hands if quick_hands is not None and kind != PARTY
             else _hands(data.get(key), nodes.get(key), filename, at(key), key, errors))
    refuse_too_many(len(hands), key, at(key), name or filename)
    if keep is not None and not keep(header):
        return None
    return header._replace(hands=hands)


_STR = "tag:yaml.org,2002:str"


def _compose_lines(text: str, filename: str) -> Optional[Tuple[Any, Any, "_lines.Cut"]]:
    """(the header's root node, its data, the file cut where its hands start) when every hand
    is on a line of its own (`- {...}`, read later by store/lines.py, exactly as PyYAML reads
    them) and the header reads on its own as a mapping without `hands`; None otherwise, and
    the whole file takes PyYAML's path (which also words every mistake)."""
    cut = _lines.cut(text)
    if cut is None:
        return None
    try:
        root, data, _ = _compose(cut.header, filename)
    except ScorekeeperError:
        return None
    if not isinstance(root, yaml.MappingNode) or not isinstance(data, dict) or "hands" in data \
            or any(str(k.value) == "hands" for k, _ in root.value):
        return None
    return root, data, cut


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
    if "&" in text:  # an anchor: perhaps an alias, which the program never writes
        _refuse_aliases(text, filename)
    loader = _SessionLoader(text)
    hands: Optional[Tuple[Hand, ...]] = None
    try:
        root = loader.get_single_node()
        if isinstance(root, yaml.MappingNode):  # `hands:` twice kept one list; the next save lost the other
            _refuse_duplicate_keys(yaml.MappingNode(root.tag, [(k, _LEAF) for k, _ in root.value]), filename)
        header = root
        hands_pair = _quick_hands_pair(root, text)
        if hands_pair is not None and isinstance(root, yaml.MappingNode):
            # The hands are most of a long sitting: built from their nodes in one walk (keys,
            # lines, duplicate keys, values), the header by PyYAML as before.
            hands = _quick_hands(loader, hands_pair[1], filename, errors)
            header = yaml.MappingNode(root.tag, [p for p in root.value if p is not hands_pair],
                                      root.start_mark, root.end_mark, root.flow_style)
        if header is not None:  # checked on the nodes, before any value is built from them
            _refuse_duplicate_keys(header, filename)
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
                    _refuse_duplicate_keys(value, filename, 3)  # the file, its list, the hand
                found = value_of(value)
            fields[raw if type(key) is scalar and key.tag == _STR else str(value_of(key))] = found
        hands.append(Hand(fields, Source(filename, item.start_mark.line + 1), lines))
    return tuple(hands)


def _plain_decimal(text: str) -> bool:
    """An int as PyYAML reads it plainly (not 0o17, 017, 0x1f, 1_000 or 1:30): `int()` is enough.
    The resolver has tagged it an int, so its digits are ASCII."""
    digits = text[1:] if text[:1] == "-" else text
    return digits.isdigit() and (digits[0] != "0" or len(digits) == 1)


_LEAF = yaml.ScalarNode("tag:yaml.org,2002:null", "")  # stands for a value not walked again


def _refuse_aliases(text: str, filename: str) -> None:
    """An alias (`*name`) repeats a value: nested, a 142 KB file printed 191 MB and a 1 MB file
    took 2.9 GB. The program never writes one, so a sitting holding one is refused at its line."""
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.AliasEvent):
                raise ScorekeeperError(f"refused: an alias (*{shown(event.anchor, 30)[1:-1]}), which "
                                       f"scorekeeper never writes: write the value out in full",
                                       Source(filename, event.start_mark.line + 1 if event.start_mark else 1))
    except yaml.YAMLError:
        return  # not valid YAML: the load says where, in its own words


_MAX_DIGITS = 30  # a number written longer than this in a file is refused where it stands


def _too_long(node: Any, filename: str) -> ScorekeeperError:
    return ScorekeeperError(f"a number of {len(node.value):,} characters ({shown(node.value, 20)}); "
                            f"no number in a session is longer than {_MAX_DIGITS}",
                            Source(filename, node.start_mark.line + 1))


MAX_DEPTH = 10  # levels of nesting in a session file: the file, its hands, a hand, a list of cards


def _refuse_duplicate_keys(node: Any, filename: str, depth: int = 0) -> None:
    """YAML keeps the last of two equal keys silently; a hand with `Ann` twice is a mistake.
    And a number of thousands of digits would crash PyYAML (Python refuses to read an
    integer of more than 4,300 digits): refuse it with its line, as any other bad value."""
    stack = [(node, depth)]
    seen_nodes = set()  # an alias repeats a node: walk it once (nested aliases would be exponential)
    while stack:
        current, level = stack.pop()
        if id(current) in seen_nodes:
            continue
        seen_nodes.add(id(current))
        if level > MAX_DEPTH:  # every later walk over it (a repr, a comparison) would recurse past Python's limit
            raise ScorekeeperError(f"a value nested more than {MAX_DEPTH} deep (no value in a session is "
                                   f"nested more than 3)", Source(filename, current.start_mark.line + 1))
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
                stack.append((key, level + 1))
                stack.append((value, level + 1))
        elif isinstance(current, yaml.SequenceNode):
            stack.extend((item, level + 1) for item in current.value)


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
