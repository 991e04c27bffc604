"""What a person playing Arab Revolt is shown (britishway_env/session.py): the
board in words and as a picture, the card in play, dice in words, why the
bot chose what it did, and where an action starts."""

from __future__ import annotations

from .. import coin_table
from ..boards.palestine import SPACE_NAMES as MAP_SPACE_NAMES
from . import events, pieces, resources, turns
from . import layout as L
from .cards import CARD_TITLES, N_EVENT_CARDS
from .render import render_rgb, render_text, unity_change

board = render_text
HAS_PICTURE = True                       # picture(game) draws the map
picture = render_rgb

ignored_keys = coin_table.IGNORED_KEYS     # a move's "what changed" leaves them out
# State-dict keys the log words as the board does: the Unity Track's box by its printed value (6.6).
change_words = {"unity_track": unity_change}

_HELP = {
    L.D_BOX: "pick a box of the Initiative Track (2.3.2): an Event, a Limited Op (British one space; Rebels "
             "their chit's value), an Op & Special Activity, or Pass in one of them (British: hold a Punishment "
             "chit; Rebels: place a Base, 2.3.3)",
    L.D_OPS_CHIT: "select the Operations chit for this card: its value is the spaces of your Operation; the "
                  "British resolve its effect after your action (1.8, 2.3.4)",
    L.D_OPERATION: "pick the Operation to carry out (3.0)",
    L.D_SPACE: "pick a space for the Operation, or stop when done (3.1); 'the other way' is the space's second "
               "option (Deploy an Irregular, Ambush an Irregular)",
    L.D_SA_SPACE: "pick a space for the Special Activity (4.0)",
    L.D_SA_AFTER: "take a Special Activity now or after the Operation (4.1)",
    L.D_TAKE_FROM: "none of that piece is Available: take one from the map, or place no more (1.4.1)",
    L.D_CHIT_EFFECT: "the Rebels' Operations chit lets the British remove (2) or replace (3) an Active Guerrilla "
                     "(1.8.2)",
    L.D_EVENT_SPACE: "pick a space the event text names (5.1)",
    L.D_EVENT_OPTION: "pick one of the event text's options (5.1)",
    L.D_EVENT_OP: "pick the Operation the event grants (5.1)",
    L.D_PROP_BRITISH_KEEP: "Propaganda Round: the British may keep one Punishment chit (6.2.1)",
    L.D_PROP_REBELS_GAIN: "Propaganda Round: the Rebels shift Unity toward Centralized or keep a chit (6.2.2)",
}


def card(game) -> str:
    return coin_table.card(game, CARD_TITLES)


campaign = coin_table.campaign
starts_action = coin_table.starts_action


def _out_of_cup(pool: dict) -> int:
    return len(pool["held"]) + len(pool["drawn"]) + len(pool["set_aside"]) + (pool["in_play"] is not None)


def dice(before: dict, after: dict, rolls: list[tuple[int, int]], game=None, action=None) -> list[str]:
    """The chance a decision used, in order, each named for what it is: a die
    (1-6), or a chit drawn from a cup, the Operations chits' (1.8.1) or the
    Punishment chits' (1.7.1), where a draw picks among the chits the cup
    holds (its "faces" are that count). A roll is told a draw by its count
    matching a cup's, the cups followed through the decision from the game
    before it; where a cup of 6 leaves that open, by whether that cup was
    drawn from at all. The dice of a Coordinate (4.3.2), of the Rebels'
    Resources roll (6.2.2) and of the events that roll (A7, A19, A20, A23)
    say what they were rolled against and the modifier the kernel adds
    (resources.bases_roll_modifier)."""
    if game is None:
        return [f"a roll of 1-{faces}: {value + 1}" for faces, value in rolls]
    s = game.state
    ops = int(L.OPS_PER_KIND.sum() - s[L.OPS_TAKEN:L.OPS_TAKEN + 3].sum())
    pun = int(L.PUN_PER_KIND.sum() - s[L.PUN_TAKEN:L.PUN_TAKEN + 3].sum())
    ops_drawn = _out_of_cup(after["operations_chits"]) > _out_of_cup(before["operations_chits"]) or \
        (after["context"]["foreign_assistance"] and not before["context"]["foreign_assistance"])
    pun_drawn = _out_of_cup(after["punishment_chits"]) > _out_of_cup(before["punishment_chits"])
    purposes = coin_table.purposes(_roll_purpose(game, action))
    out = []
    for faces, value in rolls:
        if faces == ops and (faces != 6 or ops_drawn):
            out.append(f"an Operations chit drawn from the cup ({faces} in it)")
            ops -= 1
        elif faces == pun and (faces != 6 or pun_drawn):
            out.append(f"a Punishment chit drawn from the cup ({faces} in it)")
            pun -= 1
        elif faces == 6:
            if purposes:
                out.append(coin_table.die_words(value + 1, *purposes.pop(0)))
            else:
                out.append(f"a die: {value + 1}")
        elif faces > L.PUN_PER_KIND.sum():           # more than the Punishment chits there are: Operations
            out.append(f"an Operations chit drawn from the cup ({faces} in it)")
        else:
            out.append(f"a chit drawn from a cup of {faces}")
    return out


def _roll_purpose(game, action):
    """What the decision's dice are for, in order, with the kernel's modifier:
    a Coordinate's roll against the Rebel Bases (4.3.2), the Rebels' Resources
    roll once the British have chosen the Punishment chit they keep (6.2.2),
    or an event's rolls as its text is chosen (A7 both texts, A19, A20
    unshaded, A23 shaded; the text runs in the same decision, events.py);
    None otherwise."""
    s = game.state
    d = int(turns.pending(s))
    m = int(resources.bases_roll_modifier(s))
    bases = int(pieces.bases_on_map(s))
    why = "CENTRAL WAR COMMITTEE (A2) not in effect" if m == 0 else \
        f"CENTRAL WAR COMMITTEE (A2) {'unshaded' if m > 0 else 'shaded'}"
    under = f"at or under the {bases} Rebel Bases on the map"
    if action == L.A_SA + L.SA_COORDINATE and d in (L.D_SPACE, L.D_SA_AFTER):
        return f"Coordinate (4.3.2): {under} shifts Unity toward Centralized", m, why
    if d == L.D_PROP_BRITISH_KEEP:
        return f"the Rebels' Resources (6.2.2): {under}, Unity toward Centralized or a chit to hold", m, why
    if d != L.D_BOX or not L.A_EVENT_SIDE <= action < L.A_OP:
        return None
    card, side = int(s[L.CARD]), action - L.A_EVENT_SIDE
    title = CARD_TITLES[card - 1] if 1 <= card <= len(CARD_TITLES) else ""
    plain = "the event adds none"
    if card == 7 and side == 0:
        irregulars = int(pieces.irregulars_on_map(s))
        return [(f"{title} unshaded: at or under the {irregulars} Irregulars on the map, Unity one step toward "
                 "Decentralized", 0, plain)] * 2
    if card == 7 and side == 1:
        return f"{title} shaded: {under}, the Rebels' Limited Operations in the spaces with Opposition", m, why
    if card == 19:
        return (f"{title}: above the {int(pieces.opposition_spaces(s))} spaces with Opposition, Political Will +1, "
                "else -2", 0, plain)
    if card == 20 and side == 0:
        return f"{title} unshaded: above the {bases} Rebel Bases on the map, Unity one step toward Decentralized", \
            m, why
    if card == 23 and side == 1:
        return f"{title} shaded: {under}, the Rebels' Mobilize and then Raid", m, why
    return None


def help(game) -> str:  # noqa: A001 - the session's name for a decision's help line
    d = int(game.state[L.DECISION])
    return _HELP.get(d, f"{L.DECISION_NAMES[d]}")


scores_are = coin_table.LOOKAHEAD_SCORES[1]        # what the scripted bot's scores are, in full


def reason(game, policy: str, action: int) -> str:
    """Why the bot chose ``action``: the scripted bot's average worth for it
    and the next-best two, or "at random"."""
    from .bots import NEG, scored_choice

    return coin_table.reason(game, policy, action, "arab_revolt", scored_choice, NEG)


def notes(game) -> list[str]:
    """Lines the menu shows under the choices: the event texts left off because
    they would have no effect now (5.1.3; rules decision A-27)."""
    return coin_table.event_notes(game, CARD_TITLES, N_EVENT_CARDS, events.event_playable,
                                  lambda s, f: turns.box_offered(s, f, L.BOX_EVENT),
                                  "A-27", events.SINGLE_TEXT, never=events.NOT_OFFERED)


# ------------------------------------------------------------ the page --
# What the page of `britishway serve` shows beside the map and on it (britishway_env/web/server.py).

_page = coin_table.Page(__package__, CARD_TITLES, MAP_SPACE_NAMES, L)
map_regions, spaces_in_words = _page.map_regions, _page.spaces_in_words
card_texts, cards = _page.card_texts, _page.cards
action_space = _page.action_space
