"""The HTML report looks right in a real browser: headless Chromium renders it, the
screenshot is not blank and the page's text holds the standings. CI installs Chromium
and chromium-driver (.ci/run); the tests are skipped only where they cannot be found. The run's
one Chromium (tests/conftest.py, shared with the board's tests) serves every test, a fresh tab
each: a start costs more CPU than the pages it renders."""

from __future__ import annotations

import base64
import re
import shutil
import struct
import zlib
from pathlib import Path
from typing import Iterator, Optional

import pytest

from tests.conftest import SESSIONS, Cli


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


class Tab:
    """A tab of the run's one Chromium (tests/conftest.py), driven by selenium and, for what
    WebDriver does not say, the DevTools protocol: a phone's screen emulated as a phone's
    browser shows it (its width, the page's viewport honoured), a screenshot, the page printed
    as --print-to-pdf prints it."""

    def __init__(self, driver):
        self.driver = driver

    def open(self, url: str, width: Optional[int] = None, height: int = 0, mobile: bool = False) -> None:
        """Load URL (WebDriver waits for its load event), on a screen of WIDTH x HEIGHT if given."""
        if width is not None:
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        self.driver.get(url)

    def evaluate(self, expression: str):
        return self.driver.execute_script("return " + expression)

    def screenshot(self) -> bytes:
        # optimizeForSpeed: Chromium filters every row with Up, which png_pixels undoes quickly
        return base64.b64decode(self.driver.execute_cdp_cmd(
            "Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})["data"])

    def print_pdf(self) -> bytes:
        """The page printed as --print-to-pdf --no-pdf-header-footer prints it (Letter, its
        default margins, no header or footer)."""
        return base64.b64decode(self.driver.execute_cdp_cmd(
            "Page.printToPDF", {"displayHeaderFooter": False})["data"])


@pytest.fixture
def tab(chromium) -> Iterator[Tab]:
    """A fresh tab (no emulation, no history) of the run's Chromium, closed after the test."""
    first = chromium.current_window_handle
    chromium.switch_to.new_window("tab")
    try:
        yield Tab(chromium)
    finally:
        chromium.close()
        chromium.switch_to.window(first)


@pytest.mark.slow  # a real browser
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


@pytest.mark.slow  # a real browser
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


@pytest.mark.slow  # three pages and the season at two widths, in the run's browser
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
