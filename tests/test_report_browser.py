"""The HTML report looks right in a real browser: headless Chromium renders it, the
screenshot is not blank and the page's text holds the standings. CI installs Chromium
(.ci/run); the test is skipped only where no Chromium can be found at all. One Chromium, driven
over its DevTools pipe, serves every test of the module (a fresh tab each): a start costs more
CPU than the pages it renders."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path
from typing import Iterator, Optional

import pytest

from tests.conftest import SESSIONS, Cli

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no Chromium found (apt-get install chromium; .ci/run installs it)")


def add_bytes(line: bytes, prev: bytes) -> bytes:
    """Each byte of LINE plus the byte above it, modulo 256 (PNG's Up filter), as big-integer
    arithmetic: the low seven bits of each byte summed without carrying out of it, the top bit
    their exclusive or."""
    n = len(line)
    low, top = int.from_bytes(b"\x7f" * n, "big"), int.from_bytes(b"\x80" * n, "big")
    a, b = int.from_bytes(line, "big"), int.from_bytes(prev, "big")
    return (((a & low) + (b & low)) ^ ((a ^ b) & top)).to_bytes(n, "big")


def png_pixels(data: bytes) -> tuple:
    """Width, height and the rows of an 8-bit RGB(A) PNG, unfiltered (no imaging library). The
    filters None and Up (all Chromium writes when asked to be quick) are undone a row at a
    time; Sub, Average and Paeth a byte at a time."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        assert f <= 4, f"PNG filter {f}"
        if f == 2:
            line = bytearray(add_bytes(bytes(line), bytes(prev)))
        for i in range(stride if f in (1, 3, 4) else 0):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows, bpp


class DevTools:
    """Chromium driven over its DevTools pipe (--remote-debugging-pipe: commands in on fd 3,
    answers out on fd 4, each a JSON message ended by a NUL): a phone's screen emulated as a
    phone's browser shows it (its width, the page's viewport honoured), a page printed as
    --print-to-pdf prints it, without a WebDriver. One browser; each test its own tab."""

    def __init__(self, exe: str):
        import fcntl
        import os

        to_chrome, self._write = os.pipe()
        self._read, from_chrome = os.pipe()

        def wire() -> None:  # in the child: its fd 3 reads our commands, its fd 4 answers
            high_in, high_out = (fcntl.fcntl(to_chrome, fcntl.F_DUPFD, 20),
                                 fcntl.fcntl(from_chrome, fcntl.F_DUPFD, 20))
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)

        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
             "--disable-extensions", "--disable-background-networking", "--remote-debugging-pipe",
             "about:blank"], pass_fds=(3, 4), preexec_fn=wire,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome)
        os.close(from_chrome)
        self._buffer, self._next, self.events = b"", 0, []
        self.target, self.session = "", ""

    def new_tab(self) -> None:
        """A fresh tab (no emulation, no history) for the next test."""
        self.target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=self.target, flatten=True)["sessionId"]
        self.send("Page.enable", session=self.session)

    def close_tab(self) -> None:
        self.send("Target.closeTarget", targetId=self.target)

    def send(self, method: str, session: str = "", **params) -> dict:
        import json
        import os

        self._next += 1
        message = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._message()
            if answer.get("id") == self._next:
                assert "error" not in answer, answer
                return answer.get("result", {})
            self.events.append(answer)

    def _message(self, timeout: float = 30) -> dict:
        import json
        import os
        import select

        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._read], [], [], timeout)
            assert ready, "Chromium did not answer"
            chunk = os.read(self._read, 1 << 20)
            assert chunk, "Chromium went away"
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def open(self, url: str, width: Optional[int] = None, height: int = 0, mobile: bool = False) -> None:
        """Load URL and wait for its load event, on a screen of WIDTH x HEIGHT if given."""
        if width is not None:
            self.send("Emulation.setDeviceMetricsOverride", session=self.session, width=width,
                      height=height, deviceScaleFactor=1, mobile=mobile)
        self.events.clear()
        self.send("Page.navigate", session=self.session, url=url)
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            self.events.append(self._message())

    def evaluate(self, expression: str):
        return self.send("Runtime.evaluate", session=self.session, expression=expression,
                         returnByValue=True)["result"]["value"]

    def screenshot(self) -> bytes:
        import base64

        # optimizeForSpeed: Chromium filters every row with Up, which png_pixels undoes quickly
        return base64.b64decode(self.send("Page.captureScreenshot", session=self.session,
                                          format="png", optimizeForSpeed=True)["data"])

    def print_pdf(self) -> bytes:
        """The page printed as --print-to-pdf --no-pdf-header-footer prints it (Letter, its
        default margins, no header or footer)."""
        import base64

        return base64.b64decode(self.send("Page.printToPDF", session=self.session,
                                          displayHeaderFooter=False)["data"])

    def close(self) -> None:
        import os

        try:
            self.send("Browser.close")
        except (AssertionError, OSError):
            pass
        self.proc.wait(timeout=30)
        os.close(self._write)
        os.close(self._read)




@pytest.fixture(scope="module")
def chromium() -> Iterator[DevTools]:
    """One headless Chromium for the module, closed at its end whatever happens."""
    tools = DevTools(browser())
    try:
        yield tools
    finally:
        tools.close()


@pytest.fixture
def tab(chromium: DevTools) -> Iterator[DevTools]:
    """The browser with a fresh tab of the test's own."""
    chromium.new_tab()
    yield chromium
    chromium.close_tab()


@pytest.mark.slow  # the module's browser start: a few seconds
def test_report_renders_in_headless_chromium_with_the_standings(tab, tmp_path):
    folder = tmp_path / "sessions"
    shutil.copytree(SESSIONS, folder)
    page = tmp_path / "report.html"
    Cli(folder).ok("report", "tally-friday", "--html", str(page))
    # a small window keeps it quick (the standings and the chart are at the top)
    tab.open(page.as_uri(), 800, 700, False)
    width, height, rows, bpp = png_pixels(tab.screenshot())
    colours = {row[i:i + 3] for row in rows[::4] for i in range(0, len(row), bpp * 4)}
    assert (width, height) == (800, 700)
    assert len(colours) > 20, "the screenshot is blank"
    dom = tab.evaluate("document.documentElement.outerHTML")  # the page as rendered (--dump-dom)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"<(style|svg)\b.*?</\1>", " ", dom, flags=re.S)))
    shown = Cli(folder).json("show", "tally-friday")  # the standings, as show computes them
    heading = "Standings player score " + " ".join(shown["columns"]) + " games"
    assert heading in text, text[:600]
    for p in shown["players"]:
        columns = " ".join(str(column[p]) for column in shown["columns"].values())
        standing = f"{p} {shown['scores'][p]} {columns} {shown['games_won'][p]}"
        assert standing in text, (standing, text[:600])
    assert "Ann pays Bob 2.25 USD" in text


# ---------------------------------------------------------------- phones and paper (issue 21 point 10)

TUESDAY = ["bidder=Ann bid=7 trump=S made=9", "bidder=Bob bid=8 trump=H made=6",
           "bidder=Cid bid=6 trump=C made=10", "bidder=Dee bid=9 trump=D made=11",
           "bid=0 trump=H made=7", "bidder=Bob bid=10 trump=S made=12", "bidder=Cid bid=7 trump=D made=5",
           "bidder=Dee bid=8 trump=C made=9", "bidder=Ann bid=11 trump=H made=14",
           "bidder=Bob bid=6 trump=S made=8", "bidder=Ann bid=7 trump=C made=9",
           "bidder=Dee bid=9 trump=H made=10", "bidder=Cid bid=8 trump=S made=4",
           "bidder=Bob bid=7 trump=D made=9", "bidder=Ann bid=10 trump=C made=11",
           "bidder=Dee bid=6 trump=H made=8", "bidder=Cid bid=9 trump=S made=12",
           "bidder=Ann bid=8 trump=D made=7", "bidder=Bob bid=9 trump=H made=10",
           "bidder=Dee bid=7 trump=C made=9", "bidder=Ann bid=6 trump=S made=8",
           "bidder=Cid bid=10 trump=H made=13", "bidder=Bob bid=8 trump=D made=9",
           "bidder=Dee bid=11 trump=S made=12"]


def cinch_night(cli: Cli) -> None:
    """A Cinch evening of four: 24 deals, a game won, notes on two of them, one corrected."""
    cli.new("tuesday", "cinch", "Ann,Bob,Cid,Dee", stake="0.25")
    for i, deal in enumerate(TUESDAY):
        cli.ok("hand", "tuesday", *deal.split(), *(["note=Cid's best deal"] if i == 2 else []))
    cli.ok("edit", "tuesday", "16", "note=a long evening, and a longer note that wraps in its cell")


def pdf_pages(pdf: Path) -> int:
    """The pages of a PDF Chromium printed: its page objects (not the /Pages tree nodes)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf.read_bytes()))


@pytest.mark.slow  # the module's browser
def test_a_cinch_night_of_24_deals_prints_on_two_pages(tab, cli, tmp_path):
    # Without the print style the same night printed on 3 pages (Chromium 156, Letter).
    cinch_night(cli)
    html = tmp_path / "tuesday.html"
    cli.ok("report", "tuesday", "--html", str(html))
    tab.open(html.as_uri())
    pdf = tmp_path / "tuesday.pdf"
    pdf.write_bytes(tab.print_pdf())
    assert 1 <= pdf_pages(pdf) <= 2


PHONE, DESK = (390, 844, True), (1280, 900, False)


@pytest.mark.slow  # three pages and the season at two widths, in the module's browser
def test_every_page_fits_a_phone_and_a_desk_without_scrolling_sideways(tab, cli, tmp_path):
    cinch_night(cli)
    shutil.copy(SESSIONS / "cribbage-evening.yaml", cli.folder)
    shutil.copy(SESSIONS / "party-cinch.yaml", cli.folder)
    pages = {}
    for name in ("tuesday", "cribbage-evening", "party-cinch"):
        pages[name] = tmp_path / f"{name}.html"
        cli.ok("report", name, "--html", str(pages[name]))
    pages["season"] = tmp_path / "season.html"
    cli.ok("report", "--season", "--html", str(pages["season"]))
    # the same page without its viewport: a phone lays it out 980 pixels wide, to be zoomed
    bare = tmp_path / "bare.html"
    bare.write_text(pages["tuesday"].read_text(encoding="utf-8").replace(
        '<meta name="viewport" content="width=device-width, initial-scale=1">', ""), encoding="utf-8")
    tab.open(bare.as_uri(), *PHONE)
    assert tab.evaluate("document.documentElement.scrollWidth") == 980
    for name, html in pages.items():
        for width, height, mobile in (PHONE, DESK):
            tab.open(html.as_uri(), width, height, mobile)
            assert tab.evaluate("document.documentElement.scrollWidth") == width, (name, width)
            # the chart that fits: the narrow one on a phone, the wide one on a desk
            shown = tab.evaluate("[...document.querySelectorAll('svg')].filter("
                                 "s => s.getBoundingClientRect().width > 0).map(s => s.getAttribute('width'))")
            assert shown == ([] if name.startswith("party") else ["360"] if mobile else ["720"]), \
                (name, width, shown)
            shot = tmp_path / f"{name}-{width}.png"
            shot.write_bytes(tab.screenshot())
            w, _, rows, bpp = png_pixels(shot.read_bytes())
            assert w == width
            assert len({row[i:i + 3] for row in rows[::4] for i in range(0, len(row), bpp * 4)}) > 20, name
