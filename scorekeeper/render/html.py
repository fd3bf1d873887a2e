"""The report to share: one self-contained HTML page (styles inline, the chart as inline SVG,
no script, nothing fetched from the network). Values in, a string out."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, List, Sequence

from .sitting import finished_lines, hand_text, money, number, standings_rows
from .chart import chart_svg, legend_html

if TYPE_CHECKING:
    from ..games.base import Standings
    from ..model import Session
    from ..settle import Settlement
    from ..stats import ScoreLines, Season

STYLE = """
body { font: 15px/1.45 Georgia, 'Times New Roman', serif; color: #1b1b1b; background: #fbf8f1;
       margin: 2em auto; max-width: 60em; padding: 0 1em; }
h1 { font-size: 1.7em; margin-bottom: .2em; } h2 { font-size: 1.25em; margin-top: 1.6em; }
.meta { color: #555; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { padding: .25em .7em; border-bottom: 1px solid #d8d2c4; text-align: left; vertical-align: top; }
th { background: #efe9db; } td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.key { margin-right: 1.2em; white-space: nowrap; }
.swatch { display: inline-block; width: 1.4em; height: .35em; margin: 0 .35em .2em 0; }
ul.pay li { margin: .15em 0; }
"""


def _page(title: str, body: List[str]) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]], numeric: Sequence[int] = ()) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(
        f'<td class="num">{escape(str(c))}</td>' if i in numeric else f"<td>{escape(str(c))}</td>"
        for i, c in enumerate(row)) + "</tr>\n" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>\n{body}</tbody></table>"


def sitting_html(session: "Session", st: "Standings", s: "Settlement", lines: "ScoreLines") -> str:
    """One sitting: the standings, the chart, every hand with its effect, the settlement."""
    n = len(session.hands)
    body = [f"<h1>{escape(session.name)}</h1>",
            f'<p class="meta">{escape(st.game)}, {n} hand{"s" if n != 1 else ""}, started '
            f"{escape(str(session.created))}; players: {escape(', '.join(st.players))}</p>",
            "<h2>Standings</h2>", standings_html(st)]
    remarks = list(st.lines) + finished_lines(st)
    if remarks:
        body.append("<p>" + "<br>".join(escape(line) for line in remarks) + "</p>")
    if n:
        body += ["<h2>Score after each hand</h2>", chart_svg(lines.lines, lines.game_ends),
                 f"<p>{legend_html(list(lines.lines))}"
                 + (" <span class=\"key\">dashed line: a game over</span>" if lines.game_ends else "")
                 + "</p>"]
    body += ["<h2>Settlement</h2>", settlement_html(st, s), "<h2>Every hand</h2>",
             hands_html(session, st)]
    return _page(f"{session.name} ({st.game})", body)


def standings_html(st: "Standings") -> str:
    headers, rows = standings_rows(st)
    return _table(headers, rows, numeric=range(1, len(headers)))


def settlement_html(st: "Standings", s: "Settlement") -> str:
    stake = f"stake {number(s.stake)} {s.currency}".rstrip() + f" per {s.unit.rstrip('s')}"
    rows = [[p, number(s.balances[p]), money(s.money_cents[p], s.currency)] for p in st.players]
    pays = [f"<li>{escape(t.payer)} pays {escape(t.payee)} {escape(money(t.cents, s.currency))}</li>"
            for t in s.transfers] or ["<li>nobody owes anything</li>"]
    remarks = "".join(f"<p>{escape(line)}</p>" for line in st.settle_lines)
    return (f"<p>{escape(stake)}</p>" + _table(["player", f"balance ({s.unit})", "money"], rows, (1, 2))
            + remarks + '<ul class="pay">' + "".join(pays) + "</ul>")


def hands_html(session: "Session", st: "Standings") -> str:
    if not session.hands:
        return "<p>no hands yet</p>"
    headers = ["#", "dealer", "hand", "effect"] + list(st.players)
    rows = [[str(i), e.dealer or "", hand_text(h.fields), "; ".join((e.summary,) + tuple(e.notes))]
            + [number(e.scores.get(p, "")) for p in st.players]
            for i, (h, e) in enumerate(zip(session.hands, st.effects), start=1)]
    return _table(headers, rows, numeric=[0] + list(range(4, len(headers))))


def season_html(folder: str, season: "Season", nights: Sequence[Any]) -> str:
    """The folder's season: every player's figures, then each sitting's standings and payments."""
    from .stats import money_text, night_text, tally_text

    body = ["<h1>The season</h1>",
            f'<p class="meta">{season.sittings} sittings, {season.hands} hands, from {escape(folder)}</p>',
            "<h2>Standings</h2>"]
    players = list(season.players.values())
    body.append(_table(["player", "sittings", "hands", "games won", "money", "best night", "worst night"],
                       [[p.name, p.sittings, p.hands, p.games_won, money_text(p.money), night_text(p.best),
                         night_text(p.worst)] for p in players], (1, 2, 3, 4)))
    from ..stats import money_lines

    currency, lines = money_lines(nights)
    if lines and nights:
        body += [f"<h2>Money won so far, after each sitting{(' (' + escape(currency) + ')') if currency else ''}</h2>",
                 chart_svg(lines, (), step="sitting"), f"<p>{legend_html(list(lines))}</p>"]
    figures = [[p.name, game, name, tally_text(t)] for p in players
               for game, f in sorted(p.figures.items()) for name, t in f.items()]
    if figures:
        body += ["<h2>What each game's players care about</h2>",
                 _table(["player", "game", "figure", "value"], figures)]
    body.append("<h2>The sittings</h2>")
    for night in nights:
        r = night.replayed
        body += [f"<h3>{escape(r.session.name)} <span class=\"meta\">({escape(r.standings.game)}, "
                 f"{len(r.session.hands)} hands, {escape(str(r.session.created))})</span></h3>",
                 standings_html(r.standings), settlement_html(r.standings, night.settlement)]
    if season.failed:
        body += ["<h2>Failed to load (not counted)</h2>",
                 "<ul>" + "".join(f"<li>{escape(str(f))}</li>" for f in season.failed) + "</ul>"]
    return _page("the season", body)
