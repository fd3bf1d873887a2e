"""`scorekeeper board` for real: the server started as a user starts it (`python -m scorekeeper
board NAME --port P` on 127.0.0.1 and a free port, stopped at the end of each test), its event
stream, twenty tables and a writer at the command line at once, and a real headless Chromium
(selenium and Debian's chromium-driver; .ci/run installs them) that sees the page change.

Every load here is bounded: a fixed number of reports, each request with a timeout, every
wait with a deadline; the server is stopped by the fixture whatever happens.

The server is always its own process; what the tests type at the command line is typed in this
process (the `cli` fixture: the CLI's own code, a process other than the server's), but for the
second board refused its port, which is about the process. One HTTP client (its own connection
for each request in flight) serves every phone: a client costs more CPU than its requests.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Dict, Iterator, List, Optional

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from tests.conftest import ROOT  # noqa: E402

pytestmark = pytest.mark.slow  # servers and a browser: seconds each (CI still runs them)

WAIT = 15.0  # the longest any step may take before the test fails (a deadline, not a speed target)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def scorekeeper(*args: str) -> List[str]:
    return [sys.executable, "-m", "scorekeeper", *args]


def environment() -> Dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "NO_COLOR", "SCOREKEEPER_DIR")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


class Server:
    """`python -m scorekeeper --dir FOLDER board NAME --port P ARGS`, its output read line by line."""

    def __init__(self, folder: Path, name: str, *args: str):
        self.port = free_port()
        self.proc = subprocess.Popen(scorekeeper("--dir", str(folder), "board", name, "--port", str(self.port),
                                                 *args),
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=environment(), cwd=ROOT)
        self.lines: "queue.Queue[str]" = queue.Queue()
        self.output: List[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.url = self.line()
        self.code: Optional[str] = None
        if "--entry" in args:
            found = self.line_matching(r"code: (\d{6})$")
            self.code = found.group(1)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def line(self) -> str:
        try:
            line = self.lines.get(timeout=WAIT)
        except queue.Empty:
            self.stop()
            raise AssertionError(f"the board printed nothing: {self.proc.stderr.read() if self.proc.stderr else ''}")
        self.output.append(line)
        return line

    def line_matching(self, pattern: str) -> "re.Match[str]":
        while True:
            found = re.match(pattern, self.line())
            if found:
                return found

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # Ctrl-C, as the host stops it
            try:
                self.proc.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


@pytest.fixture
def serve() -> Iterator:
    servers: List[Server] = []

    def start(folder: Path, name: str, *args: str) -> Server:
        server = Server(folder, name, *args)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="module")
def http() -> Iterator["httpx.Client"]:
    """The phones' HTTP client: thread-safe, a connection for each request in flight (up to 64)."""
    with httpx.Client(timeout=WAIT, limits=httpx.Limits(max_connections=64)) as client:
        yield client


def events(http: "httpx.Client", url: str) -> Iterator[dict]:
    """The board's event stream, one decoded `data:` event at a time (each read bounded by WAIT)."""
    with http.stream("GET", url + "events", timeout=WAIT) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        for line in stream.iter_lines():
            if line.startswith("data:"):
                yield json.loads(line[len("data:"):])


def run_cli(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(scorekeeper("--dir", str(folder), *args), capture_output=True, text=True,
                          env=environment(), cwd=ROOT, timeout=60)


# ---------------------------------------------------------------- the server as a user starts it


def test_started_as_a_user_starts_it_the_board_streams_a_hand_typed_at_the_command_line(cli, serve, http):
    cli.new("fri", "tally", "Ann,Bob")
    server = serve(cli.folder, "fri")
    assert server.output == [f"http://127.0.0.1:{server.port}/"]  # the first line: the address
    assert server.line() == "board of fri (sitting); Ctrl-C stops it"
    stream = events(http, server.url)
    first = next(stream)
    assert first["version"] == 1 and "0 hands" in first["board"]
    cli.ok("hand", "fri", "Ann=12", "Bob=-3")
    second = next(stream)
    assert second["version"] == 2
    assert "1 hand " in second["board"] and "<td>Ann +12, Bob -3</td>" in second["board"]
    cli.ok("edit", "fri", "1", "Bob=-4")
    third = next(stream)
    assert third["version"] == 3 and "Ann +12, Bob -4" in third["board"]
    state = http.get(server.url + "state.json").text
    assert state == cli.ok("show", "fri", "--json").stdout
    stream.close()
    # a second board on the same port: one clear error
    taken = run_cli(cli.folder, "board", "fri", "--port", str(server.port))
    assert taken.returncode == 1 and taken.stdout == ""
    assert taken.stderr == (f"error: cannot serve on 127.0.0.1:{server.port}: Address already in use (is another "
                            f"board running? try --port {server.port + 1})\n")
    assert server.stop() == 0  # Ctrl-C: stopped quietly
    assert server.proc.stdout is not None and server.line() == "board stopped"


# ---------------------------------------------------------------- many phones at once


TABLES = 20
EACH = 2    # hands each table posts
BY_HAND = 3  # hands typed at the command line meanwhile


def test_twenty_tables_posting_together_and_a_writer_at_the_command_line_lose_nothing(cli, serve, http):
    cli.new("night", "tally", "Ann,Bob,Cid,Dee")
    server = serve(cli.folder, "night", "--entry")
    start = threading.Barrier(TABLES + 1)
    answers: Dict[str, httpx.Response] = {}
    typed: List = []

    def table(number: int) -> None:
        start.wait(timeout=WAIT)
        for k in range(EACH):
            note = f"t{number:02d}-{k}"
            data = {"Ann": str(number), "Bob": str(k), "note": note, "code": server.code, "id": note}
            answers[note] = http.post(server.url + "hand", timeout=60, data=data)
        again = http.post(server.url + "hand", timeout=60, data=data)  # the last sent again: counted once
        assert (again.status_code, again.text) == (200, answers[note].text)

    def writer() -> None:
        start.wait(timeout=WAIT)
        for k in range(BY_HAND):
            typed.append(cli("hand", "night", "Cid=1", f"note=cli-{k}"))

    threads = [threading.Thread(target=table, args=(n,)) for n in range(1, TABLES)] + \
        [threading.Thread(target=writer)]
    for t in threads:
        t.start()
    table(TABLES)
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    assert len(answers) == TABLES * EACH
    assert all(a.status_code == 200 for a in answers.values()), [a.text for a in answers.values()]
    assert len(typed) == BY_HAND and all(t.exit_code == 0 for t in typed), [t.output for t in typed]
    numbers = sorted(int(re.match(r"hand (\d+):", a.text).group(1)) for a in answers.values())
    assert len(set(numbers)) == len(numbers)  # each report its own hand
    total = TABLES * EACH + BY_HAND
    shown = cli.json("show", "night")
    assert shown["hands"] == total
    notes = [e["summary"] for e in shown["effects"]]
    assert len(notes) == total
    logged = [h.get("note") for h in __import__("yaml").safe_load(cli.file("night").read_text())["hands"]]
    expected = [f"t{n:02d}-{k}" for n in range(1, TABLES + 1) for k in range(EACH)] + \
        [f"cli-{k}" for k in range(BY_HAND)]
    assert sorted(logged) == sorted(expected)  # every hand once, nothing lost
    # each table's hands in the order it sent them, and the scores their exact sum
    for n in range(1, TABLES + 1):
        mine = [note for note in logged if note.startswith(f"t{n:02d}-")]
        assert mine == [f"t{n:02d}-{k}" for k in range(EACH)]
    assert shown["scores"] == {"Ann": EACH * sum(range(1, TABLES + 1)), "Bob": TABLES * sum(range(EACH)),
                               "Cid": BY_HAND, "Dee": 0}
    assert json.loads(http.get(server.url + "state.json").text)["hands"] == total


def test_a_party_of_fifteen_tables_reports_at_once_fourteen_by_phone_one_by_hand_each_once(cli, serve, http):
    players = [f"P{i:02d}" for i in range(1, 61)]  # the most a party takes
    cli.ok("party", "new", "big", "--game", "progressive-hearts", "--players", ",".join(players))
    server = serve(cli.folder, "big", "--entry")
    seats = [players[4 * t:4 * t + 4] for t in range(15)]
    hearts = (0, 1, 4, 8)  # no tie within a group (seats 1 and 3, 2 and 4), the most hearts unique
    start = threading.Barrier(15)
    answers: Dict[int, httpx.Response] = {}
    again: Dict[int, httpx.Response] = {}
    typed: List = []

    def phone(table: int) -> None:
        data = {**{p: str(h) for p, h in zip(seats[table - 1], hearts)}, "table": str(table), "round": "1",
                "id": f"table-{table}", "code": server.code}
        start.wait(timeout=WAIT)
        answers[table] = http.post(server.url + "round", timeout=60, data=data)
        again[table] = http.post(server.url + "round", timeout=60, data=data)  # a second tap, the same id

    def by_hand() -> None:
        start.wait(timeout=WAIT)
        typed.append(cli("party", "round", "big", "15", *(f"{p}={h}" for p, h in zip(seats[14], hearts))))

    threads = [threading.Thread(target=phone, args=(t,)) for t in range(1, 15)] + [threading.Thread(target=by_hand)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert all(answers[t].status_code == 200 for t in range(1, 15)), [a.text for a in answers.values()]
    assert all(again[t].text == answers[t].text for t in range(1, 15))  # answered as the first
    assert typed[0].exit_code == 0, typed[0].output
    state = json.loads(http.get(server.url + "state.json").text)
    assert sorted((r["round"], r["table"]) for r in state["results"]) == [(1, t) for t in range(1, 16)]
    assert state["round"] == 2 and state["reported"] == []
    assert state == cli.json("party", "show", "big")
    # exactly one answer saw the round complete and printed the next seating
    completed = [a for a in answers.values() if "every table has reported" in a.text]
    assert len(completed) + ("every table has reported" in typed[0].stdout) == 1


# ---------------------------------------------------------------- a real browser


@pytest.fixture
def browser(chromium):
    """The run's one Chromium (tests/conftest.py), in a fresh tab of the test's own."""
    first = chromium.current_window_handle
    chromium.switch_to.new_window("tab")
    yield chromium
    chromium.close()
    chromium.switch_to.window(first)


def wait_until(driver, check, what: str):
    """Wait for `check`, looking again when the page replaced an element between finding it and
    reading it (the board re-renders on every event: under load that is often)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT, poll_frequency=0.05,
                         ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)
                         ).until(lambda d: check(d), message=what)


def board_text(driver) -> str:
    """The board's text (a hidden page left out). Not Selenium's `.text`, which leaves out what an
    ancestor's overflow clips: a new tab under load can be laid out a few pixels high for a moment,
    the page (`overflow: hidden`, the height left under the heading) is then 0 px high, and `.text`
    gave the heading alone (CI's run of stop 39; a 40 px viewport shows the same)."""
    return driver.execute_script("return document.getElementById('board').innerText")


def test_chromium_sees_the_page_change_when_a_hand_is_logged_elsewhere_and_reports_one(cli, serve, browser):
    from selenium.webdriver.common.by import By

    cli.new("odd", "tally", "Ann,<b>Dee</b>,Bob")
    cli.ok("hand", "odd", "Ann=1", "<b>Dee</b>=2", "note=<img src=x onerror=alert(1)>")
    server = serve(cli.folder, "odd", "--entry")
    browser.get(server.url)
    wait_until(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-version") == "1",
               "the event stream connected")
    text = board_text(browser)
    assert "<b>Dee</b>" in text and "note=<img src=x onerror=alert(1)>" in text  # shown as text
    assert browser.find_elements(By.CSS_SELECTOR, "#board b, #board img, #board script, #form b") == []
    browser.execute_script("window.stayed = 42")
    cli.ok("hand", "odd", "Ann=5", "note=from the command line")  # in this process, not the server's
    wait_until(browser, lambda d: "note=from the command line" in board_text(d), "the hand on the page")
    wait_until(browser, lambda d: d.find_element(By.ID, "announce").get_attribute("textContent")
               == "hand 2: Ann +5; Ann leads", "the change said to a screen reader")
    assert browser.execute_script("return window.stayed") == 42  # updated without reloading
    # a phone reports from its page: the code, the game's own fields, the answer, the board updated
    browser.get(server.url + "entry")
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#form input[name=Ann]"), "the form")
    browser.execute_script("window.stayed = 42")
    browser.find_element(By.ID, "code").send_keys(server.code)
    browser.find_element(By.CSS_SELECTOR, "#form input[name=Ann]").send_keys("7")
    browser.find_element(By.CSS_SELECTOR, '#form input[name="<b>Dee</b>"]').send_keys("-2")
    browser.find_element(By.CSS_SELECTOR, "#form button[type=submit]").click()
    wait_until(browser, lambda d: d.find_element(By.ID, "status").text.startswith("hand 3:"), "the answer")
    assert browser.find_element(By.ID, "status").text == "hand 3: Ann +7, <b>Dee</b> -2"
    wait_until(browser, lambda d: d.find_element(By.ID, "heading").text == "odd: hand 4", "the next hand's form")
    # a mistake: the command line's own words, nothing saved
    browser.find_element(By.CSS_SELECTOR, "#form input[name=Ann]").send_keys("many")
    browser.find_element(By.CSS_SELECTOR, "#form button[type=submit]").click()
    wait_until(browser, lambda d: d.find_element(By.ID, "status").text.startswith("error:"), "the error")
    assert browser.find_element(By.ID, "status").text == "error: Ann: must be a whole number, got 'many'"
    assert cli.json("show", "odd")["hands"] == 3
    assert browser.execute_script("return window.stayed") == 42


def test_chromium_on_a_party_board_a_table_reports_its_own_players_and_sees_the_next_seating(cli, serve, browser,
                                                                                            http):
    from selenium.webdriver.common.by import By

    cli.ok("party", "new", "spring", "--game", "progressive-hearts", "--players",
           "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jim,Kay,Len")
    server = serve(cli.folder, "spring", "--entry")
    browser.get(server.url + "table/2")
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#form input[name=Eve]"), "table 2's form")

    def names() -> List[str]:  # read in the page at once: the form may be replaced meanwhile
        return browser.execute_script(
            "return [...document.querySelectorAll('#form input[inputmode]')].map(e => e.name)")

    assert names() == ["Eve", "Fay", "Gus", "Hal", "note"]  # table 2's players only
    browser.find_element(By.ID, "code").send_keys(server.code)
    for player, hearts in (("Eve", "1"), ("Fay", "5"), ("Gus", "6"), ("Hal", "1")):
        browser.find_element(By.CSS_SELECTOR, f"#form input[name={player}]").send_keys(hearts)
    browser.find_element(By.CSS_SELECTOR, "#form button[type=submit]").click()
    wait_until(browser, lambda d: d.find_element(By.ID, "status").text.startswith("round 1 table 2:"), "answer")
    wait_until(browser, lambda d: "table 2 has reported round 1" in d.find_element(By.ID, "form").text,
               "table 2 waits for the round")
    for table, result in (("1", {"Ann": "3", "Bob": "4", "Cid": "2", "Dan": "4", "cut": "Dan"}),
                          ("3", {"Ivy": "0", "Jim": "9", "Kay": "2", "Len": "2"})):  # the other tables' phones
        answer = http.post(server.url + "round", data={**result, "table": table, "code": server.code})
        assert answer.status_code == 200, answer.text
    wait_until(browser, lambda d: names() == ["Ivy", "Fay", "Gus", "Len", "note"], "table 2's new players")
    assert browser.find_element(By.ID, "heading").text == "table 2: round 2"
    browser.get(server.url)  # the television: the new seating, Ann gone down to the booby table
    wait_until(browser, lambda d: "Ann ▼ down from 1" in board_text(d), "the next seating")
    assert "round 2: the new seating" in board_text(browser)


# ---------------------------------------------------------------- what a careless or hostile client does


def raw(port: int, data: bytes, close: bool = False) -> bytes:
    """Sends `data` on a connection of its own and reads what comes back until the board closes it
    (each read bounded by WAIT); with `close`, hangs up at once instead, as a phone going away."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as conn:
        conn.sendall(data)
        if close:
            return b""
        got = b""
        while True:
            chunk = conn.recv(65536)
            if not chunk:
                return got
            got += chunk


def test_slow_clients_are_dropped_a_client_going_away_prints_nothing_and_utf8_is_taken(cli, serve, http):
    cli.new("fri", "tally", "Ann,Bob")
    server = serve(cli.folder, "fri", "--entry")
    head = (f"POST /hand HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n")
    # a body that never comes: 408 within seconds, not held for ever
    answer = raw(server.port, (head + "Content-Length: 100000000\r\n\r\nAnn=1").encode())
    assert answer.startswith(b"HTTP/1.1 408 ") and b"error: the report did not arrive within 4 seconds" in answer
    # headers that never end: the connection is closed
    assert raw(server.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n") == b""
    # a phone that goes away mid-upload: nothing logged, no traceback on the host's terminal
    raw(server.port, (head + f"Content-Length: 500\r\n\r\nAnn=1&code={server.code}").encode(), close=True)
    # `curl -d note=café`: the letters sent as they are, taken as UTF-8
    cafe = http.post(server.url + "hand", content=f"Ann=2&note=café&code={server.code}".encode(),
                     headers={"content-type": "application/x-www-form-urlencoded"})
    assert cafe.status_code == 200, cafe.text
    icon = http.get(server.url + "favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml"
    # Ctrl-C while a television holds the event stream open: the board stops, and quietly
    stream = events(http, server.url)
    next(stream)
    assert server.stop() == 0
    assert server.proc.stderr is not None
    errors = server.proc.stderr.read()
    assert "Traceback" not in errors and "Exception" not in errors, errors
    shown = cli.json("show", "fri")
    assert shown["hands"] == 1 and shown["scores"] == {"Ann": 2, "Bob": 0}
    assert "note: café" in cli.file("fri").read_text(encoding="utf-8")
