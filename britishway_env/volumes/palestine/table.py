"""What a person playing Palestine is shown (britishway_env/session.py):
the board in words, the card in play, dice in words, why the bot chose
what it did, and where an action starts."""

from __future__ import annotations

from .. import coin_table
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
    return coin_table.card(game, CARD_TITLES)


campaign = coin_table.campaign
starts_action = coin_table.starts_action


def help(game) -> str:  # noqa: A001 - the session's name for a decision's help line
    d = int(game.state[L.DECISION])
    return _HELP.get(d, f"{L.DECISION_NAMES[d]}")


dice = coin_table.dice


def reason(game, policy: str, action: int) -> str:
    """Why the bot chose ``action`` (its scores, a network's preferences, or "at random")."""
    from .bots import NEG, scored_choice

    return coin_table.reason(game, policy, action, "palestine", scored_choice, NEG)


# ------------------------------------------------------------ the page --
# What the page of `britishway serve` shows beside the map and on it (britishway_env/web/server.py).

def map_regions() -> dict:
    """The picture's size and each space's region in its pixels."""
    from .render import map_regions as regions

    return regions()


def spaces_in_words(game) -> dict[str, str]:
    """Each space's pieces and markers in words (the map's hover text)."""
    from .render import spaces_in_words as words

    return words(game.to_dict())


def card_texts(number: int) -> dict:
    """Card ``number``: number, title, unshaded and shaded text (5.2)."""
    from .card_texts import card_text

    return coin_table.card_texts(number, CARD_TITLES, card_text)


def cards(game) -> dict:
    """The card in play, the Capabilities in effect (5.3) and the cards played, with their texts."""
    from .card_texts import card_text

    return coin_table.cards(game, CARD_TITLES, card_text)


def _names() -> tuple[str, ...]:
    from ..boards.palestine import N_MAP_SPACES, SPACE_NAMES

    return SPACE_NAMES[:N_MAP_SPACES]


def action_space(game, action: int) -> str | None:
    """The space an offered action names (clicking that space on the map takes it), or None; Mass
    Detention's Active Cells are named by the count actions (4.2.3)."""
    from .turns import pending

    a, names = int(action), _names()
    if int(pending(game.state)) == L.D_MASS_DETENTION and L.A_COUNT <= a < L.A_COUNT + len(names):
        return names[a - L.A_COUNT]
    return coin_table.action_space(a, names, L)
