"""Cribbage laws and wording a table could not record or misread (issue 12)."""

from __future__ import annotations

from scorekeeper.cards import parse_cards
from scorekeeper.games.cribbage.count import count_hand, say


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


# ---------------------------------------------------------------- crib discard for every deal


def test_expected_crib_of_one_card_out_matches_brute_force_on_a_small_pack():
    # three hands (§ 87): one card out and two others (book: a crib of three) or three (four
    # hands, or today's three-hand custom with one from the pack); checked against scoring
    # every crib one by one over a cut-down set of unseen cards
    from fractions import Fraction
    from itertools import combinations

    from scorekeeper.games.cribbage.count import show_points
    from scorekeeper.games.cribbage.discard import expected_crib

    unseen = parse_cards("5C 5S JH 10D 4C 4H 6S KD QH 9C AS 2H")
    for out in (parse_cards("JD"), parse_cards("5H"), parse_cards("4D 6D")):
        for others in (1, 2, 3):
            total = outcomes = 0
            for drawn in combinations(unseen, others):
                for starter in unseen:
                    if starter not in drawn:
                        total += show_points(tuple(out) + drawn, starter, crib=True)
                        outcomes += 1
            assert expected_crib(out, unseen, others) == Fraction(total, outcomes)


def test_crib_discard_for_five_and_eight_card_and_three_and_four_hands(cli):
    five = cli.json("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone")
    assert len(five) == 10 and all(len(a["discard"]) == 2 and len(a["keep"]) == 3 for a in five)
    eight = cli.json("crib", "discard", "5H", "5D", "JS", "6C", "4D", "KH", "2C", "3C", "--dealer")
    assert len(eight) == 28 and len(eight[0]["keep"]) == 6
    three = cli.json("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--dealer", "--players", "3")
    book = cli.json("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--dealer", "--players", "3",
                    "--crib-size", "3")
    assert len(three) == len(book) == 5 and [a["discard"] for a in three][0] == ["JS"]
    # the crib of three is worth less than the crib of four for the same card out
    crib = {tuple(a["discard"]): a["crib"] for a in three}
    assert all(a["crib"] < crib[tuple(a["discard"])] for a in book)
    four = cli.json("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone", "--players", "4")
    assert all(abs(a["net"] - (a["hand"] - a["crib"])) < 1e-9 for a in four)
    r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone", "--players", "4",
            "--crib-size", "3")
    assert r.exit_code == 1 and "a crib of three is the book's three-hand crib" in r.stderr


# ---------------------------------------------------------------- three hands: §§ 87, 88


def test_three_hand_crib_of_three_by_the_book_and_four_by_custom(cli):
    # § 87: "They put out but one card each to the crib": three cards at three hands
    cli.new("book", "cribbage", "Ann,Bob,Cid", "three_crib=three")
    out = cli.ok("hand", "book", "starter=5S", "hand.Bob=AC,2D,3H,9S", "hand.Cid=2C,4D,6H,8S",
                 "hand.Ann=KC,QD,JC,10H", "crib=5C,5D,5H").stdout
    assert "Ann crib 20" in out          # 5 5 5 5: twelve for pairs, eight for fifteens
    r = cli.refused("book", "hand", "book", "starter=5S", "hand.Bob=AC,2D,3H,9S", "crib=5C,5D,5H,KS")
    assert "crib: must be 3 cards" in r.stderr
    # today's custom (the default): one from each and one from the pack, four cards
    cli.new("custom", "cribbage", "Ann,Bob,Cid")
    cli.ok("hand", "custom", "starter=5S", "hand.Bob=AC,2D,3H,9S", "crib=5C,5D,5H,KS")
    r = cli.refused("x", "new", "x", "--game", "cribbage", "--players", "Ann,Bob",
                    "--rule", "three_crib=three")
    assert "three_crib: applies only when three play together" in r.stderr


def test_three_hand_with_one_sitting_out_each_deal_in_rotation(cli):
    # § 88: "one person sits out, not each game, but each deal in rotation": Ann deals to Bob
    # (Cid, on her right, sits out), then Bob to Cid (Ann out), then Cid to Ann (Bob out)
    cli.new("c", "cribbage", "Ann,Bob,Cid", "sit_out=on", "variant=five-card")
    out = cli.ok("hand", "c", "Ann=5", "Bob=6").stdout
    assert out.startswith("hand 1: Cid sits out; Bob takes three for last; Bob scores 6; Ann scores 5")
    cli.ok("hand", "c", "Bob=4", "Cid=7")
    r = cli.refused("c", "hand", "c", "Cid=2", "Bob=3")
    assert "Bob: Bob sits out this deal (§ 88" in r.stderr
    cli.ok("hand", "c", "Cid=2", "Ann=3")
    data = cli.json("show", "c")
    assert data["scores"] == {"Ann": 8, "Bob": 13, "Cid": 9}
    assert [e["dealer"] for e in data["effects"]] == ["Ann", "Bob", "Cid"]
    assert data["rules"]["game"] == 61
