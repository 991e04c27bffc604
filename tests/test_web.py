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


def _new(client, **body):
    body = {"volume": "palestine", "seat": "irgun", "bot": "heuristic", "seed": 3, **body}
    r = client.post("/api/games", json=body)
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
    bots = ["heuristic", "random", "trained", "search", "search:400", "league"]
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
     "bot must be one of heuristic, random, trained"),
    ({"volume": "palestine", "seat": "irgun", "bot": "search:100000"}, "bot must be one of"),
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
    view = _new(client)
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
    loaded = client.post("/api/games/load", content=json.dumps(save)).json()
    assert loaded["id"] != gid and loaded["board"] == undone["board"] and loaded["log"] == undone["log"]
    # Loading checks the save as `britishway play --load` does, and names no file path as a bot.
    bad = dict(save, actions=save["actions"] + [999])
    assert "outside the action space" in client.post("/api/games/load", json=bad).json()["error"]
    assert "is not one the page offers" in client.post("/api/games/load",
                                                       json=dict(save, bot="x.npz")).json()["error"]
    assert client.post("/api/games/load", json={"volume": "palestine"}).json()["error"].startswith("the loaded save")


def test_an_unknown_game_is_a_404(client):
    for method, path in (("get", ""), ("post", "/undo"), ("post", "/abort"), ("get", "/save"), ("get", "/map.png")):
        r = getattr(client, method)(f"/api/games/nope{path}")
        assert r.status_code == 404 and "no game 'nope'" in r.json()["error"]
    assert client.post("/api/games/nope/act", json={"action": 1}).status_code == 404


def test_the_solo_deck_has_no_map_picture(client):
    r = client.post("/api/games", json={"volume": "solo1948", "seat": "israeli", "seed": 2})
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
            other = c.post("/api/games", json={"volume": "palestine", "seat": "irgun", "seed": 4}).json()
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
    loaded = client.post("/api/games/load", content=json.dumps(save)).json()
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
    r = client.post("/api/games", json={"volume": "palestine", "seat": "irgun", "seed": 3, "variant": variant})
    assert r.status_code == 400 and fragment in r.json()["error"], r.text
    assert not client.app.state.games.tables


def test_the_solo_deck_has_no_variants(client):
    r = client.post("/api/games", json={"volume": "solo1948", "seat": "israeli", "variant": {"name": "x"}})
    assert r.status_code == 400 and "has no variants" in r.json()["error"], r.text
