"""What a Whist replay reads at every deal and works out once per sitting: its sides, their
names, who deals, and the deals already scored.

A deal of Short, Long, Scotch or French Whist is a pure function of the score before it, the
hand's values (reduced to what the laws count: which side took how many tricks or cards, and
which side held or won each honour), its dealer and the sitting's rules. Over a long sitting
the same few recur thousands of times, so each game keys what it scores by all of that and
keeps it here: `deals` and `ends` hold immutable outcomes (an `Effect`'s dicts are shared by
the deals that scored alike, and no reader changes them). A table belongs to one game object
and one sitting: a session with other players or rules gets a new one, so nothing scored for
one sitting is seen by another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Generic, Iterator, List, Optional, Sequence, Tuple, TypeVar

from ...model import Session
from ..base import FinishedGame
from ..sides import Side, side_name

if TYPE_CHECKING:
    from ..base import Game

T = TypeVar("T")

# Outcomes kept per table: a long sitting of random deals meets a few thousand (the score,
# the tricks, the honours and the dealer); beyond it the memo starts again (bounded memory).
MOST = 8192


class Table:
    """One sitting's fixed facts, and its memo of scored deals (`remember`)."""

    __slots__ = ("players", "rules", "sides", "names", "side_of", "zero", "dealers", "deals", "ends",
                 "more")

    def __init__(self, game: "Game", session: Session, sides: Sequence[Side]) -> None:
        self.players = session.players
        self.rules = dict(session.rules)  # a copy: `fits` compares it with the session's
        self.sides: Tuple[Side, ...] = tuple(sides)
        self.names = tuple(side_name(side) for side in self.sides)
        self.side_of = {p: index for index, side in enumerate(self.sides) for p in side}
        self.zero = tuple(0 for _ in self.sides)  # every side's score as a game starts
        # The deal passes to the left (Game.dealer): hand i is dealt by dealers[i % players].
        self.dealers = tuple(game.dealer(session, i) for i in range(len(self.players)))
        self.deals: Dict[Any, Any] = {}  # a deal's key (the game's) -> its outcome
        self.ends: Dict[Any, Any] = {}   # a game's end -> its outcome
        self.more: Dict[Any, Any] = {}   # what else a game keeps, its keys tagged by what they are

    def fits(self, session: Session) -> bool:
        """The same players and the same rules: what this table holds is this sitting's."""
        return session.players == self.players and session.rules == self.rules

    def dealer(self, index: int) -> str:
        return self.dealers[index % len(self.dealers)]


def remember(memo: Dict[Any, Any], key: Any, value: Any) -> Any:
    """`value` kept under `key` (the memo emptied first when full); returns `value`."""
    if len(memo) >= MOST:
        memo.clear()
    memo[key] = value
    return value


class Chain(Generic[T]):
    """A tuple grown one item at a time along a replay, every state holding the one so far
    (the games finished, the rubbers): adding is one link, where `tuple + (item,)` copies
    every item before it (n items cost n*n/2 copies, and as much memory when a replay keeps
    every state). `items()` is the tuple. Chains are equal when their items are: compared
    from the last back, without recursion, until the two share a link."""

    __slots__ = ("count", "last", "before")

    def __init__(self) -> None:
        self.count = 0
        self.last: Optional[T] = None
        self.before: Optional[Chain[T]] = None

    def add(self, item: T) -> "Chain[T]":
        link: Chain[T] = Chain()
        link.count, link.last, link.before = self.count + 1, item, self
        return link

    def items(self) -> Tuple[T, ...]:
        found: List[T] = []
        link: Optional[Chain[T]] = self
        while link is not None and link.count:
            found.append(link.last)  # type: ignore[arg-type]  # a link with a count has an item
            link = link.before
        found.reverse()
        return tuple(found)

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[T]:
        return iter(self.items())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chain):
            return NotImplemented
        a: Optional[Chain[Any]] = self
        b: Optional[Chain[Any]] = other
        if self.count != other.count:
            return False
        while a is not b and a is not None and b is not None and a.count:
            if a.last != b.last:
                return False
            a, b = a.before, b.before
        return True

    def __hash__(self) -> int:
        return hash(self.items())

    def __repr__(self) -> str:
        return f"Chain({self.items()!r})"


def finished_like(finished: "Chain[FinishedGame]", index: int,
                  like: FinishedGame) -> "Chain[FinishedGame]":
    """`finished` with a game ended by hand `index` as `like` ended (a game `target.game_over`
    reported: the same winners and final scores), numbered after those before it: a replay
    that meets the same end many times works it out once."""
    return finished.add(FinishedGame(finished.count + 1, like.winners, like.scores, index + 1,
                                     like.players))
