"""`scorekeeper board`, in process: what the page shows, what a report does and what is refused.

The board's application is driven by Starlette's TestClient (the lifespan runs: the watcher
too). The server as a user starts it, a real browser and many phones at once are in
test_board_live.py.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sse_starlette")

with __import__("warnings").catch_warnings():  # Starlette 1.x would rather have httpx2
    __import__("warnings").simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from scorekeeper.board import app as board_app  # noqa: E402
from scorekeeper.board.source import Board, party_fields  # noqa: E402
from tests.conftest import Cli  # noqa: E402

BASE = "http://127.0.0.1:8765"
HOSTS = ("127.0.0.1", "localhost")
CODE = "123456"


def client_for(path: Path, entry: bool = True, notify=lambda line: None, **options) -> TestClient:
    board = Board(path, entry=entry)
    return TestClient(board_app.make_app(board, HOSTS, CODE if entry else None, notify, **options), base_url=BASE)


@pytest.fixture
def fri(cli: Cli) -> Cli:
    cli.new("fri", "tally", "Ann,Bob,Cid")
    cli.ok("hand", "fri", "Ann=12", "Bob=-3", "note=first <i>blood</i>")
    return cli


@pytest.fixture
def spring(cli: Cli) -> Cli:
    cli.ok("party", "new", "spring", "--game", "progressive-hearts", "--players",
           "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jim,Kay,Len")
    return cli


def post(client: TestClient, path: str, code: str | None = CODE, **fields: str):
    data = dict(fields)
    if code is not None:
        data["code"] = code
    return client.post(path, data=data)


# ---------------------------------------------------------------- what is shown


def test_state_json_is_exactly_what_show_json_prints(fri):
    with client_for(fri.file("fri")) as client:
        answer = client.get("/state.json")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json; charset=utf-8"
    assert answer.text == fri.ok("show", "fri", "--json").stdout


def test_a_party_state_json_is_exactly_what_party_show_json_prints(spring):
    spring.ok("party", "round", "spring", "2", "Eve=1", "Fay=5", "Gus=6", "Hal=1")
    with client_for(spring.file("spring")) as client:
        answer = client.get("/state.json")
    assert answer.text == spring.ok("party", "show", "spring", "--json").stdout
    assert json.loads(answer.text)["reported"] == [2]


def test_the_page_shows_the_standings_the_leader_and_the_latest_hands(fri):
    with client_for(fri.file("fri"), entry=False) as client:
        page = client.get("/").text
    assert "<h1>fri</h1>" in page and "tally · 1 hand · next dealer: Bob" in page
    assert '<tr class="lead"><td>Ann <span class="mark">★ leads</span></td><td class="num">12</td>' in page
    assert "<td>Ann=12 Bob=-3 note=first &lt;i&gt;blood&lt;/i&gt;</td>" in page
    assert "<form" not in page and 'class="qr"' not in page  # the television has no form, nor QR without --entry


def test_names_and_notes_are_escaped_on_the_page_in_the_form_and_in_the_events(cli):
    cli.new("odd", "tally", "Ann,<b>Dee</b>,Bob&Co")
    cli.ok("hand", "odd", "Ann=1", "<b>Dee</b>=2", "note=<script>alert(1)</script>\"'")
    with client_for(cli.file("odd")) as client:
        page = client.get("/").text
        with client.stream("GET", "/events") as events:
            line = next(line for line in events.iter_lines() if line.startswith("data:"))
    event = json.loads(line[len("data:"):])
    for html in (page, event["board"], event["forms"][""]):
        assert "<b>" not in html and "<script>" not in html and "Bob&Co" not in html
    assert "&lt;b&gt;Dee&lt;/b&gt;" in event["board"] and "Bob&amp;Co" in event["board"]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;" in event["board"]
    assert 'name="&lt;b&gt;Dee&lt;/b&gt;"' in event["forms"][""]


def test_the_form_is_built_from_the_games_own_fields(cli):
    cli.new("c", "cinch", "Ann,Bob,Cid,Dee")
    with client_for(cli.file("c")) as client:
        with client.stream("GET", "/events") as events:
            line = next(line for line in events.iter_lines() if line.startswith("data:"))
    form = json.loads(line[len("data:"):])["forms"][""]
    fields = cli.json("games", "cinch", "--players", "Ann,Bob,Cid,Dee")["fields"]
    names = [f["name"] for f in fields] + ["note"]
    shown, folded = form.split('<details class="more">')
    assert list(dict.fromkeys(re.findall(r' name="([^"]+)"', shown))) == names[:8] + ["note"]
    assert list(dict.fromkeys(re.findall(r' name="([^"]+)"', folded))) == names[8:-1]
    assert '<select name="bidder"><option value=""></option><option value="Ann">Ann</option>' in form
    assert 'name="revoke" value="Bob" data-join=","' in form  # several players: checkboxes
    assert "points bid (0: nobody bid and the dealer named the trump)" in form  # the field's own help
    assert "bid *" in form  # required


def test_a_party_tables_form_shows_only_that_tables_players(spring):
    spring.ok("party", "round", "spring", "1", "Ann=3", "Bob=4", "Cid=2", "Dan=4", "cut=Dan")
    with client_for(spring.file("spring")) as client:
        with client.stream("GET", "/events") as events:
            line = next(line for line in events.iter_lines() if line.startswith("data:"))
    forms = json.loads(line[len("data:"):])["forms"]
    assert list(forms) == ["1", "2", "3"]
    assert forms["1"].startswith('<p class="done">table 1 has reported round 1')
    assert '<details class="more"><summary>correct our report</summary>' in forms["1"]  # folded away
    assert '<input type="hidden" name="correct" value="yes">' in forms["1"]
    two = forms["2"]
    for player in ("Eve", "Fay", "Gus", "Hal"):
        assert f'name="{player}"' in two
    for player in ("Ann", "Bob", "Cid", "Dan", "Ivy", "Jim", "Kay", "Len"):
        assert player not in two
    assert '<input type="hidden" name="table" value="2">' in two


def test_a_progressive_cinch_form_sends_a_pairs_points_under_its_first_partner():
    f = party_fields("progressive-cinch", {"scoring": "deduct"}, ("Ann", "Bob", "Cid", "Dan"))
    assert [field.name for field in f.fields] == ["Ann", "Bob", "cut", "note", "deal1", "deal2", "deal3",
                                                  "deal4"]
    assert f.labels == {"Ann": "Ann-Cid", "Bob": "Bob-Dan"} and f.main == 4
    assert f.fields[0].kind.describe == "a whole number from 0 to 112"


def test_the_party_board_shows_who_sits_where_who_reported_and_the_next_seating(spring):
    spring.ok("party", "round", "spring", "1", "Ann=3", "Bob=4", "Cid=2", "Dan=4", "cut=Dan")
    path = spring.file("spring")
    with client_for(path, entry=False) as client:
        page = client.get("/").text
        assert "round 1: waiting for tables 2, 3" in page
        assert ('<tr class="done" data-table="1"><td><span class="table">1 head</span></td><td><span class="seat">'
                'Ann</span></td>' in page)
        assert '<span class="reported">✓ reported</span>' in page  # in words, not by colour alone
        assert "<h2>round 1 so far</h2>" in page
        assert "<td>Ann 3, Bob 4, Cid 2, Dan 4 (Dan won the cut): Cid and Dan stay at the head table" in page
        assert '<tr class="open" data-table="2">' in page and '<span class="waiting">… waiting</span>' in page
        spring.ok("party", "round", "spring", "2", "Eve=1", "Fay=5", "Gus=6", "Hal=1")
        spring.ok("party", "round", "spring", "3", "Ivy=0", "Jim=9", "Kay=2", "Len=2", "note=Jim shot the moon")
        page = client.get("/").text
    assert "round 2: the new seating (round 1 is complete)" in page
    # docs/party.md: Eve takes Ann's seat 1 at the head table, Ann goes down to the booby table
    assert ('<td><span class="table">1 head</span></td><td><span class="seat">Eve</span> '
            '<span class="moved up">▲ up from 2</span></td>' in page)
    assert '<span class="seat">Ann</span> <span class="moved down">▼ down from 1</span>' in page
    assert '<td><span class="seat">Cid</span></td>' in page  # stayed: no mark
    assert "<h2>round 1</h2>" in page and "Ivy and Len go up to table 2; green: Jim" in page
    # the stars so far: Cid and Dan gold, Eve Hal Ivy Len red, Jim green
    assert "<tr><td class=\"num\">1=</td><td>Cid</td><td class=\"num\">1</td>" in page
    # find your seat: everyone alphabetically, with his table and seat
    find = page[page.index("<h2>find your seat</h2>"):]
    assert re.findall(r"<tr><td>(\w+)</td>", find[:find.index("</table>")]) == sorted(
        "Ann Bob Cid Dan Eve Fay Gus Hal Ivy Jim Kay Len".split())
    assert "<tr><td>Ann</td><td class=\"num\">3</td><td class=\"num\">1</td></tr>" in find
    assert "<h2>notes</h2>" in page and "<td>Jim shot the moon</td>" in page  # a party's notes


# ---------------------------------------------------------------- reports


def test_a_report_is_logged_through_the_ledger_and_answered_as_the_command_line_prints(fri, tmp_path):
    other = Cli(tmp_path / "other")
    other.new("fri", "tally", "Ann,Bob,Cid")
    other.ok("hand", "fri", "Ann=12", "Bob=-3", "note=first <i>blood</i>")
    lines = []
    with client_for(fri.file("fri"), notify=lines.append) as client:
        answer = post(client, "/hand", Ann="5", Cid="7")
    assert answer.status_code == 200
    assert answer.text == other.ok("hand", "fri", "Ann=5", "Cid=7").stdout
    assert answer.text.startswith("hand 2: Ann +5, Cid +7\n")
    assert lines == ["testclient: hand 2: Ann +5, Cid +7"]
    shown = fri.json("show", "fri")
    assert shown["hands"] == 2 and shown["scores"] == {"Ann": 17, "Bob": -3, "Cid": 7}


@pytest.mark.parametrize("fields", [{"Bob": "many"}, {"Zed": "3"}, {"bob": "1", "Bob": "2"}, {"Ann": "1" * 20},
                                    {}])
def test_a_mistake_is_the_command_lines_own_error_with_400_and_nothing_saved(fri, fields):
    path = fri.file("fri")
    before = path.read_bytes()
    with client_for(path) as client:
        answer = post(client, "/hand", **fields)
    typed = [f"{k}={v}" for k, v in fields.items()]
    assert answer.status_code == 400
    assert answer.text == fri("hand", "fri", *typed).stderr if typed else \
        answer.text == "error: give the hand's fields as FIELD=VALUE (scorekeeper games GAME lists them)\n"
    assert answer.text.startswith("error: ") and answer.text.count("\n") == 1
    assert path.read_bytes() == before


def test_a_field_given_twice_or_holding_a_nul_byte_is_refused(fri):
    path = fri.file("fri")
    before = path.read_bytes()
    with client_for(path) as client:
        twice = client.post("/hand", content="Ann=1&Ann=2&code=" + CODE,
                            headers={"content-type": "application/x-www-form-urlencoded"})
        nul = client.post("/hand", content="Ann=1&note=a%00b&code=" + CODE,
                          headers={"content-type": "application/x-www-form-urlencoded"})
        bad_utf8 = client.post("/hand", content="Ann=1&note=%ff&code=" + CODE,
                               headers={"content-type": "application/x-www-form-urlencoded"})
    assert (twice.status_code, twice.text) == (400, "error: field Ann given twice (Ann=1 and Ann=2)\n")
    assert (nul.status_code, nul.text) == (400, "error: a field holds a NUL byte (\\0): 'note=a\\x00b'\n")
    assert (bad_utf8.status_code, bad_utf8.text) == (400, "error: the form is not valid UTF-8 text\n")
    assert path.read_bytes() == before


def test_a_party_table_reports_with_post_round(spring, tmp_path):
    path = spring.file("spring")
    with client_for(path) as client:
        answer = post(client, "/round", table="1", Ann="3", Bob="4", Cid="2", Dan="4", cut="Dan")
        again = post(client, "/round", table="1", Ann="3", Bob="4", Cid="2", Dan="4", cut="Dan")
        elsewhere = post(client, "/round", table="2", Ann="3")
        no_table = post(client, "/round", Eve="3")
        wrong_way = post(client, "/hand", table="2", Eve="3")
    assert answer.status_code == 200
    assert answer.text == ("round 1 table 1: Ann 3, Bob 4, Cid 2, Dan 4 (Dan won the cut): Cid and Dan stay at "
                           "the head table; Ann and Bob go down to table 3\nwaiting for tables 2, 3\n")
    assert again.status_code == 400
    assert again.text == spring("party", "round", "spring", "1", "Ann=3").stderr
    assert elsewhere.status_code == 400 and elsewhere.text == spring("party", "round", "spring", "2", "Ann=3").stderr
    assert (no_table.status_code, no_table.text) == (400, "error: table is missing: the table reporting (1 is "
                                                          "the head table)\n")
    assert wrong_way.status_code == 404  # a party takes POST /round only
    assert spring.json("party", "show", "spring")["reported"] == [1]


# ---------------------------------------------------------------- what is refused


def test_without_the_code_or_with_a_wrong_one_403_nothing_changes_and_wrong_codes_wait(fri):
    path = fri.file("fri")
    before = path.read_bytes()
    lines = []
    waits: list = []

    async def sleep(seconds: float) -> None:  # the waits counted, not timed
        waits.append(seconds)

    with client_for(path, notify=lines.append, sleep=sleep) as client:
        missing = post(client, "/hand", code=None, Ann="5")
        wrong = post(client, "/hand", code="654321", Ann="5")
        twice = client.post("/hand", content=f"Ann=5&code={CODE}&code={CODE}",
                            headers={"content-type": "application/x-www-form-urlencoded"})
    for answer in (missing, wrong, twice):
        assert answer.status_code == 403
        assert answer.text == "error: the entry code is missing or wrong (the host has it: code: NNNNNN)\n"
    assert path.read_bytes() == before
    assert waits == [board_app.FIRST_WAIT, board_app.FIRST_WAIT * 2, board_app.FIRST_WAIT * 4]  # each wrong code waits longer
    assert lines[:2] == ["a wrong entry code from testclient (1 from there, 1 in all)",
                         "a wrong entry code from testclient (2 from there, 2 in all)"]


def sent_together(app, *reports):
    """Posts `(address, code)` reports all at once, in process; the answers in the order they came."""
    import asyncio

    import httpx

    answered = []

    async def send(address: str, code: str) -> None:
        transport = httpx.ASGITransport(app=app, client=(address, 40000))
        async with httpx.AsyncClient(transport=transport, base_url=BASE) as client:
            answer = await client.post("/hand", data={"Ann": "5", "code": code})
        answered.append((address, code, answer.status_code))

    async def all_at_once() -> None:
        await asyncio.gather(*(send(address, code) for address, code in reports))

    asyncio.run(all_at_once())
    return answered


def test_codes_sent_together_are_judged_one_after_another_not_all_at_once(fri, monkeypatch):
    """Slowing the answers alone would let a guesser send a thousand codes at once and the right
    one among them be taken at once: a code is judged only once the wrong ones sent before it,
    from any address, have waited, and an address sends one code at a time."""
    monkeypatch.setattr(board_app, "FIRST_WAIT", 0.02)
    app = board_app.make_app(Board(fri.file("fri"), entry=True), HOSTS, CODE)
    guesses = [(f"10.0.0.{n}", f"00000{n}") for n in range(1, 5)]
    answered = sent_together(app, *guesses, ("10.0.0.1", CODE), ("10.0.0.9", CODE))
    assert answered == ([("10.0.0.1", CODE, 429)]  # its first code is still waiting: not judged
                        + [(address, code, 403) for address, code in guesses]
                        + [("10.0.0.9", CODE, 200)])  # in its turn, after the four wrong ones
    assert fri.json("show", "fri")["hands"] == 2


def test_beyond_the_codes_waiting_their_turn_429_at_once():
    import asyncio

    guard = board_app.Guard(CODE, lambda line: None)
    guard.queued = board_app.MAX_QUEUED
    assert asyncio.run(guard.judge("a", [CODE])) == 429
    guard.queued = board_app.MAX_QUEUED - 1
    assert asyncio.run(guard.judge("a", [CODE])) == 200 and guard.queued == board_app.MAX_QUEUED - 1


def test_the_entry_code_is_six_digits_drawn_afresh():
    codes = [board_app.new_code() for _ in range(50)]
    assert all(len(c) == 6 and c.isdigit() for c in codes)
    assert len(set(codes)) > 45  # drawn, not fixed (two alike: one chance in 20,000)


def test_the_wait_for_wrong_codes_doubles_per_address_and_has_a_floor_once_many_are_wrong():
    guard = board_app.Guard(CODE, lambda line: None)
    waits = []
    for _ in range(7):
        guard.wrong["a"] = guard.wrong.get("a", 0) + 1
        guard.wrong_in_all += 1
        waits.append(guard.wait_for("a"))
    assert waits == [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 8.0]
    guard.wrong_in_all = board_app.ALARM + 1
    guard.wrong["b"] = 1
    assert guard.wait_for("b") == board_app.ALARM_WAIT  # a new address guesses no faster
    assert guard.right([CODE]) and not guard.right(["123457"]) and not guard.right([CODE, CODE])


def test_a_post_from_another_sites_page_is_refused_and_a_script_without_origin_is_taken(fri):
    path = fri.file("fri")
    before = path.read_bytes()
    with client_for(path) as client:
        for origin in ("http://evil.example", "null", "http://127.0.0.1:8766", "https://127.0.0.1:8765",
                       "http://127.0.0.1:8765.evil.example"):
            answer = client.post("/hand", data={"Ann": "5", "code": CODE}, headers={"origin": origin})
            assert answer.status_code == 403, origin
            assert answer.text == ("error: a report from another site's page is refused (its Origin is "
                                   "not this board)\n")
        assert path.read_bytes() == before
        own = client.post("/hand", data={"Ann": "5", "code": CODE}, headers={"origin": BASE})
        script = client.post("/hand", data={"Ann": "6", "code": CODE})
    assert own.status_code == 200 and script.status_code == 200
    assert fri.json("show", "fri")["hands"] == 3


def test_only_the_host_names_it_was_started_for_are_answered(fri):
    path = fri.file("fri")
    before = path.read_bytes()
    with client_for(path) as client:
        for host, name in (("evil.example", "evil.example"), ("127.0.0.2:8765", "127.0.0.2"),
                           ("localhost.evil.example", "localhost.evil.example"), ("", ""),
                           ("localhost:80:80", "localhost:80")):
            answer = client.get("/", headers={"host": host})
            assert (answer.status_code, answer.text) == (400, "error: this board answers to 127.0.0.1, localhost, "
                                                              f"not to the host name {name!r}\n")
            assert client.get("/state.json", headers={"host": host}).status_code == 400
            assert client.post("/hand", data={"Ann": "5", "code": CODE}, headers={"host": host}).status_code == 400
        assert client.get("/", headers={"host": "localhost:8765"}).status_code == 200
    assert path.read_bytes() == before


def test_a_board_without_entry_takes_no_reports(fri):
    path = fri.file("fri")
    before = path.read_bytes()
    with client_for(path, entry=False) as client:
        answer = post(client, "/hand", Ann="5")
    assert (answer.status_code, answer.text) == (403, "error: this board takes no reports (start it with "
                                                      "--entry)\n")
    assert path.read_bytes() == before


def test_a_body_that_is_not_a_form_or_too_large_is_refused(fri):
    path = fri.file("fri")
    before = path.read_bytes()
    with client_for(path) as client:
        as_json = client.post("/hand", json={"Ann": 5, "code": CODE})
        huge = client.post("/hand", data={"Ann": "5", "note": "x" * (board_app.MAX_BODY + 1), "code": CODE})
        many = client.post("/hand", content="&".join(f"f{i}=1" for i in range(300)) + "&code=" + CODE,
                           headers={"content-type": "application/x-www-form-urlencoded"})
    assert as_json.status_code == 415 and huge.status_code == 413 and many.status_code == 413
    assert path.read_bytes() == before


def test_nothing_of_the_file_system_is_shown_or_served(fri, monkeypatch):
    path = fri.file("fri")
    folder = str(path.parent)
    with client_for(path) as client:
        for url in ("/fri.yaml", "/sessions/fri.yaml", "/../fri.yaml", "/%2e%2e/fri.yaml", "/static/board.js",
                    "/state.json/../fri.yaml", "/fri.yaml.lock"):
            answer = client.get(url)
            assert answer.status_code == 404, url
            assert "Ann" not in answer.text
        texts = [client.get(u).text for u in ("/", "/state.json", "/board.js", "/board.css")]
        # the lock held by a live writer: the error names the file by its name alone
        from scorekeeper.store import lock as locks  # this process holds it (its pid and start time)

        (path.parent / "fri.yaml.lock").write_text(f"{locks._my_line()}flock=0\n")
        monkeypatch.setenv("SCOREKEEPER_LOCK_WAIT", "0.05")
        busy = post(client, "/hand", Ann="1")
        (path.parent / "fri.yaml.lock").unlink()
        # a file broken by hand: the page says what is wrong, where in the file, not where the file is
        path.write_text(path.read_text().replace("Ann: 12", "Ann: twelve"))
        broken_page = client.get("/").text
        broken_state = client.get("/state.json")
    assert (busy.status_code, busy.text) == (400, "error: fri.yaml is being changed by another scorekeeper "
                                                  f"(lock fri.yaml.lock, held by pid {os.getpid()}); try again\n")
    assert broken_state.status_code == 503
    assert broken_state.text.startswith("error: fri.yaml:") and "Ann: must be a whole number" in broken_state.text
    assert "error: fri.yaml:" in broken_page
    for text in texts + [busy.text, broken_page, broken_state.text]:
        assert folder not in text and str(Path(folder).resolve()) not in text


# ---------------------------------------------------------------- the command


@pytest.fixture
def not_served(monkeypatch):
    """`scorekeeper board` up to the point where it would serve: what it prints, what it refuses."""
    from scorekeeper.board import serve

    served = []
    monkeypatch.setattr(serve, "run", lambda app, sock: (served.append(app), sock.close()))
    return served


def test_the_command_prints_the_address_first_then_the_qr_code_with_host_then_the_code(fri, not_served):
    from scorekeeper.board.serve import qr_text

    plain = fri.ok("board", "fri", "--port", "0")
    lines = plain.stdout.splitlines()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", lines[0])
    assert lines[1:] == ["board of fri (sitting); Ctrl-C stops it", "board stopped"]
    served = fri.ok("board", "fri", "--port", "0", "--host", "127.0.0.1", "--entry").stdout.splitlines()
    url = served[0]
    qr = qr_text(url, colour=False).splitlines()
    assert served[1:1 + len(qr)] == qr and len(qr) > 10  # piped: the plain QR code
    assert served[1 + len(qr)] == "board of fri (sitting); Ctrl-C stops it"
    assert re.fullmatch(r"code: \d{6}", served[2 + len(qr)])
    assert len(not_served) == 2


def test_the_qr_code_is_the_address_module_for_module():
    import segno

    from scorekeeper.board.serve import qr_text

    url = "http://192.168.1.20:8765/"
    matrix = [list(row) for row in segno.make(url, error="m").matrix_iter(border=2)]
    matrix.append([0] * len(matrix[0]))
    for colour, dark in ((False, " "), (True, "█")):
        lines = qr_text(url, colour).splitlines()
        for y, line in enumerate(lines):
            cells = line.replace("\033[30;107m", "").replace("\033[0m", "")
            for x, char in enumerate(cells):
                top, bottom = matrix[2 * y][x], matrix[2 * y + 1][x]
                if top and bottom:
                    assert char == dark
                if colour and not top and not bottom:
                    assert char == " "


@pytest.mark.parametrize("args, message", [
    (["--port", "99999"], "error: --port must be 1 to 65535 (0: any free port), got 99999\n"),
    (["--port", "eighty"], "error: --port: the port must be a whole number such as 3, got 'eighty'\n"),
    (["--host", "my-laptop"], "error: --host must be an IP address of this machine, such as 192.168.1.20, or "
                              "0.0.0.0 for every interface; got 'my-laptop'\n"),
    (["--host", "::1"], "error: --host takes an IPv4 address (192.168.1.20, or 0.0.0.0), got ::1\n"),
])
def test_a_bad_port_or_host_is_a_usage_error(fri, not_served, args, message):
    r = fri("board", "fri", *args)
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", message)
    assert not_served == []


def test_a_sitting_that_is_not_there_is_the_usual_error(fri, not_served):
    r = fri("board", "frj")
    assert (r.exit_code, r.stdout, r.stderr) == (1, "", fri("show", "frj").stderr)
    assert "(did you mean 'fri'?)" in r.stderr
    assert not_served == []


def test_a_player_called_code_cannot_report_from_the_board(cli, not_served):
    cli.new("c", "tally", "Ann,Code")
    r = cli("board", "c", "--entry")
    assert (r.exit_code, r.stderr) == (2, "error: Code is a field of this sitting, and a report's 'code' is the "
                                          "entry code: rename the player to take reports from the board\n")
    assert cli.ok("board", "c", "--port", "0").stdout.startswith("http://127.0.0.1:")  # watching is fine


@pytest.mark.parametrize("player, args, field", [("Correct", [], "correct"), ("Hands", [], "hands"),
                                                 ("By", ["--confirm"], "by")])
def test_a_player_named_like_one_of_the_boards_own_fields_cannot_report(cli, not_served, player, args, field):
    cli.new("c", "tally", f"Ann,{player}")
    r = cli("board", "c", "--entry", *args)
    assert r.exit_code == 2 and r.stderr.startswith(f"error: {player} is a field of this sitting, and a "
                                                    f"report's '{field}' is ")


def test_with_host_every_interface_the_machine_answers_to_its_own_address_and_names(monkeypatch):
    from scorekeeper.board import serve

    monkeypatch.setattr(serve, "network_address", lambda: "192.168.1.20")
    monkeypatch.setattr(serve.socket, "gethostname", lambda: "Laptop")
    spot = serve.place("0.0.0.0", 8765)
    assert (spot.bind, spot.url) == ("0.0.0.0", "http://192.168.1.20:8765/")
    assert spot.hosts == ("127.0.0.1", "localhost", "192.168.1.20", "laptop", "laptop.local")
    assert serve.place(None, 8765).hosts == ("127.0.0.1", "localhost")  # by default this machine only
    assert serve.place("10.0.0.5", 9000).url == "http://10.0.0.5:9000/"


def test_no_other_command_imports_the_board_or_its_libraries(tmp_path):
    """`show` (and the command list, which names `board`) import none of the web stack."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    script = ("import sys\n"
              "from typer.testing import CliRunner\n"
              "from scorekeeper.cli import app\n"
              f"folder = {str(tmp_path)!r}\n"
              "run = CliRunner().invoke\n"
              "assert run(app, ['--dir', folder, 'new', 'f', '--game', 'tally', '--players', 'A,B']).exit_code == 0\n"
              "assert run(app, ['--dir', folder, 'show', 'f']).exit_code == 0\n"
              "assert 'board' in run(app, ['--help']).stdout\n"
              "assert run(app, ['board', '--help']).exit_code == 0\n"
              "web = ('starlette', 'uvicorn', 'sse_starlette', 'segno', 'anyio', 'scorekeeper.board')\n"
              "print(sorted(m for m in sys.modules if m.startswith(web)))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert (out.returncode, out.stdout, out.stderr) == (0, "[]\n", "")


def test_without_the_extra_the_command_says_how_to_install_it(fri, monkeypatch, not_served):
    import sys

    import scorekeeper.board

    # as if uvicorn were not there: the module cannot be imported (and, whatever happens, nothing is served)
    monkeypatch.delattr(scorekeeper.board, "serve", raising=False)
    monkeypatch.setitem(sys.modules, "scorekeeper.board.serve", None)
    r = fri("board", "fri")
    assert not_served == []
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.startswith("error: the board needs its extra: pip install 'scorekeeper[board]' (")


# ---------------------------------------------------------------- a report counts once


def test_a_report_sent_again_with_its_id_is_answered_as_the_first_and_logged_once(fri):
    path = fri.file("fri")
    with client_for(path) as client:
        first = post(client, "/hand", Ann="5", Cid="7", hands="1", id="tap-1")
        again = post(client, "/hand", Ann="5", Cid="7", hands="1", id="tap-1")
        fri.ok("hand", "fri", "Bob=1")  # the sitting moves on; the re-send is still the first's answer
        later = post(client, "/hand", Ann="5", Cid="7", hands="1", id="tap-1")
    assert first.status_code == again.status_code == later.status_code == 200
    assert first.text.startswith("hand 2: Ann +5, Cid +7\n")
    assert again.text == first.text and later.text == first.text
    hands = __import__("yaml").safe_load(path.read_text())["hands"]
    assert [h.get("id") for h in hands] == [None, "tap-1", None]
    assert fri.json("show", "fri")["scores"] == {"Ann": 17, "Bob": -2, "Cid": 7}


def test_an_id_in_the_log_is_recognised_by_a_board_started_again(fri):
    path = fri.file("fri")
    with client_for(path) as client:
        first = post(client, "/hand", Ann="5", hands="1", id="before-the-kill")
    with client_for(path) as client:  # the server killed between saving and answering, started again
        again = post(client, "/hand", Ann="5", hands="1", id="before-the-kill")
    assert (again.status_code, again.text) == (200, first.text)
    assert fri.json("show", "fri")["hands"] == 2


def test_a_report_made_on_a_page_that_had_seen_fewer_hands_is_refused_with_409(fri):
    path = fri.file("fri")
    fri.ok("hand", "fri", "Bob=1")
    before = path.read_bytes()
    with client_for(path) as client:
        stale = post(client, "/hand", Ann="5", hands="1", id="late")
        script = post(client, "/hand", Ann="6")  # no hands, no id: a script's, taken as it is
    assert (stale.status_code, stale.text) == (409, "error: the sitting has moved on: this report was made on a "
                                                    "page showing 1 hand, and fri has 2 now; nothing was logged "
                                                    "(look at the board, then report again if it is still to be "
                                                    "logged)\n")
    assert script.status_code == 200 and script.text.startswith("hand 3: Ann +6")
    assert fri.json("show", "fri")["hands"] == 3
    assert before != path.read_bytes()


@pytest.mark.parametrize("bad", ["", "x" * 65, "a b", "<b>"])
def test_an_id_that_is_not_a_short_word_is_refused(fri, bad):
    path = fri.file("fri")
    before = path.read_bytes()
    with client_for(path) as client:
        answer = post(client, "/hand", Ann="5", id=bad)
    assert answer.status_code == 400 and answer.text.startswith("error: id must be given once, 1 to 64 letters")
    assert path.read_bytes() == before


def test_the_table_that_completes_a_round_tapping_twice_logs_nothing_for_the_next_round(cli):
    """The issue's party: 8 players, table 1 reports, table 2's second tap is not round 2's report."""
    cli.ok("party", "new", "eight", "--game", "progressive-hearts", "--players", "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal")
    path = cli.file("eight")
    cli.ok("party", "round", "eight", "1", "Ann=1", "Bob=2", "Cid=4", "Dan=6")
    with client_for(path) as client:
        first = post(client, "/round", table="2", Gus="6", Hal="7", round="1", id="t2-r1")
        same_id = post(client, "/round", table="2", Gus="6", Hal="7", round="1", id="t2-r1")
        new_id = post(client, "/round", table="2", Gus="6", Hal="7", round="1", id="t2-r1-b")
    assert first.status_code == 200 and "every table has reported: the seating for round 2" in first.text
    assert (same_id.status_code, same_id.text) == (200, first.text)
    assert (new_id.status_code, new_id.text) == (409, "error: round 1 is complete: this report is for round 1, "
                                                      "and the party is playing round 2; nothing was logged "
                                                      "(look at the board)\n")
    state = cli.json("party", "show", "eight")
    assert sorted((r["round"], r["table"]) for r in state["results"]) == [(1, 1), (1, 2)]
    assert state["round"] == 2 and state["reported"] == []


def stops_within_bound(client: TestClient) -> bool:
    import threading

    stopped = threading.Thread(target=client.__exit__, args=(None, None, None), daemon=True)
    stopped.start()
    stopped.join(timeout=20)  # a bound for the test, not a speed: the board waits at most STOP_SECONDS
    return not stopped.is_alive()


def test_the_board_stops_at_once_while_its_watcher_waits_on_a_read(fri):
    """The lifespan ends whatever the watcher is doing: here a read of the file that does not
    return until the test lets it."""
    import threading

    board = Board(fri.file("fri"), entry=False)
    reading, release = threading.Event(), threading.Event()
    client = TestClient(board_app.make_app(board, HOSTS), base_url=BASE)
    client.__enter__()
    real = board.content

    def slow_content():
        reading.set()
        release.wait(30)
        return real()

    board.content = slow_content
    fri.ok("hand", "fri", "Bob=1")  # the watcher reads the file again, and hangs in the read
    assert reading.wait(10)
    stopped = stops_within_bound(client)
    release.set()
    assert stopped


def test_the_board_stops_even_when_its_watcher_swallows_the_cancellation(fri, monkeypatch):
    """What hung the suite (issue 34): on Python 3.11 `asyncio.wait_for` can swallow a
    cancellation that comes as its wait ends (a report has just poked the watcher), and the
    watcher's loop went on for ever. Here every wait swallows it."""
    import asyncio

    real = asyncio.wait_for

    async def swallowing(awaitable, timeout):
        try:
            return await real(awaitable, timeout)
        except asyncio.CancelledError:
            return None

    monkeypatch.setattr(asyncio, "wait_for", swallowing)
    client = TestClient(board_app.make_app(Board(fri.file("fri"), entry=True), HOSTS, CODE), base_url=BASE)
    client.__enter__()
    assert post(client, "/hand", Ann="5").status_code == 200
    assert stops_within_bound(client)


# ---------------------------------------------------------------- the pages


def first_event(client: TestClient) -> dict:
    with client.stream("GET", "/events") as events:
        line = next(line for line in events.iter_lines() if line.startswith("data:"))
    return json.loads(line[len("data:"):])


def test_the_television_announces_each_change_in_words_to_a_screen_reader(fri):
    with client_for(fri.file("fri")) as client:
        page = client.get("/").text
        event = first_event(client)
    assert '<div id="announce" class="sr-only" role="status" aria-live="polite"></div>' in page
    assert event["said"] == "hand 1: Ann +12, Bob -3; Ann leads"
    assert event["seen"] == {"hands": 1}


def test_each_table_has_a_phone_page_and_entry_asks_which_table(spring):
    spring.ok("party", "round", "spring", "1", "Ann=3", "Bob=4", "Cid=2", "Dan=4", "cut=Dan")
    with client_for(spring.file("spring")) as client:
        table = client.get("/table/2")
        choose = client.get("/entry")
        event = first_event(client)
        icon = client.get("/favicon.ico")
    assert table.status_code == 200 and 'data-table="2"' in table.text
    assert '<h1 id="heading">table 2: round 1</h1>' in table.text
    assert 'data-table="?"' in choose.text and "which table are you at?" in choose.text
    assert event["phones"]["2"]["heading"] == "table 2: round 1"
    assert "<td>Eve</td>" in event["phones"]["2"]["mine"]
    assert '<input type="hidden" name="round" value="1">' in event["forms"]["2"]
    assert event["said"].startswith("round 1 table 1: Ann 3, Bob 4") and event["said"].endswith(
        "round 1: waiting for tables 2, 3")
    assert (icon.status_code, icon.headers["content-type"]) == (200, "image/svg+xml")


def test_a_sitting_has_no_table_pages(fri):
    with client_for(fri.file("fri")) as client:
        answer = client.get("/table/1")
        entry = client.get("/entry")
    assert (answer.status_code, answer.text) == (404, "error: a sitting has no tables: its phone page is /entry, "
                                                      "not /table/1\n")
    assert '<h1 id="heading">fri: hand 2</h1>' in entry.text


def test_the_television_shows_a_qr_code_of_each_tables_page(spring):
    board = Board(spring.file("spring"), entry=True)
    with TestClient(board_app.make_app(board, HOSTS, CODE, address="http://192.168.1.20:8765/"),
                    base_url=BASE) as client:
        page = client.get("/").text
    assert page.count('<figure class="qr"><svg') == 3
    for t in (1, 2, 3):
        assert f"<figcaption>table {t}</figcaption>" in page
    assert board.qr("table/2") == __import__("segno").make("http://192.168.1.20:8765/table/2", error="m").svg_inline(
        omitsize=True, border=2)


def test_the_entry_code_stays_across_starts_beside_the_sitting_and_new_code_changes_it(fri, not_served):
    path = fri.file("fri")
    before = path.read_bytes()

    def code(*args: str) -> str:
        out = fri.ok("board", "fri", "--port", "0", "--entry", *args).stdout
        return re.search(r"^code: (\d{6})$", out, re.M).group(1)

    first = code()
    assert code() == first  # started again: the phones' code is the same
    side = path.parent / ".fri.yaml.board"
    assert f"code: {first}" in side.read_text() and oct(side.stat().st_mode & 0o777) == "0o600"
    assert path.read_bytes() == before  # never in the sitting
    assert fri.ok("board", "fri", "--code").stdout == f"code: {first}\n"  # no second server
    assert len(not_served) == 2
    changed = code("--new-code")
    assert changed != first or code("--new-code") != first  # drawn: two alike one chance in a million
    assert fri.ok("board", "fri", "--code").stdout == f"code: {code()}\n"
    r = fri("board", "fri", "--new-code")
    assert (r.exit_code, r.stderr) == (2, "error: --new-code draws the code of a board that takes reports: give "
                                          "--entry too\n")


def test_code_without_a_kept_code_or_a_sitting_is_one_error(cli, not_served):
    cli.new("sat", "tally", "Ann,Bob")
    r = cli("board", "sat", "--code")
    assert (r.exit_code, r.stderr) == (1, "error: no entry code is kept for sat: start its board with --entry\n")
    r = cli("board", "sta", "--code")
    assert r.exit_code == 1 and r.stderr == cli("show", "sta").stderr


def test_after_the_right_code_a_phone_goes_past_the_guessing_queue_with_its_token(fri):
    import asyncio

    import httpx

    app = board_app.make_app(Board(fri.file("fri"), entry=True), HOSTS, CODE, token="tok-abc")
    with TestClient(app, base_url=BASE) as client:
        let_in = post(client, "/hand", Ann="1")
    cookie = let_in.headers["set-cookie"]
    assert cookie.startswith("board-token=tok-abc;") and "HttpOnly" in cookie and "SameSite=strict" in cookie

    async def guessers_and_a_phone():
        async def send(address, data, cookies=None):
            transport = httpx.ASGITransport(app=app, client=(address, 40000))
            async with httpx.AsyncClient(transport=transport, base_url=BASE, cookies=cookies) as c:
                return address, (await c.post("/hand", data=data)).status_code

        wrong = [send(f"10.0.0.{n}", {"Ann": "1", "code": "000000"}) for n in range(1, 6)]
        return await asyncio.gather(*wrong, send("10.0.0.99", {"Bob": "2"}, {"board-token": "tok-abc"}))

    board_app.FIRST_WAIT, saved = 0.05, board_app.FIRST_WAIT
    try:
        with TestClient(app, base_url=BASE):
            answers = asyncio.run(guessers_and_a_phone())
    finally:
        board_app.FIRST_WAIT = saved
    assert answers[-1] == ("10.0.0.99", 200) and all(status == 403 for _, status in answers[:-1])
    assert fri.json("show", "fri")["hands"] == 3


# ---------------------------------------------------------------- a table corrects its report


def test_a_phone_corrects_its_hand_until_the_next_hand_through_the_ledgers_correction(fri):
    path = fri.file("fri")
    with client_for(path) as client:
        post(client, "/hand", Ann="5", Cid="7", hands="1", id="r2")
        fixed = post(client, "/hand", Ann="6", hands="2", correct="yes", id="r2-fix")
        fri.ok("hand", "fri", "Bob=1")
        late = post(client, "/hand", Ann="7", hands="2", correct="yes")
    assert fixed.status_code == 200 and fixed.text.startswith("corrected hand 2\n")
    hand = __import__("yaml").safe_load(path.read_text())["hands"][1]
    assert hand["Ann"] == 6 and "Cid" not in hand and hand["id"] == "r2" and "corrected" in hand
    assert (late.status_code, late.text) == (409, "error: hand 2 is no longer the latest (fri has 3); a hand is "
                                                  "corrected from the board until the next hand, then with "
                                                  "scorekeeper edit\n")
    assert fri.json("show", "fri")["scores"] == {"Ann": 18, "Bob": -2, "Cid": 0}


def test_a_table_corrects_its_result_until_the_round_is_complete(spring):
    path = spring.file("spring")
    with client_for(path) as client:
        post(client, "/round", table="2", Eve="1", Fay="5", Gus="6", Hal="1", round="1", id="t2")
        fixed = post(client, "/round", table="2", Eve="2", Fay="5", Gus="5", Hal="1", round="1", correct="yes")
        nothing = post(client, "/round", table="3", Ivy="0", round="1", correct="yes")
        spring.ok("party", "round", "spring", "1", "Ann=3", "Bob=4", "Cid=2", "Dan=4", "cut=Dan")
        spring.ok("party", "round", "spring", "3", "Ivy=0", "Jim=9", "Kay=2", "Len=2")
        late = post(client, "/round", table="2", Eve="1", Fay="5", Gus="6", Hal="1", round="1", correct="yes")
    assert fixed.status_code == 200, fixed.text
    assert fixed.text.startswith("corrected round 1 table 2: Eve 2, Fay 5, Gus 5, Hal 1")
    assert (nothing.status_code, nothing.text) == (400, "error: table 3 has not reported round 1: there is "
                                                        "nothing to correct\n")
    assert late.status_code == 409 and late.text.startswith("error: round 1 is complete: a table corrects")
    state = spring.json("party", "show", "spring")
    two = next(r for r in state["results"] if r["table"] == 2)
    assert "Eve 2, Fay 5, Gus 5, Hal 1" in two["summary"]
def test_the_party_board_shows_tables_of_three_who_sits_out_and_the_arrivals_and_departures(cli, tmp_path):
    """Issue 29: the television shows a Hearts table of three, the Cinch players sitting out, and
    the arrivals and departures."""
    shutil.copy(Path(__file__).parent.parent / "sessions" / "examples" / "party-arrivals.yaml",
                tmp_path / "evening.yaml")
    with client_for(tmp_path / "evening.yaml", entry=False) as client:
        page = client.get("/").text
    assert "14 players at 4 tables" in page
    assert "<th>seat 4</th>" in page and "<th>seat 5</th>" not in page
    changes = page[page.index("<h2>arrivals and departures</h2>"):]
    assert changes.index("Dan leaves after round 4") < changes.index("Zoe arrives: plays from round 3")
    cli.ok("party", "new", "club9", "--game", "progressive-cinch", "--players", "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy")
    with client_for(cli.file("club9"), entry=False) as client:
        page = client.get("/").text
        state = client.get("/state.json").json()
    assert "<h2>round 1: sitting out</h2>" in page and "<td>Ivy</td>" in page
    find = page[page.index("<h2>find your seat</h2>"):]
    assert '<tr><td>Ivy</td><td class="num">out</td>' in find
    assert state["sitting_out"] == ["Ivy"]


# ---------------------------------------------------------------- --confirm


def confirming_client(path: Path) -> TestClient:
    return TestClient(board_app.make_app(Board(path, entry=True, confirm=True), HOSTS, CODE), base_url=BASE)


def test_with_confirm_a_hand_counts_once_a_player_of_the_other_side_confirms_it(cli):
    cli.new("c", "cinch", "Ann,Bob,Cid,Dee")  # Ann and Cid are partners, Bob and Dee
    path = cli.file("c")
    with confirming_client(path) as client:
        nobody = post(client, "/hand", bidder="Ann", bid="6", made="9")
        sent = post(client, "/hand", bidder="Ann", bid="6", made="9", by="Ann", id="c1")
        page = client.get("/").text
        form = first_event(client)["forms"][""]
        partner = post(client, "/hand", by="Cid", confirm="yes")
        assert cli.json("show", "c")["hands"] == 0  # not yet
        confirmed = post(client, "/hand", by="dee", confirm="yes")
    assert nobody.status_code == 400 and nobody.text.startswith("error: by must name one player at the table")
    assert sent.status_code == 200 and sent.text.startswith("awaiting confirmation by Bob or Dee: hand 1: Ann bid 6")
    assert "⧗ a hand awaits confirmation: hand 1: Ann bid 6" in page and "(reported by Ann)" in page
    assert '<input type="hidden" name="confirm" value="yes">' in form
    assert (partner.status_code, partner.text) == (400, "error: Cid cannot confirm Ann's report: a player of the "
                                                        "other side confirms it (Bob or Dee)\n")
    assert confirmed.status_code == 200 and confirmed.text.startswith("confirmed by Dee: hand 1: Ann bid 6")
    hands = __import__("yaml").safe_load(path.read_text())["hands"]
    assert len(hands) == 1 and hands[0]["id"] == "c1"


def test_with_confirm_the_television_shows_a_table_awaiting_confirmation(spring):
    path = spring.file("spring")
    with confirming_client(path) as client:
        sent = post(client, "/round", table="2", Eve="1", Fay="5", Gus="6", Hal="1", round="1", by="Eve")
        page = client.get("/").text
        confirmed = post(client, "/round", table="2", round="1", by="Gus", confirm="yes")
        after = client.get("/").text
    assert sent.status_code == 200 and "awaiting confirmation by Fay or Gus or Hal" in sent.text
    assert ('<tr class="open" data-table="2">' in page
            and '<span class="awaiting">⧗ awaiting confirmation</span>' in page)
    assert confirmed.status_code == 200 and confirmed.text.startswith("confirmed by Gus: round 1 table 2:")
    assert "awaiting confirmation" not in after
    assert spring.json("party", "show", "spring")["reported"] == [2]
