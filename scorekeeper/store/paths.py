"""Where sittings live: the sessions folder (--dir, SCOREKEEPER_DIR, ./sessions, the user's
data folder), the file for a name, and the sittings in a folder."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import List, Optional, Tuple

from ..model import ScorekeeperError, shown

DEFAULT_DIR = "sessions"
# A session's name: letters, digits, spaces, '-', '_', '.'; a letter or digit first, no space last
_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_NAME_CHARS = _ALNUM | frozenset(" _.-")
MAX_NAME = 100  # characters in a session's name; NAME.yaml stays far below any file-name limit


def resolve_sessions_dir(option: Optional[str] = None) -> Tuple[Path, str]:
    """The sessions folder and why it was chosen, as tools do: --dir, then SCOREKEEPER_DIR,
    then ./sessions if that folder exists here, else the user's data folder (XDG)."""
    if option:
        return check_path_text(Path(option), "--dir"), "--dir"
    if os.environ.get("SCOREKEEPER_DIR"):
        return check_path_text(Path(os.environ["SCOREKEEPER_DIR"]), "SCOREKEEPER_DIR"), "SCOREKEEPER_DIR"
    if Path(DEFAULT_DIR).is_dir():
        return Path(DEFAULT_DIR), "./sessions exists here"
    return user_data_dir() / "sessions", "the user data folder; --dir or SCOREKEEPER_DIR choose another"


def user_data_dir() -> Path:
    """Where the platform keeps a user's data: $XDG_DATA_HOME (default ~/.local/share) on
    Linux and the BSDs, ~/Library/Application Support on macOS, %APPDATA% on Windows."""
    import sys

    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "scorekeeper"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "scorekeeper"
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    if not base or not os.path.isabs(base):  # the XDG spec: a relative value is ignored
        base = str(Path.home() / ".local" / "share")
    return Path(base) / "scorekeeper"


def session_path(name: str, folder: Path) -> Path:
    """The file for NAME: folder/NAME.yaml; or a path to a .yaml file as given, except that a
    bare file name (`friday.yaml`) is looked for in the sessions folder first, as `list` shows it.

    A bare name may not climb out of the sessions folder ("../x" is refused).
    """
    _check_name_text(name)
    if name.endswith((".yaml", ".yml")):
        path = Path(name)
        if path.name != name:  # a path with a folder in it is taken as given
            return path
        in_folder = folder / name
        return in_folder if in_folder.exists() or not path.exists() else path
    if not (name and name[0] in _ALNUM and name[-1] != " " and _NAME_CHARS.issuperset(name)) or ".." in name:
        raise ScorekeeperError(
            f"session name {shown(name)} is not allowed: use letters, digits, spaces, '-', '_' and '.', "
            f"or give a path ending in .yaml", usage=True)
    if len(name) > MAX_NAME:
        raise ScorekeeperError(f"session name {shown(name)} is too long: {len(name)} characters, "
                               f"at most {MAX_NAME}", usage=True)
    return folder / f"{name}.yaml"


def check_path_text(path: Path, what: str) -> Path:
    """A path the file system could hold: no part longer than 255 bytes (a 300-character folder
    name was an OSError traceback), no NUL byte."""
    for part in path.parts:
        if len(part.encode("utf-8", "surrogateescape")) > 255 or "\0" in part:
            raise ScorekeeperError(f"{what}: {shown(str(path))} cannot be a path: {shown(part)} is longer than "
                                   f"a file or folder name may be (255 bytes)" if "\0" not in part else
                                   f"{what}: {shown(str(path))} holds a NUL byte", usage=True)
    return path


def _check_name_text(name: str) -> None:
    """Refused before the disk is touched: control characters (a newline, a NUL byte) and
    a file name the file system could not hold."""
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise ScorekeeperError(f"session name {shown(name)} is not allowed: it holds a control "
                               f"character (a newline, a tab, a NUL byte...)", usage=True)
    if any(len(part.encode("utf-8", "surrogateescape")) > 255 for part in Path(name).parts):
        raise ScorekeeperError(f"session name {shown(name)} is too long for a file name "
                               f"(at most 255 bytes between slashes)", usage=True)


def close_names(path: Path) -> str:
    """`cinch-tuesday` when `cinch tuesday` was saved: suggest the names that are close."""
    import difflib

    names = [p.stem for p in list_sessions(path.parent)]
    if not names:
        return ""

    def plain(name: str) -> str:  # '-', '_' and ' ' are the same to a person typing
        return re.sub(r"[-_ ]+", " ", name.lower())

    wanted = plain(path.stem)
    close = [n for n in names if plain(n) == wanted]
    by_plain = {plain(n): n for n in names}
    close += [by_plain[m] for m in difflib.get_close_matches(wanted, list(by_plain), n=3, cutoff=0.6)
              if by_plain[m] not in close]
    if not close:
        return ""
    return " (did you mean " + " or ".join(repr(n) for n in close[:3]) + "?)"


def list_sessions(folder: Path) -> List[Path]:
    try:
        if not folder.is_dir():
            return []
        # not only plain files: a link whose target is gone (a synced folder not mounted) or a
        # folder named x.yaml is listed, to fail with its reason, never skipped without a word
        return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
    except OSError as err:  # a folder this user may not read
        raise ScorekeeperError(f"cannot read the folder {folder}: {err.strerror or err}") from None


def real_path(path: Path) -> Path:
    """Where a session is written and locked: the target of a symbolic link."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def make_folder_for(path: Path) -> None:
    """The folder a new sitting or party goes in, made if need be (only `new` makes one). Through
    a link whose target is not there, nothing is made: its folder may be anywhere."""
    if path.is_symlink() and not path.exists():
        target = Path(os.path.realpath(path))
        if not target.parent.is_dir():
            raise ScorekeeperError(f"{path} is a link to {os.readlink(path)}, whose folder "
                                   f"{target.parent} is not there: nothing was made (remove the link, "
                                   f"or make that folder)")
        return
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise ScorekeeperError(f"cannot make {path}: {folder} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ScorekeeperError(f"cannot make the folder {shown(str(folder), 200)}: {err.strerror or err}") from None


def undone_path(path: Path) -> Path:
    """Where `undo` keeps what it removed, for `redo`: `.NAME.yaml.undone` beside the sitting."""
    target = real_path(path)
    return target.parent / f".{target.name}.undone"
