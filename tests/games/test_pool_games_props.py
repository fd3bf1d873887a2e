"""Counters are conserved in the pool and counter games (loo, enflé, slobberhannes, polignac).

After every deal: at Loo and Enflé the players' net counters plus the pool are nought; at
Slobberhannes and Polignac the counters held plus the pool are the players times the stack,
and each game's payment sums to nought. Hands are drawn at random and replayed in memory.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.model import ScorekeeperError

from .sitting import replay

FAST = settings(max_examples=25, deadline=None)
PLAYERS = ("A", "B", "C", "D", "E", "F", "G")


def split3(draw, standing):
    cuts = sorted(draw(st.lists(st.integers(0, 3), min_size=len(standing) - 1, max_size=len(standing) - 1)))
    bounds = [0] + cuts + [3]
    return {p: bounds[i + 1] - bounds[i] for i, p in enumerate(standing)}


@st.composite
def loo_sittings(draw):
    players = PLAYERS[:draw(st.integers(3, 6))]
    hands = [dict.fromkeys(players, 0) | {players[1]: 3}]  # the single: all play
    for _ in range(draw(st.integers(0, 10))):
        standing = draw(st.lists(st.sampled_from(players), min_size=1, max_size=len(players), unique=True))
        hand = split3(draw, standing)
        if draw(st.booleans()):
            hand["looed"] = draw(st.sampled_from(players))
        hands.append(hand)
    rules = {"loo": draw(st.sampled_from(["limited", "unlimited"])), "ante": draw(st.integers(1, 5))}
    return players, hands, rules


@pytest.mark.slow  # a property test of more than half a second: the full suite runs it
@FAST
@given(loo_sittings())
def test_loo_scores_and_pool_sum_to_nought_after_every_deal(sitting):
    players, hands, rules = sitting
    kept = []
    for hand in hands:  # keep the deals a table could log (a looed passer is fine)
        try:
            replay("loo", players, kept + [hand], **rules)
            kept.append(hand)
        except ScorekeeperError:
            pass
    st_ = replay("loo", players, kept, **rules)
    pool = 0
    for effect in st_.effects:
        pool -= sum(effect.changes.values())
        assert sum(effect.scores.values()) + pool == 0 and pool >= 0
    assert pool == st_.pool
    assert sum(st_.balances.values()) == 0


@FAST
@given(st.integers(4, 8), st.lists(st.integers(0, 7), max_size=12), st.integers(1, 3))
def test_enfle_the_winner_takes_exactly_what_was_anted(n, winners, ante):
    players = (PLAYERS + ("H",))[:n]
    st_ = replay("enfle", players, [{"winner": players[w % n]} for w in winners], ante=ante)
    assert all(sum(e.changes.values()) == 0 for e in st_.effects)
    assert sum(st_.scores.values()) == 0 and st_.pool == 0


@st.composite
def counter_deals(draw, game):
    n = draw(st.integers(4, 7))
    players = PLAYERS[:n]
    hands = []
    for _ in range(draw(st.integers(1, 14))):
        if game == "slobberhannes":
            hand = {k: draw(st.sampled_from(players)) for k in ("first", "last", "queen")}
            if draw(st.integers(0, 5)) == 0:
                hand["revoke"] = draw(st.sampled_from(players))
        elif draw(st.integers(0, 7)) == 0:
            hand = {"capot": draw(st.sampled_from(players))}
        else:
            hand = {}
            for jack in (1, 1, 1, 2):
                owner = draw(st.sampled_from(players))
                hand[owner] = hand.get(owner, 0) + jack
        hands.append(hand)
    return players, hands, draw(st.sampled_from([3, 10])), draw(st.sampled_from(["to-go", "game"]))


def check_counters(game, sitting):
    players, hands, counters, pay = sitting
    kept = []
    for hand in hands:  # at seven a deal naming the dealer is refused: drop it
        try:
            replay(game, players, kept + [hand], counters=counters, pay=pay)
            kept.append(hand)
        except ScorekeeperError:
            pass
    st_ = replay(game, players, kept, counters=counters, pay=pay)
    in_pool = 0
    for effect in st_.effects:
        in_pool -= sum(effect.changes.values())
        assert sum(effect.scores.values()) + in_pool == len(players) * counters
        assert all(0 <= c <= counters for c in effect.scores.values())
        if effect.notes:  # a game ended: the counters go back, a new game starts
            in_pool = 0
    assert in_pool == st_.extra_json["counters_in_pool"]
    assert sum(st_.balances.values()) == 0


@FAST
@given(counter_deals("slobberhannes"))
def test_slobberhannes_counters_held_and_pool_make_the_stacks(sitting):
    check_counters("slobberhannes", sitting)


@FAST
@given(counter_deals("polignac"))
def test_polignac_counters_held_and_pool_make_the_stacks(sitting):
    check_counters("polignac", sitting)
