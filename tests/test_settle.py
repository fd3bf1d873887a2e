from decimal import Decimal
from fractions import Fraction
from itertools import combinations

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.model import ScorekeeperError
from scorekeeper.settle import _greedy, fewest_transfers, settle, to_cents


def test_two_debtors_two_creditors_pair_off():
    s = settle({"Ann": 5, "Bob": -5, "Cid": 3, "Dee": -3}, "points", Decimal("0.10"), "USD")
    assert s.money_cents == {"Ann": 50, "Bob": -50, "Cid": 30, "Dee": -30}
    assert [(t.payer, t.payee, t.cents) for t in s.transfers] == [("Bob", "Ann", 50), ("Dee", "Cid", 30)]


def test_thirds_of_a_cent_are_rounded_without_losing_a_cent():
    # 1/3 each of 10 cents: someone must carry the odd cent, and the total stays zero.
    thirds = {"Ann": Fraction(10, 3), "Bob": Fraction(10, 3), "Cid": Fraction(-20, 3)}
    cents = to_cents({p: a.as_integer_ratio() for p, a in thirds.items()})
    assert sum(cents.values()) == 0
    assert sorted(cents.values()) == [-7, 3, 4]


def test_stake_multiplies_balance():
    s = settle({"A": Fraction(45, 2), "B": Fraction(-45, 2)}, "points", Decimal("0.10"), "")
    assert s.money_cents == {"A": 225, "B": -225}


def test_nobody_owes():
    assert settle({"A": 0, "B": 0}, "games", Decimal(1), "").transfers == ()


def brute_force_fewest(cents):
    """Independent count: n minus the largest number of disjoint zero-sum groups."""
    from functools import lru_cache

    players = [p for p in cents if cents[p]]
    n = len(players)

    @lru_cache(maxsize=None)
    def best(remaining):
        if not remaining:
            return 0
        first, rest = remaining[0], remaining[1:]
        top = 0
        for size in range(0, len(rest) + 1):
            for others in combinations(rest, size):
                group = (first,) + others
                if sum(cents[p] for p in group) == 0:
                    left = tuple(p for p in rest if p not in others)
                    top = max(top, 1 + best(left))
        return top

    return n - best(tuple(players))


balances = st.lists(st.integers(-500, 500), min_size=1, max_size=7).map(
    lambda xs: xs + [-sum(xs)])


@settings(max_examples=150, deadline=None)
@given(balances)
def test_transfers_settle_everyone_with_the_fewest_payments(values):
    cents = {f"P{i}": v for i, v in enumerate(values)}
    transfers = fewest_transfers(cents)
    net = {p: 0 for p in cents}
    for t in transfers:
        assert t.cents > 0
        net[t.payer] -= t.cents
        net[t.payee] += t.cents
    assert net == cents
    assert len(transfers) == brute_force_fewest(cents)


@pytest.mark.slow  # a property test of more than half a second: the full suite runs it
@settings(max_examples=100, deadline=None)
@given(st.lists(st.fractions(min_value=-1000, max_value=1000, max_denominator=7), min_size=1, max_size=8),
       st.sampled_from(["0.01", "0.05", "0.10", "0.25", "1", "2.5"]))
def test_money_sums_to_zero_and_each_within_a_cent(values, stake):
    balances = {f"P{i}": v for i, v in enumerate(values)}
    balances["last"] = -sum(values)
    s = settle(balances, "points", Decimal(stake), "USD")
    assert sum(s.money_cents.values()) == 0
    for p, b in balances.items():
        assert abs(s.money_cents[p] - b * Fraction(Decimal(stake)) * 100) < 1


def test_beyond_the_exact_limit_the_payments_still_settle_everyone():
    from scorekeeper.settle import EXACT_LIMIT

    cents = {f"P{i}": (i + 1) * 7 for i in range(EXACT_LIMIT + 3)}
    cents["bank"] = -sum(cents.values())
    transfers = fewest_transfers(cents)
    assert len(transfers) == EXACT_LIMIT + 3 and all(t.payer == "bank" for t in transfers)


def test_the_exact_search_covers_every_table_a_game_seats():
    from scorekeeper.games import GAMES, get_game
    from scorekeeper.settle import EXACT_LIMIT

    assert EXACT_LIMIT >= max(get_game(name).max_players for name in GAMES)  # Loo: 16


def _pays(transfers):
    return [(t.payer, t.payee, t.cents) for t in transfers]


# Ten players whose balances fall into four zero-sum groups, e.g. {A 3, B -8, E 5},
# {C -9, D 3, G 6}, {F -1, I 1}, {H -7, J 7}. Largest-debtor-pays-largest-creditor needs 8 payments; 6 suffice.
TEN = dict(zip("ABCDEFGHIJ", [3, -8, -9, 3, 5, -1, 6, -7, 1, 7]))


def test_exact_search_at_ten_players_finds_the_fewest_payments():
    assert len(_greedy(TEN)) == 8
    transfers = fewest_transfers(TEN)
    assert len(transfers) == 6 == brute_force_fewest(TEN)
    net = dict.fromkeys(TEN, 0)
    for payer, payee, cents in _pays(transfers):
        net[payer] -= cents
        net[payee] += cents
    assert net == TEN


# Issue 20 point 10: eleven players, the greedy match needs 8 payments; 7 suffice:
# {A 9, E 3, G -12}, {B -8, C 6, D -2, F 4}, {H 1, I -1}, {J 2, K -2}.
ELEVEN = dict(zip("ABCDEFGHIJK", [9, -8, 6, -2, 3, 4, -12, 1, -1, 2, -2]))


def test_eleven_players_settle_in_the_fewest_payments():
    assert len(_greedy(ELEVEN)) == 8
    transfers = fewest_transfers(ELEVEN)
    assert len(transfers) == 7 == brute_force_fewest(ELEVEN)
    net = dict.fromkeys(ELEVEN, 0)
    for payer, payee, cents in _pays(transfers):
        net[payer] -= cents
        net[payee] += cents
    assert net == ELEVEN
    with_a_zero = dict(TEN, K=0)  # a player who is square pays and receives nothing
    assert len(fewest_transfers(with_a_zero)) == 6


def test_sixteen_players_in_four_groups_and_pairs_beyond_the_limit():
    # Loo seats sixteen: four groups of four (each group -6, 1, 2, 3) need 12 payments
    sixteen = {f"{g}{i}": v for g in "ABCD" for i, v in enumerate([-6, 1, 2, 3])}
    assert len(fewest_transfers(sixteen)) == 12
    # beyond the limit, pairs that cancel are paired off first: 20 players, 10 pairs
    twenty = {f"P{i}": (i // 2 + 1) * (1 if i % 2 else -1) for i in range(20)}
    assert _pays(fewest_transfers(twenty)) == [(f"P{i}", f"P{i + 1}", i // 2 + 1)
                                               for i in range(0, 20, 2)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-6, 6).filter(bool), min_size=1, max_size=11).map(
    lambda xs: xs + [-sum(xs)] if sum(xs) else xs))
def test_up_to_twelve_players_the_payments_are_the_fewest_by_brute_force(values):
    # small balances: many subsets sum to zero, where a split is hard to find
    cents = {f"P{i}": v for i, v in enumerate(values)}
    transfers = fewest_transfers(cents)
    net = {p: 0 for p in cents}
    for t in transfers:
        assert t.cents > 0
        net[t.payer] -= t.cents
        net[t.payee] += t.cents
    assert net == cents
    assert len(transfers) == brute_force_fewest(cents)


# Balances made of zero-sum groups (a pair that cancels, three that do), shuffled: the cases
# where the fewest payments are fewer than n - 1 and a merely greedy method can go wrong.
groups = st.lists(st.lists(st.integers(-900, 900).filter(bool), min_size=1, max_size=3)
                  .map(lambda g: g + [-sum(g)]).filter(lambda g: all(g)), min_size=1, max_size=4)


@pytest.mark.slow  # a property test of more than half a second: the full suite runs it
@settings(max_examples=150, deadline=None)
@given(groups.map(lambda gs: [v for g in gs for v in g]).filter(lambda vs: len(vs) <= 10),
       st.randoms(use_true_random=False))
def test_fewest_payments_when_balances_fall_into_zero_sum_groups(values, rnd):
    rnd.shuffle(values)
    cents = {f"P{i}": v for i, v in enumerate(values)}
    transfers = fewest_transfers(cents)
    net = {p: 0 for p in cents}
    for t in transfers:
        net[t.payer] -= t.cents
        net[t.payee] += t.cents
    assert net == cents
    assert len(transfers) == brute_force_fewest(cents)


def test_settle_shows_the_pool_share_so_the_balance_matches_show(cli):
    cli.new("h", "hearts", "Ann,Bob,Cid,Dot", stake="0.05")
    cli.ok("hand", "h", "Ann=6", "Bob=7")  # Cid and Dot divide 13: 6 each, 1 stays in the pool
    assert cli.ok("settle", "h").stdout == (
        "h: settlement (stake 0.05 per counter)\n\n"
        "player    score    pool share    balance (counters)    money\n"
        "--------  -------  ------------  --------------------  -------\n"
        "Ann       -6       1             -5                    -0.25\n"
        "Bob       -7       0             -7                    -0.35\n"
        "Cid       6        0             6                     0.30\n"
        "Dot       6        0             6                     0.30\n\n"
        "the pool of 1 does not divide among 4: it stays with the banker (Ann)\n\n"
        "Bob pays Cid 0.30\nAnn pays Dot 0.25\nBob pays Dot 0.05\n")


def test_a_game_without_a_pool_settles_without_the_share_column(cli):
    cli.new("t", "tally", "Ann,Bob")
    cli.ok("hand", "t", "Ann=3")
    assert "pool share" not in cli.ok("settle", "t").stdout


def _cents_by_fractions(balances, stake):
    """settle's cents worked out as it did before it worked in whole numbers (Fractions, at
    ffc928b): an independent reckoning of the largest remainder, ties by seating order."""
    exact = {p: Fraction(b) for p, b in balances.items()}
    if sum(exact.values()) != 0:
        return "not zero-sum"
    amounts = {p: b * (Fraction(stake) if stake is not None else 1) * 100 for p, b in exact.items()}
    floors = {p: a.numerator // a.denominator for p, a in amounts.items()}
    order = sorted(amounts, key=lambda p: (-(amounts[p] - floors[p]), list(amounts).index(p)))
    for p in order[:-sum(floors.values())]:
        floors[p] += 1
    return floors


_balance = st.one_of(st.integers(-10 ** 6, 10 ** 6),  # whole, thirds and sevenths (ties), huge denominators
                     st.builds(Fraction, st.integers(-50, 50), st.sampled_from([2, 3, 6, 7])),
                     st.builds(Fraction, st.integers(-10 ** 15, 10 ** 15), st.integers(1, 10 ** 15)))
_stake = st.one_of(st.none(), st.sampled_from(["0", "0.0000", "0.0001", "0.05", "7.50", "1000000", "1000000.0000"]),
                   st.decimals(min_value=0, max_value=1_000_000, places=4).map(str)).map(
                       lambda s: None if s is None else Decimal(s))


@settings(max_examples=300, deadline=None)
@given(st.lists(_balance, max_size=8), st.integers(-2, 2), _stake)
def test_settle_rounds_as_the_fraction_reckoning_does(values, off, stake):
    """Whole-number settle (as_integer_ratio, remainders over one denominator) against the
    Fractions it replaced: the same cents, the same refusal of balances that do not sum to
    zero (whatever the stake, 0 too), on no balances, a stake of none, 0.0001 or 1,000,000."""
    balances = {f"P{i}": v for i, v in enumerate(values)}
    last = -sum(values, Fraction(0)) + Fraction(off, 3)
    balances["last"] = int(last) if last.denominator == 1 else last
    expected = _cents_by_fractions(balances, stake)
    if expected == "not zero-sum":
        with pytest.raises(ScorekeeperError, match="^balances do not sum to zero: "):
            settle(balances, "points", stake, "USD")
    else:
        assert settle(balances, "points", stake, "USD").money_cents == expected
        per = Fraction(stake if stake is not None else 1) * 100
        assert to_cents({p: (Fraction(b) * per).as_integer_ratio() for p, b in balances.items()}) == expected


def test_cents_given_as_whole_numbers_and_decimals_round_alike():
    amounts = {"Ann": Decimal("10.5"), "Bob": 4, "Cid": Decimal("-14.5")}
    assert to_cents({p: a.as_integer_ratio() for p, a in amounts.items()}) == {"Ann": 11, "Bob": 4, "Cid": -15}


def test_no_balances_settle_to_nothing():
    for stake in (None, Decimal("0.05")):
        s = settle({}, "points", stake, "USD")
        assert (s.money_cents, s.transfers) == ({}, ())


def test_a_stake_of_nothing_still_refuses_balances_that_do_not_sum_to_zero():
    with pytest.raises(ScorekeeperError, match="balances do not sum to zero"):
        settle({"Ann": 3, "Bob": -2}, "points", Decimal("0"), "USD")
