"""`scorekeeper chart`: players on one spot never hide each other, the target a game is played
to is drawn, and the axes are labelled (issue 21 point 11). Exact output, each row worked out
in the comments: row = round((top - score) / (top - bottom) * 11), twelve rows."""

from __future__ import annotations

import shutil

import pytest

from scorekeeper.render.chart import chart_text
from tests.conftest import SESSIONS, Cli


@pytest.fixture
def club(tmp_path) -> Cli:
    folder = tmp_path / "sessions"
    shutil.copytree(SESSIONS, folder)
    return Cli(folder)


def test_cribbage_chart_draws_the_target_and_labels_both_axes(club, monkeypatch):
    # Ann 35 75 107 119 123 | 8 18 30 and Bob 8 53 83 103 106 | 45 85 127 (show's scores),
    # rows from 127 down to 0: Ann on rows 8 5 2 1 0 | 10 9 8, Bob on 10 6 4 2 2 | 7 4 0.
    # The target, 121, is the dotted row 1; the axis says 127, 121, 0 and every 50 between
    # (100 would sit beside 121: left out). The hands every sixth column, each numbered.
    monkeypatch.setenv("COLUMNS", "80")
    assert club.ok("chart", "cribbage-evening").stdout == """\
cribbage-evening (cribbage): the score after each hand

 127 |                        *  |              o  |
 121 |..................*........|.................|
     |            *     o     o  |                 |
     |                           |                 |
     |            o              |        o        |
     |      *                    |                 |
     |      o                    |                 |
  50 |                           |  o              |
     |*                          |              *  |
     |                           |        *        |
     |o                          |  *              |
   0 |---------------------------|-----------------|
     +                           ^                 ^
hand  1     2     3     4     5     6     7     8

* Ann   o Bob   . 121 wins a game   | game over (hand 5, 8)
"""


def test_players_on_one_spot_stand_side_by_side(cli, monkeypatch):
    # Ann 5 10 -10, Bob 5 10 10, Cid 5 -5 -5, from 10 down to -10: 10 on row 0, 5 on row 3,
    # 0 on row 6 (round(5.5) = 6), -5 on row 8, -10 on row 11. All three on row 3 at hand 1,
    # Ann and Bob on row 0 at hand 2: side by side in the legend's order, not one over another.
    monkeypatch.setenv("COLUMNS", "80")
    cli.new("x", "tally", "Ann,Bob,Cid")
    cli.ok("hand", "x", "Ann=5", "Bob=5", "Cid=5")
    cli.ok("hand", "x", "Ann=5", "Bob=5", "Cid=-10")
    cli.ok("hand", "x", "Ann=-20", "Bob=0", "Cid=0")
    assert cli.ok("chart", "x").stdout == """\
x (tally): the score after each hand

  10 |      *o    o
     |
     |
   5 |*o+
     |
     |
   0 |----------------
     |
  -5 |      +     +
     |
     |
 -10 |            *
     +
hand  1     2     3

* Ann   o Bob   + Cid
"""


def test_where_there_is_no_room_beside_one_mark_says_several_are_there():
    # Seven hands in 14 columns: one column a hand, no room beside a mark. Ann and Bob go
    # 1..7 together (& on every hand), Cid 7..1 crosses them at hand 4 (4 on row 5: & too).
    assert chart_text("t", {"Ann": [1, 2, 3, 4, 5, 6, 7], "Bob": [1, 2, 3, 4, 5, 6, 7],
                            "Cid": [7, 6, 5, 4, 3, 2, 1]}, [], 20) == """\
t

   7 |+     &
     |
   6 | +   &
     |  + &
     |
   4 |   &
     |  & +
     |
   2 | &   +
     |&     +
     |
   0 |-------
     +
hand  1  4  7

* Ann   o Bob
+ Cid
& several on one spot"""


def test_a_long_sitting_numbers_every_tenth_hand():
    # 100 hands over 54 columns: a hand number every 10 (every 5 would not leave a space)
    text = chart_text("t", {"Ann": list(range(100))}, [], 60)
    assert text.splitlines()[-3] == "hand  1   10   20    30   40   50   60    70   80   90    100"


def test_the_fancy_chart_colours_the_legend_too():
    text = chart_text("t", {"Ann": [1, 5], "Bob": [1, 2]}, [], 40, fancy=True, colour=True, target=5)
    assert text.splitlines()[-1] == "\x1b[31m●\x1b[0m Ann   \x1b[34m○\x1b[0m Bob   ┈ 5 wins a game"
    assert "\x1b[31m●\x1b[0m\x1b[34m○\x1b[0m" in text  # hand 1: side by side


def test_lines_on_one_stretch_of_the_page_chart_both_show():
    # each line drawn a little wider than the next: Bob's over Ann's leaves Ann's edges showing
    from scorekeeper.render.chart import chart_svg

    svg = chart_svg({"Ann": [1, 2], "Bob": [1, 2], "Cid": [0, 5]}, [])
    import re

    assert re.findall(r'<polyline [^>]*stroke-width="([^"]+)"', svg) == ["4", "3", "2"]
