"""`scorekeeper list` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

import typer

from .. import out, folder_and_why, registry
from ..helptext import example
from . import json_opt


@registry.command("list", epilog=example("scorekeeper list", "scorekeeper --dir ~/cards list --json"))
def list_(ctx: typer.Context, json: bool = json_opt()) -> None:
    """The sittings in the sessions folder, and which folder."""
    from ... import ledger
    from ...render import sitting as render

    folder, why = folder_and_why(ctx)
    rows = ledger.list_sittings(folder)
    if json:
        out(render.sessions_json(folder, why, rows))
    else:
        from ..output import width

        out(render.sessions_text(folder, why, rows, width()), page=True)
