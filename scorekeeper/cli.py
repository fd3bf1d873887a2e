"""The `scorekeeper` command: a thin Typer layer. Parse, call the library, render, exit.

Every ScorekeeperError and every usage mistake is turned into one `error:` line on stderr
here, in one place (`ScorekeeperGroup.main`), with the exit code of its kind (EXIT_CODES).
"""

import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import click
import typer
from typer.core import TyperGroup

from .model import FILE, USAGE, ScorekeeperError

# The exit code of each kind of mistake: 2 for how a command was called, 1 for a file or
# the world (the conventions of the shell; the library only says which kind it is).
EXIT_CODES: Dict[str, int] = {USAGE: 2, FILE: 1}

# Commands of a game's own, e.g. `scorekeeper crib count`: name -> (module, Typer app, help).
# They are imported only when invoked (or listed by --help), so that startup does not grow
# with every game added. Register one line each here, e.g. "crib": ("scorekeeper.commands.crib", "app", "cribbage counts").
# (Typer sub-apps in scorekeeper/commands/ import only typer at the top.)
LAZY_COMMANDS: Dict[str, Tuple[str, str, str]] = {
    "crib": ("scorekeeper.commands.crib", "app", "cribbage: count a hand, the play, statistics, discard advice"),
    "cinch": ("scorekeeper.commands.cinch", "app", "cinch: play out a hand trick by trick and score it"),
    "party": ("scorekeeper.commands.party", "app", "a progressive party: tables, moving up, stars, prizes"),
}

class ScorekeeperGroup(TyperGroup):
    def list_commands(self, ctx: click.Context) -> List[str]:  # type: ignore[override]
        # a lazy command once loaded is in self.commands too: list each command once
        own = [name for name in super().list_commands(ctx) if name not in LAZY_COMMANDS]
        return own + sorted(LAZY_COMMANDS)

    def get_command(self, ctx: click.Context, name: str):  # type: ignore[override]
        if name in LAZY_COMMANDS and name not in self.commands:
            import importlib

            module, attribute, help = LAZY_COMMANDS[name]
            sub_app = getattr(importlib.import_module(module), attribute)
            command = typer.main.get_command(sub_app)
            command.name = name
            command.help = command.help or help
            command.context_settings.setdefault("help_option_names", HELP_OPTIONS)
            _restore_argument_help(command, sub_app)
            self.commands[name] = command
        command = super().get_command(ctx, name)
        if command is not None and name not in LAZY_COMMANDS:
            _restore_argument_help(command, app, name)
        return command

    def main(self, *args, **kwargs):  # type: ignore[override]
        kwargs["standalone_mode"] = False
        try:
            code = super().main(*args, **kwargs)
        except ScorekeeperError as err:
            _fail(str(err), EXIT_CODES.get(err.kind, 1))
        except click.exceptions.NoArgsIsHelpError as err:
            click.echo(err.ctx.get_help() if err.ctx else str(err))
            sys.exit(2)
        except click.exceptions.UsageError as err:
            path = ["scorekeeper"] + (err.ctx.command_path.split()[1:] if err.ctx else [])
            hint = f" (see {' '.join(path)} --help)"
            _fail(err.format_message() + hint, 2)
        except click.exceptions.ClickException as err:
            _fail(err.format_message(), err.exit_code)
        except click.exceptions.Abort:
            _fail("aborted", 1)
        except KeyboardInterrupt:
            _fail("interrupted", 130)
        sys.exit(code if isinstance(code, int) else 0)

def _restore_argument_help(command: click.Command, typer_app: typer.Typer, name: str = "") -> None:
    """Click 8.5 sets an argument's help itself and Typer 0.24 does not pass it on, so the
    Arguments section came out bare: put back the help each typer.Argument(help=...) gives.
    (Click 8.5 would then list the arguments a second time: Typer's own section is kept.)"""
    import inspect

    command.format_arguments = lambda ctx, formatter: None  # type: ignore[method-assign]

    if isinstance(command, click.Group):
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
            if isinstance(param, click.Argument) and not getattr(param, "help", None) \
                    and getattr(given, "help", None):
                param.help = given.help  # type: ignore[attr-defined]


def _fail(message: str, code: int) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(code)

HELP_OPTIONS = ["-h", "--help"]

app = typer.Typer(cls=ScorekeeperGroup, add_completion=True, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False,
                  context_settings={"help_option_names": HELP_OPTIONS},
                  help="Keep the score of a card night by the laws of the game, and settle up.",
                  epilog="\b\nExample:\n  scorekeeper new friday --game tally --players Ann,Bob,Cid\n"
                         "  scorekeeper hand friday Ann=12 Bob=-3\n  scorekeeper settle friday")


def example(*lines: str) -> str:
    """A command's help ends with a worked example (as gh and HTTPie do); \\b keeps the lines."""
    return "\b\nExample:\n" + "\n".join(f"  {line}" for line in lines)


def _version(value: bool) -> None:
    if value:
        from . import __version__

        typer.echo(f"scorekeeper {__version__}")
        raise typer.Exit()


# Shell completion: the functions are tiny and import scorekeeper.complete only when a shell asks.
def _complete_sitting(ctx: typer.Context, incomplete: str) -> List[str]:
    from .complete import sittings

    return sittings(_root_dir(ctx), incomplete)


def _complete_game(incomplete: str) -> List[str]:
    from .complete import games

    return games(incomplete)


def _complete_field(ctx: typer.Context, incomplete: str) -> List[str]:
    from .complete import fields

    return fields(_root_dir(ctx), ctx.params.get("name"), incomplete)


def _root_dir(ctx: click.Context) -> Optional[str]:
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
         no_color: bool = typer.Option(False, "--no-color", help="no colour even on a terminal "
                                       "(as NO_COLOR=1 does)")) -> None:
    ctx.meta["no_color"] = no_color
    ctx.obj = dir

def _folder(ctx: typer.Context) -> Path:
    return _folder_and_why(ctx)[0]


def _folder_and_why(ctx: typer.Context) -> Tuple[Path, str]:
    from .store import resolve_sessions_dir

    return resolve_sessions_dir(_root_dir(ctx))

def _path(ctx: typer.Context, name: str) -> Path:
    from .store import session_path

    return session_path(name, _folder(ctx))

def _style(ctx: typer.Context):
    """Suit symbols and colour on a terminal only (never piped, never with NO_COLOR or
    --no-color); the terminal's width (or COLUMNS) for the tables. None: plain text."""
    import os

    is_tty = sys.stdout.isatty()
    if not is_tty and not os.environ.get("COLUMNS", "").strip():
        return None  # piped: plain, and nothing more imported
    import shutil

    from .terminal import decide

    return decide(is_tty, dict(os.environ), bool(ctx.find_root().meta.get("no_color")),
                  getattr(sys.stdout, "encoding", "") or "", shutil.get_terminal_size().columns)


def _out(text: str) -> None:
    typer.echo(text)

SITTING = "the sitting: a name in the sessions folder, or a path to a .yaml file"


def _sitting_arg(help: str = SITTING):
    return typer.Argument(..., help=help, autocompletion=_complete_sitting)


def _json_opt():
    return typer.Option(False, "--json", help="machine-readable output")


@app.command(epilog=example("scorekeeper new friday --game cinch --players Ann,Bob,Cid,Dee --stake 0.25 "
                            "--currency USD --rule target=51"))
def new(ctx: typer.Context, name: str = typer.Argument(..., help="the sitting's name (letters, digits, "
                                                       "spaces, '-', '_', '.')"),
        game: str = typer.Option(..., "--game", "-g", help="which game (scorekeeper games)",
                                 autocompletion=_complete_game),
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
    replayed = ledger.new_session(path, game, names, parse_assignments(rule, "rule"),
                                  parse_stake(stake), currency)
    folder_note = f" (in a new folder {path.parent})" if new_folder else ""
    _out(f"created {replayed.session.path}{folder_note}\n\n"
         + render.standings_text(replayed.session, replayed.standings))


@app.command(epilog=example("scorekeeper hand friday bidder=Ann bid=8 made=10", "scorekeeper hand friday -i"))
def hand(ctx: typer.Context, name: str = _sitting_arg(),
         fields: List[str] = typer.Argument(None, help="FIELD=VALUE ... (scorekeeper games GAME lists them)",
                                            autocompletion=_complete_field),
         interactive: bool = typer.Option(False, "--interactive", "-i", help="ask for the fields"),
         json: bool = _json_opt()) -> None:
    """Log one hand, then show its effect and the standings."""
    from . import ledger, render
    from .fields import parse_assignments

    path = _path(ctx, name)
    if not fields and (interactive or sys.stdin.isatty()):
        from .commands.prompts import ask_hand

        replayed = ask_hand(path)
    elif not fields:
        raise ScorekeeperError("give the hand's fields as FIELD=VALUE (scorekeeper games GAME lists them)",
                               usage=True)
    else:
        replayed = ledger.add_hand(path, parse_assignments(fields))
    if json:
        _out(render.hand_json(replayed.session, replayed.standings))
    else:
        _out(render.effect_text(replayed.session, replayed.standings, _style(ctx)))


@app.command(epilog=example("scorekeeper show friday", "scorekeeper show friday --json"))
def show(ctx: typer.Context, name: str = _sitting_arg(), json: bool = _json_opt()) -> None:
    """Standings (with the next dealer), then every hand with its effect."""
    from . import ledger, render

    r = ledger.open_session(_path(ctx, name))
    if json:
        _out(render.show_json(r.session, r.standings))
    else:
        _out(render.show_text(r.session, r.standings, _style(ctx), r.game.score_sides(r.session)))


@app.command(epilog=example("scorekeeper undo friday"))
def undo(ctx: typer.Context, name: str = _sitting_arg()) -> None:
    """Remove the last hand; say how to put it back."""
    from . import ledger, render

    removed, r = ledger.undo(_path(ctx, name))
    _out(f"removed hand {len(r.session.hands) + 1}: {render.hand_text(removed.fields)}\n"
         f"to put it back: {render.put_back_command(name, removed.fields)}\n\n"
         + render.standings_text(r.session, r.standings))


@app.command(epilog=example("scorekeeper edit friday 7 made=9", "scorekeeper edit friday 3 note="))
def edit(ctx: typer.Context, name: str = _sitting_arg(),
         number: int = typer.Argument(..., help="the hand to correct (1 is the first)"),
         fields: List[str] = typer.Argument(..., help="FIELD=VALUE ... (FIELD= removes a field)",
                                            autocompletion=_complete_field)) -> None:
    """Correct hand N; show what it changed (everything after it is recomputed)."""
    from . import ledger, render
    from .fields import parse_assignments

    before, after = ledger.correct(_path(ctx, name), number, parse_assignments(fields))
    _out(render.correction_text(number, before.session, before.standings, after.session, after.standings))


@app.command(epilog=example("scorekeeper settle friday", "scorekeeper settle friday --json"))
def settle(ctx: typer.Context, name: str = _sitting_arg(), json: bool = _json_opt()) -> None:
    """Who pays whom at the end of the sitting (the fewest payments)."""
    from . import ledger, render

    r = ledger.open_session(_path(ctx, name))
    s = ledger.settlement(r)
    _out(render.settle_json(s, r.standings) if json else render.settle_text(r.session, r.standings, s, _style(ctx)))


@app.command("list", epilog=example("scorekeeper list", "scorekeeper --dir ~/cards list --json"))
def list_(ctx: typer.Context, json: bool = _json_opt()) -> None:
    """The sittings in the sessions folder, and which folder."""
    from . import render, store
    from .games import GAMES

    folder, why = _folder_and_why(ctx)
    rows = []
    for p in store.list_sessions(folder):  # headers only: nothing is replayed
        try:
            s, hands = store.load_summary(p)  # the header and a count: nothing replayed
            rows.append({"name": p.stem, "kind": store.SITTING, "game": s.game,
                         "known_game": s.game.lower() in GAMES, "players": list(s.players),
                         "hands": hands, "created": s.created, "path": str(p)})
        except store.PartyFile as found:  # a progressive party: "hands" are its table results
            s = found.party
            rows.append({"name": p.stem, "kind": store.PARTY, "game": s.game, "known_game": True,
                         "players": list(s.players), "hands": len(s.hands), "created": s.created,
                         "path": str(p)})
        except ScorekeeperError as err:
            rows.append({"name": p.stem, "path": str(p), "error": err.message})
    _out(render.sessions_json(folder, why, rows) if json else render.sessions_text(folder, why, rows))


@app.command(epilog=example("scorekeeper games", "scorekeeper games cinch --rule blind_draw=on",
                            "scorekeeper games hearts --players Ann,Bob,Cid,Dee --json"))
def games(game: Optional[str] = typer.Argument(None, help="one game, in full",
                                               autocompletion=_complete_game),
          rule: List[str] = typer.Option([], "--rule", "-r", help="show the hand fields under this "
                                         "house rule NAME=VALUE (repeatable)"),
          players: Optional[str] = typer.Option(None, "--players", "-p", help="show the hand fields "
                                                "for this table: Ann,Bob,Cid"),
          json: bool = _json_opt()) -> None:
    """The games, or one game's house rules and hand fields."""
    from . import ledger, render
    from .fields import parse_assignments
    from .games import game_names, get_game
    from .model import Session

    if game is None:
        every = {n: get_game(n) for n in game_names()}
        _out(render.games_json(every) if json else render.games_list(every))
        return
    g = get_game(game)
    if players:
        seated = tuple(p.strip() for p in players.split(","))
        ledger.check_players(seated)
        g.check_players(seated)
    else:
        seats = max(g.min_players, min(4, g.max_players))  # a typical table: four where allowed
        seated = tuple(f"PLAYER{i}" for i in range(1, seats + 1))
    rules = g.resolve_rules(ledger.read_rule_files(g, parse_assignments(rule, "rule")), seated)
    example_session = Session(name="", game=g.name, players=seated, rules=rules)
    fields = g.fields(example_session)
    _out(render.game_help_json(g, fields) if json else render.game_help(g, fields))


@app.command(epilog=example("scorekeeper export friday > friday.csv"))
def export(ctx: typer.Context, name: str = _sitting_arg(),
           csv: bool = typer.Option(True, "--csv", help="comma-separated values (the only format)")) -> None:
    """Every hand with its effect and the scores after it, as CSV."""
    from . import ledger, render

    r = ledger.open_session(_path(ctx, name))
    order = [f.name for f in r.game.fields(r.session)]
    typer.echo(render.export_csv(r.session, r.standings, order), nl=False)

@app.command(epilog=example("scorekeeper stats", "scorekeeper stats --game hearts --since 2026-11-01",
                            "scorekeeper stats --player Ann --json"))
def stats(ctx: typer.Context,
          game: Optional[str] = typer.Option(None, "--game", "-g", help="only sittings of this game"),
          player: Optional[str] = typer.Option(None, "--player", "-p", help="only this player"),
          since: Optional[str] = typer.Option(None, "--since", help="only sittings from this date "
                                              "on (2026-11-01)"),
          json: bool = _json_opt()) -> None:
    """Statistics over every sitting in the folder: per player and per game."""
    from . import ledger, render_stats
    from . import stats as season_stats

    if game is not None:
        from .games import get_game

        game = get_game(game).name
    folder = _folder(ctx)
    keep = season_stats.keeper(game, player, season_stats.parse_since(since))
    nights, failed = ledger.season(folder, keep)
    season = season_stats.season(nights, failed, player, filtered=bool(game or player or since))
    _out(render_stats.stats_json(season) if json else render_stats.stats_text(season, str(folder)))


def _fancy() -> bool:
    """Symbols and colour only on a terminal, never with NO_COLOR set (no-color.org)."""
    import os

    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


@app.command(epilog=example("scorekeeper chart cribbage-evening"))
def chart(ctx: typer.Context, name: str = _sitting_arg()) -> None:
    """Each player's (or side's) score after every hand, as a chart fitting the terminal."""
    import shutil

    from . import ledger, render_chart, stats

    r = ledger.open_session(_path(ctx, name))
    lines = stats.score_lines(r.session.players, r.standings.effects, r.standings.scores)
    title = f"{r.session.name} ({r.standings.game}): the score after each hand"
    width = shutil.get_terminal_size((80, 24)).columns
    _out(render_chart.chart_text(title, lines.lines, lines.game_ends, width, _fancy()))


@app.command(epilog=example("scorekeeper report cribbage-evening --html evening.html",
                            "scorekeeper report --season --html season.html"))
def report(ctx: typer.Context,
           name: Optional[str] = typer.Argument(None, help="the sitting (leave out with --season)"),
           html: Path = typer.Option(..., "--html", help="the HTML file to write"),
           season: bool = typer.Option(False, "--season", help="every sitting in the folder")) -> None:
    """One self-contained HTML page to share: standings, chart, every hand, who pays whom."""
    from . import ledger, render_html, stats, store

    if season == (name is not None):
        raise ScorekeeperError("give a sitting's NAME, or --season for the whole folder "
                               "(not both)", usage=True)
    if season:
        folder = _folder(ctx)
        nights, failed = ledger.season(folder)
        page = render_html.season_html(str(folder), stats.season(nights, failed), nights)
    else:
        r = ledger.open_session(_path(ctx, name))
        lines = stats.score_lines(r.session.players, r.standings.effects, r.standings.scores)
        page = render_html.sitting_html(r.session, r.standings, ledger.settlement(r), lines)
    store.write_text(html, page)
    _out(f"wrote {html}")



def main() -> None:
    app(prog_name="scorekeeper")
