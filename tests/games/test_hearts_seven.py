"""Hearts at seven (rules/001, CUTTING): the dealer takes no cards; the six-handed pack."""

import pytest

from scorekeeper.model import ScorekeeperError

from .sitting import replay

SEVEN = ("Ann", "Ben", "Cid", "Dot", "Eve", "Fay", "Gus")


def test_the_dealer_sits_out_and_six_share_the_twelve_hearts():
    st = replay("hearts", SEVEN, [{"Ben": 3, "Cid": 2, "Dot": 2, "Eve": 4, "Fay": 1}])
    # Gus the only clear player among the six: takes the pool; Ann dealt, pays nothing
    assert st.effects[0].changes == {"Ann": 0, "Ben": -3, "Cid": -2, "Dot": -2, "Eve": -4,
                                     "Fay": -1, "Gus": 12}


def test_a_field_for_the_dealer_is_refused():
    with pytest.raises(ScorekeeperError, match="Ann: Ann deals and takes no cards"):
        replay("hearts", SEVEN, [{"Ann": 1, "Ben": 11}])
    with pytest.raises(ScorekeeperError, match="hearts must add up to 12"):
        replay("hearts", SEVEN, [{"Ben": 13}])


def test_howell_at_seven_pays_as_six_handed():
    st = replay("hearts", SEVEN, [{"Ben": 12}], settling="howell")
    assert st.effects[0].changes == {"Ann": 0, "Ben": -60, "Cid": 12, "Dot": 12, "Eve": 12,
                                     "Fay": 12, "Gus": 12}


def test_a_jack_at_seven_is_won_by_a_single_clear_player_and_nothing_is_lost():
    st = replay("hearts", SEVEN, [
        {"Ben": 3, "Cid": 2, "Dot": 2, "Eve": 4, "Fay": 1},             # Ann deals; Gus clear
        {"Ann": 2, "Cid": 2, "Dot": 2, "Eve": 2, "Fay": 2, "Gus": 2},   # Ben deals; a Jack
        {"Ann": 5, "Ben": 1, "Dot": 3, "Eve": 1, "Gus": 2}])            # Cid deals; Fay clear
    assert [e.dealer for e in st.effects] == ["Ann", "Ben", "Cid"]
    assert st.scores == {"Ann": -7, "Ben": -4, "Cid": -4, "Dot": -7, "Eve": -7, "Fay": 21, "Gus": 8}
    assert sum(st.scores.values()) + st.pool == 0


def test_domino_is_refused_at_seven():
    with pytest.raises(ScorekeeperError, match="domino"):
        replay("hearts", SEVEN, [], settling="domino")


def test_a_misdeal_at_seven_passes_the_deal_round_all_seven():
    st = replay("hearts", SEVEN, [{"misdeal": True}, {"Ann": 12}])
    assert st.effects[0].summary == "Ann misdealt: the deal passes to Ben; nothing is paid"
    assert st.effects[1].dealer == "Ben"


def test_the_dealer_sitting_out_is_not_counted_in_hearts_taken_per_deal():
    from scorekeeper.games import get_game
    from .sitting import sitting

    game = get_game("hearts")
    session = sitting("hearts", SEVEN, [{"Ben": 3, "Cid": 2, "Dot": 2, "Eve": 4, "Fay": 1}])
    before = game.start(session)
    values = game.read_hand(session.hands[0].fields, session)
    after, effect = game.apply(before, values, session, 0)
    counted = {f.player for f in game.figures(values, before, after, effect, session)
               if f.name == "hearts taken per deal"}
    assert counted == set(SEVEN) - {"Ann"}


def test_auction_the_holder_of_the_choice_names_the_suit_while_he_sits_out(cli):
    # Auction Hearts: after a Jack "the one who named the suit ... has the choice of suits again
    # for the next deal, and he must select some suit without paying anything further for it,
    # until some player wins": at seven that holds on his own deal, which he sits out.
    cli.new("a7", "hearts", ",".join(SEVEN), "settling=auction")
    cli.ok("hand", "a7", "bidder=Ben", "bid=2", "suit=S", "Ben=12")  # Ann deals; a Jack of 14
    out = cli.ok("hand", "a7", "bidder=Ben", "suit=H", "Ann=1", "Cid=1", "Dot=4", "Eve=3", "Fay=3")
    assert out.stdout.startswith("hand 2: Gus clear: takes the pool of 26\n")  # 14 + 12
    standings = cli.json("show", "a7")
    assert standings["scores"] == {"Ann": -1, "Ben": -14, "Cid": -1, "Dot": -4, "Eve": -3,
                                   "Fay": -3, "Gus": 26}
    assert standings["choice_holder"] is None  # the pool won, the choice is sold again


def test_auction_at_seven_a_dealer_without_the_choice_still_cannot_bid(cli):
    cli.new("a7", "hearts", ",".join(SEVEN), "settling=auction")
    cli.ok("hand", "a7", "bidder=Ben", "bid=2", "suit=S", "Ben=12")  # Ann deals; Ben holds
    cli.ok("hand", "a7", "bidder=Ben", "suit=H", "Ann=2", "Cid=2", "Dot=2", "Eve=2", "Fay=2",
           "Gus=2")  # Ben deals, names hearts; nobody clear: still a Jack, Ben still holds
    err = cli.refused("a7", "hand", "a7", "bidder=Dot", "suit=H", "Ann=1", "Ben=1", "Dot=4",
                      "Eve=3", "Fay=3", "Gus=0")  # Cid deals
    assert err.stderr == ("error: hand 3: bidder: Ben keeps the choice of suit until the Jack "
                          "is won, got Dot\n")
    cli.ok("hand", "a7", "bidder=Ben", "suit=H", "Ann=1", "Ben=1", "Dot=4", "Eve=3", "Fay=3")
    # Gus clear; the choice is sold again: Dot deals and may not bid, holding no cards
    err = cli.refused("a7", "hand", "a7", "bidder=Dot", "bid=1", "suit=H", "Ann=1", "Ben=1",
                      "Cid=4", "Eve=3", "Fay=3")
    assert err.stderr == ("error: hand 4: bidder: Dot deals and takes no cards this deal (seven "
                          "players: the dealer sits the deal out)\n")
