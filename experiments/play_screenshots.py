"""The README's pictures of play: the terminal board and the browser page, mid-game.

    python experiments/play_screenshots.py --out docs/images

1. ``britishway play palestine --as irgun --vs heuristic --seed 3`` is run in
   a pseudo-terminal (pexpect), a few choices are typed, and the last
   screenful is drawn as a terminal picture (``play_terminal.png``).
2. ``britishway serve`` runs in this process; Debian's Chromium (driven by
   Playwright) starts the same game, clicks a few choices and takes a
   screenshot (``play_browser.png``).

Needs the dev extras (pexpect, playwright) and the ``chromium`` package.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROMPT = r"(British|Irgun), choice> "
SEAT, SEED, MOVES = "irgun", 3, 6


def terminal_text(moves: int = MOVES) -> str:
    """The last screenful of a terminal game after at least ``moves`` choices,
    taken when the bot has just replied (its moves, dice and reasons, then the board)."""
    import pexpect

    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="140", TERM="dumb")
    with tempfile.TemporaryDirectory() as tmp:
        term = pexpect.spawn(sys.executable, ["-m", "britishway_env.cli", "play", "palestine", "--as", SEAT,
                                              "--vs", "heuristic", "--seed", str(SEED)],
                             cwd=tmp, env=env, encoding="utf-8", timeout=600, dimensions=(60, 140))
        term.expect(PROMPT)
        screen = ""
        for k in range(400):
            if k >= moves and "(bot)" in screen:
                break
            term.sendline("2" if k == 0 else "1")
            term.expect(PROMPT)
            screen = term.before + term.after
        term.sendline("q")
        term.expect(pexpect.EOF)
    return screen.replace("\r\n", "\n").split("\n", 1)[1]      # from the line after the typed answer


def draw_terminal(text: str, path: Path) -> None:
    """``text`` drawn as a dark terminal window (monospace), written atomically."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from britishway_env.io import atomic_path

    import textwrap

    lines = []
    for ln in text.rstrip().splitlines():
        indent = " " * (len(ln) - len(ln.lstrip()) + 4)
        lines += textwrap.wrap(ln.rstrip(), 128, subsequent_indent=indent, drop_whitespace=False) or [""]
    width_in, line_h = 13.5, 0.185
    fig = Figure(figsize=(width_in, 0.35 + line_h * len(lines)), dpi=100, facecolor="#1e1e1e")
    y = 1 - 0.15 / (0.35 + line_h * len(lines))
    for ln in lines:
        colour = "#9ccc65" if re.match(r"^(British|Irgun), choice>", ln) else (
            "#64b5f6" if "(bot)" in ln or ln.strip().startswith("why:") else "#e0e0e0")
        fig.text(0.01, y, ln, fontsize=9.5, family="monospace", color=colour, va="top")
        y -= line_h / (0.35 + line_h * len(lines))
    with atomic_path(path) as tmp:
        fig.savefig(tmp, format="png", facecolor=fig.get_facecolor())


def browser_screenshot(path: Path, moves: int = MOVES) -> None:
    import uvicorn
    from playwright.sync_api import sync_playwright

    from britishway_env.io import atomic_path
    from britishway_env.web.server import create_app

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("no chromium here: install Debian's chromium package")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(port=port), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1500, "height": 1000})
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_selector("#volume option", state="attached")
            page.select_option("#volume", "palestine")
            page.select_option("#seat", SEAT)
            page.select_option("#bot", "heuristic")
            page.fill("#seed", str(SEED))
            page.click("#new")
            page.wait_for_selector("#choices button")
            for k in range(400):                # the same choices as the terminal picture's
                if k >= moves and page.locator("#log li.bot").count():
                    break
                before = page.get_attribute("#status", "data-decisions")
                page.locator("#choices button.choice").nth(1 if k == 0 else 0).click()
                page.wait_for_function(f"document.getElementById('status').dataset.decisions !== '{before}'")
            page.wait_for_function("document.getElementById('map').complete")
            with atomic_path(path) as tmp:
                page.screenshot(path=str(tmp), type="png")
            browser.close()
    finally:
        server.should_exit = True
        thread.join(30)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "images", help="folder for the two PNG files")
    ap.add_argument("--moves", type=int, default=MOVES, help="choices made before the pictures are taken")
    args = ap.parse_args(argv)
    if args.moves < 0:
        ap.error("--moves must be 0 or more")
    args.out.mkdir(parents=True, exist_ok=True)
    draw_terminal(terminal_text(args.moves), args.out / "play_terminal.png")
    browser_screenshot(args.out / "play_browser.png", args.moves)
    print(f"wrote {args.out / 'play_terminal.png'} and {args.out / 'play_browser.png'}")


if __name__ == "__main__":
    main()
