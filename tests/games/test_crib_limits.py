"""The most one deal of cribbage can score, part by part, found by enumeration: a total typed
as NAME=N above the sum of its parts' maxima is refused (issue 33: a slip of one digit must
not end a game)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, product
from typing import Dict, List, Optional, Tuple

import pytest

from scorekeeper.cards import Card, Rank, Suit
from scorekeeper.games.cribbage import stats as crib_stats
from scorekeeper.games.cribbage.count import count_hand
from scorekeeper.games.cribbage.game import CRIB_MOST, FIVE_CARD_PLAY_MOST, HAND_MOST, Cribbage
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


# ---------------------------------------------------------------- the play of five-card cribbage

PIPS = [0] + [min(r, 10) for r in range(1, 14)]


def _after(same: int, distinct: Tuple[int, ...], rank: int) -> Tuple[int, Tuple[int, ...], int]:
    """(cards of one rank at the end of the count, the ranks since the last repeat, the run the
    card makes) after `rank` is played: all a later card's pegging reads of those before it."""
    if distinct and distinct[-1] == rank:
        return same + 1, (rank,), 0
    if rank in distinct:
        distinct = distinct[distinct.index(rank) + 1:]
    distinct += (rank,)
    for length in range(len(distinct), 2, -1):
        last = distinct[-length:]
        if max(last) - min(last) == length - 1:
            return 1, distinct, length
    return 1, distinct, 0


def most_pegged_in_one_count(cards: int, me: int) -> int:
    """The most player `me` (0 leads, 1 deals) pegs in a count of two players holding `cards`
    each, every legal play tried: a card may be played while the count stays within
    thirty-one; a player says go only when none of his cards can be (so every card he keeps is
    above what is left, and he plays no lower card later); the last to play takes the go,
    thirty-one its two instead; the cards that remain are not played (§ 84)."""
    memo: Dict[tuple, int] = {}

    def best(count, same, distinct, left, turn, passed, used, least, last) -> int:
        key = (count, same, distinct, left, turn, passed, used, least, last)
        found: Optional[int] = memo.get(key)
        if found is not None:
            return found
        player = next((p for p in (turn, 1 - turn) if not passed >> p & 1 and left[p]), None)
        if player is None or count == 31:
            found = 1 if count < 31 and last == me else 0
        else:
            found = 0
            for rank in range(1, 14):
                pips = PIPS[rank]
                if count + pips > 31 or used[rank] == 4 or pips < least[player]:
                    continue
                now = count + pips
                same2, distinct2, run = _after(same, distinct, rank)
                gain = (run + same2 * (same2 - 1) + 2 * (now in (15, 31))) if player == me else 0
                left2 = tuple(n - (p == player) for p, n in enumerate(left))
                used2 = used[:rank] + (used[rank] + 1,) + used[rank + 1:]
                found = max(found, gain + best(now, same2, distinct2, left2, 1 - player, passed, used2,
                                               least, player))
            if 32 - count <= 10:  # a go: every card he holds is above 31 - count
                least2 = tuple(max(n, 32 - count) if p == player else n for p, n in enumerate(least))
                found = max(found, best(count, same, distinct, left, 1 - player, passed | 1 << player,
                                        used, least2, last))
        memo[key] = found
        return found

    return best(0, 0, (), (cards, cards), 0, 0, (0,) * 14, (0, 0), -1)


@pytest.mark.slow  # every play of two hands of three: about half a minute
@pytest.mark.parametrize("dealer", [False, True])
def test_the_most_either_player_pegs_in_five_card_cribbage_is_found_by_enumeration(dealer):
    assert most_pegged_in_one_count(3, int(dealer)) == FIVE_CARD_PLAY_MOST[dealer]


@pytest.mark.parametrize("cards, whose, dealer", [
    # the non-dealer leads an ace; seven, seven (fifteen and a pair: 4), seven, seven (a double
    # pair royal, 12); the dealer, holding a card above two, says go: 1 more
    ("AH 7S 7H 7D 7C", "NDNDN", False),
    # a ten led; five (fifteen, 2), five, five (a pair royal, 6); the non-dealer says go; the
    # dealer's last five (a double pair royal, 12) and the go (1)
    ("10H 5S 5H 5D 5C", "NDNDD", True),
])
def test_the_most_pegged_is_a_play_the_laws_allow(cards, whose, dealer):
    pegs = play([Card.parse(c) for c in cards.split()])
    mine = sum(peg.points for peg, who in zip(pegs, whose) if (who == "D") == dealer)
    assert mine == FIVE_CARD_PLAY_MOST[dealer]


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


@pytest.mark.parametrize("rules, dealer, most", [
    ({"variant": "six-card"}, True, 29 + 29 + 60), ({"variant": "six-card"}, False, 29 + 60),
    ({"variant": "five-card"}, True, 20 + 29 + 21), ({"variant": "five-card"}, False, 20 + 17),
    ({"variant": "eight-card"}, True, 72 + 29 + 90), ({"variant": "eight-card"}, False, 72 + 90),
])
def test_every_variants_limit_is_the_sum_of_its_parts(rules, dealer, most):
    game = Cribbage()
    resolved = game.resolve_rules(rules, ("Ann", "Bob"))
    assert game.deal_most(resolved, dealer)[0] == most


def test_three_hands_with_a_crib_of_three_limit_the_dealer_by_a_crib_of_three():
    game = Cribbage()
    resolved = game.resolve_rules({"three_crib": "three"}, ("Ann", "Bob", "Cid"))
    assert game.deal_most(resolved, True)[0] == 29 + 20 + 60
