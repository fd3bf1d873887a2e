"""Boston laws a table could not record before (issue 12)."""

from __future__ import annotations

import pytest


def test_five_at_the_table_the_dealer_sits_out_in_turn(cli):
    # PLAYERS: "If more than four candidates offer for play, five or six may form a table"
    cli.new("b", "boston", "A,B,C,D,E")
    out = cli.ok("hand", "b", "caller=B", "call=seven", "tricks=10").stdout
    # A deals to B C D E and sits out; the ante is the whole table's
    assert "A sits out; B calls seven, takes 10: C, D, E pay B 22 each; B takes the pool (50)" in out
    r = cli.refused("b", "hand", "b", "caller=B", "call=seven", "tricks=7")
    assert "caller: B is not dealt in this deal (five or six at the table: C, D, E, A play it)" in r.stderr
    cli.ok("hand", "b", "caller=C", "call=seven", "tricks=7")
    data = cli.json("show", "b")
    assert [e["dealer"] for e in data["effects"]] == ["A", "B"]
    assert sum(data["scores"].values()) + data["pool"] == 0


def test_six_at_the_table_the_dealer_and_the_player_opposite_sit_out(cli):
    cli.new("b", "boston", "A,B,C,D,E,F")
    out = cli.ok("hand", "b", "call=partout", "B=4", "C=3", "E=3", "F=3").stdout
    assert out.startswith("hand 1: game 1 deal 1: A, D sit out; Misère Partout: B (4 tricks) pays")


def test_fontainebleau_a_failed_caller_pays_into_the_pool_what_he_pays_each(cli):
    # "instead of doubling the pool, an unsuccessful caller pays into the pool the same amount
    # he loses to each other player; there is no limit to a pool"
    cli.new("b", "boston", "A,Y,B,Z", "fontainebleau=on", "first_dealer=Z")
    assert cli.json("show", "b")["rules"]["pool_limit"] is None
    out = cli.ok("hand", "b", "caller=A", "call=eight", "tricks=7").stdout
    assert "A pays Y, B, Z 23 each and pays 23 into the pool" in out
    assert cli.json("show", "b")["pool"] == 40 + 23
    cli.new("d", "boston", "A,Y,B,Z", "first_dealer=Z")
    out = cli.ok("hand", "d", "caller=A", "call=eight", "tricks=7").stdout
    assert "A pays Y, B, Z 23 each and doubles the pool (+40)" in out



@pytest.mark.parametrize("seats, per_game", [("ABCD", 12), ("ABCDE", 15), ("ABCDEF", 18)])
def test_a_game_is_three_rounds_of_the_deal_at_four_five_or_six(seats, per_game):
    # CUTTING: "When he deals again he opens it entirely, and the third time he closes it; that
    # being the third round, and the last deal of the game": every player deals three times
    from .sitting import replay

    n = len(seats)
    # each deal the eldest hand (on the dealer's left, always dealt in) calls six and makes it
    hands = [{"caller": seats[(k + 1) % n], "call": "six", "tricks": 6} for k in range(per_game)]
    st = replay("boston", tuple(seats), hands[:per_game - 1])
    assert not any("end of game" in note for e in st.effects for note in e.notes)
    assert st.lines[0] == f"next: game 1, deal {per_game} of {per_game}"
    st = replay("boston", tuple(seats), hands)
    assert [e.dealer for e in st.effects] == [seats[k % n] for k in range(per_game)]
    assert "end of game 1" in st.effects[-1].notes[-2]
    assert st.lines[0] == f"next: game 2, deal 1 of {per_game}"
