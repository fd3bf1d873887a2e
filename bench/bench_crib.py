"""How fast are `crib stats` and `crib discard`, against scoring hands one by one?

Both baselines are measured in the same run: the naive scorer (`count_hand`, every
combination listed, as `crib count` does) scores a random sample, and its time is
extrapolated to the work the naive method would need (26 million shows for the two
distributions; 15 x 45,540 cribs and 15 x 46 hands for one discard advice).
Targets from the issue: stats under 1 s for both rules, discard under 0.5 s a call.

    python bench/bench_crib.py [--sample 20000] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from scorekeeper.cards import full_deck, parse_cards
from scorekeeper.games.cribbage import stats as crib_stats
from scorekeeper.games.cribbage.count import count_hand
from scorekeeper.games.cribbage.discard import advise

HANDS = ["5H 5D JS 6C 4D KH", "AH 2D 9S 10C QD KH", "2H 7H 9H 10H QH KC", "3C 4D 5S 6H 7C 8D"]


def best_of(runs, fn):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def naive_per_show(sample: int) -> float:
    deck = full_deck()
    rng = random.Random(1)
    deals = []
    for _ in range(sample):
        cards = rng.sample(deck, 5)
        deals.append((cards[:4], cards[4], rng.random() < 0.5))
    start = time.perf_counter()
    for hand, starter, crib in deals:
        count_hand(hand, starter, crib).total
    return (time.perf_counter() - start) / sample


def cli_seconds(args, runs):
    script = Path(sys.executable).with_name("scorekeeper")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "scorekeeper"]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd + args, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sample", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    per_show = naive_per_show(args.sample)
    stats_best, stats_median = best_of(args.runs, crib_stats.distributions)
    naive_stats = per_show * 12_994_800 * 2
    print(f"naive scorer: {per_show * 1e6:.1f} us a show (sample of {args.sample:,})")
    print(f"crib stats (both rules): best {stats_best:.3f} s, median {stats_median:.3f} s; "
          f"naive, extrapolated: {naive_stats:,.0f} s; ratio naive/fast {naive_stats / stats_median:,.0f}x")

    cards = [parse_cards(h) for h in HANDS]
    first_start = time.perf_counter()
    advise(cards[0], True)
    first = time.perf_counter() - first_start
    per_call = []
    for six in cards:
        _, median = best_of(args.runs, lambda: advise(six, True))
        per_call.append(median)
    naive_discard = per_show * 15 * (45_540 + 46)
    worst = max(per_call)
    print(f"crib discard: first call {first:.3f} s; per call median "
          f"{statistics.median(per_call):.3f} s, worst hand {worst:.3f} s; naive, extrapolated: "
          f"{naive_discard:,.0f} s; ratio naive/fast {naive_discard / worst:,.0f}x")

    stats_cli = cli_seconds(["crib", "stats", "--json"], args.runs)
    discard_cli = cli_seconds(["crib", "discard", *HANDS[0].split(), "--dealer"], args.runs)
    floor = statistics.median(
        [best_of(1, lambda: subprocess.run([sys.executable, "-c", "import typer, tabulate"],
                                           check=True))[0] for _ in range(args.runs)])
    print(f"whole command, median: crib stats --json {stats_cli:.3f} s, crib discard "
          f"{discard_cli:.3f} s; python -c 'import typer, tabulate' {floor:.3f} s")


if __name__ == "__main__":
    main()
