"""What a Whist replay reads at every deal and works out once per sitting: its sides, their
names and who deals. A table belongs to one game object and one sitting: a session with
other players or rules gets a new one. Every deal is scored afresh (issue 34: no memo path).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence, Tuple

from ...model import Session
from ..base import FinishedGame
from ..history import History
from ..sides import Side, side_name

if TYPE_CHECKING:
    from ..base import Game


class Table:
    """One sitting's fixed facts."""

    __slots__ = ("players", "rules", "sides", "names", "side_of", "zero", "dealers")

    def __init__(self, game: "Game[Any]", session: Session, sides: Sequence[Side]) -> None:
        self.players = session.players
        self.rules = dict(session.rules)  # a copy: `fits` compares it with the session's
        self.sides: Tuple[Side, ...] = tuple(sides)
        self.names = tuple(side_name(side) for side in self.sides)
        self.side_of = {p: index for index, side in enumerate(self.sides) for p in side}
        self.zero = tuple(0 for _ in self.sides)  # every side's score as a game starts
        # The deal passes to the left (Game.dealer): hand i is dealt by dealers[i % players].
        self.dealers = tuple(game.dealer(session, i) for i in range(len(self.players)))

    def fits(self, session: Session) -> bool:
        """The same players and the same rules: what this table holds is this sitting's."""
        return session.players == self.players and session.rules == self.rules

    def dealer(self, index: int) -> str:
        return self.dealers[index % len(self.dealers)]


def finished_like(finished: History[FinishedGame], index: int,
                  like: FinishedGame) -> History[FinishedGame]:
    """`finished` with a game ended by hand `index` as `like` ended (a game
    `target.finished_game` made: the same winners and final scores), numbered after those
    before it, as `target.game_over` adds it."""
    return finished.plus(FinishedGame(len(finished) + 1, like.winners, like.scores, index + 1,
                                      like.players))
