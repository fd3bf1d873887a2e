"""Cards as values that parse and print themselves: Card.parse("10h"), str(card) == "10H"."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from enum import Enum
from typing import Dict, Iterable, List, Optional, Tuple

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
        return _SAME_COLOUR[self]

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

    __hash__ = object.__hash__  # members are compared by identity: hashed by it, in C (Enum's is Python)


def _plain_text(text: object) -> str:
    """The token without the invisible emoji selectors a phone adds to ♥ (typed "5♥️")."""
    return str(text).replace("\ufe0f", "").replace("\ufe0e", "").strip()


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SAME_COLOUR = {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS,
                Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}
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
    """Ranks with their order (2 low, Ace high). Each rank carries, as plain attributes (a
    replay of a long cribbage sitting reads them hundreds of thousands of times):
    `ordinal`, its position with the Ace low (A=1 ... K=13), as cribbage counts runs; and
    `pips`, its count value with the Ace one and court cards ten (cribbage's fifteens)."""

    ordinal: int
    pips: int

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

    def __init__(self, value: int) -> None:
        self.ordinal = 1 if value == 14 else value
        self.pips = min(self.ordinal, 10)

    @classmethod
    def parse(cls, text: str) -> "Rank":
        rank = _RANK_NAMES.get(text.upper())
        if rank is None:
            raise ScorekeeperError(f"not a rank: {shown(text)} (try 2-10, T, J, Q, K, A)")
        return rank

    def __str__(self) -> str:
        return self.short

    __hash__ = object.__hash__  # members are compared by identity: hashed by it, in C (Enum's is Python)


_RANK_TEXT = {r: str(r.value) for r in Rank if r.value <= 10}
_RANK_TEXT.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"})
_RANK_NAMES = {text: r for r, text in _RANK_TEXT.items()}
_RANK_NAMES.update({"T": Rank.TEN, "1": Rank.ACE, "11": Rank.JACK, "12": Rank.QUEEN, "13": Rank.KING})


class Card:
    """A playing card, or the Joker (rank and suit None).

    The fields are typed as a card's: the Joker is the one exception, made only by `joker()`,
    and wherever a Joker can reach (the Hearts settlings that use one) `is_joker` is asked
    first; every other game refuses it when its cards are parsed. (A Cinch sheet that does not
    say the suit makes a card of its rank alone.)

    Cards are values, and each is made once: `Card(rank, suit)` returns the one card of that
    rank and suit, so that equality and hashing are the object's own (a card is compared and
    looked up in sets millions of times in a long sitting) and still mean "same rank and
    suit". Immutable, like the frozen dataclass it replaces."""

    __slots__ = ("rank", "suit", "ordinal", "pips")
    rank: Rank
    suit: Suit
    ordinal: int  # the rank's (Ace low, as cribbage counts runs); 0 for the Joker or no rank
    pips: int     # the rank's count value (cribbage's fifteens); 0 for the Joker

    def __new__(cls, rank: Rank, suit: Suit) -> "Card":
        card = _MADE.get((rank, suit))
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "ordinal", rank.ordinal if rank is not None else 0)
            object.__setattr__(card, "pips", rank.pips if rank is not None else 0)
            _MADE[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> Tuple[type, Tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))  # a copy or an unpickled card is the one card

    def __repr__(self) -> str:
        return f"Card(rank={self.rank!r}, suit={self.suit!r})"

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @classmethod
    def joker(cls) -> "Card":
        return cls(None, None)  # type: ignore[arg-type]

    @classmethod
    def parse(cls, text: object) -> "Card":
        card = _SPELLINGS.get(text.upper()) if type(text) is str else None  # as a file writes it
        if card is not None:
            return card
        token = _plain_text(text)
        card = _SPELLINGS.get(token.upper())
        if card is not None:
            return card
        if token.lower() in ("jk", "joker", "🃏"):
            return cls.joker()
        raise ScorekeeperError(f"not a card: {shown(token)} (try 10H, TH, 10♥)")

    def __str__(self) -> str:
        if self.rank is None:
            return "JK"
        return f"{self.rank}{self.suit}"

    def __lt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return _sort_key(self) < _sort_key(other)

    def __le__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self is other or _sort_key(self) < _sort_key(other)

    def __gt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return _sort_key(other) < _sort_key(self)

    def __ge__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self is other or _sort_key(other) < _sort_key(self)


_MADE: Dict[Tuple[Optional[Rank], Optional[Suit]], Card] = {}


def _spellings() -> Dict[str, Card]:
    """Every way of writing a card, in capitals: a rank (2-10, T, J, Q, K, A; 1, 11-13) then a
    suit's letter or symbol. Foster writes hearts and clubs suit first (♡8, ♣Q), diamonds and
    spades after the rank (5♢): one card grammar everywhere, so a symbol may come first."""
    found: Dict[str, Card] = {}
    rank_texts = [(rank, [t for t, r in _RANK_NAMES.items() if r is rank]) for rank in Rank]
    for suit in Suit:  # each card made once (a rank or suit as a key hashes in Python)
        suit_texts = [(t.upper(), t in _SUIT_SYMBOL_CHARS) for t, s in _SUIT_NAMES.items() if s is suit and len(t) == 1]
        for rank, texts in rank_texts:  # (the rank's texts are capitals already)
            card = Card(rank, suit)
            for rank_text in texts:
                for suit_text, symbol in suit_texts:
                    found[rank_text + suit_text] = card
                    if symbol:
                        found[suit_text + rank_text] = card
    return found


_SPELLINGS = _spellings()


def _sort_key(card: Card) -> Tuple[int, str]:
    return (card.rank.value if card.rank else 99, card.suit.value if card.suit else "")


def parse_cards(text: object, *, allow_duplicates: bool = False) -> Tuple[Card, ...]:
    """Cards given as a list or as one string separated by spaces or commas."""
    if type(text) is str and "," not in text:
        tokens: List[str] = text.split()  # how a file writes them: "5H 10H QS"
    elif isinstance(text, (list, tuple)):
        tokens = [str(t) for t in text]
    else:
        tokens = str(text).replace(",", " ").split()
    found = []  # (a loop: a comprehension is a call of its own, and this is every hand's cards)
    for t in tokens:  # a token as a file writes it ("10H") is its own normal form
        found.append(_SPELLINGS.get(t) or Card.parse(t))
    cards = tuple(found)
    if not allow_duplicates and len(set(cards)) != len(cards):
        check_no_duplicates(cards)
    return cards


def check_no_duplicates(cards: Iterable[Card]) -> None:
    seen = set()
    for card in cards:
        if card in seen and not card.is_joker:
            raise ScorekeeperError(f"card {card} given twice")
        seen.add(card)


def full_deck() -> Tuple[Card, ...]:
    return _DECK


_DECK = tuple(dict.fromkeys(_SPELLINGS.values()))  # as _spellings made them: by suit, then rank
