"""Build a sitting in memory (no disk) for the pure game tests of this family."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.games import get_game
from scorekeeper.model import Hand, Session


def sitting(game: str, players: Sequence[str], hands: Sequence[Mapping[str, Any]], **rules: Any) -> Session:
    g = get_game(game)
    g.check_players(players)
    session = Session(name="t", game=game, players=tuple(players), rules={},
                      hands=tuple(Hand(dict(h)) for h in hands))
    return session._replace(rules=g.resolve_rules(rules, players))


def replay(game: str, players: Sequence[str], hands: Sequence[Mapping[str, Any]], **rules: Any):
    return get_game(game).replay(sitting(game, players, hands, **rules))


def figures(game: str, players: Sequence[str], hands: Sequence[Mapping[str, Any]], **rules: Any):
    """Every (player, figure, value) the hands add to the season's statistics, in order."""
    g = get_game(game)
    session = sitting(game, players, hands, **rules)
    found: list = []

    def observe(values: Any, before: Any, after: Any, effect: Any) -> None:
        found.extend((f.player, f.name, f.value) for f in g.figures(values, before, after, effect, session))
    g.replay(session, observe)
    return found
