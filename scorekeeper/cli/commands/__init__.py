"""The commands of scorekeeper itself, a module each (`list` is list_.py), imported only when
the command is run or listed by --help and completion (cli/__init__.py's COMMANDS): a run
defines its own command alone, with the Argument and Option objects of its defaults. Here:
what more than one of them uses."""

from pathlib import Path
from typing import Any, Callable, List, Optional, Tuple

import typer

from ...model import ScorekeeperError
from .. import sitting_path, style_of, root_dir, folder_and_why


SITTING = "the sitting: a name in the sessions folder, or a path to a .yaml file"
PARTY_TOO = "the sitting or party: a name in the sessions folder, or a path to a .yaml file"


def sitting_arg(help: str = SITTING) -> Any:
    return typer.Argument(..., help=help, autocompletion=complete_sitting)


def json_opt() -> Any:
    return typer.Option(False, "--json", help="machine-readable output")


# Shell completion: the functions are tiny and import scorekeeper.complete only when a shell asks.
def complete_sitting(ctx: typer.Context, incomplete: str) -> List[str]:
    from ..complete import sittings

    return sittings(root_dir(ctx), incomplete)


def complete_game(incomplete: str) -> List[str]:
    from ..complete import games

    return games(incomplete)


def complete_field(ctx: typer.Context, incomplete: str) -> List[str]:
    from ..complete import fields

    return fields(root_dir(ctx), ctx.params.get("name"), incomplete)


def sessions_folder(ctx: typer.Context) -> Path:
    return folder_and_why(ctx)[0]


def stepped(ctx: typer.Context, change: Any, word: str) -> str:
    """What an undo or redo of a change in the middle did, shown as the change itself is:
    a correction as `edit` shows it, a hand put in or taken out as `insert` and `delete` do."""
    from ...render import sitting as render

    step, number = change.step, change.step.at + 1
    if step.step == "swap":
        style = style_of(ctx)
        shown = render.correction_text(number, change.was.session, change.was.standings, change.after.session,
                                       change.after.standings, style=style)
    else:
        shown = moved(ctx, "insert" if step.step == "put" else "delete", number)(change)
    return f"{word}: " + shown


def moved(ctx: typer.Context, kind: str, number: int) -> Callable[[Any], str]:
    """What insert and delete print: the hand, the later hands that changed, the standings and
    the money before -> after."""
    from ... import ledger
    from ...render import sitting as render

    style = style_of(ctx)
    return lambda c: render.moved_text(kind, number, c.before.session, c.before.standings, c.after.session,
                                       c.after.standings, style=style,
                                       money=lambda: (ledger.settlement(c.before), ledger.settlement(c.after)))


def number_forgotten(path: Path, name: str, fields: List[str], command: str = "edit") -> str:
    """`edit friday made=9`: the hand's number was left out. Say how many there are."""
    from ... import ledger
    from ...render.sitting import command_line

    given = " ".join(fields)
    try:
        hands = len(ledger.open_session(path).session.hands)
    except ScorekeeperError:
        hands = 0
    which = f"1 to {hands}; the last is {hands}" if hands else "1 is the first"
    return (f"the hand's number is missing: {command_line(name, command)} NUMBER {given} "
            f"(NUMBER: {which})")


def sitting_or_party(ctx: typer.Context, name: str, said: Optional[List[str]] = None) -> Tuple[Any, Any]:
    """(the sitting replayed, None) or (None, the party replayed): `export`, `chart` and
    `report` take either, found by the file's kind. `said`: a sitting's hands in words
    (ledger.validate)."""
    from ... import ledger, store

    try:
        return ledger.open_session(sitting_path(ctx, name), said=said), None
    except store.PartyFile as found:
        from ...party import ledger as parties

        return None, parties.check(found.party)
