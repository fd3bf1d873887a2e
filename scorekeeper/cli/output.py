"""Where output goes, for every command (the sub-apps too): the width to fit it to.

Imports nothing at the top, so that the lazy sub-apps can use it without paying for it.
"""

from __future__ import annotations

from typing import Mapping, Optional, TextIO

MIN_WIDTH = 20  # a COLUMNS smaller than this is taken as 20: below it no table can be read


def width() -> Optional[int]:
    """The width output is fitted to: a terminal's (COLUMNS, when set, wins, as shutil reads
    it); None when stdout is not a terminal and COLUMNS is not set (piped: lines as they come)."""
    import os
    import sys

    if not (sys.stdout is not None and sys.stdout.isatty()) and not os.environ.get("COLUMNS", "").strip():
        return None
    import shutil

    return max(shutil.get_terminal_size().columns, MIN_WIDTH)


DEFAULT_PAGER = "less -FRX"  # as git: quit if one screen, keep colour, leave the text on screen


def pager_command(env: Mapping[str, str]) -> Optional[str]:
    """The pager to run, as git finds it: $PAGER, else `less -FRX`; none when PAGER is empty or
    `cat`, or when the program is not installed (the text is then printed as it is)."""
    import shlex
    import shutil

    command = env.get("PAGER", DEFAULT_PAGER).strip()
    if not command or command == "cat":
        return None
    try:
        program = shlex.split(command)[0]
    except (ValueError, IndexError):
        return None
    return command if shutil.which(program) else None


def wants_pager(text: str, no_pager: bool) -> Optional[str]:
    """The pager for `text`, if it should go through one: only on a terminal (stdin and stdout,
    as git pages), only when it is taller than the terminal, never with --no-pager."""
    import os
    import sys

    if no_pager or not sys.stdout.isatty() or not sys.stdin.isatty():
        return None
    import shutil

    if text.count("\n") + 1 < shutil.get_terminal_size().lines:
        return None
    return pager_command(dict(os.environ))


def page(text: str, command: str) -> None:
    """Send `text` through the pager and wait for it. A pager quit before the end (q in less)
    is not a mistake: what it did not read is dropped quietly. Ctrl-C belongs to the pager
    while it runs (less uses it), as with git."""
    import os
    import signal
    import subprocess

    env = dict(os.environ)
    env.setdefault("LESS", "FRX")  # git's defaults, for a PAGER=less given without options
    env.setdefault("LV", "-c")
    data = (text + "\n").encode(getattr(__import__("sys").stdout, "encoding", None) or "utf-8",
                                "backslashreplace")
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        pager = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, env=env)
        try:
            assert pager.stdin is not None
            pager.stdin.write(data)
            pager.stdin.close()
        except (BrokenPipeError, OSError):  # the pager quit before reading it all
            pass
        pager.wait()
    finally:
        signal.signal(signal.SIGINT, previous)


def fitted(text: str, stream: Optional[TextIO] = None, hang: str = "") -> str:
    """`text` wrapped at spaces to the terminal's width when `stream` (stdout by default) is a
    terminal: a prompt or an error line the terminal would otherwise cut mid-word."""
    import shutil
    import sys

    stream = sys.stdout if stream is None else stream
    try:
        if stream is None or not stream.isatty():
            return text
    except (AttributeError, ValueError):
        return text
    from ..render.terminal import fit_lines

    body = text.rstrip(" ")  # a prompt's last space stays: the answer is typed after it
    return fit_lines(body, max(shutil.get_terminal_size().columns - 1, MIN_WIDTH), hang) + text[len(body):]
