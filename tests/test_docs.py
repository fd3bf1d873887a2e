"""The command examples in README.md and docs/*.md are true: each is run and its output compared.

What is an example: every fenced block whose info string is `console` or empty, unless the
line just before it (blank lines aside) is the marker `<!-- not-run -->` (file formats,
output fragments, benchmark figures, other programs). Such a block must be a sequence of
`$ scorekeeper ARGS` lines (or `$ printf 'LINES' | scorekeeper ARGS`, LINES piped in),
each followed by the output it prints; a block that is neither
marked nor made of `$ scorekeeper` commands fails the test (so nothing is skipped by guess).
Blocks in another language (```sh, ```yaml) are not examples.

How it is run: each file in one fresh temporary folder holding a copy of the repository's
`sessions/` (so `sessions/examples/cinch-tricks/foster-4.txt` and the bundled sittings are found, and
`scorekeeper new friday` answers `created sessions/friday.yaml`, as in a checkout). The
file's blocks run in order, the commands of each block in order, so a block may build on
the sittings made by the blocks before it in the same file. ARGS are split as a POSIX shell
would (quotes, `# comment`) and run through CliRunner on `scorekeeper.cli.app`, with the
folder as the current directory and SCOREKEEPER_DIR unset.

How output is compared (stdout and stderr together, as a terminal shows them):
- trailing whitespace of every line, and blank lines at the end, are ignored;
- a line that is just `...` (indentation aside) matches any number of lines;
- the one tolerance for time: a timestamp `YYYY-MM-DDTHH:MM:SS` (with its UTC offset, if any) in the documented output
  matches any timestamp of that same shape at the same place (the `created` column of
  `list`, the `at` column of `export`); nothing else in the line may differ;
- a command shown with no output at all (the next line is another `$` or the block ends)
  is checked only for success;
- a command whose documented output has an `error:` line must fail (non-zero exit);
  any other must succeed.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
NOT_RUN = "<!-- not-run -->"
ELLIPSIS = "..."
TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[+-]\d\d:\d\d)?")  # with its UTC offset
FENCE = re.compile(r"^(```+)\s*(\S*)")


@dataclass
class Command:
    line: int  # 1-based line number in the doc, for the failure message
    args: List[str]
    expected: List[str] = field(default_factory=list)
    input: Optional[str] = None  # `$ printf 'A\nB\n' | scorekeeper ...`: what printf pipes in


@dataclass
class Block:
    line: int
    commands: List[Command]


def parse_doc(path: Path) -> List[Block]:
    """The runnable example blocks of one doc, in order; refuses an unmarked block it cannot run."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: List[Block] = []
    i = 0
    previous = ""  # the last non-blank line before the current one
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            if lines[i].strip():
                previous = lines[i].strip()
            i += 1
            continue
        start, info = i, fence.group(2)
        end = i + 1
        while end < len(lines) and not lines[end].startswith(fence.group(1)):
            end += 1
        body = lines[start + 1:end]
        if info in ("", "console") and previous != NOT_RUN:
            blocks.append(_parse_block(path, start + 1, body))
        previous = lines[end] if end < len(lines) else ""
        i = end + 1
    return blocks


def _parse_block(path: Path, line: int, body: List[str]) -> Block:
    commands: List[Command] = []
    for offset, text in enumerate(body, start=line + 1):
        if text.startswith("$ "):
            words = shlex.split(text[2:], comments=True)
            typed = None
            if len(words) > 3 and words[0] == "printf" and words[2] == "|":  # a night piped into play
                typed, words = words[1].replace("\\n", "\n"), words[3:]
            if not words or words[0] != "scorekeeper":
                pytest.fail(f"{path.name}:{offset}: not a scorekeeper command: {text!r} "
                            f"(put {NOT_RUN} before the block if it is not to be run)")
            commands.append(Command(offset, words[1:], input=typed))
        elif commands:
            commands[-1].expected.append(text)
        elif text.strip():
            pytest.fail(f"{path.name}:{line}: block does not start with '$ scorekeeper ...': {text!r} "
                        f"(put {NOT_RUN} before the block if it is not a runnable example)")
    if not commands:
        pytest.fail(f"{path.name}:{line}: empty example block (mark it {NOT_RUN} or remove it)")
    return Block(line, commands)


def _clean(lines: List[str]) -> List[str]:
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _same_line(expected: str, actual: str) -> bool:
    if expected == actual:
        return True
    # the one documented tolerance: a timestamp matches any timestamp of the same shape
    return TIMESTAMP.search(expected) is not None and \
        TIMESTAMP.sub("<time>", expected) == TIMESTAMP.sub("<time>", actual)


def matches(expected: List[str], actual: List[str]) -> bool:
    """Whether ACTUAL fits EXPECTED, where a `...` line in EXPECTED stands for any lines."""
    expected, actual = _clean(expected), _clean(actual)
    # fits[i][j]: expected[i:] fits actual[j:]
    fits = [[False] * (len(actual) + 1) for _ in range(len(expected) + 1)]
    fits[len(expected)][len(actual)] = True
    for i in range(len(expected) - 1, -1, -1):
        for j in range(len(actual), -1, -1):
            if expected[i].strip() == ELLIPSIS:
                fits[i][j] = fits[i + 1][j] or (j < len(actual) and fits[i][j + 1])
            else:
                fits[i][j] = j < len(actual) and _same_line(expected[i], actual[j]) and fits[i + 1][j + 1]
    return fits[0][0]


def run_doc(path: Path, folder: Path) -> List[str]:
    """Run every example of PATH in FOLDER; the failures, each as a readable message."""
    runner = CliRunner()
    failures: List[str] = []
    for block in parse_doc(path):
        for command in block.commands:
            result = runner.invoke(app, command.args, input=command.input, catch_exceptions=True)
            where = f"{path.relative_to(ROOT)}:{command.line}: $ scorekeeper {shlex.join(command.args)}"
            actual = result.output.splitlines()
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                failures.append(f"{where}\n  raised {result.exception!r}")
                continue
            expected = _clean(command.expected)
            wants_error = any(line.startswith("error:") for line in expected)
            if wants_error != (result.exit_code != 0):
                failures.append(f"{where}\n  exit code {result.exit_code} "
                                f"({'an error was documented' if wants_error else 'success was documented'})"
                                f"\n  output:\n" + _indent(actual))
                continue
            if expected and not matches(expected, actual):
                failures.append(f"{where}\n  documented:\n{_indent(expected)}\n  printed:\n{_indent(actual)}")
    return failures


def _indent(lines: List[str]) -> str:
    return "\n".join("    | " + line for line in lines)


@pytest.fixture
def doc_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "sessions", tmp_path / "sessions",
                    ignore=shutil.ignore_patterns("*.lock", "*.tmp"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREKEEPER_DIR", raising=False)
    return tmp_path


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_doc_examples_are_true(path: Path, doc_folder: Path) -> None:
    failures = run_doc(path, doc_folder)
    assert not failures, f"{len(failures)} example(s) in {path.name} do not hold:\n\n" + "\n\n".join(failures)


def test_the_docs_have_examples() -> None:
    """Guards the parser: if it stopped finding blocks, every doc test would pass vacuously."""
    counts = {p.name: sum(len(b.commands) for b in parse_doc(p)) for p in DOCS}
    assert counts["README.md"] >= 5 and counts["commands.md"] >= 15, counts
    assert all(counts[n] >= 1 for n in counts if n not in PROSE_PAGES), counts


# Pages of prose, figures or captures of a real terminal (marked not-run): no example to run.
PROSE_PAGES = ("writing-a-game.md", "at-the-table.md", "file-format.md", "reliability.md", "speed.md",
               "development.md")


# ---------------------------------------------------------------- the comparison itself


@pytest.mark.parametrize("expected, actual, fits", [
    (["a", "...", "d"], ["a", "b", "c", "d"], True),
    (["a", "...", "d"], ["a", "d"], True),
    (["a", "...", "d"], ["a", "b", "c"], False),
    (["a", "..."], ["a"], True),
    (["a"], ["a", "b"], False),
    (["a  ", "", ""], ["a"], True),
    (["  ...", "z"], ["x", "y", "z"], True),
    (["1,Ann,12,2026-11-29T19:31:09,x"], ["1,Ann,12,2031-01-02T03:04:05,x"], True),
    (["1,Ann,12,2026-11-29T19:31:09,x"], ["1,Ann,13,2031-01-02T03:04:05,x"], False),
    (["created 2026-11-29T19:31:09"], ["created yesterday"], False),
    (["1,2026-11-29T19:31:09+00:00,x"], ["1,2031-01-02T03:04:05-05:00,x"], True),
])
def test_matching(expected, actual, fits) -> None:
    assert matches(expected, actual) is fits
