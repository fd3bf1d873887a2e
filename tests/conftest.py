"""Shared test helpers: run the CLI in a temporary sessions folder and read its output."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

import pytest
import typer.testing
from typer.testing import CliRunner

from scorekeeper.cli import app

ROOT = Path(__file__).resolve().parent.parent
SESSIONS = ROOT / "sessions" / "examples"

# Typer's CliRunner rebuilds the whole click command tree from the app on every invoke (two
# thirds of a `show`'s cost in a test). A real run builds it once per process, so the tests
# build it once per app too: same command objects, same `main`, a fraction of the suite's CPU.
_COMMANDS: Dict[int, Any] = {}
_build_command = typer.testing._get_command


def _command_once(typer_app: Any) -> Any:
    key = id(typer_app)
    if key not in _COMMANDS:
        _COMMANDS[key] = (typer_app, _build_command(typer_app))  # the app kept: its id stays its own
    return _COMMANDS[key][1]


typer.testing._get_command = _command_once


class Cli:
    def __init__(self, folder: Path):
        self.folder = folder
        self.runner = CliRunner()

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


def on_a_pty(*args: str, typed: bytes = b"", env_extra: Optional[dict] = None) -> Tuple[int, str]:
    """Run `python -m scorekeeper ARGS` with stdin, stdout and stderr on a real pseudo-terminal,
    typing `typed`; its exit code and what the terminal received (newlines as "\\n")."""
    import pty

    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
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
