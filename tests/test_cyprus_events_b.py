"""Cyprus events C17-C32 (5.0-5.3, 9.0): one test (or more) per card text.

Each test builds a position with the card just revealed, executes the text
through the Event box and asserts the exact board, who makes each choice
(5.1), which choices may stop early ("up to" / "may") and which may not,
the Available and stacking limits (5.1.1) and Political Will's bounds (1.8).
Capabilities (5.3) are checked twice: executing the text puts it in play,
and the Operation, Special Activity or Reset step it changes then plays
differently, for the faction it helps and the one it hurts.
Readings of unclear texts: docs/rules_decisions.md, section Cyprus (C-1..C-20).
"""

import pytest

from cyprus_helpers import (
    EXTRA, LIMITED_BOX, OP_SA_BOX, OPTION_1, OPTION_2, PASS_LIMITED, SHADED, STOP, TOWNS, UNSHADED, alt,
    alts_legal, chit, count, legal, make, op, pieces, play, sa, space, spaces_legal,
)

NEXT = "C32 Road Ambushes"          # the card make() reveals next (C31 when C32 is in play)


def board(g):
    d = g.to_dict()
    return {k: d[k] for k in ("spaces", "available", "prison", "political_will", "international_opinion",
                              "intel_chits", "capabilities")}


def offered(g):
    """The event texts the faction choosing a box may execute."""
    return {a for a in (UNSHADED, SHADED) if a in legal(g)}


def assert_card_over(g, agent, card=NEXT):
    """Both factions have acted: the next card is up and ``agent`` chooses a box (2.3.5, 2.3.6)."""
    assert g.to_dict()["card"] == card
    assert g.phase == "choose a box" and g.current_agent == agent


def assert_second_chooses(g, agent, card):
    """The event is over; the 2nd Eligible ``agent`` now chooses a box on the same card (2.3.2)."""
    assert g.to_dict()["card"] == card
    assert g.phase == "choose a box" and g.current_agent == agent


def propaganda_deck(card):
    """An undrawn deck whose next card is PROPAGANDA! (C33), 21 cards in all (2.1)."""
    rest = [c for c in range(32, 0, -1) if c != card][:17]
    return [33] + rest + [34, 35]


# =================================================================== C17 --

def test_c17_unshaded_executed_by_eoka_then_british_interrogate_by_spaces():
    """SPECIAL BRANCH unshaded (C17, 5.3): either faction may execute it (5.2);
    then Interrogate (4.2.3) asks the British which way: one chit per space
    with Police and Cells (Nicosia, Limassol: 2) instead of one per two Cells
    in Prison (3 // 2 = 1)."""
    spaces = {"Nicosia": {"police": 1, "underground_cells": 1},
              "Limassol": {"police": 1, "active_cells": 1},
              "Larnaca": {"police": 2},
              "Troodos": {"troops": 2, "active_cells": 1, "underground_cells": 1}}
    g = make(17, spaces, first="eoka", prison=3)
    assert offered(g) == {UNSHADED, SHADED}
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"C17": "unshaded"}
    assert_second_chooses(g, "british", "C17 Special Branch")
    # Assault in Troodos: 2 Troops in a Mountain remove 1 Active Cell, to Available (3.2.4, C-1).
    play(g, OP_SA_BOX, op("Assault"), space("Troodos"), STOP)
    assert g.phase == "Special Activity after the Operation"
    play(g, sa("Interrogate"))
    assert g.phase == "Interrogate: which way" and g.current_agent == "british"
    assert legal(g) == {UNSHADED, SHADED}
    g.force_chance([0, 7])               # a 0 chit, then the last chit of the bag (a 2)
    play(g, SHADED)
    b = board(g)
    assert b["intel_chits"] == [0, 2]
    assert b["spaces"]["Troodos"] == {"troops": 2, "underground_cells": 1}
    assert b["prison"] == 3
    assert_card_over(g, "eoka")          # EOKA (Event) left of British (Op & SA)


def test_c17_unshaded_interrogate_may_still_count_prison():
    """SPECIAL BRANCH unshaded (C17): the usual way stays open (the card's tip):
    one chit per two Cells in Prison (4.2.3)."""
    spaces = {"Nicosia": {"police": 1, "underground_cells": 1}, "Limassol": {"police": 1, "active_cells": 1},
              "Troodos": {"troops": 2, "active_cells": 1}}
    g = make(1, spaces, prison=7, capabilities={"C17": "unshaded"})
    play(g, OP_SA_BOX, op("Assault"), space("Troodos"), STOP, sa("Interrogate"))
    g.force_chance([3, 3, 3])            # three 1 chits
    play(g, UNSHADED)
    assert board(g)["intel_chits"] == [1, 1, 1]    # 7 // 2, not the 2 spaces


def test_c17_interrogate_without_capability_asks_nothing():
    """Control (4.2.3): without SPECIAL BRANCH unshaded there is no choice of way."""
    g = make(1, {"Nicosia": {"police": 1, "underground_cells": 1}, "Troodos": {"troops": 2, "active_cells": 1}},
             prison=2, capabilities={"C17": "shaded"})
    play(g, OP_SA_BOX, op("Assault"), space("Troodos"), STOP)
    g.force_chance([8])
    play(g, sa("Interrogate"))
    assert board(g)["intel_chits"] == [2]
    assert_second_chooses(g, "eoka", "C1 Makarios III")


def test_c17_shaded_executed_by_eoka_then_patrol_removes_one_cell_per_two_police():
    """SPECIAL BRANCH shaded (C17, 5.3): Patrol (3.2.2) removes only one Cell
    per two Police: 3 Police take 1 Active Cell, not 3."""
    g = make(17, {"Nicosia": {"police": 3, "active_cells": 3}}, first="eoka")
    play(g, SHADED)
    assert board(g)["capabilities"] == {"C17": "shaded"}
    assert g.current_agent == "british"
    play(g, LIMITED_BOX, op("Patrol"), space("Nicosia"), STOP, STOP)
    assert g.phase == "Patrol: arrest space"
    play(g, space("Nicosia"))
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"police": 3, "active_cells": 2}
    assert b["prison"] == 1
    assert_card_over(g, "british")       # British (Limited Op) left of EOKA (Event)


def test_c17_shaded_underground_cells_count_in_the_halved_capacity():
    """SPECIAL BRANCH shaded (C17) with Intel (3.2.2): 4 Police remove 2 Cells,
    an Underground one paid with a chit counting among them."""
    g = make(1, {"Nicosia": {"police": 4, "underground_cells": 2, "active_cells": 2}},
             intel_chits=[1], capabilities={"C17": "shaded"})
    play(g, LIMITED_BOX, op("Patrol"), space("Nicosia"), STOP, STOP, space("Nicosia"))
    assert g.phase == "Patrol: Intel to spend"
    play(g, chit(1))
    assert legal(g) == {STOP}            # 1 more Underground Cell would fit, but no chit is left
    play(g, STOP)
    assert board(g)["spaces"]["Nicosia"] == {"police": 4, "underground_cells": 1, "active_cells": 1}
    assert board(g)["prison"] == 2 and board(g)["intel_chits"] == []


# =================================================================== C18 --

def test_c18_unshaded_travel_into_a_curfew_space_is_always_active():
    """CORDON AND SEARCH unshaded (C18, 5.3): one Cell Travelling into a Curfew
    space with 1 cube arrives Active (3.3.2 would flip it Underground); into a
    Base without Curfew the usual rule stands."""
    spaces = {"Nicosia": {"troops": 1, "curfew": 1}, "Akrotiri": {"troops": 1},
              "Troodos": {"underground_cells": 2}}
    g = make(18, spaces, first="british")
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"C18": "unshaded"}
    assert g.current_agent == "eoka"
    play(g, LIMITED_BOX, op("Travel"), space("Troodos"))
    play(g, space("Nicosia"), count(1), space("Akrotiri"), count(1))
    assert g.phase == "choose a space"
    play(g, STOP)
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"troops": 1, "active_cells": 1, "curfew": 1}
    assert b["spaces"]["Akrotiri"] == {"troops": 1, "underground_cells": 1}
    assert "Troodos" not in b["spaces"]
    assert_card_over(g, "eoka")


def test_c18_unshaded_reset_sends_cells_in_curfew_spaces_to_prison():
    """CORDON AND SEARCH unshaded (C18): at the start of the Reset phase (6.4)
    the 3 Cells in Curfew Nicosia go to Prison (1 + 3 = 4), then half of
    Prison (2) returns; Limassol's Cell (no Curfew) stays."""
    spaces = {"Nicosia": {"troops": 1, "underground_cells": 2, "active_cells": 1, "curfew": 1},
              "Limassol": {"police": 1, "underground_cells": 1}}
    g = make(18, spaces, first="british", prison=1, intel_chits=[1], undrawn=propaganda_deck(18))
    play(g, UNSHADED, PASS_LIMITED)
    assert g.phase == "choose a space" and g.current_agent == "eoka"    # the Pass's Ambush: declined
    play(g, STOP)
    assert g.to_dict()["card"] == "C33 Propaganda!"
    assert g.phase == "EOKA Arms: Arms Cache space"
    play(g, STOP)                        # no Arms Cache (6.2.1); 1 chit: none to discard (6.2.2)
    assert g.phase == "Redeploy: move Police from"
    play(g, STOP)                        # nothing else to redeploy (6.3): Reset (6.4)
    b = board(g)
    assert b["spaces"] == {"Nicosia": {"troops": 1}, "Limassol": {"police": 1, "underground_cells": 1}}
    assert b["prison"] == 2 and b["available"]["cells"] == 9
    assert_card_over(g, "eoka")


def test_c18_reset_without_capability_keeps_curfew_cells():
    """Control (6.4): without CORDON AND SEARCH unshaded the Cells stay (flipped Underground)."""
    spaces = {"Nicosia": {"troops": 1, "underground_cells": 2, "active_cells": 1, "curfew": 1}}
    g = make(18, spaces, first="british", prison=1, intel_chits=[1], undrawn=propaganda_deck(18))
    play(g, SHADED, PASS_LIMITED, STOP, STOP, STOP)
    b = board(g)
    assert b["capabilities"] == {"C18": "shaded"}
    assert b["spaces"] == {"Nicosia": {"troops": 1, "underground_cells": 3}}
    assert b["prison"] == 1


def test_c18_shaded_a_single_cell_travels_into_curfew_underground():
    """CORDON AND SEARCH shaded (C18): a single Cell Travels into a Curfew space
    Underground whatever the cubes (1 + 3 > 3, 3.3.2); two Cells together are
    still exposed (2 + 2 > 3), and so is a single Cell entering a Base with 3
    Troops (no Curfew there)."""
    spaces = {"Nicosia": {"troops": 2, "police": 1, "curfew": 1}, "Limassol": {"police": 2, "curfew": 1},
              "Akrotiri": {"troops": 3}, "Troodos": {"underground_cells": 4}}
    g = make(18, spaces, first="british")
    play(g, SHADED)
    assert board(g)["capabilities"] == {"C18": "shaded"}
    assert g.current_agent == "eoka"
    play(g, LIMITED_BOX, op("Travel"), space("Troodos"), space("Nicosia"), count(1), space("Limassol"), count(2),
         space("Akrotiri"), count(1), STOP)
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"troops": 2, "police": 1, "underground_cells": 1, "curfew": 1}
    assert b["spaces"]["Limassol"] == {"police": 2, "active_cells": 2, "curfew": 1}
    assert b["spaces"]["Akrotiri"] == {"troops": 3, "active_cells": 1}
    assert "Troodos" not in b["spaces"]
    assert_card_over(g, "eoka")


def test_c18_travel_without_capability_exposes_a_single_cell():
    """Control (3.3.2): without C18 one Cell into a Curfew space with 3 cubes arrives Active."""
    g = make(1, {"Nicosia": {"troops": 2, "police": 1, "curfew": 1}, "Troodos": {"underground_cells": 1}},
             first="eoka")
    play(g, LIMITED_BOX, op("Travel"), space("Troodos"), space("Nicosia"), count(1))
    assert pieces(g, "Nicosia") == {"troops": 2, "police": 1, "active_cells": 1, "curfew": 1}


# =================================================================== C19 --

def test_c19_unshaded_british_may_search_a_mountain_then_assault_there():
    """MOUNTAIN GANGS unshaded (C19): the British decide the Search even when
    EOKA execute (5.1, C-19); only Mountains, and they may decline (STOP).
    Search moves 2 Troops in (4 cubes activate 4 of 5 Cells, 3.2.3), then the
    Assault is in that space only: 4 Troops in a Mountain remove 2 (3.2.4),
    Available then Prison (C-1)."""
    spaces = {"Troodos": {"troops": 2, "underground_cells": 5, "arms_caches": 1},
              "Nicosia": {"troops": 2, "underground_cells": 1}, "Kyrenia": {"underground_cells": 1}}
    g = make(19, spaces, first="eoka", intel_chits=[2])
    play(g, UNSHADED)
    assert g.phase == "choose a space" and g.current_agent == "british"
    assert spaces_legal(g) == {"Troodos", "Kyrenia"}
    assert STOP in legal(g)
    play(g, space("Troodos"))
    assert EXTRA not in legal(g)         # one space: no Intelligence Lead (2.3.7)
    play(g, STOP)
    assert g.phase == "Search: move Troops from"
    play(g, space("Nicosia"), space("Troodos"), space("Nicosia"), space("Troodos"), STOP)
    assert g.phase == "choose a space" and g.current_agent == "british"
    assert spaces_legal(g) == {"Troodos"}
    play(g, space("Troodos"))
    assert g.phase == "Assault: Intel to spend"
    play(g, STOP)                        # keep the chit: the 2 Active Cells go
    assert legal(g) == {STOP}
    play(g, STOP)
    b = board(g)
    assert b["spaces"]["Troodos"] == {"troops": 4, "underground_cells": 1, "active_cells": 2, "arms_caches": 1}
    assert b["spaces"]["Nicosia"] == {"underground_cells": 1}
    assert b["prison"] == 1 and b["available"]["cells"] == 12 - 7 + 1
    assert b["intel_chits"] == [2]
    assert_second_chooses(g, "british", "C19 Mountain Gangs")


def test_c19_unshaded_declined_changes_nothing():
    """MOUNTAIN GANGS unshaded (C19): "may": with no Search there is no Assault."""
    spaces = {"Troodos": {"troops": 2, "active_cells": 2}}
    g = make(19, spaces, first="british")
    before = board(g)
    play(g, UNSHADED, STOP)
    assert board(g) == before
    assert_second_chooses(g, "eoka", "C19 Mountain Gangs")


def test_c19_shaded_moves_up_to_six_troops_from_towns_to_one_mountain():
    """MOUNTAIN GANGS shaded (C19): the Mountain must be chosen (either, not
    adjacent needed: the tip); then up to 6 Troops from Towns only (not Bases
    or Mountains); the 6th ends it."""
    spaces = {"Paphos": {"troops": 3}, "Limassol": {"troops": 2}, "Nicosia": {"troops": 2},
              "Akrotiri": {"troops": 2}, "Troodos": {"troops": 1}}
    g = make(19, spaces, first="eoka")
    play(g, SHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "eoka"
    assert spaces_legal(g) == {"Troodos", "Kyrenia"} and STOP not in legal(g)
    play(g, space("Kyrenia"))
    assert spaces_legal(g) == {"Paphos", "Limassol", "Nicosia"} and STOP in legal(g)
    play(g, *[space("Paphos")] * 3, space("Limassol"), space("Limassol"), space("Nicosia"))
    b = board(g)
    assert b["spaces"] == {"Nicosia": {"troops": 1}, "Akrotiri": {"troops": 2}, "Troodos": {"troops": 1},
                           "Kyrenia": {"troops": 6}}
    assert_second_chooses(g, "british", "C19 Mountain Gangs")


def test_c19_shaded_may_stop_early():
    """MOUNTAIN GANGS shaded (C19): "up to 6": the executor may stop after any Troop."""
    g = make(19, {"Nicosia": {"troops": 4}}, first="eoka")
    play(g, SHADED, space("Troodos"), space("Nicosia"), STOP)
    assert board(g)["spaces"] == {"Nicosia": {"troops": 3}, "Troodos": {"troops": 1}}
    assert_second_chooses(g, "british", "C19 Mountain Gangs")


def test_c19_shaded_not_offered_without_troops_in_towns():
    """5.1.3, C-8: with Troops only in Bases and Mountains the shaded text can do nothing."""
    g = make(19, {"Akrotiri": {"troops": 3}, "Troodos": {"troops": 2, "underground_cells": 1}}, first="eoka")
    assert offered(g) == {UNSHADED}


# =================================================================== C20 --

def test_c20_unshaded_up_to_two_curfews_in_towns_with_troops():
    """YOUTH MOVEMENTS unshaded (C20): Towns with Troops and no Curfew (1.4.2)
    only; "up to": STOP after the first."""
    spaces = {"Nicosia": {"troops": 1}, "Limassol": {"troops": 2, "underground_cells": 1},
              "Larnaca": {"police": 1}, "Famagusta": {"troops": 1, "curfew": 1}, "Troodos": {"troops": 1}}
    g = make(20, spaces, first="british")
    play(g, UNSHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "british"
    assert spaces_legal(g) == {"Nicosia", "Limassol"} and STOP in legal(g)
    play(g, space("Nicosia"))
    assert spaces_legal(g) == {"Limassol"} and STOP in legal(g)
    play(g, space("Limassol"))
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"troops": 1, "curfew": 1}
    assert b["spaces"]["Limassol"] == {"troops": 2, "underground_cells": 1, "curfew": 1}
    assert b["spaces"]["Famagusta"] == {"troops": 1, "curfew": 1}
    assert_second_chooses(g, "eoka", "C20 Youth Movements")


def test_c20_unshaded_moves_a_curfew_when_none_is_available():
    """YOUTH MOVEMENTS unshaded (C20) with all four Curfews on the map: the
    British move one from elsewhere (1.10, C-3)."""
    spaces = {t: {"police": 1, "curfew": 1} for t in ("Paphos", "Larnaca", "Famagusta", "Karpas")}
    spaces["Nicosia"] = {"troops": 1}
    g = make(20, spaces, first="british")
    play(g, UNSHADED, space("Nicosia"))
    assert g.phase == "Curfew: which one moves" and g.current_agent == "british"
    assert spaces_legal(g) == {"Paphos", "Larnaca", "Famagusta", "Karpas"}
    play(g, space("Karpas"))
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"troops": 1, "curfew": 1} and b["spaces"]["Karpas"] == {"police": 1}
    assert g.phase == "choose a box" and g.current_agent == "eoka"     # no Town with Troops left


def test_c20_shaded_places_three_cells_in_any_towns():
    """YOUTH MOVEMENTS shaded (C20): 3 Cells, Underground (1.4.3), in Towns
    only (a Town may take more than one), none skipped (no STOP)."""
    g = make(20, {"Nicosia": {"troops": 1, "curfew": 1}}, first="eoka")
    play(g, SHADED)
    assert g.current_agent == "eoka" and spaces_legal(g) == set(TOWNS) and STOP not in legal(g)
    play(g, space("Nicosia"), space("Nicosia"))
    assert spaces_legal(g) == set(TOWNS) and STOP not in legal(g)
    play(g, space("Karpas"))
    b = board(g)
    assert b["spaces"] == {"Nicosia": {"troops": 1, "underground_cells": 2, "curfew": 1},
                           "Karpas": {"underground_cells": 1}}
    assert b["available"]["cells"] == 9
    assert_second_chooses(g, "british", "C20 Youth Movements")


def test_c20_shaded_places_only_available_cells():
    """5.1.1: with 2 Cells Available (10 in Prison) only 2 are placed."""
    g = make(20, {}, first="eoka", prison=10)
    play(g, SHADED, space("Paphos"), space("Limassol"))
    b = board(g)
    assert b["spaces"] == {"Paphos": {"underground_cells": 1}, "Limassol": {"underground_cells": 1}}
    assert b["available"]["cells"] == 0 and b["prison"] == 10
    assert_second_chooses(g, "british", "C20 Youth Movements")


def test_c20_shaded_not_offered_without_available_cells():
    """5.1.3, C-8: no Cell Available, no Cell to place."""
    g = make(20, {"Nicosia": {"troops": 1}}, first="eoka", prison=12)
    assert offered(g) == {UNSHADED}


# =================================================================== C21 --

C21_TOWNS = {"Nicosia": {"troops": 1, "police": 1}, "Karpas": {"troops": 2, "police": 1},
             "Limassol": {"troops": 1, "police": 1, "sabotage": 1}, "Larnaca": {"troops": 1, "police": 1, "curfew": 1},
             "Paphos": {"troops": 1, "police": 1, "underground_cells": 1}, "Famagusta": {"troops": 3},
             "Akrotiri": {"troops": 1, "police": 1}}


def test_c21_unshaded_political_will_per_town_with_troops_police_and_nothing_else():
    """DEVELOPMENT PROGRAM unshaded (C21): Nicosia and Karpas count; a Sabotage
    marker, a Curfew, a Cell or no Police disqualify; a Base is no Town: +2."""
    g = make(21, C21_TOWNS, first="eoka", pw=10)
    play(g, UNSHADED)
    assert board(g)["political_will"] == 12
    assert_second_chooses(g, "british", "C21 Development Program")


def test_c21_unshaded_political_will_stops_at_15_and_is_not_offered_there():
    """1.8, 5.1.1: 14 + 2 stops at 15; at 15 the text can do nothing (C-8)."""
    g = make(21, C21_TOWNS, first="british", pw=14)
    play(g, UNSHADED)
    assert board(g)["political_will"] == 15
    g = make(21, C21_TOWNS, first="british", pw=15)
    assert offered(g) == {SHADED}


def test_c21_shaded_places_two_cells_in_towns():
    """DEVELOPMENT PROGRAM shaded (C21): 2 Cells in total, Towns only, both placed."""
    g = make(21, {"Troodos": {"underground_cells": 1}}, first="british")
    play(g, SHADED)
    assert g.current_agent == "british"          # the executor places them (5.1)
    assert spaces_legal(g) == set(TOWNS) and STOP not in legal(g)
    play(g, space("Larnaca"), space("Famagusta"))
    b = board(g)
    assert b["spaces"] == {"Troodos": {"underground_cells": 1}, "Larnaca": {"underground_cells": 1},
                           "Famagusta": {"underground_cells": 1}}
    assert b["available"]["cells"] == 9
    assert_second_chooses(g, "eoka", "C21 Development Program")


# =================================================================== C22 --

def test_c22_eoka_shift_two_right_then_place_two_cells_in_towns():
    """GREEK GOVERNMENT (C22, one text): the executor shifts the track up to 2
    (here Debated -> Condemned), then chooses to place 2 Cells in Towns."""
    g = make(22, {"Troodos": {"underground_cells": 1}}, first="eoka", opinion="Debated")
    assert offered(g) == {UNSHADED}
    play(g, UNSHADED)
    assert g.phase == "Event: how many" and g.current_agent == "eoka"
    assert legal(g) == {STOP, count(1), count(2), count(3), count(4)}
    play(g, count(4))
    assert board(g)["international_opinion"] == "Condemned"
    assert g.phase == "Event: choose an option" and g.current_agent == "eoka"
    assert legal(g) == {OPTION_1, OPTION_2}
    play(g, OPTION_1)
    assert spaces_legal(g) == set(TOWNS) and STOP not in legal(g)
    play(g, space("Paphos"), space("Paphos"))
    b = board(g)
    assert b["spaces"]["Paphos"] == {"underground_cells": 2}
    assert b["available"]["cells"] == 9
    assert_second_chooses(g, "british", "C22 Greek Government")


def test_c22_british_shift_left_then_remove_two_cells_from_any_spaces():
    """GREEK GOVERNMENT (C22): Criticized, 2 left -> Discussed (2 right would
    pass Condemned: not offered); then 2 Cells from any spaces to Available,
    the British taking an Underground one first (C-9); none to Prison."""
    spaces = {"Troodos": {"underground_cells": 1, "active_cells": 1}, "Akrotiri": {"troops": 1, "active_cells": 1}}
    g = make(22, spaces, first="british", opinion="Criticized", prison=2)
    play(g, UNSHADED)
    assert g.current_agent == "british"
    assert legal(g) == {STOP, count(1), count(2), count(3)}
    play(g, count(2))
    assert board(g)["international_opinion"] == "Discussed"
    play(g, OPTION_2)
    assert spaces_legal(g) == {"Troodos", "Akrotiri"} and STOP not in legal(g)
    play(g, space("Troodos"), space("Akrotiri"))
    b = board(g)
    assert b["spaces"] == {"Troodos": {"active_cells": 1}, "Akrotiri": {"troops": 1}}
    assert b["available"]["cells"] == 12 - 3 - 2 + 2 and b["prison"] == 2
    assert_second_chooses(g, "eoka", "C22 Greek Government")


def test_c22_may_shift_nothing_and_options_need_something_to_do():
    """GREEK GOVERNMENT (C22): "up to 2": no shift (STOP); at Ignored no left
    shift; with no Cell on the map only the placement is offered."""
    g = make(22, {}, first="eoka", opinion="Ignored")
    play(g, UNSHADED)
    assert legal(g) == {STOP, count(3), count(4)}
    play(g, STOP)
    assert board(g)["international_opinion"] == "Ignored"
    assert legal(g) == {OPTION_1}


# =================================================================== C23 --

def test_c23_unshaded_sabotage_first_removes_a_cell_where_british_pieces_are():
    """STREET RIOTS unshaded (C23, 5.3), executed by the British; EOKA then
    Sabotage (3.3.3): Nicosia (Police, 2 Cells) loses its Active Cell first
    (C-5), Famagusta (Troops, 2 Underground) an Underground one, then a Cell
    Activates; Limassol (2 Cells, no British piece) loses none."""
    spaces = {"Nicosia": {"police": 1, "underground_cells": 1, "active_cells": 1},
              "Famagusta": {"troops": 1, "underground_cells": 2},
              "Limassol": {"underground_cells": 2}}
    g = make(23, spaces, first="british")
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"C23": "unshaded"}
    assert g.current_agent == "eoka"
    g.force_chance([5, 5, 5])            # three 6s
    play(g, OP_SA_BOX, op("Sabotage"), space("Nicosia"), space("Famagusta"), space("Limassol"), STOP)
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"police": 1, "active_cells": 1, "sabotage": 1}
    assert b["spaces"]["Famagusta"] == {"troops": 1, "active_cells": 1, "sabotage": 1}
    assert b["spaces"]["Limassol"] == {"underground_cells": 1, "active_cells": 1, "sabotage": 1}
    assert b["available"]["cells"] == 12 - 6 + 2
    assert g.phase == "Special Activity after the Operation"


def test_c23_unshaded_spares_a_lone_cell():
    """STREET RIOTS unshaded (C23): "more than 1 Cell": a single Cell with Troops Sabotages as usual."""
    g = make(1, {"Larnaca": {"troops": 2, "underground_cells": 1}}, first="eoka", capabilities={"C23": "unshaded"})
    g.force_chance([2])                  # a 3
    play(g, LIMITED_BOX, op("Sabotage"), space("Larnaca"))
    assert pieces(g, "Larnaca") == {"troops": 2, "active_cells": 1, "sabotage": 1}


def test_c23_shaded_one_space_may_sabotage_with_an_active_cell():
    """STREET RIOTS shaded (C23), executed by the British: EOKA's Sabotage may
    select one Town or Base by its Active Cell (A_ALT, not in Mountains), which
    stays as it is; once per card (C-12); other spaces as usual (3.3.3)."""
    spaces = {"Nicosia": {"police": 1, "active_cells": 1},
              "Limassol": {"active_cells": 1, "underground_cells": 1},
              "Troodos": {"active_cells": 1}, "Akrotiri": {"underground_cells": 1}}
    g = make(23, spaces, first="british")
    play(g, SHADED)
    assert board(g)["capabilities"] == {"C23": "shaded"}
    play(g, OP_SA_BOX, op("Sabotage"))
    assert g.current_agent == "eoka"
    assert spaces_legal(g) == {"Limassol", "Akrotiri"}
    assert alts_legal(g) == {"Nicosia", "Limassol"}
    g.force_chance([3])                  # a 4, -1 for the Police: 3 > 2
    play(g, alt("Nicosia"))
    assert pieces(g, "Nicosia") == {"police": 1, "active_cells": 1, "sabotage": 1}
    assert alts_legal(g) == set()        # one space per card
    g.force_chance([0])                  # a 1: no marker
    play(g, space("Limassol"))
    assert pieces(g, "Limassol") == {"active_cells": 2}
    play(g, STOP, STOP)
    assert_card_over(g, "british")       # British (Event) left of EOKA (Op & SA)


def test_c23_shaded_needed_for_an_active_cell_sabotage():
    """Control (3.3.3): without C23 shaded a space with only Active Cells cannot Sabotage."""
    g = make(1, {"Nicosia": {"active_cells": 1}, "Limassol": {"underground_cells": 1}}, first="eoka",
             capabilities={"C23": "unshaded"})
    play(g, OP_SA_BOX, op("Sabotage"))
    assert spaces_legal(g) == {"Limassol"} and alts_legal(g) == set()


# =================================================================== C24 --

def test_c24_unshaded_places_all_available_police_then_patrols_up_to_two_spaces():
    """TURKISH CYPRIOTS unshaded (C24): all 2 Available Police into spaces with
    British pieces (no STOP: "all"), then a free Patrol (3.2.2) in up to 2
    spaces, no Intelligence Lead (its number is fixed)."""
    spaces = {"Nicosia": {"troops": 1, "underground_cells": 1, "active_cells": 1},
              "Limassol": {"police": 2, "active_cells": 2}, "Akrotiri": {"troops": 2},
              "Larnaca": {"police": 2}, "Troodos": {"active_cells": 1}}
    g = make(24, spaces, first="british", intel_chits=[0])
    play(g, UNSHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "british"
    assert spaces_legal(g) == {"Nicosia", "Limassol", "Akrotiri", "Larnaca"} and STOP not in legal(g)
    play(g, space("Nicosia"), space("Nicosia"))
    assert board(g)["available"]["police"] == 0
    assert g.phase == "choose a space" and g.current_agent == "british"
    assert spaces_legal(g) == {"Nicosia", "Limassol"} and STOP in legal(g)
    play(g, space("Nicosia"), space("Limassol"))
    assert EXTRA not in legal(g) and spaces_legal(g) == set()
    play(g, STOP)
    play(g, space("Larnaca"), space("Nicosia"), STOP)       # a Police moves (3.2.2)
    assert g.phase == "Patrol: arrest space"
    play(g, space("Nicosia"))
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"troops": 1, "police": 3, "underground_cells": 1}
    assert b["spaces"]["Larnaca"] == {"police": 1}
    assert b["spaces"]["Limassol"] == {"police": 2, "active_cells": 2}
    assert b["prison"] == 1 and b["intel_chits"] == [0]
    assert_second_chooses(g, "eoka", "C24 Turkish Cypriots")


def test_c24_shaded_sabotage_markers_in_up_to_two_towns_with_cells_and_police():
    """TURKISH CYPRIOTS shaded (C24): Towns with Cells and Police only (not a
    Base), each once, may stop."""
    spaces = {"Nicosia": {"police": 1, "underground_cells": 1}, "Limassol": {"police": 2, "active_cells": 1},
              "Akrotiri": {"police": 1, "underground_cells": 1}, "Larnaca": {"police": 1},
              "Paphos": {"troops": 1, "underground_cells": 1}, "Karpas": {"police": 1, "active_cells": 1}}
    g = make(24, spaces, first="eoka")
    play(g, SHADED)
    assert g.current_agent == "eoka"
    assert spaces_legal(g) == {"Nicosia", "Limassol", "Karpas"} and STOP in legal(g)
    play(g, space("Nicosia"))
    assert spaces_legal(g) == {"Limassol", "Karpas"} and STOP in legal(g)
    play(g, space("Limassol"))
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"police": 1, "underground_cells": 1, "sabotage": 1}
    assert b["spaces"]["Limassol"] == {"police": 2, "active_cells": 1, "sabotage": 1}
    assert b["spaces"]["Karpas"] == {"police": 1, "active_cells": 1}
    assert_second_chooses(g, "british", "C24 Turkish Cypriots")


def test_c24_shaded_not_offered_without_a_town_with_cells_and_police():
    """5.1.3, C-8: Cells and Police only together in a Base: nothing to do."""
    g = make(24, {"Akrotiri": {"police": 1, "underground_cells": 1}, "Nicosia": {"underground_cells": 1}},
             first="eoka")
    assert offered(g) == {UNSHADED}


# =================================================================== C25 --

C25_SPACES = {"Nicosia": {"police": 1, "underground_cells": 1}, "Troodos": {"underground_cells": 1}}


def _travel_in_place(g):
    """EOKA Op & SA: Travel Troodos's Cell back to Troodos, then a Special Activity."""
    play(g, OP_SA_BOX, op("Travel"), space("Troodos"), space("Troodos"), count(1), STOP)
    assert g.phase == "Special Activity after the Operation" and g.current_agent == "eoka"


@pytest.mark.parametrize("way, nicosia, chits", [
    ("replace", {"underground_cells": 2}, [1, 2]),
    ("discard", {"police": 1, "underground_cells": 1}, [1]),
])
def test_c25_unshaded_infiltrate_replaces_or_discards_not_both(way, nicosia, chits):
    """ASSASSINATIONS unshaded (C25), executed by the British: Infiltrate (4.3.2)
    either replaces the Police (A_SPACE) or discards the highest chit (A_ALT)."""
    g = make(25, C25_SPACES, first="british", intel_chits=[1, 2])
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"C25": "unshaded"}
    _travel_in_place(g)
    play(g, sa("Infiltrate"))
    assert spaces_legal(g) == {"Nicosia"} and alts_legal(g) == {"Nicosia"}
    play(g, space("Nicosia") if way == "replace" else alt("Nicosia"))
    b = board(g)
    assert b["spaces"]["Nicosia"] == nicosia
    assert b["intel_chits"] == chits
    assert_card_over(g, "british")


def test_c25_infiltrate_without_capability_replaces_and_discards():
    """Control (4.3.2): the usual Infiltrate does both, and has no other way."""
    g = make(1, C25_SPACES, first="eoka", intel_chits=[1, 2])
    _travel_in_place(g)
    play(g, sa("Infiltrate"))
    assert alts_legal(g) == set()
    play(g, space("Nicosia"))
    assert pieces(g, "Nicosia") == {"underground_cells": 2} and board(g)["intel_chits"] == [1]


def test_c25_shaded_removes_a_police_where_an_underground_cell_is():
    """ASSASSINATIONS shaded (C25), executed by the British: Infiltrate may
    remove 1 Police where an Underground Cell is even with 3 Police (A_ALT),
    placing no Cell and discarding nothing (the card's tip); the usual way
    stays where it is allowed (Limassol)."""
    spaces = {"Nicosia": {"police": 3, "underground_cells": 1}, "Limassol": {"police": 1, "underground_cells": 1},
              "Larnaca": {"police": 1, "active_cells": 1}, "Troodos": {"underground_cells": 1}}
    g = make(25, spaces, first="british", intel_chits=[2])
    play(g, SHADED)
    assert board(g)["capabilities"] == {"C25": "shaded"}
    _travel_in_place(g)
    play(g, sa("Infiltrate"))
    assert spaces_legal(g) == {"Limassol"}
    assert alts_legal(g) == {"Nicosia", "Limassol"}
    play(g, alt("Nicosia"))
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"police": 2, "underground_cells": 1}
    assert b["intel_chits"] == [2]
    assert b["available"]["police"] == 6 - 4 and b["available"]["cells"] == 12 - 4
    assert_card_over(g, "british")


# =================================================================== C26 --

C26_SPACES = {"Nicosia": {"police": 1, "underground_cells": 1, "active_cells": 1},
              "Troodos": {"police": 1, "underground_cells": 1}, "Akrotiri": {"police": 1, "active_cells": 1},
              "Limassol": {"underground_cells": 1}, "Larnaca": {"police": 1}}


def test_c26_removes_a_cell_to_place_sabotage_in_up_to_two_spaces():
    """VOLKAN/TMT (C26, one text), executed by EOKA: any spaces with Cells and
    Police, each once; EOKA remove an Active Cell first (C-9), to Available,
    and a Sabotage marker goes where the Cell left."""
    g = make(26, C26_SPACES, first="eoka")
    assert offered(g) == {UNSHADED}
    play(g, UNSHADED)
    assert g.current_agent == "eoka"
    assert spaces_legal(g) == {"Nicosia", "Troodos", "Akrotiri"} and STOP in legal(g)
    play(g, space("Nicosia"))
    assert spaces_legal(g) == {"Troodos", "Akrotiri"} and STOP in legal(g)
    play(g, space("Akrotiri"))
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"police": 1, "underground_cells": 1, "sabotage": 1}
    assert b["spaces"]["Akrotiri"] == {"police": 1, "sabotage": 1}
    assert b["spaces"]["Troodos"] == {"police": 1, "underground_cells": 1}
    assert b["available"]["cells"] == 12 - 5 + 2 and b["prison"] == 0
    assert_second_chooses(g, "british", "C26 Volkan/TMT")


def test_c26_british_remove_an_underground_cell_and_may_stop():
    """VOLKAN/TMT (C26), executed by the British: an Underground Cell first (C-9); "up to 2": STOP after one."""
    g = make(26, C26_SPACES, first="british")
    play(g, UNSHADED, space("Nicosia"), STOP)
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"police": 1, "active_cells": 1, "sabotage": 1}
    assert b["available"]["cells"] == 12 - 5 + 1
    assert_second_chooses(g, "eoka", "C26 Volkan/TMT")


def test_c26_not_offered_without_cells_and_police_together():
    """5.1.3, C-8: no space holds both: the one text is not offered."""
    g = make(26, {"Limassol": {"underground_cells": 1}, "Larnaca": {"police": 1}}, first="eoka")
    assert offered(g) == set()


# =================================================================== C27 --

def test_c27_unshaded_sends_a_cell_to_prison_then_interrogates():
    """KYRENIA CASTLE PRISON unshaded (C27): one Cell from any space (no STOP),
    Underground first for the British (C-9), to Prison (2 -> 3); then
    Interrogate (4.2.3): 3 // 2 = 1 chit."""
    g = make(27, {"Troodos": {"underground_cells": 1, "active_cells": 1}, "Akrotiri": {"active_cells": 1}},
             first="british", prison=2)
    play(g, UNSHADED)
    assert spaces_legal(g) == {"Troodos", "Akrotiri"} and STOP not in legal(g)
    g.force_chance([8])                  # the last chit in the bag: a 2
    play(g, space("Troodos"))
    b = board(g)
    assert b["spaces"]["Troodos"] == {"active_cells": 1}
    assert b["prison"] == 3 and b["intel_chits"] == [2]
    assert_second_chooses(g, "eoka", "C27 Kyrenia Castle Prison")


def test_c27_unshaded_with_c17_unshaded_british_choose_how_to_interrogate():
    """C27 unshaded executed by EOKA with SPECIAL BRANCH unshaded (C17) in play:
    EOKA pick the Cell (Active first, C-9), the British choose Interrogate's
    way (the C17 tip): 2 spaces with Police and Cells."""
    spaces = {"Nicosia": {"police": 1, "underground_cells": 1, "active_cells": 1},
              "Limassol": {"police": 1, "underground_cells": 1}}
    g = make(27, spaces, first="eoka", prison=0, capabilities={"C17": "unshaded"})
    play(g, UNSHADED)
    assert g.current_agent == "eoka"
    play(g, space("Nicosia"))
    assert pieces(g, "Nicosia") == {"police": 1, "underground_cells": 1}
    assert g.phase == "Event: choose an option" and g.current_agent == "british"
    assert legal(g) == {OPTION_1, OPTION_2}
    g.force_chance([3, 3])
    play(g, OPTION_2)
    b = board(g)
    assert b["intel_chits"] == [1, 1] and b["prison"] == 1
    assert_second_chooses(g, "british", "C27 Kyrenia Castle Prison")


def test_c27_shaded_moves_all_prison_cells_to_available():
    """KYRENIA CASTLE PRISON shaded (C27): Prison empties into Available (1.3.6)."""
    g = make(27, {"Nicosia": {"underground_cells": 2}}, first="eoka", prison=5)
    play(g, SHADED)
    b = board(g)
    assert b["prison"] == 0 and b["available"]["cells"] == 10
    assert b["spaces"] == {"Nicosia": {"underground_cells": 2}}
    assert_second_chooses(g, "british", "C27 Kyrenia Castle Prison")


def test_c27_not_offered_when_it_can_do_nothing():
    """5.1.3, C-8: an empty Prison (shaded) and no Cell on the map with 1 in Prison
    (unshaded: nothing to remove, Interrogate draws 1 // 2 = 0)."""
    g = make(27, {"Nicosia": {"troops": 1}}, first="eoka", prison=1)
    assert offered(g) == {SHADED}
    g = make(27, {"Nicosia": {"underground_cells": 1}}, first="eoka", prison=0)
    assert offered(g) == {UNSHADED}


def test_c27_unshaded_offered_when_rough_handling_makes_interrogate_draw():
    """5.1.3, C-8 with ROUGH HANDLING unshaded (C10): no Cell on the map, 1 in
    Prison: Interrogate draws 1 chit per Cell in Prison, so the text does something."""
    g = make(27, {"Nicosia": {"troops": 1}}, first="british", prison=1, capabilities={"C10": "unshaded"})
    assert UNSHADED in offered(g)
    g.force_chance([0])
    play(g, UNSHADED)
    assert board(g)["intel_chits"] == [0]


# =================================================================== C28 --

def test_c28_unshaded_political_will_per_quiet_base():
    """BRITISH BASES unshaded (C28): Akrotiri (no Sabotage, no EOKA; British
    pieces not needed) counts, Dhekelia (a Sabotage marker) does not: +1."""
    g = make(28, {"Dhekelia": {"troops": 2, "sabotage": 1}}, first="british", pw=10)
    play(g, UNSHADED)
    assert board(g)["political_will"] == 11
    g = make(28, {"Dhekelia": {"troops": 2, "underground_cells": 1}}, first="british", pw=14)
    play(g, UNSHADED)
    assert board(g)["political_will"] == 15     # Dhekelia's Cell disqualifies it: +1
    g = make(28, {}, first="british", pw=14)
    play(g, UNSHADED)
    assert board(g)["political_will"] == 15     # +2 stops at 15 (5.1.1)


def test_c28_shaded_places_a_cell_in_each_base_then_eoka_may_sabotage_there():
    """BRITISH BASES shaded (C28): a Cell in each Base (each once, no STOP),
    then a free EOKA Sabotage (3.3.3) in the Bases only, may stop, no Offensive."""
    spaces = {"Akrotiri": {"troops": 1, "police": 1}, "Nicosia": {"underground_cells": 1},
              "Kyrenia": {"underground_cells": 1, "arms_caches": 1}}
    g = make(28, spaces, first="eoka")
    play(g, SHADED)
    assert spaces_legal(g) == {"Akrotiri", "Dhekelia"} and STOP not in legal(g)
    play(g, space("Dhekelia"))
    assert spaces_legal(g) == {"Akrotiri"}
    play(g, space("Akrotiri"))
    assert g.phase == "choose a space" and g.current_agent == "eoka"
    assert spaces_legal(g) == {"Akrotiri", "Dhekelia"} and STOP in legal(g)
    g.force_chance([2, 2])               # two 3s
    play(g, space("Akrotiri"), space("Dhekelia"))
    assert EXTRA not in legal(g)
    play(g, STOP)
    b = board(g)
    assert b["spaces"]["Akrotiri"] == {"troops": 1, "police": 1, "active_cells": 1}      # 3 - 1 Police
    assert b["spaces"]["Dhekelia"] == {"active_cells": 1, "sabotage": 1}                 # 3 > 2
    assert b["available"]["cells"] == 8
    assert_second_chooses(g, "british", "C28 British Bases")


def test_c28_shaded_by_the_british_places_only_available_cells_and_eoka_decide_the_sabotage():
    """BRITISH BASES shaded (C28) executed by the British: they place the Cells
    (5.1); with 1 Cell Available only 1 is placed (5.1.1); EOKA decide the
    Sabotage ("EOKA may", C-19) and may decline it."""
    g = make(28, {}, first="british", prison=11)
    play(g, SHADED)
    assert g.current_agent == "british"
    play(g, space("Akrotiri"))
    assert g.phase == "choose a space" and g.current_agent == "eoka"
    assert spaces_legal(g) == {"Akrotiri"}
    play(g, STOP)
    assert board(g)["spaces"] == {"Akrotiri": {"underground_cells": 1}}
    assert board(g)["available"]["cells"] == 0
    assert_second_chooses(g, "eoka", "C28 British Bases")


def test_c28_shaded_not_offered_when_it_can_do_nothing():
    """5.1.3, 5.1.1, C-8: no Cell Available (11 in Prison, 1 in Nicosia), so none
    can be placed, and no Base holds an Underground Cell to Sabotage with."""
    g = make(28, {"Nicosia": {"underground_cells": 1}}, first="eoka", prison=11)
    assert SHADED not in offered(g)


# =================================================================== C29 --

def test_c29_unshaded_lowers_political_will_to_remove_two_sabotage_markers():
    """MACMILLAN PLAN unshaded (C29): -1 Political Will, then the executor's
    option; two markers (both may come from one space), no STOP."""
    spaces = {"Nicosia": {"troops": 1, "sabotage": 2}, "Limassol": {"sabotage": 1}}
    g = make(29, spaces, first="british", pw=10, opinion="Criticized")
    play(g, UNSHADED)
    assert board(g)["political_will"] == 9
    assert g.phase == "Event: choose an option" and g.current_agent == "british"
    assert legal(g) == {OPTION_1, OPTION_2}
    play(g, OPTION_1)
    assert spaces_legal(g) == {"Nicosia", "Limassol"} and STOP not in legal(g)
    play(g, space("Nicosia"), space("Nicosia"))
    b = board(g)
    assert b["spaces"] == {"Nicosia": {"troops": 1}, "Limassol": {"sabotage": 1}}
    assert b["international_opinion"] == "Criticized"
    assert_second_chooses(g, "eoka", "C29 Macmillan Plan")


def test_c29_unshaded_or_shifts_opinion_two_left_within_the_track():
    """MACMILLAN PLAN unshaded (C29): with no Sabotage marker only the shift is
    offered; Discussed - 2 stops at Ignored (6.5)."""
    g = make(29, {}, first="british", pw=10, opinion="Discussed")
    play(g, UNSHADED)
    assert legal(g) == {OPTION_2}
    play(g, OPTION_2)
    b = board(g)
    assert b["international_opinion"] == "Ignored" and b["political_will"] == 9
    assert_second_chooses(g, "eoka", "C29 Macmillan Plan")


def test_c29_unshaded_not_offered_at_ignored_without_sabotage():
    """5.1.3, C-8: nothing to remove and nothing to shift."""
    g = make(29, {"Nicosia": {"underground_cells": 1}}, first="british", opinion="Ignored")
    assert offered(g) == {SHADED}


def test_c29_shaded_raises_political_will_then_sabotage_in_up_to_three_spaces():
    """MACMILLAN PLAN shaded (C29): +1 Political Will (15 stays 15, 1.8), then
    a free EOKA Sabotage (3.3.3) in up to 3 spaces, no Offensive (2.3.7)."""
    spaces = {t: {"underground_cells": 1} for t in ("Paphos", "Limassol", "Nicosia", "Larnaca")}
    spaces["Kyrenia"] = {"underground_cells": 1, "arms_caches": 1}
    g = make(29, spaces, first="eoka", pw=15)
    play(g, SHADED)
    assert board(g)["political_will"] == 15
    assert g.phase == "choose a space" and g.current_agent == "eoka"
    assert spaces_legal(g) == {"Paphos", "Limassol", "Nicosia", "Larnaca"} and STOP in legal(g)
    g.force_chance([5, 5, 5])
    play(g, space("Paphos"), space("Limassol"), space("Larnaca"))
    assert spaces_legal(g) == set() and EXTRA not in legal(g)
    play(g, STOP)
    b = board(g)
    for t in ("Paphos", "Limassol", "Larnaca"):
        assert b["spaces"][t] == {"active_cells": 1, "sabotage": 1}
    assert b["spaces"]["Nicosia"] == {"underground_cells": 1}
    assert_second_chooses(g, "british", "C29 Macmillan Plan")


def test_c29_shaded_political_will_rises_by_one():
    """MACMILLAN PLAN shaded (C29): 10 -> 11; the Sabotage may be declined."""
    g = make(29, {"Nicosia": {"underground_cells": 1}}, first="eoka", pw=10)
    play(g, SHADED, STOP)
    b = board(g)
    assert b["political_will"] == 11 and b["spaces"] == {"Nicosia": {"underground_cells": 1}}


def test_c29_shaded_not_offered_when_it_can_do_nothing():
    """5.1.3, C-8: Political Will at 15 and no Underground Cell in a Town or Base."""
    g = make(29, {"Troodos": {"underground_cells": 2}, "Nicosia": {"active_cells": 1}}, first="eoka", pw=15)
    assert SHADED not in offered(g)


# =================================================================== C30 --

def test_c30_unshaded_british_may_search_one_space_then_assault_there():
    """OPERATION FORWARD TO VICTORY unshaded (C30): Search in any 1 space (may
    stop): 2 Troops move in; a Town: a Curfew and 4 // 3 = 1 Cell Activated
    (3.2.3); then Assault there only: 3 Troops remove the Active Cell, the
    Underground one stays without Intel (3.2.4)."""
    spaces = {"Nicosia": {"troops": 1, "police": 1, "underground_cells": 2},
              "Larnaca": {"troops": 2, "active_cells": 1}}
    g = make(30, spaces, first="british")
    play(g, UNSHADED)
    assert g.phase == "choose a space" and g.current_agent == "british"
    assert len(spaces_legal(g)) == 10 and STOP in legal(g)
    play(g, space("Nicosia"), STOP, space("Larnaca"), space("Nicosia"), space("Larnaca"), space("Nicosia"), STOP)
    assert pieces(g, "Nicosia") == {"troops": 3, "police": 1, "underground_cells": 1, "active_cells": 1,
                                    "curfew": 1}
    assert spaces_legal(g) == {"Nicosia"}
    play(g, space("Nicosia"), STOP)
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"troops": 3, "police": 1, "underground_cells": 1, "curfew": 1}
    assert b["spaces"]["Larnaca"] == {"active_cells": 1}
    assert b["available"]["cells"] == 12 - 3 + 1
    assert_second_chooses(g, "eoka", "C30 Operation Forward to Victory")


@pytest.mark.parametrize("first", ["eoka", "british"])
def test_c30_shaded_eoka_may_sabotage_in_each_town_with_underground_cells(first):
    """OPERATION FORWARD TO VICTORY shaded (C30): EOKA decide (C-19) a free
    Sabotage in every Town with an Underground Cell, more than 3 (no Base, no
    Town with only Active Cells); they may stop."""
    spaces = {t: {"underground_cells": 1} for t in ("Paphos", "Limassol", "Nicosia", "Larnaca")}
    spaces["Karpas"] = {"active_cells": 1}
    spaces["Akrotiri"] = {"underground_cells": 1}
    g = make(30, spaces, first=first)
    play(g, SHADED)
    assert g.phase == "choose a space" and g.current_agent == "eoka"
    assert spaces_legal(g) == {"Paphos", "Limassol", "Nicosia", "Larnaca"} and STOP in legal(g)
    g.force_chance([5, 5, 5, 0])
    play(g, space("Paphos"), space("Limassol"), space("Nicosia"), space("Larnaca"))
    b = board(g)
    for t in ("Paphos", "Limassol", "Nicosia"):
        assert b["spaces"][t] == {"active_cells": 1, "sabotage": 1}
    assert b["spaces"]["Larnaca"] == {"active_cells": 1}
    assert b["spaces"]["Akrotiri"] == {"underground_cells": 1}
    play(g, STOP)
    assert_second_chooses(g, "british" if first == "eoka" else "eoka", "C30 Operation Forward to Victory")


def test_c30_shaded_with_c23_shaded_keeps_to_towns_with_underground_cells():
    """C30 shaded names its spaces: each Town with Underground Cells. STREET
    RIOTS shaded (C23) changes which Cell a selected space uses, not which
    spaces the text selects; where they differ the card in play wins (5.1.2).
    So Karpas (only an Active Cell) is not offered; Limassol (both kinds) may
    use its Active Cell."""
    spaces = {"Karpas": {"active_cells": 1}, "Nicosia": {"underground_cells": 1},
              "Limassol": {"underground_cells": 1, "active_cells": 1}}
    g = make(30, spaces, first="eoka", capabilities={"C23": "shaded"})
    play(g, SHADED)
    assert spaces_legal(g) == {"Nicosia", "Limassol"}
    assert alts_legal(g) == {"Limassol"}


def test_c30_shaded_not_offered_without_an_underground_cell_in_a_town():
    """5.1.3, C-8: Underground Cells only in a Base and a Mountain."""
    g = make(30, {"Akrotiri": {"underground_cells": 1}, "Troodos": {"underground_cells": 1}}, first="eoka")
    assert offered(g) == {UNSHADED}


# =================================================================== C31 --

def test_c31_police_no_longer_subtract_from_sabotage_rolls():
    """TURKISH POLICE (C31, dual capability, one text) executed by the British:
    EOKA's Sabotage roll of 3 succeeds with 3 Police there (3.3.3 would make it 0)."""
    g = make(31, {"Nicosia": {"police": 3, "underground_cells": 1}}, first="british")
    assert offered(g) == {UNSHADED}
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"C31": "unshaded"}
    g.force_chance([2])
    play(g, LIMITED_BOX, op("Sabotage"), space("Nicosia"), STOP)
    assert pieces(g, "Nicosia") == {"police": 3, "active_cells": 1, "sabotage": 1}
    assert_card_over(g, "eoka")


def test_c31_sabotage_without_capability_subtracts_police():
    """Control (3.3.3): a 3 with 1 Police is 2: no marker."""
    g = make(1, {"Nicosia": {"police": 1, "underground_cells": 1}}, first="eoka")
    g.force_chance([2])
    play(g, LIMITED_BOX, op("Sabotage"), space("Nicosia"))
    assert pieces(g, "Nicosia") == {"police": 1, "active_cells": 1}


def test_c31_infiltrate_removes_rather_than_replaces_and_discards_nothing():
    """TURKISH POLICE (C31) executed by EOKA: then Infiltrate (4.3.2) removes
    the Police to Available, places no Cell and keeps the British chits."""
    g = make(31, C25_SPACES, first="eoka", intel_chits=[2])
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"C31": "unshaded"}
    g.force_chance([0])
    play(g, PASS_LIMITED)                # the British Pass and draw a 0 chit (2.3.3) ...
    assert_card_over(g, "british")       # ... and, left of EOKA, are 1st Eligible on C32
    g.force_chance([0])
    play(g, PASS_LIMITED)
    assert g.current_agent == "eoka"
    _travel_in_place(g)
    play(g, sa("Infiltrate"))
    assert spaces_legal(g) == {"Nicosia"} and alts_legal(g) == set()
    play(g, space("Nicosia"))
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"underground_cells": 1}
    assert b["intel_chits"] == [0, 0, 2]
    assert b["available"]["police"] == 6 and b["available"]["cells"] == 10


def test_c31_with_c25_unshaded_nothing_left_to_choose():
    """C-14: TURKISH POLICE with ASSASSINATIONS unshaded: Infiltrate only removes; no discard way."""
    g = make(1, C25_SPACES, first="eoka", intel_chits=[2], capabilities={"C31": "unshaded", "C25": "unshaded"})
    _travel_in_place(g)
    play(g, sa("Infiltrate"))
    assert spaces_legal(g) == {"Nicosia"} and alts_legal(g) == set()
    play(g, space("Nicosia"))
    assert pieces(g, "Nicosia") == {"underground_cells": 1} and board(g)["intel_chits"] == [2]


def test_c31_with_c25_shaded_assassination_still_open():
    """C-14: TURKISH POLICE with ASSASSINATIONS shaded: a Police may still be
    removed where more Police than Underground Cells are."""
    spaces = {"Nicosia": {"police": 2, "underground_cells": 1}, "Troodos": {"underground_cells": 1}}
    g = make(1, spaces, first="eoka", intel_chits=[2], capabilities={"C31": "unshaded", "C25": "shaded"})
    _travel_in_place(g)
    play(g, sa("Infiltrate"))
    assert spaces_legal(g) == set() and alts_legal(g) == {"Nicosia"}
    play(g, alt("Nicosia"))
    assert pieces(g, "Nicosia") == {"police": 1, "underground_cells": 1} and board(g)["intel_chits"] == [2]


# =================================================================== C32 --

def test_c32_unshaded_ambush_with_troops_also_removes_the_activated_cell():
    """ROAD AMBUSHES unshaded (C32) executed by the British: EOKA's Ambush
    (3.3.4) in Nicosia (Troops) removes the Police and the Activated Cell to
    Available; in Larnaca (no Troops) the Cell stays Active. Both rolls beat
    the cubes left, so each places an Arms Cache."""
    spaces = {"Nicosia": {"troops": 1, "police": 1, "underground_cells": 2},
              "Larnaca": {"police": 1, "underground_cells": 1}}
    g = make(32, spaces, first="british", undrawn=None)
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"C32": "unshaded"}
    play(g, OP_SA_BOX, op("Ambush"))
    assert alts_legal(g) == set()
    g.force_chance([1])                  # a 2 > 1 Troop
    play(g, space("Nicosia"))
    assert g.phase == "Ambush: where the Arms Cache goes"
    play(g, space("Troodos"))
    g.force_chance([0])                  # a 1 > 0 cubes
    play(g, space("Larnaca"), space("Larnaca"), STOP)
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"troops": 1, "underground_cells": 1}
    assert b["spaces"]["Larnaca"] == {"active_cells": 1, "arms_caches": 1}
    assert b["spaces"]["Troodos"] == {"arms_caches": 1}
    assert b["available"]["police"] == 6 and b["available"]["cells"] == 12 - 3 + 1
    assert_card_over(g, "british", "C31 Turkish Police")   # no Special Activity has a space left


def test_c32_shaded_troop_lorries_remove_no_police_and_lower_political_will():
    """ROAD AMBUSHES shaded (C32) executed by the British: one Ambush space with
    Troops per Operation may be the Troop lorries (A_ALT): no Police removed,
    Political Will -1 on success, the Arms Cache still placed (C-13)."""
    spaces = {"Nicosia": {"troops": 1, "police": 1, "underground_cells": 1},
              "Limassol": {"troops": 1, "underground_cells": 1}, "Larnaca": {"police": 1, "underground_cells": 1}}
    g = make(32, spaces, first="british", pw=10)
    play(g, SHADED)
    assert board(g)["capabilities"] == {"C32": "shaded"}
    play(g, OP_SA_BOX, op("Ambush"))
    assert g.current_agent == "eoka"
    assert alts_legal(g) == {"Nicosia", "Limassol"}
    assert spaces_legal(g) == {"Nicosia", "Limassol", "Larnaca"}
    g.force_chance([2])                  # a 3 > 2 cubes
    play(g, alt("Nicosia"))
    assert board(g)["political_will"] == 9
    play(g, space("Nicosia"))
    assert pieces(g, "Nicosia") == {"troops": 1, "police": 1, "active_cells": 1, "arms_caches": 1}
    assert alts_legal(g) == set()        # once per Operation (C-13)
    g.force_chance([0])                  # a 1, not > 1 Troop: no Arms Cache
    play(g, space("Limassol"))
    b = board(g)
    assert b["spaces"]["Limassol"] == {"troops": 1, "active_cells": 1}
    assert b["political_will"] == 9
    assert g.phase == "choose a space"


def test_c32_shaded_failed_troop_lorry_ambush_changes_no_political_will():
    """ROAD AMBUSHES shaded (C32): a roll not above the cubes: no Political Will loss, Police kept."""
    g = make(1, {"Nicosia": {"troops": 2, "police": 1, "underground_cells": 1}}, first="eoka", pw=10,
             capabilities={"C32": "shaded"})
    g.force_chance([2])                  # a 3, not > 3 cubes
    play(g, LIMITED_BOX, op("Ambush"), alt("Nicosia"), STOP)
    b = board(g)
    assert b["spaces"]["Nicosia"] == {"troops": 2, "police": 1, "active_cells": 1}
    assert b["political_will"] == 10
    assert_second_chooses(g, "british", "C1 Makarios III")


def test_c32_shaded_troop_lorries_political_will_stays_at_zero():
    """ROAD AMBUSHES shaded (C32) at Political Will 0: it stays 0 (1.8); the
    Arms Cache is still placed (C-13), Police kept."""
    g = make(1, {"Limassol": {"troops": 1, "police": 1, "underground_cells": 1}}, first="eoka", pw=0,
             capabilities={"C32": "shaded"})
    g.force_chance([5])                  # a 6 > 2 cubes
    play(g, LIMITED_BOX, op("Ambush"), alt("Limassol"))
    assert g.phase == "Ambush: where the Arms Cache goes"
    play(g, space("Limassol"), STOP)
    b = board(g)
    assert b["spaces"]["Limassol"] == {"troops": 1, "police": 1, "active_cells": 1, "arms_caches": 1}
    assert b["political_will"] == 0
