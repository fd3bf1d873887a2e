"""`scorekeeper cinch tricks`: Foster's four illustrative hands, trick rules, bad sheets,
the example sittings in sessions/, and the zero-sum invariant."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import ledger
from scorekeeper.cards import Card, Suit
from scorekeeper.games.cinch.game import score_deal
from scorekeeper.games.cinch.printed import is_printed, printed_sheets
from scorekeeper.games.cinch.sheet import parse_sheet
from scorekeeper.games.cinch.tricks import play_out, trick_winner
from scorekeeper.model import ScorekeeperError
from tests.conftest import SESSIONS

SHEETS = SESSIONS / "cinch-tricks"

# The winners the book underlines (rules/000), trick by trick, and its score for each hand.
BOOK = {
    1: ("BBYAAY", "Y-Z +15"),
    2: ("BAYYYA", "A-B +10"),
    3: ("AAZYYA", "A-B +10"),
    4: ("AZZBYA", "Y-Z +19"),
}


@pytest.mark.parametrize("number", sorted(BOOK))
def test_illustrative_hand_winners_and_score(cli, number):
    winners, score = BOOK[number]
    r = cli.ok("cinch", "tricks", str(SHEETS / f"foster-{number}.txt"))
    played = play_out(parse_sheet((SHEETS / f"foster-{number}.txt").read_text()))
    assert "".join(t.winner for t in played.tricks) == winners
    assert all(t.marked == t.winner for t in played.tricks)  # every underline agrees
    assert score in r.stdout
    assert "underlines" not in r.stdout


def test_illustrative_hand_counting_cards_as_the_book_names_them():
    played = play_out(parse_sheet((SHEETS / "foster-1.txt").read_text()))
    # "Y-Z score 7 for Jack, Game, Pedro"
    assert sorted(map(str, played.side_cards(("Y", "Z")))) == ["10H", "5H", "JH"]
    played = play_out(parse_sheet((SHEETS / "foster-4.txt").read_text()))
    # "Y-Z score Right and Left Pedro, and Low, 11 points"
    assert sorted(map(str, played.side_cards(("Y", "Z")))) == ["2H", "5D", "5H"]


def test_the_left_pedro_ranks_between_the_five_and_the_four_of_trumps():
    hearts = Suit.HEARTS
    play = lambda *cards: dict(zip("AYBZ", map(Card.parse, cards)))  # noqa: E731
    assert trick_winner(play("4H", "5D", "2H", "3H"), "A", hearts) == "Y"
    assert trick_winner(play("5H", "5D", "2H", "3H"), "A", hearts) == "A"
    # a plain suit led: the Left Pedro trumps it; the highest of the suit led wins otherwise
    assert trick_winner(play("KD", "5D", "AD", "2S"), "A", hearts) == "Y"
    assert trick_winner(play("KD", "QD", "AS", "2D"), "A", hearts) == "A"
    # the Left Pedro led is a trump lead
    assert trick_winner(play("5D", "6D", "AD", "3C"), "A", hearts) == "A"


def test_logging_the_hand_into_a_sitting_gives_the_same_fields(cli):
    cli.new("x", "cinch", "A,Y,B,Z")
    r = cli.ok("cinch", "tricks", str(SHEETS / "foster-2.txt"), "--log", "x")
    assert "logged as hand 1" in r.stdout
    saved = cli.file("x").read_text()
    assert "{bidder: A, bid: 8, took: 2H 10H 5H 5D, trump: H," in saved
    cli.ok("hand", "x", "bidder=A", "bid=8", "took=2H,10H,5H,5D", "trump=H")
    data = cli.json("show", "x")
    assert [e["changes"] for e in data["effects"]][0] == [e["changes"] for e in data["effects"]][1]


def test_logging_refuses_a_sitting_with_other_seats(cli):
    cli.new("x", "cinch", "Ann,Bob,Cid,Dan")
    before = cli.file("x").read_bytes()
    r = cli("cinch", "tricks", str(SHEETS / "foster-1.txt"), "--log", "x")
    assert r.exit_code != 0 and "bidder: 'A' is not at the table" in r.stderr
    assert cli.file("x").read_bytes() == before


REVOKE_SHEET = """trump: H
bidder: A
bid: 6
KC 2S 3C 4C   # Y renounces clubs ...
AH 3H 4H 5D
2H 5C 7H 8H   # ... and later plays one: a revoke
9D TD JD JH
2D 3D 4D TH
7D 8D 9S 5H
"""


def test_a_proved_revoke_is_reported_and_a_claimed_one_scores(cli, tmp_path):
    played = play_out(parse_sheet(REVOKE_SHEET))
    assert "".join(t.winner for t in played.tricks) == "AAZZZZ"
    assert played.renounces == ("Y renounced in trick 1 holding clubs",)
    sheet = tmp_path / "revoke.txt"
    sheet.write_text(REVOKE_SHEET)
    r = cli.ok("cinch", "tricks", str(sheet))
    # not claimed: A-B took High and the Left Pedro, 6, Y-Z 8: Y-Z score the difference
    assert "A-B took 6, Y-Z 8: Y-Z +2 (8 - 6)" in r.stdout, r.stdout
    sheet.write_text(REVOKE_SHEET + "revoke: Y\n")
    r = cli.ok("cinch", "tricks", str(sheet))
    # Y's revoke claimed: A-B score all they took, Y-Z nothing
    assert "Y renounced in trick 1 holding clubs" in r.stdout
    assert "revoke=Y" in r.stdout and "A-B +6 (adversaries penalised" in r.stdout


BAD_SHEETS = [
    ("trump: H\nbidder: A\nbid: 8\nAH 2H 3H 4H\n6H 7H 8H AH\nQS KS AS JS\n"
     "2C 3C 4C 5C\n6C 7C 8C 9C\nTC JC QC KC\n", "trick 2: AH was already played in trick 1"),
    ("trump: H\nbidder: A\nbid: 8\nAH 2H 3H 4H\n6H 7H 8H 9H\nQS KS AS QS\n"
     "2C 3C 4C 5C\n6C 7C 8C 9C\nTC JC QC KC\n", "trick 3: QS was already played in this trick"),
    ("trump: H\nbidder: A\nbid: 8\nAH 2H 3H 4H\n6H 7H 8H 9H\nQS KS AS JS\n2C 3C 4C 5C\n6C 7C 8C 9C\n",
     "tricks: got 5 trick(s); a hand of Cinch is 6 tricks of four cards"),
    ("trump: H\nbidder: A\nbid: 8\nAH 2H 3H 4H\n6H 7H 8H\nQS KS AS JS\n2C 3C 4C 5C\n6C 7C 8C 9C\nTC JC QC KC\n",
     "trick 2: has 3 card(s); each trick is four cards"),
    ("trump: H\nbidder: A\nbid: 8\nAH 2H 3H 4H\n6H 7H 8H 9H\nQS KS AS JS\n2C 3C 4C 5C\n6C 7C 8C 9C\nTC JC QC KC\n2D 3D 4D 5D\n",
     "tricks: got 7 trick(s)"),
    ("trump: H\nbidder: Q\nbid: 8\n", "bidder: 'Q' is not at the table"),
    ("trump: H\nbidder: A\nbid: 15\n", "bid: must be a whole number from 0 to 14, got '15'"),
    ("trump: H\nbidder: A\nbid: 8\nAH 2H 3H XX\n", "trick 1 (line 4): not a card: 'XX'"),
    ("bidder: A\nbid: 8\n", "trump is missing"),
    ("trump: H\nbidder: A\nbid: 8\nwho: me\n", "line 4: unknown key 'who'"),
]


@pytest.mark.parametrize("text, message", BAD_SHEETS)
def test_bad_trick_sheets_are_refused(cli, tmp_path, text, message):
    sheet = tmp_path / "bad.txt"
    sheet.write_text(text)
    r = cli("cinch", "tricks", str(sheet))
    assert r.exit_code != 0
    assert r.stderr.startswith("error: ") and message in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1


def test_a_bad_sheet_writes_nothing_to_the_sitting(cli, tmp_path):
    cli.new("x", "cinch", "A,Y,B,Z")
    before = cli.file("x").read_bytes()
    sheet = tmp_path / "bad.txt"
    sheet.write_text(BAD_SHEETS[0][0])
    r = cli("cinch", "tricks", str(sheet), "--log", "x")
    assert r.exit_code != 0 and "already played" in r.stderr
    assert cli.file("x").read_bytes() == before


def test_a_missing_sheet_is_one_error_line(cli, tmp_path):
    r = cli("cinch", "tricks", str(tmp_path / "nope.txt"))
    assert r.exit_code != 0 and r.stderr.startswith("error: no trick sheet file ")


# ---------------------------------------------------------------- the example sittings


def replay(name):
    return ledger.open_session(SESSIONS / f"{name}.yaml")


def test_session_foster_illustrative_hands():
    r = replay("cinch-foster")
    assert [dict(e.changes) for e in r.standings.effects] == [
        {"A": 0, "Y": 15, "B": 0, "Z": 15}, {"A": 10, "Y": 0, "B": 10, "Z": 0},
        {"A": 10, "Y": 0, "B": 10, "Z": 0}, {"A": 0, "Y": 19, "B": 0, "Z": 19}]
    assert dict(r.standings.scores) == {"A": 20, "Y": 34, "B": 20, "Z": 34}


def test_session_setback_sweating_out_as_the_book_tells_it():
    r = replay("cinch-setback")
    after = [dict(e.scores) for e in r.standings.effects]
    # "A-B have been set back 18 points on two failures, Y-Z having made 16 points"
    assert (after[1]["A"], after[1]["Y"]) == (-18, 16)
    # "... and 23 on their own bids. The score will stand: A-B 64 to go; Y-Z, 12 to go."
    assert (51 - after[3]["A"], 51 - after[3]["Y"]) == (64, 12)
    # "Even if ... A-B make 11 on each of the next four deals, they will still have 20 to go,
    # while Y-Z will be out."
    assert (51 - after[7]["A"], after[7]["Y"]) == (20, 51)
    assert dict(r.standings.games_won) == {"A": 0, "Y": 1, "B": 0, "Z": 1}
    s = ledger.settlement(r)
    assert s.money_cents == {"A": -50, "Y": 50, "B": -50, "Z": 50}


def test_sessions_replay_through_the_cli(cli):
    folder = cli.folder
    folder.mkdir(parents=True)
    for name in ("cinch-foster", "cinch-setback"):
        shutil.copy(SESSIONS / f"{name}.yaml", folder / f"{name}.yaml")
    r = cli("show", "cinch-foster")
    assert r.exit_code == 0 and "A-B 20 (31 to go, 0 games won); Y-Z 34 (17 to go, 0 games won)" in r.stdout
    r = cli("settle", "cinch-setback")
    assert "games won: A-B 0, Y-Z 1" in r.stdout


# ---------------------------------------------------------------- invariants


deal = st.tuples(st.integers(0, 14), st.integers(0, 14), st.sampled_from(["A", "Y", "B", "Z"]),
                 st.sampled_from([None, "revoke", "foul"]), st.sampled_from(["A", "Y", "B", "Z"]))


@settings(max_examples=60, deadline=None)
@given(st.lists(deal, max_size=30), st.sampled_from(["deduct", "setback", "eight"]))
def test_balances_sum_to_zero_and_partners_share_everything(hands, scoring):
    from scorekeeper.games import get_game
    from scorekeeper.model import Hand, Session

    game = get_game("cinch")
    players = ("A", "Y", "B", "Z")
    logged = []
    for bid, made, bidder, penalty, culprit in hands:
        fields = {"bid": bid, "made": made}
        if bid:
            fields["bidder"] = bidder
        if penalty:
            fields[penalty] = culprit
        logged.append(Hand(fields))
    session = Session("p", "cinch", players, game.resolve_rules({"scoring": scoring, "game": 21}, players),
                      hands=tuple(logged))
    standings = game.replay(session)
    assert sum(standings.balances.values()) == 0
    assert standings.balances["A"] == standings.balances["B"] == -standings.balances["Y"]
    games = standings.games_won
    assert standings.balances["A"] == games["A"] - games["Y"]
    for e in standings.effects:
        assert e.changes["A"] == e.changes["B"] and e.changes["Y"] == e.changes["Z"]


@given(st.integers(0, 14), st.integers(0, 14))
def test_deduction_only_one_side_scores_and_never_more_than_the_book_allows(bid, made):
    r = score_deal("deduct", bid, made, 14 - made)
    assert min(r.bidders, r.adversaries) == 0
    if made < bid:
        assert (r.bidders, r.adversaries) == (0, 14 - made + bid)
    else:
        assert r.bidders - r.adversaries == made - (14 - made)


def test_a_sheet_scored_alone_under_a_house_rule(cli):
    r = cli.ok("cinch", "tricks", str(SHEETS / "foster-1.txt"), "--rule", "scoring=setback")
    assert "A-B -8, Y-Z +7 (set back 8" in r.stdout
    r = cli("cinch", "tricks", str(SHEETS / "foster-1.txt"), "--rule", "scoring=nope")
    assert r.exit_code != 0 and "rule scoring: must be one of deduct, setback, eight" in r.stderr


# ---------------------------------------------------------------- cards not played, cards laid aside, logging a sheet into a sitting


NOTHING_SHEET = """trump: H
bid: 0
dealer: Z
AH 3H 4H 6H    # Z, the dealer, named the trump without bidding and leads
2H 7H KH 8H
TH 9D JH 9C
5D TD 5H TC
2S 3S KS 4S
6S 7S QS 8S
"""


def test_the_makers_side_taking_no_counting_card_is_made_0(cli, tmp_path):
    # Before the review the fields were `took=` (empty), which the core drops: "made is missing".
    sheet = tmp_path / "nothing.txt"
    sheet.write_text(NOTHING_SHEET)
    played = play_out(parse_sheet(NOTHING_SHEET))
    assert "".join(t.winner for t in played.tricks) == "ABBBBB"
    assert played.hand_fields() == {"bid": "0", "made": "0", "against": "14", "trump": "H",
                                    "dealer": "Z"}
    r = cli.ok("cinch", "tricks", str(sheet))
    assert "Y-Z took 0, A-B 14: A-B +14 (14 - 0)" in r.stdout
    cli.new("x", "cinch", "A,Y,B,Z")
    cli.ok("cinch", "tricks", str(sheet), "--log", "x")
    assert cli.json("show", "x")["scores"] == {"A": 14, "Y": 0, "B": 14, "Z": 0}


# Foster No. 1 with Y's Right Pedro in trick 6 replaced by a card that was never a counter:
# the Right Pedro was then discarded (or, blind, left in the pack).
NO_PEDRO = (SHEETS / "foster-1.txt").read_text().replace("_♡5_", "9♢")


def test_a_counting_card_in_no_trick_is_refused_not_given_to_the_adversaries(cli, tmp_path):
    sheet = tmp_path / "s.txt"
    sheet.write_text(NO_PEDRO)
    r = cli("cinch", "tricks", str(sheet))
    assert r.exit_code != 0 and r.stderr.count("\n") == 1
    assert "the counting card(s) 5H are in no trick; list them under `discards:`" in r.stderr


def test_a_counting_trump_in_the_discards_counts_for_the_maker(cli, tmp_path):
    # "Any trumps found among the discards at the end of the hand count for the side that made
    # the trump": A-B 7 + 5 = 12 against 2, A-B score 10 (before the review Y-Z got the 5).
    sheet = tmp_path / "s.txt"
    sheet.write_text(NO_PEDRO + "discards: 5H\n")
    r = cli.ok("cinch", "tricks", str(sheet))
    assert "A-B took 12, Y-Z 2: A-B +10 (12 - 2)" in r.stdout
    assert "discards=5H" in r.stdout


def test_blind_draw_a_counting_card_left_in_the_pack_counts_for_nobody(cli, tmp_path):
    sheet = tmp_path / "s.txt"
    sheet.write_text(NO_PEDRO + "pack: 5H\n")
    r = cli.ok("cinch", "tricks", str(sheet), "--rule", "blind_draw=on")
    # A-B took 7 of their 8 bid, Y-Z 2 (Jack, Game): Y-Z score 2 + 8
    assert "A-B took 7, Y-Z 2: Y-Z +10" in r.stdout and "pack=5H" in r.stdout
    r = cli("cinch", "tricks", str(sheet))
    assert r.exit_code != 0 and "pack: counting cards are left in the pack only with" in r.stderr


@pytest.mark.parametrize("extra, message", [
    ("discards: 5H\n", "discards: 5H was played in trick 6; a card laid aside cannot also be played"),
    ("pack: AH\n", "pack: AH was played in trick 5"),
    ("discards: 5H\npack: 5H\n", "pack: 5H is also in discards"),
    ("discards: 5X\n", "discards: not a card"),
])
def test_cards_laid_aside_are_checked(cli, tmp_path, extra, message):
    sheet = tmp_path / "s.txt"
    base = (SHEETS / "foster-1.txt").read_text() if "played" in message else NO_PEDRO
    sheet.write_text(base + extra)
    r = cli("cinch", "tricks", str(sheet))
    assert r.exit_code != 0 and r.stderr.count("\n") == 1
    assert message in r.stderr, r.stderr


def test_logging_into_a_sixty_three_sitting_counts_king_trey_and_nine(cli):
    # Foster No. 1 played as Sixty-three: A-B win the King (25) in trick 4 with High, Low and
    # the Left Pedro: 32; Y-Z Jack, Game, Right Pedro, trey (15, trick 6), nine (9, trick 3): 31.
    # Before the review the King, trey and nine went to Y-Z unseen: "Y-Z +64".
    cli.new("x", "sixty-three", "A,Y,B,Z")
    r = cli.ok("cinch", "tricks", str(SHEETS / "foster-1.txt"), "--log", "x")
    assert "A-B took 32, Y-Z 31: A-B +1 (32 - 31)" in r.stdout
    assert cli.json("show", "x")["scores"] == {"A": 1, "Y": 0, "B": 1, "Z": 0}
    sheet = parse_sheet((SHEETS / "foster-1.txt").read_text().replace("bid: 8", "bid: 40"),
                        sixty_three=True)
    assert sheet.bid == 40


def test_logging_into_a_sitting_of_another_game_is_refused(cli):
    cli.new("x", "cinch-auction", "A,Y,B,Z,E")
    r = cli.refused("x", "cinch", "tricks", str(SHEETS / "foster-1.txt"), "--log", "x")
    assert "--log: x is a cinch-auction sitting; a trick sheet is a hand of cinch or sixty-three" in r.stderr


def test_logging_a_sheet_into_a_sitting_with_other_names_says_how(cli):
    from pathlib import Path

    sheet = Path(__file__).resolve().parents[2] / "sessions" / "examples" / "cinch-tricks" / "foster-2.txt"
    cli.new("names", "cinch", "Ann,Yves,Bea,Zak")
    r = cli.refused("names", "cinch", "tricks", str(sheet), "--log", "names")
    assert r.stderr.endswith("bidder: 'A' is not at the table; players: Ann, Yves, Bea, Zak (with --log "
                             "the sheet is read with names's players in seat order: name the bidder "
                             "and the others as names does)\n")


# ---------------------------------------------------------------- the hands as the book prints them


def test_the_000_layout_two_hands_side_by_side_are_both_played(cli):
    # rules/000: "A bids 8 on hearts. | T | A bids 8 on hearts." over TRICK down the middle;
    # before, the heading gave `not a card: 'A'`
    out = cli.ok("cinch", "tricks", str(SHEETS / "printed-000-nos-1-2.txt")).stdout
    assert "A bid 8 in hearts; A-B took 7, Y-Z 7: Y-Z +15 (set: adversaries score 7 taken + 8 bid)" in out
    assert "A bid 8 in hearts; A-B took 12, Y-Z 2: A-B +10 (12 - 2)" in out
    assert "underlines" not in out   # every winner the book underlines is the winner played out


def test_the_002_layout_logged_gives_the_books_scores(cli):
    # rules/002 prints No. 3 and No. 4 as one table: "A-B score 10 points" and "19 altogether"
    cli.new("x", "cinch", "A,Y,B,Z")
    cli.ok("cinch", "tricks", str(SHEETS / "printed-002-nos-3-4.txt"), "--log", "x")
    assert cli.json("show", "x")["scores"] == {"A": 10, "Y": 19, "B": 10, "Z": 19}


def test_a_sheet_saved_with_a_byte_order_mark_is_read(cli, tmp_path):
    sheet = tmp_path / "bom.txt"
    sheet.write_bytes(b"\xef\xbb\xbf" + (SHEETS / "foster-1.txt").read_bytes())
    assert "Y-Z +15" in cli.ok("cinch", "tricks", str(sheet)).stdout
    assert play_out(parse_sheet("\ufeff" + (SHEETS / "foster-1.txt").read_text())).maker == "A"


def test_a_suit_lost_as_a_question_mark_is_found_from_the_hand():
    text = (SHEETS / "foster-1.txt").read_text(encoding="utf-8")
    # B's underlined ♡8 in trick 1 wins over ♣Q ♣3 ♣5 only as a trump: the heart
    lost = text.replace("_♡8_", "_?8_")
    assert str(play_out(parse_sheet(lost)).tricks[0].played["B"]) == "8H"
    # Z's K♢ in the last trick could be any King not seen: the sheet must say
    unsettled = text.replace("K♢", "K?")
    try:
        parse_sheet(unsettled)
    except ScorekeeperError as err:
        assert err.message.startswith("trick 6: K? lost its suit in the scan and the hand does "
                                      "not settle it (it could be ")
    else:
        raise AssertionError("a King of no known suit was accepted")


def test_printed_sheets_are_todays_sheets():
    text = (SHEETS / "printed-002-nos-3-4.txt").read_text(encoding="utf-8")
    assert is_printed(text) and not is_printed((SHEETS / "foster-1.txt").read_text(encoding="utf-8"))
    first = printed_sheets(text)[0]
    assert first.splitlines()[:4] == ["title: No. 3", "bidder: A", "bid: 12", "trump: hearts"]
    assert first.splitlines()[4] == "♡A ♡3 5♢ ♡6"
