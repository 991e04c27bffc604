"""The scripted bots' decision skeletons shared by the COIN volumes.

A volume's bot values what it could do (its best Limited Operation, its best
Operation with a Special Activity, each event text, a Pass, the opponent's
best event); the skeleton turns those values into scores of the legal
actions of a shared decision, with what the rules of every volume add: the
Initiative Track's order on the next card (2.3.6: the faction in the
leftmost box acts first). The volume then plays the best score with the
tie-break of ``engine/bots.py``.
"""

from ..jit import njit

from .header import A_BOX, A_EVENT_SIDE, A_PASS, BOX_EVENT, BOX_LIMITED, N_BOXES, N_OPS

# The Operation values of a box decision, kept for the Operation decision
# that follows it. A faction that takes an Operation box chooses its
# Operation next (2.3.2, 2.3.4, all volumes), and taking the box changes only
# the Initiative Track, the acting seat and the Limited flag, which a volume's
# Operation values must not read. The memo is a float array of MEMO_SIZE,
# one per game: MEMO_SEAT holds seat + 1 while the values are good for that
# seat's next decision (0: none kept); MEMO_LIMITED + op and MEMO_FULL + op
# hold each Operation's worth as a Limited Operation and with its Special
# Activity. A bot clears MEMO_SEAT on every other decision, so the values are
# read only by the Operation decision right after the box they were made for.
MEMO_SEAT = 0
MEMO_LIMITED = 1
MEMO_FULL = MEMO_LIMITED + N_OPS
MEMO_SIZE = MEMO_FULL + N_OPS


@njit(cache=True)
def score_boxes(scores, mask, step, other_box, limited_value, full_value, event_values, pass_value, block,
                eligible_next):
    """Scores of the Initiative Track decision (2.3.2-2.3.5) in ``scores``.

    ``step``: 0 when the 1st Eligible faction chooses, else the box
    ``other_box`` the other faction took. ``limited_value`` / ``full_value``:
    the faction's best Limited Operation and Operation with a Special
    Activity; ``event_values``: each text of the card (read where offered);
    ``pass_value``; ``block``: what the faction loses by leaving the Event
    box to the other faction (taken off every other box); ``eligible_next``:
    the worth of acting first on the next card. Acting first next goes to
    the leftmost box taken (2.3.6): sure for the Limited Operation box when
    choosing first, even odds for the Event box, never for the third box.
    The Event box is taken by choosing a text (``A_EVENT_SIDE``), never by
    ``A_BOX``.
    """
    for b in range(N_BOXES):
        if step == 0:
            elig = eligible_next if b == BOX_LIMITED else (0.5 * eligible_next if b == BOX_EVENT else 0.0)
        else:
            elig = eligible_next if b < other_box else 0.0
        blk = 0.0 if b == BOX_EVENT else -block
        if mask[A_BOX + b] and b != BOX_EVENT:
            scores[A_BOX + b] = (limited_value if b == BOX_LIMITED else full_value) + elig + blk
        if mask[A_PASS + b]:
            scores[A_PASS + b] = pass_value + elig + blk
    for side in range(2):
        if mask[A_EVENT_SIDE + side]:
            elig = 0.5 * eligible_next if step == 0 else (eligible_next if BOX_EVENT < other_box else 0.0)
            scores[A_EVENT_SIDE + side] = event_values[side] + elig
