"""The Cinch trick engine: playing out a hand trick by trick, as Foster prints his
illustrative hands. A `TrickSheet` (read by sheet.parse_sheet) in, a `PlayedHand` out
(who won each trick, the counting cards each side took, the hand's fields); shown by
render/cinch.render_played. Pure: values in, values out.

Trick rules (rules/002, METHOD OF PLAYING, and CINCH LAWS, Playing): the maker of the trump
leads first and the winner of each trick leads the next; trumps win; otherwise the highest
card of the suit led wins; the Left Pedro is a trump between the Five and the Four.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from ...cards import Card, Rank, Suit
from .game import counting_cards, left_pedro

TRICKS = 6
DEFAULT_SEATS = ("A", "Y", "B", "Z")


def is_trump(card: Card, trump: Suit) -> bool:
    return card.suit is trump or card == left_pedro(trump)


def trump_order(card: Card, trump: Suit) -> int:
    """Rank among trumps: A high ... Five (Right Pedro), Left Pedro, Four ... Deuce."""
    if card == left_pedro(trump):
        return 2 * Rank.FIVE.value - 1
    assert card.rank is not None
    return 2 * card.rank.value


def suit_led(card: Card, trump: Suit) -> Suit:
    """The Left Pedro led is a trump lead ("the Left Pedro is one of the trump suit")."""
    assert card.suit is not None
    return trump if is_trump(card, trump) else card.suit


def trick_winner(played: Mapping[str, Card], leader: str, trump: Suit) -> str:
    """Who wins: the highest trump, else the highest card of the suit led."""
    trumps = [p for p, c in played.items() if is_trump(c, trump)]
    if trumps:
        return max(trumps, key=lambda p: trump_order(played[p], trump))
    led = played[leader].suit
    following = [p for p, c in played.items() if c.suit is led]
    return max(following, key=lambda p: played[p].rank.value)


@dataclass(frozen=True)
class Trick:
    number: int
    leader: str
    played: Mapping[str, Card]   # seat -> card, in seat order
    winner: str
    marked: Optional[str] = None  # the winner the sheet underlines, if any


@dataclass(frozen=True)
class TrickSheet:
    """A hand as the book prints it, parsed but not yet played out."""

    seats: Tuple[str, ...]
    trump: Suit
    bid: int
    bidder: Optional[str]
    dealer: Optional[str]
    rows: Tuple[Tuple[Card, ...], ...]
    marked: Tuple[Optional[int], ...]   # per trick, the underlined seat index
    discards: Tuple[Card, ...] = ()
    revoke: Optional[str] = None
    foul: Optional[str] = None
    title: str = ""
    named_players: bool = False
    pack: Tuple[Card, ...] = ()   # blind draw: counting cards left in the pack
    sixty_three: bool = False     # King 25, trey 15, nine 9 count too (63 a deal)

    @property
    def deal_points(self) -> int:
        return 63 if self.sixty_three else 14


@dataclass(frozen=True)
class PlayedHand:
    sheet: TrickSheet
    maker: str
    tricks: Tuple[Trick, ...]
    taken: Mapping[str, Tuple[Card, ...]]   # seat -> counting cards in the tricks he won
    renounces: Tuple[str, ...] = ()          # revokes the cards themselves prove
    sides: Tuple[Tuple[str, ...], Tuple[str, ...]] = field(default=((), ()))

    def side_cards(self, side: Sequence[str]) -> Tuple[Card, ...]:
        return tuple(c for p in side for c in self.taken[p])

    def hand_fields(self) -> Dict[str, str]:
        """The hand fields this play-out gives, as they would be typed after `hand NAME`."""
        s = self.sheet
        fields: Dict[str, str] = {}
        if s.bid:
            fields["bidder"] = self.maker
        fields["bid"] = str(s.bid)
        took = sorted_counting(self.side_cards(self.sides[0]), s.trump)
        if took or s.discards or s.pack:
            fields["took"] = ",".join(str(c) for c in took)
        else:
            # The maker's side took no counting card. An empty `took=` would leave the field
            # out (the core drops empty values), so say it in points: all went the other way.
            fields["made"] = "0"
            fields["against"] = str(s.deal_points)
        if s.discards:
            fields["discards"] = ",".join(str(c) for c in s.discards)
        if s.pack:
            fields["pack"] = ",".join(str(c) for c in s.pack)
        fields["trump"] = s.trump.value
        if s.dealer:
            fields["dealer"] = s.dealer
        if s.revoke:
            fields["revoke"] = s.revoke
        if s.foul:
            fields["foul"] = s.foul
        return fields


def sorted_counting(taken: Sequence[Card], trump: Suit) -> List[Card]:
    order = list(counting_cards(trump, sixty_three=True))
    return sorted(taken, key=lambda c: order.index(c) if c in order else 99)


# ---------------------------------------------------------------- playing it out


def play_out(sheet: TrickSheet) -> PlayedHand:
    seats, trump = sheet.seats, sheet.trump
    maker = sheet.bidder if sheet.bid else sheet.dealer
    assert maker is not None
    leader = maker  # "The maker of the trump must lead for the first trick"
    tricks: List[Trick] = []
    table = counting_cards(trump, sheet.sixty_three)
    taken: Dict[str, List[Card]] = {p: [] for p in seats}
    for number, (row, mark) in enumerate(zip(sheet.rows, sheet.marked), start=1):
        played = dict(zip(seats, row))
        winner = trick_winner(played, leader, trump)
        tricks.append(Trick(number, leader, played, winner,
                            seats[mark] if mark is not None else None))
        taken[winner].extend(c for c in row if c in table)
        leader = winner  # the winner of the trick leads for the next
    first = (seats[0], seats[2])
    sides = (first, (seats[1], seats[3])) if maker in first else ((seats[1], seats[3]), first)
    return PlayedHand(sheet, maker, tuple(tricks), {p: tuple(c) for p, c in taken.items()},
                      renounces_proved(tricks, trump), sides)


def renounces_proved(tricks: Sequence[Trick], trump: Suit) -> Tuple[str, ...]:
    """Revokes the cards prove: a player who neither followed suit nor trumped, and later
    played a card of the suit led. (To be scored, a revoke must be claimed: revoke:.)"""
    found = []
    for i, trick in enumerate(tricks):
        led = suit_led(trick.played[trick.leader], trump)
        for seat, card in trick.played.items():
            if suit_led(card, trump) is led or is_trump(card, trump):
                continue
            later = [t.played[seat] for t in tricks[i + 1:]]
            if any(suit_led(c, trump) is led for c in later):
                found.append(f"{seat} renounced in trick {trick.number} holding {led.name.lower()}")
    return tuple(found)

