"""How instant does every command feel on a night of a hundred hands?

Each command runs as a user runs it: the installed `scorekeeper` command (the console script
pip writes beside this Python; `python -m scorekeeper` when there is none), a fresh process,
on a folder holding a 100-hand night of each game drawn (tally, Cinch, Hearts, cribbage typed
as cards: bench/sittings.py). Each is timed against the floor `python -c "import typer, yaml,
tabulate"` (the libraries every command needs anyway), all in the same run, interleaved so
that the machine's load falls on every case alike; what is kept is the least CPU time (user +
sys, from getrusage around each process: steady on a shared machine, where wall time is not)
of each, and printed as its ratio to the floor's. Targets (issue 34): every command <= 1.25,
`hand` <= 1.35.

    python bench/bench_cli.py [--runs 10] [--games tally,cinch,hearts,cribbage-cards]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sittings  # noqa: E402
from bench_scale import Case, command, last_hand_args, measure, restorer  # noqa: E402

HANDS = 100
TARGET, HAND_TARGET = 1.25, 1.35


def night_cases(sk: List[str], folder: Path, game: str) -> Dict[str, Case]:
    """Every command on one night; a command that writes has the file put back before it runs."""
    path = sittings.write(folder, game, HANDS, name=f"night-{game}")
    full = path.with_name(path.stem + ".full")
    shutil.copyfile(path, full)
    pristine, words = last_hand_args(path)  # beside the night, not in the folder's listing
    pristine = pristine.rename(pristine.with_suffix(".less"))
    name = path.stem
    back = restorer(full, path)
    undone = restorer(pristine, path)
    cases = {
        "show": Case(sk + ["show", name], back),
        "hand": Case(sk + ["hand", name] + words, undone),
        "undo": Case(sk + ["undo", name], back),
        "edit": Case(sk + ["edit", name, str(HANDS // 2), "note=bench"], back),
        "settle": Case(sk + ["settle", name], back),
        "check": Case(sk + ["check", name], back),
        "export": Case(sk + ["export", name], back),
        "chart": Case(sk + ["chart", name], back),
        "report": Case(sk + ["report", name, "--html", str(folder.parent / "night.html")], back),
        "show --json": Case(sk + ["show", name, "--json"], back),
    }
    return {f"{key} ({game})": case for key, case in cases.items()}


def folder_cases(sk: List[str], folder: Path, games: List[str]) -> Dict[str, Case]:
    """The commands of the whole folder (every night in it) and of none."""
    fresh = folder / "bench-new.yaml"
    return {
        "new": Case(sk + ["new", "bench-new", "--like", f"night-{games[0]}"],
                    lambda: fresh.unlink(missing_ok=True)),
        "list": Case(sk + ["list"]),
        "stats": Case(sk + ["stats"]),
        "games": Case(sk + ["games"]),
        "games cinch": Case(sk + ["games", "cinch"]),
        "--version": Case(sk + ["--version"]),
        "--help": Case(sk + ["--help"]),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--games", default=",".join(sittings.MIXED))
    options = parser.parse_args()
    games = options.games.split(",")
    sk = command()
    work = Path(tempfile.mkdtemp(prefix="sk-bench-"))
    folder = work / "sessions"
    try:
        sk = sk + ["--dir", str(folder)]
        cases: Dict[str, Case] = {"floor": Case([sys.executable, "-c", "import typer, yaml, tabulate"])}
        for game in games:
            cases.update(night_cases(sk, folder, game))
        cases.update(folder_cases(sk, folder, games))
        measure(cases, options.runs)
        floor = cases["floor"].best
        print(f"command: {' '.join(command())}")
        print(f"runs: {options.runs} each, interleaved; the least CPU time of each; nights of {HANDS} hands")
        print(f"floor (import typer, yaml, tabulate): {floor * 1000:.1f} ms")
        worst = {"hand": 0.0, "other": 0.0}
        for name, case in cases.items():
            if name == "floor":
                continue
            ratio = case.best / floor
            kind = "hand" if name.startswith("hand ") else "other"
            worst[kind] = max(worst[kind], ratio)
            print(f"scorekeeper {name}: {case.best * 1000:.1f} ms  ratio {ratio:.2f}", flush=True)
        print(f"most: hand {worst['hand']:.2f} (target <= {HAND_TARGET}), "
              f"every other command {worst['other']:.2f} (target <= {TARGET})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()  # (the children run without PYTHONDONTWRITEBYTECODE: bench_scale.ENV)
