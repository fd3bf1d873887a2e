"""Showing a played-out Cinch hand: the tricks, who won each, what each side took (strings out)."""

from __future__ import annotations

from typing import Optional, Sequence

from ..games.cinch.game import counting_cards
from ..games.cinch.tricks import PlayedHand, sorted_counting


def render_played(played: PlayedHand, summary: str, notes: Sequence[str] = (),
                  width: Optional[int] = None) -> str:
    from tabulate import tabulate

    from .sitting import fit_lines

    s = played.sheet
    seats = list(s.seats)
    opening = (f"{played.maker} bids {s.bid} on {s.trump.name.lower()}" if s.bid
               else f"no bid: {played.maker} (dealer) names {s.trump.name.lower()}")
    parts = [fit_lines((s.title + ": " if s.title else "") + f"{opening}; {played.maker} leads", width)]
    rows = []
    for t in played.tricks:
        cells = [str(t.played[p]) + ("*" if p == t.winner else "") for p in seats]
        check = "" if t.marked is None else ("same" if t.marked == t.winner
                                             else f"underlines {t.marked}!")
        rows.append([str(t.number)] + cells + [t.leader, t.winner, check])
    headers = ["trick"] + seats + ["led by", "won by", "book"]
    if width is not None:
        from .terminal import fit_table

        parts.append(fit_table(rows, headers, width))
    else:
        parts.append(tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True))
    table = counting_cards(s.trump, s.sixty_three)
    lines = []
    for side in played.sides:
        got = sorted_counting(played.side_cards(side), s.trump)
        extra = list(s.discards) if side == played.sides[0] else []
        names = ", ".join(f"{table[c][0]} {c}" for c in got + extra) or "nothing"
        total = sum(table[c][1] for c in got + extra)
        lines.append(f"{'-'.join(side)} took {total}: {names}"
                     + (" (with the discards)" if extra else ""))
    parts.append(fit_lines("\n".join(lines), width))
    tail = [summary] + list(notes) + list(played.renounces)
    fields = " ".join(f"{k}={v}" for k, v in played.hand_fields().items())
    tail.append(f"hand fields: {fields}")
    parts.append(fit_lines("\n".join(tail), width))
    return "\n\n".join(parts)
