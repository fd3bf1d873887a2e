"""`scorekeeper --version` and a bare `--help` are answered before Typer is imported
(scorekeeper/start.py), and say exactly what the Typer app says.

When the app's commands or options change, this test fails: write the help again with
`python tests/test_start.py` (from the repository), and look at the difference."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HELP_MODULE = ROOT / "scorekeeper" / "_help.py"
TYPER_MAIN = "import sys; from scorekeeper.cli import main; sys.argv[0] = 'scorekeeper'; main()"
CHECK_IMPORTS = ("import runpy, sys; sys.argv = ['scorekeeper'] + sys.argv[1:]\n"
                 "try:\n    runpy.run_module('scorekeeper', run_name='__main__')\n"
                 "except SystemExit:\n    pass\n"
                 "print('typer' in sys.modules, 'yaml' in sys.modules, file=sys.stderr)")


def run(code: str, *args: str, columns: str = "80") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS=columns)
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                          cwd=str(ROOT))


def typer_help(columns: str = "80") -> str:
    done = run(TYPER_MAIN, "--help", columns=columns)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("columns", ["80", "200"])
def test_the_help_answered_early_is_the_apps_help(flag, columns):
    fast = run(CHECK_IMPORTS, flag, columns=columns)
    assert fast.returncode == 0
    assert fast.stdout == typer_help(columns), "the app's help changed: python tests/test_start.py"
    assert fast.stderr.split() == ["False", "False"]  # neither Typer nor PyYAML was imported


def test_a_narrow_terminal_gets_the_apps_help_laid_out_for_it():
    narrow = run(CHECK_IMPORTS, "--help", columns="60")
    assert narrow.stdout == typer_help("60") and narrow.stdout != typer_help("80")
    assert narrow.stderr.split()[0] == "True"


def test_the_version_is_answered_early_as_the_app_answers_it():
    fast = run(CHECK_IMPORTS, "--version")
    assert fast.returncode == 0 and fast.stderr.split() == ["False", "False"]
    slow = run(TYPER_MAIN, "--version", "--no-color")  # not the bare flag: the app answers
    assert fast.stdout == slow.stdout == f"scorekeeper {__import__('scorekeeper').__version__}\n"


def test_anything_else_goes_to_the_app():
    done = run(CHECK_IMPORTS, "--help", "show")
    assert done.stderr.split()[0] == "True"


def write_help() -> None:
    lines = typer_help("80").splitlines(keepends=True)
    HELP_MODULE.write_text('"""The app\'s own `scorekeeper --help` at the full width, for start.py (written by\n'
                           '`python tests/test_start.py`; tests/test_start.py checks it)."""\n\n'
                           "HELP = (\n" + "".join(f"    {line!r}\n" for line in lines) + ")\n", encoding="utf-8")


if __name__ == "__main__":
    write_help()
