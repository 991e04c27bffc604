"""The one definition of a Palestine game's state row (board part).

Cards are stored by number (1..35). Spaces are the 13 playable spaces of the
Palestine board, in ``boards.palestine.SPACES`` order. The decision
machinery (pending decision and its context) is added with the Initiative
Track and Operations.
"""

import numpy as np

from ...engine.layout import Layout
from ..boards.palestine import N_MAP_SPACES
from .cards import DECK_SIZE

LAYOUT = Layout("palestine", version=2)
FORCED_CAPACITY = 64

RNG = LAYOUT.field("rng")
FORCED = LAYOUT.field("forced_chance", 2 + FORCED_CAPACITY)

# Per space, in this order (1.4, 1.7, 1.10).
TROOPS, POLICE, CELLS_UNDERGROUND, CELLS_ACTIVE, ARMS_CACHES, SABOTAGE, TERROR, CURFEW = range(8)
SPACE_FIELDS = 8
PIECE_NAMES = ("Troops", "Police", "Underground Cells", "Active Cells", "Arms Caches",
               "Sabotage", "Terror", "Curfew")
SPACES = LAYOUT.field("spaces", N_MAP_SPACES * SPACE_FIELDS)

AVAILABLE_TROOPS = LAYOUT.field("available_troops")
AVAILABLE_POLICE = LAYOUT.field("available_police")
AVAILABLE_CELLS = LAYOUT.field("available_cells")
AVAILABLE_CACHES = LAYOUT.field("available_arms_caches")
PRISON = LAYOUT.field("prison_cells")                 # 1.3.6
CELLS_OUT_OF_GAME = LAYOUT.field("cells_out_of_game")  # removed from the game by an event
HAGANAH = LAYOUT.field("haganah_track")               # 0..4 (1.9, 6.5)
TRACK_CELLS_4 = LAYOUT.field("track_cells_box4")      # pieces waiting under box 4 (6.5.2)
TRACK_CACHE_4 = LAYOUT.field("track_cache_box4")
TRACK_CELLS_3 = LAYOUT.field("track_cells_box3")      # under box 3
# Pieces the track still needs from the map, for Irgun to choose (6.5.2).
OWED_CELLS_4 = LAYOUT.field("track_owed_cells_box4")
OWED_CACHE_4 = LAYOUT.field("track_owed_cache_box4")
OWED_CELLS_3 = LAYOUT.field("track_owed_cells_box3")
POLITICAL_WILL = LAYOUT.field("political_will")       # 0..20 (1.8)
INTEL_HELD = LAYOUT.field("intel_held", 3)            # British chits held, by value 0, 1, 2 (1.6.1)
DECK = LAYOUT.field("deck", DECK_SIZE)                # card numbers, top first
DECK_DRAWN = LAYOUT.field("deck_drawn")
CAPABILITIES = LAYOUT.field("capabilities", 8)        # 0 none, 1 unshaded, 2 shaded (5.3)
FIRST_ELIGIBLE = LAYOUT.field("first_eligible")       # 0 British, 1 Irgun (2.3.1)

# Decision machinery (docs/design/palestine_decisions.md).
CARD = LAYOUT.field("card")                           # card in play (number), 0 before the first
BOX = LAYOUT.field("box", 2)                          # box each faction took this card, -1 none
STEP = LAYOUT.field("card_step")                      # 0: 1st Eligible acts, 1: 2nd Eligible acts
EXECUTOR = LAYOUT.field("executor")                   # faction carrying out the current action
DECISION = LAYOUT.field("decision")                   # pending decision kind (D_*)
OP = LAYOUT.field("operation")                        # current Operation (OP_*), -1 none
LIMITED = LAYOUT.field("limited")                     # 1 for a Limited Operation
SELECTED = LAYOUT.field("selected_spaces", N_MAP_SPACES)  # 1 where the Operation acted
N_SELECTED = LAYOUT.field("n_selected")
SPACE_LIMIT = LAYOUT.field("space_limit")
EXTRA_USED = LAYOUT.field("extra_space_used")         # Intelligence Lead / Offensive (2.3.7)
CUR = LAYOUT.field("current_space")                   # space of a per-space sub-decision
CUR2 = LAYOUT.field("second_space")                   # a destination chosen for CUR
COUNTER = LAYOUT.field("op_counter")                  # running count (Assault Cells, chits to discard)
PAID = LAYOUT.field("intel_paid")                     # Intel value spent in the current space
MOVED_HERE = LAYOUT.field("moved_here", N_MAP_SPACES)  # pieces that already moved this step
MOVED_ACTIVE = LAYOUT.field("moved_here_active", N_MAP_SPACES)  # Travel: of MOVED_HERE, Cells that arrived Active
DEST_USED = LAYOUT.field("travel_destinations", N_MAP_SPACES)  # Travel: destinations of this origin
SA = LAYOUT.field("special_activity")                 # SA in progress (SA_*), -1 none
SA_USED = LAYOUT.field("special_activity_used")       # 1 once this action's SA was taken
SA_RETURN = LAYOUT.field("special_activity_return")   # decision to resume after the SA
SA_COUNT = LAYOUT.field("special_activity_spaces")    # spaces the SA acted in
SA_SPACES = LAYOUT.field("special_activity_space_bits")  # bit s set: the SA acted in space s
DETAIN_LEFT = LAYOUT.field("mass_detention_left")     # Cells Mass Detention still removes (4.2.3)
TERROR_HERE = LAYOUT.field("terror_declared")         # Terror declared for the Sabotage space
PROPAGANDA_DONE = LAYOUT.field("propaganda_rounds")   # Propaganda Rounds completed
OUTCOME = LAYOUT.field("outcome")                     # ONGOING, BRITISH_WIN, IRGUN_WIN

# Events (5.0, 9.0): the card being executed and where its text has got to.
EV_CARD = LAYOUT.field("event_card")                  # card number, 0 when no event is running
EV_SIDE = LAYOUT.field("event_side")                  # 0 unshaded, 1 shaded (5.2)
EV_FACTION = LAYOUT.field("event_faction")            # the executing faction (5.1)
EV_STEP = LAYOUT.field("event_step")                  # how far the text has been carried out
EV_DECIDER = LAYOUT.field("event_decider")            # who makes the pending event choice
EV_PICK = LAYOUT.field("event_pick")                  # what choosing a space does now (PICK_*)
EV_LEFT = LAYOUT.field("event_picks_left")            # picks still allowed
EV_OPTIONAL = LAYOUT.field("event_pick_optional")     # 1: "up to" / "may", so Stop is allowed
EV_BITS = LAYOUT.field("event_space_bits")            # bit s: space s already picked ("each")
EV_SPACE = LAYOUT.field("event_space")                # a space the text refers back to ("there")
EV_FILTER = LAYOUT.field("event_op_filter")           # spaces an event's Operation may select (F_*)
EV_MODE = LAYOUT.field("event_op_mode")               # MODE_* bits of an event's Operation
EV_SA = LAYOUT.field("event_special_activity")        # SA an event grants (SA_*, SA_ANY_VALID, -1)
PATROL_ARRESTS = LAYOUT.field("patrol_arrest_spaces")     # Patrol arrest spaces done (ROAD MINES, P23)
BRITISH_MUST_PASS = LAYOUT.field("british_must_pass")  # P27 shaded: Pass the next card, no Intel
STATE_SIZE = LAYOUT.size

BRITISH, IRGUN = 0, 1
FACTION_NAMES = ("british", "irgun")   # the two players (1.5)

# Piece totals (1.2, 1.6.1): checked by the invariants.
TOTAL_TROOPS, TOTAL_POLICE, TOTAL_CELLS, TOTAL_CACHES, TOTAL_CURFEWS = 12, 6, 15, 5, 3
INTEL_CHITS_PER_VALUE = 3
HAGANAH_BOX4_CELLS, HAGANAH_BOX4_CACHES, HAGANAH_BOX3_CELLS = 2, 1, 3   # DESIGN.md, 8.0 example
PW_MAX = 20

ONGOING, BRITISH_WIN, IRGUN_WIN = 0, 1, 2
OUTCOME_NAMES = ("ongoing", "british_victory", "irgun_victory")

# Initiative Track boxes, left to right (2.3.2, 2.3.5).
BOX_LIMITED, BOX_EVENT, BOX_OP_SA = 0, 1, 2
BOX_NAMES = ("Limited Op", "Event", "Op & Special Activity")

# Operations (3.2, 3.3).
OP_DEPLOY, OP_PATROL, OP_SEARCH, OP_ASSAULT, OP_RECRUIT, OP_TRAVEL, OP_SABOTAGE, OP_ROB = range(8)
OP_NAMES = ("Deploy", "Patrol", "Search", "Assault", "Recruit", "Travel", "Sabotage", "Rob")
OP_FACTION = np.array([BRITISH] * 4 + [IRGUN] * 4, dtype=np.int64)

# Pending decisions: who decides is in the kernel `actor`.
(D_OVER, D_BOX, D_OPERATION, D_SPACE, D_ASSAULT_CHITS, D_RECRUIT_COUNT, D_DEPLOY_DESTINATION,
 D_DEPLOY_TROOPS, D_PASS_ROB, D_LEAD_CHIT, D_OFFENSIVE_CACHE, D_REFILL, D_PROP_ROB, D_PROP_DISCARD,
 D_PROP_CACHE, D_REDEPLOY_POLICE, D_REDEPLOY_POLICE_TO, D_REDEPLOY_TROOPS, D_REDEPLOY_TROOPS_TO,
 D_REDEPLOY_CELL, D_REDEPLOY_CACHE, D_REDEPLOY_CACHE_TO, D_PATROL_MOVE, D_PATROL_MOVE_TO,
 D_PATROL_ARREST, D_PATROL_CHITS, D_SEARCH_MOVE, D_SEARCH_MOVE_TO, D_SEARCH_CITY, D_TRAVEL_DEST,
 D_TRAVEL_COUNT, D_TERROR_DECLARE, D_SABOTAGE_CACHE, D_SA_SPACE, D_SA_AFTER, D_NEXT_CARD,
 D_EVENT_SPACE, D_EVENT_COUNT, D_EVENT_OPTION, D_EVENT_OP, D_EVENT_RESUME, D_MASS_DETENTION) = range(42)
DECISION_NAMES = (
    "game over", "choose a box", "choose an Operation", "choose a space", "Assault: Intel to spend",
    "Recruit: how many Cells", "Deploy: Troop destination", "Deploy: move a Troop from",
    "Pass: Rob space", "Intelligence Lead: chit to discard", "Offensive: Arms Cache to remove",
    "Haganah Track: piece to return", "Expropriations: Rob space", "British Intel: chit to discard",
    "Haganah cooperation: Arms Cache space", "Redeploy: move Police from", "Redeploy: Police to",
    "Redeploy: move Troops from", "Redeploy: Troops to", "Redeploy: Cell into the City",
    "Redeploy: move an Arms Cache from", "Redeploy: Arms Cache to", "Patrol: move Police from",
    "Patrol: Police to", "Patrol: arrest space", "Patrol: Intel to spend", "Search: move Troops from",
    "Search: Troops to", "Search: City activation", "Travel: destination", "Travel: how many Cells",
    "Terror: declare in this City", "Sabotage: Arms Cache to spend", "Special Activity: space",
    "Special Activity after the Operation", "reveal the next card (automatic)",
    "Event: choose a space", "Event: how many", "Event: choose an option", "Event: choose an Operation",
    "Event: carry on with the text (automatic)", "Mass Detention: Cell to remove",
)

# Special Activities (4.2, 4.3).
SA_RESTORE, SA_NEGOTIATE, SA_MASS_DETENTION, SA_SILENCE, SA_PROPAGANDIZE, SA_TERROR = range(6)
SA_NAMES = ("Restore", "Negotiate", "Mass Detention", "Silence", "Propagandize", "Terror")
SA_FACTION = np.array([BRITISH] * 3 + [IRGUN] * 3, dtype=np.int64)
SA_ANY_VALID = 6                 # an event grants any Special Activity valid for its Operation (P26)

# Capabilities (5.3): one CAPABILITIES slot per card, value 1 + side.
CAP_BEVIN, CAP_PALMACH, CAP_BEVINGRADS, CAP_AIRBORNE, CAP_ROAD_MINES, CAP_BEGIN, CAP_CURFEWS, \
    CAP_FACTORIES = range(8)
CAPABILITY_SLOT_CARDS = (9, 13, 17, 18, 23, 25, 29, 32)
CAP_UNSHADED, CAP_SHADED = 1, 2

# Space filters of event Operations (EV_FILTER).
F_ANY, F_CITY, F_RAILWAY, F_POLICE, F_CELLS_CURFEW, F_EVENT_SPACE = range(6)
# Event Operation modes (EV_MODE bits).
MODE_EVENT_OP = 1            # the Operation is an event's (free: eligibility unchanged, 4.1)
MODE_FIXED_LIMIT = 2         # the text fixes the number of spaces: no extra space (2.3.7, 6.5.3)
MODE_OPTIONAL = 4            # "may": the Operation may end with no space
MODE_NO_INTEL = 8            # P6: no Intel Chits
MODE_SA_AFTER_ONLY = 16      # "then <Special Activity>": only after the Operation
MODE_SABOTAGE_HITS_POLICE = 32   # P28 shaded: a successful Sabotage removes the Police there
MODE_LIMITED = 64            # a Limited Operation (P16, P22): 2.3.4 as usual

# Action segments of the one Discrete space.
A_STOP = 0
A_BOX = 1                       # + box: take it and act
A_PASS = A_BOX + 3              # + box: take it and Pass (2.3.3)
A_EVENT_SIDE = A_PASS + 3       # + 0 unshaded / 1 shaded (Event box); an event's two options
A_OP = A_EVENT_SIDE + 2         # + OP_*
A_SA = A_OP + 8                 # + special activity
A_SPACE = A_SA + 6              # + map space
MAX_COUNT = 15
A_COUNT = A_SPACE + N_MAP_SPACES  # + (n - 1), n = 1..15
A_CHIT = A_COUNT + MAX_COUNT    # + chit value 0..2
A_EXTRA = A_CHIT + 3            # Intelligence Lead / Offensive: one more space (2.3.7)
N_ACTIONS = A_EXTRA + 1
