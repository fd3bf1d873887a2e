"""Hearts: counters are conserved. After every deal, by every settling method, with random
revokes and forfeits, the players' net counters plus the pool sum to zero; at the end the
settlement balances sum to zero exactly whatever pool_at_end says."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import Suit
from scorekeeper.games.hearts.game import POOL_METHODS, SETTLINGS, Hearts
from scorekeeper.games.hearts.methods import deuces_out, in_play
from scorekeeper.model import Hand, Session
from scorekeeper.settle import settle

NAMES = ("A", "B", "C", "D", "E", "F")
SEATS = {"excess": (3, 3), "difference": (2, 2), "six-free": (2, 2), "auction": (3, 6),
         "sweepstake": (3, 6), "joker": (3, 6), "discard": (3, 6), "heartsette": (3, 6)}


def deal_cards(data, cards: List[Any], players) -> Dict[str, int]:
    """Give each card to a random player; the counts are the number (or the pips) each took.

    Who takes anything at all is drawn first: dealt one by one to all the players, thirteen
    cards almost never leave two clear or one player with them all, and the strategy would
    seldom reach a divided pool, a clear revoker or the Auction choice kept after a Jack."""
    takers = data.draw(st.lists(st.sampled_from(players), min_size=1, unique=True))
    owners = data.draw(st.lists(st.sampled_from(takers), min_size=len(cards), max_size=len(cards)))
    counts = {p: 0 for p in players}
    for card, owner in zip(cards, owners):
        counts[owner] += card
    return counts


def random_hand(data, settling: str, players, holder) -> Dict[str, Any]:
    n = len(players)
    hand: Dict[str, Any] = {}
    if settling == "spot":
        low = 3 if Suit.HEARTS in deuces_out(n) else 2
        hand.update(deal_cards(data, list(range(low, 15)), players))
    elif settling == "auction":
        suit = data.draw(st.sampled_from(list(Suit)))
        bidder = holder or data.draw(st.sampled_from(players))
        hand.update(bidder=bidder, suit=suit.value)
        if holder is None:
            hand["bid"] = data.draw(st.integers(0, 8))
        hand.update(deal_cards(data, [1] * in_play(suit, n), players))
    else:
        total = {"joker": 12, "heartsette": 13, "domino": 13}.get(settling, in_play(Suit.HEARTS, n))
        hand.update(deal_cards(data, [1] * total, players))
    if settling == "joker":
        hand["joker"] = data.draw(st.sampled_from(players))
        hand["joker_dealt"] = data.draw(st.sampled_from(players))
    if settling == "discard":
        hand["black"] = data.draw(st.sampled_from(players))
    revokers = data.draw(st.lists(st.sampled_from(players), max_size=2, unique=True))
    if revokers and data.draw(st.booleans()):
        hand["revoke"] = ",".join(revokers)
    if data.draw(st.integers(0, 4)) == 0:
        hand["forfeit"] = ",".join(data.draw(st.lists(st.sampled_from(players), min_size=2,
                                                      max_size=2, unique=True)))
    return hand


@pytest.mark.slow  # about 2 s of CPU
@settings(max_examples=80, deadline=None)
@given(data=st.data(), settling=st.sampled_from(SETTLINGS))
def test_counters_are_conserved(data, settling):
    low, high = SEATS.get(settling, (2, 6))
    n = data.draw(st.integers(low, high))
    players = NAMES[:n]
    rules = {"settling": settling,
             "jack_after_split": data.draw(st.booleans()),
             "many_clear": data.draw(st.sampled_from(["jack", "divide"])),
             "black": data.draw(st.sampled_from(["jack", "queen"])),
             "domino_game": data.draw(st.integers(10, 40)),
             "domino_pay": data.draw(st.sampled_from(["difference", "game"])),
             "banker": data.draw(st.sampled_from(players))}
    # only the rules this settling uses (a changed rule it never uses is refused)
    if settling != "discard":
        del rules["black"]
    if settling != "domino":
        del rules["domino_game"], rules["domino_pay"]
    if settling not in POOL_METHODS:
        del rules["jack_after_split"]
    if settling not in POOL_METHODS or n < 5:
        del rules["many_clear"]
    game = Hearts()
    session = Session(name="p", game="hearts", players=players,
                      rules=game.resolve_rules(rules, players))
    state = game.start(session)
    hands = []
    for index in range(data.draw(st.integers(1, 12))):
        raw = random_hand(data, settling, players, state.holder)
        hands.append(Hand(raw))
        values = game.read_hand(raw, session)
        pool_before = state.pool
        state, effect = game.apply(state, values, session, index)
        assert sum(effect.changes.values()) + state.pool - pool_before == 0
        assert sum(state.net.values()) + state.pool == 0
        assert state.pool >= 0
        assert state.jack is False or state.pool > 0
    standings = game.replay(session.with_hands(tuple(hands)))
    assert dict(standings.scores) == dict(state.net) and standings.pool == state.pool
    for how in ("divide", "carry", "exact"):
        end = game.balances(state, {**session.rules, "pool_at_end": how}, players)[0]
        assert sum(end.values()) == 0
        settle(end, "counters", 1, "")  # refuses balances that do not sum to zero
