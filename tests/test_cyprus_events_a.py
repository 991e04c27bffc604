"""Cyprus events C1-C16 (5.0-5.3, 9.0) played from built positions.

Each test builds a position with ``make`` (cyprus_helpers), executes a text
through the Event box and checks the exact board afterwards, who made each
choice (5.1), whether "may" / "up to" let the chooser stop, stacking and
Available limits (5.1.1, 1.4.1, 1.4.2), Political Will bounds (1.8) and that
the card flow goes on (the other faction's box, 2.3.2). Capabilities (5.3:
C9, C10, C13) are checked where they change an Operation or Special
Activity on a later card. Readings of unclear texts: docs/rules_decisions.md,
Cyprus C-1 onwards.
"""


from cyprus_helpers import (
    EVENT_BOX, EXTRA, OP_SA_BOX, PASS_LIMITED, SHADED, STOP, UNSHADED, alt, alts_legal, count, legal, make, op,
    play, sa, space, spaces_legal,
)

NEXT_CARD = "C32 Road Ambushes"     # the card make() reveals after the one in play (C31 after C32)


def board(g):
    return g.to_dict()["spaces"]


def state(g):
    return g.to_dict()


def assert_box_for(g, faction):
    """The event is over: the card's other faction chooses a box (2.3.2);
    the Event box is taken."""
    assert g.phase == "choose a box" and g.current_agent == faction
    acts = legal(g)
    assert UNSHADED not in acts and SHADED not in acts and EVENT_BOX not in acts


def pass_to_next_card(g):
    """The 2nd Eligible Passes in the Limited Op box (2.3.3), declining an EOKA
    Ambush; the next card is revealed (2.3.5, 2.3.6)."""
    play(g, PASS_LIMITED)
    if g.phase == "choose a space" and g.current_agent == "eoka":
        g.apply(STOP)
    assert state(g)["card"] == NEXT_CARD and g.phase == "choose a box"


# ------------------------------------------------------------------ C1 --

def test_c01_unshaded_british_restore_in_two_spaces_with_cubes_even_when_eoka_execute():
    """C1 unshaded: the text names the British, so they decide (5.1, C-19);
    Restore in up to 2 spaces with cubes and no EOKA: Police alone suffice
    (the event overrides 4.2.1's Troops-and-Police, 5.1.1)."""
    g = make(1, {"Nicosia": {"troops": 2, "police": 1, "sabotage": 1, "curfew": 1},
                 "Limassol": {"police": 1, "sabotage": 2},
                 "Larnaca": {"police": 1, "underground_cells": 1, "sabotage": 1},
                 "Famagusta": {"troops": 1, "sabotage": 1}}, first="eoka")
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Special Activity after the Operation"
    assert legal(g) == {STOP, sa("Restore")}                 # "may"
    g.apply(sa("Restore"))
    assert g.current_agent == "british"
    assert spaces_legal(g) == {"Nicosia", "Limassol", "Famagusta"}   # Larnaca holds EOKA
    assert STOP not in legal(g)
    g.apply(space("Nicosia"))
    assert spaces_legal(g) == {"Limassol", "Famagusta"} and STOP in legal(g)
    g.apply(space("Limassol"))
    assert board(g)["Nicosia"] == {"troops": 2, "police": 1}
    assert board(g)["Limassol"] == {"police": 1}
    assert board(g)["Famagusta"] == {"troops": 1, "sabotage": 1}    # only 2 spaces
    assert board(g)["Larnaca"] == {"police": 1, "underground_cells": 1, "sabotage": 1}
    assert_box_for(g, "british")


def test_c01_unshaded_british_may_restore_nowhere():
    """C1 unshaded: "may" (5.1.3 does not force a "may"): No Special Activity."""
    g = make(1, {"Nicosia": {"troops": 1, "curfew": 1}})
    play(g, UNSHADED, STOP)
    assert board(g)["Nicosia"] == {"troops": 1, "curfew": 1}
    assert_box_for(g, "eoka")


def test_c01_unshaded_not_offered_without_a_marker_to_restore():
    """C-8 (5.1.3): spaces with cubes and no EOKA but no Curfew or Sabotage
    there: Restore would change nothing, so the text is not offered."""
    g = make(1, {"Nicosia": {"troops": 2, "police": 1},
                 "Larnaca": {"police": 1, "active_cells": 1, "sabotage": 1, "curfew": 1}})
    acts = legal(g)
    assert UNSHADED not in acts and SHADED in acts


def test_c01_shaded_shifts_opinion_two_right_and_stops_at_condemned():
    """C1 shaded: International Opinion 2 steps right (6.5.1: events shift the
    track), never past Condemned."""
    g = make(1, {}, opinion="Discussed")
    g.apply(SHADED)
    assert state(g)["international_opinion"] == "Criticized"
    assert_box_for(g, "eoka")
    g = make(1, {}, opinion="Criticized", first="eoka")
    g.apply(SHADED)
    assert state(g)["international_opinion"] == "Condemned"
    g = make(1, {}, opinion="Condemned")
    assert SHADED not in legal(g)                             # C-8: nothing to shift


# ------------------------------------------------------------------ C2 --

def test_c02_unshaded_assault_removes_arms_caches_first_despite_underground_cells():
    """C2 unshaded: Assault in a space with Troops, Arms Caches first: an
    Underground Cell no longer shields them (3.2.4 reversed); each gives +1
    Political Will and an Intel Chit (3.2.4); one piece per two Troops in a
    Mountain. The text has no "may": the space must be chosen (5.1.3)."""
    g = make(2, {"Troodos": {"troops": 4, "underground_cells": 1, "active_cells": 1, "arms_caches": 2},
                 "Nicosia": {"police": 1, "active_cells": 1}}, pw=12)
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "choose a space"
    assert spaces_legal(g) == {"Troodos"} and STOP not in legal(g)   # Nicosia: no Troops
    g.force_chance([8, 0])      # chits drawn: a 2 (last in the bag), then a 0
    g.apply(space("Troodos"))
    assert legal(g) == {STOP}                               # one space (the text fixes it)
    g.apply(STOP)
    assert board(g)["Troodos"] == {"troops": 4, "underground_cells": 1, "active_cells": 1}
    s = state(g)
    assert s["political_will"] == 14 and s["available"]["arms_caches"] == 4
    assert sorted(s["intel_chits"]) == [0, 2]
    assert_box_for(g, "eoka")


def test_c02_unshaded_caches_first_then_cells_and_pw_capped_at_15():
    """C2 unshaded in a Town: one piece per Troop (3.2.4): the Arms Cache goes
    first, then an Active Cell to Available (alternation starts there); Political
    Will stays at 15 (1.8, 5.1.1)."""
    g = make(2, {"Nicosia": {"troops": 2, "active_cells": 2, "arms_caches": 1}}, pw=15)
    g.force_chance([0])
    play(g, UNSHADED, space("Nicosia"), STOP)
    assert board(g)["Nicosia"] == {"troops": 2, "active_cells": 1}
    s = state(g)
    assert s["political_will"] == 15 and s["available"]["cells"] == 12 - 1 and s["prison"] == 0
    assert s["intel_chits"] == [0]
    assert_box_for(g, "eoka")


def test_c02_unshaded_not_offered_without_troops_beside_eoka():
    """C-8: no space with Troops and EOKA pieces: the Assault cannot happen."""
    g = make(2, {"Nicosia": {"troops": 2}, "Limassol": {"police": 2, "active_cells": 1}})
    assert UNSHADED not in legal(g) and SHADED in legal(g)


def test_c02_shaded_eoka_conduct_three_limited_operations_even_when_british_execute():
    """C2 shaded: EOKA (named) choose and carry out three Limited Operations
    (5.1), of any types, reusing the same pieces (tip); each one space, no
    Special Activity (2.3.4)."""
    g = make(2, {"Nicosia": {"underground_cells": 2}, "Troodos": {"arms_caches": 1}})
    g.apply(SHADED)
    assert g.current_agent == "eoka" and g.phase == "Event: choose an Operation"
    play(g, op("Recruit"), space("Nicosia"))                # 1 Cell next to Troodos's Arms Cache
    assert legal(g) == {STOP, EXTRA}                        # Limited: one space, + Offensive (2.3.7)
    g.apply(STOP)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "eoka"
    g.force_chance([5])
    play(g, op("Sabotage"), space("Nicosia"))               # roll 6: a Sabotage marker
    assert g.phase == "Sabotage: Arms Cache to spend"       # Troodos is adjacent
    play(g, STOP, STOP)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "eoka"
    g.force_chance([0])
    play(g, op("Sabotage"), space("Nicosia"), STOP, STOP)   # the same Cells again: roll 1 fails
    assert board(g)["Nicosia"] == {"underground_cells": 1, "active_cells": 2, "sabotage": 1}
    assert board(g)["Troodos"] == {"arms_caches": 1}
    assert_box_for(g, "eoka")


def test_c02_shaded_the_three_operations_are_not_optional():
    """C2 shaded says "EOKA conducts", not "may": a text that can be implemented
    must be (5.1.3; cf. Palestine P-18): STOP is no choice while EOKA have an
    Operation to conduct."""
    g = make(2, {"Nicosia": {"underground_cells": 2}}, first="eoka")
    g.apply(SHADED)
    assert g.phase == "Event: choose an Operation"
    assert STOP not in legal(g)


# ------------------------------------------------------------------ C3 --

def test_c03_unshaded_british_limited_patrol_then_political_will_plus_one():
    """C3 unshaded: the British (named) may Patrol as a Limited Operation
    (2.3.4: one destination, Police from anywhere), then Political Will +1."""
    g = make(3, {"Nicosia": {"active_cells": 2, "underground_cells": 1},
                 "Limassol": {"police": 2}, "Famagusta": {"active_cells": 1}}, first="eoka", pw=9)
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "choose a space"
    assert spaces_legal(g) == {"Nicosia", "Famagusta"} and STOP in legal(g)
    g.apply(space("Nicosia"))
    assert legal(g) == {STOP}                               # Limited: one destination, no chit to lead with
    g.apply(STOP)
    play(g, space("Limassol"), space("Nicosia"), space("Limassol"), space("Nicosia"), STOP)
    assert g.phase == "Patrol: arrest space"
    g.apply(space("Nicosia"))
    assert board(g)["Nicosia"] == {"police": 2, "underground_cells": 1}
    s = state(g)
    assert s["prison"] == 2 and s["political_will"] == 10
    assert "Limassol" not in board(g)
    assert_box_for(g, "british")


def test_c03_unshaded_political_will_rises_without_a_patrol_and_stops_at_15():
    """C-17: the +1 does not depend on the Patrol; 1.8: never above 15."""
    g = make(3, {"Nicosia": {"active_cells": 1, "police": 1}}, pw=12)
    play(g, UNSHADED, STOP)
    assert state(g)["political_will"] == 13 and board(g)["Nicosia"] == {"police": 1, "active_cells": 1}
    g = make(3, {"Nicosia": {"active_cells": 1, "police": 1}}, pw=15)
    play(g, UNSHADED, STOP)
    assert state(g)["political_will"] == 15


def test_c03_shaded_eoka_propagandize_in_a_space_with_cell_and_curfew():
    """C3 shaded: EOKA (named) may Propagandize (4.3.3) in one space with a
    Cell and a Curfew; the Curfew way shifts International Opinion 2 right and
    Activates the Underground Cell. A Sabotage-only space is no choice."""
    g = make(3, {"Nicosia": {"troops": 1, "underground_cells": 1, "curfew": 1},
                 "Limassol": {"police": 1, "underground_cells": 1, "sabotage": 1},
                 "Larnaca": {"police": 1, "curfew": 1}})
    g.apply(SHADED)
    assert g.current_agent == "eoka" and legal(g) == {STOP, sa("Propagandize")}
    g.apply(sa("Propagandize"))
    assert alts_legal(g) == {"Nicosia"} and spaces_legal(g) == set() and STOP not in legal(g)
    g.apply(alt("Nicosia"))
    assert board(g)["Nicosia"] == {"troops": 1, "active_cells": 1, "curfew": 1}
    assert state(g)["international_opinion"] == "Condemned"
    assert state(g)["political_will"] == 10
    assert_box_for(g, "eoka")


def test_c03_shaded_sabotage_way_in_a_curfew_space_lowers_political_will():
    """C3 shaded in a space with Cell, Curfew and Sabotage: EOKA may take the
    Sabotage way instead (4.3.3: one option): Political Will -1, no shift."""
    g = make(3, {"Nicosia": {"troops": 1, "active_cells": 1, "curfew": 1, "sabotage": 1}}, first="eoka", pw=0)
    play(g, SHADED, sa("Propagandize"))
    assert spaces_legal(g) == {"Nicosia"} and alts_legal(g) == {"Nicosia"}
    g.apply(space("Nicosia"))
    assert state(g)["political_will"] == 0                 # 1.8: not below 0
    assert state(g)["international_opinion"] == "Debated"


def test_c03_shaded_not_offered_without_a_cell_in_a_curfew_space():
    """C-8: no space holds both a Cell and a Curfew."""
    g = make(3, {"Nicosia": {"troops": 1, "curfew": 1}, "Limassol": {"underground_cells": 1, "sabotage": 1}})
    assert SHADED not in legal(g) and UNSHADED in legal(g)


# ------------------------------------------------------------------ C4 --

def test_c04_executor_takes_three_troops_to_the_card_and_has_one_text():
    """C4 (one text): the executing faction picks the Troops (C-19), three,
    mandatory (no "may")."""
    g = make(4, {"Nicosia": {"troops": 2, "curfew": 1}, "Troodos": {"troops": 2}, "Akrotiri": {"troops": 1}},
             first="eoka")
    assert SHADED not in legal(g)
    g.apply(UNSHADED)
    assert g.current_agent == "eoka" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Nicosia", "Troodos", "Akrotiri"} and STOP not in legal(g)
    play(g, space("Nicosia"), space("Nicosia"))              # the Curfew leaves with the last cube (1.10)
    assert STOP not in legal(g) and spaces_legal(g) == {"Troodos", "Akrotiri"}
    g.apply(space("Troodos"))
    s = state(g)
    assert s["troops_on_suez_crisis"] == 3 and s["available"]["troops"] == 12 - 5
    assert "Nicosia" not in board(g)
    assert board(g)["Troodos"] == {"troops": 1} and board(g)["Akrotiri"] == {"troops": 1}
    assert_box_for(g, "british")


def test_c04_fewer_troops_on_the_map_then_they_return_to_bases_at_the_next_reset():
    """C4 with 2 Troops on the map: both go (5.1.3: what can be done); at the
    next Propaganda Round's Reset (6.4) the British put them in Bases of their
    choice."""
    g = make(4, {"Nicosia": {"troops": 1, "police": 1}, "Troodos": {"troops": 1}},
             undrawn=[33] + list(range(32, 15, -1)) + [34, 35])
    play(g, UNSHADED, space("Nicosia"), space("Troodos"))
    assert state(g)["troops_on_suez_crisis"] == 2
    assert "Troodos" not in board(g) and board(g)["Nicosia"] == {"police": 1}
    g.apply(PASS_LIMITED)                                    # EOKA Pass (no Ambush possible): C33 comes
    # Propaganda Round: Political Will (6.1), British Intel draws a chit (6.2.2), Redeploy (6.3.1).
    assert g.phase == "Redeploy: move Police from" and g.current_agent == "british"
    g.apply(STOP)
    assert g.phase == "Suez Crisis: Troops return to" and g.current_agent == "british"
    assert spaces_legal(g) == {"Akrotiri", "Dhekelia"}
    g.apply(space("Dhekelia"))
    assert g.phase == "Suez Crisis: Troops return to"
    g.apply(space("Akrotiri"))
    s = state(g)
    assert s["troops_on_suez_crisis"] == 0
    assert board(g)["Akrotiri"] == {"troops": 1} and board(g)["Dhekelia"] == {"troops": 1}
    assert s["card"] == NEXT_CARD and g.phase == "choose a box"


# ------------------------------------------------------------------ C5 --

def test_c05_unshaded_opinion_two_left_bounded_at_ignored():
    """C5 unshaded: International Opinion 2 steps left (6.5.1), not past Ignored;
    at Ignored the text is not offered (C-8)."""
    g = make(5, {}, opinion="Condemned")
    g.apply(UNSHADED)
    assert state(g)["international_opinion"] == "Debated"
    g = make(5, {}, opinion="Discussed", first="eoka")
    g.apply(UNSHADED)
    assert state(g)["international_opinion"] == "Ignored"
    assert_box_for(g, "british")
    g = make(5, {}, opinion="Ignored")
    assert UNSHADED not in legal(g)


def test_c05_shaded_sabotage_marker_in_one_town_with_police_and_eoka():
    """C5 shaded: one Sabotage marker (1.7: stacks), mandatory, in a Town
    with Police and any EOKA piece (an Arms Cache counts); not a Base, not a
    Town with only Troops."""
    g = make(5, {"Nicosia": {"police": 1, "arms_caches": 1, "sabotage": 1},
                 "Limassol": {"police": 1, "active_cells": 1},
                 "Larnaca": {"troops": 2, "underground_cells": 1},
                 "Akrotiri": {"police": 1, "underground_cells": 1}}, first="eoka")
    g.apply(SHADED)
    assert g.current_agent == "eoka" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Nicosia", "Limassol"} and STOP not in legal(g)
    g.apply(space("Nicosia"))
    assert board(g)["Nicosia"] == {"police": 1, "arms_caches": 1, "sabotage": 2}
    assert board(g)["Limassol"] == {"police": 1, "active_cells": 1}
    assert_box_for(g, "british")


def test_c05_shaded_not_offered_without_police_beside_eoka_in_a_town():
    """C-8: Police and EOKA share only a Base: no Town qualifies."""
    g = make(5, {"Akrotiri": {"police": 1, "underground_cells": 1}, "Nicosia": {"troops": 1, "active_cells": 1}})
    assert SHADED not in legal(g) and UNSHADED in legal(g)


# ------------------------------------------------------------------ C6 --

def test_c06_unshaded_british_move_cubes_to_mountains_then_search_each():
    """C6 unshaded executed by EOKA: the British (named) move Troops and Police
    from anywhere to Mountains (C-19; 1.3.1: any map space holds forces), then
    Search (3.2.3) in each: one Cell Activated per cube. A Curfew left
    without British pieces goes (1.10)."""
    g = make(6, {"Nicosia": {"troops": 2, "curfew": 1},
                 "Larnaca": {"police": 1, "troops": 1},
                 "Troodos": {"underground_cells": 4},
                 "Kyrenia": {"underground_cells": 2, "troops": 1}}, first="eoka")
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Nicosia", "Larnaca", "Kyrenia"} and alts_legal(g) == {"Larnaca"}
    assert STOP in legal(g)                                  # "may"
    g.apply(space("Nicosia"))
    assert spaces_legal(g) == {"Troodos", "Kyrenia"} and STOP not in legal(g)
    play(g, space("Troodos"), space("Nicosia"), space("Troodos"), alt("Larnaca"), space("Troodos"), STOP)
    assert "Nicosia" not in board(g)                         # Troops gone, the Curfew too (1.10)
    assert g.current_agent == "british" and g.phase == "choose a space"
    assert spaces_legal(g) == {"Troodos", "Kyrenia"}
    play(g, space("Troodos"), space("Kyrenia"))
    assert legal(g) == {STOP}                                # 2 Mountains
    play(g, STOP, STOP)                                      # no Troops move in by Search
    assert board(g)["Troodos"] == {"troops": 2, "police": 1, "active_cells": 3, "underground_cells": 1}
    assert board(g)["Kyrenia"] == {"troops": 1, "active_cells": 1, "underground_cells": 1}
    assert board(g)["Larnaca"] == {"troops": 1}
    assert_box_for(g, "british")


def test_c06_unshaded_british_may_move_nothing_and_search_nowhere():
    """C6 unshaded: "may": the British may stop at once and select no Mountain."""
    g = make(6, {"Troodos": {"troops": 1, "underground_cells": 1}})
    play(g, UNSHADED, STOP)
    assert g.phase == "choose a space" and STOP in legal(g)
    g.apply(STOP)
    assert board(g)["Troodos"] == {"troops": 1, "underground_cells": 1}
    assert_box_for(g, "eoka")


def test_c06_shaded_eoka_travel_from_each_mountain():
    """C6 shaded executed by the British: EOKA (named) may Travel (3.3.2)
    from the Mountains only, both of them; moved Cells flip Underground."""
    g = make(6, {"Troodos": {"active_cells": 2, "troops": 2},
                 "Kyrenia": {"active_cells": 1},
                 "Nicosia": {"underground_cells": 1}})
    g.apply(SHADED)
    assert g.current_agent == "eoka" and g.phase == "choose a space"
    assert spaces_legal(g) == {"Troodos", "Kyrenia"} and STOP in legal(g)
    play(g, space("Troodos"), space("Nicosia"), count(2))   # all its Cells moved: next origin
    play(g, space("Kyrenia"), space("Kyrenia"), count(1))
    assert legal(g) == {STOP}                                # no third origin, no Special Activity
    g.apply(STOP)
    assert board(g)["Troodos"] == {"troops": 2}
    assert board(g)["Nicosia"] == {"underground_cells": 3}
    assert board(g)["Kyrenia"] == {"underground_cells": 1}
    assert_box_for(g, "eoka")


def test_c06_shaded_not_offered_without_cells_in_mountains():
    g = make(6, {"Nicosia": {"underground_cells": 2}})
    assert SHADED not in legal(g) and UNSHADED in legal(g)


# ------------------------------------------------------------------ C7 --

def test_c07_unshaded_all_cells_in_curfew_spaces_go_to_prison():
    """C7 unshaded: every Cell, Underground or Active, in each Curfew space to
    Prison (1.3.6); Cells elsewhere and Arms Caches stay."""
    g = make(7, {"Nicosia": {"troops": 1, "underground_cells": 2, "active_cells": 1, "arms_caches": 1, "curfew": 1},
                 "Limassol": {"police": 1, "active_cells": 1, "curfew": 1},
                 "Larnaca": {"troops": 1, "underground_cells": 2}}, prison=1)
    g.apply(UNSHADED)
    assert board(g)["Nicosia"] == {"troops": 1, "arms_caches": 1, "curfew": 1}
    assert board(g)["Limassol"] == {"police": 1, "curfew": 1}
    assert board(g)["Larnaca"] == {"troops": 1, "underground_cells": 2}
    assert state(g)["prison"] == 5
    assert_box_for(g, "eoka")


def test_c07_unshaded_not_offered_without_cells_in_curfew_spaces():
    """C-8: a Curfew with no Cell beside it: nothing to round up."""
    g = make(7, {"Nicosia": {"troops": 1, "curfew": 1}, "Limassol": {"active_cells": 2}}, prison=2)
    assert UNSHADED not in legal(g) and SHADED in legal(g)


def test_c07_shaded_places_cells_from_prison_in_curfew_spaces_up_to_one_each():
    """C7 shaded: up to 1 Cell from Prison (not Available) in each Curfew
    space, Underground (1.4.3); each space once; EOKA may stop."""
    g = make(7, {"Nicosia": {"troops": 1, "curfew": 1},
                 "Limassol": {"police": 1, "active_cells": 1, "curfew": 1},
                 "Larnaca": {"troops": 1, "curfew": 1},
                 "Famagusta": {"troops": 1}}, first="eoka", prison=3)
    avail = state(g)["available"]["cells"]
    g.apply(SHADED)
    assert g.current_agent == "eoka" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Nicosia", "Limassol", "Larnaca"} and STOP in legal(g)
    g.apply(space("Limassol"))
    assert spaces_legal(g) == {"Nicosia", "Larnaca"}
    g.apply(space("Nicosia"))
    assert spaces_legal(g) == {"Larnaca"} and STOP in legal(g)
    g.apply(STOP)
    assert board(g)["Limassol"] == {"police": 1, "underground_cells": 1, "active_cells": 1, "curfew": 1}
    assert board(g)["Nicosia"] == {"troops": 1, "underground_cells": 1, "curfew": 1}
    assert board(g)["Larnaca"] == {"troops": 1, "curfew": 1}
    s = state(g)
    assert s["prison"] == 1 and s["available"]["cells"] == avail
    assert_box_for(g, "british")


def test_c07_shaded_prison_limits_the_placements():
    """C7 shaded with 1 Cell in Prison and two Curfew spaces: one placement,
    then the text ends."""
    g = make(7, {"Nicosia": {"troops": 1, "curfew": 1}, "Larnaca": {"troops": 1, "curfew": 1}}, prison=1)
    play(g, SHADED, space("Larnaca"))
    assert state(g)["prison"] == 0 and board(g)["Larnaca"] == {"troops": 1, "underground_cells": 1, "curfew": 1}
    assert_box_for(g, "eoka")
    g = make(7, {"Nicosia": {"troops": 1, "curfew": 1}}, prison=0)
    assert SHADED not in legal(g)                            # C-8: Prison empty


# ------------------------------------------------------------------ C8 --

def test_c08_unshaded_education_reform_british_take_underground_first():
    """C8 unshaded by the British: 2 Cells to Available (not Prison), from any
    spaces, the same one twice allowed; C-9: Underground ones first."""
    g = make(8, {"Nicosia": {"underground_cells": 1, "active_cells": 2},
                 "Kyrenia": {"active_cells": 1}})
    g.apply(UNSHADED)
    assert g.current_agent == "british" and spaces_legal(g) == {"Nicosia", "Kyrenia"}
    assert STOP not in legal(g)
    play(g, space("Nicosia"), space("Nicosia"))
    assert board(g)["Nicosia"] == {"active_cells": 1}
    assert board(g)["Kyrenia"] == {"active_cells": 1}
    s = state(g)
    assert s["available"]["cells"] == 12 - 2 and s["prison"] == 0
    assert_box_for(g, "eoka")


def test_c08_unshaded_eoka_executing_remove_active_first_and_one_cell_is_all_there_is():
    """C8 unshaded by EOKA: C-9 Active first; only one Cell on the map: one goes (5.1.3)."""
    g = make(8, {"Nicosia": {"underground_cells": 1, "active_cells": 1}}, first="eoka")
    play(g, UNSHADED, space("Nicosia"))
    assert board(g)["Nicosia"] == {"underground_cells": 1}
    g = make(8, {"Larnaca": {"active_cells": 1}})
    play(g, UNSHADED, space("Larnaca"))
    assert "Larnaca" not in board(g)
    assert_box_for(g, "eoka")


def test_c08_shaded_eoka_propagandize_in_a_curfew_space_without_a_cell():
    """C8 shaded executed by the British: EOKA (named) may Propagandize in 1
    Curfew space, no Cell needed (tip): International Opinion 2 right; a
    Sabotage-only space is no choice."""
    g = make(8, {"Nicosia": {"troops": 1, "curfew": 1},
                 "Limassol": {"underground_cells": 1, "sabotage": 1}})
    g.apply(SHADED)
    assert g.current_agent == "eoka" and legal(g) == {STOP, sa("Propagandize")}
    g.apply(sa("Propagandize"))
    assert alts_legal(g) == {"Nicosia"} and spaces_legal(g) == set()
    g.apply(alt("Nicosia"))
    assert board(g)["Nicosia"] == {"troops": 1, "curfew": 1}
    assert state(g)["international_opinion"] == "Condemned"
    assert_box_for(g, "eoka")


def test_c08_shaded_one_space_even_with_human_rights_committees_shaded():
    """C8 shaded says "in 1 Curfew space"; C13 shaded lets Propagandize select
    2. The currently played event takes precedence (5.1.2): one space only."""
    g = make(8, {"Nicosia": {"troops": 1, "curfew": 1}, "Limassol": {"police": 1, "curfew": 1}},
             first="eoka", opinion="Ignored", capabilities={"C13": "shaded"})
    play(g, SHADED, sa("Propagandize"), alt("Nicosia"))
    assert state(g)["international_opinion"] == "Debated"
    assert_box_for(g, "british")                             # no second space offered


def test_c08_shaded_not_offered_without_a_curfew():
    g = make(8, {"Nicosia": {"troops": 1, "active_cells": 1, "sabotage": 1}})
    assert SHADED not in legal(g) and UNSHADED in legal(g)


# ------------------------------------------------------------------ C9 --

def test_c09_unshaded_sets_the_capability_then_smuggle_placement_fails_on_3():
    """C9 unshaded (5.3): the capability is recorded; on the next card an EOKA
    Smuggle placement (4.3.1) needs a die above 3: a 3 wastes it (tip)."""
    g = make(9, {"Troodos": {"underground_cells": 1, "arms_caches": 1},
                 "Kyrenia": {"underground_cells": 1}})
    g.apply(UNSHADED)
    assert state(g)["capabilities"] == {"C9": "unshaded"}
    pass_to_next_card(g)
    assert g.current_agent == "eoka"                         # EOKA Passed in the Limited Op box (2.3.5)
    play(g, OP_SA_BOX, op("Recruit"), space("Troodos"), count(1), STOP, sa("Smuggle"))
    assert spaces_legal(g) == {"Troodos", "Kyrenia"}
    g.force_chance([2])                                      # a 3
    g.apply(space("Kyrenia"))
    assert board(g)["Kyrenia"] == {"underground_cells": 1}
    assert state(g)["available"]["arms_caches"] == 3
    assert state(g)["capabilities"] == {"C9": "unshaded"}


def test_c09_unshaded_smuggle_places_on_4_and_moves_without_a_roll():
    """C9 unshaded: a 4 places the Arms Cache; moving one (4.3.1's other way)
    needs no roll (the text names placing) - with two spaces at Condemned."""
    g = make(32, {"Troodos": {"underground_cells": 1, "arms_caches": 1},
                  "Nicosia": {"underground_cells": 1},
                  "Kyrenia": {"underground_cells": 1}},
             first="eoka", opinion="Condemned", capabilities={"C9": "unshaded"})
    play(g, OP_SA_BOX, op("Recruit"), space("Troodos"), count(1), STOP, sa("Smuggle"))
    g.force_chance([3])                                      # a 4
    g.apply(space("Kyrenia"))
    assert board(g)["Kyrenia"] == {"underground_cells": 1, "arms_caches": 1}
    g.apply(alt("Nicosia"))
    assert g.phase == "Smuggle: move the Arms Cache from"
    g.force_chance([0])                                      # a 1: would stop a placement
    g.apply(space("Troodos"))
    assert g.forced_chance_left() == [0]                     # no die rolled for the move
    assert board(g)["Nicosia"] == {"underground_cells": 1, "arms_caches": 1}
    assert board(g)["Troodos"] == {"underground_cells": 2}


def test_c09_shaded_smuggle_in_any_town_or_mountain_but_never_a_base_or_third_cache():
    """C9 shaded (C-7): Smuggle places in any Town or Mountain, cubes and no
    Cell allowed; stacking holds (1.4.2, 5.1.1): no Base, no third Arms Cache."""
    g = make(9, {"Kyrenia": {"underground_cells": 1, "arms_caches": 2},
                 "Troodos": {"arms_caches": 1},
                 "Nicosia": {"troops": 3},
                 "Akrotiri": {"underground_cells": 1}}, first="eoka")
    g.apply(SHADED)
    assert state(g)["capabilities"] == {"C9": "shaded"}
    pass_to_next_card(g)
    assert g.current_agent == "british"
    play(g, PASS_LIMITED)                                    # the British Pass (draws a chit)
    assert g.current_agent == "eoka"
    play(g, OP_SA_BOX, op("Travel"), space("Kyrenia"), STOP, STOP, sa("Smuggle"))
    assert spaces_legal(g) == {"Paphos", "Limassol", "Nicosia", "Larnaca", "Famagusta", "Karpas", "Troodos"}
    g.apply(space("Nicosia"))
    assert board(g)["Nicosia"] == {"troops": 3, "arms_caches": 1}
    assert state(g)["available"]["arms_caches"] == 0


# ----------------------------------------------------------------- C10 --

def test_c10_unshaded_interrogate_draws_one_chit_per_cell_in_prison():
    """C10 unshaded (5.3): Interrogate (4.2.3) draws 1 chit per Cell in Prison
    instead of 1 per 2: 3 Cells give 3 chits."""
    g = make(10, {"Troodos": {"troops": 1, "underground_cells": 1}}, prison=3)
    g.apply(UNSHADED)
    assert state(g)["capabilities"] == {"C10": "unshaded"}
    pass_to_next_card(g)
    assert g.current_agent == "eoka"
    play(g, PASS_LIMITED)
    assert g.current_agent == "british"
    play(g, OP_SA_BOX, op("Search"), sa("Interrogate"))
    chits = state(g)["intel_chits"]
    assert len(chits) == 3 and state(g)["political_will"] == 10


def test_c10_shaded_interrogate_also_lowers_political_will():
    """C10 shaded (5.3): Interrogate draws as usual (3 in Prison: 1 chit,
    4.2.3) and also lowers Political Will by 1."""
    g = make(10, {"Troodos": {"troops": 1, "underground_cells": 1}}, prison=3, first="eoka")
    g.apply(SHADED)
    assert state(g)["capabilities"] == {"C10": "shaded"}
    pass_to_next_card(g)                                     # the British Pass: 1 chit (2.3.3)
    assert g.current_agent == "british" and len(state(g)["intel_chits"]) == 1
    play(g, OP_SA_BOX, op("Search"), sa("Interrogate"))
    s = state(g)
    assert len(s["intel_chits"]) == 2 and s["political_will"] == 9


def test_c10_shaded_interrogate_at_political_will_0_stays_0():
    """C10 shaded: Political Will never below 0 (1.8)."""
    g = make(32, {"Troodos": {"troops": 1, "underground_cells": 1}}, prison=0, pw=0,
             capabilities={"C10": "shaded"})
    play(g, OP_SA_BOX, op("Assault"), sa("Interrogate"))
    assert state(g)["political_will"] == 0 and state(g)["intel_chits"] == []


# ----------------------------------------------------------------- C11 --

def test_c11_unshaded_sets_opinion_to_ignored():
    """C11 unshaded: International Opinion set to Ignored from anywhere."""
    g = make(11, {}, opinion="Condemned", first="eoka")
    g.apply(UNSHADED)
    assert state(g)["international_opinion"] == "Ignored"
    assert_box_for(g, "british")


def test_c11_shaded_sets_opinion_to_debated_from_either_side():
    """C11 shaded: International Opinion set to Debated, up or down."""
    for start in ("Ignored", "Condemned"):
        g = make(11, {}, opinion=start)
        g.apply(SHADED)
        assert state(g)["international_opinion"] == "Debated"
        assert_box_for(g, "eoka")


def test_c11_a_text_that_sets_the_current_value_is_not_offered():
    """C-8: at Ignored the unshaded text, at Debated the shaded one, changes nothing."""
    acts = legal(make(11, {}, opinion="Ignored"))
    assert UNSHADED not in acts and SHADED in acts
    acts = legal(make(11, {}, opinion="Debated"))
    assert SHADED not in acts and UNSHADED in acts


# ----------------------------------------------------------------- C12 --

def test_c12_unshaded_two_limited_operations_then_any_special_activity():
    """C12 unshaded executed by EOKA: the British (named) conduct two Limited
    Operations of any types, the same pieces twice (tip), then any Special
    Activity in its usual spaces (C-18): Restore with no Deploy."""
    g = make(12, {"Nicosia": {"troops": 2, "active_cells": 1, "underground_cells": 1},
                  "Limassol": {"troops": 1, "police": 1, "sabotage": 1}}, first="eoka")
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose an Operation"
    play(g, op("Assault"), space("Nicosia"))
    assert legal(g) == {STOP}                                # Limited: one space, no Special Activity
    g.apply(STOP)
    assert board(g)["Nicosia"] == {"troops": 2, "underground_cells": 1}
    assert g.phase == "Event: choose an Operation" and g.current_agent == "british"
    play(g, op("Search"), space("Nicosia"), STOP, STOP)      # the same Troops Search: 2 cubes, no Activation
    assert board(g)["Nicosia"] == {"troops": 2, "underground_cells": 1, "curfew": 1}
    assert g.phase == "Special Activity after the Operation" and g.current_agent == "british"
    assert legal(g) == {STOP, sa("Restore"), sa("Diplomacy"), sa("Interrogate")}
    play(g, sa("Restore"))
    assert spaces_legal(g) == {"Limassol"}                   # Nicosia holds EOKA (4.2.1)
    g.apply(space("Limassol"))
    assert board(g)["Limassol"] == {"troops": 1, "police": 1}
    assert state(g)["available"]["cells"] == 12 - 1 and state(g)["prison"] == 0
    assert_box_for(g, "british")


def test_c12_unshaded_the_special_activity_may_be_declined():
    """C-18: "any Special Activity ... or none"."""
    g = make(12, {"Nicosia": {"troops": 1, "active_cells": 1}}, opinion="Criticized")
    play(g, UNSHADED, op("Assault"), space("Nicosia"), STOP, op("Search"), space("Troodos"), STOP, STOP)
    assert g.phase == "Special Activity after the Operation"
    g.apply(STOP)
    assert state(g)["international_opinion"] == "Criticized"
    assert_box_for(g, "eoka")


def test_c12_unshaded_the_two_operations_are_not_optional():
    """C12 unshaded says "British conduct", not "may" (5.1.3; cf. P-18)."""
    g = make(12, {"Nicosia": {"troops": 1, "active_cells": 1}})
    g.apply(UNSHADED)
    assert g.phase == "Event: choose an Operation"
    assert STOP not in legal(g)


def test_c12_shaded_eoka_sabotage_in_up_to_three_spaces():
    """C12 shaded executed by the British: EOKA (named) may Sabotage (3.3.3)
    in up to 3 spaces, no Offensive (the text fixes the number, P-17 as in
    Palestine); each needs an Underground Cell; Police lower the roll."""
    g = make(12, {"Nicosia": {"underground_cells": 1, "police": 1},
                  "Limassol": {"underground_cells": 1},
                  "Larnaca": {"underground_cells": 1},
                  "Famagusta": {"underground_cells": 1, "active_cells": 1},
                  "Karpas": {"active_cells": 1},
                  "Troodos": {"underground_cells": 1}})
    g.apply(SHADED)
    assert g.current_agent == "eoka" and g.phase == "choose a space" and STOP in legal(g)
    assert spaces_legal(g) == {"Nicosia", "Limassol", "Larnaca", "Famagusta"}
    g.force_chance([2, 2, 0])                                # 3 - 1 Police = 2: fails; 3: succeeds; 1: fails
    play(g, space("Nicosia"), space("Limassol"))
    assert STOP in legal(g)
    g.apply(space("Famagusta"))
    assert legal(g) == {STOP}                                # three spaces, no Offensive
    g.apply(STOP)
    assert board(g)["Nicosia"] == {"police": 1, "active_cells": 1}
    assert board(g)["Limassol"] == {"active_cells": 1, "sabotage": 1}
    assert board(g)["Famagusta"] == {"active_cells": 2}
    assert board(g)["Larnaca"] == {"underground_cells": 1}
    assert_box_for(g, "eoka")


def test_c12_shaded_not_offered_without_an_underground_cell_in_a_town_or_base():
    """C-8: Sabotage needs an Underground Cell in a Town or Base (3.3.3)."""
    g = make(12, {"Nicosia": {"active_cells": 2}, "Troodos": {"underground_cells": 2}})
    assert SHADED not in legal(g) and UNSHADED in legal(g)


# ----------------------------------------------------------------- C13 --

def test_c13_unshaded_propagandize_at_a_curfew_shifts_opinion_only_one():
    """C13 unshaded (5.3): Propagandize's Curfew way (4.3.3) shifts
    International Opinion 1 step, not 2."""
    g = make(13, {"Nicosia": {"troops": 1, "underground_cells": 1, "curfew": 1},
                  "Kyrenia": {"active_cells": 1}})
    g.apply(UNSHADED)
    assert state(g)["capabilities"] == {"C13": "unshaded"}
    pass_to_next_card(g)
    assert g.current_agent == "eoka"
    play(g, OP_SA_BOX, op("Travel"), sa("Propagandize"), alt("Nicosia"))
    assert state(g)["international_opinion"] == "Criticized"
    assert board(g)["Nicosia"] == {"troops": 1, "active_cells": 1, "curfew": 1}


def test_c13_unshaded_sabotage_way_still_lowers_political_will_by_one():
    """C13 unshaded changes only the Curfew way: the Sabotage way still -1 Political Will."""
    g = make(32, {"Nicosia": {"troops": 1, "active_cells": 1, "curfew": 1, "sabotage": 1}},
             first="eoka", capabilities={"C13": "unshaded"})
    play(g, OP_SA_BOX, op("Travel"), sa("Propagandize"), space("Nicosia"))
    assert state(g)["political_will"] == 9 and state(g)["international_opinion"] == "Debated"


def test_c13_shaded_propagandize_may_select_two_spaces():
    """C13 shaded (5.3): Propagandize may select 2 spaces (each once, 4.1),
    each its own way; EOKA may stop after one."""
    g = make(13, {"Nicosia": {"troops": 1, "underground_cells": 1, "curfew": 1},
                  "Limassol": {"active_cells": 1, "sabotage": 1},
                  "Larnaca": {"underground_cells": 1, "sabotage": 1}}, first="eoka", opinion="Discussed")
    g.apply(SHADED)
    assert state(g)["capabilities"] == {"C13": "shaded"}
    pass_to_next_card(g)
    play(g, PASS_LIMITED)                                    # British first: Pass, EOKA's turn
    assert g.current_agent == "eoka"
    play(g, OP_SA_BOX, op("Travel"), sa("Propagandize"), alt("Nicosia"))
    assert g.phase == "Special Activity: space" and STOP in legal(g)
    assert spaces_legal(g) == {"Limassol", "Larnaca"} and alts_legal(g) == set()
    g.apply(space("Limassol"))
    assert g.phase == "choose a space"                       # back to the Travel: no third space
    s = state(g)
    assert s["international_opinion"] == "Criticized" and s["political_will"] == 9
    assert board(g)["Nicosia"] == {"troops": 1, "active_cells": 1, "curfew": 1}
    assert board(g)["Larnaca"] == {"underground_cells": 1, "sabotage": 1}


def test_c13_without_the_capability_propagandize_selects_one_space():
    """Control for C13: without it Propagandize has one space (4.3.3)."""
    g = make(32, {"Limassol": {"active_cells": 1, "sabotage": 1},
                  "Larnaca": {"underground_cells": 1, "sabotage": 1}}, first="eoka")
    play(g, OP_SA_BOX, op("Travel"), sa("Propagandize"), space("Limassol"))
    assert g.phase == "choose a space" and state(g)["political_will"] == 9


# ----------------------------------------------------------------- C14 --

def test_c14_unshaded_at_discussed_removes_three_cells_underground_first():
    """C14 unshaded at Discussed (the track read by an event, 6.5.2), executed by
    the British: any 3 Cells from the map to Available, mandatory; C-9:
    Underground ones first."""
    g = make(14, {"Nicosia": {"underground_cells": 2, "active_cells": 1},
                  "Troodos": {"active_cells": 2}}, opinion="Discussed")
    g.apply(UNSHADED)
    assert g.current_agent == "british" and STOP not in legal(g)
    assert spaces_legal(g) == {"Nicosia", "Troodos"}
    play(g, space("Nicosia"), space("Nicosia"), space("Troodos"))
    assert board(g)["Nicosia"] == {"active_cells": 1}
    assert board(g)["Troodos"] == {"active_cells": 1}
    assert state(g)["available"]["cells"] == 12 - 2 and state(g)["prison"] == 0
    assert_box_for(g, "eoka")


def test_c14_unshaded_only_at_discussed_or_ignored():
    """C14 unshaded: at Debated it does nothing, so it is not offered (C-8); at
    Ignored it is; with fewer than 3 Cells on the map, those go (5.1.3)."""
    assert UNSHADED not in legal(make(14, {"Nicosia": {"active_cells": 3}}, opinion="Debated"))
    g = make(14, {"Nicosia": {"underground_cells": 1, "active_cells": 1}}, opinion="Ignored", first="eoka")
    play(g, UNSHADED, space("Nicosia"))                     # EOKA execute: the Active Cell first (C-9)
    assert board(g)["Nicosia"] == {"underground_cells": 1}
    g.apply(space("Nicosia"))
    assert "Nicosia" not in board(g)
    assert_box_for(g, "british")


def test_c14_shaded_places_three_cells_in_towns_or_mountains_not_bases():
    """C14 shaded: 3 Cells in total in any Towns or Mountains (a Curfew does
    not stop an event), the same space twice allowed, Underground (1.4.3);
    mandatory."""
    g = make(14, {"Nicosia": {"troops": 1, "curfew": 1}}, first="eoka")
    g.apply(SHADED)
    assert g.current_agent == "eoka" and STOP not in legal(g)
    assert spaces_legal(g) == {"Paphos", "Limassol", "Nicosia", "Larnaca", "Famagusta", "Karpas", "Troodos",
                               "Kyrenia"}
    play(g, space("Nicosia"), space("Kyrenia"), space("Kyrenia"))
    assert board(g)["Nicosia"] == {"troops": 1, "underground_cells": 1, "curfew": 1}
    assert board(g)["Kyrenia"] == {"underground_cells": 2}
    assert state(g)["available"]["cells"] == 12 - 3
    assert_box_for(g, "british")


def test_c14_shaded_places_only_available_cells():
    """C14 shaded with 2 Cells Available: 2 are placed (5.1.1, 1.4.1), none
    taken from the map or Prison."""
    g = make(14, {"Troodos": {"underground_cells": 6}, "Kyrenia": {"active_cells": 1}}, prison=3)
    assert state(g)["available"]["cells"] == 2
    play(g, SHADED, space("Paphos"), space("Karpas"))
    assert board(g)["Paphos"] == {"underground_cells": 1} and board(g)["Karpas"] == {"underground_cells": 1}
    s = state(g)
    assert s["available"]["cells"] == 0 and s["prison"] == 3
    assert board(g)["Troodos"] == {"underground_cells": 6}
    assert_box_for(g, "eoka")
    g = make(14, {"Troodos": {"underground_cells": 9}}, prison=3)
    assert SHADED not in legal(g)                            # C-8: no Cell Available


# ----------------------------------------------------------------- C15 --

def test_c15_unshaded_curfew_then_search_and_assault_there():
    """C15 unshaded: the executor places a Curfew in a Town with Troops (1.10),
    then the British Search (3.2.3; adjacent Troops may move in) and Assault
    (3.2.4) there, neither optional (no "may")."""
    g = make(15, {"Nicosia": {"troops": 2, "underground_cells": 2, "active_cells": 1},
                  "Troodos": {"troops": 1},
                  "Limassol": {"police": 1, "active_cells": 1}})
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Nicosia"} and STOP not in legal(g)
    g.apply(space("Nicosia"))
    assert board(g)["Nicosia"]["curfew"] == 1
    assert g.phase == "choose a space" and legal(g) == {space("Nicosia")}   # the Search: there, mandatory
    play(g, space("Nicosia"), STOP)
    assert g.phase == "Search: move Troops from"
    play(g, space("Troodos"), space("Nicosia"), STOP)        # 3 cubes: one Cell Activated
    assert board(g)["Nicosia"] == {"troops": 3, "underground_cells": 1, "active_cells": 2, "curfew": 1}
    assert g.phase == "choose a space" and legal(g) == {space("Nicosia")}   # the Assault: there, mandatory
    play(g, space("Nicosia"), STOP)
    assert board(g)["Nicosia"] == {"troops": 3, "underground_cells": 1, "curfew": 1}
    s = state(g)
    assert s["available"]["cells"] == 12 - 4 + 1 and s["prison"] == 1   # Available, then Prison
    assert_box_for(g, "eoka")


def test_c15_unshaded_with_all_curfews_on_the_map_the_british_move_one():
    """C15 unshaded executed by EOKA with all four Curfews on the map: EOKA pick
    the Town (5.1), the British choose which Curfew moves (1.10, C-3)."""
    g = make(15, {"Nicosia": {"troops": 1, "active_cells": 1},
                  "Paphos": {"police": 1, "curfew": 1}, "Limassol": {"police": 1, "curfew": 1},
                  "Larnaca": {"police": 1, "curfew": 1}, "Karpas": {"troops": 1, "curfew": 1}}, first="eoka")
    g.apply(UNSHADED)
    assert g.current_agent == "eoka" and spaces_legal(g) == {"Nicosia"}   # Karpas has its Curfew (C-23)
    g.apply(space("Nicosia"))
    assert g.phase == "Curfew: which one moves" and g.current_agent == "british"
    assert spaces_legal(g) == {"Paphos", "Limassol", "Larnaca", "Karpas"}
    g.apply(space("Larnaca"))
    assert board(g)["Larnaca"] == {"police": 1}
    assert board(g)["Nicosia"] == {"troops": 1, "active_cells": 1, "curfew": 1}
    assert g.current_agent == "british" and g.phase == "choose a space"
    play(g, space("Nicosia"), STOP, STOP, space("Nicosia"), STOP)   # Search, then Assault the Active Cell
    assert board(g)["Nicosia"] == {"troops": 1, "curfew": 1}
    assert_box_for(g, "british")


def test_c15_unshaded_with_no_eoka_there_the_assault_is_skipped():
    """C15 unshaded in a Town with no EOKA piece: Curfew and Search happen, the
    Assault cannot (3.2.4 needs EOKA pieces) and is skipped (5.1.3)."""
    g = make(15, {"Limassol": {"troops": 1, "police": 2}, "Nicosia": {"police": 1, "active_cells": 1}})
    play(g, UNSHADED, space("Limassol"), space("Limassol"), STOP, STOP)
    assert board(g)["Limassol"] == {"troops": 1, "police": 2, "curfew": 1}
    assert board(g)["Nicosia"] == {"police": 1, "active_cells": 1}
    assert_box_for(g, "eoka")


def test_c15_shaded_opinion_two_right():
    """C15 shaded: International Opinion 2 steps right; not offered at Condemned (C-8)."""
    g = make(15, {}, opinion="Ignored", first="eoka")
    g.apply(SHADED)
    assert state(g)["international_opinion"] == "Debated"
    assert_box_for(g, "british")
    assert SHADED not in legal(make(15, {}, opinion="Condemned"))


def test_c15_unshaded_not_offered_without_troops_in_a_town():
    g = make(15, {"Troodos": {"troops": 3, "active_cells": 1}, "Nicosia": {"police": 2}})
    assert UNSHADED not in legal(g) and SHADED in legal(g)


# ----------------------------------------------------------------- C16 --

def test_c16_unshaded_one_piece_each_from_up_to_three_troop_spaces_max_one_cache():
    """C16 unshaded: 1 EOKA piece each from up to 3 spaces with Troops (each
    once), at most one Arms Cache in all (+1 Political Will); Cells go to
    Available (1.4.1); Underground Cells do not shield Arms Caches here."""
    g = make(16, {"Nicosia": {"troops": 1, "underground_cells": 1, "arms_caches": 1},
                  "Troodos": {"troops": 2, "arms_caches": 2, "active_cells": 1},
                  "Limassol": {"troops": 1, "underground_cells": 1, "active_cells": 1},
                  "Larnaca": {"police": 2, "active_cells": 1},
                  "Kyrenia": {"troops": 1, "underground_cells": 1}}, pw=9)
    g.apply(UNSHADED)
    assert g.current_agent == "british" and STOP in legal(g)
    assert spaces_legal(g) == {"Nicosia", "Troodos", "Limassol", "Kyrenia"}
    assert alts_legal(g) == {"Nicosia", "Troodos"}
    g.apply(alt("Nicosia"))
    assert state(g)["political_will"] == 10
    assert alts_legal(g) == set()                            # max 1 Arms Cache
    assert spaces_legal(g) == {"Troodos", "Limassol", "Kyrenia"}
    play(g, space("Troodos"), space("Limassol"))
    assert board(g)["Nicosia"] == {"troops": 1, "underground_cells": 1}
    assert board(g)["Troodos"] == {"troops": 2, "arms_caches": 2}
    assert board(g)["Limassol"] == {"troops": 1, "active_cells": 1}   # C-9: Underground first
    assert board(g)["Kyrenia"] == {"troops": 1, "underground_cells": 1}
    s = state(g)
    assert s["political_will"] == 10 and s["available"]["cells"] == 12 - 6 + 2 and s["prison"] == 0
    assert_box_for(g, "eoka")


def test_c16_unshaded_up_to_stops_early_and_pw_capped():
    """C16 unshaded: "up to": stop after one; the Arms Cache at 15 leaves
    Political Will at 15 (1.8, 5.1.1)."""
    g = make(16, {"Troodos": {"troops": 2, "arms_caches": 1, "active_cells": 1},
                  "Nicosia": {"troops": 1, "active_cells": 1}}, pw=15, first="eoka")
    play(g, UNSHADED, alt("Troodos"), STOP)
    assert "arms_caches" not in board(g)["Troodos"] and state(g)["political_will"] == 15
    assert board(g)["Nicosia"] == {"troops": 1, "active_cells": 1}
    assert_box_for(g, "british")


def test_c16_unshaded_offered_when_only_an_arms_cache_sits_with_troops():
    """C16 unshaded can remove an Arms Cache from a space with Troops and no
    Cell: the text can act, so it is offered (5.1.3, C-8)."""
    g = make(16, {"Troodos": {"troops": 2, "arms_caches": 1}}, pw=9)
    assert UNSHADED in legal(g)
    play(g, UNSHADED, alt("Troodos"))
    assert "Troodos" in board(g) and board(g)["Troodos"] == {"troops": 2}
    assert state(g)["political_will"] == 10


def test_c16_shaded_sabotage_in_up_to_two_towns_with_troops():
    """C16 shaded: a Sabotage marker in up to 2 Towns with Troops (each once;
    markers stack, 1.7); not Mountains or Bases; EOKA may stop."""
    g = make(16, {"Nicosia": {"troops": 1, "sabotage": 1},
                  "Limassol": {"troops": 2},
                  "Larnaca": {"troops": 1},
                  "Troodos": {"troops": 2},
                  "Akrotiri": {"troops": 3},
                  "Famagusta": {"police": 1}}, first="eoka")
    g.apply(SHADED)
    assert g.current_agent == "eoka" and STOP in legal(g)
    assert spaces_legal(g) == {"Nicosia", "Limassol", "Larnaca"}
    g.apply(space("Nicosia"))
    assert spaces_legal(g) == {"Limassol", "Larnaca"} and STOP in legal(g)
    g.apply(space("Limassol"))
    assert board(g)["Nicosia"] == {"troops": 1, "sabotage": 2}
    assert board(g)["Limassol"] == {"troops": 2, "sabotage": 1}
    assert board(g)["Larnaca"] == {"troops": 1}
    assert_box_for(g, "british")


def test_c16_shaded_may_place_one_only():
    g = make(16, {"Nicosia": {"troops": 1}, "Limassol": {"troops": 1}})
    play(g, SHADED, space("Limassol"), STOP)
    assert board(g)["Limassol"] == {"troops": 1, "sabotage": 1} and board(g)["Nicosia"] == {"troops": 1}
    assert_box_for(g, "eoka")


def test_c03_shaded_one_space_even_with_human_rights_committees_shaded():
    """C3 shaded says "in 1 space"; C13 shaded's 2 spaces yield to the
    currently played event (5.1.2)."""
    g = make(3, {"Nicosia": {"troops": 1, "underground_cells": 1, "curfew": 1},
                 "Limassol": {"police": 1, "underground_cells": 1, "curfew": 1}},
             first="eoka", opinion="Ignored", capabilities={"C13": "shaded"})
    play(g, SHADED, sa("Propagandize"), alt("Nicosia"))
    assert state(g)["international_opinion"] == "Debated"
    assert_box_for(g, "british")                             # no second space offered
