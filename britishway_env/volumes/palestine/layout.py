"""The one definition of a Palestine game's state row (board part).

Cards are stored by number (1..35). Spaces are the 13 playable spaces of the
Palestine board, in ``boards.palestine.SPACES`` order. The decision
machinery (pending decision and its context) is added with the Initiative
Track and Operations.
"""

from ...engine.layout import Layout
from ..boards.palestine import N_MAP_SPACES
from .cards import DECK_SIZE

LAYOUT = Layout("palestine", version=1)
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
HAGANAH = LAYOUT.field("haganah_track")               # 0..4 (6.5)
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
STATE_SIZE = LAYOUT.size

BRITISH, IRGUN = 0, 1
FACTION_NAMES = ("british", "irgun")

# Piece totals (1.2, 1.6.1): checked by the invariants.
TOTAL_TROOPS, TOTAL_POLICE, TOTAL_CELLS, TOTAL_CACHES, TOTAL_CURFEWS = 12, 6, 15, 5, 3
INTEL_CHITS_PER_VALUE = 3
HAGANAH_BOX4_CELLS, HAGANAH_BOX4_CACHES, HAGANAH_BOX3_CELLS = 2, 1, 3   # DESIGN.md, 8.0 example
PW_MAX = 20
