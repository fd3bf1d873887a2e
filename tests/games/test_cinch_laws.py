"""Cinch laws a table could not record before (issue 12), each pinned with the book's words."""

from __future__ import annotations

import pytest

from scorekeeper.cards import Card, Rank, Suit
from scorekeeper.games.cinch.game import score_deal, score_solo


# ---------------------------------------------------------------- one card grammar


def test_took_reads_the_books_suit_first_cards_as_cinch_tricks_does(cli):
    # The book prints hearts and clubs suit first (♡A, ♣Q), diamonds and spades after (5♢).
    assert Card.parse("♡A") == Card(Rank.ACE, Suit.HEARTS) == Card.parse("A♡")
    assert Card.parse("♣10") == Card(Rank.TEN, Suit.CLUBS)
    cli.new("x", "cinch", "A,Y,B,Z")
    cli.ok("hand", "x", "bidder=A", "bid=8", "took=♡A,♡2,5♢", "trump=♡")
    assert cli.json("show", "x")["scores"] == {"A": 0, "Y": 15, "B": 0, "Z": 15}


# ---------------------------------------------------------------- Auction Cinch: partners win together


def test_auction_the_bidder_and_his_called_partner_level_at_51_share_the_game(cli):
    # VARIATIONS: "The partnership thus formed plays against the combined forces of the other
    # players": the two score alike, so, level when they reach 51, they share the game, and
    # each other player pays both.
    cli.new("x", "cinch-auction", "A,B,C,D,E", stake="1")
    for _ in range(3):   # C and E, partners each time, make 14 on a bid of 10: +14 each deal
        cli.ok("hand", "x", "bidder=C", "bid=10", "partner=E", "made=14")
    cli.ok("hand", "x", "bidder=D", "bid=6", "made=8")        # D alone +2: C and E stay on 42
    cli.ok("hand", "x", "bidder=C", "bid=10", "partner=E", "made=14")   # C, E 56
    data = cli.json("show", "x")
    assert data["games_won"] == {"A": 0, "B": 0, "C": 1, "D": 0, "E": 1}
    money = cli.json("settle", "x")
    assert money["balances"] == {"A": -2, "B": -2, "C": 3, "D": -2, "E": 3}



# VARIATIONS: "Five or six players, each for himself, may play what is called Auction Cinch":
# one rule for either side of a deal. Of the side that goes out, the higher score wins alone
# (side_out=higher, the default); side_out=share: they go out as the side they played in.
def _partners_pass_51_on_one_deal(cli, *rules):
    cli.new("x", "cinch-auction", "A,B,C,D,E", *rules, stake="1")
    cli.ok("hand", "x", "bidder=E", "bid=6", "made=12")                       # E alone +10
    for _ in range(2):
        cli.ok("hand", "x", "bidder=C", "bid=10", "partner=E", "made=14")   # C 28, E 38
    cli.ok("hand", "x", "bidder=C", "bid=6", "made=14")                       # C alone 42
    return cli.ok("hand", "x", "bidder=C", "bid=10", "partner=E", "made=14").stdout


def test_auction_partners_passing_51_on_one_deal_the_higher_score_wins_alone(cli):
    out = _partners_pass_51_on_one_deal(cli)
    assert "C wins the game; a new game starts" in out
    data = cli.json("show", "x")
    assert data["effects"][-1]["scores"] == {"A": 0, "B": 0, "C": 56, "D": 0, "E": 52}
    assert data["games_won"] == {"A": 0, "B": 0, "C": 1, "D": 0, "E": 0}
    assert cli.json("settle", "x")["balances"] == {"A": -1, "B": -1, "C": 4, "D": -1, "E": -1}


def test_auction_side_out_share_the_partners_share_the_game(cli):
    out = _partners_pass_51_on_one_deal(cli, "side_out=share")
    assert "C, E reach the game together and share it; a new game starts" in out
    assert cli.json("settle", "x")["balances"] == {"A": -2, "B": -2, "C": 3, "D": -2, "E": 3}


@pytest.mark.parametrize("side_out, winners", [("higher", "B"), ("share", "BCDE")])
def test_auction_adversaries_passing_51_on_one_deal_follow_the_same_rule(cli, side_out, winners):
    cli.new("x", "cinch-auction", "A,B,C,D,E", f"side_out={side_out}")
    cli.ok("hand", "x", "bidder=B", "bid=6", "made=8")            # B alone: +2
    for _ in range(3):
        cli.ok("hand", "x", "bidder=A", "bid=6", "made=2")        # B 56, C D E 54
    assert cli.json("show", "x")["games_won"] == {p: int(p in winners) for p in "ABCDE"}


def test_the_side_out_rule_is_auction_cinchs_own(cli):
    r = cli.refused("x", "new", "x", "--game", "cinch", "--players", "A,Y,B,Z", "--rule",
                    "side_out=share")
    assert "unknown rule 'side_out' for cinch" in r.stderr


# ---------------------------------------------------------------- two- and three-handed


def test_three_handed_deduct_a_set_bidder_never_comes_out_free(cli):
    # bid 10, took 0, the others 7 and 7: before, their equal totals were deducted from each
    # other and nobody scored. "The number bid and the number actually won must be compared
    # before deducting": a set bid leaves nothing to deduct; each other scores 7 + 10.
    changes, how = score_solo("deduct", 10, "P", {"P": 0, "Q": 7, "R": 7})
    assert changes == {"P": 0, "Q": 17, "R": 17}
    assert how == "set: each other player scores what he took + 10 bid"
    cli.new("x", "cinch-solo", "P,Q,R", "scoring=deduct")
    out = cli.ok("hand", "x", "bidder=P", "bid=10", "P=0", "Q=7", "R=7").stdout
    assert "Q +17, R +17" in out
    # a bid made: only the best scores, less the next best
    assert score_solo("deduct", 6, "P", {"P": 8, "Q": 4, "R": 2})[0] == {"P": 4, "Q": 0, "R": 0}


def test_two_handed_default_is_the_books_law_of_deduction(cli):
    # "the lower total is deducted from the higher": two players are the two sides of the law.
    cli.new("two", "cinch-solo", "Ann,Bob")
    assert cli.json("show", "two")["rules"]["scoring"] == "deduct"
    cli.ok("hand", "two", "bidder=Ann", "bid=8", "Ann=10", "Bob=4")
    assert cli.json("show", "two")["scores"] == {"Ann": 6, "Bob": 0}
    assert score_deal("deduct", 8, 10, 4).bidders == 6
    # three-handed the book gives no law: each scores what he took, as before
    cli.new("three", "cinch-solo", "Ann,Bob,Cid")
    assert cli.json("show", "three")["rules"]["scoring"] == "each"
    # the other reading stays a house rule
    cli.new("each", "cinch-solo", "Ann,Bob", "scoring=each")
    cli.ok("hand", "each", "bidder=Ann", "bid=8", "Ann=10", "Bob=4")
    assert cli.json("show", "each")["scores"] == {"Ann": 10, "Bob": 4}


# ---------------------------------------------------------------- penalties and the 8-point variation


def test_two_revokes_in_one_deal_both_sides_score_nothing(cli):
    # The Revoke: "the revoking side cannot score any points that deal": both sides revoked
    cli.new("x", "cinch", "A,Y,B,Z")
    out = cli.ok("hand", "x", "bidder=A", "bid=6", "made=10", "revoke=B,Y").stdout
    assert "B and Y revoked: nobody scores (both sides penalised: neither scores)" in out
    # two revokes on one side are one penalty: the adversaries score all they took
    cli.ok("hand", "x", "bidder=A", "bid=6", "made=10", "revoke=A,B")
    assert cli.json("show", "x")["scores"] == {"A": 0, "Y": 4, "B": 0, "Z": 4}


def test_foul_adversary_and_a_failed_bid_the_bidder_scores_all_he_made(cli):
    # SCORING: "If either side has incurred a penalty which prevents them from scoring any
    # points they may have won, the adversaries have nothing to deduct, and score all they make."
    assert score_deal("deduct", 9, 8, 6, adversaries_penalised=True).bidders == 8
    cli.new("x", "cinch", "A,Y,B,Z")
    cli.ok("hand", "x", "bidder=A", "bid=9", "made=8", "foul=Y")
    assert cli.json("show", "x")["scores"] == {"A": 8, "Y": 0, "B": 8, "Z": 0}
    # the other reading, as a house rule: the bid must still be made
    cli.new("b", "cinch", "A,Y,B,Z", "adversary_foul=bid-counts")
    cli.ok("hand", "b", "bidder=A", "bid=9", "made=8", "foul=Y")
    assert cli.json("show", "b")["scores"] == {"A": 0, "Y": 0, "B": 0, "Z": 0}


def test_eight_point_variation_adversaries_score_what_they_took():
    # VARIATIONS: "If one side bids 6, and makes 8, it scores 8; but the adversaries score the
    # 6 they make. If the side bidding 6 had made 6 only, it would score nothing, while their
    # adversaries would mark the 8 they made." With blind_draw a point may be left in the pack:
    # bid 6, 6 against 7: the bidder's side under 8 scores nothing, the adversaries their 7.
    assert (score_deal("eight", 6, 6, 7).bidders, score_deal("eight", 6, 6, 7).adversaries) == (0, 7)
    # "If both sides score 7, neither having bid more than 7, neither scores."
    assert (score_deal("eight", 7, 7, 7).bidders, score_deal("eight", 7, 7, 7).adversaries) == (0, 0)
    assert (score_deal("eight", 5, 7, 6).bidders, score_deal("eight", 5, 7, 6).adversaries) == (0, 6)


# ---------------------------------------------------------------- the hands as the book prints them

from pathlib import Path  # noqa: E402

from scorekeeper.games.cinch.printed import is_printed, printed_sheets  # noqa: E402
from scorekeeper.games.cinch.sheet import parse_sheet  # noqa: E402
from scorekeeper.games.cinch.tricks import play_out  # noqa: E402
from scorekeeper.model import ScorekeeperError  # noqa: E402

SHEETS = Path(__file__).resolve().parents[2] / "sessions" / "examples" / "cinch-tricks"


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


# ---------------------------------------------------------------- Widow Cinch


def test_widow_cinch_three_partnerships_with_two_adversaries_between_partners(cli):
    # VARIATIONS: "Six players cut for partners, two on a side. Each player has two adversaries
    # between himself and his partner": seats 1-4, 2-5, 3-6 are partners
    cli.new("w", "cinch-widow", "A,B,C,D,E,F", stake="1")
    out = cli.ok("hand", "w", "bidder=A", "bid=6", "A=5", "D=3", "B=4", "C=2").stdout
    assert "took A-D 8, B-E 4, C-F 2: A-D +8, B-E +4, C-F +2" in out
    cli.ok("hand", "w", "bidder=B", "bid=10", "A=5", "D=3", "B=4", "C=2")   # B-E set: +10 to the others
    data = cli.json("show", "w")
    assert data["scores"] == {"A": 26, "B": 4, "C": 14, "D": 26, "E": 4, "F": 14}
    for _ in range(2):
        cli.ok("hand", "w", "bidder=D", "bid=8", "D=14")                 # A-D 40, 54: out
    data = cli.json("show", "w")
    assert data["games_won"] == {"A": 1, "B": 0, "C": 0, "D": 1, "E": 0, "F": 0}
    assert cli.json("settle", "w")["balances"] == {"A": 2, "B": -1, "C": -1, "D": 2, "E": -1, "F": -1}
    r = cli.refused("w", "hand", "w", "bidder=A", "bid=6", "A=5")
    assert "must add up to 14" in r.stderr
