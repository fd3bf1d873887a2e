"""Shared test helpers: run the CLI in a temporary sessions folder and read its output."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
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

    def new(self, name: str, game: str, players: str, *rules: str, stake: str | None = None):
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
    while True:
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
