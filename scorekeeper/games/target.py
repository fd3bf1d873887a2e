"""Racing to a target: the first to N wins a game, who wins when several reach it on one deal,
the points of a deal counted one scorer at a time until someone reaches it (`Race`), and each
finished game reported with every side's final score (`game_over`, `games_won`).

Scores are keyed by whatever races (a player, or a side's name); the helpers never decide
what a game is worth: the game does that with the winners they return.
"""

from __future__ import annotations

from collections.abc import Mapping as _Mapping
from typing import (Any, Callable, Dict, Generic, Hashable, Iterable, Mapping, Optional, Sequence,
                    Tuple, TypeVar, Union)

from .base import FinishedGame
from .history import History, appended
from .sides import side_name

K = TypeVar("K", bound=Hashable)

SHARE = "share"      # contenders level after every tie-break share the game
PLAY_ON = "play on"  # a tie for the game is no game yet: play on until it is broken


def reached(scores: Mapping[K, Any], target: Any) -> Tuple[K, ...]:
    """Who has reached the target (at or over it), in the order of `scores`."""
    return tuple(k for k in scores if scores[k] >= target)


def to_go(scores: Mapping[K, Any], target: Any) -> Dict[K, Any]:
    """What each still needs to reach the target (0: reached): the standings' "to go", as the
    table asks after every hand."""
    return {k: max(target - v, 0) for k, v in scores.items()}


def winners(scores: Mapping[K, Any], target: Optional[Any], *,
            rank: Optional[Callable[[K], Any]] = None, ties: str = SHARE,
            low_wins: bool = False) -> Tuple[K, ...]:
    """Who wins the game on these scores: () while nobody has reached the target (or with no
    target at all).

    Once someone has reached it, the contenders are those who reached it (everyone, with
    `low_wins`: the game ends when someone reaches the target and the lowest score wins).
    They are ranked by `rank` (higher is better; default the score, or minus the score with
    `low_wins`); the best win. Contenders level on rank share the game (`ties=SHARE`) or
    nobody wins yet (`ties=PLAY_ON`).
    """
    if target is None or not reached(scores, target):
        return ()
    contenders = tuple(scores) if low_wins else reached(scores, target)
    if rank is None:
        rank = (lambda k: -scores[k]) if low_wins else (lambda k: scores[k])
    best = max(rank(k) for k in contenders)
    best_ones = tuple(k for k in contenders if rank(k) == best)
    if len(best_ones) > 1 and ties == PLAY_ON:
        return ()
    return best_ones


def game_over(finished: Sequence[FinishedGame], index: int, scores: Mapping[str, Any],
              winners: Iterable[str], sides: Optional[Sequence[Sequence[str]]] = None, *,
              low_wins: bool = False) -> History[FinishedGame]:
    """The finished games, with the one that hand `index` (0-based) ended added: how every
    game played to a target reports its result (`Standings.finished_games`). A `History`,
    shared by the states after it (a tuple is copied whole at every game: docs/speed.md).

    `scores` are each player's final scores in it (partners share their side's: read from
    the first of them), `winners` the players it credits, `sides` the sides that score
    (default: every player for himself). Each side is named as `sides.side_name` names it;
    the winning sides come first, then the others best first (lowest first with
    `low_wins`), in seating order where level."""
    game = finished_game(len(finished) + 1, index, scores, winners, sides, low_wins=low_wins)
    return appended(finished, game)


def finished_game(number: int, index: int, scores: Mapping[str, Any], winners: Iterable[str],
                  sides: Optional[Sequence[Sequence[str]]] = None, *,
                  low_wins: bool = False) -> FinishedGame:
    """Game `number` (1-based) of the sitting, ended by hand `index`, as `game_over` adds it:
    for a game that keeps its finished games otherwise than in a tuple."""
    seated = [tuple(side) for side in sides] if sides else [(p,) for p in scores]
    won = set(winners)
    winning = [side for side in seated if not won.isdisjoint(side)]
    rest = [side for side in seated if won.isdisjoint(side)]
    best_first_key: Callable[[Tuple[str, ...]], Any] = (lambda side: scores[side[0]]) if low_wins \
        else (lambda side: -scores[side[0]])
    best = sorted(winning, key=best_first_key)
    ordered = best + sorted(rest, key=best_first_key)
    return FinishedGame(
        game=number, winners=tuple(side_name(side) for side in best),
        scores={side_name(side): scores[side[0]] for side in ordered}, hand=index + 1,
        players=tuple(p for side in winning for p in side))


def games_won(finished: Sequence[FinishedGame], players: Sequence[str]) -> Dict[str, int]:
    """The games each player has won (a side's game counts for each of its players)."""
    won = {p: 0 for p in players}
    for game in finished:
        for p in game.players:
            won[p] += 1
    return won


class Race(Generic[K]):
    """A deal's points counted one scorer at a time, in the order the game's law counts them
    (the game keeps that order and cites its law): whoever the counting first takes to the
    target is `first`, and what is left of the deal does not count (`count` gives 0), as in
    Cribbage (pegging out), Whist, Scotch Whist and All Fours. With `rest_counts` the rest of
    the deal still counts and `first` stays the first (Slobberhannes, Polignac: the first to
    lose his counters).

    `cap` cuts a scorer's score: one value for everyone (no more counters lost than he had)
    or a mapping by scorer (Whist: points beyond the game are lost, and a revoking side stops
    one short). `scores` holds the scores as counted so far.
    """

    def __init__(self, scores: Mapping[K, Any], target: Any, *,
                 cap: Union[None, Any, Mapping[K, Any]] = None, rest_counts: bool = False) -> None:
        self.scores: Dict[K, Any] = dict(scores)
        self.target = target
        self.cap = cap
        self.rest_counts = rest_counts
        self.first: Optional[K] = None

    @property
    def over(self) -> bool:
        """Someone has reached the target: the rest of the deal does not count."""
        return self.first is not None

    def cap_of(self, key: K) -> Any:
        cap = self.cap
        return cap.get(key) if isinstance(cap, _Mapping) else cap

    def count(self, key: K, points: Any) -> Any:
        """Count `points` to `key`; what was counted (cut at his cap; 0 once the race is over).
        The same as `count_together({key: points})[key]`, without its mappings: a replay
        counts every scorer of every deal through here."""
        if self.first is not None and not self.rest_counts:
            return 0
        old = self.scores[key]
        new = old + points
        cap = self.cap_of(key)
        if cap is not None:
            new = min(new, cap)
        self.scores[key] = new
        if self.first is None and new - old > 0 and self.target is not None and new >= self.target:
            self.first = key
        return new - old

    def count_together(self, points: Mapping[K, Any],
                       rank: Optional[Callable[[K], Any]] = None) -> Dict[K, Any]:
        """Points that count at one time (Scotch Whist's cards, to every side at once); what
        was counted to each. Of those they take to the target together, the best by `rank`
        (higher is better; default the score; level: the first given) is first."""
        if self.over and not self.rest_counts:
            return {k: 0 for k in points}
        counted: Dict[K, Any] = {}
        for k, n in points.items():
            new = self.scores[k] + n
            cap = self.cap_of(k)
            if cap is not None:
                new = min(new, cap)
            counted[k] = new - self.scores[k]
            self.scores[k] = new
        if not self.over:
            arrived = {k: self.scores[k] for k in points if counted[k] > 0}
            best = winners(arrived, self.target, rank=rank)
            if best:
                self.first = best[0]
        return counted
