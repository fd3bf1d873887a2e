"""The hands built straight from their YAML nodes (the fast path for long sittings) are exactly
those PyYAML builds: values, field lines, sources, and the same refusals."""

import pytest

from scorekeeper import store
from scorekeeper.model import ScorekeeperError
from tests.conftest import SESSIONS

TRICKY = """format: scorekeeper/1
game: tally
players: [Ann, Bob]
hands:
- {Ann: 012, Bob: -0, note: '12', at: 2026-11-29T19:29:18}
- {Ann: 0x1f, Bob: 1_000, note: yes, x: 1:30, y: +5, z: ~, w: 1.5, v: [1, 2], u: {a: 1}}
- Ann: -12
  Bob: 0
  7: seven
  true: yes
"""


def both(text: str):
    quick = store.parse(text, "x.yaml")
    slow = store.parse(text + "# & forces PyYAML's own path\n", "x.yaml")
    return quick, slow


@pytest.mark.parametrize("path", sorted(SESSIONS.glob("*.yaml")), ids=lambda p: p.name)
def test_bundled_sittings_load_the_same_either_way(path):
    text = path.read_text(encoding="utf-8")
    try:
        quick, slow = both(text)
    except store.PartyFile:
        return
    assert quick == slow


def test_every_kind_of_value_loads_the_same_either_way():
    quick, slow = both(TRICKY)
    assert quick.hands == slow.hands
    assert [h.field_lines for h in quick.hands] == [h.field_lines for h in slow.hands]
    assert quick.hands[0].fields["Ann"] == 10 and quick.hands[1].fields["x"] == 90


def test_a_key_given_twice_in_a_hand_is_refused_either_way():
    text = TRICKY.replace("- {Ann: 012, Bob: -0,", "- {Ann: 012, Ann: -0,")
    messages = []
    for t in (text, text + "# &\n"):
        with pytest.raises(ScorekeeperError) as err:
            store.parse(t, "x.yaml")
        messages.append(str(err.value))
    assert messages[0] == messages[1] == "x.yaml:5: Ann is given twice in one mapping (first on line 5)"
