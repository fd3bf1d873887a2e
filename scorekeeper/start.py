"""The program's entry point (`scorekeeper`, `python -m scorekeeper`).

`scorekeeper --version` and a bare `scorekeeper --help` are answered here, before Typer and the
rest of the program are imported: about the cost of starting Python itself (bench/bench_scale.py,
"start"). Everything else, and the help on a terminal narrower than the help's full width,
goes to the Typer app (`cli.main`). The help here is the app's own help, word for word at the
full width (tests/test_start.py compares them and says how to write it again when the app's
commands change).
"""

from __future__ import annotations

import os
import sys

from . import __version__

FULL_WIDTH = 80  # click lays help out to min(terminal width, 80) - 2: from 80 columns on, alike


def main() -> None:
    args = sys.argv[1:]
    if args == ["--version"]:
        _answer(f"scorekeeper {__version__}\n")
    if args in (["--help"], ["-h"]) and _columns() >= FULL_WIDTH:
        from ._help import HELP

        _answer(HELP)
    from .cli import main as run

    run()


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
