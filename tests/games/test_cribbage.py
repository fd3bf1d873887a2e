"""The session game `cribbage`: deals by totals or by cards, the order of scoring within a
deal (a game ends the moment a side reaches the target), lurches, penalties, muggins,
three and four hands, and the example sittings in sessions/."""

from __future__ import annotations

import pytest
import yaml

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
    cli.ok("hand", "c", "Ann=60", "Bob=50")
    cli.ok("hand", "c", "Ann=55", "Bob=60")  # Bob deals: Ann (pone) 115, Bob 110
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
    cli.ok("hand", "c", "Ann=60", "Bob=60")
    cli.ok("hand", "c", "Ann=59", "Bob=58")  # Ann 119, Bob 118; Ann deals next
    # Bob (pone) would count his hand first, but Ann pegs out in the play.
    r = cli.ok("hand", "c", "play.Ann=2", "Bob=10", "hand.Ann=2C,4D,6H,8S", "starter=KC")
    assert "Ann wins with 121 against Bob 118" in r.stdout


def test_two_sides_who_could_each_peg_out_must_say_who_did_first(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "Ann=60", "Bob=60")
    cli.ok("hand", "c", "Ann=59", "Bob=59")
    r = cli.refused("c", "hand", "c", "play.Ann=2", "play.Bob=3")
    assert r.stderr.strip() == ("error: hand 3: out: Bob and Ann could each have pegged out to 121 in this "
                                "play; say who did first with out=NAME")
    r = cli.ok("hand", "c", "play.Ann=2", "play.Bob=3", "out=Ann")
    assert "Ann wins with 121 against Bob 119" in r.stdout


def test_lurch_balances(cli):
    cli.new("c", "cribbage", "Ann,Bob", "lurch=on")
    # (a deal scores at most 118, so 121 takes two deals; issue 12 refuses Ann=121)
    cli.ok("hand", "c", "Ann=61", "Bob=5")
    cli.ok("hand", "c", "Ann=60", "Bob=5")
    cli.ok("hand", "c", "Ann=60", "Bob=61")
    cli.ok("hand", "c", "Ann=0", "Bob=0")    # Bob deals
    cli.ok("hand", "c", "Ann=61", "Bob=30")   # Ann deals: Bob 91 first, then Ann 121: no lurch at 91
    assert cli.json("show", "c")["games_won"] == {"Ann": 2, "Bob": 0}
    r = cli("settle", "c")
    assert "Bob pays Ann 3.00" in r.stdout  # a double game and a single
    assert cli.json("settle", "c")["balances"] == {"Ann": 3, "Bob": -3}


def test_without_lurch_every_game_is_single(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "Ann=61", "Bob=5")
    cli.ok("hand", "c", "Ann=60", "Bob=5")
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


# ---------------------------------------------------------------- review additions


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
    r = cli.ok("hand", "c", "Ann=60")  # Bob deals: Ann (pone) 63, out
    assert "game 1: Ann wins" in r.stdout
    r = cli.ok("hand", "c", "Ann=1", "Bob=1")  # Ann deals the first hand of game 2
    assert "Bob takes three for last" in r.stdout


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
    cli.ok("hand", "c", "Ann=60", "Bob=60")
    cli.ok("hand", "c", "Ann=59", "Bob=60")  # Ann 119, Bob 120; Ann deals
    # a knave turned: Ann's two for his heels come at the turn-up (§ 82 xii), before Bob can
    # peg the one hole he needs
    r = cli.ok("hand", "c", "starter=JH", "play.Bob=1", "hand.Bob=2C,4D,6H,8S")
    assert "game 1: Ann wins with 121 against Bob 120" in r.stdout
    assert "Ann takes two for his heels" in r.stdout and "Bob pegs" not in r.stdout


def test_the_dealer_counts_his_hand_then_his_crib(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "Ann=50", "Bob=60")
    cli.ok("hand", "c", "Ann=60", "Bob=30")  # Ann 110, Bob 90; Ann deals
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
    cli.ok("hand", "c", "Ann=60", "Bob=40")
    cli.ok("hand", "c", "Ann=59", "Bob=48")   # Ann 119, Bob 88
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
