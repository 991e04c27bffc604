"""What a person playing Cyprus is shown (britishway_env/session.py): the
board in words and as a picture, the card in play, dice in words, why the
bot chose what it did, and where an action starts."""

from __future__ import annotations

from ...engine.coin import initiative
from .. import coin_table
from .game import MAP_NAMES as SPACE_NAMES
from ...engine.coin.header import RULE_PARAMETERS
from . import events, operations, turns
from .parameters import P_DIPLOMACY_CALM_TOWNS, P_SABOTAGE_CACHE_BONUS, P_SABOTAGE_ROLL_ABOVE
from . import layout as L
from .cards import CARD_TITLES, N_EVENT_CARDS
from .render import render_rgb, render_text

board = render_text
HAS_PICTURE = True                       # picture(game) draws the map
picture = render_rgb

ignored_keys = coin_table.IGNORED_KEYS     # a move's "what changed" leaves them out

_HELP = {
    L.D_BOX: "pick a box of the Initiative Track (2.3.2): an Event, a Limited Op (one space, no Special "
             "Activity), an Op & Special Activity, or Pass in one of them (British: an Intel Chit; EOKA: "
             "Ambush in one space, 2.3.3)",
    L.D_OPERATION: "pick the Operation to carry out (3.0)",
    L.D_SPACE: "pick a space for the Operation, or stop when done (3.1); 'the other way' is a capability's "
               "option in that space",
    L.D_SA_SPACE: "pick a space for the Special Activity (4.0)",
    L.D_SA_AFTER: "take a Special Activity now or after the Operation (4.1)",
    L.D_EVENT_SPACE: "pick a space the event text names (5.1)",
    L.D_EVENT_COUNT: "how far the event shifts International Opinion (5.1)",
    L.D_EVENT_OPTION: "pick one of the event text's options (5.1)",
    L.D_EVENT_OP: "pick the Operation the event grants (5.1)",
    L.D_CURFEW_FROM: "no Curfew is Available: pick the one that moves from the map (1.10)",
    L.D_PROP_DISCARD: "Propaganda Round: the British discard Intel Chits (6.2.2)",
    L.D_PROP_CACHE: "Propaganda Round: EOKA may place an Arms Cache (6.2.1)",
}


def card(game) -> str:
    return coin_table.card(game, CARD_TITLES)


campaign = coin_table.campaign
starts_action = coin_table.starts_action
def dice(before: dict, after: dict, rolls: list[tuple[int, int]], game=None, action=None) -> list[str]:
    """Dice and Intel Chit draws in words (coin_table.dice), the first die of a
    Diplomacy, an Ambush, a Sabotage or a Smuggle under ROYAL NAVY BLOCKADE
    with what it was for and its modifier."""
    return coin_table.dice(before, after, rolls, game, action, _roll_purpose)


def _roll_purpose(game, action):
    """What the decision's first die is for, with the modifier the rules kernel
    adds (operations.sabotage_modifier): a Diplomacy that rolls (4.2.2), an
    Ambush (3.3.4), the Sabotage roll of a space (3.3.3) or a Smuggle's
    placement under ROYAL NAVY BLOCKADE unshaded (4.3.1, C9); None for other
    decisions."""
    s = game.state
    d = int(turns.pending(s))
    if d == L.D_SA_SPACE and int(s[L.SA]) == L.SA_SMUGGLE and L.A_SPACE <= action < L.A_SPACE + L.N_MAP_SPACES \
            and operations.capability(s, L.CAP_BLOCKADE, L.CAP_UNSHADED):   # operations.smuggle_place
        return (f"Smuggle in {SPACE_NAMES[action - L.A_SPACE]} under {CARD_TITLES[8]} unshaded (4.3.1): the Arms "
                "Cache placed on 4 or more", 0, "the capability adds none")
    calm = int(s[RULE_PARAMETERS + P_DIPLOMACY_CALM_TOWNS])
    if action == L.A_SA + L.SA_DIPLOMACY and d in (L.D_SPACE, L.D_SA_AFTER) \
            and int(operations.towns_marked(s)) > calm:    # a roll only then (operations.diplomacy)
        return (f"Diplomacy (4.2.2), International Opinion one step left above its value "
                f"{int(s[L.OPINION])}", 0, f"Diplomacy adds none; it rolls as more than {calm} Towns have "
                                            "Sabotage or Curfew")
    if d == L.D_SPACE and int(s[L.OP]) == L.OP_AMBUSH and (L.A_SPACE <= action < L.A_COUNT
                                                         or L.A_ALT <= action < L.A_ALT + L.N_MAP_SPACES):
        lorries = action >= L.A_ALT             # ROAD AMBUSHES shaded (C32): no Police removed first
        where = action - (L.A_ALT if lorries else L.A_SPACE)
        police_off = 0 if lorries or int(s[operations.at(where, L.POLICE)]) == 0 else 1
        left = int(operations.cubes(s, where)) - police_off
        return (f"Ambush in {SPACE_NAMES[where]} (3.3.4), succeeding above the {left} cubes left there", 0,
                "Ambush adds none")
    space, cache = -1, False
    if d == L.D_SPACE and int(s[L.OP]) == L.OP_SABOTAGE and L.A_SPACE <= action < L.A_COUNT:
        space = action - L.A_SPACE
    elif d == L.D_SABOTAGE_CACHE:
        space, cache = int(s[L.CUR]), action != L.A_STOP
    if space < 0:
        return None
    m = int(operations.sabotage_modifier(s, space, cache))
    bonus = int(s[RULE_PARAMETERS + P_SABOTAGE_CACHE_BONUS]) if cache else 0
    police = bonus - m
    parts = ([f"+{bonus} for the Arms Cache spent"] if cache else []) + \
        ([f"-1 per Police there, {police} of them"] if police else [])
    return (f"Sabotage in {SPACE_NAMES[space]} (3.3.3), succeeding above "
            f"{int(s[RULE_PARAMETERS + P_SABOTAGE_ROLL_ABOVE])}", m, "; ".join(parts) or "no Arms Cache, no Police "
            "counted")


def help(game) -> str:  # noqa: A001 - the session's name for a decision's help line
    d = int(game.state[L.DECISION])
    moving = coin_table.move_help(game, SPACE_NAMES)
    if moving is not None:
        return moving
    return _HELP.get(d, f"{L.DECISION_NAMES[d]}")


scores_are = coin_table.LOOKAHEAD_SCORES[1]        # what the scripted bot's scores are, in full


def reason(game, policy: str, action: int) -> str:
    """Why the bot chose ``action``: the scripted bot's average worth for it
    and the next-best two, or "at random"."""
    from .bots import NEG, scored_choice

    return coin_table.reason(game, policy, action, "cyprus", scored_choice, NEG)


def notes(game) -> list[str]:
    """Lines the menu shows under the choices: the event texts left off because
    they would have no effect now (5.1.3; rules decision C-8)."""
    return coin_table.event_notes(game, CARD_TITLES, N_EVENT_CARDS, events.event_playable,
                                  lambda s, f: initiative.box_open(s, f, L.BOX_EVENT),
                                  "C-8", events.SINGLE_TEXT)


# ------------------------------------------------------------ the page --
# What the page of `britishway serve` shows beside the map and on it (britishway_env/web/server.py).

_page = coin_table.Page(__package__, CARD_TITLES, SPACE_NAMES, L)
map_regions, spaces_in_words = _page.map_regions, _page.spaces_in_words
card_texts, cards = _page.card_texts, _page.cards
action_space = _page.action_space
