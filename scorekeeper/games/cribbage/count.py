"""Counting a hand or crib at the show, with every combination that scores.

The laws (the book, § 81 and § 84): every fifteen 2; a pair 2, pair royal 6, double pair
royal 12 (that is, 2 for every pair of cards of one rank); sequences count their length,
once for each way of taking them (so a double run of three is 6); a flush counts one a
card, and "for a flush in the crib, the turned-up card must be of the same suit" (§ 81 vii);
the knave of the suit turned up, his nob, 1. His heels (a knave turned up, 2 to the
dealer, § 81 viii) belongs to the deal, not to any hand's count.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ...cards import Card, Rank, check_no_duplicates
from ...model import ScorekeeperError
from .stats import RankParts, rank_parts_cached, rank_points_cached

# how many cards a hand holds at the show: five-card, six-card, eight-card cribbage
HAND_SIZES = (3, 4, 6)

_JACK = Rank.JACK
_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@dataclass(frozen=True)
class Combination:
    """One scoring combination: its kind, the cards that make it, and its points."""

    kind: str  # fifteen, pair, run, flush, nobs
    cards: Tuple[Card, ...]
    points: int


@dataclass(frozen=True)
class Count:
    hand: Tuple[Card, ...]
    starter: Card
    crib: bool
    combinations: Tuple[Combination, ...]

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
    combos: List[Combination] = []
    combos += fifteens(every)
    combos += pairs(every)
    combos += runs(every)
    combos += flush(hand, starter, crib)
    combos += nobs(hand, starter)
    return Count(hand, starter, crib, tuple(combos))


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
    parts: List[str] = []
    running = 0
    for combo in count.combinations:
        if combo.kind == "fifteen":
            running += 2
            parts.append(f"fifteen {running}")
    groups = [(_pairs_phrase(count), count.pairs), (_runs_phrase(count), count.runs),
              (f"a flush of {_word(count.flush)}", count.flush), ("his nobs", count.nobs)]
    for phrase, points in groups:
        if points:
            running += points
            verb = "make" if _plural(phrase) else "is"   # "and the runs make 14", not "is"
            parts.append(f"{phrase} {verb} {running}" if parts else f"{phrase}, {running}")
    if not parts:
        return "nineteen (nothing: 0)"  # the players' word for a hand that scores nothing
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", and " + parts[-1]
    if not text.endswith(str(count.total)):
        text += f": {count.total}"
    return text


def _plural(phrase: str) -> bool:
    return phrase.startswith("two ") or " and " in phrase


def _word(n: int) -> str:
    return _NUMBERS.get(n, str(n))


def _pairs_phrase(count: Count) -> str:
    by_rank: Dict[Rank, int] = {}
    for combo in count.combinations:
        if combo.kind == "pair":
            by_rank[combo.cards[0].rank] = by_rank.get(combo.cards[0].rank, 0) + 1
    names = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}
    words = [names[n] for n in by_rank.values()]
    if words == ["a pair", "a pair"]:
        return "two pairs"
    return " and ".join(words)


def _runs_phrase(count: Count) -> str:
    found = [c for c in count.combinations if c.kind == "run"]
    if not found:
        return ""
    stretches: Dict[Tuple[int, ...], int] = {}
    for c in found:
        key = tuple(sorted(card.rank.ordinal for card in c.cards))
        stretches[key] = stretches.get(key, 0) + 1
    # eight-card cribbage can hold two separate sequences: name each ("a run of three and a
    # run of four"), rather than "the runs", which reads as one
    names = {1: "a run", 2: "a double run", 3: "a triple run", 4: "a double-double run"}
    return " and ".join(f"{names.get(many, f'{many} runs')} of {_word(len(key))}"
                        for key, many in sorted(stretches.items()))


def table(count: Count) -> List[List[str]]:
    """Rows of (kind, cards, points) for every scoring combination."""
    rows = [[c.kind, " ".join(str(card) for card in c.cards), str(c.points)] for c in count.combinations]
    return rows


# ---------------------------------------------------------------- the total alone, fast


def show_points(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The same total as `count_hand(...).total`, without listing combinations (for the
    advisor, which counts hundreds of shows). Ranks are scored once per rank pattern."""
    if len(hand) < 7:  # the ranks by the sum of their weights (see `spoken`): no sort
        key = _WEIGHT[starter.ordinal]
        for c in hand:
            key += _WEIGHT[c.ordinal]
        total = _POINTS_BY_WEIGHT.get(key)
        if total is None:
            total = rank_points_cached(tuple(sorted([starter.ordinal, *(c.ordinal for c in hand)])))
            _remember(_POINTS_BY_WEIGHT, key, total)
    else:
        total = rank_points_cached(tuple(sorted([starter.ordinal, *(c.ordinal for c in hand)])))
    flush, nobs = _flush_and_nobs(hand, starter, crib)
    return total + flush + nobs


_WEIGHT = tuple(8 ** ordinal for ordinal in range(14))  # a multiset of ranks: the sum of its weights
_POINTS_BY_WEIGHT: Dict[int, int] = {}  # the ranks (the sum of their weights) -> rank_points


def _flush_and_nobs(hand: Sequence[Card], starter: Card, crib: bool) -> Tuple[int, int]:
    """The flush (the whole hand of one suit: a point a card, one more with the starter's; a
    crib only with the starter's) and his nob (the knave of the starter's suit), in one pass:
    a replay of a long sitting counts three shows a deal."""
    suit, turned, same, nobs = hand[0].suit, starter.suit, True, 0
    for c in hand:
        if c.suit is not suit:
            same = False
        if c.rank is _JACK and c.suit is turned:
            nobs += 1
    if not same:
        return 0, nobs
    return (len(hand) + 1 if turned is suit else 0 if crib else len(hand)), nobs


def spoken(hand: Sequence[Card], starter: Card, crib: bool = False) -> Tuple[int, str]:
    """(the total, the count as a player says it): the same as `count_hand`'s total and
    `say(count_hand(...))`, worded from the ranks without listing the combinations. The cards
    are taken as checked (the replay checks a deal's cards once; `count_hand` checks them).

    What the ranks say (their fifteens, pairs and runs: a `_Stem`) is remembered for each
    rank pattern, and each wording for each stem with its flush and nob: the thousands of
    patterns a long sitting shows word themselves in a few hundred ways."""
    if len(hand) < 7:  # the ranks by their weights: no sort (at most 7 cards of a rank)
        key: Any = _WEIGHT[starter.ordinal]
        for c in hand:
            key += _WEIGHT[c.ordinal]
    else:
        key = tuple(sorted([starter.ordinal, *(c.ordinal for c in hand)]))
    stem = _STEMS.get(key)
    if stem is None or stem is _ORDERED:  # new, or which of two paired ranks is said first
        ordinals = [c.ordinal for c in hand]  # follows the order of the cards
        ordinals.append(starter.ordinal)
        ranks = tuple(sorted(ordinals))
        stem = _stem(key, ranks, ordinals) if stem is None else _ordered_stem(ranks, ordinals)
    flush, nobs = _flush_and_nobs(hand, starter, crib)
    found = stem.words.get(2 * flush + nobs)
    if found is None:
        found = stem.words[2 * flush + nobs] = _word_count(stem, flush, nobs)
    return found


class _Stem:
    """What the ranks of a show say: how many fifteens, then the pairs and the runs, each
    phrase with its points; and the wordings made of it so far, by 2 * flush + nob."""

    __slots__ = ("fifteens", "groups", "points", "words")

    def __init__(self, fifteens: int, groups: Tuple[Tuple[str, int], ...]) -> None:
        self.fifteens = fifteens
        self.groups = groups
        self.points = 2 * fifteens + sum(points for _, points in groups)
        self.words: Dict[int, Tuple[int, str]] = {}


_ORDERED = _Stem(0, ())  # the mark of a rank pattern whose pairs are said in the cards' order
_STEMS: Dict[Any, _Stem] = {}  # the ranks (the sum of their weights) -> their stem, or _ORDERED
_BY_ORDER: Dict[Tuple[Tuple[int, ...], Tuple[int, ...]], _Stem] = {}  # (ranks, paired order) -> stem
_SAID: Dict[Tuple[int, Tuple[Tuple[str, int], ...]], _Stem] = {}  # one stem for each way of saying
_MOST = 100_000  # remembered at most (rank patterns are few: a bound, never reached in play)


def _stem(key: Any, ranks: Tuple[int, ...], ordinals: Sequence[int]) -> _Stem:
    """The stem of a rank pattern (`ordinals`: the cards' ranks in their order), remembered
    by its `key`."""
    if len(ranks) == 5:
        found = five_stem(ranks)
    else:
        found = None if len({n for n in _multiplicities(ranks) if n > 1}) > 1 else \
            _said(rank_parts_cached(ranks), ordinals)
    if found is None:  # a pair and a pair royal: which is said first follows the cards
        _remember(_STEMS, key, _ORDERED)
        return _ordered_stem(ranks, ordinals)
    _remember(_STEMS, key, found)
    return found


def five_stem(ranks: Tuple[int, ...]) -> Optional[_Stem]:
    """The stem of five sorted ranks (a show of four cards and a starter), when they are said
    alike in every order (None: a pair and a pair royal, said in the order of the cards):
    `_said` of their parts, counted in one pass, the fifteens from five.py's table of points
    (tests/games/test_crib_fast.py compares every five)."""
    distinct: List[int] = []
    mults: List[int] = []
    for r in ranks:
        if distinct and distinct[-1] == r:
            mults[-1] += 1
        else:
            distinct.append(r)
            mults.append(1)
    paired = [m for m in mults if m > 1]
    if len(paired) > 1 and paired[0] != paired[1]:
        return None
    groups = []
    pairs = sum(m * (m - 1) for m in paired)
    if pairs:
        groups.append((_FIVE_PAIRS[len(paired), paired[0]], pairs))
    runs = 0
    i, n = 0, len(distinct)
    while i < n:  # five cards hold one stretch of three ranks or more at most
        j = i
        while j + 1 < n and distinct[j + 1] == distinct[j] + 1:
            j += 1
        if j - i >= 2:
            ways = 1
            for m in mults[i:j + 1]:
                ways *= m
            runs = (j - i + 1) * ways
            groups.append((_runs_said(((tuple(distinct[i:j + 1]), ways),)), runs))
        i = j + 1
    key = ((rank_points_cached(ranks) - pairs - runs) // 2, tuple(groups))
    found = _SAID.get(key)
    if found is None:
        found = _Stem(*key)
        _remember(_SAID, key, found)
    return found


# the pairs of five cards said alike in every order: (how many ranks paired, cards of each)
_FIVE_PAIRS = {(1, 2): "a pair", (1, 3): "a pair royal", (1, 4): "a double pair royal", (2, 2): "two pairs"}


def _ordered_stem(ranks: Tuple[int, ...], ordinals: Sequence[int]) -> _Stem:
    order = _paired_order(ordinals)
    found = _BY_ORDER.get((ranks, order))
    if found is None:
        found = _said(rank_parts_cached(ranks), ordinals)
        _remember(_BY_ORDER, (ranks, order), found)
    return found


def _said(parts: RankParts, ordinals: Sequence[int]) -> _Stem:
    groups = []
    if parts.pairs:
        groups.append((_pairs_said(ordinals), parts.pairs))
    if parts.runs:
        groups.append((_runs_said(parts.stretches), parts.runs))
    key = (parts.fifteens, tuple(groups))
    found = _SAID.get(key)
    if found is None:
        found = _Stem(*key)
        _remember(_SAID, key, found)
    return found


def _remember(cache: Dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) > _MOST:
        cache.clear()
    cache[key] = value


def _multiplicities(ranks: Sequence[int]) -> List[int]:
    """How many cards of each rank (the ranks sorted), in the order of the ranks."""
    found: List[int] = []
    last = None
    for r in ranks:
        if r == last:
            found[-1] += 1
        else:
            found.append(1)
            last = r
    return found


def _paired_order(ordinals: Sequence[int]) -> Tuple[int, ...]:
    seen: List[int] = []
    for r in ordinals:
        if r not in seen:
            seen.append(r)
    return tuple(r for r in seen if ordinals.count(r) > 1)


def _word_count(stem: _Stem, flush: int, nobs: int) -> Tuple[int, str]:
    total = stem.points + flush + nobs
    said = [f"fifteen {2 * n}" for n in range(1, stem.fifteens + 1)]
    running = 2 * stem.fifteens
    groups = list(stem.groups)
    if flush:
        groups.append((f"a flush of {_word(flush)}", flush))
    if nobs:
        groups.append(("his nobs", nobs))
    for phrase, points in groups:
        running += points
        verb = "make" if _plural(phrase) else "is"
        said.append(f"{phrase} {verb} {running}" if said else f"{phrase}, {running}")
    if not said:
        return total, "nineteen (nothing: 0)"
    text = said[0] if len(said) == 1 else ", ".join(said[:-1]) + ", and " + said[-1]
    if not text.endswith(str(total)):
        text += f": {total}"
    return total, text


_PAIR_NAMES = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}


def _pairs_said(ordinals: Sequence[int]) -> str:
    """As `_pairs_phrase` says it: the ranks paired in the order their first pair is listed
    (by the first card of the rank, hand then starter)."""
    counts: Dict[int, int] = {}
    for r in ordinals:
        counts[r] = counts.get(r, 0) + 1
    words = [_PAIR_NAMES[n * (n - 1) // 2] for n in counts.values() if n > 1]
    if words == ["a pair", "a pair"]:
        return "two pairs"
    return " and ".join(words)


_RUN_NAMES = {1: "a run", 2: "a double run", 3: "a triple run", 4: "a double-double run"}


def _runs_said(stretches: Sequence[Tuple[Tuple[int, ...], int]]) -> str:
    """As `_runs_phrase` says it, from the stretches (in order of their ranks)."""
    return " and ".join(f"{_RUN_NAMES.get(many, f'{many} runs')} of {_word(len(key))}"
                        for key, many in stretches)
