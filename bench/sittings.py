"""Large sittings for the scale benchmarks: written as the program writes them (store.dump),
with hands a real table could log, so that every one replays.

Every hand is kept only if the game's own fold accepts it after the hands kept before it
(`Game.read_hand`, `check_result` and `Game.apply`, as `replay` does), so a sitting of any game grows to any
length and replays without an error: tally, Cinch, Hearts and cribbage typed as cards are
drawn at random; every other game cycles through the hands of its bundled example sitting
(sessions/examples/), shuffled each round.
"""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from scorekeeper import store
from scorekeeper.cards import full_deck
from scorekeeper.fields import FieldIndex, dump_hand
from scorekeeper.games import game_names, get_game
from scorekeeper.model import Hand, ScorekeeperError, Session, Stakes

PLAYERS = ("Ann", "Bob", "Cid", "Dee")
AT = "2026-11-29T19:30:00"
EXAMPLES = Path(__file__).resolve().parent.parent / "sessions" / "examples"

Draw = Callable[[random.Random, Sequence[str]], Dict[str, Any]]


def tally_hand(rng: random.Random, players: Sequence[str]) -> Dict[str, Any]:
    return {p: rng.randint(-5, 40) for p in players}


def cinch_hand(rng: random.Random, players: Sequence[str]) -> Dict[str, Any]:
    return {"bidder": players[rng.randrange(len(players))], "bid": rng.randint(6, 14),
            "made": rng.randint(0, 14)}


def hearts_hand(rng: random.Random, players: Sequence[str]) -> Dict[str, Any]:
    taken: Dict[str, Any] = {}
    for _ in range(13):  # the thirteen hearts, each to one player
        p = players[rng.randrange(len(players))]
        taken[p] = taken.get(p, 0) + 1
    return taken


def cribbage_cards_hand(rng: random.Random, players: Sequence[str]) -> Dict[str, Any]:
    """A six-card deal typed as cards: the starter, each hand, the crib and the pegging."""
    deck = list(full_deck())
    rng.shuffle(deck)
    hand: Dict[str, Any] = {"starter": str(deck.pop())}
    for p in players:
        hand[f"hand.{p}"] = " ".join(str(deck.pop()) for _ in range(4))
    hand["crib"] = " ".join(str(deck.pop()) for _ in range(4))
    for p in players:
        hand[f"play.{p}"] = rng.randint(0, 6)
    return hand


# game -> (players, house rules, a random hand); "cribbage-cards" is cribbage typed as cards
DRAWN: Dict[str, Tuple[Tuple[str, ...], Dict[str, Any], Draw]] = {
    "tally": (PLAYERS, {}, tally_hand),
    "cinch": (PLAYERS, {}, cinch_hand),
    "hearts": (PLAYERS, {}, hearts_hand),
    "cribbage-cards": (("Ann", "Bob"), {}, cribbage_cards_hand),
}


def example_of(game: str) -> Path:
    """The bundled example sitting of a game (the first by name)."""
    for path in sorted(EXAMPLES.glob("*.yaml")):
        if path.read_text(encoding="utf-8").split("\n", 2)[1:2] == [f"game: {game}"]:
            return path
    raise LookupError(f"no bundled example of {game}")


def cases() -> List[str]:
    """Every game, and cribbage typed as cards (the slowest to replay)."""
    return sorted(set(game_names()) | set(DRAWN))


def _candidates(case: str, rng: random.Random) -> Tuple[Tuple[str, ...], Dict[str, Any], Iterator[Dict[str, Any]]]:
    """(players, rules, an endless supply of hands to try)."""
    if case in DRAWN:
        players, rules, draw = DRAWN[case]

        def drawn() -> Iterator[Dict[str, Any]]:
            while True:
                yield draw(rng, players)
        return players, rules, drawn()
    example = store.load(example_of(case))

    def cycled() -> Iterator[Dict[str, Any]]:
        while True:
            hands = [dict(h.fields) for h in example.hands]
            rng.shuffle(hands)
            yield from hands
    return example.players, dict(example.rules), cycled()


def sitting(case: str, hands: int, seed: int = 1, name: str = "season",
            created: str = AT) -> Session:
    """A sitting of `hands` hands that replays: each candidate hand kept only when the fold
    accepts it after those kept before it, in its canonical form (as `hand` saves it)."""
    rng = random.Random(seed)
    players, given, candidates = _candidates(case, rng)
    game = get_game("cribbage" if case == "cribbage-cards" else case)
    rules = game.resolve_rules(given, players)
    session = Session(name=name, game=game.name, players=players, rules=rules)
    fields = game.fields(session)
    index = FieldIndex(fields)
    state = game.start(session)
    kept: List[Hand] = []
    tries = 0
    while len(kept) < hands:
        tries += 1
        if tries > 50 * hands + 1000:
            raise RuntimeError(f"{case}: only {len(kept)} hands accepted of {tries} tried")
        raw = {k: v for k, v in next(candidates).items() if k not in ("corrected", "at")}
        raw["at"] = AT
        try:
            values = game.read_hand(raw, session, index)
            game.check_result(values, session)
            state, _ = game.apply(state, values, session, len(kept))
        except ScorekeeperError:
            continue
        kept.append(Hand(dump_hand(values, fields)))
    return Session(name=name, game=game.name, players=players, rules=game.dump_rules(rules),
                   stakes=Stakes(Decimal("0.05"), "USD"), created=created, hands=tuple(kept))


def write(folder: Path, case: str, hands: int, seed: int = 1, name: Optional[str] = None,
          created: str = AT) -> Path:
    name = name or f"{case}-{hands}"
    path = folder / f"{name}.yaml"
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(store.dump(sitting(case, hands, seed, name, created)), encoding="utf-8")
    return path


MIXED = ("tally", "cinch", "hearts", "cribbage-cards")


def write_many(folder: Path, count: int, hands: int, kinds: Sequence[str] = MIXED) -> List[Path]:
    """A club's year: `count` nights of `hands` hands, the kinds in turn. Nights of one kind
    differ only in their seed, so one night of each kind is grown and the rest are copies
    with their own name and date (growing 5,000 nights would take longer than the runs)."""
    folder.mkdir(parents=True, exist_ok=True)
    grown = {kind: [sitting(kind, hands, seed=s) for s in range(3)] for kind in kinds}
    paths = []
    for i in range(count):
        base = grown[kinds[i % len(kinds)]][i // len(kinds) % 3]
        night = base._replace(name=f"night-{i:04d}",
                              created=f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T20:00:00")
        path = folder / f"{night.name}.yaml"
        path.write_text(store.dump(night), encoding="utf-8")
        paths.append(path)
    return paths
