"""Score charts: each player's (or side's) score after every hand, as text for the terminal
and as inline SVG for the HTML report. Values in, strings out."""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .sitting import number

PLAIN_MARKS = "*o+x#@%=~$"
FANCY_MARKS = "●○■□▲△◆◇★☆"
# Where more players are on one spot than can stand side by side there: one mark says so.
PLAIN_OVERLAP, FANCY_OVERLAP = "&", "◉"
COLOURS = ("31", "34", "32", "35", "33", "36")  # ANSI: red, blue, green, magenta, yellow, cyan
SVG_COLOURS = ("#c0392b", "#2471a3", "#229954", "#8e44ad", "#d68910", "#17a589",
               "#566573", "#a04000", "#1f618d", "#7d3c98")
HEIGHT = 12


def _bounds(lines: Dict[str, List[Any]], target: Optional[Any] = None) -> Tuple[Fraction, Fraction]:
    values = [Fraction(v) for series in lines.values() for v in series] + [Fraction(0)]
    if target is not None:
        values.append(Fraction(target))
    low, high = min(values), max(values)
    return (low, high) if high > low else (low - 1, high + 1)


def nice_step(span: Fraction, most: int) -> Fraction:
    """The smallest of 1, 2, 5, 10, 20, 50 ... that cuts `span` into at most `most` parts."""
    step = Fraction(1)
    while span / step > most:
        for factor in (2, Fraction(5, 2), 2):
            step *= factor
            if span / step <= most:
                break
    return step


def _y_labels(low: Fraction, high: Fraction, target: Optional[Any], row_of) -> Dict[int, str]:
    """The rows labelled on the score axis: the top, the bottom, nought, the target, then
    round figures between them, none on the row beside another label."""
    labels: Dict[int, str] = {}

    def put(value: Any, crowd: bool = True) -> None:
        row = row_of(value)
        if row in labels or (crowd and any(r in labels for r in (row - 1, row + 1))):
            return
        labels[row] = number(value)

    for value in (high, low, *((0,) if low < 0 < high else ()), *(() if target is None else (target,))):
        put(value, crowd=False)
    step = nice_step(high - low, 4)
    tick = (low // step + 1) * step
    while tick < high:
        put(int(tick) if tick.denominator == 1 else tick)
        tick += step
    return labels


def chart_text(title: str, lines: Dict[str, List[Any]], game_ends: Sequence[int], width: int,
               fancy: bool = False, colour: bool = False, target: Optional[Any] = None) -> str:
    """A chart no wider than `width`: the hands across (one column each, or sampled when there
    are more hands than columns), the score up; `|` columns mark the hand that ended a game,
    a dotted row the `target` a game is played to. Players on one spot stand side by side
    where there is room, else one overlap mark (`&`) says several are there.
    Plain ASCII unless `fancy` (a terminal that can print them): symbols and box lines; and
    `colour`, a colour for each line."""
    hands = max((len(s) for s in lines.values()), default=0)
    if not hands:
        return f"{title}\n\nno hands yet"
    low, high = _bounds(lines, target)
    row_of = lambda v: round((high - Fraction(v)) / (high - low) * (HEIGHT - 1))  # noqa: E731
    labels = _y_labels(low, high, target, row_of)
    pad = max([len("hand")] + [len(t) for t in labels.values()])
    cols = max(10, width - pad - 2)
    columns, step = _columns(hands, cols)
    marks = FANCY_MARKS if fancy else PLAIN_MARKS
    overlap = FANCY_OVERLAP if fancy else PLAIN_OVERLAP
    room = max(1, (step + 1) // 2)  # marks side by side stay in the first half of the gap
    cells, overlapped = _place(list(lines.values()), hands, columns, row_of, room)
    used = max(columns[-1] + 1 + step // 2, max(c for _, c in cells) + 1)
    used = min(used, cols)
    grid = [[" "] * used for _ in range(HEIGHT)]
    # the line between the hand that ended a game and the next
    end_cols = {min(columns[h - 1] + (step + 1) // 2, used - 1) for h in game_ends if 0 < h <= hands}
    for c in end_cols:
        for r in range(HEIGHT):
            grid[r][c] = "┊" if fancy else "|"
    zero = row_of(0)
    rules = [(zero, "─" if fancy else "-")]
    if target is not None and row_of(target) != zero:
        rules.append((row_of(target), "┈" if fancy else "."))
    for at, line in rules:
        for c in range(used):
            if grid[at][c] == " ":
                grid[at][c] = line
    def mark(k: int) -> str:
        if k < 0:
            return overlap
        if colour:
            return f"\x1b[{COLOURS[k % len(COLOURS)]}m{marks[k % len(marks)]}\x1b[0m"
        return marks[k % len(marks)]

    for (r, c), k in cells.items():
        if c < used:
            grid[r][c] = mark(k)
    axis = "│" if fancy else "|"
    out = [title, ""]
    for r, row in enumerate(grid):
        out.append(f"{labels.get(r, ''):>{pad}} {axis}" + "".join(row).rstrip())
    ticks = [" "] * used
    for c in end_cols:
        ticks[c] = "^"
    out.append(" " * pad + " " + ("└" if fancy else "+") + "".join(ticks).rstrip())
    out.append(f"{'hand':>{pad}}  " + _x_labels(hands, columns, used))
    legend = [f"{mark(k)} {label}" for k, label in enumerate(lines)]
    if overlapped:
        legend.append(f"{overlap} several on one spot")
    if target is not None:
        legend.append(f"{'┈' if fancy else '.'} {number(target)} wins a game")
    if game_ends:
        legend.append(f"{'┊' if fancy else '|'} game over (hand {', '.join(str(h) for h in game_ends)})")
    out.append("")
    out.extend(_wrap(legend, width))
    return "\n".join(out)


def _place(series: List[List[Any]], hands: int, columns: List[int], row_of,
           room: int) -> Tuple[Dict[Tuple[int, int], int], bool]:
    """Each mark's cell (row, column) -> the line it belongs to (-1: several lines). Lines on
    the same row at one hand stand side by side, in the legend's order, when `room` allows."""
    cells: Dict[Tuple[int, int], int] = {}
    for h in range(hands):
        on_row: Dict[int, List[int]] = {}
        for k, values in enumerate(series):
            if h < len(values):
                on_row.setdefault(row_of(values[h]), []).append(k)
        for row, ks in on_row.items():
            spots = [((row, columns[h] + j), k) for j, k in enumerate(ks)] if len(ks) <= room \
                else [((row, columns[h]), -1)]
            for cell, k in spots:
                # a sampled chart puts several hands in one column: another line there overlaps too
                cells[cell] = k if cells.get(cell, k) == k else -1
    return cells, -1 in cells.values()


def _x_labels(hands: int, columns: List[int], used: int) -> str:
    """Hand numbers under their columns: the first, every 1, 2, 5, 10, 20 ... hands (the
    fewest apart that leave a space between numbers), and the last."""
    widest = len(str(hands)) + 1
    every = 1
    while every < hands and any(columns[h + every] - columns[h] < widest for h in range(hands - every)):
        every = _next_step(every)
    placed: List[Tuple[int, int]] = []  # (column, hand)

    def clash(c: int) -> bool:
        return bool(placed) and placed[-1][0] + len(str(placed[-1][1])) >= c

    for h in sorted({1, hands, *range(every, hands + 1, every)}):
        c = columns[h - 1]
        while h == hands and clash(c):
            placed.pop()  # the last hand's number is worth more than the one before it
        if not clash(c):
            placed.append((c, h))
    line = [" "] * (used + widest)
    for c, h in placed:
        line[c:c + len(str(h))] = str(h)
    return "".join(line).rstrip()


def _next_step(step: int) -> int:
    """1, 2, 5, 10, 20, 50, 100 ..."""
    text = str(step)
    return step * 5 // 2 if text[0] == "2" else step * 2


def _columns(hands: int, cols: int) -> Tuple[List[int], int]:
    """The column of each hand (up to six apart while they fit, else spread over the width),
    and the step between hands."""
    step = max(1, min(6, (cols - 1) // hands))
    if hands * step <= cols - 1:
        return [h * step for h in range(hands)], step
    return [h * (cols - 2) // (hands - 1) for h in range(hands)], 1


def _wrap(items: List[str], width: int) -> List[str]:
    lines: List[str] = []
    current = ""
    for item in items:
        if current and _visible(current) + 3 + _visible(item) > width:
            lines.append(current)
            current = item
        else:
            current = f"{current}   {item}" if current else item
    if current:
        lines.append(current)
    return lines


def _visible(text: str) -> int:
    """The columns a string takes on a terminal: colour codes take none."""
    return len(re.sub(r"\x1b\[[0-9;]*m", "", text))


def chart_svg(lines: Dict[str, List[Any]], game_ends: Sequence[int], width: int = 720,
              height: int = 260, step: str = "hand") -> str:
    """The same chart as an inline SVG: a polyline per player or side, dashed lines at game ends."""
    hands = max((len(s) for s in lines.values()), default=0)
    left, right, top, bottom = 48, 12, 12, 28
    plot_w, plot_h = width - left - right, height - top - bottom
    low, high = _bounds(lines)

    def x(h: int) -> float:  # h: 0 for the start, 1.. for the hands
        return left + (plot_w * h / hands if hands else 0)

    def y(v: Any) -> float:
        return top + float((high - Fraction(v)) / (high - low)) * plot_h

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="score after each hand">',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
             f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - right}" y2="{y(0):.1f}" '
             f'stroke="#999" stroke-width="1"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#999"/>']
    for value in (high, low) + ((0,) if low < 0 < high else ()):
        parts.append(f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end" '
                     f'font-size="11" fill="#444">{escape(number(value))}</text>')
    for h in game_ends:
        parts.append(f'<line x1="{x(h):.1f}" y1="{top}" x2="{x(h):.1f}" y2="{top + plot_h}" '
                     f'stroke="#888" stroke-dasharray="4 3"><title>hand {h}: game over</title></line>')
    parts.append(f'<text x="{left}" y="{height - 8}" font-size="11" fill="#444">start</text>')
    parts.append(f'<text x="{width - right}" y="{height - 8}" text-anchor="end" font-size="11" '
                 f'fill="#444">{step} {hands}</text>')
    for k, (label, series) in enumerate(lines.items()):
        colour = SVG_COLOURS[k % len(SVG_COLOURS)]
        points = " ".join(f"{x(h + 1):.1f},{y(v):.1f}" for h, v in enumerate(series))
        if len(series) == 1:
            points = f"{x(0):.1f},{y(0):.1f} " + points
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}">'
                     f'<title>{escape(label)}</title></polyline>')
    parts.append("</svg>")
    return "".join(parts)


def legend_html(labels: Sequence[str]) -> str:
    return " ".join(f'<span class="key"><span class="swatch" style="background:'
                    f'{SVG_COLOURS[k % len(SVG_COLOURS)]}"></span>{escape(label)}</span>'
                    for k, label in enumerate(labels))
