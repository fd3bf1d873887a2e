"""The reliability campaign of issue 31, kept in the suite and sized for CI.

Generated runs: a tally sitting driven by random commands (hands, mistakes, corrections, hands
inserted and deleted, undos, redos, hands written into the file by hand, the undo file edited by hand) against a model of
the hands, with oracles: `show --json` counts every player the sum of his points in the model
(the tally sums); `hand --json` says what `show --json` says just after; a refused command
leaves the file byte for byte; `redo` restores the file the `undo` found, byte for byte; a hand
written by hand counts as the same hand typed. Quick runs every time, long ones with `-m slow`
(docs/reliability.md gives the figures).

The kill test with board posts: a board taking reports from the tables' phones is SIGKILLed at
random instants while they post; after each kill the file loads and holds every report the
board acknowledged, once each and in order, and at most one more.
"""

from __future__ import annotations

import random
import re
import signal
import threading
import time
from typing import Dict, List, Tuple

import pytest

from .conftest import Cli

PLAYERS = ("Ann", "Bob", "Cid")
Model = List[Dict[str, int]]
# Scores as a person writes them into the file, and what each means typed as FIELD=VALUE.
WRITTEN = [("7", 7), ("-12", -12), ("'5'", 5), ('"-3"', -3), ("0", 0), ("+4", 4), ("40", 40), ("012", 12),
           ("-007", -7)]
REFUSED = ["1:30", "0x1F", "1_0", "0b11", "1e3", "yes", "1.5"]  # what YAML 1.1 read as numbers
NOTES = ["plain", "it's Ann's", 'he said "hi"', "a: colon", "# not a comment", "=HYPERLINK(\"x\")", "Zoë"]


class Run:
    """One generated run: the sitting, the model of its hands, the undos that can be redone."""

    def __init__(self, cli: Cli, seed: int):
        self.cli, self.rng = cli, random.Random(seed)
        self.name = f"r{seed}"
        self.path = cli.file(self.name)
        cli.new(self.name, "tally", ",".join(PLAYERS))
        self.model: Model = []
        # what undo took back: (the file before the undo, the step that puts it back: "append",
        # "swap" or "put", at which hand, the hand)
        self.redo: List[Tuple[bytes, str, int, Dict[str, int]]] = []
        # the changes undo takes back before the last hand (issue 30): an edit ("swap" back to
        # the old hand), and the hands logged after one ("drop"), latest last
        self.done: List[Tuple[str, int, Dict[str, int]]] = []
        self.by_hand = False  # the file holds lines a person wrote, not yet saved by the program
        self.counts: Dict[str, int] = {}

    def step(self) -> None:
        action = self.rng.choices(
            ["hand", "mistake", "edit", "insert", "delete", "undo", "redo", "by hand", "side file"],
            weights=[30, 12, 12, 5, 5, 14, 12, 12, 8])[0]
        self.counts[action] = self.counts.get(action, 0) + 1
        getattr(self, "do_" + action.replace(" ", "_"))()
        self.check()

    def scores(self) -> Dict[str, int]:
        return {p: self.rng.randint(-60, 60) for p in self.rng.sample(PLAYERS, self.rng.randint(1, 3))}

    def do_hand(self) -> None:
        scores = self.scores()
        args = [f"{p}={v}" for p, v in scores.items()]
        if self.rng.random() < 0.3:
            args.append(f"note={self.rng.choice(NOTES)}")
        said = self.cli.json("hand", self.name, *args)
        shown = self.cli.json("show", self.name)
        # hand --json says what show --json says just after
        assert (said["hand"], said["scores"], said["next_dealer"]) == (shown["hands"], shown["scores"],
                                                                      shown["next_dealer"])
        assert said["changes"] == shown["effects"][-1]["changes"]
        if self.done:
            self.done.append(("drop", len(self.model), scores))
        self.model.append(scores)
        self.redo.clear()
        self.by_hand = False

    def do_mistake(self) -> None:
        args = self.rng.choice([["Ann=x"], ["Dee=3"], ["Ann=1", "ann=2"], ["Ann=1e3"], ["Bob=٣"],
                                ["Ann=1", "at=yesterday"], ["Cid=99999999999999999999"], []])
        command = self.rng.choice([["hand", self.name, *args], ["edit", self.name, str(len(self.model) + 1), "Ann=1"]])
        result = self.cli(*command)
        assert result.exit_code in (1, 2) and result.stderr.startswith("error: ") and result.stdout == ""
        assert "Traceback" not in result.output

    def do_edit(self) -> None:
        if not self.model:
            return
        number = self.rng.randint(1, len(self.model))
        player, value = self.rng.choice(PLAYERS), self.rng.randint(-60, 60)
        self.cli.ok("edit", self.name, str(number), f"{player}={value}")
        self.done.append(("swap", number - 1, dict(self.model[number - 1])))
        self.model[number - 1][player] = value
        self.redo.clear()
        self.by_hand = False

    def do_insert(self) -> None:
        """A forgotten hand logged before hand N (one past the last: at the end)."""
        at = self.rng.randint(0, len(self.model))
        scores = self.scores()
        self.cli.ok("insert", self.name, str(at + 1), *[f"{p}={v}" for p, v in scores.items()])
        self.done.append(("drop", at, scores))
        self.model.insert(at, scores)
        self.redo.clear()
        self.by_hand = False

    def do_delete(self) -> None:
        """A hand logged twice, removed."""
        if not self.model:
            self.cli.refused(self.name, "delete", self.name, "1", code=2)
            return
        at = self.rng.randint(0, len(self.model) - 1)
        self.cli.ok("delete", self.name, str(at + 1))
        self.done.append(("put", at, self.model.pop(at)))
        self.redo.clear()
        self.by_hand = False

    def do_undo(self) -> None:
        if not self.model and not self.done:  # (the last hand deleted: undo puts it back)
            self.cli.refused(self.name, "undo", self.name)
            return
        before = self.path.read_bytes()
        self.cli.ok("undo", self.name)
        if self.done:  # the last change in the middle, taken back
            step, at, hand = self.done.pop()
            if step == "swap":
                self.redo.append((before, "swap", at, self.model[at]))
                self.model[at] = hand
            elif step == "put":  # a delete taken back
                self.model.insert(at, hand)
                self.redo.append((before, "drop", at, hand))
            else:
                self.redo.append((before, "put", at, self.model.pop(at)))
            return
        # a line written by hand is saved in the program's form (`+4` as 4): redo restores the
        # file byte for byte as the program writes it
        self.redo.append((before, "append", len(self.model) - 1,
                          {**self.model.pop(), **({"edited by hand": 1} if self.by_hand else {})}))
        self.by_hand = False

    def do_redo(self) -> None:
        if not self.redo:
            assert self.cli.refused(self.name, "redo", self.name).stderr.startswith("error: nothing to redo")
            return
        before, step, at, hand = self.redo.pop()
        self.cli.ok("redo", self.name)
        if not hand.pop("edited by hand", 0):
            assert self.path.read_bytes() == before  # byte for byte
        else:  # the file holds the hand as edited, so the steps undone before it put back the
            # files they took, that hand aside: counted, not compared byte for byte
            self.redo = [(b, s, a, {**h, "edited by hand": 1}) for b, s, a, h in self.redo]
        if step == "append":
            self.model.append(hand)
        elif step == "swap":
            self.done.append(("swap", at, self.model[at]))
            self.model[at] = hand
        elif step == "drop":  # a delete made again
            self.done.append(("put", at, self.model.pop(at)))
        else:
            self.done.append(("drop", at, hand))
            self.model.insert(at, hand)

    def do_by_hand(self) -> None:
        """A hand written into the file by a person, with the scalars as people write them."""
        scores: Dict[str, int] = {}
        written = []
        for player in self.rng.sample(PLAYERS, self.rng.randint(1, 3)):
            text, value = self.rng.choice(WRITTEN)
            written.append(f"{player}: {text}")
            scores[player] = value
        if self.rng.random() < 0.4:
            note = self.rng.choice(NOTES)
            written.append("note: '" + note.replace("'", "''") + "'")
        original = self.path.read_text()
        text = original
        if text.rstrip().endswith("hands: []"):
            text = text.rstrip()[:-len(" []")] + "\n"
        if self.rng.random() < 0.2:  # a value the command line refuses: refused at its line, too
            wrong = f"{self.rng.choice(PLAYERS)}: {self.rng.choice(REFUSED)}"
            self.path.write_text(text + "- {" + wrong + "}\n")
            line = text.count("\n") + 1
            r = self.cli("check", self.name)
            assert r.exit_code == 1 and f"{self.path}:{line}: " in r.output, (wrong, r.output)
            self.path.write_text(original)
            self.counts["refused by hand"] = self.counts.get("refused by hand", 0) + 1
            return
        self.path.write_text(text + "- {" + ", ".join(written) + "}\n")
        self.cli.ok("check", self.name)
        self.model.append(scores)
        self.redo.clear()  # the file changed since the undos: nothing to redo
        self.done.clear()  # nor to take back before the last hand
        self.by_hand = True

    def do_side_file(self) -> None:
        """The undo file edited by hand: a score of the hand waiting to be redone changed."""
        side = self.path.with_name(f".{self.path.name}.undone")
        if not self.redo or not side.exists():
            return
        text = side.read_text()
        last = text.rstrip("\n").rsplit("\n", 1)[-1]
        found = re.search(r"\b(Ann|Bob|Cid): (-?\d+)", last)
        if found is None:
            return
        value = int(found.group(2)) + 1
        side.write_text(text.replace(last, last.replace(found.group(0), f"{found.group(1)}: {value}", 1)))
        before, step, at, hand = self.redo[-1]
        self.redo[-1] = (before, step, at, {**hand, found.group(1): value, "edited by hand": 1})

    def check(self) -> None:
        shown = self.cli.json("show", self.name)
        assert shown["hands"] == len(self.model)
        sums = {p: sum(h.get(p, 0) for h in self.model) for p in PLAYERS}  # the tally sums
        assert shown["scores"] == sums


def _campaign(cli: Cli, runs: int, steps: int) -> Dict[str, int]:
    counts: Dict[str, int] = {}
    for seed in range(runs):
        run = Run(cli, seed)
        for _ in range(steps):
            run.step()
        for action, n in run.counts.items():
            counts[action] = counts.get(action, 0) + n
    return counts


def test_generated_runs_hold_every_oracle(cli):
    counts = _campaign(cli, runs=3, steps=40)
    assert sum(counts[a] for a in counts if a != "refused by hand") == 120 and counts["redo"] and counts["by hand"]


@pytest.mark.slow
def test_long_generated_runs_hold_every_oracle(cli):
    counts = _campaign(cli, runs=6, steps=100)  # 20 runs cost 22 s of the suite's 120 s of CPU
    print(f"\ncampaign: {sum(counts.values())} steps: {counts}")
    assert sum(counts[a] for a in counts if a != "refused by hand") == 600


# ---------------------------------------------------------------- the board killed while tables post


KILLS = 6


@pytest.mark.slow
def test_a_board_killed_while_tables_post_loses_no_acknowledged_report(cli, tmp_path):
    pytest.importorskip("starlette")
    httpx = pytest.importorskip("httpx")
    from .test_board_live import Server

    cli.new("k", "tally", ",".join(PLAYERS))
    acknowledged: List[int] = []
    sent = 0
    rng = random.Random(31)
    for kill in range(KILLS):
        server = Server(cli.folder, "k", "--entry")
        stop = threading.Event()

        def post(first: int) -> None:
            number = first
            with httpx.Client(timeout=10) as client:
                while not stop.is_set():
                    try:
                        answer = client.post(server.url + "hand", headers={"origin": server.url.rstrip("/")},
                                             data={"Ann": "1", "note": f"report {number}", "code": server.code or ""})
                    except httpx.HTTPError:
                        return  # the board is gone: this report may or may not be logged
                    if answer.status_code != 200:
                        return
                    acknowledged.append(number)
                    number += 1

        poster = threading.Thread(target=post, args=(sent,), daemon=True)
        already = len(acknowledged)
        poster.start()
        for _ in range(600):  # the first report of this board acknowledged (at most 60 s)
            if len(acknowledged) > already or not poster.is_alive():
                break
            time.sleep(0.1)
        time.sleep(rng.uniform(0.0, 0.8))  # then a random instant: where the kill falls, not a bound asserted
        server.proc.send_signal(signal.SIGKILL)
        server.proc.wait(timeout=30)
        stop.set()
        poster.join(timeout=30)
        assert not poster.is_alive()
        logged = _reports(cli)
        # every acknowledged report, once each, in order, and at most one more
        assert logged[:len(acknowledged)] == acknowledged, (logged, acknowledged)
        assert len(logged) - len(acknowledged) <= 1
        acknowledged[:] = logged
        sent = len(logged) + 100 * (kill + 1)  # the next board's reports numbered apart
    print(f"\nboard kills: {KILLS}, reports logged: {len(acknowledged)}")
    assert len(acknowledged) >= KILLS


def _reports(cli: Cli) -> List[int]:
    """The reports' numbers, as the file holds them (read as every command reads it)."""
    cli.ok("check", "k")
    return [int(n) for n in re.findall(r"note: report (\d+)", cli.file("k").read_text())]
