"""games/target.py: who wins a race to a target, a deal counted until someone reaches it, and
each finished game reported with every side's final score."""

from __future__ import annotations

from scorekeeper.games import target
from scorekeeper.games.base import FinishedGame


def test_nobody_wins_before_the_target_is_reached():
    assert target.winners({"A": 50, "B": 49}, 51) == ()
    assert target.winners({"A": 50}, None) == ()
    assert target.reached({"A": 51, "B": 52, "C": 3}, 51) == ("A", "B")
    assert target.to_go({"A": 40}, 51) == {"A": 11}


def test_the_best_of_those_who_reached_it_wins_and_ties_share_or_play_on():
    assert target.winners({"A": 52, "B": 55, "C": 60}, 53) == ("C",)
    assert target.winners({"A": 55, "B": 55}, 53) == ("A", "B")
    assert target.winners({"A": 55, "B": 55}, 53, ties=target.PLAY_ON) == ()
    # a tie-break of the game's own: the bidder goes out first (Cinch)
    assert target.winners({"A": 52, "B": 55}, 51, rank=lambda p: p == "A") == ("A",)
    # low wins: the game ends when someone reaches the target and the lowest score wins
    assert target.winners({"A": 100, "B": 20, "C": 40}, 100, low_wins=True) == ("B",)


def test_a_race_counts_one_scorer_at_a_time_and_the_first_to_the_target_ends_it():
    race = target.Race({"A": 115, "B": 118}, 121)
    assert race.count("A", 4) == 4 and not race.over
    assert race.count("B", 5) == 5 and race.first == "B"      # B pegs out: 123
    assert race.count("A", 10) == 0                            # the rest of the deal is not scored
    assert race.scores == {"A": 119, "B": 123}


def test_a_race_caps_a_score_and_may_let_the_rest_count():
    # Whist: points beyond the game are lost; a revoking side stops one short of it
    race = target.Race({0: 3, 1: 4}, 5, cap={0: 5, 1: 4})
    assert race.count(1, 2) == 0 and not race.over
    assert race.count(0, 4) == 2 and race.first == 0 and race.scores == {0: 5, 1: 4}
    # counters lost: no more than he holds, and the rest of the deal is still paid
    lost = target.Race({"A": 8, "B": 9}, 10, cap=10, rest_counts=True)
    assert [lost.count("B", 3), lost.count("A", 3)] == [1, 2]
    assert lost.first == "B" and lost.scores == {"A": 10, "B": 10}


def test_points_counted_together_go_to_the_best_of_those_they_take_out():
    race = target.Race({"A": 38, "B": 39, "C": 0}, 41)
    assert race.count_together({"A": 4, "B": 3, "C": 2}) == {"A": 4, "B": 3, "C": 2}
    assert race.first == "A"                                   # 42 against 42: the first given
    race = target.Race({"A": 38, "B": 39}, 41)
    race.count_together({"A": 4, "B": 3}, rank=lambda k: (race.scores[k], k == "B"))
    assert race.first == "B"                                   # the game's own tie-break


def test_a_finished_game_names_each_side_and_gives_every_final_score_winner_first():
    four = (("Ann", "Cid"), ("Bob", "Dee"))
    scores = {"Ann": 48, "Bob": 52, "Cid": 48, "Dee": 52}
    one = target.game_over((), 3, scores, ("Bob", "Dee"), four)
    assert one == (FinishedGame(game=1, winners=("Bob-Dee",), scores={"Bob-Dee": 52, "Ann-Cid": 48},
                                hand=4, players=("Bob", "Dee")),)
    assert list(one[0].scores) == ["Bob-Dee", "Ann-Cid"]
    # a winner need not have the best score (Cinch: the bidder's side goes out first)
    two = target.game_over(one, 9, {"Ann": 51, "Bob": 55, "Cid": 51, "Dee": 55}, ("Ann", "Cid"), four)
    assert two[1].game == 2 and two[1].hand == 10 and list(two[1].scores.items()) == [("Ann-Cid", 51), ("Bob-Dee", 55)]
    assert target.games_won(two, ("Ann", "Bob", "Cid", "Dee")) == {"Ann": 1, "Bob": 1, "Cid": 1, "Dee": 1}


def test_each_for_himself_the_rest_come_best_first_and_low_wins_puts_the_lowest_first():
    done = target.game_over((), 0, {"A": 20, "B": 35, "C": 40}, ("A",), low_wins=True)
    assert list(done[0].scores.items()) == [("A", 20), ("B", 35), ("C", 40)]
    shared = target.game_over((), 0, {"A": 30, "B": 52, "C": 52}, ("C", "B"))
    assert shared[0].winners == ("B", "C") and list(shared[0].scores) == ["B", "C", "A"]
    assert target.games_won(shared, ("A", "B", "C")) == {"A": 0, "B": 1, "C": 1}
