"""`scorekeeper cinch tricks FILE`: play out a Cinch hand trick by trick, as Foster prints it.

Only typer is imported here; the game modules are imported inside the command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, List, Optional

import typer

from .helptext import example
from .output import width

app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, add_completion=False,
                  help="Cinch: play out a hand trick by trick and score it.",
                  epilog=example("scorekeeper cinch tricks sessions/examples/cinch-tricks/foster-4.txt"))


@app.callback()
def cinch() -> None:
    """Cinch (Double Pedro): commands of the game's own."""


@app.command(epilog=example("scorekeeper cinch tricks sessions/examples/cinch-tricks/foster-4.txt",
                            "scorekeeper new tuesday --game cinch --players A,Y,B,Z",
                            "scorekeeper cinch tricks sessions/examples/cinch-tricks/foster-4.txt --log tuesday"))
def tricks(ctx: typer.Context,
           file: Path = typer.Argument(..., help="a trick sheet: bidder, bid, trump, then six "
                                       "lines of four cards in seat order (see docs/cinch.md)"),
           log: Optional[str] = typer.Option(None, "--log", help="also log the hand in this "
                                             "cinch sitting (its players are the seats)"),
           rule: List[str] = typer.Option([], "--rule", "-r", help="house rule NAME=VALUE for "
                                          "scoring the hand alone (without --log)")) -> None:
    """Who won each trick, which counting cards each side took, and the score."""
    from functools import partial

    from .. import ledger, store
    from ..fields import parse_assignments
    from ..render.cinch import render_played
    from ..games.cinch.sheet import check_seats, play_sheets, score_alone
    from ..model import ScorekeeperError

    text = store.read_text(file, "trick sheet")
    if log is not None and rule:
        raise ScorekeeperError("--rule applies only without --log (the sitting has its own rules)",
                               usage=True)
    from . import sitting_path, save_change  # the one resolver for --dir plus a name

    path = sitting_path(ctx, log) if log is not None else None
    session = ledger.open_session(path).session if path is not None else None
    seats = session.players if session is not None else None
    if session is not None and session.game not in ("cinch", "sixty-three"):
        raise ScorekeeperError(f"--log: {log} is a {session.game} sitting; a trick sheet is a hand "
                               f"of cinch or sixty-three")
    sixty_three = session is not None and session.game == "sixty-three"
    hands = play_sheets(text, str(file), seats, sixty_three, log)
    shown = []
    for played in hands:
        fields = played.hand_fields()
        if path is None:
            effect = score_alone(played.sheet.seats, fields, parse_assignments(rule))
            shown.append(render_played(played, effect.summary, effect.notes, width()))
            continue
        assert seats is not None and log is not None  # a sitting to log into was given
        check_seats(played.sheet, seats, log)
        from ..render import sitting as render
        from ..render.terminal import Style

        def logged(change: Any, played: Any = played) -> str:  # made before the file is replaced
            replayed = change.after
            effect = replayed.standings.effects[-1]
            fit = width()
            style = Style(width=fit) if fit else None
            return (render_played(played, effect.summary, effect.notes, fit) + "\n\nlogged as "
                    + render.effect_text(replayed.session, replayed.standings, style))

        shown.append(save_change(path, partial(ledger.add_hand, path, fields), logged)[1])
    typer.echo("\n\n".join(shown))


