"""Enflé (rules/001): every player antes; the first rid of his cards takes the pool."""

from scorekeeper import ledger

from ..conftest import SESSIONS
from .sitting import figures, replay


def test_each_antes_and_the_winner_takes_the_pool():
    st = replay("enfle", ("A", "B", "C", "D", "E"), [{"winner": "C"}, {"winner": "A"}], ante=2)
    assert st.effects[0].changes == {"A": -2, "B": -2, "C": 8, "D": -2, "E": -2}
    assert st.scores == {"A": 6, "B": -4, "C": 6, "D": -4, "E": -4}
    assert st.pool == 0


def test_the_example_sitting_settles():
    st = ledger.open_session(SESSIONS / "enfle-pools.yaml").standings
    assert st.balances == {"Ann": 1, "Bob": -3, "Cid": 5, "Dot": -3}


def test_stats_count_pools_won():
    assert figures("enfle", ("Ann", "Bob", "Cid", "Dot"), [{"winner": "Cid"}]) == [("Cid", "pools won", 1)]
