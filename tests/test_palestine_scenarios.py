"""Palestine rule readings played from built positions (``Game.from_dict``):
who chooses Mass Detention's Cells (4.2.3, rules decision P-5), a Cell
Travels once (3.3.2, P-9), the Haganah Track's extra space after a Terror
in the same Operation (6.5.3, P-32), and an event's Special Activity
without its Operation (4.1, P14, P26, P-33)."""

from britishway_env import Game
from britishway_env.volumes.boards import palestine as board
from britishway_env.volumes.palestine import layout as L
from britishway_env.volumes.palestine.bots import choose

from palestine_helpers import legal, play

STOP = L.A_STOP
UNSHADED = L.A_EVENT_SIDE
TLV, JERUSALEM = "Tel Aviv-Jaffa", "Jerusalem City"
TLV_HAIFA_RWY = "Tel Aviv-Haifa Railway"


def S(name):
    """A map space; in a Mass Detention decision, an Underground Cell from it."""
    return L.A_SPACE + board.space_index(name)


def ACTIVE(name):
    """Mass Detention decision: an Active Cell from the space."""
    return L.A_COUNT + board.space_index(name)


def COUNT(n):
    return L.A_COUNT + n - 1


def OP(op):
    return L.A_OP + op


def SA(sa):
    return L.A_SA + sa


def BOX(box):
    return L.A_BOX + box


def make(spaces, first, card=2, haganah=4, **kw):
    """``card`` just revealed, ``first`` to choose a box; the Haganah Track's
    pieces under its boxes above the marker (6.5.2), the rest Available."""
    rest = [c for c in range(1, 33) if c != card][:17]
    d = {"volume": "palestine", "spaces": spaces, "played_cards": [card], "undrawn_cards": rest + [33, 34, 35],
         "first_eligible": first, "haganah_track": haganah,
         "track_pieces": {"cells_box4": 2 if haganah < 4 else 0, "cache_box4": 1 if haganah < 4 else 0,
                          "cells_box3": 3 if haganah < 3 else 0}}
    d.update(kw)
    return Game.from_dict(d)


def spaces_of(g):
    return g.to_dict()["spaces"]


# ------------------------------------------------------ Mass Detention --

MD_POSITION = {TLV: {"troops": 3, "underground_cells": 2, "curfew": 1},
               "Lydda": {"troops": 2, "underground_cells": 1, "arms_caches": 1}}


def md_rolled_one():
    """British Assault with Mass Detention first in Tel Aviv-Jaffa; the die is a 1."""
    g = make(MD_POSITION, "british", political_will=10)
    play(g, BOX(L.BOX_OP_SA), OP(L.OP_ASSAULT))
    g.force_chance([0])
    play(g, SA(L.SA_MASS_DETENTION), S(TLV))
    return g


def test_4_2_3_british_choose_a_district_cell_to_open_an_arms_cache():
    """P-5: a roll of 1 against 3 Cells: the British choose the Cell, here
    Lydda's, the only one shielding its Arms Cache (3.2.4); the Assault that
    follows then takes the Arms Cache (+1 Political Will, a chit). Taking a
    City Cell first, as a fixed order would, leaves the Arms Cache shielded."""
    g = md_rolled_one()
    assert g.current_agent == "british" and g.phase == "Mass Detention: Cell to remove"
    assert legal(g) == {S(TLV), S("Lydda")}                   # Underground only; no Stop (3.1)
    assert g.action_name(S("Lydda")) == "Mass Detention: remove an Underground Cell from Lydda"
    assert g.to_dict()["political_will"] == 10                # the roll is answered by Cells
    play(g, S("Lydda"))
    assert g.phase == "choose a space" and g.to_dict()["prison"] == 1
    assert spaces_of(g)["Lydda"] == {"troops": 2, "arms_caches": 1}
    play(g, S("Lydda"), STOP)
    d = g.to_dict()
    assert spaces_of(g)["Lydda"] == {"troops": 2}
    assert d["political_will"] == 11 and len(d["intel_chits"]) == 1
    assert spaces_of(g)[TLV] == {"troops": 3, "underground_cells": 2, "curfew": 1}


def test_4_2_3_mass_detention_names_the_kind_where_both_are_present_and_unused_roll_costs_will():
    g = make({TLV: {"troops": 3, "underground_cells": 2, "active_cells": 1, "curfew": 1},
              "Lydda": {"underground_cells": 1}}, "british", political_will=10)
    play(g, BOX(L.BOX_OP_SA), OP(L.OP_SEARCH), S(TLV), STOP, STOP)   # no Troops moved; 3 cubes: 1 Activated
    assert spaces_of(g)[TLV] == {"troops": 3, "underground_cells": 1, "active_cells": 2, "curfew": 1}
    assert g.phase == "Special Activity after the Operation"
    g.force_chance([1])                                       # a 2 against 4 Cells
    play(g, SA(L.SA_MASS_DETENTION), S(TLV))
    assert legal(g) == {S(TLV), ACTIVE(TLV), S("Lydda")}
    assert g.action_name(ACTIVE(TLV)) == "Mass Detention: remove an Active Cell from Tel Aviv-Jaffa"
    play(g, ACTIVE(TLV))
    assert legal(g) == {S(TLV), ACTIVE(TLV), S("Lydda")}      # one Cell still owed
    play(g, S("Lydda"))
    d = g.to_dict()
    assert d["spaces"][TLV] == {"troops": 3, "underground_cells": 1, "active_cells": 1, "curfew": 1}
    assert "Lydda" not in d["spaces"]
    assert d["prison"] == 2 and d["political_will"] == 10 and g.current_agent == "irgun"
    # A roll above the Cells there: no question, every Cell goes, the rest off Political Will.
    g = make({TLV: {"troops": 3, "underground_cells": 1, "curfew": 1}, "Lydda": {"active_cells": 1}},
             "british", political_will=10)
    play(g, BOX(L.BOX_OP_SA), OP(L.OP_ASSAULT))
    g.force_chance([4])                                       # a 5 against 2 Cells
    play(g, SA(L.SA_MASS_DETENTION), S(TLV))
    d = g.to_dict()
    assert g.phase == "choose a space" and d["prison"] == 2 and d["political_will"] == 7
    assert "Lydda" not in d["spaces"] and d["context"]["mass_detention_left"] == 0


def test_4_2_3_british_bot_takes_the_cell_that_shields_an_arms_cache():
    g = md_rolled_one()
    assert choose(g, "heuristic") == S("Lydda")


# ---------------------------------------------------------------- Travel --

def test_3_3_2_a_cell_travels_once_not_again_from_the_space_it_reached():
    """P-9: a Cell from Samaria arrives Active on the Railway (1 + 3 cubes > 3).
    The Railway then Travels as an origin: only its own Underground Cell may
    move; the arrived Active Cell stays (it may not move twice)."""
    g = make({"Samaria": {"underground_cells": 1}, TLV_HAIFA_RWY: {"troops": 3, "underground_cells": 1}},
             "irgun")
    play(g, BOX(L.BOX_OP_SA), OP(L.OP_TRAVEL), S("Samaria"), S(TLV_HAIFA_RWY), COUNT(1))
    assert spaces_of(g)[TLV_HAIFA_RWY] == {"troops": 3, "underground_cells": 1, "active_cells": 1}
    assert S(TLV_HAIFA_RWY) in legal(g)                      # one Cell there has not moved yet
    play(g, S(TLV_HAIFA_RWY), S("Galilee"))
    assert legal(g) == {COUNT(1)}
    play(g, COUNT(1))
    assert spaces_of(g)[TLV_HAIFA_RWY] == {"troops": 3, "active_cells": 1}
    assert spaces_of(g)["Galilee"] == {"underground_cells": 1}
    assert g.phase == "choose a space" and S(TLV_HAIFA_RWY) not in legal(g)


def test_3_3_2_a_cell_travels_once_even_back_into_its_own_origin():
    """An Active Cell Travels back into its Curfew City and stays Active
    (1 + 3 cubes > 3); the next mover from that origin is the Cell that has
    not moved, the Underground one."""
    g = make({TLV: {"troops": 2, "police": 1, "curfew": 1, "active_cells": 1, "underground_cells": 1}}, "irgun")
    play(g, BOX(L.BOX_OP_SA), OP(L.OP_TRAVEL), S(TLV), S(TLV), COUNT(1))
    assert spaces_of(g)[TLV] == {"troops": 2, "police": 1, "curfew": 1, "active_cells": 1, "underground_cells": 1}
    play(g, S("Galilee"))
    assert legal(g) == {COUNT(1)}
    play(g, COUNT(1))
    assert spaces_of(g)[TLV] == {"troops": 2, "police": 1, "curfew": 1, "active_cells": 1}
    assert spaces_of(g)["Galilee"] == {"underground_cells": 1}
    moved = g.to_dict()["context"]
    assert moved["moved_here"][board.space_index(TLV)] == 1 and moved["moved_here_active"][board.space_index(TLV)] == 1


def test_3_3_2_pieces_moved_in_an_earlier_action_do_not_count_as_travelled():
    """The moves of a British Patrol (3.2.2) are over with its action: the
    Irgun may then Travel the Cell in the space the Police moved into."""
    g = make({"Galilee": {"underground_cells": 1}, "Haifa District": {"police": 1}}, "british")
    play(g, BOX(L.BOX_LIMITED), OP(L.OP_PATROL), S("Galilee"), STOP, S("Haifa District"), S("Galilee"), STOP)
    if g.phase == "Patrol: arrest space":
        play(g, S("Galilee"))
    assert g.current_agent == "irgun" and spaces_of(g)["Galilee"] == {"police": 1, "underground_cells": 1}
    play(g, BOX(L.BOX_OP_SA))
    assert OP(L.OP_TRAVEL) in legal(g)


# ------------------------------------------------------- Haganah Track --

def test_6_5_3_extra_space_stays_for_the_operation_after_terror_drops_the_track():
    """P-32: Sabotage at Haganah 4 may select 4 spaces. A Terror rolling 6 in
    the first space shifts the track to 3 (6.5.2 pieces back from Available);
    the Operation keeps its fourth space, as if all four had been selected
    first (3.1, the 8.0 example)."""
    spaces = {JERUSALEM: {"underground_cells": 1}, "Galilee": {"underground_cells": 1},
              "Samaria": {"underground_cells": 1}, "Gaza": {"underground_cells": 1}}
    g = make(spaces, "irgun")
    play(g, BOX(L.BOX_OP_SA), OP(L.OP_SABOTAGE))
    assert g.to_dict()["context"]["space_limit"] == 4
    play(g, S(JERUSALEM))
    assert g.phase == "Terror: declare in this City"
    g.force_chance([5, 3, 3])                                 # 6: two Terror markers; then 4, 4
    play(g, SA(L.SA_TERROR))
    d = g.to_dict()
    assert d["haganah_track"] == 3 and d["spaces"][JERUSALEM] == {"active_cells": 1, "terror": 2}
    assert d["track_pieces"] == {"cells_box4": 2, "cache_box4": 1, "cells_box3": 0}
    play(g, S("Galilee"), S("Samaria"))
    assert S("Gaza") in legal(g)                              # the fourth space is still there
    play(g, S("Gaza"))
    assert legal(g) == {STOP}
    play(g, STOP)
    assert spaces_of(g)["Gaza"]["active_cells"] == 1 and g.current_agent == "british"


# ------------------------------------------------- event Special Activity --

P26_POSITION = {TLV: {"underground_cells": 2, "police": 1}, "Galilee": {"underground_cells": 1}}


def test_p33_p26_declined_operation_takes_its_special_activity_with_it():
    """P26 by the Irgun: no Sabotage space, so no Special Activity (4.1)."""
    g = make(P26_POSITION, "irgun", card=26, haganah=3)
    play(g, UNSHADED)
    assert STOP in legal(g) and SA(L.SA_SILENCE) in legal(g)
    play(g, STOP)
    assert g.current_agent == "british" and g.phase == "choose a box"
    assert spaces_of(g) == P26_POSITION


def test_p33_p26_special_activity_first_commits_to_the_operation():
    g = make(P26_POSITION, "irgun", card=26, haganah=3)
    play(g, UNSHADED, SA(L.SA_SILENCE), S(TLV))
    assert spaces_of(g)[TLV] == {"underground_cells": 2}
    assert STOP not in legal(g) and {S(TLV), S("Galilee")} <= legal(g)   # a space is still possible
    g.force_chance([0])
    play(g, S("Galilee"))
    assert STOP in legal(g)
    play(g, STOP)
    assert g.current_agent == "british" and g.phase == "choose a box"


def test_p33_p14_no_search_no_mass_detention():
    """P14 unshaded: the British decline the Search (no City): Mass Detention,
    possible in Tel Aviv-Jaffa, does not follow."""
    position = {TLV: {"troops": 3, "underground_cells": 1, "curfew": 1}}
    g = make(position, "british", card=14)
    play(g, UNSHADED)
    assert g.phase == "choose a space" and STOP in legal(g)
    play(g, STOP)
    assert g.current_agent == "irgun" and g.phase == "choose a box"
    assert spaces_of(g) == position and g.to_dict()["prison"] == 0
