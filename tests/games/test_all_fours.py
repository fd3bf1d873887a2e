"""All Fours (rules/004 §§ 91-94): high, low, Jack, game; first to ten; the order of counting."""

import pytest

from scorekeeper import ledger
from scorekeeper.model import ScorekeeperError

from ..conftest import SESSIONS
from .sitting import figures, replay

TWO = ("Ann", "Bob")
FOUR = ("A", "Y", "B", "Z")


def test_each_of_the_four_points_scores_one_to_its_maker():
    st = replay("all-fours", TWO, [{"high": "Ann", "low": "Bob", "jack": "Ann", "game": "Bob"}])
    assert st.scores == {"Ann": 2, "Bob": 2}
    assert st.effects[0].summary == "high Ann, low Bob, jack Ann, game Bob"


def test_turned_knave_scores_one_to_the_dealer_and_take_one_to_the_eldest():
    # § 91: the dealer, "if it prove a knave, scores one point"; § 93 v: "Take one"
    st = replay("all-fours", TWO, [{"turned_jack": "yes", "beg": "one", "high": "Bob", "low": "Bob"}])
    assert st.scores == {"Ann": 1, "Bob": 3}  # Ann dealt, Bob is the eldest
    assert st.effects[0].summary == "turned jack Ann, begged point Bob, high Bob, low Bob"


def test_one_card_counts_all_fours_when_it_is_the_only_trump_and_counting_card():
    # § 92 vi: the eldest holds the knave ... "the knave will be both high, low, Jack, and game"
    st = replay("all-fours", TWO, [{"trump": "H", "took.Bob": "JH 9S 8C", "low": "Bob"}])
    assert st.scores == {"Ann": 0, "Bob": 4}


def test_game_goes_to_the_greater_count_and_a_tie_scores_nothing():
    # § 93 iv: ace 4, king 3, queen 2, knave 1, ten 10
    won = replay("all-fours", TWO, [{"trump": "S", "took.Ann": "AH TS", "took.Bob": "KD QC 2S",
                                     "low": "Bob"}])
    assert won.scores == {"Ann": 2, "Bob": 1}  # high (TS) and game (14 to 5) Ann; low Bob
    tied = replay("all-fours", TWO, [{"trump": "S", "took.Ann": "AH", "took.Bob": "KD JC 2S",
                                      "low": "Bob"}])
    assert tied.effects[0].summary == "high Bob, low Bob"  # 4 to 4: no point for game


def test_first_to_ten_wins_and_the_rest_of_the_deal_does_not_count():
    hands = [{"high": "Ann", "low": "Ann", "jack": "Ann", "game": "Ann"}] * 2
    hands.append({"turned_jack": "yes", "high": "Bob", "low": "Ann", "jack": "Ann", "game": "Bob"})
    st = replay("all-fours", TWO, hands)
    # Ann dealt the third deal: turned jack 9, then high to Bob, then low makes Ann ten
    last = st.effects[2]
    assert last.scores == {"Ann": 10, "Bob": 1}
    assert last.notes == ("Ann wins the game; the rest of the deal does not count (2 points)",)
    assert st.scores == {"Ann": 0, "Bob": 0}
    assert st.games_won == {"Ann": 1, "Bob": 0}
    assert st.balances == {"Ann": 1, "Bob": -1}


def test_the_turned_knave_counts_before_high_so_the_dealer_can_go_out_first():
    hands = [{"high": "Ann", "low": "Ann", "jack": "Ann", "game": "Ann"}] * 2 + \
        [{"high": "Bob", "low": "Bob", "jack": "Bob"}] * 3 + [{"game": "Ann"}]
    st = replay("all-fours", TWO, hands)
    assert st.scores == {"Ann": 9, "Bob": 9}
    st = replay("all-fours", TWO, hands + [{"turned_jack": True, "high": "Bob", "low": "Bob"}])  # Ann deals
    assert st.games_won == {"Ann": 1, "Bob": 0}


def test_partners_share_their_side_score_and_each_loser_pays_a_winner():
    hands = [{"high": "A", "low": "Y", "jack": "B", "game": "Z", "revoke": "Z"}]
    st = replay("all-fours", FOUR, hands)
    assert st.scores == {"A": 3, "Y": 2, "B": 3, "Z": 2}  # Z's revoke: one to A-B (law iii)
    st = replay("all-fours", FOUR, hands * 4)
    assert st.games_won == {"A": 1, "Y": 0, "B": 1, "Z": 0}
    assert st.balances == {"A": 1, "Y": -1, "B": 1, "Z": -1}


def test_a_wrong_score_gives_the_adversary_four_or_one_as_agreed():
    four = replay("all-fours", TWO, [{"wrong_score": "Ann"}])
    assert four.scores == {"Ann": 0, "Bob": 4}
    assert four.effects[0].summary == "Ann's wrong score Bob 4"  # said once, with its points
    assert replay("all-fours", TWO, [{"wrong_score": "Ann"}],
                  wrong_score=1).scores == {"Ann": 0, "Bob": 1}


@pytest.mark.parametrize("hand, message", [
    ({"low": "Ann"}, "low: a trump was out, so somebody held the highest: give high= too"),
    ({"high": "Ann", "jack": "Ann", "game": "Bob"}, "low is missing: a trump was out, so "
     "somebody was dealt the lowest (the same player when one trump was out): give low= too"),
    ({"trump": "H", "took.Ann": "AH", "high": "Ann", "low": "Ann"},
     "high: give either high= or the cards taken (took.NAME), not both"),
    ({"trump": "H", "took.Ann": "AH"}, "low is missing"),
    ({"took.Ann": "AH"}, "trump is missing"),
    # with the cards taken, high= is refused: the advice is to give the trumps won
    ({"trump": "H", "took.Ann": "AS", "low": "Ann"}, "low: a trump was out, so somebody held the "
     "highest: no trump is in the cards taken: give every trump won (took.NAME) or leave low out"),
])
def test_impossible_deals_are_refused(hand, message):
    with pytest.raises(ScorekeeperError, match=message.replace("(", r"\(").replace(")", r"\)")):
        replay("all-fours", TWO, [hand])


def test_three_players_and_names_like_fields_are_refused(cli):
    cli.refused("x", "new", "x", "--game", "all-fours", "--players", "A,B,C", code=2)
    r = cli.refused("x", "new", "x", "--game", "all-fours", "--players", "Ann,High", code=2)
    assert "is a hand field" in r.stderr


def test_the_example_evening_ends_with_bob_winning_by_high_before_ann_counts_low():
    st = ledger.open_session(SESSIONS / "all-fours-evening.yaml").standings
    assert [e.scores for e in st.effects] == [
        {"Ann": 2, "Bob": 3}, {"Ann": 5, "Bob": 4}, {"Ann": 5, "Bob": 8}, {"Ann": 8, "Bob": 9},
        {"Ann": 9, "Bob": 10}]
    assert st.balances == {"Ann": -1, "Bob": 1}


def test_a_wrong_score_stops_counting_at_ten_and_says_the_points_it_made():
    # Bob at 8: two of the four points of Ann's wrong score make ten; the rest does not count
    hands = [{"high": "Bob", "low": "Bob", "jack": "Bob", "game": "Bob"}] * 2
    st = replay("all-fours", TWO, hands + [{"wrong_score": "Ann"}])
    assert st.effects[2].summary == "Ann's wrong score Bob 2"
    assert st.effects[2].scores == {"Ann": 0, "Bob": 10}
    assert st.effects[2].notes == ("Bob wins the game; the rest of the deal does not count (2 points)",)


def test_stats_count_high_low_jack_and_game_to_who_made_them():
    got = figures("all-fours", ("Ann", "Bob"), [{"high": "Ann", "low": "Bob", "game": "Ann"}])
    assert got == [("Ann", "high", 1), ("Bob", "low", 1), ("Ann", "game", 1)]
