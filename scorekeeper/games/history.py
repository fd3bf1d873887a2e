"""A value for every hand so far, carried in a replay's state (Boston's pools after each hand,
the games a counters game has finished): one more each hand, without copying the rest.

A tuple grown by `+ (value,)` at every hand is copied whole each time: n hands copy n²/2
values, a tenth of a second at 10,000 hands. A `History` grown from another shares its list
and sees only its own first `len` values, so a replay makes n appends; one grown a second time
from the same history (a replay going on from an earlier hand) copies the values once, then
shares again. It reads and compares as the tuple of its values. An empty history is never
grown in place, so one may stand as a default for every state.
"""

from __future__ import annotations

from typing import Any, Dict, Generic, Iterator, List, Optional, Sequence, Tuple, TypeVar

T = TypeVar("T")


class History(Sequence[T], Generic[T]):
    __slots__ = ("_items", "_length")

    def __init__(self, items: Sequence[T] = ()) -> None:
        self._items: List[T] = list(items)
        self._length = len(self._items)

    def plus(self, value: T) -> "History[T]":
        """This history with `value` after it (this one is left as it was)."""
        items = self._items
        if not self._length:  # an empty history is never grown in place: it may be shared
            items = []
        elif len(items) != self._length:  # already grown by another: copy what this one holds
            items = items[:self._length]
        items.append(value)
        grown: History[T] = History.__new__(History)
        grown._items, grown._length = items, self._length + 1
        return grown

    def values(self) -> Tuple[T, ...]:
        return tuple(self._own())

    def _own(self) -> List[T]:
        items = self._items
        return items if len(items) == self._length else items[:self._length]

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: Any) -> Any:
        return self._own()[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self._own())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return self._length == other._length and (
                self._items is other._items or self._own() == other._own())
        if isinstance(other, tuple):
            return self.values() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        return f"History({self._own()!r})"


def appended(values: Sequence[T], value: T) -> History[T]:
    """`values` with `value` after it, as a History whatever `values` was (a state's default
    of `()` included), so that the states after it share it."""
    return (values if isinstance(values, History) else History(values)).plus(value)


# -- a correction's replay, caught up with the one before it

def _fields(state: Any) -> Optional[Dict[str, Any]]:
    """A state's fields by name (a NamedTuple's or a dataclass's); None for any other kind."""
    if isinstance(state, tuple) and hasattr(state, "_fields"):
        return dict(zip(state._fields, state))
    names = getattr(state, "__dataclass_fields__", None)
    if names is None:
        return None
    return {name: getattr(state, name) for name in names}


def same_but_histories(state: Any, old: Any) -> bool:
    """Whether `state` is `old` but for what its histories hold, each as long as `old`'s.

    A game's `apply` reads a history's length only, and appends to it (the finished games,
    the rubbers, the pools after each hand are for the standings): so from two such states
    the same hands have the same effects, and append the same values. A correction that
    changed a game's result (its winner's score, say) replays only until the game in
    progress is over and the state is again what it was but for that record (`Game.fold`)."""
    if type(state) is not type(old):
        return False
    if isinstance(state, tuple) and hasattr(state, "_fields"):  # a NamedTuple: its fields in order
        pairs: Iterator[Tuple[Any, Any]] = zip(state, old)
    elif hasattr(state, "__dataclass_fields__") and hasattr(state, "__dict__"):
        pairs = zip(state.__dict__.values(), old.__dict__.values())
    else:
        return False
    for value, other in pairs:
        if value is other:
            continue
        if isinstance(value, History) or isinstance(other, History):
            if len(value) != len(other):
                return False
        elif value != other:
            return False
    return True


def with_histories(old: Any, caught_up: Any) -> Any:
    """`old` (the state a replay made before the correction, at its end) with each history
    made of `caught_up`'s (the corrected replay's, where it caught up with `old`'s: see
    `same_but_histories`) followed by what `old`'s appended after that point."""
    mine, theirs = _fields(old), _fields(caught_up)
    assert mine is not None and theirs is not None
    changed = {}
    for name, value in mine.items():
        since = theirs[name]
        if (isinstance(value, History) or isinstance(since, History)) and value is not since:
            changed[name] = History(list(since) + list(value)[len(since):])
    if not changed:
        return old
    if isinstance(old, tuple):
        return old._replace(**changed)  # type: ignore[attr-defined]  # a NamedTuple
    import dataclasses

    return dataclasses.replace(old, **changed)
