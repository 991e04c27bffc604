"""Batch rollouts of a COIN volume with a policy per seat: one row per game.

A volume hands in its seats, its card prefix, its policies and two compiled
runners (:class:`CoinRollouts`); everything else (chunking, the Ray backend,
failure reporting, the table) is here. Columns of the table: ``seed`` (the
game's own seed), ``game``, ``winner`` (a seat), ``final_political_will``,
``political_will_after_round`` (after each Political Will Phase, 6.1),
``victory_round`` (the Propaganda Round that ended the game, 7.0), ``cards``
(card numbers in the order revealed), ``events``
("<prefix><card>:<unshaded|shaded>:<seat>" in order), ``decisions``, and
``policy_<seat>`` per seat.

The runners are compiled kernels over the result rows of
:mod:`.results`: ``random_games(base_seed, first_game, n_games,
check_every_step, out)`` plays random in every seat and must not need the
scripted bots (so random rollouts never compile them), and
``policy_games(base_seed, first_game, n_games, policy_0, policy_1,
check_every_step, out)`` plays the volume's ``POLICY_*`` codes. Both give
the same rows for random play.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from importlib import import_module
from typing import Callable, Mapping

import numpy as np
import pandas as pd

from ...errors import UnknownPolicyError
from ..rng import game_seeds
from . import results as R
from .header import COUNTERINSURGENT_WIN, INSURGENT_WIN

ProgressFn = Callable[[int], None]
SIDE_NAMES = ("unshaded", "shaded")
RANDOM = "random"


@dataclass(frozen=True)
class CoinRollouts:
    """A volume's rollouts: ``seats`` (counterinsurgent first), its card
    ``prefix``, its ``policies`` (their index is the kernels' policy code),
    the two runners (module docstring), and the ``failures`` its rows' failure
    codes name. ``module`` is where the volume keeps it as ``ROLLOUTS`` (Ray
    workers find it there)."""
    volume: str
    module: str
    seats: tuple[str, str]
    prefix: str
    policies: tuple[str, ...]
    random_games: Callable
    policy_games: Callable
    failures: tuple[str, ...]
    learned_games: Callable | None = None   # (volume, {seat: policy}, seed, first, n) -> rows: trained networks

    @property
    def columns(self) -> tuple[str, ...]:
        return ("seed", "game", "winner", "final_political_will", "political_will_after_round", "victory_round",
                "cards", "events", "decisions") + tuple(f"policy_{seat}" for seat in self.seats)

    def per_seat(self, policies: Mapping[str, str] | None) -> dict[str, str]:
        """The policy of each seat, a seat left out playing random (the names
        are checked by ``britishway_env.rollouts``; here only that each is a bot's)."""
        from agents.trained import is_learned

        chosen = {seat: RANDOM for seat in self.seats}
        chosen.update(policies or {})
        if set(chosen) != set(self.seats) or any(name not in self.policies and not is_learned(name)
                                                 for name in chosen.values()):
            raise UnknownPolicyError(f"{self.volume} policies are one of {', '.join(self.policies)}, 'trained' "
                                     f"or a policy file (.npz) for each seat ({', '.join(self.seats)}), got "
                                     f"{dict(policies or {})!r}")
        return chosen

    def policy_codes(self, policies: Mapping[str, str] | None) -> tuple[int, int]:
        """The kernels' policy code of each seat, in seat order."""
        chosen = self.per_seat(policies)
        return tuple(self.policies.index(chosen[seat]) for seat in self.seats)

    def play_range(self, seed: int, start: int, n: int, policies: Mapping[str, str],
                   check_every_step: bool = False) -> np.ndarray:
        """Result rows of games ``start .. start + n - 1`` of the run with base
        ``seed`` (what a chunk of the local or the Ray backend plays)."""
        from agents.trained import is_learned, load_network

        chosen = self.per_seat(policies)
        if any(is_learned(name) for name in chosen.values()):
            # trained networks: NumPy forward passes in lock-step batches (the volume's vector env)
            if self.learned_games is None:
                raise UnknownPolicyError(f"{self.volume} has no vector env to play trained policies")
            players = {seat: load_network(name, self.volume, seat) if is_learned(name) else name
                       for seat, name in chosen.items()}
            return self.learned_games(self.volume, players, seed, start, n)
        out = np.zeros((n, R.N_RESULT_COLUMNS), dtype=np.int64)
        codes = self.policy_codes(policies)
        if all(self.policies[c] == RANDOM for c in codes):
            self.random_games(np.int64(seed), np.int64(start), np.int64(n), bool(check_every_step), out)
        else:
            self.policy_games(np.int64(seed), np.int64(start), np.int64(n), np.int64(codes[0]), np.int64(codes[1]),
                              bool(check_every_step), out)
        return out

    def play(self, games: int, seed: int, policies: Mapping[str, str], chunk: int | None = None,
             progress: ProgressFn | None = None, check_every_step: bool = False) -> np.ndarray:
        """Result rows (:mod:`.results` columns) of ``games`` compiled games, all numba threads.

        ``check_every_step`` also checks every invariant after every decision.
        A game that breaks one, or a policy that picks an action the mask does
        not offer, raises ``RuntimeError`` naming the game.
        """
        out = np.zeros((games, R.N_RESULT_COLUMNS), dtype=np.int64)
        for start, n in chunks(games, chunk):
            out[start:start + n] = self.play_range(seed, start, n, policies, check_every_step)
            if progress:
                progress(n)
        return self.checked(out, seed)

    def checked(self, out: np.ndarray, seed: int) -> np.ndarray:
        """Raise on the first game that broke an invariant or met an illegal policy action."""
        bad = np.flatnonzero(out[:, R.R_VIOLATION])
        if len(bad):
            g = int(bad[0])
            raise RuntimeError(f"{self.volume} game {g} (seed {int(game_seeds(np.int64(seed), g, 1)[0])}): "
                               f"{self.failures[out[g, R.R_VIOLATION]]}")
        return out

    def event_names(self, codes) -> list[str]:
        """``<prefix><card>:<text>:<seat>`` of each event column."""
        names = []
        for code in codes:
            card, side, faction = R.decode_event(int(code))
            names.append(f"{self.prefix}{card}:{SIDE_NAMES[side]}:{self.seats[faction]}")
        return names

    def table(self, seed: int, results: np.ndarray, policies: Mapping[str, str]) -> pd.DataFrame:
        """One row per game (see the module docstring for the columns)."""
        n = results.shape[0]
        outcome = results[:, R.R_OUTCOME]
        rounds = results[:, R.R_ROUNDS]
        n_cards = results[:, R.R_N_CARDS]
        n_events = results[:, R.R_N_EVENTS]
        pw = results[:, R.R_PW_ROUND:R.R_PW_ROUND + R.N_ROUNDS].tolist()
        cards = results[:, R.R_CARDS:R.R_CARDS + R.DECK_SIZE].tolist()
        events = results[:, R.R_EVENTS:R.R_EVENTS + R.MAX_EVENTS].tolist()
        counter, insurgent = self.seats
        frame = {
            "seed": game_seeds(np.int64(seed), np.int64(0), np.int64(n)),
            "game": np.arange(n, dtype=np.int64),
            "winner": np.where(outcome == COUNTERINSURGENT_WIN, counter,
                               np.where(outcome == INSURGENT_WIN, insurgent, "none")).astype(object),
            "final_political_will": results[:, R.R_POLITICAL_WILL].copy(),
            "political_will_after_round": [pw[i][:rounds[i]] for i in range(n)],
            "victory_round": rounds.copy(),
            "cards": [cards[i][:n_cards[i]] for i in range(n)],
            "events": [self.event_names(events[i][:n_events[i]]) for i in range(n)],
            "decisions": results[:, R.R_DECISIONS].copy(),
        }
        for seat in self.seats:
            frame[f"policy_{seat}"] = policies[seat]
        return pd.DataFrame(frame, columns=list(self.columns))

    def run(self, games: int, seed: int = 0, policies: Mapping[str, str] | None = None, chunk: int | None = None,
            progress: ProgressFn | None = None, remote: Callable | None = None,
            address: str | None = None) -> pd.DataFrame:
        """Play ``games`` games; ``policies``: {seat: name} (random by default).

        ``remote``: a function that plays the chunks elsewhere, as
        ``distributed.play_on_ray`` does on Ray (``address``: an existing
        cluster; none starts a local one); the rows are the same.
        ``britishway_env.rollouts.run(..., backend="ray")`` passes it.
        """
        chosen = self.per_seat(policies)
        if games < 1:
            raise ValueError(f"games must be >= 1, got {games}")
        if address is not None and remote is None:
            raise ValueError("address is only used when the chunks are played remotely")
        if remote is not None:
            results = remote(partial(play_range_in, self.module), games, seed, list(chunks(games, chunk)),
                             R.N_RESULT_COLUMNS, address=address, progress=progress, policies=chosen)
            return self.table(seed, self.checked(results, seed), chosen)
        return self.table(seed, self.play(games, seed, chosen, chunk, progress), chosen)


def play_range_in(module: str, seed: int, start: int, n: int, **kwargs) -> np.ndarray:
    """:meth:`CoinRollouts.play_range` of the ``ROLLOUTS`` in ``module`` (what a Ray task runs)."""
    return import_module(module).ROLLOUTS.play_range(seed, start, n, **kwargs)


def chunks(games: int, chunk: int | None):
    """(start, n) of the chunks a run of ``games`` plays in turn."""
    size = chunk or max(500, min(20_000, games // 40 or 1))
    for start in range(0, games, size):
        yield start, min(size, games - start)
