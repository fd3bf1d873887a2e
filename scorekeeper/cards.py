"""Cards as values that parse and print themselves: Card.parse("10h"), str(card) == "10H"."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import total_ordering
from typing import Iterable, List, Tuple

from .model import ScorekeeperError, shown


class Suit(Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def colour(self) -> str:
        return "red" if self in (Suit.HEARTS, Suit.DIAMONDS) else "black"

    @property
    def same_colour(self) -> "Suit":
        """The other suit of this suit's colour (Cinch's Left Pedro lives there)."""
        return {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS,
                Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}[self]

    @classmethod
    def parse(cls, text: object) -> "Suit":
        token = _plain_text(text)
        suit = _SUIT_NAMES.get(token.lower()) or _SUIT_NAMES.get(token)
        if suit is None:
            raise ScorekeeperError(
                f"not a suit: {shown(token)} (try C, D, H, S, ♣, ♦, ♥, ♠ or clubs, diamonds, hearts, spades)")
        return suit

    def __str__(self) -> str:
        return self.value


def _plain_text(text: object) -> str:
    """The token without the invisible emoji selectors a phone adds to ♥ (typed "5♥️")."""
    return str(text).replace("\ufe0f", "").replace("\ufe0e", "").strip()


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_NAMES = {}
for _s in Suit:
    _SUIT_NAMES[_s.value.lower()] = _s
    _SUIT_NAMES[_s.symbol] = _s
    _SUIT_NAMES[_s.name.lower()] = _s
    _SUIT_NAMES[_s.name.lower()[:-1]] = _s  # "heart", "spade"
for _sym, _s in (("♧", Suit.CLUBS), ("♢", Suit.DIAMONDS), ("♡", Suit.HEARTS), ("♤", Suit.SPADES)):
    _SUIT_NAMES[_sym] = _s


_SUIT_SYMBOL_CHARS = "♣♦♥♠♧♢♡♤"


class Rank(Enum):
    """Ranks with their order (2 low, Ace high); `pips` is the cribbage/face value."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def short(self) -> str:
        return _RANK_TEXT[self]

    @property
    def ordinal(self) -> int:
        """Position with the Ace low (A=1 ... K=13), as cribbage counts runs."""
        return 1 if self is Rank.ACE else self.value

    @property
    def pips(self) -> int:
        """Count value with the Ace one and court cards ten (cribbage's fifteens)."""
        return min(self.ordinal, 10)

    @classmethod
    def parse(cls, text: str) -> "Rank":
        rank = _RANK_NAMES.get(text.upper())
        if rank is None:
            raise ScorekeeperError(f"not a rank: {shown(text)} (try 2-10, T, J, Q, K, A)")
        return rank

    def __str__(self) -> str:
        return self.short


_RANK_TEXT = {r: str(r.value) for r in Rank if r.value <= 10}
_RANK_TEXT.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"})
_RANK_NAMES = {text: r for r, text in _RANK_TEXT.items()}
_RANK_NAMES.update({"T": Rank.TEN, "1": Rank.ACE, "11": Rank.JACK, "12": Rank.QUEEN, "13": Rank.KING})


@total_ordering  # order by rank then suit through __lt__ below (order=True would clash with it)
@dataclass(frozen=True)
class Card:
    """A playing card, or the Joker (rank and suit None).

    The fields are typed as a card's: the Joker is the one exception, made only by `joker()`,
    and wherever a Joker can reach (the Hearts settlings that use one) `is_joker` is asked
    first; every other game refuses it when its cards are parsed."""

    rank: Rank
    suit: Suit

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @classmethod
    def joker(cls) -> "Card":
        return cls(None, None)  # type: ignore[arg-type]

    @classmethod
    def parse(cls, text: object) -> "Card":
        token = _plain_text(text)
        if token.lower() in ("jk", "joker", "🃏"):
            return cls.joker()
        if len(token) < 2:
            raise ScorekeeperError(f"not a card: {shown(token)} (try 10H, TH, 10♥)")
        if token[0] in _SUIT_SYMBOL_CHARS:
            # Foster writes hearts and clubs suit first (♡8, ♣Q), diamonds and spades after
            # the rank (5♢): one card grammar everywhere, so both orders are read.
            token = token[1:] + token[0]
        try:
            return cls(Rank.parse(token[:-1]), Suit.parse(token[-1]))
        except ScorekeeperError:
            raise ScorekeeperError(f"not a card: {shown(token)} (try 10H, TH, 10♥)") from None

    def __str__(self) -> str:
        if self.is_joker:
            return "JK"
        return f"{self.rank}{self.suit}"

    def __lt__(self, other: "Card") -> bool:  # type: ignore[override]
        return _sort_key(self) < _sort_key(other)


def _sort_key(card: Card) -> Tuple[int, str]:
    return (card.rank.value if card.rank else 99, card.suit.value if card.suit else "")


def parse_cards(text: object, *, allow_duplicates: bool = False) -> Tuple[Card, ...]:
    """Cards given as a list or as one string separated by spaces or commas."""
    if isinstance(text, (list, tuple)):
        tokens: List[str] = [str(t) for t in text]
    else:
        tokens = str(text).replace(",", " ").split()
    cards = tuple(Card.parse(t) for t in tokens)
    if not allow_duplicates:
        check_no_duplicates(cards)
    return cards


def check_no_duplicates(cards: Iterable[Card]) -> None:
    seen = set()
    for card in cards:
        if card in seen and not card.is_joker:
            raise ScorekeeperError(f"card {card} given twice")
        seen.add(card)


def full_deck() -> Tuple[Card, ...]:
    return tuple(Card(r, s) for s in Suit for r in Rank)
