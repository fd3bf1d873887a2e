"""Every example at the end of every `--help` works (issue 21 point 3): each is run, in a fresh
temporary folder laid out as a clone is (`sessions/` holding a copy of `sessions/examples/`,
so `sessions/examples/cinch-tricks/foster-4.txt` is found and `new friday` saves
`sessions/friday.yaml`).

A help's examples run in order. The pages of one story share their folder and run one after
another, as the commands are used at a table (`new` makes the sitting `hand` logs into, `edit`
corrects...); every other page runs alone. An example line is split as a POSIX shell would split
it (` \\` continuations joined, quotes, `~`, a `*` pattern, `> FILE`), run through CliRunner, and
must succeed with no `error:`; one that asks at the table gets its answers from ANSWERS.
"""

from __future__ import annotations

import glob
import os
import shlex
import shutil
from pathlib import Path
from typing import Dict, List

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app

from .conftest import SESSIONS
from .test_conventions import ALL_COMMANDS

STORIES = [
    ["new", "hand", "show", "edit", "insert", "delete", "play", "undo", "redo", "settle", "export", "check", "chart", "report",
     "list", "stats", "games"],
    ["party new", "party round", "party show", "party edit", "party undo"],
    ["new", "party new", "board"],  # the board serves friday, then the party spring
]
# The answers typed at the table for an example that asks (`hand friday -i`: bidder, bid, made).
ANSWERS: Dict[str, str] = {"scorekeeper hand friday -i": "Bob\n6\n9\n\n",
                           "scorekeeper hand friday -i bidder=Bob": "6\n9\n\n",
                           "scorekeeper insert friday 1 -i": "Dee\n6\n4\n\n",
                           "scorekeeper play friday": "bidder=Ann bid=7 made=9\nundo\nredo\nquit\n",
                           # starter, the hands, the crib, the play, no other field
                           "scorekeeper hand crib -i --by cards":
                               "5S\n5H 5D 5C JS\n2C 3D 9H KS\n4H 6H 7C 8S\n4\n6\n\n"}


def help_examples(words: List[str]) -> List[str]:
    """The example command lines at the end of a command's help, continuations joined."""
    out = CliRunner().invoke(app, [*words, "--help"]).stdout
    lines = out.rstrip("\n").splitlines()
    shown = [line.strip() for line in lines[lines.index("  Example:") + 1:]]
    joined: List[str] = []
    for line in shown:
        if joined and joined[-1].endswith(" \\"):
            joined[-1] = joined[-1][:-2] + " " + line
        else:
            joined.append(line)
    return joined


def run_example(line: str, folder: Path) -> None:
    words = shlex.split(line)
    assert words[0] == "scorekeeper", line
    args: List[str] = []
    into = None
    words = words[1:]
    while words:
        word = words.pop(0)
        if word == ">":
            into = folder / words.pop(0)
            continue
        word = os.path.expanduser(word) if word.startswith("~") else word
        args.extend(sorted(glob.glob(word)) or [word] if "*" in word else [word])
    result = CliRunner().invoke(app, args, input=ANSWERS.get(line),
                                env={"SCOREKEEPER_DIR": None, "COLUMNS": None})
    assert result.exit_code == 0, (line, result.output)
    assert "error:" not in result.output, (line, result.output)
    if into is not None:
        into.write_text(result.stdout)


def stories() -> List[List[str]]:
    """Every help page with an example, in its story or alone."""
    told = {page for story in STORIES for page in story}
    pages = [" ".join(words) for words in ALL_COMMANDS]
    return STORIES + [[page] for page in pages if page not in told]


@pytest.mark.parametrize("story", stories(), ids=lambda story: story[0] or "scorekeeper")
def test_every_example_in_every_help_runs(story, tmp_path, monkeypatch):
    if "board" in story:
        serve_as_if_stopped_at_once(monkeypatch)
    shutil.copytree(SESSIONS, tmp_path / "sessions" / "examples")
    (tmp_path / "home").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # `~/cards`
    for page in story:
        for line in help_examples(page.split()):
            run_example(line, tmp_path)


def serve_as_if_stopped_at_once(monkeypatch) -> None:
    """`board` serves until Ctrl-C: here on any free port, stopped as soon as it would serve."""
    serve = pytest.importorskip("scorekeeper.board.serve")
    place = serve.place

    def stopped(app, sock) -> None:
        sock.close()
        raise KeyboardInterrupt

    monkeypatch.setattr(serve, "place", lambda host, port: place(host, 0))
    monkeypatch.setattr(serve, "run", stopped)


def test_the_stories_name_only_pages_that_exist():
    pages = {" ".join(words) for words in ALL_COMMANDS}
    assert {page for story in STORIES for page in story} <= pages


def test_new_help_example_sets_a_rule_cinch_has():
    # it said --rule target=51: "unknown rule 'target' for cinch"
    [line] = [line for line in help_examples(["new"]) if "--game cinch" in line]
    assert line.endswith("--rule game=61")
