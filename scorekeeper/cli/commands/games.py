"""`scorekeeper games` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

from typing import List, Optional

import typer

from .. import out, registry
from ..helptext import example
from . import json_opt, complete_game


@registry.command(epilog=example("scorekeeper games", "scorekeeper games cinch --rule blind_draw=on",
                                 "scorekeeper games hearts --players Ann,Bob,Cid,Dee --json"))
def games(game: Optional[str] = typer.Argument(None, help="one game, in full",
                                               autocompletion=complete_game),
          rule: List[str] = typer.Option([], "--rule", "-r", help="show the hand fields under this "
                                         "house rule NAME=VALUE (repeatable)"),
          players: Optional[str] = typer.Option(None, "--players", "-p", help="show the hand fields "
                                                "for this table: Ann,Bob,Cid"),
          json: bool = json_opt()) -> None:
    """The games, or one game's house rules and hand fields."""
    from ...render import sitting as render
    from ...fields import names_from, parse_assignments

    from ..output import width

    if game is None:  # the registry says what is listed: no game is imported
        from ...games import GAMES, game_names

        every = {name: GAMES[name] for name in game_names()}
        out(render.games_json(every) if json else render.games_list(every, width()), page=not json)
        return
    from ... import ledger

    # `--players ""` is a mistake, not "no table given"
    seated = names_from(players) if players is not None else None
    g, fields = ledger.game_fields(game, parse_assignments(rule, "rule"), seated)
    out(render.game_help_json(g, fields) if json else render.game_help(g, fields, width()), page=not json)
