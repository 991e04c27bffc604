"""Batch rollouts of a COIN volume with a policy per seat: one row per game.

A volume hands in its seats, its card prefix, its policies and two compiled
runners (:class:`CoinRollouts`); playing a range of games, failure reporting,
the table and the check of its rows against the victory conditions
(:func:`victory_violations`, 7.0) are here, and ``britishway_env.rollouts``
shares a run out in chunks (threads or Ray, interruption and resuming). Columns of the table: ``seed`` (the
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
from .variant import NO_PATCH

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
                                            # in the vector env's lock-step batches (the benchmark's peer)
    agent_games: Callable | None = None     # (volume, seats, policies, {seat: name}, seed, first, n, check) -> rows:
                                            # networks, the search and leagues in compiled games
                                            # (britishway_env/search.py)

    @property
    def columns(self) -> tuple[str, ...]:
        return ("seed", "game", "winner", "final_political_will", "political_will_after_round", "victory_round",
                "cards", "events", "decisions") + tuple(f"policy_{seat}" for seat in self.seats)

    def per_seat(self, policies: Mapping[str, str] | None) -> dict[str, str]:
        """The policy of each seat, a seat left out playing random (the names
        are checked by ``britishway_env.rollouts``; here only that each is a bot's)."""
        from agents.trained import is_learned

        from ..mixture import is_league
        from ..search_names import is_search

        chosen = {seat: RANDOM for seat in self.seats}
        chosen.update(policies or {})
        if set(chosen) != set(self.seats) or any(name not in self.policies and not is_learned(name)
                                                 and not is_search(name) and not is_league(name)
                                                 for name in chosen.values()):
            raise UnknownPolicyError(f"{self.volume} policies are one of {', '.join(self.policies)}, 'trained', "
                                     f"a policy file (.npz), 'search[:N]' or 'league' for each seat "
                                     f"({', '.join(self.seats)}), got {dict(policies or {})!r}")
        return chosen

    def policy_codes(self, policies: Mapping[str, str] | None) -> tuple[int, int]:
        """The kernels' policy code of each seat, in seat order."""
        chosen = self.per_seat(policies)
        return tuple(self.policies.index(chosen[seat]) for seat in self.seats)

    def chunk_size(self, games: int, policies: Mapping[str, str] | None = None) -> int:
        """Games per chunk of a run of ``games`` (progress, interruption and Ray tasks go by chunks)."""
        return max(500, min(20_000, games // 40 or 1))

    def play_range(self, seed: int, start: int, n: int, policies: Mapping[str, str],
                   check_every_step: bool = False, patch: np.ndarray | None = None) -> np.ndarray:
        """Result rows of games ``start .. start + n - 1`` of the run with base
        ``seed`` (what a chunk of the local or the Ray backend plays), checked
        (:meth:`checked`); ``patch``: the variant's row patch (None: the base
        game; britishway_env/variants.py)."""
        patch = NO_PATCH if patch is None else patch
        from agents.trained import is_learned

        from ..mixture import is_league
        from ..search_names import is_search

        chosen = self.per_seat(policies)
        if any(is_learned(name) or is_search(name) or is_league(name) for name in chosen.values()):
            # networks, the search and leagues (mixtures of policies, a member drawn per game): compiled
            # games with the forward pass in the kernel (engine/nn.py; faster than lock-step NumPy
            # batches, benchmarks/bench_search.py)
            if self.agent_games is None:
                raise UnknownPolicyError(f"{self.volume} plays no networks or search in its rollouts")
            return self.checked(self.agent_games(self.volume, self.seats, self.policies, chosen, seed, start, n,
                                                 check_every_step, patch=patch), seed, start)
        out = np.zeros((n, R.N_RESULT_COLUMNS), dtype=np.int64)
        codes = self.policy_codes(policies)
        if all(self.policies[c] == RANDOM for c in codes):
            self.random_games(np.int64(seed), np.int64(start), np.int64(n), bool(check_every_step), out, patch=patch)
        else:
            self.policy_games(np.int64(seed), np.int64(start), np.int64(n), np.int64(codes[0]), np.int64(codes[1]),
                              bool(check_every_step), out, patch=patch)
        return self.checked(out, seed, start)

    def remote_range(self) -> Callable:
        """:meth:`play_range` as a function a Ray worker can unpickle (it finds ``ROLLOUTS`` by module)."""
        return partial(play_range_in, self.module)

    def play(self, games: int, seed: int, policies: Mapping[str, str], chunk: int | None = None,
             progress: ProgressFn | None = None, check_every_step: bool = False) -> np.ndarray:
        """Result rows (:mod:`.results` columns) of ``games`` compiled games, all numba threads.

        ``check_every_step`` also checks every invariant after every decision.
        A game that breaks one, or a policy that picks an action the mask does
        not offer, raises ``RuntimeError`` naming the game.
        """
        out = np.zeros((games, R.N_RESULT_COLUMNS), dtype=np.int64)
        for start, n in chunks(games, chunk or self.chunk_size(games)):
            out[start:start + n] = self.play_range(seed, start, n, policies, check_every_step)
            if progress:
                progress(n)
        return out

    def checked(self, out: np.ndarray, seed: int, first_game: int = 0) -> np.ndarray:
        """``out`` (rows of games ``first_game ...``), or ``RuntimeError`` naming the
        first game that broke an invariant or met an illegal policy action."""
        bad = np.flatnonzero(out[:, R.R_VIOLATION])
        if len(bad):
            g = int(first_game) + int(bad[0])
            raise RuntimeError(f"{self.volume} game {g} (seed {int(game_seeds(np.int64(seed), g, 1)[0])}): "
                               f"{self.failures[out[bad[0], R.R_VIOLATION]]}")
        return out

    def event_names(self, codes) -> list[str]:
        """``<prefix><card>:<text>:<seat>`` of each event column."""
        names = []
        for code in codes:
            card, side, faction = R.decode_event(int(code))
            names.append(f"{self.prefix}{card}:{SIDE_NAMES[side]}:{self.seats[faction]}")
        return names

    def table(self, seed: int, results: np.ndarray, policies: Mapping[str, str],
              games: np.ndarray | None = None) -> pd.DataFrame:
        """One row per game (see the module docstring for the columns);
        ``games``: the game number of each result row (default 0, 1, ...)."""
        n = results.shape[0]
        games = np.arange(n, dtype=np.int64) if games is None else np.asarray(games, dtype=np.int64)
        outcome = results[:, R.R_OUTCOME]
        rounds = results[:, R.R_ROUNDS]
        n_cards = results[:, R.R_N_CARDS]
        n_events = results[:, R.R_N_EVENTS]
        pw = results[:, R.R_PW_ROUND:R.R_PW_ROUND + R.N_ROUNDS].tolist()
        cards = results[:, R.R_CARDS:R.R_CARDS + R.DECK_SIZE].tolist()
        events = results[:, R.R_EVENTS:R.R_EVENTS + R.MAX_EVENTS].tolist()
        counter, insurgent = self.seats
        frame = {
            "seed": seeds_of(seed, games),
            "game": games.copy(),
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
            progress: ProgressFn | None = None) -> pd.DataFrame:
        """Play games ``0 .. games - 1``; ``policies``: {seat: name} (random by
        default). ``britishway_env.rollouts.run`` plays any range of games, on
        threads or Ray, and keeps what it played when interrupted."""
        chosen = self.per_seat(policies)
        if games < 1:
            raise ValueError(f"games must be >= 1, got {games}")
        return self.table(seed, self.play(games, seed, chosen, chunk, progress), chosen)


def play_range_in(module: str, seed: int, start: int, n: int, **kwargs) -> np.ndarray:
    """:meth:`CoinRollouts.play_range` of the ``ROLLOUTS`` in ``module`` (what a Ray task runs)."""
    return import_module(module).ROLLOUTS.play_range(seed, start, n, **kwargs)


def chunks(games: int, size: int):
    """(start, n) of the chunks of ``size`` games that cover ``0 .. games - 1`` in turn."""
    for start in range(0, games, size):
        yield start, min(size, games - start)


def seeds_of(base_seed: int, games: np.ndarray) -> np.ndarray:
    """The seed of each game number in ``games`` of the run with ``base_seed`` (``rng.seed_from``)."""
    games = np.asarray(games, dtype=np.int64)
    if len(games) and np.all(np.diff(games) == 1):
        return game_seeds(np.int64(base_seed), games[0], np.int64(len(games)))
    return np.array([game_seeds(np.int64(base_seed), g, np.int64(1))[0] for g in games], dtype=np.int64)


# What the rows' checks and measures read of a run's variant, as its provenance
# records it (``run.variant``: britishway_env/variants.py; None: the base game).

def insurgent_victory_level(found, variant: dict | None) -> int:
    """The Political Will at or below which the insurgent wins (7.0.1): 0, or
    the variant's rule parameter (the spec's ``insurgent_victory_parameter``)."""
    return int(((variant or {}).get("rules") or {}).get(found.report.insurgent_victory_parameter, 0))


def final_round(found, variant: dict | None) -> int:
    """The final Propaganda Round (7.0.2): the volume's number of Propaganda
    cards, or the variant's (``[deck] propaganda_cards``)."""
    return int(((variant or {}).get("deck") or {}).get("propaganda_cards", len(found.report.propaganda_cards)))


def setup_political_will(found, variant: dict | None) -> int:
    """Political Will at setup (2.1): the volume's, or the variant's."""
    return int(((variant or {}).get("setup") or {}).get("political_will", found.report.political_will_start))


def victory_violations(df: pd.DataFrame, found):
    """Rows that break a COIN volume's victory conditions (7.0): the ``(mask,
    what)`` pairs ``report.check_rows`` reads (``Rows.check`` of the specs).

    Every volume of the series ends the same way. The game ends only in the
    Political Will Phase of a Propaganda Round (6.1): the insurgent wins there
    as soon as Political Will stands at 0 (7.0.1); otherwise the counterinsurgent wins at
    the end of the last Propaganda Round's phase (7.0.2). So a row's final
    Political Will is the one after its last round, an insurgent win has it at
    0, a counterinsurgent win has it above 0 and comes in the last round, and no earlier
    round ended at 0. The rows' structure (one Political Will value per round,
    rounds in range) is checked before this.
    """
    import pyarrow as pa

    run_fields = (df.attrs.get("britishway") or {}).get("run") or {}
    seats = np.asarray(found.agents, dtype=object)
    winner = df["winner"].astype(object).to_numpy()
    winner_index = np.full(len(df), -1, dtype=np.int64)
    for i, seat in enumerate(seats):
        winner_index[winner == seat] = i
    return victory_faults(found, pa.array(df["political_will_after_round"], type=pa.list_(pa.int64())),
                          winner_index, df["final_political_will"].to_numpy(), df["victory_round"].to_numpy(),
                          run_fields.get("variant"))


def victory_faults(found, pw, winner, final, rounds, variant=None) -> list:
    """:func:`victory_violations` of rows given as arrays (one batch of a rows
    file, or a whole table): ``pw`` Political Will after each round (an Arrow
    list array), ``winner`` each game's winner as its index in the volume's
    agents (-1: neither), ``final`` and ``rounds`` the final Political Will
    and the round that ended the game; ``variant`` the run's variant as its
    provenance records it (None: the base game), whose insurgent victory level
    (7.0.1) and number of Propaganda cards (7.0.2) the checks read. Returns
    the ``(mask, what)`` pairs."""
    import pyarrow as pa
    import pyarrow.compute as pc

    counter = next(seat for seat in found.agents if seat != found.report.insurgent)
    insurgent = found.report.insurgent
    # The Political Will of an insurgent victory: 0, or what the run's variant set (rule parameters).
    won_at = insurgent_victory_level(found, variant)
    last_round = final_round(found, variant)
    pw = pc.cast(pw, pa.list_(pa.int64()))
    n = len(pw)
    lengths = pc.list_value_length(pw).to_numpy(zero_copy_only=False).astype(np.int64)
    values = pc.list_flatten(pw).to_numpy(zero_copy_only=False).astype(np.int64)
    ends = np.cumsum(lengths)
    played = lengths > 0
    last = np.where(played, values[np.maximum(ends - 1, 0)] if len(values) else 0, -1)
    parents = pc.list_parent_indices(pw).to_numpy(zero_copy_only=False)
    earlier = np.arange(len(values)) < (ends[parents] - 1) if len(values) else np.zeros(0, dtype=bool)
    zero_before = np.bincount(parents[earlier & (values <= won_at)], minlength=n) > 0
    winner = np.asarray(winner)
    insurgent_won = winner == found.agents.index(insurgent)
    counter_won = winner == found.agents.index(counter)
    final = np.asarray(final)
    rounds = np.asarray(rounds)
    return [
        (played & (final != last),
         "column 'final_political_will' differs from Political Will after the last Propaganda Round played: "
         "the game ends in that round's Political Will Phase (6.1)"),
        (zero_before,
         "Political Will stood at 0 after an earlier Propaganda Round, which ends the game there with an "
         f"{insurgent} victory (7.0.1), yet the game went on"),
        (insurgent_won & played & (last > won_at),
         f"{insurgent} won with Political Will above 0 after the last Propaganda Round: the {insurgent} win only "
         "when Political Will stands at 0 in a Political Will Phase (7.0.1)"),
        (counter_won & played & (last <= won_at),
         f"{counter} won with Political Will at 0: Political Will 0 in a Political Will Phase is an "
         f"{insurgent} victory (7.0.1)"),
        (counter_won & (rounds != last_round),
         f"{counter} won before the final Propaganda Round (round {last_round}): the {counter} win only at the "
         "end of the final round's Political Will Phase (7.0.2)"),
    ]
