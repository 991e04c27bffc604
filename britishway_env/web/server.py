"""``britishway serve``: a page where a person plays a whole game against a bot.

A small Starlette app over :class:`britishway_env.session.PlaySession`. The
server is the authority: the page sends only an action number it was
offered (or undo, abort, new game, load), and anything else gets a 400
answer whose ``error`` says what was wrong; the game is then unchanged.
Moving the bot and drawing the map run in worker threads, so a bot that is
thinking never holds up another request. Games live in this process's
memory; a person keeps a game by saving it (the same JSON as ``britishway
play`` writes) and loading it back.

Who may ask (:class:`Guard`, before any route):

* ``Host`` must name the address the server serves: the ``--host`` it was
  given with its port (``127.0.0.1`` and ``::1`` also answer to
  ``localhost``; a server on every interface, ``0.0.0.0`` or ``::``,
  answers to any IP address, ``localhost`` and this computer's name).
  Anything else, a name that a page's DNS rebinding pointed here included,
  is a 400.
* ``Origin``, when a request carries one, must be this server's own
  (``http://`` and the request's ``Host``): a page from anywhere else gets a
  403, so no web site the person visits can create, play or load games.
* A ``POST`` must say ``Content-Type: application/json`` (415 otherwise), so
  a browser never sends one cross-site without asking first.
* Each browser is a *client*: a random token in the cookie
  ``britishway_client_<port>`` (``HttpOnly``, ``SameSite=Strict``), set on its
  first request. A browser sends a host's cookies to every port of it, so the
  name carries the port served: two servers on one computer never read each
  other's clients. Games belong
  to the client that made them; another client's game is a 404, as an unknown
  one is. A client keeps at most ``MAX_GAMES_PER_CLIENT`` games (its own
  least recently used is dropped for a new one); the server at most
  ``MAX_GAMES``, and when it is full a new game takes the place of one left
  untouched for ``ABANDONED_AFTER_S`` seconds or, if none was, is refused
  (503): one client never drops another's game that is still being played.

A client that disconnects in the middle of its body is let go quietly.

A new game of a COIN volume may play a *variant* (docs/variants.md): the
request's ``variant`` is the variant as a JSON object (the mapping of a
variant file's TOML tables: ``volume``, ``name``, ``description``, ``setup``,
``deck``, ``rules``, ``restrict``), checked field by field
(``variants.variant_from_dict``); a bad one is a 400 whose ``error`` names
the field. A game's view names its variant (``variant``: name, description
and its changes in one line; null for the base game); its save keeps it, so
loading the save plays it again.

A volume's kernels compile when its first game is asked for, not before the
port opens (:class:`Compiler`: in a background thread, once per volume for
the whole process however many ask). Until they are ready a new game or a
load of that volume answers 202 with ``compiling`` (the volume), ``state``
and ``message`` (what compiles now); the page polls ``/api/compile/{volume}``
and sends the request again once its ``state`` is ``ready``.

Beside the map the page shows the card in play with both texts, the
Capabilities in effect (5.3) and the cards played (the view's ``card``,
``capabilities``, ``played``: each card ``number``, ``title``, ``unshaded``,
``shaded``, a Capability also its ``side`` and that side's ``text``). On the
map a person clicks a space to take the offered choice that names it: the
view's ``regions`` (the picture's ``width``, ``height`` and each space's
``shape``, ``circle`` ``cx cy r`` or ``rect`` ``x y w h``, in picture pixels),
``spaces`` (each space's pieces in words, shown on hover) and each choice's
``space`` (the space it names, or null).

Over the web a bot is named (``heuristic``, ``random``, ``trained``, ``search``,
``search:400``); a
policy file path is refused, so a request never makes the server read a
file it names.

Endpoints (JSON unless said)::

    GET  /                          the page (static/index.html, no build step)
    GET  /api/health                {"ok": true}
    GET  /api/volumes               volumes a person can play: seats, bots, whether there is a map picture
    GET  /api/compile/{volume}      {"volume", "state": "waiting" | "compiling" | "ready" | "failed", "message"}
    POST /api/games                 {"volume", "seat", "bot", "seed"?, "variant"?} -> a new game's view
                                    (202 {"compiling", "state", "message"} while the volume compiles)
    POST /api/games/load            a save file's JSON -> that game's view (202 as above)
    GET  /api/games/{id}            the game's view
    POST /api/games/{id}/act        {"action": n} (one of the offered choices) -> the view after the bot's replies
    POST /api/games/{id}/undo       {} (or no body): take back the person's last decision -> the view
    POST /api/games/{id}/abort      {} (or no body): back to the start of the person's current action -> the view
    GET  /api/games/{id}/save       the save file (JSON, as a download)
    GET  /api/games/{id}/map.png    the map picture (PNG)
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
import secrets
import socket
import threading
import time
from collections import OrderedDict
from pathlib import Path

import anyio
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request, cookie_parser
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import league
from ..engine.mixture import LEAGUE
from ..engine.statedict import check_seed
from ..errors import BritishWayError, VariantError
from ..io import png_bytes
from ..levels import level_of, levels, policy_of
from ..registry import spec, volume_names
from ..session import MAX_SAVE_BYTES, PlaySession
from ..session import read_json as read_json_text

STATIC = Path(__file__).resolve().parent / "static"
MAX_GAMES = 128                     # games kept in memory, all clients together
MAX_GAMES_PER_CLIENT = 8            # one client's games; its own least recently used goes first
ABANDONED_AFTER_S = 12 * 3600       # a game untouched this long may make room when the server is full
CLIENT_COOKIE = "britishway_client"        # the client cookie's name is this, "_" and the port served


def client_cookie(port: int) -> str:
    """The name of the client cookie of the server on ``port`` (cookies are not kept apart by port)."""
    return f"{CLIENT_COOKIE}_{int(port)}"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")          # secrets.token_urlsafe(24)
MAX_BODY_BYTES = MAX_SAVE_BYTES     # the largest request body (a save file)
# Named bots only: no file paths over the web, and the search at its named levels only (a request
# naming a million iterations would hold a worker thread for minutes). "league" is offered for a volume
# only while every seat of it has a league file that loads (britishway_env/league.py).
WEB_BOTS = ("heuristic", "random", "trained", "search", "search:100+value", "search:400", "league")
SEARCH_BOTS = ("search", "search:100+value", "search:400")


class Disconnected(Exception):
    """The client went away before its request body was complete: nobody to answer."""


class RequestError(Exception):
    """A bad request: answered 400 (404 for an unknown game) with ``error`` saying why."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


# matplotlib draws one picture at a time: its text and font caches are not made for threads.
_PICTURE_LOCK = threading.Lock()


def _compile_for_play(volume: str, echo) -> None:
    """``warmup.compile_for_play``: numba's cache loaded (seconds), or the kernels compiled (minutes, said)."""
    from ..warmup import compile_for_play

    echo(f"loading the compiled kernels of {spec(volume).title} from numba's cache...")
    compile_for_play(volume, echo)


class Compiler:
    """Each volume's kernels made ready once, in a background thread, when its first game is asked for
    (``compile(volume, echo)``: ``warmup.compile_for_play`` by default; ``echo`` gets its notices).
    One per process (:data:`COMPILER`): numba's compiled kernels are the process's. A compile that
    failed is tried again by the next request."""

    def __init__(self, compile=_compile_for_play, clock=time.monotonic):
        self._compile = compile
        self._clock = clock
        self._lock = threading.Lock()
        self._state: dict[str, dict] = {}

    def status(self, volume: str) -> dict:
        with self._lock:
            st = self._state.get(volume)
            if st is None:
                return {"volume": volume, "state": "waiting", "message": f"{volume} compiles at its first game"}
            out = {"volume": volume, "state": st["state"], "message": st["message"]}
            if st["state"] == "compiling":
                out["seconds"] = round(self._clock() - st["since"])
            return out

    def ready(self, volume: str) -> bool:
        """Whether ``volume``'s kernels are ready; if not, its compile is started (once)."""
        with self._lock:
            st = self._state.get(volume)
            if st is not None and st["state"] == "ready":
                return True
            if st is not None and st["state"] == "compiling":
                return False
            st = {"state": "compiling", "message": f"compiling {volume}...", "since": self._clock()}
            self._state[volume] = st
        threading.Thread(target=self._run, args=(volume, st), name=f"compile-{volume}", daemon=True).start()
        return False

    def _run(self, volume: str, st: dict) -> None:
        def echo(line: str) -> None:
            with self._lock:
                st["message"] = line

        try:
            self._compile(volume, echo)
        except Exception as err:                    # said to the page, which may ask again
            with self._lock:
                st.update(state="failed", message=f"compiling {volume} failed: {err}")
            return
        with self._lock:
            st.update(state="ready", message=f"{volume} is ready")

    def answer(self, volume: str) -> JSONResponse:
        """The 202 a request for a game of ``volume`` gets while it compiles (500 if its compile failed)."""
        st = self.status(volume)
        if st["state"] == "failed":                    # the next request tries again (``ready``)
            return JSONResponse({"error": st["message"]}, status_code=500)
        return JSONResponse({"compiling": volume, **st}, status_code=202)


COMPILER = Compiler()


class Table:
    """One game, the client it belongs to, its lock (one request at a time
    changes it) and the view of its last settled position (what a read
    answers while the bot thinks)."""

    def __init__(self, game_id: str, client: str, session: PlaySession, now: float):
        self.client = client
        self.session = session
        self.lock = asyncio.Lock()
        self.touched = now
        self.view = view(game_id, session)

    def settle(self, game_id: str) -> dict:
        """The view after a change (called with the lock held)."""
        self.view = view(game_id, self.session)
        return self.view


class Games:
    """The games in memory, by unguessable id, each belonging to one client
    (least recently used first). A client's new game drops only that client's
    own games; a full server drops only abandoned ones, or refuses."""

    def __init__(self, limit: int = MAX_GAMES, per_client: int = MAX_GAMES_PER_CLIENT,
                 abandoned_after: float = ABANDONED_AFTER_S, clock=time.monotonic):
        self.limit = limit
        self.per_client = per_client
        self.abandoned_after = abandoned_after
        self.clock = clock
        self.tables: OrderedDict[str, Table] = OrderedDict()

    def add(self, client: str, session: PlaySession) -> str:
        now = self.clock()
        mine = [gid for gid, t in self.tables.items() if t.client == client]
        for gid in mine[:max(0, len(mine) - self.per_client + 1)]:
            del self.tables[gid]
        if len(self.tables) >= self.limit:
            for gid in [gid for gid, t in self.tables.items() if now - t.touched >= self.abandoned_after]:
                del self.tables[gid]
                if len(self.tables) < self.limit:
                    break
        if len(self.tables) >= self.limit:
            raise RequestError(f"the server holds {len(self.tables)} games being played, as many as it keeps; "
                               "try again later, or play an earlier game of yours", 503)
        game_id = secrets.token_urlsafe(12)
        self.tables[game_id] = Table(game_id, client, session, now)
        return game_id

    def get(self, client: str, game_id: str) -> Table:
        table = self.tables.get(game_id)
        if table is None or not secrets.compare_digest(table.client, client):
            raise RequestError(f"no game {game_id!r} on this server (games are kept in memory: start a new one, "
                               "or load a saved game)", 404)
        self.tables.move_to_end(game_id)
        table.touched = self.clock()
        return table


# ---------------------------------------------------------- who may ask --
def served_names(host: str) -> tuple[set[str], bool]:
    """The host names a server bound to ``host`` answers to, and whether any IP address is one
    (a server on every interface)."""
    bare = host.strip("[]").lower()
    if bare in ("0.0.0.0", "::", ""):
        return {"localhost", socket.gethostname().lower()}, True
    names = {bare}
    try:
        if ipaddress.ip_address(bare).is_loopback:
            names.add("localhost")
    except ValueError:
        if bare == "localhost":
            names |= {"127.0.0.1", "::1"}
    return names, False


def _split_host(value: str) -> tuple[str, int | None] | None:
    """(name, port) of a Host header (``name``, ``name:port``, ``[v6]:port``); None if malformed."""
    m = re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::([0-9]{1,5}))?", value)
    if m is None:
        return None
    return m.group(1).strip("[]").lower(), int(m.group(2)) if m.group(2) else None


class Guard:
    """ASGI middleware that refuses, before any route runs, a request whose
    ``Host`` is not the address served, whose ``Origin`` is not this server's,
    or a ``POST`` that is not ``application/json``; and gives each client its
    token (the cookie :func:`client_cookie` of its port), read by the routes as
    ``request.state.client``."""

    def __init__(self, app, host: str, port: int):
        self.app = app
        self.port = port
        self.cookie = client_cookie(port)
        self.names, self.any_ip = served_names(host)

    def host_ok(self, value: str) -> bool:
        parts = _split_host(value)
        if parts is None:
            return False
        name, port = parts
        if (port if port is not None else 80) != self.port:
            return False
        if name in self.names:
            return True
        if self.any_ip:
            try:
                ipaddress.ip_address(name)
                return True
            except ValueError:
                return False
        return False

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        hosts = headers.getlist("host")
        if len(hosts) != 1 or not self.host_ok(hosts[0]):
            shown = ", ".join(repr(h) for h in hosts) or "none"
            await _refuse(send, 400, f"this server answers requests for port {self.port} of "
                                     f"{', '.join(sorted(self.names))}{' or any IP address' if self.any_ip else ''};"
                                     f" the request's Host is {shown}")
            return
        origins = headers.getlist("origin")
        if origins and (len(origins) != 1 or origins[0].lower() != f"http://{hosts[0]}".lower()):
            await _refuse(send, 403, f"requests from other pages are refused: Origin {', '.join(map(repr, origins))} "
                                     f"is not this server's (http://{hosts[0]})")
            return
        if scope["method"] == "POST":
            kind = headers.get("content-type", "")
            if kind.split(";")[0].strip().lower() != "application/json":
                await _refuse(send, 415, f"a POST body must be JSON sent as Content-Type: application/json, "
                                         f"got {kind!r}" if kind else "a POST body must be JSON sent as "
                                         "Content-Type: application/json; the request has no Content-Type")
                return
        token = cookie_parser(headers.get("cookie", "")).get(self.cookie, "")
        new = not _TOKEN.fullmatch(token)
        if new:
            token = secrets.token_urlsafe(24)
        scope.setdefault("state", {})["client"] = token

        async def send_with_cookie(message):
            if message["type"] == "http.response.start":
                cookie = f"{self.cookie}={token}; Path=/; HttpOnly; SameSite=Strict".encode("latin-1")
                message = dict(message, headers=list(message.get("headers", [])) + [(b"set-cookie", cookie)])
            await send(message)

        await self.app(scope, receive, send_with_cookie if new else send)


async def _refuse(send, status: int, error: str) -> None:
    body = json.dumps({"error": error}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def playable_volumes() -> list[dict]:
    """What the page offers: each volume with a table, its seats, its bots and whether it has a map picture."""
    out = []
    for name in volume_names():
        found = spec(name)
        if found.table is None:
            continue
        bots = [b for b in WEB_BOTS if b in found.policies
                or (b in ("trained",) + SEARCH_BOTS and _has_trained(name))
                or (b == LEAGUE and league.available(name))] \
            if found.several_seats and found.bot is not None else []
        offered = [lv for lv in levels(name) if lv.policy in bots]
        out.append({"name": name, "title": found.title,
                    "seats": [{"id": a, "name": found.faction(a)} for a in found.agents],
                    "bots": bots, "levels": [lv.to_dict() for lv in offered], "picture": _has_picture(name)})
    return sorted(out, key=lambda v: not v["bots"])      # volumes with a bot first


def _has_trained(volume: str) -> bool:
    """Every seat of the volume has a shipped network (the bot "trained")."""
    from agents.trained import SHIPPED_SEATS

    return all((volume, seat) in SHIPPED_SEATS for seat in spec(volume).agents)


def _has_picture(volume: str) -> bool:
    found = spec(volume)
    return bool(found.resolve(found.table).HAS_PICTURE)


def view(game_id: str, session: PlaySession) -> dict:
    """Everything the page shows of a game."""
    g = session.game
    table = session.table
    picture = _has_picture(session.volume)
    return {
        "id": game_id, "volume": session.volume, "title": session.spec.title, "seed": session.seed,
        "human": list(session.human), "bot": session.bot, "bot_seats": list(session.bot_seats),
        "bot_words": session.bot_words() if session.bot_seats else "", "scores_are": session.scores_meaning(),
        "level": None if (lv := level_of(session.volume, session.bot)) is None else lv.to_dict(),
        "sandbox": session.sandbox, "undo_rule": session.undo_rule(), "undo_refused": session.undo_refusal(),
        "seat_names": {a: session.seat_name(a) for a in session.spec.agents},
        "to_move": session.to_move, "your_turn": session.persons_turn(), "over": session.over,
        "result": session.result(), "decision": g.phase, "help": session.decision_help() if not session.over else "",
        "choices": [{"action": a, "name": name, "space": table.action_space(g, a) if picture else None}
                    for a, name in session.choices()],
        "notes": session.menu_notes(),
        "board": session.board_text(), "decisions": len(g.history),
        "log": [e.to_dict() for e in session.log],
        "map": f"/api/games/{game_id}/map.png?v={len(g.history)}" if picture else None,
        "regions": table.map_regions() if picture else None,
        "spaces": table.spaces_in_words(g) if picture else None,
        **table.cards(g),
        "variant": None if session.variant is None else {
            "name": session.variant.name, "description": session.variant.description,
            "changes": session.variant_line()},
        "rounds": [r.to_dict() for r in session.round_summaries()],
        "ending": None if (end := session.ending()) is None else end.to_dict(),
    }


# ----------------------------------------------------------- reading bodies --
async def read_json(request: Request) -> object:
    """The request body as JSON (at most ``MAX_BODY_BYTES``, UTF-8, no NaN): RequestError otherwise."""
    return _parse(await read_body(request))


async def read_body(request: Request) -> bytes:
    """The request body, at most ``MAX_BODY_BYTES`` of it (Disconnected if the client leaves first)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
        raise RequestError(f"the request body is larger than {MAX_BODY_BYTES:,} bytes")
    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY_BYTES:
                raise RequestError(f"the request body is larger than {MAX_BODY_BYTES:,} bytes")
    except ClientDisconnect:
        raise Disconnected() from None
    return body


def _parse(body: bytes) -> object:
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise RequestError("the request body is not UTF-8 text") from None
    return read_json_text(text, "the request body")


def _object(body, keys: tuple[str, ...], required: tuple[str, ...]) -> dict:
    if not isinstance(body, dict):
        raise RequestError(f"the request body must be a JSON object with {', '.join(required)}")
    unknown = sorted(str(k) for k in body if k not in keys)
    if unknown:
        raise RequestError(f"unknown field(s) {', '.join(unknown)}; expected {', '.join(keys)}")
    missing = [k for k in required if k not in body]
    if missing:
        raise RequestError(f"missing field(s) {', '.join(missing)}")
    return body


def _new_game_args(body) -> tuple[str, tuple[str, ...], str | None, int, dict | None, bool]:
    d = _object(body, ("volume", "seat", "bot", "seed", "variant", "sandbox"), ("volume", "seat"))
    volume = d["volume"]
    names = {v["name"]: v for v in playable_volumes()}
    if not isinstance(volume, str) or volume not in names:
        raise RequestError(f"volume must be one of {', '.join(names)}, got {volume!r}")
    info = names[volume]
    seats = [s["id"] for s in info["seats"]]
    seat = d["seat"]
    if seat == "all":
        human = tuple(seats)
    elif isinstance(seat, str) and seat in seats:
        human = (seat,)
    else:
        raise RequestError(f"seat must be one of {', '.join(seats + ['all'])}, got {seat!r}")
    bot = d.get("bot")
    if len(human) < len(seats):
        if bot is None:
            bot = "heuristic"
        if isinstance(bot, str):
            bot = policy_of(volume, bot)               # a level's name plays its agent
        if not isinstance(bot, str) or bot not in info["bots"]:
            names = [lv["name"] for lv in info["levels"]]
            raise RequestError(f"bot must be a level ({', '.join(names)}) or one of {', '.join(info['bots'])}, "
                               f"got {d.get('bot')!r}")
    elif bot is not None:
        raise RequestError("a person playing every seat has no bot: leave bot out")
    seed = d.get("seed")
    seed = secrets.randbelow(2**62) if seed is None else check_seed(seed)
    variant = d.get("variant")
    if variant is not None:
        from ..variants import COIN_VOLUMES

        if volume not in COIN_VOLUMES:
            raise RequestError(f"the {info['title']} has no variants (they exist for {', '.join(COIN_VOLUMES)}): "
                               "leave variant out")
        if not isinstance(variant, dict):
            raise RequestError("variant must be a JSON object: a variant's volume, name and its changes "
                               f"(setup, deck, rules, restrict; docs/variants.md), got {json.dumps(variant)[:80]}")
    sandbox = d.get("sandbox", False)
    if not isinstance(sandbox, bool):
        raise RequestError(f"sandbox must be true (full undo, marked on the save) or false, got {sandbox!r}")
    return volume, human, bot, seed, variant, sandbox


def _check_variant(volume: str, variant: dict | None):
    """The request's variant checked field by field (a worker thread: it loads the variant's setup)."""
    if variant is None:
        return None
    from ..variants import variant_from_dict

    try:
        return variant_from_dict(variant, volume=volume, where="variant")
    except VariantError as err:
        raise RequestError(str(err)) from None


# ------------------------------------------------------------------- the app --
def create_app(games: Games | None = None, *, host: str = "127.0.0.1", port: int = 8000,
               compiler: Compiler | None = None) -> Starlette:
    """The app, answering for ``host``:``port`` (the address it is served on: the :class:`Guard` checks
    every request's ``Host`` and ``Origin`` against it); ``compiler``: :data:`COMPILER` unless given."""
    games = games if games is not None else Games()
    compiler = compiler if compiler is not None else COMPILER

    def client(request: Request) -> str:
        return request.state.client

    def answer(table: Table) -> JSONResponse:
        return JSONResponse(table.view)

    async def guarded(call):
        try:
            return await call()
        except Disconnected:
            return Response(status_code=400)              # sent to nobody: the client has gone
        except RequestError as err:
            return JSONResponse({"error": str(err)}, status_code=err.status)
        except BritishWayError as err:
            return JSONResponse({"error": str(err)}, status_code=400)

    async def index(request: Request):
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def health(request: Request):
        return JSONResponse({"ok": True})

    async def volumes(request: Request):
        return JSONResponse(await anyio.to_thread.run_sync(playable_volumes))

    async def compiling(request: Request):
        async def go():
            volume = request.path_params["volume"]
            names = [n for n in volume_names() if spec(n).table is not None]
            if volume not in names:
                raise RequestError(f"no volume {volume!r}: volumes are {', '.join(names)}", 404)
            return JSONResponse(compiler.status(volume))
        return await guarded(go)

    async def new_game(request: Request):
        async def go():
            volume, human, bot, seed, variant, sandbox = _new_game_args(await read_json(request))
            if not compiler.ready(volume):
                return compiler.answer(volume)

            def start() -> PlaySession:
                return PlaySession(volume, seed, human=human, bot=bot, variant=_check_variant(volume, variant),
                                   sandbox=sandbox)
            session = await anyio.to_thread.run_sync(start)
            return answer(games.get(client(request), games.add(client(request), session)))
        return await guarded(go)

    async def load_game(request: Request):
        async def go():
            body = await read_json(request)
            if isinstance(body, dict) and isinstance(body.get("bot"), str) and body["bot"] not in WEB_BOTS:
                raise RequestError(f"the save's bot {body['bot']!r} is not one the page offers "
                                   f"({', '.join(WEB_BOTS)}); play it with britishway play --load")
            volume = body.get("volume") if isinstance(body, dict) else None
            if isinstance(volume, str) and volume in volume_names() and spec(volume).table is not None \
                    and not compiler.ready(volume):
                return compiler.answer(volume)              # a save of another volume is refused as it was
            session = await anyio.to_thread.run_sync(lambda: PlaySession.from_save(body, "the loaded save"))
            return answer(games.get(client(request), games.add(client(request), session)))
        return await guarded(go)

    async def show(request: Request):
        async def go():
            return answer(games.get(client(request), request.path_params["game_id"]))
        return await guarded(go)

    async def act(request: Request):
        async def go():
            game_id = request.path_params["game_id"]
            table = games.get(client(request), game_id)
            d = _object(await read_json(request), ("action",), ("action",))
            action = d["action"]
            if isinstance(action, bool) or not isinstance(action, int):
                raise RequestError(f"action must be the number of an offered choice, got {json.dumps(action)}")
            async with table.lock:
                await anyio.to_thread.run_sync(table.session.play, action)
                table.settle(game_id)
            return answer(table)
        return await guarded(go)

    def taking_back(method: str):
        async def handler(request: Request):
            async def go():
                game_id = request.path_params["game_id"]
                table = games.get(client(request), game_id)
                body = await read_body(request)
                if body.strip():                         # no fields: an empty body or {}
                    _object(_parse(body), (), ())
                async with table.lock:
                    await anyio.to_thread.run_sync(getattr(table.session, method))
                    table.settle(game_id)
                return answer(table)
            return await guarded(go)
        return handler

    async def save(request: Request):
        async def go():
            table = games.get(client(request), request.path_params["game_id"])
            async with table.lock:                       # a settled position
                s = table.session
                payload = s.save_payload()
            name = f"{s.volume}-{s.seed}.json"
            return Response(json.dumps(payload, indent=1), media_type="application/json",
                            headers={"Content-Disposition": f'attachment; filename="{name}"'})
        return await guarded(go)

    async def map_png(request: Request):
        async def go():
            game_id = request.path_params["game_id"]
            table = games.get(client(request), game_id)
            session = table.session
            if not _has_picture(session.volume):
                raise RequestError(f"the {session.spec.title} has no map picture", 404)
            async with table.lock:                       # the picture of a settled position
                data = await anyio.to_thread.run_sync(_png, table)
            return Response(data, media_type="image/png", headers={"Cache-Control": "no-store"})
        return await guarded(go)

    routes = [
        Route("/", index),
        Route("/api/health", health),
        Route("/api/volumes", volumes),
        Route("/api/compile/{volume}", compiling),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/load", load_game, methods=["POST"]),
        Route("/api/games/{game_id}", show),
        Route("/api/games/{game_id}/act", act, methods=["POST"]),
        Route("/api/games/{game_id}/undo", taking_back("undo"), methods=["POST"]),
        Route("/api/games/{game_id}/abort", taking_back("abort"), methods=["POST"]),
        Route("/api/games/{game_id}/save", save),
        Route("/api/games/{game_id}/map.png", map_png),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(Guard, host=host, port=port)])
    app.state.games = games
    app.state.compiler = compiler
    return app


def _png(table: Table) -> bytes:
    with _PICTURE_LOCK:
        rgb = table.session.picture()
    return png_bytes(rgb)


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server until Ctrl-C (uvicorn)."""
    import uvicorn

    uvicorn.run(create_app(host=host, port=port), host=host, port=port, log_level="warning")
