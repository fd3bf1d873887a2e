"""Slobberhannes (rules/001): avoid the first trick, the last trick and the club Queen.

Four to seven players with a Euchre pack; at seven the dealer takes no cards. Each of the
three costs its taker a counter, and one player taking all three loses one more, four in
all; a revoke costs a counter. The player who first loses his ten counters loses the game.
"""

from __future__ import annotations

from typing import Any, List, Mapping, Sequence, Tuple

from ..fields import BOOLEAN, PLAYER, PLAYERS, Field
from ..model import ScorekeeperError, Session
from .base import Rule, choice_rule
from .counters import CountersGame, Loss
from . import words


class Slobberhannes(CountersGame):
    name = "slobberhannes"
    description = ("Each deal name who won the first trick, the last trick and the club Queen "
                   "(first=Ann last=Bob queen=Cid): each costs its taker a counter, and one "
                   "player taking all three loses one more (four in all). revoke=NAME[,NAME]: a "
                   "counter each. misdeal=yes: the same dealer deals again. The player who "
                   "first loses his ten counters loses the game and pays each other player a "
                   "counter for each counter that player still holds (--rule pay=game: the "
                   "stake once each). At seven the dealer takes no cards.")

    @property
    def rules(self) -> Tuple[Rule, ...]:  # type: ignore[override]
        return super().rules + (
            choice_rule("game_ends", "out",
                        "when the loser goes out: out (the game ends the moment he pays his last "
                        "counter: he pays the others for what they hold then, and the rest of "
                        "the deal does not count) or deal (the deal is paid to its end first, "
                        "and he pays for what the others hold after it)", "out", "deal"),
        )

    def rest_of_deal_counts(self, session: Session) -> bool:
        # Slobberhannes: "The player who first loses his ten counters also loses the game", and
        # the counters move as the tricks are won: "The player winning the first trick must
        # pay for it immediately ... the club Queen, which must be paid for as soon as it is
        # taken in"; Polignac, the same family: "a counter for each point they have still to
        # go when he is decavé". So by default the game ends when he pays his last counter.
        return bool(session.rules.get("game_ends", "out") == "deal")

    def fields(self, session: Session) -> List[Field]:
        return [
            Field("first", PLAYER, "won the first trick (one counter)"),
            Field("last", PLAYER, "won the last trick (one counter)"),
            Field("queen", PLAYER, "took the Queen of clubs (one counter)"),
            Field("revoke", PLAYERS, "who revoked: one counter each"),
            Field("misdeal", BOOLEAN, "a misdeal: no score, and the same dealer deals again"),
        ]

    def dealt_again(self, hand: Mapping[str, Any]) -> bool:
        # Slobberhannes: "a misdeal does not lose the deal under any circumstances"
        return bool(hand.get("misdeal"))

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        """"Bob won the first trick, Cid the last; Ann took the Queen of clubs"."""
        if values.get("misdeal"):
            return "a misdeal"
        first, last = values.get("first"), values.get("last")
        if first and first == last:
            tricks = f"{first} won the first and the last trick"
        else:
            tricks = ", ".join(([f"{first} won the first trick"] if first else [])
                               + ([f"{last} the last" if first else f"{last} won the last trick"] if last else []))
        return words.sentence(
            tricks,
            f"{values['queen']} took the Queen of clubs" if "queen" in values else "",
            f"{words.names(values['revoke'])} revoked" if "revoke" in values else "")

    def losses(self, hand: Mapping[str, Any], session: Session, dealer: str,
               seated: Sequence[str]) -> List[Loss]:
        if hand.get("misdeal"):
            others = [f for f in hand if f not in ("misdeal", "note", "at")]
            if others:
                raise ScorekeeperError(f"misdeal: a misdealt hand is not played; give only "
                                       f"misdeal=yes, got {', '.join(others)} too", field="misdeal")
            return []
        first, queen, last = hand.get("first"), hand.get("queen"), hand.get("last")
        if first is None or queen is None or last is None:
            missing = [k for k in ("first", "queen", "last") if hand.get(k) is None]
            raise ScorekeeperError(f"{missing[0]} is missing: every deal has a first and a last "
                                   f"trick and the club Queen (give first=, last= and queen=)", field=missing[0],
                                   fields=missing)
        # Paid in the order of play: the first trick "immediately", the club Queen "as soon as
        # it is taken in", the last trick (and the extra point for all three) at the end; a
        # revoke when it is claimed, after the hand.
        first, queen, last = str(first), str(queen), str(last)
        losses: List[Loss] = [("first trick", first, 1), ("club Queen", queen, 1), ("last trick", last, 1)]
        if first == queen == last:
            losses.append(("all three", first, 1))  # "he loses an extra point, or four altogether"
        losses += [("revoke", who, 1) for who in hand.get("revoke", ())]
        return losses
