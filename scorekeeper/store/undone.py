"""What `undo` removed, kept beside the sitting so that `redo` can put it back.

The session file stays the log of the hands as played: an undone hand is not in it (so `show`,
`settle` and every view never count it). It waits in a side file, `.NAME.yaml.undone` beside
`NAME.yaml`, hidden and not a `.yaml` file, so `list` and `stats` never read it. The side file
is guarded as the sitting is: it is a sitting's text (the header, the undone hands as the
sitting held them) read by the sitting's own reader with every bound and check, written like
the sitting (a temporary file made exclusively, with the sitting's mode and owner, renamed
over it: never through a link), and only once the save it belongs to has succeeded. Its
first line holds, for each undo, the digest of the session file that undo left: `redo` puts
the hand back only while the sitting is still exactly that file, and the file it writes is
then the file before the undo, byte for byte.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import stat
import sys
from pathlib import Path
from typing import List, Sequence

from ..model import Hand, ScorekeeperError, Session
from .load import MAX_FILE_BYTES, parse
from .paths import real_path, undone_path
from .save import dump, fsync_folder, write_beside

_HEADER = ("# What `scorekeeper undo` removed from {name}, for `scorekeeper redo` to put back.\n"
           "# Not part of the log: the sitting's hands are in {name} alone.\n")
_AFTER = "# after:"  # then the digest of the file each undo left, the latest last


class Undone:
    """One step kept beside the sitting: its hand (as it stood in the file), the digest of the
    session file just after it, and what it does to the hands at `at` (0-based). A `redo` step
    is what an undo took back, to put back: `append` (the hand an undo removed from the end),
    `put` (insert the hand at `at`), `drop` (remove hand `at`), `swap` (hand `at` becomes this
    one). A `did` step is a change made (edit, insert, delete), kept so that undo can take it
    back: the same words say what undoing it does. Written in the digests' line as
    `DIGEST/KIND/STEP/AT` (a plain `DIGEST`: an append to redo, as undo always wrote it). A plain
    class: a NamedTuple is dearer to define, which every write paid (docs/speed.md)."""

    def __init__(self, hand: Hand, after: str, step: str = "append", at: int = -1, kind: str = "redo") -> None:
        self.hand, self.after, self.step, self.at, self.kind = hand, after, step, at, kind

    def token(self) -> str:
        if self.step == "append" and self.kind == "redo":
            return self.after
        return f"{self.after}/{self.kind}/{self.step}/{self.at}"


STEPS = ("append", "put", "drop", "swap")


def _entry(hand: Hand, token: str, side: Path) -> Undone:
    after, *rest = token.split("/")
    if not rest:
        return Undone(hand, after)
    if len(rest) != 3 or rest[0] not in ("redo", "did") or rest[1] not in STEPS or not rest[2].isdigit():
        raise ScorekeeperError(f"{side} is not as undo wrote it (a step {token!r})")
    return Undone(hand, after, rest[1], int(rest[2]), rest[0])


def digest(text: str) -> str:
    """SHA-256, from CPython's own module where it has one (as `random` takes its SHA-512):
    hashlib would load OpenSSL for this one digest (docs/speed.md, "The writes")."""
    data = text.encode("utf-8")
    with contextlib.suppress(ImportError):  # (a failed import searches the path again each time)
        own = importlib.import_module("_sha2" if sys.version_info >= (3, 12) else "_sha256")
        return f"sha256:{own.sha256(data).hexdigest()}"
    return f"sha256:{importlib.import_module('hashlib').sha256(data).hexdigest()}"


def file_digest(path: Path) -> str:
    """The digest of the session file as it is now (as read, so it matches `digest` of the text
    the last save wrote)."""
    try:
        return digest(real_path(path).read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError):
        return ""


def read_undone(path: Path, changes_only: bool = False, unchanged: bool = False) -> List[Undone]:
    """The undos kept for the sitting at `path`, the latest last; none if there is no side file
    (nor, `changes_only`, if it keeps no change made; nor, `unchanged`, unless the last of them
    left the sitting as it is now: its hands are then left unread). A side file not
    as undo writes it (a link, a pipe, a device, too big, a YAML bomb, hands not matching its digests)
    is an error saying so."""
    side = undone_path(path)
    text = _read_plain(side)
    if text is None:
        return []
    first = text.split("\n", 3)[2] if text.count("\n") >= 3 else ""
    afters = first[len(_AFTER):].split() if first.startswith(_AFTER) else []
    if changes_only and not any("/did/" in after for after in afters):
        return []
    if unchanged and (not afters or afters[-1].split("/")[0] != file_digest(path)):
        return []
    try:
        hands = parse(text, str(side), name=real_path(path).stem).hands
    except ScorekeeperError as err:
        raise err.with_message(f"{err.message} (in what undo kept for redo)") from None
    if len(afters) != len(hands):
        raise ScorekeeperError(f"{side} is not as undo wrote it ({len(hands)} hands, {len(afters)} digests)")
    return [_entry(hand, after, side) for hand, after in zip(hands, afters)]


def _read_plain(side: Path) -> "str | None":
    """The side file's text, read as a sitting is read: a plain file of a sitting's size at
    most, opened without following a link (a FIFO would hang, /dev/zero never ends)."""
    try:
        fd = os.open(side, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return None
    except OSError as err:
        kind = "a link" if side.is_symlink() else "not readable"
        raise ScorekeeperError(f"cannot read {side}: it is {kind} ({err.strerror or err}); "
                               f"undo writes a plain file there") from None
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise ScorekeeperError(f"cannot read {side}: it is not a plain file (a folder, a device "
                                   f"or a pipe); undo writes a plain file there")
        if status.st_size > MAX_FILE_BYTES:
            raise ScorekeeperError(f"{side} is {status.st_size / 2 ** 20:.1f} MB; a session file may be "
                                   f"at most {MAX_FILE_BYTES // 2 ** 20} MB")
        with open(fd, "rb", closefd=False) as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ScorekeeperError(f"cannot read {side}: it is not UTF-8 text") from None
    except OSError as err:
        raise ScorekeeperError(f"cannot read {side}: {err.strerror or err}") from None
    finally:
        os.close(fd)


def write_undone(path: Path, entries: Sequence[Undone], session: Session) -> None:
    """Keep `entries` beside the sitting (`session` gives the header), as the sitting is written;
    with none, the side file is removed. Then the folder is fsynced, for the sitting's save too."""
    side = undone_path(path)
    try:
        if entries:
            text = (_HEADER.format(name=real_path(path).name) + " ".join([_AFTER, *(e.token() for e in entries)])
                    + "\n" + dump(session.with_hands(tuple(e.hand for e in entries))))
            write_beside(side, text, real_path(path))
        else:
            with contextlib.suppress(FileNotFoundError):  # left behind, it matches no file: harmless
                os.unlink(side)
    finally:  # the sitting's rename and this one, made durable at once (docs/reliability.md)
        fsync_folder(side.parent)
