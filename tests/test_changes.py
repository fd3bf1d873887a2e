"""A change replays no more than it must, and gives what a whole replay gives: a hand logged
(or put back) is one `apply` on the state the load reached, an undo finishes from the state
before the last hand, a correction replays from the hand corrected (`ledger.replayed_from`).
On every bundled sitting, each change's sitting after it is the whole replay of the file it
wrote, or its refusal is the whole replay's and the file is as it was. And no reader changes
what a replay made (a replay's effects are shared by what every command reads of them)."""

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
        assert [h.fields for h in made.after.session.hands] == [h.fields for h in after.session.hands]


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


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_no_reader_changes_what_a_replay_made(path):
    # A replay's effects and states are shared: whist's deals scored alike share one effect,
    # Enfle's deals of one winner share their changes (for the whole process), a counters
    # game's effect holds the state's own mapping, and a change's replay goes on from the
    # state of the replay before it. Every command's reading of them leaves them as they were
    # (to the order of every mapping: repr shows it).
    replayed = ledger.check_session(store.load(path), keep=len(store.load(path).hands) // 2)
    made = repr((replayed.folded, replayed.standings))
    _every_reading(replayed)
    assert repr((replayed.folded, replayed.standings)) == made


def _every_reading(replayed: ledger.Replayed) -> None:
    """What every command reads of a replay: show (text, JSON, the last hand, a correction),
    export, settle, chart, the board's page, the report's page, the season's figures."""
    from scorekeeper import stats
    from scorekeeper.render import board, chart, html, sitting
    from scorekeeper.render import stats as render_stats

    session, st, game = replayed.session, replayed.standings, replayed.game
    settled = ledger.settlement(replayed)
    lines = stats.score_lines(st)
    sides = game.score_sides(session)
    sitting.show_text(session, st, sides=sides)
    sitting.show_json(session, st)
    sitting.export_csv(session, st)
    sitting.settle_text(session, st, settled)
    sitting.settle_json(settled, st)
    chart.chart_text("t", lines.lines, lines.game_ends, 80, target=game.race_target(session))
    chart.chart_svg(lines.lines, lines.game_ends)
    board.sitting_board(session, st)
    html.sitting_html(session, st, settled, lines, ledger.hands_in_words(replayed), sides,
                      game.race_target(session))
    if session.hands:
        sitting.effect_text(session, st)
        sitting.hand_json(session, st)
        sitting.correction_text(1, session, st, session, st)
    figures: List[Any] = []
    ledger.check_session(session, figures)
    night = ledger.Night(replayed, settled, tuple(figures))
    season = stats.season([night])
    render_stats.stats_text(season, "sessions")
    render_stats.stats_json(season)
    html.season_html(season, [night.slim(figures=False)])
