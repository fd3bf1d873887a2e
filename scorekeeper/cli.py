"""The `scorekeeper` command: a thin Typer layer. Parse, call the library, render, exit.

Every ScorekeeperError and every usage mistake is turned into one `error:` line on stderr
here, in one place (`ScorekeeperGroup.main`), with exit code 2 for usage and 1 otherwise.
So is a failure to write the output (a full disk); a closed pipe (`| head`) ends quietly.
"""

import errno
import importlib
import os
import sys
from pathlib import Path
from typing import Any, Dict, List, NoReturn, Optional, Sequence, Tuple

import typer
from typer.core import TyperGroup

from .model import ScorekeeperError

# Commands of a game's own, e.g. `scorekeeper crib count`: name -> (module, Typer app, help).
# They are imported only when invoked (or listed by --help), so that startup does not grow
# with every game added. Register one line each here, e.g. "crib": ("scorekeeper.commands.crib", "app", "cribbage counts").
# (Typer sub-apps in scorekeeper/commands/ import only typer at the top.)
LAZY_COMMANDS: Dict[str, Tuple[str, str, str]] = {
    "crib": ("scorekeeper.commands.crib", "app", "cribbage: count a hand, the play, statistics, discard advice"),
    "cinch": ("scorekeeper.commands.cinch", "app", "cinch: play out a hand trick by trick and score it"),
}

class ScorekeeperGroup(TyperGroup):
    def list_commands(self, ctx: Any) -> List[str]:  # type: ignore[override]
        return list(super().list_commands(ctx)) + sorted(LAZY_COMMANDS)

    def get_command(self, ctx: Any, name: str):  # type: ignore[override]
        if name in LAZY_COMMANDS and name not in self.commands:
            module, attribute, help = LAZY_COMMANDS[name]
            sub_app = getattr(importlib.import_module(module), attribute)
            command = typer.main.get_command(sub_app)
            command.name = name
            command.help = command.help or help
            self.commands[name] = command
        return super().get_command(ctx, name)

    def main(self, *args, **kwargs):  # type: ignore[override]
        kwargs["standalone_mode"] = False
        errors = _click_errors()
        no_args = getattr(errors, "NoArgsIsHelpError", None) or _Never  # click 8.2 and later
        try:
            _check_arguments(kwargs.get("args", args[0] if args else None))
            code = super().main(*args, **kwargs)
            sys.stdout.flush()  # a full disk shows here, not as a traceback at exit
        except ScorekeeperError as err:
            _fail(str(err), 2 if err.usage else 1)
        except no_args as err:
            typer.echo(err.ctx.get_help() if err.ctx else str(err))
            sys.exit(2)
        except errors.UsageError as err:
            hint = f" (see {' '.join(['scorekeeper'] + _command_names(err.ctx))} --help)"
            _fail(_usage_message(err, errors) + hint, 2)
        except errors.ClickException as err:
            _fail(err.format_message(), err.exit_code)
        except (typer.Abort, getattr(errors, "Abort", typer.Abort)):
            _fail("aborted", 1)
        except KeyboardInterrupt:
            _fail("interrupted", 130)
        except BrokenPipeError:  # the reader went away (`| head -1`): stop quietly, as Unix tools do
            _silence_stdout()
            sys.exit(1)
        except OSError as err:
            if err.errno not in _OUTPUT_ERRORS:
                raise
            _silence_stdout()
            _fail(f"cannot write the output: {err.strerror or err}", 1)
        sys.exit(code if isinstance(code, int) else 0)


class _Never(Exception):
    """Stands for an exception the installed click does not have."""


# What writing the output can fail with: a full disk (/dev/full), a file too large, an I/O error.
_OUTPUT_ERRORS = {errno.ENOSPC, errno.EFBIG, errno.EIO, errno.EDQUOT, errno.EPIPE}


def _click_errors() -> Any:
    """The exceptions module of the click that Typer runs on: click's own up to Typer 0.25,
    Typer's bundled copy (`typer._click`) from 0.26, which `click.exceptions` never catches.
    Found through what the installed Typer exposes, so that it holds for either."""
    return importlib.import_module(typer.BadParameter.__module__)


def _command_names(ctx: Any) -> List[str]:
    """The subcommands of a mistaken call (`crib count`), whatever the program was run as
    (`python -m scorekeeper` too)."""
    names = []
    while ctx is not None and ctx.parent is not None:
        names.insert(0, ctx.info_name)
        ctx = ctx.parent
    return names


def _usage_message(err: Any, errors: Any) -> str:
    """Click's message, but a missing argument named in capitals on every Typer (from 0.28
    Typer names it as the parameter is spelt: 'name')."""
    param = getattr(err, "param", None)
    if isinstance(err, errors.MissingParameter) and getattr(param, "param_type_name", "") == "argument":
        return f"Missing argument '{param.metavar or param.name.upper()}'."
    return err.format_message()


def _check_arguments(args: Optional[Sequence[str]]) -> None:
    """A NUL byte cannot be in a file name or a saved value: a clear error, not a ValueError."""
    for arg in sys.argv[1:] if args is None else args:
        if isinstance(arg, str) and "\0" in arg:
            raise ScorekeeperError(f"an argument holds a NUL byte (\\0): {_cut(arg)}", usage=True)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the flush at exit does not fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's CliRunner)
        pass


MAX_ERROR = 500  # characters in an error line: enough for the field, the value and what is valid


def _cut(message: str) -> str:
    """One line, and short: control characters escaped, a long message cut in the middle."""
    line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    if len(line) > MAX_ERROR:
        line = line[:MAX_ERROR * 2 // 3] + " ... " + line[-MAX_ERROR // 3:]
    return line


def _fail(message: str, code: int) -> NoReturn:
    typer.echo(f"error: {_cut(message)}", err=True)
    sys.exit(code)


app = typer.Typer(cls=ScorekeeperGroup, add_completion=False, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False,
                  help="Keep the score of a card night by the laws of the game, and settle up.")

@app.callback()
def root(ctx: typer.Context,
         dir: Optional[Path] = typer.Option(None, "--dir", help="sessions folder (default ./sessions, "
                                            "or $SCOREKEEPER_DIR)")) -> None:
    ctx.obj = dir

def _folder(ctx: typer.Context) -> Path:
    from .store import sessions_dir

    root_ctx = ctx.find_root()
    return sessions_dir(str(root_ctx.obj) if root_ctx.obj else None)

def _path(ctx: typer.Context, name: str) -> Path:
    from .store import session_path

    return session_path(name, _folder(ctx))

def _out(text: str) -> None:
    typer.echo(text)


class _Printed:
    """What a command that changes the file will print, computed by the ledger before the
    file is replaced (`prepare`): a command finishes completely or leaves the file as it was."""

    def __init__(self, render) -> None:
        self.render = render
        self.value = ""

    def __call__(self, *replayed) -> None:
        self.value = self.render(*replayed)

@app.command()
def new(ctx: typer.Context, name: str = typer.Argument(..., help="the sitting's name"),
        game: str = typer.Option(..., "--game", "-g", help="which game (scorekeeper games)"),
        players: str = typer.Option(..., "--players", "-p", help="names in seating order: Ann,Bob,Cid"),
        rule: List[str] = typer.Option([], "--rule", "-r", help="house rule NAME=VALUE (repeatable)"),
        stake: str = typer.Option("1", "--stake", help="money per counter, point or game"),
        currency: str = typer.Option("", "--currency", help="e.g. USD")) -> None:
    """Start a sitting."""
    from . import ledger, render
    from .fields import parse_assignments
    from .store import parse_stake

    names = [p.strip() for p in players.split(",")]
    path = _path(ctx, name)
    new_folder = not path.parent.exists()  # a mistyped --dir should not pass unnoticed
    folder_note = f" (in a new folder {path.parent})" if new_folder else ""
    text = _Printed(lambda r: f"created {r.session.path}{folder_note}\n\n"
                    + render.standings_text(r.session, r.standings))
    ledger.new_session(path, game, names, parse_assignments(rule, "rule"), parse_stake(stake), currency,
                       prepare=text)
    _out(text.value)

@app.command()
def hand(ctx: typer.Context, name: str = typer.Argument(..., help="the sitting"),
         fields: List[str] = typer.Argument(None, help="FIELD=VALUE ... (scorekeeper games GAME lists them)"),
         interactive: bool = typer.Option(False, "--interactive", "-i", help="ask for each field")) -> None:
    """Log one hand, then show its effect and the standings."""
    from . import ledger, render
    from .fields import parse_assignments

    path = _path(ctx, name)
    if not fields and (interactive or sys.stdin.isatty()):
        raw = _prompt_fields(path)
    elif not fields:
        raise ScorekeeperError("give the hand's fields as FIELD=VALUE (scorekeeper games GAME lists them)",
                               usage=True)
    else:
        raw = parse_assignments(fields)
    text = _Printed(lambda r: render.effect_text(r.session, r.standings))
    ledger.add_hand(path, raw, prepare=text)
    _out(text.value)

def _prompt_fields(path: Path) -> dict:
    from . import ledger

    replayed = ledger.open_session(path)
    players = replayed.session.players
    raw = {}
    for field in replayed.game.fields(replayed.session):
        mark = "" if field.required else " (Enter to leave out)"
        while True:  # a bad answer is explained and asked again, not found out after the last field
            answer = typer.prompt(f"{field.name}: {field.help}{mark}", default="", show_default=False)
            try:
                if answer.strip():
                    field.parse(answer.strip(), players)
                elif field.required:
                    raise ScorekeeperError(f"{field.name} is required ({field.kind.describe})")
            except ScorekeeperError as err:
                typer.echo(f"{err.message}; try again", err=True)
                continue
            break
        if answer.strip():
            raw[field.name] = answer.strip()
    return raw

@app.command()
def show(ctx: typer.Context, name: str = typer.Argument(..., help="the sitting"),
         json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """Standings (with the next dealer), then every hand with its effect."""
    from . import ledger, render

    r = ledger.open_session(_path(ctx, name))
    _out(render.show_json(r.session, r.standings) if json else render.show_text(r.session, r.standings))

@app.command()
def undo(ctx: typer.Context, name: str = typer.Argument(..., help="the sitting")) -> None:
    """Remove the last hand."""
    from . import ledger, render

    text = _Printed(lambda removed, r: f"removed hand {len(r.session.hands) + 1}: "
                    f"{render.hand_text(removed.fields)}\n\n" + render.standings_text(r.session, r.standings))
    ledger.undo(_path(ctx, name), prepare=text)
    _out(text.value)

@app.command()
def edit(ctx: typer.Context, name: str = typer.Argument(..., help="the sitting"),
         number: int = typer.Argument(..., help="the hand to correct (1 is the first)"),
         fields: List[str] = typer.Argument(..., help="FIELD=VALUE ... (FIELD= removes a field)")) -> None:
    """Correct hand N; everything after it is recomputed."""
    from . import ledger, render
    from .fields import parse_assignments

    text = _Printed(lambda r: f"corrected hand {number}\n\n" + render.standings_text(r.session, r.standings))
    ledger.edit(_path(ctx, name), number, parse_assignments(fields), prepare=text)
    _out(text.value)

@app.command()
def settle(ctx: typer.Context, name: str = typer.Argument(..., help="the sitting"),
           json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
    """Who pays whom at the end of the sitting (the fewest payments)."""
    from . import ledger, render

    r = ledger.open_session(_path(ctx, name))
    s = ledger.settlement(r)
    _out(render.settle_json(s, r.standings) if json else render.settle_text(r.session, r.standings, s))

@app.command("list")
def list_(ctx: typer.Context) -> None:
    """The sittings in the sessions folder."""
    from . import store
    from .games import GAMES

    folder = _folder(ctx)
    paths = store.list_sessions(folder)
    if not paths:
        _out(f"no sessions in {folder}")
        return
    from tabulate import tabulate

    rows = []
    for p in paths:
        try:
            s = store.load(p)
            game = s.game if s.game.lower() in GAMES else f"{s.game} (unknown game)"
            rows.append([p.stem, game, ", ".join(s.players), str(len(s.hands)), s.created])
        except ScorekeeperError as err:
            rows.append([p.stem, "?", f"unreadable: {err.message}", "", ""])
    _out(tabulate(rows, headers=["name", "game", "players", "hands", "created"], disable_numparse=True))

@app.command()
def games(game: Optional[str] = typer.Argument(None, help="one game, in full"),
          rule: List[str] = typer.Option([], "--rule", "-r", help="show the hand fields under this "
                                         "house rule NAME=VALUE (repeatable)"),
          players: Optional[str] = typer.Option(None, "--players", "-p", help="show the hand fields "
                                                "for this table: Ann,Bob,Cid")) -> None:
    """The games, or one game's house rules and hand fields."""
    from . import ledger, render
    from .fields import parse_assignments
    from .games import game_names, get_game
    from .model import Session

    if game is None:
        _out(render.games_list({n: get_game(n) for n in game_names()}))
        return
    g = get_game(game)
    if players is not None:  # `--players ""` is a mistake, not "no table given"
        seated = tuple(p.strip() for p in players.split(","))
        ledger.check_players(seated)
        g.check_players(seated)
    else:
        seats = max(g.min_players, min(4, g.max_players))  # a typical table: four where allowed
        seated = tuple(f"PLAYER{i}" for i in range(1, seats + 1))
    rules = g.resolve_rules(ledger.read_rule_files(g, parse_assignments(rule, "rule")), seated)
    example = Session(name="", game=g.name, players=seated, rules=rules)
    _out(render.game_help(g, g.fields(example)))

@app.command()
def export(ctx: typer.Context, name: str = typer.Argument(..., help="the sitting"),
           csv: bool = typer.Option(True, "--csv", help="comma-separated values (the only format)")) -> None:
    """Every hand with its effect and the scores after it, as CSV."""
    from . import ledger, render

    r = ledger.open_session(_path(ctx, name))
    order = [f.name for f in r.game.fields(r.session)]
    typer.echo(render.export_csv(r.session, r.standings, order), nl=False)

def main() -> None:
    app()

