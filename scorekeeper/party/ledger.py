"""The library `scorekeeper party` wraps: start a party, log a table's result, correct, undo, check.

A party is a session file like a sitting, and goes through the sitting's machinery
(ledger.py): loaded by the store, checked by one collecting pipeline (`validate`, whose
first mistake every command but `check` raises), every change made in full as a pending
`ledger.Change` that the caller shows and then commits under the lock. Only the laws differ:
the party's replay (replay.py) instead of a game's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from .. import ledger, store
from . import replay as progressive
from .replay import PartyStanding
from ..model import Hand, ScorekeeperError, Session


class Party(NamedTuple):
    party: Session
    standing: PartyStanding

    @property
    def session(self) -> Session:
        """The party as a session (what `ledger.commit` changes, as for a sitting)."""
        return self.party


def validate(party: Session) -> Tuple[Optional[Party], List[ScorekeeperError]]:
    """The party replayed, and every mistake in it, each located: the header's, each rule's,
    then each result's, a refused result being left out of the walk that follows. A header
    mistake that leaves nothing to check the results by ends the search, with no replay."""
    errors: List[ScorekeeperError] = []

    def note(err: ScorekeeperError) -> None:
        errors.append(err.at(party.locate(err)))

    try:
        game = progressive.check_game(party.game)
    except ScorekeeperError as err:
        return None, [err.at(party.locate(err))]
    for check_players in (ledger.check_players, lambda players: progressive.check_players(game, players)):
        try:
            check_players(party.players)
        except ScorekeeperError as err:
            note(err)
            return None, errors
    good: Dict[str, Any] = {}
    for name, raw in party.rules.items():
        try:
            progressive.resolve_rules(game, {name: raw})
            good[name] = raw
        except ScorekeeperError as err:
            note(err)
    rules = progressive.resolve_rules(game, good)
    if "sitout" not in party.rules:  # a file from before the rule keeps its form (the default applies)
        rules.pop("sitout", None)
    party = party._replace(game=game, rules=rules)
    return Party(party, progressive.replay(party, errors)), errors


def check(party: Session) -> Party:
    """`validate`, raising the first mistake."""
    return ledger.first(validate(party))


def deals_in_words(p: Party) -> List[List[str]]:
    """Each result's deals in words (Progressive Cinch reported deal by deal), else none; in
    the order of `p.standing.results`."""
    from .cinch import deals_in_words as said

    return [said(progressive.read_numbers(hand.fields)["deals"], result.players, p.party.rules)
            if hand.fields.get("deals") else []
            for hand, result in zip(p.party.hands, p.standing.log)
            if isinstance(result, progressive.TableResult)]


def open_party(path: Path) -> Party:
    return check(store.load_party(path))


def _change(path: Path, before: Optional[Party], after: Party) -> ledger.Change[Party]:
    return ledger.Change(path, before, after, store.session_text(after.party, store.PARTY))


def new_party(path: Path, game: str, players: Sequence[str], rules: Mapping[str, Any],
              created: Optional[str] = None) -> ledger.Change[Party]:
    """A new party; committed under `ledger.locked(path, new=True)`, which makes its folder."""
    if path.exists():
        raise ScorekeeperError(f"{path} already exists (scorekeeper list shows the sessions)")
    game = progressive.check_game(game)
    ledger.check_players(players)
    progressive.check_players(game, players)
    try:
        resolved = progressive.resolve_rules(game, rules)
    except ScorekeeperError as err:  # typed as --rule: a mistake in how the command was called
        raise err.as_usage() from None
    party = Session(name=path.stem, game=game, players=tuple(players),
                    rules=resolved, created=created or ledger.now(),
                    path=str(path))
    return _change(path, None, check(party))


def _changed(path: Path, before: Party, hands: Sequence[Hand]) -> ledger.Change[Party]:
    return _change(path, before, check(before.party.with_hands(tuple(hands))))


def as_played(before: Party) -> List[Hand]:
    """The results, each with its table's players as it was played (`players`). A file from
    before they were recorded gets them from its replay, which seated it where it meant: from
    its first save on, a correction can no longer move a later result to other players."""
    hands = []
    for hand, result in zip(before.party.hands, before.standing.log):
        fields = dict(hand.fields)
        if isinstance(result, progressive.TableResult) and progressive.PLAYERS_KEY not in fields:
            fields = {"round": fields.get("round"), "table": fields.get("table"),
                      progressive.PLAYERS_KEY: list(result.players), **fields}
        hands.append(Hand(fields))
    return hands


def log_result(path: Path, table: int, raw: Mapping[str, Any], at: Optional[str] = None,
               id: Optional[str] = None) -> ledger.Change[Party]:
    """Log TABLE's result for the round being played (`after.standing.results[-1]`); `id`, a
    board report's one-time id, is kept with it (model.LOG_FIELDS)."""
    before = open_party(path)
    st = before.standing
    if table in st.reported:
        raise ScorekeeperError(f"table {table} has already reported round {st.round} (party edit "
                               f"{before.party.name} {st.round} {table} FIELD=VALUE corrects it)",
                               usage=True, round=st.round, table=table)
    entry = progressive.report_entry(st.game, before.party.rules, raw, table, st.tables, st.round)
    entry.setdefault("at", at or ledger.now())
    if id:
        entry["id"] = id
    return _changed(path, before, as_played(before) + [Hand(entry)])


def _find(before: Party, round_: int, table: int) -> int:
    for index, hand in enumerate(before.party.hands):
        entry = progressive.read_numbers(hand.fields)
        if entry.get("round") == round_ and entry.get("table") == table:
            return index
    raise ScorekeeperError(f"round {round_} table {table} has not reported (party show "
                           f"{before.party.name} lists the results)", usage=True)


def edit(path: Path, round_: int, table: int, raw: Mapping[str, Any]) -> ledger.Change[Party]:
    """Correct a table's result: the given fields replace (or, empty, remove) the old ones. The
    result keeps the players it was played with, and so does every later result: the stars of
    that round change, and the seating of the round to be played if it follows from this one."""
    before = open_party(path)
    index = _find(before, round_, table)
    hands = as_played(before)
    seating = before.standing.history[round_ - 1]  # that round, as it was played
    entry = progressive.corrected_entry(before.standing.game, before.party.rules,
                                        hands[index].fields, raw, table, seating, round_)
    if "id" in hands[index].fields:  # a board report's id stays with it
        entry["id"] = hands[index].fields["id"]
    hands[index] = Hand(entry)
    try:
        return _changed(path, before, hands)
    except ScorekeeperError as err:
        if err.round is not None and (err.round, err.table) != (round_, table):  # a later result it broke
            raise err.with_message(f"{err.message} (after the correction to round {round_} table "
                                   f"{table}; nothing was changed)") from None
        raise


def undo(path: Path) -> ledger.Change[Party]:
    """Remove the last result logged (`before.party.hands[-1]`)."""
    before = open_party(path)
    if not before.party.hands:
        raise ScorekeeperError("there is no result to undo")
    return _changed(path, before, as_played(before)[:-1])


def roster_change(path: Path, change: str, player: str, at: Optional[str] = None) -> ledger.Change[Party]:
    """`party join` (change JOIN) seats a late arrival, `party leave` (LEAVE) takes one out, from
    the first round none of whose tables has reported: an entry in the log like a result."""
    before = open_party(path)
    if change == progressive.JOIN:
        ledger.check_players([player])
    st = before.standing
    applies = st.round + 1 if st.reported else st.round
    fields = {"round": applies, change: player, "at": at or ledger.now()}
    return _changed(path, before, as_played(before) + [Hand(fields)])
