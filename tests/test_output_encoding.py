"""Output that the terminal's encoding cannot hold is escaped, and a saved change always says
so (issue 31, item 3): with ISO-8859-1 and a player named 李, `hand` saved and then printed a
UnicodeEncodeError traceback (exit 1, so the hand was typed again and logged twice), and the
board answered 500 after saving (so the phone sent it again)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from scorekeeper import cli as cli_module

from .conftest import ROOT

LATIN_1 = {"PYTHONIOENCODING": "iso-8859-1"}


def _run(folder, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **LATIN_1}
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--dir", str(folder), *args],
                          capture_output=True, env=env, timeout=60)


def test_a_name_the_terminal_cannot_show_is_escaped_and_the_hand_logged_once(tmp_path):
    assert _run(tmp_path, "new", "g", "--game", "tally", "--players", "Ann,李").returncode == 0
    logged = _run(tmp_path, "hand", "g", "李=3")
    assert (logged.returncode, logged.stderr) == (0, b"")
    assert logged.stdout.startswith(b"hand 1: \\u674e +3\n")
    mistake = _run(tmp_path, "hand", "g", "李=x")
    assert (mistake.returncode, mistake.stderr) == (1, b"error: \\u674e: must be a whole number, got 'x'\n")
    assert (tmp_path / "g.yaml").read_text(encoding="utf-8").count("李: 3") == 1


def test_a_fault_after_the_save_still_says_the_change_was_saved(cli, monkeypatch):
    cli.new("g", "tally", "Ann,Bob")

    def broken(text, page=False):
        raise RuntimeError("the output broke")

    monkeypatch.setattr(cli_module, "out", broken)
    r = cli("hand", "g", "Ann=3")
    assert (r.exit_code, r.stderr) == (1, "error: hand 1 was saved; then its output failed "
                                          "(RuntimeError: 'the output broke')\n")
    assert cli.file("g").read_text().count("Ann: 3") == 1


@pytest.mark.slow  # a server, as test_board_live.py starts it
def test_the_board_answers_a_report_it_saved_whatever_the_terminals_encoding(cli, monkeypatch):
    pytest.importorskip("starlette")
    httpx = pytest.importorskip("httpx")
    from .test_board_live import Server

    cli.new("g", "tally", "Ann,李")
    for name, value in LATIN_1.items():
        monkeypatch.setenv(name, value)
    server = Server(cli.folder, "g", "--entry")
    try:
        answer = httpx.post(server.url + "hand", data={"李": "3", "code": server.code or ""},
                            headers={"origin": server.url.rstrip("/")}, timeout=30)
        assert answer.status_code == 200, answer.text
        assert server.proc.poll() is None
    finally:
        assert server.stop() == 0
    assert cli.file("g").read_text().count("李: 3") == 1
