"""The play: what each card pegs in one count up to thirty-one.

The book, § 81 and § 84: the player whose card makes fifteen scores 2; a pair 2, pair royal 6,
double pair royal 12, made by cards played one after another; a sequence of three or more
"of no consequence which card is thrown down first" (§ 81 vi: ace, five, three, two, four:
five for the sequence); thirty-one exactly 2; the last card under thirty-one, the go or end
hole, 1 (§ 81 ix); no card may take the count past thirty-one (§ 84).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Sequence, Tuple

from ...cards import Card, check_no_duplicates
from ...model import ScorekeeperError


@dataclass(frozen=True)
class Peg:
    """One card played: the count after it, and what it pegged and why."""

    card: Card
    count: int
    points: int
    reasons: Tuple[str, ...]


def play(cards: Sequence[Card], finished: bool = True) -> List[Peg]:
    """Score each card of one count of the play in order. With `finished`, the count is
    over after the last card: it takes the go (1), or 2 for thirty-one exactly."""
    cards = tuple(cards)
    if not cards:
        raise ScorekeeperError("cards: give the cards of the play in order, such as 7H 8D 7S")
    if any(c.is_joker for c in cards):
        raise ScorekeeperError("cards: cribbage is played without the joker")
    check_no_duplicates(cards)
    pegs: List[Peg] = []
    count = 0
    for i, card in enumerate(cards):
        count += card.rank.pips
        if count > 31:
            raise ScorekeeperError(
                f"cards: {card} would make the count {count}, past thirty-one: it cannot be "
                f"played (the count was {count - card.rank.pips})")
        reasons = _scores(cards[:i + 1], count)
        if finished and i == len(cards) - 1 and count < 31:
            reasons.append(("a go (last card)", 1))
        pegs.append(Peg(card, count, sum(p for _, p in reasons), tuple(r for r, _ in reasons)))
    return pegs


def _scores(played: Tuple[Card, ...], count: int) -> List[Tuple[str, int]]:
    found: List[Tuple[str, int]] = []
    if count == 15:
        found.append(("fifteen", 2))
    if count == 31:
        found.append(("thirty-one", 2))
    same = 1
    while same < len(played) and played[-same - 1].rank is played[-1].rank:
        same += 1
    if same >= 2:
        name = {2: "a pair", 3: "a pair royal", 4: "a double pair royal"}[same]
        found.append((name, same * (same - 1)))
    run = _run(played)
    if run:
        found.append((f"a run of {run}", run))
    return found


def _run(played: Tuple[Card, ...]) -> int:
    """The longest run of three or more among the last cards played, in any order."""
    for length in range(len(played), 2, -1):
        ordinals = sorted(c.rank.ordinal for c in played[-length:])
        if all(b == a + 1 for a, b in zip(ordinals, ordinals[1:])):
            return length
    return 0
