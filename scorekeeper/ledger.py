"""The library the CLI wraps: create a sitting, log, undo and correct hands, replay, settle.

One pipeline checks a sitting, `validate`: every mistake at once (`scorekeeper check`), each
at its line; every other command takes the first (`check_session`). A change is made in two
steps: a function here reads the file and returns the pending `Change` (the sitting before and
after it, and the text the file will be), which the caller shows, then `commit` writes; both
under the file's lock (`locked`). Nothing is written unless the laws accept the change and the
caller could make what it prints.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path
from typing import (TYPE_CHECKING, Any, Callable, Dict, Generic, Iterator, List, Mapping, Optional,
                    Sequence, Tuple, TypeVar, Union)

from . import store
from .fields import MAX_TEXT, Field, dump_hand, nfc, text_bound
from .games import get_game
from .games.base import Figure, Folded, Game, Standings
from .model import COMMON_FIELDS, LOG_FIELDS, Failed, FileData, Hand, ScorekeeperError, Session, Stakes, shown

if TYPE_CHECKING:
    from .settle import Settlement

class Replayed:
    """A sitting replayed: the session, its game, the standings, and the replay before it was
    finished (its end state and effects), what a change goes on from. (A plain class: docs/architecture.md, "Value types".)"""

    __slots__ = ("session", "game", "standings", "folded")

    def __init__(self, session: Session, game: Game[Any], standings: Standings,
                 folded: Optional[Folded] = None) -> None:
        self.session, self.game, self.standings, self.folded = session, game, standings, folded


T = TypeVar("T")
if TYPE_CHECKING:  # (only annotations name it: no command builds the alias)
    Validated = Tuple[Optional[T], List[ScorekeeperError]]  # what `validate` gives: the replay and every mistake


def validate(session: Session, figures: Optional[List[Figure]] = None, keep: Optional[int] = None,
             said: Optional[List[str]] = None) -> Tuple[Optional[Replayed], List[ScorekeeperError]]:
    """The sitting replayed, and every mistake in it, each located (the `game:` key, a
    player's entry, a rule's line, a hand's field: `Session.locate`): the header's, each
    rule's, then each hand's, a refused hand being left out of the replay that follows. A
    header mistake that leaves nothing to replay by (an unknown game, bad players, rules that
    cannot work together) ends the search, with no replay. With `figures`, the game's
    statistics of every hand are gathered into it; with `said`, each hand in words, as its
    game says it (`Game.describe`: "Bob bid 7 in spades and made 9", for the pages a table
    shares; the note and times left to the page); `keep=N` keeps the state before hand N,
    for a change there to replay from (`replayed_from`)."""
    errors: List[ScorekeeperError] = []

    def note(err: ScorekeeperError) -> None:
        errors.append(err.at(session.locate(err)))

    try:
        game = get_game(session.game)
        check_players(session.players)
        game.check_players(session.players)
    except ScorekeeperError as err:
        return None, [err.at(session.locate(err))]
    rules = _resolve_each(game, session, note)
    if rules is None:
        return None, errors
    session = session._replace(rules=rules)
    try:
        game.check_names(session)
    except ScorekeeperError as err:
        note(err)
        return None, errors
    observe = None
    if figures is not None or said is not None:
        resolved = session

        def observe(values: Mapping[str, Any], before: Any, after: Any, effect: Any) -> None:
            if figures is not None:
                figures.extend(game.figures(values, before, after, effect, resolved))
            if said is not None:
                said.append(game.describe({k: v for k, v in values.items() if k not in COMMON_FIELDS},
                                          resolved))
    return finished(game, session, game.fold(session, observe, errors, keep=keep)), errors


def _resolve_each(game: Game[Any], session: Session,
                  note: Callable[[ScorekeeperError], None]) -> Optional[Dict[str, Any]]:
    """The rules resolved; when they cannot be, each rule's mistake noted and the good ones
    resolved (None, and the mistake noted, when even they cannot work together)."""
    try:
        return game.resolve_rules(read_rule_files(game, session.rules), session.players)
    except ScorekeeperError:
        good = {}
        for name, raw in session.rules.items():
            try:
                _read_one_rule(game, name, raw)
                good[name] = raw
            except ScorekeeperError as err:
                note(err)
        try:
            return game.resolve_rules(read_rule_files(game, good), session.players)
        except ScorekeeperError as err:
            note(err)
            return None


def first(validated: Validated[T]) -> T:
    """What `validate` replayed, or its first mistake raised: how every command but `check`
    takes a file."""
    replayed, errors = validated
    if errors:
        raise errors[0]
    assert replayed is not None  # no replay comes with a mistake
    return replayed


def check_session(session: Session, figures: Optional[List[Figure]] = None,
                  keep: Optional[int] = None, said: Optional[List[str]] = None) -> Replayed:
    """`validate`, raising the first mistake."""
    return first(validate(session, figures, keep, said))


def finished(game: Game[Any], session: Session, folded: Folded) -> Replayed:
    return Replayed(session, game, game.finish(folded.state, folded.effects, session), folded)


def replayed_from(before: Replayed, hands: Sequence[Hand], start: int,
                  read: Tuple[Dict[str, Any], ...] = ()) -> Replayed:
    """The sitting with `hands`, the same as `before`'s up to hand `start`: replayed from
    there, going on from `before`'s end state or from the state its replay kept before hand
    `start` (else from the first hand). `read`: the typed values of the hands from `start`
    on, read already (a hand just typed); the hands after them that `before` holds too are
    taken as its replay read them."""
    session = before.session.with_hands(tuple(hands))
    folded = before.folded
    if folded is not None and start == len(before.session.hands):
        state = folded.state
    elif folded is not None and folded.kept is not None and folded.kept[0] == start:
        _, state, values = folded.kept
        old = len(before.session.hands) - len(hands) + len(read)  # the hands changed: replaced or dropped
        # the same Hand objects after the change (Hand has no __eq__: compared by identity)
        if old >= 0 and list(hands[start + len(read):]) == list(before.session.hands[start + old:]):
            read = read + values[old:]
    else:
        return check_session(session)
    resume = (start, state, folded.effects[:start], read)
    return finished(before.game, session, before.game.fold(session, resume=resume))


def check_file(path: Path) -> List[ScorekeeperError]:
    """Every mistake in a session file, a sitting or a party (one, if the file cannot be read
    as a session at all).
    A sitting that is not there is not a mistake in it: that raises, as for every command."""
    noted: List[ScorekeeperError] = []  # a mistake in the stakes: the hands are still checked
    find: Callable[[Session], Validated[Any]] = validate
    try:
        try:
            session = store.load(path, errors=noted)
        except store.PartyFile as found_party:  # a progressive party: checked by its own laws
            from .party.ledger import validate as find  # (the party library is built on this one)

            session = found_party.party
    except ScorekeeperError as err:
        if not path.is_file():
            raise
        return noted + [err if err.source else err.with_message(f"{path}: {err.message}")]
    # entries that are not hands at all (a field given twice is about its field: the hand is checked)
    refused = {err.hand for err in noted if err.hand is not None and err.field is None}
    found = [err for err in find(session)[1] if err.hand not in refused]
    if find is validate:  # a sitting's text beyond the bound: how `edit` shortens it
        found = [_how_to_shorten(err, session) for err in found]
    kept = store.would_drop(path)  # readable, but the next hand would refuse the file
    found += [kept] if kept else []
    return sorted(noted + found, key=lambda e: e.source.line if e.source else 0)


def _read_one_rule(game: Game[Any], name: str, raw: Any) -> None:
    """Parse one rule on its own (an unknown name or a bad value is an error; whether it
    works with the other rules is not asked here)."""
    known = {r.name: r for r in game.all_rules()}
    if name not in known:
        game.resolve_rules({name: raw}, ())  # the unknown-rule error, with its suggestions
    value = read_rule_files(game, {name: raw})[name]
    if value is not None and name != "first_dealer":
        known[name].read(value)


def typed_rules(game: Game[Any], rules: Mapping[str, Any], players: Sequence[str]) -> Dict[str, Any]:
    """House rules typed on the command line (--rule NAME=VALUE), resolved: a rule unknown, a
    value it does not take, rules that cannot work together are mistakes in how the command
    was called (exit 2). A house table file they name was read already (a mistake there is
    a problem with that file)."""
    try:
        return game.resolve_rules(rules, players)
    except ScorekeeperError as err:
        if isinstance(rules.get(err.rule or ""), FileData):
            raise  # what the house table file holds: a problem with that file
        raise err.as_usage() from None


def read_rule_files(game: Game[Any], rules: Mapping[str, Any]) -> Dict[str, Any]:
    """Rules whose value names a YAML file (a Boston house table) get the file's data: the
    store reads it here, so the game itself never touches the disk."""
    out = dict(rules)
    for rule in game.all_rules():
        raw = out.get(rule.name)
        if rule.reads_file and isinstance(raw, str) and raw.strip().lower().endswith((".yaml", ".yml")):
            try:
                out[rule.name] = FileData(raw.strip(), store.read_data(raw.strip(), rule.reads_file))
            except ScorekeeperError as err:
                raise ScorekeeperError(f"rule {rule.name}: {err.message} (values: {rule.values})",
                                       rule=rule.name) from None
    return out


def check_players(players: Sequence[str]) -> None:
    if not players:
        raise ScorekeeperError("no players given (for example --players Ann,Bob,Cid)", usage=True,
                               key="players")
    for name in players:
        if not name or name.strip() != name or "=" in name or "," in name or ":" in name:
            raise ScorekeeperError(f"player name {shown(name)} is not allowed (no spaces at the ends, "
                                   f"no '=', ',' or ':')", usage=True, player=name)
        if not name.isprintable() or not _is_utf8(name):
            raise ScorekeeperError(f"player name {shown(name)} is not allowed (it holds characters that "
                                   f"cannot be printed or saved; is the terminal set to UTF-8?)",
                                   usage=True, player=name)
        if len(name) > MAX_TEXT:
            raise ScorekeeperError(f"player name {shown(name)}: {len(name):,} characters; a name holds at "
                                   f"most {MAX_TEXT:,}", usage=True, player=name)
    seen = set()
    for name in players:
        if nfc(name).lower() in seen:  # "Zoë" composed and decomposed are one name
            raise ScorekeeperError(f"player {name} is named twice", usage=True, player=name)
        seen.add(nfc(name).lower())


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def open_session(path: Path, keep: Optional[int] = None, said: Optional[List[str]] = None) -> Replayed:
    """The sitting, replayed; `keep=N` keeps the state before hand N (`replayed_from`);
    `said` gathers each hand in words (`validate`)."""
    return _replayed(store.load(path), keep, said)


def _replayed(session: Session, keep: Optional[int] = None, said: Optional[List[str]] = None) -> Replayed:
    try:
        return check_session(session, keep=keep, said=said)
    except ScorekeeperError as err:
        raise _how_to_shorten(err, session) from None


def _too_long(hand: Hand) -> Dict[str, str]:
    """The text values of a hand beyond fields.MAX_TEXT (an older version, or an editor, wrote them)."""
    return {k: v for k, v in hand.fields.items() if isinstance(v, str) and len(v) > MAX_TEXT}


def _how_to_shorten(err: ScorekeeperError, session: Session) -> ScorekeeperError:
    """A text in the file beyond the bound: the error says how to shorten it with `edit`."""
    if err.hand is None or not 0 <= err.hand < len(session.hands) \
            or err.field not in _too_long(session.hands[err.hand]):
        return err
    import shlex

    return err.with_message(f"{err.message}: shorten it with scorekeeper edit {shlex.quote(session.name)} "
                            f"{err.hand + 1} {err.field}=...")


class Change(Generic[T]):
    """A change to a session file, pending: the sitting (`Replayed`) or party `before` it, as
    the file holds it (None: a new file), and `after` it, as it will be saved; `text`, the file
    it will be; `undone`, when the change keeps or takes back an undo, what the side file of
    undos will hold (written after the file: a refused or failed save leaves a pending redo as
    it was). The caller makes what it will print from it, then `commit`s it; both under
    `locked(path)`, so that the file is not changed in between and a failure to print leaves
    it as it was. (A plain class: docs/architecture.md, "Value types".)"""

    def __init__(self, path: Path, before: Optional[T], after: T, text: str,
                 undone: Optional[Sequence[store.Undone]] = None, step: Optional[store.Undone] = None) -> None:
        self.path, self.before, self.after, self.text = path, before, after, text
        self.undone = undone
        self.step = step  # undo or redo of a change in the middle: the step taken

    def _replace(self, **changes: Any) -> "Change[T]":
        return Change(**{**vars(self), **changes})

    @property
    def was(self) -> T:
        """`before`, of a change to a file that exists (every change but a new file's)."""
        assert self.before is not None, "a new file's change has nothing before it"
        return self.before


def sitting_change(path: Path, before: Optional[Replayed], after: Replayed,
                   **undone: Any) -> Change[Replayed]:
    return Change(path, before, after, store.session_text(_saved_form(after)), **undone)


def commit(change: Change[T]) -> T:
    """Write a pending change (under `locked(change.path)`, as it was made); what it saved."""
    path = change.path
    if change.before is None and path.exists():
        raise ScorekeeperError(f"{path} already exists")
    after = change.after  # a sitting's undo file is written after it, which fsyncs the folder for both
    side = (change.undone, _saved_form(after)) if change.undone is not None and isinstance(after, Replayed) else None
    store.save_text(path, change.text, sync=side is None)
    if side is not None:  # (the put-back command undo prints is the way back)
        with contextlib.suppress(ScorekeeperError):
            store.write_undone(path, *side)
    return change.after


@contextlib.contextmanager
def locked(path: Path, new: bool = False) -> Iterator[None]:
    """The file's lock, held while a change is made and committed; `new`: for a file to be
    made, whose folder is made first if need be (only `new` makes one)."""
    if new:
        store.make_folder_for(path)
    with store.locked(path):
        yield


def at_once(make: Callable[..., Change[T]], path: Path, *args: Any, **kwargs: Any) -> Change[T]:
    """`make(path, ...)`'s change, made and committed under the lock: for a caller that shows
    nothing of it first."""
    with locked(path):
        change = make(path, *args, **kwargs)
        commit(change)
    return change


def new_session(path: Path, game_name: str, players: Sequence[str], rules: Mapping[str, Any],
                stake: Optional[str] = None, currency: str = "",
                created: Optional[str] = None) -> Change[Replayed]:
    """A new sitting; committed under `locked(path, new=True)`, which makes its folder."""
    if path.exists():
        raise ScorekeeperError(f"{path} already exists (scorekeeper show {path.stem} to see it)")
    game = get_game(game_name)
    check_players(players)
    try:
        text_bound(currency, "a currency")
    except ScorekeeperError as err:
        raise ScorekeeperError(f"--currency: {err.message}", usage=True) from None
    try:
        game.check_players(players)
    except ScorekeeperError as err:
        if any(" " in p for p in players):  # "--players 'Ann Bob Cid'" is one player
            raise err.with_message(f"{err.message} (names are separated by commas: "
                                   f"--players {','.join(' '.join(players).split())})") from None
        raise
    session = Session(name=path.stem, game=game.name, players=tuple(players),
                      rules=typed_rules(game, read_rule_files(game, rules), players),
                      stakes=Stakes(stake, currency),
                      created=created or now(), path=str(path))
    return sitting_change(path, None, check_session(session))


class Template:
    """What `new --like` takes from an earlier sitting. (A plain class: docs/architecture.md, "Value types".)"""

    __slots__ = ("game", "players", "rules", "stake", "currency")

    def __init__(self, game: str, players: Tuple[str, ...], rules: Dict[str, Any],
                 stake: Optional[str], currency: str) -> None:
        self.game, self.players, self.rules, self.stake, self.currency = game, players, rules, stake, currency


def template(path: Path) -> Template:
    """The game, players, stake and house rules of the sitting at `path`, for a new night like
    it: its header checked as every command checks it, its hands not replayed (a template takes
    nothing from them, and a mistake in one of last night's hands is no reason to refuse
    tonight's). Who deals first is not taken: a new night draws for the deal again."""
    replayed = check_session(store.load(path).with_hands(()))
    session = _saved_form(replayed)
    rules = {k: v for k, v in session.rules.items() if k != "first_dealer"}
    return Template(session.game, session.players, rules, session.stakes.text, session.stakes.currency)


def _saved_form(replayed: Replayed) -> Session:
    """The sitting with the rules written back in their file form (a game may resolve a rule
    to a richer value, such as a payment table read from a file)."""
    session = replayed.session
    return session._replace(rules=replayed.game.dump_rules(session.rules))


def now() -> str:
    """The local time with its UTC offset (ISO 8601), so a log read elsewhere is unambiguous."""
    return datetime.now().astimezone().replace(microsecond=0).isoformat()


def read_hand(replayed: Replayed, raw: Mapping[str, Any]) -> Tuple[Hand, Dict[str, Any]]:
    """A hand typed (or corrected): its typed values, and the hand as it will be saved (every
    value in its canonical form)."""
    values = replayed.game.read_hand(raw, replayed.session)
    return Hand(dump_hand(values, replayed.game.fields(replayed.session))), values


def add_hand(path: Path, raw: Mapping[str, Any], at: Optional[str] = None,
             id: Optional[str] = None) -> Change[Replayed]:
    """Log a hand (`at`: when; now by default): one `apply` on the state the load replayed;
    `id`, a board report's one-time id, is kept with it (model.LOG_FIELDS)."""
    before = open_session(path)
    typed = dict(raw)
    typed.setdefault("at", at or now())
    hand, values = read_hand(before, typed)
    hand = Hand({**hand.fields, "id": id}) if id else hand
    hands = before.session.hands
    change = sitting_change(path, before, replayed_from(before, hands + (hand,), len(hands), (values,)))
    if any(e.kind == "did" for e in _kept(path, changes_only=True)):  # changes kept: the hand joins them
        return _did(change, "drop", len(hands), hand)
    return change


def undo(path: Path) -> Change[Replayed]:
    """Take back the last change: an edit, insert or delete kept beside the sitting (and the
    hands logged after one), else the last hand (`before.session.hands[-1]`). What it took back
    is kept beside the sitting (store.undone), with the digest of the file this undo leaves, so
    that `redo` can put it back while nothing has changed since."""
    kept = _kept(path)
    done = [i for i, e in enumerate(kept) if e.kind == "did"]
    if done and kept[done[-1]].after == store.file_digest(path):  # an edit, insert or delete: taken back
        return _take_step(path, kept[:done[-1]] + kept[done[-1] + 1:], kept[done[-1]], "redo")
    session = store.load(path)
    if not session.hands:
        _replayed(session)  # a mistake in the file is said first
        raise ScorekeeperError("there is no hand to undo")
    before = _replayed(session, keep=len(session.hands) - 1)
    removed = session.hands[-1]
    after = replayed_from(before, session.hands[:-1], len(session.hands) - 1)
    change = sitting_change(path, before, after)
    return change._replace(undone=kept + [store.Undone(removed, store.digest(change.text))])


def redo(path: Path) -> Change[Replayed]:
    """Put back the hand the last undo removed (`after.session.hands[-1]`), as it stood in the
    file (its time included), as long as the sitting is still exactly as that undo left it; the
    file is then the file before the undo, byte for byte."""
    kept = store.read_undone(path)
    before = open_session(path)
    name = before.session.name
    if not kept:
        raise ScorekeeperError(f"nothing to redo: no hand of {name} has been undone")
    if kept[-1].after != store.file_digest(path) or kept[-1].kind != "redo":  # a change made last
        raise ScorekeeperError(f"nothing to redo: {name} has changed since the last undo (a hand "
                               f"was logged or corrected); log the hand again with the command "
                               f"undo printed")
    if kept[-1].step != "append":  # an edit, insert or delete an undo took back: made again
        return _take_step(path, kept[:-1], kept[-1], "did")
    hands = before.session.hands
    change = sitting_change(path, before, replayed_from(before, hands + (kept[-1].hand,), len(hands)))
    return change._replace(undone=_continued(kept[:-1], store.digest(change.text)))


def _continued(steps: List[store.Undone], after: str) -> List[store.Undone]:
    """The steps left after a redo, the last of them now leaving the file the redo wrote: the
    file it left before, byte for byte, unless the hand put back was edited in the side file
    (a hand written there counts as typed), and then the undos before it can still be redone."""
    if not steps:
        return steps
    last = steps[-1]
    return steps[:-1] + [store.Undone(last.hand, after, last.step, last.at, last.kind)]


def _kept(path: Path, changes_only: bool = False) -> List[store.Undone]:
    """The steps kept beside the sitting, while it is still the file the last of them left."""
    try:  # none once hands were logged or corrected since: those steps cannot be taken
        return store.read_undone(path, changes_only, unchanged=True)
    except ScorekeeperError:
        return []  # not what undo writes: replaced, never read or written through


def _take_step(path: Path, rest: List[store.Undone], step: store.Undone, kind: str) -> Change[Replayed]:
    """Take `step` (undo of a change in the middle, or its redo); what undoes it is kept as
    `kind` ("redo" after an undo, "did" after a redo)."""
    before = open_session(path, keep=step.at)
    hands = list(before.session.hands)
    if step.step == "swap":
        hand, back_step = hands[step.at], "swap"
        hands[step.at] = step.hand
    elif step.step == "drop":
        hand, back_step = hands.pop(step.at), "put"
    else:  # put
        hands.insert(step.at, step.hand)
        hand, back_step = step.hand, "drop"
    change = sitting_change(path, before, replayed_from(before, hands, step.at))
    back = store.Undone(hand, store.digest(change.text), back_step, step.at, kind)
    # the steps kept: the changes made (did), then what undo took back (redo), the latest last
    done = [e for e in rest if e.kind == "did"]
    undone = [e for e in rest if e.kind != "did"]
    return change._replace(undone=done + [back] + _continued(undone, back.after) if kind == "did" else rest + [back],
                           step=step)


def _did(change: Change[Replayed], step: str, at: int, hand: Hand) -> Change[Replayed]:
    """A change in the middle (edit, insert, delete), kept beside the sitting so that `undo`
    takes it back."""
    did = store.Undone(hand, store.digest(change.text), step, at, "did")
    done = [e for e in _kept(change.path, changes_only=True) if e.kind == "did"]  # a new change: no redo
    return change._replace(undone=[*done, did])


def edit(path: Path, number: int, raw: Mapping[str, Any], at: Optional[str] = None) -> Change[Replayed]:
    """Correct hand `number` (1-based): the given fields replace or (empty) remove old ones;
    the hands from it on are replayed. The corrected hand records when it was corrected
    (`corrected: TIME`)."""
    before = _open_to_correct(path, number, raw)
    hands = list(before.session.hands)
    if not 1 <= number <= len(hands):
        span = f"1 to {len(hands)}" if hands else "none: no hand is logged yet"
        raise ScorekeeperError(f"there is no hand {number} (hands: {span})", usage=True)
    fields = {k: v for k, v in hands[number - 1].fields.items() if k not in LOG_FIELDS}
    # FIELD= removes the field, a yes/no field too (where `hand` would read it as a bare yes);
    # not the time the hand was played (`at=` is refused, as `at=yesterday` is)
    fields.update({k: (None if isinstance(v, str) and not v.strip() and k.lower() != "at" else v)
                   for k, v in raw.items() if k not in LOG_FIELDS})  # the log's own record is set below
    try:
        corrected, values = read_hand(before, fields)
    except ScorekeeperError as err:
        raise ScorekeeperError(f"hand {number}: {err.message}", hand=number - 1, field=err.field) from None
    kept = {k: v for k, v in hands[number - 1].fields.items() if k == "id"}  # a board report's id stays
    old = hands[number - 1]
    hands[number - 1] = Hand({**corrected.fields, **kept, "corrected": at or now()})
    try:
        return _did(sitting_change(path, before, replayed_from(before, hands, number - 1, (values,))),
                    "swap", number - 1, old)
    except ScorekeeperError as err:
        if err.hand is not None and err.hand != number - 1:  # a later hand the correction broke
            raise err.with_message(f"{err.message} (after the correction to hand {number}; "
                                   f"nothing was changed)") from None
        raise


def insert(path: Path, number: int, raw: Mapping[str, Any], at: Optional[str] = None) -> Change[Replayed]:
    """Log a forgotten hand before hand `number` (1-based; one past the last: at the end); the
    hands from it on are replayed, and a later hand it makes impossible refuses it."""
    before = open_session(path, keep=number - 1)
    hands = list(before.session.hands)
    _check_number(number, len(hands) + 1, "insert before")
    typed = dict(raw)
    typed.setdefault("at", at or now())
    hand, values = read_hand(before, typed)
    hands.insert(number - 1, hand)
    return _did(_changed_from(path, before, hands, number, (values,), "the hand inserted before"),
                "drop", number - 1, hand)


def delete(path: Path, number: int) -> Change[Replayed]:
    """Remove hand `number` (1-based), a hand logged twice; the hands after it are replayed, and
    a later hand it makes impossible refuses it."""
    before = open_session(path, keep=number - 1)
    hands = list(before.session.hands)
    _check_number(number, len(hands), "delete")
    removed = hands.pop(number - 1)
    return _did(_changed_from(path, before, hands, number, (), "the delete of"), "put", number - 1, removed)


def _check_number(number: int, last: int, what: str) -> None:
    if not 1 <= number <= last:
        span = f"1 to {last}" if last else "none: no hand is logged yet"
        raise ScorekeeperError(f"there is no hand {number} to {what} (hands: {span})", usage=True)


def _changed_from(path: Path, before: Replayed, hands: List[Hand], number: int,
                  read: Tuple[Dict[str, Any], ...], what: str) -> Change[Replayed]:
    """The change to `hands` from hand `number` on; a later hand it breaks refuses it."""
    try:
        return sitting_change(path, before, replayed_from(before, hands, number - 1, read))
    except ScorekeeperError as err:
        if err.hand is not None and err.hand != number - 1 or not read:
            raise err.with_message(f"{err.message} (after {what} hand {number}; nothing was "
                                   f"changed)") from None
        raise


def _open_to_correct(path: Path, number: int, raw: Mapping[str, Any]) -> Replayed:
    """The sitting before a correction of hand `number`, its state before that hand kept. A
    text of that hand beyond the bound, which the correction replaces, is cut for this replay
    (no score depends on a text), so that `edit N note=...` mends a file that every other
    command refuses."""
    session = store.load(path)
    if 1 <= number <= len(session.hands):
        hand = session.hands[number - 1]
        cut = {k: v[:60] + "..." for k, v in _too_long(hand).items() if k in raw}
        if cut:
            hands = list(session.hands)
            hands[number - 1] = Hand({**hand.fields, **cut}, hand.source, hand.field_lines)
            session = session.with_hands(tuple(hands))
    return _replayed(session, keep=number - 1)


def settlement(replayed: Replayed) -> "Settlement":
    from .settle import settle

    st = replayed.standings
    stakes = replayed.session.stakes
    return settle(st.balances, st.unit, stakes.stake, stakes.currency)


# ---------------------------------------------------------------- the season: every sitting


class Night:
    """One sitting of the season, replayed: its standings, settlement and game figures. What
    the season keeps of a sitting is slim (`slim`): its header and standings, without its
    hands and their effects (docs/speed.md, "The season"), and how many hands
    were played (`hands_played`)."""

    __slots__ = ("replayed", "settlement", "figures", "played")

    def __init__(self, replayed: Replayed, settlement: "Settlement", figures: Tuple[Figure, ...],
                 played: Optional[int] = None) -> None:  # played: once `replayed` holds no hands (slim)
        self.replayed, self.settlement, self.figures, self.played = replayed, settlement, figures, played

    @property
    def hands_played(self) -> int:
        return len(self.replayed.session.hands) if self.played is None else self.played

    def slim(self, figures: bool = True) -> "Night":
        """The night without its hands and their effects (and, `figures=False`, its figures)."""
        r = self.replayed
        session = r.session._replace(hands=(), rule_lines={}, header_lines={}, player_lines={})
        # a game as new, without what its replay remembered (a whist's or a cribbage
        # table's facts): a season keeps one a night
        light = Replayed(session, get_game(r.game.name), r.standings._replace(effects=()))
        return Night(light, self.settlement, self.figures if figures else (), self.hands_played)


def each_night(folder: Path, keep: Optional[Callable[[Session], bool]] = None,
               game: Optional[str] = None) -> Iterator[Union[Night, Failed]]:
    """Every sitting in the folder that `keep` accepts, one at a time, replayed and slim (see
    `Night`): a season is streamed, never held whole. `keep` is judged from the header, before
    the hands are read. A file that fails is yielded as `Failed`, with its error, never
    dropped; a progressive party's file (`kind: party`) is not a sitting: a `Failed` of kind
    "party". With `game`, only that game's sittings are asked for: a file that says it is
    another game is left unread (`store.load_if`)."""
    for path in store.list_sessions(folder):
        try:
            session = store.load_if(path, keep, game)
            if session is None:
                continue
            figures: List[Figure] = []
            replayed = check_session(session, figures)
            yield Night(replayed, settlement(replayed), tuple(figures)).slim()
        except store.PartyFile as party:
            yield Failed(str(path), party.message, None, store.PARTY)
        except ScorekeeperError as err:
            where = err.source
            yield Failed(str(path), err.message, where.line if where is not None else None)


def season(folder: Path, keep: Optional[Callable[[Session], bool]] = None) -> Tuple[List[Night], List[Failed]]:
    """Every night of `each_night` (slim), and the files that failed, as two lists."""
    nights: List[Night] = []
    failed: List[Failed] = []
    for found in each_night(folder, keep):
        if isinstance(found, Night):
            nights.append(found)
        else:
            failed.append(found)
    return nights, failed


# ---------------------------------------------------------------- what `list` and `games` show


def list_sittings(folder: Path) -> List[Dict[str, Any]]:
    """One row per session file in `folder`, from its header alone (nothing is replayed):
    name, kind (sitting or party), game, known_game, players, hands, created, path; or name,
    path and error for a file that cannot be read as a session."""
    from .games import GAMES

    rows: List[Dict[str, Any]] = []
    for path in store.list_sessions(folder):
        try:
            s, hands = store.load_summary(path)  # the header and a count: nothing replayed
            rows.append({"name": path.stem, "kind": store.SITTING, "game": s.game,
                         "known_game": s.game.lower() in GAMES, "players": list(s.players),
                         "hands": hands, "created": s.created, "path": str(path)})
        except store.PartyFile as found:  # a progressive party: "hands" are its table results
            party = found.party
            rows.append({"name": path.stem, "kind": store.PARTY, "game": party.game,
                         "known_game": True, "players": list(party.players),
                         "hands": len(party.hands), "created": party.created, "path": str(path)})
        except ScorekeeperError as err:
            rows.append({"name": path.stem, "path": str(path), "error": err.message})
    return rows


def game_fields(name: str, rules: Mapping[str, Any],
                players: Optional[Sequence[str]] = None) -> Tuple[Game[Any], List[Field]]:
    """A game and its hand fields under the given house rules, for the given table or, with
    no players, a typical one (four where the game allows, PLAYER1...)."""
    game = get_game(name)
    if players:
        seated = tuple(players)
        check_players(seated)
        game.check_players(seated)
    else:
        seats = max(game.min_players, min(4, game.max_players))
        seated = tuple(f"PLAYER{i}" for i in range(1, seats + 1))
    resolved = typed_rules(game, read_rule_files(game, rules), seated)
    return game, game.fields(Session(name="", game=game.name, players=seated, rules=resolved))
