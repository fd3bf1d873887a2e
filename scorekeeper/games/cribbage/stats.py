"""The exact distribution of show counts over every four cards and a starter.

There are C(52,4) * 48 = 12,994,800 ways to hold four cards and see a starter. Scoring each
one is slow in Python, so we count instead: fifteens, pairs and runs depend only on the five
ranks, and the flush and his nob only on how suits fall on those ranks. So we walk the 1,820
multisets of four ranks for the hand and the 13 ranks of the starter, score the five ranks
once (6,175 distinct rank patterns), and count the suit patterns in closed form:

* fix the starter's suit (every suit is alike: multiply by the number of suits at the end);
* a flush needs four different ranks in hand: all in the starter's suit (a five-card flush,
  and his nob if the hand holds the knave) is one way, if the starter's rank is not in the
  hand; all in one of the other suits (a four-card flush, never his nob) is one way each;
* his nob needs a knave in hand of the starter's suit: of the j knaves in hand, one is that
  knave and the others come from the other suits, C(suits-1, j-1) ways.

The deck may be cut down (fewer ranks, fewer suits): the same counting then applies to a
sub-deck, which is how the tests check it exhaustively against brute force.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb
from typing import Dict, Iterable, Sequence, Tuple

JACK = 11
FULL_RANKS = tuple(range(1, 14))  # ordinals, Ace low (1) to King (13)


def pips(ordinal: int) -> int:
    return min(ordinal, 10)


def fifteens_of(ranks: Sequence[int]) -> int:
    """How many sets of these cards (by rank ordinal) make fifteen, counted by pips: the ways
    to make each total from the cards so far, one card at a time (no subset is walked).
    Every pip is at least one and at most ten, so every set that makes fifteen holds two
    cards or more."""
    ways = [1] + [0] * 15
    for r in ranks:
        v = r if r < 10 else 10
        for total in range(15, v - 1, -1):
            ways[total] += ways[total - v]
    return ways[15]


def run_stretches(counts: Counter[int]) -> Tuple[Tuple[Tuple[int, ...], int], ...]:
    """Each maximal stretch of three or more consecutive ranks, with how many runs it makes
    (one for every choice among duplicates): ((ordinals of the stretch, runs), ...)."""
    present = sorted(counts)
    found = []
    i = 0
    while i < len(present):
        j = i
        while j + 1 < len(present) and present[j + 1] == present[j] + 1:
            j += 1
        if j - i + 1 >= 3:
            ways = 1
            for r in present[i:j + 1]:
                ways *= counts[r]
            found.append((tuple(present[i:j + 1]), ways))
        i = j + 1
    return tuple(found)


class RankParts:
    """What the ranks alone score: fifteens (how many), pairs and runs (points), and the
    stretches that make the runs; `paired`: how many ranks are held twice or more."""

    __slots__ = ("fifteens", "pairs", "runs", "stretches", "paired")
    def __init__(self, fifteens: int, pairs: int, runs: int, stretches: Tuple[Tuple[Tuple[int, ...], int], ...],
                 paired: int) -> None:
        self.fifteens, self.pairs, self.runs, self.stretches, self.paired = fifteens, pairs, runs, stretches, paired

    @property
    def points(self) -> int:
        return 2 * self.fifteens + self.pairs + self.runs


def rank_parts(ranks: Sequence[int]) -> RankParts:
    counts = Counter(ranks)
    stretches = run_stretches(counts)
    return RankParts(fifteens_of(ranks), sum(n * (n - 1) for n in counts.values()),  # 2 a pair: C(n,2) * 2
                     sum(len(key) * ways for key, ways in stretches), stretches,
                     sum(1 for n in counts.values() if n > 1))


def rank_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs of cards given by their rank ordinals (sorted or not)."""
    return rank_parts(ranks).points


def distributions(ranks: Iterable[int] = FULL_RANKS, suits: int = 4) -> Tuple[Counter[int], Counter[int]]:
    """(hand rule, crib rule): how many (four cards, starter) combinations count each total."""
    ranks = tuple(ranks)
    hand: Counter[int] = Counter()
    crib: Counter[int] = Counter()
    scored: Dict[Tuple[int, ...], int] = {}
    for held in combinations_with_replacement(ranks, 4):
        counts = Counter(held)
        if max(counts.values()) > suits:
            continue
        distinct = len(counts) == 4
        knaves = counts.get(JACK, 0)
        for starter in ranks:
            in_hand = counts.get(starter, 0)
            if in_hand >= suits:
                continue
            ways = 1  # suit choices for the hand, the starter's suit fixed
            for r, n in counts.items():
                ways *= comb(suits - 1 if r == starter else suits, n)
            key = tuple(sorted(held + (starter,)))
            base = scored.get(key)
            if base is None:
                base = scored[key] = rank_points(key)
            flush5 = 1 if distinct and in_hand == 0 else 0
            flush4 = suits - 1 if distinct else 0
            nobs_all = 0
            if starter != JACK and knaves:
                nobs_all = ways // comb(suits, knaves) * comb(suits - 1, knaves - 1)
            flush5_nob = 1 if flush5 and knaves == 1 else 0
            nobs_only = nobs_all - flush5 * flush5_nob
            plain = ways - flush5 - flush4 - nobs_only
            if flush5:
                hand[base + 5 + flush5_nob] += flush5 * suits
                crib[base + 5 + flush5_nob] += flush5 * suits
            if flush4:
                hand[base + 4] += flush4 * suits
                crib[base] += flush4 * suits  # in the crib a four-card flush does not count
            if nobs_only:
                hand[base + 1] += nobs_only * suits
                crib[base + 1] += nobs_only * suits
            if plain:
                hand[base] += plain * suits
                crib[base] += plain * suits
    return hand, crib


def mean(dist: Counter[int]) -> Fraction:
    return Fraction(sum(k * v for k, v in dist.items()), sum(dist.values()))


def stats(ranks: Iterable[int] = FULL_RANKS, suits: int = 4) -> Dict[str, object]:
    """The distributions with every total from 0 to 29 (zeros included) and exact means."""
    hand, crib = distributions(ranks, suits)
    top = max(max(hand), max(crib), 29)
    return {
        "combinations": sum(hand.values()),
        "hand": {k: hand.get(k, 0) for k in range(top + 1)},
        "crib": {k: crib.get(k, 0) for k in range(top + 1)},
        "mean": {"hand": mean(hand), "crib": mean(crib)},
    }
