"""The one definition of the 1948 solo game's state row and action space.

A game is one int64 row; every field sits at the named offset below. Kernels
in :mod:`rules` import these constants, so changing a field here changes it
everywhere.
"""

import numpy as np

from ..engine.layout import Layout
from .cards import (
    ARAB_DECK_SIZE, ISRAELI_CAN_TRANSFER, ISRAELI_DECK_SIZE, N_ARAB_TYPES, N_EVENTS,
    N_FRONTS, N_ISRAELI_TYPES,
)

LAYOUT = Layout("solo1948", version=1)
FORCED_CAPACITY = 64

RNG = LAYOUT.field("rng")
FORCED = LAYOUT.field("forced_chance", 2 + FORCED_CAPACITY)  # queued, used, values...
TURN = LAYOUT.field("turn")
PHASE = LAYOUT.field("phase")
OUTCOME = LAYOUT.field("outcome")
STREAK = LAYOUT.field("decisive_streak")          # consecutive turns with all 3 battles won
ARAB_TT = LAYOUT.field("arab_tokens", N_FRONTS)   # Territory Tokens the Arabs control
ISRAELI_UNITS = LAYOUT.field("israeli_units", N_FRONTS * N_ISRAELI_TYPES)  # [front, type]
ARAB_UNITS = LAYOUT.field("arab_units", N_FRONTS * N_ARAB_TYPES)           # [front, type]
MOVED = LAYOUT.field("transferred_units", N_FRONTS * N_ISRAELI_TYPES)      # this turn, [front, type]
ISRAELI_DECK = LAYOUT.field("israeli_deck", ISRAELI_DECK_SIZE)
ISRAELI_DRAWN = LAYOUT.field("israeli_drawn")
ARAB_DECK = LAYOUT.field("arab_deck", ARAB_DECK_SIZE)
ARAB_DRAWN = LAYOUT.field("arab_drawn")
EVENT_DECK = LAYOUT.field("event_deck", N_EVENTS)
EVENT_DRAWN = LAYOUT.field("event_drawn")
EVENT = LAYOUT.field("event")                     # event card in effect this turn, -1 none
EVENT_FRONT = LAYOUT.field("event_front")         # its random or target front, -1 none
EXTRA_ISRAELI_DRAWS = LAYOUT.field("extra_israeli_draws")
TRANSFERS_LEFT = LAYOUT.field("transfers_left")   # general transfers (not Vehicles' own)
PENDING_CAPACITY = 8
PENDING_COUNT = LAYOUT.field("pending_count")     # Israeli cards drawn, not yet deployed
PENDING = LAYOUT.field("pending", PENDING_CAPACITY)
BATTLE_RESULT = LAYOUT.field("battle_result", N_FRONTS)  # last Battle Phase, see BATTLE_*
STATE_SIZE = LAYOUT.size

# Phases, in turn order (solo rules: Turn Sequence).
PH_ARAB, PH_EVENT, PH_EVENT_TARGET, PH_ISRAELI_DRAW, PH_DEPLOY, PH_TRANSFER, PH_BATTLE, PH_END, PH_OVER = range(9)
PHASE_NAMES = ("Arab", "Event", "Event target", "Israeli draw", "Israeli deploy", "Transfer",
               "Battle", "End", "Game over")

# Outcomes.
ONGOING, DECISIVE_VICTORY, ATTRITION_VICTORY, COMPLETE_LOSS, TURN_LIMIT = range(5)
OUTCOME_NAMES = ("ongoing", "decisive_victory", "attrition_victory", "complete_loss", "turn_limit")
MAX_TURNS = 100

# Battle results per front.
BATTLE_NONE, BATTLE_STALEMATE, BATTLE_ISRAELI_WIN, BATTLE_ARAB_WIN = range(4)
BATTLE_NAMES = ("no battle", "stalemate", "Israeli win", "Arab win")

# Action space: one Discrete segment per kind of decision.
TRANSFERABLE_TYPES = np.flatnonzero(ISRAELI_CAN_TRANSFER).astype(np.int64)
N_TRANSFERABLE = len(TRANSFERABLE_TYPES)
A_END_TRANSFERS = 0
A_DEPLOY = 1                      # + front
A_TARGET = A_DEPLOY + N_FRONTS    # + front
A_TRANSFER = A_TARGET + N_FRONTS  # + (transferable index * 3 + from) * 2 + destination slot
N_ACTIONS = A_TRANSFER + N_TRANSFERABLE * N_FRONTS * (N_FRONTS - 1)
