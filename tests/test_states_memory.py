"""What a correction keeps grows as the hands do, in every game: a replay made to correct a
hand (`ledger.check_session(..., keep=N)`) keeps its end state, every hand's effect and the
state before hand N, and no more.

Measured as the bytes of every distinct object the replay reaches (`sys.getsizeof`), for a
sitting of N hands and of 2N: linear, their ratio is about 2. The sittings are grown as the
benchmarks grow them (bench/sittings.py: the bundled example's hands, shuffled, each kept when
the game accepts it)."""

from __future__ import annotations

import gc
import sys
import types
from typing import Any, Iterable

import pytest

from scorekeeper import ledger
from tests.conftest import bench_sittings

sittings = bench_sittings()
HANDS = 400
LINEAR = 2.2  # the ratio of the bytes kept for 2N hands to those kept for N
# what a state may refer to without owning it: its class, the modules and functions behind it
_SHARED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def kept_bytes(roots: Iterable[Any]) -> int:
    """The bytes of every distinct object reachable from `roots`, each counted once."""
    seen = set()
    total = 0
    todo = list(roots)
    while todo:
        found = todo.pop()
        if id(found) in seen or isinstance(found, _SHARED):
            continue
        seen.add(id(found))
        total += sys.getsizeof(found)
        todo.extend(gc.get_referents(found))
    return total


@pytest.mark.parametrize("case", sittings.cases())
def test_what_a_correction_keeps_grows_as_the_hands_do(case):
    longer = sittings.sitting(case, 2 * HANDS)
    kept = []
    for hands in (HANDS, 2 * HANDS):
        replayed = ledger.check_session(longer.with_hands(longer.hands[:hands]), keep=hands // 2)
        assert replayed.folded is not None and replayed.folded.kept is not None
        kept.append(kept_bytes([replayed.folded]))
    assert kept[1] / kept[0] < LINEAR, f"{case}: {kept[0]:,} bytes at {HANDS} hands, {kept[1]:,} at {2 * HANDS}"
