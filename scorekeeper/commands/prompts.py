"""`scorekeeper hand` with no fields: ask for the hand at the table, question by question.

Printing and prompting live here (an edge, like cli.py); what to ask comes from the game's
fields and the sitting's rules.
"""

from __future__ import annotations

from pathlib import Path

import typer

from ..model import ScorekeeperError


def ask_hand(path: Path, prepare=None):
    """Ask for each field, log the hand, and return the replayed sitting (`prepare`: as
    ledger.add_hand's, what the command will print, made before the file is replaced)."""
    from .. import ledger

    replayed = ledger.open_session(path)
    players = replayed.session.players
    raw = {}
    for field in replayed.game.fields(replayed.session):
        mark = "" if field.required else " (Enter to leave out)"
        while True:  # a bad answer is explained and asked again, not found out after the last field
            answer = typer.prompt(f"{field.name}: {field.help}{mark}", default="", show_default=False)
            try:
                if answer.strip():
                    field.parse(answer.strip(), players)
                elif field.required:
                    raise ScorekeeperError(f"{field.name} is required ({field.kind.describe})")
            except ScorekeeperError as err:
                typer.echo(f"{err.message}; try again", err=True)
                continue
            break
        if answer.strip():
            raw[field.name] = answer.strip()
    return ledger.add_hand(path, raw, prepare=prepare)
