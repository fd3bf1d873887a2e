"""The session game `cribbage`: deals by totals or by cards, the order of scoring within a
deal (a game ends the moment a side reaches the target), lurches, penalties, muggins,
three and four hands, and the example sittings in sessions/."""

from __future__ import annotations

import pytest
import yaml

from scorekeeper.cards import parse_cards
from scorekeeper.games.cribbage.count import count_hand, say
from tests.conftest import SESSIONS


def test_cards_are_counted_and_the_crib_is_the_dealers(cli):
    cli.new("c", "cribbage", "Ann,Bob")  # Ann deals first
    cli.ok("hand", "c", "starter=5S", "hand.Ann=5C,5D,5H,JS", "hand.Bob=2C,4D,6H,8S",
           "crib=AC,3D,9H,QS", "play.Ann=2", "play.Bob=1")
    s = cli.json("show", "c")
    # Ann: 29, pegged 2, crib AC 3D 9H QS + 5S: 9+A+5 and Q+5, 4.
    # Bob: 2C 4D 6H 8S + 5S: 4-5-6 a run 3, 4+5+6 and 2+5+8 two fifteens 4: 7; pegged 1.
    assert s["scores"] == {"Ann": 2 + 29 + 4, "Bob": 1 + 7}
    assert s["next_dealer"] == "Bob"


def test_a_game_ends_the_moment_a_player_reaches_121_even_mid_deal(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "Ann=62", "Bob=50")
    cli.ok("hand", "c", "Ann=53", "Bob=60")  # Bob deals: Ann (pone) 115, Bob 110
    # Ann deals: Bob counts first (§ 84, the non-dealer first): 110 + 11 = 121, out.
    # Ann's 20 is never scored; the next deal starts game 2.
    r = cli.ok("hand", "c", "Ann=20", "Bob=11")
    assert "game 1: Bob wins with 121 against Ann 115" in r.stdout
    s = cli.json("show", "c")
    assert s["scores"] == {"Ann": 0, "Bob": 0}
    assert s["games_won"] == {"Ann": 0, "Bob": 1}
    cli.ok("hand", "c", "Ann=7", "Bob=3")
    assert cli.json("show", "c")["scores"] == {"Ann": 7, "Bob": 3}


def test_pegging_comes_before_the_show_so_the_dealer_can_peg_out_first(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "Ann=66", "Bob=53")
    cli.ok("hand", "c", "Ann=53", "Bob=65")  # Ann 119, Bob 118; Ann deals next
    # Bob (pone) would count his hand first, but Ann pegs out in the play.
    r = cli.ok("hand", "c", "play.Ann=2", "Bob=10", "hand.Ann=2C,4D,6H,8S", "starter=KC")
    assert "Ann wins with 121 against Bob 118" in r.stdout


def test_two_sides_who_could_each_peg_out_must_say_who_did_first(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "Ann=66", "Bob=53")
    cli.ok("hand", "c", "Ann=53", "Bob=66")
    r = cli.refused("c", "hand", "c", "play.Ann=2", "play.Bob=3")
    assert r.stderr.strip() == ("error: hand 3: out: Bob and Ann could each have pegged out to 121 in this "
                                "play; say who did first with out=NAME")
    r = cli.ok("hand", "c", "play.Ann=2", "play.Bob=3", "out=Ann")
    assert "Ann wins with 121 against Bob 119" in r.stdout


def test_lurch_balances(cli):
    cli.new("c", "cribbage", "Ann,Bob", "lurch=on")
    # (a deal scores at most 88, so 121 takes two deals; issue 12 refuses Ann=121)
    cli.ok("hand", "c", "Ann=68", "Bob=5")
    cli.ok("hand", "c", "Ann=53", "Bob=5")
    cli.ok("hand", "c", "Ann=60", "Bob=53")
    cli.ok("hand", "c", "Ann=0", "Bob=8")    # Bob deals
    cli.ok("hand", "c", "Ann=61", "Bob=30")   # Ann deals: Bob 91 first, then Ann 121: no lurch at 91
    assert cli.json("show", "c")["games_won"] == {"Ann": 2, "Bob": 0}
    r = cli("settle", "c")
    assert "Bob pays Ann 3.00" in r.stdout  # a double game and a single
    assert cli.json("settle", "c")["balances"] == {"Ann": 3, "Bob": -3}


def test_without_lurch_every_game_is_single(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "Ann=68", "Bob=5")
    cli.ok("hand", "c", "Ann=53", "Bob=5")
    assert "Bob pays Ann 1.00" in cli("settle", "c").stdout


def test_five_card_last_three_to_the_non_dealer_and_game_61(cli):
    cli.new("c", "cribbage", "Ann,Bob", "variant=five-card")
    r = cli.ok("hand", "c", "starter=5S", "hand.Ann=5C,5D,JS", "hand.Bob=2C,4D,6H")
    assert "Bob takes three for last" in r.stdout
    s = cli.json("show", "c")
    # Ann: 5C 5D JS 5S: pair royal 6, fifteens 5+J x3=6, 5+5+5=2, nobs 1 = 15; Bob: 3 + 4-5-6 run 3 + 4+5+6 15 2 = 8
    assert s["scores"] == {"Ann": 15, "Bob": 3 + 5}
    assert "game 1, played to 61" in cli("show", "c").stdout


def test_heels_two_to_the_dealer_when_a_knave_is_turned(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "starter=JH", "hand.Bob=2C,4D,6H,8S")
    assert cli.json("show", "c")["scores"]["Ann"] == 2
    cli.ok("hand", "c", "Ann=0", "Bob=0", "starter=JC", "heels=no")  # not taken in time (§ 82 xii)
    assert cli.json("show", "c")["scores"] == {"Ann": 2, "Bob": 0}


def test_heels_refused_when_the_starter_is_not_a_knave(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    r = cli("hand", "c", "starter=5H", "heels=yes")
    assert r.stderr.strip() == ("error: hand 1: heels: two for his heels needs a knave turned up; the "
                                "starter is 5H")


@pytest.mark.parametrize("fields, ann, bob", [
    (["misdeal=yes"], 0, 2),                       # § 82 iii: two to the non-dealer
    (["touched=Bob", "Ann=0", "Bob=0"], 2, 0),     # § 82 vi: he forfeits two
    (["confused=Ann", "Ann=0", "Bob=0"], 0, 3),    # § 82 viii: three
    (["failed_to_play=Bob", "Ann=0", "Bob=0"], 2, 0),  # § 82 xxi: two holes
])
def test_penalties(cli, fields, ann, bob):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", *fields)
    assert cli.json("show", "c")["scores"] == {"Ann": ann, "Bob": bob}


def test_after_a_misdeal_the_same_dealer_deals_again(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "misdeal=yes")
    assert cli.json("show", "c")["next_dealer"] == "Ann"
    r = cli("hand", "c", "misdeal=yes", "Ann=3")
    assert r.stderr.strip().endswith("misdeal: a misdealt hand is not played; give only misdeal "
                                     "(and a note), not Ann")


def test_overlooked_points_are_lost_or_taken_by_muggins(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "starter=KS", "hand.Bob=5C,5D,6H,4S", "overlooked.Bob=4")  # 16 shown as 12
    assert cli.json("show", "c")["scores"]["Bob"] == 12 and cli.json("show", "c")["scores"]["Ann"] == 0
    cli.file("c").unlink()
    cli.new("c", "cribbage", "Ann,Bob", "muggins=on")
    cli.ok("hand", "c", "starter=KS", "hand.Bob=5C,5D,6H,4S", "overlooked.Bob=4")
    assert cli.json("show", "c")["scores"] == {"Ann": 4, "Bob": 12}


def test_four_hands_in_partnership_and_three_each_for_himself(cli):
    cli.new("c", "cribbage", "Ann,Bob,Cid,Dan")
    cli.ok("hand", "c", "Ann=5", "Bob=3", "Cid=4", "Dan=2")
    s = cli.json("show", "c")
    assert s["scores"] == {"Ann": 9, "Bob": 5, "Cid": 9, "Dan": 5}
    cli.ok("hand", "c", "Ann=60")
    cli.ok("hand", "c", "Ann=60")
    assert cli.json("show", "c")["games_won"] == {"Ann": 1, "Bob": 0, "Cid": 1, "Dan": 0}
    assert cli.json("settle", "c")["balances"] == {"Ann": 1, "Bob": -1, "Cid": 1, "Dan": -1}
    cli.file("c").unlink()
    cli.new("c", "cribbage", "Ann,Bob,Cid")
    cli.ok("hand", "c", "Ann=61", "Bob=5", "Cid=40")
    cli.ok("hand", "c", "Ann=60")
    assert cli.json("show", "c")["games_won"] == {"Ann": 1, "Bob": 0, "Cid": 0}
    assert cli.json("settle", "c")["balances"] == {"Ann": 2, "Bob": -1, "Cid": -1}
    assert "Bob pays Ann 1.00" in cli("settle", "c").stdout and "Cid pays Ann 1.00" in cli("settle", "c").stdout


def test_errors_leave_the_file_untouched(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    for fields, message in [
        (["hand.Ann=5C,5D,JS,5H"], "error: starter: give the card turned up to count hand.Ann"),
        (["starter=5C", "hand.Ann=5C,5D,JS,5H"],
         "error: card 5C given twice: as the starter and in hand.Ann"),
        (["starter=5S", "hand.Ann=5C,5D,JS"],
         "error: hand.Ann: must be 4 cards such as 5H TH QS, got 3 card(s)"),
        (["Ann=5", "hand.Ann=5C,5D,JS,5H", "starter=KS"],
         "error: Ann: give Ann's points either as Ann=N (all of them) or by hand.Ann and the cards, not both"),
        (["Ann=x"], "error: Ann: must be a whole number, at least 0, got 'x'"),
        (["starter=5S", "crib=AC,2C,3C,4C", "Ann=3"],
         "error: crib: the crib is Ann's (the dealer's) and Ann=3 already gives all his points"),
    ]:
        r = cli.refused("c", "hand", "c", *fields)
        assert r.stderr.strip().replace("error: hand 1: ", "error: ", 1) == message, (fields, r.stderr)


def test_three_hands_must_be_six_card(cli):
    r = cli("new", "c", "--game", "cribbage", "--players", "A,B,C", "--rule", "variant=five-card")
    assert r.exit_code != 0 and "three- and four-hand cribbage" in r.stderr


# ---------------------------------------------------------------- the example sittings


def test_example_sitting_two_handed():
    from scorekeeper.ledger import open_session

    r = open_session(SESSIONS / "cribbage-evening.yaml")
    st = r.standings
    assert dict(st.games_won) == {"Ann": 1, "Bob": 1}
    assert dict(st.balances) == {"Ann": -1, "Bob": 1}  # Bob's win was a lurch (double)
    # hand 1: Ann's 29, crib and pegging; hand 5: Ann at 119 pegs out in the play, so neither
    # hand is shown; hand 8: Bob reaches 121 while Ann has 30: a lurch
    effects = st.effects
    assert effects[0].scores == {"Ann": 35, "Bob": 8}
    assert effects[4].scores == {"Ann": 123, "Bob": 106}
    assert "the rest of the deal is not scored" in effects[4].notes[0]
    assert effects[7].notes[0].startswith("game 2: Bob wins with 127 against Ann 30 (lurched: double)")
    assert dict(st.scores) == {"Ann": 0, "Bob": 0}


# ---------------------------------------------------------------- misdeals, the order of the show, faults, bad cards, to go


def test_five_card_last_is_taken_once_even_after_a_misdeal(cli):
    # § 81 x: "Last.--Three points taken at the commencement of the game of five-card
    # cribbage by the non-dealer": once a game, not again when the first deal is misdealt.
    cli.new("c", "cribbage", "Ann,Bob", "variant=five-card")
    r = cli.ok("hand", "c", "misdeal=yes")
    assert "Bob takes three for last; Bob takes two for the misdeal" in r.stdout
    r = cli.ok("hand", "c", "Ann=3", "Bob=4")  # Ann deals again (§ 82 iii)
    assert "for last" not in r.stdout
    assert cli.json("show", "c")["scores"] == {"Ann": 3, "Bob": 3 + 2 + 4}
    # the next game starts with "last" again, to that game's first non-dealer
    cli.ok("hand", "c", "Ann=37")  # Bob deals: Ann (pone) 40 (37: the most a pone scores)
    r = cli.ok("hand", "c", "Ann=21")  # Ann deals: 61, out
    assert "game 1: Ann wins" in r.stdout
    r = cli.ok("hand", "c", "Ann=1", "Bob=1")  # Bob deals the first hand of game 2
    assert "Ann takes three for last" in r.stdout


def test_a_card_given_twice_names_both_fields(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    for fields, message in [
        (["starter=5S", "hand.Ann=5C,5D,5H,JS", "crib=5C,2D,3D,4D"],
         "error: hand 1: card 5C given twice: in hand.Ann and in crib"),
        (["starter=5S", "hand.Bob=5C,5D,5H,JS", "hand.Ann=AC,2D,3D,5S"],
         "error: hand 1: card 5S given twice: as the starter and in hand.Ann"),
    ]:
        r = cli.refused("c", "hand", "c", *fields)
        assert r.stderr.strip() == message


def test_eight_card_hands_of_six_and_the_crib_of_four(cli):
    cli.new("c", "cribbage", "Ann,Bob", "variant=eight-card")
    # Bob (pone): AC 2D 3H 7S 8C 9D with KH: two runs of three 6, fifteens 7+8, 2+3+K,
    # A+2+3+9: 6; 12. Ann: 4S 4C 5D 6H 10C QS with KH: runs 4-5-6 twice 6, pair 2,
    # fifteens 5+10, 5+Q, 5+K, 4+5+6 twice: 10; 18. Crib 2C 3C 9S JD with KH: 2+3+J and
    # 2+3+K, 4 (no nob: the knave is not of the starter's suit).
    cli.ok("hand", "c", "starter=KH", "hand.Bob=AC,2D,3H,7S,8C,9D", "hand.Ann=4S,4C,5D,6H,10C,QS",
           "crib=2C,3C,9S,JD")
    assert cli.json("show", "c")["scores"] == {"Ann": 18 + 4, "Bob": 12}
    r = cli("hand", "c", "starter=KH", "hand.Bob=AC,2D,3H,7S")
    assert r.stderr.strip() == "error: hand.Bob: must be 6 cards such as 5H TH QS, got 4 card(s)"


def test_his_heels_comes_before_the_play_and_the_crib_after_the_dealers_hand(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "Ann=66", "Bob=53")
    cli.ok("hand", "c", "Ann=53", "Bob=67")  # Ann 119, Bob 120; Ann deals
    # a knave turned: Ann's two for his heels come at the turn-up (§ 82 xii), before Bob can
    # peg the one hole he needs
    r = cli.ok("hand", "c", "starter=JH", "play.Bob=1", "hand.Bob=2C,4D,6H,8S")
    assert "game 1: Ann wins with 121 against Bob 120" in r.stdout
    assert "Ann takes two for his heels" in r.stdout and "Bob pegs" not in r.stdout


def test_the_dealer_counts_his_hand_then_his_crib(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "Ann=57", "Bob=53")
    cli.ok("hand", "c", "Ann=53", "Bob=37")  # Ann 110, Bob 90; Ann deals
    # Bob's A-2-3 and A+9+5, A+2+3+9: 7 (97); Ann's hand 2C 4D 6H 8S with 5S: 7 (117), not
    # out; then her crib 5C 5D 5H JS: 29 takes her out with 146
    r = cli.ok("hand", "c", "starter=5S", "hand.Bob=AC,2D,3H,9S", "hand.Ann=2C,4D,6H,8S",
               "crib=5C,5D,5H,JS")
    assert "Bob shows 7; Ann shows 7; Ann crib 29" in r.stdout
    assert "game 1: Ann wins with 146 against Bob 97" in r.stdout


def test_touching_the_pack_after_the_cut_is_the_non_dealers_fault(cli):
    # § 82 vi: "If the non-dealer touch the cards (except to cut them for the turn-up)
    # after they have been cut for the start, he forfeits two points."
    cli.new("c", "cribbage", "Ann,Bob")
    r = cli.refused("c", "hand", "c", "touched=Ann", "Ann=0", "Bob=0")  # Ann deals
    assert r.stderr.strip() == ("error: hand 1: touched: Ann deals this hand; the penalty for "
                                "touching the cards after the cut is the non-dealer's (§ 82 vi)")


def test_three_hands_show_from_the_dealers_left_and_the_first_out_wins(cli):
    # § 82 viii (three and four-hand): "the left-hand player throws out first ... the dealer
    # last"; the show goes the same way round, so with Ann dealing, Bob counts before Cid.
    cli.new("c", "cribbage", "Ann,Bob,Cid")
    cli.ok("hand", "c", "Ann=0", "Bob=58", "Cid=50")     # Ann deals
    cli.ok("hand", "c", "Ann=0", "Bob=57", "Cid=50")     # Bob deals: Bob 115, Cid 100
    cli.ok("hand", "c", "Ann=0", "Bob=0", "Cid=18")      # Cid deals: Cid 118
    r = cli.ok("hand", "c", "Ann=5", "Bob=6", "Cid=3")   # Ann deals: Bob first, 121
    assert "game 1: Bob wins with 121 against Ann 0, Cid 118" in r.stdout
    assert cli.json("settle", "c")["balances"] == {"Ann": -1, "Bob": 2, "Cid": -1}


def test_bad_cards_in_a_logged_deal_are_one_clear_line(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    for fields, message in [
        (["starter=ZZ"], "error: starter: not a card: 'ZZ' (try 10H, TH, 10♥)"),
        (["starter=5S", "hand.Bob=5C,5D,5H,XX"], "error: hand.Bob: not a card: 'XX' (try 10H, TH, 10♥)"),
        (["starter=5S", "crib=5C,5D"], "error: crib: must be 4 cards such as 5H TH QS, got 2 card(s)"),
    ]:
        r = cli.refused("c", "hand", "c", *fields)
        assert r.stderr.strip() == message, r.stderr


def test_out_is_refused_for_a_side_that_could_not_have_pegged_out(cli):
    cli.new("c", "cribbage", "Ann,Bob", "lurch=on")
    cli.ok("hand", "c", "Ann=66", "Bob=40")
    cli.ok("hand", "c", "Ann=53", "Bob=48")   # Ann 119, Bob 88
    r = cli.refused("c", "hand", "c", "play.Ann=3", "play.Bob=4", "out=Bob")
    assert r.stderr == ("error: hand 3: out: Bob could not have pegged out: 88 and 4 pegged is "
                        "short of 121\n")
    assert "Ann wins with 122 against Bob 92" in cli.ok("hand", "c", "play.Ann=3", "play.Bob=4").stdout


def test_a_joker_is_blamed_on_the_field_that_holds_it(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    r = cli.refused("c", "hand", "c", "starter=5H", "hand.Ann=2C,3C,4C,6C", "hand.Bob=6D,7D,8D,9D",
                    "crib=TS,QS,KS,JK")
    assert r.stderr == "error: hand 1: crib: cribbage is played without the joker\n"


def test_partners_take_the_plural_and_the_player_is_named(cli):
    cli.new("c4", "cribbage", "Ann,Bob,Cid,Dan", "muggins=on")
    out = cli.ok("hand", "c4", "starter=KC", "hand.Bob=5C,5H,10D,2S", "overlooked.Bob=4", "Ann=10",
                 "Cid=8", "Dan=12").stdout
    assert out.splitlines()[0] == (
        "hand 1: Bob-Dan show 6 (Bob); Bob-Dan overlook 4 (Bob); Ann-Cid take 4 by muggins "
        "from Bob; Ann-Cid score 8 (Cid); Bob-Dan score 12 (Dan); Ann-Cid score 10 (Ann)")
    assert "game 1: Ann-Cid win with" in cli.ok("hand", "c4", "Ann=60", "Cid=60").stdout


# ---------------------------------------------------------------- to go, finished games, a hand counted as cards


def test_cribbage_shows_to_go_and_each_finished_game(cli):
    cli.new("cr", "cribbage", "Ann,Bob", "game=61")
    cli.ok("hand", "cr", "Ann=29", "Bob=12")
    out = cli.ok("hand", "cr", "Ann=40", "Bob=10").stdout
    assert "Ann       0        61       1\nBob       0        61       0\n" in out
    assert "game 1: Ann 69, Bob 12\n" in out  # a total counts whole: Ann 29 + 40


def test_a_cribbage_hand_typed_as_cards_shows_its_count(cli):
    cli.new("cr", "cribbage", "Ann,Bob")
    out = cli.ok("hand", "cr", "starter=5S", "hand.Ann=5H,5D,5C,JS", "hand.Bob=6H,7D,8C,KS",
                 "crib=AC,2C,3S,4D").stdout
    assert out.startswith(
        "hand 1: Bob shows 8; Ann shows 29; Ann crib 7\n"
        "Ann's hand: fifteen 2, fifteen 4, fifteen 6, fifteen 8, fifteen 10, fifteen 12, fifteen 14, "
        "fifteen 16, a double pair royal is 28, and his nobs is 29\n"
        "Bob's hand: fifteen 2, fifteen 4, and a run of four is 8\n"
        "the crib: fifteen 2, and a run of five is 7\n\n")


# ---------------------------------------------------------------- his heels, forfeits, over-scoring, three hands


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
    # a deal's bound: hand 29 (+ crib 29 for the dealer) + the play's most (24, dealing 30):
    # tests/games/test_crib_limits.py finds each part's most
    cli.new("c", "cribbage", "Ann,Bob")
    r = cli.refused("c", "hand", "c", "Ann=500", "Bob=10")
    assert r.stderr == ("error: hand 1: Ann: 500 is more than one deal can score (Ann, the dealer, can "
                        "make at most 88: hand 29, crib 29, play 30: every card played)\n")
    cli.refused("c", "hand", "c", "Ann=10", "Bob=54")      # Bob not dealing: at most 53
    cli.ok("hand", "c", "Ann=88", "Bob=53")


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
                    "--rule", "three_crib=three", code=2)
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


# § 82 vi "he forfeits two points", viii "a penalty of three points", iii "the taking of two
# points by the non-dealer", ix "added to his opponent's side": one figure, one taker.
def test_three_hands_the_player_on_the_offenders_left_takes_the_penalty(cli):
    cli.new("c", "cribbage", "Ann,Bob,Cid")
    assert cli.ok("hand", "c", "misdeal=yes").stdout.startswith(
        "hand 1: Bob takes two for the misdeal\n")              # Ann deals: Bob on her left
    out = cli.ok("hand", "c", "Ann=5", "Bob=6", "Cid=3", "touched=Cid", "confused=Bob").stdout
    assert out.startswith("hand 2: Ann takes 2: Cid touched the cards after the cut for the "
                          "start; Cid takes 3: Bob confused the crib cards with his hand; ")
    out = cli.ok("hand", "c", "Ann=5", "Bob=6", "Cid=3", "overscored.Ann=2").stdout
    assert "Bob takes 2: Ann over-scored" in out and "Cid takes 2" not in out
    assert cli.json("show", "c")["scores"] == {"Ann": 2 + 5 + 5, "Bob": 2 + 6 + 6 + 2,
                                               "Cid": 3 + 3 + 3}


def test_three_penalties_each_gives_both_opponents_the_penalty(cli):
    cli.new("c", "cribbage", "Ann,Bob,Cid", "three_penalties=each")
    out = cli.ok("hand", "c", "misdeal=yes").stdout
    assert out.startswith("hand 1: Bob takes two for the misdeal; Cid takes two for the misdeal\n")
    cli.ok("hand", "c", "Ann=5", "Bob=6", "Cid=3", "confused=Bob")
    assert cli.json("show", "c")["scores"] == {"Ann": 3 + 5, "Bob": 2 + 6, "Cid": 2 + 3 + 3}


def test_three_penalties_applies_only_when_three_play_together(cli):
    r = cli.refused("x", "new", "x", "--game", "cribbage", "--players", "Ann,Bob",
                    "--rule", "three_penalties=each", code=2)
    assert "rule three_penalties: applies only when three play together" in r.stderr


def _crib_to_15(hand):
    """One deal of a game to 15 (Ann deals), replayed by the game itself."""
    from scorekeeper.games import get_game
    from scorekeeper.model import Hand, Session

    game, players = get_game("cribbage"), ("Ann", "Bob")
    return game.replay(Session(name="t", game="cribbage", players=players,
                               rules=game.resolve_rules({"game": 15}, players), hands=(Hand(hand),)))


def test_his_heels_count_towards_pegging_out():
    # Ann deals, a knave is turned: two for his heels, then she pegs 13: 15, the game
    st = _crib_to_15({"starter": "JH", "play.Ann": "13", "play.Bob": "3", "out": "Ann"})
    assert st.finished_games[0].winners == ("Ann",)


def test_out_refused_says_the_score_as_the_play_began():
    from scorekeeper.model import ScorekeeperError

    with pytest.raises(ScorekeeperError) as found:
        _crib_to_15({"starter": "JH", "play.Ann": "12", "play.Bob": "3", "out": "Ann"})
    assert "Ann could not have pegged out: 2 and 12 pegged is short of 15" in str(found.value)
