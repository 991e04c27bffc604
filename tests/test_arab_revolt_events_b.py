"""Arab Revolt events A17-A32 and the Munich Propaganda card A34 (5.0-5.4,
6.0, 9.0): one test (or more) per card text.

Each test builds a position with the card revealed, executes the text from
the Event box and asserts the exact board afterwards: the spaces, the pools
(Available, Prison, Out of Play, TEGART FORTS' card), both chit pools,
Political Will and the Unity Track. Besides the plain effect the tests check
who makes each choice (5.1: the faction the text names, else the executing
faction), which choices may stop early ("may", "up to") and which may not,
Available-only placement (5.1.1), rolls that succeed and fail (forced dice),
and the Capabilities (5.3) where they change a later Operation, Special
Activity or Propaganda Round. The Mandatory A24 (5.4) is revealed by
playing out the card before it; A34 by playing out a card and its round.

Forced chance (engine/coin/chits.py): a die is forced 0-based (face - 1); a
chit drawn from a cup is forced by its index in the cup, kind by kind
(Operations chits 1s, then 2s, then 3s; Punishment chits Detain, Demolish,
Fine). Forced values are used in the order the game rolls and draws. Where
the Rebels choose a box second they first draw two Operations chits (2.3.4):
forcing two 1s makes them select the 1 at once.
Readings of unclear texts: docs/design/arab_revolt_decisions.md.
"""

from arab_revolt_helpers import (
    DEMOLISH, DETAIN, FINE, LIMITED_BOX, OP_SA_BOX, OPTION_1, OPTION_2, PASS_EVENT, PASS_LIMITED, PASS_OP_SA,
    SHADED, STOP, TRACK, UNSHADED, alt, count, legal, make, op, ops_chit, play, sa, space, spaces_legal,
)

NEXT = "A32 Aerial Policing"           # the card make() reveals next (A31 when A32 is in play)
TWO_ONES = [0, 0]                      # the Rebels draw two 1 chits and select the 1 at once (2.3.4)
TWO_THREES = [6, 6]                    # ... two 3 chits (a full cup: 1s at 0-2, 2s at 3-5, 3s at 6-8)
EMPTY_CHITS = {"held": [], "drawn": [], "set_aside": [], "in_play": None}
CITIES = {"Haifa City", "Tel Aviv-Jaffa", "Jerusalem City"}


def board(g):
    """Everything an event can change, from the state dict."""
    d = g.to_dict()
    return {k: d[k] for k in ("spaces", "available", "prison", "political_will", "unity_track", "out_of_play_troops",
                              "police_on_tegart_forts", "transjordan_egypt_in_play", "operations_chits",
                              "punishment_chits", "capabilities")}


def avail(troops=15, police=9, irregulars=6, guerrillas=15, bases=5):
    return {"troops": troops, "police": police, "irregulars": irregulars, "guerrillas": guerrillas, "bases": bases}


def ops_chits(in_play=None, set_aside=(), held=()):
    return {"held": list(held), "drawn": [], "set_aside": list(set_aside), "in_play": in_play, "coordinate_bonus": 0}


def pun_chits(set_aside=(), held=()):
    return {"held": list(held), "drawn": [], "set_aside": list(set_aside), "in_play": None}


def offered(g):
    """The event texts the faction choosing a box may execute."""
    return {a for a in (UNSHADED, SHADED) if a in legal(g)}


def assert_box(g, agent, card):
    """``agent`` now chooses a box with ``card`` in play (2.3.2)."""
    assert g.to_dict()["card"] == card
    assert g.phase == "choose a box" and g.current_agent == agent


def deck(played, upcoming):
    """``undrawn_cards`` for a game that has played ``played``: ``upcoming``
    first, then other events, then the Propaganda cards not yet seen; 21 cards
    in all (2.1)."""
    seen = set(played) | set(upcoming)
    props = [c for c in (33, 34, 35) if c not in seen]
    n = 21 - len(played) - len(upcoming) - len(props)
    events = [c for c in range(32, 0, -1) if c not in seen and c not in (11, 24)][:n]
    return list(upcoming) + events + props


def moves(src, dst, n):
    """``n`` single-Troop moves from ``src`` to ``dst``."""
    return [space(src), space(dst)] * n


# =================================================================== A17 --

def test_a17_unshaded_removes_a_guerrilla_from_each_space_with_an_underground_irregular():
    """REVISIONIST TERROR unshaded (A17): one Guerrilla goes to Available from
    each space holding an Underground Irregular (Galilee, Lydda, Haifa City);
    Samaria's Irregular is Active and Gaza has no Guerrilla."""
    spaces = {"Galilee": {"underground_irregulars": 1, "underground_guerrillas": 2},
              "Lydda": {"police": 1, "underground_irregulars": 1, "active_guerrillas": 2},
              "Haifa City": {"underground_irregulars": 1, "active_guerrillas": 1},
              "Samaria": {"active_irregulars": 1, "underground_guerrillas": 2},
              "Gaza": {"underground_irregulars": 1}}
    g = make(17, spaces, forced_chance=TWO_ONES)
    assert offered(g) == {UNSHADED, SHADED}
    play(g, UNSHADED)
    b = board(g)
    assert b["spaces"] == {
        "Galilee": {"underground_irregulars": 1, "underground_guerrillas": 1},
        "Lydda": {"police": 1, "underground_irregulars": 1, "active_guerrillas": 1},
        "Haifa City": {"underground_irregulars": 1},
        "Samaria": {"active_irregulars": 1, "underground_guerrillas": 2},
        "Gaza": {"underground_irregulars": 1},
    }
    assert b["available"] == avail(police=8, irregulars=1, guerrillas=11)
    assert b["prison"] == {"guerrillas": 0, "bases": 0}
    assert b["political_will"] == 10 and b["unity_track"] == 2
    assert_box(g, "rebels", "A17 Revisionist Terror")


def test_a17_unshaded_not_offered_without_a_guerrilla_beside_an_underground_irregular():
    """A17 unshaded can do nothing when no space holds both an Underground
    Irregular and a Guerrilla (5.1.3: not offered); the shaded text still can."""
    g = make(17, {"Samaria": {"active_irregulars": 1, "underground_guerrillas": 2},
                  "Gaza": {"underground_irregulars": 1}})
    assert offered(g) == {SHADED}


def test_a17_shaded_rebels_sabotage_with_up_to_three_underground_irregulars():
    """REVISIONIST TERROR shaded (A17): the Rebels Sabotage (3.3.3) with
    Underground Irregulars as if Guerrillas, each space once (3.1), three at
    most: the Irregular turns Active (the tip), a District or City gains
    Opposition, a Railway a Sabotage marker; the Guerrilla in Galilee is not
    touched; Gaza (a fourth space) is left."""
    spaces = {"Galilee": {"underground_irregulars": 1, "underground_guerrillas": 1},
              "Haifa City": {"police": 1, "underground_irregulars": 2},
              "Tel Aviv-Haifa Railway": {"underground_irregulars": 1},
              "Gaza": {"underground_irregulars": 1, "opposition": 1}}
    g = make(17, spaces, first="rebels", forced_chance=TWO_ONES)
    play(g, SHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "rebels"
    assert spaces_legal(g) == {"Galilee", "Haifa City", "Tel Aviv-Haifa Railway", "Gaza"} and STOP in legal(g)
    play(g, space("Haifa City"))
    assert spaces_legal(g) == {"Galilee", "Tel Aviv-Haifa Railway", "Gaza"}     # each space once
    play(g, space("Galilee"), space("Tel Aviv-Haifa Railway"))
    b = board(g)
    assert b["spaces"] == {
        "Galilee": {"active_irregulars": 1, "underground_guerrillas": 1, "opposition": 1},
        "Haifa City": {"police": 1, "underground_irregulars": 1, "active_irregulars": 1, "opposition": 1},
        "Tel Aviv-Haifa Railway": {"active_irregulars": 1, "sabotage": 1},
        "Gaza": {"underground_irregulars": 1, "opposition": 1},
    }
    assert b["available"] == avail(police=8, irregulars=1, guerrillas=14)
    assert b["operations_chits"] == ops_chits(set_aside=[1])
    assert_box(g, "british", "A17 Revisionist Terror")


def test_a17_shaded_executed_by_british_the_rebels_choose_and_may_stop():
    """A17 shaded executed by the British (5.2): the text names the Rebels,
    so they choose the spaces (5.1), and "may ... up to 3" lets them stop
    after one."""
    g = make(17, {"Samaria": {"underground_irregulars": 1}, "Lydda": {"underground_irregulars": 1}},
             forced_chance=TWO_ONES)
    play(g, SHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "rebels"
    play(g, space("Lydda"), STOP)
    b = board(g)
    assert b["spaces"] == {"Samaria": {"underground_irregulars": 1},
                           "Lydda": {"active_irregulars": 1, "opposition": 1}}
    assert b["available"] == avail(irregulars=4)
    assert_box(g, "rebels", "A17 Revisionist Terror")


# =================================================================== A18 --

def test_a18_unshaded_punish_then_selects_any_kind_from_the_cup():
    """PUNITIVE SEARCHES unshaded (A18, 5.3), executed by the Rebels: the
    British's Punish then selects its chit (1.7.1) instead of drawing two
    (4.2.1): all three kinds are offered, which no draw of two could give.
    Demolish in Lydda and Samaria: Opposition off, a Guerrilla placed (1.7.2)."""
    spaces = {"Samaria": {"troops": 2, "active_guerrillas": 1, "underground_guerrillas": 1},
              "Lydda": {"troops": 1, "opposition": 1}}
    g = make(18, spaces, first="rebels", forced_chance=TWO_ONES + TWO_ONES)
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"A18": "unshaded"}
    assert_box(g, "british", "A18 Punitive Searches")
    play(g, OP_SA_BOX, op("Assault"), space("Samaria"), STOP)     # 2 Troops: the one Active Guerrilla goes
    play(g, sa("Punish"))
    assert g.phase == "Punish: chit to use" and legal(g) == {DETAIN, DEMOLISH, FINE}
    play(g, DEMOLISH, space("Lydda"), space("Samaria"))
    b = board(g)
    assert b["spaces"] == {"Samaria": {"troops": 2, "underground_guerrillas": 2},
                           "Lydda": {"troops": 1, "underground_guerrillas": 1}}
    assert b["available"] == avail(troops=12, guerrillas=12)
    assert b["punishment_chits"] == pun_chits(set_aside=["Demolish"])
    assert b["operations_chits"] == ops_chits(in_play=1, set_aside=[1])
    assert_box(g, "rebels", NEXT)          # Rebels (Event) left of the British (Op & SA), 2.3.6


def test_a18_unshaded_selects_only_kinds_left_in_the_cup():
    """A18 unshaded selects from the chits in the cup (1.7.1): with both
    Detain chits set aside, Demolish and Fine are the choices."""
    g = make(19, {"Samaria": {"troops": 1, "active_guerrillas": 1}, "Lydda": {"troops": 1}},
             capabilities={"A18": "unshaded"}, punishment_chits={"set_aside": ["Detain", "Detain"]})
    play(g, OP_SA_BOX, op("Assault"), sa("Punish"))
    assert legal(g) == {DEMOLISH, FINE}
    play(g, FINE, space("Lydda"), STOP)                  # no Sabotage next to Lydda: Fine does nothing
    assert board(g)["punishment_chits"] == pun_chits(set_aside=["Detain", "Detain", "Fine"])


def test_a18_punish_without_the_capability_draws_two():
    """Control (4.2.1): without A18 unshaded Punish offers only the two chits
    drawn (Demolish and Fine)."""
    g = make(19, {"Samaria": {"troops": 1, "active_guerrillas": 1}}, capabilities={"A18": "shaded"},
             forced_chance=[2, 4])
    play(g, OP_SA_BOX, op("Assault"), sa("Punish"))
    assert legal(g) == {DEMOLISH, FINE}


def test_a18_shaded_each_sweep_space_gets_the_mobilization_of_a_drawn_chit():
    """PUNITIVE SEARCHES shaded (A18, 5.3), executed by the Rebels: after each
    Sweep space (3.2.3) the Rebels draw a Punishment chit, resolve only its
    Mobilization there and return it (the tip: Fine does nothing). Samaria
    draws Detain (Opposition), Jerusalem District Demolish (a Guerrilla),
    Haifa City Fine; the cup ends full again."""
    spaces = {"Samaria": {"troops": 2, "underground_guerrillas": 2},
              "Jerusalem District": {"troops": 2, "underground_guerrillas": 1},
              "Haifa City": {"troops": 2, "underground_guerrillas": 1}}
    g = make(18, spaces, first="rebels", forced_chance=TWO_ONES + [0, 2, 4] + TWO_ONES)
    play(g, SHADED)
    assert board(g)["capabilities"] == {"A18": "shaded"}
    play(g, OP_SA_BOX, op("Sweep"), space("Samaria"), space("Jerusalem District"), space("Haifa City"))
    play(g, STOP, STOP)                    # no more spaces; no Troop moves
    assert g.phase == "Special Activity after the Operation"
    b = board(g)
    assert b["spaces"] == {
        "Samaria": {"troops": 2, "underground_guerrillas": 1, "active_guerrillas": 1, "opposition": 1},
        "Jerusalem District": {"troops": 2, "underground_guerrillas": 1, "active_guerrillas": 1},
        "Haifa City": {"troops": 2, "active_guerrillas": 1},
    }
    assert b["available"] == avail(troops=9, guerrillas=10)
    assert b["punishment_chits"] == EMPTY_CHITS
    play(g, STOP)
    assert_box(g, "rebels", NEXT)


def test_a18_shaded_demolish_mobilization_places_only_an_available_guerrilla():
    """A18 shaded: the Mobilization is a side effect of the British Sweep, so
    its Guerrilla comes from Available only (5.1.1; docs/design): with none
    Available the Demolish drawn places nothing and none is taken off the map."""
    spaces = {"Samaria": {"troops": 2, "underground_guerrillas": 1}, "Galilee": {"underground_guerrillas": 14}}
    g = make(19, spaces, capabilities={"A18": "shaded"}, forced_chance=[2])
    play(g, LIMITED_BOX, op("Sweep"), space("Samaria"), STOP)      # no Troop adjacent to move in
    assert g.current_agent == "rebels"
    b = board(g)
    assert b["spaces"] == {"Samaria": {"troops": 2, "active_guerrillas": 1},
                           "Galilee": {"underground_guerrillas": 14}}
    assert b["available"] == avail(troops=13, guerrillas=0)
    assert b["punishment_chits"] == EMPTY_CHITS


# =================================================================== A19 --

def test_a19_roll_above_the_opposition_spaces_raises_political_will():
    """LEAGUE OF NATIONS (A19, one text): a 3 beats 2 spaces with Opposition:
    Political Will +1."""
    spaces = {"Galilee": {"police": 1, "opposition": 1}, "Jerusalem City": {"troops": 1, "opposition": 1}}
    g = make(19, spaces, forced_chance=[2] + TWO_ONES)
    assert offered(g) == {UNSHADED}
    play(g, UNSHADED)
    b = board(g)
    assert b["political_will"] == 11
    assert b["spaces"] == spaces
    assert_box(g, "rebels", "A19 League of Nations")


def test_a19_roll_at_or_under_the_opposition_spaces_costs_two():
    """A19: a 2 against 2 spaces with Opposition is not greater: Political Will -2."""
    spaces = {"Galilee": {"police": 1, "opposition": 1}, "Jerusalem City": {"troops": 1, "opposition": 1}}
    g = make(19, spaces, forced_chance=[1] + TWO_ONES)
    play(g, UNSHADED)
    assert board(g)["political_will"] == 8


def test_a19_political_will_stays_between_0_and_20():
    """A19 within the track's bounds (1.10, 5.1.1): +1 at 20 stays 20; -2 at
    1 stops at 0, and the Rebels win only at a Political Will Phase (7.0.1)."""
    g = make(19, {"Lydda": {"police": 1}}, pw=20, forced_chance=[5])
    play(g, UNSHADED)
    assert board(g)["political_will"] == 20
    g = make(19, {"Lydda": {"police": 1, "opposition": 1}}, pw=1, forced_chance=[0])
    play(g, UNSHADED)
    assert board(g)["political_will"] == 0
    assert g.to_dict()["outcome"] == "ongoing"


# =================================================================== A20 --

BASES_2 = {"Galilee": {"bases": 1, "underground_guerrillas": 1}, "Syria": {"bases": 1, "underground_guerrillas": 1}}


def test_a20_unshaded_roll_above_the_bases_shifts_unity_toward_decentralized():
    """ARAB HIGHER COMMITTEE unshaded (A20): a 3 beats the 2 Bases on the map
    (Syria's counts, 8.0): Unity one step toward Decentralized."""
    g = make(20, BASES_2, forced_chance=[2] + TWO_ONES)
    play(g, UNSHADED)
    b = board(g)
    assert b["unity_track"] == 1 and b["political_will"] == 10
    assert b["spaces"] == BASES_2
    assert_box(g, "rebels", "A20 Arab Higher Committee")


def test_a20_unshaded_roll_at_or_under_the_bases_does_nothing():
    """A20 unshaded: a 2 against 2 Bases is not greater: Unity stays."""
    g = make(20, BASES_2, forced_chance=[1] + TWO_ONES)
    play(g, UNSHADED)
    assert board(g)["unity_track"] == 2


def test_a20_unshaded_at_decentralized_raises_political_will():
    """A20 unshaded at Decentralized: the shift becomes +1 Political Will (6.6.4, 7.1)."""
    g = make(20, BASES_2, unity=0, forced_chance=[5] + TWO_ONES)
    play(g, UNSHADED)
    b = board(g)
    assert b["unity_track"] == 0 and b["political_will"] == 11


def test_a20_unshaded_roll_modified_by_central_war_committee():
    """A20 unshaded with CENTRAL WAR COMMITTEE (A2; its tip names A20): +1
    turns a 2 into 3 > 2 Bases (shift); -1 turns a 3 into 2 (no shift)."""
    g = make(20, BASES_2, capabilities={"A2": "unshaded"}, forced_chance=[1] + TWO_ONES)
    play(g, UNSHADED)
    assert board(g)["unity_track"] == 1
    g = make(20, BASES_2, capabilities={"A2": "shaded"}, forced_chance=[2] + TWO_ONES)
    play(g, UNSHADED)
    assert board(g)["unity_track"] == 2


def test_a20_shaded_unity_two_steps_toward_centralized_and_a_chit_to_hold():
    """ARAB HIGHER COMMITTEE shaded (A20), executed by the Rebels: Unity 1 ->
    3 and an Operations chit drawn to hold (a 3: the 8th of the 8 in the cup
    after the 1 in play). The 1 in play is set aside after the turn (1.8.1)."""
    g = make(20, {"Galilee": {"underground_guerrillas": 1}}, first="rebels", unity=1, forced_chance=TWO_ONES + [7])
    play(g, SHADED)
    b = board(g)
    assert b["unity_track"] == 3
    assert b["operations_chits"] == ops_chits(set_aside=[1], held=[3])
    assert b["spaces"] == {"Galilee": {"underground_guerrillas": 1}}
    assert_box(g, "british", "A20 Arab Higher Committee")


def test_a20_shaded_unity_stops_at_centralized_and_the_held_chit_can_be_selected():
    """A20 shaded executed by the British: Unity 3 -> 4 (Centralized is the
    end, 6.6); the Rebels hold the 3 drawn and may select it instead of the
    1s they draw on their turn (1.8.1)."""
    g = make(20, {"Galilee": {"underground_guerrillas": 1}}, unity=3, forced_chance=[8] + TWO_ONES)
    play(g, SHADED)
    b = board(g)
    assert b["unity_track"] == 4
    assert g.phase == "select an Operations chit" and g.current_agent == "rebels"
    assert legal(g) == {ops_chit(1), ops_chit(3)}
    play(g, ops_chit(3))
    assert board(g)["operations_chits"] == ops_chits(in_play=3)


# =================================================================== A21 --

def test_a21_unshaded_opposition_off_two_spaces_with_active_guerrillas_then_unity():
    """CRIMINALS AND THUGS unshaded (A21), executed by the British: they
    choose 2 of the 3 spaces with Opposition and an Active Guerrilla (Lydda's
    Guerrilla is Underground); exactly 2, no stopping; then Unity one step
    toward Decentralized."""
    spaces = {"Galilee": {"active_guerrillas": 1, "opposition": 1},
              "Samaria": {"police": 1, "active_guerrillas": 1, "opposition": 1},
              "Haifa City": {"troops": 1, "active_guerrillas": 1, "opposition": 1},
              "Lydda": {"underground_guerrillas": 1, "opposition": 1}}
    g = make(21, spaces, forced_chance=TWO_ONES)
    play(g, UNSHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "british"
    assert spaces_legal(g) == {"Galilee", "Samaria", "Haifa City"} and STOP not in legal(g)
    play(g, space("Galilee"))
    assert spaces_legal(g) == {"Samaria", "Haifa City"} and STOP not in legal(g)
    play(g, space("Haifa City"))
    b = board(g)
    assert b["spaces"] == {"Galilee": {"active_guerrillas": 1},
                           "Samaria": {"police": 1, "active_guerrillas": 1, "opposition": 1},
                           "Haifa City": {"troops": 1, "active_guerrillas": 1},
                           "Lydda": {"underground_guerrillas": 1, "opposition": 1}}
    assert b["unity_track"] == 1 and b["political_will"] == 10
    assert_box(g, "rebels", "A21 \"Criminals and Thugs\"")


def test_a21_unshaded_one_space_only_and_at_decentralized_political_will():
    """A21 unshaded executed by the Rebels (they choose, 5.1): only Lydda
    qualifies, so only it loses Opposition (5.1.3); at Decentralized the
    Unity shift is +1 Political Will (6.6.4)."""
    spaces = {"Lydda": {"active_guerrillas": 1, "opposition": 1}, "Gaza": {"opposition": 1}}
    g = make(21, spaces, first="rebels", unity=0, forced_chance=TWO_ONES)
    play(g, UNSHADED)
    assert g.current_agent == "rebels" and spaces_legal(g) == {"Lydda"}
    play(g, space("Lydda"))
    b = board(g)
    assert b["spaces"] == {"Lydda": {"active_guerrillas": 1}, "Gaza": {"opposition": 1}}
    assert b["unity_track"] == 0 and b["political_will"] == 11
    assert_box(g, "british", "A21 \"Criminals and Thugs\"")


def test_a21_shaded_ambush_in_one_district_removing_an_irregular_adds_opposition():
    """CRIMINALS AND THUGS shaded (A21): the Rebels Ambush (3.3.4) in one
    District (Haifa City is a City: not offered); the Irregular removed adds
    Opposition to Galilee; one space only."""
    spaces = {"Galilee": {"underground_guerrillas": 1, "underground_irregulars": 1},
              "Samaria": {"underground_guerrillas": 1, "police": 1, "underground_irregulars": 1},
              "Haifa City": {"underground_guerrillas": 1, "police": 1}}
    g = make(21, spaces, first="rebels", forced_chance=TWO_ONES)
    play(g, SHADED)
    assert g.current_agent == "rebels"
    assert legal(g) == {STOP, space("Samaria"), alt("Galilee"), alt("Samaria")}
    play(g, alt("Galilee"))
    assert legal(g) == {STOP}
    play(g, STOP)
    b = board(g)
    assert b["spaces"] == {
        "Galilee": {"active_guerrillas": 1, "opposition": 1},
        "Samaria": {"underground_guerrillas": 1, "police": 1, "underground_irregulars": 1},
        "Haifa City": {"underground_guerrillas": 1, "police": 1},
    }
    assert b["available"] == avail(police=7, irregulars=5, guerrillas=12)
    assert b["political_will"] == 10
    assert_box(g, "british", "A21 \"Criminals and Thugs\"")


def test_a21_shaded_executed_by_british_a_police_removed_adds_no_opposition():
    """A21 shaded executed by the British: the Rebels Ambush (the text names
    them); removing a Police adds no Opposition."""
    g = make(21, {"Samaria": {"underground_guerrillas": 1, "police": 1, "underground_irregulars": 1}},
             forced_chance=TWO_ONES)
    play(g, SHADED)
    assert g.phase == "choose a space" and g.current_agent == "rebels"
    play(g, space("Samaria"), STOP)
    b = board(g)
    assert b["spaces"] == {"Samaria": {"active_guerrillas": 1, "underground_irregulars": 1}}
    assert b["available"] == avail(irregulars=5, guerrillas=14)
    assert_box(g, "rebels", "A21 \"Criminals and Thugs\"")


# =================================================================== A22 --

A22_CITIES = {"Haifa City": {"police": 1, "underground_guerrillas": 1},
              "Jerusalem City": {"troops": 1, "active_guerrillas": 1},
              "Tel Aviv-Jaffa": {"police": 1, "underground_guerrillas": 1, "curfew": 1},
              "Galilee": {"troops": 1, "underground_guerrillas": 1}}


def test_a22_unshaded_curfews_in_cities_then_punish_in_two_curfew_cities_without_troops():
    """DEMONSTRATIONS unshaded (A22): a Curfew in each City with British and
    Rebel pieces (Haifa City, Jerusalem City; Tel Aviv-Jaffa has one already,
    1.4.2; Galilee is a District), then the British Punish at once, without
    the option to decline, in two Cities with Curfews, Troops or not (Haifa
    City has only Police). Detain: each Guerrilla to Prison and Opposition
    (1.7.2)."""
    g = make(22, A22_CITIES, forced_chance=[0, 2] + TWO_ONES)
    play(g, UNSHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "british"
    assert spaces_legal(g) == {"Haifa City", "Jerusalem City"} and STOP not in legal(g)
    play(g, space("Haifa City"), space("Jerusalem City"))
    assert g.phase == "Punish: chit to use" and legal(g) == {DETAIN, DEMOLISH}    # no declining it
    play(g, DETAIN)
    assert spaces_legal(g) == {"Haifa City", "Tel Aviv-Jaffa", "Jerusalem City"} and STOP not in legal(g)
    play(g, space("Haifa City"), space("Jerusalem City"))
    b = board(g)
    assert b["spaces"] == {
        "Haifa City": {"police": 1, "opposition": 1, "curfew": 1},
        "Jerusalem City": {"troops": 1, "opposition": 1, "curfew": 1},
        "Tel Aviv-Jaffa": {"police": 1, "underground_guerrillas": 1, "curfew": 1},
        "Galilee": {"troops": 1, "underground_guerrillas": 1},
    }
    assert b["prison"] == {"guerrillas": 2, "bases": 0}
    assert b["available"] == avail(troops=13, police=7, guerrillas=11)
    assert b["punishment_chits"] == pun_chits(set_aside=["Detain"])
    assert_box(g, "rebels", "A22 Demonstrations")


def test_a22_unshaded_british_may_not_stop_after_one_curfew_city():
    """A22 unshaded (and its tip): the British Punish in two Cities with
    Curfews whenever two exist, so with a second one left they may not end
    the Punish after one City (5.1.3)."""
    g = make(22, A22_CITIES, forced_chance=[0, 2] + TWO_ONES)
    play(g, UNSHADED, space("Haifa City"), space("Jerusalem City"), DETAIN, space("Haifa City"))
    assert g.phase == "Special Activity: space"
    assert legal(g) == {space("Tel Aviv-Jaffa"), space("Jerusalem City")}


def test_a22_unshaded_short_of_curfews_the_executor_chooses_and_punish_takes_the_one_city():
    """A22 unshaded executed by the Rebels with one Curfew left (1.12): they
    choose its City (5.1); the British then Punish (the text names them) in
    the one City with a Curfew (two "if possible"). Two Demolish drawn: one
    used (a Guerrilla placed), one returned."""
    spaces = {"Galilee": {"troops": 1, "curfew": 1}, "Lydda": {"police": 1, "curfew": 1},
              "Haifa City": {"police": 1, "underground_guerrillas": 1},
              "Jerusalem City": {"troops": 1, "underground_guerrillas": 1}}
    g = make(22, spaces, first="rebels", forced_chance=TWO_ONES + [2, 2])
    play(g, UNSHADED)
    assert g.current_agent == "rebels" and spaces_legal(g) == {"Haifa City", "Jerusalem City"}
    play(g, space("Jerusalem City"))
    assert g.phase == "Special Activity: space" and g.current_agent == "british"
    assert spaces_legal(g) == {"Jerusalem City"}
    play(g, space("Jerusalem City"))
    b = board(g)
    assert b["spaces"] == {
        "Galilee": {"troops": 1, "curfew": 1}, "Lydda": {"police": 1, "curfew": 1},
        "Haifa City": {"police": 1, "underground_guerrillas": 1},
        "Jerusalem City": {"troops": 1, "underground_guerrillas": 2, "curfew": 1},
    }
    assert b["available"] == avail(troops=13, police=7, guerrillas=12)
    assert b["punishment_chits"] == pun_chits(set_aside=["Demolish"])
    assert_box(g, "british", "A22 Demonstrations")


def test_a22_shaded_opposition_spreads_to_the_district_next_to_each_opposed_city():
    """DEMONSTRATIONS shaded (A22): Haifa City and Jerusalem City have
    Opposition, so Haifa District and Jerusalem District gain it (each City
    touches one District); Tel Aviv-Jaffa has none, so Lydda does not."""
    spaces = {"Haifa City": {"police": 1, "opposition": 1}, "Jerusalem City": {"troops": 1, "opposition": 1},
              "Tel Aviv-Jaffa": {"police": 1}, "Lydda": {"underground_guerrillas": 1}}
    g = make(22, spaces, first="rebels", forced_chance=TWO_ONES)
    play(g, SHADED)
    b = board(g)
    assert b["spaces"] == {**spaces, "Haifa District": {"opposition": 1}, "Jerusalem District": {"opposition": 1}}
    assert_box(g, "british", "A22 Demonstrations")


def test_a22_neither_text_offered_when_neither_can_do_anything():
    """A22 (5.1.3): the only opposed City's District already has Opposition
    and no City holds both British and Rebel pieces or a Curfew."""
    g = make(22, {"Haifa City": {"police": 1, "opposition": 1}, "Haifa District": {"opposition": 1}})
    assert offered(g) == set()


# =================================================================== A23 --

A23_SPACES = {"Samaria": {"bases": 1, "underground_guerrillas": 2, "underground_irregulars": 1},
              "Haifa District": {"troops": 2}, "Jerusalem District": {"troops": 1},
              "Lydda": {"troops": 2, "bases": 1, "underground_guerrillas": 1},
              "Galilee": {"bases": 1, "underground_irregulars": 1}}


def test_a23_unshaded_sweep_then_assault_in_one_space_with_a_base_and_an_irregular():
    """AL-HAJJ MUHAMMAD unshaded (A23): the British pick Samaria (Galilee also
    qualifies; Lydda's Base has no Irregular). Sweep (3.2.3) brings 3 Troops
    from adjacent spaces; Activating the Irregular Activates one Guerrilla per
    cube; Assault (3.2.4) removes both Guerrillas, then the Base (Unity one
    step toward Decentralized)."""
    g = make(23, A23_SPACES, forced_chance=TWO_ONES)
    play(g, UNSHADED)
    assert g.phase == "Event: choose a space" and spaces_legal(g) == {"Galilee", "Samaria"} and STOP in legal(g)
    play(g, space("Samaria"))
    assert g.phase == "choose a space" and spaces_legal(g) == {"Samaria"}      # the Sweep, in Samaria only
    play(g, space("Samaria"), STOP)
    play(g, *moves("Haifa District", "Samaria", 2), *moves("Jerusalem District", "Samaria", 1), STOP)
    assert g.phase == "Sweep: Activate an Irregular"
    play(g, space("Samaria"))
    assert g.phase == "choose a space" and spaces_legal(g) == {"Samaria"}      # the Assault
    play(g, space("Samaria"), STOP)
    b = board(g)
    assert b["spaces"] == {"Samaria": {"troops": 3, "active_irregulars": 1},
                           "Lydda": {"troops": 2, "bases": 1, "underground_guerrillas": 1},
                           "Galilee": {"bases": 1, "underground_irregulars": 1}}
    assert b["available"] == avail(troops=10, irregulars=4, guerrillas=14, bases=3)
    assert b["unity_track"] == 1
    assert_box(g, "rebels", "A23 al-Hajj Muhammad")


def test_a23_unshaded_british_may_decline():
    """A23 unshaded: "may": the British stop before choosing a space; nothing changes."""
    g = make(23, A23_SPACES, forced_chance=TWO_ONES)
    play(g, UNSHADED, STOP)
    b = board(g)
    assert b["spaces"] == A23_SPACES and b["unity_track"] == 2
    assert_box(g, "rebels", "A23 al-Hajj Muhammad")


A23_REBELS = {"Galilee": {"bases": 1, "underground_guerrillas": 2, "police": 1},
              "Syria": {"bases": 1, "underground_guerrillas": 1},
              "Samaria": {"underground_guerrillas": 1, "police": 1},
              "Lydda": {"opposition": 1, "troops": 1}}


def test_a23_shaded_roll_at_or_under_the_bases_mobilize_then_raid():
    """AL-HAJJ MUHAMMAD shaded (A23): a 2 against 2 Bases succeeds. The Rebels
    Mobilize (4.3.1: a Base in Samaria, a Guerrilla in Lydda's Opposition),
    then Raid (4.3.3: two Guerrillas from Galilee's Base onto the
    Haifa-Syria Railway, which they Sabotage)."""
    g = make(23, A23_REBELS, first="rebels", forced_chance=TWO_ONES + [1])
    play(g, SHADED)
    assert g.phase == "Special Activity after the Operation" and legal(g) == {STOP, sa("Mobilize")}
    play(g, sa("Mobilize"), space("Samaria"), STOP)
    assert g.phase == "Mobilize: place a Guerrilla"
    play(g, space("Lydda"))
    assert g.phase == "Special Activity after the Operation" and legal(g) == {STOP, sa("Raid")}
    play(g, sa("Raid"), space("Haifa-Syria Railway"), space("Galilee"), count(2), op("Sabotage"), STOP)
    b = board(g)
    assert b["spaces"] == {
        "Galilee": {"police": 1, "bases": 1},
        "Syria": {"underground_guerrillas": 1, "bases": 1},
        "Samaria": {"underground_guerrillas": 1, "police": 1, "bases": 1},
        "Lydda": {"troops": 1, "underground_guerrillas": 1, "opposition": 1},
        "Haifa-Syria Railway": {"underground_guerrillas": 1, "active_guerrillas": 1, "sabotage": 1},
    }
    assert b["available"] == avail(troops=14, police=7, guerrillas=10, bases=2)
    assert b["operations_chits"] == ops_chits(set_aside=[1])
    assert_box(g, "british", "A23 al-Hajj Muhammad")


def test_a23_shaded_roll_above_the_bases_does_nothing():
    """A23 shaded: a 3 against 2 Bases fails; neither Mobilize nor Raid."""
    g = make(23, A23_REBELS, first="rebels", forced_chance=TWO_ONES + [2])
    play(g, SHADED)
    b = board(g)
    assert b["spaces"] == A23_REBELS
    assert b["available"] == avail(troops=14, police=7, guerrillas=11, bases=3)
    assert_box(g, "british", "A23 al-Hajj Muhammad")


def test_a23_shaded_roll_modified_by_central_war_committee():
    """A23 shaded with CENTRAL WAR COMMITTEE shaded (A2; its tip names A23):
    the same 3 less 1 is 2, at or under 2 Bases: the Mobilize is offered."""
    g = make(23, A23_REBELS, first="rebels", capabilities={"A2": "shaded"}, forced_chance=TWO_ONES + [2])
    play(g, SHADED)
    assert g.phase == "Special Activity after the Operation" and legal(g) == {STOP, sa("Mobilize")}


# =================================================================== A24 --

A24_SPACES = {"Haifa City": {"troops": 2, "underground_guerrillas": 1},
              "Jerusalem City": {"troops": 3, "active_guerrillas": 1},
              "Tel Aviv-Jaffa": {"troops": 2}, "Lydda": {"police": 1}}


def reveal_a24(spaces, played=(19,), **extra):
    """A19 in play with A24 next, the Rebels 1st Eligible: the Rebels Pass,
    the British Pass holding a Fine chit (2.3.3), and A24 is revealed (5.4).
    ``played``: the cards played before, A19 last (34 in it: after Munich)."""
    played = list(played)
    g = make(19, spaces, first="rebels", undrawn=deck(played, [24]), played_cards=played, **extra)
    play(g, PASS_LIMITED)                   # no Guerrilla in a District: no Base to place
    play(g, PASS_OP_SA, FINE)
    assert g.to_dict()["card"] == "A24 Tensions in Europe"
    return g


def test_a24_before_munich_british_may_punish_then_send_three_troops_out_of_play():
    """TENSIONS IN EUROPE (A24, Mandatory, 5.4) before Munich: resolved as it
    is revealed, before the Rebels (1st Eligible) draw their chits; the
    British decide (the text names them). One Punish (Detain in two Cities),
    then 3 Troops of their choice from the map to Out of Play. The Event box
    is then closed to both (5.4)."""
    g = reveal_a24(A24_SPACES, forced_chance=TWO_ONES + [0, 2] + TWO_ONES)
    assert g.current_agent == "british" and g.phase == "Special Activity after the Operation"
    assert legal(g) == {STOP, sa("Punish")}
    assert g.to_dict()["operations_chits"] == ops_chits(set_aside=[1])     # nothing drawn yet
    play(g, sa("Punish"))
    assert legal(g) == {DETAIN, DEMOLISH, FINE}              # drawn Detain and Demolish, the held Fine
    play(g, DETAIN, space("Haifa City"), space("Jerusalem City"))
    assert g.phase == "Event: choose a space" and g.current_agent == "british"
    assert spaces_legal(g) == {"Haifa City", "Tel Aviv-Jaffa", "Jerusalem City"} and STOP not in legal(g)
    play(g, space("Tel Aviv-Jaffa"), space("Tel Aviv-Jaffa"), space("Jerusalem City"))
    b = board(g)
    assert b["spaces"] == {"Haifa City": {"troops": 2, "opposition": 1},
                           "Jerusalem City": {"troops": 2, "opposition": 1},
                           "Lydda": {"police": 1}}
    assert b["out_of_play_troops"] == 3
    assert b["available"] == avail(troops=8, police=8, guerrillas=13)
    assert b["prison"] == {"guerrillas": 2, "bases": 0}
    assert b["punishment_chits"] == pun_chits(set_aside=["Detain"], held=["Fine"])
    assert_box(g, "rebels", "A24 Tensions in Europe")
    assert not legal(g) & {UNSHADED, SHADED, PASS_EVENT}     # 5.4: no Event box this card


def test_a24_after_munich_british_may_punish_twice_then_send_five_troops_out_of_play():
    """A24 after Munich (A34 among the played cards): two Punishes (Detain,
    then Demolish in one space only: "up to two"), then 5 Troops Out of Play."""
    spaces = {**A24_SPACES, "Jerusalem District": {"troops": 1}}
    g = reveal_a24(spaces, played=(34, 19), forced_chance=TWO_ONES + [0, 2, 1, 2] + TWO_ONES)
    play(g, sa("Punish"), DETAIN, space("Haifa City"), space("Jerusalem City"))
    assert g.phase == "Special Activity after the Operation" and legal(g) == {STOP, sa("Punish")}
    play(g, sa("Punish"))
    assert legal(g) == {DEMOLISH, FINE}
    play(g, DEMOLISH, space("Haifa City"), STOP)
    assert g.phase == "Event: choose a space" and STOP not in legal(g)
    play(g, space("Tel Aviv-Jaffa"), space("Tel Aviv-Jaffa"), space("Jerusalem City"), space("Jerusalem City"),
         space("Jerusalem District"))
    b = board(g)
    assert b["spaces"] == {"Haifa City": {"troops": 2, "underground_guerrillas": 1},
                           "Jerusalem City": {"troops": 1, "opposition": 1},
                           "Lydda": {"police": 1}}
    assert b["out_of_play_troops"] == 5
    assert b["available"] == avail(troops=7, police=8, guerrillas=12)
    assert b["prison"] == {"guerrillas": 2, "bases": 0}
    assert b["punishment_chits"] == pun_chits(set_aside=["Detain", "Demolish"], held=["Fine"])
    assert_box(g, "rebels", "A24 Tensions in Europe")


def test_a24_declining_punish_and_fewer_troops_than_asked_all_go():
    """A24 before Munich: the British decline to Punish ("may"); only 2 Troops
    are on the map, so both go (5.1.3), joining the 5 set out at setup."""
    spaces = {"Haifa City": {"troops": 1}, "Jerusalem City": {"troops": 1, "underground_guerrillas": 1},
              "Lydda": {"police": 1}}
    g = reveal_a24(spaces, out_of_play_troops=5, forced_chance=TWO_ONES + TWO_ONES)
    play(g, STOP)
    assert spaces_legal(g) == {"Haifa City", "Jerusalem City"}
    play(g, space("Haifa City"), space("Jerusalem City"))
    b = board(g)
    assert b["spaces"] == {"Jerusalem City": {"underground_guerrillas": 1}, "Lydda": {"police": 1}}
    assert b["out_of_play_troops"] == 7
    assert b["available"] == avail(troops=8, police=8, guerrillas=14)
    assert b["punishment_chits"] == pun_chits(held=["Fine"])
    assert_box(g, "rebels", "A24 Tensions in Europe")


# =================================================================== A25 --

def test_a25_unshaded_limited_op_then_punish_in_or_next_to_haifa_district():
    """MONTGOMERY unshaded (A25): a one-space Limited Operation (Assault; Lydda
    is not next to Haifa District), then Punish in or next to Haifa District
    (Tel Aviv-Jaffa and Lydda are not): Detain in Samaria and Galilee."""
    spaces = {"Haifa District": {"troops": 2, "active_guerrillas": 1},
              "Samaria": {"troops": 1, "active_guerrillas": 1, "underground_guerrillas": 1},
              "Galilee": {"troops": 1, "underground_guerrillas": 1},
              "Lydda": {"troops": 3, "active_guerrillas": 1}, "Tel Aviv-Jaffa": {"troops": 2}}
    g = make(25, spaces, forced_chance=[0, 2] + TWO_ONES)
    play(g, UNSHADED)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "british" and STOP in legal(g)
    play(g, op("Assault"))
    assert spaces_legal(g) == {"Haifa District", "Samaria", "Galilee"}
    play(g, space("Samaria"))
    assert legal(g) == {STOP}                          # one space (Limited, 2.3.5)
    play(g, STOP)
    assert g.phase == "Special Activity after the Operation" and legal(g) == {STOP, sa("Punish")}
    play(g, sa("Punish"), DETAIN)
    assert spaces_legal(g) == {"Haifa District", "Samaria", "Galilee"}
    play(g, space("Samaria"), space("Galilee"))
    b = board(g)
    assert b["spaces"] == {"Haifa District": {"troops": 2, "active_guerrillas": 1},
                           "Samaria": {"troops": 1, "opposition": 1},
                           "Galilee": {"troops": 1, "opposition": 1},
                           "Lydda": {"troops": 3, "active_guerrillas": 1}, "Tel Aviv-Jaffa": {"troops": 2}}
    assert b["prison"] == {"guerrillas": 2, "bases": 0}
    assert b["available"] == avail(troops=6, guerrillas=11)
    assert b["punishment_chits"] == pun_chits(set_aside=["Detain"])
    assert_box(g, "rebels", "A25 Montgomery")


def test_a25_unshaded_executed_by_rebels_british_sweep_next_to_haifa_with_troops_from_beyond():
    """A25 unshaded executed by the Rebels: the British operate (the text names
    them). The Sweep's destination must be in or next to Haifa District
    (Railways are no Sweep space); its Troops may come from Lydda, outside
    (docs/design: "in or adjacent" binds the selected spaces). The British
    then decline Punish."""
    spaces = {"Samaria": {"underground_guerrillas": 2}, "Lydda": {"troops": 2}, "Haifa District": {"troops": 1}}
    g = make(25, spaces, first="rebels", forced_chance=TWO_ONES)
    play(g, UNSHADED)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "british"
    play(g, op("Sweep"))
    assert spaces_legal(g) == {"Galilee", "Haifa District", "Samaria", "Haifa City"}
    play(g, space("Samaria"), STOP, *moves("Lydda", "Samaria", 2), STOP)
    assert g.phase == "Special Activity after the Operation"
    play(g, STOP)
    b = board(g)
    assert b["spaces"] == {"Samaria": {"troops": 2, "underground_guerrillas": 1, "active_guerrillas": 1},
                           "Haifa District": {"troops": 1}}
    assert b["punishment_chits"] == EMPTY_CHITS
    assert_box(g, "british", "A25 Montgomery")


def test_a25_shaded_rebels_two_one_space_limited_operations_next_to_haifa_district():
    """MONTGOMERY shaded (A25): two Limited Operations of different types, one
    space each and no chit even with a 3 in play (docs/design): Rally in
    Galilee (Lydda is out of reach) with its Opposition step, then Sabotage
    on the Tel Aviv-Haifa Railway. The 3 chit's effect is then declined."""
    spaces = {"Galilee": {"underground_guerrillas": 2, "bases": 1}, "Samaria": {"police": 1},
              "Lydda": {"underground_guerrillas": 1}, "Haifa District": {"police": 1, "underground_guerrillas": 1},
              "Tel Aviv-Haifa Railway": {"underground_guerrillas": 1}}
    g = make(25, spaces, first="rebels", forced_chance=TWO_THREES)
    play(g, SHADED)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "rebels"
    play(g, op("Rally"))
    assert spaces_legal(g) == {"Galilee", "Haifa District"}
    play(g, space("Galilee"), count(2))
    assert legal(g) == {STOP}
    play(g, STOP, space("Galilee"))                    # 3.3.1: Opposition in the District with a Base
    assert g.phase == "Event: choose an Operation"
    play(g, op("Sabotage"))
    assert spaces_legal(g) == {"Galilee", "Haifa District", "Tel Aviv-Haifa Railway"}
    play(g, space("Tel Aviv-Haifa Railway"))
    assert legal(g) == {STOP}
    play(g, STOP)
    assert g.phase == "Operations chit effect: Active Guerrilla" and g.current_agent == "british"
    play(g, STOP)
    b = board(g)
    assert b["spaces"] == {"Galilee": {"underground_guerrillas": 4, "bases": 1, "opposition": 1},
                           "Samaria": {"police": 1}, "Lydda": {"underground_guerrillas": 1},
                           "Haifa District": {"police": 1, "underground_guerrillas": 1},
                           "Tel Aviv-Haifa Railway": {"active_guerrillas": 1, "sabotage": 1}}
    assert b["available"] == avail(police=7, guerrillas=8, bases=4)
    assert b["operations_chits"] == ops_chits(set_aside=[3])
    assert_box(g, "british", "A25 Montgomery")


def test_a25_shaded_march_out_of_the_area_and_stop_after_one():
    """A25 shaded: a March's origin must be in or next to Haifa District, its
    destination need not be (Lydda); "up to 2": the Rebels stop after one."""
    g = make(25, {"Samaria": {"underground_guerrillas": 2}, "Lydda": {"police": 1},
                  "Gaza": {"underground_guerrillas": 1}}, first="rebels", forced_chance=TWO_ONES)
    play(g, SHADED, op("March"))
    assert spaces_legal(g) == {"Samaria"}
    play(g, space("Samaria"), space("Lydda"), count(2), STOP)
    assert g.phase == "Event: choose an Operation"
    play(g, STOP)
    b = board(g)
    assert b["spaces"] == {"Lydda": {"police": 1, "underground_guerrillas": 2}, "Gaza": {"underground_guerrillas": 1}}
    assert_box(g, "british", "A25 Montgomery")


# =================================================================== A26 --

def test_a26_british_limited_ops_near_samaria_then_rebels_one_in_samaria():
    """TRIANGLE OF TERROR (A26, one text) executed by the British: Limited
    Operations in or next to Samaria (Gaza and Haifa City are not), here an
    Assault in Lydda and a Sweep into Samaria, then they stop ("up to 3");
    the Rebels may then carry out one Limited Operation in Samaria only:
    Rally with its Opposition step."""
    spaces = {"Samaria": {"troops": 2, "active_guerrillas": 1, "underground_guerrillas": 1, "bases": 1},
              "Lydda": {"troops": 2, "police": 1, "active_guerrillas": 1},
              "Gaza": {"troops": 2, "active_guerrillas": 1}, "Jerusalem District": {"troops": 2},
              "Haifa City": {"troops": 2, "active_guerrillas": 1}}
    g = make(26, spaces, forced_chance=TWO_ONES)
    assert offered(g) == {UNSHADED}
    play(g, UNSHADED, op("Assault"))
    assert spaces_legal(g) == {"Samaria", "Lydda"}
    play(g, space("Lydda"), STOP)
    play(g, op("Sweep"), space("Samaria"), STOP, *moves("Jerusalem District", "Samaria", 1), STOP)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "british"
    play(g, STOP)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "rebels"
    assert legal(g) == {STOP, op("Rally"), op("March")}
    play(g, op("Rally"))
    assert spaces_legal(g) == {"Samaria"}
    play(g, space("Samaria"), count(2), STOP, space("Samaria"))
    b = board(g)
    assert b["spaces"] == {
        "Samaria": {"troops": 3, "underground_guerrillas": 2, "active_guerrillas": 2, "bases": 1, "opposition": 1},
        "Lydda": {"troops": 2, "police": 1}, "Gaza": {"troops": 2, "active_guerrillas": 1},
        "Jerusalem District": {"troops": 1}, "Haifa City": {"troops": 2, "active_guerrillas": 1},
    }
    assert b["available"] == avail(troops=5, police=8, guerrillas=9, bases=4)
    assert_box(g, "rebels", "A26 \"Triangle of Terror\"")


def test_a26_rebels_limited_ops_one_space_each_then_british_one_in_samaria():
    """A26 executed by the Rebels holding a 3 chit: each Limited Operation is
    one space (docs/design): Sabotage on the Railway next to Samaria (Gaza is
    not), an Ambush in Samaria, a Rally in Galilee; three is the most. The
    British may then carry out one Limited Operation in Samaria: only Sweep
    can act there (no cube for Assault, no majority for Deploy, no Patrol in
    a District)."""
    spaces = {"Samaria": {"underground_guerrillas": 2, "police": 1}, "Galilee": {"underground_guerrillas": 1},
              "Lydda": {"troops": 2}, "Tel Aviv-Haifa Railway": {"underground_guerrillas": 1},
              "Gaza": {"underground_guerrillas": 1}}
    g = make(26, spaces, first="rebels", forced_chance=TWO_THREES)
    play(g, UNSHADED, op("Sabotage"))
    assert spaces_legal(g) == {"Samaria", "Galilee", "Tel Aviv-Haifa Railway"}
    play(g, space("Tel Aviv-Haifa Railway"))
    assert legal(g) == {STOP}
    play(g, STOP, op("Ambush"), space("Samaria"), STOP)
    play(g, op("Rally"), space("Galilee"), STOP)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "british"
    assert legal(g) == {STOP, op("Sweep")}
    play(g, op("Sweep"))
    assert spaces_legal(g) == {"Samaria"}
    play(g, space("Samaria"), STOP, *moves("Lydda", "Samaria", 2), STOP)
    assert g.phase == "Operations chit effect: Active Guerrilla"
    play(g, STOP)
    b = board(g)
    assert b["spaces"] == {"Samaria": {"troops": 2, "active_guerrillas": 2}, "Galilee": {"underground_guerrillas": 2},
                           "Tel Aviv-Haifa Railway": {"active_guerrillas": 1, "sabotage": 1},
                           "Gaza": {"underground_guerrillas": 1}}
    assert b["available"] == avail(troops=13, police=9, guerrillas=9)
    assert b["operations_chits"] == ops_chits(set_aside=[3])
    assert_box(g, "british", "A26 \"Triangle of Terror\"")


# =================================================================== A27 --

A27_SPACES = {"Samaria": {"troops": 1, "underground_guerrillas": 1, "bases": 1},
              "Jerusalem District": {"troops": 1, "underground_guerrillas": 1, "bases": 1}}


def test_a27_unshaded_one_detain_space_may_send_a_base_to_prison():
    """REBEL COURTS unshaded (A27, 5.3), executed by the Rebels: in one space
    selected for Detain the British send a Base to Prison instead of a
    Guerrilla (Samaria); the second space (Jerusalem District) gives a
    Guerrilla as usual. Opposition follows in both (1.7.2); Unity does not
    move (only Assault's Bases shift it, 3.2.4)."""
    g = make(27, A27_SPACES, first="rebels", forced_chance=TWO_ONES + [0, 0] + TWO_ONES)
    play(g, UNSHADED)
    assert board(g)["capabilities"] == {"A27": "unshaded"}
    play(g, OP_SA_BOX, op("Assault"), sa("Punish"))            # two Detains drawn: used at once
    assert legal(g) == {space("Samaria"), space("Jerusalem District"), alt("Samaria"), alt("Jerusalem District")}
    play(g, alt("Samaria"))
    assert legal(g) == {STOP, space("Jerusalem District")}    # the Base only once
    play(g, space("Jerusalem District"))
    play(g, space("Samaria"), STOP)                            # the Assault: no Active piece to remove
    b = board(g)
    assert b["spaces"] == {"Samaria": {"troops": 1, "underground_guerrillas": 1, "opposition": 1},
                           "Jerusalem District": {"troops": 1, "bases": 1, "opposition": 1}}
    assert b["prison"] == {"guerrillas": 1, "bases": 1}
    assert b["available"] == avail(troops=13, guerrillas=13, bases=3)
    assert b["unity_track"] == 2
    assert b["punishment_chits"] == pun_chits(set_aside=["Detain"])
    assert_box(g, "rebels", NEXT)


def test_a27_detain_without_the_unshaded_capability_takes_guerrillas_only():
    """Control (1.7.2): with A27 shaded in play no Detain space may take a Base."""
    g = make(19, A27_SPACES, capabilities={"A27": "shaded"}, forced_chance=[0, 0])
    play(g, OP_SA_BOX, op("Assault"), sa("Punish"))
    assert legal(g) == {space("Samaria"), space("Jerusalem District")}


OPPOSED_5 = {"Galilee": {"opposition": 1}, "Haifa District": {"opposition": 1}, "Samaria": {"opposition": 1},
             "Jerusalem City": {"opposition": 1}, "Tel Aviv-Jaffa": {"opposition": 1}}


def test_a27_shaded_political_will_phase_loses_one_per_two_opposition_spaces():
    """REBEL COURTS shaded (A27, 5.3), executed by the British, then the
    Propaganda Round (6.1): 4 clear Railways +2, 4 of the 9 Districts and
    Cities with no Rebel piece or Opposition +2, and 5 spaces with
    Opposition -2 (5 // 2): Political Will 10 -> 12."""
    g = make(27, OPPOSED_5, undrawn=deck([27], [33]), forced_chance=TWO_ONES)
    play(g, SHADED)
    assert board(g)["capabilities"] == {"A27": "shaded"}
    play(g, PASS_LIMITED)                  # the Rebels Pass: no Guerrilla, no Base
    d = g.to_dict()
    assert d["card"] == "A33 Propaganda!" and g.phase == "Resources: Punishment chit to keep"
    assert d["political_will"] == 12
    assert d["spaces"] == OPPOSED_5


def test_a27_political_will_phase_without_the_shaded_capability():
    """Control (6.1): the same board with A27 unshaded in play: +4, 10 -> 14."""
    g = make(19, OPPOSED_5, first="rebels", undrawn=deck([19], [33]), capabilities={"A27": "unshaded"},
             forced_chance=TWO_ONES)
    play(g, PASS_LIMITED, PASS_OP_SA, FINE)
    assert g.to_dict()["card"] == "A33 Propaganda!"
    assert g.to_dict()["political_will"] == 14


# =================================================================== A28 --

def test_a28_three_police_from_the_map_first_the_british_choosing():
    """TEGART FORTS (A28, one text) executed by the Rebels: the British (the
    text names them) choose the 3 Police, all from the map while it has them;
    Available Police stay; the Capability is in play (5.3)."""
    spaces = {"Galilee": {"police": 2}, "Lydda": {"police": 2}, "Haifa City": {"police": 1}}
    g = make(28, spaces, first="rebels", forced_chance=TWO_ONES)
    assert offered(g) == {UNSHADED}
    play(g, UNSHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "british"
    assert spaces_legal(g) == {"Galilee", "Lydda", "Haifa City"} and STOP not in legal(g)
    play(g, space("Galilee"), space("Galilee"), space("Lydda"))
    b = board(g)
    assert b["spaces"] == {"Lydda": {"police": 1}, "Haifa City": {"police": 1}}
    assert b["police_on_tegart_forts"] == 3
    assert b["available"] == avail(police=4)
    assert b["capabilities"] == {"A28": "unshaded"}
    assert_box(g, "british", "A28 Tegart Forts")


def test_a28_police_come_from_available_when_the_map_runs_out():
    """A28 with one Police on the map: it goes, then two from Available."""
    g = make(28, {"Galilee": {"police": 1}}, forced_chance=TWO_ONES)
    play(g, UNSHADED, space("Galilee"))
    b = board(g)
    assert b["spaces"] == {}
    assert b["police_on_tegart_forts"] == 3 and b["available"] == avail(police=6)
    assert_box(g, "rebels", "A28 Tegart Forts")


def test_a28_guerrillas_marching_out_of_a_foreign_country_turn_active():
    """TEGART FORTS in play: two Underground Guerrillas Marching from Syria
    into Galilee arrive Active (A28), though no Curfew or Railway would
    expose them (3.3.2); Galilee's own Guerrilla Marching to Samaria stays
    Underground. The 2 chit's effect is then declined."""
    spaces = {"Syria": {"underground_guerrillas": 2, "bases": 1}, "Galilee": {"underground_guerrillas": 1},
              "Lebanon": {"underground_guerrillas": 1}}
    g = make(19, spaces, first="rebels", capabilities={"A28": "unshaded"}, police_on_tegart_forts=3,
             forced_chance=[3, 3])
    play(g, LIMITED_BOX, op("March"), space("Syria"), space("Galilee"), count(2))
    play(g, space("Galilee"), space("Samaria"), count(1), STOP)
    assert g.phase == "Operations chit effect: Active Guerrilla"
    play(g, STOP)
    b = board(g)
    assert b["spaces"] == {"Syria": {"bases": 1}, "Galilee": {"active_guerrillas": 2},
                           "Samaria": {"underground_guerrillas": 1}, "Lebanon": {"underground_guerrillas": 1}}
    assert b["police_on_tegart_forts"] == 3 and b["available"] == avail(police=6, guerrillas=11, bases=4)


def test_a28_control_marching_out_of_syria_without_tegart_forts_stays_underground():
    """Control (3.3.2): without A28 the same March from Syria arrives Underground."""
    spaces = {"Syria": {"underground_guerrillas": 2, "bases": 1}}
    g = make(19, spaces, first="rebels", forced_chance=[3, 3])
    play(g, LIMITED_BOX, op("March"), space("Syria"), space("Galilee"), count(2), STOP)
    assert board(g)["spaces"] == {"Syria": {"bases": 1}, "Galilee": {"underground_guerrillas": 2}}


def test_a28_guerrillas_raiding_out_of_a_foreign_country_turn_active():
    """TEGART FORTS in play: Raid (4.3.3) moves two Underground Guerrillas from
    Syria's Base onto the Haifa-Syria Railway; they arrive Active, so no
    Sabotage can follow there."""
    spaces = {"Syria": {"underground_guerrillas": 2, "bases": 1}, "Lydda": {"underground_guerrillas": 1}}
    g = make(19, spaces, first="rebels", capabilities={"A28": "unshaded"}, police_on_tegart_forts=3,
             forced_chance=TWO_ONES)
    play(g, OP_SA_BOX, op("Sabotage"), sa("Raid"), space("Haifa-Syria Railway"), count(2))
    assert g.phase == "choose a space"      # no Underground Guerrilla there: no strike; back to the Sabotage
    assert spaces_legal(g) == {"Lydda"}
    play(g, space("Lydda"))
    b = board(g)
    assert b["spaces"] == {"Syria": {"bases": 1}, "Haifa-Syria Railway": {"active_guerrillas": 2},
                           "Lydda": {"active_guerrillas": 1, "opposition": 1}}


# =================================================================== A29 --

A29_SPACES = {"Galilee": {"underground_irregulars": 1, "underground_guerrillas": 1},
              "Samaria": {"underground_irregulars": 1, "police": 1},
              "Lydda": {"active_guerrillas": 2},
              "Jerusalem City": {"underground_irregulars": 1, "active_guerrillas": 1}}


def test_a29_unshaded_unity_two_steps_toward_decentralized_then_divide_with_irregulars():
    """HAGANAH unshaded (A29): Unity 2 -> 0 (Decentralized, value 3, 6.6.2),
    then Divide (4.2.2) Activating Irregulars in 3 spaces, each replacing a
    Guerrilla in or next to it with an Available Irregular; no roll."""
    g = make(29, A29_SPACES, forced_chance=TWO_ONES)
    play(g, UNSHADED)
    assert board(g)["unity_track"] == 0 and g.current_agent == "british"
    if g.phase == "Special Activity after the Operation":
        play(g, sa("Divide"))
    assert g.phase == "Special Activity: space" and TRACK not in legal(g)
    assert spaces_legal(g) == {"Galilee", "Samaria", "Jerusalem City"}
    play(g, space("Galilee"), space("Galilee"))
    play(g, space("Samaria"), space("Lydda"))
    play(g, space("Jerusalem City"), space("Jerusalem City"))
    b = board(g)
    assert b["spaces"] == {
        "Galilee": {"underground_irregulars": 1, "active_irregulars": 1},
        "Samaria": {"active_irregulars": 1, "police": 1},
        "Lydda": {"underground_irregulars": 1, "active_guerrillas": 1},
        "Jerusalem City": {"underground_irregulars": 1, "active_irregulars": 1},
    }
    assert b["available"] == avail(police=8, irregulars=0, guerrillas=14)
    assert b["unity_track"] == 0 and b["political_will"] == 10
    assert_box(g, "rebels", "A29 Haganah")


def test_a29_unshaded_divide_must_be_carried_out():
    """A29 unshaded says "then Divide", not "may" (contrast A3's "British may
    Divide"): an executed text that can be carried out must be (5.1.3), so
    the British may not skip the Divide while an Underground Irregular has a
    Guerrilla to replace."""
    g = make(29, A29_SPACES, forced_chance=TWO_ONES)
    play(g, UNSHADED)
    assert STOP not in legal(g)
    if g.phase == "Special Activity after the Operation":
        play(g, sa("Divide"))
    assert STOP not in legal(g)


def test_a29_unshaded_from_box_1_the_second_step_is_political_will():
    """A29 unshaded at box 1: one step to Decentralized, the second +1
    Political Will (6.6.4); no Underground Irregular, so no Divide."""
    g = make(29, {"Lydda": {"active_guerrillas": 1, "active_irregulars": 1}}, unity=1, forced_chance=TWO_ONES)
    play(g, UNSHADED)
    b = board(g)
    assert b["unity_track"] == 0 and b["political_will"] == 11
    assert b["spaces"] == {"Lydda": {"active_guerrillas": 1, "active_irregulars": 1}}
    assert_box(g, "rebels", "A29 Haganah")


A29_SABOTAGE = {"Tel Aviv-Haifa Railway": {"sabotage": 1, "underground_irregulars": 1},
                "Samaria": {"underground_irregulars": 1}, "Lydda": {"active_irregulars": 2},
                "Gaza": {"underground_irregulars": 1}}


def test_a29_shaded_an_irregular_from_each_of_two_spaces_with_or_next_to_sabotage():
    """HAGANAH shaded (A29), executed by the Rebels: they choose 2 spaces with
    or next to a Sabotage marker (the Railway itself, Samaria, Lydda; not
    Gaza) and remove one Irregular from each."""
    g = make(29, A29_SABOTAGE, first="rebels", forced_chance=TWO_ONES)
    play(g, SHADED)
    assert g.current_agent == "rebels" and STOP in legal(g)
    assert spaces_legal(g) == {"Tel Aviv-Haifa Railway", "Samaria", "Lydda"}
    play(g, space("Lydda"))
    assert spaces_legal(g) == {"Tel Aviv-Haifa Railway", "Samaria"}
    play(g, space("Samaria"))
    b = board(g)
    assert b["spaces"] == {"Tel Aviv-Haifa Railway": {"sabotage": 1, "underground_irregulars": 1},
                           "Lydda": {"active_irregulars": 1}, "Gaza": {"underground_irregulars": 1}}
    assert b["available"] == avail(irregulars=3)
    assert_box(g, "british", "A29 Haganah")


def test_a29_shaded_executed_by_british_who_may_stop_after_one():
    """A29 shaded executed by the British: they choose ("up to 2") and stop after one."""
    g = make(29, A29_SABOTAGE, forced_chance=TWO_ONES)
    play(g, SHADED)
    assert g.current_agent == "british"
    play(g, space("Tel Aviv-Haifa Railway"), STOP)
    b = board(g)
    assert b["spaces"] == {"Tel Aviv-Haifa Railway": {"sabotage": 1}, "Samaria": {"underground_irregulars": 1},
                           "Lydda": {"active_irregulars": 2}, "Gaza": {"underground_irregulars": 1}}
    assert b["available"] == avail(irregulars=2)
    assert_box(g, "rebels", "A29 Haganah")


# =================================================================== A30 --

def test_a30_unshaded_a_guerrilla_leaves_each_district_next_to_transjordan():
    """ARAB KINGS unshaded (A30): one Guerrilla to Available from Galilee,
    Samaria and Jerusalem District (Districts next to Transjordan, out of
    play or not); Lydda and Haifa District are not next to it, Syria is no
    District."""
    spaces = {"Galilee": {"underground_guerrillas": 2}, "Samaria": {"active_guerrillas": 1},
              "Jerusalem District": {"underground_guerrillas": 1, "police": 1},
              "Lydda": {"underground_guerrillas": 1}, "Haifa District": {"underground_guerrillas": 1},
              "Syria": {"underground_guerrillas": 1}}
    g = make(30, spaces, forced_chance=TWO_ONES)
    play(g, UNSHADED)
    b = board(g)
    assert b["spaces"] == {"Galilee": {"underground_guerrillas": 1}, "Jerusalem District": {"police": 1},
                           "Lydda": {"underground_guerrillas": 1}, "Haifa District": {"underground_guerrillas": 1},
                           "Syria": {"underground_guerrillas": 1}}
    assert b["available"] == avail(police=8, guerrillas=11)
    assert b["prison"] == {"guerrillas": 0, "bases": 0}
    assert_box(g, "rebels", "A30 Arab Kings")


def test_a30_unshaded_not_offered_without_a_guerrilla_next_to_transjordan():
    """A30 unshaded with no Guerrilla in a District next to Transjordan can do nothing (5.1.3)."""
    g = make(30, {"Lydda": {"underground_guerrillas": 1}})
    assert offered(g) == {SHADED}


def test_a30_shaded_transjordan_and_egypt_come_into_play():
    """ARAB KINGS shaded (A30): Transjordan and Egypt become Foreign Countries
    in play (1.3.7): the Rebels can March into Transjordan at once."""
    g = make(30, {"Samaria": {"underground_guerrillas": 2}, "Gaza": {"police": 1}}, forced_chance=TWO_ONES)
    play(g, SHADED)
    assert board(g)["transjordan_egypt_in_play"] is True
    assert_box(g, "rebels", "A30 Arab Kings")
    play(g, LIMITED_BOX, op("March"), space("Samaria"))
    assert "Transjordan" in spaces_legal(g)
    play(g, space("Transjordan"), count(2), STOP)
    assert board(g)["spaces"] == {"Transjordan": {"underground_guerrillas": 2}, "Gaza": {"police": 1}}


def test_a30_shaded_not_offered_once_in_play():
    """A30 shaded with Transjordan and Egypt already in play can do nothing."""
    g = make(30, {"Lydda": {"underground_guerrillas": 1}}, transjordan_egypt_in_play=True)
    assert offered(g) == set()


# =================================================================== A31 --

def test_a31_unshaded_the_executor_chooses_syria_or_lebanon_everything_there_to_prison():
    """FRENCH SYRIA unshaded (A31), executed by the British: they choose Syria
    (not both): its 3 Guerrillas and 2 Bases go to Prison; Lebanon and
    Galilee keep theirs; Unity does not move."""
    spaces = {"Syria": {"bases": 2, "underground_guerrillas": 2, "active_guerrillas": 1},
              "Lebanon": {"underground_guerrillas": 1, "bases": 1}, "Galilee": {"underground_guerrillas": 1}}
    g = make(31, spaces, undrawn=deck([31], [32]), forced_chance=TWO_ONES)
    play(g, UNSHADED)
    assert g.phase == "Event: choose an option" and g.current_agent == "british"
    assert legal(g) == {OPTION_1, OPTION_2}
    assert [g.action_name(a) for a in (OPTION_1, OPTION_2)] == ["Syria", "Lebanon"]
    play(g, OPTION_1)
    b = board(g)
    assert b["spaces"] == {"Lebanon": {"underground_guerrillas": 1, "bases": 1},
                           "Galilee": {"underground_guerrillas": 1}}
    assert b["prison"] == {"guerrillas": 3, "bases": 2}
    assert b["available"] == avail(guerrillas=10, bases=2)
    assert b["unity_track"] == 2
    assert_box(g, "rebels", "A31 French Syria")


def test_a31_unshaded_executed_by_rebels_the_rebels_choose():
    """A31 unshaded executed by the Rebels: they make the choice (5.1) and
    pick Lebanon; Syria keeps its pieces."""
    spaces = {"Syria": {"bases": 1, "underground_guerrillas": 1}, "Lebanon": {"underground_guerrillas": 1}}
    g = make(31, spaces, first="rebels", undrawn=deck([31], [32]), forced_chance=TWO_ONES)
    play(g, UNSHADED)
    assert g.phase == "Event: choose an option" and g.current_agent == "rebels"
    play(g, OPTION_2)
    b = board(g)
    assert b["spaces"] == {"Syria": {"bases": 1, "underground_guerrillas": 1}}
    assert b["prison"] == {"guerrillas": 1, "bases": 0}


def test_a31_unshaded_only_lebanon_holds_rebels():
    """A31 unshaded executed by the Rebels with Rebel pieces only in Lebanon:
    no choice to make; Lebanon's pieces go to Prison."""
    g = make(31, {"Lebanon": {"underground_guerrillas": 2}}, first="rebels",
             undrawn=deck([31], [32]), forced_chance=TWO_ONES)
    play(g, UNSHADED)
    b = board(g)
    assert b["spaces"] == {}
    assert b["prison"] == {"guerrillas": 2, "bases": 0}
    assert_box(g, "british", "A31 French Syria")


def test_a31_shaded_a_guerrilla_from_prison_then_available_in_each_foreign_country():
    """FRENCH SYRIA shaded (A31): Lebanon and Syria (Transjordan and Egypt are
    out of play) each get an Underground Guerrilla: the one in Prison first,
    then one from Available."""
    spaces = {"Galilee": {"underground_guerrillas": 3}, "Syria": {"bases": 1}}
    g = make(31, spaces, first="rebels", prison={"guerrillas": 1}, undrawn=deck([31], [32]), forced_chance=TWO_ONES)
    play(g, SHADED)
    b = board(g)
    assert b["spaces"] == {"Galilee": {"underground_guerrillas": 3}, "Lebanon": {"underground_guerrillas": 1},
                           "Syria": {"bases": 1, "underground_guerrillas": 1}}
    assert b["prison"] == {"guerrillas": 0, "bases": 0}
    assert b["available"] == avail(guerrillas=10, bases=4)
    assert_box(g, "british", "A31 French Syria")


def test_a31_shaded_all_four_foreign_countries_after_arab_kings():
    """A31 shaded with Transjordan and Egypt in play (A30): four Guerrillas,
    two from Prison and two from Available."""
    g = make(31, {}, first="rebels", prison={"guerrillas": 2}, transjordan_egypt_in_play=True,
             undrawn=deck([31], [32]), forced_chance=TWO_ONES)
    play(g, SHADED)
    b = board(g)
    assert b["spaces"] == {c: {"underground_guerrillas": 1} for c in ("Lebanon", "Syria", "Transjordan", "Egypt")}
    assert b["prison"] == {"guerrillas": 0, "bases": 0} and b["available"] == avail(guerrillas=11)


def test_a31_shaded_places_nothing_from_the_map():
    """A31 shaded with no Guerrilla in Prison or Available: events place only
    what is Available (5.1.1), so none comes off the map."""
    g = make(31, {"Galilee": {"underground_guerrillas": 15}}, first="rebels", undrawn=deck([31], [32]),
             forced_chance=TWO_ONES)
    assert SHADED in offered(g)
    play(g, SHADED)
    b = board(g)
    assert b["spaces"] == {"Galilee": {"underground_guerrillas": 15}}
    assert b["available"] == avail(guerrillas=0)


def test_a31_shaded_one_guerrilla_for_two_countries_the_rebels_choose_lebanon():
    """A31 shaded with one Guerrilla left (in Prison) for Syria and Lebanon:
    the Rebels, who execute it, choose its country (5.1, A-25); no Stop (the
    text must place what it can, 5.1.3)."""
    g = make(31, {"Galilee": {"underground_guerrillas": 14}}, first="rebels", prison={"guerrillas": 1},
             undrawn=deck([31], [32]), forced_chance=TWO_ONES)
    play(g, SHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "rebels"
    assert legal(g) == {space("Syria"), space("Lebanon")}
    assert g.action_name(space("Lebanon")) == "place a Guerrilla in Lebanon"
    play(g, space("Lebanon"))
    b = board(g)
    assert b["spaces"] == {"Galilee": {"underground_guerrillas": 14}, "Lebanon": {"underground_guerrillas": 1}}
    assert b["prison"] == {"guerrillas": 0, "bases": 0} and b["available"] == avail(guerrillas=0)
    assert_box(g, "british", "A31 French Syria")


def test_a31_shaded_three_guerrillas_for_four_countries_each_country_once():
    """A31 shaded with Transjordan and Egypt in play and three Guerrillas (one
    in Prison, two Available): the Rebels choose three different countries,
    one Guerrilla each; the country left out gets none."""
    g = make(31, {"Galilee": {"underground_guerrillas": 12}}, first="rebels", prison={"guerrillas": 1},
             transjordan_egypt_in_play=True, undrawn=deck([31], [32]), forced_chance=TWO_ONES)
    play(g, SHADED)
    countries = {"Syria", "Lebanon", "Transjordan", "Egypt"}
    assert spaces_legal(g) == countries and STOP not in legal(g)
    play(g, space("Egypt"))
    assert spaces_legal(g) == countries - {"Egypt"}
    play(g, space("Transjordan"))
    assert spaces_legal(g) == {"Syria", "Lebanon"}
    play(g, space("Syria"))
    b = board(g)
    assert b["spaces"] == {"Galilee": {"underground_guerrillas": 12}, "Syria": {"underground_guerrillas": 1},
                           "Transjordan": {"underground_guerrillas": 1}, "Egypt": {"underground_guerrillas": 1}}
    assert b["prison"] == {"guerrillas": 0, "bases": 0} and b["available"] == avail(guerrillas=0)
    assert_box(g, "british", "A31 French Syria")


def test_a31_shaded_executed_by_the_british_they_choose():
    """A31 shaded executed by the British with one Guerrilla left: the
    executing faction makes the selection (5.1), whoever owns the piece."""
    g = make(31, {"Galilee": {"underground_guerrillas": 14}}, undrawn=deck([31], [32]), forced_chance=TWO_ONES)
    play(g, SHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "british"
    play(g, space("Syria"))
    assert board(g)["spaces"]["Syria"] == {"underground_guerrillas": 1}


# =================================================================== A32 --

def test_a32_unshaded_air_recon_activates_two_guerrillas_per_space():
    """AERIAL POLICING unshaded (A32): Air Recon (4.2.3) in Samaria and on the
    Tel Aviv-Haifa Railway Activates two per space (one is all the Railway
    has); Haifa City is a City and Galilee has no Underground Guerrilla."""
    spaces = {"Samaria": {"underground_guerrillas": 3}, "Tel Aviv-Haifa Railway": {"underground_guerrillas": 1},
              "Haifa City": {"underground_guerrillas": 2}, "Galilee": {"active_guerrillas": 1}}
    g = make(32, spaces, undrawn=deck([32], [31]), forced_chance=TWO_ONES)
    play(g, UNSHADED)
    assert g.phase == "Special Activity after the Operation" and legal(g) == {STOP, sa("Air Recon")}
    play(g, sa("Air Recon"))
    assert spaces_legal(g) == {"Samaria", "Tel Aviv-Haifa Railway"}
    play(g, space("Samaria"), space("Tel Aviv-Haifa Railway"))
    b = board(g)
    assert b["spaces"] == {"Samaria": {"underground_guerrillas": 1, "active_guerrillas": 2},
                           "Tel Aviv-Haifa Railway": {"active_guerrillas": 1},
                           "Haifa City": {"underground_guerrillas": 2}, "Galilee": {"active_guerrillas": 1}}
    assert_box(g, "rebels", "A32 Aerial Policing")


def test_a32_unshaded_executed_by_rebels_the_british_decide_and_may_decline():
    """A32 unshaded executed by the Rebels: "British may": the British decide, and decline."""
    spaces = {"Samaria": {"underground_guerrillas": 3}}
    g = make(32, spaces, first="rebels", undrawn=deck([32], [31]), forced_chance=TWO_ONES)
    play(g, UNSHADED)
    assert g.current_agent == "british" and legal(g) == {STOP, sa("Air Recon")}
    play(g, STOP)
    assert board(g)["spaces"] == spaces
    assert_box(g, "british", "A32 Aerial Policing")


def test_a32_shaded_a_troop_leaves_each_space_with_a_base_for_a_city():
    """AERIAL POLICING shaded (A32), executed by the Rebels (they choose the
    Cities, 5.1): one Troop from Galilee (its Curfew goes with its last
    British piece, 1.12) and one from Samaria; Lydda has no Base and Haifa
    District's Base has no Troop."""
    spaces = {"Galilee": {"bases": 1, "troops": 1, "curfew": 1, "underground_guerrillas": 1},
              "Samaria": {"bases": 1, "troops": 3}, "Lydda": {"troops": 2},
              "Haifa District": {"bases": 1, "police": 1}}
    g = make(32, spaces, first="rebels", undrawn=deck([32], [31]), forced_chance=TWO_ONES)
    play(g, SHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "rebels"
    assert spaces_legal(g) == CITIES and STOP not in legal(g)
    play(g, space("Jerusalem City"))
    assert board(g)["spaces"]["Galilee"] == {"bases": 1, "underground_guerrillas": 1}   # Galilee's Troop first
    play(g, space("Tel Aviv-Jaffa"))
    b = board(g)
    assert b["spaces"] == {"Galilee": {"bases": 1, "underground_guerrillas": 1},
                           "Samaria": {"bases": 1, "troops": 2}, "Lydda": {"troops": 2},
                           "Haifa District": {"bases": 1, "police": 1},
                           "Jerusalem City": {"troops": 1}, "Tel Aviv-Jaffa": {"troops": 1}}
    assert b["available"] == avail(troops=9, police=8, guerrillas=14, bases=2)
    assert_box(g, "british", "A32 Aerial Policing")


def test_a32_shaded_executed_by_british_the_british_choose_the_cities():
    """A32 shaded names no faction, so the executing faction makes its
    choices (5.1): executed by the British, they pick the City."""
    g = make(32, {"Samaria": {"bases": 1, "troops": 1}}, undrawn=deck([32], [31]), forced_chance=TWO_ONES)
    play(g, SHADED)
    assert g.phase == "Event: choose a space" and g.current_agent == "british"
    play(g, space("Haifa City"))
    assert board(g)["spaces"] == {"Samaria": {"bases": 1}, "Haifa City": {"troops": 1}}


# =================================================================== A34 --

MUNICH_SPACES = {"Galilee": {"active_guerrillas": 1}, "Haifa City": {"troops": 1, "police": 1},
                 "Jerusalem District": {"troops": 2, "underground_guerrillas": 1},
                 "Tel Aviv-Jaffa": {"troops": 2}, "Lydda": {"police": 1},
                 "Syria": {"bases": 1, "underground_guerrillas": 1}}


def through_the_round(propaganda, upcoming, forced_after):
    """A19 in play, ``propaganda`` next and then ``upcoming``; 5 Troops Out of
    Play, a Guerrilla and a Base in Prison, TEGART FORTS in play with its 3
    Police. Both factions Pass (the British hold a Fine), the Propaganda
    Round runs with every option declined (the Rebels' Resources roll a 6
    against 1 Base; Foreign Assistance draws a 1), up to its Reset."""
    g = make(19, MUNICH_SPACES, first="rebels", undrawn=deck([19], [propaganda, upcoming]), out_of_play_troops=5,
             prison={"guerrillas": 1, "bases": 1}, police_on_tegart_forts=3, capabilities={"A28": "unshaded"},
             forced_chance=TWO_ONES + [5, 0] + forced_after)
    play(g, PASS_LIMITED, STOP, PASS_OP_SA, FINE)       # the Rebels place no Base
    d = g.to_dict()
    assert d["card"] == ("A34 Propaganda! (Munich Conference)" if propaganda == 34 else "A33 Propaganda!")
    # 6.1: 4 clear Railways +2; Galilee (1 Rebel, no British) -2; 7 clear Districts and Cities +3.
    assert d["political_will"] == 13
    play(g, STOP)                          # 6.2.1: keep no Punishment chit
    assert g.phase == "choose a space"     # 6.2.3: Foreign Assistance's Rally (a 1)
    play(g, STOP, STOP, STOP)              # no Rally; no Divide; no Mobilize (6.3)
    assert g.phase == "Redeploy: move Police from"
    play(g, STOP)                          # no Police move (6.4); then the Reset (6.5)
    return g


def test_a34_munich_reset_the_british_place_every_out_of_play_troop_in_cities():
    """PROPAGANDA! A34 (Munich Conference): at its Reset Phase (6.5), after
    Curfews, Prison and Underground are reset, the British place all 5 Out of
    Play Troops in Cities of their choice. The 3 Police on TEGART FORTS stay
    out of the game (A28)."""
    g = through_the_round(34, 32, TWO_ONES)
    assert g.phase == "Munich: Troop to a City" and g.current_agent == "british"
    assert spaces_legal(g) == CITIES
    play(g, *[space("Jerusalem City")] * 3, space("Haifa City"), space("Haifa City"))
    b = board(g)
    assert g.to_dict()["card"] == NEXT
    assert b["spaces"] == {"Galilee": {"underground_guerrillas": 1},
                           "Haifa City": {"troops": 3, "police": 1},
                           "Jerusalem District": {"troops": 2, "underground_guerrillas": 1},
                           "Tel Aviv-Jaffa": {"troops": 2}, "Lydda": {"police": 1},
                           "Jerusalem City": {"troops": 3},
                           "Syria": {"bases": 1, "underground_guerrillas": 1}}
    assert b["out_of_play_troops"] == 0 and b["police_on_tegart_forts"] == 3
    assert b["available"] == avail(troops=5, police=4, guerrillas=12, bases=4)
    assert b["prison"] == {"guerrillas": 0, "bases": 0}
    assert b["political_will"] == 13 and b["unity_track"] == 2
    assert b["punishment_chits"] == EMPTY_CHITS
    assert b["operations_chits"] == ops_chits(in_play=1)
    assert g.phase == "choose a box" and g.current_agent == "rebels"     # eligibility kept (6.0)


def test_a34_control_another_propaganda_card_leaves_the_troops_out_of_play():
    """Control (6.5): the Reset of A33 brings no Troop back."""
    g = through_the_round(33, 32, TWO_ONES)
    b = board(g)
    assert g.to_dict()["card"] == NEXT and g.phase == "choose a box"
    assert b["out_of_play_troops"] == 5
    assert b["spaces"]["Haifa City"] == {"troops": 1, "police": 1} and "Jerusalem City" not in b["spaces"]
    assert b["available"] == avail(troops=5, police=4, guerrillas=12, bases=4)


def test_a34_then_a24_punishes_twice_and_sends_five_troops_out_of_play():
    """A34 revealed, then A24 next: A24 is now "after Munich Conference": the
    British Punish twice (Detain in Jerusalem District and Haifa City, then
    Demolish in Haifa City) and send 5 Troops Out of Play."""
    g = through_the_round(34, 24, [0, 0, 1, 1] + TWO_ONES)
    play(g, *[space("Jerusalem City")] * 3, space("Haifa City"), space("Haifa City"))
    assert g.to_dict()["card"] == "A24 Tensions in Europe"
    assert g.current_agent == "british" and legal(g) == {STOP, sa("Punish")}
    play(g, sa("Punish"), space("Jerusalem District"), space("Haifa City"))      # two Detains: used at once
    assert legal(g) == {STOP, sa("Punish")}
    play(g, sa("Punish"), space("Haifa City"), STOP)                            # two Demolish: used at once
    assert g.phase == "Event: choose a space"
    play(g, *[space("Jerusalem City")] * 3, space("Tel Aviv-Jaffa"), space("Tel Aviv-Jaffa"))
    b = board(g)
    assert b["spaces"] == {"Galilee": {"underground_guerrillas": 1},
                           "Haifa City": {"troops": 3, "police": 1, "underground_guerrillas": 1},
                           "Jerusalem District": {"troops": 2, "opposition": 1},
                           "Lydda": {"police": 1},
                           "Syria": {"bases": 1, "underground_guerrillas": 1}}
    assert b["out_of_play_troops"] == 5
    assert b["prison"] == {"guerrillas": 1, "bases": 0}
    assert b["available"] == avail(troops=5, police=4, guerrillas=11, bases=4)
    assert b["punishment_chits"] == pun_chits(set_aside=["Detain", "Demolish"])
    assert_box(g, "rebels", "A24 Tensions in Europe")
