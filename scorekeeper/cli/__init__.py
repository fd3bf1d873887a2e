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


# The commands of scorekeeper itself, in the order --help lists them: name -> its module in
# cli/commands/, imported only when the command is run or listed (--help, completion), so that
# a run defines its own command alone (docs/speed.md, "A command's module imported only when run").
COMMANDS: Dict[str, str] = {
    "new": "new", "hand": "hand", "show": "show", "undo": "undo", "redo": "redo", "edit": "edit",
    "insert": "insert", "delete": "delete", "play": "play", "settle": "settle", "check": "check",
    "list": "list_", "games": "games", "export": "export", "stats": "stats", "chart": "chart",
    "report": "report",
}

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
        makers: Dict[str, Callable[[], Any]] = {name: partial(_own_command, name) for name in COMMANDS}
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


def _own_command(name: str) -> Any:
    """A command of COMMANDS: its module imported (which registers it on `registry`), then built."""
    importlib.import_module(f"{__name__}.commands.{COMMANDS[name]}")
    return _command_of(next(info for info in registry.registered_commands if _name_of(info) == name))


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

# The commands (`@registry.command` in the modules of COMMANDS), each defined and built only
# when it is run or listed (_Commands):
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

def folder_and_why(ctx: typer.Context) -> Tuple[Path, str]:
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
    folder, why = folder_and_why(ctx)
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


def main() -> None:
    """The app, as the command runs it (start.main, which turns the cycle collector off): its
    click command run as `app(...)` runs it, without the `sys.excepthook` Typer's `__call__`
    sets. With pretty exceptions off that hook only hands over to Python's, and from `sys` it
    keeps Typer's modules, and every module they reach, alive into the interpreter's exit,
    where each is then emptied name by name: 5M instructions of every command
    (docs/speed.md, "Typer's exception hook")."""
    typer.main.get_command(app)(prog_name="scorekeeper")
