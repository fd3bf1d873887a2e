"""Locks no scorekeeper holds are broken; a lock of another host is never broken; when it cannot
be told, the message names the lock file and how to remove it (issue 24 point 2, and point 13's
empty lock left by a full disk). Every test here failed on the code before: a lock holding `1`,
`0` or a live unrelated pid, an empty one with a future time, or a folder of that name kept every
writer waiting 5 s and giving up, for ever; `99999999999` was an OverflowError traceback."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper import ledger, store
from scorekeeper.model import ScorekeeperError
from scorekeeper.store import lock as locks

AT = "2026-11-29T20:00:00"


@pytest.fixture
def sitting(tmp_path: Path) -> Path:
    path = tmp_path / "s.yaml"
    ledger.at_once(ledger.new_session, path, "tally", ["Ann", "Bob"], {}, created=AT)
    return path


def _lock(sitting: Path) -> Path:
    return sitting.with_name("s.yaml.lock")


def _line(pid: int, start: str = "-", boot: str = "", host: str = "", flock: int = 0) -> str:
    return (f"scorekeeper-lock pid={pid} start={start} boot={boot or locks.boot_id()} "
            f"host={host or locks.host()} flock={flock}\n")


def _dead_pid() -> int:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    return dead.pid


def _writes_at_once(sitting: Path, wait: float = 1.0) -> float:
    """Log a hand with SCOREKEEPER_LOCK_WAIT=wait; how long it took."""
    start = time.monotonic()
    with store.locked(sitting, wait=wait):
        pass
    ledger.at_once(ledger.add_hand, sitting, {"Ann": "1"}, at=AT)
    assert not _lock(sitting).exists()
    return time.monotonic() - start


@pytest.mark.parametrize("text", ["1\n", "0\n", "99999999999\n", "-5\n", "4000000\n"])
def test_a_lock_of_a_pid_no_scorekeeper_has_is_broken_at_once(sitting, text):
    """`1` is alive (init, not a scorekeeper); `0` named the process group to kill(); the huge
    one was an OverflowError; 4000000 is beyond any pid."""
    _lock(sitting).write_text(text)
    assert _writes_at_once(sitting) < 0.9


def test_a_lock_of_a_live_process_that_is_not_a_scorekeeper_is_broken(sitting):
    """An earlier version's lock (a pid alone) whose pid now belongs to another program (pid
    reuse after a crash and a reboot)."""
    other = subprocess.Popen(["sleep", "30"])
    try:
        _lock(sitting).write_text(f"{other.pid}\n")
        assert _writes_at_once(sitting) < 0.9
    finally:
        other.kill()
        other.wait()


@pytest.mark.parametrize("how", ["start time", "boot", "os lock"])
def test_a_lock_whose_pid_was_reused_is_broken(sitting, how):
    """The pid is alive (this very process), but the lock was not taken by it: another start
    time, another boot, or an OS lock that is not held."""
    me = os.getpid()
    text = {"start time": _line(me, start="1"), "boot": _line(me, boot="an-earlier-boot"),
            "os lock": _line(me, start=locks.start_time(me) or "-", flock=1)}[how]
    _lock(sitting).write_text(text)
    assert _writes_at_once(sitting) < 0.9


def test_a_live_holder_is_waited_for_and_named(sitting):
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time\nfrom pathlib import Path\n"
                               "from scorekeeper import store\n"
                               "with store.locked(Path(sys.argv[1])):\n"
                               "    print('held', flush=True)\n    time.sleep(30)\n", str(sitting)],
                              stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1])))
    try:
        assert holder.stdout.readline() == "held\n"
        start = time.monotonic()
        with pytest.raises(ScorekeeperError) as caught:
            with store.locked(sitting, wait=0.3):
                pass
        assert time.monotonic() - start >= 0.3
        assert str(caught.value) == (f"{sitting} is being changed by another scorekeeper (lock "
                                     f"{_lock(sitting)}, held by pid {holder.pid}); try again")
    finally:
        holder.kill()
        holder.wait()
    assert _writes_at_once(sitting) < 0.9  # and once it is killed, its lock is broken


def test_a_lock_of_another_host_is_never_broken_and_says_how_to_remove_it(sitting):
    """A synced or network folder: the pid is dead here, which says nothing of the other machine."""
    dead = _dead_pid()
    _lock(sitting).write_text(_line(dead, host="club-laptop", flock=1))
    with pytest.raises(ScorekeeperError) as caught:
        with store.locked(sitting, wait=0.3):
            pass
    lock = _lock(sitting)
    assert str(caught.value) == (f"{sitting} is being changed by another scorekeeper (lock {lock}, "
                                 f"held by pid {dead} on host club-laptop: if no scorekeeper is running "
                                 f"there, remove it: rm {lock}); try again")
    assert lock.exists()


def test_a_temporary_file_of_another_host_is_left_to_it(sitting):
    dead = _dead_pid()
    mine = sitting.with_name(f".scorekeeper-s.yaml.{locks.host_tag()}.{dead}.0a1b2c3d4e5f.tmp")
    theirs = sitting.with_name(f".scorekeeper-s.yaml.h00000000.{dead}.0a1b2c3d4e5f.tmp")
    for leftover in (mine, theirs):
        leftover.write_text("half a sitting")
    ledger.at_once(ledger.add_hand, sitting, {"Ann": "1"}, at=AT)
    assert not mine.exists() and theirs.exists()


def test_an_empty_lock_with_a_time_in_the_future_is_broken_once_seen_unchanged(sitting):
    lock = _lock(sitting)
    lock.write_text("")
    future = time.time() + 3600
    os.utime(lock, (future, future))
    took = _writes_at_once(sitting, wait=5)
    assert 1.9 < took < 4


def test_an_old_empty_lock_is_broken_at_once(sitting):
    lock = _lock(sitting)
    lock.write_text("")
    past = time.time() - 60
    os.utime(lock, (past, past))
    assert _writes_at_once(sitting) < 0.9


def test_a_folder_named_as_the_lock_fails_at_once_naming_it(sitting):
    _lock(sitting).mkdir()
    start = time.monotonic()
    with pytest.raises(ScorekeeperError) as caught:
        ledger.at_once(ledger.add_hand, sitting, {"Ann": "1"})
    assert time.monotonic() - start < 1  # it waited 5 s for nothing
    assert str(caught.value) == (f"cannot lock {sitting}: {_lock(sitting)} is a folder, not a "
                                 f"scorekeeper lock: remove it (rm -r {_lock(sitting)}) if nothing else needs it")


def test_a_full_disk_while_writing_the_lock_leaves_no_empty_lock(sitting, monkeypatch):
    """The next writer waited 2.2 s for the empty lock to age."""
    real_write = os.write

    def full(fd, data):
        if data.startswith(b"scorekeeper-lock"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(ScorekeeperError, match="cannot lock .*: No space left on device"):
        ledger.at_once(ledger.add_hand, sitting, {"Ann": "1"})
    assert not _lock(sitting).exists()
    monkeypatch.setattr(os, "write", real_write)
    assert _writes_at_once(sitting) < 0.9
