"""Whist: the revoke penalty is the opponents' choice each time (law xv; issue 12)."""

from __future__ import annotations

from typing import Any, Dict, List

from scorekeeper.games import get_game
from scorekeeper.model import Hand, Session

PLAYERS = ("Ann", "Bob", "Cid", "Dan")  # Ann-Cid against Bob-Dan


def replay(hands: List[Dict[str, Any]], **rules: Any):
    g = get_game("short-whist")
    session = Session(name="t", game="short-whist", players=PLAYERS,
                      rules=g.resolve_rules(rules, PLAYERS), hands=tuple(Hand(h) for h in hands))
    return g.replay(session)


def score(standings) -> tuple:
    return standings.scores["Ann"], standings.scores["Bob"]


def test_a_hands_revoke_penalty_overrides_the_sittings_rule():
    # Law xv's note: "Revokes forfeit three tricks from the hand or score: or opponents may add
    # three to their score": the opponents choose when the revoke is claimed.
    assert score(replay([{"Ann": 8, "revoke": "Cid"}])) == (0, 2)     # tricks: 5 v 8
    assert score(replay([{"Ann": 8, "revoke": "Cid", "revoke_penalty": "score"}])) == (2, 3)
    assert score(replay([{"Ann": 8, "revoke": "Cid", "revoke_penalty": "tricks"}],
                        revoke_penalty="score")) == (0, 2)
    # deduct: Ann-Cid at 2 lose them all, then score 2 by cards
    assert score(replay([{"Ann": 8}, {"Ann": 8, "revoke": "Cid", "revoke_penalty": "deduct"}])) == (2, 0)


def test_revoke_penalty_without_a_revoke_is_refused(cli):
    cli.new("w", "short-whist", "Ann,Bob,Cid,Dan")
    r = cli.refused("w", "hand", "w", "Ann=8", "revoke_penalty=score")
    assert "revoke_penalty: score is the penalty for a revoke; give revoke=NAME too" in r.stderr
    r = cli.refused("w", "hand", "w", "Ann=8", "revoke=Cid", "revoke_penalty=half")
    assert "revoke_penalty" in r.stderr
    cli.ok("hand", "w", "Ann=8", "revoke=Cid", "revoke_penalty=score")
    assert cli.json("show", "w")["scores"]["Bob"] == 3
