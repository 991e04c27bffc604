"""`britishway serve`'s server: the authority over every game.

Only an offered action changes a game; every other request gets a 400 (404
for an unknown game) whose error says what was wrong, and the game is
unchanged. A bot that is thinking holds up no other request. The page
itself is driven in a real browser in tests/test_browser.py.
"""

import json
import socket
import threading
import time

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from britishway_env import Game
from britishway_env.web import server as S


BASE = "http://127.0.0.1:8000"          # the address create_app() answers for by default
JSON = {"Content-Type": "application/json"}


def _client(app=None) -> TestClient:
    """A client of the app as the page is: same Host, JSON bodies, its cookie kept."""
    return TestClient(app if app is not None else S.create_app(), base_url=BASE, headers=JSON)


@pytest.fixture
def client():
    return _client()


def _post(client, url, **kwargs):
    """A new game or a load, as the page sends it: while the volume compiles (202), wait for it and ask again."""
    for _ in range(6000):                       # a hang guard: the first game of a volume may compile it
        r = client.post(url, **kwargs)
        if r.status_code != 202:
            return r
        _ready(client, r.json()["compiling"])
    raise AssertionError(f"{url} kept answering 202")


def _ready(client, volume):
    for _ in range(6000):
        st = client.get(f"/api/compile/{volume}").json()
        if st["state"] in ("ready", "waiting"):
            return
        assert st["state"] == "compiling", st
        time.sleep(0.1)
    raise AssertionError(f"{volume} never compiled")


def _new(client, **body):
    body = {"volume": "palestine", "seat": "irgun", "bot": "heuristic", "seed": 3, **body}
    r = _post(client, "/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_the_page_and_its_files_are_served(client):
    r = client.get("/")
    assert r.status_code == 200 and "<title>The British Way: play against a bot</title>" in r.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200
    assert client.get("/api/health").json() == {"ok": True}


def test_volumes_offer_seats_bots_and_pictures(client):
    vols = {v["name"]: v for v in client.get("/api/volumes").json()}
    # The shipped league files (agents/league) put `league` on every COIN volume's menu.
    bots = ["heuristic", "random", "trained", "search", "search:100+value", "search:400", "league"]
    assert vols["palestine"]["bots"] == bots and vols["palestine"]["picture"]
    assert [s["id"] for s in vols["palestine"]["seats"]] == ["british", "irgun"]
    assert vols["solo1948"]["bots"] == [] and not vols["solo1948"]["picture"]
    assert vols["cyprus"]["bots"] == bots and vols["cyprus"]["picture"]
    assert [s["id"] for s in vols["cyprus"]["seats"]] == ["british", "eoka"]
    assert vols["arab_revolt"]["bots"] == bots and vols["arab_revolt"]["picture"]
    assert [s["id"] for s in vols["arab_revolt"]["seats"]] == ["british", "rebels"]


def test_an_arab_revolt_game_is_played_to_the_end_through_the_api(client):
    view = _new(client, volume="arab_revolt", seat="rebels", seed=4)
    while not view["over"]:
        r = client.post(f"/api/games/{view['id']}/act", json={"action": view["choices"][-1]["action"]})
        assert r.status_code == 200, r.text
        view = r.json()
    d = client.get(f"/api/games/{view['id']}/save").json()
    assert Game.replay("arab_revolt", 4, d["actions"]).is_terminal() and d["human"] == ["rebels"]
    assert client.get(view["map"]).content[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_cyprus_game_is_played_to_the_end_through_the_api(client):
    view = _new(client, volume="cyprus", seat="eoka", seed=4)
    while not view["over"]:
        r = client.post(f"/api/games/{view['id']}/act", json={"action": view["choices"][0]["action"]})
        assert r.status_code == 200, r.text
        view = r.json()
    d = client.get(f"/api/games/{view['id']}/save").json()
    assert Game.replay("cyprus", 4, d["actions"]).is_terminal() and d["human"] == ["eoka"]
    assert client.get(view["map"]).content[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_game_is_played_to_the_end_through_the_api(client):
    view = _new(client)
    assert view["your_turn"] and view["choices"] and view["map"].startswith(f"/api/games/{view['id']}/map.png")
    while not view["over"]:
        before = view["decisions"]
        r = client.post(f"/api/games/{view['id']}/act", json={"action": view["choices"][-1]["action"]})
        assert r.status_code == 200, r.text
        view = r.json()
        assert view["decisions"] > before and len(view["log"]) == view["decisions"]
    assert view["result"] and view["choices"] == []
    saved = client.get(f"/api/games/{view['id']}/save")
    assert saved.headers["content-disposition"] == 'attachment; filename="palestine-3.json"'
    d = saved.json()
    assert Game.replay("palestine", 3, d["actions"]).is_terminal() and d["human"] == ["irgun"]
    png = client.get(view["map"])
    assert png.status_code == 200 and png.content[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("body, fragment", [
    ({"action": 999}, "999 is not one of the choices offered now"),
    ({"action": 0}, "0 is not one of the choices offered now"),
    ({"action": True}, "action must be the number of an offered choice, got true"),
    ({"action": "1"}, 'got "1"'),
    ({"action": 1.0}, "got 1.0"),
    ({}, "missing field(s) action"),
    ({"action": 1, "cheat": 1}, "unknown field(s) cheat"),
    ([1], "must be a JSON object"),
])
def test_an_action_not_offered_is_refused_and_the_game_is_unchanged(client, body, fragment):
    view = _new(client)
    r = client.post(f"/api/games/{view['id']}/act", json=body)
    assert r.status_code == 400 and fragment in r.json()["error"]
    assert client.get(f"/api/games/{view['id']}").json() == view


def test_bodies_that_are_not_json_or_too_big_are_refused(client):
    view = _new(client)
    url = f"/api/games/{view['id']}/act"
    assert "not valid JSON" in client.post(url, content=b"{").json()["error"]
    assert "not valid JSON" in client.post(url, content=b'{"action": NaN}').json()["error"]
    assert "not UTF-8" in client.post(url, content=b"\xff\xfe").json()["error"]
    big = client.post(url, content=b" " * (S.MAX_BODY_BYTES + 1))
    assert big.status_code == 400 and "larger than" in big.json()["error"]
    assert client.get(f"/api/games/{view['id']}").json() == view


@pytest.mark.parametrize("body, fragment", [
    ({"volume": "atlantis", "seat": "irgun"}, "volume must be one of"),
    ({"volume": "palestine", "seat": "haganah"}, "seat must be one of british, irgun, all"),
    ({"volume": "palestine", "seat": "irgun", "bot": "agents/checkpoints/palestine_british.npz"},
     "or one of heuristic, random, trained"),
    ({"volume": "palestine", "seat": "irgun", "bot": "search:100000"}, "bot must be a level"),
    ({"volume": "palestine", "seat": "irgun", "bot": "heuristic", "seed": -3}, "seed must be an integer"),
    ({"volume": "palestine", "seat": "irgun", "bot": "heuristic", "seed": "3"}, "seed must be an integer"),
    ({"volume": "palestine", "seat": "all", "bot": "random"}, "has no bot"),
    ({"volume": "solo1948", "seat": "israeli", "bot": "heuristic"}, "has no bot"),
    ({"seat": "irgun"}, "missing field(s) volume"),
])
def test_bad_new_games_are_refused(client, body, fragment):
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and fragment in r.json()["error"], r.text


def test_the_search_bot_plays_on_the_page(client):
    view = _new(client, volume="cyprus", seat="eoka", bot="search", seed=4)
    assert view["bot"] == "search"
    before = view["decisions"]
    for _ in range(12):
        if not view["your_turn"]:
            break
        view = client.post(f"/api/games/{view['id']}/act", json={"action": view["choices"][0]["action"]}).json()
    assert view["decisions"] > before


def test_undo_abort_save_and_load(client):
    view = _new(client, sandbox=True)                  # full undo: the bot's replies reveal cards
    gid = view["id"]
    assert "nothing to undo" in client.post(f"/api/games/{gid}/undo").json()["error"]
    assert "nothing to abort" in client.post(f"/api/games/{gid}/abort", json={}).json()["error"]
    assert "unknown field(s) all" in client.post(f"/api/games/{gid}/undo", json={"all": True}).json()["error"]
    assert "not valid JSON" in client.post(f"/api/games/{gid}/abort", content=b"{").json()["error"]
    for _ in range(6):
        view = client.post(f"/api/games/{gid}/act", json={"action": view["choices"][0]["action"]}).json()
    undone = client.post(f"/api/games/{gid}/undo").json()
    assert undone["decisions"] < view["decisions"] and undone["your_turn"]
    save = client.get(f"/api/games/{gid}/save").json()
    assert save["sandbox"] is True
    loaded = _post(client, "/api/games/load", content=json.dumps(save)).json()
    assert loaded["sandbox"] is True
    assert loaded["id"] != gid and loaded["board"] == undone["board"] and loaded["log"] == undone["log"]
    # Loading checks the save as `britishway play --load` does, and names no file path as a bot.
    bad = dict(save, actions=save["actions"] + [999])
    assert "outside the action space" in client.post("/api/games/load", json=bad).json()["error"]
    assert "is not one the page offers" in client.post("/api/games/load",
                                                       json=dict(save, bot="x.npz")).json()["error"]
    assert client.post("/api/games/load", json={"volume": "palestine"}).json()["error"].startswith("the loaded save")


def test_undo_is_refused_past_a_card_revealed_and_the_view_says_why(client):
    view = _new(client)
    gid = view["id"]
    assert view["sandbox"] is False and "stop at the last die roll" in view["undo_rule"]
    while not view["undo_refused"] or "nothing to undo" in view["undo_refused"]:
        view = client.post(f"/api/games/{gid}/act", json={"action": view["choices"][0]["action"]}).json()
    assert "chance once seen stands" in view["undo_refused"]
    assert any(e["chance"] for e in view["log"])
    refused = client.post(f"/api/games/{gid}/undo")
    assert refused.status_code == 400 and refused.json()["error"] == view["undo_refused"]
    assert client.get(f"/api/games/{gid}").json()["decisions"] == view["decisions"]


def test_the_bots_are_offered_by_level_with_their_ladder_ratings(client):
    offered = {v["name"]: v for v in client.get("/api/volumes").json()}
    for volume in ("palestine", "cyprus", "arab_revolt"):
        lv = offered[volume]["levels"]
        assert [x["name"] for x in lv] == ["beginner", "scripted", "network", "league", "search-quick", "search"]
        assert all(x["policy"] in offered[volume]["bots"] and "Elo" in x["words"] for x in lv)
    assert offered["solo1948"]["levels"] == []
    view = _new(client, bot="search-quick", seed=4)
    assert view["bot"] == "search:100+value" and view["bot_words"].startswith("the search-quick level")
    bad = client.post("/api/games", json={"volume": "palestine", "seat": "irgun", "bot": "grandmaster"}).json()
    assert "bot must be a level (beginner, scripted" in bad["error"]
    bad = client.post("/api/games", json={"volume": "palestine", "seat": "irgun", "sandbox": "yes"}).json()
    assert "sandbox must be true" in bad["error"]


def test_an_unknown_game_is_a_404(client):
    for method, path in (("get", ""), ("post", "/undo"), ("post", "/abort"), ("get", "/save"), ("get", "/map.png")):
        r = getattr(client, method)(f"/api/games/nope{path}")
        assert r.status_code == 404 and "no game 'nope'" in r.json()["error"]
    assert client.post("/api/games/nope/act", json={"action": 1}).status_code == 404


def test_the_solo_deck_has_no_map_picture(client):
    r = _post(client, "/api/games", json={"volume": "solo1948", "seat": "israeli", "seed": 2})
    view = r.json()
    assert view["map"] is None and "1948" in view["board"]
    assert client.get(f"/api/games/{view['id']}/map.png").status_code == 404


def test_a_clients_oldest_games_are_dropped_beyond_its_limit():
    client = _client(S.create_app(S.Games(per_client=2)))
    ids = [_new(client, seed=k)["id"] for k in range(3)]
    assert client.get(f"/api/games/{ids[0]}").status_code == 404
    assert all(client.get(f"/api/games/{i}").status_code == 200 for i in ids[1:])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_thinking_bot_holds_up_no_other_request(monkeypatch):
    """A real server: while one game's bot thinks (made slow here), the page's
    other requests, another game's included, are answered at once."""
    import uvicorn

    from britishway_env.volumes.palestine import table

    thinking, release = threading.Event(), threading.Event()
    real_reason = table.reason

    def slow_reason(game, policy, action):
        thinking.set()
        release.wait(60)
        return real_reason(game, policy, action)

    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(S.create_app(port=port), host="127.0.0.1", port=port,
                                           log_level="warning"))
    t = threading.Thread(target=server.run, daemon=True)
    t.start()
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if server.started:
                break
            time.sleep(0.05)
        with httpx.Client(base_url=base, timeout=120) as c:
            other = _post(c, "/api/games", json={"volume": "palestine", "seat": "irgun", "seed": 4}).json()
            monkeypatch.setattr(table, "reason", slow_reason)
            done = {}

            def start_as_british():
                # The Irgun are 1st Eligible (2.3.1): the bot moves as soon as the game starts.
                with httpx.Client(base_url=base, timeout=120) as c2:
                    done["view"] = c2.post("/api/games", json={"volume": "palestine", "seat": "british",
                                                               "bot": "heuristic", "seed": 3}).json()

            mover = threading.Thread(target=start_as_british)
            mover.start()
            assert thinking.wait(60), "the bot never started thinking"
            assert c.get("/api/health").json() == {"ok": True}
            assert c.get(f"/api/games/{other['id']}").status_code == 200
            assert c.post(f"/api/games/{other['id']}/act",
                          json={"action": other["choices"][0]["action"]}).status_code == 200
            assert c.get("/api/volumes").status_code == 200
            assert "view" not in done                  # the bot is still thinking
            release.set()
            mover.join(120)
            assert done["view"]["to_move"] == "british" and done["view"]["decisions"] > 0
    finally:
        release.set()
        server.should_exit = True
        t.join(30)


def test_the_server_listens_on_this_computer_only_by_default():
    import inspect

    from britishway_env import cli

    assert inspect.signature(S.serve).parameters["host"].default == "127.0.0.1"
    assert inspect.signature(cli.serve).parameters["host"].default.default == "127.0.0.1"


# ------------------------------------------------------------------ variants --

PW12 = {"volume": "palestine", "name": "pw12", "description": "a weaker British home front",
        "setup": {"political_will": 12}, "restrict": {"irgun": {"boxes": ["event"]}}}


def test_a_new_game_plays_a_variant_named_in_its_view_and_kept_by_its_save(client):
    """The new-game request's variant (docs/variants.md): the game starts as
    the variant's, its view names it, the restricted choices are not offered,
    and the save loads back into the same variant's game."""
    view = _new(client, variant=PW12)
    assert view["variant"] == {"name": "pw12", "description": "a weaker British home front",
                               "changes": 'pw12 (setup: {"political_will": 12}; restrict: {"irgun": '
                                          '{"boxes": ["event"]}})'}
    assert "Political Will 12/20" in view["board"]
    assert not any(c["name"].startswith("Event ") for c in view["choices"])
    assert _new(client)["variant"] is None and _new(client, variant=None)["variant"] is None
    for _ in range(4):
        view = client.post(f"/api/games/{view['id']}/act", json={"action": view["choices"][0]["action"]}).json()
    save = client.get(f"/api/games/{view['id']}/save").json()
    assert save["variant"]["name"] == "pw12" and save["snapshot"]["variant"] == save["variant"]
    loaded = _post(client, "/api/games/load", content=json.dumps(save)).json()
    assert loaded["variant"] == view["variant"] and loaded["board"] == view["board"]
    tampered = dict(save, variant=dict(PW12, setup={"political_will": 13}))
    assert "snapshot disagrees" in client.post("/api/games/load", json=tampered).json()["error"]


@pytest.mark.parametrize("variant, fragment", [
    ("pw12.toml", "variant must be a JSON object"),
    (["political_will", 12], "variant must be a JSON object"),
    ({"volume": "palestine"}, "variant: name: 1-64 letters"),
    ({"volume": "cyprus", "name": "x"}, "variant: volume: the file is for cyprus, not palestine"),
    ({"volume": "palestine", "name": "x", "colour": "red"}, "variant: unknown key 'colour'"),
    ({"volume": "palestine", "name": "x", "setup": {"political_will": 99}}, "political_will"),
    ({"volume": "palestine", "name": "x", "setup": {"seed": 4}}, "variant: setup.seed: not part of the setup"),
    ({"volume": "palestine", "name": "x", "rules": {"nope": 1}}, "variant: rules.nope: not a rule parameter"),
    ({"volume": "palestine", "name": "x", "deck": {"remove": ["P33"]}}, "P33 is a Propaganda card"),
    ({"volume": "palestine", "name": "x", "restrict": {"haganah": {"pass": True}}}, "restrict.haganah: not a seat"),
])
def test_a_bad_variant_is_refused_with_its_error_and_no_game_is_made(client, variant, fragment):
    _post(client, "/api/games", json={"volume": "palestine", "seat": "irgun", "seed": 3})   # compiled
    client.app.state.games.tables.clear()
    r = client.post("/api/games", json={"volume": "palestine", "seat": "irgun", "seed": 3, "variant": variant})
    assert r.status_code == 400 and fragment in r.json()["error"], r.text
    assert not client.app.state.games.tables


def test_the_solo_deck_has_no_variants(client):
    r = client.post("/api/games", json={"volume": "solo1948", "seat": "israeli", "variant": {"name": "x"}})
    assert r.status_code == 400 and "has no variants" in r.json()["error"], r.text


# ------------------------------------------------------- compiling at first use --

class _SlowCompile:
    """A compile the test releases: it says what it compiles, then waits."""

    def __init__(self, fail=False):
        self.calls, self.release, self.fail = [], threading.Event(), fail

    def __call__(self, volume, echo):
        self.calls.append(volume)
        echo(f"compiling the {volume} rules, first run only...")
        assert self.release.wait(60)
        if self.fail:
            raise RuntimeError("no compiler here")


def _state(client, volume, want):
    for _ in range(600):
        st = client.get(f"/api/compile/{volume}").json()
        if st["state"] == want:
            return st
        time.sleep(0.05)
    raise AssertionError(f"{volume} never reached {want}: {st}")


def test_the_port_answers_before_any_volume_compiles():
    """`britishway serve` opens its port at once: the page, health and the volumes answer, nothing compiles."""
    slow = _SlowCompile()
    client = _client(S.create_app(compiler=S.Compiler(slow)))
    assert client.get("/").status_code == 200 and client.get("/api/health").json() == {"ok": True}
    assert {v["name"] for v in client.get("/api/volumes").json()} >= {"palestine", "cyprus", "arab_revolt"}
    assert client.get("/api/compile/cyprus").json()["state"] == "waiting"
    assert slow.calls == []
    r = client.get("/api/compile/atlantis")
    assert r.status_code == 404 and "no volume 'atlantis'" in r.json()["error"]


def test_the_serve_command_compiles_nothing_before_its_port_opens(monkeypatch):
    from typer.testing import CliRunner

    from britishway_env import cli, warmup

    served = []
    monkeypatch.setattr(S, "serve", lambda host, port: served.append((host, port)))
    monkeypatch.setattr(warmup, "compile_for_play", lambda *a, **k: pytest.fail("compiled before serving"))
    result = CliRunner().invoke(cli.app, ["serve", "--port", "8765"])
    assert result.exit_code == 0, result.output
    assert served == [("127.0.0.1", 8765)] and "Serving on http://127.0.0.1:8765/" in result.output


def test_a_new_game_of_a_volume_not_yet_compiled_says_so_then_starts():
    """The first new game of a volume starts its compile (once, however many ask) and answers 202 with
    what compiles; the page polls, then asks again and gets the game."""
    slow = _SlowCompile()
    client = _client(S.create_app(compiler=S.Compiler(slow)))
    body = {"volume": "palestine", "seat": "irgun", "seed": 3}
    first = client.post("/api/games", json=body)
    assert first.status_code == 202 and first.json()["compiling"] == "palestine"
    assert client.post("/api/games", json=body).status_code == 202
    st = _state(client, "palestine", "compiling")
    assert st["message"] == "compiling the palestine rules, first run only..." and st["seconds"] >= 0
    assert client.get("/api/compile/cyprus").json()["state"] == "waiting"
    # A load of the volume waits for the same compile.
    save = {"volume": "palestine", "seed": 3, "actions": [], "human": ["irgun"], "bot": "heuristic"}
    assert client.post("/api/games/load", json=save).status_code == 202
    assert slow.calls == ["palestine"]
    assert not client.app.state.games.tables
    slow.release.set()
    assert _state(client, "palestine", "ready")["message"] == "palestine is ready"
    view = client.post("/api/games", json=body)
    assert view.status_code == 200 and view.json()["volume"] == "palestine"
    assert client.post("/api/games/load", json=save).status_code == 200
    assert slow.calls == ["palestine"]
    # A bad request is refused before anything compiles.
    assert client.post("/api/games", json={"volume": "cyprus", "seat": "x"}).status_code == 400
    assert slow.calls == ["palestine"]


def test_a_compile_that_fails_is_said_and_tried_again():
    slow = _SlowCompile(fail=True)
    client = _client(S.create_app(compiler=S.Compiler(slow)))
    body = {"volume": "cyprus", "seat": "eoka", "seed": 3}
    assert client.post("/api/games", json=body).status_code == 202
    slow.release.set()
    st = _state(client, "cyprus", "failed")
    assert st["message"] == "compiling cyprus failed: no compiler here"
    slow.release.clear()
    assert client.post("/api/games", json=body).status_code == 202 and slow.calls == ["cyprus", "cyprus"]
    slow.release.set()
    assert _state(client, "cyprus", "failed")
    r = client.post("/api/games", json=body)         # the answer to a request that finds the compile failed
    assert r.status_code in (202, 500) and len(slow.calls) == 3
    if r.status_code == 500:
        assert r.json()["error"] == "compiling cyprus failed: no compiler here"


# ------------------------------------------------------------ the card panel --

def test_the_view_has_the_card_in_play_with_both_texts_and_the_cards_played(client):
    from britishway_env.volumes.palestine import card_texts as texts
    from britishway_env.volumes.palestine import table

    view = _new(client)
    card = view["card"]
    assert card == {"number": 29, "title": "P29 Curfews", "unshaded": texts.card_text(29, 0),
                    "shaded": texts.card_text(29, 1)}
    assert card["unshaded"] and card["shaded"] and view["played"][-1] == card
    assert view["capabilities"] == []
    while len(view["played"]) < 3:
        view = client.post(f"/api/games/{view['id']}/act", json={"action": view["choices"][0]["action"]}).json()
    assert [c["number"] for c in view["played"]][:2] == [29, view["played"][1]["number"]]
    assert all(c == table.card_texts(c["number"]) for c in view["played"])
    assert view["card"] == view["played"][-1]


@pytest.mark.parametrize("volume", ["palestine", "cyprus", "arab_revolt"])
def test_capabilities_in_effect_come_with_the_text_of_their_side(volume):
    """Played at random until a Capability is in effect (5.3): its entry names the side and gives its text."""
    import random

    from britishway_env.registry import spec

    table = spec(volume).resolve(spec(volume).table)
    rng = random.Random(1)
    for seed in range(20):
        game = Game(volume, seed=seed)
        while not game.is_terminal():
            caps = table.cards(game)["capabilities"]
            if caps:
                label, side = next(iter(game.to_dict()["capabilities"].items()))
                cap = caps[0]
                assert cap["side"] == side and label.endswith(str(cap["number"]))
                assert cap["text"] == cap[side] and cap["title"] == table.card_texts(cap["number"])["title"]
                return
            game.apply(rng.choice(game.legal_actions()))
    pytest.fail(f"no capability came into play in {volume}")


def test_the_solo_deck_shows_its_event_card(client):
    view = _post(client, "/api/games", json={"volume": "solo1948", "seat": "israeli", "seed": 2}).json()
    assert view["regions"] is None and view["spaces"] is None and view["capabilities"] == []
    card = view["card"]
    assert card is not None and card["shaded"] is None and card["title"] in view["board"]
    assert card["unshaded"] in view["board"] and view["played"][-1] == card


# ------------------------------------------------------------- the clickable map --

@pytest.mark.parametrize("volume, seat, n_spaces", [("palestine", "british", 13), ("cyprus", "british", 10),
                                                     ("arab_revolt", "british", 17)])
def test_the_view_places_every_space_on_the_picture_and_names_the_space_of_each_choice(client, volume, seat,
                                                                                         n_spaces):
    from PIL import Image
    import io

    view = _new(client, volume=volume, seat=seat, seed=5)
    regions = view["regions"]
    png = Image.open(io.BytesIO(client.get(view["map"]).content))
    assert (regions["width"], regions["height"]) == png.size
    names = [r["name"] for r in regions["spaces"]]
    assert len(names) == n_spaces and sorted(names) == sorted(view["spaces"])
    for r in regions["spaces"]:
        if r["shape"] == "circle":
            box = (r["cx"] - r["r"], r["cy"] - r["r"], r["cx"] + r["r"], r["cy"] + r["r"])
        else:
            assert r["shape"] == "rect"
            box = (r["x"], r["y"], r["x"] + r["w"], r["y"] + r["h"])
        assert 0 <= box[0] < box[2] <= regions["width"] and 64 <= box[1] < box[3] <= regions["height"], r
    # Into an Operation: the spaces offered name their space; no other choice does.
    for _ in range(30):
        if any(c["space"] for c in view["choices"]):
            break
        pick = next((c for c in view["choices"] if "Op" in c["name"] and "Pass" not in c["name"]),
                    view["choices"][0])
        view = client.post(f"/api/games/{view['id']}/act", json={"action": pick["action"]}).json()
    spaced = [c for c in view["choices"] if c["space"]]
    assert spaced, view["choices"]
    for c in view["choices"]:
        assert c["space"] is None or c["space"] in c["name"], c
    # The hover text of a space is its pieces in words, as the board in words lists them.
    some = next(n for n, words in view["spaces"].items() if words != "-")
    assert any(line.split(some)[-1].strip().endswith(view["spaces"][some]) for line in view["board"].splitlines()
               if line.strip().startswith(some))
