"""`scorekeeper edit` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

from typing import List

import typer

from ...model import ScorekeeperError
from .. import sitting_path, style_of, save_change, print_saved, registry
from ..helptext import example
from . import sitting_arg, complete_field, number_forgotten


@registry.command(epilog=example("scorekeeper edit friday 2 made=9", "scorekeeper edit friday 1 note="))
def edit(ctx: typer.Context, name: str = sitting_arg(),
         number_text: str = typer.Argument(..., metavar="NUMBER", help="the hand to correct (1 is the first)"),
         fields: List[str] = typer.Argument(None, metavar="FIELDS...",
                                            help="FIELD=VALUE ... (FIELD= removes a field)  [required]",
                                            autocompletion=complete_field)) -> None:
    """Correct hand N; show what it changed (everything after it is recomputed)."""
    from ... import ledger
    from ...render import sitting as render
    from ...fields import parse_assignments, typed_number

    path = sitting_path(ctx, name)
    if "=" in number_text:
        raise ScorekeeperError(number_forgotten(path, name, [number_text, *(fields or [])]), usage=True)
    if not fields:
        raise ScorekeeperError("Missing argument 'FIELDS...': give the fields to correct as FIELD=VALUE",
                               usage=True)
    number = typed_number(number_text, "NUMBER", "the hand to correct")
    style = style_of(ctx)
    raw = parse_assignments(fields)
    text = save_change(path, lambda: ledger.edit(path, number, raw), lambda c: render.correction_text(
        number, c.was.session, c.was.standings, c.after.session, c.after.standings, style=style,
        money=lambda: (ledger.settlement(c.was), ledger.settlement(c.after))))[1]
    print_saved(text, f"the correction to hand {number} was saved")
