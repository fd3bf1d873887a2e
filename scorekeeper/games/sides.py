"""Sides and partnerships: who plays with whom, and one way to name a side.

A side is a tuple of players in seating order. Partners sit opposite (Whist, law i; Cinch,
Cribbage § 87): at four the 1st and 3rd play against the 2nd and 4th. A side is named by
its players joined with a hyphen, "Ann-Cid", everywhere: summaries, remarks, JSON keys and
the columns of `show`.
"""

from __future__ import annotations

from typing import Any, Dict, Sequence, Tuple

Side = Tuple[str, ...]

SEPARATOR = "-"

# Verbs a summary uses with a side as subject: "Ann pegs 2" but "Ann-Cid peg 2".
_SINGULAR_VERBS = ("pegs", "shows", "takes", "overlooks", "wins", "forfeits", "loses", "scores",
                   "makes", "pays", "goes", "counts", "holds", "reaches")


def side_name(side: Sequence[str]) -> str:
    """'Ann-Cid' for partners, 'Ann' for a player alone."""
    return SEPARATOR.join(side)


def partnerships(players: Sequence[str], count: int = 2) -> Tuple[Side, ...]:
    """`count` sides of alternate seats (partners opposite): four players, two sides ->
    (1st, 3rd) and (2nd, 4th); six players, three sides -> (1st, 4th), (2nd, 5th), (3rd, 6th)."""
    if count <= 0 or len(players) % count:
        raise ValueError(f"{len(players)} players do not make {count} equal sides")
    return tuple(tuple(players[i::count]) for i in range(count))


def each_alone(players: Sequence[str]) -> Tuple[Side, ...]:
    """Every player a side of his own (each for himself)."""
    return tuple((p,) for p in players)


def side_index(sides: Sequence[Side], player: str) -> int:
    """Which side (0-based) `player` is on."""
    for index, side in enumerate(sides):
        if player in side:
            return index
    raise ValueError(f"{player!r} is on no side")


def side_of(sides: Sequence[Side], player: str) -> Side:
    return sides[side_index(sides, player)]


def opponents(sides: Sequence[Side], player: str) -> Side:
    """Every player not on `player`'s side, in seating order of the sides."""
    mine = side_index(sides, player)
    return tuple(p for index, side in enumerate(sides) if index != mine for p in side)


def per_player(sides: Sequence[Side], by_side: Sequence[Any]) -> Dict[str, Any]:
    """A value per side spread to its players: partners share their side's score."""
    return {p: value for side, value in zip(sides, by_side) for p in side}


def side_says(side: Sequence[str], words: str) -> str:
    """The side as the subject of `words`: "Ann pegs 2", but "Ann-Cid peg 2" (partners take
    the plural verb)."""
    verb, _, rest = words.partition(" ")
    if len(side) > 1 and verb in _SINGULAR_VERBS:
        verb = verb[:-1]
    return f"{side_name(side)} {verb} {rest}".rstrip()
