"""Shared test helpers: run the CLI in a temporary sessions folder and read its output."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app

ROOT = Path(__file__).resolve().parent.parent
SESSIONS = ROOT / "sessions"


class Cli:
    def __init__(self, folder: Path):
        self.folder = folder
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None):
        return self.runner.invoke(app, ["--dir", str(self.folder), *args], input=input)

    def file(self, name: str) -> Path:
        return self.folder / f"{name}.yaml"


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "sessions")
