"""`show` is no wall (issue 21 point 6): on a terminal, output taller than the terminal goes
through a pager as git does (PAGER, else `less -FRX`; `--no-pager`; never when piped), a pager
quit early is no mistake; `show NAME --last N` lists the last N hands; with many hands the
standings come first and last."""

from __future__ import annotations

import shutil

import pytest

from scorekeeper.cli import app
from scorekeeper.cli.output import pager_command

from .conftest import SESSIONS, on_a_pty

TALLY = str(SESSIONS / "tally-friday.yaml")
SCREEN = {"LINES": "24", "COLUMNS": "80"}


@pytest.fixture
def long_night(cli):
    """A tally night of 40 hands: 60-odd lines of show, taller than a terminal of 24."""
    cli.new("long", "tally", "Ann,Bob,Cid")
    path = cli.file("long")
    text = path.read_text().replace("hands: []\n", "hands:\n")
    text += "".join(f"- {{Ann: {i % 7}, Bob: {-(i % 5)}, at: '2026-11-29T20:{i:02d}:00+00:00'}}\n"
                    for i in range(40))
    path.write_text(text)
    return cli


def pager_script(tmp_path, body: str) -> str:
    script = tmp_path / "pager.sh"
    script.write_text(f"#!/bin/sh\n{body}\n")
    script.chmod(0o755)
    return str(script)


def test_long_output_on_a_terminal_goes_through_the_pager(long_night, tmp_path):
    record = tmp_path / "paged.txt"
    pager = pager_script(tmp_path, f"cat > {record}; echo PAGED")
    code, out = on_a_pty("--dir", str(long_night.folder), "show", "long",
                         env_extra={**SCREEN, "PAGER": pager})
    assert code == 0 and out == "PAGED\n"
    paged = record.read_text()
    assert paged.startswith("long (tally, 40 hands)\n\nplayer    score\n")
    assert paged.count("\n") > 40


def test_no_pager_short_output_pipes_and_pager_cat_print_as_they_are(long_night, tmp_path):
    pager = pager_script(tmp_path, "echo PAGED")
    folder = str(long_night.folder)
    long_night.new("short", "tally", "Ann,Bob")
    # PAGER=cat, PAGER= and a pager not installed name no pager (a real one is named), and a
    # terminal given no pager prints as it is: shown on a real terminal for the last of them
    assert pager_command({"PAGER": pager}) == pager
    for none in ("cat", "", "no-such-pager-anywhere -x"):
        assert pager_command({"PAGER": none}) is None, none
    for args, env in ((["--no-pager", "show", "long"], {"PAGER": pager}),
                      (["show", "short"], {"PAGER": pager}),  # fits the terminal
                      (["show", "long"], {"PAGER": "no-such-pager-anywhere -x"})):  # not installed
        code, out = on_a_pty("--dir", folder, *args, env_extra={**SCREEN, **env})
        assert code == 0, out
        assert "PAGED" not in out and "player    score" in out, (args, env, out)
    # not a terminal (as piped: the output captured in this process): never paged
    piped = long_night.runner.invoke(app, ["--dir", folder, "show", "long"], env={**SCREEN, "PAGER": pager})
    assert piped.exit_code == 0 and "PAGED" not in piped.stdout and "40 hands" in piped.stdout


def test_a_pager_quit_early_is_no_mistake(long_night, tmp_path):
    # 2,000 hands: far more than a pipe holds, so the writer meets the pager gone (EPIPE)
    path = long_night.file("long")
    path.write_text(path.read_text() + "".join(
        f"- {{Ann: 1, Bob: -1, at: '2026-11-29T21:00:00+00:00'}}\n" for _ in range(2000)))
    pager = pager_script(tmp_path, "head -c 10 >/dev/null; echo QUIT")  # reads a little, quits
    code, out = on_a_pty("--dir", str(long_night.folder), "show", "long",
                         env_extra={**SCREEN, "PAGER": pager})
    assert code == 0 and out == "QUIT\n"


@pytest.mark.skipif(shutil.which("less") is None, reason="less is not installed")
def test_the_default_pager_is_less_and_q_quits_it(long_night):
    # PAGER unset: less -FRX, which pages the long show; typing q quits it at once, no traceback
    code, out = on_a_pty("--dir", str(long_night.folder), "show", "long", typed=b"q",
                         env_extra=SCREEN, drop=("PAGER", "LESS"))
    assert code == 0, out
    assert "long (tally, 40 hands)" in out and "Traceback" not in out and "error" not in out


def test_show_last_lists_the_last_hands_and_many_hands_end_with_the_standings(long_night):
    out = long_night.ok("show", "long", "--last", "3").stdout
    # Ann takes i % 7 and Bob gives i % 5 at hand i + 1: after 40, Ann 5 * 21 + 10, Bob -8 * 10
    assert out.endswith("next dealer: Bob\n\n"
                        "hands 38-40 of 40 (the last 3; without --last, every hand)\n\n"
                        "#    dealer    hand          effect          Ann    Bob    Cid\n"
                        "---  --------  ------------  --------------  -----  -----  -----\n"
                        "38   Bob       Ann=2 Bob=-2  Ann +2, Bob -2  108    -73    0\n"
                        "39   Cid       Ann=3 Bob=-3  Ann +3, Bob -3  111    -76    0\n"
                        "40   Ann       Ann=4 Bob=-4  Ann +4, Bob -4  115    -80    0\n")
    full = long_night.ok("show", "long").stdout
    assert full.endswith("standings after hand 40\n"
                         "player    score\n"
                         "--------  -------\n"
                         "Ann       115\n"
                         "Bob       -80\n"
                         "Cid       0\n")
    assert [e["hand"] for e in long_night.json("show", "long", "--last", "2")["effects"]] == [39, 40]
    assert long_night.refused("long", "show", "long", "--last", "0", code=2).stderr == (
        "error: --last: the number of hands to list must be at least 1, got 0\n")
