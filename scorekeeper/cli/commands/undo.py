"""`scorekeeper undo` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

import typer

from .. import sitting_path, style_of, save_change, print_saved, root_dir, registry
from ..helptext import example
from . import sitting_arg, stepped


@registry.command(epilog=example("scorekeeper undo friday"))
def undo(ctx: typer.Context, name: str = sitting_arg()) -> None:
    """Take back the last change: a hand, an edit, an insert or a delete (scorekeeper redo puts
    it back)."""
    from ... import ledger
    from ...render import sitting as render

    style = style_of(ctx)
    path = sitting_path(ctx, name)
    change, text = save_change(path, lambda: ledger.undo(path), lambda c: stepped(ctx, c, "undo") if c.step
                               else render.undone_text(name, c.was.session.hands[-1], c.after.session,
                                                       c.after.standings, root_dir(ctx), style))
    print_saved(text, "the undo was saved" if change.step else
                f"the undo of hand {len(change.was.session.hands)} was saved")
