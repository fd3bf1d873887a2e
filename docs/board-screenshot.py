"""Takes the screenshots in docs/board.md with headless Chromium (selenium, Debian's chromium-driver):
a party's board on a television, a sitting's board, and a table's form on a phone.

    python docs/board-screenshot.py        # writes docs/board-party.png, board-sitting.png, board-phone.png
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jim,Kay,Len"
ROUNDS = [("1", "Ann=3 Bob=4 Cid=2 Dan=4 cut=Dan"), ("2", "Eve=1 Fay=5 Gus=6 Hal=1"),
          ("3", "Ivy=0 Jim=9 Kay=2 Len=2"), ("1", "Eve=2 Hal=2 Cid=5 Dan=4")]  # docs/party.md


def scorekeeper(folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--dir", str(folder), *args], check=True,
                          capture_output=True, text=True, env=env)


def board(folder: Path, name: str) -> tuple:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "--dir", str(folder), "board", name,
                             "--port", "0", "--entry"], stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    proc.stdout.readline()
    code = proc.stdout.readline().split()[1]
    return proc, url, code


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"), options=options)


def shoot(driver, url: str, size: tuple, out: Path, code: str = "", table: str = "") -> None:
    from selenium.webdriver.common.by import By

    driver.set_window_size(*size)
    driver.get(url + (f"#table={table}" if table else ""))
    deadline = time.monotonic() + 10
    while driver.find_element(By.TAG_NAME, "body").get_attribute("data-version") == "0":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    if code:
        driver.find_element(By.ID, "code").send_keys(code)
        driver.execute_script("document.getElementById('entry').scrollIntoView()")
    time.sleep(0.3)
    driver.save_screenshot(str(out))
    print(f"wrote {out.relative_to(ROOT)}")


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="sk-shots-"))
    procs = []
    driver = browser()
    try:
        scorekeeper(work, "party", "new", "spring", "--game", "progressive-hearts", "--players", PLAYERS)
        for table, fields in ROUNDS:
            scorekeeper(work, "party", "round", "spring", table, *fields.split())
        scorekeeper(work, "new", "friday", "--game", "cinch", "--players", "Ann,Bob,Cid,Dee")
        for hand in (["bidder=Ann", "bid=6", "made=9"], ["bidder=Bob", "bid=8", "made=5"],
                     ["bidder=Cid", "bid=7", "made=10"], ["bidder=Dee", "bid=9", "made=11",
                                                          "note=Dee's pedro saved it"]):
            scorekeeper(work, "hand", "friday", *hand)
        party, url, code = board(work, "spring")
        procs.append(party)
        shoot(driver, url, (1600, 900), ROOT / "docs" / "board-party.png")
        shoot(driver, url, (390, 760), ROOT / "docs" / "board-phone.png", code=code, table="2")
        sitting, url, _ = board(work, "friday")
        procs.append(sitting)
        shoot(driver, url, (1280, 860), ROOT / "docs" / "board-sitting.png")
    finally:
        driver.quit()
        for proc in procs:
            proc.send_signal(signal.SIGINT)
            proc.wait(10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
