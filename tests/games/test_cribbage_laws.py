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
