"""The fast paths of a write give what the plain ones give, for every game: a hand logged (or
redone) is applied to the state the replay already reached, a correction replays from the
hand corrected, an undo finishes from the state before the last hand, and the hands a write did
not change are written back as the text they were read from. Each is checked against the
plain path: a whole replay of the file written (the standings, every effect) and a whole
dump of it (the bytes), on every bundled sitting and on sittings of every game drawn at
random (hypothesis, with the strategies of tests/test_replay_properties.py)."""

from __future__ import annotations

import contextlib
import importlib
from pathlib import Path
from typing import Any, Dict, List, Tuple
from unittest import mock

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper import ledger, store
from scorekeeper.model import Hand, ScorekeeperError
from tests.conftest import SESSIONS, bench_sittings
from tests.test_replay_properties import AT, GAME_NAMES, PROPERTY, same_standings, sittings, write

SAVE = importlib.import_module("scorekeeper.store.save")  # the module (store.save is its function)
BUNDLED = [p for p in sorted(SESSIONS.glob("*.yaml")) if "kind: party" not in p.read_text(encoding="utf-8")]


_dump = SAVE.dump


def _dump_whole(session, kind=store.SITTING):
    """Every hand represented again by PyYAML: none written from the text it was read from."""
    return _dump(session.with_hands(tuple(Hand(h.fields, h.source, h.field_lines) for h in session.hands)), kind)


def _replay_whole(before, hands):
    """The sitting replayed from its first hand."""
    return ledger.check_session(before.session.with_hands(tuple(hands)))


def run(path: Path, action, fast: bool) -> Tuple[str, Any, bytes]:
    """(ok or refused, the standings or the error, the file's bytes after) of an action done
    the fast way or the plain way (a whole replay, a whole dump)."""
    with contextlib.ExitStack() as stack:
        if not fast:
            stack.enter_context(mock.patch.object(SAVE, "dump", _dump_whole))
            stack.enter_context(mock.patch.object(ledger, "replayed_from", _replay_whole))
            stack.enter_context(mock.patch.object(ledger, "SITTINGS", ledger.SITTINGS._replace(check_from=None)))
        try:
            result: Any = action(path)
            found = "ok"
        except ScorekeeperError as err:
            result, found = str(err), "refused"
    return found, result, path.read_bytes()


def both_ways(path: Path, action) -> None:
    """The action on the file, fast and plain, from the same start: the same bytes written,
    the same standings (before and after) or the same refusal."""
    start = path.read_bytes()
    fast = run(path, action, True)
    path.write_bytes(start)
    slow = run(path, action, False)
    assert fast[0] == slow[0]
    assert fast[2] == slow[2]
    if fast[0] == "refused":
        assert fast[1] == slow[1]
        assert fast[2] == start  # and nothing was written
        return
    for a, b in zip(fast[1], slow[1]):
        same_standings(a.standings, b.standings)
        assert a.session.hands == b.session.hands


def log_last_again(path: Path) -> Tuple[ledger.Replayed, ...]:
    session = store.load(path)
    last = session.hands[-1]
    path.write_text(store.dump(session.with_hands(session.hands[:-1])), encoding="utf-8")
    return (ledger.add_hand(path, {k: v for k, v in last.fields.items() if k != "corrected"}, at=AT),)


def undo(path: Path) -> Tuple[ledger.Replayed, ...]:
    return (ledger.undo(path)[1],)


def undo_redo(path: Path) -> Tuple[ledger.Replayed, ...]:
    return ledger.undo(path)[1], ledger.redo(path)[1]


def correction(number: int, raw: Dict[str, Any]):
    return lambda path: ledger.correct(path, number, raw, at=AT)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_sitting_logs_undoes_and_corrects_as_the_plain_path_does(tmp_path, path):
    work = tmp_path / path.name
    text = path.read_text(encoding="utf-8")
    session = store.load(path)
    actions = [log_last_again, undo, undo_redo] + [correction(number, raw) for number, raw in
                                                   ends_and_middle(edits(session))]
    for action in actions:
        work.write_text(text, encoding="utf-8")
        both_ways(work, action)


def edits(session) -> List[Tuple[int, Dict[str, Any]]]:
    """Corrections a table makes: a note, and a field of one hand given the value it has in
    another (which may change everything after it, or be refused)."""
    hands = session.hands
    found: List[Tuple[int, Dict[str, Any]]] = []
    for number, hand in enumerate(hands, start=1):
        found.append((number, {"note": f"hand {number} checked"}))
        for other in hands:
            shared = [k for k in other.fields if k in hand.fields and k not in ("at", "note", "corrected")
                      and other.fields[k] != hand.fields[k]]
            if shared:
                found.append((number, {shared[0]: other.fields[shared[0]]}))
                break
    return found


def ends_and_middle(found: List[Tuple[int, Dict[str, Any]]]) -> List[Tuple[int, Dict[str, Any]]]:
    """The corrections of the first hand, the middle one and the last: a replay from the
    start, from within and of the last hand alone (the random sittings below try the rest)."""
    numbers = sorted({n for n, _ in found})
    keep = {numbers[0], numbers[len(numbers) // 2], numbers[-1]} if numbers else set()
    return [(n, raw) for n, raw in found if n in keep]


@pytest.mark.slow  # a property of every game: run by the full suite (CI)
@pytest.mark.parametrize("name", GAME_NAMES)
@settings(PROPERTY, max_examples=4)
@given(data=st.data())
def test_every_game_logs_undoes_and_corrects_as_the_plain_path_does(tmp_path_factory, name, data):
    replayed = data.draw(sittings(name, min_hands=2))
    path = tmp_path_factory.mktemp("fast") / "p.yaml"
    write(replayed, path)
    pristine = path.read_bytes()
    candidates = edits(store.load(path))
    chosen = data.draw(st.lists(st.sampled_from(candidates), max_size=3)) if candidates else []
    logs = [log_last_again] if replayed.session.hands else []  # (an undo of nothing is refused)
    for action in logs + [undo, undo_redo] + [correction(number, raw) for number, raw in chosen]:
        path.write_bytes(pristine)
        both_ways(path, action)


CAUGHT_UP_HANDS = 150


@pytest.mark.parametrize("case", bench_sittings().cases())
def test_a_correction_that_changes_a_games_result_catches_up_as_the_plain_path_does(tmp_path, case):
    # A number of the first hand (and of one within) raised by one, as bench/bench_scale.py's
    # "edit scored" does: the game in progress ends otherwise, and the corrected replay stops
    # once the state is again the old one but for the histories (games/history.py), whose
    # records are then made again. The plain path replays every hand.
    session = bench_sittings().sitting(case, CAUGHT_UP_HANDS, seed=3)
    path = tmp_path / f"{case}.yaml"
    text = store.dump(session)
    chosen = (1, CAUGHT_UP_HANDS // 3)
    changes = [(number, {name: value + 1}) for number in chosen
               for name, value in list(session.hands[number - 1].fields.items())[:3] if type(value) is int]
    # and a field given the value it has in another hand (a winner named, a card): every game
    changes += [(number, raw) for number, raw in edits(session) if number in chosen and "note" not in raw]
    assert changes, f"{case}: nothing to correct"
    for number, raw in changes:
        path.write_text(text, encoding="utf-8")
        both_ways(path, correction(number, raw))
