"""How quickly does `scorekeeper board` show a hand, and how many reports a second does it take?

Starts the board as a user does (`python -m scorekeeper board NAME --port P --entry`) on a
tally sitting of --hands hands, then, all in the same run:

1. Latency: a hand is saved by another process's ledger (as `scorekeeper hand` saves it), and
   the time from the file written (the save returned) to the Server-Sent Event received on
   `GET /events` is measured, --samples times, at random moments against the board's poll.
   Baseline: half the poll interval (the mean wait for the next look at the file) plus the
   time the board's own work takes in process (reading, replaying and rendering the file, as
   `Board.view` does it), measured here. Ratio: median latency / baseline.
2. Time to the page: a phone opening the board (`GET /`, its style and script, the first
   event on `/events`: what the page needs to show the board), --samples times. Baseline: the
   board's own read+render in process, as above, plus four HTTP round trips of a request that
   does no work (`GET /favicon.ico`): the page's four requests. Ratio: median time to the page /
   baseline.
3. Throughput: --tables clients post --each reports as fast as they are answered (twenty
   tables at once), and the reports a second are counted, with the board's CPU seconds per
   report (its /proc stat). Baseline: the same number of hands saved by `ledger.add_hand`
   called in one process, one after another (the command line's own work, without its
   start-up). Ratio: board reports a second / direct saves a second.

    python bench/bench_board.py [--hands 12] [--samples 30] [--tables 20] [--each 5]

Needs the board extra (starlette, uvicorn, sse-starlette) and httpx.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import List

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from bench.sittings import sitting  # noqa: E402
from scorekeeper import ledger, store  # noqa: E402
from scorekeeper.store.save import save  # noqa: E402
from scorekeeper.board.app import POLL_SECONDS  # noqa: E402
from scorekeeper.board.source import Board  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_board(folder: Path, name: str) -> tuple:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "--dir", str(folder), "board", name,
                             "--port", str(port), "--entry"], stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    code = ""
    while not code:
        line = proc.stdout.readline()
        if line.startswith("code: "):
            code = line.split()[1]
    return proc, url, code


def latency(url: str, path: Path, samples: int) -> List[float]:
    """File written -> event received, each in seconds."""
    received: List[float] = []
    ready = threading.Event()
    done = threading.Event()

    def listen() -> None:
        with httpx.stream("GET", url + "events", timeout=30) as stream:
            for line in stream.iter_lines():
                if line.startswith("data:"):
                    if not ready.is_set():
                        ready.set()
                        continue
                    received.append(time.perf_counter())
                    if len(received) >= samples:
                        done.set()
                        return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    ready.wait(30)
    written: List[float] = []
    rng = random.Random(7)
    for i in range(samples):
        time.sleep(rng.uniform(0.05, 0.3))  # at random moments against the poll
        ledger.at_once(ledger.add_hand, path, {"Ann": str(i), "Bob": "1"})
        written.append(time.perf_counter())
        deadline = time.monotonic() + 10
        while len(received) <= i and time.monotonic() < deadline:
            time.sleep(0.002)
    done.wait(10)
    return [r - w for r, w in zip(received, written)]


def page_seconds(url: str, samples: int) -> List[float]:
    """A fresh client opening the page: the shell, its style and script, the first event."""
    times = []
    for _ in range(samples):
        with httpx.Client(timeout=30) as client:
            start = time.perf_counter()
            for asset in ("", "board.css", "board.js"):
                client.get(url + asset).raise_for_status()
            with client.stream("GET", url + "events") as stream:
                next(line for line in stream.iter_lines() if line.startswith("data:"))
            times.append(time.perf_counter() - start)
    return times


def round_trip(url: str, samples: int) -> float:
    with httpx.Client(timeout=30) as client:
        times = []
        for _ in range(samples):
            start = time.perf_counter()
            client.get(url + "favicon.ico").raise_for_status()
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def view_seconds(path: Path, runs: int = 10) -> float:
    board = Board(path, entry=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        board.view()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def throughput(url: str, code: str, tables: int, each: int) -> float:
    """Reports a second, `tables` clients posting `each` reports at once."""
    barrier = threading.Barrier(tables + 1)
    failures: List[str] = []

    def table(n: int) -> None:
        with httpx.Client(timeout=120) as client:
            barrier.wait()
            for k in range(each):
                answer = client.post(url + "hand", data={"Ann": str(n), "Bob": str(k), "code": code})
                if answer.status_code != 200:
                    failures.append(answer.text)

    threads = [threading.Thread(target=table, args=(n,)) for n in range(tables)]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    assert not failures, failures[:3]
    return tables * each / elapsed


def direct(path: Path, count: int) -> float:
    """Saves a second through ledger.add_hand in one process."""
    start = time.perf_counter()
    for k in range(count):
        ledger.at_once(ledger.add_hand, path, {"Ann": "1", "Bob": str(k)})
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--each", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="sk-bench-board-"))
    try:
        path = work / "night.yaml"
        save(sitting("tally", args.hands, name="night"), path)
        twin = work / "twin.yaml"
        proc, url, code = start_board(work, "night")
        try:
            view = view_seconds(path)
            waits = latency(url, path, args.samples)
            base = POLL_SECONDS / 2 + view
            print(f"sitting: tally, {args.hands} hands; poll {POLL_SECONDS * 1000:.0f} ms; the board's "
                  f"read+render in process {view * 1000:.1f} ms")
            print(f"latency, file written -> event received ({len(waits)} samples): median "
                  f"{statistics.median(waits) * 1000:.0f} ms, 90th percentile "
                  f"{sorted(waits)[int(len(waits) * 0.9) - 1] * 1000:.0f} ms, max {max(waits) * 1000:.0f} ms; "
                  f"ratio to poll/2 + read {statistics.median(waits) / base:.2f}")
            pages = page_seconds(url, args.samples)
            trip = round_trip(url, args.samples)
            print(f"time to the page (shell, style, script, first event; {len(pages)} samples): median "
                  f"{statistics.median(pages) * 1000:.1f} ms, max {max(pages) * 1000:.1f} ms; ratio to "
                  f"read+render + four round trips ({trip * 1000:.1f} ms each) "
                  f"{statistics.median(pages) / (view + 4 * trip):.2f}")
            shutil.copy(path, twin)  # the direct saves start from the same sitting
            cpu_before = cpu_seconds(proc.pid)
            rate = throughput(url, code, args.tables, args.each)
            cpu = (cpu_seconds(proc.pid) - cpu_before) / (args.tables * args.each)
            count = args.tables * args.each
            base_rate = direct(twin, count)
            print(f"throughput, {args.tables} tables posting {args.each} reports each at once: "
                  f"{rate:.1f} reports/s ({cpu * 1000:.1f} ms of the board's CPU each); "
                  f"ledger.add_hand in one process: {base_rate:.1f}/s; ratio {rate / base_rate:.2f}")
            state = json.loads(httpx.get(url + "state.json").text)
            assert state["hands"] == args.hands + args.samples + count, state["hands"]
        finally:
            proc.terminate()
            proc.wait(10)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
