"""The Cinch illustrative hands as the book prints them, turned into trick sheets.

Foster prints his hands two side by side under headings such as "No. 1. A bids 8 on hearts.
The draw: A 2; Y 2; B 4; Z 5." with the trick number between the two tables (rules/002, as a
table with pipes; rules/000 with the heading wrapped over three lines and TRICK written down
the middle column). Pasted as they are, these are read here: each heading gives a hand's
bidder, bid and trump (and its number, as the title), each card row gives four cards to each
hand, and the prose around them (the draw, the commentary) is left out. The result is one
trick sheet per hand in scorekeeper's own format, read by `sheet.parse_sheet`.

Pure: text in, text out.
"""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

# "A bids 8 on hearts", optionally preceded by "No. 1." (the bidder is a seat's name)
_HEADING = re.compile(r"(?:No\.\s*(\d+)\.?\s*)?(\w+) bids (\d+) on (\w+)", re.IGNORECASE)
_SHEET_KEY = re.compile(r"^\s*\ufeff?\s*(bidder|bid|trump)\s*:", re.IGNORECASE | re.MULTILINE)
_SUIT_MARKS = "♣♦♥♠♧♢♡♤?"
_RANKS = {"A", "K", "Q", "J", "T", "10", "9", "8", "7", "6", "5", "4", "3", "2"}


def is_printed(text: str) -> bool:
    """A paste of the book's layout: a heading "X bids N on SUIT" and no sheet keys."""
    return bool(_HEADING.search(text)) and not _SHEET_KEY.search(text)


def _card_token(token: str) -> bool:
    """A card as the book prints it: a rank with a suit symbol (or `?`) before or after it,
    perhaps underlined (`_♡8_`)."""
    t = token.strip("_")
    if len(t) < 2:
        return False
    if t[0] in _SUIT_MARKS:
        return t[1:].upper() in _RANKS
    if t[-1] in _SUIT_MARKS:
        return t[:-1].upper() in _RANKS
    return False


def _row_cards(line: str) -> Optional[List[str]]:
    """The cards of a table row (trick numbers and pipes dropped), or None if the line is
    not a row of cards (a heading, the seats, a rule, prose)."""
    tokens = line.replace("|", " ").split()
    if not tokens:
        return None
    cards = [t for t in tokens if _card_token(t)]
    others = [t for t in tokens if not _card_token(t) and not t.rstrip(".").isdigit()]
    if others or not cards or len(cards) % 4:
        return None
    return cards


def printed_sheets(text: str) -> List[str]:
    """One trick sheet per hand in a paste of the book's layout, left to right, top to bottom."""
    text = text.lstrip("\ufeff")
    sheets: List[Tuple[str, List[List[str]]]] = []   # (header lines, rows) per hand
    block: List[int] = []                             # indexes in `sheets` of the current headings
    for line in text.splitlines():
        line = line.split("#", 1)[0]  # a comment, as in a trick sheet
        headings = _HEADING.findall(line)
        if headings:
            block = []
            for number, bidder, bid, trump in headings:
                title = f"title: No. {number}\n" if number else ""
                header = f"{title}bidder: {bidder}\nbid: {bid}\ntrump: {trump}\n"
                block.append(len(sheets))
                sheets.append((header, []))
            continue
        cards = _row_cards(line)
        if cards is None or not block:
            continue
        if len(cards) != 4 * len(block):
            from ...model import ScorekeeperError

            raise ScorekeeperError(
                f"a row of the printed table has {len(cards)} cards; under {len(block)} "
                f"heading(s) each row has {4 * len(block)}: {line.strip()!r}")
        for k, index in enumerate(block):
            sheets[index][1].append(cards[4 * k:4 * k + 4])
    return [header + "".join(" ".join(row) + "\n" for row in rows) for header, rows in sheets]
