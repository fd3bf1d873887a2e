"""Late arrivals and early leavers (issue 29 point 2), sitting out at Cinch, and how they show:
the bundled 14-player evening (sessions/examples/party-arrivals.yaml, docs/party.md), `party
join`, `party leave`, `party undo`, corrections, and bad input refused with the file unchanged."""

from __future__ import annotations

import json
from fractions import Fraction

from scorekeeper.model import Hand, Session
from scorekeeper.party import ledger as parties
from scorekeeper.party import replay as progressive

from .test_party import bundled, copy_bundled

FOURTEEN = "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jim,Kay,Len,Meg,Ned"


def test_the_evening_seats_zoe_at_the_booby_table_of_three_and_plays_on_without_dan():
    st = bundled("party-arrivals").standing
    assert st.round == 7 and [len(t) for t in st.history[0]] == [4, 4, 3, 3]
    assert st.history[2][3] == ("Cid", "Hal", "Ned", "Zoe")  # a table of three made four
    assert [len(t) for t in st.history[2]] == [4, 4, 3, 4]
    assert st.history[4][1] == ("Ann", "Kay", "Hal")  # Dan's table plays round 5 as three
    assert st.visits["Zoe"] == (None, None, 4, 4, 3, 2)
    assert st.visits["Dan"] == (1, 4, 3, 2, None, None)
    assert [(c.round, c.player, c.change) for c in st.changes] == [(3, "Zoe", "join"), (5, "Dan", "leave")]
    assert "Dan" not in st.present and "Zoe" in st.present and len(st.present) == 14
    assert st.players[-1] == "Zoe"
    # the prizes count the stars won: Zoe's four rounds and Dan's four as they stand
    assert dict(st.stars["Zoe"]) == {"gold": 0, "red": 3, "green": 1} and st.places["Zoe"] == "12"
    assert dict(st.stars["Dan"]) == {"gold": 0, "red": 2, "green": 0} and st.places["Dan"] == "13="


def test_show_report_chart_and_export_show_the_arrival_and_the_departure(cli):
    copy_bundled(cli, "party-arrivals")
    data = json.loads(cli.ok("party", "show", "party-arrivals", "--json").stdout)
    assert data["changes"] == [
        {"round": 3, "player": "Zoe", "change": "join", "summary": "Zoe arrives: plays from round 3"},
        {"round": 5, "player": "Dan", "change": "leave", "summary": "Dan leaves after round 4"}]
    assert data["tallies"]["Zoe"] == {"rounds": 4, "tables": [None, None, 4, 4, 3, 2]}
    assert data["seatings"][2]["tables"][3] == ["Cid", "Hal", "Ned", "Zoe"]
    shown = cli.ok("party", "show", "party-arrivals").stdout
    assert "\n3                 Zoe arrives: plays from round 3\n" in shown
    assert "Dan       0       2      0        4         1 4 3 2 - -" in shown
    chart = cli.ok("chart", "party-arrivals").stdout
    assert "Zoe     - - g R R R" in chart and "- not played (sat out, not yet come, or gone)" in chart
    export = cli.ok("export", "party-arrivals").stdout.splitlines()
    assert export[0].startswith("round,table,seat 1,seat 2,seat 3,seat 4,hearts 1,")
    assert any(row.startswith("3,,") and "Zoe arrives: plays from round 3" in row for row in export)
    assert any(row.startswith("5,,") and "Dan leaves after round 4" in row for row in export)
    assert "4,3,Ann,Cid,Hal,,5,6,2,,Ann and Hal" in "\n".join(export)
    page = cli.folder / "evening.html"
    cli.ok("report", "party-arrivals", "--html", str(page))
    text = page.read_text()
    assert "<p>Zoe arrives: plays from round 3</p>" in text and "<p>Dan leaves after round 4</p>" in text


def test_join_and_leave_are_log_entries_undone_by_party_undo(cli):
    cli.ok("party", "new", "eve", "--game", "progressive-hearts", "--players", FOURTEEN)
    before = cli.file("eve").read_text()
    joined = cli.ok("party", "join", "eve", "Zoe").stdout
    assert joined.startswith("Zoe arrives: plays from round 1\n\neve (progressive-hearts, 15 players at 4 tables)")
    assert "4 booby  Len       Meg       Ned       Zoe" in joined
    assert cli.file("eve").read_text().splitlines()[-1].startswith("- {round: 1, join: Zoe, at: ")
    undone = cli.ok("party", "undo", "eve").stdout
    assert undone.startswith("removed: Zoe arrives: plays from round 1\n")
    assert cli.file("eve").read_text() == before
    cli.ok("party", "round", "eve", "1", "Ann=6", "Bob=2", "Cid=2", "Dan=3")
    later = cli.ok("party", "leave", "eve", "Bob").stdout
    assert later == "Bob leaves after round 1 (round 2 is seated when every table has reported round 1)\n"
    st = parties.open_party(cli.file("eve")).standing
    assert "Bob" in st.tables[0] and "Bob" not in st.present  # he plays out round 1


def test_bad_arrivals_and_departures_are_refused_with_one_line_and_the_file_unchanged(cli):
    copy_bundled(cli, "party-arrivals")
    name = "party-arrivals"
    assert cli.refused(name, "party", "join", name, "ann").stderr == \
        "error: Ann is already at the party (table 4 in round 7)\n"
    assert cli.refused(name, "party", "join", name, "Note", code=2).stderr == \
        "error: a player may not be called 'Note' in a party: note= is a hand field; give him another name\n"
    assert cli.refused(name, "party", "join", name, "A,B", code=2).stderr.startswith("error: player name 'A,B'")
    assert cli.refused(name, "party", "leave", name, "Dan").stderr == "error: Dan has already left the party\n"
    assert cli.refused(name, "party", "leave", name, "Zed").stderr.startswith(
        "error: 'Zed' is not at the party (did you mean Zoe?); at the party: Ann, Bob, ")
    cli.ok("party", "new", "six", "--game", "progressive-hearts", "--players", "Ann,Bob,Cid,Dan,Eve,Fay")
    assert cli.refused("six", "party", "leave", "six", "Ann").stderr == (
        "error: Ann cannot leave: 5 players would be left and a party of progressive-hearts needs 6 "
        "(two tables of three): seat a late arrival first (party join NAME PLAYER), or end the party "
        "here (party show gives the prizes)\n")
    sixty = ",".join(f"P{n}" for n in range(60))
    cli.ok("party", "new", "big", "--game", "progressive-cinch", "--players", sixty)
    assert cli.refused("big", "party", "join", "big", "Zoe").stderr == \
        "error: Zoe cannot join: a party of progressive-cinch has at most 60 players, and 60 are here\n"
    assert cli.refused("y", "party", "new", "y", "--game", "progressive-cinch", "--players", "A,B,C,D,E,F,G",
                       code=2).stderr == "error: a party of progressive-cinch has 8 to 60 players, got 7\n"


def test_a_correction_before_an_arrival_changes_that_round_only(cli):
    copy_bundled(cli, "party-arrivals")
    before = parties.open_party(cli.file("party-arrivals")).standing
    cli.ok("party", "edit", "party-arrivals", "2", "4", "Ann=7", "Ned=2")
    after = parties.open_party(cli.file("party-arrivals")).standing
    assert after.history == before.history and after.changes == before.changes
    assert after.results[8:] == before.results[8:]
    assert after.stars["Ned"]["red"] == before.stars["Ned"]["red"] + 1


def test_a_table_of_three_left_with_two_breaks_up_and_its_two_sit_as_arrivals_do():
    party = Session("p", progressive.HEARTS, tuple(FOURTEEN.split(",")), {},
                    hands=(Hand({"round": 1, "leave": "Ivy"}),))
    st = progressive.replay(party)
    assert st.tables == (("Ann", "Bob", "Cid", "Dan"), ("Eve", "Fay", "Gus", "Hal"),
                         ("Len", "Meg", "Ned", "Jim", "Kay"))
    assert sorted(p for t in st.tables for p in t) == sorted(set(FOURTEEN.split(",")) - {"Ivy"})
    assert all(3 <= len(t) <= 5 for t in st.tables)


def test_cinch_sits_out_in_turn_and_a_round_sat_out_counts_the_average():
    players = tuple("Ann Bob Cid Dan Eve Fay Gus Hal Ivy".split())
    party = Session("p", progressive.CINCH, players, {})
    hands = [Hand({"round": 1, "table": 1, "players": list(players[:4]), "points": [23, 12]}),
             Hand({"round": 1, "table": 2, "players": list(players[4:8]), "points": [9, 27]})]
    st = progressive.replay(party._replace(hands=tuple(hands)))
    assert st.sitting_out == (("Ivy",), ("Ann",))
    assert st.tables[0] == ("Ivy", "Cid", "Fay", "Hal")  # Ivy in the seat of Ann, who sits out
    hands += [Hand({"round": 2, "table": 1, "players": list(st.tables[0]), "points": [10, 20]}),
              Hand({"round": 2, "table": 2, "players": list(st.tables[1]), "points": [18, 10]})]
    st = progressive.replay(party._replace(hands=tuple(hands)))
    # Ann won gold in round 1 and sat out round 2: with sitout=average she counts 2 gold
    counted = progressive._counted(st.players, st.stars, st.stars, {"Ann": 1, **{p: 2 for p in players[1:]}},
                                   {"Ann": 1, **{p: 0 for p in players[1:]}}, "average")
    assert counted["Ann"]["gold"] == Fraction(2)
    assert st.places["Ann"] == st.places["Cid"] == "1=" and st.stars["Ann"]["gold"] == 1  # Cid: 2 gold
    none = progressive.replay(party._replace(hands=tuple(hands), rules={"sitout": "none"}))
    assert none.places["Cid"] == "1" and none.places["Ann"] != "1="


def test_correcting_the_last_round_played_reseats_the_next_with_the_same_turns_out(cli):
    cli.ok("party", "new", "club9", "--game", "progressive-cinch", "--players", "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy")
    cli.ok("party", "round", "club9", "1", "Ann=23", "Bob=12")
    cli.ok("party", "round", "club9", "2", "Eve=9", "Fay=27")
    before = parties.open_party(cli.file("club9")).standing
    assert before.tables == (("Ivy", "Cid", "Fay", "Hal"), ("Eve", "Gus", "Bob", "Dan")) and before.out == ("Ann",)
    out = cli.ok("party", "edit", "club9", "1", "1", "Ann=12", "Bob=23").stdout
    assert "round 2 is re-seated" in out
    after = parties.open_party(cli.file("club9")).standing
    # Bob and Dan now stay at the head table, Ann and Cid go down; Ann's turn out is kept
    assert after.out == ("Ann",) and after.history[0] == before.history[0]
    assert after.tables == (("Bob", "Dan", "Fay", "Hal"), ("Eve", "Gus", "Ivy", "Cid"))
    assert dict(after.stars["Bob"]) == {"gold": 1, "red": 0, "green": 0}
