"""Progressive Cinch at one table: four deals scored by the Cinch laws, and what four deals can give.

rules/002, Progressive Cinch: "four deals, each player having the deal once only. The ordinary
game of Cinch is played, and the pair having the fewest points to go at the end of the four
deals progress". A table reports either each pair's points over its four deals or the deals
themselves; a deal is a hand of the `cinch` game (games/cinch/game.py), scored by its laws, with
its players saved as seats (1 to 4) so that a result stays with the seats it was played at.

Everything here is pure.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ..fields import PLAYER, PLAYERS, Field, read_fields, dump_hand, FieldIndex, parse_assignments
from ..games.cinch.game import Cinch, score_deal
from ..games.sides import partnerships, side_name
from ..model import ScorekeeperError, Session, shown

DEALS = 4  # Progressive Cinch: "four deals, each player having the deal once only"
SEATS = 4
SEAT_NAMES = ("1", "2", "3", "4")  # a deal is checked with its players written as seats


def pair_name(players: Sequence[str], pair: int) -> str:
    """Cinch partners sit opposite: seats 1-3 are pair 0, seats 2-4 pair 1 ("Ann-Cid")."""
    return side_name(partnerships(players)[pair])


# ---------------------------------------------------------------- the deals, by seat


def _game(rules: Mapping[str, str]) -> Tuple[Cinch, Dict[str, Any]]:
    """The `cinch` game and its rules at a party table: the book's, but for the party's scoring."""
    game = Cinch()
    return game, {**game.resolve_rules({}, SEAT_NAMES), "scoring": rules.get("scoring", "deduct")}


@lru_cache(maxsize=1)
def _deal_fields() -> Tuple[Tuple[Field, ...], Tuple[str, ...], Tuple[str, ...]]:
    """The fields of a hand of cinch; those that name one player (bidder, dealer, foul) and
    those that name several (revoke)."""
    game, _ = _game({})
    fields = tuple(game.fields(Session("", "cinch", SEAT_NAMES, {})))
    return (fields, tuple(f.name for f in fields if f.kind is PLAYER),
            tuple(f.name for f in fields if f.kind is PLAYERS))


def _seat_at(name: str, players: Sequence[str]) -> Optional[int]:
    text = name.strip()
    for seat, p in enumerate(players):
        if p.lower() == text.lower():
            return seat
    if text.isascii() and text.isdigit() and 1 <= int(text) <= SEATS:
        return int(text) - 1
    return None


def deal_by_seat(key: str, value: Any, players: Sequence[str]) -> Dict[str, Any]:
    """One deal of Cinch as typed ("bidder=Ann bid=8 made=10 revoke=Bob") -> as saved: every
    field that names players (bidder, dealer, foul, revoke) written as their seats."""
    if isinstance(value, Mapping):
        raw = dict(value)
    else:
        try:
            raw = parse_assignments(str(value).split())
        except ScorekeeperError as err:
            raise ScorekeeperError(f"{key}: {err.message}", field=key) from None
    fields, one, several = _deal_fields()
    by_seat: Dict[str, Any] = {}
    for name, v in raw.items():
        field = str(name).strip().lower()
        if field in one and str(v).strip():
            v = SEAT_NAMES[_seat_or_refuse(key, field, str(v), players)]
        elif field in several:
            names = v if isinstance(v, (list, tuple)) else str(v).replace(",", " ").split()
            v = [SEAT_NAMES[_seat_or_refuse(key, field, str(n), players)] for n in names if str(n).strip()]
        by_seat[name] = v
    try:
        values = read_fields(by_seat, fields, SEAT_NAMES)
    except ScorekeeperError as err:
        raise ScorekeeperError(f"{key}: {err.message}", field=key) from None
    saved = dump_hand(values, list(fields))
    return {k: (int(v) if k in one else [int(s) for s in str(v).split(",")] if k in several else v)
            for k, v in saved.items()}


def _seat_or_refuse(key: str, field: str, name: str, players: Sequence[str]) -> int:
    seat = _seat_at(name, players)
    if seat is None:
        raise ScorekeeperError(f"{key}: {field}: {shown(name.strip())} is not at this table; "
                               f"players: {', '.join(players)}", field=key, player=name.strip())
    return seat


def deal_by_name(deal: Mapping[str, Any], players: Sequence[str]) -> Dict[str, Any]:
    """A saved deal back with the names of the players in its seats (for a correction)."""
    _, one, several = _deal_fields()
    return {k: (players[int(v) - 1] if k in one else [players[int(s) - 1] for s in v] if k in several
                else v) for k, v in deal.items()}


def score_deals(deals: Any, players: Tuple[str, ...], rules: Mapping[str, str]) -> List[int]:
    """The four deals scored by the Cinch laws, each pair's points added up (seats 1-3, 2-4)."""
    if not isinstance(deals, list) or len(deals) != DEALS or not all(isinstance(d, dict) for d in deals):
        raise ScorekeeperError(f"deals must be a list of {DEALS} deals, each a mapping of its fields",
                               field="deals")
    game, cinch_rules = _game(rules)
    _, one, several = _deal_fields()
    session = Session("", "cinch", players, cinch_rules)
    index = FieldIndex(game.fields(session))
    state = game.start(session)
    dealers: List[str] = []
    totals = [0, 0]
    for number, deal in enumerate(deals, start=1):
        try:
            named = {k: _seats_to_names(k, v, players, one, several) for k, v in deal.items()}
            values = game.read_hand(named, session, index)
            game.check_result(values, session)
            state, effect = game.apply(state, values, session, number - 1)
        except ScorekeeperError as err:
            raise ScorekeeperError(f"deal{number}: {err.message}", field="deals") from None
        if effect.dealer in dealers:
            raise ScorekeeperError(f"deal{number}: {effect.dealer} deals twice; each player deals "
                                   f"once (give dealer=NAME)", field="deals")
        dealers.append(str(effect.dealer))
        totals = [totals[pair] + int(effect.changes[players[pair]]) for pair in (0, 1)]
    return totals


def deals_in_words(deals: Sequence[Mapping[str, Any]], players: Tuple[str, ...],
                   rules: Mapping[str, str]) -> List[str]:
    """A table's deals as the `cinch` game says its hands ("Ann bid 8 in hearts and made 10"),
    for the pages a party shares; the deals are those of a result already replayed."""
    game, cinch_rules = _game(rules)
    _, one, several = _deal_fields()
    session = Session("", "cinch", players, cinch_rules)
    index = FieldIndex(game.fields(session))
    said = []
    for deal in deals:
        named = {k: _seats_to_names(k, v, players, one, several) for k, v in deal.items()}
        said.append(game.describe(game.read_hand(named, session, index), session))
    return said


def _seats_to_names(key: str, value: Any, players: Sequence[str], one: Sequence[str],
                    several: Sequence[str]) -> Any:
    def seat(v: Any) -> str:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= SEATS:
            raise ScorekeeperError(f"{key} must be a seat 1 to 4, got {shown(v)}")
        return players[v - 1]

    if key in one:
        return seat(value)
    if key in several:
        if not isinstance(value, list):
            raise ScorekeeperError(f"{key} must be a list of seats 1 to 4, got {shown(value)}")
        return [seat(v) for v in value]
    return value


# ---------------------------------------------------------------- what four deals can give


# Why some pairs of totals cannot be, in the words of each scoring (for the error line).
WHY = {
    "deduct": "a deal scores for one side only, at most 28: a bid of 14 set with nothing taken",
    "setback": "a deal gives the two sides at most 14 between them; a side set back its bid "
               "leaves the other at least 15 less the bid",
    "eight": "a deal gives one side at most 28, a set bid of 14; both score only when the "
             "bidder's side takes 8 or more",
}


def _one_deal(scoring: str) -> List[Tuple[int, int]]:
    """Every (pair 0, pair 1) one deal can score, by the Cinch laws' own scoring of a deal
    (score_deal): any bid, any split of the 14 points, a revoke or foul hand on either side,
    either pair bidding."""
    game, rules = _game({"scoring": scoring})
    found = set()
    for bid in range(game.max_bid + 1):
        for made in range(game.deal_points + 1):
            against = game.deal_points - made  # no blind draw at a party: all 14 are made
            for bidders, adversaries, revoked in ((False, False, False), (True, False, False),
                                                  (False, True, False), (False, True, True),
                                                  (True, True, False)):
                score = score_deal(scoring, bid, made, against, bidders_penalised=bidders,
                                   adversaries_penalised=adversaries, adversary_revoked=revoked,
                                   adversary_foul=rules["adversary_foul"])
                found.add((score.bidders, score.adversaries))
                found.add((score.adversaries, score.bidders))
    return sorted(found)


@lru_cache(maxsize=None)
def four_deal_totals(scoring: str) -> Mapping[int, int]:
    """pair 0's total -> the set of pair 1's totals four deals can give with it, as a bit mask
    (bit y + OFFSET). Built deal by deal from every outcome of one deal."""
    by_dx: Dict[int, List[int]] = {}
    for dx, dy in _one_deal(scoring):
        by_dx.setdefault(dx, []).append(dy)
    totals: Dict[int, int] = {0: 1 << OFFSET}
    for _ in range(DEALS):
        grown: Dict[int, int] = {}
        for x, mask in totals.items():
            for dx, dys in by_dx.items():
                acc = grown.get(x + dx, 0)
                for dy in dys:
                    acc |= mask << dy if dy >= 0 else mask >> -dy
                grown[x + dx] = acc
        totals = grown
    return totals


OFFSET = 28 * DEALS  # no side's total reaches below -OFFSET


def points_range(scoring: str) -> Tuple[int, int]:
    """The least and the most a pair can score over the four deals (0 to 112 by deduction)."""
    xs = four_deal_totals(scoring)
    return min(xs), max(xs)


def _spans(mask: int) -> List[Tuple[int, int]]:
    spans: List[Tuple[int, int]] = []
    bit = 0
    while mask >> bit:
        if mask >> bit & 1:
            y = bit - OFFSET
            if spans and spans[-1][1] == y - 1:
                spans[-1] = (spans[-1][0], y)
            else:
                spans.append((y, y))
        bit += 1
    return spans


def _spans_text(spans: Sequence[Tuple[int, int]]) -> str:
    if len(spans) == 1 and spans[0][0] == spans[0][1]:
        return f"only {spans[0][0]}"
    return " or ".join(f"{a}" if a == b else f"{a} to {b}" for a, b in spans)


def check_totals(points: Sequence[int], players: Sequence[str], scoring: str) -> None:
    """Refuse a pair of totals no four deals can give (`Ann=60 Bob=50`: by deduction a deal
    scores for one side, at most 28, so 60 takes three deals and 50 two)."""
    low, high = points_range(scoring)
    for pair, value in enumerate(points):
        if not low <= value <= high:
            raise ScorekeeperError(f"{players[pair]}: a pair's points over the four deals are {low} "
                                   f"to {high} (scoring={scoring}), got {value}", field="points",
                                   player=players[pair])
    totals = four_deal_totals(scoring)
    x, y = points
    if totals.get(x, 0) >> (y + OFFSET) & 1:
        return
    # the larger total is the one the other must fit beside
    anchor = 0 if abs(x) >= abs(y) else 1
    other = 1 - anchor
    if anchor == 0:
        possible = totals[x]
    else:
        possible = sum(1 << (v + OFFSET) for v, mask in totals.items() if mask >> (y + OFFSET) & 1)
    names = [pair_name(players, 0), pair_name(players, 1)]
    raise ScorekeeperError(
        f"{names[0]} {x} and {names[1]} {y}: no four deals give both (scoring={scoring}: "
        f"{WHY.get(scoring, 'what one deal can score')}); with {names[anchor]} {points[anchor]}, "
        f"{names[other]} can have {_spans_text(_spans(possible))}",
        field="points", player=players[other])
