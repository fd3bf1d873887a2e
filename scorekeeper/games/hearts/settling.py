"""How one deal of Hearts is settled in counters, by each method in the book.

Pure functions: counts in, counter movements out. Two families:

- pool methods (Sweepstake and its relatives: Auction, Joker, Discard, Heartsette): the
  counters go into a pool that one clear player wins, two divide, or that stays as a Jack;
- transfer methods (Howell's, the three-handed excess, the two-handed difference and
  six-free, Spot): counters pass between the players; nothing stays on the table except
  forfeits and odd counters.

Every function keeps the books straight: the players' changes plus the change of the pool
sum to zero (the hypothesis test in tests/games/test_hearts_props.py checks it).
"""

from __future__ import annotations

from typing import Dict, Mapping, Optional, Sequence, Tuple

FORFEIT = 5  # Laws of Hearts, 15: each of the two with wrong hands pays five counters into the pool
JOKER_VALUE = 5  # Joker Hearts: "In settling, the Joker is worth five counters"


class PoolResult:
    """A deal's pool settled (a plain class: only read by name, and cheaper to import)."""

    __slots__ = ("changes", "pool", "jack", "summary", "won", "took_all", "notes")

    def __init__(self, changes: Dict[str, int], pool: int, jack: bool, summary: str,
                 won: bool = False, took_all: bool = False, notes: Tuple[str, ...] = ()) -> None:
        self.changes, self.pool, self.jack, self.summary = changes, pool, jack, summary
        self.won = won             # the pool was won by a single clear player
        self.took_all = took_all   # one player took every card that counts (Auction: the choice stays)
        self.notes = notes


def names(players: Sequence[str]) -> str:
    players = list(players)
    if len(players) <= 1:
        return "".join(players)
    return ", ".join(players[:-1]) + " and " + players[-1]


def settle_pool(players: Sequence[str], pool: int, jack: bool, dues: Mapping[str, int],
                spoiled: Sequence[str], revokers: Sequence[str] = (), forfeits: Sequence[str] = (),
                *, odd_starts_jack: bool = False, many_clear: str = "jack",
                side: Optional[Tuple[str, str, int]] = None,
                bid: Optional[Tuple[str, int]] = None, noun: str = "hearts") -> PoolResult:
    """One deal at Sweepstake (and the games settled like it).

    dues: what each player owes the pool for the cards he took (hearts, the Black Lady, the
    Joker when its own holder took it in); spoiled: who took any card that counts, so is
    not clear; side: a payment from one player to another (the Joker); bid: the Auction
    bidder's payment for the choice of suit.
    """
    changes = {p: 0 for p in players}

    def pay(payer: str, amount: int) -> None:
        nonlocal pool
        changes[payer] -= amount
        pool += amount

    def transfer(payer: str, payee: str, amount: int) -> None:
        changes[payer] -= amount
        changes[payee] += amount

    for p in forfeits:  # Law 15
        pay(p, FORFEIT)
    if bid is not None and bid[1]:
        pay(bid[0], bid[1])
    losses = sum(dues.values())
    if revokers:
        # Law 23: the revoker pays all the losses of the hand; the others pay nothing.
        # Law 24: two revokers each pay the entire losses as if alone in error.
        for r in revokers:
            pay(r, losses)
            if side is not None:
                transfer(r, side[1], side[2])
            if bid is not None and bid[1]:
                transfer(r, bid[0], bid[1])  # Law 24: in Auction he refunds the bidder too
    else:
        for p in players:
            if dues[p]:
                pay(p, dues[p])
        if side is not None:
            transfer(*side)

    clear = [p for p in players if p not in spoiled]
    n, k = len(players), len(clear)

    def stays(why: str) -> PoolResult:
        return PoolResult(changes, pool, pool > 0, f"{why}: the pool of {pool} is a Jack",
                          took_all=(k == n - 1))

    if k == 0:
        return stays("nobody clear")
    if k == n - 1:
        taker = next(p for p in players if p in spoiled)
        return stays(f"{taker} took all the {noun}")
    if jack and k > 1:
        # Law 29: the Jack "can be won only by one player taking no hearts, each of the others
        # having taken at least one"
        return stays(f"{names(clear)} clear, but a Jack is won only by a single clear player")
    if k > 2 and many_clear == "jack":
        return stays(f"{names(clear)} clear")

    cheats = [p for p in clear if p in revokers]
    if k == 1:
        winner = clear[0]
        if cheats:
            # Law 23: a revoker who wins pays the thirteen into the pool and leaves them for a Jack
            return PoolResult(changes, pool, True,
                              f"{winner} clear but revoked: his {losses} stay for a Jack; "
                              f"the pool of {pool} is a Jack")
        changes[winner] += pool
        return PoolResult(changes, 0, False, f"{winner} clear: takes the pool of {pool}", won=True)

    if cheats:
        # Law 23: a revoker who would divide pays his co-winner six (half the losses, the odd
        # counter kept back) and puts up the other seven for a Jack
        share = losses // k
        honest = [p for p in clear if p not in revokers]
        for cheat in cheats:
            for p in honest:
                changes[p] += share
                pool -= share
        paid = f"; {names(cheats)} pay{'s' if len(cheats) == 1 else ''} " \
               f"{names(honest)} {share}" if honest else ""
        return PoolResult(changes, pool, pool > 0,
                          f"{names(clear)} clear but {names(cheats)} revoked{paid}; "
                          f"the pool of {pool} is a Jack")

    share, odd = divmod(pool, k)
    for p in clear:
        changes[p] += share
    summary = f"{names(clear)} clear: divide the pool of {pool}, {share} each"
    new_jack = odd_starts_jack and odd > 0
    if odd:
        # Law 29: "the odd counter remaining until the next pool" (some clubs: it starts a Jack)
        summary += f"; {odd} stay{'s' if odd == 1 else ''} in the pool" + \
                   (" as the start of a Jack" if new_jack else "")
    return PoolResult(changes, odd, new_jack, summary)


# ---------------------------------------------------------------- transfer methods


def howell(hearts: Mapping[str, int], in_play: int) -> Dict[str, int]:
    """Howell's Settling: pay (players - 1) per heart held, take one per heart not held.

    Net: in_play - players * hearts (the book: A 3, B 5, C 5, D 0 -> +1, -7, -7, +13).
    """
    paid_in, taken_out = howell_payments(hearts, in_play)
    return {p: taken_out[p] - paid_in[p] for p in hearts}


def howell_payments(hearts: Mapping[str, int], in_play: int) -> Tuple[Dict[str, int], Dict[str, int]]:
    """What each puts into the pool ("as many counters as there are players besides himself"
    for every heart) and takes out ("1 counter for every heart he did not hold")."""
    others = len(hearts) - 1
    return ({p: others * h for p, h in hearts.items()}, {p: in_play - h for p, h in hearts.items()})


def excess(hearts: Mapping[str, int]) -> Dict[str, int]:
    """Three-handed: the most hearts pays each other the excess; two tied for most pay the low man."""
    most = max(hearts.values())
    top = [p for p, h in hearts.items() if h == most]
    changes = {p: 0 for p in hearts}
    if len(top) == len(hearts):
        return changes
    if len(top) == 1:
        payees = [p for p in hearts if p not in top]
    else:
        low = min(hearts.values())
        payees = [p for p, h in hearts.items() if h == low]
    for payer in top:
        for payee in payees:
            amount = hearts[payer] - hearts[payee]
            changes[payer] -= amount
            changes[payee] += amount
    return changes


def difference(hearts: Mapping[str, int]) -> Dict[str, int]:
    """Two-handed: the greater number pays the lesser the difference."""
    a, b = hearts
    return {a: hearts[b] - hearts[a], b: hearts[a] - hearts[b]}


def six_free(hearts: Mapping[str, int]) -> Dict[str, int]:
    """Two-handed: the loser's first six hearts count nothing; all above six are paid for."""
    a, b = hearts
    loser, winner = (a, b) if hearts[a] > hearts[b] else (b, a)
    amount = max(hearts[loser] - 6, 0) if hearts[loser] != hearts[winner] else 0
    return {loser: -amount, winner: amount}


def lowest_collects(totals: Mapping[str, int]) -> Tuple[Dict[str, int], int]:
    """Spot Hearts: the smallest total collects from each other the amount of his excess;
    players tied for lowest divide what is collected. Returns changes and the odd counters
    that do not divide (they go into the pool, as the odd counter does at Sweepstake)."""
    low = min(totals.values())
    lows = [p for p, t in totals.items() if t == low]
    changes = {p: 0 for p in totals}
    collected = 0
    for p, t in totals.items():
        if t != low:
            changes[p] = -(t - low)
            collected += t - low
    share, odd = divmod(collected, len(lows))
    for p in lows:
        changes[p] = share
    return changes, odd


def with_revokes(changes: Mapping[str, int], to_pool: int,
                 revokers: Sequence[str]) -> Tuple[Dict[str, int], int]:
    """A revoke at a transfer method: the revoker pays all the losses of the hand.

    As if he were alone in error (Law 24) each revoker makes good every other player's loss
    (they lose nothing and win what they would have won) and puts up what went to the pool.
    With two revokers each does so in full, so the winners are paid twice, as at Sweepstake
    the clear player receives twenty-six.
    """
    if not revokers:
        return dict(changes), to_pool
    total = {p: 0 for p in changes}
    pool = 0
    for r in revokers:
        for p, c in changes.items():
            if p != r:
                total[p] += max(c, 0)
        total[r] -= sum(max(c, 0) for p, c in changes.items() if p != r) + to_pool
        pool += to_pool
    return total, pool


def howell_revoke_thirteen(hearts: Mapping[str, int], in_play: int,
                           revokers: Sequence[str]) -> Dict[str, int]:
    """Howell's, house rule `howell_revoke=thirteen`: each revoker pays in as if he had taken
    every heart in play (Law 23, "pay all losses": at Howell's a heart costs as many counters
    as there are players besides himself) and each other player takes out one for every heart,
    whatever he took. Two revokers each pay in full (Law 24)."""
    changes = {p: 0 for p in hearts}
    for r in revokers:
        for p, c in howell({q: (in_play if q == r else 0) for q in hearts}, in_play).items():
            changes[p] += c
    return changes


def forfeits_paid_out(changes: Dict[str, int], forfeits: Sequence[str]) -> int:
    """Law 15 at a method without a pool: each offender's five counters are paid out at once to
    the players not in fault (left on the table, they would come partly back to the offenders
    at the end). Changes `changes` in place; returns the odd counters that do not divide, which
    go into the pool as the odd counter does at Sweepstake. Two-handed both are at fault: each
    pays the other five, which is nothing."""
    others = [p for p in changes if p not in forfeits]
    paid = FORFEIT * len(forfeits)
    for p in forfeits:
        changes[p] -= FORFEIT
    if not others:
        for p in forfeits:
            changes[p] += FORFEIT
        return 0
    share, odd = divmod(paid, len(others))
    for p in others:
        changes[p] += share
    return odd
