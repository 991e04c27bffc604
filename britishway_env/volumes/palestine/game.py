"""Palestine as a Python object: readable at the edges (DESIGN.md 6, 7).

All rules run in the numba kernels of :mod:`turns`; this wrapper names
actions in rulebook words and converts the state row to and from a
JSON-ready dict.
"""

from __future__ import annotations

import numpy as np

from ...errors import StateError
from ...game import KernelGame, parse_action
from ..boards.palestine import CITY, N_MAP_SPACES, RAILWAY, SPACE_KIND, SPACE_NAMES
from . import layout as L
from . import turns
from .cards import CARD_TITLES, DECK_SIZE, N_EVENT_CARDS, PROPAGANDA_CARDS
from .events import PICK_VERBS
from .resources import MAX_ROLL_FACES
from .setup import determinize

MAP_NAMES = SPACE_NAMES[:N_MAP_SPACES]
PIECE_KEYS = ("troops", "police", "underground_cells", "active_cells", "arms_caches",
              "sabotage", "terror", "curfew")

# Raw decision-context fields saved as they are (validated by range on load).
CONTEXT_FIELDS = ("card_step", "executor", "decision", "operation", "limited", "n_selected",
                  "space_limit", "extra_space_used", "current_space", "second_space", "op_counter",
                  "intel_paid", "special_activity", "special_activity_used", "special_activity_return",
                  "special_activity_spaces", "special_activity_space_bits", "mass_detention_left", "terror_declared",
                  "propaganda_rounds", "outcome", "first_eligible", "event_card", "event_side",
                  "event_faction", "event_step", "event_decider", "event_pick", "event_picks_left",
                  "event_pick_optional", "event_space_bits", "event_space", "event_op_filter", "event_op_mode",
                  "event_special_activity", "patrol_arrest_spaces", "british_must_pass")
CONTEXT_ARRAYS = ("box", "selected_spaces", "moved_here", "moved_here_active", "travel_destinations", "capabilities",
                  "track_owed_cells_box4", "track_owed_cache_box4", "track_owed_cells_box3")


def generic_action_name(action: int) -> str:
    a = int(action)
    if a == L.A_STOP:
        return "Stop / done"
    if L.A_BOX <= a < L.A_PASS:
        return f"Take the {L.BOX_NAMES[a - L.A_BOX]} box"
    if L.A_PASS <= a < L.A_EVENT_SIDE:
        return f"Pass (in the {L.BOX_NAMES[a - L.A_PASS]} box)"
    if L.A_EVENT_SIDE <= a < L.A_OP:
        return ("Event: unshaded text", "Event: shaded text")[a - L.A_EVENT_SIDE]
    if L.A_OP <= a < L.A_SA:
        return L.OP_NAMES[a - L.A_OP]
    if L.A_SA <= a < L.A_SPACE:
        return L.SA_NAMES[a - L.A_SA]
    if L.A_SPACE <= a < L.A_COUNT:
        return MAP_NAMES[a - L.A_SPACE]
    if L.A_COUNT <= a < L.A_CHIT:
        return f"{a - L.A_COUNT + 1}"
    if L.A_CHIT <= a < L.A_EXTRA:
        return f"Intel Chit of value {a - L.A_CHIT}"
    if a == L.A_EXTRA:
        return "One more space (Intelligence Lead / Offensive)"
    raise StateError(f"action {a} is outside the action space 0..{L.N_ACTIONS - 1}")


ACTION_NAMES = [generic_action_name(a) for a in range(L.N_ACTIONS)]

# What a space or stop means in each pending decision.
_SPACE_VERB = {
    L.D_ASSAULT_CHITS: None, L.D_DEPLOY_DESTINATION: "Troops go to {}", L.D_DEPLOY_TROOPS: "move a Troop from {}",
    L.D_PASS_ROB: "Rob in {}", L.D_OFFENSIVE_CACHE: "Offensive: remove the Arms Cache in {}",
    L.D_REFILL: "return a piece from {} to the Haganah Track", L.D_PROP_ROB: "Expropriation: Rob in {}",
    L.D_PROP_CACHE: "place an Arms Cache in {}", L.D_REDEPLOY_POLICE: "redeploy a Police from {}",
    L.D_REDEPLOY_POLICE_TO: "... to {}", L.D_REDEPLOY_TROOPS: "redeploy a Troop from {}",
    L.D_REDEPLOY_TROOPS_TO: "... to {}", L.D_REDEPLOY_CELL: "move a Cell into the City from {}",
    L.D_REDEPLOY_CACHE: "move an Arms Cache from {}", L.D_REDEPLOY_CACHE_TO: "... to {}",
    L.D_PATROL_MOVE: "move a Police from {}", L.D_PATROL_MOVE_TO: "... to {}",
    L.D_PATROL_ARREST: "arrest in {}", L.D_SEARCH_MOVE: "move a Troop from {}", L.D_SEARCH_MOVE_TO: "... to {}",
    L.D_TRAVEL_DEST: "Travel to {}", L.D_SABOTAGE_CACHE: "spend the Arms Cache in {}",
}
_STOP_MEANS = {
    L.D_SPACE: "No more spaces", L.D_ASSAULT_CHITS: "Spend no more Intel", L.D_PATROL_CHITS: "Spend no more Intel",
    L.D_SEARCH_CITY: "Place a Curfew (no chit)", L.D_TERROR_DECLARE: "No Terror here",
    L.D_SABOTAGE_CACHE: "Spend no Arms Cache", L.D_SA_AFTER: "No Special Activity",
    L.D_SA_SPACE: "No more Special Activity spaces", L.D_EVENT_SPACE: "No more (the text says 'up to' / 'may')",
    L.D_EVENT_COUNT: "None", L.D_EVENT_OP: "No Operation", L.D_PATROL_ARREST: "No second arrest space",
}
SIDE_NAMES = ("unshaded", "shaded")
CAPABILITY_CARDS = dict(zip(L.CAPABILITY_SLOT_CARDS, range(8)))
# The two options of a D_EVENT_OPTION decision, by (card, event step).
_OPTION_NAMES = {
    (22, 0): ("Shift the Haganah Track 1 step left", "Shift the Haganah Track 1 step right"),
    (22, 1): ("Irgun may conduct a Limited Operation", "British draw an Intel Chit"),
}


class PalestineGame(KernelGame):
    """One game of The British Way: Palestine, all 32 events included."""

    volume = "palestine"
    agents = L.FACTION_NAMES
    N_ACTIONS = L.N_ACTIONS
    STATE_SIZE = L.STATE_SIZE
    FORCED = L.FORCED
    FORCED_CAPACITY = L.FORCED_CAPACITY
    FORCED_FACES = MAX_ROLL_FACES
    new_game_kernel = staticmethod(turns.new_game)
    legal_mask_kernel = staticmethod(turns.legal_mask)
    apply_kernel = staticmethod(turns.apply)
    determinize_kernel = staticmethod(determinize)

    @property
    def current_agent(self) -> str | None:
        a = int(turns.actor(self.state))
        return None if a < 0 else L.FACTION_NAMES[a]

    def is_terminal(self) -> bool:
        return bool(turns.is_over(self.state))

    @property
    def outcome(self) -> str:
        return L.OUTCOME_NAMES[int(self.state[L.OUTCOME])]

    @property
    def winner(self) -> str | None:
        return {L.BRITISH_WIN: "british", L.IRGUN_WIN: "irgun"}.get(int(self.state[L.OUTCOME]))

    @property
    def phase(self) -> str:
        return L.DECISION_NAMES[int(turns.pending(self.state))]

    def generic_action_name(self, action: int) -> str:
        return generic_action_name(action)

    def action_name(self, action: int) -> str:
        """The action in words for the pending decision ("Sabotage in Galilee")."""
        a = parse_action(action, self.N_ACTIONS)
        d = int(turns.pending(self.state))
        name = generic_action_name(a)
        if a == L.A_STOP and d in _STOP_MEANS:
            return _STOP_MEANS[d]
        if L.A_EVENT_SIDE <= a < L.A_OP:
            if d == L.D_EVENT_OPTION:
                key = (int(self.state[L.EV_CARD]), int(self.state[L.EV_STEP]))
                return _OPTION_NAMES.get(key, ("option 1", "option 2"))[a - L.A_EVENT_SIDE]
            card = int(self.state[L.CARD])
            if card > 0:
                return f"Event {CARD_TITLES[card - 1]}: {SIDE_NAMES[a - L.A_EVENT_SIDE]} text"
        if L.A_OP <= a < L.A_SA and d == L.D_EVENT_OP:
            return f"{name} (for the event)"
        if d == L.D_MASS_DETENTION and L.A_SPACE <= a < L.A_COUNT + N_MAP_SPACES:
            kind = "an Underground" if a < L.A_COUNT else "an Active"
            where = MAP_NAMES[a - (L.A_SPACE if a < L.A_COUNT else L.A_COUNT)]
            return f"Mass Detention: remove {kind} Cell from {where}"
        if L.A_SPACE <= a < L.A_COUNT:
            if d == L.D_SPACE:
                return f"{L.OP_NAMES[int(self.state[L.OP])]} in {name}"
            if d == L.D_SA_SPACE:
                return f"{L.SA_NAMES[int(self.state[L.SA])]} in {name}"
            verb = _SPACE_VERB.get(d)
            if d == L.D_EVENT_SPACE:
                verb = PICK_VERBS[int(self.state[L.EV_PICK])]
            if verb:
                return verb.format(name)
        if L.A_CHIT <= a < L.A_EXTRA:
            value = a - L.A_CHIT
            if d in (L.D_ASSAULT_CHITS, L.D_PATROL_CHITS):
                return f"Spend an Intel Chit of value {value}"
            if d in (L.D_LEAD_CHIT, L.D_PROP_DISCARD, L.D_SEARCH_CITY):
                return f"Discard an Intel Chit of value {value}"
        if L.A_COUNT <= a < L.A_CHIT:
            if d == L.D_EVENT_COUNT:
                return f"{name} Cell{'s' if a > L.A_COUNT else ''} in Prison out of the game"
            return f"{name} Cell{'s' if a > L.A_COUNT else ''}"
        return name

    # ------------------------------------------------------- state dict --
    def to_dict(self) -> dict:
        s = self.state
        spaces = {}
        for i, name in enumerate(MAP_NAMES):
            row = s[L.SPACES + i * L.SPACE_FIELDS:L.SPACES + (i + 1) * L.SPACE_FIELDS]
            pieces = {k: int(v) for k, v in zip(PIECE_KEYS, row) if v}
            if pieces:
                spaces[name] = pieces
        fields = dict(L.LAYOUT.fields)
        context = {k: int(s[fields[k][0]]) for k in CONTEXT_FIELDS}
        context.update({k: [int(v) for v in s[fields[k][0]:fields[k][0] + fields[k][1]]]
                        for k in CONTEXT_ARRAYS})
        drawn = int(s[L.DECK_DRAWN])
        return {
            "volume": self.volume,
            "layout_version": L.LAYOUT.version,
            "decision": self.phase,
            "current_agent": self.current_agent,
            "outcome": self.outcome,
            "card": CARD_TITLES[int(s[L.CARD]) - 1] if s[L.CARD] > 0 else None,
            "political_will": int(s[L.POLITICAL_WILL]),
            "haganah_track": int(s[L.HAGANAH]),
            "track_pieces": {"cells_box4": int(s[L.TRACK_CELLS_4]), "cache_box4": int(s[L.TRACK_CACHE_4]),
                             "cells_box3": int(s[L.TRACK_CELLS_3])},
            "available": {"troops": int(s[L.AVAILABLE_TROOPS]), "police": int(s[L.AVAILABLE_POLICE]),
                          "cells": int(s[L.AVAILABLE_CELLS]), "arms_caches": int(s[L.AVAILABLE_CACHES])},
            "prison": int(s[L.PRISON]),
            "cells_out_of_game": int(s[L.CELLS_OUT_OF_GAME]),
            "capabilities": {f"P{card}": SIDE_NAMES[int(s[L.CAPABILITIES + slot]) - 1]
                             for card, slot in CAPABILITY_CARDS.items() if s[L.CAPABILITIES + slot] > 0},
            "intel_chits": [v for v in range(3) for _ in range(int(s[L.INTEL_HELD + v]))],
            "spaces": spaces,
            "played_cards": [int(c) for c in s[L.DECK:L.DECK + drawn]],
            "undrawn_cards": [int(c) for c in s[L.DECK + drawn:L.DECK + DECK_SIZE]],
            "context": context,
            "rng": int(s[L.RNG]),
            "forced_chance": self.forced_chance_left(),
            "seed": self.seed,
            "history": list(self.history),
        }

    @classmethod
    def _from_dict(cls, d: dict) -> "PalestineGame":
        return _Reader(d).build(cls)


class _Reader:
    """Checks a Palestine state dict field by field; errors name the field."""

    KEYS = {"volume", "layout_version", "first_eligible", "decision", "current_agent", "outcome", "card", "political_will",
            "haganah_track", "track_pieces", "available", "prison", "cells_out_of_game", "intel_chits",
            "capabilities",
            "spaces", "played_cards", "undrawn_cards", "context", "rng", "forced_chance", "seed", "history"}

    def __init__(self, d: dict):
        self.d = d

    def fail(self, msg: str):
        raise StateError(f"palestine state dict: {msg}")

    def count(self, value, what, hi):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= hi:
            self.fail(f"{what} must be an integer in 0..{hi}, got {value!r}")
        return int(value)

    def build(self, cls):
        d = self.d
        unknown = set(d) - self.KEYS
        if unknown:
            self.fail(f"unknown keys {sorted(unknown)}")
        if d.get("layout_version", L.LAYOUT.version) != L.LAYOUT.version:
            self.fail(f"layout_version {d.get('layout_version')} is not the supported {L.LAYOUT.version}")
        if "spaces" not in d:
            self.fail("missing key 'spaces' (map space name -> pieces)")
        game = object.__new__(cls)
        game.seed = int(d.get("seed", 0))
        game.history = [int(a) for a in d.get("history", [])]
        game._mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
        s = game.state = np.zeros(L.STATE_SIZE, dtype=np.int64)
        s[L.RNG] = int(d.get("rng", game.seed))
        s[L.POLITICAL_WILL] = self.count(d.get("political_will", 18), "political_will", L.PW_MAX)
        s[L.HAGANAH] = self.count(d.get("haganah_track", 4), "haganah_track", 4)
        track = d.get("track_pieces", {})
        s[L.TRACK_CELLS_4] = self.count(track.get("cells_box4", 0), "track_pieces.cells_box4", L.HAGANAH_BOX4_CELLS)
        s[L.TRACK_CACHE_4] = self.count(track.get("cache_box4", 0), "track_pieces.cache_box4", L.HAGANAH_BOX4_CACHES)
        s[L.TRACK_CELLS_3] = self.count(track.get("cells_box3", 0), "track_pieces.cells_box3", L.HAGANAH_BOX3_CELLS)
        s[L.PRISON] = self.count(d.get("prison", 0), "prison", L.TOTAL_CELLS)
        s[L.CELLS_OUT_OF_GAME] = self.count(d.get("cells_out_of_game", 0), "cells_out_of_game", L.TOTAL_CELLS)
        for v in d.get("intel_chits", []):
            if v not in (0, 1, 2):
                self.fail(f"intel_chits holds values 0, 1 or 2, got {v!r}")
            s[L.INTEL_HELD + v] += 1
        if (s[L.INTEL_HELD:L.INTEL_HELD + 3] > L.INTEL_CHITS_PER_VALUE).any():
            self.fail("at most 3 Intel Chits of each value exist (1.6.1)")
        for name, pieces in d["spaces"].items():
            if name not in MAP_NAMES:
                self.fail(f"unknown space {name!r}")
            i = MAP_NAMES.index(name)
            for key, n in pieces.items():
                if key not in PIECE_KEYS:
                    self.fail(f"unknown piece {key!r} in {name}; pieces: {', '.join(PIECE_KEYS)}")
                s[L.SPACES + i * L.SPACE_FIELDS + PIECE_KEYS.index(key)] = self.count(n, f"{name}.{key}", 15)
        self.fill_available(s, d.get("available"))
        self.check_board(s)
        if "played_cards" not in d and "undrawn_cards" not in d:
            fresh = np.zeros(L.STATE_SIZE, dtype=np.int64)
            turns.new_game(fresh, np.int64(game.seed))
            d = dict(d, played_cards=[int(fresh[L.DECK])],
                     undrawn_cards=[int(c) for c in fresh[L.DECK + 1:L.DECK + DECK_SIZE]])
        elif "played_cards" not in d or "undrawn_cards" not in d:
            self.fail("give both 'played_cards' and 'undrawn_cards', or neither (a fresh deck)")
        deck = [int(c) for c in d["played_cards"]] + [int(c) for c in d["undrawn_cards"]]
        if sorted(c for c in deck if c in PROPAGANDA_CARDS) != list(PROPAGANDA_CARDS) or len(deck) != DECK_SIZE \
                or len(set(deck)) != DECK_SIZE or not all(1 <= c <= N_EVENT_CARDS + 3 for c in deck):
            self.fail(f"the deck must be {DECK_SIZE} distinct cards including P33-P35 (2.1)")
        s[L.DECK:L.DECK + DECK_SIZE] = deck
        s[L.DECK_DRAWN] = len(d["played_cards"])
        s[L.CARD] = deck[s[L.DECK_DRAWN] - 1] if s[L.DECK_DRAWN] > 0 else 0
        fields = dict(L.LAYOUT.fields)
        ctx = d.get("context") or self.fresh_card_context(s, d)
        for k in CONTEXT_FIELDS:
            if k not in ctx:
                self.fail(f"context is missing {k!r}")
            s[fields[k][0]] = int(ctx[k])
        for k in CONTEXT_ARRAYS:
            if k not in ctx or len(ctx[k]) != fields[k][1]:
                self.fail(f"context.{k} must list {fields[k][1]} integers")
            s[fields[k][0]:fields[k][0] + fields[k][1]] = ctx[k]
        if not 0 <= s[L.DECISION] < len(L.DECISION_NAMES) or not -1 <= s[L.OP] < 8 or not -1 <= s[L.SA] < 6:
            self.fail("context names an unknown decision, operation or special activity")
        if not 0 <= s[L.EV_CARD] <= N_EVENT_CARDS or not 0 <= s[L.EV_SIDE] <= 1:
            self.fail("context.event_card must be 0..32 and context.event_side 0 or 1")
        self.read_capabilities(s, d.get("capabilities"))
        forced = [int(v) for v in d.get("forced_chance", [])]
        if len(forced) > L.FORCED_CAPACITY or any(v < 0 for v in forced):
            self.fail(f"forced_chance must hold at most {L.FORCED_CAPACITY} values >= 0")
        s[L.FORCED] = len(forced)
        s[L.FORCED + 2:L.FORCED + 2 + len(forced)] = forced
        return game

    def read_capabilities(self, s, caps):
        """``{"P25": "shaded", ...}``: capabilities in play (5.3); overrides context.capabilities."""
        if caps is None:
            return
        if not isinstance(caps, dict):
            self.fail("capabilities must map a card ('P9') to 'unshaded' or 'shaded'")
        for key, side in caps.items():
            card = int(str(key).lstrip("Pp")) if str(key).lstrip("Pp").isdigit() else None
            if card not in CAPABILITY_CARDS:
                self.fail(f"capabilities: {key!r} is not a capability card (P9, P13, P17, P18, P23, P25, P29, P32)")
            if side not in SIDE_NAMES:
                self.fail(f"capabilities: {key} must be 'unshaded' or 'shaded', got {side!r}")
            s[L.CAPABILITIES + CAPABILITY_CARDS[card]] = 1 + SIDE_NAMES.index(side)

    def fill_available(self, s, avail):
        """Available pieces as given, or (no 'available' key) whatever is not
        on the map, in Prison, out of the game or on the Haganah Track."""
        sp = s[L.SPACES:L.SPACES + N_MAP_SPACES * L.SPACE_FIELDS].reshape(N_MAP_SPACES, L.SPACE_FIELDS)
        if avail is None:
            avail = {
                "troops": L.TOTAL_TROOPS - int(sp[:, L.TROOPS].sum()),
                "police": L.TOTAL_POLICE - int(sp[:, L.POLICE].sum()),
                "cells": L.TOTAL_CELLS - int(sp[:, L.CELLS_UNDERGROUND].sum() + sp[:, L.CELLS_ACTIVE].sum()
                                             + s[L.PRISON] + s[L.CELLS_OUT_OF_GAME] + s[L.TRACK_CELLS_4]
                                             + s[L.TRACK_CELLS_3]),
                "arms_caches": L.TOTAL_CACHES - int(sp[:, L.ARMS_CACHES].sum() + s[L.TRACK_CACHE_4]),
            }
            for what, n in avail.items():
                if n < 0:
                    self.fail(f"more {what.replace('_', ' ')} on the map, in Prison and on the track than exist (1.2)")
        s[L.AVAILABLE_TROOPS] = self.count(avail.get("troops", 0), "available.troops", L.TOTAL_TROOPS)
        s[L.AVAILABLE_POLICE] = self.count(avail.get("police", 0), "available.police", L.TOTAL_POLICE)
        s[L.AVAILABLE_CELLS] = self.count(avail.get("cells", 0), "available.cells", L.TOTAL_CELLS)
        s[L.AVAILABLE_CACHES] = self.count(avail.get("arms_caches", 0), "available.arms_caches", L.TOTAL_CACHES)

    def fresh_card_context(self, s, d) -> dict:
        """No 'context': the card just revealed, 1st Eligible about to choose a box."""
        first = d.get("first_eligible", "irgun")
        if first not in L.FACTION_NAMES:
            self.fail(f"first_eligible must be 'british' or 'irgun', got {first!r}")
        played = [int(c) for c in d["played_cards"]]
        ctx = {k: 0 for k in CONTEXT_FIELDS}
        ctx.update(executor=-1, decision=L.D_BOX, operation=-1, current_space=-1, second_space=-1,
                   special_activity=-1, event_space=-1, event_special_activity=-1,
                   first_eligible=L.FACTION_NAMES.index(first),
                   propaganda_rounds=sum(1 for c in played if c in PROPAGANDA_CARDS))
        if played and played[-1] in PROPAGANDA_CARDS:
            self.fail("without a 'context' the last played card must be an event card")
        for k in CONTEXT_ARRAYS:
            ctx[k] = [0] * dict(L.LAYOUT.fields)[k][1]
        ctx["box"] = [-1, -1]
        ctx["capabilities"] = [0] * 8
        return ctx

    def check_board(self, s):
        sp = s[L.SPACES:L.SPACES + N_MAP_SPACES * L.SPACE_FIELDS].reshape(N_MAP_SPACES, L.SPACE_FIELDS)
        totals = (
            ("Troops", sp[:, L.TROOPS].sum() + s[L.AVAILABLE_TROOPS], L.TOTAL_TROOPS),
            ("Police", sp[:, L.POLICE].sum() + s[L.AVAILABLE_POLICE], L.TOTAL_POLICE),
            ("Cells", sp[:, L.CELLS_UNDERGROUND].sum() + sp[:, L.CELLS_ACTIVE].sum() + s[L.AVAILABLE_CELLS]
             + s[L.PRISON] + s[L.CELLS_OUT_OF_GAME] + s[L.TRACK_CELLS_4] + s[L.TRACK_CELLS_3], L.TOTAL_CELLS),
            ("Arms Caches", sp[:, L.ARMS_CACHES].sum() + s[L.AVAILABLE_CACHES] + s[L.TRACK_CACHE_4], L.TOTAL_CACHES),
        )
        for what, have, total in totals:
            if have != total:
                self.fail(f"{what} on the map, in pools and on the track add up to {have}, not {total} (1.2)")
        for i, name in enumerate(MAP_NAMES):
            if sp[i, L.ARMS_CACHES] > 2 or (SPACE_KIND[i] == RAILWAY and sp[i, L.ARMS_CACHES]):
                self.fail(f"{name}: at most 2 Arms Caches, none on Railways (1.4.2)")
            if sp[i, L.CURFEW] > (1 if SPACE_KIND[i] == CITY else 0):
                self.fail(f"{name}: at most one Curfew, and only in Cities (1.4.2)")
