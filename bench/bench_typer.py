"""Start-up of `scorekeeper` on several Typer versions, each against its own floor.

Give one virtual environment per Typer version, each with scorekeeper installed into it
(`pip install --no-deps .`, so that it is byte-compiled as an installed copy is) and with
typer, PyYAML and tabulate:

    python bench/bench_typer.py /work/venv-typer-0.24.2 /work/venv-typer-0.29.2 [--runs 15]

Every case of every environment is run in turn, round after round (interleaved, so that the
load of the machine falls on all alike); the medians and each environment's ratio to its
own floor (`python -c "import typer, yaml, tabulate"`, what every command needs anyway)
are printed. Target: at most 1.25. It also says whether a command loaded pydantic.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Dict, List


def timed(args: List[str], cwd: str) -> float:
    start = time.perf_counter()
    subprocess.run(args, cwd=cwd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("venvs", nargs="+")
    parser.add_argument("--runs", type=int, default=15)
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="sk-bench-typer-")
    try:
        cases: Dict[str, Dict[str, List[str]]] = {}
        versions = {}
        for venv in options.venvs:
            python = str(Path(venv) / "bin" / "python")
            sk = [str(Path(venv) / "bin" / "scorekeeper")]
            versions[venv] = subprocess.run([python, "-c", "import typer; print(typer.__version__)"],
                                            capture_output=True, text=True, check=True).stdout.strip()
            folder = Path(work) / versions[venv]
            subprocess.run(sk + ["--dir", str(folder), "new", "bench", "--game", "tally", "--players",
                                 "Ann,Bob,Cid,Dee"], check=True, stdout=subprocess.DEVNULL)
            for i in range(12):
                subprocess.run(sk + ["--dir", str(folder), "hand", "bench", f"Ann={i}", "Bob=3"],
                               check=True, stdout=subprocess.DEVNULL)
            cases[venv] = {
                "floor": [python, "-c", "import typer, yaml, tabulate"],
                "show": sk + ["--dir", str(folder), "show", "bench"],
                "hand": sk + ["--dir", str(folder), "hand", "bench", "Ann=1"],
                "usage mistake": sk + ["--dir", str(folder), "show"],
            }
            check = ("import sys, runpy; sys.argv = ['scorekeeper', '--dir', %r, 'show', 'bench']\n"
                     "try:\n    runpy.run_module('scorekeeper', run_name='__main__')\n"
                     "except SystemExit:\n    pass\n"
                     "print('pydantic' in sys.modules, 'click' in sys.modules, file=sys.stderr)")
            loaded = subprocess.run([python, "-c", check % str(folder)], capture_output=True, text=True)
            pydantic, click = loaded.stderr.split()[-2:]
            versions[venv] += f" (show loads pydantic: {pydantic}; click: {click})"
        times = {venv: {name: [] for name in c} for venv, c in cases.items()}
        for venv, c in cases.items():  # warm-up
            for args in c.values():
                timed(args, work)
        for _ in range(options.runs):
            for venv, c in cases.items():
                for name, args in c.items():
                    times[venv][name].append(timed(args, work))
        for venv in options.venvs:
            floor = statistics.median(times[venv]["floor"])
            print(f"typer {versions[venv]}")
            for name, values in times[venv].items():
                median = statistics.median(values)
                print(f"  {name:14} {median * 1000:7.1f} ms  {median / floor:5.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
