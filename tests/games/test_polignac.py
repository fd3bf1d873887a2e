"""Polignac (rules/001): a counter a Jack, two for Polignac; capot; the decavé pays."""

import pytest

from scorekeeper import ledger
from scorekeeper.model import ScorekeeperError

from ..conftest import SESSIONS
from .sitting import figures, replay

FOUR = ("Ann", "Bob", "Cid", "Dot")
SEVEN = FOUR + ("Eve", "Fay", "Gus")


def test_each_jack_costs_one_and_polignac_two():
    st = replay("polignac", FOUR, [{"Ann": 2, "Bob": 1, "Cid": 1, "Dot": 1}])
    assert st.scores == {"Ann": 8, "Bob": 9, "Cid": 9, "Dot": 9}


def test_a_capot_won_costs_each_other_player_five():
    st = replay("polignac", FOUR, [{"capot": "Bob"}], counters=20)
    assert st.scores == {"Ann": 15, "Bob": 20, "Cid": 15, "Dot": 15}
    assert st.extra_json["counters_in_pool"] == 15


def test_a_capot_lost_pays_the_points_as_usual():
    st = replay("polignac", FOUR, [{"Ann": 2, "Cid": 3, "capot_lost": "Cid"}])
    assert st.scores == {"Ann": 8, "Bob": 10, "Cid": 7, "Dot": 10}


def test_the_decave_pays_each_a_counter_for_each_point_still_to_go():
    st = ledger.open_session(SESSIONS / "polignac-decave.yaml").standings
    assert st.effects[3].notes[0].startswith("Ann has lost all his counters and loses the game: "
                                             "pays Bob 7, Cid 1, Dot 2")
    assert st.balances == {"Ann": -10, "Bob": 7, "Cid": 1, "Dot": 2}
    assert st.games_won is None and st.extra_json["games_lost"]["Ann"] == 1


def test_at_seven_the_dealer_takes_no_cards():
    st = replay("polignac", SEVEN, [{"Bob": 5}, {"capot": "Cid"}])
    assert st.effects[1].dealer == "Bob"
    assert st.scores == {"Ann": 5, "Bob": 5, "Cid": 10, "Dot": 5, "Eve": 5, "Fay": 5, "Gus": 5}
    with pytest.raises(ScorekeeperError, match="Ann: Ann deals and takes no cards"):
        replay("polignac", SEVEN, [{"Ann": 1, "Bob": 4}])


def test_the_points_must_make_five():
    with pytest.raises(ScorekeeperError, match="points must add up to 5"):
        replay("polignac", FOUR, [{"Ann": 2, "Bob": 2}])
    with pytest.raises(ScorekeeperError, match="capot: Bob won every trick"):
        replay("polignac", FOUR, [{"capot": "Bob", "Ann": 1}])


def test_five_players_cannot_each_take_a_point_of_four_jacks(cli):
    # Polignac: four Jacks, "If he takes in Polignac, he pays two counters": five points in at
    # most four tricks' winners, and when four score, one of them has two
    cli.new("p5", "polignac", "Ann,Bob,Cid,Dot,Eve")
    err = cli.refused("p5", "hand", "p5", "Ann=1", "Bob=1", "Cid=1", "Dot=1", "Eve=1")
    assert err.stderr == ("error: hand 1: points: 5 players took a point (Ann 1, Bob 1, Cid 1, "
                          "Dot 1, Eve 1), but there are only 4 Jacks (Polignac counting two): "
                          "at most 4 players take one\n")
    cli.ok("hand", "p5", "Ann=2", "Bob=1", "Cid=1", "Dot=1")
    assert cli.json("show", "p5")["scores"] == {"Ann": 8, "Bob": 9, "Cid": 9, "Dot": 9, "Eve": 10}


def test_stats_count_counters_paid_per_deal_by_those_dealt_cards():
    seven = figures("polignac", SEVEN, [{"Bob": 5}])
    assert {p for p, name, _ in seven if name == "counters paid per deal"} == {"Bob", "Cid", "Dot", "Eve", "Fay", "Gus"}
