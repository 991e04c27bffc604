"""Arab Revolt as a Python object: readable at the edges (DESIGN.md 6, 7).

All rules run in the numba kernels of :mod:`turns`; this wrapper names
actions in rulebook words and converts the state row to and from a
JSON-ready dict, checking every field of a dict that comes from outside.
"""

from __future__ import annotations


from ...engine.coin.statedict import ANY, EVENT_CARD, OP_FACTION_OF, PROPAGANDA_CARD, SA_FACTION_OF, \
    CoinReader, event_neutral
from ...engine.coin.statedict import Needs as CoinNeeds
from ...engine.statedict import as_integer, show
from ...game import KernelGame
from ..coin_game import CoinGame, action_words
from ..boards.palestine import CITY, DISTRICT, FOREIGN, N_SPACES, RAILWAY, SPACE_KIND, SPACE_NAMES
from . import events as E
from . import invariants, turns
from . import layout as L
from .cards import CAPABILITY_CARDS, CARD_TITLES, MANDATORY_CARDS, MUNICH, N_EVENT_CARDS, PROPAGANDA_CARDS
from .operations import march_destination_ok, raid_source_ok
from .parameters import P_REBEL_VICTORY_WILL
from .pieces import guerrillas, in_play
from .resources import MAX_ROLL_FACES, capability
from .setup import determinize, setup

MAP_NAMES = SPACE_NAMES
PIECE_KEYS = ("troops", "police", "underground_irregulars", "active_irregulars", "underground_guerrillas",
              "active_guerrillas", "bases", "opposition", "sabotage", "curfew")
CAPABILITY_SLOTS = {card: slot for slot, card in enumerate(L.CAPABILITY_SLOT_CARDS)}
assert tuple(CAPABILITY_SLOTS) == CAPABILITY_CARDS
OPS_VALUES = (1, 2, 3)

# Raw decision-context fields saved as they are (validated on load).
CONTEXT_FIELDS = ("card_step", "executor", "decision", "operation", "limited", "n_selected", "space_limit",
                  "extra_space_used", "current_space", "second_space", "op_counter",
                  "special_activity", "special_activity_used", "special_activity_return", "special_activity_spaces",
                  "special_activity_space_bits", "propaganda_rounds", "outcome", "first_eligible", "event_card",
                  "event_side", "event_faction", "event_step", "event_decider", "event_pick", "event_picks_left",
                  "event_pick_optional", "event_space_bits", "event_space", "event_op_filter", "event_op_mode",
                  "event_special_activity", "rebel_chit_chosen", "mandatory_card", "march_group_underground",
                  "ambush_removed", "placing_piece", "placing_to", "placing_left", "placing_faction",
                  "placing_return", "propaganda_phase", "phase_left", "foreign_assistance", "redeploy_stage",
                  "mobilize_guerrilla_spaces", "sweep_next_space", "detain_base_used", "mandatory_event_running",
                  "event_spaces_left", "event_count", "operations_chit_this_card")
CONTEXT_ARRAYS = ("box", "selected_spaces", "moved_here", "moved_here_active", "march_destinations", "moved_police",
                  "capabilities")


EVENT_WORDS = ("Event: unshaded text / option 1", "Event: shaded text / option 2")   # the two texts of an event card (5.1)


def own_action_name(a: int) -> str | None:
    """The Arab Revolt's own action segments in words."""
    if L.A_CHIT <= a < L.A_PUNISHMENT:
        return f"Operations chit: {L.OPS_VALUE_NAMES[a - L.A_CHIT]}"
    if L.A_PUNISHMENT <= a < L.A_TRACK:
        return f"Punishment chit: {L.PUNISHMENT_NAMES[a - L.A_PUNISHMENT]}"
    if a == L.A_TRACK:
        return "The Unity Track"
    return None


ACTION_NAMES = action_words(L, MAP_NAMES, EVENT_WORDS, own_action_name)

# What a space means in each pending decision.
_SPACE_VERB = {
    L.D_CHIT_EFFECT: "the Operations chit's effect on the Active Guerrilla in {}",
    L.D_PASS_BASE: "Pass: place a Base in {}", L.D_TAKE_FROM: "take the piece from {}",
    L.D_CURFEW: "Curfew step in {}", L.D_PATROL_MOVE: "move a Troop from {}", L.D_PATROL_MOVE_TO: "... to {}",
    L.D_PATROL_ASSAULT: "free Assault on {}", L.D_SWEEP_MOVE: "move a Troop from {}", L.D_SWEEP_MOVE_TO: "... to {}",
    L.D_SWEEP_IRREGULAR: "Activate an Irregular in {}: one Guerrilla per cube",
    L.D_RALLY_OPPOSITION: "add Opposition in {}", L.D_MARCH_DEST: "March to {}",
    L.D_AMBUSH_TROOP: "the Troop goes back to {}", L.D_FINE_RAILWAY: "remove a Sabotage marker from {}",
    L.D_DETAIN_SPREAD: "add Opposition in {}", L.D_DIVIDE_TARGET: "replace a Guerrilla in {} with an Irregular",
    L.D_RAID_FROM: "the Guerrillas come from {}", L.D_RAID_STRIKE: "Ambush in {}: remove a Police",
    L.D_MOBILIZE_GUERRILLA: "place a Guerrilla in {}", L.D_REDEPLOY_TROOPS: "the Troop goes to {}",
    L.D_REDEPLOY_POLICE: "redeploy a Police from {}", L.D_REDEPLOY_POLICE_TO: "... to {}",
    L.D_REDEPLOY_IRREGULAR: "an Irregular in {} goes to Available", L.D_REDEPLOY_GUERRILLA: "the Guerrilla goes to {}",
    L.D_MUNICH_TROOPS: "a Troop comes back in {}",
}
_STOP_MEANS = {
    L.D_SPACE: "No more spaces", L.D_SA_AFTER: "No Special Activity", L.D_SA_SPACE: "No more spaces",
    L.D_EVENT_OP: "No Operation", L.D_EVENT_SPACE: "Stop", L.D_CHIT_EFFECT: "No chit effect",
    L.D_PASS_BASE: "Place no Base", L.D_TAKE_FROM: "Place no more", L.D_DEPLOY_POLICE: "Place no Police",
    L.D_CURFEW: "No Curfew step", L.D_PATROL_MOVE: "No more cubes move", L.D_PATROL_ASSAULT: "No free Assault",
    L.D_SWEEP_MOVE: "No more Troops move", L.D_SWEEP_IRREGULAR: "Activate no Irregular",
    L.D_RALLY_OPPOSITION: "Add no Opposition", L.D_MARCH_DEST: "No more destinations from here",
    L.D_MARCH_UNDERGROUND: "No Underground Guerrillas", L.D_MARCH_ACTIVE: "No Active Guerrillas",
    L.D_AMBUSH_TROOP: "The Troop stays", L.D_DETAIN_SPREAD: "Add no Opposition",
    L.D_RAID_STRIKE: "Neither Sabotage nor Ambush", L.D_MOBILIZE_GUERRILLA: "No more Guerrillas",
    L.D_PROP_BRITISH_KEEP: "Keep no chit", L.D_PROP_REBELS_GAIN: "Neither", L.D_SUPPORT_DIVIDE: "No Divide",
    L.D_SUPPORT_MOBILIZE: "No Mobilize", L.D_REDEPLOY_POLICE: "No more Police move",
    L.D_REDEPLOY_IRREGULAR: "No more Irregulars go",
}
_OPTION_NAMES = {9: ("Syria", "Lebanon"), 31: ("Syria", "Lebanon")}
# A piece picked up in one decision goes where the next one says: the "from" choice
# names the destinations the rules offer it, the "to" choice the piece and its source.
_MOVE_FROM = (L.D_PATROL_MOVE, L.D_SWEEP_MOVE, L.D_REDEPLOY_POLICE)
_MOVE_TO = {L.D_PATROL_MOVE_TO: "cube", L.D_SWEEP_MOVE_TO: "Troop", L.D_REDEPLOY_POLICE_TO: "Police"}


class ArabRevoltGame(CoinGame):
    """One game of The British Way: Arab Revolt, all 32 events included."""

    volume = "arab_revolt"
    layout = L
    turns = turns
    invariants = invariants
    observation_module = __name__.rpartition(".")[0] + ".observation"
    FORCED_FACES = MAX_ROLL_FACES           # a die, or a chit drawn from a cup (1.7.1, 1.8.1)
    determinize_kernel = staticmethod(determinize)
    piece_keys = PIECE_KEYS
    action_names = ACTION_NAMES

    stop_means = _STOP_MEANS
    option_names = _OPTION_NAMES
    pass_gives = {"british": "select a Punishment chit from the cup to hold (2.3.3)",
                  "rebels": "then may place a Base in a District or Foreign Country with a Guerrilla (2.3.3)"}
    sa_choice_decisions = (L.D_SPACE, L.D_SA_AFTER, L.D_SUPPORT_DIVIDE, L.D_SUPPORT_MOBILIZE)

    def _words_first(self, a: int, d: int) -> str | None:
        if d == L.D_RAID_STRIKE and L.A_OP <= a < L.A_SA:
            return f"Sabotage in {MAP_NAMES[int(self.state[L.CUR])]}"
        return None

    def _own_words(self, a: int, d: int, name: str) -> str:
        """Arab Revolt's words ("Sabotage in Lydda")."""
        s = self.state
        if L.A_ALT <= a < L.N_ACTIONS:
            return self._alt_name(d, MAP_NAMES[a - L.A_ALT])
        if L.A_SPACE <= a < L.A_COUNT:
            if d == L.D_SPACE:
                op = int(s[L.OP])
                if op == L.OP_DEPLOY:
                    return f"Deploy in {name}: Police"
                if op == L.OP_AMBUSH:
                    return f"Ambush in {name}: remove a Police"
                if op == L.OP_MARCH:
                    return f"March from {name}"
                return f"{L.OP_NAMES[op]} in {name}"
            if d == L.D_SA_SPACE:
                return f"{L.SA_NAMES[int(s[L.SA])]} in {name}"
            if d == L.D_PATROL_MOVE:
                return f"move a Troop from {name}{self.to_where(a)}"
            verb = _SPACE_VERB.get(d)
            if d in _MOVE_FROM:
                return f"{verb.format(name)}{self.to_where(a)}"
            if d in _MOVE_TO:
                return f"move the {_MOVE_TO[d]} from {MAP_NAMES[int(s[L.CUR])]} to {name}"
            if d == L.D_EVENT_SPACE:
                pick = int(s[L.EV_PICK])
                verb = E.MARKED_SPACE_VERBS.get(int(s[L.EV_CARD]), "{}") if pick == E.PICK_MARKED_SPACE \
                    else E.PICK_VERBS[pick]
            if verb:
                return verb.format(name)
        if L.A_COUNT <= a < L.A_CHIT:
            k = a - L.A_COUNT + 1
            if d == L.D_DEPLOY_POLICE:
                return f"{k} Police"
            if d == L.D_MARCH_UNDERGROUND:
                return f"{k} Underground Guerrilla{'s' if k > 1 else ''}"
            if d == L.D_MARCH_ACTIVE:
                return f"{k} Active Guerrilla{'s' if k > 1 else ''}"
            return f"{k} Guerrilla{'s' if k > 1 else ''}"
        if L.A_CHIT <= a < L.A_PUNISHMENT:
            value = L.OPS_VALUE_NAMES[a - L.A_CHIT]
            if d == L.D_PROP_REBELS_GAIN:
                return f"Keep an Operations chit: {value}"
            return f"Select the {value} chit"
        if L.A_PUNISHMENT <= a < L.A_TRACK:
            kind = L.PUNISHMENT_NAMES[a - L.A_PUNISHMENT]
            if d in (L.D_PASS_HOLD, L.D_PROP_BRITISH_KEEP):
                return f"Hold a {kind} chit"
            if d == L.D_DISCARD_CHIT:
                return f"Discard the held {kind} chit"
            return f"Use a {kind} chit"
        if a == L.A_TRACK:
            if d == L.D_PROP_REBELS_GAIN:
                return "Shift the Unity Track one step toward Centralized"
            return "Divide: roll to shift the Unity Track toward Decentralized"
        return name

    def _alt_name(self, d: int, where: str) -> str:
        s = self.state
        if d == L.D_SPACE:
            op = int(s[L.OP])
            if op == L.OP_DEPLOY:
                return f"Deploy in {where}: an Irregular"
            return f"Ambush in {where}: remove an Irregular"
        if d == L.D_SA_SPACE:
            return f"Detain in {where}: a Base to Prison (Rebel Courts)"
        if d == L.D_PATROL_MOVE:
            return f"move a Police from {where}{self.to_where(L.A_ALT + MAP_NAMES.index(where))}"
        if d == L.D_RAID_STRIKE:
            return f"Ambush in {where}: remove an Irregular"
        return where


    # ------------------------------------------------------- state dict --
    def own_dict(self) -> dict:
        s = self.state
        return {
            "unity_track": int(s[L.UNITY]),
            "available": {"troops": int(s[L.AVAILABLE_TROOPS]), "police": int(s[L.AVAILABLE_POLICE]),
                          "irregulars": int(s[L.AVAILABLE_IRREGULARS]),
                          "guerrillas": int(s[L.AVAILABLE_GUERRILLAS]), "bases": int(s[L.AVAILABLE_BASES])},
            "prison": {"guerrillas": int(s[L.PRISON_GUERRILLAS]), "bases": int(s[L.PRISON_BASES])},
            "out_of_play_troops": int(s[L.OUT_OF_PLAY_TROOPS]),
            "police_on_tegart_forts": int(s[L.TEGART_POLICE]),
            "transjordan_egypt_in_play": bool(s[L.EXTRA_COUNTRIES]),
            "operations_chits": operations_chits(s),
            "punishment_chits": punishment_chits(s),
        }


def _listed(s, at, names):
    return [names[k] for k in range(3) for _ in range(int(s[at + k]))]


def _set_aside(s, taken, held, drawn, in_play_kind):
    aside = [int(s[taken + k] - s[held + k] - s[drawn + k]) for k in range(3)]
    if in_play_kind >= 0:
        aside[in_play_kind] -= 1
    return aside


def operations_chits(s) -> dict:
    """The Rebels' chits out of the cup (1.8.1), by value: held, drawn this
    turn, set aside, the one in play and Coordinate's +1."""
    in_play = int(s[L.OPS_IN_PLAY])
    aside = _set_aside(s, L.OPS_TAKEN, L.OPS_HELD, L.OPS_DRAWN, in_play - 1)
    return {"held": _listed(s, L.OPS_HELD, OPS_VALUES), "drawn": _listed(s, L.OPS_DRAWN, OPS_VALUES),
            "set_aside": [OPS_VALUES[k] for k in range(3) for _ in range(aside[k])],
            "in_play": in_play or None, "coordinate_bonus": int(s[L.OPS_BONUS])}


def punishment_chits(s) -> dict:
    """The British chits out of the cup (1.7.1), by kind."""
    in_play = int(s[L.PUN_IN_PLAY])
    aside = _set_aside(s, L.PUN_TAKEN, L.PUN_HELD, L.PUN_DRAWN, in_play - 1)
    names = L.PUNISHMENT_NAMES
    return {"held": _listed(s, L.PUN_HELD, names), "drawn": _listed(s, L.PUN_DRAWN, names),
            "set_aside": [names[k] for k in range(3) for _ in range(aside[k])],
            "in_play": names[in_play - 1] if in_play else None}


# ------------------------------------------------------------------ reading --
_N = N_SPACES
_SPACE_BITS = (1 << _N) - 1
CONTEXT_RANGES = {
    "card_step": (0, 1), "executor": (-1, 1), "decision": (0, L.N_DECISIONS - 1),
    "operation": (-1, 7), "limited": (0, 1), "n_selected": (0, _N), "space_limit": (0, _N),
    "extra_space_used": (0, 0), "current_space": (-1, _N - 1), "second_space": (-1, _N - 1), "op_counter": (0, 0),
    "special_activity": (-1, len(L.SA_NAMES) - 1), "special_activity_used": (0, 1),
    "special_activity_return": (0, L.N_DECISIONS - 1), "special_activity_spaces": (0, _N),
    "special_activity_space_bits": (0, _SPACE_BITS), "propaganda_rounds": (0, len(PROPAGANDA_CARDS)),
    "outcome": (0, len(L.OUTCOME_NAMES) - 1), "first_eligible": (0, 1), "event_card": (0, N_EVENT_CARDS),
    "event_side": (0, 1), "event_faction": (0, 1), "event_step": (0, 9), "event_decider": (0, 1),
    "event_pick": (0, E.N_PICKS - 1), "event_picks_left": (0, L.TOTAL_GUERRILLAS), "event_pick_optional": (0, 1),
    "event_space_bits": (0, _SPACE_BITS), "event_space": (-1, _N - 1), "event_op_filter": (0, L.F_CITY_CURFEW),
    "event_op_mode": (0, 255), "event_special_activity": (-1, len(L.SA_NAMES)),
    "rebel_chit_chosen": (0, 1), "mandatory_card": (0, 1), "march_group_underground": (0, L.TOTAL_GUERRILLAS),
    "ambush_removed": (0, _N), "placing_piece": (-1, L.SPACE_FIELDS - 1), "placing_to": (-1, _N - 1),
    "placing_left": (0, 2), "placing_faction": (0, 1), "placing_return": (0, L.RET_MOBILIZE),
    "propaganda_phase": (-1, 4), "phase_left": (0, L.TOTAL_IRREGULARS // 2), "foreign_assistance": (0, 1),
    "redeploy_stage": (0, 3), "mobilize_guerrilla_spaces": (0, _SPACE_BITS), "sweep_next_space": (0, _N),
    "detain_base_used": (0, 1), "mandatory_event_running": (0, 1), "event_spaces_left": (0, _SPACE_BITS),
    "event_count": (0, 4), "operations_chit_this_card": (0, 3),
}
CONTEXT_ARRAY_RANGES = {
    "box": (-1, 2), "selected_spaces": (0, 1), "moved_here": (0, L.TOTAL_GUERRILLAS),
    "moved_here_active": (0, L.TOTAL_GUERRILLAS), "march_destinations": (0, 1), "moved_police": (0, L.TOTAL_POLICE),
    "capabilities": (0, 2),
}
# Neutral values: what the kernels leave when a part of the context is idle.
EVENT_NEUTRAL = event_neutral(L.F_ANY, mandatory_event_running=0, event_spaces_left=0, event_count=0)
OPERATION_NEUTRAL = {"operation": -1, "n_selected": 0, "ambush_removed": 0, "march_group_underground": 0,
                     "sweep_next_space": 0, "foreign_assistance": 0}
PLACING_NEUTRAL = {"placing_piece": -1, "placing_to": -1, "placing_left": 0}


class Needs(CoinNeeds):
    """What one pending decision kind needs of the context
    (engine/coin/statedict.py ``Needs``), and the Arab Revolt's own: ``phase``,
    the Propaganda Round phase it belongs to."""

    def __init__(self, phase=None, **common):
        super().__init__(**common)
        self.phase = phase


_ALL_OPS = tuple(range(8))
_OP = dict(executor=OP_FACTION_OF, card=EVENT_CARD)
_SA = dict(executor=SA_FACTION_OF, ops=(-1,) + _ALL_OPS, card=EVENT_CARD)
_ANY_SA = (-1,) + tuple(range(len(L.SA_NAMES)))    # whichever Special Activity runs, or none
_RES, _SUP, _RED, _RESET = 1, 2, 3, 4     # engine/coin/propaganda.py PHASE_* numbers
DECISION_NEEDS = {
    L.D_OVER: Needs(event=False),
    L.D_BOX: Needs(event=False, card=EVENT_CARD),
    L.D_OPS_CHIT: Needs(event=False, card=EVENT_CARD),
    L.D_CHIT_EFFECT: Needs(event=False, card=EVENT_CARD),
    L.D_PASS_HOLD: Needs(executor=ANY, event=False, card=EVENT_CARD),
    L.D_PASS_BASE: Needs(executor=ANY, event=False, card=EVENT_CARD),
    L.D_OPERATION: Needs(executor=ANY, event=False, card=EVENT_CARD),
    L.D_SPACE: Needs(ops=_ALL_OPS, executor=OP_FACTION_OF),
    L.D_TAKE_FROM: Needs(executor=ANY, ops=(-1,) + _ALL_OPS, sas=_ANY_SA),
    L.D_DEPLOY_POLICE: Needs(ops=(L.OP_DEPLOY,), current=True, **_OP),
    L.D_CURFEW: Needs(ops=(L.OP_DEPLOY,), **_OP),
    L.D_PATROL_MOVE: Needs(ops=(L.OP_PATROL,), **_OP),
    L.D_PATROL_MOVE_TO: Needs(ops=(L.OP_PATROL,), current=True, **_OP),
    L.D_PATROL_ASSAULT: Needs(ops=(L.OP_PATROL,), **_OP),
    L.D_SWEEP_MOVE: Needs(ops=(L.OP_SWEEP,), **_OP),
    L.D_SWEEP_MOVE_TO: Needs(ops=(L.OP_SWEEP,), current=True, **_OP),
    L.D_SWEEP_IRREGULAR: Needs(ops=(L.OP_SWEEP,), current=True, **_OP),
    L.D_RALLY_COUNT: Needs(ops=(L.OP_RALLY,), current=True, executor=OP_FACTION_OF),
    L.D_RALLY_OPPOSITION: Needs(ops=(L.OP_RALLY,), **_OP),
    L.D_MARCH_DEST: Needs(ops=(L.OP_MARCH,), current=True, **_OP),
    L.D_MARCH_UNDERGROUND: Needs(ops=(L.OP_MARCH,), current=True, **_OP),
    L.D_MARCH_ACTIVE: Needs(ops=(L.OP_MARCH,), current=True, **_OP),
    L.D_AMBUSH_TROOP: Needs(executor=ANY, ops=(L.OP_AMBUSH, L.OP_RALLY, L.OP_SABOTAGE, -1), sas=_ANY_SA,
                            current=True, card=EVENT_CARD),
    L.D_PUNISH_CHIT: Needs(sas=(L.SA_PUNISH,), **_SA),
    L.D_FINE_RAILWAY: Needs(sas=(L.SA_PUNISH,), current=True, **_SA),
    L.D_DETAIN_SPREAD: Needs(sas=(L.SA_PUNISH,), current=True, **_SA),
    L.D_DIVIDE_TARGET: Needs(executor=SA_FACTION_OF, ops=(-1, L.OP_DEPLOY, L.OP_PATROL), sas=(L.SA_DIVIDE,),
                             current=True),
    L.D_RAID_FROM: Needs(sas=(L.SA_RAID,), current=True, **_SA),
    L.D_RAID_COUNT: Needs(sas=(L.SA_RAID,), current=True, **_SA),
    L.D_RAID_STRIKE: Needs(sas=(L.SA_RAID,), current=True, **_SA),
    L.D_MOBILIZE_GUERRILLA: Needs(executor=SA_FACTION_OF, ops=(-1, L.OP_RALLY, L.OP_MARCH), sas=(L.SA_MOBILIZE,)),
    L.D_SA_SPACE: Needs(executor=SA_FACTION_OF, ops=(-1,) + _ALL_OPS,
                        sas=(L.SA_PUNISH, L.SA_DIVIDE, L.SA_AIR_RECON, L.SA_MOBILIZE, L.SA_RAID)),
    L.D_SA_AFTER: Needs(executor=ANY, ops=(-1,) + _ALL_OPS, card=EVENT_CARD),
    L.D_PROP_BRITISH_KEEP: Needs(event=False, card=PROPAGANDA_CARD, phase=_RES),
    L.D_PROP_REBELS_GAIN: Needs(event=False, card=PROPAGANDA_CARD, phase=_RES),
    L.D_SUPPORT_DIVIDE: Needs(event=False, card=PROPAGANDA_CARD, phase=_SUP),
    L.D_SUPPORT_MOBILIZE: Needs(executor=ANY, event=False, card=PROPAGANDA_CARD, phase=_SUP),
    L.D_REDEPLOY_TROOPS: Needs(event=False, card=PROPAGANDA_CARD, phase=_RED),
    L.D_REDEPLOY_POLICE: Needs(event=False, card=PROPAGANDA_CARD, phase=_RED),
    L.D_REDEPLOY_POLICE_TO: Needs(current=True, event=False, card=PROPAGANDA_CARD, phase=_RED),
    L.D_REDEPLOY_IRREGULAR: Needs(event=False, card=PROPAGANDA_CARD, phase=_RED),
    L.D_REDEPLOY_GUERRILLA: Needs(event=False, card=PROPAGANDA_CARD, phase=_RED),
    L.D_MUNICH_TROOPS: Needs(event=False, card=PROPAGANDA_CARD, phase=_RESET),
    L.D_EVENT_SPACE: Needs(event=True, card=EVENT_CARD),
    L.D_EVENT_OPTION: Needs(event=True, card=EVENT_CARD),
    L.D_EVENT_OP: Needs(executor=ANY, event=True, card=EVENT_CARD),
    L.D_DISCARD_CHIT: Needs(event=True, card=EVENT_CARD),
}
# Decisions that move a piece from current_space: (the pieces, the context
# array of those that already moved there this step, the rule).
_GUERRILLAS = (L.GUERRILLAS_UNDERGROUND, L.GUERRILLAS_ACTIVE)
SOURCES = {
    L.D_SWEEP_MOVE_TO: ((L.TROOPS,), "moved_here", "3.2.3"),
    L.D_REDEPLOY_POLICE_TO: ((L.POLICE,), "moved_police", "6.4.1"),
    L.D_MARCH_DEST: (_GUERRILLAS, "moved_here", "3.3.2"),
    L.D_MARCH_UNDERGROUND: (_GUERRILLAS, "moved_here", "3.3.2"),
    L.D_MARCH_ACTIVE: (_GUERRILLAS, "moved_here", "3.3.2"),
    L.D_AMBUSH_TROOP: ((L.TROOPS,), None, "A8"),
}
# The Redeploy Phase's stage each of its decisions belongs to (6.4).
REDEPLOY_STAGES = {L.D_REDEPLOY_TROOPS: turns.REDEPLOY_TROOPS_STAGE, L.D_REDEPLOY_POLICE: turns.REDEPLOY_POLICE_STAGE,
                   L.D_REDEPLOY_POLICE_TO: turns.REDEPLOY_POLICE_STAGE,
                   L.D_REDEPLOY_IRREGULAR: turns.REDEPLOY_IRREGULARS_STAGE,
                   L.D_REDEPLOY_GUERRILLA: turns.REDEPLOY_GUERRILLAS_STAGE}
TOP_KEYS = ("volume", "layout_version", "first_eligible", "decision", "current_agent", "outcome", "card",
            "political_will", "unity_track", "available", "prison", "out_of_play_troops", "police_on_tegart_forts",
            "transjordan_egypt_in_play", "operations_chits", "punishment_chits", "capabilities", "spaces",
            "played_cards", "undrawn_cards", "context") + KernelGame.COMMON_KEYS
AVAILABLE_KEYS = {"troops": L.TOTAL_TROOPS, "police": L.TOTAL_POLICE, "irregulars": L.TOTAL_IRREGULARS,
                  "guerrillas": L.TOTAL_GUERRILLAS, "bases": L.TOTAL_BASES}
CHIT_KEYS = ("held", "drawn", "set_aside", "in_play")
PIECE_MAX = (L.TOTAL_TROOPS, L.TOTAL_POLICE, L.TOTAL_IRREGULARS, L.TOTAL_IRREGULARS, L.TOTAL_GUERRILLAS,
             L.TOTAL_GUERRILLAS, 2, 1, L.TOTAL_SABOTAGE, 1)   # totals checked after


class _Reader(CoinReader):
    """Checks an Arab Revolt state dict field by field; errors name the field
    (the COIN part in engine/coin/statedict.py)."""

    prefix = "A"
    n_event_cards = N_EVENT_CARDS
    propaganda_cards = PROPAGANDA_CARDS
    card_titles = CARD_TITLES
    capability_slots = CAPABILITY_SLOTS
    single_text = tuple(c for c in range(1, N_EVENT_CARDS + 1) if E.SINGLE_TEXT[c])
    special_activity_alone = True        # the Support Phase's Divide and Mobilize (6.3)
    context_fields = CONTEXT_FIELDS
    context_arrays = CONTEXT_ARRAYS
    context_ranges = CONTEXT_RANGES
    context_array_ranges = CONTEXT_ARRAY_RANGES
    game_class = ArabRevoltGame
    setup_kernel = staticmethod(setup)
    space_names = MAP_NAMES
    insurgent_victory_slot = P_REBEL_VICTORY_WILL     # 7.0.1 (parameters.py)

    def build(self, cls):
        f, d = self.f, self.d
        self.fresh = "context" not in d
        game = self.begin(cls, TOP_KEYS)
        s = game.state
        s[L.UNITY] = self.count(self.given("unity_track"), "unity_track", L.CENTRALIZED)
        prison = self.given("prison")
        f.mapping(prison, "prison", "a mapping with 'guerrillas' and 'bases'")
        f.keys(prison, "prison", ("guerrillas", "bases"))
        s[L.PRISON_GUERRILLAS] = self.count(self.given_part(prison, "prison", "guerrillas"), "prison.guerrillas",
                                            L.TOTAL_GUERRILLAS)
        s[L.PRISON_BASES] = self.count(self.given_part(prison, "prison", "bases"), "prison.bases", L.TOTAL_BASES)
        s[L.OUT_OF_PLAY_TROOPS] = self.count(self.given("out_of_play_troops"), "out_of_play_troops", L.TOTAL_TROOPS)
        s[L.TEGART_POLICE] = self.count(self.given("police_on_tegart_forts"), "police_on_tegart_forts",
                                        L.TEGART_POLICE_COUNT)
        s[L.EXTRA_COUNTRIES] = int(f.boolean(self.given("transjordan_egypt_in_play"), "transjordan_egypt_in_play"))
        self.read_pool(s, "operations_chits", OPS_VALUES, L.OPS_TAKEN, L.OPS_HELD, L.OPS_DRAWN, L.OPS_IN_PLAY,
                       L.OPS_PER_KIND, "1.8.1")
        self.read_pool(s, "punishment_chits", L.PUNISHMENT_NAMES, L.PUN_TAKEN, L.PUN_HELD, L.PUN_DRAWN,
                       L.PUN_IN_PLAY, L.PUN_PER_KIND, "1.7.1")
        self.read_spaces(s, MAP_NAMES, PIECE_KEYS, PIECE_MAX, L.SPACES, L.SPACE_FIELDS)
        self.fill_available(s, d.get("available"))
        self.check_board(s)
        return self.read_the_rest(game)

    def fresh_card_context(self, s, d) -> dict:
        """A scenario's card just revealed: not a Mandatory event, which
        resolves as it is revealed (5.4)."""
        ctx = super().fresh_card_context(s, d)
        card = int(s[L.CARD])
        if card in MANDATORY_CARDS:
            self.fail(f"without a 'context' the card in play cannot be a Mandatory event (A{card} resolves as it "
                      "is revealed, 5.4); give the context or start on another card")
        ctx.update(placing_piece=-1, placing_to=-1, propaganda_phase=-1)
        return ctx

    def read_pool(self, s, key, names, taken, held, drawn, in_play, per_kind, rule):
        """A chit pool (1.7.1, 1.8.1): the chits held, drawn this turn, set
        aside and in play, each given by value or name; all out of the cup."""
        f = self.f
        pool = self.given(key)
        f.mapping(pool, key, "a mapping of held / drawn / set_aside / in_play (/ coordinate_bonus)")
        allowed = CHIT_KEYS + (("coordinate_bonus",) if key == "operations_chits" else ())
        f.keys(pool, key, allowed)
        out = [0, 0, 0]
        for part, at in (("held", held), ("drawn", drawn), ("set_aside", None)):
            items = self.given_part(pool, key, part)
            if not isinstance(items, list) or len(items) > int(per_kind.sum()):
                self.fail(f"{key}.{part} must be a list of at most {int(per_kind.sum())} chits")
            for item in items:
                k = self.chit_kind(item, names, f"{key}.{part}")
                out[k] += 1
                if at is not None:
                    s[at + k] += 1
        chosen = self.given_part(pool, key, "in_play")
        if chosen is not None:
            k = self.chit_kind(chosen, names, f"{key}.in_play")
            out[k] += 1
            s[in_play] = k + 1
        for k in range(3):
            if out[k] > per_kind[k]:
                self.fail(f"{key}: at most {int(per_kind[k])} chits of {names[k]} exist ({rule})")
            s[taken + k] = out[k]
        if key == "operations_chits":
            bonus = self.count(self.given_part(pool, key, "coordinate_bonus"), f"{key}.coordinate_bonus", 1)
            if bonus and chosen is None:
                self.fail(f"{key}.coordinate_bonus needs a chit in play (4.3.2)")
            s[L.OPS_BONUS] = bonus

    def chit_kind(self, item, names, where):
        """A chit by its value (an integer, never ``1.0`` or ``True``) or its
        name (``"Detain"``), as ``to_dict`` writes it."""
        key = as_integer(item) if isinstance(names[0], int) else item if isinstance(item, str) else None
        if key in names:
            return names.index(key)
        self.fail(f"{where}: {show(item)} is not a chit; chits: {', '.join(show(n) for n in names)}")

    def check_context(self, s):
        """Cross-field checks of the decision context."""
        d = int(s[L.DECISION])
        if d not in DECISION_NEEDS:
            self.fail(f"context.decision {d} is not a decision kind that is ever stored")
        need = DECISION_NEEDS[d]
        name = f"context.decision {d} ({L.DECISION_NAMES[d]})"
        ctx = self.context_values(s)
        card = int(s[L.CARD])
        played = [int(c) for c in s[L.DECK:L.DECK + int(s[L.DECK_DRAWN])]]
        s[L.MUNICH_DONE] = 1 if MUNICH in played else 0
        self.check_outcome_and_rounds(s, d, name)       # 6.1.5, 6.1.6, 7.0
        self.check_card_kind(need, card, name)
        in_round = card in PROPAGANDA_CARDS and d != L.D_OVER
        if in_round and (need.phase is not None and ctx["propaganda_phase"] != need.phase):
            self.fail(f"context.propaganda_phase {ctx['propaganda_phase']} does not fit {name}")
        if not in_round and ctx["propaganda_phase"] != -1:
            self.fail(f"context.propaganda_phase must be -1 outside a Propaganda Round ({name})")
        if in_round and ctx["propaganda_phase"] not in (_RES, _SUP, _RED, _RESET):
            self.fail(f"context.propaganda_phase must name the phase that waits ({name})")
        mandatory = card in MANDATORY_CARDS
        if card not in PROPAGANDA_CARDS and ctx["mandatory_card"] != int(mandatory):
            self.fail("context.mandatory_card must be 1 exactly when the card in play is a Mandatory event (5.4)")
        if ctx["mandatory_event_running"] and (not mandatory or ctx["event_card"] != card
                                              or s[L.BOX] != -1 or s[L.BOX + 1] != -1):
            self.fail("context.mandatory_event_running: only a Mandatory event's own text runs before the "
                      "boxes are taken (5.4)")

        box = self.check_boxes(s, d)                    # 2.3.2
        mover = ctx["first_eligible"] if ctx["card_step"] == 0 else 1 - ctx["first_eligible"]
        if need.card == EVENT_CARD and not ctx["mandatory_event_running"]:
            if d not in (L.D_BOX, L.D_OPS_CHIT) and box[mover] == -1:
                self.fail(f"context.box: the faction acting on the card has taken no box for {name} (2.3.2)")
            if mandatory and L.BOX_EVENT in box:
                self.fail("context.box: no one takes the Event box on a Mandatory event's card (5.4)")
        elif box != [-1, -1] and card in PROPAGANDA_CARDS:
            self.fail("context.box must be [-1, -1] during a Propaganda Round")
        if d == L.D_BOX and mover == L.REBELS and not ctx["rebel_chit_chosen"] and not self.fresh:
            self.fail(f"{name}: the Rebels draw and select their Operations chit before choosing a box (2.3.4)")
        choices = sum(1 for k in range(3) if s[L.OPS_DRAWN + k] + s[L.OPS_HELD + k] > 0)
        if d == L.D_OPS_CHIT and (mover != L.REBELS or ctx["rebel_chit_chosen"] != 1 or choices < 2):
            self.fail(f"{name}: only the Rebels, with chits of two values drawn or held, select a chit before their "
                      "box (2.3.4)")
        if d == L.D_CHIT_EFFECT and (mover != L.REBELS or s[L.OPS_IN_PLAY] < 2 or s[L.UNITY] == L.CENTRALIZED):
            self.fail(f"{name}: the British resolve a 2 or 3 chit's effect after the Rebels' action (1.8.2, 6.6.3)")
        this_card = int(s[L.CHIT_THIS_CARD])
        if (not ctx["rebel_chit_chosen"] and this_card) or (s[L.OPS_IN_PLAY] and this_card != s[L.OPS_IN_PLAY]) \
                or (this_card and card in PROPAGANDA_CARDS):
            self.fail("context.operations_chit_this_card must be the value the Rebels selected on this card, 0 "
                      "before they select one (2.3.4)")
        if s[L.OPS_DRAWN:L.OPS_DRAWN + 3].any() and d != L.D_OPS_CHIT:
            self.fail("operations_chits.drawn: drawn chits lie face up only while the Rebels select one (1.8.1)")
        if s[L.OPS_IN_PLAY] and (card in PROPAGANDA_CARDS or not (mover == L.REBELS or box[L.REBELS] >= 0)):
            self.fail("operations_chits.in_play: a chit is in play only during the Rebels' action on an event "
                      "card (2.3.4)")

        self.check_who_decides(need, ctx, name)
        ex, op = ctx["executor"], ctx["operation"]
        self.check_operation_fields(s, d, need, ctx, name, OPERATION_NEUTRAL)
        if d == L.D_TAKE_FROM:
            if ctx["placing_piece"] not in (L.POLICE, L.IRREGULARS_UNDERGROUND, L.GUERRILLAS_UNDERGROUND, L.BASES) \
                    or ctx["placing_to"] < 0 or ctx["placing_left"] < 1 \
                    or ex < 0 or ctx["placing_faction"] != ex:
                self.fail(f"context.placing_*: {name} needs the piece, its space, how many are left and who "
                          "places them (1.4.1)")
        elif any(ctx[k] != v for k, v in PLACING_NEUTRAL.items()):
            self.fail(f"context.placing_*: no placement waits for a piece from the map ({name})")
        self.check_spaces_named(need, ctx, name)
        if ctx["foreign_assistance"] and (op != L.OP_RALLY or card not in PROPAGANDA_CARDS):
            self.fail("context.foreign_assistance is the Resources Phase's Rally (6.2.3)")
        if op >= 0 and card in PROPAGANDA_CARDS and not ctx["foreign_assistance"]:
            self.fail("context.operation: the only Operation of a Propaganda Round is Foreign Assistance's Rally "
                      "(6.2.3)")
        if d == L.D_REDEPLOY_TROOPS and not any(s[L.SPACES + i * L.SPACE_FIELDS + L.TROOPS]
                                                for i in range(_N) if SPACE_KIND[i] == RAILWAY):
            self.fail(f"{name}: no Troops are on a Railway (6.4.1)")
        if d == L.D_MUNICH_TROOPS and (card != MUNICH or s[L.OUT_OF_PLAY_TROOPS] == 0):
            self.fail(f"{name}: Munich (A34) brings Out of Play Troops back (6.5)")
        if d == L.D_REDEPLOY_IRREGULAR and ctx["phase_left"] < 1:
            self.fail(f"context.phase_left must count the Irregulars still to remove for {name} (6.4.1)")
        self.check_sources(s, d, ctx, name)
        self.check_arrivals(s, ctx, L.OP_MARCH, "March", "Guerrillas", L.GUERRILLAS_UNDERGROUND,
                           L.GUERRILLAS_ACTIVE, arrays=("march_destinations",))

        self.check_event_fields(d, need, ctx, card, name, EVENT_NEUTRAL)
        ev = ctx["event_card"]
        if d == L.D_EVENT_OPTION and ev not in (9, 31):
            self.fail(f"{name} is asked only by A9 and A31")
        if d == L.D_DISCARD_CHIT and (ev != 14 or not s[L.PUN_HELD:L.PUN_HELD + 3].any()):
            self.fail(f"{name} is asked only by A14, with a Punishment chit held")
        if ctx["event_pick"] == E.PICK_TROOP_TO_CITY and ctx["current_space"] < 0:
            self.fail("context.current_space must name the space A32's Troop leaves")
        if ctx["event_pick"] == E.PICK_MOBILIZATION_POLICE and ctx["second_space"] not in (L.DETAIN, L.DEMOLISH,
                                                                                             L.FINE):
            self.fail("context.second_space must be the kind of chit A10 drew (Detain 0, Demolish 1, Fine 2)")
        if self.fresh and d == L.D_BOX and mover == L.REBELS and not ctx["rebel_chit_chosen"]:
            try:
                turns.settle(s)      # a scenario's fresh card: the Rebels draw their chits now (2.3.4)
            except ValueError:
                self.fail("forced_chance: a value is out of range for the Rebels' chit draw (a chit's index "
                          "among those in the cup, 1.8.1)")

    def check_sources(self, s, d, ctx, name):
        """The spaces a decision names exist for it on this board: in play
        (1.3.7); a piece left to move from current_space (less those that
        already moved there this step); a March destination, a Raid origin or
        a Redeploy source the rules would offer; the capability a step needs."""
        for key in ("current_space", "placing_to", "event_space"):
            sp = ctx[key]
            if sp >= 0 and not in_play(s, sp):
                self.fail(f"context.{key}: {MAP_NAMES[sp]} is out of play until A30's shaded text (1.3.7)")
        cur, second = ctx["current_space"], ctx["second_space"]
        if d == L.D_PATROL_MOVE_TO:
            police = second == 1
            self.require_left(s, cur, (L.POLICE,) if police else (L.TROOPS,),
                              "moved_police" if police else "moved_here", name, "3.2.2")
        elif d in SOURCES:
            pieces, moved, rule = SOURCES[d]
            self.require_left(s, cur, pieces, moved, name, rule)
        if d in (L.D_MARCH_UNDERGROUND, L.D_MARCH_ACTIVE):
            self.check_march_group(s, d, ctx, name)
        if d == L.D_AMBUSH_TROOP and not (capability(s, L.CAP_QAWUQJI, L.CAP_SHADED)
                                          and SPACE_KIND[cur] == DISTRICT):
            self.fail(f"context.current_space: {name} sends a Troop from a District selected for Ambush, with "
                      "FAWZI AL-QAWUQJI (A8) shaded in effect")
        if d == L.D_RAID_FROM and not any(raid_source_ok(s, cur, src) for src in range(_N)):
            self.fail(f"context.current_space: no adjacent space with a Base has Guerrillas to Raid "
                      f"{MAP_NAMES[cur]} (4.3.3)")
        if d == L.D_RAID_COUNT and not (second >= 0 and raid_source_ok(s, cur, second)
                                        and guerrillas(s, second) >= 2):
            self.fail(f"context.second_space must be a space adjacent to {MAP_NAMES[cur]} with a Base and two "
                      f"Guerrillas or more for {name} (4.3.3)")
        stage = REDEPLOY_STAGES.get(d)
        if stage is not None and ctx["redeploy_stage"] != stage:
            self.fail(f"context.redeploy_stage must be {stage} for {name}: the Redeploy Phase moves Troops, then "
                      "Police, then Irregulars, then Guerrillas (6.4)")
        if d == L.D_REDEPLOY_GUERRILLA and turns.redeploy_guerrilla_source(s) < 0:
            self.fail(f"{name}: no Guerrilla is on a Railway or in a City to leave it (6.4.2)")

    def check_march_group(self, s, d, ctx, name):
        """The March group being formed (3.3.2): its destination is adjacent to
        the origin, in play and not yet used by this origin; the Underground
        movers chosen are there; some Guerrilla is left to choose."""
        cur, dst = ctx["current_space"], ctx["second_space"]
        if dst < 0 or not march_destination_ok(s, cur, dst) or s[L.DEST_USED + dst]:
            self.fail(f"context.second_space must name a March destination adjacent to {MAP_NAMES[cur]}, in play, "
                      f"not yet used from there, for {name} (3.3.2)")
        underground, active = (int(n) for n in turns.march_unmoved(s, cur))
        chosen = ctx["march_group_underground"]
        if d == L.D_MARCH_UNDERGROUND and (chosen != 0 or underground + active <= 0):
            self.fail(f"context: {name} needs march_group_underground 0 and a Guerrilla in {MAP_NAMES[cur]} that "
                      "has not moved in this March (3.3.2)")
        if d == L.D_MARCH_ACTIVE and (chosen > underground or active <= 0):
            self.fail(f"context.march_group_underground: {name} needs at most the {underground} unmoved "
                      f"Underground Guerrillas of {MAP_NAMES[cur]} and an unmoved Active one (3.3.2)")

    def fill_available(self, s, avail):
        """Available pieces as given, or (no 'available' key) whatever is not
        on the map, in Prison, Out of Play or on TEGART FORTS."""
        sp = s[L.SPACES:L.SPACES + _N * L.SPACE_FIELDS].reshape(_N, L.SPACE_FIELDS)
        if avail is None:
            avail = {
                "troops": L.TOTAL_TROOPS - int(sp[:, L.TROOPS].sum() + s[L.OUT_OF_PLAY_TROOPS]),
                "police": L.TOTAL_POLICE - int(sp[:, L.POLICE].sum() + s[L.TEGART_POLICE]),
                "irregulars": L.TOTAL_IRREGULARS - int(sp[:, L.IRREGULARS_UNDERGROUND].sum()
                                                       + sp[:, L.IRREGULARS_ACTIVE].sum()),
                "guerrillas": L.TOTAL_GUERRILLAS - int(sp[:, L.GUERRILLAS_UNDERGROUND].sum()
                                                       + sp[:, L.GUERRILLAS_ACTIVE].sum() + s[L.PRISON_GUERRILLAS]),
                "bases": L.TOTAL_BASES - int(sp[:, L.BASES].sum() + s[L.PRISON_BASES]),
            }
            for what, n in avail.items():
                if n < 0:
                    self.fail(f"more {what} on the map, in Prison and out of play than exist (1.2)")
        self.f.mapping(avail, "available", "a mapping of piece -> count")
        self.f.keys(avail, "available", AVAILABLE_KEYS)
        s[L.AVAILABLE_TROOPS] = self.count(avail.get("troops", 0), "available.troops", L.TOTAL_TROOPS)
        s[L.AVAILABLE_POLICE] = self.count(avail.get("police", 0), "available.police", L.TOTAL_POLICE)
        s[L.AVAILABLE_IRREGULARS] = self.count(avail.get("irregulars", 0), "available.irregulars",
                                               L.TOTAL_IRREGULARS)
        s[L.AVAILABLE_GUERRILLAS] = self.count(avail.get("guerrillas", 0), "available.guerrillas",
                                               L.TOTAL_GUERRILLAS)
        s[L.AVAILABLE_BASES] = self.count(avail.get("bases", 0), "available.bases", L.TOTAL_BASES)

    def check_board(self, s):
        """Totals (1.2), stacking and where pieces and markers may stand (1.3.7,
        1.4.2, 1.6, 1.9, 1.12), named."""
        sp = s[L.SPACES:L.SPACES + _N * L.SPACE_FIELDS].reshape(_N, L.SPACE_FIELDS)
        totals = (
            ("Troops", sp[:, L.TROOPS].sum() + s[L.AVAILABLE_TROOPS] + s[L.OUT_OF_PLAY_TROOPS], L.TOTAL_TROOPS),
            ("Police", sp[:, L.POLICE].sum() + s[L.AVAILABLE_POLICE] + s[L.TEGART_POLICE], L.TOTAL_POLICE),
            ("Irregulars", sp[:, L.IRREGULARS_UNDERGROUND].sum() + sp[:, L.IRREGULARS_ACTIVE].sum()
             + s[L.AVAILABLE_IRREGULARS], L.TOTAL_IRREGULARS),
            ("Guerrillas", sp[:, L.GUERRILLAS_UNDERGROUND].sum() + sp[:, L.GUERRILLAS_ACTIVE].sum()
             + s[L.AVAILABLE_GUERRILLAS] + s[L.PRISON_GUERRILLAS], L.TOTAL_GUERRILLAS),
            ("Bases", sp[:, L.BASES].sum() + s[L.AVAILABLE_BASES] + s[L.PRISON_BASES], L.TOTAL_BASES),
        )
        for what, have, total in totals:
            if have != total:
                self.fail(f"{what} on the map, in pools, in Prison and out of play add up to {have}, not {total} "
                          "(1.2)")
        extra = bool(s[L.EXTRA_COUNTRIES])
        for i, name in enumerate(MAP_NAMES):
            kind = SPACE_KIND[i]
            british = sp[i, L.TROOPS] + sp[i, L.POLICE] + sp[i, L.IRREGULARS_UNDERGROUND] + sp[i, L.IRREGULARS_ACTIVE]
            if name in ("Transjordan", "Egypt") and not extra and sp[i].any():
                self.fail(f"spaces.{name}: out of play until A30's shaded text (1.3.7)")
            if kind == FOREIGN and british:
                self.fail(f"spaces.{name}: British pieces never enter a Foreign Country (1.3.7, 1.4.2)")
            if kind == RAILWAY and sp[i, L.BASES]:
                self.fail(f"spaces.{name}: Railways never hold Bases (1.4.2)")
            if (sp[i, L.OPPOSITION] or sp[i, L.CURFEW]) and kind not in (DISTRICT, CITY):
                self.fail(f"spaces.{name}: Opposition and Curfews only in Districts and Cities (1.6, 1.12)")
            if sp[i, L.SABOTAGE] and kind != RAILWAY:
                self.fail(f"spaces.{name}: Sabotage markers only on Railways (1.9)")
            if sp[i, L.CURFEW] and british == 0:
                self.fail(f"spaces.{name}.curfew: a Curfew stays only in a space with British pieces (1.12)")
        if sp[:, L.CURFEW].sum() > L.TOTAL_CURFEWS:
            self.fail(f"spaces: at most {L.TOTAL_CURFEWS} Curfews (1.12)")
        self.check_marker_supply(s, (L.SABOTAGE,), L.TOTAL_SABOTAGE, "Sabotage markers", "1.2, A-26")


