"""Serialising the writers of one sitting: a lock file beside it, broken when its writer is gone."""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Iterator, Optional

from ..model import ScorekeeperError
from .paths import real_path

LOCK_WAIT_SECONDS = 5.0  # how long a second writer waits; SCOREKEEPER_LOCK_WAIT overrides it


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextlib.contextmanager
def locked(path: Path, wait: Optional[float] = None) -> Iterator[None]:
    """Serialise writers of one session with a lock file beside it.

    A second writer waits up to `wait` seconds, then fails clearly. A lock whose process
    is gone (it died mid-command) is broken.
    """
    path = real_path(path)  # writers through a link and writers of the target share one lock
    lock = path.parent / f"{path.name}.lock"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _take_lock(lock, path, lock_wait() if wait is None else wait)
    except OSError as err:
        raise ScorekeeperError(f"cannot lock {path}: {err.strerror or err}") from None
    try:
        yield
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(lock)


def lock_wait() -> float:
    """SCOREKEEPER_LOCK_WAIT, read when a lock is taken (a bad value is a clear error)."""
    raw = os.environ.get("SCOREKEEPER_LOCK_WAIT", "").strip()
    if not raw:
        return LOCK_WAIT_SECONDS
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < float("inf"):  # also refuses nan, which would wait for ever
        raise ScorekeeperError(f"SCOREKEEPER_LOCK_WAIT must be a number of seconds such as 5, "
                               f"got {raw!r}")
    return seconds


def _take_lock(lock: Path, path: Path, wait: float) -> None:
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            if _lock_is_stale(lock) and _break_stale(lock):
                continue
            if time.monotonic() >= deadline:
                raise ScorekeeperError(
                    f"{path} is being changed by another scorekeeper (lock {lock}); try again") from None
            time.sleep(0.02)
            continue
        try:
            os.write(fd, f"{os.getpid()}\n".encode())
        finally:
            os.close(fd)
        return


def _break_stale(lock: Path) -> bool:
    """Remove a dead writer's lock. A second lock guards the breaking, so two waiters that
    both saw the stale lock cannot remove the fresh lock one of them has just taken."""
    guard = lock.parent / f"{lock.name}.break"
    try:
        fd = os.open(guard, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        with contextlib.suppress(FileNotFoundError):
            if time.time() - guard.stat().st_mtime > 2:  # its breaker died too
                os.unlink(guard)
        return False
    os.close(fd)
    try:
        if _lock_is_stale(lock):  # still the dead one's lock, now that we alone may break it
            with contextlib.suppress(FileNotFoundError):
                os.unlink(lock)
            return True
        return False
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(guard)


def _lock_is_stale(lock: Path) -> bool:
    try:
        text = lock.read_text().strip()
    except FileNotFoundError:
        return False  # released meanwhile: simply try again
    except OSError:
        return False
    if not text.isdigit():
        # a lock being written right now has no pid yet; one left empty for long is stale
        try:
            return time.time() - lock.stat().st_mtime > 2
        except FileNotFoundError:
            return False
    return not _alive(int(text))
