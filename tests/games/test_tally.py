from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.model import Hand, Session

from ..conftest import SESSIONS
from scorekeeper import ledger

GAME = get_game("tally")


def sitting(hands, players=("Ann", "Bob", "Cid"), **rules) -> Session:
    session = Session(name="t", game="tally", players=players, rules={},
                      hands=tuple(Hand(h) for h in hands))
    return session._replace(rules=GAME.resolve_rules(rules, players))


def test_missing_players_score_zero_and_settle_around_the_average():
    st_ = GAME.replay(sitting([{"Ann": 12, "Bob": -3}, {"Cid": 7}]))
    assert st_.scores == {"Ann": 12, "Bob": -3, "Cid": 7}
    # average 16/3: Ann +20/3, Bob -25/3, Cid +5/3
    assert st_.balances == {"Ann": Fraction(20, 3), "Bob": Fraction(-25, 3), "Cid": Fraction(5, 3)}


def test_low_wins_reverses_the_settlement():
    st_ = GAME.replay(sitting([{"Ann": 12, "Bob": -3, "Cid": 0}], low_wins=True))
    assert st_.balances == {"Ann": -9, "Bob": 6, "Cid": 3}


def test_first_to_target_wins_a_game_and_a_new_game_starts():
    st_ = GAME.replay(sitting([{"Ann": 60, "Bob": 40}, {"Ann": 45, "Bob": 50}, {"Bob": 5}], target=100))
    assert st_.games_won == {"Ann": 1, "Bob": 0, "Cid": 0}
    assert st_.effects[1].notes == ("Ann wins the game",)
    assert st_.scores == {"Ann": 0, "Bob": 5, "Cid": 0}
    assert st_.columns["total"] == {"Ann": 105, "Bob": 95, "Cid": 0}


def test_low_wins_with_target_the_lowest_wins_when_someone_reaches_it():
    st_ = GAME.replay(sitting([{"Ann": 101, "Bob": 20, "Cid": 30}], target=100, low_wins=True))
    assert st_.games_won == {"Ann": 0, "Bob": 1, "Cid": 0}


def test_a_tie_for_best_plays_on():
    st_ = GAME.replay(sitting([{"Ann": 100, "Bob": 100}], target=100))
    assert st_.games_won == {"Ann": 0, "Bob": 0, "Cid": 0}
    st_ = GAME.replay(sitting([{"Ann": 100, "Bob": 100}, {"Bob": 1}], target=100))
    assert st_.games_won == {"Ann": 0, "Bob": 1, "Cid": 0}


def test_deal_passes_left_from_the_first_dealer():
    st_ = GAME.replay(sitting([{"Ann": 0}] * 4, first_dealer="Bob"))
    assert [e.dealer for e in st_.effects] == ["Bob", "Cid", "Ann", "Bob"]
    assert st_.next_dealer == "Cid"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-50, 50), min_size=3, max_size=3), max_size=20))
def test_balances_always_sum_to_zero(rows):
    hands = [dict(zip(("Ann", "Bob", "Cid"), row)) for row in rows]
    st_ = GAME.replay(sitting(hands))
    assert sum(st_.balances.values()) == 0
    assert st_.scores == {p: sum(h[p] for h in hands) for p in ("Ann", "Bob", "Cid")}


def test_bundled_friday_sitting():
    r = ledger.open_session(SESSIONS / "tally-friday.yaml")
    assert r.standings.games_won == {"Ann": 0, "Bob": 1, "Cid": 0, "Dee": 0}
    assert r.standings.columns["total"] == {"Ann": 92, "Bob": 137, "Cid": 105, "Dee": 124}


def test_to_go_and_the_finished_games_in_a_tally_to_a_target(cli):
    cli.new("race", "tally", "Ann,Bob", "target=20")
    cli.ok("hand", "race", "Ann=15", "Bob=4")
    out = cli.ok("hand", "race", "Ann=6", "Bob=3").stdout
    assert "player    score    total    to go    games\n" in out
    assert "Ann       0        21       20       1\n" in out  # a new game: 20 to go again
    assert "\n\ngame 1: Ann 21, Bob 7\nnext dealer: Ann\n" in out
