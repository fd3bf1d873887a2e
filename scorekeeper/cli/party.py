"""`scorekeeper party new|round|show|edit|undo|join|leave|cards`: a progressive party of many tables.

Only typer (and the app's own `save_change`) is imported here; the party modules are imported
inside each command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List

import typer

from . import out, print_saved, save_change  # what a command prints, made before the file is replaced
from . import sitting_path, root_dir  # the one resolver for --dir plus a name
from .helptext import example as _example
from .output import width

if TYPE_CHECKING:
    from pathlib import Path


_NEW = ("scorekeeper party new spring --game progressive-hearts "
        "--players Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal")
app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, add_completion=False,
                  help="Progressive Hearts or Cinch: many tables, players moving up, stars and prizes.",
                  epilog=_example(_NEW, "scorekeeper party round spring 1 Ann=3 Bob=4 Cid=2 Dan=4 cut=Dan",
                                  "scorekeeper party show spring"))


@app.callback()
def party() -> None:
    """A progressive party: tables of four, the winners moving up, stars and prizes."""


def _complete_name(ctx: typer.Context, incomplete: str) -> List[str]:
    from .complete import sittings

    return sittings(root_dir(ctx), incomplete)


def _name(help: str = "the party: a name in the sessions folder, or a path to a .yaml file") -> Any:
    return typer.Argument(..., help=help, autocompletion=_complete_name)


@app.command(epilog=_example(_NEW, "scorekeeper party new club --game progressive-cinch "
                                    "--players Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal --rule prizes=gold-first"))
def new(ctx: typer.Context, name: str = _name("the party's name"),
        game: str = typer.Option(..., "--game", "-g", help="progressive-hearts or progressive-cinch"),
        players: str = typer.Option(..., "--players", "-p", help="Hearts 6 to 60, tables of three to "
                                    "six; Cinch 8 to 60, four to a table, the rest sitting out in "
                                    "turn; seated in the order given, table 1 (the head table) first"),
        rule: List[str] = typer.Option([], "--rule", "-r", help="house rule NAME=VALUE: prizes="
                                       "stars|gold-first|all-stars; Cinch: scoring=deduct|setback|"
                                       "eight, sitout=average|none (repeatable)")) -> None:
    """Start a party and show the seating for round 1."""
    from ..party import ledger as parties
    from ..render import party as party_render
    from ..fields import names_from, parse_assignments

    names = names_from(players)
    path = sitting_path(ctx, name, must_exist=False)
    note = f" (in a new folder {path.parent})" if not path.parent.exists() else ""
    from .. import ledger

    change = parties.new_party(path, game, names, parse_assignments(rule, "rule"))
    text = party_render.created_text(change.after.party, change.after.standing, str(path), note, width())
    with ledger.locked(path, new=True):
        ledger.commit(change)
    print_saved(text, f"party {path.stem} was created")


def _gather_deals(raw: Dict[str, str]) -> Dict[str, str]:
    """`deal1.bidder=Ann deal1.bid=7` (a form the shell does not fight) as the one field
    `deal1=bidder=Ann bid=7` the party reads."""
    import re
    import shlex

    deals: Dict[str, List[str]] = {}
    out: Dict[str, str] = {}
    for key, value in raw.items():
        found = re.fullmatch(r"(deal\d+)\.(\w+)", key, re.IGNORECASE)
        if found:
            deals.setdefault(found.group(1).lower(), []).append(f"{found.group(2)}={shlex.quote(value)}")
        else:
            out[key] = value
    for deal, words in deals.items():
        out[deal] = " ".join(([out.pop(deal)] if deal in out else []) + words)
    return out


def _ask_result(path: Path, table: int) -> List[str]:
    """`party round NAME T` with no fields at a terminal: the table's result asked, as `hand`
    asks a hand; elsewhere the fields are missing."""
    import shlex
    import sys

    from ..model import ScorekeeperError
    from . import is_terminal
    from .output import fitted

    if not is_terminal(sys.stdin):
        raise ScorekeeperError("Missing argument 'FIELDS...': give the table's result as FIELD=VALUE",
                               usage=True)
    from ..party import ledger as parties

    standing = parties.open_party(path).standing
    seated = standing.tables[table - 1] if 1 <= table <= len(standing.tables) else ()
    who = f" ({', '.join(seated)})" if seated else ""
    answer = typer.prompt(fitted(f"round {standing.round} table {table}{who}: NAME=N for each player "
                                 f"(a pair's points at Cinch, or deal1.bidder=... deal1.bid=... "
                                 f"deal1.made=...), cut=NAME for a tie"), default="", show_default=False)
    try:
        words = shlex.split(answer)
    except ValueError as err:
        raise ScorekeeperError(f"{err} (a value with spaces goes in quotes)", usage=True) from None
    if not words:
        raise ScorekeeperError("no result given: nothing was saved", usage=True)
    return words


def _complete_result(ctx: typer.Context, incomplete: str) -> List[str]:
    """After `party round NAME 2 Mar`: the players (`Mary=`), `cut=` and the deals' fields."""
    from ..model import ScorekeeperError

    try:
        from ..party import ledger as parties
        from ..store import resolve_sessions_dir, session_path

        path = session_path(ctx.params.get("name") or "", resolve_sessions_dir(root_dir(ctx))[0])
        p = parties.open_party(path)
    except (ScorekeeperError, OSError):
        return []
    names = list(p.standing.present or p.party.players) + ["cut"]
    if p.standing.game == "progressive-cinch":
        names += [f"deal{n}.{f}" for n in range(1, 5) for f in ("bidder", "bid", "made")]
    return [f"{n}=" for n in names if n.lower().startswith(incomplete.lower())]


@app.command("round", epilog=_example(
    "scorekeeper party round spring 1 Ann=3 Bob=4 Cid=2 Dan=4 cut=Dan",
    "scorekeeper party round club 2 Eve=20 Fay=12",
    "scorekeeper party round club 1 'deal1=bidder=Ann bid=8 made=10' 'deal2=bidder=Bob bid=6 made=9' "
    "'deal3=bid=0 made=7' 'deal4=bidder=Dan bid=5 made=3'",
    "scorekeeper party round club 1 deal1.bidder=Ann deal1.bid=8 deal1.made=10 deal2.bidder=Cid "
    "deal2.bid=6 deal2.made=9 deal3.bid=0 deal3.made=7 deal4.bidder=Gus deal4.bid=5 deal4.made=3"))
def round_(ctx: typer.Context, name: str = _name(),
           table_text: str = typer.Argument(..., metavar="TABLE",
                                            help="the table reporting (1 is the head table)"),
           fields: List[str] = typer.Argument(None, help="hearts: NAME=N for each player; cinch: "
                                              "NAME=N a pair's points, or each deal's fields "
                                              "deal1.bidder=Ann deal1.bid=7 ... (or 'deal1=bidder=Ann "
                                              "bid=7 ...'); cut=NAME for a tie; none at a terminal: "
                                              "asked", autocompletion=_complete_result)) -> None:
    """Log one table's result for the round being played; when every table has reported, the
    movement is made and the next round's seating shown."""
    from ..party import ledger as parties
    from ..render import party as party_render
    from ..fields import parse_assignments, typed_number

    table = typed_number(table_text, "TABLE", "the table")
    path = sitting_path(ctx, name)
    if not fields:
        fields = _ask_result(path, table)
    raw = _gather_deals(parse_assignments(fields))
    text = save_change(path, lambda: parties.log_result(path, table, raw), lambda c: party_render.reported_text(
        c.after.party, c.after.standing, c.after.standing.results[-1], width()))[1]
    print_saved(text, f"the result of table {table} was saved")


@app.command(epilog=_example("scorekeeper party show spring", "scorekeeper party show spring --json"))
def show(ctx: typer.Context, name: str = _name(),
         json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """The seating, each player's tally, the order for the prizes, and every result."""
    from ..party import ledger as parties
    from ..render import party as party_render

    p = parties.open_party(sitting_path(ctx, name))
    out(party_render.show_json(p.party, p.standing) if json
         else party_render.show_text(p.party, p.standing, width()), page=not json)


@app.command(epilog=_example("scorekeeper party edit spring 1 1 Ann=5 Cid=0",
                            "scorekeeper party edit spring 1 1 Bob=4 Dan=4 cut=Dan"))
def edit(ctx: typer.Context, name: str = _name(),
         round_text: str = typer.Argument(..., metavar="ROUND", help="the round (1 is the first)"),
         table_text: str = typer.Argument(..., metavar="TABLE", help="the table"),
         fields: List[str] = typer.Argument(..., help="FIELD=VALUE ... as for party round "
                                            "(FIELD= removes one)")) -> None:
    """Correct a table's result; the movement after it is replayed."""
    from ..party import ledger as parties
    from ..render import party as party_render
    from ..fields import parse_assignments, typed_number

    round_number = typed_number(round_text, "ROUND", "the round")
    table = typed_number(table_text, "TABLE", "the table")
    path, raw = sitting_path(ctx, name), parse_assignments(fields)
    text = save_change(path, lambda: parties.edit(path, round_number, table, raw), lambda c: party_render.correction_text(
        round_number, table, c.was.standing, c.after.party, c.after.standing, width()))[1]
    print_saved(text, f"the correction to round {round_number} table {table} was saved")


@app.command(epilog=_example("scorekeeper party undo spring"))
def undo(ctx: typer.Context, name: str = _name()) -> None:
    """Remove the last entry logged: a result, an arrival or a departure."""
    from ..party import ledger as parties
    from ..render import party as party_render

    path = sitting_path(ctx, name)
    text = save_change(path, lambda: parties.undo(path), lambda c: party_render.undone_text(
        c.was.standing, c.after.party, c.after.standing, width()))[1]
    print_saved(text, "the undo of the last result was saved")


def _roster(ctx: typer.Context, name: str, player: str, change: str) -> None:
    from ..party import ledger as parties
    from ..render import party as party_render

    path = sitting_path(ctx, name)
    text = save_change(path, lambda: parties.roster_change(path, change, player), lambda c: party_render.roster_text(
        c.after.party, c.after.standing, width()))[1]
    print_saved(text, f"the {'arrival' if change == 'join' else 'departure'} of {player} was saved")


@app.command(epilog=_example(_NEW, "scorekeeper party join spring Zoe"))
def join(ctx: typer.Context, name: str = _name(),
         player: str = typer.Argument(..., help="the late arrival's name")) -> None:
    """Seat a late arrival from the next round (the round being played, if no table has
    reported it yet): a table of three made four, a sit-out seat, or a new booby table."""
    _roster(ctx, name, player, "join")


@app.command(epilog=_example(_NEW, "scorekeeper party leave spring Bob"))
def leave(ctx: typer.Context, name: str = _name(),
          player: str = typer.Argument(..., help="the player going home")) -> None:
    """Take a player out from the next round (the round being played, if no table has reported
    it yet); his stars so far are kept."""
    _roster(ctx, name, player, "leave")


@app.command(epilog=_example(_NEW, "scorekeeper party cards spring --html spring-cards.html "
                                   "--url http://192.168.1.20:8000"))
def cards(ctx: typer.Context, name: str = _name(),
          html: str = typer.Option(..., "--html", help="the page to write, to print on A4 or Letter"),
          url: str = typer.Option("", "--url", help="the board's address (scorekeeper board): each "
                                  "table card gets a QR code of its table's phone page, URL/table/N"),
          rounds: int = typer.Option(6, "--rounds", min=1, max=12, help="rows on each score card"),
          force: bool = typer.Option(False, "--force", help="write over a file that is not a page "
                                     "scorekeeper wrote (never over a sitting or a party)")) -> None:
    """The cards to print before the party: round 1's seating, a table card for each table
    (head or booby, a QR code of its phone page with --url) and a score card for each player."""
    from pathlib import Path

    from .. import store
    from ..model import ScorekeeperError
    from ..party import ledger as parties
    from ..render import cards as render_cards

    address = url.strip()
    if address and not address.lower().startswith(("http://", "https://")):
        raise ScorekeeperError(f"--url must be the board's address, http://HOST:PORT, got {address!r}",
                               usage=True)
    if address:
        try:
            import segno  # noqa: F401  (the QR codes: the board's extra)
        except ImportError:
            raise ScorekeeperError("--url draws QR codes with segno: pip install 'scorekeeper[board]'") from None
    p = parties.open_party(sitting_path(ctx, name))
    store.write_report(Path(html), render_cards.cards_html(p.party, p.standing, address or None, rounds),
                       force=force)
    out(f"wrote {html}")
