"""What every COIN volume's compiled vector env shares (``envs/vector.py`` is
the Python side): the codes a slot's step hands back, the opponents a step
plays itself, the learner's reward and the slot bookkeeping around a game's
end.

A vector env holds N games, one per *slot*. Each slot has a *learner seat*
(the seat whose decisions the caller makes) and an *opponent* for the other
seat: random or the scripted bot, played inside the step, or ``EXTERNAL``:
the step stops and hands the decision out (a frozen policy evaluated in
batch by the caller). A volume's vector module is a thin loop over its rules
that calls these kernels; everything here reads only the shared header
(``header.py``) and the arrays it is given.
"""

import numpy as np

from ..jit import njit
from ..rng import seed_from
from .header import COUNTERINSURGENT_WIN, INSURGENT_WIN, OUTCOME

# Opponents a step plays itself (the bots' POLICY_* codes), or hands out.
OPP_RANDOM, OPP_HEURISTIC, OPP_EXTERNAL = 0, 1, 2
OPPONENT_CODES = {"random": OPP_RANDOM, "heuristic": OPP_HEURISTIC}

# What the caller asks of a slot in one call of a volume's step kernel.
ACT_NONE = 0              # leave the slot as it is
ACT_APPLY = 1             # apply ``actions[i]`` for the seat the slot waits on (checked by the caller)
ACT_START = 2             # start the slot's current game (``episodes[i]``) and play to a decision

# What a slot waits for once a step returns.
WAIT_LEARNER = 0          # the learner's decision: its observation and mask are in the slot's row
WAIT_OPPONENT = 1         # an EXTERNAL opponent's decision (the same rows, for that seat)
WAIT_NONE = 2             # the slot has played every game it was given (evaluation runs)

# How a game ended, per slot, in the step that ended it.
END_NONE, END_TERMINATED, END_TRUNCATED = 0, 1, 2


@njit(cache=True, inline="always")
def seat_reward(state, seat):
    """+1 if ``seat`` (0 the counterinsurgent, 1 the insurgent, 1.5) won the
    finished game in ``state``, -1 if the other seat did, 0 otherwise."""
    outcome = state[OUTCOME]
    if outcome == COUNTERINSURGENT_WIN:
        return 1.0 if seat == 0 else -1.0
    if outcome == INSURGENT_WIN:
        return 1.0 if seat == 1 else -1.0
    return 0.0


@njit(cache=True, inline="always")
def legal_count(mask):
    """How many actions ``mask`` offers, and the last of them (-1: none)."""
    n = 0
    last = -1
    for a in range(mask.shape[0]):
        if mask[a]:
            n += 1
            last = a
    return n, last


@njit(cache=True, inline="always")
def next_episode(episodes, i, n_slots, limit):
    """Move slot ``i`` to its next game (slot i plays games i, i + n_slots,
    i + 2 n_slots, ...; the same games whatever the thread count). Returns
    False, leaving the slot idle, when that game is ``limit`` or past it."""
    nxt = episodes[i] + n_slots
    episodes[i] = nxt
    return nxt < limit


def new_arrays(n_slots: int, state_size: int, obs_size: int, n_actions: int, memo_size: int,
               n_result_columns: int, n_tallies: int) -> dict:
    """The per-slot arrays a volume's step kernel reads and writes, zeroed."""
    return {
        "states": np.zeros((n_slots, state_size), dtype=np.int64),
        "obs": np.zeros((n_slots, obs_size), dtype=np.float32),
        "masks": np.zeros((n_slots, n_actions), dtype=np.int8),
        "terminal_obs": np.zeros((n_slots, obs_size), dtype=np.float32),
        "streams": np.zeros(n_slots, dtype=np.int64),
        "memos": np.zeros((n_slots, memo_size), dtype=np.float64),
        "tallies": np.zeros((n_slots, n_tallies), dtype=np.int64),
        "rows": np.zeros((n_slots, n_result_columns), dtype=np.int64),
        "opponents": np.zeros(n_slots, dtype=np.int64),
        "pool_index": np.zeros(n_slots, dtype=np.int64),
        "episodes": np.zeros(n_slots, dtype=np.int64),
        "waiting": np.zeros(n_slots, dtype=np.int64),
        "ends": np.zeros(n_slots, dtype=np.int64),
        "ended_episode": np.zeros(n_slots, dtype=np.int64),
        "ended_pool": np.zeros(n_slots, dtype=np.int64),
        "rewards": np.zeros(n_slots, dtype=np.float32),
        "learner_steps": np.zeros(n_slots, dtype=np.int64),
    }


POOL_SALT = 0x6A09E667F3BCC909


@njit(cache=True, inline="always")
def pool_pick(base_seed, episode, cum_weights):
    """The opponent of game ``episode``: an index into the pool whose
    cumulative weights (ending at 1.0) are ``cum_weights``, drawn from the
    game's number alone (the same whatever the slot or the thread).

    ``seed_from`` gives 63 random bits (a non-negative int64): the top 53 of
    them make a uniform double in [0, 1)."""
    u = (np.uint64(seed_from(base_seed ^ POOL_SALT, episode)) >> np.uint64(10)) * (1.0 / 9007199254740992.0)
    for k in range(cum_weights.shape[0]):
        if u < cum_weights[k]:
            return k
    return cum_weights.shape[0] - 1


# What :func:`first_bad_action` finds.
ACTIONS_OK, ACTION_OUT_OF_RANGE, ACTION_NOT_LEGAL = 0, 1, 2


@njit(cache=True)
def first_bad_action(masks, rows, acts, deciding):
    """Check ``acts[k]``, the action for slot ``rows[k]``, against that slot's
    mask wherever ``deciding[k]``: ``(k, ACTION_OUT_OF_RANGE)`` for the first
    action outside the action space, else ``(k, ACTION_NOT_LEGAL)`` for the
    first the mask does not offer, else ``(-1, ACTIONS_OK)``. No index is
    taken before its range is checked."""
    n_actions = masks.shape[1]
    illegal = -1
    for k in range(min(rows.shape[0], acts.shape[0], deciding.shape[0])):
        if not deciding[k]:
            continue
        a = acts[k]
        if a < 0 or a >= n_actions:
            return k, ACTION_OUT_OF_RANGE
        r = rows[k]
        if illegal < 0 and (r < 0 or r >= masks.shape[0] or masks[r, a] == 0):
            illegal = k
    if illegal >= 0:
        return illegal, ACTION_NOT_LEGAL
    return -1, ACTIONS_OK


@njit(cache=True)
def learner_actions(masks, waiting, acts, actions, act):
    """A step's learner actions, one per slot: ``acts[i]`` checked against
    slot ``i``'s mask wherever the slot waits on the learner, as
    :func:`first_bad_action` checks them (its ``(k, code)`` for the first
    bad one, and nothing written); when all are good, ``actions[i]`` is the
    slot's action (0 for the other slots), ``act[i]`` ``ACT_APPLY`` or
    ``ACT_NONE``, and ``(-1, ACTIONS_OK)`` is returned."""
    n = waiting.shape[0]
    deciding = np.empty(n, dtype=np.bool_)
    for i in range(n):
        deciding[i] = waiting[i] == WAIT_LEARNER
    k, code = first_bad_action(masks, np.arange(n), acts, deciding)
    if code != ACTIONS_OK:
        return k, code
    for i in range(n):
        actions[i] = acts[i] if deciding[i] else 0
        act[i] = ACT_APPLY if deciding[i] else ACT_NONE
    return k, code


@njit(cache=True)
def count_waiting(waiting, whom):
    """How many slots wait on ``whom`` (a ``WAIT_*`` code)."""
    n = 0
    for i in range(waiting.shape[0]):
        if waiting[i] == whom:
            n += 1
    return n


@njit(cache=True)
def learner_view(masks, waiting, action_mask, learner):
    """What a step hands the learner about every slot, in one pass:
    ``learner[i]`` whether slot ``i`` waits on the learner, and
    ``action_mask[i]`` its legal actions (bool; all False otherwise)."""
    for i in range(masks.shape[0]):
        mine = waiting[i] == WAIT_LEARNER
        learner[i] = mine
        for a in range(masks.shape[1]):
            action_mask[i, a] = mine and masks[i, a] != 0


@njit(cache=True)
def step_view(masks, waiting, ends, rewards, action_mask, learner, rewards_out, terminated, truncated):
    """What ``step`` returns of every slot, in one call: :func:`learner_view`,
    the rewards (copied into ``rewards_out``), and from ``ends`` whether the
    slot's game ended terminated or truncated. Returns how many games ended."""
    learner_view(masks, waiting, action_mask, learner)
    ended = 0
    for i in range(ends.shape[0]):
        rewards_out[i] = rewards[i]
        terminated[i] = ends[i] == END_TERMINATED
        truncated[i] = ends[i] == END_TRUNCATED
        if ends[i] != END_NONE:
            ended += 1
    return ended


@njit(cache=True)
def final_numbers(ends, ended_episode, ended_pool, learner_steps, game_start, final, game, opponent, length):
    """The numbers of the games a step ended (``ends``), per slot: ``final[i]``
    whether slot ``i``'s game ended; ``game[i]``, ``opponent[i]`` and
    ``length[i]`` its number, its pool entry and the learner's decisions in
    it (-1, -1 and 0 for a slot whose game did not end); the slot's
    ``game_start`` moves to its learner step count. Returns the ended slots."""
    n = 0
    for i in range(ends.shape[0]):
        if ends[i] != END_NONE:
            n += 1
    slots = np.empty(n, dtype=np.int64)
    k = 0
    for i in range(ends.shape[0]):
        if ends[i] == END_NONE:
            final[i] = False
            game[i] = -1
            opponent[i] = -1
            length[i] = 0
            continue
        final[i] = True
        game[i] = ended_episode[i]
        opponent[i] = ended_pool[i]
        length[i] = learner_steps[i] - game_start[i]
        game_start[i] = learner_steps[i]
        slots[k] = i
        k += 1
    return slots
