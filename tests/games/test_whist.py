"""Short Whist and Long Whist: the book's points, the worked rubber, honours, revokes, errors."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.model import Hand, ScorekeeperError, Session

PLAYERS = ("Ann", "Bob", "Cid", "Dan")  # Ann-Cid against Bob-Dan


def replay(hands: List[Dict[str, Any]], game: str = "short-whist", **rules: Any):
    g = get_game(game)
    session = Session(name="t", game=game, players=PLAYERS, rules=g.resolve_rules(rules, PLAYERS),
                      hands=tuple(Hand(h) for h in hands))
    return g.replay(session)


def score(st_) -> tuple:
    return st_.scores["Ann"], st_.scores["Bob"]


# ---------------------------------------------------------------- the book's worked rubber (§ 78)


BOOK_RUBBER = [
    # game 1 won 5 to 4: the points are 1 to love
    {"Ann": 10}, {"Bob": 10}, {"Ann": 7},
    # game 2 won by the opposite side 5 to 1: the points are 1 to 2
    {"Ann": 7}, {"Bob": 11},
    # game 3 won by the side that won the first, 5 to love: 6 to 2, a balance of 4
    {"Ann": 11},
]


def test_book_worked_rubber_is_six_to_two_a_balance_of_four():
    st_ = replay(BOOK_RUBBER[:3])
    assert st_.extra_json["rubber_games"] == [{"winner": "Ann-Cid", "score": [5, 4], "value": 1}]
    st_ = replay(BOOK_RUBBER[:5])
    assert [g["value"] for g in st_.extra_json["rubber_games"]] == [1, 2]
    assert st_.extra_json["rubber_games"][1]["score"] == [5, 1]
    st_ = replay(BOOK_RUBBER)
    (rubber,) = st_.extra_json["rubbers"]
    assert rubber["points"] == {"Ann-Cid": 6, "Bob-Dan": 2}
    assert rubber["balance"] == 4
    assert st_.balances == {"Ann": 4, "Bob": -4, "Cid": 4, "Dan": -4}
    assert "Ann-Cid win the rubber: 6 to 2, a balance of 4" in st_.effects[-1].notes


def test_book_worked_rubber_settles_each_loser_paying_a_winner(cli):
    cli.new("r", "short-whist", ",".join(PLAYERS), stake="0.05")
    for hand in BOOK_RUBBER:
        (name, tricks), = hand.items()
        cli.ok("hand", "r", f"{name}={tricks}")
    data = cli.json("settle", "r")
    assert data["balances"] == {"Ann": 4, "Bob": -4, "Cid": 4, "Dan": -4}
    transfers = data["transfers"]
    assert sorted(t["from"] for t in transfers) == ["Bob", "Dan"]
    assert sorted(t["to"] for t in transfers) == ["Ann", "Cid"]
    assert [t["amount"] for t in transfers] == ["0.20", "0.20"]  # decimal strings (issue 14)


# ---------------------------------------------------------------- single, double, triple


@pytest.mark.parametrize("losers, value", [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_game_value_is_judged_by_the_losers_score(losers, value):
    hands = ([{"Bob": 6 + losers}] if losers else []) + [{"Ann": 11}]
    st_ = replay(hands)
    assert st_.extra_json["rubber_games"] == [
        {"winner": "Ann-Cid", "score": [5, losers], "value": value}]
    assert st_.balances["Ann"] == value and st_.balances["Bob"] == -value


@pytest.mark.parametrize("game, target", [("short-whist", 5), ("long-whist", 10)])
def test_the_wilful_mixing_up_of_the_cards_loses_the_game(game, target):
    # law xvi's note: "The wilful mixing up of the cards in such case loses the game": Bob-Dan
    # at 2 (Bob's side took 8 tricks) lose the game Dan mixed up, a double (the losers have 2)
    st_ = replay([{"Bob": 8}, {"forfeit": "Dan"}], game)
    assert st_.extra_json["rubber_games"] == [{"winner": "Ann-Cid", "score": [target, 2], "value": 2}]
    assert st_.effects[-1].summary == "Bob-Dan lose the game by law (Dan mixed up the cards)"
    assert st_.scores == {p: 0 for p in PLAYERS}  # the next game starts at love
    assert st_.balances["Ann"] == 2 and st_.balances["Dan"] == -2
    # a game lost by law counts toward the rubber as any game: two of them win it
    st_ = replay([{"forfeit": "Bob"}, {"forfeit": "Dan"}], game)
    (rubber,) = st_.extra_json["rubbers"]
    assert rubber["points"] == {"Ann-Cid": 3 + 3 + 2, "Bob-Dan": 0}  # two triples and the rubber


def test_points_beyond_five_in_the_winning_deal_are_lost():
    st_ = replay([{"Ann": 13}])
    assert st_.effects[0].scores["Ann"] == 5
    assert st_.effects[0].changes["Ann"] == 5


def test_a_bumper_is_eight_points():
    st_ = replay([{"Ann": 11}, {"Ann": 11}])
    assert st_.extra_json["rubbers"][0]["balance"] == 8


# ---------------------------------------------------------------- honours


def test_honours_score_four_or_two_to_their_holders():
    assert score(replay([{"Bob": 7, "honours": "Cid:4"}])) == (4, 1)
    assert score(replay([{"Bob": 7, "honours": "Dan:3"}])) == (0, 3)


def test_side_at_four_cannot_count_honours():
    st_ = replay([{"Ann": 10}, {"Bob": 7, "honours": "Ann:4"}])
    assert score(st_) == (4, 1)
    assert "honours not counted: Ann-Cid are at 4" in st_.effects[-1].notes


def test_honours_can_win_the_game_when_not_at_four():
    st_ = replay([{"Ann": 9}, {"Bob": 7, "honours": "Cid:4"}])  # 3, then 1 to B, 3 + 4 = 7
    assert st_.extra_json["rubber_games"] == [{"winner": "Ann-Cid", "score": [5, 1], "value": 2}]


def test_tricks_score_before_honours_foster_example():
    # Foster: A-B three to nothing; A-B two by honours, Y-Z three by cards: Y-Z mark first,
    # so A-B win only a single instead of a treble.
    st_ = replay([{"Ann": 9}, {"Bob": 9, "honours": "Ann:3"}])
    assert st_.extra_json["rubber_games"][0] == {"winner": "Ann-Cid", "score": [5, 3], "value": 1}
    # ... and should A-B make two by cards, Y-Z claiming four by honours, A-B win a treble.
    st_ = replay([{"Ann": 9}, {"Ann": 8, "honours": "Bob:4"}])
    assert st_.extra_json["rubber_games"][0] == {"winner": "Ann-Cid", "score": [5, 0], "value": 3}
    assert "honours not counted: Ann-Cid won the game by tricks first" in st_.effects[-1].notes


# ---------------------------------------------------------------- revokes (law xv)


def test_revoke_takes_three_tricks_from_the_revoking_side():
    st_ = replay([{"Ann": 8, "revoke": "Cid"}])  # 8 - 3 = 5 for Ann-Cid, 8 for Bob-Dan
    assert score(st_) == (0, 2)


def test_revoke_penalty_score_adds_three_to_the_other_side():
    st_ = replay([{"Ann": 8, "revoke": "Cid"}], revoke_penalty="score")
    assert score(st_) == (2, 3)


def test_revoke_penalty_score_counts_before_tricks():
    st_ = replay([{"Bob": 8}, {"Ann": 9, "revoke": "Bob"}], revoke_penalty="score")
    # Ann-Cid at 0 take three for the revoke, then three by cards: out 5 to 2 (a double)
    assert st_.extra_json["rubber_games"][0] == {"winner": "Ann-Cid", "score": [5, 2], "value": 2}


def test_revoking_side_cannot_score_out_in_that_deal():
    st_ = replay([{"Ann": 10}, {"Ann": 11, "revoke": "Ann"}])  # 4, then 8 - 6 = 2 more: stays 4
    assert score(st_) == (4, 0)
    assert any("cannot score out" in n for n in st_.effects[-1].notes)
    st_ = replay([{"Ann": 9}, {"Ann": 12, "revoke": "Ann"}], revoke_penalty="score")
    assert score(st_) == (4, 3)
    assert st_.extra_json["rubber_games"] == []


def test_revoke_with_fewer_than_three_tricks_takes_what_there_is():
    st_ = replay([{"Ann": 2, "revoke": "Ann"}])  # 13 tricks to Bob-Dan: seven by cards
    assert st_.extra_json["rubber_games"][0] == {"winner": "Bob-Dan", "score": [5, 0], "value": 3}


# ---------------------------------------------------------------- tricks from either side


def test_tricks_may_be_given_for_either_side_or_both():
    assert score(replay([{"Bob": 5}])) == score(replay([{"Ann": 8}])) == (2, 0)
    assert score(replay([{"Ann": 8, "Bob": 5, "Cid": 8, "Dan": 5}])) == (2, 0)


# ---------------------------------------------------------------- errors (nothing written)


@pytest.mark.parametrize("args, message", [
    (["Ann=14"], "error: Ann: must be a whole number from 0 to 13, got 14"),
    (["Bob=-1"], "error: Bob: must be a whole number from 0 to 13, got -1"),
    (["Ann=7", "honours=Zed:4"], "error: honours: 'Zed' is not at the table"),
    (["Ann=7", "honours=Ann:2"], "error: honours: honours split two and two score nothing"),
    (["Ann=7", "honours=Ann:5"], "error: honours: the number of honours must be 4 or 3"),
    (["Ann=7", "honours=Ann"], "error: honours: must be NAME:4 or NAME:3"),
    (["Ann=7", "Bob=7"], "error: hand 2: Bob: Ann=7 and Bob=7 must add up to 13 tricks"),
    (["Ann=7", "Cid=6"], "error: hand 2: Cid: Cid and Ann are partners"),
    (["honours=Ann:4"], "error: hand 2: Ann: the tricks are missing"),
    (["Ann=7", "revoke=Zed"], "error: revoke: 'Zed' is not at the table"),
    (["forfeit=Bob", "Ann=7"], "error: hand 2: forfeit: a game lost by law ends at once; give only "
                               "forfeit (and a note), not Ann"),
])
def test_mistakes_are_one_clear_error_and_nothing_written(cli, args, message):
    cli.new("r", "short-whist", ",".join(PLAYERS))
    cli.ok("hand", "r", "Ann=8")
    r = cli.refused("r", "hand", "r", *args)
    assert r.stderr.startswith(message), r.stderr


def test_short_whist_needs_four_players(cli):
    r = cli("new", "r", "--game", "short-whist", "--players", "Ann,Bob,Cid")
    assert r.exit_code == 2  # the wrong number of players is a mistake in the command
    assert "short-whist is played by 4 players, got 3" in r.stderr


# ---------------------------------------------------------------- show and unfinished rubbers


def test_show_gives_game_score_rubber_games_and_rubber_points(cli):
    cli.new("r", "short-whist", ",".join(PLAYERS))
    for hand in BOOK_RUBBER + [{"Ann": 11}, {"Bob": 9}]:
        (name, tricks), = hand.items()
        cli.ok("hand", "r", f"{name}={tricks}")
    out = cli("show", "r").stdout
    assert "rubber 2, game 2: Ann-Cid 0, Bob-Dan 3 (5 wins the game)" in out
    assert "  game 1: Ann-Cid won 5 to love, a triple (3)" in out
    assert "rubber 1: Ann-Cid won 6 to 2, a balance of 4" in out
    assert "rubber points: Ann-Cid +7, Bob-Dan -7" in out
    data = cli.json("show", "r")
    assert data["scores"] == {"Ann": 0, "Bob": 3, "Cid": 0, "Dan": 3}
    assert data["columns"]["rubber games"] == {"Ann": 1, "Bob": 0, "Cid": 1, "Dan": 0}
    assert data["rubber_points"] == {"Ann-Cid": 7, "Bob-Dan": -7}


def test_unfinished_rubber_pays_games_won_or_is_void():
    hands = BOOK_RUBBER + [{"Bob": 8}, {"Bob": 10}]  # rubber 2: Bob-Dan won game 1, 5 to love
    assert replay(hands).balances["Bob"] == -4 + 3
    assert replay(hands, unfinished_rubber="void").balances["Bob"] == -4


# ---------------------------------------------------------------- invariants


hand_strategy = st.fixed_dictionaries(
    {"Ann": st.integers(0, 13)},
    optional={"honours": st.sampled_from(["Ann:4", "Bob:4", "Cid:3", "Dan:3"]),
              "revoke": st.sampled_from(PLAYERS)})


@settings(max_examples=60, deadline=None)
@given(st.lists(hand_strategy, max_size=30), st.sampled_from(["short-whist", "long-whist"]),
       st.sampled_from(["tricks", "score", "deduct"]))
def test_balances_are_zero_sum_and_partners_alike(hands, game, penalty):
    st_ = replay(hands, game, revoke_penalty=penalty)
    assert sum(st_.balances.values()) == 0
    assert st_.balances["Ann"] == st_.balances["Cid"] and st_.balances["Bob"] == st_.balances["Dan"]
    target = 5 if game == "short-whist" else 10
    for e in st_.effects:
        assert 0 <= e.scores["Ann"] <= target and 0 <= e.scores["Bob"] <= target
    for rubber in st_.extra_json["rubbers"]:
        assert 1 <= rubber["balance"] <= 8  # Foster: smallest rubber one point, a bumper eight
    # independent recomputation of the balance from the rubbers and the unfinished games
    total = sum(r["points"]["Ann-Cid"] - r["points"]["Bob-Dan"] for r in st_.extra_json["rubbers"])
    total += sum(g["value"] * (1 if g["winner"] == "Ann-Cid" else -1)
                 for g in st_.extra_json["rubber_games"])
    assert st_.balances["Ann"] == total


# ---------------------------------------------------------------- Long Whist


@pytest.mark.parametrize("losers, value", [(0, 3), (1, 2), (4, 2), (5, 1), (9, 1)])
def test_long_whist_game_values(losers, value):
    before = [{"Bob": 13}] * (losers // 7) + ([{"Bob": 6 + losers % 7}] if losers % 7 else [])
    st_ = replay(before + [{"Ann": 13}, {"Ann": 9}], "long-whist")
    assert st_.extra_json["rubber_games"][0] == {"winner": "Ann-Cid", "score": [10, losers],
                                                 "value": value}


def test_long_whist_treble_off_makes_love_game_a_double():
    st_ = replay([{"Ann": 13}, {"Ann": 9}], "long-whist", treble="off")
    assert st_.extra_json["rubber_games"][0]["value"] == 2


def test_long_whist_rubber_points_rule():
    st_ = replay([{"Ann": 13}, {"Ann": 9}] * 2, "long-whist", rubber_points=4)
    assert st_.extra_json["rubbers"][0]["balance"] == 3 + 3 + 4


def test_long_whist_honours_called_at_eight_win_the_game():
    st_ = replay([{"Ann": 13}, {"Ann": 7}, {"honours": "Cid:3"}], "long-whist")
    assert st_.extra_json["rubber_games"][0] == {"winner": "Ann-Cid", "score": [10, 0], "value": 3}
    assert st_.effects[-1].summary == "Ann-Cid call honours at 8"


def test_long_whist_call_at_eight_ignores_tricks_with_a_note():
    st_ = replay([{"Ann": 13}, {"Ann": 7}, {"Bob": 13, "honours": "Cid:4"}], "long-whist")
    assert st_.extra_json["rubber_games"][0]["winner"] == "Ann-Cid"
    assert any("tricks not counted" in n for n in st_.effects[-1].notes)


def test_long_whist_honours_do_not_count_at_nine():
    st_ = replay([{"Ann": 13}, {"Ann": 8}, {"Bob": 7, "honours": "Ann:4"}], "long-whist")
    assert score(st_) == (9, 1)


def test_long_whist_honours_count_below_eight_after_tricks():
    st_ = replay([{"Ann": 13}, {"Bob": 7, "honours": "Ann:4"}], "long-whist")
    assert st_.extra_json["rubber_games"][0] == {"winner": "Ann-Cid", "score": [10, 1], "value": 2}


def test_long_whist_eight_with_the_deal_cannot_call_against_nine_in_some_clubs():
    # Ann deals hands 1, 5, ...: hand 5 is dealt by Ann, with Ann-Cid at 8 and Bob-Dan at 9.
    hands = [{"Ann": 13}, {"Ann": 7}, {"Bob": 13}, {"Bob": 8}, {"Ann": 7, "honours": "Ann:3"}]
    st_ = replay(hands, "long-whist")
    assert st_.effects[-1].dealer == "Ann"
    assert st_.extra_json["rubber_games"][0]["winner"] == "Ann-Cid"
    st_ = replay(hands, "long-whist", call_against_nine="off")
    assert score(st_) == (9, 9)  # the hand is played: one by cards, the honours do not count
    assert "honours not counted: Ann-Cid may not call at 8" in st_.effects[-1].notes


# ---------------------------------------------------------------- the example sitting


def test_example_sitting_of_two_rubbers_replays_to_its_figures():
    from scorekeeper import ledger
    from tests.conftest import SESSIONS

    r = ledger.open_session(SESSIONS / "whist-two-rubbers.yaml")
    st_ = r.standings
    rubbers = st_.extra_json["rubbers"]
    # rubber 1 is the book's: won 5 to 4, lost 1 to 5, won 5 to love: 6 to 2, a balance of 4
    assert [(g["score"], g["value"]) for g in rubbers[0]["games"]] == [
        ([5, 4], 1), ([5, 1], 2), ([5, 0], 3)]
    assert rubbers[0]["points"] == {"Alice-Clara": 6, "Bertie-Dick": 2}
    # rubber 2: a revoke; four honours held at four (and out-tricked); then a triple: 6 to love
    assert [(g["score"], g["value"]) for g in rubbers[1]["games"]] == [([5, 4], 1), ([5, 0], 3)]
    assert rubbers[1]["balance"] == 6 and rubbers[1]["winner"] == "Bertie-Dick"
    assert st_.balances == {"Alice": -2, "Bertie": 2, "Clara": -2, "Dick": 2}
    s = ledger.settlement(r)
    assert s.money_cents == {"Alice": -20, "Bertie": 20, "Clara": -20, "Dick": 20}
    assert len(s.transfers) == 2


# ---------------------------------------------------------------- honours by tricks, revokes at nine and by two, names, games won


def test_honours_count_for_a_side_that_reached_four_by_tricks_in_the_same_deal():
    # The Laws of Short Whist: "Those players who, at the commencement of a deal, are at the
    # score of four, cannot score honours." At three, one by cards makes four, and the three
    # honours (two) still count: out 5 to love, a triple (not stopped at four).
    st_ = replay([{"Ann": 9}, {"Ann": 7, "honours": "Cid:3"}])
    assert st_.extra_json["rubber_games"] == [{"winner": "Ann-Cid", "score": [5, 0], "value": 3}]
    assert st_.effects[-1].summary == "Ann-Cid 1 by cards; Ann-Cid 2 by honours"


def test_long_whist_revoking_side_stays_at_nine():
    # law xv: "the revoking side cannot score out in that deal": at Long Whist it stays at nine.
    st_ = replay([{"Ann": 13}, {"Ann": 13, "revoke": "Cid"}], "long-whist")  # 7, then 10-3: 4 more
    assert score(st_) == (9, 0)
    assert st_.extra_json["rubber_games"] == []


@pytest.mark.parametrize("revoke, message", [
    ("Ann,Bob", "error: revoke: one player only, got 'Ann,Bob': a revoke on both sides means "
                "a new deal (law xviii): record no hand for it"),
    ("Ann,Cid", "error: revoke: one player only, got 'Ann,Cid' (for example revoke=Ann)"),
])
def test_a_revoke_by_two_players_is_one_clear_error(cli, revoke, message):
    cli.new("r", "short-whist", ",".join(PLAYERS))
    r = cli.refused("r", "hand", "r", "Ann=7", f"revoke={revoke}")
    assert r.stderr.strip() == message


@pytest.mark.parametrize("name", ["revoke", "honours", "note"])
def test_a_player_named_like_a_hand_field_is_refused(cli, name):
    # A player called "revoke" would make `revoke=...` his tricks and his tricks the revoker:
    # a traceback at the first hand. Refused when the sitting is created, nothing written.
    r = cli.refused("r", "new", "r", "--game", "short-whist", "--players", f"Ann,Bob,Cid,{name}", code=2)
    assert r.stderr.strip() == (f"error: a player may not be called {name!r} in short-whist: "
                                f"{name}= is a hand field; give him another name")
    assert not cli.file("r").exists()


def test_revoke_penalty_deduct_takes_three_from_the_revoking_sides_score():
    # law xv's note: "Revokes forfeit three tricks from the hand or score": the third way,
    # three points taken down from the revoking side's score, first, then the deal as played.
    st_ = replay([{"Ann": 10}, {"Ann": 8, "revoke": "Cid"}], revoke_penalty="deduct")
    assert score(st_) == (4 - 3 + 2, 0)
    assert "Ann-Cid lose three for the revoke" in st_.effects[-1].summary
    # a side with fewer than three loses what it has, and still cannot score out
    st_ = replay([{"Ann": 8}, {"Ann": 13, "revoke": "Ann"}], revoke_penalty="deduct")
    assert score(st_) == (4, 0)
    assert st_.extra_json["rubber_games"] == []


def test_games_won_over_the_sitting_are_in_show_json(cli):
    cli.new("r", "short-whist", "Ann,Bob,Cid,Dan")
    for tricks in ("Ann=10", "Bob=10", "Ann=7"):  # Ann-Cid win game 1, 5 to 4
        cli.ok("hand", "r", tricks)
    assert cli.json("show", "r")["games_won"] == {"Ann": 1, "Bob": 0, "Cid": 1, "Dan": 0}


# ---------------------------------------------------------------- the revoke penalty: the opponents' choice each time (law xv)


def test_a_hands_revoke_penalty_overrides_the_sittings_rule():
    # Law xv's note: "Revokes forfeit three tricks from the hand or score: or opponents may add
    # three to their score": the opponents choose when the revoke is claimed.
    assert score(replay([{"Ann": 8, "revoke": "Cid"}])) == (0, 2)     # tricks: 5 v 8
    assert score(replay([{"Ann": 8, "revoke": "Cid", "revoke_penalty": "score"}])) == (2, 3)
    assert score(replay([{"Ann": 8, "revoke": "Cid", "revoke_penalty": "tricks"}],
                        revoke_penalty="score")) == (0, 2)
    # deduct: Ann-Cid at 2 lose them all, then score 2 by cards
    assert score(replay([{"Ann": 8}, {"Ann": 8, "revoke": "Cid", "revoke_penalty": "deduct"}])) == (2, 0)


def test_revoke_penalty_without_a_revoke_is_refused(cli):
    cli.new("w", "short-whist", "Ann,Bob,Cid,Dan")
    r = cli.refused("w", "hand", "w", "Ann=8", "revoke_penalty=score")
    assert "revoke_penalty: score is the penalty for a revoke; give revoke=NAME too" in r.stderr
    r = cli.refused("w", "hand", "w", "Ann=8", "revoke=Cid", "revoke_penalty=half")
    assert "revoke_penalty" in r.stderr
    cli.ok("hand", "w", "Ann=8", "revoke=Cid", "revoke_penalty=score")
    assert cli.json("show", "w")["scores"]["Bob"] == 3


# ---------------------------------------------------------------- one game object, many sittings


@pytest.mark.parametrize("game", ["short-whist", "long-whist"])
def test_a_game_replaying_other_sittings_in_turn_scores_each_as_a_fresh_game_would(game):
    """A game keeps the deals it has scored for its sitting only (games/whist/table.py): a
    sitting with other rules or other players, replayed by the same game, is scored afresh."""
    hands = [{"Ann": 10, "revoke": "Bob"}, {"Bob": 8, "honours": "Bob:4"}, {"Ann": 11},
             {"Ann": 7, "revoke": "Cid"}, {"Ann": 13}, {"Ann": 13}] * 3
    # each differs from the one before it in its players or in one rule
    sittings = [(PLAYERS, {}), (("Ann", "Bob", "Cid", "Eve"), {}), (PLAYERS, {}),
                (PLAYERS, {"revoke_penalty": "score"}), (PLAYERS, {"rubber_points": 0}),
                (PLAYERS, {"first_dealer": "Cid"}), (PLAYERS, {})]
    g = get_game(game)
    for players, rules in sittings:
        session = Session(name="t", game=game, players=players, rules=g.resolve_rules(rules, players),
                          hands=tuple(Hand(h) for h in hands))
        assert g.replay(session) == get_game(game).replay(session)


@pytest.mark.parametrize("game", ["short-whist", "long-whist"])
def test_scorekeeper_games_lists_forfeit(cli, game):
    out = cli.ok("games", game).stdout
    assert "forfeit " in out and "the wilful mixing up of the cards in such case loses the game" in out
