"""The command line through Typer's CliRunner: exact output, and every mistake a person can
make at the table giving one `error:` line, a non-zero exit and an untouched file."""

import json

import pytest

from .conftest import SESSIONS


@pytest.fixture
def sitting(cli):
    r = cli("new", "fri", "--game", "tally", "--players", "Ann,Bob,Cid", "--stake", "0.05",
            "--currency", "USD")
    assert r.exit_code == 0, r.output
    return cli


def test_new_writes_every_rule_and_the_stakes(sitting):
    text = sitting.file("fri").read_text()
    assert text.startswith("format: scorekeeper/1\ngame: tally\nplayers: [Ann, Bob, Cid]\n"
                           "rules: {target: null, low_wins: no, settle: average, first_dealer: null}\n"
                           "stakes: {stake: 0.05, currency: USD}\ncreated: ")
    assert text.endswith("hands: []\n")


def test_names_typed_with_spaces_around_them_are_taken_trimmed_and_a_blank_one_is_refused(cli):
    # "Ann, Bob" as a person types it (tests/test_fuzz.py once listed " A,B" as certainly wrong)
    cli.ok("new", "sat", "--game", "tally", "--players", " Ann , Bob,Cid ")
    assert "\nplayers: [Ann, Bob, Cid]\n" in cli.file("sat").read_text()
    r = cli.refused("sun", "new", "sun", "--game", "tally", "--players", "Ann, ,Bob", code=2)
    assert r.stderr == ("error: player name '' is not allowed (no spaces at the ends, no '=', ',' "
                        "or ':')\n")


def test_hand_prints_effect_and_standings(sitting):
    r = sitting("hand", "fri", "Ann=12", "Bob=-3")
    assert r.exit_code == 0
    assert r.stdout == (
        "hand 1: Ann +12, Bob -3\n\n"
        "fri (tally, 1 hand)\n\n"
        "player    score\n--------  -------\nAnn       12\nBob       -3\nCid       0\n\n"
        "next dealer: Bob\n")


def test_show_lists_hands_with_running_scores(sitting):
    sitting("hand", "fri", "Ann=12", "Bob=-3")
    sitting("hand", "fri", "Cid=7", "note=late")
    r = sitting("show", "fri")
    assert r.exit_code == 0
    assert r.stdout.splitlines()[-4:] == [
        "#    dealer    hand             effect           Ann    Bob    Cid",
        "---  --------  ---------------  ---------------  -----  -----  -----",
        "1    Ann       Ann=12 Bob=-3    Ann +12, Bob -3  12     -3     0",
        "2    Bob       Cid=7 note=late  Cid +7           12     -3     7",
    ]


def test_show_json_has_the_stable_keys(sitting):
    sitting("hand", "fri", "Ann=12", "Bob=-3")
    data = json.loads(sitting("show", "fri", "--json").stdout)
    assert data["name"] == "fri" and data["game"] == "tally" and data["hands"] == 1
    assert data["players"] == ["Ann", "Bob", "Cid"]
    assert data["scores"] == {"Ann": 12, "Bob": -3, "Cid": 0}
    assert data["next_dealer"] == "Bob"


def test_editing_an_old_hand_recomputes_everything_after(sitting):
    for fields in (["Ann=10"], ["Bob=5"], ["Cid=1"]):
        sitting("hand", "fri", *fields)
    r = sitting("edit", "fri", "1", "Ann=", "Bob=20")
    assert r.exit_code == 0
    data = json.loads(sitting("show", "fri", "--json").stdout)
    assert data["scores"] == {"Ann": 0, "Bob": 25, "Cid": 1}
    assert [e["scores"]["Bob"] for e in data["effects"]] == [20, 25, 25]


def test_undo_removes_the_last_hand(sitting):
    sitting("hand", "fri", "Ann=10")
    sitting("hand", "fri", "Bob=5")
    r = sitting("undo", "fri")
    assert r.exit_code == 0 and r.stdout.startswith("removed hand 2: Bob=5\n")
    assert json.loads(sitting("show", "fri", "--json").stdout)["hands"] == 1


def test_settle_text_and_json(sitting):
    sitting("hand", "fri", "Ann=12", "Bob=-3")
    r = sitting("settle", "fri")
    assert r.exit_code == 0
    assert r.stdout == (
        "fri: settlement (stake 0.05 USD per point)\n\n"
        "player    balance (points)    money\n"
        "--------  ------------------  ---------\n"
        "Ann       9                   0.45 USD\n"
        "Bob       -6                  -0.30 USD\n"
        "Cid       -3                  -0.15 USD\n\n"
        "Bob pays Ann 0.30 USD\nCid pays Ann 0.15 USD\n")
    data = json.loads(sitting("settle", "fri", "--json").stdout)
    # average 3: Ann +9, Bob -6, Cid -3 at 0.05
    assert data == {"unit": "points", "balances": {"Ann": 9, "Bob": -6, "Cid": -3}, "stake": "0.05",
                    "currency": "USD", "money": {"Ann": "0.45", "Bob": "-0.30", "Cid": "-0.15"},
                    "transfers": [{"from": "Bob", "to": "Ann", "amount": "0.30"},
                                  {"from": "Cid", "to": "Ann", "amount": "0.15"}]}


def test_export_csv(sitting):
    sitting("hand", "fri", "Ann=12", "Bob=-3", "note=first")
    out = sitting("export", "fri", "--csv").stdout.splitlines()
    assert out[0] == "hand,dealer,Ann,Bob,note,at,effect,score:Ann,score:Bob,score:Cid"
    assert out[1].startswith("1,Ann,12,-3,first,") and out[1].endswith(",\"Ann +12, Bob -3\",12,-3,0")


def test_list_and_games(sitting):
    lines = sitting.ok("list").stdout.splitlines()
    assert lines[0] == f"sessions in {sitting.folder} (--dir)"  # the folder named: issue 14
    assert lines[2].split() == ["name", "game", "players", "hands", "created"]
    assert lines[4].split()[:6] == ["fri", "tally", "Ann,", "Bob,", "Cid", "0"]
    r = sitting("games")
    assert r.exit_code == 0
    assert "\ntally          Tally (any game: points per player per hand)" in r.stdout
    r = sitting("games", "tally")
    assert "low_wins" in r.stdout and "target" in r.stdout and "PLAYER1" in r.stdout


def test_prompts_for_each_field_when_asked(sitting):
    r = sitting("hand", "fri", "-i", input="4\n\n-2\n\n")  # then Enter: no other field (issue 14)
    assert r.exit_code == 0, r.output
    assert json.loads(sitting("show", "fri", "--json").stdout)["scores"] == {"Ann": 4, "Bob": 0, "Cid": -2}


def test_sessions_dir_from_environment(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from scorekeeper.cli import app

    monkeypatch.setenv("SCOREKEEPER_DIR", str(tmp_path / "elsewhere"))
    r = CliRunner().invoke(app, ["new", "x", "--game", "tally", "--players", "A,B"])
    assert r.exit_code == 0 and (tmp_path / "elsewhere" / "x.yaml").exists()
    r = CliRunner().invoke(app, ["--dir", str(tmp_path / "given"), "new", "y", "--game", "tally",
                                 "--players", "A,B"])  # --dir wins over the environment
    assert r.exit_code == 0 and (tmp_path / "given" / "y.yaml").exists()
    assert not (tmp_path / "elsewhere" / "y.yaml").exists()


def test_bundled_session_shows_and_settles(cli):
    path = str(SESSIONS / "tally-friday.yaml")
    r = cli("settle", path)
    assert r.exit_code == 0
    assert r.stdout.splitlines()[-2:] == ["Ann pays Bob 2.25 USD", "Cid pays Dee 0.95 USD"]


# ---------------------------------------------------------------- mistakes

MISTAKES = [
    (["hand", "fri", "Dan=3"], 1, "error: unknown field 'Dan' (did you mean Ann?); fields: Ann, Bob, Cid"),
    (["hand", "fri", "Ann=x"], 1, "error: Ann: must be a whole number, got 'x'"),
    (["hand", "fri", "Ann"], 2, "error: 'Ann' is not FIELD=VALUE (for example Ann=12, bid=8, or heels=yes for a flag)"),
    (["hand", "fri", "Ann=1", "Ann=2"], 2, "error: field Ann given twice (Ann=1 and Ann=2)"),
    (["hand", "fri"], 2, "error: give the hand's fields as FIELD=VALUE (scorekeeper games GAME lists them)"),
    (["edit", "fri", "7", "Ann=1"], 2, "error: there is no hand 7 (hands: 1 to 1)"),
    (["edit", "fri", "1", "Ann=y"], 1, "error: hand 1: Ann: must be a whole number, got 'y'"),
    (["hand", "../fri", "Ann=1"], 2, "error: session name '../fri' is not allowed: use letters, digits, "
                                     "spaces, '-', '_' and '.', or give a path ending in .yaml"),
    (["new", "fri", "--game", "tally", "--players", "A,B"], 1, "error: {dir}/fri.yaml already exists "
                                                              "(scorekeeper show fri to see it)"),
    (["new", "g", "--game", "tally", "--players", "Ann,Bob,ann"], 2, "error: player ann is named twice"),
    (["new", "g", "--game", "tally", "--players", ""], 2,
     "error: player name '' is not allowed (no spaces at the ends, no '=', ',' or ':')"),
    (["new", "g", "--game", "talley", "--players", "A,B"], 1,
     "error: unknown game 'talley' (did you mean tally?); games: {games}"),
    (["new", "g", "--game", "tally", "--players", "A,B", "--rule", "taget=5"], 2,
     "error: unknown rule 'taget' for tally (did you mean target?); rules: target, low_wins, settle, first_dealer"),
    (["new", "g", "--game", "tally", "--players", "A,B", "--rule", "low_wins=maybe"], 2,
     "error: rule low_wins: must be on or off, got 'maybe'"),
    (["new", "g", "--game", "tally", "--players", "A,B", "--stake", "-1"], 2,
     "error: stake must be an amount of money such as 0.05, got '-1'"),
    (["new", "g", "--game", "tally", "--players", "A"], 2, "error: tally is played by 2 to 12 players, got 1"),
    (["show", "nobody"], 1, "error: no session '{dir}/nobody.yaml' (scorekeeper list shows the sessions)"),
    (["show"], 2, "error: Missing argument 'NAME'. (see scorekeeper show --help)"),
    (["frobnicate"], 2, "error: No such command 'frobnicate'. (see scorekeeper --help)"),
]


@pytest.mark.parametrize("args,code,message", MISTAKES, ids=[" ".join(m[0])[:40] for m in MISTAKES])
def test_mistakes_give_one_error_line_and_leave_the_file_untouched(sitting, args, code, message):
    from scorekeeper.games import game_names

    sitting("hand", "fri", "Ann=1")
    before = sitting.file("fri").read_bytes()
    r = sitting(*args)
    assert r.exit_code == code
    assert r.stdout == ""
    assert r.stderr == message.format(dir=sitting.folder, games=", ".join(game_names())) + "\n"
    assert sitting.file("fri").read_bytes() == before
    assert not sitting.file("g").exists()


def test_a_run_builds_only_the_command_it_runs(sitting, monkeypatch):
    """Typer builds a click command from its function's parameters and type hints: a run
    builds its own and no other (docs/speed.md, "Only the command run is built"); --help lists
    them all, and a mistyped command is matched against every name, the sub-apps' too."""
    import scorekeeper.cli as cli

    built = []
    build = cli._command_of
    monkeypatch.setattr(cli, "_command_of", lambda info: built.append(cli._name_of(info)) or build(info))
    assert sitting("show", "fri").exit_code == 0
    assert built == ["show"]
    own = ["new", "hand", "show", "undo", "redo", "edit", "insert", "delete", "play", "settle", "check",
           "list", "games", "export", "stats", "chart", "report"]
    listed = sitting("--help").stdout
    assert built[1:] == own
    commands = listed[listed.index("Commands:\n") + len("Commands:\n"):].split("\n\n")[0].splitlines()
    assert [line.split()[0] for line in commands] == own + ["board", "cinch", "crib", "party"]
    # (Typer 0.24 on click 8.5 repeats click's own suggestion after Typer's: the start is the same)
    assert sitting("parti").stderr.startswith("error: No such command 'parti'. Did you mean 'party', 'chart'?")


def test_a_bad_hand_in_the_file_is_reported_with_its_line(sitting):
    sitting("hand", "fri", "Ann=1")
    path = sitting.file("fri")
    path.write_text(path.read_text() + "- {Ann: 1, Bob: many}\n")
    r = sitting("show", "fri")
    assert r.exit_code == 1
    assert r.stderr == f"error: {path}:9: hand 2: Bob: must be a whole number, got 'many'\n"


def test_a_sessions_folder_that_cannot_be_written_is_one_error_line(tmp_path):
    from typer.testing import CliRunner

    from scorekeeper.cli import app

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    r = CliRunner().invoke(app, ["--dir", str(blocker), "new", "x", "--game", "tally", "--players", "A,B"])
    assert r.exit_code == 1
    assert r.stderr == f"error: cannot make {blocker}/x.yaml: {blocker} is a file, not a folder\n"


def test_logged_hands_are_shown_as_they_are_typed():
    from scorekeeper.render.sitting import hand_text

    assert hand_text({"misdeal": True, "heels": False, "forfeit": ["Ann", "Bob"], "bid": 8,
                      "at": "2026-11-29T20:00:00"}) == "misdeal=yes heels=no forfeit=Ann,Bob bid=8"


def test_a_player_called_like_a_hand_field_is_refused(cli):
    r = cli.refused("n", "new", "n", "--game", "tally", "--players", "Ann,note", code=2)
    assert r.stderr == ("error: a player may not be called 'note' in tally: note= is a hand field; "
                        "give him another name\n")
    r = cli.refused("c", "new", "c", "--game", "cribbage", "--players", "at,Bob", code=2)
    assert "a player may not be called 'at' in cribbage" in r.stderr
    # one rule, from the game's own fields, whatever the case: Cinch's bid, made and revoke too
    for name in ("bid", "made", "Revoke", "Note"):
        r = cli.refused("c", "new", "c", "--game", "cinch", "--players", f"A,{name},B,Z", code=2)
        assert r.stderr.startswith(f"error: a player may not be called '{name}' in cinch: {name.lower()}= ")
    cli.new("c", "cinch", "A,Bidder2,B,Z")


def test_settle_says_a_game_in_progress_is_not_paid(cli):
    cli.new("x", "cinch", "A,Y,B,Z")
    cli.ok("hand", "x", "bidder=Y", "bid=8", "made=14")
    out = cli.ok("settle", "x").stdout
    assert ("the game in progress (A 0, Y 14, B 0, Z 14) is not settled: only finished games are paid"
            in out)
    assert out.endswith("nobody owes anything\n")


# ---------------------------------------------------------------- more mistakes, and how values are shown

def test_a_mistake_in_the_file_exits_1_not_2(cli, tmp_path):
    """Exit 2 is for how the command was called; a file naming a player twice is not that."""
    path = tmp_path / "twice.yaml"
    path.write_text("format: scorekeeper/1\ngame: tally\nplayers: [Ann, ann]\n")
    r = cli("show", str(path))
    assert (r.exit_code, r.stdout) == (1, "")
    assert r.stderr == f"error: {path}:3: player ann is named twice\n"  # at the players line


def test_a_bad_lock_wait_is_one_error_line(sitting, monkeypatch):
    sitting("hand", "fri", "Ann=1")
    monkeypatch.setenv("SCOREKEEPER_LOCK_WAIT", "soon")
    r = sitting.refused("fri", "hand", "fri", "Ann=2")
    assert r.stderr == "error: SCOREKEEPER_LOCK_WAIT must be a number of seconds such as 5, got 'soon'\n"


def test_text_a_non_utf8_terminal_sent_is_refused_not_a_traceback(sitting):
    # Python keeps undecodable argument bytes as lone surrogates ("café" typed in Latin-1)
    r = sitting.refused("fri", "hand", "fri", "Ann=1", "note=caf\udce9", code=2)
    assert r.stderr == "error: note: 'caf?' is not valid UTF-8 text (is the terminal set to UTF-8?)\n"
    r = sitting.refused("g", "new", "g", "--game", "tally", "--players", "Ren\udce9,Bob", code=2)
    assert r.stderr.startswith("error: player name 'Ren\\udce9' is not allowed")


def test_a_second_document_in_the_file_is_explained(cli, tmp_path):
    path = tmp_path / "two.yaml"
    path.write_text("format: scorekeeper/1\ngame: tally\nplayers: [A, B]\n---\nhands: []\n")
    r = cli("show", str(path))
    assert r.exit_code == 1
    assert r.stderr == (f"error: {path}:4: expected a single document in the stream, "
                        f"but found another document\n")


def test_a_bad_answer_to_a_prompt_is_asked_again(sitting):
    r = sitting("hand", "fri", "-i", input="x\n4\n\n-2\n\n")  # then Enter: no other field (issue 14)
    assert r.exit_code == 0, r.output
    assert r.stderr == "Ann: must be a whole number, got 'x'; try again\n"
    assert json.loads(sitting("show", "fri", "--json").stdout)["scores"] == {"Ann": 4, "Bob": 0, "Cid": -2}


def test_a_stake_finer_than_a_cent_is_shown_as_given(cli):
    cli.new("tiny", "tally", "Ann,Bob", stake="0.001")
    assert cli.ok("settle", "tiny").stdout.startswith("tiny: settlement (stake 0.001 per point)\n")
    cli.new("big", "tally", "Ann,Bob", stake="2")
    assert cli.ok("settle", "big").stdout.startswith("big: settlement (stake 2.00 per point)\n")


def test_export_keeps_the_games_field_order_after_an_edit(sitting):
    sitting.ok("hand", "fri", "Ann=12", "Bob=-3", "note=first")
    sitting.ok("hand", "fri", "Cid=2")
    sitting.ok("edit", "fri", "1", "Ann=")  # in the file, Bob, note and at now come first
    sitting.ok("hand", "fri", "Ann=5")
    out = sitting.ok("export", "fri", "--csv").stdout.splitlines()
    # issue 14: a corrected hand records when (corrected)
    assert out[0] == "hand,dealer,Ann,Bob,Cid,note,at,corrected,effect,score:Ann,score:Bob,score:Cid"
    assert out[1].startswith("1,Ann,,-3,,first,") and out[2].startswith("2,Bob,,,2,,")
    assert out[3].startswith("3,Cid,5,,,,") and out[3].endswith(',Ann +5,5,-3,2')


def test_a_rule_without_equals_names_the_rule_form(cli):
    r = cli.refused("g", "new", "g", "--game", "tally", "--players", "A,B", "--rule", "target", code=2)
    assert r.stderr == ("error: 'target' is not NAME=VALUE (for example --rule target=100; "
                        "scorekeeper games GAME lists the rules)\n")


def test_players_separated_by_spaces_get_the_comma_hint(cli):
    r = cli.refused("g", "new", "g", "--game", "tally", "--players", "Ann Bob Cid", code=2)
    assert r.stderr == ("error: tally is played by 2 to 12 players, got 1 "
                        "(names are separated by commas: --players Ann,Bob,Cid)\n")


def test_show_json_keys_are_exactly_the_documented_ones(cli):
    cli.new("plain", "tally", "Ann,Bob")
    cli.ok("hand", "plain", "Ann=3")
    data = cli.json("show", "plain")
    assert list(data) == ["name", "game", "players", "hands", "scores", "next_dealer", "rules", "effects",
                          "finished_games"]
    assert data["finished_games"] == []
    assert list(data["effects"][0]) == ["hand", "summary", "notes", "dealer", "changes", "scores"]
    cli.new("race", "tally", "Ann,Bob", "target=10")
    cli.ok("hand", "race", "Ann=10")
    data = cli.json("show", "race")
    assert data["games_won"] == {"Ann": 1, "Bob": 0} and "pool" not in data
    assert data["finished_games"] == [{"game": 1, "winner": "Ann", "scores": {"Ann": 10, "Bob": 0}, "hand": 1,
                                       "winners": ["Ann"]}]
    # issue 14: every game to a target shows "to go"
    assert data["columns"] == {"total": {"Ann": 10, "Bob": 0}, "to go": {"Ann": 10, "Bob": 10}}


def test_with_a_terminal_and_no_fields_it_asks_for_each_field(sitting):
    """The real path, not -i: stdin is a terminal (a pseudo-terminal here)."""
    import os
    import subprocess
    import sys

    master, slave = os.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "--dir", str(sitting.folder),
                                 "hand", "fri"], stdin=slave, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        os.write(master, b"4\n\n-2\n\n")  # then Enter: no other field (issue 14)
        out, err = proc.communicate(timeout=30)
    finally:
        os.close(master)
        os.close(slave)
    assert proc.returncode == 0, err
    assert out.startswith("Ann: points Ann scored this hand (Enter for 0): "
                          "Bob: points Bob scored")
    assert "hand 1: Ann +4, Cid -2\n" in out


def test_fractions_are_shown_to_two_places_without_float_noise():
    from fractions import Fraction

    from scorekeeper.render.sitting import number

    assert number(Fraction(20, 3)) == "6.67" and number(Fraction(-4, 3)) == "-1.33"
    assert number(Fraction(-10 ** 26, 3)) == "-33333333333333333333333333.33"


def test_a_hand_that_gives_no_result_is_refused(sitting):
    r = sitting.refused("fri", "hand", "fri", "Ann=", "note=forgot")
    assert r.stderr == ("error: hand 1: no result given: give the hand's fields as FIELD=VALUE "
                        "(scorekeeper games tally lists them); a hand nobody scored in is written Ann=0\n")
    sitting.ok("hand", "fri", "Ann=0")


def test_names_may_hold_spaces_and_a_bare_file_name_is_found_in_the_sessions_folder(cli):
    r = cli.new("late game", "tally", "Ann,Mary Ann")
    assert r.stdout.startswith(f"created {cli.folder}/late game.yaml (in a new folder {cli.folder})\n")
    cli.ok("hand", "late game.yaml", "Mary Ann=3")
    assert cli.json("show", "late game")["scores"] == {"Ann": 0, "Mary Ann": 3}
    assert "late game " in cli.ok("list").stdout


def test_game_names_are_matched_without_regard_to_case(cli):
    cli.new("x", "Tally", "A,B")
    assert cli.json("show", "x")["game"] == "tally"


def test_list_marks_a_file_whose_game_is_unknown(cli):
    cli.new("x", "tally", "A,B")
    (cli.folder / "odd.yaml").write_text("format: scorekeeper/1\ngame: tallyho\nplayers: [A, B]\n")
    assert "tallyho (unknown game)" in cli.ok("list").stdout


def test_a_correction_that_breaks_a_later_hand_says_so(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "Ann=88", "Bob=10")
    cli.ok("hand", "c", "Ann=22", "Bob=20")
    cli.ok("hand", "c", "out=Ann", "play.Ann=12", "play.Bob=2")  # Ann pegs out from 110
    r = cli.refused("c", "edit", "c", "1", "Ann=50")
    assert r.stderr.startswith(f"error: {cli.file('c')}:11: hand 3: out: Ann could not have pegged out")
    assert r.stderr.endswith("(after the correction to hand 1; nothing was changed)\n")


def test_one_player_expected_and_a_spaced_name_in_a_list():
    from scorekeeper.fields import PLAYER, PLAYERS
    from scorekeeper.model import ScorekeeperError

    with pytest.raises(ScorekeeperError, match=r"^one player only, got 'Ann,Bob'$"):
        PLAYER.parse("Ann,Bob", ("Ann", "Bob"))
    assert PLAYERS.parse("Mary Ann,Bob", ("Mary Ann", "Bob")) == ("Mary Ann", "Bob")
    assert PLAYERS.parse("Ann Bob", ("Ann", "Bob")) == ("Ann", "Bob")


def test_the_game_in_progress_is_mentioned_once(cli):
    cli.new("x", "cinch-solo", "Ann,Bob")
    cli.ok("hand", "x", "bidder=Ann", "bid=6", "Ann=10", "Bob=4")
    out = cli.ok("settle", "x").stdout
    assert out.count("the game in progress") == 1


def test_games_shows_the_fields_under_a_rule_and_for_a_table(cli):
    out = cli.ok("games", "hearts", "--rule", "settling=auction", "--players", "Ann,Bob,Cid").stdout
    fields = out.split("hand fields")[1]
    assert "Ann " in fields and "PLAYER1" not in fields
    assert "bidder *" in fields and "suit *" in fields
    assert "bidder" not in cli.ok("games", "hearts").stdout.split("hand fields")[1]
    cli.refused("x", "games", "hearts", "--rule", "settling=bogus", code=2)
