"""What every COIN volume's ``Game`` class has alike: the kernels and layout
constants it hands to :class:`~britishway_env.game.KernelGame`, who acts, the
outcome and winner, the pending decision in words, and the observation.

A volume's class names its ``layout``, ``turns`` and ``invariants`` modules,
where its observation lives, its ``determinize`` kernel and the most faces of
any roll (``FORCED_FACES``); everything else below is read from them.
"""

from __future__ import annotations

import contextvars
import importlib
from types import ModuleType
from typing import Any

import numpy as np

from ..engine.coin.header import COUNTERINSURGENT_WIN, INSURGENT_WIN
from ..errors import StateError, VariantError
from ..game import KernelGame

# The variant of the state dict being read (CoinGame._from_dict -> the reader's game).
LOADING_VARIANT: contextvars.ContextVar = contextvars.ContextVar("britishway_loading_variant", default=None)


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
        own_to_dict, own_from_dict = cls.__dict__.get("to_dict"), cls.__dict__.get("_from_dict")
        if own_to_dict is not None:
            def to_dict(self, _own=own_to_dict) -> dict:
                d = _own(self)
                if self.variant is not None:
                    d["variant"] = self.variant.to_dict()
                else:                       # a row from elsewhere (from_row, a vector env's game) may hold rules
                    from ..variants import spec_of_row

                    spec = spec_of_row(self.volume, self.state)
                    if spec:
                        d["variant"] = {"volume": self.volume, "name": "from_row", **spec}
                return d
            to_dict.__doc__ = own_to_dict.__doc__
            cls.to_dict = to_dict
        if own_from_dict is not None:
            def _from_dict(klass, d: dict, _own=own_from_dict.__func__):
                variant = None
                if isinstance(d, dict) and "variant" in d:
                    from ..variants import resolve
                    try:
                        variant = resolve(klass.volume, d["variant"])
                    except VariantError as err:
                        raise StateError(f"{klass.volume} state dict: variant: {err}") from None
                    d = {k: v for k, v in d.items() if k != "variant"}
                token = LOADING_VARIANT.set(variant)
                try:
                    return _own(klass, d)
                finally:
                    LOADING_VARIANT.reset(token)
            cls._from_dict = classmethod(_from_dict)

    def _new_variant_game(self, variant: Any) -> None:
        """The seed's game of ``variant`` (britishway_env/variants.py): the
        setup, the variant's patch of the row, the deck dealt by its rules."""
        from ..variants import resolve

        found = resolve(self.volume, variant)
        self.turns.new_variant_game(self.state, np.int64(self.seed), found.patch)
        self.variant = None if found.is_base else found

    @classmethod
    def _new_loaded(cls, fields, d):
        """The empty row a state dict's reader fills, with the rule parameters,
        restrictions and deck rules of the base game, or of the variant the
        dict records (``variant``): a dict that names none describes the
        printed rules."""
        from ..engine.coin.header import RULE_PARAMETERS
        from ..variants import facts, variant_slots

        game = super()._new_loaded(fields, d)
        game.variant = LOADING_VARIANT.get()
        found = facts(cls.volume)
        slots = found.base_slots if game.variant is None else variant_slots(found, game.variant.spec)
        game.state[RULE_PARAMETERS:RULE_PARAMETERS + len(slots)] = slots
        return game

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

    def spaces_after(self, action: int) -> list[str]:
        """The spaces the decision after ``action`` offers, read from the rules
        kernel's own legal mask on a copy of the game: where the piece that
        ``action`` picks up may go (a name says its destination, not a copy of
        the rule). None for an action not legal now (nothing follows it)."""
        if not self.legal_mask()[action]:
            return None
        after = self.clone()
        after.apply(action)
        lo, hi = self.layout.A_SPACE, self.layout.A_COUNT
        return [after.generic_action_name(a) for a in after.legal_actions() if lo <= a < hi]

    def to_where(self, action: int) -> str:
        """" to Haifa or Acre": where the piece ``action`` picks up may go
        (:meth:`spaces_after`); "" for an action not legal now."""
        found = self.spaces_after(action)
        return "" if found is None else " to " + either(found)

    def observation(self) -> np.ndarray:
        """What both players see (float32; the AEC env's and the vector env's ``observation``)."""
        found = importlib.import_module(self.observation_module)
        out = np.zeros(found.OBS_SIZE, dtype=np.float32)
        found.observe(self.state, out)
        return out


def either(names: list[str], most: int = 4) -> str:
    """Space names as a choice reads them: "Haifa", "Haifa or Acre", "A, B or C";
    past ``most``, "any of N spaces"."""
    if not names:
        return "nowhere"
    if len(names) > most:
        return f"any of {len(names)} spaces"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
