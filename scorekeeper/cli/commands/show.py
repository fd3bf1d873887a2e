"""`scorekeeper show` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

from typing import Optional

import typer

from ...model import ScorekeeperError
from .. import sitting_path, style_of, out, registry
from ..helptext import example
from . import sitting_arg, json_opt


@registry.command(epilog=example("scorekeeper show friday", "scorekeeper show friday --last 5",
                                 "scorekeeper show friday --short", "scorekeeper --no-pager show friday",
                                 "scorekeeper show friday --json"))
def show(ctx: typer.Context, name: str = sitting_arg(),
         last_text: Optional[str] = typer.Option(None, "--last", metavar="N",
                                                 help="list only the last N hands"),
         short: bool = typer.Option(False, "--short", help="one line a hand; remarks many hands "
                                    "share said once"),
         json: bool = json_opt()) -> None:
    """Standings (with the next dealer), then every hand with its effect; when the hands are
    many, the standings again at the end. Long output goes through a pager on a terminal."""
    from ... import ledger
    from ...render import sitting as render

    last = None
    if last_text is not None:
        from ...fields import typed_number

        last = typed_number(last_text, "--last", "the number of hands to list")
        if last < 1:
            raise ScorekeeperError(f"--last: the number of hands to list must be at least 1, got {last}",
                                   usage=True)
    r = ledger.open_session(sitting_path(ctx, name))
    if json:
        out(render.show_json(r.session, r.standings, last))
    else:
        out(render.show_text(r.session, r.standings, style_of(ctx), r.game.score_sides(r.session), last,
                             short=short), page=True)
