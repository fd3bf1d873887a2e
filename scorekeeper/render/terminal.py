"""How output looks on a terminal: suit symbols, colour and the terminal's width.

Values in, strings out, like the rest of render/; imported only when output goes to a terminal (or
COLUMNS is set), so that piped output and start-up pay nothing for it. Colour follows
no-color.org: never when piped, never with NO_COLOR set, never with --no-color; `--json`
and piped output stay plain.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from typing import List, NamedTuple, Optional, Sequence

RED, GREEN, BOLD, RESET = "\x1b[31m", "\x1b[32m", "\x1b[1m", "\x1b[0m"
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_CARD = re.compile(r"(?<![\w.♣♦♥♠])(10|[2-9TJQKA])([CDHS])(?![\w])")
_SUIT_FIELD = re.compile(r"(?<![\w.])((?:trump|suit)=)([CDHS])(?![\w])")  # trump=H -> trump=♥
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_NEGATIVE = re.compile(r"^-\d")


class Style(NamedTuple):
    color: bool = False    # ANSI colour: red hearts and diamonds, negative figures, the leader
    symbols: bool = False  # suit symbols (5♥) for suit letters (5H)
    width: Optional[int] = None  # no line wider than this


def decide(is_tty: bool, env: dict, no_color: bool, encoding: str, columns: int) -> Optional[Style]:
    """The style for stdout: a terminal gets symbols (if it can print them) and colour; a
    terminal or a COLUMNS setting fixes the width. Colour, strongest first: --no-color and
    NO_COLOR (no-color.org) turn it off; FORCE_COLOR (force-color.org: any value) and
    CLICOLOR_FORCE (bixense.com/clicolors: any value but 0) turn it on even when piped;
    CLICOLOR=0 turns it off on a terminal."""
    width = columns if (is_tty or env.get("COLUMNS", "").strip()) else None
    symbols = is_tty and _can_encode("♥♦♣♠", encoding)
    color = wants_color(is_tty, env, no_color)
    if not (width or symbols or color):
        return None
    return Style(color, symbols, width)


def wants_color(is_tty: bool, env: dict, no_color: bool = False) -> bool:
    if no_color or env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR") or env.get("CLICOLOR_FORCE", "0") != "0":
        return True
    return is_tty and env.get("CLICOLOR", "1") != "0"


def _can_encode(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def visible_width(text: str) -> int:
    """Columns a cell takes: colour codes take none, wide characters two."""
    plain = _ANSI.sub("", text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in plain)


def cards(text: str, style: Style) -> str:
    """5H -> 5♥ (red on a colour terminal), in any text: a hand's fields, its effect."""
    if not style.symbols:
        return text

    def symbol(match: "re.Match[str]") -> str:
        rank, suit = match.group(1), match.group(2)
        shown = f"{rank}{SYMBOLS[suit]}"
        return f"{RED}{shown}{RESET}" if style.color and suit in "DH" else shown

    def suit(match: "re.Match[str]") -> str:
        letter = match.group(2)
        shown = SYMBOLS[letter]
        return match.group(1) + (f"{RED}{shown}{RESET}" if style.color and letter in "DH" else shown)

    return _SUIT_FIELD.sub(suit, _CARD.sub(symbol, text))


def figure(text: str, style: Style) -> str:
    """A negative figure in red: money owed, points lost."""
    return f"{RED}{text}{RESET}" if style.color and _NEGATIVE.match(text) else text


def leader(text: str, style: Style) -> str:
    return f"{BOLD}{GREEN}{text}{RESET}" if style.color else text


def wrap_widths(natural: Sequence[int], wrappable: Sequence[int], width: int,
                floor: int = 12) -> List[int]:
    """Column widths that fit `width` (with two spaces between columns): the wrappable
    columns are capped at one width, the largest that fits (the widest give up room first),
    never below `floor`."""
    widths = list(natural)
    fixed = sum(w for i, w in enumerate(widths) if i not in wrappable) + 2 * (len(widths) - 1)
    cap = max([widths[i] for i in wrappable] + [0])
    while cap > floor and fixed + sum(min(widths[i], cap) for i in wrappable) > width:
        cap -= 1
    for i in wrappable:
        widths[i] = min(widths[i], cap)
    spare = width - fixed - sum(widths[i] for i in wrappable)
    for i in sorted(wrappable, key=lambda i: -natural[i]):  # what the cap left over, to the widest
        grow = min(spare, natural[i] - widths[i])
        if grow > 0:
            widths[i] += grow
            spare -= grow
    return widths


def wrap(text: str, width: int) -> List[str]:
    return textwrap.wrap(text, width, break_on_hyphens=False) or [""]


def fit_lines(text: str, width: Optional[int]) -> str:
    """Remarks under a table, each wrapped to the width (continuations indented further)."""
    if not width:
        return text
    out = []
    for line in text.split("\n"):
        if visible_width(line) <= width:
            out.append(line)
        else:
            lead = line[:len(line) - len(line.lstrip(" "))]
            out.extend(textwrap.wrap(line, width, subsequent_indent=lead + "    ",
                                     break_on_hyphens=False))
    return "\n".join(out)


def table(rows: Sequence[Sequence[str]], headers: Sequence[str], style: Style,
          wrappable: Sequence[int] = (), paint=None) -> str:
    """tabulate's "simple" layout, with long cells wrapped onto more lines to fit the width
    and each cell painted (after wrapping, so colour codes never split)."""
    tight = [max([visible_width(h)] + [visible_width(r[i]) for r in rows]) for i, h in enumerate(headers)]
    natural = [max(n, visible_width(h) + 2) for n, h in zip(tight, headers)]  # tabulate's padding
    widths = natural
    if style.width:
        widths = wrap_widths(natural, wrappable, style.width)
        if sum(widths) + 2 * (len(widths) - 1) > style.width:  # many players: no padding either
            widths = wrap_widths(tight, wrappable, style.width, floor=6)
        if sum(widths) + 2 * (len(widths) - 1) > style.width:  # long names: the headers wrap too
            widths = _narrowest(rows, headers, tight, wrappable, style.width) or widths
    head = [wrap(h, w) if w < visible_width(h) else [h] for h, w in zip(headers, widths)]
    lines = ["  ".join(_pad(h[k] if k < len(h) else "", w) for h, w in zip(head, widths)).rstrip()
             for k in range(max(len(h) for h in head))]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        cells = [wrap(c, w) if w < visible_width(c) else [c] for c, w in zip(row, widths)]
        for k in range(max(len(c) for c in cells)):
            parts = []
            for i, (c, w) in enumerate(zip(cells, widths)):
                piece = c[k] if k < len(c) else ""
                parts.append(_pad(paint(i, piece) if paint else piece, w))
            lines.append("  ".join(parts).rstrip())
    return "\n".join(lines)


def _narrowest(rows: Sequence[Sequence[str]], headers: Sequence[str], tight: Sequence[int],
               wrappable: Sequence[int], width: int) -> Optional[List[int]]:
    """Widths that fit when even the headers do not (seven long names at 80 columns): each
    column starts at its figures' width (a wrappable one at 6), then the room left is handed
    out a column at a time, so every header and the hand get their share. None: nothing fits."""
    widths = [6 if i in wrappable else max([1] + [visible_width(r[i]) for r in rows])
              for i in range(len(headers))]
    spare = width - sum(widths) - 2 * (len(widths) - 1)
    if spare < 0:
        return None
    while spare > 0 and any(w < t for w, t in zip(widths, tight)):
        for i, t in enumerate(tight):
            if spare > 0 and widths[i] < t:
                widths[i] += 1
                spare -= 1
    return widths


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - visible_width(text))
