"""The fast paths of cribbage's replay give exactly the figures of the slow ones: the spoken
count worded from the ranks is `say(count_hand(...))`, fifteens counted by pips are those
of every subset, and the exact means written in the code are those `crib stats` computes."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

from hypothesis import given, settings, strategies as st

from scorekeeper.cards import Card, Rank, Suit, full_deck
from scorekeeper.games.cribbage import stats as crib_stats
from scorekeeper.games.cribbage.count import count_hand, say, show_points, spoken
from scorekeeper.games.cribbage.game import MEAN_CRIB, MEAN_HAND

DECK = full_deck()


def test_the_exact_means_in_the_code_are_those_of_the_distributions():
    hand, crib = crib_stats.distributions()
    assert (MEAN_HAND, MEAN_CRIB) == (crib_stats.mean(hand), crib_stats.mean(crib))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([3, 4, 6]), st.permutations(DECK), st.booleans())
def test_the_spoken_count_is_the_count_listed_and_said(size, deck, crib):
    hand, starter = deck[:size], deck[size]
    crib = crib and size == 4
    listed = count_hand(hand, starter, crib)
    assert spoken(hand, starter, crib) == (listed.total, say(listed))
    assert show_points(hand, starter, crib) == listed.total


def test_the_spoken_count_of_every_rank_pattern_in_every_order():
    """Every multiset of five ranks (the hand's four and the starter), its cards in several
    orders: which of two paired ranks is said first follows the order of the cards."""
    rng = random.Random(23)
    by_rank = {r: [Card(r, s) for s in Suit] for r in Rank}
    for ranks in combinations_with_replacement(list(Rank), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        used = {r: 0 for r in Rank}
        cards = []
        for r in ranks:
            cards.append(by_rank[r][used[r]])
            used[r] += 1
        for _ in range(3):
            rng.shuffle(cards)
            listed = count_hand(cards[:4], cards[4])
            assert spoken(cards[:4], cards[4]) == (listed.total, say(listed))
            assert show_points(cards[:4], cards[4]) == listed.total  # by five.py's table


def test_the_table_of_five_ranks_is_what_the_ranks_score():
    """five.py's constant, entry by entry: the points `rank_points` counts for every sorted
    five ranks (each of which the test above counts from the cards, combination by
    combination), and the replay's cache starts from exactly those."""
    from scorekeeper.games.cribbage.five import POINTS

    every = list(combinations_with_replacement(range(1, 14), 5))
    assert len(POINTS) == len(every) == 6188
    for ranks, points in zip(every, POINTS):
        assert points == crib_stats.rank_points(ranks), ranks
        assert crib_stats.rank_points_cached(ranks) == points


def test_fifteens_by_pips_are_the_subsets_that_make_fifteen():
    for ranks in combinations_with_replacement(range(1, 14), 5):
        pips = [min(r, 10) for r in ranks]
        subsets = sum(1 for size in range(2, 6) for sub in combinations(pips, size) if sum(sub) == 15)
        assert crib_stats.fifteens_of(ranks) == subsets


# ---------------------------------------------------------------- the plain deal, both ways

_EDGES = [70, 71, 99, 100, 89, 90, 118, 119, 170, 171, 199, 200]  # check_total's bounds


def _random_rules(rng: random.Random, players):
    rules = {"game": rng.choice([None, 31, 61, 121]), "lurch": rng.random() < 0.3,
             "muggins": rng.random() < 0.3, "loser_deals": rng.random() < 0.4}
    if len(players) == 2:
        rules["variant"] = rng.choice(["six-card", "five-card", "eight-card"])
    if len(players) == 3 and rng.random() < 0.3:
        rules["sit_out"] = True
    elif len(players) == 3:
        rules["three_penalties"] = rng.choice(["left", "each"])
    return rules


def _random_deal(rng: random.Random, players, size: int):
    """A deal as a file holds it: mostly plain (totals, cards, pegging, heels), now and then
    with what only the general path plays (a misdeal, a penalty, points overlooked, `out`, a
    forfeit) or a mistake (a card twice, a total too big, a total beside the cards)."""
    deck = list(DECK)
    rng.shuffle(deck)
    hand = {}
    if rng.random() < 0.4:  # points typed
        for p in players:
            if rng.random() < 0.85:
                hand[p] = rng.choice([0, 0, 2, 7, 12, 20, 29, 35, 60]) if rng.random() < 0.95 else \
                    rng.choice(_EDGES)  # the most a deal can score, and one more
        if rng.random() < 0.2:
            hand["starter"] = str(rng.choice([c for c in deck if c.rank is Rank.JACK] + deck[:3]))
    else:
        hand["starter"] = str(deck.pop()) if rng.random() < 0.97 else None
        for p in players:
            if rng.random() < 0.9:
                hand[f"hand.{p}"] = " ".join(str(deck.pop()) for _ in range(size))
            if rng.random() < 0.6:
                hand[f"play.{p}"] = rng.choice([0, 1, 2, 3, 5, 9, 14])
        if rng.random() < 0.7:
            hand["crib"] = " ".join(str(deck.pop()) for _ in range(4))
        if rng.random() < 0.03 and hand.get(f"hand.{players[0]}"):
            hand[f"hand.{players[0]}"] = hand[f"hand.{players[0]}"].rsplit(" ", 1)[0] + " " + str(hand["starter"])
        if rng.random() < 0.03:
            hand[rng.choice(players)] = 5
    if rng.random() < 0.15:
        hand["heels"] = rng.choice(["yes", "no"])
    if rng.random() < 0.1:
        hand["note"] = "a remark"
    extra = rng.random()
    if extra < 0.02:
        return {"misdeal": "yes"}
    if extra < 0.03:
        return {"forfeit": rng.choice(players)}
    if extra < 0.12:
        hand[rng.choice(["touched", "confused", "failed_to_play", "touched_pegs"])] = rng.choice(players)
        if rng.random() < 0.3:
            hand[rng.choice(["touched", "confused", "failed_to_play", "touched_pegs"])] = rng.choice(players)
    elif extra < 0.14:
        hand[f"overlooked.{rng.choice(players)}"] = rng.randint(1, 3)
    elif extra < 0.16:
        hand["out"] = rng.choice(players)
    return {k: v for k, v in hand.items() if v is not None}


def _played(session, plain: bool):
    """(the state after the last hand, every effect in words and figures, every refusal) of a
    replay that goes on past each refused hand, with the plain deal's path or without it."""
    from unittest import mock

    from scorekeeper.games.cribbage.game import Cribbage

    game = Cribbage()
    errors = []
    with mock.patch.object(Cribbage, "_table", Cribbage._table if plain else lambda self, session: None):
        folded = game.fold(session, errors=errors)
        effects = [(e.summary, list(e.changes.items()), list(e.scores.items()), e.dealer, tuple(e.notes))
                   for e in folded.effects]
    finished = [(g, list(g.scores.items())) for g in folded.state.finished]  # in the order reported
    finished.append(type(folded.state.finished))  # a History, shared by the states after it
    return folded.state, finished, effects, [(str(err), err.field, err.fields, err.hand) for err in errors]


def test_the_plain_deal_scores_every_deal_as_the_general_path_does():
    """`Cribbage._plain_deal` (most deals of a long sitting) against the general path (the
    steps listed, then raced): the same state after every sitting, the same summary, changes,
    scores, dealer and notes of every hand, the same refusals; at two, three and four players,
    every variant, targets low enough that games end at every step of a deal."""
    from scorekeeper.games.cribbage.game import HAND_SIZE, Cribbage
    from scorekeeper.model import Hand, Session

    rng = random.Random(2023)
    plain_deals = 0
    for number in range(300):
        players = rng.choice([("Ann", "Bob"), ("Ann", "Bob", "Cid"), ("Ann", "Bob", "Cid", "Dee")])
        rules = Cribbage().resolve_rules(_random_rules(rng, players), players)
        size = HAND_SIZE[rules["variant"]]
        deals = [_random_deal(rng, players, size) for _ in range(rng.randint(1, 40))]
        session = Session(f"s{number}", "cribbage", players, rules,
                          hands=tuple(Hand(d, None, {}) for d in deals))
        fast, slow = _played(session, True), _played(session, False)
        assert fast == slow, (players, rules)
        plain_deals += sum(1 for d in deals if not {"misdeal", "forfeit", "out"} & set(d)
                           and not any(k.startswith("overlooked.") for k in d))
    assert plain_deals > 5000  # the most of them plain


def test_the_stem_of_five_ranks_is_what_their_parts_say():
    """`count.five_stem` (one pass, the fifteens from five.py's table) is the stem `_said`
    words from `rank_parts` for every five ranks said alike in every order, and None for
    those whose pairs are said in the order of the cards (a pair and a pair royal)."""
    from scorekeeper.games.cribbage import count

    ordered = 0
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        paired = {ranks.count(r) for r in ranks if ranks.count(r) > 1}
        found = count.five_stem(ranks)
        if len(paired) > 1:
            ordered += 1
            assert found is None, ranks
        else:
            assert found is count._said(crib_stats.rank_parts(ranks), ranks), ranks
    assert ordered == 13 * 12  # a pair royal of one rank and a pair of another


def test_the_spoken_count_of_every_rank_pattern_with_flushes_and_nobs():
    """Every five ranks as a hand of four and a starter, in random orders and suits, flushes
    (of four, of five, in a crib) and his nob drawn often: worded as `say(count_hand(...))`."""
    rng = random.Random(5)
    suits = list(Suit)
    for ranks in combinations_with_replacement(list(Rank), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        for _ in range(4):
            order = list(ranks)
            rng.shuffle(order)
            one = rng.choice(suits)
            while True:
                if len(set(order[:4])) == 4 and rng.random() < 0.5:  # a flush in hand
                    chosen = [one] * 4 + [rng.choice([one] + suits)]
                else:
                    chosen = [rng.choice(suits) for _ in order]
                if rng.random() < 0.3 and Rank.JACK in order[:4]:  # his nob
                    chosen[4] = chosen[order.index(Rank.JACK)]
                cards = [Card(r, s) for r, s in zip(order, chosen)]
                if len(set(cards)) == 5:
                    break
            crib = rng.random() < 0.3
            listed = count_hand(cards[:4], cards[4], crib)
            assert spoken(cards[:4], cards[4], crib) == (listed.total, say(listed)), cards


def test_a_replay_leaves_its_facts_with_the_module_not_the_game():
    """What a replay works out once (the table's facts, how each field is read) is kept a few
    at a time by the module: a game is kept by every night of a season (`ledger.season`), and
    one holding them made `report --season` over 5,000 nights 18 MiB bigger."""
    from scorekeeper import ledger
    from scorekeeper.model import Hand, Session

    deck = [str(c) for c in DECK]
    hands = tuple(Hand({"starter": deck[0], "hand.Ann": " ".join(deck[1:5]), "hand.Bob": " ".join(deck[5:9]),
                        "crib": " ".join(deck[9:13]), "play.Ann": 2, "confused": "Bob"}) for _ in range(3))
    r = ledger.check_session(Session("s", "cribbage", ("Ann", "Bob"), {}, hands=hands))
    assert [len(e.notes) for e in r.standings.effects] == [3, 3, 3]
    assert set(vars(r.game)) <= {"_seatings"}  # the sides of each table: a tuple or two
