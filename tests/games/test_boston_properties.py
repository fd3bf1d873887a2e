"""Counters are conserved in Boston: over random sittings, at every step, the players' net
counters plus the counters in all the pools sum to zero, and settle's balances to zero."""

from __future__ import annotations

from typing import Any, Dict

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.games.boston.game import CALLS, Boston
from scorekeeper.games.boston.tables import MISERE
from scorekeeper.model import ScorekeeperError, Session

PLAYERS = ("A", "Y", "B", "Z")
GAME = Boston()

player = st.sampled_from(PLAYERS)
maybe_player = st.one_of(st.none(), player)


@st.composite
def partout_tricks(draw) -> Dict[str, int]:
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    bounds = [0] + cuts + [13]
    return {p: bounds[i + 1] - bounds[i] for i, p in enumerate(PLAYERS)}


@st.composite
def a_hand(draw) -> Dict[str, Any]:
    kind = draw(st.sampled_from(["call"] * 6 + ["partout", "misdeal"]))
    if kind == "misdeal":
        return {"misdeal": True}
    hand: Dict[str, Any] = {}
    if kind == "partout":
        hand["call"] = "partout"
        revoke = draw(st.one_of(st.none(), st.none(), player))
        if revoke:
            hand["revoke"] = revoke
        else:
            hand.update(draw(partout_tricks()))
    else:
        call = draw(st.sampled_from(CALLS))
        hand.update(caller=draw(player), call=call)
        high = 1 if call in MISERE else 13  # a misère is thrown up at its first trick
        hand["tricks"] = draw(st.integers(0, high))
        revoke = draw(st.one_of(st.none(), st.none(), st.none(), player))
        if revoke:
            hand["revoke"] = revoke
            if draw(st.booleans()):  # "not usual to play the hand out after a revoke"
                del hand["tricks"]
    wrong = draw(st.one_of(st.none(), st.none(), st.none(), player))
    if wrong:
        hand["wrong_cards"] = wrong
    return hand


rules = st.fixed_dictionaries({
    "table": st.sampled_from(["foster", "decimal"]),
    "pool_limit": st.sampled_from([1, 3, 25, "none"]),
    "remainder": st.sampled_from(["eldest", "carry"]),
    "partout_tie": st.sampled_from(["each", "share"]),
    "caller_revoke": st.sampled_from(["both", "double", "forfeit"]),
    "first_dealer": player,
})


@pytest.mark.slow  # a property test of more than half a second: the full suite runs it
@settings(max_examples=150, deadline=None)
@given(rules, st.lists(a_hand(), min_size=1, max_size=30), st.integers(1, 500))
def test_balances_plus_all_pools_always_sum_to_zero(given_rules, hands, agreed):
    session = Session(name="p", game="boston", players=PLAYERS,
                      rules=GAME.resolve_rules(given_rules, PLAYERS))
    state = GAME.start(session)
    effects = []
    for index, hand in enumerate(hands):
        try:
            new, effect = GAME.apply(state, dict(hand), session, index)
        except ScorekeeperError as err:
            assert err.message.startswith("pay=N needed: ")  # the only refusal a valid hand meets
            new, effect = GAME.apply(state, dict(hand, pay=agreed), session, index)
        # nothing is created or lost by a hand: what the players gain the pools lose
        assert sum(effect.changes.values()) == state.pool - new.pool
        assert sum(new.net.values()) + new.pool == 0
        assert new.pool >= 0 and all(p == 10 * given_limit(session) for p in new.set_aside)
        if session.rules["pool_limit"] is not None:
            assert new.in_play <= session.rules["pool_limit"] * 10
        state = new
        effects.append(effect)
    standings = GAME.finish(state, tuple(effects), session)
    assert sum(standings.scores.values()) + standings.pool == 0
    assert sum(standings.balances.values()) == 0
    assert all(isinstance(b, int) for b in standings.balances.values())


def given_limit(session: Session) -> int:
    return session.rules["pool_limit"] or 0


@given(partout_tricks())
def test_partout_sole_loser_pays_three_times_his_tricks_less_those_not_taken(tricks):
    # "The number of red counters lost will always be found to be three times the number of
    # tricks taken, minus the number of tricks not taken."
    most = max(tricks.values())
    losers = [p for p in PLAYERS if tricks[p] == most]
    assume(len(losers) == 1)
    session = Session(name="p", game="boston", players=PLAYERS, rules=GAME.resolve_rules({}, PLAYERS))
    _, effect = GAME.apply(GAME.start(session), {"call": "partout", **tricks}, session, 0)
    lost = -(effect.changes[losers[0]] + 10)  # + 10: his ante
    assert lost == (3 * most - (13 - most)) * 10
