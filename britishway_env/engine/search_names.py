"""The search bot's policy names: ``search``, ``search:N``, ``search:Ts``, each with an optional ``+value``.

The grammar and the settings a name asks for, read by the rollouts frame and by
``britishway_env/search.py`` (which plays them; docs/search.md). Nothing here
imports the package beyond its errors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import UnknownPolicyError

PREFIX = "search"
DEFAULT_ITERATIONS = 100          # the default level (docs/search.md: 200 did no better on the same games)
MAX_ITERATIONS = 100_000           # the tree keeps a node per iteration: about 200 MB at most (79 actions)
MAX_SECONDS = 600.0
C_PUCT = 1.5
PLAYOUT_DECISIONS = 16           # decisions the networks play on before the value head values a leaf
_NAME = re.compile(r"^search(?::(?:(?P<n>[0-9]+)|(?P<t>[0-9]+(?:\.[0-9]+)?)s))?(?P<value>\+value)?$")


@dataclass(frozen=True)
class SearchAgent:
    """A search bot's settings: ``iterations`` per decision, or ``seconds`` per
    decision (then iterations until the clock runs out); ``playout``: decisions the
    networks play before a leaf is valued (-1: to the end, 0: none, the value
    head alone); ``c_puct``: PUCT's exploration constant; ``seed``: the agent's seed."""

    name: str
    iterations: int = DEFAULT_ITERATIONS
    seconds: float | None = None
    playout: int = PLAYOUT_DECISIONS
    c_puct: float = C_PUCT
    seed: int = 0

    @property
    def timed(self) -> bool:
        return self.seconds is not None


def is_search(name) -> bool:
    """Whether a policy name asks for the search bot (well formed or not)."""
    return isinstance(name, str) and (name == PREFIX or name.startswith(PREFIX + ":")
                                      or name.startswith(PREFIX + "+"))


def parse(name: str) -> SearchAgent:
    """The settings a search policy name asks for; :class:`UnknownPolicyError` naming what is wrong."""
    m = _NAME.match(name) if isinstance(name, str) else None
    if m is None:
        raise UnknownPolicyError(f"cannot read search policy {name!r}: write 'search', 'search:N' "
                                 "(N iterations per decision), 'search:Ts' (T seconds per decision), "
                                 "optionally followed by '+value' (leaves valued by the value head at once)")
    playout = 0 if m.group("value") else PLAYOUT_DECISIONS
    if m.group("n") is not None:
        n = int(m.group("n"))
        if not 1 <= n <= MAX_ITERATIONS:
            raise UnknownPolicyError(f"search iterations must be 1..{MAX_ITERATIONS:,}, got {n}")
        return SearchAgent(name, iterations=n, playout=playout)
    if m.group("t") is not None:
        t = float(m.group("t"))
        if not 0.0 < t <= MAX_SECONDS:
            raise UnknownPolicyError(f"a search time budget must be above 0 and at most {MAX_SECONDS:g} s, got {t:g}")
        return SearchAgent(name, seconds=t, playout=playout)
    return SearchAgent(name, playout=playout)


__all__ = ["DEFAULT_ITERATIONS", "SearchAgent", "is_search", "parse"]
