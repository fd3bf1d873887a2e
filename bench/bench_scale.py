"""A club's season, fast: `show` on a 10,000-hand sitting, `list` and `stats` over 500 sittings.

Each command runs as the user runs it (a fresh process), interleaved with its floor, which
is PyYAML's C loader reading the same file(s) in a fresh process (`import yaml` and
`yaml.load(text, Loader=yaml.CSafeLoader)` for each file). Prints the ratio of medians, of
the CPU time the process used (steady on a shared machine) and of the wall time.
Targets: show <= 1.5 (tally and Cinch), list <= 1.0, stats <= 2.0; and the cost linear
in hands (show on 2,500, 5,000 and 10,000 hands: time per hand about constant).

    python bench/bench_scale.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sittings  # noqa: E402
from bench_cli import command, timed  # noqa: E402

FLOOR = ("import sys, yaml\n"
         "for f in sys.argv[1:]:\n"
         "    yaml.load(open(f, encoding='utf-8').read(), Loader=yaml.CSafeLoader)\n")


def cpu_timed(args: list, cwd: str) -> tuple:
    """(wall seconds, CPU seconds of the child): on a shared machine the CPU time is what the
    command itself costs, the wall time what the user waits with the others' load."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = timed(args, cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compare(label: str, cases: dict, runs: int, cwd: str, target: float) -> None:
    times = {name: [] for name in cases}
    for args in cases.values():  # warm-up
        timed(args, cwd)
    for _ in range(runs):
        for name, args in cases.items():
            times[name].append(cpu_timed(args, cwd))
    wall = {name: statistics.median(t[0] for t in ts) for name, ts in times.items()}
    cpu = {name: statistics.median(t[1] for t in ts) for name, ts in times.items()}
    for name in cases:
        if name != "floor":
            print(f"{label}: {name}: CPU {cpu[name]:.3f} s against {cpu['floor']:.3f} s, ratio "
                  f"{cpu[name] / cpu['floor']:.2f}; wall {wall[name]:.3f} s against "
                  f"{wall['floor']:.3f} s, ratio {wall[name] / wall['floor']:.2f} (target <= {target})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    sk = command()
    root = Path(__file__).resolve().parent.parent
    work = Path(tempfile.mkdtemp(prefix="sk-scale-"))
    env_cwd = str(root)  # `python -m scorekeeper` from a checkout finds the package here
    try:
        season = work / "season"
        for game in ("tally", "cinch"):
            path = sittings.write(season, game, 10_000, name=f"{game}-season")
            compare(f"10,000-hand {game} sitting", {
                "floor": [sys.executable, "-c", FLOOR, str(path)],
                "show": sk + ["show", str(path)],
            }, runs, env_cwd, 1.5)
        for hands in (2_500, 5_000):  # linear in hands: seconds per 1,000 hands
            path = sittings.write(season, "cinch", hands, name=f"cinch-{hands}")
            t = statistics.median(cpu_timed(sk + ["show", str(path)], env_cwd)[1] for _ in range(runs))
            print(f"show on {hands:,} Cinch hands: CPU {t:.3f} s")
        club = work / "club"
        paths = sittings.write_many(club, 500, 40)
        floor = [sys.executable, "-c", FLOOR] + [str(p) for p in paths]
        compare("500 sittings of 40 hands", {
            "floor": floor,
            "list": sk + ["--dir", str(club), "list"],
        }, runs, env_cwd, 1.0)
        compare("500 sittings of 40 hands", {
            "floor": floor,
            "stats": sk + ["--dir", str(club), "stats"],
        }, runs, env_cwd, 2.0)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    os.environ.pop("SCOREKEEPER_DIR", None)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    main()
