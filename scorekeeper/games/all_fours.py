"""All Fours (Seven-up's parent): high, low, Jack and game, first to ten (rules/004 §§ 91-94).

Two players, or four in partnerships (the first and third against the second and fourth).
A deal's points are counted in the usual order: the turned knave (to the dealer), the begged
point (to the eldest), then high, low, Jack, game, then the penalties (revokes, a wrong score).
Whoever reaches the target first wins the game, and the rest of that deal does not count.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ..cards import Card, Rank
from ..fields import BOOLEAN, PLAYER, PLAYERS, SUIT, Field, cards, choice
from ..model import USAGE, Record, ScorekeeperError, Session
from . import sides as house_sides
from . import target as race
from . import words
from .base import Effect, Figure, FinishedGame, Game, Rule, Standings, int_rule

# All Fours § 93 iv: "Four for an ace. Three for a king. Two for a queen. One for a knave.
# Ten for a ten."
GAME_VALUES: Dict[Rank, int] = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1, Rank.TEN: 10}
FOURS = ("high", "low", "jack", "game")


def _four_or_one(raw: Any) -> int:
    text = str(raw).strip()
    if text not in ("4", "1"):
        raise ScorekeeperError(f"must be 4 or 1 (law iv: \"four points or one\"), got {raw!r}")
    return int(text)


def game_count(taken: Sequence[Card]) -> int:
    """What these cards count towards game (§ 93 iv); the other cards count nothing."""
    return sum(GAME_VALUES.get(card.rank, 0) for card in taken)


def cards_played(players: int, ran: bool) -> int:
    """How many cards a deal can put in play: six to each (§ 91); after a run three more to
    each and one more card turned up, as often as the pack allows (§ 93 v)."""
    if not ran:
        return 6 * players
    runs = (52 - (6 * players + 1)) // (3 * players + 1)
    return (6 + 3 * runs) * players


class AllFoursState(Record):  # per player (partners alike): this game's scores, games won less lost
    __slots__ = ("scores", "balances", "finished")
    def __init__(self, scores: Mapping[str, int], balances: Mapping[str, int],
                 finished: Sequence[FinishedGame] = ()) -> None:
        self.scores, self.balances, self.finished = scores, balances, finished


class AllFours(Game[AllFoursState]):
    name = "all-fours"
    description = ("Each deal name who made each point: high=NAME (held the highest trump out), "
                   "low=NAME (the original holder of the lowest trump out), jack=NAME (scored the "
                   "Jack of trumps), game=NAME (counted most for game); leave a point out when "
                   "nobody made it. turned_jack=yes: the dealer turned up a knave; beg=one: the "
                   "dealer said \"take one\" to the eldest; beg=run: he ran the cards. "
                   "revoke=NAME[,NAME]: one to the adversary each; wrong_score=NAME: the "
                   "adversary scores 4 (or 1). Or give took.NAME=CARDS with trump= and high, Jack "
                   "and game are worked out. At four, the 1st and 3rd play against the 2nd and "
                   "4th. First to 10 wins; the rest of that deal does not count. Settled per game.")
    rules = (
        int_rule("game", 10, "points that win the game (\"the first to score ten points, wins\")",
                 low=1),
        Rule("wrong_score", 4, "law iv: a score taken wrongly is taken down and the adversary "
             "scores four points, or one, as agreed beforehand", _four_or_one, "4 | 1"),
    )

    # ---------------------------------------------------------------- seating

    def check_players(self, players: Sequence[str]) -> None:
        super().check_players(players)
        if len(players) == 3:
            raise ScorekeeperError("all-fours is played by two players, or four in partnerships, "
                                   "got 3", kind=USAGE, key="players")

    def sides(self, players: Sequence[str]) -> Tuple[Tuple[str, ...], ...]:
        """Two players each for himself; four: the 1st and 3rd against the 2nd and 4th."""
        if len(players) == 4:
            return house_sides.partnerships(players)
        return house_sides.each_alone(players)

    def side_of(self, player: str, players: Sequence[str]) -> Tuple[str, ...]:
        return house_sides.side_of(self.sides(players), player)

    def adversaries(self, player: str, players: Sequence[str]) -> Tuple[str, ...]:
        return house_sides.opponents(self.sides(players), player)

    # ---------------------------------------------------------------- fields

    def fields(self, session: Session) -> List[Field]:
        return [
            Field("high", PLAYER, "held the highest trump out"),
            Field("low", PLAYER, "the original holder of the lowest trump out (even if the "
                                 "adversary took it)"),
            Field("jack", PLAYER, "scores the Jack of trumps: its holder, or the adversary who won "
                                  "it (leave out when the Jack was not out)"),
            Field("game", PLAYER, "counted most for game: ace 4, king 3, queen 2, knave 1, ten 10 "
                                  "(leave out when tied or nothing counted)"),
            Field("turned_jack", BOOLEAN, "the dealer turned up a knave: one to the dealer"),
            Field("beg", choice("one", "run"), "the eldest begged: one (the dealer said \"take "
                                               "one\": one to the eldest) or run (three more each "
                                               "and a new trump turned)"),
            Field("revoke", PLAYERS, "who revoked (law iii): one to the adversary each"),
            Field("wrong_score", PLAYER, "who scored wrongly (law iv): taken down, and the "
                                         "adversary scores 4 (--rule wrong_score=1: one)"),
            Field("trump", SUIT, "the trump suit (needed with took.NAME)"),
        ] + [Field(f"took.{p}", cards(), f"instead of high/jack/game: the cards {p} won in "
                                         f"tricks (needs trump=)") for p in session.players]

    # ---------------------------------------------------------------- one deal

    def points(self, hand: Mapping[str, Any], session: Session, dealer: str) -> List[Tuple[str, str]]:
        """The deal's points in the order they are counted: (what, who scores it)."""
        players = session.players
        points: List[Tuple[str, str]] = []
        if hand.get("turned_jack"):
            points.append(("turned jack", dealer))
        if hand.get("beg") == "one":
            points.append(("begged point", self.eldest(players, dealer)))
        fours = self.fours(hand, session)
        for name in FOURS:
            maker = fours.get(name)
            if maker:
                points.append((name, maker))
        for culprit in hand.get("revoke", ()):  # law iii
            points.append((f"{culprit}'s revoke", self.adversaries(culprit, players)[0]))
        if "wrong_score" in hand:  # law iv
            culprit = hand["wrong_score"]
            taker = self.adversaries(culprit, players)[0]
            points += [(f"{culprit}'s wrong score", taker)] * int(session.rules["wrong_score"])
        return points

    def eldest(self, players: Sequence[str], dealer: str) -> str:
        return players[(players.index(dealer) + 1) % len(players)]

    def fours(self, hand: Mapping[str, Any], session: Session) -> Dict[str, Optional[str]]:
        """Who made high, low, Jack and game: as given, or worked out from the cards taken."""
        took = {p: hand[f"took.{p}"] for p in session.players if f"took.{p}" in hand}
        if took:
            fours = self.fours_from_cards(hand, took, session.players)
        else:
            fours = {name: hand.get(name) for name in FOURS}
        if hand.get("turned_jack") and fours["jack"] is not None and hand.get("beg") != "run":
            # § 91: the card turned up for the trump is not dealt ("six ... to each player ...
            # and the next card, the thirteenth, is turned up"): nobody holds or wins it. After
            # a run (§ 93 v) the knave turned may be of the first suit, no longer trumps.
            if took:
                knave = Card(Rank.JACK, hand["trump"])
                raise ScorekeeperError(
                    f"took.{fours['jack']}: {knave} was turned up (turned_jack=yes), and the card "
                    f"turned up is dealt to nobody (§ 91): nobody wins it in a trick (or give "
                    f"beg=run if the dealer ran the cards)", field=f"took.{fours['jack']}")
            raise ScorekeeperError(
                f"jack: the knave of trumps was turned up (turned_jack=yes), and the card turned "
                f"up is dealt to nobody (§ 91): nobody holds or wins it, got jack={fours['jack']}; "
                f"leave jack out (or give beg=run if the dealer ran the cards)", field="jack")
        if fours["high"] is None:
            for name in ("low", "jack"):
                if fours[name] is not None:
                    fix = ("no trump is in the cards taken: give every trump won (took.NAME) or "
                           "leave low out") if took else "give high= too"
                    raise ScorekeeperError(f"{name}: a trump was out, so somebody held the "
                                           f"highest: {fix}", field=name)
        elif fours["low"] is None:
            # All Fours § 93 i-ii: the highest trump out is the lowest too, or another is
            raise ScorekeeperError("low is missing: a trump was out, so somebody was dealt the "
                                   "lowest (the same player when one trump was out): give low= "
                                   "too", field="high")
        return fours

    def fours_from_cards(self, hand: Mapping[str, Any], took: Mapping[str, Sequence[Card]],
                         players: Sequence[str]) -> Dict[str, Optional[str]]:
        for name in ("high", "jack", "game"):
            if name in hand:
                raise ScorekeeperError(f"{name}: give either {name}= or the cards taken (took.NAME), "
                                       f"not both", field=name)
        trump = hand.get("trump")
        if trump is None:
            raise ScorekeeperError("trump is missing: high, Jack and game depend on the trump suit "
                                   "(trump=H)", field=f"took.{next(iter(took))}")
        seen: Dict[Card, str] = {}
        for p, taken in took.items():
            for card in taken:
                if card in seen:
                    raise ScorekeeperError(f"took.{p}: {card} is also in took.{seen[card]}",
                                           field=f"took.{p}")
                seen[card] = p
        trumps = sorted((c for c in seen if c.suit == trump), key=lambda c: c.rank.value)
        self.refuse_cards_not_played(hand, took, seen, trumps, players)
        # The highest trump out wins every trick it is played to: its taker is its holder.
        high = seen[trumps[-1]] if trumps else None
        jack = seen.get(Card(Rank.JACK, trump))
        by_side: Dict[Tuple[str, ...], int] = {}
        for p, taken in took.items():
            side = self.side_of(p, players)
            by_side[side] = by_side.get(side, 0) + game_count(taken)
        totals = {side: by_side.get(side, 0) for side in self.sides(players)}
        best = max(totals.values())
        leaders = [side for side, total in totals.items() if total == best]
        # Tied, or nothing counted: nobody scores game; else the side scores it.
        game = leaders[0][0] if best and len(leaders) == 1 else None
        # The low goes to its original holder, which the tricks cannot show: it is given,
        # unless one trump was out: § 92 vi, "the knave will be both high, low, Jack, and game".
        low = hand.get("low")
        if len(trumps) == 1:
            if low is not None and low != high:
                raise ScorekeeperError(
                    f"low: {trumps[0]} is the only trump out, so it is both high and low "
                    f"(§ 92 vi): low is {high}, got {low}", field="low")
            low = high
        if trumps and low is None:
            raise ScorekeeperError("low is missing: the lowest trump out scores for its original "
                                   "holder, which the tricks do not show (low=NAME)", field="trump")
        return {"high": high, "low": low, "jack": jack, "game": game}

    def refuse_cards_not_played(self, hand: Mapping[str, Any], took: Mapping[str, Sequence[Card]],
                                seen: Mapping[Card, str], trumps: Sequence[Card],
                                players: Sequence[str]) -> None:
        """Cards taken that the deal cannot have put in play (§ 91): six dealt to each (more
        after a run, § 93 v), and the trump turned up dealt to nobody."""
        ran = hand.get("beg") == "run"
        played = cards_played(len(players), ran)
        if len(seen) > played:
            how = ("at most, as many runs as the pack allows (§ 93 v)" if ran
                   else "(six to each, § 91) without a run (beg=run)")
            what = (f"took.{next(iter(took))}: {len(seen)} cards taken" if len(took) == 1 else
                    "took: " + " + ".join(f"{len(t)}" for t in took.values())
                    + f" = {len(seen)} cards taken")
            raise ScorekeeperError(f"{what}, but {played} are played {how}",
                                   field=f"took.{max(took, key=lambda p: len(took[p]))}")
        # § 91: the card turned up is a trump and is dealt to nobody; after a run the last one
        # turned up (a change of suit, § 93 v) is the trump, and it is dealt to nobody either.
        if len(trumps) > 12:
            taker = seen[trumps[-1]]
            raise ScorekeeperError(f"took.{taker}: all 13 {hand['trump'].name.lower()} taken, but "
                                   f"the trump turned up is dealt to nobody (§ 91): 12 at most "
                                   f"are in play", field=f"took.{taker}")


    # ---------------------------------------------------------------- replay

    def race_target(self, session: Session) -> Optional[int]:
        target: Optional[int] = session.rules["game"]
        return target

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        """"Bob high, jack and game, Ann low; the dealer turned up a knave"."""
        points: Dict[str, List[str]] = {}
        for name in ("high", "low", "jack", "game"):
            if name in values:
                points.setdefault(values[name], []).append(name)
        scored = ", ".join(f"{who} {words.names(what)}" for who, what in points.items())
        begged = {"one": "the eldest begged and was given one",
                  "run": "the eldest begged and the dealer ran the cards"}
        return words.sentence(
            "the dealer turned up a knave" if values.get("turned_jack") else "",
            begged.get(str(values.get("beg")), ""),
            f"{words.suit(values['trump'])} trumps" if "trump" in values else "",
            scored,
            ", ".join(f"{p} won {words.cards(values['took.' + p])}" for p in session.players
                      if f"took.{p}" in values),
            f"{words.names(values['revoke'])} revoked" if "revoke" in values else "",
            f"{values['wrong_score']} scored wrongly" if "wrong_score" in values else "")

    def start(self, session: Session) -> AllFoursState:
        zero = {p: 0 for p in session.players}
        return AllFoursState(zero, zero)

    def apply(self, state: AllFoursState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[AllFoursState, Effect]:
        players, target = session.players, session.rules["game"]
        dealer = self.dealer(session, index)
        points = self.points(hand, session, dealer)
        # § 91: "the first to score ten points, wins": the rest of the deal does not count
        game = race.Race({side: state.scores[side[0]] for side in self.sides(players)}, target)
        counted: List[List[Any]] = []  # [what and who, points], points said once
        for what, who in points:
            side = self.side_of(who, players)
            game.count(side, 1)
            text = f"{what} {self.label(side)}"
            if counted and counted[-1][0] == text:  # a wrong score's four points, said once
                counted[-1][1] += 1
            else:
                counted.append([text, 1])
            if game.over:
                break
        winner = game.first
        scores = {p: game.scores[self.side_of(p, players)] for p in players}
        changes = {p: scores[p] - state.scores[p] for p in players}
        summary = ", ".join(text if n == 1 else f"{text} {n}" for text, n in counted) or "nobody scores"
        if hand.get("beg") == "run":
            summary = "begged, the dealer ran the cards; " + summary
        dropped = len(points) - sum(n for _, n in counted)
        notes: Tuple[str, ...] = ()
        balances, finished = dict(state.balances), state.finished
        if winner:
            note = f"{self.label(winner)} win{'s' if len(winner) == 1 else ''} the game"
            if dropped:
                note += f"; the rest of the deal does not count ({dropped} point{'s' if dropped > 1 else ''})"
            notes = (note,)
            for p in players:
                balances[p] += 1 if p in winner else -1
            finished = race.game_over(finished, index, scores, winner, self.sides(players))
        effect = Effect(summary, changes, dict(scores), dealer, notes)
        if winner:
            scores = {p: 0 for p in players}
        return AllFoursState(scores, balances, finished), effect

    def figures(self, values: Mapping[str, Any], before: AllFoursState, after: AllFoursState,
                effect: Effect, session: Session) -> Sequence[Figure]:
        """High, low, Jack and game made, to the player who made each."""
        fours = self.fours(values, session)
        return tuple(Figure(maker, name) for name in FOURS for maker in (fours.get(name),) if maker)

    def label(self, side: Sequence[str]) -> str:
        return house_sides.side_name(side)

    def finish(self, state: AllFoursState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        target = session.rules["game"]
        sides = self.sides(session.players)
        parts = [f"{self.label(side)} {state.scores[side[0]]} ({target - state.scores[side[0]]} to go)"
                 for side in sides]
        lines = ("; ".join(parts) + f"; game is {target}",) if len(sides[0]) > 1 else ()
        games_won = race.games_won(state.finished, session.players)
        won = ", ".join(f"{self.label(side)} {games_won[side[0]]}" for side in sides)
        return Standings(
            game=self.name, players=session.players, scores=dict(state.scores), effects=effects,
            unit=self.unit, balances=dict(state.balances),
            next_dealer=self.dealer(session, len(session.hands)), games_won=games_won,
            columns={"to go": race.to_go(state.scores, target)},
            in_progress=any(state.scores.values()), finished_games=state.finished,
            lines=lines,
            settle_lines=(f"games won: {won} (the loser of each game pays the stake"
                          + (", each player of the losing side to one of the winners)" if len(sides[0]) > 1
                             else ")"),))
