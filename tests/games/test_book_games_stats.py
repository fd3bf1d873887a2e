"""What the five games of issue 10 add to `scorekeeper stats`, beyond the generic figures."""

from .sitting import figures

FOUR = ("Ann", "Bob", "Cid", "Dot")


def test_all_fours_counts_high_low_jack_and_game_to_who_made_them():
    got = figures("all-fours", ("Ann", "Bob"), [{"high": "Ann", "low": "Bob", "game": "Ann"}])
    assert got == [("Ann", "high", 1), ("Bob", "low", 1), ("Ann", "game", 1)]


def test_loo_counts_stands_loos_and_penalty_loos():
    got = figures("loo", ("Ann", "Bob", "Cid"), [{"Ann": 3, "Bob": 0, "Cid": 0, "looed": "Ann"}])
    assert sorted(got) == [("Ann", "penalty loos", 1), ("Ann", "stood", 1), ("Bob", "looed", 1),
                           ("Bob", "stood", 1), ("Cid", "looed", 1), ("Cid", "stood", 1)]


def test_counter_games_count_counters_paid_per_deal_and_games_lost():
    got = figures("slobberhannes", FOUR, [{"misdeal": True}, {"first": "Ann", "last": "Ann", "queen": "Ann"}],
                  counters=4)
    assert ("Ann", "counters paid per deal", 4) in got and ("Ann", "games lost", 1) in got
    assert len([f for f in got if f[1] == "counters paid per deal"]) == 4  # the misdeal adds none
    seven = figures("polignac", FOUR + ("Eve", "Fay", "Gus"), [{"Bob": 5}])
    assert {p for p, name, _ in seven if name == "counters paid per deal"} == {"Bob", "Cid", "Dot", "Eve", "Fay", "Gus"}


def test_enfle_counts_pools_won():
    assert figures("enfle", FOUR, [{"winner": "Cid"}]) == [("Cid", "pools won", 1)]
