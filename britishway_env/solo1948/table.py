"""What a person playing the solo deck is shown (britishway_env/session.py).

The player is the Israelis against the deck; there is no bot seat and no map
picture (the board in words is the whole table)."""

from __future__ import annotations

from . import layout as L
from .cards import FRONT_NAMES
from .game import EVENT_NAMES
from .render import render_text

board = render_text
HAS_PICTURE = False                       # picture(game) draws the map

# State-dict keys a move's "what changed" leaves out: the decks (hidden order) and bookkeeping.
ignored_keys = ("volume", "layout_version", "phase", "undrawn", "drawn", "rng", "forced_chance", "seed",
                "history", "history_from_seed")

_HELP = {
    L.PH_DEPLOY: "deploy the Unit card you drew to a front (North, Central or South)",
    L.PH_EVENT_TARGET: "pick the front the event card targets",
    L.PH_TRANSFER: "move Units between fronts before the Battle Phase, or stop",
}


def picture(game):
    """None: the solo deck has no map picture."""
    return None


def card(game) -> str:
    """The turn and its event card (each turn reveals one)."""
    event = int(game.state[L.EVENT])
    return f"turn {game.turn}" + (f", event {EVENT_NAMES[event]}" if event >= 0 else "")


def campaign(game) -> int:
    return game.turn


def starts_action(game) -> bool:
    """The player's action is their whole turn: it starts at the first decision of a turn (the
    session marks a new turn itself)."""
    return False


def help(game) -> str:  # noqa: A001 - the session's name for a decision's help line
    phase = int(game.state[L.PHASE])
    return _HELP.get(phase, L.PHASE_NAMES[phase])


def dice(before: dict, after: dict, rolls: list[tuple[int, int]], game=None, action=None) -> list[str]:
    """Rolls of three faces pick a front; others pick a random Unit card at a front."""
    return [f"a front: {FRONT_NAMES[v]}" if faces == 3 else f"Unit card {v + 1} of {faces}" for faces, v in rolls]


def reason(game, policy: str, action: int) -> str:
    return ""


# ------------------------------------------------------------ the page --
# What the page of `britishway serve` shows beside the board (britishway_env/web/server.py): no map
# picture, so no regions; the cards are the event cards, one text each (our wording, render.event_text).

def card_texts(number: int) -> dict:
    """Event card ``number`` (1-based, in the card list's order): its name and what it does."""
    from .render import event_text

    n = int(number)
    return {"number": n, "title": EVENT_NAMES[n - 1], "unshaded": event_text(n - 1), "shaded": None}


def cards(game) -> dict:
    """The event card of this turn (None before the first), no Capabilities, and the event cards drawn."""
    event = int(game.state[L.EVENT])
    drawn = game.state[L.EVENT_DECK:L.EVENT_DECK + int(game.state[L.EVENT_DRAWN])]
    return {"card": card_texts(event + 1) if event >= 0 else None, "capabilities": [],
            "played": [card_texts(int(e) + 1) for e in drawn]}
