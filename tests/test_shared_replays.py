"""One process replays many sittings, and many readers read one replay: a game object that
replays another table scores it as a new one does, and no reader changes what a replay made."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

from scorekeeper import ledger, store
from scorekeeper.games import get_game
from scorekeeper.model import ScorekeeperError, Session
from tests.conftest import SESSIONS, bench_sittings

BUNDLED = [p for p in sorted(SESSIONS.glob("*.yaml")) if "kind: party" not in p.read_text(encoding="utf-8")]
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
    # A game object keeps what it worked out for a table (its sides and dealers). The sitting
    # replayed in turn by one game object under other headers (the players in another order, a
    # player more, each rule changed) scores each as a new game object does: nothing one table
    # worked out is read by another.
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
        assert seen == _replayed(get_game(grown.game), session), (seated, variant)


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
    html.sitting_html(session, st, settled, lines, ["a hand in words"] * len(session.hands), sides,
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
    # A replay's effects and states are shared: whist's deals scored alike share one effect,
    # Enfle's deals of one winner share their changes (for the whole process), a counters
    # game's effect holds the state's own mapping, and a change's replay goes on from the
    # state the replay before it kept. Every command's reading of them leaves them as they
    # were (to the order of every mapping: repr shows it).
    replayed = ledger.check_session(store.load(path), keep=len(store.load(path).hands) // 2)
    made = _made(replayed)
    _every_reading(replayed)
    assert _made(replayed) == made
    # each hand said in words (the report's page) as it is replayed changes nothing it made
    said: List[str] = []
    assert _made(ledger.check_session(store.load(path), keep=len(store.load(path).hands) // 2,
                                      said=said)) == made and len(said) == len(replayed.session.hands)


def _made(replayed: ledger.Replayed) -> str:
    """What a replay made, to the order of every mapping (Folded is a plain class with no repr
    of its own: its parts)."""
    folded = replayed.folded
    assert folded is not None
    return repr((folded.state, folded.effects, folded.kept, replayed.standings))


