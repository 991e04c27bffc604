"""Impossible positions are refused, whatever field makes them impossible: a
pending decision whose context the board cannot back (an origin with nothing
left to move, a piece to send back that is not there, a count from a space
that is not the one named), markers beyond the countersheet, values read
loosely; and every dict Game.from_dict accepts loads back from its own
to_dict(). What a dict leaves out is the volume's setup (2.1).

Each position starts from a real one (a seeded random game stopped at the
decision in question) with one thing changed, so that only that thing is
wrong. The shared guard of Game.from_dict (every legal action must leave a
position that keeps the invariants and can go on; the saved dict must load
back) is tested on its own too, with a volume's own check taken away.
"""

from __future__ import annotations

import copy
import functools
import json

import numpy as np
import pytest

from britishway_env import Game, StateError
from britishway_env.engine.coin.header import FIRST_ELIGIBLE
from britishway_env.volumes.arab_revolt import game as ar_game
from britishway_env.volumes.arab_revolt import layout as AL
from britishway_env.volumes.boards import cyprus as cyprus_board
from britishway_env.volumes.boards import palestine as palestine_board
from britishway_env.volumes.cyprus import game as cy_game
from britishway_env.volumes.cyprus import layout as CL
from britishway_env.volumes.palestine import layout as PL

import arab_revolt_helpers as ar
import cyprus_helpers as cy
from statedict_fuzz import without_history

LAYOUTS = {"palestine": PL, "cyprus": CL, "arab_revolt": AL}
NAMES = {"palestine": palestine_board.SPACE_NAMES, "cyprus": cyprus_board.SPACE_NAMES,
         "arab_revolt": palestine_board.SPACE_NAMES}


@functools.lru_cache(maxsize=None)
def _positions(volume: str, decisions: tuple[int, ...]) -> dict:
    """The first position of each decision kind met in seeded random games."""
    found: dict[int, str] = {}
    rng = np.random.default_rng(11)
    layout = LAYOUTS[volume]
    for seed in range(400):
        g = Game(volume, seed=seed)
        while not g.is_terminal() and len(found) < len(decisions):
            d = int(g.state[layout.DECISION])
            if d in decisions and d not in found:
                found[d] = json.dumps(without_history(g.to_dict()))
            g.apply(int(rng.choice(g.legal_actions())))
        if len(found) == len(decisions):
            return found
    raise AssertionError(f"{volume}: decisions {set(decisions) - set(found)} never met")


def position(volume: str, decision: int, among: tuple[int, ...] = ()) -> dict:
    """A real dict at ``decision`` (a fresh copy each time)."""
    return json.loads(_positions(volume, tuple(sorted({decision, *among})))[decision])


def refuses(d: dict, match: str):
    with pytest.raises(StateError, match=match):
        Game.from_dict(d)


def reloads(g):
    """``g`` saves and loads back to the same position (its saved dict again)."""
    again = Game.from_dict(g.to_dict())
    assert without_history(again.to_dict()) == without_history(g.to_dict())
    return again


def take_away(d: dict, space: str, keys, pool: str, pool_key: str) -> int:
    """Move the pieces ``keys`` of ``space`` to the pool ``d[pool][pool_key]``; how many."""
    pieces = d["spaces"].setdefault(space, {})
    n = sum(pieces.pop(k, 0) for k in keys)
    d[pool][pool_key] += n
    if not pieces:
        del d["spaces"][space]
    return n


def current(d, volume) -> str:
    return NAMES[volume][d["context"]["current_space"]]


# ------------------------------------------------------- Travel and March --

CY_TRAVEL = (CL.D_TRAVEL_DEST, CL.D_TRAVEL_COUNT)
AR_MARCH = (AL.D_MARCH_DEST, AL.D_MARCH_UNDERGROUND, AL.D_MARCH_ACTIVE)


@pytest.mark.parametrize("volume, decision, among, keys, pool", [
    ("cyprus", CL.D_TRAVEL_DEST, CY_TRAVEL, ("underground_cells", "active_cells"), "cells"),
    ("palestine", PL.D_TRAVEL_DEST, (), ("underground_cells", "active_cells"), "cells"),
    ("arab_revolt", AL.D_MARCH_DEST, AR_MARCH, ("underground_guerrillas", "active_guerrillas"), "guerrillas"),
])
def test_3_3_2_a_destination_needs_a_piece_left_at_its_origin(volume, decision, among, keys, pool):
    """Travel (Palestine, Cyprus) and March (Arab Revolt) asking for a
    destination from an origin with no Cell / Guerrilla: refused, naming
    current_space (it loaded before, then dead-ended after the destination)."""
    d = position(volume, decision, among)
    assert Game.from_dict(copy.deepcopy(d)).phase == d["decision"]
    assert take_away(d, current(d, volume), keys, "available", pool) > 0
    refuses(d, rf"context\.current_space: context\.decision {decision} .* none is left there .*3\.3\.2")


@pytest.mark.parametrize("volume, decision, among, active_key", [
    ("cyprus", CL.D_TRAVEL_DEST, CY_TRAVEL, "active_cells"),
    ("arab_revolt", AL.D_MARCH_DEST, AR_MARCH, "active_guerrillas"),
])
def test_3_3_2_a_destination_needs_a_piece_that_has_not_moved(volume, decision, among, active_key):
    """The origin's pieces all arrived there in this Travel / March
    (moved_here): they move no more, so no destination can be asked."""
    d = position(volume, decision, among)
    cur = d["context"]["current_space"]
    pieces = d["spaces"][current(d, volume)]
    d["context"]["moved_here"][cur] = sum(v for k, v in pieces.items() if k.endswith(("cells", "guerrillas")))
    d["context"]["moved_here_active"][cur] = pieces.get(active_key, 0)
    if volume == "arab_revolt":
        d["context"]["march_destinations"][cur] = 0
    refuses(d, r"context\.current_space: .* none is left there \(less those that already moved this step")


def test_3_3_2_march_group_counts_must_fit_the_origin():
    """Arab Revolt March: the Underground movers already chosen cannot exceed
    the unmoved Underground Guerrillas, and the destination must be one the
    March may take (adjacent, not yet used from this origin)."""
    d = position("arab_revolt", AL.D_MARCH_ACTIVE, AR_MARCH)
    ctx = d["context"]
    under = d["spaces"][current(d, "arab_revolt")].get("underground_guerrillas", 0)
    bad = copy.deepcopy(d)
    bad["context"]["march_group_underground"] = under + 1
    refuses(bad, r"context\.march_group_underground: .* needs at most")
    bad = copy.deepcopy(d)
    bad["context"]["march_destinations"][ctx["second_space"]] = 1
    refuses(bad, r"context\.second_space must name a March destination")
    bad = copy.deepcopy(d)
    far = next(i for i, n in enumerate(NAMES["arab_revolt"])
               if i != ctx["current_space"] and not ar_game.march_destination_ok(Game.from_dict(d).state,
                                                                                 ctx["current_space"], i))
    bad["context"]["second_space"] = far
    refuses(bad, r"context\.second_space must name a March destination")


# --------------------------------------------------------- Arab Revolt --

def test_a8_shaded_troop_back_to_a_city_needs_a_troop_in_the_ambush_district():
    """FAWZI AL-QAWUQJI shaded (A8): the Troop sent back to a City comes from
    the District selected for Ambush; with none there the position is refused
    (it loaded, and sending the Troop left -1 Troops)."""
    d = position("arab_revolt", AL.D_AMBUSH_TROOP)
    assert take_away(d, current(d, "arab_revolt"), ("troops",), "available", "troops") > 0
    refuses(d, r"context\.current_space: context\.decision 22 \(Ambush: Troop back to a City\) needs Troops")


def test_a8_troop_step_needs_the_capability():
    d = position("arab_revolt", AL.D_AMBUSH_TROOP)
    d["capabilities"] = {k: v for k, v in d["capabilities"].items() if k != "A8"}
    d["context"]["capabilities"][AL.CAPABILITY_SLOT_CARDS.index(8)] = 0
    refuses(d, r"FAWZI AL-QAWUQJI \(A8\) shaded in effect")


@pytest.mark.parametrize("second, match", [
    (-1, r"context\.second_space must be a space adjacent to .* with a Base and two Guerrillas"),
    (palestine_board.space_index("Gaza"), r"context\.second_space must be a space adjacent to"),
])
def test_4_3_3_raid_count_names_an_adjacent_base_with_two_guerrillas(second, match):
    """Raid's "how many Guerrillas" with second_space -1 or a space that is no
    Raid origin: refused (the kernel wrote inside the row and pieces stopped
    being conserved)."""
    d = position("arab_revolt", AL.D_RAID_COUNT)
    d["context"]["second_space"] = second
    refuses(d, match)


@pytest.mark.parametrize("country", ["Transjordan", "Egypt"])
def test_1_3_7_no_decision_names_an_out_of_play_country(country):
    """Transjordan and Egypt are out of play until A30's shaded text: a Raid
    into one would put a Guerrilla there."""
    d = position("arab_revolt", AL.D_RAID_COUNT)
    assert d["transjordan_egypt_in_play"] is False
    d["context"]["current_space"] = palestine_board.space_index(country)
    refuses(d, rf"context\.current_space: {country} is out of play until A30's shaded text \(1\.3\.7\)")


def test_6_4_2_redeploy_guerrilla_needs_one_on_a_railway_or_in_a_city():
    """The Rebels' forced Redeploy with no Guerrilla on a Railway or in a City
    left to move: refused (the kernel moved a piece from nowhere)."""
    d = position("arab_revolt", AL.D_REDEPLOY_GUERRILLA)
    for name in list(d["spaces"]):
        if palestine_board.SPACE_KIND[palestine_board.space_index(name)] in (palestine_board.RAILWAY,
                                                                              palestine_board.CITY):
            take_away(d, name, ("underground_guerrillas", "active_guerrillas"), "available", "guerrillas")
    refuses(d, r"context\.decision 47 \(Redeploy: Guerrilla to\): no Guerrilla is on a Railway or in a City")


def test_6_4_redeploy_decisions_belong_to_their_stage():
    d = position("arab_revolt", AL.D_REDEPLOY_GUERRILLA)
    d["context"]["redeploy_stage"] = 0
    refuses(d, r"context\.redeploy_stage must be 3 for context\.decision 47")


@pytest.mark.parametrize("key, value", [
    ("drawn", [1.0, 2.0]), ("drawn", [True, 2]), ("drawn", ["1", 2]),
])
def test_1_8_1_operations_chits_are_read_by_exact_value(key, value):
    d = without_history(Game("arab_revolt", seed=0).to_dict())
    assert d["operations_chits"]["drawn"] == [1, 2]
    d["operations_chits"][key] = value
    refuses(d, r"operations_chits\.drawn: .* is not a chit; chits: 1, 2, 3")


def test_1_8_1_numpy_integer_chits_are_integers():
    d = without_history(Game("arab_revolt", seed=0).to_dict())
    d["operations_chits"]["drawn"] = [np.int64(1), np.int32(2)]
    assert Game.from_dict(d).to_dict()["operations_chits"]["drawn"] == [1, 2]


@pytest.mark.parametrize("volume, key", [("arab_revolt", "A01"), ("arab_revolt", "a1"), ("cyprus", "C09"),
                                         ("palestine", "P09"), ("cyprus", " C9")])
def test_5_3_capability_keys_as_to_dict_writes_them(volume, key):
    refuses({"volume": volume, "spaces": {}, "capabilities": {key: "unshaded"}},
            rf"capabilities: '{key}' is not a capability card")


# ------------------------------------------------------------- Sabotage --

def test_1_2_cyprus_has_15_sabotage_markers():
    """The countersheet has 15 Sabotage markers (1.2, C-29): 30 in one space
    names the field; 16 over several spaces are refused; 15 load."""
    refuses({"volume": "cyprus", "spaces": {"Nicosia": {"sabotage": 30}}},
            r"spaces\.Nicosia\.sabotage must be an integer in 0\.\.15, got 30")
    spread = {t: {"sabotage": 3} for t in cy.TOWNS[:5]} | {"Dhekelia": {"sabotage": 1}}
    refuses({"volume": "cyprus", "spaces": spread}, r"spaces: 16 Sabotage markers on the map; the game has 15")
    spread["Dhekelia"] = {"sabotage": 0}
    assert Game.from_dict({"volume": "cyprus", "spaces": spread}).to_dict()["spaces"]["Nicosia"] == {"sabotage": 3}


def test_1_2_arab_revolt_has_15_sabotage_markers():
    refuses({"volume": "arab_revolt", "spaces": {"Tel Aviv-Haifa Railway": {"sabotage": 30}}},
            r"spaces\.Tel Aviv-Haifa Railway\.sabotage must be an integer in 0\.\.15, got 30")
    rails = [n for i, n in enumerate(palestine_board.SPACE_NAMES)
             if palestine_board.SPACE_KIND[i] == palestine_board.RAILWAY]
    refuses({"volume": "arab_revolt", "spaces": {r: {"sabotage": 4} for r in rails}},
            r"spaces: 16 Sabotage markers on the map; the game has 15")


def test_a26_a_sabotage_with_all_15_markers_on_the_map_places_none():
    """Arab Revolt Sabotage (3.3.3) on a Railway with the 15 markers all on the
    map: the Guerrilla Activates, no marker is placed (A-26)."""
    rails = [n for i, n in enumerate(palestine_board.SPACE_NAMES)
             if palestine_board.SPACE_KIND[i] == palestine_board.RAILWAY]
    spaces = {r: {"sabotage": 4} for r in rails[:3]} | {rails[3]: {"sabotage": 3, "underground_guerrillas": 1}}
    g = ar.make(20, spaces, first="rebels", forced_chance=[0, 0])
    ar.play(g, ar.OP_SA_BOX, ar.op("Sabotage"), ar.space(rails[3]))
    assert ar.pieces(g, rails[3]) == {"active_guerrillas": 1, "sabotage": 3}
    reloads(g)


def test_c29_a_sabotage_with_all_15_markers_on_the_map_places_none():
    """Cyprus Sabotage (3.3.3) succeeds on the die but the 15 markers are all
    on the map: the Cell Activates, no marker is placed (C-29)."""
    spaces = {t: {"sabotage": 3} for t in cy.TOWNS[:5]}
    spaces["Karpas"] = {"underground_cells": 1}
    g = cy.make(18, spaces, first="eoka")
    g.force_chance([5])
    cy.play(g, cy.OP_SA_BOX, cy.op("Sabotage"), cy.space("Karpas"))
    assert cy.pieces(g, "Karpas") == {"active_cells": 1}
    reloads(g)


def test_c29_sabotage_marker_events_not_offered_with_none_left():
    """C26 still removes its Cells with no marker left (5.1.3); Sabotage-only
    picks are not offered then."""
    spaces = {t: {"sabotage": 3} for t in cy.TOWNS[:5]}
    spaces["Karpas"] = {"police": 1, "underground_cells": 1}
    g = cy.make(26, spaces, first="eoka")
    cy.play(g, cy.UNSHADED, cy.space("Karpas"))
    assert cy.pieces(g, "Karpas") == {"police": 1}


def test_c29_c26_may_put_a_sabotage_marker_in_a_mountain():
    """Sabotage markers are not kept to Towns and Bases: the Sabotage
    Operation selects those (3.3.3), but VOLKAN/TMT (C26) places one in any
    space with Cells and Police, and 1.3.3 gives the Mountains a Sabotage value
    of 0. So a Mountain with a marker is a real position, and it loads back."""
    g = cy.make(26, {"Troodos": {"police": 1, "underground_cells": 1}}, first="eoka")
    cy.play(g, cy.UNSHADED, cy.space("Troodos"))
    assert cy.pieces(g, "Troodos") == {"police": 1, "sabotage": 1}
    reloads(g)
    assert Game.from_dict({"volume": "cyprus", "spaces": {"Kyrenia": {"sabotage": 2}}})


# --------------------------------------------------------- capabilities --

@pytest.mark.parametrize("volume, card", [("cyprus", "C9"), ("arab_revolt", "A1"), ("palestine", "P9"),
                                          ("arab_revolt", "A28"), ("cyprus", "C31")])
def test_5_3_a_scenario_capability_loads_back_from_its_own_saves(volume, card):
    """A scenario (no context) with a capability in play whose card is not
    among played_cards: the dict it saves loads back to the same row."""
    g = Game.from_dict({"volume": volume, "spaces": {}, "capabilities": {card: "unshaded"}})
    again = reloads(g)
    assert again.to_dict()["capabilities"] == {card: "unshaded"}


# ------------------------------------------------------------- defaults --

SETUP_KEYS = {
    "palestine": ("political_will", "haganah_track", "track_pieces", "prison", "cells_out_of_game", "intel_chits",
                  "capabilities"),
    "cyprus": ("political_will", "international_opinion", "prison", "troops_on_suez_crisis", "intel_chits",
               "capabilities"),
    "arab_revolt": ("political_will", "unity_track", "prison", "out_of_play_troops", "police_on_tegart_forts",
                    "transjordan_egypt_in_play", "punishment_chits", "capabilities"),
}


@pytest.mark.parametrize("volume", sorted(SETUP_KEYS))
def test_2_1_what_a_dict_leaves_out_is_the_setup(volume):
    """A dict giving only the setup's map (and seed) gets every other value
    from the volume's setup (2.1), alike in every volume, and the seed's
    first card and 1st Eligible: the seed's fresh game."""
    fresh = Game(volume, seed=3)
    loaded = Game.from_dict({"volume": volume, "seed": 3, "spaces": fresh.to_dict()["spaces"]})
    for key in SETUP_KEYS[volume]:
        assert loaded.to_dict()[key] == fresh.to_dict()[key], key
    assert loaded.state[FIRST_ELIGIBLE] == fresh.state[FIRST_ELIGIBLE]
    assert loaded.to_dict()["available"] == fresh.to_dict()["available"]


def test_2_1_arab_revolt_out_of_play_troops_default_to_the_setups_5():
    g = Game.from_dict({"volume": "arab_revolt", "spaces": {}})
    d = g.to_dict()
    assert d["out_of_play_troops"] == 5 and d["available"]["troops"] == AL.TOTAL_TROOPS - 5
    g = Game.from_dict({"volume": "arab_revolt", "spaces": {}, "prison": {"guerrillas": 2}})
    assert g.to_dict()["prison"] == {"guerrillas": 2, "bases": 0}


# ------------------------------------------------------ the shared guard --

def test_shared_guard_refuses_a_dead_end_no_volume_check_names(monkeypatch):
    """With Cyprus's own check of Travel's origin taken away, the shared guard
    of every volume still refuses the position: choosing a destination would
    leave no legal action."""
    d = position("cyprus", CL.D_TRAVEL_DEST, CY_TRAVEL)
    take_away(d, current(d, "cyprus"), ("underground_cells", "active_cells"), "available", "cells")
    monkeypatch.delitem(cy_game.SOURCES, CL.D_TRAVEL_DEST)
    refuses(d, r"describes an impossible position: action \d+ \(.*\) from its pending decision \(Travel: "
               r"destination\) leaves no legal action in an unfinished game \(pending: Travel: how many Cells\)")


def test_shared_guard_refuses_an_action_that_breaks_an_invariant(monkeypatch):
    """With Arab Revolt's A8 check taken away, sending back a Troop that is not
    there would leave -1 Troops: the shared guard names the broken invariant."""
    d = position("arab_revolt", AL.D_AMBUSH_TROOP)
    take_away(d, current(d, "arab_revolt"), ("troops",), "available", "troops")
    monkeypatch.delitem(ar_game.SOURCES, AL.D_AMBUSH_TROOP)
    refuses(d, r"from its pending decision \(Ambush: Troop back to a City\) breaks an invariant: negative piece")


def test_shared_guard_refuses_a_dict_whose_save_does_not_load_back(monkeypatch):
    """Whatever loads must load back from its own to_dict(): a volume whose
    to_dict lost a field would be caught at once."""
    real = cy_game.CyprusGame.to_dict

    def forgetful(self):
        d = real(self)
        d["international_opinion"] = "Ignored" if d["international_opinion"] != "Ignored" else "Debated"
        return d

    monkeypatch.setattr(cy_game.CyprusGame, "to_dict", forgetful)
    refuses({"volume": "cyprus", "spaces": {}}, r"loads, but its own to_dict\(\) loads back to another state "
                                                r"\(field 'international_opinion'")


# ------------------------------------------- the needs checked alike --
# engine/coin/statedict.py checks what every volume's decision kinds need of the
# context in one place (CoinReader.check_who_decides, check_operation_fields,
# check_event_fields): each volume refuses the same broken context the same way.

VOLUMES = ("palestine", "cyprus", "arab_revolt")


@pytest.mark.parametrize("volume", VOLUMES)
def test_3_1_an_operation_selects_no_more_spaces_than_its_limit(volume):
    d = position(volume, LAYOUTS[volume].D_SPACE)
    ctx = d["context"]
    assert ctx["n_selected"] <= ctx["space_limit"]
    Game.from_dict(d)
    ctx["space_limit"] = ctx["n_selected"] - 1
    if ctx["space_limit"] < 0:         # nothing selected yet: select one space more than a limit of 0
        ctx["space_limit"] = 0
        first = ctx["selected_spaces"].index(0)
        ctx["selected_spaces"][first] = 1
        ctx["n_selected"] = 1
    refuses(d, r"context\.n_selected must not exceed context\.space_limit \(3\.1\)")


@pytest.mark.parametrize("volume", VOLUMES)
def test_3_0_the_decision_names_the_operations_it_belongs_to(volume):
    d = position(volume, LAYOUTS[volume].D_SPACE)
    d["context"]["operation"] = -1
    refuses(d, r"context\.operation -1 does not fit context\.decision 3 \(.*\): one of Deploy, ")


@pytest.mark.parametrize("volume", VOLUMES)
def test_3_0_an_operation_is_run_by_its_own_faction(volume):
    d = position(volume, LAYOUTS[volume].D_SPACE)
    d["context"]["executor"] = 1 - d["context"]["executor"]
    refuses(d, r"context\.executor must be the faction of the Operation for context\.decision 3")


@pytest.mark.parametrize("volume", VOLUMES)
def test_4_0_a_special_activity_is_run_by_its_own_faction(volume):
    L = LAYOUTS[volume]
    d = position(volume, L.D_SA_SPACE)
    ctx = d["context"]
    other = next(a for a in range(len(L.SA_NAMES)) if L.SA_FACTION[a] != ctx["executor"])
    ctx["special_activity"] = other
    refuses(d, r"context\.(special_activity \d+ does not fit|executor must be the faction of the Special Activity)")


@pytest.mark.parametrize("volume", VOLUMES)
@pytest.mark.parametrize("field, value, neutral", [("event_space", 2, -1), ("event_picks_left", 1, 0)])
def test_5_0_no_event_leaves_its_fields_idle(volume, field, value, neutral):
    d = position(volume, LAYOUTS[volume].D_SPACE)
    if d["context"]["event_card"]:
        pytest.skip("the position met runs an event")
    d["context"][field] = value
    refuses(d, rf"context\.{field} must be {neutral} when no event is running")


def test_2_3_3_the_irgun_pass_robs_for_the_irgun_only():
    """A decision kind that names its faction (Palestine's Pass: Rob space)
    refuses a context whose executor is the other faction."""
    d = position("palestine", PL.D_PASS_ROB)
    assert d["context"]["executor"] == PL.IRGUN
    Game.from_dict(d)
    d["context"]["executor"] = PL.BRITISH
    refuses(d, r"context\.executor must be irgun for context\.decision \d+ \(Pass: Rob")
