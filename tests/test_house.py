"""The house helpers every game shares: the error as a value, sides, racing to a target,
and players named like fields."""

from __future__ import annotations

import pytest

from scorekeeper.cli import EXIT_CODES
from scorekeeper.fields import refuse_field_names
from scorekeeper.games import sides, target
from scorekeeper.model import FILE, USAGE, Hand, ScorekeeperError, Session, Source


# ---------------------------------------------------------------- the error as a value


def test_the_old_constructor_spellings_still_work():
    plain = ScorekeeperError("bad")
    assert (str(plain), plain.kind, plain.usage, plain.source) == ("bad", FILE, False, None)
    usage = ScorekeeperError("bad", None, usage=True)
    assert (usage.kind, usage.usage) == (USAGE, True)
    located = ScorekeeperError("bad", Source("f.yaml", 3))
    assert str(located) == "f.yaml:3: bad"


def test_the_exit_code_is_the_clis_choice_by_kind():
    assert EXIT_CODES == {USAGE: 2, FILE: 1}


def test_a_located_error_is_a_file_error_and_keeps_what_it_is_about():
    err = ScorekeeperError("against: too many", usage=True, field="against")
    moved = err.at(Source("f.yaml", 12), hand=0)
    assert (str(moved), moved.kind, moved.field, moved.hand) == (
        "f.yaml:12: hand 1: against: too many", FILE, "against", 0)
    assert err.at(None).kind == USAGE  # not located: still how the command was called


def _session() -> Session:
    hand = Hand({"bid": 7, "against": 9}, Source("s.yaml", 9), {"bid": 9, "against": 12})
    return Session(name="s", game="cinch", players=("A", "B"), rules={}, hands=(hand,),
                   path="s.yaml", source=Source("s.yaml", 1), rule_lines={"game": 6},
                   header_lines={"game": 2, "players": 3, "rules": 5}, player_lines={"A": 3, "B": 3})


@pytest.mark.parametrize("about, line", [
    ({"hand": 0, "field": "against"}, 12),   # the field's own line
    ({"hand": 0}, 9),                        # the hand's first line
    ({"hand": 0, "field": "made"}, 9),       # a missing field: the hand's first line
    ({"rule": "game"}, 6),
    ({"rule": "scoring"}, 5),                # a rule not written in the file: the rules: line
    ({"player": "B"}, 3),
    ({"key": "game"}, 2),
    ({}, 1),
])
def test_an_error_is_located_from_what_it_is_about_never_its_message(about, line):
    err = ScorekeeperError("game: players: rule x: misleading words", **about)
    assert _session().locate(err) == Source("s.yaml", line)


# ---------------------------------------------------------------- sides


def test_partners_sit_opposite_and_a_side_is_named_with_a_hyphen():
    four = sides.partnerships(("Ann", "Bob", "Cid", "Dee"))
    assert four == (("Ann", "Cid"), ("Bob", "Dee"))
    assert [sides.side_name(s) for s in four] == ["Ann-Cid", "Bob-Dee"]
    assert sides.partnerships("ABCDEF", 3) == (("A", "D"), ("B", "E"), ("C", "F"))
    assert sides.side_index(four, "Dee") == 1 and sides.side_of(four, "Cid") == ("Ann", "Cid")
    assert sides.opponents(four, "Ann") == ("Bob", "Dee")
    assert sides.per_player(four, [5, 7]) == {"Ann": 5, "Cid": 5, "Bob": 7, "Dee": 7}
    assert sides.each_alone(("Ann", "Bob")) == (("Ann",), ("Bob",))


def test_partners_take_the_plural_verb():
    assert sides.side_says(("Ann",), "pegs 2") == "Ann pegs 2"
    assert sides.side_says(("Ann", "Cid"), "pegs 2") == "Ann-Cid peg 2"


# ---------------------------------------------------------------- racing to a target


def test_nobody_wins_before_the_target_is_reached():
    assert target.winners({"A": 50, "B": 49}, 51) == ()
    assert target.winners({"A": 50}, None) == ()
    assert target.reached({"A": 51, "B": 52, "C": 3}, 51) == ("A", "B")
    assert target.to_go({"A": 40}, 51) == {"A": 11}


def test_the_best_of_those_who_reached_it_wins_and_ties_share_or_play_on():
    assert target.winners({"A": 52, "B": 55, "C": 60}, 53) == ("C",)
    assert target.winners({"A": 55, "B": 55}, 53) == ("A", "B")
    assert target.winners({"A": 55, "B": 55}, 53, ties=target.PLAY_ON) == ()
    # a tie-break of the game's own: the bidder goes out first (Cinch)
    assert target.winners({"A": 52, "B": 55}, 51, rank=lambda p: p == "A") == ("A",)
    # low wins: the game ends when someone reaches the target and the lowest score wins
    assert target.winners({"A": 100, "B": 20, "C": 40}, 100, low_wins=True) == ("B",)


def test_a_race_counts_one_scorer_at_a_time_and_the_first_to_the_target_ends_it():
    race = target.Race({"A": 115, "B": 118}, 121)
    assert race.count("A", 4) == 4 and not race.over
    assert race.count("B", 5) == 5 and race.first == "B"      # B pegs out: 123
    assert race.count("A", 10) == 0                            # the rest of the deal is not scored
    assert race.scores == {"A": 119, "B": 123}


def test_a_race_caps_a_score_and_may_let_the_rest_count():
    # Whist: points beyond the game are lost; a revoking side stops one short of it
    race = target.Race({0: 3, 1: 4}, 5, cap={0: 5, 1: 4})
    assert race.count(1, 2) == 0 and not race.over
    assert race.count(0, 4) == 2 and race.first == 0 and race.scores == {0: 5, 1: 4}
    # counters lost: no more than he holds, and the rest of the deal is still paid
    lost = target.Race({"A": 8, "B": 9}, 10, cap=10, rest_counts=True)
    assert [lost.count("B", 3), lost.count("A", 3)] == [1, 2]
    assert lost.first == "B" and lost.scores == {"A": 10, "B": 10}


def test_points_counted_together_go_to_the_best_of_those_they_take_out():
    race = target.Race({"A": 38, "B": 39, "C": 0}, 41)
    assert race.count_together({"A": 4, "B": 3, "C": 2}) == {"A": 4, "B": 3, "C": 2}
    assert race.first == "A"                                   # 42 against 42: the first given
    race = target.Race({"A": 38, "B": 39}, 41)
    race.count_together({"A": 4, "B": 3}, rank=lambda k: (race.scores[k], k == "B"))
    assert race.first == "B"                                   # the game's own tie-break


def test_games_won_are_counted():
    won = target.no_games(("A", "B"))
    assert target.count_win(target.count_win(won, ("A",)), ("A", "B")) == {"A": 2, "B": 1}


# ---------------------------------------------------------------- players named like fields


def test_a_player_named_like_a_field_is_refused_with_the_player_it_is_about():
    with pytest.raises(ScorekeeperError) as err:
        refuse_field_names("whist", ("Ann", "revoke"), ("revoke",))
    assert err.value.message == ("a player may not be called 'revoke' in whist: revoke= is a "
                                 "hand field; give him another name")
    assert err.value.player == "revoke"
    refuse_field_names("whist", ("Ann", "Revoke"), ("revoke",))  # fields matched by case
    with pytest.raises(ScorekeeperError):
        refuse_field_names("hearts", ("Ann", "Revoke"), ("revoke",), ignore_case=True)
    with pytest.raises(ScorekeeperError):
        refuse_field_names("tally", ("Ann", "note"), ())  # the common fields, always


_CINCH = """\
format: scorekeeper/1
game: cinch
players: [A, B, C, D]
rules:
  game: 51
hands:
- bid: 7
  bidder: A
  trump: H
  made: 7
  against: 9
"""


@pytest.mark.parametrize("change, where, message", [
    (("  game: 51", "  game: 51\n  bogus: 3"), 6, "unknown rule 'bogus'"),
    (("game: cinch", "game: cinchy"), 2, "unknown game 'cinchy'"),
    (("[A, B, C, D]", "\n- A\n- B\n- C\n- A"), 7, "player A is named twice"),
    (("", ""), 11, "hand 1: against: made 7 + against 9"),
])
def test_a_mistake_in_a_file_is_reported_at_its_own_line(cli, tmp_path, change, where, message):
    path = tmp_path / "x.yaml"
    path.write_text(_CINCH.replace(*change))
    r = cli("show", str(path))
    assert r.exit_code == 1
    assert r.stderr.startswith(f"error: {path}:{where}: {message}"), r.stderr
