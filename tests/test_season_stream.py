"""A season is streamed: `stats` and `report --season` replay one sitting at a time and keep of
each only what they show (ledger.each_night, stats.SeasonCount), with the same figures as a
season counted from every sitting held whole; a sitting filtered out by its header is not read
past it; the header and the count of hands `list` shows are the same by either reader."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scorekeeper import ledger, stats, store
from scorekeeper.model import ScorekeeperError
from tests.conftest import SESSIONS

BUNDLED = sorted(SESSIONS.glob("*.yaml"))


@pytest.fixture
def folder(tmp_path) -> Path:
    for path in BUNDLED:
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "broken.yaml").write_text("format: scorekeeper/1\ngame: tally\nplayers: [A, B]\nhands:\n"
                                          "- {A: [1, 2}\n", encoding="utf-8")
    return tmp_path


def whole_nights(folder: Path, keep=lambda s: True):
    """The season as it was counted before it was streamed: every sitting loaded and kept whole."""
    nights, failed = [], []
    for path in store.list_sessions(folder):
        try:
            session = store.load(path)
            if not keep(session):
                continue
            figures = []
            replayed = ledger.check_session(session, figures)
            nights.append(ledger.Night(replayed, ledger.settlement(replayed), tuple(figures)))
        except store.PartyFile as party:
            failed.append(ledger.Failed(str(path), party.message, None, store.PARTY))
        except ScorekeeperError as err:
            failed.append(ledger.Failed(str(path), err.message, err.source.line if err.source else None))
    return nights, failed


def _held(found):
    return [(f.file, f.error, f.line, f.kind) for f in found]


def _night(n):
    return n and (n.sitting, n.game, n.cents, n.currency)


def _player(p: stats.PlayerSeason):
    return (p.name, p.sittings, p.hands, p.games_won, p.money,
            {game: (g.unit, g.sittings, g.hands, g.games_won, g.net) for game, g in p.by_game.items()},
            _night(p.best), _night(p.worst),
            {game: {name: (t.how, t.total, t.count, t.expected) for name, t in f.items()}
             for game, f in p.figures.items()})


def read(season: stats.Season):
    """What a season holds, every record as its fields (they are plain classes)."""
    return (season.sittings, season.hands, {name: _player(p) for name, p in season.players.items()},
            _held(season.failed), _held(season.parties))


def test_a_streamed_season_counts_what_a_whole_one_counts(folder):
    nights, failed = whole_nights(folder)
    assert read(stats.season(ledger.each_night(folder))) == read(stats.season(nights, failed))
    assert any(f.kind == "" for f in failed) and any(f.kind == store.PARTY for f in failed)


def test_a_night_kept_for_the_season_holds_no_hands_and_no_effects(folder):
    for found in ledger.each_night(folder):
        if isinstance(found, ledger.Night):
            assert found.replayed.session.hands == () and found.replayed.standings.effects == ()
            assert found.replayed.folded is None and found.hands_played >= 0
    nights, _ = whole_nights(folder)
    assert [n.hands_played for n in nights] == [n.slim().hands_played for n in nights]


def test_a_filtered_season_is_judged_by_the_headers_and_counts_the_same(folder):
    keep = stats.keeper("cribbage", None, None)
    nights, failed = whole_nights(folder, keep)
    streamed = stats.season(ledger.each_night(folder, keep), (), None, filtered=True)
    # a sitting of another game is not read past its header: its broken hand is not reported
    assert read(streamed) == read(stats.season(nights, [f for f in failed if "broken" not in f.file], None,
                                               filtered=True))
    assert streamed.sittings == 1


def test_a_sitting_filtered_out_is_not_read_past_its_header(folder):
    broken = folder / "broken.yaml"
    assert store.load_if(broken, lambda header: False) is None
    with pytest.raises(ScorekeeperError) as err:
        store.load_if(broken, lambda header: True)
    with pytest.raises(ScorekeeperError) as loaded:
        store.load(broken)
    assert str(err.value) == str(loaded.value)
