"""The play (§ 81, § 84): what each card of one count pegs, and the `crib play` command."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cards import parse_cards
from scorekeeper.games.cribbage.play import play


def pegged(cards: str, finished: bool = True):
    return [p.points for p in play(parse_cards(cards), finished)]


def test_sequence_in_any_order_the_book_example():
    # § 81 vi: "your adversary playing an ace, you a five, he a three, you a two, then he a
    # four--he counts five for the sequence" (and the count is then fifteen: 2 more)
    pegs = play(parse_cards("AH 5D 3C 2S 4H"), finished=False)
    assert [p.points for p in pegs] == [0, 0, 0, 0, 7]
    assert pegs[-1].reasons == ("fifteen", "a run of 5")


def test_pairs_pair_royal_double_pair_royal_the_book_example():
    # § 81 iv: a seven and another a pair, 2; a third, pair royal, 6; a fourth, 12
    assert pegged("7H 7D 7S 7C", finished=False) == [0, 2, 6, 12]


def test_fifteen_pegs_two():
    assert pegged("9H 6D", finished=False) == [0, 2]


def test_thirty_one_pegs_two_and_no_go_beside_it():
    # § 81 ix: the end hole is 1, "if he make thirty-one exactly, he marks two"
    pegs = play(parse_cards("10H 5D 6C 10S"))
    assert [p.points for p in pegs] == [0, 2, 0, 2]
    assert pegs[-1].count == 31 and pegs[-1].reasons == ("thirty-one",)


def test_the_go_for_the_last_card_under_thirty_one():
    assert pegged("KH QD 9C") == [0, 0, 1]
    assert pegged("KH QD 9C", finished=False) == [0, 0, 0]


def test_fifteen_and_a_pair_royal_together():
    assert pegged("5H 5D 5S", finished=False) == [0, 2, 8]


def test_run_broken_by_a_card_between_does_not_count():
    assert pegged("3H 4D 4S 5C", finished=False) == [0, 0, 2, 0]


def test_run_after_a_pair_counts_among_the_last_cards():
    # 4 4 3 5: the last three (4 3 5) are a run
    assert pegged("4H 4D 3S 5C", finished=False) == [0, 2, 0, 3]


def test_tens_and_kings_are_not_a_pair():
    assert pegged("10H KD", finished=False) == [0, 0]


def test_a_card_that_would_pass_thirty_one_is_refused(cli):
    r = cli("crib", "play", "10H", "10D", "10S", "5H")
    assert r.exit_code == 1
    assert r.stderr.strip() == ("error: cards: 5H would make the count 35, past thirty-one: "
                                "it cannot be played (the count was 30)")


def test_play_command_text_and_json(cli):
    r = cli("crib", "play", "AH", "5D", "3C", "2S", "4H")
    assert r.exit_code == 0, r.stderr
    assert "fifteen, a run of 5, a go (last card)" in r.stdout
    assert r.stdout.strip().endswith("pegged in all: 8")
    data = json.loads(cli("crib", "play", "7H", "7D", "7S", "--unfinished", "--json").stdout)
    assert [d["points"] for d in data] == [0, 2, 6]
    assert data[2] == {"card": "7S", "count": 21, "points": 6, "for": ["a pair royal"]}


def test_play_errors(cli):
    assert cli("crib", "play", "7H", "7H").stderr.strip() == "error: card 7H given twice"
    assert cli("crib", "play", "7X").stderr.strip() == "error: not a card: '7X' (try 10H, TH, 10♥)"


# ---------------------------------------------------------------- pairs broken, runs in any order, thirty-one and the go


def test_a_pair_broken_by_a_card_between_does_not_count():
    # § 81 iv: the pair is "your adversary having played a seven and you another": cards
    # played one after the other; 7 8 7 is no pair, and the last 7 of 7 7 8 7 pairs nothing.
    assert pegged("7H 8D 7S", finished=False) == [0, 2, 0]
    assert pegged("7H 7D 8S 7C", finished=False) == [0, 2, 0, 0]


def test_runs_grow_card_by_card_in_any_order():
    # each card pegs the longest run among the last cards: 1+2+3+4+5 is also fifteen
    assert pegged("AH 2D 3S 4C 5H 6D 7S") == [0, 0, 3, 4, 5 + 2, 6, 7 + 1]
    # 6 4 5: a run of three out of order, and fifteen; then 3: 6 4 5 3 is a run of four
    assert pegged("6H 4D 5S 3C", finished=False) == [0, 0, 3 + 2, 4]
    # a run is broken by a card that repeats a rank inside it: 3 4 5 4 pegs nothing for the 4
    assert pegged("3H 4D 5S 4C", finished=False) == [0, 0, 3, 0]
    # but each later card may make a run of the last three again: 5 4 3, 4 3 5, 3 5 4, 5 4 3
    assert pegged("5H 4D 3S 5C 4H 3C", finished=False) == [0, 0, 3, 3, 3, 3]


def test_thirty_one_with_a_pair_and_the_go_at_thirty_with_a_run():
    # 10 10 (pair 2) 5 (25) 6 (31: thirty-one 2, no go beside it)
    assert pegged("10H 10D 5S 6C") == [0, 2, 0, 2]
    # K 9 (19) 5 (24) 6 (30): no run (K 9 5 6 is not), a go for the last card: 1
    pegs = play(parse_cards("KH 9D 5S 6C"))
    assert [p.points for p in pegs] == [0, 0, 0, 1] and pegs[-1].count == 30
    # 8 9 7 (24, a run of three) then 6 (30): a run of four and the go, 5
    assert pegged("8H 9D 7S 6C") == [0, 0, 3, 5]
