"""The command line's conventions (issue 14): where sittings live, --version and -h, help
that ends with an example, shell completion, and JSON for scripts (money as decimal strings,
times with their UTC offset)."""

from __future__ import annotations

import json
import os
import re

import pytest
from hypothesis import given
from hypothesis import strategies as hst

from scorekeeper.cli import app

from typer.testing import CliRunner


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A folder with no ./sessions, no SCOREKEEPER_DIR, and a private XDG data folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREKEEPER_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def run(*args, env=None, input=None):
    return CliRunner().invoke(app, list(args), env=env, input=input)


def test_without_a_sessions_folder_here_sittings_go_to_the_xdg_data_folder(elsewhere):
    folder = elsewhere / "data" / "scorekeeper" / "sessions"
    r = run("new", "fri", "--game", "tally", "--players", "Ann,Bob")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith(f"created {folder}/fri.yaml (in a new folder {folder})\n")
    assert run("list").stdout.startswith(
        f"sessions in {folder} (the user data folder; --dir or SCOREKEEPER_DIR choose another)\n\n")


def test_a_sessions_folder_here_wins_over_the_data_folder(elsewhere):
    (elsewhere / "sessions").mkdir()
    run("new", "fri", "--game", "tally", "--players", "Ann,Bob")
    assert (elsewhere / "sessions" / "fri.yaml").exists()
    assert run("list").stdout.startswith("sessions in sessions (./sessions exists here)\n")


def test_the_environment_wins_over_a_sessions_folder_here_and_dir_over_both(elsewhere):
    (elsewhere / "sessions").mkdir()
    env = {"SCOREKEEPER_DIR": str(elsewhere / "env")}
    assert run("list", env=env).stdout == f"no sessions in {elsewhere / 'env'} (SCOREKEEPER_DIR)\n"
    assert run("--dir", "given", "list", env=env).stdout == "no sessions in given (--dir)\n"


def test_a_name_not_found_suggests_the_close_names(elsewhere):
    (elsewhere / "sessions").mkdir()
    run("new", "cinch tuesday", "--game", "cinch", "--players", "Ann,Bob,Cid,Dee")
    r = run("show", "cinch-tuesday")
    assert r.exit_code == 1
    assert r.stderr == ("error: no session 'sessions/cinch-tuesday.yaml' (did you mean 'cinch tuesday'?) "
                        "(scorekeeper list shows the sessions)\n")


def test_version_and_short_help():
    from scorekeeper import __version__

    assert run("--version").stdout == f"scorekeeper {__version__}\n"
    assert run("-h").stdout.startswith("Usage: ")
    assert run("show", "-h").stdout.startswith("Usage: ")
    assert run("crib", "count", "-h").stdout.startswith("Usage: ")


def test_the_bare_command_lists_each_command_once():
    out = run().stdout
    commands = out.split("Commands:\n")[1].split("\n\n")[0]
    names = [line.split()[0] for line in commands.splitlines() if not line.startswith("    ")]
    assert len(names) == len(set(names))  # each once (lazy commands were listed twice)
    assert names[:10] == ["new", "hand", "show", "undo", "redo", "edit", "insert", "delete", "play", "settle"]
    assert {"cinch", "crib"} <= set(names)
    assert "--install-completion" in out


def every_command() -> list:
    """Every command and sub-command, as the words that call it (the lazy ones included), so
    that a command added later is held to the convention too."""
    import importlib

    import typer
    from typer.core import TyperGroup

    # the click Typer runs on: click itself up to Typer 0.25, its own copy from 0.26 (as cli/ does)
    Context = importlib.import_module(typer.BadParameter.__module__.rsplit(".", 1)[0] + ".core").Context
    found = []

    def walk(command, ctx, words):
        found.append(words)
        if isinstance(command, TyperGroup):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                walk(sub, Context(sub, parent=ctx, info_name=name), words + [name])

    root = typer.main.get_command(app)
    walk(root, Context(root, info_name="scorekeeper"), [])
    return found


ALL_COMMANDS = every_command()


@pytest.mark.parametrize("words", ALL_COMMANDS, ids=lambda w: " ".join(w) or "scorekeeper")
def test_every_help_describes_its_arguments_and_ends_with_an_example(words):
    out = run(*words, "--help").stdout
    lines = out.rstrip("\n").splitlines()
    example_at = lines.index("  Example:")
    example = lines[example_at + 1:]
    # each command starts a line; a long one goes on in ` \` continuation lines, indented
    assert all(line.startswith("    scorekeeper ") or (previous.endswith(" \\") and line.startswith("      "))
               for previous, line in zip([""] + example, example)), out
    if "Arguments:" in out:  # every argument has its help, not a bare [required]
        section = out.split("Arguments:\n")[1].split("\n\n")[0]
        assert not re.search(r"^  \S+\s+\[required\]$", section, re.M), section


def complete(line: str, folder, shell: str = "bash") -> list:
    """The candidates the program answers a shell with for the command line `line` (the
    protocol of cli/shells.py; tests/test_shell_completion.py types Tab in the real shells)."""
    env = {"_SCOREKEEPER_COMPLETE": f"complete_{shell}", "_SCOREKEEPER_COMPLETE_ARGS": line,
           "SCOREKEEPER_DIR": str(folder)}
    r = CliRunner().invoke(app, [], env=env, prog_name="scorekeeper")
    return r.stdout.split()


def test_completion_of_sittings_games_fields_and_players(tmp_path):
    run("--dir", str(tmp_path), "new", "tue", "--game", "cinch", "--players", "Ann,Bob,Cid,Dee")
    assert complete("scorekeeper show t", tmp_path) == ["tue"]
    assert complete("scorekeeper new x --game cr", tmp_path) == ["cribbage"]
    assert complete("scorekeeper games short", tmp_path) == ["short-whist"]
    assert complete("scorekeeper hand tue bi", tmp_path) == ["bidder=", "bid="]
    # bash inserts what follows the `=`; zsh and fish take the whole word
    assert complete("scorekeeper hand tue bidder=", tmp_path) == ["Ann", "Bob", "Cid", "Dee"]
    assert complete("scorekeeper hand tue bidder=", tmp_path, "zsh") == [
        "bidder=Ann", "bidder=Bob", "bidder=Cid", "bidder=Dee"]
    assert complete("scorekeeper edit tue 1 bidder=C", tmp_path) == ["Cid"]
    assert complete("scorekeeper hand tue trump=", tmp_path, "fish") == [
        "trump=C", "trump=D", "trump=H", "trump=S"]


@pytest.fixture
def fri(tmp_path):
    def cli(*args):
        r = run("--dir", str(tmp_path), *args)
        assert r.exit_code == 0, r.output
        return r.stdout
    cli("new", "fri", "--game", "tally", "--players", "Ann,Bob,Cid", "--stake", "0.25",
        "--currency", "USD")
    return cli


def test_hand_json_has_the_fields_with_the_time_and_its_utc_offset(fri):
    data = json.loads(fri("hand", "fri", "Ann=9", "Bob=-3", "--json"))
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", data.pop("fields").pop("at"))
    assert data == {"name": "fri", "game": "tally", "hand": 1, "summary": "Ann +9, Bob -3",
                    "notes": [], "dealer": "Ann", "changes": {"Ann": 9, "Bob": -3, "Cid": 0},
                    "scores": {"Ann": 9, "Bob": -3, "Cid": 0}, "next_dealer": "Bob"}


def test_settle_json_money_is_decimal_strings(fri):
    fri("hand", "fri", "Ann=9", "Bob=-3")
    data = json.loads(fri("settle", "fri", "--json"))
    # tally settles around the mean (2): Ann +7, Bob -5, Cid -2 points at 0.25
    assert data["stake"] == "0.25" and data["money"] == {"Ann": "1.75", "Bob": "-1.25", "Cid": "-0.50"}
    assert data["transfers"] == [{"from": "Bob", "to": "Ann", "amount": "1.25"},
                                 {"from": "Cid", "to": "Ann", "amount": "0.50"}]



def test_settle_json_balances_are_exact_never_binary_floats(fri):
    # tally settles around the mean: 12 - 3 - 7 = 2 among three, a mean of 2/3: thirds
    fri("hand", "fri", "Ann=12", "Bob=-3", "Cid=-7")
    data = json.loads(fri("settle", "fri", "--json"))
    assert data["balances"] == {"Ann": "34/3", "Bob": "-11/3", "Cid": "-23/3"}
    assert "pool_shares" not in data  # tally has no pool


def test_settle_json_pool_shares_are_exact_decimals_when_they_have_one():
    from tests.conftest import SESSIONS

    r = run("settle", str(SESSIONS / "loo-limited.yaml"), "--json")
    data = json.loads(r.stdout)
    # the pool of 3 left at the end, shared among five: 3/5 each
    assert data["pool_shares"] == dict.fromkeys(["Ann", "Bob", "Cid", "Dot", "Eve"], "0.6")
    assert data["scores"] == {"Ann": 1, "Bob": 1, "Cid": 3, "Dot": -5, "Eve": -3}
    assert data["balances"] == {"Ann": "1.6", "Bob": "1.6", "Cid": "3.6", "Dot": "-4.4",
                                "Eve": "-2.4"}


@given(hst.fractions(max_denominator=10 ** 6))
def test_an_exact_number_in_json_reads_back_exactly(value):
    from fractions import Fraction

    from scorekeeper.render.sitting import exact_json

    shown = exact_json(value)
    assert not isinstance(shown, float)
    assert isinstance(shown, int) == (value.denominator == 1)
    assert Fraction(str(shown)) == value
    if isinstance(shown, str) and "/" not in shown:  # a decimal only where the fraction ends
        assert set(_prime_factors(value.denominator)) <= {2, 5}


def _prime_factors(n):
    p = 2
    while n > 1:
        while n % p == 0:
            yield p
            n //= p
        p += 1

def test_list_and_games_json(fri, tmp_path):
    data = json.loads(fri("list", "--json"))
    assert data["folder"] == str(tmp_path) and data["chosen_by"] == "--dir"
    [only] = data["sessions"]
    assert {k: only[k] for k in ("name", "game", "known_game", "players", "hands")} == {
        "name": "fri", "game": "tally", "known_game": True, "players": ["Ann", "Bob", "Cid"], "hands": 0}
    games = json.loads(fri("games", "--json"))
    crib = next(g for g in games if g["name"] == "cribbage")
    assert (crib["min_players"], crib["max_players"], crib["unit"]) == (2, 4, "games")
    tally = json.loads(fri("games", "tally", "--json"))
    assert [r["name"] for r in tally["rules"]] == ["target", "low_wins", "settle", "first_dealer"]
    assert tally["fields"][0] == {"name": "PLAYER1", "required": False, "value": "a whole number",
                                  "help": "points PLAYER1 scored this hand (default 0)"}


@pytest.mark.parametrize("game, rule, default, values", [
    # issue 20's open readings, each a house rule with the reading the book supports by default
    ("cinch-auction", "side_out", "higher", "higher | share"),
    ("slobberhannes", "game_ends", "out", "out | deal"),
    ("cribbage", "three_penalties", "left", "left | each"),
])
def test_games_shows_the_house_rules_of_the_open_readings(fri, game, rule, default, values):
    shown = fri("games", game)
    line = next(line for line in shown.splitlines() if line.startswith(rule + " "))
    assert line.split()[1:3] == [default, values.split()[0]]
    [found] = [r for r in json.loads(fri("games", game, "--json"))["rules"] if r["name"] == rule]
    assert (found["default"], found["values"]) == (default, values)
