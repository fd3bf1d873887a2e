"""render.text_table hands tabulate a table of ONE_ROW_FROM rows or more as one row of multi-line
cells (for speed): laid out character for character as tabulate lays out the rows."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from scorekeeper.render.sitting import ONE_ROW_FROM, _as_one_row, text_table

# printable ASCII and line breaks (a cell or header of several lines); up to 12 rows, so that
# most tables take the one-row layout (ONE_ROW_FROM rows or more) and some do not
cell = st.text(alphabet=st.one_of(st.characters(min_codepoint=32, max_codepoint=126), st.just("\n")), max_size=8)
table = st.integers(1, 5).flatmap(lambda n: st.tuples(
    st.lists(cell, min_size=n, max_size=n), st.lists(st.lists(cell, min_size=n, max_size=n), max_size=12)))


@pytest.mark.slow  # a property test of more than half a second: the full suite runs it
@settings(max_examples=150, deadline=None)
@given(table)
def test_plain_tables_are_laid_out_exactly_as_tabulate_does(t):
    headers, rows = t
    assert text_table(rows, headers) == tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


# letters and signs a sitting holds beyond ASCII (Misère, Zoë, ½, suits), and some that are not
# one column wide (wide, combining, emoji), which go to tabulate
wide_cell = st.text(alphabet=st.sampled_from("aZ 9-èëÅ½♥♠—’日本🃏\u0301é\u200d"), max_size=6)
wide_table = st.integers(1, 4).flatmap(lambda n: st.tuples(
    st.lists(wide_cell, min_size=n, max_size=n), st.lists(st.lists(wide_cell, min_size=n, max_size=n), max_size=9)))


@settings(max_examples=150, deadline=None)
@given(wide_table)
def test_tables_beyond_ascii_are_laid_out_exactly_as_tabulate_does(t):
    headers, rows = t
    assert text_table(rows, headers) == tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


def test_other_cells_still_go_to_tabulate():
    rows = [["Ånn", "1"], ["Bob\\nx", "2"]]
    assert text_table(rows, ["p", "s"]) == tabulate(rows, headers=["p", "s"], tablefmt="simple",
                                                  disable_numparse=True)


def test_a_table_takes_the_one_row_layout_from_one_row_from_rows_on():
    headers = ["p", "s"]
    fewer = [["Ann", str(i)] for i in range(ONE_ROW_FROM - 1)]
    assert _as_one_row(fewer, headers) is None
    assert _as_one_row(fewer + [["Bob", "9"]], headers) == [["\n".join(["Ann"] * (ONE_ROW_FROM - 1) + ["Bob"]),
                                                             "\n".join([*map(str, range(ONE_ROW_FROM - 1)), "9"])]]
