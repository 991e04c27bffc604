"""Palestine events P17-P32 (5.0-5.4, 9.0): one test (or more) per card text.

Each test builds a position with ``Game.from_dict`` where the text matters,
plays it through the public Game API and asserts the exact board, who makes
each choice (5.1), which choices may stop early ("up to" / "may"), and that
the card flow and eligibility (2.3) carry on. Capabilities (5.3) are checked
by playing the Operation, Special Activity or Propaganda step they change.
Readings of unclear texts: docs/rules_decisions.md P-15 onwards.
"""

import pytest

from britishway_env import Game
from britishway_env.errors import IllegalActionError
from britishway_env.volumes.boards.palestine import SPACE_NAMES
from britishway_env.volumes.palestine import layout as L

from palestine_helpers import legal, play

UNSHADED, SHADED = L.A_EVENT_SIDE, L.A_EVENT_SIDE + 1
OPTION_A, OPTION_B = L.A_EVENT_SIDE, L.A_EVENT_SIDE + 1      # D_EVENT_OPTION answers
STOP = L.A_STOP
EXTRA = L.A_EXTRA
LIMITED_BOX, EVENT_BOX, OP_SA_BOX = L.BOX_LIMITED, L.BOX_EVENT, L.BOX_OP_SA

TLV, HAIFA, JERUSALEM = "Tel Aviv-Jaffa", "Haifa City", "Jerusalem City"
EGYPT_RWY, TLV_JER_RWY, TLV_HAIFA_RWY, SYRIA_RWY = (
    "Egypt-Tel Aviv Railway", "Tel Aviv-Jerusalem Railway", "Tel Aviv-Haifa Railway", "Haifa-Syria Railway")


def S(name):
    return L.A_SPACE + SPACE_NAMES.index(name)


def OP(op):
    return L.A_OP + op


def SA(sa):
    return L.A_SA + sa


def CHIT(value):
    return L.A_CHIT + value


def COUNT(n):
    return L.A_COUNT + n - 1


def BOX(box):
    return L.A_BOX + box


def PASS(box):
    return L.A_PASS + box


# A Haganah Track position with its box pieces where they belong (6.5.2, P-2).
TRACK_AT = {4: {}, 3: {"cells_box4": 2, "cache_box4": 1}, 2: {"cells_box4": 2, "cache_box4": 1, "cells_box3": 3},
            1: {"cells_box4": 2, "cache_box4": 1, "cells_box3": 3}, 0: {"cells_box4": 2, "cache_box4": 1, "cells_box3": 3}}


def make(card, spaces, nxt=None, haganah=4, **kw):
    """``card`` just revealed (the last played card), ``nxt`` the next cards
    to draw (default P1, or P2 when P1 is in play); the rest of the 21-card
    deck is filler with the three Propaganda cards at the bottom."""
    nxt = list(nxt) if nxt is not None else [1 if card != 1 else 2]
    props = [p for p in (33, 34, 35) if p not in nxt]
    rest = [c for c in range(1, 33) if c != card and c not in nxt]
    undrawn = nxt + rest[:20 - len(nxt) - len(props)] + props
    d = {"volume": "palestine", "spaces": spaces, "played_cards": [card], "undrawn_cards": undrawn,
         "haganah_track": haganah, "track_pieces": TRACK_AT[haganah]}
    d.update(kw)
    return Game.from_dict(d)


def board(g):
    d = g.to_dict()
    return {k: d[k] for k in ("spaces", "available", "prison", "political_will", "haganah_track", "intel_chits",
                              "capabilities", "track_pieces", "cells_out_of_game")}


def boxes(g):
    """Initiative Track boxes taken on this card: (British, Irgun), -1 none."""
    return tuple(g.to_dict()["context"]["box"])


def card_title(g):
    return g.to_dict()["card"]


def first_eligible(g):
    return L.FACTION_NAMES[g.to_dict()["context"]["first_eligible"]]


def assert_next_card(g, title, first):
    """Both factions acted: the next card is up and its 1st Eligible chooses a box (2.3.5, 2.3.6)."""
    assert card_title(g) == title
    assert g.phase == "choose a box"
    assert first_eligible(g) == first and g.current_agent == first
    assert boxes(g) == (-1, -1)


def event_offered(g):
    return {a for a in (UNSHADED, SHADED) if a in legal(g)}


def irgun_pass(g, box):
    """The Irgun Pass; they decline the one-space Rob a Pass allows (2.3.3)."""
    play(g, PASS(box))
    if g.phase == "Pass: Rob space":
        play(g, STOP)


def british_pass(g, box, chit_index=0):
    """The British Pass and draw an Intel Chit (2.3.3), the ``chit_index``-th in the bag."""
    g.force_chance([chit_index])
    play(g, PASS(box))


# =================================================================== P17 --

def test_p17_unshaded_terror_places_at_most_one_marker():
    """BEVINGRADS unshaded (P17): a Terror result of 6+ places one Terror
    marker, not two; the Haganah Track still shifts (P-21). Lasting (5.3)."""
    spaces = {TLV: {"underground_cells": 1}, JERUSALEM: {"underground_cells": 1}}
    g = make(17, spaces, first_eligible="british")
    assert event_offered(g) == {UNSHADED, SHADED}
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"P17": "unshaded"}
    # The Irgun, 2nd Eligible, may not take the Event box; they Sabotage with Terror.
    assert g.current_agent == "irgun" and g.phase == "choose a box"
    assert PASS(EVENT_BOX) not in legal(g) and not event_offered(g)
    play(g, BOX(OP_SA_BOX), OP(L.OP_SABOTAGE), S(TLV))
    assert g.phase == "Terror: declare in this City"
    g.force_chance([5])                                  # a 6
    play(g, SA(L.SA_TERROR))
    b = board(g)
    assert b["spaces"][TLV] == {"active_cells": 1, "terror": 1}
    assert b["haganah_track"] == 3                       # 6+: shift left as usual (P-21)
    assert b["track_pieces"] == {"cells_box4": 2, "cache_box4": 1, "cells_box3": 0}
    assert b["available"]["cells"] == 15 - 2 - 2 and b["available"]["arms_caches"] == 4
    play(g, STOP)
    # British in the Event box, Irgun in Op & SA: the British are 1st Eligible (2.3.5).
    assert_next_card(g, "P1 Operation Agatha", "british")
    assert board(g)["capabilities"] == {"P17": "unshaded"}


def test_p17_unshaded_does_not_touch_terror_below_six_nor_without_capability():
    """Control: a 5 places one Terror marker either way; without BEVINGRADS a 6 places two (4.3.3)."""
    for caps, face, terror in (({"P17": "unshaded"}, 4, 1), ({}, 5, 2), ({"P17": "shaded"}, 5, 2)):
        g = make(2, {TLV: {"underground_cells": 1}}, capabilities=caps)
        play(g, BOX(OP_SA_BOX), OP(L.OP_SABOTAGE), S(TLV))
        g.force_chance([face])
        play(g, SA(L.SA_TERROR))
        assert board(g)["spaces"][TLV] == {"active_cells": 1, "terror": terror}
        assert board(g)["haganah_track"] == (3 if face == 5 else 4)


def _search_three_cities(g):
    """British Op & SA: Search Haifa City, Tel Aviv-Jaffa (no chit) and
    Jerusalem City (discarding the 0 chit: one Cell per cube, no Curfew)."""
    play(g, BOX(OP_SA_BOX), OP(L.OP_SEARCH), S(HAIFA), S(TLV), S(JERUSALEM), STOP, STOP)
    assert g.phase == "Search: City activation"
    play(g, STOP, STOP, CHIT(0))
    assert g.phase == "Special Activity after the Operation"
    play(g, STOP)


P17_SEARCH = {HAIFA: {"troops": 3, "underground_cells": 2},
              TLV: {"troops": 4, "police": 2, "underground_cells": 3},
              JERUSALEM: {"troops": 2, "underground_cells": 3}}


def test_p17_shaded_city_search_without_chit_activates_one_cell_per_four_cubes():
    """BEVINGRADS shaded (P17): a City Search without a chit activates one
    Cell per 4 cubes (not 3, 3.2.3), still placing the Curfew; with a chit
    discarded it is still one per cube."""
    g = make(17, P17_SEARCH, intel_chits=[0], first_eligible="irgun")
    play(g, SHADED)
    assert board(g)["capabilities"] == {"P17": "shaded"}
    assert g.current_agent == "british"
    _search_three_cities(g)
    b = board(g)
    assert b["spaces"][HAIFA] == {"troops": 3, "underground_cells": 2, "curfew": 1}               # 3 // 4 = 0
    assert b["spaces"][TLV] == {"troops": 4, "police": 2, "underground_cells": 2, "active_cells": 1,
                                "curfew": 1}                                                     # 6 // 4 = 1
    assert b["spaces"][JERUSALEM] == {"troops": 2, "underground_cells": 1, "active_cells": 2}   # chit: 1 per cube
    assert b["intel_chits"] == []
    # Irgun (Event) left of British (Op & SA): the Irgun stay 1st Eligible.
    assert_next_card(g, "P1 Operation Agatha", "irgun")


def test_p17_shaded_control_without_capability_one_cell_per_three_cubes():
    g = make(2, P17_SEARCH, intel_chits=[0], first_eligible="british")
    _search_three_cities(g)
    b = board(g)
    assert b["spaces"][HAIFA]["active_cells"] == 1 and b["spaces"][TLV]["active_cells"] == 2
    assert b["spaces"][JERUSALEM]["active_cells"] == 2


# =================================================================== P18 --

P18_ASSAULT = {HAIFA: {"troops": 3, "active_cells": 2, "underground_cells": 2, "arms_caches": 1},
               "Lydda": {"troops": 2, "active_cells": 1, "arms_caches": 1}}


def _assault_haifa_and_lydda(g, chit_index=0):
    play(g, BOX(OP_SA_BOX), OP(L.OP_ASSAULT), S(HAIFA))
    g.force_chance([chit_index])                 # the chit an Arms Cache removal draws
    play(g, S("Lydda"), STOP)


def test_p18_unshaded_assault_removes_one_piece_per_troop_but_only_active_cells():
    """6TH AIRBORNE unshaded (P18): Assault removes one piece per Troop, not
    per two (3.2.4); without Intel still only Active Cells, and Underground
    Cells still shield Arms Caches (the card's tip). Lasting (5.3)."""
    g = make(18, P18_ASSAULT, first_eligible="british")
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"P18": "unshaded"}
    irgun_pass(g, OP_SA_BOX)
    assert_next_card(g, "P1 Operation Agatha", "british")
    _assault_haifa_and_lydda(g, chit_index=3)    # the 4th chit in the bag: the first of value 1
    b = board(g)
    # Haifa: 3 Troops remove both Active Cells; the Underground ones stay and keep the Arms Cache.
    assert b["spaces"][HAIFA] == {"troops": 3, "underground_cells": 2, "arms_caches": 1}
    # Lydda: 2 Troops remove the Active Cell and then the Arms Cache (+1 Political Will, a chit).
    assert b["spaces"]["Lydda"] == {"troops": 2}
    # Cells alternate Available / Prison over the Operation, Available first (P-7).
    assert b["available"]["cells"] == 15 - 5 + 2 and b["prison"] == 1
    assert b["available"]["arms_caches"] == 5 - 2 + 1
    assert b["political_will"] == 19 and b["intel_chits"] == [1]
    assert g.current_agent == "irgun" and g.phase == "choose a box"


def test_p18_unshaded_control_without_capability_one_piece_per_two_troops():
    g = make(2, P18_ASSAULT, first_eligible="british")
    _assault_haifa_and_lydda(g)
    b = board(g)
    assert b["spaces"][HAIFA] == {"troops": 3, "active_cells": 1, "underground_cells": 2, "arms_caches": 1}
    assert b["spaces"]["Lydda"] == {"troops": 2, "arms_caches": 1}
    assert b["political_will"] == 18 and b["intel_chits"] == []


def test_p18_unshaded_intel_buys_underground_cells_up_to_one_per_troop():
    """6TH AIRBORNE unshaded (P18) with Intel (3.2.4): 3 Troops may remove 3
    pieces, Underground Cells included when paid for."""
    spaces = {"Gaza": {"troops": 3, "underground_cells": 2, "arms_caches": 1}}
    g = make(2, spaces, intel_chits=[2], capabilities={"P18": "unshaded"}, first_eligible="british")
    play(g, BOX(OP_SA_BOX), OP(L.OP_ASSAULT), S("Gaza"))
    assert g.phase == "Assault: Intel to spend"
    g.force_chance([0])                      # the Arms Cache draws a 0 chit
    play(g, CHIT(2))
    b = board(g)
    assert b["spaces"]["Gaza"] == {"troops": 3}
    assert b["available"]["cells"] == 15 - 2 + 1 and b["prison"] == 1
    assert b["political_will"] == 19 and b["intel_chits"] == [0]


def test_p18_shaded_assault_and_mass_detention_send_cells_to_available():
    """6TH AIRBORNE shaded (P18): Cells removed by Assault (3.2.4) and Mass
    Detention (4.2.3) go to Available, never Prison; Patrol still to Prison."""
    spaces = {TLV: {"troops": 4, "active_cells": 3, "curfew": 1}, "Lydda": {"underground_cells": 1},
              "Galilee": {"police": 1, "active_cells": 1}}
    g = make(18, spaces, first_eligible="irgun")
    play(g, SHADED)
    assert board(g)["capabilities"] == {"P18": "shaded"}
    play(g, BOX(OP_SA_BOX), OP(L.OP_ASSAULT), S(TLV), STOP)
    b = board(g)
    assert b["spaces"][TLV] == {"troops": 4, "active_cells": 1, "curfew": 1}
    assert b["available"]["cells"] == 15 - 5 + 2 and b["prison"] == 0
    assert g.phase == "Special Activity after the Operation"
    play(g, SA(L.SA_MASS_DETENTION))
    g.force_chance([3])                      # a 4: the City's Cell, Lydda's Cell, 2 unused
    play(g, S(TLV))
    b = board(g)
    assert b["spaces"][TLV] == {"troops": 4, "curfew": 1} and "Lydda" not in b["spaces"]
    assert b["available"]["cells"] == 15 - 5 + 4 and b["prison"] == 0
    assert b["political_will"] == 16
    # Next card: Patrol's arrests still go to Prison (3.2.2).
    assert_next_card(g, "P1 Operation Agatha", "irgun")
    irgun_pass(g, LIMITED_BOX)
    play(g, BOX(OP_SA_BOX), OP(L.OP_PATROL), S("Galilee"), STOP, STOP, S("Galilee"), STOP)
    b = board(g)
    assert b["spaces"]["Galilee"] == {"police": 1} and b["prison"] == 1


def test_p18_shaded_control_without_capability_assault_alternates_to_prison():
    spaces = {TLV: {"troops": 4, "active_cells": 3, "curfew": 1}}
    g = make(2, spaces, first_eligible="british")
    play(g, BOX(OP_SA_BOX), OP(L.OP_ASSAULT), S(TLV), STOP)
    assert board(g)["prison"] == 1 and board(g)["available"]["cells"] == 15 - 3 + 1


# =================================================================== P19 --

def test_p19_unshaded_removes_up_to_two_cells_anywhere_and_an_arms_cache_for_will():
    """ROME EMBASSY BOMBING unshaded (P19): the executing British remove up to
    2 Cells from any combination of spaces (the tip), the same space twice
    included, then up to 1 Arms Cache for +1 Political Will (7.1)."""
    spaces = {"Galilee": {"underground_cells": 1, "active_cells": 1, "arms_caches": 1},
              "Samaria": {"underground_cells": 1}}
    g = make(19, spaces, first_eligible="british")
    play(g, UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose a space"
    assert legal(g) == {STOP, S("Galilee"), S("Samaria")}
    play(g, S("Galilee"))
    assert board(g)["spaces"]["Galilee"] == {"active_cells": 1, "arms_caches": 1}   # Underground first (P-16)
    assert legal(g) == {STOP, S("Galilee"), S("Samaria")}
    play(g, S("Galilee"))
    assert g.phase == "Event: choose a space" and legal(g) == {STOP, S("Galilee")}   # the Arms Cache
    play(g, S("Galilee"))
    b = board(g)
    assert "Galilee" not in b["spaces"] and b["spaces"]["Samaria"] == {"underground_cells": 1}
    assert b["available"]["cells"] == 15 - 1 and b["available"]["arms_caches"] == 5
    assert b["political_will"] == 19
    assert g.current_agent == "irgun" and g.phase == "choose a box" and boxes(g) == (EVENT_BOX, -1)


def test_p19_unshaded_may_stop_early_and_gains_will_only_with_an_arms_cache():
    spaces = {"Galilee": {"underground_cells": 2, "arms_caches": 1}}
    g = make(19, spaces, first_eligible="irgun", political_will=20)
    play(g, UNSHADED)                                # the Irgun execute: their choices (5.1)
    assert g.current_agent == "irgun"
    play(g, S("Galilee"), STOP)                      # one Cell only
    assert g.phase == "Event: choose a space" and STOP in legal(g)
    play(g, STOP)                                    # no Arms Cache
    b = board(g)
    assert b["spaces"]["Galilee"] == {"underground_cells": 1, "arms_caches": 1}
    assert b["political_will"] == 20
    assert g.current_agent == "british" and g.phase == "choose a box"
    # With Political Will at 20 the Arms Cache would give nothing more (5.1.1).
    g = make(19, spaces, first_eligible="british", political_will=20)
    play(g, UNSHADED, STOP, S("Galilee"))
    assert board(g)["political_will"] == 20 and "arms_caches" not in board(g)["spaces"]["Galilee"]


def test_p19_shaded_roll_above_two_lowers_will_by_two():
    """ROME EMBASSY BOMBING shaded (P19): a die; 3+ lowers Political Will by 2, never below 0 (5.1.1)."""
    for face, pw, after in ((2, 10, 8), (1, 10, 10), (5, 1, 0)):
        g = make(19, {}, first_eligible="irgun", political_will=pw)
        g.force_chance([face])
        play(g, SHADED)
        assert board(g)["political_will"] == after
        assert g.current_agent == "british" and g.phase == "choose a box"
    assert g.forced_chance_left() == []


# =================================================================== P20 --

def test_p20_unshaded_plus_two_if_no_railway_sabotaged():
    """INDIAN INDEPENDENCE unshaded (P20): +2 Political Will with no Sabotaged
    Railway (a District's Sabotage does not count), at most 20 (5.1.1)."""
    g = make(20, {"Galilee": {"sabotage": 1}}, first_eligible="british", political_will=19)
    play(g, UNSHADED)
    assert board(g)["political_will"] == 20
    g = make(20, {"Galilee": {"sabotage": 1}}, first_eligible="british", political_will=12)
    play(g, UNSHADED)
    assert board(g)["political_will"] == 14
    assert g.current_agent == "irgun" and boxes(g) == (EVENT_BOX, -1)
    # A Sabotaged Railway: the text can do nothing, so it is not offered (P-15).
    g = make(20, {EGYPT_RWY: {"sabotage": 1}}, first_eligible="british", political_will=12)
    assert event_offered(g) == {SHADED}
    with pytest.raises(IllegalActionError):
        g.apply(UNSHADED)


def test_p20_shaded_minus_two_one_less_with_ernest_bevin_unshaded():
    """INDIAN INDEPENDENCE shaded (P20, starred 5.4): -2 Political Will, -1
    with ERNEST BEVIN (P9) unshaded in play; never below 0."""
    for caps, pw, after in (({}, 12, 10), ({"P9": "unshaded"}, 12, 11), ({"P9": "shaded"}, 12, 10), ({}, 1, 0)):
        g = make(20, {}, first_eligible="irgun", political_will=pw, capabilities=caps)
        play(g, SHADED)
        assert board(g)["political_will"] == after
        assert g.current_agent == "british" and boxes(g) == (-1, EVENT_BOX)


# =================================================================== P21 --

def test_p21_unshaded_shift_left_refill_then_remove_up_to_two_cells():
    """UNITED RESISTANCE MOVEMENT unshaded (P21): the track shifts 3 -> 2 and
    the Irgun refill box 3 (Available first, then map Cells they choose,
    6.5.2); then the executing British remove up to 2 Cells to Available, on
    top of those (the tip), from one space or two."""
    spaces = {"Galilee": {"underground_cells": 2, "active_cells": 1}, "Samaria": {"underground_cells": 3},
              HAIFA: {"underground_cells": 2}}
    g = make(21, spaces, haganah=3, prison=4, first_eligible="british")
    assert board(g)["available"]["cells"] == 1
    play(g, UNSHADED)
    assert board(g)["haganah_track"] == 2
    assert g.current_agent == "irgun" and g.phase == "Haganah Track: piece to return"
    play(g, S("Galilee"), S("Galilee"))        # an Active Cell first (P-11), then an Underground one
    assert g.current_agent == "british" and g.phase == "Event: choose a space"
    assert STOP in legal(g)
    play(g, S("Samaria"), S("Samaria"))
    b = board(g)
    assert b["spaces"] == {"Galilee": {"underground_cells": 1}, "Samaria": {"underground_cells": 1},
                           HAIFA: {"underground_cells": 2}}
    assert b["track_pieces"] == {"cells_box4": 2, "cache_box4": 1, "cells_box3": 3}
    assert b["available"]["cells"] == 2 and b["prison"] == 4
    assert g.current_agent == "irgun" and g.phase == "choose a box"


def test_p21_unshaded_at_zero_only_removes_cells_and_may_stop():
    """5.1.3: at 0 the shift cannot happen; the removal still does; "up to": Stop."""
    g = make(21, {"Galilee": {"underground_cells": 2}}, haganah=0, first_eligible="irgun")
    play(g, UNSHADED)
    assert g.current_agent == "irgun" and legal(g) == {STOP, S("Galilee")}
    play(g, S("Galilee"), STOP)
    b = board(g)
    assert b["haganah_track"] == 0 and b["spaces"]["Galilee"] == {"underground_cells": 1}
    assert g.current_agent == "british" and g.phase == "choose a box"


def test_p21_shaded_shift_right_then_sabotage_at_each_railway():
    """UNITED RESISTANCE MOVEMENT shaded (P21): the track shifts 2 -> 3 (box
    3's Cells to Available, 6.5.2); then a free Sabotage in up to all four
    Railways, Underground Cell needed as usual, no other space, no Special
    Activity (P-29)."""
    spaces = {EGYPT_RWY: {"underground_cells": 1}, TLV_JER_RWY: {"underground_cells": 1},
              TLV_HAIFA_RWY: {"underground_cells": 1, "police": 1}, SYRIA_RWY: {"underground_cells": 2},
              "Galilee": {"underground_cells": 1}, TLV: {"underground_cells": 1}}
    g = make(21, spaces, haganah=2, first_eligible="irgun")
    play(g, SHADED)
    b = board(g)
    assert b["haganah_track"] == 3 and b["track_pieces"] == {"cells_box4": 2, "cache_box4": 1, "cells_box3": 0}
    assert b["available"]["cells"] == 15 - 7 - 2
    assert g.current_agent == "irgun" and g.phase == "choose a space"
    assert legal(g) == {STOP, S(EGYPT_RWY), S(TLV_JER_RWY), S(TLV_HAIFA_RWY), S(SYRIA_RWY)}
    g.force_chance([2, 1, 5, 0])         # rolls 3, 2, 6 (-1 Police), 1
    play(g, S(EGYPT_RWY), S(TLV_JER_RWY), S(TLV_HAIFA_RWY), S(SYRIA_RWY))
    assert legal(g) == {STOP}
    play(g, STOP)
    b = board(g)
    assert b["spaces"][EGYPT_RWY] == {"active_cells": 1, "sabotage": 1}
    assert b["spaces"][TLV_JER_RWY] == {"active_cells": 1}
    assert b["spaces"][TLV_HAIFA_RWY] == {"active_cells": 1, "police": 1, "sabotage": 1}
    assert b["spaces"][SYRIA_RWY] == {"active_cells": 1, "underground_cells": 1}
    assert b["spaces"]["Galilee"] == {"underground_cells": 1} and b["spaces"][TLV] == {"underground_cells": 1}
    assert g.current_agent == "british" and g.phase == "choose a box" and boxes(g) == (-1, EVENT_BOX)


def test_p21_shaded_executed_by_british_the_irgun_may_decline_the_sabotage():
    """P-18: the Irgun decide the Sabotage when the British execute the
    text; "may": they may select no space. At 4 the shift cannot happen (5.1.3)."""
    spaces = {EGYPT_RWY: {"underground_cells": 1}}
    g = make(21, spaces, haganah=4, first_eligible="british")
    play(g, SHADED)
    assert board(g)["haganah_track"] == 4
    assert g.current_agent == "irgun" and g.phase == "choose a space" and legal(g) == {STOP, S(EGYPT_RWY)}
    play(g, STOP)
    assert board(g)["spaces"] == spaces
    assert g.current_agent == "irgun" and g.phase == "choose a box" and boxes(g) == (EVENT_BOX, -1)


# =================================================================== P22 --

def test_p22_british_shift_left_then_draw_an_intel_chit():
    """JEWISH AGENCY (P22, one text): the executing faction picks the
    direction and the option (P-20); the British draw a chit (1.6.1)."""
    g = make(22, {"Galilee": {"underground_cells": 1}}, first_eligible="british")
    assert event_offered(g) == {UNSHADED}             # single text (P-15)
    play(g, UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose an option"
    assert legal(g) == {OPTION_A}                     # at 4 only a shift left is possible
    play(g, OPTION_A)
    b = board(g)
    assert b["haganah_track"] == 3 and b["track_pieces"]["cells_box4"] == 2
    assert b["available"]["cells"] == 15 - 1 - 2 and b["available"]["arms_caches"] == 4
    assert g.current_agent == "british" and legal(g) == {OPTION_A, OPTION_B}
    g.force_chance([4])                               # 0, 0, 0, 1, [1], 2...
    play(g, OPTION_B)
    assert board(g)["intel_chits"] == [1]
    assert g.current_agent == "irgun" and g.phase == "choose a box" and boxes(g) == (EVENT_BOX, -1)


def test_p22_irgun_shift_right_then_limited_operation_with_usual_extras():
    """JEWISH AGENCY (P22): shift right (3 -> 4 frees box 4's pieces), then an
    ordinary Irgun Limited Operation (P-17): one space, +1 at Haganah 4
    (6.5.3), Offensive open (2.3.7), no Special Activity (2.3.4)."""
    spaces = {TLV: {"underground_cells": 1}, "Galilee": {"underground_cells": 1, "arms_caches": 1},
              "Samaria": {"underground_cells": 1}}
    g = make(22, spaces, haganah=3, first_eligible="irgun")
    play(g, UNSHADED)
    assert legal(g) == {OPTION_A, OPTION_B}
    play(g, OPTION_B)
    b = board(g)
    assert b["haganah_track"] == 4 and b["track_pieces"] == {"cells_box4": 0, "cache_box4": 0, "cells_box3": 0}
    assert b["available"]["cells"] == 15 - 3 and b["available"]["arms_caches"] == 4
    play(g, OPTION_A)
    assert g.current_agent == "irgun" and g.phase == "Event: choose an Operation"
    assert STOP in legal(g) and OP(L.OP_RECRUIT) in legal(g) and OP(L.OP_ASSAULT) not in legal(g)
    play(g, OP(L.OP_RECRUIT), S(TLV))
    assert not any(L.A_SA <= a < L.A_SPACE for a in legal(g))
    play(g, S("Galilee"))
    assert g.phase == "Recruit: how many Cells"
    play(g, COUNT(2))
    assert EXTRA in legal(g)                  # Offensive: the Arms Cache in Galilee (no British there)
    assert not any(L.A_SPACE <= a < L.A_COUNT for a in legal(g))   # 2 spaces used
    play(g, STOP)
    b = board(g)
    assert b["spaces"][TLV] == {"underground_cells": 2}
    assert b["spaces"]["Galilee"] == {"underground_cells": 3, "arms_caches": 1}
    assert b["available"]["cells"] == 15 - 3 - 3
    assert g.current_agent == "british" and g.phase == "choose a box" and boxes(g) == (-1, EVENT_BOX)


def test_p22_british_choose_the_irgun_operation_which_the_irgun_may_decline():
    """P-20: the executing British may pick "Irgun may conduct a Limited
    Operation"; the Irgun then decide it and may conduct none. At 0 only a
    shift right is possible."""
    g = make(22, {TLV: {"underground_cells": 1}}, haganah=0, first_eligible="british")
    play(g, UNSHADED)
    assert legal(g) == {OPTION_B}
    play(g, OPTION_B)
    assert board(g)["haganah_track"] == 1
    play(g, OPTION_A)
    assert g.current_agent == "irgun" and g.phase == "Event: choose an Operation"
    play(g, STOP)
    assert board(g)["spaces"] == {TLV: {"underground_cells": 1}} and board(g)["intel_chits"] == []
    assert g.current_agent == "irgun" and g.phase == "choose a box" and boxes(g) == (EVENT_BOX, -1)


# =================================================================== P23 --

P23_PATROL = {"Galilee": {"police": 1, "active_cells": 2}, "Samaria": {"police": 2, "active_cells": 1,
                                                                         "underground_cells": 1}}


def test_p23_unshaded_patrol_may_arrest_in_two_selected_spaces():
    """ROAD MINES unshaded (P23): Patrol's arrests (3.2.2) may happen in up
    to 2 of its selected spaces, the second optional."""
    g = make(23, P23_PATROL, first_eligible="irgun")
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"P23": "unshaded"}
    play(g, BOX(OP_SA_BOX), OP(L.OP_PATROL), S("Galilee"), S("Samaria"), STOP, STOP)
    assert g.phase == "Patrol: arrest space" and legal(g) == {S("Galilee"), S("Samaria")}
    play(g, S("Galilee"))
    assert g.phase == "Patrol: arrest space" and legal(g) == {STOP, S("Samaria")}
    play(g, S("Samaria"))
    b = board(g)
    assert b["spaces"]["Galilee"] == {"police": 1, "active_cells": 1}
    assert b["spaces"]["Samaria"] == {"police": 2, "underground_cells": 1}     # no Intel: Active only
    assert b["prison"] == 2
    assert g.phase == "Special Activity after the Operation"
    play(g, STOP)
    assert_next_card(g, "P1 Operation Agatha", "irgun")


def test_p23_unshaded_second_space_optional_and_limited_patrol_needs_a_second_selected_space():
    """The tip: a Limited Patrol selects one space, so only Intelligence Lead (2.3.7) opens a second arrest."""
    g = make(2, P23_PATROL, capabilities={"P23": "unshaded"}, first_eligible="british")
    play(g, BOX(OP_SA_BOX), OP(L.OP_PATROL), S("Galilee"), S("Samaria"), STOP, STOP, S("Samaria"))
    assert legal(g) == {STOP, S("Galilee")}
    play(g, STOP)                                     # no second arrest
    assert board(g)["prison"] == 1 and g.phase == "Special Activity after the Operation"
    # Limited Patrol: one selected space, one arrest.
    g = make(2, P23_PATROL, capabilities={"P23": "unshaded"}, first_eligible="british")
    play(g, BOX(LIMITED_BOX), OP(L.OP_PATROL), S("Galilee"))
    assert EXTRA not in legal(g)
    play(g, STOP, STOP, S("Galilee"))
    assert board(g)["prison"] == 1 and g.current_agent == "irgun" and g.phase == "choose a box"
    # ... unless a chit adds a space.
    g = make(2, P23_PATROL, capabilities={"P23": "unshaded"}, intel_chits=[0], first_eligible="british")
    play(g, BOX(LIMITED_BOX), OP(L.OP_PATROL), S("Galilee"), EXTRA, CHIT(0), S("Samaria"), STOP, STOP,
         S("Galilee"), S("Samaria"))
    assert board(g)["prison"] == 2 and board(g)["intel_chits"] == []
    # Control: without the capability one arrest space ends the Patrol.
    g = make(2, P23_PATROL, first_eligible="british")
    play(g, BOX(OP_SA_BOX), OP(L.OP_PATROL), S("Galilee"), S("Samaria"), STOP, STOP, S("Galilee"))
    assert g.phase == "Special Activity after the Operation" and board(g)["prison"] == 1


def test_p23_shaded_patrol_into_sabotage_loses_a_police_on_one_to_three():
    """ROAD MINES shaded (P23): after Patrol's moves, each destination that
    received Police and holds a Sabotage marker rolls once; 1-3 sends one
    Police there to Available (P-22). No Police moved in: no roll."""
    spaces = {"Galilee": {"sabotage": 1, "active_cells": 1}, "Samaria": {"sabotage": 1, "active_cells": 1},
              "Lydda": {"sabotage": 1, "active_cells": 1, "police": 1}, "Gaza": {"active_cells": 1},
              HAIFA: {"police": 4}}
    g = make(23, spaces, first_eligible="irgun")
    play(g, SHADED)
    assert board(g)["capabilities"] == {"P23": "shaded"}
    play(g, BOX(OP_SA_BOX), OP(L.OP_PATROL), S("Galilee"), S("Samaria"), S("Lydda"), STOP)
    play(g, S(HAIFA), S("Galilee"), S(HAIFA), S("Galilee"), S(HAIFA), S("Samaria"))
    g.force_chance([1, 4, 0])                 # Galilee rolls 2 (hit), Samaria 5 (miss)
    play(g, STOP)
    assert g.forced_chance_left() == [0]      # Lydda (no Police moved in) did not roll
    b = board(g)
    assert b["spaces"]["Galilee"] == {"police": 1, "sabotage": 1, "active_cells": 1}
    assert b["spaces"]["Samaria"] == {"police": 1, "sabotage": 1, "active_cells": 1}
    assert b["spaces"]["Lydda"] == {"police": 1, "sabotage": 1, "active_cells": 1}
    assert b["spaces"][HAIFA] == {"police": 1} and b["available"]["police"] == 2
    assert g.phase == "Patrol: arrest space"
    play(g, S("Galilee"))
    assert board(g)["prison"] == 1 and g.phase == "Special Activity after the Operation"
    # Control: the same moves without the capability lose no Police.
    g = make(2, spaces, first_eligible="british")
    play(g, BOX(OP_SA_BOX), OP(L.OP_PATROL), S("Galilee"), S("Samaria"), S("Lydda"), STOP)
    g.force_chance([0])
    play(g, S(HAIFA), S("Galilee"), S(HAIFA), S("Samaria"), STOP)
    assert g.forced_chance_left() == [0] and board(g)["available"]["police"] == 1


# =================================================================== P24 --

def test_p24_unshaded_plus_one_per_terror_marker_at_most_three():
    """SERGEANTS AFFAIR unshaded (P24): +1 Political Will per Terror marker, at most +3, at most 20."""
    terror = {TLV: {"terror": 2}, JERUSALEM: {"terror": 1}, "Galilee": {"terror": 1}}
    for spaces, pw, after in ((terror, 10, 13), ({TLV: {"terror": 2}}, 10, 12), (terror, 19, 20)):
        g = make(24, spaces, first_eligible="british", political_will=pw)
        play(g, UNSHADED)
        assert board(g)["political_will"] == after and board(g)["spaces"] == spaces
        assert g.current_agent == "irgun" and g.phase == "choose a box"
    g = make(24, {TLV: {"sabotage": 2}}, first_eligible="british")
    assert not event_offered(g)                        # no Terror: nothing to do (P-15)


def test_p24_shaded_minus_one_per_terror_marker_at_most_three():
    """SERGEANTS AFFAIR shaded (P24): -1 per Terror marker, at most -3, never below 0 (not starred)."""
    terror = {TLV: {"terror": 2}, JERUSALEM: {"terror": 2}}
    for spaces, pw, caps, after in ((terror, 10, {}, 7), ({TLV: {"terror": 2}}, 10, {}, 8),
                                    (terror, 2, {}, 0), (terror, 10, {"P9": "unshaded"}, 7)):
        g = make(24, spaces, first_eligible="irgun", political_will=pw, capabilities=caps)
        play(g, SHADED)
        assert board(g)["political_will"] == after
        assert g.current_agent == "british" and g.phase == "choose a box"


# =================================================================== P25 --

def test_p25_unshaded_assault_arms_cache_gives_two_will_and_two_chits():
    """MENACHEM BEGIN unshaded (P25): each Arms Cache Assault removes gives
    +2 Political Will and 2 Intel Chits instead of +1 and 1 (3.2.4, the tip)."""
    spaces = {"Gaza": {"troops": 4, "arms_caches": 2}}
    g = make(25, spaces, first_eligible="irgun", political_will=10)
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"P25": "unshaded"}
    play(g, BOX(OP_SA_BOX), OP(L.OP_ASSAULT))
    g.force_chance([0, 0, 0, 0])               # 0, 0, 0, then the first 1
    play(g, S("Gaza"), STOP)
    b = board(g)
    assert b["spaces"]["Gaza"] == {"troops": 4} and b["available"]["arms_caches"] == 5
    assert b["political_will"] == 14 and b["intel_chits"] == [0, 0, 0, 1]
    assert_next_card(g, "P1 Operation Agatha", "irgun")
    # Control: without the capability +1 and one chit per Arms Cache.
    g = make(2, spaces, first_eligible="british", political_will=10)
    play(g, BOX(OP_SA_BOX), OP(L.OP_ASSAULT))
    g.force_chance([0, 0])
    play(g, S("Gaza"), STOP)
    assert board(g)["political_will"] == 12 and board(g)["intel_chits"] == [0, 0]


def test_p25_unshaded_removal_by_an_event_is_not_an_assault():
    """MENACHEM BEGIN unshaded names Assault only: P19's Arms Cache still gives +1 and no chit."""
    g = make(19, {"Gaza": {"arms_caches": 1}}, first_eligible="british", political_will=10,
             capabilities={"P25": "unshaded"})
    play(g, UNSHADED, S("Gaza"))
    assert board(g)["political_will"] == 11 and board(g)["intel_chits"] == []


P25_PROPAGANDIZE = {TLV: {"troops": 1, "underground_cells": 2, "curfew": 1},
                    JERUSALEM: {"police": 1, "active_cells": 1, "curfew": 1},
                    "Galilee": {"arms_caches": 1}}


def test_p25_shaded_propagandize_lowers_will_by_two_per_space():
    """MENACHEM BEGIN shaded (P25): Propagandize (4.3.2) lowers Political Will by 2 per City, not 1."""
    g = make(25, P25_PROPAGANDIZE, first_eligible="british", political_will=10)
    play(g, SHADED)
    assert board(g)["capabilities"] == {"P25": "shaded"}
    play(g, BOX(OP_SA_BOX), OP(L.OP_RECRUIT), SA(L.SA_PROPAGANDIZE), S(TLV))
    assert board(g)["political_will"] == 8
    play(g, S(JERUSALEM))
    b = board(g)
    assert b["political_will"] == 6
    assert b["spaces"][TLV] == {"troops": 1, "underground_cells": 1, "active_cells": 1, "curfew": 1}
    assert b["spaces"][JERUSALEM] == {"police": 1, "active_cells": 1, "curfew": 1}
    play(g, S("Galilee"), COUNT(2), STOP)
    assert board(g)["spaces"]["Galilee"] == {"underground_cells": 2, "arms_caches": 1}
    assert_next_card(g, "P1 Operation Agatha", "british")


def test_p25_shaded_control_and_will_floor():
    g = make(2, P25_PROPAGANDIZE, first_eligible="irgun", political_will=10)
    play(g, BOX(OP_SA_BOX), OP(L.OP_RECRUIT), SA(L.SA_PROPAGANDIZE), S(TLV), S(JERUSALEM))
    assert board(g)["political_will"] == 8
    g = make(2, P25_PROPAGANDIZE, first_eligible="irgun", political_will=3, capabilities={"P25": "shaded"})
    play(g, BOX(OP_SA_BOX), OP(L.OP_RECRUIT), SA(L.SA_PROPAGANDIZE), S(TLV), S(JERUSALEM))
    assert board(g)["political_will"] == 0                               # 1.8: never below 0


def test_p25_shaded_leaves_the_propaganda_round_alone():
    """MENACHEM BEGIN shaded (P25) doubles "Propaganda" per selected space:
    that is the Propagandize Special Activity (4.3.2; the Example of Play does
    so, 8.0), the only Irgun action selecting spaces to lower Political Will.
    The Propaganda Round's Political Will Phase (6.1) selects none and is the
    same with or without it (rules decision P-36)."""
    spaces = {TLV: {"troops": 1, "underground_cells": 1, "curfew": 1, "sabotage": 1},
              JERUSALEM: {"police": 1, "active_cells": 1, "curfew": 1}}
    after = []
    for caps in ({}, {"P25": "shaded"}):
        g = make(2, spaces, nxt=[35], capabilities=caps, political_will=10)
        play(g, PASS(LIMITED_BOX), STOP, PASS(EVENT_BOX))      # the Irgun Pass without Rob; then the British
        assert g.to_dict()["card"] == "P35 Propaganda!" and g.phase == "Expropriations: Rob space"
        after.append(board(g)["political_will"])
    assert after[0] == after[1] == 12


# =================================================================== P26 --

def test_p26_irgun_sabotage_in_up_to_three_spaces_with_a_valid_special_activity():
    """VETERANS OF WWII (P26) by the Irgun: a free Sabotage in up to 3 spaces
    (no Haganah or Offensive extra space, P-17) and one Special Activity
    valid for Sabotage, at any time (P-23, P-30, 4.1). Eligibility: only the
    Event box (4.1)."""
    spaces = {TLV: {"underground_cells": 2, "police": 1}, "Galilee": {"underground_cells": 1},
              "Samaria": {"underground_cells": 1}, "Lydda": {"underground_cells": 1},
              "Gaza": {"underground_cells": 1, "arms_caches": 1}}
    g = make(26, spaces, first_eligible="irgun", haganah=4)
    play(g, UNSHADED)
    assert g.current_agent == "irgun" and g.phase == "choose a space"
    assert legal(g) == {STOP, S(TLV), S("Galilee"), S("Samaria"), S("Lydda"), S("Gaza"), SA(L.SA_SILENCE)}
    play(g, SA(L.SA_SILENCE), S(TLV))
    assert board(g)["spaces"][TLV] == {"underground_cells": 2}
    g.force_chance([2, 0, 5])
    play(g, S(TLV))                       # a City, but the Special Activity is used: no Terror
    play(g, S("Galilee"), S("Samaria"))
    assert legal(g) == {STOP}             # 3 spaces: no 4th at Haganah 4, no Offensive
    play(g, STOP)
    b = board(g)
    assert b["spaces"][TLV] == {"underground_cells": 1, "active_cells": 1, "sabotage": 1}
    assert b["spaces"]["Galilee"] == {"active_cells": 1}
    assert b["spaces"]["Samaria"] == {"active_cells": 1, "sabotage": 1}
    assert b["available"]["police"] == 6 and b["haganah_track"] == 4
    assert g.current_agent == "british" and g.phase == "choose a box" and boxes(g) == (-1, EVENT_BOX)
    assert {BOX(LIMITED_BOX), BOX(OP_SA_BOX)} <= legal(g)


def test_p26_irgun_may_declare_terror_as_the_special_activity():
    g = make(26, {JERUSALEM: {"underground_cells": 1}, "Galilee": {"underground_cells": 1}},
             first_eligible="british")
    assert not event_offered(g)           # British would Assault (P-23): nothing to Assault here (P-15)
    g = make(26, {JERUSALEM: {"underground_cells": 1}, "Galilee": {"underground_cells": 1}},
             first_eligible="irgun", haganah=3)
    play(g, UNSHADED, S(JERUSALEM))
    assert g.phase == "Terror: declare in this City"
    g.force_chance([5, 3])
    play(g, SA(L.SA_TERROR))
    b = board(g)
    assert b["spaces"][JERUSALEM] == {"active_cells": 1, "terror": 2} and b["haganah_track"] == 2
    play(g, S("Galilee"))
    assert board(g)["spaces"]["Galilee"] == {"active_cells": 1, "sabotage": 1}
    assert legal(g) == {STOP}             # no second Special Activity
    play(g, STOP)
    assert g.current_agent == "british" and g.phase == "choose a box"


def test_p26_british_assault_in_up_to_three_spaces_with_mass_detention_only():
    """VETERANS OF WWII (P26) by the British: a free Assault in up to 3
    spaces (no Intelligence Lead) and only Mass Detention, the one Special
    Activity valid with Assault (the tip, 4.2)."""
    spaces = {TLV: {"troops": 3, "active_cells": 2, "curfew": 1}, "Lydda": {"active_cells": 1},
              HAIFA: {"troops": 2, "active_cells": 1}, "Galilee": {"troops": 2, "active_cells": 1},
              "Gaza": {"troops": 2, "active_cells": 1}, "Samaria": {"troops": 2, "active_cells": 1},
              "Jerusalem District": {"troops": 1, "police": 1}}
    g = make(26, spaces, first_eligible="british", intel_chits=[0], political_will=10)
    play(g, UNSHADED)
    assert g.current_agent == "british" and g.phase == "choose a space"
    assert SA(L.SA_MASS_DETENTION) in legal(g) and STOP in legal(g)
    assert not {SA(L.SA_NEGOTIATE), SA(L.SA_RESTORE)} & legal(g)
    g.force_chance([2])
    play(g, SA(L.SA_MASS_DETENTION), S(TLV))   # a 3: TLV's 2 Cells and Lydda's to Prison
    assert board(g)["prison"] == 3 and board(g)["political_will"] == 10
    assert S(TLV) not in legal(g)
    play(g, S(HAIFA), S("Galilee"), S("Gaza"))
    assert legal(g) == {STOP}             # 3 spaces, no Intelligence Lead (P-17)
    play(g, STOP)
    b = board(g)
    for name in (HAIFA, "Galilee", "Gaza"):
        assert b["spaces"][name] == {"troops": 2}
    assert b["spaces"]["Samaria"] == {"troops": 2, "active_cells": 1}
    assert b["prison"] == 4 and b["available"]["cells"] == 15 - 7 + 2 and b["intel_chits"] == [0]
    assert g.current_agent == "irgun" and g.phase == "choose a box" and boxes(g) == (EVENT_BOX, -1)


# =================================================================== P27 --

P27_SEARCH = {name: {"troops": 2, "underground_cells": 1} for name in ("Galilee", "Samaria", "Lydda", "Gaza")}
P27_SEARCH["Jerusalem District"] = {"troops": 2, "underground_cells": 1}


def test_p27_unshaded_british_operation_in_up_to_four_spaces():
    """AMERICAN LOANS unshaded (P27): the British may conduct one Operation in
    up to 4 spaces: not 2 with ERNEST BEVIN shaded, no Intelligence Lead 5th
    (P-17), no Special Activity; eligibility: only the Event box (4.1)."""
    g = make(27, P27_SEARCH, first_eligible="british", intel_chits=[1], capabilities={"P9": "shaded"})
    play(g, UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose an Operation"
    assert legal(g) == {STOP, OP(L.OP_DEPLOY), OP(L.OP_PATROL), OP(L.OP_SEARCH), OP(L.OP_ASSAULT)}
    play(g, OP(L.OP_SEARCH), S("Galilee"), S("Samaria"), S("Lydda"))
    assert not any(L.A_SA <= a < L.A_SPACE for a in legal(g))
    play(g, S("Gaza"))
    assert legal(g) == {STOP}
    play(g, STOP, STOP)
    b = board(g)
    for name in ("Galilee", "Samaria", "Lydda", "Gaza"):
        assert b["spaces"][name] == {"troops": 2, "active_cells": 1}
    assert b["spaces"]["Jerusalem District"] == {"troops": 2, "underground_cells": 1}
    assert b["intel_chits"] == [1]
    assert g.current_agent == "irgun" and g.phase == "choose a box" and boxes(g) == (EVENT_BOX, -1)
    irgun_pass(g, LIMITED_BOX)
    assert_next_card(g, "P1 Operation Agatha", "irgun")


def test_p27_unshaded_british_decide_even_when_the_irgun_execute_and_may_decline():
    """5.1: the text names Britain, so the British choose the Operation; "may": none."""
    g = make(27, P27_SEARCH, first_eligible="irgun")
    play(g, UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose an Operation"
    play(g, STOP)
    assert board(g)["spaces"] == P27_SEARCH
    assert g.current_agent == "british" and g.phase == "choose a box" and boxes(g) == (-1, EVENT_BOX)


def _must_pass_only(g):
    """The British may only Pass, in any box the Irgun did not take."""
    other = boxes(g)[1]
    assert legal(g) == {PASS(b) for b in range(3) if b != other}


def test_p27_shaded_will_minus_one_and_british_pass_next_card_without_intel():
    """AMERICAN LOANS shaded (P27, starred): -1 Political Will; on the next
    card the British may only Pass, draw no chit, and their cylinder still
    counts for eligibility (the tip, 2.3.5)."""
    g = make(27, {"Galilee": {"troops": 2, "underground_cells": 1}}, nxt=[1, 2], first_eligible="irgun",
             political_will=10)
    play(g, SHADED)
    assert board(g)["political_will"] == 9
    # This card is not affected: the British act normally now.
    assert g.current_agent == "british" and BOX(OP_SA_BOX) in legal(g)
    british_pass(g, OP_SA_BOX, chit_index=0)
    assert board(g)["intel_chits"] == [0]
    assert_next_card(g, "P1 Operation Agatha", "irgun")
    irgun_pass(g, OP_SA_BOX)
    assert g.current_agent == "british"
    _must_pass_only(g)
    g.force_chance([8])
    play(g, PASS(LIMITED_BOX))
    assert board(g)["intel_chits"] == [0] and g.forced_chance_left() == [8]
    # British in the Limited Op box: 1st Eligible on the next card.
    assert_next_card(g, "P2 Exodus Affair", "british")
    assert BOX(OP_SA_BOX) in legal(g) and g.to_dict()["context"]["british_must_pass"] == 0


def test_p27_shaded_with_ernest_bevin_loses_no_will_but_still_passes_first_eligible():
    """Starred (5.4): -1 less with ERNEST BEVIN unshaded, i.e. none; the Pass stays."""
    g = make(27, {"Galilee": {"troops": 2, "underground_cells": 1}}, nxt=[1, 2], first_eligible="irgun",
             political_will=10, capabilities={"P9": "unshaded"})
    irgun_pass(g, OP_SA_BOX)
    play(g, SHADED)                                   # the British execute it themselves
    assert board(g)["political_will"] == 10
    assert_next_card(g, "P1 Operation Agatha", "british")
    _must_pass_only(g)
    assert not event_offered(g)
    play(g, PASS(EVENT_BOX))
    assert board(g)["intel_chits"] == []
    assert g.current_agent == "irgun" and legal(g) >= {BOX(LIMITED_BOX), BOX(OP_SA_BOX)}
    play(g, BOX(LIMITED_BOX), OP(L.OP_TRAVEL), S("Galilee"), STOP, STOP)
    assert_next_card(g, "P2 Exodus Affair", "irgun")
    irgun_pass(g, OP_SA_BOX)
    assert BOX(LIMITED_BOX) in legal(g)


def through_propaganda(g, until=None):
    """Decline every optional step of the Propaganda Round (6.2, 6.3), the
    lowest chit where a discard is due, up to the next card's box (or ``until``)."""
    while g.phase not in ("choose a box", until):
        acts = g.legal_actions()
        g.apply(STOP if STOP in acts else acts[0])


def test_p27_shaded_pass_falls_on_the_next_event_card_after_a_propaganda_card():
    """P-24: the next card is a Propaganda card (no Initiative Track): the
    British Pass on the event card after it; their 6.2.2 draw is not a Pass."""
    g = make(27, {"Galilee": {"troops": 2, "underground_cells": 1}}, nxt=[33, 1], first_eligible="irgun",
             political_will=10)
    play(g, SHADED)
    british_pass(g, OP_SA_BOX, chit_index=0)
    assert card_title(g) == "P33 Propaganda!"
    through_propaganda(g)
    assert card_title(g) == "P1 Operation Agatha" and first_eligible(g) == "irgun"    # Reset (6.4)
    chits = board(g)["intel_chits"]
    irgun_pass(g, LIMITED_BOX)
    _must_pass_only(g)
    play(g, PASS(EVENT_BOX))
    assert board(g)["intel_chits"] == chits
    assert card_title(g) != "P1 Operation Agatha" and g.to_dict()["context"]["british_must_pass"] == 0


# =================================================================== P28 --

def test_p28_unshaded_one_chit_per_space_with_police_and_cells():
    """CID unshaded (P28): one random chit (1.6.1) per space holding both Police and Cells."""
    spaces = {"Galilee": {"police": 1, "underground_cells": 1}, "Samaria": {"police": 2, "active_cells": 1},
              HAIFA: {"police": 1, "underground_cells": 1, "troops": 1}, TLV: {"police": 1},
              "Lydda": {"underground_cells": 1}}
    g = make(28, spaces, first_eligible="irgun")
    g.force_chance([0, 3, 6])                 # a 0; then the first 1; then a 2 (bag by value)
    play(g, UNSHADED)
    assert board(g)["intel_chits"] == [0, 1, 2] and board(g)["spaces"] == spaces
    assert g.current_agent == "british" and g.phase == "choose a box"
    # No space with both: not offered (P-15); an empty bag likewise.
    assert not event_offered(make(28, {"Galilee": {"police": 1}, "Lydda": {"underground_cells": 1}}))
    g = make(28, spaces, intel_chits=[0, 0, 0, 1, 1, 1, 2, 2], first_eligible="british")
    play(g, UNSHADED)                         # one chit left in the bag: implement what can (5.1.3)
    assert board(g)["intel_chits"] == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_p28_shaded_sabotage_in_a_police_space_removes_its_police_if_successful():
    """CID shaded (P28): the Irgun may Sabotage (3.3.3) in one space with
    Police; a successful roll also sends every Police there to Available
    (P-31). No Terror, no Special Activity."""
    spaces = {"Samaria": {"police": 2, "underground_cells": 1}, "Galilee": {"underground_cells": 1},
              HAIFA: {"police": 1, "underground_cells": 1}}
    g = make(28, spaces, first_eligible="british")
    assert event_offered(g) == {UNSHADED, SHADED}
    play(g, SHADED)
    assert g.current_agent == "irgun" and g.phase == "choose a space"
    assert legal(g) == {STOP, S("Samaria"), S(HAIFA)}
    g.force_chance([5])                       # 6 - 2 Police = 4
    play(g, S("Samaria"))
    assert legal(g) == {STOP}
    play(g, STOP)
    b = board(g)
    assert b["spaces"]["Samaria"] == {"active_cells": 1, "sabotage": 1}
    assert b["available"]["police"] == 6 - 1
    assert g.current_agent == "irgun" and g.phase == "choose a box" and boxes(g) == (EVENT_BOX, -1)
    # A City: no Terror declaration; a failed roll keeps the Police.
    g = make(28, spaces, first_eligible="irgun")
    g.force_chance([2])                       # 3 - 1 = 2: no Sabotage
    play(g, SHADED, S(HAIFA))
    assert g.phase == "choose a space"
    play(g, STOP)
    assert board(g)["spaces"][HAIFA] == {"police": 1, "active_cells": 1}
    # The Irgun may decline.
    g = make(28, spaces, first_eligible="irgun")
    play(g, SHADED, STOP)
    assert board(g)["spaces"] == spaces and g.current_agent == "british"


# =================================================================== P29 --

def test_p29_unshaded_at_reset_british_remove_a_cell_per_curfew_space():
    """CURFEWS unshaded (P29): at the start of the Reset Phase (6.4), before
    the markers go, the British remove one Cell to Available per space with
    a Curfew, from any map spaces (the tip, P-25), the same one twice too;
    mandatory. Then the Reset as usual."""
    spaces = {TLV: {"troops": 2, "underground_cells": 1, "curfew": 1},
              JERUSALEM: {"troops": 1, "curfew": 1}, "Galilee": {"underground_cells": 2, "active_cells": 1}}
    g = make(29, spaces, nxt=[33, 1], first_eligible="british", prison=3)
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"P29": "unshaded"}
    irgun_pass(g, OP_SA_BOX)
    assert card_title(g) == "P33 Propaganda!"
    through_propaganda(g, until="Event: choose a space")
    assert g.current_agent == "british" and card_title(g) == "P33 Propaganda!"
    assert STOP not in legal(g) and legal(g) == {S(TLV), S("Galilee")}
    b = board(g)
    assert b["spaces"][TLV]["curfew"] == 1 and b["spaces"][JERUSALEM]["curfew"] == 1   # not yet Reset
    available = b["available"]["cells"]
    play(g, S("Galilee"), S("Galilee"))
    b = board(g)
    assert b["spaces"][TLV] == {"troops": 2, "underground_cells": 1}
    assert b["spaces"][JERUSALEM] == {"troops": 1}
    assert b["spaces"]["Galilee"] == {"underground_cells": 1}      # and Reset flipped it Underground
    assert b["available"]["cells"] == available + 2 + 1 and b["prison"] == 2   # + half of Prison (6.4)
    assert_next_card(g, "P1 Operation Agatha", "irgun")


def test_p29_unshaded_without_curfew_or_cells_nothing_to_do():
    """5.1.3: fewer Cells than Curfews: what can be removed is; no Curfew: no step at all."""
    spaces = {TLV: {"troops": 2, "underground_cells": 1, "curfew": 1}, JERUSALEM: {"troops": 1, "curfew": 1}}
    g = make(2, spaces, nxt=[33, 1], first_eligible="irgun", capabilities={"P29": "unshaded"})
    irgun_pass(g, LIMITED_BOX)
    british_pass(g, OP_SA_BOX)
    through_propaganda(g, until="Event: choose a space")
    assert legal(g) == {S(TLV)}
    play(g, S(TLV))
    assert board(g)["spaces"] == {TLV: {"troops": 2}, JERUSALEM: {"troops": 1}}
    assert_next_card(g, "P1 Operation Agatha", "irgun")
    g = make(2, {TLV: {"troops": 2, "underground_cells": 1}}, nxt=[33, 1], first_eligible="irgun",
             capabilities={"P29": "unshaded"})
    irgun_pass(g, LIMITED_BOX)
    british_pass(g, OP_SA_BOX)
    through_propaganda(g, until="Event: choose a space")
    assert card_title(g) == "P1 Operation Agatha" and board(g)["spaces"][TLV] == {"troops": 2, "underground_cells": 1}


def test_p29_shaded_at_reset_irgun_may_place_a_cell_per_curfew_space_anywhere():
    """CURFEWS shaded (P29): at the start of Reset the Irgun may place up to
    one Available Cell per Curfew space, in any map spaces (Railways too,
    the tip, P-25); "up to": they may stop."""
    spaces = {TLV: {"troops": 2, "curfew": 1}, JERUSALEM: {"troops": 1, "curfew": 1},
              HAIFA: {"police": 1, "curfew": 1}}
    g = make(29, spaces, nxt=[33, 1], first_eligible="irgun")
    play(g, SHADED)
    assert board(g)["capabilities"] == {"P29": "shaded"}
    british_pass(g, OP_SA_BOX)
    through_propaganda(g, until="Event: choose a space")
    assert g.current_agent == "irgun" and STOP in legal(g) and len(legal(g)) == 1 + 13
    available = board(g)["available"]["cells"]
    play(g, S(EGYPT_RWY), S(EGYPT_RWY))
    assert g.current_agent == "irgun" and STOP in legal(g)
    play(g, STOP)
    b = board(g)
    assert b["spaces"][EGYPT_RWY] == {"underground_cells": 2}
    assert b["available"]["cells"] == available - 2
    assert not any("curfew" in p for p in b["spaces"].values())
    assert_next_card(g, "P1 Operation Agatha", "irgun")


# =================================================================== P30 --

P30_SPACES = {"Galilee": {"police": 1, "underground_cells": 2}, "Samaria": {"police": 1, "active_cells": 1},
              "Lydda": {"police": 1, "underground_cells": 1, "active_cells": 1}, "Gaza": {"police": 1,
                                                                                         "underground_cells": 1},
              HAIFA: {"underground_cells": 2}}


def test_p30_unshaded_one_cell_from_each_of_up_to_three_police_spaces():
    """ROY FARRAN unshaded (P30): one Cell to Available from each of up to 3
    different spaces with Police (British: Underground first, P-16)."""
    g = make(30, P30_SPACES, first_eligible="british")
    play(g, UNSHADED)
    assert g.current_agent == "british"
    assert legal(g) == {STOP, S("Galilee"), S("Samaria"), S("Lydda"), S("Gaza")}
    play(g, S("Galilee"))
    assert legal(g) == {STOP, S("Samaria"), S("Lydda"), S("Gaza")}          # each space once
    play(g, S("Samaria"), S("Lydda"))
    b = board(g)
    assert b["spaces"]["Galilee"] == {"police": 1, "underground_cells": 1}
    assert b["spaces"]["Samaria"] == {"police": 1}
    assert b["spaces"]["Lydda"] == {"police": 1, "active_cells": 1}
    assert b["spaces"]["Gaza"] == P30_SPACES["Gaza"] and b["spaces"][HAIFA] == P30_SPACES[HAIFA]
    assert b["available"]["cells"] == 15 - 8 + 3 and b["prison"] == 0
    assert g.current_agent == "irgun" and g.phase == "choose a box"


def test_p30_unshaded_irgun_executing_choose_and_may_stop():
    g = make(30, P30_SPACES, first_eligible="irgun")
    play(g, UNSHADED)
    assert g.current_agent == "irgun"
    play(g, S("Lydda"), STOP)                                      # Active first for the Irgun (P-16)
    assert board(g)["spaces"]["Lydda"] == {"police": 1, "underground_cells": 1}
    assert g.current_agent == "british" and g.phase == "choose a box"


def test_p30_shaded_remove_two_police_then_will_minus_one():
    """ROY FARRAN shaded (P30): two Police to Available (any spaces, P-28),
    mandatory; then -1 Political Will (not starred); what can be, is (5.1.3)."""
    spaces = {"Galilee": {"police": 2}, "Samaria": {"police": 1, "underground_cells": 1}}
    g = make(30, spaces, first_eligible="irgun", political_will=10, capabilities={"P9": "unshaded"})
    play(g, SHADED)
    assert g.current_agent == "irgun" and legal(g) == {S("Galilee"), S("Samaria")}
    play(g, S("Galilee"))
    assert legal(g) == {S("Galilee"), S("Samaria")}
    play(g, S("Galilee"))
    b = board(g)
    assert b["spaces"] == {"Samaria": {"police": 1, "underground_cells": 1}}
    assert b["available"]["police"] == 5 and b["political_will"] == 9
    assert g.current_agent == "british" and g.phase == "choose a box"
    # One Police on the map: it goes, and the Political Will loss still happens.
    g = make(30, {"Galilee": {"police": 1}}, first_eligible="british", political_will=10)
    play(g, SHADED, S("Galilee"))
    assert board(g)["spaces"] == {} and board(g)["political_will"] == 9
    # No Police, Political Will 0: nothing to do, not offered (P-15).
    assert event_offered(make(30, {}, political_will=0)) == set()
    g = make(30, {"Galilee": {"police": 1}}, first_eligible="british", political_will=0)
    play(g, SHADED, S("Galilee"))
    assert board(g)["political_will"] == 0


# =================================================================== P31 --

def test_p31_unshaded_one_cell_from_a_troops_space_to_prison():
    """DOV GRUNER unshaded (P31): a Cell from one space with Troops to
    Prison; mandatory (no Stop); the executing faction chooses (P-16)."""
    spaces = {"Galilee": {"troops": 1, "underground_cells": 1, "active_cells": 1},
              "Samaria": {"underground_cells": 1}, TLV: {"troops": 2, "police": 1}}
    g = make(31, spaces, first_eligible="british")
    play(g, UNSHADED)
    assert g.current_agent == "british" and legal(g) == {S("Galilee")}
    play(g, S("Galilee"))
    b = board(g)
    assert b["spaces"]["Galilee"] == {"troops": 1, "active_cells": 1} and b["prison"] == 1
    assert b["spaces"]["Samaria"] == {"underground_cells": 1}
    assert g.current_agent == "irgun" and g.phase == "choose a box"
    g = make(31, spaces, first_eligible="irgun")
    play(g, UNSHADED, S("Galilee"))
    assert board(g)["spaces"]["Galilee"] == {"troops": 1, "underground_cells": 1} and board(g)["prison"] == 1
    # No space with both Troops and a Cell: only the shaded text can act (P-15).
    assert event_offered(make(31, {"Samaria": {"underground_cells": 1}, TLV: {"troops": 1}})) == {SHADED}


def test_p31_shaded_place_up_to_three_cells_total_in_cities_or_districts():
    """DOV GRUNER shaded (P31): up to 3 Cells (Underground, 1.4.3) in total,
    in any Cities or Districts (the same one more than once), none on
    Railways, from Available only (5.1.1)."""
    g = make(31, {}, first_eligible="irgun")
    play(g, SHADED)
    names = [n for n in SPACE_NAMES[:13] if "Railway" not in n]
    assert legal(g) == {STOP} | {S(n) for n in names}
    play(g, S(TLV), S(TLV))
    assert S(TLV) in legal(g)
    play(g, S("Galilee"))
    b = board(g)
    assert b["spaces"] == {TLV: {"underground_cells": 2}, "Galilee": {"underground_cells": 1}}
    assert b["available"]["cells"] == 12
    assert g.current_agent == "british" and g.phase == "choose a box"
    # Two Available: only two can be placed; may stop after one.
    g = make(31, {"Samaria": {"underground_cells": 13}}, first_eligible="british")
    play(g, SHADED, S(JERUSALEM), S(JERUSALEM))
    assert board(g)["spaces"][JERUSALEM] == {"underground_cells": 2} and board(g)["available"]["cells"] == 0
    assert g.current_agent == "irgun" and g.phase == "choose a box"
    g = make(31, {}, first_eligible="irgun")
    play(g, SHADED, S("Gaza"), STOP)
    assert board(g)["spaces"] == {"Gaza": {"underground_cells": 1}}


# =================================================================== P32 --

def test_p32_unshaded_sabotage_natural_one_removes_the_activated_cell():
    """WEAPON FACTORIES unshaded (P32): a Sabotage die showing 1 sends the
    Activated Cell to Available, even when an Arms Cache makes the roll
    succeed; a 2 does not. Lasting (5.3)."""
    spaces = {"Galilee": {"underground_cells": 1}, "Samaria": {"underground_cells": 1},
              "Lydda": {"underground_cells": 1, "arms_caches": 1}}
    g = make(32, spaces, first_eligible="british")
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"P32": "unshaded"}
    g.force_chance([0, 1, 0])
    play(g, BOX(OP_SA_BOX), OP(L.OP_SABOTAGE), S("Galilee"), S("Samaria"))
    assert g.phase == "Sabotage: Arms Cache to spend"
    play(g, STOP, S("Lydda"), S("Lydda"), STOP)
    b = board(g)
    assert "Galilee" not in b["spaces"]
    assert b["spaces"]["Samaria"] == {"active_cells": 1}
    assert b["spaces"]["Lydda"] == {"sabotage": 1}                 # 1 + 2 = 3: placed, Cell lost
    assert b["available"]["cells"] == 15 - 3 + 2 and b["available"]["arms_caches"] == 5
    # No Special Activity was possible: the card ends, British (Event) 1st Eligible.
    assert_next_card(g, "P1 Operation Agatha", "british")


def test_p32_unshaded_a_terror_roll_of_one_removes_the_activated_cell():
    """WEAPON FACTORIES unshaded (P32) reads the die itself ("rolls a 1",
    before any modifier, P-35), in every Irgun Sabotage: Terror is a Sabotage
    with its own markers (4.3.3), so its natural 1 removes the Activated Cell
    too; no marker (1 is not above 2)."""
    g = make(2, {TLV: {"underground_cells": 2}}, capabilities={"P32": "unshaded"})
    play(g, BOX(OP_SA_BOX), OP(L.OP_SABOTAGE), S(TLV))
    assert g.phase == "Terror: declare in this City"
    g.force_chance([0])
    play(g, SA(L.SA_TERROR))
    b = board(g)
    assert b["spaces"][TLV] == {"underground_cells": 1}
    assert b["available"]["cells"] == 15 - 2 + 1 and b["haganah_track"] == 4


def test_p32_shaded_rob_always_places_an_arms_cache_also_pass_and_expropriations():
    """WEAPON FACTORIES shaded (P32): Rob (3.3.4) rolls no die and places an
    Arms Cache (stacking and Available still apply, 1.4.2), including the
    Pass Rob (2.3.3) and Expropriations (6.2.1)."""
    spaces = {"Galilee": {"underground_cells": 2, "police": 1}, "Samaria": {"underground_cells": 1},
              "Lydda": {"underground_cells": 1, "arms_caches": 2}, "Gaza": {"underground_cells": 1}}
    g = make(32, spaces, nxt=[1, 33], first_eligible="irgun")
    play(g, SHADED)
    assert board(g)["capabilities"] == {"P32": "shaded"}
    british_pass(g, OP_SA_BOX, chit_index=0)
    assert_next_card(g, "P1 Operation Agatha", "irgun")
    g.force_chance([0])                                  # a 1, were a die rolled
    play(g, PASS(LIMITED_BOX), S("Gaza"))
    assert g.forced_chance_left() == [0]
    assert board(g)["spaces"]["Gaza"] == {"underground_cells": 1, "arms_caches": 1}
    british_pass(g, OP_SA_BOX, chit_index=0)            # draws with the queued 0: one 0 left
    assert card_title(g) == "P33 Propaganda!" and g.phase == "Expropriations: Rob space"
    assert g.current_agent == "irgun"
    play(g, S("Galilee"))
    b = board(g)
    assert b["spaces"]["Galilee"] == {"underground_cells": 1, "active_cells": 1, "police": 1, "arms_caches": 1}
    assert g.forced_chance_left() == [0] and b["available"]["arms_caches"] == 5 - 2 - 2


def test_p32_shaded_rob_operation_no_roll_but_stacking_and_available_limits():
    spaces = {"Galilee": {"underground_cells": 2, "police": 1}, "Samaria": {"underground_cells": 1},
              "Lydda": {"underground_cells": 1, "arms_caches": 2}, "Gaza": {"underground_cells": 1,
                                                                          "arms_caches": 1},
              "Jerusalem City": {"arms_caches": 1}}     # (at Haganah 4 no piece waits on the track, 6.5.2)
    g = make(2, spaces, first_eligible="irgun", capabilities={"P32": "shaded"},
             available={"troops": 12, "police": 5, "cells": 10, "arms_caches": 1})
    g.force_chance([0, 0, 0])
    play(g, BOX(OP_SA_BOX), OP(L.OP_ROB), S("Lydda"), S("Galilee"), S("Samaria"), STOP)
    assert g.forced_chance_left() == [0, 0, 0]
    b = board(g)
    assert b["spaces"]["Lydda"] == {"underground_cells": 1, "arms_caches": 2}      # stacking: none added
    assert b["spaces"]["Galilee"] == {"underground_cells": 1, "active_cells": 1, "police": 1, "arms_caches": 1}
    assert b["spaces"]["Samaria"] == {"underground_cells": 1}                       # none Available any more
    assert b["available"]["arms_caches"] == 0


def test_p26_single_text_only_its_one_text_is_offered():
    """VETERANS OF WWII has one text (9.0), like P4 and P22: no shaded side
    to execute (P-15: single-text cards offer their one text only)."""
    spaces = {"Galilee": {"underground_cells": 1, "troops": 2}}
    for first in ("irgun", "british"):
        g = make(26, spaces, first_eligible=first)
        assert event_offered(g) == {UNSHADED}
        with pytest.raises(IllegalActionError):
            g.apply(SHADED)
