"""Tally: the catch-all. Each hand gives each player's points; optionally played to a target."""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ..fields import Field, integer
from ..model import Record, Session
from . import target as _target
from .base import Effect, FinishedGame, Game, Standings, bool_rule, choice_rule, int_rule, zero_sum_around_mean


class TallyState(Record):  # a game's scores, and the whole sitting's (`totals`: what settlement uses)
    __slots__ = ("game_scores", "totals", "finished")
    def __init__(self, game_scores: Mapping[str, int], totals: Mapping[str, int],
                 finished: Sequence[FinishedGame] = ()) -> None:
        self.game_scores, self.totals, self.finished = game_scores, totals, finished


class Tally(Game[TallyState]):
    name = "tally"
    description = ("Each hand gives each player's points (Ann=12 Bob=-3); a player left out "
                   "scores 0. With a target, the first to reach it wins a game and a new game "
                   "starts. Settlement: each player's total against the average, or with "
                   "settle=difference each pair pays the difference between their totals.")
    rules = (
        int_rule("target", None, "points that win a game; a new game starts after it (none: no target)",
                 low=1, optional=True),
        bool_rule("low_wins", False, "the lowest score is best (as in Hearts or golf)"),
        choice_rule("settle", "average", "average: each total against the average; difference: each "
                    "pair pays the difference",
                    "average", "difference"),
    )

    def fields(self, session: Session) -> List[Field]:
        return [Field(p, integer(), f"points {p} scored this hand (default 0)")
                for p in session.players]

    def start(self, session: Session) -> TallyState:
        zero = {p: 0 for p in session.players}
        return TallyState(zero, zero)

    def apply(self, state: TallyState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[TallyState, Effect]:
        players = session.players
        changes = {p: hand.get(p, 0) for p in players}
        game_scores = state.game_scores
        scores = {p: game_scores[p] + changes[p] for p in players}
        # until a game is won the game's scores are the sitting's (one mapping for both, never
        # changed once made)
        totals = scores if state.totals is game_scores else {p: state.totals[p] + changes[p] for p in players}
        finished = state.finished
        notes: Tuple[str, ...] = ()
        winner = self._winner(scores, session.rules) if session.rules.get("target") is not None else ""
        if winner:
            finished = _target.game_over(finished, index, scores, (winner,),
                                         low_wins=bool(session.rules.get("low_wins")))
            notes = (f"{winner} wins the game",)
        effect = Effect(_summary(changes), changes, scores, self.dealer(session, index), notes)
        if winner:
            scores = {p: 0 for p in session.players}
        return TallyState(scores, totals, finished), effect

    def _winner(self, scores: Mapping[str, int], rules: Mapping[str, Any]) -> str:
        # Someone reached the target: the game ends. The best score wins (lowest if low_wins);
        # a tie for best: play on until it is broken.
        found = _target.winners(scores, rules.get("target"), ties=_target.PLAY_ON,
                               low_wins=bool(rules.get("low_wins")))
        return found[0] if found else ""

    def race_target(self, session: Session) -> Optional[int]:
        return session.rules.get("target")

    def finish(self, state: TallyState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        totals = state.totals
        balances = zero_sum_around_mean(totals)
        if session.rules.get("settle") == "difference":  # sum over q of (p - q) = n (p - average)
            balances = {p: b * len(totals) for p, b in balances.items()}
        if session.rules.get("low_wins"):
            balances = {p: -b for p, b in balances.items()}
        target = session.rules.get("target")
        columns = {}
        if target is not None:
            columns["total"] = dict(totals)
            columns["to go"] = _target.to_go(state.game_scores, target)
        return Standings(
            game=self.name, players=session.players, scores=dict(state.game_scores),
            effects=effects, unit=self.unit, balances=balances,
            next_dealer=self.dealer(session, len(session.hands)),
            games_won=_target.games_won(state.finished, session.players) if target is not None else None,
            columns=columns, finished_games=state.finished,
        )


def _summary(changes: Mapping[str, int]) -> str:
    return ", ".join(f"{p} {v:+d}" for p, v in changes.items() if v) or "no score"
