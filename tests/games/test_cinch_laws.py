"""Cinch laws a table could not record before (issue 12), each pinned with the book's words."""

from __future__ import annotations

from scorekeeper.cards import Card, Rank, Suit
from scorekeeper.games.cinch import score_deal, score_solo


# ---------------------------------------------------------------- one card grammar


def test_took_reads_the_books_suit_first_cards_as_cinch_tricks_does(cli):
    # The book prints hearts and clubs suit first (♡A, ♣Q), diamonds and spades after (5♢).
    assert Card.parse("♡A") == Card(Rank.ACE, Suit.HEARTS) == Card.parse("A♡")
    assert Card.parse("♣10") == Card(Rank.TEN, Suit.CLUBS)
    cli.new("x", "cinch", "A,Y,B,Z")
    cli.ok("hand", "x", "bidder=A", "bid=8", "took=♡A,♡2,5♢", "trump=♡")
    assert cli.json("show", "x")["scores"] == {"A": 0, "Y": 15, "B": 0, "Z": 15}


# ---------------------------------------------------------------- Auction Cinch: partners win together


def test_auction_the_bidder_and_his_called_partner_reaching_51_together_win_together(cli):
    # VARIATIONS: "The partnership thus formed plays against the combined forces of the other
    # players": a side, so the two win the game together, and each other player pays both.
    cli.new("x", "cinch-auction", "A,B,C,D,E", stake="1")
    for _ in range(3):   # C and E, partners each time, make 14 on a bid of 10: +14 each deal
        cli.ok("hand", "x", "bidder=C", "bid=10", "partner=E", "made=14")
    cli.ok("hand", "x", "bidder=D", "bid=6", "made=8")        # D alone +2: C and E stay on 42
    cli.ok("hand", "x", "bidder=C", "bid=10", "partner=E", "made=14")   # C, E 56
    data = cli.json("show", "x")
    assert data["games_won"] == {"A": 0, "B": 0, "C": 1, "D": 0, "E": 1}
    money = cli.json("settle", "x")
    assert money["balances"] == {"A": -2, "B": -2, "C": 3, "D": -2, "E": 3}


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
