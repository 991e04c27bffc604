"""The event request protocol (5.1-5.3, all volumes).

An event runs as a small script of the volume over the state row: from step
``EV_STEP`` it carries the text of ``EV_CARD`` (side ``EV_SIDE``) forward
until it needs something, and returns a request code:

* ``REQ_WAIT``: a player decision was set (``D_EVENT_SPACE``, ``D_EVENT_COUNT``,
  ``D_EVENT_OPTION``), or ``D_EVENT_RESUME`` to come straight back;
* ``REQ_OPERATION + op``: run Operation ``op`` as the text limits it
  (``EV_LEFT`` spaces, ``EV_FILTER``, ``EV_MODE``, ``EV_SA``), free (4.1);
* ``REQ_CHOOSE_OP``: ``EV_DECIDER`` chooses an Operation, or none;
* ``REQ_SPECIAL_ACTIVITY``: ``EV_DECIDER`` may carry out ``EV_SA``;
* ``REQ_DONE``: the text is finished; ``REQ_RESET``: a text run at the start
  of the Reset Phase is finished;
* codes ``REQ_VOLUME`` .. ``REQ_OPERATION - 1``: the volume's own requests.

The volume's turn machinery answers the requests with its Operations and
Special Activities, so a script knows cards and nothing of sequencing.
"""

from ..jit import njit

from .header import (
    CARD, D_EVENT_RESUME, DECISION, EV_BITS, EV_CARD, EV_DECIDER, EV_FACTION, EV_FILTER, EV_LEFT, EV_MODE,
    EV_OPTIONAL, EV_PICK, EV_SA, EV_SIDE, EV_SPACE, EV_STEP, EXECUTOR,
)

REQ_WAIT, REQ_DONE, REQ_RESET, REQ_CHOOSE_OP, REQ_SPECIAL_ACTIVITY = range(5)
REQ_VOLUME = 5                # first code a volume may use for its own requests
REQ_OPERATION = 8             # + Operation

F_ANY = 0                     # EV_FILTER: an event's Operation may select any space; volumes number the rest

# EV_MODE bits of an event's Operation; a volume's own bits start at MODE_VOLUME.
MODE_EVENT_OP = 1             # the Operation is an event's (free: eligibility unchanged, 4.1)
MODE_FIXED_LIMIT = 2          # the text fixes the number of spaces: no extra space
MODE_OPTIONAL = 4             # "may": the Operation may end with no space
MODE_SA_AFTER_ONLY = 16       # "then <Special Activity>": only after the Operation
MODE_LIMITED = 64             # a Limited Operation: 2.3.4 as usual
MODE_VOLUME = (8, 32, 128, 256, 512)


@njit(cache=True, inline="always")
def clear_event(state):
    state[EV_CARD] = 0
    state[EV_SIDE] = 0
    state[EV_STEP] = 0
    state[EV_PICK] = 0
    state[EV_LEFT] = 0
    state[EV_OPTIONAL] = 0
    state[EV_BITS] = 0
    state[EV_SPACE] = -1
    state[EV_FILTER] = F_ANY
    state[EV_MODE] = 0
    state[EV_SA] = -1


@njit(cache=True, inline="always")
def begin_event(state, seat, side):
    """``seat`` executes the card in play's event, text ``side`` (5.1, 5.2; all volumes)."""
    clear_event(state)
    state[EV_CARD] = state[CARD]
    state[EV_SIDE] = side
    state[EV_FACTION] = seat
    state[EV_DECIDER] = seat
    state[EXECUTOR] = seat
    state[DECISION] = D_EVENT_RESUME


@njit(cache=True, inline="always")
def request_operation(state, op, limit, space_filter, mode, sa, next_step):
    """Run ``op`` for the event in up to ``limit`` spaces; then step ``next_step``."""
    state[EV_STEP] = next_step
    state[EV_LEFT] = limit
    state[EV_FILTER] = space_filter
    state[EV_MODE] = mode | MODE_EVENT_OP
    state[EV_SA] = sa
    return REQ_OPERATION + op


@njit(cache=True, inline="always")
def request_choice_of_operation(state, decider, limit, mode, next_step):
    """``decider`` chooses an Operation (or none) for the event, in up to ``limit`` spaces."""
    state[EV_STEP] = next_step
    state[EV_DECIDER] = decider
    state[EV_LEFT] = limit
    state[EV_FILTER] = F_ANY
    state[EV_MODE] = mode | MODE_EVENT_OP
    state[EV_SA] = -1
    return REQ_CHOOSE_OP


@njit(cache=True, inline="always")
def grant_special_activity(state, sa, space_filter, mode, decider, next_step):
    """The text grants Special Activity ``sa`` on its own ("may" and the
    Special Activity): ``decider`` may carry it out in the filter's spaces;
    then step ``next_step`` (all volumes)."""
    state[EV_STEP] = next_step
    state[EV_DECIDER] = decider
    state[EV_FILTER] = space_filter
    state[EV_MODE] = mode | MODE_EVENT_OP
    state[EV_SA] = sa
    return REQ_SPECIAL_ACTIVITY


@njit(cache=True, inline="always")
def set_pick(state, kind, n, optional, decider, next_step):
    """The text asks ``decider`` to pick ``n`` spaces for ``kind`` (the
    volume's pick codes; ``optional``: "up to", so the picks may stop early),
    none picked yet; then step ``next_step`` (5.1, all volumes). The volume's
    ``begin_pick`` clears its own context, then asks for the first pick."""
    state[EV_STEP] = next_step
    state[EV_PICK] = kind
    state[EV_LEFT] = n
    state[EV_OPTIONAL] = optional
    state[EV_DECIDER] = decider
    state[EV_BITS] = 0


@njit(cache=True, inline="always")
def ask(state, decision, next_step):
    """Wait for an event decision (an option, a count) from the executing seat."""
    state[EV_STEP] = next_step
    state[EV_DECIDER] = state[EV_FACTION]
    state[DECISION] = decision
    return REQ_WAIT


@njit(cache=True, inline="always")
def end_event_operation(state):
    """An event's Operation or Special Activity is over: back to the text."""
    state[EV_MODE] = 0
    state[EV_FILTER] = F_ANY
    state[EV_SA] = -1
    state[DECISION] = D_EVENT_RESUME

