"""The only code that touches the disk or YAML: find (paths), load, save (atomically) and lock
sittings and parties. The names below are the store's interface; the modules hold the rest."""

from .load import (MAX_FILE_BYTES, MAX_HANDS, PARTY, SITTING, PartyFile, load, load_if, load_party, load_summary,
                   parse, read_data, read_text)
from .lock import locked
from .paths import list_sessions, make_folder_for, real_path, resolve_sessions_dir, session_path
from .save import REPORT_MARK, dump, save, save_text, session_text, would_drop, write_report, write_text
from .undone import Undone, digest, file_digest, read_undone, write_undone

__all__ = ["MAX_FILE_BYTES", "MAX_HANDS", "PARTY", "REPORT_MARK", "SITTING", "PartyFile", "dump", "list_sessions",
           "load", "load_if", "load_party", "make_folder_for", "load_summary", "locked", "parse", "read_data", "read_text",
           "real_path", "resolve_sessions_dir", "save", "save_text", "session_text", "session_path", "would_drop", "write_report",
           "write_text", "Undone", "digest", "file_digest", "read_undone", "write_undone"]
