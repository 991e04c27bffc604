# Generated from engine/coin/templates/bots.py.tmpl by `python -m britishway_env.engine.coin.generate`; do not edit by hand.
"""Arab Revolt's scripted bots: a flat Monte-Carlo look at the rest of the turn.

For each legal action the bot plays the action on a copy of the game whose
hidden future (undrawn cards, dice, chit draws) is resampled from the open
information (:func:`setup.determinize`, seeded by a hash of what both
players see), lets the same faction finish its turn at random twice
(non-Stop choices first), and scores the positions reached with the
volume's :func:`evaluation.evaluate`. An action is worth the better of its
two finishes: the rest of the turn is the faction's own to play, and the bot
will play it by choice, not at random. The best action wins; ties go to the
open-information hash (engine/bots.py).

The k-th sample of every action draws the same dice and the same random
stream for its finish (common random numbers), so the actions are compared
on the same luck. An action whose first sample drew nothing at random (no
dice, no card, no decision left in the turn) has that one value: its other
sample would repeat it, so it is not played.

So the bot is a deterministic function of the open information, never sees
the real dice or cards, and plays every rule the kernels offer (events,
Special Activities, the Propaganda Round's choices) without rules of its own.
"""

import numpy as np

from ...engine.borrow import borrowed, copy_row, local_array
from ...engine.bots import kth_largest, only_legal, open_hash as open_fields_hash, pick_best
from ...engine.coin.bots import MEMO_SIZE
from ...engine.coin.header import D_EVENT_SPACE, D_SA_AFTER, D_SA_SPACE, D_SPACE, open_order
from ...engine.jit import njit
from ...engine.policy import uniform_legal, uniform_legal_shunning
from ...engine.rng import mix64
from .cards import DECK_SIZE
from .evaluation import evaluate
from .layout import (
    A_STOP, BRITISH, DECK, DECK_DRAWN, FORCED, FORCED_CAPACITY, LAYOUT, N_ACTIONS, RNG, STATE_SIZE,
)
from .setup import determinize
from .turns import actor, apply, is_over, legal_mask, pending

POLICY_RANDOM, POLICY_HEURISTIC = 0, 1
POLICY_NAMES = ("random", "heuristic")
SAMPLES = 2                  # random finishes of the turn per action
KEEP = N_ACTIONS             # the actions, best first after one finish, that get the other finishes (all)
SAMPLE_STEP = 0x9E3779B97F4A7C15   # spaces the samples' seeds (the k-th is the same for every action)
MAX_FINISH = 40              # decisions of one finish at most (a turn is far shorter)
SHUN_STOP_EVERYWHERE = True  # the finishes shun Stop at every decision, not only at the shared ones
NEG = -1e9
TIEBREAK_ORDER = open_order(LAYOUT)   # the row less the variant's fields (engine/coin/header.py)


@njit(cache=True, inline="always")
def open_hash(state):
    """A hash of the open information: the row less the dice generator,
    forced chance and the undrawn cards."""
    return open_fields_hash(state, TIEBREAK_ORDER, RNG, FORCED, FORCED + 2 + FORCED_CAPACITY,
                            DECK + state[DECK_DRAWN], DECK + DECK_SIZE)


@njit(cache=True, inline="always")
def shared_stop(d):
    """Decision ``d`` is one every volume shares where Stop ends a list: the
    Operation's spaces (3.1), the Special Activity's (4.1) or an event's (5.1),
    or the Special Activity after the Operation (4.1)."""
    return d == D_SPACE or d == D_SA_SPACE or d == D_SA_AFTER or d == D_EVENT_SPACE


# inlined: one caller, which would otherwise emit its whole call tree again (docs/architecture.md)
@njit(cache=True, inline="always")
def finish_turn(state, me, mask, stream, played, shun_stop_everywhere):
    """Play ``me``'s decisions at random (any non-Stop choice before Stop: at
    every decision, ``shun_stop_everywhere``, or only at the shared ones,
    :func:`shared_stop`, Stop being one choice among the others at the
    volume's own) until the other faction decides, a new card comes or the
    game ends; how many decisions it played, their actions in ``played``
    (MAX_FINISH long)."""
    drawn = state[DECK_DRAWN]
    for n in range(MAX_FINISH):
        if is_over(state) or actor(state) != me or state[DECK_DRAWN] != drawn:
            return n
        legal_mask(state, mask)
        shunned = A_STOP if shun_stop_everywhere or shared_stop(pending(state)) else -1
        a = uniform_legal_shunning(mask, stream, shunned)
        if a < 0:            # no legal action: never in a game (the fuzzers), but never an index either
            return n
        played[n] = a
        apply(state, a)
    return MAX_FINISH


@njit(cache=True, inline="always")
def look_seed(h):
    """The resampled future's seed from the open-information hash ``h``."""
    return np.int64(h >> np.uint64(1))


@njit(cache=True, inline="always")
def sample_stream(seed, k):
    """The k-th sample's random stream from the look's ``seed`` (the same for
    every action: common random numbers)."""
    return np.int64(mix64(np.uint64(seed) + np.uint64(k + 1) * np.uint64(SAMPLE_STEP)) >> np.uint64(1))


@njit(cache=True)
def look_streams(h, samples):
    """The resampled future's seed from the open-information hash ``h``, and
    the k-th sample's random stream for each of ``samples``."""
    seed = look_seed(h)
    streams = np.empty(samples, dtype=np.int64)
    for k in range(samples):
        streams[k] = sample_stream(seed, k)
    return seed, streams


@njit(cache=True, inline="always")
def sample_dice(stream):
    """The dice generator a sample whose finish draws from ``stream`` starts with."""
    return stream ^ 0x5DEECE66D


@njit(cache=True, inline="always")
def sample_value(base, work, a, stream, me, sign, inner, played, shun_stop_everywhere):
    """Action ``a``'s worth on one sample: played on a copy of ``base`` (the
    resampled future) with the sample's dice and random stream (``stream``),
    the turn finished at random; and whether the sample drew nothing at
    random (no dice, no card, no decision left), so that every other sample
    would give the same worth."""
    copy_row(work, base)
    dice = sample_dice(stream[0])
    work[RNG] = dice
    drawn = work[DECK_DRAWN]
    apply(work, a)
    decided = finish_turn(work, me, inner, stream, played, shun_stop_everywhere)
    return sign * evaluate(work), decided == 0 and work[RNG] == dice and work[DECK_DRAWN] == drawn


# inlined: one caller, which would otherwise emit its whole call tree again (docs/architecture.md)
@njit(cache=True, inline="always")
def score_actions(state, mask, scores, h, samples, best_sample, keep, shun_stop_everywhere):
    """Each legal action's worth to the faction deciding (``scores``): the
    best of its finishes, and which sample gave it (``best_sample``); ``h``:
    the open-information hash seeding the resampled future. Every legal
    action gets the first of the ``samples`` finishes; the others go to the
    ``keep`` actions worth the most after it (ties at the cut all kept;
    ``keep`` >= the legal actions: every action gets every sample);
    ``shun_stop_everywhere``: the finishes' Stop (:func:`finish_turn`)."""
    me = actor(state)
    sign = 1.0 if me == BRITISH else -1.0
    seed = look_seed(h)
    # Scratch rows on the stack of the kernel this is inlined into (engine/borrow.py): no
    # allocation and no reference counts in the finishes' calls into the rules.
    base = local_array(STATE_SIZE, np.int64)
    copy_row(base, state)
    determinize(base, seed)
    work = local_array(STATE_SIZE, np.int64)
    inner = local_array(N_ACTIONS, np.int8)          # legal_mask fills it whole
    played = local_array(MAX_FINISH, np.int64)
    stream = local_array(1, np.int64)
    settled = local_array(N_ACTIONS, np.bool_)       # written for each legal action before it is read
    n = 0
    for a in range(N_ACTIONS):
        if not mask[a]:
            continue
        n += 1
        stream[0] = sample_stream(seed, 0)
        scores[a], settled[a] = sample_value(base, work, a, stream, me, sign, inner, played, shun_stop_everywhere)
        best_sample[a] = 0
    if samples < 2:
        return
    cut = kth_largest(scores, mask, keep) if keep < n else NEG
    for a in range(N_ACTIONS):
        if not mask[a] or settled[a] or scores[a] < cut:
            continue
        for k in range(1, samples):
            stream[0] = sample_stream(seed, k)
            value, fixed = sample_value(base, work, a, stream, me, sign, inner, played, shun_stop_everywhere)
            if value > scores[a]:
                scores[a] = value
                best_sample[a] = k
            if fixed:
                break


@njit(cache=True)
def bot_action(state, mask, scores):
    """The heuristic bot's action for the faction deciding; ``mask`` holds the
    legal mask, ``scores`` gets each legal action's worth (NEG elsewhere)."""
    state, mask, scores = borrowed(state), borrowed(mask), borrowed(scores)   # no reference counting below
    scores[:] = NEG
    a = only_legal(mask)
    if a >= 0:
        return a
    h = open_hash(state)          # once: it seeds the look-ahead and breaks ties
    score_actions(state, mask, scores, h, SAMPLES, local_array(N_ACTIONS, np.int64), KEEP, SHUN_STOP_EVERYWHERE)
    choice = pick_best(scores, mask, NEG * 10.0, h)
    return choice


@njit(cache=True)
def choose_action(policy, state, mask, stream, memo):
    """Fill the legal mask and return the action of ``policy`` (POLICY_*) for
    the faction to act; ``stream``: the random policy's one-slot generator
    (``memo``: the shared bot runner's per-game memo, unused here)."""
    state, mask = borrowed(state), borrowed(mask)
    legal_mask(state, mask)
    if policy == POLICY_HEURISTIC:
        return bot_action(state, mask, np.empty(N_ACTIONS))
    return uniform_legal(mask, stream)


# ------------------------------------------------------------- Python API --

def new_memo() -> np.ndarray:
    return np.zeros(MEMO_SIZE, dtype=np.float64)


def scored_choice(game) -> tuple[int, np.ndarray]:
    """The scripted bot's action for ``game.current_agent`` and the value it
    gave each legal action (``NEG`` elsewhere)."""
    from ...warmup import notice_once

    notice_once("arab_revolt", "bots")
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    legal_mask(game.state, mask)
    scores = np.empty(N_ACTIONS)
    return int(bot_action(game.state, mask, scores)), scores


def choose(game, policy: str = "heuristic", rng=None) -> int:
    """The action ``policy`` picks for ``game.current_agent`` (a game of Arab Revolt):
    "heuristic" (the scripted bot, deterministic given the open information),
    "random" (uniform over the legal actions, from ``rng``, default one
    seeded from the game's seed and length), or "trained" (the shipped network
    of the seat) or a policy file path (``.npz``): the network's arg-max over
    the legal actions."""
    from agents.trained import is_learned, load_network

    from ...errors import StateError, UnknownPolicyError

    learned = is_learned(policy)
    if policy not in POLICY_NAMES and not learned:
        raise UnknownPolicyError(f"unknown policy {policy!r} for arab_revolt: use one of {', '.join(POLICY_NAMES)}, "
                                 "'trained' or a policy file (.npz)")
    if game.is_terminal():
        raise StateError("the game is over: no action to choose")
    if learned:
        network = load_network(policy, "arab_revolt", game.current_agent)
        return int(network.act(game.observation()[None], game.legal_mask()[None])[0])
    if policy == "heuristic":
        return scored_choice(game)[0]
    if rng is None:
        rng = np.random.default_rng([game.seed, len(game.history)])
    return int(rng.choice(game.legal_actions()))


__all__ = ["POLICY_NAMES", "bot_action", "choose", "choose_action", "scored_choice"]
