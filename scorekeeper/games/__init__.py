"""The registry of games: a name -> where its Game is (imported on demand), and what `scorekeeper games`
lists of it (the one place its title, players and unit are written)."""

from __future__ import annotations

import importlib
from typing import Any, Dict, List

from ..fields import suggest
from ..model import ScorekeeperError, shown
from .base import Game


class Listed:
    """A game as `scorekeeper games` lists it, without importing it: where its class is, and its
    players, unit and title, which its class takes from here (`Game.__init_subclass__`).
    (A plain class: docs/architecture.md, "Value types".)"""

    __slots__ = ("module", "cls", "min_players", "max_players", "unit", "title")

    def __init__(self, module: str, cls: str, min_players: int, max_players: int, unit: str, title: str) -> None:
        self.module, self.cls, self.min_players, self.max_players = module, cls, min_players, max_players
        self.unit, self.title = unit, title


# name -> the game, imported lazily so a command pays only for the game it uses.
GAMES: Dict[str, Listed] = {
    "tally": Listed("scorekeeper.games.tally", "Tally", 2, 12, "points",
                     "Tally (any game: points per player per hand)"),
    "cinch": Listed("scorekeeper.games.cinch.game", "Cinch", 4, 4, "games",
                     "Cinch / Double Pedro (four players, two partnerships, 51 up)"),
    "sixty-three": Listed("scorekeeper.games.cinch.game", "SixtyThree", 4, 4, "games",
                     "Sixty-three (Cinch with King 25, trey 15, nine 9: 63 a deal, 150 up)"),
    "cinch-auction": Listed("scorekeeper.games.cinch.game", "AuctionCinch", 5, 6, "games",
                     "Auction Cinch / Razzle-dazzle (five or six, each for himself)"),
    "cinch-solo": Listed("scorekeeper.games.cinch.game", "SoloCinch", 2, 3, "games",
                     "Two- or three-handed Cinch (each for himself)"),
    "cinch-widow": Listed("scorekeeper.games.cinch.game", "WidowCinch", 6, 6, "games",
                     "Widow Cinch (six players, three partnerships of two, the widow)"),
    "cribbage": Listed("scorekeeper.games.cribbage.game", "Cribbage", 2, 4, "games",
                     "Cribbage (two, three or four hands; five-, six- or eight-card)"),
    # CUTTING: at seven the dealer takes no cards (a six-handed deal)
    "hearts": Listed("scorekeeper.games.hearts.game", "Hearts", 2, 7, "counters",
                     "Hearts (Sweepstake with Jacks, Howell's, and every settlement in the book)"),
    # PLAYERS: "five or six may form a table" (four are dealt in each deal)
    "boston": Listed("scorekeeper.games.boston.game", "Boston", 4, 6, "counters",
                     "Boston (a caller against three; counters and a pool)"),
    "short-whist": Listed("scorekeeper.games.whist.game", "ShortWhist", 4, 4, "points",
                     "Short Whist (five-point game, rubbers, honours)"),
    "long-whist": Listed("scorekeeper.games.whist.game", "LongWhist", 4, 4, "points",
                     "Long Whist (ten-point game, honours called at eight)"),
    "scotch-whist": Listed("scorekeeper.games.whist.scotch", "ScotchWhist", 2, 5, "games",
                     "Scotch Whist, or Catch the Ten (41 up)"),
    "french-whist": Listed("scorekeeper.games.whist.scotch", "FrenchWhist", 2, 5, "games",
                     "French Whist (Scotch Whist with the Ten of Diamonds counting ten)"),
    "all-fours": Listed("scorekeeper.games.all_fours", "AllFours", 2, 4, "games",
                     "All Fours (high, low, Jack, game; two players or four in partnerships; 10 up)"),
    # three cards each and the miss from one pack of 52
    "loo": Listed("scorekeeper.games.loo", "Loo", 3, 16, "counters",
                     "Three-card Loo (limited or unlimited)"),
    "slobberhannes": Listed("scorekeeper.games.slobberhannes", "Slobberhannes", 4, 7, "counters",
                     "Slobberhannes (four to seven; avoid the first and last tricks and the club Queen)"),
    "polignac": Listed("scorekeeper.games.polignac", "Polignac", 4, 7, "counters",
                     "Polignac / Quatre-Valets (four to seven; avoid the Jacks, above all the spade Jack)"),
    # eight cards each: six from one pack of 52, more with a second pack
    "enfle": Listed("scorekeeper.games.enfle", "Enfle", 4, 8, "counters",
                     "Enflé / Schwellen (four or more; the first rid of his cards takes the pool)"),
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
    game: Game[Any] = getattr(importlib.import_module(entry.module), entry.cls)()
    return game
