"""Generated bad input for every command of every registered game, in-process.

For each game in `GAMES` (so that a new game is covered the day it is registered) a sitting
is set up (a bundled example sitting of that game when there is one, so that `edit` has
hands to correct), then hypothesis draws a command with input that is certainly wrong:
junk FIELD=VALUE, numbers beyond the bound, non-ASCII digits, Unicode, empty values, a field
given twice, a token without '=', a NUL byte, bad cards, bad --rule, --players and --stake,
bad session names. Whatever it draws, the program must answer with exit 1 or 2, exactly one
`error:` line and nothing on stdout, no traceback, and leave the session file byte for byte
as it was (and create no file).
"""

from __future__ import annotations

import re
import shutil
import string
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest
from typer.testing import CliRunner
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import ledger
from scorekeeper.cli import app
from scorekeeper.fields import MAX_NUMBER
from scorekeeper.games import GAMES, get_game
from scorekeeper.model import ScorekeeperError

from .conftest import SESSIONS

EXAMPLES = 20  # per game: some 360 bad commands over 18 games, a few seconds

# Values a person (or a hostile script) might type; none starts with '-', which click
# would read as an option (`--help` is not a mistake).
SPECIAL = ["", " ", "٣", "３", "²", "1e9", "nan", "inf", "-0", "9" * 5000, "-" + "9" * 20, "1_000",
           "10H,10H", "ZZ", "JK", "a\nb", "🃏", "None", "yes", "=", "==", "Ann,Ann", "x" * 3000,
           "+-1", "0x1F", "1.5", "\t", "\u202e", "null", "~"]
VALUES = st.one_of(st.sampled_from(SPECIAL), st.text(max_size=12),
                   st.integers(-10 ** 15, 10 ** 15).map(str))
HUGE = st.one_of(st.integers(MAX_NUMBER + 1, 10 ** 40), st.integers(-10 ** 40, -MAX_NUMBER - 1)).map(str)
WORD = st.text(alphabet=string.ascii_letters + string.digits + "._", max_size=8)
NO_EQUALS = st.text(max_size=12).filter(lambda t: "=" not in t and not t.startswith("-"))
BAD_NAMES = st.one_of(st.sampled_from(["../x", "a/../../b", "x" * 300, "fri\nday", "f\0", ".hidden",
                                       "nobody-here", "x.yaml/..", "/"]),
                      WORD.map(lambda w: "zz-missing-" + w))
BAD_STAKES = st.one_of(st.sampled_from(["1e100000000", "1e30", "nan", "inf", "-1", "0.00001", "1,5",
                                        "٣", "9" * 30, "", "1000000.5", "0x10"]), HUGE)

# Numbers for a command's own arguments and options (party TABLE/ROUND, crib --players).
BAD_NUMBERS = st.one_of(st.sampled_from(["٣", "３", "²", "1.0", "", "one", "1e1", "+-1", "0x1", " ", "9" * 40]),
                        HUGE)
# Certainly wrong party fields: no one of that name, no '=', a NUL byte.
BAD_PARTY = st.one_of(WORD.map(lambda w: f"zz{w}=3"), NO_EQUALS, st.just("Ann=3\0"))
TRICKS = SESSIONS / "cinch-tricks" / "foster-1.txt"


def _party_seats() -> Dict[Tuple[int, int], str]:
    """(round, table) -> a field that edit takes there, from the bundled party."""
    from scorekeeper.party import ledger as parties

    results = parties.open_party(SESSIONS / "party-hearts.yaml").standing.results
    return {(r.round, r.table): f"{r.players[0]}={r.scores[0]}" for r in results}


def _loose_int(text: str) -> Any:
    try:
        return int(text)  # what click did
    except ValueError:
        return None


PARTY_SEATS = _party_seats()

runner = CliRunner()


def _players(game: Any) -> Tuple[str, ...]:
    seats = max(game.min_players, min(4, game.max_players))
    return ("A", "Y", "B", "Z", "C", "D", "E", "F", "G", "H", "I", "J")[:seats]


@pytest.fixture(scope="module")
def sittings(tmp_path_factory) -> Dict[str, Tuple[Path, Path]]:
    """Each game's sitting: (folder, file)."""
    out = {}
    bundled = {}
    for path in sorted(SESSIONS.glob("*.yaml")):
        try:
            game = ledger.open_session(path).session.game
        except ScorekeeperError:  # a party, not a sitting
            continue
        bundled.setdefault(game, path)
    for name in GAMES:
        folder = tmp_path_factory.mktemp(f"fuzz-{name}")
        path = folder / "s.yaml"
        if name in bundled:
            shutil.copy(bundled[name], path)
        else:
            ledger.at_once(ledger.new_session, path, name, _players(get_game(name)), {})
        shutil.copy(SESSIONS / "party-hearts.yaml", folder / "p.yaml")  # for party round/edit
        out[name] = (folder, path)
    return out


def _bad_tokens(draw: Any, fields: List[Any], players: Tuple[str, ...]) -> List[str]:
    """FIELD=VALUE tokens of which at least one is certainly wrong."""
    names = [f.name for f in fields] + list(players)
    numeric = [f.name for f in fields if f.kind.describe.startswith("a whole number")]
    card = [f.name for f in fields if "card" in f.kind.describe]
    kinds = ["unknown", "no-equals", "twice", "nul"] + ["huge"] * bool(numeric) + ["card"] * bool(card)
    kind = draw(st.sampled_from(kinds))
    if kind == "unknown":
        bad = [f"zz{draw(WORD)}={draw(VALUES)}"]
    elif kind == "no-equals":
        bad = [draw(NO_EQUALS)]
    elif kind == "twice":
        name = draw(st.sampled_from(names))
        bad = [f"{name}={draw(VALUES)}", f"{name}={draw(VALUES)}"]
    elif kind == "nul":
        bad = [f"{draw(st.sampled_from(names))}={draw(VALUES)}\0"]
    elif kind == "huge":
        bad = [f"{draw(st.sampled_from(numeric))}={draw(HUGE)}"]
    else:
        bad = [f"{draw(st.sampled_from(card))}={draw(st.sampled_from(['ZZ', '11X', '10H,ZZ', 'QQ QQ']))}"]
    others = draw(st.lists(st.builds(lambda n, v: f"{n}={v}", st.sampled_from(names), VALUES), max_size=4))
    others = [t for t in others if t.split("=", 1)[0] not in {b.split("=", 1)[0] for b in bad}]
    tokens = others + bad
    return draw(st.permutations(tokens))


def _bad_new(draw: Any, game: str, players: Tuple[str, ...]) -> List[str]:
    """`new` with valid options but one that is certainly wrong."""
    name, players_text, rules, stake = "fresh", ",".join(players), [], "0.5"
    which = draw(st.sampled_from(["name", "players", "rule", "stake"]))
    if which == "name":
        name = draw(BAD_NAMES.filter(lambda n: not n.startswith(("zz-missing", "nobody"))))
    elif which == "players":
        players_text = draw(st.sampled_from([f"{players[0]},{players[0].lower()}", "", "A=1,B", "A,,B",
                                             "A, ,B", "A\nB,C", "A,B\0", "A:1,B",
                                             ",".join(f"P{i}" for i in range(40))]))
    elif which == "rule":
        rules = [draw(st.one_of(WORD.map(lambda w: f"zz{w}=1"), NO_EQUALS, st.just("target=" + "9" * 50),
                                st.just("=1")))]
    else:
        stake = draw(BAD_STAKES)
    args = ["new", name, "--game", game, "--players", players_text, "--stake", stake]
    for rule in rules:
        args += ["--rule", rule]
    return args


@st.composite
def bad_command(draw: Any, game_name: str, sitting: Any, folder: Path) -> List[str]:
    game, session = sitting.game, sitting.session
    fields = list(game.fields(session))
    players = session.players
    command = draw(st.sampled_from(sorted(COVERED)))
    if command == "hand":
        return ["hand", "s", *_bad_tokens(draw, fields, players)]
    if command in ("edit", "insert"):
        number = draw(st.one_of(st.integers(0, len(session.hands) + 2).map(str), st.sampled_from(
            ["one", "٣", "9" * 40, "1.0", ""])))
        return [command, "s", number, *_bad_tokens(draw, fields, players)]
    if command == "delete":  # a hand that is not there (a good one would be deleted)
        return ["delete", "s", draw(st.one_of(st.sampled_from(["0", str(len(session.hands) + 1), "one", "٣",
                                                                "9" * 40, "1.0", ""])))]
    if command == "new":
        return _bad_new(draw, game_name, players)
    if command == "games":
        option = draw(st.sampled_from(["--rule", "--players"]))
        value = draw(st.one_of(WORD.map(lambda w: f"zz{w}=1"), NO_EQUALS)) if option == "--rule" else \
            draw(st.sampled_from(["A,a", "", "A", "A=1,B", ",".join(f"P{i}" for i in range(40))]))
        return ["games", game_name, option, value]
    if command == "list":
        return ["list", draw(NO_EQUALS)]
    if command == "redo":  # a bad name, or the sitting with nothing undone
        return ["redo", draw(st.one_of(BAD_NAMES, st.just("s")))]
    if command == "crib":
        sub = draw(st.sampled_from(["count", "play", "discard", "discard-options"]))
        if sub == "discard-options":  # good cards, a bad --players or --crib-size
            return ["crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone",
                    draw(st.sampled_from(["--players", "--crib-size"])), draw(BAD_NUMBERS)]
        cards = draw(st.lists(st.sampled_from(["5H", "ZZ", "10H", "11X", "٣H", "JK", "5H"]), max_size=7))
        return ["crib", sub, *cards, "ZZ"] + (["--pone"] if sub == "discard" else [])
    if command == "cinch":
        sheet = draw(_bad_sheet(folder, game_name))
        return ["cinch", "tricks", sheet, *draw(st.sampled_from([[], ["--log", "s"]]))]
    if command == "report":  # a bad sitting, or an HTML file that cannot be written (a folder)
        return draw(st.sampled_from([["report", draw(BAD_NAMES), "--html", str(folder / "r.html")],
                                     ["report", "s", "--html", str(folder)]]))
    if command == "party":
        sub = draw(st.sampled_from(["show", "undo", "round", "edit"]))
        if sub in ("show", "undo"):
            return ["party", sub, draw(BAD_NAMES)]
        numbers = [draw(st.sampled_from(["1", "2", "7"])) for _ in range(1 if sub == "round" else 2)]
        token = draw(BAD_PARTY)
        if draw(st.booleans()):  # a TABLE or ROUND that is no number (else only the field is wrong)
            numbers[draw(st.integers(0, len(numbers) - 1))] = draw(BAD_NUMBERS)
            # a field right for the table Python's int() would read ('٣' as 3): only the
            # number is wrong, and a command that took it would change the party
            token = PARTY_SEATS.get(tuple(_loose_int(n) for n in numbers), token) if sub == "edit" else token
        return ["party", sub, "p", *numbers, token]
    if command == "stats":
        return ["stats", draw(st.sampled_from(["--since", "--game"])),
                draw(st.sampled_from(["yesterday", "2026-13-45", "٢٠٢٦-١١-٠١", "zz", "9" * 50, "",
                                      "2026-11-01\n", "x" * 300]))]
    if command == "board":  # never served: a bad sitting, --port or --host
        return draw(st.sampled_from([
            ["board", draw(BAD_NAMES)],
            ["board", "s", "--port", draw(st.one_of(BAD_NUMBERS, st.sampled_from(["65536", "-1"])))],
            ["board", "s", "--host", draw(st.sampled_from(["my-laptop", "::1", "", "999.1.1.1", "1.2.3", "\u202e"]))],
            ["board", "s", "--entry", "--port", draw(BAD_NUMBERS)]]))
    return [command, draw(BAD_NAMES)]  # show, settle, export, undo, chart, check


@st.composite
def _bad_sheet(draw: Any, folder: Path, game: str) -> str:
    """A Cinch trick sheet (the book's hand No. 1) with one thing certainly wrong in it (a bid
    one over the top: logged into a sitting of Sixty-three, whose bids go to 63, 15 is a bid)."""
    text = TRICKS.read_text(encoding="utf-8")
    kind = draw(st.sampled_from(["bid", "card", "twice", "nul", "bidder", "missing"]))
    if kind == "missing":
        return str(folder.parent / f"zz-no-such-sheet-{draw(WORD)}.txt")
    if kind == "bid":
        over = "64" if game == "sixty-three" else "15"
        text = text.replace("bid: 8", f"bid: {draw(st.one_of(BAD_NUMBERS, st.just(over)))}")
    elif kind == "card":
        text = text.replace("♡8", draw(st.sampled_from(["ZZ", "JK", "٣H", "11X", "\u202e"])))
    elif kind == "twice":
        text = text.replace("♣3", "♣Q")
    elif kind == "nul":
        text = text.replace("trump: hearts", "trump: hearts\0")
    else:
        text = text.replace("bidder: A", f"bidder: {draw(st.sampled_from(['Q', 'A' * 300, '', 'A B']))}")
    sheet = folder.parent / f"sheet-{folder.name}.txt"
    sheet.write_text(text, encoding="utf-8")
    return str(sheet)


# Every command the CLI has must be driven here: a new command fails the test below until it is.
COVERED = {"new", "hand", "edit", "insert", "delete", "play", "undo", "redo", "show", "settle", "export", "list", "games", "crib", "cinch",
           "chart", "report", "stats", "party", "check", "board"}


def test_every_command_is_covered_by_the_fuzz_test():
    group = typer.main.get_command(app)
    assert set(group.list_commands(None)) <= COVERED


@pytest.mark.slow  # a property of every game: run by the full suite (CI)
@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.filter_too_much])
@given(data=st.data())
def test_bad_input_to_any_command_gives_one_error_line_and_leaves_the_file(sittings, game, data):
    folder, path = sittings[game]
    sitting = ledger.open_session(path)
    args = data.draw(bad_command(game, sitting, folder), label="args")
    files = {f: f.read_bytes() for f in sorted(folder.iterdir())}  # the sitting and the party
    result = runner.invoke(app, ["--dir", str(folder), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code in (1, 2), (result.exit_code, result.stdout)
    assert re.fullmatch(r"error: [^\n]+\n", result.stderr), result.stderr
    assert len(result.stderr) <= 600
    assert result.stdout == ""
    assert {f: f.read_bytes() for f in sorted(folder.iterdir())} == files
