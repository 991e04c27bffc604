"""Cyprus as a Python object: readable at the edges (DESIGN.md 6, 7).

All rules run in the numba kernels of :mod:`turns`; this wrapper names
actions in rulebook words and converts the state row to and from a
JSON-ready dict, checking every field of a dict that comes from outside.
"""

from __future__ import annotations


from ...engine.coin.statedict import ANY, EVENT_CARD, OP_FACTION_OF, PROPAGANDA_CARD, SA_FACTION_OF, \
    CoinReader, Needs, event_neutral
from ...engine.statedict import is_integer
from ...game import KernelGame
from ..coin_game import CoinGame, action_words, intel_chit_words
from ..boards.cyprus import BASE, MOUNTAIN, N_MAP_SPACES, SPACE_KIND, SPACE_NAMES, TOWN
from . import events as E
from . import invariants, turns
from . import layout as L
from .cards import CAPABILITY_CARDS, CARD_TITLES, N_EVENT_CARDS, PROPAGANDA_CARDS
from .parameters import P_EOKA_VICTORY_WILL
from .resources import MAX_ROLL_FACES
from .setup import determinize, setup

MAP_NAMES = SPACE_NAMES
PIECE_KEYS = ("troops", "police", "underground_cells", "active_cells", "arms_caches", "sabotage", "curfew")
CAPABILITY_SLOTS = {card: slot for slot, card in enumerate(L.CAPABILITY_SLOT_CARDS)}
assert tuple(CAPABILITY_SLOTS) == CAPABILITY_CARDS

# Raw decision-context fields saved as they are (validated on load).
CONTEXT_FIELDS = ("card_step", "executor", "decision", "operation", "limited", "n_selected", "space_limit",
                  "extra_space_used", "current_space", "second_space", "op_counter", "intel_paid",
                  "special_activity", "special_activity_used", "special_activity_return", "special_activity_spaces",
                  "special_activity_space_bits", "propaganda_rounds", "outcome", "first_eligible", "event_card",
                  "event_side", "event_faction", "event_step", "event_decider", "event_pick", "event_picks_left",
                  "event_pick_optional", "event_space_bits", "event_space", "event_op_filter", "event_op_mode",
                  "event_special_activity", "curfew_owed", "search_next_space", "street_riots_used",
                  "road_ambush_used", "pass_ambush")
CONTEXT_ARRAYS = ("box", "selected_spaces", "moved_here", "moved_here_active", "travel_destinations", "capabilities")


EVENT_WORDS = ("Event: unshaded text / option 1", "Event: shaded text / option 2")   # the two texts of an event card (5.1)


ACTION_NAMES = action_words(L, MAP_NAMES, EVENT_WORDS, intel_chit_words(L))

# What a space means in each pending decision.
_SPACE_VERB = {
    L.D_DEPLOY_DESTINATION: "Troops go to {}", L.D_DEPLOY_TROOPS: "move a Troop from {}",
    L.D_OFFENSIVE_CACHE: "Offensive: remove the Arms Cache in {}", L.D_PROP_CACHE: "place an Arms Cache in {}",
    L.D_REDEPLOY_POLICE: "redeploy a Police from {}", L.D_REDEPLOY_POLICE_TO: "... to {}",
    L.D_REDEPLOY_TROOPS: "a Troop leaves the Mountains for {}", L.D_REDEPLOY_CELL: "the Cell goes to {}",
    L.D_REDEPLOY_CACHE: "move an Arms Cache from {}", L.D_REDEPLOY_CACHE_TO: "... to {}",
    L.D_PATROL_MOVE: "move a Police from {}", L.D_PATROL_MOVE_TO: "... to {}",
    L.D_PATROL_ARREST: "remove Cells in {}", L.D_SEARCH_MOVE: "move a Troop from {}", L.D_SEARCH_MOVE_TO: "... to {}",
    L.D_TRAVEL_DEST: "Travel to {}", L.D_SABOTAGE_CACHE: "spend the Arms Cache in {}",
    L.D_AMBUSH_CACHE: "place the Arms Cache in {}", L.D_CURFEW_FROM: "move the Curfew from {}",
    L.D_SMUGGLE_FROM: "... from {}", L.D_SUEZ_RETURN: "a Troop returns to {}",
}
# A piece picked up in one decision goes where the next one says: the "from" choice
# names the destinations the rules offer it, the "to" choice the piece and its source.
_MOVE_FROM = (L.D_REDEPLOY_POLICE, L.D_REDEPLOY_CACHE, L.D_PATROL_MOVE, L.D_SEARCH_MOVE)
_MOVE_TO = {L.D_REDEPLOY_POLICE_TO: "Police", L.D_REDEPLOY_CACHE_TO: "Arms Cache", L.D_PATROL_MOVE_TO: "Police",
            L.D_SEARCH_MOVE_TO: "Troop"}
_STOP_MEANS = {
    L.D_SPACE: "No more spaces", L.D_SA_AFTER: "No Special Activity", L.D_SA_SPACE: "No more spaces",
    L.D_EVENT_OP: "No Operation", L.D_EVENT_SPACE: "Stop", L.D_EVENT_COUNT: "No shift",
    L.D_PATROL_MOVE: "No more Police move", L.D_SEARCH_MOVE: "No more Troops move",
    L.D_PATROL_ARREST: "Remove no Cells", L.D_PATROL_CHITS: "Spend no more Intel",
    L.D_ASSAULT_CHITS: "Spend no more Intel", L.D_SEARCH_TOWN: "Keep the chits: place a Curfew",
    L.D_TRAVEL_DEST: "No more destinations from here", L.D_SABOTAGE_CACHE: "Spend no Arms Cache",
    L.D_DEPLOY_DESTINATION: "Move no Troops", L.D_DEPLOY_TROOPS: "No more Troops",
    L.D_PROP_CACHE: "Place no Arms Cache", L.D_REDEPLOY_POLICE: "No more Police move",
    L.D_REDEPLOY_CACHE: "Move no Arms Cache",
}
_OPTION_NAMES = {
    22: ("Place 2 Cells in Towns", "Remove 2 Cells to Available"),
    29: ("Remove 2 Sabotage markers", "Shift International Opinion 2 steps left"),
    27: ("Interrogate: one chit per two Cells in Prison", "Interrogate: one chit per space with Police and Cells"),
}
_COUNT_NAMES = {1: "Shift International Opinion 1 step left", 2: "Shift International Opinion 2 steps left",
                3: "Shift International Opinion 1 step right", 4: "Shift International Opinion 2 steps right"}


class CyprusGame(CoinGame):
    """One game of The British Way: Cyprus, all 32 events included."""

    volume = "cyprus"
    layout = L
    turns = turns
    invariants = invariants
    observation_module = __name__.rpartition(".")[0] + ".observation"
    FORCED_FACES = MAX_ROLL_FACES           # a die or a chit from the bag (1.6.1)
    determinize_kernel = staticmethod(determinize)
    piece_keys = PIECE_KEYS
    chits_at = L.INTEL_HELD
    action_names = ACTION_NAMES

    stop_means = _STOP_MEANS
    option_names = _OPTION_NAMES
    pass_gives = {"british": "draw an Intel Chit (2.3.3)", "eoka": "then may Ambush in one space (2.3.3)"}

    def _words_first(self, a: int, d: int) -> str | None:
        if d == L.D_INTERROGATE_WAY and L.A_EVENT_SIDE <= a < L.A_OP:
            return _OPTION_NAMES[27][a - L.A_EVENT_SIDE]
        return None

    def _own_words(self, a: int, d: int, name: str) -> str:
        """Cyprus's words ("Sabotage in Nicosia")."""
        s = self.state
        if L.A_ALT <= a < L.N_ACTIONS:
            where = MAP_NAMES[a - L.A_ALT]
            return self._alt_name(d, where)
        if L.A_SPACE <= a < L.A_COUNT:
            if d == L.D_SPACE:
                return f"{L.OP_NAMES[int(s[L.OP])]} in {name}"
            if d == L.D_SA_SPACE:
                sa = int(s[L.SA])
                if sa == L.SA_SMUGGLE:
                    return f"Smuggle: place an Arms Cache in {name}"
                if sa == L.SA_PROPAGANDIZE:
                    return f"Propagandize in {name}: Political Will -1"
                return f"{L.SA_NAMES[sa]} in {name}"
            verb = _SPACE_VERB.get(d)
            if d in _MOVE_FROM:
                return f"{verb.format(name)}{self.to_where(a)}"
            if d in _MOVE_TO:
                return f"move the {_MOVE_TO[d]} from {MAP_NAMES[int(s[L.CUR])]} to {name}"
            if d == L.D_REDEPLOY_CELL:
                return f"the Cell from {MAP_NAMES[int(s[L.CUR])]} goes to {name}"
            if d == L.D_DEPLOY_TROOPS:
                return f"move a Troop from {name} to {MAP_NAMES[int(s[L.CUR])]}"
            if d == L.D_EVENT_SPACE:
                verb = E.PICK_VERBS[int(s[L.EV_PICK])]
            if verb:
                return verb.format(name)
        if L.A_CHIT <= a < L.A_EXTRA:
            value = a - L.A_CHIT
            if d in (L.D_ASSAULT_CHITS, L.D_PATROL_CHITS):
                return f"Spend an Intel Chit of value {value}"
            if d == L.D_SEARCH_TOWN:
                return f"Discard an Intel Chit of value {value}: one Cell per cube, no Curfew"
            return f"Discard an Intel Chit of value {value}"
        if L.A_COUNT <= a < L.A_CHIT:
            k = a - L.A_COUNT + 1
            if d == L.D_EVENT_COUNT:
                return _COUNT_NAMES.get(k, name)
            return f"{name} Cell{'s' if k > 1 else ''}"
        return name

    def _alt_name(self, d: int, where: str) -> str:
        s = self.state
        if d == L.D_SPACE:
            op = int(s[L.OP])
            if op == L.OP_SABOTAGE:
                return f"Sabotage in {where} with an Active Cell (Street Riots)"
            return f"Ambush the Troop lorries in {where} (Road Ambushes)"
        if d == L.D_SA_SPACE:
            sa = int(s[L.SA])
            if sa == L.SA_SMUGGLE:
                return f"Smuggle: move an Arms Cache into {where}"
            if sa == L.SA_PROPAGANDIZE:
                return f"Propagandize in {where}: International Opinion to the right"
            if s[L.CAPABILITIES + L.CAP_ASSASSINATIONS] == L.CAP_SHADED:
                return f"Infiltrate in {where}: remove a Police (Assassinations)"
            return f"Infiltrate in {where}: discard the Intel Chit only (Assassinations)"
        if d == L.D_EVENT_SPACE:
            verb = E.PICK_ALT_VERBS.get(int(s[L.EV_PICK]), "{}")
            return verb.format(where)
        return where


    # ------------------------------------------------------- state dict --
    def own_dict(self) -> dict:
        s = self.state
        return {
            "international_opinion": L.OPINION_NAMES[int(s[L.OPINION])],
            "available": {"troops": int(s[L.AVAILABLE_TROOPS]), "police": int(s[L.AVAILABLE_POLICE]),
                          "cells": int(s[L.AVAILABLE_CELLS]), "arms_caches": int(s[L.AVAILABLE_CACHES])},
            "prison": int(s[L.PRISON]),
            "troops_on_suez_crisis": int(s[L.SUEZ_TROOPS]),
        }


# ------------------------------------------------------------------ reading --
_N = N_MAP_SPACES
_SPACE_BITS = (1 << _N) - 1
CONTEXT_RANGES = {
    "card_step": (0, 1), "executor": (-1, 1), "decision": (0, L.N_DECISIONS - 1),
    "operation": (-1, 7), "limited": (0, 1), "n_selected": (0, _N), "space_limit": (0, _N),
    "extra_space_used": (0, 1), "current_space": (-1, _N - 1), "second_space": (-1, _N - 1),
    "op_counter": (0, L.TOTAL_CELLS), "intel_paid": (0, 3 * L.INTEL_CHITS_PER_VALUE),
    "special_activity": (-1, len(L.SA_NAMES) - 1), "special_activity_used": (0, 1),
    "special_activity_return": (0, L.N_DECISIONS - 1), "special_activity_spaces": (0, 2),
    "special_activity_space_bits": (0, _SPACE_BITS), "propaganda_rounds": (0, len(PROPAGANDA_CARDS)),
    "outcome": (0, len(L.OUTCOME_NAMES) - 1), "first_eligible": (0, 1), "event_card": (0, N_EVENT_CARDS),
    "event_side": (0, 1), "event_faction": (0, 1), "event_step": (0, 9), "event_decider": (0, 1),
    "event_pick": (0, E.N_PICKS - 1), "event_picks_left": (0, 18), "event_pick_optional": (0, 1),
    "event_space_bits": (0, _SPACE_BITS), "event_space": (-1, _N - 1), "event_op_filter": (0, L.F_TOWN_UNDERGROUND),
    "event_op_mode": (0, 127), "event_special_activity": (-1, L.SA_ANY_VALID), "curfew_owed": (0, _N),
    "search_next_space": (0, _N), "street_riots_used": (0, 1), "road_ambush_used": (0, 1), "pass_ambush": (0, 1),
}
CONTEXT_ARRAY_RANGES = {
    "box": (-1, 2), "selected_spaces": (0, 1), "moved_here": (0, L.TOTAL_TROOPS),
    "moved_here_active": (0, L.TOTAL_CELLS), "travel_destinations": (0, 1), "capabilities": (0, 2),
}
# Neutral values: what the kernels leave when a part of the context is idle.
EVENT_NEUTRAL = event_neutral(L.F_ANY)
OPERATION_NEUTRAL = {"operation": -1, "n_selected": 0, "limited": 0, "extra_space_used": 0, "intel_paid": 0,
                     "road_ambush_used": 0, "pass_ambush": 0}


_ALL_OPS = tuple(range(8))
_OP = dict(executor=OP_FACTION_OF, card=EVENT_CARD)
_PROP = dict(event=False, card=PROPAGANDA_CARD)
DECISION_NEEDS = {
    L.D_OVER: Needs(event=False),
    L.D_BOX: Needs(event=False, card=EVENT_CARD),
    L.D_OPERATION: Needs(executor=ANY, event=False, card=EVENT_CARD),
    L.D_SPACE: Needs(ops=_ALL_OPS, **_OP),
    L.D_ASSAULT_CHITS: Needs(ops=(L.OP_ASSAULT,), current=True, **_OP),
    L.D_RECRUIT_COUNT: Needs(ops=(L.OP_RECRUIT,), current=True, **_OP),
    L.D_DEPLOY_DESTINATION: Needs(ops=(L.OP_DEPLOY,), **_OP),
    L.D_DEPLOY_TROOPS: Needs(ops=(L.OP_DEPLOY,), current=True, **_OP),
    L.D_LEAD_CHIT: Needs(ops=(L.OP_PATROL, L.OP_SEARCH, L.OP_ASSAULT), **_OP),
    L.D_OFFENSIVE_CACHE: Needs(ops=(L.OP_RECRUIT, L.OP_SABOTAGE, L.OP_AMBUSH), **_OP),
    L.D_PROP_CACHE: Needs(**_PROP),
    L.D_PROP_DISCARD: Needs(**_PROP),
    L.D_REDEPLOY_POLICE: Needs(**_PROP),
    L.D_REDEPLOY_POLICE_TO: Needs(current=True, **_PROP),
    L.D_REDEPLOY_TROOPS: Needs(**_PROP),
    L.D_REDEPLOY_CELL: Needs(current=True, **_PROP),
    L.D_REDEPLOY_CACHE: Needs(**_PROP),
    L.D_REDEPLOY_CACHE_TO: Needs(current=True, **_PROP),
    L.D_PATROL_MOVE: Needs(ops=(L.OP_PATROL,), **_OP),
    L.D_PATROL_MOVE_TO: Needs(ops=(L.OP_PATROL,), current=True, **_OP),
    L.D_PATROL_ARREST: Needs(ops=(L.OP_PATROL,), **_OP),
    L.D_PATROL_CHITS: Needs(ops=(L.OP_PATROL,), current=True, **_OP),
    L.D_SEARCH_MOVE: Needs(ops=(L.OP_SEARCH,), **_OP),
    L.D_SEARCH_MOVE_TO: Needs(ops=(L.OP_SEARCH,), current=True, **_OP),
    L.D_SEARCH_TOWN: Needs(ops=(L.OP_SEARCH,), current=True, **_OP),
    L.D_SEARCH_RESUME: Needs(ops=(L.OP_SEARCH,), automatic=True, **_OP),
    L.D_TRAVEL_DEST: Needs(ops=(L.OP_TRAVEL,), current=True, **_OP),
    L.D_TRAVEL_COUNT: Needs(ops=(L.OP_TRAVEL,), current=True, second=True, **_OP),
    L.D_SABOTAGE_CACHE: Needs(ops=(L.OP_SABOTAGE,), current=True, **_OP),
    L.D_AMBUSH_CACHE: Needs(ops=(L.OP_AMBUSH,), current=True, **_OP),
    L.D_SA_SPACE: Needs(executor=SA_FACTION_OF, ops=(-1,) + _ALL_OPS, card=EVENT_CARD,
                        sas=(L.SA_RESTORE, L.SA_SMUGGLE, L.SA_INFILTRATE, L.SA_PROPAGANDIZE)),
    L.D_SMUGGLE_FROM: Needs(executor=SA_FACTION_OF, ops=(L.OP_RECRUIT, L.OP_TRAVEL), second=True, card=EVENT_CARD,
                            sas=(L.SA_SMUGGLE,)),
    L.D_INTERROGATE_WAY: Needs(executor=SA_FACTION_OF, ops=(-1, L.OP_SEARCH, L.OP_ASSAULT), card=EVENT_CARD,
                               sas=(L.SA_INTERROGATE,)),
    L.D_SA_AFTER: Needs(executor=ANY, ops=(-1,) + _ALL_OPS, card=EVENT_CARD),
    L.D_SUEZ_RETURN: Needs(**_PROP),
    L.D_NEXT_CARD: Needs(event=False, automatic=True),
    L.D_EVENT_SPACE: Needs(event=True, card=EVENT_CARD),
    L.D_EVENT_COUNT: Needs(event=True, card=EVENT_CARD),
    L.D_EVENT_OPTION: Needs(event=True, card=EVENT_CARD),
    L.D_EVENT_OP: Needs(executor=ANY, event=True, card=EVENT_CARD),
    L.D_EVENT_RESUME: Needs(event=True, automatic=True),
}
# Decisions that move or spend a piece from current_space: (the pieces, the
# context array of those that already moved there this step, the rule).
_CELLS = (L.CELLS_UNDERGROUND, L.CELLS_ACTIVE)
SOURCES = {
    L.D_PATROL_MOVE_TO: ((L.POLICE,), "moved_here", "3.2.2"),
    L.D_SEARCH_MOVE_TO: ((L.TROOPS,), "moved_here", "3.2.3"),
    L.D_REDEPLOY_POLICE_TO: ((L.POLICE,), "moved_here", "6.3.1"),
    L.D_REDEPLOY_CACHE_TO: ((L.ARMS_CACHES,), None, "6.3.2"),
    L.D_TRAVEL_DEST: (_CELLS, "moved_here", "3.3.2"),
    L.D_TRAVEL_COUNT: (_CELLS, "moved_here", "3.3.2"),
}
TOP_KEYS = ("volume", "layout_version", "first_eligible", "decision", "current_agent", "outcome", "card",
            "political_will", "international_opinion", "available", "prison", "troops_on_suez_crisis",
            "intel_chits", "capabilities", "spaces", "played_cards", "undrawn_cards", "context") \
    + KernelGame.COMMON_KEYS
AVAILABLE_KEYS = {"troops": L.TOTAL_TROOPS, "police": L.TOTAL_POLICE, "cells": L.TOTAL_CELLS,
                  "arms_caches": L.TOTAL_CACHES}
PIECE_MAX = (L.TOTAL_TROOPS, L.TOTAL_POLICE, L.TOTAL_CELLS, L.TOTAL_CELLS, 2, L.TOTAL_SABOTAGE, 1)   # totals: after


class _Reader(CoinReader):
    """Checks a Cyprus state dict field by field; errors name the field (the
    COIN part in engine/coin/statedict.py)."""

    prefix = "C"
    n_event_cards = N_EVENT_CARDS
    propaganda_cards = PROPAGANDA_CARDS
    card_titles = CARD_TITLES
    capability_slots = CAPABILITY_SLOTS
    single_text = tuple(c for c in range(1, N_EVENT_CARDS + 1) if E.SINGLE_TEXT[c])
    context_fields = CONTEXT_FIELDS
    context_arrays = CONTEXT_ARRAYS
    context_ranges = CONTEXT_RANGES
    context_array_ranges = CONTEXT_ARRAY_RANGES
    game_class = CyprusGame
    setup_kernel = staticmethod(setup)
    space_names = MAP_NAMES
    insurgent_victory_slot = P_EOKA_VICTORY_WILL     # 7.0.1 (parameters.py)

    def build(self, cls):
        f, d = self.f, self.d
        game = self.begin(cls, TOP_KEYS)
        s = game.state
        opinion = self.given("international_opinion")     # a name, or its number 0-4 (6.5)
        s[L.OPINION] = self.count(opinion, "international_opinion", L.OPINION_MAX) if is_integer(opinion) \
            else L.OPINION_NAMES.index(f.choice(opinion, "international_opinion", L.OPINION_NAMES))
        s[L.PRISON] = self.count(self.given("prison"), "prison", L.TOTAL_CELLS)
        s[L.SUEZ_TROOPS] = self.count(self.given("troops_on_suez_crisis"), "troops_on_suez_crisis", 3)
        self.read_chits(s, "intel_chits", L.INTEL_HELD, 3, L.INTEL_CHITS_PER_VALUE, "Intel Chits", "1.6.1")
        self.read_spaces(s, MAP_NAMES, PIECE_KEYS, PIECE_MAX, L.SPACES, L.SPACE_FIELDS)
        self.fill_available(s, d.get("available"))
        self.check_board(s)
        return self.read_the_rest(game)

    def check_context(self, s):
        """Cross-field checks of the decision context."""
        d = int(s[L.DECISION])
        if d not in DECISION_NEEDS:
            self.fail(f"context.decision {d} is not a decision kind that is ever stored")
        need = DECISION_NEEDS[d]
        name = f"context.decision {d} ({L.DECISION_NAMES[d]})"
        ctx = self.context_values(s)
        card = int(s[L.CARD])
        owed = ctx["curfew_owed"]
        self.check_outcome_and_rounds(s, d, name)       # 6.1.4, 6.1.5, 7.0
        if owed and d == L.D_OVER:
            self.fail("context.curfew_owed: no Curfew is owed once the game is over")
        if owed and SPACE_KIND[owed - 1] != TOWN:
            self.fail("context.curfew_owed must name a Town (1 + its index) (1.10)")
        if need.automatic and not owed:
            self.fail(f"{name} is an automatic step: it is stored only while an owed Curfew (1.10) interrupts it")
        self.check_card_kind(need, card, name)
        if ctx["search_next_space"] and d != L.D_SEARCH_RESUME:
            self.fail(f"context.search_next_space must be 0 for {name}")

        box = self.check_boxes(s, d)                    # 2.3.2
        if need.card == EVENT_CARD:
            mover = ctx["first_eligible"] if ctx["card_step"] == 0 else 1 - ctx["first_eligible"]
            if d != L.D_BOX and box[mover] == -1:
                self.fail(f"context.box: the faction acting on the card has taken no box for {name} (2.3.2)")
        elif box != [-1, -1] and card in PROPAGANDA_CARDS:
            self.fail("context.box must be [-1, -1] during a Propaganda Round")

        self.check_who_decides(need, ctx, name)
        ex, op = ctx["executor"], ctx["operation"]
        if d == L.D_OPERATION and ctx["limited"] != (box[ex] == L.BOX_LIMITED):
            self.fail(f"context.limited must be 1 exactly when the executor took the Limited Op box for {name} "
                      "(2.3.4)")
        self.check_operation_fields(s, d, need, ctx, name, OPERATION_NEUTRAL,
                                    arrays=("selected_spaces", "travel_destinations"),
                                    kept=("limited",) if d == L.D_OPERATION else ())
        if ctx["pass_ambush"] and (op != L.OP_AMBUSH or not ctx["limited"] or box[L.EOKA] < 0):
            self.fail("context.pass_ambush is the one-space Ambush of an EOKA Pass (2.3.3)")
        self.check_spaces_named(need, ctx, name)
        self.check_sources(s, d, ctx, name)
        mountain_troops = sum(int(s[L.SPACES + i * L.SPACE_FIELDS + L.TROOPS]) for i in range(_N)
                              if SPACE_KIND[i] == MOUNTAIN)
        if d == L.D_REDEPLOY_TROOPS and mountain_troops == 0:
            self.fail(f"{name}: no Troops are in the Mountains to move to a Base (6.3.1)")
        if d == L.D_SUEZ_RETURN and s[L.SUEZ_TROOPS] == 0:
            self.fail(f"{name}: no Troops are on SUEZ CRISIS to return (C4)")
        if d == L.D_PROP_DISCARD and not 1 <= ctx["op_counter"] <= int(s[L.INTEL_HELD:L.INTEL_HELD + 3].sum()):
            self.fail(f"context.op_counter (chits to discard) must be 1..the chits held for {name} (6.2.2)")
        self.check_arrivals(s, ctx, L.OP_TRAVEL, "Travel", "Cells", L.CELLS_UNDERGROUND, L.CELLS_ACTIVE)

        self.check_event_fields(d, need, ctx, card, name, EVENT_NEUTRAL)
        ev = ctx["event_card"]
        if d == L.D_EVENT_COUNT and ev != 22:
            self.fail(f"{name} is asked only by C22")
        if d == L.D_EVENT_OPTION and ev not in (22, 27, 29):
            self.fail(f"{name} is asked only by C22, C27 and C29")
        if ev and ctx["event_pick"] in (E.PICK_CUBE_TO_MOUNTAIN,) and (ctx["current_space"] < 0
                                                                       or ctx["second_space"] not in (L.TROOPS,
                                                                                                      L.POLICE)):
            self.fail("context: C6's move into a Mountain needs current_space (the origin) and second_space "
                      "(Troops 0 or Police 1)")
        if ctx["event_pick"] in (E.PICK_GANGS_TROOP,) and ctx["event_space"] < 0:
            self.fail("context.event_space must name C19's Mountain")

    def check_sources(self, s, d, ctx, name):
        """A decision that moves or spends a piece from current_space has one
        there, less those that already moved this step (moved_here)."""
        cur = ctx["current_space"]
        if cur < 0:
            return
        if d in SOURCES:
            pieces, moved, rule = SOURCES[d]
            self.require_left(s, cur, pieces, moved, name, rule)
        here = L.SPACES + cur * L.SPACE_FIELDS
        if d == L.D_REDEPLOY_CELL and (SPACE_KIND[cur] != BASE or s[here + L.CELLS_UNDERGROUND]
                                       + s[here + L.CELLS_ACTIVE] == 0):
            self.fail(f"context.current_space must be a Base with a Cell for {name} (6.3.2)")
        if d == L.D_SABOTAGE_CACHE and SPACE_KIND[cur] not in (TOWN, BASE):
            self.fail(f"context.current_space must be a Town or Base for {name} (3.3.3)")
        if d == L.D_SEARCH_TOWN and SPACE_KIND[cur] != TOWN:
            self.fail(f"context.current_space must be a Town for {name} (3.2.3)")

    def fill_available(self, s, avail):
        """Available pieces as given, or (no 'available' key) whatever is not
        on the map, in Prison or on the SUEZ CRISIS card."""
        sp = s[L.SPACES:L.SPACES + _N * L.SPACE_FIELDS].reshape(_N, L.SPACE_FIELDS)
        if avail is None:
            avail = {
                "troops": L.TOTAL_TROOPS - int(sp[:, L.TROOPS].sum() + s[L.SUEZ_TROOPS]),
                "police": L.TOTAL_POLICE - int(sp[:, L.POLICE].sum()),
                "cells": L.TOTAL_CELLS - int(sp[:, L.CELLS_UNDERGROUND].sum() + sp[:, L.CELLS_ACTIVE].sum()
                                             + s[L.PRISON]),
                "arms_caches": L.TOTAL_CACHES - int(sp[:, L.ARMS_CACHES].sum()),
            }
            for what, n in avail.items():
                if n < 0:
                    self.fail(f"more {what.replace('_', ' ')} on the map and in Prison than exist (1.2)")
        self.f.mapping(avail, "available", "a mapping of piece -> count")
        self.f.keys(avail, "available", AVAILABLE_KEYS)
        s[L.AVAILABLE_TROOPS] = self.count(avail.get("troops", 0), "available.troops", L.TOTAL_TROOPS)
        s[L.AVAILABLE_POLICE] = self.count(avail.get("police", 0), "available.police", L.TOTAL_POLICE)
        s[L.AVAILABLE_CELLS] = self.count(avail.get("cells", 0), "available.cells", L.TOTAL_CELLS)
        s[L.AVAILABLE_CACHES] = self.count(avail.get("arms_caches", 0), "available.arms_caches", L.TOTAL_CACHES)

    def check_board(self, s):
        """Totals (1.2), stacking (1.4.2), Curfews (1.10) and the 15 Sabotage
        markers (1.2: in any space, C26 placing them in Mountains too), named."""
        sp = s[L.SPACES:L.SPACES + _N * L.SPACE_FIELDS].reshape(_N, L.SPACE_FIELDS)
        totals = (
            ("Troops", sp[:, L.TROOPS].sum() + s[L.AVAILABLE_TROOPS] + s[L.SUEZ_TROOPS], L.TOTAL_TROOPS),
            ("Police", sp[:, L.POLICE].sum() + s[L.AVAILABLE_POLICE], L.TOTAL_POLICE),
            ("Cells", sp[:, L.CELLS_UNDERGROUND].sum() + sp[:, L.CELLS_ACTIVE].sum() + s[L.AVAILABLE_CELLS]
             + s[L.PRISON], L.TOTAL_CELLS),
            ("Arms Caches", sp[:, L.ARMS_CACHES].sum() + s[L.AVAILABLE_CACHES], L.TOTAL_CACHES),
        )
        for what, have, total in totals:
            if have != total:
                self.fail(f"{what} on the map, in pools and in Prison add up to {have}, not {total} (1.2)")
        for i, name in enumerate(MAP_NAMES):
            if sp[i, L.ARMS_CACHES] > 2 or (SPACE_KIND[i] == BASE and sp[i, L.ARMS_CACHES]):
                self.fail(f"spaces.{name}: at most 2 Arms Caches, none in British Bases (1.3.4, 1.4.2)")
            if sp[i, L.CURFEW] > (1 if SPACE_KIND[i] == TOWN else 0):
                self.fail(f"spaces.{name}: at most one Curfew, and only in Towns (1.4.2, 1.10)")
            if sp[i, L.CURFEW] and sp[i, L.TROOPS] + sp[i, L.POLICE] == 0:
                self.fail(f"spaces.{name}.curfew: a Curfew stays only in a space with British pieces (1.10)")
        if sp[:, L.CURFEW].sum() > L.TOTAL_CURFEWS:
            self.fail(f"spaces: at most {L.TOTAL_CURFEWS} Curfews (1.10)")
        self.check_marker_supply(s, (L.SABOTAGE,), L.TOTAL_SABOTAGE, "Sabotage markers", "1.2, C-29")

