"""The one definition of an Arab Revolt game's state row.

The row starts with the COIN header every volume shares (engine/coin/header.py);
Arab Revolt's own fields follow. Cards are stored by number (1..35). Spaces are
all 17 spaces of the Palestine board, Foreign Countries included (1.3.1), in
``boards.palestine.SPACES`` order. The readings behind the fields are settled
in docs/design/arab_revolt_decisions.md.
"""

import numpy as np

from ...engine.coin import events as coin_events
from ...engine.coin import header as coin
from ...engine.coin.events import (  # noqa: F401  (re-exported)
    MODE_EVENT_OP, MODE_FIXED_LIMIT, MODE_LIMITED, MODE_OPTIONAL, MODE_SA_AFTER_ONLY,
)
from ...engine.coin.header import (  # noqa: F401  (the COIN header, re-exported under the names Arab Revolt uses)
    A_BOX, A_EVENT_SIDE, A_OP, A_PASS, A_SA, A_SPACE, A_STOP, BOX, BOX_EVENT, BOX_LIMITED, BOX_OP_SA, CARD,
    COUNTER, CUR, CUR2, DECISION, DECK, DECK_DRAWN, EV_BITS, EV_CARD, EV_DECIDER, EV_FACTION, EV_FILTER, EV_LEFT,
    EV_MODE, EV_OPTIONAL, EV_PICK, EV_SA, EV_SIDE, EV_SPACE, EV_STEP, EXECUTOR, FIRST_ELIGIBLE, FORCED,
    FORCED_CAPACITY, LIMITED, N_SELECTED, OP, OUTCOME, POLITICAL_WILL, PROPAGANDA_DONE, RNG, SA, SA_COUNT,
    SA_RETURN, SA_SPACES, SA_USED, SPACE_LIMIT, STEP, coin_layout,
)
from ..boards.palestine import N_SPACES
from .cards import DECK_SIZE

LAYOUT = coin_layout("arab_revolt", version=1)
assert DECK_SIZE == coin.DECK_SIZE

# Per space, in this order (1.4, 1.6, 1.9, 1.12).
(TROOPS, POLICE, IRREGULARS_UNDERGROUND, IRREGULARS_ACTIVE, GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE, BASES,
 OPPOSITION, SABOTAGE, CURFEW) = range(10)
SPACE_FIELDS = 10
PIECE_NAMES = ("Troops", "Police", "Underground Irregulars", "Active Irregulars", "Underground Guerrillas",
               "Active Guerrillas", "Bases", "Opposition", "Sabotage", "Curfew")
SPACES = LAYOUT.field("spaces", N_SPACES * SPACE_FIELDS)

AVAILABLE_TROOPS = LAYOUT.field("available_troops")
AVAILABLE_POLICE = LAYOUT.field("available_police")
AVAILABLE_IRREGULARS = LAYOUT.field("available_irregulars")
AVAILABLE_GUERRILLAS = LAYOUT.field("available_guerrillas")
AVAILABLE_BASES = LAYOUT.field("available_bases")
OUT_OF_PLAY_TROOPS = LAYOUT.field("out_of_play_troops")    # 1.3.7 setup, A24; back at A34's Reset
TEGART_POLICE = LAYOUT.field("police_on_tegart_forts")     # A28: out of the game
PRISON_GUERRILLAS = LAYOUT.field("prison_guerrillas")      # 1.3.6
PRISON_BASES = LAYOUT.field("prison_bases")                # A27 unshaded, A31 unshaded
UNITY = LAYOUT.field("unity_track")                        # box 0 Decentralized .. 4 Centralized (6.6)
EXTRA_COUNTRIES = LAYOUT.field("transjordan_egypt_in_play")  # A30 shaded (1.3.7)
MUNICH_DONE = LAYOUT.field("munich_revealed")              # A34 revealed: "after Munich" (A24)
CAPABILITIES = LAYOUT.field("capabilities", 7)             # 0 none, 1 unshaded, 2 shaded (5.3)

# Chit pools (1.7, 1.8): per kind, the chits out of the cup (the engine's
# ``taken``, engine/coin/chits.py), of those the ones the owner holds and the
# ones drawn this turn; the chit in play (its kind + 1, 0 none). Set aside =
# taken - held - drawn - the one in play.
OPS_TAKEN = LAYOUT.field("operations_chits_taken", 3)      # by value 1, 2, 3
OPS_HELD = LAYOUT.field("operations_chits_held", 3)
OPS_DRAWN = LAYOUT.field("operations_chits_drawn", 3)
OPS_IN_PLAY = LAYOUT.field("operations_chit_in_play")      # value 1..3 of the Rebels' chit this card, 0 none
OPS_BONUS = LAYOUT.field("operations_chit_bonus")          # Coordinate's +1 (4.3.2)
PUN_TAKEN = LAYOUT.field("punishment_chits_taken", 3)      # Detain, Demolish, Fine
PUN_HELD = LAYOUT.field("punishment_chits_held", 3)
PUN_DRAWN = LAYOUT.field("punishment_chits_drawn", 3)
PUN_IN_PLAY = LAYOUT.field("punishment_chit_in_play")      # kind + 1 of the chit being used, 0 none

# Decision machinery (docs/arab_revolt.md, "Decisions").
REBEL_CHIT_DONE = LAYOUT.field("rebel_chit_chosen")        # 1 once the Rebels' chit step of this card is over
MANDATORY_CARD = LAYOUT.field("mandatory_card")            # 1: the card in play is a Mandatory event (5.4)
SELECTED = LAYOUT.field("selected_spaces", N_SPACES)       # 1 where the Operation acted
MOVED_HERE = LAYOUT.field("moved_here", N_SPACES)          # pieces that arrived this step (move once)
MOVED_ACTIVE = LAYOUT.field("moved_here_active", N_SPACES)  # March: of MOVED_HERE, Guerrillas that arrived Active
DEST_USED = LAYOUT.field("march_destinations", N_SPACES)   # March: destinations of this origin
MARCH_UNDERGROUND = LAYOUT.field("march_group_underground")  # March: Underground movers of this group
AMBUSH_REMOVED = LAYOUT.field("ambush_removed")            # pieces this Ambush removed (3.3.4)
PLACE_PIECE = LAYOUT.field("placing_piece")                # a placement in progress: its piece (-1 none)
PLACE_TO = LAYOUT.field("placing_to")                      # ... its space
PLACE_LEFT = LAYOUT.field("placing_left")                  # ... pieces still to place
PLACE_FACTION = LAYOUT.field("placing_faction")            # ... who places (takes from the map, 1.4.1)
PLACE_RETURN = LAYOUT.field("placing_return")              # ... what comes after it (RET_*)
ROUND_PHASE = LAYOUT.field("propaganda_phase")             # the Propaganda Round's phase, -1 outside one
PHASE_LEFT = LAYOUT.field("phase_left")                    # a phase's count still to do (Irregulars to remove)
FOREIGN_RALLY = LAYOUT.field("foreign_assistance")         # 1: the Rally is Foreign Assistance's (6.2.3)
MOVED_POLICE = LAYOUT.field("moved_police", N_SPACES)      # Patrol, Redeploy: Police that arrived (move once)
REDEPLOY_STAGE = LAYOUT.field("redeploy_stage")            # 6.4: 0 Troops, 1 Police, 2 Irregulars, 3 Guerrillas
MOBILIZED = LAYOUT.field("mobilize_guerrilla_spaces")      # bit s: Mobilize placed its Guerrilla in s (4.3.1)
SWEEP_NEXT = LAYOUT.field("sweep_next_space")              # Sweep's activation goes on from this space (3.2.3)
DETAIN_BASE_USED = LAYOUT.field("detain_base_used")        # A27 unshaded: the one Base of this Punish
EVENT_MANDATORY = LAYOUT.field("mandatory_event_running")  # 1 while a Mandatory event's text runs (5.4)
EVENT_SPACES = LAYOUT.field("event_spaces_left")           # bit s: a space the text still owes an action (A7)
EVENT_COUNT = LAYOUT.field("event_count")                  # a number the text carries (A6's Demolish chits)
CHIT_THIS_CARD = LAYOUT.field("operations_chit_this_card")  # value of the chit the Rebels selected this card (A9)
STATE_SIZE = LAYOUT.size

BRITISH, REBELS = coin.COUNTERINSURGENT, coin.INSURGENT
FACTION_NAMES = ("british", "rebels")   # the two players (1.5)
FACTION_TITLES = ("British", "Rebels")  # as prose names them

# Piece totals (1.2, 1.4, 1.12): checked by the invariants.
TOTAL_TROOPS, TOTAL_POLICE, TOTAL_IRREGULARS, TOTAL_GUERRILLAS, TOTAL_BASES, TOTAL_CURFEWS = 15, 9, 6, 15, 5, 3
TOTAL_SABOTAGE = 15          # the countersheet's Sabotage markers (1.2, rules decision A-26)
MAX_BASES_PER_SPACE = 2                  # 1.4.2
TEGART_POLICE_COUNT = 3                  # A28
PW_MAX = 20                              # 1.10

# Operations chits (1.8): values 1, 2, 3, three of each; kind k has value k + 1.
OPS_PER_KIND = np.array([3, 3, 3], dtype=np.int64)
OPS_VALUE_NAMES = ("1 Op", "2 Ops", "3 Ops")
# Punishment chits (1.7): two each of three kinds.
DETAIN, DEMOLISH, FINE = range(3)
PUN_PER_KIND = np.array([2, 2, 2], dtype=np.int64)
PUNISHMENT_NAMES = ("Detain", "Demolish", "Fine")

# The Unity Track (6.6), left to right, and each box's value for Divide
# (6.6.2). Boxes 2-4 follow the text (setup, 8.0); boxes 0-1 are our reading
# (docs/design/arab_revolt_decisions.md).
DECENTRALIZED, CENTRALIZED = 0, 4
UNITY_SETUP = 2
UNITY_VALUES = np.array([3, 2, 1, 1, 0], dtype=np.int64)
UNITY_NAMES = ("Decentralized (3)", "2", "1 (centre)", "1 (right of centre)", "Centralized (0)")

ONGOING, BRITISH_WIN, REBELS_WIN = coin.ONGOING, coin.COUNTERINSURGENT_WIN, coin.INSURGENT_WIN
OUTCOME_NAMES = ("ongoing", "british_victory", "rebels_victory")

# Initiative Track boxes, left to right (2.3.2, 2.3.6): numbered in the header.
BOX_NAMES = ("Limited Op", "Event", "Op & Special Activity")

# Operations (3.2, 3.3) and Special Activities (4.2, 4.3).
OP_DEPLOY, OP_PATROL, OP_SWEEP, OP_ASSAULT, OP_RALLY, OP_MARCH, OP_SABOTAGE, OP_AMBUSH = range(8)
OP_NAMES = ("Deploy", "Patrol", "Sweep", "Assault", "Rally", "March", "Sabotage", "Ambush")
OP_FACTION = np.array([BRITISH] * 4 + [REBELS] * 4, dtype=np.int64)
SA_PUNISH, SA_DIVIDE, SA_AIR_RECON, SA_MOBILIZE, SA_COORDINATE, SA_RAID = range(6)
SA_NAMES = ("Punish", "Divide", "Air Recon", "Mobilize", "Coordinate", "Raid")
SA_FACTION = np.array([BRITISH] * 3 + [REBELS] * 3, dtype=np.int64)


def _accompanies():
    """ACCOMPANIES[sa, op]: Special Activity ``sa`` may go with Operation ``op``
    (4.1.1, 4.2, 4.3): Punish and Air Recon with any British Operation; Divide
    with Deploy or Patrol; Mobilize with Rally or March; Coordinate with any
    Rebel Operation; Raid with Rally, Sabotage or Ambush."""
    t = np.zeros((len(SA_NAMES), len(OP_NAMES)), dtype=np.int64)
    t[[SA_PUNISH, SA_AIR_RECON], :] = OP_FACTION == BRITISH
    t[SA_DIVIDE, [OP_DEPLOY, OP_PATROL]] = 1
    t[SA_MOBILIZE, [OP_RALLY, OP_MARCH]] = 1
    t[SA_COORDINATE, :] = OP_FACTION == REBELS
    t[SA_RAID, [OP_RALLY, OP_SABOTAGE, OP_AMBUSH]] = 1
    return t


ACCOMPANIES = _accompanies()

# Capabilities (5.3): one CAPABILITIES slot per card, value 1 + side (A28, one text: 1).
CAP_MASS_DETENTION, CAP_CENTRAL_COMMITTEE, CAP_QAWUQJI, CAP_HUMAN_SHIELDS, CAP_PUNITIVE_SEARCHES, \
    CAP_REBEL_COURTS, CAP_TEGART_FORTS = range(7)
CAPABILITY_SLOT_CARDS = (1, 2, 8, 15, 18, 27, 28)
CAP_UNSHADED, CAP_SHADED = 1, 2

# Pending decisions: the shared kinds keep the header's codes, Arab Revolt's own take the gaps.
D_OVER, D_BOX, D_OPERATION, D_SPACE = coin.D_OVER, coin.D_BOX, coin.D_OPERATION, coin.D_SPACE
(D_OPS_CHIT, D_CHIT_EFFECT, D_PASS_HOLD, D_PASS_BASE, D_TAKE_FROM, D_DEPLOY_POLICE, D_CURFEW, D_PATROL_MOVE,
 D_PATROL_MOVE_TO, D_PATROL_ASSAULT, D_SWEEP_MOVE, D_SWEEP_MOVE_TO, D_SWEEP_IRREGULAR, D_RALLY_COUNT,
 D_RALLY_OPPOSITION, D_MARCH_DEST, D_MARCH_UNDERGROUND, D_MARCH_ACTIVE, D_AMBUSH_TROOP, D_PUNISH_CHIT,
 D_FINE_RAILWAY, D_DETAIN_SPREAD, D_DIVIDE_TARGET, D_RAID_FROM, D_RAID_COUNT, D_RAID_STRIKE,
 D_MOBILIZE_GUERRILLA, D_PROP_BRITISH_KEEP, D_PROP_REBELS_GAIN) = range(4, 33)
D_SA_SPACE, D_SA_AFTER, D_NEXT_CARD = coin.D_SA_SPACE, coin.D_SA_AFTER, coin.D_NEXT_CARD
D_EVENT_SPACE, D_EVENT_COUNT, D_EVENT_OPTION = coin.D_EVENT_SPACE, coin.D_EVENT_COUNT, coin.D_EVENT_OPTION
D_EVENT_OP, D_EVENT_RESUME = coin.D_EVENT_OP, coin.D_EVENT_RESUME
(D_SUPPORT_DIVIDE, D_SUPPORT_MOBILIZE, D_REDEPLOY_TROOPS, D_REDEPLOY_POLICE, D_REDEPLOY_POLICE_TO,
 D_REDEPLOY_IRREGULAR, D_REDEPLOY_GUERRILLA, D_MUNICH_TROOPS, D_DISCARD_CHIT) = range(41, 50)
_NAMES = {
    D_OVER: "game over", D_BOX: "choose a box", D_OPERATION: "choose an Operation", D_SPACE: "choose a space",
    D_OPS_CHIT: "select an Operations chit", D_CHIT_EFFECT: "Operations chit effect: Active Guerrilla",
    D_PASS_HOLD: "Pass: Punishment chit to hold", D_PASS_BASE: "Pass: place a Base",
    D_TAKE_FROM: "no piece Available: take one from", D_DEPLOY_POLICE: "Deploy: how many Police",
    D_CURFEW: "Deploy: Curfew", D_PATROL_MOVE: "Patrol: move a cube from", D_PATROL_MOVE_TO: "Patrol: cube to",
    D_PATROL_ASSAULT: "Patrol: free Assault on a Railway", D_SWEEP_MOVE: "Sweep: move a Troop from",
    D_SWEEP_MOVE_TO: "Sweep: Troop to", D_SWEEP_IRREGULAR: "Sweep: Activate an Irregular",
    D_RALLY_COUNT: "Rally: how many Guerrillas", D_RALLY_OPPOSITION: "Rally: Opposition",
    D_MARCH_DEST: "March: destination", D_MARCH_UNDERGROUND: "March: Underground Guerrillas moving",
    D_MARCH_ACTIVE: "March: Active Guerrillas moving", D_AMBUSH_TROOP: "Ambush: Troop back to a City",
    D_PUNISH_CHIT: "Punish: chit to use", D_FINE_RAILWAY: "Fine: Railway", D_DETAIN_SPREAD: "Detain: Opposition spreads to",
    D_DIVIDE_TARGET: "Divide: Guerrilla to replace", D_RAID_FROM: "Raid: Guerrillas come from",
    D_RAID_COUNT: "Raid: how many Guerrillas", D_RAID_STRIKE: "Raid: Sabotage or Ambush",
    D_MOBILIZE_GUERRILLA: "Mobilize: place a Guerrilla", D_PROP_BRITISH_KEEP: "Resources: Punishment chit to keep",
    D_PROP_REBELS_GAIN: "Resources: Unity or a chit", D_SA_SPACE: "Special Activity: space",
    D_SA_AFTER: "Special Activity after the Operation", D_NEXT_CARD: "reveal the next card (automatic)",
    D_EVENT_SPACE: "Event: choose a space", D_EVENT_COUNT: "Event: how many", D_EVENT_OPTION: "Event: choose an option",
    D_EVENT_OP: "Event: choose an Operation", D_EVENT_RESUME: "Event: carry on with the text (automatic)",
    D_SUPPORT_DIVIDE: "Support: Divide", D_SUPPORT_MOBILIZE: "Support: Mobilize",
    D_REDEPLOY_TROOPS: "Redeploy: Troop off a Railway to", D_REDEPLOY_POLICE: "Redeploy: move Police from",
    D_REDEPLOY_POLICE_TO: "Redeploy: Police to", D_REDEPLOY_IRREGULAR: "Redeploy: Irregular to Available",
    D_REDEPLOY_GUERRILLA: "Redeploy: Guerrilla to", D_MUNICH_TROOPS: "Munich: Troop to a City",
    D_DISCARD_CHIT: "Event: Punishment chit to discard",
}
N_DECISIONS = D_DISCARD_CHIT + 1
DECISION_NAMES = tuple(_NAMES.get(d, "") for d in range(N_DECISIONS))
assert set(_NAMES) - set(coin.SHARED_DECISION_CODES) <= set(coin.VOLUME_DECISION_CODES)

# Space filters of event Operations and Special Activities (EV_FILTER; F_ANY is the engine's).
F_ANY, F_HAIFA_AREA, F_SAMARIA_AREA, F_SAMARIA, F_DISTRICT, F_EVENT_SPACE, F_CURFEW_DISTRICT, F_CITY_CURFEW = range(8)
assert F_ANY == coin_events.F_ANY
# Event modes (EV_MODE bits) beyond the engine's. MODE_VARIANT changes the
# granted Special Activity: Punish with a held chit only (A12), Divide by
# Activating Irregulars only (A29), Air Recon Activating two (A32), Mobilize
# placing its Guerrillas at Curfews (A6). MODE_VARIANT_2: Punish in Cities with
# Curfews, Troops or not, and not to be declined (A22); Divide both ways (A3).
MODE_VARIANT = 8
MODE_VARIANT_2 = 32
MODE_AMBUSH_OPPOSITION = 128   # A21 shaded: an Irregular removed adds Opposition
assert {MODE_VARIANT, MODE_VARIANT_2, MODE_AMBUSH_OPPOSITION} <= set(coin_events.MODE_VOLUME)

# What follows a placement (PLACE_RETURN).
RET_SPACE, RET_SA_NEXT, RET_MOBILIZE = range(3)

# Action segments of the one Discrete space: A_STOP, A_BOX, A_PASS,
# A_EVENT_SIDE, A_OP, A_SA and A_SPACE are the header's; Arab Revolt's follow.
MAX_COUNT = 15
A_COUNT = A_SPACE + N_SPACES      # + (n - 1), n = 1..15
A_CHIT = A_COUNT + MAX_COUNT      # + 0..2: Operations chit of value 1..3; + 3..5: Detain, Demolish, Fine
A_PUNISHMENT = A_CHIT + 3
A_TRACK = A_CHIT + 6              # the Unity Track itself (Divide's roll, 4.2.2; the Resources shift, 6.2.2)
A_ALT = A_TRACK + 1               # + space: the other way of acting in a space (see game.action_name)
N_ACTIONS = A_ALT + N_SPACES
