"""`scorekeeper hand` with no fields: ask for the hand at the table, in as few questions as
the sitting allows.

Asked one by one: the fields every hand needs under the sitting's rules (the required ones,
one per player where the game scores each player, and those the game names as asked every
hand, such as Cinch's bidder and made). Then one question for anything else
(`FIELD=VALUE ...`, Enter for none). Each answer is checked as it is given; a mistake only
found across fields (the same card in two hands, points that do not add up) re-asks the
field(s) at fault, offering the earlier answer, and keeps the rest.

A game counted from its cards (cribbage: `Game.card_fields`) is asked by cards when the table
says so (`--by cards`) or when the first answer is a card: the starter, each hand, the crib and
the play, each as cards or points. Fields given on the command line with `-i` are answers
already: only the others are asked.

Printing and prompting live here (an edge, like the rest of cli/); what to ask comes from the game.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple

import typer

from ..model import ScorekeeperError, printable

if TYPE_CHECKING:
    from ..fields import Field
    from ..games.base import Game
    from ..model import Session

OTHER = "other fields"
MAX_TRIES = 5  # a hand that cannot be fixed by re-asking ends as an error line after this


BY = ("cards", "points")  # how a table counts a hand at the prompts (`hand -i --by`)


def ask_hand(path: Path, show: Callable[[Any], str], given: Optional[Dict[str, str]] = None,
             by: Optional[str] = None, make: Optional[Callable[[Dict[str, str]], Any]] = None) -> Tuple[Any, str]:
    """Ask for the hand, log it, and return the change and what `show` made of it (as
    `save_change`: before the file is replaced). `given`: fields typed on the command line, not
    asked again; `by`: "cards" or "points" (None: the first answer tells, for a game counted
    from its cards); `make`: the change the answers make (default: log the hand at the end)."""
    from .. import ledger
    from . import save_change

    replayed = ledger.open_session(path)
    game, session = replayed.game, replayed.session
    players = session.players
    fields = game.fields(session)
    by_name = {f.name: f for f in fields}
    card_names = [n for n in game.card_fields(session) if n in by_name]
    if by == "cards" and not card_names:
        raise ScorekeeperError(f"--by cards: {game.name} is not counted from its cards at the prompts "
                               f"(cribbage is)", usage=True)
    given = dict(given or {})
    answers: Dict[str, str] = {}
    asked = [f for f in asked_fields(game, session, fields) if f.name not in given]
    first: Set[str] = set()  # the first question, asked already
    if card_names and by is None and asked and any(n not in given for n in card_names):
        by = _first_answer(asked[0], players, answers, by_name[card_names[0]])
        first = {asked[0].name, card_names[0]}
    if by == "cards":
        cards_asked = [by_name[n] for n in card_names if n not in given]
        asked = cards_asked + [f for f in asked if f.required and f not in cards_asked and f.name not in players]
        for field in asked:
            if field.name not in first:
                _ask_field(field, players, answers)
    else:
        asked = _ask_in_turn(game, session, fields, answers, given, first)
    answers.update(given)
    others = [f.name for f in fields if f.name not in answers and f not in asked
              and _applies(f, session.rules) and not (by == "cards" and f.name in players)]
    others.append("note")
    extra = _ask_others(others, {}, players, fields)
    for attempt in range(MAX_TRIES):
        try:
            raw = {**answers, **extra}
            return save_change(path, lambda: make(raw) if make is not None else ledger.add_hand(path, raw),
                               show)
        except ScorekeeperError as err:
            if attempt == MAX_TRIES - 1:
                raise
            message = err.detail  # the hand being typed: no "hand N:" in front
            at_fault = fields_at_fault(err, [f.name for f in asked], extra)
            _say(f"{printable(message)}; asking again: {', '.join(at_fault) or OTHER}")
            for field in asked:
                if field.name in at_fault:
                    _ask_field(field, players, answers, again=True)
            if not at_fault or any(name in extra for name in at_fault):
                extra = _ask_others(others, extra, players, fields)
    raise AssertionError("unreachable")


def asked_fields(game: Game[Any], session: Session, fields: Sequence[Field],
                 answers: Optional[Dict[str, str]] = None) -> List[Field]:
    """The fields asked one by one: the required ones and those the game asks every hand (by
    default each player's own field), given the answers so far (Boston's `call: partout` asks
    every player's tricks, not the caller's)."""
    every_hand = set(game.prompt_fields(session, answers or {}))
    return [f for f in fields if f.required or f.name in every_hand]


def _ask_in_turn(game: Game[Any], session: Session, fields: Sequence[Field], answers: Dict[str, str],
                 given: Dict[str, str], first: Set[str]) -> List[Field]:
    """Ask the fields one by one, what is left to ask worked out again after each answer;
    the fields asked, in their order."""
    asked: List[Field] = []
    done = set(first) | set(given)
    while True:
        pending = [f for f in asked_fields(game, session, fields, {**answers, **given})
                   if f.name not in done]
        if not pending:
            return asked + [f for f in asked_fields(game, session, fields, answers)
                            if f.name in first and f not in asked]
        field = pending[0]
        _ask_field(field, session.players, answers)
        asked.append(field)
        done.add(field.name)


def _applies(field: Field, rules: Mapping[str, Any]) -> bool:
    """A field whose help says it needs a house rule (`with blind_draw=on: ...`) is not offered
    when the sitting plays without it (no `pack` without blind_draw)."""
    needs = re.match(r"^with (\w+)=(\w+)\b", field.help)
    if not needs or needs.group(1) not in rules:
        return True
    value = rules[needs.group(1)]
    wanted = needs.group(2).lower()
    if isinstance(value, bool):
        return value == (wanted in ("on", "yes", "true"))
    return str(value).lower() == wanted


def fields_at_fault(err: ScorekeeperError, asked: Sequence[str], extra: Dict[str, str]) -> List[str]:
    """The fields a mistake is about, from the error itself (its `field` and the other `fields`
    of a mistake across fields: a card in `hand.Ann` and in `hand.Bob`, points of every player
    that do not add up), never from its words; those asked one by one first, in their order."""
    about = {err.field, *err.fields} - {None}
    names = list(asked) + [n for n in extra if n not in asked]
    return [n for n in names if n in about]


def _first_answer(field: Field, players: Sequence[str], answers: Dict[str, str], card_field: Field) -> str:
    """The first question of a game counted from its cards: a number (by points) or a card,
    taken as the first card field (the starter), which says the table counts by cards."""
    while True:
        answer = _prompt(f"{field.name}: {_help(field)} (or the {card_field.name} card, to count "
                              f"from the cards)", default="", show_default=False).strip()
        if not answer:
            return "points"
        try:
            card_field.parse(answer, players)
        except ScorekeeperError:
            pass
        else:
            answers[card_field.name] = answer
            return "cards"
        try:
            field.parse(answer, players)
        except ScorekeeperError as err:
            _say(f"{err.message}; try again")
            continue
        answers[field.name] = answer
        return "points"


_DEFAULT = re.compile(r"\s*\(default (\S+)\)$|;\s*default (\S+)\)$")


def _help(field: Field) -> str:
    """A field's help without the `(default 0)` the prompt says in its own words."""
    return _DEFAULT.sub(lambda m: ")" if m.group(2) else "", field.help)


def _mark(field: Field) -> str:
    """What Enter does: leaves the field out, or gives its default (`Enter for 0`)."""
    if field.required:
        return ""
    found = _DEFAULT.search(field.help)
    if found:
        return f" (Enter for {found.group(1) or found.group(2)})"
    return " (Enter to leave out)"


def _ask_field(field: Field, players: Sequence[str], answers: Dict[str, str], again: bool = False) -> None:
    mark = _mark(field)
    previous = answers.get(field.name, "")
    while True:  # a bad answer is explained and asked again, not found out after the last field
        # the answer shown again escaped: what was typed may hold an escape sequence
        offered = f" [{printable(previous)}]" if again and previous else ""
        answer = _prompt(f"{field.name}: {_help(field)}{mark}{offered}", default=previous,
                              show_default=False).strip()
        try:
            if answer:
                field.parse(answer, players)
            elif field.required:
                raise ScorekeeperError(f"{field.name} is required ({field.kind.describe})")
        except ScorekeeperError as err:
            _say(f"{printable(err.message)}; try again")
            continue
        break
    if answer:
        answers[field.name] = answer
    else:
        answers.pop(field.name, None)


def _ask_others(names: Sequence[str], previous: Dict[str, str], players: Sequence[str],
                fields: Sequence[Field]) -> Dict[str, str]:
    """One question for every other field: FIELD=VALUE words, Enter for none."""
    import shlex

    from ..fields import COMMON, parse_assignments

    by_name = {f.name.lower(): f for f in list(fields) + list(COMMON)}
    shown = " ".join(f"{k}={_quoted(v)}" for k, v in previous.items())
    while True:
        offered = f" [{printable(shown)}]" if shown else ""
        answer = _prompt(f"{OTHER} ({', '.join(names)}): FIELD=VALUE ..., Enter for none{offered}",
                              default=shown, show_default=False).strip()
        try:
            extra = parse_assignments(shlex.split(answer)) if answer else {}
            for name, value in extra.items():
                field = by_name.get(name.lower())
                if field is None:
                    from ..fields import suggest

                    raise ScorekeeperError(f"unknown field {name!r}{suggest(name, list(names))}")
                if value:
                    field.parse(value, players)
        except ValueError as err:  # an unclosed quote
            _say(f"{printable(str(err))}; try again")
            continue
        except ScorekeeperError as err:
            _say(f"{printable(err.message)}; try again")
            continue
        return extra


def _prompt(text: str, **options: Any) -> Any:
    """typer.prompt, its question wrapped at spaces to the terminal (never cut mid-word)."""
    from .output import fitted

    return typer.prompt(fitted(text), **options)


def _say(text: str) -> None:
    """A line about an answer, on stderr, wrapped at spaces on a terminal."""
    import sys

    from .output import fitted

    typer.echo(fitted(text, sys.stderr, "  "), err=True)


def _quoted(value: str) -> str:
    import shlex

    return shlex.quote(value)
