"""The one definition of a Palestine game's state row.

The row starts with the COIN header every volume shares; Palestine's own
fields follow. Cards are stored by number (1..35). Spaces are the 13 playable
spaces of the Palestine board, in ``boards.palestine.SPACES`` order.
"""

import numpy as np

from ...engine.coin import events as coin_events
from ...engine.coin import header as coin
from ...engine.coin.events import (  # noqa: F401  (re-exported)
    MODE_EVENT_OP, MODE_FIXED_LIMIT, MODE_LIMITED, MODE_OPTIONAL, MODE_SA_AFTER_ONLY,
)
from ...engine.coin.header import (  # noqa: F401  (the COIN header, re-exported under the names Palestine uses)
    A_BOX, A_EVENT_SIDE, A_OP, A_PASS, A_SA, A_SPACE, A_STOP, BOX, BOX_EVENT, BOX_LIMITED, BOX_OP_SA, CARD,
    COUNTER, CUR, CUR2, DECISION, DECK, DECK_DRAWN, EV_BITS, EV_CARD, EV_DECIDER, EV_FACTION, EV_FILTER, EV_LEFT,
    EV_MODE, EV_OPTIONAL, EV_PICK, EV_SA, EV_SIDE, EV_SPACE, EV_STEP, EXECUTOR, EXTRA_USED, FIRST_ELIGIBLE, FORCED,
    FORCED_CAPACITY, LIMITED, N_SELECTED, OP, OUTCOME, POLITICAL_WILL, PROPAGANDA_DONE, RNG, SA, SA_ANY_VALID,
    SA_COUNT, SA_RETURN, SA_SPACES, SA_USED, SPACE_LIMIT, STEP, coin_layout,
)
from ..boards.palestine import N_MAP_SPACES
from .cards import DECK_SIZE

# The COIN header comes first (engine/coin/header.py): rng and forced chance,
# the deck, the Initiative Track, the current Operation and Special Activity,
# Political Will (1.8, 0..20 here), Propaganda Rounds, outcome, the event in
# progress. Palestine's own fields follow.
LAYOUT = coin_layout("palestine", version=2)
assert DECK_SIZE == coin.DECK_SIZE

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
INTEL_HELD = LAYOUT.field("intel_held", 3)            # British chits held, by value 0, 1, 2 (1.6.1)
CAPABILITIES = LAYOUT.field("capabilities", 8)        # 0 none, 1 unshaded, 2 shaded (5.3)

# Decision machinery (docs/design/palestine_decisions.md).
SELECTED = LAYOUT.field("selected_spaces", N_MAP_SPACES)  # 1 where the Operation acted
PAID = LAYOUT.field("intel_paid")                     # Intel value spent in the current space
MOVED_HERE = LAYOUT.field("moved_here", N_MAP_SPACES)  # pieces that already moved this step
MOVED_ACTIVE = LAYOUT.field("moved_here_active", N_MAP_SPACES)  # Travel: of MOVED_HERE, Cells that arrived Active
DEST_USED = LAYOUT.field("travel_destinations", N_MAP_SPACES)  # Travel: destinations of this origin
DETAIN_LEFT = LAYOUT.field("mass_detention_left")     # Cells Mass Detention still removes (4.2.3)
TERROR_HERE = LAYOUT.field("terror_declared")         # Terror declared for the Sabotage space

# Event scratch (5.0, 9.0) beyond the header's.
PATROL_ARRESTS = LAYOUT.field("patrol_arrest_spaces")     # Patrol arrest spaces done (ROAD MINES, P23)
BRITISH_MUST_PASS = LAYOUT.field("british_must_pass")  # P27 shaded: Pass the next card, no Intel
STATE_SIZE = LAYOUT.size

# The order in which the scripted bots' tie-break hashes the open information
# (bots.open_hash): the fields in the row order of layout version 2, before the
# COIN header moved to the front. Hashing in this fixed order keeps the bots'
# choices independent of where the row keeps each field. The fields a variant
# sets (coin.VARIANT_FIELDS) are not hashed: they are the same all game.
TIEBREAK_FIELDS = (
    "rng", "forced_chance", "spaces", "available_troops", "available_police", "available_cells",
    "available_arms_caches", "prison_cells", "cells_out_of_game", "haganah_track", "track_cells_box4",
    "track_cache_box4", "track_cells_box3", "track_owed_cells_box4", "track_owed_cache_box4",
    "track_owed_cells_box3", "political_will", "intel_held", "deck", "deck_drawn", "capabilities",
    "first_eligible", "card", "box", "card_step", "executor", "decision", "operation", "limited",
    "selected_spaces", "n_selected", "space_limit", "extra_space_used", "current_space", "second_space",
    "op_counter", "intel_paid", "moved_here", "moved_here_active", "travel_destinations", "special_activity",
    "special_activity_used", "special_activity_return", "special_activity_spaces", "special_activity_space_bits",
    "mass_detention_left", "terror_declared", "propaganda_rounds", "outcome", "event_card", "event_side",
    "event_faction", "event_step", "event_decider", "event_pick", "event_picks_left", "event_pick_optional",
    "event_space_bits", "event_space", "event_op_filter", "event_op_mode", "event_special_activity",
    "patrol_arrest_spaces", "british_must_pass",
)
assert sorted(TIEBREAK_FIELDS) == sorted(set(LAYOUT.fields) - set(coin.VARIANT_FIELDS))
TIEBREAK_ORDER = np.array([LAYOUT.fields[name][0] + k for name in TIEBREAK_FIELDS
                           for k in range(LAYOUT.fields[name][1])], dtype=np.int64)

BRITISH, IRGUN = coin.COUNTERINSURGENT, coin.INSURGENT
FACTION_NAMES = ("british", "irgun")   # the two players (1.5)
FACTION_TITLES = ("British", "Irgun")  # as prose names them

# Piece totals (1.2, 1.6.1): checked by the invariants.
TOTAL_TROOPS, TOTAL_POLICE, TOTAL_CELLS, TOTAL_CACHES, TOTAL_CURFEWS = 12, 6, 15, 5, 3
TOTAL_MARKERS = 15     # Sabotage/Terror markers, one side each: on the map together (1.2, rules decision P-39)
INTEL_CHITS_PER_VALUE = 3
HAGANAH_BOX4_CELLS, HAGANAH_BOX4_CACHES, HAGANAH_BOX3_CELLS = 2, 1, 3   # DESIGN.md, 8.0 example
PW_MAX = 20

ONGOING, BRITISH_WIN, IRGUN_WIN = coin.ONGOING, coin.COUNTERINSURGENT_WIN, coin.INSURGENT_WIN
OUTCOME_NAMES = ("ongoing", "british_victory", "irgun_victory")

# Initiative Track boxes, left to right (2.3.2, 2.3.5): numbered in the header.
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
assert (D_OVER, D_BOX, D_OPERATION, D_SPACE, D_SA_SPACE, D_SA_AFTER, D_NEXT_CARD, D_EVENT_SPACE, D_EVENT_COUNT,
        D_EVENT_OPTION, D_EVENT_OP, D_EVENT_RESUME) == coin.SHARED_DECISION_CODES
assert len(DECISION_NAMES) == D_MASS_DETENTION + 1

# Special Activities (4.2, 4.3).
SA_RESTORE, SA_NEGOTIATE, SA_MASS_DETENTION, SA_SILENCE, SA_PROPAGANDIZE, SA_TERROR = range(6)
SA_NAMES = ("Restore", "Negotiate", "Mass Detention", "Silence", "Propagandize", "Terror")
SA_FACTION = np.array([BRITISH] * 3 + [IRGUN] * 3, dtype=np.int64)


def _accompanies():
    """ACCOMPANIES[sa, op]: Special Activity ``sa`` may go with Operation ``op``
    (4.1.1, 4.2, 4.3): Restore with Deploy; Negotiate with Deploy, Patrol or
    Search; Mass Detention with Search or Assault; Terror with Sabotage;
    Silence and Propagandize with any Irgun Operation."""
    t = np.zeros((len(SA_NAMES), len(OP_NAMES)), dtype=np.int64)
    t[SA_RESTORE, OP_DEPLOY] = 1
    t[SA_NEGOTIATE, [OP_DEPLOY, OP_PATROL, OP_SEARCH]] = 1
    t[SA_MASS_DETENTION, [OP_SEARCH, OP_ASSAULT]] = 1
    t[SA_TERROR, OP_SABOTAGE] = 1
    t[[SA_SILENCE, SA_PROPAGANDIZE], :] = OP_FACTION == IRGUN
    return t


ACCOMPANIES = _accompanies()
# SA_ANY_VALID (the header's): an event grants any Special Activity valid for its Operation (P26).

# Capabilities (5.3): one CAPABILITIES slot per card, value 1 + side.
CAP_BEVIN, CAP_PALMACH, CAP_BEVINGRADS, CAP_AIRBORNE, CAP_ROAD_MINES, CAP_BEGIN, CAP_CURFEWS, \
    CAP_FACTORIES = range(8)
CAPABILITY_SLOT_CARDS = (9, 13, 17, 18, 23, 25, 29, 32)
CAP_UNSHADED, CAP_SHADED = 1, 2

# Space filters of event Operations (EV_FILTER; F_ANY is the engine's).
F_ANY, F_CITY, F_RAILWAY, F_POLICE, F_CELLS_CURFEW, F_EVENT_SPACE = range(6)
assert F_ANY == coin_events.F_ANY
# Event Operation modes (EV_MODE bits): the engine's (MODE_EVENT_OP, MODE_FIXED_LIMIT
# (also 2.3.7, 6.5.3), MODE_OPTIONAL, MODE_SA_AFTER_ONLY, MODE_LIMITED (P16, P22)) and Palestine's own.
MODE_NO_INTEL = 8            # P6: no Intel Chits
MODE_SABOTAGE_HITS_POLICE = 32   # P28 shaded: a successful Sabotage removes the Police there
assert MODE_NO_INTEL in coin_events.MODE_VOLUME and MODE_SABOTAGE_HITS_POLICE in coin_events.MODE_VOLUME

# Action segments of the one Discrete space: A_STOP, A_BOX, A_PASS,
# A_EVENT_SIDE, A_OP, A_SA and A_SPACE are the header's; Palestine's follow.
MAX_COUNT = 15
A_COUNT = A_SPACE + N_MAP_SPACES  # + (n - 1), n = 1..15
A_CHIT = A_COUNT + MAX_COUNT    # + chit value 0..2
A_EXTRA = A_CHIT + 3            # Intelligence Lead / Offensive: one more space (2.3.7)
N_ACTIONS = A_EXTRA + 1
