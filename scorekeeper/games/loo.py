"""Three-card Loo, limited or unlimited (rules/004 §§ 95-98).

Each deal the dealer antes; the pool is divided a third a trick among those who took tricks
(any odd counters stay in the pool); each player who stood and took no trick is looed and
pays into the next pool. A player's score is his net counters won (+) or lost (-);
`Standings.pool` is the counters waiting. Scores plus the pool always sum to nought.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, List, Mapping, Sequence, Tuple

from ..fields import BOOLEAN, PLAYER, PLAYERS, Field, integer
from ..model import COMMON_FIELDS, Record, ScorekeeperError, Session
from .base import Effect, Figure, Game, Number, Standings, choice_rule, int_rule, normalise, pool_shares
from . import words

TRICKS = 3  # Loo § 98 iii: "The game consists of three tricks"


class LooState(Record):  # counters won (+) or lost (-); the pool; a deal played (the single is the first)
    __slots__ = ("net", "pool", "played")
    def __init__(self, net: Mapping[str, int], pool: int, played: bool = False) -> None:
        self.net, self.pool, self.played = net, pool, played


def plural(n: int, word: str = "counter") -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


class Loo(Game[LooState]):
    name = "loo"
    description = ("Each deal give the tricks won by each player who stood (Ann=2 Bob=1 Cid=0; "
                   "a player left out passed). The dealer antes; the pool is divided a third a "
                   "trick (odd counters stay); each player who stood and took no trick is looed "
                   "and pays into the next pool the loo (limited) or the pool just divided "
                   "(unlimited). looed=NAME[,NAME]: penalty loos (§ 97); miss=NAME: who took the "
                   "miss; gave_up=yes: the dealer gave up the stakes to a lone stander (written "
                   "NAME=3). Scores are net counters; the pool is shown.")
    rules = (
        choice_rule("loo", "limited", "limited: a looed player pays the loo_amount; unlimited: he "
                    "pays as much as the pool just divided", "limited", "unlimited"),
        int_rule("ante", 3, "the dealer's stake, put into the pool every deal (§ 96 vi)", low=1),
        int_rule("loo_amount", None, "limited loo: what a looed player pays (none: the ante)",
                 low=1, optional=True),
        choice_rule("first_round", "single", "§ 96 viii: single (the first deal has no miss and "
                    "all must play) or ante (every player antes and a miss is dealt)",
                    "single", "ante"),
    )

    def check_rules(self, rules: Mapping[str, Any], players: Sequence[str]) -> None:
        # unlimited: the looed pay the pool just divided; a loo_amount would be ignored silently
        if rules["loo"] == "unlimited" and rules["loo_amount"] is not None:
            raise ScorekeeperError(f"rule loo_amount: applies only with loo=limited (at unlimited "
                                   f"loo a looed player pays the pool just divided), got "
                                   f"loo_amount={rules['loo_amount']} with loo=unlimited",
                                   rule="loo_amount")

    def fields(self, session: Session) -> List[Field]:
        return [Field(p, integer(0, TRICKS), f"tricks {p} won, if he stood (left out: he passed)")
                for p in session.players] + [
            Field("looed", PLAYERS, "penalty loos (§ 97: a misdeal, play out of turn, ...): each "
                                    "pays the loo into the next pool"),
            Field("miss", PLAYER, "who took the miss (he stood, and plays it)"),
            Field("gave_up", BOOLEAN, "the dealer gave up the stakes to the lone stander (§ 96 vii)"),
        ]

    def check_result(self, values: Mapping[str, Any], session: Session) -> None:
        if not any(name not in COMMON_FIELDS for name in values):
            # the house hint (a hand nobody scored in is NAME=0) is refused at Loo: tricks make 3
            raise ScorekeeperError(f"no result given: give the tricks of each player who stood "
                                   f"({session.players[0]}=2 {session.players[1]}=1 ...); when "
                                   f"all the others passed, the dealer takes the pool: write him "
                                   f"with the three tricks (DEALER=3)")

    def loo_amount(self, rules: Mapping[str, Any], divided: int) -> int:
        if rules["loo"] == "unlimited":
            return divided  # unlimited: the looed player pays what the pool held
        amount: int = rules["loo_amount"] if rules["loo_amount"] is not None else rules["ante"]
        return amount

    # ---------------------------------------------------------------- replay

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        """"Cid took 2 tricks, Dot 1, Eve 0; Ann and Bob passed; Dot took the miss"."""
        stood = [p for p in session.players if p in values]
        passed = [p for p in session.players if p not in values]
        return words.sentence(
            words.each(values, session.players, "took", "tricks"),
            f"{words.names(passed)} passed" if stood and passed else "",
            f"{values['miss']} took the miss" if "miss" in values else "",
            "the dealer gave up the stakes" if values.get("gave_up") else "",
            f"{words.names(values['looed'])} looed (a penalty)" if "looed" in values else "")

    def start(self, session: Session) -> LooState:
        return LooState({p: 0 for p in session.players}, 0)

    def apply(self, state: LooState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[LooState, Effect]:
        rules, players = session.rules, session.players
        dealer = self.dealer(session, index)
        stood = {p: hand[p] for p in players if p in hand}
        # § 96 viii: the first round is a single; a misdeal (§ 97 i: only looed=, nobody
        # played) plays no round, so the next deal is the single
        single = rules["first_round"] == "single" and not state.played
        self.check_deal(hand, stood, dealer, session, single)
        changes = {p: 0 for p in players}
        pool = state.pool
        # § 96 vi: "the dealer puts into the pool his three halfpence ..."; viii: in the first
        # round with a miss, "each player puts into the pool a sum equal to that staked by the dealer"
        anteing = players if index == 0 and rules["first_round"] == "ante" else (dealer,)
        for p in anteing:
            changes[p] -= rules["ante"]
            pool += rules["ante"]
        parts = [f"{'all ante' if len(anteing) > 1 else dealer + ' antes'}: pool {pool}"]
        divided = pool
        if hand.get("gave_up"):
            (taker,) = stood
            changes[taker] += pool
            parts.append(f"{dealer} gives up the stakes: {taker} takes the pool of {pool}")
            pool = 0
        elif list(stood) == [dealer]:
            # Everybody else passed: "the dealer is entitled to the amount in the pool, no
            # matter what his cards are" (Peel, Round Games with Cards; Foster is silent)
            changes[dealer] += pool
            parts.append(f"all the others passed: {dealer} takes the pool of {pool}")
            pool = 0
        elif stood:
            a_trick, odd = divmod(pool, TRICKS)  # § 98 iii: the pool divided a third a trick
            won = []
            for p, tricks in stood.items():
                if tricks:
                    changes[p] += tricks * a_trick
                    won.append(f"{p} {tricks} ({tricks * a_trick:+d})")
            pool = odd
            parts.append("tricks: " + ", ".join(won) + (f"; {plural(odd)} left in the pool" if odd else ""))
        uncontested = hand.get("gave_up") or list(stood) == [dealer]
        looed = [] if uncontested else [p for p, tricks in stood.items() if not tricks]
        penalties = list(hand.get("looed", ()))
        amount = self.loo_amount(rules, divided)
        for p in looed + penalties:
            changes[p] -= amount
            pool += amount
        if looed:
            parts.append(f"{', '.join(looed)} looed: pay{'s' if len(looed) == 1 else ''} {amount}")
        if penalties:
            parts.append(f"{', '.join(penalties)} looed (penalty): pay{'s' if len(penalties) == 1 else ''} {amount}")
        if not stood and not hand.get("gave_up"):
            parts.append("nobody played")
        net = {p: state.net[p] + changes[p] for p in players}
        notes = (f"{hand['miss']} took the miss",) if "miss" in hand else ()
        summary = "; ".join(parts) + f"; pool {pool} waiting"
        return LooState(net, pool, state.played or bool(stood)), \
            Effect(summary, changes, net, dealer, notes)

    def check_deal(self, hand: Mapping[str, Any], stood: Mapping[str, int], dealer: str,
                   session: Session, single: bool) -> None:
        players = session.players
        if hand.get("gave_up"):
            if len(stood) != 1 or dealer in stood:
                raise ScorekeeperError(f"gave_up: the dealer ({dealer}) gives up the stakes only to a "
                                       f"lone stander: name that one player (NAME=3), got "
                                       f"{', '.join(stood) or 'nobody'}", field="gave_up")
            (tricks,) = stood.values()
            if tricks != TRICKS:
                raise ScorekeeperError(f"{next(iter(stood))}: with gave_up the lone stander takes the "
                                       f"whole pool, written as all {TRICKS} tricks, got {tricks}",
                                       field=next(iter(stood)))
            if single:
                raise ScorekeeperError("gave_up: the first round is a single: all must play "
                                       "(--rule first_round=ante deals a miss)", field="gave_up")
            return
        if stood and sum(stood.values()) != TRICKS:
            given = " + ".join(f"{p} {t}" for p, t in stood.items())
            raise ScorekeeperError(f"tricks must add up to {TRICKS}, got {given} = {sum(stood.values())}",
                                   fields=players)
        if single and stood and len(stood) != len(players):
            missing = [p for p in players if p not in stood]
            raise ScorekeeperError(f"{missing[0]} is missing: the first round is a single and all "
                                   f"must play (give each player's tricks, 0 for none)", field=missing[0],
                                   fields=missing)
        if "miss" in hand:
            if single:
                raise ScorekeeperError("miss: the first round is a single, dealt without a miss",
                                       field="miss")
            if hand["miss"] not in stood:
                raise ScorekeeperError(f"miss: {hand['miss']} took the miss, so he stood: give his "
                                       f"tricks ({hand['miss']}=N)", field="miss")

    def figures(self, values: Mapping[str, Any], before: LooState, after: LooState,
                effect: Effect, session: Session) -> Sequence[Figure]:
        """Stands, loos by tricks and penalty loos."""
        stood = [p for p in session.players if p in values]
        found = [Figure(p, "stood") for p in stood]
        if not values.get("gave_up"):
            found += [Figure(p, "looed") for p in stood if not values[p]]
        return found + [Figure(p, "penalty loos") for p in values.get("looed", ())]

    def finish(self, state: LooState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        players, pool = session.players, state.pool
        balances: Dict[str, Number] = dict(state.net)
        settle_lines: Tuple[str, ...] = ()
        if pool:
            # The book is silent on the pool left when the sitting ends: it is shared exactly.
            share = Fraction(pool, len(players))
            balances = {p: normalise(state.net[p] + share) for p in players}
            settle_lines = (f"the pool of {pool} left at the end is shared: {normalise(share)} each",)
        rules = session.rules
        loo = (f"loo {self.loo_amount(rules, 0)}" if rules["loo"] == "limited"
               else "unlimited loo: the looed pay the pool")
        return Standings(
            game=self.name, players=players, scores=dict(state.net), effects=effects,
            unit=self.unit, balances=balances, next_dealer=self.dealer(session, len(session.hands)),
            pool=pool, pool_shares=pool_shares(balances, state.net),
            lines=(f"ante {rules['ante']}; {loo}",), settle_lines=settle_lines,
            extra_json={"loo": rules["loo"]})
