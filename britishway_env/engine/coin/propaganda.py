"""The Propaganda Round (6.0), Political Will and victory (1.8, 6.1, 7.0; all volumes).

A Propaganda card starts a round of phases in a fixed order, which differs by
volume: Political Will, Resources, Redeploy and Reset, with a Support Phase
before the Redeploy in one volume (../shared/VOLUMES.md). A volume lists its
phases in order (an int64 array of ``PHASE_*``) and keeps a thin switch that
starts each one; the phases of a round are then entered in turn, each either
asking a decision (the round waits for it) or passing straight on, with
:func:`next_phase` giving the order. After the last phase the next card is
revealed (:func:`end_round`).

Political Will runs from 0 to the volume's maximum. At each Political Will
Phase check, Political Will at 0 is an insurgent victory; after the last
Propaganda card's check it is a counterinsurgent victory (7.0, all volumes).
What moves Political Will in the Political Will Phase is the volume's.
"""

from ..jit import njit

from .header import COUNTERINSURGENT_WIN, D_NEXT_CARD, DECISION, INSURGENT_WIN, POLITICAL_WILL, PROPAGANDA_DONE
from .initiative import game_over

# Phases of a Propaganda Round (6.0, in rulebook terms); a volume lists its own in order.
PHASE_POLITICAL_WILL = 0        # 6.1, every volume
PHASE_RESOURCES = 1             # 6.2, every volume
PHASE_SUPPORT = 2               # a volume's Support Phase, before its Redeploy
PHASE_REDEPLOY = 3
PHASE_RESET = 4
PHASE_END = 5                   # after the last phase
ROUND_START = -1                # before the first phase


@njit(cache=True, inline="always")
def next_phase(phases, phase):
    """The phase after ``phase`` (``ROUND_START``: the first) in the volume's
    ordered ``phases``; ``PHASE_END`` after the last."""
    if phase == ROUND_START:
        return phases[0]
    for i in range(len(phases) - 1):
        if phases[i] == phase:
            return phases[i + 1]
    return PHASE_END


@njit(cache=True, inline="always")
def end_round(state):
    """The round is over: the settle loop reveals the next card (2.2, 6.0).

    (Revealing it here would make card -> round -> card recursive, which
    numba's cache cannot hold.)"""
    state[DECISION] = D_NEXT_CARD


# A volume's Political Will Phase terms are rows of (applies, count, shift),
# one per term of its 6.1 (the volume's ``propaganda.political_will_terms``).
TERM_SHIFT = 2


@njit(cache=True, inline="always")
def total_shift(terms):
    """The net Political Will shift of a volume's Political Will Phase terms:
    the sum of their shifts."""
    total = 0
    for t in range(terms.shape[0]):
        total += terms[t, TERM_SHIFT]
    return total


@njit(cache=True, inline="always")
def shift_political_will(state, delta, pw_max):
    """Shift Political Will by ``delta`` within 0..``pw_max`` (1.8, all volumes)."""
    state[POLITICAL_WILL] = min(pw_max, max(0, state[POLITICAL_WILL] + delta))


@njit(cache=True, inline="always")
def victory_check(state, n_propaganda):
    """After the Political Will Phase (6.1, 7.0; all volumes): True when the
    game is over, won by the insurgent at Political Will 0 or by the
    counterinsurgent after the last Propaganda card's check."""
    if state[POLITICAL_WILL] == 0:
        game_over(state, INSURGENT_WIN)
        return True
    state[PROPAGANDA_DONE] += 1
    if state[PROPAGANDA_DONE] == n_propaganda:
        game_over(state, COUNTERINSURGENT_WIN)
        return True
    return False
