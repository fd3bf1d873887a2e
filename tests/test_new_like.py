"""`new tue --like mon` (issue 21 point 12): a night like an earlier one, its game, players,
stake and house rules taken (who deals first is drawn again); what is given besides wins."""

from __future__ import annotations

import yaml


def header(cli, name: str) -> dict:
    data = yaml.safe_load(cli.file(name).read_text())
    return {k: data[k] for k in ("game", "players", "rules", "stakes")}


def test_new_like_takes_game_players_stake_and_rules(cli):
    cli.ok("new", "mon", "--game", "cinch", "--players", "Ann,Bob,Cid,Dee", "--stake", "0.25",
           "--currency", "USD", "--rule", "game=61", "--rule", "first_dealer=Bob")
    cli.ok("hand", "mon", "bidder=Ann", "bid=7", "made=9")
    out = cli.ok("new", "tue", "--like", "mon").stdout
    assert out.startswith(f"created {cli.file('tue')}\n\ntue (cinch, 0 hands)\n")
    assert "next dealer: Ann" in out  # not Bob: a new night draws for the deal
    assert header(cli, "tue") == {
        "game": "cinch", "players": ["Ann", "Bob", "Cid", "Dee"],
        "rules": {"scoring": "deduct", "game": 61, "blind_draw": False, "adversary_foul": "score-all",
                  "display": "score", "first_dealer": None},
        "stakes": {"stake": 0.25, "currency": "USD"}}
    assert yaml.safe_load(cli.file("tue").read_text())["hands"] == []


def test_what_is_given_besides_like_wins(cli):
    cli.ok("new", "mon", "--game", "cinch", "--players", "Ann,Bob,Cid,Dee", "--stake", "0.25",
           "--currency", "USD", "--rule", "game=61")
    cli.ok("new", "thu", "--like", "mon", "--stake", "2", "--rule", "scoring=setback",
           "--players", "Ann,Bob,Cid,Eve")
    assert header(cli, "thu")["players"] == ["Ann", "Bob", "Cid", "Eve"]
    assert header(cli, "thu")["stakes"] == {"stake": 2, "currency": "USD"}
    assert {k: header(cli, "thu")["rules"][k] for k in ("scoring", "game")} == {
        "scoring": "setback", "game": 61}
    # another game: the players and stake are taken, not cinch's rules
    cli.ok("new", "wed", "--like", "mon", "--game", "tally")
    assert header(cli, "wed") == {"game": "tally", "players": ["Ann", "Bob", "Cid", "Dee"],
                                  "rules": {"target": None, "low_wins": False, "settle": "average", "first_dealer": None},
                                  "stakes": {"stake": 0.25, "currency": "USD"}}


def test_new_without_game_or_like_says_what_is_missing(cli):
    cli.ok("new", "mon", "--game", "tally", "--players", "Ann,Bob")
    assert cli.refused("fri", "new", "fri", "--players", "Ann,Bob", code=2).stderr == (
        "error: Missing option '--game' (or --like SITTING: the game, players, stake and rules of "
        "an earlier sitting)\n")
    assert cli.refused("fri", "new", "fri", "--like", "nope").stderr.startswith("error: no session ")


def test_new_like_takes_the_header_even_when_a_hand_of_the_earlier_night_is_broken(cli):
    """The template is the header (checked); a broken hand in the earlier night is that night's
    business (`check` and `edit` mend it), not a reason to refuse a new one."""
    cli.ok("new", "mon", "--game", "cinch", "--players", "Ann,Bob,Cid,Dee", "--rule", "game=61")
    cli.ok("hand", "mon", "bidder=Ann", "bid=7", "made=9")
    text = cli.file("mon").read_text()
    cli.file("mon").write_text(text.replace("bid: 7", "bid: 70"))
    assert "hand 1: bid: must be a whole number from 0 to 14, got 70" in cli.refused("mon", "show", "mon").stderr
    cli.ok("new", "tue", "--like", "mon")
    assert yaml.safe_load(cli.file("tue").read_text())["rules"]["game"] == 61
    # a broken header still refuses: there is nothing to take
    cli.file("mon").write_text(text.replace("game: cinch", "game: chess"))
    assert "unknown game" in cli.refused("wed", "new", "wed", "--like", "mon").stderr
