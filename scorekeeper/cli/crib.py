"""`scorekeeper crib count|stats|discard|play`: cribbage arithmetic at the table.

Only typer is imported here; the counting modules are imported inside each command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Tuple

import typer

from .helptext import example
from .output import width

if TYPE_CHECKING:
    from ..cards import Card

app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, add_completion=False,
                  help="Cribbage: count a hand, the play, exact statistics, discard advice.",
                  epilog=example("scorekeeper crib count 5H 5D 5C JS --starter 5S"))


def _with_symbols(ctx: typer.Context, text: str) -> str:
    """5C as 5♣ on a terminal, as `show` prints cards (never piped, never with --no-color's
    plain text where the terminal cannot print them)."""
    from . import style_of

    style = style_of(ctx)
    if style is None or not style.symbols:
        return text
    from ..render.terminal import cards

    return cards(text, style)


def _cards(tokens: List[str]) -> Tuple[Card, ...]:
    from ..cards import parse_cards

    return parse_cards(" ".join(tokens))


@app.command(epilog=example("scorekeeper crib count 5H 5D 5C JS --starter 5S"))
def count(ctx: typer.Context, cards: List[str] = typer.Argument(..., help="the hand: 4 cards (six-card), 3 (five-card) "
                                            "or 6 (eight-card), such as 5H 5D 5C JS"),
          starter: str = typer.Option(..., "--starter", "-s", help="the card turned up, such as 5S"),
          crib: bool = typer.Option(False, "--crib", help="count as the crib (only a five-card flush)"),
          json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """Count a hand or crib at the show, with every combination."""
    from ..cards import Card
    from ..render import crib as render
    from ..games.cribbage.count import count_hand

    result = count_hand(_cards(cards), Card.parse(starter), crib=crib)
    typer.echo(render.count_json(result) if json else _with_symbols(ctx, render.count_text(result, width())))


@app.command(epilog=example("scorekeeper crib stats --crib"))
def stats(crib: bool = typer.Option(False, "--crib", help="only the crib rule (a flush needs all five)"),
          json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """The exact distribution of show counts over all 12,994,800 hands with a starter."""
    from ..render import crib as render
    from ..games.cribbage.stats import stats as compute

    result = compute()
    typer.echo(render.stats_json(result, crib) if json else render.stats_text(result, crib, width()))


@app.command(epilog=example("scorekeeper crib discard 5H 5D JS 6C 4D KH --dealer",
                            "scorekeeper crib discard 5H 5D JS 6C 4D --pone --players 3"))
def discard(ctx: typer.Context, cards: List[str] = typer.Argument(..., help="the cards dealt: 6 (six-card), 5 "
                                              "(five-card, or three and four hands) or 8 "
                                              "(eight-card), such as 5H 5D JS 6C 4D KH"),
            dealer: bool = typer.Option(False, "--dealer", help="the crib is yours (or your "
                                        "partner's, at four hands)"),
            pone: bool = typer.Option(False, "--pone", help="the crib is an opponent's"),
            players_text: str = typer.Option("2", "--players", metavar="INTEGER", help="2, or 3 or 4: five dealt and one "
                                        "laid out (§ 87)"),
            crib_size_text: str = typer.Option("4", "--crib-size", metavar="INTEGER", help="4, or 3 for the book's "
                                          "three-hand crib of one card from each (§ 87)"),
            json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """Rank the ways to lay out for the crib by expected hand and crib."""
    from ..render import crib as render
    from ..games.cribbage.discard import advise
    from ..fields import typed_number
    from ..model import ScorekeeperError

    players = typed_number(players_text, "--players", "the number of hands")
    crib_size = typed_number(crib_size_text, "--crib-size", "the cards in the crib")
    if dealer == pone:
        which = "only one of" if dealer else "whose crib it is:"
        raise ScorekeeperError(f"say {which} --dealer (yours) or --pone (the opponent's)", usage=True)
    advice = advise(_cards(cards), dealer, players, crib_size)
    typer.echo(render.discard_json(advice) if json
               else _with_symbols(ctx, render.discard_text(advice, dealer, width())))


@app.command(epilog=example("scorekeeper crib play 7H 8S 7D 9C --unfinished"))
def play(ctx: typer.Context, cards: List[str] = typer.Argument(..., help="the cards of one count, in the order played"),
         unfinished: bool = typer.Option(False, "--unfinished",
                                         help="the count goes on: no go for the last card"),
         json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """What each card of one count of the play pegs, up to thirty-one."""
    from ..render import crib as render
    from ..games.cribbage.play import play as score_play

    pegs = score_play(_cards(cards), finished=not unfinished)
    typer.echo(render.play_json(pegs) if json else _with_symbols(ctx, render.play_text(pegs, width())))
