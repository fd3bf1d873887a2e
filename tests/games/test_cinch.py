"""Cinch (Double Pedro): the book's figures, every penalty law and house rule, the CLI path."""

from __future__ import annotations

import pytest

from scorekeeper.cards import Card, Rank, Suit, parse_cards
from scorekeeper.games.cinch.game import counting_cards, left_pedro, points_of, score_deal, score_solo

PLAYERS = "A,Y,B,Z"


def scored(result):
    return (result.bidders, result.adversaries)


# ---------------------------------------------------------------- the counting cards


def test_fourteen_points_on_every_deal_and_the_left_pedro_is_the_five_of_the_same_colour():
    for trump in Suit:
        table = counting_cards(trump)
        assert sum(points for _, points in table.values()) == 14
        assert table[left_pedro(trump)] == ("Left Pedro", 5)
    assert left_pedro(Suit.HEARTS) == Card.parse("5D")
    assert left_pedro(Suit.DIAMONDS) == Card.parse("5H")
    assert left_pedro(Suit.CLUBS) == Card.parse("5S")
    assert left_pedro(Suit.SPADES) == Card.parse("5C")


def test_sixty_three_points_with_king_trey_and_nine():
    table = counting_cards(Suit.CLUBS, sixty_three=True)
    assert sum(points for _, points in table.values()) == 63
    assert points_of(parse_cards("KC 3C 9C"), Suit.CLUBS, sixty_three=True) == 25 + 15 + 9


# ---------------------------------------------------------------- scoring by deduction: the book


def test_scoring_example_bid_8_took_10_against_4_scores_6():
    # SCORING: "A-B make 10, which is 2 more than they bid, Y-Z getting the other 4; which leaves A-B 6."
    assert scored(score_deal("deduct", 8, 10, 4)) == (6, 0)


def test_scoring_example_bid_8_took_5_against_9_adversaries_score_17():
    # "Y-Z would score the 9 points actually won, and the 8 points bid in addition, or 17 altogether."
    assert scored(score_deal("deduct", 8, 5, 9)) == (0, 17)


def test_laws_example_eleven_against_three_scores_eight():
    # CINCH LAWS, Scoring: "If A-B make 11, Y-Z must make the remaining 3 ... 8 points for A-B"
    assert scored(score_deal("deduct", 6, 11, 3)) == (8, 0)


def test_a_tie_scores_nothing_and_the_bid_is_compared_before_deduction():
    assert scored(score_deal("deduct", 7, 7, 7)) == (0, 0)
    # made 8 of 8 bid against 6: the bid is made, though only 2 are scored
    assert scored(score_deal("deduct", 8, 8, 6)) == (2, 0)
    # the bidder's side made its bid but took fewer than the adversaries: they score the difference
    assert scored(score_deal("deduct", 5, 6, 8)) == (0, 2)


def test_no_bid_dealer_side_cannot_be_set():
    assert scored(score_deal("deduct", 0, 3, 11)) == (0, 8)


# ---------------------------------------------------------------- the penalty laws


def test_adversary_revoke_bidder_scores_all_it_took_whatever_it_bid():
    # The Revoke: "A has bid nine; and Y revokes. A-B make eight only, which they score, Y-Z scoring nothing."
    r = score_deal("deduct", 9, 8, 6, adversaries_penalised=True, adversary_revoked=True)
    assert scored(r) == (8, 0)


def test_bidder_side_revoke_scores_nothing_and_adversaries_deduct_nothing():
    # SCORING: "the adversaries have nothing to deduct, and score all they make."
    assert scored(score_deal("deduct", 6, 10, 4, bidders_penalised=True)) == (0, 4)


def test_bidder_side_revoke_and_failed_bid_adversaries_also_score_the_bid():
    # our choice: a revoke may not cost less than an honest failure (7 + 8 as without it)
    assert scored(score_deal("deduct", 8, 7, 7, bidders_penalised=True)) == (0, 15)


def test_foul_hand_of_an_adversary_bidder_scores_all_if_bid_made_nothing_if_not():
    # issue 12 changed the default to the book's SCORING ("the adversaries have nothing to
    # deduct, and score all they make"); the old reading is adversary_foul=bid-counts
    assert scored(score_deal("deduct", 6, 8, 6, adversaries_penalised=True)) == (8, 0)
    assert scored(score_deal("deduct", 9, 8, 6, adversaries_penalised=True,
                             adversary_foul="bid-counts")) == (0, 0)


def test_both_sides_penalised_nobody_scores():
    assert scored(score_deal("deduct", 6, 8, 6, bidders_penalised=True,
                             adversaries_penalised=True)) == (0, 0)


# ---------------------------------------------------------------- house rules: setback and eight


def test_setback_each_side_scores_what_it_took_and_a_failure_is_set_back_the_bid():
    assert scored(score_deal("setback", 8, 10, 4)) == (10, 4)
    assert scored(score_deal("setback", 9, 6, 8)) == (-9, 8)


def test_eight_bid_6_take_8_scores_8_and_adversaries_their_6():
    assert scored(score_deal("eight", 6, 8, 6)) == (8, 6)


def test_eight_bid_6_take_6_scores_nothing_adversaries_their_8():
    assert scored(score_deal("eight", 6, 6, 8)) == (0, 8)


def test_eight_bid_7_take_6_adversaries_score_15():
    assert scored(score_deal("eight", 7, 6, 8)) == (0, 15)


def test_eight_seven_each_with_no_bid_over_7_neither_scores():
    for bid in range(0, 8):
        assert scored(score_deal("eight", bid, 7, 7)) == (0, 0)


# ---------------------------------------------------------------- the CLI: a sitting


def test_cli_book_figures_and_side_scores(cli):
    cli.new("x", "cinch", PLAYERS)
    cli.ok("hand", "x", "bidder=B", "bid=8", "made=10", "against=4", "trump=H")
    assert cli.json("show", "x")["scores"] == {"A": 6, "Y": 0, "B": 6, "Z": 0}
    cli.ok("hand", "x", "bidder=B", "bid=8", "made=5")
    data = cli.json("show", "x")
    assert data["scores"] == {"A": 6, "Y": 17, "B": 6, "Z": 17}
    assert data["sides"]["A-B"] == {"players": ["A", "B"], "score": 6, "to_go": 45, "games_won": 0}
    assert data["sides"]["Y-Z"]["to_go"] == 34
    assert data["columns"]["to go"] == {"A": 45, "Y": 34, "B": 45, "Z": 34}


def test_cli_revoke_and_foul_fields(cli):
    cli.new("x", "cinch", PLAYERS)
    cli.ok("hand", "x", "bidder=A", "bid=9", "made=8", "revoke=Y")
    assert cli.json("show", "x")["scores"]["A"] == 8 and cli.json("show", "x")["scores"]["Y"] == 0
    cli.ok("hand", "x", "bidder=A", "bid=6", "made=10", "foul=B")
    assert cli.json("show", "x")["scores"] == {"A": 8, "Y": 4, "B": 8, "Z": 4}


def test_cli_took_counting_cards_with_discards(cli):
    cli.new("x", "cinch", PLAYERS)
    # hearts trumps; the bidder's side took High, Low and the Left Pedro; the Jack was found
    # in the discards and counts for the side that made the trump: 1 + 1 + 5 + 1 = 8 against 6
    cli.ok("hand", "x", "bidder=A", "bid=8", "took=AH,2H,5D", "discards=JH", "trump=hearts")
    assert cli.json("show", "x")["scores"]["A"] == 2
    saved = cli.file("x").read_text()
    assert "took: AH 2H 5D" in saved and "discards: JH" in saved and "made" not in saved


def test_cli_blind_draw_pack_counts_for_nobody(cli):
    cli.new("x", "cinch", PLAYERS, "blind_draw=on")
    # The Right Pedro left in the pack: bidder's side 4 (High Low Jack Game), adversaries 5
    cli.ok("hand", "x", "bidder=A", "bid=4", "took=AH,2H,JH,10H", "pack=5H", "trump=H")
    assert cli.json("show", "x")["scores"] == {"A": 0, "Y": 1, "B": 0, "Z": 1}
    cli.ok("hand", "x", "bidder=Y", "bid=3", "made=6", "against=3")  # 5 points stayed in the pack
    assert cli.json("show", "x")["scores"]["Y"] == 4


def test_cli_blind_draw_needs_against(cli):
    cli.new("x", "cinch", PLAYERS, "blind_draw=on")
    r = cli("hand", "x", "bidder=A", "bid=4", "made=6")
    assert r.exit_code == 1 and "against is missing" in r.stderr


def test_no_bid_the_dealer_names_the_trump_and_his_side_cannot_be_set(cli):
    cli.new("x", "cinch", PLAYERS, "first_dealer=Y")
    cli.ok("hand", "x", "bid=0", "made=3", "trump=S")  # Y dealt: Y-Z are the "bidder's side"
    assert cli.json("show", "x")["scores"] == {"A": 8, "Y": 0, "B": 8, "Z": 0}
    cli.ok("hand", "x", "bid=0", "made=10")  # B deals next
    assert cli.json("show", "x")["scores"] == {"A": 14, "Y": 0, "B": 14, "Z": 0}


def test_dealer_field_after_a_misdeal_and_rotation_continues_from_it(cli):
    cli.new("x", "cinch", PLAYERS)
    cli.ok("hand", "x", "bidder=A", "bid=5", "made=7")           # A deals
    cli.ok("hand", "x", "bidder=A", "bid=5", "made=7", "dealer=B")  # Y misdealt: the deal passed to B
    data = cli.json("show", "x")
    assert [e["dealer"] for e in data["effects"]] == ["A", "B"]
    assert data["next_dealer"] == "Z"


def test_game_is_51_a_new_game_starts_and_settlement_in_games(cli):
    cli.new("x", "cinch", PLAYERS, stake="2")
    for _ in range(4):
        cli.ok("hand", "x", "bidder=A", "bid=12", "made=14")   # 14 each deal: 56, out
    data = cli.json("show", "x")
    assert data["games_won"] == {"A": 1, "Y": 0, "B": 1, "Z": 0}
    assert data["scores"] == {"A": 0, "Y": 0, "B": 0, "Z": 0}
    assert "A-B win the game" in data["effects"][3]["notes"][0]
    for _ in range(4):
        cli.ok("hand", "x", "bidder=Y", "bid=12", "made=14")
    for _ in range(4):
        cli.ok("hand", "x", "bidder=B", "bid=12", "made=14")
    money = cli.json("settle", "x")
    assert money["balances"] == {"A": 1, "Y": -1, "B": 1, "Z": -1}
    assert sorted((t["from"], t["amount"]) for t in money["transfers"]) == [("Y", "2.00"), ("Z", "2.00")]  # money as decimal strings (issue 14)
    text = cli("settle", "x").stdout
    assert "games won: A-B 2, Y-Z 1; balance of games: A-B +1, Y-Z -1" in text


def test_game_rule_and_pullup_display(cli):
    cli.new("x", "cinch", PLAYERS, "game=20", "display=pullup")
    cli.ok("hand", "x", "bidder=A", "bid=8", "made=12")
    data = cli.json("show", "x")
    assert data["columns"]["pull-up"] == {"A": 20, "Y": 10, "B": 20, "Z": 10}
    assert data["columns"]["to go"]["A"] == 10
    text = cli("show", "x").stdout
    assert "pull-up counter: start at 10 up, game hole 30" in text
    cli.ok("hand", "x", "bidder=A", "bid=8", "made=12")
    assert cli.json("show", "x")["games_won"]["A"] == 1


def test_setback_both_out_on_one_deal_the_bidders_side_goes_out_first(cli):
    cli.new("x", "cinch", PLAYERS, "scoring=setback", "game=10")
    cli.ok("hand", "x", "bidder=Y", "bid=5", "made=7")    # Y-Z 7, A-B 7
    cli.ok("hand", "x", "bidder=A", "bid=5", "made=7")    # both reach 14: A-B bid, A-B win
    assert cli.json("show", "x")["games_won"] == {"A": 1, "Y": 0, "B": 1, "Z": 0}


def test_eight_rule_in_a_sitting(cli):
    cli.new("x", "cinch", PLAYERS, "scoring=eight")
    cli.ok("hand", "x", "bidder=A", "bid=6", "made=8")
    cli.ok("hand", "x", "bidder=A", "bid=6", "made=6")
    cli.ok("hand", "x", "bidder=A", "bid=7", "made=6")
    cli.ok("hand", "x", "bidder=A", "bid=7", "made=7")
    data = cli.json("show", "x")
    assert [e["changes"]["A"] for e in data["effects"]] == [8, 0, 0, 0]
    assert [e["changes"]["Y"] for e in data["effects"]] == [6, 8, 15, 0]


# ---------------------------------------------------------------- bad input: one error line, file untouched


@pytest.mark.parametrize("fields, message", [
    (["bidder=A", "bid=15", "made=8"], "bid: must be a whole number from 0 to 14, got 15"),
    (["bidder=A", "bid=8", "made=15"], "made: must be a whole number from 0 to 14, got 15"),
    (["bidder=A", "bid=8", "made=10", "against=6"], "against: made 10 + against 6 = 16, more than the 14"),
    (["bidder=A", "bid=8", "made=10", "against=3"], "made 10 + against 3 = 13, but all 14 points"),
    (["bidder=Q", "bid=8", "made=10"], "bidder: 'Q' is not at the table"),
    (["bid=8", "made=10"], "bidder is missing"),
    (["bidder=A", "bid=0", "made=10"], "bidder: bid=0 means nobody bid and the dealer (Y) named"),
    (["bidder=A", "bid=8"], "made is missing"),
    (["bidder=A", "bid=8", "took=AH"], "trump is missing"),
    (["bidder=A", "bid=8", "took=7H", "trump=H"], "took: 7H is not a counting card with hearts trumps"),
    (["bidder=A", "bid=8", "took=AH", "discards=AH", "trump=H"], "discards: AH is also in took"),
    (["bidder=A", "bid=8", "took=AH", "made=1", "trump=H"], "give either made/against or the cards"),
    (["bidder=A", "bid=8", "pack=AH", "trump=H"], "pack: counting cards are left in the pack only"),
    (["bidder=A", "bid=8", "made=8", "revoke=Q"], "revoke: 'Q' is not at the table"),
    (["bidder=A", "bid=8", "made=8", "trump=X"], "trump: not a suit"),
])
def test_bad_hands_are_refused_and_nothing_is_written(cli, fields, message):
    cli.new("x", "cinch", PLAYERS)
    cli.ok("hand", "x", "bidder=A", "bid=8", "made=10")
    r = cli.refused("x", "hand", "x", *fields)
    assert message in r.stderr, r.stderr


def test_cinch_needs_four_players(cli):
    r = cli("new", "x", "--game", "cinch", "--players", "A,B,C")
    assert r.exit_code != 0 and "cinch is played by 4 players, got 3" in r.stderr


# ---------------------------------------------------------------- the other forms


def test_sixty_three_counts_63_and_plays_to_150(cli):
    cli.new("x", "sixty-three", PLAYERS)
    # the bidder's side took King (25), trey (15), High and Low: 42 against 21
    cli.ok("hand", "x", "bidder=A", "bid=30", "took=KS,3S,AS,2S", "trump=S")
    assert cli.json("show", "x")["scores"]["A"] == 21
    cli.ok("hand", "x", "bidder=Y", "bid=40", "made=35")   # set: A-B 28 + 40
    data = cli.json("show", "x")
    assert data["scores"]["A"] == 21 + 68
    assert data["columns"]["to go"]["A"] == 150 - 89
    r = cli("hand", "x", "bidder=A", "bid=64", "made=40")
    assert "bid: must be a whole number from 0 to 63, got 64" in r.stderr


def test_sixty_three_refuses_the_eight_rule(cli):
    r = cli("new", "x", "--game", "sixty-three", "--players", PLAYERS, "--rule", "scoring=eight")
    assert r.exit_code != 0 and "scoring: must be one of deduct, setback" in r.stderr


def test_auction_partner_side_scores_each_member_and_winner_is_paid_by_each_other(cli):
    cli.new("x", "cinch-auction", "A,B,C,D,E")
    # The book's example: C bids 8 in clubs and calls the club King (held by E)
    cli.ok("hand", "x", "bidder=C", "bid=8", "partner=E", "made=11", "trump=C")
    assert cli.json("show", "x")["scores"] == {"A": 0, "B": 0, "C": 8, "D": 0, "E": 8}
    cli.ok("hand", "x", "bidder=A", "bid=6", "made=4")  # alone and set: the other four score 10 + 6
    assert cli.json("show", "x")["scores"] == {"A": 0, "B": 16, "C": 24, "D": 16, "E": 24}
    for _ in range(2):
        cli.ok("hand", "x", "bidder=C", "bid=10", "partner=B", "made=14")
    data = cli.json("show", "x")
    # C and B both reach the game on one deal, C 52 and B 44: C, the bidder, goes out
    assert data["games_won"] == {"A": 0, "B": 0, "C": 1, "D": 0, "E": 0}
    money = cli.json("settle", "x")
    assert money["balances"] == {"A": -1, "B": -1, "C": 4, "D": -1, "E": -1}


def test_auction_partner_not_at_the_table(cli):
    cli.new("x", "cinch-auction", "A,B,C,D,E")
    before = cli.file("x").read_bytes()
    r = cli("hand", "x", "bidder=C", "bid=8", "partner=Q", "made=11")
    assert r.exit_code != 0 and "partner: 'Q' is not at the table" in r.stderr
    assert cli.file("x").read_bytes() == before


def test_solo_scoring_each_deduct_setback():
    taken = {"A": 9, "B": 5}
    assert score_solo("each", 8, "A", taken)[0] == {"A": 9, "B": 5}
    assert score_solo("deduct", 8, "A", taken)[0] == {"A": 4, "B": 0}
    assert score_solo("deduct", 10, "A", taken)[0] == {"A": 0, "B": 15}  # as the four-handed law
    assert score_solo("setback", 10, "A", taken)[0] == {"A": -10, "B": 5}
    three = {"A": 6, "B": 5, "C": 3}
    assert score_solo("each", 8, "A", three)[0] == {"A": 0, "B": 13, "C": 11}
    assert score_solo("deduct", 8, "A", three)[0] == {"A": 0, "B": 13, "C": 11}  # set: no deduction
    assert score_solo("deduct", 6, "A", three)[0] == {"A": 1, "B": 0, "C": 0}
    assert score_solo("each", 8, "A", three, penalised=["B"], revoked=["B"])[0] == {"A": 6, "B": 0, "C": 3}


def test_two_handed_deduct_is_the_partnership_law():
    for bid in range(0, 15):
        for made in range(0, 15):
            solo = score_solo("deduct", bid, "A", {"A": made, "B": 14 - made})[0]
            pair = score_deal("deduct", bid, made, 14 - made)
            assert (solo["A"], solo["B"]) == (pair.bidders, pair.adversaries)


def test_cli_three_handed(cli):
    cli.new("x", "cinch-solo", "Ann,Bob,Cid")
    cli.ok("hand", "x", "bidder=Ann", "bid=6", "Ann=8", "Bob=4", "Cid=2")
    assert cli.json("show", "x")["scores"] == {"Ann": 8, "Bob": 4, "Cid": 2}
    r = cli("hand", "x", "bidder=Ann", "bid=6", "Ann=8", "Bob=4")
    assert r.exit_code != 0 and "must add up to 14" in r.stderr


# ---------------------------------------------------------------- invariants of the each-for-himself forms

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 14), st.integers(0, 14), st.integers(0, 4), st.integers(0, 4)),
                max_size=25),
       st.sampled_from(["deduct", "setback", "eight"]))
def test_auction_balances_sum_to_zero(hands, scoring):
    from scorekeeper.games import get_game
    from scorekeeper.model import Hand, Session

    players = ("A", "B", "C", "D", "E")
    game = get_game("cinch-auction")
    logged = tuple(Hand({"bidder": players[b], "partner": players[p], "bid": bid, "made": made})
                   for bid, made, b, p in hands)
    session = Session("p", game.name, players, game.resolve_rules({"scoring": scoring, "game": 25}, players),
                      hands=logged)
    standings = game.replay(session)
    assert sum(standings.balances.values()) == 0
    for p in players:
        assert standings.balances[p] == 5 * standings.games_won[p] - sum(standings.games_won.values())


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 14), st.integers(0, 14), st.integers(0, 14)), max_size=25),
       st.sampled_from(["each", "deduct", "setback"]))
def test_three_handed_balances_sum_to_zero(hands, scoring):
    from scorekeeper.games import get_game
    from scorekeeper.model import Hand, Session

    players = ("Ann", "Bob", "Cid")
    game = get_game("cinch-solo")
    logged = []
    for bid, ann, bob in hands:
        bob = min(bob, 14 - ann)
        logged.append(Hand({"bidder": "Bob", "bid": bid, "Ann": ann, "Bob": bob, "Cid": 14 - ann - bob}))
    session = Session("p", game.name, players, game.resolve_rules({"scoring": scoring, "game": 30}, players),
                      hands=tuple(logged))
    standings = game.replay(session)
    assert sum(standings.balances.values()) == 0
    for p in players:
        assert standings.balances[p] == 3 * standings.games_won[p] - sum(standings.games_won.values())


# ---------------------------------------------------------------- reaching the game together, no bid, revokes, Sixty-three's game


def test_auction_adversaries_of_a_set_bidder_reach_the_game_together_and_share_it(cli):
    # A plays alone and is set three times: B C D E score 12 taken + 6 bid = 18 each deal and
    # all reach 54 on the third. Before the fix nobody won and the game ran on past 51.
    cli.new("x", "cinch-auction", "A,B,C,D,E")
    for _ in range(3):
        cli.ok("hand", "x", "bidder=A", "bid=6", "made=2")
    data = cli.json("show", "x")
    assert data["games_won"] == {"A": 0, "B": 1, "C": 1, "D": 1, "E": 1}
    assert data["scores"] == {p: 0 for p in "ABCDE"}
    assert "B, C, D, E reach the game together and share it" in data["effects"][2]["notes"][0]
    money = cli.json("settle", "x")
    # each of the others (A) pays each winner the stake
    assert money["balances"] == {"A": -4, "B": 1, "C": 1, "D": 1, "E": 1}


def test_auction_the_higher_score_goes_out_first_among_adversaries(cli):
    cli.new("x", "cinch-auction", "A,B,C,D,E")
    cli.ok("hand", "x", "bidder=B", "bid=6", "made=8")            # B alone: +2
    for _ in range(3):
        cli.ok("hand", "x", "bidder=A", "bid=6", "made=2")        # B 56, C D E 54
    assert cli.json("show", "x")["games_won"] == {"A": 0, "B": 1, "C": 0, "D": 0, "E": 0}


def test_three_handed_two_players_level_at_the_game_share_it(cli):
    cli.new("x", "cinch-solo", "Ann,Bob,Cid", stake="1")
    for _ in range(3):   # Ann bids 10 and takes 4: Bob and Cid score 5 + 10 each, 45
        cli.ok("hand", "x", "bidder=Ann", "bid=10", "Ann=4", "Bob=5", "Cid=5")
    cli.ok("hand", "x", "bidder=Ann", "bid=10", "Ann=4", "Bob=5", "Cid=5")   # both reach 60
    data = cli.json("show", "x")
    assert data["games_won"] == {"Ann": 0, "Bob": 1, "Cid": 1}
    money = cli.json("settle", "x")
    assert money["balances"] == {"Ann": -2, "Bob": 1, "Cid": 1}


def test_setback_a_b_want_15_y_z_want_2_a_b_bid_12_and_make_it_y_z_sweat_out(cli):
    # SCORING, the old way: "Again: A-B want 15, Y-Z want 2. Even if A-B can bid 12 and make
    # it, Y-Z will sweat out."
    cli.new("x", "cinch", PLAYERS, "scoring=setback")
    cli.ok("hand", "x", "bidder=Y", "bid=14", "made=13")             # Y-Z set back 14, A-B 1
    for _ in range(4):
        cli.ok("hand", "x", "bidder=Y", "bid=14", "made=14")         # Y-Z 42
    cli.ok("hand", "x", "bidder=A", "bid=7", "made=7")               # A-B 8, Y-Z 49
    for _ in range(2):
        cli.ok("hand", "x", "bidder=A", "bid=14", "made=14")         # A-B 36
    assert cli.json("show", "x")["columns"]["to go"] == {"A": 15, "Y": 2, "B": 15, "Z": 2}
    cli.ok("hand", "x", "bidder=A", "bid=12", "made=12")
    data = cli.json("show", "x")
    assert data["effects"][-1]["changes"] == {"A": 12, "Y": 2, "B": 12, "Z": 2}
    assert data["games_won"] == {"A": 0, "Y": 1, "B": 0, "Z": 1}


@pytest.mark.parametrize("scoring", ["deduct", "setback", "eight"])
def test_no_bid_the_dealers_side_is_never_set_under_any_scoring(scoring):
    # "If no bid is made, the dealer may name any suit he pleases, without bidding": there is
    # no bid to fail, so the adversaries never add a bid and the dealer's side never goes back.
    for made in range(15):
        r = score_deal(scoring, 0, made, 14 - made)
        assert r.bidders >= 0
        assert r.adversaries <= 14 - made


def test_the_revoke_example_through_the_cli_and_a_partner_of_the_bidder_revoking(cli):
    cli.new("x", "cinch", PLAYERS)
    # "A has bid nine; and Y revokes. A-B make eight only, which they score, Y-Z scoring nothing."
    cli.ok("hand", "x", "bidder=A", "bid=9", "made=8", "revoke=Y")
    assert cli.json("show", "x")["effects"][0]["changes"] == {"A": 8, "Y": 0, "B": 0 + 8, "Z": 0}
    # B (the bidder's partner) revokes: A-B score nothing, Y-Z all they took (no deduction)
    cli.ok("hand", "x", "bidder=A", "bid=6", "made=10", "revoke=B")
    assert cli.json("show", "x")["effects"][1]["changes"] == {"A": 0, "Y": 4, "B": 0, "Z": 4}


def test_sixty_three_game_is_150(cli):
    cli.new("x", "sixty-three", PLAYERS)
    for _ in range(2):
        cli.ok("hand", "x", "bidder=A", "bid=63", "made=63")
    data = cli.json("show", "x")
    assert data["scores"]["A"] == 126 and data["games_won"]["A"] == 0
    assert data["columns"]["to go"]["A"] == 24
    cli.ok("hand", "x", "bidder=Y", "bid=20", "made=40")              # Y-Z 40 - 23 = 17: not out
    cli.ok("hand", "x", "bidder=A", "bid=20", "made=48")              # A-B 48 - 15 = 33: 159, out
    assert cli.json("show", "x")["games_won"] == {"A": 1, "Y": 0, "B": 1, "Z": 0}


def test_solo_revoke_is_named_in_the_hands_effect(cli):
    cli.new("s", "cinch-solo", "Ann,Bob,Cid")
    out = cli.ok("hand", "s", "bidder=Bob", "bid=8", "Ann=14", "revoke=Ann").stdout
    assert out.splitlines()[0] == ("hand 1: Bob bid 8; took Ann 14, Bob 0, Cid 0; Ann revoked: scores "
                                   "nothing: nobody scores (each scores what he took)")


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
                    "side_out=share", code=2)
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
