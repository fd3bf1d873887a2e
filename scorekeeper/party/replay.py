"""Progressive parties: many tables, players moving up, stars and prizes.

Progressive Hearts (rules/001, PROGRESSIVE HEARTS) and Progressive Cinch (rules/002, Progressive
Cinch), whose "general arrangements ... are the same as in Progressive Euchre": numbered tables,
table 1 the head table and the last the booby table; after each round the winners move up one
table, the losers at the head table go down to the booby table; tallies carry stars.

Everything here is pure: a party is a `Session` value whose `hands` are the table results,
each kept by seat (a list in seat order) with its table's players as they sat, so that a
correction changes that result and its stars, never where the later rounds were played.
`replay` walks the results in order and returns the seating, the stars and the standing.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple, TypeGuard

from ..fields import whole_number, refuse_field_names, suggest, text_bound
from ..model import COMMON_FIELDS, FILE, LOG_FIELDS, ScorekeeperError, Session, shown
from . import seating as seats
from .seating import CINCH, HEARTS, Seating

PARTY_GAMES = (HEARTS, CINCH)
COLOURS = ("gold", "red", "green")
SEATS = 4  # Cinch: two partnerships a table
TOTAL_HEARTS = 13  # Hearts: "all thirteen hearts have been accounted for"
JOIN, LEAVE = "join", "leave"  # a log entry that seats a late arrival, or takes one out


def hearts_in_play(size: int) -> int:
    """Hearts, rules/001 CARDS: "when six play, all four deuces are discarded", the heart's too;
    for three and five only black deuces go."""
    return TOTAL_HEARTS - 1 if size == 6 else TOTAL_HEARTS
DEALS = 4  # Progressive Cinch: "four deals, each player having the deal once only"

# How prizes are ranked: the book sends us to Progressive Euchre, whose text we do not have.
PRIZES = {
    "stars": "gold and red stars count one each; more gold breaks a tie, then fewer green",
    "gold-first": "gold stars first, then red, then fewer green",
    "all-stars": "every star counts one, green too; then more gold, then more red",
}
# Cinch: a round sat out while at the party (the players beyond a multiple of four take turns).
SITOUT = {"average": "a round sat out counts the player's average of the rounds he played",
          "none": "a round sat out counts nothing"}
# Either game: the rounds before a late arrival came or after an early leaver went count nothing.
ABSENT = "a round before arriving or after leaving counts nothing"
RULES = {"prizes": ("stars", PRIZES)}
CINCH_RULES = {"scoring": ("deduct", {"deduct": "the book's scoring by deduction",
                                      "setback": "the old way: a side that fails is set back",
                                      "eight": "the bidder's side must take 8 to score"}),
               "sitout": ("average", SITOUT)}



# ---------------------------------------------------------------- the party's header


def check_game(game: str) -> str:
    name = str(game).strip().lower()
    if name not in PARTY_GAMES:
        raise ScorekeeperError(f"the game of a party must be {' or '.join(PARTY_GAMES)}, got {shown(game)}"
                               f"{suggest(name, PARTY_GAMES)}", usage=True, key="game")
    return name


# The fields of a table's result besides its players' own (`party round` reads NAME=N).
RESULT_FIELDS = ("cut", "round", "table", "players", JOIN, LEAVE, *COMMON_FIELDS,
                 *(f"deal{n}" for n in range(1, DEALS + 1)))


def check_players(game: str, players: Sequence[str]) -> None:
    seats.check_count(game, len(players))
    refuse_field_names("a party", players, RESULT_FIELDS)  # the one rule for names, as a sitting's


def rules_of(game: str) -> Dict[str, Tuple[str, Mapping[str, str]]]:
    return {**RULES, **(CINCH_RULES if game == CINCH else {})}


def resolve_rules(game: str, given: Mapping[str, Any]) -> Dict[str, str]:
    known = rules_of(game)
    for name in given:
        if name not in known:
            raise ScorekeeperError(f"unknown rule {shown(name)} for {game}{suggest(name, list(known))}; "
                                   f"rules: {', '.join(known)}", rule=name)
    resolved = {}
    for name, (default, values) in known.items():
        raw = given.get(name)
        value = default if raw is None else str(raw).strip().lower()
        if value not in values:
            raise ScorekeeperError(f"rule {name}: must be one of {', '.join(values)}, got {shown(raw)}"
                                   f"{suggest(value, list(values))}", rule=name)
        resolved[name] = value
    return resolved


def first_seating(game: str, players: Sequence[str]) -> Seating:
    """The tables in the order given, table 1 (the head table) first (seating.table_sizes)."""
    return seats.first_seating(game, players)


# ---------------------------------------------------------------- one table's report, as typed


CUT = "cut"
PLAYERS_KEY = "players"  # a result's own record of its table's players, in seat order, as played


def _typed_kind(key: str, game: str) -> str:
    """What a FIELD of `party round`/`party edit` is: cut, note/at, a deal, or a player's name."""
    lowered = key.strip().lower()
    if lowered == CUT:
        return CUT
    if lowered in COMMON_FIELDS:
        return "common"
    if game == CINCH and lowered.startswith("deal") and lowered[4:].isascii() and lowered[4:].isdigit():
        return "deal"
    return "player"


def seat_of(name: str, table: int, seating: Seating, round_: int) -> int:
    """The seat (0-3) of NAME at TABLE, or why not: a player not at that table is refused."""
    players = seating[table - 1]
    wanted = str(name).strip().lower()
    for seat, p in enumerate(players):
        if p.lower() == wanted:
            return seat
    everyone = [p for t in seating for p in t]
    for t, at_table in enumerate(seating, start=1):
        for p in at_table:
            if p.lower() == wanted:
                raise ScorekeeperError(f"{p} is not at table {table} in round {round_} ({p} sits at "
                                       f"table {t}); table {table}: {', '.join(players)}", player=p)
    raise ScorekeeperError(f"{shown(name)} is not at the party{suggest(str(name), everyone)}; "
                           f"table {table} in round {round_}: {', '.join(players)}", player=str(name))


def check_typed_keys(game: str, raw: Mapping[str, Any], table: int, seating: Seating, round_: int) -> None:
    """Every FIELD typed names something at this table, whatever its value: `Gsu=` (nobody of
    that name) is refused, not read as "remove Gsu's field"."""
    for name in raw:
        key = str(name).strip()
        kind = _typed_kind(key, game)
        if kind == "player":
            seat_of(key, table, seating, round_)
        elif kind == "deal" and not 1 <= int(key[4:]) <= DEALS:
            raise ScorekeeperError(f"{key}: the deals are deal1 to deal{DEALS}", field=key)


def report_entry(game: str, rules: Mapping[str, str], raw: Mapping[str, Any], table: int,
                 seating: Seating, round_: int) -> Dict[str, Any]:
    """A table's report as typed (names) -> the entry as saved (by seat, with its players).

    Hearts: NAME=N hearts (a player left out took none). Cinch: NAME=N the points of NAME's
    pair over the four deals, or deal1..deal4 the deals themselves. cut=NAME: who won the cut
    for a tie (the one going up). note= is kept. An error says which round and table it is about.
    """
    if not 1 <= table <= len(seating):
        raise ScorekeeperError(f"there is no table {table} (tables: 1 to {len(seating)})", usage=True)
    try:
        return _typed_entry(game, rules, raw, table, seating, round_)
    except ScorekeeperError as err:
        if err.round is not None:
            raise
        raise ScorekeeperError(err.message, err.source, kind=err.kind,
                               **{**err.about(), "round": round_, "table": table}) from None


def _typed_entry(game: str, rules: Mapping[str, str], raw: Mapping[str, Any], table: int,
                 seating: Seating, round_: int) -> Dict[str, Any]:
    check_typed_keys(game, raw, table, seating, round_)
    players = seating[table - 1]
    entry: Dict[str, Any] = {"round": round_, "table": table, PLAYERS_KEY: list(players)}
    values: Dict[int, Any] = {}
    deals: Dict[int, Any] = {}
    cut: List[int] = []
    extra: Dict[str, Any] = {}
    for name, value in raw.items():
        key = str(name).strip()
        kind = _typed_kind(key, game)
        if kind == CUT:
            names = [v for v in (value if isinstance(value, (list, tuple)) else str(value).split(","))
                     if str(v).strip()]
            for who in names:
                seat = seat_of(str(who), table, seating, round_)
                if seat in cut:
                    raise ScorekeeperError(f"cut: {players[seat]} is named twice", field=CUT)
                cut.append(seat)
        elif kind == "common":
            try:
                text_bound(str(value))
            except ScorekeeperError as err:
                raise ScorekeeperError(f"{key.lower()}: {err.message}", field=key.lower()) from None
            extra[key.lower()] = value
        elif kind == "deal":
            from . import cinch

            deals[int(key[4:])] = cinch.deal_by_seat(key, value, players)
        else:
            seat = seat_of(key, table, seating, round_)
            if seat in values:
                raise ScorekeeperError(f"{players[seat]} is given twice", player=players[seat])
            values[seat] = _number(players[seat], value, game, rules)
    if game == HEARTS:
        entry["hearts"] = [values.get(seat, 0) for seat in range(len(players))]
    elif deals:
        if values:
            raise ScorekeeperError("give either the pairs' points (NAME=N) or the deals "
                                   "(deal1= to deal4=), not both")
        missing = [f"deal{n}" for n in range(1, DEALS + 1) if n not in deals]
        if missing:
            raise ScorekeeperError(f"{missing[0]} is missing: four deals are played at each table, "
                                   f"each player dealing once (or give the pairs' points, NAME=N)")
        entry["deals"] = [deals[n] for n in range(1, DEALS + 1)]
    else:
        entry["points"] = _pair_points(values, players, rules)
    if cut:
        entry[CUT] = [seat + 1 for seat in sorted(cut)]
    entry.update(extra)
    return entry


def _number(player: str, value: Any, game: str, rules: Mapping[str, str]) -> int:
    try:
        number = whole_number(value)
    except ValueError:
        what = "hearts" if game == HEARTS else "points of the pair"
        raise ScorekeeperError(f"{player}: must be a whole number ({what}), got {shown(value)}",
                               player=player) from None
    if game == HEARTS and not 0 <= number <= TOTAL_HEARTS:
        raise ScorekeeperError(f"{player}: must be a whole number from 0 to 13 (hearts), got {number}",
                               player=player)
    if game == CINCH:
        low, high = cinch_points_range(rules.get("scoring", "deduct"))
        if not low <= number <= high:
            raise ScorekeeperError(f"{player}: a pair's points over the four deals are {low} to "
                                   f"{high} (scoring={rules.get('scoring', 'deduct')}), got {number}",
                                   player=player)
    return number


def cinch_points_range(scoring: str) -> Tuple[int, int]:
    """What a pair can score over the four deals of a table, by the Cinch laws (party/cinch.py):
    0 to 112 by deduction (a deal gives at most 14 + 14, a bid of 14 set with nothing taken),
    -56 to 56 under the old set-back scoring."""
    from . import cinch

    return cinch.points_range(scoring)


def _pair_points(values: Mapping[int, int], players: Sequence[str], rules: Mapping[str, str]) -> List[int]:
    """Cinch: a pair's points over the four deals, named by either partner (seats 1-3, 2-4)."""
    from . import cinch

    points: List[Optional[int]] = [None, None]
    for seat, value in sorted(values.items()):
        pair = seat % 2
        if points[pair] is not None and points[pair] != value:
            partner = players[pair]
            raise ScorekeeperError(f"{players[seat]} and {partner} are partners: give their pair's "
                                   f"points once ({partner}={points[pair]})", player=players[seat])
        points[pair] = value
    for pair, got in enumerate(points):
        if got is None:
            raise ScorekeeperError(f"the points of {cinch.pair_name(players, pair)} are missing: give "
                                   f"each pair's points over the four deals ({players[pair]}=N), "
                                   f"or the deals (deal1= to deal4=)")
    totals = [int(p) for p in points if p is not None]
    cinch.check_totals(totals, players, rules.get("scoring", "deduct"))
    return totals


def entry_fields(entry: Mapping[str, Any], players: Sequence[str]) -> Dict[str, Any]:
    """A saved entry back as typed, with the names of the players in its seats (for edit)."""
    raw: Dict[str, Any] = {}
    if "hearts" in entry:
        raw.update({p: h for p, h in zip(players, entry["hearts"])})
    if "points" in entry:
        raw.update({players[0]: entry["points"][0], players[1]: entry["points"][1]})
    if entry.get("deals"):
        from . import cinch

        for number, deal in enumerate(entry["deals"], start=1):
            raw[f"deal{number}"] = cinch.deal_by_name(deal, players)
    if entry.get(CUT):
        raw[CUT] = ",".join(players[int(s) - 1] for s in entry[CUT])
    for name in COMMON_FIELDS:
        if name in entry:
            raw[name] = entry[name]
    return raw


def corrected_entry(game: str, rules: Mapping[str, str], old: Mapping[str, Any],
                    raw: Mapping[str, Any], table: int, seating: Seating, round_: int) -> Dict[str, Any]:
    """A correction (`party edit`): the fields given replace the old ones or, empty, remove
    them (`cut=`); the result keeps the seats it was played at (`seating`, that round's)."""
    check_typed_keys(game, raw, table, seating, round_)
    fields: Dict[str, Any] = entry_fields(old, seating[table - 1])
    lowered = {k.lower(): k for k in fields}
    for name, value in raw.items():
        fields[lowered.get(str(name).strip().lower(), str(name).strip())] = value
    fields = {k: v for k, v in fields.items() if not (isinstance(v, str) and not v.strip())}
    return report_entry(game, rules, fields, table, seating, round_)


# ---------------------------------------------------------------- the replay


class TableResult(NamedTuple):
    """What one table did in one round."""

    round: int
    table: int
    players: Tuple[str, ...]          # in seat order, as played
    scores: Tuple[int, ...]           # hearts per seat, or the points of each seat's pair
    winners: Tuple[str, ...]          # going up (or, at the head table, staying)
    losers: Tuple[str, ...]           # staying (or, at the head table, going down)
    stars: Mapping[str, str]          # player -> colour won this round
    cuts: Tuple[str, ...]             # who won a cut
    summary: str


class RosterChange(NamedTuple):
    """A late arrival (`join`) or an early leaver (`leave`): from `round` on."""

    round: int
    player: str
    change: str                       # JOIN or LEAVE
    summary: str


class PartyStanding(NamedTuple):
    game: str
    round: int                         # the round now being played (its seating is `tables`)
    tables: Seating
    reported: Tuple[int, ...]          # tables that have reported this round
    results: Tuple[TableResult, ...]   # every report, in the order logged
    history: Tuple[Seating, ...]       # the seating of every round as played, then the one being played
    stars: Mapping[str, Mapping[str, int]]
    visits: Mapping[str, Tuple[Optional[int], ...]]  # each player's table in each complete round (None: not played)
    standing: Tuple[str, ...]          # best first
    places: Mapping[str, str]          # "1", "2=" ...
    players: Tuple[str, ...] = ()      # everyone who has come: the first list, then the arrivals
    present: Tuple[str, ...] = ()      # those at the party now (after every arrival and departure logged)
    sitting_out: Tuple[Tuple[str, ...], ...] = ()  # who sat out each round of `history`
    changes: Tuple[RosterChange, ...] = ()          # arrivals and departures, in the order logged
    log: Tuple[Any, ...] = ()          # every entry's value, in the order logged: TableResult or RosterChange

    @property
    def rounds_played(self) -> int:
        return self.round - 1

    @property
    def out(self) -> Tuple[str, ...]:
        """Who sits out the round being played."""
        return self.sitting_out[-1] if self.sitting_out else ()

    def waiting(self) -> Tuple[int, ...]:
        return tuple(t for t in range(1, len(self.tables) + 1) if t not in self.reported)


class _Round:
    """The round being walked: where the movement and the arrivals and departures seat it, and
    what its tables reported."""

    def __init__(self, number: int, base: Optional[Seating], pool: Sequence[str],
                 changes: Sequence[Tuple[str, str]] = (), count: int = 0):
        self.number = number
        self.base = base        # the movement's seating (None: not known, `check` only)
        self.pool = tuple(pool)  # who sat out the round before (Cinch)
        self.changes: List[Tuple[str, str]] = list(changes)  # (JOIN or LEAVE, player) in order
        self.planned: Optional[Seating] = None
        self.out: Tuple[str, ...] = ()
        self.count = len(base) if base is not None else count  # its tables (`check`: as the round before)
        self.sat: Dict[int, Tuple[str, ...]] = {}           # table -> its players as played
        self.results: Dict[int, Optional[TableResult]] = {}  # None: refused (`check` only)
        self.entry: Dict[int, int] = {}                      # table -> its result's index in the log

    def plan(self, game: str, missed: Mapping[str, int], order: Sequence[str]) -> None:
        if self.base is None:
            return
        before = {p for t in self.base for p in t} | set(self.pool)
        present = set(before)
        for change, p in self.changes:
            (present.add if change == JOIN else present.discard)(p)
        joins = [p for p in order if p in present - before]
        self.planned, self.out = seats.reseat(game, self.base, self.pool, joins, sorted(before - present),
                                              missed, order)
        self.count = len(self.planned)


def replay(party: Session, errors: Optional[List[ScorekeeperError]] = None) -> PartyStanding:
    """Walk the log in order: each result is scored at its table as it was played, and once every
    table has reported, the movement from that round seats the next, with the arrivals and
    departures logged for it and, at Cinch, those whose turn it is to sit out.

    A result records its table's players (`players`): a correction to an early round changes
    that result and its stars only, never where the later rounds were played. A result without
    them (a file from before they were recorded) is seated where the movement put it, as it
    always was. The first entry the laws refuse raises its error, at its line; with `errors`
    (`scorekeeper check`) each is noted there and the walk goes on, a round with a refused
    result seating the next only from what its results record.
    """
    game = check_game(party.game)
    first = first_seating(game, party.players)
    seated_first = sum(len(t) for t in first)
    everyone: List[str] = list(party.players)
    roster: List[str] = list(party.players)  # after every arrival and departure logged so far
    order = list(party.players[seated_first:]) + list(party.players[:seated_first])  # Cinch's turns out
    missed = {p: 0 for p in everyone}   # complete rounds not played (turns out, at Cinch)
    sat_out = {p: 0 for p in everyone}  # complete rounds sat out while at the party
    played = {p: 0 for p in everyone}   # complete rounds played
    now = _Round(1, tuple(tuple(t) for t in first), party.players[seated_first:])
    now.plan(game, missed, order)
    pending: List[Tuple[str, str]] = []  # arrivals and departures for the round after this one
    history: List[Seating] = []
    outs: List[Tuple[str, ...]] = []
    results: List[TableResult] = []
    changes: List[RosterChange] = []
    log: List[Any] = []
    stars = {p: {c: 0 for c in COLOURS} for p in everyone}
    settled = {p: {c: 0 for c in COLOURS} for p in everyone}  # the stars of the complete rounds
    visits: Dict[str, List[Optional[int]]] = {p: [] for p in everyone}

    def finish_round() -> _Round:
        """The round complete: kept as played, and the next seated by the movement from it."""
        seated: Seating = tuple(now.sat[t] for t in range(1, now.count + 1) if t in now.sat)
        nonlocal pending
        following, pending = pending, []
        if len(seated) < now.count or now.count == 0:  # `check` only: a table's seats are not known
            return _Round(now.number + 1, None, (), following, now.count)
        history.append(seated)
        where = {p: t for t, players in enumerate(seated, start=1) for p in players}
        present = [p for p in everyone if p in where or p in now.out]
        outs.append(tuple(p for p in present if p not in where))
        for p in outs[-1]:
            sat_out[p] += 1
        for p in everyone:
            visits[p].append(where.get(p))
            if p in where:
                played[p] += 1
            else:
                missed[p] += 1
            settled[p] = dict(stars[p])
        reported = {t: r for t, r in now.results.items() if r is not None}
        if len(reported) < now.count:
            return _Round(now.number + 1, None, (), following, now.count)
        leaving = {t: (r.losers if t == 1 else r.winners) for t, r in reported.items()}
        return _Round(now.number + 1, seats.move(game, seated, leaving), outs[-1], following)

    for index, hand in enumerate(party.hands):
        entry = read_numbers(hand.fields)
        if JOIN in entry or LEAVE in entry:
            try:
                change = _roster_change(game, entry, now, roster, everyone)
            except ScorekeeperError as err:  # about the round it is for: its message names the player
                about = {**err.about(), "round": now.number + 1 if now.results else now.number}
                located = _located(ScorekeeperError(err.message, err.source, kind=err.kind, **about),
                                   party, index, entry.get("round"), None)
                if errors is None:
                    raise located from None
                errors.append(located)
                continue
            p = change.player
            if p not in everyone:
                everyone.append(p)
                order.append(p)
                stars[p] = {c: 0 for c in COLOURS}
                settled[p] = {c: 0 for c in COLOURS}
                played[p] = 0
                sat_out[p] = 0
                visits[p] = [None] * len(history)
            if change.change == JOIN:
                missed[p] = now.number - 1 - played[p]
            changes.append(change)
            log.append(change)
            if now.results:
                pending.append((change.change, p))
            else:
                now.changes.append((change.change, p))
                now.plan(game, missed, order)
            continue
        try:
            number = entry.get("round")
            if errors is not None and _is_number(number) and now.number < number <= now.number + len(party.hands):
                # `check`: a round left incomplete is one mistake, and the later rounds are still checked
                missing = [t for t in range(1, now.count + 1) if t not in now.results]
                errors.append(_located(ScorekeeperError(
                    f"round {now.number} has not finished (table{'s' if len(missing) != 1 else ''} "
                    f"{', '.join(map(str, missing))} did not report), yet round {number} is logged",
                    field="round"), party, index, number, entry.get("table")))
                while now.number < number:
                    now = finish_round()
                    now.plan(game, missed, order)
            table = _round_and_table(entry, now, now.count)
        except ScorekeeperError as err:
            located = _located(err, party, index, entry.get("round"), entry.get("table"))
            if errors is None:
                raise located from None
            errors.append(located)
            continue
        now.entry[table] = index
        try:
            players = _players_of(game, entry, now, table, everyone)
            if players is None:  # `check` only: the movement that seats it is not known
                now.results[table] = None
            else:
                now.sat[table] = players
                result = _one_report(game, party.rules, entry, players, now.number, table, now.count)
                now.results[table] = result
                results.append(result)
                log.append(result)
                for p, colour in result.stars.items():  # a star is stuck on the tally at the table
                    stars[p][colour] += 1
        except ScorekeeperError as err:
            located = _located(err, party, index, now.number, table)
            if errors is None:
                raise located from None
            errors.append(located)
            now.results[table] = None
        if len(now.results) == now.count:
            now = finish_round()
            now.plan(game, missed, order)
    misplaced = _misplaced(now)
    if misplaced is not None:
        table, conflict = misplaced
        located = _located(conflict, party, now.entry[table], now.number, table)
        if errors is None:
            raise located
        errors.append(located)
    current = _being_played(now)
    history.append(current)
    outs.append(now.out)
    counted = _counted(everyone, stars, settled, played, sat_out, party.rules.get("sitout", "average"))
    order_, places = rank(everyone, counted, party.rules.get("prizes", "stars"))
    return PartyStanding(game, now.number, current, tuple(sorted(now.results)), tuple(results),
                         tuple(history), stars, {p: tuple(v) for p, v in visits.items()}, order_, places,
                         tuple(everyone), tuple(roster), tuple(outs), tuple(changes), tuple(log))


def _roster_change(game: str, entry: Mapping[str, Any], now: _Round, roster: List[str],
                   everyone: Sequence[str]) -> RosterChange:
    """`join: NAME` seats a late arrival, `leave: NAME` takes one out, from the first round none of
    whose tables has reported (`round`); `roster` is brought up to date."""
    known = {"round", JOIN, LEAVE, *COMMON_FIELDS, *LOG_FIELDS}
    for key in entry:
        if key not in known:
            raise ScorekeeperError(f"unknown key {shown(key)} in an arrival or departure; keys: "
                                   f"{', '.join(sorted(known))}", field=str(key))
    if JOIN in entry and LEAVE in entry:
        raise ScorekeeperError("an entry is an arrival (join) or a departure (leave), not both", field=JOIN)
    change = JOIN if JOIN in entry else LEAVE
    name = entry[change]
    if not isinstance(name, str) or not name.strip():
        raise ScorekeeperError(f"{change} must name a player, got {shown(name)}", field=change)
    applies = now.number + 1 if now.results else now.number
    if entry.get("round") != applies:
        raise ScorekeeperError(f"round must be {applies} (the first round not begun), got "
                               f"{shown(entry.get('round'))}", field="round")
    here = {p.lower(): p for p in roster}
    if change == JOIN:
        refuse_field_names("a party", [name], RESULT_FIELDS)
        if name.lower() in here:
            raise ScorekeeperError(f"{here[name.lower()]} is already at the party{_where(here[name.lower()], now)}",
                                   player=name, field=JOIN)
        if len(roster) + 1 > seats.MAX_PLAYERS:
            raise ScorekeeperError(f"{name} cannot join: a party of {game} has at most "
                                   f"{seats.MAX_PLAYERS} players, and {len(roster)} are here",
                                   player=name, field=JOIN)
        player = next((p for p in everyone if p.lower() == name.lower()), name)  # one who left, back
        roster.append(player)
        return RosterChange(applies, player, JOIN, f"{player} arrives: plays from round {applies}")
    if name.lower() not in here:
        gone = next((p for p in everyone if p.lower() == name.lower()), None)
        if gone is not None:
            raise ScorekeeperError(f"{gone} has already left the party", player=gone, field=LEAVE)
        raise ScorekeeperError(f"{shown(name)} is not at the party{suggest(name, list(roster))}; at the "
                               f"party: {', '.join(roster)}", player=name, field=LEAVE)
    player = here[name.lower()]
    low = seats.MIN_PLAYERS[game]
    if len(roster) - 1 < low:
        raise ScorekeeperError(
            f"{player} cannot leave: {len(roster) - 1} players would be left and a party of {game} "
            f"needs {low} ({'two tables of three' if game == HEARTS else 'two tables of four'}): "
            f"seat a late arrival first (party join NAME PLAYER), or end the party here (party show "
            f"gives the prizes)", player=player, field=LEAVE)
    roster.remove(player)
    after = f"after round {applies - 1}" if applies > 1 else "before round 1"
    return RosterChange(applies, player, LEAVE, f"{player} leaves {after}")


def _where(player: str, now: _Round) -> str:
    if now.planned is None:
        return ""
    for t, players in enumerate(now.planned, start=1):
        if player in players:
            return f" (table {t} in round {now.number})"
    return f" (sitting out round {now.number})" if player in now.out else ""


def _counted(everyone: Sequence[str], stars: Mapping[str, Mapping[str, int]],
             settled: Mapping[str, Mapping[str, int]], played: Mapping[str, int],
             sat_out: Mapping[str, int], sitout: str) -> Dict[str, Dict[str, Any]]:
    """The stars that count for the prizes. sitout=average (Cinch): each complete round a player
    sat out counts his average of the rounds he played; sitout=none: it counts nothing. A round
    before arriving or after leaving counts nothing: the prizes are for the evening played.
    Exact fractions, so that ties are ties."""
    counted: Dict[str, Dict[str, Any]] = {}
    for p in everyone:
        if sitout == "average" and played[p] and sat_out[p]:
            counted[p] = {c: stars[p][c] + Fraction(sat_out[p] * settled[p][c], played[p]) for c in COLOURS}
        else:
            counted[p] = dict(stars[p])
    return counted


def _located(err: ScorekeeperError, party: Session, index: int, round_: Any, table: Any) -> ScorekeeperError:
    """An error in result `index`: about its round and table (`round R table T: ` in front),
    at the line of the key it is about (`hearts`, `cut`), else at the result's first line."""
    about = err.about()
    prefix = ""
    if err.round is None:
        if _is_number(round_) and _is_number(table):
            about.update(round=round_, table=table)
            prefix = f"round {round_} table {table}: "
        else:
            prefix = f"result {index + 1}: "
    if about["hand"] is None:
        about["hand"] = index
    hand = party.hands[index]
    where = err.source or (hand.source_of(err.field) if err.field else hand.source)
    return ScorekeeperError(prefix + err.message, where, kind=err.kind if where is None else FILE,
                            **about)


# The keys of a result that hold whole numbers (a deal's bidder, bid and made too).
_NUMBERS = frozenset(("round", "table", "cut", "hearts", "points", "deals"))


def read_numbers(entry: Mapping[str, Any]) -> Dict[str, Any]:
    """A result's numbers as the command line reads them (the file holds each as its text:
    `012` is 12); a text that is no number is left for the checks to refuse, with its text."""
    return {k: _numbers(v) if k in _NUMBERS else v for k, v in entry.items()}


def _numbers(value: Any) -> Any:
    if isinstance(value, list):
        return [_numbers(v) for v in value]
    if isinstance(value, dict):
        return {k: _numbers(v) for k, v in value.items()}
    try:
        return whole_number(value) if isinstance(value, str) else value
    except ValueError:
        return value


def _is_number(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _round_and_table(entry: Mapping[str, Any], now: _Round, tables: int) -> int:
    number, table = entry.get("round"), entry.get("table")
    if not _is_number(number) or number != now.number:
        raise ScorekeeperError(f"round must be {now.number} (round {now.number} is being played), "
                               f"got {shown(number)}", field="round")
    if not _is_number(table) or not 1 <= table <= tables:
        raise ScorekeeperError(f"table must be 1 to {tables}, got {shown(table)}", field="table")
    if table in now.results:
        raise ScorekeeperError(f"table {table} has already reported round {now.number} "
                               f"(party edit corrects a result)", usage=True, field="table")
    return table


def _players_of(game: str, entry: Mapping[str, Any], now: _Round, table: int,
                everyone: Sequence[str]) -> Optional[Tuple[str, ...]]:
    """The table's players in seat order as the result records them, or (a file from before
    they were recorded) where the movement seated them; a player at two tables is refused."""
    recorded = entry.get(PLAYERS_KEY)
    if recorded is None:
        if now.planned is None:
            return None
        players = now.planned[table - 1]
    else:
        players = _recorded_players(game, recorded, everyone)
    for other, sat in now.sat.items():
        for p in players:
            if p in sat and other != table:
                raise ScorekeeperError(f"players: {p} is also at table {other} in round {now.number}",
                                       field=PLAYERS_KEY, player=p)
    return players


def _recorded_players(game: str, recorded: Any, everyone: Sequence[str]) -> Tuple[str, ...]:
    names = {p.lower(): p for p in everyone}
    sizes = seats.HEARTS_SIZES if game == HEARTS else (SEATS,)
    if not isinstance(recorded, list) or len(recorded) not in sizes or not all(isinstance(p, str) for p in recorded):
        what = "three to six players" if game == HEARTS else "the four players"
        raise ScorekeeperError(f"players must be {what} of the party at this table, in "
                               f"seat order, got {shown(recorded)}", field=PLAYERS_KEY)
    for p in recorded:
        if p.lower() not in names:
            raise ScorekeeperError(f"players: {shown(p)} is not at the party{suggest(p, list(everyone))}",
                                   field=PLAYERS_KEY, player=p)
    players = tuple(names[p.lower()] for p in recorded)
    if len(set(players)) != len(players):
        twice = next(p for p in players if players.count(p) > 1)
        raise ScorekeeperError(f"players: {twice} is named twice", field=PLAYERS_KEY, player=twice)
    return players


def _being_played(now: _Round) -> Seating:
    """The seating of the round being played: the tables that have reported as they sat, the
    others where the movement from the last round played seats them."""
    if now.planned is None:  # `check` only
        return tuple(now.sat.get(t, ("?",) * SEATS) for t in range(1, now.count + 1))
    return tuple(now.sat.get(t, now.planned[t - 1]) for t in range(1, now.count + 1))


def _misplaced(now: _Round) -> Optional[Tuple[int, ScorekeeperError]]:
    """A player who has reported at a table of the round being played while the movement from
    the last round (as a correction now has it) seats him at a table still to report: the
    table, and why it is refused."""
    if now.planned is None:
        return None
    where = {p: t for t, players in enumerate(now.planned, start=1) for p in players}
    for t in sorted(now.sat):
        for p in now.sat[t]:
            if where.get(p) not in now.sat:
                sent = f"table {where[p]}" if p in where else "sit out"
                return t, ScorekeeperError(
                    f"{p} played here, but round {now.number - 1} as it now stands sends {p} to "
                    f"{sent}: a round once begun keeps its seats (party undo takes back "
                    f"its results)", field=PLAYERS_KEY, player=p)
    return None


def _one_report(game: str, rules: Mapping[str, str], entry: Mapping[str, Any], players: Tuple[str, ...],
                round_: int, table: int, tables: int) -> TableResult:
    known = {"round", "table", PLAYERS_KEY, CUT, *COMMON_FIELDS, *LOG_FIELDS} | (
        {"hearts"} if game == HEARTS else {"points", "deals"})
    for key in entry:
        if key not in known:
            raise ScorekeeperError(f"unknown key {shown(key)} in a {game} result; keys: "
                                   f"{', '.join(sorted(known))}", field=str(key))
    cuts = _cut_seats(entry.get(CUT), len(players))
    if game == HEARTS:
        return _hearts_table(entry, players, round_, table, tables, cuts)
    return _cinch_table(entry, players, round_, table, tables, cuts, rules)


def _cut_seats(raw: Any, size: int) -> Tuple[int, ...]:
    if raw is None:
        return ()
    items = raw if isinstance(raw, list) else [raw]
    seats = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, int) or not 1 <= item <= size:
            raise ScorekeeperError(f"cut must list seats 1 to {size} (who won a cut), got {shown(raw)}",
                                   field=CUT)
        seats.append(item - 1)
    return tuple(seats)


def _hearts_table(entry: Mapping[str, Any], players: Tuple[str, ...], round_: int, table: int,
                  tables: int, cuts: Tuple[int, ...]) -> TableResult:
    size = len(players)
    total = hearts_in_play(size)
    hearts = entry.get("hearts")
    if not isinstance(hearts, list) or len(hearts) != size or not all(
            _is_number(h) and 0 <= h <= total for h in hearts):
        raise ScorekeeperError(f"hearts must be {size} numbers 0 to {total} in seat order, got {shown(hearts)}",
                               field="hearts")
    given = sum(hearts)
    if given != total:
        taken = " + ".join(f"{p} {h}" for p, h in zip(players, hearts))
        all_of = "the 13 hearts are" if total == TOTAL_HEARTS else f"the {total} hearts (six play: no deuce) are"
        raise ScorekeeperError(f"hearts: {taken} = {given}, but {all_of} all taken in a deal", field="hearts")
    winners: List[int] = []
    used: List[int] = []
    # Progressive Hearts: "the ladies compare their cards, and the one having the fewer hearts goes
    # to the next higher table. The gentlemen then compare"; "All ties are determined by cutting,
    # those cutting the lower cards going up." At a table of three or five the whole table is one
    # group and two go up (seating.groups); at the head table the rest stay and the two go down.
    for group in seats.groups(size):
        moving = seats.movers_per_group(size)
        wanted = moving if table > 1 else len(group) - moving
        won, cut = _fewest(group, hearts, wanted, cuts, players, table)
        winners += won
        used += cut
    extra = [s for s in cuts if s not in used]
    if extra:
        raise ScorekeeperError(f"cut: there is no tie for {players[extra[0]]} to cut for "
                               f"({', '.join(f'{p} {h}' for p, h in zip(players, hearts))})", field=CUT)
    stars = {players[s]: ("gold" if table == 1 else "red") for s in winners}
    if table == tables:
        # "those taking in the most hearts at the booby table receive green stars": each of them
        most = max(hearts)
        for s, h in enumerate(hearts):
            if h == most and players[s] not in stars:
                stars[players[s]] = "green"
    losers = tuple(players[s] for s in range(size) if s not in winners)
    won_ = tuple(players[s] for s in sorted(winners))
    summary = _summary(players, hearts, won_, losers, stars, table, tables, tuple(players[s] for s in sorted(used)))
    return TableResult(round_, table, players, tuple(hearts), won_, losers, stars,
                       tuple(players[s] for s in sorted(used)), summary)


def _fewest(group: Sequence[int], hearts: Sequence[int], wanted: int, cuts: Sequence[int],
            players: Sequence[str], table: int) -> Tuple[List[int], List[int]]:
    """The `wanted` seats of the group with the fewest hearts, a tie at the edge settled by those
    named in `cut`: (the seats, the cuts used)."""
    edge = sorted(hearts[s] for s in group)[wanted - 1]
    below = [s for s in group if hearts[s] < edge]
    tied = [s for s in group if hearts[s] == edge]
    need = wanted - len(below)
    if len(tied) == need:
        return below + tied, []
    cut = [s for s in cuts if s in tied]
    if len(cut) == need:
        return below + cut, cut
    hearts_ = f"{edge} heart{'s' if edge != 1 else ''}"
    if len(tied) == 2 and need == 1:
        raise ScorekeeperError(
            f"{players[tied[0]]} and {players[tied[1]]} tie with {hearts_}: give cut=NAME, whoever cut "
            f"the lower card ({_goes(table)})", field=CUT)
    names = _and([players[s] for s in tied])
    which = "whoever cut the lowest card" if need == 1 else f"the {need} who cut the lowest cards"
    raise ScorekeeperError(f"{names} tie with {hearts_} for {need} place{'s' if need != 1 else ''}: give "
                           f"cut={','.join(['NAME'] * need)}, {which} ({_goes(table)})", field=CUT)


def _and(names: Sequence[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cid"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _goes(table: int) -> str:
    return "staying at the head table" if table == 1 else f"going up to table {table - 1}"


def _cinch_table(entry: Mapping[str, Any], players: Tuple[str, ...], round_: int, table: int,
                 tables: int, cuts: Tuple[int, ...], rules: Mapping[str, str]) -> TableResult:
    from . import cinch

    if ("points" in entry) == ("deals" in entry):
        raise ScorekeeperError("a progressive-cinch result gives points (each pair's) or deals, one of them")
    if "deals" in entry:
        points = cinch.score_deals(entry["deals"], players, rules)
    else:
        points = entry["points"]
        if not isinstance(points, list) or len(points) != 2 or not all(_is_number(p) for p in points):
            raise ScorekeeperError(f"points must be two whole numbers (seats 1-3, seats 2-4), got "
                                   f"{shown(points)}", field="points")
        cinch.check_totals(points, players, rules.get("scoring", "deduct"))
    # Progressive Cinch: "the pair having the fewest points to go at the end of the four deals
    # progress to the next higher table. Ties cut to decide, high going up."
    names = (cinch.pair_name(players, 0), cinch.pair_name(players, 1))
    used: Tuple[str, ...] = ()
    if points[0] != points[1]:
        pair = 0 if points[0] > points[1] else 1
        if cuts:
            raise ScorekeeperError(f"cut: there is no tie to cut for ({names[0]} {points[0]}, "
                                   f"{names[1]} {points[1]})", field=CUT)
    else:
        if len(cuts) != 1:
            raise ScorekeeperError(
                f"{names[0]} and {names[1]} tie with {points[0]}: give cut=NAME, a player of the "
                f"pair that cut high ({_goes(table)})", field=CUT)
        pair = cuts[0] % 2
        used = (players[cuts[0]],)
    won = (players[pair], players[pair + 2])
    lost = (players[1 - pair], players[3 - pair])
    stars = {p: ("gold" if table == 1 else "red") for p in won}
    if table == tables:
        stars.update({p: "green" for p in lost})
    scores = tuple(points[s % 2] for s in range(SEATS))
    head = "stay at the head table" if table == 1 else f"go up to table {table - 1}"
    summary = (f"{names[0]} {points[0]}, {names[1]} {points[1]}"
               f"{f' ({used[0]} won the cut)' if used else ''}: {' and '.join(won)} {head}")
    if table == 1:
        summary += f"; {' and '.join(lost)} go down to table {tables}"
    return TableResult(round_, table, players, scores, won, lost, stars, used, summary)


def _summary(players: Sequence[str], hearts: Sequence[int], won: Sequence[str], losers: Sequence[str],
             stars: Mapping[str, str], table: int, tables: int, cuts: Sequence[str]) -> str:
    taken = ", ".join(f"{p} {h}" for p, h in zip(players, hearts))
    cut = f" ({_and(cuts)} won the cut)" if cuts else ""
    if table == 1:
        moves = (f"{_and(won)} stay{'s' if len(won) == 1 else ''} at the head table; {_and(losers)} go "
                 f"down to table {tables}")
    else:
        moves = f"{_and(won)} go up to table {table - 1}"
    green = [p for p, c in stars.items() if c == "green"]
    if green:
        moves += f"; green: {', '.join(green)}"
    return f"{taken}{cut}: {moves}"


# ---------------------------------------------------------------- the prizes


def rank_key(stars: Mapping[str, Any], prizes: str) -> Tuple[Any, ...]:
    gold, red, green = stars["gold"], stars["red"], stars["green"]
    if prizes == "gold-first":
        return (gold, red, -green)
    if prizes == "all-stars":
        return (gold + red + green, gold, red)
    return (gold + red, gold, -green)


def rank(players: Sequence[str], stars: Mapping[str, Mapping[str, Any]],
         prizes: str) -> Tuple[Tuple[str, ...], Dict[str, str]]:
    """Players best first (ties in seating order) and each one's place, "2=" for a shared one."""
    keys = {p: rank_key(stars[p], prizes) for p in players}
    order = sorted(players, key=lambda p: keys[p], reverse=True)
    places: Dict[str, str] = {}
    for i, p in enumerate(order):
        first = next(j for j, q in enumerate(order) if keys[q] == keys[p])
        shared = sum(1 for q in order if keys[q] == keys[p]) > 1
        places[p] = f"{first + 1}{'=' if shared else ''}"
    return tuple(order), places
