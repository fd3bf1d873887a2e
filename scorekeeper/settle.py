"""Balances -> money -> the fewest transfers that settle everyone, to the cent."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Dict, List, Mapping, Sequence, Tuple

from .model import ScorekeeperError

EXACT_LIMIT = 10  # exact fewest-transfer search up to this many players with a balance


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    cents: int

    @property
    def amount(self) -> Decimal:
        return Decimal(self.cents) / 100


@dataclass(frozen=True)
class Settlement:
    unit: str
    balances: Mapping[str, Any]        # net in the unit (int or Fraction), zero-sum
    stake: Decimal
    currency: str
    money_cents: Mapping[str, int]     # net in cents, zero-sum
    transfers: Tuple[Transfer, ...]

    def money(self) -> Dict[str, Decimal]:
        return {p: Decimal(c) / 100 for p, c in self.money_cents.items()}


def settle(balances: Mapping[str, Any], unit: str, stake: Decimal, currency: str) -> Settlement:
    exact = {p: Fraction(b) for p, b in balances.items()}
    if sum(exact.values()) != 0:
        raise ScorekeeperError(f"balances do not sum to zero: {balances}")
    cents = to_cents({p: b * Fraction(stake) * 100 for p, b in exact.items()})
    return Settlement(unit, dict(balances), stake, currency, cents, fewest_transfers(cents))


def to_cents(amounts: Mapping[str, Fraction]) -> Dict[str, int]:
    """Round exact amounts (already in cents) to whole cents keeping the total at zero.

    Everyone is rounded down, then the cents that rounding lost go one each to those who
    lost the most by it (largest remainder), ties broken by seating order.
    """
    floors = {p: a.numerator // a.denominator for p, a in amounts.items()}
    missing = -sum(floors.values())  # sum of exact amounts is 0, so this many cents are owed back
    order = sorted(amounts, key=lambda p: (-(amounts[p] - floors[p]), list(amounts).index(p)))
    for p in order[:missing]:
        floors[p] += 1
    return floors


def fewest_transfers(cents: Mapping[str, int]) -> Tuple[Transfer, ...]:
    """Payments settling every balance, as few as possible.

    With n players owed or owing, n - k payments suffice where k is the largest number of
    groups the players split into with each group summing to zero; up to EXACT_LIMIT players
    the split is found exactly (a search over subsets), beyond that a greedy match is used.
    """
    nonzero = [p for p in cents if cents[p] != 0]
    if len(nonzero) <= EXACT_LIMIT:
        groups = _zero_sum_groups(nonzero, cents)
    else:
        groups = [nonzero]
    transfers: List[Transfer] = []
    for group in groups:
        transfers.extend(_greedy({p: cents[p] for p in group}))
    return tuple(transfers)


def _zero_sum_groups(players: Sequence[str], cents: Mapping[str, int]) -> List[List[str]]:
    n = len(players)
    if n == 0:
        return []
    full = (1 << n) - 1
    total = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        total[mask] = total[mask ^ low] + cents[players[low.bit_length() - 1]]
    # best[mask]: most zero-sum groups the players in mask (itself zero-sum) split into
    best = [0] * (1 << n)
    choice = [0] * (1 << n)
    for mask in range(1, 1 << n):
        if total[mask] != 0:
            continue
        # every split keeps the lowest player in the first group, so each split is seen once
        low = mask & -mask
        rest = mask ^ low
        sub = rest
        best[mask], choice[mask] = 1, mask
        while sub:
            group = sub | low
            if group != mask and total[group] == 0 and 1 + best[mask ^ group] > best[mask]:
                best[mask], choice[mask] = 1 + best[mask ^ group], group
            sub = (sub - 1) & rest
    groups = []
    mask = full
    while mask:
        group = choice[mask]
        groups.append([players[i] for i in range(n) if group >> i & 1])
        mask ^= group
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
