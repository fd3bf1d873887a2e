"""render.text_table lays out plain tables itself (for speed): character for character as tabulate."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from scorekeeper.render.sitting import text_table

cell = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=8)
table = st.integers(1, 5).flatmap(lambda n: st.tuples(
    st.lists(cell, min_size=n, max_size=n), st.lists(st.lists(cell, min_size=n, max_size=n), max_size=5)))


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
    st.lists(wide_cell, min_size=n, max_size=n), st.lists(st.lists(wide_cell, min_size=n, max_size=n), max_size=4)))


@settings(max_examples=150, deadline=None)
@given(wide_table)
def test_tables_beyond_ascii_are_laid_out_exactly_as_tabulate_does(t):
    headers, rows = t
    assert text_table(rows, headers) == tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


def test_other_cells_still_go_to_tabulate():
    rows = [["Ånn", "1"], ["Bob\\nx", "2"]]
    assert text_table(rows, ["p", "s"]) == tabulate(rows, headers=["p", "s"], tablefmt="simple",
                                                  disable_numparse=True)
