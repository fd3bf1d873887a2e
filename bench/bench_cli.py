"""Every command on a 100-hand night, against starting Python and importing the libraries.

Issue 34's targets, measured as CPU ratios in one run: every command on a 100-hand night
within 1.25x of `python -c "import typer, yaml, tabulate"` (`hand` within 1.35x), the cycle
collector off in the floor as in the command (start.main turns it off first thing).

Each command runs as a user runs it: the installed `scorekeeper` command (the console script
pip writes beside this Python; `python -m scorekeeper` when there is none), a fresh process
with byte-code cached, on a folder holding a 100-hand night of each of tally, Cinch, Hearts
and cribbage typed as cards (bench/sittings.py): every command on each night (`insert` and
`delete` of the middle hand, `redo` of an `undo`, the night put back before each run); `list` and
`stats`, commands of a whole folder, on a folder holding that night alone, and over the four
nights (shown without a target: four nights are not a night). Interleaved, so that the machine's load falls on every case
alike; what is kept is the least CPU time (user + sys, from getrusage around each process:
steady on a shared machine, where wall time is not) of each, and printed as its ratio to
the floor's (the ratio the targets are judged by); in round brackets, its ratio to the same
imports with the collector left on (the floor as bench_cli measured it before issue 34, a
few milliseconds heavier); in square brackets, the median over the rounds of its time over
the floor's in the same round (a check when the machine's speed drifts during the run).

With `--instructions`, each command instead runs once under valgrind's callgrind and what is
printed is its count of instructions over the floor's: the same on every run (to ~0.1%), whatever
else the machine does, so a change can be weighed on a busy host in one run; the kernel's part
(a save's fsync, the pages a process touches) is not in it, and the CPU ratios stay the measure
the targets are judged by. Needs `valgrind` on the PATH; about 5 s a command.

Measure a standard install (`pip install .` into a fresh environment), as users have it: an
editable install (`pip install -e .`) imports its finder at every start, about 9 ms that the
floor pays too, so the ratios it gives are lower than a user's; the run says which it measured.
The installed package is what runs, nothing added to the path, when it is this checkout's code
file for file; otherwise the checkout is put on PYTHONPATH (and the run says so), which adds a
folder to every import's search, the floor's as the command's, and lowers each ratio by about
0.003 (bench_scale.ENV).

With `--pin CORE`, the bench and every process it starts run on that one core (the children
inherit its affinity): on this 2-core virtual machine the rounds' ratios then spread about a
third as widely (docs/speed.md, "At the tenth stop"), floor and commands alike.

    python bench/bench_cli.py [--runs 10] [--games tally,cinch,hearts,cribbage-cards] [--instructions] [--pin CORE]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable, Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sittings  # noqa: E402
from bench_scale import ENV, ON_PATH_NOTE, ROOT, Case, command, hand_words, last_hand_args, measure, restorer, run  # noqa: E402

FLOOR = "import gc; gc.disable()\nimport typer, yaml, tabulate\n"
HANDS = 100
TARGET, HAND_TARGET = 1.25, 1.35


def night_cases(sk: List[str], folder: Path, game: str) -> Dict[str, Case]:
    """Every command on one night; a command that writes has the file put back before it runs."""
    from scorekeeper import store

    path = sittings.write(folder, game, HANDS, name=f"night-{game}")
    full = path.with_name(path.stem + ".full")  # beside the night, not in the folder's listing
    shutil.copyfile(path, full)
    pristine, words = last_hand_args(path)
    pristine = pristine.rename(pristine.with_suffix(".less"))
    name = path.stem
    back = restorer(full, path)
    middle = str(HANDS // 2)
    again = hand_words(store.load(path).hands[HANDS // 2 - 1])  # the middle hand, logged twice
    cases = {
        "show": Case(sk + ["show", name], back),
        "show --json": Case(sk + ["show", name, "--json"], back),
        "hand": Case(sk + ["hand", name] + words, restorer(pristine, path)),
        "edit": Case(sk + ["edit", name, middle, "note=bench"], back),
        "undo": Case(sk + ["undo", name], back),
        "redo": Case(sk + ["redo", name], undone(sk, path, full)),
        "insert": Case(sk + ["insert", name, middle] + again, back),
        "delete": Case(sk + ["delete", name, middle], back),
        "settle": Case(sk + ["settle", name], back),
        "check": Case(sk + ["check", name], back),
        "export": Case(sk + ["export", name], back),
        "chart": Case(sk + ["chart", name], back),
        "report": Case(sk + ["report", name, "--html", str(folder.parent / "night.html")], back),
    }
    return {f"{game} {key}": case for key, case in cases.items()}


def undone(sk: List[str], path: Path, full: Path) -> Callable[[], None]:
    """What puts the night back as `undo` left it (the file and the side file `redo` reads)."""
    back = restorer(full, path)
    back()
    run(sk + ["undo", path.stem])
    from scorekeeper.store.paths import undone_path

    kept = {file: file.with_name(file.name + ".after-undo") for file in (path, undone_path(path))}
    for file, copy in kept.items():
        shutil.copyfile(file, copy)
    back()

    def put_back() -> None:
        for file, copy in kept.items():
            shutil.copyfile(copy, file)

    return put_back


def alone_cases(sk: List[str], folder: Path, game: str) -> Dict[str, Case]:
    """The commands of a whole folder (`list`, `stats`) on a folder holding that one night:
    a command on a 100-hand night, as the target is worded."""
    alone = folder.parent / f"only-{game}"
    alone.mkdir()
    shutil.copyfile(folder / f"night-{game}.yaml", alone / f"night-{game}.yaml")
    one = [*sk[:-2], "--dir", str(alone)]  # (sk ends with --dir FOLDER)
    return {f"{game} list": Case(one + ["list"]), f"{game} stats": Case(one + ["stats"])}


def folder_cases(sk: List[str], folder: Path, games: List[str]) -> Dict[str, Case]:
    """The commands of the whole folder (every night in it: `list` and `stats` over several
    nights, shown without a target) and of none."""
    fresh = folder / "bench-new.yaml"
    nights = f"{len(games)} night{'s' if len(games) > 1 else ''}"
    return {
        "new": Case(sk + ["new", "bench-new", "--like", f"night-{games[0]}"],
                    lambda: fresh.unlink(missing_ok=True)),
        f"list ({nights})": Case(sk + ["list"]),
        f"stats ({nights})": Case(sk + ["stats"]),
        "games": Case(sk + ["games"]),
        "games cinch": Case(sk + ["games", "cinch"]),
        "--version": Case(command() + ["--version"]),  # bare, as typed (no --dir): before Typer
        "--help": Case(command() + ["--help"]),
    }


def per_round(case: Case, floor: Case) -> float:
    """The median over the rounds of the command's CPU over the floor's in the same round: a
    check on the ratio of the least times when the machine's speed drifts during the run (the
    least of each may come from different minutes)."""
    ratios = sorted(c / f for c, f in zip(case.cpu, floor.cpu))
    return ratios[len(ratios) // 2]


def instructions(case: Case) -> int:
    """The instructions one run of the case executes (valgrind's callgrind: user space only),
    after a run to warm up (byte-code compiled and cached, as in `measure`)."""
    case.once()
    if case.reset is not None:
        case.reset()
    # (one hash seed for every run: a string's hash moves a dict's collisions, ~0.7M instructions)
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *case.args],
                          cwd=str(ROOT), env={**ENV, "PYTHONHASHSEED": "0"}, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"{' '.join(case.args)} failed under valgrind: {done.stderr[-500:]}")
    return int(found.group(1))


def print_instructions(cases: Dict[str, Case]) -> None:
    counts = {name: instructions(case) for name, case in cases.items() if name not in ("floor, gc on", "python -c pass")}
    floor = counts.pop("floor")
    print(f"instructions (callgrind), one run each; floor (gc off; import typer, yaml, tabulate): {floor / 1e6:.1f}M"
          f"{ON_PATH_NOTE}")
    for name, count in counts.items():
        print(f"  {name:28} {count / 1e6:7.1f}M  ratio {count / floor:.3f}", flush=True)


def editable() -> bool:
    """The project is installed editable in this Python (its finder imported at every start)."""
    import site

    return any(p.name.startswith("__editable__") for d in site.getsitepackages() for p in Path(d).glob("__editable__*scorekeeper*"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--games", default=",".join(sittings.MIXED))
    parser.add_argument("--instructions", action="store_true", help="count instructions under callgrind instead")
    parser.add_argument("--pin", type=int, metavar="CORE", help="run on this core alone, the commands too")
    options = parser.parse_args()
    if options.pin is not None:
        os.sched_setaffinity(0, {options.pin})  # (inherited by every process started after)
    games = options.games.split(",")
    work = Path(tempfile.mkdtemp(prefix="sk-bench-"))
    folder = work / "sessions"
    sk = command() + ["--dir", str(folder)]
    try:
        cases: Dict[str, Case] = {"floor": Case([sys.executable, "-c", FLOOR]),
                                  "floor, gc on": Case([sys.executable, "-c", "import typer, yaml, tabulate"]),
                                  "python -c pass": Case([sys.executable, "-c", "pass"])}
        for game in games:
            cases.update(night_cases(sk, folder, game))
        for game in games:
            cases.update(alone_cases(sk, folder, game))
        cases.update(folder_cases(sk, folder, games))
        if options.instructions:
            print_instructions(cases)
            return
        measure(cases, options.runs)  # (children without PYTHONDONTWRITEBYTECODE: bench_scale.ENV)
        floor = cases["floor"].best
        print(f"command: {' '.join(command())}{' (an EDITABLE install: see above)' if editable() else ''}"
              f"{ON_PATH_NOTE}"
              f"{f'; pinned to core {options.pin}' if options.pin is not None else ''}")
        print(f"{HANDS}-hand nights; runs: {options.runs} each, interleaved; the least CPU time of each")
        print(f"floor (gc off; import typer, yaml, tabulate): {floor * 1000:.1f} ms")
        plain = cases["floor, gc on"].best  # as the issue words it (and bench_cli measured before)
        print(f"floor with the collector on: {plain * 1000:.1f} ms (second ratio)")
        print(f"python -c pass: {cases['python -c pass'].best * 1000:.1f} ms")
        worst: Dict[str, float] = {}
        for name, case in cases.items():
            if name in ("floor", "floor, gc on", "python -c pass"):
                continue
            ratio = case.best / floor
            command_name = name.split(" ", 1)[1] if name.split(" ", 1)[0] in games else name
            # several nights in one command: shown, no target (the target is a 100-hand night's)
            target = None if command_name.startswith(("list (", "stats (")) else \
                HAND_TARGET if command_name == "hand" else TARGET
            worst[command_name] = max(worst.get(command_name, 0.0), ratio)
            over = "" if target is None or ratio <= target else f"  OVER {target}"
            print(f"  {name:28} {case.best * 1000:6.1f} ms  ratio {ratio:.2f} ({case.best / plain:.2f})"
                  f" [{per_round(case, cases['floor']):.2f}]{over}", flush=True)
        print("worst ratio of each command: " + ", ".join(f"{k} {v:.2f}" for k, v in worst.items()))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
