"""``britishway serve``: a page where a person plays a whole game against a bot.

A small Starlette app over :class:`britishway_env.session.PlaySession`. The
server is the authority: the page sends only an action number it was
offered (or undo, abort, new game, load), and anything else gets a 400
answer whose ``error`` says what was wrong; the game is then unchanged.
Moving the bot and drawing the map run in worker threads, so a bot that is
thinking never holds up another request. Games live in this process's
memory (``MAX_GAMES``, the oldest dropped first); a person keeps a game by
saving it (the same JSON as ``britishway play`` writes) and loading it back.

Over the web a bot is named (``heuristic``, ``random``, ``trained``); a
policy file path is refused, so a request never makes the server read a
file it names.

Endpoints (JSON unless said)::

    GET  /                          the page (static/index.html, no build step)
    GET  /api/health                {"ok": true}
    GET  /api/volumes               volumes a person can play: seats, bots, whether there is a map picture
    POST /api/games                 {"volume", "seat", "bot", "seed"?} -> a new game's view
    POST /api/games/load            a save file's JSON -> that game's view
    GET  /api/games/{id}            the game's view
    POST /api/games/{id}/act        {"action": n} (one of the offered choices) -> the view after the bot's replies
    POST /api/games/{id}/undo       take back the person's last decision -> the view
    POST /api/games/{id}/abort      back to the start of the person's current action -> the view
    GET  /api/games/{id}/save       the save file (JSON, as a download)
    GET  /api/games/{id}/map.png    the map picture (PNG)
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from collections import OrderedDict
from dataclasses import asdict
from pathlib import Path

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..engine.statedict import check_seed
from ..errors import BritishWayError
from ..io import png_bytes
from ..registry import spec, volume_names
from ..session import MAX_SAVE_BYTES, PlaySession
from ..session import read_json as read_json_text

STATIC = Path(__file__).resolve().parent / "static"
MAX_GAMES = 64                      # games kept in memory; the oldest is dropped first
MAX_BODY_BYTES = MAX_SAVE_BYTES     # the largest request body (a save file)
WEB_BOTS = ("heuristic", "random", "trained")   # named bots only: no file paths over the web


class RequestError(Exception):
    """A bad request: answered 400 (404 for an unknown game) with ``error`` saying why."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


# matplotlib draws one picture at a time: its text and font caches are not made for threads.
_PICTURE_LOCK = threading.Lock()


class Table:
    """One game, its lock (one request at a time changes it) and the view of
    its last settled position (what a read answers while the bot thinks)."""

    def __init__(self, game_id: str, session: PlaySession):
        self.session = session
        self.lock = asyncio.Lock()
        self.view = view(game_id, session)

    def settle(self, game_id: str) -> dict:
        """The view after a change (called with the lock held)."""
        self.view = view(game_id, self.session)
        return self.view


class Games:
    """The games in memory, by unguessable id."""

    def __init__(self, limit: int = MAX_GAMES):
        self.limit = limit
        self.tables: OrderedDict[str, Table] = OrderedDict()

    def add(self, session: PlaySession) -> str:
        game_id = secrets.token_urlsafe(12)
        self.tables[game_id] = Table(game_id, session)
        while len(self.tables) > self.limit:
            self.tables.popitem(last=False)
        return game_id

    def get(self, game_id: str) -> Table:
        table = self.tables.get(game_id)
        if table is None:
            raise RequestError(f"no game {game_id!r} on this server (games are kept in memory: start a new one, "
                               "or load a saved game)", 404)
        self.tables.move_to_end(game_id)
        return table


def playable_volumes() -> list[dict]:
    """What the page offers: each volume with a table, its seats, its bots and whether it has a map picture."""
    out = []
    for name in volume_names():
        found = spec(name)
        if found.table is None:
            continue
        bots = [b for b in WEB_BOTS if b in found.policies or (b == "trained" and _has_trained(name))] \
            if found.several_seats and found.bot is not None else []
        out.append({"name": name, "title": found.title,
                    "seats": [{"id": a, "name": found.faction(a)} for a in found.agents],
                    "bots": bots, "picture": _has_picture(name)})
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
    return {
        "id": game_id, "volume": session.volume, "title": session.spec.title, "seed": session.seed,
        "human": list(session.human), "bot": session.bot, "bot_seats": list(session.bot_seats),
        "seat_names": {a: session.seat_name(a) for a in session.spec.agents},
        "to_move": session.to_move, "your_turn": session.persons_turn(), "over": session.over,
        "result": session.result(), "decision": g.phase, "help": session.decision_help() if not session.over else "",
        "choices": [{"action": a, "name": name} for a, name in session.choices()],
        "board": session.board_text(), "decisions": len(g.history),
        "log": [asdict(e) for e in session.log],
        "map": f"/api/games/{game_id}/map.png?v={len(g.history)}" if _has_picture(session.volume) else None,
    }


# ----------------------------------------------------------- reading bodies --
async def read_json(request: Request) -> object:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
        raise RequestError(f"the request body is larger than {MAX_BODY_BYTES:,} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise RequestError(f"the request body is larger than {MAX_BODY_BYTES:,} bytes")
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


def _new_game_args(body) -> tuple[str, tuple[str, ...], str | None, int]:
    d = _object(body, ("volume", "seat", "bot", "seed"), ("volume", "seat"))
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
        if not isinstance(bot, str) or bot not in info["bots"]:
            raise RequestError(f"bot must be one of {', '.join(info['bots'])}, got {bot!r}")
    elif bot is not None:
        raise RequestError("a person playing every seat has no bot: leave bot out")
    seed = d.get("seed")
    return volume, human, bot, secrets.randbelow(2**62) if seed is None else check_seed(seed)


# ------------------------------------------------------------------- the app --
def create_app(games: Games | None = None) -> Starlette:
    games = games if games is not None else Games()

    def answer(table: Table) -> JSONResponse:
        return JSONResponse(table.view)

    async def guarded(call):
        try:
            return await call()
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

    async def new_game(request: Request):
        async def go():
            volume, human, bot, seed = _new_game_args(await read_json(request))
            session = await anyio.to_thread.run_sync(lambda: PlaySession(volume, seed, human=human, bot=bot))
            return answer(games.get(games.add(session)))
        return await guarded(go)

    async def load_game(request: Request):
        async def go():
            body = await read_json(request)
            if isinstance(body, dict) and isinstance(body.get("bot"), str) and body["bot"] not in WEB_BOTS:
                raise RequestError(f"the save's bot {body['bot']!r} is not one the page offers "
                                   f"({', '.join(WEB_BOTS)}); play it with britishway play --load")
            session = await anyio.to_thread.run_sync(lambda: PlaySession.from_save(body, "the loaded save"))
            return answer(games.get(games.add(session)))
        return await guarded(go)

    async def show(request: Request):
        async def go():
            return answer(games.get(request.path_params["game_id"]))
        return await guarded(go)

    async def act(request: Request):
        async def go():
            game_id = request.path_params["game_id"]
            table = games.get(game_id)
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
                table = games.get(game_id)
                async with table.lock:
                    await anyio.to_thread.run_sync(getattr(table.session, method))
                    table.settle(game_id)
                return answer(table)
            return await guarded(go)
        return handler

    async def save(request: Request):
        async def go():
            table = games.get(request.path_params["game_id"])
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
            table = games.get(game_id)
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
    app = Starlette(routes=routes)
    app.state.games = games
    return app


def _png(table: Table) -> bytes:
    with _PICTURE_LOCK:
        rgb = table.session.picture()
    return png_bytes(rgb)


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server until Ctrl-C (uvicorn)."""
    import uvicorn

    uvicorn.run(create_app(), host=host, port=port, log_level="warning")
