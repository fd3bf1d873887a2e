"""Hearts laws a table could not record before (issue 12), each with the book's words."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, List

import pytest

from scorekeeper.games import get_game
from scorekeeper.games.hearts import settling as hs
from scorekeeper.model import Hand, Session

PLAYERS = ("A", "B", "C", "D")


def play(hands: List[Dict[str, Any]], **rules: Any):
    g = get_game("hearts")
    session = Session(name="t", game="hearts", players=PLAYERS,
                      rules=g.resolve_rules(rules, PLAYERS), hands=tuple(Hand(h) for h in hands))
    return g.replay(session)


# ---------------------------------------------------------------- misdeal (Laws 13, 14)


def test_a_misdeal_loses_the_deal_and_nothing_is_paid(cli):
    # "A misdeal loses the deal": A misdeals, B deals the next hand, C the one after
    st = play([{"misdeal": True}, {"A": 3, "B": 5, "C": 5, "D": 0}])
    assert [e.dealer for e in st.effects] == ["A", "B"]
    assert st.effects[0].changes == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert st.effects[0].summary == "A misdealt: the deal passes to B; nothing is paid"
    assert st.next_dealer == "C"
    cli.new("h", "hearts", "A,B,C,D", "settling=auction")
    cli.ok("hand", "h", "misdeal=yes")      # no bidder or suit: the hand was not played
    assert cli.json("show", "h")["next_dealer"] == "B"
    r = cli.refused("h", "hand", "h", "misdeal=yes", "A=3")
    assert "misdeal: a misdealt hand is not played; give only misdeal (and a note), not A" in r.stderr


# ---------------------------------------------------------------- Howell's: a clear revoker


def test_howell_revoker_pays_the_losses_by_default_and_all_thirteen_by_house_rule():
    hand = {"A": 3, "B": 5, "C": 5, "D": 0, "revoke": "D"}
    # Law 23, "the player in error must pay all the losses on that hand": B's and C's 7 each,
    # less the 13 he would have won: D -1, A keeps his +1
    assert play([hand], settling="howell").scores == {"A": 1, "B": 0, "C": 0, "D": -1}
    # howell_revoke=thirteen: D pays in 3 for each of the 13 hearts and each other takes out 13
    st = play([hand], settling="howell", howell_revoke="thirteen")
    assert st.scores == {"A": 13, "B": 13, "C": 13, "D": -39}
    assert hs.howell_revoke_thirteen({"A": 0, "B": 13, "C": 0}, 12, ("A", "C")) == \
        {"A": -24 + 12, "B": 24, "C": 12 - 24}


def test_howell_revoke_rule_only_with_howell(cli):
    r = cli.refused("x", "new", "x", "--game", "hearts", "--players", "A,B,C,D",
                    "--rule", "howell_revoke=thirteen")
    assert "howell_revoke: applies only with settling=howell" in r.stderr


# ---------------------------------------------------------------- forfeits without a pool (Law 15)


def test_forfeits_at_a_method_without_a_pool_are_paid_out_at_once_to_the_others():
    # Law 15: "each shall pay a forfeit of five counters into the pool"; at Howell's there is
    # no pool to win, so the ten go at once to the two not in fault
    st = play([{"A": 3, "B": 5, "C": 5, "D": 0, "forfeit": "A,C"}], settling="howell")
    assert st.scores == {"A": 1 - 5, "B": -7 + 5, "C": -7 - 5, "D": 13 + 5}
    assert st.pool == 0
    # Spot, five players: ten do not divide among three: 3 each, the odd one to the pool
    g = get_game("hearts")
    five = ("A", "B", "C", "D", "E")
    session = Session(name="t", game="hearts", players=five,
                      rules=g.resolve_rules({"settling": "spot"}, five),
                      hands=(Hand({"A": 0, "B": 20, "C": 30, "D": 24, "E": 30, "forfeit": "B,C"}),))
    st = g.replay(session)
    assert st.scores == {"A": 104 + 3, "B": -20 - 5, "C": -30 - 5, "D": -24 + 3, "E": -30 + 3}
    assert st.pool == 1

    assert st.effects[0].notes[0] == "B and C forfeit 5 each paid out at once to the others"


@pytest.mark.parametrize("settling", ["difference", "six-free"])
def test_two_handed_both_are_at_fault_so_the_forfeits_move_nothing(settling):
    # Law 15: "any two players are found to have more or less than their correct number":
    # two-handed that is both, each pays the other five, and there are no others to pay
    st = play_two([{"Ann": 5, "Bob": 8, "forfeit": "Ann,Bob"}], settling)
    assert st.effects[0].notes == ("Ann and Bob forfeit 5 each to the other: nothing changes hands",)
    assert st.scores == play_two([{"Ann": 5, "Bob": 8}], settling).scores
    assert st.pool == 0


def play_two(hands, settling):
    g = get_game("hearts")
    two = ("Ann", "Bob")
    return g.replay(Session(name="t", game="hearts", players=two,
                            rules=g.resolve_rules({"settling": settling}, two),
                            hands=tuple(Hand(h) for h in hands)))


# ---------------------------------------------------------------- tied winners divide


def test_spot_tied_winners_divide_the_odd_counters_too_even_when_the_banker_is_not_one():
    # SPOT HEARTS: "If two or more players have an equal number, or none at all, they divide
    # the amount collected": A, B and C took none, D all 104: 104 do not divide by three,
    # 34 each and 2 over, which are theirs (2/3 each), not the banker's or the table's
    st = play([{"A": 0, "B": 0, "C": 0, "D": 104}], settling="spot", banker="D")
    assert st.scores == {"A": 34, "B": 34, "C": 34, "D": -104}
    assert st.pool == 2
    assert "2 odd counters owed to A, B and C" in st.effects[0].summary
    assert st.balances == {"A": Fraction(104, 3), "B": Fraction(104, 3), "C": Fraction(104, 3),
                           "D": -104}
    assert sum(st.balances.values()) == 0


def test_forfeits_left_over_go_to_those_not_in_fault_at_the_settlement():
    g = get_game("hearts")
    five = ("A", "B", "C", "D", "E")
    session = Session(name="t", game="hearts", players=five,
                      rules=g.resolve_rules({"settling": "spot", "banker": "B"}, five),
                      hands=(Hand({"A": 0, "B": 20, "C": 30, "D": 24, "E": 30, "forfeit": "B,C"}),))
    st = g.replay(session)
    assert st.balances["A"] - st.scores["A"] == Fraction(1, 3)
    assert st.balances["B"] == st.scores["B"]       # the banker, in fault: not his
