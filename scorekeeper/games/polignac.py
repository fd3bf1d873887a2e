"""Polignac, Quatre-Valets or Four Jacks (rules/001): avoid the Jacks, above all Polignac.

Four to seven players with a Piquet pack; at seven the dealer takes no cards. A trick with
a Jack costs its winner a counter, the Jack of spades (Polignac) two: five in a deal. A
player who announced capot and won every trick loses nothing and each other player pays
five. The first to lose his counters is decavé and pays each of the others a counter for
each point they still have to go.
"""

from __future__ import annotations

from typing import Any, List, Mapping, Sequence

from ..fields import PLAYER, Field, integer
from ..model import ScorekeeperError, Session
from .counters import CountersGame, Loss
from . import words

JACKS = 4
POINTS = 5  # four Jacks, Polignac counting two


class Polignac(CountersGame):
    name = "polignac"
    description = ("Each deal give the points each player took (each Jack one, the Jack of "
                   "spades, Polignac, two; five in all: Ann=2 Bob=1 Cid=2; a player left out "
                   "took none). capot=NAME: he announced capot and won every trick: each other "
                   "player pays five. capot_lost=NAME: he announced it and failed: the points are "
                   "paid as usual. The first to lose his counters (--rule counters=10 or 20) is "
                   "decavé and pays each of the others a counter for each point they still have "
                   "to go (--rule pay=game: the stake once each). At seven the dealer takes no cards.")

    def fields(self, session: Session) -> List[Field]:
        return [Field(p, integer(0, POINTS), f"points {p} took: each Jack 1, Polignac 2 (default 0)")
                for p in session.players] + [
            Field("capot", PLAYER, "announced capot and won every trick: each other player pays five"),
            Field("capot_lost", PLAYER, "announced capot and failed: the points are paid as usual"),
        ]

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        """"Ann took 2 points, Bob 1"; "Bob announced capot and won every trick"."""
        return words.sentence(
            words.each(values, session.players, "took", "points"),
            f"{values['capot']} announced capot and won every trick" if "capot" in values else "",
            f"{values['capot_lost']} announced capot and failed" if "capot_lost" in values else "")

    def losses(self, hand: Mapping[str, Any], session: Session, dealer: str,
               seated: Sequence[str]) -> List[Loss]:
        taken = {p: hand[p] for p in session.players if p in hand}
        eldest_first = self.from_eldest(seated, dealer, session.players)
        if "capot" in hand:
            capot = hand["capot"]
            if taken or "capot_lost" in hand:
                extra = ", ".join(list(taken) + (["capot_lost"] if "capot_lost" in hand else []))
                raise ScorekeeperError(f"capot: {capot} won every trick, so nobody else took a point; "
                                       f"leave out {extra}", field="capot")
            # Polignac: "each of the others must pay five counters into the pool"
            return [("capot", p, POINTS) for p in eldest_first if p != capot]
        total = sum(taken.values())
        if total != POINTS:
            given = " + ".join(f"{p} {n}" for p, n in taken.items()) or "nothing"
            raise ScorekeeperError(f"points must add up to {POINTS} (each Jack 1, Polignac 2), "
                                   f"got {given} = {total}", fields=list(taken))
        takers = [p for p, n in taken.items() if n]
        if len(takers) > JACKS:
            # Polignac: four Jacks, Polignac counting two: at most four players take one
            given = ", ".join(f"{p} {taken[p]}" for p in takers)
            raise ScorekeeperError(f"points: {len(takers)} players took a point ({given}), but "
                                   f"there are only {JACKS} Jacks (Polignac counting two): at "
                                   f"most {JACKS} players take one", fields=takers)
        # When several lose their last counters in one deal, the one nearest the eldest
        # hand is taken to have lost them first (the book is silent).
        return [("Jacks", p, taken[p]) for p in eldest_first if taken.get(p)]

    def from_eldest(self, seated: Sequence[str], dealer: str, players: Sequence[str]) -> List[str]:
        start = players.index(dealer) + 1
        order = list(players[start:]) + list(players[:start])
        return order if len(seated) == len(players) else [p for p in order if p in seated]
