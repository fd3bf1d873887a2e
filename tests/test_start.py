"""`scorekeeper --version` and a bare `--help` are answered before Typer is imported
(scorekeeper/start.py), and say exactly what the Typer app says.

When the app's commands or options change, the copy of the help is no longer current: the app
answers the help again (slower, never wrong), and a test here fails, saying to write the copy
again with `python tests/test_start.py` (from the repository)."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
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


def current() -> bool:
    from scorekeeper import _help, start

    if start.sources_checksum() == _help.SOURCES:
        return True
    warnings.warn("the help answered before Typer is imported is not current (the app answers it, "
                  "slower): write it again with python tests/test_start.py")
    return False


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("columns", ["80", "200"])
def test_the_help_answered_early_is_the_apps_help(flag, columns):
    fast = run(CHECK_IMPORTS, flag, columns=columns)
    assert fast.returncode == 0
    assert fast.stdout == typer_help(columns)
    # neither Typer nor PyYAML was imported (unless the copy is not current: then the app answers)
    if current():
        assert fast.stderr.split() == ["False", "False"]
    else:
        assert fast.stderr.split()[0] == "True"


def test_the_copy_of_the_help_is_current():
    # A stale copy is never printed (the app answers instead), but then `--help` costs a
    # start of Typer again, against the speed goal (docs/speed.md, "Start"): main keeps it current.
    from scorekeeper import _help, start

    assert start.sources_checksum() == _help.SOURCES, \
        "the help answered before Typer is imported is not current: write it again with python tests/test_start.py"


def test_a_copy_written_now_is_current_and_is_the_apps_help(tmp_path, monkeypatch):
    from scorekeeper import start

    written = tmp_path / "_help.py"
    write_help(written)
    namespace: dict = {}
    exec(written.read_text(encoding="utf-8"), namespace)
    assert namespace["SOURCES"] == start.sources_checksum()
    assert namespace["HELP"] == typer_help("80")


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


COMMAND = ROOT / "scorekeeper" / "_bin" / "scorekeeper"


def imported(*args: str) -> set:
    """The modules a fresh `python -X importtime ARGS` imports (its own start included)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-X", "importtime", *args], capture_output=True, text=True,
                          env=env, cwd=str(ROOT))
    assert done.returncode == 0, done.stderr
    return {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
            if line.startswith("import time:") and "|" in line and "imported package" not in line}


def test_the_installed_command_imports_only_the_start_before_it_answers_the_version():
    # The command pip installs is scorekeeper/_bin/scorekeeper as it is (pyproject.toml,
    # script-files), not pip's script for an entry point, which imports `re` first.
    assert "script-files = [\"scorekeeper/_bin/scorekeeper\"]" in (ROOT / "pyproject.toml").read_text()
    assert COMMAND.read_text(encoding="utf-8").startswith("#!python\n")
    added = imported(str(COMMAND), "--version") - imported("-c", "pass")
    assert added == {"scorekeeper", "scorekeeper.start"}


def write_help(path: Path = HELP_MODULE) -> None:
    from scorekeeper import start

    lines = typer_help("80").splitlines(keepends=True)
    path.write_text('"""The app\'s own `scorekeeper --help` at the full width, for start.py (written by\n'
                    '`python tests/test_start.py`; tests/test_start.py checks it), and the checksum of\n'
                    'the sources it was made from (start.sources_checksum)."""\n\n'
                    f"SOURCES = {start.sources_checksum()}\n\n"
                    "HELP = (\n" + "".join(f"    {line!r}\n" for line in lines) + ")\n", encoding="utf-8")


if __name__ == "__main__":
    write_help()
