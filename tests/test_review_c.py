"""Found by review (c) of issues 13 and 16: inputs that got past the checks.

Each test is named for the behaviour it pins and failed on the code before its fix.
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

PARTY = ("party", "new", "spring", "--game", "progressive-hearts", "--players",
         "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal")
ROUND = ("Ann=3", "Bob=4", "Cid=2", "Dan=4", "cut=Dan")


def test_crib_discard_reads_its_numbers_as_every_other_number_is(cli):
    for digit, option in [(d, o) for d in ("٣", "３", "²", "9" * 40) for o in ("--players", "--crib-size")]:
        r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone", option, digit)
        assert r.exit_code == 2, r.output
        assert r.stdout == "" and r.stderr.startswith(f"error: {option}: ") and r.stderr.count("\n") == 1
    cli.ok("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone", "--players", "3")


def test_crib_discard_names_the_tables_it_knows_for_a_number_of_players_it_does_not(cli):
    r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone", "--players", "7")
    assert (r.exit_code, r.stderr) == (2, "error: players: the advisor knows 2, 3 or 4 hands, got 7\n")


@pytest.mark.parametrize("digit", ["١", "３", "9" * 40])
def test_party_table_and_round_numbers_are_ascii_digits_only(cli, digit):
    cli.ok(*PARTY)
    r = cli.refused("spring", "party", "round", "spring", digit, *ROUND, code=2)
    assert r.stderr.startswith("error: TABLE: the table must be a whole number such as 3, got ")
    cli.ok("party", "round", "spring", "1", *ROUND)
    r = cli.refused("spring", "party", "edit", "spring", digit, "1", "Ann=4", code=2)
    assert r.stderr.startswith("error: ROUND: the round must be a whole number")
    r = cli.refused("spring", "party", "edit", "spring", "1", digit, "Ann=4", code=2)
    assert r.stderr.startswith("error: TABLE: the table must be a whole number")


# ---------------------------------------------------------------- report --html: where it writes


@pytest.fixture
def fri(cli):
    cli.new("fri", "tally", "Ann,Bob")
    cli.ok("hand", "fri", "Ann=3")
    return cli


def _refused_write(cli, target: str, code: int = 1) -> str:
    r = cli("report", "fri", "--html", target)
    assert r.exit_code == code, r.output
    assert r.stdout == "" and r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    return r.stderr


def test_report_never_replaces_a_pipe_or_a_device_with_a_file(fri, tmp_path):
    """The atomic replace put a plain file where the pipe was (as root, /dev/full too)."""
    pipe = tmp_path / "pipe.html"
    os.mkfifo(pipe)
    assert "is not a plain file" in _refused_write(fri, str(pipe))
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    assert "is not a plain file" in _refused_write(fri, str(tmp_path))


def test_report_writes_through_a_link_and_keeps_it(fri, tmp_path):
    target, link = tmp_path / "synced" / "r.html", tmp_path / "r.html"
    target.parent.mkdir()
    link.symlink_to(target)
    fri.ok("report", "fri", "--html", str(link))
    assert link.is_symlink() and "<html" in target.read_text()


@pytest.mark.parametrize("name", ["r\n.html", "r\x1b[2J.html", "", "/"])
def test_report_refuses_a_file_name_with_a_control_character_or_none(fri, tmp_path, name):
    before = sorted(tmp_path.iterdir())
    _refused_write(fri, str(tmp_path / name) if name not in ("", "/") else name, code=2)
    assert sorted(tmp_path.iterdir()) == before


# ---------------------------------------------------------------- nothing read waits forever


def test_a_pipe_given_as_a_sitting_or_a_trick_sheet_is_refused_not_waited_on(tmp_path):
    """Reading a pipe no one writes to waited forever (`show` and `cinch tricks`)."""
    pipe = tmp_path / "fifo.yaml"
    os.mkfifo(pipe)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for args in (["show", str(pipe)], ["cinch", "tricks", str(pipe)]):
        r = subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True,
                           env=env, timeout=20)
        assert (r.returncode, r.stdout) == (1, "")
        assert re.fullmatch(r"error: .* is not a plain file \(.*\)\n", r.stderr), r.stderr


# ---------------------------------------------------------------- stats: nothing skipped silently


def test_stats_lists_a_dangling_link_a_folder_and_a_pipe_among_the_failed(fri):
    """A sitting linked in from a synced folder that is not mounted was left out without a word."""
    folder = fri.file("fri").parent
    (folder / "gone.yaml").symlink_to(folder.parent / "not-mounted" / "gone.yaml")
    (folder / "dir.yaml").mkdir()
    os.mkfifo(folder / "pipe.yaml")
    data = fri.json("stats")
    failed = {Path(f["file"]).name: f["error"] for f in data["failed"]}
    assert sorted(failed) == ["dir.yaml", "gone.yaml", "pipe.yaml"]
    assert failed["gone.yaml"].endswith("gone.yaml, which is not there")
    assert "not a plain file" in failed["pipe.yaml"] and "not a plain file" in failed["dir.yaml"]
    assert data["sittings"] == 1


# ---------------------------------------------------------------- error lines stay short


def test_party_and_game_errors_quote_a_huge_value_cut_short(cli):
    """Issue 13's `shown()` was not used by the party, `--game` and `stats --since` messages:
    a pasted page came back whole (cut only at 500 characters, the game list lost)."""
    cli.ok(*PARTY)
    huge = "9" * 5000
    for name, args in [("spring", ("party", "round", "spring", "1", f"Ann={huge}", "Bob=4", "Cid=2", "Dan=4")),
                       ("spring", ("party", "new", "p2", "--game", "progressive-hearts", "--players",
                                   "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal", "--rule", f"prizes={huge}")),
                       ("x", ("new", "x", "--game", "x" * 300, "--players", "A,B")),
                       ("x", ("stats", "--since", huge))]:
        r = cli(*args)
        assert r.exit_code in (1, 2) and r.stdout == "", r.output
        assert "9999..." in r.stderr or "xxxx..." in r.stderr, r.stderr
        assert len(r.stderr) < 300 and r.stderr.count("\n") == 1, r.stderr
