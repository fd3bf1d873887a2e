"""Serialising the writers of one sitting: a lock file beside it, broken when its writer is gone.

The lock file says who holds it in a way that survives pid reuse: one line
`scorekeeper-lock pid=PID start=TICKS boot=BOOT-ID host=HOST flock=1`, the process's start
time and the boot being what a reused pid (after a crash and a reboot) does not share. Where
the system has it, the holder also keeps an OS lock (`fcntl.flock`) on the file, which dies
with its process. A lock is judged dead only on the host that wrote it: a club's sittings in a
synced or network folder are locked by writers on other machines too, whose pids mean nothing
here, so such a lock is waited for and never broken (the message says how to remove it by hand
if its holder is gone). A lock this program did not write (an old version's pid, a folder of
that name, a stray file) is broken only when no live scorekeeper can be holding it; when that
cannot be told, the message names the lock file and how to remove it.
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import time
import zlib
from pathlib import Path
from types import ModuleType
from typing import Callable, Dict, Iterator, Optional, Tuple

from ..model import ScorekeeperError
from .paths import real_path


# Not imported by a write: secrets, glob; shlex only for a message (socket comes with typer).
def _random_tag() -> str:
    return os.urandom(6).hex()  # what secrets.token_hex(6) gives, without importing secrets and hmac


def _shlex() -> ModuleType:
    import shlex

    return shlex


try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: the pid, its start time and the host alone
    fcntl = None  # type: ignore[assignment]

LOCK_WAIT_SECONDS = 5.0  # how long a second writer waits; SCOREKEEPER_LOCK_WAIT overrides it
_MAGIC = "scorekeeper-lock"


def host() -> str:
    """This machine's name, as a lock or a temporary file records it (no spaces: one word)."""
    return "".join(c if c.isprintable() and not c.isspace() else "_" for c in socket.gethostname()) or "-"


def boot_id() -> str:
    """This boot of the machine, where the system tells it (Linux): a lock from an earlier boot is dead."""
    try:  # unbuffered bytes: Path.read_text costs twice as much (docs/speed.md, "The writes")
        with open("/proc/sys/kernel/random/boot_id", "rb", buffering=0) as raw:
            return raw.read(64).decode().strip()
    except (OSError, ValueError):
        return "-"


def start_time(pid: int) -> Optional[str]:
    """When process `pid` started (clock ticks since boot, /proc/PID/stat field 22); None when
    the system does not say (no /proc) or there is no such process."""
    try:  # (as boot_id reads)
        with open(f"/proc/{pid}/stat", "rb", buffering=0) as raw:
            stat = raw.read(4096).decode()
    except (OSError, ValueError):
        return None
    fields = stat[stat.rfind(")") + 2:].split()  # after the command name, which may hold spaces
    return fields[19] if len(fields) > 19 else None


def _alive(pid: int) -> bool:
    """Whether a process `pid` exists on this host (not whether it is a scorekeeper)."""
    if pid == os.getpid():
        return True
    if pid <= 0:  # 0 and -N name process groups to kill(), not a process
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except (OverflowError, ValueError, OSError):  # no pid is that large
        return False
    return True


def process_alive(pid: int, started: Optional[str]) -> bool:
    """Process `pid` exists and is the one that started at `started` (when both are known)."""
    if not _alive(pid):
        return False
    now = start_time(pid)
    return started in (None, "-") or now is None or now == started


class Holder:
    """What a lock file says of its holder (plain classes here: a NamedTuple is dearer to define)."""

    def __init__(self, pid: int, start: str, boot: str, host: str, flock: bool) -> None:
        self.pid, self.start, self.boot, self.host, self.flock = pid, start, boot, host, flock


def _my_line() -> str:
    """This process's line, but for the last word (`flock=0` or `flock=1`)."""
    return f"{_MAGIC} pid={os.getpid()} start={start_time(os.getpid()) or '-'} boot={boot_id()} host={host()} "


def parse_holder(text: str) -> Optional[Holder]:
    words = text.split()
    if not words or words[0] != _MAGIC:
        return None
    values: Dict[str, str] = dict(w.partition("=")[::2] for w in words[1:])
    pid = values.get("pid", "")
    if not pid.isdigit() or len(pid) > 12:
        return None
    return Holder(int(pid), values.get("start", "-"), values.get("boot", "-"), values.get("host", "-"),
                  values.get("flock") == "1")


# ---------------------------------------------------------------- temporary files


_TEMP_FLAGS = os.O_CREAT | os.O_EXCL | os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0)


def temp_prefix(path: Path) -> str:
    return f".scorekeeper-{path.name[:100]}."  # a long name: the temporary one still fits


def host_tag() -> str:
    """This host in a temporary file's name: the clean-up judges by pid only its own host's."""
    return f"h{zlib.crc32(host().encode('utf-8', 'replace')):08x}"


def create_temp(path: Path, mode: Optional[int] = None) -> Tuple[int, Path]:
    """A new file beside `path`: `.scorekeeper-NAME.HOST.PID.RANDOM.tmp`, created exclusively."""
    for _ in range(100):
        tmp = path.parent / f"{temp_prefix(path)}{host_tag()}.{os.getpid()}.{_random_tag()}.tmp"
        try:
            # 0o600 until the mode of the file it replaces is set: never readable by more
            if mode is None:
                mode = 0o600 if path.exists() else 0o666
            return os.open(tmp, _TEMP_FLAGS, mode), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {path}")


def sweep_temp_files(path: Path, *beside: Path) -> None:
    """Remove temporary files of `path` (and of files `beside` it in its folder) left by writers
    of this host that were killed mid-save (their pid is gone). Another host's are its own to
    judge: a pid means nothing here. One listing of the folder, names matched as glob would."""
    prefixes = [os.path.normcase(temp_prefix(p)) for p in (path, *beside)]
    try:
        names = os.listdir(path.parent)
    except OSError:  # no folder to list: nothing left there
        return
    for name, prefix in ((n, p) for n in names for p in prefixes
                         if os.path.normcase(n).startswith(p) and os.path.normcase(n).endswith(".tmp")):
        parts = name[len(prefix):].split(".")
        if len(parts) == 4 and parts[0] == host_tag() and parts[1].isdigit() and len(parts[1]) < 12:
            dead = not _alive(int(parts[1]))
        elif len(parts) == 2 and parts[0].isdigit() and len(parts[0]) < 12:  # an earlier version's
            dead = not _alive(int(parts[0])) and _older_than(path.parent / name, 3600)
        else:
            continue
        if dead:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path.parent / name)


def _older_than(path: Path, seconds: float) -> bool:
    try:
        return time.time() - path.lstat().st_mtime > seconds
    except OSError:
        return False


# ---------------------------------------------------------------- the lock


Clock = Callable[[], float]
Sleep = Callable[[float], None]


@contextlib.contextmanager
def locked(path: Path, wait: Optional[float] = None, clock: Clock = time.monotonic,
           sleep: Sleep = time.sleep) -> Iterator[None]:
    """Serialise writers of one session with a lock file beside it.

    A second writer waits up to `wait` seconds of `clock`, pausing with `sleep` (both passed
    in so that a test tells the time), then fails clearly. A lock whose process is gone (it
    died mid-command) is broken.
    """
    path = real_path(path)  # writers through a link and writers of the target share one lock
    lock = lock_path(path)
    if not path.parent.is_dir():  # never made here: a mistyped --dir stays a mistake (`new` makes it)
        what = "no folder" if not path.parent.exists() else "not a folder:"
        raise ScorekeeperError(f"no session {str(path)!r}: {what} {path.parent}")
    try:
        fd = _take_lock(lock, path, lock_wait() if wait is None else wait, clock, sleep)
    except OSError as err:
        raise ScorekeeperError(f"cannot lock {path}: {err.strerror or err}") from None
    try:
        yield
    finally:
        if _same_file(fd, lock):  # removed while its OS lock is held: no breaker can be judging it
            os.unlink(lock)
        os.close(fd)


def lock_path(path: Path) -> Path:  # a whole lock left by a writer killed before it was linked: swept by save_text
    return path.parent / f"{path.name}.lock"


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


_FLAGS = os.O_CREAT | os.O_EXCL | os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0)


def _take_lock(lock: Path, path: Path, wait: float, clock: Clock, sleep: Sleep) -> int:
    """The open lock file (held until it is closed), once no one else holds it.

    The lock is made whole beside it (its line written, its OS lock taken) and then linked
    into place, which fails if a lock is there: so a lock of this version is never seen empty,
    even by a writer killed halfway. Where the folder has no hard links (some USB sticks and
    network shares) it is created in place instead, and is ours only if it is still in place
    once its OS lock is taken (a breaker may have removed it while it was empty)."""
    deadline = clock() + wait
    fd, whole = _whole_lock(lock)
    try:
        while True:
            try:
                if whole is not None:
                    os.link(whole, lock)
                    return fd
                taken = _lock_in_place(lock)
                if taken is not None:
                    return taken
            except FileExistsError:
                pass
            except OSError:
                if whole is None:
                    raise
                os.unlink(whole)  # no hard links here
                os.close(fd)
                fd, whole = -1, None
                continue
            verdict = break_if_stale(lock)
            if verdict.stale:
                continue
            if verdict.now:  # waiting would not change it (a folder of that name)
                raise ScorekeeperError(f"cannot lock {path}: {verdict.why}") from None
            if clock() >= deadline:
                raise ScorekeeperError(f"{path} is being changed by another scorekeeper (lock {lock}"
                                       f"{', ' + verdict.why if verdict.why else ''}); try again") from None
            sleep(0.02)
    except BaseException:
        if whole is not None:
            os.close(fd)
        raise
    finally:
        if whole is not None:
            with contextlib.suppress(OSError):
                os.unlink(whole)  # linked (the lock is its other name) or given up


def _whole_lock(lock: Path) -> Tuple[int, Optional[Path]]:
    """A complete lock file under a name of its own, open, with its OS lock taken."""
    fd, whole = create_temp(lock, 0o644)
    try:
        os.write(fd, f"{_my_line()}flock={int(_flock(fd) is True)}\n".encode())
    except OSError:  # a full disk: no lock file is left behind
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(whole)
        raise
    return fd, whole


def _lock_in_place(lock: Path) -> Optional[int]:
    """The lock created where it goes, or None when a breaker took it from us before it was
    written (then the caller tries again)."""
    fd = os.open(lock, _FLAGS, 0o644)
    held = _flock(fd)
    if held is None or (held and not _same_file(fd, lock)):  # a breaker holds it, or has removed it
        os.close(fd)
        return None
    try:
        os.write(fd, f"{_my_line()}flock={int(held)}\n".encode())
    except OSError:  # a full disk: leave no empty lock for the next writer to wait on
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(fd)
        raise
    return fd


def _flock(fd: int) -> Optional[bool]:
    """Take the OS lock on an open lock file: True once held, None when another open file holds
    it, False where the file system gives none (not every network folder)."""
    if fcntl is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return None
    except OSError:
        return False
    return True


def _same_file(fd: int, path: Path) -> bool:
    """Whether `path` still names the file open as `fd`."""
    try:
        now, mine = os.lstat(path), os.fstat(fd)
    except OSError:
        return False
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)


class Verdict:
    """`stale`: no live scorekeeper held it (it was broken); `why`, when not stale: who holds it, or
    why it cannot be told, and what to do; `now`: give up at once (waiting would not change it)."""

    def __init__(self, stale: bool, why: str = "", now: bool = False) -> None:
        self.stale, self.why, self.now = stale, why, now


def _remove_hint(lock: Path, what: str) -> str:
    return f"{what}: if no scorekeeper is running there, remove it: rm {_shlex().quote(str(lock))}"


def break_if_stale(lock: Path) -> Verdict:
    """Judge a lock that exists, and remove it if no live scorekeeper holds it.

    Safe whatever the pauses and the clocks, for no time is judged: a lock file is removed
    only by whoever holds its OS lock (its holder on release, or a breaker that took it because
    no one held it), and only while the name still is that file. So a breaker paused for any
    time between its judgement and its removal still holds the file it judged, which no writer
    can have taken meanwhile. Where the folder gives no OS lock, breakers take turns by a guard
    file that is never broken by its age."""
    try:
        mode = os.lstat(lock).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "not a plain file"
            return Verdict(False, f"{lock} is {kind}, not a scorekeeper lock: remove it "
                                  f"(rm -r {_shlex().quote(str(lock))}) if nothing else needs it", now=True)
        fd = os.open(lock, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return Verdict(False)  # released meanwhile: simply try again
    except OSError as err:
        return Verdict(False, _remove_hint(lock, f"it cannot be read ({err.strerror or err})"))
    try:
        held = _flock(fd)
        if held is None:
            return Verdict(False, _holder_named(fd))
        if held and not _same_file(fd, lock):
            return Verdict(False)  # removed and taken again meanwhile: look again
        if held:
            verdict = _judge(lock, fd, held)
            if verdict.stale:
                os.unlink(lock)  # still the file judged: we hold it
            return verdict
        return _break_without_os_lock(lock, fd)
    except OSError as err:
        return Verdict(False, _remove_hint(lock, f"it cannot be read ({err.strerror or err})"))
    finally:
        os.close(fd)  # releases the OS lock judging took, if it took it


def _holder_named(fd: int) -> str:
    """Who the lock file says holds it (its OS lock is held)."""
    with contextlib.suppress(OSError):
        holder = parse_holder(_head(fd))
        if holder is not None:
            return f"held by pid {holder.pid}"
    return ""


def _head(fd: int) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    return os.read(fd, 4096).decode("utf-8", "replace")


def _judge(lock: Path, fd: int, held: bool) -> Verdict:
    """Whether the lock open as `fd` is stale. With its OS lock `held` by us, its writer is dead
    or never finished writing it (and then finds it gone); without, the line alone tells."""
    text = _head(fd)
    holder = parse_holder(text)
    if holder is not None:
        return _judge_holder(lock, holder, held)
    words = text.split()
    if len(words) == 1 and words[0].isdigit():  # an earlier version's lock: a pid alone
        return _judge_pid_only(lock, int(words[0]) if len(words[0]) < 12 else -1)
    if held or (text.strip() and not _MAGIC.startswith(text.strip()[:len(_MAGIC)])):
        return Verdict(True)  # no scorekeeper writes that (nor is writing it)
    return Verdict(False, _remove_hint(lock, "it is empty or half written, and this folder has no OS locks "
                                             "to tell whether its writer is alive"))


def _judge_holder(lock: Path, holder: Holder, held: bool) -> Verdict:
    who = f"held by pid {holder.pid}"
    if holder.host != host():  # never judged by a pid of another machine
        return Verdict(False, _remove_hint(lock, f"{who} on host {holder.host}"))
    if holder.boot not in ("-", boot_id()) and boot_id() != "-":
        return Verdict(True)  # written before this machine last started
    if holder.flock and held:  # the holder took it before writing its line: it died with it
        return Verdict(True)
    if not process_alive(holder.pid, holder.start):
        return Verdict(True)
    return Verdict(False, who)


def _judge_pid_only(lock: Path, pid: int) -> Verdict:
    """A lock of an earlier version: its pid, on this host (it recorded no host). Broken when
    no such process lives, or the process is not a scorekeeper (a pid reused)."""
    if not _alive(pid):
        return Verdict(True)
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return Verdict(False, _remove_hint(lock, f"held by pid {pid}, which may be a scorekeeper"))
    if b"scorekeeper" not in command:
        return Verdict(True)
    return Verdict(False, f"held by pid {pid}")


def _break_without_os_lock(lock: Path, fd: int) -> Verdict:
    """A folder without OS locks: a dead writer's lock is removed under a guard that breakers
    take in turn, so two that judged it cannot remove the lock one of them then took. A guard
    left by a breaker that died is never judged by its age (a paused breaker looks just as
    old): the message names it for the user to remove."""
    guard = lock.parent / f"{lock.name}.break"
    try:
        guard_fd = os.open(guard, _FLAGS, 0o644)
    except FileExistsError:
        return Verdict(False, _remove_hint(guard, "another scorekeeper is breaking a stale lock"))
    os.close(guard_fd)
    try:
        if not _same_file(fd, lock):
            return Verdict(False)  # removed meanwhile: look again
        verdict = _judge(lock, fd, held=False)
        if verdict.stale:
            os.unlink(lock)
        return verdict
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(guard)
