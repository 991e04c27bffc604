"""Rule parameters: the numbers of a volume's rules a designer would tune,
kept in the state row (the header's ``rule_parameters`` slots) so the cached
kernels read them instead of a constant and a variant changes them without a
recompile.

Each volume lists its parameters in ``volumes/<volume>/parameters.py`` as a
tuple of :class:`RuleParameter`, in slot order, with index constants the
kernels use (``state[RULE_PARAMETERS + P_...]``); its setup writes the base
values (:func:`write_base`). A state dict leaves a parameter out while it has
its base value, so saves of the base game are unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..borrow import borrowed
from ..jit import njit
from .header import N_RULE_PARAMETERS, RULE_PARAMETERS


@dataclass(frozen=True)
class RuleParameter:
    """One tunable number of a volume's rules."""

    name: str           # snake_case, as a variant file names it
    rule: str           # the rule it comes from ("6.1.1", "P21")
    base: int           # the printed rules' value
    lo: int             # the range a variant may set
    hi: int
    meaning: str        # what it does, in a line


def base_values(parameters: tuple[RuleParameter, ...]) -> np.ndarray:
    """The base values as the row's slots (unused slots 0)."""
    if len(parameters) > N_RULE_PARAMETERS:
        raise ValueError(f"at most {N_RULE_PARAMETERS} rule parameters fit the row")
    names = [p.name for p in parameters]
    if len(set(names)) != len(names):
        raise ValueError("rule parameter names must be distinct")
    out = np.zeros(N_RULE_PARAMETERS, dtype=np.int64)
    for i, p in enumerate(parameters):
        if not p.lo <= p.base <= p.hi:
            raise ValueError(f"rule parameter {p.name}: base {p.base} outside {p.lo}..{p.hi}")
        out[i] = p.base
    return out


def game_values(state) -> np.ndarray:
    """The rule parameters a game plays by (its row's slots: the base values,
    or a variant's), as :func:`base_values` lays them out; a copy."""
    return np.array(state[RULE_PARAMETERS:RULE_PARAMETERS + N_RULE_PARAMETERS], dtype=np.int64)


@njit(cache=True)
def write_base(state, base):
    """The setup's values of the rule parameters (2.1): ``base`` from :func:`base_values`."""
    state = borrowed(state)
    for k in range(N_RULE_PARAMETERS):
        state[RULE_PARAMETERS + k] = base[k]
