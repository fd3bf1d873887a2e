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
