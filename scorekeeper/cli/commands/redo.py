"""`scorekeeper redo` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

from typing import Any

import typer

from .. import sitting_path, style_of, save_change, print_saved, registry
from ..helptext import example
from . import sitting_arg, json_opt, stepped


@registry.command(epilog=example("scorekeeper undo friday", "scorekeeper redo friday"))
def redo(ctx: typer.Context, name: str = sitting_arg(), json: bool = json_opt()) -> None:
    """Put back what the last undo took back (a hand, an edit, an insert, a delete), as it was,
    if nothing was logged since."""
    from ... import ledger
    from ...render import sitting as render

    style = None if json else style_of(ctx)

    def show(change: Any) -> str:
        r = change.after
        if json:
            return render.hand_json(r.session, r.standings)
        if change.step:
            return stepped(ctx, change, "redo")
        return (render.fit_lines(f"put back hand {len(r.session.hands)}: "
                                 f"{render.hand_text(r.session.hands[-1].fields)}", style.width if style else None)
                + "\n" + render.effect_text(r.session, r.standings, style))

    path = sitting_path(ctx, name)
    change, text = save_change(path, lambda: ledger.redo(path), show)
    print_saved(text, "the redo was saved" if change.step else f"hand {len(change.after.session.hands)} was put back")
