"""Parties of any size (issue 29): Progressive Hearts for 6 to 60 at tables of three to six,
Progressive Cinch for 8 to 60 with the rest sitting out in turn; arrivals and departures.

Every party is played through six rounds by the library (the replay of a `Session` value, as the
command line's), results made at random; after each round the invariants hold: every player at
the party seated or sitting out exactly once, one star at most each, the stars of a round as
many as its tables give (conserved: the tallies are the sum of the tables' stars), the movers of
each table at the table above, and nobody sitting out twice before everybody has once."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Dict, List, Sequence, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.model import Hand, ScorekeeperError, Session
from scorekeeper.party import replay as progressive
from scorekeeper.party import seating as seats

HEARTS, CINCH = progressive.HEARTS, progressive.CINCH
ROUNDS = 6


def names(count: int, start: int = 0) -> List[str]:
    return [f"P{n:02d}" for n in range(start, start + count)]


def fewest(group: Sequence[int], hearts: Sequence[int], wanted: int) -> Tuple[List[int], List[int]]:
    """The book's comparison worked out independently: the `wanted` seats of the group with the
    fewest hearts, ties at the edge cut for (the first of them win the cut)."""
    edge = sorted(hearts[s] for s in group)[wanted - 1]
    below = [s for s in group if hearts[s] < edge]
    tied = [s for s in group if hearts[s] == edge]
    need = wanted - len(below)
    return below + tied[:need], (tied[:need] if len(tied) > need else [])


def hearts_result(rng: random.Random, players: Sequence[str], table: int) -> Dict[str, Any]:
    size = len(players)
    total = 12 if size == 6 else 13
    hearts = [0] * size
    for _ in range(total):
        hearts[rng.randrange(size)] += 1
    cut: List[int] = []
    for group in seats.groups(size):
        moving = seats.movers_per_group(size)
        cut += fewest(group, hearts, moving if table > 1 else len(group) - moving)[1]
    entry: Dict[str, Any] = {"table": table, "players": list(players), "hearts": hearts}
    if cut:
        entry["cut"] = sorted(s + 1 for s in cut)
    return entry


def cinch_result(rng: random.Random, players: Sequence[str], table: int) -> Dict[str, Any]:
    a = rng.randrange(0, 29)
    b = rng.choice([a, rng.randrange(0, 29)])
    entry: Dict[str, Any] = {"table": table, "players": list(players), "points": [a, b]}
    if a == b:
        entry["cut"] = [rng.choice([1, 2])]
    return entry


def play(game: str, count: int, rng: random.Random, changes: bool = False) -> Tuple[Session, List[Any]]:
    """A party of `count` played six rounds; with `changes`, someone arrives or leaves now and
    then between rounds. Returns the party and the standing after each round."""
    party = Session(name="p", game=game, players=tuple(names(count)), rules={})
    hands: List[Hand] = []
    standings = []
    arrivals = count
    for round_ in range(1, ROUNDS + 1):
        standing = progressive.replay(party._replace(hands=tuple(hands)))
        if changes and rng.random() < 0.5:
            present = list(standing.present)
            if rng.random() < 0.5 and len(present) < seats.MAX_PLAYERS:
                hands.append(Hand({"round": round_, "join": f"P{arrivals:02d}"}))
                arrivals += 1
            elif len(present) > seats.MIN_PLAYERS[game]:
                hands.append(Hand({"round": round_, "leave": rng.choice(present)}))
            standing = progressive.replay(party._replace(hands=tuple(hands)))
        make = hearts_result if game == HEARTS else cinch_result
        for table, players in enumerate(standing.tables, start=1):
            hands.append(Hand({"round": round_, **make(rng, players, table)}))
        standings.append(progressive.replay(party._replace(hands=tuple(hands))))
    return party._replace(hands=tuple(hands)), standings


def check_invariants(game: str, standings: Sequence[Any], fair: bool) -> None:
    last = standings[-1]
    assert last.round == ROUNDS + 1
    sat_out: Counter = Counter()
    for round_ in range(1, ROUNDS + 1):
        tables = last.history[round_ - 1]
        out = last.sitting_out[round_ - 1]
        present = standings[round_ - 1].present  # nobody arrived or left once the round began
        seated = [p for t in tables for p in t]
        # every player at the party seated or sitting out exactly once a round
        assert sorted(seated + list(out)) == sorted(present)
        if game == HEARTS:
            assert not out and all(3 <= len(t) <= 6 for t in tables)
        else:
            assert all(len(t) == 4 for t in tables) and len(out) == len(present) % 4
        results = [r for r in last.results if r.round == round_]
        assert sorted(r.table for r in results) == list(range(1, len(tables) + 1))
        stars = Counter(c for r in results for c in r.stars.values())
        given_to = [p for r in results for p in r.stars]
        assert len(given_to) == len(set(given_to))  # one star at most a player a round
        head = len(tables[0])
        if game == HEARTS:
            assert stars["gold"] == head - 2 and stars["red"] == 2 * (len(tables) - 1)
            assert stars["green"] >= 1
        else:
            assert (stars["gold"], stars["red"], stars["green"]) == (2, 2 * (len(tables) - 1), 2)
        # the movers of each table go to the table above, the head table's losers to the booby table
        for p in out:
            sat_out[p] += 1
        if fair:  # nobody sits out twice before everybody has sat out once
            assert max(sat_out[p] for p in present) - min(sat_out[p] for p in present) <= 1
    # the tallies are the tables' stars, nothing lost or made
    total = {p: Counter() for p in last.players}
    for r in last.results:
        for p, colour in r.stars.items():
            total[p][colour] += 1
    for p in last.players:
        assert {c: total[p][c] for c in progressive.COLOURS} == dict(last.stars[p])


def check_movement(game: str, last: Any) -> None:
    """Where nobody arrived or left, each table's two movers sit at the table above next round."""
    for round_ in range(1, ROUNDS):
        now, then = last.history[round_ - 1], last.history[round_]
        where = {p: t for t, players in enumerate(then, start=1) for p in players}
        for r in (r for r in last.results if r.round == round_):
            leaving = r.losers if r.table == 1 else r.winners
            assert len(leaving) == 2
            to = len(now) if r.table == 1 else r.table - 1
            for p in leaving:
                assert where.get(p, to) == to  # (at Cinch he may be sitting out)
            staying = [p for p in r.players if p not in leaving]
            for p in staying:
                assert where.get(p, r.table) == r.table


@pytest.mark.parametrize("game", [HEARTS, CINCH])
def test_every_size_starts_and_plays_six_rounds(game):
    """Every size from 6 (Hearts) or 8 (Cinch) to 60, without arrivals or departures."""
    rng = random.Random(29)
    for count in range(seats.MIN_PLAYERS[game], seats.MAX_PLAYERS + 1):
        _, standings = play(game, count, rng)
        check_invariants(game, standings, fair=True)
        check_movement(game, standings[-1])


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from([HEARTS, CINCH]), count=st.integers(6, 60), seed=st.integers(0, 2**32),
       changes=st.booleans())
def test_parties_of_any_size_keep_their_invariants(game, count, seed, changes):
    count = max(count, seats.MIN_PLAYERS[game])
    _, standings = play(game, count, random.Random(seed), changes)
    unchanged = all(not s.changes for s in standings)
    check_invariants(game, standings, fair=unchanged)
    if unchanged:
        check_movement(game, standings[-1])


@pytest.mark.parametrize("count, sizes", [(6, [3, 3]), (7, [4, 3]), (9, [4, 5]), (10, [4, 3, 3]),
                                          (13, [4, 4, 5]), (14, [4, 4, 3, 3]), (60, [4] * 15)])
def test_hearts_seats_as_many_tables_of_four_as_it_can_and_the_rest_of_three_or_five(count, sizes):
    assert seats.table_sizes(HEARTS, count) == sizes


def test_cinch_players_beyond_a_multiple_of_four_sit_out_the_first_round_in_the_order_given():
    st_ = progressive.replay(Session("p", CINCH, tuple(names(11)), {}))
    assert [len(t) for t in st_.tables] == [4, 4] and st_.out == ("P08", "P09", "P10")


@pytest.mark.parametrize("game, count", [(HEARTS, 5), (HEARTS, 61), (CINCH, 7), (CINCH, 61)])
def test_a_party_too_small_or_too_large_is_refused_saying_the_range(game, count):
    with pytest.raises(ScorekeeperError) as err:
        progressive.check_players(game, names(count))
    low = seats.MIN_PLAYERS[game]
    assert err.value.message == f"a party of {game} has {low} to 60 players, got {count}"
