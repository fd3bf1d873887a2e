"""The fast paths of cribbage's replay give exactly the figures of the slow ones: the spoken
count worded from the ranks is `say(count_hand(...))`, fifteens counted by pips are those
of every subset, and the exact means written in the code are those `crib stats` computes."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

from hypothesis import given, settings, strategies as st

from scorekeeper.cards import Card, Rank, Suit, full_deck
from scorekeeper.games.cribbage import stats as crib_stats
from scorekeeper.games.cribbage.count import count_hand, say, show_points, spoken
from scorekeeper.games.cribbage.game import MEAN_CRIB, MEAN_HAND

DECK = full_deck()


def test_the_exact_means_in_the_code_are_those_of_the_distributions():
    hand, crib = crib_stats.distributions()
    assert (MEAN_HAND, MEAN_CRIB) == (crib_stats.mean(hand), crib_stats.mean(crib))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([3, 4, 6]), st.permutations(DECK), st.booleans())
def test_the_spoken_count_is_the_count_listed_and_said(size, deck, crib):
    hand, starter = deck[:size], deck[size]
    crib = crib and size == 4
    listed = count_hand(hand, starter, crib)
    assert spoken(hand, starter, crib) == (listed.total, say(listed))
    assert show_points(hand, starter, crib) == listed.total


def test_the_spoken_count_of_every_rank_pattern_in_every_order():
    """Every multiset of five ranks (the hand's four and the starter), its cards in several
    orders: which of two paired ranks is said first follows the order of the cards."""
    rng = random.Random(23)
    by_rank = {r: [Card(r, s) for s in Suit] for r in Rank}
    for ranks in combinations_with_replacement(list(Rank), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        used = {r: 0 for r in Rank}
        cards = []
        for r in ranks:
            cards.append(by_rank[r][used[r]])
            used[r] += 1
        for _ in range(3):
            rng.shuffle(cards)
            listed = count_hand(cards[:4], cards[4])
            assert spoken(cards[:4], cards[4]) == (listed.total, say(listed))
            assert show_points(cards[:4], cards[4]) == listed.total  # by five.py's table


def test_the_table_of_five_ranks_is_what_the_ranks_score():
    """five.py's constant, entry by entry: the points `rank_points` counts for every sorted
    five ranks (each of which the test above counts from the cards, combination by
    combination), and the replay's cache starts from exactly those."""
    from scorekeeper.games.cribbage.five import POINTS

    every = list(combinations_with_replacement(range(1, 14), 5))
    assert len(POINTS) == len(every) == 6188
    for ranks, points in zip(every, POINTS):
        assert points == crib_stats.rank_points(ranks), ranks
        assert crib_stats.rank_points_cached(ranks) == points


def test_fifteens_by_pips_are_the_subsets_that_make_fifteen():
    for ranks in combinations_with_replacement(range(1, 14), 5):
        pips = [min(r, 10) for r in ranks]
        subsets = sum(1 for size in range(2, 6) for sub in combinations(pips, size) if sum(sub) == 15)
        assert crib_stats.fifteens_of(ranks) == subsets
