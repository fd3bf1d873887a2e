"""How output looks on a terminal: suit symbols, colour and the terminal's width.

Values in, strings out, like the rest of render/; imported only when output goes to a terminal (or
COLUMNS is set), so that piped output and start-up pay nothing for it. Colour follows
no-color.org: never when piped, never with NO_COLOR set, never with --no-color; `--json`
and piped output stay plain.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable, List, Mapping, Optional, Sequence

RED, GREEN, BOLD, RESET = "\x1b[31m", "\x1b[32m", "\x1b[1m", "\x1b[0m"
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
# Patterns, compiled by `re` when first used (and kept in its cache): a command that never
# shows a card or a colour code does not pay for compiling them.
_CARD = r"(?<![\w.♣♦♥♠])(10|[2-9TJQKA])([CDHS])(?![\w])"
_SUIT_FIELD = r"(?<![\w.])((?:trump|suit)=)([CDHS])(?![\w])"  # trump=H -> trump=♥
_ANSI = r"\x1b\[[0-9;]*m"
Paint = Optional[Callable[[int, str], str]]  # paint(i, text): a piece of column i, coloured


class Style:  # how a terminal is written to: a plain class, only read (docs/architecture.md, "Value types")
    __slots__ = ("color", "symbols", "width")

    def __init__(self, color: bool = False, symbols: bool = False, width: Optional[int] = None) -> None:
        self.color = color  # ANSI colour: red hearts and diamonds, negative figures, the leader
        self.symbols = symbols  # suit symbols (5♥) for suit letters (5H)
        self.width = width  # no line wider than this


def decide(is_tty: bool, env: Mapping[str, str], no_color: bool, encoding: str, columns: int) -> Optional[Style]:
    """The style for stdout: a terminal gets symbols (if it can print them) and colour; a
    terminal or a COLUMNS setting fixes the width. Colour, strongest first: --no-color and
    NO_COLOR (no-color.org) turn it off; FORCE_COLOR (force-color.org: any value) and
    CLICOLOR_FORCE (bixense.com/clicolors: any value but 0) turn it on even when piped;
    CLICOLOR=0 turns it off on a terminal."""
    width = max(columns, 20) if (is_tty or env.get("COLUMNS", "").strip()) else None  # cli.output.MIN_WIDTH
    symbols = is_tty and _can_encode("♥♦♣♠", encoding)
    color = wants_color(is_tty, env, no_color)
    if not (width or symbols or color):
        return None
    return Style(color, symbols, width)


def wants_color(is_tty: bool, env: Mapping[str, str], no_color: bool = False) -> bool:
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
    if text.isascii() and "\x1b" not in text:  # by far the most cells: one column a character
        return len(text)
    plain = re.sub(_ANSI, "", text)
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

    return re.sub(_SUIT_FIELD, suit, re.sub(_CARD, symbol, text))


def figure(text: str, style: Style) -> str:
    """A negative figure in red: money owed, points lost."""
    return f"{RED}{text}{RESET}" if style.color and text[:1] == "-" and text[1:2].isdecimal() else text


def leader(text: str, style: Style) -> str:
    return f"{BOLD}{GREEN}{text}{RESET}" if style.color else text


def longest_word(text: str) -> int:
    return max([visible_width(w) for w in text.split()] + [0])


def wrap(text: str, width: int, later: Optional[int] = None, split: bool = True) -> List[str]:
    """Greedy wrapping at spaces, measured in columns (wide characters count two); the spaces
    between words within a line are kept as written (`made=10  ->  Ann`). `later`: the width of
    every line after the first (a hanging indent), default the same. A word wider than its line
    (a path longer than the terminal) is broken there with `split` (a table's cell), else stands
    alone on its line, whole, for the terminal to fold: nothing is ever inserted into a word."""
    lines: List[str] = []
    current = ""

    def room() -> int:
        return width if not lines or later is None else later

    for gap, word in re.findall(r"(\s*)(\S+)", text):
        if current and visible_width(f"{current}{gap}{word}") > room():
            lines.append(current)
            current = ""
        while split and not current and visible_width(word) > room():  # no room for it anywhere
            head, word = _split_at(word, room())
            lines.append(head)
        if not word:
            continue
        current = f"{current}{gap}{word}" if current else word
    if current or not lines:
        lines.append(current)
    return lines


def _split_at(word: str, width: int) -> "tuple[str, str]":
    taken = 0
    for i, c in enumerate(word):
        taken += visible_width(c)
        if taken > width:
            return word[:max(i, 1)], word[max(i, 1):]
    return word, ""


def fit_lines(text: str, width: Optional[int], hang: str = "    ") -> str:
    """Lines of text (remarks under a table, a heading), each wrapped at spaces to the width,
    continuations indented further by `hang` (a paragraph: "")."""
    if not width:
        return text
    out = []
    for line in text.split("\n"):
        if visible_width(line) <= width:
            out.append(line)
            continue
        lead = line[:len(line) - len(line.lstrip(" "))]
        more = lead + hang
        first, *rest = wrap(line.strip(" "), max(width - len(lead), 1), max(width - len(more), 1),
                            split=False)
        out.append(lead + first)
        out.extend(more + piece for piece in rest)
    return "\n".join(out)


def table(rows: Sequence[Sequence[str]], headers: Sequence[str], style: Style,
          wrappable: Sequence[int] = (), paint: Paint = None) -> str:
    """A table in tabulate's "simple" layout fitting the style's width (see fit_table); each
    cell painted after wrapping, so colour codes never split."""
    return fit_table(rows, headers, style.width, paint=paint)


GAP = 2  # spaces between columns, as tabulate's "simple" layout
COMFORTABLE = 16  # a column of text narrower than this is hard to read: another group first
BELOW = 30  # a description column narrower than this goes under its row instead
INDENT = "    "  # a description under its row


def fit_table(rows: Sequence[Sequence[str]], headers: Sequence[str], width: Optional[int],
              paint: Paint = None, key: int = 1, align: Sequence[str] = (), below: Optional[int] = None) -> str:
    """tabulate's "simple" table, no line wider than `width` (None: as wide as it comes).

    When the table is too wide its cells (and headers) wrap at spaces onto more lines: the widest
    columns give up room first, no column narrower than its longest word, so no word is split.
    When even that does not fit, the table is cut into groups of columns, one under the other,
    each repeating the first `key` columns (the player, the hand's number) to say whose row it
    is. `paint(i, text)` colours a piece of column i; `align` says "right" for a column of
    figures to align on the right. Column `below` (the last, a description such as a rule's
    help) goes under its row, indented, when in the table it would be narrower than BELOW."""
    n = len(headers)
    tight = [max([visible_width(headers[i])] + [visible_width(r[i]) for r in rows]) for i in range(n)]
    natural = [max(t, visible_width(h) + 2) for t, h in zip(tight, headers)]  # tabulate's padding
    if width is None or sum(natural) + GAP * (n - 1) <= width:
        return _render(rows, headers, natural, range(n), paint, align)
    least = [max([longest_word(headers[i])] + [longest_word(r[i]) for r in rows]) for i in range(n)]
    if below is not None and n > 1:
        fitted = _fit_widths(natural, tight, least, width) if sum(least) + GAP * (n - 1) <= width else None
        if fitted is None or fitted[below] < BELOW:
            return _with_descriptions_below(rows, headers, width, below, paint, key, align)
    parts = []
    for columns in _groups(least, tight, width, min(key, n)):
        widths = _fit_widths([natural[i] for i in columns], [tight[i] for i in columns],
                             [least[i] for i in columns], width)
        parts.append(_render(rows, headers, widths, columns, paint, align))
    return "\n\n".join(parts)


def _groups(least: Sequence[int], tight: Sequence[int], width: int, key: int) -> List[List[int]]:
    """The columns in groups that each fit the width beside the key columns: one group when every
    column fits at its narrowest; else as many as fit comfortably, then the rest below."""
    n = len(least)
    if sum(least) + GAP * (n - 1) <= width:
        return [list(range(n))]
    keys = list(range(key))
    comfortable = [min(t, max(lw, COMFORTABLE)) for t, lw in zip(tight, least)]
    groups: List[List[int]] = []
    current: List[int] = []
    for i in range(key, n):
        wanted = keys + current + [i]
        if current and sum(comfortable[j] for j in wanted) + GAP * (len(wanted) - 1) > width:
            groups.append(keys + current)
            current = []
        current.append(i)
    groups.append(keys + current)
    return groups


def _fit_widths(natural: Sequence[int], tight: Sequence[int], least: Sequence[int],
                width: int) -> List[int]:
    """Column widths for one table: with their padding where the widest columns keep a readable
    width, else without; every column capped at one width (the widest give up room first), never
    below its longest word unless a word is wider than the terminal itself."""
    room = width - GAP * (len(natural) - 1)
    floor = list(least) if sum(least) <= room else [1] * len(least)
    for target in (natural, tight):
        widths = _capped(target, floor, room)
        capped = [w for w, t in zip(widths, target) if w < t]
        if not capped or min(capped) >= 12 or target is tight:
            return widths
    raise AssertionError("unreachable")


def _capped(target: Sequence[int], floor: Sequence[int], room: int) -> List[int]:
    """Each column min(target, cap) (never below its floor), the largest cap that fits the room;
    what the cap leaves over goes to the widest columns cut short."""
    def at(cap: int) -> List[int]:
        return [max(f, min(t, cap)) for t, f in zip(target, floor)]

    low, high = 0, max(target)
    while low < high:  # the largest cap that fits
        mid = (low + high + 1) // 2
        if sum(at(mid)) <= room:
            low = mid
        else:
            high = mid - 1
    widths = at(low)
    spare = room - sum(widths)
    for i in sorted(range(len(widths)), key=lambda i: -target[i]):
        grow = min(spare, target[i] - widths[i])
        if grow > 0:
            widths[i] += grow
            spare -= grow
    return widths


def _with_descriptions_below(rows: Sequence[Sequence[str]], headers: Sequence[str], width: int,
                             below: int, paint: Paint, key: int, align: Sequence[str]) -> str:
    """The table without its description column, each row's description wrapped under it."""
    others = [i for i in range(len(headers)) if i != below]
    n = len(others)
    tight = [max([visible_width(headers[i])] + [visible_width(r[i]) for r in rows]) for i in others]
    natural = [max(t, visible_width(headers[i]) + 2) for t, i in zip(tight, others)]
    least = [max([longest_word(headers[i])] + [longest_word(r[i]) for r in rows]) for i in others]
    if sum(least) + GAP * (n - 1) > width:  # the other columns in groups: the descriptions after
        table = fit_table([[r[i] for i in others] for r in rows], [headers[i] for i in others], width,
                          key=key, align=[align[i] if i < len(align) else "" for i in others])
        return table + "\n\n" + fit_lines("\n".join(f"{r[0]}: {r[below]}" for r in rows), width)
    widths = natural if sum(natural) + GAP * (n - 1) <= width else _fit_widths(natural, tight, least, width)
    head, body = _layout(rows, headers, widths, others, paint, align)
    out = list(head)
    for row, lines in zip(rows, body):
        out.extend(lines)
        out.extend(INDENT + piece for piece in wrap(row[below], width - len(INDENT)) if row[below])
    return "\n".join(out)


def _render(rows: Sequence[Sequence[str]], headers: Sequence[str], widths: Sequence[int],
            columns: Sequence[int], paint: Paint, align: Sequence[str]) -> str:
    head, body = _layout(rows, headers, widths, columns, paint, align)
    return "\n".join(head + [line for lines in body for line in lines])


def _layout(rows: Sequence[Sequence[str]], headers: Sequence[str], widths: Sequence[int],
            columns: Sequence[int], paint: Paint, align: Sequence[str]) -> "tuple[List[str], List[List[str]]]":
    """The header lines (with the rule under them), and each row's lines."""
    columns = list(columns)
    right = {i for i in columns if i < len(align) and align[i] == "right"}

    def cell_lines(text: str, w: int) -> List[str]:
        return wrap(text, w) if visible_width(text) > w else [text]

    def line(pieces: Sequence[str], painted: bool) -> str:
        parts = []
        for (i, w), piece in zip(zip(columns, widths), pieces):
            shown = paint(i, piece) if painted and paint and piece else piece
            parts.append(_pad(shown, w, i in right))
        return "  ".join(parts).rstrip()

    head = [cell_lines(headers[i], w) for i, w in zip(columns, widths)]
    lines = [line([h[k] if k < len(h) else "" for h in head], False)
             for k in range(max(len(h) for h in head))]
    lines.append("  ".join("-" * w for w in widths))
    body = []
    for row in rows:
        cells = [cell_lines(row[i], w) for i, w in zip(columns, widths)]
        body.append([line([c[k] if k < len(c) else "" for c in cells], True)
                     for k in range(max(len(c) for c in cells))])
    return lines, body


def _pad(text: str, width: int, right: bool = False) -> str:
    fill = " " * max(0, width - visible_width(text))
    return fill + text if right else text + fill
