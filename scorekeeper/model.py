"""The value types every layer shares: a sitting, its hands, and the one error type."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Mapping, NamedTuple, Optional, Tuple

# The value types are NamedTuples rather than frozen dataclasses: just as immutable, and
# building them costs a fraction of a dataclass at import time, which every command pays
# (see bench/bench_cli.py). Treat the mapping fields as read-only.
_NO_LINES: Mapping[str, int] = {}

FORMAT = "scorekeeper/1"

# Fields every hand may carry whatever the game: they are kept in the log but never scored.
COMMON_FIELDS = ("note", "at")
# What the log records about itself: when a hand was corrected (`scorekeeper edit`). The
# games never see it; it is shown with the hand and kept through every save.
LOG_FIELDS = ("corrected",)


class ScorekeeperError(Exception):
    """A mistake in input or a file, explained in one line for a person at the table.

    `source` says where it came from (file and line) when it came from a file; `usage`
    marks mistakes in how a command was called (exit code 2 rather than 1).
    """

    def __init__(self, message: str, source: Optional["Source"] = None, usage: bool = False):
        super().__init__(message)
        self.message = message
        self.source = source
        self.usage = usage

    def __str__(self) -> str:
        if self.source is not None:
            return f"{self.source}: {self.message}"
        return self.message

    def at(self, source: Optional["Source"], prefix: str = "") -> "ScorekeeperError":
        """The same error, located (the first location given wins) and optionally prefixed.

        A mistake found in a file is a mistake in the file, not in how the command was
        called: once located it exits 1, not 2.
        """
        where = self.source or source
        return ScorekeeperError(prefix + self.message, where, self.usage and where is None)


class Source(NamedTuple):
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class Hand(NamedTuple):
    """One physical hand as logged: its fields exactly as they stand in the file."""

    fields: Mapping[str, Any]
    source: Optional[Source] = None
    # line of each field's key, when read from a file (for precise error locations)
    field_lines: Mapping[str, int] = _NO_LINES

    def game_fields(self) -> dict:
        return {k: v for k, v in self.fields.items() if k not in COMMON_FIELDS}

    def source_of(self, name: str) -> Optional[Source]:
        if self.source is not None and name in self.field_lines:
            return Source(self.source.file, self.field_lines[name])
        return self.source


class FileData(NamedTuple):
    """The plain data of a file a house rule names (`--rule table=house.yaml`), read by the
    store before the rule is parsed, so that no game ever touches the disk."""

    path: str
    data: Any


class Stakes(NamedTuple):
    stake: Decimal = Decimal("1")
    currency: str = ""


class Session(NamedTuple):
    """A sitting: who plays what under which rules, and the hands in the order played."""

    name: str
    game: str
    players: Tuple[str, ...]
    rules: Mapping[str, Any]
    stakes: Stakes = Stakes()
    created: str = ""
    hands: Tuple[Hand, ...] = ()
    path: Optional[str] = None
    source: Optional[Source] = None  # where the header starts, for header errors
    rule_lines: Mapping[str, int] = _NO_LINES

    def with_hands(self, hands: Tuple[Hand, ...]) -> "Session":
        return self._replace(hands=tuple(hands))

    def rule_source(self, name: str) -> Optional[Source]:
        if self.path and name in self.rule_lines:
            return Source(self.path, self.rule_lines[name])
        return self.source
