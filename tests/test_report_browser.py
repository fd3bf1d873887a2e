"""The HTML report looks right in a real browser: headless Chromium renders it, the
screenshot is not blank and the page's text holds the standings. CI installs Chromium
(.ci/run); the test is skipped only where no Chromium can be found at all."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from tests.conftest import SESSIONS, Cli

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no Chromium found (apt-get install chromium; .ci/run installs it)")


def headless(exe: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--no-first-run", "--disable-extensions", *args],
                          capture_output=True, timeout=60)


def png_pixels(data: bytes) -> tuple:
    """Width, height and the rows of an 8-bit RGB(A) PNG, unfiltered (no imaging library)."""
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
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows, bpp


@pytest.mark.slow  # a browser start: a few seconds
def test_report_renders_in_headless_chromium_with_the_standings(tmp_path):
    exe = browser()
    folder = tmp_path / "sessions"
    shutil.copytree(SESSIONS, folder)
    page = tmp_path / "report.html"
    Cli(folder).ok("report", "tally-friday", "--html", str(page))
    shot = tmp_path / "shot.png"
    # one browser start takes the screenshot and prints the page as rendered; a small window
    # keeps it quick (the standings and the chart are at the top)
    run = headless(exe, "--window-size=800,700", f"--screenshot={shot}", "--dump-dom", page.as_uri())
    assert shot.exists(), run.stderr.decode(errors="replace")[-2000:]
    width, height, rows, bpp = png_pixels(shot.read_bytes())
    colours = {row[i:i + 3] for row in rows[::4] for i in range(0, len(row), bpp * 4)}
    assert (width, height) == (800, 700)
    assert len(colours) > 20, "the screenshot is blank"
    dom = run.stdout.decode("utf-8")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"<(style|svg)\b.*?</\1>", " ", dom, flags=re.S)))
    shown = Cli(folder).json("show", "tally-friday")  # the standings, as show computes them
    heading = "Standings player score " + " ".join(shown["columns"]) + " games"
    assert heading in text, text[:600]
    for p in shown["players"]:
        columns = " ".join(str(column[p]) for column in shown["columns"].values())
        standing = f"{p} {shown['scores'][p]} {columns} {shown['games_won'][p]}"
        assert standing in text, (standing, text[:600])
    assert "Ann pays Bob 2.25 USD" in text
