"""Balances -> money -> the fewest transfers that settle everyone, to the cent."""

from __future__ import annotations

from decimal import Decimal
from math import lcm
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from .model import ScorekeeperError

# The exact search for the fewest transfers covers this many players owed or owing (once
# pairs that cancel are paired off): 16, the most any game seats (Loo), is 2^16 subsets, a
# fraction of a second (bench/bench_settle.py). Beyond it the payments settle everyone but are
# not guaranteed the fewest (at most one fewer than the players).
EXACT_LIMIT = 16


class Transfer:
    """One payment. (Transfer and Settlement are plain classes, only read by name:
    docs/architecture.md, "Value types".)"""

    __slots__ = ("payer", "payee", "cents")

    def __init__(self, payer: str, payee: str, cents: int) -> None:
        self.payer, self.payee, self.cents = payer, payee, cents


class Settlement:
    __slots__ = ("unit", "balances", "stake", "currency", "money_cents", "transfers")

    def __init__(self, unit: str, balances: Mapping[str, Any], stake: Optional[Decimal], currency: str,
                 money_cents: Mapping[str, int], transfers: Tuple[Transfer, ...]) -> None:
        self.unit = unit
        self.balances = balances          # net in the unit (int or Fraction), zero-sum
        self.stake = stake                # None: no stake, `money_cents` are hundredths of the unit
        self.currency = currency
        self.money_cents = money_cents    # net in cents, zero-sum
        self.transfers = transfers


def settle(balances: Mapping[str, Any], unit: str, stake: Optional[Decimal], currency: str) -> Settlement:
    """No stake (None): settled in the game's own unit, to the hundredth (`cents` of a unit).
    Exact: each balance (int or Fraction) and the stake as a numerator over a denominator, in
    whole numbers (no Fraction made: importing `fractions` costs a command ~1%)."""
    exact = {p: b.as_integer_ratio() for p, b in balances.items()}
    common = lcm(*(d for _, d in exact.values()))
    if sum(n * (common // d) for n, d in exact.values()) != 0:  # the balances, not the money (a stake may be 0)
        raise ScorekeeperError(f"balances do not sum to zero: {balances}")
    top, bottom = stake.as_integer_ratio() if stake is not None else (1, 1)
    rounded = to_cents({p: (n * top * 100, d * bottom) for p, (n, d) in exact.items()})
    return Settlement(unit, dict(balances), stake, currency, rounded, fewest_transfers(rounded))


def to_cents(amounts: Mapping[str, Tuple[int, int]]) -> Dict[str, int]:
    """Round exact amounts (already in cents), each as (numerator, denominator), to whole cents
    keeping the total at zero.

    Everyone is rounded down, then the cents that rounding lost go one each to those who
    lost the most by it (largest remainder), ties broken by seating order.
    """
    floors = {p: n // d for p, (n, d) in amounts.items()}
    missing = -sum(floors.values())  # sum of exact amounts is 0, so this many cents are owed back
    common = lcm(*(d for _, d in amounts.values()))  # each remainder over one denominator: compared exactly
    lost = {p: (n - floors[p] * d) * (common // d) for p, (n, d) in amounts.items()}
    order = sorted(amounts, key=lambda p: (-lost[p], list(amounts).index(p)))
    for p in order[:missing]:
        floors[p] += 1
    return floors


def fewest_transfers(cents: Mapping[str, int]) -> Tuple[Transfer, ...]:
    """Payments settling every balance: the fewest possible, up to EXACT_LIMIT players.

    With n players owed or owing, n - k payments suffice where k is the largest number of
    groups the players split into with each group summing to zero (one payment fewer than
    its players settles each group), and fewer never do. Two players whose balances cancel
    are always such a group in some best split, so they are paired off first; the others are
    split exactly when they are at most EXACT_LIMIT, else taken as one group (then the
    payments settle everyone, at most n - 1 of them, but are not guaranteed the fewest).
    """
    nonzero = [p for p in cents if cents[p] != 0]
    pairs, rest = _cancelling_pairs(nonzero, cents)
    if len(rest) <= EXACT_LIMIT:
        groups = pairs + _zero_sum_groups(rest, cents)
    else:
        groups = pairs + [rest]
    seat = {p: i for i, p in enumerate(cents)}
    groups.sort(key=lambda g: min(seat[p] for p in g))  # in seating order, as a table reads
    transfers: List[Transfer] = []
    for group in groups:
        ordered = sorted(group, key=seat.__getitem__)
        transfers.extend(_greedy({p: cents[p] for p in ordered}))
    return tuple(transfers)


def _cancelling_pairs(players: Sequence[str], cents: Mapping[str, int]
                      ) -> Tuple[List[List[str]], List[str]]:
    """Players whose balances cancel (+5 and -5), paired, and the others: each in seating
    order takes the last unpaired player who cancels him (A -1, Y +1, B -1, Z +1: A-Z, B-Y,
    across the table).

    Such a pair is a group of some best split: in a best split where they sit in groups G
    and H, {a, b} and (G - a) + (H - b) are as many zero-sum groups."""
    paired: set[str] = set()
    pairs: List[List[str]] = []
    for i, p in enumerate(players):
        if p in paired:
            continue
        partner = next((q for q in reversed(players[i + 1:])
                        if q not in paired and cents[q] == -cents[p]), None)
        if partner is not None:
            pairs.append([p, partner])
            paired.update((p, partner))
    return pairs, [p for p in players if p not in paired]


def _zero_sum_groups(players: Sequence[str], cents: Mapping[str, int]) -> List[List[str]]:
    """The most zero-sum groups the players (summing to zero) split into, in 2^n x n steps.

    Put the players in a row: every prefix that sums to zero closes a group, so the best
    split is the row with the most zero-sum prefixes. most[mask]: the most zero-sum prefixes
    of a row of the players in `mask`, which ends with one of them: the best of the rows of
    `mask` less its last player, plus one when `mask` itself sums to zero."""
    n = len(players)
    if n == 0:
        return []
    size = 1 << n
    values = [cents[p] for p in players]
    total = [0] * size
    most = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
        best, rest = 0, mask
        while rest:
            bit = rest & -rest
            if most[mask ^ bit] > best:
                best = most[mask ^ bit]
            rest ^= bit
        most[mask] = best + (total[mask] == 0)
    # Walk back along a best row, closing a group at each zero-sum prefix.
    groups: List[List[str]] = []
    group: List[str] = []
    mask = size - 1
    while mask:
        closes = total[mask] == 0
        if closes and group:
            groups.append(group)
            group = []
        need = most[mask] - closes
        rest = mask
        while rest:
            bit = rest & -rest
            if most[mask ^ bit] == need:
                break
            rest ^= bit
        group.append(players[bit.bit_length() - 1])
        mask ^= bit
    groups.append(group)
    return groups


def _greedy(cents: Mapping[str, int]) -> List[Transfer]:
    """Largest debtor pays largest creditor until all are square (n - 1 payments at most)."""
    owing = {p: -c for p, c in cents.items() if c < 0}
    owed = {p: c for p, c in cents.items() if c > 0}
    order = list(cents)
    transfers = []
    while owing and owed:
        payer = max(owing, key=lambda p: (owing[p], -order.index(p)))
        payee = max(owed, key=lambda p: (owed[p], -order.index(p)))
        amount = min(owing[payer], owed[payee])
        transfers.append(Transfer(payer, payee, amount))
        for side, p in ((owing, payer), (owed, payee)):
            side[p] -= amount
            if side[p] == 0:
                del side[p]
    return transfers
