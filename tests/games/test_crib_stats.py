"""The exact distribution (`crib stats`) and the discard advisor, each checked against an
independent brute-force scorer: on random hands (hypothesis), exhaustively on sub-decks,
and against the published figures for the full deck."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.cards import Card, Rank, Suit, full_deck
from scorekeeper.games.cribbage import stats as crib_stats
from scorekeeper.games.cribbage.count import count_hand, show_points
from scorekeeper.games.cribbage.discard import advise, expected_crib, expected_hand

# ---------------------------------------------------------------- the brute-force scorer
# Written from the laws alone, sharing nothing with scorekeeper.crib: cards are
# (ordinal 1..13, suit) pairs; every subset is tried for fifteens, every two cards for pairs,
# and runs are the longest sets of distinct consecutive ranks among all subsets.
# Fifteens, pairs and runs depend on the ranks alone, so that part is remembered for each
# sorted set of ranks: a pure function computed once per argument gives the same figures as
# computed every time, and the exhaustive checks below cost seconds instead of minutes.


@lru_cache(maxsize=None)
def brute_ranks(ranks):
    """(fifteens, pairs, runs) of cards with these rank ordinals, every subset tried."""
    cards = list(enumerate(ranks))  # positions keep two cards of one rank apart
    n = len(cards)
    fifteens = pairs = runs = 0
    for mask in range(1, 1 << n):
        chosen = [cards[i][1] for i in range(n) if mask >> i & 1]
        if len(chosen) >= 2 and sum(min(r, 10) for r in chosen) == 15:
            fifteens += 2
        if len(chosen) == 2 and chosen[0] == chosen[1]:
            pairs += 2

    # every maximal sequence counts its length: a run of three or more to which no other
    # card can be added (seven cards may hold two separate sequences)
    def is_run(sub):
        ordinals = sorted(r for _, r in sub)
        return all(b - a == 1 for a, b in zip(ordinals, ordinals[1:]))

    for length in range(3, n + 1):
        for sub in combinations(cards, length):
            if is_run(sub) and not any(is_run(sub + (c,)) for c in cards if c not in sub):
                runs += length
    return fifteens, pairs, runs


def brute(hand, starter, crib=False):
    fifteens, pairs, runs = brute_ranks(tuple(sorted(r for r, _ in list(hand) + [starter])))
    suits = {s for _, s in hand}
    flush = 0
    if len(suits) == 1:
        if starter[1] in suits:
            flush = len(hand) + 1
        elif not crib:
            flush = len(hand)
    nobs = sum(1 for r, s in hand if r == 11 and s == starter[1])
    return {"total": fifteens + pairs + runs + flush + nobs, "fifteens": fifteens,
            "pairs": pairs, "runs": runs, "flush": flush, "nobs": nobs}


def plain(card: Card):
    return (card.rank.ordinal, card.suit.value)


DECK = full_deck()


@st.composite
def deals(draw, sizes=(3, 4, 6)):
    size = draw(st.sampled_from(sizes))
    cards = draw(st.lists(st.sampled_from(DECK), min_size=size + 1, max_size=size + 1, unique=True))
    return tuple(cards[:-1]), cards[-1]


@pytest.mark.slow  # 400 random hands; every hand of two sub-decks is checked below too
@settings(max_examples=400, deadline=None)
@given(deals(), st.booleans())
def test_count_agrees_with_brute_force_on_random_hands(deal, crib):
    hand, starter = deal
    if crib and len(hand) != 4:
        crib = False
    expected = brute([plain(c) for c in hand], plain(starter), crib)
    assert count_hand(hand, starter, crib).as_dict() == expected
    assert show_points(hand, starter, crib) == expected["total"]


@pytest.mark.slow  # 400 random hands; the sub-deck distributions check every hand exhaustively
@settings(max_examples=400, deadline=None)
@given(deals(sizes=(4,)))
def test_rank_points_of_stats_agree_with_brute_force(deal):
    hand, starter = deal
    ordinals = [c.rank.ordinal for c in hand + (starter,)]
    b = brute([plain(c) for c in hand], plain(starter))
    assert crib_stats.rank_points(ordinals) == b["fifteens"] + b["pairs"] + b["runs"]


# ---------------------------------------------------------------- the distribution


def brute_distributions(ranks, suits):
    deck = [(r, s) for r in ranks for s in range(suits)]
    hand_dist: Counter = Counter()
    crib_dist: Counter = Counter()
    for hand in combinations(deck, 4):
        for starter in deck:
            if starter in hand:
                continue
            hand_dist[brute(hand, starter)["total"]] += 1
            crib_dist[brute(hand, starter, crib=True)["total"]] += 1
    return hand_dist, crib_dist


@pytest.mark.parametrize("ranks, suits", [
    ((1, 4, 5, 10, 11), 3),        # 15 cards: fives and tens, knaves, a four-card flush
    ((2, 3, 4, 5, 11, 12), 2),     # 12 cards: runs, nobs, five-card flushes
])
def test_distribution_matches_brute_force_on_a_sub_deck(ranks, suits):
    assert crib_stats.distributions(ranks, suits) == brute_distributions(ranks, suits)


@pytest.mark.slow
def test_distribution_matches_brute_force_on_a_bigger_sub_deck():
    # aces, a run of 4-5-6, tens and knaves in four suits: every kind of score, flushes and nobs
    ranks, suits = (1, 4, 5, 6, 10, 11), 4   # 24 cards, 212,520 hands with a starter
    assert crib_stats.distributions(ranks, suits) == brute_distributions(ranks, suits)


def test_hand_rule_matches_the_published_distribution():
    s = crib_stats.stats()
    assert s["combinations"] == 12_994_800 == comb(52, 4) * 48
    hand = s["hand"]
    assert hand[0] == 1_009_008
    assert hand[29] == 4
    assert [hand[k] for k in (19, 25, 26, 27)] == [0, 0, 0, 0]
    assert sum(hand.values()) == 12_994_800
    # the whole published table (e.g. Wikipedia's "Cribbage statistics", hand counts)
    assert hand == {0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508,
                    6: 1800268, 7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680,
                    12: 317340, 13: 19656, 14: 90100, 15: 9168, 16: 58248, 17: 11196,
                    18: 2708, 19: 0, 20: 8068, 21: 2496, 22: 444, 23: 356, 24: 3680, 25: 0,
                    26: 0, 27: 0, 28: 76, 29: 4}
    assert s["mean"]["hand"] == Fraction(sum(k * v for k, v in hand.items()), 12_994_800)
    assert round(float(s["mean"]["hand"]), 3) == 4.769


def test_crib_rule_distribution():
    s = crib_stats.stats()
    crib = s["crib"]
    assert sum(crib.values()) == 12_994_800
    assert crib[0] == 1_022_208
    assert crib[29] == 4 and crib[28] == 76 and crib[24] == 3680
    # a four-card flush no longer counts: hands of 4 points with a flush move down to 0
    hand = s["hand"]
    assert crib[0] - hand[0] == 13_200  # four-card flushes with nothing else
    assert [crib[k] for k in (19, 25, 26, 27)] == [0, 0, 0, 0]
    assert round(float(s["mean"]["crib"]), 4) == 4.7348
    # the only difference between the rules is the four-card flush, 4 points each time:
    diff = sum(k * v for k, v in hand.items()) - sum(k * v for k, v in crib.items())
    # a four-card flush in hand: 4 suits, C(13,4) rank sets, 39 starters of the other suits
    assert diff == 4 * 4 * comb(13, 4) * 39


def test_stats_json(cli):
    r = cli("crib", "stats", "--json")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["combinations"] == 12994800
    assert data["hand"]["0"] == 1009008 and data["hand"]["29"] == 4
    assert data["crib"]["0"] == 1022208
    assert set(data["mean"]) == {"hand", "crib"}
    assert abs(data["mean"]["hand"] - 4.769) < 0.0005
    crib_only = json.loads(cli("crib", "stats", "--crib", "--json").stdout)
    assert set(crib_only) == {"combinations", "crib", "mean"} and set(crib_only["mean"]) == {"crib"}


def test_stats_text(cli):
    r = cli("crib", "stats")
    assert r.exit_code == 0
    assert "1,009,008" in r.stdout and "1,022,208" in r.stdout
    assert "mean: hand 4.769152" in r.stdout


# ---------------------------------------------------------------- the discard advisor


def brute_expected_crib(discard, unseen):
    total = 0
    outcomes = 0
    for pair in combinations(unseen, 2):
        for starter in unseen:
            if starter in pair:
                continue
            total += brute([plain(c) for c in tuple(discard) + pair], plain(starter), crib=True)["total"]
            outcomes += 1
    assert outcomes == 45_540
    return Fraction(total, outcomes)


@pytest.mark.parametrize("six, discard", [
    ("5H 5D JS 6C 4D KH", "JS KH"),   # a knave laid out: his nob
    pytest.param("2H 7H 9C 10S QD KC", "2H 7H", marks=pytest.mark.slow),  # a crib flush possible
])
def test_expected_crib_matches_brute_force_over_every_crib(six, discard):
    from scorekeeper.cards import parse_cards

    cards = parse_cards(six)
    out = parse_cards(discard)
    unseen = tuple(c for c in DECK if c not in cards)
    assert expected_crib(out, unseen) == brute_expected_crib(out, unseen)


def test_expected_hand_matches_brute_force():
    from scorekeeper.cards import parse_cards

    cards = parse_cards("5H 5D JS 6C 4D KH")
    keep = parse_cards("5H 5D 6C 4D")
    unseen = tuple(c for c in DECK if c not in cards)
    total = sum(brute([plain(c) for c in keep], plain(s))["total"] for s in unseen)
    assert expected_hand(keep, unseen) == Fraction(total, 46)


def test_advice_lists_fifteen_discards_best_first_and_net_follows_the_crib_owner():
    from scorekeeper.cards import parse_cards

    cards = parse_cards("5H 5D JS 6C 4D KH")
    dealer = advise(cards, dealer=True)
    pone = advise(cards, dealer=False)
    assert len(dealer) == len(pone) == 15
    assert all(a.net == a.hand + a.crib for a in dealer)
    assert all(a.net == a.hand - a.crib for a in pone)
    assert [a.net for a in dealer] == sorted((a.net for a in dealer), reverse=True)
    assert [str(c) for c in dealer[0].discard] == ["JS", "KH"]


def test_discard_json_and_errors(cli):
    r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "KH", "--pone", "--json")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert len(data) == 15 and set(data[0]) == {"discard", "keep", "hand", "crib", "net"}
    assert abs(data[0]["net"] - (data[0]["hand"] - data[0]["crib"])) < 1e-9
    r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "KH")
    assert r.exit_code == 2 and r.stderr.startswith("error: say whose crib it is")
    r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "KH", "--pone", "--dealer")
    assert r.exit_code == 2
    assert r.stderr == "error: say only one of --dealer (yours) or --pone (the opponent's)\n"
    # (issue 12: five cards are five-card cribbage now; seven are no deal)
    r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "2C", "3C", "--dealer")
    assert r.exit_code == 1
    assert r.stderr.strip() == ("error: cards: the advisor takes the cards dealt, 5 (five-card), "
                                "6 (six-card) or 8 (eight-card), got 7")
    r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "4D", "--dealer")
    assert r.stderr.strip() == "error: card 4D given twice"


# ---------------------------------------------------------------- against an independent brute force


@pytest.mark.slow  # a property test of more than half a second: the full suite runs it
def test_crib_rule_matches_an_independent_full_brute_force():
    # The whole crib-rule table, from a separate C program that scored all 12,994,800
    # (four cards, starter) one by one (review, 6.5 s): 0 and 29 alike, and the exact mean.
    crib = crib_stats.stats()["crib"]
    assert crib == {0: 1022208, 1: 99792, 2: 2839800, 3: 508908, 4: 2868960, 5: 703496,
                    6: 1787176, 7: 755320, 8: 1118336, 9: 358368, 10: 378240, 11: 43880,
                    12: 310956, 13: 16548, 14: 88132, 15: 9072, 16: 57288, 17: 11196,
                    18: 2264, 19: 0, 20: 7828, 21: 2472, 22: 444, 23: 356, 24: 3680, 25: 0,
                    26: 0, 27: 0, 28: 76, 29: 4}
    assert crib_stats.stats()["mean"]["crib"] == Fraction(61_528_020, 12_994_800)
    assert crib_stats.stats()["mean"]["hand"] == Fraction(61_974_180, 12_994_800)


def test_discard_figures_match_an_independent_enumeration():
    # 5H 5D JS 6C 4D KH: every one of the 15 lay-outs, hand over the 46 starters and crib
    # over all 45,540 (opponent's pair, starter), scored by a separate scorer written for
    # the review. A few of the exact figures:
    from scorekeeper.cards import parse_cards

    found = {" ".join(map(str, a.discard)): (a.hand, a.crib)
             for a in advise(parse_cards("5H 5D JS 6C 4D KH"), dealer=True)}
    assert found["5H 5D"] == (Fraction(45, 23), Fraction(200227, 22770))
    assert found["JS KH"] == (Fraction(367, 23), Fraction(90391, 22770))
    assert found["5H KH"] == (Fraction(226, 23), Fraction(300497, 45540))  # a crib flush possible
    assert found["5D KH"] == (Fraction(226, 23), Fraction(149011, 22770))
    assert found["5H 4D"] == (Fraction(301, 46), Fraction(1373, 207))
    assert found["5D 4D"] == (Fraction(301, 46), Fraction(5537, 828))
    assert found["6C 4D"] == (Fraction(286, 23), Fraction(9119, 2070))


def _small_deck(ranks):
    # knaves, a run's worth of ranks, two suits: flushes, nobs, double runs, pair royals and
    # fifteens all arise, where random hands from the full pack seldom reach them
    return [c for c in DECK if c.rank.ordinal in ranks and c.suit in (Suit.HEARTS, Suit.SPADES)]


@pytest.mark.parametrize("size, ranks", [(3, (3, 4, 5, 6, 11)), (4, (3, 4, 5, 6, 11)),
                                         pytest.param(6, (2, 3, 4, 5, 6, 9, 11),
                                                      marks=pytest.mark.slow)])  # ~19 s
def test_count_agrees_with_brute_force_on_every_hand_of_a_small_deck(size, ranks):
    deck = _small_deck(ranks)
    checked = Counter()
    for hand in combinations(deck, size):
        for starter in deck:
            if starter in hand:
                continue
            for crib in ((False, True) if size == 4 else (False,)):
                expected = brute([plain(c) for c in hand], plain(starter), crib)
                assert count_hand(hand, starter, crib).as_dict() == expected, (hand, starter, crib)
                assert show_points(hand, starter, crib) == expected["total"]
                for kind in ("flush", "nobs", "runs", "pairs"):
                    checked[kind] += expected[kind] > 0
    # the interesting cases were reached
    assert all(checked[k] > 10 for k in ("flush", "nobs", "runs", "pairs")), checked


# ---------------------------------------------------------------- crib discard: its numbers


def test_crib_discard_reads_its_numbers_as_every_other_number_is(cli):
    for digit, option in [(d, o) for d in ("٣", "３", "²", "9" * 40) for o in ("--players", "--crib-size")]:
        r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone", option, digit)
        assert r.exit_code == 2, r.output
        assert r.stdout == "" and r.stderr.startswith(f"error: {option}: ") and r.stderr.count("\n") == 1
    cli.ok("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone", "--players", "3")


def test_crib_discard_names_the_tables_it_knows_for_a_number_of_players_it_does_not(cli):
    r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone", "--players", "7")
    assert (r.exit_code, r.stderr) == (2, "error: players: the advisor knows 2, 3 or 4 hands, got 7\n")
