"""Score charts: each player's (or side's) score after every hand, as text for the terminal
and as inline SVG for the HTML report. Values in, strings out."""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any, Dict, List, Sequence, Tuple

from .sitting import number

PLAIN_MARKS = "*o+x#@%&=~"
FANCY_MARKS = "●○■□▲△◆◇★☆"
COLOURS = ("31", "34", "32", "35", "33", "36")  # ANSI: red, blue, green, magenta, yellow, cyan
SVG_COLOURS = ("#c0392b", "#2471a3", "#229954", "#8e44ad", "#d68910", "#17a589",
               "#566573", "#a04000", "#1f618d", "#7d3c98")
HEIGHT = 12


def _bounds(lines: Dict[str, List[Any]]) -> Tuple[Fraction, Fraction]:
    values = [Fraction(v) for series in lines.values() for v in series] + [Fraction(0)]
    low, high = min(values), max(values)
    return (low, high) if high > low else (low - 1, high + 1)


def chart_text(title: str, lines: Dict[str, List[Any]], game_ends: Sequence[int], width: int,
               fancy: bool = False, colour: bool = False) -> str:
    """A chart no wider than `width`: the hands across (one column each, or sampled when there
    are more hands than columns), the score up; `|` columns mark the hand that ended a game.
    Plain ASCII unless `fancy` (a terminal that can print them): symbols and box lines; and
    `colour`, a colour for each line."""
    hands = max((len(s) for s in lines.values()), default=0)
    if not hands:
        return f"{title}\n\nno hands yet"
    low, high = _bounds(lines)
    labels = [number(high), number(low)] + (["0"] if low < 0 < high else [])
    pad = max(len(t) for t in labels)
    cols = max(10, width - pad - 2)
    columns, step = _columns(hands, cols)
    used = columns[-1] + 1 + step // 2
    grid = [[" "] * used for _ in range(HEIGHT)]
    row_of = lambda v: round((high - Fraction(v)) / (high - low) * (HEIGHT - 1))  # noqa: E731
    # the line between the hand that ended a game and the next
    end_cols = {min(columns[h - 1] + (step + 1) // 2, used - 1) for h in game_ends if 0 < h <= hands}
    for c in end_cols:
        for r in range(HEIGHT):
            grid[r][c] = "┊" if fancy else "|"
    zero = row_of(0)
    for c in range(used):
        if grid[zero][c] == " ":
            grid[zero][c] = "─" if fancy else "-"
    marks = FANCY_MARKS if fancy else PLAIN_MARKS
    for k, series in enumerate(lines.values()):
        mark = marks[k % len(marks)]
        if colour:
            mark = f"\x1b[{COLOURS[k % len(COLOURS)]}m{mark}\x1b[0m"
        for h, value in enumerate(series):
            grid[row_of(value)][columns[h]] = mark
    axis = "│" if fancy else "|"
    out = [title, ""]
    for r, row in enumerate(grid):
        label = number(high) if r == 0 else number(low) if r == HEIGHT - 1 else "0" if r == zero else ""
        out.append(f"{label:>{pad}} {axis}" + "".join(row).rstrip())
    ticks = [" "] * used
    for c in end_cols:
        ticks[c] = "^"
    out.append(" " * pad + " " + ("└" if fancy else "+") + "".join(ticks).rstrip())
    right = f"hand {hands}"
    out.append(" " * (pad + 2) + "hand 1".ljust(max(columns[-1] + 1 - len(right), 7)) + right)
    legend = [f"{(marks[k % len(marks)])} {label}" for k, label in enumerate(lines)]
    if game_ends:
        legend.append(f"| game over (hand {', '.join(str(h) for h in game_ends)})"
                      if not fancy else f"┊ game over (hand {', '.join(str(h) for h in game_ends)})")
    out.append("")
    out.extend(_wrap(legend, width))
    return "\n".join(out)


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
        if current and len(current) + 3 + len(item) > width:
            lines.append(current)
            current = item
        else:
            current = f"{current}   {item}" if current else item
    if current:
        lines.append(current)
    return lines


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
