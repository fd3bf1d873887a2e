import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

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


# ---------------------------------------------------------------- the stake, checked as text

def _stake_by_decimal(raw):
    """parse_stake and the stake saved as they were when the stake was a Decimal (ffc928b): the
    reference the text-only check must agree with, refusal by refusal."""
    from decimal import Decimal

    from scorekeeper.fields import MAX_STAKE, STAKE_PLACES
    from scorekeeper.model import shown

    text = repr(raw) if isinstance(raw, float) else str(raw).strip()
    parts = text.split(".", 1)
    if isinstance(raw, bool) or not all(0 < len(p) <= 30 and p.isascii() and p.isdigit() for p in parts):
        return f"stake must be an amount of money such as 0.05, got {shown(raw)}"
    value = Decimal(text)
    if value > MAX_STAKE or value.normalize().as_tuple().exponent < -STAKE_PLACES:
        return (f"stake must be at most {MAX_STAKE:,} and to at most {STAKE_PLACES} decimal places (0.0001), "
                f"got {shown(raw)}")
    return value, int(value) if value == value.to_integral_value() else float(value)


_STAKE_TEXTS = st.one_of(
    st.text(alphabet="0123456789.", max_size=14),
    st.text(alphabet="0001.9 e-+_١", max_size=8),
    st.builds(lambda zeros, whole, places: "0" * zeros + str(whole) + places, st.integers(0, 30),
              st.sampled_from([0, 1, 7, 999_999, 1_000_000, 1_000_001]),
              st.text(alphabet="0000123456789", max_size=8).map(lambda d: "." + d if d else "")),
    st.floats(0, 2e6), st.integers(-5, 2 * 10 ** 6), st.booleans())


@settings(max_examples=500, deadline=None)
@given(_STAKE_TEXTS)
def test_a_stake_checked_as_text_is_what_the_decimal_check_took_and_saves_alike(raw):
    from decimal import Decimal

    from scorekeeper.fields import parse_stake
    from scorekeeper.model import Stakes
    from scorekeeper.store.save import _stake

    expected = _stake_by_decimal(raw)
    if isinstance(expected, str):
        with pytest.raises(ScorekeeperError) as refused:
            parse_stake(raw)
        assert str(refused.value) == expected and refused.value.usage
        return
    text = parse_stake(raw)
    stake = Stakes(text, "USD").stake
    assert isinstance(stake, Decimal) and stake.as_tuple() == expected[0].as_tuple()  # digits and places alike
    written = _stake(text)
    assert (type(written), written) == (type(expected[1]), expected[1])


@pytest.mark.parametrize("raw, text, written", [
    ("007.50", "7.50", 7.5), ("0.050", "0.050", 0.05), ("1000000.0000", "1000000.0000", 1000000),
    ("0.00000", "0.00000", 0), ("5", "5", 5), ("1.5", "1.5", 1.5), (0.05, "0.05", 0.05), (2, "2", 2)])
def test_a_stake_is_kept_as_its_text_and_written_as_a_number(raw, text, written):
    from scorekeeper.fields import parse_stake
    from scorekeeper.store.save import _stake

    assert parse_stake(raw) == text
    assert (type(_stake(text)), _stake(text)) == (type(written), written)
