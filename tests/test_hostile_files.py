"""Files no scorekeeper wrote (issue 24 points 4, 10, 11 and point 13's cut-off file): each is
one error at its line for every command, the folder's other sittings still count, and nothing
is dropped silently. Every test failed on the code before (a RecursionError traceback; 191 MB
printed from 142 KB; `hands:` twice kept one list and check said "no mistakes"; a file cut off
after `rules:` passed check as an empty sitting)."""

from __future__ import annotations

from .conftest import peak_memory

import pytest

HEADER = ("format: scorekeeper/1\ngame: tally\nplayers: [Ann, Bob]\n"
          "rules: {target: 100, low_wins: false, first_dealer: null}\ncreated: '2026-11-29T20:00:00'\n")
COMMANDS = [["show", "x"], ["check", "x"], ["hand", "x", "Ann=1"], ["edit", "x", "1", "Ann=2"], ["undo", "x"],
            ["settle", "x"], ["export", "x"], ["chart", "x"]]


@pytest.fixture
def club(cli):
    cli.new("good", "tally", "Ann,Bob")
    cli.ok("hand", "good", "Ann=5")
    return cli


def _every_command_says(cli, text: str, where: str) -> None:
    before = cli.file("x").read_bytes()
    for command in COMMANDS:
        r = cli(*command)
        assert r.exit_code == 1, (command, r.output)
        assert "Traceback" not in r.output + r.stderr
        assert f"{cli.file('x')}:{where}: {text}" in r.stdout + r.stderr, (command, r.stdout, r.stderr)
    assert cli.file("x").read_bytes() == before
    stats = cli.json("stats")  # the folder's other sitting still counts
    assert [(f["file"], f["line"]) for f in stats["failed"]] == [(str(cli.file("x")), int(where))]
    assert stats["hands"] == 1 and stats["sittings"] == 1, stats
    cli.ok("list")


@pytest.mark.parametrize("where", ["header", "hand"])
def test_a_value_nested_990_deep_is_an_error_at_its_line(club, where):
    deep = "[" * 990 + "]" * 990
    text = HEADER.replace("first_dealer: null", f"first_dealer: {deep}") + "hands: []\n" if where == "header" \
        else HEADER + f"hands:\n- {{Ann: 1, note: {deep}}}\n"
    club.file("x").write_text(text)
    _every_command_says(club, "a value nested more than 10 deep", "4" if where == "header" else "7")


def test_an_alias_bomb_is_refused_at_once_for_every_command(club):
    """The issue's 142 KB file: ten levels of aliases of a long text; `show` printed 191 MB."""
    lines = [HEADER.rstrip("\n"), "hands:", "- {Ann: 1, note: &n0 " + "y" * 140_000 + "}"]
    lines += [f"- {{Ann: 1, note: &n{i} [*n{i - 1}, *n{i - 1}, *n{i - 1}]}}" for i in range(1, 10)]
    club.file("x").write_text("\n".join(lines) + "\n")
    with peak_memory() as peak:
        _every_command_says(club, "refused: an alias (*n0), which scorekeeper never writes", "8")
    assert peak[0] < 16 * 2 ** 20  # it printed 191 MB


def test_a_top_level_key_given_twice_is_a_mistake_at_the_second(club):
    club.file("x").write_text(HEADER + "hands:\n- {Ann: 1}\nhands:\n- {Ann: 2}\n")
    _every_command_says(club, "hands is given twice in one mapping (first on line 6)", "8")


def test_a_file_cut_off_after_rules_is_no_empty_sitting(club):
    club.file("x").write_text("format: scorekeeper/1\ngame: tally\nplayers: [Ann, Bob]\nrules:\n")
    _every_command_says(club, "rules is empty: the file may have been cut off here", "4")


def test_a_list_as_a_key_of_a_rule_is_an_unknown_rule_at_its_line(club):
    """`? [a, b]: 1` in the rules: a key YAML allows and no scorekeeper file holds. It was a
    TypeError traceback (a list is no dict key); it is the unknown rule it is, at its line."""
    club.file("x").write_text(HEADER.replace("rules: {", "rules: {? [a, b]: 1, ") + "hands: []\n")
    _every_command_says(club, "unknown rule \"['a', 'b']\" for tally", "4")
