"""What a person playing Palestine is shown (britishway_env/session.py):
the board in words, the card in play, dice in words, why the bot chose
what it did, and where an action starts."""

from __future__ import annotations

from ...engine.coin import initiative
from ..boards.palestine import N_MAP_SPACES, SPACE_NAMES
from .. import coin_table
from ...engine.coin.header import RULE_PARAMETERS
from . import events, operations, resources, turns
from .parameters import P_SABOTAGE_SUCCESS_ABOVE
from . import layout as L
from .cards import CARD_TITLES, N_EVENT_CARDS
from .render import render_rgb, render_text

board = render_text
HAS_PICTURE = True                       # picture(game) draws the map
picture = render_rgb

ignored_keys = coin_table.IGNORED_KEYS     # a move's "what changed" leaves them out

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
    moving = coin_table.move_help(game, SPACE_NAMES)
    if moving is not None:
        return moving
    if d == L.D_REDEPLOY_CELL:
        return (f"Irgun Redeploy (6.3.2): one Cell may move into {SPACE_NAMES[int(game.state[L.CUR])]}, a City "
                "without a Curfew: pick the space it leaves, or move none into it")
    return _HELP.get(d, f"{L.DECISION_NAMES[d]}")


def dice(before: dict, after: dict, rolls: list[tuple[int, int]], game=None, action=None) -> list[str]:
    """Dice and Intel Chit draws in words (coin_table.dice), the first die of a
    Negotiate, a Mass Detention, a Rob, a Sabotage or ROME EMBASSY BOMBING,
    and each of ROAD MINES's, with what it was for and its modifier."""
    return coin_table.dice(before, after, rolls, game, action, _roll_purpose)


def _roll_purpose(game, action):
    """What the decision's first die is for, with the modifier the rules kernel
    adds (resources.negotiate_modifier, operations.sabotage_modifier): a
    Negotiate (4.2.2), a Mass Detention (4.2.3), a Rob (3.3.4, 2.3.3, 6.2.1),
    the Sabotage (or Terror) roll of a space (3.3.3, 4.3.3) or ROME EMBASSY
    BOMBING shaded (P19); or what each die of ROAD MINES shaded is for (P23,
    a list); None for other decisions."""
    s = game.state
    d = int(turns.pending(s))
    if d == L.D_BOX and action == L.A_EVENT_SIDE + 1 and int(s[L.CARD]) == 19:
        return (f"{CARD_TITLES[18]} shaded: Political Will -2 on 3 or more", 0, "the event adds none")
    if d == L.D_PATROL_MOVE and action == L.A_STOP and operations.capability(s, L.CAP_ROAD_MINES, L.CAP_SHADED):
        return [(f"{CARD_TITLES[22]} shaded in {SPACE_NAMES[t]} (rules decision P-22): a Police lost on 1-3", 0,
                 "ROAD MINES adds none") for t in range(N_MAP_SPACES) if turns.road_mine_space(s, t)]
    if action == L.A_SA + L.SA_NEGOTIATE and d in (L.D_SPACE, L.D_SA_AFTER):
        m = int(resources.negotiate_modifier(s))
        why = "no Terror marker on the map" if m == 0 else f"+1 per Terror marker on the map, {m} of them"
        return f"Negotiate (4.2.2), against the Haganah Track at {int(s[L.HAGANAH])}", m, why
    if d == L.D_SA_SPACE and int(s[L.SA]) == L.SA_MASS_DETENTION and L.A_SPACE <= action < L.A_COUNT:
        city = action - L.A_SPACE                # the City's roll comes first (turns.start_mass_detention)
        return (f"Mass Detention in {SPACE_NAMES[city]} (4.2.3), the Cells it takes from the City and its "
                f"District", 0, "Mass Detention adds none; what no Cell answers comes off Political Will")
    if L.A_SPACE <= action < L.A_COUNT and (d in (L.D_PASS_ROB, L.D_PROP_ROB)
                                            or (d == L.D_SPACE and int(s[L.OP]) == L.OP_ROB)) \
            and not operations.capability(s, L.CAP_FACTORIES, L.CAP_SHADED):   # P32 shaded: no die
        return (f"Rob in {SPACE_NAMES[action - L.A_SPACE]} (3.3.4), an Arms Cache above 2", 0, "Rob adds none")
    space, cache = -1, False
    if d == L.D_SPACE and int(s[L.OP]) == L.OP_SABOTAGE and L.A_SPACE <= action < L.A_COUNT:
        space = action - L.A_SPACE
    elif d in (L.D_TERROR_DECLARE, L.D_SABOTAGE_CACHE):
        space, cache = int(s[L.CUR]), d == L.D_SABOTAGE_CACHE and action != L.A_STOP
    if space < 0:
        return None
    m = int(operations.sabotage_modifier(s, space, cache))
    police = (2 if cache else 0) - m
    parts = (["+2 for the Arms Cache spent"] if cache else []) + \
        ([f"-1 per Police there, {police} of them"] if police else [])
    return (f"Sabotage in {SPACE_NAMES[space]} (3.3.3), succeeding above "
            f"{int(s[RULE_PARAMETERS + P_SABOTAGE_SUCCESS_ABOVE])}", m, "; ".join(parts) or "no Arms Cache, no Police")


scores_are = coin_table.PALESTINE_SCORES[1]        # what the scripted bot's scores are, in full


def reason(game, policy: str, action: int) -> str:
    """Why the bot chose ``action`` (its scores, a network's preferences, or "at random")."""
    from .bots import NEG, scored_choice

    return coin_table.reason(game, policy, action, "palestine", scored_choice, NEG, coin_table.PALESTINE_SCORES)


def _event_box_offered(state, faction) -> bool:
    """The Event box is open to ``faction`` (2.3.2) and AMERICAN LOANS shaded
    does not make the British Pass (P27)."""
    return bool(initiative.box_open(state, faction, L.BOX_EVENT)) and \
        not (faction == L.BRITISH and turns.british_must_pass(state))


def notes(game) -> list[str]:
    """Lines the menu shows under the choices: the event texts left off because
    they would have no effect now (5.1.3; rules decision P-15)."""
    return coin_table.event_notes(game, CARD_TITLES, N_EVENT_CARDS, events.event_playable,
                                  _event_box_offered,
                                  "P-15", events.SINGLE_TEXT)


# ------------------------------------------------------------ the page --
# What the page of `britishway serve` shows beside the map and on it (britishway_env/web/server.py).

_page = coin_table.Page(__package__, CARD_TITLES, SPACE_NAMES[:N_MAP_SPACES], L)
map_regions, spaces_in_words = _page.map_regions, _page.spaces_in_words
card_texts, cards = _page.card_texts, _page.cards


def action_space(game, action: int) -> str | None:
    """The space an offered action names (clicking that space on the map takes it), or None; Mass
    Detention's Active Cells are named by the count actions (4.2.3)."""
    from .turns import pending

    a, names = int(action), _page.names
    if int(pending(game.state)) == L.D_MASS_DETENTION and L.A_COUNT <= a < L.A_COUNT + len(names):
        return names[a - L.A_COUNT]
    return _page.action_space(game, a)
