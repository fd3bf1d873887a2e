"""Shell completion candidates: sitting names, game names, hand fields and their values.

Imported only when a shell asks for completions (cli/shells.py), never on an ordinary command. Nothing here prints; a sitting that cannot be read completes nothing.
"""

from __future__ import annotations

from typing import List, Optional

from ..model import ScorekeeperError


def sittings(option: Optional[str], incomplete: str) -> List[str]:
    from ..store import list_sessions, resolve_sessions_dir

    try:
        found = list_sessions(resolve_sessions_dir(option)[0])
    except ScorekeeperError:  # a --dir too long, a folder that cannot be read: nothing to complete
        return []
    return [p.stem for p in found if p.stem.lower().startswith(incomplete.lower())]


def games(incomplete: str) -> List[str]:
    from ..games import game_names

    return [n for n in game_names() if n.startswith(incomplete.lower())]


def fields(option: Optional[str], name: Optional[str], incomplete: str) -> List[str]:
    """`bid` -> `bid=`; after `bidder=` the players; after a yes/no field yes and no; after a
    suit the suits; after a field with fixed values (a call, a penalty) those values."""
    if not name:
        return []
    from .. import ledger
    from ..fields import BOOLEAN, PLAYER, PLAYERS, SUIT
    from ..model import COMMON_FIELDS
    from ..store import resolve_sessions_dir, session_path

    try:
        replayed = ledger.open_session(session_path(name, resolve_sessions_dir(option)[0]))
    except ScorekeeperError:
        return []
    known = replayed.game.fields(replayed.session)
    if "=" not in incomplete:
        names = [f.name for f in known] + [n for n in COMMON_FIELDS if n != "at"]
        return [f"{n}=" for n in names if n.lower().startswith(incomplete.lower())]
    field_name, _, typed = incomplete.partition("=")
    field = next((f for f in known if f.name.lower() == field_name.lower()), None)
    if field is None:
        return []
    players = replayed.session.players
    if field.kind is PLAYER or field.kind.describe == PLAYER.describe:  # a revoker is a player too
        values = list(players)
    elif field.kind is PLAYERS:  # a list: complete the last name after the commas
        done, _, last = typed.rpartition(",")
        prefix = f"{done}," if done else ""
        return [f"{field_name}={prefix}{p}" for p in players
                if p.lower().startswith(last.lower()) and p not in done.split(",")]
    elif field.kind is BOOLEAN:
        values = ["yes", "no"]
    elif field.kind is SUIT:
        values = ["C", "D", "H", "S"]
    elif field.kind.describe.startswith("one of "):
        values = field.kind.describe[len("one of "):].split(", ")
    else:
        return []
    return [f"{field_name}={v}" for v in values if v.lower().startswith(typed.lower())]
