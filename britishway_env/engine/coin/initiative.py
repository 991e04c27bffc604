"""The Initiative Track and the card flow (2.2, 2.3; all volumes).

Two seats take boxes on the track left to right: the 1st Eligible chooses
first, the 2nd Eligible may not take the box the 1st took (2.3.2), and after
both have acted, the seat whose box is further left is 1st Eligible on the
next card (2.3.6). What a Pass gives (2.3.3) and what a Propaganda card
starts (2.4) are the volume's.
"""

from ..jit import njit

from .header import (
    BOX, BOX_OP_SA, CARD, D_BOX, D_NEXT_CARD, D_OVER, DECISION, DECK, DECK_DRAWN, EXECUTOR,
    FIRST_ELIGIBLE, LIMITED, OUTCOME, SA_USED, STEP,
)


@njit(cache=True, inline="always")
def second_eligible(state):
    return 1 - state[FIRST_ELIGIBLE]


@njit(cache=True, inline="always")
def box_chooser(state):
    """The seat choosing a box now: the 1st Eligible, then the 2nd (2.3.1, 2.3.2; all volumes)."""
    return state[FIRST_ELIGIBLE] if state[STEP] == 0 else second_eligible(state)


@njit(cache=True, inline="always")
def box_open(state, seat, box):
    """A box the other seat took on this card is closed to ``seat`` (2.3.2, all volumes)."""
    return state[BOX + (1 - seat)] != box


@njit(cache=True, inline="always")
def card_action_done(state):
    """One seat's action on the card is over: the 2nd Eligible chooses next, or,
    after both, the leftmost box's seat becomes 1st Eligible and the next
    card comes (2.3.5, 2.3.6; all volumes)."""
    if state[STEP] == 0:
        state[STEP] = 1
        state[DECISION] = D_BOX
        return
    state[FIRST_ELIGIBLE] = 0 if state[BOX] < state[BOX + 1] else 1
    state[DECISION] = D_NEXT_CARD


@njit(cache=True, inline="always")
def upcoming_card(state):
    """The card the next reveal shows (2.2, all volumes)."""
    return state[DECK + state[DECK_DRAWN]]


@njit(cache=True, inline="always")
def reveal_next_card(state):
    """The next card of the deck is the card in play, with an empty track
    (2.2, all volumes); returns its number."""
    pos = state[DECK_DRAWN]
    card = state[DECK + pos]
    state[DECK_DRAWN] = pos + 1
    state[CARD] = card
    state[BOX] = -1
    state[BOX + 1] = -1
    state[STEP] = 0
    state[EXECUTOR] = -1
    return card


@njit(cache=True, inline="always")
def is_propaganda(card, propaganda):
    """Is ``card`` one of the volume's Propaganda cards (2.4, all volumes)?"""
    for c in propaganda:
        if c == card:
            return True
    return False


@njit(cache=True, inline="always")
def special_activity_box(state):
    """The acting seat is in the Op & Special Activity box, in a full Operation,
    with its Special Activity not yet taken (2.3.2, 4.1; all volumes)."""
    return state[LIMITED] == 0 and state[BOX + state[EXECUTOR]] == BOX_OP_SA and state[SA_USED] == 0


@njit(cache=True, inline="always")
def game_over(state, outcome):
    """The game ends with ``outcome`` (7.0, all volumes)."""
    state[OUTCOME] = outcome
    state[DECISION] = D_OVER

