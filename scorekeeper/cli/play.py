"""`scorekeeper play NAME`: the night in one place.

At a terminal: the standings, then a prompt for each hand. A hand is typed as FIELD=VALUE
words, or Enter to be asked its fields (the prompts `hand` has, cards too); between hands a
word does what the commands do (WORDS). Tab completes the words and the fields (readline).
Ctrl-C abandons the hand being typed; Ctrl-D or `quit` ends the night. With its input not a
terminal, one hand a line and the same words: a refused line prints its `error:` and the next
is read; the exit code is 1 at the end if any line was refused.

Every line is run as the command it stands for (`hand NAME ...`, `undo NAME`, ...), through the
app itself: the same ledger, lock, validation and output as typed at the shell. A party is
played table by table for the round being played (`party round NAME TABLE ...`).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import typer

from ..model import ScorekeeperError

# The words between hands: word -> (the command it runs, what it takes, what it does)
WORDS: Dict[str, Tuple[str, str, str]] = {
    "undo": ("undo", "", "take back the last change (a hand, edit, insert, delete)"),
    "redo": ("redo", "", "put back what undo took back"),
    "edit": ("edit", "N FIELD=VALUE ...", "correct hand N"),
    "insert": ("insert", "N FIELD=VALUE ...", "log a forgotten hand before hand N"),
    "delete": ("delete", "N", "remove hand N"),
    "show": ("show", "[--short] [--last N]", "the standings and every hand"),
    "settle": ("settle", "", "who pays whom"),
    "help": ("", "", "these words"),
    "quit": ("", "", "end the night (Ctrl-D too)"),
}
PARTY_WORDS = ("undo", "edit", "show", "help", "quit")  # `party undo`, `party edit R T ...`, `party show`


class Night:
    """One night being played: how a line becomes a command of the app, and whether any was
    refused."""

    def __init__(self, root: List[str], name: str, path: Path, party: bool) -> None:
        self.root = root  # the options of scorekeeper itself, given before `play`
        self.name = name
        self.path = path
        self.party = party
        self.refused = 0  # lines refused
        self.command: Any = None  # the app's click command, made once
        self.ran = 0
        self.terminal = False  # at a terminal a blank line follows each answer instead

    def run(self, args: Sequence[str]) -> int:
        """Run `scorekeeper ROOT... ARGS` here, as the shell would; its exit code (its output and
        its `error:` line printed as the command prints them)."""
        from . import PLAYING

        if self.command is None:
            from typer.main import get_command

            from . import app

            self.command = get_command(app)
        if self.ran and not self.terminal:  # each command's output apart from the one before
            typer.echo("")
        self.ran += 1
        PLAYING.append(True)
        try:
            self.command.main(args=[*self.root, *args], prog_name="scorekeeper")
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        finally:
            PLAYING.pop()
        if code:
            self.refused += 1
        return code

    def line(self, text: str, terminal: bool) -> bool:
        """Do what one line says; False: the night is over."""
        try:
            words = shlex.split(text)
        except ValueError as err:  # an unclosed quote
            return self._refuse(f"{err} (a value with spaces goes in quotes: note=\"a long note\")")
        if not words:
            if terminal:  # Enter: ask the hand's fields, as `hand` does at a terminal
                self.run(self._log([]) + (["-i"] if not self.party else []))
            return True
        word = words[0].lower()
        if word == "quit":
            return False
        if word == "help":
            typer.echo(help_text(self.party))
            return True
        if "=" in words[0] or (self.party and words[0].isdigit()):
            self.run(self._log(words))
            return True
        allowed = PARTY_WORDS if self.party else tuple(WORDS)
        if word not in allowed:
            from ..fields import suggest

            return self._refuse(f"{words[0]!r} is neither FIELD=VALUE nor a word of play"
                                f"{suggest(word, list(allowed))} (words: {', '.join(allowed)})")
        command = WORDS[word][0]
        self.run((["party", command] if self.party else [command]) + [self.name, *words[1:]])
        return True

    def _log(self, words: List[str]) -> List[str]:
        """The command that logs a hand (a party: the next table's result, or the table given
        first: `2 Ann=3 ...`)."""
        if not self.party:
            return ["hand", self.name, *words]
        if words and words[0].isdigit():
            return ["party", "round", self.name, *words]
        return ["party", "round", self.name, str(self.next_table()), *words]

    def next_table(self) -> int:
        """The first table of the round being played that has not reported."""
        from ..party import ledger as parties

        try:
            standing = parties.open_party(self.path).standing
        except ScorekeeperError:
            return 1
        waiting = standing.waiting()
        return waiting[0] if waiting else 1

    def prompt(self) -> str:
        if not self.party:
            from .. import ledger

            try:
                hands = len(ledger.open_session(self.path).session.hands)
            except ScorekeeperError:
                hands = 0
            return f"{self.name} hand {hands + 1}> "
        from ..party import ledger as parties

        try:
            standing = parties.open_party(self.path).standing
            return f"{self.name} round {standing.round} table {self.next_table()}> "
        except ScorekeeperError:
            return f"{self.name}> "

    def _refuse(self, message: str) -> bool:
        self.say(message)
        self.refused += 1
        return True

    @staticmethod
    def say(message: str) -> None:
        """An `error:` line of play's own (a line that is no command)."""
        from .output import fitted

        typer.echo(fitted(f"error: {message}", sys.stderr, "  "), err=True)


def help_text(party: bool) -> str:
    if party:
        return ("a table's result: FIELD=VALUE ... (the next table that has not reported), or the\n"
                "table first: 2 FIELD=VALUE ...; Enter is not a result\n"
                "undo: take back the last result    edit ROUND TABLE FIELD=VALUE ...: correct one\n"
                "show: the party    quit: end (Ctrl-D too)")
    lines = ["a hand: FIELD=VALUE ... (Enter: be asked its fields; Ctrl-C abandons it)"]
    lines += [f"{word} {takes}".strip().ljust(32) + what for word, (_, takes, what) in WORDS.items()]
    lines.append("Tab completes the words and the fields")
    return "\n".join(lines)


def play(root: List[str], name: str, path: Path, party: bool, folder: Optional[str]) -> int:
    """Play the night; the exit code (1 if any line was refused)."""
    from . import is_terminal

    night = Night(root, name, path, party)
    terminal = night.terminal = is_terminal(sys.stdin)
    if terminal:
        _completion(path, folder, party)
        night.run(["party", "show", name] if party else ["show", name, "--last", "1"])
        typer.echo(f"\n{help_text(party)}\n")
        return _at_the_terminal(night)
    read = 0
    for text in sys.stdin:  # piped: one hand (or word) a line
        read += 1
        if not night.line(text.rstrip("\n"), terminal=False):
            break
    if night.refused:
        night.say(f"{night.refused} of {read} line{'s' if read != 1 else ''} refused (each said why above)")
        raise typer.Exit(1)
    return 0


def _at_the_terminal(night: Night) -> int:
    from .output import fitted

    while True:
        try:
            text = input(fitted(night.prompt()))
        except EOFError:  # Ctrl-D: the night is over
            typer.echo("")
            return 0
        except KeyboardInterrupt:  # Ctrl-C at the prompt: nothing typed is kept
            typer.echo("\n(Ctrl-D or quit ends the night)")
            continue
        try:
            if not night.line(text, terminal=True):
                return 0
        except KeyboardInterrupt:  # Ctrl-C while a hand is asked: it is abandoned, nothing saved
            typer.echo("\nhand abandoned: nothing was saved", err=True)
        typer.echo("")


def _completion(path: Path, folder: Optional[str], party: bool) -> None:
    """Tab completes the words of play and the sitting's fields (and their values)."""
    try:
        import readline
    except ImportError:  # no readline (Windows without pyreadline): typing still works
        return
    words = list(PARTY_WORDS if party else WORDS)

    def candidates(text: str) -> List[str]:
        line = readline.get_line_buffer()
        first = line.lstrip() == text  # the first word: a word of play, or a field
        found = [f"{w} " for w in words if first and w.startswith(text.lower())]
        if not party:
            from .complete import fields

            found += fields(folder, str(path), text)
        return found

    def complete(text: str, state: int) -> Optional[str]:
        try:
            options = candidates(text)
        except Exception:  # noqa: BLE001 - a completion never ends the night
            return None
        return options[state] if state < len(options) else None

    readline.set_completer_delims(" \t\n")
    readline.set_completer(complete)
    if "libedit" in (readline.__doc__ or ""):  # macOS's readline
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
