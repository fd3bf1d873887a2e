"""Counting a hand or crib at the show, with every combination that scores.

The laws (the book, § 81 and § 84): every fifteen 2; a pair 2, pair royal 6, double pair
royal 12 (that is, 2 for every pair of cards of one rank); sequences count their length,
once for each way of taking them (so a double run of three is 6); a flush counts one a
card, and "for a flush in the crib, the turned-up card must be of the same suit" (§ 81 vii);
the knave of the suit turned up, his nob, 1. His heels (a knave turned up, 2 to the
dealer, § 81 viii) belongs to the deal, not to any hand's count.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
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


def rank_points(ordinals: Sequence[int]) -> int:
    """Fifteens, pairs and runs of cards given by their rank ordinals, in any order: five
    looked up, other numbers counted."""
    if len(ordinals) == 5:
        return _FIVE[sum([_WEIGHT[r] for r in ordinals])]
    from . import stats  # other sizes only (five- and eight-card): not on six-card's import

    return stats.rank_points(ordinals)


def show_points(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The same total as `count_hand(...).total`, without listing combinations (the replay
    counts three shows a deal, the advisor thousands)."""
    key, flush, nobs = _ranks_flush_nobs(hand, starter, crib)
    if len(hand) == 4:
        return _FIVE[key] + flush + nobs
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
        fifteens = (_FIVE[key] - pairs - runs) // 2
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
_FIFTEENS_SAID = tuple(", ".join(f"fifteen {2 * n}" for n in range(1, k + 1)) for k in range(25))
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

# What the ranks of five cards score (fifteens, pairs and runs), for every multiset of five ranks
# in the order combinations_with_replacement(range(1, 14), 5) makes them: the show of four cards
# and a starter, before the flush and his nob. A constant of the rules of counting, so that a
# replay does not work out again what thousands of deals share. Written by `python -m
# scorekeeper.games.cribbage.count`, from `stats.rank_points`; tests/games/test_crib_show.py
# checks every entry against it. (Here, not a module of its own: an import less for every command.)
POINTS = bytes.fromhex(
    "140c0c0c0c0c0c0c0c0c0c0c0c080f06060606060608080808080606060606080c0c0c0c08060606080c0c0c0c0c0806"
    "080c0c080808080a0c0c08060606060e0806060606060806060606060806060606080606060806060806080810040404"
    "04040608080808100a0808080a0c0c0c0c0c040202040606060606060404060606040404040806060402020202080402"
    "020202020402020202020402020202040202020402020402040804040406080608080808040504060404080808080606"
    "040406060606060604060404040404080402040404040402040404040404040404080606060806060806080806080604"
    "080c0c0c0c08070204080808080804040606060606060804040606060604040606060608080808080c0a0a0a0c0a0a0c"
    "0a0c0a0404080c080808080407080804040404080606040404040808060606060c080808080806060608060608060808"
    "080c08040404040c0d06040404040c0806060606080404040404020202040202040204140c0808080808080704040404"
    "040202020204020202040202040204080404040404040502020204020202040202040204080404040404050202040202"
    "04020408040404040502040204080404040504080404080c0f0606060608080c0c0c0c100a08080a0a0c0e0e0e0e0402"
    "040406060606060606040606040606060608060404040404040604020404040404020404040404040404040806060608"
    "06060806080f0a080a0a0a0e0c0c0c0c0a07060608080808080807050705070707070709050507050505050705050505"
    "050505050505050509070707070907070709070709070908040404060606060606040502040404040404040204040202"
    "020204040202020202060404040404060404040406040404060404060406080206060606060606040704040202020208"
    "0604040404040604040404040604040404060404040604040604060c0808080404040408090402020202060402020202"
    "0602020202020000000200000200020c0804040404040605020202020200000000020000000200000200020602020202"
    "020203000000020000000200000200020602020202020300000200000200020602020202030002000206020202030206"
    "0202060c060808060c0c06060606060a0206080404040404040606040604040404080206060202020206060402020202"
    "080604040404080404040404020202040202040204080804080602060606060a08070505070707070402040202020202"
    "080602040404040602040404040202020202060404040604040604060806060206060606060807040604040404080404"
    "040404040202020202020604040404060404040604040604060c04080804040404040702000000000604020202020602"
    "020202020000000200000200020c08040404040406050202020202000000000200000002000002000206020202020202"
    "030000000200000002000002000206020202020203000002000002000206020202020300020002060202020302060202"
    "060c060c0c06060c0c0c0c080e0402040808080808060606080808080a06040808080804020606060604060606060c0a"
    "0a0a0c0a0a0c0a0c0e0e0404080a0a0a0a0c060709090909090402020404040402020404040406060606060a0808080a"
    "08080a080a0602060604040404040702020202020604040404040604040404060404040604040604060c080406060606"
    "060504040404020202020206040404060404060406060204040404020502020206040404060404060406060404040406"
    "0704040604040604060c0808080809060806080c08080809080c08080c140808080e0e0e0e0e04080408060606060604"
    "06060606060406060606060c0a0a0a0a0c0a0a0a0c0a0a0c0a0c06080608040404040a0807050505050606040404040a"
    "06060606060404040604040604060c080606060606060704040404060404040406040404060404060406060404040404"
    "0607040404060404040604040604060c08080808080906060806060806080c0808080809060806080c08080809080c08"
    "080c0c060c0c06060606060e06020202020c0a060606060c06060606040202020402020402040c100604040404100a07"
    "0707070602020202020000000200000200020c08060606060807040404040202020402020402040c0606060604050202"
    "040202040204060202020203000200020602020203020602020618120c0c0c0c0c0e0e08080808060404040406040404"
    "0604040604060c0c060606060a0605050504020202040202040204060202020202030000020000020002060202020203"
    "00020002060202020302060202060c060606060604080202020402020204020204020406080202020804030302000002"
    "000206020202020300020002060202020302060202060c06060606040802020402020402040608020208040302000206"
    "0202020302060202060c060606040802040204060802080402060202060c0606040804060808060c0604060c140c0c0c"
    "0c0e0c140c0c0c0c080f0608060c080c0c0c0c0808060c060e06060606080c060c0808080808080c060a060606060808"
    "08060606060808060606060c0808080808060606080606080608081006040808060c0c0c0c120a0c0a0c0c0c0c0c0c08"
    "040408020808080806060404060606060406020606060608040808080804060606060c0a0a0a0c0a0a0c0a0c0808040a"
    "040c040404040409040606040404040408020802020202080608040404040406020202020c0606060604020202040202"
    "0402040a08040c0408080808080b080606060606040802040404040c0608080808040404040408060606080606080608"
    "080c0408040404040c0b0806060606040402020202080404040404020202040202040204080804040404040807040404"
    "040402020202040202020402020402040804040404040405020202040202020402020402040804040404040502020402"
    "0204020408040404040502040204080404040504080404080c1106080c060c0c0c0c0c100c0c0a0c0c0c0c0c0c080208"
    "04040808080808060206060606060806060808080804040606060608080808080c0a0a0a0c0a0a0c0a0c110c0c0a0c0c"
    "0a0a0a0a0c09060806080808080b07070907070707050705050505050907070707070907070707090707070907070907"
    "090e040808040a0a0a0a04070202040404040606020606060606020606060602040404040a0808080a08080a080a0c08"
    "040806060606060704040404040202020202020604040404060404040604040604060606020404040406050404040402"
    "020202020604040406040406040606020404040402050202020604040406040406040606040404040607040406040406"
    "04060c0808080809060806080c08080809080c08080c0c0c060c060c06060606080e0606080606060604060208020202"
    "02080608040404040406020202020c0606060604020202040202040204080c020604060606060c080709070707070204"
    "02020202020604040404040604040404060404040604040604060606020802020202060706020202020204000000000a"
    "040404040200000002000002000206060402020202060702020202060202020202000000020000020002060402020202"
    "0605020202020000000200000200020c0606060604050202040202040204060202020203000200020602020203020602"
    "02061408080e080e0e0e0e040a060406060606040802060606060c060a0a0a0a04060606060c0a0a0a0c0a0a0c0a0c06"
    "0c0406040404040c0a0707070707060404040404060404040406040404060404060406060802040404040a0706060606"
    "0202020202060404040604040604060c0608080808040704040408060606080606080608060404040406070404060404"
    "0604060c0808080809060806080c08080809080c08080c0c0c060c060606060c0e0a060606060406020202020c060606"
    "06040202020402020402040c1008060606060e0a07070707080404040404020202040202040204060402020202060502"
    "0202020000000200000200020c060606060405020204020204020406020202020300020002060202020302060202060c"
    "0c06060606060c0c060606060402020202040202020402020402040c0c060606060a0605050504020202040202040204"
    "06020202020203000002000002000206020202020300020002060202020302060202060c060606060604080202020402"
    "020204020204020406080202020804030302000002000206020202020300020002060202020302060202060c06060606"
    "0408020204020204020406080202080403020002060202020302060202060c0606060408020402040608020804020602"
    "02060c0606040804060808060c0604060c160c0c140c0c180c0c0c0c081508060c0c0606060608080c060c0808080812"
    "0808100808080808080c06060606080c06060606140c0c0c0c080606060806060806080c1404060c0604040404140e0e"
    "0e0c0c0c0c0c0802060602020202040804020202020c08060606060804040404040202020402020402040a040c040608"
    "08080808090206040404040c0808080808080404040404040806060606080606060806060806081408080e0808080804"
    "0706020202020406020202020c0606060604020202040202040204080806040404040809040404040804040404040202"
    "020402020402040806040404040807040404040202020402020402040e08080808060704040604040604060804040404"
    "0502040204080404040504080404081411080e0e0808080808100e0c0c080a0a0a0a0604060402020202080a04040404"
    "040c0606060606040202020204020202040202040204110e0c0a080c0c0c0c1009080808080808090905070707070905"
    "070707070505050505090707070907070907090c04060804040404020702000000000604020202020602020202020000"
    "00020000020002060802020202020a07040404040200000000020000000200000200020c060606060604050202020402"
    "0202040202040204060202020202030000020000020002060202020203000200020602020203020602020614080e0808"
    "0e0e0e0e060c0204060606060c08060a0a0a0a04020606060604060606060c0a0a0a0c0a0a0c0a0c0c0c040806060606"
    "0c0807070707070202020202020604040404060404040604040604060c0a060808080808070606060604040404040806"
    "06060806060806080602040404040205020202060404040604040604060604040404060704040604040604060c080808"
    "0809060806080c08080809080c08080c180c0c120c0c0c0c060c08040404040608040404040e08080808060404040604"
    "04060406060c04020202020c080505050506020202020200000002000002000206040202020206050202020200000002"
    "00000200020c060606060405020204020204020406020202020300020002060202020302060202060c0c06060606060c"
    "0c060606060402020202040202020402020402040c0c060606060a060505050402020204020204020406020202020203"
    "000002000002000206020202020300020002060202020302060202060c06060606060408020202040202020402020402"
    "0406080202020804030302000002000206020202020300020002060202020302060202060c0606060604080202040202"
    "04020406080202080403020002060202020302060202060c060606040802040204060802080402060202060c06060408"
    "04060808060c0604060c140c0c180c0c0c0c0c0c08150c060608080808080c060806060606140e0c0c0c0c0c08060606"
    "06060806060606080606060806060806080a180604040808080818100c0e0e0e0e0e0806040606060604020404040404"
    "040404040806060608060608060808060408040404040809060404040404040202020208040404040402020204020204"
    "02040e0c08080808080a0906060606060404040406040404060404060406080404040404040502020204020202040202"
    "040204080404040404050202040202040204080404040405020402040804040405040804040814170808080e0e0e0e18"
    "0e0c0e101010100404020606060604020606060604060606060c0a0a0a0c0a0a0c0a0c150e0c100e0e0e0e0c09080808"
    "08080707070707070b090909090b0909090b09090b090b06060204040404060504040404020202020206040404060404"
    "0604060602040404040205020202060404040604040604060604040404060704040604040604060c0808080809060806"
    "080c08080809080c08080c0c06060c06060606040a06020202020406020202020c060606060402020204020204020406"
    "0c04020202020c0805050505060202020202000000020000020002060402020202060502020202000000020000020002"
    "0c060606060405020204020204020406020202020300020002060202020302060202060c0c06060606060c0c06060606"
    "0402020202040202020402020402040c0c060606060a0605050504020202040202040204060202020202030000020000"
    "02000206020202020300020002060202020302060202060c060606060604080202020402020204020204020406080202"
    "020804030302000002000206020202020300020002060202020302060202060c06060606040802020402020402040608"
    "0202080403020002060202020302060202060c060606040802040204060802080402060202060c060604080406080806"
    "0c0604060c28141414141c1c1c1c0a11080a0e0e0e0e0a0a080e0e0e0e0a080e0e0e0e0a0e0e0e0e1614141416141416"
    "14160810040808080808100c0a0c0c0c0c04040606060608080808080c0a0a0a0c0a0a0c0a0c08080408080808080708"
    "08080804060606060c0a0a0a0c0a0a0c0a0c08040808080804090606060c0a0a0a0c0a0a0c0a0c08080808080c0d0a0a"
    "0c0a0a0c0a0c1410101010110e100e10141010101110141010140c0f060c08080808100c0c0a0a0a0a0406040404040c"
    "08080808080606060806060806080f0e0a0a0a0a0a0e0908080808090707070709070707090707090709060404040404"
    "0607040404060404040604040604060c08080808080906060806060806080c0808080809060806080c08080809080c08"
    "080c0c0c06080808080c0c080808080404040404080606060806060806080c0c080808080a0807070708060606080606"
    "0806080604040404060704040604040604060c0808080809060806080c08080809080c08080c0c0608080808040a0404"
    "0408060606080606080608060a0404040c0807070604040604060c0808080809060806080c08080809080c08080c0c08"
    "080808080c06060806060806080c0e08080e0a090806080c08080809080c08080c140e0e0e0c100a0c0a0c0e100a100c"
    "0a0e0a0a0e140e0e0c100c0e10100e140e0c0e14140c0c140c0c0c0c08110c06060606080c06060606140c0c0c0c0806"
    "06060806060806080814080404040414100a0a0a0a0c06060606040202020402020402040808040404040c0906060604"
    "020202040202040204140c0c0c0c0809060608060608060808040404040502040204080404040504080404080c150806"
    "06060618100c0c0c0c08040404040402020204020204020415100c0c0c0c1009080808070505050705050705070c0606"
    "06060405020204020204020406020202020300020002060202020302060202060c0806060606080a0404040402020204"
    "02020402040c0c0606060a0605050402020402040602020202030002000206020202030206020206140c0c0c0c080c06"
    "06080606080608080a04040a0605040204080404040504080404080c060606040802040204060802080402060202060c"
    "0606040804060808060c0604060c14140c0c0c0c0c14150c0c0c0c08060606060806060608060608060814180c0c0c0c"
    "140e0c0c0c08060606080606080608080404040404050202040202040204080404040405020402040804040405040804"
    "040814150c0c0c0c140e0c0c0c08060606080606080608110c0a0a0a0c07060607050507050708040404040502040204"
    "080404040504080404080c060606060408020204020204020406080202080403020002060202020302060202060c0606"
    "06040802040204060802080402060202060c0606040804060808060c0604060c140c0c0c0c0c080f0606060806060608"
    "06060806080810040404100a080804020204020408040404040502040204080404040504080404080c0f060606100a08"
    "080402020402040f0a08080a0504050305060202020302060202060c060606040802040204060802080402060202060c"
    "0606040804060808060c0604060c140c0c0c0c080f060608060608060808100404100a08040204080404040504080404"
    "080c0f0606100a080402040f0a080a0505060202060c0606040804060808060c0604060c140c0c0c080f060806080810"
    "04100a04080404080c0f06100a040f0a0a060c0604060c140c0c080f08081010080c0f100f0c140c08080c14")
# the same by the sum of the ranks' weights, made at import
_FIVE: Dict[int, int] = dict(zip(map(sum, combinations_with_replacement(_WEIGHT[1:], 5)), POINTS))


def _write() -> None:  # pragma: no cover - run by hand when the counting changes
    from pathlib import Path

    from .stats import FULL_RANKS, rank_points

    path = Path(__file__)
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition("POINTS = bytes.fromhex(\n")
    tail = rest[rest.index(")\n") + 2:]
    hexed = bytes(rank_points(k) for k in combinations_with_replacement(FULL_RANKS, 5)).hex()
    body = "\n".join(f'    "{hexed[i:i + 96]}"' for i in range(0, len(hexed), 96))
    path.write_text(f"{head}POINTS = bytes.fromhex(\n{body})\n{tail}", encoding="utf-8")


if __name__ == "__main__":
    _write()
