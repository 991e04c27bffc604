"""Many games of a volume stepped in one compiled call: a Gymnasium
``VectorEnv`` (``gymnasium.vector.VectorEnv``) for training one seat, for
self-play, and for evaluating policies in lock-step batches. It serves the
three COIN volumes and the 1948 solo deck alike.

    from britishway_env.envs.vector import VectorEnv

    env = VectorEnv(volume, num_envs=256, seat=spec(volume).agents[1], opponent="heuristic", seed=0)
    obs, info = env.reset()                         # (256, obs) float32; info["action_mask"]: (256, actions) bool
    obs, rewards, terminations, truncations, info = env.step(actions)

The spaces are Gymnasium's: ``single_observation_space`` a ``Box(0,
OBS_HIGH, (obs,), float32)``, ``single_action_space`` a ``Discrete(actions)``,
and ``observation_space`` / ``action_space`` those batched over the slots
(``gymnasium.vector.utils.batch_space``: a ``(num_envs, obs)`` Box and a
``MultiDiscrete``). Every ``info`` (of ``reset`` and of ``step``) holds, per
slot, ``info["action_mask"]`` (the legal actions of the decision its
observation shows; the same as ``action_masks()``), ``info["seat"]`` (the
index in ``env.agents`` of the seat that decides it: the slot's learner
seat) and ``info["waiting"]`` (False once the slot has played every game of
an evaluation run), each with Gymnasium's ``"_"`` mask (every slot has them).

Each of the ``num_envs`` *slots* plays one game at a time in its *learner
seat*; ``step`` takes one action per slot for the learner's pending decision,
then plays the other seat inside the compiled call until the learner decides
again, so the learner sees only its own decisions and its own reward: 0 on
every step but the one whose actions ended the game, which gets +1 (the
learner's seat won) or -1 (it lost), whichever seat made the last move. A
finished game is replaced at once by the slot's next one, in the same step:
``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``, as the
compiled step plays on into the next game before it returns. The step that
ends a game returns its reward and its termination (or truncation: a game
past the rules' decision limit), the new game's first observation, and in
``info`` the new game's mask; the finished game's last observation is
``info["final_obs"][i]`` and its numbers ``info["final_info"]``, both with
Gymnasium's masks ``info["_final_obs"]`` and ``info["_final_info"]`` (the
slots whose game ended; the keys are there only on a step where one did,
as in Gymnasium's own vector envs). ``final_info`` holds arrays over the
slots: ``"game"`` (the game's number; -1 for a slot whose game did not
end), ``"opponent"`` (the pool entry it drew; -1) and ``"length"`` (the
learner's decisions in it; 0), each with its ``"_"`` mask.

The other seat is played by an *opponent*:

* ``"random"``: a uniformly random legal action (its own stream per game);
* ``"heuristic"``: the volume's scripted bot;
* ``"search"``, ``"search:N"``: the search bot (britishway_env/search.py),
  which reads each waiting slot's position, one decision at a time;
* a *policy*: anything with ``act(observations, masks) -> actions`` (a
  :class:`agents.policy_file.MlpPolicy`, a callable taking the same two
  arrays): the compiled call stops where it must decide and the policy is
  evaluated on every such slot at once, in batch, then play goes on;
* a *pool*: a list of ``(opponent, weight)``; each game draws its opponent
  from the weights, from its game number alone (the same draw whatever the
  slot or thread count), so a seeded run is reproducible. Which entry a
  game drew is ``opponent_indices()`` while it is played and
  ``info["final_info"]["opponent"]`` when it ends.
* ``"league"`` (alone or as a pool entry of weight ``w``): the opponent
  seat's league mixture (britishway_env/league.py), expanded into its
  members as pool entries in their order, member ``k`` of weight ``w *
  weight_k`` (``random`` and ``heuristic`` as those opponents, a network as
  a policy); each game keeps the member it drew, by the pool's draw above
  (not the rollouts' draw from the game's seed). It needs a learner seat,
  not ``seat="both"``.

``seat="both"`` (self-play) puts slot ``i`` in seat ``i % n_seats``: one
network can learn both seats, each slot a trajectory of one seat only, so
nothing is ever bootstrapped across a change of seat. Every observation a
slot hands out is its learner seat's decision (``info["seat"]``; the other
seat's decisions are the opponent's, played inside the step).

A volume of one seat (the 1948 solo deck: ``VectorEnv("solo1948", ...)``)
hands the learner every decision of its one seat: the rules play the other
side, so it takes no ``opponent`` and no ``variant``. Its reward and ends
are its rules' (its vector module says how: solo1948/vector.py).

Game ``k`` of a run is seeded with ``seed_from(seed, k)``, as in the
rollouts: slot ``i`` plays games ``first_game + i, first_game + i + num_envs,
...``. ``reset(seed=s)`` makes ``s`` the run's seed and starts every slot on
its first game again: the same seed, the same games. ``reset()`` without a
seed starts the first games of the env's seed (the one it was built with)
the first time, and later moves every slot on to its next game (the game
under way is dropped): new games, never a replay. With ``games=G`` the env
plays exactly games ``first_game .. first_game + G - 1`` (slots idle once
past them; ``done`` tells when all are) and keeps each game's result row, the
rows the rollouts write (``result_rows()``): evaluation on paired seeds. An
evaluation run is its games, so there every ``reset()`` plays them again
from the first (``reset(seed=s)``: those games under seed ``s``).

Decisions with a single legal action are applied by the env (``auto_single``,
on by default), for the learner and for policy opponents alike; the bots and
random play take them as they come. Actions are checked before anything is
applied: an action out of range or not legal for its slot raises
:class:`~britishway_env.errors.IllegalActionError` naming the slot, and no
game changes. A policy opponent that returns an illegal action raises it
too, after the learner's actions were applied; a policy opponent's actions
are read like the learner's (integers, or whole floats). A policy opponent
that returns an illegal action or raises stops the env with an
:class:`~britishway_env.errors.OpponentError` naming the pool entry (the
learner's actions of that step were applied already): ``step()`` then
refuses until ``reset()``.

``variant=`` (a COIN volume's variant, britishway_env/variants.py: a
:class:`~britishway_env.variants.Variant`, a mapping or a TOML file path)
starts every game of the run as that variant's game (its setup, rule
parameters, restrictions and deck rules), exactly the game
``Game(volume, seed, variant=...)`` starts from the same seed; restricted
choices never appear in any mask, the learner's or a policy opponent's.

``get_state()`` / ``set_state()`` save and restore everything the env's
future depends on (every slot's game, opponent draw, random stream and bot
memo, the game counters), so a run restored on the same pool continues
exactly as if it had not stopped; ``set_state`` checks every array, and
each game's row is accepted only if it is exactly the position its own
state dict describes.

``reset`` takes ``seed`` (one integer in 0..2**63-1: the run's seed; every
game's seed comes from it and the game's number, so a list of seeds per slot
is refused) and ``options`` (None or an empty mapping: it takes none); a bad
one raises ``ValueError`` and changes nothing. ``render()`` gives each slot's
game as text under ``render_mode="ansi"`` (None: renders nothing);
``close()`` ends the env: ``reset``, ``step`` and ``set_state`` then raise
Gymnasium's ``ClosedEnvironmentError``.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.error import ClosedEnvironmentError
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from ..engine.coin import vector as V
from ..engine.coin.variant import NO_PATCH
from ..engine.mixture import is_league
from ..engine.search_names import is_search
from ..errors import IllegalActionError, OpponentError, StateError, UnknownPolicyError

Opponent = Any     # "random" | "heuristic" | "search[:N]" | "league" | an object with act(obs, masks) | a callable


def _whole_actions(actions, n: int, who: str) -> np.ndarray:
    """``actions`` as ``n`` int64 values: integers, or floats that are whole
    numbers (what a network's arg-max or a list of ints gives); anything else
    is an :class:`IllegalActionError` naming ``who``."""
    try:
        acts = np.asarray(actions)
    except Exception as err:        # noqa: BLE001 (anything numpy cannot read is the caller's error)
        raise IllegalActionError(f"{who}: actions must be an array of {n} integers ({err})") from None
    if acts.shape != (n,) or not (np.issubdtype(acts.dtype, np.integer) or np.issubdtype(acts.dtype, np.floating)):
        raise IllegalActionError(f"{who}: actions must be an array of {n} integers, got {acts.dtype} {acts.shape}")
    if np.issubdtype(acts.dtype, np.floating):
        if not np.all(np.isfinite(acts)) or np.any(acts != np.round(acts)):
            raise IllegalActionError(f"{who}: actions must be whole numbers")
        if np.any(np.abs(acts) >= 2.0**62):
            raise IllegalActionError(f"{who}: actions out of range")
    return np.ascontiguousarray(acts, dtype=np.int64)


def _unwritten(like: np.ndarray) -> np.ndarray:
    """A new array shaped as ``like``, its values not yet written (the step writes them)."""
    return np.empty_like(like)


def _as_act(policy) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    if hasattr(policy, "act"):
        return lambda obs, masks: policy.act(obs, masks)
    if callable(policy):
        return policy
    raise UnknownPolicyError(f"an opponent is 'random', 'heuristic' or a policy with act(observations, masks); "
                             f"got {policy!r}")


class _Named:
    """A policy under the name the pool reports it by (a league's network member)."""

    def __init__(self, policy, name: str):
        self.policy = policy
        self.__name__ = name

    def act(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return self.policy.act(observations, masks)


class VectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of ``volume`` stepped together (see the module text)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": ["ansi"]}

    def __init__(self, volume: str = "palestine", num_envs: int = 64, seat: str | None = None,
                 opponent: Opponent | Sequence[tuple[Opponent, float]] | None = None, seed: int = 0,
                 auto_single: bool = True, games: int | None = None, copy: bool = True, first_game: int = 0,
                 variant: Any = None, render_mode: str | None = None):
        from ..registry import spec

        self.volume_spec = spec(volume)
        ref = self.volume_spec.vector if self.volume_spec.several_seats else self.volume_spec.solo_vector
        if ref is None:
            raise UnknownPolicyError(f"{volume} has no vector env (it needs a compiled step)")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, "
                             f"got {render_mode!r}")
        self.render_mode = render_mode
        if not self.volume_spec.several_seats and opponent is not None:
            raise UnknownPolicyError(f"{volume} has one seat: the rules play the other side, so it takes no "
                                     f"opponent (got {opponent!r})")
        self.variant = None            # the variant every game plays (None: the base game)
        self._patch = NO_PATCH
        if variant is not None:
            from ..variants import resolve

            found = resolve(self.volume_spec.name, variant)
            if not found.is_base:
                self.variant = found
                self._patch = np.ascontiguousarray(found.patch, dtype=np.int64)
        module = self.volume_spec.resolve(ref)
        self.module = module
        self.kernel = module.step
        self.observation_size, self.n_actions = int(module.OBS_SIZE), int(module.N_ACTIONS)
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or not 1 <= num_envs <= 1 << 20:
            raise ValueError(f"num_envs must be an integer in 1..{1 << 20}, got {num_envs!r}")
        self.num_envs = int(num_envs)
        self.single_observation_space = spaces.Box(0.0, float(module.OBS_HIGH), shape=(self.observation_size,),
                                                   dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.n_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.agents = tuple(self.volume_spec.agents)
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
        self._set_pool("random" if opponent is None else opponent)
        self.arrays = V.new_arrays(self.num_envs, module.STATE_SIZE, self.observation_size, self.n_actions,
                                   module.MEMO_SIZE, module.N_RESULT_COLUMNS, module.N_TALLIES)
        self._results = np.zeros((self.games or 0, module.N_RESULT_COLUMNS), dtype=np.int64)
        self._act = np.zeros(self.num_envs, dtype=np.int64)
        self._actions = np.zeros(self.num_envs, dtype=np.int64)
        self._slots = np.arange(self.num_envs, dtype=np.int64)     # every slot, for checking a step's actions
        self._game_start = np.zeros(self.num_envs, dtype=np.int64)     # learner_steps when the slot's game began
        self._started = False
        self._played = False           # a reset (or a restored run) has put games in the slots

    # -- set-up ---------------------------------------------------------------

    @staticmethod
    def _check_seed(seed) -> int:
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**63:
            raise ValueError(f"seed must be an integer in 0..2**63-1, got {seed!r}")
        return int(seed)

    def set_opponents(self, opponent: Opponent | Sequence[tuple[Opponent, float]]) -> None:
        """The opponent, or a pool of ``(opponent, weight)``, for the games
        started from now on (a game under way keeps the one it drew)."""
        if not self.volume_spec.several_seats:
            raise UnknownPolicyError(f"{self.volume_spec.name} has one seat: the rules play the other side, so it "
                                     "takes no opponent")
        self._set_pool(opponent)

    def _set_pool(self, opponent: Opponent | Sequence[tuple[Opponent, float]]) -> None:
        pool = list(opponent) if isinstance(opponent, (list, tuple)) else [(opponent, 1.0)]
        if not pool:
            raise UnknownPolicyError("the opponent pool is empty")
        codes, weights, acts, names = [], [], [], []
        for entry in self._expand_leagues(pool):
            who, weight = entry
            if isinstance(who, str) and is_search(who):
                codes.append(V.OPP_EXTERNAL)
                from ..search import StateOpponent

                acts.append(StateOpponent(self.volume_spec.name, who))
                names.append(who)
            elif isinstance(who, str):
                if who not in V.OPPONENT_CODES:
                    raise UnknownPolicyError(f"unknown opponent {who!r}: use 'random', 'heuristic', 'search[:N]', "
                                             "'league' or a policy")
                codes.append(V.OPPONENT_CODES[who])
                acts.append(None)
                names.append(who)
            else:
                codes.append(V.OPP_EXTERNAL)
                acts.append(_as_act(who))
                names.append(type(who).__name__ if not hasattr(who, "__name__") else who.__name__)
            weights.append(float(weight))
        total = sum(weights)
        if total <= 0:
            raise ValueError("the opponents' weights add up to 0")
        w = np.array(weights) / total
        cum = np.cumsum(w)
        cum[int(np.flatnonzero(w > 0)[-1]):] = 1.0     # 1 from the last entry that can be drawn: a weight 0 never is
        self._pool_codes = np.array(codes, dtype=np.int64)
        self._pool_cum = cum.astype(np.float64)
        self._pool_acts = acts
        self._pool_names = names

    def _expand_leagues(self, pool: list) -> list[tuple[Opponent, float]]:
        """The pool's entries checked, each ``"league"`` (weight ``w``) replaced
        by the members of the opponent seat's league (britishway_env/league.py),
        member ``k`` with weight ``w * weight_k``: ``"random"`` and ``"heuristic"``
        as those names, a network (``trained`` or a file) as its loaded policy."""
        out = []
        for entry in pool:
            if not (isinstance(entry, tuple) and len(entry) == 2):
                raise UnknownPolicyError(f"a pool entry is (opponent, weight), got {entry!r}")
            who, weight = entry
            if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not weight >= 0 \
                    or not np.isfinite(weight):
                raise ValueError(f"an opponent's weight must be a finite number >= 0, got {weight!r}")
            if not is_league(who):
                out.append((who, weight))
                continue
            if self.seat not in self.agents:
                raise UnknownPolicyError("a 'league' opponent is the mixture of one seat: give the learner a seat "
                                         f"({', '.join(self.agents)}), not {self.seat!r}")
            from agents.trained import is_learned, load_network

            from .. import league

            other = self.agents[1 - self.agents.index(self.seat)]
            mixture = league.load(self.volume_spec.name, other)
            for member, name, share in zip(mixture.members, mixture.names, mixture.weights):
                if is_learned(member):
                    net = load_network(member, self.volume_spec.name, other)
                    out.append((_Named(net, f"league {name}"), float(weight) * float(share)))
                else:
                    out.append((member, float(weight) * float(share)))
        return out

    # -- the env --------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        """Start every slot on a game; returns ``(observations, info)``, the
        masks in ``info["action_mask"]``. ``seed``: the run's seed from now on,
        every slot on its first game; None: the first games of the env's seed
        the first time, then each slot's next game (an evaluation run,
        ``games=``, plays its games again). ``options``: None or empty."""
        self._require_open()
        if isinstance(seed, (list, tuple, np.ndarray)):
            raise ValueError("reset: seed must be one integer (every game's seed comes from it and the game's "
                             f"number), not one per slot: got {type(seed).__name__}")
        if seed is not None:
            seed = self._check_seed(seed)
        if options is not None and (not isinstance(options, dict) or options):
            raise ValueError(f"reset: options must be None or empty (the vector env takes none), got {options!r}")
        a = self.arrays
        if seed is not None:
            self.seed = seed
        if seed is None and self._played and self.games is None:
            a["episodes"][:] += self.num_envs           # each slot's next game: new games, not a replay
        else:
            a["episodes"][:] = self.first_game + np.arange(self.num_envs)
        a["waiting"][:] = np.where(a["episodes"] < self.limit, V.WAIT_LEARNER, V.WAIT_NONE)
        a["masks"][:] = 0
        a["learner_steps"][:] = 0
        self._game_start[:] = 0
        self._results[:] = 0
        self._act[:] = V.ACT_START
        self._played = True
        self._run_observed(self._act)
        self._started = True
        return a["obs"], self._info()

    def step(self, actions) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict]:
        """One learner decision per slot; returns ``(observations, rewards,
        terminations, truncations, info)``, Gymnasium's same-step auto-reset:
        a slot whose game ended shows its next game's first decision, the
        ended game's last observation in ``info["final_obs"]`` and its
        numbers in ``info["final_info"]`` (see the module text). The actions
        of idle slots (``info["waiting"]`` False: every game of an evaluation
        run played) are ignored. With ``copy=True`` (the default) the
        observations are a new array each step, the caller's to keep (the
        compiled step writes them there: nothing is copied; the env never
        writes it again, and reads from it only the rows of slots with no game
        left, which the next step's array repeats); with ``copy=False`` they
        are the env's own array, overwritten by the next step."""
        self._require_open()
        if not self._started:
            raise IllegalActionError("reset() the vector env before step() (not started, or stopped by a failed "
                                     "opponent)")
        a = self.arrays
        n = self.num_envs
        acts = _whole_actions(actions, n, "step")
        k, code = V.learner_actions(a["masks"], a["waiting"], acts, self._actions, self._act)
        self._refuse_bad(self._slots, acts, k, code, "")
        self._run_observed(self._act)
        # What the step returns, each a new array (the caller's to keep), filled in one compiled call.
        action_mask, waiting = np.empty(a["masks"].shape, dtype=bool), np.empty(n, dtype=bool)
        rewards = np.empty(n, dtype=np.float32)
        terminated, truncated = np.empty(n, dtype=bool), np.empty(n, dtype=bool)
        games_ended = V.step_view(a["masks"], a["waiting"], a["ends"], a["rewards"], action_mask, waiting, rewards,
                                  terminated, truncated)
        info = self._info_of(action_mask, waiting)
        if games_ended:
            final = np.empty(n, dtype=bool)
            game, opponent, length = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64), \
                np.empty(n, dtype=np.int64)
            ended = V.final_numbers(a["ends"], a["ended_episode"], a["ended_pool"], a["learner_steps"],
                                    self._game_start, final, game, opponent, length)
            final_obs = np.empty(n, dtype=object)                    # None for the slots whose game did not end
            for i, row in zip(ended.tolist(), a["terminal_obs"][ended]):  # the ended slots only, not every slot
                final_obs[i] = row
            info["final_obs"], info["_final_obs"] = final_obs, final
            info["final_info"] = {"game": game, "_game": final, "opponent": opponent, "_opponent": final,
                                  "length": length, "_length": final}
            info["_final_info"] = final
        return a["obs"], rewards, terminated, truncated, info

    def _info(self) -> dict:
        """What every ``reset`` and ``step`` returns about each slot's pending decision."""
        return self._info_of(*self._learner_view())

    def _info_of(self, action_mask: np.ndarray, waiting: np.ndarray) -> dict:
        """:meth:`_info` from the slots' legal learner actions and whether each waits on the learner."""
        present = np.ones(self.num_envs, dtype=bool)        # every slot has each of them
        return {"action_mask": action_mask, "_action_mask": present, "seat": self.seats.copy(),
                "_seat": present, "waiting": waiting, "_waiting": present}

    def _learner_view(self) -> tuple[np.ndarray, np.ndarray]:
        """Every slot's legal learner actions (bool, all False unless the slot
        waits on the learner) and whether it waits on the learner: new arrays."""
        masks = self.arrays["masks"]
        action_mask = np.empty(masks.shape, dtype=bool)
        waiting = np.empty(self.num_envs, dtype=bool)
        V.learner_view(masks, self.arrays["waiting"], action_mask, waiting)
        return action_mask, waiting

    def _require_open(self) -> None:
        if self.closed:
            raise ClosedEnvironmentError("the vector env is closed")

    def render(self) -> tuple[str, ...] | None:
        """Each slot's game as text (``render_mode="ansi"``; None renders
        nothing); an idle slot's is ""."""
        if self.render_mode is None:
            return None
        cls = self.volume_spec.game_class
        out = []
        for i in range(self.num_envs):
            if self.arrays["waiting"][i] == V.WAIT_NONE or not self._started:
                out.append("")
                continue
            game = cls._bare(self.arrays["states"][i].copy())
            game.variant = self.variant
            out.append(self.volume_spec.render_text(game))
        return tuple(out)

    def _legal_for(self, rows: np.ndarray, acts: np.ndarray, deciding: np.ndarray, who: str) -> np.ndarray:
        """``acts`` (one per row of ``rows``) checked against those slots'
        masks where ``deciding``; the first bad one raises, naming its slot."""
        k, code = V.first_bad_action(self.arrays["masks"], rows, acts, deciding)
        self._refuse_bad(rows, acts, k, code, who)
        return acts

    def _refuse_bad(self, rows: np.ndarray, acts: np.ndarray, k: int, code: int, who: str) -> None:
        """Raise for ``acts[k]``, the action for slot ``rows[k]``, if ``code``
        (:func:`engine.coin.vector.first_bad_action`'s) says it is bad."""
        if code == V.ACTION_OUT_OF_RANGE:
            raise IllegalActionError(f"{who}slot {int(rows[k])}: action {int(acts[k])} is out of range "
                                     f"0..{self.n_actions - 1}")
        if code == V.ACTION_NOT_LEGAL:
            raise IllegalActionError(f"{who}slot {int(rows[k])}: action {int(acts[k])} is not legal for its "
                                     "pending decision")

    def _run_observed(self, act: np.ndarray) -> None:
        """:meth:`_run`, its observations written into a new array that
        becomes the caller's (``copy=True``: no copy of the whole array, and
        the one the caller holds is never written again) or into the env's
        own (``copy=False``). A slot left with no game (``waiting`` none)
        keeps its last observation."""
        if not self.copy:
            self._run(act)
            return
        a = self.arrays
        last = a["obs"]
        a["obs"] = _unwritten(last)
        try:
            self._run(act)
        finally:
            # Every slot waiting on a decision had its row written by this run; the others
            # (no game left, or not started) keep theirs.
            if V.count_waiting(a["waiting"], V.WAIT_NONE):
                idle = np.flatnonzero(a["waiting"] == V.WAIT_NONE)
                a["obs"][idle] = last[idle]

    def _run(self, act: np.ndarray) -> None:
        """The compiled step for the slots ``act`` names, then the policy
        opponents' decisions in batch until every slot waits on its learner
        (or is idle)."""
        a = self.arrays
        a["rewards"][:] = 0.0
        a["ends"][:] = V.END_NONE
        self._kernel(act)
        while V.count_waiting(a["waiting"], V.WAIT_OPPONENT):
            waiting = np.flatnonzero(a["waiting"] == V.WAIT_OPPONENT)
            self._act[:] = V.ACT_NONE
            for k in np.unique(a["pool_index"][waiting]):
                rows = waiting[a["pool_index"][waiting] == k]
                who = f"opponent {int(k)} of the pool ({self._pool_names[k]})"
                # On failure the learner's actions of this step are applied already and
                # these slots wait on a decision no one made: the env must start again.
                act = self._pool_acts[k]
                try:
                    if getattr(act, "uses_state", False):        # the search reads the position itself
                        chosen = act.act_states(a["states"][rows], a["masks"][rows].astype(bool))
                    else:
                        chosen = act(a["obs"][rows], a["masks"][rows].astype(bool))
                except Exception as err:        # noqa: BLE001 (a policy's own failure: stop the env and say so)
                    self._started = False
                    raise OpponentError(f"{who} raised {type(err).__name__}: {err}; the env stopped: "
                                        "reset() it") from err
                try:
                    chosen = self._legal_for(rows, _whole_actions(chosen, len(rows), "its answer"),
                                             np.ones(len(rows), bool), "")
                except IllegalActionError as err:
                    self._started = False
                    raise OpponentError(f"{who} chose an illegal action ({err}); the env stopped: "
                                        "reset() it") from None
                self._actions[rows] = chosen
                self._act[rows] = V.ACT_APPLY
            self._kernel(self._act)

    def _kernel(self, act: np.ndarray) -> None:
        self.kernel(self.arrays, self.seed, self.first_game, self.num_envs, self.limit, self.auto_single, act,
                    self._actions, self.seats, self._pool_codes, self._pool_cum, self._results, patch=self._patch)

    # -- saving and restoring a run ------------------------------------------

    # Per-slot arrays whose values carry the games' future (obs and masks are
    # recomputed from the rows; what a step leaves for the caller is not kept).
    SAVED_ARRAYS = ("states", "streams", "memos", "tallies", "rows", "opponents", "pool_index", "episodes",
                    "waiting", "learner_steps")

    def _config(self) -> np.ndarray:
        """The env's arguments a saved run must share; a variant's run adds its
        key (:meth:`_variant_key`), so a base game's save is as it was."""
        values = [self.num_envs, self.seed, self.first_game, -1 if self.games is None else self.games,
                  int(self.auto_single), *self.seats.tolist()]
        if self.variant is not None:
            values.append(self._variant_key())
        return np.array(values, dtype=np.int64)

    def _variant_key(self) -> int:
        """The variant as one int64: the first 60 bits of its sha256."""
        return int(self.variant.sha256[:15], 16)

    def get_state(self) -> dict[str, np.ndarray]:
        """Everything the env's future depends on, as plain arrays (numbers
        only: ``numpy.savez`` writes them and ``numpy.load(...,
        allow_pickle=False)`` reads them back): every slot's game row,
        opponent draw, random stream, bot memo, tallies and game counters, the
        kept result rows, and the env's configuration. Restore with
        :meth:`set_state` on an env built with the same arguments and pool."""
        if not self._started:
            raise IllegalActionError("get_state() needs a started env (reset() it; an env stopped by a failed "
                                     "opponent cannot be saved)")
        out = {name: self.arrays[name].copy() for name in self.SAVED_ARRAYS}
        out["game_start"] = self._game_start.copy()
        out["results"] = self._results.copy()
        out["config"] = self._config()
        out["state_size"] = np.array([self.arrays["states"].shape[1]], dtype=np.int64)
        return out

    def set_state(self, saved) -> None:
        """Continue from :meth:`get_state`'s arrays. Every array is checked
        (names, dtypes, shapes, ranges, agreement with this env's arguments
        and pool) and every waiting game's row must be exactly the position
        its state dict describes; anything else raises :class:`StateError`
        and leaves the env as it was."""
        from ..game import game_class

        self._require_open()
        a = self.arrays
        n = self.num_envs
        want = {name: (a[name].dtype, a[name].shape) for name in self.SAVED_ARRAYS}
        want["game_start"] = (np.dtype(np.int64), (n,))
        want["results"] = (np.dtype(np.int64), self._results.shape)
        config = self._config()
        want["config"] = (np.dtype(np.int64), config.shape)
        want["state_size"] = (np.dtype(np.int64), (1,))
        if not isinstance(saved, dict) or set(saved) != set(want):
            got = sorted(saved) if isinstance(saved, dict) else type(saved).__name__
            raise StateError(f"a saved vector env holds exactly {sorted(want)}, got {got}")
        c = saved["config"]
        if isinstance(c, np.ndarray) and c.dtype == np.int64 and c.ndim == 1 and len(c) >= 1:
            n_saved = int(c[0])
            if len(c) in (5 + n_saved, 6 + n_saved) and (len(c) == 6 + n_saved) != (self.variant is not None):
                mine = "the base game" if self.variant is None else f"the variant {self.variant.name!r}"
                theirs = "a variant" if len(c) == 6 + n_saved else "the base game"
                raise StateError(f"saved vector env: its games play {theirs}, this env's {mine} (restore on an "
                                 "env of the same variant=)")
        for name, (dtype, shape) in want.items():
            v = saved[name]
            if not isinstance(v, np.ndarray) or v.dtype != dtype or v.shape != shape:
                raise StateError(f"saved vector env: {name} must be {dtype} {shape}, got "
                                 f"{getattr(v, 'dtype', type(v).__name__)} {getattr(v, 'shape', '')}")
        if int(saved["state_size"][0]) != a["states"].shape[1]:
            raise StateError("saved vector env: its games are of another volume or layout")
        labels = ("num_envs", "seed", "first_game", "games", "auto_single") + tuple(f"seat of slot {i}"
                                                                                    for i in range(n))
        differ = np.flatnonzero(saved["config"] != config)
        if len(differ):
            k = int(differ[0])
            if k == len(labels):
                raise StateError(f"saved vector env: its games play another variant than this env's "
                                 f"({self.variant.name!r}; restore on an env of the same variant=)")
            raise StateError(f"saved vector env: {labels[k]} is {int(saved['config'][k])}, this env's is "
                             f"{int(config[k])}")
        waiting, pool_index = saved["waiting"], saved["pool_index"]
        if not np.all((waiting == V.WAIT_LEARNER) | (waiting == V.WAIT_NONE)):
            raise StateError("saved vector env: each slot waits on its learner or is idle")
        if np.any((pool_index < 0) | (pool_index >= len(self._pool_codes))):
            raise StateError(f"saved vector env: pool entries are 0..{len(self._pool_codes) - 1} (the pool has "
                             f"{len(self._pool_codes)}; restore on the same pool)")
        if np.any(saved["opponents"] != self._pool_codes[pool_index]):
            raise StateError("saved vector env: the slots' opponents are not this pool's (restore on the same pool)")
        live = waiting == V.WAIT_LEARNER
        episodes = saved["episodes"]
        slot = np.arange(n)
        if np.any(live & ((episodes < self.first_game) | (episodes >= self.limit)
                          | ((episodes - self.first_game - slot) % n != 0))):
            raise StateError("saved vector env: a slot's game number is not one of its games")
        steps, start = saved["learner_steps"], saved["game_start"]
        if np.any(steps < 0) or np.any((start < 0) | (start > steps)):
            raise StateError("saved vector env: learner step counters out of range")
        if not np.all(np.isfinite(saved["memos"])):
            raise StateError("saved vector env: a bot memo holds NaN or infinity")
        if np.any(saved["tallies"] < 0) or np.any(saved["rows"] < 0) or np.any(saved["results"] < 0):
            raise StateError("saved vector env: negative tallies or result rows")
        cls = game_class(self.volume_spec.name)
        module = self.module
        obs = np.zeros_like(a["obs"])
        masks = np.zeros_like(a["masks"])
        for i in np.flatnonzero(live):
            try:
                game = cls.from_row(saved["states"][i], variant=self.variant)
            except StateError as err:
                raise StateError(f"saved vector env, slot {i}: {err}") from None
            if game.is_terminal() or game.current_agent != self.agents[self.seats[i]]:
                raise StateError(f"saved vector env, slot {i}: its game does not wait on the slot's learner "
                                 f"({self.agents[self.seats[i]]})")
            module.observe(game.state, obs[i])
            module.legal_mask(game.state, masks[i])
        for name in self.SAVED_ARRAYS:
            np.copyto(a[name], saved[name])
        if self.copy:
            a["obs"] = obs               # the array the caller holds from the last step is never written again
        else:
            a["obs"][:] = obs
        a["masks"][:] = masks
        for name in ("rewards", "ends", "ended_episode", "ended_pool"):
            a[name][:] = 0
        np.copyto(self._game_start, saved["game_start"])
        np.copyto(self._results, saved["results"])
        self._started = True
        self._played = True

    # -- what callers read ----------------------------------------------------

    def opponent_indices(self) -> np.ndarray:
        """The pool entry each slot's current game drew (-1 for idle slots)."""
        a = self.arrays
        return np.where(a["waiting"] == V.WAIT_NONE, -1, a["pool_index"])

    def observations(self) -> np.ndarray:
        """A copy of every slot's current observation (what ``reset``/``step`` returned last)."""
        return self.arrays["obs"].copy()

    def action_masks(self) -> np.ndarray:
        """The legal actions of every slot's pending learner decision (bool;
        all False for an idle slot)."""
        return self._learner_view()[0]

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
        self.module.bot_choices(self.arrays, out)
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


def warm_step_helpers() -> None:
    """Compile the kernels ``step`` calls around the volume's own (those a
    volume's warm-up step may not reach: :func:`engine.coin.vector.final_numbers`
    runs only on a step that ends a game), on empty arrays of the types a step
    passes them."""
    ints, flags = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=bool)
    V.final_numbers(ints, ints, ints, ints, ints.copy(), flags, ints.copy(), ints.copy(), ints.copy())


def play_policies(volume: str, policies: dict, seed: int, first_game: int, games: int,
                  num_envs: int = 1024, variant: Any = None) -> np.ndarray:
    """Result rows of games ``first_game .. first_game + games - 1`` of base
    ``seed`` (the rollouts' games), each seat played by ``policies[seat]``:
    "random", "heuristic", or a policy with ``act(observations, masks)``
    (deterministic) evaluated in lock-step batches. At least one seat must be
    a policy: it is the vector env's learner; the other seat is its opponent.
    ``variant``: the variant every game plays (None: the base game)."""
    from ..registry import spec

    seats = spec(volume).agents
    learners = [s for s in seats if not isinstance(policies[s], str)]
    if not learners:
        raise UnknownPolicyError("play_policies needs a policy object in at least one seat")
    seat = learners[0]
    other = seats[1 - seats.index(seat)]
    env = VectorEnv(volume, num_envs=min(num_envs, games), seat=seat, opponent=policies[other], seed=seed,
                    games=games, first_game=first_game, copy=False, variant=variant)
    obs, info = env.reset()
    masks = info["action_mask"]
    act = _as_act(policies[seat])
    actions = np.zeros(env.num_envs, dtype=np.int64)
    while not env.done:
        live = np.flatnonzero(env.arrays["waiting"] == V.WAIT_LEARNER)
        actions[:] = 0
        actions[live] = act(obs[live], masks[live])
        obs, _, _, _, info = env.step(actions)
        masks = info["action_mask"]
    return env.result_rows()
