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
    hands.append({"turned_jack": "yes", "high": "Bob", "low": "Ann", "game": "Bob", "revoke": "Ann"})
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
    ({"trump": "H", "took.Ann": "AH", "took.Bob": "2H"}, "low is missing"),
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


# § 91: "six of which are to be dealt to each player ... and the next card, the thirteenth, is
# turned up for the trump": the card turned up is dealt to nobody.
KNAVE_TURNED = ("jack: the knave of trumps was turned up (turned_jack=yes), and the card turned "
                "up is dealt to nobody (§ 91): nobody holds or wins it, got jack=Bob; leave jack "
                "out (or give beg=run if the dealer ran the cards)")


@pytest.mark.parametrize("beg", [None, "one"])
def test_the_knave_turned_up_is_held_and_won_by_nobody(cli, beg):
    cli.new("af", "all-fours", "Ann,Bob")
    args = ["turned_jack=yes", "high=Bob", "low=Bob", "jack=Bob"] + ([f"beg={beg}"] if beg else [])
    err = cli.refused("af", "hand", "af", *args)
    assert err.stderr == f"error: hand 1: {KNAVE_TURNED}\n"


def test_the_knave_turned_up_cannot_be_in_the_cards_taken(cli):
    cli.new("af", "all-fours", "Ann,Bob")
    err = cli.refused("af", "hand", "af", "turned_jack=yes", "trump=H", "took.Ann=JH 2H", "low=Ann")
    assert err.stderr == ("error: hand 1: took.Ann: JH was turned up (turned_jack=yes), and the "
                          "card turned up is dealt to nobody (§ 91): nobody wins it in a trick (or "
                          "give beg=run if the dealer ran the cards)\n")


def test_after_a_run_the_knave_turned_may_have_been_of_the_first_suit():
    # § 93 v: the dealer "gives each player three cards more ... and then turns up the next
    # card ... until a change of suit": the Jack of the new trumps may be out
    st = replay("all-fours", TWO, [{"turned_jack": "yes", "beg": "run", "high": "Bob",
                                    "low": "Bob", "jack": "Bob"}])
    assert st.scores == {"Ann": 1, "Bob": 3}
    st = replay("all-fours", TWO, [{"turned_jack": "yes", "beg": "run", "trump": "H",
                                    "took.Bob": "JH 9S", "took.Ann": "2H 3S", "low": "Ann"}])
    assert st.effects[0].summary == ("begged, the dealer ran the cards; turned jack Ann, high Bob, "
                                     "low Ann, jack Bob, game Bob")


def test_one_trump_out_is_high_and_low_for_its_holder(cli):
    # § 92 vi: "the knave will be both high, low, Jack, and game": Bob 4
    cli.new("af", "all-fours", "Ann,Bob")
    err = cli.refused("af", "hand", "af", "trump=H", "took.Bob=JH", "low=Ann")
    assert err.stderr == ("error: hand 1: low: JH is the only trump out, so it is both high and "
                          "low (§ 92 vi): low is Bob, got Ann\n")
    cli.ok("hand", "af", "trump=H", "took.Bob=JH")  # low is worked out: the only trump's holder
    assert cli.json("show", "af")["scores"] == {"Ann": 0, "Bob": 4}


ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"


def test_more_cards_than_six_to_each_are_refused_without_a_run(cli):
    cli.new("af", "all-fours", "Ann,Bob")
    err = cli.refused("af", "hand", "af", "trump=H", f"took.Ann={ALL_HEARTS}", "low=Ann")
    assert err.stderr == ("error: hand 1: took.Ann: 13 cards taken, but 12 are played (six to "
                          "each, § 91) without a run (beg=run)\n")
    err = cli.refused("af", "hand", "af", "trump=S", "took.Ann=2S 3S 4S 5S 6S 7S",
                      "took.Bob=AH KH QH JH TH 9H 8H", "low=Ann")
    assert err.stderr == ("error: hand 1: took: 6 + 7 = 13 cards taken, but 12 are played (six "
                          "to each, § 91) without a run (beg=run)\n")
    cli.ok("hand", "af", "trump=S", "took.Ann=2S 3S 4S 5S 6S 7S", "took.Bob=AH KH QH JH TH 9H",
           "low=Ann")  # twelve: six tricks of two


@pytest.mark.parametrize("beg", [None, "run"])
def test_all_thirteen_trumps_are_never_in_play(cli, beg):
    # § 91: the trump turned up is dealt to nobody; after a run (§ 93 v) the last turned up is
    cli.new("af4", "all-fours", "A,Y,B,Z")
    args = ["trump=H", f"took.A={ALL_HEARTS}", "low=A"] + ([f"beg={beg}"] if beg else [])
    err = cli.refused("af4", "hand", "af4", *args)
    assert err.stderr == ("error: hand 1: took.A: all 13 hearts taken, but the trump turned up "
                          "is dealt to nobody (§ 91): 12 at most are in play\n")


def test_the_cards_a_deal_can_put_in_play():
    from scorekeeper.games.all_fours import cards_played
    # six each; a run deals three more each and turns one more, while the pack lasts
    assert cards_played(2, False) == 12 and cards_played(4, False) == 24
    assert cards_played(2, True) == 12 + 5 * 6   # 13 + 5 x 7 = 48 of 52 dealt or turned
    assert cards_played(4, True) == 24 + 2 * 12  # 25 + 2 x 13 = 51


def test_stats_count_high_low_jack_and_game_to_who_made_them():
    got = figures("all-fours", ("Ann", "Bob"), [{"high": "Ann", "low": "Bob", "game": "Ann"}])
    assert got == [("Ann", "high", 1), ("Bob", "low", 1), ("Ann", "game", 1)]
