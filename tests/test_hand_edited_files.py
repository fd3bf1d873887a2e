"""A file edited by hand is read as the command line is read (issue 31, items 1, 2 and 6).

The loader hands the field parser every value's text as written: `012` is 12 in a file as in
`hand f Ann=012`, `1:30` is refused at its line, a note is kept exactly as typed. What a person
wrote that a save would lose (a comment, a key of his own) is refused at its line, told from
the YAML scanner's own tokens; nothing the program wrote is ever refused. `check` counts lines
as an editor does, whatever line separators a note holds."""

from __future__ import annotations

import pytest

from scorekeeper import store

HEADER = """\
format: scorekeeper/1
game: tally
players: [Ann, Bob]
rules: {target: null}
stakes: {stake: 1, currency: ''}
created: 2026-11-29T19:30:00
hands:
"""


def _sitting(cli, *hands: str) -> None:
    cli.new("f", "tally", "Ann,Bob")
    cli.file("f").write_text(HEADER + "".join(f"- {h}\n" for h in hands), encoding="utf-8")


def _scores(cli) -> dict:
    return cli.json("show", "f")["scores"]


# ---------------------------------------------------------------- 1. the text as written


def test_a_score_written_012_in_the_file_is_twelve_as_on_the_command_line(cli):
    _sitting(cli, "{Ann: 012, Bob: 3}")
    assert _scores(cli) == {"Ann": 12, "Bob": 3}
    cli.ok("hand", "f", "Ann=012", "Bob=0")
    assert _scores(cli) == {"Ann": 24, "Bob": 3}
    assert cli("check", "f").stdout == "no mistakes in 1 sitting\n"


@pytest.mark.parametrize("written", ["1:30", "0x1F", "1_0", "0b11", "0o17", "1e3", "yes"])
def test_a_score_yaml_1_1_would_read_as_a_number_is_refused_at_its_line(cli, written):
    _sitting(cli, "{Ann: 1, Bob: 2}", f"{{Ann: 4, Bob: {written}}}")
    path = cli.file("f")
    r = cli("check", "f")
    assert r.exit_code == 1
    assert r.stdout == f"{path}:9: hand 2: Bob: must be a whole number, got '{written}'\n"
    cli.refused("f", "show", "f")
    cli.refused("f", "hand", "f", "Ann=1")
    typed = cli("hand", "f", f"Bob={written}")  # the command line says the same of it
    assert "Bob: must be a whole number, got" in typed.stderr


def test_a_note_is_kept_exactly_as_typed_through_later_saves(cli):
    notes = ["1.50", "012", "off", "yes", "1:30", "0x1F", "~x", "null!", "2026-11-29"]
    _sitting(cli, *(f"{{Ann: 1, Bob: 0, note: {note}}}" for note in notes))
    cli.ok("hand", "f", "Ann=1")
    cli.ok("edit", "f", "1", "Bob=2")
    hands = cli.json("show", "f")
    assert len(hands["effects"]) == len(notes) + 1
    exported = cli.ok("export", "f").stdout
    for note in notes:
        assert f",{note}," in exported or exported.count(note), note
    kept = [h.fields.get("note") for h in store.load(cli.file("f")).hands]
    assert kept == notes + [None]  # written back as typed, not `1.5`, `10` or `False`
    assert "note: 1.50," in cli.file("f").read_text(encoding="utf-8")


def test_a_rule_written_in_the_file_is_read_by_the_rules_parser_as_typed(cli):
    cli.new("f", "tally", "Ann,Bob", "target=12")
    cli.file("f").write_text(HEADER.replace("target: null", "target: 012") + "- {Ann: 11}\n- {Ann: 1}\n",
                             encoding="utf-8")
    shown = cli.json("show", "f")
    assert shown["rules"]["target"] == 12  # YAML 1.1 read 012 as octal 10: the game was over at hand 1
    assert len(shown["finished_games"]) == 1


# ---------------------------------------------------------------- 2. what a person wrote


def test_a_comment_and_a_key_of_ones_own_after_an_unbalanced_quote_are_refused_not_dropped(cli):
    cli.new("f", "tally", "Ann,Bob")
    cli.ok("hand", "f", "Ann=1", 'note=he said "hi')
    path = cli.file("f")
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "# Bob owes Ann a beer\n", encoding="utf-8")
    line = text.count("\n") + 1
    r = cli("check", "f")
    assert f"{path}:{line}: this file holds a comment (#...), which saving would drop" in r.stdout
    cli.refused("f", "hand", "f", "Ann=2")
    path.write_text(text + "venue: the Crown\n", encoding="utf-8")
    r = cli.refused("f", "hand", "f", "Ann=2")
    assert f"{path}:{line}: this file holds a key of its own, 'venue'" in r.stderr


@pytest.mark.parametrize("key", ["été", ".venue", "-venue", "$x", "~x", "+x", "/x", "(x)", "&x", "?x", "'quoted'"])
def test_a_top_level_key_of_any_spelling_is_refused_at_its_line(cli, key):
    cli.new("f", "tally", "Ann,Bob")
    path = cli.file("f")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("hands: []", f"{key}: the Crown\nhands: []"), encoding="utf-8")
    line = text.splitlines().index("hands: []") + 1
    r = cli("hand", "f", "Ann=1")
    assert r.exit_code == 1
    assert r.stderr.startswith(f"error: {path}:{line}: "), r.stderr
    assert path.read_text(encoding="utf-8") != text  # (left as the person wrote it)


def test_nothing_the_program_wrote_is_refused(cli):
    cli.ok("new", "g", "--game", "tally", "--players", "Ann,Bob 'x", "--currency", "a #b")
    cli.ok("hand", "g", "Ann=1", "Bob 'x=2", 'note=he said "hi # there')
    cli.ok("hand", "g", "Ann=3", "note=a: b, {c} [d] & *e !f %g @h `i | > ? -")
    cli.ok("edit", "g", "1", "Ann=4")
    cli.ok("undo", "g")
    cli.ok("redo", "g")
    assert cli("check", "g").stdout == "no mistakes in 1 sitting\n"
    assert _scores_of(cli, "g") == {"Ann": 7, "Bob 'x": 2}


def _scores_of(cli, name: str) -> dict:
    return cli.json("show", name)["scores"]


# ---------------------------------------------------------------- 6. lines as an editor counts them


@pytest.mark.parametrize("separator", ["\u2028", "\u0085", "\u2029"])
def test_check_counts_lines_as_an_editor_does_whatever_a_note_holds(cli, separator):
    _sitting(cli, f'{{Ann: 1, note: "a{separator}b"}}', f"{{Ann: 1, note: a{separator}b}}", "{Ann: x}")
    path = cli.file("f")
    r = cli("check", "f")
    assert r.stdout == f"{path}:10: hand 3: Ann: must be a whole number, got 'x'\n"
