"""What both Palestine players see, as a flat float32 vector.

Everything on the map and tracks is open information (2.2: played cards and
the size of the draw deck too); the order and the content of the undrawn
deck are not.
"""

from numba import njit

from ...engine.layout import Layout
from ..boards.palestine import N_MAP_SPACES
from .cards import DECK_SIZE, N_CARDS
from .layout import (
    BOX, CAPABILITIES, CARD, COUNTER, CUR, CUR2, DECISION_NAMES, DECK, DECK_DRAWN, DEST_USED,
    EXTRA_USED, FIRST_ELIGIBLE, HAGANAH, INTEL_HELD, LIMITED, MOVED_HERE, N_SELECTED, OP, OWED_CACHE_4,
    OWED_CELLS_3, OWED_CELLS_4, PAID, POLITICAL_WILL, PRISON, PROPAGANDA_DONE, SA, SA_SPACES,
    SA_USED, SELECTED, SPACE_FIELDS, SPACE_LIMIT, SPACES, STEP, TERROR_HERE, TRACK_CACHE_4,
    TRACK_CELLS_3, TRACK_CELLS_4, AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE,
    AVAILABLE_TROOPS, CELLS_OUT_OF_GAME, BRITISH_MUST_PASS, EV_CARD, EV_LEFT, EV_OPTIONAL, EV_PICK,
    EV_SIDE, EV_STEP, DETAIN_LEFT, MOVED_ACTIVE,
)
from .events import PICK_VERBS
from .turns import actor, pending

N_DECISIONS = len(DECISION_NAMES)

OBS = Layout("palestine-observation", version=1)
O_DECISION = OBS.field("decision", N_DECISIONS)
O_ACTOR = OBS.field("actor", 2)
O_OP = OBS.field("operation", 8)
O_SA = OBS.field("special_activity", 6)
O_FLAGS = OBS.field("flags", 6)          # limited, 2nd step, Irgun 1st Eligible, SA used, extra used, Terror declared
O_BOXES = OBS.field("boxes", 2 * 3)      # box taken by British, Irgun
O_SPACES = OBS.field("spaces", N_MAP_SPACES * SPACE_FIELDS)   # / 4
O_POOLS = OBS.field("pools", 6)          # Available Troops, Police, Cells, Caches; Prison; out of game
O_HAGANAH = OBS.field("haganah", 5)
O_TRACK = OBS.field("track_pieces", 6)   # under boxes, owed
O_PW = OBS.field("political_will")       # / 20
O_INTEL = OBS.field("intel_held", 3)
O_CARD = OBS.field("card", N_CARDS)
O_PLAYED = OBS.field("played", N_CARDS)
O_DECK = OBS.field("deck", 2)            # cards left / 21, Propaganda Rounds done / 3
O_SELECTED = OBS.field("selected", N_MAP_SPACES)
O_CUR = OBS.field("current_space", N_MAP_SPACES)
O_CUR2 = OBS.field("second_space", N_MAP_SPACES)
O_MOVED = OBS.field("moved_here", N_MAP_SPACES)
O_MOVED_ACTIVE = OBS.field("moved_here_active", N_MAP_SPACES)
O_DEST = OBS.field("travel_destinations", N_MAP_SPACES)
O_SA_SPACES = OBS.field("special_activity_spaces", N_MAP_SPACES)
O_COUNTS = OBS.field("counts", 5)        # spaces selected, limit, Intel paid, counter, Mass Detention left
O_CAPS = OBS.field("capabilities", 8 * 2)
N_PICKS = len(PICK_VERBS)
O_EVENT = OBS.field("event", 6)          # running, shaded, step / 10, picks left / 4, optional, British must pass
O_PICK = OBS.field("event_pick", N_PICKS)
OBS_SIZE = OBS.size
OBS_HIGH = 20.0


@njit(cache=True)
def observe(state, out):
    out[:] = 0.0
    out[O_DECISION + pending(state)] = 1.0
    a = actor(state)
    if a >= 0:
        out[O_ACTOR + a] = 1.0
    if state[OP] >= 0:
        out[O_OP + state[OP]] = 1.0
    if state[SA] >= 0:
        out[O_SA + state[SA]] = 1.0
    out[O_FLAGS] = state[LIMITED]
    out[O_FLAGS + 1] = state[STEP]
    out[O_FLAGS + 2] = state[FIRST_ELIGIBLE]
    out[O_FLAGS + 3] = state[SA_USED]
    out[O_FLAGS + 4] = state[EXTRA_USED]
    out[O_FLAGS + 5] = state[TERROR_HERE]
    for f in range(2):
        if state[BOX + f] >= 0:
            out[O_BOXES + f * 3 + state[BOX + f]] = 1.0
    for i in range(N_MAP_SPACES * SPACE_FIELDS):
        out[O_SPACES + i] = state[SPACES + i] / 4.0
    out[O_POOLS] = state[AVAILABLE_TROOPS] / 4.0
    out[O_POOLS + 1] = state[AVAILABLE_POLICE] / 4.0
    out[O_POOLS + 2] = state[AVAILABLE_CELLS] / 4.0
    out[O_POOLS + 3] = state[AVAILABLE_CACHES] / 4.0
    out[O_POOLS + 4] = state[PRISON] / 4.0
    out[O_POOLS + 5] = state[CELLS_OUT_OF_GAME] / 4.0
    out[O_HAGANAH + state[HAGANAH]] = 1.0
    out[O_TRACK] = state[TRACK_CELLS_4]
    out[O_TRACK + 1] = state[TRACK_CACHE_4]
    out[O_TRACK + 2] = state[TRACK_CELLS_3]
    out[O_TRACK + 3] = state[OWED_CELLS_4]
    out[O_TRACK + 4] = state[OWED_CACHE_4]
    out[O_TRACK + 5] = state[OWED_CELLS_3]
    out[O_PW] = state[POLITICAL_WILL] / 20.0
    for v in range(3):
        out[O_INTEL + v] = state[INTEL_HELD + v]
    if state[CARD] > 0:
        out[O_CARD + state[CARD] - 1] = 1.0
    for i in range(state[DECK_DRAWN]):
        out[O_PLAYED + state[DECK + i] - 1] = 1.0
    out[O_DECK] = (DECK_SIZE - state[DECK_DRAWN]) / DECK_SIZE
    out[O_DECK + 1] = state[PROPAGANDA_DONE] / 3.0
    for s in range(N_MAP_SPACES):
        out[O_SELECTED + s] = state[SELECTED + s]
        out[O_MOVED + s] = state[MOVED_HERE + s]
        out[O_MOVED_ACTIVE + s] = state[MOVED_ACTIVE + s]
        out[O_DEST + s] = state[DEST_USED + s]
        out[O_SA_SPACES + s] = (state[SA_SPACES] >> s) & 1
    if state[CUR] >= 0:
        out[O_CUR + state[CUR]] = 1.0
    if state[CUR2] >= 0:
        out[O_CUR2 + state[CUR2]] = 1.0
    out[O_COUNTS] = state[N_SELECTED]
    out[O_COUNTS + 1] = state[SPACE_LIMIT]
    out[O_COUNTS + 2] = state[PAID]
    out[O_COUNTS + 3] = state[COUNTER]
    out[O_COUNTS + 4] = state[DETAIN_LEFT]
    for c in range(8):
        if state[CAPABILITIES + c] > 0:
            out[O_CAPS + c * 2 + state[CAPABILITIES + c] - 1] = 1.0
    if state[EV_CARD] > 0:
        out[O_EVENT] = 1.0
        out[O_EVENT + 1] = state[EV_SIDE]
        out[O_EVENT + 2] = state[EV_STEP] / 10.0
        out[O_EVENT + 3] = state[EV_LEFT] / 4.0
        out[O_EVENT + 4] = state[EV_OPTIONAL]
        out[O_PICK + state[EV_PICK]] = 1.0
    out[O_EVENT + 5] = 1.0 if state[BRITISH_MUST_PASS] > 0 else 0.0
