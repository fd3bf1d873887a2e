"""Hearts: every settlement in the book, with the book's figures (rules/001, Foster's Hoyle)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from scorekeeper.games import get_game
from scorekeeper.games.hearts import settling as hs
from scorekeeper.games.hearts.game import Hearts
from scorekeeper.model import Hand, ScorekeeperError, Session

P4 = ("A", "B", "C", "D")


def play(hands: Sequence[Dict[str, Any]], players: Sequence[str] = P4, **rules: Any):
    game = Hearts()
    session = Session(name="t", game="hearts", players=tuple(players),
                      rules=game.resolve_rules(rules, players),
                      hands=tuple(Hand(h) for h in hands))
    return game.replay(session)


def changes(st, hand: int = -1) -> Dict[str, int]:
    return dict(st.effects[hand].changes)


def books_balance(st) -> bool:
    return sum(st.scores.values()) + st.pool == 0 and sum(st.balances.values()) == 0


# ---------------------------------------------------------------- Howell's Settling


def test_howell_book_example_pool_of_39_and_takings():
    # "A takes three hearts; B and C five each, and D none ... there are 39 in the pool"
    paid_in, taken_out = hs.howell_payments({"A": 3, "B": 5, "C": 5, "D": 0}, 13)
    assert paid_in == {"A": 9, "B": 15, "C": 15, "D": 0}
    assert sum(paid_in.values()) == 39
    # "D ... gets 13 counters. A ... is entitled to 10 ... while B and C get 8 each. This exhausts the pool."
    assert taken_out == {"A": 10, "B": 8, "C": 8, "D": 13}
    assert sum(taken_out.values()) == 39


def test_howell_book_example_nets():
    st = play([{"A": 3, "B": 5, "C": 5, "D": 0}], settling="howell")
    assert st.scores == {"A": 1, "B": -7, "C": -7, "D": 13}
    assert st.pool == 0
    assert st.columns["stack"] == {"A": 101, "B": 93, "C": 93, "D": 113}  # Howell's: 100 each


@settings(max_examples=25, deadline=None)
@given(rng=hst.randoms(use_true_random=False))
def test_howell_sixty_deals_58_hearts_548_ahead_500_hearts_1220_behind(rng):
    # "whatever the deals": random sittings of sixty deals in which A takes 58 hearts, B 500
    a_counts = _spread(rng, 58, [13] * 60)
    b_counts = _spread(rng, 500, [13 - a for a in a_counts])
    hands = []
    for a, b in zip(a_counts, b_counts):
        c = rng.randint(0, 13 - a - b)
        hands.append({"A": a, "B": b, "C": c, "D": 13 - a - b - c})
    st = play(hands, settling="howell")
    assert st.columns["hearts"]["A"] == 58 and st.columns["hearts"]["B"] == 500
    assert st.scores["A"] == 548
    assert st.scores["B"] == -1220


def _spread(rng, total: int, caps: Sequence[int]) -> list:
    """Random counts, one per deal, each within its cap, adding up to `total`."""
    counts, left = [], total
    for i, cap in enumerate(caps):
        low = max(0, left - sum(caps[i + 1:]))
        count = rng.randint(low, min(cap, left))
        counts.append(count)
        left -= count
    assert left == 0
    return counts


def test_howell_revoker_pays_the_others_losses():
    # Book example with B revoking: A wins 1, D 13 as they would; C loses nothing; B pays it all.
    st = play([{"A": 3, "B": 5, "C": 5, "D": 0, "revoke": "B"}], settling="howell")
    assert st.scores == {"A": 1, "B": -14, "C": 0, "D": 13}


def test_howell_three_and_six_handed():
    st = play([{"A": 0, "B": 4, "C": 9}], players=("A", "B", "C"), settling="howell")
    assert st.scores == {"A": 13, "B": 1, "C": -14}  # 13 - 3h
    six = ("A", "B", "C", "D", "E", "F")
    st = play([{"A": 2, "B": 2, "C": 2, "D": 2, "E": 2, "F": 2}], players=six, settling="howell")
    assert st.scores == {p: 0 for p in six}  # twelve hearts: 12 - 6*2


# ---------------------------------------------------------------- Sweepstake


def test_one_clear_player_takes_the_pool():
    st = play([{"A": 3, "B": 5, "C": 5, "D": 0}])
    assert changes(st) == {"A": -3, "B": -5, "C": -5, "D": 13}
    assert st.pool == 0 and st.extra_json["jack"] is False


def test_two_clear_players_divide_and_odd_counter_stays():
    st = play([{"A": 6, "B": 7}])
    assert changes(st) == {"A": -6, "B": -7, "C": 6, "D": 6}
    assert st.pool == 1 and st.extra_json["jack"] is False  # Law 29: remaining until the next pool
    # the odd counter is no Jack: the next pool may be divided again, odd counter and all
    st = play([{"A": 6, "B": 7}, {"C": 6, "D": 7}])
    assert changes(st) == {"A": 7, "B": 7, "C": -6, "D": -7}
    assert st.pool == 0


def test_jack_after_split_makes_the_odd_counter_a_jack():
    st = play([{"A": 6, "B": 7}, {"C": 6, "D": 7}], jack_after_split="on")
    assert st.effects[0].summary.endswith("1 stays in the pool as the start of a Jack")
    # "Some clubs make it a Jack after two players have divided a pool": two clear no longer divide
    assert changes(st) == {"A": 0, "B": 0, "C": -6, "D": -7}
    assert st.pool == 14 and st.extra_json["jack"] is True


def test_everyone_took_hearts_forms_a_jack_that_grows_until_won():
    hands = [{"A": 3, "B": 4, "C": 5, "D": 1},      # all took hearts: Jack of 13
             {"A": 13},                              # one took all: the Jack grows to 26
             {"A": 1, "B": 12},                      # two clear cannot take a Jack: 39
             {"A": 2, "B": 2, "C": 9}]               # D alone clear wins 52
    st = play(hands)
    pools = []
    for i in range(1, 4):
        pools.append(play(hands[:i]).pool)
    assert pools == [13, 26, 39]
    assert changes(st) == {"A": -2, "B": -2, "C": -9, "D": 52}
    assert st.scores == {"A": -19, "B": -18, "C": -14, "D": 51}
    assert st.pool == 0 and books_balance(st)


def test_three_clear_with_four_players_is_a_jack():
    # Law 29: "Three players having taken none, the thirteen counters remain in the pool"
    st = play([{"B": 13}])
    assert st.pool == 13 and st.extra_json["jack"] is True
    assert changes(st) == {"A": 0, "B": -13, "C": 0, "D": 0}


def test_many_clear_at_five_or_six():
    five = ("A", "B", "C", "D", "E")
    st = play([{"A": 6, "B": 7}], players=five)
    assert st.pool == 13 and st.extra_json["jack"] is True  # default: a Jack
    st = play([{"A": 6, "B": 7}], players=five, many_clear="divide")
    assert changes(st) == {"A": -6, "B": -7, "C": 4, "D": 4, "E": 4}
    assert st.pool == 1 and st.extra_json["jack"] is False


def test_hearts_in_play_by_table_size():
    three = ("A", "B", "C")
    assert play([{"A": 13}, {"A": 4, "B": 9}], players=three).scores["C"] == 26  # spade deuce out only
    six = ("A", "B", "C", "D", "E", "F")
    st = play([{"A": 2, "B": 2, "C": 2, "D": 2, "E": 4}], players=six)  # all deuces out: 12 hearts
    assert st.scores["F"] == 12
    with pytest.raises(ScorekeeperError, match=r"hearts must add up to 12 \(six players, sweepstake\)"):
        play([{"A": 2, "B": 2, "C": 2, "D": 2, "E": 5}], players=six)


def test_counts_that_do_not_add_up():
    with pytest.raises(ScorekeeperError) as err:
        play([{"A": 3, "B": 5, "C": 4}])
    assert "hearts must add up to 13 (four players, sweepstake), got A 3 + B 5 + C 4 + D 0 = 12" in str(err.value)


def test_revoker_pays_all_the_losses():
    st = play([{"A": 3, "B": 5, "C": 5, "D": 0, "revoke": "B"}])
    assert changes(st) == {"A": 0, "B": -13, "C": 0, "D": 13}


def test_revoker_who_is_clear_pays_thirteen_for_a_jack():
    # Law 23: "Should the revoking player win the pool himself, he must pay to the pool
    # thirteen counters and leave them for a Jack."
    st = play([{"A": 3, "B": 5, "C": 5, "D": 0, "revoke": "D"}])
    assert changes(st) == {"A": 0, "B": 0, "C": 0, "D": -13}
    assert st.pool == 13 and st.extra_json["jack"] is True


def test_revoker_who_divides_pays_six_and_puts_up_seven():
    # Law 23: "Should he divide it, he must pay the other winner six counters, and leave up seven"
    st = play([{"A": 6, "B": 7, "revoke": "C"}])
    assert changes(st) == {"A": 0, "B": 0, "C": -13, "D": 6}
    assert st.pool == 7 and st.extra_json["jack"] is True


def test_two_revokers_and_a_third_wins_twenty_six():
    # Law 24: "if two should revoke, and a third win the pool, he would receive twenty-six"
    st = play([{"A": 3, "B": 5, "C": 5, "D": 0, "revoke": "A,B"}])
    assert changes(st) == {"A": -13, "B": -13, "C": 0, "D": 26}
    assert st.pool == 0


def test_forfeits_go_into_the_pool():
    # Law 15: each of the two with wrong hands pays five counters into the pool
    st = play([{"A": 3, "B": 5, "C": 5, "D": 0, "forfeit": "A,C"}])
    assert changes(st) == {"A": -8, "B": -5, "C": -10, "D": 23}
    st = play([{"A": 3, "B": 5, "C": 4, "D": 1, "forfeit": "A,C"}])
    assert st.pool == 23 and st.extra_json["jack"] is True
    with pytest.raises(ScorekeeperError, match="forfeit: name the two players"):
        play([{"A": 13, "forfeit": "A"}])


# ---------------------------------------------------------------- the pool at the end


def test_pool_at_end_divide_leaves_the_odd_counters_with_the_banker():
    st = play([{"A": 3, "B": 4, "C": 5, "D": 1}, {"A": 13}])  # a Jack of 26
    assert st.scores == {"A": -16, "B": -4, "C": -5, "D": -1}
    assert st.balances == {"A": -16 + 6 + 2, "B": 2, "C": 1, "D": 5}  # 26 = 4 x 6 + 2 for the banker A
    assert st.settle_lines == ("the pool of 26 is divided: 6 each; the odd 2 stay with the banker (A)",)
    st = play([{"A": 3, "B": 4, "C": 5, "D": 1}, {"A": 13}], banker="C")
    assert st.balances == {"A": -10, "B": 2, "C": 3, "D": 5}


def test_pool_at_end_carry_and_exact():
    hands = [{"A": 3, "B": 4, "C": 5, "D": 1}]
    st = play(hands, pool_at_end="carry")
    assert st.balances == {"A": 10, "B": -4, "C": -5, "D": -1}  # the banker holds the 13
    st = play(hands, pool_at_end="exact")
    assert st.balances["A"] == Fraction(1, 4)
    assert sum(st.balances.values()) == 0


# ---------------------------------------------------------------- the other settlements


def test_excess_three_handed():
    three = ("A", "B", "C")
    st = play([{"A": 2, "B": 3, "C": 8}], players=three, settling="excess")
    assert changes(st) == {"A": 6, "B": 5, "C": -11}
    # "If two have an equal number, both pay the low man."
    st = play([{"A": 1, "B": 6, "C": 6}], players=three, settling="excess")
    assert changes(st) == {"A": 10, "B": -5, "C": -5}
    with pytest.raises(ScorekeeperError, match="excess is three-handed, got 4 players"):
        play([], settling="excess")


def test_two_handed_difference_and_six_free():
    two = ("A", "B")
    st = play([{"A": 4, "B": 9}], players=two)  # two players: difference unless given
    assert st.extra_json["settling"] == "difference"
    assert changes(st) == {"A": 5, "B": -5}
    st = play([{"A": 4, "B": 9}], players=two, settling="six-free")
    assert changes(st) == {"A": 3, "B": -3}  # the loser's first six count nothing
    st = play([{"A": 7, "B": 6}], players=two, settling="six-free")
    assert changes(st) == {"A": -1, "B": 1}
    with pytest.raises(ScorekeeperError, match="sweepstake needs three players"):
        play([], players=two, settling="sweepstake")


def test_spot_hearts_book_examples():
    # "A has 8 points, B 24, C 18, and D 54 ... B pays A 16, C pays him 10, and D pays him 46"
    st = play([{"A": 8, "B": 24, "C": 18, "D": 54}], settling="spot")
    assert changes(st) == {"A": 72, "B": -16, "C": -10, "D": -46}
    # "If A and B had 8 each, C 32, and D 56, C would pay 24, and D 48; and A-B would divide"
    st = play([{"A": 8, "B": 8, "C": 32, "D": 56}], settling="spot")
    assert changes(st) == {"A": 36, "B": 36, "C": -24, "D": -48}
    assert st.columns["spots"] == {"A": 8, "B": 8, "C": 32, "D": 56}


def test_spot_totals_must_be_possible_and_add_up_to_104():
    with pytest.raises(ScorekeeperError, match="spots must add up to 104"):
        play([{"A": 8, "B": 8, "C": 32, "D": 55}], settling="spot")
    with pytest.raises(ScorekeeperError, match="A: no set of hearts counts 1 spots"):
        play([{"A": 1, "B": 8, "C": 32, "D": 63}], settling="spot")


def test_spot_odd_counter_goes_to_the_pool():
    st = play([{"A": 10, "B": 10, "C": 10, "D": 74}], settling="spot")
    assert changes(st) == {"A": 21, "B": 21, "C": 21, "D": -64}
    assert st.pool == 1 and books_balance(st)


def test_auction_bid_suit_and_division_with_odd_counter_starting_a_jack():
    st = play([{"bidder": "A", "bid": 3, "suit": "C", "B": 6, "C": 7}], settling="auction")
    # pool 3 + 13 = 16: A and D divide, 8 each
    assert changes(st) == {"A": 5, "B": -6, "C": -7, "D": 8}
    st = play([{"bidder": "A", "bid": 2, "suit": "C", "B": 6, "C": 7}], settling="auction")
    assert changes(st) == {"A": 5, "B": -6, "C": -7, "D": 7}
    assert st.pool == 1 and st.extra_json["jack"] is True  # "leaving any odd counter to form the basis of a Jack"


def test_auction_taking_all_thirteen_keeps_the_choice_with_the_bidder():
    hands = [{"bidder": "B", "bid": 4, "suit": "S", "C": 13}]
    st = play(hands, settling="auction")
    assert st.pool == 17 and st.extra_json["choice_holder"] == "B"
    with pytest.raises(ScorekeeperError, match="bidder: B keeps the choice of suit until the Jack is won, got A"):
        play(hands + [{"bidder": "A", "bid": 2, "suit": "D", "A": 13}], settling="auction")
    with pytest.raises(ScorekeeperError, match="bid: B names the suit without paying again"):
        play(hands + [{"bidder": "B", "bid": 2, "suit": "D", "A": 13}], settling="auction")
    st = play(hands + [{"bidder": "B", "suit": "D", "A": 3, "B": 5, "C": 5}], settling="auction")
    assert changes(st) == {"A": -3, "B": -5, "C": -5, "D": 30}
    assert st.extra_json["choice_holder"] is None and st.pool == 0


def test_auction_counts_are_of_the_suit_in_play_and_revoker_refunds_the_bidder():
    three = ("A", "B", "C")
    st = play([{"bidder": "A", "bid": 2, "suit": "S", "B": 5, "C": 7}], players=three, settling="auction")
    assert changes(st) == {"A": 12, "B": -5, "C": -7}  # spade deuce out: 12 spades
    with pytest.raises(ScorekeeperError, match="spades must add up to 12"):
        play([{"bidder": "A", "bid": 2, "suit": "S", "B": 6, "C": 7}], players=three, settling="auction")
    st = play([{"bidder": "A", "bid": 3, "suit": "H", "A": 2, "B": 4, "C": 7, "revoke": "C"}],
              settling="auction")
    assert changes(st) == {"A": 0, "B": 0, "C": -16, "D": 16}  # 13 losses + the bid refunded; D wins 16


def test_joker_hearts():
    # the Joker's dealt holder takes it in: five to the pool
    st = play([{"A": 3, "B": 5, "C": 4, "joker": "B", "joker_dealt": "B"}], settling="joker")
    assert changes(st) == {"A": -3, "B": -10, "C": -4, "D": 17}
    # another takes it: five to the player who got rid of it
    st = play([{"A": 3, "B": 5, "C": 4, "joker": "B", "joker_dealt": "D"}], settling="joker")
    assert changes(st) == {"A": -3, "B": -10, "C": -4, "D": 17}
    st = play([{"A": 3, "B": 5, "C": 4, "joker": "B", "joker_dealt": "A"}], settling="joker")
    assert changes(st) == {"A": 2, "B": -10, "C": -4, "D": 12}
    with pytest.raises(ScorekeeperError, match="hearts must add up to 12"):
        play([{"A": 3, "B": 5, "C": 5, "joker": "B", "joker_dealt": "A"}], settling="joker")


def test_revokes_at_joker_and_spot():
    # the revoker pays the hand's hearts into the pool and the Joker's five to who got rid of it
    st_ = play([{"A": 3, "B": 5, "C": 4, "joker": "B", "joker_dealt": "A", "revoke": "C"}],
               settling="joker")
    assert changes(st_) == {"A": 5, "B": 0, "C": -17, "D": 12}
    # Spot, the book's first example with B revoking: A still collects 72, all from B
    st_ = play([{"A": 8, "B": 24, "C": 18, "D": 54, "revoke": "B"}], settling="spot")
    assert changes(st_) == {"A": 72, "B": -72, "C": 0, "D": 0}


def test_discard_hearts_black_lady_and_black_jack():
    st = play([{"A": 3, "B": 5, "C": 5, "black": "A"}], settling="discard")
    assert changes(st) == {"A": -16, "B": -5, "C": -5, "D": 26}
    st = play([{"A": 3, "B": 5, "C": 5, "black": "A"}], settling="discard", black="jack")
    assert changes(st) == {"A": -13, "B": -5, "C": -5, "D": 23}
    st = play([{"A": 3, "B": 5, "C": 5, "black": "D"}], settling="discard")
    assert st.pool == 26 and st.extra_json["jack"] is True  # nobody clear


def test_heartsette_is_sweepstake_with_thirteen_hearts_at_every_table():
    six = ("A", "B", "C", "D", "E", "F")
    st = play([{"A": 3, "B": 5, "C": 4, "D": 1}], players=six, settling="heartsette", many_clear="divide")
    assert changes(st) == {"A": -3, "B": -5, "C": -4, "D": -1, "E": 6, "F": 6}
    assert st.pool == 1


def test_domino_hearts_thirty_one_is_game():
    hands = [{"A": 10, "B": 3}, {"A": 10, "C": 3}, {"A": 6, "D": 7}, {"A": 5, "B": 8}]
    st = play(hands[:3], settling="domino")
    assert st.scores == {p: 0 for p in P4} and st.columns["game"] == {"A": 26, "B": 3, "C": 3, "D": 7}
    st = play(hands, settling="domino")
    # A reaches 31; C has the fewest (3): each pays C the difference
    assert changes(st) == {"A": -28, "B": -8, "C": 40, "D": -4}
    assert st.scores == {"A": -28, "B": -8, "C": 40, "D": -4}
    assert st.games_won == {"A": 0, "B": 0, "C": 1, "D": 0}
    assert st.columns["game"] == {p: 0 for p in P4}
    st = play(hands, settling="domino", domino_pay="game")
    assert st.scores == {"A": -1, "B": -1, "C": 3, "D": -1}


# ---------------------------------------------------------------- players and rules


def test_player_named_like_a_field_is_refused_whatever_the_case_and_the_rules_fields_count(cli):
    r = cli.refused("h", "new", "h", "--game", "hearts", "--players", "A,Revoke,C", code=2)
    assert r.stderr == "error: a player may not be called 'Revoke' in hearts: revoke= is a hand field; " \
                       "give him another name\n"
    # the fields of the sitting's own rules: bid= is a field at Auction Hearts only
    cli.refused("h", "new", "h", "--game", "hearts", "--players", "A,Bid,C,D", "--rule",
                "settling=auction", code=2)
    cli.new("h", "hearts", "A,Bid,C,D")


def test_counters_default_fifty_or_a_hundred_at_howell():
    assert play([]).columns["stack"]["A"] == 50
    assert play([], settling="howell").columns["stack"]["A"] == 100
    assert play([], counters=20).columns["stack"]["A"] == 20


# ---------------------------------------------------------------- long sittings, the usual stack, the cards removed, spot totals


def _sixty_deals_58_and_500() -> list:
    """Sixty four-handed deals in which A takes 58 hearts and B 500, built so that at
    Sweepstake A is 46 counters behind and B 46 ahead (HOWELL'S SETTLING: "it is possible
    for one player to take in only 58 hearts in 60 deals, and still to be 46 counters
    behind; while another player may take in 500 hearts in 60 deals and be 46 counters ahead")."""
    hands = [{"B": 13}] * 35                                   # B takes all: a Jack, 13 a deal
    hands += [{"A": 1, "B": 5, "C": 4, "D": 3}] * 6            # everyone takes hearts: it grows
    hands += [{"A": 1, "C": 6, "D": 6}]                        # B alone clear wins 42 x 13 = 546
    hands += [{"B": 7, "D": 6},                                # A and C divide 13: 6 each, 1 stays
              {"A": 1, "B": 1, "C": 1, "D": 10},               # a Jack of 14
              {"A": 1, "B": 1, "C": 11},                       # D wins it
              {"B": 5, "D": 8},                                # A and C divide again: 6 each, 1 stays
              {"A": 13}]                                       # A takes all: a Jack of 14
    hands += [{"A": 3, "D": 10}] * 11 + [{"A": 2, "D": 11}]    # B and C clear: a Jack is not divided
    hands += [{"A": 1, "B": 1, "D": 11}]                       # C alone clear wins the Jack of 183
    return hands


def test_sixty_deals_sweepstake_46_behind_and_46_ahead_howell_548_and_1220():
    hands = _sixty_deals_58_and_500()
    assert len(hands) == 60
    st = play(hands)
    assert st.columns["hearts"]["A"] == 58 and st.columns["hearts"]["B"] == 500
    # "in which one player lost 46 counters while another won 46, in 60 deals"
    assert st.scores["A"] == -46 and st.scores["B"] == 46
    assert st.pool == 0 and books_balance(st)
    # "the result at Howell's Settling would have been that the player who took in only 58
    # hearts would be 548 counters ahead instead of losing 46; while the one who took in 500
    # hearts would lose 1220 counters, instead of winning 46"
    st = play(hands, settling="howell")
    assert st.scores["A"] == 548 and st.scores["B"] == -1220


def test_counters_none_is_the_usual_stack():
    # `games hearts` listed the default as "none"; a file saying so must not break replay
    assert play([{"A": 13}], counters="none").columns["stack"]["A"] == 37
    assert play([], counters="none", settling="howell").columns["stack"]["A"] == 100
    with pytest.raises(ScorekeeperError, match="rule counters: must be a whole number, at least 1"):
        play([], counters="fifty")


@pytest.mark.parametrize("players, settling, suit, total", [
    (3, "sweepstake", "H", 13), (5, "sweepstake", "H", 13), (6, "sweepstake", "H", 12),
    (3, "auction", "S", 12), (3, "auction", "C", 13), (4, "auction", "S", 13),
    (5, "auction", "C", 12), (5, "auction", "S", 12), (5, "auction", "D", 13), (5, "auction", "H", 13),
    (6, "auction", "D", 12), (6, "auction", "H", 12),
    (3, "heartsette", "H", 13), (4, "heartsette", "H", 13), (6, "heartsette", "H", 13),
    (6, "joker", "H", 12), (3, "joker", "H", 12), (6, "discard", "H", 12),
    (6, "spot", "H", 102), (5, "spot", "H", 104), (3, "spot", "H", 104),
])
def test_cards_removed_for_three_five_and_six(players, settling, suit, total):
    # CARDS: "When three persons play, the deuce of spades is thrown out of the pack; when five
    # play, both the black deuces are laid aside, and when six play, all four deuces are discarded."
    names = ("A", "B", "C", "D", "E", "F")[:players]
    extra: Dict[str, Any] = {"auction": {"bidder": "A", "bid": 1, "suit": suit},
                             "joker": {"joker": "A", "joker_dealt": "A"},
                             "discard": {"black": "A"}}.get(settling, {})
    st = play([{**extra, "B": total}], players=names, settling=settling)
    assert st.columns["spots" if settling == "spot" else "cards" if settling == "auction" else "hearts"]["B"] == total
    with pytest.raises(ScorekeeperError, match=f"must add up to {total} "):
        play([{**extra, "B": total - 1}], players=names, settling=settling)


def test_spot_totals_each_possible_but_not_together_are_refused():
    # one heart three and one deuce: A 3 and B 3 cannot both be true; nor three fives (5, 2+3)
    with pytest.raises(ScorekeeperError, match="spots: no sharing of the hearts gives A 3, B 3, C 40, D 58"):
        play([{"A": 3, "B": 3, "C": 40, "D": 58}], settling="spot")
    with pytest.raises(ScorekeeperError, match="no sharing of the hearts"):
        play([{"A": 5, "B": 5, "C": 5, "D": 89}], settling="spot")
    six = ("A", "B", "C", "D", "E", "F")  # no heart deuce at six: 14 is A, J+3, 10+4, 9+5, 8+6
    st = play([{"A": 14, "B": 14, "C": 14, "D": 14, "E": 14, "F": 32}], players=six, settling="spot")
    assert changes(st)["F"] == -18
    with pytest.raises(ScorekeeperError, match="no sharing of the hearts"):  # one three, no deuce
        play([{"A": 3, "B": 3, "C": 14, "D": 14, "E": 14, "F": 54}], players=six, settling="spot")


# ---------------------------------------------------------------- misdeal (Laws 13, 14)


def test_a_misdeal_loses_the_deal_and_nothing_is_paid(cli):
    # "A misdeal loses the deal": A misdeals, B deals the next hand, C the one after
    st = play([{"misdeal": True}, {"A": 3, "B": 5, "C": 5, "D": 0}])
    assert [e.dealer for e in st.effects] == ["A", "B"]
    assert st.effects[0].changes == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert st.effects[0].summary == "A misdealt: the deal passes to B; nothing is paid"
    assert st.next_dealer == "C"
    cli.new("h", "hearts", "A,B,C,D", "settling=auction")
    cli.ok("hand", "h", "misdeal=yes")      # no bidder or suit: the hand was not played
    assert cli.json("show", "h")["next_dealer"] == "B"
    r = cli.refused("h", "hand", "h", "misdeal=yes", "A=3")
    assert "misdeal: a misdealt hand is not played; give only misdeal (and a note), not A" in r.stderr


# ---------------------------------------------------------------- Howell's: a clear revoker


def test_howell_revoker_pays_the_losses_by_default_and_all_thirteen_by_house_rule():
    hand = {"A": 3, "B": 5, "C": 5, "D": 0, "revoke": "D"}
    # Law 23, "the player in error must pay all the losses on that hand": B's and C's 7 each,
    # less the 13 he would have won: D -1, A keeps his +1
    assert play([hand], settling="howell").scores == {"A": 1, "B": 0, "C": 0, "D": -1}
    # howell_revoke=thirteen: D pays in 3 for each of the 13 hearts and each other takes out 13
    st = play([hand], settling="howell", howell_revoke="thirteen")
    assert st.scores == {"A": 13, "B": 13, "C": 13, "D": -39}
    assert hs.howell_revoke_thirteen({"A": 0, "B": 13, "C": 0}, 12, ("A", "C")) == \
        {"A": -24 + 12, "B": 24, "C": 12 - 24}


def test_howell_revoke_rule_only_with_howell(cli):
    r = cli.refused("x", "new", "x", "--game", "hearts", "--players", "A,B,C,D",
                    "--rule", "howell_revoke=thirteen", code=2)
    assert "howell_revoke: applies only with settling=howell" in r.stderr


# ---------------------------------------------------------------- forfeits without a pool (Law 15)


def test_forfeits_at_a_method_without_a_pool_are_paid_out_at_once_to_the_others():
    # Law 15: "each shall pay a forfeit of five counters into the pool"; at Howell's there is
    # no pool to win, so the ten go at once to the two not in fault
    st = play([{"A": 3, "B": 5, "C": 5, "D": 0, "forfeit": "A,C"}], settling="howell")
    assert st.scores == {"A": 1 - 5, "B": -7 + 5, "C": -7 - 5, "D": 13 + 5}
    assert st.pool == 0
    # Spot, five players: ten do not divide among three: 3 each, the odd one to the pool
    g = get_game("hearts")
    five = ("A", "B", "C", "D", "E")
    session = Session(name="t", game="hearts", players=five,
                      rules=g.resolve_rules({"settling": "spot"}, five),
                      hands=(Hand({"A": 0, "B": 20, "C": 30, "D": 24, "E": 30, "forfeit": "B,C"}),))
    st = g.replay(session)
    assert st.scores == {"A": 104 + 3, "B": -20 - 5, "C": -30 - 5, "D": -24 + 3, "E": -30 + 3}
    assert st.pool == 1
    assert st.effects[0].notes[0] == "B and C forfeit 5 each paid out at once to the others"


@pytest.mark.parametrize("settling", ["difference", "six-free"])
def test_two_handed_both_are_at_fault_so_the_forfeits_move_nothing(settling):
    # Law 15: "any two players are found to have more or less than their correct number":
    # two-handed that is both, each pays the other five, and there are no others to pay
    st = play([{"Ann": 5, "Bob": 8, "forfeit": "Ann,Bob"}], ("Ann", "Bob"), settling=settling)
    assert st.effects[0].notes == ("Ann and Bob forfeit 5 each to the other: nothing changes hands",)
    assert st.scores == play([{"Ann": 5, "Bob": 8}], ("Ann", "Bob"), settling=settling).scores
    assert st.pool == 0


# ---------------------------------------------------------------- tied winners divide


def test_spot_tied_winners_divide_the_odd_counters_too_even_when_the_banker_is_not_one():
    # SPOT HEARTS: "If two or more players have an equal number, or none at all, they divide
    # the amount collected": A, B and C took none, D all 104: 104 do not divide by three,
    # 34 each and 2 over, which are theirs (2/3 each), not the banker's or the table's
    st = play([{"A": 0, "B": 0, "C": 0, "D": 104}], settling="spot", banker="D")
    assert st.scores == {"A": 34, "B": 34, "C": 34, "D": -104}
    assert st.pool == 2
    assert "2 odd counters owed to A, B and C" in st.effects[0].summary
    assert st.balances == {"A": Fraction(104, 3), "B": Fraction(104, 3), "C": Fraction(104, 3),
                           "D": -104}
    assert sum(st.balances.values()) == 0


def test_forfeits_left_over_go_to_those_not_in_fault_at_the_settlement():
    g = get_game("hearts")
    five = ("A", "B", "C", "D", "E")
    session = Session(name="t", game="hearts", players=five,
                      rules=g.resolve_rules({"settling": "spot", "banker": "B"}, five),
                      hands=(Hand({"A": 0, "B": 20, "C": 30, "D": 24, "E": 30, "forfeit": "B,C"}),))
    st = g.replay(session)
    assert st.balances["A"] - st.scores["A"] == Fraction(1, 3)
    assert st.balances["B"] == st.scores["B"]       # the banker, in fault: not his


# ---------------------------------------------------------------- the methods of settling, a registry


def test_every_settling_is_one_class_looked_up_by_its_name():
    from scorekeeper.games.hearts.methods import METHODS

    rule = next(r for r in Hearts().rules if r.name == "settling")
    assert list(METHODS) == rule.values.split(" | ") == ["sweepstake", "howell", "excess", "difference",
                                                         "six-free", "spot", "auction", "joker", "discard",
                                                         "heartsette", "domino"]
    assert all(method.name == name for name, method in METHODS.items())
    assert len({type(method) for method in METHODS.values()}) == len(METHODS)
    assert [name for name, m in METHODS.items() if m.pool] == ["sweepstake", "auction", "joker", "discard",
                                                               "heartsette"]
