"""Cyprus rules 1.0-7.0, section by section, from built positions: each test
names the section it checks and would fail if that rule were encoded wrongly.
Events are in test_cyprus_events_a/b.py, the Example of Play (8.0) in
test_cyprus_example_of_play.py; readings of unclear points are rules
decisions C-1 onwards (docs/rules_decisions.md)."""

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.errors import IllegalActionError, StateError
from britishway_env.volumes.boards import cyprus as board
from britishway_env.volumes.cyprus import layout as L
from britishway_env.volumes.cyprus.setup import SETUP

from cyprus_helpers import (
    EXTRA, LIMITED_BOX, OP_SA_BOX, PASS_EVENT, PASS_LIMITED, PASS_OP_SA, STOP, alt, alts_legal, chit, count,
    ctx, legal, make, op, pieces, play, sa, space, spaces_legal,
)


def op_spaces(g, name, box=OP_SA_BOX):
    """Take ``box`` and choose Operation ``name``: the spaces it may select."""
    play(g, box, op(name))
    return spaces_legal(g)


# ------------------------------------------------------------------ 1.0 --

def test_1_2_and_2_1_setup_pieces_tracks_and_first_eligible():
    g = Game("cyprus", seed=11)
    d = g.to_dict()
    assert d["political_will"] == 14 and d["international_opinion"] == "Debated"
    assert d["available"] == {"troops": 0, "police": 3, "cells": 6, "arms_caches": 3}
    assert d["current_agent"] == "eoka" and d["prison"] == 0 and d["intel_chits"] == []
    for name, (troops, police, cells, caches) in SETUP.items():
        assert pieces(g, name) == {k: n for k, n in (("troops", troops), ("police", police),
                                                     ("underground_cells", cells), ("arms_caches", caches)) if n}
    # 1.2, 1.4: 12 Troops, 6 Police, 12 Cells, 4 Arms Caches in all.
    sp = d["spaces"].values()
    assert sum(p.get("troops", 0) for p in sp) == 12 and sum(p.get("police", 0) for p in sp) + 3 == 6
    assert sum(p.get("underground_cells", 0) for p in sp) + 6 == 12 and sum(p.get("arms_caches", 0) for p in sp) + 3 == 4


def test_2_1_deck_three_piles_of_seven_with_a_propaganda_card_in_each_bottom_three():
    for seed in range(40):
        d = Game("cyprus", seed=seed).to_dict()
        deck = d["played_cards"] + d["undrawn_cards"]
        assert len(deck) == 21 and len(set(deck)) == 21
        for pile in range(3):
            cards = deck[pile * 7:(pile + 1) * 7]
            assert [c for c in cards[4:] if c > 32] and not [c for c in cards[:4] if c > 32]


def test_1_3_1_to_1_3_4_spaces_kinds_and_sabotage_values():
    kinds = {name: board.KIND_NAMES[k] for name, k, _ in board.SPACES}
    assert [n for n, k in kinds.items() if k == "Town"] == ["Paphos", "Limassol", "Nicosia", "Larnaca", "Famagusta",
                                                           "Karpas"]
    assert [n for n, k in kinds.items() if k == "Mountain"] == ["Troodos", "Kyrenia"]
    assert [n for n, k in kinds.items() if k == "British Base"] == ["Akrotiri", "Dhekelia"]
    values = {name: v for name, _, v in board.SPACES}
    assert values["Nicosia"] == 2 and values["Akrotiri"] == values["Dhekelia"] == 2
    assert values["Troodos"] == values["Kyrenia"] == 0 and values["Paphos"] == 1


def test_1_3_5_famagustas_neighbours_are_exactly_the_examples():
    adj = board.adjacency_matrix()
    f = board.space_index("Famagusta")
    assert {board.SPACE_NAMES[t] for t in np.flatnonzero(adj[f])} == {
        "Karpas", "Nicosia", "Larnaca", "Kyrenia", "Troodos", "Dhekelia"}


def test_1_3_6_and_6_4_prison_half_returns_at_reset():
    g = make(1, {"Nicosia": {"troops": 1}, "Troodos": {"underground_cells": 1}}, first="eoka", prison=5,
             undrawn=[33] + [c for c in range(2, 33)][:17] + [34, 35])
    play(g, PASS_LIMITED, PASS_EVENT)              # EOKA Pass (no Town to Ambush in); the British Pass
    while g.current_agent is not None and g.to_dict()["card"] == "C33 Propaganda!":
        play(g, STOP if STOP in legal(g) else g.legal_actions()[0])
    d = g.to_dict()
    assert d["prison"] == 3 and d["context"]["propaganda_rounds"] == 1            # 5 -> 2 back


def test_1_4_1_events_and_operations_place_only_available_pieces():
    g = make(1, {"Nicosia": {"troops": 3}, "Limassol": {"troops": 3}, "Larnaca": {"troops": 3},
                 "Famagusta": {"troops": 3}, "Kyrenia": {"police": 5}},
             available={"troops": 0, "police": 1, "cells": 12, "arms_caches": 4})
    play(g, OP_SA_BOX, op("Deploy"), space("Nicosia"), space("Limassol"))
    assert pieces(g, "Nicosia")["police"] == 1 and "police" not in pieces(g, "Limassol")     # none left
    assert g.to_dict()["available"]["police"] == 0


def test_1_4_2_no_arms_cache_in_a_base_and_at_most_two_a_space():
    g = make(1, {"Troodos": {"underground_cells": 1, "arms_caches": 2}, "Akrotiri": {"underground_cells": 1},
                 "Paphos": {"underground_cells": 1}}, first="eoka", opinion="Condemned")
    play(g, OP_SA_BOX, op("Recruit"), sa("Smuggle"))
    assert spaces_legal(g) == {"Paphos"}                       # not Troodos (2 already), not Akrotiri (a Base)
    assert alts_legal(g) == {"Paphos"}                         # a move into Troodos would make 3


def test_1_4_3_new_cells_are_placed_underground_even_under_a_curfew():
    g = make(21, {"Limassol": {"troops": 1, "curfew": 1}}, first="eoka")
    play(g, L.A_EVENT_SIDE + 1, space("Limassol"), space("Limassol"))
    assert pieces(g, "Limassol") == {"troops": 1, "underground_cells": 2, "curfew": 1}


def test_1_6_1_intel_chits_drawn_at_random_from_the_bag_and_open():
    g = make(1, {"Nicosia": {"troops": 1}}, first="british", intel_chits=[2, 2])
    g.force_chance([6])          # the bag holds 3, 3, 1 chits of values 0, 1, 2: index 6 is the last 2
    play(g, PASS_LIMITED)
    assert g.to_dict()["intel_chits"] == [2, 2, 2]
    g2 = make(1, {"Nicosia": {"troops": 1}}, first="british", intel_chits=[2, 2, 2])
    g2.force_chance([6])
    with pytest.raises(StateError, match="forced chance value 6"):
        play(g2, PASS_LIMITED)                                # only 6 chits left in the bag: index 6 is out


def test_1_6_2_and_2_3_7_offensive_removes_a_cache_only_where_no_british_cubes_are():
    g = make(1, {"Troodos": {"troops": 1, "underground_cells": 1, "arms_caches": 1},
                 "Kyrenia": {"underground_cells": 1, "arms_caches": 1}, "Karpas": {"underground_cells": 1},
                 "Paphos": {"underground_cells": 1}, "Larnaca": {"underground_cells": 1}},
             first="eoka")
    play(g, LIMITED_BOX, op("Recruit"), space("Karpas"))
    assert EXTRA in legal(g)                                  # 2.3.7: even for a Limited Operation
    play(g, EXTRA)
    assert spaces_legal(g) == {"Kyrenia"}                     # Troodos has a British cube
    play(g, space("Kyrenia"))
    assert pieces(g, "Kyrenia") == {"underground_cells": 1}
    assert ctx(g)["space_limit"] == 2 and EXTRA not in legal(g)   # once


def test_1_7_sabotage_markers_stack():
    g = make(1, {"Nicosia": {"underground_cells": 2, "sabotage": 1}}, first="eoka")
    g.force_chance([5])
    play(g, LIMITED_BOX, op("Sabotage"), space("Nicosia"))
    assert pieces(g, "Nicosia") == {"underground_cells": 1, "active_cells": 1, "sabotage": 2}


def test_1_8_political_will_stays_within_0_and_15():
    g = make(28, {"Akrotiri": {"troops": 1}, "Dhekelia": {"troops": 1}}, pw=14)
    play(g, L.A_EVENT_SIDE)                                   # +2 for two quiet Bases, capped at 15
    assert g.to_dict()["political_will"] == 15


def test_1_9_and_6_5_2_opinion_blocks_smuggle_at_ignored_and_doubles_it_at_condemned():
    spaces = {"Paphos": {"underground_cells": 1}, "Karpas": {"underground_cells": 1},
              "Troodos": {"underground_cells": 1, "arms_caches": 1}}
    g = make(1, spaces, first="eoka", opinion="Ignored")
    play(g, OP_SA_BOX, op("Recruit"))
    assert sa("Smuggle") not in legal(g)                      # 4.3.1
    g = make(1, spaces, first="eoka", opinion="Condemned")
    play(g, OP_SA_BOX, op("Recruit"), sa("Smuggle"), space("Paphos"))
    assert g.phase == "Special Activity: space"              # a second space at Condemned
    play(g, space("Karpas"))
    assert pieces(g, "Paphos")["arms_caches"] == 1 and pieces(g, "Karpas")["arms_caches"] == 1


def test_1_10_curfew_moves_from_the_map_when_none_is_available():
    spaces = {t: {"troops": 1, "curfew": 1} for t in ("Paphos", "Limassol", "Larnaca", "Karpas")}
    spaces["Nicosia"] = {"troops": 3, "underground_cells": 1}
    g = make(1, spaces, first="british")
    play(g, LIMITED_BOX, op("Search"), space("Nicosia"), STOP, STOP)
    assert g.phase == "Curfew: which one moves" and g.current_agent == "british"       # rules decision C-3
    assert spaces_legal(g) == {"Paphos", "Limassol", "Larnaca", "Karpas"}
    play(g, space("Karpas"))
    assert pieces(g, "Nicosia")["curfew"] == 1 and "curfew" not in pieces(g, "Karpas")
    assert pieces(g, "Nicosia")["active_cells"] == 1                                     # 3 cubes: one Cell


def test_1_10_no_curfew_in_a_town_without_british_pieces():
    g = make(1, {"Paphos": {"underground_cells": 1}, "Nicosia": {"troops": 1}}, first="british")
    play(g, LIMITED_BOX, op("Search"), space("Paphos"), STOP, STOP)
    assert pieces(g, "Paphos") == {"underground_cells": 1}                               # rules decision C-3


def test_1_10_curfew_leaves_a_space_emptied_of_british_pieces():
    g = make(1, {"Limassol": {"police": 1, "curfew": 1}, "Nicosia": {"active_cells": 1}}, first="british")
    play(g, LIMITED_BOX, op("Patrol"), space("Nicosia"), STOP, space("Limassol"), space("Nicosia"))
    assert pieces(g, "Limassol") == {}                        # its only Police left: the Curfew goes
    g2 = make(1, {"Limassol": {"police": 1, "curfew": 1}, "Nicosia": {"troops": 2, "police": 1}}, first="british")
    play(g2, PASS_OP_SA, PASS_LIMITED)                        # nothing moves: the Curfew stays
    assert pieces(g2, "Limassol")["curfew"] == 1


# ------------------------------------------------------------------ 2.0 --

def test_2_2_and_2_3_6_cards_revealed_one_at_a_time_played_cards_open():
    g = make(5, {"Nicosia": {"troops": 1}}, first="british", opinion="Ignored")
    play(g, PASS_LIMITED, PASS_OP_SA)
    d = g.to_dict()
    assert d["played_cards"] == [5, 32] and d["card"] == "C32 Road Ambushes" and len(d["undrawn_cards"]) == 19


def test_2_3_1_eoka_starts_first_eligible():
    assert Game("cyprus", seed=3).current_agent == "eoka"


def test_2_3_2_second_eligible_may_not_take_the_first_eligibles_box():
    g = make(5, {"Nicosia": {"troops": 2, "police": 1, "underground_cells": 1}}, first="british")
    play(g, PASS_OP_SA)
    assert g.current_agent == "eoka"
    assert OP_SA_BOX not in legal(g) and PASS_OP_SA not in legal(g)
    assert {LIMITED_BOX, PASS_LIMITED, PASS_EVENT} <= legal(g)


def test_2_3_3_british_pass_draws_an_intel_chit():
    g = make(1, {"Nicosia": {"troops": 1}}, first="british")
    g.force_chance([0])
    play(g, PASS_EVENT)
    assert g.to_dict()["intel_chits"] == [0] and g.current_agent == "eoka"


def test_2_3_3_eoka_pass_ambushes_in_one_space():
    g = make(1, {"Nicosia": {"police": 1, "underground_cells": 1}, "Limassol": {"underground_cells": 1},
                 "Troodos": {"troops": 1}}, first="eoka")
    play(g, PASS_LIMITED)
    assert g.phase == "choose a space" and STOP in legal(g)          # "may" (C-16)
    g.force_chance([5])
    play(g, space("Nicosia"), space("Nicosia"))                       # the roll beats 0 cubes: an Arms Cache
    assert EXTRA not in legal(g) and spaces_legal(g) == set()        # one space, no Offensive
    assert all(not (L.A_SA <= a < L.A_SPACE) for a in legal(g))      # no Special Activity
    play(g, STOP)
    assert pieces(g, "Nicosia") == {"active_cells": 1, "arms_caches": 1}
    assert g.current_agent == "british"


def test_2_3_4_limited_operation_one_space_no_special_activity():
    g = make(1, {"Nicosia": {"troops": 3, "underground_cells": 2}, "Limassol": {"troops": 3, "underground_cells": 1}},
             first="british")
    play(g, LIMITED_BOX, op("Search"), space("Nicosia"))
    assert spaces_legal(g) == set() and not any(L.A_SA <= a < L.A_SPACE for a in legal(g))


def test_2_3_4_limited_deploy_moves_troops_from_many_spaces_to_one():
    g = make(1, {"Nicosia": {"troops": 2}, "Limassol": {"troops": 2}, "Akrotiri": {"troops": 2}}, first="british")
    play(g, LIMITED_BOX, op("Deploy"), space("Nicosia"), STOP, space("Troodos"))
    play(g, space("Limassol"), space("Akrotiri"), space("Akrotiri"), STOP)
    assert pieces(g, "Troodos") == {"troops": 3} and pieces(g, "Nicosia") == {"troops": 2, "police": 1}


def test_2_3_5_leftmost_box_is_first_eligible_next():
    g = make(1, {"Nicosia": {"troops": 1}}, first="eoka")
    play(g, PASS_OP_SA, PASS_LIMITED)
    assert g.current_agent == "british"


def test_2_3_7_intelligence_lead_adds_a_space_for_a_discarded_chit():
    g = make(1, {t: {"troops": 1, "underground_cells": 1} for t in ("Nicosia", "Limassol")}, first="british",
             intel_chits=[0])
    play(g, LIMITED_BOX, op("Assault"), space("Nicosia"), EXTRA, chit(0), space("Limassol"))
    assert g.to_dict()["intel_chits"] == [] and ctx(g)["n_selected"] == 2


def test_2_4_a_propaganda_card_starts_a_round():
    g = make(1, {"Nicosia": {"troops": 1}}, first="british", pw=3, opinion="Condemned",
             undrawn=[33] + list(range(2, 19)) + [34, 35])
    play(g, PASS_LIMITED, PASS_OP_SA)
    # 6.1: -4 Opinion, +2 no Arms Cache in Mountains, +3 six clean Towns = +1
    assert g.to_dict()["political_will"] == 4 and g.to_dict()["context"]["propaganda_rounds"] == 1


# ------------------------------------------------------------------ 3.0 --

def test_3_1_each_space_once_and_three_at_most():
    g = make(1, {t: {"troops": 1, "underground_cells": 1} for t in ("Paphos", "Limassol", "Nicosia", "Larnaca")},
             first="british")
    play(g, OP_SA_BOX, op("Assault"), space("Paphos"))
    assert "Paphos" not in spaces_legal(g)
    play(g, space("Limassol"), space("Nicosia"))
    assert spaces_legal(g) == set()


def test_3_2_1_deploy_in_towns_or_bases_with_more_troops_than_eoka():
    g = make(1, {"Nicosia": {"troops": 2, "underground_cells": 1}, "Limassol": {"troops": 1, "underground_cells": 1},
                 "Akrotiri": {"troops": 1}, "Troodos": {"troops": 3}}, first="british")
    assert op_spaces(g, "Deploy") == {"Nicosia", "Akrotiri"}


def test_3_2_2_patrol_destinations_not_mountains_police_move_from_anywhere():
    g = make(1, {"Troodos": {"active_cells": 1}, "Nicosia": {"active_cells": 2}, "Karpas": {"police": 2},
                 "Akrotiri": {"underground_cells": 1}}, first="british")
    assert op_spaces(g, "Patrol") == {"Nicosia", "Akrotiri"}
    play(g, space("Nicosia"), STOP, space("Karpas"), space("Nicosia"), space("Karpas"), space("Nicosia"), STOP)
    play(g, space("Nicosia"))
    assert pieces(g, "Nicosia") == {"police": 2} and g.to_dict()["prison"] == 2


def test_3_2_2_patrol_pays_intel_for_underground_cells():
    g = make(1, {"Nicosia": {"police": 3, "underground_cells": 2, "active_cells": 2}}, first="british",
             intel_chits=[1, 1])
    play(g, LIMITED_BOX, op("Patrol"), space("Nicosia"), STOP, STOP, space("Nicosia"), chit(1))
    assert g.phase == "Patrol: Intel to spend"
    play(g, STOP)     # one Underground paid for: it and two Active
    assert pieces(g, "Nicosia") == {"police": 3, "underground_cells": 1} and g.to_dict()["intel_chits"] == [1]


def test_3_2_2_patrol_may_remove_no_cells():
    g = make(1, {"Nicosia": {"police": 1, "active_cells": 1}}, first="british")
    play(g, LIMITED_BOX, op("Patrol"), space("Nicosia"), STOP, STOP)
    assert g.phase == "Patrol: arrest space" and STOP in legal(g)           # rules decision C-15
    play(g, STOP)
    assert pieces(g, "Nicosia") == {"police": 1, "active_cells": 1}


def test_3_2_3_search_mountains_and_bases_one_cell_per_cube():
    g = make(1, {"Troodos": {"troops": 1, "underground_cells": 4}, "Limassol": {"troops": 2},
                 "Akrotiri": {"police": 1, "underground_cells": 2}}, first="british")
    play(g, OP_SA_BOX, op("Search"), space("Troodos"), space("Akrotiri"), STOP)
    play(g, space("Limassol"), space("Troodos"), STOP)
    assert pieces(g, "Troodos") == {"troops": 2, "underground_cells": 2, "active_cells": 2}
    assert pieces(g, "Akrotiri") == {"police": 1, "underground_cells": 1, "active_cells": 1}


def test_3_2_3_search_towns_curfew_and_one_per_three_cubes_or_a_chit_for_one_per_cube():
    spaces = {"Nicosia": {"troops": 2, "police": 2, "underground_cells": 4},
              "Limassol": {"troops": 2, "police": 2, "underground_cells": 4}}
    g = make(1, spaces, first="british", intel_chits=[0])
    play(g, OP_SA_BOX, op("Search"), space("Nicosia"), space("Limassol"), STOP, STOP)
    assert g.phase == "Search: Town activation" and ctx(g)["current_space"] == board.space_index("Limassol")
    play(g, STOP)               # Limassol: a Curfew, 4 cubes // 3 = 1
    play(g, chit(0))            # Nicosia: the chit, 4 Cells
    assert pieces(g, "Limassol") == {"troops": 2, "police": 2, "underground_cells": 3, "active_cells": 1, "curfew": 1}
    assert pieces(g, "Nicosia") == {"troops": 2, "police": 2, "active_cells": 4}


def test_3_2_3_search_moves_only_adjacent_troops():
    g = make(1, {"Karpas": {"troops": 2}, "Paphos": {"troops": 2}, "Famagusta": {"underground_cells": 1}},
             first="british")
    play(g, LIMITED_BOX, op("Search"), space("Famagusta"), STOP)
    assert spaces_legal(g) == {"Karpas"}


def test_3_2_4_assault_one_per_troop_one_per_two_in_mountains():
    g = make(1, {"Nicosia": {"troops": 3, "active_cells": 4}, "Troodos": {"troops": 3, "active_cells": 4}},
             first="british")
    play(g, OP_SA_BOX, op("Assault"), space("Nicosia"), space("Troodos"))
    assert pieces(g, "Nicosia") == {"troops": 3, "active_cells": 1}
    assert pieces(g, "Troodos") == {"troops": 3, "active_cells": 3}


def test_3_2_4_assault_caches_only_once_no_cell_remains_plus_will_and_intel():
    g = make(1, {"Nicosia": {"troops": 4, "active_cells": 1, "underground_cells": 1, "arms_caches": 2},
                 "Larnaca": {"troops": 3, "active_cells": 1, "arms_caches": 1}}, first="british", pw=10)
    g.force_chance([0])
    play(g, LIMITED_BOX, op("Assault"), space("Larnaca"))
    assert pieces(g, "Larnaca") == {"troops": 3}
    d = g.to_dict()
    assert d["political_will"] == 11 and d["intel_chits"] == [0] and d["available"]["cells"] >= 1
    g = make(1, {"Nicosia": {"troops": 4, "active_cells": 1, "underground_cells": 1, "arms_caches": 2}},
             first="british")
    play(g, LIMITED_BOX, op("Assault"), space("Nicosia"))
    assert pieces(g, "Nicosia") == {"troops": 4, "underground_cells": 1, "arms_caches": 2}   # the hidden Cell shields


def test_3_2_4_cells_alternate_over_the_whole_assault():
    g = make(1, {"Nicosia": {"troops": 1, "active_cells": 1}, "Limassol": {"troops": 2, "active_cells": 2}},
             first="british")
    play(g, OP_SA_BOX, op("Assault"), space("Nicosia"), space("Limassol"))
    d = g.to_dict()
    assert d["prison"] == 1 and d["available"]["cells"] == 12 - 1    # Available, Prison, Available (C-1)


def test_3_2_4_assault_spends_intel_for_underground_cells():
    g = make(1, {"Nicosia": {"troops": 3, "underground_cells": 2, "arms_caches": 1}}, first="british",
             intel_chits=[2])
    g.force_chance([0])                                       # the Arms Cache's chit
    play(g, LIMITED_BOX, op("Assault"), space("Nicosia"), chit(2))
    assert pieces(g, "Nicosia") == {"troops": 3}           # 2 Cells paid, then the Arms Cache
    assert g.to_dict()["political_will"] == 11


def test_3_3_1_recruit_two_only_in_a_mountain_with_a_cache_never_in_bases_or_curfews():
    g = make(1, {"Troodos": {"arms_caches": 1}, "Nicosia": {"troops": 1, "curfew": 1},
                 "Limassol": {}, "Akrotiri": {"troops": 1}, "Kyrenia": {}}, first="eoka")
    assert op_spaces(g, "Recruit") == {"Troodos", "Paphos", "Limassol", "Larnaca", "Famagusta"}
    play(g, space("Troodos"))
    assert g.phase == "Recruit: how many Cells"
    play(g, count(2), space("Limassol"))
    assert pieces(g, "Troodos") == {"underground_cells": 2, "arms_caches": 1}
    assert pieces(g, "Limassol") == {"underground_cells": 1}


def test_3_3_1_recruit_needs_an_available_cell():
    g = make(1, {"Troodos": {"arms_caches": 1, "underground_cells": 12}, "Nicosia": {"troops": 1}}, first="eoka")
    play(g, OP_SA_BOX)
    assert op("Recruit") not in legal(g)                      # rules decision C-4


def test_3_3_2_travel_anywhere_flips_underground_unless_exposed():
    g = make(1, {"Paphos": {"active_cells": 3}, "Dhekelia": {"troops": 1},
                 "Nicosia": {"troops": 2, "curfew": 1}}, first="eoka")
    play(g, LIMITED_BOX, op("Travel"), space("Paphos"), space("Karpas"), count(1))
    play(g, space("Dhekelia"), count(2))                      # a Base: 2 + 1 cube = 3, not over three
    assert pieces(g, "Karpas") == {"underground_cells": 1}
    assert pieces(g, "Dhekelia") == {"troops": 1, "underground_cells": 2}
    g = make(1, {"Paphos": {"active_cells": 2}, "Nicosia": {"troops": 2, "curfew": 1}}, first="eoka")
    play(g, LIMITED_BOX, op("Travel"), space("Paphos"), space("Nicosia"), count(2))
    assert pieces(g, "Nicosia") == {"troops": 2, "active_cells": 2, "curfew": 1}     # 2 + 2 > 3 at a Curfew


def test_3_3_2_travel_moves_active_cells_first():
    g = make(1, {"Paphos": {"active_cells": 1, "underground_cells": 1}, "Nicosia": {"troops": 1}}, first="eoka")
    play(g, LIMITED_BOX, op("Travel"), space("Paphos"), space("Karpas"), count(1), STOP)
    assert pieces(g, "Paphos") == {"underground_cells": 1}                        # rules decision C-6


def test_3_3_3_sabotage_roll_police_and_spent_cache():
    g = make(1, {"Nicosia": {"police": 2, "underground_cells": 1}, "Troodos": {"arms_caches": 1},
                 "Limassol": {"police": 1, "underground_cells": 1}}, first="eoka")
    g.force_chance([2, 3])      # 3 - 2 Police = 1: fails; Limassol 4 - 1 + 2 = 5: succeeds
    play(g, OP_SA_BOX, op("Sabotage"), space("Nicosia"), STOP, space("Limassol"), space("Troodos"))
    assert pieces(g, "Nicosia") == {"police": 2, "active_cells": 1}
    assert pieces(g, "Limassol") == {"police": 1, "active_cells": 1, "sabotage": 1}
    assert "Troodos" not in g.to_dict()["spaces"]
    assert op_spaces(make(1, {"Troodos": {"underground_cells": 1}, "Akrotiri": {"underground_cells": 1}},
                          first="eoka"), "Sabotage") == {"Akrotiri"}                   # Towns or Bases


def test_3_3_4_ambush_removes_police_and_may_place_a_cache_nearby():
    g = make(1, {"Nicosia": {"troops": 1, "police": 1, "underground_cells": 1}, "Kyrenia": {"arms_caches": 2}},
             first="eoka")
    g.force_chance([1])       # 2 > 1 cube left
    play(g, LIMITED_BOX, op("Ambush"), space("Nicosia"))
    assert g.phase == "Ambush: where the Arms Cache goes"
    assert spaces_legal(g) == {"Nicosia", "Paphos", "Larnaca", "Famagusta", "Troodos"}   # Kyrenia is full
    play(g, space("Troodos"))
    assert pieces(g, "Nicosia") == {"troops": 1, "active_cells": 1} and pieces(g, "Troodos") == {"arms_caches": 1}
    g = make(1, {"Nicosia": {"troops": 2, "police": 1, "underground_cells": 1}}, first="eoka")
    g.force_chance([1])       # 2 is not above 2 cubes
    play(g, LIMITED_BOX, op("Ambush"), space("Nicosia"))
    assert pieces(g, "Nicosia") == {"troops": 2, "active_cells": 1} and g.phase == "choose a space"


# ------------------------------------------------------------------ 4.0 --

def test_4_1_special_activity_before_during_or_after_and_once():
    g = make(1, {"Troodos": {"arms_caches": 1, "underground_cells": 1}, "Paphos": {"underground_cells": 1},
                 "Kyrenia": {"underground_cells": 1}}, first="eoka")
    play(g, OP_SA_BOX, op("Recruit"), space("Troodos"), count(1), sa("Smuggle"), space("Kyrenia"))
    assert g.phase == "choose a space" and sa("Smuggle") not in legal(g)
    play(g, space("Kyrenia"))                 # the new Arms Cache there lets Kyrenia recruit 2
    assert g.phase == "Recruit: how many Cells"


def test_4_1_1_accompanying_operations():
    cases = {"Deploy": {"Restore", "Diplomacy"}, "Patrol": {"Diplomacy"}, "Search": {"Diplomacy", "Interrogate"},
             "Assault": {"Interrogate"}}
    for name, allowed in cases.items():
        g = make(1, {"Nicosia": {"troops": 3, "police": 1, "active_cells": 1}, "Limassol": {"troops": 3, "police": 1},
                     "Karpas": {"troops": 1}}, first="british")
        play(g, OP_SA_BOX, op(name))
        offered = {L.SA_NAMES[a - L.A_SA] for a in legal(g) if L.A_SA <= a < L.A_SPACE}
        assert offered == allowed, name


def test_4_2_1_restore_removes_curfew_and_sabotage_where_troops_police_and_no_eoka():
    g = make(1, {"Nicosia": {"troops": 2, "police": 1, "sabotage": 2, "curfew": 1},
                 "Limassol": {"troops": 2, "police": 1, "sabotage": 1, "underground_cells": 1}}, first="british")
    play(g, OP_SA_BOX, op("Deploy"), sa("Restore"))
    assert spaces_legal(g) == {"Nicosia"}
    play(g, space("Nicosia"))
    assert pieces(g, "Nicosia") == {"troops": 2, "police": 1}


def test_4_2_2_diplomacy_shifts_left_with_three_or_fewer_marked_towns_else_on_a_roll():
    g = make(1, {"Nicosia": {"troops": 1, "sabotage": 1}}, first="british", opinion="Criticized")
    play(g, OP_SA_BOX, op("Deploy"), sa("Diplomacy"))
    assert g.to_dict()["international_opinion"] == "Debated"
    marked = {t: {"troops": 1, "sabotage": 1} for t in ("Paphos", "Limassol", "Nicosia", "Larnaca")}
    for face, after in ((2, "Criticized"), (3, "Debated")):     # needs a roll above 3
        g = make(1, marked, first="british", opinion="Criticized")
        g.force_chance([face])
        play(g, OP_SA_BOX, op("Deploy"), sa("Diplomacy"))
        assert g.to_dict()["international_opinion"] == after


def test_4_2_3_interrogate_one_chit_per_two_cells_in_prison():
    g = make(1, {"Nicosia": {"troops": 1, "active_cells": 1}}, first="british", prison=5)
    g.force_chance([0, 0])
    play(g, OP_SA_BOX, op("Assault"), sa("Interrogate"))
    assert g.to_dict()["intel_chits"] == [0, 0]


def test_4_2_3_interrogate_accompanies_search_or_assault_only():
    g = make(1, {"Nicosia": {"police": 1, "active_cells": 1}}, first="british", prison=4)
    play(g, OP_SA_BOX, op("Patrol"))
    assert sa("Interrogate") not in legal(g)                  # rules decision C-21


def test_4_3_1_smuggle_places_where_a_cell_and_no_cubes_or_moves_to_an_adjacent_cell():
    g = make(1, {"Paphos": {"underground_cells": 1}, "Nicosia": {"troops": 1, "underground_cells": 1},
                 "Troodos": {"underground_cells": 1, "arms_caches": 1}, "Karpas": {"underground_cells": 1}},
             first="eoka")
    play(g, OP_SA_BOX, op("Travel"), sa("Smuggle"))
    assert spaces_legal(g) == {"Paphos", "Troodos", "Karpas"}
    assert alts_legal(g) == {"Paphos", "Nicosia"}             # from Troodos to an adjacent space with a Cell
    play(g, alt("Nicosia"), space("Troodos"))
    assert pieces(g, "Nicosia")["arms_caches"] == 1 and "arms_caches" not in pieces(g, "Troodos")


def test_4_3_1_smuggle_at_condemned_two_spaces():
    g = make(1, {"Paphos": {"underground_cells": 1}, "Karpas": {"underground_cells": 1}}, first="eoka",
             opinion="Condemned")
    play(g, OP_SA_BOX, op("Travel"), sa("Smuggle"), space("Paphos"))
    assert spaces_legal(g) == {"Karpas"}                      # rules decision C-11: two different spaces


def test_4_3_2_infiltrate_replaces_police_and_discards_the_highest_chit():
    g = make(1, {"Nicosia": {"police": 2, "underground_cells": 2}, "Limassol": {"police": 2, "underground_cells": 1}},
             first="eoka", intel_chits=[0, 2, 1])
    play(g, OP_SA_BOX, op("Ambush"), sa("Infiltrate"))
    assert spaces_legal(g) == {"Nicosia"}
    play(g, space("Nicosia"))
    assert pieces(g, "Nicosia") == {"police": 1, "underground_cells": 3}
    assert g.to_dict()["intel_chits"] == [0, 1]


def test_4_3_3_propagandize_will_at_sabotage_or_opinion_at_curfew_activating_a_cell():
    g = make(1, {"Nicosia": {"troops": 1, "underground_cells": 2, "sabotage": 1, "curfew": 1}}, first="eoka",
             pw=10, opinion="Discussed")
    play(g, OP_SA_BOX, op("Ambush"), sa("Propagandize"))
    assert spaces_legal(g) == {"Nicosia"} and alts_legal(g) == {"Nicosia"}
    play(g, alt("Nicosia"))
    d = g.to_dict()
    assert d["international_opinion"] == "Criticized" and d["political_will"] == 10        # one option only
    assert pieces(g, "Nicosia")["active_cells"] == 1
    g = make(1, {"Nicosia": {"troops": 1, "active_cells": 1, "underground_cells": 1, "sabotage": 1}}, first="eoka",
             pw=10)
    play(g, OP_SA_BOX, op("Ambush"), sa("Propagandize"), space("Nicosia"))
    assert g.to_dict()["political_will"] == 9 and pieces(g, "Nicosia")["active_cells"] == 1   # none to Activate


# ------------------------------------------------------------------ 5.0 --

def test_5_1_3_a_text_that_can_do_nothing_is_not_offered():
    g = make(11, {"Nicosia": {"troops": 1}}, first="british", opinion="Ignored")
    assert L.A_EVENT_SIDE not in legal(g) and L.A_EVENT_SIDE + 1 in legal(g)      # rules decision C-8


def test_5_2_either_text_whatever_the_faction():
    g = make(5, {"Nicosia": {"troops": 1, "police": 1, "underground_cells": 1}}, first="eoka")
    assert {L.A_EVENT_SIDE, L.A_EVENT_SIDE + 1} <= legal(g)


def test_5_3_capability_lasts_and_is_marked():
    g = make(13, {"Nicosia": {"troops": 1}}, first="eoka")
    play(g, L.A_EVENT_SIDE + 1)
    assert g.to_dict()["capabilities"] == {"C13": "shaded"}
    play(g, PASS_LIMITED)
    assert g.to_dict()["capabilities"] == {"C13": "shaded"}


# ------------------------------------------------------------------ 6.0 --

def propaganda_game(spaces, draw=0, **extra):
    """C1 in play with the next card C33: both Pass (the British draw the
    ``draw``-th chit of the bag) and the round begins."""
    undrawn = [33] + list(range(2, 19)) + [34, 35]
    g = make(1, spaces, first="british", undrawn=undrawn, **extra)
    g.force_chance([draw])
    play(g, PASS_LIMITED, PASS_OP_SA)
    return g


def test_6_1_political_will_net_shift():
    spaces = {"Nicosia": {"troops": 1, "sabotage": 2}, "Akrotiri": {"troops": 1, "sabotage": 1},
              "Paphos": {"troops": 1, "sabotage": 1}, "Troodos": {"underground_cells": 1, "arms_caches": 1},
              "Kyrenia": {"sabotage": 3}}
    g = propaganda_game(spaces, pw=12, opinion="Debated")
    # 6.1.1 -2; 6.1.2 -4 Nicosia, -2 Akrotiri, -1 Paphos, Kyrenia 0; 6.1.3 an Arms Cache in Troodos: +0,
    # 4 clean Towns: +2. Net -7.
    assert g.to_dict()["political_will"] == 5


def test_6_1_4_eoka_win_at_0():
    g = propaganda_game({"Nicosia": {"troops": 1, "sabotage": 3}}, pw=5, opinion="Condemned")
    d = g.to_dict()
    assert d["outcome"] == "eoka_victory" and g.is_terminal() and d["political_will"] == 0


def test_6_1_5_and_7_0_2_british_win_after_the_final_propaganda_card():
    d = {"volume": "cyprus", "spaces": {"Nicosia": {"troops": 1}}, "played_cards": list(range(2, 19)) + [33, 34, 1],
         "undrawn_cards": [35], "first_eligible": "british", "political_will": 5}
    from britishway_env.volumes.cyprus.game import CyprusGame
    g = CyprusGame._from_dict(d)
    play(g, PASS_LIMITED, PASS_OP_SA)
    assert g.to_dict()["outcome"] == "british_victory"


def test_6_2_1_and_6_2_2_resources():
    g = propaganda_game({"Troodos": {"underground_cells": 1}, "Akrotiri": {"underground_cells": 1},
                         "Nicosia": {"troops": 1}}, intel_chits=[0, 1, 2, 2, 1])
    assert g.phase == "EOKA Arms: Arms Cache space" and spaces_legal(g) == {"Troodos"}
    play(g, space("Troodos"))
    assert g.phase == "British Intel: chit to discard" and ctx(g)["op_counter"] == 3   # 6 held (the Pass drew a 0)
    play(g, chit(0), chit(0), chit(2))
    assert g.to_dict()["intel_chits"] == [1, 1, 2]
    g = make(5, {"Nicosia": {"troops": 1}}, first="british", undrawn=[33] + list(range(6, 23)) + [34, 35])
    play(g, L.A_EVENT_SIDE)                                   # the British take C5's event: no chit
    g.force_chance([4])
    play(g, PASS_LIMITED)
    assert g.to_dict()["intel_chits"] == [1]                   # none held: one drawn


def test_6_3_redeploy_police_then_troops_out_of_mountains_then_cells_out_of_bases():
    g = propaganda_game({"Nicosia": {"troops": 1, "police": 1}, "Karpas": {"police": 1}, "Troodos": {"troops": 2},
                         "Akrotiri": {"troops": 1, "underground_cells": 1}, "Paphos": {"arms_caches": 1},
                         "Kyrenia": {"underground_cells": 1}})
    assert g.phase == "EOKA Arms: Arms Cache space"
    play(g, STOP)                                              # 6.2.1 "may"; the British hold 1 chit: none to discard
    assert g.phase == "Redeploy: move Police from"
    play(g, space("Karpas"))
    assert spaces_legal(g) == {"Nicosia", "Troodos", "Akrotiri"}     # spaces with British pieces
    play(g, space("Akrotiri"), STOP)
    assert g.phase == "Redeploy: Troops from the Mountains to a Base" and STOP not in legal(g)
    play(g, space("Dhekelia"), space("Akrotiri"))
    assert g.phase == "Redeploy: a Cell leaves a Base for" and g.current_agent == "eoka"
    assert spaces_legal(g) == {"Paphos", "Troodos", "Kyrenia"}         # Towns with EOKA pieces, Mountains
    play(g, space("Paphos"))
    assert g.phase == "Redeploy: move an Arms Cache from"
    play(g, space("Paphos"))
    assert spaces_legal(g) == {"Kyrenia"}                     # a space with a Cell (not the Base, 1.3.4)
    play(g, space("Kyrenia"))
    d = g.to_dict()["spaces"]
    assert d["Dhekelia"] == {"troops": 1} and d["Akrotiri"] == {"troops": 2, "police": 1}
    assert d["Kyrenia"] == {"underground_cells": 1, "arms_caches": 1} and d["Paphos"] == {"underground_cells": 1}


def test_6_4_reset_opinion_markers_prison_cells_and_eligibility():
    spaces = {"Nicosia": {"troops": 1, "sabotage": 1, "active_cells": 2},
              "Limassol": {"troops": 1, "curfew": 1}, "Larnaca": {"troops": 1, "sabotage": 1}}
    g = propaganda_game(spaces, pw=14, opinion="Criticized", prison=3)
    while g.to_dict()["card"] == "C33 Propaganda!" and not g.is_terminal():
        play(g, STOP if STOP in legal(g) else g.legal_actions()[0])
    d = g.to_dict()
    assert d["international_opinion"] == "Debated"                      # three Towns marked
    assert all("sabotage" not in p and "curfew" not in p for p in d["spaces"].values())
    assert d["prison"] == 2 and d["spaces"]["Nicosia"]["underground_cells"] == 2
    assert d["current_agent"] == "eoka"


def test_6_5_1_opinion_moves_by_propagandize_diplomacy_reset_and_events():
    g = make(15, {"Nicosia": {"troops": 1}}, first="eoka", opinion="Criticized")
    play(g, L.A_EVENT_SIDE + 1)
    assert g.to_dict()["international_opinion"] == "Condemned"          # capped at 4


# ------------------------------------------------------------------ 7.0 --

def test_7_0_1_eoka_wins_only_at_a_victory_check():
    g = make(29, {"Nicosia": {"troops": 1, "sabotage": 1}}, first="eoka", pw=1)
    play(g, L.A_EVENT_SIDE)        # Political Will 1 -> 0 mid-campaign: no victory yet
    d = g.to_dict()
    assert d["political_will"] == 0 and d["outcome"] == "ongoing"


def test_7_1_and_7_2_will_rises_and_falls():
    g = make(16, {"Nicosia": {"troops": 1, "arms_caches": 1}}, first="british", pw=7)
    play(g, L.A_EVENT_SIDE, alt("Nicosia"))
    assert g.to_dict()["political_will"] == 8                           # an Arms Cache removed by Event


# ------------------------------------------------------------ state dicts --

@pytest.mark.parametrize("bad, match", [
    ({"political_will": 16}, "political_will"),
    ({"international_opinion": "Furious"}, "international_opinion"),
    ({"spaces": {"Akrotiri": {"arms_caches": 1}}}, "British Bases"),
    ({"spaces": {"Troodos": {"curfew": 1, "troops": 1}}}, "only in Towns"),
    ({"spaces": {"Nicosia": {"curfew": 1}}}, "British pieces"),
    ({"spaces": {"Nicosia": {"troops": 13}}}, "troops"),
    ({"spaces": {"Atlantis": {}}}, "unknown space"),
    ({"capabilities": {"C31": "shaded"}}, "capabilities"),
    ({"capabilities": {"C5": "unshaded"}}, "not a capability"),
    ({"intel_chits": [2, 2, 2, 2]}, "at most 3"),
    ({"troops_on_suez_crisis": 4}, "troops_on_suez_crisis"),
])
def test_state_dict_rejects_bad_fields(bad, match):
    from britishway_env.errors import StateError

    d = {"volume": "cyprus", "spaces": {"Nicosia": {"troops": 1}}}
    d.update(bad)
    with pytest.raises(StateError, match=match):
        Game.from_dict(d)


def test_state_dict_takes_international_opinion_by_name_or_number():
    for value in ("Criticized", 3):
        d = {"volume": "cyprus", "spaces": {"Nicosia": {"troops": 1}}, "international_opinion": value}
        assert Game.from_dict(d).to_dict()["international_opinion"] == "Criticized"
    from britishway_env.errors import StateError as Refused

    for bad in (5, -1, True, 2.0, "Angry"):
        with pytest.raises(Refused, match="international_opinion"):
            Game.from_dict({"volume": "cyprus", "spaces": {}, "international_opinion": bad})


def test_state_dict_round_trip_through_random_games():
    import json
    rng = np.random.default_rng(3)
    for seed in range(6):
        g = Game("cyprus", seed=seed)
        while not g.is_terminal():
            d = json.loads(json.dumps(g.to_dict()))
            back = Game.from_dict(d)
            assert (back.state == g.state).all()
            g.apply(int(rng.choice(g.legal_actions())))


def test_illegal_action_leaves_the_state_unchanged():
    g = Game("cyprus", seed=1)
    before = g.state.copy()
    with pytest.raises(IllegalActionError):
        g.apply(L.A_SPACE)
    assert (g.state == before).all()


def test_observation_does_not_depend_on_the_undrawn_deck():
    g = Game("cyprus", seed=4)
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    other = g.determinize(99)
    assert not (other.state[L.DECK:L.DECK + 21] == g.state[L.DECK:L.DECK + 21]).all()
    assert (g.observation() == other.observation()).all()


@pytest.mark.parametrize("decision, match", [(L.D_REDEPLOY_TROOPS, "no Troops are in the Mountains"),
                                             (L.D_SUEZ_RETURN, "no Troops are on SUEZ CRISIS")])
def test_state_dict_rejects_a_forced_move_with_nothing_to_move(decision, match):
    from britishway_env.volumes.cyprus.game import CyprusGame

    g = make(1, {"Nicosia": {"troops": 1}}, first="british", undrawn=[33] + list(range(2, 19)) + [34, 35])
    play(g, PASS_LIMITED, PASS_OP_SA)           # the Propaganda Round: EOKA Arms is pending
    d = g.to_dict()
    d["context"]["decision"] = decision
    for key in ("history", "history_from_seed", "seed", "decision", "current_agent"):
        d.pop(key, None)
    with pytest.raises(StateError, match=match):
        CyprusGame._from_dict(d)
