"""`scorekeeper new` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

import sys
from typing import List, Optional

import typer

from ...model import ScorekeeperError
from .. import sitting_path, style_of, print_saved, is_terminal, registry
from ..helptext import example
from . import complete_sitting, complete_game


@registry.command(epilog=example("scorekeeper new friday --game cinch --players Ann,Bob,Cid,Dee --stake 0.25 "
                                 "--currency USD --rule game=61", "scorekeeper new saturday --like friday",
                                 "scorekeeper new sunday --like friday --players Ann,Bob,Cid,Eve"))
def new(ctx: typer.Context, name: str = typer.Argument(..., help="the sitting's name (letters, digits, "
                                                       "spaces, '-', '_', '.')"),
        game: Optional[str] = typer.Option(None, "--game", "-g", help="which game (scorekeeper games)  "
                                           "[required, unless --like]", autocompletion=complete_game),
        players: Optional[str] = typer.Option(None, "--players", "-p", help="names in seating order: "
                                              "Ann,Bob,Cid  [required, unless --like]"),
        rule: List[str] = typer.Option([], "--rule", "-r", help="house rule NAME=VALUE (repeatable)"),
        stake: Optional[str] = typer.Option(None, "--stake", help="money per counter, point or game  "
                                            "[default: none: settled in the game's own unit; asked "
                                            "at a terminal]"),
        currency: Optional[str] = typer.Option(None, "--currency", help="e.g. USD"),
        like: Optional[str] = typer.Option(None, "--like", metavar="SITTING",
                                           help="take the game, players, stake and house rules of an "
                                           "earlier sitting (what is given besides wins)",
                                           autocompletion=complete_sitting)) -> None:
    """Start a sitting."""
    from ... import ledger
    from ...render import sitting as render
    from ...fields import names_from, parse_assignments
    from ...fields import parse_stake

    rules = parse_assignments(rule, "rule")
    if like is not None:
        earlier = ledger.template(sitting_path(ctx, like))
        same_game = game is None or game.strip().lower() == earlier.game
        game = earlier.game if game is None else game
        players = ",".join(earlier.players) if players is None else players
        rules = {**(earlier.rules if same_game else {}), **rules}  # another game: not its rules
        stake = stake if stake is not None or earlier.stake is None else str(earlier.stake)
        currency = currency if currency is not None else earlier.currency
    for value, option in ((game, "--game"), (players, "--players")):
        if value is None:
            raise ScorekeeperError(f"Missing option '{option}' (or --like SITTING: the game, players, stake "
                                   f"and rules of an earlier sitting)", usage=True)
    assert game is not None and players is not None
    names = names_from(players)
    path = sitting_path(ctx, name, must_exist=False)
    new_folder = not path.parent.exists()  # a mistyped --dir should not pass unnoticed
    folder_note = f" (in a new folder {path.parent})" if new_folder else ""
    style = style_of(ctx)
    if stake is None and like is None and is_terminal(sys.stdin) and is_terminal(sys.stdout):
        stake = _ask_stake(currency)
    if stake is None and currency:  # a currency says money is meant: a stake of 1
        stake = "1"
    change = ledger.new_session(path, game, names, rules, parse_stake(stake) if stake is not None else None,
                                currency or "")
    r = change.after
    text = (render.fit_lines(f"created {r.session.path}{folder_note}", style.width if style else None)
            + "\n\n" + render.standings_text(r.session, r.standings, style))
    with ledger.locked(path, new=True):
        ledger.commit(change)
    print_saved(text, f"{r.session.name} was created")


def _ask_stake(currency: Optional[str]) -> Optional[str]:
    """At a terminal, `new` without --stake asks for it; Enter: no stake (the game's unit)."""
    from ...fields import parse_stake
    from ..output import fitted

    while True:
        answer: str = typer.prompt(fitted(f"stake: money per counter, point or game{' in ' + currency if currency else ''} "
                                     f"(Enter for none: settled in the game's own unit)"),
                              default="", show_default=False).strip()
        if not answer:
            return None
        try:
            parse_stake(answer)
        except ScorekeeperError as err:
            typer.echo(fitted(f"{err.message}; try again", sys.stderr, "  "), err=True)
            continue
        return answer
