"""Progressive parties: many tables of four, players moving up, stars and prizes.

Progressive Hearts (rules/001, PROGRESSIVE HEARTS) and Progressive Cinch (rules/002, Progressive
Cinch), whose "general arrangements ... are the same as in Progressive Euchre": numbered tables,
table 1 the head table and the last the booby table; after each round the winners move up one
table, the losers at the head table go down to the booby table; tallies carry stars.

Everything here is pure: a party is a `Session` value whose `hands` are the table results,
each kept by seat (a list in seat order), so that a correction to an early round re-seats
everyone after it and the later results stay with the seats they were reported for.
`replay` walks the results in order and returns the seating, the stars and the standing.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from ..fields import _as_int, coerce_hand, dump_hand, parse_assignments, suggest, text_bound
from ..model import COMMON_FIELDS, Hand, ScorekeeperError, Session, shown
from ..games.sides import partnerships, side_name

HEARTS = "progressive-hearts"
CINCH = "progressive-cinch"
PARTY_GAMES = (HEARTS, CINCH)
COLOURS = ("gold", "red", "green")
SEATS = 4
TOTAL_HEARTS = 13  # Hearts: "all thirteen hearts have been accounted for"
DEALS = 4  # Progressive Cinch: "four deals, each player having the deal once only"

# How prizes are ranked: the book sends us to Progressive Euchre, whose text we do not have.
PRIZES = {
    "stars": "gold and red stars count one each; more gold breaks a tie, then fewer green",
    "gold-first": "gold stars first, then red, then fewer green",
    "all-stars": "every star counts one, green too; then more gold, then more red",
}
RULES = {"prizes": ("stars", PRIZES)}
CINCH_RULES = {"scoring": ("deduct", {"deduct": "the book's scoring by deduction",
                                      "setback": "the old way: a side that fails is set back",
                                      "eight": "the bidder's side must take 8 to score"})}


Seating = Tuple[Tuple[str, ...], ...]  # the tables, table 1 first, each in seat order


# ---------------------------------------------------------------- the party's header


def check_game(game: str) -> str:
    name = str(game).strip().lower()
    if name not in PARTY_GAMES:
        raise ScorekeeperError(f"the game of a party must be {' or '.join(PARTY_GAMES)}, got {shown(game)}"
                               f"{suggest(name, PARTY_GAMES)}", usage=True, key="game")
    return name


RESERVED = ("cut", "round", "table", *COMMON_FIELDS, *(f"deal{n}" for n in range(1, DEALS + 1)))


def check_players(players: Sequence[str]) -> None:
    n = len(players)
    if n % SEATS or n < 2 * SEATS:
        raise ScorekeeperError(f"a party needs a multiple of four players, at least 8 (two tables: "
                               f"the head table and the booby table), got {n}", usage=True,
                               key="players")
    for p in players:  # `party round` reads NAME=N: a player called `cut` would be a field
        if p.lower() in RESERVED:
            raise ScorekeeperError(f"a player may not be called {shown(p)} at a party: {p.lower()}= is a "
                                   f"field of a table's result; give him another name", usage=True,
                                   player=p)


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


def first_seating(players: Sequence[str]) -> Seating:
    """Four to a table in the order given, table 1 (the head table) first."""
    return tuple(tuple(players[i:i + SEATS]) for i in range(0, len(players), SEATS))


# ---------------------------------------------------------------- one table's report


def seat_of(name: str, table: int, seating: Seating, round_: int) -> int:
    """The seat (0-3) of NAME at TABLE, or why not: a player not at that table is refused."""
    players = seating[table - 1]
    for seat, p in enumerate(players):
        if p.lower() == str(name).strip().lower():
            return seat
    everyone = [p for t in seating for p in t]
    for t, at_table in enumerate(seating, start=1):
        for p in at_table:
            if p.lower() == str(name).strip().lower():
                raise ScorekeeperError(f"{p} is not at table {table} in round {round_} ({p} sits at "
                                       f"table {t}); table {table}: {', '.join(players)}", player=p)
    raise ScorekeeperError(f"{shown(name)} is not at the party{suggest(str(name), everyone)}; "
                           f"table {table} in round {round_}: {', '.join(players)}", player=str(name))


def report_entry(game: str, rules: Mapping[str, str], raw: Mapping[str, Any], table: int,
                 seating: Seating, round_: int) -> Dict[str, Any]:
    """A table's report as typed (names) -> the entry as saved (by seat).

    Hearts: NAME=N hearts (a player left out took none). Cinch: NAME=N the points of NAME's
    pair over the four deals, or deal1..deal4 the deals themselves. cut=NAME[,NAME]: who won
    a cut for a tie (the one going up). note= is kept.
    """
    if not 1 <= table <= len(seating):
        raise ScorekeeperError(f"there is no table {table} (tables: 1 to {len(seating)})", usage=True)
    players = seating[table - 1]
    entry: Dict[str, Any] = {"round": round_, "table": table}
    values: Dict[int, Any] = {}
    deals: Dict[int, Any] = {}
    cut: List[int] = []
    extra: Dict[str, Any] = {}
    for name, value in raw.items():
        key = str(name).strip()
        if key.lower() == "cut":
            names = [v for v in (value if isinstance(value, (list, tuple)) else str(value).split(","))
                     if str(v).strip()]
            for who in names:
                seat = seat_of(str(who), table, seating, round_)
                if seat in cut:
                    raise ScorekeeperError(f"cut: {players[seat]} is named twice")
                cut.append(seat)
            continue
        if key.lower() in COMMON_FIELDS:
            try:
                text_bound(str(value))
            except ScorekeeperError as err:
                raise ScorekeeperError(f"{key.lower()}: {err.message}", field=key.lower()) from None
            extra[key.lower()] = value
            continue
        if game == CINCH and key.lower().startswith("deal") and key[4:].isdigit():
            number = int(key[4:])
            if not 1 <= number <= DEALS:
                raise ScorekeeperError(f"{key}: the deals are deal1 to deal{DEALS}")
            deals[number] = _deal_by_seat(key, value, players, rules)
            continue
        seat = seat_of(key, table, seating, round_)
        if seat in values:
            raise ScorekeeperError(f"{players[seat]} is given twice")
        values[seat] = _number(players[seat], value, game, rules)
    if game == HEARTS:
        entry["hearts"] = [values.get(seat, 0) for seat in range(SEATS)]
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
        entry["points"] = _pair_points(values, players)
    if cut:
        entry["cut"] = [seat + 1 for seat in sorted(cut)]
    entry.update(extra)
    return entry


def _number(player: str, value: Any, game: str, rules: Mapping[str, str]) -> int:
    try:
        number = _as_int(value)
    except ValueError:
        what = "hearts" if game == HEARTS else "points of the pair"
        raise ScorekeeperError(f"{player}: must be a whole number ({what}), got {shown(value)}") from None
    if game == HEARTS and not 0 <= number <= TOTAL_HEARTS:
        raise ScorekeeperError(f"{player}: must be a whole number from 0 to 13 (hearts), got {number}")
    if game == CINCH:
        low, high = cinch_points_range(rules.get("scoring", "deduct"))
        if not low <= number <= high:
            raise ScorekeeperError(f"{player}: a pair's points over the four deals are {low} to "
                                   f"{high} (scoring={rules.get('scoring', 'deduct')}), got {number}")
    return number


def cinch_points_range(scoring: str) -> Tuple[int, int]:
    """What a pair can score over the four deals of a table, by the Cinch laws (games/cinch/game.py).

    Per deal a side scores at most 14 + 14 (a bid of 14 set with nothing taken: "the number of
    points bid are scored by the adversaries, in addition to any points [they] made"), and never
    less than 0, except under the old set-back scoring: at most 14, at least -14 (set back).
    """
    if scoring == "setback":
        return -14 * DEALS, 14 * DEALS
    return 0, 28 * DEALS


def _pair_points(values: Mapping[int, int], players: Sequence[str]) -> List[int]:
    """Cinch: a pair's points over the four deals, named by either partner (seats 1-3, 2-4)."""
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
            raise ScorekeeperError(f"the points of {_pair_name(players, pair)} are missing: give "
                                   f"each pair's points over the four deals ({players[pair]}=N), "
                                   f"or the deals (deal1= to deal4=)")
    return [int(p) for p in points if p is not None]


def _pair_name(players: Sequence[str], pair: int) -> str:
    """Cinch partners sit opposite: seats 1-3 are pair 0, seats 2-4 pair 1 ("Ann-Cid")."""
    return side_name(partnerships(players)[pair])


SEAT_NAMES = ("1", "2", "3", "4")  # a deal is scored with its players written as seats


def _cinch_game(rules: Mapping[str, str]):
    from ..games.cinch.game import Cinch

    game = Cinch()
    return game, {**game.resolve_rules({}, SEAT_NAMES), "scoring": rules.get("scoring", "deduct")}


def _deal_fields() -> Tuple[List[Any], Tuple[str, ...]]:
    """The fields of a hand of cinch, and those of them that name a player (bidder, dealer...)."""
    from ..fields import PLAYER

    game, _ = _cinch_game({})
    fields = game.fields(Session("", "cinch", SEAT_NAMES, {}))
    return fields, tuple(f.name for f in fields if f.kind is PLAYER)


def _deal_by_seat(key: str, value: Any, players: Sequence[str], rules: Mapping[str, str]) -> Dict[str, Any]:
    """One deal of Cinch as typed ("bidder=Ann bid=8 made=10") -> saved, its players by seat."""
    if isinstance(value, Mapping):
        raw = dict(value)
    else:
        try:
            raw = parse_assignments(str(value).split())
        except ScorekeeperError as err:
            raise ScorekeeperError(f"{key}: {err.message}") from None
    fields, player_fields = _deal_fields()
    by_seat = {}
    for name, v in raw.items():
        field = str(name).strip().lower()
        if field in player_fields and str(v).strip():
            seat = _seat_at(str(v), players)
            if seat is None:
                raise ScorekeeperError(f"{key}: {field}: {shown(str(v).strip())} is not at this table; "
                                       f"players: {', '.join(players)}", player=str(v).strip())
            v = SEAT_NAMES[seat]
        by_seat[name] = v
    try:
        values = coerce_hand(by_seat, fields, SEAT_NAMES)
    except ScorekeeperError as err:
        raise ScorekeeperError(f"{key}: {err.message}") from None
    return {k: (int(v) if k in player_fields else v) for k, v in dump_hand(values, fields).items()}


def _seat_at(name: str, players: Sequence[str]) -> Optional[int]:
    for seat, p in enumerate(players):
        if p.lower() == name.strip().lower():
            return seat
    if name.strip().isascii() and name.strip().isdigit() and 1 <= int(name.strip()) <= SEATS:
        return int(name.strip()) - 1
    return None


def entry_fields(entry: Mapping[str, Any], players: Sequence[str]) -> Dict[str, Any]:
    """A saved entry back as typed, with the names of the players now in its seats (for edit)."""
    raw: Dict[str, Any] = {}
    if "hearts" in entry:
        raw.update({p: h for p, h in zip(players, entry["hearts"])})
    if "points" in entry:
        raw.update({players[0]: entry["points"][0], players[1]: entry["points"][1]})
    player_fields = _deal_fields()[1] if entry.get("deals") else ()
    for number, deal in enumerate(entry.get("deals") or (), start=1):
        raw[f"deal{number}"] = {k: (players[int(v) - 1] if k in player_fields else v)
                                for k, v in deal.items()}
    if entry.get("cut"):
        raw["cut"] = ",".join(players[int(s) - 1] for s in entry["cut"])
    for name in COMMON_FIELDS:
        if name in entry:
            raw[name] = entry[name]
    return raw



# ---------------------------------------------------------------- the replay


class TableResult(NamedTuple):
    """What one table did in one round."""

    round: int
    table: int
    players: Tuple[str, ...]          # in seat order
    scores: Tuple[int, ...]           # hearts per seat, or the points of each seat's pair
    winners: Tuple[str, ...]          # going up (or, at the head table, staying)
    losers: Tuple[str, ...]           # staying (or, at the head table, going down)
    stars: Mapping[str, str]          # player -> colour won this round
    cuts: Tuple[str, ...]             # who won a cut
    summary: str


class PartyStanding(NamedTuple):
    game: str
    round: int                         # the round now being played (its seating is `tables`)
    tables: Seating
    reported: Tuple[int, ...]          # tables that have reported this round
    results: Tuple[TableResult, ...]   # every report, in the order logged
    history: Tuple[Seating, ...]       # the seating of every round played or being played
    stars: Mapping[str, Mapping[str, int]]
    visits: Mapping[str, Tuple[int, ...]]  # each player's table in each complete round
    standing: Tuple[str, ...]          # best first
    places: Mapping[str, str]          # "1", "2=" ...

    @property
    def rounds_played(self) -> int:
        return self.round - 1

    def waiting(self) -> Tuple[int, ...]:
        return tuple(t for t in range(1, len(self.tables) + 1) if t not in self.reported)


def replay(party: Session) -> PartyStanding:
    """Walk the results in order: each round's reports, then the movement once all are in."""
    game = check_game(party.game)
    rules = party.rules
    seating = first_seating(party.players)
    history: List[Seating] = [seating]
    round_, reported = 1, {}  # type: ignore[var-annotated]
    results: List[TableResult] = []
    stars = {p: {c: 0 for c in COLOURS} for p in party.players}
    visits: Dict[str, List[int]] = {p: [] for p in party.players}
    for index, hand in enumerate(party.hands):
        try:
            result = _one_report(game, rules, hand.fields, seating, round_, reported)
        except ScorekeeperError as err:
            where = hand.fields.get("round"), hand.fields.get("table")
            prefix = f"round {where[0]} table {where[1]}: " if None not in where else f"result {index + 1}: "
            if err.message.startswith(prefix):
                prefix = ""
            raise err.at(hand.source, prefix) from None
        reported[result.table] = result
        results.append(result)
        for p, colour in result.stars.items():  # a star is stuck on the tally at the table
            stars[p][colour] += 1
        if len(reported) == len(seating):
            for t, players in enumerate(seating, start=1):
                for p in players:
                    visits[p].append(t)
            seating = move(game, seating, reported)
            history.append(seating)
            round_, reported = round_ + 1, {}
    order, places = rank(party.players, stars, rules.get("prizes", "stars"))
    return PartyStanding(game, round_, seating, tuple(sorted(reported)), tuple(results),
                         tuple(history), stars, {p: tuple(v) for p, v in visits.items()}, order, places)


def _one_report(game: str, rules: Mapping[str, str], entry: Mapping[str, Any], seating: Seating,
                round_: int, reported: Mapping[int, TableResult]) -> TableResult:
    number, table = entry.get("round"), entry.get("table")
    if not isinstance(number, int) or isinstance(number, bool) or number != round_:
        raise ScorekeeperError(f"round must be {round_} (round {round_} is being played), got {shown(number)}")
    if not isinstance(table, int) or isinstance(table, bool) or not 1 <= table <= len(seating):
        raise ScorekeeperError(f"table must be 1 to {len(seating)}, got {shown(table)}")
    if table in reported:
        raise ScorekeeperError(f"table {table} has already reported round {round_} "
                               f"(party edit corrects a result)", usage=True)
    known = {"round", "table", "cut", *COMMON_FIELDS} | ({"hearts"} if game == HEARTS else {"points", "deals"})
    for key in entry:
        if key not in known:
            raise ScorekeeperError(f"unknown key {shown(key)} in a {game} result; keys: {', '.join(sorted(known))}")
    players = seating[table - 1]
    cuts = _cut_seats(entry.get("cut"))
    if game == HEARTS:
        return _hearts_table(entry, players, round_, table, len(seating), cuts)
    return _cinch_table(entry, players, round_, table, len(seating), cuts, rules)


def _cut_seats(raw: Any) -> Tuple[int, ...]:
    if raw is None:
        return ()
    items = raw if isinstance(raw, list) else [raw]
    seats = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, int) or not 1 <= item <= SEATS:
            raise ScorekeeperError(f"cut must list seats 1 to 4 (who won a cut), got {shown(raw)}")
        seats.append(item - 1)
    return tuple(seats)


def _hearts_table(entry: Mapping[str, Any], players: Tuple[str, ...], round_: int, table: int,
                  tables: int, cuts: Tuple[int, ...]) -> TableResult:
    hearts = entry.get("hearts")
    if not isinstance(hearts, list) or len(hearts) != SEATS or not all(
            isinstance(h, int) and not isinstance(h, bool) and 0 <= h <= TOTAL_HEARTS for h in hearts):
        raise ScorekeeperError(f"hearts must be four numbers 0 to 13 in seat order, got {shown(hearts)}")
    total = sum(hearts)
    if total != TOTAL_HEARTS:
        given = " + ".join(f"{p} {h}" for p, h in zip(players, hearts))
        raise ScorekeeperError(f"hearts: {given} = {total}, but the 13 hearts are all taken in a deal")
    winners: List[int] = []
    used: List[int] = []
    # Progressive Hearts: "the ladies compare their cards, and the one having the fewer hearts goes
    # to the next higher table. The gentlemen then compare"; "All ties are determined by cutting,
    # those cutting the lower cards going up." Seats 1 and 3 are one group, seats 2 and 4 the other.
    for group in ((0, 2), (1, 3)):
        a, b = group
        if hearts[a] != hearts[b]:
            winners.append(a if hearts[a] < hearts[b] else b)
            continue
        cut = [s for s in cuts if s in group]
        if len(cut) != 1:
            raise ScorekeeperError(
                f"{players[a]} and {players[b]} tie with {hearts[a]} heart{'s' if hearts[a] != 1 else ''}: "
                f"give cut=NAME, whoever cut the lower card ({_goes(table)})")
        winners.append(cut[0])
        used.append(cut[0])
    extra = [s for s in cuts if s not in used]
    if extra:
        raise ScorekeeperError(f"cut: there is no tie for {players[extra[0]]} to cut for "
                               f"({', '.join(f'{p} {h}' for p, h in zip(players, hearts))})")
    stars = {players[s]: ("gold" if table == 1 else "red") for s in winners}
    if table == tables:
        # "those taking in the most hearts at the booby table receive green stars": each of them
        most = max(hearts)
        for s, h in enumerate(hearts):
            if h == most and players[s] not in stars:
                stars[players[s]] = "green"
    losers = tuple(players[s] for s in range(SEATS) if s not in winners)
    won = tuple(players[s] for s in sorted(winners))
    summary = _summary(players, hearts, won, losers, stars, table, tables, tuple(players[s] for s in used))
    return TableResult(round_, table, players, tuple(hearts), won, losers, stars,
                       tuple(players[s] for s in used), summary)


def _goes(table: int) -> str:
    return "staying at the head table" if table == 1 else f"going up to table {table - 1}"


def _cinch_table(entry: Mapping[str, Any], players: Tuple[str, ...], round_: int, table: int,
                 tables: int, cuts: Tuple[int, ...], rules: Mapping[str, str]) -> TableResult:
    if ("points" in entry) == ("deals" in entry):
        raise ScorekeeperError("a progressive-cinch result gives points (each pair's) or deals, one of them")
    if "deals" in entry:
        points = _score_deals(entry["deals"], players, rules)
    else:
        points = entry["points"]
        if not isinstance(points, list) or len(points) != 2 or not all(
                isinstance(p, int) and not isinstance(p, bool) for p in points):
            raise ScorekeeperError(f"points must be two whole numbers (seats 1-3, seats 2-4), got {shown(points)}")
        low, high = cinch_points_range(rules.get("scoring", "deduct"))
        if not all(low <= p <= high for p in points):
            raise ScorekeeperError(f"points must be {low} to {high} for a pair over the four deals "
                                   f"(scoring={rules.get('scoring', 'deduct')}), got {shown(points)}")
    # Progressive Cinch: "the pair having the fewest points to go at the end of the four deals
    # progress to the next higher table. Ties cut to decide, high going up."
    used: Tuple[str, ...] = ()
    if points[0] != points[1]:
        pair = 0 if points[0] > points[1] else 1
        if cuts:
            raise ScorekeeperError(f"cut: there is no tie to cut for ({_pair_name(players, 0)} "
                                   f"{points[0]}, {_pair_name(players, 1)} {points[1]})")
    else:
        pairs = {s % 2 for s in cuts}
        if len(cuts) != 1:
            raise ScorekeeperError(
                f"{_pair_name(players, 0)} and {_pair_name(players, 1)} tie with {points[0]}: give "
                f"cut=NAME, a player of the pair that cut high ({_goes(table)})")
        pair = pairs.pop()
        used = (players[cuts[0]],)
    won = (players[pair], players[pair + 2])
    lost = (players[1 - pair], players[3 - pair])
    stars = {p: ("gold" if table == 1 else "red") for p in won}
    if table == tables:
        stars.update({p: "green" for p in lost})
    scores = tuple(points[s % 2] for s in range(SEATS))
    head = "stay at the head table" if table == 1 else f"go up to table {table - 1}"
    summary = (f"{_pair_name(players, 0)} {points[0]}, {_pair_name(players, 1)} {points[1]}"
               f"{f' ({used[0]} won the cut)' if used else ''}: {' and '.join(won)} {head}")
    if table == 1:
        summary += f"; {' and '.join(lost)} go down to table {tables}"
    return TableResult(round_, table, players, scores, won, lost, stars, used, summary)


def _score_deals(deals: Any, players: Tuple[str, ...], rules: Mapping[str, str]) -> List[int]:
    """The four deals scored by the Cinch laws (games/cinch/game.py), each pair's points added up."""
    if not isinstance(deals, list) or len(deals) != DEALS or not all(isinstance(d, dict) for d in deals):
        raise ScorekeeperError(f"deals must be a list of {DEALS} deals, each a mapping of its fields")
    game, cinch_rules = _cinch_game(rules)
    player_fields = _deal_fields()[1]
    hands = []
    for number, deal in enumerate(deals, start=1):
        named = {}
        for k, v in deal.items():
            if k in player_fields:
                if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= SEATS:
                    raise ScorekeeperError(f"deal{number}: {k} must be a seat 1 to 4, got {shown(v)}")
                v = players[v - 1]
            named[k] = v
        hands.append(Hand(named))
    session = Session("", "cinch", players, cinch_rules, hands=tuple(hands))
    try:
        st = game.replay(session)
    except ScorekeeperError as err:
        raise ScorekeeperError(err.message.replace("hand ", "deal", 1)) from None
    dealers = [e.dealer for e in st.effects]
    for number, dealer in enumerate(dealers, start=1):
        if dealers.index(dealer) != number - 1:
            raise ScorekeeperError(f"deal{number}: {dealer} deals twice; each player deals once "
                                   f"(give dealer=NAME)")
    return [sum(e.changes[players[pair]] for e in st.effects) for pair in (0, 1)]


def _summary(players: Sequence[str], hearts: Sequence[int], won: Sequence[str], losers: Sequence[str],
             stars: Mapping[str, str], table: int, tables: int, cuts: Sequence[str]) -> str:
    taken = ", ".join(f"{p} {h}" for p, h in zip(players, hearts))
    cut = f" ({' and '.join(cuts)} won the cut)" if cuts else ""
    if table == 1:
        moves = f"{' and '.join(won)} stay at the head table; {' and '.join(losers)} go down to table {tables}"
    else:
        moves = f"{' and '.join(won)} go up to table {table - 1}"
    green = [p for p, c in stars.items() if c == "green"]
    if green:
        moves += f"; green: {', '.join(green)}"
    return f"{taken}{cut}: {moves}"


def move(game: str, seating: Seating, reported: Mapping[int, TableResult]) -> Seating:
    """The seating for the next round, once every table has reported."""
    tables = len(seating)
    # Who leaves each table: the winners, except at the head table, where the losers go down
    # to the booby table ("as at Progressive Euchre"). Table i's leavers go to table i-1.
    leaving = {t: (reported[t].losers if t == 1 else reported[t].winners) for t in range(1, tables + 1)}
    arriving = {(t - 1 if t > 1 else tables): leaving[t] for t in leaving}
    new: List[Tuple[str, ...]] = []
    for t in range(1, tables + 1):
        players = seating[t - 1]
        if game == HEARTS:
            # Hearts: each arrival "takes the seat vacated by those leaving the table": a lady's
            # seat for a lady (seats 1 and 3), a gentleman's for a gentleman (seats 2 and 4).
            seats = list(players)
            source = t + 1 if t < tables else 1
            for arrival in arriving[t]:
                group = seating[source - 1].index(arrival) % 2
                vacated = next(s for s, p in enumerate(players) if s % 2 == group and p in leaving[t])
                seats[vacated] = arrival
            new.append(tuple(seats))
        else:
            # Cinch: "the partners divide": the pair that stays takes seats 1 and 2, the pair that
            # arrives seats 3 and 4, so each new pair (seats 1-3, 2-4) is one of each.
            staying = tuple(p for p in players if p not in leaving[t])
            new.append(staying + tuple(arriving[t]))
    return tuple(new)


# ---------------------------------------------------------------- the prizes


def rank_key(stars: Mapping[str, int], prizes: str) -> Tuple[int, ...]:
    gold, red, green = stars["gold"], stars["red"], stars["green"]
    if prizes == "gold-first":
        return (gold, red, -green)
    if prizes == "all-stars":
        return (gold + red + green, gold, red)
    return (gold + red, gold, -green)


def rank(players: Sequence[str], stars: Mapping[str, Mapping[str, int]],
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
