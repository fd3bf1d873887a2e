"""games/sides.py: partnerships, a side's name, the verb a side takes."""

from __future__ import annotations

from scorekeeper.games import sides


def test_partners_sit_opposite_and_a_side_is_named_with_a_hyphen():
    four = sides.partnerships(("Ann", "Bob", "Cid", "Dee"))
    assert four == (("Ann", "Cid"), ("Bob", "Dee"))
    assert [sides.side_name(s) for s in four] == ["Ann-Cid", "Bob-Dee"]
    assert sides.partnerships("ABCDEF", 3) == (("A", "D"), ("B", "E"), ("C", "F"))
    assert sides.side_index(four, "Dee") == 1 and sides.side_of(four, "Cid") == ("Ann", "Cid")
    assert sides.opponents(four, "Ann") == ("Bob", "Dee")
    assert sides.per_player(four, [5, 7]) == {"Ann": 5, "Cid": 5, "Bob": 7, "Dee": 7}
    assert sides.each_alone(("Ann", "Bob")) == (("Ann",), ("Bob",))


def test_partners_take_the_plural_verb():
    assert sides.side_says(("Ann",), "pegs 2") == "Ann pegs 2"
    assert sides.side_says(("Ann", "Cid"), "pegs 2") == "Ann-Cid peg 2"
