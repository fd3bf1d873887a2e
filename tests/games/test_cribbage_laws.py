"""Cribbage laws and wording a table could not record or misread (issue 12)."""

from __future__ import annotations

from scorekeeper.cards import parse_cards
from scorekeeper.crib.count import count_hand, say


def test_his_heels_is_said_as_the_dealer_taking_two(cli):
    # § 81 viii: "if a knave be turned up, the dealer marks two"
    cli.new("c", "cribbage", "Ann,Bob")
    out = cli.ok("hand", "c", "starter=JH", "Bob=5", "Ann=3").stdout
    assert out.startswith("hand 1: Ann takes two for his heels; ")


def test_a_total_is_scored_and_a_counted_hand_is_shown(cli):
    # Bob=5 is play and show together; only a hand counted from its cards "shows"
    cli.new("c", "cribbage", "Ann,Bob")
    out = cli.ok("hand", "c", "Bob=5", "starter=5S", "hand.Ann=2C,4D,6H,8S").stdout
    assert out.splitlines()[0] == "hand 1: Bob scores 5; Ann shows 7"


def test_two_separate_runs_are_named_each_and_take_the_plural():
    # eight-card cribbage: A-2-3 and 8-9-10-J in one hand with the starter
    count = count_hand(parse_cards("AH 2D 3C 8S 9H 10D"), parse_cards("JC")[0])
    assert say(count).endswith("a run of three and a run of four make " + str(count.total))


def test_the_game_rule_lists_its_real_default(cli):
    out = cli.ok("games", "cribbage").stdout
    row = next(line for line in out.splitlines() if line.startswith("game "))
    assert row.split()[1] == "121"
    cli.new("five", "cribbage", "Ann,Bob", "variant=five-card")
    assert cli.json("show", "five")["rules"]["game"] == 61
    cli.new("six", "cribbage", "Ann,Bob")
    assert cli.json("show", "six")["rules"]["game"] == 121


# ---------------------------------------------------------------- forfeits and § 82 penalties


def test_a_forfeited_game_ends_at_once_and_the_other_side_wins_it(cli):
    # § 82 xx: "The player who throws up his cards and refuses to score, forfeits the game."
    cli.new("c", "cribbage", "Ann,Bob", stake="1")
    cli.ok("hand", "c", "Ann=20", "Bob=30")
    out = cli.ok("hand", "c", "forfeit=Bob", "note=threw up his cards").stdout
    assert "game 1: Bob forfeits the game at 30; Ann wins it" in out
    data = cli.json("show", "c")
    assert data["games_won"] == {"Ann": 1, "Bob": 0}
    assert data["scores"] == {"Ann": 0, "Bob": 0}      # a new game
    assert cli.json("settle", "c")["balances"] == {"Ann": 1, "Bob": -1}
    r = cli.refused("c", "hand", "c", "forfeit=Ann", "Ann=5")
    assert "forfeit: a forfeited game ends at once; give only forfeit (and a note), not Ann" in r.stderr


def test_a_forfeit_at_three_hands_pays_each_other_player(cli):
    cli.new("c", "cribbage", "Ann,Bob,Cid")
    cli.ok("hand", "c", "forfeit=Cid")
    assert cli.json("settle", "c")["balances"] == {"Ann": 1, "Bob": 1, "Cid": -2}


def test_touching_the_adversarys_pegs_and_over_scoring_with_the_cards_given(cli):
    # § 82 xiv: touching his adversary's pegs, "under a penalty of two points"; § 82 ix: the
    # over-scorer is "put back as many points as he has over-scored, and have the points
    # added to his opponent's side" (his cards give his due; his opponent takes the excess)
    cli.new("c", "cribbage", "Ann,Bob")
    out = cli.ok("hand", "c", "starter=5S", "hand.Bob=AC,2D,3H,9S", "hand.Ann=2C,4D,6H,8S",
                 "touched_pegs=Bob", "overscored.Bob=3").stdout
    assert out.splitlines()[0] == ("hand 1: Ann takes 2: Bob touched his adversary's pegs; "
                                   "Bob shows 7; Ann takes 3: Bob over-scored; Ann shows 7")
    assert cli.json("show", "c")["scores"] == {"Ann": 12, "Bob": 7}


def test_a_total_above_what_one_deal_can_score_is_refused(cli):
    # a deal's bound: hand 29 (+ crib 29 for the dealer) + 15 a card played (4 cards)
    cli.new("c", "cribbage", "Ann,Bob")
    r = cli.refused("c", "hand", "c", "Ann=500", "Bob=10")
    assert r.stderr == ("error: hand 1: Ann: 500 is more than one deal can score (Ann, the dealer, can "
                        "make at most 118: hand 29, crib 29, play 60 = 15 a card)\n")
    cli.refused("c", "hand", "c", "Ann=10", "Bob=90")      # Bob not dealing: at most 89
    cli.ok("hand", "c", "Ann=118", "Bob=89")
