"""One result row per compiled game (all volumes): what a batch of games hands
back to rollouts, reports and the golden record.

The row holds the outcome, the number of decisions, Political Will at the end
and after each Political Will Phase (6.1), the cards in the order revealed
(2.2) and the event texts executed (5.0), and a failure code (0: none).
Every volume deals 21 cards, 3 of them Propaganda cards (2.1), so the row is
the same for all; a volume's batch loop calls :func:`note_decision` before
each action it applies, :func:`note_applied` after it, and
:func:`finish_row` at the end.
"""

from ..jit import njit

from .header import (
    A_EVENT_SIDE, CARD, D_BOX, DECK, DECK_DRAWN, DECK_SIZE, INSURGENT_WIN, OUTCOME, POLITICAL_WILL,
    PROPAGANDA_DONE,
)

N_ROUNDS = 3                    # Propaganda cards in the deck (2.1, all volumes)
MAX_EVENTS = DECK_SIZE          # at most one event per card (one Event box, 2.3.2)

# Columns of the per-game result rows.
R_OUTCOME = 0
R_DECISIONS = 1
R_POLITICAL_WILL = 2            # at the end
R_ROUNDS = 3                    # Political Will Phases played (= round of victory, 7.0)
R_PW_ROUND = 4                  # N_ROUNDS columns: Political Will after each Political Will Phase (6.1)
R_N_CARDS = R_PW_ROUND + N_ROUNDS
R_CARDS = R_N_CARDS + 1         # DECK_SIZE columns: card numbers in the order revealed
R_N_EVENTS = R_CARDS + DECK_SIZE
R_EVENTS = R_N_EVENTS + 1       # MAX_EVENTS columns: card * 4 + side * 2 + faction
R_VIOLATION = R_EVENTS + MAX_EVENTS
N_RESULT_COLUMNS = R_VIOLATION + 1

# Tallies a batch loop keeps while it plays (a small int64 array).
T_DECISIONS, T_ROUNDS, T_EVENTS, T_PROPAGANDA_BEFORE = range(4)
N_TALLIES = 4


@njit(cache=True)
def encode_event(card, side, faction):
    """An event column: the card, its text (0 unshaded, 1 shaded) and the faction that chose it."""
    return card * 4 + side * 2 + faction


def decode_event(code: int) -> tuple[int, int, int]:
    """(card, side, faction) of an :func:`encode_event` column."""
    return code // 4, (code // 2) % 2, code % 2


@njit(cache=True, inline="always")
def note_decision(state, decision, action, faction, tally, out):
    """Before ``action`` of ``faction`` is applied at ``decision`` (the pending
    decision kind): an Event box decision that takes a text executes it (5.0,
    2.3.2)."""
    if decision == D_BOX and A_EVENT_SIDE <= action < A_EVENT_SIDE + 2 and tally[T_EVENTS] < MAX_EVENTS:
        out[R_EVENTS + tally[T_EVENTS]] = encode_event(state[CARD], action - A_EVENT_SIDE, faction)
        tally[T_EVENTS] += 1
    tally[T_PROPAGANDA_BEFORE] = state[PROPAGANDA_DONE]


@njit(cache=True, inline="always")
def note_applied(state, tally, out):
    """After the action: a Political Will Phase that just ended (6.1; or
    Political Will at 0, which ends the game in that phase, 7.0) records
    Political Will."""
    tally[T_DECISIONS] += 1
    if (state[PROPAGANDA_DONE] > tally[T_PROPAGANDA_BEFORE] or state[OUTCOME] == INSURGENT_WIN) \
            and tally[T_ROUNDS] < N_ROUNDS:
        out[R_PW_ROUND + tally[T_ROUNDS]] = state[POLITICAL_WILL]
        tally[T_ROUNDS] += 1


@njit(cache=True, inline="always")
def finish_row(state, tally, code, out):
    """The columns read from the final state, and the failure ``code``."""
    out[R_OUTCOME] = state[OUTCOME]
    out[R_DECISIONS] = tally[T_DECISIONS]
    out[R_POLITICAL_WILL] = state[POLITICAL_WILL]
    out[R_ROUNDS] = tally[T_ROUNDS]
    out[R_N_CARDS] = state[DECK_DRAWN]
    for i in range(state[DECK_DRAWN]):
        out[R_CARDS + i] = state[DECK + i]
    out[R_N_EVENTS] = tally[T_EVENTS]
    out[R_VIOLATION] = code
