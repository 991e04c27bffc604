"""What both Palestine players see, as a flat float32 vector.

Everything on the map and tracks is open information (2.2: played cards and
the size of the draw deck too); the order and the content of the undrawn
deck are not.
"""

from ...engine.borrow import borrowed
from ...engine.jit import njit

from ...engine.coin import observation as coin_obs
from ...engine.layout import Layout
from ..boards.palestine import N_MAP_SPACES
from .cards import N_CARDS, PROPAGANDA_CARDS
from .layout import (
    CAPABILITIES, DECISION_NAMES, DEST_USED, HAGANAH, INTEL_HELD, MOVED_HERE, OWED_CACHE_4, OWED_CELLS_3,
    OWED_CELLS_4, PAID, PRISON, PW_MAX, SELECTED, SPACE_FIELDS, SPACES, TERROR_HERE, TRACK_CACHE_4,
    TRACK_CELLS_3, TRACK_CELLS_4, AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, AVAILABLE_TROOPS,
    CELLS_OUT_OF_GAME, BRITISH_MUST_PASS, DETAIN_LEFT, MOVED_ACTIVE,
)
from .events import PICK_VERBS
from .turns import actor, pending

N_DECISIONS = len(DECISION_NAMES)
N_PICKS = len(PICK_VERBS)
N_PROPAGANDA = len(PROPAGANDA_CARDS)

# The shared groups (engine/coin/observation.py) and Palestine's own fields, in
# the order of version 1 of this vector.
OBS = Layout("palestine-observation", version=1)
O_DECISION = coin_obs.decision_field(OBS, N_DECISIONS)
O_ACTOR = coin_obs.actor_field(OBS)
O_OP, O_SA = coin_obs.activity_fields(OBS)
O_FLAGS = coin_obs.flags_field(OBS, extra=1)   # the header's, then Terror declared
O_TERROR = O_FLAGS + coin_obs.HEADER_FLAGS
O_BOXES = coin_obs.boxes_field(OBS)           # box taken by British, Irgun
O_SPACES = OBS.field("spaces", N_MAP_SPACES * SPACE_FIELDS)   # / 4
O_POOLS = OBS.field("pools", 6)          # Available Troops, Police, Cells, Caches; Prison; out of game
O_HAGANAH = OBS.field("haganah", 5)
O_TRACK = OBS.field("track_pieces", 6)   # under boxes, owed
O_PW = coin_obs.political_will_field(OBS)    # / 20
O_INTEL = OBS.field("intel_held", 3)
O_CARD, O_PLAYED, O_DECK = coin_obs.card_fields(OBS, N_CARDS)   # deck: cards left / 21, Propaganda Rounds / 3
O_SELECTED, O_CUR, O_CUR2 = coin_obs.space_fields(OBS, N_MAP_SPACES)
O_MOVED = OBS.field("moved_here", N_MAP_SPACES)
O_MOVED_ACTIVE = OBS.field("moved_here_active", N_MAP_SPACES)
O_DEST = OBS.field("travel_destinations", N_MAP_SPACES)
O_SA_SPACES = coin_obs.special_activity_spaces_field(OBS, N_MAP_SPACES)
# Spaces selected, limit (the header's); Intel paid, the Operation's counter, Mass Detention left.
O_COUNTS = coin_obs.counts_field(OBS, extra=3)
O_PAID = O_COUNTS + coin_obs.HEADER_COUNTS
O_COUNTER = O_PAID + 1
O_DETAIN = O_PAID + 2
O_CAPS = OBS.field("capabilities", 8 * 2)
O_EVENT, O_PICK = coin_obs.event_fields(OBS, N_PICKS, extra=1)   # the engine's block, then British must pass
O_MUST_PASS = O_EVENT + coin_obs.EVENT_FIELDS
OBS_SIZE = OBS.size
OBS_HIGH = 20.0


@njit(cache=True)
def observe(state, out):
    state, out = borrowed(state), borrowed(out)      # no reference counting below (engine/borrow.py)
    out[:] = 0.0
    coin_obs.observe_decision(state, out, O_DECISION, N_DECISIONS, pending(state), O_ACTOR, actor(state))
    coin_obs.observe_activities(state, out, O_OP, O_SA)
    coin_obs.observe_flags(state, out, O_FLAGS)
    out[O_TERROR] = state[TERROR_HERE]
    coin_obs.observe_boxes(state, out, O_BOXES)
    coin_obs.observe_map(state, out, O_SPACES, SPACES, N_MAP_SPACES * SPACE_FIELDS)
    coin_obs.observe_pools(state, out, O_POOLS, (AVAILABLE_TROOPS, AVAILABLE_POLICE, AVAILABLE_CELLS,
                                                 AVAILABLE_CACHES, PRISON, CELLS_OUT_OF_GAME))
    out[O_HAGANAH + state[HAGANAH]] = 1.0
    out[O_TRACK] = state[TRACK_CELLS_4]
    out[O_TRACK + 1] = state[TRACK_CACHE_4]
    out[O_TRACK + 2] = state[TRACK_CELLS_3]
    out[O_TRACK + 3] = state[OWED_CELLS_4]
    out[O_TRACK + 4] = state[OWED_CACHE_4]
    out[O_TRACK + 5] = state[OWED_CELLS_3]
    coin_obs.observe_political_will(state, out, O_PW, PW_MAX)
    for v in range(3):
        out[O_INTEL + v] = state[INTEL_HELD + v]
    coin_obs.observe_cards(state, out, O_CARD, O_PLAYED, O_DECK, N_CARDS, N_PROPAGANDA)
    coin_obs.observe_spaces(state, out, N_MAP_SPACES, SELECTED, O_SELECTED, O_CUR, O_CUR2, O_SA_SPACES)
    for s in range(N_MAP_SPACES):
        out[O_MOVED + s] = state[MOVED_HERE + s]
        out[O_MOVED_ACTIVE + s] = state[MOVED_ACTIVE + s]
        out[O_DEST + s] = state[DEST_USED + s]
    coin_obs.observe_counts(state, out, O_COUNTS, O_COUNTER)
    out[O_PAID] = state[PAID]
    out[O_DETAIN] = state[DETAIN_LEFT]
    coin_obs.observe_capabilities(state, out, O_CAPS, CAPABILITIES, 8)
    coin_obs.observe_event(state, out, O_EVENT, O_PICK, N_PICKS)
    out[O_MUST_PASS] = 1.0 if state[BRITISH_MUST_PASS] > 0 else 0.0
