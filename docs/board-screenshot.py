"""Takes the screenshots in docs/board.md with headless Chromium (selenium, Debian's chromium-driver):
the television of a party of 16 and of 40 players, a sitting's, and a table's page on a phone.

    python docs/board-screenshot.py   # writes docs/board-party-16.png, board-party-40.png, board-sitting.png,
                                      # board-phone.png
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
NAMES = ("Ann Bob Cid Dan Eve Fay Gus Hal Ivy Jim Kay Len Meg Ned Oda Pip Quin Rosa Sam Tom Uma Vic Wes Xia "
         "Yves Zak Abe Bea Cy Dee Eli Flo Gil Hope Ike Joy Kit Lou Max Nan").split()
HEARTS = (0, 1, 4, 8)  # each table's hearts, seat by seat: no ties


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


def shoot(driver, url: str, size: tuple, out: Path, code: str = "") -> None:
    from selenium.webdriver.common.by import By

    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600})
    driver.get(url)
    deadline = time.monotonic() + 10
    while driver.find_element(By.TAG_NAME, "body").get_attribute("data-version") == "0":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    if code:
        driver.find_element(By.ID, "code").send_keys(code)
    time.sleep(0.6)  # the page's fade
    driver.save_screenshot(str(out))
    print(f"wrote {out.relative_to(ROOT)}")


def party(work: Path, name: str, size: int) -> None:
    """A party of `size` players: round 1 complete, round 2 begun (its head table has reported)."""
    players = NAMES[:size]
    scorekeeper(work, "party", "new", name, "--game", "progressive-hearts", "--players", ",".join(players))
    for table in range(size // 4):
        seated = players[4 * table:4 * table + 4]
        note = ["note=Hope shot the moon"] if table == 2 else []
        scorekeeper(work, "party", "round", name, str(table + 1), *(f"{p}={h}" for p, h in zip(seated, HEARTS)), *note)
    head = scorekeeper(work, "party", "show", name, "--json").stdout
    import json

    seated = json.loads(head)["tables"][0]
    scorekeeper(work, "party", "round", name, "1", *(f"{p}={h}" for p, h in zip(seated, HEARTS)))


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="sk-shots-"))
    procs = []
    driver = browser()
    try:
        party(work, "spring", 16)
        party(work, "club", 40)
        scorekeeper(work, "new", "friday", "--game", "cinch", "--players", "Ann,Bob,Cid,Dee")
        for hand in (["bidder=Ann", "bid=6", "made=9"], ["bidder=Bob", "bid=8", "made=5"],
                     ["bidder=Cid", "bid=7", "made=10"], ["bidder=Dee", "bid=9", "made=11",
                                                          "note=Dee's pedro saved it"]):
            scorekeeper(work, "hand", "friday", *hand)
        spring, url, code = board(work, "spring")
        procs.append(spring)
        shoot(driver, url, (1280, 720), ROOT / "docs" / "board-party-16.png")
        shoot(driver, url + "table/2", (390, 760), ROOT / "docs" / "board-phone.png", code=code)
        club, url, _ = board(work, "club")
        procs.append(club)
        shoot(driver, url, (1280, 720), ROOT / "docs" / "board-party-40.png")
        sitting, url, _ = board(work, "friday")
        procs.append(sitting)
        shoot(driver, url, (1280, 720), ROOT / "docs" / "board-sitting.png")
    finally:
        driver.quit()
        for proc in procs:
            proc.send_signal(signal.SIGINT)
            proc.wait(10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
