"""Hearts: every deal settled in counters at once (Foster's Hoyle, rules/001 and the end of 000).

A player's score is his net counters won or lost; `Standings.pool` is the counters on the
table (the pool, or the Jack). The methods of settling are a registry of classes, one each
(methods.py, METHODS), their payments' arithmetic in settling.py; this module reads the
hands, checks them against the laws, and folds the deals through the sitting's method.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ...fields import BOOLEAN, PLAYER, PLAYERS, Field, FieldIndex, read_fields
from ...model import ScorekeeperError, Session
from . import settling as hs
from .methods import METHODS, HeartsState, Method
from .. import target as _target
from .. import words
from ..base import (Effect, Figure, Game, Rule, Standings, bool_rule, choice_rule, int_rule, normalise,
                    pool_shares)
from ..seating import SEVEN, without_the_dealer

if TYPE_CHECKING:
    from fractions import Fraction

SETTLINGS = tuple(METHODS)  # the registry's names, `--rule settling=`
POOL_METHODS = tuple(name for name, method in METHODS.items() if method.pool)
COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
# Laws 13, 14 (and "Misdealing"): "A misdeal loses the deal": the deal passes to the left and,
# the hand not being played, nobody pays anything.
MISDEAL = Field("misdeal", BOOLEAN, "the dealer misdealt: a misdeal loses the deal (Laws 13, "
                "14), so the deal passes to the left and nothing is paid")


def banker_rule() -> Rule:
    return Rule("banker", None, "who sold the counters; keeps the odd counters of the pool at the "
                "end (default: the first player)", lambda raw: None if raw is None else str(raw).strip(),
                "a player's name")


class Hearts(Game[HeartsState]):
    name = "hearts"
    description = ("Each hand gives the hearts each player took (A=3 B=5 C=5 D=0; a player left "
                   "out took none). Every deal is settled in counters at once, by the method of "
                   "--rule settling=: sweepstake (pool and Jacks), howell, excess (three-handed), "
                   "difference or six-free (two-handed), spot, auction, joker, discard, heartsette, "
                   "domino (two players: difference unless given). Auction adds the fields "
                   "bidder= bid= suit=, Joker joker= joker_dealt=, Discard black=. Scores are net "
                   "counters won or lost; the pool is shown; each player's stack is his starting "
                   "counters plus his net.")
    rules = (
        choice_rule("settling", "sweepstake", "how each deal is settled (two players: difference "
                    "unless given)", *SETTLINGS),
        int_rule("counters", 50, "counters each player buys from the banker (100 at Howell's "
                 "unless given; none: the usual stack)", low=1, optional=True),
        bool_rule("jack_after_split", False, "after two players divide a pool, the odd counter starts "
                  "a Jack (\"some clubs\")"),
        choice_rule("many_clear", "jack", "three or more clear players (five or six at the table): "
                    "the pool stays as a Jack, or they divide it", "jack", "divide"),
        choice_rule("pool_at_end", "divide", "counters still in the pool at the end: divided equally "
                    "(odd ones to the banker), kept by the banker for the next sitting, or divided "
                    "exactly (fractions of a counter)", "divide", "carry", "exact"),
        banker_rule(),
        choice_rule("black", "queen", "Discard Hearts: the spade Queen (13 hearts) or Jack (10)",
                    "queen", "jack"),
        int_rule("domino_game", 31, "Domino Hearts: the hearts that end a game", low=1),
        choice_rule("domino_pay", "difference", "Domino Hearts: the others pay the winner the "
                    "difference of hearts, or one counter a game", "difference", "game"),
        choice_rule("howell_revoke", "losses", "Howell's: a revoker pays the others' losses and "
                    "forfeits his winnings (losses), or pays in for all the hearts in play as if "
                    "he had taken them, each other player taking out for every one (thirteen)",
                    "losses", "thirteen"),
    )

    # ---------------------------------------------------------------- players and rules

    def resolve_rules(self, given: Mapping[str, Any], players: Sequence[str]) -> Dict[str, Any]:
        given = dict(given)
        # Two-handed Hearts is settled by the difference (the book's "most popular way").
        if given.get("settling") is None and len(players) == 2:
            given["settling"] = "difference"
        counters = given.get("counters")
        if counters is not None:  # "none" (as `games` once showed the default) is the usual stack
            counters = next(r for r in self.rules if r.name == "counters").read(counters)
        if counters is None:
            # COUNTERS: "usual ... to begin with fifty"; Howell's: "Each player begins with ... 100"
            method = METHODS.get(str(given.get("settling", "")).strip().lower(), METHODS["sweepstake"])
            counters = method.counters
        given["counters"] = counters
        rules = super().resolve_rules(given, players)
        banker = rules.get("banker") or players[0]
        try:
            rules["banker"] = PLAYER.parse(banker, players)
        except ScorekeeperError as err:
            raise ScorekeeperError(f"rule banker: {err.message}", rule="banker") from None
        return rules

    def check_rules(self, rules: Mapping[str, Any], players: Sequence[str]) -> None:
        n, settling = min(len(players), 6), rules["settling"]  # seven: six hold cards
        method = METHODS[settling]
        if len(players) == SEVEN and not method.at_seven:
            raise ScorekeeperError(f"rule settling: {settling} is a game of its own, not played seven "
                                   "with the dealer out; choose another settling")
        if method.seats is not None:
            low, high, what = method.seats
            if not low <= n <= high:
                raise ScorekeeperError(f"rule settling: {settling} is {what}, got {n} players",
                                       rule="settling")
        elif method.pool and n < 3:
            raise ScorekeeperError(f"rule settling: {settling} needs three players or more (no one "
                                   f"could win the pool two-handed); use difference or six-free",
                                   rule="settling")
        self.check_rules_apply(rules, n)

    def check_rules_apply(self, rules: Mapping[str, Any], n: int) -> None:
        """A rule changed from its default that the chosen settling never uses is a mistake
        (`black=jack` without settling=discard would score plain Sweepstake, silently)."""
        settling = rules["settling"]
        where = {"black": "settling=discard", "domino_game": "settling=domino",
                 "domino_pay": "settling=domino", "jack_after_split": "a settling with a pool",
                 "howell_revoke": "settling=howell",
                 "many_clear": "a settling with a pool, at five or six players"}
        defaults = {r.name: r.default for r in self.rules}
        for name in where:
            if not METHODS[settling].uses(name, n) and rules.get(name) != defaults[name]:
                raise ScorekeeperError(f"rule {name}: applies only with {where[name]} "
                                       f"(this sitting: settling={settling}, {n} players)", rule=name)

    # ---------------------------------------------------------------- hands

    def method(self, session: Session) -> Method:
        """The settling method of the sitting (METHODS, by `--rule settling=`)."""
        return METHODS[session.rules.get("settling", "sweepstake")]

    def fields(self, session: Session) -> List[Field]:
        method = self.method(session)
        fields = [method.count_field(p) for p in session.players] + method.fields(session)
        fields += [Field("revoke", PLAYERS, "who revoked (pays all the losses of the hand)"),
                   Field("forfeit", PLAYERS, "the two found with the wrong number of cards "
                         "(each pays five into the pool)"), MISDEAL]
        return fields

    def read_hand(self, raw: Mapping[str, Any], session: Session,
                  fields: Optional[FieldIndex] = None) -> Dict[str, Any]:
        """A misdealt hand is not played: it has no other fields (Auction's bidder and suit,
        required in a played hand, are not asked for)."""
        if any(str(k).lower() == "misdeal" for k in raw):
            values = read_fields({k: v for k, v in raw.items() if str(k).lower() == "misdeal"},
                                 [MISDEAL], session.players)
            if values.get("misdeal"):
                others = [str(k) for k in raw if str(k).lower() not in ("misdeal", "note", "at")]
                if others:
                    raise ScorekeeperError(f"misdeal: a misdealt hand is not played; give only "
                                           f"misdeal (and a note), not {', '.join(others)}", field="misdeal")
                return read_fields(raw, [MISDEAL], session.players)
        return super().read_hand(raw, session, fields)

    def check_counts(self, session: Session, hand: Mapping[str, Any]) -> Dict[str, int]:
        counts = {p: hand.get(p, 0) for p in session.players}
        method = self.method(session)
        total, noun = method.total(len(session.players), hand)
        got = sum(counts.values())
        if got != total:
            table = COUNT_WORDS[len(session.players)]
            sums = " + ".join(f"{p} {c}" for p, c in counts.items())
            raise ScorekeeperError(f"{noun} must add up to {total} ({table} players, "
                                   f"{session.rules['settling']}), got {sums} = {got}",
                                   fields=session.players)
        method.check_counts(counts, len(session.players))
        return counts

    def check_forfeit(self, hand: Mapping[str, Any]) -> Tuple[str, ...]:
        forfeits: Tuple[str, ...] = hand.get("forfeit", ())
        if forfeits and len(forfeits) != 2:
            raise ScorekeeperError(f"forfeit: name the two players found with the wrong number of "
                                   f"cards (Law 15), got {','.join(forfeits)}", field="forfeit")
        return forfeits

    # ---------------------------------------------------------------- replay

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        """"Ann took 3 hearts, Ben 5, Cid 5, Dot 0" (a player left out took none); Auction
        Hearts: who bought the choice and the suit avoided; a misdeal by name."""
        if values.get("misdeal"):
            return "a misdeal"
        rules = session.rules
        opening, taken = self.method(session).taken_words(values, session)
        return words.sentence(
            opening, taken,
            f"{values['joker_dealt']} was dealt the Joker, {values['joker']} took it in"
            if "joker" in values else "",
            f"{values['black']} took the spade {rules.get('black', 'queen')}" if "black" in values else "",
            f"{words.names(values['revoke'])} revoked" if "revoke" in values else "",
            f"{words.names(values['forfeit'])} held the wrong number of cards" if "forfeit" in values else "")

    def start(self, session: Session) -> HeartsState:
        zero = {p: 0 for p in session.players}
        return HeartsState(zero, 0, False, zero, None, self.method(session).start_game(session.players))

    def apply(self, state: HeartsState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[HeartsState, Effect]:
        if len(session.players) == SEVEN and not hand.get("misdeal"):  # the dealer sits out; six play
            dealer = self.dealer(session, index)
            holds = self.method(session).holds_choice(state, dealer)
            return without_the_dealer(self.apply_deal, state, hand, session, index, dealer,
                                      may_name=("bidder",) if holds else ())
        return self.apply_deal(state, hand, session, index)

    def apply_deal(self, state: HeartsState, hand: Dict[str, Any], session: Session,
                   index: int) -> Tuple[HeartsState, Effect]:
        method = self.method(session)
        dealer = self.dealer(session, index)
        if hand.get("misdeal"):
            following = self.dealer(session, index + 1)
            zero = {p: 0 for p in session.players}
            return state, Effect(f"{dealer} misdealt: the deal passes to {following}; nothing "
                                 f"is paid", zero, dict(state.net), dealer)
        counts = self.check_counts(session, hand)
        forfeits = self.check_forfeit(hand)
        revokers = hand.get("revoke", ())
        taken = {p: state.taken[p] + counts[p] for p in session.players}
        state, changes, summary = method.deal(state, hand, counts, revokers, forfeits, session, index)
        state = state._replace(taken=taken)
        notes = []
        if forfeits:
            if set(forfeits) == set(session.players):
                # two-handed, both are at fault (Law 15 names two): each pays the other five
                where = "to the other: nothing changes hands"
            else:
                where = method.forfeits_go()
            notes.append(f"{hs.names(forfeits)} forfeit {hs.FORFEIT} each {where}")
        if revokers:
            notes.append(f"{hs.names(revokers)} revoked: pay{'s' if len(revokers) == 1 else ''} "
                         f"all the losses")
        if state.pool and not method.pool:  # (the pool methods' summary says it)
            notes.append(f"pool {state.pool}" + (" (a Jack)" if state.jack else ""))
        return state, Effect(summary, changes, dict(state.net), dealer, tuple(notes))

    # ---------------------------------------------------------------- season statistics

    def figures(self, values: Mapping[str, Any], before: HeartsState, after: HeartsState,
                effect: Effect, session: Session) -> Sequence[Figure]:
        """Hearts taken each deal (spots at Spot Hearts), and who won a Jack: a deal that
        began on a Jack and paid it out (to one clear player, or divided)."""
        found = [Figure(p, "hearts taken per deal", after.taken[p] - before.taken[p], "mean")
                 for p in session.players  # (at seven the dealer took no cards: not a deal of his)
                 if not (len(session.players) == SEVEN and p == effect.dealer)]
        if before.jack and after.pool < before.pool:
            found += [Figure(p, "Jacks won") for p in session.players if effect.changes.get(p, 0) > 0]
        return found

    # ---------------------------------------------------------------- the end of the sitting

    def finish(self, state: HeartsState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        rules, players = session.rules, session.players
        settling, method = rules["settling"], self.method(session)
        balances, settle_lines = self.balances(state, rules, players)
        taken_name = method.taken
        columns: Dict[str, Dict[str, Any]] = {
            "stack": {p: rules["counters"] + state.net[p] for p in players},
            taken_name: dict(state.taken),
        }
        if state.game is not None:
            columns["game"] = dict(state.game)
        lines = [f"settling: {settling}; each began with {rules['counters']} counters"]
        if state.jack:
            lines.append(f"the pool of {state.pool} is a Jack: only a single clear player wins it")
        if state.holder:
            lines.append(f"{state.holder} keeps the choice of suit until the Jack is won")
        broke = [p for p in players if columns["stack"][p] < 0]
        if broke:
            lines.append(f"{hs.names(broke)} owe{'s' if len(broke) == 1 else ''} counters: "
                         f"more bought from the banker")
        worth = method.worth(rules)  # the most one player pays in a deal, roughly
        low = [p for p in players if 0 <= columns["stack"][p] < worth]
        if low:  # said before the next deal, while counters can still be bought
            stacks = ", ".join(f"{p} {columns['stack'][p]}" for p in low)
            lines.append(f"stack running low: {stacks}, under one deal's worth ({worth} counters)")
        extra = {"jack": state.jack, "settling": settling, "counters": rules["counters"],
                 **method.extra_json(state)}
        return Standings(
            game=self.name, players=players, scores=dict(state.net), effects=effects,
            unit=self.unit, balances=balances, next_dealer=self.dealer(session, len(session.hands)),
            pool=state.pool, games_won=_target.games_won(state.finished, players) if state.game is not None else None,
            finished_games=state.finished, pool_shares=pool_shares(balances, state.net),
            columns=columns, lines=tuple(lines), extra_json=extra, settle_lines=tuple(settle_lines))

    def balances(self, state: HeartsState, rules: Mapping[str, Any],
                 players: Sequence[str]) -> Tuple[Dict[str, Any], List[str]]:
        """Net counters per player for `settle`, with the pool's counters disposed of so that
        the balances sum to zero exactly (pool_at_end)."""
        pool, banker, how = state.pool, rules["banker"], rules["pool_at_end"]
        balances: Dict[str, Any] = dict(state.net)
        lines: List[str] = []
        if state.owed:
            # odd counters of a division among tied winners (or of forfeits) are theirs: paid
            # out exactly, before what is left of the pool goes by pool_at_end
            total = sum(state.owed.values())
            for p, share in state.owed.items():
                balances[p] = normalise(balances[p] + share)  # (a share is a Fraction)
            pool -= int(total)
            lines.append(f"the {int(total)} odd counter{'s' if total != 1 else ''} of divided "
                         f"winnings go to those who divided them: "
                         + ", ".join(f"{p} {_fraction(share)}" for p, share in state.owed.items()))
        if not pool:
            return balances, lines
        return balances, lines + self._pool_lines(balances, pool, banker, how, players)

    def _pool_lines(self, balances: Dict[str, Any], pool: int, banker: str, how: str,
                    players: Sequence[str]) -> List[str]:
        if how == "exact":
            from fractions import Fraction

            for p in players:
                balances[p] = normalise(Fraction(balances[p]) + Fraction(pool, len(players)))
            return [f"the pool of {pool} is divided exactly: {pool}/{len(players)} each"]
        if how == "carry":
            # The counters stay on the table for the next sitting; the banker, who sold them,
            # keeps their money until then.
            balances[banker] += pool
            return [f"the pool of {pool} is carried to the next sitting: the banker "
                              f"({banker}) keeps its {pool} counters' money until then"]
        share, odd = divmod(pool, len(players))
        for p in players:
            balances[p] += share
        balances[banker] += odd
        line = f"the pool of {pool} is divided: {share} each"
        if odd and not share:
            line = f"the pool of {pool} does not divide among {len(players)}: it stays with the banker ({banker})"
        elif odd:
            line += f"; the odd {odd} stay{'s' if odd == 1 else ''} with the banker ({banker})"
        return [line]


def _fraction(value: Fraction) -> str:
    from fractions import Fraction

    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
