"""A mixture of policies per seat: which member plays a game.

A *mixture* (a league's equilibrium, britishway_env/league.py) is a list of
member policies with weights; each game draws one member per seat and keeps
it for the whole game. The draw reads the game's seed and the seat's index
alone, so the compiled games (each volume's ``search.py``, whatever the
thread count or the chunking) and a game played from Python with the same
seed play the same member.

The policy name that asks for a seat's mixture is :data:`LEAGUE`; this
module knows no volume and no file (britishway_env/league.py reads and
checks those).
"""

import numpy as np

from .jit import njit
from .rng import mix64

LEAGUE = "league"
SEAT_SALT = np.uint64(0xD1B54A32D192ED03)      # keeps the draw apart from the game's own chance
_UNIT = 1.0 / 9007199254740992.0               # 2**-53


def is_league(name) -> bool:
    """Whether a policy name asks for the seat's league mixture."""
    return isinstance(name, str) and name == LEAGUE


@njit(cache=True)
def member_index(game_seed, seat_index, cum):
    """The member of a mixture that seat ``seat_index`` plays in the game
    seeded ``game_seed``: ``u`` in [0, 1) from 53 bits of a 64-bit mix of the
    seed and the seat (another seat, another draw), then the first ``k``
    with ``u < cum[k]`` (``cum``: the cumulative weights, the last exactly
    1.0; the last member if rounding leaves ``u`` above every entry). A
    member of weight 0 is never drawn."""
    z = mix64(mix64(np.uint64(game_seed) ^ mix64(np.uint64(seat_index) + SEAT_SALT)))
    u = np.float64(z >> np.uint64(11)) * _UNIT
    for k in range(cum.shape[0]):
        if u < cum[k]:
            return k
    return cum.shape[0] - 1


__all__ = ["LEAGUE", "is_league", "member_index"]
