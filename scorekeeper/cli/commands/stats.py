"""`scorekeeper stats` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

from typing import Optional

import typer

from .. import out, registry
from ..helptext import example
from . import json_opt, sessions_folder


@registry.command(epilog=example("scorekeeper stats", "scorekeeper stats --game hearts --since 2026-11-01",
                                 "scorekeeper stats --player Ann --json"))
def stats(ctx: typer.Context,
          game: Optional[str] = typer.Option(None, "--game", "-g", help="only sittings of this game"),
          player: Optional[str] = typer.Option(None, "--player", "-p", help="only this player"),
          since: Optional[str] = typer.Option(None, "--since", help="only sittings from this date "
                                              "on (2026-11-01)"),
          json: bool = json_opt()) -> None:
    """Statistics over every sitting in the folder: per player and per game."""
    from ... import ledger
    from ...render import stats as render_stats
    from ... import stats as season_stats

    if game is not None:
        from ...games import get_game

        game = get_game(game).name
    folder = sessions_folder(ctx)
    keep = season_stats.keeper(game, player, season_stats.parse_since(since))
    # one sitting at a time (each_night streams them), judged by its header before its hands are read
    season = season_stats.season(ledger.each_night(folder, keep, game), (), player,
                                 filtered=bool(game or player or since))
    if json:
        out(render_stats.stats_json(season))
    else:
        from ..output import width

        out(render_stats.stats_text(season, str(folder), width()), page=True)
