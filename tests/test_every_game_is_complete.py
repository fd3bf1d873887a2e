"""Adding a game is one module, its tests and its docs (docs/writing-a-game.md). A game
registered in scorekeeper/games/__init__.py that lacks one of the steps fails here, and the
failure says exactly what to add."""

from __future__ import annotations

import re
from pathlib import Path
from typing import List, Mapping

import pytest

from scorekeeper.games import GAMES
from tests.test_replay_properties import SPECS

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md"] + sorted(p for p in (ROOT / "docs").glob("*.md")
                                     if p.name not in ("writing-a-game.md", "architecture.md"))
GAME_LINE = re.compile(r"^game:\s*['\"]?([^'\"\s#]+)", re.M)


def sitting_games() -> set:
    """The games of the example sittings in sessions/examples/ (from the `game:` line alone)."""
    found = set()
    for path in (ROOT / "sessions" / "examples").glob("*.yaml"):
        match = GAME_LINE.search(path.read_text(encoding="utf-8"))
        if match:
            found.add(match.group(1).lower())
    return found


def missing_steps(name: str, module: str, specs: Mapping[str, object]) -> List[str]:
    """What a registered game still lacks, each as the step to take."""
    short = module.rsplit(".", 1)[-1]
    missing = []
    docs = "\n".join(p.read_text(encoding="utf-8") for p in DOCS)
    if f"`{name}`" not in docs and f"--game {name}" not in docs:
        missing.append(f"docs: describe {name} in docs/{short.replace('_', '-')}.md (its fields, house "
                       f"rules and choices where the book is silent, with a `$ scorekeeper new x --game "
                       f"{name} ...` example) and name it as `{name}` in README.md's Games")
    if name not in sitting_games():
        missing.append(f"example sitting: add sessions/examples/{name}-SOMETHING.yaml, a real sitting of {name} "
                       f"(the book's worked example where there is one): `scorekeeper --dir sessions/examples new "
                       f"{name}-SOMETHING --game {name} --players ...`, then its hands; add its row to the "
                       f"`scorekeeper --dir sessions/examples list` example in docs/commands.md")
    if name not in specs:
        missing.append(f"property strategy: add \"{name}\": Spec(tables, rules, hand strategy, sittings) to "
                       f"SPECS in tests/test_replay_properties.py (the strategy draws one valid hand's "
                       f"raw fields for the given players and rules; see tally_hand)")
    tests = [p for p in (ROOT / "tests").rglob("test_*.py")
             if p.name not in ("test_replay_properties.py", "test_every_game_is_complete.py",
                               "test_fuzz.py")]
    named = (ROOT / "tests" / "games" / f"test_{short}.py").exists() and short == name.replace("-", "_")
    if not named and not any(f'"{name}"' in p.read_text(encoding="utf-8") for p in tests):
        missing.append(f"tests: add tests/games/test_{name.replace('-', '_')}.py asserting the book's "
                       f"figures for {name} (name the game in it, e.g. cli.new(\"x\", \"{name}\", ...))")
    return missing


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_registered_game_has_docs_an_example_sitting_a_property_strategy_and_tests(name):
    missing = missing_steps(name, GAMES[name].module, SPECS)
    assert not missing, f"the game {name} is registered but lacks:\n- " + "\n- ".join(missing)


def test_a_game_lacking_every_step_is_told_each_one():
    steps = missing_steps("zz-new-game", "scorekeeper.games.zz_new_game", SPECS)
    assert [s.split(":")[0] for s in steps] == ["docs", "example sitting", "property strategy", "tests"]
    assert "sessions/examples/zz-new-game-SOMETHING.yaml" in steps[1]
    assert "tests/games/test_zz_new_game.py" in steps[3]
