"""Shared helpers for the Arab Revolt tests: positions built from state dicts,
actions named by space, the legal spaces of a decision."""

from britishway_env.volumes.arab_revolt import layout as L
from britishway_env.volumes.arab_revolt.game import ArabRevoltGame
from britishway_env.volumes.boards import palestine as board

UNSHADED, SHADED = L.A_EVENT_SIDE, L.A_EVENT_SIDE + 1
OPTION_1, OPTION_2 = L.A_EVENT_SIDE, L.A_EVENT_SIDE + 1
STOP = L.A_STOP
TRACK = L.A_TRACK
LIMITED_BOX, EVENT_BOX, OP_SA_BOX = (L.A_BOX + b for b in range(3))
PASS_LIMITED, PASS_EVENT, PASS_OP_SA = (L.A_PASS + b for b in range(3))
DETAIN, DEMOLISH, FINE = (L.A_PUNISHMENT + k for k in range(3))
# Forced draws from the cups (engine/coin/chits.py): a chit's index among
# those in the cup, kind by kind (1s, then 2s, then 3s; Detain, Demolish, Fine).


def space(name):
    """The action choosing space ``name`` (A_SPACE)."""
    return L.A_SPACE + board.space_index(name)


def alt(name):
    """The action choosing space ``name`` its other way (A_ALT)."""
    return L.A_ALT + board.space_index(name)


def count(n):
    return L.A_COUNT + n - 1


def ops_chit(value):
    """Select the Operations chit of ``value`` (1-3)."""
    return L.A_CHIT + value - 1


def op(name):
    return L.A_OP + L.OP_NAMES.index(name)


def sa(name):
    return L.A_SA + L.SA_NAMES.index(name)


EMPTY_POOL = {"held": [], "drawn": [], "set_aside": [], "in_play": None}


def make(card, spaces, first="british", pw=10, unity=2, undrawn=None, out_of_play_troops=0, **extra):
    """A position with ``card`` just revealed and ``first`` to choose a box
    (the Rebels draw their chits as they come to choose); everything not
    placed, in Prison or out of play is Available. No Troop is Out of Play
    unless ``out_of_play_troops`` says so (a dict that leaves the key out gets
    the setup's 5). The next card revealed is A32 (or A31 when ``card`` is
    32) unless ``undrawn`` says otherwise."""
    if undrawn is None:
        rest = [c for c in range(32, 0, -1) if c not in (card, 11, 24)][:17]
        undrawn = rest + [33, 34, 35]
    d = {"volume": "arab_revolt", "spaces": spaces, "played_cards": [card], "undrawn_cards": undrawn,
         "first_eligible": first, "political_will": pw, "unity_track": unity,
         "out_of_play_troops": out_of_play_troops}
    d.update(extra)
    return ArabRevoltGame._from_dict(d)


def play(game, *actions):
    """Apply each action, which must be legal (IllegalActionError otherwise)."""
    for a in actions:
        game.apply(a)


def legal(game):
    return set(game.legal_actions())


def spaces_legal(game):
    """Names of the map spaces the pending decision offers (A_SPACE)."""
    return {board.SPACE_NAMES[a - L.A_SPACE] for a in game.legal_actions() if L.A_SPACE <= a < L.A_COUNT}


def alts_legal(game):
    """Names of the map spaces the pending decision offers its other way (A_ALT)."""
    return {board.SPACE_NAMES[a - L.A_ALT] for a in game.legal_actions() if a >= L.A_ALT}


def pieces(game, name):
    """The pieces and markers in space ``name`` (zeros left out), as the state dict gives them."""
    return game.to_dict()["spaces"].get(name, {})


def ctx(game):
    return game.to_dict()["context"]
