"""The one definition of a Cyprus game's state row.

The row starts with the COIN header every volume shares (engine/coin/header.py);
Cyprus's own fields follow. Cards are stored by number (1..35). Spaces are the
ten spaces of the Cyprus board, in ``boards.cyprus.SPACES`` order.
"""

import numpy as np

from ...engine.coin import events as coin_events
from ...engine.coin import header as coin
from ...engine.coin.events import (  # noqa: F401  (re-exported)
    MODE_EVENT_OP, MODE_FIXED_LIMIT, MODE_LIMITED, MODE_OPTIONAL, MODE_SA_AFTER_ONLY,
)
from ...engine.coin.header import (  # noqa: F401  (the COIN header, re-exported under the names Cyprus uses)
    A_BOX, A_EVENT_SIDE, A_OP, A_PASS, A_SA, A_SPACE, A_STOP, BOX, BOX_EVENT, BOX_LIMITED, BOX_OP_SA, CARD,
    COUNTER, CUR, CUR2, DECISION, DECK, DECK_DRAWN, EV_BITS, EV_CARD, EV_DECIDER, EV_FACTION, EV_FILTER, EV_LEFT,
    EV_MODE, EV_OPTIONAL, EV_PICK, EV_SA, EV_SIDE, EV_SPACE, EV_STEP, EXECUTOR, EXTRA_USED, FIRST_ELIGIBLE, FORCED,
    FORCED_CAPACITY, LIMITED, N_SELECTED, OP, OUTCOME, POLITICAL_WILL, PROPAGANDA_DONE, RNG, SA, SA_ANY_VALID,
    SA_COUNT, SA_RETURN, SA_SPACES, SA_USED, SPACE_LIMIT, STEP, coin_layout,
)
from ..boards.cyprus import N_MAP_SPACES
from .cards import DECK_SIZE

LAYOUT = coin_layout("cyprus", version=1)
assert DECK_SIZE == coin.DECK_SIZE

# Per space, in this order (1.4, 1.7, 1.10).
TROOPS, POLICE, CELLS_UNDERGROUND, CELLS_ACTIVE, ARMS_CACHES, SABOTAGE, CURFEW = range(7)
SPACE_FIELDS = 7
PIECE_NAMES = ("Troops", "Police", "Underground Cells", "Active Cells", "Arms Caches", "Sabotage", "Curfew")
SPACES = LAYOUT.field("spaces", N_MAP_SPACES * SPACE_FIELDS)

AVAILABLE_TROOPS = LAYOUT.field("available_troops")
AVAILABLE_POLICE = LAYOUT.field("available_police")
AVAILABLE_CELLS = LAYOUT.field("available_cells")
AVAILABLE_CACHES = LAYOUT.field("available_arms_caches")
PRISON = LAYOUT.field("prison_cells")                 # 1.3.6
SUEZ_TROOPS = LAYOUT.field("troops_on_suez_crisis")   # C4: Troops on the card until the next Reset
OPINION = LAYOUT.field("international_opinion")       # 0 Ignored .. 4 Condemned (1.9, 6.5)
INTEL_HELD = LAYOUT.field("intel_held", 3)            # British chits held, by value 0, 1, 2 (1.6.1)
CAPABILITIES = LAYOUT.field("capabilities", 9)        # 0 none, 1 unshaded, 2 shaded (5.3)

# Decision machinery.
SELECTED = LAYOUT.field("selected_spaces", N_MAP_SPACES)  # 1 where the Operation acted
PAID = LAYOUT.field("intel_paid")                     # Intel value spent in the current space
MOVED_HERE = LAYOUT.field("moved_here", N_MAP_SPACES)  # pieces that already moved this step
MOVED_ACTIVE = LAYOUT.field("moved_here_active", N_MAP_SPACES)  # Travel: of MOVED_HERE, Cells that arrived Active
DEST_USED = LAYOUT.field("travel_destinations", N_MAP_SPACES)  # Travel: destinations of this origin
CURFEW_OWED = LAYOUT.field("curfew_owed")             # 1 + Town owed a Curfew moved from the map (1.10)
SEARCH_NEXT = LAYOUT.field("search_next_space")       # where Search's activation goes on (3.2.3)
RIOTS_USED = LAYOUT.field("street_riots_used")        # C23 shaded: the Active-Cell Sabotage of this card
LORRIES_USED = LAYOUT.field("road_ambush_used")       # C32 shaded: the Troop-lorry Ambush of this Operation
PASS_AMBUSH = LAYOUT.field("pass_ambush")             # 1: the Ambush of an EOKA Pass (2.3.3)
STATE_SIZE = LAYOUT.size

BRITISH, EOKA = coin.COUNTERINSURGENT, coin.INSURGENT
FACTION_NAMES = ("british", "eoka")   # the two players (1.5)
FACTION_TITLES = ("British", "EOKA")  # as prose names them

# Piece totals (1.2, 1.4, 1.6.1, 1.10): checked by the invariants.
TOTAL_TROOPS, TOTAL_POLICE, TOTAL_CELLS, TOTAL_CACHES, TOTAL_CURFEWS = 12, 6, 12, 4, 4
TOTAL_SABOTAGE = 15                   # the countersheet's Sabotage markers (1.2, rules decision C-29)
INTEL_CHITS_PER_VALUE = 3
PW_MAX = 15                           # 1.8
OPINION_MAX = 4                       # Condemned (6.5)
IGNORED, DISCUSSED, DEBATED, CRITICIZED, CONDEMNED = range(5)
OPINION_NAMES = ("Ignored", "Discussed", "Debated", "Criticized", "Condemned")

ONGOING, BRITISH_WIN, EOKA_WIN = coin.ONGOING, coin.COUNTERINSURGENT_WIN, coin.INSURGENT_WIN
OUTCOME_NAMES = ("ongoing", "british_victory", "eoka_victory")

# Initiative Track boxes, left to right (2.3.2, 2.3.5): numbered in the header.
BOX_NAMES = ("Limited Op", "Event", "Op & Special Activity")

# Operations (3.2, 3.3).
OP_DEPLOY, OP_PATROL, OP_SEARCH, OP_ASSAULT, OP_RECRUIT, OP_TRAVEL, OP_SABOTAGE, OP_AMBUSH = range(8)
OP_NAMES = ("Deploy", "Patrol", "Search", "Assault", "Recruit", "Travel", "Sabotage", "Ambush")
OP_FACTION = np.array([BRITISH] * 4 + [EOKA] * 4, dtype=np.int64)

# Pending decisions: the shared kinds keep the header's codes, Cyprus's own take the gaps.
D_OVER, D_BOX, D_OPERATION, D_SPACE = coin.D_OVER, coin.D_BOX, coin.D_OPERATION, coin.D_SPACE
(D_ASSAULT_CHITS, D_RECRUIT_COUNT, D_DEPLOY_DESTINATION, D_DEPLOY_TROOPS, D_LEAD_CHIT, D_OFFENSIVE_CACHE,
 D_PROP_CACHE, D_PROP_DISCARD, D_REDEPLOY_POLICE, D_REDEPLOY_POLICE_TO, D_REDEPLOY_TROOPS, D_REDEPLOY_CELL,
 D_REDEPLOY_CACHE, D_REDEPLOY_CACHE_TO, D_PATROL_MOVE, D_PATROL_MOVE_TO, D_PATROL_ARREST, D_PATROL_CHITS,
 D_SEARCH_MOVE, D_SEARCH_MOVE_TO, D_SEARCH_TOWN, D_TRAVEL_DEST, D_TRAVEL_COUNT, D_SABOTAGE_CACHE,
 D_AMBUSH_CACHE, D_CURFEW_FROM, D_INTERROGATE_WAY, D_SMUGGLE_FROM, D_SUEZ_RETURN) = range(4, 33)
D_SA_SPACE, D_SA_AFTER, D_NEXT_CARD = coin.D_SA_SPACE, coin.D_SA_AFTER, coin.D_NEXT_CARD
D_EVENT_SPACE, D_EVENT_COUNT, D_EVENT_OPTION = coin.D_EVENT_SPACE, coin.D_EVENT_COUNT, coin.D_EVENT_OPTION
D_EVENT_OP, D_EVENT_RESUME = coin.D_EVENT_OP, coin.D_EVENT_RESUME
D_SEARCH_RESUME = 41                  # Search's activation goes on (automatic)
_NAMES = {
    D_OVER: "game over", D_BOX: "choose a box", D_OPERATION: "choose an Operation", D_SPACE: "choose a space",
    D_ASSAULT_CHITS: "Assault: Intel to spend", D_RECRUIT_COUNT: "Recruit: how many Cells",
    D_DEPLOY_DESTINATION: "Deploy: Troop destination", D_DEPLOY_TROOPS: "Deploy: move a Troop from",
    D_LEAD_CHIT: "Intelligence Lead: chit to discard", D_OFFENSIVE_CACHE: "Offensive: Arms Cache to remove",
    D_PROP_CACHE: "EOKA Arms: Arms Cache space", D_PROP_DISCARD: "British Intel: chit to discard",
    D_REDEPLOY_POLICE: "Redeploy: move Police from", D_REDEPLOY_POLICE_TO: "Redeploy: Police to",
    D_REDEPLOY_TROOPS: "Redeploy: Troops from the Mountains to a Base",
    D_REDEPLOY_CELL: "Redeploy: a Cell leaves a Base for", D_REDEPLOY_CACHE: "Redeploy: move an Arms Cache from",
    D_REDEPLOY_CACHE_TO: "Redeploy: Arms Cache to", D_PATROL_MOVE: "Patrol: move Police from",
    D_PATROL_MOVE_TO: "Patrol: Police to", D_PATROL_ARREST: "Patrol: arrest space",
    D_PATROL_CHITS: "Patrol: Intel to spend", D_SEARCH_MOVE: "Search: move Troops from",
    D_SEARCH_MOVE_TO: "Search: Troops to", D_SEARCH_TOWN: "Search: Town activation",
    D_TRAVEL_DEST: "Travel: destination", D_TRAVEL_COUNT: "Travel: how many Cells",
    D_SABOTAGE_CACHE: "Sabotage: Arms Cache to spend", D_AMBUSH_CACHE: "Ambush: where the Arms Cache goes",
    D_CURFEW_FROM: "Curfew: which one moves", D_INTERROGATE_WAY: "Interrogate: which way",
    D_SMUGGLE_FROM: "Smuggle: move the Arms Cache from", D_SUEZ_RETURN: "Suez Crisis: Troops return to",
    D_SA_SPACE: "Special Activity: space", D_SA_AFTER: "Special Activity after the Operation",
    D_NEXT_CARD: "reveal the next card (automatic)", D_EVENT_SPACE: "Event: choose a space",
    D_EVENT_COUNT: "Event: how many", D_EVENT_OPTION: "Event: choose an option",
    D_EVENT_OP: "Event: choose an Operation", D_EVENT_RESUME: "Event: carry on with the text (automatic)",
    D_SEARCH_RESUME: "Search: activation goes on (automatic)",
}
N_DECISIONS = D_SEARCH_RESUME + 1
DECISION_NAMES = tuple(_NAMES.get(d, "") for d in range(N_DECISIONS))
assert set(_NAMES) - set(coin.SHARED_DECISION_CODES) <= set(coin.VOLUME_DECISION_CODES)

# Special Activities (4.2, 4.3).
SA_RESTORE, SA_DIPLOMACY, SA_INTERROGATE, SA_SMUGGLE, SA_INFILTRATE, SA_PROPAGANDIZE = range(6)
SA_NAMES = ("Restore", "Diplomacy", "Interrogate", "Smuggle", "Infiltrate", "Propagandize")
SA_FACTION = np.array([BRITISH] * 3 + [EOKA] * 3, dtype=np.int64)


def _accompanies():
    """ACCOMPANIES[sa, op]: Special Activity ``sa`` may go with Operation ``op``
    (4.1.1, 4.2, 4.3): Restore with Deploy; Diplomacy with Deploy, Patrol or
    Search; Interrogate with Search or Assault; Smuggle with Recruit or Travel;
    Infiltrate and Propagandize with any EOKA Operation."""
    t = np.zeros((len(SA_NAMES), len(OP_NAMES)), dtype=np.int64)
    t[SA_RESTORE, OP_DEPLOY] = 1
    t[SA_DIPLOMACY, [OP_DEPLOY, OP_PATROL, OP_SEARCH]] = 1
    t[SA_INTERROGATE, [OP_SEARCH, OP_ASSAULT]] = 1
    t[SA_SMUGGLE, [OP_RECRUIT, OP_TRAVEL]] = 1
    t[[SA_INFILTRATE, SA_PROPAGANDIZE], :] = OP_FACTION == EOKA
    return t


ACCOMPANIES = _accompanies()

# Capabilities (5.3): one CAPABILITIES slot per card, value 1 + side (C31, one text: 1).
CAP_BLOCKADE, CAP_ROUGH_HANDLING, CAP_HUMAN_RIGHTS, CAP_SPECIAL_BRANCH, CAP_CORDON, CAP_STREET_RIOTS, \
    CAP_ASSASSINATIONS, CAP_TURKISH_POLICE, CAP_ROAD_AMBUSHES = range(9)
CAPABILITY_SLOT_CARDS = (9, 10, 13, 17, 18, 23, 25, 31, 32)
CAP_UNSHADED, CAP_SHADED = 1, 2

# Space filters of event Operations and Special Activities (EV_FILTER; F_ANY is the engine's).
(F_ANY, F_TOWN, F_MOUNTAIN, F_BASE, F_EVENT_SPACE, F_TROOPS, F_CUBES_NO_EOKA, F_CELL_CURFEW, F_CURFEW,
 F_TOWN_UNDERGROUND) = range(10)
assert F_ANY == coin_events.F_ANY
# Event Operation modes (EV_MODE bits): the engine's and Cyprus's own.
MODE_CACHES_FIRST = 8         # C2 unshaded: the Assault removes Arms Caches first
MODE_NO_CELL_NEEDED = 32      # C8 shaded: Propagandize in a Curfew space with no Cell
assert MODE_CACHES_FIRST in coin_events.MODE_VOLUME and MODE_NO_CELL_NEEDED in coin_events.MODE_VOLUME

# Action segments of the one Discrete space: A_STOP, A_BOX, A_PASS,
# A_EVENT_SIDE, A_OP, A_SA and A_SPACE are the header's; Cyprus's follow.
MAX_COUNT = 12
A_COUNT = A_SPACE + N_MAP_SPACES  # + (n - 1), n = 1..12
A_CHIT = A_COUNT + MAX_COUNT    # + chit value 0..2
A_EXTRA = A_CHIT + 3            # Intelligence Lead / Offensive: one more space (2.3.7)
A_ALT = A_EXTRA + 1             # + space: the other way of acting in a space (see game.action_name)
N_ACTIONS = A_ALT + N_MAP_SPACES
