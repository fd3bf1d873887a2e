"""`stats`, `chart` and `report` on the bundled sittings, each figure checked against one
computed here independently (from the raw YAML, or from `settle` and `show`)."""

from __future__ import annotations

import os
import shutil
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from tests.conftest import SESSIONS, Cli


@pytest.fixture
def club(tmp_path) -> Cli:
    """A sessions folder holding a copy of every bundled sitting."""
    folder = tmp_path / "sessions"
    shutil.copytree(SESSIONS, folder)
    return Cli(folder)


@lru_cache(maxsize=None)
def raw(name: str) -> dict:
    """A bundled file read with PyYAML alone (not through scorekeeper's store)."""
    return yaml.load((SESSIONS / f"{name}.yaml").read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def bundled() -> list:
    """The bundled sittings (a progressive party's file is not one)."""
    return sorted(p.stem for p in SESSIONS.glob("*.yaml") if raw(p.stem).get("kind", "sitting") == "sitting")


@pytest.mark.slow  # shows and settles every bundled sitting through the command line
def test_sittings_hands_money_and_games_won_match_each_sittings_own_figures(club):
    sittings, hands, money, won = defaultdict(int), defaultdict(int), defaultdict(Decimal), defaultdict(int)
    for name in bundled():
        data = raw(name)
        settled = club.json("settle", name)
        shown = club.json("show", name)
        for p in data["players"]:
            sittings[p] += 1
            hands[p] += len(data["hands"] or [])
            money[(p, settled["currency"])] += Decimal(str(settled["money"][p]))
            # each finished game counts for every player of its winners (a side: "Ann-Cid"; the
            # bundled names hold no hyphen), in Slobberhannes and Polignac all but the loser
            won[p] += sum(p in w.split("-") for g in shown["finished_games"] for w in g["winners"])
    stats = club.json("stats")
    assert stats["failed"] == []
    plain = bundled()
    parties = sorted(p.stem for p in SESSIONS.glob("*.yaml") if p.stem not in plain)
    assert sorted(f.rsplit("/", 1)[-1][:-5] for f in stats["parties"]) == parties
    assert set(stats["players"]) == set(sittings)
    for p, got in stats["players"].items():
        assert got["sittings"] == sittings[p]
        assert got["hands"] == hands[p]
        assert got["games_won"] == won[p]
        expected = {cur: f"{amount:.2f}" for (q, cur), amount in money.items() if q == p}
        assert got["money"] == expected


def test_hearts_taken_per_deal_and_the_jack_won(club):
    data = raw("hearts-sweepstake-jack")
    deals = data["hands"]
    figures = club.json("stats", "--game", "hearts")["players"]
    for p in data["players"]:
        taken = sum(h.get(p, 0) for h in deals)
        mean = figures[p]["figures"]["hearts"]["hearts taken per deal"]
        assert mean["count"] == len(deals) + (5 if p in raw("hearts-howell")["players"] else 0)
        if p not in raw("hearts-howell")["players"]:
            assert mean["mean"] == pytest.approx(float(Fraction(taken, len(deals))))
    # docs/games.md: "a Jack that grows to 52 and is won" -- by Cid, the single clear player
    jacks = {p: v["figures"]["hearts"].get("Jacks won", {}).get("total", 0) for p, v in figures.items()}
    assert jacks == {"A": 0, "B": 0, "C": 0, "D": 0, "Ann": 0, "Ben": 0, "Cid": 1, "Dot": 0}


def test_cinch_bids_made_and_set_by_bid(club):
    counts = defaultdict(int)
    for h in raw("cinch-setback")["hands"]:
        outcome = "made" if h["made"] >= h["bid"] else "set"
        counts[(h["bidder"], f"bid {h['bid']} {outcome}")] += 1
        counts[(h["bidder"], f"bids {outcome}")] += 1
    # cinch-foster, the book's four hands given by cards: Y-Z 15 (A's 8 set), A-B 10 (made),
    # A-B 10 (A's 12 made), Y-Z 19 (A's 8 set)
    for key in ("bid 8 set", "bid 8 made", "bid 12 made", "bid 8 set"):
        counts[("A", key)] += 1
        counts[("A", "bids " + key.split()[-1])] += 1
    stats = club.json("stats", "--game", "cinch")
    got = {(p, name): f["total"] for p, v in stats["players"].items()
           for name, f in v["figures"].get("cinch", {}).items()}
    assert got == dict(counts)


def test_boston_calls_made_and_failed_count_every_call(club):
    calls = defaultdict(int)
    for h in raw("boston-twelve-deals")["hands"]:
        if not h.get("misdeal") and h.get("call") not in (None, "partout"):
            calls[h["caller"]] += 1
    stats = club.json("stats", "--game", "boston")["players"]
    for p, v in stats.items():
        f = v["figures"].get("boston", {})
        made, failed = f.get("calls made", {}).get("total", 0), f.get("calls failed", {}).get("total", 0)
        assert made + failed == calls[p]
        by_call = sum(x["total"] for k, x in f.items() if not k.startswith("calls "))
        assert by_call == calls[p]


def test_cribbage_shows_against_the_exact_expectation(club):
    from scorekeeper.games.cribbage.count import show_points
    from scorekeeper.cards import Card

    shown = defaultdict(list)
    # a hand is shown unless the game ended before its turn: hand 5, Ann pegs out in the play
    # (its note says so; § 82 xvi: the rest of the deal is not scored)
    for h in raw("cribbage-evening")["hands"]:
        if "starter" in h and "pegs out in the play" not in h.get("note", ""):
            starter = Card.parse(h["starter"])
            for p in ("Ann", "Bob"):
                if f"hand.{p}" in h:
                    shown[p].append(show_points([Card.parse(c) for c in h[f"hand.{p}"].split()], starter))
    assert {p: len(counts) for p, counts in shown.items()} == {"Ann": 1, "Bob": 1}
    stats = club.json("stats", "--game", "cribbage")["players"]
    for p, counts in shown.items():
        f = stats[p]["figures"]["cribbage"]["hand shown"]
        assert f["count"] == len(counts)
        assert f["mean"] == pytest.approx(sum(counts) / len(counts))
        assert f["expected"] == pytest.approx(60759 / 12740)  # docs/games.md: the exact mean


def test_stats_text_for_one_game_is_exact(club):
    assert club.ok("stats", "--game", "TALLY").stdout == f"""\
season: 1 sitting, 6 hands (in {club.folder})

player    sittings    hands    games won    money      best night                worst night
--------  ----------  -------  -----------  ---------  ------------------------  ------------------------
Ann       1           6        0            -2.25 USD  tally-friday (-2.25 USD)  tally-friday (-2.25 USD)
Bob       1           6        1            +2.25 USD  tally-friday (+2.25 USD)  tally-friday (+2.25 USD)
Cid       1           6        0            -0.95 USD  tally-friday (-0.95 USD)  tally-friday (-0.95 USD)
Dee       1           6        0            +0.95 USD  tally-friday (+0.95 USD)  tally-friday (+0.95 USD)

by game
player    game    sittings    hands    games won    net
--------  ------  ----------  -------  -----------  -------------
Ann       tally   1           6        0            -22.50 points
Bob       tally   1           6        1            +22.50 points
Cid       tally   1           6        0            -9.50 points
Dee       tally   1           6        0            +9.50 points
"""


def test_filters_player_and_since(club):
    one = club.json("stats", "--player", "bob")
    with_bob = sum(1 for name in bundled() if "Bob" in raw(name)["players"])  # (counted: issue 10 added sittings)
    assert list(one["players"]) == ["Bob"] and one["sittings"] == with_bob
    assert club.json("stats", "--since", "2030-01-01")["players"] == {}
    result = club("stats", "--since", "last tuesday")
    assert result.exit_code == 2 and result.stderr.startswith("error: --since must be a date")
    pasted = club("stats", "--since", "2026-11-01\n")  # a newline pasted with the date
    assert pasted.exit_code == 2 and pasted.stderr == ("error: --since must be a date such as 2026-11-01, "
                                                       "got '2026-11-01\\n'\n")


def test_a_sitting_that_fails_is_listed_with_its_error(club):
    (club.folder / "broken.yaml").write_text("format: scorekeeper/1\ngame: tally\nplayers: [A, B]\n"
                                             "hands:\n- {A: many}\n", encoding="utf-8")
    (club.folder / "unknown.yaml").write_text("format: scorekeeper/1\ngame: skat\nplayers: [A, B]\n",
                                              encoding="utf-8")
    data = club.json("stats")
    assert [f["file"].rsplit("/", 1)[-1] for f in data["failed"]] == ["broken.yaml", "unknown.yaml"]
    assert "must be a whole number" in data["failed"][0]["error"]
    assert "unknown game 'skat'" in data["failed"][1]["error"]
    text = club.ok("stats").stdout
    assert "failed to load (not counted)\n" in text and "broken.yaml:5: hand 1: A:" in text


def test_a_sitting_of_another_game_is_left_unread_by_stats_of_one_game(club):
    # `stats --game hearts` asks for the Hearts nights: a file that says it is a tally (its
    # first two lines, as scorekeeper writes them) is not read further, a broken header
    # after them included; one that says Hearts is read, and its mistake listed.
    (club.folder / "broken-tally.yaml").write_text("format: scorekeeper/1\ngame: tally\nplayers: [A, B]\n"
                                                   "rules: 5\nhands: []\n", encoding="utf-8")
    (club.folder / "broken-hearts.yaml").write_text("format: scorekeeper/1\ngame: hearts\nplayers: [A, B]\n"
                                                    "rules: 5\nhands: []\n", encoding="utf-8")
    every = [f["file"].rsplit("/", 1)[-1] for f in club.json("stats")["failed"]]
    assert every == ["broken-hearts.yaml", "broken-tally.yaml"]
    hearts = club.json("stats", "--game", "hearts")
    assert [f["file"].rsplit("/", 1)[-1] for f in hearts["failed"]] == ["broken-hearts.yaml"]
    assert hearts["sittings"] == len([n for n in bundled() if raw(n)["game"] == "hearts"])


def test_chart_fits_the_width_and_marks_game_ends(club, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    out = club.ok("chart", "cribbage-evening").stdout
    assert all(len(line) <= 60 for line in out.splitlines())
    assert out.isascii()  # piped: plain text
    assert out.splitlines()[-1] == "* Ann   o Bob   . 121 wins a game   | game over (hand 5, 8)"
    assert out.splitlines()[0] == "cribbage-evening (cribbage): the score after each hand"
    monkeypatch.setenv("COLUMNS", "200")
    wide = club.ok("chart", "tally-friday").stdout
    assert "| game over (hand 5)" in wide


def test_report_is_one_self_contained_page(club, tmp_path):
    out = tmp_path / "r.html"
    assert club.ok("report", "tally-friday", "--html", str(out)).stdout == f"wrote {out}\n"
    page = out.read_text(encoding="utf-8")
    assert "<script" not in page and "<svg" in page
    assert "https://" not in page and "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "Ann pays Bob 2.25 USD" in page and "Cid pays Dee 0.95 USD" in page
    season = tmp_path / "s.html"
    club.ok("report", "--season", "--html", str(season))
    assert "tally-friday" in season.read_text(encoding="utf-8")
    assert club("report", "--html", str(season)).exit_code == 2


def test_chart_of_the_books_cinch_hands_is_exact(club, monkeypatch):
    # Foster's four hands: Y-Z 15, A-B 10, A-B 10, Y-Z 19, so A-B 0 10 20 20 and Y-Z 15 15 15 34;
    # twelve rows from the game, 51, down to 0 (row = round((51 - score) / 51 * 11)): 51 on row
    # 0 (the dotted target), 34 on row 4 (3.67), 20 on row 7 (6.69), 15 on row 8 (7.76), 10 on
    # row 9 (8.84), 0 on row 11; a hand every sixth column. The axis is labelled at 51, 0 and
    # every 20 between (which round figures fit four to the span), 20 on row 7, 40 on row 2.
    monkeypatch.setenv("COLUMNS", "60")
    assert club.ok("chart", "cinch-foster").stdout == """\
cinch-foster (cinch): the score after each hand

  51 |......................
     |
  40 |
     |
     |                  o
     |
     |
  20 |            *     *
     |o     o     o
     |      *
     |
   0 |*---------------------
     +
hand  1     2     3     4

* A-B   o Y-Z   . 51 wins a game
"""


def test_every_registered_game_has_at_least_the_generic_figures(cli):
    from scorekeeper.games import game_names, get_game

    for i, name in enumerate(game_names()):
        game = get_game(name)
        seats = max(game.min_players, min(4, game.max_players))
        cli.new(f"s{i}", name, ",".join(f"{name[:2]}{k}" for k in range(seats)))
    data = cli.json("stats")
    assert data["failed"] == [] and data["sittings"] == len(game_names())
    for i, name in enumerate(game_names()):
        player = data["players"][f"{name[:2]}0"]
        assert player["by_game"][name]["hands"] == 0 and player["money"]


def test_season_report_charts_the_money_won_after_each_sitting(club, tmp_path):
    from scorekeeper import ledger, stats

    nights, _ = ledger.season(club.folder)
    currency, lines = stats.money_lines(nights)
    counted = [n for n in nights if n.settlement.currency == currency]
    for p, line in lines.items():  # the last point is the player's money in that currency
        assert line[-1] == sum(stats.Fraction(n.settlement.money_cents.get(p, 0), 100) for n in counted)
        assert len(line) == len(nights)
    page = tmp_path / "s.html"
    club.ok("report", "--season", "--html", str(page))
    assert page.read_text(encoding="utf-8").count("<svg") == 2  # one chart, wide and narrow


def page_text(html: str) -> str:
    """What a reader sees of a page, in one line: tags, styles and the chart left out."""
    import re

    html = re.sub(r"<(style|svg)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_report_text_is_exact_up_to_the_hands(club, tmp_path):
    # the figures: tally-friday's totals 92, 137, 105, 124 (mean 114.5) at 0.10 a point; the
    # target 100, so after Bob's game (hand 5) the scores 3, 36, 12, 27 are 97, 64, 88, 73 to go;
    # started 2026-11-29T19:29:18, a Sunday
    out = tmp_path / "r.html"
    club.ok("report", "tally-friday", "--html", str(out))
    text = page_text(out.read_text(encoding="utf-8"))
    assert text.split(" Every hand ")[0] == (
        "tally-friday (tally) tally-friday tally, 6 hands, started Sun 29 Nov 2026, 19:29; players: "
        "Ann, Bob, Cid, Dee Standings player score total to go games Ann 3 92 97 0 Bob 36 137 64 1 "
        "Cid 12 105 88 0 Dee 27 124 73 0 game 1: Bob 101, Dee 97, Cid 93, Ann 89 Settlement "
        "stake 0.10 USD per point player balance (points) money Ann -22.50 -2.25 USD Bob 22.50 "
        "2.25 USD Cid -9.50 -0.95 USD Dee 9.50 0.95 USD Ann pays Bob 2.25 USD Cid pays Dee 0.95 USD "
        "Score after each hand Ann Bob Cid Dee dashed line: a game over dotted line: 100 wins a game")
    assert text.endswith("6 Bob Ann 3, Bob 36, Cid 12, Dee 27 Ann +3, Bob +36, Cid +12, Dee +27 3 36 12 27")


def test_chart_symbols_and_colour_only_when_asked():
    from scorekeeper.render.chart import chart_text

    lines = {"Ann": [1, 5], "Bob": [3, 2]}
    plain = chart_text("t", lines, [], 40)
    symbols = chart_text("t", lines, [], 40, fancy=True)
    coloured = chart_text("t", lines, [], 40, fancy=True, colour=True)
    assert plain.isascii() and "\x1b[" not in symbols and "●" in symbols and "│" in symbols
    assert "\x1b[31m●\x1b[0m" in coloured and "\x1b[34m○\x1b[0m" in coloured


def test_stats_lists_a_dangling_link_a_folder_and_a_pipe_among_the_failed(cli):
    """A sitting linked in from a synced folder that is not mounted was left out without a word."""
    fri = cli
    fri.new("fri", "tally", "Ann,Bob")
    fri.ok("hand", "fri", "Ann=3")
    folder = fri.file("fri").parent
    (folder / "gone.yaml").symlink_to(folder.parent / "not-mounted" / "gone.yaml")
    (folder / "dir.yaml").mkdir()
    os.mkfifo(folder / "pipe.yaml")
    data = fri.json("stats")
    failed = {Path(f["file"]).name: f["error"] for f in data["failed"]}
    assert sorted(failed) == ["dir.yaml", "gone.yaml", "pipe.yaml"]
    assert failed["gone.yaml"].endswith("gone.yaml, which is not there")
    assert "not a plain file" in failed["pipe.yaml"] and "not a plain file" in failed["dir.yaml"]
    assert data["sittings"] == 1


def test_a_hand_never_shown_because_the_game_ended_is_not_counted(cli):
    # issue 21 point 14: Ann, not dealing, shows 29 first and reaches 31: the game ends there
    # (§ 82 xvi, the rest of the deal is not scored), so Bob's hand and crib were never shown
    cli.new("c", "cribbage", "Ann,Bob", "game=31")
    cli.ok("hand", "c", "Ann=20", "Bob=10")
    cli.ok("hand", "c", "starter=5S", "hand.Ann=5H,5D,5C,JS", "hand.Bob=2C,3D,9H,KS", "crib=4H,6H,7C,8S")
    figures = {p: v["figures"] for p, v in cli.json("stats")["players"].items()}
    assert figures == {"Ann": {"cribbage": {"hand shown": {
        "count": 1, "mean": 29, "expected": pytest.approx(60759 / 12740)}}}, "Bob": {}}
    # the same deal in a game that goes on: both hands and the crib are shown
    cli.new("d", "cribbage", "Ann,Bob")
    cli.ok("hand", "d", "Ann=20", "Bob=10")
    cli.ok("hand", "d", "starter=5S", "hand.Ann=5H,5D,5C,JS", "hand.Bob=2C,3D,9H,KS", "crib=4H,6H,7C,8S")
    bob = cli.json("stats", "--player", "Bob")["players"]["Bob"]["figures"]["cribbage"]
    assert {k: v["mean"] for k, v in bob.items()} == {"crib shown": 9, "hand shown": 4}


def test_a_net_of_one_says_game_not_games(cli):
    # issue 21 point 14: "-1 games"
    cli.new("c", "cribbage", "Ann,Bob", "game=31")
    cli.ok("hand", "c", "Ann=31", "Bob=10")
    rows = cli.ok("stats").stdout.split("by game\n")[1].splitlines()[2:4]
    assert rows == ["Ann       cribbage  1           1        1            +1 game",
                    "Bob       cribbage  1           1        0            -1 game"]


def test_list_and_stats_of_a_folder_read_that_folder_only(cli):
    # issue 21 point 7: the examples in sessions/examples/ are not counted with your nights
    cli.new("tue", "tally", "Ann,Bob")
    cli.ok("hand", "tue", "Ann=3")
    inner = cli.folder / "examples"
    inner.mkdir()
    for path in sorted(SESSIONS.glob("*.yaml"))[:3]:
        (inner / path.name).write_bytes(path.read_bytes())
    assert [row["name"] for row in cli.json("list")["sessions"]] == ["tue"]
    season = cli.json("stats")
    assert (season["sittings"], season["hands"], sorted(season["players"])) == (1, 1, ["Ann", "Bob"])
    assert cli.ok("list").stdout.count("\n") == 5  # the heading, a blank line, the table of one


def test_a_season_keeps_of_each_night_a_game_as_new_not_what_its_replay_remembered():
    # A game remembers what its replay worked out (a whist or a cribbage table's facts):
    # a season of 5,000 nights kept each night's, 113 MiB for `report --season` where 100 is
    # the budget (docs/speed.md). What the season keeps of a night is the game as new.
    from scorekeeper import ledger

    nights = [n for n in ledger.each_night(SESSIONS) if isinstance(n, ledger.Night)]
    assert len(nights) == len(bundled())
    remembered = {n.replayed.session.name: vars(n.replayed.game) for n in nights if vars(n.replayed.game)}
    assert not remembered
