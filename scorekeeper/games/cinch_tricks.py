"""Playing out a Cinch hand trick by trick, as Foster prints his illustrative hands.

A trick sheet is plain text: a few `key: value` lines (bidder, bid, trump; optionally
players, dealer, discards, revoke, foul, title) and then six lines of four cards, in seat
order A Y B Z, as the book's tables give them. The book's way of writing a card (`♡8`,
`5♢`) and its underlining of the winning card (`_♡8_`) are understood; pipes and a trick
number are ignored. Pure: text in, values out.

Trick rules (rules/002, METHOD OF PLAYING, and CINCH LAWS, Playing): the maker of the trump
leads first and the winner of each trick leads the next; trumps win; otherwise the highest
card of the suit led wins; the Left Pedro is a trump between the Five and the Four.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from ..cards import Card, Rank, Suit
from ..model import ScorekeeperError
from .cinch import counting_cards, left_pedro

TRICKS = 6
DEFAULT_SEATS = ("A", "Y", "B", "Z")
_SUIT_SYMBOLS = "♣♦♥♠♧♢♡♤"
_KEYS = ("title", "players", "bidder", "bid", "trump", "dealer", "discards", "pack", "revoke",
         "foul")


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
    return max(following, key=lambda p: played[p].rank.value)  # type: ignore[union-attr]


def parse_book_card(token: str) -> Card:
    """A card as written in the book (`♡8`, `5♢`) or as scorekeeper writes it (8H). A suit the
    scan lost is printed `?` (`?4`, `4?`): the card comes back with no suit, to be found from
    the rest of the hand (`_find_lost_suits`)."""
    token = token.strip().strip("_").strip()
    if token and token[0] in _SUIT_SYMBOLS + "?":
        token = token[1:] + token[0]
    if len(token) >= 2 and token.endswith("?"):
        return Card(Rank.parse(token[:-1]), None)
    return Card.parse(token)


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


# ---------------------------------------------------------------- reading a sheet


def parse_sheet(text: str, seats: Optional[Sequence[str]] = None,
                sixty_three: bool = False) -> TrickSheet:
    """Read a trick sheet. `seats` (the session's players) is used when the sheet names none;
    `sixty_three`: the hand is one of Sixty-three (bids to 63, King trey and nine count)."""
    header: Dict[str, str] = {}
    rows: List[Tuple[Card, ...]] = []
    marked: List[Optional[int]] = []
    text = text.lstrip("\ufeff")  # a sheet saved by an editor that writes a byte-order mark
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line or set(line) <= set("-+|= "):
            continue
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() in _KEYS:
            header[key.strip().lower()] = value.strip()
            continue
        if sep:
            raise ScorekeeperError(f"line {number}: unknown key {key.strip()!r}; "
                                   f"keys: {', '.join(_KEYS)}")
        tokens = [t for t in line.replace("|", " ").split() if not t.rstrip(".").isdigit()]
        if all(t.strip("_").upper() in {"A", "Y", "B", "Z"} for t in tokens) or tokens == list(seats or ()):
            continue  # a heading row naming the seats
        try:
            cards = tuple(parse_book_card(t) for t in tokens)
        except ScorekeeperError as err:
            raise ScorekeeperError(f"trick {len(rows) + 1} (line {number}): {err.message}") from None
        underlined = [i for i, t in enumerate(tokens) if t.startswith("_") and t.endswith("_")]
        rows.append(cards)
        marked.append(underlined[0] if len(underlined) == 1 else None)
    return _sheet(header, rows, marked, seats, sixty_three)


def _sheet(header: Mapping[str, str], rows: List[Tuple[Card, ...]], marked: List[Optional[int]],
           seats: Optional[Sequence[str]], sixty_three: bool = False) -> TrickSheet:
    named = "players" in header
    players = (tuple(header["players"].replace(",", " ").split()) if named
               else tuple(seats) if seats else DEFAULT_SEATS)
    if len(players) != 4 or len(set(players)) != 4:
        raise ScorekeeperError(f"players: a trick sheet is for four players in seat order, "
                               f"got {' '.join(players)!r}")
    if "trump" not in header:
        raise ScorekeeperError("trump is missing: the trump suit named (trump: hearts)")
    trump = Suit.parse(header["trump"])
    bid_text = header.get("bid", "")
    top = 63 if sixty_three else 14
    if not (bid_text.isascii() and bid_text.isdigit() and len(bid_text) <= 3) or not 0 <= int(bid_text) <= top:
        raise ScorekeeperError(f"bid: must be a whole number from 0 to {top}, got {bid_text!r}")
    bid = int(bid_text)
    names = {"bidder": None, "dealer": None, "revoke": None, "foul": None}
    for key in names:
        if key in header:
            names[key] = _seat(key, header[key], players)
    if bid and names["bidder"] is None:
        raise ScorekeeperError(f"bidder is missing: who bid {bid}? (one of {' '.join(players)})")
    if not bid and names["dealer"] is None:
        raise ScorekeeperError("dealer is missing: with bid 0 the dealer named the trump and leads")
    aside = {key: tuple(_header_cards(key, header)) for key in ("discards", "pack")}
    rows = _find_lost_suits(rows, marked, players, trump, bid, names["bidder"] or names["dealer"],
                            [c for cards in aside.values() for c in cards])
    _check_tricks(rows, players)
    _check_every_counting_card_is_somewhere(rows, aside, trump, sixty_three)
    return TrickSheet(players, trump, bid, names["bidder"], names["dealer"], tuple(rows),
                      tuple(marked), aside["discards"], names["revoke"], names["foul"],
                      header.get("title", ""), named, aside["pack"], sixty_three)


def _find_lost_suits(rows: List[Tuple[Card, ...]], marked: Sequence[Optional[int]],
                     players: Sequence[str], trump: Suit, bid: int, maker: Optional[str],
                     aside: Sequence[Card]) -> List[Tuple[Card, ...]]:
    """Give a card printed with `?` for its suit the one suit the hand allows: not a card seen
    elsewhere in the hand, and, when the trick's winner is underlined, the suit with which the
    tricks are won as the book marks them. Repeated while a card is settled; a card left with
    two or more possible suits is an error that names them."""
    rows = [tuple(row) for row in rows]

    def lost() -> List[Tuple[int, int]]:
        return [(t, i) for t, row in enumerate(rows) for i, c in enumerate(row) if c.suit is None]

    def consistent(candidate: List[Tuple[Card, ...]]) -> bool:
        """The underlined winners, played out from the maker's lead, as far as all is known."""
        if maker is None or maker not in players:
            return True
        leader = maker
        for t, row in enumerate(candidate):
            if len(row) != len(players) or any(c.suit is None for c in row):
                return True  # cannot follow further: nothing contradicts
            winner = trick_winner(dict(zip(players, row)), leader, trump)
            if marked[t] is not None and players[marked[t]] != winner:
                return False
            leader = winner
        return True

    progress = True
    while lost() and progress:
        progress = False
        for t, i in lost():
            rank = rows[t][i].rank
            seen = {c for row in rows for c in row if c.suit is not None} | set(aside)
            options = []
            for suit in Suit:
                card = Card(rank, suit)
                if card in seen:
                    continue
                trial = list(rows)
                trial[t] = rows[t][:i] + (card,) + rows[t][i + 1:]
                if consistent(trial):
                    options.append(card)
            if len(options) == 1:
                rows[t] = rows[t][:i] + (options[0],) + rows[t][i + 1:]
                progress = True
            elif not options:
                raise ScorekeeperError(f"trick {t + 1}: {rank}? lost its suit and no suit fits "
                                       f"the hand; write the card with its suit")
    if lost():
        t, i = lost()[0]
        rank = rows[t][i].rank
        seen = {c for row in rows for c in row if c.suit is not None} | set(aside)
        could = " ".join(str(Card(rank, s)) for s in Suit if Card(rank, s) not in seen)
        raise ScorekeeperError(f"trick {t + 1}: {rank}? lost its suit in the scan and the hand "
                               f"does not settle it (it could be {could}); write the card with "
                               f"its suit")
    return rows


def _header_cards(key: str, header: Mapping[str, str]) -> Tuple[Card, ...]:
    from ..cards import parse_cards

    try:
        return tuple(parse_cards(header[key])) if header.get(key) else ()
    except ScorekeeperError as err:
        raise ScorekeeperError(f"{key}: {err.message}") from None


def _check_every_counting_card_is_somewhere(rows: Sequence[Tuple[Card, ...]],
                                            aside: Mapping[str, Tuple[Card, ...]],
                                            trump: Suit, sixty_three: bool = False) -> None:
    """A card laid aside was not played, and every counting card was either played or laid
    aside. In the regular game all trumps end in the hands or the discards (the dealer robs
    the deck and must show the trumps he does not want), so a counting card that is in no
    trick is in the discards, and "count[s] for the side that made the trump": it must not
    silently go to the adversaries."""
    played = {card: number for number, row in enumerate(rows, start=1) for card in row}
    seen: Dict[Card, str] = {}
    for key, cards in aside.items():
        for card in cards:
            if card in played:
                raise ScorekeeperError(f"{key}: {card} was played in trick {played[card]}; a card "
                                       f"laid aside cannot also be played")
            if card in seen:
                raise ScorekeeperError(f"{key}: {card} is also in {seen[card]}")
            seen[card] = key
    missing = [c for c in counting_cards(trump, sixty_three) if c not in played and c not in seen]
    if missing:
        names = " ".join(str(c) for c in missing)
        raise ScorekeeperError(
            f"discards: the counting card(s) {names} are in no trick; list them under "
            f"`discards:` (they count for the side that made the trump), or under `pack:` with "
            f"--rule blind_draw=on (left in the pack, they count for nobody)")


def _seat(key: str, name: str, players: Sequence[str]) -> str:
    for p in players:
        if p.lower() == name.strip().lower():
            return p
    raise ScorekeeperError(f"{key}: {name!r} is not at the table; players: {', '.join(players)}")


def _check_tricks(rows: Sequence[Tuple[Card, ...]], players: Sequence[str]) -> None:
    """Six tricks of four cards, no card played twice."""
    for number, row in enumerate(rows, start=1):
        if len(row) != 4:
            raise ScorekeeperError(
                f"trick {number}: has {len(row)} card(s); each trick is four cards, one per seat "
                f"in the order {' '.join(players)}")
    if len(rows) != TRICKS:
        raise ScorekeeperError(f"tricks: got {len(rows)} trick(s); a hand of Cinch is {TRICKS} "
                               f"tricks of four cards")
    seen: Dict[Card, int] = {}
    for number, row in enumerate(rows, start=1):
        for card in row:
            if card.is_joker:
                raise ScorekeeperError(f"trick {number}: there is no Joker in Cinch")
            if card in seen:
                where = "this trick" if seen[card] == number else f"trick {seen[card]}"
                raise ScorekeeperError(f"trick {number}: {card} was already played in {where}; "
                                       f"a card can be played only once")
            seen[card] = number


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


# ---------------------------------------------------------------- rendering (strings out)


def render_played(played: PlayedHand, summary: str, notes: Sequence[str] = ()) -> str:
    from tabulate import tabulate

    s = played.sheet
    seats = list(s.seats)
    opening = (f"{played.maker} bids {s.bid} on {s.trump.name.lower()}" if s.bid
               else f"no bid: {played.maker} (dealer) names {s.trump.name.lower()}")
    parts = [(s.title + ": " if s.title else "") + f"{opening}; {played.maker} leads"]
    rows = []
    for t in played.tricks:
        cells = [str(t.played[p]) + ("*" if p == t.winner else "") for p in seats]
        check = "" if t.marked is None else ("same" if t.marked == t.winner
                                             else f"underlines {t.marked}!")
        rows.append([str(t.number)] + cells + [t.leader, t.winner, check])
    parts.append(tabulate(rows, headers=["trick"] + seats + ["led by", "won by", "book"],
                          tablefmt="simple", disable_numparse=True))
    table = counting_cards(s.trump, s.sixty_three)
    lines = []
    for side in played.sides:
        got = sorted_counting(played.side_cards(side), s.trump)
        extra = list(s.discards) if side == played.sides[0] else []
        names = ", ".join(f"{table[c][0]} {c}" for c in got + extra) or "nothing"
        total = sum(table[c][1] for c in got + extra)
        lines.append(f"{'-'.join(side)} took {total}: {names}"
                     + (" (with the discards)" if extra else ""))
    parts.append("\n".join(lines))
    tail = [summary] + list(notes) + list(played.renounces)
    fields = " ".join(f"{k}={v}" for k, v in played.hand_fields().items())
    tail.append(f"hand fields: {fields}")
    parts.append("\n".join(tail))
    return "\n\n".join(parts)
