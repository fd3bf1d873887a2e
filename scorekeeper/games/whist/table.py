"""What a Whist replay reads at every deal and works out once per sitting: its sides, their
names, who deals, and the deals already scored.

A deal of Short, Long, Scotch or French Whist is a pure function of the score before it, the
hand's values (reduced to what the laws count: which side took how many tricks or cards, and
which side held or won each honour), its dealer and the sitting's rules. Over a long sitting
the same few recur thousands of times, so each game keys what it scores by all of that and
keeps it here (`deals`, `ends`, `more`): immutable outcomes, equal to what scoring the deal
afresh gives (an `Effect`'s dicts are shared by the deals that scored alike, and no reader
changes them). A table belongs to one game object and one sitting: a session with other
players or rules gets a new one, so nothing scored for one sitting is seen by another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Sequence, Tuple, TypeVar

from ...model import Session
from ..base import FinishedGame
from ..history import History
from ..sides import Side, side_name

T = TypeVar("T")

if TYPE_CHECKING:
    from ..base import Game

# Outcomes kept per table: a long sitting of random deals meets a few thousand (the score,
# the tricks, the honours and the dealer); beyond it the memo starts again (bounded memory).
MOST = 8192


class Table:
    """One sitting's fixed facts, and its memo of scored deals (`remember`)."""

    __slots__ = ("players", "rules", "sides", "names", "side_of", "zero", "dealers", "deals", "ends",
                 "more")

    def __init__(self, game: "Game[Any]", session: Session, sides: Sequence[Side]) -> None:
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


def remember(memo: Dict[Any, Any], key: Any, value: T) -> T:
    """`value` kept under `key` (the memo emptied first when full); returns `value`."""
    if len(memo) >= MOST:
        memo.clear()
    memo[key] = value
    return value


def finished_like(finished: History[FinishedGame], index: int,
                  like: FinishedGame) -> History[FinishedGame]:
    """`finished` with a game ended by hand `index` as `like` ended (a game
    `target.finished_game` made: the same winners and final scores), numbered after those
    before it, as `target.game_over` adds it: a replay that meets the same end many times
    works it out once."""
    return finished.plus(FinishedGame(len(finished) + 1, like.winners, like.scores, index + 1,
                                      like.players))
