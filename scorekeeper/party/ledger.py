"""The library `scorekeeper party` wraps: start a party, log a table's result, correct, undo.

As for a sitting (ledger.py), every change is replayed in full before anything is written:
a result the laws refuse, or a correction that breaks a later one, never reaches the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, Mapping, NamedTuple, Optional, Sequence, Tuple

from .. import store
from . import replay as progressive
from .replay import PartyStanding
from ..ledger import check_players, now
from ..model import Hand, ScorekeeperError, Session


class Party(NamedTuple):
    party: Session
    standing: PartyStanding


def check(party: Session) -> Party:
    """Validate the header and replay every result."""
    try:
        game = progressive.check_game(party.game)
        check_players(party.players)
        progressive.check_players(party.players)
        rules = progressive.resolve_rules(game, party.rules)
    except ScorekeeperError as err:
        raise err.at(party.locate(err)) from None
    party = party._replace(game=game, rules=rules)
    return Party(party, progressive.replay(party))


def open_party(path: Path) -> Party:
    return check(store.load_party(path))


def new_party(path: Path, game: str, players: Sequence[str], rules: Mapping[str, Any],
              created: Optional[str] = None) -> Party:
    if path.exists():
        raise ScorekeeperError(f"{path} already exists (scorekeeper list shows the sessions)")
    game = progressive.check_game(game)
    check_players(players)
    progressive.check_players(players)
    party = Session(name=path.stem, game=game, players=tuple(players),
                    rules=progressive.resolve_rules(game, rules), created=created or now(),
                    path=str(path))
    checked = check(party)
    store.make_folder_for(path)
    with store.locked(path):
        if path.exists():
            raise ScorekeeperError(f"{path} already exists")
        store.save(checked.party, path, store.PARTY)
    return checked


def _commit(path: Path, change) -> Tuple[Party, Party]:
    """Load under the lock, change the results, replay to validate, then save."""
    with store.locked(path):
        before = open_party(path)
        after = check(before.party.with_hands(change(before)))
        store.save(after.party, path, store.PARTY)
    return before, after


def report(path: Path, table: int, raw: Mapping[str, Any], at: Optional[str] = None) -> Party:
    """Log TABLE's result for the round being played."""

    def change(before: Party) -> Tuple[Hand, ...]:
        st = before.standing
        if table in st.reported:
            raise ScorekeeperError(f"table {table} has already reported round {st.round} (party edit "
                                   f"{before.party.name} {st.round} {table} FIELD=VALUE corrects it)",
                                   usage=True)
        entry = progressive.report_entry(st.game, before.party.rules, raw, table, st.tables, st.round)
        entry.setdefault("at", at or now())
        return before.party.hands + (Hand(entry),)

    return _commit(path, change)[1]


def _find(before: Party, round_: int, table: int) -> int:
    for index, hand in enumerate(before.party.hands):
        if hand.fields.get("round") == round_ and hand.fields.get("table") == table:
            return index
    raise ScorekeeperError(f"round {round_} table {table} has not reported (party show "
                           f"{before.party.name} lists the results)", usage=True)


def edit(path: Path, round_: int, table: int, raw: Mapping[str, Any]) -> Tuple[Party, Party]:
    """Correct a table's result: the given fields replace (or, empty, remove) the old ones, and
    the movement after it is replayed; later results stay with their tables and seats."""

    def change(before: Party) -> Tuple[Hand, ...]:
        index = _find(before, round_, table)
        hands = list(before.party.hands)
        old = hands[index].fields
        seating = before.standing.history[round_ - 1]
        fields: Dict[str, Any] = progressive.entry_fields(old, seating[table - 1])
        lowered = {k.lower(): k for k in fields}
        for name, value in raw.items():
            key = lowered.get(str(name).lower(), name)
            fields[key] = value
        fields = {k: v for k, v in fields.items() if not (isinstance(v, str) and not v.strip())}
        entry = progressive.report_entry(before.standing.game, before.party.rules, fields, table,
                                         seating, round_)
        hands[index] = Hand(entry)
        return tuple(hands)

    try:
        return _commit(path, change)
    except ScorekeeperError as err:
        if not err.message.startswith(f"round {round_} table {table}") and err.message.startswith("round "):
            raise ScorekeeperError(f"{err.message} (after the correction to round {round_} table "
                                   f"{table}; nothing was changed)", err.source, err.usage) from None
        raise


def undo(path: Path) -> Tuple[Hand, Party, Party]:
    """Remove the last result logged."""
    removed: Dict[str, Hand] = {}

    def change(before: Party) -> Tuple[Hand, ...]:
        if not before.party.hands:
            raise ScorekeeperError("there is no result to undo")
        removed["hand"] = before.party.hands[-1]
        return before.party.hands[:-1]

    before, after = _commit(path, change)
    return removed["hand"], before, after
