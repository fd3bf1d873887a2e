"""FIELD=VALUE parsing and typed field values, shared by the command line and the YAML loader.

A hand is a mapping of field names to values. From the command line every value is a
string; from a file too (store/load.py hands over each value's text as written), or a list
of them. Both go through `read_fields`, so a hand typed at the table and a hand read from a
file are validated by exactly the same code, and what is saved is the canonical form
(`dump`) of the value.
"""

from __future__ import annotations

import datetime
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from .model import COMMON_FIELDS, ScorekeeperError, Source, shown

# Every number a person types or a file holds (a score, a count, a bid, a rule) is at most
# this big either way: far beyond any card table, and small enough that sums over any
# sitting print and save (Python refuses to print integers of more than 4,300 digits).
MAX_NUMBER = 10 ** 9
# The most characters a note (or any text value: a time, a currency, a player's name) may
# hold: a long remark is a few hundred. With store.MAX_HANDS it bounds what an accepted
# sitting can cost every command (a 120,000-character note made a file no command loaded).
MAX_TEXT = 2_000


def closest(word: str, choices: Sequence[str]) -> Optional[str]:
    """The choice a typo most likely meant, if any is close."""
    import difflib  # only needed on the error path

    lowered = {c.lower(): c for c in choices}
    if word.lower() in lowered:
        return lowered[word.lower()]
    found = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.5)
    return lowered[found[0]] if found else None


def suggest(word: str, choices: Sequence[str]) -> str:
    guess = closest(word, choices)
    return f" (did you mean {guess}?)" if guess else ""


def parse_assignments(items: Sequence[str], what: str = "field") -> Dict[str, str]:
    """['bid=8', 'made=10'] -> {'bid': '8', 'made': '10'}; a field twice or without '=' is an error.

    `what` is "field" for a hand's fields, "rule" for --rule NAME=VALUE (it picks the example).
    """
    example = "FIELD=VALUE (for example Ann=12, bid=8, or heels=yes for a flag)" if what == "field" else \
        "NAME=VALUE (for example --rule target=100; scorekeeper games GAME lists the rules)"
    result: Dict[str, str] = {}
    for index, item in enumerate(items):
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep:
            spaces = _spaces_hint(items, index) if what == "field" else ""
            if spaces:
                raise ScorekeeperError(f"{shown(item)} is not FIELD=VALUE: {spaces}", usage=True)
            hint = " (cards are separated by commas: hand.Ann=5C,5D,JH)" if _is_card(item) else ""
            raise ScorekeeperError(f"{shown(item)} is not {example}{hint}", usage=True)
        if not name:
            raise ScorekeeperError(f"{shown(item)} has no {what} name before '='", usage=True)
        if name in result:  # Ann and ann may still be one field: read_fields tells, knowing the fields
            raise ScorekeeperError(f"{what} {_brief(name)} given twice ({_brief(f'{name}={result[name]}')} and "
                                   f"{_brief(item)})", usage=True)
        _check_text(value, name)
        result[name] = value.strip()
    return result


def _brief(text: str) -> str:
    """A value as a message quotes it: as typed when short and printable, else quoted and cut."""
    return text if len(text) <= 40 and text.isprintable() else shown(text)


def _spaces_hint(items: Sequence[str], index: int) -> str:
    """`note=a long note`: the words after `note=a` were split off at the spaces. Say to quote
    the value (on the command line and at the prompt alike)."""
    if index == 0 or "=" not in items[index - 1] or _is_card(items[index]):
        return ""
    words = [items[index - 1]]
    for item in items[index:]:
        if "=" in item:
            break
        words.append(item)
    name, _, first = words[0].partition("=")
    value = " ".join([first, *words[1:]])
    if '"' in value:
        return ""
    return f'a value with spaces goes in quotes, {name}="{value}"'


def _check_text(text: str, name: str) -> None:
    """A terminal not set to UTF-8 hands Python undecodable bytes (kept as surrogates): refuse
    them here, naming the field, rather than fail when the file is written."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text_shown = text.encode("utf-8", "replace").decode("utf-8")
        raise ScorekeeperError(f"{name}: {shown(text_shown)} is not valid UTF-8 text (is the terminal set to "
                               f"UTF-8?)", usage=True) from None


def _is_card(word: str) -> bool:
    from .cards import Card

    try:
        Card.parse(word)
    except ScorekeeperError:
        return False
    return True


# ---------------------------------------------------------------- kinds of value


def _same(value: Any) -> Any:
    return value


class Kind:
    """How one kind of field value is read (`parse(raw value, players) -> value`), written back
    and described. (A plain class: docs/architecture.md, "Value types".)"""

    __slots__ = ("describe", "parse", "dump")

    def __init__(self, describe: str, parse: Callable[[Any, Sequence[str]], Any],
                 dump: Callable[[Any], Any] = _same) -> None:
        self.describe, self.parse, self.dump = describe, parse, dump


def whole_number(raw: Any) -> int:
    """A whole number written in ASCII digits with an optional sign (not `٣`, `1_000` or
    `1e3`), at most MAX_NUMBER either way; ValueError otherwise."""
    if type(raw) is int and -MAX_NUMBER <= raw <= MAX_NUMBER:  # the usual case (not a bool)
        return raw
    if isinstance(raw, bool):
        raise ValueError
    if isinstance(raw, int):
        value = raw
    else:
        text = str(raw).strip()
        digits = text[1:] if text[:1] in ("+", "-") else text
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 12:
            raise ValueError
        value = int(text)
    if abs(value) > MAX_NUMBER:
        raise ValueError
    return value


def typed_number(text: str, name: str, what: str) -> int:
    """A number typed as a command's argument or option (NAME, meaning WHAT), read as every
    other number is: click's int() would take any Unicode digit ('٣' as 3) and any size."""
    try:
        return whole_number(text)
    except ValueError:
        raise ScorekeeperError(f"{name}: {what} must be a whole number such as 3, got {shown(text)}",
                               usage=True) from None


def integer(low: Optional[int] = None, high: Optional[int] = None) -> Kind:
    if low is not None and high is not None:
        describe = f"a whole number from {low} to {high}"
    elif low is not None:
        describe = f"a whole number, at least {low}"
    else:
        describe = "a whole number"
    bounded = describe if high is not None else f"{describe} (at most {MAX_NUMBER:,} either way)"

    def parse(raw: Any, players: Sequence[str]) -> int:
        try:
            value = whole_number(raw)
        except ValueError:
            digits = str(raw).strip().lstrip("+-")
            too_big = isinstance(raw, int) or (digits.isascii() and digits.isdigit())
            raise ScorekeeperError(f"must be {bounded if too_big else describe}, got {shown(raw)}") from None
        if (low is not None and value < low) or (high is not None and value > high):
            raise ScorekeeperError(f"must be {describe}, got {value}")
        return value

    return Kind(describe, parse)


def nfc(text: str) -> str:
    """A name in one Unicode form (NFC): "Zoë" typed composed or decomposed is one player.
    (unicodedata is imported by the first name that is not ASCII: most tables have none.)"""
    if text.isascii():
        return text
    import unicodedata

    return unicodedata.normalize("NFC", text)


def names_from(text: str) -> List[str]:
    """Players' names as --players gives them: separated by commas, each in NFC."""
    return [nfc(p.strip()) for p in text.split(",")]


def _player(raw: Any, players: Sequence[str]) -> str:
    name = str(raw).strip()
    if name in players:
        return name
    key = nfc(name).lower()
    for p in players:  # names are matched without regard to case ("ann" is Ann) or Unicode form
        if nfc(p).lower() == key:
            return p
    if "," in name and all(_is_player(part, players) for part in name.split(",")):
        raise ScorekeeperError(f"one player only, got {shown(name)}")
    raise ScorekeeperError(
        f"{shown(name)} is not at the table{suggest(name[:100], players)}; players: {', '.join(players)}")


def _is_player(name: str, players: Sequence[str]) -> bool:
    return nfc(name.strip()).lower() in {nfc(p).lower() for p in players}


PLAYER = Kind("a player's name", _player)


def _players(raw: Any, players: Sequence[str]) -> Tuple[str, ...]:
    if isinstance(raw, (list, tuple)):
        items = [str(item) for item in raw]
    else:  # commas between names; spaces too, unless a name itself holds one ("Mary Ann")
        items = []
        for part in str(raw).split(","):
            items.extend([part] if _is_player(part, players) else part.split())
    names = tuple(_player(item, players) for item in items if item.strip())
    if len(set(names)) != len(names):
        raise ScorekeeperError(f"a player is named twice in {shown(raw)}")
    return names


PLAYERS = Kind("players' names separated by commas", _players, lambda v: ",".join(v))

_TRUE = {"yes", "y", "true", "on", "1"}
_FALSE = {"no", "n", "false", "off", "0"}


def _boolean(raw: Any, players: Sequence[str]) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in _TRUE or text == "":  # a bare flag (`heels=`) means yes
        return True
    if text in _FALSE:
        return False
    raise ScorekeeperError(f"must be yes or no, got {shown(raw)}")


BOOLEAN = Kind("yes or no", _boolean)


def choice(*values: str) -> Kind:
    describe = "one of " + ", ".join(values)

    def parse(raw: Any, players: Sequence[str]) -> str:
        text = str(raw).strip().lower()
        if text in values:
            return text
        raise ScorekeeperError(f"must be {describe}, got {shown(raw)}{suggest(text[:100], values)}")

    return Kind(describe, parse)


def _suit(raw: Any, players: Sequence[str]) -> Any:
    from .cards import Suit

    return Suit.parse(raw)


SUIT = Kind("a suit: C, D, H or S", _suit, lambda s: s.value)


def cards(count: Optional[Tuple[int, ...]] = None) -> Kind:
    counts = "" if count is None else " or ".join(str(c) for c in count) + " "
    describe = f"{counts}cards such as 5H TH QS"

    read: List[Callable[[Any], Any]] = []  # cards.parse_cards, imported once, when first used

    def parse(raw: Any, players: Sequence[str]) -> Any:
        if not read:
            from .cards import parse_cards

            read.append(parse_cards)
        found = read[0](raw)
        if count is not None and len(found) not in count:
            raise ScorekeeperError(f"must be {describe}, got {len(found)} card(s)")
        return found

    def dump(value: Any) -> str:
        return " ".join(str(c) for c in value)

    return Kind(describe, parse, dump)


def _card() -> Kind:
    read: List[Callable[[Any], Any]] = []  # Card.parse, imported once, when first used

    def parse(raw: Any, players: Sequence[str]) -> Any:
        if not read:
            from .cards import Card

            read.append(Card.parse)
        return read[0](raw)

    return Kind("one card such as 5H", parse, str)


CARD = _card()
def text_bound(text: str, what: str = "a text field") -> str:
    """`text` if it is at most MAX_TEXT characters; else the error naming the bound."""
    if len(text) > MAX_TEXT:
        raise ScorekeeperError(f"{len(text):,} characters; {what} holds at most {MAX_TEXT:,}")
    return text


TEXT = Kind(f"any text (at most {MAX_TEXT:,} characters)", lambda raw, players: text_bound(str(raw)), str)


def _when(raw: Any, players: Sequence[str]) -> str:
    """A time in ISO 8601, kept as written (`yesterday` was taken as a time, and `at=` removed it)."""
    text = raw.isoformat() if isinstance(raw, datetime.date) else str(raw).strip()
    try:
        valid = text[:4].isdigit() and text.isascii() and bool(datetime.datetime.fromisoformat(text))
    except ValueError:
        valid = False
    if not valid:
        raise ScorekeeperError(f"must be a time in ISO 8601, such as 2026-11-29T20:00:00+01:00, got {shown(text)}")
    return text


WHEN = Kind("a time in ISO 8601 (2026-11-29T20:00:00+01:00)", _when, str)


# ---------------------------------------------------------------- fields of a hand


class Field:
    """A hand's field: its name, its kind of value, its help, whether a hand must give it.
    (A plain class: docs/architecture.md, "Value types".)"""

    __slots__ = ("name", "kind", "help", "required")

    def __init__(self, name: str, kind: Kind, help: str, required: bool = False) -> None:
        self.name, self.kind, self.help, self.required = name, kind, help, required

    def parse(self, raw: Any, players: Sequence[str]) -> Any:
        try:
            return self.kind.parse(raw, players)
        except ScorekeeperError as err:
            raise self.named(err) from None

    def named(self, err: ScorekeeperError) -> ScorekeeperError:
        """The value's mistake, said of this field."""
        return ScorekeeperError(f"{self.name}: {err.message}", field=self.name)


COMMON = (Field("note", TEXT, "a remark kept with the hand"),
          Field("at", WHEN, "when the hand was logged (set automatically)"))


class FieldIndex:
    """A game's fields looked up by name, built once for a whole replay rather than per hand.
    (A plain class: docs/architecture.md, "Value types".)"""

    __slots__ = ("fields", "by_name", "by_lower", "required")

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields, self.by_name = fields, {f.name: f for f in (*fields, *COMMON)}
        self.by_lower = {nfc(name).lower(): f for name, f in self.by_name.items()}
        self.required = tuple(f for f in fields if f.required)


def read_fields(raw: Mapping[str, Any], fields: "Sequence[Field] | FieldIndex",
                players: Sequence[str]) -> Dict[str, Any]:
    """Typed values for a hand's fields; unknown or missing fields are errors."""
    index = fields if isinstance(fields, FieldIndex) else FieldIndex(fields)
    named = index.by_name.get
    values: Dict[str, Any] = {}
    for name, value in raw.items():
        field = named(name) or named(str(name)) or index.by_lower.get(nfc(str(name)).lower())
        if field is None:
            known = [f.name for f in index.fields]
            raise ScorekeeperError(
                f"unknown field {shown(name)}{suggest(str(name)[:100], known)}; fields: {', '.join(known)}",
                field=str(name))
        key, kind = field.name, field.kind
        if key in values:
            raise ScorekeeperError(f"field {key} given twice", usage=True, field=str(name))
        if value is None or (isinstance(value, str) and not value.strip() and kind not in (BOOLEAN, WHEN)):
            continue  # an empty value leaves the field out (how `edit` removes one)
        try:  # Field.parse, without its frame: a long sitting reads hundreds of thousands of fields
            values[key] = kind.parse(value, players)
        except ScorekeeperError as err:
            raise field.named(err) from None
    for field in index.required:
        if field.name not in values:
            raise ScorekeeperError(f"{field.name} is missing: {field.help} ({field.kind.describe})",
                                   field=field.name)
    return values


def dump_hand(values: Mapping[str, Any], fields: Sequence[Field]) -> Dict[str, Any]:
    """The canonical YAML form of typed values, in the order the game lists its fields."""
    by_name = {f.name: f for f in list(fields) + list(COMMON)}
    order = [f.name for f in fields] + list(COMMON_FIELDS)
    return {name: by_name[name].kind.dump(values[name]) for name in order if name in values}


def refuse_field_names(game: str, players: Sequence[str], field_names: Sequence[str]) -> None:
    """The one rule for names: a player may not be called like a hand field (`revoke`, `bid`,
    `note`), whatever the case (`Note` too), or `revoke=Bob` would be ambiguous and his own
    field could never be typed. A usage mistake, about the player; `field_names` are the
    fields a hand may have that are not a player's own (Game.own_field_names gives them)."""
    taken = {name.lower(): name for name in field_names}
    for name in players:
        field = taken.get(name.lower())
        if field is not None:
            raise ScorekeeperError(f"a player may not be called {shown(name)} in {game}: {field}= is "
                                   f"a hand field; give him another name", usage=True, player=name)


MAX_STAKE = 1_000_000  # the most money a stake may be per unit ...
STAKE_PLACES = 4  # ... and to at most this many decimal places (0.0001)


def parse_stake(raw: Any, where: Optional[Source] = None) -> str:
    """The money per counter, point or game, as the text a Decimal reads exactly ("0.05";
    `model.Stakes` makes the Decimal where money is reckoned): `--stake 0.05` and `stakes:
    {stake: 0.05}` in a file both come here (`where` is the file's line then). A plain amount
    of money: digits with at most one point (no sign, no exponent, no nan or inf), from 0 to
    MAX_STAKE, to at most STAKE_PLACES decimal places. Checked as text (`1e100000000` would take
    for ever to settle), leading zeros dropped as Decimal drops them ("007.50" is "7.50")."""
    text = repr(raw) if isinstance(raw, float) else str(raw).strip()
    parts = text.split(".", 1)  # plain: 1-30 digits, perhaps a point and 1-30 more; no sign, no exponent
    if isinstance(raw, bool) or not all(0 < len(p) <= 30 and p.isascii() and p.isdigit() for p in parts):
        raise ScorekeeperError(f"stake must be an amount of money such as 0.05, got {shown(raw)}", where,
                               usage=where is None, key="stakes")
    whole, places = int(parts[0]), parts[1] if len(parts) > 1 else ""
    if whole > MAX_STAKE or (whole == MAX_STAKE and places.strip("0")) or len(places.rstrip("0")) > STAKE_PLACES:
        raise ScorekeeperError(f"stake must be at most {MAX_STAKE:,} and to at most {STAKE_PLACES} "
                               f"decimal places (0.0001), got {shown(raw)}", where, usage=where is None,
                               key="stakes")
    return f"{whole}.{places}" if places else str(whole)
