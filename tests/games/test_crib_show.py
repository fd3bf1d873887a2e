"""The show as the replay counts and words it (`show_points`, `spoken`: from the ranks, the
five-rank table of count.py) is the count of every combination listed (`count_hand`) and the
words a player says for those combinations (`listed_words` below, worded from the list
itself); fifteens counted by pips are those of every subset; the exact means written in the
code are those `crib stats` computes."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

from hypothesis import given, settings, strategies as st

from scorekeeper.cards import Card, Rank, Suit, full_deck, parse_cards
from scorekeeper.games.cribbage import stats as crib_stats
from scorekeeper.games.cribbage import count as crib_count
from scorekeeper.games.cribbage.count import Count, count_hand, say, show_points, spoken
from scorekeeper.games.cribbage.game import means

DECK = full_deck()
_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def listed_words(count: Count) -> str:
    """What a player says for the combinations `count_hand` lists: each fifteen, then the pairs
    (by the rank of each pair listed), the runs (each stretch with how many ways), the flush
    and his nobs, each with the running total."""
    parts, running = [], 0
    for combo in count.combinations:
        if combo.kind == "fifteen":
            running += 2
            parts.append(f"fifteen {running}")
    groups = [(_pairs_phrase(count), count.pairs), (_runs_phrase(count), count.runs),
              (f"a flush of {_NUMBERS.get(count.flush, str(count.flush))}", count.flush), ("his nobs", count.nobs)]
    for phrase, points in groups:
        if points:
            running += points
            verb = "make" if phrase.startswith("two ") or " and " in phrase else "is"
            parts.append(f"{phrase} {verb} {running}" if parts else f"{phrase}, {running}")
    if not parts:
        return "nineteen (nothing: 0)"
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", and " + parts[-1]
    return text if text.endswith(str(count.total)) else text + f": {count.total}"


def _pairs_phrase(count: Count) -> str:
    by_rank = {}
    for combo in count.combinations:
        if combo.kind == "pair":
            by_rank[combo.cards[0].rank] = by_rank.get(combo.cards[0].rank, 0) + 1
    words = [{1: "a pair", 3: "a pair royal", 6: "a double pair royal"}[n] for n in by_rank.values()]
    return "two pairs" if words == ["a pair", "a pair"] else " and ".join(words)


def _runs_phrase(count: Count) -> str:
    stretches = {}
    for c in count.combinations:
        if c.kind == "run":
            key = tuple(sorted(card.rank.ordinal for card in c.cards))
            stretches[key] = stretches.get(key, 0) + 1
    names = {1: "a run", 2: "a double run", 3: "a triple run", 4: "a double-double run"}
    return " and ".join(f"{names.get(many, f'{many} runs')} of {_NUMBERS.get(len(key), str(len(key)))}"
                        for key, many in sorted(stretches.items()))


def test_the_exact_means_in_the_code_are_those_of_the_distributions():
    hand, crib = crib_stats.distributions()
    assert means() == (crib_stats.mean(hand), crib_stats.mean(crib))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([3, 4, 6]), st.permutations(DECK), st.booleans())
def test_the_spoken_count_is_the_count_listed_and_said(size, deck, crib):
    hand, starter = deck[:size], deck[size]
    crib = crib and size == 4
    listed = count_hand(hand, starter, crib)
    assert spoken(hand, starter, crib) == (listed.total, listed_words(listed))
    assert show_points(hand, starter, crib) == listed.total
    assert say(listed) == listed_words(listed)


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
            assert spoken(cards[:4], cards[4]) == (listed.total, listed_words(listed))
            assert show_points(cards[:4], cards[4]) == listed.total  # by count.py's table


def test_the_table_of_five_ranks_is_what_the_ranks_score():
    """count.py's table, multiset by multiset: the points `rank_points` counts for every five
    ranks (each of which the test above counts from the cards, combination by combination),
    found at the place its key hashes to, and the show reads exactly those."""
    from scorekeeper.games.cribbage.count import BUCKETS, POINTS, SHIFT, SLOTS, five

    every = list(combinations_with_replacement(range(1, 14), 5))
    assert len(every) == 6188 and (len(SHIFT), len(POINTS)) == (BUCKETS, SLOTS)
    for ranks in every:
        points = crib_stats.rank_points(ranks)
        assert five(sum(8 ** r for r in ranks)) == points, ranks
        assert crib_count.rank_points(ranks) == points


def test_fifteens_by_pips_are_the_subsets_that_make_fifteen():
    for ranks in combinations_with_replacement(range(1, 14), 5):
        pips = [min(r, 10) for r in ranks]
        subsets = sum(1 for size in range(2, 6) for sub in combinations(pips, size) if sum(sub) == 15)
        assert crib_stats.fifteens_of(ranks) == subsets


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
            assert spoken(cards[:4], cards[4], crib) == (listed.total, listed_words(listed)), cards


def test_a_replay_leaves_nothing_behind_in_the_modules_of_cribbage():
    """No memo outlives a replay: what a process replayed before cannot decide what the next
    replay reads. Every dict, list and set the modules of cribbage (and the sides it seats)
    hold is the same size after sittings of every variant are replayed and worded."""
    import importlib
    import sys

    from scorekeeper.games.cribbage import discard
    from scorekeeper.games.cribbage.game import Cribbage
    from scorekeeper.model import Hand, Session

    names = [n for n in sys.modules if n.startswith("scorekeeper.games.cribbage")] + ["scorekeeper.games.sides"]
    modules = [importlib.import_module(n) for n in names]

    def sizes():
        return {(m.__name__, k): len(v) for m in modules for k, v in vars(m).items() if type(v) in (dict, list, set)}

    before = sizes()
    deck = [str(c) for c in DECK]
    for players, variant, size in ((("Ann", "Bob"), "six-card", 4), (("Ann", "Bob"), "five-card", 3),
                                   (("Ann", "Bob"), "eight-card", 6), (("Ann", "Bob", "Cid", "Dee"), "six-card", 4)):
        hands = []
        for k in range(6):
            rng = random.Random(k)
            cards = rng.sample(deck, 1 + size * len(players) + 4)
            fields = {"starter": cards[0], "crib": " ".join(cards[-4:])}
            for i, p in enumerate(players):
                fields[f"hand.{p}"] = " ".join(cards[1 + i * size:1 + (i + 1) * size])
            hands.append(Hand(fields))
        game = Cribbage()
        rules = game.resolve_rules({"variant": variant}, players)
        standings = game.replay(Session("s", "cribbage", players, rules, hands=tuple(hands)))
        assert all(len(e.notes) >= len(players) for e in standings.effects)  # each hand worded
    discard.advise(parse_cards("5H 5D JS 6C 4D KH"), True)
    assert sizes() == before
