"""Large sittings for the scale benchmarks: written as the program writes them (store.dump),
with hands a real table could log, so that every one replays."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path
from typing import Dict, List

from scorekeeper import store
from scorekeeper.games import get_game
from scorekeeper.model import Hand, Session, Stakes

PLAYERS = ("Ann", "Bob", "Cid", "Dee")
AT = "2026-11-29T19:30:00"


def tally_hand(rng: random.Random, i: int) -> Dict[str, object]:
    return {p: rng.randint(-5, 40) for p in PLAYERS} | {"at": AT}


def cinch_hand(rng: random.Random, i: int) -> Dict[str, object]:
    bid = rng.randint(6, 14)
    return {"bidder": PLAYERS[rng.randrange(4)], "bid": bid, "made": rng.randint(0, 14), "at": AT}


HANDS = {"tally": tally_hand, "cinch": cinch_hand}


def sitting(game: str, hands: int, seed: int = 1, name: str = "season",
            created: str = "2026-11-29T19:30:00") -> Session:
    rng = random.Random(seed)
    make = HANDS[game]
    g = get_game(game)
    rules = g.dump_rules(g.resolve_rules({}, PLAYERS))
    return Session(name=name, game=game, players=PLAYERS, rules=rules,
                   stakes=Stakes(Decimal("0.05"), "USD"), created=created,
                   hands=tuple(Hand(make(rng, i)) for i in range(hands)))


def write(folder: Path, game: str, hands: int, seed: int = 1, name: str = "season",
          created: str = "2026-11-29T19:30:00") -> Path:
    path = folder / f"{name}.yaml"
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(store.dump(sitting(game, hands, seed, name, created)), encoding="utf-8")
    return path


def write_many(folder: Path, count: int, hands: int) -> List[Path]:
    """A club's year: `count` nights, alternating tally and Cinch."""
    games = ("tally", "cinch")
    return [write(folder, games[i % 2], hands, seed=i, name=f"night-{i:03d}",
                  created=f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T20:00:00") for i in range(count)]
