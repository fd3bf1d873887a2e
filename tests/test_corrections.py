"""Corrections you can see (issue 14): `edit` shows the hand's effect before and after, what
changed later and the standings before -> after; the file records when a hand was corrected;
`undo` prints the command line that would put the hand back."""

from __future__ import annotations

import shlex

import yaml

from scorekeeper.cli import app


def test_edit_shows_the_effect_before_and_after_and_the_standings(cli):
    cli.new("fri", "tally", "Ann,Bob,Cid")
    cli.ok("hand", "fri", "Ann=12", "Bob=-3")
    cli.ok("hand", "fri", "Cid=7")
    assert cli.ok("edit", "fri", "1", "Bob=4").stdout == (
        "corrected hand 1\n"
        "  before: Ann=12 Bob=-3  ->  Ann +12, Bob -3\n"
        "  after:  Ann=12 Bob=4  ->  Ann +12, Bob +4\n"
        "later hands: no effect changed\n\n"
        "fri (tally, 2 hands)\n\n"
        "player    before    after\n"
        "--------  --------  -------\n"
        "Ann       12        12\n"
        "Bob       -3        4\n"
        "Cid       7         7\n\n"
        "next dealer: Cid\n")


def test_edit_names_the_later_hands_and_the_game_that_changed_hands(cli):
    cli.new("race", "tally", "Ann,Bob", "target=20")
    cli.ok("hand", "race", "Ann=15")
    cli.ok("hand", "race", "Bob=12")
    cli.ok("hand", "race", "Ann=6")
    assert cli.ok("edit", "race", "2", "Bob=22").stdout == (
        "corrected hand 2\n"
        "  before: Bob=12  ->  Bob +12\n"
        "  after:  Bob=22  ->  Bob +22; Bob wins the game\n"
        "later hands that changed (1):\n"
        "  hand 3: Ann +6; Ann wins the game  ->  Ann +6\n\n"
        "race (tally, 3 hands)\n\n"
        "player    before    after    games before    games after\n"
        "--------  --------  -------  --------------  -------------\n"
        "Ann       0         6        1               0\n"
        "Bob       0         0        0               1\n\n"
        "next dealer: Bob\n")


def test_the_corrected_hand_records_when_it_was_corrected(cli):
    cli.new("fri", "tally", "Ann,Bob")
    cli.ok("hand", "fri", "Ann=1")
    cli.ok("hand", "fri", "Bob=2")
    cli.ok("edit", "fri", "1", "Ann=3")
    hands = yaml.safe_load(cli.file("fri").read_text())["hands"]
    assert "corrected" in hands[0] and "corrected" not in hands[1]
    assert hands[0]["corrected"] >= hands[0]["at"]
    assert "1    Ann       Ann=3 (corrected)" in cli.ok("show", "fri").stdout
    cli.ok("edit", "fri", "1", "note=again")  # a second correction keeps the latest time
    assert list(yaml.safe_load(cli.file("fri").read_text())["hands"][0]) == ["Ann", "note", "at",
                                                                              "corrected"]


def test_undo_prints_the_command_that_puts_the_hand_back(cli):
    cli.new("late game", "tally", "Ann,Bob")
    cli.ok("hand", "late game", "Ann=5", "note=Bob's deal")
    cli.ok("hand", "late game", "Bob=-2", "note=Ann's \"big\" one")
    with_both = cli.file("late game").read_bytes()
    out = cli.ok("undo", "late game").stdout.splitlines()
    assert out[0] == "removed hand 2: Bob=-2 note=Ann's \"big\" one"
    # the sitting was found by --dir (as every test's is): the command says so (review-d)
    put_back = f"to put it back: scorekeeper --dir {shlex.quote(str(cli.folder))} hand 'late game' "
    assert out[1].startswith(put_back + "Bob=-2 'note=Ann'\"'\"'s \"big\" one' at=")
    # the printed command, run as printed (no --dir added), restores the file byte for byte
    # (its time included)
    result = cli.runner.invoke(app, shlex.split(out[1][len("to put it back: scorekeeper "):]))
    assert result.exit_code == 0, result.stderr
    assert cli.file("late game").read_bytes() == with_both
    cli.ok("undo", "late game")
    assert cli.ok("undo", "late game").stdout.splitlines()[1].startswith(
        put_back + "Ann=5 \"note=Bob's deal\" at=")
