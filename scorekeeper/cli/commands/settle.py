"""`scorekeeper settle` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

import typer

from .. import sitting_path, style_of, out, registry
from ..helptext import example
from . import sitting_arg, json_opt


@registry.command(epilog=example("scorekeeper settle friday", "scorekeeper settle friday --json"))
def settle(ctx: typer.Context, name: str = sitting_arg(), json: bool = json_opt()) -> None:
    """Who pays whom at the end of the sitting (the fewest payments)."""
    from ... import ledger
    from ...render import sitting as render

    r = ledger.open_session(sitting_path(ctx, name))
    s = ledger.settlement(r)
    if json:
        out(render.settle_json(s, r.standings))
    else:
        out(render.settle_text(r.session, r.standings, s, style_of(ctx)), page=True)
