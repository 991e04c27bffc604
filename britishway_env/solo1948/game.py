"""The 1948 solo game as a Python object: readable at the edges.

All rules run in the numba kernels of :mod:`rules`; this wrapper checks
actions against the legal mask, names actions in words, keeps the history
and converts the state row to and from a JSON-ready dict.
"""

from __future__ import annotations

import numpy as np

from ..engine.statedict import Fields, show
from ..errors import IllegalActionError, StateError
from ..game import KernelGame, parse_action
from . import layout as L
from . import invariants, rules
from .cards import (
    ARAB_COPIES, ARAB_DECK_SIZE, ISRAELI_COPIES, ISRAELI_DECK_SIZE, ARAB_UNITS as ARAB_CARDS, EVENT_KIND, EVENTS, FRONT_NAMES, ISRAELI_UNITS as ISRAELI_CARDS,
    N_ARAB_TYPES, N_EVENTS, N_FRONTS, N_ISRAELI_TYPES, TARGET_KINDS, TOKENS_PER_FRONT,
)

ISRAELI_NAMES = [u[0] for u in ISRAELI_CARDS]
ARAB_NAMES = [u[0] for u in ARAB_CARDS]
EVENT_NAMES = [e[0] for e in EVENTS]
AGENT = "israeli"


def _undrawn(state: np.ndarray, deck: int, drawn: int, size: int) -> np.ndarray:
    return state[deck + int(state[drawn]):deck + size]


def _decode_transfer(action: int) -> tuple[int, int, int]:
    """(Israeli unit type, from front, to front) of a transfer action."""
    k = action - L.A_TRANSFER
    slot = k % (N_FRONTS - 1)
    k //= N_FRONTS - 1
    src = k % N_FRONTS
    r = k // N_FRONTS
    dst = slot if slot < src else slot + 1
    return int(L.TRANSFERABLE_TYPES[r]), src, dst


def generic_action_name(action: int) -> str:
    """The action's meaning independent of the position."""
    if action == L.A_END_TRANSFERS:
        return "Done transferring"
    if L.A_DEPLOY <= action < L.A_TARGET:
        return f"Deploy to {FRONT_NAMES[action - L.A_DEPLOY]} front"
    if L.A_TARGET <= action < L.A_TRANSFER:
        return f"Target {FRONT_NAMES[action - L.A_TARGET]} front"
    if L.A_TRANSFER <= action < L.N_ACTIONS:
        t, src, dst = _decode_transfer(action)
        return f"Transfer {ISRAELI_NAMES[t]}: {FRONT_NAMES[src]} -> {FRONT_NAMES[dst]}"
    raise IllegalActionError(f"action {action} is outside the action space 0..{L.N_ACTIONS - 1}")


ACTION_NAMES = [generic_action_name(a) for a in range(L.N_ACTIONS)]


class Solo1948Game(KernelGame):
    """One game of the 1948 solo deck; the player is the Israelis."""

    volume = "solo1948"
    agents = (AGENT,)
    N_ACTIONS = L.N_ACTIONS
    STATE_SIZE = L.STATE_SIZE
    RNG = L.RNG
    FORCED = L.FORCED
    FORCED_CAPACITY = L.FORCED_CAPACITY
    FORCED_FACES = rules.MAX_ROLL_FACES
    MAX_HISTORY = invariants.MAX_STEPS
    new_game_kernel = staticmethod(rules.new_game)
    legal_mask_kernel = staticmethod(rules.legal_mask)
    apply_kernel = staticmethod(rules.apply)
    determinize_kernel = staticmethod(rules.determinize)
    check_kernel = staticmethod(invariants.check)
    VIOLATIONS = invariants.VIOLATIONS
    ROW_LAYOUT = L.LAYOUT

    @property
    def current_agent(self) -> str | None:
        return None if self.is_terminal() else AGENT

    def is_terminal(self) -> bool:
        return int(self.state[L.PHASE]) == L.PH_OVER

    def generic_action_name(self, action: int) -> str:
        return ACTION_NAMES[parse_action(action, self.N_ACTIONS)]

    @property
    def outcome(self) -> str:
        return L.OUTCOME_NAMES[int(self.state[L.OUTCOME])]

    @property
    def winner(self) -> str | None:
        """'israeli' for a Decisive or Attrition Victory, 'arab' for Complete Loss."""
        o = int(self.state[L.OUTCOME])
        if o in (L.DECISIVE_VICTORY, L.ATTRITION_VICTORY):
            return "israeli"
        if o == L.COMPLETE_LOSS:
            return "arab"
        return None

    @property
    def phase(self) -> str:
        return L.PHASE_NAMES[int(self.state[L.PHASE])]

    @property
    def turn(self) -> int:
        return int(self.state[L.TURN])

    def action_name(self, action: int) -> str:
        """The action in words, with the card it concerns in this position."""
        action = parse_action(action, self.N_ACTIONS)
        name = generic_action_name(action)
        phase = int(self.state[L.PHASE])
        if phase == L.PH_DEPLOY and L.A_DEPLOY <= action < L.A_TARGET and self.state[L.PENDING_COUNT]:
            card = ISRAELI_NAMES[int(self.state[L.PENDING])]
            return f"Deploy {card} to {FRONT_NAMES[action - L.A_DEPLOY]} front"
        if phase == L.PH_EVENT_TARGET and L.A_TARGET <= action < L.A_TRANSFER:
            return f"{name} ({EVENT_NAMES[int(self.state[L.EVENT])]})"
        return name

    def force_totals(self) -> list[tuple[int, int]]:
        """(Israeli, Arab) Force Total at each front with this turn's modifiers."""
        return [(int(rules.force_total(self.state, rules.ISRAELI, f)),
                 int(rules.force_total(self.state, rules.ARAB, f))) for f in range(N_FRONTS)]

    def force_chance(self, values: list[int]) -> None:
        """Queue die results for the next random choices (tests, replays).

        Each value is the 0-based face of the next roll: a front (0 North,
        1 Central, 2 South) or the index of a unit among a side's units at a
        front, counted in card-list order.
        """
        super().force_chance(values)

    # ------------------------------------------------------- state dict --
    def to_dict(self) -> dict:
        s = self.state
        fronts = {}
        for f, fname in enumerate(FRONT_NAMES):
            isr = {ISRAELI_NAMES[t]: int(s[L.ISRAELI_UNITS + f * N_ISRAELI_TYPES + t])
                   for t in range(N_ISRAELI_TYPES) if s[L.ISRAELI_UNITS + f * N_ISRAELI_TYPES + t]}
            arab = {ARAB_NAMES[t]: int(s[L.ARAB_UNITS + f * N_ARAB_TYPES + t])
                    for t in range(N_ARAB_TYPES) if s[L.ARAB_UNITS + f * N_ARAB_TYPES + t]}
            moved = {ISRAELI_NAMES[t]: int(s[L.MOVED + f * N_ISRAELI_TYPES + t])
                     for t in range(N_ISRAELI_TYPES) if s[L.MOVED + f * N_ISRAELI_TYPES + t]}
            fronts[fname] = {
                "arab_tokens": int(s[L.ARAB_TT + f]),
                "israeli": isr,
                "arab": arab,
                "transferred_this_turn": moved,
                "last_battle": L.BATTLE_NAMES[int(s[L.BATTLE_RESULT + f])],
            }
        ev = int(s[L.EVENT])
        ef = int(s[L.EVENT_FRONT])
        return {
            "volume": self.volume,
            "layout_version": L.LAYOUT.version,
            "turn": int(s[L.TURN]),
            "phase": self.phase,
            "outcome": self.outcome,
            "decisive_streak": int(s[L.STREAK]),
            "fronts": fronts,
            "event": EVENT_NAMES[ev] if ev >= 0 else None,
            "event_front": FRONT_NAMES[ef] if ef >= 0 else None,
            "extra_israeli_draws": int(s[L.EXTRA_ISRAELI_DRAWS]),
            "transfers_left": int(s[L.TRANSFERS_LEFT]),
            "cards_to_deploy": [ISRAELI_NAMES[int(t)] for t in s[L.PENDING:L.PENDING + int(s[L.PENDING_COUNT])]],
            "undrawn": {
                "israeli": [ISRAELI_NAMES[int(t)] for t in _undrawn(s, L.ISRAELI_DECK, L.ISRAELI_DRAWN, ISRAELI_DECK_SIZE)],
                "arab": [ARAB_NAMES[int(t)] for t in _undrawn(s, L.ARAB_DECK, L.ARAB_DRAWN, ARAB_DECK_SIZE)],
                "events": [EVENT_NAMES[int(e)] for e in _undrawn(s, L.EVENT_DECK, L.EVENT_DRAWN, N_EVENTS)],
            },
            "drawn": {
                "israeli": [ISRAELI_NAMES[int(t)] for t in s[L.ISRAELI_DECK:L.ISRAELI_DECK + int(s[L.ISRAELI_DRAWN])]],
                "arab": [ARAB_NAMES[int(t)] for t in s[L.ARAB_DECK:L.ARAB_DECK + int(s[L.ARAB_DRAWN])]],
                "events": [EVENT_NAMES[int(e)] for e in s[L.EVENT_DECK:L.EVENT_DECK + int(s[L.EVENT_DRAWN])]],
            },
            **self._provenance(),
        }

    @classmethod
    def _from_dict(cls, d: dict) -> "Solo1948Game":
        """Build a game from a :meth:`to_dict`-style dict, checking every field.

        Keys other than ``volume`` may be left out: missing fronts are empty
        with 3 Arab tokens, missing ``undrawn`` decks hold every card not on
        the map (in card-list order; pass ``shuffle_seed`` to shuffle them).
        After loading, automatic steps run up to the next decision.
        """
        return _StateDictReader(d).build(cls)


TOP_KEYS = ("volume", "layout_version", "turn", "phase", "outcome", "decisive_streak", "fronts", "event",
            "event_front", "extra_israeli_draws", "transfers_left", "cards_to_deploy", "undrawn", "drawn",
            "shuffle_seed") + KernelGame.COMMON_KEYS
FRONT_KEYS = ("arab_tokens", "israeli", "arab", "transferred_this_turn", "last_battle")
DECK_KEYS = ("israeli", "arab", "events")
_ABSENT = object()   # a deck list left out (None is a wrong value, not a missing one)


class _StateDictReader:
    """Validates a state dict field by field; errors name the field."""

    def __init__(self, d: dict):
        self.d = d
        self.f = Fields("solo1948 state dict", "{parent}'{leaf}' must be in {lo}..{hi} (an integer), got {got}")

    def fail(self, msg: str):
        raise StateError(f"solo1948 state dict: {msg}")

    def int_field(self, key, default, lo, hi, where=None, path=""):
        src = self.d if where is None else where
        return self.f.integer(src.get(key, default), f"{path}{key}", lo, hi)

    def lookup(self, names, name, what):
        if not isinstance(name, str) or name not in names:
            self.fail(f"unknown {what} {show(name)}")
        return list(names).index(name)

    def counts(self, mapping, names, copies, what, path):
        self.f.mapping(mapping, path, "a mapping of card name -> count")
        out = np.zeros(len(names), dtype=np.int64)
        for name, n in mapping.items():
            t = self.lookup(names, name, what)
            out[t] = self.f.integer(n, f"{path}.{name}", 0, int(copies.sum()))   # per card: fill_deck
        return out

    def build(self, cls):
        d, f = self.d, self.f
        f.choice(d.get("layout_version", L.LAYOUT.version), "layout_version", (L.LAYOUT.version,))
        unknown = [k for k in d if k not in TOP_KEYS]
        if unknown:
            self.fail(f"unknown keys {sorted(show(k) for k in unknown)}")
        game = cls._new_loaded(f, d)
        s = game.state
        s[L.TURN] = self.int_field("turn", 1, 1, L.MAX_TURNS)
        s[L.STREAK] = self.int_field("decisive_streak", 0, 0, 2)
        s[L.EXTRA_ISRAELI_DRAWS] = self.int_field("extra_israeli_draws", 0, 0, 4)
        s[L.TRANSFERS_LEFT] = self.int_field("transfers_left", 1, 0, 4)
        s[L.PHASE] = self.lookup(L.PHASE_NAMES, d.get("phase", "Israeli deploy"), "phase")
        s[L.OUTCOME] = self.lookup(L.OUTCOME_NAMES, d.get("outcome", "ongoing"), "outcome")
        if (s[L.OUTCOME] != L.ONGOING) != (s[L.PHASE] == L.PH_OVER):
            self.fail("'outcome' must be 'ongoing' exactly when 'phase' is not 'Game over'")

        fronts = f.mapping(d.get("fronts", {}), "fronts", "a mapping of front name -> its contents")
        isr_on_map = np.zeros(N_ISRAELI_TYPES, dtype=np.int64)
        arab_on_map = np.zeros(N_ARAB_TYPES, dtype=np.int64)
        s[L.ARAB_TT:L.ARAB_TT + N_FRONTS] = 3
        for fname, content in fronts.items():
            fi = self.lookup(FRONT_NAMES, fname, "front")
            path = f"fronts.{fname}"
            f.mapping(content, path, "a mapping (arab_tokens, israeli, arab, ...)")
            extra = [k for k in content if k not in FRONT_KEYS]
            if extra:
                self.fail(f"front {fname!r} has unknown keys {sorted(show(k) for k in extra)}")
            s[L.ARAB_TT + fi] = self.int_field("arab_tokens", 3, 0, TOKENS_PER_FRONT, content, path + ".")
            isr = self.counts(content.get("israeli", {}), ISRAELI_NAMES, ISRAELI_COPIES,
                              f"Israeli unit at {fname}", f"{path}.israeli")
            arab = self.counts(content.get("arab", {}), ARAB_NAMES, ARAB_COPIES,
                               f"Arab unit at {fname}", f"{path}.arab")
            moved = self.counts(content.get("transferred_this_turn", {}), ISRAELI_NAMES, ISRAELI_COPIES,
                                f"transferred unit at {fname}", f"{path}.transferred_this_turn")
            if np.any(moved > isr):
                self.fail(f"more units transferred than present at {fname}")
            s[L.ISRAELI_UNITS + fi * N_ISRAELI_TYPES:L.ISRAELI_UNITS + (fi + 1) * N_ISRAELI_TYPES] = isr
            s[L.ARAB_UNITS + fi * N_ARAB_TYPES:L.ARAB_UNITS + (fi + 1) * N_ARAB_TYPES] = arab
            s[L.MOVED + fi * N_ISRAELI_TYPES:L.MOVED + (fi + 1) * N_ISRAELI_TYPES] = moved
            s[L.BATTLE_RESULT + fi] = self.lookup(L.BATTLE_NAMES, content.get("last_battle", "no battle"),
                                                  "battle result")
            isr_on_map += isr
            arab_on_map += arab
        if s[L.MOVED:L.MOVED + N_FRONTS * N_ISRAELI_TYPES].any() and s[L.PHASE] != L.PH_TRANSFER:
            self.fail("transferred_this_turn marks exist only in the Transfer Phase")

        pending = f.sequence(d.get("cards_to_deploy", []), "cards_to_deploy", L.PENDING_CAPACITY)
        for i, name in enumerate(pending):
            t = self.lookup(ISRAELI_NAMES, name, "Israeli card to deploy")
            s[L.PENDING + i] = t
            isr_on_map[t] += 1
        s[L.PENDING_COUNT] = len(pending)
        if pending and s[L.PHASE] != L.PH_DEPLOY:
            self.fail("cards_to_deploy: cards wait to be deployed only in the 'Israeli deploy' phase")

        ev_name = d.get("event")
        ev = -1 if ev_name is None else self.lookup(EVENT_NAMES, ev_name, "event")
        s[L.EVENT] = ev
        ef_name = d.get("event_front")
        s[L.EVENT_FRONT] = -1 if ef_name is None else self.lookup(FRONT_NAMES, ef_name, "event front")
        if s[L.PHASE] == L.PH_EVENT_TARGET and (ev < 0 or EVENT_KIND[ev] not in TARGET_KINDS):
            self.fail("phase 'Event target' needs an event whose text names a Target front")
        if ev < 0 and s[L.EVENT_FRONT] >= 0:
            self.fail("event_front needs an event in effect")

        undrawn = f.mapping(d.get("undrawn", {}), "undrawn", "a mapping of deck -> card names")
        f.keys(undrawn, "undrawn", DECK_KEYS)
        drawn = f.mapping(d.get("drawn", {}), "drawn", "a mapping of deck -> card names in draw order")
        f.keys(drawn, "drawn", DECK_KEYS)
        rng = None
        if "shuffle_seed" in d:
            rng = np.random.default_rng(f.seed(d["shuffle_seed"], "shuffle_seed"))
        self.fill_deck(s, undrawn.get("israeli", _ABSENT), drawn.get("israeli", _ABSENT), ISRAELI_NAMES, ISRAELI_COPIES, isr_on_map,
                       L.ISRAELI_DECK, L.ISRAELI_DRAWN, "israeli", rng)
        self.fill_deck(s, undrawn.get("arab", _ABSENT), drawn.get("arab", _ABSENT), ARAB_NAMES, ARAB_COPIES, arab_on_map,
                       L.ARAB_DECK, L.ARAB_DRAWN, "arab", rng)
        in_play = np.zeros(N_EVENTS, dtype=np.int64)
        if ev >= 0:
            in_play[ev] = 1
        self.fill_deck(s, undrawn.get("events", _ABSENT), drawn.get("events", _ABSENT), EVENT_NAMES, np.ones(N_EVENTS, dtype=np.int64),
                       in_play, L.EVENT_DECK, L.EVENT_DRAWN, "events", rng)
        if s[L.PHASE] == L.PH_OVER:
            expected = s.copy()
            rules.end_phase(expected)
            if expected[L.OUTCOME] != s[L.OUTCOME]:
                self.fail(f"outcome {L.OUTCOME_NAMES[int(s[L.OUTCOME])]!r} is not what the End Phase's "
                          f"victory check gives here ({L.OUTCOME_NAMES[int(expected[L.OUTCOME])]!r})")
        # Automatic phases run now, up to the next decision; their dice must fit.
        try:
            rules.advance(s)
        except ValueError:
            self.fail("forced_chance: a value is out of range for a roll of the automatic steps run on load")
        return game._finish_load(f, d)

    def fill_deck(self, s, names, drawn_names, all_names, copies, used, offset, drawn_offset, what, rng):
        """Undrawn cards go last in the deck array; the rest count as drawn (in
        ``drawn_names`` order when given, else in card-list order)."""
        f = self.f
        size = int(copies.sum())
        if np.any(used > copies):
            t = int(np.argmax(used > copies))
            self.fail(f"more {all_names[t]!r} cards on the map than the {int(copies[t])} in the deck")
        if names is _ABSENT:
            left = np.repeat(np.arange(len(all_names)), copies - used)
            if rng is not None:
                rng.shuffle(left)
        else:
            names = f.sequence(names, f"undrawn.{what}", size)
            left = np.array([self.lookup(all_names, n, f"{what} card") for n in names], dtype=np.int64)
            have = np.bincount(left, minlength=len(all_names)) + used
            if np.any(have > copies):
                t = int(np.argmax(have > copies))
                self.fail(f"{what} deck: {all_names[t]!r} appears more often than its "
                          f"{int(copies[t])} copies allow (map + undrawn)")
        rest = copies - np.bincount(left, minlength=len(all_names))
        if drawn_names is _ABSENT:
            drawn_cards = np.repeat(np.arange(len(all_names)), rest)
        else:
            drawn_names = f.sequence(drawn_names, f"drawn.{what}", size)
            drawn_cards = np.array([self.lookup(all_names, n, f"{what} card") for n in drawn_names], dtype=np.int64)
            if not np.array_equal(np.bincount(drawn_cards, minlength=len(all_names)), rest):
                self.fail(f"drawn.{what}: the drawn and undrawn cards must together be the {what} deck, "
                          "each card as often as it is printed")
        s[offset:offset + size] = np.concatenate([drawn_cards, left]).astype(np.int64)
        s[drawn_offset] = size - len(left)
