"""Racing to a target: the first to N wins a game, who wins when several reach it on one deal,
and the games won over a sitting.

Scores are keyed by whatever races (a player, or a side's name); the helpers never decide
what a game is worth: the game does that with the winners they return.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Hashable, Iterable, Mapping, Optional, Sequence, Tuple, TypeVar

K = TypeVar("K", bound=Hashable)

SHARE = "share"      # contenders level after every tie-break share the game
PLAY_ON = "play on"  # a tie for the game is no game yet: play on until it is broken


def reached(scores: Mapping[K, Any], target: Any) -> Tuple[K, ...]:
    """Who has reached the target (at or over it), in the order of `scores`."""
    return tuple(k for k in scores if scores[k] >= target)


def to_go(scores: Mapping[K, Any], target: Any) -> Dict[K, Any]:
    """What each still needs to reach the target (0 or less: reached)."""
    return {k: target - v for k, v in scores.items()}


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


def count_win(games_won: Mapping[K, int], winners_: Iterable[K]) -> Dict[K, int]:
    """The games won with one more game to each of `winners_`."""
    out = dict(games_won)
    for k in winners_:
        out[k] = out.get(k, 0) + 1
    return out


def no_games(keys: Sequence[K]) -> Dict[K, int]:
    """No game won yet by anyone."""
    return {k: 0 for k in keys}
