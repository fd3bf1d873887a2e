"""`scorekeeper play` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

import typer

from .. import sitting_path, root_dir, registry
from ..helptext import example
from . import PARTY_TOO, sitting_arg


@registry.command(epilog=example("scorekeeper play friday"))
def play(ctx: typer.Context, name: str = sitting_arg(PARTY_TOO)) -> None:
    """The night in one place: the standings, then each hand (FIELD=VALUE ..., or Enter to be
    asked), and between hands undo, redo, edit N, insert N, delete N, show, settle, help, quit;
    Tab completes. Piped: one hand or word a line (printf 'Ann=5 Bob=3\\nundo\\nBob=7\\n' |
    scorekeeper play t); exit 1 if any line was refused. A party: table by table for the
    round being played."""
    from ... import store
    from ..play import play as play_night

    path = sitting_path(ctx, name)
    try:
        store.load(path)
        party = False
    except store.PartyFile:
        party = True
    root_ctx = ctx.find_root()
    root = (["--dir", str(root_ctx.obj)] if root_ctx.obj else []) + \
        (["--no-color"] if root_ctx.meta.get("no_color") else []) + \
        (["--no-pager"] if root_ctx.meta.get("no_pager") else [])
    play_night(root, name, path, party, root_dir(ctx))
