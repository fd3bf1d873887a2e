"""Shared test helpers: run the CLI in a temporary sessions folder and read its output."""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any, Iterator, List, Optional, Sequence, Tuple

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app

ROOT = Path(__file__).resolve().parent.parent
SESSIONS = ROOT / "sessions" / "examples"


def bench_sittings() -> Any:
    """bench/sittings.py, which grows long sittings of every game as the benchmarks measure
    them (the bundled example's hands, shuffled, each kept when the game accepts it)."""
    import importlib.util

    found = sys.modules.get("bench_sittings")
    if found is None:
        spec = importlib.util.spec_from_file_location("bench_sittings", ROOT / "bench" / "sittings.py")
        assert spec is not None and spec.loader is not None
        found = sys.modules["bench_sittings"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(found)
    return found


@contextlib.contextmanager
def peak_memory() -> Iterator[List[int]]:
    """The most memory Python held at once inside the block, in bytes, beyond what it held
    before: what "at once" means without reading a clock (work not done allocates nothing)."""
    tracemalloc.start()
    peak = [0]
    try:
        base = tracemalloc.get_traced_memory()[0]
        yield peak
        peak[0] = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


class Cli:
    def __init__(self, folder: Path):
        self.folder = folder
        self.runner = CliRunner()  # click's public testing API, as Typer gives it

    def __call__(self, *args: str, input: str | None = None):
        return self.runner.invoke(app, ["--dir", str(self.folder), *args], input=input)

    def file(self, name: str) -> Path:
        return self.folder / f"{name}.yaml"

    def ok(self, *args: str, input: str | None = None):
        """Run a command that must succeed."""
        result = self(*args, input=input)
        assert result.exit_code == 0, result.stderr or result.output
        return result

    def new(self, name: str, game: str, players: str, *rules: str, stake: str | None = "1"):
        """`new`, at a stake of 1 unless told (stake=None: no stake, settled in the game's unit)."""
        args = ["new", name, "--game", game, "--players", players]
        for rule in rules:
            args += ["--rule", rule]
        if stake is not None:
            args += ["--stake", stake]
        return self.ok(*args)

    def json(self, *args: str):
        import json

        return json.loads(self.ok(*args, "--json").stdout)

    def refused(self, name: str, *args: str, code: int = 1):
        """Run a command that must fail with one `error:` line and leave NAME's file as it was."""
        before = self.file(name).read_bytes() if self.file(name).exists() else None
        result = self(*args)
        assert result.exit_code == code, (result.exit_code, result.output)
        assert result.stdout == ""
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
        after = self.file(name).read_bytes() if self.file(name).exists() else None
        assert after == before
        return result


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "sessions")


@pytest.fixture(autouse=True)
def _no_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables are compared at their natural width: a COLUMNS exported by the shell that runs
    the tests would wrap them (tests that want a width set COLUMNS themselves)."""
    monkeypatch.delenv("COLUMNS", raising=False)


def on_a_pty(*args: str, typed: bytes = b"", env_extra: Optional[dict] = None,
             drop: Sequence[str] = ()) -> Tuple[int, str]:
    """Run `python -m scorekeeper ARGS` with stdin, stdout and stderr on a real pseudo-terminal,
    typing `typed` (the variables in `drop` unset); its exit code and what the terminal received
    (newlines as "\\n")."""
    import pty

    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", *drop)}
    env.update(env_extra or {})
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", *args], stdin=slave, stdout=slave,
                            stderr=slave, env=env, cwd=ROOT)
    os.close(slave)
    if typed:
        os.write(master, typed)
    out = b""
    deadline = time.monotonic() + 60  # a bound for the test (a hung command fails it), not a speed
    while True:
        if not select.select([master], [], [], max(0.0, deadline - time.monotonic()))[0]:
            proc.kill()
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    return proc.wait(timeout=30), out.decode().replace("\r\n", "\n")


BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One real headless Chromium for the whole run, driven by selenium through chromedriver
    (Debian's chromium-driver; .ci/run installs both), quit at the end whatever happens: the
    board's pages and the reports share it, since a start costs more CPU than the pages it
    shows. Skipped only where there is no Chromium or no chromedriver."""
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    exe = next((found for found in map(shutil.which, BROWSERS) if found), None)
    if exe is None:
        pytest.skip("no Chromium (apt-get install chromium chromium-driver; .ci/run installs them)")
    driver_exe = shutil.which("chromedriver")
    if not driver_exe:
        pytest.skip("no chromedriver (apt-get install chromium-driver; .ci/run installs it)")
    options = webdriver.ChromeOptions()
    options.binary_location = exe
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,900", "--hide-scrollbars", "--no-first-run", "--disable-extensions",
                "--disable-background-networking"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(driver_exe), options=options)
    driver.set_page_load_timeout(15)
    try:
        yield driver
    finally:
        driver.quit()


def _own_terminal() -> None:
    """In the child: a session of its own whose controlling terminal is the pseudo-terminal,
    so that Ctrl-C typed there interrupts it as at a real terminal; and Ctrl-C and Ctrl-\\
    handled as a terminal's shell starts a program. A suite started in the background by a
    script (`pytest &`) runs with SIGINT and SIGQUIT ignored, and an ignored signal stays
    ignored through exec: the program would start deaf to Ctrl-C (the "lost" Ctrl-C that
    failed test_at_the_table under a five-run check, with SigIgn 0x1001007 in the child)."""
    import fcntl
    import signal
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


class Terminal:
    """`python -m scorekeeper ARGS` on a real pseudo-terminal, driven a step at a time: wait for
    what it prints (`expect`), then type (`send`); every wait bounded (`timeout` seconds)."""

    def __init__(self, *args: str, env_extra: Optional[dict] = None, columns: int = 80,
                 timeout: float = 30, cwd: Optional[Path] = None) -> None:
        import fcntl
        import pty
        import struct
        import termios

        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
        env.update({"NO_COLOR": "1", "TERM": "xterm", "PAGER": "cat"})
        env.update(env_extra or {})
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", *args], stdin=slave,
                                     stdout=slave, stderr=slave, env=env, cwd=cwd or ROOT,
                                     preexec_fn=_own_terminal)
        os.close(slave)
        self.timeout = timeout
        self.seen = ""  # everything the terminal received, newlines as "\n"
        self.read_to = 0  # what expect() has matched up to

    def _read(self, wait: float) -> bool:
        import select

        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            raise EOFError
        self.seen += chunk.decode(errors="replace").replace("\r\n", "\n")
        return True

    def expect(self, text: str) -> str:
        """Wait until `text` is printed after what was matched before; what came before it."""
        import time

        deadline = time.monotonic() + self.timeout
        while text not in self.seen[self.read_to:]:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{text!r} not printed; the terminal shows:\n{self.seen}")
            try:
                self._read(left)
            except EOFError:
                raise AssertionError(f"{text!r} not printed before the end:\n{self.seen}") from None
        at = self.seen.index(text, self.read_to)
        before = self.seen[self.read_to:at]
        self.read_to = at + len(text)
        return before

    def send(self, typed: bytes) -> None:
        os.write(self.master, typed)

    def settle(self, quiet: float = 0.3) -> None:
        """Read until the program has printed nothing for `quiet` seconds (a prompt is then
        waiting): pacing only, nothing is measured."""
        import time

        deadline = time.monotonic() + self.timeout
        try:
            while time.monotonic() < deadline and self._read(quiet):
                pass
        except EOFError:
            pass

    def finish(self) -> Tuple[int, str]:
        """Read to the end; the exit code and everything printed."""
        import time

        deadline = time.monotonic() + self.timeout
        try:
            while time.monotonic() < deadline:
                self._read(0.2)
                if self.proc.poll() is not None and not self._read(0.05):
                    break
        except EOFError:
            pass
        os.close(self.master)
        try:
            return self.proc.wait(timeout=self.timeout), self.seen
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise
