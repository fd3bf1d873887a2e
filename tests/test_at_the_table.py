"""Issue 30, at the table: each point through the real command."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from .conftest import ROOT, Terminal


def run(*args: str, env: dict | None = None, cwd=None) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "SCOREKEEPER_DIR")}
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True,
                          env=full, cwd=cwd or ROOT, timeout=60)


# 3. corrections show the money

def test_a_single_made_a_double_shows_the_rubber_points_and_the_money(cli):
    cli.new("w", "short-whist", "Ann,Bob,Cid,Dan", stake="0.50")
    cli.ok("hand", "w", "Ann=7")   # Ann-Cid 1 by cards
    cli.ok("hand", "w", "Ann=10")  # 4 by cards: 5, the game: a single (Bob-Dan scored 0... )
    out = cli.ok("edit", "w", "1", "Ann=6").stdout
    table = out[out.index("player"):].splitlines()
    assert table[0].split() == ["player", "before", "after", "games", "before", "games", "after", "points",
                                "before", "points", "after", "money", "before", "money", "after"]
    before = cli.json("settle", "w")
    assert before["balances"]["Ann"] == int(table[2].split()[-3])


def test_a_correction_of_a_tally_says_no_more_than_the_score(cli):
    cli.new("t", "tally", "Ann,Bob")
    cli.ok("hand", "t", "Ann=3")
    assert cli.ok("edit", "t", "1", "Ann=5").stdout.split("\n\n")[2].splitlines()[0].split() == [
        "player", "before", "after"]


# 4. no money nobody asked for

def test_a_sitting_without_a_stake_settles_in_the_games_own_unit(cli):
    cli.new("b", "tally", "Ann,Bob,Cid", stake=None)
    assert "stakes" not in cli.file("b").read_text()
    cli.ok("hand", "b", "Ann=10", "Bob=6", "Cid=1")
    out = cli.ok("settle", "b").stdout
    assert out.startswith("b: settlement (no stake: in points)\n")
    assert out.endswith("Cid pays Ann 4.34 points\nCid pays Bob 0.33 points\n")
    data = cli.json("settle", "b")
    assert data["stake"] is None and data["money"] is None
    assert [t["amount"] for t in data["transfers"]] == ["4.34", "0.33"]


def test_settle_difference_pays_each_pair_the_difference(cli):
    cli.new("d", "tally", "Ann,Bob,Cid", "settle=difference", stake=None)
    cli.ok("hand", "d", "Ann=10", "Bob=6", "Cid=1")
    # Ann wins 4 from Bob and 9 from Cid; Bob 5 from Cid: Ann +13, Bob +1, Cid -14
    assert cli.ok("settle", "d").stdout.endswith("Cid pays Ann 13 points\nCid pays Bob 1 point\n")


def test_new_at_a_terminal_asks_the_stake_enter_for_none(tmp_path):
    term = Terminal("--dir", str(tmp_path), "new", "n", "--game", "tally", "--players", "Ann,Bob")
    assert term.expect("own unit): ") == "stake: money per counter, point or game (Enter for none: settled in the game's\n"
    term.send(b"0.25\n")
    code, out = term.finish()
    assert code == 0, out
    assert "stakes: {stake: 0.25" in (tmp_path / "n.yaml").read_text()
    term = Terminal("--dir", str(tmp_path), "new", "m", "--game", "tally", "--players", "Ann,Bob")
    term.expect("own unit): ")
    term.send(b"\n")
    assert term.finish()[0] == 0
    assert "stakes" not in (tmp_path / "m.yaml").read_text()


# 5. a sitting that seems to vanish

def test_a_sitting_in_another_folder_the_program_looks_in_is_named(tmp_path):
    (tmp_path / "here" / "sessions").mkdir(parents=True)
    made = run("new", "boston-night", "--game", "tally", "--players", "Ann,Bob", cwd=tmp_path / "here")
    assert made.returncode == 0, made.stderr
    found = run("--dir", str(tmp_path / "elsewhere"), "show", "boston-night", cwd=tmp_path / "here")
    assert found.returncode == 1
    assert found.stderr == (f"error: no sitting 'boston-night' in {tmp_path / 'elsewhere'} (--dir); it is in "
                            f"{tmp_path / 'here' / 'sessions'}: scorekeeper --dir "
                            f"{tmp_path / 'here' / 'sessions'} show boston-night\n")
    lost = run("show", "boston-night", cwd=tmp_path, env={"XDG_DATA_HOME": str(tmp_path / "xdg")})
    assert lost.stderr.startswith("error: no session ") and "it is in" not in lost.stderr


# 7. wrapping never inserts a character into a word or a path

def test_a_long_path_is_never_broken_by_a_space(tmp_path):
    folder = tmp_path / "a-rather-long-folder-name" / "sessions"
    r = run("--dir", str(folder), "new", "zz-test-long", "--game", "tally", "--players", "Ann,Bob",
            env={"COLUMNS": "60"})
    assert r.returncode == 0, r.stderr
    words = r.stdout.split()
    assert str(folder / "zz-test-long.yaml") in words and str(folder) + ")" in words
    assert all(len(line) <= 60 or " " not in line.strip() for line in r.stdout.splitlines())


def test_prompts_and_error_lines_wrap_at_spaces_on_a_narrow_terminal(cli):
    cli.new("c", "cinch", "Ann,Bob,Cid,Dee")
    term = Terminal("--dir", str(cli.folder), "hand", "c", columns=40)
    prompt = term.expect("(Enter to leave out): ")
    assert "bidder: who made the highest bid and\n" in prompt  # at a space, not `(Enter to le` / `ave out)`
    term.send(b"Zed\n")
    said = term.expect("again\n")
    assert all(len(line) < 40 for line in said.splitlines())
    term.send(b"\x03")
    term.finish()


# 9. smaller

def test_boston_partout_at_the_prompts_asks_every_players_tricks(cli):
    cli.new("b", "boston", "A,Y,B,Z")
    r = cli.ok("hand", "b", "-i", input="\npartout\n2\n5\n3\n3\n\n")
    assert [line.split(":")[0] for line in r.stdout.splitlines()[:7]] == [
        "caller", "call", "A", "Y", "B", "Z", "other fields (tricks, revoke, misdeal, passed, fault, wrong_cards, pay, note)"]
    assert "{call: partout, A: 2, Y: 5, B: 3, Z: 3" in cli.file("b").read_text()


def test_show_short_is_one_line_a_hand(cli):
    r = cli.runner.invoke(__import__("scorekeeper.cli", fromlist=["app"]).app,
                          ["show", str(ROOT / "sessions/examples/boston-twelve-deals.yaml"), "--short"],
                          env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    table = r.stdout[r.stdout.index("#    dealer"):].split("\n\n")[0].splitlines()
    assert table[0].split() == ["#", "dealer", "effect", "A", "Y", "B", "Z"]
    assert len(table) == 2 + 13 and all(len(line) <= 80 for line in table)
    assert table[2].startswith("1    Z         game 1 deal 1: A calls seven, takes 6: A ")
    assert table[2].endswith("…  -107  9     9     9")


def test_crib_count_and_discard_print_suit_symbols_on_a_terminal():
    term = Terminal("crib", "count", "5H", "5D", "5C", "JS", "--starter", "5S")
    code, out = term.finish()
    assert code == 0 and out.startswith("hand 5♥ 5♦ 5♣ J♠, starter 5♠: 29\n")
    term = Terminal("crib", "discard", "5H", "5D", "JS", "6C", "4D", "KH", "--dealer")
    code, out = term.finish()
    assert code == 0 and "5C" not in out and "♣" in out


def test_games_lists_a_game_for_exactly_four_as_4(cli):
    rows = {line.split()[0]: line for line in cli.ok("games").stdout.splitlines()[2:]}
    assert "  4  " in rows["cinch"] and "4-4" not in rows["cinch"] and "2-4" in rows["cribbage"]


def test_one_earlier_game_is_one_game(cli):
    cli.new("r", "tally", "Ann,Bob", "target=1")
    for _ in range(6):
        cli.ok("hand", "r", "Ann=1")
    assert "(1 earlier game finished)" in cli.ok("show", "r").stdout


def test_a_party_game_named_to_games_points_to_the_installed_help(cli):
    r = cli("games", "progressive-cinch")
    assert "docs/" not in r.stderr and "scorekeeper party --help" in r.stderr


# 1. the night in one place

def test_play_piped_logs_one_hand_a_line_with_the_same_words(cli):
    cli.new("t", "tally", "Ann,Bob")
    r = cli("play", "t", input="Ann=5 Bob=3\nundo\nBob=7\nquit\nAnn=99\n")
    assert r.exit_code == 0, r.output
    assert json.loads(cli.ok("show", "t", "--json").stdout)["scores"] == {"Ann": 0, "Bob": 7}


def test_play_piped_says_each_refused_line_and_exits_1_at_the_end(cli):
    cli.new("t", "tally", "Ann,Bob")
    r = cli("play", "t", input="Ann=x\nAnn=2\nfoo\nedit 1 Bob=4\n")
    assert r.exit_code == 1
    assert r.stderr.splitlines() == [
        "error: Ann: must be a whole number, got 'x'",
        "error: 'foo' is neither FIELD=VALUE nor a word of play (words: undo, redo, edit, insert, "
        "delete, show, settle, help, quit)",
        "error: 2 of 4 lines refused (each said why above)"]
    assert json.loads(cli.ok("show", "t", "--json").stdout)["scores"] == {"Ann": 2, "Bob": 4}


def test_play_at_a_terminal_completes_abandons_and_ends(cli):
    cli.new("b", "boston", "A,Y,B,Z")
    term = Terminal("--dir", str(cli.folder), "play", "b")
    term.expect("b hand 1> ")
    term.send(b"caller=A call=seven tricks=7\r")
    assert "hand 1: game 1 deal 1: A calls seven, takes 7" in term.expect("b hand 2> ")
    term.send(b"und\t\r")  # Tab completes the word
    assert "removed hand 1: caller=A call=seven tricks=7" in term.expect("b hand 1> ")
    term.send(b"cal\t")  # and a field: caller= and call= share "call"
    term.send(b"er=Y ca\t")
    term.send(b"=eight tri\t8\r")  # tricks=8
    assert "hand 1: game 1 deal 1: Y calls eight, takes 8" in term.expect("b hand 2> ")
    term.send(b"\r")  # Enter: the hand's questions, as `hand` asks them
    term.expect("caller: who made the call and played alone (Enter to leave out): ")
    term.send(b"B\r")
    term.expect("call: the call")
    term.expect("out): ")
    term.settle()  # readline is waiting for the answer
    term.send(b"\x03")  # Ctrl-C abandons the hand being typed
    assert "hand abandoned: nothing was saved" in term.expect("b hand 2> ")
    term.send(b"\x04")  # Ctrl-D ends the night
    code, out = term.finish()
    assert code == 0, out
    assert len(json.loads(cli.ok("show", "b", "--json").stdout)["effects"]) == 1


def test_play_on_a_party_asks_table_by_table(cli):
    import shutil

    cli.folder.mkdir(parents=True)
    shutil.copy(ROOT / "sessions/examples/party-cinch.yaml", cli.folder / "pc.yaml")
    term = Terminal("--dir", str(cli.folder), "play", "pc")
    term.expect("pc round 4 table 1> ")
    term.send(b"Cid=10 Hal=4\r")
    term.expect("pc round 4 table 2> ")
    term.send(b"\r")  # Enter: the table's result asked
    term.expect("round 4 table 2 (Fay, Ann, Gus, Dan): ")
    term.send(b"Fay=10 Ann=4\r")
    assert "every table has reported" in term.expect("pc round 5 table 1> ")
    term.send(b"quit\r")
    assert term.finish()[0] == 0


# 2. a hand in the middle inserted or deleted

def test_insert_logs_a_hand_before_n_and_shows_what_changed(cli):
    cli.new("t", "tally", "Ann,Bob")
    cli.ok("hand", "t", "Ann=5")
    cli.ok("hand", "t", "Bob=3")
    assert cli.ok("insert", "t", "2", "Ann=1", "Bob=1").stdout == (
        "inserted hand 2: Ann=1 Bob=1  ->  Ann +1, Bob +1\n"
        "later hands that changed (1):\n"
        "  hand 3: dealt by Ann, not Bob\n\n"
        "t (tally, 3 hands)\n\n"
        "player    before    after\n"
        "--------  --------  -------\n"
        "Ann       5         6\n"
        "Bob       3         4\n\n"
        "next dealer: Bob\n")
    assert [e["summary"] for e in cli.json("show", "t")["effects"]] == ["Ann +5", "Ann +1, Bob +1", "Bob +3"]


def test_delete_removes_hand_n_and_shows_what_changed(cli):
    cli.new("t", "tally", "Ann,Bob")
    cli.ok("hand", "t", "Ann=5")
    cli.ok("hand", "t", "Ann=5")  # logged twice
    cli.ok("hand", "t", "Bob=3")
    out = cli.ok("delete", "t", "2").stdout
    assert out.startswith("deleted hand 2: Ann=5  (was: Ann +5)\nlater hands that changed (1):\n"
                          "  hand 2: dealt by Bob, not Ann\n")
    assert cli.json("show", "t")["scores"] == {"Ann": 5, "Bob": 3}


def test_insert_and_delete_refuse_a_change_that_makes_a_later_hand_impossible(cli):
    cli.new("c", "cribbage", "Ann,Bob")
    cli.ok("hand", "c", "Ann=88", "Bob=10")
    cli.ok("hand", "c", "Ann=22", "Bob=20")
    cli.ok("hand", "c", "out=Ann", "play.Ann=12", "play.Bob=2")  # Ann pegs out from 110
    r = cli.refused("c", "delete", "c", "2")
    assert "Ann could not have pegged out" in r.stderr
    assert r.stderr.endswith("(after the delete of hand 2; nothing was changed)\n")
    r = cli.refused("c", "insert", "c", "3", "Ann=20", "Bob=0")
    assert r.stderr.endswith("(after the hand inserted before hand 3; nothing was changed)\n")
    assert cli.refused("c", "insert", "c", "9", "Ann=1", code=2).stderr == (
        "error: there is no hand 9 to insert before (hands: 1 to 4)\n")


# 8. parties at the terminal

def test_party_round_with_no_fields_asks_and_the_deals_have_a_shell_form(cli):
    import shutil

    cli.folder.mkdir(parents=True)
    shutil.copy(ROOT / "sessions/examples/party-cinch.yaml", cli.folder / "pc.yaml")
    assert cli.refused("pc", "party", "round", "pc", "1", code=2).stderr.startswith(
        "error: Missing argument 'FIELDS...'")
    cli.ok("party", "round", "pc", "1", "deal1.bidder=Cid", "deal1.bid=8", "deal1.made=10", "deal2.bidder=Hal",
           "deal2.bid=6", "deal2.made=9", "deal3.bid=0", "deal3.made=7", "deal4.bidder=Eve", "deal4.bid=5",
           "deal4.made=3")
    assert "deals: [{bidder: 1, bid: 8, made: 10}, {bidder: 2, bid: 6, made: 9}" in cli.file("pc").read_text()
    term = Terminal("--dir", str(cli.folder), "party", "round", "pc", "2")
    term.expect("round 4 table 2 (Fay, Ann, Gus, Dan): ")
    term.send(b"Fay=10 Ann=4\r")
    code, out = term.finish()
    assert code == 0 and "every table has reported" in out


def test_completion_after_party_round_name_table_offers_the_players(cli):
    from scorekeeper.cli.party import _complete_result

    class Ctx:
        params = {"name": str(ROOT / "sessions/examples/party-cinch.yaml")}

        def find_root(self):
            return self

        obj = None

    assert _complete_result(Ctx(), "Ha") == ["Hal="]
    assert "deal1.bidder=" in _complete_result(Ctx(), "deal1")


# 2. undo takes back the last change of any kind, redo puts it back

def test_undo_takes_back_an_edit_an_insert_and_a_delete_and_redo_puts_each_back(cli):
    cli.new("t", "tally", "Ann,Bob")
    cli.ok("hand", "t", "Ann=5")
    cli.ok("hand", "t", "Bob=3")
    start = cli.file("t").read_bytes()
    cli.ok("edit", "t", "1", "Ann=7")
    edited = cli.file("t").read_bytes()
    cli.ok("insert", "t", "2", "Ann=1", "Bob=1")
    inserted = cli.file("t").read_bytes()
    cli.ok("delete", "t", "1")
    deleted = cli.file("t").read_bytes()
    cli.ok("hand", "t", "Bob=2")  # a hand logged after them is undone first, then they in turn
    assert cli.ok("undo", "t").stdout.startswith("undo: deleted hand 3: Bob=2")
    assert cli.file("t").read_bytes() == deleted
    assert cli.ok("undo", "t").stdout.startswith("undo: inserted hand 1: Ann=7  ->  Ann +7\n")
    assert cli.file("t").read_bytes() == inserted
    assert cli.ok("undo", "t").stdout.startswith("undo: deleted hand 2: Ann=1 Bob=1")
    assert cli.file("t").read_bytes() == edited
    assert cli.ok("undo", "t").stdout.startswith("undo: corrected hand 1\n  before: Ann=7")
    assert cli.file("t").read_bytes() == start
    for then in (edited, inserted, deleted):  # redo, byte for byte, in turn
        assert cli.ok("redo", "t").stdout.startswith("redo: ")
        assert cli.file("t").read_bytes() == then
    assert cli.ok("undo", "t").stdout.startswith("undo: inserted hand 1: Ann=7")
    assert cli.file("t").read_bytes() == inserted


def test_play_undo_takes_back_a_delete(cli):
    cli.new("t", "tally", "Ann,Bob")
    r = cli("play", "t", input="Ann=5\nAnn=5\nBob=3\ndelete 2\nundo\nredo\n")
    assert r.exit_code == 0, r.output
    assert "undo: inserted hand 2: Ann=5" in r.stdout and "redo: deleted hand 2: Ann=5" in r.stdout
    assert cli.json("show", "t")["scores"] == {"Ann": 5, "Bob": 3}


def test_play_on_a_party_piped_corrects_a_table_with_edit(cli):
    import shutil

    cli.folder.mkdir(parents=True)
    shutil.copy(ROOT / "sessions/examples/party-cinch.yaml", cli.folder / "pc.yaml")
    r = cli("play", "pc", input="Cid=10 Hal=4\nedit 4 1 Cid=12 Hal=4\nquit\n")
    assert r.exit_code == 0, r.output
    assert "corrected round 4 table 1: Cid-Bob 12, Hal-Eve 4" in r.stdout


def test_ctrl_c_at_a_prompt_stops_the_command_however_the_suite_was_started(cli):
    """A suite run in the background by a script (`pytest &`) ignores Ctrl-C's signals, and an
    ignored signal stays ignored in every program it starts: the terminal a test makes gives
    its program Ctrl-C as a shell at a terminal does (conftest._own_terminal)."""
    import signal

    cli.new("c", "cinch", "Ann,Bob,Cid,Dee")
    was = signal.signal(signal.SIGINT, signal.SIG_IGN), signal.signal(signal.SIGQUIT, signal.SIG_IGN)
    try:  # as `pytest &` starts: the program below is started with both ignored
        term = Terminal("--dir", str(cli.folder), "hand", "c", timeout=15)
    finally:
        signal.signal(signal.SIGINT, was[0])
        signal.signal(signal.SIGQUIT, was[1])
    term.expect("(Enter to leave out): ")
    term.settle()  # readline is waiting for the answer
    term.send(b"\x03")
    code, out = term.finish()
    assert code == 1 and "error: aborted" in out, out
    assert len(json.loads(cli.ok("show", "c", "--json").stdout)["effects"]) == 0
