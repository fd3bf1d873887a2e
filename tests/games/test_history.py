"""games/history.py: a history grown from another reads, compares and grows as the tuple of
its values would, whichever of the histories sharing a list grows next."""

from __future__ import annotations

from hypothesis import given, strategies as st

from scorekeeper.games.history import History


def test_grows_without_changing_the_one_it_grew_from():
    empty: History[int] = History()
    one = empty.plus(1)
    two = one.plus(2)
    assert (len(empty), list(one), tuple(two)) == (0, [1], (1, 2))
    assert two == (1, 2) and two == History([1, 2]) and two != one and one != (1, 2)
    assert two[-1] == 2 and two[:1] == [1] and hash(two) == hash((1, 2))


def test_a_second_growth_from_the_same_history_copies_it():
    one = History([1])
    two, other = one.plus(2), one.plus(3)  # a replay going on from an earlier hand
    assert (tuple(one), tuple(two), tuple(other)) == ((1,), (1, 2), (1, 3))
    assert two.plus(4) == (1, 2, 4) and other.plus(5) == (1, 3, 5) and two != other


@given(st.lists(st.tuples(st.integers(0, 9), st.integers())))
def test_any_order_of_growth_matches_tuples(steps):
    """Each step grows one of the histories made so far (by its number): every history still
    holds what the same growth of tuples holds."""
    histories, tuples = [History[int]()], [()]
    for which, value in steps:
        k = which % len(histories)
        histories.append(histories[k].plus(value))
        tuples.append(tuples[k] + (value,))
    assert all(h == t and tuple(h) == t and len(h) == len(t) for h, t in zip(histories, tuples))


def test_an_empty_history_is_never_grown_in_place():
    """So that one empty history may be every state's default."""
    default: History[int] = History()
    assert default.plus(1) == (1,) and default.plus(2) == (2,)
    assert default._items == [] and len(default) == 0


def test_a_state_the_same_but_for_its_histories_is_made_again_with_the_newer_records():
    from dataclasses import dataclass
    from typing import NamedTuple

    from scorekeeper.games.history import same_but_histories, with_histories

    class Named(NamedTuple):
        score: int
        games: History[str]

    @dataclass(frozen=True)
    class Kept:
        score: int
        games: History[str]

    for kind in (Named, Kept):
        old = History(["a", "b"])
        corrected = History(["A", "b"])  # the first game's record changed by a correction
        assert same_but_histories(kind(0, corrected), kind(0, old))
        assert not same_but_histories(kind(1, corrected), kind(0, old))  # not the same score
        assert not same_but_histories(kind(0, corrected.plus("c")), kind(0, old))  # nor as many games
        end = kind(3, old.plus("c").plus("d"))  # where the old replay went on to
        made = with_histories(end, kind(0, corrected))
        assert made == kind(3, History(["A", "b", "c", "d"])) and type(made) is kind
    assert not same_but_histories({"a": 1}, {"a": 1})  # another kind of state: never caught up
    assert not same_but_histories((0, History()), (0, History()))  # a plain tuple: no names to make it again by
