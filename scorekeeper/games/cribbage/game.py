"""Cribbage for sessions (the book, §§ 80-90): two players, three each for himself, or four in
partnership; points by deal, either as totals (Ann=14) or counted from the cards.

The order of scoring within a deal decides who wins when a game ends in the middle of it
(a game ends the moment a side reaches the target, § 82 xvi; what is left of the deal is not
scored). We apply, in this order:

 1. five-card cribbage: three for "last" to the non-dealer at the start of each game (§ 81 x);
 2. a misdeal: two to the non-dealer (§ 82 iii); the deal is void and the dealer deals again;
 3. his heels: a knave turned up, two to the dealer (§ 81 viii; § 82 xii: before the play);
 4. penalties in the order the faults happen: touching the pack after the cut (two, § 82 vi),
    confusing the crib (three, § 82 viii), failing to play when able (two holes, § 82 xxi):
    the offender's opponents take them (§ 82 ix: forfeited points go to the other side);
 5. the play: `play.NAME` in the order of playing, from the dealer's left round to the dealer
    (if two sides could each peg out in the same play, `out=NAME` says who did first);
 6. the show: "each player then counts and scores his hand, the non-dealer first. The dealer
    then marks the points for his hand, and also for his crib" (§ 84). A total `NAME=N` is
    applied at NAME's place in the show, so it cannot win in the play: give `play.NAME`
    apart when a game may have been won while pegging. Points a player overlooked
    (`overlooked.NAME`) are taken off right after his count; with `muggins=on` his opponent
    takes them then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from ...cards import Card, Rank, full_deck
from ...fields import BOOLEAN, CARD, PLAYER, Field, cards, integer
from ...model import Record, ScorekeeperError, Session
from .. import sides as _sides
from .. import target as _target
from ..base import (Effect, Figure, FinishedGame, Game, Notes, Standings, bool_rule, choice_rule, int_rule,
                    normalise)
from .count import show_points, spoken

_POINTS = integer(0)
_CARDS = {n: cards((n,)) for n in (3, 4, 6)}

HAND_SIZE = {"six-card": 4, "five-card": 3, "eight-card": 6}
PENALTIES = (("touched", 2, "touched the cards after the cut for the start"),
             ("confused", 3, "confused the crib cards with his hand"),
             ("failed_to_play", 2, "failed to play when able"),
             # § 82 xiv: "A player may not, except to 'peg him,' touch his adversary's pegs,
             # under a penalty of two points."
             ("touched_pegs", 2, "touched his adversary's pegs"))
# The most each part of a deal can score (tests/games/test_crib_limits.py finds each by
# enumeration): a hand shown with the starter, by the cards held (three: 5 5 5 and a 5 turned,
# 20; four: 29; six: 72, flushes and his nob included); a crib, by its cards (four, or three at
# three_crib=three).
HAND_MOST = {3: 20, 4: 29, 6: 72}
CRIB_MOST = {3: 20, 4: 29}
# The most one player pegs in a deal's play, by seat from the dealer's left (the dealer last):
# two playing by variant (five-card is one count, § 84; else all are played out), three or four
# together by their number; each found by enumeration (at four hands, a bound proven card by
# card closed by a search of the plays above it).
PLAY_MOST: Dict[Any, Tuple[int, ...]] = {"five-card": (17, 21), "six-card": (24, 30),
                                         "eight-card": (39, 44), 3: (33, 34, 37), 4: (41, 42, 48, 51)}
_PLAY_LEAST_MOST = min(min(most) for most in PLAY_MOST.values())


class CribState(Record):
    """The game's `scores` by side; the next `dealer` (index); its deals, misdeals too; `balances` by player
    in games (lurches double); `shown`: the last deal's counts before the game ended (§ 82 xvi)."""

    __slots__ = ("scores", "dealer", "deals_in_game", "balances", "finished", "shown")
    def __init__(self, scores: Tuple[int, ...], dealer: int, deals_in_game: int, balances: Tuple[Any, ...],
                 finished: Sequence[FinishedGame] = (),
                 shown: Tuple[Tuple[Tuple[str, int], ...], Optional[int]] = ((), None)) -> None:
        self.scores, self.dealer, self.deals_in_game, self.balances = scores, dealer, deals_in_game, balances
        self.finished, self.shown = finished, shown

    @property
    def game_number(self) -> int:
        """The game under way: 1, 2, ..."""
        return len(self.finished) + 1


class Cribbage(Game[CribState]):
    name = "cribbage"
    description = ("Each deal gives each player's points (Ann=14 Bob=9), or the cards to count: "
                   "starter=5S hand.Ann=5H,5D,5C,JS crib=... play.Ann=3 (pegging), heels when a "
                   "knave is turned. The dealer alternates; the crib is the dealer's. A game ends "
                   "the moment a side reaches the target, even in the middle of a deal. "
                   "Settlement: the stake per game won, double for a lurch. A total or a play above "
                   "the most one deal gives the player's seat (found by enumeration) is refused. "
                   "Four players play two against two: the first and third against the second "
                   "and fourth.")
    rules = (
        int_rule("game", 121, "points that win a game (121; 61 when variant=five-card: § 83 "
                 "\"the sixty-one points ... mark the game\"; the book plays three and four "
                 "hands like five-card, § 87, to 61: --rule game=61)", low=1, optional=True),
        choice_rule("variant", "six-card", "cards dealt to each of two players: six (keep four), "
                    "five (keep three; the non-dealer takes three for last) or eight (keep six)",
                    "six-card", "five-card", "eight-card"),
        bool_rule("lurch", False, "a win before the loser has 91 of 121 (31 of 61) is a double "
                  "game (§ 82 xvii: if agreed before the game)"),
        bool_rule("muggins", False, "points a player overlooks may be taken by his opponent"),
        bool_rule("loser_deals", False, "two players: the loser of a game deals the first hand "
                  "of the next (default: the deal simply alternates)"),
        choice_rule("three_crib", "four", "three hands: the crib is one card from each and one "
                    "from the pack (four, today's custom) or one from each (three, § 87: \"They "
                    "put out but one card each to the crib\")", "four", "three"),
        bool_rule("sit_out", False, "three players, § 88: \"one person sits out, not each game, "
                  "but each deal in rotation\": each deal is a two-hand deal, the player on the "
                  "dealer's right sitting out"),
        choice_rule("three_penalties", "left", "three hands: who takes the points a player "
                    "forfeits, over-scores or gives by a misdeal: left (the player on his left "
                    "takes the book's figure once, as muggins points go) or each (each of his "
                    "two opponents takes it)", "left", "each"),
    )

    # ---------------------------------------------------------------- rules and fields

    def check_rules(self, rules: Mapping[str, Any], players: Sequence[str]) -> None:
        three = len(players) == 3
        if rules.get("sit_out") and not three:
            raise ScorekeeperError("rule sit_out: one sits out each deal at three players (§ 88), "
                                   f"got {len(players)}")
        for name, default in (("three_crib", "four"), ("three_penalties", "left")):
            if rules.get(name, default) != default and (not three or rules.get("sit_out")):
                raise ScorekeeperError(f"rule {name}: applies only when three play together "
                                       f"(three players, without sit_out)", rule=name)
        if three and rules.get("sit_out"):
            return  # each deal is a two-hand deal: any variant
        if len(players) > 2 and rules["variant"] != "six-card":
            raise ScorekeeperError(
                f"rule variant: three- and four-hand cribbage is played with five cards dealt "
                f"and four kept (§ 87), so use variant=six-card, got {rules['variant']}",
                rule="variant")

    def resolve_rules(self, given: Mapping[str, Any], players: Sequence[str]) -> Dict[str, Any]:
        """The game's default follows the variant: 61 for five-card (§ 83), else 121."""
        rules = super().resolve_rules(given, players)
        if "game" not in given and rules["variant"] == "five-card":
            rules["game"] = 61
        return rules

    def target(self, rules: Mapping[str, Any]) -> int:
        game: Optional[int] = rules.get("game")
        if game:
            return game
        return 61 if rules["variant"] == "five-card" else 121

    def fields(self, session: Session) -> List[Field]:
        size = HAND_SIZE[session.rules["variant"]]
        players = session.players
        found = [Field(p, _POINTS, f"the points {p} scored this deal in the play and the show "
                                           "(heels and penalties have their own fields)") for p in players]
        found.append(Field("starter", CARD, "the card turned up (to count the cards)"))
        found += [Field(f"hand.{p}", _CARDS[size], f"the {size} cards {p} showed") for p in players]
        size_crib = 3 if session.rules.get("three_crib") == "three" else 4
        found.append(Field("crib", _CARDS[size_crib], f"the {size_crib} cards of the crib "
                                                         f"(the dealer's)"))
        found += [Field(f"play.{p}", _POINTS, f"points {p} pegged in the play") for p in players]
        found.append(Field("heels", BOOLEAN, "a knave turned up: two to the dealer (counted by "
                                             "itself when the starter is a knave; heels=no if "
                                             "not taken in time)"))
        found.append(Field("misdeal", BOOLEAN, "the dealer misdealt: two to the non-dealer, and "
                                               "he deals again"))
        found += [Field(name, PLAYER, f"who {what} (he forfeits {n})") for name, n, what in PENALTIES]
        found += [Field(f"overlooked.{p}", _POINTS, f"points {p} failed to count")
                  for p in players]
        found += [Field(f"overscored.{p}", integer(1), f"points {p} took beyond his due (§ 82 "
                        f"ix): his opponents take them") for p in players]
        found.append(Field("out", PLAYER, "who pegged out first, when two could have"))
        found.append(Field("forfeit", PLAYER, "a player who forfeits the game (§ 82 xvi, xx, "
                                              "xxii; \"refuses to abide by the rules\"): his "
                                              "side loses it at once"))
        return found

    def card_fields(self, session: Session) -> Sequence[str]:
        # the cards as the deal shows them: the start turned up, each hand, the crib; then the play
        players = session.players
        return ("starter", *(f"hand.{p}" for p in players), "crib", *(f"play.{p}" for p in players))

    # ---------------------------------------------------------------- sides

    def sides(self, session: Session) -> List[Tuple[str, ...]]:
        return list(self._seating(session.players)[0])

    def _seating(self, players: Tuple[str, ...]) -> Tuple[Tuple[Tuple[str, ...], ...], Dict[str, int]]:
        """(the sides, each player's side), worked out once per table: a replay asks for them
        at every step of every deal."""
        cache = self.__dict__.get("_seatings")
        if cache is None:
            cache = self.__dict__["_seatings"] = {}
        found = cache.get(players)
        if found is None:
            if len(players) == 4:  # § 87: four-hand, two against two, partners opposite
                sides = _sides.partnerships(players)
            else:
                sides = _sides.each_alone(players)
            found = cache[players] = (sides, {p: i for i, side in enumerate(sides) for p in side})
        return found

    def race_target(self, session: Session) -> Optional[int]:
        return self.target(session.rules)

    def score_sides(self, session: Session) -> Optional[Tuple[Tuple[str, ...], ...]]:
        return tuple(self.sides(session)) if len(session.players) == 4 else None

    def side_of(self, session: Session, player: str) -> int:
        try:
            return self._seating(session.players)[1][player]
        except KeyError:
            return _sides.side_index(self.sides(session), player)  # its own words for a stranger

    # ---------------------------------------------------------------- replay

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        """"the starter 5♠; Ann showed 5♣ 5♦ 5♥ J♠, Bob 2♣ 4♦ 6♥ 8♠; the crib A♣ 3♦ 9♥ Q♠;
        Ann pegged 2, Bob 1"; counted at the table, "Ann scored 40, Bob 45"."""
        if values.get("misdeal"):
            return "a misdeal"
        from .. import words  # (here: only the pages a table shares word a deal; not every replay's import)

        players = session.players

        def dotted(prefix: str, verb: str, show: Callable[[Any], str] = str) -> str:
            given = {p: show(values[f"{prefix}.{p}"]) for p in players if f"{prefix}.{p}" in values}
            return words.each(given, players, verb)

        return words.sentence(
            f"the starter {words.card(values['starter'])}" if "starter" in values else "",
            "two for his heels" if values.get("heels") else "",
            dotted("hand", "showed", words.cards),
            f"the crib {words.cards(values['crib'])}" if "crib" in values else "",
            dotted("play", "pegged"),
            words.each(values, players, "scored"),
            *(f"{values[name]} {what}" for name, _, what in PENALTIES if name in values),
            dotted("overlooked", "overlooked"),
            dotted("overscored", "took too many by"),
            f"{values['out']} pegged out first" if "out" in values else "",
            f"{values['forfeit']} forfeits the game" if "forfeit" in values else "")

    def start(self, session: Session) -> CribState:
        first = session.rules.get("first_dealer") or session.players[0]
        n = len(session.players)
        return CribState(tuple(0 for _ in self.sides(session)), session.players.index(first), 0,
                         (0,) * n)

    def apply(self, state: CribState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[CribState, Effect]:
        players = session.players
        dealer = players[state.dealer]
        if "forfeit" in hand:
            return self.forfeited(state, hand, session, dealer, index)
        # § 88: at three, one sits out each deal in rotation: the player on the dealer's right
        # (the last dealer), so the dealer plays the player on his left
        sitter = players[state.dealer - 1] if session.rules.get("sit_out") else None
        sides, seat = self._seating(players)  # (asked once a deal, handed to each step)
        steps, counted = self._steps(state, hand, session, dealer, sitter, sides, seat)
        target = self.target(session.rules)
        before = state.scores
        # § 82 xvi: the game ends the moment a side reaches the target; the rest is not scored
        scores = list(before)
        winner: Optional[int] = None
        said: List[str] = []
        done = len(steps)  # the steps scored: all, unless the game ends within the deal
        for i, (side, points, words, kind) in enumerate(steps):
            if points or kind == _OVERLOOKS:  # (the usual show overlooks nothing: nothing said)
                members = sides[side]  # a player alone the most often: said at once
                said.append(f"{members[0]} {words}" if len(members) == 1 else _side_says(members, words))
                scores[side] += points
                if points > 0 and scores[side] >= target:
                    winner, done = side, i + 1
                    break
        ended_in_play = winner is not None and steps[done - 1][3] == _PEGS
        # two sides that could each peg out take the play to the target (a side that could
        # peg out does, unless another did first): asked then, or of out=NAME when played
        if ended_in_play or ("out" in hand and any(step[3] == _PEGS for step in steps[:done])):
            self.check_pegging(steps, before, session, hand, target)
        changes, after = {}, {}  # (a loop: a comprehension is a call of its own, and this is every deal)
        for p in players:
            changes[p], after[p] = scores[seat[p]] - before[seat[p]], scores[seat[p]]
        # what the season's figures count, once a deal: the hands and crib counted from their
        # cards whose show came before the game ended
        seen: Tuple[Tuple[Tuple[str, int], ...], Optional[int]] = ((), None)
        if counted is not None:
            _, from_cards, crib, _ = counted
            seen = (tuple(from_cards.items()), crib)
            if winner is not None:
                shown = {step[3] for step in steps[:done]}  # a hand shown by its player's name
                seen = (tuple((p, n) for p, n in seen[0] if p in shown), crib if _CRIB in shown else None)
        next_dealer = self.next_dealer(state, hand, session, winner, scores)
        summary = "; ".join(said) or "no score"
        if sitter is not None:
            summary = f"{sitter} sits out; {summary}"
        notes: Sequence[str] = ()
        if winner is None:
            # a misdeal counts too: "last" is taken once, "at the commencement of the game"
            # (§ 81 x), not again when the first deal is misdealt and dealt again
            new = CribState(tuple(scores), next_dealer, state.deals_in_game + 1, state.balances,
                            state.finished, seen)
        else:
            balances = list(state.balances)
            notes = (self.settle_game(session, scores, winner, balances, state),)
            new = CribState(tuple(0 for _ in scores), next_dealer, 0, tuple(balances),
                            self.game_over(state, index, scores, [winner], session), seen)
        if (winner is None or not ended_in_play) and "starter" in hand:
            # pegged out in the play: no hand was shown; else how each counts, worded when read
            notes = Notes(notes, lambda: self.count_breakdowns(hand, session), (hand, session.players))
        return new, Effect(summary, changes, after, dealer, notes)

    def count_breakdowns(self, hand: Mapping[str, Any], session: Session) -> List[str]:
        """A hand typed as cards shows how it counts, as it is said at the table (§ 82:
        "fifteen two, fifteen four, and a pair is six"), so the table can check it."""
        starter = hand.get("starter")
        if starter is None:
            return []
        found = []
        for p in session.players:
            cards = hand.get(f"hand.{p}")
            if cards is not None:
                found.append(f"{p}'s hand: {spoken(cards, starter)[1]}")
        crib = hand.get("crib")
        if crib is not None and len(crib) == 4:  # a three-card crib (§ 87) is not said
            found.append(f"the crib: {spoken(crib, starter, True)[1]}")
        return found

    def forfeited(self, state: CribState, hand: Dict[str, Any], session: Session,
                  dealer: str, index: int) -> Tuple[CribState, Effect]:
        """§ 82 xvi ("loses it"), xx, xxii ("forfeits the game") and "The player who refuses to
        abide by the rules, loses the game": the game ends at once, as it stands. Two sides:
        the other side wins it (a single game: a lurch is for scoring the game, not for a
        forfeit). Three each for himself: the forfeiter pays each of the others a game."""
        others = [f for f in hand if f not in ("forfeit", "note", "at")]
        if others:
            raise ScorekeeperError(f"forfeit: a forfeited game ends at once; give only forfeit "
                                   f"(and a note), not {', '.join(others)}", field="forfeit",
                                   fields=others)
        players, sides = session.players, self.sides(session)
        loser = self.side_of(session, hand["forfeit"])
        balances = list(state.balances)
        winners = [i for i in range(len(sides)) if i != loser]
        for i in winners:
            for name in sides[i]:
                balances[players.index(name)] += 1
        for name in sides[loser]:
            balances[players.index(name)] -= len(winners)
        win_names = ", ".join(_side_name(sides[i]) for i in winners)
        note = (f"game {state.game_number}: {_side_says(sides[loser], 'forfeits')} the game at "
                f"{state.scores[loser]}; {win_names} win{'s' if len(winners) == 1 and len(sides[winners[0]]) == 1 else ''} it")
        zero = {p: 0 for p in players}
        new = CribState(tuple(0 for _ in sides), (state.dealer + 1) % len(players), 0,
                        tuple(balances), self.game_over(state, index, state.scores, winners, session))
        summary = f"{hand['forfeit']} forfeits the game"
        return new, Effect(summary, zero, self.by_player(session, state.scores), dealer, (note,))

    def check_pegging(self, steps: Sequence[Step], before: Sequence[int], session: Session,
                      hand: Mapping[str, Any], target: int) -> None:
        """Two sides that could each peg out in this play: the order of the fields cannot say
        who did first, so `out=NAME` must. `before`: the scores before the deal."""
        scores = list(before)  # as the play began
        pegged: Dict[int, int] = {}
        for side, points, _, kind in steps:
            if kind == _PEGS:
                pegged[side] = pegged.get(side, 0) + points
            elif not pegged:
                scores[side] += points
        could = []
        for side, n in pegged.items():
            if scores[side] + n >= target:
                could.append(side)
        out = hand.get("out")
        if out is not None:
            side = self.side_of(session, out)
            if side not in could:
                raise ScorekeeperError(
                    f"out: {out} could not have pegged out: {scores[side]} and "
                    f"{pegged.get(side, 0)} pegged is short of {target}", field="out")
            return
        if len(could) > 1:
            names = " and ".join(_side_name(self.sides(session)[i]) for i in could)
            raise ScorekeeperError(f"out: {names} could each have pegged out to {target} in this "
                                   f"play; say who did first with out=NAME", field="out")

    def by_player(self, session: Session, by_side: Sequence[int]) -> Dict[str, int]:
        side = self._seating(session.players)[1]
        return {p: by_side[side[p]] for p in session.players}

    def next_dealer(self, state: CribState, hand: Dict[str, Any], session: Session,
                    winner: Optional[int], scores: Sequence[int]) -> int:
        n = len(session.players)
        if hand.get("misdeal") and winner is None:
            return state.dealer  # the same dealer deals again
        if winner is not None and session.rules.get("loser_deals") and n == 2:
            return 1 - winner
        return (state.dealer + 1) % n

    def game_over(self, state: CribState, index: int, scores: Sequence[int], winners: Sequence[int],
                  session: Session) -> Sequence[FinishedGame]:
        """The game that hand `index` ended, with every side's final score."""
        sides = self.sides(session)
        return _target.game_over(state.finished, index, self.by_player(session, scores),
                                 [p for i in winners for p in sides[i]], sides)

    def settle_game(self, session: Session, scores: Sequence[int], winner: int,
                    balances: List[Any], state: CribState) -> str:
        """The winner's side takes the stake from each losing side, double for a lurch."""
        target = self.target(session.rules)
        sides = self.sides(session)
        lurch_line = target - 30  # 91 of 121, 31 of 61 (§ 82 xvii)
        parts = []
        for side, members in enumerate(sides):
            if side == winner:
                continue
            stake = 2 if session.rules.get("lurch") and scores[side] < lurch_line else 1
            parts.append(f"{_side_name(members)} {scores[side]}" + (" (lurched: double)" if stake == 2 else ""))
            for loser in members:
                balances[session.players.index(loser)] -= stake
            for taker in sides[winner]:
                balances[session.players.index(taker)] += stake * len(members) // len(sides[winner])
        return (f"game {state.game_number}: {_side_says(sides[winner], 'wins with')} {scores[winner]} "
                f"against {', '.join(parts)}; the rest of the deal is not scored")

    # ---------------------------------------------------------------- one deal, in order

    def _steps(self, state: CribState, hand: Dict[str, Any], session: Session, dealer: str,
               out: Optional[str], sides: Sequence[Tuple[str, ...]], seat: Dict[str, int]
               ) -> Tuple[List[Step], Optional[Counted]]:
        """The steps in the order they are scored within the deal (see the top), and what the
        cards counted (None for a misdeal)."""
        players = session.players
        rules = session.rules
        order = [*players[state.dealer + 1:], *players[:state.dealer + 1]]  # from the dealer's left round to him
        if out is not None:
            order.remove(out)
            named = [f for f, v in hand.items()
                     if out in (f, f.partition(".")[2]) or (isinstance(v, str) and v == out)]
            if named:
                raise ScorekeeperError(f"{named[0]}: {out} sits out this deal (§ 88: one sits out "
                                       f"each deal in rotation); the deal is {dealer}'s against "
                                       f"{order[0]}", field=named[0])
        steps: List[Step] = []
        if rules["variant"] == "five-card" and state.deals_in_game == 0:
            steps.append((seat[order[0]], 3, "takes three for last", _OTHER))
        if hand.get("misdeal"):
            others = [f for f in hand if f not in ("misdeal", "note", "at")]
            if others:
                raise ScorekeeperError(f"misdeal: a misdealt hand is not played; give only misdeal "
                                       f"(and a note), not {', '.join(others)}", field="misdeal")
            for opponent in self._penalty_takers(session, dealer, out):
                steps.append((opponent, 2, "takes two for the misdeal", _OTHER))
            return steps, None
        counted = self.counted(hand, session, dealer)
        shows, _, crib, heels = counted
        if heels:
            steps.append((seat[dealer], 2, "takes two for his heels", _OTHER))
        if hand.get("touched") == dealer:
            raise ScorekeeperError(f"touched: {dealer} deals this hand; the penalty for touching "
                                   f"the cards after the cut is the non-dealer's (§ 82 vi)",
                                   field="touched")
        for name, points, what in PENALTIES:
            if name in hand:
                for opponent in self._penalty_takers(session, hand[name], out):
                    steps.append((opponent, points, f"takes {points}: {hand[name]} {what}", _OTHER))
        self._play_steps(steps, hand, session, order, seat)
        for p in order:
            self._show_steps(steps, hand, session, p, shows.get(p), crib if p == dealer else None, out,
                             sides, seat)
        return steps, counted

    def _opponent_sides(self, session: Session, player: str, out: Optional[str] = None) -> List[int]:
        """The other sides; not the player sitting out this deal (§ 88)."""
        mine = self.side_of(session, player)
        skip = self.side_of(session, out) if out is not None else None
        return [i for i in range(len(self.sides(session))) if i not in (mine, skip)]

    def _play_steps(self, steps: List[Step], hand: Mapping[str, Any], session: Session,
                    order: Sequence[str], seat: Dict[str, int]) -> None:
        """The points pegged, in the order of play (with out=NAME, his side's first), added to `steps`."""
        first = len(steps)
        for i, p in enumerate(order):
            n = hand.get("play." + p)
            if not n:
                continue
            if n > _PLAY_LEAST_MOST:  # (within the least of the plays' maxima, any play may peg it)
                most, how = self.play_most(session.rules, len(order), i)
                if n > most:
                    raise ScorekeeperError(f"play.{p}: {n} is more than one deal's play can peg ({p}, "
                                           f"{_role(len(order), i)}, at most {most}: {how})",
                                           field=f"play.{p}")
            steps.append((seat[p], n, f"pegs {n}", _PEGS))
        out = hand.get("out")
        if out is not None:
            if not hand.get("play." + out):
                raise ScorekeeperError(f"out: {out} pegged nothing in this deal (give play.{out})",
                                       field="out")
            steps[first:] = sorted(steps[first:], key=lambda step: step[0] != seat[out])

    def _show_steps(self, steps: List[Step], hand: Mapping[str, Any], session: Session, player: str,
                    shown: Optional[int], crib: Optional[int], out: Optional[str],
                    sides: Sequence[Tuple[str, ...]], seat: Dict[str, int]) -> None:
        """His hand, then (the dealer) his crib, added to `steps`; points he overlooked come off
        his last count, and with muggins his opponent takes them at once."""
        side = seat[player]
        whose = f" ({player})" if len(sides[side]) > 1 else ""  # partners: say whose hand it was
        missed = hand.get("overlooked." + player, 0)
        if missed:  # (the usual show overlooks nothing: nothing to take off)
            counted = (shown or 0) + (crib or 0)
            if missed > counted:
                raise ScorekeeperError(f"overlooked.{player}: {player} counted only {counted}, so he "
                                       f"cannot have overlooked {missed}", field=f"overlooked.{player}")
            from_crib = min(missed, crib or 0)  # his last count first
            if crib is not None:
                crib -= from_crib
            if shown is not None:
                shown -= missed - from_crib
        if shown is not None:
            # a total NAME=N is the play and the show together; "shows" is for a hand counted
            steps.append((side, shown, f"{'scores' if player in hand else 'shows'} {shown}{whose}", player))
        if crib is not None:
            steps.append((side, crib, f"crib {crib}", _CRIB))
        over = hand.get("overscored." + player)
        if over:
            # § 82 ix: "put back as many points as he has over-scored, and have the points
            # added to his opponent's side" (his record holds only his due already)
            for opponent in self._penalty_takers(session, player, out):
                steps.append((opponent, over, f"takes {over}: {player} over-scored", _OTHER))
        if missed:
            steps.append((side, 0, f"overlooks {missed}{whose}", _OVERLOOKS))
            if session.rules.get("muggins"):
                steps.append((self.muggins_side(session, player, out), missed,
                              f"takes {missed} by muggins from {player}", _OTHER))

    def _penalty_takers(self, session: Session, player: str, out: Optional[str] = None) -> List[int]:
        """Who takes the points a player forfeits (§ 82 vi, viii, xiv, xxi), over-scores (ix:
        "added to his opponent's side") or gives by a misdeal (iii: "the taking of two points
        by the non-dealer"): the other side. The laws give one figure for one opponent; three
        playing together, the player on his left takes it once (as muggins points go), or with
        three_penalties=each each of his two opponents takes it."""
        if (out is None and len(session.players) == 3
                and session.rules.get("three_penalties", "left") == "left"):
            return [self.muggins_side(session, player)]
        return self._opponent_sides(session, player, out)

    def muggins_side(self, session: Session, player: str, out: Optional[str] = None) -> int:
        """Who takes overlooked points: the other side; at three hands, the player on the left
        (with one sitting out, § 88: the one opponent)."""
        players = session.players
        if out is not None:
            return self._opponent_sides(session, player, out)[0]
        if len(players) == 3:
            return self.side_of(session, players[(players.index(player) + 1) % 3])
        return self._opponent_sides(session, player)[0]

    def counted(self, hand: Mapping[str, Any], session: Session, dealer: str) -> Counted:
        """Each player's show (from his cards, or his total), those counted from cards, the crib,
        and the heels."""
        players = session.players
        starter = hand.get("starter")
        placed = [starter]  # every card of the deal
        for p in players:
            if "hand." + p in hand:
                placed += hand["hand." + p]
        if "crib" in hand:
            placed += hand["crib"]
        if starter is not None or len(placed) > 1:
            unique = set(placed)
            if starter is None or len(unique) != len(placed) or not unique <= _PACK:
                _refuse_cards(hand, starter)  # (once a deal, all its cards together: this says what is wrong)
        shows: Dict[str, int] = {}
        from_cards: Dict[str, int] = {}
        for p in players:
            cards = hand.get("hand." + p)
            if p in hand:
                if cards is not None or f"play.{p}" in hand:
                    other = f"hand.{p}" if cards is not None else f"play.{p}"
                    raise ScorekeeperError(f"{p}: give {p}'s points either as {p}=N (all of them) or "
                                           f"by {other} and the cards, not both", field=p)
                self.check_total(session, p, hand[p], dealer)
                shows[p] = hand[p]
                if hand.get(f"overlooked.{p}"):
                    raise ScorekeeperError(f"overlooked.{p}: with {p}={hand[p]} give the points he "
                                           f"took; overlooked points need his cards (hand.{p})",
                                           field=f"overlooked.{p}")
            elif cards is not None:
                assert starter is not None  # checked above: cards shown need the starter
                shows[p] = from_cards[p] = show_points(cards, starter)
        crib = None
        if "crib" in hand:
            if dealer in hand:
                raise ScorekeeperError(f"crib: the crib is {dealer}'s (the dealer's) and "
                                       f"{dealer}={hand[dealer]} already gives all his points",
                                       field="crib")
            assert starter is not None  # checked above: cards shown need the starter
            crib = show_points(hand["crib"], starter, crib=True)
        heels = hand.get("heels")
        is_knave = starter is not None and starter.rank is Rank.JACK
        if heels and starter is not None and not is_knave:
            raise ScorekeeperError(f"heels: two for his heels needs a knave turned up; the "
                                   f"starter is {starter}", field="heels")
        if heels is None:
            heels = is_knave
        return shows, from_cards, crib, bool(heels)

    def check_total(self, session: Session, player: str, total: int, dealer: str) -> None:
        """A total above what one deal can score is a typing mistake (Ann=500): the most of his
        hand, of his crib when he deals, and of his play, added."""
        players = session.players
        seats = 2 if session.rules.get("sit_out") else len(players)  # § 88: one sits out
        seat = min((players.index(player) - players.index(dealer) - 1) % len(players), seats - 1)
        most, parts = self.deal_most(session.rules, seats, seat)
        if total > most:
            raise ScorekeeperError(
                f"{player}: {total} is more than one deal can score ({player}, "
                f"{_role(seats, seat)}, can make at most {most}: {parts})", field=player)

    @staticmethod
    def play_most(rules: Mapping[str, Any], seats: int, seat: int) -> Tuple[int, str]:
        """The most a player pegs in one deal's play (seat 0 on the dealer's left), and how."""
        most = PLAY_MOST[rules["variant"] if seats == 2 else seats][seat]
        return most, "one count, with the go" if rules["variant"] == "five-card" else "every card played"

    @staticmethod
    def deal_most(rules: Mapping[str, Any], seats: int, seat: int) -> Tuple[int, str]:
        """The most a player's total NAME=N can be (the play and the show; heels and penalties
        have fields of their own), and its parts in words."""
        size = HAND_SIZE[rules["variant"]]
        play, how = Cribbage.play_most(rules, seats, seat)
        dealer = seat == seats - 1
        crib = CRIB_MOST[3 if rules.get("three_crib") == "three" else 4]
        most = HAND_MOST[size] + play + (crib if dealer else 0)
        return most, (f"hand {HAND_MOST[size]}" + (f", crib {crib}" if dealer else "")
                      + f", play {play}: {how}")

    # ---------------------------------------------------------------- season statistics

    def figures(self, values: Mapping[str, Any], before: CribState, after: CribState,
                effect: Effect, session: Session) -> Sequence[Figure]:
        """Each hand and crib shown from its cards, beside the exact expectation of four
        cards and a starter (the means `crib stats` computes); totals typed as numbers hold
        the pegging too, so they are left out."""
        if values.get("misdeal") or "starter" not in values or "forfeit" in values:
            return ()
        dealer = effect.dealer or ""
        hands, crib = after.shown  # what apply counted and showed: each deal is counted once
        found = []
        mean_hand, mean_crib = means()
        for p, points in hands:
            expected = mean_hand if len(values[f"hand.{p}"]) == 4 else None
            found.append(Figure(p, "hand shown", points, "mean", expected))
        if crib is not None:
            expected = mean_crib if len(values["crib"]) == 4 else None
            found.append(Figure(dealer, "crib shown", crib, "mean", expected))
        return found

    # ---------------------------------------------------------------- standings

    def finish(self, state: CribState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        players = session.players
        return Standings(
            game=self.name, players=players, scores=self.by_player(session, state.scores),
            effects=effects, unit=self.unit,
            balances=dict(zip(players, state.balances)),  # (whole games)
            next_dealer=players[state.dealer],
            games_won=_target.games_won(state.finished, players), in_progress=any(state.scores),
            columns={"to go": _target.to_go(self.by_player(session, state.scores), self.target(session.rules))},
            finished_games=state.finished,
            lines=(f"game {state.game_number}, played to {self.target(session.rules)}",),
        )


_PACK = frozenset(full_deck())  # a card twice, or one not of the pack (the joker): said by _refuse_cards


def _refuse_cards(hand: Mapping[str, Any], starter: Optional[Card]) -> None:
    """Cards shown without the starter, the joker, or a card in two places of one deal."""
    given = [f for f in hand if f.startswith("hand.") or f == "crib"]
    if starter is None:
        raise ScorekeeperError(f"starter: give the card turned up to count {given[0]}", field="starter")
    every = [("starter", starter)] + [(f, c) for f in given for c in hand[f]]
    for field, card in every:
        if card.is_joker:
            raise ScorekeeperError(f"{field}: cribbage is played without the joker", field=field)
    _check_no_card_twice(every)


def _check_no_card_twice(placed: Sequence[Tuple[str, Any]]) -> None:
    """One pack: no card in two places of one deal (the field of each place given); say which
    two fields hold it, and name both as what the mistake is about."""
    seen: Dict[Any, str] = {}
    for field, card in placed:
        if card in seen:
            raise ScorekeeperError(f"card {card} given twice: {_place(seen[card])} and {_place(field)}",
                                   field=seen[card], fields=(field,))
        seen[card] = field


def _role(seats: int, seat: int) -> str:
    if seat == seats - 1:
        return "the dealer"
    return "not dealing" if seats == 2 else f"{('first', 'second', 'third')[seat]} to play"


def _place(field: str) -> str:
    return "as the starter" if field == "starter" else f"in {field}"


# What a step of a deal is, for the race: points pegged, the crib shown, points overlooked, any
# other; a hand shown is marked by its player's name.
_OTHER, _PEGS, _CRIB, _OVERLOOKS = range(4)
if TYPE_CHECKING:  # (annotations only: an alias made at import costs every command a little)
    from fractions import Fraction

    Step = Tuple[int, int, str, Any]  # (the side, the points, what is said after the side's name, its kind)
    # What `counted` returns: each player's show, those of them counted from cards, the crib's
    # count (None: not given as cards), and whether the starter is a knave (his heels)
    Counted = Tuple[Dict[str, int], Dict[str, int], Optional[int], bool]


_side_name = _sides.side_name  # "Ann-Cid"
_side_says = _sides.side_says  # "Ann pegs 2", but "Ann-Cid peg 2": partners take the plural verb


def means() -> Tuple[Fraction, Fraction]:
    """The exact mean show of four cards and a starter, as a hand (about 4.769) and as a crib
    (4.735: a four-card flush does not count), as `crib stats` computes them (and the tests
    again); made when asked, as `fractions` costs a command ~1% and only figures need them."""
    from fractions import Fraction

    return Fraction(60759, 12740), Fraction(1025467, 216580)
