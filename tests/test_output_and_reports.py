"""A report never writes over what is not a report (issue 24 point 1); output that cannot be
written says whether the change was saved (point 5); and point 13's smaller ones: stderr full,
error lines at most 500 characters, values quoted short, a name too long for the file system,
a folder that cannot be read. Every test failed on the code before."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import store

from .conftest import ROOT


def _run(folder: Path, *args: str, stdout=subprocess.PIPE, stderr=subprocess.PIPE) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--dir", str(folder), *args], stdout=stdout,
                          stderr=stderr, text=True, env=env, timeout=60)


@pytest.fixture
def two(cli):
    cli.new("t", "tally", "Ann,Bob")
    cli.new("u", "tally", "Ann,Bob")
    cli.ok("hand", "t", "Ann=1")
    return cli


# ---------------------------------------------------------------- 1. report --html


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_a_report_never_writes_over_a_sitting_or_a_party(two, force, tmp_path):
    import shutil

    from .conftest import SESSIONS

    shutil.copy(SESSIONS / "party-hearts.yaml", two.folder / "p.yaml")
    for target in (two.file("t"), two.folder / "p.yaml"):
        before = target.read_bytes()
        r = two("report", "u", "--html", str(target), *force)
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr.startswith(f"error: {str(target)!r} is a session file (a sitting or a party): a report "
                                   f"never writes over one; give the page another name"), r.stderr
        assert target.read_bytes() == before
    renamed = tmp_path / "t-copy.txt"  # a sitting under another name is still one
    shutil.copy(two.file("t"), renamed)
    assert two("report", "u", "--html", str(renamed), *force).exit_code == 2
    assert renamed.read_bytes() == two.file("t").read_bytes()


def test_a_report_writes_over_its_own_page_and_over_anything_else_only_with_force(two, tmp_path):
    page = tmp_path / "u.html"
    two.ok("report", "u", "--html", str(page))
    assert page.read_text().splitlines()[1] == store.REPORT_MARK
    two.ok("report", "t", "--html", str(page))  # its own page: written over, as before
    assert page.read_text().count(store.REPORT_MARK) == 1
    mine = tmp_path / "mine.html"
    mine.write_text("<p>my own page</p>\n")
    r = two("report", "u", "--html", str(mine))
    assert r.exit_code == 2 and r.stderr == (f"error: {str(mine)!r} is there and is not a report scorekeeper "
                                             f"wrote: give another name, or --force to write over it\n")
    assert mine.read_text() == "<p>my own page</p>\n"
    two.ok("report", "u", "--html", str(mine), "--force")
    assert store.REPORT_MARK in mine.read_text()


# ---------------------------------------------------------------- 5. output that cannot be written


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args,done", [
    (["hand", "t", "Ann=7"], "hand 2 was saved"),
    (["edit", "t", "1", "Ann=3"], "the correction to hand 1 was saved"),
    (["undo", "t"], "the undo of hand 1 was saved"),
    (["new", "v", "--game", "tally", "--players", "Ann,Bob"], "v was created"),
    (["party", "new", "q", "--game", "progressive-hearts", "--players", "A,B,C,D,E,F,G,H"], "party q was created"),
])
def test_a_change_saved_whose_output_cannot_be_written_says_it_was_saved(two, args, done):
    with open("/dev/full", "w") as full:
        r = _run(two.folder, *args, stdout=full)
    assert r.returncode == 1
    assert r.stderr == f"error: {done}; its output could not be written (No space left on device)\n"


def test_a_closed_output_is_no_traceback_and_says_what_was_saved(two):
    command = " ".join(f"'{a}'" for a in [sys.executable, "-m", "scorekeeper", "--dir", str(two.folder),
                                           "hand", "t", "Ann=2"])
    r = subprocess.run(["sh", "-c", command + " >&-"], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60)
    assert r.returncode == 1, r.stderr
    assert r.stderr == "error: hand 2 was saved; its output could not be written (the output is closed)\n"
    r = _run(two.folder, "show", "t", stdout=subprocess.DEVNULL)
    assert r.returncode == 0


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_mistake_with_stderr_full_exits_with_its_own_code(two):
    """It exited 120 (Python's code for a failed flush at exit)."""
    with open("/dev/full", "w") as full:
        assert _run(two.folder, "hand", "t", "Ann=x", stderr=full).returncode == 1
        assert _run(two.folder, "hand", "t", "nobody=1", "Ann", stderr=full).returncode == 2


# ---------------------------------------------------------------- 13. the smaller ones


def test_an_error_line_is_at_most_500_characters(two):
    r = two("hand", "t", "Ann=" + "9" * 3000, "x" * 3000)
    line = r.stderr.rstrip("\n")
    assert r.exit_code == 2 and len(line) <= 500 and line.startswith("error: ") and r.stderr.count("\n") == 1


def test_a_nul_byte_and_a_field_given_twice_quote_the_value_short(two):
    r = two("hand", "t", "Ann=1\0" + "x" * 500)
    assert r.stderr.startswith("error: an argument holds a NUL byte (\\0): 'Ann=1\\x00xxx") and len(r.stderr) < 100
    r = two("hand", "t", "note=" + "y" * 500, "note=z")
    assert r.stderr.startswith("error: field note given twice ('note=yyyy") and len(r.stderr) < 130, r.stderr
    assert two("hand", "t", "Ann=1", "Ann=2").stderr == "error: field Ann given twice (Ann=1 and Ann=2)\n"


@pytest.mark.parametrize("where", ["--dir", "name", "--html"])
def test_a_name_too_long_for_the_file_system_is_one_error_line(two, tmp_path, where):
    long = "d" * 300
    args = {"--dir": ["--dir", str(tmp_path / long), "show", "t"],
            "name": ["show", str(tmp_path / long / "t.yaml")],
            "--html": ["report", "t", "--html", str(tmp_path / f"{long}.html")]}[where]
    r = two.runner.invoke(__import__("scorekeeper.cli", fromlist=["app"]).app,
                          args if where == "--dir" else ["--dir", str(two.folder), *args])
    assert r.exit_code in (1, 2) and r.stdout == "", r.output
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1 and "255 bytes" in r.stderr, r.stderr


def test_a_folder_that_cannot_be_read_is_one_error_line(two, monkeypatch):
    """As root every folder is readable: the refusal is made by hand."""
    def refused(self):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "iterdir", refused)
    for command in (["list"], ["stats"], ["report", "--season", "--html", str(two.folder / "s.html")]):
        r = two(*command)
        assert r.exit_code == 1, (command, r.output)
        assert r.stderr == f"error: cannot read the folder {two.folder}: Permission denied\n", r.stderr
