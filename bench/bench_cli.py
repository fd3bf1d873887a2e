"""How instant do `scorekeeper show` and `scorekeeper hand` feel?

Times each command against the floor `python -c "import typer, yaml, tabulate"` (the
libraries every command needs anyway), all in the same run, interleaved so that machine
load affects every measurement alike, and prints the ratio of the least CPU time (user +
sys, from getrusage around each process: steady on a shared machine, where wall time is
not) of each. Target: <= 1.25.

    python bench/bench_cli.py [--runs 30]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def command() -> list:
    script = Path(sys.executable).with_name("scorekeeper")
    return [str(script)] if script.exists() else [sys.executable, "-m", "scorekeeper"]


def timed(args: list, cwd: str) -> float:
    """The CPU time (user + sys) of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs
    sk = command()
    work = tempfile.mkdtemp(prefix="sk-bench-")
    try:
        os.mkdir(os.path.join(work, "sessions"))  # ./sessions here, not the user data folder
        subprocess.run(sk + ["new", "bench", "--game", "tally", "--players", "Ann,Bob,Cid,Dee"],
                       cwd=work, check=True, stdout=subprocess.DEVNULL)
        for i in range(12):  # a small sitting: a dozen hands
            subprocess.run(sk + ["hand", "bench", f"Ann={i}", "Bob=3", "Cid=-2"], cwd=work, check=True,
                           stdout=subprocess.DEVNULL)
        cases = {
            "floor": [sys.executable, "-c", "import typer, yaml, tabulate"],
            "show": sk + ["show", "bench"],
            "hand": sk + ["hand", "bench", "Ann=1", "Bob=2"],
        }
        bundled = sorted(Path(__file__).resolve().parent.parent.joinpath("sessions", "examples").glob("*.yaml"))
        for path in bundled:  # each game's own module is imported too: show every bundled sitting
            party = path.read_text(encoding="utf-8").startswith("format: scorekeeper/1\nkind: party")
            cases[f"show {path.name}"] = sk + (["party", "show"] if party else ["show"]) + [str(path)]
        times = {name: [] for name in cases}
        for args in cases.values():  # warm-up: caches byte-code and the OS file cache
            timed(args, work)
        for _ in range(runs):
            for name, args in cases.items():
                times[name].append(timed(args, work))
        floor = min(times["floor"])
        print(f"runs: {runs} each, interleaved; the least CPU time of each")
        print(f"floor (import typer, yaml, tabulate): {floor * 1000:.1f} ms")
        for name in cases:
            if name != "floor":
                best = min(times[name])
                print(f"scorekeeper {name}: {best * 1000:.1f} ms  ratio {best / floor:.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    os.environ.pop("SCOREKEEPER_DIR", None)
    # Measure what a user's installed copy does: byte-code cached after the first run.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    main()
