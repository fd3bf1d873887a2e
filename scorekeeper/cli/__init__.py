"""The `scorekeeper` command: a thin Typer layer. Parse, call the library, render, exit.

Every ScorekeeperError and every usage mistake is turned into one `error:` line on stderr
here, in one place (`ScorekeeperGroup.main`), with the exit code of its kind (EXIT_CODES).
So is a failure to write the output (a full disk); a closed pipe (`| head`) ends quietly.
"""

import contextlib
import errno
import importlib
import os
import sys
from collections.abc import MutableMapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, List, NoReturn, Optional, Sequence, Tuple, TypeVar

import typer
from typer.core import TyperArgument, TyperGroup

from ..model import FILE, USAGE, ScorekeeperError, ScorekeeperWarning, shown
from .helptext import example

if TYPE_CHECKING:
    from ..ledger import Change
    from ..render.terminal import Style

T = TypeVar("T")  # what a change replays: a sitting's Replayed, a party's

# The exit code of each kind of mistake: 2 for how a command was called, 1 for a file or
# the world (the conventions of the shell; the library only says which kind it is).
EXIT_CODES: Dict[str, int] = {USAGE: 2, FILE: 1}

# The click that Typer runs on: click itself up to Typer 0.25; from 0.26 Typer carries its own
# copy (`typer._click`), and `click` (if installed at all) is a different module whose
# exceptions and classes Typer never uses. Found through what the installed Typer exposes.
_CLICK = typer.BadParameter.__module__.rsplit(".", 1)[0]  # "click" or "typer._click"


def _click_errors() -> Any:
    """The exceptions module of the click that Typer runs on (see _CLICK)."""
    return importlib.import_module(f"{_CLICK}.exceptions")


# Commands of a game's own, e.g. `scorekeeper crib count`: name -> (module, Typer app, help).
# They are imported only when invoked (or listed by --help), so that startup does not grow
# with every game added. Register one line each here, e.g. "crib": ("scorekeeper.cli.crib", "app", "cribbage counts").
# (The Typer sub-apps beside this module import only typer at the top.)
LAZY_COMMANDS: Dict[str, Tuple[str, str, str]] = {
    "crib": ("scorekeeper.cli.crib", "app", "cribbage: count a hand, the play, statistics, discard advice"),
    "cinch": ("scorekeeper.cli.cinch", "app", "cinch: play out a hand trick by trick and score it"),
    "party": ("scorekeeper.cli.party", "app", "a progressive party: tables, moving up, stars, prizes"),
    "board": ("scorekeeper.cli.board", "app", "a live page of the score for the room and the tables' phones"),
}


class _Commands(MutableMapping[str, Any]):
    """The group's commands by name, each built when it is first asked for (run, or listed by
    --help and completion): a click command is built from its function's parameters and type
    hints, and a run needs only its own (docs/speed.md, "Only the command run is built")."""

    def __init__(self, makers: Dict[str, Callable[[], Any]]) -> None:
        self._makers = makers  # in the order --help lists them
        self._made: Dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._made:
            self._made[name] = self._makers[name]()
        return self._made[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._made[name] = command
        self._makers.setdefault(name, lambda: command)

    def __delitem__(self, name: str) -> None:
        del self._makers[name]
        self._made.pop(name, None)

    def __contains__(self, name: object) -> bool:
        return name in self._makers

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


class ScorekeeperGroup(TyperGroup):
    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        given = dict(self.commands)
        makers: Dict[str, Callable[[], Any]] = {_name_of(info): partial(_command_of, info)
                                                for info in registry.registered_commands}
        makers.update((name, partial(_sub_app_command, name)) for name in sorted(LAZY_COMMANDS))
        self.commands = _Commands(makers)
        self.commands.update(given)

    def list_commands(self, ctx: Any) -> List[str]:
        return list(self.commands)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        if os.environ.get("_SCOREKEEPER_COMPLETE"):  # a shell asks for completions: cli/shells.py
            from .shells import register

            register()
        errors = _click_errors()
        no_args = getattr(errors, "NoArgsIsHelpError", None) or _Never  # click 8.2 and later
        _escape_what_cannot_be_encoded()
        try:
            _SAVED.clear()
            _check_arguments(kwargs.get("args", args[0] if args else None))
            with _warnings_as_lines():
                code = super().main(*args, **kwargs)
            sys.stdout.flush()  # a full disk shows here, not as a traceback at exit
        except ScorekeeperError as err:
            _fail(str(err), EXIT_CODES.get(err.kind, 1))
        except no_args as err:
            help_ctx = getattr(err, "ctx", None)
            typer.echo(help_ctx.get_help() if help_ctx else str(err))
            sys.exit(2)
        except errors.UsageError as err:
            given = kwargs.get("args", args[0] if args else None)
            moved = _global_option_after_command(err, errors, given)
            if moved is not None and moved != list(sys.argv[1:] if given is None else given):
                # `show x --no-pager`: taken, as if given before the command
                return self.main(*args[1:], **{**kwargs, "args": moved})
            _fail(_usage_message(err, errors) + f" (see {' '.join(['scorekeeper'] + _command_names(err.ctx))} --help)",
                  2)
        except errors.ClickException as err:
            _fail(err.format_message(), err.exit_code)
        except (typer.Abort, getattr(errors, "Abort", typer.Abort)):
            if PLAYING:  # Ctrl-C or Ctrl-D while `play` asks a hand: the hand is abandoned
                raise KeyboardInterrupt from None
            if is_terminal(sys.stdin):  # Ctrl-D/Ctrl-C at a prompt: the error on its own line
                typer.echo("", err=True)
            _fail("aborted", 1)
        except KeyboardInterrupt:
            if PLAYING:
                raise
            _fail("interrupted", 130)
        except BrokenPipeError:  # the reader went away (`| head -1`): stop quietly, as Unix tools do
            _silence_stdout()
            sys.exit(1)
        except OSError as err:
            if err.errno not in _OUTPUT_ERRORS or err.filename is not None:
                # the file system refused something no check foresaw: one line, never a traceback
                where = f"{shown(str(err.filename), 200)}: " if err.filename is not None else ""
                _fail(f"{where}{err.strerror or err}", 1)
            _silence_stdout()
            why = err.strerror or str(err)
            if _SAVED:  # the change is in the file: typing the command again would make it twice
                _fail(f"{_SAVED[-1]}; its output could not be written ({why})", 1)
            _fail(f"cannot write the output: {why}", 1)
        except Exception as err:  # a fault of ours: once the change is saved, it still says so
            if not _SAVED:
                raise
            _silence_stdout()
            _fail(f"{_SAVED[-1]}; then its output failed ({type(err).__name__}: {shown(str(err), 200)})", 1)
        sys.exit(code if isinstance(code, int) else 0)


def _name_of(info: Any) -> str:
    """A registered command's name, as Typer names it (`list_` is registered as "list")."""
    return str(info.name or info.callback.__name__.lower().replace("_", "-"))


def _command_of(info: Any) -> Any:
    """One command of the registry built as Typer builds it in a group (typer.main.get_command
    of a Typer holding that command alone, with the settings of `app`)."""
    one = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)
    one.registered_commands.append(info)
    command = typer.main.get_command(one)
    _restore_argument_help(command, one)
    return command


def _sub_app_command(name: str) -> Any:
    """A command of LAZY_COMMANDS: its module imported, its Typer app built."""
    module, attribute, help = LAZY_COMMANDS[name]
    sub_app = getattr(importlib.import_module(module), attribute)
    command = typer.main.get_command(sub_app)
    command.name = name
    command.help = command.help or help
    command.context_settings.setdefault("help_option_names", HELP_OPTIONS)
    _restore_argument_help(command, sub_app)
    return command


def _restore_argument_help(command: Any, typer_app: typer.Typer, name: str = "") -> None:
    """Click 8.5 sets an argument's help itself and Typer 0.24 does not pass it on, so the
    Arguments section came out bare: put back the help each typer.Argument(help=...) gives.
    (Click 8.5 would then list the arguments a second time: Typer's own section is kept.)"""
    import inspect

    command.format_arguments = lambda ctx, formatter: None

    if isinstance(command, TyperGroup):
        for sub_name, sub in command.commands.items():
            _restore_argument_help(sub, typer_app, sub_name)
        return
    for info in typer_app.registered_commands:
        callback_name = info.name or (info.callback.__name__.replace("_", "-") if info.callback else "")
        if info.callback is None or callback_name.rstrip("-") != (name or command.name):
            continue
        defaults = inspect.signature(info.callback).parameters
        for param in command.params:
            given = getattr(defaults.get(param.name or ""), "default", None)
            if isinstance(param, TyperArgument) and not getattr(param, "help", None) \
                    and getattr(given, "help", None):
                param.help = getattr(given, "help")


class _Never(Exception):
    """Stands for an exception the installed click does not have."""


# What writing the output can fail with: a full disk (/dev/full), a file too large, an I/O error,
# an output closed (`>&-`).
_OUTPUT_ERRORS = {errno.ENOSPC, errno.EFBIG, errno.EIO, errno.EDQUOT, errno.EPIPE, errno.EBADF}

# What this run has saved ("hand 3 was saved"), once the file is replaced: if the output then
# cannot be written, the error says the change is made (else it would be typed again, twice).
_SAVED: List[str] = []

# Set while `play` runs a line as a command of the app (cli/play.py): an abandoned hand goes
# back to play, not out of the program.
PLAYING: List[bool] = []


def is_terminal(stream: Any) -> bool:
    """A stream is a terminal; a closed one (`>&-`, `<&-`: Python makes it None) is not."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):  # replaced by something without isatty, or closed
        return False


def _command_names(ctx: Any) -> List[str]:
    """The subcommands of a mistaken call (`crib count`), whatever the program was run as
    (`python -m scorekeeper` too)."""
    names: List[str] = []
    while ctx is not None and ctx.parent is not None:
        names.insert(0, ctx.info_name)
        ctx = ctx.parent
    return names


def _usage_message(err: Any, errors: Any) -> str:
    """Click's message, but a missing argument named in capitals on every Typer (from 0.28
    Typer names it as the parameter is spelt: 'name')."""
    param = getattr(err, "param", None)
    if param is not None and isinstance(err, errors.MissingParameter) \
            and getattr(param, "param_type_name", "") == "argument":
        return f"Missing argument '{param.metavar or param.name.upper()}'."
    return str(err.format_message())


def _global_option_after_command(err: Any, errors: Any, args: Optional[Sequence[str]]) -> Optional[List[str]]:
    """`settle friday --no-color`: an option of scorekeeper itself given after the command.
    The command line put right (the option before the command), to be run as that."""
    if not isinstance(err, errors.NoSuchOption) or err.ctx is None or err.ctx.parent is None:
        return None
    root = err.ctx.find_root()
    option = err.option_name
    param = next((p for p in root.command.params if option in p.opts), None)
    if param is None:
        return None
    words = list(sys.argv[1:] if args is None else args)
    moved = [option]
    at = next((i for i, w in enumerate(words) if w == option or w.startswith(option + "=")), None)
    if at is not None:
        taken = 1 if param.is_flag or "=" in words[at] else 2
        moved = words[at:at + taken]
        del words[at:at + taken]
    return [*moved, *words]


def _check_arguments(args: Optional[Sequence[str]]) -> None:
    """A NUL byte cannot be in a file name or a saved value: a clear error, not a ValueError."""
    for arg in sys.argv[1:] if args is None else args:
        if isinstance(arg, str) and "\0" in arg:
            raise ScorekeeperError(f"an argument holds a NUL byte (\\0): {shown(arg, 40)}", usage=True)


def _silence_stdout() -> None:
    _silence(sys.stdout)


def _silence(stream: Any) -> None:
    """Point a stream at /dev/null so that the flush at exit does not fail a second time (Python
    would exit 120)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's CliRunner)
        pass


MAX_ERROR = 500  # characters in an error line, `error: ` included: the field, the value and what is valid


def _cut(message: str) -> str:
    """One line, and short: control characters escaped, a long message cut in the middle."""
    line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    room = MAX_ERROR - len("error: ") - len(" ... ")
    if len(line) > MAX_ERROR - len("error: "):
        line = line[:room * 2 // 3] + " ... " + line[-(room - room * 2 // 3):]
    return line


def _fail(message: str, code: int) -> NoReturn:
    try:
        from .output import fitted

        typer.echo(fitted(f"error: {_cut(message)}", sys.stderr, "  "), err=True)
    except OSError:  # stderr cannot be written either (2>/dev/full): the exit code alone tells
        _silence(sys.stderr)
    sys.exit(code)



HELP_OPTIONS = ["-h", "--help"]

# The commands (`@registry.command`), each built only when it is run or listed (_Commands):
# `app` itself holds only the options of scorekeeper itself (`root`), so that Typer builds the
# group alone before it runs a command.
registry = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)

app = typer.Typer(cls=ScorekeeperGroup, add_completion=False, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False,
                  context_settings={"help_option_names": HELP_OPTIONS},
                  help="Keep the score of a card night by the laws of the game, and settle up.",
                  epilog=example("scorekeeper new friday --game tally --players Ann,Bob,Cid",
                                 "scorekeeper hand friday Ann=12 Bob=-3", "scorekeeper settle friday"))


def _show_completion(value: bool) -> None:
    if value:
        from .shells import detect_shell, script

        typer.echo(script(detect_shell()), nl=False)
        raise typer.Exit()


def _install_completion(value: bool) -> None:
    if value:
        from .shells import detect_shell, install

        shell = detect_shell()
        typer.echo(f"{shell} completion installed in {install(shell)}; it works in new shells "
                   f"(or after: source {install_hint(shell)})")
        raise typer.Exit()


def install_hint(shell: str) -> str:
    return {"bash": "~/.bashrc", "zsh": "~/.zshrc", "fish": "~/.config/fish/completions/scorekeeper.fish"}[shell]


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"scorekeeper {__version__}")
        raise typer.Exit()


# Shell completion: the functions are tiny and import scorekeeper.complete only when a shell asks.
def _complete_sitting(ctx: typer.Context, incomplete: str) -> List[str]:
    from .complete import sittings

    return sittings(root_dir(ctx), incomplete)


def _complete_game(incomplete: str) -> List[str]:
    from .complete import games

    return games(incomplete)


def _complete_field(ctx: typer.Context, incomplete: str) -> List[str]:
    from .complete import fields

    return fields(root_dir(ctx), ctx.params.get("name"), incomplete)


def root_dir(ctx: Any) -> Optional[str]:
    root_ctx = ctx.find_root()
    given = root_ctx.obj or root_ctx.params.get("dir")
    return str(given) if given else None


@app.callback()
def root(ctx: typer.Context,
         dir: Optional[Path] = typer.Option(None, "--dir", help="sessions folder (default: "
                                            "$SCOREKEEPER_DIR, else ./sessions if it exists, else "
                                            "$XDG_DATA_HOME/scorekeeper/sessions)"),
         version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="print the version and exit"),
         show_completion: bool = typer.Option(False, "--show-completion", callback=_show_completion,
                                              is_eager=True, expose_value=False,
                                              help="print the completion script for this shell (bash, "
                                              "zsh, fish): eval \"$(scorekeeper --show-completion)\""),
         install_completion: bool = typer.Option(False, "--install-completion",
                                                 callback=_install_completion, is_eager=True,
                                                 expose_value=False,
                                                 help="install completion for this shell (bash, zsh, "
                                                 "fish)"),
         no_color: bool = typer.Option(False, "--no-color", help="no colour even on a terminal "
                                       "(as NO_COLOR=1 does)"),
         no_pager: bool = typer.Option(False, "--no-pager", help="print long output as it is, "
                                       "not through the pager ($PAGER, else less -FRX) a "
                                       "terminal gets")) -> None:
    ctx.meta["no_color"] = no_color
    ctx.meta["no_pager"] = no_pager
    ctx.obj = dir

def _folder(ctx: typer.Context) -> Path:
    return _folder_and_why(ctx)[0]


def _folder_and_why(ctx: typer.Context) -> Tuple[Path, str]:
    from ..store import resolve_sessions_dir

    return resolve_sessions_dir(root_dir(ctx))

def sitting_path(ctx: typer.Context, name: str, must_exist: bool = True) -> Path:
    """The one resolver for --dir plus a sitting's (or a party's) name: the file it names in
    the sessions folder (--dir, SCOREKEEPER_DIR, ./sessions, XDG), or a path as given.
    Every command of the app and of its sub-apps (party, cinch, board) finds its file here.
    A name not in that folder but in another the program would look in is an error saying
    where it is (`must_exist`: all but `new`)."""
    from ..store import session_path

    if "=" in name and not name.endswith((".yaml", ".yml")):  # no sitting's name holds '='
        raise ScorekeeperError(_name_forgotten(ctx, name), usage=True)
    folder, why = _folder_and_why(ctx)
    path = session_path(name, folder)
    if must_exist and path.parent == folder and not os.path.lexists(path):
        found = _found_elsewhere(path.name, folder)
        if found is not None:
            from ..render.sitting import shell_words

            fixed = shell_words(["scorekeeper", "--dir", str(found.parent), *_command_names(ctx),
                                 *_rest_of_command_line(ctx, name)])
            raise ScorekeeperError(f"no sitting {shown(name)} in {folder} ({why}); it is in {found.parent}: "
                                   f"{fixed}")
    return path


def _found_elsewhere(file_name: str, folder: Path) -> Optional[Path]:
    """The file of that name in another folder the program looks in (SCOREKEEPER_DIR,
    ./sessions, the user's data folder), the first that has it."""
    from ..store.paths import DEFAULT_DIR, user_data_dir

    places = [os.environ.get("SCOREKEEPER_DIR", "").strip(), DEFAULT_DIR, str(user_data_dir() / "sessions")]
    for place in places:
        if not place:
            continue
        other = Path(place)
        try:
            if other.resolve() != folder.resolve() and (other / file_name).is_file():
                return other.absolute() / file_name
        except OSError:  # a folder this user may not read: not where it is
            continue
    return None


def _rest_of_command_line(ctx: typer.Context, name: str) -> List[str]:
    """What followed the command's words on the command line (the name and the fields), for
    the command line put right; the name alone when it cannot be told."""
    words = list(sys.argv[1:])
    return words[words.index(name):] if name in words else [name]


def _name_forgotten(ctx: typer.Context, name: str) -> str:
    """`hand bidder=Ann bid=8`: the sitting's name was left out, and a field taken for it."""
    from ..model import shown

    command = " ".join(["scorekeeper"] + _command_names(ctx))
    fields = any(p.name == "fields" for p in ctx.command.params)
    example = f"{command} NAME {name} ..." if fields else f"{command} NAME"
    return (f"{shown(name)} is FIELD=VALUE, not a sitting's name: the name comes first "
            f"({example}; scorekeeper list shows the names)")

def style_of(ctx: typer.Context) -> "Optional[Style]":
    """Suit symbols and colour on a terminal only (never piped, never with NO_COLOR or
    --no-color); the terminal's width (or COLUMNS) for the tables. None: plain text."""
    import os

    is_tty = is_terminal(sys.stdout)
    if not is_tty and not os.environ.get("COLUMNS", "").strip() and not os.environ.get("FORCE_COLOR") \
            and os.environ.get("CLICOLOR_FORCE", "0") == "0":
        return None  # piped: plain, and nothing more imported
    import shutil

    from ..render.terminal import decide

    return decide(is_tty, dict(os.environ), bool(ctx.find_root().meta.get("no_color")),
                  getattr(sys.stdout, "encoding", "") or "", shutil.get_terminal_size().columns)


def out(text: str, page: bool = False) -> None:
    """Print a command's output; with `page`, a long one goes through the pager on a terminal
    (output.wants_pager: as git does, `--no-pager` and PAGER say otherwise)."""
    if sys.stdout is None:  # `>&-`: click would drop the output without a word
        raise OSError(errno.EBADF, "the output is closed")
    if page and is_terminal(sys.stdout):  # piped: printed as it is, and nothing more imported
        from .output import page as through, wants_pager

        ctx = importlib.import_module(f"{_CLICK}.globals").get_current_context(silent=True)
        no_pager = bool(ctx is not None and ctx.find_root().meta.get("no_pager"))
        command = wants_pager(text, no_pager)
        if command is not None:
            sys.stdout.flush()
            through(text, command)
            return
    typer.echo(text, color=_forced_color() or None)


@contextlib.contextmanager
def _warnings_as_lines() -> Iterator[None]:
    """What the library warns a person of (ScorekeeperWarning) as one `warning:` line on
    stderr; any other warning as Python shows it."""
    import warnings

    previous = warnings.showwarning

    def show(message: Any, category: Any, *where: Any, **more: Any) -> None:
        if issubclass(category, ScorekeeperWarning):
            typer.echo(f"warning: {message}", err=True)
        else:
            previous(message, category, *where, **more)

    warnings.showwarning = show
    try:
        yield
    finally:
        warnings.showwarning = previous


def _escape_what_cannot_be_encoded() -> None:
    """A name such as 李 on a terminal set to ISO-8859-1 is written as `\\u674e`, not a
    UnicodeEncodeError after the hand was saved (typed again, it was logged twice)."""
    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def _forced_color() -> bool:
    """FORCE_COLOR or CLICOLOR_FORCE asked for colour where click would strip it (a pipe)."""
    if not os.environ.get("FORCE_COLOR") and os.environ.get("CLICOLOR_FORCE", "0") == "0":
        return False
    from ..render.terminal import wants_color

    ctx = importlib.import_module(f"{_CLICK}.globals").get_current_context(silent=True)
    no_color = bool(ctx is not None and ctx.find_root().meta.get("no_color"))
    return wants_color(False, dict(os.environ), no_color)


def save_change(path: Path, make: "Callable[[], Change[T]]",
                show: "Callable[[Change[T]], str]") -> "Tuple[Change[T], str]":
    """Make a change (`make`: a ledger function's pending change), make what it will print
    (`show`), then commit it, all under the file's lock: a command finishes completely or
    leaves the file as it was."""
    from .. import ledger

    with ledger.locked(path):
        change = make()
        text = show(change)
        ledger.commit(change)
    return change, text


def print_saved(text: str, done: str) -> None:
    """Print what a change made, once it is saved (`done`: "hand 3 was saved"), to the end."""
    _SAVED.append(done)
    out(text)
    sys.stdout.flush()  # a full disk shows here, while the error can still say what was saved


SITTING = "the sitting: a name in the sessions folder, or a path to a .yaml file"
PARTY_TOO = "the sitting or party: a name in the sessions folder, or a path to a .yaml file"


def _sitting_arg(help: str = SITTING) -> Any:
    return typer.Argument(..., help=help, autocompletion=_complete_sitting)


def _json_opt() -> Any:
    return typer.Option(False, "--json", help="machine-readable output")


@registry.command(epilog=example("scorekeeper new friday --game cinch --players Ann,Bob,Cid,Dee --stake 0.25 "
                                 "--currency USD --rule game=61", "scorekeeper new saturday --like friday",
                                 "scorekeeper new sunday --like friday --players Ann,Bob,Cid,Eve"))
def new(ctx: typer.Context, name: str = typer.Argument(..., help="the sitting's name (letters, digits, "
                                                       "spaces, '-', '_', '.')"),
        game: Optional[str] = typer.Option(None, "--game", "-g", help="which game (scorekeeper games)  "
                                           "[required, unless --like]", autocompletion=_complete_game),
        players: Optional[str] = typer.Option(None, "--players", "-p", help="names in seating order: "
                                              "Ann,Bob,Cid  [required, unless --like]"),
        rule: List[str] = typer.Option([], "--rule", "-r", help="house rule NAME=VALUE (repeatable)"),
        stake: Optional[str] = typer.Option(None, "--stake", help="money per counter, point or game  "
                                            "[default: none: settled in the game's own unit; asked "
                                            "at a terminal]"),
        currency: Optional[str] = typer.Option(None, "--currency", help="e.g. USD"),
        like: Optional[str] = typer.Option(None, "--like", metavar="SITTING",
                                           help="take the game, players, stake and house rules of an "
                                           "earlier sitting (what is given besides wins)",
                                           autocompletion=_complete_sitting)) -> None:
    """Start a sitting."""
    from .. import ledger
    from ..render import sitting as render
    from ..fields import names_from, parse_assignments
    from ..fields import parse_stake

    rules = parse_assignments(rule, "rule")
    if like is not None:
        earlier = ledger.template(sitting_path(ctx, like))
        same_game = game is None or game.strip().lower() == earlier.game
        game = earlier.game if game is None else game
        players = ",".join(earlier.players) if players is None else players
        rules = {**(earlier.rules if same_game else {}), **rules}  # another game: not its rules
        stake = stake if stake is not None or earlier.stake is None else str(earlier.stake)
        currency = currency if currency is not None else earlier.currency
    for value, option in ((game, "--game"), (players, "--players")):
        if value is None:
            raise ScorekeeperError(f"Missing option '{option}' (or --like SITTING: the game, players, stake "
                                   f"and rules of an earlier sitting)", usage=True)
    assert game is not None and players is not None
    names = names_from(players)
    path = sitting_path(ctx, name, must_exist=False)
    new_folder = not path.parent.exists()  # a mistyped --dir should not pass unnoticed
    folder_note = f" (in a new folder {path.parent})" if new_folder else ""
    style = style_of(ctx)
    if stake is None and like is None and is_terminal(sys.stdin) and is_terminal(sys.stdout):
        stake = _ask_stake(currency)
    if stake is None and currency:  # a currency says money is meant: a stake of 1
        stake = "1"
    change = ledger.new_session(path, game, names, rules, parse_stake(stake) if stake is not None else None,
                                currency or "")
    r = change.after
    text = (render.fit_lines(f"created {r.session.path}{folder_note}", style and style.width)
            + "\n\n" + render.standings_text(r.session, r.standings, style))
    with ledger.locked(path, new=True):
        ledger.commit(change)
    print_saved(text, f"{r.session.name} was created")


def _ask_stake(currency: Optional[str]) -> Optional[str]:
    """At a terminal, `new` without --stake asks for it; Enter: no stake (the game's unit)."""
    from ..fields import parse_stake
    from .output import fitted

    while True:
        answer: str = typer.prompt(fitted(f"stake: money per counter, point or game{' in ' + currency if currency else ''} "
                                     f"(Enter for none: settled in the game's own unit)"),
                              default="", show_default=False).strip()
        if not answer:
            return None
        try:
            parse_stake(answer)
        except ScorekeeperError as err:
            typer.echo(fitted(f"{err.message}; try again", sys.stderr, "  "), err=True)
            continue
        return answer


@registry.command(epilog=example("scorekeeper hand friday bidder=Ann bid=8 made=10", "scorekeeper hand friday -i",
                                 "scorekeeper hand friday -i bidder=Bob",
                                 "scorekeeper new crib --game cribbage --players Ann,Bob",
                                 "scorekeeper hand crib -i --by cards"))
def hand(ctx: typer.Context, name: str = _sitting_arg(),
         fields: List[str] = typer.Argument(None, help="FIELD=VALUE ... (scorekeeper games GAME lists them)",
                                            autocompletion=_complete_field),
         interactive: bool = typer.Option(False, "--interactive", "-i", help="ask for the fields (those "
                                          "given as FIELD=VALUE are not asked)"),
         by: Optional[str] = typer.Option(None, "--by", metavar="cards|points",
                                          help="with -i, for cribbage: ask the starter, hands and crib "
                                          "as cards, or each player's points (default: the first "
                                          "answer tells)", autocompletion=lambda: ["cards", "points"]),
         json: bool = _json_opt()) -> None:
    """Log one hand, then show its effect and the standings."""
    from .. import ledger
    from ..render import sitting as render
    from ..fields import parse_assignments

    path = sitting_path(ctx, name)
    style = None if json else style_of(ctx)

    def show(change: Any) -> str:
        r = change.after
        return render.hand_json(r.session, r.standings) if json else render.effect_text(r.session, r.standings, style)

    if by is not None and by.strip().lower() not in ("cards", "points"):
        raise ScorekeeperError(f"--by must be cards or points, got {by!r}", usage=True)
    asking = interactive or (not fields and is_terminal(sys.stdin))
    if by is not None and not asking:
        raise ScorekeeperError("--by goes with -i (it says what the prompts ask)", usage=True)
    if asking:
        from .prompts import ask_hand

        change, text = ask_hand(path, show, given=parse_assignments(fields or []),
                                by=by.strip().lower() if by else None)
    elif not fields:
        raise ScorekeeperError("give the hand's fields as FIELD=VALUE (scorekeeper games GAME lists them)",
                               usage=True)
    else:
        raw = parse_assignments(fields)
        change, text = save_change(path, lambda: ledger.add_hand(path, raw), show)
    print_saved(text, f"hand {len(change.after.session.hands)} was saved")


@registry.command(epilog=example("scorekeeper show friday", "scorekeeper show friday --last 5",
                                 "scorekeeper show friday --short", "scorekeeper --no-pager show friday",
                                 "scorekeeper show friday --json"))
def show(ctx: typer.Context, name: str = _sitting_arg(),
         last_text: Optional[str] = typer.Option(None, "--last", metavar="N",
                                                 help="list only the last N hands"),
         short: bool = typer.Option(False, "--short", help="one line a hand; remarks many hands "
                                    "share said once"),
         json: bool = _json_opt()) -> None:
    """Standings (with the next dealer), then every hand with its effect; when the hands are
    many, the standings again at the end. Long output goes through a pager on a terminal."""
    from .. import ledger
    from ..render import sitting as render

    last = None
    if last_text is not None:
        from ..fields import typed_number

        last = typed_number(last_text, "--last", "the number of hands to list")
        if last < 1:
            raise ScorekeeperError(f"--last: the number of hands to list must be at least 1, got {last}",
                                   usage=True)
    r = ledger.open_session(sitting_path(ctx, name))
    if json:
        out(render.show_json(r.session, r.standings, last))
    else:
        out(render.show_text(r.session, r.standings, style_of(ctx), r.game.score_sides(r.session), last,
                             short=short), page=True)


@registry.command(epilog=example("scorekeeper undo friday"))
def undo(ctx: typer.Context, name: str = _sitting_arg()) -> None:
    """Take back the last change: a hand, an edit, an insert or a delete (scorekeeper redo puts
    it back)."""
    from .. import ledger
    from ..render import sitting as render

    style = style_of(ctx)
    path = sitting_path(ctx, name)
    change, text = save_change(path, lambda: ledger.undo(path), lambda c: _stepped(ctx, c, "undo") if c.step
                               else render.undone_text(name, c.was.session.hands[-1], c.after.session,
                                                       c.after.standings, root_dir(ctx), style))
    print_saved(text, "the undo was saved" if change.step else
                f"the undo of hand {len(change.was.session.hands)} was saved")


def _stepped(ctx: typer.Context, change: Any, word: str) -> str:
    """What an undo or redo of a change in the middle did, shown as the change itself is:
    a correction as `edit` shows it, a hand put in or taken out as `insert` and `delete` do."""
    from ..render import sitting as render

    step, number = change.step, change.step.at + 1
    if step.step == "swap":
        style = style_of(ctx)
        shown = render.correction_text(number, change.was.session, change.was.standings, change.after.session,
                                       change.after.standings, style=style)
    else:
        shown = _moved(ctx, "insert" if step.step == "put" else "delete", number)(change)
    return f"{word}: " + shown


@registry.command(epilog=example("scorekeeper undo friday", "scorekeeper redo friday"))
def redo(ctx: typer.Context, name: str = _sitting_arg(), json: bool = _json_opt()) -> None:
    """Put back what the last undo took back (a hand, an edit, an insert, a delete), as it was,
    if nothing was logged since."""
    from .. import ledger
    from ..render import sitting as render

    style = None if json else style_of(ctx)

    def show(change: Any) -> str:
        r = change.after
        if json:
            return render.hand_json(r.session, r.standings)
        if change.step:
            return _stepped(ctx, change, "redo")
        return (render.fit_lines(f"put back hand {len(r.session.hands)}: "
                                 f"{render.hand_text(r.session.hands[-1].fields)}", style and style.width)
                + "\n" + render.effect_text(r.session, r.standings, style))

    path = sitting_path(ctx, name)
    change, text = save_change(path, lambda: ledger.redo(path), show)
    print_saved(text, "the redo was saved" if change.step else f"hand {len(change.after.session.hands)} was put back")


@registry.command(epilog=example("scorekeeper edit friday 2 made=9", "scorekeeper edit friday 1 note="))
def edit(ctx: typer.Context, name: str = _sitting_arg(),
         number_text: str = typer.Argument(..., metavar="NUMBER", help="the hand to correct (1 is the first)"),
         fields: List[str] = typer.Argument(None, metavar="FIELDS...",
                                            help="FIELD=VALUE ... (FIELD= removes a field)  [required]",
                                            autocompletion=_complete_field)) -> None:
    """Correct hand N; show what it changed (everything after it is recomputed)."""
    from .. import ledger
    from ..render import sitting as render
    from ..fields import parse_assignments, typed_number

    path = sitting_path(ctx, name)
    if "=" in number_text:
        raise ScorekeeperError(_number_forgotten(path, name, [number_text, *(fields or [])]), usage=True)
    if not fields:
        raise ScorekeeperError("Missing argument 'FIELDS...': give the fields to correct as FIELD=VALUE",
                               usage=True)
    number = typed_number(number_text, "NUMBER", "the hand to correct")
    style = style_of(ctx)
    raw = parse_assignments(fields)
    text = save_change(path, lambda: ledger.edit(path, number, raw), lambda c: render.correction_text(
        number, c.was.session, c.was.standings, c.after.session, c.after.standings, style=style,
        money=lambda: (ledger.settlement(c.was), ledger.settlement(c.after))))[1]
    print_saved(text, f"the correction to hand {number} was saved")


@registry.command(epilog=example("scorekeeper insert friday 2 bidder=Cid bid=7 made=8",
                                 "scorekeeper insert friday 1 -i"))
def insert(ctx: typer.Context, name: str = _sitting_arg(),
           number_text: str = typer.Argument(..., metavar="NUMBER", help="the hand to log it before "
                                             "(1 is the first; one past the last: at the end)"),
           fields: List[str] = typer.Argument(None, metavar="FIELDS...", help="FIELD=VALUE ... as for hand",
                                              autocompletion=_complete_field),
           interactive: bool = typer.Option(False, "--interactive", "-i", help="ask for the fields, "
                                            "as hand does")) -> None:
    """Log a forgotten hand before hand N; show what it changed (every later hand is
    recomputed; a hand it makes impossible refuses it)."""
    from .. import ledger
    from ..fields import parse_assignments, typed_number

    path = sitting_path(ctx, name)
    if "=" in number_text:
        raise ScorekeeperError(_number_forgotten(path, name, [number_text, *(fields or [])], "insert"),
                               usage=True)
    number = typed_number(number_text, "NUMBER", "the hand to log it before")
    show = _moved(ctx, "insert", number)
    if interactive or (not fields and is_terminal(sys.stdin)):
        from .prompts import ask_hand

        text = ask_hand(path, show, given=parse_assignments(fields or []),
                        make=lambda raw: ledger.insert(path, number, raw))[1]
    elif not fields:
        raise ScorekeeperError("give the hand's fields as FIELD=VALUE (scorekeeper games GAME lists them)",
                               usage=True)
    else:
        raw = parse_assignments(fields)
        text = save_change(path, lambda: ledger.insert(path, number, raw), show)[1]
    print_saved(text, f"the hand inserted as hand {number} was saved")


@registry.command(epilog=example("scorekeeper delete friday 3"))
def delete(ctx: typer.Context, name: str = _sitting_arg(),
           number_text: str = typer.Argument(..., metavar="NUMBER", help="the hand to remove (1 is the first)")) -> None:
    """Remove hand N (a hand logged twice); show what it changed (every later hand is
    recomputed; a hand it makes impossible refuses it). undo puts it back."""
    from .. import ledger
    from ..fields import typed_number

    path = sitting_path(ctx, name)
    number = typed_number(number_text, "NUMBER", "the hand to remove")
    text = save_change(path, lambda: ledger.delete(path, number), _moved(ctx, "delete", number))[1]
    print_saved(text, f"the delete of hand {number} was saved")


def _moved(ctx: typer.Context, kind: str, number: int) -> Callable[[Any], str]:
    """What insert and delete print: the hand, the later hands that changed, the standings and
    the money before -> after."""
    from .. import ledger
    from ..render import sitting as render

    style = style_of(ctx)
    return lambda c: render.moved_text(kind, number, c.before.session, c.before.standings, c.after.session,
                                       c.after.standings, style=style,
                                       money=lambda: (ledger.settlement(c.before), ledger.settlement(c.after)))


@registry.command(epilog=example("scorekeeper play friday"))
def play(ctx: typer.Context, name: str = _sitting_arg(PARTY_TOO)) -> None:
    """The night in one place: the standings, then each hand (FIELD=VALUE ..., or Enter to be
    asked), and between hands undo, redo, edit N, insert N, delete N, show, settle, help, quit;
    Tab completes. Piped: one hand or word a line (printf 'Ann=5 Bob=3\\nundo\\nBob=7\\n' |
    scorekeeper play t); exit 1 if any line was refused. A party: table by table for the
    round being played."""
    from .. import store
    from .play import play as play_night

    path = sitting_path(ctx, name)
    try:
        store.load(path)
        party = False
    except store.PartyFile:
        party = True
    root_ctx = ctx.find_root()
    root = (["--dir", str(root_ctx.obj)] if root_ctx.obj else []) + \
        (["--no-color"] if root_ctx.meta.get("no_color") else []) + \
        (["--no-pager"] if root_ctx.meta.get("no_pager") else [])
    play_night(root, name, path, party, root_dir(ctx))


def _number_forgotten(path: Path, name: str, fields: List[str], command: str = "edit") -> str:
    """`edit friday made=9`: the hand's number was left out. Say how many there are."""
    from .. import ledger
    from ..render.sitting import command_line

    given = " ".join(fields)
    try:
        hands = len(ledger.open_session(path).session.hands)
    except ScorekeeperError:
        hands = 0
    which = f"1 to {hands}; the last is {hands}" if hands else "1 is the first"
    return (f"the hand's number is missing: {command_line(name, command)} NUMBER {given} "
            f"(NUMBER: {which})")


@registry.command(epilog=example("scorekeeper settle friday", "scorekeeper settle friday --json"))
def settle(ctx: typer.Context, name: str = _sitting_arg(), json: bool = _json_opt()) -> None:
    """Who pays whom at the end of the sitting (the fewest payments)."""
    from .. import ledger
    from ..render import sitting as render

    r = ledger.open_session(sitting_path(ctx, name))
    s = ledger.settlement(r)
    if json:
        out(render.settle_json(s, r.standings))
    else:
        out(render.settle_text(r.session, r.standings, s, style_of(ctx)), page=True)


@registry.command(epilog=example("scorekeeper check friday",
                                 "scorekeeper check friday sessions/examples/cinch-*.yaml"))
def check(ctx: typer.Context,
          names: List[str] = typer.Argument(..., help="sittings: names in the sessions folder or "
                                            ".yaml files", autocompletion=_complete_sitting)) -> None:
    """Every mistake in the sittings at once, one `file:line: message` each (exit 1 if any)."""
    from .. import ledger

    from ..render.sitting import fit_lines
    from .output import width

    errors = [err for name in names for err in ledger.check_file(sitting_path(ctx, name, must_exist=False))]
    sittings = f"{len(names)} sitting{'s' if len(names) != 1 else ''}"
    if not errors:
        out(f"no mistakes in {sittings}")
        return
    # `file:line: message`, the message wrapped under it on a terminal
    out("\n".join(fit_lines(str(err), width()) for err in errors), page=True)
    mistakes = f"{len(errors)} mistake{'s' if len(errors) != 1 else ''}"
    _fail(f"{mistakes} in {sittings}", EXIT_CODES[FILE])


@registry.command("list", epilog=example("scorekeeper list", "scorekeeper --dir ~/cards list --json"))
def list_(ctx: typer.Context, json: bool = _json_opt()) -> None:
    """The sittings in the sessions folder, and which folder."""
    from .. import ledger
    from ..render import sitting as render

    folder, why = _folder_and_why(ctx)
    rows = ledger.list_sittings(folder)
    if json:
        out(render.sessions_json(folder, why, rows))
    else:
        from .output import width

        out(render.sessions_text(folder, why, rows, width()), page=True)


@registry.command(epilog=example("scorekeeper games", "scorekeeper games cinch --rule blind_draw=on",
                                 "scorekeeper games hearts --players Ann,Bob,Cid,Dee --json"))
def games(game: Optional[str] = typer.Argument(None, help="one game, in full",
                                               autocompletion=_complete_game),
          rule: List[str] = typer.Option([], "--rule", "-r", help="show the hand fields under this "
                                         "house rule NAME=VALUE (repeatable)"),
          players: Optional[str] = typer.Option(None, "--players", "-p", help="show the hand fields "
                                                "for this table: Ann,Bob,Cid"),
          json: bool = _json_opt()) -> None:
    """The games, or one game's house rules and hand fields."""
    from ..render import sitting as render
    from ..fields import names_from, parse_assignments

    from .output import width

    if game is None:  # the registry says what is listed: no game is imported
        from ..games import GAMES, game_names

        every = {name: GAMES[name] for name in game_names()}
        out(render.games_json(every) if json else render.games_list(every, width()), page=not json)
        return
    from .. import ledger

    # `--players ""` is a mistake, not "no table given"
    seated = names_from(players) if players is not None else None
    g, fields = ledger.game_fields(game, parse_assignments(rule, "rule"), seated)
    out(render.game_help_json(g, fields) if json else render.game_help(g, fields, width()), page=not json)


def _sitting_or_party(ctx: typer.Context, name: str) -> Tuple[Any, Any]:
    """(the sitting replayed, None) or (None, the party replayed): `export`, `chart` and
    `report` take either, found by the file's kind."""
    from .. import ledger, store

    try:
        return ledger.open_session(sitting_path(ctx, name)), None
    except store.PartyFile as found:
        from ..party import ledger as parties

        return None, parties.check(found.party)




@registry.command(epilog=example("scorekeeper export friday > friday.csv",
                                 "scorekeeper export sessions/examples/party-hearts.yaml > party.csv"))
def export(ctx: typer.Context, name: str = _sitting_arg(PARTY_TOO),
           csv: bool = typer.Option(True, "--csv", help="comma-separated values (the only format)")) -> None:
    """Every hand with its effect and the scores after it, as CSV; of a party, every table's
    result."""
    from ..render import sitting as render

    r, party = _sitting_or_party(ctx, name)
    if party is not None:
        from ..party import ledger as parties
        from ..render import party as party_render

        typer.echo(party_render.export_csv(party.party, party.standing, parties.deals_in_words(party)),
                   nl=False)
        return
    order = [f.name for f in r.game.fields(r.session)]
    typer.echo(render.export_csv(r.session, r.standings, order), nl=False)

@registry.command(epilog=example("scorekeeper stats", "scorekeeper stats --game hearts --since 2026-11-01",
                                 "scorekeeper stats --player Ann --json"))
def stats(ctx: typer.Context,
          game: Optional[str] = typer.Option(None, "--game", "-g", help="only sittings of this game"),
          player: Optional[str] = typer.Option(None, "--player", "-p", help="only this player"),
          since: Optional[str] = typer.Option(None, "--since", help="only sittings from this date "
                                              "on (2026-11-01)"),
          json: bool = _json_opt()) -> None:
    """Statistics over every sitting in the folder: per player and per game."""
    from .. import ledger
    from ..render import stats as render_stats
    from .. import stats as season_stats

    if game is not None:
        from ..games import get_game

        game = get_game(game).name
    folder = _folder(ctx)
    keep = season_stats.keeper(game, player, season_stats.parse_since(since))
    # one sitting at a time (each_night streams them), judged by its header before its hands are read
    season = season_stats.season(ledger.each_night(folder, keep, game), (), player,
                                 filtered=bool(game or player or since))
    if json:
        out(render_stats.stats_json(season))
    else:
        from .output import width

        out(render_stats.stats_text(season, str(folder), width()), page=True)


@registry.command(epilog=example("scorekeeper chart friday", "scorekeeper chart sessions/examples/party-hearts.yaml"))
def chart(ctx: typer.Context, name: str = _sitting_arg(PARTY_TOO)) -> None:
    """Each player's (or side's) score after every hand, as a chart fitting the terminal; of a
    party, each player's stars round by round."""
    from .. import stats
    from ..render import chart as render_chart

    r, party = _sitting_or_party(ctx, name)
    style = style_of(ctx)  # None when piped: plain ASCII, 80 columns
    width = (style.width if style is not None else None) or 80
    if party is not None:
        from ..render import party as party_render

        out(party_render.stars_text(party.party, party.standing, width, colour=bool(style and style.color)))
        return
    lines = stats.score_lines(r.standings)
    from ..render.sitting import fit_lines

    title = fit_lines(f"{r.session.name} ({r.standings.game}): the score after each hand", width)
    out(render_chart.chart_text(title, lines.lines, lines.game_ends, width,
                                 fancy=bool(style and style.symbols), colour=bool(style and style.color),
                                 target=r.game.race_target(r.session)))


@registry.command(epilog=example("scorekeeper report friday --html friday.html",
                                 "scorekeeper report sessions/examples/party-hearts.yaml --html party.html",
                                 "scorekeeper report --season --html season.html"))
def report(ctx: typer.Context,
           name: Optional[str] = typer.Argument(None, help="the sitting or party (leave out with --season)",
                                                autocompletion=_complete_sitting),
           html: Path = typer.Option(..., "--html", help="the HTML file to write"),
           season: bool = typer.Option(False, "--season", help="every sitting in the folder"),
           force: bool = typer.Option(False, "--force", help="write over a file that is not a report "
                                      "scorekeeper wrote (never over a sitting or a party)")) -> None:
    """One self-contained HTML page to share: standings, chart, every hand, who pays whom; of a
    party, the prizes, the stars round by round and every table's result."""
    from .. import ledger, stats, store
    from ..render import html as render_html

    if season == (name is not None):
        raise ScorekeeperError("give a sitting's NAME, or --season for the whole folder "
                               "(not both)", usage=True)
    if season:
        folder = _folder(ctx)
        count = stats.SeasonCount()  # one sitting at a time: what the page needs of each is kept
        nights = []
        for found in ledger.each_night(folder):
            count.add(found)
            if isinstance(found, ledger.Night):
                nights.append(found.slim(figures=False))
        page = render_html.season_html(count.season(), nights)
    else:
        assert name is not None  # season is False, so a NAME was given
        page = _one_page(ctx, name)
    store.write_report(html, page, force=force)
    out(f"wrote {html}")



def _one_page(ctx: typer.Context, name: str) -> str:
    """`report NAME`: the page of a sitting, or of a party."""
    from .. import ledger, stats
    from ..render import html as render_html

    r, party = _sitting_or_party(ctx, name)
    if party is not None:
        from ..party import ledger as parties

        return render_html.party_html(party.party, party.standing, parties.deals_in_words(party))
    lines = stats.score_lines(r.standings)
    return render_html.sitting_html(r.session, r.standings, ledger.settlement(r), lines,
                                    ledger.hands_in_words(r), r.game.score_sides(r.session),
                                    r.game.race_target(r.session))


def main() -> None:
    """The app, as the command runs it (start.main, which turns the cycle collector off)."""
    app(prog_name="scorekeeper")
