"""Found by review (c) of issues 13 and 16: inputs that got past the checks.

Each test is named for the behaviour it pins and failed on the code before its fix.
"""

from __future__ import annotations

import pytest

PARTY = ("party", "new", "spring", "--game", "progressive-hearts", "--players",
         "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal")
ROUND = ("Ann=3", "Bob=4", "Cid=2", "Dan=4", "cut=Dan")


def test_crib_discard_reads_its_numbers_as_every_other_number_is(cli):
    for digit, option in [(d, o) for d in ("٣", "３", "²", "9" * 40) for o in ("--players", "--crib-size")]:
        r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone", option, digit)
        assert r.exit_code == 2, r.output
        assert r.stdout == "" and r.stderr.startswith(f"error: {option}: ") and r.stderr.count("\n") == 1
    cli.ok("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone", "--players", "3")


def test_crib_discard_names_the_tables_it_knows_for_a_number_of_players_it_does_not(cli):
    r = cli("crib", "discard", "5H", "5D", "JS", "6C", "4D", "--pone", "--players", "7")
    assert (r.exit_code, r.stderr) == (2, "error: players: the advisor knows 2, 3 or 4 hands, got 7\n")


@pytest.mark.parametrize("digit", ["١", "３", "9" * 40])
def test_party_table_and_round_numbers_are_ascii_digits_only(cli, digit):
    cli.ok(*PARTY)
    r = cli.refused("spring", "party", "round", "spring", digit, *ROUND, code=2)
    assert r.stderr.startswith("error: TABLE: the table must be a whole number such as 3, got ")
    cli.ok("party", "round", "spring", "1", *ROUND)
    r = cli.refused("spring", "party", "edit", "spring", digit, "1", "Ann=4", code=2)
    assert r.stderr.startswith("error: ROUND: the round must be a whole number")
    r = cli.refused("spring", "party", "edit", "spring", "1", digit, "Ann=4", code=2)
    assert r.stderr.startswith("error: TABLE: the table must be a whole number")
