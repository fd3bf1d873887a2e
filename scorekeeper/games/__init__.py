"""The registry of games: a name -> the module that defines its Game (imported on demand)."""

from __future__ import annotations

import importlib
from typing import Any, Dict, List, Tuple

from ..fields import suggest
from ..model import ScorekeeperError, shown
from .base import Game

# name -> (module, class). Imported lazily so a command pays only for the game it uses.
GAMES: Dict[str, Tuple[str, str]] = {
    "tally": ("scorekeeper.games.tally", "Tally"),
    "cinch": ("scorekeeper.games.cinch.game", "Cinch"),
    "sixty-three": ("scorekeeper.games.cinch.game", "SixtyThree"),
    "cinch-auction": ("scorekeeper.games.cinch.game", "AuctionCinch"),
    "cinch-solo": ("scorekeeper.games.cinch.game", "SoloCinch"),
    "cinch-widow": ("scorekeeper.games.cinch.game", "WidowCinch"),
    "cribbage": ("scorekeeper.games.cribbage.game", "Cribbage"),
    "hearts": ("scorekeeper.games.hearts.game", "Hearts"),
    "boston": ("scorekeeper.games.boston.game", "Boston"),
    "short-whist": ("scorekeeper.games.whist.game", "ShortWhist"),
    "long-whist": ("scorekeeper.games.whist.game", "LongWhist"),
    "scotch-whist": ("scorekeeper.games.whist.scotch", "ScotchWhist"),
    "french-whist": ("scorekeeper.games.whist.scotch", "FrenchWhist"),
    "all-fours": ("scorekeeper.games.all_fours", "AllFours"),
    "loo": ("scorekeeper.games.loo", "Loo"),
    "slobberhannes": ("scorekeeper.games.slobberhannes", "Slobberhannes"),
    "polignac": ("scorekeeper.games.polignac", "Polignac"),
    "enfle": ("scorekeeper.games.enfle", "Enfle"),
}


# Played with `scorekeeper party` (party/replay.py), not as a sitting.
PARTIES = ("progressive-hearts", "progressive-cinch")


def game_names() -> List[str]:
    return sorted(GAMES)


def get_game(name: str) -> Game[Any]:
    entry = GAMES.get(str(name).strip().lower())
    if entry is None and str(name).strip().lower() in PARTIES:
        raise ScorekeeperError(f"{str(name).strip().lower()} is played as a party of several tables: "
                               f"scorekeeper party new NAME --game {str(name).strip().lower()} "
                               f"--players P1,P2,... (scorekeeper party --help tells more)")
    if entry is None:
        raise ScorekeeperError(
            f"unknown game {shown(name)}{suggest(str(name), game_names())}; games: {', '.join(game_names())}",
            key="game")
    module = importlib.import_module(entry[0])
    game: Game[Any] = getattr(module, entry[1])()
    return game
