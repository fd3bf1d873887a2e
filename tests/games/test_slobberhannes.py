"""Slobberhannes (rules/001): first trick, last trick and club Queen cost one each; all three four."""

import pytest

from scorekeeper import ledger
from scorekeeper.model import ScorekeeperError

from ..conftest import SESSIONS
from .sitting import figures, replay

FOUR = ("Ann", "Bob", "Cid", "Dot")
SEVEN = ("Ann", "Bob", "Cid", "Dot", "Eve", "Fay", "Gus")


def test_each_of_the_three_costs_one_and_all_three_cost_four():
    st = replay("slobberhannes", FOUR, [{"first": "Ann", "last": "Bob", "queen": "Cid"},
                                        {"first": "Dot", "last": "Dot", "queen": "Dot"}])
    assert st.scores == {"Ann": 9, "Bob": 9, "Cid": 9, "Dot": 6}
    assert st.extra_json["counters_in_pool"] == 7


def test_a_revoke_costs_a_counter_and_a_misdeal_is_dealt_again_by_the_same_dealer():
    st = replay("slobberhannes", FOUR, [{"misdeal": True},
                                        {"first": "Ann", "last": "Bob", "queen": "Cid", "revoke": "Ann,Dot"}])
    assert [e.dealer for e in st.effects] == ["Ann", "Ann"]
    assert st.next_dealer == "Bob"
    assert st.scores == {"Ann": 8, "Bob": 9, "Cid": 9, "Dot": 9}


def test_the_first_to_lose_his_ten_pays_each_other_a_counter_for_each_he_holds():
    st = ledger.open_session(SESSIONS / "slobberhannes-evening.yaml").standings
    assert st.effects[4].notes == ("Ann has lost all his counters and loses the game: pays Bob 8, "
                                   "Cid 9, Dot 8; a new game starts",)
    assert st.balances == {"Ann": -25, "Bob": 8, "Cid": 9, "Dot": 8}
    assert st.scores == {"Ann": 10, "Bob": 9, "Cid": 8, "Dot": 10}  # the new game


def test_pay_game_the_loser_pays_the_stake_once_to_each():
    hands = [{"first": "Ann", "last": "Ann", "queen": "Ann"}] * 3
    st = replay("slobberhannes", FOUR, hands, pay="game")
    assert st.unit == "games"
    assert st.balances == {"Ann": -3, "Bob": 1, "Cid": 1, "Dot": 1}


def test_at_seven_the_dealer_takes_no_cards_and_pays_nothing():
    st = replay("slobberhannes", SEVEN, [{"first": "Bob", "last": "Cid", "queen": "Dot"},
                                         {"first": "Ann", "last": "Ann", "queen": "Ann"}])
    assert st.effects[1].dealer == "Bob"
    assert st.effects[1].changes["Bob"] == 0 and st.effects[1].changes["Ann"] == -4
    with pytest.raises(ScorekeeperError, match="first: Ann deals and takes no cards"):
        replay("slobberhannes", SEVEN, [{"first": "Ann", "last": "Cid", "queen": "Dot"}])


def test_a_deal_needs_all_three_takers_and_a_misdeal_nothing_else():
    with pytest.raises(ScorekeeperError, match="queen is missing"):
        replay("slobberhannes", FOUR, [{"first": "Ann", "last": "Bob"}])
    with pytest.raises(ScorekeeperError, match="misdeal: a misdealt hand is not played"):
        replay("slobberhannes", FOUR, [{"misdeal": True, "first": "Ann"}])


def test_settle_speaks_of_a_game_in_progress_only_while_one_is_under_way(cli):
    # pay=game settles in games: a fresh game (every stack whole) is not "in progress"
    cli.new("s", "slobberhannes", "A,B,C,D", "counters=3", "pay=game")
    cli.ok("hand", "s", "first=B", "last=B", "queen=B")  # B loses the game; a new one starts
    assert "in progress" not in cli.ok("settle", "s").stdout
    cli.ok("hand", "s", "first=C", "last=D", "queen=A")
    assert ("the game in progress (A 2, B 3, C 2, D 2) is not settled: only finished games are "
            "paid" in cli.ok("settle", "s").stdout)


def test_stats_count_counters_paid_per_deal_and_games_lost():
    got = figures("slobberhannes", FOUR, [{"misdeal": True}, {"first": "Ann", "last": "Ann", "queen": "Ann"}],
                  counters=4)
    assert ("Ann", "counters paid per deal", 4) in got and ("Ann", "games lost", 1) in got
    assert len([f for f in got if f[1] == "counters paid per deal"]) == 4  # the misdeal adds none


# Ann at 1 counter, then she takes the first trick: "The player winning the first trick must
# pay for it immediately"; "The player who first loses his ten counters also loses the game".
TO_ONE = [{"first": "Ann", "last": "Ann", "queen": "Ann"}] * 2 + [
    {"first": "Ann", "queen": "Bob", "last": "Cid"}]                 # Ann 1, Bob 9, Cid 9, Dot 10
OUT_AT_THE_FIRST_TRICK = {"first": "Ann", "queen": "Bob", "last": "Cid", "revoke": "Dot"}


def test_the_game_ends_when_the_loser_pays_his_last_counter():
    st = replay("slobberhannes", FOUR, TO_ONE + [OUT_AT_THE_FIRST_TRICK])
    last = st.effects[-1]
    assert last.summary == "Ann -1 (first trick); pool 12"
    assert last.scores == {"Ann": 0, "Bob": 9, "Cid": 9, "Dot": 10}  # what they hold then
    assert last.notes == ("Ann has lost all his counters and loses the game: pays Bob 9, Cid 9, "
                          "Dot 10; the rest of the deal does not count (3 counters); a new game "
                          "starts",)
    assert st.balances == {"Ann": -28, "Bob": 9, "Cid": 9, "Dot": 10}


def test_game_ends_deal_the_deal_is_paid_to_its_end_first():
    st = replay("slobberhannes", FOUR, TO_ONE + [OUT_AT_THE_FIRST_TRICK], game_ends="deal")
    last = st.effects[-1]
    assert last.scores == {"Ann": 0, "Bob": 8, "Cid": 8, "Dot": 9}
    assert last.notes == ("Ann has lost all his counters and loses the game: pays Bob 8, Cid 8, "
                          "Dot 9; a new game starts",)
    assert st.balances == {"Ann": -25, "Bob": 8, "Cid": 8, "Dot": 9}
