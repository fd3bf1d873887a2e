"""Every game played to a target reports each finished game with every side's final score
(`Standings.finished_games`), made by each game's own replay through
`target.game_over`, and read alike by `show` (text and JSON), the HTML report, `stats` and
`chart`."""

from __future__ import annotations

import pytest

FOUR = "Ann,Bob,Cid,Dee"

# game, players, rules, hands, the text line of each finished game, the JSON of the first
CASES = [
    ("cinch", FOUR, (), ["bidder=Ann bid=14 made=14"] * 4,
     ["game 1: Ann-Cid 56, Bob-Dee 0"],
     {"game": 1, "winner": "Ann-Cid", "scores": {"Ann-Cid": 56, "Bob-Dee": 0}, "hand": 4, "winners": ["Ann-Cid"]}),
    ("sixty-three", FOUR, (), ["bidder=Bob bid=63 made=63"] * 3,
     ["game 1: Bob-Dee 189, Ann-Cid 0"], None),
    # the bidder and the partner he called reach it together: they share the game
    ("cinch-auction", "Ann,Bob,Cid,Dee,Eve", (), ["bidder=Ann bid=14 partner=Bob made=14"] * 4,
     ["game 1: Ann 56, Bob 56, Cid 0, Dee 0, Eve 0"],
     {"game": 1, "winner": "Ann and Bob", "scores": {"Ann": 56, "Bob": 56, "Cid": 0, "Dee": 0, "Eve": 0},
      "hand": 4, "winners": ["Ann", "Bob"]}),
    ("cinch-solo", "Ann,Bob,Cid", (), ["bidder=Cid bid=14 Cid=14"] * 4,
     ["game 1: Cid 56, Ann 0, Bob 0"], None),
    ("cinch-widow", "Ann,Bob,Cid,Dee,Eve,Fay", (), ["bidder=Bob bid=14 Bob=14"] * 4,
     ["game 1: Bob-Eve 56, Ann-Dee 0, Cid-Fay 0"], None),
    ("all-fours", "Ann,Bob", (), ["high=Bob low=Bob jack=Bob game=Bob"] * 3,
     ["game 1: Bob 10, Ann 0"], None),
    ("tally", "Ann,Bob", ("target=20",), ["Ann=15 Bob=4", "Ann=6 Bob=3", "Bob=25"],
     ["game 1: Ann 21, Bob 7", "game 2: Bob 25, Ann 0"], None),
    ("tally", "Ann,Bob,Cid", ("target=20", "low_wins=on"), ["Ann=20 Bob=5 Cid=7"],
     ["game 1: Bob 5, Cid 7, Ann 20"], None),
    ("cribbage", "Ann,Bob", ("game=61",), ["Ann=29 Bob=12", "Ann=40 Bob=10", "Bob=7", "forfeit=Bob"],
     ["game 1: Ann 69, Bob 12", "game 2: Ann 0, Bob 7"], None),
    ("short-whist", FOUR, (), ["Ann=10", "Bob=13"],
     ["game 1: Bob-Dee 5, Ann-Cid 4"], None),
    ("long-whist", FOUR, (), ["Ann=13", "Ann=13"],
     ["game 1: Ann-Cid 10, Bob-Dee 0"], None),
    # a game lost by a revoke is a finished game too, at the scores it stood at
    ("scotch-whist", FOUR, (), ["jack=Bob ace=Ann king=Bob queen=Ann ten=Bob Ann=20", "revoke=Ann"],
     ["game 1: Bob-Dee 24, Ann-Cid 8"],
     {"game": 1, "winner": "Bob-Dee", "scores": {"Bob-Dee": 24, "Ann-Cid": 8}, "hand": 2, "winners": ["Bob-Dee"]}),
    ("french-whist", "Ann,Bob,Cid", (), ["revoke=Cid"],
     ["game 1: Ann 0, Bob 0, Cid 0"],
     {"game": 1, "winner": "Ann and Bob", "scores": {"Ann": 0, "Bob": 0, "Cid": 0}, "hand": 1,
      "winners": ["Ann", "Bob"]}),
    # the least hearts when another reaches thirty-one; two level at the least share it
    ("hearts", FOUR, ("settling=domino",), ["Ann=13", "Ann=13", "Ann=5 Bob=8"],
     ["game 1: Cid 0, Dee 0, Bob 8, Ann 31"], None),
    # lost by the first to lose his counters; every other player is paid
    ("slobberhannes", FOUR, ("counters=3",), ["first=Ann last=Ann queen=Ann"],
     ["game 1: Bob 3, Cid 3, Dee 3, Ann 0"],
     {"game": 1, "winner": "Bob, Cid and Dee", "scores": {"Bob": 3, "Cid": 3, "Dee": 3, "Ann": 0}, "hand": 1,
      "winners": ["Bob", "Cid", "Dee"]}),
    ("polignac", FOUR, ("counters=2",), ["Ann=2 Bob=1 Cid=1 Dee=1"],
     ["game 1: Bob 1, Cid 1, Dee 1, Ann 0"], None),
]


@pytest.mark.parametrize("game, players, rules, hands, lines, first", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_every_game_to_a_target_reports_each_finished_game_with_every_sides_score(
        cli, game, players, rules, hands, lines, first):
    cli.new("s", game, players, *rules)
    for hand in hands:
        cli.ok("hand", "s", *hand.split())
    shown = cli.ok("show", "s").stdout
    for line in lines:
        assert f"\n{line}\n" in shown, shown
    # (besides the line of the game under way: cribbage's "game 3, played to 61", Scotch's "game 2: ...")
    assert sum(not line.endswith(("played to 61", "(41 wins)")) for line in shown.split("\n")
               if line.startswith("game ")) == len(lines), shown
    data = cli.json("show", "s")
    assert len(data["finished_games"]) == len(lines)
    if first is not None:
        assert data["finished_games"][0] == first


def test_the_books_cinch_example_of_the_issue_shows_the_game_and_the_report_has_it(cli, tmp_path):
    cli.new("cn", "cinch", FOUR)
    for _ in range(4):
        out = cli.ok("hand", "cn", "bidder=Ann", "bid=14", "made=14").stdout
    assert "Ann-Cid win the game; a new game starts" in out and "\ngame 1: Ann-Cid 56, Bob-Dee 0\n" in out
    cli.ok("report", "cn", "--html", str(tmp_path / "r.html"))
    page = (tmp_path / "r.html").read_text()
    assert "game 1: Ann-Cid 56, Bob-Dee 0" in page
    assert "dashed line: a game over" in page


def test_stats_count_the_finished_games_won_and_chart_marks_where_each_ended(cli, monkeypatch):
    cli.new("cn", "cinch", FOUR)
    for _ in range(4):
        cli.ok("hand", "cn", "bidder=Ann", "bid=14", "made=14")
    players = cli.json("stats")["players"]
    assert {p: players[p]["games_won"] for p in players} == {"Ann": 1, "Bob": 0, "Cid": 1, "Dee": 0}
    monkeypatch.setenv("COLUMNS", "60")
    assert "game over (hand 4)" in cli.ok("chart", "cn").stdout


def test_settle_speaks_of_a_game_in_progress_only_while_the_game_says_one_is(cli):
    cli.new("cn", "cinch", FOUR)
    cli.ok("hand", "cn", "bidder=Ann", "bid=7", "made=9")
    assert "the game in progress (Ann 4, Bob 0, Cid 4, Dee 0) is not settled" in cli.ok("settle", "cn").stdout
    for _ in range(4):
        cli.ok("hand", "cn", "bidder=Ann", "bid=14", "made=14")
    assert "game in progress" not in cli.ok("settle", "cn").stdout  # 60: won, a new game at nought
