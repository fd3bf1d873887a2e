"""`party cards`: the cards a host prints before a party (issue 29 point 3), one HTML page.

The seating of round 1; a table card for each table (its number, head or booby, round 1's
players, and a QR code of the table's phone page on the board, `URL/table/N`, when the board's
address is given); a score card for each player (a row per round to tick the star won). Sized
in millimetres to print on A4 and on Letter alike: the printable box is the smaller of the
two (186 x 255 mm inside 12 mm margins), and no card is split by a page break.
Values in, a string out; the QR code is drawn by segno (the board's extra) as inline SVG.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, List, Optional, Sequence

if TYPE_CHECKING:
    from ..model import Session
    from ..party.replay import PartyStanding

STYLE = """
@page { margin: 12mm; }
* { box-sizing: border-box; }
body { font: 11pt/1.3 Georgia, 'Times New Roman', serif; color: #000; background: #fff; margin: 0; }
h1 { font-size: 18pt; margin: 0 0 2mm; } h2 { font-size: 13pt; margin: 0 0 3mm; }
.section { break-before: page; } .section.first { break-before: auto; }
.cards { display: flex; flex-wrap: wrap; gap: 4mm; width: 186mm; }
.card { width: 91mm; border: 0.5mm solid #000; padding: 3mm 4mm; break-inside: avoid; }
.table-card { height: 118mm; display: flex; flex-direction: column; align-items: center; }
.table-card .number { font-size: 40pt; font-weight: bold; line-height: 1; margin-top: 2mm; }
.table-card .rank { font-size: 14pt; height: 7mm; }
.table-card svg { width: 34mm; height: 34mm; margin: 2mm 0; }
.table-card .url { font: 8pt monospace; word-break: break-all; text-align: center; }
.table-card .seated { margin-top: auto; font-size: 10pt; text-align: center; }
.score-card { min-height: 60mm; }
.score-card .who { font-size: 15pt; font-weight: bold; }
.score-card .meta { font-size: 9pt; }
.score-card table, .seating { border-collapse: collapse; width: 100%; margin: 1.5mm 0; }
.score-card td, .score-card th { border: 0.3mm solid #000; height: 6mm; padding: 0 1.5mm; font-size: 9pt;
                                 text-align: center; }
.seating { width: auto; } .seating td, .seating th { border-bottom: 0.3mm solid #888; padding: 1mm 3mm;
                                                    text-align: left; }
.foot { font-size: 9pt; margin-top: 1mm; }
"""

ROUNDS = 6  # the score card's rows when nobody says how many rounds the evening plays


def _rank(number: int, tables: int) -> str:
    return "head table" if number == 1 else "booby table" if number == tables else ""


def qr_svg(url: str) -> str:
    """The QR code of `url` as inline SVG, one square a dark module, four modules of quiet zone."""
    import segno

    rows = list(segno.make(url, error="m").matrix_iter(border=4))
    size = len(rows)
    dark = "".join(f"M{x} {y}h1v1h-1z" for y, row in enumerate(rows) for x, v in enumerate(row) if v)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" shape-rendering="crispEdges" '
            f'role="img" aria-label="{escape(url)}"><rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path d="{dark}" fill="#000"/></svg>')


def table_address(url: str, number: int) -> str:
    """The board's phone page for a table (helper board's `/table/N`)."""
    return f"{url.rstrip('/')}/table/{number}"


def cards_html(party: "Session", st: "PartyStanding", url: Optional[str] = None, rounds: int = ROUNDS) -> str:
    first = st.history[0]
    out = st.sitting_out[0] if st.sitting_out else ()
    body = [f'<div class="section first"><h1>{escape(party.name)}: round 1</h1>',
            f"<p>{escape(party.game)}, {len(st.present or party.players)} players at {len(first)} tables</p>",
            _seating(first, out), "</div>",
            '<div class="section"><h2>Table cards</h2><div class="cards">',
            *(_table_card(party, n, players, len(first), url) for n, players in enumerate(first, start=1)),
            "</div></div>",
            '<div class="section"><h2>Score cards</h2><div class="cards">',
            *(_score_card(party, p, first, rounds) for p in st.players if p in set(st.present or st.players)),
            "</div></div>"]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(party.name)}: cards</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def _seating(tables: Sequence[Sequence[str]], out: Sequence[str]) -> str:
    seats = max(len(t) for t in tables)
    head = "".join(f"<th>seat {n}</th>" for n in range(1, seats + 1))
    rows = "".join(f"<tr><td>{n} {escape(_rank(n, len(tables)).split(' ')[0])}</td>"
                   + "".join(f"<td>{escape(p)}</td>" for p in players)
                   + "<td></td>" * (seats - len(players)) + "</tr>"
                   for n, players in enumerate(tables, start=1))
    sitting = f"<p>sitting out: {escape(', '.join(out))}</p>" if out else ""
    return f'<table class="seating"><tr><th>table</th>{head}</tr>{rows}</table>{sitting}'


def _table_card(party: "Session", number: int, players: Sequence[str], tables: int, url: Optional[str]) -> str:
    parts = [f'<div class="card table-card"><div class="number">Table {number}</div>',
             f'<div class="rank">{escape(_rank(number, tables))}</div>']
    if url:
        address = table_address(url, number)
        parts += [qr_svg(address), f'<div class="url">{escape(address)}</div>']
    parts += [f'<div class="seated">round 1: {escape(", ".join(players))}</div>',
              f'<div class="foot">{escape(party.name)}: table {number} of {tables}</div></div>']
    return "".join(parts)


def _score_card(party: "Session", player: str, first: Sequence[Sequence[str]], rounds: int) -> str:
    table = next((n for n, players in enumerate(first, start=1) if player in players), None)
    start = f"starts at table {table}" if table else "sits out round 1"
    rows: List[str] = [f"<tr><td>{n}</td><td></td><td></td><td></td><td></td></tr>" for n in range(1, rounds + 1)]
    return (f'<div class="card score-card"><div class="who">{escape(player)}</div>'
            f'<div class="meta">{escape(party.name)} ({escape(party.game)}): {start}</div>'
            "<table><tr><th>round</th><th>table</th><th>gold</th><th>red</th><th>green</th></tr>"
            + "".join(rows) + "</table>"
            f'<div class="foot">{escape(player)}\'s stars: gold ____ red ____ green ____</div></div>')
