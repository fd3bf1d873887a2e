"""Boston: a caller alone against three, paid by the tables, with a pool that grows on failure.

Laws: 003_7c90169007266f58.txt ("BOSTON.") and boston-payments.md (the payment tables, in
tables.py). Every account is kept in white counters (red = 10, blue = 100: "white,
red, and blue; representing cents, dimes, and dollars"). A player's score is his net in
white counters; the counters in the pools belong to nobody until won or divided, so at
every step the players' scores plus the counters in all pools sum to zero.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ...fields import BOOLEAN, PLAYER, Field, Kind, choice, integer, suggest
from ...model import FileData, Record, ScorekeeperError, Session, shown
from ..base import Effect, Figure, Game, Rule, Standings, bool_rule, choice_rule, int_rule, pool_shares
from ..history import History
from .tables import MISERE, NAMED_TABLES, TRICK_CALLS
from .. import words

RED = 10    # white counters in a red
BLUE = 100  # white counters in a blue
ROUNDS_PER_GAME = 3  # CUTTING: the knife is closed "the third time ... the last deal of the game"


def deals_per_game(players: int) -> int:
    """Boston, CUTTING: "Twelve deals is a game" at four; the deals are counted by rounds ("the
    third time he closes it; that being the third round, and the last deal of the game"), so at
    five or six a game is three rounds too: 15 or 18 deals, each player dealing three times."""
    return ROUNDS_PER_GAME * players

# The calls in the book's rank order ("ANNOUNCEMENTS"), lowest first.
CALLS: Tuple[str, ...] = (
    "boston", "six", "seven", "little-misere", "eight", "nine", "grand-misere", "ten",
    "eleven", "little-spread", "twelve", "grand-spread", "grand-slam",
)
PARTOUT = "partout"
# The calls as the book writes them, where that is not the field's own spelling.
CALL_WORDS = {"boston": "Boston", "little-misere": "little misère", "grand-misere": "grand misère"}
# Little misère and little spread are played with twelve cards: "after having discarded a card".
TWELVE_CARD_CALLS = ("little-misere", "little-spread")

# What people say at the table for a call, when it is not the call's name in the issue's
# spelling: "five" is the call Boston, "thirteen" the Grand Slam; "misere" needs its size.
_NUMBER_WORDS = ("five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen")
_CALL_HINTS: Dict[str, str] = {
    "misere": "did you mean little-misere or grand-misere?",
    "misère": "did you mean little-misere or grand-misere?",
    "spread": "did you mean little-spread or grand-spread?",
    "pass": "when everyone passed: call=partout", "passed": "when everyone passed: call=partout",
}


def _call_hint(text: str) -> Optional[str]:
    """A hint for a call typed as its number of tricks (5, five) or without its size."""
    tricks = _NUMBER_WORDS.index(text) + 5 if text in _NUMBER_WORDS else (
        int(text) if text.isascii() and text.isdigit() and len(text) <= 2 and 5 <= int(text) <= 13 else None)
    if tricks is not None:
        name = next(c for c, n in TRICK_CALLS.items() if n == tricks)
        word = _NUMBER_WORDS[tricks - 5]
        return f"did you mean {name}?" if name == word else f"{word} tricks is called {name}"
    return _CALL_HINTS.get(text)


# A call typed as its tricks where the call is named by them (8: eight); 5 and 13 are called
# Boston and Grand Slam, which the hint teaches.
_BY_NUMBER = {str(n): c for c, n in TRICK_CALLS.items() if c == _NUMBER_WORDS[n - 5]}


def _parse_call(raw: Any, players: Sequence[str]) -> str:
    """A call; one typed as its number of tricks or without its size gets the table's hint
    instead of the generic closest guess (which gave 'nine' for 'five'): decided from what was
    typed, before any error, never by reading another module's message."""
    text = str(raw).strip().lower()
    named = _BY_NUMBER.get(text)
    if named is not None:  # call=8 is the call eight: taken, not "did you mean eight?"
        return named
    hint = None if text in CALLS or text == PARTOUT else _call_hint(text)
    if hint is None:
        call: str = _CALLS_KIND.parse(raw, players)
        return call
    raise ScorekeeperError(f"must be {_CALLS_KIND.describe}, got {shown(raw)} ({hint})")


_CALLS_KIND = choice(*CALLS, PARTOUT)
CALL = Kind(_CALLS_KIND.describe, _parse_call)

REVOKE_FORFEIT = 4 * RED        # "four red counters" to the pool (REVOKES)
WRONG_CARDS_FORFEIT = 4 * RED   # "a forfeit of four red counters to the pool" (MAKING THE TRUMP)
MISDEAL_FORFEIT = 1 * RED       # "one red counter for a misdeal" (THE POOL)
PARTOUT_REVOKE = 5 * RED        # "five red counters to each adversary" (REVOKES)
FAULT_FORFEIT = 4 * RED         # "four red counters toward the next pool" (CARDS PLAYED IN ERROR)
ANTE = 1 * RED                  # "each of them depositing one red counter" (THE POOL)


# ---------------------------------------------------------------- counters


def colours(white: int) -> str:
    """White counters as the counters on the table: 347 -> '3 blue 4 red 7 white'.

    A sign, when there is one, is written on the whole: -347 is '-(3 blue 4 red 7 white)'.
    """
    if white == 0:
        return "0"
    blue, rest = divmod(abs(white), BLUE)
    red, single = divmod(rest, RED)
    parts = [f"{n} {name}" for n, name in ((blue, "blue"), (red, "red"), (single, "white")) if n]
    text = " ".join(parts)
    if white < 0 and len(parts) > 1:
        # "-3 red 2 white" reads as -30 + 2 = -28; the sign is written on the whole: -(32)
        return f"-({text})"
    return ("-" if white < 0 else "") + text


# ---------------------------------------------------------------- payment tables


class PaymentTable(Record):
    """The figures a sitting is paid by: success[bid][taken], failure[bid][short], misere[call]."""

    __slots__ = ("name", "success", "failure", "misere")
    def __init__(self, name: str, success: Mapping[int, Mapping[int, int]],
                 failure: Mapping[int, Mapping[int, int]], misere: Mapping[str, int]) -> None:
        self.name, self.success, self.failure, self.misere = name, success, failure, misere


def _named_table(name: str) -> PaymentTable:
    named: Any = NAMED_TABLES[name]
    return PaymentTable(name, named["success"], named["failure"], named["misere"])


# The named tables, made once: a replay asks for the sitting's table at every call.
_NAMED: Dict[str, PaymentTable] = {name: _named_table(name) for name in NAMED_TABLES}


def payment_table(value: Any) -> PaymentTable:
    """The table named by the resolved `table` rule: a name, or a house table's checked data."""
    if isinstance(value, str):
        return _NAMED[value]
    base: Any = NAMED_TABLES[value.get("base", "foster")]
    success = {b: dict(row) for b, row in base["success"].items()}
    failure = {b: dict(row) for b, row in base["failure"].items()}
    for b, row in value.get("success", {}).items():
        success[b].update(row)
    for b, row in value.get("failure", {}).items():
        failure[b].update(row)
    misere = dict(base["misere"], **value.get("misere", {}))
    return PaymentTable(str(value.get("file") or "house"), success, failure, misere)


def parse_table_rule(raw: Any) -> Any:
    """`foster`, `decimal`, FILE.yaml (read now, kept in the log as data) or that data again."""
    if isinstance(raw, FileData):  # the file the rule named, read by the store
        return check_house_table(raw.data, raw.path, file=raw.path)
    if isinstance(raw, Mapping):
        return check_house_table(raw, str(raw.get("file") or "house table"))
    text = str(raw).strip()
    if text.lower() in NAMED_TABLES:
        return text.lower()
    raise ScorekeeperError(
        f"must be foster, decimal or a house payment table FILE.yaml, got {raw!r}"
        f"{suggest(text.lower(), list(NAMED_TABLES))}")


def check_house_table(data: Any, where: str, file: Optional[str] = None) -> Dict[str, Any]:
    """A house table's data, checked cell by cell and written in plain canonical form."""
    if not isinstance(data, Mapping):
        raise ScorekeeperError(f"{where}: must be a mapping with success, failure and/or misere")
    unknown = set(map(str, data)) - {"file", "base", "success", "failure", "misere"}
    if unknown:
        raise ScorekeeperError(f"{where}: unknown key {sorted(unknown)[0]!r}; "
                               f"keys: base, success, failure, misere")
    out: Dict[str, Any] = {}
    if file or data.get("file"):
        out["file"] = str(file or data.get("file"))
    base = str(data.get("base", "foster")).strip().lower()
    if base not in NAMED_TABLES:
        raise ScorekeeperError(f"{where}: base must be foster or decimal, got {data.get('base')!r}")
    out["base"] = base
    for part, span in (("success", lambda bid: (bid, 13)), ("failure", lambda bid: (1, bid))):
        rows = data.get(part) or {}
        if not isinstance(rows, Mapping):
            raise ScorekeeperError(f"{where}: {part} must map each bid (5-13) to its cells")
        checked: Dict[int, Dict[int, int]] = {}
        for bid_raw, row in rows.items():
            bid = _whole(bid_raw, f"{where}: {part}: bid", 5, 13)
            if bid in checked:  # 10 and "10" are one row: never let one silently replace the other
                raise ScorekeeperError(f"{where}: {part}: bid {bid} is given twice")
            low, high = span(bid)
            what = "tricks taken" if part == "success" else "tricks short"
            if not isinstance(row, Mapping):
                raise ScorekeeperError(f"{where}: {part}: bid {bid}: must map {what} to counters")
            checked[bid] = {}
            for key, amount in row.items():
                cell = _whole(key, f"{where}: {part}: bid {bid}: {what}", low, high)
                if cell in checked[bid]:
                    raise ScorekeeperError(f"{where}: {part}: bid {bid}: {cell} {what} is given twice")
                checked[bid][cell] = _whole(amount, f"{where}: {part}: bid {bid}, {cell} {what}: "
                                            f"white counters", 0, None)
        if checked:
            out[part] = checked
    misere = data.get("misere") or {}
    if not isinstance(misere, Mapping):
        raise ScorekeeperError(f"{where}: misere must map {', '.join(MISERE)} to counters")
    for name, amount in misere.items():
        if name not in MISERE:
            raise ScorekeeperError(f"{where}: misere: unknown call {name!r}; calls: {', '.join(MISERE)}")
        out.setdefault("misere", {})[name] = _whole(amount, f"{where}: misere: {name}", 0, None)
    return out


def _whole(raw: Any, what: str, low: int, high: Optional[int]) -> int:
    ok = isinstance(raw, int) and not isinstance(raw, bool)
    if not ok and isinstance(raw, str) and raw.strip().isascii() and raw.strip().isdigit() \
            and len(raw.strip()) <= 12:
        raw, ok = int(raw.strip()), True
    if not ok or raw < low or (high is not None and raw > high):
        span = f"{low} to {high}" if high is not None else f"at least {low}"
        raise ScorekeeperError(f"{what}: must be a whole number {span}, got {raw!r}")
    return int(raw)


# ---------------------------------------------------------------- state


class BostonState(Record):  # whites won/lost; pools played for, set aside; deals; a red each due; pools after each hand
    __slots__ = ("net", "in_play", "set_aside", "deals", "ante_due", "pool_after")
    def __init__(self, net: Mapping[str, int], in_play: int, set_aside: Tuple[int, ...], deals: int, ante_due: bool,
                 pool_after: History[int]) -> None:
        self.net, self.in_play, self.set_aside, self.deals, self.ante_due = net, in_play, set_aside, deals, ante_due
        self.pool_after = pool_after

    @property
    def pool(self) -> int:
        return self.in_play + sum(self.set_aside)


class _Table:
    """One hand's movements of counters, kept so that nothing is created or lost."""

    __slots__ = ("players", "changes", "in_play", "set_aside", "limit", "barred", "notes")

    def __init__(self, state: BostonState, players: Sequence[str], limit: Optional[int],
                 barred: Optional[str]):
        self.players = tuple(players)
        self.changes: Dict[str, int] = dict.fromkeys(players, 0)
        self.in_play = state.in_play
        self.set_aside: List[int] = list(state.set_aside)
        self.limit = limit
        self.barred = barred  # "cannot win anything that deal" (played with the wrong cards)
        self.notes: List[str] = []

    def pay(self, payer: str, payee: str, amount: int) -> None:
        if payee == self.barred or amount == 0:
            return
        self.changes[payer] -= amount
        self.changes[payee] += amount

    def each_pays(self, payers: Sequence[str], payee: str, amount: int) -> None:
        """Each of `payers` pays `payee` (the adversaries a successful caller)."""
        if payee == self.barred or amount == 0:
            return
        changes = self.changes
        for payer in payers:
            changes[payer] -= amount
        changes[payee] += amount * len(payers)

    def pays_each(self, payer: str, payees: Sequence[str], amount: int) -> None:
        """`payer` pays each of `payees` (a failed caller his adversaries)."""
        if amount == 0:
            return
        changes = self.changes
        for payee in payees:
            if payee != self.barred:
                changes[payer] -= amount
                changes[payee] += amount

    def to_pool(self, payer: str, amount: int) -> None:
        self.changes[payer] -= amount
        self.in_play += amount

    def take_pool(self, taker: str) -> int:
        if taker == self.barred:
            return 0
        won, self.in_play = self.in_play, 0
        self.changes[taker] += won
        if self.set_aside:  # "each must be played for in its turn": the next one comes in
            self.in_play = self.set_aside.pop(0)
        return won

    def refill(self, ante_due: bool) -> None:
        if self.in_play == 0 and self.set_aside:
            self.in_play = self.set_aside.pop(0)
        if ante_due or (self.in_play == 0 and not self.set_aside):
            for p in self.players:  # "When empty, the pool is replenished ... as at first"
                self.changes[p] -= ANTE
            self.in_play += ANTE * len(self.players)
            self.notes.append("before the deal each put 1 red in the pool")

    def limit_pool(self) -> None:
        # "The pool proper is usually limited to 25 red counters. When it exceeds that
        # amount, the 25 are set aside, and the surplus used to start a fresh pool."
        while self.limit is not None and self.in_play > self.limit:
            self.in_play -= self.limit
            self.set_aside.append(self.limit)
            self.notes.append(f"pool over {self.limit // RED} red: {self.limit // RED} red set aside")

    def divide(self, eldest: int, carry: bool) -> Dict[str, int]:
        """Divide every pool equally; the odd counters per the `remainder` rule."""
        total = self.in_play + sum(self.set_aside)
        shares = divide_pool(total, self.players, eldest, carry)
        for p, share in shares.items():
            self.changes[p] += share
        self.in_play = total - sum(shares.values())
        self.set_aside = []
        return shares


def divide_pool(total: int, players: Sequence[str], eldest: int, carry: bool) -> Dict[str, int]:
    """Equal shares; the odd white counters go one each from the eldest hand round to the
    left, or (carry) stay in the pool for the next game."""
    each, odd = divmod(total, len(players))
    shares = {p: each for p in players}
    if not carry:
        for k in range(odd):
            shares[players[(eldest + k) % len(players)]] += 1
    return shares


def _adversaries(players: Tuple[str, ...], caller: str) -> Tuple[Tuple[str, ...], str]:
    """The caller's three adversaries, and their names as a summary gives them."""
    adversaries = tuple(p for p in players if p != caller)
    return adversaries, ", ".join(adversaries)


# ---------------------------------------------------------------- the game


class Boston(Game[BostonState]):
    name = "boston"
    description = (
        "Four players (five or six: four are dealt in, the dealer sitting out, and at six the "
        "player opposite him); each deal one caller plays alone against the other three "
        "(caller=A call=seven tricks=10), or everyone passes and a Misère Partout is played "
        "(call=partout A=4 Y=3 B=3 Z=3). Payments in white counters (red = 10, blue = 100) "
        "from the tables in Foster's Hoyle; a successful caller takes the pool, a failed one "
        "doubles it. A game is three rounds of the deal (12 deals at four, 15 at five, 18 at "
        "six); the pools are divided at its end.")
    rules = (
        Rule("table", "foster",
             "payment tables: foster (the first tables), decimal (the clubs' decimal failure "
             "table) or a house table FILE.yaml (read once, kept in the log)",
             parse_table_rule, "foster | decimal | FILE.yaml", reads_file="house table"),
        int_rule("pool_limit", 25, "red counters a pool may hold before that many are set aside "
                 "(\"usually limited to 25 red counters\"); none: no limit", low=1, optional=True),
        choice_rule("remainder", "eldest", "counters of a divided pool that do not share "
                    "equally: one each from the eldest hand round to the left, or carried "
                    "into the next game's pool", "eldest", "carry"),
        choice_rule("partout_tie", "each", "Misère Partout with a tie for most tricks: each "
                    "tied player pays the others as sole loser would, or they share one loss",
                    "each", "share"),
        choice_rule("caller_revoke", "both", "a revoking caller doubles the pool and pays the "
                    "forfeit (both); \"in some places the forfeit is omitted\" (double), \"in "
                    "others it takes the place of doubling the pool\" (forfeit)",
                    "both", "double", "forfeit"),
        bool_rule("fontainebleau", False, "Boston de Fontainebleau: instead of doubling the "
                  "pool, a failed caller pays into it what he pays each adversary; the pool "
                  "has no limit unless pool_limit is given"),
    )

    def resolve_rules(self, given: Mapping[str, Any], players: Sequence[str]) -> Dict[str, Any]:
        """Boston de Fontainebleau: "there is no limit to a pool" unless the table sets one."""
        rules = super().resolve_rules(given, players)
        if rules.get("fontainebleau") and "pool_limit" not in given:
            rules["pool_limit"] = None
        return rules

    def dealt_in(self, session: Session, dealer: str) -> Tuple[str, ...]:
        """The four who play a deal. Five or six at the table (PLAYERS: "five or six may form a
        table"): the dealer deals to the four on his left and sits out; at six the player
        opposite him (the third on his left) sits out too. Both move round with the deal."""
        players = session.players
        n = len(players)
        if n == 4:
            return tuple(players)
        at = players.index(dealer)
        out = {dealer} | ({players[(at + 3) % n]} if n == 6 else set())
        return tuple(players[(at + k) % n] for k in range(1, n + 1) if players[(at + k) % n] not in out)

    # -- players and fields

    def prompt_fields(self, session: Session, answers: Optional[Mapping[str, str]] = None) -> Sequence[str]:
        # a deal is a call and how it went; each player's tricks only at Misère Partout
        if (answers or {}).get("call", "").strip().lower() == PARTOUT:
            return ("caller", "call", *session.players)
        return ("caller", "call", "tricks")

    def fields(self, session: Session) -> List[Field]:
        return [
            Field("caller", PLAYER, "who made the call and played alone"),
            Field("call", CALL, "the call (book's rank order), or partout when everyone passed"),
            Field("tricks", integer(0, 13), "tricks the caller took"),
            *[Field(p, integer(0, 13), f"tricks {p} took (Misère Partout only)")
              for p in session.players],
            Field("revoke", PLAYER, "who revoked (claimed and proved)"),
            Field("misdeal", BOOLEAN, "a misdeal: the dealer forfeits 1 red and deals again"),
            Field("passed", BOOLEAN, "everyone passed and the table passed the deal instead of "
                  "playing a Misère Partout: nothing is paid, the pool stays, the deal moves on"),
            Field("fault", PLAYER, "an adversary of a misère caller who led out of turn, exposed a "
                  "card, or led before the little misère's discard: the caller claims the pool "
                  "and stakes, and the one at fault pays 4 red toward the next pool"),
            Field("wrong_cards", PLAYER, "who played with the wrong number of cards"),
            Field("pay", integer(1), "white counters per adversary agreed at the table, for a "
                  "case the payment table does not cover"),
        ]

    def dealer_after(self, session: Session, deals: int) -> str:
        """Who deals after `deals` deals: the deal passes to the left (a misdeal does not)."""
        players = session.players
        first = session.rules.get("first_dealer") or players[0]
        return players[(players.index(first) + deals) % len(players)]

    # -- replay

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        """"A called seven and took 6 tricks"; "everyone passed: misère partout, A took 2
        tricks, Y 5, B 3, Z 3"."""
        if values.get("misdeal"):
            return "a misdeal"
        if values.get("passed"):
            return "everyone passed and the deal passed"
        call = str(values.get("call", ""))
        if call == PARTOUT:
            opening = f"everyone passed: misère partout, {words.each(values, session.players, 'took', 'tricks')}"
        else:
            named = CALL_WORDS.get(call, call.replace("-", " "))
            tricks = values.get("tricks")
            opening = f"{values.get('caller')} called {named}" + (
                f" and took {tricks} trick{'s' if tricks != 1 else ''}" if tricks is not None else "")
        return words.sentence(
            opening,
            f"{values['revoke']} revoked" if "revoke" in values else "",
            f"{values['fault']} was at fault against the misère" if "fault" in values else "",
            f"{values['wrong_cards']} played with the wrong number of cards" if "wrong_cards" in values else "",
            f"{values['pay']} white counters a head, as agreed" if "pay" in values else "")

    def start(self, session: Session) -> BostonState:
        return BostonState({p: 0 for p in session.players}, 0, (), 0, True, History())

    def apply(self, state: BostonState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[BostonState, Effect]:
        players = session.players
        rules = session.rules
        dealer = self.dealer_after(session, state.deals)
        limit = rules.get("pool_limit")
        table = _Table(state, players, None if limit is None else limit * RED,
                       hand.get("wrong_cards"))
        table.refill(state.ante_due)
        misdeal = hand.get("misdeal", False)
        active = self.dealt_in(session, dealer)
        if misdeal:
            summary = self._misdeal(hand, dealer, table)
        elif hand.get("passed"):
            summary = self._passed(hand)
        else:
            if len(active) < len(players):
                self._check_dealt_in(hand, players, active)
            if hand.get("call") == PARTOUT:
                summary = self._partout(hand, active, rules, table)
            else:
                summary = self._call(hand, active, rules, table)
        if len(active) < len(players):
            summary = f"{', '.join(p for p in players if p not in active)} sit{'s' if len(players) == 5 else ''} out; " + summary
        self._forfeits(hand, rules, table)
        table.limit_pool()

        deals = state.deals + (0 if misdeal else 1)
        per_game = deals_per_game(len(players))
        game_number, deal_number = divmod(state.deals, per_game)
        ante_due = False
        if not misdeal and deals % per_game == 0:
            eldest = players.index(self.dealer_after(session, deals + 1))
            total = table.in_play + sum(table.set_aside)
            shares = table.divide(eldest, rules.get("remainder") == "carry")
            table.notes.append(f"end of game {game_number + 1}: the pools ({total}) divided: "
                               + ", ".join(f"{p} {s}" for p, s in shares.items())
                               + (f"; {table.in_play} carried" if table.in_play else ""))
            ante_due = True
        changes = table.changes
        net = {p: state.net[p] + changes[p] for p in players}
        set_aside = tuple(table.set_aside)
        aside = sum(set_aside)
        new = BostonState(net, table.in_play, set_aside, deals, ante_due,
                          state.pool_after.plus(table.in_play + aside))
        table.notes.append(_pool_words(table.in_play, aside if set_aside else None))
        head = (f"game {game_number + 1} deal {deal_number + 1}"
                + (" (misdeal, dealt again)" if misdeal else "") + ": ")
        return new, Effect(head + summary, changes, net, dealer, tuple(table.notes))

    def _check_dealt_in(self, hand: Mapping[str, Any], players: Sequence[str],
                        active: Sequence[str]) -> None:
        """A player not dealt in this deal can neither call, nor take tricks, nor revoke."""
        for p in players:
            if p in active:
                continue
            named = [k for k, v in hand.items() if (k == p or v == p) and k not in ("note", "at")]
            if named:
                raise ScorekeeperError(f"{named[0]}: {p} is not dealt in this deal (five or six at "
                                       f"the table: {', '.join(active)} play it)", field=named[0])

    # -- the kinds of hand

    def _misdeal(self, hand: Mapping[str, Any], dealer: str, table: _Table) -> str:
        others = [k for k in hand if k not in ("misdeal", "note", "at")]
        if others:
            extra = sorted(others)[0]
            raise ScorekeeperError(
                f"{extra}: a misdeal is logged on its own (misdeal=yes); the dealer deals "
                f"again and the new deal is the next hand", field=extra)
        table.to_pool(dealer, MISDEAL_FORFEIT)
        return f"{dealer} forfeits 1 red to the pool"

    def _passed(self, hand: Mapping[str, Any]) -> str:
        """rules/003: "It is very unusual to pass the deal": unusual, not forbidden. Nothing is
        played or paid; the pool (and the ante put in before the deal) stays for the next deal."""
        others = [k for k in hand if k not in ("passed", "note", "at")]
        if others:
            extra = sorted(others)[0]
            raise ScorekeeperError(f"{extra}: a passed deal is logged on its own (passed=yes): "
                                   f"nobody called and nothing was played", field=extra)
        return "everyone passed and the deal passes: nothing paid, the pool stays"

    def _partout(self, hand: Mapping[str, Any], players: Sequence[str], rules: Mapping[str, Any],
                 table: _Table) -> str:
        for name, why in (("caller", "nobody called: everyone passed"),
                          ("fault", "\"there is no penalty for cards played in error, or led out "
                                    "of turn\""),
                          ("tricks", f"give each player's tricks ({' '.join(p + '=N' for p in players)})"),
                          ("pay", "Misère Partout is paid in red counters by the book")):
            if name in hand:
                raise ScorekeeperError(f"{name}: not used in a Misère Partout ({why})", field=name)
        revoker = hand.get("revoke")
        given = {p: hand[p] for p in players if p in hand}
        if revoker:
            # "the revoking player pays five red counters to each adversary ... The hands are
            # immediately thrown up": there are no tricks to pay for.
            if given:
                raise ScorekeeperError(
                    f"{sorted(given)[0]}: the hands are thrown up when a revoke is proved in a "
                    f"Misère Partout; leave out the tricks", field=sorted(given)[0], fields=sorted(given))
            paid = [p for p in players if p != revoker and p != table.barred]
            for p in paid:
                table.pay(revoker, p, PARTOUT_REVOKE)
            return f"Misère Partout: {revoker} revokes and pays {', '.join(paid)} 5 red each"
        missing = [p for p in players if p not in given]
        if missing:
            raise ScorekeeperError(f"{missing[0]} is missing: each player's tricks are needed in a "
                                   f"Misère Partout ({' '.join(p + '=N' for p in players)})", field=missing[0],
                                   fields=missing)
        total = sum(given.values())
        if total != 13:
            shown = " ".join(f"{p}={given[p]}" for p in players)
            raise ScorekeeperError(f"Misère Partout tricks must add up to 13, got {total} ({shown})",
                                   fields=players)
        most = max(given.values())
        losers = [p for p in players if given[p] == most]
        winners = [p for p in players if given[p] < most]
        # "The person winning the largest number of tricks is the only loser, and he must pay
        # each of the other players the difference between the number of his tricks and theirs
        # in red counters." A tie for most: the book is silent (rule partout_tie).
        share = rules.get("partout_tie") == "share" and len(losers) > 1
        parts = []
        for loser in losers:
            paid = []
            for p in winners:
                owed = (most - given[p]) * RED
                if share:
                    owed //= len(losers)  # always whole: 2 tied give 5 per trick, 3 tied 4-4-4-1
                table.pay(loser, p, owed)
                if p != table.barred:  # played with the wrong cards: "cannot win anything"
                    paid.append(f"{p} {owed}")
            parts.append(f"{loser} ({most} tricks) pays " + (", ".join(paid) or "nobody"))
        return "Misère Partout: " + "; ".join(parts)

    def _call(self, hand: Mapping[str, Any], players: Sequence[str], rules: Mapping[str, Any],
              table: _Table) -> str:
        if "call" not in hand:
            raise ScorekeeperError("call is missing: the call (" + ", ".join(CALLS)
                                   + "), or call=partout when everyone passed; or misdeal=yes", field="call")
        call = hand["call"]
        if "caller" not in hand:
            raise ScorekeeperError(f"caller is missing: who called {call} (a player's name)", field="caller")
        caller = hand["caller"]
        for p in players:
            if p in hand:
                raise ScorekeeperError(f"{p}: a player's tricks are given only in a Misère "
                                       f"Partout (call=partout); the caller's go in tricks=", field=p)
        revoker = hand.get("revoke")
        tricks = hand.get("tricks")
        fault = hand.get("fault")
        if fault is not None:
            self._check_fault(fault, call, caller, revoker)
        if tricks is None and not revoker and not fault:
            raise ScorekeeperError(f"tricks is missing: how many tricks {caller} took (0 to 13)", field="tricks")
        book = payment_table(rules["table"])
        adversaries, named = _adversaries(tuple(players), caller)
        if call in MISERE:
            made, amount, what = self._misere(call, caller, tricks, revoker, book, hand)
        else:
            made, amount, what = self._tricks(call, tricks, revoker, caller, book, hand)
        if made:
            table.each_pays(adversaries, caller, amount)
            won = table.take_pool(caller)
            result = (f"{named} pay {caller} {amount} each"
                      + (f"; {caller} takes the pool ({won})" if won else ""))
            if caller == table.barred:
                result = f"{caller} played with the wrong number of cards and wins nothing"
        else:
            table.pays_each(caller, adversaries, amount)
            paid = named if table.barred is None else ", ".join(p for p in adversaries if p != table.barred)
            result = f"{caller} pays {paid} {amount} each"
            if table.barred in adversaries:
                result += f" ({table.barred} played with the wrong number of cards: wins nothing)"
            if rules.get("fontainebleau"):
                # Boston de Fontainebleau: "instead of doubling the pool, an unsuccessful
                # caller pays into the pool the same amount he loses to each other player"
                table.to_pool(caller, amount)
                result += f" and pays {amount} into the pool"
            elif revoker != caller or rules.get("caller_revoke") != "forfeit":
                doubled = table.in_play
                table.to_pool(caller, doubled)
                result += f" and doubles the pool (+{doubled})"
        return f"{caller} calls {call}, {what}: {result}"

    def _misere(self, call: str, caller: str, tricks: Optional[int], revoker: Optional[str],
                book: PaymentTable, hand: Mapping[str, Any]) -> Tuple[bool, int, str]:
        if tricks is not None and call in TWELVE_CARD_CALLS and tricks > 12:
            raise ScorekeeperError(f"tricks: {call} is played with twelve cards, got {tricks}",
                                   field="tricks")
        if tricks is not None and tricks > 1:
            # rules/003, METHOD OF PLAYING: "the moment a misère player takes a trick ... the
            # hands are thrown up": a failed misère took exactly one trick
            raise ScorekeeperError(f"tricks: a misère is thrown up the moment its caller takes a "
                                   f"trick, so {call} takes 0 (made) or 1 (failed), got {tricks}",
                                   field="tricks")
        if "pay" in hand:
            raise ScorekeeperError(f"pay: {call} is paid {book.misere[call]} by the table; pay= is "
                                   f"only for a case the payment table does not cover", field="pay")
        amount = book.misere[call]  # "there being no over-tricks"
        fault = hand.get("fault")
        if fault:
            # "the bidder may at once claim the pool and stakes" (CARDS PLAYED IN ERROR)
            return True, amount, f"{fault} at fault: {caller} claims the pool and stakes"
        if revoker == caller:
            return False, amount, "revokes and loses the call"
        if revoker:
            return True, amount, f"{revoker} revokes: paid as if made"
        # "the moment a misère player takes a trick ... the hands are thrown up"
        made = tricks == 0
        return made, amount, "takes no trick" if made else f"takes {tricks}"

    @staticmethod
    def _check_fault(fault: str, call: str, caller: str, revoker: Optional[str]) -> None:
        """The errors against a misère caller are an adversary's (CARDS PLAYED IN ERROR)."""
        if call not in MISERE:
            raise ScorekeeperError(f"fault: the pool and stakes are claimed for an error against "
                                   f"a misère caller; {call} is no misère (an exposed card or a "
                                   f"lead out of turn is paid as at Whist)", field="fault")
        if fault == caller:
            raise ScorekeeperError(f"fault: {caller} is the caller, and \"the single player is not "
                                   f"liable to any penalty for cards played in error, or led out "
                                   f"of turn\"", field="fault")
        if revoker:
            raise ScorekeeperError("fault: the hands are thrown up at the first error claimed: give "
                                   "the revoke or the fault, not both", field="fault", fields=("revoke",))

    def _tricks(self, call: str, tricks: Optional[int], revoker: Optional[str], caller: str,
                book: PaymentTable, hand: Mapping[str, Any]) -> Tuple[bool, int, str]:
        bid = TRICK_CALLS[call]
        if revoker == caller:
            # "he loses the call in any case, and at least one trick besides"
            taken = bid - 1 if tricks is None else min(tricks, bid - 1)
            what = f"revokes: settled as {taken} taken"
        elif revoker:
            # "pay him for three over-tricks as forfeit ... the bid and the over-tricks
            # together must not exceed thirteen tricks"
            taken = min(bid + 3, 13)
            what = f"{revoker} revokes: paid as {taken} taken"
        else:
            taken = tricks  # type: ignore[assignment]
            what = f"takes {taken}"
        if taken < bid:
            amount = book.failure[bid][bid - taken]
            if "pay" in hand:
                raise ScorekeeperError(
                    f"pay: the {book.name} table gives {amount} for {call} bid, {bid - taken} short; "
                    f"pay= is only for a case the payment table does not cover", field="pay")
            return False, amount, what
        cell = book.success.get(bid, {}).get(taken)
        if cell is not None:
            if "pay" in hand:
                raise ScorekeeperError(
                    f"pay: the {book.name} table gives {cell} for {call} bid, {taken} taken; "
                    f"pay= is only for a case the payment table does not cover", field="pay")
            return True, cell, what
        if "pay" not in hand:
            why = (f"{revoker} revoked: paid as made with three over-tricks, never over "
                   f"thirteen; " if revoker and revoker != caller else "")
            raise ScorekeeperError(
                f"pay=N needed: the {book.name} table has no figure for {call} bid, {taken} "
                f"taken ({why}the cell is cut off in every surviving copy of Foster's table); give "
                f"pay=N, the white counters each adversary pays as agreed at the table, or "
                f"play with a house table (--rule table=FILE.yaml)")
        return True, hand["pay"], what + " (pay agreed at the table)"

    def _forfeits(self, hand: Mapping[str, Any], rules: Mapping[str, Any], table: _Table) -> None:
        """Forfeits go into the pool after the call is settled: they start or feed the next
        pool, never the one just won ("a forfeit of four red counters toward the next pool")."""
        revoker = hand.get("revoke")
        if revoker:
            caller_forfeit_omitted = (revoker == hand.get("caller") and hand.get("call") != PARTOUT
                                      and rules.get("caller_revoke") == "double")
            if not caller_forfeit_omitted:
                table.to_pool(revoker, REVOKE_FORFEIT)
                table.notes.append(f"revoke: {revoker} forfeits 4 red to the pool")
        fault = hand.get("fault")
        if fault:
            table.to_pool(fault, FAULT_FORFEIT)
            table.notes.append(f"fault: {fault} forfeits 4 red toward the next pool")
        wrong = hand.get("wrong_cards")
        if wrong:
            table.to_pool(wrong, WRONG_CARDS_FORFEIT)
            table.notes.append(f"wrong number of cards: {wrong} forfeits 4 red to the pool")

    def figures(self, values: Mapping[str, Any], before: BostonState, after: BostonState,
                effect: Effect, session: Session) -> Sequence[Figure]:
        """Calls made and failed, in all and by call, for the caller (a Misère Partout or a
        misdeal has no caller)."""
        call, caller = values.get("call"), values.get("caller")
        if values.get("misdeal") or call in (None, PARTOUT) or caller is None:
            return ()
        book = payment_table(session.rules["table"])
        tricks, revoker = values.get("tricks"), values.get("revoke")
        if call in MISERE:
            made = self._misere(call, caller, tricks, revoker, book, values)[0]
        else:
            made = self._tricks(call, tricks, revoker, caller, book, values)[0]
        outcome = "made" if made else "failed"
        return (Figure(caller, f"calls {outcome}"), Figure(caller, f"{call} {outcome}"))

    def finish(self, state: BostonState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        players = session.players
        eldest = players.index(self.dealer_after(session, state.deals + 1))
        # At the end of the sitting every pool is divided, the odd counters from the eldest hand.
        shares = divide_pool(state.pool, players, eldest, carry=False)
        balances = {p: state.net[p] + shares[p] for p in players}
        per_game = deals_per_game(len(players))
        game_number, deal_number = divmod(state.deals, per_game)
        next_dealer = self.dealer_after(session, state.deals)
        lines = [f"next: game {game_number + 1}, deal {deal_number + 1} of {per_game}",
                 _pool_text(state)]
        settle_lines: Tuple[str, ...] = ()
        if state.pool:
            settle_lines = (f"the pools ({state.pool} counters) are divided at the end of the "
                            f"sitting: " + ", ".join(f"{p} {s}" for p, s in shares.items())
                            + " (odd counters one each from the eldest hand)",)
        return Standings(
            game=self.name, players=players, scores=dict(state.net), effects=effects,
            unit=self.unit, balances=balances, next_dealer=next_dealer, pool=state.pool,
            pool_shares=pool_shares(balances, state.net),
            columns={"in colours": {p: colours(state.net[p]) for p in players}},
            lines=tuple(lines),
            extra_json={
                "pools": {"in_play": state.in_play, "set_aside": list(state.set_aside)},
                "pool_after": list(state.pool_after),
                "game_number": game_number + 1, "deal": deal_number + 1,
                "colours": {p: colours(state.net[p]) for p in players},
                "pool_division": shares,
            },
            settle_lines=settle_lines,
        )


def _pool_text(state: BostonState) -> str:
    if state.in_play:
        text = f"pool in play: {colours(state.in_play)} ({state.in_play})"
    else:
        text = "pool in play: empty (each puts in 1 red at the next deal)"
    if state.set_aside:
        n = len(state.set_aside)
        text += (f"; set aside: {n} pool{'s' if n > 1 else ''} of "
                 f"{colours(state.set_aside[0])} ({sum(state.set_aside)})")
    return text


def _pool_words(in_play: int, set_aside: Optional[int]) -> str:
    """The pools after a hand, briefly, for the hands table: the pool in play and (None when
    there is none) the counters set aside."""
    text = f"pool {in_play}" + (f" = {colours(in_play)}" if in_play >= RED else "")
    if set_aside is not None:
        text += f", {set_aside} set aside"
    return text
