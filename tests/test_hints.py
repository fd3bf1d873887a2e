"""Slips at the table get a hint that puts them right (issue 21 point 4): the sitting's name
forgotten, the hand's number forgotten, an option of scorekeeper itself after the command, a
note with spaces not quoted (at the prompt and on the command line)."""

from __future__ import annotations



def test_the_sittings_name_forgotten_is_named_as_such(cli):
    cli.new("fri", "cinch", "Ann,Bob,Cid,Dee")
    r = cli.refused("fri", "hand", "bidder=Ann", "bid=8", "made=10", code=2)
    assert r.stderr == ("error: 'bidder=Ann' is FIELD=VALUE, not a sitting's name: the name comes "
                        "first (scorekeeper hand NAME bidder=Ann ...; scorekeeper list shows the "
                        "names)\n")
    assert cli.refused("fri", "show", "bid=8", code=2).stderr == (
        "error: 'bid=8' is FIELD=VALUE, not a sitting's name: the name comes first (scorekeeper "
        "show NAME; scorekeeper list shows the names)\n")


def test_the_hands_number_forgotten_says_which_numbers_there_are(cli):
    cli.new("fri", "tally", "Ann,Bob")
    cli.ok("hand", "fri", "Ann=5")
    cli.ok("hand", "fri", "Bob=3")
    for args, given in ((["made=9"], "made=9"), (["Ann=9", "note=x"], "Ann=9 note=x")):
        r = cli.refused("fri", "edit", "fri", *args, code=2)
        assert r.stderr == (f"error: the hand's number is missing: scorekeeper edit fri NUMBER "
                            f"{given} (NUMBER: 1 to 2; the last is 2)\n")
    assert cli.refused("fri", "edit", "fri", "2", code=2).stderr == (
        "error: Missing argument 'FIELDS...': give the fields to correct as FIELD=VALUE\n")


def test_an_option_of_scorekeeper_after_the_command_is_taken(cli):
    # issue 30 point 9: it was refused, though the program named the fix
    cli.new("fri", "tally", "Ann,Bob")
    assert cli.ok("settle", "fri", "--no-color").stdout == cli.ok("settle", "fri").stdout
    from scorekeeper.cli import app

    r = cli.runner.invoke(app, ["show", "fri", "--no-pager", "--dir", str(cli.folder)])
    assert r.exit_code == 0 and r.stdout.startswith("fri (tally, 0 hands)")
    # an option the command does not have at all is still click's own message
    assert cli.refused("fri", "show", "fri", "--colour", code=2).stderr == (
        "error: No such option: --colour (see scorekeeper show --help)\n")


def test_a_note_with_spaces_says_to_quote_it(cli):
    cli.new("fri", "tally", "Ann,Bob")
    r = cli.refused("fri", "hand", "fri", "Ann=5", "note=a", "long", "note", code=2)
    assert r.stderr == ("error: 'long' is not FIELD=VALUE: a value with spaces goes in quotes, "
                        "note=\"a long note\"\n")
    # at the table: Ann and Bob asked, then the other fields; the quoted answer is taken
    r = cli("hand", "fri", "-i", input="5\n\nnote=a long note\nnote=\"a long note\"\n")
    assert r.exit_code == 0, r.output
    assert ("'long' is not FIELD=VALUE: a value with spaces goes in quotes, note=\"a long note\"; "
            "try again") in r.stderr
    assert "note: a long note" in cli.file("fri").read_text()
