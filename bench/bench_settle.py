"""How long does `settle` take to find the fewest payments, by the number of players?

The baseline is measured in the same run: the subset search `settle` used before (every
split of every zero-sum subset, up to 3^n steps, used only up to ten players), copied here
as it was. The search of today (the most zero-sum prefixes of a row of the players, always
2^n x n/2 steps) is timed on the same balances, from 8 players to `settle.EXACT_LIMIT` (16,
the most players any game seats). Each line prints both CPU times, today's over the old
one's on the same balances, and today's over the baseline: the old search at ten players,
the most it was ever asked to do. Three kinds of balances, none cancelling another (pairs
are paired off before any search): `spread` (amounts 1 to 9), `crowded` (1 to 3: many
subsets sum to zero) and `ones-and-twos` (+1s and -2s: the old search's worst kind).

    python bench/bench_settle.py [--runs 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Callable, Dict, List, Mapping, Sequence

from scorekeeper.settle import EXACT_LIMIT, _zero_sum_groups, fewest_transfers


def old_zero_sum_groups(players: Sequence[str], cents: Mapping[str, int]) -> List[List[str]]:
    """The search `settle` used up to ten players (before issue 20): every split of every
    zero-sum subset, the lowest player kept in the first group."""
    n = len(players)
    if n == 0:
        return []
    full = (1 << n) - 1
    total = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        total[mask] = total[mask ^ low] + cents[players[low.bit_length() - 1]]
    best = [0] * (1 << n)
    choice = [0] * (1 << n)
    for mask in range(1, 1 << n):
        if total[mask] != 0:
            continue
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


def balances(n: int, kind: str, rng: random.Random) -> Dict[str, int]:
    """n balances of a kind, none nought, none cancelling another, summing to nought."""
    if kind == "ones-and-twos":
        twos = n // 3
        values = [-2] * twos + [1] * (n - twos - 1)
        values.append(-sum(values))
        return {f"P{i}": v for i, v in enumerate(values)}
    top = 9 if kind == "spread" else 3
    while True:  # each amount owed by some and owing by none, or the other way
        sign = {m: rng.choice((1, -1)) for m in range(1, top + 1)}
        values = [m * sign[m] for m in (rng.randint(1, top) for _ in range(n - 1))]
        values.append(-sum(values))
        if values[-1] and -values[-1] not in values:
            return {f"P{i}": v for i, v in enumerate(values)}


def cpu(fn: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="best of this many runs")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kinds = ("spread", "crowded", "ones-and-twos")
    cases = {kind: {n: balances(n, kind, rng) for n in range(8, EXACT_LIMIT + 1)} for kind in kinds}
    ten = cases["crowded"][10]
    baseline = cpu(lambda: old_zero_sum_groups(list(ten), ten), args.runs)
    print(f"baseline: the old subset search at 10 players (crowded), {baseline * 1000:.2f} ms CPU")
    for kind in kinds:
        print(f"\n{kind}\n{'players':>7}  {'old search':>12}  {'new search':>12}  "
              f"{'new/old':>8}  {'new/baseline':>12}  {'fewest payments':>15}")
        for n, cents in cases[kind].items():
            players = list(cents)
            old = cpu(lambda: old_zero_sum_groups(players, cents), args.runs)
            new = cpu(lambda: _zero_sum_groups(players, cents), args.runs)
            groups = len(_zero_sum_groups(players, cents))
            assert groups == len(old_zero_sum_groups(players, cents))  # both exact
            assert len(fewest_transfers(cents)) == n - groups
            print(f"{n:>7}  {old * 1000:9.2f} ms  {new * 1000:9.2f} ms  {new / old:7.2f}x  "
                  f"{new / baseline:11.1f}x  {n - groups:>15}")


if __name__ == "__main__":
    main()
