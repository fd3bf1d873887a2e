"""The seven-handed table at which the dealer takes no cards (rules/001: "If seven players
assemble, it is usual to make up a table in which the dealer takes no cards"), for Hearts,
Slobberhannes and Polignac."""

from __future__ import annotations

from typing import Any, Callable, Collection, Dict, Mapping, Sequence, Tuple

from ..model import Record, ScorekeeperError, Session

SEVEN = 7  # at seven the dealer sits the deal out; the pack is the six-handed one


def in_the_deal(players: Sequence[str], dealer: str) -> Tuple[str, ...]:
    """The players dealt cards: all of them, or at seven all but the dealer."""
    if len(players) == SEVEN:
        return tuple(p for p in players if p != dealer)
    return tuple(players)


def refuse_the_dealer(hand: Mapping[str, Any], players: Sequence[str], dealer: str,
                      may_name: Collection[str] = ()) -> None:
    """At seven the dealer takes no cards: no field may be his, and none may name him but
    those in `may_name` (what he does without cards: Auction Hearts' holder names the suit)."""
    if len(players) != SEVEN:
        return
    for name, value in hand.items():
        names = value if isinstance(value, tuple) else (value,)
        if name == dealer or (dealer in names and name not in may_name):
            raise ScorekeeperError(f"{name}: {dealer} deals and takes no cards this deal (seven "
                                   f"players: the dealer sits the deal out)", field=name)


def without_the_dealer(apply: Callable[..., Tuple[Any, Any]], state: Any, hand: Dict[str, Any],
                       session: Session, index: int, dealer: str,
                       may_name: Collection[str] = ()) -> Tuple[Any, Any]:
    """Play one deal among the six who hold cards, for a game written for up to six.

    The state's per-player mappings are cut down to the six, `apply` runs on that table,
    and the dealer's entries are put back untouched: he pays and receives nothing. The fields
    in `may_name` may name him all the same (the game then deals with him off the table)."""
    refuse_the_dealer(hand, session.players, dealer, may_name)
    six = in_the_deal(session.players, dealer)
    table = session._replace(players=six, rules={**session.rules, "first_dealer": None})
    new_state, effect = apply(_only(state, six), hand, table, index)
    merged = _restore(new_state, state, dealer, session.players)
    changes = {p: effect.changes.get(p, 0) for p in session.players}
    scores = {p: effect.scores[p] if p in effect.scores else _score_of(state, dealer)
              for p in session.players}
    return merged, effect._replace(changes=changes, scores=scores, dealer=dealer)


def _is_per_player(value: Any, players: Sequence[str]) -> bool:
    return isinstance(value, Mapping) and set(value) == set(players)


def _only(state: Any, six: Sequence[str]) -> Any:
    if not isinstance(state, Record):  # a Record: its per-player fields are cut down
        return state
    changes = {}
    for name in state.__slots__:
        value = getattr(state, name)
        if isinstance(value, Mapping) and set(six) < set(value):
            changes[name] = {p: value[p] for p in six}
    return state._replace(**changes)


def _restore(new: Any, old: Any, dealer: str, players: Sequence[str]) -> Any:
    if not isinstance(new, Record):
        return new
    changes = {}
    for name in new.__slots__:
        before = getattr(old, name)
        if _is_per_player(before, players):
            after = getattr(new, name)
            changes[name] = {p: (before[p] if p == dealer else after[p]) for p in players}
    return new._replace(**changes)


def _score_of(state: Any, dealer: str) -> Any:
    net = getattr(state, "net", None)
    return net[dealer] if isinstance(net, Mapping) else 0
