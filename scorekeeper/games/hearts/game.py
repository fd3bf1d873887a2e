"""Hearts: every deal settled in counters at once (Foster's Hoyle, rules/001 and the end of 000).

A player's score is his net counters won or lost; `Standings.pool` is the counters on the
table (the pool, or the Jack). The settling methods themselves are in settling.py;
this module reads the hands, checks them against the laws, and keeps the sitting's books.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ...cards import Suit
from ...fields import BOOLEAN, PLAYER, PLAYERS, SUIT, Field, FieldIndex, coerce_hand, integer
from ...model import ScorekeeperError, Session
from . import settling as hs
from .. import target as _target
from .. import words
from ..base import (Effect, Figure, FinishedGame, Game, Rule, Standings, bool_rule, choice_rule, int_rule, normalise,
                    pool_shares)
from ..seating import SEVEN, without_the_dealer

POOL_METHODS = ("sweepstake", "auction", "joker", "discard", "heartsette")
SETTLINGS = POOL_METHODS[:1] + ("howell", "excess", "difference", "six-free", "spot") + \
    POOL_METHODS[1:] + ("domino",)
SPOTS = 104  # Spot Hearts: "The total to be accounted for in each deal is 104"
BLACK_VALUE = {"jack": 10, "queen": 13}  # Discard Hearts: the Jack worth ten hearts, the Queen thirteen
COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
# Laws 13, 14 (and "Misdealing"): "A misdeal loses the deal": the deal passes to the left and,
# the hand not being played, nobody pays anything.
MISDEAL = Field("misdeal", BOOLEAN, "the dealer misdealt: a misdeal loses the deal (Laws 13, "
                "14), so the deal passes to the left and nothing is paid")


def deuces_out(players: int) -> Tuple[Suit, ...]:
    """CARDS: three play without the spade deuce, five without both black deuces, six without all four."""
    return {3: (Suit.SPADES,), 5: (Suit.SPADES, Suit.CLUBS), 6: tuple(Suit)}.get(players, ())


def in_play(suit: Suit, players: int) -> int:
    return 13 - (suit in deuces_out(players))


def spot_totals(players: int) -> frozenset:
    """Every spot total some set of the hearts in play can make (2 to 10, J 11 ... A 14)."""
    pips = range(3 if Suit.HEARTS in deuces_out(players) else 2, 15)
    sums = {0}
    for pip in pips:
        sums |= {s + pip for s in sums}
    return frozenset(sums)


def spot_deal_possible(totals: Sequence[int], players: int) -> bool:
    """Can the hearts in play be shared out so that each player's pips make his total?

    Each total alone may be possible (A 3, B 3) while the two together are not (there is one
    heart three); the cards are given out highest first, trying each distinct remainder once."""
    pips = tuple(range(14, 2 if Suit.HEARTS in deuces_out(players) else 1, -1))

    @lru_cache(maxsize=None)
    def share(index: int, left: Tuple[int, ...]) -> bool:
        if index == len(pips):
            return not any(left)
        pip, tried = pips[index], set()
        for i, room in enumerate(left):
            if room >= pip and room not in tried:
                tried.add(room)
                rest = tuple(sorted(left[:i] + (room - pip,) + left[i + 1:]))
                if share(index + 1, rest):
                    return True
        return False

    return sum(totals) == sum(pips) and share(0, tuple(sorted(totals)))


def banker_rule() -> Rule:
    return Rule("banker", None, "who sold the counters; keeps the odd counters of the pool at the "
                "end (default: the first player)", lambda raw: None if raw is None else str(raw).strip(),
                "a player's name")


@dataclass(frozen=True)
class HeartsState:
    net: Mapping[str, int]          # counters won (+) or lost (-) by each player so far
    pool: int                       # counters on the table
    jack: bool                      # the pool is a Jack: only a single clear player wins it
    taken: Mapping[str, int]        # hearts (spots, cards of the suit) taken in the sitting
    holder: Optional[str] = None    # Auction: who keeps the choice of suit until the Jack is won
    game: Optional[Mapping[str, int]] = None  # Domino Hearts: hearts scored in the current game
    # Of the pool, the odd counters that tied winners could not divide (Spot, Domino) or that a
    # forfeit left over: theirs, divided exactly among them when the sitting is settled
    owed: Optional[Mapping[str, Fraction]] = None
    finished: Tuple[FinishedGame, ...] = ()   # Domino Hearts: the games finished


def _owe(owed: Optional[Mapping[str, Fraction]], odd: int,
         to: Sequence[str]) -> Optional[Mapping[str, Fraction]]:
    """Add `odd` counters owed to the players `to`, an exact share each."""
    if not odd or not to:
        return owed
    found = dict(owed or {})
    for p in to:
        found[p] = found.get(p, Fraction(0)) + Fraction(odd, len(to))
    return found


class Hearts(Game):
    name = "hearts"
    title = "Hearts (Sweepstake with Jacks, Howell's, and every settlement in the book)"
    description = ("Each hand gives the hearts each player took (A=3 B=5 C=5 D=0; a player left "
                   "out took none). Every deal is settled in counters at once, by the method of "
                   "--rule settling=: sweepstake (pool and Jacks), howell, excess (three-handed), "
                   "difference or six-free (two-handed), spot, auction, joker, discard, heartsette, "
                   "domino (two players: difference unless given). Auction adds the fields "
                   "bidder= bid= suit=, Joker joker= joker_dealt=, Discard black=. Scores are net "
                   "counters won or lost; the pool is shown; each player's stack is his starting "
                   "counters plus his net.")
    min_players = 2
    max_players = 7  # CUTTING: at seven the dealer takes no cards (a six-handed deal)
    unit = "counters"
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
            howell = str(given.get("settling", "")).strip().lower() == "howell"
            counters = 100 if howell else 50
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
        if len(players) == SEVEN and settling == "domino":
            raise ScorekeeperError("rule settling: domino is a game of its own, not played seven "
                                   "with the dealer out; choose another settling")
        need = {"excess": (3, 3, "three-handed"), "difference": (2, 2, "two-handed"),
                "six-free": (2, 2, "two-handed"), "auction": (3, 6, "three to six players")}
        if settling in need:
            low, high, what = need[settling]
            if not low <= n <= high:
                raise ScorekeeperError(f"rule settling: {settling} is {what}, got {n} players",
                                       rule="settling")
        elif settling in POOL_METHODS and n < 3:
            raise ScorekeeperError(f"rule settling: {settling} needs three players or more (no one "
                                   f"could win the pool two-handed); use difference or six-free",
                                   rule="settling")
        self.check_rules_apply(rules, n)

    def check_rules_apply(self, rules: Mapping[str, Any], n: int) -> None:
        """A rule changed from its default that the chosen settling never uses is a mistake
        (`black=jack` without settling=discard would score plain Sweepstake, silently)."""
        settling = rules["settling"]
        applies = {"black": settling == "discard",
                   "domino_game": settling == "domino", "domino_pay": settling == "domino",
                   "jack_after_split": settling in POOL_METHODS,
                   "howell_revoke": settling == "howell",
                   "many_clear": settling in POOL_METHODS and n >= 5}
        where = {"black": "settling=discard", "domino_game": "settling=domino",
                 "domino_pay": "settling=domino", "jack_after_split": "a settling with a pool",
                 "howell_revoke": "settling=howell",
                 "many_clear": "a settling with a pool, at five or six players"}
        defaults = {r.name: r.default for r in self.rules}
        for name, used in applies.items():
            if not used and rules.get(name) != defaults[name]:
                raise ScorekeeperError(f"rule {name}: applies only with {where[name]} "
                                       f"(this sitting: settling={settling}, {n} players)", rule=name)

    # ---------------------------------------------------------------- hands

    def fields(self, session: Session) -> List[Field]:
        settling = session.rules.get("settling", "sweepstake")
        if settling == "spot":
            top, what = SPOTS, "the pips of the hearts {p} took (J 11, Q 12, K 13, A 14)"
        elif settling == "auction":
            top, what = 13, "cards of the avoided suit {p} took"
        else:
            top, what = 13, "hearts {p} took (default 0)"
        fields = [Field(p, integer(0, top), what.format(p=p)) for p in session.players]
        if settling == "auction":
            fields += [Field("bidder", PLAYER, "who bought the choice of suit (or keeps it after a Jack)",
                             required=True),
                       Field("bid", integer(0), "counters he paid into the pool (none while he keeps "
                             "the choice after a Jack)"),
                       Field("suit", SUIT, "the suit to be avoided", required=True)]
        if settling == "joker":
            fields += [Field("joker", PLAYER, "who took in the Joker", required=True),
                       Field("joker_dealt", PLAYER, "who was dealt the Joker", required=True)]
        if settling == "discard":
            fields += [Field("black", PLAYER, f"who took in the spade {session.rules.get('black', 'queen')}",
                             required=True)]
        fields += [Field("revoke", PLAYERS, "who revoked (pays all the losses of the hand)"),
                   Field("forfeit", PLAYERS, "the two found with the wrong number of cards "
                         "(each pays five into the pool)"), MISDEAL]
        return fields

    def parse_fields(self, raw: Mapping[str, Any], session: Session,
                     fields: Optional[FieldIndex] = None) -> Dict[str, Any]:
        """A misdealt hand is not played: it has no other fields (Auction's bidder and suit,
        required in a played hand, are not asked for)."""
        if any(str(k).lower() == "misdeal" for k in raw):
            values = coerce_hand({k: v for k, v in raw.items() if str(k).lower() == "misdeal"},
                                 [MISDEAL], session.players)
            if values.get("misdeal"):
                others = [str(k) for k in raw if str(k).lower() not in ("misdeal", "note", "at")]
                if others:
                    raise ScorekeeperError(f"misdeal: a misdealt hand is not played; give only "
                                           f"misdeal (and a note), not {', '.join(others)}", field="misdeal")
                return coerce_hand(raw, [MISDEAL], session.players)
        return super().parse_fields(raw, session, fields)

    def total(self, session: Session, hand: Mapping[str, Any]) -> Tuple[int, str]:
        """What the counts of one hand must add up to, and what is counted."""
        settling, n = session.rules["settling"], len(session.players)
        if settling == "spot":
            spots = SPOTS - (2 if Suit.HEARTS in deuces_out(n) else 0)
            return spots, "spots"
        if settling == "auction":
            suit = hand["suit"]
            return in_play(suit, n), suit.name.lower()
        if settling == "joker":
            return 12, "hearts"  # the heart deuce is replaced by the Joker
        if settling in ("heartsette", "domino"):
            return 13, "hearts"  # Heartsette and Domino use the full pack (or four without the spade deuce)
        return in_play(Suit.HEARTS, n), "hearts"

    def check_counts(self, session: Session, hand: Mapping[str, Any]) -> Dict[str, int]:
        counts = {p: hand.get(p, 0) for p in session.players}
        total, noun = self.total(session, hand)
        got = sum(counts.values())
        if got != total:
            table = COUNT_WORDS[len(session.players)]
            sums = " + ".join(f"{p} {c}" for p, c in counts.items())
            raise ScorekeeperError(f"{noun} must add up to {total} ({table} players, "
                                   f"{session.rules['settling']}), got {sums} = {got}")
        if session.rules["settling"] == "spot":
            possible = spot_totals(len(session.players))
            for p, c in counts.items():
                if c not in possible:  # e.g. 1: no set of hearts has one pip
                    raise ScorekeeperError(f"{p}: no set of hearts counts {c} spots", field=p)
            if not spot_deal_possible(tuple(counts.values()), len(session.players)):
                sums = ", ".join(f"{p} {c}" for p, c in counts.items())
                raise ScorekeeperError(f"spots: no sharing of the hearts gives {sums} (each heart "
                                       f"is taken once: 2 to 10, J 11, Q 12, K 13, A 14)", field="spots")
        return counts

    def check_forfeit(self, hand: Mapping[str, Any]) -> Tuple[str, ...]:
        forfeits = hand.get("forfeit", ())
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
        settling = rules.get("settling", "sweepstake")
        opening = ""
        if settling == "spot":
            taken = f"the pips of the hearts taken: {words.each(values, session.players, default=0)}"
        elif settling == "auction":
            avoided = words.suit(values["suit"])
            bought = (f"bought the choice for {values['bid']}" if "bid" in values
                      else "kept the choice")
            opening = f"{values['bidder']} {bought} and named {avoided} to avoid"
            taken = words.each(values, session.players, "took", avoided, default=0)
        else:
            taken = words.each(values, session.players, "took", "hearts", default=0)
        return words.sentence(
            opening, taken,
            f"{values['joker_dealt']} was dealt the Joker, {values['joker']} took it in"
            if "joker" in values else "",
            f"{values['black']} took the spade {rules.get('black', 'queen')}" if "black" in values else "",
            f"{words.names(values['revoke'])} revoked" if "revoke" in values else "",
            f"{words.names(values['forfeit'])} held the wrong number of cards" if "forfeit" in values else "")

    def start(self, session: Session) -> HeartsState:
        zero = {p: 0 for p in session.players}
        domino = session.rules["settling"] == "domino"
        return HeartsState(zero, 0, False, zero, None, zero if domino else None)

    def apply(self, state: HeartsState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[HeartsState, Effect]:
        if len(session.players) == SEVEN and not hand.get("misdeal"):  # the dealer sits out; six play
            dealer = self.dealer(session, index)
            # Auction Hearts: the holder of the choice "must select some suit without paying
            # anything further for it" on every deal until the pool is won, his own deal at
            # seven included: he names the suit while he sits the deal out.
            holds = session.rules["settling"] == "auction" and state.holder == dealer
            return without_the_dealer(self.apply_deal, state, hand, session, index, dealer,
                                      may_name=("bidder",) if holds else ())
        return self.apply_deal(state, hand, session, index)

    def apply_deal(self, state: HeartsState, hand: Dict[str, Any], session: Session,
                   index: int) -> Tuple[HeartsState, Effect]:
        settling = session.rules["settling"]
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
        if settling in POOL_METHODS:
            state, changes, summary = self.pool_deal(state, hand, counts, revokers, forfeits, session)
        elif settling == "domino":
            state, changes, summary = self.domino_deal(state, counts, revokers, forfeits, session, index)
        else:
            state, changes, summary = self.transfer_deal(state, counts, revokers, forfeits, session)
        state = replace(state, taken=taken)
        notes = []
        if forfeits:
            if set(forfeits) == set(session.players):
                # two-handed, both are at fault (Law 15 names two): each pays the other five
                where = "to the other: nothing changes hands"
            elif settling in POOL_METHODS:
                where = "into the pool"
            else:
                where = "paid out at once to the others"
            notes.append(f"{hs.names(forfeits)} forfeit {hs.FORFEIT} each {where}")
        if revokers:
            notes.append(f"{hs.names(revokers)} revoked: pay{'s' if len(revokers) == 1 else ''} "
                         f"all the losses")
        if state.pool and settling not in POOL_METHODS:  # (the pool methods' summary says it)
            notes.append(f"pool {state.pool}" + (" (a Jack)" if state.jack else ""))
        return state, Effect(summary, changes, dict(state.net), dealer, tuple(notes))

    def pool_deal(self, state: HeartsState, hand: Mapping[str, Any], counts: Mapping[str, int],
                  revokers: Sequence[str], forfeits: Sequence[str], session: Session):
        rules, settling = session.rules, session.rules["settling"]
        dues = dict(counts)
        spoiled = [p for p in session.players if counts[p]]
        side = bid = None
        noun = "hearts"
        odd_starts_jack = rules["jack_after_split"]
        holder = state.holder
        if settling == "discard":
            black = hand["black"]
            dues[black] += BLACK_VALUE[rules["black"]]
            spoiled = [p for p in session.players if counts[p] or p == black]
        elif settling == "joker":
            taker, dealt = hand["joker"], hand["joker_dealt"]
            if taker == dealt:
                dues[taker] += hs.JOKER_VALUE   # "he pays these five counters to the pool"
            else:
                side = (taker, dealt, hs.JOKER_VALUE)  # "to the player who got rid of it"
            # Choice (book silent): taking in the Joker spoils a clear hand like a heart.
            spoiled = [p for p in session.players if counts[p] or p == taker]
        elif settling == "auction":
            bid, holder, noun = self.auction_bid(state, hand)
            # Auction: two clear divide, "leaving any odd counter to form the basis of a Jack"
            odd_starts_jack = True
        result = hs.settle_pool(session.players, state.pool, state.jack, dues, spoiled, revokers,
                                forfeits, odd_starts_jack=odd_starts_jack,
                                many_clear=rules["many_clear"], side=side, bid=bid, noun=noun)
        if settling == "auction":
            if result.took_all and holder is None:
                holder = hand["bidder"]  # he names the suit again, without paying, until the pool is won
            if result.won or result.pool == 0:
                holder = None
        net = {p: state.net[p] + result.changes[p] for p in session.players}
        new = HeartsState(net, result.pool, result.jack, state.taken, holder)
        summary = result.summary
        if side is not None:  # the Joker's five change hands beside the pool: say so
            summary += f"; {side[0]} pays {side[1]} {side[2]} for the Joker"
        elif settling == "joker":
            summary += f"; {hand['joker']} pays {hs.JOKER_VALUE} into the pool for the Joker he was dealt"
        return new, result.changes, summary

    def auction_bid(self, state: HeartsState, hand: Mapping[str, Any]):
        bidder, suit = hand["bidder"], hand["suit"]
        amount = hand.get("bid")
        if state.holder is not None:
            if bidder != state.holder:
                raise ScorekeeperError(f"bidder: {state.holder} keeps the choice of suit until the "
                                       f"Jack is won, got {bidder}", field="bidder")
            if amount:
                raise ScorekeeperError(f"bid: {bidder} names the suit without paying again until the "
                                       f"Jack is won; leave bid out (or 0), got {amount}", field="bid")
            return (bidder, 0), state.holder, suit.name.lower()
        if amount is None:
            raise ScorekeeperError("bid is missing: the counters the bidder paid into the pool")
        return (bidder, amount), None, suit.name.lower()

    def transfer_deal(self, state: HeartsState, counts: Mapping[str, int], revokers: Sequence[str],
                      forfeits: Sequence[str], session: Session):
        settling = session.rules["settling"]
        to_pool = 0
        if settling == "howell":
            changes = hs.howell(counts, in_play(Suit.HEARTS, len(session.players)))
            if revokers and session.rules.get("howell_revoke") == "thirteen":
                changes = hs.howell_revoke_thirteen(counts, in_play(Suit.HEARTS, len(counts)),
                                                    revokers)
                revokers = ()
        elif settling == "excess":
            changes = hs.excess(counts)
        elif settling == "difference":
            changes = hs.difference(counts)
        elif settling == "six-free":
            changes = hs.six_free(counts)
        else:  # spot
            changes, to_pool = hs.lowest_collects(counts)
        owed = state.owed
        tied: Sequence[str] = ()
        if settling == "spot" and to_pool and not revokers:
            # "they divide the amount collected": the odd counters are the tied winners' too
            low = min(counts.values())
            tied = [p for p in counts if counts[p] == low]
            owed = _owe(owed, to_pool, tied)
        changes, to_pool = hs.with_revokes(changes, to_pool, revokers)
        left = hs.forfeits_paid_out(changes, forfeits)
        owed = _owe(owed, left, [p for p in session.players if p not in forfeits])
        to_pool += left
        net = {p: state.net[p] + changes[p] for p in session.players}
        summary = ", ".join(f"{p} {c:+d}" for p, c in changes.items() if c) or "nobody pays"
        if tied:
            odd = to_pool - left
            summary += (f"; {odd} odd counter{'s' if odd > 1 else ''} owed to {hs.names(tied)} "
                        f"(divided exactly at the settlement)")
        elif settling == "spot" and to_pool and not forfeits:
            summary += f"; {to_pool} odd counter{'s' if to_pool > 1 else ''} to the pool"
        new = HeartsState(net, state.pool + to_pool, False, state.taken, owed=owed)
        return new, changes, summary

    def domino_deal(self, state: HeartsState, counts: Mapping[str, int], revokers: Sequence[str],
                    forfeits: Sequence[str], session: Session, index: int):
        rules = session.rules
        if revokers:  # the revoker takes the losses: all the deal's hearts are scored to him
            counts = {p: (13 if p in revokers else 0) for p in session.players}
        assert state.game is not None  # Domino keeps a game
        game = {p: state.game[p] + counts[p] for p in session.players}
        changes = {p: 0 for p in session.players}
        to_pool = hs.forfeits_paid_out(changes, forfeits)
        owed = _owe(state.owed, to_pool, [p for p in session.players if p not in forfeits])
        finished = state.finished
        summary = "game: " + ", ".join(f"{p} {game[p]}" for p in session.players)
        # DOMINO HEARTS: "the winner is the player who has the least hearts scored when some
        # other player reaches thirty-one"
        winners = list(_target.winners(game, rules["domino_game"], low_wins=True))
        if winners:
            if rules["domino_pay"] == "difference":
                paid, odd = hs.lowest_collects(game)
            else:
                paid = {p: -1 for p in game if p not in winners}
                share, odd = divmod(len(paid), len(winners))
                paid.update({p: share for p in winners})
            finished = _target.game_over(finished, index, game, winners, low_wins=True)
            for p, c in paid.items():
                changes[p] += c
            to_pool += odd
            owed = _owe(owed, odd, winners)   # tied winners divide: the odd counters are theirs
            summary += f"; {hs.names(winners)} win{'s' if len(winners) == 1 else ''} the game: " + \
                ", ".join(f"{p} {c:+d}" for p, c in paid.items() if c)
            game = {p: 0 for p in session.players}
        net = {p: state.net[p] + changes[p] for p in session.players}
        new = HeartsState(net, state.pool + to_pool, False, state.taken, None, game, owed, finished)
        return new, changes, summary

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

    def deal_worth(self, session: Session) -> int:
        """The most one player can pay in one deal, roughly: a counter for every heart (a
        spot for every pip at Spot Hearts), the Joker or the black card counted in."""
        settling = session.rules["settling"]
        if settling == "spot":
            return SPOTS
        extra = {"joker": 5, "discard": BLACK_VALUE.get(session.rules.get("black", "queen"), 13)}
        return 13 + extra.get(settling, 0)

    def finish(self, state: HeartsState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        rules, players = session.rules, session.players
        settling = rules["settling"]
        balances, settle_lines = self.balances(state, rules, players)
        taken_name = {"spot": "spots", "auction": "cards"}.get(settling, "hearts")
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
        worth = self.deal_worth(session)
        low = [p for p in players if 0 <= columns["stack"][p] < worth]
        if low:  # said before the next deal, while counters can still be bought
            stacks = ", ".join(f"{p} {columns['stack'][p]}" for p in low)
            lines.append(f"stack running low: {stacks}, under one deal's worth ({worth} counters)")
        extra = {"jack": state.jack, "settling": settling, "counters": rules["counters"]}
        if settling == "auction":
            extra["choice_holder"] = state.holder
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
                balances[p] = normalise(Fraction(balances[p]) + share)
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
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
