"""What the player sees, as a flat float32 vector.

Everything on the table is visible: both sides' units per front, Territory
Tokens, the event in effect, the cards waiting to be deployed, and how many
cards of each kind are still undrawn (open by counting). The order of the
undrawn cards is not.
"""

from ..engine.borrow import borrowed
from ..engine.jit import njit

from ..engine.layout import Layout
from .cards import (
    ARAB_DECK_SIZE, ISRAELI_DECK_SIZE, N_ARAB_TYPES, N_EVENTS, N_FRONTS, N_ISRAELI_TYPES,
    TOKENS_PER_FRONT,
)
from .layout import (
    ARAB_DECK, ARAB_DRAWN, ARAB_TT, ARAB_UNITS, BATTLE_RESULT, EVENT, EVENT_DECK, EVENT_DRAWN,
    EVENT_FRONT, ISRAELI_DECK, ISRAELI_DRAWN, ISRAELI_UNITS, MOVED, PENDING, PENDING_COUNT,
    PH_DEPLOY, PH_EVENT_TARGET, PH_OVER, PH_TRANSFER, PHASE, STREAK, TRANSFERS_LEFT, TURN,
)
from .rules import ARAB, ISRAELI, force_total

OBS = Layout("solo1948-observation", version=1)
O_DECISION = OBS.field("decision", 4)            # deploy, target, transfer, game over
O_TURN = OBS.field("turn")                       # turn / 20
O_ARAB_TT = OBS.field("arab_tokens", N_FRONTS)   # / 6
O_ISRAELI_UNITS = OBS.field("israeli_units", N_FRONTS * N_ISRAELI_TYPES)
O_ARAB_UNITS = OBS.field("arab_units", N_FRONTS * N_ARAB_TYPES)
O_MOVED = OBS.field("transferred_units", N_FRONTS * N_ISRAELI_TYPES)
O_FORCE = OBS.field("force_totals", 2 * N_FRONTS)  # Israeli then Arab, / 10
O_EVENT = OBS.field("event", N_EVENTS)
O_EVENT_FRONT = OBS.field("event_front", N_FRONTS)
O_NEXT_CARD = OBS.field("card_to_deploy", N_ISRAELI_TYPES)
O_PENDING = OBS.field("cards_waiting", N_ISRAELI_TYPES)
O_TRANSFERS = OBS.field("transfers_left")
O_STREAK = OBS.field("decisive_streak")
O_ISRAELI_LEFT = OBS.field("israeli_cards_undrawn", N_ISRAELI_TYPES)
O_ARAB_LEFT = OBS.field("arab_cards_undrawn", N_ARAB_TYPES)
O_EVENTS_LEFT = OBS.field("events_undrawn", N_EVENTS)
O_DECKS = OBS.field("deck_sizes", 3)             # fraction left of each deck
O_LAST_BATTLE = OBS.field("last_battle", N_FRONTS * 4)
OBS_SIZE = OBS.size
OBS_HIGH = 60.0


@njit(cache=True)
def observe(state, out):
    state, out = borrowed(state), borrowed(out)      # no reference counting below (engine/borrow.py)
    out[:] = 0.0
    phase = state[PHASE]
    if phase == PH_DEPLOY:
        out[O_DECISION] = 1.0
    elif phase == PH_EVENT_TARGET:
        out[O_DECISION + 1] = 1.0
    elif phase == PH_TRANSFER:
        out[O_DECISION + 2] = 1.0
    elif phase == PH_OVER:
        out[O_DECISION + 3] = 1.0
    out[O_TURN] = state[TURN] / 20.0
    for f in range(N_FRONTS):
        out[O_ARAB_TT + f] = state[ARAB_TT + f] / TOKENS_PER_FRONT
        out[O_FORCE + f] = force_total(state, ISRAELI, f) / 10.0
        out[O_FORCE + N_FRONTS + f] = force_total(state, ARAB, f) / 10.0
        out[O_LAST_BATTLE + f * 4 + state[BATTLE_RESULT + f]] = 1.0
    for i in range(N_FRONTS * N_ISRAELI_TYPES):
        out[O_ISRAELI_UNITS + i] = state[ISRAELI_UNITS + i]
        out[O_MOVED + i] = state[MOVED + i]
    for i in range(N_FRONTS * N_ARAB_TYPES):
        out[O_ARAB_UNITS + i] = state[ARAB_UNITS + i]
    ev = state[EVENT]
    if ev >= 0:
        out[O_EVENT + ev] = 1.0
    if state[EVENT_FRONT] >= 0:
        out[O_EVENT_FRONT + state[EVENT_FRONT]] = 1.0
    n = state[PENDING_COUNT]
    if n > 0:
        out[O_NEXT_CARD + state[PENDING]] = 1.0
    for i in range(n):
        out[O_PENDING + state[PENDING + i]] += 1.0
    out[O_TRANSFERS] = state[TRANSFERS_LEFT]
    out[O_STREAK] = state[STREAK]
    for i in range(state[ISRAELI_DRAWN], ISRAELI_DECK_SIZE):
        out[O_ISRAELI_LEFT + state[ISRAELI_DECK + i]] += 1.0
    for i in range(state[ARAB_DRAWN], ARAB_DECK_SIZE):
        out[O_ARAB_LEFT + state[ARAB_DECK + i]] += 1.0
    for i in range(state[EVENT_DRAWN], N_EVENTS):
        out[O_EVENTS_LEFT + state[EVENT_DECK + i]] = 1.0
    out[O_DECKS] = (ISRAELI_DECK_SIZE - state[ISRAELI_DRAWN]) / ISRAELI_DECK_SIZE
    out[O_DECKS + 1] = (ARAB_DECK_SIZE - state[ARAB_DRAWN]) / ARAB_DECK_SIZE
    out[O_DECKS + 2] = (N_EVENTS - state[EVENT_DRAWN]) / N_EVENTS


@njit(cache=True)
def observe_batch(states, out):
    for i in range(states.shape[0]):
        observe(states[i], out[i])

