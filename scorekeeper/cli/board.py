"""`scorekeeper board NAME`: serve a live page of a sitting or a party (docs/board.md).

Only typer is imported here; the board (Starlette, uvicorn: the `board` extra) when it runs.
"""

from __future__ import annotations

from typing import Optional

import typer

from ..model import ScorekeeperError

app = typer.Typer(rich_markup_mode=None, add_completion=False)

EXTRA = "the board needs its extra: pip install 'scorekeeper[board]'"


@app.command(epilog="\b\nExample:\n  scorekeeper board friday\n  scorekeeper board spring --host 0.0.0.0 "
                    "--entry")
def board(ctx: typer.Context,
          name: str = typer.Argument(..., help="the sitting or party: a name in the sessions folder, "
                                     "or a path to a .yaml file"),
          port: str = typer.Option("8765", "--port", metavar="PORT", help="the port to serve on (0: any free one)"),
          host: Optional[str] = typer.Option(None, "--host", metavar="ADDRESS", help="serve the local network: 0.0.0.0 "
                                             "(every interface) or one of this machine's addresses; "
                                             "by default only this machine (127.0.0.1)"),
          entry: bool = typer.Option(False, "--entry", help="take reports from the tables' phones, "
                                     "with the entry code printed as code: NNNNNN")) -> None:
    """Serve a live page of the standings (a party: the tables, the stars, the next seating) that
    updates itself whenever the file changes; with --entry, the tables report from their phones."""
    import gc

    from . import _path, _style, _out
    from ..fields import typed_number

    gc.enable()  # a long-running server, not one short command (cli.main turns it off)
    try:
        from ..board import serve
        from ..board.app import make_app, new_code
        from ..board.source import Board
    except ImportError as err:
        raise ScorekeeperError(f"{EXTRA} ({err})") from None

    spot = serve.place(host, typed_number(port, "--port", "the port"))
    sitting = Board(_path(ctx, name), entry=entry)
    sock, spot = serve.listen(spot)
    code = new_code() if entry else None
    _out(spot.url)  # the first line: the address
    if host is not None:
        style = _style(ctx)
        _out(serve.qr_text(spot.url, colour=bool(style and style.color)))
    _out(f"board of {sitting.name} ({sitting.kind}); Ctrl-C stops it")
    if code is not None:
        _out(f"code: {code}")
    import signal
    import sys

    sys.stdout.flush()
    signal.signal(signal.SIGTERM, _interrupt)  # `kill` stops it as Ctrl-C does
    try:
        serve.run(make_app(sitting, spot.hosts, code, notify=_out_flushed, address=spot.url), sock)
    except KeyboardInterrupt:  # uvicorn has shut down, then passes the Ctrl-C on
        pass
    _out("board stopped")


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _out_flushed(line: str) -> None:
    import sys

    typer.echo(line)
    sys.stdout.flush()
