"""What a person playing Palestine is shown (britishway_env/session.py):
the board in words, the card in play, dice in words, why the bot chose
what it did, and where an action starts."""

from __future__ import annotations

import numpy as np

from . import layout as L
from .cards import CARD_TITLES
from .render import render_rgb, render_text

board = render_text
HAS_PICTURE = True                       # picture(game) draws the map
picture = render_rgb

# State-dict keys a move's "what changed" leaves out: bookkeeping, not the board.
ignored_keys = ("volume", "layout_version", "decision", "current_agent", "context", "played_cards",
                "undrawn_cards", "rng", "forced_chance", "seed", "history", "history_from_seed")

_HELP = {
    L.D_BOX: "pick a box of the Initiative Track (2.3.2): an Event, a Limited Op (one space, no Special "
             "Activity), an Op & Special Activity, or Pass in one of them",
    L.D_OPERATION: "pick the Operation to carry out (3.0)",
    L.D_SPACE: "pick a space for the Operation, or stop when done (3.1)",
    L.D_SA_SPACE: "pick a space for the Special Activity (4.0)",
    L.D_SA_AFTER: "take a Special Activity now or after the Operation (4.1)",
    L.D_EVENT_SPACE: "pick a space the event text names (5.1)",
    L.D_EVENT_COUNT: "how many pieces the event text moves (5.1)",
    L.D_EVENT_OPTION: "pick one of the event text's options (5.1)",
    L.D_EVENT_OP: "pick the Operation the event grants (5.1)",
    L.D_PROP_DISCARD: "Propaganda Round: the British discard Intel Chits (6.2)",
    L.D_PROP_ROB: "Propaganda Round: the Irgun Rob in a space (6.2)",
}


def card(game) -> str:
    c = int(game.state[L.CARD])
    return CARD_TITLES[c - 1] if c > 0 else ""


def campaign(game) -> int:
    """Campaigns end with a Propaganda card (6.0): 1 before the first Propaganda Round."""
    return int(game.state[L.PROPAGANDA_DONE]) + 1


def starts_action(game) -> bool:
    """A faction's action on a card starts with its box decision (2.3.2)."""
    return int(game.state[L.DECISION]) == L.D_BOX


def help(game) -> str:  # noqa: A001 - the session's name for a decision's help line
    d = int(game.state[L.DECISION])
    return _HELP.get(d, f"{L.DECISION_NAMES[d]}")


def dice(before: dict, after: dict, rolls: list[tuple[int, int]]) -> list[str]:
    """Rolls in words (``before``/``after``: the state dicts around the
    decision): the Intel Chits the British gained are draws from the bag
    (1.6.1), the last rolls of the decision; the others are dice (1.7)."""
    gained = max(0, len(after["intel_chits"]) - len(before["intel_chits"]))
    chits = rolls[len(rolls) - gained:] if gained else []
    out = [f"a die: {v + 1}" for _, v in rolls[:len(rolls) - len(chits)]]
    return out + [f"an Intel Chit from the bag ({faces} in it)" for faces, _ in chits]


def reason(game, policy: str, action: int) -> str:
    """Why the bot chose ``action``: the scripted bot's score for it and its
    next-best alternatives, a network's preferences, or "at random"."""
    from agents.trained import is_learned, load_network

    legal = game.legal_actions()
    if len(legal) == 1:
        return "its only choice"
    if policy == "random":
        return f"picked at random among {len(legal)} choices"
    if is_learned(policy):
        net = load_network(policy, "palestine", game.current_agent)
        logits = net.masked_logits(game.observation()[None], game.legal_mask()[None])[0].astype(np.float64)
        p = np.exp(logits - logits.max())
        p /= p.sum()
        top = [a for a in np.argsort(-p, kind="stable") if a in legal][:3]
        return "network: " + ", ".join(f"{game.action_name(int(a))} {p[a]:.0%}" for a in top)
    from .bots import NEG, scored_choice

    _, scores = scored_choice(game)
    scored = [a for a in legal if scores[a] > NEG / 2]
    if not scored:
        return "its rule of thumb for this decision (no scores)"
    scored.sort(key=lambda a: -scores[a])
    name = game.action_name
    head = f"scored {name(action)} {scores[action]:.2f}" if action in scored else \
        f"chose {name(action)} by a tie-break (not scored)"
    others = [a for a in scored if a != action][:2]
    if others:
        head += "; next best " + ", ".join(f"{name(a)} {scores[a]:.2f}" for a in others)
    return head
