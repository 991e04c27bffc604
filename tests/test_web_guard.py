"""`britishway serve` against other pages, other names and other clients.

A real `britishway serve` runs in a fresh process and is driven over
loopback with raw HTTP: a request whose Host is not the address served
(DNS rebinding), whose Origin is another page's, or a POST that is not
application/json is refused before it reaches a game; each client (its
cookie) sees and drops only its own games; a client that hangs up in the
middle of its body leaves no traceback in the server's log.
"""

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from britishway_env.web import server as S

REPO = Path(__file__).resolve().parent.parent
SOLO = json.dumps({"volume": "solo1948", "seat": "israeli", "seed": 2}).encode()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """(port, log file) of `britishway serve --port PORT` running in its own process."""
    port = _free_port()
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "britishway_env.cli", "serve", "--port", str(port)], cwd=REPO,
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        for _ in range(6000):                   # a hang guard
            if proc.poll() is not None:
                raise AssertionError(f"britishway serve exited: {log.read_text()[-3000:]}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        # The port opens before anything compiles: the solo deck's first game compiles it (202 until then).
        for _ in range(6000):
            if raw(port, "POST", "/api/games", {"Content-Type": "application/json"}, SOLO)[0] == 200:
                break
            time.sleep(0.1)
        yield port, log
    finally:
        proc.terminate()
        proc.wait(60)


def raw(port: int, method: str, path: str, headers: dict | None = None, body: bytes = b"",
        host: str | None = "default") -> tuple[int, dict, bytes]:
    """One HTTP/1.1 request over a fresh socket, written byte for byte: (status, headers, body)."""
    lines = [f"{method} {path} HTTP/1.1"]
    if host == "default":
        host = f"127.0.0.1:{port}"
    if host is not None:
        lines.append(f"Host: {host}")
    for k, v in (headers or {}).items():
        lines.append(f"{k}: {v}")
    lines += [f"Content-Length: {len(body)}", "Connection: close", "", ""]
    with socket.create_connection(("127.0.0.1", port), timeout=300) as s:
        s.sendall("\r\n".join(lines).encode("latin-1") + body)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    got = {}
    for line in header_lines:
        k, _, v = line.partition(":")
        got.setdefault(k.strip().lower(), []).append(v.strip())
    return int(status_line.split()[1]), got, rest


def _error(body: bytes) -> str:
    return json.loads(body)["error"]


def _cookie(headers: dict) -> str:
    (value,) = [c for c in headers.get("set-cookie", []) if c.startswith(S.CLIENT_COOKIE + "_")]
    return value.split(";")[0]


# ----------------------------------------------------------- other pages --

@pytest.mark.parametrize("origin, kind", [
    ("http://evil.example", "text/plain"),              # a cross-origin form or no-cors fetch
    ("http://evil.example", "application/json"),
    ("null", "application/json"),                       # a sandboxed frame, a file:// page
    ("http://localhost:{port}", "application/json"),    # another origin on this computer
    ("http://127.0.0.1:{other}", "application/json"),   # another port
    ("https://127.0.0.1:{port}", "application/json"),
])
def test_a_request_from_another_page_is_refused(served, origin, kind):
    port, _ = served
    origin = origin.format(port=port, other=port + 1)
    status, headers, body = raw(port, "POST", "/api/games", {"Origin": origin, "Content-Type": kind}, SOLO)
    assert status == 403 and "requests from other pages are refused" in _error(body) and origin in _error(body)
    assert "set-cookie" not in headers                  # refused before anything: no client, no game
    for method, path in (("GET", "/api/volumes"), ("OPTIONS", "/api/games"), ("GET", "/api/games/x/save")):
        assert raw(port, method, path, {"Origin": origin})[0] == 403


@pytest.mark.parametrize("host", ["evil.example:{port}", "rebound.example.com:{port}", "127.0.0.1:{other}",
                                  "127.0.0.1", "127.0.0.1:{port}@evil", "", None])
def test_a_request_for_another_host_is_refused(served, host):
    """DNS rebinding: a page of evil.example whose name now points at 127.0.0.1 still says evil.example."""
    port, _ = served
    host = host.format(port=port, other=port + 1) if host is not None else None
    for method, path, body in (("GET", "/", b""), ("GET", "/api/volumes", b""), ("POST", "/api/games", SOLO)):
        status, headers, answer = raw(port, method, path, {"Content-Type": "application/json"}, body, host=host)
        assert status == 400 and "set-cookie" not in headers, (host, status)
        if answer.startswith(b"{"):                     # the server's own answer (h11 refuses a missing Host)
            assert f"this server answers requests for port {port} of 127.0.0.1, localhost" in _error(answer)


def test_the_address_served_is_accepted_by_either_name(served):
    port, _ = served
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
        status, headers, body = raw(port, "GET", "/api/health", host=host)
        assert status == 200 and json.loads(body) == {"ok": True}
    origin = {"Origin": f"http://localhost:{port}", "Content-Type": "application/json"}
    status, _, body = raw(port, "POST", "/api/games", origin, SOLO, host=f"localhost:{port}")
    assert status == 200 and json.loads(body)["volume"] == "solo1948"


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; b=x",
                                  "application/jsonx", None])
def test_a_post_that_is_not_json_is_refused(served, kind):
    port, _ = served
    headers = {"Content-Type": kind} if kind is not None else {}
    status, _, body = raw(port, "POST", "/api/games", headers, SOLO)
    assert status == 415 and "Content-Type: application/json" in _error(body)
    ok = raw(port, "POST", "/api/games", {"Content-Type": "Application/JSON; charset=utf-8"}, SOLO)
    assert ok[0] == 200


# ---------------------------------------------------------- other clients --

def test_games_belong_to_the_client_that_made_them(served):
    port, _ = served
    status, headers, body = raw(port, "POST", "/api/games", {"Content-Type": "application/json"}, SOLO)
    assert status == 200
    mine = _cookie(headers)
    assert mine.startswith(S.client_cookie(port) + "=")      # the port served in its name
    set_cookie = headers["set-cookie"][0]
    assert "HttpOnly" in set_cookie and "SameSite=Strict" in set_cookie and "Path=/" in set_cookie
    gid = json.loads(body)["id"]
    action = json.loads(body)["choices"][0]["action"]
    as_me = {"Cookie": mine, "Content-Type": "application/json"}
    assert raw(port, "GET", f"/api/games/{gid}", as_me)[0] == 200
    assert "set-cookie" not in raw(port, "GET", f"/api/games/{gid}", as_me)[1]     # a known client keeps its token
    others = ({"Content-Type": "application/json"},                                 # no cookie: a new client
              {"Cookie": f"{S.client_cookie(port)}={'A' * 32}", "Content-Type": "application/json"},
              {"Cookie": f"{S.client_cookie(port)}=../{mine}", "Content-Type": "application/json"},
              {"Cookie": f"{S.client_cookie(port + 1)}={mine.split('=', 1)[1]}",    # my token, another port's
               "Content-Type": "application/json"})
    for other in others:
        for method, path, body in (("GET", "", b""), ("POST", "/act", json.dumps({"action": action}).encode()),
                                   ("POST", "/undo", b"{}"), ("POST", "/abort", b""), ("GET", "/save", b""),
                                   ("GET", "/map.png", b"")):
            status, _, answer = raw(port, method, f"/api/games/{gid}{path}", other, body)
            assert status == 404 and f"no game {gid!r}" in _error(answer), (other, path)
    status, _, body = raw(port, "GET", f"/api/games/{gid}", as_me)
    assert status == 200 and json.loads(body)["decisions"] == 0          # nobody else played it


def test_another_clients_new_games_never_drop_mine(served):
    port, _ = served
    status, headers, body = raw(port, "POST", "/api/games", {"Content-Type": "application/json"}, SOLO)
    me, gid = {"Cookie": _cookie(headers)}, json.loads(body)["id"]
    status, headers, _ = raw(port, "POST", "/api/games", {"Content-Type": "application/json"}, SOLO)
    other = {"Cookie": _cookie(headers), "Content-Type": "application/json"}
    for _ in range(S.MAX_GAMES_PER_CLIENT + 2):
        assert raw(port, "POST", "/api/games", other, SOLO)[0] == 200
    assert raw(port, "GET", f"/api/games/{gid}", me)[0] == 200


def _new(client, seed=1):
    for _ in range(6000):                               # the solo deck's first game compiles it (202)
        r = client.post("/api/games", json={"volume": "solo1948", "seat": "israeli", "seed": seed})
        if r.status_code != 202:
            break
        time.sleep(0.1)
    assert r.status_code == 200, r.text
    return r.json()["id"]


def test_a_full_server_refuses_a_new_game_rather_than_drop_one_being_played():
    clock = [0.0]
    games = S.Games(limit=4, per_client=2, abandoned_after=3600, clock=lambda: clock[0])
    app = S.create_app(games)
    clients = [TestClient(app, base_url="http://127.0.0.1:8000") for _ in range(4)]
    mine = _new(clients[0])
    for k in range(5):                                  # another client: only its own games go
        _new(clients[1], seed=k)
    assert len([t for t in games.tables.values() if t.client != games.tables[mine].client]) == 2
    _new(clients[2])
    assert len(games.tables) == 4
    full = clients[3].post("/api/games", json={"volume": "solo1948", "seat": "israeli", "seed": 1})
    assert len(games.tables) == 4 and full.status_code == 503 and "as many as it keeps" in full.json()["error"]
    assert clients[0].get(f"/api/games/{mine}").status_code == 200
    clock[0] += 1800                                    # half an hour: mine was read, the others not
    assert clients[0].get(f"/api/games/{mine}").status_code == 200
    clock[0] += 1800                                    # the others are now untouched for an hour: abandoned
    _new(clients[3])
    assert clients[0].get(f"/api/games/{mine}").status_code == 200 and len(games.tables) == 4


# ------------------------------------------------------------ hanging up --

def test_a_client_that_hangs_up_mid_body_leaves_no_traceback(served):
    port, log = served
    for path in ("/api/games", "/api/games/load"):
        with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
            s.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                      "Content-Length: 1000\r\n\r\n".encode() + b'{"volume": "solo1948", ' + b" " * 477)
        # the socket is closed with half the body sent
    time.sleep(1.0)                                     # let the server notice (a settle wait, not a timing check)
    assert raw(port, "GET", "/api/health")[0] == 200     # and it still answers
    text = log.read_text()
    assert "Traceback" not in text and "Exception" not in text and "ClientDisconnect" not in text, text[-3000:]


# ------------------------------------------------------------ the names a server answers to --

@pytest.mark.parametrize("bound, host, ok", [
    ("127.0.0.1", "127.0.0.1:8000", True), ("127.0.0.1", "localhost:8000", True),
    ("127.0.0.1", "[::1]:8000", False), ("127.0.0.1", "127.0.0.2:8000", False),
    ("127.0.0.1", "127.0.0.1", False), ("127.0.0.1", "evil.example:8000", False),
    ("::1", "[::1]:8000", True), ("::1", "localhost:8000", True), ("::1", "127.0.0.1:8000", False),
    ("localhost", "127.0.0.1:8000", True), ("localhost", "[::1]:8000", True),
    ("mybox.lan", "mybox.lan:8000", True), ("mybox.lan", "MyBox.LAN:8000", True),
    ("mybox.lan", "localhost:8000", False),
    ("0.0.0.0", "192.168.1.7:8000", True), ("0.0.0.0", "[fe80::1]:8000", True), ("0.0.0.0", "localhost:8000", True),
    ("0.0.0.0", "evil.example:8000", False), ("0.0.0.0", "192.168.1.7:8001", False),
    ("::", "10.0.0.2:8000", True), ("::", "rebound.example:8000", False),
])
def test_the_names_a_server_answers_to(bound, host, ok):
    assert S.Guard(None, bound, 8000).host_ok(host) is ok


def test_port_80_is_named_without_it():
    guard = S.Guard(None, "127.0.0.1", 80)
    assert guard.host_ok("127.0.0.1") and guard.host_ok("localhost:80") and not guard.host_ok("localhost:8000")
