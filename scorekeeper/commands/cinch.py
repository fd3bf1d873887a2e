"""`scorekeeper cinch tricks FILE`: play out a Cinch hand trick by trick, as Foster prints it.

Only typer is imported here; the game modules are imported inside the command.
"""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, add_completion=False,
                  help="Cinch: play out a hand trick by trick and score it.",
                  epilog="\b\nExample:\n  scorekeeper cinch tricks sessions/cinch-tricks/foster-4.txt")


@app.callback()
def cinch() -> None:
    """Cinch (Double Pedro): commands of the game's own."""


@app.command(epilog="\b\nExample:\n  scorekeeper cinch tricks sessions/cinch-tricks/foster-4.txt\n"
                    "  scorekeeper cinch tricks hand.txt --log tuesday")
def tricks(ctx: typer.Context,
           file: Path = typer.Argument(..., help="a trick sheet: bidder, bid, trump, then six "
                                       "lines of four cards in seat order (see docs/cinch.md)"),
           log: Optional[str] = typer.Option(None, "--log", help="also log the hand in this "
                                             "cinch sitting (its players are the seats)"),
           rule: List[str] = typer.Option([], "--rule", "-r", help="house rule NAME=VALUE for "
                                          "scoring the hand alone (without --log)")) -> None:
    """Who won each trick, which counting cards each side took, and the score."""
    from .. import ledger, store
    from ..fields import parse_assignments
    from ..games.cinch_printed import is_printed, printed_sheets
    from ..games.cinch_tricks import parse_sheet, play_out, render_played
    from ..model import ScorekeeperError

    text = store.read_text(file, "trick sheet")
    if log is not None and rule:
        raise ScorekeeperError("--rule applies only without --log (the sitting has its own rules)",
                               usage=True)
    path = _session_path(ctx, log) if log is not None else None
    session = ledger.open_session(path).session if path is not None else None
    seats = session.players if session is not None else None
    if session is not None and session.game not in ("cinch", "sixty-three"):
        raise ScorekeeperError(f"--log: {log} is a {session.game} sitting; a trick sheet is a hand "
                               f"of cinch or sixty-three")
    sixty_three = session is not None and session.game == "sixty-three"
    # The book's own layout (two hands side by side under their headings) gives a sheet for
    # each hand; they are played (and logged) left to right, top to bottom.
    sheets = printed_sheets(text) if is_printed(text) else [text]
    hands = []
    for number, sheet in enumerate(sheets, start=1):
        where = f" (hand {number} of {len(sheets)})" if len(sheets) > 1 else ""
        try:
            hands.append(play_out(parse_sheet(sheet, seats, sixty_three)))
        except ScorekeeperError as err:
            hint = ""
            if seats is not None and "is not at the table" in err.message:
                hint = (f" (with --log the sheet is read with {log}'s players in seat order: name "
                        f"the bidder and the others as {log} does)")
            raise ScorekeeperError(f"{file}{where}: {err.message}{hint}") from None
    shown = []
    for played in hands:
        fields = played.hand_fields()
        if path is None:
            effect = _score_alone(played.sheet.seats, fields, parse_assignments(rule))
            shown.append(render_played(played, effect.summary, effect.notes))
            continue
        _check_seats(played.sheet, seats, log)
        from .. import render

        def logged(replayed, played=played) -> None:  # made before the file is replaced
            effect = replayed.standings.effects[-1]
            shown.append(render_played(played, effect.summary, effect.notes) + "\n\nlogged as "
                         + render.effect_text(replayed.session, replayed.standings))

        ledger.add_hand(path, fields, prepare=logged)
    typer.echo("\n\n".join(shown))


def _session_path(ctx: typer.Context, name: str) -> Path:
    from ..store import session_path, sessions_dir

    root = ctx.find_root()
    given = root.obj or root.params.get("dir")
    return session_path(name, sessions_dir(str(given) if given else None))


def _check_seats(sheet, seats, log: str) -> None:
    from ..model import ScorekeeperError

    if tuple(sheet.seats) != tuple(seats):
        raise ScorekeeperError(f"players: the sheet seats {' '.join(sheet.seats)} but {log} seats "
                               f"{' '.join(seats)}; leave players out of the sheet or match them")


def _score_alone(seats, fields, rules):
    """Score the hand as the first deal of a four-handed cinch sitting under these rules."""
    from ..games import get_game
    from ..model import Hand, Session

    game = get_game("cinch")
    session = Session(name="tricks", game="cinch", players=tuple(seats),
                      rules=game.resolve_rules(rules, seats), hands=(Hand(dict(fields)),))
    return game.replay(session).effects[-1]
