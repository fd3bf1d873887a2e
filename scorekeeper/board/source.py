"""What the board shows and takes, read from the file and written through the ledger: no web here.

A sitting goes through `ledger` (open_session, add_hand), a party through `party.ledger`
(open_party, report), under the same lock and with the same validation as the command line;
`Board.state` is what `show --json` (`party show --json`) prints, from the same render function.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from .. import ledger, store
from ..fields import PLAYERS, TEXT, Field, integer, parse_assignments, typed_number
from ..model import ScorekeeperError, shown
from ..render import board as page

SITTING, PARTY = store.SITTING, store.PARTY
ENTRY_CODE = "code"    # the form field that carries the entry code, beside the game's own fields
TABLE = "table"        # the form field that says which party table reports
NOTE = Field("note", TEXT, "a remark kept with the hand")
MAX_ERROR = 500        # characters in an error line, as at the command line


class View(NamedTuple):
    """The file as the board shows it: the board's HTML, the report forms (by table; "" for a
    sitting), or the error that stops the file being read; `replayed` is what they were made
    from (a sitting's ledger.Replayed or a party's Party), for the state when it is asked for."""

    board: str
    forms: Mapping[str, str]
    error: Optional[str] = None
    replayed: Any = None


Signature = Tuple[int, int, int, int]


class Board:
    """One sitting or party, served: its kind is found once, when the board starts."""

    def __init__(self, path: Path, entry: bool = False):
        self.path = path
        self.entry = entry
        try:
            ledger.open_session(path)
            self.kind = SITTING
        except store.PartyFile:
            from ..party import ledger as parties

            parties.open_party(path)
            self.kind = PARTY
        self.name = path.stem
        if entry:
            self._refuse_field_named_code()

    # ------------------------------------------------------------ reading

    def signature(self) -> Optional[Signature]:
        """What changes whenever the file is saved (a save renames a new file over the old one,
        so the inode changes too), read without opening it; None while the file is missing."""
        try:
            s = os.stat(self.path)
        except OSError:
            return None
        return (s.st_mtime_ns, s.st_size, s.st_ino, s.st_ctime_ns)

    def view(self) -> View:
        try:
            if self.kind == SITTING:
                return self._sitting_view()
            return self._party_view()
        except ScorekeeperError as err:
            message = self.public(str(err))
            return View(page.error_board(message), {}, message)

    def content(self) -> Optional[bytes]:
        """The file's bytes (None while it cannot be read): a save that wrote the same bytes
        (a `touch`, an edit undone) is no change to show."""
        try:
            return self.path.read_bytes()
        except OSError:
            return None

    def state(self, view: View) -> str:
        """What `show --json` (`party show --json`) prints for the view's file, without the newline."""
        if self.kind == SITTING:
            from ..render import sitting as render

            return render.show_json(view.replayed.session, view.replayed.standings)
        from ..render import party as party_render

        return party_render.show_json(view.replayed.party, view.replayed.standing)

    def _sitting_view(self) -> View:
        r = ledger.open_session(self.path)
        forms: Dict[str, str] = {}
        if self.entry:
            fields = list(r.game.fields(r.session)) + [NOTE]
            forms[""] = page.form(fields, r.session.players, "hand", title="report a hand")
        return View(page.sitting_board(r.session, r.standings), forms, None, r)

    def _party_view(self) -> View:
        from ..party import ledger as parties

        p = parties.open_party(self.path)
        st = p.standing
        forms: Dict[str, str] = {}
        if self.entry:
            for table, players in enumerate(st.tables, start=1):
                if table in st.reported:
                    forms[str(table)] = page.reported_form(table, st.round)
                    continue
                f = party_fields(st.game, p.party.rules, players)
                title = f"table {table}, round {st.round}: {', '.join(players)}"
                forms[str(table)] = page.form(f.fields, players, "round", f.labels, {TABLE: str(table)},
                                              title, f.main)
        return View(page.party_board(p.party, st), forms, None, p)

    # ------------------------------------------------------------ writing

    def report(self, pairs: Sequence[Tuple[str, str]]) -> str:
        """Log a hand (a sitting) or a table's result (a party) from a form's fields, the entry
        code already taken out; what the command line would print, or its ScorekeeperError."""
        if self.kind == SITTING:
            return self._hand(pairs)
        return self._round(pairs)

    def _hand(self, pairs: Sequence[Tuple[str, str]]) -> str:
        from ..render import sitting as render

        fields = _assignments(pairs)
        if not fields:  # as `scorekeeper hand NAME` with nothing after it
            raise ScorekeeperError("give the hand's fields as FIELD=VALUE (scorekeeper games GAME lists "
                                   "them)", usage=True)
        with ledger.locked(self.path):
            change = ledger.add_hand(self.path, fields)
            printed = render.effect_text(change.after.session, change.after.standings, None)
            ledger.commit(change)
        return printed

    def _round(self, pairs: Sequence[Tuple[str, str]]) -> str:
        from ..party import ledger as parties
        from ..render import party as party_render

        tables = [value for name, value in pairs if name == TABLE]
        if len(tables) != 1:
            raise ScorekeeperError("table is missing: the table reporting (1 is the head table)" if not tables
                                   else f"table given {len(tables)} times", usage=True, field=TABLE)
        table = typed_number(tables[0], TABLE, "the table")
        fields = _assignments([(name, value) for name, value in pairs if name != TABLE])
        with ledger.locked(self.path):
            change = parties.log_result(self.path, table, fields)
            p = change.after
            printed = party_render.reported_text(p.party, p.standing, p.standing.results[-1])
            ledger.commit(change)
        return printed

    # ------------------------------------------------------------ what may be shown

    def public(self, message: str) -> str:
        """An error line with nothing of the local file system in it: the sitting's file named
        by its name alone (`friday.yaml`), any folder left out; one line, and short."""
        path = str(self.path)
        absolute = str(self.path.resolve())
        for where in sorted({absolute, path, str(store.real_path(self.path))}, key=len, reverse=True):
            message = message.replace(where, self.path.name)
        for folder in sorted({str(self.path.parent.resolve()), str(self.path.parent)}, key=len, reverse=True):
            if folder not in ("", "."):
                message = message.replace(folder + os.sep, "").replace(folder, "the sessions folder")
        line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        if len(line) > MAX_ERROR:
            line = line[:MAX_ERROR * 2 // 3] + " ... " + line[-MAX_ERROR // 3:]
        return line

    def _refuse_field_named_code(self) -> None:
        """`code` carries the entry code: a hand field of that name could never be sent."""
        names = self._field_names()
        clash = [n for n in names if n.lower() == ENTRY_CODE]
        if clash:
            raise ScorekeeperError(f"{clash[0]} is a field of this {self.kind}, and a report's "
                                   f"'{ENTRY_CODE}' is the entry code: rename the player to take "
                                   f"reports from the board", usage=True)

    def _field_names(self) -> List[str]:
        if self.kind == SITTING:
            r = ledger.open_session(self.path)
            return [f.name for f in r.game.fields(r.session)]
        from ..party import ledger as parties

        return list(parties.open_party(self.path).party.players)


def _assignments(pairs: Sequence[Tuple[str, str]]) -> Dict[str, str]:
    """A form's fields read as the command line reads FIELD=VALUE: a field given twice, a name
    holding '=' or a NUL byte refused with the command line's own words."""
    items = []
    for name, value in pairs:
        if "=" in name:
            raise ScorekeeperError(f"field name {shown(name)} holds '=' (a form field is FIELD, its "
                                   f"value VALUE)", usage=True)
        item = f"{name}={value}"
        if "\0" in item:
            raise ScorekeeperError(f"a field holds a NUL byte (\\0): {shown(item)}", usage=True)
        items.append(item)
    return parse_assignments(items)


class PartyForm(NamedTuple):
    fields: List[Field]
    labels: Dict[str, str]   # where the field's name alone would mislead
    main: int                # the fields shown at once; the others fold away


def party_fields(game: str, rules: Mapping[str, Any], players: Sequence[str]) -> PartyForm:
    """A party table's report as fields, the table's own players only (docs/party.md, Logging a
    table's result): Hearts, each player's hearts; Cinch, each pair's points (sent under its
    first partner's name, labelled with the pair) or, folded away, the four deals; cut= for a
    tie and note= for both."""
    from ..party import replay as progressive

    if game == progressive.HEARTS:
        fields = [Field(p, integer(0, progressive.TOTAL_HEARTS), f"hearts {p} took (left empty: none)")
                  for p in players]
        cut = "who won the cut for a tie (the lower card goes up, or at the head table stays)"
        return PartyForm(fields + [Field("cut", PLAYERS, cut), NOTE], {}, len(players) + 2)
    low, high = progressive.cinch_points_range(str(rules.get("scoring", "deduct")))
    labels: Dict[str, str] = {}
    fields = []
    for first, second in ((0, 2), (1, 3)):  # seats 1 and 3, 2 and 4 are partners
        pair = f"{players[first]}-{players[second]}"
        labels[players[first]] = pair
        fields.append(Field(players[first], integer(low, high), f"the points {pair} made over the four deals"))
    cut = "who won the cut for a tie (the higher card goes up, or at the head table stays)"
    fields += [Field("cut", PLAYERS, cut), NOTE]
    fields += [Field(f"deal{n}", TEXT, f"instead of the points: the fields of a cinch hand, e.g. "
                     f"bidder={players[0]} bid=8 made=10") for n in range(1, progressive.DEALS + 1)]
    return PartyForm(fields, labels, 4)


def event_data(version: int, view: View) -> str:
    """One Server-Sent Event's data: one line of JSON, the board and the forms as HTML."""
    return json.dumps({"version": version, "board": view.board, "forms": dict(view.forms),
                       "error": view.error}, ensure_ascii=False, separators=(",", ":"))
