"""What the board shows and takes, read from the file and written through the ledger: no web here.

A sitting goes through `ledger` (open_session, add_hand), a party through `party.ledger`
(open_party, report), under the same lock and with the same validation as the command line;
`Board.state` is what `show --json` (`party show --json`) prints, from the same render function.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from .. import ledger, store
from ..fields import BOOLEAN, PLAYER, PLAYERS, TEXT, Field, integer, parse_assignments, typed_number
from ..model import ScorekeeperError, shown
from ..render import board as page

SITTING, PARTY = store.SITTING, store.PARTY
ENTRY_CODE = "code"    # the form field that carries the entry code, beside the game's own fields
TABLE = "table"        # the form field that says which party table reports
ID = "id"              # a report's one-time id: sent again, it is answered as the first, logged once
HANDS = "hands"        # a sitting's report: how many hands the page had seen
ROUND = "round"        # a party's report: the round it is for
CORRECT = "correct"    # correct=yes: the report replaces the table's own (the sitting's last hand)
CONFIRM = "confirm"    # with --confirm: confirm=yes, a player of the other side confirms the report awaiting
BY = "by"              # with --confirm: who reports, or who confirms
ONE_TIME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
NOTE = Field("note", TEXT, "a remark kept with the hand")
FIX = Field("correct", BOOLEAN, "this corrects the last hand instead of logging a new one (until the next hand)")
WHO = Field("by", PLAYER, "who you are: a player of the other side confirms your report on his phone",
            required=True)
CONFIRMER = Field("by", PLAYER, "who you are: a player of the other side from the one who reported", required=True)
MAX_ERROR = 500        # characters in an error line, as at the command line


class View(NamedTuple):
    """The file as the board shows it: the board's HTML, the report forms (by table; "" for a
    sitting), or the error that stops the file being read; `replayed` is what they were made
    from (a sitting's ledger.Replayed or a party's Party), for the state when it is asked for."""

    board: str
    forms: Mapping[str, str]
    error: Optional[str] = None
    replayed: Any = None
    seen: Mapping[str, int] = {}  # what a report from this page says it saw (`hands`, a sitting's)
    phones: Mapping[str, Mapping[str, str]] = {}  # by table ("" a sitting): a phone page's heading, what is under the form
    said: str = ""  # the latest change in words, for a screen reader (the television's live region)


Signature = Tuple[int, int, int, int]


class Board:
    """One sitting or party, served: its kind is found once, when the board starts."""

    def __init__(self, path: Path, entry: bool = False, address: str = "", confirm: bool = False):
        self.path = path
        self.entry = entry
        self.confirm = confirm  # a report counts once a player of the other side confirms it
        self.awaiting: Dict[str, Awaiting] = {}  # by table ("" a sitting): reports not yet confirmed
        self.address = address  # the board's own address ("http://192.168.1.20:8765/"), for the QR codes
        self._qr: Dict[str, str] = {}
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

    def qr(self, page: str) -> str:
        """A phone page's address as a QR code (inline SVG), made once for each page."""
        if page not in self._qr:
            import segno

            self._qr[page] = segno.make(self.address + page, error="m").svg_inline(omitsize=True, border=2)
        return self._qr[page]

    def _confirmed_form(self, fields: List[Field], players: Sequence[str], action: str, hidden: Dict[str, str],
                        key: str, labels: Optional[Mapping[str, str]] = None, main: int = page.MAIN_FIELDS) -> str:
        """The report form; with --confirm, who reports first, and while a report awaits, the
        form that confirms it."""
        if not self.confirm:
            return page.form(fields, players, action, labels, hidden, "", main)
        waiting = self.awaiting.get(key)
        if waiting is None:
            return page.form([WHO] + list(fields), players, action, labels, hidden, "", main + 1)
        confirm = page.form([CONFIRMER], waiting.others, action, None, {**hidden, CONFIRM: "yes"}, "")
        return page.awaiting_form(waiting.summary, waiting.by, waiting.others, confirm)

    def _sitting_view(self) -> View:
        r = ledger.open_session(self.path)
        forms: Dict[str, str] = {}
        phones: Dict[str, Dict[str, str]] = {}
        qr = {}
        if self.entry:
            fields = list(r.game.fields(r.session)) + [NOTE] + ([FIX] if r.session.hands else [])
            forms[""] = self._confirmed_form(fields, r.session.players, "/hand", {}, "")
            phones[""] = {"heading": f"{r.session.name}: hand {len(r.session.hands) + 1}",
                          "mine": page.sitting_summary(r.session, r.standings)}
            if self.address:
                qr = {"report a hand": self.qr("entry")}
        said = ""
        if r.session.hands:
            leaders = page.leaders(r.standings)
            said = f"hand {len(r.session.hands)}: {r.standings.effects[-1].summary}" + (
                f"; {' and '.join(leaders)} {'leads' if len(leaders) == 1 else 'lead'}" if leaders else "")
        waiting = self.awaiting.get("")
        note = f"a hand awaits confirmation: {waiting.summary} (reported by {waiting.by})" if waiting else ""
        return View(page.sitting_board(r.session, r.standings, qr, note), forms, None, r,
                    {HANDS: len(r.session.hands)}, phones, said)

    def _party_view(self) -> View:
        from ..party import ledger as parties

        p = parties.open_party(self.path)
        st = p.standing
        forms: Dict[str, str] = {}
        phones: Dict[str, Dict[str, str]] = {}
        qr = {}
        if self.entry:
            for table, players in enumerate(st.tables, start=1):
                phones[str(table)] = {"heading": f"table {table}: round {st.round}",
                                      "mine": page.table_seats(st, table)}
                if self.address:
                    qr[f"table {table}"] = self.qr(f"table/{table}")
                f = party_fields(st.game, p.party.rules, players)
                hidden = {TABLE: str(table), ROUND: str(st.round)}
                if table in st.reported:  # until the round is complete, the table may correct it
                    fix = page.form(f.fields, players, "/round", f.labels, {**hidden, CORRECT: "yes"}, "", f.main)
                    forms[str(table)] = page.reported_form(table, st.round, fix)
                    continue
                forms[str(table)] = self._confirmed_form(f.fields, players, "/round", hidden, str(table),
                                                         f.labels, f.main)
        said = page.party_state(st)
        if st.results:
            last = st.results[-1]
            said = f"round {last.round} table {last.table}: {last.summary}; {said}"
        awaiting = {int(key) for key in self.awaiting if key}
        return View(page.party_board(p.party, st, qr, awaiting), forms, None, p, {}, phones, said)

    # ------------------------------------------------------------ writing

    def report(self, pairs: Sequence[Tuple[str, str]]) -> str:
        """Log a hand (a sitting) or a table's result (a party) from a form's fields, the entry
        code already taken out; what the command line would print, or its ScorekeeperError
        (Stale: the report is for a sitting or round that has moved on).

        A report carrying an `id` already in the log is not logged again: it is answered as the
        first was (what the command line printed then, from the log as it stood then)."""
        once = _one_time_id(pairs)
        correcting = [value.strip().lower() for name, value in pairs if name == CORRECT]
        pairs = [(name, value) for name, value in pairs if name not in (ID, CORRECT)]
        if correcting:
            if correcting != ["yes"]:
                raise ScorekeeperError(f"correct must be yes (the report replaces the table's own), got "
                                       f"{shown(','.join(correcting))}", usage=True, field=CORRECT)
            return self._correct_hand(pairs) if self.kind == SITTING else self._correct_round(pairs)
        if once:
            earlier = self.answer_for(once)
            if earlier is not None:
                return earlier
        if self.confirm:
            return self._await_or_confirm(pairs, once)
        return self._log(pairs, once)

    def _log(self, pairs: Sequence[Tuple[str, str]], once: str, dry: bool = False) -> str:
        try:
            if self.kind == SITTING:
                return self._hand(pairs, once, dry)
            return self._round(pairs, once, dry)
        except _Repeated:
            return self.answer_for(once) or ""

    def _await_or_confirm(self, pairs: Sequence[Tuple[str, str]], once: str) -> str:
        """With --confirm: a report is checked (as if logged) and awaits a player of the other
        side at its table, who confirms it from his phone (confirm=yes, by=HIM): then it is logged."""
        confirming = [value.strip().lower() for name, value in pairs if name == CONFIRM]
        by = [value.strip() for name, value in pairs if name == BY]
        pairs = [(name, value) for name, value in pairs if name not in (CONFIRM, BY)]
        key = self._table_key(pairs)
        table = self._seated(key)
        if len(by) != 1 or by[0].lower() not in {p.lower() for p in table}:
            raise ScorekeeperError(f"by must name one player at the table ({', '.join(table)}): who "
                                   f"{'confirms' if confirming else 'reports'}", usage=True, field=BY)
        who = next(p for p in table if p.lower() == by[0].lower())
        if confirming:
            waiting = self.awaiting.get(key)
            if waiting is None:
                raise ScorekeeperError(f"no report awaits confirmation{_at_table(key)}", usage=True)
            if who not in waiting.others:
                raise ScorekeeperError(f"{who} cannot confirm {waiting.by}'s report: a player of the other "
                                       f"side confirms it ({' or '.join(waiting.others)})", usage=True)
            text = self._log(waiting.pairs, waiting.once)
            del self.awaiting[key]
            return f"confirmed by {who}: {text}"
        text = self._log(pairs, once, dry=True)  # checked as it would be logged; nothing written
        others = self._other_side(key, table, who)
        self.awaiting[key] = Awaiting(tuple(pairs), once, who, others, text.splitlines()[0])
        return (f"awaiting confirmation by {' or '.join(others)}: {text.splitlines()[0]}\n"
                f"(it counts once a player of the other side confirms it on his phone)")

    def _table_key(self, pairs: Sequence[Tuple[str, str]]) -> str:
        return "" if self.kind == SITTING else str(self._table(pairs))

    def _seated(self, key: str) -> Tuple[str, ...]:
        if self.kind == SITTING:
            return tuple(ledger.open_session(self.path).session.players)
        from ..party import ledger as parties

        tables = parties.open_party(self.path).standing.tables
        number = int(key)
        if not 1 <= number <= len(tables):
            raise ScorekeeperError(f"there is no table {number} (tables 1 to {len(tables)})", usage=True)
        return tuple(tables[number - 1])

    def _other_side(self, key: str, table: Tuple[str, ...], who: str) -> Tuple[str, ...]:
        """Who may confirm WHO's report: the players not on his side (partners sit opposite)."""
        from ..games.sides import partnerships

        partners = False
        if self.kind == SITTING:
            r = ledger.open_session(self.path)
            partners = bool(r.game.score_sides(r.session))
        else:
            from ..party import ledger as parties
            from ..party.seating import HEARTS

            partners = parties.open_party(self.path).standing.game != HEARTS  # Cinch: pairs
        if partners and len(table) % 2 == 0:
            mine = next(side for side in partnerships(table) if who in side)
            return tuple(p for p in table if p not in mine)
        return tuple(p for p in table if p != who)

    def answer_for(self, once: str) -> Optional[str]:
        """What the report with id `once` was answered, if it is in the log."""
        if self.kind == SITTING:
            r = ledger.open_session(self.path)
            index = _logged_with(r.session.hands, once)
            if index is None:
                return None
            from ..render import sitting as render

            then = ledger.check_session(r.session.with_hands(r.session.hands[:index + 1]))
            return render.effect_text(then.session, then.standings, None)
        from ..party import ledger as parties
        from ..render import party as party_render

        p = parties.open_party(self.path)
        index = _logged_with(p.party.hands, once)
        if index is None:
            return None
        logged = parties.check(p.party.with_hands(p.party.hands[:index + 1]))
        return party_render.reported_text(logged.party, logged.standing, logged.standing.results[-1])

    def _hand(self, pairs: Sequence[Tuple[str, str]], once: str, dry: bool = False) -> str:
        from ..render import sitting as render

        seen = _seen(pairs, HANDS, "how many hands the page had seen")
        fields = _assignments([(name, value) for name, value in pairs if name != HANDS])
        if not fields:  # as `scorekeeper hand NAME` with nothing after it
            raise ScorekeeperError("give the hand's fields as FIELD=VALUE (scorekeeper games GAME lists "
                                   "them)", usage=True)
        with ledger.locked(self.path):
            change = ledger.add_hand(self.path, fields, id=once or None)
            r = change.after
            _refuse_repeat(r.session.hands[:-1], once)
            logged = len(r.session.hands) - 1
            if seen is not None and seen != logged:
                raise Stale(f"the sitting has moved on: this report was made on a page showing "
                            f"{_plural(seen, 'hand')}, and {r.session.name} has {logged} now; nothing "
                            f"was logged (look at the board, then report again if it is still to be "
                            f"logged)")
            printed = render.effect_text(r.session, r.standings, None)
            if not dry:
                ledger.commit(change)
        return printed

    def _correct_hand(self, pairs: Sequence[Tuple[str, str]]) -> str:
        """A phone corrects the hand it reported, until the next hand: its fields replace the
        hand's (those left out are removed; the note and the time stay), through the ledger's
        correction, so that the log records it (`corrected: TIME`)."""
        from ..render import sitting as render

        seen = _seen(pairs, HANDS, "how many hands the page had seen")
        fields = _assignments([(name, value) for name, value in pairs if name != HANDS])
        with ledger.locked(self.path):
            r = ledger.open_session(self.path)
            number = len(r.session.hands)
            if not number:
                raise ScorekeeperError("there is no hand to correct yet", usage=True)
            if seen is not None and seen != number:
                raise Stale(f"hand {seen} is no longer the latest ({r.session.name} has {number}); a hand "
                            f"is corrected from the board until the next hand, then with scorekeeper edit")
            change = ledger.edit(self.path, number, {**_left_out(r.session.hands[-1].fields, fields), **fields})
            text = render.correction_text(number, change.was.session, change.was.standings,
                                          change.after.session, change.after.standings)
            ledger.commit(change)
        return text

    def _correct_round(self, pairs: Sequence[Tuple[str, str]]) -> str:
        """A table corrects its result until the round is complete (`party edit`'s path)."""
        from ..party import ledger as parties
        from ..party import replay as progressive
        from ..render import party as party_render

        table = self._table(pairs)
        seen = _seen(pairs, ROUND, "the round the page reported for")
        fields = _assignments([(name, value) for name, value in pairs if name not in (TABLE, ROUND)])
        with ledger.locked(self.path):
            p = parties.open_party(self.path)
            st = p.standing
            if seen is not None and seen != st.round:
                raise Stale(f"round {seen} is complete: a table corrects its result from the board until "
                            f"the round is complete, then the host does (party edit {p.party.name} {seen} "
                            f"{table} FIELD=VALUE)")
            if table not in st.reported:
                raise ScorekeeperError(f"table {table} has not reported round {st.round}: there is nothing "
                                       f"to correct", usage=True)
            index = next(i for i, r in enumerate(st.results) if (r.round, r.table) == (st.round, table))
            old = progressive.entry_fields(p.party.hands[index].fields, st.results[index].players)
            change = parties.edit(self.path, st.round, table, {**_left_out(old, fields), **fields})
            text = party_render.correction_text(st.round, table, change.was.standing, change.after.party,
                                                change.after.standing)
            ledger.commit(change)
        return text

    def _table(self, pairs: Sequence[Tuple[str, str]]) -> int:
        tables = [value for name, value in pairs if name == TABLE]
        if len(tables) != 1:
            raise ScorekeeperError("table is missing: the table reporting (1 is the head table)" if not tables
                                   else f"table given {len(tables)} times", usage=True, field=TABLE)
        return typed_number(tables[0], TABLE, "the table")

    def _round(self, pairs: Sequence[Tuple[str, str]], once: str, dry: bool = False) -> str:
        from ..party import ledger as parties
        from ..render import party as party_render

        table = self._table(pairs)
        seen = _seen(pairs, ROUND, "the round the page reported for")
        fields = _assignments([(name, value) for name, value in pairs if name not in (TABLE, ROUND)])

        def check_round(now: int) -> None:
            if seen is not None and seen != now:
                moved = "is complete" if seen < now else "has not begun"
                raise Stale(f"round {seen} {moved}: this report is for round {seen}, and the party is "
                            f"playing round {now}; nothing was logged (look at the board)")

        with ledger.locked(self.path):
            if seen is not None:  # before the result is read against the tables of another round
                check_round(parties.open_party(self.path).standing.round)
            change = parties.log_result(self.path, table, fields, id=once or None)
            p = change.after
            _refuse_repeat(p.party.hands[:-1], once)
            check_round(int(p.party.hands[-1].fields["round"]))
            printed = party_render.reported_text(p.party, p.standing, p.standing.results[-1])
            if not dry:
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
        """The board's own form fields (`code`, `correct`; a sitting's `hands`; with --confirm
        `by` and `confirm`): a hand field of one of those names could never be sent."""
        ours = {ENTRY_CODE: "the entry code", CORRECT: "a correction's mark"}
        if self.kind == SITTING:
            ours[HANDS] = "how many hands the page had seen"
        if self.confirm:
            ours.update({BY: "who reports or confirms", CONFIRM: "a confirmation's mark"})
        clash = [(n, n.lower()) for n in self._field_names() if n.lower() in ours]
        if clash:
            name, field = clash[0]
            raise ScorekeeperError(f"{name} is a field of this {self.kind}, and a report's "
                                   f"'{field}' is {ours[field]}: rename the player to take "
                                   f"reports from the board", usage=True)

    def _field_names(self) -> List[str]:
        if self.kind == SITTING:
            r = ledger.open_session(self.path)
            return [f.name for f in r.game.fields(r.session)]
        from ..party import ledger as parties

        return list(parties.open_party(self.path).standing.players)  # late arrivals too


class Awaiting(NamedTuple):
    """A report awaiting confirmation (--confirm): its fields and id, who sent it, who may confirm it."""

    pairs: Tuple[Tuple[str, str], ...]
    once: str
    by: str
    others: Tuple[str, ...]
    summary: str


def _at_table(key: str) -> str:
    return f" at table {key}" if key else ""


class Stale(ScorekeeperError):
    """A report for a sitting or a round that has moved on (answered 409): nothing is logged."""

    def __init__(self, message: str):
        super().__init__(message, usage=True)


class _Repeated(Exception):
    """The report's id turned up in the log while it was being logged (another board's doing)."""


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _one_time_id(pairs: Sequence[Tuple[str, str]]) -> str:
    given = [value for name, value in pairs if name == ID]
    if not given:
        return ""
    if len(given) > 1 or not ONE_TIME_ID.fullmatch(given[0]):
        raise ScorekeeperError(f"id must be given once, 1 to 64 letters, digits, '-' or '_' (the report's "
                               f"one-time id), got {shown(','.join(given))[:80]}", usage=True, field=ID)
    return given[0]


def _seen(pairs: Sequence[Tuple[str, str]], name: str, what: str) -> Optional[int]:
    given = [value for field, value in pairs if field == name]
    if not given:
        return None
    if len(given) > 1:
        raise ScorekeeperError(f"{name} given {len(given)} times", usage=True, field=name)
    return typed_number(given[0], name, what)


def _left_out(old: Mapping[str, Any], given: Mapping[str, str]) -> Dict[str, str]:
    """The fields of a result being corrected that the correction leaves out, to be removed
    (FIELD= on the command line); its note, time and the log's own fields stay."""
    from ..model import COMMON_FIELDS, LOG_FIELDS

    named = {k.lower() for k in given}
    return {k: "" for k in old if k.lower() not in named and k not in COMMON_FIELDS + LOG_FIELDS}


def _logged_with(hands: Sequence[Any], once: str) -> Optional[int]:
    return next((i for i, hand in enumerate(hands) if hand.fields.get(ID) == once), None)


def _refuse_repeat(hands: Sequence[Any], once: str) -> None:
    if once and _logged_with(hands, once) is not None:
        raise _Repeated(once)


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
    from ..party.seating import HEARTS

    if game == HEARTS:
        hearts = progressive.hearts_in_play(len(players))  # a table of six plays for twelve
        fields = [Field(p, integer(0, hearts), f"hearts {p} took (left empty: none)") for p in players]
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


class Entry(NamedTuple):
    """The entry code the host reads out, and what a phone's cookie holds once it sent it."""

    code: str
    token: str


def entry_path(path: Path) -> Path:
    """Where the entry code is kept: `.NAME.yaml.board` beside the sitting or party (hidden, not
    a `.yaml` file: no command reads it as one), never in it."""
    target = store.real_path(path)
    return target.parent / f".{target.name}.board"


def read_entry(path: Path) -> Optional[Entry]:
    """The code kept beside the file, so that it stays the same when the board starts again."""
    try:
        lines = entry_path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    kept = dict(line.split(": ", 1) for line in lines if ": " in line and not line.startswith("#"))
    code, token = kept.get("code", ""), kept.get("token", "")
    if not (len(code) == 6 and code.isdigit() and ONE_TIME_ID.fullmatch(token)):
        return None
    return Entry(code, token)


def keep_entry(path: Path, entry: Entry) -> None:
    """Write the code beside the file (atomically), readable by its owner only."""
    side = entry_path(path)
    store.write_text(side, f"# The entry code of {store.real_path(path).name}'s board (scorekeeper board "
                           f"{path.stem} --code prints it, --new-code changes it); not part of the log.\n"
                           f"code: {entry.code}\ntoken: {entry.token}\n")
    with contextlib.suppress(OSError):
        os.chmod(side, 0o600)


def event_data(version: int, view: View) -> str:
    """One Server-Sent Event's data: one line of JSON, the board and the forms as HTML."""
    return json.dumps({"version": version, "board": view.board, "forms": dict(view.forms),
                       "phones": dict(view.phones), "seen": dict(view.seen), "said": view.said,
                       "error": view.error}, ensure_ascii=False, separators=(",", ":"))
