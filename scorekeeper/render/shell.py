"""Command lines as a person types them in a POSIX shell: quoted words, and a long line broken
into ` \\` continuation lines. Imports nothing (the help of every command uses it)."""

from __future__ import annotations

from typing import List


def continued(line: str, width: int) -> List[str]:
    """A command line broken at spaces into lines of at most `width`, each but the last ending
    in ` \\` and the next indented by two more spaces; a word in quotes is never split."""
    words = _words(line)
    out: List[str] = []
    current = ""
    for word in words:
        candidate = f"{current} {word}" if current else word
        indent = "  " if out else ""
        if current and len(indent + candidate) + 2 > width:
            out.append(indent + current + " \\")
            current = word
        else:
            current = candidate
    out.append(("  " if out else "") + current)
    return out


def _words(line: str) -> List[str]:
    """The line's words, a quoted stretch ('deal1=bidder=Ann bid=8') kept as one."""
    words: List[str] = []
    quote = ""  # the quote open at the end of the last part: the next part is in it
    for part in line.split(" "):
        if quote:
            words[-1] += " " + part
        elif part:
            words.append(part)
        if "'" in part or '"' in part:
            quote = _open_after(part, quote)
    return words


def _open_after(part: str, quote: str) -> str:
    """The quote still open after `part`, given the one open before it."""
    for ch in part:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
    return quote
