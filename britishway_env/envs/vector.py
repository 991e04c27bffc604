"""Many games of a volume stepped in one compiled call: a vector env for
training one seat, for self-play, and for evaluating policies in lock-step
batches.

    from britishway_env.envs.vector import VectorEnv

    env = VectorEnv(volume, num_envs=256, seat=spec(volume).agents[1], opponent="heuristic", seed=0)
    obs, masks = env.reset()                        # (256, obs) float32, (256, actions) bool
    obs, rewards, terminations, truncations, info = env.step(actions)

Each of the ``num_envs`` *slots* plays one game at a time in its *learner
seat*; ``step`` takes one action per slot for the learner's pending decision,
then plays the other seat inside the compiled call until the learner decides
again, so the learner sees only its own decisions and its own reward: 0 on
every step but the one whose actions ended the game, which gets +1 (the
learner's seat won) or -1 (it lost), whichever seat made the last move. A
finished game is replaced at once by the slot's next one (auto-reset): the
observation returned is the new game's first decision, and the finished
game's last observation is in ``info["terminal_obs"]``.

The other seat is played by an *opponent*:

* ``"random"``: a uniformly random legal action (its own stream per game);
* ``"heuristic"``: the volume's scripted bot;
* a *policy*: anything with ``act(observations, masks) -> actions`` (a
  :class:`agents.policy_file.MlpPolicy`, a callable taking the same two
  arrays): the compiled call stops where it must decide and the policy is
  evaluated on every such slot at once, in batch, then play goes on;
* a *pool*: a list of ``(opponent, weight)``; each game draws its opponent
  from the weights, from its game number alone (the same draw whatever the
  slot or thread count), so a seeded run is reproducible.

``seat="both"`` (self-play) puts slot ``i`` in seat ``i % n_seats``: one
network can learn both seats, each slot a trajectory of one seat only, so
nothing is ever bootstrapped across a change of seat.

Game ``k`` of a run is seeded with ``seed_from(seed, k)``, as in the
rollouts: slot ``i`` plays games ``first_game + i, first_game + i + num_envs,
...``. With ``games=G`` the env plays exactly games ``first_game ..
first_game + G - 1`` (slots idle once past them;
``done`` tells when all are) and keeps each game's result row, the rows the
rollouts write (``result_rows()``): evaluation on paired seeds.

Decisions with a single legal action are applied by the env (``auto_single``,
on by default), for the learner and for policy opponents alike; the bots and
random play take them as they come. Actions are checked before anything is
applied: an action out of range or not legal for its slot raises
:class:`~britishway_env.errors.IllegalActionError` naming the slot, and no
game changes. A policy opponent that returns an illegal action raises it
too, after the learner's actions were applied: the env then needs a
``reset()``.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from ..engine.coin import vector as V
from ..errors import IllegalActionError, UnknownPolicyError

Opponent = Any     # "random" | "heuristic" | an object with act(obs, masks) | a callable(obs, masks)


def _as_act(policy) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    if hasattr(policy, "act"):
        return lambda obs, masks: policy.act(obs, masks)
    if callable(policy):
        return policy
    raise UnknownPolicyError(f"an opponent is 'random', 'heuristic' or a policy with act(observations, masks); "
                             f"got {policy!r}")


class VectorEnv:
    """``num_envs`` games of ``volume`` stepped together (see the module text)."""

    def __init__(self, volume: str = "palestine", num_envs: int = 64, seat: str | None = None,
                 opponent: Opponent | Sequence[tuple[Opponent, float]] = "random", seed: int = 0,
                 auto_single: bool = True, games: int | None = None, copy: bool = True, first_game: int = 0):
        from ..registry import spec

        self.spec = spec(volume)
        if self.spec.vector is None or not self.spec.several_seats:
            raise UnknownPolicyError(f"{volume} has no vector env (it needs two seats and a compiled step)")
        module = self.spec.resolve(self.spec.vector)
        self.kernel = module.step
        self.observation_size, self.n_actions = int(module.OBS_SIZE), int(module.N_ACTIONS)
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or not 1 <= num_envs <= 1 << 20:
            raise ValueError(f"num_envs must be an integer in 1..{1 << 20}, got {num_envs!r}")
        self.num_envs = int(num_envs)
        self.agents = tuple(self.spec.agents)
        seat = self.agents[0] if seat is None else seat           # default: the first seat
        if seat == "both":
            self.seats = np.arange(self.num_envs, dtype=np.int64) % len(self.agents)
        elif seat in self.agents:
            self.seats = np.full(self.num_envs, self.agents.index(seat), dtype=np.int64)
        else:
            raise UnknownPolicyError(f"seat must be one of {', '.join(self.agents)} or 'both', got {seat!r}")
        self.seat = seat
        if games is not None and (isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1):
            raise ValueError(f"games must be a positive integer or None, got {games!r}")
        self.games = None if games is None else int(games)
        if isinstance(first_game, bool) or not isinstance(first_game, (int, np.integer)) \
                or not 0 <= first_game < 2**62:
            raise ValueError(f"first_game must be an integer in 0..2**62-1, got {first_game!r}")
        self.first_game = int(first_game)
        self.limit = np.int64(2**62 if games is None else self.first_game + self.games)
        self.auto_single = bool(auto_single)
        self.copy = bool(copy)
        self.seed = self._check_seed(seed)
        self.set_opponents(opponent)
        self.arrays = V.new_arrays(self.num_envs, module.STATE_SIZE, self.observation_size, self.n_actions,
                                   module.MEMO_SIZE, module.N_RESULT_COLUMNS, module.N_TALLIES)
        self._results = np.zeros((self.games or 0, module.N_RESULT_COLUMNS), dtype=np.int64)
        self._act = np.zeros(self.num_envs, dtype=np.int64)
        self._actions = np.zeros(self.num_envs, dtype=np.int64)
        self._started = False

    # -- set-up ---------------------------------------------------------------

    @staticmethod
    def _check_seed(seed) -> int:
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**63:
            raise ValueError(f"seed must be an integer in 0..2**63-1, got {seed!r}")
        return int(seed)

    def set_opponents(self, opponent: Opponent | Sequence[tuple[Opponent, float]]) -> None:
        """The opponent, or a pool of ``(opponent, weight)``, for the games
        started from now on (a game under way keeps the one it drew)."""
        pool = list(opponent) if isinstance(opponent, (list, tuple)) else [(opponent, 1.0)]
        if not pool:
            raise UnknownPolicyError("the opponent pool is empty")
        codes, weights, acts = [], [], []
        for entry in pool:
            if not (isinstance(entry, tuple) and len(entry) == 2):
                raise UnknownPolicyError(f"a pool entry is (opponent, weight), got {entry!r}")
            who, weight = entry
            if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not weight >= 0 \
                    or not np.isfinite(weight):
                raise ValueError(f"an opponent's weight must be a finite number >= 0, got {weight!r}")
            if isinstance(who, str):
                if who not in V.OPPONENT_CODES:
                    raise UnknownPolicyError(f"unknown opponent {who!r}: use 'random', 'heuristic' or a policy")
                codes.append(V.OPPONENT_CODES[who])
                acts.append(None)
            else:
                codes.append(V.OPP_EXTERNAL)
                acts.append(_as_act(who))
            weights.append(float(weight))
        total = sum(weights)
        if total <= 0:
            raise ValueError("the opponents' weights add up to 0")
        cum = np.cumsum(np.array(weights) / total)
        cum[-1] = 1.0
        self._pool_codes = np.array(codes, dtype=np.int64)
        self._pool_cum = cum.astype(np.float64)
        self._pool_acts = acts

    # -- the env --------------------------------------------------------------

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Start every slot on its first game; returns ``(observations, masks)``."""
        if seed is not None:
            self.seed = self._check_seed(seed)
        a = self.arrays
        a["episodes"][:] = self.first_game + np.arange(self.num_envs)
        a["waiting"][:] = np.where(a["episodes"] < self.limit, V.WAIT_LEARNER, V.WAIT_NONE)
        a["masks"][:] = 0
        a["learner_steps"][:] = 0
        self._results[:] = 0
        self._act[:] = V.ACT_START
        self._run(self._act)
        self._started = True
        return a["obs"].copy(), a["masks"].astype(bool)

    def step(self, actions) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict]:
        """One learner decision per slot; returns ``(observations, rewards,
        terminations, truncations, info)``. ``info`` holds arrays: ``ended``
        (the slots whose game ended this step), ``terminal_obs`` (those games'
        last observations, one row per ended slot, in slot order), ``game``
        (the number of the game that ended, -1 where none did) and
        ``waiting`` (slots with a decision to make; the others have played
        every game of an evaluation run, and their actions are ignored).
        With ``copy=False`` the observations are the env's own array,
        overwritten by the next step (no copy: for a learner that copies
        them anyway)."""
        if not self._started:
            raise IllegalActionError("reset() the vector env before step()")
        a = self.arrays
        acts = self._check_actions(actions)
        learner = a["waiting"] == V.WAIT_LEARNER
        np.copyto(self._actions, acts)
        self._actions[~learner] = 0
        self._act[:] = V.ACT_APPLY
        self._act[~learner] = V.ACT_NONE
        self._run(self._act)
        ends = a["ends"]
        ended = np.flatnonzero(ends)
        game = np.full(self.num_envs, -1, dtype=np.int64)
        game[ended] = a["ended_episode"][ended]
        info = {"ended": ended, "terminal_obs": a["terminal_obs"][ended], "game": game,
                "waiting": a["waiting"] == V.WAIT_LEARNER}
        obs = a["obs"].copy() if self.copy else a["obs"]
        return obs, a["rewards"].copy(), ends == V.END_TERMINATED, ends == V.END_TRUNCATED, info

    def _check_actions(self, actions) -> np.ndarray:
        a = self.arrays
        try:
            acts = np.asarray(actions)
        except Exception as err:        # noqa: BLE001 (anything numpy cannot read is the caller's error)
            raise IllegalActionError(f"actions must be an array of {self.num_envs} integers ({err})") from None
        if acts.shape != (self.num_envs,) or not (np.issubdtype(acts.dtype, np.integer)
                                                  or np.issubdtype(acts.dtype, np.floating)):
            raise IllegalActionError(f"actions must be an array of {self.num_envs} integers, got "
                                     f"{acts.dtype} {acts.shape}")
        if np.issubdtype(acts.dtype, np.floating):
            if not np.all(np.isfinite(acts)) or np.any(acts != np.round(acts)):
                raise IllegalActionError("actions must be whole numbers")
        learner = a["waiting"] == V.WAIT_LEARNER
        bad = learner & ((acts < 0) | (acts >= self.n_actions))
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise IllegalActionError(f"slot {i}: action {acts[i]!r} is out of range 0..{self.n_actions - 1}")
        acts = acts.astype(np.int64)
        legal = a["masks"][np.arange(self.num_envs), np.where(learner, acts, 0)] != 0
        bad = learner & ~legal
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise IllegalActionError(f"slot {i}: action {int(acts[i])} is not legal for its pending decision")
        return acts

    def _run(self, act: np.ndarray) -> None:
        """The compiled step for the slots ``act`` names, then the policy
        opponents' decisions in batch until every slot waits on its learner
        (or is idle)."""
        a = self.arrays
        a["rewards"][:] = 0.0
        a["ends"][:] = V.END_NONE
        self._kernel(act)
        while True:
            waiting = np.flatnonzero(a["waiting"] == V.WAIT_OPPONENT)
            if len(waiting) == 0:
                return
            self._act[:] = V.ACT_NONE
            for k in np.unique(a["pool_index"][waiting]):
                rows = waiting[a["pool_index"][waiting] == k]
                chosen = np.asarray(self._pool_acts[k](a["obs"][rows], a["masks"][rows].astype(bool)))
                masks = a["masks"][rows]
                if chosen.shape != (len(rows),) or not np.issubdtype(chosen.dtype, np.integer) \
                        or np.any((chosen < 0) | (chosen >= self.n_actions)) \
                        or not np.all(masks[np.arange(len(rows)), np.clip(chosen, 0, self.n_actions - 1)]):
                    self._started = False       # the learner's actions are applied already: start again
                    raise IllegalActionError(f"opponent {int(k)} of the pool chose an illegal action; "
                                             "reset() the vector env")
                self._actions[rows] = chosen
                self._act[rows] = V.ACT_APPLY
            self._kernel(self._act)

    def _kernel(self, act: np.ndarray) -> None:
        self.kernel(self.arrays, self.seed, self.first_game, self.num_envs, self.limit, self.auto_single, act,
                    self._actions, self.seats, self._pool_codes, self._pool_cum, self._results)

    # -- what callers read ----------------------------------------------------

    def action_masks(self) -> np.ndarray:
        """The legal actions of every slot's pending learner decision (bool;
        all False for an idle slot)."""
        a = self.arrays
        return (a["masks"] != 0) & (a["waiting"] == V.WAIT_LEARNER)[:, None]

    @property
    def done(self) -> bool:
        """Every slot has played all its games (evaluation runs, ``games=``)."""
        return bool(np.all(self.arrays["waiting"] == V.WAIT_NONE))

    @property
    def learner_steps(self) -> int:
        """Learner decisions taken since the last reset (auto-applied ones not counted)."""
        return int(self.arrays["learner_steps"].sum())

    def bot_actions(self) -> np.ndarray:
        """What the volume's scripted bot would choose at every slot's pending
        decision (-1 for idle slots): a teacher for behaviour cloning."""
        out = np.zeros(self.num_envs, dtype=np.int64)
        self.spec.resolve(self.spec.vector).bot_choices(self.arrays, out)
        return out

    def states(self) -> np.ndarray:
        """A copy of every slot's state row (``Game.from_state`` reads one)."""
        return self.arrays["states"].copy()

    def result_rows(self) -> np.ndarray:
        """The result row of each game of an evaluation run (``games=``), in
        game order; a game not finished yet has a zero row."""
        if self.games is None:
            raise ValueError("result rows are kept only for a run of a fixed number of games (games=)")
        return self._results.copy()


def play_policies(volume: str, policies: dict, seed: int, first_game: int, games: int,
                  num_envs: int = 1024) -> np.ndarray:
    """Result rows of games ``first_game .. first_game + games - 1`` of base
    ``seed`` (the rollouts' games), each seat played by ``policies[seat]``:
    "random", "heuristic", or a policy with ``act(observations, masks)``
    (deterministic) evaluated in lock-step batches. At least one seat must be
    a policy: it is the vector env's learner; the other seat is its opponent."""
    from ..registry import spec

    seats = spec(volume).agents
    learners = [s for s in seats if not isinstance(policies[s], str)]
    if not learners:
        raise UnknownPolicyError("play_policies needs a policy object in at least one seat")
    seat = learners[0]
    other = seats[1 - seats.index(seat)]
    env = VectorEnv(volume, num_envs=min(num_envs, games), seat=seat, opponent=policies[other], seed=seed,
                    games=games, first_game=first_game, copy=False)
    obs, masks = env.reset()
    act = _as_act(policies[seat])
    actions = np.zeros(env.num_envs, dtype=np.int64)
    while not env.done:
        live = np.flatnonzero(env.arrays["waiting"] == V.WAIT_LEARNER)
        actions[:] = 0
        actions[live] = act(obs[live], masks[live])
        obs, *_ = env.step(actions)
        masks = env.action_masks()
    return env.result_rows()
