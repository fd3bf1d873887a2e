"""A change replays no more than it must, and gives what a whole replay gives: a hand logged
(or put back) is one `apply` on the state the load reached, an undo finishes from the state
before the last hand, a correction replays from the hand corrected (`ledger.replayed_from`).
On every bundled sitting, each change's sitting after it is the whole replay of the file it
wrote, or it is refused and the file is as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import pytest

from scorekeeper import ledger, store
from scorekeeper.model import ScorekeeperError
from tests.conftest import SESSIONS
from tests.test_replay_properties import AT, same_standings

BUNDLED = [p for p in sorted(SESSIONS.glob("*.yaml")) if "kind: party" not in p.read_text(encoding="utf-8")]


def log_last_again(path: Path) -> ledger.Change:
    session = store.load(path)
    last = session.hands[-1]
    path.write_text(store.dump(session.with_hands(session.hands[:-1])), encoding="utf-8")
    return ledger.at_once(ledger.add_hand, path, {k: v for k, v in last.fields.items() if k != "corrected"},
                          at=AT)


def undo_redo(path: Path) -> ledger.Change:
    ledger.at_once(ledger.undo, path)
    return ledger.at_once(ledger.redo, path)


def correction(number: int, raw: Dict[str, Any]) -> Callable[[Path], ledger.Change]:
    return lambda path: ledger.at_once(ledger.edit, path, number, raw, at=AT)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_change_to_a_bundled_sitting_is_what_a_whole_replay_makes(tmp_path, path):
    work = tmp_path / path.name
    text = path.read_text(encoding="utf-8")
    actions = [log_last_again, lambda p: ledger.at_once(ledger.undo, p), undo_redo]
    actions += [correction(number, raw) for number, raw in ends_and_middle(edits(store.load(path)))]
    for action in actions:
        work.write_text(text, encoding="utf-8")
        start = work.read_bytes()
        try:
            made = action(work)
        except ScorekeeperError:
            assert work.read_bytes() == start  # refused: nothing written
            continue
        after = ledger.open_session(work)
        same_standings(made.after.standings, after.standings)
        # the hands made are the file's (which holds each value as its text: issue 31)
        assert store.dump(made.after.session) == store.dump(after.session) == work.read_text(encoding="utf-8")


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
