"""The payment data in boston_tables.py, cell by cell against boston-payments.md.

The Markdown tables are parsed here independently of the module, so a slip in the
transcription (or a cell quietly invented where the book has `?`) fails this test.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List

import pytest

from scorekeeper.games import boston_tables as tables

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules" / "boston-payments.md"
ROW = {"five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
       "twelve": 12, "thirteen": 13}

pytestmark = pytest.mark.skipif(not RULES.exists(), reason="the rule texts are not beside the repo")


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
