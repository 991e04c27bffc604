"""The search tree every COIN volume's search bot shares (PUCT over the micro-decisions).

The tree lives in preallocated arrays (no Python objects, no recursion):

* per node (``nodes``, int64, :data:`NODE_FIELDS` columns): its signature
  (:func:`signature`: which decision of which seat, on which card), the seat
  deciding there, the next node reached by the same action from the same
  parent under another signature (a chance outcome), and the node's visits;
* per node and action (``edges``, float64, ``(capacity, 3, n_actions)``): the
  prior (:data:`UNSET` until the action has been legal there), the visits and
  the sum of the values backed up through it, from the deciding seat's side;
* ``children`` (int64, ``(capacity, n_actions)``): the first node reached by
  the action (-1: none yet).

Chance is not stored in the tree: each iteration samples the hidden future
afresh (the undrawn cards, the chit cups' draws, the dice) and walks the tree
by actions, so the same action path can meet different decisions (a card
revealed, a die rolled). A node is therefore found by its parent, its action
and its signature; an action that becomes legal at a node only in some
samples gets its prior the first time it is seen, and selection weighs the
actions legal in the current sample only (availability counts, as in
information-set MCTS). Both seats see the same things (STRENGTH.md 1), so one
tree serves both, each node valued from the side of the seat deciding there.

The volume's template (engine/coin/templates/search.py.tmpl) walks the tree
with its own rules; these kernels hold everything that does not depend on them.
"""

from __future__ import annotations

import math

import numpy as np

from ..borrow import borrowed
from ..jit import njit
from ..rng import mix64
from .header import CARD, CUR, DECISION, DECK_DRAWN, N_SELECTED, OP, SA

N_SIG, N_ACTOR, N_NEXT, N_VISITS = range(4)
NODE_FIELDS = 4
E_PRIOR, E_VISITS, E_VALUE = range(3)
UNSET = -1.0
ROOT = 0


@njit(cache=True)
def alloc_tree(capacity, n_actions):
    """``(nodes, edges, children)`` for at most ``capacity`` nodes (one per iteration, plus the root)."""
    return (np.zeros((capacity, NODE_FIELDS), dtype=np.int64),
            np.zeros((capacity, 3, n_actions), dtype=np.float64),
            np.full((capacity, n_actions), -1, dtype=np.int64))


@njit(cache=True)
def signature(state, seat):
    """What the decision at ``state`` is, as the tree tells nodes apart: the
    seat deciding, the decision's kind, the card in play and how many cards
    were revealed, the Operation, Special Activity and space in progress."""
    state = borrowed(state)
    h = np.uint64(0x9E3779B97F4A7C15)
    for v in (seat, state[DECISION], state[CARD], state[DECK_DRAWN], state[OP], state[SA], state[CUR],
              state[N_SELECTED]):
        h = mix64(h ^ np.uint64(v & 0xFFFFFFFF))
    return np.int64(h >> np.uint64(1))


@njit(cache=True)
def add_node(nodes, edges, children, n_nodes, sig, seat):
    """Node ``n_nodes`` cleared, with its signature and seat; returns its index."""
    k = n_nodes
    nodes[k, N_SIG] = sig
    nodes[k, N_ACTOR] = seat
    nodes[k, N_NEXT] = -1
    nodes[k, N_VISITS] = 0
    edges[k, E_PRIOR, :] = UNSET
    edges[k, E_VISITS, :] = 0.0
    edges[k, E_VALUE, :] = 0.0
    children[k, :] = -1
    return k


@njit(cache=True)
def find_child(nodes, children, parent, action, sig):
    """The node the action leads to under signature ``sig``; -1 if none yet."""
    k = children[parent, action]
    while k >= 0:
        if nodes[k, N_SIG] == sig:
            return k
        k = nodes[k, N_NEXT]
    return -1


@njit(cache=True)
def link_child(nodes, children, parent, action, k):
    """Make node ``k`` one of the nodes the action leads to."""
    nodes[k, N_NEXT] = children[parent, action]
    children[parent, action] = k


@njit(cache=True)
def needs_priors(edges, node, mask):
    """Whether an action legal here has no prior yet."""
    for a in range(mask.shape[0]):
        if mask[a] and edges[node, E_PRIOR, a] == UNSET:
            return True
    return False


@njit(cache=True)
def set_priors(edges, node, mask, prior):
    """Priors of the legal actions that have none yet, from ``prior`` (the network's
    masked softmax of this sample's position)."""
    for a in range(mask.shape[0]):
        if mask[a] and edges[node, E_PRIOR, a] == UNSET:
            edges[node, E_PRIOR, a] = prior[a]


@njit(cache=True)
def select(edges, node, mask, c_puct):
    """PUCT: the legal action maximising ``Q + c * P * sqrt(N) / (1 + n)``, ``N``
    the visits of the actions legal in this sample; an unvisited action's ``Q``
    is the node's mean value (first-play urgency). Ties go to the higher prior,
    then the lower action."""
    total = 0.0
    wsum = 0.0
    for a in range(mask.shape[0]):
        if mask[a]:
            total += edges[node, E_VISITS, a]
            wsum += edges[node, E_VALUE, a]
    fpu = wsum / total if total > 0.0 else 0.0
    root_n = math.sqrt(total + 1.0)
    best = -1
    best_score = -np.inf
    for a in range(mask.shape[0]):
        if not mask[a]:
            continue
        n = edges[node, E_VISITS, a]
        q = edges[node, E_VALUE, a] / n if n > 0.0 else fpu
        p = edges[node, E_PRIOR, a]
        score = q + c_puct * p * root_n / (1.0 + n)
        if (best < 0 or score > best_score
                or (score == best_score and p > edges[node, E_PRIOR, best])):
            best = a
            best_score = score
    return best


@njit(cache=True)
def backup(nodes, edges, path_nodes, path_actions, depth, value_first_seat):
    """Add the leaf's value (for the first seat, -1..1) to every edge of the path,
    each from the side of the seat deciding at its node."""
    for d in range(depth):
        node = path_nodes[d]
        a = path_actions[d]
        v = value_first_seat if nodes[node, N_ACTOR] == 0 else -value_first_seat
        edges[node, E_VISITS, a] += 1.0
        edges[node, E_VALUE, a] += v
        nodes[node, N_VISITS] += 1


@njit(cache=True)
def most_visited(edges, mask):
    """The root's move: the legal action visited most (ties: the higher prior,
    then the lower action)."""
    best = -1
    for a in range(mask.shape[0]):
        if not mask[a]:
            continue
        if best < 0:
            best = a
            continue
        n, nb = edges[ROOT, E_VISITS, a], edges[ROOT, E_VISITS, best]
        if n > nb or (n == nb and edges[ROOT, E_PRIOR, a] > edges[ROOT, E_PRIOR, best]):
            best = a
    return best


@njit(cache=True)
def iteration_seed(seed, iteration):
    """The seed of the hidden future sampled in one iteration."""
    return np.int64(mix64(np.uint64(seed) ^ mix64(np.uint64(iteration) + np.uint64(0xD1B54A32D192ED03)))
                    >> np.uint64(1))


def seat_tables(codes, rows=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(member_codes, member_rows, member_cum)`` of seats that each play one
    policy, for a volume's ``play_games``: ``codes[s]`` (``POLICY_*``), its
    network at row ``rows[s]`` of ``net_meta`` (default: the seat's index, as
    ``nn.pack`` lays out one network per seat)."""
    codes = np.asarray(codes, dtype=np.int64).reshape(-1, 1)
    rows = np.arange(codes.shape[0], dtype=np.int64) if rows is None else np.asarray(rows, dtype=np.int64)
    return codes, rows.reshape(-1, 1).copy(), np.ones(codes.shape, dtype=np.float64)


def member_tables(member_codes, member_rows, member_cum, n_seats: int, n_networks: int, max_code: int):
    """The member tables a volume's ``play_games`` takes, as contiguous arrays,
    checked before any kernel indexes with them: (seats, members) arrays of one
    shape, codes in ``0 .. max_code``, network rows in ``0 .. n_networks - 1``,
    each seat's cumulative weights non-decreasing and ending at exactly 1.0;
    a ValueError naming what is wrong otherwise."""
    member_codes = np.ascontiguousarray(member_codes, dtype=np.int64)
    member_rows = np.ascontiguousarray(member_rows, dtype=np.int64)
    member_cum = np.ascontiguousarray(member_cum, dtype=np.float64)
    if not (member_codes.ndim == 2 and member_codes.shape == member_rows.shape == member_cum.shape
            and member_codes.shape[1] >= 1 and member_codes.shape[0] == n_seats):
        raise ValueError(f"member tables must be ({n_seats} seats, members) arrays of one shape, got "
                         f"{member_codes.shape}, {member_rows.shape} and {member_cum.shape}")
    if np.any(member_codes < 0) or np.any(member_codes > max_code) or np.any(member_rows < 0) \
            or np.any(member_rows >= n_networks):
        raise ValueError(f"member codes must be POLICY_* codes (0..{max_code}) and rows in 0..{n_networks - 1}")
    if not np.all(np.isfinite(member_cum)) or np.any(member_cum[:, -1] != 1.0) \
            or np.any(np.diff(member_cum, axis=1) < 0):
        raise ValueError("each seat's member_cum must rise to exactly 1.0")
    return member_codes, member_rows, member_cum


__all__ = ["NODE_FIELDS", "add_node", "alloc_tree", "backup", "find_child", "iteration_seed", "link_child",
           "member_tables", "most_visited", "needs_priors", "seat_tables", "select", "set_priors", "signature"]
