"""The program's entry point: the `scorekeeper` command ([project.scripts] in pyproject.toml)
and `python -m scorekeeper`. A bare `--version` is answered before Typer is imported (about
the cost of starting Python); everything else goes to the Typer app (`cli.main`).

A command is one short process whose objects (the libraries it imports, a long sitting's hands,
effects and rows) live until it ends: the cycle collector's passes over them only cost time, so
it is off from the start (docs/speed.md, "The cycle collector").
"""

import gc
import sys

from . import __version__


def main() -> None:
    gc.disable()
    if sys.argv[1:] == ["--version"]:
        try:
            print(f"scorekeeper {__version__}", flush=True)
            return
        except OSError:  # a closed pipe, a full disk: the app answers, as it answers those
            pass
    from .cli import main as run

    run()
