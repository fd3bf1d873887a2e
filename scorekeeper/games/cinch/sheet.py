"""Reading a Cinch trick sheet: the text of a hand as Foster prints it, into a `TrickSheet`.

A trick sheet is plain text: a few `key: value` lines (bidder, bid, trump; optionally
players, dealer, discards, revoke, foul, title) and then six lines of four cards, in seat
order A Y B Z, as the book's tables give them. The book's way of writing a card (`♡8`,
`5♢`) and its underlining of the winning card (`_♡8_`) are understood; pipes and a trick
number are ignored. The book's own two-column layout is split into such sheets by
printed.py. Pure: text in, values out.
"""

from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from ...cards import Card, Rank, Suit
from ...model import ScorekeeperError
from ..base import Effect
from .game import counting_cards
from .tricks import DEFAULT_SEATS, TRICKS, PlayedHand, TrickSheet, trick_winner

_SUIT_SYMBOLS = "♣♦♥♠♧♢♡♤"
_KEYS = ("title", "players", "bidder", "bid", "trump", "dealer", "discards", "pack", "revoke",
         "foul")


def parse_book_card(token: str) -> Card:
    """A card as written in the book (`♡8`, `5♢`) or as scorekeeper writes it (8H). A suit the
    scan lost is printed `?` (`?4`, `4?`): the card comes back with no suit, to be found from
    the rest of the hand (`_find_lost_suits`)."""
    token = token.strip().strip("_").strip()
    if token and token[0] in _SUIT_SYMBOLS + "?":
        token = token[1:] + token[0]
    if len(token) >= 2 and token.endswith("?"):
        return Card(Rank.parse(token[:-1]), None)  # type: ignore[arg-type]  # found later
    return Card.parse(token)


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
    names: Dict[str, Optional[str]] = {"bidder": None, "dealer": None, "revoke": None, "foul": None}
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
        # a Joker has no suit either: not a suit lost, refused as no card of Cinch later
        return [(t, i) for t, row in enumerate(rows) for i, c in enumerate(row)
                if c.suit is None and not c.is_joker]

    def consistent(candidate: List[Tuple[Card, ...]]) -> bool:
        """The underlined winners, played out from the maker's lead, as far as all is known."""
        if maker is None or maker not in players:
            return True
        leader = maker
        for t, row in enumerate(candidate):
            if len(row) != len(players) or any(c.suit is None or c.is_joker for c in row):
                return True  # cannot follow further: nothing contradicts
            winner = trick_winner(dict(zip(players, row)), leader, trump)
            mark = marked[t]
            if mark is not None and players[mark] != winner:
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
    from ...cards import parse_cards

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
    raise ScorekeeperError(f"{key}: {name!r} is not at the table; players: {', '.join(players)}",
                           field=key, player=name)


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


# ---------------------------------------------------------------- a file of sheets, for `cinch tricks`


def play_sheets(text: str, file: str, seats: Optional[Sequence[str]] = None,
                sixty_three: bool = False, log: Optional[str] = None) -> List[PlayedHand]:
    """Every hand in a trick-sheet file, played out. The book's own layout (two hands side
    by side under their headings) gives a sheet for each hand; they come left to right, top
    to bottom. A mistake names the file (and the hand, when there are several); with `log`
    (the sitting the hands go to) a name not at the table says how to fix the sheet."""
    from .printed import is_printed, printed_sheets
    from .tricks import play_out

    sheets = printed_sheets(text) if is_printed(text) else [text]
    hands = []
    for number, sheet in enumerate(sheets, start=1):
        where = f" (hand {number} of {len(sheets)})" if len(sheets) > 1 else ""
        try:
            hands.append(play_out(parse_sheet(sheet, seats, sixty_three)))
        except ScorekeeperError as err:
            hint = ""
            if seats is not None and err.player is not None:  # a name not at the sitting's table
                hint = (f" (with --log the sheet is read with {log}'s players in seat order: name "
                        f"the bidder and the others as {log} does)")
            raise ScorekeeperError(f"{file}{where}: {err.message}{hint}") from None
    return hands


def check_seats(sheet: TrickSheet, seats: Sequence[str], log: str) -> None:
    """A sheet logged in a sitting must seat its players as the sitting does."""
    if tuple(sheet.seats) != tuple(seats):
        raise ScorekeeperError(f"players: the sheet seats {' '.join(sheet.seats)} but {log} seats "
                               f"{' '.join(seats)}; leave players out of the sheet or match them")


def score_alone(seats: Sequence[str], fields: Mapping[str, str], rules: Mapping[str, str]) -> Effect:
    """Score the hand as the first deal of a four-handed cinch sitting under these rules."""
    from ...model import Hand, Session
    from .. import get_game

    game = get_game("cinch")
    session = Session(name="tricks", game="cinch", players=tuple(seats),
                      rules=game.resolve_rules(rules, seats), hands=(Hand(dict(fields)),))
    return game.replay(session).effects[-1]
