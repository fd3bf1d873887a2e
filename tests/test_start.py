"""The `scorekeeper` command is a standard console-script entry point (pyproject.toml,
[project.scripts]), so pip, pipx and uv write it on every platform (`scorekeeper.exe` on
Windows); a bare `--version` is answered before Typer is imported (scorekeeper/start.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent
ENTRY_POINT = "scorekeeper.start:main"
TYPER_MAIN = "import sys; from scorekeeper.cli import main; sys.argv[0] = 'scorekeeper'; main()"
CHECK_IMPORTS = ("import runpy, sys; sys.argv = ['scorekeeper'] + sys.argv[1:]\n"
                 "try:\n    runpy.run_module('scorekeeper', run_name='__main__')\n"
                 "except SystemExit:\n    pass\n"
                 "print('typer' in sys.modules, 'yaml' in sys.modules, file=sys.stderr)")


def run(code: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                          cwd=str(ROOT), timeout=60)


def test_the_version_is_answered_early_as_the_app_answers_it():
    fast = run(CHECK_IMPORTS, "--version")
    assert fast.returncode == 0 and fast.stderr.split() == ["False", "False"]
    slow = run(TYPER_MAIN, "--version", "--no-color")  # not the bare flag: the app answers
    assert fast.stdout == slow.stdout == f"scorekeeper {__import__('scorekeeper').__version__}\n"


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["--help", "show"], ["--version", "--no-color"]])
def test_anything_else_goes_to_the_app(args):
    done = run(CHECK_IMPORTS, *args)
    assert done.stderr.split()[0] == "True"


def entry_points(text: str) -> dict:
    """{name: target} of the console_scripts in an entry_points.txt."""
    parser = __import__("configparser").ConfigParser()
    parser.read_string(text)
    return dict(parser["console_scripts"]) if parser.has_section("console_scripts") else {}


def test_the_metadata_built_from_pyproject_names_the_command_as_an_entry_point(tmp_path):
    # What pip builds from pyproject.toml (setuptools' egg_info, which its PEP 517 hooks run),
    # from a copy of the project's description so that the checkout is left as it was.
    pytest.importorskip("setuptools")
    for name in ("pyproject.toml", "README.md", "scorekeeper/__init__.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, tmp_path / name)
    done = subprocess.run([sys.executable, "-c", "import setuptools; setuptools.setup()", "-q", "egg_info",
                           "--egg-base", str(tmp_path)], cwd=str(tmp_path), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    info = tmp_path / "scorekeeper_cards.egg-info"
    assert entry_points((info / "entry_points.txt").read_text()) == {"scorekeeper": ENTRY_POINT}
    assert "Name: scorekeeper-cards" in (info / "PKG-INFO").read_text().splitlines()


def test_the_installed_distribution_has_the_entry_point():
    # The distribution installed in this environment (`.ci/run` installs it with `pip install .`).
    names = metadata.packages_distributions().get("scorekeeper", [])
    if tomllib is None or not names:
        pytest.skip("scorekeeper is not installed here (or no tomllib to read pyproject.toml)")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    if project["name"] not in names:
        pytest.skip(f"installed as {names}, from before the distribution's rename: pip install -e . again")
    found = metadata.distribution(project["name"]).entry_points.select(group="console_scripts")
    assert {(e.name, e.value) for e in found} == {("scorekeeper", ENTRY_POINT)}
    assert project["scripts"] == {"scorekeeper": ENTRY_POINT}


GC_AT_TYPER = ("import gc, runpy, sys\n"
               "class Watch:\n"
               "    def find_spec(self, name, path=None, target=None):\n"
               "        if name == 'typer':\n"
               "            print('collector on at typer:', gc.isenabled(), file=sys.stderr)\n"
               "sys.meta_path.insert(0, Watch())\n"
               "sys.argv = ['scorekeeper'] + sys.argv[1:]\n"
               "try:\n    runpy.run_module('scorekeeper', run_name='__main__')\n"
               "except SystemExit:\n    pass\n")


def test_the_cycle_collector_is_off_before_the_libraries_are_imported():
    # as the bench's floor runs (bench/bench_cli.py): a command's objects hold no cycles
    done = run(GC_AT_TYPER, "games")
    assert done.returncode == 0 and "collector on at typer: False" in done.stderr


HOOK_AFTER = ("import sys; from scorekeeper.cli import main; sys.argv = ['scorekeeper'] + sys.argv[1:]\n"
              "before = sys.excepthook\n"
              "try:\n    main()\nexcept SystemExit:\n    pass\n"
              "print('hook kept:', sys.excepthook is before, file=sys.stderr)")


@pytest.mark.parametrize("args", [["games"], ["show", "no-such-sitting"], ["--help"]])
def test_a_command_leaves_the_exception_hook_as_it_found_it(args):
    # Typer's `app(...)` sets its own hook, which from `sys` kept its modules alive into the
    # interpreter's exit (5M instructions a command: docs/speed.md, "Typer's exception hook")
    done = run(HOOK_AFTER, *args)
    assert "hook kept: True" in done.stderr


def test_a_bug_still_shows_pythons_own_traceback():
    # what Typer's hook did with pretty exceptions off: hand the exception to Python's hook
    code = ("import sys; import scorekeeper.ledger as ledger\n"
            "def broken(*args, **kwargs):\n    raise RuntimeError('a bug')\n"
            "ledger.open_session = broken\n"
            "from scorekeeper.cli import main; sys.argv = ['scorekeeper', 'show', 'x']; main()")
    done = run(code)
    assert done.returncode == 1
    assert done.stderr.startswith("Traceback (most recent call last):")
    assert done.stderr.rstrip().endswith("RuntimeError: a bug")
