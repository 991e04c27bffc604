"""Palestine as a Python object: readable at the edges (DESIGN.md 6, 7).

All rules run in the numba kernels of :mod:`turns`; this wrapper names
actions in rulebook words and converts the state row to and from a
JSON-ready dict.
"""

from __future__ import annotations


from ...engine.coin.statedict import ANY, EVENT_CARD, OP_FACTION_OF, PROPAGANDA_CARD, SA_FACTION_OF, \
    CoinReader, event_neutral
from ...engine.coin.statedict import Needs as CoinNeeds
from ...game import KernelGame
from ..coin_game import CoinGame, action_words, intel_chit_words
from ..boards.palestine import CITY, N_MAP_SPACES, RAILWAY, SPACE_KIND, SPACE_NAMES
from . import layout as L
from . import invariants, turns
from .cards import CARD_TITLES, DECK_SIZE, N_EVENT_CARDS, PROPAGANDA_CARDS
from .events import PICK_VERBS
from .operations import adjacent_district
from .parameters import P_IRGUN_VICTORY_POLITICAL_WILL
from .resources import MAX_ROLL_FACES
from .setup import determinize, setup

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


EVENT_WORDS = ("Event: unshaded text", "Event: shaded text")   # the two texts of an event card (5.1)


ACTION_NAMES = action_words(L, MAP_NAMES, EVENT_WORDS, intel_chit_words(L))

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
# A piece picked up in one decision goes where the next one says: the "from" choice
# names the destinations the rules offer it, the "to" choice the piece and its source.
_MOVE_FROM = (L.D_REDEPLOY_POLICE, L.D_REDEPLOY_TROOPS, L.D_REDEPLOY_CACHE, L.D_PATROL_MOVE,
              L.D_SEARCH_MOVE)
_MOVE_TO = {L.D_REDEPLOY_POLICE_TO: "Police", L.D_REDEPLOY_TROOPS_TO: "Troop", L.D_REDEPLOY_CACHE_TO: "Arms Cache",
            L.D_PATROL_MOVE_TO: "Police", L.D_SEARCH_MOVE_TO: "Troop"}
_STOP_MEANS = {
    L.D_SPACE: "No more spaces", L.D_ASSAULT_CHITS: "Spend no more Intel", L.D_PATROL_CHITS: "Spend no more Intel",
    L.D_SEARCH_CITY: "Place a Curfew (no chit)", L.D_TERROR_DECLARE: "No Terror here",
    L.D_SABOTAGE_CACHE: "Spend no Arms Cache", L.D_SA_AFTER: "No Special Activity",
    L.D_SA_SPACE: "No more Special Activity spaces", L.D_EVENT_SPACE: "No more (the text says 'up to' / 'may')",
    L.D_EVENT_COUNT: "None", L.D_EVENT_OP: "No Operation", L.D_PATROL_ARREST: "No second arrest space",
    L.D_DEPLOY_DESTINATION: "Move no more Troops: the Deploy ends",
    L.D_DEPLOY_TROOPS: "No more Troops: the Deploy ends",
    L.D_PASS_ROB: "Rob nowhere: just Pass", L.D_PROP_ROB: "Rob nowhere", L.D_PROP_CACHE: "Place no Arms Cache",
    L.D_PATROL_MOVE: "No more Police move: on to the arrests", L.D_SEARCH_MOVE: "No more Troops move: on to the "
    "activations", L.D_REDEPLOY_POLICE: "No more Police move", L.D_REDEPLOY_TROOPS: "No more Troops move",
    L.D_REDEPLOY_CACHE: "Move no Arms Cache", L.D_TRAVEL_DEST: "No more destinations from here",
}
CAPABILITY_CARDS = dict(zip(L.CAPABILITY_SLOT_CARDS, range(8)))
# The two options of a D_EVENT_OPTION decision, by (card, event step).
_OPTION_NAMES = {
    (22, 0): ("Shift the Haganah Track 1 step left", "Shift the Haganah Track 1 step right"),
    (22, 1): ("Irgun may conduct a Limited Operation", "British draw an Intel Chit"),
}


class PalestineGame(CoinGame):
    """One game of The British Way: Palestine, all 32 events included."""

    volume = "palestine"
    layout = L
    turns = turns
    invariants = invariants
    observation_module = __name__.rpartition(".")[0] + ".observation"
    FORCED_FACES = MAX_ROLL_FACES           # a die (1.7) or a chit from the bag (1.6.1)
    determinize_kernel = staticmethod(determinize)
    piece_keys = PIECE_KEYS
    chits_at = L.INTEL_HELD
    action_names = ACTION_NAMES

    stop_means = _STOP_MEANS
    option_names = _OPTION_NAMES

    def _words_first(self, a: int, d: int) -> str | None:
        if a == L.A_STOP and d == L.D_REDEPLOY_CELL:
            return f"Move no Cell into {MAP_NAMES[int(self.state[L.CUR])]}"
        return None

    def _own_words(self, a: int, d: int, name: str) -> str:
        """Palestine's words ("Sabotage in Galilee")."""
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
            if d in _MOVE_FROM:
                return f"{verb.format(name)}{self.to_where(a)}"
            if d in _MOVE_TO:
                return f"move the {_MOVE_TO[d]} from {MAP_NAMES[int(self.state[L.CUR])]} to {name}"
            if d == L.D_REDEPLOY_CELL:
                return f"move a Cell from {name} into {MAP_NAMES[int(self.state[L.CUR])]}"
            if d == L.D_DEPLOY_TROOPS:
                return f"move a Troop from {name} to {MAP_NAMES[int(self.state[L.CUR])]}"
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

    def _pass_gives(self) -> str:
        """What a Pass gives the faction to act (2.3.3): the British an Intel Chit
        (none while AMERICAN LOANS shaded makes them Pass, P27), the Irgun a Rob."""
        if self.current_agent == "british":
            return "no Intel Chit (AMERICAN LOANS, P27)" if turns.british_must_pass(self.state) else \
                "draw an Intel Chit (2.3.3)"
        return "then may Rob in one space (2.3.3)" if turns.any_prop_rob_space(self.state) else \
            "nothing (no space to Rob in, 2.3.3)"

    # ------------------------------------------------------- state dict --
    def own_dict(self) -> dict:
        s = self.state
        return {
            "haganah_track": int(s[L.HAGANAH]),
            "track_pieces": {"cells_box4": int(s[L.TRACK_CELLS_4]), "cache_box4": int(s[L.TRACK_CACHE_4]),
                             "cells_box3": int(s[L.TRACK_CELLS_3])},
            "available": {"troops": int(s[L.AVAILABLE_TROOPS]), "police": int(s[L.AVAILABLE_POLICE]),
                          "cells": int(s[L.AVAILABLE_CELLS]), "arms_caches": int(s[L.AVAILABLE_CACHES])},
            "prison": int(s[L.PRISON]),
            "cells_out_of_game": int(s[L.CELLS_OUT_OF_GAME]),
        }


# ------------------------------------------------------------------ reading --
# The decision context: every raw field's range (lo, hi), checked always.
_N = N_MAP_SPACES
_SPACE_BITS = (1 << _N) - 1
CONTEXT_RANGES = {
    "card_step": (0, 1), "executor": (-1, 1), "decision": (0, len(L.DECISION_NAMES) - 1),
    "operation": (-1, 7), "limited": (0, 1), "n_selected": (0, _N), "space_limit": (0, _N),
    "extra_space_used": (0, 1), "current_space": (-1, _N - 1), "second_space": (-1, _N - 1),
    "op_counter": (0, L.MAX_COUNT), "intel_paid": (0, 3 * L.INTEL_CHITS_PER_VALUE),
    "special_activity": (-1, len(L.SA_NAMES) - 1), "special_activity_used": (0, 1),
    "special_activity_return": (0, len(L.DECISION_NAMES) - 1), "special_activity_spaces": (0, _N),
    "special_activity_space_bits": (0, _SPACE_BITS), "mass_detention_left": (0, 6), "terror_declared": (0, 1),
    "propaganda_rounds": (0, len(PROPAGANDA_CARDS)), "outcome": (0, len(L.OUTCOME_NAMES) - 1),
    "first_eligible": (0, 1), "event_card": (0, N_EVENT_CARDS), "event_side": (0, 1),
    "event_faction": (0, 1), "event_step": (0, 15), "event_decider": (0, 1),
    "event_pick": (0, len(PICK_VERBS) - 1), "event_picks_left": (0, L.MAX_COUNT),
    "event_pick_optional": (0, 1), "event_space_bits": (0, _SPACE_BITS), "event_space": (-1, _N - 1),
    "event_op_filter": (0, L.F_EVENT_SPACE), "event_op_mode": (0, 2 * L.MODE_LIMITED - 1),
    "event_special_activity": (-1, L.SA_ANY_VALID), "patrol_arrest_spaces": (0, 2),
    "british_must_pass": (0, DECK_SIZE),
}
CONTEXT_ARRAY_RANGES = {
    "box": (-1, 2), "selected_spaces": (0, 1), "moved_here": (0, L.TOTAL_CELLS),
    "moved_here_active": (0, L.TOTAL_CELLS), "travel_destinations": (0, 1),
    "capabilities": (0, 2), "track_owed_cells_box4": (0, L.HAGANAH_BOX4_CELLS),
    "track_owed_cache_box4": (0, L.HAGANAH_BOX4_CACHES), "track_owed_cells_box3": (0, L.HAGANAH_BOX3_CELLS),
}
# Neutral values: what the kernels leave when a part of the context is idle.
EVENT_NEUTRAL = event_neutral(L.F_ANY)
OPERATION_NEUTRAL = {"operation": -1, "n_selected": 0, "special_activity": -1, "special_activity_used": 0,
                     "special_activity_spaces": 0, "special_activity_space_bits": 0, "second_space": -1}
SPACE, CITY_SPACE = "space", "City"     # Needs.current / second: a map space, a City


class Needs(CoinNeeds):
    """What one pending decision kind needs of the context (turns.py;
    engine/coin/statedict.py ``Needs``), and Palestine's own: ``current`` /
    ``second`` give the kind of space (SPACE, CITY_SPACE); ``limited``,
    ``paid``, ``terror``: whether those fields may be set; ``automatic``:
    stored only while a Haganah refill (6.5.2) interrupts it; ``event_cards``:
    the events that ask it; ``source``: (pieces, net of moved_here, rule): one
    of them current_space must still hold, when the decision moves or spends a
    piece from there."""

    def __init__(self, limited=None, paid=False, terror=False, event_cards=None, source=None, **common):
        super().__init__(**common)
        self.limited = self.ops is not None if limited is None else limited
        self.paid, self.terror, self.event_cards, self.source = paid, terror, event_cards, source


_ALL_OPS = tuple(range(8))
_OP = dict(executor=OP_FACTION_OF, card=EVENT_CARD)
_PROP = dict(event=False, card=PROPAGANDA_CARD)
_CELLS = (L.CELLS_UNDERGROUND, L.CELLS_ACTIVE)
# One row per pending decision kind; a kind with no row cannot be loaded.
DECISION_NEEDS = {
    L.D_OVER: Needs(event=False),
    L.D_BOX: Needs(event=False, card=EVENT_CARD),
    L.D_OPERATION: Needs(executor=ANY, event=False, card=EVENT_CARD, limited=True),
    L.D_SPACE: Needs(ops=_ALL_OPS, **_OP),
    L.D_ASSAULT_CHITS: Needs(ops=(L.OP_ASSAULT,), current=SPACE, paid=True, **_OP),
    L.D_RECRUIT_COUNT: Needs(ops=(L.OP_RECRUIT,), current=SPACE, **_OP),
    L.D_DEPLOY_DESTINATION: Needs(ops=(L.OP_DEPLOY,), **_OP),
    L.D_DEPLOY_TROOPS: Needs(ops=(L.OP_DEPLOY,), current=SPACE, **_OP),
    L.D_PASS_ROB: Needs(executor=L.IRGUN, event=False, card=EVENT_CARD),
    L.D_LEAD_CHIT: Needs(ops=(L.OP_PATROL, L.OP_SEARCH, L.OP_ASSAULT), **_OP),
    L.D_OFFENSIVE_CACHE: Needs(ops=(L.OP_RECRUIT, L.OP_SABOTAGE, L.OP_ROB), **_OP),
    L.D_PROP_ROB: Needs(**_PROP),
    L.D_PROP_DISCARD: Needs(**_PROP),
    L.D_PROP_CACHE: Needs(**_PROP),
    L.D_REDEPLOY_POLICE: Needs(**_PROP),
    L.D_REDEPLOY_POLICE_TO: Needs(current=SPACE, source=((L.POLICE,), True, "6.3.1"), **_PROP),
    L.D_REDEPLOY_TROOPS: Needs(**_PROP),
    L.D_REDEPLOY_TROOPS_TO: Needs(current=SPACE, source=((L.TROOPS,), True, "6.3.1"), **_PROP),
    L.D_REDEPLOY_CELL: Needs(current=CITY_SPACE, **_PROP),
    L.D_REDEPLOY_CACHE: Needs(**_PROP),
    L.D_REDEPLOY_CACHE_TO: Needs(current=SPACE, source=((L.ARMS_CACHES,), False, "6.3.2"), **_PROP),
    L.D_PATROL_MOVE: Needs(ops=(L.OP_PATROL,), **_OP),
    L.D_PATROL_MOVE_TO: Needs(ops=(L.OP_PATROL,), current=SPACE, source=((L.POLICE,), True, "3.2.2"), **_OP),
    L.D_PATROL_ARREST: Needs(ops=(L.OP_PATROL,), **_OP),
    L.D_PATROL_CHITS: Needs(ops=(L.OP_PATROL,), current=SPACE, paid=True, **_OP),
    L.D_SEARCH_MOVE: Needs(ops=(L.OP_SEARCH,), **_OP),
    L.D_SEARCH_MOVE_TO: Needs(ops=(L.OP_SEARCH,), current=SPACE, source=((L.TROOPS,), True, "3.2.3"), **_OP),
    L.D_SEARCH_CITY: Needs(ops=(L.OP_SEARCH,), current=CITY_SPACE, **_OP),
    L.D_TRAVEL_DEST: Needs(ops=(L.OP_TRAVEL,), current=SPACE, source=(_CELLS, True, "3.3.2"), **_OP),
    L.D_TRAVEL_COUNT: Needs(ops=(L.OP_TRAVEL,), current=SPACE, second=SPACE, source=(_CELLS, True, "3.3.2"),
                            **_OP),
    L.D_TERROR_DECLARE: Needs(ops=(L.OP_SABOTAGE,), current=CITY_SPACE,
                                 source=((L.CELLS_UNDERGROUND,), False, "4.3.3"), **_OP),
    L.D_SABOTAGE_CACHE: Needs(ops=(L.OP_SABOTAGE,), current=SPACE, terror=True,
                                source=((L.CELLS_UNDERGROUND,), False, "3.3.3"), **_OP),
    L.D_SA_SPACE: Needs(executor=SA_FACTION_OF, ops=(-1,) + _ALL_OPS, card=EVENT_CARD,
                        sas=(L.SA_RESTORE, L.SA_MASS_DETENTION, L.SA_SILENCE, L.SA_PROPAGANDIZE)),
    L.D_SA_AFTER: Needs(executor=ANY, ops=(-1,) + _ALL_OPS, card=EVENT_CARD),
    L.D_NEXT_CARD: Needs(event=False, automatic=True),
    L.D_EVENT_SPACE: Needs(event=True),
    L.D_EVENT_COUNT: Needs(event=True, card=EVENT_CARD, event_cards=(5,)),
    L.D_EVENT_OPTION: Needs(event=True, card=EVENT_CARD, event_cards=(22,)),
    L.D_EVENT_OP: Needs(executor=ANY, event=True, card=EVENT_CARD),
    L.D_EVENT_RESUME: Needs(event=True, automatic=True),
    # The British choose each Cell (4.2.3, P-5): as the Special Activity of a
    # Search or Assault, or inside P1 unshaded (checked in check_context).
    L.D_MASS_DETENTION: Needs(executor=L.BRITISH, ops=(-1, L.OP_SEARCH, L.OP_ASSAULT), current=CITY_SPACE,
                              sas=(-1, L.SA_MASS_DETENTION), card=EVENT_CARD),
}
TOP_KEYS = ("volume", "layout_version", "first_eligible", "decision", "current_agent", "outcome", "card",
            "political_will", "haganah_track", "track_pieces", "available", "prison", "cells_out_of_game",
            "intel_chits", "capabilities", "spaces", "played_cards", "undrawn_cards", "context") \
    + KernelGame.COMMON_KEYS
TRACK_KEYS = {"cells_box4": L.HAGANAH_BOX4_CELLS, "cache_box4": L.HAGANAH_BOX4_CACHES,
              "cells_box3": L.HAGANAH_BOX3_CELLS}
AVAILABLE_KEYS = {"troops": L.TOTAL_TROOPS, "police": L.TOTAL_POLICE, "cells": L.TOTAL_CELLS,
                  "arms_caches": L.TOTAL_CACHES}
PIECE_MAX = (L.MAX_COUNT, L.MAX_COUNT, L.MAX_COUNT, L.MAX_COUNT, 2, L.MAX_COUNT, L.MAX_COUNT, 1)   # totals checked after


class _Reader(CoinReader):
    """Checks a Palestine state dict field by field; errors name the field (the
    COIN part in engine/coin/statedict.py)."""

    prefix = "P"
    n_event_cards = N_EVENT_CARDS
    propaganda_cards = PROPAGANDA_CARDS
    card_titles = CARD_TITLES
    capability_slots = CAPABILITY_CARDS
    context_fields = CONTEXT_FIELDS
    context_arrays = CONTEXT_ARRAYS
    context_ranges = CONTEXT_RANGES
    context_array_ranges = CONTEXT_ARRAY_RANGES
    game_class = PalestineGame
    setup_kernel = staticmethod(setup)
    space_names = MAP_NAMES
    insurgent_victory_slot = P_IRGUN_VICTORY_POLITICAL_WILL     # 7.0.1 (parameters.py)

    def build(self, cls):
        f, d = self.f, self.d
        game = self.begin(cls, TOP_KEYS)
        s = game.state
        s[L.HAGANAH] = self.count(self.given("haganah_track"), "haganah_track", 4)
        track = f.mapping(self.given("track_pieces"), "track_pieces", "a mapping of box -> pieces")
        f.keys(track, "track_pieces", TRACK_KEYS)
        for key, offset in (("cells_box4", L.TRACK_CELLS_4), ("cache_box4", L.TRACK_CACHE_4),
                            ("cells_box3", L.TRACK_CELLS_3)):
            s[offset] = self.count(self.given_part(track, "track_pieces", key), f"track_pieces.{key}", TRACK_KEYS[key])
        s[L.PRISON] = self.count(self.given("prison"), "prison", L.TOTAL_CELLS)
        s[L.CELLS_OUT_OF_GAME] = self.count(self.given("cells_out_of_game"), "cells_out_of_game", L.TOTAL_CELLS)
        self.read_chits(s, "intel_chits", L.INTEL_HELD, 3, L.INTEL_CHITS_PER_VALUE, "Intel Chits", "1.6.1")
        self.read_spaces(s, MAP_NAMES, PIECE_KEYS, PIECE_MAX, L.SPACES, L.SPACE_FIELDS)
        self.fill_available(s, d.get("available"))
        self.check_board(s)
        return self.read_the_rest(game)

    def check_context(self, s):
        """Cross-field checks of the decision context (docs/api.md, state dicts)."""
        d = int(s[L.DECISION])
        if d not in DECISION_NEEDS:
            self.fail(f"context.decision {d} ({L.DECISION_NAMES[d]}) is never stored: the kernels "
                      "derive it")
        need = DECISION_NEEDS[d]
        name = f"context.decision {d} ({L.DECISION_NAMES[d]})"
        ctx = self.context_values(s)
        owed = int(s[L.OWED_CELLS_4] + s[L.OWED_CACHE_4] + s[L.OWED_CELLS_3])
        card = int(s[L.CARD])
        self.check_outcome_and_rounds(s, d, name)       # 6.1.3, 6.1.4, 7.0
        # Haganah Track pieces sit only in boxes above the marker (6.5.2); owed
        # pieces complete a box, and only while the Irgun choose them.
        hag = int(s[L.HAGANAH])
        for box, cells_at, owed_at, cap, label in (
                (4, L.TRACK_CELLS_4, L.OWED_CELLS_4, L.HAGANAH_BOX4_CELLS, "cells_box4"),
                (4, L.TRACK_CACHE_4, L.OWED_CACHE_4, L.HAGANAH_BOX4_CACHES, "cache_box4"),
                (3, L.TRACK_CELLS_3, L.OWED_CELLS_3, L.HAGANAH_BOX3_CELLS, "cells_box3")):
            if hag >= box and (s[cells_at] or s[owed_at]):
                self.fail(f"track_pieces.{label}: with the Haganah Track at {hag} box {box} is empty (6.5.2)")
            if s[cells_at] + s[owed_at] > cap:
                self.fail(f"context.track_owed_{label}: the box holds {cap}, not "
                          f"{int(s[cells_at] + s[owed_at])} with the pieces owed (6.5.2)")
        if owed and d == L.D_OVER:
            self.fail("context.track_owed_*: no Haganah refill is pending once the game is over")
        if need.automatic and not owed:
            self.fail(f"{name} is an automatic step: it is stored only while a Haganah refill "
                      "(6.5.2) interrupts it")
        self.check_card_kind(need, card, name)

        box = self.check_boxes(s, d)                    # 2.3.2
        self.check_who_decides(need, ctx, name)
        ex = ctx["executor"]
        if ex >= 0 and need.ops is not None and not (ctx["event_op_mode"] & L.MODE_EVENT_OP) \
                and ctx["event_card"] == 0 and box[ex] in (-1, L.BOX_EVENT):
            self.fail(f"context.box: the executor of {name} must have taken the Limited Op or "
                      "Op & Special Activity box (2.3.2)")
        self.check_operation_fields(s, d, need, ctx, name, OPERATION_NEUTRAL)
        if not need.limited and ctx["limited"]:
            self.fail(f"context.limited must be 0 for {name}")
        if not need.paid and ctx["intel_paid"]:
            self.fail(f"context.intel_paid must be 0 for {name}")
        if not need.terror and ctx["terror_declared"]:
            self.fail(f"context.terror_declared must be 0 for {name}")
        self.check_spaces_named(need, ctx, name)
        for key, kind in (("current_space", need.current), ("second_space", need.second)):
            if kind == CITY_SPACE and SPACE_KIND[ctx[key]] != CITY:
                self.fail(f"context.{key} must be a City for {name}")
        if need.source is not None:
            pieces, net, rule = need.source
            self.require_left(s, ctx["current_space"], pieces, "moved_here" if net else None, name, rule)
        if d == L.D_PROP_DISCARD and not 1 <= ctx["op_counter"] <= int(s[L.INTEL_HELD:L.INTEL_HELD + 3].sum()):
            self.fail(f"context.op_counter (chits to discard) must be 1..the chits held for {name} (6.2.2)")

        self.check_mass_detention(s, d, ctx, name)
        self.check_arrivals(s, ctx, L.OP_TRAVEL, "Travel", "Cells", L.CELLS_UNDERGROUND, L.CELLS_ACTIVE)

        # Events (5.0): a running event has its card; otherwise its fields are idle.
        self.check_event_fields(d, need, ctx, card, name, EVENT_NEUTRAL)
        ev = ctx["event_card"]
        if need.event_cards is not None and ev not in need.event_cards:
            self.fail(f"context.event_card must be one of {need.event_cards} for {name}")
        if ctx["event_op_mode"] and not ev:
            self.fail("context.event_op_mode is set with no event running")
        if ctx["british_must_pass"] and ctx["british_must_pass"] <= 0:
            self.fail("context.british_must_pass must be 0 or a deck position")

    def event_in_play(self, ev, card):
        """CURFEWS' Propaganda step runs on the Propaganda card (P29)."""
        return card == ev or (ev == 29 and card in PROPAGANDA_CARDS)

    def check_mass_detention(self, s, d, ctx, name):
        """Mass Detention's Cells still to remove (4.2.3, P-5): only while the
        British choose them, fewer than the Cells there, with a real choice."""
        left = ctx["mass_detention_left"]
        if d != L.D_MASS_DETENTION:
            if left:
                self.fail(f"context.mass_detention_left must be 0 for {name}")
            return
        city = ctx["current_space"]
        district = int(adjacent_district(city))
        groups = [int(s[L.SPACES + sp * L.SPACE_FIELDS + piece]) for sp in (city, district)
                  for piece in (L.CELLS_UNDERGROUND, L.CELLS_ACTIVE)]
        if not 1 <= left < sum(groups) or sum(1 for n in groups if n) < 2:
            self.fail(f"context.mass_detention_left {left} must be 1..one less than the Cells in "
                      f"{MAP_NAMES[city]} and {MAP_NAMES[district]}, with at least two kinds or spaces to "
                      "choose from (4.2.3)")
        if ctx["special_activity"] == L.SA_MASS_DETENTION:
            if ctx["operation"] < 0 or ctx["special_activity_used"] != 1 \
                    or ctx["special_activity_return"] not in (L.D_SPACE, L.D_SA_AFTER) \
                    or ctx["special_activity_space_bits"] != 1 << city:
                self.fail(f"context: {name} as a Special Activity needs its Search or Assault, the Special "
                          "Activity marked used with its return decision, and the City as its space (4.1, 4.2.3)")
        elif not (ctx["operation"] == -1 and ctx["event_card"] == 1 and ctx["event_side"] == 0
                  and ctx["event_space"] == city):
            self.fail(f"context: {name} happens as the Special Activity Mass Detention or inside P1 unshaded "
                      "in its City")

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
        self.f.mapping(avail, "available", "a mapping of piece -> count")
        self.f.keys(avail, "available", AVAILABLE_KEYS)
        s[L.AVAILABLE_TROOPS] = self.count(avail.get("troops", 0), "available.troops", L.TOTAL_TROOPS)
        s[L.AVAILABLE_POLICE] = self.count(avail.get("police", 0), "available.police", L.TOTAL_POLICE)
        s[L.AVAILABLE_CELLS] = self.count(avail.get("cells", 0), "available.cells", L.TOTAL_CELLS)
        s[L.AVAILABLE_CACHES] = self.count(avail.get("arms_caches", 0), "available.arms_caches", L.TOTAL_CACHES)

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
                self.fail(f"spaces.{name}: at most 2 Arms Caches, none on Railways (1.4.2)")
            if sp[i, L.CURFEW] > (1 if SPACE_KIND[i] == CITY else 0):
                self.fail(f"spaces.{name}: at most one Curfew, and only in Cities (1.4.2)")
            if sp[i, L.CURFEW] and sp[i, L.TROOPS] + sp[i, L.POLICE] == 0:
                self.fail(f"spaces.{name}.curfew: a Curfew stays only in a City with Troops or Police (1.10)")
        if sp[:, L.CURFEW].sum() > L.TOTAL_CURFEWS:
            self.fail(f"spaces: at most {L.TOTAL_CURFEWS} Curfews (1.10)")
        self.check_marker_supply(s, (L.SABOTAGE, L.TERROR), L.TOTAL_MARKERS, "Sabotage and Terror markers",
                                 "1.2, P-39")

