"""What both Arab Revolt players see, as a flat float32 vector.

Everything on the map and tracks is open information (2.2: played cards and
the size of the draw deck too; 1.7.1, 1.8.1: the chits each player holds,
the chits drawn face up and those set aside, so the cups' contents follow);
the order and content of the undrawn deck are not, nor which chit a cup will
yield next. The context field ``second_space`` also carries the cube a
Patrol moves (0 Troop, 1 Police) and the chit A10 drew; it is shown as is.
"""

from ...engine.coin import observation as coin_obs
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ...engine.layout import Layout
from ..boards.palestine import N_SPACES
from .cards import N_CARDS, PROPAGANDA_CARDS
from .events import N_PICKS
from .layout import (
    AMBUSH_REMOVED, AVAILABLE_BASES, AVAILABLE_GUERRILLAS, AVAILABLE_IRREGULARS, AVAILABLE_POLICE, AVAILABLE_TROOPS,
    CAPABILITIES, DEST_USED, EVENT_SPACES, EXTRA_COUNTRIES, FOREIGN_RALLY, MANDATORY_CARD, MARCH_UNDERGROUND,
    MOBILIZED, MOVED_ACTIVE, MOVED_HERE, MOVED_POLICE, MUNICH_DONE, N_DECISIONS, OPS_BONUS, OPS_DRAWN, OPS_HELD,
    OPS_IN_PLAY, OPS_TAKEN, OUT_OF_PLAY_TROOPS, PHASE_LEFT, PLACE_LEFT, PLACE_PIECE, PLACE_TO, PRISON_BASES,
    PRISON_GUERRILLAS, PUN_DRAWN, PUN_HELD, PUN_IN_PLAY, PUN_TAKEN, PW_MAX, REBEL_CHIT_DONE, REDEPLOY_STAGE,
    ROUND_PHASE, SELECTED, SPACE_FIELDS, SPACES, TEGART_POLICE, UNITY, UNITY_VALUES,
)
from .turns import actor, pending

N_PROPAGANDA = len(PROPAGANDA_CARDS)
N_CAPABILITY_SLOTS = 7
N_UNITY_BOXES = 5

# The shared groups (engine/coin/observation.py) and Arab Revolt's own fields,
# in the order of version 1 of this vector.
OBS = Layout("arab_revolt-observation", version=1)
O_DECISION = coin_obs.decision_field(OBS, N_DECISIONS)
O_ACTOR = coin_obs.actor_field(OBS)
O_OP, O_SA = coin_obs.activity_fields(OBS)
O_FLAGS = coin_obs.flags_field(OBS, extra=5)   # the header's, then Mandatory card, Rebels' chit chosen,
O_OWN_FLAGS = O_FLAGS + coin_obs.HEADER_FLAGS  # Foreign Assistance, Transjordan and Egypt in play, after Munich
O_BOXES = coin_obs.boxes_field(OBS)
O_SPACES = OBS.field("spaces", N_SPACES * SPACE_FIELDS)   # / 4
O_POOLS = OBS.field("pools", 9)          # Available Troops, Police, Irregulars, Guerrillas, Bases; Out of Play
#                                          Troops; Police on Tegart Forts; Prison Guerrillas, Bases
O_UNITY = OBS.field("unity_track", N_UNITY_BOXES + 1)     # the box one-hot, then its Divide value / 3
O_PW = coin_obs.political_will_field(OBS)    # / 20
O_OPS_CHITS = OBS.field("operations_chits", 14)   # per value: held, drawn, set aside; the one in play; +1
O_PUN_CHITS = OBS.field("punishment_chits", 12)   # per kind: held, drawn, set aside; the one in play
O_CARD, O_PLAYED, O_DECK = coin_obs.card_fields(OBS, N_CARDS)
O_SELECTED, O_CUR, O_CUR2 = coin_obs.space_fields(OBS, N_SPACES)
O_MOVED = OBS.field("moved_here", N_SPACES)
O_MOVED_ACTIVE = OBS.field("moved_here_active", N_SPACES)
O_MOVED_POLICE = OBS.field("moved_police", N_SPACES)
O_DEST = OBS.field("march_destinations", N_SPACES)
O_SA_SPACES = coin_obs.special_activity_spaces_field(OBS, N_SPACES)
O_COUNTS = coin_obs.counts_field(OBS, extra=5)   # the header's; the Operation's counter, Ambush's removals,
O_OWN_COUNTS = O_COUNTS + coin_obs.HEADER_COUNTS  # a March group's Underground movers, pieces to place, a phase's count
O_PLACING = OBS.field("placing", SPACE_FIELDS + N_SPACES)   # the piece being placed, its space
O_ROUND = OBS.field("propaganda_phase", 5 + 4)              # the phase waiting (Political Will .. Reset), Redeploy stage
O_MOBILIZED = OBS.field("mobilize_guerrilla_spaces", N_SPACES)
O_EVENT_SPACES = OBS.field("event_spaces_left", N_SPACES)
O_CAPS = OBS.field("capabilities", N_CAPABILITY_SLOTS * 2)
O_EVENT, O_PICK = coin_obs.event_fields(OBS, N_PICKS)
OBS_SIZE = OBS.size
OBS_HIGH = 20.0


@njit(cache=True)
def observe(state, out):
    state, out = borrowed(state), borrowed(out)      # no reference counting below (engine/borrow.py)
    out[:] = 0.0
    coin_obs.observe_decision(state, out, O_DECISION, N_DECISIONS, pending(state), O_ACTOR, actor(state))
    coin_obs.observe_activities(state, out, O_OP, O_SA)
    coin_obs.observe_flags(state, out, O_FLAGS)
    out[O_OWN_FLAGS] = state[MANDATORY_CARD]
    out[O_OWN_FLAGS + 1] = state[REBEL_CHIT_DONE]
    out[O_OWN_FLAGS + 2] = state[FOREIGN_RALLY]
    out[O_OWN_FLAGS + 3] = state[EXTRA_COUNTRIES]
    out[O_OWN_FLAGS + 4] = state[MUNICH_DONE]
    coin_obs.observe_boxes(state, out, O_BOXES)
    coin_obs.observe_map(state, out, O_SPACES, SPACES, N_SPACES * SPACE_FIELDS)
    coin_obs.observe_pools(state, out, O_POOLS, (AVAILABLE_TROOPS, AVAILABLE_POLICE, AVAILABLE_IRREGULARS,
                                                 AVAILABLE_GUERRILLAS, AVAILABLE_BASES, OUT_OF_PLAY_TROOPS,
                                                 TEGART_POLICE, PRISON_GUERRILLAS, PRISON_BASES))
    coin_obs.one_hot(out, O_UNITY, state[UNITY], N_UNITY_BOXES)
    if 0 <= state[UNITY] < N_UNITY_BOXES:
        out[O_UNITY + N_UNITY_BOXES] = UNITY_VALUES[state[UNITY]] / 3.0
    coin_obs.observe_political_will(state, out, O_PW, PW_MAX)
    ops_chit = state[OPS_IN_PLAY] - 1
    pun_chit = state[PUN_IN_PLAY] - 1
    for k in range(3):
        out[O_OPS_CHITS + k] = state[OPS_HELD + k]
        out[O_OPS_CHITS + 3 + k] = state[OPS_DRAWN + k]
        aside = state[OPS_TAKEN + k] - state[OPS_HELD + k] - state[OPS_DRAWN + k] - (1 if k == ops_chit else 0)
        out[O_OPS_CHITS + 6 + k] = aside
        out[O_PUN_CHITS + k] = state[PUN_HELD + k]
        out[O_PUN_CHITS + 3 + k] = state[PUN_DRAWN + k]
        aside = state[PUN_TAKEN + k] - state[PUN_HELD + k] - state[PUN_DRAWN + k] - (1 if k == pun_chit else 0)
        out[O_PUN_CHITS + 6 + k] = aside
    coin_obs.one_hot(out, O_OPS_CHITS + 9, ops_chit, 3)
    out[O_OPS_CHITS + 12] = state[OPS_BONUS]
    out[O_OPS_CHITS + 13] = state[OPS_IN_PLAY] + state[OPS_BONUS] if state[OPS_IN_PLAY] > 0 else 0
    coin_obs.one_hot(out, O_PUN_CHITS + 9, pun_chit, 3)
    coin_obs.observe_cards(state, out, O_CARD, O_PLAYED, O_DECK, N_CARDS, N_PROPAGANDA)
    coin_obs.observe_spaces(state, out, N_SPACES, SELECTED, O_SELECTED, O_CUR, O_CUR2, O_SA_SPACES)
    for s in range(N_SPACES):
        out[O_MOVED + s] = state[MOVED_HERE + s]
        out[O_MOVED_ACTIVE + s] = state[MOVED_ACTIVE + s]
        out[O_MOVED_POLICE + s] = state[MOVED_POLICE + s]
        out[O_DEST + s] = state[DEST_USED + s]
        out[O_MOBILIZED + s] = (state[MOBILIZED] >> s) & 1
        out[O_EVENT_SPACES + s] = (state[EVENT_SPACES] >> s) & 1
    coin_obs.observe_counts(state, out, O_COUNTS, O_OWN_COUNTS)
    out[O_OWN_COUNTS + 1] = state[AMBUSH_REMOVED]
    out[O_OWN_COUNTS + 2] = state[MARCH_UNDERGROUND]
    out[O_OWN_COUNTS + 3] = state[PLACE_LEFT]
    out[O_OWN_COUNTS + 4] = state[PHASE_LEFT]
    coin_obs.one_hot(out, O_PLACING, state[PLACE_PIECE], SPACE_FIELDS)
    coin_obs.one_hot(out, O_PLACING + SPACE_FIELDS, state[PLACE_TO], N_SPACES)
    coin_obs.one_hot(out, O_ROUND, state[ROUND_PHASE], 5)
    if state[ROUND_PHASE] >= 0:
        coin_obs.one_hot(out, O_ROUND + 5, state[REDEPLOY_STAGE], 4)
    coin_obs.observe_capabilities(state, out, O_CAPS, CAPABILITIES, N_CAPABILITY_SLOTS)
    coin_obs.observe_event(state, out, O_EVENT, O_PICK, N_PICKS)
