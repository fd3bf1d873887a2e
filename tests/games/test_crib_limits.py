"""The most one deal of cribbage can score, part by part, found by enumeration: a total typed
as NAME=N above the sum of its parts' maxima is refused (issue 33: a slip of one digit must
not end a game)."""

from __future__ import annotations

import ctypes
import gc
import random
from collections import Counter
from itertools import combinations_with_replacement, product
from typing import Any, Dict, List, Sequence, Tuple

import pytest

from scorekeeper.cards import Card, Rank, Suit
from scorekeeper.games.cribbage import stats as crib_stats
from scorekeeper.games.cribbage.count import count_hand
from scorekeeper.games.cribbage.game import CRIB_MOST, HAND_MOST, PLAY_MOST, Cribbage
from scorekeeper.games.cribbage.play import play

JACK = 11
RANKS = {r.ordinal: r for r in Rank}


def most_show(size: int, crib: bool) -> Tuple[int, Tuple[int, ...], int]:
    """(the most a show of `size` cards and the starter counts, the ranks held, the starter's
    rank), over every multiset of ranks: fifteens, pairs and runs by the ranks, then the best
    the suits allow (§ 81 vii: a flush of the hand, or of all five, in the crib only all five;
    his nob, a knave in hand of the starter's suit)."""
    best = (0, (), 0)
    for held in combinations_with_replacement(range(1, 14), size):
        counts = Counter(held)
        if max(counts.values()) > 4:
            continue
        distinct = len(counts) == size
        for starter in range(1, 14):
            if counts[starter] == 4:
                continue
            suits = 1 if JACK in counts else 0            # his nob
            if distinct and not crib:
                suits = max(suits, size)                   # the hand one suit, the starter another
            if distinct and starter not in counts:
                suits = size + 1 + (1 if JACK in counts else 0)  # all of one suit, his nob with it
            points = crib_stats.rank_points(held + (starter,)) + suits
            if points > best[0]:
                best = (points, held, starter)
    return best


@pytest.mark.parametrize("size, crib, table", [(3, False, HAND_MOST), (4, False, HAND_MOST), (6, False, HAND_MOST),
                                               (4, True, CRIB_MOST), (3, True, CRIB_MOST)])
def test_the_most_a_hand_or_crib_shows_is_found_by_enumeration(size, crib, table):
    found, held, starter = most_show(size, crib)
    assert table[size] == found
    # and that show is one real cards make, counted combination by combination: the best of
    # every way to give those ranks their suits
    ranks = held + (starter,)
    shows = []
    for suits in product(list(Suit), repeat=len(ranks)):
        cards = [Card(RANKS[r], suit) for r, suit in zip(ranks, suits)]
        if len(set(cards)) == len(cards):
            # (count_hand counts a crib of four; a crib of three is counted as a hand: no
            # flush of three beats 5 5 5 and a 5)
            shows.append(count_hand(cards[:-1], cards[-1], crib=crib and size == 4).total)
    assert max(shows) == found


def test_a_hand_of_three_with_the_starter_counts_at_most_twenty():
    # issue 33: 5 5 5 held and a 5 turned: a double pair royal (12) and four fifteens (8)
    five = [Card(Rank.FIVE, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)]
    assert count_hand(five, Card(Rank.FIVE, Suit.CLUBS)).total == 20 == HAND_MOST[3]


# ---------------------------------------------------------------- the play

PIPS = [0] + [min(r, 10) for r in range(1, 14)]
UP_TO = [sum(PIPS[:r + 1]) for r in range(14)]  # the pips of every rank up to r, one each
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
# The play as the laws and `play` have it, which the search below and `play_out` both model:
# a card may be played while the count stays within thirty-one; a player plays when he can
# (§ 82 xxi) and says go only when none of his cards can be, so every card he keeps is above 31
# less the count (and he plays no lower one later); the others play on in turn as far as they
# can; the last card takes the go (1), thirty-one its two instead (§ 81 ix, § 84); pairs, runs
# and fifteens count within one count, as `play` scores them. Five-card is that one count ("such
# cards as remain after this are not played", § 84). Otherwise the count starts again "till all
# are played out" (§ 87); a player with no cards left is passed over. Who leads it: "the next
# eldest hand leads" (§ 87), read two ways: the player after the one who played the last card
# (today's rule, and in two hands the one who did not play it), or the player after the one
# who led the count before (the lead going round: `rotate`). The first count is led by the
# player on the dealer's left; seats are counted from him (0), the dealer last. Suits do not
# matter in the play: a play is its ranks, four of each.


def play_out(hands: Sequence[str], order: str, one_count: bool = False, rotate: bool = False) -> List[int]:
    """What each seat pegs when the cards of `hands` (seat 0 on the dealer's left) are played in
    `order`, every step checked against the laws above, every count scored by `play`."""
    held = [[Card.parse(c) for c in hand.split()] for hand in hands]
    seats = len(held)
    cards = [Card.parse(c) for c in order.split()]
    pegged = [0] * seats
    turn, count, played, whose, lead = 0, 0, [], [], 0
    while True:
        able = [s for s in ((turn + k) % seats for k in range(seats))
                if any(count + c.rank.pips <= 31 for c in held[s])]
        if able and count < 31:
            card = cards.pop(0)
            assert card in held[able[0]], f"{card}: seat {able[0]} is to play"  # the others say go
            held[able[0]].remove(card)
            played.append(card)
            whose.append(able[0])
            count += card.rank.pips
            turn = (able[0] + 1) % seats
            continue
        for peg, seat in zip(play(played), whose):
            pegged[seat] += peg.points
        if one_count or not any(held):
            assert not cards
            return pegged
        after = lead if rotate else whose[-1]
        turn = lead = next(s for s in ((after + k) % seats for k in range(1, seats + 1)) if held[s])
        count, played, whose = 0, [], []


# The most each seat pegs, and a deal that pegs it (found by the search below).
BEST_PLAYS = {
    # five-card, the non-dealer: ace, seven (the dealer), seven (fifteen and a pair), seven,
    # seven (a double pair royal); the dealer, holding a king, says go: 17
    ("five-card", 0): (("AH 7H 7C", "7S 7D KS"), "AH 7S 7H 7D 7C"),
    # the dealer: a ten led; five (fifteen); five, five (a pair royal); the non-dealer, holding
    # a king, says go; the dealer's last five (a double pair royal) and the go: 21
    ("five-card", 1): (("10H 5H KS", "5S 5D 5C"), "10H 5S 5H 5D 5C"),
    # six-card, the non-dealer: four, six, five (fifteen and a run of three: 5), five, five (a
    # pair royal: 6); the dealer, holding two sevens, says go; five (a double pair royal and the
    # go: 13); the dealer plays out his sevens alone: 24
    ("six-card", 0): (("4S 5S 5D 5C", "6S 5H 7S 7H"), "4S 6S 5S 5H 5D 5C 7S 7H"),
    # the dealer: seven, seven (a pair), seven, seven (a double pair royal), both say go (the
    # go); four, four, four, four (the same again): 2 + 12 + 1, twice: 30
    ("six-card", 1): (("7S 7D 4S 4D", "7H 7C 4H 4C"), "7S 7H 7D 7C 4S 4H 4D 4C"),
    # eight-card, the non-dealer: as in six-card (24); then the dealer leads seven, seven, seven,
    # seven (a pair and a double pair royal to the non-dealer), and says go (the go): 39
    ("eight-card", 0): (("4S 5S 5D 5C 7H 7C", "6S 5H 7S 7D 8S 8H"),
                        "4S 6S 5S 5H 5D 5C 7S 7H 7D 7C 8S 8H"),
    # the dealer: ace, ace, ace, ace, six, six, six, six (two pairs and two double pairs royal,
    # count 28), both say go (the go); four, four, four, four (a pair, a double pair royal, the
    # go): 44
    ("eight-card", 1): (("AS AD 6S 6D 4S 4D", "AH AC 6H 6C 4H 4C"),
                        "AS AH AD AC 6S 6H 6D 6C 4S 4H 4D 4C"),
    # three hands, the eldest, the lead going round: two, two, two, two (a double pair royal),
    # nine, ten; he holds two fives and says go; ace, ace (the go to the third); the second
    # leads the next count: five, five, five (fifteen and a pair royal), five (a double pair
    # royal and the go): 33 (31 when the player after the last card leads, EACH_READING)
    (3, 0): (("2S 2C 5D 5C", "2H 9S AS 5S", "2D 10S AH 5H"), "2S 2H 2D 2C 9S 10S AS AH 5S 5H 5D 5C"),
    # the second: seven, two, two, two, two (fifteen and a double pair royal), four, four, four
    # (a pair royal), the others holding fives say go, four (thirty-one and a double pair
    # royal): 34
    (3, 1): (("7S 2D 4H 5H", "2S 2C 4D 4C", "2H 4S 5S 5D"),
             "7S 2S 2H 2D 2C 4S 4H 4D 4C 5S 5H 5D"),
    # the dealer: ace, two, three (a run of three), three, three, three (fifteen and a double
    # pair royal), four, four, four (a pair royal), the others holding fives say go, four
    # (thirty-one and a double pair royal): 37
    (3, 2): (("AS 3S 4S 5S", "2S 3H 4H 5H", "3D 3C 4D 4C"),
             "AS 2S 3D 3S 3H 3C 4S 4H 4D 4C 5S 5H"),
}


# The most of three hands by each reading of who leads a count after the first (False: the
# player after the one who played the last card; True: the lead going round): the limit is
# the greater, so that neither way of playing is refused.
EACH_READING = {(3, False): (31, 34, 37), (3, True): (33, 34, 37)}


@pytest.mark.parametrize("key, seat", list(BEST_PLAYS))
def test_the_most_pegged_is_a_play_the_laws_allow(key, seat):
    hands, order = BEST_PLAYS[key, seat]
    rotate = (key, seat) == (3, 0)
    assert play_out(hands, order, key == "five-card", rotate)[seat] == PLAY_MOST[key][seat]
    assert PLAY_MOST[3] == tuple(max(a, b) for a, b in zip(EACH_READING[3, False], EACH_READING[3, True]))


def _tail_after(tail: Tuple[int, ...], rank: int, now: int) -> Tuple[Tuple[int, ...], int]:
    """(the ranks since the last repeat that a later run may still take in, the run `rank`
    makes), `rank` played onto `tail` to make the count `now`."""
    if rank in tail:
        tail = tail[tail.index(rank) + 1:]
    tail += (rank,)
    run, keep, low, high, pips = 0, 1, rank, rank, 0
    for k in range(1, len(tail) + 1):  # the last k cards: distinct ranks
        low, high = min(low, tail[-k]), max(high, tail[-k])
        pips += PIPS[tail[-k]]
        if high - low == k - 1 and k >= 3:
            run = k
        # a later run can take in the last k cards only if the ranks missing among them fit
        # within thirty-one: keep the longest stretch that can (fewer states, the same scores)
        if UP_TO[high] - UP_TO[low - 1] - pips <= 31 - now:
            keep = k
    return tail[-keep:], run


class Pegging:
    """Every play of `seats` hands (the model above), on ranks. `most` is an upper bound: the
    pack is kept only as far as no five cards of a rank follow one another (a rank may come
    again in a later count, or after other cards). It is memoised on all a later card can score
    from or be held to (the count; the cards of one rank ending it and the ranks a run may
    take in; the cards each holds; whose turn; who played last; the least card each may hold
    after a go; who led the count, when the lead goes round) and gives each seat's most at once. `best_play` searches every play the pack
    allows (four of a rank), branch and bound against `most`: exact.

    The memo is kept in two parts: the seats' side of a state (the cards each holds, whose
    turn, who played last, the least each may hold, who led) names a table, in which the
    count's side (the count, the cards of one rank ending it, the tail) is one number: a card
    played changes the seats' side the same way whatever its rank, so each state looks up one
    table for all its cards. The count's side, its numbers and its `moves` depend on no seat:
    they are shared by every search."""

    _moves: Dict[tuple, tuple] = {}
    _ids: Dict[tuple, int] = {}  # (count, same, tail): its number
    _keys: List[tuple] = []  # a number: (count, same, tail)
    _steps: List[Any] = []  # a number: (pips, the count after, the number after, what it pegs) for each move

    def __init__(self, seats: int, one_count: bool = False, rotate: bool = False) -> None:
        self.seats, self.one_count, self.rotate = seats, one_count, rotate
        self._tables: Dict[tuple, list] = {}  # the seats' sides (`seats_side`)
        self._over: Dict[tuple, Tuple[int, ...]] = {}
        self._values: Dict[Tuple[int, ...], Tuple[int, ...]] = {}

    def moves(self, count: int, same: int, tail: Tuple[int, ...]) -> tuple:
        """(rank, pips, the count after, cards of one rank ending it, the tail, what it pegs)
        for each rank that can be played on this count."""
        key = (count, same, tail)
        found = self._moves.get(key)
        if found is None:
            found = []
            for rank in range(1, 14):
                now = count + PIPS[rank]
                if now > 31:
                    break
                if tail and tail[-1] == rank:
                    if same == 4:
                        continue
                    same2, tail2, run = same + 1, (rank,), 0
                else:
                    same2 = 1
                    tail2, run = _tail_after(tail, rank, now)
                found.append((rank, PIPS[rank], now, same2, tail2,
                              run + same2 * (same2 - 1) + 2 * (now in (15, 31))))
            self._moves[key] = found = tuple(found)
        return found

    @classmethod
    def forget_counts(cls) -> None:
        """Free the count's sides numbered and their moves."""
        for table in (cls._moves, cls._ids, cls._keys, cls._steps):
            table.clear()

    def number(self, count: int, same: int, tail: Tuple[int, ...]) -> int:
        """The number of the count's side of a state."""
        key = (count, same, tail)
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = len(self._keys)
            self._keys.append(key)
            self._steps.append(None)
        return found

    def steps(self, sid: int) -> tuple:
        """`moves` of the count's side numbered `sid`: (pips, the count after, its number after,
        what it pegs) for each."""
        found = self._steps[sid]
        if found is None:
            found = self._steps[sid] = tuple((pips, now, self.number(now, same2, tail2), gain) for
                                             _, pips, now, same2, tail2, gain in self.moves(*self._keys[sid]))
        return found

    def to_play(self, count: int, left: Tuple[int, ...], turn: int, least: Tuple[int, ...]) -> int:
        """The next seat from `turn` that may still play in this count (-1: the count is over)."""
        for k in range(self.seats):
            p = (turn + k) % self.seats
            if left[p] and 31 - count >= least[p]:
                return p
        return -1

    def next_lead(self, left: Tuple[int, ...], last: int, lead: int) -> int:
        """Who leads the next count, after `last` played the last card of the count `lead` led
        (-1: the play is over)."""
        if self.one_count or not any(left):
            return -1
        after = lead if self.rotate else last
        return next(s for s in ((after + k) % self.seats for k in range(1, self.seats + 1)) if left[s])

    def most(self, count: int, same: int, tail: Tuple[int, ...], left: Tuple[int, ...], turn: int,
             last: int, least: Tuple[int, ...], lead: int) -> Tuple[int, ...]:
        """The most each seat can peg from here on (an upper bound); `lead` led this count
        (kept only when the lead goes round)."""
        sid = self.number(count, same, tail)
        side = self.seats_side(left, turn, last, least, lead)
        return side[0].get(sid) or self._most(sid, side)

    def seats_side(self, left: Tuple[int, ...], turn: int, last: int, least: Tuple[int, ...],
                   lead: int) -> list:
        """The seats' side of a state: [the memo of its states by the number of their count's
        side, (left, turn, last, least, lead), who plays on each count (found on first use),
        for each who may play the seats' side after his card, and the seats' side after a go
        on each count]."""
        key = (left, turn, last, least, lead)
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = [{}, key, [None] * 32, [None] * self.seats, {}]
        return found

    def _most(self, sid: int, side: list) -> Tuple[int, ...]:
        """`most`, the count's side numbered `sid` and the seats' side `side`."""
        memo, (left, turn, last, least, lead), players, plans, goes = side
        count = self._keys[sid][0]
        p = players[count]
        if p is None:
            p = players[count] = -1 if count == 31 else self.to_play(count, left, turn, least)
        if p < 0:  # the count is over
            memo[sid] = found = self.over(count == 31, left, last, least, lead)
            return found
        n = self.seats
        plan = plans[p]
        if plan is None:
            k = left[p] - 1
            left2 = left[:p] + (k,) + left[p + 1:]
            least2 = least if k else least[:p] + (0,) + least[p + 1:]
            # after his card the count is over when it is 31 or above what anyone holding cards
            # may still play on (`to_play`): what follows is then `over`, the same for every such
            # card (found on first use, the go and thirty-one)
            reach = max([31 - least2[q] for q in range(n) if left2[q]], default=-1)
            plan = plans[p] = [self.seats_side(left2, (p + 1) % n, p, least2, lead), reach, None, None]
        side2, reach, ended, ended31 = plan
        memo2 = side2[0]
        lowest, most = least[p], self._most
        seen, mine = [], -1  # what follows each card; the most he pegs
        for pips, now, sid2, gain in self.steps(sid):
            if pips >= lowest:
                if now == 31:
                    if ended31 is None:
                        ended31 = plan[3] = self.over(True, side2[1][0], p, side2[1][3], lead)
                    then = ended31
                elif now > reach:
                    if ended is None:
                        ended = plan[2] = self.over(False, side2[1][0], p, side2[1][3], lead)
                    then = ended
                else:
                    then = memo2.get(sid2) or most(sid2, side2)
                seen.append(then)
                if then[p] + gain > mine:
                    mine = then[p] + gain
        if count >= 22:  # a go: every card he holds is above 31 less the count
            side3 = goes.get(count)
            if side3 is None:
                side3 = goes[count] = self.seats_side(left, (p + 1) % n, last,
                                                      least[:p] + (32 - count,) + least[p + 1:], lead)
            seen.append(side3[0].get(sid) or most(sid, side3))
        best = [max(each) for each in zip(*seen)] if seen else [-1] * n
        if mine > best[p]:
            best[p] = mine
        found = tuple(best)
        memo[sid] = found = self._values.setdefault(found, found)  # one tuple for each value found
        return found

    def over(self, thirty_one: bool, left: Tuple[int, ...], last: int, least: Tuple[int, ...],
             lead: int) -> Tuple[int, ...]:
        """`most` when the count is over: the go to the last card (thirty-one pegged its two),
        then the next count. Memoised apart, on what it depends on alone."""
        key = (thirty_one, left, last, least, lead)
        found = self._over.get(key)
        if found is None:
            first = self.next_lead(left, last, lead)
            found = self.most(0, 0, (), left, first, -1, least, first if self.rotate else -1) \
                if first >= 0 else (0,) * self.seats
            if not thirty_one:
                found = found[:last] + (found[last] + 1,) + found[last + 1:]
            self._over[key] = found
        return found

    def who_plays(self, seat: int, points: int, count: int, same: int, tail: Tuple[int, ...],
                  left: Tuple[int, ...], turn: int, last: int, least: Tuple[int, ...], lead: int,
                  path: list, best: list) -> tuple:
        """(who plays next, `seat`'s points with the go of a count just over, and the count,
        same, tail, last and lead he plays on); -1 for who when the play is over, `best` then
        [points, path] if the play beat it."""
        p = -1 if count == 31 else self.to_play(count, left, turn, least)
        if p < 0:
            points += count < 31 and last == seat
            first = self.next_lead(left, last, lead)
            if first < 0:
                if points > best[0]:
                    best[:] = [points, path]
                return -1, points, count, same, tail, last, lead
            count, same, tail, last, lead = 0, 0, (), -1, first if self.rotate else -1
            p = self.to_play(count, left, first, least)
        return p, points, count, same, tail, last, lead

    def best_play(self, cards: int, seat: int) -> Tuple[int, List[Tuple[int, int]]]:
        """The most `seat` pegs when each holds `cards`, and a play that pegs it: [(seat, rank)]."""
        n = self.seats
        found: List[Any] = [-1, []]

        def search(points, count, same, tail, left, turn, last, least, lead, used, path) -> None:
            p, points, count, same, tail, last, lead = self.who_plays(seat, points, count, same, tail, left, turn,
                                                                      last, least, lead, path, found)
            if p < 0:
                return
            k = left[p] - 1
            left2 = left[:p] + (k,) + left[p + 1:]
            least2 = least if k else least[:p] + (0,) + least[p + 1:]
            after = (p + 1) % n
            tries = []
            for rank, pips, now, same2, tail2, gain in self.moves(count, same, tail):
                if pips >= least[p] and used[rank] < 4:
                    gained = points + (gain if p == seat else 0)
                    bound = gained + self.most(now, same2, tail2, left2, after, p, least2, lead)[seat]
                    used2 = used[:rank] + (used[rank] + 1,) + used[rank + 1:]
                    tries.append((bound, gained, (now, same2, tail2, left2, after, p, least2, lead, used2,
                                                   path + [(p, rank)])))
            if count >= 22:
                least3 = least[:p] + (32 - count,) + least[p + 1:]
                bound = points + self.most(count, same, tail, left, after, last, least3, lead)[seat]
                tries.append((bound, points, (count, same, tail, left, after, last, least3, lead, used, path)))
            for bound, gained, state in sorted(tries, key=lambda t: -t[0]):
                if bound <= found[0]:
                    break  # nothing below can beat the best play found
                search(gained, *state)

        search(0, 0, 0, (), (cards,) * n, 0, -1, (0,) * n, 0 if self.rotate else -1, (0,) * 14, [])
        del search  # it calls itself: a cycle, which would keep the search's memos until a collection
        return found[0], found[1]


def test_the_search_scores_every_card_as_play_does():
    # the search's step (the run tail cut short, the pairs) against `play`, card by card, on
    # 3,000 random counts, four of a rank at most
    rng = random.Random(33)
    search = Pegging(2)
    for _ in range(3000):
        pack = [r for r in range(1, rng.choice((6, 8, 10, 14))) for _ in range(4)]  # low ones: long counts
        rng.shuffle(pack)
        count, same, tail, ranks, pegged = 0, 0, (), [], []
        for rank in pack:
            step = next((m for m in search.moves(count, same, tail) if m[0] == rank), None)
            if step is None:
                break
            _, _, count, same, tail, gain = step
            ranks.append(rank)
            pegged.append(gain)
        cards = [Card(RANKS[r], SUITS[ranks[:i].count(r)]) for i, r in enumerate(ranks)]
        assert [peg.points for peg in play(cards, finished=False)] == pegged, ranks


def _most_by_every_deal(seats: int, cards: int, rotate: bool) -> List[int]:
    """Each seat's most, the slow way: every deal of ranks, every choice of card the laws leave
    each player, every count scored by `play`."""
    scored: Dict[Tuple[int, ...], List[int]] = {}

    def count_pegs(ranks: Tuple[int, ...]) -> List[int]:
        if ranks not in scored:
            scored[ranks] = [peg.points for peg in play(
                [Card(RANKS[r], SUITS[ranks[:i].count(r)]) for i, r in enumerate(ranks)])]
        return scored[ranks]

    def best(held: Tuple[Tuple[int, ...], ...], ranks: Tuple[int, ...], whose: Tuple[int, ...],
             turn: int, lead: int) -> List[int]:
        count = sum(PIPS[r] for r in ranks)
        able = [p for p in ((turn + k) % seats for k in range(seats))
                if count < 31 and any(count + PIPS[r] <= 31 for r in held[p])]
        if not able:  # the count is over
            found = [0] * seats
            for points, p in zip(count_pegs(ranks), whose):
                found[p] += points
            if any(held):
                after = lead if rotate else whose[-1]
                first = next(q for q in ((after + k) % seats for k in range(1, seats + 1)) if held[q])
                found = [a + b for a, b in zip(found, best(held, (), (), first, first))]
            return found
        p, found = able[0], [-1] * seats
        for rank in set(held[p]):
            if count + PIPS[rank] <= 31:
                mine = list(held[p])
                mine.remove(rank)
                rest = held[:p] + (tuple(mine),) + held[p + 1:]
                found = [max(a, b) for a, b in zip(found, best(rest, ranks + (rank,), whose + (p,),
                                                                (p + 1) % seats, lead))]
        return found

    most = [0] * seats
    hands = list(combinations_with_replacement(range(1, 14), cards))
    for deal in product(hands, repeat=seats):
        if max(Counter(r for hand in deal for r in hand).values()) <= 4:
            most = [max(a, b) for a, b in zip(most, best(deal, (), (), 0, 0))]
    return most


@pytest.mark.slow  # 8,281 deals of two hands of two, 2,197 of three of one: 3 s
@pytest.mark.parametrize("seats, cards", [(2, 2), (3, 1)])
@pytest.mark.parametrize("rotate", [False, True])
def test_the_search_finds_what_every_deal_played_every_way_finds(seats, cards, rotate):
    # every card played: the search against the laws played out deal by deal (two hands of two:
    # 8 and 15; three of one: 0, 2 and 9; three hands of two agree too, 13, 15 and 18, in 110 s)
    search = Pegging(seats, rotate=rotate)
    assert [search.best_play(cards, seat)[0] for seat in range(seats)] == _most_by_every_deal(seats, cards, rotate)


def _as_cards(path: List[Tuple[int, int]], seats: int) -> Tuple[List[str], str]:
    """(each seat's hand, the order of play) of a play of ranks, suits given in turn."""
    given: Counter = Counter()
    hands: List[List[str]] = [[] for _ in range(seats)]
    order = []
    for seat, rank in path:
        card = str(Card(RANKS[rank], SUITS[given[rank]]))
        given[rank] += 1
        hands[seat].append(card)
        order.append(card)
    return [" ".join(hand) for hand in hands], " ".join(order)


@pytest.fixture(scope="module", autouse=True)
def no_cycle_collection():
    """The searches keep millions of tuples in their memos and make no cycles: the cycle
    collector's passes over them cost a quarter of the time (three hands' bound, one reading:
    17.2 s of CPU with it, 12.7 s without), so it is off while this module runs."""
    was = gc.isenabled()
    gc.disable()
    yield
    if was:
        gc.enable()


@pytest.fixture(scope="module", autouse=True)
def shared_tables():
    """The count's sides `Pegging` numbers, shared by every search of this module: freed after
    it (some hundred megabytes), with the searches' memos, and the memory they held handed back
    to the system where the C library can (glibc keeps a heap it could reuse: a suite's process
    holding hundreds of megabytes more makes every later fork, of the tests that kill a save in
    a child, copy more)."""
    yield
    Pegging.forget_counts()
    gc.collect()
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):  # not glibc
        pass


@pytest.fixture(scope="module")
def searches():
    return {}  # one search a number of seats, shared by the variants of two hands


@pytest.mark.slow  # every play: about 12 s in all, most of it three hands (both readings)
@pytest.mark.parametrize("key, seats, cards, rotate", [("five-card", 2, 3, False), ("eight-card", 2, 6, False),
                                                       ("six-card", 2, 4, False), (3, 3, 4, False),
                                                       (3, 3, 4, True)])
def test_the_most_each_seat_pegs_is_found_by_enumeration(searches, key, seats, cards, rotate):
    one_count = key == "five-card"
    search = searches.setdefault((seats, one_count, rotate), Pegging(seats, one_count, rotate))
    for seat in range(seats):
        most, path = search.best_play(cards, seat)
        assert most == EACH_READING.get((key, rotate), PLAY_MOST[key])[seat]
        # the play found is one real cards make, and `play` pegs it so
        hands, order = _as_cards(path, seats)
        if one_count:  # the cards left in hand are above what the count left: a king each
            hands = [f"{hand} K{'SH'[s]}" if len(hand.split()) < cards else hand for s, hand in enumerate(hands)]
        assert play_out(hands, order, one_count, rotate)[seat] == most


# Four hands: the search above does not finish (16 cards). Each limit is a bound proven card by
# card, closed by a narrow search for the second and third to play and reached by the dealer
# (for both readings); a deal is shown for each seat (the player after the last card leading).
FOUR_HANDS = {
    # first to play: seven, two, two, two, two (a double pair royal and fifteen), four, four,
    # four, four (the same and thirty-one); the second leads six, six, six, six (a double pair
    # royal), the others holding kings say go (the go): 41, the most
    0: (("7S 2C 4C 6C", "2S 4S 6S KS", "2H 4H 6H KH", "2D 4D 6D KD"),
        "7S 2S 2H 2D 2C 4S 4H 4D 4C 6S 6H 6D 6C KS KH KD", 41),
    # second to play: five, ten (fifteen), four, four, four, four (a double pair royal and
    # thirty-one); seven, seven, seven, seven (the same), the others holding sixes and eights
    # say go (the go); six, six, six, six (the same), eight, eight: 42, the most
    1: (("5S 4D 7D 6D", "10S 4C 7C 6C", "4S 7S 6S 8S", "4H 7H 6H 8H"),
        "5S 10S 4S 4H 4D 4C 7S 7H 7D 7C 6S 6H 6D 6C 8S 8H", 42),
    # third to play: five, five, five (a pair royal and fifteen), four, four, four, four (a
    # double pair royal and thirty-one); the dealer leads seven, seven, seven, seven (the same),
    # all say go (the go); six, six, six, six (the same), the dealer holding an eight says go
    # (the go): 48, the most
    2: (("5S 4H 7H 6H", "5H 4D 7D 6D", "5D 4C 7C 6C", "4S 7S 6S 8S"),
        "5S 5H 5D 4S 4H 4D 4C 7S 7H 7D 7C 6S 6H 6D 6C 8S", 48),
    # the dealer: ace, ace, ace, ace, six, six, six, six (two double pairs royal, count 28), all
    # say go (the go); seven, seven, seven, seven (the same, the go); four, four, four, four
    # (the same, the go): 51, the most
    3: (("AS 6S 7S 4S", "AH 6H 7H 4H", "AD 6D 7D 4D", "AC 6C 7C 4C"),
        "AS AH AD AC 6S 6H 6D 6C 7S 7H 7D 7C 4S 4H 4D 4C", 51),
}


def _most_a_card_pegs(cards_before: int) -> int:
    """The most the last of `cards_before` + 1 cards opening a count pegs (every rank), by `play`."""
    return max(play([Card(RANKS[r], SUITS[ranks[:i].count(r)]) for i, r in enumerate(ranks)],
                    finished=False)[-1].points
               for ranks in product(range(1, 14), repeat=cards_before + 1) if max(Counter(ranks).values()) <= 4
               if sum(PIPS[r] for r in ranks) <= 31)


def _four_hand_bound(seat: int, most_dprs: int = 4) -> int:
    """The most a seat pegs at four hands with at most `most_dprs` double pairs royal, card by card (the play
    model above). A card pegs its pairs or its run (not both: a pair breaks the run), at most a
    double pair royal, 12, or without one 7 (a run of seven: ace to eight is 36), and fifteen or
    thirty-one, 2; the go, 1, never with thirty-one, and with fifteen only as the deal's last
    card (else some card fits). So a double pair royal pegs at most 14, another card 9, and the
    deal 1 more.
    - The first card of each but the dealer is the deal's first, second or third, no double
      pair royal: the first to play pegs nothing with it, the second at most 2, the third 8.
    - Three double pairs royal take 12 cards in three runs of four of a rank; a run of cards
      (distinct ranks) holds at most one of them, at its start, so the fourth card's run is at
      most five: that card pegs at most 6 + 2 = 8.
    - Four (the dealer only: the deal's first four of a rank end with his card) are all sixteen
      cards, each count whole runs of four of a rank: never fifteen or thirty-one; a go for each
      count, and at most three counts: four would each be four of one rank, three of them
      followed by a go with cards held, each of sevens (4 x 6 + 7 < 32)."""
    bounds = []
    for dprs in range(min(most_dprs, 3 if seat < 3 else 4) + 1):
        if seat < 3:  # his first card, then the double pairs royal and the rest
            bounds.append((0, 2, 8)[seat] + 14 * dprs + 9 * (3 - dprs) + 1)
        else:
            bounds.append((14 * dprs + 9 * (4 - dprs) + 1, 14 * 3 + 8 + 1, 12 * 4 + 3)[max(0, dprs - 2)])
    return max(bounds)


def _more_than(seat: int, floor: int, rotate: bool) -> Tuple[int, List[Tuple[int, int]]]:
    """The most `seat` pegs at four hands in a play that pegs more than `floor`, and one such
    play ((floor, []): none), where `floor` leaves him only plays whose last three cards are
    double pairs royal (his first cannot be one). The search of `Pegging.best_play`, narrowed:
    - he plays nothing else after his first card (he may say go, as his cards allow), and as
      many ranks as he holds cards must be left whole (or be the three just played), of seven
      pips or less (four fit in 31) and above what his go left;
    - the others before his turn must make three of a rank none has played before, unless the
      count can first reach 24 and his number of cards (his k cards of distinct ranks up to
      seven include one of 8 - k or less: only then can he say go), and the three only if his
      four land where he can still afford it: each pegs 14 at most (12, and fifteen or
      thirty-one) and the deal 1 more, so with 1 to spare only on 15 or 31 or with the go (the
      count 22 or more, or the deal's last card), with none to spare only on 15 or 31;
    - the others must hold three cards for each of his fours still to come (less the three's
      cards already played);
    - a state that could not beat the best found is remembered as such."""
    search, n, best, failed = Pegging(4, rotate=rotate), 4, [floor, []], {}

    def step(points, count, same, tail, left, turn, last, least, lead, used, path) -> None:
        key, need = (count, same, tail, left, turn, last, least, lead, used), best[0] + 1 - points
        if failed.get(key, 99) <= need or need > 14 * left[seat] + 1:
            return
        if left[seat] < 4 and sum(1 for r in range(max(1, least[seat]), 8) if used[r] == 0 or (
                used[r] == same and tail and tail[-1] == r)) < left[seat]:
            return  # too few ranks left whole for his fours
        if left[seat] < 4 and sum(left) - left[seat] < 3 * left[seat] - (
                min(same, 3) if tail and used[tail[-1]] == same else 0):
            return  # too few cards left in the others' hands for his fours
        found = best[0]
        p, points, count, same, tail, last, lead = search.who_plays(seat, points, count, same, tail, left, turn,
                                                                    last, least, lead, path, best)
        if p < 0:
            return
        slack = 14 * left[seat] - best[0] + points  # what his fours may fall short of 14 each (and the go)
        left2 = left[:p] + (left[p] - 1,) + left[p + 1:]
        least2 = least if left2[p] else least[:p] + (0,) + least[p + 1:]
        started = left[seat] < 4
        for rank, pips, now, same2, tail2, gain in search.moves(count, same, tail):
            if pips < least[p] or used[rank] == 4 or (p == seat and started and same2 < 4):
                continue
            used2 = used[:rank] + (used[rank] + 1,) + used[rank + 1:]
            if p != seat and started and left[seat] and now < 31:
                between = sum(1 for q in ((p + k) % n for k in range(1, (seat - p) % n))
                              if left2[q] and 31 - now >= least[q])
                ends = now + (4 - same2) * pips  # the count his four of this rank would make
                lands = ends in (15, 31) or slack > 1 or slack > 0 and (  # 12 and the go: 13
                    ends >= 22 or left[seat] == 1 and sum(left2) - left2[seat] == 3 - same2)
                if not (same2 + between >= 3 and used2[rank] == same2 and lands
                        or now + 10 * between >= 24 + left[seat]):
                    continue
            step(points + (gain if p == seat else 0), now, same2, tail2, left2, (p + 1) % n, p, least2,
                 lead, used2, path + [(p, rank)])
        if count >= 22:  # a go
            step(points, count, same, tail, left, (p + 1) % n, last,
                 least[:p] + (32 - count,) + least[p + 1:], lead, used, path)
        if best[0] == found:
            failed[key] = min(failed.get(key, 99), need)

    step(0, 0, 0, (), (4,) * n, 0, -1, (0,) * n, 0 if rotate else -1, (0,) * 14, [])
    del step  # it calls itself: a cycle, which would keep `failed` until a collection
    return best[0], best[1]


@pytest.mark.parametrize("seat", range(4))
def test_four_hands_are_held_to_a_bound_and_deals_near_it(seat):
    assert [_most_a_card_pegs(n) for n in (1, 2)] == [2, 8]  # a second card, a third
    assert max(k for k in range(1, 14) if UP_TO[k] <= 31) == 7  # the longest run
    hands, order, found = FOUR_HANDS[seat]
    assert play_out(hands, order)[seat] == found
    assert PLAY_MOST[4][seat] == found


@pytest.mark.slow  # about 4 s
@pytest.mark.parametrize("seat, floor, most", [(0, 41, (41, 41)), (1, 41, (42, 41)), (2, 47, (48, 47))])
def test_the_first_second_and_third_to_play_at_four_hands_are_searched(seat, floor, most):
    # more than `floor` takes three double pairs royal (with fewer, the first at most 38, the
    # second 40, the third 46); each reading's most ((floor, []): nothing more), the greater the
    # limit (the first to play: nothing above his deal's 41, under his bound of 43)
    assert _four_hand_bound(0) == 43
    assert _four_hand_bound(seat, most_dprs=2) < floor + 1
    for rotate, expected in zip((False, True), most):
        found, path = _more_than(seat, floor, rotate)
        assert found == expected
        if path:
            assert play_out(*_as_cards(path, 4), rotate=rotate)[seat] == found
    assert max(most) == PLAY_MOST[4][seat] == FOUR_HANDS[seat][2]


def test_the_dealer_at_four_hands_reaches_his_bound():
    assert _four_hand_bound(3) == 51 == PLAY_MOST[4][3] == play_out(*FOUR_HANDS[3][:2])[3]


# ---------------------------------------------------------------- the limits, at the table


def test_a_five_card_non_dealer_scores_at_most_37_a_deal(cli):
    # issue 33: "hand s Ann=0 Bob=60" was accepted and won Bob the game at the first deal;
    # the non-dealer's most is his hand of three with the starter (20) and his play (17)
    cli.new("s", "cribbage", "Ann,Bob", "variant=five-card")
    r = cli.refused("s", "hand", "s", "Ann=0", "Bob=60")
    assert r.stderr == ("error: hand 1: Bob: 60 is more than one deal can score (Bob, not dealing, "
                        "can make at most 37: hand 20, play 17: one count, with the go)\n")
    cli.refused("s", "hand", "s", "Ann=71", "Bob=0")  # the dealer: hand 20, crib 29, play 21
    cli.ok("hand", "s", "Ann=70", "Bob=37")
    # pegging given apart is held to the play's most (Ann is the non-dealer of hand 2)
    r = cli.refused("s", "hand", "s", "starter=5S", "hand.Ann=5H 5D 5C", "play.Ann=18")
    assert r.stderr == ("error: hand 2: play.Ann: 18 is more than one deal's play can peg (Ann, not "
                        "dealing, at most 17: one count, with the go)\n")


# (hand 1: Ann deals, the first player; the play starts on her left)
@pytest.mark.parametrize("players, rule, limits, plays, how", [
    ("Ann,Bob", "variant=six-card", {"Bob": (53, "not dealing", "hand 29, play 24"),
                                     "Ann": (88, "the dealer", "hand 29, crib 29, play 30")},
     {"Bob": 24, "Ann": 30}, "every card played"),
    ("Ann,Bob", "variant=eight-card", {"Bob": (111, "not dealing", "hand 72, play 39"),
                                       "Ann": (145, "the dealer", "hand 72, crib 29, play 44")},
     {"Bob": 39, "Ann": 44}, "every card played"),
    ("Ann,Bob,Cid", "variant=six-card", {"Bob": (62, "first to play", "hand 29, play 33"),
                                         "Cid": (63, "second to play", "hand 29, play 34"),
                                         "Ann": (95, "the dealer", "hand 29, crib 29, play 37")},
     {"Bob": 33, "Cid": 34, "Ann": 37}, "every card played"),
    # § 88: one sits out each deal (Cid, on the dealer's right); an eight-card deal of two
    ("Ann,Bob,Cid", "sit_out=on", {"Bob": (53, "not dealing", "hand 29, play 24"),
                                   "Ann": (88, "the dealer", "hand 29, crib 29, play 30")},
     {"Bob": 24, "Ann": 30}, "every card played"),
    ("Ann,Bob,Cid,Dan", "variant=six-card", {"Bob": (70, "first to play", "hand 29, play 41"),
                                             "Cid": (71, "second to play", "hand 29, play 42"),
                                             "Dan": (77, "third to play", "hand 29, play 48"),
                                             "Ann": (109, "the dealer", "hand 29, crib 29, play 51")},
     {"Bob": 41, "Cid": 42, "Dan": 48, "Ann": 51}, "every card played"),
])
def test_a_total_or_a_play_one_above_its_limit_is_refused(cli, players, rule, limits, plays, how):
    cli.new("s", "cribbage", players, rule)
    for name, (most, role, parts) in limits.items():
        others = [f"{p}=0" for p in players.split(",") if p != name and not (rule == "sit_out=on" and p == "Cid")]
        r = cli.refused("s", "hand", "s", f"{name}={most + 1}", *others)
        assert r.stderr == (f"error: hand 1: {name}: {most + 1} is more than one deal can score ({name}, "
                            f"{role}, can make at most {most}: {parts}: {how})\n")
    for name, most in plays.items():
        r = cli.refused("s", "hand", "s", f"play.{name}={most + 1}")
        assert r.stderr == (f"error: hand 1: play.{name}: {most + 1} is more than one deal's play can "
                            f"peg ({name}, {limits[name][1]}, at most {most}: {how})\n")
    said = cli.ok("hand", "s", *[f"play.{name}={most}" for name, most in plays.items()]).stdout
    assert said.startswith("hand 1: ")  # the limit itself is taken


@pytest.mark.parametrize("rules, players, seat, most", [
    ({"variant": "five-card"}, 2, 0, 20 + 17), ({"variant": "five-card"}, 2, 1, 20 + 29 + 21),
    ({"variant": "six-card"}, 2, 0, 29 + 24), ({"variant": "six-card"}, 2, 1, 29 + 29 + 30),
    ({"variant": "eight-card"}, 2, 0, 72 + 39), ({"variant": "eight-card"}, 2, 1, 72 + 29 + 44),
    ({}, 3, 0, 29 + 33), ({}, 3, 1, 29 + 34), ({}, 3, 2, 29 + 29 + 37),
    ({"three_crib": "three"}, 3, 2, 29 + 20 + 37),  # the dealer's crib of three (§ 87)
    ({}, 4, 0, 29 + 41), ({}, 4, 1, 29 + 42), ({}, 4, 2, 29 + 48), ({}, 4, 3, 29 + 29 + 51),
])
def test_every_limit_is_the_sum_of_its_parts(rules, players, seat, most):
    game = Cribbage()
    resolved = game.resolve_rules(rules, ("Ann", "Bob", "Cid", "Dan")[:players])
    assert game.deal_most(resolved, players, seat)[0] == most
