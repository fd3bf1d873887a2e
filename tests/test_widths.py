"""Every view fits the terminal (issue 21 point 1): at COLUMNS=80 and 60 no line of any view is
wider, and no word is split in the middle: every word of the view as printed without a width is
still a word of the fitted view (cells wrap at spaces; columns that do not fit go in a second
table below, repeating the first column). Only a word wider than the terminal itself is cut.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import List

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.games import game_names

from .conftest import ROOT, SESSIONS

WIDTHS = (80, 60)
SITTINGS = sorted(p.stem for p in SESSIONS.glob("*.yaml") if not p.stem.startswith("party-"))
PARTIES = ["party-cinch", "party-hearts"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """A copy of the bundled examples (some views below change a sitting)."""
    copy = tmp_path_factory.mktemp("widths") / "s"
    shutil.copytree(SESSIONS, copy)
    return copy


def views() -> List[List[str]]:
    found = [["list"], ["games"], ["stats"], ["stats", "--player", "Ann"]]
    found += [["games", g] for g in game_names()]
    found += [["party", "show", p] for p in PARTIES]
    found += [[command, s] for s in SITTINGS for command in ("show", "settle", "chart")]
    found += [["check", s] for s in SITTINGS[:3]]
    found += [["crib", "count", "5H", "5D", "5C", "JS", "--starter", "5S"],
              ["crib", "discard", "5H", "5D", "JS", "6C", "4D", "KH", "--dealer"],
              ["crib", "play", "7H", "8S", "7D", "9C", "--unfinished"],
              ["cinch", "tricks", str(SESSIONS / "cinch-tricks" / "foster-4.txt")]]
    return found


def run(folder: Path, args: List[str], columns: str = "") -> str:
    """The view, run beside the folder as `--dir s`: a file's path printed (`stats` lists the
    parties and the files that failed; `list` says the folder) is then the same length wherever
    pytest made the folder (at pytest-of-root/pytest-1001 a path took 61 of 60 columns)."""
    env = {"COLUMNS": columns or None}
    here = os.getcwd()
    os.chdir(folder.parent)
    try:
        result = CliRunner().invoke(app, ["--dir", folder.name, *args], env=env)
    finally:
        os.chdir(here)
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def words(text: str) -> set:
    return {w for w in text.split() if not re.fullmatch(r"-+", w)}


def assert_fits(natural: str, fitted: str, width: int, what: object) -> None:
    widest = max(len(line) for line in fitted.splitlines())
    assert widest <= width, (what, width, [line for line in fitted.splitlines() if len(line) > width])
    split = {w for w in words(natural) - words(fitted) if len(w) <= width - 4}
    if what[0] == "games" and len(what) == 2:  # a rule's help under it: its column's header goes
        split.discard("what")
    assert not split, (what, width, sorted(split)[:10])


@pytest.mark.parametrize("args", views(), ids=" ".join)
def test_every_view_fits_80_and_60_columns_without_splitting_a_word(folder, args):
    natural = run(folder, args)
    for width in WIDTHS:
        assert_fits(natural, run(folder, args, str(width)), width, args)


def test_the_commands_that_change_a_sitting_fit_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = Path("s")  # short: undo prints it in the command that logs the hand again
    for width in WIDTHS:
        name = f"t{width}"
        steps = [["new", name, "--game", "cinch", "--players", "Annabelle,Bartholomew,Cidney,Dorothea"],
                 ["hand", name, "bidder=Annabelle", "bid=7", "made=9",
                  "note=a long remark about the hand, to make it wide"],
                 ["edit", name, "1", "made=10"], ["undo", name], ["redo", name]]
        for args in steps:
            out = run(folder, args, str(width))
            assert max(len(line) for line in out.splitlines()) <= width, (args, out)


@pytest.mark.parametrize("words_", [[], ["new"], ["hand"], ["party", "round"], ["crib", "discard"]],
                         ids=lambda w: " ".join(w) or "scorekeeper")
def test_help_fits_60_columns(words_):
    # in a process of its own: CliRunner makes click lay out help at 80 columns whatever COLUMNS says
    import os
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "scorekeeper", *words_, "--help"], capture_output=True,
                         text=True, env={**os.environ, "COLUMNS": "60"}, cwd=ROOT).stdout
    assert max(len(line) for line in out.splitlines()) <= 60, out


def test_list_at_60_columns(folder):
    out = run(folder, ["list"], "60").splitlines()
    assert out[2:6] == [
        "name                        game",
        "--------------------------  --------------------------",
        "all-fours-evening           all-fours",
        "boston-twelve-deals         boston",
    ]
    rest = out.index("name                        players                  hands")
    assert out[rest:rest + 5] == [
        "name                        players                  hands",
        "--------------------------  -----------------------  -------",
        "all-fours-evening           Ann, Bob                 5",
        "boston-twelve-deals         A, Y, B, Z               13",
        "cinch-auction-five          Ann, Bob, Cid, Dot, Eve  3",
    ]


def test_settle_at_60_columns_wraps_the_remarks_at_spaces(folder):
    assert run(folder, ["settle", "cinch-auction-five"], "60") == (
        "cinch-auction-five: settlement (stake 1.00 per game)\n"
        "\n"
        "player    balance (games)    money\n"
        "--------  -----------------  -------\n"
        "Ann       0                  0.00\n"
        "Bob       0                  0.00\n"
        "Cid       0                  0.00\n"
        "Dot       0                  0.00\n"
        "Eve       0                  0.00\n"
        "\n"
        "games won: Ann 0, Bob 0, Cid 0, Dot 0, Eve 0 (each other\n"
        "    player pays the winner of a game the stake; players who\n"
        "    reach it together share it)\n"
        "the game in progress (Ann 32, Bob 0, Cid 22, Dot 0, Eve 26)\n"
        "    is not settled: only finished games are paid\n"
        "\n"
        "nobody owes anything\n")


def test_a_games_rules_at_60_columns_put_each_rules_help_under_it(folder):
    out = run(folder, ["games", "cinch"], "60")
    rules = out[out.index("house rules"):out.index("hand fields")].splitlines()
    assert rules[:9] == [
        "house rules (--rule NAME=VALUE)",
        "rule            default    values",
        "--------------  ---------  ------------------------",
        "scoring         deduct     deduct | setback | eight",
        "    deduct: the lower total is deducted from the higher (the",
        "    book's way); setback: the old way, each side scores what",
        "    it takes and a side that fails is set back the bid;",
        "    eight: the bidder's side must take at least 8 to score",
        "game            51         a whole number >= 1",
    ]
    # at 80 too the help would get fewer than 30 columns beside the values: it goes under its rule
    wide = run(folder, ["games", "cinch"], "80").splitlines()
    at = wide.index("scoring         deduct     deduct | setback | eight")
    assert wide[at + 1] == "    deduct: the lower total is deducted from the higher (the book's way);"


def test_party_show_at_60_columns(folder):
    out = run(folder, ["party", "show", "party-hearts"], "60").splitlines()
    assert out[:3] == ["party-hearts (progressive-hearts, 12 players at 3 tables):",
                       "    round 7, 6 played", ""]
    results = out.index("round    table    result")
    assert out[results:results + 5] == [
        "round    table    result",
        "-------  -------  ------------------------------------------",
        "1        1        Ann 3, Bob 4, Cid 2, Dan 4 (Dan won the",
        "                  cut): Cid and Dan stay at the head table;",
        "                  Ann and Bob go down to table 3",
    ]


def test_stats_at_60_columns_puts_the_nights_below(folder):
    out = run(folder, ["stats"], "60").splitlines()
    assert out[0] == "season: 20 sittings, 107 hands (in s)"
    assert out[2:5] == ["player    sittings    hands    games won    money",
                        "--------  ----------  -------  -----------  ----------------",
                        "Ann       11          53       1            -4.17, -2.10 USD"]
    assert "player    best night" in out and "player    worst night" in out
