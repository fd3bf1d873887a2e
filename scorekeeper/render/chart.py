"""Score charts: each player's (or side's) score after every hand, as text for the terminal
and as inline SVG for the HTML report. Values in, strings out."""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Sequence, Tuple

from .sitting import number

if TYPE_CHECKING:
    from ..games.base import Number

PLAIN_MARKS = "*o+x#@%=~$"
FANCY_MARKS = "●○■□▲△◆◇★☆"
# Where more players are on one spot than can stand side by side there: one mark says so.
PLAIN_OVERLAP, FANCY_OVERLAP = "&", "◉"
COLOURS = ("31", "34", "32", "35", "33", "36")  # ANSI: red, blue, green, magenta, yellow, cyan
SVG_COLOURS = ("#c0392b", "#2471a3", "#229954", "#8e44ad", "#d68910", "#17a589",
               "#566573", "#a04000", "#1f618d", "#7d3c98")
HEIGHT = 12
RowOf = Callable[[Any], int]  # a score -> the row of the chart it is drawn on


def _exact(value: Any) -> "Number":
    """A figure as an exact number: a whole score as it is (most are: arithmetic on them is
    the cheapest, and an int divided by an int is the float nearest the quotient, as a
    Fraction's is), any other as a Fraction."""
    return value if type(value) is int else Fraction(value)


def _bounds(lines: Dict[str, List[Any]], target: Optional[Any] = None) -> "Tuple[Number, Number]":
    """The lowest and highest figure, nought and the target among them (int or Fraction)."""
    values = [_exact(v) for series in lines.values() for v in series] + [0]
    if target is not None:
        values.append(_exact(target))
    low, high = min(values), max(values)
    return (low, high) if high > low else (low - 1, high + 1)


def nice_step(span: "Number", most: int) -> Fraction:
    """The smallest of ... 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50 ... that cuts `span` into at
    most `most` parts (a cent at the least: money)."""
    power = Fraction(1, 100)
    while True:
        for factor in (1, 2, 5):
            if span / (power * factor) <= most:
                return power * factor
        power *= 10


def _y_labels(low: "Number", high: "Number", target: Optional[Any], row_of: RowOf) -> Dict[int, str]:
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
    step = max(nice_step(high - low, 4), Fraction(1))  # scores on the terminal: whole ticks
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

    def row_of(value: Any) -> int:
        return round((high - Fraction(value)) / (high - low) * (HEIGHT - 1))

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
    out.extend(wrap_items(legend, width))
    return "\n".join(out)


def _place(series: List[List[Any]], hands: int, columns: List[int], row_of: RowOf,
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


def wrap_items(items: List[str], width: int) -> List[str]:
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
              height: int = 260, target: Optional[Any] = None,
              x_labels: Optional[Sequence[str]] = None, what: str = "score after each hand") -> str:
    """The same chart as an inline SVG: a polyline per player or side from the start, dashed
    lines at game ends, a dotted line at the `target`, the score axis at round figures; along
    the bottom the hand numbers, or `x_labels` (one per point: the season's sittings by name,
    slanted)."""
    hands = max((len(s) for s in lines.values()), default=0)
    narrow = width < 480  # a phone's chart: the names on the axis steeper and shorter
    cut, slant = (16, 60) if narrow else (28, 40)
    longest = min(max((len(t) for t in x_labels or ()), default=0), cut)
    bottom = 28 + (round(longest * (4.8 if narrow else 3.7)) if x_labels else 0)
    height += bottom - 28
    left, right, top = 48, 14, 12
    plot_w, plot_h = width - left - right, height - top - bottom
    low, high = _bounds(lines, target)

    def x(h: int) -> float:  # h: 0 for the start, 1.. for the hands
        return left + (plot_w * h / hands if hands else 0)

    def y(v: Any) -> float:
        return top + float((high - _exact(v)) / (high - low)) * plot_h

    def text(tx: float, ty: float, label: str, anchor: str = "middle", extra: str = "") -> str:
        return (f'<text x="{tx:.1f}" y="{ty:.1f}" text-anchor="{anchor}" font-size="11" '
                f'fill="#444"{extra}>{escape(label)}</text>')

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(what)}">',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>']
    whole = all(_exact(v).denominator == 1 for series in lines.values() for v in series)
    ticks = _svg_ticks(low, high, plot_h, whole)
    for value in ticks:
        parts.append(f'<line x1="{left}" y1="{y(value):.1f}" x2="{width - right}" y2="{y(value):.1f}" '
                     f'stroke="{"#999" if value == 0 else "#e4e0d6"}" stroke-width="1"/>')
        parts.append(text(left - 6, y(value) + 4, number(value), "end"))
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#999"/>')
    if target is not None:
        parts.append(f'<line x1="{left}" y1="{y(target):.1f}" x2="{width - right}" y2="{y(target):.1f}" '
                     f'stroke="#555" stroke-dasharray="1 3"><title>{escape(number(target))} wins a game'
                     f'</title></line>')
        parts.append(text(left + 4, y(target) - 4, f"{number(target)} wins", "start"))
    for h in game_ends:
        parts.append(f'<line x1="{x(h):.1f}" y1="{top}" x2="{x(h):.1f}" y2="{top + plot_h}" '
                     f'stroke="#888" stroke-dasharray="4 3"><title>hand {h}: game over</title></line>')
    base = top + plot_h
    if x_labels:
        parts.append(text(x(0), base + 16, "start"))
        for h, label in enumerate(x_labels, start=1):
            short = label if len(label) <= cut else label[:cut - 1] + "…"
            parts.append(text(x(h) + 4, base + 12, short, "end",
                              f' transform="rotate(-{slant} {x(h) + 4:.1f} {base + 12:.1f})"'))
    else:
        parts.append(text(left - 6, base + 16, "hand", "end"))
        for h in _svg_hands(hands, plot_w):
            parts.append(text(x(h), base + 16, str(h)))
    # Lines on one stretch would hide each other: each is drawn a little wider than the next,
    # so one under another still shows at its edges.
    step = min(1.0, 3 / max(1, len(lines) - 1))
    for k, (label, series) in enumerate(lines.items()):
        colour = SVG_COLOURS[k % len(SVG_COLOURS)]
        width_k = 2 + step * (len(lines) - 1 - k)
        points = " ".join([f"{x(0):.1f},{y(0):.1f}"] + [f"{x(h + 1):.1f},{y(v):.1f}" for h, v in enumerate(series)])
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="{width_k:g}" '
                     f'stroke-linejoin="round" points="{points}"><title>{escape(label)}</title></polyline>')
    parts.append("</svg>")
    return "".join(parts)


def _svg_ticks(low: "Number", high: "Number", plot_h: float, whole: bool) -> List[Any]:
    """Round figures up the score axis, at least 22 pixels apart, nought among them (whole
    figures only, for `whole` scores)."""
    step = nice_step(high - low, max(2, int(plot_h // 22)))
    if whole:
        step = max(step, Fraction(1))
    first = -(-low // step) * step  # the first multiple of step at or above low
    values = []
    tick = first
    while tick <= high:
        values.append(int(tick) if tick.denominator == 1 else tick)
        tick += step
    return values


def _svg_hands(hands: int, plot_w: float) -> List[int]:
    """The hands numbered along the bottom: every 1, 2, 5, 10 ... so that numbers stand 28
    pixels apart, and the last."""
    every = 1
    while hands and plot_w * every / hands < 28:
        every = _next_step(every)
    found = list(range(every, hands + 1, every))
    if hands and (not found or found[-1] != hands):
        if found and plot_w * (hands - found[-1]) / hands < 28:
            found.pop()
        found.append(hands)
    return found


def legend_html(labels: Sequence[str]) -> str:
    return " ".join(f'<span class="key"><span class="swatch" style="background:'
                    f'{SVG_COLOURS[k % len(SVG_COLOURS)]}"></span>{escape(label)}</span>'
                    for k, label in enumerate(labels))
