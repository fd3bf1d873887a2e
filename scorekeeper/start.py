"""The program's entry point (`scorekeeper`, `python -m scorekeeper`).

`scorekeeper --version` and a bare `scorekeeper --help` are answered here, before Typer and the
rest of the program are imported: about the cost of starting Python itself (bench/bench_scale.py,
"start"). Everything else goes to the Typer app (`cli.main`), and so does the help on a terminal
narrower than the help's full width, or when the copy of it here is not current.

The copy (`_help.py`) is the app's own help, word for word at the full width, written by
`python tests/test_start.py` with a checksum of the sources it comes from (the `cli` package,
and `render/shell.py` that breaks the examples' lines). When any of them has changed since,
the checksum differs and the app answers, as before this shortcut: a stale copy is never
printed, it only costs the time the shortcut saves (tests/test_start.py says so).
"""

import os
import sys

# (Nor typing, nor __future__: importing them would cost more than the rest of the answer.)

from . import __version__

FULL_WIDTH = 80  # click lays help out to min(terminal width, 80) - 2: from 80 columns on, alike


def main() -> None:
    args = sys.argv[1:]
    if args == ["--version"]:
        _answer(f"scorekeeper {__version__}\n")
    if args in (["--help"], ["-h"]) and _columns() >= FULL_WIDTH:
        from ._help import HELP, SOURCES

        if sources_checksum() == SOURCES:
            _answer(HELP)
    from .cli import main as run

    run()


def sources_checksum() -> int | None:
    """A checksum of the sources the root help is made from; None if they cannot be read."""
    import zlib

    here = os.path.dirname(os.path.abspath(__file__))
    cli = os.path.join(here, "cli")
    try:
        names = sorted(n for n in os.listdir(cli) if n.endswith(".py"))
        paths = [os.path.join(cli, n) for n in names] + [os.path.join(here, "render", "shell.py")]
        checksum = 0
        for path in paths:
            with open(path, "rb") as handle:
                checksum = zlib.crc32(handle.read(), checksum)
    except OSError:
        return None
    return checksum


def _columns() -> int:
    """The terminal's width as click finds it (shutil.get_terminal_size, which is slow to
    import): COLUMNS, else the terminal on stdout, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return columns


def _answer(text: str) -> None:
    """Print and exit 0; a closed pipe (`| head -1`) ends quietly, as every command does."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
    except OSError as err:  # a full disk: one line, as the app says it
        sys.stderr.write(f"error: cannot write the output: {err.strerror or err}\n")
        sys.exit(1)
    sys.exit(0)
