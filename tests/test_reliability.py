"""Nothing typed or read crashes the program, hangs it, or half-saves a hand (issue 13).

Each test is named for the behaviour it pins; every one failed on the code before the fix.
The error-path tests here and in test_cli.py are also run by .ci/run against the newest Typer.
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import ledger, store
from scorekeeper.fields import MAX_NUMBER, MAX_STAKE

from .conftest import ROOT, peak_memory


@pytest.fixture
def fri(cli):
    cli.new("fri", "tally", "Ann,Bob,Cid", stake="0.05")
    cli.ok("hand", "fri", "Ann=3")
    return cli


def _run(*args: str, stdout=subprocess.PIPE, folder: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--dir", str(folder), *args],
                          stdout=stdout, stderr=subprocess.PIPE, text=True, env=env, timeout=60)


# ---------------------------------------------------------------- 1. a hand saved, then a crash


def test_a_number_beyond_the_bound_is_refused_and_nothing_is_saved(fri):
    huge = "9" * 4300  # twice this is 4,301 digits: Python refuses to print it
    for _ in range(2):
        r = fri.refused("fri", "hand", "fri", f"Ann={huge}")
        assert r.stderr.startswith(f"error: Ann: must be a whole number (at most {MAX_NUMBER:,} "
                                   f"either way), got '9999")
    fri.ok("hand", "fri", f"Ann={MAX_NUMBER}", f"Bob=-{MAX_NUMBER}")  # the bound itself is a score
    fri.refused("fri", "hand", "fri", f"Ann={MAX_NUMBER + 1}")
    fri.refused("fri", "edit", "fri", "1", f"Ann=-{MAX_NUMBER + 1}")
    fri.refused("fri", "new", "g", "--game", "tally", "--players", "A,B", "--rule", f"target={huge}", code=2)
    fri.ok("show", "fri")


def test_what_a_command_prints_is_computed_before_the_file_is_replaced(fri, monkeypatch):
    """A failure while making the output (here forced) leaves the file as it was."""
    from scorekeeper.render import sitting as render

    def broken(*args, **kwargs):
        raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")

    before = fri.file("fri").read_bytes()
    monkeypatch.setattr(render, "effect_text", broken)
    monkeypatch.setattr(render, "standings_text", broken)
    monkeypatch.setattr(render, "correction_text", broken)  # edit's own output (issue 14)
    for args in (["hand", "fri", "Bob=2"], ["undo", "fri"], ["edit", "fri", "1", "Ann=4"]):
        r = fri(*args)
        assert isinstance(r.exception, ValueError), args
        assert fri.file("fri").read_bytes() == before, args
    r = fri("new", "g", "--game", "tally", "--players", "A,B")
    assert isinstance(r.exception, ValueError) and not fri.file("g").exists()


def test_only_ascii_digits_are_numbers(fri):
    for text in ("٣", "３", "1_000", "²", "1e3", "+-1"):
        r = fri.refused("fri", "hand", "fri", f"Ann={text}")
        assert "must be a whole number" in r.stderr
    fri.refused("fri", "new", "g", "--game", "tally", "--players", "A,B", "--rule", "target=٣", code=2)
    r = fri.refused("fri", "edit", "fri", "١", "Ann=4", code=2)  # not hand 1
    assert r.stderr == "error: NUMBER: the hand to correct must be a whole number such as 3, got '١'\n"
    assert fri.json("show", "fri")["scores"]["Ann"] == 3


# ---------------------------------------------------------------- 2. stake


@pytest.mark.parametrize("stake", ["1e100000000", "1e100000", "1e30", "9" * 20, "nan", "inf", "-1",
                                   "-0.5", "1E2", "0x10", "1,5", "٣", "1000000.01", "0.00001"])
def test_a_stake_that_is_not_a_plain_bounded_amount_is_refused_at_once(cli, stake):
    with peak_memory() as peak:  # 1e100000000 as a number is 40 MB: it is refused as text
        r = cli.refused("g", "new", "g", "--game", "tally", "--players", "A,B", "--stake", stake, code=2)
    assert peak[0] < 8 * 2 ** 20
    assert r.stderr.startswith("error: stake must be ")


def test_the_largest_stake_settles_the_largest_scores(cli):
    cli.new("big", "tally", "Ann,Bob", stake=f"{MAX_STAKE}")
    for _ in range(3):
        cli.ok("hand", "big", f"Ann={MAX_NUMBER}", f"Bob=-{MAX_NUMBER}")
    assert "Bob pays Ann" in cli.ok("settle", "big").stdout
    cli.new("fine", "tally", "Ann,Bob", stake="0.0001")
    cli.ok("settle", "fine")


def test_a_stake_beyond_the_bound_in_a_file_is_a_file_error(cli):
    cli.new("s", "tally", "Ann,Bob")
    path = cli.file("s")
    path.write_text(path.read_text().replace("stake: 1,", "stake: 1.0e+30,"))
    r = cli.refused("s", "settle", "s")
    assert r.stderr.startswith(f"error: {path}:5: stake must be an amount of money")


# ---------------------------------------------------------------- 3. files


def test_an_integer_of_thousands_of_digits_in_a_file_is_an_error_with_its_line(cli):
    cli.new("s", "tally", "Ann,Bob")
    path = cli.file("s")
    path.write_text(path.read_text().replace("hands: []", "hands:\n- {Ann: 1}\n- {Bob: " + "9" * 5000 + "}"))
    for command in ("show", "settle", "export"):
        r = cli.refused("s", command, "s")
        assert r.stderr.startswith(f"error: {path}:9: hand 2: Bob: must be a whole number (at most "
                                   f"1,000,000,000 either way), got '99999")
    cli.refused("s", "hand", "s", "Ann=1")


def test_a_file_above_the_size_limit_is_refused_at_once_saying_so(cli):
    cli.new("s", "tally", "Ann,Bob")
    path = cli.file("s")
    hand = "- {Ann: 12, Bob: -3, at: '2026-11-29T19:29:18'}\n"
    path.write_text(path.read_text().replace("hands: []", "hands:\n" + hand * (store.MAX_FILE_BYTES // len(hand))))
    with peak_memory() as peak:  # refused by its size: never parsed (a 2 MB file's nodes are 100s of MB)
        r = cli.refused("s", "show", "s")
    assert peak[0] < 16 * 2 ** 20
    assert "a session file may be at most 2 MB" in r.stderr and "alias" not in r.stderr


# ---------------------------------------------------------------- 4. names


def test_a_name_too_long_for_a_file_is_refused_before_the_disk(fri):
    r = fri.refused("fri", "new", "x" * 300, "--game", "tally", "--players", "A,B", code=2)
    assert "too long" in r.stderr
    fri.refused("fri", "show", "x" * 300 + ".yaml", code=2)
    assert sorted(p.name for p in fri.folder.iterdir()) == ["fri.yaml"]


@pytest.mark.parametrize("name", ["friday\n", "fri\nday", "friday\t", "friday\n.yaml", "fri\0day"])
def test_a_name_with_a_control_character_is_refused(fri, name):
    r = fri.refused("fri", "new", name, "--game", "tally", "--players", "A,B", code=2)
    assert "\n" not in r.stderr[:-1]
    assert sorted(p.name for p in fri.folder.iterdir()) == ["fri.yaml"]


# ---------------------------------------------------------------- 5. nothing dropped silently


@pytest.mark.parametrize("addition,line,what", [
    ("# the pub league\n", 1, "a comment (#...)"),
    ("venue: the Crown\n", 9, "a key of its own, 'venue'"),
])
def test_a_comment_or_a_key_of_ones_own_refuses_the_write_not_silently_dropped(fri, addition, line, what):
    path = fri.file("fri")
    text = path.read_text()
    path.write_text(addition + text if addition.startswith("#") else text + addition)
    for args in (["hand", "fri", "Bob=1"], ["undo", "fri"], ["edit", "fri", "1", "Ann=5"]):
        r = fri.refused("fri", *args)
        assert r.stderr.startswith(f"error: {path}:{line}: this file holds {what}, which saving would "
                                   f"drop: nothing was saved")
    fri.ok("show", "fri")  # reading it is fine


def test_a_hash_inside_a_note_is_not_a_comment(fri):
    fri.ok("hand", "fri", "Bob=1", "note=table #2: 'Cid's' # deal")
    fri.ok("hand", "fri", "Cid=1")
    assert fri.json("show", "fri")["scores"] == {"Ann": 3, "Bob": 1, "Cid": 1}


def test_a_stakes_key_of_ones_own_is_an_error_not_dropped(fri):
    path = fri.file("fri")
    path.write_text(path.read_text().replace("currency: ''}", "currency: '', tip: 2}"))
    assert "stakes: unknown key 'tip'" in fri.refused("fri", "show", "fri").stderr


# ---------------------------------------------------------------- 6. symlinks


def test_a_symlinked_session_is_written_through_and_the_link_kept(fri, tmp_path):
    synced = tmp_path / "synced"
    synced.mkdir()
    target = synced / "league.yaml"
    fri.file("fri").rename(target)
    fri.file("fri").symlink_to(target)
    fri.ok("hand", "fri", "Bob=4")
    assert fri.file("fri").is_symlink()
    assert "Bob: 4" in target.read_text()
    assert (not (synced / "league.yaml.lock").exists() and not fri.folder.joinpath("fri.yaml.lock").exists())
    with store.locked(fri.file("fri")):  # a writer through the link takes the target's lock
        assert (synced / "league.yaml.lock").exists()
    fri.refused("fri", "hand", "../synced/league", "Bob=1", code=2)  # climbing out: refused as before


# ---------------------------------------------------------------- 7. output errors


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["export", "fri", "--csv"], ["show", "fri"], ["games"]])
def test_a_full_disk_for_the_output_is_one_error_line(fri, command):
    with open("/dev/full", "w") as full:
        r = _run(*command, stdout=full, folder=fri.folder)
    assert r.returncode == 1
    assert r.stderr == "error: cannot write the output: No space left on device\n"


def test_a_closed_pipe_ends_quietly(fri):
    read, write = os.pipe()
    os.close(read)  # `| head -1` that has already gone
    try:
        r = _run("show", "fri", stdout=write, folder=fri.folder)
    finally:
        os.close(write)
    assert r.returncode == 1
    assert r.stderr == ""


# ---------------------------------------------------------------- 8. error lines


def test_a_huge_or_multiline_value_is_cut_in_the_error_line(fri):
    for value in ("x" * 10_000, "first line\nsecond line\n" * 50, "9" * 5000):
        r = fri.refused("fri", "hand", "fri", f"Bob={value}")
        assert len(r.stderr) < 200 and "..." in r.stderr or len(value) < 40
    r = fri.refused("fri", "hand", "fri", "Dan" * 3000 + "=1")
    assert len(r.stderr) < 400
    r = fri.refused("fri", "new", "g", "--game", "tally", "--players", "A,B\nC", code=2)
    assert r.stderr.count("\n") == 1


def test_a_nul_byte_in_an_argument_is_a_clear_error(fri):
    for args in (["hand", "fri", "note=a\0b"], ["show", "f\0ri"], ["new", "g", "--game", "tally",
                                                                   "--players", "A,B\0"]):
        r = fri.refused("fri", *args, code=2)
        assert r.stderr.startswith("error: an argument holds a NUL byte"), r.stderr


# ---------------------------------------------------------------- 9. Typer


def test_the_cli_catches_the_exceptions_of_the_click_typer_runs_on():
    import typer

    from scorekeeper.cli import _click_errors

    assert issubclass(typer.BadParameter, _click_errors().UsageError)


def test_usage_mistakes_and_a_bare_command_exit_2_with_one_line(cli):
    for args in (["show"], ["frobnicate"], ["new", "g", "--gmae", "tally"], ["edit", "x", "one", "A=1"],
                 ["crib", "count"], ["crib", "count", "5H", "--starter"]):
        r = cli(*args)
        assert r.exit_code == 2, (args, r.output)
        assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, (args, r.stderr)
        assert r.exception is None or isinstance(r.exception, SystemExit)
    assert cli().exit_code == 2  # a bare `scorekeeper`: the help, exit 2


def test_the_cli_does_not_import_click_of_its_own():
    """Typer 0.26+ runs on its own copy of click: importing click as well costs start-up
    time, and catching its exceptions catches nothing."""
    code = "import sys; import scorekeeper.cli; import typer; " \
           "print('click' in sys.modules, typer.BadParameter.__module__.startswith('click'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), check=True).stdout.split()
    assert out[0] == out[1]  # click is loaded only when Typer itself runs on it


# ---------------------------------------------------------------- 10. where report --html writes


def _refused_write(cli, target: str, code: int = 1) -> str:
    r = cli("report", "fri", "--html", target)
    assert r.exit_code == code, r.output
    assert r.stdout == "" and r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    return r.stderr


def test_report_never_replaces_a_pipe_or_a_device_with_a_file(fri, tmp_path):
    """The atomic replace put a plain file where the pipe was (as root, /dev/full too)."""
    pipe = tmp_path / "pipe.html"
    os.mkfifo(pipe)
    assert "is not a plain file" in _refused_write(fri, str(pipe))
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    assert "is not a plain file" in _refused_write(fri, str(tmp_path))


def test_report_writes_through_a_link_and_keeps_it(fri, tmp_path):
    target, link = tmp_path / "synced" / "r.html", tmp_path / "r.html"
    target.parent.mkdir()
    link.symlink_to(target)
    fri.ok("report", "fri", "--html", str(link))
    assert link.is_symlink() and "<html" in target.read_text()


@pytest.mark.parametrize("name", ["r\n.html", "r\x1b[2J.html", "", "/"])
def test_report_refuses_a_file_name_with_a_control_character_or_none(fri, tmp_path, name):
    before = sorted(tmp_path.iterdir())
    _refused_write(fri, str(tmp_path / name) if name not in ("", "/") else name, code=2)
    assert sorted(tmp_path.iterdir()) == before


# ---------------------------------------------------------------- 11. nothing read waits forever


def test_a_pipe_given_as_a_sitting_or_a_trick_sheet_is_refused_not_waited_on(tmp_path):
    """Reading a pipe no one writes to waited forever (`show` and `cinch tricks`)."""
    pipe = tmp_path / "fifo.yaml"
    os.mkfifo(pipe)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for args in (["show", str(pipe)], ["cinch", "tricks", str(pipe)]):
        r = subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True,
                           env=env, timeout=20)
        assert (r.returncode, r.stdout) == (1, "")
        assert re.fullmatch(r"error: .* is not a plain file \(.*\)\n", r.stderr), r.stderr


# ---------------------------------------------------------------- 12. error lines stay short


def test_party_and_game_errors_quote_a_huge_value_cut_short(cli):
    """Issue 13's `shown()` was not used by the party, `--game` and `stats --since` messages:
    a pasted page came back whole (cut only at 500 characters, the game list lost)."""
    cli.ok("party", "new", "spring", "--game", "progressive-hearts", "--players",
           "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal")
    huge = "9" * 5000
    for name, args in [("spring", ("party", "round", "spring", "1", f"Ann={huge}", "Bob=4", "Cid=2", "Dan=4")),
                       ("spring", ("party", "new", "p2", "--game", "progressive-hearts", "--players",
                                   "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal", "--rule", f"prizes={huge}")),
                       ("x", ("new", "x", "--game", "x" * 300, "--players", "A,B")),
                       ("x", ("stats", "--since", huge))]:
        r = cli(*args)
        assert r.exit_code in (1, 2) and r.stdout == "", r.output
        assert "9999..." in r.stderr or "xxxx..." in r.stderr, r.stderr
        assert len(r.stderr) < 300 and r.stderr.count("\n") == 1, r.stderr
