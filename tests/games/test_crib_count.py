"""Counting hands at the show: every line of the book's table of examples (§ 85),
the crib-flush rule (§ 81 vii), his nob and his heels (§ 81 viii), and the `crib count`
command with its errors."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cards import parse_cards, Card
from scorekeeper.games.cribbage.count import count_hand, say
from scorekeeper.model import ScorekeeperError

# (the book's line, the hand, the starter, the book's figure). Suits are chosen so that no
# flush and no nob arises ("each is exact when the suits make no flush"). The book's lines
# about four cards are five-card cribbage hands: three in hand and the starter.
BOOK_TABLE = [
    ("Two sevens, two eights, and a nine count 24", "7H 7D 8C 8S", "9H", 24),
    ("Two eights, a seven, and two nines 20", "8H 8D 7C 9S", "9H", 20),
    ("Two nines, a six, seven, and eight 16", "9H 9D 6C 7S", "8H", 16),
    ("Two sixes, two fives, and a four 24", "6H 6D 5C 5S", "4H", 24),
    ("Two sixes, two fours, and a five 24", "6H 6D 4C 4S", "5H", 24),
    ("Two fives, two fours, and a six 24", "5H 5D 4C 4S", "6H", 24),
    ("Two threes, two twos, and an ace 16", "3H 3D 2C 2S", "AH", 16),
    ("Two aces, two twos, and a three 16", "AH AD 2C 2S", "3H", 16),
    ("Three fives and a tenth card 14", "5H 5D 5C", "KS", 14),
    ("Three fours and a seven 12", "4H 4D 4C", "7S", 12),
    ("Three twos and a nine 8", "2H 2D 2C", "9S", 8),
    ("Six, seven, eight, and two aces the ragged 13", "6H 7D 8C AS", "AH", 13),
    ("Three sixes and a nine count 12", "6H 6D 6C", "9S", 12),
    ("Three sevens and an eight 12", "7H 7D 7C", "8S", 12),
    ("Three eights and a seven 12", "8H 8D 8C", "7S", 12),
    ("Three nines and a six 12", "9H 9D 9C", "6S", 12),
    ("Three threes and a nine 12", "3H 3D 3C", "9S", 12),
    ("Three sixes and a three 12", "6H 6D 6C", "3S", 12),
    ("Three sevens and an ace 12", "7H 7D 7C", "AS", 12),
    ("Two tens (pair) and two fives 12", "10H 10D 5C", "5S", 12),
    ("Two tenth cards (not a pair) and two fives = 10", "10H QD 5C", "5S", 10),
    ("Two nines and two sixes 12", "9H 9D 6C", "6S", 12),
    ("Two eights and two sevens 12", "8H 8D 7C", "7S", 12),
    ("Two sixes and two threes 8", "6H 6D 3C", "3S", 8),
    ("Two fives, a four, and a six 12", "5H 5D 4C", "6S", 12),
    ("Two fours, a five, and a six 12", "4H 4D 5C", "6S", 12),
    ("Two sixes, a four, and a five 12", "6H 6D 4C", "5S", 12),
    ("Two threes and two nines 8", "3H 3D 9C", "9S", 8),
    ("Two nines, a seven, and an eight 10", "9H 9D 7C", "8S", 10),
    ("Two eights, a seven, and a nine 12", "8H 8D 7C", "9S", 12),
    ("Two sevens, an eight, and a nine 12", "7H 7D 8C", "9S", 12),
    ("Two sixes, a seven, and an eight 10", "6H 6D 7C", "8S", 10),
    ("Two sixes, a three, and a nine 8", "6H 6D 3C", "9S", 8),
    ("A seven, eight, nine, ten, and knave 7", "7H 8D 9C 10S", "JH", 7),
    ("A six, seven, eight, nine, and ten 9", "6H 7D 8C 9S", "10H", 9),
    ("A six, seven, eight, and nine 8", "6H 7D 8C", "9S", 8),
    ("A six, five, and two sevens 8", "6H 5D 7C", "7S", 8),
    ("Any sequence of four cards and a fifteen (as seven, eight, nine and ten) counts 6",
     "7H 8D 9C", "10S", 6),
    ("Any sequence of six cards 6", "8C 9D 10H JS QC KD", "AH", 6),
    ("Any sequence of four cards and a flush 8", "9H 10H JH QH", "2C", 8),
    ("Any flush of four cards and a fifteen 6", "2H 4H 9H", "KH", 6),
    ("Any flush of four cards and a pair 6", "AH 3H 8H QH", "8C", 6),
    ("The highest number ... is 29: three fives and a knave of the suit turned up, and a five "
     "on the pack", "5C 5D 5H JS", "5S", 29),
]


@pytest.mark.parametrize("line, hand, starter, figure", BOOK_TABLE,
                         ids=[b[0][:40] for b in BOOK_TABLE])
def test_every_line_of_the_book_table(line, hand, starter, figure):
    assert count_hand(parse_cards(hand), Card.parse(starter)).total == figure


def test_sequence_of_three_and_a_fifteen_is_five():
    # "Any sequence of three cards and a fifteen 5": 4-5-6 make both; an ace turned up adds nothing.
    count = count_hand(parse_cards("4H 5D 6C"), Card.parse("AS"))
    assert (count.runs, count.fifteens, count.total) == (3, 2, 5)


def test_the_ragged_thirteen_as_the_book_breaks_it_down():
    # "6 + 1 and 8 = 15-2; 6 + 1 and 8 = 16-4 [sic: 15-4]; 6 + 1 + 1 + 7 = 15-6; 7 + 8 = 15-8,
    # the pair of aces and the sequence 5 = 13."
    count = count_hand(parse_cards("6H 7D 8C AS"), Card.parse("AH"))
    assert (count.fifteens, count.pairs, count.runs, count.total) == (8, 2, 3, 13)


def test_double_sequence_of_three_and_a_pair_book_says_6_the_laws_give_8():
    # The book's table says "Any double sequence of three cards and a pair (as knave, queen,
    # and two kings) 6". By its own laws the double sequence is 6 (§ 84: "reckoning the cards
    # every way they can possibly be varied", § 81 vi: a sequence of three is 3) and the pair
    # "reckon[s] for two points" (§ 81 ii): 8. The same table says so itself: "Two nines, a
    # seven, and an eight 10" is exactly such a double sequence and a pair, plus one fifteen
    # (7 + 8) -- 10 - 2 = 8; likewise "Two sixes, a seven, and an eight 10". We count 8.
    count = count_hand(parse_cards("JH QD KC"), Card.parse("KS"))
    assert count.runs == 6
    assert count.pairs == 2
    assert count.total == 8


def test_the_table_itself_counts_a_double_sequence_and_a_pair_as_8():
    # the book's own lines that contain a double sequence of three and a pair, and a fifteen
    for hand, starter in (("9H 9D 7C", "8S"), ("6H 6D 7C", "8S")):
        count = count_hand(parse_cards(hand), Card.parse(starter))
        assert (count.runs, count.pairs, count.fifteens, count.total) == (6, 2, 2, 10)


def test_twenty_nine_breakdown_as_the_book_gives_it():
    # "for the combinations of the four fives, 16; for the double pair-royal, 12; his nob, 1"
    count = count_hand(parse_cards("5C 5D 5H JS"), Card.parse("5S"))
    assert (count.fifteens, count.pairs, count.nobs, count.total) == (16, 12, 1, 29)


# ---------------------------------------------------------------- flush, nobs, heels


def test_four_card_flush_counts_in_hand_but_not_in_crib():
    hand = parse_cards("2H 4H 6H 8H")
    assert count_hand(hand, Card.parse("KC")).flush == 4
    assert count_hand(hand, Card.parse("KC"), crib=True).flush == 0


def test_five_card_flush_counts_in_hand_and_crib():
    hand = parse_cards("2H 4H 6H 8H")
    assert count_hand(hand, Card.parse("KH")).flush == 5
    assert count_hand(hand, Card.parse("KH"), crib=True).flush == 5


def test_no_flush_when_the_hand_is_mixed_even_if_four_match_with_the_starter():
    assert count_hand(parse_cards("2H 4H 6H 8C"), Card.parse("KH")).flush == 0


def test_his_nob_is_the_knave_of_the_suit_turned_up():
    assert count_hand(parse_cards("JD 2C 4H 6S"), Card.parse("9D")).nobs == 1
    assert count_hand(parse_cards("JD 2C 4H 6S"), Card.parse("9C")).nobs == 0


def test_his_nob_counts_in_the_crib_too():
    assert count_hand(parse_cards("JD 2C 4H 6S"), Card.parse("9D"), crib=True).nobs == 1


def test_his_heels_is_not_part_of_the_count_but_is_mentioned(cli):
    count = count_hand(parse_cards("2C 4H 6S 8D"), Card.parse("JC"))
    assert count.heels and count.nobs == 0 and count.total == count.fifteens + count.runs
    r = cli("crib", "count", "2C", "4H", "6S", "8D", "--starter", "JC")
    assert r.exit_code == 0
    assert "two for his heels to the dealer (not part of this count)" in r.stdout
    assert json.loads(cli("crib", "count", "2C", "4H", "6S", "8D", "--starter", "JC", "--json").stdout)["heels"]


def test_eight_card_hand_of_six():
    count = count_hand(parse_cards("AC 2D 3H 7S 8C 9D"), Card.parse("KH"))
    assert count.runs == 6  # two separate runs of three: A-2-3 and 7-8-9
    fifteens = [" ".join(map(str, c.cards)) for c in count.combinations if c.kind == "fifteen"]
    assert fifteens == ["7S 8C", "2D 3H KH", "AC 2D 3H 9D"]
    assert count.total == 12


def test_players_say_the_count():
    count = count_hand(parse_cards("5H 5D 6C 4S"), Card.parse("KD"))
    # 5+K twice, 4+5+6 twice; the pair of fives; 4-5-6 twice
    assert say(count) == ("fifteen 2, fifteen 4, fifteen 6, fifteen 8, a pair is 10, "
                          "and a double run of three is 16")


def test_a_hand_of_nothing_is_nineteen():
    assert say(count_hand(parse_cards("2C 4D 6H 8S"), Card.parse("QC"))).startswith("nineteen")


# ---------------------------------------------------------------- the command


def test_count_json_gives_points_by_kind(cli):
    r = cli("crib", "count", "5C", "5D", "5H", "JS", "--starter", "5S", "--json")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout) == {"total": 29, "fifteens": 16, "pairs": 12, "runs": 0,
                                    "flush": 0, "nobs": 1, "heels": False}


def test_count_text_shows_the_saying_and_the_table(cli):
    r = cli("crib", "count", "7H", "7D", "8C", "8S", "--starter", "9H")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[0] == "hand 7H 7D 8C 8S, starter 9H: 24"
    assert lines[1] == ("fifteen 2, fifteen 4, fifteen 6, fifteen 8, two pairs make 12, "
                        "and a double-double run of three is 24")
    assert sum(1 for line in lines if line.startswith("run ")) == 4


def test_count_crib_flag(cli):
    r = cli("crib", "count", "2H", "4H", "6H", "8H", "--starter", "KC", "--crib", "--json")
    assert json.loads(r.stdout)["flush"] == 0


@pytest.mark.parametrize("args, message", [
    (["5H", "5H", "3C", "4C", "--starter", "2D"], "error: card 5H given twice"),
    (["5H", "3C", "4C", "6D", "--starter", "5H"], "error: card 5H given twice"),
    (["5H", "3C", "--starter", "2D"],
     "error: hand: a cribbage hand has 3, 4 or 6 cards besides the starter, got 2"),
    (["5X", "3C", "4D", "6D", "--starter", "2D"], "error: not a card: '5X' (try 10H, TH, 10♥)"),
    (["5H", "3C", "4D", "6D", "--starter", "ZZ"], "error: not a card: 'ZZ' (try 10H, TH, 10♥)"),
    (["5H", "3C", "4D", "--starter", "2D", "--crib"],
     "error: hand: a crib has 4 cards besides the starter, got 3"),
])
def test_count_errors_are_one_clear_line(cli, args, message):
    r = cli("crib", "count", *args)
    assert r.exit_code == 1
    assert r.stderr.strip() == message
    assert "Traceback" not in r.stdout + r.stderr
