"""Every command on a 100-hand night, against starting Python and importing the libraries.

Issue 34's targets, measured as CPU ratios in one run: every command on a 100-hand night
within 1.25x of `python -c "import typer, yaml, tabulate"` (`hand` within 1.35x), the cycle
collector off in the floor as in the command (cli/__init__.py turns it off). One night of
each of tally, Cinch, Hearts and cribbage typed as cards (bench/sittings.py), every command
on each, interleaved so that machine load falls on every measurement alike; the least CPU
time (user + sys of the child) of each.

    python bench/bench_night.py [--runs 10] [--games tally,cinch]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sittings  # noqa: E402
from bench_scale import Case, command, last_hand_args, measure, restorer  # noqa: E402

FLOOR = "import gc; gc.disable()\nimport typer, yaml, tabulate\n"
GAMES = ("tally", "cinch", "hearts", "cribbage-cards")
HANDS = 100
TARGET, HAND_TARGET = 1.25, 1.35


def night_cases(sk: List[str], work: Path, game: str) -> Dict[str, Case]:
    """Every command a player runs on one night, the file put back before each run."""
    path = sittings.write(work / game, game, HANDS, name="night")
    folder = str(path.parent)
    pristine, words = last_hand_args(path)
    full = path.with_name("night.full.yaml")
    shutil.copyfile(path, full)
    back = restorer(full, path)
    at = ["--dir", folder]
    cases = {
        "show": Case(sk + at + ["show", "night"], back),
        "show --json": Case(sk + at + ["show", "night", "--json"], back),
        "hand": Case(sk + at + ["hand", "night"] + words, restorer(pristine, path)),
        "edit": Case(sk + at + ["edit", "night", str(HANDS // 2), "note=bench"], back),
        "undo": Case(sk + at + ["undo", "night"], back),
        "settle": Case(sk + at + ["settle", "night"], back),
        "export": Case(sk + at + ["export", "night"], back),
        "chart": Case(sk + at + ["chart", "night"], back),
        "check": Case(sk + at + ["check", "night"], back),
        "list": Case(sk + at + ["list"], back),
    }
    return cases


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--games", default=",".join(GAMES))
    options = parser.parse_args()
    sk = command()
    work = Path(tempfile.mkdtemp(prefix="sk-night-"))
    try:
        cases: Dict[str, Case] = {"floor": Case([sys.executable, "-c", FLOOR])}
        for game in options.games.split(","):
            for name, case in night_cases(sk, work, game).items():
                cases[f"{game} {name}"] = case
        measure(cases, options.runs)
        floor = cases["floor"].best
        print(f"{HANDS}-hand nights; runs: {options.runs} each, interleaved; the least CPU time of each")
        print(f"floor (gc off; import typer, yaml, tabulate): {floor * 1000:.1f} ms")
        worst = {}
        for name, case in cases.items():
            if name == "floor":
                continue
            ratio = case.best / floor
            command_name = name.split(" ", 1)[1]
            target = HAND_TARGET if command_name == "hand" else TARGET
            worst[command_name] = max(worst.get(command_name, 0.0), ratio)
            print(f"  {name:28} {case.best * 1000:6.1f} ms  ratio {ratio:.2f}"
                  f"{'' if ratio <= target else f'  OVER {target}'}")
        print("worst ratio of each command: " + ", ".join(f"{k} {v:.2f}" for k, v in worst.items()))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    os.environ.pop("SCOREKEEPER_DIR", None)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # byte-code cached, as an installed copy
    main()
