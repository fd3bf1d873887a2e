"""Boston: the book's figures (003_7c90169007266f58.txt, boston-payments.md), the pool, the
penalties, the errors, and the example sitting in sessions/."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper import ledger, store
from scorekeeper.games.boston.game import colours
from scorekeeper.model import Hand, ScorekeeperError, Session

PLAYERS = ("A", "Y", "B", "Z")
SESSIONS = Path(__file__).resolve().parents[2] / "sessions" / "examples"


def hand(text: str) -> Hand:
    return Hand(dict(item.split("=", 1) for item in text.split()))


def play(*hands: str, **rules: str):
    session = Session(name="t", game="boston", players=PLAYERS, rules=rules,
                      hands=tuple(hand(h) for h in hands))
    return ledger.check_session(session).standings


def changes(*hands: str, **rules: str):
    """Each player's change on the last hand."""
    return dict(play(*hands, **rules).effects[-1].changes)


ANTE = {p: -10 for p in PLAYERS}  # the first deal of a game: one red each into the pool


def plus(*parts):
    total = {p: 0 for p in PLAYERS}
    for part in parts:
        for p, v in part.items():
            total[p] += v
    return total


def caller_paid(caller, each):
    return {p: (3 * each if p == caller else -each) for p in PLAYERS}


# ---------------------------------------------------------------- the book's checks


def test_bid_seven_take_ten_is_paid_22_by_each_adversary():
    # "the payment for seven bid and ten taken, is only 22 counters"
    got = changes("caller=A call=seven tricks=10")
    assert got == plus(ANTE, caller_paid("A", 22), {"A": 40})  # and he takes the pool of 4 red


def test_bid_ten_take_ten_is_paid_42():
    # "while the payment for ten bid and ten taken is 42"
    assert changes("caller=Y call=ten tricks=10") == plus(ANTE, caller_paid("Y", 42), {"Y": 40})


def test_underbidding_ten_tricks_loses_60_counters():
    # "a player who underbid his hand in this manner would lose 60 counters by his timidity"
    bold = changes("caller=A call=ten tricks=10")["A"]
    timid = changes("caller=A call=seven tricks=10")["A"]
    assert bold - timid == 60


def test_bid_eight_take_seven_pays_23_to_each_and_doubles_the_pool():
    got = changes("caller=B call=eight tricks=7")
    assert got == plus(ANTE, caller_paid("B", -23), {"B": -40})
    assert play("caller=B call=eight tricks=7").pool == 80


def test_caller_revoke_on_eight_loses_23_each_doubles_and_forfeits_four_red():
    # "he may be said to have bid eight, and taken only seven; losing 23 white counters to
    # each of his adversaries, doubling the pool, and then paying a forfeit of four red"
    st = play("caller=B call=eight revoke=B")
    assert dict(st.effects[-1].changes) == plus(ANTE, caller_paid("B", -23), {"B": -40 - 40})
    assert st.pool == 40 + 40 + 40


def test_caller_revoke_loses_at_least_one_trick_besides():
    # tricks taken below bid - 1 stand; above, he is put at bid - 1
    assert changes("caller=A call=eight tricks=5 revoke=A")["Y"] == -10 + 46  # 3 short
    assert changes("caller=A call=eight tricks=9 revoke=A")["Y"] == -10 + 23  # 1 short


@pytest.mark.parametrize("rule, pool", [("both", 120), ("double", 80), ("forfeit", 80)])
def test_caller_revoke_house_rules(rule, pool):
    # "In some places the forfeit is omitted, and in others it takes the place of doubling"
    assert play("caller=A call=six revoke=A", caller_revoke=rule).pool == pool


def test_adversary_revoke_pays_as_made_with_three_over_tricks_and_forfeit_to_next_pool():
    # seven bid, revoke by Y: paid as seven bid, ten taken (22); Y forfeits 4 red to the pool
    st = play("caller=A call=seven tricks=4 revoke=Y")
    assert dict(st.effects[-1].changes) == plus(ANTE, caller_paid("A", 22), {"A": 40, "Y": -40})
    assert st.pool == 40  # the forfeit starts the next pool


def test_adversary_revoke_never_pays_over_thirteen_tricks():
    # nine bid: paid as twelve taken (39)
    assert changes("caller=A call=nine revoke=B")["A"] == -10 + 3 * 39 + 40
    # "the bid and the over-tricks together must not exceed thirteen tricks": eleven -> 13,
    # a cell the surviving tables do not have
    with pytest.raises(ScorekeeperError, match=r"pay=N needed: .* eleven bid, 13 taken"):
        play("caller=A call=eleven revoke=B")
    assert changes("caller=A call=eleven revoke=B pay=50")["Z"] == -10 - 50


@pytest.mark.parametrize("call, amount", [("little-misere", 20), ("grand-misere", 40),
                                          ("little-spread", 80), ("grand-spread", 160)])
def test_miseres_win_and_lose_their_fixed_amounts(call, amount):
    assert changes(f"caller=Z call={call} tricks=0") == plus(ANTE, caller_paid("Z", amount), {"Z": 40})
    # "A misère caller loses the moment he takes a trick": no over-tricks, a fixed loss
    assert changes(f"caller=Z call={call} tricks=1") == plus(ANTE, caller_paid("Z", -amount), {"Z": -40})
    # "the moment a misère player takes a trick ... the hands are thrown up" (METHOD OF
    # PLAYING): a failed misère took exactly one trick, so more is a slip and is refused
    with pytest.raises(ScorekeeperError, match=f"tricks: a misère is thrown up the moment its caller "
                                               f"takes a trick, so {call} takes 0 \\(made\\) or 1 "
                                               f"\\(failed\\), got 5"):
        play(f"caller=Z call={call} tricks=5")


def test_a_passed_deal_pays_nothing_keeps_the_pool_and_the_deal_moves_on():
    # "It is very unusual to pass the deal" (METHOD OF BIDDING): unusual, not forbidden, and
    # no misdeal: the dealer forfeits nothing; the ante put in before the deal stays
    st = play("passed=yes", "caller=Y call=six tricks=6")
    assert dict(st.effects[0].changes) == ANTE
    assert st.effects[0].summary == ("game 1 deal 1: everyone passed and the deal passes: nothing "
                                     "paid, the pool stays")
    assert (st.effects[0].dealer, st.effects[1].dealer) == ("A", "Y")  # the deal moves on
    assert st.effects[1].changes["Y"] == 3 * 15 + 40  # the next caller plays for the same pool
    with pytest.raises(ScorekeeperError, match="call: a passed deal is logged on its own"):
        play("passed=yes caller=A call=six tricks=6")


def test_an_error_against_a_misere_caller_claims_the_pool_and_stakes_and_four_red():
    # CARDS PLAYED IN ERROR: "the bidder may at once claim the pool and stakes ... the
    # individual in fault to pay a forfeit of four red counters toward the next pool"
    st = play("caller=Z call=grand-misere fault=A")
    assert dict(st.effects[-1].changes) == plus(ANTE, caller_paid("Z", 40), {"Z": 40, "A": -40})
    assert st.pool == 40  # the forfeit starts the next pool
    assert "A at fault: Z claims the pool and stakes" in st.effects[-1].summary
    little = play("caller=Y call=little-misere fault=B")  # a lead before the discard
    assert dict(little.effects[-1].changes) == plus(ANTE, caller_paid("Y", 20), {"Y": 40, "B": -40})


@pytest.mark.parametrize("fields, message", [
    ("caller=Z call=seven tricks=7 fault=A", "fault: the pool and stakes are claimed for an error against a misère caller; seven is no misère"),
    ("caller=Z call=grand-misere fault=Z", "fault: Z is the caller"),
    ("caller=Z call=grand-misere fault=A revoke=B", "fault: the hands are thrown up at the first error claimed"),
    ("call=partout A=4 Y=3 B=3 Z=3 fault=A", "fault: not used in a Misère Partout"),
])
def test_a_fault_is_an_adversarys_error_against_a_misere(fields, message):
    with pytest.raises(ScorekeeperError, match=message):
        play(fields)


def test_each_misere_is_twice_the_next_lower():
    from scorekeeper.games.boston.tables import MISERE

    values = list(MISERE.values())
    assert all(b == 2 * a for a, b in zip(values, values[1:]))


def test_little_misere_is_played_with_twelve_cards():
    with pytest.raises(ScorekeeperError, match="tricks: little-misere is played with twelve cards, got 13"):
        play("caller=A call=little-misere tricks=13")


def test_grand_slam_failure_by_one_trick():
    assert changes("caller=A call=grand-slam tricks=12")["Y"] == -10 + 177


def test_decimal_table_bid_eight_take_seven_pays_25():
    # boston-payments.md: "the decimal table would give 25"
    assert changes("caller=B call=eight tricks=7", table="decimal")["A"] == -10 + 25
    # success is paid by the first table in both
    assert changes("caller=A call=seven tricks=10", table="decimal")["Y"] == -10 - 22


# ---------------------------------------------------------------- Misère Partout


def test_partout_four_tricks_against_nine_not_taken_loses_three_red():
    # "A wins 4 tricks, three times which is 12; from which he deducts 9 ... 3 red counters"
    got = changes("call=partout A=4 Y=3 B=3 Z=3")
    assert got == plus(ANTE, {"A": -30, "Y": 10, "B": 10, "Z": 10})


def test_partout_loser_pays_each_the_difference_in_red():
    got = changes("call=partout A=0 Y=7 B=4 Z=2")
    assert got == plus(ANTE, {"Y": -(70 + 30 + 50), "A": 70, "B": 30, "Z": 50})
    # three times the tricks taken, minus the tricks not taken: 21 - 6 = 15 red
    assert got["Y"] + 10 == -(3 * 7 - 6) * 10


def test_partout_does_not_touch_the_pool():
    assert play("call=partout A=0 Y=7 B=4 Z=2").pool == 40


def test_partout_tie_each_tied_player_pays_as_sole_loser():
    got = changes("call=partout A=5 Y=5 B=3 Z=0")
    assert got == plus(ANTE, {"A": -70, "Y": -70, "B": 40, "Z": 100})


def test_partout_tie_share_house_rule_splits_one_loss():
    got = changes("call=partout A=5 Y=5 B=3 Z=0", partout_tie="share")
    assert got == plus(ANTE, {"A": -35, "Y": -35, "B": 20, "Z": 50})
    three = changes("call=partout A=4 Y=4 B=4 Z=1", partout_tie="share")
    assert three == plus(ANTE, {"A": -10, "Y": -10, "B": -10, "Z": 30})


def test_partout_revoke_pays_five_red_to_each_and_four_to_the_pool():
    st = play("call=partout revoke=B")
    assert dict(st.effects[-1].changes) == plus(ANTE, {"B": -150 - 40, "A": 50, "Y": 50, "Z": 50})
    assert st.pool == 80


# ---------------------------------------------------------------- other penalties


def test_misdeal_dealer_forfeits_one_red_and_deals_again():
    st = play("misdeal=yes", "caller=A call=six tricks=6")
    assert dict(st.effects[0].changes) == plus(ANTE, {"A": -10})  # A deals first
    assert st.effects[0].dealer == st.effects[1].dealer == "A"
    assert st.next_dealer == "Y"
    assert st.effects[1].changes["A"] == 3 * 15 + 50  # the pool held the misdeal's red too


def test_wrong_cards_forfeits_four_red_and_wins_nothing():
    # "he cannot win anything that deal, but must stand his proportion of all losses
    # incurred, besides paying a forfeit of four red counters to the pool"
    failed = changes("caller=A call=six tricks=4 wrong_cards=Z")
    assert failed == plus(ANTE, {"A": -24 * 2 - 40, "Y": 24, "B": 24, "Z": -40})
    made = play("caller=Z call=six tricks=6 wrong_cards=Z")
    assert dict(made.effects[-1].changes) == plus(ANTE, {"Z": -40})
    assert made.pool == 80  # the pool stays; his forfeit feeds it


def test_misdeal_must_be_logged_on_its_own():
    with pytest.raises(ScorekeeperError, match="a misdeal is logged on its own"):
        play("misdeal=yes caller=A call=six tricks=6")


# ---------------------------------------------------------------- the pool


def test_successful_caller_takes_the_pool_and_it_is_replenished():
    st = play("caller=A call=six tricks=6", "caller=Y call=six tricks=6")
    assert st.effects[1].changes["Y"] == 3 * 15 + 40 - 10
    assert st.pool == 0


def test_pool_over_25_red_is_set_aside_and_played_for_in_turn():
    hands = ["caller=A call=six tricks=0", "caller=A call=six tricks=0",
             "caller=A call=six tricks=0"]  # 40 -> 80 -> 160 -> 320
    st = play(*hands)
    assert st.pool == 320
    assert st.extra_json["pools"] == {"in_play": 70, "set_aside": [250]}
    won = play(*hands, "caller=Y call=six tricks=6")
    assert won.effects[-1].changes["Y"] == 3 * 15 + 70  # the fresh pool first
    assert won.extra_json["pools"] == {"in_play": 250, "set_aside": []}
    second = play(*hands, "caller=Y call=six tricks=6", "caller=B call=six tricks=6")
    assert second.effects[-1].changes["B"] == 3 * 15 + 250  # at most 25 red to a winner


def test_pool_limit_none_never_sets_aside():
    st = play(*["caller=A call=six tricks=0"] * 3, pool_limit="none")
    assert st.extra_json["pools"] == {"in_play": 320, "set_aside": []}


def test_pools_divided_at_end_of_game_of_twelve_deals_odd_counters_from_eldest():
    # 40 -> 80 -> 160 -> 320 (250 aside, 70), then penalties make the pools odd
    hands = ["caller=A call=six tricks=0"] * 3 + ["misdeal=yes"] + ["call=partout A=4 Y=3 B=3 Z=3"] * 9
    st = play(*hands)
    last = st.effects[-1]
    assert len(st.effects) == 13 and "end of game 1" in last.notes[-2]
    # 330 in the pools: 82 each, 2 odd from the eldest hand of the next deal (A deals: Y, B)
    assert st.extra_json["pool_after"][-1] == 0
    division = {"A": 82, "Y": 83, "B": 83, "Z": 82}
    assert dict(last.changes) == plus({"A": -30, "Y": 10, "B": 10, "Z": 10}, division)
    assert st.next_dealer == "A" and st.extra_json["game_number"] == 2
    # the next game starts with a fresh ante
    nxt = play(*hands, "caller=A call=six tricks=6")
    assert nxt.effects[-1].changes["Y"] == -15 - 10


def test_remainder_carry_keeps_the_odd_counters_for_the_next_game():
    hands = ["misdeal=yes"] + ["call=partout A=4 Y=3 B=3 Z=3"] * 12  # pools 50 at the end
    st = play(*hands, remainder="carry")
    assert st.extra_json["pools"]["in_play"] == 2
    assert dict(st.effects[-1].changes) == plus({"A": -30, "Y": 10, "B": 10, "Z": 10},
                                                {p: 12 for p in PLAYERS})
    assert play(*hands, "caller=A call=six tricks=6", remainder="carry").effects[-1].changes["A"] \
        == 45 + 42 - 10


def test_settle_divides_the_pools_and_balances_sum_to_zero():
    st = play("caller=A call=six tricks=0", "misdeal=yes")  # pools 90
    assert st.pool == 90
    assert sum(st.scores.values()) + st.pool == 0
    assert sum(st.balances.values()) == 0
    # Y deals next, so B is eldest: the odd 2 to B and Z
    assert {p: st.balances[p] - st.scores[p] for p in PLAYERS} == {"A": 22, "Y": 22, "B": 23, "Z": 23}


# ---------------------------------------------------------------- pay=N and the missing cells


@pytest.mark.parametrize("call, tricks", [("ten", 11), ("ten", 13), ("eleven", 11),
                                          ("twelve", 12), ("grand-slam", 13)])
def test_missing_cells_need_pay_and_say_so(call, tricks):
    with pytest.raises(ScorekeeperError) as err:
        play(f"caller=A call={call} tricks={tricks}")
    assert err.value.message == (
        f"hand 1: pay=N needed: the foster table has no figure for {call} bid, {tricks} taken "
        f"(the cell is cut off in every surviving copy of Foster's table); give pay=N, the "
        f"white counters each adversary pays as agreed at the table, or play with a house "
        f"table (--rule table=FILE.yaml)")
    assert changes(f"caller=A call={call} tricks={tricks} pay=77")["Y"] == -10 - 77


def test_pay_refused_where_the_table_has_the_figure():
    with pytest.raises(ScorekeeperError, match="pay: the foster table gives 22 for seven bid, 10 taken"):
        play("caller=A call=seven tricks=10 pay=30")
    with pytest.raises(ScorekeeperError, match="pay: the foster table gives 23 for eight bid, 1 short"):
        play("caller=A call=eight tricks=7 pay=30")


def test_failures_of_high_calls_are_in_the_table():
    assert changes("caller=A call=eleven tricks=0")["Y"] == -10 + 208


# ---------------------------------------------------------------- counters in colours


@pytest.mark.parametrize("white, text", [(0, "0"), (7, "7 white"), (347, "3 blue 4 red 7 white"),
                                         (-120, "-(1 blue 2 red)"), (-32, "-(3 red 2 white)"), (-30, "-3 red"), (250, "2 blue 5 red")])
def test_colours(white, text):
    assert colours(white) == text


# ---------------------------------------------------------------- the command line


def test_cli_game_shows_deal_dealer_colours_and_pool(cli):
    cli.new("b", "boston", "A,Y,B,Z", "first_dealer=Z")
    r = cli.ok("hand", "b", "caller=A", "call=seven", "tricks=10")
    assert "game 1 deal 1: A calls seven, takes 10: Y, B, Z pay A 22 each; A takes the pool (40)" in r.stdout
    assert "9 red 6 white" in r.stdout and "next: game 1, deal 2 of 12" in r.stdout
    r = cli.ok("hand", "b", "caller=Y", "call=eight", "tricks=7")
    assert "pool in play: 8 red (80)" in r.stdout and "pool: 80 counters" in r.stdout


@pytest.mark.parametrize("fields, message", [
    (["caller=A", "call=sevn", "tricks=7"],
     "error: call: must be one of boston, six, seven, little-misere, eight, nine, grand-misere, "
     "ten, eleven, little-spread, twelve, grand-spread, grand-slam, partout, got 'sevn' "
     "(did you mean seven?)"),
    (["caller=A", "call=seven", "tricks=14"], "error: tricks: must be a whole number from 0 to 13, got 14"),
    (["caller=A", "call=seven", "tricks=-1"], "error: tricks: must be a whole number from 0 to 13, got -1"),
    (["call=partout", "A=4", "Y=3", "B=3", "Z=2"],
     "error: hand 2: Misère Partout tricks must add up to 13, got 12 (A=4 Y=3 B=3 Z=2)"),
    (["caller=Q", "call=seven", "tricks=7"], "error: caller: 'Q' is not at the table; players: A, Y, B, Z"),
    (["caller=A", "call=ten", "tricks=12"], "error: hand 2: pay=N needed: the foster table has no figure"),
    (["call=partout", "A=4", "Y=3", "B=3"], "error: hand 2: Z is missing: each player's tricks"),
    (["caller=A", "tricks=7"], "error: hand 2: call is missing"),
    (["call=six", "tricks=7"], "error: hand 2: caller is missing"),
    (["caller=A", "call=six"], "error: hand 2: tricks is missing"),
    (["caller=A", "call=partout", "A=4", "Y=3", "B=3", "Z=3"],
     "error: hand 2: caller: not used in a Misère Partout (nobody called: everyone passed)"),
    (["caller=A", "call=six", "tricks=6", "Y=3"],
     "error: hand 2: Y: a player's tricks are given only in a Misère Partout"),
    (["caller=A", "call=six", "tricks=6", "revoke=Q"], "error: revoke: 'Q' is not at the table"),
    (["misdeal=yes", "caller=A"], "error: hand 2: caller: a misdeal is logged on its own"),
    (["caller=A", "call=grand-misere", "tricks=5"],
     "error: hand 2: tricks: a misère is thrown up the moment its caller takes a trick, so "
     "grand-misere takes 0 (made) or 1 (failed), got 5"),
    (["caller=A", "call=grand-misere", "fault=A"], "error: hand 2: fault: A is the caller"),
    (["passed=yes", "tricks=3"], "error: hand 2: tricks: a passed deal is logged on its own"),
])
def test_cli_mistakes_are_one_error_line_and_nothing_is_written(cli, fields, message):
    cli.new("b", "boston", "A,Y,B,Z")
    cli.ok("hand", "b", "caller=A", "call=seven", "tricks=10")
    r = cli.refused("b", "hand", "b", *fields)
    assert r.stderr.startswith(message)


def test_cli_four_players_exactly(cli):
    r = cli("new", "b", "--game", "boston", "--players", "A,Y,B")
    assert r.exit_code == 2 and "boston is played by 4 to 6 players, got 3" in r.stderr


def test_house_table_file_is_read_once_and_kept_in_the_log(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text("success:\n  10: {11: 45, 12: 48, 13: 51}\n")
    cli.new("b", "boston", "A,Y,B,Z", "table=house.yaml")
    (tmp_path / "house.yaml").unlink()  # the sitting no longer needs the file
    r = cli.ok("hand", "b", "caller=A", "call=ten", "tricks=12")
    assert "Y, B, Z pay A 48 each" in r.stdout
    assert store.load(cli.file("b")).rules["table"] == {  # as the file holds it: text
        "file": "house.yaml", "base": "foster", "success": {"10": {"11": "45", "12": "48", "13": "51"}}}


@pytest.mark.parametrize("text, message", [
    ("success: {4: {5: 3}}", "success: bid: must be a whole number 5 to 13, got 4"),
    ("success: {10: {9: 3}}", "success: bid 10: tricks taken: must be a whole number 10 to 13, got 9"),
    ("failure: {6: {7: 3}}", "failure: bid 6: tricks short: must be a whole number 1 to 6, got 7"),
    ("success: {10: {11: lots}}", "white counters: must be a whole number at least 0, got 'lots'"),
    ("misere: {misery: 3}", "misere: unknown call 'misery'"),
    ("base: british", "base must be foster or decimal"),
    ("[1, 2]", "must be a mapping"),
    ("success: {10: {11: 45}", "not valid YAML"),
])
def test_bad_house_tables_are_refused(cli, tmp_path, monkeypatch, text, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text(text + "\n")
    r = cli("new", "b", "--game", "boston", "--players", "A,Y,B,Z", "--rule", "table=house.yaml")
    assert r.exit_code != 0
    assert r.stderr.startswith("error: rule table: ") and message in r.stderr
    assert not cli.file("b").exists()


def test_unknown_table_name_and_missing_file(cli):
    r = cli("new", "b", "--game", "boston", "--players", "A,Y,B,Z", "--rule", "table=fostr")
    assert "error: rule table: must be foster, decimal or a house payment table FILE.yaml, " \
           "got 'fostr' (did you mean foster?)" in r.stderr
    r = cli("new", "b", "--game", "boston", "--players", "A,Y,B,Z", "--rule", "table=none.yaml")
    assert "error: rule table: no house table file 'none.yaml'" in r.stderr


# ---------------------------------------------------------------- the example sitting


def test_example_sitting_twelve_deals():
    replayed = ledger.open_session(SESSIONS / "boston-twelve-deals.yaml")
    st = replayed.standings
    summaries = [e.summary for e in st.effects]
    assert sum(1 for s in summaries if "misdeal" not in s) == 12
    assert any("doubles the pool" in s for s in summaries)
    assert any("25 red set aside" in n for e in st.effects for n in e.notes)
    assert st.extra_json["pool_after"][2] == 320
    assert all(sum(e.scores.values()) + pool == 0
               for e, pool in zip(st.effects, st.extra_json["pool_after"]))
    assert dict(st.scores) == {"A": 316, "Y": -66, "B": -572, "Z": 322}
    assert st.pool == 0 and dict(st.balances) == dict(st.scores)
    s = ledger.settlement(replayed)
    assert s.money_cents == {"A": 316, "Y": -66, "B": -572, "Z": 322}


def test_a_player_may_not_be_named_like_a_hand_field(cli):
    r = cli.refused("b", "new", "b", "--game", "boston", "--players", "A,Y,B,Call", code=2)
    assert r.stderr == "error: a player may not be called 'Call' in boston: call= is a hand field; " \
                       "give him another name\n"


# ---------------------------------------------------------------- a house table read from a file


@pytest.mark.parametrize("text, message", [
    # the same bid written once as a number and once as a string is the same row: refused,
    # not silently overwritten (the 11-taken cell would vanish)
    ('success:\n  10: {11: 45}\n  "10": {12: 47}', "success: bid 10 is given twice"),
    ('success:\n  10: {11: 45, "11": 46}', "success: bid 10: 11 tricks taken is given twice"),
    ('failure:\n  5: {1: 10, "1": 12}', "failure: bid 5: 1 tricks short is given twice"),
])
def test_house_table_cells_given_twice_are_refused(cli, tmp_path, monkeypatch, text, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text(text + "\n")
    r = cli.refused("b", "new", "b", "--game", "boston", "--players", "A,Y,B,Z",
                    "--rule", "table=house.yaml")
    assert r.stderr == f"error: rule table: house.yaml: {message}\n"
    assert not cli.file("b").exists()


def test_house_table_file_name_in_capitals_is_a_file(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "HOUSE.YAML").write_text("success:\n  10: {11: 45}\n")
    cli.new("b", "boston", "A,Y,B,Z", "table=HOUSE.YAML")
    assert store.load(cli.file("b")).rules["table"]["success"] == {"10": {"11": "45"}}


@pytest.mark.parametrize("make, message", [
    (lambda p: p.mkdir(), "error: rule table: house table 'house.yaml' is a folder, not a file "
                          "(values: foster | decimal | FILE.yaml)\n"),
    (lambda p: p.write_bytes(b"\xff\xfe success: {}\n"),
     "error: rule table: house table 'house.yaml' is not UTF-8 text (values: foster | decimal | FILE.yaml)\n"),
    (lambda p: None, "error: rule table: no house table file 'house.yaml' "
                     "(values: foster | decimal | FILE.yaml)\n"),
    (lambda p: p.write_text("success: {10: {11: 45}\n"),
     "error: rule table: house table 'house.yaml' line 2: not valid YAML "
     "(values: foster | decimal | FILE.yaml)\n"),
])
def test_unreadable_house_table_is_one_plain_line_and_nothing_written(cli, tmp_path, monkeypatch,
                                                                      make, message):
    monkeypatch.chdir(tmp_path)
    make(tmp_path / "house.yaml")
    r = cli.refused("b", "new", "b", "--game", "boston", "--players", "A,Y,B,Z",
                    "--rule", "table=house.yaml")
    assert r.stderr == message
    assert not cli.file("b").exists()


def test_unknown_table_name_writes_nothing(cli):
    cli.refused("b", "new", "b", "--game", "boston", "--players", "A,Y,B,Z", "--rule", "table=fostr", code=2)
    assert not cli.file("b").exists()


# ---------------------------------------------------------------- what the messages say


def test_the_ante_note_says_it_came_before_the_deal():
    # the notes follow the summary, so "A takes the pool (40); each puts 1 red in the pool;
    # pool 0" read as if the ante came after the pool was won
    notes = play("caller=A call=seven tricks=10").effects[-1].notes
    assert notes[0] == "before the deal each put 1 red in the pool"


@pytest.mark.parametrize("typed, hint", [
    ("five", "five tricks is called boston"), ("5", "five tricks is called boston"),
    ("thirteen", "thirteen tricks is called grand-slam"),
    ("pass", "when everyone passed: call=partout"),
    ("misere", "did you mean little-misere or grand-misere?"),
    ("spread", "did you mean little-spread or grand-spread?"),
])
def test_a_call_typed_as_a_number_of_tricks_gets_the_calls_name(cli, typed, hint):
    cli.new("b", "boston", "A,Y,B,Z")
    r = cli("hand", "b", "caller=A", f"call={typed}", "tricks=5")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1
    assert r.stderr.startswith(f"error: call: must be one of boston, six,")
    assert r.stderr.endswith(f"got {typed!r} ({hint})\n")


def test_a_call_typed_as_the_tricks_it_is_named_by_is_taken(cli):
    # issue 30 point 9: call=8 was refused with "did you mean eight?"
    cli.new("b", "boston", "A,Y,B,Z")
    cli.ok("hand", "b", "caller=A", "call=8", "tricks=8")
    assert "{caller: A, call: eight, tricks: 8" in cli.file("b").read_text()


def test_pool_limit_help_names_no_fixed_figure(cli):
    r = cli("games", "boston")
    assert "before that many are set aside" in r.stdout


def test_pay_needed_after_an_adversarys_revoke_says_why_thirteen():
    # the table has no "eleven bid, 13 taken"; the person typed no 13, so the error says
    # where it comes from (the revoke forfeit: three over-tricks, never over thirteen)
    with pytest.raises(ScorekeeperError) as err:
        play("caller=A call=eleven tricks=11 revoke=B")
    assert err.value.message.startswith(
        "hand 1: pay=N needed: the foster table has no figure for eleven bid, 13 taken "
        "(B revoked: paid as made with three over-tricks, never over thirteen; the cell is "
        "cut off in every surviving copy of Foster's table)")


# ---------------------------------------------------------------- five or six at a table; Fontainebleau


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


def test_scorekeeper_games_lists_passed_and_fault(cli):
    out = cli.ok("games", "boston").stdout
    assert "passed " in out and "the table passed the deal instead of playing a Misère Partout" in out
    assert "fault " in out and "the caller claims the pool and stakes" in out
