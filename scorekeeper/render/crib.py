"""Text and JSON for the `crib` commands: values in, strings out."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from ..games.cribbage.count import Count, say, table
from ..games.cribbage.discard import Advice
from ..games.cribbage.play import Peg


def _table(rows: List[List[Any]], headers: Sequence[str], align: Sequence[str] = (),
           width: Optional[int] = None) -> str:
    if width is not None:  # a terminal's width: fitted, cells wrapped at spaces
        from .terminal import fit_table

        return fit_table(rows, headers, width, align=align)
    from tabulate import tabulate

    return tabulate(rows, headers=list(headers), tablefmt="simple", disable_numparse=True,
                    colalign=tuple(align) or None)


def _fit(text: str, width: Optional[int]) -> str:
    from .sitting import fit_lines

    return fit_lines(text, width)


def count_text(count: Count, width: Optional[int] = None) -> str:
    cards = " ".join(str(c) for c in count.hand)
    what = "crib" if count.crib else "hand"
    head = f"{what} {cards}, starter {count.starter}: {count.total}"
    lines = [_fit(head, width), _fit(say(count), width)]
    if count.heels:
        lines.append(_fit(f"starter {count.starter} is a knave: two for his heels to the dealer "
                          f"(not part of this count)", width))
    rows = table(count)
    if rows:
        lines += ["", _table(rows + [["total", "", str(count.total)]], ["", "cards", "points"],
                             ("left", "left", "right"), width)]
    return "\n".join(lines)


def count_json(count: Count) -> str:
    data: Dict[str, Any] = count.as_dict()
    data["heels"] = count.heels
    return _json(data)


def stats_text(stats: Dict[str, Any], crib_only: bool, width: Optional[int] = None) -> str:
    rules = ["crib"] if crib_only else ["hand", "crib"]
    totals = sorted(stats["hand"])
    rows = [[str(t)] + [f"{stats[r][t]:,}" for r in rules] for t in totals]
    rows.append(["all"] + [f"{sum(stats[r].values()):,}" for r in rules])
    means = ", ".join(f"{r} {float(stats['mean'][r]):.6f} (exactly {stats['mean'][r]})" for r in rules)
    return (_fit(f"show counts of all {stats['combinations']:,} combinations of four cards and a "
                 f"starter", width) + "\n\n"
            + _table(rows, ["count"] + rules, ["right"] * (len(rules) + 1), width)
            + "\n\n" + _fit(f"mean: {means}", width))


def stats_json(stats: Dict[str, Any], crib_only: bool) -> str:
    rules = ["crib"] if crib_only else ["hand", "crib"]
    data: Dict[str, Any] = {"combinations": stats["combinations"]}
    for r in rules:
        data[r] = {str(k): v for k, v in stats[r].items()}
    data["mean"] = {r: float(stats["mean"][r]) for r in rules}
    return _json(data)


def discard_text(advice: Sequence[Advice], dealer: bool, width: Optional[int] = None) -> str:
    net = "hand + crib" if dealer else "hand - crib"
    whose = "your crib (dealer)" if dealer else "the dealer's crib (pone)"
    rows = [[" ".join(map(str, a.discard)), " ".join(map(str, a.keep)), f"{float(a.hand):.2f}",
             f"{float(a.crib):.2f}", f"{float(a.net):+.2f}"] for a in advice]
    return (_fit(f"laying out for {whose}; expected points, net = {net}", width) + "\n\n"
            + _table(rows, ["discard", "keep", "hand", "crib", "net"],
                     ("left", "left", "right", "right", "right"), width))


def discard_json(advice: Sequence[Advice]) -> str:
    return _json([a.as_dict() for a in advice])


def play_text(pegs: Sequence[Peg], width: Optional[int] = None) -> str:
    rows = [[str(i), str(p.card), str(p.count), str(p.points), ", ".join(p.reasons)]
            for i, p in enumerate(pegs, start=1)]
    total = sum(p.points for p in pegs)
    return _table(rows, ["#", "card", "count", "pegs", "for"],
                  ("right", "left", "right", "right", "left"), width) + f"\n\npegged in all: {total}"


def play_json(pegs: Sequence[Peg]) -> str:
    return _json([{"card": str(p.card), "count": p.count, "points": p.points,
                   "for": list(p.reasons)} for p in pegs])


def _json(data: Any) -> str:
    import json  # here, not at the top: only --json needs it

    return json.dumps(data)
