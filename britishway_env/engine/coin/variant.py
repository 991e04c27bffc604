"""What a variant does inside the kernels (all COIN volumes): its changes to
the setup as a patch of the row, and restricted play as a filter of the legal
mask.

A variant (britishway_env/variants.py reads the files) becomes one int64 array
of ``(offset, value)`` pairs: the row slots its setup, rule parameters,
restrictions and deck rules change from the base setup. A volume's
``new_variant_game`` runs the base setup, applies the patch, and deals the
deck again from the seed by the row's deck rules (the setup's deal is its last
use of chance, so with the printed rules this is the same deck, draw for
draw): the variant's game meets the same dice as the base game of that seed
until play diverges.

Restricted play (Jaffe et al.'s handicaps): a seat may be forbidden to take
given boxes to act, to Pass in given boxes, to choose given Operations or
Special Activities, or to execute given event texts (header ``R_*``). The
filter runs at the end of every volume's ``legal_mask``, so every policy
(random, scripted, networks, the search's tree) sees the same restricted
choices. Rules decision V-2: where a restriction would leave the seat no legal
choice at a decision, the restriction is lifted for that decision (the rules
come first; a handicap never ends a game).
"""

import numpy as np

from ..borrow import borrowed
from ..jit import njit
from .header import (
    A_BOX, A_EVENT_SIDE, A_OP, A_PASS, A_SA, A_SPACE, BOX_EVENT, CARD, D_BOX, D_EVENT_OP, D_OPERATION,
    DECISION, R_CHOICES, R_SHADED, R_UNSHADED, RB_BOX, RB_OP, RB_PASS, RB_SA, RESTRICTED, RESTRICTION,
    RESTRICTION_WORDS,
)

NO_PATCH = np.zeros((0, 2), dtype=np.int64)


@njit(cache=True)
def apply_patch(state, patch):
    """Write a variant's ``(offset, value)`` pairs into the row (checked
    against the row's size when the variant was read)."""
    state = borrowed(state)
    for i in range(patch.shape[0]):
        state[patch[i, 0]] = patch[i, 1]


@njit(cache=True, inline="always")
def _bit(word, k):
    return (word >> k) & 1 == 1


@njit(cache=True)
def forbidden(state, seat, action):
    """``action`` is a choice the restriction forbids ``seat`` now."""
    state = borrowed(state)
    base = RESTRICTION + seat * RESTRICTION_WORDS
    choices = state[base + R_CHOICES]
    d = state[DECISION]
    if d == D_BOX:
        if A_BOX <= action < A_PASS:
            return _bit(choices, RB_BOX + action - A_BOX)
        if A_PASS <= action < A_EVENT_SIDE:
            return _bit(choices, RB_PASS + action - A_PASS)
        if A_EVENT_SIDE <= action < A_OP:
            if _bit(choices, RB_BOX + BOX_EVENT):
                return True
            word = state[base + R_UNSHADED] if action == A_EVENT_SIDE else state[base + R_SHADED]
            return _bit(word, state[CARD])
        return False
    if A_OP <= action < A_SA and (d == D_OPERATION or d == D_EVENT_OP):
        return _bit(choices, RB_OP + action - A_OP)
    if A_SA <= action < A_SPACE:
        return _bit(choices, RB_SA + action - A_SA)
    return False


@njit(cache=True)
def restrict(state, out, seat):
    """Clear from the legal mask ``out`` what the restriction forbids ``seat``,
    unless that would leave no legal action (rules decision V-2)."""
    state, out = borrowed(state), borrowed(out)
    if not state[RESTRICTED]:
        return
    left = False
    for a in range(out.shape[0]):
        if out[a] and not forbidden(state, seat, a):
            left = True
            break
    if not left:
        return
    for a in range(out.shape[0]):
        if out[a] and forbidden(state, seat, a):
            out[a] = 0
