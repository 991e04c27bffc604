"""The part of a COIN volume's observation vector that every volume shares.

Both players see the same open information (2.2, all volumes: the map and
tracks, the card in play, the cards played and how many are left in the draw
deck, never the order of the undrawn ones). Of that, what the COIN header
holds is written here: the pending decision and who makes it, the current
Operation and Special Activity, the Initiative Track (2.3: flags and the box
each seat took), Political Will (1.8), the cards, the spaces the current
action selected, its counts, and the event in progress (5.0).

A volume's observation is one :class:`~britishway_env.engine.layout.Layout`
in which the volume's own fields and these groups interleave in the order the
volume chose (users' trained agents depend on it). The ``*_field`` helpers
reserve a group under its shared name and length, in the volume's layout,
where the volume calls them; some groups take ``extra`` slots after the
shared ones for the volume's own values. Each ``observe_*`` kernel writes one
group at the offsets the volume passes. The volume's ``observe`` clears the
vector, calls these kernels and writes its own fields.

One-hot indices come from the state row; an index outside its group (a row
no loader would accept) is skipped rather than written outside the vector.
"""

from ..jit import njit

from ..layout import Layout
from .header import (
    BOX, CARD, COUNTER, CUR, CUR2, DECK, DECK_DRAWN, DECK_SIZE, EV_CARD, EV_LEFT, EV_OPTIONAL, EV_PICK,
    EV_SIDE, EV_STEP, EXTRA_USED, FIRST_ELIGIBLE, LIMITED, N_BOXES, N_OPS, N_SAS, N_SELECTED, OP,
    POLITICAL_WILL, PROPAGANDA_DONE, SA, SA_SPACES, SA_USED, SPACE_LIMIT, STEP,
)

N_SEATS = 2
# The header's Initiative Track and action flags, in this order: Limited
# Operation (2.3.4), second Eligible acting, the seat that is 1st Eligible
# (2.3.1), Special Activity used (4.1), extra space used (2.3.7).
HEADER_FLAGS = 5
# The event block: running, shaded (5.2), step / EVENT_STEP_SCALE, picks left /
# EVENT_PICKS_SCALE, optional ("up to" / "may").
EVENT_FIELDS = 5
EVENT_STEP_SCALE = 10.0
EVENT_PICKS_SCALE = 4.0
# The counts: spaces the Operation selected, its space limit (3.1); the
# Operation's running count goes where the volume puts it.
HEADER_COUNTS = 2
# Pieces and markers, on the map and in the pools, are observed over this.
PIECE_SCALE = 4.0


# Reserving the groups in a volume's observation layout.

def decision_field(obs: Layout, n_decisions: int) -> int:
    """One-hot of the pending decision kind, over the volume's ``n_decisions`` kinds."""
    return obs.field("decision", n_decisions)


def actor_field(obs: Layout) -> int:
    """One-hot of the seat that decides (counterinsurgent, insurgent)."""
    return obs.field("actor", N_SEATS)


def activity_fields(obs: Layout) -> tuple[int, int]:
    """One-hots of the current Operation (3.0) and Special Activity (4.0)."""
    return obs.field("operation", N_OPS), obs.field("special_activity", N_SAS)


def flags_field(obs: Layout, extra: int = 0) -> int:
    """The header's flags (``HEADER_FLAGS``), then ``extra`` of the volume's at ``+ HEADER_FLAGS``."""
    return obs.field("flags", HEADER_FLAGS + extra)


def boxes_field(obs: Layout) -> int:
    """One-hot of the box each seat took on this card (2.3), counterinsurgent first."""
    return obs.field("boxes", N_SEATS * N_BOXES)


def political_will_field(obs: Layout) -> int:
    return obs.field("political_will")


def card_fields(obs: Layout, n_cards: int) -> tuple[int, int, int]:
    """The card in play and the cards played (one slot per card number 1..``n_cards``),
    then the deck: cards left / DECK_SIZE and Propaganda Rounds done / their number (2.2)."""
    return obs.field("card", n_cards), obs.field("played", n_cards), obs.field("deck", 2)


def space_fields(obs: Layout, n_spaces: int) -> tuple[int, int, int]:
    """Per map space: selected by the Operation (3.1), the current space of a
    per-space decision, and a second space chosen for it."""
    return (obs.field("selected", n_spaces), obs.field("current_space", n_spaces),
            obs.field("second_space", n_spaces))


def special_activity_spaces_field(obs: Layout, n_spaces: int) -> int:
    """Per map space: the Special Activity acted there (4.1)."""
    return obs.field("special_activity_spaces", n_spaces)


def counts_field(obs: Layout, extra: int = 0) -> int:
    """The header's counts (``HEADER_COUNTS``), then ``extra`` slots of the volume's."""
    return obs.field("counts", HEADER_COUNTS + extra)


def event_fields(obs: Layout, n_picks: int, extra: int = 0) -> tuple[int, int]:
    """The event block (``EVENT_FIELDS``, then ``extra`` of the volume's), then a
    one-hot of what picking a space does now, over the volume's ``n_picks`` kinds."""
    return obs.field("event", EVENT_FIELDS + extra), obs.field("event_pick", n_picks)


# Writing them (the vector is cleared by the volume's observe first).

@njit(cache=True)
def one_hot(out, offset, index, n):
    """Set slot ``index`` of the ``n`` slots at ``offset``; an index outside them is skipped."""
    if 0 <= index < n:
        out[offset + index] = 1.0


@njit(cache=True, inline="always")
def observe_decision(state, out, o_decision, n_decisions, decision, o_actor, actor):
    """The pending ``decision`` kind and the ``actor`` deciding it (-1 none), as
    the volume's rules computed them."""
    one_hot(out, o_decision, decision, n_decisions)
    one_hot(out, o_actor, actor, N_SEATS)


@njit(cache=True, inline="always")
def observe_activities(state, out, o_op, o_sa):
    one_hot(out, o_op, state[OP], N_OPS)
    one_hot(out, o_sa, state[SA], N_SAS)


@njit(cache=True, inline="always")
def observe_flags(state, out, o_flags):
    out[o_flags] = state[LIMITED]
    out[o_flags + 1] = state[STEP]
    out[o_flags + 2] = state[FIRST_ELIGIBLE]
    out[o_flags + 3] = state[SA_USED]
    out[o_flags + 4] = state[EXTRA_USED]


@njit(cache=True, inline="always")
def observe_boxes(state, out, o_boxes):
    for seat in range(N_SEATS):
        one_hot(out, o_boxes + seat * N_BOXES, state[BOX + seat], N_BOXES)


@njit(cache=True, inline="always")
def observe_political_will(state, out, o_pw, pw_max):
    """Political Will over its maximum (1.8; the volume's scale)."""
    out[o_pw] = state[POLITICAL_WILL] / pw_max


@njit(cache=True, inline="always")
def observe_cards(state, out, o_card, o_played, o_deck, n_cards, n_propaganda):
    """The card in play, the cards played, cards left and Propaganda Rounds done (2.2)."""
    one_hot(out, o_card, state[CARD] - 1, n_cards)              # cards are numbered from 1
    drawn = min(max(state[DECK_DRAWN], 0), DECK_SIZE)
    for i in range(drawn):
        one_hot(out, o_played, state[DECK + i] - 1, n_cards)
    out[o_deck] = (DECK_SIZE - state[DECK_DRAWN]) / DECK_SIZE
    out[o_deck + 1] = state[PROPAGANDA_DONE] / n_propaganda


@njit(cache=True, inline="always")
def observe_spaces(state, out, n_spaces, selected, o_selected, o_cur, o_cur2, o_sa_spaces):
    """Per map space: the volume's SELECTED array (at row offset ``selected``),
    the current and second spaces, and the Special Activity's spaces."""
    for s in range(n_spaces):
        out[o_selected + s] = state[selected + s]
        out[o_sa_spaces + s] = (state[SA_SPACES] >> s) & 1
    one_hot(out, o_cur, state[CUR], n_spaces)
    one_hot(out, o_cur2, state[CUR2], n_spaces)


@njit(cache=True, inline="always")
def observe_counts(state, out, o_counts, o_counter):
    """Spaces selected and the space limit at ``o_counts``; the Operation's
    running count at ``o_counter`` (a slot the volume placed among its own)."""
    out[o_counts] = state[N_SELECTED]
    out[o_counts + 1] = state[SPACE_LIMIT]
    out[o_counter] = state[COUNTER]


@njit(cache=True, inline="always")
def observe_event(state, out, o_event, o_pick, n_picks):
    """The event in progress (5.0), if any: its block and the pick kind."""
    if state[EV_CARD] > 0:
        out[o_event] = 1.0
        out[o_event + 1] = state[EV_SIDE]
        out[o_event + 2] = state[EV_STEP] / EVENT_STEP_SCALE
        out[o_event + 3] = state[EV_LEFT] / EVENT_PICKS_SCALE
        out[o_event + 4] = state[EV_OPTIONAL]
        one_hot(out, o_pick, state[EV_PICK], n_picks)


@njit(cache=True, inline="always")
def observe_map(state, out, o_spaces, spaces, n_fields):
    """The map block: the ``n_fields`` per-space fields from row offset
    ``spaces`` (every space's pieces and markers, space by space) over
    ``PIECE_SCALE``."""
    for i in range(n_fields):
        out[o_spaces + i] = state[spaces + i] / PIECE_SCALE


@njit(cache=True, inline="always")
def observe_pools(state, out, o_pools, pools):
    """The pools (Available, Prison, out of play, ...): the row offsets in the
    tuple ``pools``, in its order, over ``PIECE_SCALE``."""
    for i in range(len(pools)):
        out[o_pools + i] = state[pools[i]] / PIECE_SCALE


@njit(cache=True, inline="always")
def observe_capabilities(state, out, o_caps, capabilities, n_slots):
    """Each capability slot (5.3) in play, from row offset ``capabilities``
    (0 none, 1 unshaded, 2 shaded): a one-hot of its side, two slots a card."""
    for c in range(n_slots):
        if state[capabilities + c] > 0:
            one_hot(out, o_caps + c * 2, state[capabilities + c] - 1, 2)
