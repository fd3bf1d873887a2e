"""`scorekeeper hand` with no fields: ask for the hand at the table, in as few questions as
the sitting allows.

Asked one by one: the fields every hand needs under the sitting's rules (the required ones,
one per player where the game scores each player, and those the game names as asked every
hand, such as Cinch's bidder and made). Then one question for anything else
(`FIELD=VALUE ...`, Enter for none). Each answer is checked as it is given; a mistake only
found across fields (the same card in two hands, points that do not add up) re-asks the
field(s) at fault, offering the earlier answer, and keeps the rest.

Printing and prompting live here (an edge, like the rest of cli/); what to ask comes from the game.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Optional, Sequence

import typer

from ..model import ScorekeeperError, printable

OTHER = "other fields"
MAX_TRIES = 5  # a hand that cannot be fixed by re-asking ends as an error line after this


def ask_hand(path: Path, prepare=None):
    """Ask for the hand, log it, and return the replayed sitting (`prepare`: as
    ledger.add_hand's, what the command will print, made before the file is replaced)."""
    from .. import ledger

    replayed = ledger.open_session(path)
    players = replayed.session.players
    fields = replayed.game.fields(replayed.session)
    asked = asked_fields(replayed.game, replayed.session, fields)
    others = [f.name for f in fields if f not in asked and _applies(f, replayed.session.rules)]
    others.append("note")
    answers: Dict[str, str] = {}
    for field in asked:
        _ask_field(field, players, answers)
    extra = _ask_others(others, {}, players, fields)
    for attempt in range(MAX_TRIES):
        try:
            return ledger.add_hand(path, {**answers, **extra}, prepare=prepare)
        except ScorekeeperError as err:
            if attempt == MAX_TRIES - 1:
                raise
            message = re.sub(r"^hand \d+: ", "", err.message)
            at_fault = fields_at_fault(message, [f.name for f in asked], extra, players, err.field)
            typer.echo(f"{printable(message)}; asking again: {', '.join(at_fault) or OTHER}", err=True)
            for field in asked:
                if field.name in at_fault:
                    _ask_field(field, players, answers, again=True)
            if not at_fault or any(name in extra for name in at_fault):
                extra = _ask_others(others, extra, players, fields)
    raise AssertionError("unreachable")


def asked_fields(game, session, fields: Sequence) -> List:
    """The fields asked one by one: the required ones and those the game asks every hand (by
    default each player's own field)."""
    every_hand = set(game.prompt_fields(session))
    return [f for f in fields if f.required or f.name in every_hand]


def _applies(field, rules) -> bool:
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


def fields_at_fault(message: str, asked: Sequence[str], extra: Dict[str, str],
                    players: Sequence[str], about: Optional[str] = None) -> List[str]:
    """The fields a cross-field mistake is about (the error's own `field`, and any other field
    it names: `card 5H given twice: in hand.Ann and in hand.Bob`); a mistake in the points of
    the hand as a whole (`points: ...`) is the players' own fields. A possessive names an owner,
    not a field (`made is missing: the points the bidder's side took` is not about `bidder`)."""
    names = list(asked) + [n for n in extra if n not in asked]
    named = [n for n in names if n == about
             or re.search(rf"(?<![\w.]){re.escape(n)}(?![\w.]|'s\b)", message)]
    if re.match(r"^(points|hearts|the points)\b", message):
        named = [n for n in asked if n in players] + [n for n in named if n not in players]
    return named


def _ask_field(field, players: Sequence[str], answers: Dict[str, str], again: bool = False) -> None:
    mark = "" if field.required else " (Enter to leave out)"
    previous = answers.get(field.name, "")
    while True:  # a bad answer is explained and asked again, not found out after the last field
        # the answer shown again escaped: what was typed may hold an escape sequence
        offered = f" [{printable(previous)}]" if again and previous else ""
        answer = typer.prompt(f"{field.name}: {field.help}{mark}{offered}", default=previous,
                              show_default=False).strip()
        try:
            if answer:
                field.parse(answer, players)
            elif field.required:
                raise ScorekeeperError(f"{field.name} is required ({field.kind.describe})")
        except ScorekeeperError as err:
            typer.echo(f"{printable(err.message)}; try again", err=True)
            continue
        break
    if answer:
        answers[field.name] = answer
    else:
        answers.pop(field.name, None)


def _ask_others(names: Sequence[str], previous: Dict[str, str], players: Sequence[str],
                fields: Sequence) -> Dict[str, str]:
    """One question for every other field: FIELD=VALUE words, Enter for none."""
    import shlex

    from ..fields import COMMON, parse_assignments

    by_name = {f.name.lower(): f for f in list(fields) + list(COMMON)}
    shown = " ".join(f"{k}={_quoted(v)}" for k, v in previous.items())
    while True:
        offered = f" [{printable(shown)}]" if shown else ""
        answer = typer.prompt(f"{OTHER} ({', '.join(names)}): FIELD=VALUE ..., Enter for none{offered}",
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
            typer.echo(f"{printable(str(err))}; try again", err=True)
            continue
        except ScorekeeperError as err:
            typer.echo(f"{printable(err.message)}; try again", err=True)
            continue
        return extra


def _quoted(value: str) -> str:
    import shlex

    return shlex.quote(value)
