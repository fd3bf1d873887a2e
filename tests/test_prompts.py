"""Prompts at the table (issue 14): the fields every hand needs, one question for the rest,
and a mistake found across fields re-asks only the fields at fault.

Question counts are pinned by the exact prompts printed (CliRunner echoes the answers' line
ends); one test drives the real terminal path through a pseudo-terminal."""

from __future__ import annotations

import json


def questions(output: str) -> list:
    """The prompts asked, in order (each ends with ': ' before the answer)."""
    return [q for q in output.split("\n")[0].split(": ") if q]


PLAIN_CINCH = ["bidder: who made the highest bid and named the trump (Enter to leave out): ",
               "bid: points bid (0: nobody bid and the dealer named the trump): ",
               "made: points the bidder's side took (Enter to leave out): ",
               "other fields (against, took, discards, trump, dealer, revoke, foul, note): "
               "FIELD=VALUE ..., Enter for none: "]


def test_a_plain_cinch_hand_takes_four_questions(cli):
    cli.new("c", "cinch", "Ann,Bob,Cid,Dee")
    r = cli.ok("hand", "c", "-i", input="Ann\n8\n10\n\n")
    echoed = "".join(q + a + "\n" for q, a in zip(PLAIN_CINCH, ["Ann", "8", "10", ""]))
    assert r.stdout.startswith(echoed + "hand 1: Ann bid 8; Ann-Cid took 10, Bob-Dee 4: Ann-Cid +6 (10 - 4)\n")
    # no `pack` without blind_draw; with it, pack is offered among the others
    cli.new("b", "cinch", "Ann,Bob,Cid,Dee", "blind_draw=on")
    r = cli.ok("hand", "b", "-i", input="Ann\n8\n10\n\nagainst=3\n")  # blind_draw needs against
    assert "other fields (against, took, discards, pack, trump," in r.stdout


def test_a_sweepstake_deal_takes_one_question_per_player_and_one_more(cli):
    cli.new("h", "hearts", "Ann,Bob,Cid,Dot,Eve", stake="0.05")
    r = cli.ok("hand", "h", "-i", input="3\n0\n5\n2\n3\n\n")
    asked = [line.split(":")[0] for line in r.stdout.splitlines()[:6]]
    assert asked == ["Ann", "Bob", "Cid", "Dot", "Eve", "other fields (revoke, forfeit, misdeal, note)"]
    assert json.loads(cli.ok("show", "h", "--json").stdout)["hands"] == 1


def test_a_cribbage_deal_by_totals_takes_three_questions(cli):
    cli.new("cr", "cribbage", "Ann,Bob")
    r = cli.ok("hand", "cr", "-i", input="12\n7\n\n")
    asked = [line.split(":")[0] for line in r.stdout.splitlines()[:3]]
    assert asked[:2] == ["Ann", "Bob"] and asked[2].startswith("other fields (starter, hand.Ann, hand.Bob, ")
    assert r.stdout.splitlines()[3] == "hand 1: Bob scores 7; Ann scores 12"  # pone counts first


def test_a_mistake_across_fields_re_asks_only_the_fields_at_fault(cli):
    cli.new("cr", "cribbage", "Ann,Bob")
    typed = "starter=5S hand.Ann=5H,5D,5C,JS hand.Bob=5H,2D,3C,KS"  # 5H in both hands
    fixed = "starter=5S hand.Ann=5H,5D,5C,JS hand.Bob=6H,2D,3C,KS"
    r = cli.ok("hand", "cr", "-i", input=f"\n\n{typed}\n{fixed}\n")
    assert r.stderr == "card 5H given twice: in hand.Ann and in hand.Bob; asking again: hand.Ann, hand.Bob\n"
    asked = [line.split(":")[0] for line in r.stdout.splitlines()[:4]]
    assert asked[2:] == [asked[2], asked[2]]  # only the other fields again, offered as typed
    assert f"Enter for none [{typed}]: " in r.stdout
    assert len(json.loads(cli.ok("show", "cr", "--json").stdout)["effects"]) == 1


def test_points_that_do_not_add_up_re_ask_the_players_fields_and_keep_the_rest(cli):
    cli.new("s", "cinch-solo", "Ann,Bob,Cid")
    # bidder, bid, then each player's points: 6 + 3 + 2 = 11, not 14; Cid's corrected to 5
    r = cli.ok("hand", "s", "-i", input="Ann\n6\n6\n3\n2\n\n\n\n5\n")
    assert r.stderr.startswith("points: the points taken (Ann 6 + Bob 3 + Cid 2 = 11) must add up to 14")
    assert r.stderr.endswith("; asking again: Ann, Bob, Cid\n")
    assert "Ann: points Ann took (Enter for 0) [6]: " in r.stdout
    hand = json.loads(cli.ok("show", "s", "--json").stdout)["effects"][0]
    assert hand["summary"].startswith("Ann bid 6")


def test_at_a_real_terminal_a_plain_cinch_hand_is_four_questions(cli):
    import os
    import subprocess
    import sys

    cli.new("c", "cinch", "Ann,Bob,Cid,Dee")
    master, slave = os.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "--dir", str(cli.folder), "hand", "c"],
                                stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "NO_COLOR": "1"})
        os.write(master, b"Ann\n8\n10\n\n")
        out, err = proc.communicate(timeout=30)
    finally:
        os.close(master)
        os.close(slave)
    assert proc.returncode == 0, err
    assert out.startswith("".join(PLAIN_CINCH) + "hand 1: ")
    assert "hand 1: Ann bid 8; Ann-Cid took 10, Bob-Dee 4: Ann-Cid +6 (10 - 4)\n" in out


def test_a_whist_hand_is_one_sides_tricks_and_a_boston_deal_the_call(cli):
    cli.new("w", "short-whist", "A,Y,B,Z")
    r = cli.ok("hand", "w", "-i", input="8\n\n")
    assert [line.split(":")[0] for line in r.stdout.splitlines()[:2]] == [
        "A", "other fields (Y, B, Z, honours, revoke, revoke_penalty, forfeit, note)"]
    cli.new("b", "boston", "A,Y,B,Z")
    r = cli.ok("hand", "b", "-i", input="A\nsix\n7\n\n")
    assert [line.split(":")[0] for line in r.stdout.splitlines()[:3]] == ["caller", "call", "tricks"]
    assert r.stdout.splitlines()[3].startswith("other fields (A, Y, B, Z, revoke, ")


def test_a_missing_made_re_asks_made_only_not_the_bidder_its_message_mentions(cli):
    # "made is missing: the points the bidder's side took ..." names the bidder's side, not the
    # field `bidder`: only `made` is asked again (review-d)
    cli.new("c", "cinch", "Ann,Bob,Cid,Dee")
    r = cli.ok("hand", "c", "-i", input="Bob\n9\n\n\n7\n")
    assert r.stderr.endswith("; asking again: made\n")
    assert "bidder: who made the highest bid and named the trump (Enter to leave out) [Bob]" not in r.stdout
    assert json.loads(cli.ok("show", "c", "--json").stdout)["effects"][0]["summary"].startswith("Bob bid 9")


def test_ctrl_d_at_a_prompt_ends_with_the_error_on_its_own_line(cli):
    # at a real terminal, Ctrl-D after the first answer: `error: aborted` is its own line, not
    # glued to the prompt it ended (review-d); the file is untouched
    from .conftest import on_a_pty

    cli.new("c", "cinch", "Ann,Bob,Cid,Dee")
    before = cli.file("c").read_bytes()
    code, out = on_a_pty("--dir", str(cli.folder), "hand", "c", typed=b"Ann\n\x04")
    assert code == 1
    assert out.endswith("\nerror: aborted\n")
    assert cli.file("c").read_bytes() == before


CRIB_BY_CARDS = ["starter: the card turned up (to count the cards) (Enter to leave out): ",
                 "hand.Ann: the 4 cards Ann showed (Enter to leave out): ",
                 "hand.Bob: the 4 cards Bob showed (Enter to leave out): ",
                 "crib: the 4 cards of the crib (the dealer's) (Enter to leave out): ",
                 "play.Ann: points Ann pegged in the play (Enter to leave out): ",
                 "play.Bob: points Bob pegged in the play (Enter to leave out): "]
CARDS = "5S\n5H 5D 5C JS\n2C 3D 9H KS\n4H 6H 7C 8S\n4\n6\n\n"


def answered(prompts, typed: str) -> str:
    """The prompts as CliRunner shows them, each followed by the answer typed and a newline."""
    return "".join(p + a + "\n" for p, a in zip(prompts, typed.split("\n")))


def test_cribbage_by_cards_asks_the_starter_the_hands_the_crib_and_the_play(cli):
    # issue 21 point 13: no Enter, Enter, then every card at the catch-all question
    cli.new("cr", "cribbage", "Ann,Bob")
    r = cli.ok("hand", "cr", "-i", "--by", "cards", input=CARDS)
    assert r.stdout.startswith(answered(CRIB_BY_CARDS, CARDS) + "other fields (heels, misdeal, touched, ")
    # Ann deals: Bob pegs 6 and shows 4 (two fifteens), Ann pegs 4, shows 29 and her crib 9 (a run
    # of five and two fifteens: 4-6-7-8-5 with the starter)
    assert "hand 1: Bob pegs 6; Ann pegs 4; Bob shows 4; Ann shows 29; Ann crib 9\n" in r.stdout
    assert cli.json("show", "cr")["scores"] == {"Ann": 42, "Bob": 10}


def test_a_card_as_the_first_answer_counts_by_cards(cli):
    cli.new("cr", "cribbage", "Ann,Bob")
    r = cli.ok("hand", "cr", "-i", input=CARDS)
    first = ("Ann: the points Ann scored this deal in the play and the show (heels and penalties "
             "have their own fields) (or the starter card, to count from the cards): ")
    assert r.stdout.startswith(answered([first] + CRIB_BY_CARDS[1:], CARDS))
    assert cli.json("show", "cr")["scores"] == {"Ann": 42, "Bob": 10}
    # a number is the points as before: then Bob's, then the other fields
    r = cli.ok("hand", "cr", "-i", input="7\n5\n\n")
    assert r.stdout.startswith(first + "7\nBob: the points Bob scored")
    assert cli.json("show", "cr")["scores"] == {"Ann": 49, "Bob": 15}
    assert cli.refused("cr", "hand", "cr", "-i", "--by", "suits", code=2).stderr == (
        "error: --by must be cards or points, got 'suits'\n")


def test_by_cards_is_for_a_game_counted_from_its_cards(cli):
    cli.new("t", "tally", "Ann,Bob")
    assert cli.refused("t", "hand", "t", "-i", "--by", "cards", code=2).stderr == (
        "error: --by cards: tally is not counted from its cards at the prompts (cribbage is)\n")


def test_fields_given_with_i_are_not_asked(cli):
    # issue 21 point 14: `hand NAME -i FIELD=...` logged the fields and asked nothing
    cli.new("c", "cinch", "Ann,Bob,Cid,Dee")
    r = cli.ok("hand", "c", "-i", "bidder=Bob", input="7\n9\n\n")
    assert r.stdout.startswith("bid: points bid (0: nobody bid and the dealer named the trump): 7\n"
                               "made: points the bidder's side took (Enter to leave out): 9\n"
                               "other fields (")
    assert "hand 1: Bob bid 7; Bob-Dee took 9" in r.stdout


def test_a_field_with_a_default_says_what_enter_gives_once(cli):
    # issue 21 point 14: "hearts Ann took (default 0) (Enter to leave out)" said it twice
    cli.new("h", "hearts", "Ann,Bob,Cid,Dee")
    r = cli.ok("hand", "h", "-i", input="3\n4\n6\n\n\n")
    assert r.stdout.startswith("Ann: hearts Ann took (Enter for 0): 3\nBob: hearts Bob took (Enter for 0): 4\n")
    assert "(default 0)" not in r.stdout and "Enter to leave out" not in r.stdout.split("other")[0]


def test_the_fields_asked_again_come_from_what_the_error_is_about_never_its_words():
    from scorekeeper.cli.prompts import fields_at_fault
    from scorekeeper.model import ScorekeeperError

    worded = ScorekeeperError("made is missing: the points the bidder's side took, or trump=", field="made")
    assert fields_at_fault(worded, ["bidder", "bid", "made"], {"trump": "H"}) == ["made"]
    silent = ScorekeeperError("the deal does not add up", fields=("Bob", "Ann"))
    assert fields_at_fault(silent, ["Ann", "Bob", "Cid"], {}) == ["Ann", "Bob"]
    located = ScorekeeperError("card 5H given twice", field="hand.Bob", fields=("crib",)).at(None, hand=3)
    assert located.detail == "card 5H given twice" and located.message == "hand 4: card 5H given twice"
    assert fields_at_fault(located, ["starter"], {"crib": "5H", "hand.Bob": "5H 6D"}) == ["crib", "hand.Bob"]
