"""`scorekeeper hand` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

import sys
from typing import Any, List, Optional

import typer

from ...model import ScorekeeperError
from .. import sitting_path, style_of, save_change, print_saved, is_terminal, registry
from ..helptext import example
from . import sitting_arg, json_opt, complete_field


@registry.command(epilog=example("scorekeeper hand friday bidder=Ann bid=8 made=10", "scorekeeper hand friday -i",
                                 "scorekeeper hand friday -i bidder=Bob",
                                 "scorekeeper new crib --game cribbage --players Ann,Bob",
                                 "scorekeeper hand crib -i --by cards"))
def hand(ctx: typer.Context, name: str = sitting_arg(),
         fields: List[str] = typer.Argument(None, help="FIELD=VALUE ... (scorekeeper games GAME lists them)",
                                            autocompletion=complete_field),
         interactive: bool = typer.Option(False, "--interactive", "-i", help="ask for the fields (those "
                                          "given as FIELD=VALUE are not asked)"),
         by: Optional[str] = typer.Option(None, "--by", metavar="cards|points",
                                          help="with -i, for cribbage: ask the starter, hands and crib "
                                          "as cards, or each player's points (default: the first "
                                          "answer tells)", autocompletion=lambda: ["cards", "points"]),
         json: bool = json_opt()) -> None:
    """Log one hand, then show its effect and the standings."""
    from ... import ledger
    from ...render import sitting as render
    from ...fields import parse_assignments

    path = sitting_path(ctx, name)
    style = None if json else style_of(ctx)

    def show(change: Any) -> str:
        r = change.after
        return render.hand_json(r.session, r.standings) if json else render.effect_text(r.session, r.standings, style)

    if by is not None and by.strip().lower() not in ("cards", "points"):
        raise ScorekeeperError(f"--by must be cards or points, got {by!r}", usage=True)
    asking = interactive or (not fields and is_terminal(sys.stdin))
    if by is not None and not asking:
        raise ScorekeeperError("--by goes with -i (it says what the prompts ask)", usage=True)
    if asking:
        from ..prompts import ask_hand

        change, text = ask_hand(path, show, given=parse_assignments(fields or []),
                                by=by.strip().lower() if by else None)
    elif not fields:
        raise ScorekeeperError("give the hand's fields as FIELD=VALUE (scorekeeper games GAME lists them)",
                               usage=True)
    else:
        raw = parse_assignments(fields)
        change, text = save_change(path, lambda: ledger.add_hand(path, raw), show)
    print_saved(text, f"hand {len(change.after.session.hands)} was saved")
