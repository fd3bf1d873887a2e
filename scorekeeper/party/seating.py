"""Where everyone sits: tables of three to six at Hearts, partnerships of four at Cinch with the
rest sitting out in turn, the movement after a round, and arrivals and departures.

Pure: seatings in, seatings out. The replay (replay.py) decides when each is applied.
"""

from __future__ import annotations

from typing import Dict, List, Set, Mapping, Optional, Sequence, Tuple

from ..model import ScorekeeperError

HEARTS = "progressive-hearts"
CINCH = "progressive-cinch"
# The party sizes we seat: Hearts at two tables of three upwards, Cinch at two tables of four.
MIN_PLAYERS = {HEARTS: 6, CINCH: 8}
MAX_PLAYERS = 60
# Hearts, rules/001 PLAYERS: "Any number from two to six persons may play"; a party table has
# three to six (two would leave nobody to compare with at a table of the movement).
HEARTS_SIZES = (3, 4, 5, 6)
MOVERS = 2  # Progressive Hearts: "one lady and one gentleman go up from each table"

Seating = Tuple[Tuple[str, ...], ...]  # the tables, table 1 first, each in seat order


def check_count(game: str, count: int, what: str = "a party") -> None:
    low = MIN_PLAYERS[game]
    if not low <= count <= MAX_PLAYERS:
        raise ScorekeeperError(f"{what} of {game} has {low} to {MAX_PLAYERS} players, got {count}",
                               usage=True, key="players")


def table_sizes(game: str, count: int) -> List[int]:
    """As many tables of four as the count allows, the rest of three or five (Hearts: the laws'
    cards removed for three and five, rules/001 CARDS); at Cinch the players beyond a multiple
    of four sit out. The odd tables are the lowest."""
    fours, extra = divmod(count, 4)
    if game == CINCH or extra == 0:
        return [4] * fours
    if extra == 1:  # 4k + 1: one table of five
        return [4] * (fours - 1) + [5]
    if extra == 2:  # 4k + 2: two tables of three (two fives would leave a four fewer)
        return [4] * (fours - 1) + [3, 3]
    return [4] * fours + [3]


def first_seating(game: str, players: Sequence[str]) -> Seating:
    """The tables in the order given, table 1 (the head table) first; at Cinch the last players
    listed beyond the tables sit out the first round."""
    seating, start = [], 0
    for size in table_sizes(game, len(players)):
        seating.append(tuple(players[start:start + size]))
        start += size
    return tuple(seating)


def groups(size: int) -> Tuple[Tuple[int, ...], ...]:
    """The groups of seats that compare hearts: at an even table the book's ladies (seats 1, 3,
    ...) and gentlemen (2, 4, ...), one of each moving; at a table of three or five, which
    cannot pair off, the whole table, two of it moving."""
    if size % 2 == 0:
        return (tuple(range(0, size, 2)), tuple(range(1, size, 2)))
    return (tuple(range(size)),)


def movers_per_group(size: int) -> int:
    return MOVERS // len(groups(size))


def move(game: str, seating: Seating, leaving: Mapping[int, Sequence[str]]) -> Seating:
    """The next round's seating: table t's leavers (two, in seat order) go to table t-1, the head
    table's to the booby table. Hearts: an arrival "takes the seat vacated" by one of his group
    (a lady's seat for a lady) where both tables pair off, else the vacated seats in order.
    Cinch: "the partners divide": the pair that stays takes seats 1 and 2, the arrivals 3 and 4."""
    tables = len(seating)
    new: List[Tuple[str, ...]] = []
    for t in range(1, tables + 1):
        players = seating[t - 1]
        source = t + 1 if t < tables else 1
        arriving = leaving[source]
        if game == CINCH:
            new.append(tuple(p for p in players if p not in leaving[t]) + tuple(arriving))
            continue
        seats = list(players)
        vacated = [s for s, p in enumerate(players) if p in leaving[t]]
        came_from = seating[source - 1]
        paired = len(players) % 2 == 0 and len(came_from) % 2 == 0
        for arrival in arriving:
            group = came_from.index(arrival) % 2
            seat = next((s for s in vacated if s % 2 == group), vacated[0]) if paired else vacated[0]
            vacated.remove(seat)
            seats[seat] = arrival
        new.append(tuple(seats))
    return tuple(new)


def reseat(game: str, tables: Seating, pool: Sequence[str], joins: Sequence[str], leaves: Sequence[str],
           missed: Mapping[str, int], order: Sequence[str]) -> Tuple[Seating, Tuple[str, ...]]:
    """A round's seating from the movement's (`tables`), with those who sat out the round before
    (`pool`), the arrivals and the departures: (the tables, who sits out)."""
    gone = set(leaves)
    pool = [p for p in pool if p not in gone] + [p for p in joins if p not in gone]
    if game == CINCH:
        return _cinch(tables, pool, gone, missed, order)
    return _hearts(tables, pool, gone), ()


def _hearts(seating: Seating, pool: List[str], gone: Set[str]) -> Seating:
    """A departure leaves his table one short; a table left with two breaks up, its two placed as
    arrivals are: each at the table with the fewest players (the lowest of them) while it has
    fewer than five, else at a new booby table of three made with the last seats of the
    fullest tables."""
    tables = [[p for p in t if p not in gone] for t in seating]
    for t in [t for t in tables if len(t) < HEARTS_SIZES[0]]:
        pool[:0] = t
        tables.remove(t)
    if not tables:  # every table broke up: seated afresh
        return first_seating(HEARTS, pool)
    for p in pool:
        fewest = min(range(len(tables)), key=lambda i: (len(tables[i]), -i)) if tables else None
        if fewest is not None and len(tables[fewest]) < 5:
            tables[fewest].append(p)
            continue
        new = [p]
        while len(new) < HEARTS_SIZES[0]:
            fullest = max(range(len(tables)), key=lambda i: (len(tables[i]), i))
            new.insert(0, tables[fullest].pop())
        tables.append(new)
    return tuple(tuple(t) for t in tables)


def _cinch(seating: Seating, pool: List[str], gone: Set[str], missed: Mapping[str, int],
           order: Sequence[str]) -> Tuple[Seating, Tuple[str, ...]]:
    """Tables of four: as many as the players fill, a new booby table when there are four more,
    the booby table broken up when there are not. The rest sit out: those who have sat out
    least (rounds before arriving count as sat out), in the order of the list (those left over
    by the first seating first): nobody sits out twice before everybody has once. One coming
    back takes the seat of one going out."""
    tables: List[List[Optional[str]]] = [[None if p in gone else p for p in t] for t in seating]
    count = sum(1 for t in tables for p in t if p is not None) + len(pool)
    wanted = count // 4
    while len(tables) > wanted:
        pool.extend(p for p in tables.pop() if p is not None)
    while len(tables) < wanted:
        tables.append([None] * 4)
    rank: Dict[str, int] = {p: i for i, p in enumerate(order)}
    present = [p for t in tables for p in t if p is not None] + pool
    out = set(sorted(present, key=lambda p: (missed.get(p, 0), rank.get(p, len(rank))))[:count - 4 * wanted])
    coming = [p for p in pool if p not in out]
    seats = [[None if p in out else p for p in t] for t in tables]
    for t in seats:
        for s, p in enumerate(t):
            if p is None:
                t[s] = coming.pop(0)
    return (tuple(tuple(p for p in t if p is not None) for t in seats),
            tuple(p for p in order if p in out))
