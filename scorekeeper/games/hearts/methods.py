"""The methods of settling a deal of Hearts (rules/001, SETTLING and VARIETIES OF HEARTS), one
class each, looked up by name (`METHODS`, the registry `--rule settling=` names).

A method says who may play it, which house rules it reads, what a hand gives (the counts and
its own fields) and what they must add up to, how one deal is paid (into a pool, from player
to player, or towards a game), and what the standings add. The arithmetic of each payment is
in settling.py; the replay that folds the deals is in game.py.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple

from ...fields import PLAYER, SUIT, Field, integer
from ...model import Record, ScorekeeperError, Session
from . import settling as hs
from .. import target as _target
from .. import words
from ..base import FinishedGame

if TYPE_CHECKING:  # the cards module only where a deuce is out or a suit is named: not at four
    from fractions import Fraction

    from ...cards import Suit

SPOTS = 104  # Spot Hearts: "The total to be accounted for in each deal is 104"
BLACK_VALUE = {"jack": 10, "queen": 13}  # Discard Hearts: the Jack worth ten hearts, the Queen thirteen


# ---------------------------------------------------------------- the pack


def deuces_out(players: int) -> Tuple[Suit, ...]:
    """CARDS: three play without the spade deuce, five without both black deuces, six without all four."""
    if players not in (3, 5, 6):
        return ()
    from ...cards import Suit

    return {3: (Suit.SPADES,), 5: (Suit.SPADES, Suit.CLUBS), 6: tuple(Suit)}[players]


def in_play(suit: Suit, players: int) -> int:
    return 13 - (suit in deuces_out(players))


def heart_pips(players: int) -> range:
    """The pips of the hearts in play (2 to 10, J 11 ... A 14; six play without the deuce)."""
    return range(3 if any(suit.value == "H" for suit in deuces_out(players)) else 2, 15)


def spot_totals(players: int) -> FrozenSet[int]:
    """Every spot total some set of the hearts in play can make (2 to 10, J 11 ... A 14)."""
    sums = {0}
    for pip in heart_pips(players):
        sums |= {s + pip for s in sums}
    return frozenset(sums)


def spot_deal_possible(totals: Sequence[int], players: int) -> bool:
    """Can the hearts in play be shared out so that each player's pips make his total?

    Each total alone may be possible (A 3, B 3) while the two together are not (there is one
    heart three); the cards are given out highest first, trying each distinct remainder once."""
    pips = tuple(reversed(heart_pips(players)))

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


# ---------------------------------------------------------------- the books of a sitting


class HeartsState(Record):
    """Counters won or lost (`net`), on the table (a `jack`: a single clear player wins it), hearts `taken`;
    Auction: who keeps the suit's choice till the Jack is won; Domino: the `game`'s hearts, games `finished`.
    `owed`: the pool's odd counters tied winners or a forfeit left: theirs, divided exactly when settled."""

    __slots__ = ("net", "pool", "jack", "taken", "holder", "game", "owed", "finished")
    def __init__(self, net: Mapping[str, int], pool: int, jack: bool, taken: Mapping[str, int],
                 holder: Optional[str] = None, game: Optional[Mapping[str, int]] = None,
                 owed: Optional[Mapping[str, Fraction]] = None, finished: Sequence[FinishedGame] = ()) -> None:
        self.net, self.pool, self.jack, self.taken, self.holder, self.game = net, pool, jack, taken, holder, game
        self.owed, self.finished = owed, finished


def owe(owed: Optional[Mapping[str, Fraction]], odd: int,
        to: Sequence[str]) -> Optional[Mapping[str, Fraction]]:
    """Add `odd` counters owed to the players `to`, an exact share each."""
    if not odd or not to:
        return owed
    from fractions import Fraction  # (here: most hands divide evenly, and the import costs ~1%)

    found = dict(owed or {})
    for p in to:
        found[p] = found.get(p, Fraction(0)) + Fraction(odd, len(to))
    return found


Deal = Tuple[HeartsState, Dict[str, int], str]  # the books after a deal, its changes, its summary


# ---------------------------------------------------------------- the methods


class Method:
    """One way of settling a deal. Subclasses set the class attributes and `deal`."""

    name = ""
    pool = False          # paid into a pool on the table, won by a clear player (or a Jack)
    seats: Optional[Tuple[int, int, str]] = None  # (fewest, most, as the book says it); None: any
    at_seven = True       # played seven with the dealer sitting out (CUTTING)
    counters = 50         # COUNTERS: "It is usual for each player to begin with fifty counters"
    rules: Tuple[str, ...] = ()  # the house rules only this method (or its kind) reads
    taken = "hearts"      # what a hand counts for each player, the standings' column

    def uses(self, rule: str, players: int) -> bool:
        return rule in self.rules

    def count_field(self, player: str) -> Field:
        return Field(player, integer(0, 13), f"hearts {player} took (default 0)")

    def fields(self, session: Session) -> List[Field]:
        """The method's own fields, besides each player's count (revoke, forfeit, misdeal are
        every method's)."""
        return []

    def total(self, players: int, hand: Mapping[str, Any]) -> Tuple[int, str]:
        """What the counts of one hand must add up to, and what is counted."""
        return len(heart_pips(players)), "hearts"

    def check_counts(self, counts: Mapping[str, int], players: int) -> None:
        """A method's own check of the counts, beyond their total."""

    def taken_words(self, values: Mapping[str, Any], session: Session) -> Tuple[str, str]:
        """The hand in words: (how the deal opened, what each took)."""
        return "", words.each(values, session.players, "took", "hearts", default=0)

    def start_game(self, players: Sequence[str]) -> Optional[Mapping[str, int]]:
        """The scores of a game played over several deals (Domino); None: every deal alone."""
        return None

    def holds_choice(self, state: HeartsState, dealer: str) -> bool:
        """Whether the dealer sitting out at seven still names something (Auction's holder)."""
        return False

    def deal(self, state: HeartsState, hand: Mapping[str, Any], counts: Mapping[str, int],
             revokers: Sequence[str], forfeits: Sequence[str], session: Session, index: int) -> Deal:
        raise NotImplementedError

    def forfeits_go(self) -> str:
        return "paid out at once to the others"

    def worth(self, rules: Mapping[str, Any]) -> int:
        """The most one player can pay in one deal, roughly: a counter for every heart."""
        return 13

    def extra_json(self, state: HeartsState) -> Dict[str, Any]:
        return {}


# ---------------------------------------------------------------- paid into a pool


class Sweepstake(Method):
    """SWEEPSTAKE HEARTS: a counter a heart into the pool; the clear player takes it, two
    divide, none (or one taking all thirteen) makes a Jack."""

    name = "sweepstake"
    pool = True
    rules: Tuple[str, ...] = ("jack_after_split", "many_clear")

    def uses(self, rule: str, players: int) -> bool:
        if rule == "many_clear":
            return players >= 5  # three or more clear players need five at the table
        return rule in self.rules

    def forfeits_go(self) -> str:
        return "into the pool"

    def deal(self, state: HeartsState, hand: Mapping[str, Any], counts: Mapping[str, int],
             revokers: Sequence[str], forfeits: Sequence[str], session: Session, index: int) -> Deal:
        dues, spoiled, side = self.dues(hand, counts, session)
        bid, holder, noun, odd_starts_jack = self.bidding(state, hand, session)
        result = hs.settle_pool(session.players, state.pool, state.jack, dues, spoiled, revokers,
                                forfeits, odd_starts_jack=odd_starts_jack,
                                many_clear=session.rules["many_clear"], side=side, bid=bid, noun=noun)
        net = {p: state.net[p] + result.changes[p] for p in session.players}
        new = HeartsState(net, result.pool, result.jack, state.taken,
                          self.next_holder(holder, result, hand))
        return new, result.changes, result.summary + self.more_said(hand, side)

    def dues(self, hand: Mapping[str, Any], counts: Mapping[str, int],
             session: Session) -> Tuple[Dict[str, int], List[str], Optional[Tuple[str, str, int]]]:
        """What each pays into the pool, who is not clear, and a payment beside the pool."""
        return dict(counts), [p for p in session.players if counts[p]], None

    def bidding(self, state: HeartsState, hand: Mapping[str, Any],
                session: Session) -> Tuple[Optional[Tuple[str, int]], Optional[str], str, bool]:
        """(the bid paid into the pool, who holds the choice, what is counted, whether the odd
        counter of a divided pool starts a Jack)."""
        return None, state.holder, "hearts", session.rules["jack_after_split"]

    def next_holder(self, holder: Optional[str], result: hs.PoolResult,
                    hand: Mapping[str, Any]) -> Optional[str]:
        return holder

    def more_said(self, hand: Mapping[str, Any], side: Optional[Tuple[str, str, int]]) -> str:
        return ""


class Heartsette(Sweepstake):
    """HEARTSETTE: Sweepstake with a widow, so the full pack is used."""

    name = "heartsette"

    def total(self, players: int, hand: Mapping[str, Any]) -> Tuple[int, str]:
        return 13, "hearts"  # the full pack (or four without the spade deuce)


class Joker(Sweepstake):
    """JOKER HEARTS: the Joker for the heart deuce, worth five counters."""

    name = "joker"

    def fields(self, session: Session) -> List[Field]:
        return [Field("joker", PLAYER, "who took in the Joker", required=True),
                Field("joker_dealt", PLAYER, "who was dealt the Joker", required=True)]

    def total(self, players: int, hand: Mapping[str, Any]) -> Tuple[int, str]:
        return 12, "hearts"  # the heart deuce is replaced by the Joker

    def dues(self, hand: Mapping[str, Any], counts: Mapping[str, int],
             session: Session) -> Tuple[Dict[str, int], List[str], Optional[Tuple[str, str, int]]]:
        dues, side = dict(counts), None
        taker, dealt = hand["joker"], hand["joker_dealt"]
        if taker == dealt:
            dues[taker] += hs.JOKER_VALUE   # "he pays these five counters to the pool"
        else:
            side = (taker, dealt, hs.JOKER_VALUE)  # "to the player who got rid of it"
        # Choice (book silent): taking in the Joker spoils a clear hand like a heart.
        return dues, [p for p in session.players if counts[p] or p == taker], side

    def more_said(self, hand: Mapping[str, Any], side: Optional[Tuple[str, str, int]]) -> str:
        if side is not None:  # the Joker's five change hands beside the pool: say so
            return f"; {side[0]} pays {side[1]} {side[2]} for the Joker"
        return f"; {hand['joker']} pays {hs.JOKER_VALUE} into the pool for the Joker he was dealt"

    def worth(self, rules: Mapping[str, Any]) -> int:
        return 13 + hs.JOKER_VALUE


class Discard(Sweepstake):
    """DISCARD HEARTS (Black Jack, Black Lady): the spade Jack worth ten hearts, or the Queen
    thirteen."""

    name = "discard"
    rules = Sweepstake.rules + ("black",)

    def fields(self, session: Session) -> List[Field]:
        return [Field("black", PLAYER, f"who took in the spade {session.rules.get('black', 'queen')}",
                      required=True)]

    def dues(self, hand: Mapping[str, Any], counts: Mapping[str, int],
             session: Session) -> Tuple[Dict[str, int], List[str], Optional[Tuple[str, str, int]]]:
        dues, black = dict(counts), hand["black"]
        dues[black] += BLACK_VALUE[session.rules["black"]]
        return dues, [p for p in session.players if counts[p] or p == black], None

    def worth(self, rules: Mapping[str, Any]) -> int:
        return 13 + BLACK_VALUE.get(rules.get("black", "queen"), 13)


class Auction(Sweepstake):
    """AUCTION HEARTS: the choice of the suit to avoid is bought into the pool; after a Jack
    its holder names it again, without paying, until the pool is won."""

    name = "auction"
    seats = (3, 6, "three to six players")
    taken = "cards"

    def count_field(self, player: str) -> Field:
        return Field(player, integer(0, 13), f"cards of the avoided suit {player} took")

    def fields(self, session: Session) -> List[Field]:
        return [Field("bidder", PLAYER, "who bought the choice of suit (or keeps it after a Jack)",
                      required=True),
                Field("bid", integer(0), "counters he paid into the pool (none while he keeps "
                      "the choice after a Jack)"),
                Field("suit", SUIT, "the suit to be avoided", required=True)]

    def total(self, players: int, hand: Mapping[str, Any]) -> Tuple[int, str]:
        suit = hand["suit"]
        return in_play(suit, players), suit.name.lower()

    def taken_words(self, values: Mapping[str, Any], session: Session) -> Tuple[str, str]:
        avoided = words.suit(values["suit"])
        bought = f"bought the choice for {values['bid']}" if "bid" in values else "kept the choice"
        return (f"{values['bidder']} {bought} and named {avoided} to avoid",
                words.each(values, session.players, "took", avoided, default=0))

    def holds_choice(self, state: HeartsState, dealer: str) -> bool:
        # Auction Hearts: the holder of the choice "must select some suit without paying
        # anything further for it" on every deal until the pool is won, his own deal at
        # seven included: he names the suit while he sits the deal out.
        return state.holder == dealer

    def bidding(self, state: HeartsState, hand: Mapping[str, Any],
                session: Session) -> Tuple[Optional[Tuple[str, int]], Optional[str], str, bool]:
        bidder, suit = hand["bidder"], hand["suit"]
        amount = hand.get("bid")
        # Auction: two clear divide, "leaving any odd counter to form the basis of a Jack"
        if state.holder is not None:
            if bidder != state.holder:
                raise ScorekeeperError(f"bidder: {state.holder} keeps the choice of suit until the "
                                       f"Jack is won, got {bidder}", field="bidder")
            if amount:
                raise ScorekeeperError(f"bid: {bidder} names the suit without paying again until the "
                                       f"Jack is won; leave bid out (or 0), got {amount}", field="bid")
            return (bidder, 0), state.holder, suit.name.lower(), True
        if amount is None:
            raise ScorekeeperError("bid is missing: the counters the bidder paid into the pool", field="bid")
        return (bidder, amount), None, suit.name.lower(), True

    def next_holder(self, holder: Optional[str], result: hs.PoolResult,
                    hand: Mapping[str, Any]) -> Optional[str]:
        if result.took_all and holder is None:
            holder = hand["bidder"]  # he names the suit again, without paying, until the pool is won
        if result.won or result.pool == 0:
            holder = None
        return holder

    def extra_json(self, state: HeartsState) -> Dict[str, Any]:
        return {"choice_holder": state.holder}


# ---------------------------------------------------------------- paid from player to player


class Transfer(Method):
    """A method that pays each deal out between the players at once (no pool to win)."""

    def pay(self, counts: Mapping[str, int]) -> Dict[str, int]:
        """Each player's change for the counts of one deal (settling.py)."""
        raise NotImplementedError

    def payments(self, counts: Mapping[str, int], revokers: Sequence[str],
                 session: Session) -> Tuple[Dict[str, int], int, Sequence[str]]:
        """(each player's change, the odd counters left for the pool, the revokers whose
        revoke is still to be paid)."""
        return self.pay(counts), 0, revokers

    def deal(self, state: HeartsState, hand: Mapping[str, Any], counts: Mapping[str, int],
             revokers: Sequence[str], forfeits: Sequence[str], session: Session, index: int) -> Deal:
        changes, to_pool, revokers = self.payments(counts, revokers, session)
        owed, tied = self.odd_owed(state.owed, counts, to_pool, revokers)
        changes, to_pool = hs.with_revokes(changes, to_pool, revokers)
        left = hs.forfeits_paid_out(changes, forfeits)
        owed = owe(owed, left, [p for p in session.players if p not in forfeits])
        to_pool += left
        net = {p: state.net[p] + changes[p] for p in session.players}
        summary = ", ".join(f"{p} {c:+d}" for p, c in changes.items() if c) or "nobody pays"
        if tied:
            odd = to_pool - left
            summary += (f"; {odd} odd counter{'s' if odd > 1 else ''} owed to {hs.names(tied)} "
                        f"(divided exactly at the settlement)")
        elif to_pool and not forfeits:
            summary += f"; {to_pool} odd counter{'s' if to_pool > 1 else ''} to the pool"
        new = HeartsState(net, state.pool + to_pool, False, state.taken, owed=owed)
        return new, changes, summary

    def odd_owed(self, owed: Optional[Mapping[str, Fraction]], counts: Mapping[str, int], to_pool: int,
                 revokers: Sequence[str]) -> Tuple[Optional[Mapping[str, Fraction]], Sequence[str]]:
        """Odd counters of a division that are someone's (Spot's tied winners), and who."""
        return owed, ()


class Howell(Transfer):
    """HOWELL'S SETTLING: each pays in, for every heart he holds, as many counters as there are
    players besides himself, and takes out one for every heart he did not hold."""

    name = "howell"
    counters = 100  # "Each player begins with an equal number of counters, usually 100"
    rules = ("howell_revoke",)

    def payments(self, counts: Mapping[str, int], revokers: Sequence[str],
                 session: Session) -> Tuple[Dict[str, int], int, Sequence[str]]:
        hearts = len(heart_pips(len(session.players)))
        if revokers and session.rules.get("howell_revoke") == "thirteen":
            return hs.howell_revoke_thirteen(counts, len(heart_pips(len(counts))), revokers), 0, ()
        return hs.howell(counts, hearts), 0, revokers


class Excess(Transfer):
    """THREE-HANDED HEARTS: the player with the most pays each other the hearts he has in
    excess of theirs."""

    name = "excess"
    seats = (3, 3, "three-handed")

    def pay(self, counts: Mapping[str, int]) -> Dict[str, int]:
        return hs.excess(counts)


class Difference(Transfer):
    """TWO-HANDED HEARTS: the greater number pays the lesser the difference."""

    name = "difference"
    seats = (2, 2, "two-handed")

    def pay(self, counts: Mapping[str, int]) -> Dict[str, int]:
        return hs.difference(counts)


class SixFree(Transfer):
    """TWO-HANDED HEARTS: the first six hearts taken by the loser count nothing."""

    name = "six-free"
    seats = (2, 2, "two-handed")

    def pay(self, counts: Mapping[str, int]) -> Dict[str, int]:
        return hs.six_free(counts)


class Spot(Transfer):
    """SPOT HEARTS: the pips of the hearts are the units; the smallest number collects from
    each of the others what they have in excess of his."""

    name = "spot"
    taken = "spots"

    def count_field(self, player: str) -> Field:
        return Field(player, integer(0, SPOTS), f"the pips of the hearts {player} took (J 11, Q 12, K 13, A 14)")

    def total(self, players: int, hand: Mapping[str, Any]) -> Tuple[int, str]:
        return sum(heart_pips(players)), "spots"

    def check_counts(self, counts: Mapping[str, int], players: int) -> None:
        possible = spot_totals(players)
        for p, c in counts.items():
            if c not in possible:  # e.g. 1: no set of hearts has one pip
                raise ScorekeeperError(f"{p}: no set of hearts counts {c} spots", field=p)
        if not spot_deal_possible(tuple(counts.values()), players):
            sums = ", ".join(f"{p} {c}" for p, c in counts.items())
            raise ScorekeeperError(f"spots: no sharing of the hearts gives {sums} (each heart "
                                   f"is taken once: 2 to 10, J 11, Q 12, K 13, A 14)", field="spots")

    def taken_words(self, values: Mapping[str, Any], session: Session) -> Tuple[str, str]:
        return "", f"the pips of the hearts taken: {words.each(values, session.players, default=0)}"

    def payments(self, counts: Mapping[str, int], revokers: Sequence[str],
                 session: Session) -> Tuple[Dict[str, int], int, Sequence[str]]:
        changes, to_pool = hs.lowest_collects(counts)
        return changes, to_pool, revokers

    def odd_owed(self, owed: Optional[Mapping[str, Fraction]], counts: Mapping[str, int], to_pool: int,
                 revokers: Sequence[str]) -> Tuple[Optional[Mapping[str, Fraction]], Sequence[str]]:
        if not to_pool or revokers:
            return owed, ()
        # "they divide the amount collected": the odd counters are the tied winners' too
        low = min(counts.values())
        tied = [p for p in counts if counts[p] == low]
        return owe(owed, to_pool, tied), tied

    def worth(self, rules: Mapping[str, Any]) -> int:
        return SPOTS


# ---------------------------------------------------------------- a game over several deals


class Domino(Method):
    """DOMINO HEARTS: "Thirty-one points is game, and the winner is the player who has the
    least hearts scored when some other player reaches thirty-one"."""

    name = "domino"
    at_seven = False
    rules = ("domino_game", "domino_pay")

    def total(self, players: int, hand: Mapping[str, Any]) -> Tuple[int, str]:
        return 13, "hearts"  # the full pack (or four without the spade deuce)

    def start_game(self, players: Sequence[str]) -> Optional[Mapping[str, int]]:
        return {p: 0 for p in players}

    def deal(self, state: HeartsState, hand: Mapping[str, Any], counts: Mapping[str, int],
             revokers: Sequence[str], forfeits: Sequence[str], session: Session, index: int) -> Deal:
        rules, players = session.rules, session.players
        if revokers:  # the revoker takes the losses: all the deal's hearts are scored to him
            counts = {p: (13 if p in revokers else 0) for p in players}
        assert state.game is not None  # Domino keeps a game
        game = {p: state.game[p] + counts[p] for p in players}
        changes = {p: 0 for p in players}
        to_pool = hs.forfeits_paid_out(changes, forfeits)
        owed = owe(state.owed, to_pool, [p for p in players if p not in forfeits])
        finished = state.finished
        summary = "game: " + ", ".join(f"{p} {game[p]}" for p in players)
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
            owed = owe(owed, odd, winners)   # tied winners divide: the odd counters are theirs
            summary += f"; {hs.names(winners)} win{'s' if len(winners) == 1 else ''} the game: " + \
                ", ".join(f"{p} {c:+d}" for p, c in paid.items() if c)
            game = {p: 0 for p in players}
        net = {p: state.net[p] + changes[p] for p in players}
        new = HeartsState(net, state.pool + to_pool, False, state.taken, None, game, owed, finished)
        return new, changes, summary


# The registry, in the order `scorekeeper games hearts` lists them: Sweepstake first (the
# default), the transfers, Spot, the pool methods, Domino.
METHODS: Dict[str, Method] = {m.name: m for m in (
    Sweepstake(), Howell(), Excess(), Difference(), SixFree(), Spot(), Auction(), Joker(), Discard(),
    Heartsette(), Domino())}
