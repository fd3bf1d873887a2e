"""`party cards` printed as a host prints them (issue 29 point 3): the page rendered by a real
headless Chromium to PDF (`--print-to-pdf`) on A4 and on Letter, the pages turned into images
by pdftoppm, then: the page count, nothing within the margins (a card cut by a page edge runs
into the bottom margin), every card whole on its page (the text of each page, pdftotext), and
each table card's QR code decoding (pyzbar, with libzbar0) to that table's phone page on the
board. Skipped only where Chromium, poppler-utils or libzbar0 cannot be found (.ci/run
installs them)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from .conftest import BROWSERS

URL = "http://192.168.1.20:8000"
DPI = 100
MM = DPI / 25.4
MARGIN_MM = 12  # render/cards.py: @page { margin: 12mm }
PAPERS = {"A4": "A4", "Letter": "letter"}
FOURTEEN = "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jim,Kay,Len,Meg,Ned"


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"no {name} (.ci/run installs it)")
    return found


@pytest.fixture(scope="module")
def qr_decode():
    pyzbar = pytest.importorskip("pyzbar.pyzbar", reason="pyzbar with libzbar0 reads the QR codes")
    return pyzbar.decode


def read_pgm(path: Path) -> Tuple[int, int, bytes]:
    """A binary greyscale PGM (pdftoppm -gray): width, height, one byte a pixel."""
    data = path.read_bytes()
    fields = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    assert fields is not None, path
    width, height = int(fields.group(1)), int(fields.group(2))
    return width, height, data[fields.end():fields.end() + width * height]


def inked(pixels: bytes, width: int, x0: int, y0: int, x1: int, y1: int) -> bool:
    return any(min(pixels[y * width + x0:y * width + x1]) < 200 for y in range(y0, y1))


def print_pages(html: Path, paper: str, folder: Path) -> List[Path]:
    """Chromium prints the page on `paper` (the page's own @page rule given that size); pdftoppm
    makes a greyscale image of each page."""
    page = html.read_text().replace("@page { margin: 12mm; }", f"@page {{ size: {PAPERS[paper]}; margin: 12mm; }}")
    assert page != html.read_text()
    sized = folder / f"cards-{paper}.html"
    sized.write_text(page)
    pdf = folder / f"cards-{paper}.pdf"
    chromium = next((found for found in map(shutil.which, BROWSERS) if found), None)
    if chromium is None:
        pytest.skip("no Chromium (.ci/run installs it)")
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--no-pdf-header-footer", "--disable-extensions", "--no-first-run",
                    f"--user-data-dir={folder / 'profile'}", f"--print-to-pdf={pdf}", sized.as_uri()],
                   check=True, capture_output=True, timeout=60)
    subprocess.run([tool("pdftoppm"), "-r", str(DPI), "-gray", str(pdf), str(folder / f"page-{paper}")],
                   check=True, timeout=60)
    return sorted(folder.glob(f"page-{paper}-*.pgm"))


def page_texts(pdf: Path, pages: int) -> List[str]:
    return [subprocess.run([tool("pdftotext"), "-f", str(n), "-l", str(n), "-layout", str(pdf), "-"],
                           check=True, capture_output=True, text=True, timeout=30).stdout
            for n in range(1, pages + 1)]


@pytest.mark.slow
@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_cards_print_whole_on_a4_and_letter_and_each_qr_code_reads_its_table(cli, tmp_path, paper, qr_decode):
    tool("pdftoppm")
    cli.ok("party", "new", "evening", "--game", "progressive-hearts", "--players", FOURTEEN)
    html = tmp_path / "cards.html"
    assert cli.ok("party", "cards", "evening", "--html", str(html), "--url", URL).stdout == f"wrote {html}\n"
    images = print_pages(html, paper, tmp_path)
    # round 1's seating; four table cards (4, 4, 3, 3) on one page; fourteen score cards, six a page
    assert len(images) == 1 + 1 + 3
    found: Dict[str, int] = {}
    for number, image in enumerate(images, start=1):
        width, height, pixels = read_pgm(image)
        edge = int((MARGIN_MM - 1) * MM)
        bottom = int((MARGIN_MM + 1) * MM)  # a card cut by the page break runs down to the margin
        assert not inked(pixels, width, 0, 0, width, edge), f"page {number}: ink in the top margin"
        assert not inked(pixels, width, 0, height - bottom, width, height), f"page {number}: cut at the foot"
        assert not inked(pixels, width, 0, 0, edge, height), f"page {number}: ink in the left margin"
        assert not inked(pixels, width, width - edge, 0, width, height), f"page {number}: ink in the right margin"
        for code in qr_decode((pixels, width, height)):
            found[code.data.decode()] = number
    assert found == {f"{URL}/table/{n}": 2 for n in range(1, 5)}
    texts = page_texts(tmp_path / f"cards-{paper}.pdf", len(images))
    for n in range(1, 5):  # each table card whole on the page of its QR code
        assert f"Table {n}" in texts[1] and f"evening: table {n} of 4" in texts[1]
    for i, player in enumerate(FOURTEEN.split(",")):  # each score card whole on one page
        page = texts[2 + i // 6]
        assert re.search(rf"(^|\s){player}(\s|$)", page, re.M) and f"{player}'s stars: gold" in page
        assert sum(f"{player}'s stars" in t for t in texts) == 1
