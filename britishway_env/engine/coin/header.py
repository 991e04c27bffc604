"""The COIN header: the state fields every COIN volume's row starts with.

Each volume's layout is built by :func:`coin_layout`, which reserves these
fields first, so they sit at the same offsets in every volume and the engine's
cached kernels read them as compile-time constants. The volume then appends
its own fields (board, pools, tracks, per-space scratch arrays).

The numbers below (decision kinds, action segments, boxes, outcomes) are part
of saved states and replays: a volume's state dict stores them as they are.
They were fixed by the first volume encoded, which is why the shared decision
kinds are not numbered consecutively; every volume numbers its own decision
kinds in the gaps (:data:`VOLUME_DECISION_CODES`), and a test checks that no
code is used twice.
"""

from ..layout import Layout

# Seats (1.5, all volumes): the counterinsurgent and the insurgent.
COUNTERINSURGENT, INSURGENT = 0, 1

FORCED_CAPACITY = 64          # forced chance values a test may queue (engine/rng.py)
DECK_SIZE = 21                # 3 piles of 7 cards (2.1, all volumes)

# Outcome (7.0, all volumes).
ONGOING, COUNTERINSURGENT_WIN, INSURGENT_WIN = 0, 1, 2

# Initiative Track boxes, left to right (2.3.2, 2.3.5; all volumes).
BOX_LIMITED, BOX_EVENT, BOX_OP_SA = 0, 1, 2
N_BOXES = 3

# Operations and Special Activities: 4 and 3 per seat (3.0, 4.0; all volumes),
# numbered counterinsurgent first.
OPS_PER_SEAT, SAS_PER_SEAT = 4, 3
N_OPS, N_SAS = 2 * OPS_PER_SEAT, 2 * SAS_PER_SEAT
SA_ANY_VALID = N_SAS          # an event grants any Special Activity its Operation allows

# Shared decision kinds. A volume's own kinds take the other codes.
D_OVER = 0                    # the game is over
D_BOX = 1                     # an Eligible faction chooses a box, or Passes (2.3)
D_OPERATION = 2               # choose the Operation (3.0)
D_SPACE = 3                   # the Operation selects its next space, or stops (3.1)
D_SA_SPACE = 33               # the Special Activity's next space (4.1)
D_SA_AFTER = 34               # the Special Activity after the Operation, or none (4.1)
D_NEXT_CARD = 35              # reveal the next card (automatic, 2.2)
D_EVENT_SPACE = 36            # an event's text asks for a space (5.1)
D_EVENT_COUNT = 37            # ... for a number
D_EVENT_OPTION = 38           # ... for one of two options
D_EVENT_OP = 39               # ... for an Operation
D_EVENT_RESUME = 40           # carry the event's text on (automatic)
SHARED_DECISION_CODES = (D_OVER, D_BOX, D_OPERATION, D_SPACE, D_SA_SPACE, D_SA_AFTER, D_NEXT_CARD,
                         D_EVENT_SPACE, D_EVENT_COUNT, D_EVENT_OPTION, D_EVENT_OP, D_EVENT_RESUME)
VOLUME_DECISION_CODES = tuple(range(4, 33)) + tuple(range(41, 64))

# Action segments shared by every volume's one Discrete action space. The
# segments after A_SPACE (counts, chits, ...) depend on the board's size.
A_STOP = 0
A_BOX = 1                     # + box: take it and act
A_PASS = A_BOX + N_BOXES      # + box: take it and Pass (2.3.3)
A_EVENT_SIDE = A_PASS + N_BOXES   # + 0 unshaded / 1 shaded; an event's two options
A_OP = A_EVENT_SIDE + 2       # + Operation
A_SA = A_OP + N_OPS           # + Special Activity
A_SPACE = A_SA + N_SAS        # + map space


# Rule parameters: slots of the row each volume's kernels read instead of a
# constant (volumes/<v>/parameters.py names them); the setup writes the base values.
N_RULE_PARAMETERS = 16

# Restricted play, per seat (RESTRICTION_WORDS words): word R_CHOICES holds bit
# RB_BOX + b (may not take box b to act; for the Event box, to execute an
# event), RB_PASS + b (may not Pass in box b), RB_OP + op (may not choose
# Operation op, numbered as A_OP), RB_SA + sa (may not choose Special Activity
# sa, numbered as A_SA); words R_UNSHADED and R_SHADED hold bit c for event
# card c whose text of that side the seat may not execute.
RESTRICTION_WORDS = 3
R_CHOICES, R_UNSHADED, R_SHADED = 0, 1, 2
RB_BOX, RB_PASS, RB_OP, RB_SA = 0, 3, 8, 16

# Deck rules (2.1): bits of event cards never dealt, bits of event cards
# always dealt, bits of event cards dealt into the top of pile k (so drawn in
# campaign k + 1), how many events lie above the part of each pile where the
# Propaganda card is shuffled in, and how many Propaganda cards the game
# plays: the last of them is the final Propaganda card (7.0.2).
DR_EXCLUDED, DR_INCLUDED, DR_PLACED, DR_PILE_TOP, DR_CAMPAIGNS = 0, 1, 2, 5, 6
N_DECK_RULES = 7


def coin_layout(name: str, version: int) -> Layout:
    """A volume's layout with the COIN header reserved first."""
    layout = Layout(name, version)
    for field, length in HEADER_FIELDS:
        layout.field(field, length)
    return layout


HEADER_FIELDS = (
    ("rng", 1),
    ("forced_chance", 2 + FORCED_CAPACITY),
    ("deck", DECK_SIZE),                    # card numbers, top first (2.1)
    ("deck_drawn", 1),
    ("card", 1),                            # card in play, 0 before the first
    ("first_eligible", 1),                  # the seat that is 1st Eligible (2.3.1)
    ("box", 2),                             # box each seat took on this card, -1 none
    ("card_step", 1),                       # 0: 1st Eligible acts, 1: 2nd Eligible acts
    ("executor", 1),                        # seat carrying out the current action
    ("decision", 1),                        # pending decision kind
    ("operation", 1),                       # current Operation, -1 none
    ("limited", 1),                         # 1 for a Limited Operation (2.3.4)
    ("n_selected", 1),                      # spaces the Operation selected
    ("space_limit", 1),
    ("extra_space_used", 1),                # 2.3.7
    ("current_space", 1),                   # space of a per-space sub-decision
    ("second_space", 1),                    # a destination chosen for it
    ("op_counter", 1),                      # a running count inside the Operation
    ("special_activity", 1),                # Special Activity in progress, -1 none
    ("special_activity_used", 1),           # 1 once this action's Special Activity was taken
    ("special_activity_return", 1),         # decision to resume after it
    ("special_activity_spaces", 1),         # spaces it acted in
    ("special_activity_space_bits", 1),     # bit s: it acted in space s
    ("political_will", 1),                  # 1.8
    ("propaganda_rounds", 1),               # Propaganda Rounds completed (6.0)
    ("outcome", 1),
    ("event_card", 1),                      # the event being executed, 0 none (5.0)
    ("event_side", 1),                      # 0 unshaded, 1 shaded (5.2)
    ("event_faction", 1),                   # the executing seat (5.1)
    ("event_step", 1),                      # how far the text has been carried out
    ("event_decider", 1),                   # who makes the pending event choice
    ("event_pick", 1),                      # what choosing a space does now
    ("event_picks_left", 1),
    ("event_pick_optional", 1),             # 1: "up to" / "may", so Stop is allowed
    ("event_space_bits", 1),                # bit s: space s already picked ("each")
    ("event_space", 1),                     # a space the text refers back to ("there")
    ("event_op_filter", 1),                 # spaces an event's Operation may select
    ("event_op_mode", 1),                   # MODE_* bits of an event's Operation
    ("event_special_activity", 1),          # Special Activity an event grants, -1 none
    # What a variant may change (engine/coin/variant.py); the base game's
    # values are written by the volume's setup and left out of state dicts.
    ("rule_parameters", N_RULE_PARAMETERS),  # the volume's tunable rules (volumes/<v>/parameters.py)
    ("restricted", 1),                      # 1 when some seat plays under a restriction
    ("restriction", 2 * RESTRICTION_WORDS),  # per seat: R_CHOICES bits, then unshaded and shaded event bits
    ("deck_rules", N_DECK_RULES),           # how the deck is built (2.1): DR_* below
)

# The fields a variant sets (rule parameters, restrictions, deck rules).
VARIANT_FIELDS = ("rule_parameters", "restricted", "restriction", "deck_rules")



def open_order(layout: Layout):
    """The row's offsets in order, less the fields a variant sets: what the
    scripted bots' tie-break hashes (the variant is the same all game, and
    leaving it out keeps the base game's choices as they were)."""
    import numpy as np

    skip = {layout.fields[name][0] + k for name in VARIANT_FIELDS for k in range(layout.fields[name][1])}
    return np.array([i for i in range(layout.size) if i not in skip], dtype=np.int64)


_HEADER = coin_layout("coin header", 0)
_F = dict(_HEADER.fields)
HEADER_SIZE = _HEADER.size

RNG = _F["rng"][0]
FORCED = _F["forced_chance"][0]
DECK = _F["deck"][0]
DECK_DRAWN = _F["deck_drawn"][0]
CARD = _F["card"][0]
FIRST_ELIGIBLE = _F["first_eligible"][0]
BOX = _F["box"][0]
STEP = _F["card_step"][0]
EXECUTOR = _F["executor"][0]
DECISION = _F["decision"][0]
OP = _F["operation"][0]
LIMITED = _F["limited"][0]
N_SELECTED = _F["n_selected"][0]
SPACE_LIMIT = _F["space_limit"][0]
EXTRA_USED = _F["extra_space_used"][0]
CUR = _F["current_space"][0]
CUR2 = _F["second_space"][0]
COUNTER = _F["op_counter"][0]
SA = _F["special_activity"][0]
SA_USED = _F["special_activity_used"][0]
SA_RETURN = _F["special_activity_return"][0]
SA_COUNT = _F["special_activity_spaces"][0]
SA_SPACES = _F["special_activity_space_bits"][0]
POLITICAL_WILL = _F["political_will"][0]
PROPAGANDA_DONE = _F["propaganda_rounds"][0]
OUTCOME = _F["outcome"][0]
EV_CARD = _F["event_card"][0]
EV_SIDE = _F["event_side"][0]
EV_FACTION = _F["event_faction"][0]
EV_STEP = _F["event_step"][0]
EV_DECIDER = _F["event_decider"][0]
EV_PICK = _F["event_pick"][0]
EV_LEFT = _F["event_picks_left"][0]
EV_OPTIONAL = _F["event_pick_optional"][0]
EV_BITS = _F["event_space_bits"][0]
EV_SPACE = _F["event_space"][0]
EV_FILTER = _F["event_op_filter"][0]
EV_MODE = _F["event_op_mode"][0]
EV_SA = _F["event_special_activity"][0]
RULE_PARAMETERS = _F["rule_parameters"][0]
RESTRICTED = _F["restricted"][0]
RESTRICTION = _F["restriction"][0]
DECK_RULES = _F["deck_rules"][0]
