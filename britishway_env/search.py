"""The search bot by name: ``search``, ``search:N``, ``search:Ts``, each with an optional ``+value``.

    from britishway_env import Game
    g = Game("cyprus", seed=1)
    g.choose("search")            # the default level
    g.choose("search:200")        # 200 iterations per decision
    g.choose("search:0.5s")       # as many iterations as half a second allows (not reproducible)
    g.choose("search:200+value")  # leaves valued by the value head at once

The search (a COIN volume's ``search.py``, from engine/coin/templates/search.py.tmpl)
is Monte-Carlo tree search over the micro-decisions with PUCT, the shipped
network of the seat deciding at each node as its prior (agents/checkpoints).
Each new node is valued by the value head of the seat to act after the two
seats' networks play on 16 decisions (their arg-max), or with ``+value`` by
the value head at once (measured weaker: docs/search.md). A random playout
would say little here: random play ends in a counterinsurgent win in every
one of 200 games in Palestine and in Cyprus. Every iteration samples the
undrawn cards, the chit draws and the dice afresh from what both players
see; the seed of a decision is a hash of the open information and the
agent's ``seed``, so the same position gives the same move whatever the
hidden order or the thread count, and a time budget (``search:Ts``) is the
only setting that is not reproducible.

This module knows no volume's nouns: it reads a volume's search module and its
seats from the spec.
"""

from __future__ import annotations

import time
from importlib import import_module

import numpy as np

from .engine.search_names import (  # noqa: F401  (the names' grammar, re-exported)
    C_PUCT, DEFAULT_ITERATIONS, MAX_ITERATIONS, MAX_SECONDS, PLAYOUT_DECISIONS, PREFIX, SearchAgent, is_search,
    parse,
)
from .engine.coin.variant import NO_PATCH
from .errors import StateError, UnknownPolicyError

TIME_CHUNK = 32                   # iterations between two looks at the clock under a time budget


def module(volume: str):
    """The volume's compiled search module; :class:`UnknownPolicyError` where it has none."""
    from .registry import spec

    found = spec(volume)
    if found.loops is None or found.vector is None:
        raise UnknownPolicyError(f"{volume} has no search bot")
    return import_module(f"{found.loops.package}.search")


_MODELS: dict = {}


def model(volume: str) -> tuple[np.ndarray, np.ndarray]:
    """``(params, meta)`` (engine/nn.py) of the networks the search uses as prior
    and value: the shipped network of each seat."""
    from agents.trained import load_network

    from .registry import spec

    seats = spec(volume).agents
    nets = [load_network("trained", volume, seat) for seat in seats]   # one object per file and change
    key = (volume, tuple(id(net) for net in nets))
    if key not in _MODELS:
        from .engine import nn

        _MODELS[key] = (nets, nn.pack(nets))         # the networks kept: their ids stay theirs
    return _MODELS[key][1]


def has_values(volume: str) -> bool:
    """Whether every seat's shipped network carries a value head."""
    from .engine import nn

    _, meta = model(volume)
    return all(meta[s, nn.M_VALUE_LAYERS] > 0 for s in range(meta.shape[0]))


def check(volume: str, name: str) -> SearchAgent:
    """The agent a name asks for, checked for ``volume`` (its search module and networks load)."""
    agent = parse(name)
    module(volume)
    model(volume)
    return agent


def choose(game, name: str, seed: int | None = None) -> int:
    """The search's move for ``game.current_agent`` (not applied)."""
    from .warmup import notice_once

    agent = parse(name)
    if seed is not None:
        from dataclasses import replace

        from .engine.statedict import check_seed

        agent = replace(agent, seed=check_seed(seed))
    if game.is_terminal():
        raise StateError("the game is over: no action to choose")
    notice_once(game.volume, "search")
    return decide(game.volume, game, agent)[0]


def decide(volume: str, state, agent: SearchAgent | str, trusted: bool = False
           ) -> tuple[int, np.ndarray, np.ndarray]:
    """``(action, visits per action, mean value per action)`` of the search at
    ``state`` (a ``Game`` of the volume, or its state row); the values are from
    the side of the seat deciding, NaN where unvisited. A row is accepted only
    if it is exactly the position its own state dict describes
    (``Game.from_row``: no field a kernel could index with reaches one
    unchecked), unless ``trusted`` (a row this package's own kernels made)."""
    from .game import Game, game_class

    if isinstance(agent, str):
        agent = parse(agent)
    if isinstance(state, Game):
        if state.volume != volume:
            raise StateError(f"a {state.volume} game, not a {volume} one")
        state = state.state
    elif not trusted:
        state = game_class(volume).from_row(state).state
    m = module(volume)
    params, meta = model(volume)
    n_actions = int(m.N_ACTIONS)
    mask = np.zeros(n_actions, dtype=np.int8)
    m.legal_mask(state, mask)
    n_legal = int(mask.sum())
    if n_legal == 0:
        raise StateError("no legal action to choose")
    if n_legal == 1:
        a = int(np.flatnonzero(mask)[0])
        return a, np.zeros(n_actions), np.full(n_actions, np.nan)
    from .engine.coin import search as S

    capacity = agent.iterations + 1 if not agent.timed else 4096
    nodes, edges, children = S.alloc_tree(capacity, n_actions)
    obs = np.zeros(int(m.OBS_SIZE), dtype=np.float32)
    z = np.zeros(n_actions, dtype=np.float32)
    prior = np.zeros(n_actions)
    work = np.empty_like(state)
    inner = np.zeros(n_actions, dtype=np.int8)
    path_nodes = np.zeros(m.MAX_DEPTH, dtype=np.int64)
    path_actions = np.zeros(m.MAX_DEPTH, dtype=np.int64)
    stream = np.zeros(1, dtype=np.int64)
    if not agent.timed:            # the compiled games' own call: the same move in both
        m.search_action(state, mask, agent.seed, agent.iterations, agent.c_puct, agent.playout, params, meta,
                        nodes, edges, children, work, obs, z, prior, path_nodes, path_actions, stream, inner)
    else:
        seed = m.decision_seed(state, np.int64(agent.seed))
        n_nodes = m.start_tree(state, mask, params, meta, nodes, edges, children, obs, z, prior)
        deadline = time.perf_counter() + agent.seconds
        done = 0
        while time.perf_counter() < deadline:
            if n_nodes + TIME_CHUNK > nodes.shape[0] and nodes.shape[0] <= MAX_ITERATIONS:
                # room for the next chunk: grow the tree, up to the nodes of MAX_ITERATIONS (past that the
                # iterations go on, valuing their leaves without adding nodes)
                bigger = S.alloc_tree(min(2 * nodes.shape[0], MAX_ITERATIONS + 1), n_actions)
                for old, new in zip((nodes, edges, children), bigger):
                    new[:old.shape[0]] = old
                nodes, edges, children = bigger
            n_nodes = m.run_iterations(state, seed, done, TIME_CHUNK, agent.c_puct, agent.playout, params, meta,
                                       nodes, edges, children, n_nodes, work, inner, obs, z, prior, path_nodes,
                                       path_actions, stream)
            done += TIME_CHUNK
    a = int(S.most_visited(edges, mask))
    visits = edges[S.ROOT, S.E_VISITS].copy()
    with np.errstate(invalid="ignore", divide="ignore"):
        values = np.where(visits > 0, edges[S.ROOT, S.E_VALUE] / visits, np.nan)
    return a, visits, values


def agent_games(volume: str, seats, policies, chosen, seed: int, start: int, n: int,
                check_every_step: bool = False, patch: np.ndarray | None = None) -> np.ndarray:
    """Result rows of games ``start .. start + n - 1`` with a network, the search
    or a league in a seat, played by the volume's compiled search module (its
    ``play_games``). A ``league`` seat's members (britishway_env/league.py) go
    in its row of the member tables; each game draws its members from its seed."""
    from agents.trained import is_learned, load_network

    from . import league
    from .engine import nn
    from .engine.coin import results as R

    m = module(volume)

    def code_of(name: str) -> int:
        return m.POLICY_NETWORK if is_learned(name) else policies.index(name)

    tables, iters, c_puct, playouts, seeds = [], [], [], [], []
    nets = [None] * len(seats)           # row s: seat s's own network; a league's networks after them
    for s, seat in enumerate(seats):
        name = chosen[seat]
        agent = None
        if league.is_league(name):
            mixture = league.load(volume, seat)
            members = []
            for member in mixture.members:
                row = 0
                if is_learned(member):
                    row = len(nets)
                    nets.append(load_network(member, volume, seat))
                members.append((code_of(member), row))
            tables.append((members, mixture.cum))
        elif is_search(name):
            agent = parse(name)
            if agent.timed:
                raise UnknownPolicyError(f"{name!r}: a time budget is not reproducible; compiled games take "
                                         "'search' or 'search:N'")
            tables.append(([(m.POLICY_SEARCH, 0)], np.ones(1)))
        else:
            if is_learned(name):
                nets[s] = load_network(name, volume, seat)
            tables.append(([(code_of(name), s if is_learned(name) else 0)], np.ones(1)))
        iters.append(agent.iterations if agent else 0)
        c_puct.append(agent.c_puct if agent else 0.0)
        playouts.append(agent.playout if agent else 0)
        seeds.append(agent.seed if agent else 0)
    width = max(len(members) for members, _ in tables)
    member_codes = np.zeros((len(seats), width), dtype=np.int64)
    member_rows = np.zeros((len(seats), width), dtype=np.int64)
    member_cum = np.ones((len(seats), width), dtype=np.float64)      # columns past a seat's members: never drawn
    for s, (members, cum) in enumerate(tables):
        for k, (code, row) in enumerate(members):
            member_codes[s, k], member_rows[s, k] = code, row
        member_cum[s, :len(cum)] = cum
    net_params, net_meta = nn.pack(nets)
    model_params, model_meta = model(volume) if (member_codes == m.POLICY_SEARCH).any() else nn.empty(len(seats))
    out = np.zeros((n, R.N_RESULT_COLUMNS), dtype=np.int64)
    m.play_games(np.int64(seed), np.int64(start), np.int64(n), member_codes, member_rows, member_cum, iters, c_puct,
                 playouts, seeds, net_params, net_meta, model_params, model_meta, bool(check_every_step), out,
                 patch=NO_PATCH if patch is None else patch)
    return out


def record(volume: str, name: str) -> dict:
    """What a run's provenance records of a search agent: its settings and the
    SHA-256 of every array (actor and value head) of the network of each seat."""
    from agents.trained import load_network

    from .provenance import weights_hash
    from .registry import spec

    agent = parse(name)
    return {"search": {"iterations": agent.iterations, "seconds": agent.seconds, "playout": agent.playout,
                       "c_puct": agent.c_puct, "seed": agent.seed},
            "networks_sha256": {seat: weights_hash(load_network("trained", volume, seat).arrays)
                                for seat in spec(volume).agents}}


def warm(volume: str) -> None:
    """Compile (or load) the volume's search kernels: one compiled game of
    ``search:1`` against the shipped network, and one decision from Python."""
    from .game import Game
    from .registry import spec
    from .rollouts import run

    seats = spec(volume).agents
    run(volume, 1, seed=0, policies={seats[0]: "search:1", seats[1]: "trained"})
    decide(volume, Game(volume, seed=0), parse("search:1"))


class StateOpponent:
    """The search as an opponent of the vector env: it reads each slot's state
    row (``act_states``), not the observation."""

    uses_state = True

    def __init__(self, volume: str, name: str):
        self.volume = volume
        self.agent = check(volume, name)
        self.__name__ = name

    def act_states(self, states: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return np.array([decide(self.volume, states[i], self.agent, trusted=True)[0]    # the env's own rows
                         for i in range(states.shape[0])], dtype=np.int64)


__all__ = ["DEFAULT_ITERATIONS", "SearchAgent", "StateOpponent", "check", "choose", "decide", "is_search",
           "model", "parse"]
