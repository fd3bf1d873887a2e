"""The discard advisor: for each way to lay out two of six cards, the expected show of the
four kept, the expected crib, and the net for the dealer (hand + crib) or pone (hand - crib).

The hand is averaged over the 46 starters the player cannot see. The crib is averaged over
every pair the opponent might lay out (all taken as equally likely) and every starter: the
two discards plus three of the 46 unseen cards, one of them the starter, 45,540 cribs for
each discard. We do not score them one by one: the fifteens, pairs and runs depend only on
ranks, so we walk the multisets of three unseen ranks (at most 455) weighting each by the
number of card choices; the flush and his nob are added by counting in closed form
(expectation is linear, so the parts can be averaged separately).

The same holds for every deal the book gives (§§ 83, 87, 89, 90): two players lay out two of
five (five-card), six or eight (eight-card) cards; three or four players lay out one of five
(§ 87, "They put out but one card each to the crib"), and the crib is filled by the others'
cards: three more at four hands, two at three hands by the book (a crib of three), or two and
one from the pack by today's custom (a crib of four). The crib is averaged over every set of
the other cards it could hold and every starter; expected_crib takes how many those are.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Dict, List, Sequence, Tuple

from ...cards import Card, Rank, Suit, check_no_duplicates, full_deck
from ...model import ScorekeeperError
from .count import rank_points, show_points


@dataclass(frozen=True)
class Advice:
    discard: Tuple[Card, ...]
    keep: Tuple[Card, ...]
    hand: Fraction   # expected show of the four kept
    crib: Fraction   # expected count of the crib
    net: Fraction    # hand + crib for the dealer, hand - crib for the pone

    def as_dict(self) -> Dict[str, object]:
        return {"discard": [str(c) for c in self.discard], "keep": [str(c) for c in self.keep],
                "hand": float(self.hand), "crib": float(self.crib), "net": float(self.net)}


# cards dealt -> cards laid out, by the number of players (§§ 83, 87, 89, 90)
DEALT = {2: {5: 2, 6: 2, 8: 2}, 3: {5: 1}, 4: {5: 1}}


def advise(cards: Sequence[Card], dealer: bool, players: int = 2,
           crib_size: int = 4) -> List[Advice]:
    """Every discard, best net first (ties: the better hand first, then card order).

    players: 2 (five, six or eight cards dealt, two laid out) or 3 or 4 (five dealt, one
    laid out). crib_size: 4, or 3 for the book's three-hand crib (one card from each)."""
    cards = tuple(cards)
    if players not in DEALT:  # not "at 7 hands five cards are dealt"
        raise ScorekeeperError(f"players: the advisor knows 2, 3 or 4 hands, got {players}", usage=True)
    out = DEALT.get(players, {}).get(len(cards))
    if out is None:
        if players == 2:
            raise ScorekeeperError(f"cards: the advisor takes the cards dealt, 5 (five-card), 6 "
                                   f"(six-card) or 8 (eight-card), got {len(cards)}")
        raise ScorekeeperError(f"cards: at {players} hands five cards are dealt (§ 87), got "
                               f"{len(cards)}")
    if crib_size not in (3, 4) or (crib_size == 3 and players != 3):
        raise ScorekeeperError("crib: a crib of three is the book's three-hand crib (§ 87); "
                               "otherwise the crib is four cards")
    if any(c.is_joker for c in cards):
        raise ScorekeeperError("cards: cribbage is played without the joker")
    check_no_duplicates(cards)
    unseen = tuple(c for c in full_deck() if c not in cards)
    found = []
    for discard in combinations(cards, out):
        keep = tuple(c for c in cards if c not in discard)
        hand = expected_hand(keep, unseen)
        crib = expected_crib(discard, unseen, crib_size - out)
        net = hand + crib if dealer else hand - crib
        found.append(Advice(discard, keep, hand, crib, net))
    order = {c: i for i, c in enumerate(cards)}
    found.sort(key=lambda a: (-a.net, -a.hand, [order[c] for c in a.discard]))
    return found


def expected_hand(keep: Sequence[Card], unseen: Sequence[Card]) -> Fraction:
    return Fraction(sum(show_points(keep, starter) for starter in unseen), len(unseen))


def expected_crib(discard: Sequence[Card], unseen: Sequence[Card], others: int = 2) -> Fraction:
    """The crib's expected count: the discards, `others` cards from the unseen (the opponent's
    two at two hands), and the starter."""
    n = len(unseen)
    k = others
    outcomes = comb(n, k) * (n - k)  # the others' cards, then the starter
    available: Dict[int, int] = {}
    for c in unseen:
        available[c.rank.ordinal] = available.get(c.rank.ordinal, 0) + 1
    mine = [c.rank.ordinal for c in discard]
    total = 0
    # fifteens, pairs and runs: by the ranks of the k + 1 unseen cards (any one the starter)
    for drawn in combinations_with_replacement(sorted(available), k + 1):
        ways = 1
        for r in set(drawn):
            ways *= comb(available[r], drawn.count(r))
        if ways:
            total += (k + 1) * ways * rank_points(mine + list(drawn))
    # a flush: only the whole crib and the starter of one suit counts (§ 81 vii)
    suit_left = {s: sum(1 for c in unseen if c.suit is s) for s in Suit}
    if len({c.suit for c in discard}) == 1:
        total += (len(discard) + k + 1) * (k + 1) * comb(suit_left[discard[0].suit], k + 1)
    # his nob: a knave in the crib of the starter's suit
    for c in discard:
        if c.rank is Rank.JACK:
            total += suit_left[c.suit] * comb(n - 1, k)
    for c in unseen:
        if c.rank is Rank.JACK:
            total += (suit_left[c.suit] - 1) * comb(n - 2, k - 1)
    return Fraction(total, outcomes)
