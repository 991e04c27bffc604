"""Operations' space limits and Special Activity timing (2.3.4, 3.1, 4.1; all volumes).

Which Special Activities may accompany which Operations is the volume's data:
``accompanies[sa, op]`` is 1 where Special Activity ``sa`` may go with
Operation ``op`` (4.1.1 and each Special Activity's section). An event's
Operation may take only the Special Activity its text grants (``EV_SA``), or
any that may accompany it (``SA_ANY_VALID``).
"""

from ..jit import njit

from .events import MODE_EVENT_OP
from .header import (
    BOX, BOX_LIMITED, COUNTER, CUR, CUR2, D_OPERATION, D_SA_SPACE, D_SPACE, DECISION, EV_CARD, EV_MODE, EV_SA,
    EV_SPACE, EXECUTOR, EXTRA_USED, LIMITED, N_SELECTED, OP, SA, SA_ANY_VALID, SA_COUNT, SA_RETURN, SA_SPACES,
    SA_USED, SPACE_LIMIT,
)
from .initiative import special_activity_box

OPERATION_SPACES = 3          # 3.1 (all volumes; a volume may add to it)
LIMITED_SPACES = 1            # 2.3.4 (all volumes)


@njit(cache=True, inline="always")
def take_box_to_operate(state, seat, box):
    """``seat`` takes ``box`` for an Operation, Limited from the Limited Op box
    (2.3.2, 2.3.4; all volumes), and chooses it next."""
    state[BOX + seat] = box
    state[EXECUTOR] = seat
    state[LIMITED] = 1 if box == BOX_LIMITED else 0
    state[DECISION] = D_OPERATION


@njit(cache=True, inline="always")
def begin_operation(state, op, limit):
    """Operation ``op`` selects up to ``limit`` spaces, each once (3.1, all volumes);
    the volume clears its own per-space scratch."""
    state[OP] = op
    state[N_SELECTED] = 0
    state[EXTRA_USED] = 0
    state[COUNTER] = 0
    state[SPACE_LIMIT] = limit
    state[DECISION] = D_SPACE


@njit(cache=True, inline="always")
def count_selected(state, s):
    """The Operation selects space ``s``; in an event it is the text's "there" too."""
    state[N_SELECTED] += 1
    if state[EV_CARD] != 0:
        state[EV_SPACE] = s


@njit(cache=True, inline="always")
def clear_action(state):
    """The action's Operation and Special Activity are over (the header's part;
    the volume clears its own per-space scratch)."""
    state[OP] = -1
    state[LIMITED] = 0
    state[CUR] = -1
    state[CUR2] = -1
    state[SA] = -1
    state[SA_USED] = 0
    state[SA_COUNT] = 0
    state[SA_SPACES] = 0
    state[N_SELECTED] = 0


@njit(cache=True, inline="always")
def base_space_limit(state):
    """Spaces an Operation may select before the volume's modifiers (3.1, 2.3.4; all volumes)."""
    return LIMITED_SPACES if state[LIMITED] else OPERATION_SPACES


@njit(cache=True, inline="always")
def sa_open(state):
    """A Special Activity may still be taken with this action: from the Op &
    Special Activity box, once (4.1, all volumes); in an event, only the one
    the text grants."""
    if state[EV_MODE] & MODE_EVENT_OP:
        return state[EV_SA] >= 0 and state[SA_USED] == 0
    return special_activity_box(state)


@njit(cache=True, inline="always")
def sa_allowed(state, sa, accompanies):
    """May ``sa`` go with this action's Operation (4.1.1, all volumes)?"""
    if state[EV_MODE] & MODE_EVENT_OP:
        granted = state[EV_SA]
        if granted == SA_ANY_VALID:
            return accompanies[sa, state[OP]] != 0
        return granted == sa
    return accompanies[sa, state[OP]] != 0


@njit(cache=True, inline="always")
def begin_special_activity(state, sa, resume):
    """The executor starts ``sa``; ``resume`` is the decision to go back to
    after it (during the Operation, or after it: 4.1, all volumes)."""
    state[SA_USED] = 1
    state[SA] = sa
    state[SA_RETURN] = resume
    state[SA_COUNT] = 0
    state[SA_SPACES] = 0
    state[DECISION] = D_SA_SPACE


@njit(cache=True, inline="always")
def sa_space_used(state, s):
    """A Special Activity acts in a space once."""
    return (state[SA_SPACES] >> s) & 1 != 0


@njit(cache=True, inline="always")
def sa_acts_in(state, s):
    state[SA_SPACES] |= 1 << s
    state[SA_COUNT] += 1
