"""The layers of docs/architecture.md, held: dependencies point one way (cli, board -> ledger,
party -> store, settle, stats, render -> games -> fields -> cards, model), nothing imports
`cli` but the entry point, and only `cli` (and the entry point) prints or exits. Read from
the sources (ast), so a new module is held to it too; an import under TYPE_CHECKING is for
mypy alone and is not a dependency."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterator, List, Tuple

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"

# A module's layer, by the longest prefix of its dotted name that is listed (higher imports lower).
LAYERS = {
    "scorekeeper.start": 6, "scorekeeper.__main__": 6,
    "scorekeeper.cli": 5, "scorekeeper.board": 5,
    "scorekeeper.ledger": 4, "scorekeeper.party": 4, "scorekeeper.party.ledger": 4,
    "scorekeeper.store": 3, "scorekeeper.settle": 3, "scorekeeper.stats": 3, "scorekeeper.render": 3,
    # a party's pure rules (its seating, results and prizes; Progressive Cinch's deals), as a game's
    "scorekeeper.games": 2, "scorekeeper.party.replay": 2, "scorekeeper.party.cinch": 2,
    "scorekeeper.party.seating": 2,
    "scorekeeper.fields": 1,
    "scorekeeper.cards": 0, "scorekeeper.model": 0, "scorekeeper": 0,
}


def layer(module: str) -> int:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        found = LAYERS.get(".".join(parts[:n]))
        if found is not None:
            return found
    raise AssertionError(f"{module} is on no layer: add it to LAYERS and to docs/architecture.md")


def modules() -> Iterator[Tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


@lru_cache(maxsize=None)
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def runtime_imports(module: str, path: Path) -> List[Tuple[str, int]]:
    """The modules of the package that `module` imports when it runs, with the line."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: List[Tuple[str, int]] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                continue
            if isinstance(child, ast.Import):
                found.extend((a.name, child.lineno) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[:len(package.split(".")) - child.level + 1]
                    stem = ".".join(base + ([child.module] if child.module else []))
                else:
                    stem = child.module or ""
                if child.module:
                    found.append((stem, child.lineno))
                else:  # from . import cinch: each name is a module
                    found.extend((f"{stem}.{a.name}", child.lineno) for a in child.names)
            walk(child)

    walk(tree(path))
    return [(name, line) for name, line in found if name == "scorekeeper" or name.startswith("scorekeeper.")]


def test_every_module_is_on_a_layer_and_in_the_architecture_page():
    page = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    for module, path in modules():
        layer(module)
        named = re.search(rf"[`/]{re.escape(path.name)}`", page)
        assert named or path.name == "__init__.py", f"{path} is not in docs/architecture.md"


def test_imports_point_down_the_layers_only():
    upward = [f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}" for module, path in modules()
              for name, line in runtime_imports(module, path) if layer(name) > layer(module)]
    assert not upward, "\n".join(upward)


def test_nothing_but_the_entry_point_imports_cli():
    found = [f"{module} imports {name}" for module, path in modules() if layer(module) < 5 or
             module.startswith("scorekeeper.board")
             for name, _ in runtime_imports(module, path) if name.startswith("scorekeeper.cli")]
    assert not found


def _dotted(node: ast.AST) -> str:
    """`sys.stdout.write` of a call's function; "" for anything but names and attributes."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


PRINTS = ("print", "typer.echo", "click.echo", "sys.exit", "sys.stdout.write", "sys.stderr.write", "exit")


def test_only_cli_prints_or_exits():
    found = []
    for module, path in modules():
        if layer(module) >= 5 and not module.startswith("scorekeeper.board"):
            continue
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.Call) and _dotted(node.func) in PRINTS:
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {_dotted(node.func)}")
    assert not found, "\n".join(found)


# Issue 34: the core every command runs through is held to this many lines (12,073 before it).
CORE_CAP = 11_500


def test_the_core_every_command_runs_through_stays_under_its_cap():
    core = [PACKAGE / f"{name}.py" for name in ("ledger", "fields", "cards", "model")]
    core += sorted((PACKAGE / "games").rglob("*.py")) + sorted((PACKAGE / "store").rglob("*.py"))
    lines = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in core)
    assert 10_000 < lines <= CORE_CAP, f"the core is {lines:,} lines: issue 34 caps it at {CORE_CAP:,}"
