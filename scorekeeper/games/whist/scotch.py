"""Scotch Whist, or Catch the Ten, and French Whist (Foster's Complete Hoyle, rules file 003).

A 36-card pack (Ace to Six). The side that wins the trump Jack scores 11, the Ace 4, the King
3, the Queen 2, the Ten 10; each side also scores a point for every card it took in tricks
above the number first dealt to it. Game is 41. When several reach 41 on one deal, "the Ten
counts out first; then cards; then A K Q of trumps in their order, and the Jack last". A
revoke claimed before the next cut ends the game. With four players the 1st and 3rd are
partners against the 2nd and 4th; with two, three or five each plays for himself.
French Whist: the Ten of Diamonds counts ten to those winning it, trumps or not.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from ...fields import PLAYER, SUIT, Field, Kind, integer
from ...model import Record, ScorekeeperError, Session
from .. import sides as _sides
from .. import target as _target
from .. import words
from ..base import Effect, FinishedGame, Game, Standings, choice_rule
from ..history import History
from .table import Table, finished_like

GAME = 41
PACK = 36
# The trump honours and what each counts, in the order they count out (Ten first, Jack last).
HONOURS = {"jack": 11, "ace": 4, "king": 3, "queen": 2, "ten": 10}
HONOUR_NAMES = {"ten": "the Ten", "diamond_ten": "the Ten of Diamonds", "ace": "the Ace",
                "king": "the King", "queen": "the Queen", "jack": "the Jack"}


def _revoker(raw: Any, players: Sequence[str]) -> str:
    """One player: "A revoke ... immediately ends the game", so only the first one counts."""
    text = str(raw).strip()
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) > 1:
        first = PLAYER.parse(names[0], players)
        raise ScorekeeperError(f"one player only, got {raw!r}: the first revoke claimed ends "
                               f"the game (for example revoke={first})")
    revoker: str = PLAYER.parse(text, players)
    return revoker


REVOKER = Kind("a player's name", _revoker)


def dealt_each(n: int) -> int:
    """Cards first dealt to each player: with five the six of spades is put out (7 each)."""
    return 7 if n == 5 else PACK // n


class GameOver(Record):  # the sides credited with the game, the sides that pay it, and who revoked
    __slots__ = ("winners", "losers", "revoker")
    def __init__(self, winners: Tuple[int, ...], losers: Tuple[int, ...], revoker: Optional[str] = None) -> None:
        self.winners, self.losers, self.revoker = winners, losers, revoker


class ScotchState(Record):  # sides' points toward 41 this game; games finished: who pays, final scores
    __slots__ = ("score", "results", "finished")
    def __init__(self, score: Tuple[int, ...], results: History[GameOver], finished: History[FinishedGame]) -> None:
        self.score, self.results, self.finished = score, results, finished


# What scoring a deal reads of it (ScotchWhist.read_deal): the score before it, the side that won
# each counting card (None: not in play), each side's points for cards, the dealer.
DealRead = Tuple[Tuple[int, ...], Tuple[Optional[int], ...], Tuple[int, ...], str]


class Scored(Record):
    """A deal scored: the score after it, its effect, and when it ended the game, who pays
    whom and the game's report (numbered and placed by `finished_like`)."""

    __slots__ = ("score", "effect", "over", "report")
    def __init__(self, score: Tuple[int, ...], effect: Effect, over: Optional[GameOver] = None,
                 report: Optional[FinishedGame] = None) -> None:
        self.score, self.effect, self.over, self.report = score, effect, over, report


class ScotchWhist(Game[ScotchState]):
    name = "scotch-whist"
    description = (
        "Two to five players; with four, the 1st and 3rd against the 2nd and 4th, otherwise "
        "each for himself. Each hand gives who won each trump honour in tricks (jack=, ace=, "
        "king=, queen=, ten=: 11, 4, 3, 2 and 10) and the cards each player (each side with "
        "four) took in tricks (Ann=20); a point for every card above those first dealt. Game "
        "is 41; on a tie the Ten counts out first, then cards, then Ace, King, Queen, and the "
        "Jack last. revoke=NAME ends the game, lost by the revoker. Settles in games: each "
        "loser pays the winner one game.")
    _table: Optional[Table] = None  # the sitting last replayed (`table`)
    rules = (
        choice_rule("revoke_paid_by", "side",
                    "with four players, who pays the game lost by a revoke: the side of the "
                    "player in fault (side) or the individual in fault, who pays each opponent "
                    "a game (player) -- 'it should be clearly understood before play begins'",
                    "side", "player"),
    )

    # -- sides

    def race_target(self, session: Session) -> Optional[int]:
        return GAME

    def score_sides(self, session: Session) -> Optional[Tuple[Tuple[str, ...], ...]]:
        p = session.players
        return ((p[0], p[2]), (p[1], p[3])) if self.partnerships(session) else None

    def partnerships(self, session: Session) -> bool:
        return len(session.players) == 4

    def sides(self, session: Session) -> int:
        return 2 if self.partnerships(session) else len(session.players)

    def seated_sides(self, session: Session) -> Tuple[_sides.Side, ...]:
        """Partners opposite at four; each for himself otherwise."""
        if self.partnerships(session):
            return _sides.partnerships(session.players)
        return _sides.each_alone(session.players)

    def side_of(self, session: Session, name: str) -> int:
        return _sides.side_index(self.seated_sides(session), name)

    def side_name(self, session: Session, side: int) -> str:
        return _sides.side_name(self.seated_sides(session)[side])

    def per_player(self, session: Session, by_side: Sequence[Any]) -> Dict[str, Any]:
        return _sides.per_player(self.seated_sides(session), by_side)

    # -- fields

    def fields(self, session: Session) -> List[Field]:
        whose = "'s side" if self.partnerships(session) else ""
        cards = [Field(p, integer(0, PACK), f"cards taken in tricks by {p}{whose}")
                 for p in session.players]
        honours = [Field(name, PLAYER, f"who won {HONOUR_NAMES[name]} of trumps ({points})")
                   for name, points in HONOURS.items()]
        extra = self.extra_fields()
        return cards + honours + extra + [
            Field("revoke", REVOKER, "the player who revoked: the game ends, lost by his side")]

    def extra_fields(self) -> List[Field]:
        return []

    # -- replay

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        """"Y-Z took 20 cards; B won the Jack, the King and the Ten, A the Ace and the Queen"."""
        sides = self.seated_sides(session)
        taken = [f"{_sides.side_name(next(s for s in sides if p in s))} took {values[p]} cards"
                 for p in session.players if p in values]
        won: Dict[str, List[str]] = {}
        for name in [f.name for f in self.fields(session) if f.name in HONOUR_NAMES]:
            if name in values:
                won.setdefault(values[name], []).append(HONOUR_NAMES[name])
        honours = ", ".join(f"{who} won {words.names(what)}" if i == 0 else f"{who} {words.names(what)}"
                            for i, (who, what) in enumerate(won.items()))
        return words.sentence(
            ", ".join(taken), honours,
            f"{words.suit(values['trumps'])} trumps" if "trumps" in values else "",
            f"{values['revoke']} revoked" if "revoke" in values else "")

    def start(self, session: Session) -> ScotchState:
        return ScotchState(tuple(0 for _ in range(self.sides(session))), History(), History())

    def table(self, session: Session) -> Table:
        """This sitting's sides and dealers (games/whist/table.py)."""
        table = self._table
        if table is None or not table.fits(session):
            table = self._table = Table(self, session, self.seated_sides(session))
        return table

    def apply(self, state: ScotchState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[ScotchState, Effect]:
        table = self.table(session)
        dealer = table.dealer(index)
        if "revoke" in hand:
            scored = self.revoked(state.score, hand, table, dealer)
        else:
            scored = self.scored(self.read_deal(state.score, hand, table, dealer), table)
        if scored.over is None or scored.report is None:  # (both are, or neither)
            return ScotchState(scored.score, state.results, state.finished), scored.effect
        return ScotchState(table.zero, state.results.plus(scored.over),
                           finished_like(state.finished, index, scored.report)), scored.effect

    def revoked(self, score: Tuple[int, ...], hand: Mapping[str, Any], table: Table, dealer: str) -> Scored:
        """The revoke ends the game: what else the hand gives is only noted as not counted."""
        revoker = hand["revoke"]
        over = self.revoke_game(revoker, table)
        notes: Tuple[str, ...] = (self.game_note(over, table, score),)
        if any(k not in ("revoke", "note", "at") for k in hand):
            notes += ("the deal's cards and honours are not counted: the revoke ends the game",)
        zero = {p: 0 for p in table.players}
        effect = Effect(f"{revoker} revokes: the game ends", zero,
                        _sides.per_player(table.sides, score), dealer, notes)
        return Scored(score, effect, over, self.game_report(over, table, score))

    def scored(self, deal: DealRead, table: Table) -> Scored:
        """A deal scored from what `read_deal` reads of it."""
        before, sides, cards, dealer = deal
        counts: Dict[str, Any] = {name: side for name, side in zip(self.honour_order(), sides)
                                  if side is not None}
        counts["cards"] = list(cards)
        score, winner, parts = self.count_deal(before, counts, table, dealer)
        changes = _sides.per_player(table.sides, [score[s] - before[s] for s in range(len(score))])
        summary = "; ".join(parts) or "no score"
        if winner is None:
            return Scored(score, Effect(summary, changes, _sides.per_player(table.sides, score), dealer))
        losers = tuple(s for s in range(len(score)) if s != winner)
        over = GameOver((winner,), losers)
        effect = Effect(summary, changes, _sides.per_player(table.sides, score), dealer,
                        (self.game_note(over, table, score),))
        return Scored(score, effect, over, self.game_report(over, table, score))

    def game_report(self, over: GameOver, table: Table, score: Sequence[int]) -> FinishedGame:
        """The game `over` ended, `score` its final score, as `target.finished_game` makes it
        (numbered and placed by `finished_like`)."""
        sides = table.sides
        winners = [p for s in over.winners for p in sides[s]]
        return _target.finished_game(1, 0, _sides.per_player(sides, score), winners, sides)

    def revoke_game(self, name: str, table: Table) -> GameOver:
        side = table.side_of[name]
        others = tuple(s for s in range(len(table.sides)) if s != side)
        return GameOver(others, (side,), revoker=name)

    def game_note(self, over: GameOver, table: Table, score: Sequence[int]) -> str:
        names = table.names
        alone = len(table.sides[0]) == 1  # each for himself: "Ann wins", but "Ann-Cid win"
        if over.revoker:
            loser = names[over.losers[0]]
            if not alone and table.rules.get("revoke_paid_by") == "player":
                return f"the revoke ends the game: {over.revoker} pays each opponent a game"
            return f"the revoke ends the game: {loser} lose{'s' if alone else ''} it"
        winner = over.winners[0]
        rest = ", ".join(f"{names[s]} {score[s]}" for s in over.losers)
        return f"{names[winner]} win{'s' if alone else ''} the game with {score[winner]} ({rest})"

    # -- what a deal counts

    def cards_taken(self, hand: Mapping[str, Any], table: Table) -> List[int]:
        """Cards each side took; with one side's (or one player's) count left out, the rest."""
        players = table.players
        side_of = table.side_of
        n = len(players)
        pack = dealt_each(n) * n
        sides = len(table.sides)
        taken: List[Optional[int]] = [None] * sides
        for p in players:
            if p not in hand:
                continue
            value = hand[p]
            if value % n:
                raise ScorekeeperError(f"{p}: cards come in whole tricks of {n}, got {value}", field=p)
            side = side_of[p]
            if taken[side] is not None and taken[side] != value:
                mate = next(q for q in players if q in hand and q != p and side_of[q] == side)
                raise ScorekeeperError(f"{p}: {p} and {mate} are partners but {p}={value} and "
                                       f"{mate}={hand[mate]} differ", field=p)
            taken[side] = value
        missing = [s for s in range(sides) if taken[s] is None]
        given = sum(t for t in taken if t is not None)
        first = players[0]
        if len(missing) > 1:
            names = ", ".join(table.names[s] for s in missing)
            raise ScorekeeperError(
                f"{players[missing[0]]}: the cards taken are missing for {names}: give every "
                f"{'side' if sides == 2 else 'player'}'s cards (one may be left out: it took the rest)",
                field=players[missing[0]])
        if missing:
            if given > pack:
                raise ScorekeeperError(f"{first}: the cards given add up to {given}, more than the "
                                       f"{pack} in play", field=first)
            taken[missing[0]] = pack - given
        elif given != pack:
            raise ScorekeeperError(f"{first}: the cards taken add up to {given}, but {pack} are in play",
                                   field=first)
        return [t for t in taken if t is not None]

    def read_deal(self, score: Tuple[int, ...], hand: Mapping[str, Any], table: Table,
                  dealer: str) -> DealRead:
        """Everything `scored` reads of a deal (all the counting cards must be given): the
        score, the side that won each counting card (in `honour_order`; None: not in play),
        each side's points for cards, and the dealer."""
        order = self.honour_order()
        for name in order:
            if name not in hand and not self.honour_optional(name, hand):
                raise ScorekeeperError(f"{name} is missing: who won {HONOUR_NAMES[name]}"
                                       f"{' of trumps' if name != 'diamond_ten' else ''} "
                                       f"(every counting card is taken in some trick)", field=name)
        self.check_extra(hand)
        n = len(table.players)
        dealt = dealt_each(n) * len(table.sides[0])  # to a side: to each of its players
        taken = self.cards_taken(hand, table)
        side_of = table.side_of
        sides = tuple([side_of[hand[name]] if name in hand else None for name in order])
        if 0 in taken:  # a side that took no cards won no counting card
            for name, side in zip(order, sides):
                if side is not None and taken[side] == 0:
                    raise ScorekeeperError(
                        f"{name}: {hand[name]} won {HONOUR_NAMES[name]} but "
                        f"{table.names[side]} took no cards in tricks", field=name)
        return score, sides, tuple([max(0, t - dealt) for t in taken]), dealer

    def honour_order(self) -> Tuple[str, ...]:
        return ("ten", "ace", "king", "queen", "jack")

    def honour_optional(self, name: str, hand: Mapping[str, Any]) -> bool:
        return False

    def check_extra(self, hand: Mapping[str, Any]) -> None:
        """French Whist checks its trumps and ten of diamonds here."""

    def count_order(self) -> Tuple[str, ...]:
        # Book: "the Ten counts out first; then cards; then A K Q of trumps in their order,
        # and the Jack last."
        return ("ten", "cards", "ace", "king", "queen", "jack")

    def count_out(self, score: Tuple[int, ...], counts: Mapping[str, Any], session: Session,
                  dealer: str) -> Tuple[Tuple[int, ...], Optional[int], List[str]]:
        """The deal counted in the book's order (`count_order`): the first side to 41 wins and
        the rest of the deal does not count. The score after it, the side out, the parts."""
        return self.count_deal(score, counts, self.table(session), dealer)

    def count_deal(self, score: Tuple[int, ...], counts: Mapping[str, Any], table: Table,
                   dealer: str) -> Tuple[Tuple[int, ...], Optional[int], List[str]]:
        """`count_out` with the sitting's table (as target.Race counts, written out: a miss of
        the memo counts here)."""
        names = table.names
        s = list(score)
        first: Optional[int] = None
        parts: List[str] = []
        for item in self.count_order():
            if item == "cards":
                gained = {side: points for side, points in enumerate(counts["cards"]) if points}
                for side, points in gained.items():
                    s[side] += points
                # the cards count for every side at once: of two who reach 41 by them, first_out
                best = _target.winners({side: s[side] for side in gained}, GAME,
                                       rank=self.first_out(s, table, dealer))
                if best:
                    first = best[0]
                parts += [f"{names[side]} {points} for cards" for side, points in gained.items()]
            elif item in counts:
                side = counts[item]
                points = 10 if item == "diamond_ten" else HONOURS[item]
                s[side] += points
                if s[side] >= GAME:
                    first = side
                parts.append(f"{names[side]} {points} for {HONOUR_NAMES[item]}")
            if first is not None:
                break
        return tuple(s), first, parts

    def first_out(self, s: Sequence[int], table: Table, dealer: str) -> Callable[[int], Any]:
        """Two reach 41 by cards at once (the book is silent): the higher score wins; on equal
        scores the one sitting nearer the dealer's left (the eldest hand first). The rank of a
        side (higher is better)."""
        players = table.players
        start = players.index(dealer) + 1
        seat = {table.side_of[players[(start + i) % len(players)]]: i for i in reversed(range(len(players)))}
        return lambda side: (s[side], -seat[side])

    # -- standings

    def finish(self, state: ScotchState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        players = session.players
        table = self.table(session)
        names = table.names
        results = state.results.values()
        finished = state.finished.values()
        scores = _sides.per_player(table.sides, state.score)
        lines = [f"game {len(results) + 1}: "
                 + ", ".join(f"{names[s]} {state.score[s]}" for s in range(len(names)))
                 + f" ({GAME} wins)"]
        return Standings(
            game=self.name, players=players, scores=scores,
            effects=effects, unit=self.unit, balances=self.player_balances(results, table),
            next_dealer=self.dealer(session, len(session.hands)),
            games_won=_target.games_won(finished, players), lines=tuple(lines),
            columns={"to go": _target.to_go(scores, GAME)},
            in_progress=any(state.score), finished_games=finished,
            extra_json={"games": [{"winners": [names[s] for s in o.winners],
                                   "losers": [names[s] for s in o.losers],
                                   "revoker": o.revoker} for o in results]},
        )

    def player_balances(self, results: Sequence[GameOver], table: Table) -> Dict[str, int]:
        """Each loser pays each winner one game; with four, partners pay and receive alike."""
        players = table.players
        side_of = table.side_of
        by_player = len(table.sides[0]) > 1 and table.rules.get("revoke_paid_by") == "player"
        balances = {p: 0 for p in players}
        for over in results:
            if over.revoker and by_player:
                # The individual in fault pays each opponent a game; his partner is let off.
                for p in players:
                    if p == over.revoker:
                        balances[p] -= 2
                    elif side_of[p] != over.losers[0]:
                        balances[p] += 1
                continue
            net = [0] * len(table.sides)
            for loser in over.losers:
                for winner in over.winners:
                    net[loser] -= 1
                    net[winner] += 1
            for p in players:
                balances[p] += net[side_of[p]]
        return balances


class FrenchWhist(ScotchWhist):
    name = "french-whist"
    description = (
        "Scotch Whist in which the Ten of Diamonds counts ten to those winning it, whether "
        "trumps or not: give diamond_ten=NAME, or trumps=D when diamonds are trumps (then "
        "ten= is the Ten of Diamonds). It counts out right after the trump Ten.")

    def extra_fields(self) -> List[Field]:
        return [Field("diamond_ten", PLAYER, "who won the Ten of Diamonds (10, trumps or not)"),
                Field("trumps", SUIT, "the trump suit (needed only when diamonds are trumps: "
                      "trumps=D, and then ten= is the Ten of Diamonds)")]

    def honour_order(self) -> Tuple[str, ...]:
        return ("ten", "diamond_ten", "ace", "king", "queen", "jack")

    def honour_optional(self, name: str, hand: Mapping[str, Any]) -> bool:
        return name == "diamond_ten" and self.diamonds_trumps(hand)

    @staticmethod
    def diamonds_trumps(hand: Mapping[str, Any]) -> bool:
        return "trumps" in hand and hand["trumps"].value == "D"

    def check_extra(self, hand: Mapping[str, Any]) -> None:
        if self.diamonds_trumps(hand) and "diamond_ten" in hand:
            raise ScorekeeperError(
                "diamond_ten: with diamonds trumps the Ten of Diamonds is the trump Ten: give "
                f"ten={hand['diamond_ten']} only (it counts ten once)", field="diamond_ten")

    def count_order(self) -> Tuple[str, ...]:
        # The book is silent on where the Ten of Diamonds counts out: with the Tens, first.
        return ("ten", "diamond_ten", "cards", "ace", "king", "queen", "jack")
