"""Shell completion in bash, zsh and fish: the scripts `scorekeeper --show-completion` prints
(and `--install-completion` installs), and the other end, which answers them.

Typer's own scripts hand the program the words as the shell split them, and bash splits
`bidder=A` at the `=` (COMP_WORDBREAKS): the program saw `bidder`, `=`, `A` and completed the
field names again. Here every shell passes the command line itself, up to the cursor, and it is
split as a POSIX shell splits it, so `bidder=A` is one word and completes to `bidder=Ann`. Bash
inserts only what follows the last word-break character of the word (`Ann` after `bidder=`):
the answer to bash is cut there. A field name completes as `bidder=` with no space after it,
so that the value can follow.

The protocol: the script runs `scorekeeper` with _SCOREKEEPER_COMPLETE=complete_SHELL and
_SCOREKEEPER_COMPLETE_ARGS=the line; the program prints one candidate a line (fish: a tab and
its help after it). Candidates come from cli/complete.py by way of each argument's
`autocompletion`, as click finds them.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any, Dict, List, Tuple

import typer

_CLICK = typer.BadParameter.__module__.rsplit(".", 1)[0]  # "click" or "typer._click" (see cli/)
_completion = importlib.import_module(f"{_CLICK}.shell_completion")

COMPLETE_VAR = "_SCOREKEEPER_COMPLETE"
ARGS_VAR = "_SCOREKEEPER_COMPLETE_ARGS"
BASH_BREAKS = " \t\n\"'><=;|&(:"  # bash's COMP_WORDBREAKS unless the user changed it

BASH = r"""
_scorekeeper_completion() {
    local IFS=$'\n'
    COMPREPLY=( $( env %(args)s="${COMP_LINE:0:COMP_POINT}" COMP_WORDBREAKS="$COMP_WORDBREAKS" \
                   %(var)s=complete_bash "$1" 2>/dev/null ) )
    # a field name (bidder=) or a list going on (winners=Ann,): no space after it
    if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *[=,] ]]; then
        compopt -o nospace
    fi
    return 0
}

complete -o default -F _scorekeeper_completion %(prog)s
"""

ZSH = r"""
#compdef %(prog)s

_scorekeeper_completion() {
    local -a going_on ended
    local line
    for line in "${(@f)$(env %(args)s="${words[1,$CURRENT]}" %(var)s=complete_zsh %(prog)s 2>/dev/null)}"; do
        [[ -z $line ]] && continue
        if [[ $line == *[=,] ]]; then going_on+=("$line"); else ended+=("$line"); fi
    done
    (( ${#going_on} )) && compadd -S '' -- "${going_on[@]}"
    (( ${#ended} )) && compadd -- "${ended[@]}"
    (( ${#going_on} + ${#ended} )) || _files
}

if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then  # found in $fpath as _%(prog)s
    _scorekeeper_completion "$@"
else  # sourced, or eval "$(%(prog)s --show-completion)"
    compdef _scorekeeper_completion %(prog)s
fi
"""

FISH = (
    "complete --command %(prog)s --no-files --arguments "
    "\"(env %(var)s=complete_fish %(args)s=(commandline -cp) %(prog)s)\" "
    "--condition \"env %(var)s=complete_fish %(args)s=(commandline -cp) _SCOREKEEPER_COMPLETE_ANY=1 "
    "%(prog)s\"\n"
    "complete --command %(prog)s --force-files "
    "--condition \"not env %(var)s=complete_fish %(args)s=(commandline -cp) _SCOREKEEPER_COMPLETE_ANY=1 "
    "%(prog)s\"\n")

SCRIPTS = {"bash": BASH, "zsh": ZSH, "fish": FISH}


def script(shell: str, prog: str = "scorekeeper") -> str:
    return (SCRIPTS[shell] % {"prog": prog, "var": COMPLETE_VAR, "args": ARGS_VAR}).strip() + "\n"


def detect_shell() -> str:
    """The shell running scorekeeper (its parent process, as Typer finds it), else $SHELL."""
    try:
        import shellingham  # type: ignore[import-untyped, import-not-found, unused-ignore]

        name: str = shellingham.detect_shell()[0]
    except Exception:  # not installed, or no shell among the parents (a script, CI)
        name = Path(os.environ.get("SHELL", "")).name
    name = name.lower()
    if name not in SCRIPTS:
        from ..model import ScorekeeperError

        raise ScorekeeperError(f"shell completion is for bash, zsh and fish; this shell is "
                               f"{name or 'unknown'} (SHELL=bash, zsh or fish chooses one)", usage=True)
    return name


class _LineComplete(_completion.ShellComplete):  # type: ignore[misc, name-defined]
    """The command line up to the cursor, split as a POSIX shell splits it."""

    def get_completion_args(self) -> Tuple[List[str], str]:
        line = os.environ.get(ARGS_VAR, "")
        words = _completion.split_arg_string(line)
        args = words[1:]
        if args and line and not line[-1].isspace():
            return args[:-1], args[-1]
        return args, ""

    incomplete = ""

    def answers(self) -> List[Any]:
        args, self.incomplete = self.get_completion_args()
        found: List[Any] = self.get_completions(args, self.incomplete)
        return found

    def complete(self) -> str:
        if os.environ.get("_SCOREKEEPER_COMPLETE_ANY"):  # fish asks whether there is anything
            import sys

            sys.exit(0 if self.answers() else 1)
        return "\n".join(self.format_completion(item) for item in self.answers())

    def format_completion(self, item: Any) -> str:
        return str(item.value)

    def source_vars(self) -> Dict[str, Any]:
        return {}

    def source(self) -> str:
        return script(self.name, self.prog_name)


class Bash(_LineComplete):
    name = "bash"

    def format_completion(self, item: Any) -> str:
        # bash replaces only what follows the last word-break character of the word being
        # completed (`Ann` after `bidder=`): give it that part
        breaks = os.environ.get("COMP_WORDBREAKS", BASH_BREAKS)
        incomplete, value = self.incomplete, str(item.value)
        cut = max((incomplete.rfind(c) for c in breaks if c.strip()), default=-1) + 1
        if cut and value.startswith(incomplete[:cut]):
            value = value[cut:]
        return value.replace("\\", "\\\\").replace(" ", "\\ ")


class Zsh(_LineComplete):
    name = "zsh"


class Fish(_LineComplete):
    name = "fish"

    def format_completion(self, item: Any) -> str:
        help = " ".join((item.help or "").split())
        return f"{item.value}\t{help}" if help else str(item.value)


def register() -> None:
    """Answer the shells with these classes (called when a shell asks, before click looks)."""
    for cls in (Bash, Zsh, Fish):
        _completion.add_completion_class(cls, cls.name)


def install(shell: str, prog: str = "scorekeeper") -> Path:
    """Install the script where the shell finds it: fish's completions folder, a file sourced
    from ~/.bashrc, or zsh's ~/.zfunc with ~/.zshrc told to look there. Returns the file."""
    home = Path.home()
    text = script(shell, prog)
    if shell == "fish":
        target = home / ".config" / "fish" / "completions" / f"{prog}.fish"
        rc, lines = None, []
    elif shell == "bash":
        target = home / ".bash_completions" / f"{prog}.sh"
        rc, lines = home / ".bashrc", [f"source {target}"]
    else:
        target = home / ".zfunc" / f"_{prog}"
        rc, lines = home / ".zshrc", ["fpath+=~/.zfunc", "autoload -Uz compinit && compinit"]
    from .. import store

    store.write_text(target, text, make_folder=True)
    if rc is not None:
        old = rc.read_text(encoding="utf-8") if rc.exists() else ""
        missing = [line for line in lines if line not in old.splitlines()]
        if missing:
            store.write_text(rc, old + ("" if not old or old.endswith("\n") else "\n")
                             + "\n".join(missing) + "\n")
    return target
