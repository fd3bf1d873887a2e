"""Every kind of change on every bundled sitting, undone and redone, with no model of any
game's scoring: random corrections, inserted, deleted and logged hands, each built from the
sitting's own hands. A change refused is one `error:` line and the file byte for byte as it
was; a change made leaves a file `check` accepts; an undo right after it gives back the file
before it byte for byte, and a redo then the file after it.

Run here at a size for CI (a seed and 8 changes a sitting); at the ninth stop of issue 34 it
ran 6 seeds of 150 changes on each of the 20 sittings (`META_SEEDS=6 META_STEPS=150`:
18,000 changes) and every oracle held."""

from __future__ import annotations

import os
import random
import shutil
from typing import Any, Dict, List, Mapping, Optional

import pytest

from scorekeeper import store
from scorekeeper.render.sitting import field_text

from .test_changes import BUNDLED  # every bundled sitting but the parties

SEEDS = int(os.environ.get("META_SEEDS", "1"))
STEPS = int(os.environ.get("META_STEPS", "8"))
KEPT = ("at", "corrected")  # a hand's time stays; `corrected` is the program's own mark


def words(fields: Mapping[str, Any], old: Optional[Mapping[str, Any]] = None) -> List[str]:
    """FIELD=VALUE for a hand's fields; with the `old` hand's, its other fields removed (`k=`)."""
    given = [f"{k}={field_text(v)}" for k, v in fields.items() if k not in KEPT]
    return given + [f"{k}=" for k in (old or {}) if k not in fields and k not in KEPT]


@pytest.mark.slow  # every bundled sitting: run by the full suite (CI)
@pytest.mark.parametrize("seed", range(SEEDS))
@pytest.mark.parametrize("example", BUNDLED, ids=lambda p: p.stem)
def test_a_change_is_refused_cleanly_or_undone_and_redone_byte_for_byte(cli, example, seed):
    rng = random.Random(f"{example.stem}-{seed}")
    cli.folder.mkdir(parents=True)
    path = cli.folder / "m.yaml"
    shutil.copyfile(example, path)
    cli.ok("edit", "m", "1", "note=x")  # the file as the program writes it (every rule, defaults too)
    cli.ok("undo", "m")
    pool: List[Dict[str, Any]] = [dict(h.fields) for h in store.load(path).hands]
    for _ in range(STEPS):
        hands = store.load(path).hands
        donor = rng.choice(pool)
        kind = rng.choice(["edit", "insert", "delete", "hand"]) if hands else "hand"
        if kind == "edit":
            number = rng.randrange(len(hands))
            args = ["edit", "m", str(number + 1), *words(donor, hands[number].fields)]
        elif kind == "insert":
            args = ["insert", "m", str(rng.randint(1, len(hands) + 1)), *words(donor)]
        elif kind == "delete":
            args = ["delete", "m", str(rng.randint(1, len(hands)))]
        else:
            args = ["hand", "m", *words(donor)]
        before = path.read_bytes()
        done = cli(*args)
        if done.exit_code:
            assert done.exit_code in (1, 2) and done.stdout == "", (args, done.output)
            assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, (args, done.stderr)
            assert path.read_bytes() == before, args
            continue
        after = path.read_bytes()
        cli.ok("check", "m")
        if rng.random() < 0.5:
            cli.ok("undo", "m")
            assert path.read_bytes() == before, (args, "the undo did not give back the file")
            cli.ok("redo", "m")
            assert path.read_bytes() == after, (args, "the redo did not give back the change")
