"""Arab Revolt events A1-A16 (5.0-5.4, 9.0) played from built positions.

Each test builds a position with ``make`` (arab_revolt_helpers), executes a
text through the Event box (or, for the Mandatory A11, reveals the card) and
checks the exact board afterwards: the map, Available, Prison, Political
Will, the Unity Track and, where they move, the chit pools and the
capabilities. Also checked: who makes each choice (5.1: the faction the text
names, else the executor), whether "may" / "up to" let the chooser stop,
Available-only placement and stacking (5.1.1, 1.4.1, 1.4.2), what happens
when not all of a text can be done (5.1.3), and that the card goes on to
the other faction (2.3.2). Capabilities (5.3: A1, A2, A8, A15) are checked
where they change a later Operation, Special Activity or chit. Readings of
unclear texts: docs/design/arab_revolt_decisions.md.

Forced chance: a die is forced 0-based (0 = a roll of 1); a draw from a cup
names a chit by its index among those in the cup, kind by kind (Operations
1s, 2s, 3s; Punishment Detain, Demolish, Fine). The Rebels draw two
Operations chits when they come to choose a box (2.3.4): [0, 0] gives two 1s,
taken at once and without effect (1.8.2).
"""

from arab_revolt_helpers import (
    DEMOLISH, DETAIN, EVENT_BOX, FINE, LIMITED_BOX, OP_SA_BOX, OPTION_1, OPTION_2, PASS_EVENT, PASS_LIMITED,
    PASS_OP_SA, SHADED, STOP, TRACK, UNSHADED, alt, count, legal, make, op, play, sa, space, spaces_legal,
)

ONES = [0, 0]            # the Rebels' draw: two 1-value Operations chits (taken at once, no effect)
NO_CHITS = {"held": [], "drawn": [], "set_aside": [], "in_play": None}


def av(troops=15, police=9, irregulars=6, guerrillas=15, bases=5):
    """An expected Available box."""
    return {"troops": troops, "police": police, "irregulars": irregulars, "guerrillas": guerrillas, "bases": bases}


def check(g, spaces, available, pw=10, unity=2, prison=(0, 0)):
    """The whole board: map, Available, Prison, Political Will, Unity."""
    d = g.to_dict()
    assert d["spaces"] == spaces
    assert d["available"] == available
    assert d["prison"] == {"guerrillas": prison[0], "bases": prison[1]}
    assert d["political_will"] == pw
    assert d["unity_track"] == unity


def pun(g):
    return g.to_dict()["punishment_chits"]


def ops(g):
    return g.to_dict()["operations_chits"]


def caps(g):
    return g.to_dict()["capabilities"]


def event_offered(g):
    return {side for side in (UNSHADED, SHADED) if side in legal(g)}


def assert_box_for(g, faction):
    """The event is over: the card's other faction chooses a box (2.3.2);
    the Event box is taken."""
    assert g.phase == "choose a box" and g.current_agent == faction
    acts = legal(g)
    assert UNSHADED not in acts and SHADED not in acts and PASS_EVENT not in acts


def rebels_pass_to_next_card(g):
    """The Rebels, 2nd Eligible, Pass in the Op & Special Activity box and
    place no Base (2.3.3): the British are 1st Eligible on the next card (2.3.6)."""
    play(g, PASS_OP_SA)
    if g.phase == "Pass: place a Base":
        g.apply(STOP)


# ------------------------------------------------------------------ A1 --

def test_a01_unshaded_detain_sends_one_more_guerrilla_to_prison_in_a_curfew_space():
    """A1 unshaded (5.3): executed, it stays in play; on the next card a
    Detain chit (1.7.2, 4.2.1) removes one more Guerrilla in a space with a
    Curfew (tip: each such selected space) and the usual one elsewhere."""
    spaces = {"Samaria": {"troops": 1, "police": 1, "underground_guerrillas": 2, "active_guerrillas": 1, "curfew": 1},
              "Lydda": {"troops": 1, "underground_guerrillas": 2},
              "Haifa City": {"police": 1}}
    g = make(1, spaces, forced_chance=ONES)
    g.apply(UNSHADED)
    assert caps(g) == {"A1": "unshaded"}
    check(g, spaces, av(troops=13, police=7, guerrillas=10))
    assert_box_for(g, "rebels")
    rebels_pass_to_next_card(g)
    assert g.to_dict()["card"] == "A32 Aerial Policing" and g.current_agent == "british"
    play(g, OP_SA_BOX, op("Patrol"))
    g.force_chance([0, 4])                                   # Punish draws Detain and Fine
    play(g, sa("Punish"), DETAIN, space("Samaria"), space("Lydda"))
    check(g, {"Samaria": {"troops": 1, "police": 1, "active_guerrillas": 1, "opposition": 1, "curfew": 1},
              "Lydda": {"troops": 1, "underground_guerrillas": 1, "opposition": 1},
              "Haifa City": {"police": 1}},
          av(troops=13, police=7, guerrillas=10), prison=(3, 0))
    assert pun(g) == {"held": [], "drawn": [], "set_aside": ["Detain"], "in_play": None}
    assert caps(g) == {"A1": "unshaded"}


def test_a01_unshaded_curfew_space_with_one_guerrilla_loses_just_that_one():
    """A1 unshaded: the additional Guerrilla is removed only if there is one;
    Detain's Mobilization still adds Opposition (1.7.2)."""
    spaces = {"Gaza": {"troops": 2, "active_guerrillas": 1, "curfew": 1}, "Galilee": {"underground_guerrillas": 1}}
    g = make(32, spaces, capabilities={"A1": "unshaded"})
    play(g, OP_SA_BOX, op("Patrol"))
    g.force_chance([0, 0])                                   # Detain, Detain: one kind, used at once
    play(g, sa("Punish"))
    assert spaces_legal(g) == {"Gaza"}
    play(g, space("Gaza"))
    check(g, {"Gaza": {"troops": 2, "opposition": 1, "curfew": 1}, "Galilee": {"underground_guerrillas": 1}},
          av(troops=13, guerrillas=13), prison=(1, 0))
    assert pun(g) == {"held": [], "drawn": [], "set_aside": ["Detain"], "in_play": None}


def test_a01_shaded_rebels_spread_opposition_from_a_detain_space_already_at_opposition():
    """A1 shaded: after the Rebels execute it, the British Punish with Detain
    on the same card. Where the space was already at Opposition the Rebels
    (named) may add Opposition to one adjacent District or City (1.6); where
    Detain itself placed the Opposition, nothing spreads."""
    spaces = {"Samaria": {"troops": 1, "underground_guerrillas": 1, "opposition": 1},
              "Lydda": {"troops": 1, "underground_guerrillas": 1},
              "Haifa District": {"police": 1, "opposition": 1},
              "Tel Aviv-Haifa Railway": {"police": 1}}
    g = make(1, spaces, first="rebels", forced_chance=ONES)
    g.apply(SHADED)
    assert caps(g) == {"A1": "shaded"}
    check(g, spaces, av(troops=13, police=7, guerrillas=13))
    assert_box_for(g, "british")
    play(g, OP_SA_BOX, op("Patrol"))
    g.force_chance([0, 0])                                   # Detain, Detain
    play(g, sa("Punish"), space("Samaria"))
    assert g.phase == "Detain: Opposition spreads to" and g.current_agent == "rebels"
    assert spaces_legal(g) == {"Galilee", "Lydda", "Jerusalem District"}   # no Railway, no Opposition yet
    assert STOP in legal(g)                                  # "may"
    play(g, space("Jerusalem District"))
    assert g.current_agent == "british"
    play(g, space("Lydda"))                                  # Lydda had no Opposition: no spread
    assert g.phase == "choose a space" and g.current_agent == "british"
    check(g, {"Samaria": {"troops": 1, "opposition": 1},
              "Lydda": {"troops": 1, "opposition": 1},
              "Haifa District": {"police": 1, "opposition": 1},
              "Jerusalem District": {"opposition": 1},
              "Tel Aviv-Haifa Railway": {"police": 1}},
          av(troops=13, police=7, guerrillas=13), prison=(2, 0))
    assert pun(g)["set_aside"] == ["Detain"]


def test_a01_shaded_rebels_may_decline_the_spread():
    """A1 shaded: "may": the Rebels add no Opposition."""
    spaces = {"Gaza": {"troops": 1, "active_guerrillas": 1, "opposition": 1}}
    g = make(32, spaces, capabilities={"A1": "shaded"})
    play(g, OP_SA_BOX, op("Patrol"))
    g.force_chance([0, 0])
    play(g, sa("Punish"), space("Gaza"))
    assert g.current_agent == "rebels" and spaces_legal(g) == {"Lydda", "Jerusalem District"}
    play(g, STOP)
    check(g, {"Gaza": {"troops": 1, "opposition": 1}}, av(troops=14, guerrillas=14), prison=(1, 0))


# ------------------------------------------------------------------ A2 --

def test_a02_unshaded_adds_one_to_the_coordinate_roll():
    """A2 unshaded: +1 to every roll against the Rebel Bases on the map; a
    later Coordinate (4.3.2) rolling 2 with two Bases (Syria's counts) fails
    to shift Unity, though the chit still gains its +1."""
    spaces = {"Samaria": {"bases": 1, "underground_guerrillas": 1}, "Syria": {"bases": 1, "underground_guerrillas": 1}}
    g = make(2, spaces, first="rebels", forced_chance=ONES + ONES)
    g.apply(UNSHADED)
    assert caps(g) == {"A2": "unshaded"}
    check(g, spaces, av(guerrillas=13, bases=3))
    assert_box_for(g, "british")
    play(g, PASS_OP_SA, DETAIN)                              # the Rebels stay 1st Eligible (2.3.6)
    assert g.to_dict()["card"] == "A32 Aerial Policing" and g.current_agent == "rebels"
    play(g, OP_SA_BOX, op("Rally"))
    g.force_chance([1])                                      # a 2: 2 + 1 > 2 Bases
    play(g, sa("Coordinate"))
    check(g, spaces, av(guerrillas=13, bases=3), unity=2)
    assert ops(g)["in_play"] == 1 and ops(g)["coordinate_bonus"] == 1


def test_a02_shaded_subtracts_one_from_the_coordinate_roll():
    """A2 shaded: -1; a Coordinate roll of 3 with two Bases succeeds: Unity
    one step toward Centralized."""
    spaces = {"Samaria": {"bases": 1, "underground_guerrillas": 1}, "Syria": {"bases": 1, "underground_guerrillas": 1}}
    g = make(32, spaces, first="rebels", capabilities={"A2": "shaded"}, forced_chance=ONES)
    play(g, OP_SA_BOX, op("Rally"))
    g.force_chance([2])                                      # a 3: 3 - 1 <= 2 Bases
    play(g, sa("Coordinate"))
    check(g, spaces, av(guerrillas=13, bases=3), unity=3)
    assert ops(g)["coordinate_bonus"] == 1


def test_a02_shaded_executed_records_the_capability():
    """A2 shaded (5.3): the capability is in play for the rest of the game; the
    board is untouched."""
    spaces = {"Samaria": {"bases": 1, "underground_guerrillas": 1}}
    g = make(2, spaces, forced_chance=ONES)
    g.apply(SHADED)
    assert caps(g) == {"A2": "shaded"}
    check(g, spaces, av(guerrillas=14, bases=4))
    assert_box_for(g, "rebels")


# ------------------------------------------------------------------ A3 --

def _a3_unshaded_position(unity):
    spaces = {"Samaria": {"troops": 1, "underground_irregulars": 1, "underground_guerrillas": 1},
              "Lydda": {"underground_guerrillas": 2},
              "Galilee": {"underground_irregulars": 1}}
    return make(3, spaces, first="rebels", unity=unity, forced_chance=ONES)


def test_a03_unshaded_british_divide_by_activation_then_also_roll():
    """A3 unshaded: executed by the Rebels, the British (named) decide; they
    Divide by Activating an Irregular (4.2.2: replace a Guerrilla in or
    adjacent) and then also roll (tip: both options in turn); a 3 with three
    Irregulars on the map shifts Unity toward Decentralized."""
    g = _a3_unshaded_position(unity=1)                        # Unity value 2 (6.6.2)
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Special Activity after the Operation"
    assert legal(g) == {STOP, sa("Divide")}                   # "may"
    play(g, sa("Divide"))
    assert spaces_legal(g) == {"Samaria", "Galilee"} and TRACK in legal(g)
    play(g, space("Samaria"))
    assert g.phase == "Divide: Guerrilla to replace" and spaces_legal(g) == {"Samaria", "Lydda"}
    play(g, space("Lydda"))
    assert TRACK in legal(g)                                  # the roll after the activations
    g.force_chance([2])
    play(g, TRACK)
    check(g, {"Samaria": {"troops": 1, "active_irregulars": 1, "underground_guerrillas": 1},
              "Lydda": {"underground_irregulars": 1, "underground_guerrillas": 1},
              "Galilee": {"underground_irregulars": 1}},
          av(troops=14, irregulars=3, guerrillas=13), unity=0)
    assert_box_for(g, "british")


def test_a03_unshaded_roll_follows_even_when_the_activations_use_every_space():
    """A3 unshaded: at Unity value 1 one activation uses Divide's one space;
    the text still grants the roll afterwards (tip: both options in turn)."""
    g = _a3_unshaded_position(unity=2)                        # Unity value 1
    play(g, UNSHADED, sa("Divide"), space("Samaria"), space("Lydda"))
    assert g.current_agent == "british" and TRACK in legal(g)
    g.force_chance([0])
    play(g, TRACK)
    check(g, {"Samaria": {"troops": 1, "active_irregulars": 1, "underground_guerrillas": 1},
              "Lydda": {"underground_irregulars": 1, "underground_guerrillas": 1},
              "Galilee": {"underground_irregulars": 1}},
          av(troops=14, irregulars=3, guerrillas=13), unity=1)


def test_a03_unshaded_british_may_decline():
    """A3 unshaded: "may": no Divide, nothing changes."""
    g = _a3_unshaded_position(unity=2)
    play(g, UNSHADED, STOP)
    check(g, {"Samaria": {"troops": 1, "underground_irregulars": 1, "underground_guerrillas": 1},
              "Lydda": {"underground_guerrillas": 2},
              "Galilee": {"underground_irregulars": 1}},
          av(troops=14, irregulars=4, guerrillas=12))
    assert_box_for(g, "british")


def test_a03_shaded_rebels_replace_two_irregulars_and_unity_toward_centralized():
    """A3 shaded: executed by the British, the Rebels (named) choose; two
    Irregulars become Underground Guerrillas (1.4.3), then Unity one step
    toward Centralized."""
    spaces = {"Samaria": {"troops": 1, "underground_irregulars": 1},
              "Lydda": {"police": 1, "active_irregulars": 1},
              "Gaza": {"underground_irregulars": 1}}
    g = make(3, spaces, forced_chance=ONES)
    g.apply(SHADED)
    assert g.current_agent == "rebels" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Samaria", "Lydda", "Gaza"} and STOP in legal(g)
    play(g, space("Samaria"), space("Lydda"))
    check(g, {"Samaria": {"troops": 1, "underground_guerrillas": 1},
              "Lydda": {"police": 1, "underground_guerrillas": 1},
              "Gaza": {"underground_irregulars": 1}},
          av(troops=14, police=8, irregulars=5, guerrillas=13), unity=3)
    assert_box_for(g, "rebels")


def test_a03_shaded_rebels_may_replace_fewer_unity_still_shifts():
    """A3 shaded: "may": one replacement only; the Unity shift is not
    conditional on the replacements."""
    spaces = {"Samaria": {"troops": 1, "underground_irregulars": 2}}
    g = make(3, spaces, first="rebels", forced_chance=ONES)
    play(g, SHADED, space("Samaria"), STOP)
    check(g, {"Samaria": {"troops": 1, "underground_irregulars": 1, "underground_guerrillas": 1}},
          av(troops=14, irregulars=5, guerrillas=14), unity=3)
    assert_box_for(g, "british")


def test_a03_shaded_without_available_guerrillas_the_irregular_is_just_removed():
    """A3 shaded: events place only Available pieces and remove rather than
    replace when none is (5.1.1, 1.4.1): the Guerrilla is not taken from the
    map or Prison."""
    spaces = {"Samaria": {"troops": 1, "underground_irregulars": 1}, "Galilee": {"underground_guerrillas": 1}}
    g = make(3, spaces, forced_chance=ONES, prison={"guerrillas": 14})
    play(g, SHADED, space("Samaria"))
    check(g, {"Samaria": {"troops": 1}, "Galilee": {"underground_guerrillas": 1}},
          av(troops=14, irregulars=6, guerrillas=0), unity=3, prison=(14, 0))


def test_a03_shaded_with_no_irregular_on_the_map_still_shifts_unity():
    """A3 shaded: with no Irregular to replace the rest of the text can still
    be carried out (5.1.3): Unity one step toward Centralized."""
    spaces = {"Samaria": {"troops": 1, "underground_guerrillas": 1}}
    g = make(3, spaces, forced_chance=ONES)
    assert SHADED in legal(g)
    g.apply(SHADED)
    check(g, spaces, av(troops=14, guerrillas=14), unity=3)


def test_a03_shaded_at_centralized_unity_stays():
    """A3 shaded: no shift past Centralized (6.6)."""
    spaces = {"Gaza": {"police": 1, "underground_irregulars": 1}}
    g = make(3, spaces, unity=4, forced_chance=ONES)
    play(g, SHADED, space("Gaza"))                          # the only Irregular: the pick ends
    check(g, {"Gaza": {"police": 1, "underground_guerrillas": 1}}, av(police=8, guerrillas=14), unity=4)


# ------------------------------------------------------------------ A4 --

FOUR_DISTRICTS = {"Galilee": {"troops": 1}, "Samaria": {"troops": 2, "underground_guerrillas": 1},
                  "Lydda": {"troops": 1}, "Gaza": {"troops": 1}, "Haifa City": {"troops": 1},
                  "Jerusalem District": {"police": 2}}


def test_a04_unshaded_one_irregular_each_in_up_to_three_districts_with_troops():
    """A4 unshaded: Districts with Troops only (no City, no District without
    Troops), one Irregular each, three at most."""
    g = make(4, FOUR_DISTRICTS, forced_chance=ONES)
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Galilee", "Samaria", "Lydda", "Gaza"}
    play(g, space("Galilee"))
    assert spaces_legal(g) == {"Samaria", "Lydda", "Gaza"}     # one each
    play(g, space("Samaria"), space("Gaza"))
    check(g, {"Galilee": {"troops": 1, "underground_irregulars": 1},
              "Samaria": {"troops": 2, "underground_irregulars": 1, "underground_guerrillas": 1},
              "Lydda": {"troops": 1}, "Gaza": {"troops": 1, "underground_irregulars": 1},
              "Haifa City": {"troops": 1}, "Jerusalem District": {"police": 2}},
          av(troops=9, police=7, irregulars=3, guerrillas=14))
    assert_box_for(g, "rebels")


def test_a04_unshaded_only_available_irregulars_are_placed():
    """A4 unshaded: events place only Available pieces (5.1.1): with two
    Irregulars Available, two are placed and none is taken from the map."""
    spaces = dict(FOUR_DISTRICTS, **{"Haifa District": {"police": 1, "underground_irregulars": 4}})
    g = make(4, spaces, forced_chance=ONES)
    play(g, UNSHADED, space("Lydda"), space("Gaza"))
    assert g.phase == "choose a box" and g.current_agent == "rebels"
    expected = dict(spaces, Lydda={"troops": 1, "underground_irregulars": 1},
                    Gaza={"troops": 1, "underground_irregulars": 1})
    check(g, expected, av(troops=9, police=6, irregulars=0, guerrillas=14))


def test_a04_unshaded_executing_rebels_choose_and_may_stop():
    """A4 unshaded names no faction: the executing Rebels choose (5.1), and
    "up to 3" lets them stop after one."""
    g = make(4, FOUR_DISTRICTS, first="rebels", forced_chance=ONES)
    g.apply(UNSHADED)
    assert g.current_agent == "rebels" and STOP in legal(g)
    play(g, space("Lydda"), STOP)
    check(g, dict(FOUR_DISTRICTS, Lydda={"troops": 1, "underground_irregulars": 1}),
          av(troops=9, police=7, irregulars=5, guerrillas=14))
    assert_box_for(g, "british")


def test_a04_shaded_political_will_minus_one_per_three_irregulars():
    """A4 shaded: -1 Political Will for every 3 Irregulars on the map: 5 give -1."""
    spaces = {"Galilee": {"troops": 1, "underground_irregulars": 2}, "Gaza": {"active_irregulars": 3}}
    g = make(4, spaces, forced_chance=ONES)
    g.apply(SHADED)
    check(g, spaces, av(troops=14, irregulars=1), pw=9)
    assert_box_for(g, "rebels")


def test_a04_shaded_six_irregulars_minus_two_never_below_zero():
    """A4 shaded: 6 Irregulars give -2; Political Will stops at 0 (5.1.1)."""
    spaces = {"Galilee": {"underground_irregulars": 3}, "Gaza": {"active_irregulars": 3}}
    g = make(4, spaces, first="rebels", forced_chance=ONES)
    g.apply(SHADED)
    check(g, spaces, av(irregulars=0), pw=8)
    g = make(4, spaces, pw=1, forced_chance=ONES)
    g.apply(SHADED)
    check(g, spaces, av(irregulars=0), pw=0)


def test_a04_shaded_not_offered_with_fewer_than_three_irregulars():
    """A4 shaded: two Irregulars make no group of three: nothing to do (5.1.3)."""
    g = make(4, {"Galilee": {"troops": 1, "underground_irregulars": 2}})
    assert event_offered(g) == {UNSHADED}


# ------------------------------------------------------------------ A5 --

def test_a05_unshaded_british_place_curfews_in_districts_with_troops_while_curfews_last():
    """A5 unshaded: executed by the Rebels, the British (named) place Curfews
    in Districts with Troops (not Cities, not a District with a Curfew);
    with one of the three Curfews already out only two can go (1.12)."""
    spaces = {"Galilee": {"troops": 1}, "Samaria": {"troops": 1, "underground_guerrillas": 1},
              "Lydda": {"troops": 2}, "Gaza": {"police": 1},
              "Haifa City": {"troops": 1}, "Jerusalem District": {"troops": 1, "curfew": 1}}
    g = make(5, spaces, first="rebels", forced_chance=ONES)
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Galilee", "Samaria", "Lydda"} and STOP in legal(g)
    play(g, space("Samaria"), space("Lydda"))
    check(g, dict(spaces, Samaria={"troops": 1, "underground_guerrillas": 1, "curfew": 1},
                  Lydda={"troops": 2, "curfew": 1}),
          av(troops=9, police=8, guerrillas=14))
    assert_box_for(g, "british")


def test_a05_unshaded_three_at_most_and_british_may_stop():
    """A5 unshaded: "up to 3": three Curfews when four Districts qualify; or
    the British stop after one."""
    spaces = {"Galilee": {"troops": 1}, "Samaria": {"troops": 1}, "Lydda": {"troops": 1}, "Gaza": {"troops": 1}}
    g = make(5, spaces, forced_chance=ONES)
    play(g, UNSHADED, space("Galilee"), space("Lydda"), space("Gaza"))
    check(g, {"Galilee": {"troops": 1, "curfew": 1}, "Samaria": {"troops": 1},
              "Lydda": {"troops": 1, "curfew": 1}, "Gaza": {"troops": 1, "curfew": 1}}, av(troops=11))
    assert_box_for(g, "rebels")
    g = make(5, spaces, forced_chance=ONES)
    play(g, UNSHADED, space("Samaria"), STOP)
    check(g, dict(spaces, Samaria={"troops": 1, "curfew": 1}), av(troops=11))
    assert_box_for(g, "rebels")


def test_a05_shaded_rebels_march_out_of_every_district_with_a_curfew():
    """A5 shaded: executed by the British, the Rebels (named) March (3.3.2)
    from the Districts with Curfews only (not a City with one, not a District
    without); a group of two joining two Troops on a Railway turns Active."""
    spaces = {"Samaria": {"troops": 1, "underground_guerrillas": 2, "active_guerrillas": 1, "curfew": 1},
              "Lydda": {"police": 1, "underground_guerrillas": 1, "curfew": 1},
              "Gaza": {"underground_guerrillas": 2},
              "Haifa City": {"troops": 1, "underground_guerrillas": 1, "curfew": 1},
              "Tel Aviv-Haifa Railway": {"troops": 2}}
    g = make(5, spaces, forced_chance=ONES)
    g.apply(SHADED)
    assert g.current_agent == "rebels" and g.phase == "choose a space"
    assert spaces_legal(g) == {"Samaria", "Lydda"}
    play(g, space("Samaria"), space("Tel Aviv-Haifa Railway"), count(2), STOP)
    play(g, space("Haifa District"), STOP, count(1))
    play(g, space("Lydda"), space("Gaza"), count(1))
    assert g.phase == "choose a space" and spaces_legal(g) == set()   # Gaza and Haifa City are no origins
    play(g, STOP)
    check(g, {"Samaria": {"troops": 1, "curfew": 1},
              "Tel Aviv-Haifa Railway": {"troops": 2, "active_guerrillas": 2},
              "Haifa District": {"active_guerrillas": 1},
              "Lydda": {"police": 1, "curfew": 1},
              "Gaza": {"underground_guerrillas": 3},
              "Haifa City": {"troops": 1, "underground_guerrillas": 1, "curfew": 1}},
          av(troops=11, police=8, guerrillas=8))
    assert_box_for(g, "rebels")


def test_a05_shaded_rebels_may_march_nowhere():
    """A5 shaded: "may": the Rebels move nobody."""
    spaces = {"Samaria": {"troops": 1, "underground_guerrillas": 2, "curfew": 1}}
    g = make(5, spaces, first="rebels", forced_chance=ONES)
    play(g, SHADED, STOP)
    check(g, spaces, av(troops=14, guerrillas=13))
    assert_box_for(g, "british")


def test_a05_shaded_not_offered_without_a_curfew_district():
    """A5 shaded: a Curfew in a City only: no District to March from (5.1.3)."""
    g = make(5, {"Haifa City": {"troops": 1, "underground_guerrillas": 1, "curfew": 1}, "Lydda": {"troops": 1}})
    assert event_offered(g) == {UNSHADED}
