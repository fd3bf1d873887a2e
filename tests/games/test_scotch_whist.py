"""Scotch Whist (Catch the Ten) and French Whist: the book's hand, cards, tie order, revokes."""

from __future__ import annotations

from typing import Any, Dict, List, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.model import Hand, Session

BOOK_TABLE = ("A", "Y", "B", "Z")  # the book's illustrative hand: A-B partners against Y-Z


def replay(hands: List[Dict[str, Any]], players: Sequence[str] = BOOK_TABLE,
           game: str = "scotch-whist", **rules: Any):
    g = get_game(game)
    session = Session(name="t", game=game, players=tuple(players),
                      rules=g.resolve_rules(rules, players), hands=tuple(Hand(h) for h in hands))
    return g.replay(session)


# The illustrative hand, trick by trick (hearts trumps): B wins the Jack (trick 9), the King
# (trick 8) and the Ten (Y's, trick 9); A wins the Ace and the Queen (trick 7). A-B take
# tricks 2, 7, 8, 9 (16 cards); Y-Z tricks 1, 3, 4, 5, 6 (20 cards).
BOOK_HAND = {"jack": "B", "ace": "A", "king": "B", "queen": "A", "ten": "B", "Y": 20}


def test_illustrative_hand_a_b_win_30_by_honours_y_z_2_by_cards():
    st_ = replay([BOOK_HAND])
    assert st_.scores == {"A": 30, "Y": 2, "B": 30, "Z": 2}
    assert "Y-Z 2 for cards" in st_.effects[0].summary


def test_book_card_count_four_players_eight_tricks_score_fourteen():
    hand = dict(BOOK_HAND, Y=4)  # Y-Z take one trick; A-B eight tricks, 32 cards: 32 - 18 = 14
    st_ = replay([hand])
    assert st_.effects[0].changes == {"A": 30 + 14, "Y": 0, "B": 44, "Z": 0}
    assert st_.games_won["A"] == 1  # 44: out on the Jack, counted last


def test_book_card_count_five_players_fifteen_and_ten_score_eight_and_three():
    players = ("P", "Q", "R", "S", "T")
    hand = {"P": 15, "Q": 10, "R": 5, "S": 5, "T": 0,
            "jack": "R", "ace": "R", "king": "S", "queen": "S", "ten": "R"}
    st_ = replay([hand], players)
    assert st_.effects[0].changes == {"P": 8, "Q": 3, "R": 25, "S": 5, "T": 0}


def test_one_side_or_player_may_be_left_out_and_took_the_rest():
    st_ = replay([{"P": 12, "Q": 12, "jack": "P", "ace": "P", "king": "Q", "queen": "R",
                   "ten": "R"}], ("P", "Q", "R"))
    assert st_.scores == {"P": 15, "Q": 3, "R": 12}


def test_two_players_are_dealt_eighteen_each():
    st_ = replay([{"P": 22, "jack": "P", "ace": "P", "king": "P", "queen": "P", "ten": "Q"}],
                 ("P", "Q"))
    assert st_.scores == {"P": 4 + 20, "Q": 10}


# ---------------------------------------------------------------- the tie order


def count_out(start, players=BOOK_TABLE, dealer=None, **counts):
    """The pure counting of one deal from a given score (sides: 0 = A-B, 1 = Y-Z)."""
    g = get_game("scotch-whist")
    session = Session(name="t", game="scotch-whist", players=tuple(players),
                      rules=g.resolve_rules({}, players))
    counts.setdefault("cards", [0] * len(start))
    score, winner, _ = g.count_out(tuple(start), counts, session, dealer or players[0])
    return winner, score


def test_the_ten_counts_out_first():
    # both at 35: the Jack would put A-B out, but Y-Z's Ten counts first
    assert count_out((35, 35), ten=1, cards=[0, 8], ace=0, king=0, queen=0, jack=0)[0] == 1


def test_cards_count_out_before_ace_king_queen_and_jack():
    assert count_out((25, 35), ten=0, cards=[0, 6], ace=0, king=0, queen=0, jack=0)[0] == 1


def test_ace_counts_out_before_the_jack():
    assert count_out((25, 38), ten=0, ace=1, king=0, queen=0, jack=0)[0] == 1


def test_king_counts_out_before_the_queen():
    assert count_out((39, 25), ten=1, ace=1, king=0, queen=1, jack=1)[0] == 0


def test_queen_counts_out_before_the_jack_which_counts_last():
    winner, score = count_out((39, 20), ten=1, ace=1, king=1, queen=0, jack=1)
    assert winner == 0
    assert score == (41, 37)  # the Jack is never counted: the game is over


def test_two_players_out_by_cards_at_once_the_higher_score_wins_then_the_eldest_hand():
    three = ("P", "Q", "R")
    assert count_out((35, 35, 0), three, ten=2, cards=[6, 8, 0], ace=2, king=2, queen=2,
                     jack=2)[0] == 1
    # equal: P deals, so Q (on his left) is the eldest hand; R deals, so P is
    assert count_out((35, 35, 0), three, "P", ten=2, cards=[6, 6, 0], ace=2, king=2, queen=2,
                     jack=2)[0] == 1
    assert count_out((35, 35, 0), three, "R", ten=2, cards=[6, 6, 0], ace=2, king=2, queen=2,
                     jack=2)[0] == 0


def test_tie_order_through_the_command_path():
    # Two players: 32 each after two deals; then Q's Ten (42) beats P's Jack and Ace (47).
    players = ("P", "Q")
    hands = [{"P": 20, "ten": "P", "jack": "P", "ace": "Q", "king": "Q", "queen": "Q"},
             {"Q": 20, "ten": "Q", "jack": "Q", "ace": "P", "king": "P", "queen": "P"}]
    st_ = replay(hands, players)
    assert st_.scores == {"P": 32, "Q": 32}
    last = {"P": 18, "ten": "Q", "jack": "P", "ace": "P", "king": "P", "queen": "P"}
    st_ = replay(hands + [last], players)
    assert st_.games_won == {"P": 0, "Q": 1}
    assert st_.effects[-1].scores == {"P": 32, "Q": 42}  # counting stopped at the Ten
    assert st_.effects[-1].notes == ("Q wins the game with 42 (P 32)",)
    assert st_.scores == {"P": 0, "Q": 0}
    assert st_.balances == {"P": -1, "Q": 1}


# ---------------------------------------------------------------- revokes


def test_revoke_ends_the_game_lost_by_the_revoking_side():
    st_ = replay([BOOK_HAND, {"revoke": "Z"}])
    assert st_.games_won == {"A": 1, "Y": 0, "B": 1, "Z": 0}
    assert st_.balances == {"A": 1, "Y": -1, "B": 1, "Z": -1}
    assert st_.scores == {"A": 0, "Y": 0, "B": 0, "Z": 0}


def test_revoke_paid_by_the_individual_in_fault():
    st_ = replay([{"revoke": "Z"}], revoke_paid_by="player")
    assert st_.balances == {"A": 1, "Y": 0, "B": 1, "Z": -2}


def test_revoke_by_a_single_player_pays_each_other_player():
    st_ = replay([{"revoke": "Q"}], ("P", "Q", "R"))
    assert st_.balances == {"P": 1, "Q": -2, "R": 1}


def test_game_won_alone_is_paid_by_each_loser():
    st_ = replay([{"P": 36, "Q": 0, "jack": "P", "ace": "P", "king": "P", "queen": "P", "ten": "P"}],
                 ("P", "Q", "R"))
    assert st_.games_won == {"P": 1, "Q": 0, "R": 0}
    assert st_.balances == {"P": 2, "Q": -1, "R": -1}


# ---------------------------------------------------------------- French Whist


def test_french_whist_ten_of_diamonds_counts_ten():
    hand = dict(BOOK_HAND, diamond_ten="Y")
    st_ = replay([hand], game="french-whist")
    assert (st_.scores["A"], st_.scores["Y"]) == (30, 12)


def test_french_whist_with_diamonds_trumps_the_ten_counts_once():
    st_ = replay([dict(BOOK_HAND, trumps="D")], game="french-whist")
    assert (st_.scores["A"], st_.scores["Y"]) == (30, 2)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("game, args, message", [
    ("scotch-whist", ["A=15", "jack=A", "ace=A", "king=A", "queen=A", "ten=A"],
     "error: hand 1: A: cards come in whole tricks of 4, got 15"),
    ("scotch-whist", ["A=40", "jack=A", "ace=A", "king=A", "queen=A", "ten=A"],
     "error: A: must be a whole number from 0 to 36, got 40"),
    ("scotch-whist", ["A=16", "B=20", "jack=A", "ace=A", "king=A", "queen=A", "ten=A"],
     "error: hand 1: B: B and A are partners but B=20 and A=16 differ"),
    ("scotch-whist", ["A=16", "Y=16", "jack=A", "ace=A", "king=A", "queen=A", "ten=A"],
     "error: hand 1: A: the cards taken add up to 32, but 36 are in play"),
    ("scotch-whist", ["A=16", "jack=A", "ace=A", "king=A", "queen=A"],
     "error: hand 1: ten is missing: who won the Ten of trumps"),
    ("scotch-whist", ["A=16", "jack=Q", "ace=A", "king=A", "queen=A", "ten=A"],
     "error: jack: 'Q' is not at the table"),
    ("scotch-whist", ["A=0", "jack=A", "ace=Y", "king=Y", "queen=Y", "ten=Y"],
     "error: hand 1: jack: A won the Jack but A-B took no cards in tricks"),
    ("french-whist", ["A=16", "jack=A", "ace=A", "king=A", "queen=A", "ten=A"],
     "error: hand 1: diamond_ten is missing"),
    ("french-whist", ["A=16", "jack=A", "ace=A", "king=A", "queen=A", "ten=A", "trumps=D",
                      "diamond_ten=Y"],
     "error: hand 1: diamond_ten: with diamonds trumps the Ten of Diamonds is the trump Ten"),
])
def test_mistakes_are_one_clear_error_and_nothing_written(cli, game, args, message):
    cli.new("s", game, ",".join(BOOK_TABLE))
    r = cli.refused("s", "hand", "s", *args)
    assert r.stderr.startswith(message), r.stderr


def test_individual_play_needs_all_but_one_players_cards(cli):
    cli.new("s", "scotch-whist", "P,Q,R")
    r = cli("hand", "s", "P=12", "jack=P", "ace=P", "king=P", "queen=P", "ten=P")
    assert r.exit_code == 1
    assert "the cards taken are missing for Q, R" in r.stderr


def test_six_players_are_refused(cli):
    r = cli("new", "s", "--game", "scotch-whist", "--players", "P,Q,R,S,T,U")
    assert r.exit_code == 2 and "played by 2 to 5 players, got 6" in r.stderr


# ---------------------------------------------------------------- invariants


@st.composite
def scotch_hands(draw, players: Sequence[str]):
    n = len(players)
    sides = 2 if n == 4 else n
    if draw(st.integers(0, 9)) == 0:
        return {"revoke": draw(st.sampled_from(players))}
    tricks = (7 if n == 5 else 36 // n)
    # split the tricks among the sides
    cuts = sorted(draw(st.lists(st.integers(0, tricks), min_size=sides - 1, max_size=sides - 1)))
    bounds = [0] + cuts + [tricks]
    taken = [bounds[i + 1] - bounds[i] for i in range(sides)]
    winners = [i for i in range(sides) if taken[i]]
    hand: Dict[str, Any] = {players[i]: taken[i] * n for i in range(sides)}
    for honour in ("jack", "ace", "king", "queen", "ten"):
        hand[honour] = players[draw(st.sampled_from(winners))]
    return hand


@pytest.mark.slow  # a property test of more than half a second: the full suite runs it
@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from([("P", "Q"), ("P", "Q", "R"), BOOK_TABLE,
                                   ("P", "Q", "R", "S", "T")]),
       st.sampled_from(["side", "player"]))
def test_balances_are_zero_sum(data, players, paid_by):
    hands = data.draw(st.lists(scotch_hands(players), max_size=15))
    st_ = replay(hands, players, revoke_paid_by=paid_by)
    assert sum(st_.balances.values()) == 0
    assert all(0 <= s < 41 for s in st_.scores.values())
    n = len(players)
    if n != 4:
        # independent: each game won is paid by every other player, each revoke to every other
        wins = st_.games_won
        revokes = [h["revoke"] for h in hands if "revoke" in h]
        for p in players:
            won_outright = wins[p] - sum(1 for r in revokes if r != p)
            lost = sum(1 for q in players if q != p for _ in range(wins[q] - sum(1 for r in revokes if r != q)))
            expect = won_outright * (n - 1) - lost + sum(1 for r in revokes if r != p) \
                - sum(n - 1 for r in revokes if r == p)
            assert st_.balances[p] == expect


def test_example_sitting_replays_to_its_figures():
    from scorekeeper import ledger
    from tests.conftest import SESSIONS

    r = ledger.open_session(SESSIONS / "scotch-whist-catch-the-ten.yaml")
    st_ = r.standings
    assert st_.effects[0].scores == {"A": 30, "Y": 2, "B": 30, "Z": 2}  # the book's hand
    assert st_.effects[0].dealer == "Z"  # "Z deals and turns heart 8"
    assert st_.effects[1].notes == ("A-B win the game with 42 (Y-Z 2)",)
    assert st_.effects[3].notes == ("Y-Z win the game with 43 (A-B 3)",)
    assert st_.games_won == {"A": 2, "Y": 1, "B": 2, "Z": 1}
    assert st_.balances == {"A": 1, "Y": -1, "B": 1, "Z": -1}
    assert ledger.settlement(r).money_cents == {"A": 50, "Y": -50, "B": 50, "Z": -50}


def test_revoke_deal_counts_nothing_else_and_says_so():
    st_ = replay([BOOK_HAND, dict(BOOK_HAND, revoke="A")])
    assert st_.effects[-1].notes == (
        "the revoke ends the game: A-B lose it",
        "the deal's cards and honours are not counted: the revoke ends the game")
    assert st_.games_won == {"A": 0, "Y": 1, "B": 0, "Z": 1}
    st_ = replay([{"revoke": "A"}], revoke_paid_by="player")
    assert st_.effects[-1].notes == ("the revoke ends the game: A pays each opponent a game",)


# ---------------------------------------------------------------- the cards in the summary, names, a revoke by two


def test_book_card_count_is_fourteen_for_cards_in_the_summary():
    # "If at the end of the hand they have taken in eight tricks, or thirty-two cards, they
    # score 14 points toward game": the figure itself, not only the total it makes.
    st_ = replay([dict(BOOK_HAND, Y=4)])
    assert "A-B 14 for cards" in st_.effects[0].summary
    assert "Y-Z" not in st_.effects[0].summary  # four cards, far below the eighteen dealt


@pytest.mark.parametrize("game, name", [("scotch-whist", "jack"), ("scotch-whist", "ten"),
                                        ("french-whist", "trumps"), ("scotch-whist", "revoke")])
def test_a_player_named_like_a_hand_field_is_refused(cli, game, name):
    # Players jack, jill, tom: `jack=12` could never be jack's cards, and `jack=jack` was read
    # as his cards: a traceback. Refused when the sitting is created; nothing written.
    r = cli.refused("s", "new", "s", "--game", game, "--players", f"{name},jill,tom", code=2)
    assert r.stderr.strip() == (f"error: a player may not be called {name!r} in {game}: "
                                f"{name}= is a hand field; give him another name")
    assert not cli.file("s").exists()


def test_a_player_called_jack_with_a_capital_is_refused_too(cli):
    # one rule for names, whatever the case (Jack=12 and jack=Jack side by side misread)
    r = cli.refused("s", "new", "s", "--game", "scotch-whist", "--players", "Jack,Jill,Tom", code=2)
    assert r.stderr == ("error: a player may not be called 'Jack' in scotch-whist: jack= is a hand "
                        "field; give him another name\n")


def test_a_revoke_by_two_players_is_one_clear_error(cli):
    cli.new("s", "scotch-whist", ",".join(BOOK_TABLE))
    r = cli.refused("s", "hand", "s", "revoke=A,Y")
    assert r.stderr.strip() == ("error: revoke: one player only, got 'A,Y': the first revoke "
                                "claimed ends the game (for example revoke=A)")


def test_a_game_replaying_other_sittings_in_turn_scores_each_as_a_fresh_game_would():
    """A game keeps the deals it has scored for its sitting only (games/whist/table.py): a
    sitting with other rules or other players, replayed by the same game, is scored afresh."""
    hands = [BOOK_HAND, {"revoke": "A"}, dict(BOOK_HAND, Y=4), {"revoke": "Y"}] * 3
    # each differs from the one before it in its players or in one rule
    sittings = [(BOOK_TABLE, {}), (("A", "Y", "B", "W"), {}), (BOOK_TABLE, {}),
                (BOOK_TABLE, {"revoke_paid_by": "player"}), (BOOK_TABLE, {"first_dealer": "B"}),
                (BOOK_TABLE, {})]
    g = get_game("scotch-whist")
    for players, rules in sittings:
        session = Session(name="t", game="scotch-whist", players=players,
                          rules=g.resolve_rules(rules, players), hands=tuple(Hand(h) for h in hands))
        assert g.replay(session) == get_game("scotch-whist").replay(session)
