"""Counting a hand or crib at the show, with every combination that scores.

The laws (the book, § 81 and § 84): every fifteen 2; a pair 2, pair royal 6, double pair
royal 12 (that is, 2 for every pair of cards of one rank); sequences count their length,
once for each way of taking them (so a double run of three is 6); a flush counts one a
card, and "for a flush in the crib, the turned-up card must be of the same suit" (§ 81 vii);
the knave of the suit turned up, his nob, 1. His heels (a knave turned up, 2 to the
dealer, § 81 viii) belongs to the deal, not to any hand's count.
"""

from __future__ import annotations

from itertools import accumulate, combinations, combinations_with_replacement
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

from ...cards import Card, Rank, check_no_duplicates
from ...model import ScorekeeperError

# how many cards a hand holds at the show: five-card, six-card, eight-card cribbage
HAND_SIZES = (3, 4, 6)

_JACK = Rank.JACK
# a run's length, a flush's cards: at most a hand of HAND_SIZES and the starter, 3 to 7
_NUMBERS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


class Combination:
    """One scoring combination: its kind, the cards that make it, and its points.
    (A plain class: docs/architecture.md, "Value types".)"""

    __slots__ = ("kind", "cards", "points")

    def __init__(self, kind: str, cards: Tuple[Card, ...], points: int) -> None:
        self.kind = kind  # fifteen, pair, run, flush, nobs
        self.cards = cards
        self.points = points


class Count:
    __slots__ = ("hand", "starter", "crib", "combinations")

    def __init__(self, hand: Tuple[Card, ...], starter: Card, crib: bool,
                 combinations: Tuple[Combination, ...]) -> None:
        self.hand, self.starter, self.crib, self.combinations = hand, starter, crib, combinations

    def points(self, kind: str) -> int:
        return sum(c.points for c in self.combinations if c.kind == kind)

    @property
    def fifteens(self) -> int:
        return self.points("fifteen")

    @property
    def pairs(self) -> int:
        return self.points("pair")

    @property
    def runs(self) -> int:
        return self.points("run")

    @property
    def flush(self) -> int:
        return self.points("flush")

    @property
    def nobs(self) -> int:
        return self.points("nobs")

    @property
    def total(self) -> int:
        return sum(c.points for c in self.combinations)

    @property
    def heels(self) -> bool:
        """The starter is a knave: two for his heels to the dealer, outside this count."""
        return self.starter.rank is Rank.JACK

    def as_dict(self) -> Dict[str, int]:
        return {"total": self.total, "fifteens": self.fifteens, "pairs": self.pairs,
                "runs": self.runs, "flush": self.flush, "nobs": self.nobs}


def check_cards(hand: Sequence[Card], starter: Card, sizes: Sequence[int] = HAND_SIZES) -> None:
    """A hand of a size some cribbage deals, no card twice, no joker."""
    if len(hand) not in sizes:
        allowed = " or ".join(str(s) for s in sizes) if len(sizes) < 3 else (
            ", ".join(str(s) for s in sizes[:-1]) + f" or {sizes[-1]}")
        raise ScorekeeperError(
            f"hand: a cribbage hand has {allowed} cards besides the starter, got {len(hand)}")
    for card in tuple(hand) + (starter,):
        if card.is_joker:
            raise ScorekeeperError("hand: cribbage is played without the joker")
    check_no_duplicates(tuple(hand) + (starter,))


def count_hand(hand: Sequence[Card], starter: Card, crib: bool = False) -> Count:
    """The show count of `hand` with the `starter`, every scoring combination listed."""
    hand = tuple(hand)
    check_cards(hand, starter)
    if crib and len(hand) != 4:
        raise ScorekeeperError(f"hand: a crib has 4 cards besides the starter, got {len(hand)}")
    every = hand + (starter,)
    combos = (*fifteens(every), *pairs(every), *runs(every), *flush(hand, starter, crib),
              *nobs(hand, starter))
    return Count(hand, starter, crib, combos)


def fifteens(cards: Sequence[Card]) -> List[Combination]:
    """2 for every combination of cards whose pips total fifteen (court cards 10, § 81 v)."""
    # The total of every subset, each from a smaller one (one addition per subset rather
    # than a sum per combination): the hot loop of `crib stats` checks and the advisor.
    values = [c.rank.pips for c in cards]
    totals = [0] * (1 << len(values))
    chosen = []
    for mask in range(1, len(totals)):
        low = mask & -mask
        totals[mask] = totals[mask ^ low] + values[low.bit_length() - 1]
        if totals[mask] == 15 and mask != low:
            chosen.append(tuple(i for i in range(len(values)) if mask >> i & 1))
    chosen.sort(key=lambda picked: (len(picked), picked))  # as combinations() lists them
    return [Combination("fifteen", tuple(cards[i] for i in picked), 2) for picked in chosen]


def pairs(cards: Sequence[Card]) -> List[Combination]:
    """2 for every pair of one rank: so a pair royal is 6 and a double pair royal 12 (§ 81 ii-iv)."""
    return [Combination("pair", (a, b), 2) for a, b in combinations(cards, 2) if a.rank is b.rank]


def runs(cards: Sequence[Card]) -> List[Combination]:
    """Each longest sequence of three or more ranks, once for every choice among duplicates."""
    by_rank: Dict[int, List[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank.ordinal, []).append(card)
    found: List[Combination] = []
    ordinal = 1
    while ordinal <= 13:
        if ordinal not in by_rank:
            ordinal += 1
            continue
        end = ordinal
        while end + 1 in by_rank:
            end += 1
        if end - ordinal + 1 >= 3:
            groups = [by_rank[o] for o in range(ordinal, end + 1)]
            for choice in _product(groups):
                found.append(Combination("run", tuple(choice), len(choice)))
        ordinal = end + 1
    return found


def _product(groups: List[List[Card]]) -> List[List[Card]]:
    result: List[List[Card]] = [[]]
    for group in groups:
        result = [done + [card] for done in result for card in group]
    return result


def flush(hand: Sequence[Card], starter: Card, crib: bool) -> List[Combination]:
    """One a card when the hand is all one suit, one more if the starter matches;
    in the crib only a flush of all five counts (§ 81 vii)."""
    suits = {c.suit for c in hand}
    if len(suits) != 1:
        return []
    if starter.suit in suits:
        return [Combination("flush", tuple(hand) + (starter,), len(hand) + 1)]
    if crib:
        return []
    return [Combination("flush", tuple(hand), len(hand))]


def nobs(hand: Sequence[Card], starter: Card) -> List[Combination]:
    """His nob: the knave of the suit turned up, in hand or crib, 1 (§ 81 viii)."""
    return [Combination("nobs", (c,), 1) for c in hand
            if c.rank is Rank.JACK and c.suit is starter.suit]


# ---------------------------------------------------------------- saying it


def say(count: Count) -> str:
    """The count as a player says it: "fifteen two, fifteen four, and a pair is six"."""
    return spoken(count.hand, count.starter, count.crib)[1]


def table(count: Count) -> List[List[str]]:
    """Rows of (kind, cards, points) for every scoring combination."""
    return [[c.kind, " ".join(str(card) for card in c.cards), str(c.points)] for c in count.combinations]


# ---------------------------------------------------------------- the total and the words


# A multiset of up to seven ranks is the sum of its ranks' weights (no sort needed).
_WEIGHT = tuple(8 ** ordinal for ordinal in range(14))
_ONES = sum(_WEIGHT)


def five(key: int) -> int:
    """What five cards' ranks score (fifteens, pairs and runs), by the sum of their weights:
    the table at the end of this module."""
    return POINTS[(key + SHIFT[key % BUCKETS]) % SLOTS]


def rank_points(ordinals: Sequence[int]) -> int:
    """Fifteens, pairs and runs of cards given by their rank ordinals, in any order: five
    looked up, other numbers counted."""
    if len(ordinals) == 5:
        return five(sum([_WEIGHT[r] for r in ordinals]))
    from . import stats  # other sizes only (five- and eight-card): not on six-card's import

    return stats.rank_points(ordinals)


def show_points(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The same total as `count_hand(...).total`, without listing combinations (the replay
    counts three shows a deal, the advisor thousands)."""
    key, flush, nobs = _ranks_flush_nobs(hand, starter, crib)
    if len(hand) == 4:
        return five(key) + flush + nobs
    from . import stats

    return stats.rank_points([starter.ordinal, *(c.ordinal for c in hand)]) + flush + nobs


def _ranks_flush_nobs(hand: Sequence[Card], starter: Card, crib: bool) -> Tuple[int, int, int]:
    """In one pass: the sum of the ranks' weights (each rank's cards, an octal digit), the flush
    (the whole hand of one suit: a point a card, one more with the starter's; a crib only with
    the starter's) and his nob (the knave of the starter's suit)."""
    suit, turned = hand[0].suit, starter.suit
    key, same, nobs = _WEIGHT[starter.ordinal], True, 0
    for c in hand:
        key += _WEIGHT[c.ordinal]
        if c.suit is not suit:
            same = False
        if c.rank is _JACK and c.suit is turned:
            nobs += 1
    if not same:
        return key, 0, nobs
    return key, (len(hand) + 1 if turned is suit else 0 if crib else len(hand)), nobs


_PAIR_NAMES = {2: "a pair", 3: "a pair royal", 4: "a double pair royal"}  # by the cards of the rank
_RUN_NAMES = {1: "a run", 2: "a double run", 3: "a triple run", 4: "a double-double run"}


def spoken(hand: Sequence[Card], starter: Card, crib: bool = False) -> Tuple[int, str]:
    """(the total, the count as a player says it), worded from the ranks without listing the
    combinations: the fifteens, then the pairs (in the order of each rank's first card, hand
    then starter), the runs, the flush and his nobs. The cards are taken as checked (the
    replay checks a deal's cards once; `count_hand` checks them)."""
    key, flush, nobs = _ranks_flush_nobs(hand, starter, crib)  # each rank's cards, an octal digit of key
    groups: List[Tuple[str, str, int]] = []  # (what scores, its verb, its points)
    pairs = 0
    multi = (key >> 1 | key >> 2) & _ONES  # an octal 1 at each rank held twice or more
    if multi and not multi & multi - 1:  # one rank: a pair, a pair royal, a double pair royal
        n = key >> multi.bit_length() - 1 & 7
        pairs = n * (n - 1)
        groups.append((_PAIR_NAMES[n], "is", pairs))
    elif multi:  # 2 for each pair, C(n, 2) pairs
        named = []
        left = key
        for c in (*hand, starter):  # in the order of the ranks' first cards
            shift = 3 * c.ordinal
            n = left >> shift & 7
            if n > 1:
                left -= n << shift  # named once
                pairs += n * (n - 1)
                named.append(_PAIR_NAMES[n])
        groups.append(("two pairs" if named == ["a pair", "a pair"] else " and ".join(named),
                       "make" if len(named) > 1 else "is", pairs))  # "and the runs make 14", not "is"
    held = multi | key & _ONES  # an octal 1 for each rank held; where three in a row begin, a run
    starts = held & held >> 3 & held >> 6
    runs = _runs(key, starts, groups) if starts else 0
    if len(hand) == 4:
        fifteens = (five(key) - pairs - runs) // 2
    else:
        from . import stats

        fifteens = stats.fifteens_of([c.ordinal for c in hand] + [starter.ordinal])
    if flush:
        groups.append((f"a flush of {_NUMBERS[flush]}", "is", flush))
    if nobs:
        groups.append(("his nobs", "is", nobs))
    if not groups:  # the fifteens alone, or nothing
        return 2 * fifteens, _FIFTEENS_ALONE[fifteens]
    running, said = 2 * fifteens, _FIFTEENS_SAID[fifteens]
    for phrase, verb, points in groups[:-1]:
        running += points
        said = f"{said}, {phrase} {verb} {running}" if said else f"{phrase}, {running}"
    phrase, verb, points = groups[-1]
    running += points
    return running, f"{said}, and {phrase} {verb} {running}" if said else f"{phrase}, {running}"


# "fifteen 2, fifteen 4, ...": the words of n fifteens (seven cards, the most a show holds,
# make at most 24: 3 3 3 3 6 6 6); alone, the last after "and", and none the players' "nineteen"
_FIFTEENS_SAID = ("", *accumulate((f"fifteen {2 * n}" for n in range(1, 25)), lambda said, more: f"{said}, {more}"))
_FIFTEENS_ALONE = ("nineteen (nothing: 0)", "fifteen 2") + tuple(
    f"{_FIFTEENS_SAID[k - 1]}, and fifteen {2 * k}" for k in range(2, 25))


def _runs(key: int, starts: int, groups: List[Tuple[str, str, int]]) -> int:
    """The points of the runs (each longest sequence of three ranks or more, once for every
    choice among duplicates), their words added to `groups`: eight-card cribbage can hold two
    separate sequences, each named ("a run of three and a run of four"). `key`: each rank's
    cards an octal digit; `starts`: an octal 1 at each rank that begins three in a row."""
    points = 0
    named = []
    while starts:
        shift = (starts & -starts).bit_length() - 1  # the lowest: 3 * its rank
        length, ways = 1, key >> shift & 7
        while n := key >> (shift := shift + 3) & 7:  # the next rank's cards
            length, ways = length + 1, ways * n
        starts &= -1 << shift  # past this run
        points += length * ways
        named.append(f"{_RUN_NAMES.get(ways) or f'{ways} runs'} of {_NUMBERS[length]}")
    groups.append((" and ".join(named), "make" if len(named) > 1 else "is", points))
    return points


# ---------------------------------------------------------------- the table of five ranks

# What the ranks of five cards score (fifteens, pairs and runs), for each of the 6,188 multisets
# of five ranks: the show of four cards and a starter, before the flush and his nob. A constant
# of the rules of counting, so that a replay does not work out again what thousands of deals
# share. Looked up by the sum of the ranks' weights (`key`) through a perfect hash: the key's
# place in POINTS is (key + SHIFT[key % BUCKETS]) % SLOTS, each bucket's shift chosen so that no
# two multisets that score differently share a place. So the table is two byte strings, read
# from five.bin beside this module, not a dictionary of 6,188 keys built at every start (11
# million instructions, 2-3% of a command: docs/speed.md). Written by `python -m
# scorekeeper.games.cribbage.count`, from `stats.rank_points`; tests/games/test_crib_show.py
# checks every multiset against it.
SLOTS, BUCKETS = 6007, 1879  # primes: with these, every bucket's shift is below 256 (a byte)
_TABLE = Path(__file__).with_name("five.bin").read_bytes()
SHIFT, POINTS = _TABLE[:BUCKETS], _TABLE[BUCKETS:]


def _write() -> None:  # pragma: no cover - run by hand when the counting changes
    from .stats import FULL_RANKS, rank_points

    points = {sum(_WEIGHT[r] for r in ranks): rank_points(ranks)
              for ranks in combinations_with_replacement(FULL_RANKS, 5)}
    buckets: Dict[int, List[int]] = {}
    for key in points:
        buckets.setdefault(key % BUCKETS, []).append(key)
    table: Dict[int, int] = {}  # a place: the points of the patterns there
    shifts = [0] * BUCKETS
    for bucket, keys in sorted(buckets.items(), key=lambda item: -len(item[1])):  # the fullest first
        for shift in range(256):  # the first that puts no two patterns scoring differently on one place
            moved = {((key + shift) % SLOTS, points[key]) for key in keys}
            if len(dict(moved)) == len(moved) and all(table.get(place, p) == p for place, p in moved):
                break
        else:
            raise ValueError("no shift fits a bucket: choose other primes for SLOTS and BUCKETS")
        shifts[bucket] = shift
        table.update(moved)
    points_at = bytes(table.get(place, 0) for place in range(SLOTS))
    Path(__file__).with_name("five.bin").write_bytes(bytes(shifts) + points_at)


if __name__ == "__main__":
    _write()
