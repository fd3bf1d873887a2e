"""A hand's line read without PyYAML (store/lines.py) is read exactly as PyYAML's C loader reads
it, and written back exactly as PyYAML's C emitter writes it: so a file read that way and saved
has the same bytes as a full dump, and the same hands as PyYAML's own path."""

from __future__ import annotations

import string

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st
from yaml.resolver import Resolver

from scorekeeper import store
from scorekeeper.model import Hand
from scorekeeper.store import lines
from scorekeeper.store.save import hand_flow
from tests.conftest import SESSIONS


def typed(value):
    """A value with its type, so that 1 and True and '1' differ."""
    return (type(value).__name__, value)


def as_loaded(text):
    return yaml.load(text, Loader=yaml.CSafeLoader)


# Keys and values as people and the program write them, with every character that matters to
# YAML near at hand: quotes, colons, commas, hashes, brackets, spaces at the ends, numbers in
# their other spellings, words YAML reads as booleans, and text in other scripts.
TRICKY_WORDS = ["yes", "No", "on", "OFF", "null", "~", "true", "False", "12", "012", "-0", "0x1f", "1_000",
                "1.5", "1e3", ".inf", "1:30", "2026-11-29", "2026-11-29T19:30:00", "-", "- x", "---", "...",
                "a#b", "a #b", "#x", "&a", "*a", "!x", "|", ">", "%", "@", "`", "?", "?x", ":x", "x:", "a: b",
                "a,b", "[x]", "{x}", "'q'", '"q"', "it's", " lead", "trail ", "two  spaces", "", "Zoë", "♥",
                "5H 5D JS", "10H", "Ann", "hand.Ann", "<<", "=", "-5", "+5", "0", "-12", "a\\b", "tab\there"]
text_values = st.one_of(st.sampled_from(TRICKY_WORDS),
                        st.text(alphabet=string.printable + "éü♥", max_size=12),
                        st.lists(st.sampled_from(TRICKY_WORDS + ["x", "Ann", "7"]), min_size=1, max_size=4)
                        .map(" ".join))
values = st.one_of(text_values, st.integers(-10 ** 20, 10 ** 20), st.booleans(), st.none())
keys = st.one_of(st.sampled_from(["Ann", "Bob", "hand.Ann", "play.Bob", "note", "at", "bid", "made",
                                  "Mary Ann", "on", "7", "a:b"]), text_values)
hands = st.dictionaries(keys, values, min_size=1, max_size=6)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands)
def test_a_dumped_hand_read_without_yaml_is_what_yaml_reads_and_dumps_back_the_same(fields):
    line = hand_flow(fields)
    read = lines.read_line(line)
    if read is None:
        return  # PyYAML's own path takes it: nothing to prove
    loaded = as_loaded(line)
    assert [(k, typed(v)) for k, v in read.items()] == [(k, typed(v)) for k, v in loaded.items()]
    assert hand_flow(read) == line


# Lines as a person might type them: mappings of tokens spelt in every way YAML allows, in and
# around the exact form (quoted where plain would do, numbers in other spellings, odd spaces).
FORM = ["Ann", "Bob", "hand.Ann", "note", "at", "12", "-3", "0", "true", "false", "5H 5D JS", "10H", "5S",
        "a b", "x#y", "a'b", 'say "hi"', "a=b", "a;b", "(x)", "x!", "a&b", "a*b", "a\\b", "x-", "a_b c.d",
        "'2026-11-29T19:30:00'", "'12'", "'yes'", "'a, b'", "'x: y'", "'it''s: so'", "''", "' x'", "'x '",
        "'#x'", "'a #b'", "'[x]'", "'?x'", "'x?'", "'&x'", "'1.5'", "'~'", "'null'", "'0x1f'"]
ODD = ["012", "+5", "-0", "yes", "True", "on", "null", "~", "1.5", "1e3", "0x1f", "a  b", "<<", "=", "-",
       "-x", "2026-11-29", "'a b'", "'plain'", "'a#b'", "'-x'", "'- x'", '"q"', "Zoë", "'Zoë: x'", "é",
       "1:30", "'it''s'"]
TOKEN = st.one_of(st.sampled_from(FORM), st.sampled_from(FORM), st.sampled_from(FORM), st.sampled_from(ODD))
KEY = st.sampled_from(["Ann", "Bob", "Cid", "hand.Ann", "play.Bob", "note", "at", "bid", "made", "Mary Ann",
                       "x'y", "12", "on", "'Ann'", "Zoë"])
SEPARATORS = st.sampled_from([", "] * 20 + [",", ",  ", " , "])
COLONS = st.sampled_from([": "] * 20 + [":  ", " : "])


@st.composite
def typed_lines(draw):
    pairs = draw(st.lists(st.tuples(KEY, COLONS, TOKEN), min_size=1, max_size=5,
                          unique_by=lambda pair: pair[0]))
    body = "".join((draw(SEPARATORS) if i else "") + k + c + v for i, (k, c, v) in enumerate(pairs))
    return "{" + body + "}"


@settings(max_examples=300, deadline=None)
@given(typed_lines())
def test_a_line_read_without_yaml_is_read_as_yaml_reads_it_and_dumped_as_it_was(text):
    read = lines.read_line(text)
    if read is None:
        return
    loaded = as_loaded(text)
    assert [(k, typed(v)) for k, v in read.items()] == [(k, typed(v)) for k, v in loaded.items()]
    assert hand_flow(read) == text


@pytest.mark.parametrize("text, fields", [
    ("{Ann: 12, Bob: -3, at: '2026-11-29T19:30:00'}", {"Ann": 12, "Bob": -3, "at": "2026-11-29T19:30:00"}),
    ("{starter: 5S, hand.Ann: 5C 5D 5H JS, heels: true, note: Ann holds 29}",
     {"starter": "5S", "hand.Ann": "5C 5D 5H JS", "heels": True, "note": "Ann holds 29"}),
    ("{note: 'the book''s example: 39 in the pool'}", {"note": "the book's example: 39 in the pool"}),
    ("{note: '12'}", {"note": "12"}),
])
def test_lines_in_the_exact_form_are_read(text, fields):
    assert lines.read_line(text) == fields


@pytest.mark.parametrize("text", [
    "{Ann: 012}", "{Ann: +5}", "{Ann: yes}", "{note: 'plain'}", "{Ann: 1.5}", "{Ann:  12}", "{Ann: 12,Bob: 3}",
    "{Ann: 12, Ann: 3}", "{note: Zoë}", "{Ann: [1, 2]}", "{}", "{7: seven}", "{note: a  b}", "{Ann: 12} ",
    "{on: 1}", "{-x: 1}", "{note: x #y}", "{Ann: ~}", "{note: null}",
])
def test_lines_in_any_other_form_are_left_to_yaml(text):
    assert lines.read_line(text) is None


def test_the_resolvers_are_as_the_reader_assumes():
    """A plain text resolves to something other than a string only through the implicit
    resolver of its first character; none reads a text holding a space and no colon."""
    firsts = set(Resolver.yaml_implicit_resolvers)
    assert firsts == set("!&*+-.0123456789<=FNOTYfnoty~") | {""}
    resolver = Resolver()
    for first in sorted(firsts - {""}):
        for rest in ("1 2", "0 x", "e 3", "inf x", "es no", "ull x", "1-1 1", "999-12-12 1", " x"):
            assert resolver.resolve(yaml.ScalarNode, first + rest, (True, False)) == "tag:yaml.org,2002:str"


WORDS = st.text(alphabet="0123456789-+.eE_xXbTtZynNoOfFaulrse~", min_size=1, max_size=7)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, min_size=2, max_size=3).map(" ".join))
def test_a_text_with_a_space_and_no_colon_always_reads_as_a_string(text):
    assert Resolver().resolve(yaml.ScalarNode, text, (True, False)) == "tag:yaml.org,2002:str"


def slow_parse(text: str):
    """PyYAML's own path: a comment at the end takes the file off the line reader."""
    return store.parse(text + "# PyYAML's own path\n", "x.yaml")


@pytest.mark.parametrize("path", sorted(SESSIONS.glob("*.yaml")), ids=lambda p: p.name)
def test_bundled_sittings_read_the_same_by_lines_and_by_yaml_and_save_the_same_bytes(path):
    text = path.read_text(encoding="utf-8")
    if "kind: party" in text:
        return
    found = lines.cut(text)
    assert found is not None and lines.read_rows(found.rows) is not None  # all in the exact form
    quick, slow = store.parse(text, "x.yaml"), slow_parse(text)
    assert quick == slow
    assert [h.field_lines for h in quick.hands] == [h.field_lines for h in slow.hands]
    assert quick.header_lines == slow.header_lines
    assert all(h.text is not None for h in quick.hands) and all(h.text is None for h in slow.hands)
    assert store.dump(quick) == store.dump(slow) == text


@pytest.mark.parametrize("text", [
    # a header that does not read on its own, or holds what the whole file would refuse
    "format: scorekeeper/1\ngame: tally\nplayers: [Ann, Bob]\ncreated: 'x\nhands:\n- {Ann: 1}\n'\n",
    "format: scorekeeper/1\ngame: tally\nplayers: [Ann, Bob]\nhands: []\nhands:\n- {Ann: 1}\n",
    "format: scorekeeper/1\ngame: tally\nplayers: [Ann, Bob]\n...\nhands:\n- {Ann: 1}\n",
    "format: scorekeeper/1\ngame: tally\nplayers: [Ann, Bob]\nrules: {a: 1,\nhands:\n- {Ann: 1}}\n",
])
def test_a_file_whose_header_is_odd_is_read_by_yaml_alone(text):
    try:
        expected = ("ok", store.parse(text + "# yaml\n", "x.yaml"))
    except Exception as err:  # the same refusal, in the same words
        expected = ("error", str(err).replace("# yaml", ""))
    try:
        got = ("ok", store.parse(text, "x.yaml"))
    except Exception as err:
        got = ("error", str(err))
    assert got[0] == expected[0]
    if got[0] == "ok":
        assert got[1] == expected[1]


def test_a_hand_keeps_its_line_only_while_unchanged():
    text = (SESSIONS / "tally-friday.yaml").read_text(encoding="utf-8")
    session = store.parse(text, "x.yaml")
    first = session.hands[0]
    assert first.text is not None and text.count(f"- {first.text}\n") == 1
    changed = Hand({**first.fields, "note": "changed"})
    assert changed.text is None
    assert first == Hand(first.fields, first.source, first.field_lines)  # the line is not the hand
