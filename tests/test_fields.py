import pytest

from scorekeeper.fields import (BOOLEAN, PLAYER, PLAYERS, Field, cards, choice, read_fields, dump_hand, integer,
                                parse_assignments, refuse_field_names)
from scorekeeper.model import ScorekeeperError

PLAYERS_AT_TABLE = ("Ann", "Bob", "Cid")


def test_assignments_keep_order_and_strip():
    assert parse_assignments(["bid=8", "made= 10 ", "note=a=b"]) == {"bid": "8", "made": "10", "note": "a=b"}


def test_field_without_equals_is_a_usage_error():
    with pytest.raises(ScorekeeperError, match=r"'bid8' is not FIELD=VALUE") as err:
        parse_assignments(["bid8"])
    assert err.value.usage


def test_field_given_twice_is_refused():
    with pytest.raises(ScorekeeperError, match=r"field bid given twice \(bid=8 and bid=9\)"):
        parse_assignments(["bid=8", "bid=9"])


def test_integer_range_names_field_value_and_range():
    fields = [Field("bid", integer(1, 14), "the bid", required=True)]
    with pytest.raises(ScorekeeperError, match=r"^bid: must be a whole number from 1 to 14, got 15$"):
        read_fields({"bid": "15"}, fields, PLAYERS_AT_TABLE)
    with pytest.raises(ScorekeeperError, match=r"^bid: must be a whole number from 1 to 14, got 'x'$"):
        read_fields({"bid": "x"}, fields, PLAYERS_AT_TABLE)


def test_command_line_strings_and_yaml_values_give_the_same_hand():
    fields = [Field("bid", integer(1, 14), "", required=True), Field("bidder", PLAYER, ""),
              Field("revoke", BOOLEAN, ""), Field("cards", cards(), "")]
    typed = read_fields({"bid": "8", "bidder": "ann", "revoke": "yes", "cards": "5h th"}, fields,
                        PLAYERS_AT_TABLE)
    from_yaml = read_fields({"bid": 8, "bidder": "Ann", "revoke": True, "cards": ["5H", "10H"]},
                            fields, PLAYERS_AT_TABLE)
    assert typed == from_yaml
    assert dump_hand(typed, fields) == {"bid": 8, "bidder": "Ann", "revoke": True, "cards": "5H 10H"}


def test_unknown_player_suggests_the_closest():
    with pytest.raises(ScorekeeperError, match=r"bidder: 'Bbo' is not at the table \(did you mean Bob\?\)"):
        read_fields({"bidder": "Bbo"}, [Field("bidder", PLAYER, "")], PLAYERS_AT_TABLE)


def test_unknown_field_lists_the_fields():
    with pytest.raises(ScorekeeperError, match=r"unknown field 'bdi' \(did you mean bid\?\); fields: bid"):
        read_fields({"bdi": "3"}, [Field("bid", integer(), "")], PLAYERS_AT_TABLE)


def test_missing_required_field():
    with pytest.raises(ScorekeeperError, match=r"^bid is missing: the bid \(a whole number\)$"):
        read_fields({}, [Field("bid", integer(), "the bid", required=True)], PLAYERS_AT_TABLE)


def test_players_list_and_choice():
    assert PLAYERS.parse("ann,Bob", PLAYERS_AT_TABLE) == ("Ann", "Bob")
    with pytest.raises(ScorekeeperError, match="named twice"):
        PLAYERS.parse("Ann,ann", PLAYERS_AT_TABLE)
    assert choice("foster", "decimal").parse("Decimal", ()) == "decimal"
    with pytest.raises(ScorekeeperError, match=r"must be one of foster, decimal, got 'fostr' \(did you mean foster\?\)"):
        choice("foster", "decimal").parse("fostr", ())


def test_empty_value_leaves_a_field_out():
    assert read_fields({"bid": ""}, [Field("bid", integer(), "")], PLAYERS_AT_TABLE) == {}


def test_a_card_typed_after_a_space_gets_the_comma_hint():
    with pytest.raises(ScorekeeperError, match=r"^'5D' is not FIELD=VALUE \(for example Ann=12, bid=8, "
                                               r"or heels=yes for a flag\) "
                                               r"\(cards are separated by commas: hand.Ann=5C,5D,JH\)$"):
        parse_assignments(["hand.Ann=5C", "5D"])


def test_a_player_named_like_a_field_is_refused_with_the_player_it_is_about():
    with pytest.raises(ScorekeeperError) as err:
        refuse_field_names("whist", ("Ann", "revoke"), ("revoke",))
    assert err.value.message == ("a player may not be called 'revoke' in whist: revoke= is a "
                                 "hand field; give him another name")
    assert (err.value.player, err.value.usage) == ("revoke", True)
    with pytest.raises(ScorekeeperError) as err:
        refuse_field_names("whist", ("Ann", "Revoke"), ("revoke",))  # whatever the case
    assert err.value.message.startswith("a player may not be called 'Revoke' in whist: revoke= ")
    refuse_field_names("whist", ("Ann", "Bob"), ("revoke",))


@pytest.mark.parametrize("game, players, field", [
    ("tally", ("Ann", "note"), "note"), ("tally", ("Ann", "Note"), "note"),   # every hand's fields
    ("tally", ("Ann", "Corrected"), "corrected"),
    ("cinch", ("A", "bid", "B", "Z"), "bid"), ("cinch", ("A", "Y", "MADE", "Z"), "made"),
    ("cinch-auction", ("A", "B", "C", "D", "Partner"), "partner"),
    ("cribbage", ("Ann", "Starter"), "starter"), ("boston", ("A", "Y", "B", "tricks"), "tricks"),
])
def test_the_names_refused_are_the_games_own_fields_under_its_rules(game, players, field):
    from scorekeeper.games import get_game
    from scorekeeper.model import Session

    g = get_game(game)
    session = Session(name="s", game=game, players=players, rules=g.resolve_rules({}, players), hands=())
    with pytest.raises(ScorekeeperError, match=f"{field}= is a hand field") as err:
        g.check_names(session)
    assert err.value.usage
    # a player's own field (Ann=12, hand.Ann=) is his, not a clash
    ok = tuple(f"P{i}" for i in range(len(players)))
    g.check_names(session._replace(players=ok, rules=g.resolve_rules({}, ok)))
