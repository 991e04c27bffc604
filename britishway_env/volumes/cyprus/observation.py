"""What both Cyprus players see, as a flat float32 vector.

Everything on the map and tracks is open information (2.2: played cards and
the size of the draw deck too; 1.6.1: the chits the British hold); the order
and the content of the undrawn deck are not, nor the chits in the bag beyond
their count.
"""

from ...engine.coin import observation as coin_obs
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ...engine.layout import Layout
from ..boards.cyprus import N_MAP_SPACES
from .cards import N_CARDS, PROPAGANDA_CARDS
from .events import N_PICKS
from .layout import (
    AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, AVAILABLE_TROOPS, CAPABILITIES, CURFEW_OWED, DEST_USED,
    INTEL_HELD, LORRIES_USED, MOVED_ACTIVE, MOVED_HERE, N_DECISIONS, OPINION, OPINION_MAX, PAID, PASS_AMBUSH,
    PRISON, PW_MAX, RIOTS_USED, SELECTED, SPACE_FIELDS, SPACES, SUEZ_TROOPS,
)
from .turns import actor, pending

N_PROPAGANDA = len(PROPAGANDA_CARDS)
N_CAPABILITY_SLOTS = 9

# The shared groups (engine/coin/observation.py) and Cyprus's own fields, in
# the order of version 1 of this vector.
OBS = Layout("cyprus-observation", version=1)
O_DECISION = coin_obs.decision_field(OBS, N_DECISIONS)
O_ACTOR = coin_obs.actor_field(OBS)
O_OP, O_SA = coin_obs.activity_fields(OBS)
O_FLAGS = coin_obs.flags_field(OBS, extra=3)   # the header's, then Street Riots used, lorries used, Pass Ambush
O_OWN_FLAGS = O_FLAGS + coin_obs.HEADER_FLAGS
O_BOXES = coin_obs.boxes_field(OBS)
O_SPACES = OBS.field("spaces", N_MAP_SPACES * SPACE_FIELDS)   # / 4
O_POOLS = OBS.field("pools", 6)          # Available Troops, Police, Cells, Caches; Prison; Troops on SUEZ CRISIS
O_OPINION = OBS.field("international_opinion", OPINION_MAX + 1)
O_PW = coin_obs.political_will_field(OBS)    # / 15
O_INTEL = OBS.field("intel_held", 3)
O_CARD, O_PLAYED, O_DECK = coin_obs.card_fields(OBS, N_CARDS)
O_SELECTED, O_CUR, O_CUR2 = coin_obs.space_fields(OBS, N_MAP_SPACES)
O_MOVED = OBS.field("moved_here", N_MAP_SPACES)
O_MOVED_ACTIVE = OBS.field("moved_here_active", N_MAP_SPACES)
O_DEST = OBS.field("travel_destinations", N_MAP_SPACES)
O_SA_SPACES = coin_obs.special_activity_spaces_field(OBS, N_MAP_SPACES)
O_COUNTS = coin_obs.counts_field(OBS, extra=2)   # the header's; Intel paid, the Operation's counter
O_PAID = O_COUNTS + coin_obs.HEADER_COUNTS
O_COUNTER = O_PAID + 1
O_CURFEW_OWED = OBS.field("curfew_owed", N_MAP_SPACES)
O_CAPS = OBS.field("capabilities", N_CAPABILITY_SLOTS * 2)
O_EVENT, O_PICK = coin_obs.event_fields(OBS, N_PICKS)
OBS_SIZE = OBS.size
OBS_HIGH = 15.0


@njit(cache=True)
def observe(state, out):
    state, out = borrowed(state), borrowed(out)      # no reference counting below (engine/borrow.py)
    out[:] = 0.0
    coin_obs.observe_decision(state, out, O_DECISION, N_DECISIONS, pending(state), O_ACTOR, actor(state))
    coin_obs.observe_activities(state, out, O_OP, O_SA)
    coin_obs.observe_flags(state, out, O_FLAGS)
    out[O_OWN_FLAGS] = state[RIOTS_USED]
    out[O_OWN_FLAGS + 1] = state[LORRIES_USED]
    out[O_OWN_FLAGS + 2] = state[PASS_AMBUSH]
    coin_obs.observe_boxes(state, out, O_BOXES)
    coin_obs.observe_map(state, out, O_SPACES, SPACES, N_MAP_SPACES * SPACE_FIELDS)
    coin_obs.observe_pools(state, out, O_POOLS, (AVAILABLE_TROOPS, AVAILABLE_POLICE, AVAILABLE_CELLS,
                                                 AVAILABLE_CACHES, PRISON, SUEZ_TROOPS))
    coin_obs.one_hot(out, O_OPINION, state[OPINION], OPINION_MAX + 1)
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
    coin_obs.one_hot(out, O_CURFEW_OWED, state[CURFEW_OWED] - 1, N_MAP_SPACES)
    coin_obs.observe_capabilities(state, out, O_CAPS, CAPABILITIES, N_CAPABILITY_SLOTS)
    coin_obs.observe_event(state, out, O_EVENT, O_PICK, N_PICKS)
