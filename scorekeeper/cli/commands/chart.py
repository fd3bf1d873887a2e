"""`scorekeeper chart` (cli/__init__.py's COMMANDS: imported only when it is run or listed)."""

import typer

from .. import style_of, out, registry
from ..helptext import example
from . import PARTY_TOO, sitting_arg, sitting_or_party


@registry.command(epilog=example("scorekeeper chart friday", "scorekeeper chart sessions/examples/party-hearts.yaml"))
def chart(ctx: typer.Context, name: str = sitting_arg(PARTY_TOO)) -> None:
    """Each player's (or side's) score after every hand, as a chart fitting the terminal; of a
    party, each player's stars round by round."""
    from ... import stats
    from ...render import chart as render_chart

    r, party = sitting_or_party(ctx, name)
    style = style_of(ctx)  # None when piped: plain ASCII, 80 columns
    width = (style.width if style is not None else None) or 80
    if party is not None:
        from ...render import party as party_render

        out(party_render.stars_text(party.party, party.standing, width, colour=bool(style and style.color)))
        return
    lines = stats.score_lines(r.standings)
    from ...render.sitting import fit_lines

    title = fit_lines(f"{r.session.name} ({r.standings.game}): the score after each hand", width)
    out(render_chart.chart_text(title, lines.lines, lines.game_ends, width,
                                 fancy=bool(style and style.symbols), colour=bool(style and style.color),
                                 target=r.game.race_target(r.session)))
