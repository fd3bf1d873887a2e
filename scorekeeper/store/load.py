"""Reading a sitting or a party: safe YAML only, every key's line kept, mistakes at their line."""

from __future__ import annotations

import bisect
import contextlib
import os
import stat
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

import yaml

from ..fields import parse_stake
from ..model import FORMAT, Hand, ScorekeeperError, Session, Source, Stakes, shown
from .paths import close_names

try:  # the libyaml C parser is several times faster; the base loader builds no object
    from yaml import CBaseLoader as _Parser
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import BaseLoader as _Parser  # type: ignore[assignment]
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


# Written plainly, these are YAML's null (a value left out); quoted, they are text.
NULLS = frozenset(("", "~", "null", "Null", "NULL"))
TEXT, _NULL = "tag:yaml.org,2002:str", "tag:yaml.org,2002:null"


def scalar_tag(value: str, implicit: Tuple[bool, bool]) -> str:
    """What a scalar is, read and written alike: its text, or YAML's null when written plainly
    as one. (Never YAML 1.1's `012` octal, `1:30` base 60, `0x1F`, `1_0` or `yes`.)"""
    return _NULL if implicit[0] and value in NULLS else TEXT


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
        raise ScorekeeperError(f"no {what} {str(path)!r}{close_names(path)} "
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


def load_summary(path: Path) -> Tuple[Session, int]:
    """What `list` shows of a sitting: its header, checked as `load` checks it, and the
    number of hands (`list` does not replay)."""
    session = load(path)
    return session._replace(hands=()), len(session.hands)


def load_party(path: Path) -> Session:
    return load(path, PARTY)


def parse(text: str, filename: str, name: str = "", kind: str = SITTING,
          errors: Optional[List[ScorekeeperError]] = None) -> Session:
    session = _parse(text, filename, name, kind, errors)
    assert session is not None  # nothing to keep or leave: always a session
    return session


def load_if(path: Path, keep: Optional[Callable[[Session], bool]], game: Optional[str] = None) -> Optional[Session]:
    """The sitting when `keep` accepts its header, else None: the header is judged before the
    hands are read (`stats --game hearts` reads only the Hearts nights, and a broken hand in a
    night it leaves out is no failure of the season). With `game` (a game's name, in lower
    case), a sitting that says it is another game is left there, whatever else its header holds.
    Neither given: the sitting."""
    text = _read(path, SITTING)
    if (keep is not None or game is not None) and _parse(text, str(path), path.stem, keep=keep, game=game,
                                                         header_only=True) is None:
        return None
    return _parse(text, str(path), name=path.stem, keep=keep, game=game)


def _parse(text: str, filename: str, name: str = "", kind: str = SITTING,
           errors: Optional[List[ScorekeeperError]] = None,
           keep: Optional[Callable[[Session], bool]] = None, game: Optional[str] = None,
           header_only: bool = False) -> Optional[Session]:
    """A sitting or party; with `keep`, None when its header is not kept (or, with `game`, is
    another game's); `header_only`: the header alone (the hands not read: `load_if`)."""
    log = "results" if kind == PARTY else "hands"  # a party's log: one result per table and round
    reader = _Reader(text, filename, errors, log, header_only)
    root = reader.root
    where = Source(filename, 1)
    if isinstance(root, (yaml.MappingNode, yaml.SequenceNode)):
        reader.refuse_tag(root)
    elif root is not None:
        reader.scalar(root)  # a tag that makes a Python object is refused at its line
    if not isinstance(root, yaml.MappingNode):
        raise ScorekeeperError("not a scorekeeper session (expected a mapping with format, game, players)",
                               where)
    nodes, lines = reader.keys(root)
    data = {key: reader.value(node, 1) for key, node in nodes.items() if key != log}

    def at(key: str) -> Source:
        return Source(filename, lines.get(key, 1))

    for key in ("players", "rules", "stakes"):  # never written empty: a file cut off after `rules:`
        node = nodes.get(key)
        if isinstance(node, yaml.ScalarNode) and not node.value and not node.style:
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
    said = data.get("game")
    if not isinstance(said, str) or not said:
        raise ScorekeeperError(f"game is missing or not a name: {said!r}", at("game"))
    if game is not None and said.lower() != game:
        return None
    players = data.get("players")
    if isinstance(players, str):
        players = [p for p in players.replace(",", " ").split()]
    if not isinstance(players, list) or not all(isinstance(p, (str, int)) for p in players):
        raise ScorekeeperError("players must be a list of names", at("players"))
    players = [str(p) for p in players]
    player_lines = {}
    if isinstance(nodes.get("players"), yaml.SequenceNode):  # a later duplicate keeps its own line
        player_lines = {str(n.value): reader.line_of(n.start_mark) for n in nodes["players"].value}
    rules = data.get("rules") or {}
    if not isinstance(rules, dict):
        raise ScorekeeperError("rules must be a mapping of rule: value", at("rules"))
    rule_lines = reader.keys(nodes["rules"])[1] if isinstance(nodes.get("rules"), yaml.MappingNode) else {}
    # a mistake in the stakes is reported at the line of the key it is about
    stake_lines = reader.keys(nodes["stakes"])[1] if isinstance(nodes.get("stakes"), yaml.MappingNode) else {}
    try:
        stakes = _stakes(data.get("stakes"), at("stakes"), stake_lines)
    except ScorekeeperError as err:
        if errors is None:
            raise
        errors.append(err)
        stakes = Stakes()
    header = Session(name=name, game=said, players=tuple(players), rules=dict(rules), stakes=stakes,
                     created=str(data.get("created", "")), path=filename, source=where,
                     rule_lines=rule_lines, header_lines=lines, player_lines=player_lines)
    if keep is not None and not keep(header):
        return None
    if header_only:
        return header
    return header._replace(hands=reader.hands(nodes.get(log), at(log), log, name or filename))


_SEQ, _MAP = "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"
_ONLY_YAML_BREAKS = frozenset("\x85\u2028\u2029")
MAX_DEPTH = 10  # levels of nesting in a session file: the file, its hands, a hand, a list of cards
_Scalar, _Sequence = yaml.ScalarNode, yaml.SequenceNode
_TEXT_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "timestamp"))
_KEY_TAGS = _TEXT_TAGS - {_NULL}  # a key read as its text (`!!str hands:` is hands)
_OPENS = {yaml.SequenceStartEvent: (_Sequence, _SEQ), yaml.MappingStartEvent: (yaml.MappingNode, _MAP)}
_DEEPEST = 100  # nodes nested deeper are not made (value() refuses the first deeper than MAX_DEPTH)


class _Reader:
    """A file read from the parser's events into nodes, the log's entries into hands as they
    come (no node made for a text), and the values built from them: every mapping checked for a
    key given twice (YAML keeps the last silently), every value for its depth, every scalar the
    text as written (or None, YAML's null)."""

    def __init__(self, text: str, filename: str, errors: Optional[List[ScorekeeperError]] = None,
                 log: str = "hands", header_only: bool = False):
        self.filename, self.errors, self.log, self.header_only = filename, errors, log, header_only
        self.breaks = [i for i, c in enumerate(text) if c in _ONLY_YAML_BREAKS] \
            if any(c in text for c in _ONLY_YAML_BREAKS) else []
        self.root: Any = None  # (read: keys() tells the top mapping from the others)
        self.anchored, self.stopped = "&" in text, False  # an anchor written; the header read alone
        # by a hand's index, when it has any: its mistakes (each with whether `check` may note it
        # and go on), said after the header's, and its fields whose values are still nodes
        self.later: Dict[int, Tuple[List[Tuple[ScorekeeperError, bool]], List[str]]] = {}
        parser = _Parser(text)
        self.next: Callable[[], Any] = parser.get_event
        try:
            self.root = self.document()
        except yaml.MarkedYAMLError as err:
            mark = err.problem_mark or err.context_mark
            line = self.line_of(mark) if mark else 1
            problem = err.problem or "not valid YAML"
            if err.context and err.problem:  # "while scanning a quoted scalar..., found unexpected end"
                problem = f"{err.context}, {err.problem}"
            raise ScorekeeperError(f"{problem}", Source(filename, line)) from None
        except yaml.YAMLError as err:
            raise ScorekeeperError(f"not valid YAML: {shown(str(err), 200)}", Source(filename, 1)) from None
        finally:
            parser.dispose()

    def document(self) -> Any:
        """The stream's one document: its top node (None for none)."""
        self.next()  # the stream's start
        if type(self.next()) is yaml.StreamEndEvent:
            return None
        root = self.node(self.next(), top=True)
        if self.stopped:
            return root
        self.next()  # the document's end
        after = self.next()
        if type(after) is not yaml.StreamEndEvent:
            err = ScorekeeperError("expected a single document in the stream, but found another document",
                                   self.at(after))
            with contextlib.suppress(yaml.YAMLError):  # an alias anywhere after an anchor is said first
                while self.anchored and type(after) is not yaml.StreamEndEvent:
                    after = self.next()
                    self.refuse_alias(after)
            raise err
        return root

    def node(self, event: Any, depth: int = 0, top: bool = False) -> Any:
        """The node `event` begins, a collection's read to its end; in the `top` mapping, the log's
        entries read by entries() (with `header_only`, the top mapping's keys but the log, read no
        further than the log's key once format, game and players are read)."""
        kind = type(event)
        if kind is yaml.ScalarEvent:
            tag = scalar_tag(event.value, event.implicit) if event.tag in (None, "!") else event.tag
            return _Scalar(tag, event.value, event.start_mark, None, event.style)  # (no end mark is read)
        self.refuse_alias(event)
        made, tag = _OPENS[kind]
        node = made(tag if event.tag in (None, "!") else event.tag, [], event.start_mark, None, event.flow_style)
        if depth > _DEEPEST:  # its inside is not read into nodes, only for aliases
            return self.skip(node)
        items, event = node.value, self.next()
        while type(event) is not yaml.SequenceEndEvent and type(event) is not yaml.MappingEndEvent:
            item = self.node(event, depth + 1)
            log_key = top and made is not _Sequence and type(item) is _Scalar and item.value == self.log
            if log_key and self.header_only:  # the header: every key but the log
                if {"format", "game", "players"} <= {k.value for k, _ in items if type(k) is _Scalar}:
                    self.stopped = True  # read no further: the hands of a night a season leaves out
                    return node
                items.append((item, self.node(self.next(), _DEEPEST + 1)))  # (read past, not made)
                event = self.next()
                continue
            event = self.next()
            if made is _Sequence:
                items.append(item)
                continue
            if log_key and type(event) is yaml.SequenceStartEvent and item.tag in _KEY_TAGS:
                items.append((item, self.entries(event)))
            else:
                items.append((item, self.node(event, depth + 1)))
            event = self.next()
        return node

    def refuse_alias(self, event: Any) -> None:
        """An alias (`*name`) repeats a value: nested, a 142 KB file printed 191 MB and a 1 MB file
        took 2.9 GB. The program never writes one, so a sitting holding one is refused at its line."""
        if type(event) is yaml.AliasEvent:
            raise ScorekeeperError(f"refused: an alias (*{shown(event.anchor, 30)[1:-1]}), which scorekeeper "
                                   f"never writes: write the value out in full", self.at(event))

    def skip(self, node: Any) -> Any:
        """A collection nested too deep for any value: read to its end, refusing an alias."""
        depth = 1
        while depth:
            event = self.next()
            self.refuse_alias(event)
            depth += (type(event) in _OPENS) - (type(event) in (yaml.SequenceEndEvent, yaml.MappingEndEvent))
        return node

    def entries(self, start: Any) -> Any:
        """The log: each entry that is a mapping read as a hand, any other as a node."""
        entries: List[Any] = []
        event = self.next()
        while type(event) is not yaml.SequenceEndEvent:
            entries.append(self.hand(event, len(entries)) if type(event) is yaml.MappingStartEvent
                           else self.node(event, 2))
            event = self.next()
        return _Sequence(_SEQ, entries, start.start_mark, None, start.flow_style)  # (no end mark is read)

    def hand(self, start: Any, index: int) -> Hand:
        """A log entry that is a mapping, to its end: a key or value written as text (by far the
        most often) taken as it is, any other made a node; a key given twice is a mistake."""
        values: Dict[str, Any] = {}
        lines: Dict[str, int] = {}
        mistakes: List[Tuple[ScorekeeperError, bool]] = []
        nodes: List[str] = []
        event = self.next()
        while type(event) is not yaml.MappingEndEvent:
            name: Optional[str] = event.value if type(event) is yaml.ScalarEvent and event.tag is None \
                and not (event.implicit[0] and event.value in NULLS) else None
            if name is None:
                node = self.node(event, 3)
                try:  # (a list or a tag as a key: read as keys() reads it)
                    name = str(self.value(node, 3))
                except ScorekeeperError as err:
                    mistakes.append((err, False))
            line = event.start_mark.line + 1 if not self.breaks else self.line_of(event.start_mark)
            event = self.next()
            value = event.value if type(event) is yaml.ScalarEvent and event.tag is None \
                and not (event.implicit[0] and event.value in NULLS) else self.node(event, 3)
            if name in lines:
                mistakes.append((self.twice(name, lines[name], line, hand=index, field=name), True))
            elif name is not None:
                values[name], lines[name] = value, line
                if type(value) is not str:
                    nodes.append(name)
            event = self.next()
        if mistakes or nodes:
            self.later[index] = (mistakes, nodes)
        return Hand(values, self.at(start), lines)

    def line_of(self, mark: yaml.Mark) -> int:
        """The line as an editor and `check` count it: YAML also breaks lines at U+0085, U+2028
        and U+2029, which editors show within a line."""
        return mark.line + 1 - (bisect.bisect_left(self.breaks, mark.index) if self.breaks else 0)

    def at(self, node: Any) -> Source:
        return Source(self.filename, self.line_of(node.start_mark))

    def twice(self, name: str, first: int, line: int, **about: Any) -> ScorekeeperError:
        """A key given again in one mapping, at its line (YAML would keep the last silently)."""
        return ScorekeeperError(f"{name} is given twice in one mapping (first on line {first})",
                                Source(self.filename, line), **about)

    def keys(self, node: Any, depth: int = 0) -> Tuple[Dict[Any, Any], Dict[str, int]]:
        """A mapping's value nodes and the line of each key; a key given twice is refused at its line
        (a hand's keys: hand())."""
        values: Dict[Any, Any] = {}
        lines: Dict[str, int] = {}
        for key, value in node.value:
            found = key.value if key.tag is TEXT else self.value(key, depth + 1)  # (TEXT: a text as written)
            name, line = str(found), self.line_of(key.start_mark)
            if name in lines:
                raise self.twice(name, lines[name], line)
            plain = node is not self.root and not isinstance(found, (list, dict))
            values[found if plain else name], lines[name] = value, line  # (a list or mapping as a key: its text)
        return values, lines

    def value(self, node: Any, depth: int) -> Any:
        if depth > MAX_DEPTH:  # every later walk over it (a repr, a comparison) would recurse past Python's limit
            raise ScorekeeperError(f"a value nested more than {MAX_DEPTH} deep (no value in a session is "
                                   f"nested more than 3)", self.at(node))
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        self.refuse_tag(node)
        if isinstance(node, yaml.SequenceNode):
            return [self.value(item, depth + 1) for item in node.value]
        values, _ = self.keys(node, depth)
        return {name: self.value(item, depth + 1) for name, item in values.items()}

    def refuse_tag(self, node: Any) -> None:
        if node.tag not in (_SEQ, _MAP):  # a Python object, a set, an ordered map: never written here
            raise ScorekeeperError(f"refused: the tag {shown(node.tag, 60)} (only plain YAML is read, never "
                                   f"Python objects)", self.at(node))

    def scalar(self, node: Any) -> Any:
        if node.tag in _TEXT_TAGS:  # `!!int 12`: the text, read by the field parser as any other
            return None if node.tag == _NULL else node.value
        raise ScorekeeperError(f"refused: the tag {shown(node.tag, 60)} (only plain YAML is read, never "
                               f"Python objects)", self.at(node))

    def hands(self, node: Any, where: Source, key: str, name: str) -> Tuple[Hand, ...]:
        """The hands, each entry's mistakes said: with `errors` (`scorekeeper check`) a key given
        twice, or an entry that is not a mapping (kept as an empty hand, so that the hands after it
        keep their numbers), is noted there, about its hand, and the other hands are still checked."""
        if node is None or (isinstance(node, yaml.ScalarNode) and node.tag == _NULL):
            return ()
        one = key[:-1]
        if not isinstance(node, yaml.SequenceNode):
            raise ScorekeeperError(f"{key} must be a list, one entry per {one}", where)
        refuse_too_many(len(node.value), key, where, name)
        hands: List[Hand] = []
        for index, hand in enumerate(node.value):
            mistakes, nodes = self.later.get(index, ([], []))
            if type(hand) is not Hand:  # not a mapping: `- Ann:12`, the space forgotten
                hand, mistakes = Hand({}, self.at(hand)), [(ScorekeeperError(
                    f"{one} {index + 1}: must be a mapping of field: value", self.at(hand), hand=index), True)]
            for err, noted in mistakes:  # in the order keys() meets them, before any value is read
                if not noted or self.errors is None:
                    raise err
                self.errors.append(err)
            for k in nodes:
                hand.fields[k] = self.value(hand.fields[k], 3)  # type: ignore[index]
            hands.append(hand)
        return tuple(hands)


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
