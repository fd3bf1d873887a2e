"""`scorekeeper board NAME`: serve a live page of a sitting or a party (docs/board.md).

Only typer is imported here; the board (Starlette, uvicorn: the `board` extra) when it runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import typer

from ..model import ScorekeeperError

if TYPE_CHECKING:
    from pathlib import Path

app = typer.Typer(rich_markup_mode=None, add_completion=False)

EXTRA = "the board needs its extra: pip install 'scorekeeper[board]'"


@app.command(epilog="\b\nExample:\n  scorekeeper board friday\n  scorekeeper board spring --host 0.0.0.0 "
                    "--entry\n  scorekeeper board spring --code")
def board(ctx: typer.Context,
          name: str = typer.Argument(..., help="the sitting or party: a name in the sessions folder, "
                                     "or a path to a .yaml file"),
          port: str = typer.Option("8765", "--port", metavar="PORT", help="the port to serve on (0: any free one)"),
          host: Optional[str] = typer.Option(None, "--host", metavar="ADDRESS", help="serve the local network: 0.0.0.0 "
                                             "(every interface) or one of this machine's addresses; "
                                             "by default only this machine (127.0.0.1)"),
          entry: bool = typer.Option(False, "--entry", help="take reports from the tables' phones, "
                                     "with the entry code printed as code: NNNNNN (the same each start)"),
          new_code: bool = typer.Option(False, "--new-code", help="with --entry: draw a new entry code "
                                        "(the phones let in before must give it)"),
          confirm: bool = typer.Option(False, "--confirm", help="with --entry: a report counts once a player "
                                       "of the other side at that table confirms it on his phone"),
          show_code: bool = typer.Option(False, "--code", help="print the entry code of the board of NAME "
                                         "(running or not) and stop")) -> None:
    """Serve a live page of the standings (a party: the tables, the stars, the next seating) that
    updates itself whenever the file changes; with --entry, the tables report from their phones."""
    import gc

    from . import sitting_path, style_of, out
    from ..fields import typed_number

    gc.enable()  # a long-running server, not one short command (start.main turns it off)
    from ..board import source

    if show_code:
        out(f"code: {_kept_code(sitting_path(ctx, name))}")
        return
    if new_code and not entry:
        raise ScorekeeperError("--new-code draws the code of a board that takes reports: give --entry too",
                               usage=True)
    try:
        from ..board import serve
        from ..board.app import make_app, new_code as draw, new_token
    except ImportError as err:
        raise ScorekeeperError(f"{EXTRA} ({err})") from None

    spot = serve.place(host, typed_number(port, "--port", "the port"))
    if confirm and not entry:
        raise ScorekeeperError("--confirm is for a board that takes reports: give --entry too", usage=True)
    sitting = source.Board(sitting_path(ctx, name), entry=entry, confirm=confirm)
    kept = None
    if entry:
        kept = None if new_code else source.read_entry(sitting.path)
        if kept is None:
            kept = source.Entry(draw(), new_token())
            source.keep_entry(sitting.path, kept)
    code = kept.code if kept else None
    sock, spot = serve.listen(spot)
    out(spot.url)  # the first line: the address
    if host is not None:
        style = style_of(ctx)
        out(serve.qr_text(spot.url, colour=bool(style and style.color)))
    out(f"board of {sitting.name} ({sitting.kind}); Ctrl-C stops it")
    if code is not None:
        out(f"code: {code}")
    import signal
    import sys

    sys.stdout.flush()
    signal.signal(signal.SIGTERM, _interrupt)  # `kill` stops it as Ctrl-C does
    try:
        serve.run(make_app(sitting, spot.hosts, code, notify=_out_flushed, address=spot.url,
                           token=kept.token if kept else None), sock)
    except KeyboardInterrupt:  # uvicorn has shut down, then passes the Ctrl-C on
        pass
    out("board stopped")


def _kept_code(path: "Path") -> str:
    from ..board import source
    from ..store import real_path

    if not real_path(path).exists():
        source.Board(path)  # the usual error for a sitting or party that is not there
    kept = source.read_entry(path)
    if kept is None:
        raise ScorekeeperError(f"no entry code is kept for {path.stem}: start its board with --entry")
    return kept.code


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _out_flushed(line: str) -> None:
    import sys

    typer.echo(line)
    sys.stdout.flush()
