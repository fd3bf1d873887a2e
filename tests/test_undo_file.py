"""The undo side file `.NAME.yaml.undone` is guarded as the sitting is (issue 31, item 5): made
exclusively and never written through a link, with the sitting's mode and owner; read by the
sitting's reader with every bound (aliases, nesting, size, pipes and devices refused); written
only once the save succeeded. Every test here failed on the code before."""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
from pathlib import Path

import pytest

import scorekeeper.store  # noqa: F401 (its save module, which the package's save function shadows)

from .conftest import peak_memory


@pytest.fixture
def fri(cli):
    cli.new("fri", "tally", "Ann,Bob")
    cli.ok("hand", "fri", "Ann=5", "note=first")
    cli.ok("hand", "fri", "Bob=3", "note=a private note")
    return cli


def _side(cli) -> Path:
    return cli.folder / ".fri.yaml.undone"


def _redo_restores(cli, before: bytes) -> None:
    cli.ok("redo", "fri")
    assert cli.file("fri").read_bytes() == before


def test_a_link_planted_as_the_side_file_is_replaced_not_written_through(fri, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("the victim's own file\n")
    _side(fri).symlink_to(victim)
    before = fri.file("fri").read_bytes()
    fri.ok("undo", "fri")
    assert victim.read_text() == "the victim's own file\n"
    assert not _side(fri).is_symlink() and _side(fri).is_file()
    _redo_restores(fri, before)


def test_the_side_file_has_the_sittings_mode(fri):
    os.chmod(fri.file("fri"), 0o600)
    fri.ok("undo", "fri")
    assert stat.S_IMODE(_side(fri).stat().st_mode) == 0o600  # it was 644, holding the note


@pytest.mark.parametrize("hostile", ["aliases", "nesting", "fifo", "dev-zero", "huge"])
def test_a_hostile_side_file_is_refused_by_redo_and_replaced_by_undo(fri, hostile):
    """A 605-byte alias file made redo take 18 s and 810 MB; deeper nesting was a RecursionError
    blocking every undo; a FIFO hung undo holding the lock; /dev/zero read until memory ran out."""
    side = _side(fri)
    if hostile == "aliases":
        lines = ["- &a0 [x, x, x, x, x, x, x, x, x]"] + [f"- &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]"
                                                         for i in range(1, 9)]
        side.write_text("\n".join(lines) + "\n")
    elif hostile == "nesting":
        side.write_text("- " + "[" * 100_000 + "]" * 100_000 + "\n")
    elif hostile == "fifo":
        os.mkfifo(side)
    elif hostile == "dev-zero":
        side.symlink_to("/dev/zero")
    else:
        side.write_text("# " + "x" * (3 * 2 ** 20) + "\n")
    with peak_memory() as peak:
        r = fri.refused("fri", "redo", "fri")
    assert peak[0] < 16 * 2 ** 20
    assert r.stderr.startswith("error: ") and ".fri.yaml.undone" in r.stderr
    before = fri.file("fri").read_bytes()
    fri.ok("undo", "fri")  # the side file is replaced by what undo writes
    assert stat.S_ISREG(os.lstat(side).st_mode)
    _redo_restores(fri, before)


def test_a_failed_undo_leaves_a_pending_redo_intact(fri, monkeypatch):
    saving = sys.modules["scorekeeper.store.save"]
    with_two = fri.file("fri").read_bytes()
    fri.ok("undo", "fri")
    real = saving._write_atomically

    def full_for_the_sitting(text, path, *rest, **kw):
        if path.name == "fri.yaml":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(text, path, *rest, **kw)

    monkeypatch.setattr(saving, "_write_atomically", full_for_the_sitting)
    r = fri.refused("fri", "undo", "fri")
    assert "No space left on device" in r.stderr
    monkeypatch.setattr(saving, "_write_atomically", real)
    _redo_restores(fri, with_two)


@pytest.mark.parametrize("line", ["Bob: 1:30", "Bob: 012", "Bob: 0x1F, note: yes", "Bob: 3, Cid: 1"])
def test_a_hand_edited_side_file_is_read_as_the_sitting_reads_the_same_line(fri, line):
    """Redo of a hand edited in the side file does what that hand typed into the sitting does."""
    fri.ok("undo", "fri")
    side = _side(fri)
    side.write_text(side.read_text().replace("Bob: 3, note: a private note", line))
    sitting = fri.file("fri").read_text()
    fri.file("same").write_text(sitting + f"- {{{line}}}\n")
    read = fri("show", "same", "--json")
    redone = fri("redo", "fri")
    assert (redone.exit_code == 0) == (read.exit_code == 0), (redone.output, read.output)
    if read.exit_code == 0:
        assert fri.json("show", "fri")["scores"] == json.loads(read.stdout)["scores"]


@pytest.mark.parametrize("built_in", [True, False])
def test_the_side_file_keeps_the_sha256_of_the_file_the_undo_left(fri, monkeypatch, built_in):
    """The digest is SHA-256 whether it comes from CPython's own module or from hashlib (a
    build without the former)."""
    import hashlib

    if not built_in:
        monkeypatch.setitem(sys.modules, "_sha2", None)  # import refused: ImportError
        monkeypatch.setitem(sys.modules, "_sha256", None)
    fri.ok("undo", "fri")
    after = hashlib.sha256(fri.file("fri").read_bytes()).hexdigest()
    assert _side(fri).read_text().splitlines()[2] == f"# after: sha256:{after}"


def test_a_side_file_the_sitting_has_moved_on_from_is_left_unread(fri, monkeypatch):
    """Once the sitting was changed since the last undo (here by hand, in an editor), the side
    file's steps cannot be taken: undo and edit do without parsing what was kept (its digest
    line says enough), and undo takes back the last hand."""
    fri.ok("undo", "fri")
    fri.ok("edit", "fri", "1", "note=again")  # the side file keeps this correction, to undo it
    path = fri.file("fri")
    path.write_bytes(path.read_bytes().replace(b"Ann: 5", b"Ann: 6"))
    with_it = path.read_bytes()
    reader = scorekeeper.store.read_undone.__globals__  # the module the commands read the side file with
    real = reader["parse"]

    def unwanted(text, *args, **kwargs):
        assert not text.startswith("# What `scorekeeper undo` removed"), "the side file was parsed"
        return real(text, *args, **kwargs)

    monkeypatch.setitem(reader, "parse", unwanted)
    assert fri.ok("undo", "fri").stdout.startswith("removed hand 1: Ann=6 note=again\n")
    monkeypatch.undo()
    _redo_restores(fri, with_it)  # what this undo kept is read, and put back byte for byte


@pytest.mark.parametrize("command", [("undo", "fri"), ("edit", "fri", "1", "note=x"), ("hand", "fri", "Ann=1")])
def test_a_change_fsyncs_each_file_then_the_folder_once_after_its_renames(fri, monkeypatch, command):
    """A change that also writes the undo file (undo, edit) fsyncs the folder once, after both
    renames (docs/reliability.md, "One fsync of the folder"); a hand beside no undo file renames
    the sitting alone, then fsyncs the folder. Each temporary file is fsynced before its rename."""
    done = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        done.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    def replace(src, dst):
        done.append(f"rename {Path(dst).name}")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    fri.ok(*command)
    monkeypatch.undo()
    sitting = ["file", "rename fri.yaml"]
    side = ["file", "rename .fri.yaml.undone"] if command[0] != "hand" else []
    assert done == sitting + side + ["folder"]


def _files(cli) -> tuple:
    side = _side(cli)
    return cli.file("fri").read_bytes(), side.read_bytes() if side.exists() else None


def _put(cli, files: tuple) -> None:
    cli.file("fri").write_bytes(files[0])
    if files[1] is None:
        _side(cli).unlink(missing_ok=True)
    else:
        _side(cli).write_bytes(files[1])


@pytest.mark.parametrize("change", [("undo", "fri"), ("edit", "fri", "1", "note=x"), ("insert", "fri", "1", "Ann=2"),
                                    ("delete", "fri", "1"), ("redo", "fri"), ("hand", "fri", "Bob=4")])
def test_every_state_a_crash_before_the_folders_fsync_can_leave_is_safe(fri, change):
    """Before the one fsync of the folder, either rename may be on the disk without the other.
    The sitting new and the undo file old was possible before (a crash between two saves);
    the sitting old and the undo file new is the state the single fsync adds. In both, the undo
    file's last digest is not the sitting's: undo, redo and hand act as with no undo file (never
    on steps written for another file), and redo refuses, the sitting untouched."""
    fri.ok("edit", "fri", "2", "note=kept")  # an undo file keeping a change: hand writes it too
    if change[0] == "redo":
        fri.ok("undo", "fri")
    old = _files(fri)
    fri.ok(*change)
    new = _files(fri)
    states = [s for s in ((old[0], new[1]), (new[0], old[1])) if s[1] is not None and s not in (old, new)]
    assert states  # (a redo of the last step removes the undo file: its one state is the sitting new, the file old)
    for state in states:
        for command in (("undo", "fri"), ("hand", "fri", "Ann=9", "at=2026-11-29T21:00:00")):  # (its time given)
            _put(fri, (state[0], None))
            alone = fri.ok(*command).stdout, _files(fri)[0]
            _put(fri, state)
            assert (fri.ok(*command).stdout, _files(fri)[0]) == alone, (change, command)
        _put(fri, state)
        assert "nothing to redo" in fri.refused("fri", "redo", "fri").stderr
        assert _files(fri) == state


def test_after_a_hand_edited_in_the_side_file_is_redone_the_undos_before_it_still_redo(fri):
    """Undo a correction, then the last hand; fix that hand's score in the side file; redo puts
    it back as fixed, and redo again makes the correction again (it said the sitting had
    "changed since the last undo": the campaign's oracle found it with more seeds)."""
    fri.ok("edit", "fri", "1", "Ann=7")
    fri.ok("undo", "fri")  # the correction taken back: Ann 5 again
    fri.ok("undo", "fri")  # hand 2 taken back
    side = _side(fri)
    side.write_text(side.read_text().replace("Bob: 3", "Bob: 4"))
    fri.ok("redo", "fri")
    assert fri.json("show", "fri")["scores"] == {"Ann": 5, "Bob": 4}
    fri.ok("redo", "fri")
    assert fri.json("show", "fri")["scores"] == {"Ann": 7, "Bob": 4}
    assert fri.refused("fri", "redo", "fri").stderr.startswith("error: nothing to redo")
    fri.ok("undo", "fri")  # and the correction can be taken back again
    assert fri.json("show", "fri")["scores"] == {"Ann": 5, "Bob": 4}


def test_a_redo_of_an_unedited_step_leaves_the_side_file_as_the_undo_before_wrote_it(fri):
    # the digests kept for the steps left are the ones the undos wrote: redo re-writes them
    fri.ok("edit", "fri", "1", "Ann=7")
    fri.ok("undo", "fri")
    after_first = _side(fri).read_bytes()
    fri.ok("undo", "fri")
    fri.ok("redo", "fri")
    assert _side(fri).read_bytes() == after_first
