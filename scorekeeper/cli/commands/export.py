"""`scorekeeper export` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

import typer

from .. import registry
from ..helptext import example
from . import PARTY_TOO, sitting_arg, sitting_or_party


@registry.command(epilog=example("scorekeeper export friday > friday.csv",
                                 "scorekeeper export sessions/examples/party-hearts.yaml > party.csv"))
def export(ctx: typer.Context, name: str = sitting_arg(PARTY_TOO),
           csv: bool = typer.Option(True, "--csv", help="comma-separated values (the only format)")) -> None:
    """Every hand with its effect and the scores after it, as CSV; of a party, every table's
    result."""
    from ...render import sitting as render

    r, party = sitting_or_party(ctx, name)
    if party is not None:
        from ...party import ledger as parties
        from ...render import party as party_render

        typer.echo(party_render.export_csv(party.party, party.standing, parties.deals_in_words(party)),
                   nl=False)
        return
    order = [f.name for f in r.game.fields(r.session)]
    typer.echo(render.export_csv(r.session, r.standings, order), nl=False)
