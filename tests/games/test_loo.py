"""Three-card Loo (rules/004 §§ 95-98): the dealer's ante, a third a trick, the looed pay."""

from fractions import Fraction

import pytest

from scorekeeper import ledger
from scorekeeper.model import ScorekeeperError

from ..conftest import SESSIONS
from .sitting import figures, replay

FIVE = ("Ann", "Bob", "Cid", "Dot", "Eve")


def test_the_pool_is_divided_a_third_a_trick_and_the_odd_counters_stay():
    # § 98 iii: "if there be three pence ... in the pool, the tricks are a penny ... each"
    st = replay("loo", FIVE, [{"Ann": 0, "Bob": 2, "Cid": 1, "Dot": 0, "Eve": 0}], ante=4)
    # pool 4: a trick 1, one left; Ann, Dot and Eve took none: looed, 4 each (the ante)
    assert st.effects[0].changes == {"Ann": -4 - 4, "Bob": 2, "Cid": 1, "Dot": -4, "Eve": -4}
    assert st.pool == 1 + 12


def test_the_first_deal_is_a_single_where_all_must_play():
    with pytest.raises(ScorekeeperError, match="Cid is missing: the first round is a single"):
        replay("loo", FIVE, [{"Ann": 1, "Bob": 2}])
    with pytest.raises(ScorekeeperError, match="miss: the first round is a single"):
        replay("loo", FIVE, [dict.fromkeys(FIVE, 0) | {"Ann": 3, "miss": "Ann"}])


def test_with_first_round_ante_every_player_antes_and_a_miss_is_dealt():
    st = replay("loo", FIVE, [{"Bob": 3, "Cid": 0, "miss": "Cid"}], first_round="ante")
    # § 96 viii: each puts in the dealer's stake: a pool of 15, five a trick
    assert st.effects[0].changes == {"Ann": -3, "Bob": 12, "Cid": -6, "Dot": -3, "Eve": -3}
    assert st.pool == 3


def test_unlimited_loo_the_looed_pay_the_pool_just_divided():
    hands = [dict.fromkeys(FIVE, 0) | {"Ann": 3}, {"Bob": 1, "Cid": 2, "Dot": 0}]
    st = replay("loo", FIVE, hands, loo="unlimited")
    # deal 1: pool 3 to Ann; four looed pay 3 each: pool 12. Deal 2: Bob antes, 15 divided
    # five a trick; Dot looed pays the 15 just divided.
    assert st.effects[1].changes == {"Ann": 0, "Bob": -3 + 5, "Cid": 10, "Dot": -15, "Eve": 0}
    assert st.pool == 15


def test_the_dealer_gives_up_the_stakes_to_a_lone_stander():
    hands = [dict.fromkeys(FIVE, 0) | {"Ann": 3}, {"Cid": 3, "gave_up": "yes"}]
    st = replay("loo", FIVE, hands)
    assert st.effects[1].changes == {"Ann": 0, "Bob": -3, "Cid": 15, "Dot": 0, "Eve": 0}
    assert st.pool == 0
    with pytest.raises(ScorekeeperError, match="gives up the stakes only to a lone stander"):
        replay("loo", FIVE, hands[:1] + [{"Cid": 3, "Bob": 0, "gave_up": "yes"}])


def test_penalty_loos_pay_the_loo_amount_into_the_next_pool():
    hands = [dict.fromkeys(FIVE, 0) | {"Ann": 3}, {"Cid": 3, "Dot": 0, "looed": "Eve"}]
    st = replay("loo", FIVE, hands, loo_amount=5)
    # deal 1: four looed pay 5: pool 20; deal 2: Bob antes, 23 is 7 a trick, 2 stay
    assert st.effects[1].changes == {"Ann": 0, "Bob": -3, "Cid": 21, "Dot": -5, "Eve": -5}
    assert st.pool == 2 + 10


def test_scores_plus_the_pool_are_nought_and_the_end_pool_is_shared_exactly():
    st = ledger.open_session(SESSIONS / "loo-limited.yaml").standings
    assert sum(st.scores.values()) + st.pool == 0
    assert st.scores == {"Ann": 1, "Bob": 1, "Cid": 3, "Dot": -5, "Eve": -3}
    assert st.pool == 3
    assert st.balances["Ann"] == Fraction(8, 5)  # 1 + 3/5
    assert sum(st.balances.values()) == 0


def test_tricks_must_add_up_to_three():
    with pytest.raises(ScorekeeperError, match="tricks must add up to 3"):
        replay("loo", FIVE, [dict.fromkeys(FIVE, 0) | {"Ann": 2}])


def test_when_all_the_others_pass_the_dealer_takes_the_whole_pool_odd_counters_too():
    # Peel: the others all thrown up, "the dealer is entitled to the amount in the pool"
    three = ("Ann", "Bob", "Cid")
    hands = [{"Ann": 3, "Bob": 0, "Cid": 0}, {"Bob": 3}]
    st = replay("loo", three, hands, loo_amount=1)
    # deal 1: pool 3 to Ann, Bob and Cid looed 1 each: 2 wait; deal 2: Bob antes, takes all 5
    assert st.effects[1].changes == {"Ann": 0, "Bob": -3 + 5, "Cid": 0}
    assert st.effects[1].summary == ("Bob antes: pool 5; all the others passed: Bob takes the "
                                     "pool of 5; pool 0 waiting")
    assert st.pool == 0


def test_a_deal_given_nothing_says_how_to_write_all_passed_not_the_refused_name_0():
    with pytest.raises(ScorekeeperError, match=r"when all the others passed, the dealer takes "
                                               r"the pool: write him with the three tricks \(DEALER=3\)$"):
        replay("loo", FIVE, [{"note": "all passed"}], first_round="ante")


def test_a_loo_amount_at_unlimited_loo_is_refused_not_ignored(cli):
    r = cli.refused("u", "new", "u", "--game", "loo", "--players", "A,B,C", "--rule", "loo=unlimited",
                    "--rule", "loo_amount=5", code=2)
    assert r.stderr == ("error: rule loo_amount: applies only with loo=limited (at unlimited loo a "
                        "looed player pays the pool just divided), got loo_amount=5 with "
                        "loo=unlimited\n")


def test_a_misdeal_on_the_first_deal_loos_the_dealer_and_the_single_is_dealt_again(cli):
    # § 97 i: "For a misdeal the dealer is looed", on any deal; § 96 viii: the first round is
    # a single, "when all the players must play": the deal misdealt played no round
    cli.new("S", "loo", "Ann,Bob,Cid")
    out = cli.ok("hand", "S", "looed=Ann")
    assert out.stdout.startswith("hand 1: Ann antes: pool 3; Ann looed (penalty): pays 3; "
                                 "nobody played; pool 6 waiting\n")
    cli.refused("S", "hand", "S", "Cid=3", "Ann=0")  # Bob's deal is the single: all must play
    err = cli.refused("S", "hand", "S", "Cid=3", "Ann=0", "Bob=0", "miss=Cid")
    assert err.stderr == "error: hand 2: miss: the first round is a single, dealt without a miss\n"
    cli.ok("hand", "S", "Cid=3", "Ann=0", "Bob=0")  # pool 9: Cid takes it; Ann and Bob looed
    assert cli.json("show", "S")["scores"] == {"Ann": -9, "Bob": -6, "Cid": 9}
    cli.ok("hand", "S", "Ann=3")  # the single played, a player may pass: Cid deals


def test_stats_count_stands_loos_and_penalty_loos():
    got = figures("loo", ("Ann", "Bob", "Cid"), [{"Ann": 3, "Bob": 0, "Cid": 0, "looed": "Ann"}])
    assert sorted(got) == [("Ann", "penalty loos", 1), ("Ann", "stood", 1), ("Bob", "looed", 1),
                           ("Bob", "stood", 1), ("Cid", "looed", 1), ("Cid", "stood", 1)]
