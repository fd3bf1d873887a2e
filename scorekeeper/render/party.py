"""A party as text and JSON: the seating, the tallies, the prizes. Values in, strings out."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence

from .sitting import _table, fit_lines

if TYPE_CHECKING:
    from ..party.replay import PartyStanding, Seating, TableResult
    from ..model import Session


def _table_name(number: int, tables: int) -> str:
    if number == 1:
        return "1 head"
    return f"{number} booby" if number == tables else str(number)


def seating_table(tables: "Seating", reported: Sequence[int] = (), width: Optional[int] = None) -> str:
    rows = []
    for number, players in enumerate(tables, start=1):
        rows.append([_table_name(number, len(tables))] + list(players)
                    + (["reported"] if number in reported else []))
    headers = ["table", "seat 1", "seat 2", "seat 3", "seat 4"] + (["this round"] if reported else [])
    return _table(rows, headers, width)


def heading(party: "Session", st: "PartyStanding") -> str:
    count = len(party.players)
    played = f", {st.rounds_played} played" if st.rounds_played else ""
    state = (f"round {st.round}{played}; waiting for table{'s' if len(st.waiting()) != 1 else ''} "
             f"{', '.join(str(t) for t in st.waiting())}" if st.reported
             else f"round {st.round}{played}")
    return f"{party.name} ({party.game}, {count} players at {len(st.tables)} tables): {state}"


def tallies_table(party: "Session", st: "PartyStanding", width: Optional[int] = None) -> str:
    rows = []
    for p in st.standing:
        stars = st.stars[p]
        visited = " ".join(str(t) for t in st.visits[p]) or "-"
        rows.append([st.places[p], p, str(stars["gold"]), str(stars["red"]), str(stars["green"]),
                     str(len(st.visits[p])), visited])
    return _table(rows, ["place", "player", "gold", "red", "green", "rounds", "tables"], width, key=2)


def prizes_line(party: "Session") -> str:
    from ..party.replay import PRIZES

    rule = party.rules.get("prizes", "stars")
    return f"prizes ({rule}): {PRIZES[rule]}"


def results_table(st: "PartyStanding", width: Optional[int] = None) -> str:
    rows = [[str(r.round), str(r.table), r.summary] for r in st.results]
    return _table(rows, ["round", "table", "result"], width, key=2) if rows else "no results yet"


def show_text(party: "Session", st: "PartyStanding", width: Optional[int] = None) -> str:
    return "\n\n".join([fit_lines(heading(party, st), width), seating_table(st.tables, st.reported, width),
                        tallies_table(party, st, width), fit_lines(prizes_line(party), width),
                        results_table(st, width)])


def show_json(party: "Session", st: "PartyStanding") -> str:
    data: Dict[str, Any] = {
        "name": party.name,
        "game": party.game,
        "round": st.round,
        "tables": [list(t) for t in st.tables],
        "reported": list(st.reported),
        "stars": {p: dict(st.stars[p]) for p in party.players},
        "standing": list(st.standing),
        "places": dict(st.places),
        "tallies": {p: {"rounds": len(st.visits[p]), "tables": list(st.visits[p])} for p in party.players},
        "rules": dict(party.rules),
        "results": [_result_json(r) for r in st.results],
    }
    return json.dumps(data, ensure_ascii=False)


def _result_json(r: "TableResult") -> Dict[str, Any]:
    return {"round": r.round, "table": r.table, "players": list(r.players), "scores": list(r.scores),
            "winners": list(r.winners), "stars": dict(r.stars), "cut": list(r.cuts),
            "summary": r.summary}


def created_text(party: "Session", st: "PartyStanding", path: str, note: str = "",
                 width: Optional[int] = None) -> str:
    return (fit_lines(f"created {path}{note}", width) + "\n\n" + fit_lines(heading(party, st), width)
            + "\n\n" + seating_table(st.tables, width=width))


def reported_text(party: "Session", st: "PartyStanding", result: "TableResult",
                  width: Optional[int] = None) -> str:
    lines = [fit_lines(f"round {result.round} table {result.table}: {result.summary}", width)]
    if st.round > result.round:
        lines.append("")
        lines.append(fit_lines(f"every table has reported: the seating for round {st.round}", width))
        lines.append("")
        lines.append(seating_table(st.tables, width=width))
    else:
        waiting = st.waiting()
        lines.append(f"waiting for table{'s' if len(waiting) != 1 else ''} "
                     f"{', '.join(str(t) for t in waiting)}")
    return "\n".join(lines)


def seating_text(party: "Session", st: "PartyStanding", width: Optional[int] = None) -> str:
    return f"{fit_lines(heading(party, st), width)}\n\n{seating_table(st.tables, st.reported, width)}"


def changed_rounds(before: "PartyStanding", after: "PartyStanding") -> List[int]:
    """The rounds whose seating a correction changed."""
    return [n for n, (a, b) in enumerate(zip(before.history, after.history), start=1) if a != b]
