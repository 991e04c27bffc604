"""Political Will and victory (1.8, 6.1, 7.0; all volumes).

Political Will runs from 0 to the volume's maximum. At each Political Will
Phase check, Political Will at 0 is an insurgent victory; after the last
Propaganda card's check it is a counterinsurgent victory (7.0, all volumes).
What moves Political Will in the Political Will Phase is the volume's.
"""

from numba import njit

from .header import COUNTERINSURGENT_WIN, INSURGENT_WIN, POLITICAL_WILL, PROPAGANDA_DONE
from .initiative import game_over


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
