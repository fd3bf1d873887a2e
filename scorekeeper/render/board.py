"""The live board's page, in pieces: the standings of a sitting or the tables of a party, and
the report form built from a game's own fields. Values in, HTML strings out.

Every value that comes from a file or a person (names, notes, a hand's fields, a summary) is
escaped here, once, with `html.escape`: a player called `<b>Dee</b>` shows as those letters.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Collection, List, Mapping, NamedTuple, Optional, Sequence

from .sitting import leading_players, finished_lines, hand_text, standings_rows

if TYPE_CHECKING:
    from ..fields import Field
    from ..games.base import Standings
    from ..model import Session
    from ..party.replay import PartyStanding

LAST_HANDS = 6  # the latest hands under the standings: what the room asks about ("what did Bob make?")
MAIN_FIELDS = 8  # a form shows a game's first fields (and every required one); the rest fold away


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], css: str,
           numeric: Sequence[int] = (), row_css: Sequence[str] = (), raw: bool = False) -> str:
    """A table of text (escaped here) or, with `raw`, of cells already made HTML."""
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = []
    for r, row in enumerate(rows):
        css_row = f' class="{row_css[r]}"' if r < len(row_css) and row_css[r] else ""
        cells = "".join(f'<td class="num">{c if raw else _e(c)}</td>' if i in numeric
                        else f"<td>{c if raw else _e(c)}</td>" for i, c in enumerate(row))
        body.append(f"<tr{css_row}>{cells}</tr>")
    return f'<table class="{css}"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


# ---------------------------------------------------------------- a sitting


def leaders(st: "Standings") -> List[str]:
    """Who leads, as `show` marks him."""
    return list(leading_players(st))


def sitting_board(session: "Session", st: "Standings", qr: Optional[Mapping[str, str]] = None,
                  awaiting: str = "") -> str:
    """The standings (the leader marked in words too), the remarks `show` makes under them, the
    next dealer and the latest hands with their notes; with `qr`, the phone page's QR code."""
    hands = len(session.hands)
    meta = [st.game, _plural(hands, "hand")]
    if st.next_dealer:
        meta.append(f"next dealer: {st.next_dealer}")
    headers, rows = standings_rows(st)
    leaders = set(leading_players(st))
    lead = ' <span class="mark">★ leads</span>'
    marked = [[_e(row[0]) + (lead if row[0] in leaders else "")] + [_e(c) for c in row[1:]] for row in rows]
    waiting = f'<p class="state awaiting">⧗ {_e(awaiting)}</p>' if awaiting else ""
    header = (f'<header class="top"><h1>{_e(session.name)}</h1>'
              f'<p class="meta">{" · ".join(_e(m) for m in meta)}</p>{waiting}</header>')
    parts = ['<section class="block standings-block">',
             _table(headers, marked, "standings", numeric=range(1, len(headers)), raw=True,
                    row_css=["lead" if row[0] in leaders else "" for row in rows])]
    remarks = list(st.lines) + finished_lines(st)
    if st.pool is not None:
        remarks.append(f"pool: {st.pool} {st.unit if st.pool != 1 else st.unit.rstrip('s')}")
    if remarks:
        parts.append('<ul class="remarks">' + "".join(f"<li>{_e(r)}</li>" for r in remarks) + "</ul>")
    parts.append("</section>")
    parts.append(f'<section class="block hands-block">{_last_hands(session, st)}</section>')
    if qr:
        parts.append(_qr_block(qr).html)
    return header + '<div class="pages"><div class="page" data-page="1" aria-label="page 1 of 1">' \
        + "\n".join(parts) + "</div></div>"


def _last_hands(session: "Session", st: "Standings") -> str:
    if not session.hands:
        return '<p class="quiet">no hands yet</p>'
    first = max(len(session.hands) - LAST_HANDS, 0)
    rows = []
    for i in range(len(session.hands) - 1, first - 1, -1):  # the newest first
        hand, effect = session.hands[i], st.effects[i]
        corrected = " (corrected)" if "corrected" in hand.fields else ""
        rows.append([str(i + 1), effect.dealer or "", hand_text(hand.fields) + corrected,
                     "; ".join((effect.summary,) + tuple(effect.notes))])
    return ('<h2>latest hands</h2>'
            + _table(["#", "dealer", "hand", "effect"], rows, "hands", numeric=[0]))


# ---------------------------------------------------------------- a party on the television

# The television is laid out on a canvas of CANVAS_WIDTH by CANVAS_HEIGHT rem (the page's rem
# is a 64th of the screen's width or a 36th of its height, whichever is less: 20 px on
# 1280x720, 30 on 1920x1080, 60 on 3840x2160), so one packing serves every size. The blocks
# (the seating, this round's results, find your seat, the stars, the notes, the tables' QR
# codes) are packed into pages by an estimate of their size; the page's script turns the pages
# and, should an estimate be short, shrinks a page's type until it fits.
CANVAS_WIDTH, PAGE_HEIGHT = 62.0, 28.5  # rem: the canvas less its margins, the header and the pager
ROW, BLOCK_HEAD, CHAR, CELL = 1.52, 3.2, 0.5, 1.1   # rem: a row, a block's heading, a character, a cell's padding
GAP = 2.0
WRAP = 26.0  # rem: a result's or a note's text wraps at this width (board.css: 25em and its padding)
QR_SIZE = 6.0  # rem: a table's QR code on the television (25 px a module's worth at 1280x720)


class Block(NamedTuple):
    """A block of the television: its HTML in columns, and its estimated size in rem."""

    kind: str
    html: str
    width: float
    height: float


def _rows_per_column(height: float = PAGE_HEIGHT) -> int:
    return max(int((height - BLOCK_HEAD) // ROW), 4)


def _text_width(texts: Sequence[str]) -> float:
    return max((len(t) for t in texts), default=0) * CHAR + CELL


def _columns(title: str, kind: str, headers: Sequence[str], rows: Sequence[Sequence[str]],
             widths: Sequence[float], numeric: Sequence[int] = (), row_css: Sequence[str] = (),
             raw: bool = False, lines: int = 1) -> List[Block]:
    """Rows (each taking `lines` lines) split into columns side by side, as many as the rows
    need, under one heading; columns beyond a page's width go on to a block of their own ("2 of 3")."""
    per = max(_rows_per_column() // lines, 1)
    columns = max(-(-len(rows) // per), 1)
    size = -(-len(rows) // columns) if rows else 1
    tables = [_table(headers, rows[i:i + size], kind, numeric, row_css[i:i + size], raw)
              for i in range(0, max(len(rows), 1), size)]
    width = sum(widths)
    fit = max(int((CANVAS_WIDTH + GAP) // (width + GAP)), 1)
    parts = [tables[i:i + fit] for i in range(0, len(tables), fit)]
    blocks = []
    for n, part in enumerate(parts, start=1):
        heading = title + (f" ({n} of {len(parts)})" if len(parts) > 1 else "")
        html = (f'<section class="block {kind}"><h2>{_e(heading)}</h2><div class="cols">{"".join(part)}'
                f"</div></section>")
        blocks.append(Block(kind, html, width * len(part) + GAP * (len(part) - 1),
                            BLOCK_HEAD + ROW * lines * min(size, len(rows) or 1)))
    return blocks


def _table_name(number: int, tables: int) -> str:
    if number == 1:
        return "1 head"
    return f"{number} booby" if number == tables else str(number)


def party_state(st: "PartyStanding") -> str:
    waiting = st.waiting()
    if st.reported:
        return f"round {st.round}: waiting for {'table' if len(waiting) == 1 else 'tables'} " \
            + ", ".join(str(t) for t in waiting)
    if st.rounds_played:
        return f"round {st.round}: the new seating (round {st.rounds_played} is complete)"
    return f"round {st.round}: the first seating"


def party_board(party: "Session", st: "PartyStanding", qr: Optional[Mapping[str, str]] = None,
                awaiting: Collection[int] = ()) -> str:
    """The television: a header (the party, the round and who is awaited), then pages of blocks:
    this round's tables with who sits where and who has reported; the results of the round so
    far (or, under a new seating, the round before: why each player moved); every player
    alphabetically with his table (find your seat); the stars so far; the notes; and with
    `qr`, each table's QR code for its phone page."""
    meta = [party.game, f"{_plural(len(st.present or party.players), 'player')} at {len(st.tables)} tables",
            _plural(st.rounds_played, "round") + " played"]
    header = (f'<header class="top"><h1>{_e(party.name)}</h1>'
              f'<p class="meta">{" · ".join(_e(m) for m in meta)}</p>'
              f'<p class="state">{_e(party_state(st))}</p></header>')
    blocks = (_seating(st, awaiting) + _sitting_out(st) + _find_your_seat(st) + _stars(st) + _results(st)
              + _changes(st) + _notes(party, st))
    if qr:
        blocks.append(_qr_block(qr))
    return header + _pages(blocks)


def _pages(blocks: Sequence[Block]) -> str:
    """Blocks packed in order into pages: one under another while the page's height allows,
    else in a new column to the right while its width allows, else on a new page (a block is
    never split: _columns has made each fit a page)."""
    pages: List[List[List[Block]]] = [[]]
    for block in blocks:
        stacks = pages[-1]
        if stacks:
            last = stacks[-1]
            height = sum(b.height for b in last) + GAP * len(last) + block.height
            width = _width(stacks[:-1]) + max(max(b.width for b in last), block.width)
            if height <= PAGE_HEIGHT and width <= CANVAS_WIDTH:
                last.append(block)
                continue
            if _width(stacks) + block.width <= CANVAS_WIDTH:
                stacks.append([block])
                continue
            pages.append([])
        pages[-1].append([block])
    count = len(pages)
    return '<div class="pages">' + "".join(
        f'<div class="page" data-page="{n}"{" hidden" if n > 1 else ""} aria-label="page {n} of {count}">'
        + "".join('<div class="stack">' + "".join(b.html for b in stack) + "</div>" for stack in page)
        + "</div>" for n, page in enumerate(pages, start=1)) + "</div>"


def _width(stacks: Sequence[Sequence[Block]]) -> float:
    return sum(max(b.width for b in stack) + GAP for stack in stacks)


def _came_from(st: "PartyStanding") -> Mapping[str, int]:
    """Where each player sat in the round before, when the seating is new (nobody has reported)."""
    if st.reported or len(st.history) < 2:
        return {}
    return {p: t for t, players in enumerate(st.history[-2], start=1) for p in players}


def _seating(st: "PartyStanding", awaiting: Collection[int] = ()) -> List[Block]:
    """This round's tables: a mark of where each player came from (an arrow and words, not colour
    alone) and whether the table has reported."""
    came = _came_from(st)
    done = {r.table for r in st.results if r.round == st.round}
    rows, css = [], []
    names: List[str] = []
    seats = max((len(t) for t in st.tables), default=4)  # Hearts: tables of three to six
    for t, players in enumerate(st.tables, start=1):
        cells = [f'<span class="table">{_e(_table_name(t, len(st.tables)))}</span>']
        for p in players:
            moved = ""
            if came.get(p, t) != t:
                up = came[p] > t
                moved = f' <span class="moved {"up" if up else "down"}">{"▲ up" if up else "▼ down"} from {came[p]}</span>'
            cells.append(f'<span class="seat">{_e(p)}</span>{moved}')
            names.append(p + (" ▲ up from 10" if moved else ""))
        cells += [""] * (seats - len(players))
        cells.append('<span class="reported">✓ reported</span>' if t in done
                     else '<span class="awaiting">⧗ awaiting confirmation</span>' if t in awaiting
                     else '<span class="waiting">… waiting</span>')
        rows.append(cells)
        css.append(f'{"done" if t in done else "open"}" data-table="{t}')
    seat = _text_width(names)
    return _columns(f"round {st.round}: who sits where", "seating",
                    ["table", *(f"seat {n}" for n in range(1, seats + 1)), "this round"], rows,
                    [4.5 + CELL, *[seat] * seats, 6.5 + CELL], raw=True, row_css=css)


def _sitting_out(st: "PartyStanding") -> List[Block]:
    """Who sits out the round being played (Progressive Cinch: those beyond the tables, in turn)."""
    if not st.out:
        return []
    rows = [[p] for p in st.out]
    return _columns(f"round {st.round}: sitting out", "out", ["player"], rows,
                    [_text_width([p for p in st.out])])


def _changes(st: "PartyStanding") -> List[Block]:
    """The arrivals and departures, the latest first."""
    rows = [[str(c.round), c.summary] for c in st.changes][::-1]
    if not rows:
        return []
    width = min(_text_width([r[1] for r in rows]), WRAP)
    return _columns("arrivals and departures", "changes", ["from round", "who"], rows, [5.0 + CELL, width],
                    numeric=(0,), lines=_lines(rows))


def _results(st: "PartyStanding") -> List[Block]:
    """The results of the round being played so far, or under a new seating the round before's."""
    shown_round = st.round if st.reported else st.rounds_played
    rows = sorted(([str(r.table), r.summary] for r in st.results if r.round == shown_round),
                  key=lambda row: int(row[0]))
    if not rows:
        return []
    title = f"round {shown_round}" + (" so far" if shown_round == st.round else "")
    width = min(_text_width([r[1] for r in rows]), WRAP)
    return _columns(title, "results", ["table", "result"], rows, [3.0 + CELL, width], numeric=(0,),
                    lines=_lines(rows))


def _lines(rows: Sequence[Sequence[str]]) -> int:
    """The most lines a row's last cell takes, wrapped at WRAP rem."""
    return max((int(-(-len(row[-1]) * CHAR // (WRAP - CELL))) for row in rows), default=1) or 1


def _find_your_seat(st: "PartyStanding") -> List[Block]:
    """Every player, alphabetically, with his table and seat this round."""
    where = sorted(((p, t, s) for t, players in enumerate(st.tables, start=1) for s, p in enumerate(players, 1)),
                   key=lambda item: (item[0].casefold(), item[0]))
    rows = [[p, str(t), str(s)] for p, t, s in where]
    if st.out:  # those sitting out find themselves too
        rows = sorted(rows + [[p, "out", "-"] for p in st.out], key=lambda row: (row[0].casefold(), row[0]))
    return _columns("find your seat", "find", ["player", "table", "seat"], rows,
                    [_text_width([r[0] for r in rows]), 2.5 + CELL, 2.2 + CELL], numeric=(1, 2))


def _stars(st: "PartyStanding") -> List[Block]:
    """The tallies, best first."""
    rows = [[st.places[p], p, str(st.stars[p]["gold"]), str(st.stars[p]["red"]), str(st.stars[p]["green"])]
            for p in st.standing]
    return _columns("stars so far", "tally", ["place", "player", "★ gold", "● red", "◆ green"], rows,
                    [3.9, _text_width([r[1] for r in rows]), 4.2, 3.8, 4.7],
                    numeric=(0, 2, 3, 4))


def _notes(party: "Session", st: "PartyStanding") -> List[Block]:
    """The notes kept with the results (`note=`), the latest first."""
    from ..party.replay import TableResult

    rows = [[f"{r.round}/{r.table}", str(hand.fields["note"])]
            for hand, r in zip(party.hands, st.log or st.results)
            if isinstance(r, TableResult) and hand.fields.get("note")][::-1]
    if not rows:
        return []
    width = min(_text_width([r[1] for r in rows]), WRAP)
    return _columns("notes", "notes", ["round/table", "note"], rows, [5.0 + CELL, width], lines=_lines(rows))


def _qr_block(qr: Mapping[str, str]) -> Block:
    """QR codes of the phone pages, by caption (svg made by segno from the address: trusted markup)."""
    cells = "".join(f'<figure class="qr">{svg}<figcaption>{_e(caption)}</figcaption></figure>'
                    for caption, svg in qr.items())
    per_column = max(int((PAGE_HEIGHT - BLOCK_HEAD) // (QR_SIZE + 1.8)), 1)
    columns = -(-len(qr) // per_column)
    html = (f'<section class="block qrs"><h2>report from a phone</h2>'
            f'<div class="qrgrid rows-{min(per_column, len(qr))}">{cells}</div></section>')
    rows = min(per_column, len(qr))
    return Block("qrs", html, columns * (QR_SIZE + 1.0), BLOCK_HEAD + rows * (QR_SIZE + 1.8))


# ---------------------------------------------------------------- the report form


def form(fields: Sequence["Field"], players: Sequence[str], action: str,
         labels: Optional[Mapping[str, str]] = None, hidden: Optional[Mapping[str, str]] = None,
         title: str = "", main: int = MAIN_FIELDS) -> str:
    """A form of a game's fields, named as on the command line: a yes/no field a checkbox, a
    player a choice of the table's players, several players checkboxes (joined by commas when
    sent), a suit a choice of the four, anything else a text box saying what it takes. The
    first `main` fields, every required one and the note show; the others fold under "more"."""
    labels = labels or {}
    shown: List[str] = []
    more: List[str] = []
    for i, field in enumerate(fields):
        (shown if i < main or field.required or field.name in ("note", "correct") else more).append(
            _field(field, players, labels.get(field.name, field.name)))
    hidden_inputs = "".join(f'<input type="hidden" name="{_e(k)}" value="{_e(v)}">'
                            for k, v in (hidden or {}).items())
    folded = f'<details class="more"><summary>more fields</summary>{"".join(more)}</details>' if more else ""
    heading = f"<h3>{_e(title)}</h3>" if title else ""
    return (f'<form class="report" method="post" action="{_e(action)}">{heading}{hidden_inputs}'
            + "".join(shown) + folded
            + '<button type="submit">report</button></form>')


def _field(field: "Field", players: Sequence[str], label: str) -> str:
    from ..fields import BOOLEAN, PLAYER, PLAYERS, SUIT

    name = _e(field.name)
    star = " *" if field.required else ""
    help = f'<small>{_e(field.help)}</small>'
    if field.kind is BOOLEAN:
        return (f'<label class="flag"><input type="checkbox" name="{name}" value="yes"> '
                f"{_e(label)}{star} {help}</label>")
    if field.kind is PLAYERS:
        boxes = "".join(f'<label class="pick"><input type="checkbox" name="{name}" value="{_e(p)}" '
                        f'data-join=","> {_e(p)}</label>' for p in players)
        return f'<fieldset class="field"><legend>{_e(label)}{star}</legend>{boxes} {help}</fieldset>'
    if field.kind is PLAYER or field.kind is SUIT:
        choices = players if field.kind is PLAYER else ("C", "D", "H", "S")
        options = '<option value=""></option>' + "".join(
            f'<option value="{_e(c)}">{_e(_SUITS.get(c, c))}</option>' for c in choices)
        return (f'<label class="field"><span>{_e(label)}{star}</span><select name="{name}">'
                f"{options}</select> {help}</label>")
    mode = "numeric" if _counts(field.kind.describe) else "text"
    return (f'<label class="field"><span>{_e(label)}{star}</span><input name="{name}" '
            f'inputmode="{mode}" autocomplete="off" placeholder="{_e(field.kind.describe)}"> {help}</label>')


_SUITS = {"C": "♣ clubs", "D": "♦ diamonds", "H": "♥ hearts", "S": "♠ spades"}


def _counts(describe: str) -> bool:
    """A field that never takes a sign: phones may show the number pad for it."""
    return describe.startswith(("a whole number from 0", "a whole number from 1",
                                "a whole number, at least 0", "a whole number, at least 1"))


# ---------------------------------------------------------------- a phone's page


def table_seats(st: "PartyStanding", table: int) -> str:
    """Under a table's form on its phone: who sits where at that table this round."""
    rows = [[str(seat), p] for seat, p in enumerate(st.tables[table - 1], start=1)]
    partners = " (seats 1 and 3 are partners, 2 and 4)" if st.game.endswith("cinch") else ""
    return (f"<h2>table {_e(_table_name(table, len(st.tables)))}, round {st.round}{partners}</h2>"
            + _table(["seat", "player"], rows, "mine", numeric=(0,)))


def sitting_summary(session: "Session", st: "Standings") -> str:
    """Under a sitting's form on a phone: the standings."""
    headers, rows = standings_rows(st)
    return "<h2>standings</h2>" + _table(headers[:2], [row[:2] for row in rows], "mine", numeric=(1,))


def error_board(message: str) -> str:
    """The board while the file cannot be read (someone is editing it by hand, say)."""
    return f'<p class="error" role="alert">error: {_e(message)}</p>'


def awaiting_form(summary: str, by: str, others: Sequence[str], confirm: str) -> str:
    """A report awaiting confirmation (--confirm): what it says, and the form that confirms it."""
    return (f'<p class="done">⧗ awaiting confirmation by {_e(" or ".join(others))}: {_e(summary)} '
            f"(reported by {_e(by)})</p>{confirm}")


def reported_form(table: int, round_: int, correction: str = "") -> str:
    """What a table that has reported sees until the round is complete; `correction`, the form
    that corrects its report, folded away."""
    fix = f'<details class="more"><summary>correct our report</summary>{correction}</details>' if correction else ""
    return (f'<p class="done">table {table} has reported round {round_}: the next round\'s seating '
            f"shows when every table has reported</p>{fix}")
