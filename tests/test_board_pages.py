"""The board's pages in a real headless Chromium, as the room sees them: the television at
1280x720, 1920x1080 and 3840x2160 for every size of party (8 to 60 players) and a sitting, and
a table's phone page at 360 px. Each page is measured by its element boxes: no two blocks
overlap, nothing lies outside the viewport or is cut off, every player is on some page, the
phone never scrolls sideways and its touch targets are at least 44 px.

One Chromium for the run (tests/conftest.py) and one server for each party: the three
television sizes are looked at by resizing the same tab.
"""

from __future__ import annotations

from typing import Dict, List

import pytest

pytest.importorskip("starlette")

from tests.test_board_live import WAIT, board_text, browser, serve, wait_until  # noqa: E402,F401

pytestmark = pytest.mark.slow

TELEVISIONS = ((1280, 720), (1920, 1080), (3840, 2160))
PHONE = (360, 740)

# What is wrong on the page shown: blocks that overlap, elements outside the viewport or outside
# their page (cut off by it), text wider than its cell.
MEASURE = r"""
const W = window.innerWidth, H = window.innerHeight, wrong = [];
const seen = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
const name = (el) => el.tagName.toLowerCase() + (el.className ? "." + String(el.className).split(" ")[0] : "")
                     + " '" + (el.textContent || "").trim().slice(0, 30) + "'";
const blocks = [...document.querySelectorAll("header.top, #stale, .page:not([hidden]) .block, #pager")].filter(seen);
for (let i = 0; i < blocks.length; i++) for (let j = i + 1; j < blocks.length; j++) {
  const a = blocks[i].getBoundingClientRect(), b = blocks[j].getBoundingClientRect();
  if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
    wrong.push("overlap: " + name(blocks[i]) + " and " + name(blocks[j]));
}
const page = document.querySelector(".page:not([hidden])");
const box = page ? page.getBoundingClientRect() : null;
for (const el of document.querySelectorAll("header.top *, .page:not([hidden]) *, #stale, #pager")) {
  if (!seen(el)) continue;
  const r = el.getBoundingClientRect();
  if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) wrong.push("outside the viewport: " + name(el));
  else if (box && page.contains(el) && (r.right > box.right + 1 || r.bottom > box.bottom + 1))
    wrong.push("cut off by its page: " + name(el));
  if (["TD", "TH", "H1", "H2", "FIGCAPTION", "P"].includes(el.tagName) && el.scrollWidth > el.clientWidth + 1)
    wrong.push("wider than its box: " + name(el));
}
if (document.documentElement.scrollWidth > W || document.documentElement.scrollHeight > H) wrong.push("the page scrolls");
return wrong;
"""


def viewport(driver, width: int, height: int, dark: bool = False) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    driver.execute_script("window.dispatchEvent(new Event('resize'))")


def television_pages(driver) -> List[str]:
    """Every page of the television in turn, measured: the text of each (a failure names what is wrong)."""
    texts = []
    count = driver.execute_script("return window.boardPages.count()")
    for n in range(1, count + 1):
        driver.execute_script("window.boardPages.show(arguments[0])", n)
        wrong = driver.execute_script(MEASURE)
        size = driver.execute_script("return [innerWidth, innerHeight]")
        assert wrong == [], f"page {n} of {count} at {size}: {wrong[:6]}"
        texts.append(driver.execute_script("return document.querySelector('.page:not([hidden])').innerText"))
    return texts


def on_the_television(driver, server) -> None:
    from selenium.webdriver.common.by import By

    driver.get(server.url)
    wait_until(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-version") != "0",
               "the board")


def players(n: int) -> List[str]:
    names = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jim", "Kay", "Len", "Meg", "Ned",
             "Oda", "Pip", "Quin", "Rosalind", "Sam", "Tom", "Uma", "Vic", "Wes", "Xavier", "Yvonne", "Zak"]
    return [names[i % len(names)] + ("" if i < len(names) else str(i // len(names) + 1)) for i in range(n)]


def report_round(cli, name: str, how_many: int) -> None:
    """The first `how_many` tables of the round being played report: Hearts, distinct hearts
    (no ties); Cinch, 23 to 12 for the first pair."""
    state = cli.json("party", "show", name)
    for t, seated in enumerate(state["tables"][:how_many], start=1):
        if state["game"] == "progressive-cinch":
            fields = [f"{seated[0]}=23", f"{seated[1]}=12"]
        else:
            hearts = {3: (0, 4, 9), 4: (0, 1, 4, 8), 5: (0, 1, 2, 3, 7)}[len(seated)]  # all 13, no ties
            fields = [f"{p}={h}" for p, h in zip(seated, hearts)]
        note = ["note=a long note to show: Rosalind shot the moon at this table"] if t == 2 else []
        cli.ok("party", "round", name, str(t), *fields, *note)


@pytest.mark.parametrize("game, size, complete", [("hearts", 8, True), ("hearts", 16, False), ("hearts", 30, True),
                                                  ("cinch", 42, True), ("hearts", 40, True), ("hearts", 60, True)])
def test_every_party_size_is_readable_on_every_television(cli, serve, browser, game, size, complete):
    people = players(size)
    cli.ok("party", "new", "night", "--game", f"progressive-{game}", "--players", ",".join(people))
    tables = len(cli.json("party", "show", "night")["tables"])
    report_round(cli, "night", tables if complete else tables // 2)
    if complete:  # the new seating, with where each player came from, and its first table reported
        report_round(cli, "night", 1)
    on_the_television(browser, serve(cli.folder, "night", "--entry"))
    for width, height in TELEVISIONS:
        viewport(browser, width, height)
        texts = television_pages(browser)
        everything = "\n".join(texts)
        for p in people:
            assert everything.count(p) >= 2, (p, width)  # seated or sitting out, and among the stars
        if width == 1280:
            assert len(texts) <= {8: 3, 16: 3, 30: 4, 42: 6, 40: 5, 60: 7}[size], len(texts)
    viewport(browser, 1920, 1080, dark=True)  # the dark theme is laid out the same, light on black
    television_pages(browser)
    assert browser.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)"


def test_a_sitting_is_readable_on_every_television_still_when_stale_and_without_motion(cli, serve, browser):
    from selenium.webdriver.common.by import By

    cli.new("fri", "cinch", "Ann,Bob,Cid,Dee")
    for hand in (["bidder=Ann", "bid=6", "made=9"], ["bidder=Bob", "bid=8", "made=5"],
                 ["bidder=Cid", "bid=7", "made=10", "note=Dee's pedro saved it; a long note " * 3]):
        cli.ok("hand", "fri", *hand)
    server = serve(cli.folder, "fri", "--entry")
    on_the_television(browser, server)
    for width, height in TELEVISIONS:
        viewport(browser, width, height)
        assert len(television_pages(browser)) == 1
    assert "★ leads" in board_text(browser)  # the leader in words, not by colour alone
    page = "return getComputedStyle(document.querySelector('.page')).animationName"
    assert browser.execute_script(page) == "appear"
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    assert browser.execute_script(page) == "none"  # no motion when reduced motion is asked for
    # the event stream down: a large banner in view says the page is stale, over nothing
    server.stop()
    wait_until(browser, lambda d: d.find_element(By.ID, "stale").is_displayed(), "the stale banner")
    assert "not live" in browser.find_element(By.ID, "stale").text
    assert television_pages(browser)


# ---------------------------------------------------------------- a table's phone

TARGETS = r"""
const wrong = [];
for (const el of document.querySelectorAll("input, select, button, summary, a, label.pick, label.flag")) {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || el.type === "hidden") continue;
  if (r.height < 44 || r.width < 44) wrong.push(el.tagName + " " + (el.name || el.textContent.trim().slice(0, 20)) + " " + r.width + "x" + r.height);
}
return wrong;
"""


def box(driver, selector: str) -> Dict[str, float]:
    return driver.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                 "return {top: r.top, bottom: r.bottom, width: r.width}", selector)


def test_a_tables_phone_page_puts_the_form_first_fits_360_px_and_counts_a_double_tap_once(cli, serve, browser):
    from selenium.webdriver.common.by import By

    cli.ok("party", "new", "spring", "--game", "progressive-hearts", "--players",
           "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jim,Kay,Len")
    cli.ok("party", "round", "spring", "1", "Ann=3", "Bob=4", "Cid=2", "Dan=4", "cut=Dan")
    server = serve(cli.folder, "spring", "--entry")
    viewport(browser, *PHONE)
    browser.get(server.url + "entry")  # no table chosen: it asks which, and reports for none
    wait_until(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#choose a")) == 3, "the tables to choose")
    assert browser.find_element(By.ID, "heading").text == "which table are you at?"
    assert browser.find_elements(By.CSS_SELECTOR, "#form input") == []
    assert browser.execute_script(TARGETS) == []
    browser.find_elements(By.CSS_SELECTOR, "#choose a")[1].click()
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#form input[name=Eve]"), "table 2's form")
    assert browser.current_url == server.url + "table/2"
    assert browser.find_element(By.ID, "heading").text == "table 2: round 1"  # the round it is for
    assert box(browser, "#form")["top"] < box(browser, "#mine")["top"]  # the form first, then the seating
    assert box(browser, "#code")["top"] < 200
    assert "Eve" in browser.find_element(By.ID, "mine").text
    assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]  # no sideways scroll
    assert browser.execute_script(TARGETS) == []
    # a mistake: the command line's words; then whatever is typed clears the message
    browser.find_element(By.ID, "code").send_keys(server.code)
    browser.find_element(By.CSS_SELECTOR, "#form input[name=Eve]").send_keys("many")
    browser.find_element(By.CSS_SELECTOR, "#form button[type=submit]").click()
    wait_until(browser, lambda d: d.find_element(By.ID, "status").text.startswith("error:"), "the error")
    eve = browser.find_element(By.CSS_SELECTOR, "#form input[name=Eve]")
    eve.clear()
    assert browser.find_element(By.ID, "status").text == ""
    eve.send_keys("1")
    for player, hearts in (("Fay", "5"), ("Gus", "6"), ("Hal", "1")):
        browser.find_element(By.CSS_SELECTOR, f"#form input[name={player}]").send_keys(hearts)
    sent = record_reports(browser)
    browser.execute_script("const b = document.querySelector('#form button[type=submit]'); b.click(); b.click();")
    wait_until(browser, lambda d: d.find_element(By.ID, "status").text.startswith("round 1 table 2:"), "answer")
    assert len(browser.execute_script("return window.sentReports")) == len(sent) + 1  # the second tap sent nothing
    state = cli.json("party", "show", "spring")
    assert state["reported"] == [1, 2] and len(state["results"]) == 2
    cookie = next(c for c in browser.get_cookies() if c["name"] == "board-token")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    wait_until(browser, lambda d: "table 2 has reported round 1" in d.find_element(By.ID, "form").text,
               "table 2 waits for the round")


def record_reports(driver) -> List[str]:
    """Every report the page sends from now on, its body kept in window.sentReports."""
    driver.execute_script("""
      window.sentReports = window.sentReports || [];
      if (!window.realFetch) {
        window.realFetch = window.fetch;
        window.fetch = (url, options) => { window.sentReports.push(String(options.body)); return window.realFetch(url, options); };
      }""")
    return driver.execute_script("return window.sentReports")


def test_a_report_whose_answer_is_lost_is_sent_again_with_its_id_and_logged_once(cli, serve, browser):
    """The server saved the hand and the answer never came (a kill, a dropped connection): the
    page sends it again with the same id, and the board answers as the first time."""
    from selenium.webdriver.common.by import By

    cli.new("fri", "tally", "Ann,Bob")
    server = serve(cli.folder, "fri", "--entry")
    viewport(browser, *PHONE)
    browser.get(server.url + "entry")
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#form input[name=Ann]"), "the form")
    assert browser.find_element(By.ID, "heading").text == "fri: hand 1"
    browser.execute_script("""
      window.sentReports = [];
      const real = window.fetch;
      window.fetch = async (url, options) => {
        window.sentReports.push(String(options.body));
        const answer = await real(url, options);
        if (window.sentReports.length === 1) throw new TypeError("the connection dropped");  // saved, unanswered
        return answer;
      };""")
    browser.find_element(By.ID, "code").send_keys(server.code)
    browser.find_element(By.CSS_SELECTOR, "#form input[name=Ann]").send_keys("12")
    browser.find_element(By.CSS_SELECTOR, "#form button[type=submit]").click()
    wait_until(browser, lambda d: d.find_element(By.ID, "status").text == "hand 1: Ann +12", "the answer")
    first, second = browser.execute_script("return window.sentReports")
    ids = [[v for k, v in (p.split("=", 1) for p in body.split("&")) if k == "id"] for body in (first, second)]
    assert ids[0] == ids[1] and len(ids[0]) == 1 and first == second
    shown = cli.json("show", "fri")
    assert shown["hands"] == 1 and shown["scores"] == {"Ann": 12, "Bob": 0}


def test_with_confirm_one_phone_reports_another_confirms_and_the_television_shows_it_waiting(cli, serve, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    cli.ok("party", "new", "spring", "--game", "progressive-hearts", "--players",
           "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jim,Kay,Len")
    server = serve(cli.folder, "spring", "--entry", "--confirm")
    viewport(browser, *PHONE)
    browser.get(server.url + "table/2")
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#form select[name=by]"), "who reports")
    browser.find_element(By.ID, "code").send_keys(server.code)
    Select(browser.find_element(By.CSS_SELECTOR, "#form select[name=by]")).select_by_value("Eve")
    for player, hearts in (("Eve", "1"), ("Fay", "5"), ("Gus", "6"), ("Hal", "1")):
        browser.find_element(By.CSS_SELECTOR, f"#form input[name={player}]").send_keys(hearts)
    browser.find_element(By.CSS_SELECTOR, "#form button[type=submit]").click()
    wait_until(browser, lambda d: d.find_element(By.ID, "status").text.startswith(
        "awaiting confirmation by Fay or Gus or Hal: round 1 table 2:"), "awaiting")
    assert cli.json("party", "show", "spring")["reported"] == []  # not yet counted
    # Fay's phone (the cookie lets it in): the confirmation
    browser.get(server.url + "table/2")
    wait_until(browser, lambda d: "awaiting confirmation" in d.find_element(By.ID, "form").text, "the confirmation")
    Select(browser.find_element(By.CSS_SELECTOR, "#form select[name=by]")).select_by_value("Fay")
    browser.find_element(By.CSS_SELECTOR, "#form button[type=submit]").click()
    wait_until(browser, lambda d: d.find_element(By.ID, "status").text.startswith("confirmed by Fay: round 1 table 2:"),
               "confirmed")
    assert cli.json("party", "show", "spring")["reported"] == [2]
