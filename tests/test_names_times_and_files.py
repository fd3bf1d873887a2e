"""Issue 31, item 6: names in one Unicode form, times in ISO 8601 only, a read-only sitting
left alone, a writer that cannot keep the owner saying so, and CSV a spreadsheet will not run.
Every test here failed on the code before."""

from __future__ import annotations

import csv
import io
import os
import warnings

import pytest

from scorekeeper import store

COMPOSED, DECOMPOSED = "Zo\u00eb", "Zoe\u0308"


def test_a_name_composed_or_decomposed_is_one_player(cli):
    r = cli("new", "g", "--game", "tally", "--players", f"Ann,{COMPOSED},{DECOMPOSED}")
    assert (r.exit_code, r.stderr) == (2, f"error: player {COMPOSED} is named twice\n")
    cli.new("g", "tally", f"Ann,{DECOMPOSED}")
    assert f"players: [Ann, {COMPOSED}]" in cli.file("g").read_text()  # kept in NFC
    cli.ok("hand", "g", f"{COMPOSED}=3")
    cli.ok("hand", "g", f"{DECOMPOSED}=2")
    assert cli.json("show", "g")["scores"][COMPOSED] == 5


def test_a_file_naming_one_player_in_both_forms_is_a_mistake(cli):
    cli.new("g", "tally", f"Ann,{COMPOSED}")
    path = cli.file("g")
    path.write_text(path.read_text().replace("players: [Ann, ", f"players: [Ann, {DECOMPOSED}, "))
    assert f"player {COMPOSED} is named twice" in cli.refused("g", "show", "g").stderr


@pytest.mark.parametrize("when", ["yesterday", "", " ", "now", "29/11/2026", "2026-13-01T00:00:00"])
def test_a_time_is_iso_8601_or_refused(cli, when):
    cli.new("g", "tally", "Ann,Bob")
    cli.ok("hand", "g", "Ann=1", "at=2026-11-29T20:00:00+01:00")
    for command in (["hand", "g", "Ann=1", f"at={when}"], ["edit", "g", "1", f"at={when}"]):
        r = cli.refused("g", *command)
        assert "at: must be a time in ISO 8601, such as 2026-11-29T20:00:00+01:00, got " in r.stderr


def test_a_time_in_iso_8601_is_kept_as_written(cli):
    cli.new("g", "tally", "Ann,Bob")
    for when in ("2026-11-29T20:00:00+01:00", "2026-11-29T20:00:00", "2026-11-29"):
        cli.ok("hand", "g", "Ann=1", f"at={when}")
        assert store.load(cli.file("g")).hands[-1].fields["at"] == when  # the text, quoted or not


def test_a_read_only_sitting_is_refused_not_written_over(cli):
    cli.new("g", "tally", "Ann,Bob")
    os.chmod(cli.file("g"), 0o444)
    try:
        r = cli.refused("g", "hand", "g", "Ann=1")
    finally:
        os.chmod(cli.file("g"), 0o644)
    assert r.stderr == (f"error: {cli.file('g')} is read-only (-r--r--r--): nothing was saved; to change it, "
                        f"make it writable (chmod u+w {cli.file('g')})\n")


def test_a_writer_that_cannot_keep_the_owner_says_so(cli, monkeypatch):
    """A shared folder: another user's sitting, written by one who may not give a file away."""
    cli.new("g", "tally", "Ann,Bob")
    owner = os.stat(cli.file("g"))
    real_stat = os.stat

    def owned_by_another(path, *args, **kwargs):
        found = real_stat(path, *args, **kwargs)
        if str(path).endswith("g.yaml"):
            return os.stat_result((found.st_mode, found.st_ino, found.st_dev, found.st_nlink, owner.st_uid + 1,
                                   found.st_gid, found.st_size, found.st_atime, found.st_mtime, found.st_ctime))
        return found

    def refused(fd, uid, gid):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "stat", owned_by_another)
    monkeypatch.setattr(os, "fchown", refused)
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        r = cli.ok("hand", "g", "Ann=1")
    assert r.stderr == (f"warning: {cli.file('g')} was saved, and is now yours, not its owner's (user id "
                        f"{owner.st_uid + 1}): only the administrator may give a file away\n")


def test_export_neutralises_a_formula_in_a_note_and_keeps_numbers(cli):
    cli.new("g", "tally", "Ann,Bob")
    notes = ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)", "-", "plain"]
    for note in notes:
        cli.ok("hand", "g", "Ann=-2", f"note={note}")
    rows = list(csv.DictReader(io.StringIO(cli.ok("export", "g").stdout)))
    assert [row["note"] for row in rows] == ["'" + n if n[0] in "=+-@" else n for n in notes]
    assert [row["Ann"] for row in rows] == ["-2"] * len(notes)
    assert rows[-1]["score:Ann"] == str(-2 * len(notes))


def test_export_keeps_a_note_that_is_a_signed_number_and_quotes_one_only_decimal_would_read(cli):
    # a number as a spreadsheet reads one (float's syntax, a digit after the sign) stays as it is; "-1_"
    # and "-1__0" are text (Decimal reads them, float does not: quoted since render/sitting's ffbf6f7)
    cli.new("g", "tally", "Ann,Bob")
    kept, quoted = ["-1.5", "+2", "-1e3", "-1_000", "+0.25"], ["-1_", "-1__0", "-nan", "-inf", "-.5", "- 1"]
    for note in kept + quoted:
        cli.ok("hand", "g", "Ann=1", f"note={note}")
    rows = list(csv.DictReader(io.StringIO(cli.ok("export", "g").stdout)))
    assert [row["note"] for row in rows] == kept + ["'" + n for n in quoted]
