"""``VolumeSpec``: what the shared tools need to know about one volume.

The command line, rollouts, the balance report, terminal play, text rendering,
the environments and the compile notices serve every volume alike; they read
the volume's names, numbers and entry points from its spec and name no
faction, card or piece themselves. A volume plugs in by writing a spec (its
``spec.py``) and listing it in ``britishway_env.registry``.

A spec is light: plain data plus references to the volume's code as
``"package.module"`` or ``"package.module:attribute"`` strings, imported on
first use (:func:`load`), so reading every spec compiles nothing.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, NamedTuple


def load(ref: str) -> Any:
    """The module ``"package.module"``, or the attribute of ``"package.module:name"``."""
    module, _, name = ref.partition(":")
    mod = importlib.import_module(module)
    return getattr(mod, name) if name else mod


class Outcome(NamedTuple):
    """One way a game ends, as the rollout rows record it."""

    value: str                  # the value in the rows' outcome column
    label: str                  # its row in the summary of a run ("rollouts.summarize")
    winner: str | None          # the side that wins by it (an agent, or a side the rules play); None: nobody


class Kernels(NamedTuple):
    """The entry kernels of one use of a volume, for the compile notice."""

    use: str                    # "rollouts" (random play), "batch" (a scripted seat), "policy" (a Python
                                # policy steps the games), "play", "check", "env", "bots" or "variant" (the
                                # setup of a variant's game through the Python API)
    module: str                 # module holding the entry kernels
    kernels: tuple[str, ...]    # their names in that module
    warm: str | None = None     # "module:function" running them once on a tiny input;
                                # None: a fresh Game takes its first legal action
    what: str = "rules"         # what the notice calls them: "compiling the <title> <what>"
    split: tuple[tuple[str, ...], ...] = ()    # on a cold cache, groups of kernels ("package.module:
                                # function(argument types)") compiled side by side, a process each, before
                                # the warm-up (engine/compile_jobs.py): the large call trees under the entry
                                # kernels, ordered so that the groups share little


class LoopModules(NamedTuple):
    """A COIN volume's compiled loops (``playout``, ``stepper``, ``batch``, ``vector``, ``rollouts``):
    written from the templates of ``engine/coin/templates`` by ``python -m
    britishway_env.engine.coin.generate`` (docs/design/shared_volume_kernels.md). The other words
    they differ by are read from the spec itself: its name, title, card letter, agents, env module."""

    package: str                # the volume's package ("britishway_env.volumes.<volume>"): the modules' folder
    bot_game_memo: bool         # the scripted bot's interface, the one real difference between volumes:
                                # True: ``bot_action(state, mask, faction, memo)`` with a memo kept through the
                                # game (engine/coin/bots.py ``MEMO_SIZE``, exported by the bots); False:
                                # ``bot_action(state, mask, scores)``, the faction read from the row and the
                                # memo row only scratch for one decision's scores (``MEMO_SIZE = N_ACTIONS``)
    lookahead_bots: bool = False  # the scripted bots are the shared flat Monte-Carlo look-ahead
                                  # (templates/bots.py.tmpl), scoring with the volume's ``evaluation.evaluate``
    event_counts: bool = True     # some event asks for a number (D_EVENT_COUNT, answered in the turn skeleton)
    alt_spaces: bool = False      # an Operation may act in a space another way (A_ALT, op_alt_ok)
    event_alt: bool = False       # an event's space may be taken the other way too (A_ALT, as an Operation's)
    extra_space: bool = False     # an Operation may buy one more space (A_EXTRA, 2.3.7)
    family_regions: tuple[str, ...] = ()  # rules a few volumes share, written once in volumes/templates/<name>.py.tmpl
                                          # and rendered into the volume's turns.py between marker lines


@dataclass(frozen=True)
class Rows:
    """What a volume's rollout rows hold (one row per game) and how a run is summarised."""

    outcome_column: str
    """The column saying how each game ended."""
    outcomes: tuple[Outcome, ...]
    """Every value that column takes in a finished game, in summary order."""
    all_wins: str | None = None
    """Label of a last summary row counting every game the (single) player won; None: no such row."""
    means: tuple[tuple[str, str], ...] = ()
    """Columns whose mean the command line prints after the summary, with its format ("decisions", ".1f")."""
    check: str | None = None
    """``"module:function"``: ``function(df, spec)`` yields ``(mask, what)`` pairs, ``mask`` one bool per
    row marking the rows that break the volume's own rules (its victory conditions) as ``what`` says;
    ``report.check_rows`` runs it on every row it is given. None: nothing to check beyond the columns."""


@dataclass(frozen=True)
class CoinReport:
    """How the balance report reads a COIN volume's rows.

    The rows hold the columns of ``report.COIN_COLUMNS`` plus ``policy_<agent>``
    per agent; the report compares the win rate of one seat (the insurgent)
    by card and by campaign, the campaigns being the runs of cards up to each
    Propaganda card (2.1, 6.0).
    """

    insurgent: str
    """The seat whose win rate every comparison gives."""
    political_will_start: int
    """Political Will at setup (2.1)."""
    political_will_max: int
    """The top of the Political Will track (1.8)."""
    propaganda_cards: tuple[int, ...]
    """Numbers of the Propaganda cards, one per campaign; every other card is an event card."""
    insurgent_victory_parameter: str = ""
    """The rule parameter a variant sets the insurgent's victory level by (7.0.1; ``[rules]`` of a variant)."""


@dataclass(frozen=True, eq=False)
class VolumeSpec:
    """One volume, as the shared tools see it."""

    name: str
    """The volume's name everywhere (``Game(name)``, ``britishway rollouts NAME``, state dicts)."""
    title: str
    """How messages name it ("compiling the TITLE rules", "TITLE balance report")."""
    agents: tuple[str, ...]
    """Seat names in order: the Game's ``agents`` and the rows' ``policy_<agent>`` columns."""
    factions: tuple[str, ...]
    """Every side of the game as prose names it: the agents' first, in their order, then any side
    the rules play (a solo deck's opponent)."""
    pieces: tuple[str, ...]
    """The volume's pieces by kind, as its rulebook prints them."""
    spaces: tuple[str, ...]
    """The names of its map spaces (fronts, for a card game)."""
    tracks: tuple[str, ...]
    """Tracks and markers of its own, beyond the series' Political Will."""
    card_prefix: str
    """The letter before a card number ("P" gives "P21"); "" for a deck that prints none."""
    cards: tuple[str, ...]
    """Card titles by number: card ``c`` is ``cards[c - 1]``."""
    capabilities: dict[int, str]
    """Capability cards (5.3): card number -> capability name."""
    policies: tuple[str, ...]
    """Names of the volume's built-in policies (its bots), as rollouts and the bots accept them."""
    default_policy: str
    """The policy of a seat a run leaves out."""
    policy_help: str
    """What ``--policy`` accepts beyond the built-in names, for the command line's help ("" for nothing)."""
    max_games: int
    """Most games one run may play: every row is held in memory until the run ends."""
    rows: Rows
    """What the rollout rows hold."""
    game: str
    """``"module:Class"`` of the volume's ``Game`` subclass."""
    env: str
    """Module whose ``env(**kwargs)`` builds the volume's environment (PettingZoo AEC for several seats)."""
    runner: str
    """Module that plays runs: its ``ROLLOUTS`` gives ``chunk_size(games, policy)``, ``play_range(seed,
    first, n, policy)`` (result rows of games ``first .. first + n - 1``), ``table(seed, results, policy,
    games)`` (one row per game) and, for the Ray backend, ``remote_range()``; ``britishway_env.rollouts``
    shares a run out with them. ``policy`` is the policy per seat for several seats, else a name; a
    one-seat volume's module also has ``check_policy(name)``."""
    renderer: str
    """``"module:function"`` rendering a game as text."""
    bot: str | None
    """``"module:function"``: ``choose(game, policy) -> action`` for the agent to act; None: no Python bot."""
    kernels: tuple[Kernels, ...]
    """Entry kernels per use, for the compile notice."""
    backends: tuple[str, ...] = ("local",)
    """Where runs may be played: "local" (numba threads) and "ray" (Ray tasks)."""
    report: CoinReport | None = None
    """How the balance report reads the rows; None: no balance report for this volume."""
    vector: str | None = None
    """Module of the compiled vector env step (``envs/vector.py`` reads its ``step``, ``OBS_SIZE``,
    ``N_ACTIONS``, ``STATE_SIZE``, ``MEMO_SIZE``, ``N_TALLIES``, ``N_RESULT_COLUMNS``, ``OBS_HIGH``) of a
    COIN volume: it also marks the volumes whose seats networks, the search and leagues play; None: none."""
    solo_vector: str | None = None
    """The same module for a volume of one seat (the same names and arguments, the rules playing the other
    side), which ``envs/vector.py`` serves as it serves ``vector``; None: no vector env of one seat."""
    table: str | None = None
    """Module of what a person playing sees (britishway_env/session.py): ``board(game)``, ``card``,
    ``campaign``, ``starts_action``, ``dice``, ``reason``, ``picture``, ``help``, ``ignored_keys``;
    None: the volume cannot be played in the terminal or the browser."""
    loops: LoopModules | None = None
    """How its compiled loops are generated from the shared templates (COIN volumes); None: written by
    hand (a volume that is not COIN)."""
    _loaded: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self):
        if len(self.factions) < len(self.agents):
            raise ValueError(f"{self.name}: every agent needs its faction's name")
        if self.default_policy not in self.policies:
            raise ValueError(f"{self.name}: default policy {self.default_policy!r} is not a policy")
        if self.report is not None and self.report.insurgent not in self.agents:
            raise ValueError(f"{self.name}: the report's insurgent {self.report.insurgent!r} is not an agent")

    def resolve(self, ref: str) -> Any:
        """``load(ref)``, remembered."""
        if ref not in self._loaded:
            self._loaded[ref] = load(ref)
        return self._loaded[ref]

    @property
    def game_class(self) -> type:
        return self.resolve(self.game)

    @property
    def runner_module(self):
        return self.resolve(self.runner)

    @property
    def render_text(self):
        return self.resolve(self.renderer)

    def faction(self, agent: str) -> str:
        """The agent's side as prose names it (its entry in ``factions``)."""
        return self.factions[self.agents.index(agent)]

    def row_violations(self, df):
        """The ``(mask, what)`` pairs of the rows' own check (``rows.check``); none without one."""
        return () if self.rows.check is None else self.resolve(self.rows.check)(df, self)

    @property
    def several_seats(self) -> bool:
        """Whether runs take a policy per seat."""
        return len(self.agents) > 1

    def card_label(self, card: int) -> str:
        """The card as reports name it: prefix, number and title ("P21 <title>")."""
        return f"{self.card_prefix}{int(card)} {self.cards[int(card) - 1]}"

    @property
    def event_cards(self) -> tuple[int, ...]:
        """Card numbers of the event cards (every card but the Propaganda cards)."""
        skip = set(self.report.propaganda_cards) if self.report is not None else set()
        return tuple(c for c in range(1, len(self.cards) + 1) if c not in skip)
