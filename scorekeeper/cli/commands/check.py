"""`scorekeeper check` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

from typing import List

import typer

from ...model import FILE, ScorekeeperError
from .. import sitting_path, out, registry
from ..helptext import example
from . import complete_sitting


@registry.command(epilog=example("scorekeeper check friday",
                                 "scorekeeper check friday sessions/examples/cinch-*.yaml"))
def check(ctx: typer.Context,
          names: List[str] = typer.Argument(..., help="sittings: names in the sessions folder or "
                                            ".yaml files", autocompletion=complete_sitting)) -> None:
    """Every mistake in the sittings at once, one `file:line: message` each (exit 1 if any)."""
    from ... import ledger

    from ...render.sitting import fit_lines
    from ..output import width

    errors = [err for name in names for err in ledger.check_file(sitting_path(ctx, name, must_exist=False))]
    sittings = f"{len(names)} sitting{'s' if len(names) != 1 else ''}"
    if not errors:
        out(f"no mistakes in {sittings}")
        return
    # `file:line: message`, the message wrapped under it on a terminal
    out("\n".join(fit_lines(str(err), width()) for err in errors), page=True)
    mistakes = f"{len(errors)} mistake{'s' if len(errors) != 1 else ''}"
    raise ScorekeeperError(f"{mistakes} in {sittings}", kind=FILE)  # exit 1, as a problem with a file
