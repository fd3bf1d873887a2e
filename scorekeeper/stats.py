"""The season's statistics: pure arithmetic over replayed sittings (no disk, no printing).

Each sitting is replayed by the ledger, which also gathers what each hand meant to its game
(`Game.figures`: hearts taken, bids made and set, hands shown, calls failed). Here those are
added up per player, with the generic figures every game has: sittings and hands played,
games won, the net in the game's unit, money by currency, and the best and worst night.
"""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

from .games.sides import side_name
from .model import Failed, ScorekeeperError, shown

if TYPE_CHECKING:
    from .games.base import Standings
    from .ledger import Night
    from .model import Session


class Tally:
    """A figure over the season: its observations added up, and how many there were."""

    __slots__ = ("how", "total", "count", "expected")

    def __init__(self, how: str, total: Any = 0, count: int = 0, expected: Optional[Any] = None) -> None:
        self.how = how                # "total" or "mean"
        self.total = total            # int or Fraction
        self.count = count
        self.expected = expected

    def add(self, value: Any, expected: Optional[Any]) -> None:
        """One more observation (a tally is counted in place: one a figure, not one a hand)."""
        self.total += value
        self.count += 1
        if expected is not None:
            self.expected = expected

    @property
    def value(self) -> Any:
        """The total, or for a mean the exact mean (a Fraction)."""
        if self.how == "mean":
            return Fraction(self.total, self.count) if self.count else Fraction(0)
        return self.total


# The records below are plain classes, only read by name (docs/architecture.md, "Value types").
class GameLine:
    """One player's record at one game."""

    __slots__ = ("unit", "sittings", "hands", "games_won", "net")

    def __init__(self, unit: str, sittings: int = 0, hands: int = 0, games_won: int = 0, net: Any = 0) -> None:
        self.unit = unit
        self.sittings = sittings
        self.hands = hands
        self.games_won = games_won
        self.net = net                # the sum of his balances, in `unit`


class NightResult:
    __slots__ = ("sitting", "game", "cents", "currency")

    def __init__(self, sitting: str, game: str, cents: int, currency: str) -> None:
        self.sitting = sitting
        self.game = game
        self.cents = cents
        self.currency = currency


class PlayerSeason:
    __slots__ = ("name", "sittings", "hands", "games_won", "money", "by_game", "best", "worst", "figures")

    def __init__(self, name: str, sittings: int, hands: int, games_won: int, money: Dict[str, int],
                 by_game: Dict[str, GameLine], best: Optional[NightResult], worst: Optional[NightResult],
                 figures: Dict[str, Dict[str, Tally]]) -> None:
        self.name = name
        self.sittings = sittings
        self.hands = hands
        self.games_won = games_won
        self.money = money            # currency -> cents won (+) or lost (-)
        self.by_game = by_game
        self.best = best
        self.worst = worst
        self.figures = figures        # game -> figure name -> tally


class Season:
    __slots__ = ("sittings", "hands", "players", "failed", "parties")

    def __init__(self, sittings: int, hands: int, players: Dict[str, PlayerSeason], failed: List[Failed],
                 parties: List[Failed]) -> None:
        self.sittings = sittings
        self.hands = hands
        self.players = players
        self.failed = failed
        self.parties = parties        # party files in the folder: not sittings


def parse_since(raw: Optional[str]) -> Optional[date]:
    """--since DATE: a calendar date, 2026-11-01."""
    if raw is None:
        return None
    try:
        if any(ord(c) < 32 or ord(c) == 127 for c in raw):  # a newline pasted in is a mistake
            raise ValueError(raw)
        return date.fromisoformat(raw.strip(" "))
    except ValueError:
        raise ScorekeeperError(f"--since must be a date such as 2026-11-01, got {shown(raw)}",
                               usage=True) from None


def keeper(game: Optional[str] = None, player: Optional[str] = None,
           since: Optional[date] = None) -> Optional[Callable[["Session"], bool]]:
    """Which sittings to count, judged from the header alone (before any replay); None: all."""
    if not (game or player or since):
        return None  # (each file is then read once, not its header first)
    wanted_game = game.strip().lower() if game else None
    wanted_player = player.strip().lower() if player else None

    def keep(session: "Session") -> bool:
        if wanted_game is not None and session.game.strip().lower() != wanted_game:
            return False
        if wanted_player is not None and wanted_player not in (p.lower() for p in session.players):
            return False
        if since is not None:
            try:
                played = date.fromisoformat(str(session.created)[:10])
            except ValueError:
                return False  # no date: not known to be since
            if played < since:
                return False
        return True

    return keep


def season(nights: Iterable[Union["Night", Failed]], failed: Sequence[Failed] = (),
           player: Optional[str] = None, filtered: bool = False) -> Season:
    """Every player's season (or one player's: `player`, in any case) over the sittings.
    The party files in the folder are named, unless the sittings were `filtered` (by game,
    player or date: a party is none of those sittings). `nights` may hold the files that
    failed too (ledger.each_night streams both): each night is counted as it comes."""
    count = SeasonCount()
    for found in nights:
        count.add(found)
    for f in failed:
        count.add(f)
    return count.season(player, filtered)


class SeasonCount:
    """A season counted one night at a time (ledger.each_night streams them): what is kept of
    each is its line in every player's record, never its hands or figures."""

    def __init__(self) -> None:
        self.records: Dict[str, Dict[str, Any]] = {}
        self.sittings = 0
        self.hands = 0
        self.failed: List[Failed] = []

    def add(self, found: Union["Night", Failed]) -> None:
        if isinstance(found, Failed):
            self.failed.append(found)
            return
        night = found
        session, standings = night.replayed.session, night.replayed.standings
        self.sittings += 1
        self.hands += night.hands_played
        records = self.records
        for p in session.players:
            _count_night(records.setdefault(p, _empty()), night, p)
        for figure in night.figures:
            if figure.player in records:
                per_game = records[figure.player]["figures"].setdefault(standings.game, {})
                tally = per_game.get(figure.name)
                if tally is None:
                    tally = per_game[figure.name] = Tally(figure.how)
                tally.add(figure.value, figure.expected)

    def season(self, player: Optional[str] = None, filtered: bool = False) -> Season:
        wanted = player.strip().lower() if player else None
        players = {name: _player(name, r) for name, r in self.records.items()
                   if wanted is None or name.lower() == wanted}
        return Season(self.sittings, self.hands, players, [f for f in self.failed if not f.kind],
                      [] if filtered else [f for f in self.failed if f.kind])


def _empty() -> Dict[str, Any]:
    return {"sittings": 0, "hands": 0, "games_won": 0, "money": {}, "by_game": {},
            "nights": [], "figures": {}}


def _count_night(record: Dict[str, Any], night: "Night", p: str) -> None:
    session, standings = night.replayed.session, night.replayed.standings
    s = night.settlement
    won = sum(p in game.players for game in standings.finished_games)
    record["sittings"] += 1
    record["hands"] += night.hands_played
    record["games_won"] += won
    cents = s.money_cents[p] if s.stake is not None else 0  # no stake: no money won or lost
    if s.stake is not None:
        record["money"][s.currency] = record["money"].get(s.currency, 0) + cents
    line = record["by_game"].get(standings.game) or GameLine(standings.unit)
    record["by_game"][standings.game] = GameLine(
        line.unit, line.sittings + 1, line.hands + night.hands_played, line.games_won + won,
        line.net + standings.balances[p])
    record["nights"].append(NightResult(session.name, standings.game, cents, s.currency))


def _player(name: str, r: Dict[str, Any]) -> PlayerSeason:
    nights: List[NightResult] = r["nights"]
    # Best and worst night by the money won; the first such night on a tie.
    best = max(nights, key=lambda n: n.cents) if nights else None
    worst = min(nights, key=lambda n: n.cents) if nights else None
    figures = {game: dict(sorted(f.items(), key=lambda kv: _natural(kv[0])))
               for game, f in r["figures"].items()}
    return PlayerSeason(name, r["sittings"], r["hands"], r["games_won"], r["money"],
                        r["by_game"], best, worst, figures)


def _natural(text: str) -> List[Any]:
    """Figure names in the order people read them: bid 7 before bid 10."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part)
            for part in re.split(r"(\d+)", text) if part]


# ---------------------------------------------------------------- one sitting's score lines


class ScoreLines:
    """Each player's (or side's) score after every hand, and the hands that ended a game."""

    __slots__ = ("lines", "game_ends")

    def __init__(self, lines: Dict[str, List[Any]], game_ends: List[int]) -> None:
        self.lines = lines            # label -> score after hand 1, 2, ...
        self.game_ends = game_ends    # 1-based numbers of the hands that ended a game


def score_lines(st: "Standings") -> ScoreLines:
    """From the standings of a replay: each player's score after every hand, and the hands
    that ended a game (`finished_games`). Partners (players whose score is the same after
    every hand) make one line, named as the house names a side (`A-B`)."""
    players, effects = st.players, st.effects
    series = {p: [e.scores.get(p, 0) for e in effects] for p in players}
    lines: Dict[str, List[Any]] = {}
    taken = set()
    for p in players:
        if p in taken:
            continue
        partners = [q for q in players if q not in taken and series[q] == series[p]]
        if len(partners) == len(players) and len(players) > 1:
            partners = [p]  # everyone alike (no hand yet, or every score equal): no sides
        taken.update(partners)
        lines[side_name(partners)] = series[p]
    return ScoreLines(lines, [g.hand for g in st.finished_games])


def money_lines(nights: Sequence["Night"]) -> "tuple[str, Dict[str, List[Fraction]]]":
    """Each player's money won so far after every sitting, in the currency most sittings were
    played for (sittings in another currency leave the lines flat): (currency, lines)."""
    counts: Dict[str, int] = {}
    for night in nights:
        counts[night.settlement.currency] = counts.get(night.settlement.currency, 0) + 1
    if not counts:
        return "", {}
    currency = max(counts, key=lambda c: counts[c])
    players: List[str] = []
    for night in nights:
        players += [p for p in night.replayed.session.players if p not in players]
    totals = {p: Fraction(0) for p in players}
    lines: Dict[str, List[Fraction]] = {p: [] for p in players}
    for night in nights:
        if night.settlement.currency == currency and night.settlement.stake is not None:
            for p, cents in night.settlement.money_cents.items():
                totals[p] += Fraction(cents, 100)
        for p in players:
            lines[p].append(totals[p])
    return currency, lines
