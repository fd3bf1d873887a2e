"""A party can be shared (issue 21 point 9): `report PARTY --html` (the prizes by the party's
rule, the stars round by round, each round's tables and results), `chart PARTY` (the stars by
round) and `export PARTY` (every table's result as CSV); each checked against the party's own
log and tallies (`party show --json`)."""

from __future__ import annotations

import csv
import io
import re
import shutil

import pytest
import yaml

from tests.conftest import SESSIONS, Cli


@pytest.fixture
def club(tmp_path) -> Cli:
    folder = tmp_path / "sessions"
    shutil.copytree(SESSIONS, folder)
    return Cli(folder)


def text_of(html: str) -> str:
    html = re.sub(r"<(style|svg)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_the_chart_of_a_party_is_each_players_stars_round_by_round(club, monkeypatch):
    # party-hearts: Jim took 9 hearts at the booby table in round 1 (green), went up from
    # tables 3 and 2 (red, red), then won at the head table three times (gold): g R R G G G,
    # his tally 3 gold, 2 red, 1 green; the players in the order of the prizes (party show).
    monkeypatch.setenv("COLUMNS", "80")
    assert club.ok("chart", "party-hearts").stdout == """\
party-hearts (progressive-hearts): stars by round

prizes (stars): gold and red stars count one each; more gold breaks a tie, then
  fewer green

place  player  1 2 3 4 5 6  gold  red  green
1      Jim     g R R G G G     3    2      1
2      Kay     . . R R G G     2    2      0
3      Eve     R G G . g R     2    2      1
4      Fay     . R G . R .     1    2      0
5=     Cid     G . g R R .     1    2      1
5=     Dan     G . g R . R     1    2      1
5=     Hal     R G . g . R     1    2      1
5=     Ivy     R . R G . g     1    2      1
9=     Ann     . R . . . R     0    2      0
9=     Len     R . . . R .     0    2      0
11=    Bob     . g R R . .     0    2      1
11=    Gus     . R . g R .     0    2      1

G gold: won at the head table   R red: went up
g green: lost at the booby table   . none
"""


def test_the_stars_on_the_chart_are_the_tallies(club, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    for name in ("party-hearts", "party-cinch"):
        shown = club.json("party", "show", name)
        rows = [line.split() for line in club.ok("chart", name).stdout.splitlines()
                if line[:1].isdigit()]
        assert [row[1] for row in rows] == shown["standing"]
        for row in rows:
            marks = [m for m in row[2:-3]]
            assert len(marks) == len(shown["tallies"][row[1]]["tables"])
            assert [marks.count("G"), marks.count("R"), marks.count("g")] == \
                [shown["stars"][row[1]][c] for c in ("gold", "red", "green")] == [int(n) for n in row[-3:]]


def test_a_narrow_terminal_gets_the_rounds_in_blocks(club, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    out = club.ok("chart", "party-hearts").stdout
    assert all(len(line) <= 40 for line in out.splitlines())
    heads = [line for line in out.splitlines() if line.startswith("place")]
    assert heads == ["place  player  1 2 3", "place  player  4 5 6  gold  red  green"]
    assert "1      Jim     g R R\n" in out and "1      Jim     G G G     3    2      1\n" in out


def test_a_round_being_played_is_said_so(club, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    club.ok("party", "round", "party-hearts", "1", "Kay=1", "Jim=4", "Ann=3", "Dan=5")
    out = club.ok("chart", "party-hearts").stdout
    # round 7 at the head table: Kay and Jim (1 and 4 hearts) stay, with gold
    assert "place  player  1 2 3 4 5 6 7  gold  red  green\n1      Jim     g R R G G G G     4    2      1\n" in out
    assert out.endswith("round 7 is being played: tables 2, 3 still to report\n")


def test_export_of_a_party_is_every_tables_result(club):
    for name in ("party-hearts", "party-cinch"):
        rows = list(csv.DictReader(io.StringIO(club.ok("export", name).stdout)))
        log = yaml.safe_load((SESSIONS / f"{name}.yaml").read_text(encoding="utf-8"))["results"]
        assert len(rows) == len(log)
        for row, entry in zip(rows, log):
            assert (int(row["round"]), int(row["table"])) == (entry["round"], entry["table"])
            assert [row[f"seat {n}"] for n in range(1, 5)] == entry["players"]
            assert row["at"] == entry["at"]
            if "hearts" in entry:
                assert [int(row[f"hearts {n}"]) for n in range(1, 5)] == entry["hearts"]
    hearts = club.ok("export", "party-hearts").stdout.splitlines()
    assert hearts[:2] == [
        "round,table,seat 1,seat 2,seat 3,seat 4,hearts 1,hearts 2,hearts 3,hearts 4,winners,stars,cut,"
        "result,note,at",
        '1,1,Ann,Bob,Cid,Dan,3,4,2,4,Cid and Dan,Cid gold; Dan gold,Dan,"Ann 3, Bob 4, Cid 2, Dan 4 (Dan '
        'won the cut): Cid and Dan stay at the head table; Ann and Bob go down to table 3",,'
        "2026-12-01T04:24:51+00:00"]
    cinch = club.ok("export", "party-cinch").stdout.splitlines()
    assert cinch[0] == ("round,table,seat 1,seat 2,seat 3,seat 4,points 1-3,points 2-4,winners,stars,cut,"
                        "result,deals,note,at")
    # table 2 of round 1 reported its four deals, scored by deduction: Eve-Gus 6 (10 less 4) and
    # 16 (Hal's 5 set: 11 taken and the 5 bid) = 22, Fay-Hal 4 (9 less 5), deal 3 nothing (7
    # each); each deal is said as the cinch game says a hand
    assert cinch[2] == (
        '1,2,Eve,Fay,Gus,Hal,22,4,Eve and Gus,Eve red; Gus red; Fay green; Hal green,,"Eve-Gus 22, '
        'Fay-Hal 4: Eve and Gus go up to table 1","deal 1: Eve bid 8 in hearts and made 10 | deal 2: '
        "Fay bid 6 in spades and made 9 | deal 3: nobody bid, the dealer named clubs; the dealer's side "
        'made 7 | deal 4: Hal bid 5 in diamonds and made 3",,2026-12-01T04:24:54+00:00')


def test_the_party_page_has_the_prizes_the_stars_and_every_round(club, tmp_path):
    out = tmp_path / "p.html"
    assert club.ok("report", "party-hearts", "--html", str(out)).stdout == f"wrote {out}\n"
    html = out.read_text(encoding="utf-8")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    text = text_of(html)
    assert text.startswith(
        "party-hearts (progressive-hearts) party-hearts progressive-hearts, 12 players at 3 tables, "
        "6 rounds played; started Tue 1 Dec 2026, 04:24 The prizes By stars: gold and red stars count "
        "one each; more gold breaks a tie, then fewer green. place player gold red green tables "
        "1 Jim 3 2 1 3 3 2 1 1 1 2 Kay 2 2 0 3 3 3 2 1 1 ")
    # the stars by round: the table each sat at, the star won there marked
    assert ('<tr><td>1</td><td>Jim</td><td class="mid"><span class="star green" title="green">3</span>'
            '</td><td class="mid"><span class="star red" title="red">3</span></td>') in html
    assert ("Round 1 table players, in seat order result 1 head Ann Bob Cid Dan Ann 3, Bob 4, Cid 2, "
            "Dan 4 (Dan won the cut): Cid and Dan stay at the head table; Ann and Bob go down to "
            "table 3 2 Eve Fay Gus Hal Eve 1, Fay 5, Gus 6, Hal 1: Eve and Hal go up to table 1") in text
    assert text.count("Round ") == 6
    cinch = tmp_path / "c.html"
    club.ok("report", "party-cinch", "--html", str(cinch))
    assert "deal 3: nobody bid, the dealer named clubs; the dealer&#x27;s side made 7" in \
        cinch.read_text(encoding="utf-8")


def test_names_at_a_party_are_escaped(cli, tmp_path):
    names = "<b>A</b>,B&B,Cid,Dan,Eve,Fay,Gus,Hal"
    cli.ok("party", "new", "p", "--game", "progressive-hearts", "--players", names)
    cli.ok("party", "round", "p", "1", "<b>A</b>=3", "B&B=4", "Cid=2", "Dan=4", "cut=Dan",
           "note=<script>x</script>")
    out = tmp_path / "p.html"
    cli.ok("report", "p", "--html", str(out))
    html = out.read_text(encoding="utf-8")
    assert "<b>" not in html and "<script" not in html
    assert "&lt;b&gt;A&lt;/b&gt;" in html and "B&amp;B" in html


def test_a_party_with_no_result_yet(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    cli.ok("party", "new", "p", "--game", "progressive-cinch", "--players", "A,B,C,D,E,F,G,H")
    assert cli.ok("chart", "p").stdout == "p (progressive-cinch): stars by round\n\nno results yet\n"
    assert cli.ok("export", "p").stdout.count("\n") == 1  # the header alone
    out = tmp_path / "p.html"
    cli.ok("report", "p", "--html", str(out))
    assert "no results yet" in text_of(out.read_text(encoding="utf-8"))
