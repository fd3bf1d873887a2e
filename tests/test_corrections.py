"""Corrections you can see (issue 14): `edit` shows the hand's effect before and after, what
changed later and the standings before -> after; the file records when a hand was corrected;
`undo` prints the command line that would put the hand back; `redo` puts it back (issue 21
point 5)."""

from __future__ import annotations

import shlex

import yaml
from hypothesis import given
from hypothesis import strategies as hst

from scorekeeper import ledger
from scorekeeper.cli import app
from scorekeeper.render.sitting import shell_words


def test_edit_shows_the_effect_before_and_after_and_the_standings(cli):
    cli.new("fri", "tally", "Ann,Bob,Cid")
    cli.ok("hand", "fri", "Ann=12", "Bob=-3")
    cli.ok("hand", "fri", "Cid=7")
    assert cli.ok("edit", "fri", "1", "Bob=4").stdout == (
        "corrected hand 1\n"
        "  before: Ann=12 Bob=-3  ->  Ann +12, Bob -3\n"
        "  after:  Ann=12 Bob=4  ->  Ann +12, Bob +4\n"
        "later hands: no effect changed\n\n"
        "fri (tally, 2 hands)\n\n"
        "player    before    after\n"
        "--------  --------  -------\n"
        "Ann       12        12\n"
        "Bob       -3        4\n"
        "Cid       7         7\n\n"
        "next dealer: Cid\n")


def test_edit_names_the_later_hands_and_the_game_that_changed_hands(cli):
    cli.new("race", "tally", "Ann,Bob", "target=20")
    cli.ok("hand", "race", "Ann=15")
    cli.ok("hand", "race", "Bob=12")
    cli.ok("hand", "race", "Ann=6")
    assert cli.ok("edit", "race", "2", "Bob=22").stdout == (
        "corrected hand 2\n"
        "  before: Bob=12  ->  Bob +12\n"
        "  after:  Bob=22  ->  Bob +22; Bob wins the game\n"
        "later hands that changed (1):\n"
        "  hand 3: Ann +6; Ann wins the game  ->  Ann +6\n\n"
        "race (tally, 3 hands)\n\n"
        "player    before    after    games before    games after    points before    points after\n"
        "--------  --------  -------  --------------  -------------  ---------------  --------------\n"
        "Ann       0         6        1               0              4.50             -0.50\n"
        "Bob       0         0        0               1              -4.50            0.50\n\n"
        "next dealer: Bob\n")


def test_edit_shows_the_balance_only_where_it_does_not_follow_the_score(cli):
    # render/sitting._follows_the_score: a tally's balance is the score against the average (no
    # column); Hearts' pool makes each balance the score plus a share, which the score does not say
    cli.new("t", "tally", "Ann,Bob,Cid")
    cli.ok("hand", "t", "Ann=3", "Bob=1")
    assert "\n".join([
        "player    before    after", "--------  --------  -------",
        "Ann       3         4", "Bob       1         1", "Cid       0         0\n"]) in cli.ok("edit", "t", "1", "Ann=4").stdout
    cli.new("h", "hearts", "Ann,Bob,Cid,Dot")
    cli.ok("hand", "h", "Ann=6", "Bob=7")  # Cid and Dot clear: 6 each, 1 stays in the pool
    cli.ok("hand", "h", "Ann=13")
    assert "\n".join([
        "player    before    after    counters before    counters after",
        "--------  --------  -------  -----------------  ----------------",
        "Ann       -19       -6       -14                -1",
        "Bob       -7        -20      -4                 -17",
        "Cid       6         6        9                  9",
        "Dot       6         6        9                  9\n"]) in cli.ok("edit", "h", "2", "Ann=", "Bob=13").stdout


def test_edit_shows_the_money_at_the_stake_where_the_balance_is_not_the_score(cli):
    cli.new("race", "tally", "Ann,Bob", "target=20", stake="0.25")
    cli.ok("hand", "race", "Ann=15")
    cli.ok("hand", "race", "Bob=12")
    cli.ok("hand", "race", "Ann=6")
    # 4.50 points at 0.25 are 112.5 cents each way, -0.50 are 12.5: the lost cent goes to the
    # first seated of those who lost the most by rounding down (Ann)
    assert cli.ok("edit", "race", "2", "Bob=22").stdout.splitlines()[8:12] == [
        "player    before    after    games before    games after    points before    points after"
        "    money before    money after",
        "--------  --------  -------  --------------  -------------  ---------------  --------------"
        "  --------------  -------------",
        "Ann       0         6        1               0              4.50             -0.50           "
        "1.13            -0.12",
        "Bob       0         0        0               1              -4.50            0.50            "
        "-1.13           0.12"]


def test_edit_settles_nothing_where_the_score_says_it_all(cli, monkeypatch):
    cli.new("fri", "tally", "Ann,Bob", stake="0.25")
    cli.ok("hand", "fri", "Ann=12")

    def unwanted(replayed):
        raise AssertionError("settled for a money line that is not shown")

    monkeypatch.setattr(ledger, "settlement", unwanted)  # (settle.py is not imported for it)
    assert "money" not in cli.ok("edit", "fri", "1", "Ann=10").stdout


@given(hst.lists(hst.text(hst.characters(max_codepoint=0x2030)), max_size=4))
def test_a_word_is_quoted_as_shlex_quotes_it_or_in_double_quotes_as_one_types_it(words):
    def typed(word):
        quoted = shlex.quote(word)
        if quoted == word or "'" not in word or any(c in word for c in '"$`\\!'):
            return quoted
        return f'"{word}"'

    assert shell_words(words) == " ".join(typed(w) for w in words)


def test_the_corrected_hand_records_when_it_was_corrected(cli):
    cli.new("fri", "tally", "Ann,Bob")
    cli.ok("hand", "fri", "Ann=1")
    cli.ok("hand", "fri", "Bob=2")
    cli.ok("edit", "fri", "1", "Ann=3")
    hands = yaml.safe_load(cli.file("fri").read_text())["hands"]
    assert "corrected" in hands[0] and "corrected" not in hands[1]
    assert hands[0]["corrected"] >= hands[0]["at"]
    assert "1    Ann       Ann=3 (corrected)" in cli.ok("show", "fri").stdout
    cli.ok("edit", "fri", "1", "note=again")  # a second correction keeps the latest time
    assert list(yaml.safe_load(cli.file("fri").read_text())["hands"][0]) == ["Ann", "note", "at",
                                                                              "corrected"]


def test_undo_prints_the_command_that_puts_the_hand_back(cli):
    cli.new("late game", "tally", "Ann,Bob")
    cli.ok("hand", "late game", "Ann=5", "note=Bob's deal")
    cli.ok("hand", "late game", "Bob=-2", "note=Ann's \"big\" one")
    with_both = cli.file("late game").read_bytes()
    out = cli.ok("undo", "late game").stdout.splitlines()
    assert out[0] == "removed hand 2: Bob=-2 note=Ann's \"big\" one"
    # the sitting was found by --dir (as every test's is): the commands say so (review-d)
    folder = shlex.quote(str(cli.folder))
    assert out[1] == f"to put it back: scorekeeper --dir {folder} redo 'late game'"
    assert out[2] == "or, once other hands are logged:"
    put_back = f"  scorekeeper --dir {folder} hand 'late game' "
    assert out[3].startswith(put_back + "Bob=-2 'note=Ann'\"'\"'s \"big\" one' at=")
    # the printed command, run as printed (no --dir added), restores the file byte for byte
    # (its time included)
    result = cli.runner.invoke(app, shlex.split(out[3])[1:])
    assert result.exit_code == 0, result.stderr
    assert cli.file("late game").read_bytes() == with_both
    cli.ok("undo", "late game")
    assert cli.ok("undo", "late game").stdout.splitlines()[3].startswith(
        put_back + "Ann=5 \"note=Bob's deal\" at=")


def test_on_a_narrow_terminal_the_put_back_command_goes_on_in_continuation_lines(cli, monkeypatch):
    cli.new("fri", "cinch", "Ann,Bob,Cid,Dee")
    cli.ok("hand", "fri", "bidder=Ann", "bid=7", "made=9", "note=a note of some length")
    before = cli.file("fri").read_bytes()
    monkeypatch.chdir(cli.folder.parent)
    r = cli.runner.invoke(app, ["--dir", "sessions", "undo", "fri"], env={"COLUMNS": "60"})
    lines = r.stdout.splitlines()
    assert max(len(line) for line in lines) <= 60
    start = lines.index("or, once other hands are logged:") + 1
    command = []
    for line in lines[start:]:
        command.append(line.strip().removesuffix(" \\"))
        if not line.endswith(" \\"):
            break
    assert len(command) >= 3 and lines[start + 1].startswith("    ")
    # pasted into a shell, the lines are one command: it logs the hand again, byte for byte
    result = cli.runner.invoke(app, shlex.split(" ".join(command))[1:])
    assert result.exit_code == 0, result.stderr
    assert cli.file("fri").read_bytes() == before


def test_redo_puts_back_what_undo_removed_byte_for_byte(cli):
    cli.new("fri", "cinch", "Ann,Bob,Cid,Dee")
    cli.ok("hand", "fri", "bidder=Ann", "bid=7", "made=9", "note=a \"quoted\" note: yes")
    cli.ok("hand", "fri", "bidder=Bob", "bid=6", "made=2")
    with_two = cli.file("fri").read_bytes()
    with_one = cli.ok("undo", "fri") and cli.file("fri").read_bytes()
    cli.ok("undo", "fri")  # two undos: two redos, the latest first
    # the undone hands are not in the log: show never counts them
    assert cli.json("show", "fri")["hands"] == 0
    assert "(cinch, 0 hands)" in cli.ok("show", "fri").stdout
    assert cli.ok("redo", "fri").stdout.splitlines()[:2] == [
        "put back hand 1: bidder=Ann bid=7 made=9 note=a \"quoted\" note: yes",
        "hand 1: Ann bid 7; Ann-Cid took 9, Bob-Dee 5: Ann-Cid +4 (9 - 5)"]
    assert cli.file("fri").read_bytes() == with_one
    cli.ok("redo", "fri")
    assert cli.file("fri").read_bytes() == with_two
    # nothing is left to redo, and nothing but the sitting is left in the folder
    assert cli.refused("fri", "redo", "fri").stderr == (
        "error: nothing to redo: no hand of fri has been undone\n")
    assert [p.name for p in cli.folder.iterdir()] == ["fri.yaml"]


def test_redo_is_refused_once_a_hand_was_logged_or_corrected_since(cli):
    cli.new("fri", "tally", "Ann,Bob")
    cli.ok("hand", "fri", "Ann=5")
    cli.ok("hand", "fri", "Bob=3")
    for since in (["hand", "fri", "Ann=1"], ["edit", "fri", "1", "Ann=6"]):
        cli.ok("undo", "fri")
        cli.ok(*since)
        assert cli.refused("fri", "redo", "fri").stderr == (
            "error: nothing to redo: fri has changed since the last undo (a hand was logged or "
            "corrected); log the hand again with the command undo printed\n")
    # an undo after such a change takes it back (issue 30: the last change of any kind), and
    # redo makes it again; then nothing is left to redo
    assert cli.ok("undo", "fri").stdout.startswith("undo: corrected hand 1\n  before: Ann=6  ->  Ann +6\n"
                                                   "  after:  Ann=5  ->  Ann +5\n")
    assert cli.ok("redo", "fri").stdout.startswith("redo: corrected hand 1\n  before: Ann=5")
    assert cli.refused("fri", "redo", "fri").stderr.startswith("error: nothing to redo: fri has changed")


def test_the_undone_hand_waits_beside_the_sitting_where_list_never_reads_it(cli):
    cli.new("fri", "tally", "Ann,Bob")
    cli.ok("hand", "fri", "Ann=5", "note=kept")
    cli.ok("undo", "fri")
    side = cli.folder / ".fri.yaml.undone"
    assert yaml.safe_load(side.read_text())["hands"][0]["note"] == "kept"
    assert [row["name"] for row in cli.json("list")["sessions"]] == ["fri"]


def test_notes_made_of_the_same_are_equal_unworded_and_others_by_their_words():
    from scorekeeper.games.base import Notes

    def never():
        raise AssertionError("worded")

    made_of = ({"starter": "5H", "crib": ("5D", "JH")}, ("Ann", "Bob"))
    twin = ({"starter": "5H", "crib": ("5D", "JH")}, ("Ann", "Bob"))
    assert Notes(["a"], never, made_of) == Notes(("a",), never, twin)  # never worded
    assert Notes(["a"], lambda: ["x"], made_of) != Notes(["a"], lambda: ["y"], ({"starter": "6H"}, ("Ann", "Bob")))
    assert Notes(["b"], lambda: ["x"], made_of) != Notes(["a"], lambda: ["x"], twin)  # given differs: worded
    assert Notes([], lambda: ["x"]) == Notes([], lambda: ["x"]) == ("x",)  # nothing said of what: worded


def test_edit_of_a_cribbage_deal_lists_the_later_deals_whose_words_changed(cli):
    """A correction that ends a game earlier changes the later deals' effects; the deals it
    lists are those whose line (summary and every note, worded) changed, found as `edit`
    finds them without wording the deals whose cards are the same."""
    from scorekeeper.render.sitting import _effect_line

    cli.new("c", "cribbage", "Ann,Bob", "game=61")
    _log_shuffled_deals(cli, "c", 14, seed=7)
    before = ledger.open_session(cli.file("c")).standings
    out = cli.ok("edit", "c", "2", "play.Ann=20").stdout
    after = ledger.open_session(cli.file("c")).standings
    changed = [i for i in range(3, 15) if _effect_line(before.effects[i - 1]) != _effect_line(after.effects[i - 1])
               or before.effects[i - 1].dealer != after.effects[i - 1].dealer]
    assert changed  # the game ends earlier: the later games' deals say other scores
    listed = [int(line.split()[1].rstrip(":")) for line in out.splitlines() if line.startswith("  hand ")]
    assert listed == changed[:6]
    assert f"later hands that changed ({len(changed)}):" in out
    assert "later hands: no effect changed" in cli.ok("edit", "c", "2", "note=checked").stdout


def test_a_delete_lists_the_later_deals_by_who_dealt_them_and_words_only_those_it_shows(cli):
    """Deleting the first deal moves every later cribbage deal to the other dealer: each is
    listed as changed by who dealt it, its words not compared, so that only the six shown
    are worded (a deal's notes are worded when read: docs/speed.md, "At the fifteenth stop")."""
    from scorekeeper.render.sitting import moved_text

    cli.new("c", "cribbage", "Ann,Bob")
    _log_shuffled_deals(cli, "c", 12, seed=3)
    change = ledger.delete(cli.file("c"), 1)
    was, now = change.before.standings.effects, change.after.standings.effects
    text = moved_text("delete", 1, change.before.session, change.before.standings, change.after.session,
                      change.after.standings)
    assert all(was[i].dealer != now[i - 1].dealer for i in range(1, 12))  # hand i now was hand i + 1
    listed = [int(line.split()[1].rstrip(":")) for line in text.splitlines() if line.startswith("  hand ")]
    assert listed == [1, 2, 3, 4, 5, 6] and "later hands that changed (11):" in text
    assert "... and 5 more" in text
    unshown = range(7, 12)  # hands 7-11 now, 8-12 before
    assert all(now[i - 1].notes._words is None and was[i].notes._words is None for i in unshown)
    assert all(now[i - 1].notes._words is not None for i in listed)


def _log_shuffled_deals(cli, name: str, count: int, seed: int) -> None:
    """`count` two-handed cribbage deals from shuffled decks, each logged by its cards."""
    import random

    from scorekeeper.cards import full_deck

    rng = random.Random(seed)
    for _ in range(count):
        deck = [str(c) for c in full_deck()]
        rng.shuffle(deck)
        cli.ok("hand", name, f"starter={deck[0]}", f"hand.Ann={' '.join(deck[1:5])}",
               f"hand.Bob={' '.join(deck[5:9])}", f"crib={' '.join(deck[9:13])}",
               f"play.Ann={rng.randint(0, 6)}", f"play.Bob={rng.randint(0, 6)}")
