"""`scorekeeper check`: every mistake in a sitting at once, each at its own line."""

from __future__ import annotations

TALLY = """\
format: scorekeeper/1
game: tally
players: [Ann, Bob, Cid]
rules:
  target: 100
  bogus: 3
  low_wins: perhaps
hands:
- Ann: 12
- Bob: many
- Ann: 3
  Dan: 3
- Cid: 7
"""


def test_every_mistake_is_reported_at_its_line_and_the_file_is_untouched(cli, tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(TALLY)
    r = cli("check", str(path))
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        f"{path}:6: unknown rule 'bogus' for tally; rules: target, low_wins, settle, first_dealer",
        f"{path}:7: rule low_wins: must be on or off, got 'perhaps'",
        f"{path}:10: hand 2: Bob: must be a whole number, got 'many'",
        f"{path}:12: hand 3: unknown field 'Dan' (did you mean Ann?); fields: Ann, Bob, Cid",
    ]
    assert r.stderr == "error: 4 mistakes in 1 sitting\n"
    assert path.read_text() == TALLY


def test_a_clean_sitting_and_an_unreadable_one(cli, tmp_path):
    cli.new("good", "tally", "Ann,Bob")
    r = cli("check", "good")
    assert (r.exit_code, r.stdout) == (0, "no mistakes in 1 sitting\n")
    broken = tmp_path / "b.yaml"
    broken.write_text("format: scorekeeper/1\ngame: whist-ish\nplayers: [Ann, Bob]\n")
    r = cli("check", "good", str(broken))
    assert r.exit_code == 1
    assert r.stdout.startswith(f"{broken}:2: unknown game 'whist-ish'")
    assert r.stderr == "error: 1 mistake in 2 sittings\n"
    r = cli("check", "good", str(tmp_path / "none.yaml"))  # no such sitting: as for every command
    assert (r.exit_code, r.stdout) == (1, "")
    assert r.stderr.startswith("error: no session")


def test_a_header_mistake_that_leaves_nothing_to_check_by_ends_the_search(cli, tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("format: scorekeeper/1\ngame: tally\nplayers:\n- Ann\n- Bob\n- ann\n"
                    "hands:\n- Ann: x\n")
    r = cli("check", str(path))
    assert r.stdout == f"{path}:6: player ann is named twice\n"


STAKES = """\
format: scorekeeper/1
game: tally
players: [Ann, Bob]
rules:
  target: zz
stakes:
  currency: GBP
  stake: -5
hands:
- {Ann: 1, Bob: x}
"""


def test_a_bad_stake_is_reported_at_its_own_line_and_the_hands_are_still_checked(cli, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(STAKES)
    r = cli("check", str(path))
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        f"{path}:5: rule target: must be a whole number, at least 1 (and at most 1,000,000,000), got 'zz'",
        f"{path}:8: stake must be an amount of money such as 0.05, got '-5'",
        f"{path}:10: hand 1: Bob: must be a whole number, got 'x'",
    ]
    r = cli("show", str(path))  # every other command: the first mistake, at the same line
    assert (r.exit_code, r.stdout) == (1, "")
    assert r.stderr == f"error: {path}:8: stake must be an amount of money such as 0.05, got '-5'\n"
    path.write_text(STAKES.replace("  stake: -5", "  money: 5"))
    r = cli("check", str(path))
    assert f"{path}:8: stakes: unknown key 'money' (stakes holds stake and currency)" in r.stdout


def test_an_entry_that_is_not_a_hand_does_not_end_the_search(cli, tmp_path):
    path = tmp_path / "n.yaml"  # `- Ann:12`, the space forgotten, is one string, not a hand
    path.write_text("format: scorekeeper/1\ngame: tally\nplayers: [Ann, Bob]\nhands:\n- Ann:12\n"
                    "- {Ann: 1, Bob: x}\n- 7\n- {Ann: 2, Cid: 1}\n")
    r = cli("check", str(path))
    assert r.stdout.splitlines() == [
        f"{path}:5: hand 1: must be a mapping of field: value",
        f"{path}:6: hand 2: Bob: must be a whole number, got 'x'",
        f"{path}:7: hand 3: must be a mapping of field: value",
        f"{path}:8: hand 4: unknown field 'Cid'; fields: Ann, Bob",
    ]
    assert r.stderr == "error: 4 mistakes in 1 sitting\n"
    r = cli("show", str(path))
    assert r.stderr == f"error: {path}:5: hand 1: must be a mapping of field: value\n"


def test_what_the_next_save_would_refuse_is_a_mistake(cli, tmp_path):
    # the file reads (show works) but hand/edit/undo refuse it: check says so, at its line
    path = tmp_path / "c.yaml"
    path.write_text("format: scorekeeper/1\ngame: tally\nplayers: [Ann, Bob]\nhands:\n"
                    "- {Ann: 1, Bob: 2}  # Bob was out\nextra: 3\n")
    r = cli("check", str(path))
    assert r.stdout == (f"{path}:5: this file holds a comment (#...), which saving would drop: every "
                        f"command that saves (hand, edit, undo) refuses this file until it is moved "
                        f"into a hand's note (note=...) or deleted\n")
    assert r.exit_code == 1


def test_a_field_given_twice_in_a_hand_does_not_end_the_search(cli, tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("format: scorekeeper/1\ngame: tally\nplayers: [Ann, Bob]\nhands:\n"
                    "- {Ann: 1, Bob: x}\n- Ann: 2\n  Ann: 3\n  Bob: y\n- {Ann: 2, Cid: 1}\n")
    r = cli("check", str(path))
    assert r.stdout.splitlines() == [
        f"{path}:5: hand 1: Bob: must be a whole number, got 'x'",
        f"{path}:7: Ann is given twice in one mapping (first on line 6)",
        f"{path}:8: hand 2: Bob: must be a whole number, got 'y'",
        f"{path}:9: hand 3: unknown field 'Cid'; fields: Ann, Bob",
    ]
    r = cli("show", str(path))  # every other command: refused at the second Ann, as before
    assert r.stderr == f"error: {path}:7: Ann is given twice in one mapping (first on line 6)\n"
