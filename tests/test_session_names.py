"""A session's name (store/paths.py, checked with string methods): exactly the names the
rule in docs/commands.md allows (letters, digits, spaces, '-', '_' and '.'), a letter or digit
first and no space last, as the pattern below says; never one that climbs out of the folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.model import ScorekeeperError
from scorekeeper.store.paths import session_path

NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9 _.-]*[A-Za-z0-9_.-])?")  # the rule, written as a pattern


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet="aZ09 _.-\n\té/\\:ß٣", max_size=8))
def test_a_name_is_taken_exactly_when_the_pattern_takes_it(name):
    if name.endswith((".yaml", ".yml")):
        return  # a file's path, taken as given
    expected = bool(NAME.fullmatch(name)) and ".." not in name
    try:
        path = session_path(name, Path("sessions"))
    except ScorekeeperError as err:
        assert not expected, (name, err)
        return
    assert expected and path == Path("sessions") / f"{name}.yaml"


@pytest.mark.parametrize("name", ["friday", "Friday 2", "a.b_c-d", "9", "night 12.5"])
def test_plain_names(name):
    assert session_path(name, Path("s")) == Path("s") / f"{name}.yaml"


@pytest.mark.parametrize("name", ["", " friday", "friday ", "-x", ".x", "a..b", "a/b", "été", "x\n"])
def test_names_refused(name):
    with pytest.raises(ScorekeeperError):
        session_path(name, Path("s"))
