"""The bots a person may face, by strength: named levels, each an agent of
the volume's ladder (docs/ladder.md) shown with the rating and interval its
ladder page measured (docs/results/ladder_<volume>.md).

A level is a name for a policy the play session already knows
(``session.check_policy``): ``britishway play --vs scripted`` is ``--vs
heuristic``, and a save records the policy. The ratings are read from the
ladder page itself (:func:`britishway_env.ladder.read_table`, the reader of
the table :func:`britishway_env.ladder.table_lines` writes), so the menu says
what the page says; a level whose agent the page does not rate is offered
as "not rated".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .registry import spec

# (level, the ladder's agent, what it is), weakest first.
LEVELS = (
    ("beginner", "random", "picks a legal choice at random"),
    ("scripted", "heuristic", "the scripted bot: the volume's priorities, scored"),
    ("network", "trained", "the shipped network (trained by self-play against a pool)"),
    ("league", "league", "the seat's league mixture: a network drawn per game"),
    ("search-quick", "search:100+value", "the search, 100 iterations, leaves valued by the network's value head"),
    ("search", "search", "the search, 100 iterations, leaves valued by the value head after the networks "
                         "play on 16 decisions"),
)
LEVEL_NAMES = tuple(name for name, _, _ in LEVELS)
LADDER_PAGES = Path(__file__).resolve().parent.parent / "docs" / "results"


@dataclass(frozen=True)
class Level:
    """A named bot of a volume, with its ladder rating (Elo, random = 0) and 95% interval, or None."""

    name: str
    policy: str
    what: str
    rating: int | None = None
    low: int | None = None
    high: int | None = None
    games: int | None = None

    def rating_words(self) -> str:
        """"ladder +854 Elo (95% +631..+1077)", or "not rated"."""
        if self.rating is None:
            return "not rated on the ladder page"
        if self.rating == self.low == self.high == 0:
            return "ladder 0 Elo (the scale's anchor)"
        return f"ladder {_signed(self.rating)} Elo (95% {_signed(self.low)}..{_signed(self.high)}, random = 0)"

    def line(self) -> str:
        return f"{self.name} ({self.policy}): {self.what}; {self.rating_words()}"

    def to_dict(self) -> dict:
        return {"name": self.name, "policy": self.policy, "what": self.what, "rating": self.rating,
                "low": self.low, "high": self.high, "games": self.games, "words": self.rating_words()}


def _signed(x: int | None) -> str:
    return "?" if x is None else (f"{x:+d}" if x else "0")


def ladder_page(volume: str) -> Path:
    return LADDER_PAGES / f"ladder_{volume}.md"


def ratings(volume: str) -> dict[str, dict]:
    """The ratings of the volume's ladder page by agent ({} when the page is absent)."""
    from .ladder import read_table

    page = ladder_page(volume)
    if not page.is_file():
        return {}
    return read_table(page.read_text(encoding="utf-8"))


def _playable(volume: str, policy: str) -> bool:
    from .errors import BritishWayError
    from .session import check_policy

    found = spec(volume)
    try:
        check_policy(volume, policy, tuple(found.agents))
    except (BritishWayError, OSError, ValueError):
        return False
    return True


def levels(volume: str) -> list[Level]:
    """The levels a person may face in ``volume``, weakest first: those whose
    policy the volume plays here (a network or league file present); none for a
    volume with no bot seat. Read afresh at each call (under a millisecond):
    a league file may be written while a page is served, and the levels must
    say what the page's bot list says."""
    found = spec(volume)
    if not found.several_seats or found.bot is None:
        return []
    rated = ratings(volume)
    out = []
    for name, policy, what in LEVELS:
        if not _playable(volume, policy):
            continue
        r = rated.get(policy, {})
        out.append(Level(name, policy, what, r.get("rating"), r.get("low"), r.get("high"), r.get("games")))
    return out


def policy_of(volume: str, bot: str) -> str:
    """The policy a ``--vs`` names: a level's agent, else ``bot`` itself (a policy name or file)."""
    for name, policy, _ in LEVELS:
        if bot == name:
            return policy
    return bot


def level_of(volume: str, policy: str | None) -> Level | None:
    """The level whose agent ``policy`` is, with its rating; None for a policy no level names."""
    for lv in levels(volume) if policy is not None else []:
        if lv.policy == policy:
            return lv
    return None
