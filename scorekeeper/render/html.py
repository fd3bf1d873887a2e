"""The pages to share: one self-contained HTML page each (styles inline, the chart as inline
SVG, no script, nothing fetched from the network), fit for a phone (a viewport, tables that
scroll inside themselves) and for paper (a print style). Values in, a string out: every name,
note and figure is escaped here."""

from __future__ import annotations

from datetime import datetime
from html import escape
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Tuple

from .sitting import finished_lines, money, number, paid, stake_words, standings_rows
from .chart import chart_svg, legend_html

if TYPE_CHECKING:
    from ..games.base import Standings
    from ..model import Session
    from ..settle import Settlement
    from ..stats import ScoreLines, Season

STYLE = """
* { box-sizing: border-box; }
body { font: 16px/1.45 Georgia, 'Times New Roman', serif; color: #1b1b1b; background: #fbf8f1;
       margin: 0 auto; max-width: 62em; padding: 1.2em 1em 2em; }
h1 { font-size: 1.7em; margin: .3em 0 .1em; } h2 { font-size: 1.25em; margin: 1.5em 0 .4em; }
h3 { font-size: 1.05em; margin: 1.3em 0 .3em; }
.meta { color: #555; margin-top: .2em; }
.wide { overflow-x: auto; }
table { border-collapse: collapse; margin: .4em 0; }
th, td { padding: .25em .6em; border-bottom: 1px solid #d8d2c4; text-align: left; vertical-align: top;
         white-space: nowrap; }
td.text { white-space: normal; min-width: 12em; }
.mid { text-align: center; }
.seats { display: inline-block; line-height: 1.9; }
th { background: #efe9db; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.note { color: #555; font-style: italic; }
.red { color: #b3261e; }
.star { display: inline-block; min-width: 1.5em; padding: 0 .3em; border-radius: .75em;
        -webkit-print-color-adjust: exact; print-color-adjust: exact;
        text-align: center; font-weight: bold; border: 2px solid; }
.star.gold { background: #e8b923; border-color: #b8860b; color: #1b1b1b; }
.star.red { background: #c0392b; border-color: #8e2418; color: #fff; border-radius: .2em; }
.star.green { background: #fff; border-color: #229954; color: #1b6e3c; }
.star:empty { min-width: 1.1em; height: 1.1em; vertical-align: -.15em; }
.corrected { color: #8a4b00; font-size: .85em; white-space: nowrap; }
.key { margin-right: 1.2em; white-space: nowrap; }
.swatch { display: inline-block; width: 1.4em; height: .35em; margin: 0 .35em .2em 0; }
svg { display: block; max-width: 100%; height: auto; }
.narrow-chart { display: none; }
.effect { color: #444; font-size: .92em; }
.pair { display: flex; flex-wrap: wrap; column-gap: 3em; align-items: flex-start; }
.pair > div { flex: 1 1 18em; min-width: 0; max-width: 100%; }
ul.pay { padding-left: 1.2em; } ul.pay li { margin: .15em 0; }
@media (max-width: 36em) {
  body { font-size: 15px; padding: .6em .5em 1.5em; }
  th, td { padding: .2em .35em; }
  td.text { min-width: 7em; }
  h1 { font-size: 1.4em; } h2 { margin-top: 1.2em; }
  .wide-chart { display: none; } .narrow-chart { display: block; }
}
@media print {
  @page { margin: 12mm 12mm 14mm; }
  body { font-size: 9pt; background: #fff; max-width: none; padding: 0; }
  h1 { font-size: 14pt; } h2 { font-size: 11pt; margin: .8em 0 .25em; break-after: avoid; }
  h3 { font-size: 10pt; break-after: avoid; }
  th { background: #eee; } th, td { padding: .1em .45em; }
  tr, svg, .key { break-inside: avoid; }
  .wide { overflow: visible; }
  svg { width: auto; max-height: 52mm; }
  .wide-chart { display: block; } .narrow-chart { display: none; }
}
"""

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


class Html(str):
    """Markup made here, put in a table as it is (every other cell is escaped)."""


def reading_time(text: Any) -> str:
    """A logged time as people read it: `Tue 1 Dec 2026, 19:03`, the clock of the table that
    wrote it (the offset is not converted); what does not read as a time is shown as it is."""
    moment = parse_time(text)
    if moment is None:
        return str(text or "")
    return f"{DAYS[moment.weekday()]} {moment.day} {MONTHS[moment.month - 1]} {moment.year}, {moment:%H:%M}"


def parse_time(text: Any) -> Optional[datetime]:
    raw = str(text or "").strip()
    if raw.endswith("Z"):  # Python 3.10 reads only +00:00
        raw = raw[:-1] + "+00:00"
    try:
        return datetime.fromisoformat(raw)
    except ValueError:
        return None


def plural(n: int, word: str) -> str:
    """1 hand, 2 hands."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _page(title: str, body: List[str]) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def _cell(value: Any, kind: str) -> str:
    content = value if isinstance(value, Html) else escape(str(value))
    return f'<td class="{kind}">{content}</td>' if kind else f"<td>{content}</td>"


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]], numeric: Sequence[int] = (),
           text: Sequence[int] = (), centre: Sequence[int] = ()) -> str:
    """A table, inside a box that scrolls sideways when it is wider than the screen: its
    cells on one line each, but the `text` columns, which wrap."""
    def kind(i: int) -> str:
        return "num" if i in numeric else "text" if i in text else "mid" if i in centre else ""

    head = "".join(f'<th class="{kind(i)}">{escape(h)}</th>' if kind(i) in ("num", "mid")
                   else f"<th>{escape(h)}</th>" for i, h in enumerate(headers))
    body = "".join("<tr>" + "".join(_cell(c, kind(i)) for i, c in enumerate(row)) + "</tr>\n"
                   for row in rows)
    return f'<div class="wide"><table><thead><tr>{head}</tr></thead><tbody>\n{body}</tbody></table></div>'


Sides = Optional[Sequence[Sequence[str]]]


def charts(lines: Mapping[str, List[Any]], game_ends: Sequence[int] = (), **how: Any) -> str:
    """The chart twice: wide for a desk and for paper, narrow for a phone (the page has no
    script: the style shows the one that fits)."""
    return (f'<div class="wide-chart">{chart_svg(dict(lines), game_ends, **how)}</div>'
            f'<div class="narrow-chart">{chart_svg(dict(lines), game_ends, width=360, height=240, **how)}</div>')


def sitting_html(session: "Session", st: "Standings", s: "Settlement", lines: "ScoreLines",
                 described: Sequence[str] = (), sides: Sides = None,
                 target: Optional[Any] = None) -> str:
    """One sitting: the standings and the settlement, the chart, every hand in words with its
    effect and the score after it (one column per side where partners share a score)."""
    n = len(session.hands)
    who = (" against ".join("-".join(side) for side in sides) if sides
           else "players: " + ", ".join(st.players))
    started = f", started {reading_time(session.created)}" if session.created else ""
    body = [f"<h1>{escape(session.name)}</h1>",
            f'<p class="meta">{escape(st.game)}, {plural(n, "hand")}{escape(started)}; {escape(who)}</p>',
            '<div class="pair"><div>', "<h2>Standings</h2>", standings_html(st, sides)]
    remarks = list(st.lines) + finished_lines(st)
    if remarks:
        body.append("<p>" + "<br>".join(escape(line) for line in remarks) + "</p>")
    body += ["</div><div>", "<h2>Settlement</h2>", settlement_html(st, s), "</div></div>"]
    if n:
        ends = (" <span class=\"key\">dashed line: a game over</span>" if lines.game_ends else "")
        aim = (f" <span class=\"key\">dotted line: {escape(number(target))} wins a game</span>"
               if target is not None else "")
        body += ["<h2>Score after each hand</h2>",
                 charts(lines.lines, lines.game_ends, target=target),
                 f"<p>{legend_html(list(lines.lines))}{ends}{aim}</p>"]
    body += ["<h2>Every hand</h2>", hands_html(session, st, described, sides)]
    return _page(f"{session.name} ({st.game})", body)


def _side_rows(st: "Standings", sides: Sides) -> Optional[List[Tuple[str, List[str]]]]:
    """The standings by side, where the partners' rows are alike (a shared score): else None."""
    if not sides:
        return None
    headers, rows = standings_rows(st)
    by_player = {row[0]: row[1:] for row in rows}
    found = []
    for side in sides:
        figures = [by_player[p] for p in side]
        if any(f != figures[0] for f in figures):
            return None
        found.append(("-".join(side), figures[0]))
    return found


def standings_html(st: "Standings", sides: Sides = None) -> str:
    headers, rows = standings_rows(st)
    by_side = _side_rows(st, sides)
    if by_side is not None:
        headers = ["side"] + headers[1:]
        rows = [[name] + figures for name, figures in by_side]
    return _table(headers, rows, numeric=range(1, len(headers)))


def settlement_html(st: "Standings", s: "Settlement") -> str:
    stake = stake_words(s)
    rows = [[p, number(s.balances[p]), money(s.money_cents[p], s.currency)] for p in st.players]
    headers = ["player", f"balance ({s.unit})", "money"]
    if s.stake is None:  # no money: the balance is what is paid
        headers, rows = headers[:2], [row[:2] for row in rows]
    pays = [f"<li>{escape(t.payer)} pays {escape(t.payee)} {escape(paid(t.cents, s))}</li>"
            for t in s.transfers] or ["<li>nobody owes anything</li>"]
    remarks = "".join(f"<p>{escape(line)}</p>" for line in st.settle_lines)
    return (f"<p>{escape(stake)}</p>" + _table(headers, rows, (1, 2)[:len(headers) - 1])
            + remarks + '<ul class="pay">' + "".join(pays) + "</ul>")


def red_suits(text: str) -> str:
    """Hearts and diamonds in red, as on the cards."""
    return text.replace("♥", '<span class="red">♥</span>').replace("♦", '<span class="red">♦</span>')


def hand_cell(words: str, fields: Mapping[str, Any]) -> Html:
    """A hand in words, its note after it, and when it was corrected, if it was."""
    cell = red_suits(escape(words))
    if fields.get("note"):
        cell += f' — <span class="note">{escape(str(fields["note"]))}</span>'
    if fields.get("corrected"):
        cell += f' <span class="corrected">(corrected {escape(reading_time(fields["corrected"]))})</span>'
    return Html(cell)


def hands_html(session: "Session", st: "Standings", described: Sequence[str] = (),
               sides: Sides = None) -> str:
    """Every hand: its number, dealer, the hand in words with what it did under it, and the
    score after it (one column per side where partners share a score)."""
    if not session.hands:
        return "<p>no hands yet</p>"
    from .sitting import hand_text

    columns = [tuple(side) for side in sides] if sides else [(p,) for p in st.players]
    headers = ["#", "dealer", "hand, and what it did"] + ["-".join(side) for side in columns]
    rows = []
    for i, (h, e) in enumerate(zip(session.hands, st.effects), start=1):
        words = described[i - 1] if i <= len(described) else hand_text(h.fields)
        effect = escape("; ".join((e.summary,) + tuple(e.notes)))
        rows.append([str(i), e.dealer or "", Html(f'{hand_cell(words, h.fields)}<br>'
                                                  f'<span class="effect">{effect}</span>')]
                    + [number(e.scores.get(side[0], "")) for side in columns])
    return _table(headers, rows, numeric=[0] + list(range(3, len(headers))), text=[2])


def played_order(nights: Sequence[Any]) -> List[Any]:
    """The season's sittings in the order they were played: by the time each was started
    (`created`, as its table's clock read it), then by name; a sitting without a time last."""
    def key(night: Any) -> Tuple[int, Any, str]:
        session = night.replayed.session
        moment = parse_time(session.created)
        return (0, moment.replace(tzinfo=None), session.name) if moment else (1, None, session.name)

    return sorted(nights, key=key)


def failed_text(failed: Any) -> str:
    """A file that failed, by its name alone: the page is shared, the folder is one's own."""
    from pathlib import Path

    name = Path(failed.file).name
    where = f"{name}:{failed.line}" if failed.line else name
    return f"{where}: {str(failed.error).replace(str(failed.file), name)}"


def season_html(season: "Season", nights: Sequence[Any]) -> str:
    """The folder's season: every player's figures, the money won night by night (in the
    order the nights were played), then each sitting's standings and payments."""
    from .stats import money_text, night_text, tally_text
    from ..stats import money_lines

    nights = played_order(nights)
    body = ["<h1>The season</h1>",
            f'<p class="meta">{plural(season.sittings, "sitting")}, {plural(season.hands, "hand")}</p>',
            "<h2>Standings</h2>"]
    players = list(season.players.values())
    body.append(_table(["player", "sittings", "hands", "games won", "money", "best night", "worst night"],
                       [[p.name, p.sittings, p.hands, p.games_won, money_text(p.money), night_text(p.best),
                         night_text(p.worst)] for p in players], (1, 2, 3, 4)))
    currency, lines = money_lines(nights)
    if lines and nights:
        body += [f"<h2>Money won so far, after each sitting{(' (' + escape(currency) + ')') if currency else ''}</h2>",
                 charts(lines, x_labels=[n.replayed.session.name for n in nights],
                        what="money won so far after each sitting"),
                 f"<p>{legend_html(list(lines))}</p>"]
    figures = [[p.name, game, name, tally_text(t)] for p in players
               for game, f in sorted(p.figures.items()) for name, t in f.items()]
    if figures:
        body += ["<h2>What each game's players care about</h2>",
                 _table(["player", "game", "figure", "value"], figures)]
    body.append("<h2>The sittings</h2>")
    for night in nights:
        r = night.replayed
        when = f", {reading_time(r.session.created)}" if r.session.created else ""
        body += [f"<h3>{escape(r.session.name)} <span class=\"meta\">({escape(r.standings.game)}, "
                 f"{plural(night.hands_played, 'hand')}{escape(when)})</span></h3>",
                 '<div class="pair"><div>', standings_html(r.standings, r.game.score_sides(r.session)),
                 "</div><div>",
                 settlement_html(r.standings, night.settlement), "</div></div>"]
    if season.parties:
        from pathlib import Path

        names = ", ".join(Path(f.file).stem for f in season.parties)
        body += ["<h2>Progressive parties</h2>",
                 f"<p>Not sittings, so not counted here; each has a page of its own "
                 f"(scorekeeper report NAME --html FILE): {escape(names)}.</p>"]
    if season.failed:
        body += ["<h2>Failed to load (not counted)</h2>",
                 "<ul>" + "".join(f"<li>{escape(failed_text(f))}</li>" for f in season.failed) + "</ul>"]
    return _page("the season", body)


# ---------------------------------------------------------------- a party (issue 21 point 9)

STAR_WORDS = {"gold": "gold: won at the head table", "red": "red: went up",
              "green": "green: lost at the booby table"}


def _star(colour: str, label: str = "") -> Html:
    return Html(f'<span class="star {colour}" title="{colour}">{escape(label)}</span>')


def party_html(party: "Session", st: Any, deals: Sequence[Sequence[str]] = ()) -> str:
    """A party to pin up: the prizes by the party's rule, each player's stars round by round,
    and each round's tables and results (a table that reported its Cinch deals, in words)."""
    from ..party.replay import PRIZES
    from .party import not_played, rounds_logged, sitting_out_line, stars_by_round, tables_by_round, tables_visited

    rule = party.rules.get("prizes", "stars")
    played = st.rounds_played
    started = f"; started {reading_time(party.created)}" if party.created else ""
    body = [f"<h1>{escape(party.name)}</h1>",
            f'<p class="meta">{escape(party.game)}, {len(st.present or party.players)} players at {len(st.tables)} '
            f'tables, {plural(played, "round")} played{escape(started)}</p>',
            "<h2>The prizes</h2>",
            f"<p>By {escape(rule)}: {escape(PRIZES[rule])}.</p>",
            _table(["place", "player", "gold", "red", "green", "tables"],
                   [[st.places[p], p, st.stars[p]["gold"], st.stars[p]["red"], st.stars[p]["green"],
                     tables_visited(st, p)] for p in st.standing], (2, 3, 4))]
    rounds = rounds_logged(st)
    if rounds:
        won, sat = stars_by_round(st), tables_by_round(st)
        rows = []
        for p in st.standing:
            cells: List[Any] = [st.places[p], p]
            for n in rounds:
                table = sat.get(p, {}).get(n)
                colour = won.get(p, {}).get(n)
                cells.append(_star(colour, str(table)) if colour else
                             str(table) if table is not None else "-" if not_played(st, p, n) else "")
            rows.append(cells)
        key = " ".join(f'<span class="key">{_star(c)} {escape(w)}</span>' for c, w in STAR_WORDS.items())
        body += ["<h2>Stars by round</h2>",
                 _table(["place", "player", *(f"round {n}" if n == rounds[0] else str(n) for n in rounds)],
                        rows, centre=range(2, 2 + len(rounds))),
                 f"<p>The table each sat at, its star marked: {key}</p>"]
    by_round: Dict[int, List[Tuple[Any, Sequence[str]]]] = {}
    for i, r in enumerate(st.results):
        by_round.setdefault(r.round, []).append((r, deals[i] if i < len(deals) else ()))
    for n in sorted(by_round):
        waiting = f" (being played: table{'s' if len(st.waiting()) != 1 else ''} " \
                  f"{', '.join(map(str, st.waiting()))} to report)" if n == st.round else ""
        rows = []
        for r, said in sorted(by_round[n], key=lambda pair: pair[0].table):
            result = escape(r.summary) + "".join(
                f'<br><span class="effect">deal {k}: {red_suits(escape(d))}</span>'
                for k, d in enumerate(said, start=1))
            seats = " ".join(_star(r.stars[p], p) if p in r.stars else escape(p) for p in r.players)
            rows.append([_table_label(r.table, len(st.tables)), Html(f'<span class="seats">{seats}</span>'),
                         Html(result)])
        came = [c.summary for c in st.changes if c.round == n]
        out = st.sitting_out[n - 1] if n <= len(st.sitting_out) else ()
        notes = "".join(f"<p>{escape(line)}</p>" for line in [*came, *([sitting_out_line(out)] if out else [])])
        body += [f"<h3>Round {n}{escape(waiting)}</h3>", notes,
                 _table(["table", "players, in seat order", "result"], rows, text=[1, 2])]
    if not st.results:
        body.append("<p>no results yet</p>")
    return _page(f"{party.name} ({party.game})", body)


def _table_label(number: int, tables: int) -> str:
    return "1 head" if number == 1 else f"{number} booby" if number == tables else str(number)
