"""The fast paths of a write give what the plain ones give, for every game: a hand logged (or
redone) is applied to the state the replay already reached, a correction replays from the
hand corrected, an undo finishes from the state before the last hand, and the hands a write did
not change are written back as the text they were read from. Each is checked against the
plain path: a whole replay of the file written (the standings, every effect) and a whole
dump of it (the bytes), on every bundled sitting and on sittings of every game drawn at
random (hypothesis, with the strategies of tests/test_replay_properties.py).

And what the fast paths take on trust: that a hand reads only the lengths of the histories
before it (a correction's replay catches up on that), that a hand logged after a correction
that caught up goes on as a whole replay, that nothing a game object or the process keeps
for one table is read by another, and that no reader changes the effects, states and values
the replays share."""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import os
from pathlib import Path
from typing import Any, Dict, List, Tuple
from unittest import mock

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper import ledger, store
from scorekeeper.games import get_game
from scorekeeper.games.history import History, same_but_histories, with_histories
from scorekeeper.model import Hand, ScorekeeperError, Session
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


# ---------------------------------------------------------------- what the catch-up takes on trust


class _Unread(History):
    """A history as long as the one it stands for, whose values may not be read: a hand that
    reads one (iterates it, indexes it, compares or hashes it) fails; its length and `plus`
    are all a hand may use."""

    __slots__ = ()

    def _own(self) -> Any:
        raise AssertionError("a hand read what a history holds, not only its length")


def _fields_of(state: Any) -> Dict[str, Any]:
    """A state's fields by name (a NamedTuple's or a dataclass's)."""
    if hasattr(state, "_asdict"):
        return dict(state._asdict())
    return {name: getattr(state, name) for name in state.__dataclass_fields__}


def _unread(state: Any) -> Any:
    """`state` with each history it holds (of one value or more) unreadable, or None if none."""
    hidden = {name: _Unread([None] * len(value)) for name, value in _fields_of(state).items()
              if isinstance(value, History) and len(value)}
    if not hidden:
        return None
    return state._replace(**hidden) if hasattr(state, "_replace") else dataclasses.replace(state, **hidden)


def _accepted(session: Session) -> Session:
    """The sitting under its header with every hand its laws refuse left out (as often as
    leaving one out makes a later one refused)."""
    game = get_game(session.game)
    resolved = session._replace(rules=game.resolve_rules(session.rules, session.players))
    while True:
        errors: List[ScorekeeperError] = []
        game.replay(resolved, errors=errors)
        if not errors:
            return session.with_hands(resolved.hands)
        refused = {err.hand for err in errors}
        resolved = resolved.with_hands(tuple(h for i, h in enumerate(resolved.hands) if i not in refused))


def _histories_cases() -> List[Tuple[str, Dict[str, Any]]]:
    """Every game's grown sitting, and the rules under which two more keep histories: Domino
    Hearts' games and a tally played to a target."""
    return [(case, {}) for case in bench_sittings().cases()] + [("hearts", {"settling": "domino"}),
                                                                 ("tally", {"target": 60})]


HISTORY_HANDS = 60


@pytest.mark.parametrize("case, rules", _histories_cases(), ids=lambda v: v if isinstance(v, str) else
                         ",".join(f"{k}={x}" for k, x in v.items()) or "grown")
def test_a_hand_reads_of_the_histories_before_it_their_lengths_only(case, rules):
    # What `Game.fold`'s catch-up (games/history.py, same_but_histories) takes on trust: from
    # two states alike but for what their histories hold, every later hand has the same effect
    # and appends the same records. Each hand is applied again to the state before it with its
    # histories unreadable: the same effect, and the same state with the same records added.
    grown = bench_sittings().sitting(case, HISTORY_HANDS, seed=5)
    session = _accepted(grown._replace(rules={**grown.rules, **rules})) if rules else grown
    replayed = ledger.check_session(session, states=True)
    game, folded, resolved = replayed.game, replayed.folded, replayed.session
    assert folded is not None and folded.states is not None and folded.values is not None
    if not any(isinstance(value, History) for value in _fields_of(folded.state).values()):
        return  # a game that keeps no history: caught up only where the states are equal
    afters = folded.states[1:] + (folded.state,)
    tried = 0
    for index, (before, values, after) in enumerate(zip(folded.states, folded.values, afters)):
        hidden = _unread(before)
        if hidden is None:
            continue
        tried += 1
        state, effect = game.apply(hidden, values, resolved, index)
        assert effect == folded.effects[index], f"hand {index + 1}"
        assert same_but_histories(state, after), f"hand {index + 1}"
        for name, value in _fields_of(state).items():
            stood_for = getattr(hidden, name)
            if isinstance(stood_for, _Unread) and value is not stood_for:  # a record added
                held = len(stood_for)
                assert list(value)[held:] == list(getattr(after, name))[held:], f"hand {index + 1}: {name}"
    assert tried, f"{case}: no history before any hand"


# ---------------------------------------------------------------- one process, many sittings


# The memos a process keeps for every sitting it reads and replays, beside functools' caches:
# what the line reader and the loader made of each token, the cards read from their tokens
# (test_every_memo_a_replay_fills_is_one_the_tests_forget finds any other).
PROCESS_MEMOS = {"scorekeeper.store.lines": ("_KEYS", "_TOKENS", "_PLAIN_STR"),
                 "scorekeeper.store.load": ("_TAGS",),
                 "scorekeeper.cards": ("_PARSED",)}


_CLEARS: Dict[str, List[Any]] = {}  # by module: how each of its memos is emptied (found once)


def _forget_memos() -> None:
    """Every memo the program keeps for the whole process emptied (functools' caches and
    PROCESS_MEMOS), as in a process that has replayed nothing yet."""
    import sys

    for name, module in list(sys.modules.items()):
        clears = _CLEARS.get(name)
        if clears is None:
            if not name.startswith("scorekeeper") or module is None:
                continue
            clears = _CLEARS[name] = [value.cache_clear for value in list(vars(module).values())
                                      if callable(getattr(value, "cache_clear", None))]
            clears += [getattr(module, memo).clear for memo in PROCESS_MEMOS.get(name, ())]
        for clear in clears:
            clear()


def _rule_variants(game: Any, players: Tuple[str, ...]) -> List[Dict[str, Any]]:
    """One rule given another value than its default, for each value a rule may take (a
    number: one more and half of it), as long as the game takes it at this table."""
    found: List[Dict[str, Any]] = []
    for rule in game.all_rules():
        if rule.reads_file:
            continue
        default = rule.default
        if rule.name == "first_dealer":
            values: List[Any] = [players[1]]
        elif " | " in rule.values:
            values = [v for v in rule.values.split(" | ") if v != default]
        elif isinstance(default, bool):
            values = [not default]
        elif isinstance(default, int):
            values = [default + 1, max(1, default // 2)]
        elif default is None:
            values = [25]
        else:
            values = []
        for value in values:
            try:
                if rule.name != "first_dealer" and rule.read(value) == default:
                    continue  # (`on` for a rule that is on)
                game.resolve_rules({rule.name: value}, players)
            except ScorekeeperError:
                continue
            found.append({rule.name: value})
    return found


def _replayed(game: Any, session: Session) -> Tuple[Any, List[Tuple[str, Any, Any]]]:
    """The standings (or the header's refusal) and every refused hand, as `check` replays."""
    errors: List[ScorekeeperError] = []
    try:
        standings: Any = game.replay(session, errors=errors)
    except ScorekeeperError as err:
        standings = ("refused", err.message)
    return standings, [(err.message, err.hand, err.field) for err in errors]


@pytest.mark.parametrize("case", bench_sittings().cases())
def test_one_game_replaying_other_tables_in_turn_scores_each_as_a_fresh_process_would(case):
    # A game object keeps what it worked out for a table (whist's scored deals), and the
    # process keeps memos of its own (Enfle's deals, Boston's adversaries, the spoken counts,
    # cribbage's facts of a table). The sitting replayed in turn by one game object under
    # other headers (the players in another order, a player more, each rule changed) scores
    # each as a new game object does in a process that has replayed nothing (its memos
    # forgotten): nothing one table worked out is read by another.
    grown = bench_sittings().sitting(case, 20, seed=7)
    shared = get_game(grown.game)
    players = grown.players
    seatings = [players, tuple(reversed(players)), players[1:] + players[:1]]
    if len(players) < shared.max_players:  # a player more, who scores nothing
        seatings.append(players + ("Zed",))
    headers = [(seated, {}) for seated in seatings[1:]]
    headers += [(seated, variant) for seated in (players, seatings[-1])
                for variant in _rule_variants(shared, seated)]
    for seated, variant in [(players, {})] + headers:  # each after another
        rules = shared.resolve_rules({**grown.rules, **variant}, seated)
        session = grown._replace(players=seated, rules=rules)
        seen = _replayed(shared, session)
        _forget_memos()
        assert seen == _replayed(get_game(grown.game), session), (seated, variant)


_FILLED = """
import importlib.util, json, pkgutil, sys
import scorekeeper.games
def containers():
    return {(name, attr): value for name, module in list(sys.modules.items())
            if name.startswith("scorekeeper") and module is not None
            for attr, value in list(vars(module).items()) if type(value) in (dict, list, set)}
for found in pkgutil.walk_packages(scorekeeper.games.__path__, "scorekeeper.games."):
    importlib.import_module(found.name)
spec = importlib.util.spec_from_file_location("bench_sittings", "bench/sittings.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
before = {key: len(value) for key, value in containers().items()}
for case in bench.cases():
    session = bench.sitting(case, 12, seed=11)
    game = scorekeeper.games.get_game(session.game)
    standings = game.replay(session._replace(rules=game.resolve_rules(session.rules, session.players)))
    [tuple(effect.notes) for effect in standings.effects]  # worded, as a page words them
json.dump(sorted(key for key, value in containers().items() if key in before and len(value) != before[key]),
          sys.stdout)
"""


def test_every_memo_a_replay_fills_is_one_the_tests_forget():
    # So that the test above compares with what a process that has replayed nothing computes:
    # a memo kept in a module's dict, list or set but not in PROCESS_MEMOS would be read by
    # its fresh replays too. A new process grows a sitting of every game, replays and words
    # it, and names every module's container that grew.
    import json
    import subprocess
    import sys

    from tests.conftest import ROOT

    ran = subprocess.run([sys.executable, "-c", _FILLED], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    filled = {tuple(key) for key in json.loads(ran.stdout)}
    assert filled <= {(module, name) for module, names in PROCESS_MEMOS.items() for name in names}


# ---------------------------------------------------------------- what readers leave as it was


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


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_no_reader_changes_what_a_replay_made(path):
    # A replay's effects, states and typed values are shared: whist's deals scored alike share
    # one effect, Enfle's deals of one winner share their changes (for the whole process),
    # a counters game's effect holds the state's own mapping, and a correction's replay takes
    # the states and values of the replay before it. Every command's reading of them leaves
    # them as they were (to the order of every mapping: repr shows it).
    replayed = ledger.check_session(store.load(path), states=True)
    made = repr((replayed.folded, replayed.standings))
    _every_reading(replayed)
    assert repr((replayed.folded, replayed.standings)) == made


# The games whose grown sitting (seed 9) has corrections that catch up but for the histories
_CAUGHT_UP_BY_HISTORIES = ("all-fours", "cinch", "cribbage", "cribbage-cards", "french-whist", "short-whist",
                           "sixty-three")


def _outcome(make: Any) -> Tuple[str, Any]:
    """("ok", the replay made) or ("refused", why)."""
    try:
        return "ok", make()
    except ScorekeeperError as err:
        return "refused", err.message


@pytest.mark.parametrize("case", bench_sittings().cases())
def test_a_hand_logged_after_a_correction_that_caught_up_goes_on_as_a_whole_replay(case):
    # A correction's replay may stop where the state is the old one but for its histories,
    # and end with the old end's histories made again (games/history.py, with_histories): a
    # state no replay reached hand by hand. A hand logged after it goes on from that state.
    grown = bench_sittings().sitting(case, 40, seed=9)
    before = ledger.check_session(grown, states=True)
    hands = before.session.hands
    changes = [(number, {name: value + 1}) for number in (1, 2)
               for name, value in list(hands[number - 1].fields.items())[:3] if type(value) is int]
    changes += [(number, raw) for number, raw in edits(grown) if number <= 3 and "note" not in raw]
    made_again = mock.Mock(wraps=with_histories)
    for number, raw in changes:
        corrected = list(hands)
        corrected[number - 1] = Hand({**hands[number - 1].fields, **raw})
        with mock.patch("scorekeeper.games.base.with_histories", made_again):
            fast = _outcome(lambda: ledger.replayed_from(before, corrected))
        assert fast[:1] == _outcome(lambda: ledger.check_session(grown.with_hands(tuple(corrected))))[:1]
        if fast[0] != "ok":
            continue
        replayed = fast[1]
        same_standings(replayed.standings, ledger.check_session(grown.with_hands(tuple(corrected))).standings)
        for extra in hands[:3]:  # a hand more, as the players log it next
            longer = tuple(corrected) + (Hand(dict(extra.fields)),)
            logged = _outcome(lambda: ledger.replayed_from(replayed, longer))
            whole = _outcome(lambda: ledger.check_session(grown.with_hands(longer)))
            assert logged[0] == whole[0]
            if logged[0] == "ok":
                same_standings(logged[1].standings, whole[1].standings)
            else:
                assert logged == whole
    if case in _CAUGHT_UP_BY_HISTORIES:
        assert made_again.called, f"{case}: no correction caught up but for the histories"
