"""The compile options of every kernel in the package, in one place.

Modules write ``from ...engine.jit import njit`` and decorate kernels with
``@njit(cache=True)`` as usual; this ``njit`` is numba's with the options
below added:

- ``no_cfunc_wrapper=True``: numba otherwise builds, for every kernel, a
  C-callable wrapper that only first-class function values use (a kernel
  passed as an argument), which this package never does (VOLUMES.md: such
  kernels do not load from numba's cache). Leaving it out takes about 5 % off
  a cold compile of the rules and of the bots, measured back to back.
"""

from __future__ import annotations

import functools

import numba

OPTIONS = {"no_cfunc_wrapper": True}

njit = functools.partial(numba.njit, **OPTIONS)
