"""The Game protocol: what every game module provides, and the replay loop they share.

A game is pure: it is given the session (players, rules, hands) and returns standings.
It never reads files or prints. `replay` walks the hands in order; each hand's fields are
read (`read_hand`, on the shared field parser), then `apply` computes its effect from the state so far.
"""

from __future__ import annotations

from typing import (TYPE_CHECKING, Any, Callable, Dict, Generic, List, Mapping, Optional, Sequence,
                    Tuple, TypeVar, Union)

from ..fields import (MAX_NUMBER, Field, FieldIndex, read_fields, refuse_field_names, suggest,
                      whole_number)
from ..model import COMMON_FIELDS, LOG_FIELDS, Hand, Record, ScorekeeperError, Session, shown

# Scores are exact: whole numbers, or fractions where a pool or a stake splits. (fractions is
# imported where a Fraction is made: its import costs a command ~1%, and most games never make one.)
Number = Union[int, "Fraction"]
S = TypeVar("S")  # a game's state between hands


_EMPTY: Mapping[str, Any] = {}
if TYPE_CHECKING:  # (names only annotations use: not built at every command's import)
    from fractions import Fraction

    # replay's observer: (the hand's typed values, state before, state after, its effect)
    Observer = Callable[[Mapping[str, Any], Any, Any, "Effect"], None]
    # where a replay goes on from (`fold(resume=...)`): hand `start`, the state before it, the
    # effects of the hands before it, and the typed values of the hands from `start` on that
    # were read already (a hand just typed is read once)
    Resume = Tuple[int, Any, Tuple["Effect", ...], Tuple[Dict[str, Any], ...]]


def _same(value: Any) -> Any:
    return value


class Rule:
    """A house rule: its name, default, what values it takes and what the book says of it.
    `values`: what a person may write, for `games` and error messages; `dump`: the value as
    written in the session file; `reads_file`: what a FILE.yaml value names ("house table"):
    the ledger reads such a file with the store and hands `parse` a FileData; empty: the rule
    never names a file. (A plain class: docs/architecture.md, "Value types".)"""

    __slots__ = ("name", "default", "help", "parse", "values", "dump", "reads_file")

    def __init__(self, name: str, default: Any, help: str, parse: Callable[[Any], Any], values: str,
                 dump: Callable[[Any], Any] = _same, reads_file: str = "") -> None:
        self.name, self.default, self.help, self.parse, self.values = name, default, help, parse, values
        self.dump, self.reads_file = dump, reads_file

    def read(self, raw: Any) -> Any:
        try:
            return self.parse(raw)
        except ScorekeeperError as err:
            raise ScorekeeperError(f"rule {self.name}: {err.message}", rule=self.name) from None


def choice_rule(name: str, default: str, help: str, *values: str) -> Rule:
    def parse(raw: Any) -> str:
        text = str(raw).strip().lower()
        if text not in values:
            raise ScorekeeperError(
                f"must be one of {', '.join(values)}, got {shown(raw)}{suggest(text[:100], values)}")
        return text

    return Rule(name, default, help, parse, " | ".join(values))


def int_rule(name: str, default: Optional[int], help: str, low: int = 0,
             optional: bool = False) -> Rule:
    def parse(raw: Any) -> Optional[int]:
        if optional and (raw is None or str(raw).strip().lower() in ("", "none", "off", "null")):
            return None
        try:
            value: Optional[int] = whole_number(raw)
        except ValueError:
            value = None
        if value is None or value < low:
            raise ScorekeeperError(f"must be a whole number, at least {low} (and at most "
                                   f"{MAX_NUMBER:,}), got {shown(raw)}")
        return value

    return Rule(name, default, help, parse, f"a whole number >= {low}" + (" or none" if optional else ""))


def bool_rule(name: str, default: bool, help: str) -> Rule:
    def parse(raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("on", "yes", "true", "1"):
            return True
        if text in ("off", "no", "false", "0"):
            return False
        raise ScorekeeperError(f"must be on or off, got {shown(raw)}")

    return Rule(name, default, help, parse, "on | off")


def first_dealer_rule() -> Rule:
    return Rule("first_dealer", None, "who deals the first hand (default: the first player)",
                lambda raw: None if raw is None else str(raw).strip(), "a player's name")


class Figure:
    """One observation for the season's statistics: `name` for `player` (or a side), `value`
    added up (how="total") or averaged over the observations (how="mean"); `expected` is the
    exact expectation to show beside a mean, when the game knows one. (A plain class: docs/architecture.md, "Value types".)"""

    __slots__ = ("player", "name", "value", "how", "expected")

    def __init__(self, player: str, name: str, value: Number = 1, how: str = "total",
                 expected: Optional[Number] = None) -> None:
        self.player, self.name, self.value, self.how, self.expected = player, name, value, how, expected


class Notes(Sequence[str]):
    """A hand's notes, the costly ones worded only when they are read: a replay's effects are
    mostly never printed (`hand` prints one, `settle` and `stats` none), and wording how
    every cribbage hand counts was most of a replay. Reads as the tuple of every note (the
    ones `given`, then those `more()` words) and equals that tuple. `made_of`: all that `more`
    words from, so that two with the same `given` and equal `made_of` are equal unworded
    (`edit` compares every later hand's effect before and after)."""

    __slots__ = ("_given", "_more", "_words", "_made_of")

    def __init__(self, given: Sequence[str], more: Callable[[], Sequence[str]], made_of: Any = None):
        self._given, self._made_of = tuple(given), made_of
        self._more: Optional[Callable[[], Sequence[str]]] = more
        self._words: Optional[Tuple[str, ...]] = None

    def _all(self) -> Tuple[str, ...]:
        if self._words is None:
            assert self._more is not None
            self._words = self._given + tuple(self._more())
            self._more = None  # what it closed over is no longer held
        return self._words

    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Any:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Notes):
            if self._made_of is not None and self._given == other._given and self._made_of == other._made_of:
                return True
            return self._all() == other._all()
        if isinstance(other, tuple):
            return self._all() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._all())

    def __add__(self, other: Sequence[str]) -> Tuple[str, ...]:
        return self._all() + tuple(other)

    def __repr__(self) -> str:
        return repr(self._all())


class Effect(Record):
    """What one hand did: a line for people, and each player's change and score after it.
    `notes` is a tuple of lines, or `Notes` that word themselves when read."""

    __slots__ = ("summary", "changes", "scores", "dealer", "notes")
    def __init__(self, summary: str, changes: Mapping[str, Number], scores: Mapping[str, Number],
                 dealer: Optional[str] = None, notes: Sequence[str] = ()) -> None:
        self.summary, self.changes, self.scores, self.dealer, self.notes = summary, changes, scores, dealer, notes


class Folded:
    """A replay before it is finished: the state after the last hand, every hand's effect,
    and (when asked: `fold(keep=N)`) the state before hand N and the typed values of the hands
    from N on, for a change there to replay from (the later hands not read again).
    (A plain class: docs/architecture.md, "Value types".)"""

    __slots__ = ("state", "effects", "kept")

    def __init__(self, state: Any, effects: Tuple["Effect", ...],
                 kept: Optional[Tuple[int, Any, Tuple[Any, ...]]] = None) -> None:
        self.state, self.effects, self.kept = state, effects, kept


class FinishedGame(Record):
    """A game played to a target, finished (`games/target.py`, `game_over`, makes them): its number
    (`game`, 1, 2, ... in the sitting) and the hand's that ended it (`hand`, 1-based). `winners` are
    those it credits, each named as in `scores`: a player, or a side as `sides.side_name` names it
    (`Ann-Cid`); several when they share it (or, in Slobberhannes and Polignac, everyone but the
    player who lost his counters). `scores` holds every side's final score, the winners first, then
    best first. `players` are the winners' players (a side's members), for what is counted per player."""

    __slots__ = ("game", "winners", "scores", "hand", "players")
    def __init__(self, game: int, winners: Tuple[str, ...], scores: Mapping[str, Number], hand: int,
                 players: Tuple[str, ...]) -> None:
        self.game, self.winners, self.scores, self.hand, self.players = game, winners, scores, hand, players


class Standings(Record):
    """Everything shown about a sitting, all computed by replay: `scores` in the game's own unit, `balances`
    in the settlement `unit` (counters, points or games) summing to zero, `columns` and remarks (`lines`,
    `settle_lines`); `in_progress`: a game (settled per game) under way, unpaid; `finished_games`: in order
    (`target.game_over`); `pool_shares`: what is left in a pool, each player's: score + share = balance."""

    __slots__ = ("game", "players", "scores", "effects", "unit", "balances", "next_dealer", "pool", "games_won",
                 "columns", "lines", "extra_json", "settle_lines", "in_progress", "finished_games", "pool_shares")
    def __init__(self, game: str, players: Tuple[str, ...], scores: Mapping[str, Number], effects: Tuple[Effect, ...],
                 unit: str, balances: Mapping[str, Number], next_dealer: Optional[str] = None, pool: Optional[int] = None,
                 games_won: Optional[Mapping[str, int]] = None, columns: Mapping[str, Mapping[str, Any]] = _EMPTY,
                 lines: Tuple[str, ...] = (), extra_json: Mapping[str, Any] = _EMPTY, settle_lines: Tuple[str, ...] = (),
                 in_progress: bool = False, finished_games: Sequence[FinishedGame] = (),
                 pool_shares: Mapping[str, Number] = _EMPTY) -> None:
        self.game, self.players, self.scores, self.effects, self.unit = game, players, scores, effects, unit
        self.balances, self.next_dealer, self.pool, self.games_won = balances, next_dealer, pool, games_won
        self.columns, self.lines, self.extra_json, self.settle_lines = columns, lines, extra_json, settle_lines
        self.in_progress, self.finished_games, self.pool_shares = in_progress, finished_games, pool_shares


class Game(Generic[S]):
    """Base class: subclasses set the class attributes and implement start/apply/finish. A
    registered game's title, players and unit are its entry's in the registry (games.GAMES),
    which `scorekeeper games` lists without importing the game."""

    name: str = ""
    title: str = ""
    description: str = ""
    min_players: int = 2
    max_players: int = 8
    unit: str = "points"
    rules: Tuple[Rule, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        from . import GAMES  # (the registry, defined before any game is imported)

        listed = GAMES.get(cls.__dict__.get("name", ""))
        if listed is not None and listed.cls == cls.__name__:
            cls.title, cls.unit = listed.title, listed.unit
            cls.min_players, cls.max_players = listed.min_players, listed.max_players

    # -- players and rules

    def all_rules(self) -> Tuple[Rule, ...]:
        names = {r.name for r in self.rules}
        common = () if "first_dealer" in names else (first_dealer_rule(),)
        return tuple(self.rules) + common

    def check_players(self, players: Sequence[str]) -> None:
        n = len(players)
        if not self.min_players <= n <= self.max_players:
            span = (f"{self.min_players}" if self.min_players == self.max_players
                    else f"{self.min_players} to {self.max_players}")
            raise ScorekeeperError(f"{self.name} is played by {span} players, got {n}", usage=True,
                                   key="players")

    def resolve_rules(self, given: Mapping[str, Any], players: Sequence[str]) -> Dict[str, Any]:
        """Every rule written out: the given values checked, defaults filled in."""
        known = {r.name: r for r in self.all_rules()}
        for name in given:
            if name not in known:
                raise ScorekeeperError(
                    f"unknown rule {name!r} for {self.name}{suggest(name, list(known))}; "
                    f"rules: {', '.join(known) or 'none'}", rule=name)
        resolved = {}
        for rule in self.all_rules():
            resolved[rule.name] = self._resolve(rule, given)
        first = resolved.get("first_dealer")
        if first is not None:
            from ..fields import PLAYER
            try:
                resolved["first_dealer"] = PLAYER.parse(first, players)
            except ScorekeeperError as err:
                raise ScorekeeperError(f"rule first_dealer: {err.message}",
                                       rule="first_dealer") from None
        self.check_rules(resolved, players)
        return resolved

    def dump_rules(self, rules: Mapping[str, Any]) -> Dict[str, Any]:
        """The rules as they are written in the session file (every rule, defaults included)."""
        return {r.name: r.dump(rules[r.name]) if rules.get(r.name) is not None else None
                for r in self.all_rules()}

    @staticmethod
    def _resolve(rule: Rule, given: Mapping[str, Any]) -> Any:
        """A rule given (even as none, which an optional rule keeps: `pool_limit=none`), else
        its default."""
        if rule.name not in given:
            return rule.default
        raw = given[rule.name]
        if raw is not None:
            return rule.read(raw)
        try:
            return rule.parse(None)
        except (ScorekeeperError, TypeError, ValueError, AttributeError):
            return rule.default  # a rule that has no "none" means its default

    def check_rules(self, rules: Mapping[str, Any], players: Sequence[str]) -> None:
        """Games override to refuse combinations of rules and players that cannot work."""

    # -- hands

    def fields(self, session: Session) -> List[Field]:
        raise NotImplementedError

    def own_field_names(self, session: Session) -> Tuple[str, ...]:
        """The names no player may have: the hand fields of the game under the sitting's rules
        that are not a player's own (`Ann=12`, `hand.Ann=...`), and the fields every hand may
        have (note, at, and the log's corrected). Found by asking the game for its fields with
        stand-ins for the players, so that a player's own fields show as the stand-ins'."""
        stand_in = {p: f"\x00{i}" for i, p in enumerate(session.players)}
        rules = {k: stand_in.get(v, v) if isinstance(v, str) else v for k, v in session.rules.items()}
        seated = session._replace(players=tuple(stand_in.values()), rules=rules)
        own = [f.name for f in self.fields(seated) if "\x00" not in f.name]
        return tuple(dict.fromkeys(own + list(COMMON_FIELDS) + list(LOG_FIELDS)))

    def check_names(self, session: Session) -> None:
        """No player named like a hand field (fields.refuse_field_names: the one rule)."""
        refuse_field_names(self.name, session.players, self.own_field_names(session))

    def race_target(self, session: Session) -> Optional[int]:
        """The score that wins a game, in a game played to a target (the chart and the page
        draw it); None: no target."""
        return None

    def score_sides(self, session: Session) -> Optional[Tuple[Tuple[str, ...], ...]]:
        """Partners who share one score: `show` gives each side one column (Ann-Cid | Bob-Dee),
        as on a paper sheet. None: every player scores alone."""
        return None

    def prompt_fields(self, session: Session, answers: Optional[Mapping[str, str]] = None) -> Sequence[str]:
        """Optional fields worth asking one by one in every hand (`hand` at a terminal asks
        these and the required fields; the rest in one question), given the `answers` so far
        (asked again after each). By default each player's own field, where the game has one
        (a tally's points, the hearts each took)."""
        return tuple(f.name for f in self.fields(session) if f.name in session.players)

    def card_fields(self, session: Session) -> Sequence[str]:
        """The fields asked one by one, in this order, when the table counts a hand from its
        cards (`hand -i --by cards`, or a card given as the first answer); none: the game is
        not counted from cards at the prompts."""
        return ()

    def read_hand(self, raw: Mapping[str, Any], session: Session,
                  fields: Optional[FieldIndex] = None) -> Dict[str, Any]:
        """The hand's typed values, read from its fields as typed or as the file holds them
        (the one way in: fields.read_fields). A game overrides it when a hand may have other
        fields, such as a misdealt hand that was never played. `fields`: the game's fields,
        indexed once per replay."""
        return read_fields(raw, fields or self.fields(session), session.players)

    def check_result(self, values: Mapping[str, Any], session: Session) -> None:
        """Refuse a hand that holds no result (an Enter pressed too soon, or FIELD= with
        nothing after it): not a hand played."""
        if _COMMON_SET.issuperset(values):
            per_player = [f.name for f in self.fields(session) if f.name in session.players]
            zero = f"; a hand nobody scored in is written {per_player[0]}=0" if per_player else ""
            raise ScorekeeperError(f"no result given: give the hand's fields as FIELD=VALUE "
                                   f"(scorekeeper games {self.name} lists them){zero}")

    def dealer(self, session: Session, index: int) -> str:
        """Who deals hand `index` (0-based): the deal passes to the left."""
        players = session.players
        first = session.rules.get("first_dealer") or players[0]
        return players[(players.index(first) + index) % len(players)]

    # -- replay

    def start(self, session: Session) -> S:
        raise NotImplementedError

    def apply(self, state: S, hand: Dict[str, Any], session: Session, index: int) -> Tuple[S, Effect]:
        raise NotImplementedError

    def finish(self, state: S, effects: Tuple[Effect, ...], session: Session) -> Standings:
        raise NotImplementedError

    def replay(self, session: Session, observe: Optional[Observer] = None,
               errors: Optional[List[ScorekeeperError]] = None) -> Standings:
        """The standings after every hand. `observe`, when given, is called after each hand
        with the hand's typed values, the state before and after it and its effect (how the
        season statistics read what each hand did without replaying twice).

        The first hand the laws refuse raises its error, located; with `errors` given
        (`scorekeeper check`), each refused hand's error is added there instead, the hand
        is left out, and the replay goes on with the next."""
        folded = self.fold(session, observe, errors)
        return self.finish(folded.state, folded.effects, session)

    def fold(self, session: Session, observe: Optional[Observer] = None,
             errors: Optional[List[ScorekeeperError]] = None, *,
             resume: Optional[Resume] = None, keep: Optional[int] = None) -> Folded:
        """`apply` folded over the hands: the state after the last and every hand's effect
        (what `replay` finishes). `resume` goes on from its hand `start` rather than from
        the first (a hand logged is one `apply`; a correction replays from the hand
        corrected); `keep=N` keeps the state before hand N, for a change there."""
        hands = session.hands
        start, state, done, given = resume or (0, self.start(session), (), ())
        effects = list(done)
        kept = (keep, state) if keep == start else None
        fields = FieldIndex(self.fields(session))
        # every hand read before any is applied: one loop, then the other, is quicker than both in turn
        read: List[Union[Dict[str, Any], ScorekeeperError]] = list(given[:len(hands) - start])
        for hand in hands[start + len(read):]:
            try:
                read.append(self.read_hand(play_fields(hand.fields), session, fields))
            except ScorekeeperError as err:  # said in its turn, after the mistakes of the hands before it
                read.append(err)
        for index, values in enumerate(read, start):
            hand, before = hands[index], state
            try:
                try:
                    if isinstance(values, ScorekeeperError):
                        raise values
                    self.check_result(values, session)
                    state, effect = self.apply(state, values, session, index)
                except ScorekeeperError as err:
                    raise located(err, hand, index) from None
            except ScorekeeperError as err:
                if errors is None:
                    raise
                errors.append(err)  # `scorekeeper check`: the hand is left out, the rest go on
                continue
            if keep == index + 1:
                kept = (keep, state)
            effects.append(effect)
            if observe is not None:
                observe(values, before, state, effect)
        return Folded(state, tuple(effects), None if kept is None else (*kept, tuple(read[kept[0] - start:])))

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        """One hand in words, as the players would say it ("Bob bid 7 in spades and made 9"),
        for the pages a table shares: `values` are the hand's typed values, as `apply` gets
        them (the note and times are shown apart). Pure. Games override it; by default each
        player's figure, then the other fields by name (games/words.py)."""
        from .words import plain

        return plain(values, [f.name for f in self.fields(session)], session.players)

    def figures(self, values: Mapping[str, Any], before: Any, after: Any, effect: Effect,
                session: Session) -> Sequence["Figure"]:
        """What one hand adds to the season's statistics beyond the generic ones (hearts
        taken, bids made and set, calls failed): games override it, reading the hand's
        typed values and the state, never the text."""
        return ()


def located(err: ScorekeeperError, hand: Hand, index: int) -> ScorekeeperError:
    """An error in hand `index`: `hand N: ` in front, at the line of the field it is about
    (`err.field`), else at the hand's first line."""
    where = hand.source_of(err.field) if err.field else hand.source
    return err.at(where, hand=index)


_COMMON_SET = frozenset(COMMON_FIELDS)
_LOG_SET = frozenset(LOG_FIELDS)


def play_fields(fields: Mapping[str, Any]) -> Mapping[str, Any]:
    """A hand's fields without what the log records about itself (when it was corrected)."""
    if _LOG_SET.isdisjoint(fields):
        return fields
    return {k: v for k, v in fields.items() if k not in LOG_FIELDS}


def pool_shares(balances: Mapping[str, Number], scores: Mapping[str, Number]) -> Dict[str, Number]:
    """In a game with a pool: each player's share of what is left in it at the end (his
    balance less his score), so that `settle` can show score + share = balance; empty when
    nobody has a share."""
    shares = {p: balances[p] - scores[p] for p in scores}
    return shares if any(shares.values()) else {}


def zero_sum_around_mean(totals: Mapping[str, Number]) -> Dict[str, Number]:
    """Each player's difference from the average: what he wins or pays at so much a point."""
    from fractions import Fraction

    mean = Fraction(sum(totals.values()), len(totals))
    return {p: normalise(Fraction(t) - mean) for p, t in totals.items()}


def normalise(value: Number) -> Number:
    """A Fraction that is a whole number becomes an int (for tidy output and JSON)."""
    if type(value) is int:  # by far the most common: no Fraction to look for
        return value
    from fractions import Fraction

    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value

