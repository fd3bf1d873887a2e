"""`scorekeeper delete` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

import typer

from .. import sitting_path, save_change, print_saved, registry
from ..helptext import example
from . import sitting_arg, moved


@registry.command(epilog=example("scorekeeper delete friday 3"))
def delete(ctx: typer.Context, name: str = sitting_arg(),
           number_text: str = typer.Argument(..., metavar="NUMBER", help="the hand to remove (1 is the first)")) -> None:
    """Remove hand N (a hand logged twice); show what it changed (every later hand is
    recomputed; a hand it makes impossible refuses it). undo puts it back."""
    from ... import ledger
    from ...fields import typed_number

    path = sitting_path(ctx, name)
    number = typed_number(number_text, "NUMBER", "the hand to remove")
    text = save_change(path, lambda: ledger.delete(path, number), moved(ctx, "delete", number))[1]
    print_saved(text, f"the delete of hand {number} was saved")
