"""How a save writes (issue 24 points 7 and 8): the file keeps its mode and owner, and the
temporary file is created exclusively, never through a link someone planted. Each test failed
on the code before (a 640 sitting came back 644; a planted link made `hand` overwrite its target)."""

from __future__ import annotations

import itertools
import os
import stat
import sys

import pytest

from scorekeeper import ledger, store

AT = "2026-11-29T20:00:00"


@pytest.fixture
def sitting(tmp_path):
    path = tmp_path / "s.yaml"
    ledger.at_once(ledger.new_session, path, "tally", ["Ann", "Bob"], {}, created=AT)
    return path


@pytest.mark.parametrize("mode", [0o640, 0o600, 0o664])
def test_a_save_keeps_the_files_mode(sitting, mode):
    os.chmod(sitting, mode)
    ledger.at_once(ledger.add_hand, sitting, {"Ann": "1"}, at=AT)
    assert stat.S_IMODE(sitting.stat().st_mode) == mode
    ledger.at_once(ledger.undo, sitting)
    assert stat.S_IMODE(sitting.stat().st_mode) == mode


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root may give a file away")
def test_roots_save_leaves_the_file_its_owners(sitting):
    os.chown(sitting, 4321, 4322)
    os.chmod(sitting, 0o600)
    ledger.at_once(ledger.add_hand, sitting, {"Ann": "1"}, at=AT)
    status = sitting.stat()
    assert (status.st_uid, status.st_gid, stat.S_IMODE(status.st_mode)) == (4321, 4322, 0o600)


def test_a_new_sitting_gets_the_usual_mode_of_a_new_file(tmp_path):
    umask = os.umask(0o027)
    try:
        ledger.at_once(ledger.new_session, tmp_path / "n.yaml", "tally", ["Ann", "Bob"], {}, created=AT)
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "n.yaml").stat().st_mode) == 0o640


def test_a_planted_temporary_link_is_never_followed(sitting, monkeypatch):
    """The old name was predictable (.scorekeeper-NAME.PID.tmp); the new one is random, and
    even a link at the very name drawn is not written through: another name is drawn."""
    victim = sitting.parent.parent / "victim"
    victim.write_text("precious\n")
    from scorekeeper.store import lock as locks

    draws = itertools.chain(["aaaaaaaaaaaa"], itertools.repeat("bbbbbbbbbbbb"))
    monkeypatch.setattr(locks, "_random_tag", lambda: next(draws))
    planted = [sitting.with_name(f".scorekeeper-s.yaml.{os.getpid()}.tmp"),
               sitting.with_name(f".scorekeeper-s.yaml.{locks.host_tag()}.{os.getpid()}.aaaaaaaaaaaa.tmp")]
    for link in planted:
        link.symlink_to(victim)
    ledger.at_once(ledger.add_hand, sitting, {"Ann": "1"}, at=AT)
    assert victim.read_text() == "precious\n"
    assert len(store.load(sitting).hands) == 1
    assert all(link.is_symlink() for link in planted)  # not ours to remove: a link is no leftover


def test_a_report_keeps_its_mode_too(tmp_path):
    page = tmp_path / "r.html"
    store.write_text(page, "<!doctype html>\n")
    os.chmod(page, 0o600)
    store.write_text(page, "<!doctype html>\n<p>again</p>\n")
    assert stat.S_IMODE(page.stat().st_mode) == 0o600


def test_a_refused_command_makes_no_mistyped_folder(cli, tmp_path):
    """Point 6: `--dir ./typo hand t Ann=1` made the folder typo (and its lock), then failed."""
    from .conftest import Cli

    cli.new("t", "tally", "Ann,Bob")
    typo = Cli(tmp_path / "typo")
    for command in (["hand", "t", "Ann=1"], ["edit", "t", "1", "Ann=1"], ["undo", "t"], ["redo", "t"],
                    ["party", "round", "t", "1", "Ann=1"], ["party", "undo", "t"]):
        r = typo(*command)
        assert r.exit_code == 1, (command, r.output)
        assert not (tmp_path / "typo").exists(), command
    assert typo("hand", "t", "Ann=1").stderr == f"error: no session '{tmp_path}/typo/t.yaml': no folder {tmp_path}/typo\n"
    typo.new("t", "tally", "Ann,Bob")  # only `new` makes a folder
    assert typo.file("t").exists()


def test_new_through_a_dangling_link_makes_no_folder_elsewhere(cli, tmp_path):
    """Point 13: `new x` through `x.yaml -> elsewhere/deep/new.yaml` made elsewhere/deep."""
    cli.new("t", "tally", "Ann,Bob")
    link = cli.folder / "x.yaml"
    link.symlink_to(tmp_path / "elsewhere" / "deep" / "new.yaml")
    r = cli.refused("x", "new", "x", "--game", "tally", "--players", "Ann,Bob")
    assert "whose folder" in r.stderr and "is not there: nothing was made" in r.stderr
    assert not (tmp_path / "elsewhere").exists()
    (tmp_path / "elsewhere" / "deep").mkdir(parents=True)
    cli.new("x", "tally", "Ann,Bob")  # written through the link, where its folder now is
    assert link.is_symlink() and (tmp_path / "elsewhere" / "deep" / "new.yaml").exists()


def test_a_temporary_file_left_by_an_undo_killed_while_it_kept_the_hand_is_swept_by_the_next_save(tmp_path):
    # Found by the kill test: an undo killed while writing `.s.yaml.undone` left its temporary
    # file, and the next `hand` (which never writes the side file) left it there.
    from scorekeeper.store.lock import host_tag, temp_prefix
    from scorekeeper.store.paths import undone_path

    path = tmp_path / "s.yaml"
    ledger.at_once(ledger.new_session, path, "tally", ["Ann", "Bob"], {}, created=AT)
    dead = 2 ** 22 + 12345  # beyond pid_max's default: no process has it
    leftover = tmp_path / f"{temp_prefix(undone_path(path))}{host_tag()}.{dead}.0123456789ab.tmp"
    leftover.write_text("half a side file", encoding="utf-8")
    ledger.at_once(ledger.add_hand, path, {"Ann": "1"}, at=AT)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yaml"]
