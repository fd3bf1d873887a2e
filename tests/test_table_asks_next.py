"""What the table asks next (issue 14): how far to go, the games already finished, how a
cribbage hand typed as cards counts, a Hearts stack running low, and each player's share of
the pool in `settle`."""

from __future__ import annotations


def test_to_go_and_the_finished_games_in_a_tally_to_a_target(cli):
    cli.new("race", "tally", "Ann,Bob", "target=20")
    cli.ok("hand", "race", "Ann=15", "Bob=4")
    out = cli.ok("hand", "race", "Ann=6", "Bob=3").stdout
    assert "player    score    total    to go    games\n" in out
    assert "Ann       0        21       20       1\n" in out  # a new game: 20 to go again
    assert "\n\ngame 1: Ann 21, Bob 7\nnext dealer: Ann\n" in out


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


def test_hearts_warns_when_a_stack_is_under_one_deals_worth(cli):
    cli.new("h", "hearts", "Ann,Bob,Cid,Dot", "counters=20")
    out = cli.ok("hand", "h", "Ann=13").stdout
    assert "stack running low: Ann 7, under one deal's worth (13 counters)\n" in out
    out = cli.ok("hand", "h", "Bob=13").stdout
    assert "stack running low: Ann 7, Bob 7, under one deal's worth (13 counters)\n" in out


def test_settle_shows_the_pool_share_so_the_balance_matches_show(cli):
    cli.new("h", "hearts", "Ann,Bob,Cid,Dot", stake="0.05")
    cli.ok("hand", "h", "Ann=6", "Bob=7")  # Cid and Dot divide 13: 6 each, 1 stays in the pool
    assert cli.ok("settle", "h").stdout == (
        "h: settlement (stake 0.05 per counter)\n\n"
        "player    score    pool share    balance (counters)    money\n"
        "--------  -------  ------------  --------------------  -------\n"
        "Ann       -6       1             -5                    -0.25\n"
        "Bob       -7       0             -7                    -0.35\n"
        "Cid       6        0             6                     0.30\n"
        "Dot       6        0             6                     0.30\n\n"
        "the pool of 1 does not divide among 4: it stays with the banker (Ann)\n\n"
        "Bob pays Cid 0.30\nAnn pays Dot 0.25\nBob pays Dot 0.05\n")


def test_a_game_without_a_pool_settles_without_the_share_column(cli):
    cli.new("t", "tally", "Ann,Bob")
    cli.ok("hand", "t", "Ann=3")
    assert "pool share" not in cli.ok("settle", "t").stdout
