"""The live board's page, in pieces: the standings of a sitting or the tables of a party, and
the report form built from a game's own fields. Values in, HTML strings out.

Every value that comes from a file or a person (names, notes, a hand's fields, a summary) is
escaped here, once, with `html.escape`: a player called `<b>Dee</b>` shows as those letters.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, List, Mapping, Optional, Sequence

from .sitting import _leaders, finished_lines, hand_text, standings_rows

if TYPE_CHECKING:
    from ..fields import Field
    from ..games.base import Standings
    from ..model import Session
    from ..party.replay import PartyStanding

LAST_HANDS = 6  # the latest hands under the standings: what the room asks about ("what did Bob make?")
BIG_PARTY = 16  # more players than this: the stars go under the tables, in columns, not beside them
TALLY_ROWS = 12  # players in one column of the stars
MAIN_FIELDS = 8  # a form shows a game's first fields (and every required one); the rest fold away


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], css: str,
           numeric: Sequence[int] = (), row_css: Sequence[str] = ()) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = []
    for r, row in enumerate(rows):
        css_row = f' class="{row_css[r]}"' if r < len(row_css) and row_css[r] else ""
        cells = "".join(f'<td class="num">{_e(c)}</td>' if i in numeric else f"<td>{_e(c)}</td>"
                        for i, c in enumerate(row))
        body.append(f"<tr{css_row}>{cells}</tr>")
    return f'<table class="{css}"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


# ---------------------------------------------------------------- a sitting


def sitting_board(session: "Session", st: "Standings") -> str:
    """The standings (the leader marked), the remarks `show` makes under them, the next dealer
    and the latest hands."""
    hands = len(session.hands)
    meta = [st.game, _plural(hands, "hand")]
    if st.next_dealer:
        meta.append(f"next dealer: {st.next_dealer}")
    headers, rows = standings_rows(st)
    leaders = set(_leaders(st))
    parts = [f"<header><h1>{_e(session.name)}</h1>"
             f'<p class="meta">{" · ".join(_e(m) for m in meta)}</p></header>',
             _table(headers, rows, "standings", numeric=range(1, len(headers)),
                    row_css=["lead" if row[0] in leaders else "" for row in rows])]
    remarks = list(st.lines) + finished_lines(st)
    if st.pool is not None:
        remarks.append(f"pool: {st.pool} {st.unit if st.pool != 1 else st.unit.rstrip('s')}")
    if remarks:
        parts.append('<ul class="remarks">' + "".join(f"<li>{_e(r)}</li>" for r in remarks) + "</ul>")
    parts.append(_last_hands(session, st))
    return "\n".join(parts)


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


# ---------------------------------------------------------------- a party


def _table_name(number: int, tables: int) -> str:
    if number == 1:
        return "1 head"
    return f"{number} booby" if number == tables else str(number)


def party_board(party: "Session", st: "PartyStanding") -> str:
    """This round's tables with who sits where and who has reported (with the result); when
    a round is complete, the new seating with where each player came from; the stars so far."""
    tables = len(st.tables)
    waiting = st.waiting()
    if st.reported:
        state = f"round {st.round}: waiting for {'table' if len(waiting) == 1 else 'tables'} " \
                + ", ".join(str(t) for t in waiting)
    elif st.rounds_played:
        state = f"round {st.round}: the new seating (round {st.rounds_played} is complete)"
    else:
        state = f"round {st.round}: the first seating"
    meta = [party.game, f"{_plural(len(party.players), 'player')} at {tables} tables",
            _plural(st.rounds_played, "round") + " played"]
    parts = [f"<header><h1>{_e(party.name)}</h1>"
             f'<p class="meta">{" · ".join(_e(m) for m in meta)}</p>'
             f'<p class="state">{_e(state)}</p></header>',
             f'<div class="party{" big" if len(party.players) > BIG_PARTY else ""}">',
             '<section class="tables">', _seating(st), _last_round(st), "</section>",
             '<section class="stars"><h2>stars so far</h2>', _stars(party, st), "</section>", "</div>"]
    return "\n".join(parts)


def _came_from(st: "PartyStanding") -> Mapping[str, int]:
    """Where each player sat in the round before, when the seating is new (nobody has reported)."""
    if st.reported or len(st.history) < 2:
        return {}
    return {p: t for t, players in enumerate(st.history[-2], start=1) for p in players}


def _seating(st: "PartyStanding") -> str:
    came = _came_from(st)
    results = {r.table: r for r in st.results if r.round == st.round}
    head = "".join(f"<th>{h}</th>" for h in ("table", "seat 1", "seat 2", "seat 3", "seat 4", "this round"))
    rows = []
    for t, players in enumerate(st.tables, start=1):
        cells = [f'<td class="table">{_e(_table_name(t, len(st.tables)))}</td>']
        for p in players:
            moved = ""
            if came.get(p, t) != t:
                arrow = "up" if came[p] > t else "down"
                moved = f' <span class="moved {arrow}">from {came[p]}</span>'
            cells.append(f'<td class="seat">{_e(p)}{moved}</td>')
        if t in results:
            cells.append(f'<td class="reported">reported: {_e(results[t].summary)}</td>')
        else:
            cells.append('<td class="waiting">waiting</td>')
        css = "done" if t in results else "open"
        rows.append(f'<tr class="{css}" data-table="{t}">{"".join(cells)}</tr>')
    return f'<table class="seating"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def _last_round(st: "PartyStanding") -> str:
    """Under a new seating, what the round before gave (why each player moved)."""
    if st.reported or not st.rounds_played:
        return ""
    rows = [[str(r.table), r.summary] for r in st.results if r.round == st.rounds_played]
    return (f"<h2>round {st.rounds_played}</h2>"
            + _table(["table", "result"], sorted(rows, key=lambda row: int(row[0])), "results", (0,)))


def _stars(party: "Session", st: "PartyStanding") -> str:
    """The tallies, best first, in columns of at most TALLY_ROWS players side by side, so that
    a party of forty fits a television without scrolling."""
    rows = [[st.places[p], p, str(st.stars[p]["gold"]), str(st.stars[p]["red"]), str(st.stars[p]["green"])]
            for p in st.standing]
    columns = -(-len(rows) // TALLY_ROWS)
    size = -(-len(rows) // columns) if rows else 1
    return '<div class="tallies">' + "".join(
        _table(["place", "player", "gold", "red", "green"], rows[i:i + size], "tally", numeric=(0, 2, 3, 4))
        for i in range(0, len(rows), size)) + "</div>"


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
        (shown if i < main or field.required or field.name == "note" else more).append(
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


def error_board(message: str) -> str:
    """The board while the file cannot be read (someone is editing it by hand, say)."""
    return f'<p class="error">error: {_e(message)}</p>'


def reported_form(table: int, round_: int) -> str:
    return (f'<p class="done">table {table} has reported round {round_}: the next round\'s seating '
            f"shows when every table has reported</p>")
