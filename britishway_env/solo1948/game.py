"""The 1948 solo game as a Python object: readable at the edges.

All rules run in the numba kernels of :mod:`rules`; this wrapper checks
actions against the legal mask, names actions in words, keeps the history
and converts the state row to and from a JSON-ready dict.
"""

from __future__ import annotations

import numpy as np

from ..errors import IllegalActionError, StateError
from ..game import KernelGame, parse_action
from . import layout as L
from . import rules
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
    FORCED = L.FORCED
    FORCED_CAPACITY = L.FORCED_CAPACITY
    FORCED_FACES = rules.MAX_ROLL_FACES
    new_game_kernel = staticmethod(rules.new_game)
    legal_mask_kernel = staticmethod(rules.legal_mask)
    apply_kernel = staticmethod(rules.apply)
    determinize_kernel = staticmethod(rules.determinize)

    @property
    def current_agent(self) -> str | None:
        return None if self.is_terminal() else AGENT

    def is_terminal(self) -> bool:
        return int(self.state[L.PHASE]) == L.PH_OVER

    def generic_action_name(self, action: int) -> str:
        return generic_action_name(action)

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
            "rng": int(s[L.RNG]),
            "forced_chance": self.forced_chance_left(),
            "seed": self.seed,
            "history": list(self.history),
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


class _StateDictReader:
    """Validates a state dict field by field; errors name the field."""

    def __init__(self, d: dict):
        self.d = d

    def fail(self, msg: str):
        raise StateError(f"solo1948 state dict: {msg}")

    def int_field(self, key, default, lo, hi, where=None):
        src = self.d if where is None else where
        v = src.get(key, default)
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            self.fail(f"{key!r} must be an integer, got {v!r}")
        if not lo <= v <= hi:
            self.fail(f"{key!r} must be in {lo}..{hi}, got {v}")
        return int(v)

    def lookup(self, names, name, what):
        if name not in names:
            self.fail(f"unknown {what} {name!r}")
        return names.index(name)

    def counts(self, mapping, names, what):
        if not isinstance(mapping, dict):
            self.fail(f"{what} must map card names to counts, got {mapping!r}")
        out = np.zeros(len(names), dtype=np.int64)
        for name, n in mapping.items():
            t = self.lookup(names, name, what)
            if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
                self.fail(f"{what} count of {name!r} must be a non-negative integer, got {n!r}")
            out[t] = n
        return out

    def build(self, cls):
        d = self.d
        version = d.get("layout_version", L.LAYOUT.version)
        if version != L.LAYOUT.version:
            self.fail(f"layout_version {version} is not the supported {L.LAYOUT.version}")
        unknown = set(d) - {
            "volume", "layout_version", "turn", "phase", "outcome", "decisive_streak", "fronts",
            "event", "event_front", "extra_israeli_draws", "transfers_left", "cards_to_deploy",
            "undrawn", "rng", "forced_chance", "seed", "history", "shuffle_seed",
        }
        if unknown:
            self.fail(f"unknown keys {sorted(unknown)}")
        game = object.__new__(cls)
        game.seed = self.int_field("seed", 0, -(2**63), 2**63 - 1)
        game.history = [int(a) for a in d.get("history", [])]
        game._mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
        s = np.zeros(L.STATE_SIZE, dtype=np.int64)
        game.state = s
        s[L.RNG] = self.int_field("rng", game.seed, -(2**63), 2**63 - 1)
        s[L.TURN] = self.int_field("turn", 1, 1, L.MAX_TURNS)
        s[L.STREAK] = self.int_field("decisive_streak", 0, 0, 2)
        s[L.EXTRA_ISRAELI_DRAWS] = self.int_field("extra_israeli_draws", 0, 0, 4)
        s[L.TRANSFERS_LEFT] = self.int_field("transfers_left", 1, 0, 4)
        phase = d.get("phase", "Israeli deploy")
        s[L.PHASE] = self.lookup(list(L.PHASE_NAMES), phase, "phase")
        outcome = d.get("outcome", "ongoing")
        s[L.OUTCOME] = self.lookup(list(L.OUTCOME_NAMES), outcome, "outcome")
        if (s[L.OUTCOME] != L.ONGOING) != (s[L.PHASE] == L.PH_OVER):
            self.fail("'outcome' must be 'ongoing' exactly when 'phase' is not 'Game over'")

        fronts = d.get("fronts", {})
        if not isinstance(fronts, dict):
            self.fail("'fronts' must map front names to their contents")
        isr_on_map = np.zeros(N_ISRAELI_TYPES, dtype=np.int64)
        arab_on_map = np.zeros(N_ARAB_TYPES, dtype=np.int64)
        s[L.ARAB_TT:L.ARAB_TT + N_FRONTS] = 3
        for fname, content in fronts.items():
            f = self.lookup(list(FRONT_NAMES), fname, "front")
            if not isinstance(content, dict):
                self.fail(f"front {fname!r} must be a dict")
            extra = set(content) - {"arab_tokens", "israeli", "arab", "transferred_this_turn", "last_battle"}
            if extra:
                self.fail(f"front {fname!r} has unknown keys {sorted(extra)}")
            s[L.ARAB_TT + f] = self.int_field("arab_tokens", 3, 0, TOKENS_PER_FRONT, content)
            isr = self.counts(content.get("israeli", {}), ISRAELI_NAMES, f"Israeli unit at {fname}")
            arab = self.counts(content.get("arab", {}), ARAB_NAMES, f"Arab unit at {fname}")
            moved = self.counts(content.get("transferred_this_turn", {}), ISRAELI_NAMES,
                                f"transferred unit at {fname}")
            if np.any(moved > isr):
                self.fail(f"more units transferred than present at {fname}")
            s[L.ISRAELI_UNITS + f * N_ISRAELI_TYPES:L.ISRAELI_UNITS + (f + 1) * N_ISRAELI_TYPES] = isr
            s[L.ARAB_UNITS + f * N_ARAB_TYPES:L.ARAB_UNITS + (f + 1) * N_ARAB_TYPES] = arab
            s[L.MOVED + f * N_ISRAELI_TYPES:L.MOVED + (f + 1) * N_ISRAELI_TYPES] = moved
            s[L.BATTLE_RESULT + f] = self.lookup(list(L.BATTLE_NAMES),
                                                 content.get("last_battle", "no battle"), "battle result")
            isr_on_map += isr
            arab_on_map += arab

        pending = d.get("cards_to_deploy", [])
        if len(pending) > L.PENDING_CAPACITY:
            self.fail(f"at most {L.PENDING_CAPACITY} cards can wait to be deployed")
        for i, name in enumerate(pending):
            t = self.lookup(ISRAELI_NAMES, name, "Israeli card to deploy")
            s[L.PENDING + i] = t
            isr_on_map[t] += 1
        s[L.PENDING_COUNT] = len(pending)

        ev_name = d.get("event")
        ev = -1 if ev_name is None else self.lookup(EVENT_NAMES, ev_name, "event")
        s[L.EVENT] = ev
        ef_name = d.get("event_front")
        s[L.EVENT_FRONT] = -1 if ef_name is None else self.lookup(list(FRONT_NAMES), ef_name, "event front")
        if s[L.PHASE] == L.PH_EVENT_TARGET and (ev < 0 or EVENT_KIND[ev] not in TARGET_KINDS):
            self.fail("phase 'Event target' needs an event whose text names a Target front")

        undrawn = d.get("undrawn", {})
        rng = np.random.default_rng(d["shuffle_seed"]) if "shuffle_seed" in d else None
        self.fill_deck(s, undrawn.get("israeli"), ISRAELI_NAMES, ISRAELI_COPIES, isr_on_map,
                       L.ISRAELI_DECK, L.ISRAELI_DRAWN, "israeli", rng)
        self.fill_deck(s, undrawn.get("arab"), ARAB_NAMES, ARAB_COPIES, arab_on_map,
                       L.ARAB_DECK, L.ARAB_DRAWN, "arab", rng)
        in_play = np.zeros(N_EVENTS, dtype=np.int64)
        if ev >= 0:
            in_play[ev] = 1
        self.fill_deck(s, undrawn.get("events"), EVENT_NAMES, np.ones(N_EVENTS, dtype=np.int64),
                       in_play, L.EVENT_DECK, L.EVENT_DRAWN, "events", rng)

        forced = d.get("forced_chance", [])
        if len(forced) > L.FORCED_CAPACITY or any(int(v) < 0 for v in forced):
            self.fail(f"'forced_chance' must hold at most {L.FORCED_CAPACITY} values >= 0")
        s[L.FORCED] = len(forced)
        s[L.FORCED + 2:L.FORCED + 2 + len(forced)] = forced
        rules.advance(s)
        return game

    def fill_deck(self, s, names, all_names, copies, used, offset, drawn_offset, what, rng):
        """Undrawn cards go last in the deck array; the rest count as drawn."""
        if np.any(used > copies):
            t = int(np.argmax(used > copies))
            self.fail(f"more {all_names[t]!r} cards on the map than the {int(copies[t])} in the deck")
        if names is None:
            left = np.repeat(np.arange(len(all_names)), copies - used)
            if rng is not None:
                rng.shuffle(left)
        else:
            left = np.array([self.lookup(all_names, n, f"{what} card") for n in names], dtype=np.int64)
            have = np.bincount(left, minlength=len(all_names)) + used
            if np.any(have > copies):
                t = int(np.argmax(have > copies))
                self.fail(f"{what} deck: {all_names[t]!r} appears more often than its "
                          f"{int(copies[t])} copies allow (map + undrawn)")
        drawn_cards = np.repeat(np.arange(len(all_names)), copies)
        for t in left:
            k = np.flatnonzero(drawn_cards == t)[0]
            drawn_cards = np.delete(drawn_cards, k)
        size = int(copies.sum())
        s[offset:offset + size] = np.concatenate([drawn_cards, left]).astype(np.int64)
        s[drawn_offset] = size - len(left)
