"""The library the CLI wraps: create a sitting, log, undo and correct hands, replay, settle.

Every change is checked by replaying the whole sitting with the change applied before
anything is written; a hand the laws refuse never reaches the file.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, Mapping, NamedTuple, Optional, Sequence, Tuple

from . import store
from .fields import dump_hand
from .games import get_game
from .games.base import Game, Standings
from .model import COMMON_FIELDS, LOG_FIELDS, FileData, Hand, ScorekeeperError, Session, Stakes

if TYPE_CHECKING:
    from .settle import Settlement


class Replayed(NamedTuple):
    session: Session
    game: Game
    standings: Standings


def check_session(session: Session) -> Replayed:
    """Validate the header (game, players, rules) and replay every hand."""
    try:
        game = get_game(session.game)
    except ScorekeeperError as err:
        raise err.at(session.source) from None
    try:
        check_players(session.players)
        game.check_players(session.players)
    except ScorekeeperError as err:
        raise err.at(session.source) from None
    try:
        rules = game.resolve_rules(read_rule_files(game, session.rules), session.players)
    except ScorekeeperError as err:
        name = err.message.split(":", 1)[0].replace("rule ", "").replace("unknown rule ", "").strip("'")
        raise err.at(session.rule_source(name)) from None
    session = session._replace(rules=rules)
    try:
        check_names_against_fields(session.players, [f.name for f in game.fields(session)], game.name)
    except ScorekeeperError as err:
        raise err.at(session.source) from None
    return Replayed(session, game, game.replay(session))


def check_names_against_fields(players: Sequence[str], field_names: Sequence[str], game: str) -> None:
    """A player called like a hand field (`note`, `revoke`) would make `revoke=Bob` ambiguous."""
    names = list(field_names) + list(COMMON_FIELDS) + list(LOG_FIELDS)
    for player in players:
        if names.count(player) > 1 or player in COMMON_FIELDS or player in LOG_FIELDS:
            raise ScorekeeperError(f"a player may not be called {player!r} in {game}: {player}= is a "
                                   f"hand field; give him another name", usage=True)


def read_rule_files(game: Game, rules: Mapping[str, Any]) -> Dict[str, Any]:
    """Rules whose value names a YAML file (a Boston house table) get the file's data: the
    store reads it here, so the game itself never touches the disk."""
    out = dict(rules)
    for rule in game.all_rules():
        raw = out.get(rule.name)
        if rule.reads_file and isinstance(raw, str) and raw.strip().lower().endswith((".yaml", ".yml")):
            try:
                out[rule.name] = FileData(raw.strip(), store.read_data(raw.strip(), rule.reads_file))
            except ScorekeeperError as err:
                raise ScorekeeperError(f"rule {rule.name}: {err.message} (values: {rule.values})") from None
    return out


def check_players(players: Sequence[str]) -> None:
    if not players:
        raise ScorekeeperError("no players given (for example --players Ann,Bob,Cid)", usage=True)
    for name in players:
        if not name or name.strip() != name or "=" in name or "," in name or ":" in name:
            raise ScorekeeperError(f"player name {name!r} is not allowed (no spaces at the ends, "
                                   f"no '=', ',' or ':')", usage=True)
        if not name.isprintable() or not _is_utf8(name):
            raise ScorekeeperError(f"player name {name!r} is not allowed (it holds characters that "
                                   f"cannot be printed or saved; is the terminal set to UTF-8?)",
                                   usage=True)
    seen = set()
    for name in players:
        if name.lower() in seen:
            raise ScorekeeperError(f"player {name} is named twice", usage=True)
        seen.add(name.lower())


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def open_session(path: Path) -> Replayed:
    return check_session(store.load(path))


def new_session(path: Path, game_name: str, players: Sequence[str], rules: Mapping[str, Any],
                stake: Decimal = Decimal("1"), currency: str = "",
                created: Optional[str] = None) -> Replayed:
    if path.exists():
        raise ScorekeeperError(f"{path} already exists (scorekeeper show {path.stem} to see it)")
    game = get_game(game_name)
    check_players(players)
    try:
        game.check_players(players)
    except ScorekeeperError as err:
        if any(" " in p for p in players):  # "--players 'Ann Bob Cid'" is one player
            raise ScorekeeperError(f"{err.message} (names are separated by commas: "
                                   f"--players {','.join(' '.join(players).split())})",
                                   usage=err.usage) from None
        raise
    session = Session(name=path.stem, game=game.name, players=tuple(players),
                      rules=game.resolve_rules(read_rule_files(game, rules), players),
                      stakes=Stakes(stake, currency),
                      created=created or now(), path=str(path))
    replayed = check_session(session)
    with store.locked(path):
        if path.exists():
            raise ScorekeeperError(f"{path} already exists")
        _save(replayed, path)
    return replayed


def _save(replayed: Replayed, path: Path) -> None:
    """Save with the rules written back in their file form (a game may resolve a rule to a
    richer value, such as a payment table read from a file)."""
    session = replayed.session
    store.save(session._replace(rules=replayed.game.dump_rules(session.rules)), path)


def now() -> str:
    """The local time with its UTC offset (ISO 8601), so a log read elsewhere is unambiguous."""
    return datetime.now().astimezone().replace(microsecond=0).isoformat()


def canonical_hand(replayed: Replayed, raw: Mapping[str, Any]) -> Hand:
    """A hand as it will be saved: every value parsed and written back in its canonical form."""
    fields = replayed.game.fields(replayed.session)
    values = replayed.game.parse_fields(raw, replayed.session)
    return Hand(dump_hand(values, fields))


def _commit(path: Path, change) -> Tuple[Replayed, Replayed]:
    """Load under the lock, apply `change` to the hands, replay to validate, then save."""
    with store.locked(path):
        before = open_session(path)
        hands = change(before)
        after = check_session(before.session.with_hands(hands))
        _save(after, path)
    return before, after


def add_hand(path: Path, raw: Mapping[str, Any], at: Optional[str] = None) -> Replayed:
    def change(before: Replayed) -> Tuple[Hand, ...]:
        fields = dict(raw)
        fields.setdefault("at", at or now())
        return before.session.hands + (canonical_hand(before, fields),)

    return _commit(path, change)[1]


def undo(path: Path) -> Tuple[Hand, Replayed]:
    removed: Dict[str, Hand] = {}

    def change(before: Replayed) -> Tuple[Hand, ...]:
        if not before.session.hands:
            raise ScorekeeperError("there is no hand to undo")
        removed["hand"] = before.session.hands[-1]
        return before.session.hands[:-1]

    after = _commit(path, change)[1]
    return removed["hand"], after


def edit(path: Path, number: int, raw: Mapping[str, Any]) -> Replayed:
    """Correct hand `number` (1-based): the given fields replace or (empty) remove old ones."""
    return correct(path, number, raw)[1]


def correct(path: Path, number: int, raw: Mapping[str, Any],
            at: Optional[str] = None) -> Tuple[Replayed, Replayed]:
    """`edit`, returning the sitting before and after the correction (for showing what it
    changed). The corrected hand records when it was corrected (`corrected: TIME`)."""

    def change(before: Replayed) -> Tuple[Hand, ...]:
        hands = list(before.session.hands)
        if not 1 <= number <= len(hands):
            span = f"1 to {len(hands)}" if hands else "none: no hand is logged yet"
            raise ScorekeeperError(f"there is no hand {number} (hands: {span})", usage=True)
        fields = {k: v for k, v in hands[number - 1].fields.items() if k not in LOG_FIELDS}
        # FIELD= removes the field, a yes/no field too (where `hand` would read it as a bare yes)
        fields.update({k: (None if isinstance(v, str) and not v.strip() else v) for k, v in raw.items()
                       if k not in LOG_FIELDS})  # the log's own record is set below, not typed
        try:
            corrected = canonical_hand(before, fields)
        except ScorekeeperError as err:
            raise ScorekeeperError(f"hand {number}: {err.message}") from None
        hands[number - 1] = Hand({**corrected.fields, "corrected": at or now()})
        return tuple(hands)

    try:
        return _commit(path, change)
    except ScorekeeperError as err:
        if err.message.startswith("hand ") and not err.message.startswith(f"hand {number}:"):
            raise ScorekeeperError(f"{err.message} (after the correction to hand {number}; "
                                   f"nothing was changed)", err.source, err.usage) from None
        raise


def settlement(replayed: Replayed) -> "Settlement":
    from .settle import settle

    st = replayed.standings
    stakes = replayed.session.stakes
    return settle(st.balances, st.unit, stakes.stake, stakes.currency)
