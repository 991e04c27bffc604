"""`britishway serve` in a real browser: Debian's headless Chromium, driven
by Playwright, plays a whole game by clicking the choice buttons.

After every move the map picture (its pixels) and the log must change; undo,
save (a download), load (an upload) and a request for an action that was
not offered are tried on the way; a screenshot of the page is saved (into
the folder named by BRITISHWAY_SCREENSHOTS when set, for the README).
Shorter tests click a space on the map, read the card panel, shrink the
window to 820 px, load a save (the header follows it) and a refused one
(the picker is cleared), and watch a volume's first game wait for its
compile.

Runs where Chromium is installed (`.ci/run` installs Debian's `chromium`
first, so CI always runs it); skipped elsewhere.
"""

import json
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser"),
                             os.environ.get("BRITISHWAY_CHROMIUM")) if p), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here (Debian package chromium)")

from britishway_env import Game  # noqa: E402
from britishway_env.web import server as S  # noqa: E402

WAIT_MS = 600_000        # a hang guard (the first run may compile the rules and bots), not a timing check
MAP_SUM = """() => {
  const img = document.getElementById('map');
  const decisions = document.getElementById('status').dataset.decisions;
  if (!img.src.endsWith(`v=${decisions}`) || !img.complete || !img.naturalWidth) return null;
  const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const x = c.getContext('2d');
  x.drawImage(img, 0, 0);
  const d = x.getImageData(0, 0, c.width, c.height).data;
  let h = 0;
  for (let i = 0; i < d.length; i += 3) h = (Math.imul(h, 31) + d[i]) | 0;
  return {sum: h};
}"""


@pytest.fixture(scope="module")
def server():
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(S.create_app(port=port), host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    for _ in range(1200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    t.join(30)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def _decisions(page) -> int:
    return int(page.get_attribute("#status", "data-decisions"))


def _wait_settled(page, before: int) -> None:
    page.wait_for_function(f"Number(document.getElementById('status').dataset.decisions) !== {before}"
                           " && !document.getElementById('choices').classList.contains('waiting')",
                           timeout=WAIT_MS)


def _map_sum(page):
    """The hash of the map picture's pixels once the picture of the current decision has loaded (the wait
    hands back the first hash it made)."""
    return page.wait_for_function(MAP_SUM, timeout=WAIT_MS).json_value()["sum"]


def _new_game(page, base, volume, seat, bot, seed, sandbox=False):
    page.goto(base + "/")
    page.wait_for_selector("#volume option", state="attached", timeout=WAIT_MS)
    page.select_option("#volume", volume)
    page.select_option("#seat", seat)
    if bot:
        page.select_option("#bot", bot)
    if sandbox:
        page.check("#sandbox")
    page.fill("#seed", str(seed))
    page.click("#new")
    page.wait_for_selector("#choices button, #status:has-text('Game over')", timeout=WAIT_MS)


@pytest.mark.parametrize("seat, bot, seed", [("irgun", "heuristic", 3), ("british", "random", 8),
                                             ("irgun", "trained", 5), ("british", "search:100+value", 4)])
def test_a_whole_game_by_clicking_with_undo_save_load_and_a_refused_request(server, browser, tmp_path,
                                                                             seat, bot, seed):
    page = browser.new_page(viewport={"width": 1500, "height": 1000}, accept_downloads=True)
    _new_game(page, server, "palestine", seat, bot, seed, sandbox=True)    # full undo, tried at move 4
    assert f"you play {seat.capitalize()} against the {bot} bot" in page.text_content("#help")
    assert "sandbox (full undo)" in page.text_content("#playing")
    moves = 0
    picture = _map_sum(page)
    while not page.text_content("#status").startswith("Game over"):
        before, log_before = _decisions(page), page.locator("#log li:not(.card)").count()
        page.locator("#choices button.choice").nth(moves % 2).click()
        _wait_settled(page, before)
        moves += 1
        # The map and the log changed with the move.
        assert page.locator("#log li:not(.card)").count() > log_before
        now = _map_sum(page)
        assert now != picture, f"the map did not change after move {moves}"
        picture = now
        if moves == 4:
            # Undo takes back the last decision (with any bot replies).
            before = _decisions(page)
            page.click("#undo")
            _wait_settled(page, before)
            assert _decisions(page) < before
            picture = _map_sum(page)
        if moves == 6:
            # A request for an action that was not offered: refused, said so, nothing changed.
            before, board = _decisions(page), page.text_content("#board")
            answer = page.evaluate("""async () => {
                const r = await fetch(`/api/games/${game.id}/act`, {method: 'POST',
                    headers: {'Content-Type': 'application/json'}, body: JSON.stringify({action: 54})});
                return [r.status, await r.json()];
            }""") if 54 not in [int(a) for a in page.eval_on_selector_all(
                "#choices button.choice", "bs => bs.map(b => b.dataset.action)")] else None
            if answer is not None:
                assert answer[0] == 400 and "is not one of the choices offered now" in answer[1]["error"]
            page.evaluate("act(999)")              # through the page's own code: the error is shown
            page.wait_for_selector("#error:not([hidden])", timeout=WAIT_MS)
            assert "999 is not one of the choices offered now" in page.text_content("#error")
            assert _decisions(page) == before and page.text_content("#board") == board
        if moves == 8:
            # Save (a download), then load it back (an upload): the same position.
            with page.expect_download() as got:
                page.click("#save")
            saved = tmp_path / "saved.json"
            got.value.save_as(saved)
            d = json.loads(saved.read_text())
            assert d["human"] == [seat] and d["bot"] == bot and len(d["actions"]) == _decisions(page)
            assert d["sandbox"] is True
            board, log = page.text_content("#board"), page.text_content("#log")
            page.set_input_files("#load", str(saved))
            page.wait_for_function("document.getElementById('load').value === ''", timeout=WAIT_MS)
            assert page.text_content("#board") == board and page.text_content("#log") == log
            picture = _map_sum(page)
        assert moves < 1000
    assert moves > 10
    # The end of the game says why it ended; each Propaganda Round is shown phase by phase.
    assert page.is_visible("#ending") and "final Political Will" in page.text_content("#ending")
    assert page.locator("#rounds .round").count() >= 1
    assert "6.1 Political Will Phase" in page.text_content("#rounds")
    assert page.locator("#choices button").count() == 0
    result = page.text_content("#status")
    assert result.startswith("Game over: ") and ("you win" in result or "the bot wins" in result)
    if bot != "random":
        assert "why: " in page.text_content("#log")
    shot = tmp_path / "page.png"
    page.screenshot(path=str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    folder = os.environ.get("BRITISHWAY_SCREENSHOTS")
    if folder and bot == "heuristic":
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(folder) / "play_browser.png")
    save = page.request.get(f"{server}/api/games/{page.evaluate('game.id')}/save").json()
    assert Game.replay("palestine", seed, save["actions"]).is_terminal()
    page.close()


def test_a_whole_cyprus_game_by_clicking(server, browser):
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    _new_game(page, server, "cyprus", "eoka", "heuristic", 5)
    assert "you play EOKA against the heuristic bot" in page.text_content("#help")
    picture = _map_sum(page)
    moves = 0
    while not page.text_content("#status").startswith("Game over"):
        before = _decisions(page)
        page.locator("#choices button.choice").nth(moves % 2).click()
        _wait_settled(page, before)
        moves += 1
        now = _map_sum(page)
        assert now != picture, f"the map did not change after move {moves}"
        picture = now
        assert moves < 1000
    assert moves > 10 and "why: " in page.text_content("#log")
    assert "International Opinion" in page.text_content("#board")
    save = page.request.get(f"{server}/api/games/{page.evaluate('game.id')}/save").json()
    assert Game.replay("cyprus", 5, save["actions"]).is_terminal()
    page.close()


def test_the_solo_deck_in_the_browser_shows_the_board_in_words(server, browser):
    page = browser.new_page()
    _new_game(page, server, "solo1948", "israeli", None, 4)
    assert page.is_hidden("#map") and "1948" in page.text_content("#board")
    assert page.is_disabled("#bot")
    moves = 0
    while not page.text_content("#status").startswith("Game over"):
        before = _decisions(page)
        page.locator("#choices button.choice").first.click()
        _wait_settled(page, before)
        moves += 1
        assert moves < 500
    assert page.text_content("#status").startswith("Game over: ")
    page.close()


def test_the_readme_pictures_are_made_by_their_script(tmp_path):
    """experiments/play_screenshots.py (the README's two pictures), on a short game."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    res = subprocess.run([sys.executable, str(root / "experiments" / "play_screenshots.py"), "--out", str(tmp_path),
                          "--moves", "1"], capture_output=True, text=True, timeout=900,
                         env=dict(os.environ, PYTHONPATH=str(root)))
    assert res.returncode == 0, res.stdout + res.stderr
    for name in ("play_terminal.png", "play_browser.png"):
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_whole_arab_revolt_game_by_clicking(server, browser):
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    _new_game(page, server, "arab_revolt", "rebels", "heuristic", 5)
    assert "you play Rebels against the heuristic bot" in page.text_content("#help")
    moves = 0
    while not page.text_content("#status").startswith("Game over"):
        before = _decisions(page)
        page.locator("#choices button.choice").nth(moves % 2).click()
        _wait_settled(page, before)
        moves += 1
        assert moves < 1500
    assert moves > 10 and "why: " in page.text_content("#log")
    assert "Unity Track" in page.text_content("#board")
    save = page.request.get(f"{server}/api/games/{page.evaluate('game.id')}/save").json()
    assert Game.replay("arab_revolt", 5, save["actions"]).is_terminal()
    page.close()


def test_a_variant_file_starts_a_variant_game_named_in_the_header(server, browser, tmp_path):
    """The form's Variant file (JSON, docs/variants.md) goes with the new-game
    request; the header names the variant; a bad one shows the server's error."""
    good = tmp_path / "pw12.json"
    good.write_text(json.dumps({"volume": "palestine", "name": "pw12", "setup": {"political_will": 12},
                                "restrict": {"irgun": {"boxes": ["event"]}}}))
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    page.goto(server + "/")
    page.wait_for_selector("#volume option", state="attached", timeout=WAIT_MS)
    page.select_option("#volume", "palestine")
    page.select_option("#seat", "irgun")
    page.fill("#seed", "3")
    page.set_input_files("#variant-file", str(good))
    page.click("#new")
    page.wait_for_selector("#variant:not([hidden])", timeout=WAIT_MS)
    assert page.text_content("#variant") == "Variant: pw12"
    assert '"political_will": 12' in page.get_attribute("#variant", "title")
    assert "Political Will 12/20" in page.text_content("#board")
    assert not [t for t in page.locator("#choices button.choice").all_text_contents() if ". Event P" in t]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"volume": "palestine", "name": "bad", "rules": {"nope": 1}}))
    page.set_input_files("#variant-file", str(bad))
    page.click("#new")
    page.wait_for_selector("#error:not([hidden])", timeout=WAIT_MS)
    assert "rules.nope: not a rule parameter" in page.text_content("#error")
    page.close()


# ------------------------------------------------ the map, the cards, the header --

def _boxes_apart(a: dict, b: dict) -> bool:
    return (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_a_space_clicked_on_the_map_takes_its_choice_beside_the_card_in_play(server, browser, tmp_path):
    """The card in play with both texts beside the map; into an Operation, hovering a space says its
    pieces and clicking it takes the choice that names it; at 820 px the page stacks (the map, the choices right
    under it, the card panel, the log), nothing overlaps, and the choices are in the window at the page's top; at
    400 px nothing is wider than the window."""
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    _new_game(page, server, "palestine", "irgun", "heuristic", 3)
    card = page.evaluate("game.card")
    text = page.text_content("#card")
    assert card["title"] in text and card["unshaded"] in text and card["shaded"] in text
    assert "Unshaded:" in text and "Shaded:" in text
    assert page.locator("#played button").first.text_content() == card["title"]
    page.locator("#played button").first.click()
    assert card["shaded"] in page.text_content("#played-card")
    assert _boxes_apart(page.locator("#map").bounding_box(), page.locator("#cards").bounding_box())
    # Into an Operation: a box, then an Operation, until spaces are offered.
    for _ in range(8):
        if page.locator("#map-spaces .space.offered").count():
            break
        names = page.eval_on_selector_all("#choices button.choice", "bs => bs.map(b => b.textContent)")
        k = next((i for i, n in enumerate(names) if "Pass" not in n and "Event" not in n), 0)
        before = _decisions(page)
        page.locator("#choices button.choice").nth(k).click()
        _wait_settled(page, before)
    offered = page.evaluate("game.choices.filter(c => c.space)")
    assert offered, page.evaluate("game.choices")
    counts = {}
    for c in offered:
        counts[c["space"]] = counts.get(c["space"], 0) + 1
    choice = next(c for c in offered if counts[c["space"]] == 1)
    space = f'#map-spaces [data-space="{choice["space"]}"]'
    page.hover(space)
    page.wait_for_selector("#map-tip:not([hidden])")
    tip = page.text_content("#map-tip")
    assert f'{choice["space"]}: {page.evaluate("game.spaces")[choice["space"]]}' in tip
    assert f'click: {choice["name"]}' in tip
    page.screenshot(path=str(tmp_path / "wide.png"))
    before = _decisions(page)
    page.click(space)
    _wait_settled(page, before)
    mine = page.evaluate("game.log.filter(e => e.by === 'you')")
    assert mine[-1]["text"] == choice["name"] and mine[-1]["index"] >= before - 1
    assert page.locator("#choices button.choice").count() == len(page.evaluate("game.choices"))   # buttons stay
    # A narrow window: the map as wide as the window, then the decision and its choices right under it
    # (not below the card panel), then the card panel, then the log; nothing side by side. At the top of
    # the page the decision and its choices are in the window all the same, held at its foot (a move needs
    # no scrolling); scrolled down to them, they stand in their place.
    page.set_viewport_size({"width": 820, "height": 1000})
    page.wait_for_function("document.getElementById('map').getBoundingClientRect().width <= 820")
    page.evaluate("window.scrollTo(0, 0)")
    held, m = page.locator("#decide").bounding_box(), page.locator("#map").bounding_box()
    assert 0 < held["y"] and held["y"] + held["height"] <= 1000 + 1 and held["y"] < m["y"] + m["height"]
    first = page.locator("#choices button.choice").first.bounding_box()
    assert held["y"] <= first["y"] and first["y"] + first["height"] <= 1000
    assert page.locator("#status").bounding_box()["y"] >= held["y"]
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    m, c = page.locator("#map").bounding_box(), page.locator("#cards").bounding_box()
    ch, log = page.locator("#choices").bounding_box(), page.locator("#log").bounding_box()
    assert page.is_visible("#map") and page.is_visible("#cards") and m["width"] > 600 and c["width"] > 600
    assert _boxes_apart(m, c) and _boxes_apart(ch, c) and _boxes_apart(m, ch)
    assert m["y"] + m["height"] <= ch["y"] and ch["y"] + ch["height"] <= c["y"] and c["y"] + c["height"] <= log["y"]
    status = page.locator("#status").bounding_box()
    assert m["y"] + m["height"] <= status["y"] <= ch["y"]              # the decision, then its choices, under the map
    assert page.evaluate("document.documentElement.scrollWidth") <= 820
    page.screenshot(path=str(tmp_path / "narrow.png"), full_page=True)
    # A phone's width: nothing wider than the window (the bot's long name in its picker included), and
    # the choices held at the window's foot as above.
    page.set_viewport_size({"width": 400, "height": 800})
    page.wait_for_function("document.getElementById('map').getBoundingClientRect().width <= 400")
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    assert page.locator("#bot").bounding_box()["x"] + page.locator("#bot").bounding_box()["width"] <= 400
    first = page.locator("#choices button.choice").first.bounding_box()
    assert 0 < first["y"] and first["y"] + first["height"] <= 800
    folder = os.environ.get("BRITISHWAY_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        for name in ("wide.png", "narrow.png"):
            shutil.copy(tmp_path / name, Path(folder) / f"page_{name}")
    page.close()


def test_a_load_shows_its_game_in_the_header_and_a_refused_one_clears_the_picker(server, browser, tmp_path):
    from britishway_env.session import PlaySession

    saved = tmp_path / "cyprus.json"
    saved.write_text(json.dumps(PlaySession("cyprus", 5, human=["eoka"], bot="random").save_payload()))
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    page.goto(server + "/")
    page.wait_for_selector("#volume option", state="attached", timeout=WAIT_MS)
    page.select_option("#volume", "palestine")
    page.set_input_files("#load", str(saved))
    page.wait_for_function("document.getElementById('volume').value === 'cyprus'", timeout=WAIT_MS)
    assert page.input_value("#seat") == "eoka" and page.input_value("#bot") == "random"
    assert page.input_value("#seed") == "5"
    playing = page.text_content("#playing")
    assert "Cyprus" in playing and "you: EOKA" in playing and "bot: beginner level, random (British)" in playing
    assert page.evaluate("document.getElementById('load').files.length") == 0
    for name, body, error in (("broken.json", "{not json", "not valid JSON"),
                              ("partial.json", '{"volume": "palestine"}', "the loaded save")):
        bad = tmp_path / name
        bad.write_text(body)
        page.set_input_files("#load", str(bad))
        page.wait_for_selector("#error:not([hidden])", timeout=WAIT_MS)
        assert error in page.text_content("#error")
        assert page.evaluate("document.getElementById('load').files.length") == 0
        assert page.input_value("#volume") == "cyprus" and "Cyprus" in page.text_content("#playing")
        page.evaluate("showError('')")
    page.close()


def test_a_volume_compiling_at_its_first_game_shows_its_progress(browser):
    """A server whose compile the test holds: the page says what compiles, then starts the game."""
    import uvicorn

    release = threading.Event()

    def slow(volume, echo):
        echo(f"compiling the {volume} rules, first run only...")
        release.wait(120)

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(S.create_app(port=port, compiler=S.Compiler(slow)), host="127.0.0.1",
                                        port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    try:
        for _ in range(1200):
            if srv.started:
                break
            time.sleep(0.05)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#volume option", state="attached", timeout=WAIT_MS)
        page.select_option("#volume", "cyprus")
        page.click("#new")
        page.wait_for_selector("#progress:not([hidden])", timeout=WAIT_MS)
        assert "compiling the cyprus rules, first run only..." in page.text_content("#progress")
        assert page.is_hidden("#game")
        release.set()
        page.wait_for_selector("#choices button", timeout=WAIT_MS)
        assert page.is_hidden("#progress") and page.evaluate("game.volume") == "cyprus"
        page.close()
    finally:
        release.set()
        srv.should_exit = True
        t.join(30)


def test_undo_is_refused_past_a_roll_or_a_card_reveal_and_the_page_says_why(server, browser):
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    _new_game(page, server, "palestine", "irgun", "heuristic", 3)
    assert "stop at the last die roll, chit draw or card reveal" in page.text_content("#undo-rule")
    assert "bot: scripted level, heuristic (British); ladder +" in page.text_content("#playing")
    assert "Political Will equivalents" in page.get_attribute("#playing", "title")
    options = page.eval_on_selector_all("#bot option", "os => os.map(o => o.textContent)")
    assert any(o.startswith("scripted: ladder +") for o in options) and any(o.startswith("search: ") for o in options)
    for _ in range(200):                     # until the bot's reply showed chance (the next card, a die)
        before = _decisions(page)
        page.locator("#choices button.choice").first.click()
        _wait_settled(page, before)
        if page.is_disabled("#undo") and "chance once seen stands" in (page.get_attribute("#undo", "title") or ""):
            break
    else:
        pytest.fail("undo was never refused")
    before = _decisions(page)
    answer = page.evaluate("""async () => {
        const r = await fetch(`/api/games/${game.id}/undo`, {method: 'POST',
            headers: {'Content-Type': 'application/json'}, body: '{}'});
        return [r.status, await r.json()];
    }""")
    assert answer[0] == 400 and "cannot undo" in answer[1]["error"]
    assert _decisions(page) == before
    page.close()
