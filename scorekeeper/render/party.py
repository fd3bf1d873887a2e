"""A party as text and JSON: the seating, the tallies, the prizes. Values in, strings out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence

from .chart import wrap_items
from ..model import printable
from .sitting import SafeCsv, text_table, fit_lines

if TYPE_CHECKING:
    from ..party.replay import PartyStanding, TableResult
    from ..party.seating import Seating
    from ..model import Session


def _table_name(number: int, tables: int) -> str:
    if number == 1:
        return "1 head"
    return f"{number} booby" if number == tables else str(number)


def seating_table(tables: "Seating", reported: Sequence[int] = (), width: Optional[int] = None,
                  out: Sequence[str] = ()) -> str:
    """The tables, a column a seat (four, or up to six at Hearts), and who sits out."""
    seats = max((len(t) for t in tables), default=4)
    rows = []
    for number, players in enumerate(tables, start=1):
        rows.append([_table_name(number, len(tables))] + list(players) + [""] * (seats - len(players))
                    + (["reported"] if number in reported else []))
    headers = ["table", *(f"seat {n}" for n in range(1, seats + 1))] + (["this round"] if reported else [])
    text = text_table(rows, headers, width)
    return text + (f"\n{fit_lines(sitting_out_line(out), width)}" if out else "")


def sitting_out_line(out: Sequence[str]) -> str:
    return f"sitting out: {', '.join(out)}"


def heading(party: "Session", st: "PartyStanding") -> str:
    count = len(st.present or party.players)
    played = f", {st.rounds_played} played" if st.rounds_played else ""
    state = (f"round {st.round}{played}; waiting for table{'s' if len(st.waiting()) != 1 else ''} "
             f"{', '.join(str(t) for t in st.waiting())}" if st.reported
             else f"round {st.round}{played}")
    return f"{party.name} ({party.game}, {count} players at {len(st.tables)} tables): {state}"


def tallies_table(party: "Session", st: "PartyStanding", width: Optional[int] = None) -> str:
    rows = []
    for p in st.standing:
        stars = st.stars[p]
        rows.append([st.places[p], p, str(stars["gold"]), str(stars["red"]), str(stars["green"]),
                     str(rounds_played(st, p)), tables_visited(st, p)])
    return text_table(rows, ["place", "player", "gold", "red", "green", "rounds", "tables"], width, key=2)


def rounds_played(st: "PartyStanding", player: str) -> int:
    return sum(1 for t in st.visits[player] if t is not None)


def tables_visited(st: "PartyStanding", player: str) -> str:
    """The table of each complete round, "-" for one not played."""
    return " ".join("-" if t is None else str(t) for t in st.visits[player]) or "-"


def not_played(st: "PartyStanding", player: str, round_: int) -> bool:
    """A round the player did not play: sat out, before he came, after he went (the round being
    played: he sits it out)."""
    if round_ <= len(st.visits[player]):
        return st.visits[player][round_ - 1] is None
    return player in st.out or player not in st.present


def prizes_line(party: "Session", st: Optional["PartyStanding"] = None) -> str:
    from ..party.replay import ABSENT, PRIZES, SITOUT
    from ..party.seating import CINCH

    rule = party.rules.get("prizes", "stars")
    line = f"prizes ({rule}): {PRIZES[rule]}"
    if st is not None and party.game == CINCH and any(st.sitting_out):
        sitout = party.rules.get("sitout", "average")
        line += f"; sitout={sitout}: {SITOUT[sitout]}"
    if st is not None and st.changes:
        line += f"; {ABSENT}"
    return line


def results_table(st: "PartyStanding", width: Optional[int] = None) -> str:
    from ..party.replay import TableResult

    rows = [[str(r.round), str(r.table), r.summary] if isinstance(r, TableResult)
            else [str(r.round), "", r.summary] for r in (st.log or st.results)]
    return text_table(rows, ["round", "table", "result"], width, key=2) if rows else "no results yet"


def show_text(party: "Session", st: "PartyStanding", width: Optional[int] = None) -> str:
    return "\n\n".join([fit_lines(heading(party, st), width),
                        seating_table(st.tables, st.reported, width, st.out),
                        tallies_table(party, st, width), fit_lines(prizes_line(party, st), width),
                        results_table(st, width)])


def show_json(party: "Session", st: "PartyStanding") -> str:
    data: Dict[str, Any] = {
        "name": party.name,
        "game": party.game,
        "round": st.round,
        "tables": [list(t) for t in st.tables],
        "reported": list(st.reported),
        "sitting_out": list(st.out),
        "stars": {p: dict(st.stars[p]) for p in st.players},
        "standing": list(st.standing),
        "places": dict(st.places),
        "tallies": {p: {"rounds": rounds_played(st, p), "tables": list(st.visits[p])} for p in st.players},
        "rules": dict(party.rules),
        "results": [_result_json(r) for r in st.results],
        "present": list(st.present),
        "changes": [{"round": c.round, "player": c.player, "change": c.change, "summary": c.summary}
                    for c in st.changes],
        "seatings": [{"round": n, "tables": [list(t) for t in tables], "sitting_out": list(out)}
                     for n, (tables, out) in enumerate(zip(st.history, st.sitting_out), start=1)],
    }
    import json  # here, not at the top: only --json needs it

    return json.dumps(data, ensure_ascii=False)


def _result_json(r: "TableResult") -> Dict[str, Any]:
    return {"round": r.round, "table": r.table, "players": list(r.players), "scores": list(r.scores),
            "winners": list(r.winners), "stars": dict(r.stars), "cut": list(r.cuts),
            "summary": r.summary}


def created_text(party: "Session", st: "PartyStanding", path: str, note: str = "",
                 width: Optional[int] = None) -> str:
    return (fit_lines(f"created {path}{note}", width) + "\n\n" + fit_lines(heading(party, st), width)
            + "\n\n" + seating_table(st.tables, width=width, out=st.out))


def reported_text(party: "Session", st: "PartyStanding", result: "TableResult",
                  width: Optional[int] = None) -> str:
    lines = [fit_lines(f"round {result.round} table {result.table}: {result.summary}", width)]
    if st.round > result.round:
        lines.append("")
        lines.append(fit_lines(f"every table has reported: the seating for round {st.round}", width))
        lines.append("")
        lines.append(seating_table(st.tables, width=width, out=st.out))
    else:
        waiting = st.waiting()
        lines.append(f"waiting for table{'s' if len(waiting) != 1 else ''} "
                     f"{', '.join(str(t) for t in waiting)}")
    return "\n".join(lines)


def seating_text(party: "Session", st: "PartyStanding", width: Optional[int] = None) -> str:
    return f"{fit_lines(heading(party, st), width)}\n\n{seating_table(st.tables, st.reported, width, st.out)}"


def _result_at(st: "PartyStanding", round_: int, table: int) -> "TableResult":
    return next(r for r in st.results if (r.round, r.table) == (round_, table))


def star_changes(before: "TableResult", after: "TableResult") -> str:
    """What a correction did to the stars of its table: "Eve loses gold; Cid gains gold"."""
    changes = []
    for p in after.players:
        was, now = before.stars.get(p), after.stars.get(p)
        if was == now:
            continue
        if was and now:
            changes.append(f"{p} {now} (was {was})")
        elif now:
            changes.append(f"{p} gains {now}")
        else:
            changes.append(f"{p} loses {was}")
    return "; ".join(changes)


def correction_text(round_: int, table: int, before: "PartyStanding", party: "Session",
                    after: "PartyStanding", width: Optional[int] = None) -> str:
    """`party edit`: the corrected result, what it did to the stars, and the seating: the rounds
    played after it stay as they were played; the round being played follows from the last."""
    result = _result_at(after, round_, table)
    lines = [f"corrected round {round_} table {table}: {result.summary}"]
    stars = star_changes(_result_at(before, round_, table), result)
    lines.append(f"stars: {stars}" if stars else "the stars are unchanged")
    played = after.rounds_played
    moved = []
    if round_ < played:
        later = f"round {played}" if round_ + 1 == played else f"rounds {round_ + 1} to {played}"
        moved.append(f"{later} stay{'s' if round_ + 1 == played else ''} as played")
    if round_ < after.round:
        changed = before.tables != after.tables
        moved.append(f"round {after.round} {'is re-seated' if changed else 'keeps its seating'}")
    if moved:
        lines.append("; ".join(moved))
    return fit_lines("\n".join(lines), width) + "\n\n" + seating_text(party, after, width)


def undone_text(before: "PartyStanding", party: "Session", after: "PartyStanding",
                width: Optional[int] = None) -> str:
    from ..party.replay import TableResult

    gone = before.log[-1] if before.log else before.results[-1]
    what = (f"removed round {gone.round} table {gone.table}: {gone.summary}" if isinstance(gone, TableResult)
            else f"removed: {gone.summary}")
    return fit_lines(what, width) + "\n\n" + seating_text(party, after, width)


def roster_text(party: "Session", st: "PartyStanding", width: Optional[int] = None) -> str:
    """`party join` and `party leave`: what was logged, and the seating it gives."""
    change = st.changes[-1]
    if change.round > st.round:  # the round being played has begun: seated after it
        return fit_lines(f"{change.summary} (round {change.round} is seated when every table has "
                         f"reported round {st.round})", width)
    return fit_lines(change.summary, width) + "\n\n" + seating_text(party, st, width)


# ---------------------------------------------------------------- shared: chart, export (issue 21 point 9)

STAR_LETTERS = {"gold": "G", "red": "R", "green": "g"}
STAR_COLOURS = {"gold": "33", "red": "31", "green": "32"}  # ANSI: yellow, red, green


def stars_by_round(st: "PartyStanding") -> Dict[str, Dict[int, str]]:
    """Each player's star of each round ("gold", "red", "green"), from the tables' results."""
    won: Dict[str, Dict[int, str]] = {}
    for r in st.results:
        for p, colour in r.stars.items():
            won.setdefault(p, {})[r.round] = colour
    return won


def tables_by_round(st: "PartyStanding") -> Dict[str, Dict[int, int]]:
    """The table each player sat at in each round a result was logged for."""
    sat: Dict[str, Dict[int, int]] = {}
    for r in st.results:
        for p in r.players:
            sat.setdefault(p, {})[r.round] = r.table
    return sat


def rounds_logged(st: "PartyStanding") -> List[int]:
    return sorted({r.round for r in st.results})


def stars_text(party: "Session", st: "PartyStanding", width: int = 80, colour: bool = False) -> str:
    """`chart PARTY`: the stars each player won, round by round (G gold, R red, g green, . none),
    players in the order of the prizes, as many rounds across as the width holds (the rest in
    a block below)."""
    title = f"{party.name} ({party.game}): stars by round"
    rounds = rounds_logged(st)
    if not rounds:
        return f"{title}\n\nno results yet"
    won = stars_by_round(st)
    cell = max(2, len(str(rounds[-1])) + 1)
    name_width = max(len("player"), *(len(p) for p in st.standing))
    place_width = max(len("place"), *(len(st.places[p]) for p in st.standing))
    tail = ["gold", "red", "green"]
    fixed = place_width + 2 + name_width + 2 + 1 + sum(len(t) + 2 for t in tail)
    per_block = max(1, (width - fixed) // cell)
    blocks = [rounds[i:i + per_block] for i in range(0, len(rounds), per_block)]
    import textwrap

    out = [textwrap.fill(title, width), "", textwrap.fill(prizes_line(party, st), width, subsequent_indent="  ")]
    missed = False
    for k, block in enumerate(blocks):
        last = k == len(blocks) - 1
        head = f"{'place':<{place_width}}  {'player':<{name_width}}  " + "".join(
            f"{n:<{cell}}" for n in block)
        if last:
            head += " " + "  ".join(tail)
        out += ["", head.rstrip()]
        for p in st.standing:
            marks = ""
            for n in block:
                got = won.get(p, {}).get(n)
                absent = not got and not_played(st, p, n)
                missed = missed or absent
                mark = STAR_LETTERS[got] if got else "-" if absent else "."
                if colour and got:
                    mark = f"\x1b[{STAR_COLOURS[got]}m{mark}\x1b[0m"
                marks += mark + " " * (cell - 1)
            row = f"{st.places[p]:<{place_width}}  {p:<{name_width}}  {marks}"
            if last:
                row += " " + "  ".join(f"{st.stars[p][t]:>{len(t)}}" for t in tail)
            out.append(row.rstrip())
    key = ["G gold: won at the head table", "R red: went up", "g green: lost at the booby table",
           ". none", *(["- not played (sat out, not yet come, or gone)"] if missed else [])]
    out += ["", *wrap_items(key, width)]
    if st.reported:
        waiting = st.waiting()
        out.append(f"round {st.round} is being played: table{'s' if len(waiting) != 1 else ''} "
                   f"{', '.join(map(str, waiting))} still to report")
    return "\n".join(out)


def export_csv(party: "Session", st: "PartyStanding", deals: Sequence[Sequence[str]] = ()) -> str:
    """`export PARTY`: every table's result as a row: the round, the table, its players in
    seat order, what each took (hearts) or each pair made (Cinch), who won (going up, or
    staying at the head table), the stars, a cut, the result in words, the deals (Cinch
    reported deal by deal), the note and when it was logged. An arrival or a departure is a
    row of its own, and so is who sat out a round (before its first table), the table empty."""
    import io

    from ..party.replay import TableResult
    from ..party.seating import CINCH

    cinch = party.game == CINCH
    out = io.StringIO()
    writer = SafeCsv(out)
    seats = max([4, *(len(r.players) for r in st.results)])
    scores = ["points 1-3", "points 2-4"] if cinch else [f"hearts {n}" for n in range(1, seats + 1)]
    writer.writerow(["round", "table", *(f"seat {n}" for n in range(1, seats + 1)), *scores, "winners",
                     "stars", "cut", "result", *(["deals"] if cinch else []), "note", "at"])
    blank = [""] * (seats + len(scores) + 3)
    said_out = set()
    i = 0
    for hand, r in zip(party.hands, st.log or st.results):
        note = [printable(str(hand.fields.get("note", ""))), printable(str(hand.fields.get("at", "")))]
        if not isinstance(r, TableResult):
            writer.writerow([r.round, "", *blank, r.summary, *([""] if cinch else []), *note])
            continue
        if r.round not in said_out and r.round <= len(st.sitting_out) and st.sitting_out[r.round - 1]:
            writer.writerow([r.round, "", *blank, sitting_out_line(st.sitting_out[r.round - 1]),
                             *([""] if cinch else []), "", ""])
        said_out.add(r.round)
        empty = [""] * (seats - len(r.players))
        taken = [r.scores[0], r.scores[1]] if cinch else [*r.scores, *empty]
        stars = "; ".join(f"{p} {c}" for p, c in r.stars.items())
        said = " | ".join(f"deal {n}: {d}" for n, d in enumerate(deals[i] if i < len(deals) else (), start=1))
        i += 1
        writer.writerow([r.round, r.table, *r.players, *empty, *taken, " and ".join(r.winners), stars,
                         " and ".join(r.cuts), r.summary, *([said] if cinch else []), *note])
    return out.getvalue()
