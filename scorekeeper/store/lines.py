"""A hand's line in the form `dump` writes it, read and written back without PyYAML.

`dump` writes each hand on one line, a flow mapping (`- {Ann: 12, Bob: -3, at: '2026-...'}`).
A long sitting is almost all such lines, and turning every one into YAML events and back
was most of the cost of a command: so the loader reads a line that is in exactly that form
with one regular expression, and the hand remembers its line (`Hand.text`), which the next
save writes back as it was instead of dumping the hand again.

Exactness is the point. A line is taken here only when it is certain that PyYAML's C loader
reads it as these values (the loader's own path would build the same hand) and that PyYAML's
C emitter writes these values as exactly this line (a full dump writes the same bytes).
That holds for a restricted form, checked token by token:

- the line is `{KEY: VALUE, KEY: VALUE, ...}` with exactly one space after each `:` and `,`;
- a key is a plain scalar that resolves to a string;
- a value is a plain scalar (a string, a decimal int written canonically, `true`/`false`) or
  a single-quoted string that could not have been written plain;
- a plain scalar is printable ASCII, starts with a letter or digit (a `-` only for an
  int), holds none of `, : ? [ ] { } #`, and has single spaces between its words;
- a single-quoted string is printable ASCII (`''` for a quote), and the emitter would quote
  it: it holds one of `, : ? [ ] { }` or ` #`, starts or ends with a space or an indicator,
  is empty, or its text would read as something other than a string (`'12'`, `'yes'`, a time).

Anything else (a note in another script, a block-style hand, a comment, a line a person
edited into another form) takes PyYAML's own path, both ways. tests/test_store_lines.py
checks the two paths against each other.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from yaml import ScalarNode
from yaml.resolver import Resolver

_STR = "tag:yaml.org,2002:str"
_W = r"""[A-Za-z0-9!"$%&'()*+\-./;<=>@\\^_`|~]"""  # printable ASCII but space , : ? [ ] { } #
_BARE = rf"[A-Za-z0-9-]{_W}*(?: {_W}+)*"
_QUOTED = r"'(?:[ -&(-~]|'')*'"
_VALUE = rf"{_QUOTED}|{_BARE}"
_PAIR = rf"({_BARE}): ({_VALUE})"
LINE = re.compile(rf"\{{{_PAIR}(?:, {_PAIR})*\}}")
PAIRS = re.compile(rf"(?:\{{|, )({_BARE}): ({_VALUE})")
_INT = re.compile(r"0|-?[1-9][0-9]{0,17}")
LONGEST = 100_000  # characters of a line: far below the emitter's width, so never folded
LONGEST_KEY = 100  # the emitter writes a key longer than 128 as a complex key (? key)
_QUOTE_FORCED = set(",?[]{}:")  # anywhere: the emitter never writes these plain in a flow
_INDICATORS = set("#,[]{}&*!|>'\"%@`?:")  # as a first character: never plain

_RESOLVERS = Resolver.yaml_implicit_resolvers
_RESOLVE = Resolver()
_PLAIN_STR: Dict[str, bool] = {}  # a plain token's text -> whether it reads as a string


def _reads_as_str(text: str) -> bool:
    """Whether a plain scalar of this text resolves to a string (not an int, a bool, a
    time...). Only the implicit resolvers for its first character can say otherwise, and none
    of them reads a text holding a space but no colon (tests/test_store_lines.py)."""
    if text[0] not in _RESOLVERS or (" " in text and ":" not in text):
        return True
    found = _PLAIN_STR.get(text)
    if found is None:
        if len(_PLAIN_STR) > 50_000:
            _PLAIN_STR.clear()
        found = _PLAIN_STR[text] = _RESOLVE.resolve(ScalarNode, text, (True, False)) == _STR
    return found


def _value(token: str) -> Tuple[bool, Any]:
    """(whether the token is in the exact form, its value)."""
    if token[0] == "'":
        text = token[1:-1].replace("''", "'")
        forced = (not text or text[0] in _INDICATORS or text[0] == " " or text[-1] == " "
                  or not _QUOTE_FORCED.isdisjoint(text) or " #" in text or not _reads_as_str(text))
        return forced, text
    if _INT.fullmatch(token):
        return True, int(token)
    if token == "true" or token == "false":
        return True, token == "true"
    if token[0] == "-" or not _reads_as_str(token):
        return False, None  # 1.5, yes, 0x1f, ~: PyYAML's own path builds and writes those
    return True, token


def read_line(text: str) -> Optional[Dict[str, Any]]:
    """The fields of one hand's mapping (`{...}`, without the `- `), or None when the text is
    not exactly in the form `dump` writes (or names a field twice): then PyYAML reads it."""
    if len(text) > LONGEST:
        return None
    pairs = PAIRS.findall(text)
    # The pairs found, put back together, are the whole text exactly: the line is in LINE's
    # form (one scan instead of LINE.fullmatch's second; whatever findall skipped or split
    # otherwise makes the text differ, and PyYAML reads it)
    if not pairs or text != "{" + ", ".join([f"{k}: {v}" for k, v in pairs]) + "}":
        return None
    fields: Dict[str, Any] = {}
    keys, tokens = _KEYS, _TOKENS
    for key, token in pairs:
        good = keys.get(key)
        if good is None:
            good = keys[key] = len(key) <= LONGEST_KEY and key[0] != "-" and _reads_as_str(key)
            if len(keys) > _MOST:
                keys.clear()
        if not good:
            return None
        found = tokens.get(token)
        if found is None:
            found = tokens[token] = _value(token)
            if len(tokens) > _MOST:
                tokens.clear()
        if not found[0]:
            return None
        fields[key] = found[1]
    if len(fields) != len(pairs):
        return None  # a field given twice: the loader's own path says so, at its line
    return fields


# What each key and each value token was read as (a long sitting repeats the same few: the
# field names, the players, small numbers, the time); bounded, as notes are seldom repeated.
_KEYS: Dict[str, bool] = {}
_TOKENS: Dict[str, Tuple[bool, Any]] = {}
_MOST = 50_000


class Cut(NamedTuple):
    """A file cut where its hands start: the header's text (to read as YAML), the line of
    `hands:` (1-based), and the rows after it, each `- {...}`."""

    header: str
    key_line: int
    rows: List[str]


def cut(text: str) -> Optional[Cut]:
    """The file as a header followed by `hands:` and one `- {...}` row a line, up to the end;
    None otherwise (PyYAML reads the whole file). Cheap: the rows are not read here."""
    at = text.find("\nhands:\n")
    if at < 0:
        return None
    header = text[:at + 1]
    if "\n---" in header or "\n..." in header or header.startswith(("---", "...")):
        return None  # a second document or a document end: PyYAML's own path explains
    rows = text[at + len("\nhands:\n"):].split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    if not all(row[:3] == "- {" for row in rows):
        return None
    return Cut(header, header.count("\n") + 1, rows)


def in_form(rows: List[str]) -> bool:
    """Whether every row has the shape of the exact form (a count of hands may rely on it)."""
    return all(len(row) <= LONGEST and LINE.fullmatch(row, 2) for row in rows)


def read_rows(rows: List[str]) -> Optional[List[Tuple[str, Dict[str, Any]]]]:
    """(each row's mapping, its fields), or None when a row is not in the exact form."""
    found = []
    for row in rows:
        mapping = row[2:]
        fields = read_line(mapping)
        if fields is None:
            return None
        found.append((mapping, fields))
    return found
