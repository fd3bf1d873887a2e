"""What `undo` removed, kept beside the sitting so that `redo` can put it back.

The session file stays the log of the hands as played: an undone hand is not in it (so `show`,
`settle` and every view never count it). It waits in a side file, `.NAME.yaml.undone` beside
`NAME.yaml`, hidden and not a `.yaml` file, so `list` and `stats` never read it. Each entry
holds the hand as it stood in the file and a digest of the session file the undo left: `redo`
puts the hand back only while the sitting is still exactly that file (nothing logged, corrected
or edited since), and the file it writes is then the file before the undo, byte for byte.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any, Dict, List, Mapping, NamedTuple

import yaml

from .paths import real_path, undone_path
from .save import write_text

_HEADER = ("# What `scorekeeper undo` removed from {name}, for `scorekeeper redo` to put back.\n"
           "# Not part of the log: the sitting's hands are in {name} alone.\n")


class Undone(NamedTuple):
    """One undo: the hand it removed (its fields as they stood in the file) and the digest of
    the session file just after it."""

    fields: Mapping[str, Any]
    after: str


def digest(text: str) -> str:
    import hashlib  # here, not at the top: most commands never take a digest

    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def file_digest(path: Path) -> str:
    """The digest of the session file as it is now (as read, so it matches `digest` of the text
    the last save wrote)."""
    try:
        return digest(real_path(path).read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError):
        return ""


def read_undone(path: Path) -> List[Undone]:
    """The undos kept for the sitting at `path`, the latest last; none if there is no side
    file or it cannot be read (it is only ever a convenience: the put-back command that
    `undo` prints is the other way back)."""
    side = undone_path(path)
    try:
        data = yaml.safe_load(side.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return []
    if not isinstance(data, list):
        return []
    found = []
    for entry in data:
        if (isinstance(entry, dict) and isinstance(entry.get("hand"), dict)
                and isinstance(entry.get("after"), str)):
            found.append(Undone({str(k): v for k, v in entry["hand"].items()}, entry["after"]))
    return found


def write_undone(path: Path, entries: List[Undone]) -> None:
    """Keep `entries` beside the sitting (atomically, as a session is written); with none,
    the side file is removed."""
    side = undone_path(path)
    if not entries:
        with contextlib.suppress(OSError):  # left behind, it matches no file: harmless
            os.unlink(side)
        return
    data: List[Dict[str, Any]] = [{"after": e.after, "hand": dict(e.fields)} for e in entries]
    text = _HEADER.format(name=real_path(path).name) + yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=10 ** 6)
    write_text(side, text)
