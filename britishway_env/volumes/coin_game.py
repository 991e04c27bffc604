"""What every COIN volume's ``Game`` class has alike: the kernels and layout
constants it hands to :class:`~britishway_env.game.KernelGame`, who acts, the
outcome and winner, the pending decision in words, and the observation.

A volume's class names its ``layout``, ``turns`` and ``invariants`` modules,
where its observation lives, its ``determinize`` kernel and the most faces of
any roll (``FORCED_FACES``); everything else below is read from them.
"""

from __future__ import annotations

import importlib
from types import ModuleType

import numpy as np

from ..engine.coin.header import COUNTERINSURGENT_WIN, INSURGENT_WIN
from ..game import KernelGame


class CoinGame(KernelGame):
    """Base of the COIN volumes' games (Palestine, Cyprus, Arab Revolt)."""

    layout: ModuleType | None = None         # the volume's layout: FACTION_NAMES, OUTCOME_NAMES, DECISION_NAMES, offsets
    turns: ModuleType | None = None          # actor, pending, is_over, new_game, legal_mask, apply
    invariants: ModuleType | None = None     # check, VIOLATIONS, MAX_DECISIONS
    observation_module = ""                  # where observe and OBS_SIZE live (imported at first use)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        L, turns, inv = cls.layout, cls.turns, cls.invariants
        cls.agents = L.FACTION_NAMES
        cls.N_ACTIONS = L.N_ACTIONS
        cls.STATE_SIZE = L.STATE_SIZE
        cls.RNG = L.RNG
        cls.FORCED = L.FORCED
        cls.FORCED_CAPACITY = L.FORCED_CAPACITY
        cls.MAX_HISTORY = inv.MAX_DECISIONS
        cls.new_game_kernel = staticmethod(turns.new_game)
        cls.legal_mask_kernel = staticmethod(turns.legal_mask)
        cls.apply_kernel = staticmethod(turns.apply)
        cls.check_kernel = staticmethod(inv.check)
        cls.VIOLATIONS = inv.VIOLATIONS
        cls.ROW_LAYOUT = L.LAYOUT

    @property
    def current_agent(self) -> str | None:
        a = int(self.turns.actor(self.state))
        return None if a < 0 else self.layout.FACTION_NAMES[a]

    def is_terminal(self) -> bool:
        return bool(self.turns.is_over(self.state))

    @property
    def outcome(self) -> str:
        return self.layout.OUTCOME_NAMES[int(self.state[self.layout.OUTCOME])]

    @property
    def winner(self) -> str | None:
        seats = self.layout.FACTION_NAMES
        return {COUNTERINSURGENT_WIN: seats[0], INSURGENT_WIN: seats[1]}.get(int(self.state[self.layout.OUTCOME]))

    @property
    def phase(self) -> str:
        return self.layout.DECISION_NAMES[int(self.turns.pending(self.state))]

    def observation(self) -> np.ndarray:
        """What both players see (float32; the AEC env's and the vector env's ``observation``)."""
        found = importlib.import_module(self.observation_module)
        out = np.zeros(found.OBS_SIZE, dtype=np.float32)
        found.observe(self.state, out)
        return out
