"""The value types every layer shares: a sitting, its hands, and the one error type."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Dict, Mapping, Optional, Sequence, Tuple, TypeVar

if TYPE_CHECKING:
    from decimal import Decimal

# The value types are plain classes with __slots__, a Record when compared or copied with _replace;
# never NamedTuples nor frozen dataclasses: docs/architecture.md, "Value types". Mappings are read-only.
_NO_LINES: Mapping[str, int] = {}
R = TypeVar("R", bound="Record")  # (what Record._replace returns)

FORMAT = "scorekeeper/1"

COMMON_FIELDS = ("note", "at")  # fields any game's hand may carry: kept in the log, never scored
# What the log records about itself, unseen by the games, kept by every save, never typed: when a
# hand was corrected (`edit`), a board's report's one-time id (docs/board.md: sent twice, counted once).
LOG_FIELDS = ("corrected", "id")


# What kind of mistake an error is; the CLI, not this layer, gives each its exit code (cli.EXIT_CODES).
USAGE = "usage"  # how a command was called: a bad option, field or name on the command line
FILE = "file"    # a problem with a file or the world: a bad session file, a missing sitting


class ScorekeeperWarning(UserWarning):
    """What a person should know of a change that was made (a sitting saved by another user
    than its owner is now theirs): the CLI prints it as one `warning:` line."""


class ScorekeeperError(Exception):
    """A mistake in input or a file, explained in one line for a person at the table.

    An error is a value that says what it is about, so that whoever catches it can find
    where it is without reading the message back:

    - `hand`: the 0-based index of the hand at fault (set by the replay);
    - `field`: the hand field at fault (`bid`, `against`, `Ann`);
    - `fields`: the other fields a mistake across fields is about (a card in `hand.Ann` and
      in `hand.Bob`; points of every player's own field that do not add up);
    - `rule`: the house rule at fault (`target`);
    - `player`: the player at fault (a name given twice, a name like a field);
    - `key`: the session header key at fault (`game`, `players`, `stakes`);
    - `round`, `table`: at a progressive party, the round and the table whose result is at
      fault (with `hand`, the result's index in the log, and `field`, its key: `hearts`).

    `detail` is the message as first raised, before a location's prefix (`hand 3: `) was put
    in front of it: what a prompt says when it asks again about the hand being typed.

    `source` is where it is (file and line), once known. `kind` is USAGE or FILE (`usage=True`
    the older spelling of kind=USAGE, still accepted)."""

    def __init__(self, message: str, source: Optional["Source"] = None, usage: bool = False, *,
                 kind: Optional[str] = None, hand: Optional[int] = None,
                 field: Optional[str] = None, rule: Optional[str] = None,
                 player: Optional[str] = None, key: Optional[str] = None,
                 round: Optional[int] = None, table: Optional[int] = None,
                 fields: Sequence[str] = (), detail: Optional[str] = None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.kind = kind or (USAGE if usage else FILE)
        self.hand = hand
        self.field = field
        self.rule = rule
        self.player = player
        self.key = key
        self.round = round
        self.table = table
        self.fields = tuple(fields)
        self.detail = message if detail is None else detail

    @property
    def usage(self) -> bool:
        """A mistake in how a command was called (the CLI exits 2 rather than 1)."""
        return self.kind == USAGE

    def __str__(self) -> str:
        if self.source is not None:
            return f"{self.source}: {self.message}"
        return self.message

    def about(self) -> Dict[str, Any]:
        """What the error is about, as keyword arguments for a new error (for re-raising
        with a different message)."""
        return {"hand": self.hand, "field": self.field, "rule": self.rule,
                "player": self.player, "key": self.key, "round": self.round, "table": self.table,
                "fields": self.fields}

    def with_message(self, message: str) -> "ScorekeeperError":
        """The same error (kind, source, what it is about) with another message."""
        return ScorekeeperError(message, self.source, kind=self.kind, **self.about())

    def as_usage(self) -> "ScorekeeperError":
        """The same mistake as one in how a command was called (a house rule typed as --rule:
        exit 2), unless it has been found in a file."""
        if self.source is not None or self.kind == USAGE:
            return self
        return ScorekeeperError(self.message, kind=USAGE, detail=self.detail, **self.about())

    def at(self, source: Optional["Source"], prefix: str = "", *,
           hand: Optional[int] = None) -> "ScorekeeperError":
        """The same error, located (the first location given wins) and optionally prefixed;
        `hand` (0-based) records the hand it is about and prefixes `hand N: `.

        A mistake found in a file is a mistake in the file, not in how the command was
        called: once located it is a FILE error.
        """
        where = self.source or source
        about = self.about()
        if hand is not None and self.hand is None:
            about["hand"] = hand
            prefix = f"hand {hand + 1}: " + prefix
        kind = self.kind if where is None else FILE
        return ScorekeeperError(prefix + self.message, where, kind=kind, detail=self.detail, **about)


# What a terminal would obey rather than show: C0 and C1 controls (an escape can retitle or clear
# it), the bidirectional overrides (`\u202e` reorders text). Compiled by `re` when first needed.
_CONTROL = "[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]"


def printable(text: str) -> str:
    """`text` with every control character written as its escape (`\x1b`, `\n`, `\u202e`),
    as every terminal view and CSV shows a value from a file or a person; JSON escapes by itself."""
    if text.isprintable():
        return text
    return re.sub(_CONTROL, lambda m: repr(m.group())[1:-1], text)


def shown(value: Any, limit: int = 40) -> str:
    """A value as an error message quotes it: repr'd (a newline shows as \\n: one line) and cut
    with `...` when long, so that a 4,000-digit number or a pasted page cannot flood the terminal."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class Record:
    """A value compared by its fields, copied with `_replace`: its `__slots__`, set by its typed `__init__`."""

    __slots__: Tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(getattr(self, f) == getattr(other, f) for f in self.__slots__)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f}={getattr(self, f)!r}' for f in self.__slots__)})"

    def _replace(self: R, **changes: Any) -> R:  # (a field it has not: __init__'s TypeError)
        return type(self)(**{**{f: getattr(self, f) for f in self.__slots__}, **changes})


class Source:  # where something is: a file and a line (1 the first); a plain class, only read
    __slots__ = ("file", "line")

    def __init__(self, file: str, line: int) -> None:
        self.file, self.line = file, line

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class Hand:
    """One hand as logged: its fields as the file holds them, where it and each field's key are."""

    __slots__ = ("fields", "source", "field_lines")

    def __init__(self, fields: Mapping[str, Any], source: Optional[Source] = None,
                 field_lines: Mapping[str, int] = _NO_LINES) -> None:
        self.fields, self.source, self.field_lines = fields, source, field_lines

    def game_fields(self) -> Dict[str, Any]:
        return {k: v for k, v in self.fields.items() if k not in COMMON_FIELDS}

    def source_of(self, name: str) -> Optional[Source]:
        if self.source is not None and name in self.field_lines:
            return Source(self.source.file, self.field_lines[name])
        return self.source


class FileData:
    """A house rule's file (`--rule table=house.yaml`) as the store read it: no game opens a file."""

    __slots__ = ("path", "data")

    def __init__(self, path: str, data: Any) -> None:
        self.path, self.data = path, data


class Stakes:  # what a sitting plays for; a plain class, only read
    """The stake per unit as its text (`fields.parse_stake`; None: settled in the game's own
    unit) and the currency. The stake is a Decimal only where money is reckoned (`stake`):
    importing decimal costs a command ~1%, and most commands show no money."""

    __slots__ = ("text", "currency")

    def __init__(self, stake: "Optional[Decimal | str]" = None, currency: str = "") -> None:
        self.text, self.currency = None if stake is None else str(stake), currency

    @property
    def stake(self) -> Optional[Decimal]:
        if self.text is None:
            return None
        from decimal import Decimal

        return Decimal(self.text)


class Session(Record):
    """A sitting: who plays what under which rules, and the hands in the order played; where the header
    starts (`source`) and each rule, header key and name in the players list (the last) is."""

    __slots__ = ("name", "game", "players", "rules", "stakes", "created", "hands", "path", "source",
                 "rule_lines", "header_lines", "player_lines")
    def __init__(self, name: str, game: str, players: Tuple[str, ...], rules: Mapping[str, Any],
                 stakes: Stakes = Stakes(), created: str = "", hands: Tuple[Hand, ...] = (), path: Optional[str] = None,
                 source: Optional[Source] = None, rule_lines: Mapping[str, int] = _NO_LINES,
                 header_lines: Mapping[str, int] = _NO_LINES, player_lines: Mapping[str, int] = _NO_LINES) -> None:
        self.name, self.game, self.players, self.rules, self.stakes = name, game, players, rules, stakes
        self.created, self.hands, self.path, self.source, self.rule_lines = created, hands, path, source, rule_lines
        self.header_lines, self.player_lines = header_lines, player_lines

    def with_hands(self, hands: Tuple[Hand, ...]) -> "Session":
        return self._replace(hands=tuple(hands))

    def _line(self, lines: Mapping[str, int], name: Optional[str]) -> Optional[Source]:
        if self.path and name is not None and name in lines:
            return Source(self.path, lines[name])
        return None

    def locate(self, err: ScorekeeperError) -> Optional[Source]:
        """Where an error is in this sitting's file, found from what it is about (the hand,
        field, rule, player or header key it carries), never from its message."""
        if err.source is not None:
            return err.source
        if err.hand is not None and 0 <= err.hand < len(self.hands):
            hand = self.hands[err.hand]
            return hand.source_of(err.field) if err.field else hand.source
        return (self._line(self.rule_lines, err.rule)
                or self._line(self.player_lines, err.player)
                or self._line(self.header_lines, err.key)
                or (self._line(self.header_lines, "rules") if err.rule else None)
                or (self._line(self.header_lines, "players") if err.player else None)
                or self.source)


class Failed:
    """A file in the sessions folder that could not be read or replayed, and why. (A plain class.)"""

    __slots__ = ("file", "error", "line", "kind")  # kind "party": a party's file, skipped, not failed

    def __init__(self, file: str, error: str, line: Optional[int] = None, kind: str = "") -> None:
        self.file, self.error, self.line, self.kind = file, error, line, kind

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.error}" if self.line else f"{self.file}: {self.error}"
