"""A value for every hand so far, carried in a replay's state (Boston's pools after each hand,
the games a counters game has finished): one more each hand, without copying the rest.

A tuple grown by `+ (value,)` at every hand is copied whole each time: n hands copy n²/2
values (docs/speed.md, "A value for every hand"). A `History` grown from another shares its list
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
