"""Dice, the Unity Track (6.6), Political Will (1.10) and the two chit pools
(1.7 Punishment, 1.8 Operations) as numba kernels.

The chits' places (cup, drawn this turn, held, in play, set aside) and what
happens when a cup runs dry are settled in docs/design/arab_revolt_decisions.md.
"""

from ...engine.coin import chits
from ...engine.coin.header import RULE_PARAMETERS
from ...engine.coin.propaganda import shift_political_will
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ...engine.rng import roll
from .layout import (
    CAP_CENTRAL_COMMITTEE, CAP_SHADED, CAP_UNSHADED, CAPABILITIES, CENTRALIZED, CHIT_THIS_CARD, DECENTRALIZED, FORCED,
    FORCED_CAPACITY, OPS_BONUS, OPS_DRAWN, OPS_HELD, OPS_IN_PLAY, OPS_PER_KIND, OPS_TAKEN, PUN_DRAWN, PUN_HELD,
    PUN_IN_PLAY, PUN_PER_KIND, PUN_TAKEN, PW_MAX, RNG, UNITY, UNITY_VALUES,
)
from .parameters import P_DECENTRALIZED_WILL, P_OPERATIONS_CHITS_DRAWN
from .pieces import bases_on_map

# The most faces of any roll during play, so forced values must be below it:
# a six-sided die, a draw from the Operations cup (at most nine chits) or the
# Punishment cup (six). The deck is shuffled only at setup (2.1).
DIE_FACES = 6
MAX_ROLL_FACES = max(DIE_FACES, int(OPS_PER_KIND.sum()), int(PUN_PER_KIND.sum()))
N_OPS_KINDS = 3
N_PUN_KINDS = 3


@njit(cache=True)
def die(state):
    """A die roll 1..6 (forced values are 0-based faces)."""
    state = borrowed(state)
    return 1 + roll(state, DIE_FACES, RNG, FORCED, FORCED_CAPACITY)


@njit(cache=True)
def capability(state, slot, side):
    state = borrowed(state)
    return state[CAPABILITIES + slot] == side


@njit(cache=True)
def roll_under_bases(state):
    """A die roll "less than or equal to the number of Rebel Bases on the
    map", with CENTRAL WAR COMMITTEE (A2) adding 1 (unshaded) or subtracting
    1 (shaded); True on success (4.3.2, 6.2.2, A7, A23)."""
    state = borrowed(state)
    return bases_modified_roll(state) <= bases_on_map(state)


@njit(cache=True)
def bases_modified_roll(state):
    """A die rolled against the number of Rebel Bases, with A2's modifier
    (A20 unshaded compares it the other way)."""
    state = borrowed(state)
    return die(state) + bases_roll_modifier(state)


@njit(cache=True)
def bases_roll_modifier(state):
    """What CENTRAL WAR COMMITTEE (A2) adds to a die rolled against the Rebel
    Bases: +1 unshaded, -1 shaded, else 0."""
    state = borrowed(state)
    if capability(state, CAP_CENTRAL_COMMITTEE, CAP_UNSHADED):
        return 1
    if capability(state, CAP_CENTRAL_COMMITTEE, CAP_SHADED):
        return -1
    return 0


@njit(cache=True)
def add_political_will(state, delta):
    """Shift Political Will within 0..20 (1.10, 5.1.1)."""
    state = borrowed(state)
    shift_political_will(state, delta, PW_MAX)


@njit(cache=True)
def unity_value(state):
    """Spaces a Divide may select (6.6.2)."""
    state = borrowed(state)
    return UNITY_VALUES[state[UNITY]]


@njit(cache=True)
def shift_unity(state, steps):
    """Move the Unity Track ``steps`` toward Centralized (negative: toward
    Decentralized), one step at a time; each step past Decentralized gives
    the British +1 Political Will instead (6.6.4, the rule parameter
    ``decentralized_will``); past Centralized nothing."""
    state = borrowed(state)
    if steps > 0:
        state[UNITY] = min(CENTRALIZED, state[UNITY] + steps)
    else:
        for _ in range(-steps):
            if state[UNITY] == DECENTRALIZED:
                add_political_will(state, state[RULE_PARAMETERS + P_DECENTRALIZED_WILL])
            else:
                state[UNITY] -= 1


# ------------------------------------------------------- Operations chits --

@njit(cache=True, inline="always")
def ops_in_cup(state, kind):
    return chits.in_pool(state, OPS_TAKEN, OPS_PER_KIND, kind)


@njit(cache=True)
def draw_operations_chits(state):
    """Start of a Rebel turn (2.3.4): draw two chits (the rule parameter
    ``operations_chits_drawn``), one at Decentralized (6.6.4), as many as the
    cup holds; they lie face up (OPS_DRAWN). A forced roll picks a chit by its
    index in the cup, 1s first, then 2s, then 3s."""
    state = borrowed(state)
    n = 1 if state[UNITY] == DECENTRALIZED else state[RULE_PARAMETERS + P_OPERATIONS_CHITS_DRAWN]
    for _ in range(n):
        kind = chits.draw_chit(state, OPS_TAKEN, OPS_PER_KIND)
        if kind < 0:
            return
        state[OPS_DRAWN + kind] += 1


@njit(cache=True)
def operations_choices(state, out):
    """``out[kind]`` = 1 where the Rebels may select a chit of value kind + 1:
    one drawn this turn or one held (1.8.1); the count of choices."""
    state, out = borrowed(state), borrowed(out)
    n = 0
    for kind in range(N_OPS_KINDS):
        out[kind] = 1 if state[OPS_DRAWN + kind] + state[OPS_HELD + kind] > 0 else 0
        n += out[kind]
    return n


@njit(cache=True)
def select_operations_chit(state, kind):
    """The Rebels select value kind + 1: a drawn chit if one is, else a held
    one; the other drawn chits go back to the cup (1.8.1)."""
    state = borrowed(state)
    if state[OPS_DRAWN + kind] > 0:
        state[OPS_DRAWN + kind] -= 1
    else:
        state[OPS_HELD + kind] -= 1
    for k in range(N_OPS_KINDS):
        while state[OPS_DRAWN + k] > 0:
            state[OPS_DRAWN + k] -= 1
            chits.return_chit(state, OPS_TAKEN, k)
    state[OPS_IN_PLAY] = kind + 1
    state[OPS_BONUS] = 0
    state[CHIT_THIS_CARD] = kind + 1


@njit(cache=True)
def operations_value(state):
    """Spaces the Rebels' Operations may select this turn: the chit's value,
    +1 after Coordinate (1.8.2, 4.3.2); 0 without a chit."""
    state = borrowed(state)
    if state[OPS_IN_PLAY] == 0:
        return 0
    return state[OPS_IN_PLAY] + state[OPS_BONUS]


@njit(cache=True)
def set_aside_operations_chit(state):
    """End of the Rebel turn: the chit in play is set aside until the
    Resources Phase (1.8.1); it stays out of the cup."""
    state = borrowed(state)
    state[OPS_IN_PLAY] = 0
    state[OPS_BONUS] = 0


@njit(cache=True)
def hold_operations_chit(state, kind):
    """The Rebels take a chit of value kind + 1 to hold (A20 shaded draws it,
    6.2.2 selects it); False if none of that value is in the cup."""
    state = borrowed(state)
    if not chits.take_chit(state, OPS_TAKEN, OPS_PER_KIND, kind):
        return False
    state[OPS_HELD + kind] += 1
    return True


@njit(cache=True)
def draw_operations_chit_to_hold(state):
    """A20 shaded: one chit drawn from the cup to hold; its kind, -1 if the cup is empty."""
    state = borrowed(state)
    kind = chits.draw_chit(state, OPS_TAKEN, OPS_PER_KIND)
    if kind >= 0:
        state[OPS_HELD + kind] += 1
    return kind


@njit(cache=True)
def return_all_operations_chits(state, keep):
    """Resources Phase (6.2.2): every Operations chit goes back to the cup,
    set aside and held alike, except one of kind ``keep`` the Rebels keep to
    hold (-1: none)."""
    state = borrowed(state)
    for k in range(N_OPS_KINDS):
        state[OPS_TAKEN + k] = 0
        state[OPS_HELD + k] = 0
        state[OPS_DRAWN + k] = 0
    state[OPS_IN_PLAY] = 0
    state[OPS_BONUS] = 0
    if keep >= 0:
        hold_operations_chit(state, keep)


@njit(cache=True)
def draw_operations_chit_loose(state):
    """Foreign Assistance (6.2.3): draw a chit to read its value and put it
    straight back; its value 1..3, 0 if the cup is empty."""
    state = borrowed(state)
    kind = chits.draw_chit(state, OPS_TAKEN, OPS_PER_KIND)
    if kind < 0:
        return 0
    chits.return_chit(state, OPS_TAKEN, kind)
    return kind + 1


# ------------------------------------------------------- Punishment chits --

@njit(cache=True, inline="always")
def punishment_in_cup(state, kind):
    return chits.in_pool(state, PUN_TAKEN, PUN_PER_KIND, kind)


@njit(cache=True)
def punishment_held(state):
    """Punishment chits the British hold, all kinds together (1.7.1)."""
    state = borrowed(state)
    return state[PUN_HELD] + state[PUN_HELD + 1] + state[PUN_HELD + 2]


@njit(cache=True)
def punishment_cup_total(state):
    """Punishment chits in the cup, all kinds together (1.7.1)."""
    state = borrowed(state)
    return chits.pool_size(state, PUN_TAKEN, PUN_PER_KIND)


@njit(cache=True)
def punishment_available(state):
    """A Punishment chit can be had: one in the cup or one held (4.2.1)."""
    state = borrowed(state)
    return punishment_cup_total(state) + punishment_held(state) > 0


@njit(cache=True)
def draw_punishment_chits(state, n):
    """Draw ``n`` chits face up (PUN_DRAWN), as many as the cup holds (4.2.1);
    a forced roll picks by index in the cup, Detain first, then Demolish, Fine."""
    state = borrowed(state)
    for _ in range(n):
        kind = chits.draw_chit(state, PUN_TAKEN, PUN_PER_KIND)
        if kind < 0:
            return
        state[PUN_DRAWN + kind] += 1


@njit(cache=True)
def pick_punishment_chit(state, kind):
    """PUNITIVE SEARCHES unshaded (A18): the British select a chit of ``kind``
    from the cup instead of drawing; False if none is there."""
    state = borrowed(state)
    if not chits.take_chit(state, PUN_TAKEN, PUN_PER_KIND, kind):
        return False
    state[PUN_DRAWN + kind] += 1
    return True


@njit(cache=True)
def punishment_choices(state, out):
    """``out[kind]`` = 1 where the British may use a chit of ``kind``: drawn
    this turn or held (1.7.1); the count of choices."""
    state, out = borrowed(state), borrowed(out)
    n = 0
    for kind in range(N_PUN_KINDS):
        out[kind] = 1 if state[PUN_DRAWN + kind] + state[PUN_HELD + kind] > 0 else 0
        n += out[kind]
    return n


@njit(cache=True)
def return_drawn_punishment_chits(state):
    """Chits drawn and not used go back to the cup (1.7.1)."""
    state = borrowed(state)
    for k in range(N_PUN_KINDS):
        while state[PUN_DRAWN + k] > 0:
            state[PUN_DRAWN + k] -= 1
            chits.return_chit(state, PUN_TAKEN, k)


@njit(cache=True)
def use_punishment_chit(state, kind):
    """The British use a chit of ``kind``: a drawn one if drawn, else a held
    one; the other drawn chits go back (1.7.1). It is in play until
    :func:`set_aside_punishment_chit`."""
    state = borrowed(state)
    if state[PUN_DRAWN + kind] > 0:
        state[PUN_DRAWN + kind] -= 1
    else:
        state[PUN_HELD + kind] -= 1
    return_drawn_punishment_chits(state)
    state[PUN_IN_PLAY] = kind + 1


@njit(cache=True)
def set_aside_punishment_chit(state):
    """A used chit stays out of the cup until the Resources Phase (1.7.1)."""
    state = borrowed(state)
    state[PUN_IN_PLAY] = 0


@njit(cache=True)
def hold_punishment_chit(state, kind):
    """The British select a chit of ``kind`` from the cup to hold (2.3.3
    Pass, 6.2.1); False if none is there."""
    state = borrowed(state)
    if not chits.take_chit(state, PUN_TAKEN, PUN_PER_KIND, kind):
        return False
    state[PUN_HELD + kind] += 1
    return True



@njit(cache=True)
def return_all_punishment_chits(state, keep):
    """Resources Phase (6.2.1): every Punishment chit goes back to the cup,
    held ones included, except one of kind ``keep`` the British keep (-1: none)."""
    state = borrowed(state)
    for k in range(N_PUN_KINDS):
        state[PUN_TAKEN + k] = 0
        state[PUN_HELD + k] = 0
        state[PUN_DRAWN + k] = 0
    state[PUN_IN_PLAY] = 0
    if keep >= 0:
        hold_punishment_chit(state, keep)
