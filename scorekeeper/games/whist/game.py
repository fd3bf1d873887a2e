"""Short Whist and Long Whist: tricks, honours, games and rubbers.

The laws are Enquire Within's Whist laws xv-xx and §§ 77-78 (rules file 004): a trick over
six scores one point; four honours score four and three honours two, counted by their
holders; a revoke costs three tricks; game is five points (Short) or ten (Long); a game is
worth one, two or three points by the losers' score; a rubber (two games of three) is worth
two points more. Seats: the 1st and 3rd players are partners against the 2nd and 4th.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ...fields import PLAYER, Field, Kind, choice, integer
from ...model import Record, ScorekeeperError, Session
from .. import sides as _sides
from .. import target as _target
from .. import words
from ..base import Effect, FinishedGame, Game, Rule, Standings, bool_rule, choice_rule, int_rule
from ..history import History
from .table import Table, finished_like

TRICKS = 13
BOOK = 6  # tricks over six score (the "book")
GAME_NAMES = {1: "a single", 2: "a double", 3: "a triple"}
HONOUR_POINTS = {4: 4, 3: 2}  # four honours score four, three score two; two each score nothing


# ---------------------------------------------------------------- partnerships


def side_of(players: Sequence[str], name: str) -> int:
    """0 for the 1st and 3rd players, 1 for the 2nd and 4th (Whist, law i: partners opposite)."""
    return _sides.side_index(_sides.partnerships(players), name)


def side_name(players: Sequence[str], side: int) -> str:
    return _sides.side_name(_sides.partnerships(players)[side])


def per_player(players: Sequence[str], by_side: Sequence[Any]) -> Dict[str, Any]:
    return _sides.per_player(_sides.partnerships(players), by_side)


# ---------------------------------------------------------------- the honours field


def _honours(raw: Any, players: Sequence[str]) -> Tuple[str, int]:
    text = str(raw).strip()
    name, sep, count = text.rpartition(":")
    if not sep or not name.strip():
        raise ScorekeeperError(
            f"must be NAME:4 or NAME:3 (a player of the side that held four or three of the "
            f"trump Ace, King, Queen and Knave), got {raw!r}")
    player = PLAYER.parse(name.strip(), players)
    count = count.strip()
    if count == "2":
        raise ScorekeeperError(
            f"honours split two and two score nothing: leave honours out, got {raw!r} "
            f"(give {player}:4 or {player}:3 when his side held four or three)")
    if count not in ("3", "4"):
        raise ScorekeeperError(f"the number of honours must be 4 or 3, got {raw!r} "
                               f"(for example {player}:4)")
    return player, int(count)


HONOURS = Kind("NAME:4 or NAME:3", _honours, lambda v: f"{v[0]}:{v[1]}")


# ---------------------------------------------------------------- the revoke field


def _revoker(raw: Any, players: Sequence[str]) -> str:
    """One player. Two names on opposite sides: law xviii, "If a revoke occur on both sides,
    there must be a new deal", so the deal is not recorded at all."""
    text = str(raw).strip()
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) > 1:
        found = [PLAYER.parse(n, players) for n in names]
        if len({side_of(players, p) for p in found}) > 1:
            raise ScorekeeperError(
                f"one player only, got {raw!r}: a revoke on both sides means a new deal "
                f"(law xviii): record no hand for it")
        raise ScorekeeperError(f"one player only, got {raw!r} (for example revoke={found[0]})")
    revoker: str = PLAYER.parse(text, players)
    return revoker


REVOKER = Kind("a player's name", _revoker)


# ---------------------------------------------------------------- results


class GameResult(Record):
    """One game of a rubber: who won it, the losers' score, and what it is worth (1 single, 2 double, 3 triple)."""

    __slots__ = ("winner", "loser_score", "value")
    def __init__(self, winner: int, loser_score: int, value: int) -> None:
        self.winner, self.loser_score, self.value = winner, loser_score, value


class RubberResult(Record):  # points: each side's game values, the rubber points added to the winner's
    __slots__ = ("winner", "games", "points")
    def __init__(self, winner: int, games: Tuple[GameResult, ...], points: Tuple[int, int]) -> None:
        self.winner, self.games, self.points = winner, games, points

    @property
    def balance(self) -> int:
        """What the losers pay each winner: 'the value of the losers' game is deducted' (§ 78)."""
        return self.points[self.winner] - self.points[1 - self.winner]


class WhistState(Record):  # this game's score, the rubber's games; finished rubbers and games (shared)
    __slots__ = ("score", "games", "rubbers", "finished")
    def __init__(self, score: Tuple[int, int], games: Tuple[GameResult, ...], rubbers: History[RubberResult],
                 finished: History[FinishedGame]) -> None:
        self.score, self.games, self.rubbers, self.finished = score, games, rubbers, finished


class Deal(Record):
    """What one deal did to the score, in the order the law counts it."""

    __slots__ = ("score", "winner", "parts", "notes")
    def __init__(self, score: Tuple[int, int], winner: Optional[int], parts: Tuple[str, ...],
                 notes: Tuple[str, ...]) -> None:
        self.score, self.winner, self.parts, self.notes = score, winner, parts, notes


class Scored(Record):
    """A deal scored: the score after it, the side it took to the game (None: the game goes
    on), and its effect (`effect` when the game goes on; its parts, to which the game's end
    adds its notes, when it does not)."""

    __slots__ = ("score", "winner", "effect", "summary", "changes", "scores", "notes")
    def __init__(self, score: Tuple[int, int], winner: Optional[int], effect: Optional[Effect], summary: str,
                 changes: Dict[str, int], scores: Dict[str, int], notes: Tuple[str, ...]) -> None:
        self.score, self.winner, self.effect, self.summary, self.changes = score, winner, effect, summary, changes
        self.scores, self.notes = scores, notes


class Ended(Record):
    """A game ended: the notes the deal that ended it adds, the rubber's games after it (()
    when the rubber is won, `rubber`), and the game's report with its number and hand to
    fill in."""

    __slots__ = ("notes", "games", "rubber", "report")
    def __init__(self, notes: Tuple[str, ...], games: Tuple[GameResult, ...], rubber: Optional[RubberResult],
                 report: FinishedGame) -> None:
        self.notes, self.games, self.rubber, self.report = notes, games, rubber, report


# ---------------------------------------------------------------- the game


# Whist, law xv: the three penalties for a revoke, as the opponents choose them
REVOKE_WORDS = {"tricks": "three tricks taken from his side and given to the other",
                "score": "three points added to the other side's score",
                "deduct": "three points taken from his side's score"}


class ShortWhist(Game[WhistState]):
    name = "short-whist"
    description = (
        "Four players, the 1st and 3rd against the 2nd and 4th. Each hand gives one side's "
        "tricks (Ann=8: Ann's side took 8, the other 5), honours=NAME:4 or NAME:3 when a side "
        "held four or three of the trump A K Q J, and revoke=NAME. A trick over six scores one, "
        "honours four or two (not for a side at four); tricks count before honours. Game is "
        "five: a single (1 point) if the losers have 3 or 4, a double (2) at 1 or 2, a triple "
        "(3) at love. A rubber (two games of three) counts two points more. Settlement: each "
        "loser pays a winner the rubber-point balance at the stake per point.")
    game_points = 5
    single_from = 3          # the losers' score from which a game is only a single
    honours_barred = (4,)    # "except at the score of four" (§ 77)
    call_at: Optional[int] = None
    _table: Optional[Table] = None  # the sitting last replayed (`table`)
    rules: Tuple[Rule, ...] = (
        choice_rule("revoke_penalty", "tricks",
                    "the revoke (law xv): three tricks taken from the revoking side and given to "
                    "the other (tricks), three points added to the other side's score (score), or "
                    "three points taken from the revoking side's score (deduct)",
                    "tricks", "score", "deduct"),
        int_rule("rubber_points", 2, "points the winners of a rubber add (book: two)", low=0),
        choice_rule("unfinished_rubber", "games",
                    "a rubber not finished when the sitting ends: the games already won are paid "
                    "at their value, without rubber points (games), or it counts nothing (void)",
                    "games", "void"),
    )

    # -- fields

    def score_sides(self, session: Session) -> Optional[Tuple[Tuple[str, ...], ...]]:
        p = session.players  # the 1st and 3rd against the 2nd and 4th
        return ((p[0], p[2]), (p[1], p[3]))

    def fields(self, session: Session) -> List[Field]:
        tricks = [Field(p, integer(0, TRICKS), f"tricks taken by {p}'s side (the other side "
                        f"took {TRICKS} - N)") for p in session.players]
        return tricks + [
            Field("honours", HONOURS, "the side that held all four (NAME:4) or three (NAME:3) of "
                  "the trump Ace, King, Queen, Knave; leave out when split two and two"),
            Field("revoke", REVOKER, "the player who revoked (law xv)"),
            Field("revoke_penalty", choice("tricks", "score", "deduct"),
                  "the penalty the opponents chose for this revoke, overriding the sitting's "
                  "rule (law xv: they \"may add three to their score\")"),
            Field("forfeit", PLAYER, "a player whose side loses the game by law (law xvi's note: "
                  "\"the wilful mixing up of the cards in such case loses the game\"): the other "
                  "side wins it at once, valued by the losers' score"),
        ]

    def prompt_fields(self, session: Session, answers: Optional[Mapping[str, str]] = None) -> Sequence[str]:
        # one side's tricks make the hand (the other side took the rest): ask the first seat's
        return (session.players[0],)

    # -- replay

    def race_target(self, session: Session) -> Optional[int]:
        return self.game_points

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        """"Alice-Clara took 9 tricks, Bertie-Dick 4; Bertie-Dick held three honours"."""
        sides = _sides.partnerships(session.players)
        tricks = ""
        for p in session.players:
            if p in values:
                ours = next(side for side in sides if p in side)
                theirs = next(side for side in sides if p not in side)
                tricks = (f"{_sides.side_name(ours)} took {values[p]} tricks, "
                          f"{_sides.side_name(theirs)} {TRICKS - values[p]}")
                break
        honours = ""
        if "honours" in values:
            holder, count = values["honours"]
            side = next(side for side in sides if holder in side)
            honours = f"{_sides.side_name(side)} held {'all four' if count == 4 else 'three'} honours"
        revoke = ""
        if "revoke" in values:
            penalty = values.get("revoke_penalty", session.rules.get("revoke_penalty"))
            revoke = f"{values['revoke']} revoked" + (f": {REVOKE_WORDS[penalty]}" if penalty in REVOKE_WORDS else "")
        forfeit = f"{values['forfeit']}'s side lost the game by law" if "forfeit" in values else ""
        return words.sentence(tricks, honours, revoke, forfeit)

    def start(self, session: Session) -> WhistState:
        return WhistState((0, 0), (), History(), History())

    def table(self, session: Session) -> Table:
        """This sitting's sides and dealers (games/whist/table.py)."""
        table = self._table
        if table is None or not table.fits(session):
            table = self._table = Table(self, session, _sides.partnerships(session.players))
        return table

    def apply(self, state: WhistState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[WhistState, Effect]:
        table = self._table
        if table is None or not table.fits(session):
            table = self.table(session)
        dealers = table.dealers
        dealer = dealers[index % len(dealers)]
        if "forfeit" in hand:
            return self.lost_by_law(state, hand, table, dealer, index)
        scored = self.scored(state.score, hand, table, dealer)
        if scored.winner is None:
            assert scored.effect is not None  # made whole for a deal that ends no game
            return WhistState(scored.score, state.games, state.rubbers, state.finished), scored.effect
        # The game's end reads the rubber's games before it, and the game's final score.
        ended = self.end_game(state.games, scored.winner, scored.score, table)
        effect = Effect(scored.summary, scored.changes, scored.scores, dealer, scored.notes + ended.notes)
        finished = finished_like(state.finished, index, ended.report)
        if ended.rubber is None:
            return WhistState((0, 0), ended.games, state.rubbers, finished), effect
        return WhistState((0, 0), (), state.rubbers.plus(ended.rubber), finished), effect

    def lost_by_law(self, state: WhistState, hand: Mapping[str, Any], table: Table, dealer: str,
                    index: int) -> Tuple[WhistState, Effect]:
        """Law xvi's note: "The wilful mixing up of the cards in such case loses the game". The
        game ends at once: the other side wins it as if it had reached the game, and it is worth
        what the losers' score makes it (a single, double or triple), as any game."""
        others = [f for f in hand if f not in ("forfeit", "note", "at")]
        if others:
            raise ScorekeeperError(f"forfeit: a game lost by law ends at once; give only forfeit "
                                   f"(and a note), not {', '.join(others)}", field="forfeit",
                                   fields=others)
        loser = table.side_of[hand["forfeit"]]
        winner = 1 - loser
        score = (self.game_points, state.score[1]) if winner == 0 else (state.score[0], self.game_points)
        ended = self.end_game(state.games, winner, score, table)
        summary = f"{table.names[loser]} lose the game by law ({hand['forfeit']} mixed up the cards)"
        changes = _sides.per_player(table.sides, [score[s] - state.score[s] for s in (0, 1)])
        effect = Effect(summary, changes, _sides.per_player(table.sides, score), dealer, ended.notes)
        finished = finished_like(state.finished, index, ended.report)
        if ended.rubber is None:
            return WhistState((0, 0), ended.games, state.rubbers, finished), effect
        return WhistState((0, 0), (), state.rubbers.plus(ended.rubber), finished), effect

    def scored(self, score: Tuple[int, int], hand: Mapping[str, Any], table: Table, dealer: str) -> Scored:
        """The deal `hand`, scored from the score before it: side 0's tricks, the side holding
        honours and how many, the revoking side, the penalty the hand chose and the dealer's
        side (`score_deal` reads his side only: Long Whist's call at eight)."""
        side_of = table.side_of
        honours = hand.get("honours")
        deal = self.score_deal(score, self.tricks_of_side0(hand, table),
                               (side_of[honours[0]], honours[1]) if honours else None,
                               side_of[hand["revoke"]] if "revoke" in hand else None,
                               hand.get("revoke_penalty"), side_of[dealer], table)
        changes = _sides.per_player(table.sides, [deal.score[s] - score[s] for s in (0, 1)])
        scores = _sides.per_player(table.sides, deal.score)
        summary = "; ".join(deal.parts) or "no score"
        # a deal that ends a game: the game's end adds its notes (`apply`)
        effect = None if deal.winner is not None else Effect(summary, changes, scores, dealer, deal.notes)
        return Scored(deal.score, deal.winner, effect, summary, changes, scores, deal.notes)

    def tricks_of_side0(self, hand: Mapping[str, Any], table: Table) -> Optional[int]:
        """Side 0's tricks from whichever players' tricks were given; they must agree."""
        found: Optional[int] = None
        first = ""
        side_of = table.side_of
        for p in table.players:
            if p not in hand:
                continue
            own = hand[p] if side_of[p] == 0 else TRICKS - hand[p]
            if found is not None and own != found:
                if side_of[p] == side_of[first]:
                    raise ScorekeeperError(
                        f"{p}: {p} and {first} are partners but {p}={hand[p]} and "
                        f"{first}={hand[first]} differ", field=p)
                raise ScorekeeperError(
                    f"{p}: {first}={hand[first]} and {p}={hand[p]} must add up to {TRICKS} tricks",
                    field=p)
            found, first = own, first or p
        return found

    def score_deal(self, score: Tuple[int, int], side0: Optional[int],
                   held: Optional[Tuple[int, int]], revoking: Optional[int],
                   given_penalty: Optional[str], dealer_side: int, table: Table) -> Deal:
        """One deal scored from what `scored` reads of it: side 0's tricks, the side
        holding honours and how many (`held`), the revoking side, the penalty the hand chose."""
        players = table.players
        names = table.names
        rules = table.rules
        target = self.game_points
        holders = held[0] if held else None

        # Points beyond the game are lost (§ 78); law xv: "the revoking side cannot score out
        # in that deal". The first side to the game wins it and the rest does not count (as
        # target.Race counts, written out: a miss of the memo scores here).
        s = [score[0], score[1]]
        cap = [target - 1 if side == revoking else target for side in (0, 1)]
        first: List[int] = []  # the side the counting took to the game
        parts: List[str] = []
        notes: List[str] = []

        def add(side: int, points: int, what: str) -> None:
            if first or points <= 0:
                return
            new = min(s[side] + points, cap[side])
            counted = new - s[side]
            s[side] = new
            if counted > 0 and new >= target:
                first.append(side)
            parts.append(f"{names[side]} {what}")
            if counted < points and side == revoking:
                notes.append(f"{names[side]} revoked: they cannot score out this "
                             f"deal and stay at {cap[side]}")

        def deal() -> Deal:
            return Deal((s[0], s[1]), first[0] if first else None, tuple(parts), tuple(notes))

        called = self.called_at_eight(score, held, holders, revoking, dealer_side, rules)
        if called:
            assert holders is not None  # honours were called, so somebody held them
            add(holders, target - s[holders], f"call honours at {self.call_at}")
            if side0 is not None:
                notes.append("tricks not counted: the honours called at "
                             f"{self.call_at} win the game before the hand is played")
            return deal()

        if side0 is None:
            raise ScorekeeperError(
                f"{players[0]}: the tricks are missing: give one side's tricks, for example "
                f"{players[0]}=7 (the other side took the rest)", field=players[0])
        tricks = [side0, TRICKS - side0]

        if given_penalty is not None and revoking is None:
            raise ScorekeeperError(f"revoke_penalty: {given_penalty} is the penalty for a "
                                   f"revoke; give revoke=NAME too", field="revoke_penalty")
        # Law xv's note: the opponents choose, each time: "Revokes forfeit three tricks from the
        # hand or score: or opponents may add three to their score". A hand's own choice wins.
        penalty = given_penalty or rules.get("revoke_penalty")
        if revoking is not None:
            other = 1 - revoking
            if penalty == "score":
                # Laws: the penalty for a revoke takes precedence of all other scores.
                add(other, 3, "three for the revoke")
            elif penalty == "deduct":
                # The note to law xv: "Revokes forfeit three tricks from the hand or score";
                # a side with fewer than three points loses what it has.
                taken = min(3, s[revoking])
                s[revoking] = min(s[revoking] - taken, cap[revoking])
                lost = ("nothing", "one", "two", "three")[taken]
                parts.append(f"{names[revoking]} lose {lost} for the revoke")
            else:
                moved = min(3, tricks[revoking])
                tricks[revoking] -= moved
                tricks[other] += moved
                notes.append(f"revoke: {moved} trick{'s' if moved != 1 else ''} taken from "
                             f"{names[revoking]} and given to {names[other]}")

        # Tricks score before honours (§ 77 and the laws' order of scoring).
        for side in (0, 1):
            over = tricks[side] - BOOK
            if over > 0:
                add(side, over, f"{over} by cards")

        winner = first[0] if first else None
        if held and winner is None:
            assert holders is not None  # honours given: their holders are a side
            count = held[1]
            if score[holders] in self.honours_barred or score[holders] == self.call_at:
                notes.append(f"honours not counted: {names[holders]} "
                             f"{'are at' if score[holders] in self.honours_barred else 'may not call at'} "
                             f"{score[holders]}")
            else:
                add(holders, HONOUR_POINTS[count], f"{HONOUR_POINTS[count]} by honours")
        elif held and winner is not None and holders != winner:
            notes.append(f"honours not counted: {names[winner]} won the game "
                         f"by tricks first")
        return deal()

    def called_at_eight(self, score: Tuple[int, int], honours: Any, holders: Optional[int],
                        revoking: Optional[int], dealer_side: int, rules: Mapping[str, Any]) -> bool:
        """Long Whist only: honours called at eight win the game (law xx)."""
        return False

    def game_value(self, loser_score: int, rules: Mapping[str, Any]) -> int:
        if loser_score >= self.single_from:
            return 1
        return 2 if loser_score > 0 else 3

    def end_game(self, games: Tuple[GameResult, ...], winner: int, score: Tuple[int, int],
                 table: Table) -> Ended:
        """The game `winner` won at `score`, after the rubber's `games`: the notes of the game
        (and of the rubber), the rubber's games after it or the rubber won, and the game as
        `target.finished_game` makes it."""
        names = table.names
        sides = table.sides
        report = _target.finished_game(1, 0, _sides.per_player(sides, score), sides[winner], sides)
        loser_score = score[1 - winner]
        value = self.game_value(loser_score, table.rules)
        games = games + (GameResult(winner, loser_score, value),)
        notes = [f"{names[winner]} win the game {self.game_points} to "
                 f"{loser_score or 'love'}: {GAME_NAMES[value]} ({value} point{'s' if value > 1 else ''})"]
        won = [sum(1 for g in games if g.winner == s) for s in (0, 1)]
        if max(won) < 2:
            return Ended(tuple(notes), games, None, report)
        rubber = make_rubber(games, table.rules["rubber_points"])
        notes.append(f"{names[rubber.winner]} win the rubber: "
                     f"{rubber.points[rubber.winner]} to {rubber.points[1 - rubber.winner]}, "
                     f"a balance of {rubber.balance}")
        return Ended(tuple(notes), (), rubber, report)

    # -- standings

    def finish(self, state: WhistState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        players = session.players
        totals = side_points(state, session.rules)
        balances = per_player(players, [totals[0] - totals[1], totals[1] - totals[0]])
        games_now = [sum(1 for g in state.games if g.winner == s) for s in (0, 1)]
        every_game = [g for r in state.rubbers.values() for g in r.games] + list(state.games)
        games_won = [sum(1 for g in every_game if g.winner == s) for s in (0, 1)]  # in the sitting
        lines = self.lines(state, session, totals)
        return Standings(
            game=self.name, players=players, scores=per_player(players, state.score),
            effects=effects, unit=self.unit, balances=balances,
            next_dealer=self.dealer(session, len(session.hands)),
            games_won=per_player(players, games_won), finished_games=state.finished.values(),
            columns={"rubber games": per_player(players, games_now), "points": balances},
            lines=tuple(lines), extra_json=self.json(state, session, totals),
            settle_lines=self.settle_lines(state, session, totals),
        )

    def lines(self, state: WhistState, session: Session, totals: Tuple[int, int]) -> List[str]:
        players = session.players
        names = self.table(session).names
        n = len(state.rubbers) + 1
        lines = [f"rubber {n}, game {len(state.games) + 1}: "
                 f"{names[0]} {state.score[0]}, {names[1]} "
                 f"{state.score[1]} ({self.game_points} wins the game)"]
        for i, g in enumerate(state.games, start=1):
            lines.append(f"  game {i}: {describe_game(players, g, self.game_points)}")
        for i, r in enumerate(state.rubbers.values(), start=1):
            lines.append(f"rubber {i}: {names[r.winner]} won "
                         f"{r.points[r.winner]} to {r.points[1 - r.winner]}, a balance of {r.balance}")
        lines.append(f"rubber points: {names[0]} {totals[0] - totals[1]:+d}, "
                     f"{names[1]} {totals[1] - totals[0]:+d}")
        return lines

    def settle_lines(self, state: WhistState, session: Session,
                     totals: Tuple[int, int]) -> Tuple[str, ...]:
        players = session.players
        out = [f"{len(state.rubbers)} rubber{'s' if len(state.rubbers) != 1 else ''} finished"]
        if state.games:
            if session.rules.get("unfinished_rubber") == "void":
                out.append("the unfinished rubber counts nothing (unfinished_rubber=void)")
            else:
                values = [sum(g.value for g in state.games if g.winner == s) for s in (0, 1)]
                out.append(f"the unfinished rubber's games are paid without rubber points: "
                           f"{side_name(players, 0)} {values[0]}, {side_name(players, 1)} {values[1]}")
        return tuple(out)

    def json(self, state: WhistState, session: Session, totals: Tuple[int, int]) -> Dict[str, Any]:
        names = self.table(session).names
        target = self.game_points

        def game_json(g: GameResult) -> Dict[str, Any]:
            return {"winner": names[g.winner], "score": [target, g.loser_score], "value": g.value}

        return {
            "sides": [names[0], names[1]],
            "game_score": {names[s]: state.score[s] for s in (0, 1)},
            "rubber_games": [game_json(g) for g in state.games],
            "rubbers": [{"winner": names[r.winner],
                         "games": [game_json(g) for g in r.games],
                         "points": {names[0]: r.points[0], names[1]: r.points[1]},
                         "balance": r.balance} for r in state.rubbers.values()],
            "rubber_points": {names[s]: totals[s] - totals[1 - s] for s in (0, 1)},
        }


class LongWhist(ShortWhist):
    name = "long-whist"
    description = (
        "As Short Whist, but game is ten points; honours can be called only at eight (a side at "
        "eight holding three or four honours wins the game without playing the hand) and do not "
        "count at nine. Game values are not in the book: by default (the usual Hoyle reckoning, "
        "see docs/whist.md for the sources and their doubts) a single if the losers have five "
        "or more, a double if one to four, a treble at love; the rubber counts two points more.")
    game_points = 10
    single_from = 5
    honours_barred = (9,)    # law xx: "at nine they do not count"
    call_at = 8              # law xx: "Honours can only be called at eight points"
    rules = ShortWhist.rules + (
        bool_rule("treble", True, "a game won at love counts three (a treble); off: two, a double"),
        bool_rule("call_against_nine", True,
                  "a side at eight may call honours whatever the score; off: 'In some Clubs, "
                  "eight, with the deal, cannot call against nine' (law xx)"),
    )

    def called_at_eight(self, score: Tuple[int, int], honours: Any, holders: Optional[int],
                        revoking: Optional[int], dealer_side: int, rules: Mapping[str, Any]) -> bool:
        if not honours or holders is None or score[holders] != self.call_at:
            return False
        if holders == revoking:
            return False  # the revoking side cannot score out in that deal (law xv)
        if (not rules.get("call_against_nine") and dealer_side == holders
                and score[1 - holders] == self.call_at + 1):
            return False
        return True

    def game_value(self, loser_score: int, rules: Mapping[str, Any]) -> int:
        if loser_score >= self.single_from:
            return 1
        if loser_score > 0 or not rules.get("treble"):
            return 2
        return 3


# ---------------------------------------------------------------- rubbers and points


def make_rubber(games: Tuple[GameResult, ...], rubber_points: int) -> RubberResult:
    won = [sum(1 for g in games if g.winner == s) for s in (0, 1)]
    winner = 0 if won[0] >= 2 else 1
    points = [sum(g.value for g in games if g.winner == s) for s in (0, 1)]
    points[winner] += rubber_points
    return RubberResult(winner, games, (points[0], points[1]))


def side_points(state: WhistState, rules: Mapping[str, Any]) -> Tuple[int, int]:
    """Each side's rubber points over the sitting (the unfinished rubber as the rule says)."""
    points = [sum(r.points[s] for r in state.rubbers) for s in (0, 1)]
    if rules.get("unfinished_rubber", "games") == "games":
        for g in state.games:
            points[g.winner] += g.value
    return points[0], points[1]


def describe_game(players: Sequence[str], g: GameResult, target: int) -> str:
    return (f"{side_name(players, g.winner)} won {target} to {g.loser_score or 'love'}, "
            f"{GAME_NAMES[g.value]} ({g.value})")
