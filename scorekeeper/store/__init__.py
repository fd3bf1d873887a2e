"""The only code that touches the disk or YAML: find (paths), load, save (atomically) and lock
sittings and parties. The names below are the store's interface; the modules hold the rest.

What only a write needs (saving, the lock, the undo file) is imported when first asked for: a command
that only reads (`show`, `settle`, `list`) starts without it (docs/speed.md)."""

import importlib
from typing import TYPE_CHECKING, Any

from .load import (MAX_FILE_BYTES, MAX_HANDS, PARTY, SITTING, PartyFile, load, load_if, load_party, load_summary,
                   parse, read_data, read_text)
from .paths import list_sessions, make_folder_for, real_path, resolve_sessions_dir, session_path

if TYPE_CHECKING:
    from .lock import locked
    from .save import REPORT_MARK, dump, save_text, session_text, would_drop, write_report, write_text
    from .undone import Undone, digest, file_digest, read_undone, write_undone

# name -> the module that holds it, imported on first use (PEP 562)
_LATER = {"locked": "lock",
          **dict.fromkeys(["REPORT_MARK", "dump", "save_text", "session_text", "would_drop", "write_report",
                           "write_text"], "save"),
          **dict.fromkeys(["Undone", "digest", "file_digest", "read_undone", "write_undone"], "undone")}


def __getattr__(name: str) -> Any:
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_LATER[name]}"), name)
    globals()[name] = value  # asked once: later look-ups are plain attributes
    return value


__all__ = ["MAX_FILE_BYTES", "MAX_HANDS", "PARTY", "REPORT_MARK", "SITTING", "PartyFile", "dump", "list_sessions",
           "load", "load_if", "load_party", "make_folder_for", "load_summary", "locked", "parse", "read_data", "read_text",
           "real_path", "resolve_sessions_dir", "save_text", "session_text", "session_path", "would_drop", "write_report",
           "write_text", "Undone", "digest", "file_digest", "read_undone", "write_undone"]
