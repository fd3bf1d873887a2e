"""model.py: the error as a value (its kind, what it is about, its place) and a sitting finding
an error's line from what it is about."""

from __future__ import annotations

import pytest

from scorekeeper.cli import EXIT_CODES
from scorekeeper.model import FILE, USAGE, Hand, ScorekeeperError, Session, Source


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
    assert str(_session().locate(err)) == f"s.yaml:{line}"


def test_a_record_is_compared_by_its_fields_and_copied_with_one_changed():
    # model.Record (docs/architecture.md, "Value types"): what a NamedTuple gave, without its cost
    from scorekeeper.games.base import Effect, FinishedGame

    one = Effect("Ann +1", {"Ann": 1, "Bob": 0}, {"Ann": 1, "Bob": 0}, "Bob")
    assert one == Effect("Ann +1", {"Ann": 1, "Bob": 0}, {"Ann": 1, "Bob": 0}, "Bob", ())
    assert one != one._replace(dealer="Ann") and one._replace(dealer="Ann").dealer == "Ann"
    assert one._replace(dealer="Ann")._replace(dealer="Bob") == one and one.dealer == "Bob"
    assert one != FinishedGame(1, ("Ann",), {"Ann": 1}, 1, ("Ann",))
    assert one != ("Ann +1", {"Ann": 1, "Bob": 0}, {"Ann": 1, "Bob": 0}, "Bob", ())  # not a tuple
    assert repr(one) == "Effect(summary='Ann +1', changes={'Ann': 1, 'Bob': 0}, scores={'Ann': 1, 'Bob': 0}, " \
                        "dealer='Bob', notes=())"
    with pytest.raises(TypeError, match="dealr"):
        one._replace(dealr="Ann")
    session = Session("x", "tally", ("Ann", "Bob"), {})
    assert session.with_hands([]) == session and session._replace(name="y").name == "y"


def test_every_record_names_its_fields_once_in_slots_and_init():
    # Record's ==, repr and _replace read __slots__ (a class's own only): each record's are its
    # __init__'s parameters, in order, and it is a Record's direct subclass, else a field added to
    # one and not the other is left out of ==, or _replace fails
    import importlib
    import inspect
    import pkgutil

    import scorekeeper.games
    from scorekeeper.model import Record

    for module in pkgutil.walk_packages(scorekeeper.games.__path__, "scorekeeper.games."):
        importlib.import_module(module.name)
    records = Record.__subclasses__()
    assert len(records) >= 23 and {"Session", "Effect", "Standings", "CribState", "ScotchState"} <= {
        r.__name__ for r in records}
    for record in records:
        assert record.__subclasses__() == [], record
        assert tuple(list(inspect.signature(record.__init__).parameters)[1:]) == record.__slots__, record
