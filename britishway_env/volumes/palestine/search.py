# Generated from engine/coin/templates/search.py.tmpl by `python -m britishway_env.engine.coin.generate`; do not edit by hand.
"""Palestine's search bot and compiled play with networks in the seats.

Monte-Carlo tree search over the micro-decisions (PUCT, engine/coin/search.py):
each iteration copies the position, samples what no player knows afresh
(:func:`setup.determinize`: the undrawn cards keeping the piles' structure,
the dice and the chit draws), walks the tree by PUCT with the deciding seat's
network as the prior, adds one node, values it (the seat's value head, after
an optional playout by the networks; a finished game by its outcome) and backs the
value up. The move is the root's most visited action. The search is seeded
from a hash of the open information and its own seed only, so it never reads
the true order of the deck or the dice (tests/test_search.py, the leak test).

:func:`play_rows` plays whole games with a policy code per seat (random, the
scripted bot, a network's arg-max, the search), the networks evaluated in the
kernel (engine/nn.py), one result row per game as every batch runner writes.
A seat may hold a mixture of policies (a league, britishway_env/league.py):
its members' codes and network rows in a table, one member drawn per game
from the game's seed (engine/mixture.py) and kept for the whole game.
"""

import numpy as np

from ...engine import nn
from ...engine.borrow import copy_row
from ...engine.coin import results as R
from ...engine.coin import search as S
from ...engine.coin.search import seat_tables  # noqa: F401  (re-exported: one policy per seat)
from ...engine.coin.bots import MEMO_SIZE
from ...engine.coin.variant import NO_PATCH
from ...engine.coin.results import N_RESULT_COLUMNS  # noqa: F401  (re-exported: the rows' width)
from ...engine.coin.vector import legal_count, seat_reward
from ...engine.jit import njit
from ...engine.mixture import member_index
from ...engine.policy import uniform_legal
from ...engine.rng import mix64, seed_from
from ...engine.threads import in_threads
from .bots import choose_action, open_hash
from .invariants import MAX_DECISIONS, OK, check
from .layout import N_ACTIONS
from .observation import OBS_SIZE, observe
from .playout import decide, start_game
from .setup import determinize
from .turns import actor, apply, is_over, legal_mask

POLICY_RANDOM, POLICY_HEURISTIC, POLICY_NETWORK, POLICY_SEARCH = 0, 1, 2, 3
MAX_STEPS = 4 * MAX_DECISIONS        # decisions of one iteration at most (tree walk and playout)
MAX_DEPTH = 512                      # tree decisions of one iteration at most


@njit(cache=True)
def decision_seed(state, seed):
    """The search's seed at a decision: the open information's hash and the
    agent's own ``seed`` (the hidden fields never enter it)."""
    return np.int64(mix64(open_hash(state) ^ mix64(np.uint64(seed) + np.uint64(0x632BE59BD9B4E019)))
                    >> np.uint64(1))


@njit(cache=True)
def priors(work, seat, mask, params, meta, obs, z, prior):
    """The network's prior for ``seat`` at ``work`` into ``prior`` (uniform over the
    legal actions without a network); ``obs`` gets the observation."""
    observe(work, obs)
    if not nn.logits(params, meta[seat], obs, z):
        z[:] = 0.0
    nn.masked_softmax(z, mask, prior)


@njit(cache=True)
def leaf_value(work, obs_ready, playout, params, meta, obs, z, mask, stream):
    """The first seat's value of the position reached (-1..1): after
    ``playout`` decisions played by the seats' networks (their arg-max; random
    for a seat without one; -1: to the end; 0: none), the outcome of a
    finished game, else the deciding seat's value head (0 without one).
    ``obs_ready``: ``obs`` already holds the observation of ``work``."""
    if playout != 0:
        k = 0
        while not is_over(work) and (playout < 0 or k < playout) and k < MAX_DECISIONS:
            legal_mask(work, mask)
            n, a = legal_count(mask)
            if n == 0:
                break
            if n > 1:
                observe(work, obs)
                a = nn.network_action(params, meta[actor(work)], obs, mask, z)
                if a < 0:
                    a = uniform_legal(mask, stream)
            apply(work, a)
            k += 1
        obs_ready = False
    if is_over(work):
        return seat_reward(work, 0)
    seat = actor(work)
    if not nn.has_value(meta[seat]):
        return 0.0
    if not obs_ready:
        observe(work, obs)
    v = nn.value(params, meta[seat], obs)
    return v if seat == 0 else -v


@njit(cache=True)
def start_tree(root, mask, params, meta, nodes, edges, children, obs, z, prior):
    """The root node of a new search at ``root`` (``mask``: its legal actions); returns the node count, 1."""
    seat = actor(root)
    S.add_node(nodes, edges, children, 0, S.signature(root, seat), seat)
    priors(root, seat, mask, params, meta, obs, z, prior)
    S.set_priors(edges, S.ROOT, mask, prior)
    return 1


@njit(cache=True)
def run_iterations(root, seed, first, n_iter, c_puct, playout, params, meta, nodes, edges, children, n_nodes,
                   work, mask, obs, z, prior, path_nodes, path_actions, stream):
    """Iterations ``first .. first + n_iter - 1`` of the search from ``root``
    (its tree started by :func:`start_tree`); returns the node count. An
    iteration that finds no room for a node values its leaf all the same."""
    for it in range(first, first + n_iter):
        copy_row(work, root)
        s = S.iteration_seed(seed, it)
        determinize(work, s)
        stream[0] = np.int64(mix64(np.uint64(s) + np.uint64(1)) >> np.uint64(1))
        node = S.ROOT
        parent = -1
        taken = -1
        depth = 0
        value = 0.0
        steps = 0
        while True:
            if is_over(work):
                value = seat_reward(work, 0)
                break
            legal_mask(work, mask)
            n, last = legal_count(mask)
            if n == 0:
                break
            if n == 1 and parent >= 0:
                apply(work, last)            # a forced step is no decision: no node
                steps += 1
                if steps > MAX_STEPS:
                    break
                continue
            seat = actor(work)
            if parent >= 0:
                sig = S.signature(work, seat)
                node = S.find_child(nodes, children, parent, taken, sig)
                if node < 0:
                    ready = False
                    if n_nodes < nodes.shape[0]:
                        node = S.add_node(nodes, edges, children, n_nodes, sig, seat)
                        n_nodes += 1
                        S.link_child(nodes, children, parent, taken, node)
                        priors(work, seat, mask, params, meta, obs, z, prior)
                        S.set_priors(edges, node, mask, prior)
                        ready = True
                    value = leaf_value(work, ready, playout, params, meta, obs, z, mask, stream)
                    break
            if S.needs_priors(edges, node, mask):
                priors(work, seat, mask, params, meta, obs, z, prior)
                S.set_priors(edges, node, mask, prior)
            a = S.select(edges, node, mask, c_puct)
            path_nodes[depth] = node
            path_actions[depth] = a
            depth += 1
            apply(work, a)
            steps += 1
            parent = node
            taken = a
            if depth >= MAX_DEPTH or steps > MAX_STEPS:
                value = leaf_value(work, False, 0, params, meta, obs, z, mask, stream)
                break
        S.backup(nodes, edges, path_nodes, path_actions, depth, value)
    return n_nodes


@njit(cache=True)
def search_action(state, mask, seed, n_iter, c_puct, playout, params, meta, nodes, edges, children, work, obs, z,
                  prior, path_nodes, path_actions, stream, inner):
    """The search's move at ``state`` (``mask``: its legal actions, filled by
    the caller): the only legal action, or the most visited after ``n_iter``
    iterations (the tree arrays hold room for ``n_iter + 1`` nodes)."""
    n, last = legal_count(mask)
    if n <= 1:
        return last
    start_tree(state, mask, params, meta, nodes, edges, children, obs, z, prior)
    run_iterations(state, decision_seed(state, seed), 0, n_iter, c_puct, playout, params, meta, nodes, edges,
                   children, 1, work, inner, obs, z, prior, path_nodes, path_actions, stream)
    return S.most_visited(edges, mask)


@njit(cache=True, inline="always")
def play_one(seed, codes, rows, iters, c_puct, playouts, agent_seeds, net_params, net_meta, model_params, model_meta,
             check_every_step, patch, out, nodes, edges, children):
    """One game, a policy code per seat (``POLICY_*``; ``rows``: the row of
    ``net_meta`` of a seat's network); ``out`` gets its result row."""
    state, streams, tally = start_game(seed, patch, out)
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    inner = np.zeros(N_ACTIONS, dtype=np.int8)
    memo = np.zeros(MEMO_SIZE, dtype=np.float64)
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    z = np.zeros(N_ACTIONS, dtype=np.float32)
    prior = np.zeros(N_ACTIONS, dtype=np.float64)
    work = np.empty_like(state)
    path_nodes = np.zeros(MAX_DEPTH, dtype=np.int64)
    path_actions = np.zeros(MAX_DEPTH, dtype=np.int64)
    stream = np.zeros(1, dtype=np.int64)
    code = check(state) if check_every_step else OK
    while code == OK and not is_over(state):
        faction = actor(state)
        policy = codes[faction]
        if policy == POLICY_NETWORK:
            legal_mask(state, mask)
            n, a = legal_count(mask)
            if n > 1:                        # a forced step needs no forward pass
                observe(state, obs)
                a = nn.network_action(net_params, net_meta[rows[faction]], obs, mask, z)
        elif policy == POLICY_SEARCH:
            legal_mask(state, mask)
            a = search_action(state, mask, agent_seeds[faction], iters[faction], c_puct[faction], playouts[faction],
                              model_params, model_meta, nodes, edges, children, work, obs, z, prior, path_nodes,
                              path_actions, stream, inner)
        else:
            a = choose_action(policy, state, mask, streams[faction:faction + 1], memo)
        code = decide(state, mask, a, faction, check_every_step, MAX_DECISIONS, tally, out)
    R.finish_row(state, tally, code, out)


@njit(cache=True, nogil=True)
def play_rows(base_seed, first_game, n_games, member_codes, member_rows, member_cum, iters, c_puct, playouts,
              agent_seeds, net_params, net_meta, model_params, model_meta, check_every_step, patch, out):
    """Games ``first_game .. first_game + n_games - 1`` into ``out`` rows, one
    after another on the calling thread. Seat ``s`` plays member ``k`` of its
    table (``member_codes[s, k]``, a network at row ``member_rows[s, k]`` of
    ``net_meta``), drawn per game from the game's seed by the cumulative
    weights ``member_cum[s]`` (a seat of one policy: that policy in column 0,
    every ``cum`` 1.0)."""
    n_seats = member_codes.shape[0]
    capacity = 1
    for seat in range(n_seats):
        for k in range(member_codes.shape[1]):
            if member_codes[seat, k] == POLICY_SEARCH:
                capacity = max(capacity, iters[seat] + 1)
    nodes, edges, children = S.alloc_tree(capacity, N_ACTIONS)
    codes = np.zeros(n_seats, dtype=np.int64)
    rows = np.zeros(n_seats, dtype=np.int64)
    for i in range(n_games):
        seed = seed_from(base_seed, first_game + i)
        for seat in range(n_seats):
            k = member_index(seed, seat, member_cum[seat])
            codes[seat] = member_codes[seat, k]
            rows[seat] = member_rows[seat, k]
        play_one(seed, codes, rows, iters, c_puct, playouts, agent_seeds, net_params, net_meta, model_params,
                 model_meta, check_every_step, patch, out[i], nodes, edges, children)


def play_games(base_seed, first_game, n_games, member_codes, member_rows, member_cum, iters, c_puct, playouts,
               agent_seeds, net_params, net_meta, model_params, model_meta, check_every_step, out, patch=NO_PATCH):
    """Games ``first_game .. first_game + n_games - 1`` into ``out`` rows, on the
    numba thread count (the same rows whatever the count: each game's row,
    and the members its seats play, depend on its seed only). The member
    tables are :func:`play_rows`'s (``engine.coin.search.seat_tables`` for one policy per
    seat); ``iters``, ``c_puct``, ``playouts`` and ``agent_seeds`` are per seat
    (the search's settings)."""
    member_codes, member_rows, member_cum = S.member_tables(member_codes, member_rows, member_cum, len(iters),
                                                            net_meta.shape[0], POLICY_SEARCH)
    in_threads(play_rows, base_seed, first_game, n_games,
               (member_codes, member_rows, member_cum, np.asarray(iters, dtype=np.int64),
                np.asarray(c_puct, dtype=np.float64), np.asarray(playouts, dtype=np.int64),
                np.asarray(agent_seeds, dtype=np.int64), net_params, net_meta, model_params, model_meta,
                bool(check_every_step), patch), out)
