"""Where output goes, for every command (the sub-apps too): the width to fit it to.

Imports nothing at the top, so that the lazy sub-apps can use it without paying for it.
"""

from __future__ import annotations

from typing import Optional

MIN_WIDTH = 20  # a COLUMNS smaller than this is taken as 20: below it no table can be read


def width() -> Optional[int]:
    """The width output is fitted to: a terminal's (COLUMNS, when set, wins, as shutil reads
    it); None when stdout is not a terminal and COLUMNS is not set (piped: lines as they come)."""
    import os
    import sys

    if not (sys.stdout is not None and sys.stdout.isatty()) and not os.environ.get("COLUMNS", "").strip():
        return None
    import shutil

    return max(shutil.get_terminal_size().columns, MIN_WIDTH)
