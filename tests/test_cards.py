import pytest

from scorekeeper.cards import Card, Rank, Suit, parse_cards
from scorekeeper.model import ScorekeeperError


@pytest.mark.parametrize("text", ["5H", "5h", "5♥", "5♡", " 5H ", "5♥\ufe0f"])
def test_five_of_hearts_in_every_spelling(text):
    assert Card.parse(text) == Card(Rank.FIVE, Suit.HEARTS)


@pytest.mark.parametrize("text", ["10H", "TH", "th", "10♥"])
def test_ten_spellings(text):
    assert str(Card.parse(text)) == "10H"


def test_court_cards_and_aces():
    assert [str(Card.parse(t)) for t in ["JD", "QS", "KC", "AS", "a♠"]] == ["JD", "QS", "KC", "AS", "AS"]


def test_joker():
    assert Card.parse("JK").is_joker and str(Card.parse("joker")) == "JK"


@pytest.mark.parametrize("text", ["1X", "ZZ", "H", "11", "5", "0H"])
def test_bad_card_names_the_token(text):
    with pytest.raises(ScorekeeperError, match=f"not a card: '{text}' \\(try 10H, TH, 10♥\\)"):
        Card.parse(text)


def test_duplicate_refused():
    with pytest.raises(ScorekeeperError, match="card 5H given twice"):
        parse_cards("5H 5D 5h")


def test_list_or_string_with_commas():
    assert parse_cards(["5H", "JD"]) == parse_cards("5H,JD")


def test_card_order_is_by_rank_then_suit():
    assert sorted(parse_cards("AS 2C 10H 2D")) == list(parse_cards("2C 2D 10H AS"))


def test_rank_values():
    assert Rank.ACE.ordinal == 1 and Rank.ACE.pips == 1
    assert Rank.KING.pips == 10 and Rank.KING.ordinal == 13


def test_suit_names_and_colour():
    assert Suit.parse("hearts") is Suit.HEARTS and Suit.parse("♣") is Suit.CLUBS
    assert Suit.HEARTS.same_colour is Suit.DIAMONDS and Suit.SPADES.colour == "black"
    with pytest.raises(ScorekeeperError, match="not a suit: 'X'"):
        Suit.parse("X")


def test_emoji_suits_with_the_invisible_selector_a_phone_adds():
    assert [str(c) for c in parse_cards("10♠\ufe0f,Q♦\ufe0f K♣\ufe0e")] == ["10S", "QD", "KC"]
    assert Suit.parse("♥\ufe0f") is Suit.HEARTS
