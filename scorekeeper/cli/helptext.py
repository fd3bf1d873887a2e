"""The worked example at the end of every command's help (as gh and HTTPie end theirs).

Imports nothing: the sub-apps (crib, cinch, party) use it at import time too. Every example
is run by tests/test_help_examples.py, so an example that stops working fails the suite.
"""

from __future__ import annotations

from typing import List

# An example line is at most this wide once indented in the help (4 spaces), so that the help
# fits a terminal of 60 columns: a longer command is broken into ` \` continuation lines, as
# one types it in a shell.
EXAMPLE_WIDTH = 56


def example(*lines: str) -> str:
    """The help's closing example; \\b keeps click from re-wrapping its lines."""
    shown = [part for line in lines for part in continued(line)]
    return "\b\nExample:\n" + "\n".join(f"  {line}" for line in shown)


def continued(line: str, width: int = EXAMPLE_WIDTH) -> List[str]:
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
    current = ""
    quote = ""
    for ch in line:
        if quote:
            current += ch
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
            current += ch
        elif ch == " ":
            if current:
                words.append(current)
            current = ""
        else:
            current += ch
    if current:
        words.append(current)
    return words
