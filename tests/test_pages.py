"""The pages a table shares (`report`): fit for a phone and for paper, times as people read
them, each hand in words as its game says it, corrections marked, one score column per side,
the season without the local folder and in the order it was played (issue 21 points 10 and
14). The browser's view of them is in test_report_browser.py."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from scorekeeper import ledger
from scorekeeper.games import words
from scorekeeper.render.html import reading_time
from tests.conftest import SESSIONS, Cli


@pytest.fixture
def club(tmp_path) -> Cli:
    folder = tmp_path / "sessions"
    shutil.copytree(SESSIONS, folder)
    return Cli(folder)


def page(cli: Cli, *args: str) -> str:
    out = cli.folder.parent / "page.html"
    cli.ok("report", *args, "--html", str(out))
    return out.read_text(encoding="utf-8")


def text_of(html: str) -> str:
    """What a reader sees, in one line: tags, styles and charts left out."""
    html = re.sub(r"<(style|svg)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_every_page_has_a_phone_viewport_and_a_print_style(club):
    for args in (("tally-friday",), ("--season",)):
        html = page(club, *args)
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
        assert "@media print {" in html and "@page { margin: 12mm 12mm 14mm; }" in html
        assert "@media (max-width: 36em) {" in html


@pytest.mark.parametrize("logged, read", [
    ("2026-12-01T19:03:00+01:00", "Tue 1 Dec 2026, 19:03"),  # the table's own clock, not converted
    ("2026-11-29T19:29:18", "Sun 29 Nov 2026, 19:29"),
    ("2027-02-28T07:05:59Z", "Sun 28 Feb 2027, 07:05"),
    ("last Friday", "last Friday"),                           # not a time: as it was written
    ("", ""),
])
def test_times_read_as_people_read_them(logged, read):
    assert reading_time(logged) == read


# One or two hands of every game, in the game's own words (hand numbers from 1).
IN_WORDS = [
    ("cinch-setback", 1, "A bid 9 and made 6"),
    ("cinch-foster", 1, "A bid 8 in hearts; the bidder's side took A♥ 2♥ 5♦"),
    ("cinch-auction-five", 1, "Ann bid 8 in hearts with Cid as partner and made 10"),
    ("cinch-solo-three", 1, "Ann bid 7 in hearts; Ann took 8, Bob 4, Cid 2"),
    ("cinch-widow-six", 2, "Bob bid 7 in clubs; Bob took 5, Cid 4, Eve 3, Fay 2"),
    ("sixty-three-evening", 2, "Y bid 25 in spades and made 20"),
    ("hearts-howell", 2, "A took 1 heart, B 0, C 8, D 4"),
    ("hearts-howell", 4, "A took 2 hearts, B 2, C 3, D 6; C revoked"),
    ("hearts-sweepstake-jack", 7,
     "Ann took 0 hearts, Ben 5, Cid 4, Dot 4; Ben and Cid held the wrong number of cards"),
    ("boston-twelve-deals", 1, "A called seven and took 6 tricks"),
    ("boston-twelve-deals", 5, "everyone passed: misère partout, A took 2 tricks, Y 5, B 3, Z 3"),
    ("boston-twelve-deals", 7, "a misdeal"),
    ("boston-twelve-deals", 10, "Z called ten and took 11 tricks; 45 white counters a head, as agreed"),
    ("whist-two-rubbers", 2, "Bertie-Dick took 8 tricks, Alice-Clara 5; Bertie-Dick held three honours"),
    ("whist-two-rubbers", 9, "Alice-Clara took 7 tricks, Bertie-Dick 6; Dick revoked: three tricks "
                             "taken from his side and given to the other"),
    ("long-whist-rubber", 1, "A-B took 8 tricks, Y-Z 5; A-B held all four honours"),
    ("scotch-whist-catch-the-ten", 1,
     "Y-Z took 20 cards; B won the Jack, the King and the Ten, A the Ace and the Queen"),
    ("french-whist-evening", 1, "A-B took 20 cards; A won the Jack and the Queen, B the Ace and the "
                                "Ten of Diamonds, Z the King, Y the Ten"),
    ("all-fours-evening", 1, "the dealer turned up a knave; Bob high and game, Ann low; Ann revoked"),
    ("all-fours-evening", 3, "hearts trumps; Bob low; Bob won J♥ 9♠ 8♣"),
    ("cribbage-evening", 1, "the starter 5♠; Ann showed 5♣ 5♦ 5♥ J♠, Bob 2♣ 4♦ 6♥ 8♠; the crib "
                            "A♣ 3♦ 9♥ Q♠; Ann pegged 2, Bob 1"),
    ("cribbage-evening", 8, "Ann scored 12, Bob 40; Ann touched the cards after the cut for the start"),
    ("loo-limited", 2, "Cid took 2 tricks, Dot 1, Eve 0; Ann and Bob passed; Dot took the miss"),
    ("polignac-decave", 3, "Ann took 2 points, Cid 3; Cid announced capot and failed"),
    ("slobberhannes-evening", 2, "Bob won the first trick, Cid the last; Ann took the Queen of clubs"),
    ("slobberhannes-evening", 3, "a misdeal"),
    ("enfle-pools", 1, "Cid went out first"),
    ("tally-friday", 1, "Ann 12, Bob 30, Cid 8, Dee 25"),  # the generic wording: tally has none of its own
]


@pytest.mark.parametrize("name, number, said", IN_WORDS)
def test_each_hand_is_said_in_its_games_words(name, number, said):
    in_words: list = []
    r = ledger.open_session(SESSIONS / f"{name}.yaml", said=in_words)
    assert in_words[number - 1] == said and len(in_words) == len(r.session.hands)


def test_every_game_says_its_hands_in_words():
    from scorekeeper.games import game_names

    sitting_games = {ledger.open_session(p).session.game for p in SESSIONS.glob("*.yaml")
                     if not p.stem.startswith("party-")}
    assert sitting_games == set(game_names()) == {ledger.open_session(SESSIONS / f"{n}.yaml").session.game
                                                  for n, _, _ in IN_WORDS}


def test_the_generic_wording_names_each_field():
    from scorekeeper.cards import Suit, parse_cards

    values = {"Ann": 3, "bidder": "Bob", "trump": Suit.SPADES, "took": parse_cards("AH 10S"),
              "misdeal": True, "heels": False, "revoke": ["Ann", "Bob", "Cid"], "hand.Ann": 7}
    assert words.plain(values, ["bidder", "trump", "took", "misdeal", "heels", "revoke"],
                       ["Ann", "Bob"]) == (
        "Ann 3; bidder Bob; trump spades; took A♥ 10♠; misdeal; revoke Ann, Bob and Cid; Ann's hand 7")


def test_the_page_gives_each_hand_in_words_with_its_note_and_its_correction(club):
    path = club.folder / "tally-friday.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("{Ann: 15, Bob: 28, Cid: 30, Dee: 12,",
                        "{Ann: 15, Bob: 28, Cid: 30, Dee: 12, corrected: '2026-12-01T19:03:00+01:00',", 1)
    path.write_text(text, encoding="utf-8")
    html = page(club, "tally-friday")
    assert ('<td class="text">Ann 15, Bob 28, Cid 30, Dee 12 <span class="corrected">(corrected '
            'Tue 1 Dec 2026, 19:03)</span><br><span class="effect">Ann +15, Bob +28, Cid +30, Dee +12'
            '</span></td>') in html
    assert ('<td class="text">Ann 35, Bob 20, Cid 5, Dee 18 — <span class="note">Ann shot the moon'
            '</span><br>') in html
    assert "bid=" not in html and "Ann=" not in html  # never the input syntax


def test_a_cinch_page_has_one_column_per_side(club):
    text = text_of(page(club, "cinch-setback"))
    assert ("cinch-setback cinch, 8 hands, started Sun 29 Nov 2026, 19:30; A-B against Y-Z "
            "Standings side score to go games A-B 0 51 0 Y-Z 0 51 1 ") in text
    assert "Every hand # dealer hand, and what it did A-B Y-Z 1 A A bid 9 and made 6 — set back: " in text
    assert text.endswith("8 Z B bid 10 and made 11 B bid 10; A-B took 11, Y-Z 3: A-B +11, Y-Z +3 "
                         "(each side scores what it took); Y-Z win the game; a new game starts 31 51")


def test_names_and_notes_are_escaped(cli):
    cli.new("x", "tally", "<i>Al</i>,Bo&Co")
    cli.ok("hand", "x", "<i>Al</i>=3", "Bo&Co=1", "note=<script>alert(1)</script>")
    for html in (page(cli, "x"), page(cli, "--season")):
        assert "<i>" not in html and "<script" not in html
        assert "&lt;i&gt;Al&lt;/i&gt;" in html and "Bo&amp;Co" in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page(cli, "x")


def season_folder(cli: Cli, created: dict) -> None:
    """Sittings of one hand each, started at the times given (a file's `created:` set by hand)."""
    for name, when in created.items():
        cli.new(name, "tally", "Ann,Bob")
        cli.ok("hand", name, "Ann=2", "Bob=1")
        path = cli.file(name)
        text = re.sub(r"^created: .*$", f"created: '{when}'", path.read_text(encoding="utf-8"),
                      count=1, flags=re.M)
        path.write_text(text, encoding="utf-8")


def test_the_season_is_in_the_order_played_and_names_each_night_on_the_axis(cli):
    # file names in the other order from the times they were played
    season_folder(cli, {"a-last": "2026-12-08T20:00:00+01:00", "b-first": "2026-11-24T19:30:00+01:00",
                        "c-middle": "2026-12-01T19:00:00"})
    html = page(cli, "--season")
    labels = re.findall(r'<text [^>]*transform="rotate\(-40 [^"]*"[^>]*>([^<]*)</text>', html)
    assert labels == ["b-first", "c-middle", "a-last"]
    assert re.findall(r"<h3>([^ <]+) ", html) == ["b-first", "c-middle", "a-last"]
    text = text_of(html)
    assert "The season 3 sittings, 3 hands Standings" in text
    assert "b-first (tally, 1 hand, Tue 24 Nov 2026, 19:30)" in text  # not "1 hands"
    assert str(cli.folder) not in html and cli.folder.name not in text


def test_one_sitting_of_one_hand_is_said_so(cli):
    season_folder(cli, {"only": "2026-12-01T19:00:00"})
    assert "The season 1 sitting, 1 hand Standings" in text_of(page(cli, "--season"))


def test_a_file_that_fails_is_named_without_its_folder(cli):
    season_folder(cli, {"fine": "2026-12-01T19:00:00"})
    (cli.folder / "broken.yaml").write_text("format: scorekeeper/1\ngame: tally\nplayers: [A, B]\n"
                                            "hands:\n- {A: many}\n", encoding="utf-8")
    html = page(cli, "--season")
    assert str(cli.folder) not in html
    assert "<li>broken.yaml:5: hand 1: A: must be a whole number, got &#x27;many&#x27;</li>" in html


def test_the_season_chart_starts_from_nothing_and_marks_round_figures(cli):
    season_folder(cli, {"one": "2026-12-01T19:00:00"})
    html = page(cli, "--season")
    wide = re.search(r'<div class="wide-chart">(.*?)</div>', html).group(1)
    # Ann won 0.50 (1 point over the mean of 1.5 at the default stake of 1 a point), Bob lost
    # 0.50: from nothing at the start to 0.50 and -0.50; round figures every 0.10.
    ticks = re.findall(r'text-anchor="end" font-size="11" fill="#444">([^<]*)</text>', wide)
    assert ticks == ["-0.50", "-0.40", "-0.30", "-0.20", "-0.10", "0", "0.10", "0.20", "0.30",
                     "0.40", "0.50"]


def test_a_chart_on_the_page_draws_the_target(club):
    html = page(club, "cribbage-evening")
    assert "<title>121 wins a game</title>" in html
    assert "dotted line: 121 wins a game" in text_of(html)


def test_the_season_names_the_parties_it_does_not_count(club):
    text = text_of(page(club, "--season"))
    assert text.endswith("Progressive parties Not sittings, so not counted here; each has a page of "
                         "its own (scorekeeper report NAME --html FILE): party-arrivals, party-cinch, party-hearts.")
