"""The 1948 solo game's rules as numba kernels over one state row.

``new_game`` deals a game; ``legal_mask`` lists the decisions open to the
player; ``apply`` carries out one decision and then every automatic step
(Arab draws, events, dice, battles, the End Phase) up to the next decision.
Rule names follow solo_1948.txt (Turn Sequence, Battle Phase, card notes).
"""

from ..engine.jit import njit

from ..engine.rng import roll as _engine_roll
from ..engine.rng import shuffle_slice
from .cards import (
    ARAB_COPIES, ARAB_DECK_SIZE, ARAB_FORCE, ARAB_FRONT, ARAB_IS_LEADER, EVENT_KIND, EVENT_VALUE,
    EV_ARAB_ALL_UNITS, EV_ARAB_DRAW, EV_ARAB_WITHDRAWAL, EV_AUTO_STALEMATE, EV_BITTER_FIGHTING,
    EV_BOTH_DRAW, EV_DESPERATE_STRUGGLE, EV_FREE_TRANSFERS, EV_ISRAELI_ALL_UNITS, EV_ISRAELI_DRAW,
    EV_NEGATE_FRONT, EV_RANDOM_FRONT_ARAB_TOTAL, EV_RANDOM_FRONT_ARAB_UNITS, EV_TARGET_FRONT_TOTAL,
    EV_TARGET_FRONT_UNITS, EV_TRUCE, ISRAELI_COPIES, ISRAELI_DECK_SIZE, ISRAELI_FORCE,
    ISRAELI_IS_EXTREMIST, ISRAELI_IS_LEADER, ISRAELI_IS_VEHICLE, N_ARAB_TYPES, N_EVENTS, N_FRONTS,
    N_ISRAELI_TYPES, RANDOM, TOKENS_PER_FRONT,
)
from .layout import (
    A_DEPLOY, A_END_TRANSFERS, A_TARGET, A_TRANSFER, ARAB_DECK, ARAB_DRAWN, ARAB_TT, ARAB_UNITS,
    ATTRITION_VICTORY, BATTLE_ARAB_WIN, BATTLE_ISRAELI_WIN, BATTLE_NONE, BATTLE_RESULT,
    BATTLE_STALEMATE, COMPLETE_LOSS, DECISIVE_VICTORY, EVENT, EVENT_DECK, EVENT_DRAWN, EVENT_FRONT,
    EXTRA_ISRAELI_DRAWS, FORCED, FORCED_CAPACITY, ISRAELI_DECK, ISRAELI_DRAWN, ISRAELI_UNITS,
    MAX_TURNS, MOVED, N_TRANSFERABLE, ONGOING, OUTCOME, PENDING,
    PENDING_COUNT, PH_ARAB, PH_BATTLE, PH_DEPLOY, PH_END, PH_EVENT, PH_EVENT_TARGET,
    PH_ISRAELI_DRAW, PH_OVER, PH_TRANSFER, PHASE, RNG, STREAK, TRANSFERABLE_TYPES,
    TRANSFERS_LEFT, TURN, TURN_LIMIT,
)

ISRAELI, ARAB = 0, 1


# The most faces of any roll during play, so forced values must be below it:
# a random front (N_FRONTS), a random Unit card among a side's units at a
# front (at most the side's deck) and the event deck's reshuffle (N_EVENTS).
MAX_ROLL_FACES = max(N_FRONTS, ISRAELI_DECK_SIZE, ARAB_DECK_SIZE, N_EVENTS)


@njit(cache=True)
def roll(state, n):
    """A die with ``n`` faces (0-based), forced values first (tests)."""
    return _engine_roll(state, n, RNG, FORCED, FORCED_CAPACITY)


# ---------------------------------------------------------------- setup ----

@njit(cache=True)
def new_game(state, seed):
    """Deal a game of the 1948 deckset and run to the first decision.

    Setup (1948 deckset): the Arabs control 3 of the 6 Territory Tokens at
    each front; no units are deployed; all three decks are shuffled.
    """
    state[:] = 0
    state[RNG] = seed
    k = 0
    for t in range(N_ISRAELI_TYPES):
        for _ in range(ISRAELI_COPIES[t]):
            state[ISRAELI_DECK + k] = t
            k += 1
    k = 0
    for t in range(N_ARAB_TYPES):
        for _ in range(ARAB_COPIES[t]):
            state[ARAB_DECK + k] = t
            k += 1
    for e in range(N_EVENTS):
        state[EVENT_DECK + e] = e
    shuffle_decks(state)
    for f in range(N_FRONTS):
        state[ARAB_TT + f] = 3
        state[BATTLE_RESULT + f] = BATTLE_NONE
    state[TURN] = 1
    state[PHASE] = PH_ARAB
    advance(state)


@njit(cache=True)
def shuffle_decks(state):
    """Shuffle the undrawn part of each deck (setup, and determinize)."""
    shuffle_slice(state, ISRAELI_DECK + state[ISRAELI_DRAWN], ISRAELI_DECK + ISRAELI_DECK_SIZE,
                  RNG, FORCED, FORCED_CAPACITY)
    shuffle_slice(state, ARAB_DECK + state[ARAB_DRAWN], ARAB_DECK + ARAB_DECK_SIZE,
                  RNG, FORCED, FORCED_CAPACITY)
    shuffle_slice(state, EVENT_DECK + state[EVENT_DRAWN], EVENT_DECK + N_EVENTS,
                  RNG, FORCED, FORCED_CAPACITY)


# ------------------------------------------------------- units and force ----

@njit(cache=True, inline="always")
def side_units(side, front):
    """(offset of the side's unit counts at ``front``, number of unit kinds)."""
    if side == ISRAELI:
        return ISRAELI_UNITS + front * N_ISRAELI_TYPES, N_ISRAELI_TYPES
    return ARAB_UNITS + front * N_ARAB_TYPES, N_ARAB_TYPES


@njit(cache=True)
def unit_count(state, side, front):
    base, ntypes = side_units(side, front)
    n = 0
    for t in range(ntypes):
        n += state[base + t]
    return n


@njit(cache=True)
def unit_modifiers(state, side, front):
    """(per-unit Force modifier, front total modifier) from this turn's event."""
    ev = state[EVENT]
    if ev < 0:
        return 0, 0
    kind = EVENT_KIND[ev]
    value = EVENT_VALUE[ev]
    on_front = state[EVENT_FRONT] == front
    if side == ISRAELI:
        if kind == EV_ISRAELI_ALL_UNITS:
            return value, 0
        if kind == EV_TARGET_FRONT_UNITS and on_front:
            return value, 0
        if kind == EV_TARGET_FRONT_TOTAL and on_front:
            return 0, value
    else:
        if kind == EV_ARAB_ALL_UNITS:
            return value, 0
        if kind == EV_RANDOM_FRONT_ARAB_UNITS and on_front:
            return value, 0
        if kind == EV_RANDOM_FRONT_ARAB_TOTAL and on_front:
            return 0, value
    return 0, 0


@njit(cache=True)
def force_total(state, side, front):
    """A side's Force Total at a front (Battle Phase).

    Leaders have no Force of their own; each Leader gives +1 to every
    non-Leader Unit of its side at its front (Leader note; several Leaders
    add up). Event modifiers apply per Unit; a Unit's Force never drops
    below 0. Target/random "+5" events add to the front's total.
    """
    unit_mod, total_mod = unit_modifiers(state, side, front)
    base, ntypes = side_units(side, front)
    force = ISRAELI_FORCE if side == ISRAELI else ARAB_FORCE
    is_leader = ISRAELI_IS_LEADER if side == ISRAELI else ARAB_IS_LEADER
    leaders = 0
    for t in range(ntypes):
        if is_leader[t]:
            leaders += state[base + t]
    total = 0
    for t in range(ntypes):
        c = state[base + t]
        if c > 0 and not is_leader[t]:
            v = force[t] + leaders + unit_mod
            total += c * (v if v > 0 else 0)
    return total + total_mod


@njit(cache=True)
def discard_random_unit(state, side, front):
    """The side discards one random Unit card at the front, if it has any."""
    n = unit_count(state, side, front)
    if n == 0:
        return -1
    k = roll(state, n)
    base, ntypes = side_units(side, front)
    for t in range(ntypes):
        c = state[base + t]
        if k < c:
            state[base + t] = c - 1
            return t
        k -= c
    return -1


# ----------------------------------------------------------------- decks ----

@njit(cache=True)
def draw_israeli(state):
    pos = state[ISRAELI_DRAWN]
    if pos >= ISRAELI_DECK_SIZE:
        return -1
    state[ISRAELI_DRAWN] = pos + 1
    return state[ISRAELI_DECK + pos]


@njit(cache=True)
def draw_and_deploy_arab(state):
    """Draw one Arab card and deploy it to its printed front (R: random)."""
    pos = state[ARAB_DRAWN]
    if pos >= ARAB_DECK_SIZE:
        return
    state[ARAB_DRAWN] = pos + 1
    t = state[ARAB_DECK + pos]
    front = ARAB_FRONT[t]
    if front == RANDOM:
        front = roll(state, N_FRONTS)
    state[ARAB_UNITS + front * N_ARAB_TYPES + t] += 1


@njit(cache=True)
def draw_event(state):
    """Draw the turn's event; an exhausted event deck is reshuffled.

    The reshuffle starts from card-list order, so its result depends only on
    the dice, not on the order the cards were drawn in.
    """
    if state[EVENT_DRAWN] >= N_EVENTS:
        state[EVENT_DRAWN] = 0
        for e in range(N_EVENTS):
            state[EVENT_DECK + e] = e
        shuffle_slice(state, EVENT_DECK, EVENT_DECK + N_EVENTS, RNG, FORCED, FORCED_CAPACITY)
    pos = state[EVENT_DRAWN]
    state[EVENT_DRAWN] = pos + 1
    return state[EVENT_DECK + pos]


# ---------------------------------------------------------------- phases ----

@njit(cache=True)
def start_turn(state):
    """Clear last turn's event; the usual one transfer."""
    state[EVENT] = -1
    state[EVENT_FRONT] = -1
    state[EXTRA_ISRAELI_DRAWS] = 0
    state[TRANSFERS_LEFT] = 1


@njit(cache=True)
def resolve_event(state):
    """Event Phase: draw the event and carry out what happens at once.

    Returns True when the player must choose the Target front.
    """
    ev = draw_event(state)
    state[EVENT] = ev
    kind = EVENT_KIND[ev]
    value = EVENT_VALUE[ev]
    if kind == EV_ISRAELI_DRAW or kind == EV_TRUCE:
        state[EXTRA_ISRAELI_DRAWS] += value
    elif kind == EV_ARAB_DRAW:
        for _ in range(value):
            draw_and_deploy_arab(state)
    elif kind == EV_BOTH_DRAW:
        state[EXTRA_ISRAELI_DRAWS] += value
        for _ in range(value):
            draw_and_deploy_arab(state)
    elif kind == EV_FREE_TRANSFERS:
        state[TRANSFERS_LEFT] += value
    elif kind == EV_NEGATE_FRONT:
        state[EVENT_FRONT] = value
    elif kind == EV_TARGET_FRONT_TOTAL or kind == EV_TARGET_FRONT_UNITS:
        return True
    elif (kind == EV_RANDOM_FRONT_ARAB_UNITS or kind == EV_RANDOM_FRONT_ARAB_TOTAL
          or kind == EV_AUTO_STALEMATE):
        state[EVENT_FRONT] = roll(state, N_FRONTS)
    elif kind == EV_ARAB_WITHDRAWAL:
        front = roll(state, N_FRONTS)
        state[EVENT_FRONT] = front
        discard_random_unit(state, ARAB, front)
    elif kind == EV_DESPERATE_STRUGGLE:
        front = roll(state, N_FRONTS)
        state[EVENT_FRONT] = front
        discard_random_unit(state, ISRAELI, front)
        discard_random_unit(state, ARAB, front)
    elif kind == EV_BITTER_FIGHTING:
        for front in range(N_FRONTS):
            discard_random_unit(state, ISRAELI, front)
            discard_random_unit(state, ARAB, front)
    return False


@njit(cache=True)
def israeli_draw(state):
    """Israeli Phase draw: 2 cards plus event extras.

    Extremists deploy to a random front at once; the rest wait for the
    player to choose their fronts.
    """
    for _ in range(2 + state[EXTRA_ISRAELI_DRAWS]):
        t = draw_israeli(state)
        if t < 0:
            break
        if ISRAELI_IS_EXTREMIST[t]:
            front = roll(state, N_FRONTS)
            state[ISRAELI_UNITS + front * N_ISRAELI_TYPES + t] += 1
        else:
            n = state[PENDING_COUNT]
            state[PENDING + n] = t
            state[PENDING_COUNT] = n + 1


@njit(cache=True)
def can_transfer_from(state, r, front):
    """Transferable unit ``r`` (index into TRANSFERABLE_TYPES) may leave ``front``.

    Only Regulars transfer, each at most once a turn; a Vehicles unit uses
    its own free transfer, any other Regular needs one of the turn's
    transfers (1, plus free transfers from the event).
    """
    t = TRANSFERABLE_TYPES[r]
    idx = front * N_ISRAELI_TYPES + t
    if state[ISRAELI_UNITS + idx] - state[MOVED + idx] <= 0:
        return False
    return ISRAELI_IS_VEHICLE[t] == 1 or state[TRANSFERS_LEFT] > 0


@njit(cache=True)
def any_transfer(state):
    for r in range(N_TRANSFERABLE):
        for front in range(N_FRONTS):
            if can_transfer_from(state, r, front):
                return True
    return False


@njit(cache=True)
def battle_phase(state):
    """Battle Phase at the three fronts (skipped on turn 1 and under Truce).

    Higher total wins and takes 1 TT (if the loser has any), the loser
    discards a random Unit; a tie is a Stalemate and both discard; a side
    with no Units at the start of the battle loses 2 TT to the other side.
    """
    ev = state[EVENT]
    kind = EVENT_KIND[ev] if ev >= 0 else -1
    wins = 0
    fought = state[TURN] > 1 and kind != EV_TRUCE
    for front in range(N_FRONTS):
        result = BATTLE_NONE
        tt = ARAB_TT + front
        if not fought:
            pass
        elif kind == EV_NEGATE_FRONT and state[EVENT_FRONT] == front:
            pass
        elif kind == EV_AUTO_STALEMATE and state[EVENT_FRONT] == front:
            discard_random_unit(state, ISRAELI, front)
            discard_random_unit(state, ARAB, front)
            result = BATTLE_STALEMATE
        else:
            ni = unit_count(state, ISRAELI, front)
            na = unit_count(state, ARAB, front)
            if ni == 0 and na == 0:
                pass
            elif ni == 0:
                state[tt] = min(TOKENS_PER_FRONT, state[tt] + 2)
                result = BATTLE_ARAB_WIN
            elif na == 0:
                state[tt] = max(0, state[tt] - 2)
                result = BATTLE_ISRAELI_WIN
            else:
                fi = force_total(state, ISRAELI, front)
                fa = force_total(state, ARAB, front)
                if fi == fa:
                    discard_random_unit(state, ISRAELI, front)
                    discard_random_unit(state, ARAB, front)
                    result = BATTLE_STALEMATE
                elif fi > fa:
                    state[tt] = max(0, state[tt] - 1)
                    discard_random_unit(state, ARAB, front)
                    result = BATTLE_ISRAELI_WIN
                else:
                    state[tt] = min(TOKENS_PER_FRONT, state[tt] + 1)
                    discard_random_unit(state, ISRAELI, front)
                    result = BATTLE_ARAB_WIN
        state[BATTLE_RESULT + front] = result
        if result == BATTLE_ISRAELI_WIN:
            wins += 1
    state[STREAK] = state[STREAK] + 1 if wins == N_FRONTS else 0


@njit(cache=True)
def arab_has_no_unit_cards(state):
    if state[ARAB_DRAWN] < ARAB_DECK_SIZE:
        return False
    for front in range(N_FRONTS):
        if unit_count(state, ARAB, front) > 0:
            return False
    return True


@njit(cache=True)
def end_phase(state):
    """End Phase: the victory check, in the order loss, decisive, attrition."""
    outcome = ONGOING
    for front in range(N_FRONTS):
        if state[ARAB_TT + front] >= TOKENS_PER_FRONT:
            outcome = COMPLETE_LOSS
    if outcome == ONGOING and state[STREAK] >= 2:
        outcome = DECISIVE_VICTORY
    if outcome == ONGOING and arab_has_no_unit_cards(state):
        outcome = ATTRITION_VICTORY
    if outcome == ONGOING and state[TURN] >= MAX_TURNS:
        outcome = TURN_LIMIT
    state[OUTCOME] = outcome
    return outcome != ONGOING


@njit(cache=True)
def advance(state):
    """Run automatic steps until the player must decide or the game ends."""
    while True:
        phase = state[PHASE]
        if phase == PH_ARAB:
            start_turn(state)
            for _ in range(3):
                draw_and_deploy_arab(state)
            state[PHASE] = PH_EVENT
        elif phase == PH_EVENT:
            if resolve_event(state):
                state[PHASE] = PH_EVENT_TARGET
                return
            state[PHASE] = PH_ISRAELI_DRAW
        elif phase == PH_ISRAELI_DRAW:
            israeli_draw(state)
            state[PHASE] = PH_DEPLOY
        elif phase == PH_DEPLOY:
            if state[PENDING_COUNT] > 0:
                return
            state[PHASE] = PH_TRANSFER
        elif phase == PH_TRANSFER:
            if any_transfer(state):
                return
            state[PHASE] = PH_BATTLE
        elif phase == PH_BATTLE:
            # Transfer marks only matter in the Transfer Phase; clear them
            # before battles discard units so they never outnumber units.
            for i in range(N_FRONTS * N_ISRAELI_TYPES):
                state[MOVED + i] = 0
            battle_phase(state)
            state[PHASE] = PH_END
        elif phase == PH_END:
            if end_phase(state):
                state[PHASE] = PH_OVER
                return
            state[TURN] += 1
            state[PHASE] = PH_ARAB
        else:
            return


# ------------------------------------------------------------- decisions ----

@njit(cache=True)
def legal_mask(state, out):
    """Fill ``out`` (length N_ACTIONS) with 1 for every legal action."""
    out[:] = 0
    phase = state[PHASE]
    if phase == PH_DEPLOY:
        for front in range(N_FRONTS):
            out[A_DEPLOY + front] = 1
    elif phase == PH_EVENT_TARGET:
        for front in range(N_FRONTS):
            out[A_TARGET + front] = 1
    elif phase == PH_TRANSFER:
        out[A_END_TRANSFERS] = 1
        for r in range(N_TRANSFERABLE):
            for front in range(N_FRONTS):
                if can_transfer_from(state, r, front):
                    base = A_TRANSFER + (r * N_FRONTS + front) * (N_FRONTS - 1)
                    out[base] = 1
                    out[base + 1] = 1


@njit(cache=True)
def transfer_destination(front, slot):
    """The ``slot``-th (0 or 1) front other than ``front``."""
    return slot if slot < front else slot + 1


@njit(cache=True)
def apply(state, action):
    """Carry out a legal action, then every automatic step after it."""
    apply_decision(state, action)
    advance(state)


@njit(cache=True)
def apply_decision(state, action):
    """Carry out a legal action only; no automatic step follows (look-ahead)."""
    phase = state[PHASE]
    if phase == PH_DEPLOY:
        front = action - A_DEPLOY
        t = state[PENDING]
        n = state[PENDING_COUNT]
        for i in range(n - 1):
            state[PENDING + i] = state[PENDING + i + 1]
        state[PENDING + n - 1] = 0
        state[PENDING_COUNT] = n - 1
        state[ISRAELI_UNITS + front * N_ISRAELI_TYPES + t] += 1
    elif phase == PH_EVENT_TARGET:
        state[EVENT_FRONT] = action - A_TARGET
        state[PHASE] = PH_ISRAELI_DRAW
    elif phase == PH_TRANSFER:
        if action == A_END_TRANSFERS:
            state[PHASE] = PH_BATTLE
        else:
            k = action - A_TRANSFER
            slot = k % (N_FRONTS - 1)
            k //= N_FRONTS - 1
            src = k % N_FRONTS
            r = k // N_FRONTS
            dst = transfer_destination(src, slot)
            t = TRANSFERABLE_TYPES[r]
            state[ISRAELI_UNITS + src * N_ISRAELI_TYPES + t] -= 1
            state[ISRAELI_UNITS + dst * N_ISRAELI_TYPES + t] += 1
            state[MOVED + dst * N_ISRAELI_TYPES + t] += 1
            if ISRAELI_IS_VEHICLE[t] == 0:
                state[TRANSFERS_LEFT] -= 1


@njit(cache=True)
def is_over(state):
    return state[PHASE] == PH_OVER


@njit(cache=True)
def determinize(state, seed):
    """Reshuffle every undrawn card and reseed the dice (for planners)."""
    state[RNG] = seed
    state[FORCED] = 0
    state[FORCED + 1] = 0
    shuffle_decks(state)

