"""Output on a terminal (issue 14): suit symbols and colour only on a real terminal, never
with NO_COLOR or --no-color, never piped or in --json; no line of `show` wider than COLUMNS;
one score column per side in partnership games."""

from __future__ import annotations

import os
import subprocess
import sys

from typer.testing import CliRunner

from scorekeeper.cli import app

from .conftest import ROOT, SESSIONS, on_a_pty

RED, RESET = "\x1b[31m", "\x1b[0m"


def on_a_terminal(*args: str, env_extra: dict = None) -> str:
    """Run scorekeeper with stdout on a real pseudo-terminal; what the terminal received."""
    code, out = on_a_pty(*args, env_extra=env_extra)
    assert code == 0, out
    return out


FOSTER = str(SESSIONS / "cinch-foster.yaml")


def test_a_terminal_gets_red_hearts_and_diamonds_and_the_leader_marked():
    out = on_a_terminal("show", FOSTER, env_extra={"COLUMNS": "200"})
    assert f"took={RED}A♥{RESET} {RED}2♥{RESET} {RED}5♦{RESET} trump={RED}♥{RESET}" in out
    assert "\x1b[1m\x1b[32mY\x1b[0m" in out  # Y-Z lead, 34 to 20


def test_no_color_keeps_the_symbols_and_drops_the_colour():
    for out in (on_a_terminal("show", FOSTER, env_extra={"NO_COLOR": "1", "COLUMNS": "200"}),
                on_a_terminal("--no-color", "show", FOSTER, env_extra={"COLUMNS": "200"})):
        assert "\x1b[" not in out
        assert "1    A         bidder=A bid=8 took=A♥ 2♥ 5♦ trump=♥       A bid 8 in hearts;" in out


def test_piped_output_and_json_stay_plain():
    piped = subprocess.run([sys.executable, "-m", "scorekeeper", "show", FOSTER], cwd=ROOT,
                           capture_output=True, text=True, env={**os.environ, "COLUMNS": ""})
    assert "\x1b[" not in piped.stdout and "♥" not in piped.stdout
    assert "took=AH 2H 5D trump=H" in piped.stdout
    data = on_a_terminal("show", FOSTER, "--json")
    assert "\x1b[" not in data and "♥" not in data


def test_negative_figures_are_red_on_a_terminal(cli):
    cli.new("fri", "tally", "Ann,Bob")
    cli.ok("hand", "fri", "Ann=5", "Bob=-3")
    out = on_a_terminal("--dir", str(cli.folder), "settle", "fri")
    assert f"Bob       {RED}-4{RESET}" in out and f"{RED}-4.00{RESET}" in out


def test_settle_marks_the_winner_on_a_terminal(cli):
    # "the leader or winner marked" (issue 14): settle's winner, the best balance, in bold green
    cli.new("fri", "tally", "Ann,Bob")
    cli.ok("hand", "fri", "Ann=5", "Bob=-3")
    out = on_a_terminal("--dir", str(cli.folder), "settle", "fri")
    assert "\x1b[1m\x1b[32mAnn\x1b[0m" in out and "\x1b[32mBob" not in out


def test_with_columns_80_no_line_of_show_is_wider(cli):

    from scorekeeper.cli import app

    for path in sorted(SESSIONS.glob("*.yaml")):
        r = CliRunner().invoke(app, ["show", str(path)], env={"COLUMNS": "80"})
        if "is a party" in r.output:
            continue
        assert r.exit_code == 0, r.output
        assert max(len(line) for line in r.stdout.splitlines()) <= 80, path.name


def test_the_effect_column_wraps_to_the_width():

    from scorekeeper.cli import app

    r = CliRunner().invoke(app, ["show", FOSTER], env={"COLUMNS": "80"})
    assert r.stdout.splitlines()[-16:-10] == [
        "#    dealer    hand                      effect                     A-B    Y-Z",
        "---  --------  ------------------------  -------------------------  -----  -----",
        "1    A         bidder=A bid=8 took=AH    A bid 8 in hearts; A-B     0      15",
        "               2H 5D trump=H             took 7, Y-Z 7: Y-Z +15",
        "                                         (set: adversaries score 7",
        "                                         taken + 8 bid)",
    ]


def test_partnership_games_show_one_score_column_per_side():

    from scorekeeper.cli import app

    whist = CliRunner().invoke(app, ["show", str(SESSIONS / "whist-two-rubbers.yaml")]).stdout
    assert [line for line in whist.splitlines() if line.startswith("#")][0].split()[-2:] == [
        "Alice-Clara", "Bertie-Dick"]
    tally = CliRunner().invoke(app, ["show", str(SESSIONS / "tally-friday.yaml")]).stdout
    assert [line for line in tally.splitlines() if line.startswith("#")][0].split()[-4:] == [
        "Ann", "Bob", "Cid", "Dee"]


def test_eight_players_and_a_long_note_still_fit_80_columns(cli):
    cli.new("eight", "tally", "Annabel,Bob,Cid,Dee,Eve,Fay,Gus,Hal")
    cli.ok("hand", "eight", "Annabel=12", "Bob=-3", "Cid=4", "Dee=5", "Eve=6", "Fay=-7",
           "note=a long remark about the hand to make it wide")
    from scorekeeper.cli import app

    r = cli.runner.invoke(app, ["--dir", str(cli.folder), "show", "eight"], env={"COLUMNS": "80"})
    lines = r.stdout.splitlines()
    assert max(len(line) for line in lines) == 80
    assert "#  dealer   hand         effect       Annabel  Bob  Cid  Dee  Eve  Fay  Gus  Hal" in lines
    edit = cli.runner.invoke(app, ["--dir", str(cli.folder), "edit", "eight", "1", "Fay=-8"],
                             env={"COLUMNS": "60"})
    assert max(len(line) for line in edit.stdout.splitlines()) <= 60


def test_seven_long_names_at_columns_80_put_the_scores_that_do_not_fit_below(cli):
    # the score columns' headers are the players' names: when they do not fit beside the hand,
    # the rest go in a second table below, each row named by its hand's number; no name is cut
    # (review-d wrapped them as "Anna/bell/e": issue 21 point 1, words never split)

    from scorekeeper.cli import app

    names = ["Annabelle", "Bartholomew", "Cidney", "Dorothea", "Evangeline", "Frederick", "Gwendolyn"]
    cli.new("h7", "hearts", ",".join(names))
    cli.ok("hand", "h7", *[f"{n}=2" for n in names[1:]], "revoke=Gwendolyn", "note=a long remark")
    out = CliRunner().invoke(app, ["--dir", str(cli.folder), "show", "h7"], env={"COLUMNS": "80"}).stdout
    assert out[out.index("\n#  ") + 1:].splitlines() == [
        "#  dealer     hand              effect            Annabelle  Bartholomew  Cidney",
        "-  ---------  ----------------  ----------------  ---------  -----------  ------",
        "1  Annabelle  Bartholomew=2     nobody clear:     0          0            0",
        "              Cidney=2          the pool of 12",
        "              Dorothea=2        is a Jack;",
        "              Evangeline=2      Gwendolyn",
        "              Frederick=2       revoked: pays",
        "              Gwendolyn=2       all the losses",
        "              revoke=Gwendolyn",
        "              note=a long",
        "              remark",
        "",
        "#    Dorothea    Evangeline    Frederick    Gwendolyn",
        "---  ----------  ------------  -----------  -----------",
        "1    0           0             0            -12",
    ]


COLOUR_VARIABLES = ("NO_COLOR", "COLUMNS", "FORCE_COLOR", "CLICOLOR_FORCE", "CLICOLOR")


def piped(*args: str, **env: str) -> str:
    """Run scorekeeper with stdout a pipe (not a terminal); what it printed."""
    clean = {k: v for k, v in os.environ.items() if k not in COLOUR_VARIABLES}
    done = subprocess.run([sys.executable, "-m", "scorekeeper", *args], cwd=ROOT, capture_output=True,
                          text=True, env={**clean, **env})
    assert done.returncode == 0, done.stderr
    return done.stdout


def not_a_terminal(*args: str, **env: str) -> str:
    """`piped` in this process: the CLI's output captured, not a terminal (click strips the
    colour it is not told to keep, as on a pipe), the colour variables only those given."""
    unset = {k: None for k in COLOUR_VARIABLES}
    done = CliRunner().invoke(app, list(args), env={**unset, **env})  # type: ignore[dict-item]
    assert done.exit_code == 0, done.output
    return done.stdout


TALLY = str(SESSIONS / "tally-friday.yaml")


def test_force_color_and_clicolor_force_colour_piped_output_as_no_color_takes_it_away():
    # issue 21 point 8: FORCE_COLOR (force-color.org, any value) and CLICOLOR_FORCE (any value but
    # 0) colour output that is not a terminal; NO_COLOR and --no-color still win. A real pipe
    # for plain and forced output; the other cases in this process, which prints what the
    # pipe received in both
    plain = piped("settle", TALLY)
    assert "\x1b[" not in plain
    assert not_a_terminal("settle", TALLY) == plain
    assert not_a_terminal("settle", TALLY, FORCE_COLOR="1") == piped("settle", TALLY, FORCE_COLOR="1")
    for env in ({"FORCE_COLOR": "1"}, {"FORCE_COLOR": "true"}, {"CLICOLOR_FORCE": "1"}):
        forced = not_a_terminal("settle", TALLY, **env)
        assert f"Ann       {RED}-22.50{RESET}" in forced, env
        assert "\x1b[1m\x1b[32mBob\x1b[0m" in forced  # the winner, as on a terminal
        assert forced.replace(RED, "").replace(RESET, "").replace("\x1b[1m\x1b[32m", "") == plain
    for env in ({"CLICOLOR_FORCE": "0"}, {"FORCE_COLOR": ""}, {"FORCE_COLOR": "1", "NO_COLOR": "1"},
                {"CLICOLOR_FORCE": "1", "NO_COLOR": "1"}):
        assert not_a_terminal("settle", TALLY, **env) == plain, env
    assert not_a_terminal("--no-color", "settle", TALLY, FORCE_COLOR="1") == plain
    assert "\x1b[" not in not_a_terminal("settle", TALLY, "--json", FORCE_COLOR="1")


def test_clicolor_0_takes_the_colour_away_on_a_terminal():
    out = on_a_terminal("settle", TALLY, env_extra={"CLICOLOR": "0"})
    assert "\x1b[" not in out and "Ann       -22.50" in out
