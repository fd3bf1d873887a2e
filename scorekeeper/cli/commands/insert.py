"""`scorekeeper insert` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

import sys
from typing import List

import typer

from ...model import ScorekeeperError
from .. import sitting_path, save_change, print_saved, is_terminal, registry
from ..helptext import example
from . import sitting_arg, complete_field, moved, number_forgotten


@registry.command(epilog=example("scorekeeper insert friday 2 bidder=Cid bid=7 made=8",
                                 "scorekeeper insert friday 1 -i"))
def insert(ctx: typer.Context, name: str = sitting_arg(),
           number_text: str = typer.Argument(..., metavar="NUMBER", help="the hand to log it before "
                                             "(1 is the first; one past the last: at the end)"),
           fields: List[str] = typer.Argument(None, metavar="FIELDS...", help="FIELD=VALUE ... as for hand",
                                              autocompletion=complete_field),
           interactive: bool = typer.Option(False, "--interactive", "-i", help="ask for the fields, "
                                            "as hand does")) -> None:
    """Log a forgotten hand before hand N; show what it changed (every later hand is
    recomputed; a hand it makes impossible refuses it)."""
    from ... import ledger
    from ...fields import parse_assignments, typed_number

    path = sitting_path(ctx, name)
    if "=" in number_text:
        raise ScorekeeperError(number_forgotten(path, name, [number_text, *(fields or [])], "insert"),
                               usage=True)
    number = typed_number(number_text, "NUMBER", "the hand to log it before")
    show = moved(ctx, "insert", number)
    if interactive or (not fields and is_terminal(sys.stdin)):
        from ..prompts import ask_hand

        text = ask_hand(path, show, given=parse_assignments(fields or []),
                        make=lambda raw: ledger.insert(path, number, raw))[1]
    elif not fields:
        raise ScorekeeperError("give the hand's fields as FIELD=VALUE (scorekeeper games GAME lists them)",
                               usage=True)
    else:
        raw = parse_assignments(fields)
        text = save_change(path, lambda: ledger.insert(path, number, raw), show)[1]
    print_saved(text, f"the hand inserted as hand {number} was saved")
