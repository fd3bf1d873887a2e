"""What a sitting may hold (issue 24 points 3 and 12): at most store.MAX_HANDS hands, at most
fields.MAX_TEXT characters in a note or any text, at most store.MAX_FILE_BYTES bytes; no
accepted write makes a file that loading refuses, and a file over a bound says how to recover.

Each test failed on the code before the bounds (a 2.1 MB file written by 18 long notes, a
190,000-hand file loaded and written in seconds)."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys

import pytest

from scorekeeper import store
from scorekeeper.fields import MAX_TEXT
from scorekeeper.model import Hand

from .conftest import ROOT

AT = "2026-11-29T19:30:00"


def _with_hands(cli, name: str, hands) -> None:
    """Rewrite NAME's file with `hands` (mappings), as the program writes a sitting."""
    session = store.load(cli.file(name))
    cli.file(name).write_text(store.dump(session.with_hands(tuple(Hand(h) for h in hands))),
                              encoding="utf-8")


def test_the_bounds_are_the_documented_figures():
    assert (store.MAX_HANDS, MAX_TEXT, store.MAX_FILE_BYTES) == (20_000, 2_000, 2 * 1024 * 1024)
    text = (ROOT / "docs" / "file-format.md")
    if text.exists():  # the manual's page of the file format names the three bounds
        page = text.read_text(encoding="utf-8")
        assert "20,000 hands" in page and "2,000 characters" in page and "2 MB" in page


def test_a_note_at_the_bound_is_kept_and_one_beyond_is_refused_naming_the_bound(cli):
    cli.new("s", "tally", "Ann,Bob")
    cli.ok("hand", "s", "Ann=1", "note=" + "x" * MAX_TEXT)
    assert store.load(cli.file("s")).hands[0].fields["note"] == "x" * MAX_TEXT
    r = cli.refused("s", "hand", "s", "Ann=1", "note=" + "x" * (MAX_TEXT + 1))
    assert r.stderr == "error: note: 2,001 characters; a text field holds at most 2,000\n"
    cli.refused("s", "edit", "s", "1", "note=" + "y" * (MAX_TEXT + 1))


def test_a_name_and_a_currency_beyond_the_bound_are_refused(cli):
    r = cli.refused("s", "new", "s", "--game", "tally", "--players", "Ann," + "B" * (MAX_TEXT + 1), code=2)
    assert "2,001 characters; a name holds at most 2,000" in r.stderr
    r = cli.refused("s", "new", "s", "--game", "tally", "--players", "Ann,Bob",
                    "--currency", "E" * (MAX_TEXT + 1), code=2)
    assert r.stderr == "error: --currency: 2,001 characters; a currency holds at most 2,000\n"
    assert not cli.file("s").exists()


def test_a_note_beyond_the_bound_in_a_file_says_how_and_edit_mends_it(cli):
    """A file an older version (or an editor) wrote: every command names the hand and the way
    out, and `edit N note=` (which replaces the long note) is the way out."""
    cli.new("s", "tally", "Ann,Bob")
    _with_hands(cli, "s", [{"Ann": 1, "at": AT}, {"Ann": 2, "note": "y" * 120_000, "at": AT}])
    for command in (["show", "s"], ["hand", "s", "Ann=3"], ["check", "s"], ["edit", "s", "1", "Ann=4"]):
        r = cli(*command)
        assert r.exit_code == 1
        assert (f"s.yaml:9: hand 2: note: 120,000 characters; a text field holds at most 2,000: "
                f"shorten it with scorekeeper edit s 2 note=...") in r.output + r.stderr
    r = cli.ok("edit", "s", "2", "note=shorter")
    assert "before: Ann=2 note=" + "y" * 60 + "...  ->  Ann +2" in r.stdout
    assert [h.fields.get("note") for h in store.load(cli.file("s")).hands] == [None, "shorter"]
    cli.ok("hand", "s", "Ann=3")


def test_a_save_that_would_pass_the_byte_bound_is_refused_and_the_file_still_loads(cli):
    """The issue's case: long notes made a 2.1 MB file that every command refused."""
    cli.new("s", "tally", "Ann,Bob")
    hand = {"Ann": 1, "note": "n" * MAX_TEXT, "at": AT}
    session = store.load(cli.file("s"))

    def size(count: int) -> int:
        return len(store.dump(session.with_hands((Hand(hand),) * count)).encode())

    one = size(2) - size(1)
    count = 1 + (store.MAX_FILE_BYTES - size(1)) // one  # the most that fit: one more would not
    _with_hands(cli, "s", [hand] * count)
    assert store.MAX_FILE_BYTES - one < cli.file("s").stat().st_size <= store.MAX_FILE_BYTES
    r = cli.refused("s", "hand", "s", "Ann=1", "note=" + "n" * MAX_TEXT)
    assert "s would be 2.00 MB, more than the 2 MB a session file may be: nothing was saved; start a " \
           "new sitting for the next hands" in r.stderr
    cli.ok("show", "s")
    cli.ok("edit", "s", "1", "note=short")  # a correction that shrinks the file is taken


def test_a_sitting_at_the_hand_bound_refuses_one_more_and_says_what_to_do(cli, monkeypatch):
    monkeypatch.setattr(importlib.import_module("scorekeeper.store.save"), "MAX_HANDS", 3)
    cli.new("s", "tally", "Ann,Bob")
    for score in (1, 2, 3):
        cli.ok("hand", "s", f"Ann={score}")
    r = cli.refused("s", "hand", "s", "Ann=4")
    assert r.stderr == ("error: s already holds 3 hands, the most a sitting may hold (so that every "
                        "command stays quick): nothing was saved; start a new sitting for the next ones\n")
    cli.ok("edit", "s", "3", "Ann=5")
    cli.ok("undo", "s")


def test_a_file_beyond_the_hand_bound_is_refused_saying_how_to_split_it(cli, monkeypatch):
    monkeypatch.setattr(importlib.import_module("scorekeeper.store.load"), "MAX_HANDS", 3)
    cli.new("s", "tally", "Ann,Bob")
    _with_hands(cli, "s", [{"Ann": n} for n in range(4)])
    r = cli.refused("s", "show", "s")
    assert r.stderr == ("error: s.yaml:7: s holds 4 hands; a sitting holds at most 3 (so that every "
                        "command stays quick): split it into several files (move the later hands into a "
                        "new one) with a text editor\n").replace("s.yaml", str(cli.file("s")))
    listed = cli.json("list")["sessions"]
    assert listed[0]["error"].startswith("s holds 4 hands; a sitting holds at most 3")


def _run(cli, *args: str) -> subprocess.CompletedProcess:
    """A command as the user runs it: a process of its own (the in-process runner keeps the
    cycle collector on, which `main` turns off, and a 20,000-hand replay takes minutes with it)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--dir", str(cli.folder), *args],
                          capture_output=True, text=True, env=env, timeout=300)


def _at_the_bounds(cli, name: str) -> bytes:
    """NAME's file with store.MAX_HANDS hands of 31-character notes, over 2,000,000 bytes: the
    program's own dump of 40 different hands, their lines repeated (one line a hand, as `save`
    writes them), so that the file is what dumping all 20,000 would write, at a fraction of the
    CPU."""
    hands = [{"Ann": n % 40, "Bob": 3, "Cid": -2, "Dee": 7, "note": "x" * 31, "at": AT} for n in range(40)]
    text = store.dump(store.load(cli.file(name)).with_hands(tuple(Hand(h) for h in hands)))
    header, lines = text[:text.index("hands:\n") + len("hands:\n")], text.splitlines(keepends=True)[-40:]
    assert lines[0].startswith("- {Ann: 0, ") and len(set(lines)) == 40
    data = (header + "".join(lines) * (store.MAX_HANDS // 40)).encode()
    cli.file(name).write_bytes(data)
    return data


@pytest.mark.slow  # four commands, each loading and replaying a sitting of 20,000 hands
def test_a_file_at_the_real_bounds_loads_and_every_write_on_it_works(cli):
    cli.new("s", "tally", "Ann,Bob,Cid,Dee")
    before = _at_the_bounds(cli, "s")
    assert 2_000_000 < len(before) <= store.MAX_FILE_BYTES  # both bounds at once
    r = _run(cli, "hand", "s", "Ann=1")  # every kind of write once, at the bound: a hand refused,
    assert r.returncode == 1 and "already holds 20,000 hands" in r.stderr
    assert cli.file("s").read_bytes() == before
    r = _run(cli, "edit", "s", "20000", "Ann=2")  # an edit (which loads and replays all of it),
    assert r.returncode == 0 and "hand 20000" in r.stdout, r.stdout + r.stderr
    # an undo (it takes back the edit), a delete of the last hand, and a hand in its place
    for command in (["undo", "s"], ["delete", "s", "20000"], ["hand", "s", "Ann=1", "note=" + "z" * 31]):
        done = _run(cli, *command)
        assert done.returncode == 0, (command, done.stderr)
    lines = cli.file("s").read_text(encoding="utf-8").splitlines()
    assert lines[-store.MAX_HANDS - 1] == "hands:" and lines[-1].startswith("- {Ann: 1, note: " + "z" * 31 + ", at: ")
    with open(cli.file("s"), "a", encoding="utf-8") as file:  # one hand more than a sitting may hold
        file.write("- {Ann: 1}\n")
    r = cli("show", "s")
    assert r.exit_code == 1 and "holds 20,001 hands; a sitting holds at most 20,000" in r.stderr
