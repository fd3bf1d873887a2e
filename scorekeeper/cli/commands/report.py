"""`scorekeeper report` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

from pathlib import Path
from typing import List, Optional

import typer

from ...model import ScorekeeperError
from .. import out, registry
from ..helptext import example
from . import complete_sitting, sessions_folder, sitting_or_party


@registry.command(epilog=example("scorekeeper report friday --html friday.html",
                                 "scorekeeper report sessions/examples/party-hearts.yaml --html party.html",
                                 "scorekeeper report --season --html season.html"))
def report(ctx: typer.Context,
           name: Optional[str] = typer.Argument(None, help="the sitting or party (leave out with --season)",
                                                autocompletion=complete_sitting),
           html: Path = typer.Option(..., "--html", help="the HTML file to write"),
           season: bool = typer.Option(False, "--season", help="every sitting in the folder"),
           force: bool = typer.Option(False, "--force", help="write over a file that is not a report "
                                      "scorekeeper wrote (never over a sitting or a party)")) -> None:
    """One self-contained HTML page to share: standings, chart, every hand, who pays whom; of a
    party, the prizes, the stars round by round and every table's result."""
    from ... import ledger, stats, store
    from ...render import html as render_html

    if season == (name is not None):
        raise ScorekeeperError("give a sitting's NAME, or --season for the whole folder "
                               "(not both)", usage=True)
    if season:
        folder = sessions_folder(ctx)
        count = stats.SeasonCount()  # one sitting at a time: what the page needs of each is kept
        nights = []
        for found in ledger.each_night(folder):
            count.add(found)
            if isinstance(found, ledger.Night):
                nights.append(found.slim(figures=False))
        page = render_html.season_html(count.season(), nights)
    else:
        assert name is not None  # season is False, so a NAME was given
        page = _one_page(ctx, name)
    store.write_report(html, page, force=force)
    out(f"wrote {html}")


def _one_page(ctx: typer.Context, name: str) -> str:
    """`report NAME`: the page of a sitting, or of a party."""
    from ... import ledger, stats
    from ...render import html as render_html

    said: List[str] = []  # each hand in words, said in the replay itself
    r, party = sitting_or_party(ctx, name, said)
    if party is not None:
        from ...party import ledger as parties

        return render_html.party_html(party.party, party.standing, parties.deals_in_words(party))
    lines = stats.score_lines(r.standings)
    return render_html.sitting_html(r.session, r.standings, ledger.settlement(r), lines,
                                    said, r.game.score_sides(r.session),
                                    r.game.race_target(r.session))
