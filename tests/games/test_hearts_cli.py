"""Hearts through the command line: the table's mistakes, the example sittings, JSON and settle."""

from __future__ import annotations

import pytest

from scorekeeper import ledger
from tests.conftest import SESSIONS


@pytest.fixture
def table(cli):
    cli.new("h", "hearts", "A,B,C,D")
    return cli


@pytest.mark.parametrize("fields, message", [
    (["A=3", "B=5", "C=4"], "error: hand 2: hearts must add up to 13 (four players, sweepstake), "
                            "got A 3 + B 5 + C 4 + D 0 = 12"),
    (["A=3", "B=5", "C=5", "Zed=0"], "error: unknown field 'Zed'"),
    (["A=-1", "B=14"], "error: A: must be a whole number from 0 to 13, got -1"),
    (["A=3", "B=5", "C=5", "revoke=Zed"], "error: revoke: 'Zed' is not at the table"),
    (["A=3", "B=5", "C=5", "forfeit=A,Zed"], "error: forfeit: 'Zed' is not at the table"),
    (["A=3", "B=5", "C=5", "forfeit=A"], "error: hand 2: forfeit: name the two players found with the wrong "
                                         "number of cards (Law 15), got A"),
    (["A=three"], "error: A: must be a whole number from 0 to 13, got 'three'"),
])
def test_mistakes_are_one_clear_error_and_nothing_is_written(table, fields, message):
    table.ok("hand", "h", "A=3", "B=5", "C=5")
    r = table.refused("h", "hand", "h", *fields)
    assert r.stderr.startswith(message), r.stderr


def test_bad_rules_are_refused(cli):
    r = cli("new", "x", "--game", "hearts", "--players", "A,B,C,D", "--rule", "settling=excess")
    assert r.exit_code == 2 and "error: rule settling: excess is three-handed, got 4 players" in r.stderr
    r = cli("new", "x", "--game", "hearts", "--players", "A,B,C", "--rule", "banker=Zed")
    assert r.exit_code == 2 and "error: rule banker: 'Zed' is not at the table" in r.stderr
    r = cli("new", "x", "--game", "hearts", "--players", "A,B,C", "--rule", "settling=jacks")
    assert r.exit_code == 2 and "settling: must be one of sweepstake" in r.stderr
    assert not cli.file("x").exists()


def test_show_json_has_pool_jack_and_stacks(table):
    table.ok("hand", "h", "A=3", "B=4", "C=5", "D=1")
    data = table.json("show", "h")
    assert data["pool"] == 13 and data["jack"] is True
    assert data["scores"] == {"A": -3, "B": -4, "C": -5, "D": -1}
    assert data["columns"]["stack"] == {"A": 47, "B": 46, "C": 45, "D": 49}


def test_settle_divides_the_pool_left_at_the_end(table):
    table.ok("hand", "h", "A=3", "B=4", "C=5", "D=1")
    data = table.json("settle", "h")
    assert data["balances"] == {"A": 1, "B": -1, "C": -2, "D": 2}  # 13 = 4 x 3, the odd one to A
    text = table("settle", "h").stdout
    assert "the pool of 13 is divided: 3 each; the odd 1 stays with the banker (A)" in text


def test_howell_through_the_cli(cli):
    cli.new("h", "hearts", "A,B,C,D", "settling=howell")
    r = cli.ok("hand", "h", "A=3", "B=5", "C=5", "D=0")
    assert r.stdout.startswith("hand 1: A +1, B -7, C -7, D +13\n")


def _replay(name: str):
    return ledger.open_session(SESSIONS / f"{name}.yaml")


def test_example_sweepstake_sitting_jack_grows_and_is_won():
    r = _replay("hearts-sweepstake-jack")
    effects = r.standings.effects
    assert [e.summary for e in effects[1:5]] == [
        "nobody clear: the pool of 13 is a Jack",
        "Ben took all the hearts: the pool of 26 is a Jack",
        "Cid and Dot clear, but a Jack is won only by a single clear player: the pool of 39 is a Jack",
        "Cid clear: takes the pool of 52",
    ]
    assert effects[4].changes == {"Ann": -4, "Ben": -5, "Cid": 52, "Dot": -4}
    assert r.standings.scores == {"Ann": 3, "Ben": -38, "Cid": 25, "Dot": 10}
    assert r.standings.pool == 0
    s = ledger.settlement(r)
    assert s.money_cents == {"Ann": 15, "Ben": -190, "Cid": 125, "Dot": 50}


def test_example_howell_sitting():
    r = _replay("hearts-howell")
    assert r.standings.effects[0].changes == {"A": 1, "B": -7, "C": -7, "D": 13}
    # each deal by hand: 13 - 4 x hearts; hand 4 C revoked and pays A's and B's winnings (5 each)
    assert r.standings.scores == {"A": 1 + 9 + 13 + 5 - 3, "B": -7 + 13 - 39 + 5 + 1,
                                  "C": -7 - 19 + 13 - 10 + 13, "D": 13 - 3 + 13 + 0 - 11}
    assert r.standings.scores == {"A": 25, "B": -27, "C": -10, "D": 12}
    assert r.standings.columns["stack"] == {"A": 125, "B": 73, "C": 90, "D": 112}


def test_two_players_default_to_difference_in_the_file_and_in_games(cli):
    cli.new("two", "hearts", "A,B")
    assert "settling: difference" in cli.file("two").read_text()
    assert cli.ok("hand", "two", "A=4", "B=9").stdout.startswith("hand 1: A +5, B -5\n")
    shown = cli.ok("games", "hearts").stdout
    assert "(two players: difference unless given)" in shown
    # the variants' own fields are named, though `games` lists a four-handed Sweepstake table
    assert "Auction adds the fields bidder= bid= suit=, Joker joker= joker_dealt=, Discard black=" \
        in " ".join(shown.split())
    counters = next(line for line in shown.splitlines() if line.startswith("counters "))
    assert counters.split()[1] == "50"  # was "none", which then broke a file that said so


def test_counters_none_in_a_file_replays(cli):
    cli.new("h", "hearts", "A,B,C,D")
    path = cli.file("h")
    path.write_text(path.read_text().replace("counters: 50", "counters: none"))
    data = cli.json("show", "h")
    assert data["columns"]["stack"] == {"A": 50, "B": 50, "C": 50, "D": 50}


def test_spot_totals_that_cannot_be_shared_are_refused(cli):
    cli.new("s", "hearts", "A,B,C,D", "settling=spot")
    r = cli.refused("s", "hand", "s", "A=3", "B=3", "C=40", "D=58")
    assert r.stderr == ("error: hand 1: spots: no sharing of the hearts gives A 3, B 3, C 40, D 58 "
                        "(each heart is taken once: 2 to 10, J 11, Q 12, K 13, A 14)\n")


def test_a_rule_the_chosen_settling_never_uses_is_refused(cli):
    r = cli.refused("m", "new", "m", "--game", "hearts", "--players", "A,B,C,D", "--rule", "black=jack", code=2)
    assert r.stderr == ("error: rule black: applies only with settling=discard (this sitting: "
                        "settling=sweepstake, 4 players)\n")
    r = cli.refused("m", "new", "m", "--game", "hearts", "--players", "A,B,C,D", "--rule", "many_clear=divide",
                    code=2)
    assert "rule many_clear: applies only with a settling with a pool, at five or six players" in r.stderr
    cli.new("m", "hearts", "A,B,C,D,E", "many_clear=divide")
    cli.new("d", "hearts", "A,B,C,D", "settling=discard", "black=jack")


def test_the_jokers_five_are_named_in_the_hands_effect(cli):
    cli.new("j", "hearts", "A,B,C,D", "settling=joker")
    out = cli.ok("hand", "j", "joker=B", "joker_dealt=A", "A=0", "B=5", "C=4", "D=3").stdout
    assert out.startswith("hand 1: A clear: takes the pool of 12; B pays A 5 for the Joker\n")
    assert cli.json("show", "j")["scores"] == {"A": 17, "B": -10, "C": -4, "D": -3}


def test_hearts_warns_when_a_stack_is_under_one_deals_worth(cli):
    cli.new("h", "hearts", "Ann,Bob,Cid,Dot", "counters=20")
    out = cli.ok("hand", "h", "Ann=13").stdout
    assert "stack running low: Ann 7, under one deal's worth (13 counters)\n" in out
    out = cli.ok("hand", "h", "Bob=13").stdout
    assert "stack running low: Ann 7, Bob 7, under one deal's worth (13 counters)\n" in out
