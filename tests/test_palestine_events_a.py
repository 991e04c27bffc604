"""Palestine events P1-P16 (5.0-5.4, 9.0) played from built positions.

Each test builds a position with ``Game.from_dict`` where the text matters,
executes it through the Event box and checks the exact board afterwards,
who made each choice (5.1), whether "up to" / "may" let the chooser stop,
stacking and Available limits (5.1.1), Political Will bounds (1.8) and that
the card flow goes on (the other faction's box, then the next card).
Readings of unclear texts: docs/rules_decisions.md P-15 onwards.
"""

import pytest

from britishway_env import Game
from britishway_env.errors import IllegalActionError
from britishway_env.volumes.boards import palestine as board
from britishway_env.volumes.palestine import layout as L

from palestine_helpers import legal, play

NEXT_CARD = "P32 Weapon Factories"   # the card revealed after the one in play
UNSHADED, SHADED = L.A_EVENT_SIDE, L.A_EVENT_SIDE + 1
STOP = L.A_STOP
EVENT_BOX = L.A_BOX + L.BOX_EVENT
CITIES = ("Haifa City", "Tel Aviv-Jaffa", "Jerusalem City")


def space(name):
    return L.A_SPACE + board.space_index(name)


def count(n):
    return L.A_COUNT + n - 1


def make(card, spaces, first="british", haganah=2, pw=10, **extra):
    """``card`` just revealed, ``first`` to choose a box. The Haganah Track's
    pieces sit under the boxes above the marker (6.5.2); everything not
    placed is Available."""
    rest = [c for c in range(32, 0, -1) if c != card][:17]
    d = {"volume": "palestine", "spaces": spaces, "played_cards": [card],
         "undrawn_cards": rest + [33, 34, 35], "first_eligible": first,
         "political_will": pw, "haganah_track": haganah,
         "track_pieces": {"cells_box4": 2 if haganah < 4 else 0, "cache_box4": 1 if haganah < 4 else 0,
                          "cells_box3": 3 if haganah < 3 else 0}}
    d.update(extra)
    return Game.from_dict(d)


def spaces_legal(g):
    """Names of the map spaces the pending decision offers."""
    return {board.SPACE_NAMES[a - L.A_SPACE] for a in g.legal_actions() if L.A_SPACE <= a < L.A_COUNT}


def ctx(g):
    return g.to_dict()["context"]


def assert_other_to_choose_box(g, faction, event_box_of):
    """The event is over: ``faction`` (2nd Eligible) chooses among the boxes
    left; the Event box (taken by ``event_box_of``) is neither offered to play
    nor to Pass in (2.3.2)."""
    assert g.current_agent == faction and g.phase == "choose a box"
    acts = legal(g)
    assert UNSHADED not in acts and SHADED not in acts
    assert L.A_PASS + L.BOX_EVENT not in acts and EVENT_BOX not in acts
    box = ctx(g)["box"]
    assert box[L.FACTION_NAMES.index(event_box_of)] == L.BOX_EVENT
    assert box[L.FACTION_NAMES.index(faction)] == -1


def finish_card_with_pass_in(g, box):
    """The 2nd Eligible faction Passes in ``box``; the next card comes (2.3.5, 2.3.6)."""
    faction = g.current_agent
    g.apply(L.A_PASS + box)
    if g.phase == "Pass: Rob space":   # an Irgun Pass may Rob (2.3.3): decline
        g.apply(STOP)
    assert g.to_dict()["card"] == NEXT_CARD
    assert g.phase == "choose a box"
    return faction


# ------------------------------------------------------------------ P1 --

def test_p1_unshaded_search_in_a_city_then_mass_detention_there_then_haganah_left():
    """P1 unshaded, P-18/P-19: the British Search one City (no extra space),
    then Mass Detention there with the usual die; the track shifts left and
    box 3 is refilled from Available (6.5.2)."""
    g = make(1, {"Tel Aviv-Jaffa": {"troops": 3, "police": 1, "underground_cells": 2},
                 "Lydda": {"underground_cells": 1, "arms_caches": 1},
                 "Haifa City": {"troops": 3, "underground_cells": 1}},
             haganah=3, intel_chits=[1])
    assert g.to_dict()["available"]["cells"] == 15 - 4 - 2
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "choose a space"
    assert spaces_legal(g) == set(CITIES) and STOP not in legal(g)      # must Search, Cities only
    g.apply(space("Tel Aviv-Jaffa"))
    assert legal(g) == {STOP}                  # one City: no Intelligence Lead (P-17)
    g.apply(STOP)
    assert g.phase == "Search: move Troops from"
    g.apply(STOP)
    assert g.phase == "Search: City activation"   # Intel may be used (P1 does not forbid it)
    g.force_chance([3])                         # Mass Detention rolls a 4
    g.apply(STOP)                               # Curfew, 4 cubes // 3 = 1 Cell Activated
    d = g.to_dict()
    # 4 Cells removed: Tel Aviv's 2, Lydda's 1; 4 - 3 = 1 Political Will lost (4.2.3).
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"troops": 3, "police": 1, "curfew": 1}
    assert d["spaces"]["Lydda"] == {"arms_caches": 1}
    assert d["spaces"]["Haifa City"] == {"troops": 3, "underground_cells": 1}   # untouched
    assert d["prison"] == 3 and d["political_will"] == 9
    assert d["haganah_track"] == 2 and d["track_pieces"]["cells_box3"] == 3
    assert d["available"]["cells"] == 9 - 3 and d["intel_chits"] == [1]
    assert_other_to_choose_box(g, "irgun", "british")
    finish_card_with_pass_in(g, L.BOX_LIMITED)
    assert ctx(g)["first_eligible"] == L.IRGUN       # Limited Op box is leftmost (2.3.5)


def test_p1_unshaded_executed_by_irgun_british_decide_the_search_troops_moved_in_count():
    """P-18: the British decide their Search even when the Irgun execute the
    text; P-19: the Troop moved in by the Search makes the three Troops that
    Mass Detention needs (4.2.3)."""
    g = make(1, {"Haifa City": {"troops": 2, "police": 1, "underground_cells": 2},
                 "Haifa District": {"troops": 1, "underground_cells": 1}},
             first="irgun", haganah=1)
    assert g.current_agent == "irgun"
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "choose a space"
    play(g, space("Haifa City"), STOP)
    assert g.phase == "Search: move Troops from"
    assert spaces_legal(g) == {"Haifa District"}          # adjacent Troops may come in
    g.force_chance([1])                                   # Mass Detention rolls a 2
    play(g, space("Haifa District"), space("Haifa City"), STOP)
    # 4 cubes // 3 = 1 Cell Activated, Curfew; the roll of 2 takes 2 of the 3 Cells in the
    # City and its District, and the British choose which (3.1, 4.2.3, P-5), not the Irgun.
    assert g.current_agent == "british" and g.phase == "Mass Detention: Cell to remove"
    active_haifa = L.A_COUNT + board.space_index("Haifa City")
    assert legal(g) == {space("Haifa City"), active_haifa, space("Haifa District")}   # no Stop
    g.apply(space("Haifa City"))                          # its Underground Cell ...
    assert legal(g) == {active_haifa, space("Haifa District")}
    g.apply(active_haifa)                                 # ... and its Active one
    d = g.to_dict()
    assert d["spaces"]["Haifa City"] == {"troops": 3, "police": 1, "curfew": 1}
    assert d["spaces"]["Haifa District"] == {"underground_cells": 1}
    assert d["prison"] == 2 and d["political_will"] == 10 and d["haganah_track"] == 0
    assert_other_to_choose_box(g, "british", "irgun")
    finish_card_with_pass_in(g, L.BOX_OP_SA)
    assert ctx(g)["first_eligible"] == L.IRGUN       # Event box left of Op & SA (2.3.5)


def test_p1_unshaded_mass_detention_only_if_its_requirements_hold_after_the_search():
    """P-19: two Troops and no Troops to move in: Curfew placed, no Mass Detention."""
    g = make(1, {"Jerusalem City": {"troops": 2, "underground_cells": 2},
                 "Jerusalem District": {"underground_cells": 1}}, haganah=0)
    play(g, UNSHADED, space("Jerusalem City"), STOP, STOP)
    d = g.to_dict()
    assert d["spaces"]["Jerusalem City"] == {"troops": 2, "underground_cells": 2, "curfew": 1}
    assert d["spaces"]["Jerusalem District"] == {"underground_cells": 1}
    assert d["prison"] == 0 and d["political_will"] == 10 and d["haganah_track"] == 0
    assert_other_to_choose_box(g, "irgun", "british")


def test_p1_unshaded_search_discarding_intel_places_no_curfew_so_no_mass_detention():
    """3.2.3: a City Search with a discarded chit activates per cube and places
    no Curfew, so P1's Mass Detention cannot follow (P-19)."""
    g = make(1, {"Tel Aviv-Jaffa": {"troops": 3, "underground_cells": 4}}, intel_chits=[0])
    play(g, UNSHADED, space("Tel Aviv-Jaffa"), STOP, STOP)
    assert g.phase == "Search: City activation"
    g.apply(L.A_CHIT + 0)
    d = g.to_dict()
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"troops": 3, "underground_cells": 1, "active_cells": 3}
    assert d["prison"] == 0 and d["intel_chits"] == [] and d["haganah_track"] == 1
    assert_other_to_choose_box(g, "irgun", "british")


def test_p1_shaded_track_reaches_4_irgun_may_sabotage_one_space():
    """P1 shaded: the track enters 4 (its pieces become Available, 6.5.2), then
    the Irgun may Sabotage in 1 space: no Terror (no Special Activity granted),
    no Offensive or Haganah extra space (P-17). The British executed it, the
    Irgun decide the Sabotage (5.1)."""
    g = make(1, {"Tel Aviv-Jaffa": {"underground_cells": 2},
                 "Galilee": {"underground_cells": 1, "arms_caches": 1},
                 "Jerusalem City": {"active_cells": 1}}, haganah=3)
    av = g.to_dict()["available"]
    play(g, SHADED)
    d = g.to_dict()
    assert d["haganah_track"] == 4 and d["track_pieces"] == {"cells_box4": 0, "cache_box4": 0, "cells_box3": 0}
    assert d["available"]["cells"] == av["cells"] + 2 and d["available"]["arms_caches"] == av["arms_caches"] + 1
    assert g.current_agent == "irgun" and g.phase == "choose a space"
    assert spaces_legal(g) == {"Tel Aviv-Jaffa", "Galilee"} and STOP in legal(g)   # "may"
    assert not any(L.A_SA <= a < L.A_SPACE for a in legal(g))
    g.force_chance([3])                         # a 4: > 2, Sabotage placed
    g.apply(space("Tel Aviv-Jaffa"))            # a City, but no Terror declaration
    assert legal(g) == {STOP}                   # 1 space, no Offensive / Haganah extra
    g.apply(STOP)
    d = g.to_dict()
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"underground_cells": 1, "active_cells": 1, "sabotage": 1}
    assert d["spaces"]["Galilee"] == {"underground_cells": 1, "arms_caches": 1}
    assert_other_to_choose_box(g, "irgun", "british")


def test_p1_shaded_track_below_4_no_sabotage():
    """P1 shaded: 1 -> 2 is not 4, so the text ends after the shift."""
    g = make(1, {"Tel Aviv-Jaffa": {"underground_cells": 2}}, first="irgun", haganah=1)
    g.apply(SHADED)
    d = g.to_dict()
    assert d["haganah_track"] == 2 and d["spaces"] == {"Tel Aviv-Jaffa": {"underground_cells": 2}}
    assert d["track_pieces"]["cells_box3"] == 3            # box 3 not entered
    assert_other_to_choose_box(g, "british", "irgun")


def test_p1_shaded_already_at_4_sabotage_may_be_declined():
    """P1 shaded at 4: no shift, but the track "is now at 4": Sabotage offered; declined."""
    g = make(1, {"Lydda": {"underground_cells": 1}}, first="irgun", haganah=4)
    g.apply(SHADED)
    assert g.current_agent == "irgun" and spaces_legal(g) == {"Lydda"}
    g.apply(STOP)
    d = g.to_dict()
    assert d["haganah_track"] == 4 and d["spaces"] == {"Lydda": {"underground_cells": 1}}
    assert_other_to_choose_box(g, "british", "irgun")


# ------------------------------------------------------------------ P2 --

def test_p2_unshaded_cells_in_coastal_districts_with_troops_go_to_prison():
    """P2 unshaded: only Coastal Districts (1.3.2: not Jerusalem District, not
    Cities) that hold Troops; every Cell, Underground or Active; Arms Caches stay."""
    g = make(2, {"Galilee": {"troops": 1, "underground_cells": 2, "active_cells": 1, "arms_caches": 1},
                 "Gaza": {"troops": 2, "underground_cells": 1},
                 "Lydda": {"police": 2, "underground_cells": 2},
                 "Jerusalem District": {"troops": 2, "underground_cells": 1},
                 "Tel Aviv-Jaffa": {"troops": 3, "underground_cells": 1}}, prison=1)
    g.apply(UNSHADED)
    d = g.to_dict()
    assert d["spaces"]["Galilee"] == {"troops": 1, "arms_caches": 1}
    assert d["spaces"]["Gaza"] == {"troops": 2}
    assert d["spaces"]["Lydda"] == {"police": 2, "underground_cells": 2}
    assert d["spaces"]["Jerusalem District"] == {"troops": 2, "underground_cells": 1}
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"troops": 3, "underground_cells": 1}
    assert d["prison"] == 1 + 4 and d["political_will"] == 10
    assert_other_to_choose_box(g, "irgun", "british")


def test_p2_shaded_political_will_minus_3_not_below_0():
    g = make(2, {}, first="irgun", pw=10)
    g.apply(SHADED)
    assert g.to_dict()["political_will"] == 7
    assert_other_to_choose_box(g, "british", "irgun")
    # Executed by the 2nd Eligible: the card is over, the next one is revealed.
    g = make(2, {}, first="british", pw=10)
    g.force_chance([0])
    g.apply(L.A_PASS + L.BOX_LIMITED)               # British Pass: an Intel Chit (2.3.3)
    assert g.current_agent == "irgun"
    g.apply(SHADED)
    d = g.to_dict()
    assert d["political_will"] == 7 and d["intel_chits"] == [0] and d["card"] == NEXT_CARD
    assert g.current_agent == "british" and d["context"]["first_eligible"] == L.BRITISH
    g = make(2, {}, first="irgun", pw=2)
    g.apply(SHADED)
    assert g.to_dict()["political_will"] == 0      # 1.8, 5.1.1
    assert_other_to_choose_box(g, "british", "irgun")


# ------------------------------------------------------------------ P3 --

def test_p3_unshaded_remove_one_terror_marker_to_shift_haganah_left():
    """P3 unshaded: the executing faction picks which Terror marker; exactly one
    (no Stop); the shift then refills box 3 from Available (6.5.2)."""
    g = make(3, {"Jerusalem City": {"terror": 2, "troops": 1},
                 "Haifa City": {"terror": 1, "sabotage": 1}}, haganah=3)
    av_cells = g.to_dict()["available"]["cells"]
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Jerusalem City", "Haifa City"} and STOP not in legal(g)
    g.apply(space("Haifa City"))
    d = g.to_dict()
    assert d["spaces"]["Haifa City"] == {"sabotage": 1}
    assert d["spaces"]["Jerusalem City"] == {"terror": 2, "troops": 1}
    assert d["haganah_track"] == 2 and d["track_pieces"]["cells_box3"] == 3
    assert d["available"]["cells"] == av_cells - 3
    assert_other_to_choose_box(g, "irgun", "british")


def test_p3_shaded_two_terror_markers_in_a_city_with_an_underground_cell():
    """P3 shaded: a City with an Underground Cell (not an Active one, not a District)."""
    g = make(3, {"Tel Aviv-Jaffa": {"underground_cells": 1, "terror": 1},
                 "Haifa City": {"active_cells": 2},
                 "Lydda": {"underground_cells": 2}}, first="irgun")
    g.apply(SHADED)
    assert g.current_agent == "irgun"
    assert spaces_legal(g) == {"Tel Aviv-Jaffa"} and STOP not in legal(g)
    g.apply(space("Tel Aviv-Jaffa"))
    d = g.to_dict()
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"underground_cells": 1, "terror": 3}
    assert d["haganah_track"] == 2 and d["political_will"] == 10
    assert_other_to_choose_box(g, "british", "irgun")


# ------------------------------------------------------------------ P4 --

def test_p4_plus_2_without_sabotage_in_coastal_districts():
    """P4 (P-26): Sabotage in a City or in Jerusalem District is not in a Coastal
    District, so +2 whatever the Irgun pieces there."""
    g = make(4, {"Tel Aviv-Jaffa": {"sabotage": 2, "underground_cells": 2},
                 "Jerusalem District": {"sabotage": 1},
                 "Galilee": {"underground_cells": 3, "arms_caches": 2},
                 "Egypt-Tel Aviv Railway": {"sabotage": 1}}, pw=10)
    assert SHADED not in legal(g)                    # one text only (P-15)
    g.apply(UNSHADED)
    assert g.to_dict()["political_will"] == 12
    assert_other_to_choose_box(g, "irgun", "british")


def test_p4_plus_2_stops_at_20():
    g = make(4, {}, first="irgun", pw=19)
    g.apply(UNSHADED)
    assert g.to_dict()["political_will"] == 20
    assert_other_to_choose_box(g, "british", "irgun")


def test_p4_minus_1_per_2_sabotage_and_irgun_pieces_in_coastal_districts():
    """P4 (P-26): 1 Sabotage + 2 Cells + 1 Arms Cache = 4 -> -2; pieces in a
    City or Jerusalem District do not count."""
    g = make(4, {"Lydda": {"sabotage": 1, "underground_cells": 1},
                 "Gaza": {"active_cells": 1, "arms_caches": 1},
                 "Tel Aviv-Jaffa": {"underground_cells": 3},
                 "Jerusalem District": {"underground_cells": 2, "sabotage": 1}}, pw=10)
    g.apply(UNSHADED)
    assert g.to_dict()["political_will"] == 8
    assert_other_to_choose_box(g, "irgun", "british")


def test_p4_minus_1_per_2_rounds_down_and_is_capped_at_3():
    """P4 (P-26): 3 -> -1 (rounded down); 9 -> -4 capped at -3; never below 0."""
    g = make(4, {"Samaria": {"sabotage": 1, "underground_cells": 2}}, pw=10)
    g.apply(UNSHADED)
    assert g.to_dict()["political_will"] == 9
    g = make(4, {"Samaria": {"sabotage": 3, "underground_cells": 2},
                 "Haifa District": {"underground_cells": 2, "arms_caches": 2}}, pw=10)
    g.apply(UNSHADED)
    assert g.to_dict()["political_will"] == 7
    g = make(4, {"Samaria": {"sabotage": 3, "underground_cells": 2},
                 "Haifa District": {"underground_cells": 2, "arms_caches": 2}}, pw=2)
    g.apply(UNSHADED)
    assert g.to_dict()["political_will"] == 0
    assert_other_to_choose_box(g, "irgun", "british")


# ------------------------------------------------------------------ P5 --

def test_p5_unshaded_up_to_2_cells_in_prison_leave_the_game():
    """P5 unshaded: the executing faction chooses 0, 1 or 2 (never more than
    Prison holds); removed Cells are out of the game, not Available."""
    g = make(5, {}, prison=3)
    av = g.to_dict()["available"]["cells"]
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: how many"
    assert legal(g) == {STOP, count(1), count(2)}
    g.apply(count(2))
    d = g.to_dict()
    assert d["prison"] == 1 and d["cells_out_of_game"] == 2 and d["available"]["cells"] == av
    assert_other_to_choose_box(g, "irgun", "british")
    g = make(5, {}, prison=1, first="irgun")
    g.apply(UNSHADED)
    assert g.current_agent == "irgun" and legal(g) == {STOP, count(1)}
    g.apply(STOP)                                   # "up to": none
    d = g.to_dict()
    assert d["prison"] == 1 and d["cells_out_of_game"] == 0
    assert_other_to_choose_box(g, "british", "irgun")


def test_p5_shaded_every_cell_in_prison_to_available():
    g = make(5, {"Lydda": {"underground_cells": 1}}, first="irgun", prison=4)
    av = g.to_dict()["available"]["cells"]
    g.apply(SHADED)
    d = g.to_dict()
    assert d["prison"] == 0 and d["available"]["cells"] == av + 4
    assert d["spaces"] == {"Lydda": {"underground_cells": 1}}
    assert_other_to_choose_box(g, "british", "irgun")


# ------------------------------------------------------------------ P6 --

def test_p6_unshaded_search_up_to_3_spaces_without_intel_even_with_bevin_shaded():
    """P6 unshaded (tip, P-17, P-27): 3 spaces although ERNEST BEVIN shaded
    limits British Operations to 2 (5.1.2: the played Event over the
    Capability's); no Intelligence Lead and no chit in a
    City: every City searched gets its Curfew."""
    g = make(6, {"Tel Aviv-Jaffa": {"troops": 3, "underground_cells": 2},
                 "Haifa City": {"troops": 1, "police": 2, "underground_cells": 1},
                 "Lydda": {"troops": 2, "underground_cells": 2},
                 "Jerusalem City": {"troops": 1, "underground_cells": 1}},
             intel_chits=[0, 2], capabilities={"P9": "shaded"})
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "choose a space"
    assert STOP in legal(g) and len(spaces_legal(g)) == 13          # "may", any space
    play(g, space("Tel Aviv-Jaffa"), space("Haifa City"), space("Lydda"))
    assert legal(g) == {STOP}                                         # 3, no A_EXTRA
    play(g, STOP)
    assert g.phase == "Search: move Troops from"
    g.apply(STOP)                                   # no "Search: City activation" chit choice
    d = g.to_dict()
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"troops": 3, "underground_cells": 1, "active_cells": 1, "curfew": 1}
    assert d["spaces"]["Haifa City"] == {"troops": 1, "police": 2, "active_cells": 1, "curfew": 1}
    assert d["spaces"]["Lydda"] == {"troops": 2, "underground_cells": 1, "active_cells": 1}
    assert d["spaces"]["Jerusalem City"] == {"troops": 1, "underground_cells": 1}
    assert d["intel_chits"] == [0, 2] and d["capabilities"] == {"P9": "shaded"}
    assert_other_to_choose_box(g, "irgun", "british")
    finish_card_with_pass_in(g, L.BOX_OP_SA)
    assert ctx(g)["first_eligible"] == L.BRITISH


def test_p6_unshaded_british_may_decline_the_search():
    g = make(6, {"Tel Aviv-Jaffa": {"troops": 3, "underground_cells": 2}}, first="irgun")
    g.apply(UNSHADED)                  # executed by the Irgun: the British still decide
    assert g.current_agent == "british"
    g.apply(STOP)                      # no space: the Search ends with no Troop moves asked
    d = g.to_dict()
    assert d["spaces"] == {"Tel Aviv-Jaffa": {"troops": 3, "underground_cells": 2}}
    assert_other_to_choose_box(g, "british", "irgun")


def test_p6_shaded_one_cell_in_each_city_without_troops():
    """P6 shaded: one Cell per City without Troops (Police do not stop it),
    Underground (1.4.3); each City once; no Stop."""
    g = make(6, {"Tel Aviv-Jaffa": {"troops": 1},
                 "Haifa City": {"underground_cells": 1, "active_cells": 1},
                 "Jerusalem City": {"police": 1}}, first="irgun")
    av = g.to_dict()["available"]["cells"]
    g.apply(SHADED)
    assert g.current_agent == "irgun" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Haifa City", "Jerusalem City"} and STOP not in legal(g)
    g.apply(space("Haifa City"))
    assert spaces_legal(g) == {"Jerusalem City"} and STOP not in legal(g)
    g.apply(space("Jerusalem City"))
    d = g.to_dict()
    assert d["spaces"]["Haifa City"] == {"underground_cells": 2, "active_cells": 1}
    assert d["spaces"]["Jerusalem City"] == {"police": 1, "underground_cells": 1}
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"troops": 1}
    assert d["available"]["cells"] == av - 2
    assert_other_to_choose_box(g, "british", "irgun")


def test_p6_shaded_only_available_cells_the_executing_faction_chooses_where():
    """5.1.1 / 5.1.3: one Cell Available for two Cities: the executing faction
    (here the British) picks the City, the rest of the text is skipped."""
    g = make(6, {"Tel Aviv-Jaffa": {"troops": 1}}, prison=9)
    assert g.to_dict()["available"]["cells"] == 1
    g.apply(SHADED)
    assert g.current_agent == "british" and spaces_legal(g) == {"Haifa City", "Jerusalem City"}
    g.apply(space("Jerusalem City"))
    d = g.to_dict()
    assert d["spaces"]["Jerusalem City"] == {"underground_cells": 1} and "Haifa City" not in d["spaces"]
    assert d["available"]["cells"] == 0 and d["prison"] == 9
    assert_other_to_choose_box(g, "irgun", "british")


# ------------------------------------------------------------------ P7 --

def test_p7_unshaded_british_remove_up_to_one_cell_from_each_crowded_space():
    """P7 unshaded: spaces with more than 1 Cell, each once, "up to" (Stop);
    the British take an Underground Cell first (P-16); to Available."""
    g = make(7, {"Galilee": {"underground_cells": 2},
                 "Lydda": {"underground_cells": 1, "active_cells": 1},
                 "Tel Aviv-Jaffa": {"underground_cells": 1, "arms_caches": 1},
                 "Haifa City": {"active_cells": 3}})
    av = g.to_dict()["available"]["cells"]
    g.apply(UNSHADED)
    assert g.current_agent == "british"
    assert spaces_legal(g) == {"Galilee", "Lydda", "Haifa City"} and STOP in legal(g)
    g.apply(space("Lydda"))
    assert spaces_legal(g) == {"Galilee", "Haifa City"} and STOP in legal(g)
    g.apply(space("Galilee"))
    g.apply(STOP)
    d = g.to_dict()
    assert d["spaces"]["Lydda"] == {"active_cells": 1}
    assert d["spaces"]["Galilee"] == {"underground_cells": 1}
    assert d["spaces"]["Haifa City"] == {"active_cells": 3}
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"underground_cells": 1, "arms_caches": 1}
    assert d["available"]["cells"] == av + 2 and d["prison"] == 0
    assert_other_to_choose_box(g, "irgun", "british")


def test_p7_unshaded_irgun_executing_remove_an_active_cell_first():
    """P-16: the Irgun, choosing, take an Active Cell first; all picks made -> the text ends."""
    g = make(7, {"Lydda": {"underground_cells": 1, "active_cells": 1}}, first="irgun")
    g.apply(UNSHADED)
    assert g.current_agent == "irgun" and spaces_legal(g) == {"Lydda"}
    g.apply(space("Lydda"))
    assert g.to_dict()["spaces"]["Lydda"] == {"underground_cells": 1}
    assert_other_to_choose_box(g, "british", "irgun")


def test_p7_shaded_remove_up_to_one_police_from_each_space_with_an_underground_cell():
    g = make(7, {"Galilee": {"police": 2, "underground_cells": 1},
                 "Lydda": {"police": 1, "active_cells": 2},
                 "Tel Aviv-Jaffa": {"police": 1, "troops": 2, "underground_cells": 1},
                 "Samaria": {"underground_cells": 2}}, first="irgun")
    g.apply(SHADED)
    assert g.current_agent == "irgun"
    assert spaces_legal(g) == {"Galilee", "Tel Aviv-Jaffa"} and STOP in legal(g)
    g.apply(space("Galilee"))
    assert spaces_legal(g) == {"Tel Aviv-Jaffa"}               # Galilee once only
    g.apply(STOP)
    d = g.to_dict()
    assert d["spaces"]["Galilee"] == {"police": 1, "underground_cells": 1}
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"police": 1, "troops": 2, "underground_cells": 1}
    assert d["spaces"]["Lydda"] == {"police": 1, "active_cells": 2}
    assert d["available"]["police"] == 6 - 4 + 1
    assert_other_to_choose_box(g, "british", "irgun")


# ------------------------------------------------------------------ P8 --

def test_p8_unshaded_plus_2_then_british_may_deploy_in_up_to_3_spaces():
    """P8 unshaded: +2, then a free Deploy (3.2.1) in up to 3 spaces with more
    Troops than Irgun pieces (3 even with ERNEST BEVIN shaded: the text fixes
    it, P-17), with the usual Troop move to one space (tip)."""
    g = make(8, {"Lydda": {"troops": 2, "underground_cells": 1},
                 "Galilee": {"troops": 1},
                 "Tel Aviv-Jaffa": {"troops": 1, "underground_cells": 1},
                 "Haifa City": {"troops": 3},
                 "Jerusalem District": {"troops": 1},
                 "Tel Aviv-Haifa Railway": {"troops": 2}},
             pw=10, capabilities={"P9": "shaded"})
    g.apply(UNSHADED)
    d = g.to_dict()
    assert d["political_will"] == 12
    assert g.current_agent == "british" and g.phase == "choose a space"
    assert spaces_legal(g) == {"Lydda", "Galilee", "Haifa City", "Jerusalem District"}
    assert STOP in legal(g)
    play(g, space("Lydda"), space("Galilee"), space("Haifa City"))
    assert legal(g) == {STOP}
    g.apply(STOP)
    assert g.phase == "Deploy: Troop destination"
    play(g, space("Tel Aviv-Jaffa"), space("Haifa City"), space("Haifa City"), STOP)
    d = g.to_dict()
    assert d["spaces"]["Lydda"] == {"troops": 2, "police": 1, "underground_cells": 1}
    assert d["spaces"]["Galilee"] == {"troops": 1, "police": 1}
    assert d["spaces"]["Haifa City"] == {"troops": 1, "police": 1}
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"troops": 3, "underground_cells": 1}
    assert d["available"]["police"] == 3 and d["political_will"] == 12
    assert_other_to_choose_box(g, "irgun", "british")
    finish_card_with_pass_in(g, L.BOX_LIMITED)
    assert ctx(g)["first_eligible"] == L.IRGUN


def test_p8_unshaded_plus_2_capped_at_20_and_deploy_declined():
    g = make(8, {"Galilee": {"troops": 1}}, first="irgun", pw=19)
    g.apply(UNSHADED)
    assert g.to_dict()["political_will"] == 20
    assert g.current_agent == "british" and STOP in legal(g)
    g.apply(STOP)                      # declined: no Deploy Troop move either
    d = g.to_dict()
    assert d["spaces"] == {"Galilee": {"troops": 1}} and d["available"]["police"] == 6
    assert_other_to_choose_box(g, "british", "irgun")


def test_p8_shaded_minus_1_per_curfew_on_the_map():
    g = make(8, {"Tel Aviv-Jaffa": {"troops": 1, "curfew": 1},
                 "Haifa City": {"police": 1, "curfew": 1}}, first="irgun", pw=10)
    g.apply(SHADED)
    assert g.to_dict()["political_will"] == 8
    assert_other_to_choose_box(g, "british", "irgun")
    g = make(8, {"Tel Aviv-Jaffa": {"troops": 1, "curfew": 1},
                 "Haifa City": {"police": 1, "curfew": 1}}, first="irgun", pw=1)
    g.apply(SHADED)
    assert g.to_dict()["political_will"] == 0


# ------------------------------------------------------------------ P9 --

def test_p9_unshaded_capability_is_set_and_lasts():
    """P9 (5.3): executing the capability records it, for the rest of the game."""
    g = make(9, {})
    g.apply(UNSHADED)
    assert g.to_dict()["capabilities"] == {"P9": "unshaded"}
    assert_other_to_choose_box(g, "irgun", "british")
    finish_card_with_pass_in(g, L.BOX_LIMITED)
    assert g.to_dict()["capabilities"] == {"P9": "unshaded"}


STARRED_CASES = [
    # card, text, spaces, Political Will after (from 10); without P9 unshaded: 7, 8, 7
    (2, SHADED, {}, 8),
    (4, UNSHADED, {"Lydda": {"sabotage": 2, "underground_cells": 2},
                   "Gaza": {"arms_caches": 2}}, 8),
    (8, SHADED, {"Tel Aviv-Jaffa": {"troops": 1, "curfew": 1}, "Haifa City": {"troops": 1, "curfew": 1},
                 "Jerusalem City": {"police": 1, "curfew": 1}}, 8),
]


@pytest.mark.parametrize("card, side, spaces, after", STARRED_CASES)
def test_p9_unshaded_starred_events_lose_1_less_political_will(card, side, spaces, after):
    """P9 unshaded (5.4): P2 shaded -3 -> -2, P4 -3 -> -2, P8 shaded -3 -> -2."""
    for caps, expected in (({}, 7), ({"P9": "unshaded"}, after)):
        g = make(card, spaces, first="irgun", pw=10, capabilities=caps)
        g.apply(side)
        assert g.to_dict()["political_will"] == expected
        assert_other_to_choose_box(g, "british", "irgun")


def test_p9_unshaded_does_not_touch_gains_or_single_losses_to_nothing():
    """P9 unshaded: P4's +2 stays +2; a P4 loss of 1 becomes 0, so the text
    cannot act and is not offered (P-15)."""
    g = make(4, {}, pw=10, capabilities={"P9": "unshaded"})
    g.apply(UNSHADED)
    assert g.to_dict()["political_will"] == 12
    g = make(4, {"Lydda": {"sabotage": 1, "underground_cells": 1}}, pw=10, capabilities={"P9": "unshaded"})
    assert UNSHADED not in legal(g)
    g = make(8, {"Haifa City": {"troops": 1, "curfew": 1}}, pw=10, capabilities={"P9": "unshaded"})
    assert SHADED not in legal(g)


def test_p9_shaded_british_operations_in_2_spaces_intelligence_lead_adds_1():
    """P9 shaded: set by the Irgun's event, then on the same card the British
    Op & SA Search selects 2 spaces; a discarded chit adds a third (tip, 2.3.7)."""
    g = make(9, {"Tel Aviv-Jaffa": {"troops": 1}, "Lydda": {"troops": 2, "underground_cells": 2},
                 "Galilee": {"troops": 2, "underground_cells": 1}, "Gaza": {"troops": 2}},
             first="irgun", intel_chits=[1])
    g.apply(SHADED)
    assert g.to_dict()["capabilities"] == {"P9": "shaded"}
    assert_other_to_choose_box(g, "british", "irgun")
    play(g, L.A_BOX + L.BOX_OP_SA, L.A_OP + L.OP_SEARCH, space("Lydda"), space("Galilee"))
    assert spaces_legal(g) == set() and L.A_EXTRA in legal(g)
    play(g, L.A_EXTRA, L.A_CHIT + 1)
    assert "Gaza" in spaces_legal(g)
    g.apply(space("Gaza"))
    assert spaces_legal(g) == set() and L.A_EXTRA not in legal(g)
    assert g.to_dict()["intel_chits"] == []


def test_p9_shaded_irgun_operations_keep_3_spaces():
    g = make(10, {"Lydda": {"troops": 1}}, first="irgun", capabilities={"P9": "shaded"})
    play(g, L.A_BOX + L.BOX_OP_SA, L.A_OP + L.OP_RECRUIT)
    play(g, space("Tel Aviv-Jaffa"), space("Haifa City"), space("Jerusalem City"))
    assert spaces_legal(g) == set()
    d = g.to_dict()
    assert all(d["spaces"][c] == {"underground_cells": 1} for c in CITIES)


# ----------------------------------------------------------------- P10 --

def test_p10_unshaded_place_up_to_all_available_police_in_any_railways():
    """P10 unshaded: any Railway spaces, several Police in one Railway allowed,
    Stop at any time ("up to"), only Available Police (5.1.1)."""
    g = make(10, {"Galilee": {"police": 3}})
    g.apply(UNSHADED)
    assert g.current_agent == "british" and STOP in legal(g)
    assert spaces_legal(g) == {"Egypt-Tel Aviv Railway", "Tel Aviv-Jerusalem Railway",
                               "Tel Aviv-Haifa Railway", "Haifa-Syria Railway"}
    play(g, space("Tel Aviv-Haifa Railway"), space("Tel Aviv-Haifa Railway"))
    assert STOP in legal(g)
    g.apply(space("Egypt-Tel Aviv Railway"))      # the last Available Police: the text ends
    d = g.to_dict()
    assert d["spaces"]["Tel Aviv-Haifa Railway"] == {"police": 2}
    assert d["spaces"]["Egypt-Tel Aviv Railway"] == {"police": 1}
    assert d["spaces"]["Galilee"] == {"police": 3} and d["available"]["police"] == 0
    assert_other_to_choose_box(g, "irgun", "british")


def test_p10_unshaded_stop_early():
    g = make(10, {}, first="irgun")
    g.apply(UNSHADED)
    assert g.current_agent == "irgun"
    play(g, space("Haifa-Syria Railway"), STOP)
    d = g.to_dict()
    assert d["spaces"] == {"Haifa-Syria Railway": {"police": 1}} and d["available"]["police"] == 5
    assert_other_to_choose_box(g, "british", "irgun")


def test_p10_shaded_remove_half_the_police_on_the_map_rounded_down():
    """P10 shaded (P-28): 5 Police -> 2 removed, chosen one at a time by the
    executing faction, two from one space allowed; no Stop."""
    g = make(10, {"Galilee": {"police": 3}, "Tel Aviv-Jaffa": {"police": 1, "troops": 1},
                  "Lydda": {"police": 1}}, first="irgun")
    g.apply(SHADED)
    assert g.current_agent == "irgun" and STOP not in legal(g)
    assert spaces_legal(g) == {"Galilee", "Tel Aviv-Jaffa", "Lydda"}
    g.apply(space("Galilee"))
    assert STOP not in legal(g) and "Galilee" in spaces_legal(g)
    g.apply(space("Galilee"))
    d = g.to_dict()
    assert d["spaces"]["Galilee"] == {"police": 1}
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"police": 1, "troops": 1}
    assert d["spaces"]["Lydda"] == {"police": 1} and d["available"]["police"] == 3
    assert_other_to_choose_box(g, "british", "irgun")


# ----------------------------------------------------------------- P11 --

def test_p11_unshaded_search_then_assault_in_the_same_city_then_an_arms_cache_nearby():
    """P11 unshaded: a Search in 1 City (Troops may move in), an Assault in
    that same City only, then one Arms Cache within 1 space (the City or an
    adjacent space) removed for +1 Political Will (tip); all mandatory (P-18)."""
    g = make(11, {"Tel Aviv-Jaffa": {"troops": 4, "underground_cells": 2, "arms_caches": 1},
                  "Lydda": {"troops": 2, "underground_cells": 1, "arms_caches": 1},
                  "Gaza": {"underground_cells": 1, "arms_caches": 1},
                  "Haifa City": {"troops": 3, "underground_cells": 1}}, pw=10)
    av = g.to_dict()["available"]
    g.apply(UNSHADED)
    assert g.current_agent == "british" and spaces_legal(g) == set(CITIES) and STOP not in legal(g)
    play(g, space("Tel Aviv-Jaffa"), STOP)
    assert spaces_legal(g) == {"Lydda"}                   # Search: adjacent Troops
    play(g, space("Lydda"), space("Tel Aviv-Jaffa"), space("Lydda"), space("Tel Aviv-Jaffa"), STOP)
    # 6 cubes in a City: Curfew, 2 Cells Activated (3.2.3). Now the Assault, same City only.
    g = Game.from_dict(g.to_dict())                       # the text's progress survives a save
    assert g.current_agent == "british" and g.phase == "choose a space"
    assert spaces_legal(g) == {"Tel Aviv-Jaffa"} and STOP not in legal(g)
    g.force_chance([0])                                   # the Arms Cache's chit: a 0
    g.apply(space("Tel Aviv-Jaffa"))                       # 6 Troops: 3 pieces (3.2.4)
    assert legal(g) == {STOP}                              # no Intelligence Lead (P-17)
    g.apply(STOP)
    assert g.phase == "Event: choose a space" and g.current_agent == "british"
    assert spaces_legal(g) == {"Lydda"} and STOP not in legal(g)   # Gaza is 2 spaces away
    g.apply(space("Lydda"))
    d = g.to_dict()
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"troops": 6, "curfew": 1}
    assert d["spaces"]["Lydda"] == {"underground_cells": 1}
    assert d["spaces"]["Gaza"] == {"underground_cells": 1, "arms_caches": 1}
    assert d["spaces"]["Haifa City"] == {"troops": 3, "underground_cells": 1}
    assert d["political_will"] == 12 and d["intel_chits"] == [0]   # +1 Assault, +1 the text
    assert d["prison"] == 1 and d["available"]["cells"] == av["cells"] + 1   # alternation (3.2.4)
    assert d["available"]["arms_caches"] == av["arms_caches"] + 2
    assert_other_to_choose_box(g, "irgun", "british")
    finish_card_with_pass_in(g, L.BOX_OP_SA)
    assert ctx(g)["first_eligible"] == L.BRITISH


def test_p11_unshaded_no_irgun_in_the_city_assault_skipped_cache_still_removed():
    """5.1.3: no Assault possible in the City searched, the rest of the text
    goes on; the executing faction (Irgun) picks the Arms Cache."""
    g = make(11, {"Haifa City": {"troops": 2, "police": 1},
                  "Haifa District": {"underground_cells": 1, "arms_caches": 2},
                  "Galilee": {"arms_caches": 1}}, first="irgun", pw=10)
    g.apply(UNSHADED)
    assert g.current_agent == "british"
    play(g, space("Haifa City"), STOP, STOP)
    assert g.current_agent == "irgun" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Haifa District"}
    g.apply(space("Haifa District"))
    d = g.to_dict()
    assert d["spaces"]["Haifa City"] == {"troops": 2, "police": 1, "curfew": 1}
    assert d["spaces"]["Haifa District"] == {"underground_cells": 1, "arms_caches": 1}
    assert d["spaces"]["Galilee"] == {"arms_caches": 1}
    assert d["political_will"] == 11 and d["intel_chits"] == []
    assert_other_to_choose_box(g, "british", "irgun")


def test_p11_shaded_travel_from_up_to_2_spaces_with_cells_and_curfew():
    """P11 shaded: the Irgun Travel (3.3.2) from at most 2 origins that have
    Cells and a Curfew; no Haganah extra space at 4 (P-17), no Special Activity."""
    g = make(11, {"Tel Aviv-Jaffa": {"troops": 1, "underground_cells": 1, "active_cells": 1, "curfew": 1},
                  "Haifa City": {"police": 1, "underground_cells": 1, "curfew": 1},
                  "Jerusalem City": {"troops": 1, "curfew": 1},
                  "Lydda": {"underground_cells": 1}}, first="irgun", haganah=4)
    g.apply(SHADED)
    assert g.current_agent == "irgun" and g.phase == "choose a space"
    assert spaces_legal(g) == {"Tel Aviv-Jaffa", "Haifa City"} and STOP in legal(g)
    assert not any(L.A_SA <= a < L.A_SPACE for a in legal(g))
    play(g, space("Tel Aviv-Jaffa"), space("Samaria"), count(2))
    play(g, space("Haifa City"), space("Galilee"), count(1))
    assert legal(g) == {STOP}
    g.apply(STOP)
    d = g.to_dict()
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"troops": 1, "curfew": 1}
    assert d["spaces"]["Haifa City"] == {"police": 1, "curfew": 1}
    assert d["spaces"]["Samaria"] == {"underground_cells": 2}
    assert d["spaces"]["Galilee"] == {"underground_cells": 1}
    assert d["spaces"]["Lydda"] == {"underground_cells": 1}
    assert_other_to_choose_box(g, "british", "irgun")


# ----------------------------------------------------------------- P12 --

def test_p12_unshaded_remove_2_arms_caches_without_political_will():
    """P12 unshaded: exactly 2, from any spaces (both from one allowed), no
    +1 Political Will and no Intel (tip); the executing faction picks."""
    g = make(12, {"Galilee": {"underground_cells": 1, "arms_caches": 2},
                  "Lydda": {"arms_caches": 1}}, pw=10)
    av = g.to_dict()["available"]["arms_caches"]
    g.apply(UNSHADED)
    assert g.current_agent == "british" and spaces_legal(g) == {"Galilee", "Lydda"}
    assert STOP not in legal(g)
    play(g, space("Galilee"), space("Galilee"))
    d = g.to_dict()
    assert d["spaces"]["Galilee"] == {"underground_cells": 1} and d["spaces"]["Lydda"] == {"arms_caches": 1}
    assert d["available"]["arms_caches"] == av + 2
    assert d["political_will"] == 10 and d["intel_chits"] == []
    assert_other_to_choose_box(g, "irgun", "british")
    g = make(12, {"Gaza": {"arms_caches": 1}}, first="irgun")     # only 1 there: 1 removed (5.1.3)
    play(g, UNSHADED, space("Gaza"))
    assert g.to_dict()["spaces"] == {}
    assert_other_to_choose_box(g, "british", "irgun")


def test_p12_shaded_place_up_to_2_arms_caches_in_spaces_with_cells():
    """P12 shaded: spaces with Cells, never a Railway, never a third Arms
    Cache (5.1.1); two in one space allowed; "up to"."""
    g = make(12, {"Galilee": {"underground_cells": 1},
                  "Lydda": {"underground_cells": 1, "arms_caches": 2},
                  "Tel Aviv-Haifa Railway": {"underground_cells": 1},
                  "Samaria": {"arms_caches": 1},
                  "Tel Aviv-Jaffa": {"active_cells": 1}}, first="irgun", haganah=4)
    assert g.to_dict()["available"]["arms_caches"] == 2
    g.apply(SHADED)
    assert g.current_agent == "irgun" and STOP in legal(g)
    assert spaces_legal(g) == {"Galilee", "Tel Aviv-Jaffa"}
    play(g, space("Galilee"), space("Galilee"))
    d = g.to_dict()
    assert d["spaces"]["Galilee"] == {"underground_cells": 1, "arms_caches": 2}
    assert d["spaces"]["Lydda"] == {"underground_cells": 1, "arms_caches": 2}
    assert d["available"]["arms_caches"] == 0
    assert_other_to_choose_box(g, "british", "irgun")


def test_p12_shaded_only_available_arms_caches():
    g = make(12, {"Galilee": {"underground_cells": 1}, "Gaza": {"arms_caches": 1},
                  "Lydda": {"underground_cells": 1, "arms_caches": 2}}, first="irgun", haganah=2)
    assert g.to_dict()["available"]["arms_caches"] == 1
    play(g, SHADED, space("Galilee"))
    d = g.to_dict()
    assert d["spaces"]["Galilee"] == {"underground_cells": 1, "arms_caches": 1}
    assert d["available"]["arms_caches"] == 0
    assert_other_to_choose_box(g, "british", "irgun")


# ----------------------------------------------------------------- P13 --

RECRUIT_SPACES = {"Galilee": {"arms_caches": 1}}   # Galilee (cache) + the three Cities can Recruit


@pytest.mark.parametrize("caps, fourth", [({}, True), ({"P13": "unshaded"}, False)])
def test_p13_unshaded_track_at_4_no_longer_adds_a_space(caps, fourth):
    """6.5.3 / P13 unshaded: at 4 a full Irgun Operation has 4 spaces without
    the capability and 3 with it; Offensive (2.3.7) still adds one."""
    g = make(10, RECRUIT_SPACES, first="irgun", haganah=4, capabilities=caps)
    play(g, L.A_BOX + L.BOX_OP_SA, L.A_OP + L.OP_RECRUIT)
    play(g, space("Tel Aviv-Jaffa"), space("Haifa City"), space("Jerusalem City"))
    assert ("Galilee" in spaces_legal(g)) == fourth
    assert (L.A_EXTRA in legal(g)) == (not fourth)      # Offensive once the limit is reached


def test_p13_unshaded_event_sets_the_capability_for_the_irgun_operation_that_follows():
    g = make(13, RECRUIT_SPACES, haganah=4)
    g.apply(UNSHADED)                              # executed by the British (5.3: either may)
    assert g.to_dict()["capabilities"] == {"P13": "unshaded"}
    assert_other_to_choose_box(g, "irgun", "british")
    play(g, L.A_BOX + L.BOX_OP_SA, L.A_OP + L.OP_RECRUIT)
    play(g, space("Tel Aviv-Jaffa"), space("Haifa City"), space("Jerusalem City"))
    assert spaces_legal(g) == set() and L.A_EXTRA in legal(g)


@pytest.mark.parametrize("caps, hag, full, limited", [
    ({}, 3, 3, 1), ({"P13": "shaded"}, 3, 4, 2), ({"P13": "shaded"}, 4, 4, 2),
    ({"P13": "shaded"}, 2, 3, 1), ({}, 4, 4, 2)])
def test_p13_shaded_track_at_3_also_adds_a_space(caps, hag, full, limited):
    """P13 shaded: Irgun Operations get the extra space at 3 as well as 4
    (6.5.3), Limited ones too; never at 2."""
    for box, n in ((L.BOX_OP_SA, full), (L.BOX_LIMITED, limited)):
        g = make(10, {"Galilee": {"arms_caches": 2}}, first="irgun", haganah=hag, capabilities=caps)
        play(g, L.A_BOX + box, L.A_OP + L.OP_RECRUIT)
        order = ["Tel Aviv-Jaffa", "Haifa City", "Jerusalem City", "Samaria"]
        for name in order[:n]:
            assert name in spaces_legal(g)
            g.apply(space(name))
            if g.phase == "Recruit: how many Cells":
                g.apply(count(1))
        assert spaces_legal(g) == set()


def test_p13_shaded_event_sets_the_capability():
    g = make(13, RECRUIT_SPACES, haganah=3)
    g.apply(SHADED)
    assert g.to_dict()["capabilities"] == {"P13": "shaded"}
    assert_other_to_choose_box(g, "irgun", "british")
    play(g, L.A_BOX + L.BOX_LIMITED, L.A_OP + L.OP_RECRUIT, space("Tel Aviv-Jaffa"))
    assert "Haifa City" in spaces_legal(g)                 # a 2nd space at 3
    g.apply(space("Haifa City"))
    assert spaces_legal(g) == set()


# ----------------------------------------------------------------- P14 --

def test_p14_unshaded_search_up_to_2_cities_then_mass_detention():
    """P14 unshaded: up to 2 Cities; Mass Detention only after the Search
    (P-30) and only where its usual requirements hold (tip, 4.2.3)."""
    g = make(14, {"Tel Aviv-Jaffa": {"troops": 3, "underground_cells": 3},
                  "Lydda": {"underground_cells": 1},
                  "Haifa City": {"troops": 3, "police": 1, "underground_cells": 1},
                  "Jerusalem City": {"troops": 1}}, pw=10)
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "choose a space"
    assert spaces_legal(g) == set(CITIES) and STOP in legal(g)
    assert L.A_SA + L.SA_MASS_DETENTION not in legal(g)          # not before the Search
    play(g, space("Tel Aviv-Jaffa"), space("Haifa City"))
    assert legal(g) == {STOP}
    play(g, STOP, STOP)
    assert g.phase == "Special Activity after the Operation"
    assert legal(g) == {STOP, L.A_SA + L.SA_MASS_DETENTION}
    g.apply(L.A_SA + L.SA_MASS_DETENTION)
    assert spaces_legal(g) == {"Tel Aviv-Jaffa", "Haifa City"}
    g.force_chance([4])                                          # a 5
    g.apply(space("Tel Aviv-Jaffa"))
    d = g.to_dict()
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"troops": 3, "curfew": 1}
    assert "Lydda" not in d["spaces"]
    assert d["spaces"]["Haifa City"] == {"troops": 3, "police": 1, "active_cells": 1, "curfew": 1}
    assert d["prison"] == 4 and d["political_will"] == 9
    assert_other_to_choose_box(g, "irgun", "british")


def test_p14_unshaded_no_mass_detention_without_three_troops():
    g = make(14, {"Jerusalem City": {"troops": 2, "underground_cells": 1}}, first="irgun")
    g.apply(UNSHADED)
    assert g.current_agent == "british"
    play(g, space("Jerusalem City"), STOP, STOP)
    d = g.to_dict()
    assert d["spaces"]["Jerusalem City"] == {"troops": 2, "underground_cells": 1, "curfew": 1}
    assert d["prison"] == 0
    assert_other_to_choose_box(g, "british", "irgun")


def test_p14_shaded_up_to_one_cell_in_each_city_with_a_curfew():
    g = make(14, {"Tel Aviv-Jaffa": {"troops": 1, "curfew": 1},
                  "Haifa City": {"police": 1, "underground_cells": 1, "curfew": 1},
                  "Jerusalem City": {"troops": 1}}, first="irgun")
    av = g.to_dict()["available"]["cells"]
    g.apply(SHADED)
    assert g.current_agent == "irgun" and STOP in legal(g)
    assert spaces_legal(g) == {"Tel Aviv-Jaffa", "Haifa City"}
    g.apply(space("Tel Aviv-Jaffa"))
    assert spaces_legal(g) == {"Haifa City"} and STOP in legal(g)
    g.apply(STOP)
    d = g.to_dict()
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"troops": 1, "underground_cells": 1, "curfew": 1}
    assert d["spaces"]["Haifa City"] == {"police": 1, "underground_cells": 1, "curfew": 1}
    assert d["available"]["cells"] == av - 1
    assert_other_to_choose_box(g, "british", "irgun")


# ----------------------------------------------------------------- P15 --

def test_p15_unshaded_haganah_left_and_up_to_one_sabotage_removed():
    """P15 unshaded: the shift's refill comes first and the Irgun choose the
    map pieces (6.5.2, P-11); then the executing British may remove 1 Sabotage."""
    g = make(15, {"Galilee": {"underground_cells": 2, "arms_caches": 1},
                  "Lydda": {"active_cells": 1, "sabotage": 1},
                  "Tel Aviv-Jaffa": {"sabotage": 2, "troops": 1},
                  "Gaza": {"arms_caches": 2}, "Samaria": {"arms_caches": 2}},
             haganah=4, prison=11)
    assert g.to_dict()["available"] == {"troops": 11, "police": 6, "cells": 1, "arms_caches": 0}
    g.apply(UNSHADED)
    assert g.current_agent == "irgun" and g.phase == "Haganah Track: piece to return"
    assert spaces_legal(g) == {"Galilee", "Lydda"}
    g.apply(space("Lydda"))
    assert g.current_agent == "irgun" and spaces_legal(g) == {"Galilee", "Gaza", "Samaria"}
    g.apply(space("Gaza"))
    assert g.current_agent == "british" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Lydda", "Tel Aviv-Jaffa"} and STOP in legal(g)
    g.apply(space("Tel Aviv-Jaffa"))
    d = g.to_dict()
    assert d["haganah_track"] == 3
    assert d["track_pieces"] == {"cells_box4": 2, "cache_box4": 1, "cells_box3": 0}
    assert d["spaces"]["Lydda"] == {"sabotage": 1}
    assert d["spaces"]["Gaza"] == {"arms_caches": 1}
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"sabotage": 1, "troops": 1}
    assert d["available"]["cells"] == 0 and d["prison"] == 11
    assert_other_to_choose_box(g, "irgun", "british")


def test_p15_unshaded_at_0_only_the_sabotage_and_it_may_be_declined():
    g = make(15, {"Lydda": {"sabotage": 1}}, first="irgun", haganah=0)
    g.apply(UNSHADED)
    assert g.current_agent == "irgun" and spaces_legal(g) == {"Lydda"} and STOP in legal(g)
    g.apply(STOP)
    d = g.to_dict()
    assert d["haganah_track"] == 0 and d["spaces"] == {"Lydda": {"sabotage": 1}}
    assert_other_to_choose_box(g, "british", "irgun")


def test_p15_shaded_haganah_right_and_irgun_may_sabotage_one_space():
    """P15 shaded: executed by the British, the Irgun decide the Sabotage
    (5.1); Police lower the roll (3.3.3); no Terror, 1 space."""
    g = make(15, {"Tel Aviv-Jaffa": {"police": 1, "underground_cells": 1},
                  "Galilee": {"underground_cells": 1}}, haganah=3)
    av = g.to_dict()["available"]
    g.apply(SHADED)
    d = g.to_dict()
    assert d["haganah_track"] == 4 and d["available"]["cells"] == av["cells"] + 2
    assert d["available"]["arms_caches"] == av["arms_caches"] + 1
    assert g.current_agent == "irgun" and STOP in legal(g)
    assert spaces_legal(g) == {"Tel Aviv-Jaffa", "Galilee"}
    g.force_chance([3])                                   # 4 - 1 Police = 3 > 2
    g.apply(space("Tel Aviv-Jaffa"))
    assert legal(g) == {STOP}
    g.apply(STOP)
    d = g.to_dict()
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"police": 1, "active_cells": 1, "sabotage": 1}
    assert d["spaces"]["Galilee"] == {"underground_cells": 1}
    assert_other_to_choose_box(g, "irgun", "british")


def test_p15_shaded_failed_sabotage_roll():
    g = make(15, {"Galilee": {"police": 2, "underground_cells": 1}}, first="irgun", haganah=1)
    g.apply(SHADED)
    g.force_chance([3])                                   # 4 - 2 Police = 2: no marker
    play(g, space("Galilee"), STOP)
    d = g.to_dict()
    assert d["haganah_track"] == 2 and d["spaces"]["Galilee"] == {"police": 2, "active_cells": 1}
    assert_other_to_choose_box(g, "british", "irgun")


# ----------------------------------------------------------------- P16 --

def test_p16_unshaded_two_limited_operations_then_restore():
    """P16 unshaded (tip, P-17): two Limited Operations of any types one after
    the other (Intelligence Lead allowed as in any Limited Operation), then
    Restore (4.2.1) in a space with Troops, Police and no Irgun."""
    g = make(16, {"Tel Aviv-Jaffa": {"troops": 2, "active_cells": 1},
                  "Lydda": {"troops": 2, "underground_cells": 1},
                  "Galilee": {"troops": 1, "police": 1, "sabotage": 1, "terror": 1},
                  "Jerusalem City": {"troops": 1, "police": 1, "underground_cells": 1, "sabotage": 1}},
             intel_chits=[0], capabilities={"P9": "shaded"})
    av = g.to_dict()["available"]["cells"]
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose an Operation"
    assert legal(g) == {STOP} | {L.A_OP + op for op in (L.OP_DEPLOY, L.OP_PATROL, L.OP_SEARCH, L.OP_ASSAULT)}
    play(g, L.A_OP + L.OP_ASSAULT, space("Tel Aviv-Jaffa"))
    assert legal(g) == {STOP, L.A_EXTRA}                    # Limited: 1 space, + Intelligence Lead
    g.apply(STOP)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "british"
    play(g, L.A_OP + L.OP_SEARCH, space("Lydda"))
    assert legal(g) == {STOP, L.A_EXTRA}
    play(g, STOP, STOP)                                     # no Troops moved in
    assert g.phase == "Special Activity after the Operation"
    assert legal(g) == {STOP, L.A_SA + L.SA_RESTORE}
    g.apply(L.A_SA + L.SA_RESTORE)
    assert spaces_legal(g) == {"Galilee"}
    g.apply(space("Galilee"))
    d = g.to_dict()
    assert d["spaces"]["Tel Aviv-Jaffa"] == {"troops": 2}
    assert d["spaces"]["Lydda"] == {"troops": 2, "active_cells": 1}
    assert d["spaces"]["Galilee"] == {"troops": 1, "police": 1, "sabotage": 1}
    assert d["spaces"]["Jerusalem City"] == {"troops": 1, "police": 1, "underground_cells": 1, "sabotage": 1}
    assert d["available"]["cells"] == av + 1 and d["intel_chits"] == [0]
    assert_other_to_choose_box(g, "irgun", "british")
    finish_card_with_pass_in(g, L.BOX_LIMITED)
    assert ctx(g)["first_eligible"] == L.IRGUN


def test_p16_unshaded_same_pieces_twice_and_everything_may_be_declined():
    """P16 tip: the same Troops may act in both Limited Operations; the British
    may decline an Operation and the Restore."""
    g = make(16, {"Lydda": {"troops": 2, "underground_cells": 2},
                  "Galilee": {"troops": 1, "police": 1, "sabotage": 1}}, first="irgun")
    g.apply(UNSHADED)
    assert g.current_agent == "british"
    play(g, L.A_OP + L.OP_SEARCH, space("Lydda"), STOP, STOP)        # 2 cubes: 1 Cell Active
    play(g, L.A_OP + L.OP_SEARCH, space("Lydda"), STOP, STOP)        # the same Troops again
    assert g.to_dict()["spaces"]["Lydda"] == {"troops": 2, "active_cells": 2}
    assert legal(g) == {STOP, L.A_SA + L.SA_RESTORE}
    g.apply(STOP)
    d = g.to_dict()
    assert d["spaces"]["Galilee"] == {"troops": 1, "police": 1, "sabotage": 1}
    assert_other_to_choose_box(g, "british", "irgun")
    g = make(16, {"Galilee": {"troops": 1, "police": 1, "sabotage": 1}})
    play(g, UNSHADED, STOP, STOP)
    assert legal(g) == {STOP, L.A_SA + L.SA_RESTORE}
    play(g, L.A_SA + L.SA_RESTORE, space("Galilee"))
    assert g.to_dict()["spaces"]["Galilee"] == {"troops": 1, "police": 1}
    assert_other_to_choose_box(g, "irgun", "british")
    g = make(16, {"Galilee": {"troops": 1, "underground_cells": 1, "sabotage": 1}})
    play(g, UNSHADED, STOP, STOP)              # no space for Restore: the text ends (5.1.3)
    assert g.to_dict()["spaces"]["Galilee"] == {"troops": 1, "underground_cells": 1, "sabotage": 1}
    assert_other_to_choose_box(g, "irgun", "british")


def test_p16_shaded_british_place_2_cells_from_prison_into_any_cities():
    """P16 shaded: the British decide where (the text names them), Cities
    only, both in one City allowed, Underground (1.4.3); no Stop."""
    g = make(16, {"Tel Aviv-Jaffa": {"troops": 1}}, first="irgun", prison=3)
    av = g.to_dict()["available"]["cells"]
    g.apply(SHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == set(CITIES) and STOP not in legal(g)
    play(g, space("Tel Aviv-Jaffa"), space("Tel Aviv-Jaffa"))
    d = g.to_dict()
    assert d["spaces"] == {"Tel Aviv-Jaffa": {"troops": 1, "underground_cells": 2}}
    assert d["prison"] == 1 and d["available"]["cells"] == av
    assert_other_to_choose_box(g, "british", "irgun")


def test_p16_shaded_one_cell_in_prison_releases_one():
    """P16 tip / 5.1.3: with 1 Cell in Prison only 1 is placed."""
    g = make(16, {}, first="irgun", prison=1)
    play(g, SHADED, space("Haifa City"))
    d = g.to_dict()
    assert d["spaces"] == {"Haifa City": {"underground_cells": 1}} and d["prison"] == 0
    assert_other_to_choose_box(g, "british", "irgun")


# ------------------------------------------------------------ offering --

def sides(g):
    return {side for side, a in (("unshaded", UNSHADED), ("shaded", SHADED)) if a in legal(g)}


def test_event_offered_only_when_it_can_act():
    """P-15 (5.1.3, P3 tip): a text is offered only when it can change
    something now; single-text P4 never offers a shaded side; the Event box
    is closed once the other faction took it (2.3.2)."""
    assert sides(make(3, {"Tel Aviv-Jaffa": {"active_cells": 1}})) == set()
    assert sides(make(3, {"Tel Aviv-Jaffa": {"underground_cells": 1}})) == {"shaded"}
    assert sides(make(3, {"Lydda": {"underground_cells": 1, "terror": 1}})) == {"unshaded"}
    assert sides(make(5, {})) == set()
    assert sides(make(5, {}, prison=1)) == {"unshaded", "shaded"}
    assert sides(make(4, {})) == {"unshaded"}
    assert sides(make(4, {}, pw=20)) == set()
    assert sides(make(4, {"Gaza": {"sabotage": 1, "underground_cells": 1}}, pw=0)) == set()
    assert sides(make(1, {}, haganah=4)) == {"unshaded"}
    assert sides(make(1, {"Lydda": {"underground_cells": 1}}, haganah=4)) == {"unshaded", "shaded"}
    assert sides(make(2, {"Jerusalem District": {"troops": 1, "underground_cells": 1},
                          "Lydda": {"underground_cells": 1}}, pw=0)) == set()
    assert sides(make(6, {c: {"troops": 1} for c in CITIES})) == {"unshaded"}
    assert sides(make(7, {"Galilee": {"police": 1, "active_cells": 1}})) == set()
    assert sides(make(8, {}, pw=0)) == {"unshaded"}
    assert sides(make(8, {"Tel Aviv-Jaffa": {"police": 1, "curfew": 1}}, pw=20)) == {"shaded"}
    assert sides(make(8, {"Tel Aviv-Jaffa": {"troops": 2, "underground_cells": 2}}, pw=20)) == set()
    assert sides(make(8, {"Tel Aviv-Jaffa": {"troops": 2, "underground_cells": 1}}, pw=20)) == {"unshaded"}
    assert sides(make(10, {"Galilee": {"police": 6}})) == {"shaded"}
    assert sides(make(10, {"Galilee": {"police": 1}})) == {"unshaded"}
    assert sides(make(11, {"Tel Aviv-Jaffa": {"troops": 1, "curfew": 1}, "Lydda": {"underground_cells": 1}})) \
        == {"unshaded"}
    assert sides(make(12, {"Lydda": {"police": 1}})) == set()
    assert sides(make(14, {"Tel Aviv-Jaffa": {"troops": 1}})) == {"unshaded"}
    assert sides(make(15, {}, haganah=4)) == {"unshaded"}
    assert sides(make(15, {}, haganah=0)) == {"shaded"}
    assert sides(make(16, {})) == {"unshaded"}
    assert sides(make(9, {})) == sides(make(13, {})) == {"unshaded", "shaded"}
    # The British take the Event box and Pass: the Irgun may neither play the
    # event nor Pass in that box.
    g = make(3, {"Tel Aviv-Jaffa": {"underground_cells": 1}})
    g.apply(L.A_PASS + L.BOX_EVENT)
    assert g.current_agent == "irgun" and sides(g) == set()
    assert L.A_PASS + L.BOX_EVENT not in legal(g)
    with pytest.raises(IllegalActionError):
        g.apply(SHADED)
