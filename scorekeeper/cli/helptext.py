"""The worked example at the end of every command's help (as gh and HTTPie end theirs).

Imports nothing heavy: the sub-apps (crib, cinch, party) use it at import time too. Every example
is run by tests/test_help_examples.py, so an example that stops working fails the suite.
"""

from __future__ import annotations

from ..render.shell import continued

# An example line is at most this wide once indented in the help (4 spaces), so that the help
# fits a terminal of 60 columns: a longer command is broken into ` \` continuation lines, as
# one types it in a shell.
EXAMPLE_WIDTH = 56


def example(*lines: str) -> str:
    """The help's closing example; \\b keeps click from re-wrapping its lines."""
    shown = [part for line in lines for part in continued(line, EXAMPLE_WIDTH)]
    return "\b\nExample:\n" + "\n".join(f"  {line}" for line in shown)
