"""Enflé or Schwellen (rules/001): the first rid of his cards takes the pool.

Four or more players (a Piquet pack at four; cards are added to give eight each: up to six
from one pack of 52, beyond that from a second pack; eight at most here). "Enflé is usually played for a pool, to which each player
contributes an equal amount before play begins." The text is cut off there; the choice
made here: every deal each player antes, and the whole pool goes to the first player rid of
his cards, so the pool is empty between deals.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Sequence, Tuple

from ..fields import PLAYER, Field
from ..model import Record, Session
from .base import Effect, Figure, Game, Standings, int_rule


class EnfleState(Record):  # counters won (+) or lost (-), and pools won, by each player
    __slots__ = ("net", "won")
    def __init__(self, net: Mapping[str, int], won: Mapping[str, int]) -> None:
        self.net, self.won = net, won


class Enfle(Game[EnfleState]):
    name = "enfle"
    description = ("Each deal every player antes (--rule ante=1) and the first rid of his cards "
                   "takes the pool: winner=NAME. Scores are net counters.")
    rules = (int_rule("ante", 1, "what each player puts into the pool every deal", low=1),)

    def fields(self, session: Session) -> List[Field]:
        return [Field("winner", PLAYER, "the first rid of his cards: takes the pool", required=True)]

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        return f"{values['winner']} went out first"  # the first rid of his cards

    def start(self, session: Session) -> EnfleState:
        zero = {p: 0 for p in session.players}
        return EnfleState(zero, zero)

    def apply(self, state: EnfleState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[EnfleState, Effect]:
        players, ante, winner = session.players, session.rules["ante"], hand["winner"]
        changes, summary = _deal(tuple(players), ante, winner)
        net = {p: score - ante for p, score in state.net.items()}
        net[winner] += ante * len(players)  # his ante back, and everyone else's
        won = dict(state.won)
        won[winner] += 1
        return EnfleState(net, won), Effect(summary, changes, net, self.dealer(session, index))

    def figures(self, values: Mapping[str, Any], before: EnfleState, after: EnfleState,
                effect: Effect, session: Session) -> Sequence[Figure]:
        return (Figure(values["winner"], "pools won"),)

    def finish(self, state: EnfleState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        return Standings(
            game=self.name, players=session.players, scores=dict(state.net), effects=effects,
            unit=self.unit, balances=dict(state.net),
            next_dealer=self.dealer(session, len(session.hands)), pool=0,
            columns={"pools": dict(state.won)})


def _deal(players: Tuple[str, ...], ante: int, winner: str) -> Tuple[Mapping[str, int], str]:
    """What a deal moves (each antes, the winner takes the pool), and its summary."""
    pool = ante * len(players)
    changes = {p: (pool - ante if p == winner else -ante) for p in players}
    return changes, f"all ante {ante}: {winner} takes the pool of {pool}"
