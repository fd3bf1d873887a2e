"""A hand in words, as players say it at the table ("Bob bid 7 in spades and made 9"), not as
it is typed (`bidder=Bob bid=7 trump=S made=9`): the pieces each game's `Game.describe` is
made of, and the generic wording of any hand (`plain`). Pure: typed values in, a string out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from ..model import COMMON_FIELDS, LOG_FIELDS

if TYPE_CHECKING:  # imported where a card or a suit may be worded: a game without cards does without
    from ..cards import Card, Suit

LEFT_OUT = COMMON_FIELDS + LOG_FIELDS  # the note is shown beside the words, the times elsewhere


def names(players: Iterable[str]) -> str:
    """Ann; Ann and Bob; Ann, Bob and Cid."""
    found = list(players)
    if len(found) <= 1:
        return "".join(found)
    return f"{', '.join(found[:-1])} and {found[-1]}"


def suit(value: Suit) -> str:
    return value.name.lower()


def card(value: Card) -> str:
    """A card as it is read: 10♥, Q♠ (the Joker by name)."""
    if getattr(value, "is_joker", False):
        return "the Joker"
    return value.rank.short + value.suit.symbol  # (not an f-string: it would call Enum.__format__)


def cards(values: Iterable[Card]) -> str:
    return " ".join(card(c) for c in values)


def text(value: Any) -> str:
    """Any typed value in words: a suit by name, cards with their symbols, players joined."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (str, int)):  # (neither a card nor a suit is one)
        return str(value)
    from ..cards import Card, Suit

    if isinstance(value, Suit):
        return suit(value)
    if isinstance(value, Card):
        return card(value)
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, Card) for v in value):
            return cards(value)
        return names(str(v) for v in value)
    from fractions import Fraction  # (here, not at the top: most games never make one)

    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"
    return str(value)


def field_name(name: str) -> str:
    """A field's name in words: turned_jack -> turned jack; hand.Ann -> Ann's hand."""
    if "." in name:
        what, who = name.split(".", 1)
        return f"{who}'s {what.replace('_', ' ')}"
    return name.replace("_", " ")


def each(values: Mapping[str, Any], players: Sequence[str], verb: str = "", unit: str = "",
         default: Any = None) -> str:
    """Each player's figure, the verb and unit said once: "Ann took 3 hearts, Ben 5, Dot 0".
    Players not given are left out, or given `default`."""
    given = [(p, values.get(p, default)) for p in players if values.get(p, default) is not None]
    if not given:
        return ""
    (first, value), rest = given[0], given[1:]
    if unit.endswith("s") and value == 1:
        unit = unit[:-1]  # 1 heart, 1 trick
    head = f"{first} {verb + ' ' if verb else ''}{text(value)}{' ' + unit if unit else ''}"
    return ", ".join([head] + [f"{p} {text(v)}" for p, v in rest])


def plain(values: Mapping[str, Any], order: Sequence[str], players: Sequence[str]) -> str:
    """The generic wording: each player's figure first ("Ann 12, Bob -3"), then the other
    fields in the game's order, a flag by its name when set ("misdeal"), a value after its
    name ("bidder Ann", "trump spades")."""
    parts = [each(values, players)] if any(p in values for p in players) else []
    rest = [n for n in order if n not in players] + [n for n in values if n not in order and n not in players]
    for name in rest:
        if name not in values or name in LEFT_OUT:
            continue
        value = values[name]
        if value is True:
            parts.append(field_name(name))
        elif value is not False:
            parts.append(f"{field_name(name)} {text(value)}")
    return "; ".join(p for p in parts if p)


def sentence(*parts: str) -> str:
    """Clauses joined with "; ", the empty ones left out."""
    return "; ".join(p for p in parts if p)
