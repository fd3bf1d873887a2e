"""The discard advisor: for each way to lay out two of six cards, the expected show of the
four kept, the expected crib, and the net for the dealer (hand + crib) or pone (hand - crib).

The hand is averaged over the 46 starters the player cannot see. The crib is averaged over
every pair the opponent might lay out (all taken as equally likely) and every starter: the
two discards plus three of the 46 unseen cards, one of them the starter, 45,540 cribs for
each discard. We do not score them one by one: the fifteens, pairs and runs depend only on
ranks, so we walk the multisets of three unseen ranks (at most 455) weighting each by the
number of card choices; the flush and his nob are added by counting in closed form
(expectation is linear, so the parts can be averaged separately).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Dict, List, Sequence, Tuple

from ..cards import Card, Rank, Suit, check_no_duplicates, full_deck
from ..model import ScorekeeperError
from .count import show_points
from .stats import rank_points_cached


@dataclass(frozen=True)
class Advice:
    discard: Tuple[Card, Card]
    keep: Tuple[Card, ...]
    hand: Fraction   # expected show of the four kept
    crib: Fraction   # expected count of the crib
    net: Fraction    # hand + crib for the dealer, hand - crib for the pone

    def as_dict(self) -> Dict[str, object]:
        return {"discard": [str(c) for c in self.discard], "keep": [str(c) for c in self.keep],
                "hand": float(self.hand), "crib": float(self.crib), "net": float(self.net)}


def advise(cards: Sequence[Card], dealer: bool) -> List[Advice]:
    """The fifteen discards, best net first (ties: the better hand first, then card order)."""
    cards = tuple(cards)
    if len(cards) != 6:
        raise ScorekeeperError(f"cards: the advisor takes the 6 cards dealt, got {len(cards)}")
    if any(c.is_joker for c in cards):
        raise ScorekeeperError("cards: cribbage is played without the joker")
    check_no_duplicates(cards)
    unseen = tuple(c for c in full_deck() if c not in cards)
    found = []
    for discard in combinations(cards, 2):
        keep = tuple(c for c in cards if c not in discard)
        hand = expected_hand(keep, unseen)
        crib = expected_crib(discard, unseen)
        net = hand + crib if dealer else hand - crib
        found.append(Advice(discard, keep, hand, crib, net))
    order = {c: i for i, c in enumerate(cards)}
    found.sort(key=lambda a: (-a.net, -a.hand, [order[c] for c in a.discard]))
    return found


def expected_hand(keep: Sequence[Card], unseen: Sequence[Card]) -> Fraction:
    return Fraction(sum(show_points(keep, starter) for starter in unseen), len(unseen))


def expected_crib(discard: Sequence[Card], unseen: Sequence[Card]) -> Fraction:
    """The crib's expected count: the discards, two of the opponent's, and the starter."""
    n = len(unseen)
    outcomes = comb(n, 2) * (n - 2)  # the opponent's pair, then the starter
    available: Dict[int, int] = {}
    for c in unseen:
        available[c.rank.ordinal] = available.get(c.rank.ordinal, 0) + 1
    mine = [c.rank.ordinal for c in discard]
    total = 0
    # fifteens, pairs and runs: by the ranks of the three unseen cards
    for three in combinations_with_replacement(sorted(available), 3):
        ways = 1
        for r in set(three):
            ways *= comb(available[r], three.count(r))
        if ways:
            total += 3 * ways * rank_points_cached(tuple(sorted(mine + list(three))))
    # a flush: only all five of one suit counts in the crib (§ 81 vii)
    suit_left = {s: sum(1 for c in unseen if c.suit is s) for s in Suit}
    if discard[0].suit is discard[1].suit:
        total += 5 * 3 * comb(suit_left[discard[0].suit], 3)
    # his nob: a knave in the crib of the starter's suit
    for c in discard:
        if c.rank is Rank.JACK:
            total += suit_left[c.suit] * comb(n - 1, 2)
    for c in unseen:
        if c.rank is Rank.JACK:
            total += (suit_left[c.suit] - 1) * (n - 2)
    return Fraction(total, outcomes)
