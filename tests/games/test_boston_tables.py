"""The payment data in games/boston/tables.py, cell by cell against boston-payments.md.

The Markdown tables are parsed here independently of the module, so a slip in the
transcription (or a cell quietly invented where the book has `?`) fails this test.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List

import pytest

from scorekeeper.games.boston import tables

# The figures checked are test data in the repository, so that a fresh clone runs every
# test: tests/data/boston/boston-payments.md is a copy of shared/rules/boston-payments.md and
# foster-boston-excerpts.txt holds the two paragraphs of the seed text whose figures are
# checked. Where the rule texts sit beside the repository (shared/ next to it, or next to
# the worktrees' folder), a test checks that the copies are still word for word the originals.
REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data" / "boston"
RULES = DATA / "boston-payments.md"
SEED = DATA / "foster-boston-excerpts.txt"
SEED_NAME = "003_7c90169007266f58.txt"
ROW = {"five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
       "twelve": 12, "thirteen": 13}


def _shared_rules() -> Path | None:
    for folder in (REPO.parent, REPO.parent.parent):
        if (folder / "shared" / "rules" / RULES.name).exists():
            return folder / "shared" / "rules"
    return None


def markdown_tables() -> List[Dict[int, Dict[int, int]]]:
    """Every `| bid \\ ... |` table in the file, as bid -> column -> figure (blanks and ? left out)."""
    found: List[Dict[int, Dict[int, int]]] = []
    columns: List[int] = []
    for line in RULES.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| bid"):
            columns = [int(c) for c in cells[1:]]
            found.append({})
        elif line.startswith("|") and columns and not set(line) <= set("|- "):
            word = re.match(r"[A-Za-z]+", cells[0])
            if not word or word.group(0).lower() not in ROW:
                continue
            found[-1][ROW[word.group(0).lower()]] = {
                col: int(c) for col, c in zip(columns, cells[1:]) if c.isdigit()}
        elif not line.startswith("|"):
            columns = []
    return found


def test_three_tables_in_the_markdown():
    assert len(markdown_tables()) == 3


def test_success_table_matches_the_book_cell_for_cell():
    assert tables.FOSTER_SUCCESS == markdown_tables()[0]


def test_failure_table_matches_the_book_cell_for_cell():
    assert tables.FOSTER_FAILURE == markdown_tables()[1]


def test_decimal_failure_table_matches_the_book_cell_for_cell():
    assert tables.DECIMAL_FAILURE == markdown_tables()[2]


def test_misere_figures_match_the_book():
    text = RULES.read_text(encoding="utf-8")
    quoted = re.search(r"Little Misère,\s*20 white counters\. Grand Misère, 40\. Little Spread, 80\. "
                       r"Grand Spread, 160\.", text)
    assert quoted
    assert tables.MISERE == {"little-misere": 20, "grand-misere": 40, "little-spread": 80,
                             "grand-spread": 160}


def test_missing_cells_are_exactly_the_books_question_marks():
    missing = {(bid, taken) for bid in range(5, 14) for taken in range(bid, 14)
               if taken not in tables.FOSTER_SUCCESS[bid]}
    assert missing == {(10, 11), (10, 12), (10, 13), (11, 11), (11, 12), (11, 13), (12, 12),
                       (12, 13), (13, 13)}


def test_failure_tables_are_complete():
    for table in (tables.FOSTER_FAILURE, tables.DECIMAL_FAILURE):
        assert all(set(table[bid]) == set(range(1, bid + 1)) for bid in range(5, 14))


def test_the_book_figures_are_test_data_in_the_repository():
    assert RULES.is_file() and SEED.is_file() and (REPO / "scorekeeper").is_dir()


def test_the_test_data_is_word_for_word_the_rule_texts():
    shared = _shared_rules()
    if shared is None:  # a fresh clone: the copies are what is checked, and they are here
        assert RULES.stat().st_size > 4000 and SEED.stat().st_size > 1000
        return
    assert RULES.read_text(encoding="utf-8") == (shared / RULES.name).read_text(encoding="utf-8")
    original = (shared / SEED_NAME).read_text(encoding="utf-8").splitlines()
    for paragraph in SEED.read_text(encoding="utf-8").splitlines()[3:]:
        assert paragraph in original


def test_the_seed_texts_checks_are_the_tables_figures():
    # 003_7c90169007266f58.txt, METHOD OF BIDDING and REVOKES: the figures the tables must give
    text = " ".join(SEED.read_text(encoding="utf-8").split())
    assert "the payment for seven bid and ten taken, is only 22 counters" in text
    assert "the payment for ten bid and ten taken is 42" in text
    assert "bid eight, and taken only seven; losing 23 white counters to each" in text
    assert tables.FOSTER_SUCCESS[7][10] == 22
    assert tables.FOSTER_SUCCESS[10][10] == 42
    assert tables.FOSTER_FAILURE[8][1] == 23


def test_known_cells_without_the_texts():
    # a fresh clone without shared/ still checks the book's own figures and a cell per row
    assert tables.FOSTER_SUCCESS[5][5] == 12 and tables.FOSTER_SUCCESS[9][13] == 41
    assert tables.FOSTER_FAILURE[13][13] == 433 and tables.DECIMAL_FAILURE[13][13] == 450
    assert tables.DECIMAL_FAILURE[8][1] == 25 and tables.FOSTER_FAILURE[12][11] == 286
