"""Control characters from a file or a person are shown escaped, never sent raw to the terminal
(issue 24 point 9): a note holding `ESC ] 0 ; owned BEL ESC [ 2 J` retitled and cleared the
terminal at every show, edit and export, and the -i re-prompt echoed raw bytes. JSON keeps the
text exactly (it escapes by itself); CSV shows it escaped, as the terminal views do
(docs/reliability.md). Every test failed on the code before."""

from __future__ import annotations

import json

import pytest

from scorekeeper.model import printable

PAYLOAD = "\x1b]0;owned\x07\x1b[2J\u202e"
SHOWN = "\\x1b]0;owned\\x07\\x1b[2J\\u202e"


@pytest.fixture
def hostile(cli):
    cli.new("t", "tally", "Ann,Bob")
    cli.ok("hand", "t", "Ann=1", "note=" + PAYLOAD)
    return cli


def _clean(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text, repr(text)


@pytest.mark.parametrize("command", [["show", "t"], ["export", "t"], ["edit", "t", "1", "Ann=2"], ["undo", "t"],
                                     ["hand", "t", "Ann=3", "note=" + PAYLOAD], ["settle", "t"]])
def test_every_terminal_view_shows_a_control_character_escaped(hostile, command):
    r = hostile.ok(*command)
    _clean(r.stdout + r.stderr)
    if command[0] in ("show", "export", "edit", "undo"):
        assert SHOWN in r.stdout


def test_json_escapes_by_itself(hostile):
    raw = hostile.ok("hand", "t", "Ann=2", "note=" + PAYLOAD, "--json").stdout
    assert "\x1b" not in raw and "\x07" not in raw  # json.dumps writes \u001b, never the byte
    assert json.loads(raw)["fields"]["note"] == PAYLOAD  # and the text is kept exactly


def test_a_file_name_and_a_header_from_a_file_are_escaped_in_list(cli):
    cli.new("t", "tally", "Ann,Bob")
    cli.file("t").write_text(cli.file("t").read_text().replace("game: tally", 'game: "tally\\e[2J"'))
    r = cli.ok("list")
    _clean(r.stdout)
    assert "tally\\x1b[2J (unknown game)" in r.stdout


def test_the_interactive_reprompt_shows_what_was_typed_escaped(monkeypatch):
    import typer

    from scorekeeper.cli import prompts
    from scorekeeper.fields import COMMON

    asked = []

    def prompt(text, default="", show_default=True):
        asked.append(text + (f" [{default}]" if show_default and default else ""))
        return ""

    monkeypatch.setattr(typer, "prompt", prompt)
    prompts._ask_others(["note"], {"note": PAYLOAD}, ["Ann", "Bob"], list(COMMON))
    prompts._ask_field(COMMON[0], ["Ann", "Bob"], {"note": PAYLOAD}, again=True)
    assert len(asked) == 2
    for text in asked:
        _clean(text)
    assert "[note=" in asked[0] and "\\x1b" in asked[0] and f"[{SHOWN}]" in asked[1]


def test_printable_leaves_ordinary_text_alone():
    assert printable("Ann shot the moon — 13 ♥, naïve café") == "Ann shot the moon — 13 ♥, naïve café"
    assert printable("a\tb\nc\x00") == "a\\tb\\nc\\x00"
