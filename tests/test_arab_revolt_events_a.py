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
    PASS_OP_SA, SHADED, STOP, TRACK, UNSHADED, count, legal, make, op, ops_chit, play, sa, space, spaces_legal,
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


def _resources_phase_roll(capability, die):
    """Both factions Pass on A16; A33 (Propaganda) comes next: the Political
    Will Phase (6.1: +2 Railways, +4 clear spaces, -2 Samaria, -1 its Base),
    then the British keep no chit and the Rebels roll (6.2.2) ``die``
    (0-based) against two Bases on the map."""
    spaces = {"Samaria": {"troops": 1, "underground_guerrillas": 1, "bases": 1},
              "Syria": {"underground_guerrillas": 1, "bases": 1}}
    undrawn = [33] + [c for c in range(31, 0, -1) if c not in (11, 16, 24)][:16] + [34, 35, 32]
    g = make(16, spaces, undrawn=undrawn, capabilities={"A2": capability}, forced_chance=ONES)
    play(g, PASS_LIMITED, DETAIN, PASS_OP_SA, STOP)
    assert g.to_dict()["card"] == "A33 Propaganda!" and g.phase == "Resources: Punishment chit to keep"
    g.force_chance([die, 0])                                  # the roll, then Foreign Assistance draws a 1
    play(g, STOP)
    check(g, spaces, av(troops=14, guerrillas=13, bases=3), pw=13)
    return g


def test_a02_unshaded_adds_one_to_the_resources_phase_roll():
    """A2 unshaded (tip: the Resources Phase roll): a 2 counts as 3, above the
    two Bases: no Unity shift or chit; Foreign Assistance follows (6.2.3)."""
    g = _resources_phase_roll("unshaded", 1)
    assert g.phase == "choose a space" and g.current_agent == "rebels"
    assert spaces_legal(g) == {"Lebanon", "Syria"}


def test_a02_shaded_subtracts_one_from_the_resources_phase_roll():
    """A2 shaded: a 3 counts as 2, at the two Bases: the Rebels choose Unity or
    a chit (6.2.2)."""
    g = _resources_phase_roll("shaded", 2)
    assert g.phase == "Resources: Unity or a chit" and g.current_agent == "rebels"
    assert TRACK in legal(g)


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


# ------------------------------------------------------------------ A6 --

A6_SPACES = {"Samaria": {"troops": 1, "opposition": 1},
             "Lydda": {"troops": 2, "underground_guerrillas": 1},
             "Gaza": {"police": 1, "opposition": 1},
             "Haifa City": {"troops": 1, "opposition": 1},
             "Galilee": {"troops": 1, "opposition": 1}}


def test_a06_unshaded_british_use_a_drawn_demolish_in_two_spaces_with_troops():
    """A6 unshaded: executed by the Rebels, the British (named) draw two chits
    (Demolish and Fine); the Demolish is used in two spaces with Troops
    (1.7.2: Opposition off, then a Guerrilla placed); the Fine goes back to
    the pool and the Demolish is set aside (1.7.1)."""
    g = make(6, A6_SPACES, first="rebels", forced_chance=ONES + [2, 4])
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Galilee", "Samaria", "Lydda", "Haifa City"}    # Gaza: no Troops
    assert pun(g)["drawn"] == ["Demolish", "Fine"]
    play(g, space("Samaria"), space("Haifa City"))
    check(g, dict(A6_SPACES, Samaria={"troops": 1, "underground_guerrillas": 1},
                  **{"Haifa City": {"troops": 1, "underground_guerrillas": 1}}),
          av(troops=10, police=8, guerrillas=12))
    assert pun(g) == {"held": [], "drawn": [], "set_aside": ["Demolish"], "in_play": None}
    assert_box_for(g, "british")


def test_a06_unshaded_two_demolish_drawn_are_used_in_four_spaces():
    """A6 unshaded: every Demolish drawn is used, each in two spaces: two
    Demolish chits act in four (distinct) spaces; a space without Opposition still gets its
    Guerrilla (Mobilization); both chits are set aside."""
    g = make(6, A6_SPACES, forced_chance=[2, 2] + ONES)
    play(g, UNSHADED, space("Galilee"), space("Samaria"), space("Lydda"), space("Haifa City"))
    check(g, {"Samaria": {"troops": 1, "underground_guerrillas": 1},
              "Lydda": {"troops": 2, "underground_guerrillas": 2},
              "Gaza": {"police": 1, "opposition": 1},
              "Haifa City": {"troops": 1, "underground_guerrillas": 1},
              "Galilee": {"troops": 1, "underground_guerrillas": 1}},
          av(troops=10, police=8, guerrillas=10))
    assert pun(g) == {"held": [], "drawn": [], "set_aside": ["Demolish", "Demolish"], "in_play": None}
    assert_box_for(g, "rebels")


def test_a06_unshaded_a_demolish_the_british_leave_unused_returns_to_the_pool():
    """A6 unshaded: the British may use the Demolish drawn; the text returns
    the chits not used to the pool (1.7.1: only used chits are set aside).
    The British use neither, so the Demolish goes back with the Fine."""
    g = make(6, A6_SPACES, forced_chance=[2, 4] + ONES)
    play(g, UNSHADED, STOP)
    check(g, A6_SPACES, av(troops=10, police=8, guerrillas=14))
    assert pun(g) == NO_CHITS
    assert_box_for(g, "rebels")


def test_a06_unshaded_no_demolish_drawn_both_chits_go_back():
    """A6 unshaded: Detain and Fine drawn: nothing to use; both return to the
    pool."""
    g = make(6, A6_SPACES, forced_chance=[0, 3] + ONES)
    g.apply(UNSHADED)
    check(g, A6_SPACES, av(troops=10, police=8, guerrillas=14))
    assert pun(g) == NO_CHITS
    assert_box_for(g, "rebels")


def test_a06_unshaded_demolish_places_only_an_available_guerrilla():
    """A6 unshaded: the Mobilization Guerrilla comes from Available only
    (5.1.1): none Available, the Opposition is removed and nothing placed."""
    spaces = {"Samaria": {"troops": 1, "opposition": 1}, "Galilee": {"underground_guerrillas": 1}}
    g = make(6, spaces, forced_chance=[2, 4] + ONES, prison={"guerrillas": 14})
    play(g, UNSHADED, space("Samaria"))
    check(g, {"Samaria": {"troops": 1}, "Galilee": {"underground_guerrillas": 1}},
          av(troops=14, guerrillas=0), prison=(14, 0))
    assert pun(g)["set_aside"] == ["Demolish"]


def test_a06_shaded_rebels_mobilize_with_guerrillas_at_curfews_not_opposition():
    """A6 shaded: executed by the British, the Rebels (named) Mobilize (4.3.1):
    Bases in a District with more Guerrillas than Irregulars and a Foreign
    Country; then a Guerrilla in each space with a Curfew (a District and a
    City), none where there is only Opposition."""
    spaces = {"Samaria": {"troops": 1, "underground_guerrillas": 1, "curfew": 1},
              "Lydda": {"police": 1, "opposition": 1},
              "Galilee": {"underground_irregulars": 1, "underground_guerrillas": 2},
              "Haifa City": {"troops": 1, "curfew": 1},
              "Lebanon": {"underground_guerrillas": 1}}
    g = make(6, spaces, forced_chance=ONES)
    g.apply(SHADED)
    assert g.current_agent == "rebels" and legal(g) == {STOP, sa("Mobilize")}
    play(g, sa("Mobilize"))
    assert spaces_legal(g) == {"Galilee", "Samaria", "Lebanon", "Syria"}
    play(g, space("Galilee"), space("Lebanon"))
    assert g.phase == "Mobilize: place a Guerrilla" and spaces_legal(g) == {"Samaria", "Haifa City"}
    play(g, space("Samaria"), space("Haifa City"))
    check(g, {"Samaria": {"troops": 1, "underground_guerrillas": 2, "curfew": 1},
              "Lydda": {"police": 1, "opposition": 1},
              "Galilee": {"underground_irregulars": 1, "underground_guerrillas": 2, "bases": 1},
              "Haifa City": {"troops": 1, "underground_guerrillas": 1, "curfew": 1},
              "Lebanon": {"underground_guerrillas": 1, "bases": 1}},
          av(troops=13, police=8, irregulars=5, guerrillas=9, bases=3))
    assert_box_for(g, "rebels")


def test_a06_shaded_rebels_may_decline():
    """A6 shaded: "may": no Mobilize, nothing changes."""
    spaces = {"Samaria": {"troops": 1, "underground_guerrillas": 1, "curfew": 1}}
    g = make(6, spaces, first="rebels", forced_chance=ONES)
    play(g, SHADED, STOP)
    check(g, spaces, av(troops=14, guerrillas=14))
    assert_box_for(g, "british")


# ------------------------------------------------------------------ A7 --

A7_IRREGULARS = {"Galilee": {"troops": 1, "underground_irregulars": 2}, "Gaza": {"police": 1, "active_irregulars": 1}}


def test_a07_unshaded_each_roll_at_or_under_the_irregulars_shifts_unity():
    """A7 unshaded: two rolls against three Irregulars on the map: a 2 shifts
    Unity one step toward Decentralized, a 6 does not."""
    g = make(7, A7_IRREGULARS, forced_chance=[1, 5] + ONES)
    g.apply(UNSHADED)
    check(g, A7_IRREGULARS, av(troops=14, police=8, irregulars=3), unity=1)
    assert_box_for(g, "rebels")


def test_a07_unshaded_two_successes_past_decentralized_give_political_will():
    """A7 unshaded: a 3 (equal counts) and a 1 from box 1: Decentralized, then
    +1 Political Will for the shift beyond it (6.6.4)."""
    g = make(7, A7_IRREGULARS, unity=1, first="rebels", forced_chance=ONES + [2, 0])
    g.apply(UNSHADED)
    check(g, A7_IRREGULARS, av(troops=14, police=8, irregulars=3), unity=0, pw=11)
    assert_box_for(g, "british")


def test_a07_unshaded_roll_against_irregulars_is_not_modified_by_central_war_committee():
    """A2 modifies rolls against the Rebel Bases only: with A2 unshaded in
    play, A7 unshaded's 3 against three Irregulars still succeeds."""
    g = make(7, A7_IRREGULARS, capabilities={"A2": "unshaded"}, forced_chance=[2, 5] + ONES)
    g.apply(UNSHADED)
    check(g, A7_IRREGULARS, av(troops=14, police=8, irregulars=3), unity=1)


def test_a07_unshaded_not_offered_without_irregulars_on_the_map():
    """A7 unshaded: no roll can be at or under 0 Irregulars: nothing to do."""
    g = make(7, {"Galilee": {"troops": 1}})
    assert UNSHADED not in legal(g)


A7_OPPOSITION = {"Samaria": {"troops": 1, "underground_guerrillas": 1, "bases": 1, "opposition": 1},
                 "Lydda": {"police": 1, "underground_guerrillas": 1, "opposition": 1},
                 "Galilee": {"underground_guerrillas": 2, "bases": 1},
                 "Haifa City": {"troops": 1, "underground_guerrillas": 1}}


def test_a07_shaded_roll_succeeds_rebels_limited_operation_in_each_opposition_space():
    """A7 shaded: executed by the British, a 2 with two Bases succeeds; the
    Rebels (named) carry out a Limited Operation in each Opposition space,
    one space each, of different types (tip): a Rally in Samaria, an Ambush
    in Lydda."""
    g = make(7, A7_OPPOSITION, forced_chance=[1] + ONES)
    g.apply(SHADED)
    assert g.current_agent == "rebels" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Samaria", "Lydda"}
    play(g, space("Samaria"), op("Rally"))
    assert spaces_legal(g) == {"Samaria"}                    # the Operation keeps to its space
    play(g, space("Samaria"), count(2))
    assert legal(g) == {STOP}                                # one space
    play(g, STOP)
    assert spaces_legal(g) == {"Lydda"}
    play(g, space("Lydda"), op("Ambush"), space("Lydda"), STOP)
    check(g, {"Samaria": {"troops": 1, "underground_guerrillas": 3, "bases": 1, "opposition": 1},
              "Lydda": {"active_guerrillas": 1, "opposition": 1},
              "Galilee": {"underground_guerrillas": 2, "bases": 1},
              "Haifa City": {"troops": 1, "underground_guerrillas": 1}},
          av(troops=13, police=9, guerrillas=8, bases=3))
    assert_box_for(g, "rebels")


def test_a07_shaded_roll_fails_nothing_happens():
    """A7 shaded: a 3 with two Bases fails: no Limited Operation."""
    g = make(7, A7_OPPOSITION, first="rebels", forced_chance=ONES + [2])
    g.apply(SHADED)
    check(g, A7_OPPOSITION, av(troops=13, police=8, guerrillas=10, bases=3))
    assert_box_for(g, "british")


def test_a07_shaded_roll_is_modified_by_central_war_committee():
    """A2 tip: A7's roll is one of those modified. Shaded A2: a 3 counts as 2
    and succeeds (the Rebels then may stop); unshaded A2: a 2 counts as 3 and
    fails."""
    g = make(7, A7_OPPOSITION, capabilities={"A2": "shaded"}, forced_chance=[2] + ONES)
    g.apply(SHADED)
    assert g.current_agent == "rebels" and spaces_legal(g) == {"Samaria", "Lydda"}
    play(g, STOP)
    check(g, A7_OPPOSITION, av(troops=13, police=8, guerrillas=10, bases=3))
    assert_box_for(g, "rebels")
    g = make(7, A7_OPPOSITION, capabilities={"A2": "unshaded"}, forced_chance=[1] + ONES)
    g.apply(SHADED)
    check(g, A7_OPPOSITION, av(troops=13, police=8, guerrillas=10, bases=3))
    assert_box_for(g, "rebels")


# ------------------------------------------------------------------ A8 --

A8_RAID = {"Samaria": {"bases": 1, "underground_guerrillas": 3},
           "Lydda": {"police": 1},
           "Haifa District": {"troops": 2, "police": 1},
           "Galilee": {"underground_guerrillas": 1}}


def _rally_then_raid_into_lydda(g):
    play(g, OP_SA_BOX, op("Rally"), space("Galilee"), sa("Raid"))
    assert spaces_legal(g) == {"Galilee", "Haifa District", "Lydda", "Jerusalem District", "Tel Aviv-Haifa Railway"}
    play(g, space("Lydda"), count(1), space("Lydda"))        # one Guerrilla from Samaria, Ambush the Police


def test_a08_unshaded_raid_selects_at_most_one_space():
    """A8 unshaded: executed by the British; the Rebels' Raid later that card
    ends after one space (4.3.3 would allow two, as the same Raid without the
    capability shows)."""
    g = make(8, A8_RAID, forced_chance=ONES)
    g.apply(UNSHADED)
    assert caps(g) == {"A8": "unshaded"}
    assert_box_for(g, "rebels")
    _rally_then_raid_into_lydda(g)
    assert g.phase == "choose a space" and legal(g) == {STOP}     # no second Raid space
    check(g, {"Samaria": {"bases": 1, "underground_guerrillas": 2},
              "Lydda": {"active_guerrillas": 1},
              "Haifa District": {"troops": 2, "police": 1},
              "Galilee": {"underground_guerrillas": 2}},
          av(troops=13, police=8, guerrillas=10, bases=4))
    g = make(32, A8_RAID, first="rebels", forced_chance=ONES)     # without A8: a second space is offered
    _rally_then_raid_into_lydda(g)
    assert g.phase == "Special Activity: space" and "Galilee" in spaces_legal(g)


def test_a08_shaded_ambush_in_a_district_may_send_a_troop_back_to_a_city():
    """A8 shaded: executed by the Rebels; on the next card their Ambush in a
    District lets them move one Troop there to a City of their choice; an
    Ambush in a City does not."""
    spaces = {"Haifa District": {"troops": 2, "police": 1, "underground_guerrillas": 1},
              "Haifa City": {"troops": 1, "police": 1, "underground_guerrillas": 1}}
    g = make(8, spaces, first="rebels", forced_chance=ONES + [2, 2])   # then two 2s on A32
    g.apply(SHADED)
    assert caps(g) == {"A8": "shaded"}
    assert_box_for(g, "british")
    play(g, PASS_OP_SA, FINE)
    assert g.to_dict()["card"] == "A32 Aerial Policing" and g.current_agent == "rebels"
    assert ops(g)["in_play"] == 2
    play(g, LIMITED_BOX, op("Ambush"), space("Haifa District"))
    assert g.phase == "Ambush: Troop back to a City" and g.current_agent == "rebels"
    assert spaces_legal(g) == {"Haifa City", "Tel Aviv-Jaffa", "Jerusalem City"} and STOP in legal(g)
    play(g, space("Jerusalem City"), space("Haifa City"))
    assert g.phase == "choose a space" and legal(g) == {STOP}   # Haifa City: no Troop step
    check(g, {"Haifa District": {"troops": 1, "active_guerrillas": 1},
              "Haifa City": {"troops": 1, "active_guerrillas": 1},
              "Jerusalem City": {"troops": 1}},
          av(troops=12, police=9, guerrillas=13))


# ------------------------------------------------------------------ A9 --

def test_a09_unshaded_executor_chooses_lebanon_its_bases_go_available_unity_down():
    """A9 unshaded: Bases in both Syria and Lebanon: the executing British
    choose one country; all its Bases go to Available (Guerrillas stay);
    Unity one step toward Decentralized."""
    spaces = {"Syria": {"bases": 1, "underground_guerrillas": 1},
              "Lebanon": {"bases": 2, "underground_guerrillas": 1},
              "Samaria": {"bases": 1}}
    g = make(9, spaces, forced_chance=ONES)
    g.apply(UNSHADED)
    assert g.phase == "Event: choose an option" and g.current_agent == "british"
    assert legal(g) == {OPTION_1, OPTION_2}                   # Syria, Lebanon
    play(g, OPTION_2)
    check(g, {"Syria": {"bases": 1, "underground_guerrillas": 1},
              "Lebanon": {"underground_guerrillas": 1},
              "Samaria": {"bases": 1}},
          av(guerrillas=13, bases=3), unity=1)
    assert_box_for(g, "rebels")


def test_a09_unshaded_only_syria_has_bases_and_decentralized_gives_political_will():
    """A9 unshaded: only Syria qualifies (no choice); at Decentralized the
    shift gives +1 Political Will instead (6.6.4)."""
    spaces = {"Syria": {"bases": 2, "underground_guerrillas": 1}, "Lebanon": {"underground_guerrillas": 2}}
    g = make(9, spaces, unity=0, first="rebels", forced_chance=[0])   # Decentralized: one chit drawn
    g.apply(UNSHADED)
    check(g, {"Syria": {"underground_guerrillas": 1}, "Lebanon": {"underground_guerrillas": 2}},
          av(guerrillas=12, bases=5), unity=0, pw=11)
    assert_box_for(g, "british")


def test_a09_unshaded_without_foreign_bases_still_shifts_unity():
    """A9 unshaded: no Base in Syria or Lebanon: the Unity shift can still be
    implemented (5.1.3)."""
    spaces = {"Syria": {"underground_guerrillas": 1}, "Samaria": {"bases": 1}}
    g = make(9, spaces, forced_chance=ONES)
    assert UNSHADED in legal(g)
    g.apply(UNSHADED)
    check(g, spaces, av(guerrillas=14, bases=4), unity=1)


A9_SHADED = {"Samaria": {"troops": 1, "underground_guerrillas": 1},
             "Lydda": {"police": 1, "underground_guerrillas": 1},
             "Syria": {"bases": 1, "underground_guerrillas": 1}}


def test_a09_shaded_rebels_unity_up_and_an_operation_with_their_chit():
    """A9 shaded: a Base in Syria: Unity one step toward Centralized; the
    Rebels may Operate (no Special Activity) in up to their chit's value (2)
    spaces; the chit's effect follows their turn as usual (2.3.4: a 2 lets
    the British remove an Active Guerrilla)."""
    g = make(9, A9_SHADED, first="rebels", forced_chance=[3, 3])      # two 2s
    assert ops(g)["in_play"] == 2
    g.apply(SHADED)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "rebels" and STOP in legal(g)
    assert g.to_dict()["unity_track"] == 3
    play(g, op("Sabotage"))
    assert sa("Coordinate") not in legal(g) and sa("Raid") not in legal(g)
    play(g, space("Samaria"), space("Lydda"))
    assert legal(g) == {STOP}                                  # two spaces
    play(g, STOP)
    assert g.phase == "Operations chit effect: Active Guerrilla" and g.current_agent == "british"
    play(g, space("Samaria"))
    check(g, {"Samaria": {"troops": 1, "opposition": 1},
              "Lydda": {"police": 1, "active_guerrillas": 1, "opposition": 1},
              "Syria": {"bases": 1, "underground_guerrillas": 1}},
          av(troops=14, police=8, guerrillas=13, bases=4), unity=3)
    assert ops(g)["set_aside"] == [2]
    assert_box_for(g, "british")


def test_a09_shaded_british_execute_before_the_rebels_chit_unity_only():
    """A9 shaded executed by the British 1st Eligible: Unity shifts; the Rebels
    have selected no chit yet, so no Operation (decisions: A9 shaded)."""
    g = make(9, A9_SHADED, forced_chance=ONES)
    g.apply(SHADED)
    check(g, A9_SHADED, av(troops=14, police=8, guerrillas=12, bases=4), unity=3)
    assert_box_for(g, "rebels")


def test_a09_shaded_british_executing_after_the_rebels_turn_grant_the_chit_selected_this_card():
    """A9 shaded executed by the British 2nd Eligible, after the Rebels selected
    a 2 chit and Passed on this card: the Rebels may Operate in up to 2
    spaces (decisions: the value of the chit the Rebels have selected this
    card; the set-aside chit still counts)."""
    g = make(9, A9_SHADED, first="rebels", forced_chance=[3, 3] + ONES)
    play(g, PASS_LIMITED, STOP)                               # no Base; no Active Guerrilla for the chit effect
    assert g.current_agent == "british" and ops(g)["set_aside"] == [2]
    g.apply(SHADED)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "rebels"
    play(g, op("Sabotage"), space("Samaria"), space("Lydda"), STOP)
    assert g.to_dict()["card"] == "A32 Aerial Policing"
    check(g, {"Samaria": {"troops": 1, "active_guerrillas": 1, "opposition": 1},
              "Lydda": {"police": 1, "active_guerrillas": 1, "opposition": 1},
              "Syria": {"bases": 1, "underground_guerrillas": 1}},
          av(troops=14, police=8, guerrillas=12, bases=4), unity=3)


def test_a09_shaded_not_offered_without_a_base_in_a_foreign_country():
    """A9 shaded: the condition fails (a Base in Palestine only): nothing to do."""
    g = make(9, {"Samaria": {"bases": 1}, "Syria": {"underground_guerrillas": 2}})
    assert SHADED not in legal(g)


# ----------------------------------------------------------------- A10 --

A10_SPACES = {"Lydda": {"police": 1, "underground_guerrillas": 1, "opposition": 1},
              "Haifa City": {"police": 2, "opposition": 1},
              "Samaria": {"troops": 1, "opposition": 1},
              "Gaza": {"police": 1}}


def test_a10_unshaded_british_remove_opposition_from_one_space_with_police():
    """A10 unshaded: executed by the Rebels, the British (named) choose one
    space with Police and Opposition (not Samaria: Troops only)."""
    g = make(10, A10_SPACES, first="rebels", forced_chance=ONES)
    g.apply(UNSHADED)
    assert g.current_agent == "british" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Lydda", "Haifa City"} and STOP in legal(g)
    play(g, space("Haifa City"))
    check(g, dict(A10_SPACES, **{"Haifa City": {"police": 2}}), av(troops=14, police=5, guerrillas=14))
    assert_box_for(g, "british")


def test_a10_unshaded_british_may_decline():
    g = make(10, A10_SPACES, forced_chance=ONES)
    play(g, UNSHADED, STOP)
    check(g, A10_SPACES, av(troops=14, police=5, guerrillas=14))
    assert_box_for(g, "rebels")


def test_a10_unshaded_not_offered_without_police_at_opposition():
    g = make(10, {"Samaria": {"troops": 1, "opposition": 1}, "Gaza": {"police": 1}})
    assert UNSHADED not in legal(g)


A10_POLICE = {"Lydda": {"police": 1, "underground_guerrillas": 1, "opposition": 1},
              "Haifa City": {"police": 1},
              "Samaria": {"troops": 1},
              "Tel Aviv-Haifa Railway": {"police": 1}}


def test_a10_shaded_detain_drawn_only_its_mobilization_in_two_police_spaces():
    """A10 shaded: executed by the British, the Rebels (named) draw Detain and
    resolve only its Mobilization (1.7.2): Opposition in two spaces with
    Police, no Guerrilla to Prison; the chit goes back to the pool."""
    g = make(10, A10_POLICE, forced_chance=[0] + ONES)
    g.apply(SHADED)
    assert g.current_agent == "rebels" and g.phase == "Event: choose a space"
    assert spaces_legal(g) == {"Lydda", "Haifa City", "Tel Aviv-Haifa Railway"} and STOP in legal(g)
    play(g, space("Lydda"), space("Haifa City"))
    check(g, dict(A10_POLICE, **{"Haifa City": {"police": 1, "opposition": 1}}),
          av(troops=14, police=6, guerrillas=14))
    assert pun(g) == NO_CHITS
    assert_box_for(g, "rebels")


def test_a10_shaded_demolish_drawn_places_guerrillas_and_leaves_opposition():
    """A10 shaded: Demolish's Mobilization only: a Guerrilla placed, the
    Opposition (Demolish's Punishment) stays."""
    g = make(10, A10_POLICE, first="rebels", forced_chance=ONES + [2])
    play(g, SHADED, space("Lydda"), space("Tel Aviv-Haifa Railway"))
    check(g, dict(A10_POLICE, Lydda={"police": 1, "underground_guerrillas": 2, "opposition": 1},
                  **{"Tel Aviv-Haifa Railway": {"police": 1, "underground_guerrillas": 1}}),
          av(troops=14, police=6, guerrillas=12))
    assert pun(g) == NO_CHITS
    assert_box_for(g, "british")


def test_a10_shaded_fine_drawn_does_nothing():
    """A10 tip: a Fine has no Mobilization: nothing happens wherever the
    Rebels resolve it (the engine still asks for the two spaces); it goes
    back to the pool."""
    g = make(10, A10_POLICE, forced_chance=[4] + ONES)
    g.apply(SHADED)
    if g.phase == "Event: choose a space":
        play(g, space("Lydda"), space("Haifa City"))
    check(g, A10_POLICE, av(troops=14, police=6, guerrillas=14))
    assert pun(g) == NO_CHITS
    assert_box_for(g, "rebels")


def test_a10_shaded_rebels_may_stop_after_one_space():
    g = make(10, A10_POLICE, forced_chance=[1] + ONES)
    play(g, SHADED, space("Haifa City"), STOP)
    check(g, dict(A10_POLICE, **{"Haifa City": {"police": 1, "opposition": 1}}),
          av(troops=14, police=6, guerrillas=14))
    assert_box_for(g, "rebels")


# ----------------------------------------------------------------- A11 --

def reveal_italian_aid(spaces, first="british", forced=(), **extra):
    """A16 in play with the British 1st Eligible; both factions Pass and A11
    is revealed next (5.4), ``first`` 1st Eligible on it (2.3.6)."""
    undrawn = [11] + [c for c in range(32, 0, -1) if c not in (11, 16, 24)][:16] + [33, 34, 35]
    g = make(16, spaces, undrawn=undrawn, forced_chance=ONES + list(forced), **extra)
    british_box, rebels_box = (PASS_LIMITED, PASS_OP_SA) if first == "british" else (PASS_OP_SA, PASS_LIMITED)
    play(g, british_box)
    if g.phase == "Pass: Punishment chit to hold":
        play(g, DETAIN)
    play(g, rebels_box)
    if g.phase == "Pass: place a Base":
        play(g, STOP)
    assert g.to_dict()["card"] == "A11 Italian Aid"
    return g


def assert_event_box_closed(g, faction):
    """5.4: after a Mandatory event the 1st Eligible chooses, the Event box closed."""
    assert g.phase == "choose a box" and g.current_agent == faction
    acts = legal(g)
    assert not {UNSHADED, SHADED, EVENT_BOX, PASS_EVENT} & acts
    assert {PASS_LIMITED, PASS_OP_SA} <= acts


def test_a11_rebels_one_limited_operation_per_foreign_country_with_rebel_pieces():
    """A11 (Mandatory, 5.4): on reveal, before the 1st Eligible British act,
    the Rebels (named) conduct two Limited Operations (Syria and Lebanon hold
    Rebel pieces), one space each and no chit (decisions), of different
    types (tip): a Rally in Lebanon, then an Ambush in Galilee."""
    spaces = {"Syria": {"bases": 1, "underground_guerrillas": 1},
              "Lebanon": {"underground_guerrillas": 1},
              "Galilee": {"police": 1, "underground_guerrillas": 1}}
    g = reveal_italian_aid(spaces)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "rebels"
    assert ops(g)["in_play"] is None and ops(g)["drawn"] == []
    play(g, op("Rally"), space("Lebanon"))
    assert legal(g) == {STOP}                                 # one space, no Special Activity
    play(g, STOP)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "rebels"
    play(g, op("Ambush"), space("Galilee"), STOP)
    check(g, {"Syria": {"bases": 1, "underground_guerrillas": 1},
              "Lebanon": {"underground_guerrillas": 2},
              "Galilee": {"active_guerrillas": 1}},
          av(police=9, guerrillas=11, bases=4))
    assert_event_box_closed(g, "british")
    assert pun(g)["held"] == ["Detain"] and ops(g)["set_aside"] == [1]


def test_a11_counts_only_foreign_countries_holding_rebel_pieces():
    """A11: Lebanon only (Syria empty; Galilee is in Palestine): one Limited
    Operation, which may be anywhere."""
    spaces = {"Lebanon": {"underground_guerrillas": 1}, "Galilee": {"police": 1, "underground_guerrillas": 1}}
    g = reveal_italian_aid(spaces)
    play(g, op("Rally"), space("Galilee"), STOP)
    check(g, {"Lebanon": {"underground_guerrillas": 1},
              "Galilee": {"police": 1, "underground_guerrillas": 2}},
          av(police=8, guerrillas=12))
    assert_event_box_closed(g, "british")


def test_a11_rebels_may_decline_each_limited_operation():
    """A11: "may": the Rebels decline both; nothing changes."""
    spaces = {"Syria": {"underground_guerrillas": 1}, "Lebanon": {"underground_guerrillas": 1}}
    g = reveal_italian_aid(spaces)
    play(g, STOP)
    assert g.phase == "Event: choose an Operation"
    play(g, STOP)
    check(g, spaces, av(guerrillas=13))
    assert_event_box_closed(g, "british")


def test_a11_transjordan_in_play_counts_as_a_foreign_country():
    """A11: after A30 shaded, Transjordan is a Foreign Country in play (1.3.7):
    three countries with Rebel pieces, three Limited Operations offered."""
    spaces = {"Syria": {"underground_guerrillas": 1}, "Lebanon": {"underground_guerrillas": 1},
              "Transjordan": {"underground_guerrillas": 1}}
    g = reveal_italian_aid(spaces, transjordan_egypt_in_play=True)
    for _ in range(3):
        assert g.phase == "Event: choose an Operation" and g.current_agent == "rebels"
        play(g, STOP)
    check(g, spaces, av(guerrillas=12))
    assert_event_box_closed(g, "british")


def test_a11_ignored_with_tegart_forts_in_play():
    """A11: with TEGART FORTS (A28) in play the Mandatory effect is ignored."""
    spaces = {"Syria": {"bases": 1, "underground_guerrillas": 1}, "Lebanon": {"underground_guerrillas": 1}}
    g = reveal_italian_aid(spaces, capabilities={"A28": "unshaded"}, police_on_tegart_forts=3)
    check(g, spaces, av(police=6, guerrillas=13, bases=4))
    assert_event_box_closed(g, "british")


def test_a11_no_foreign_country_with_rebel_pieces_does_nothing():
    spaces = {"Galilee": {"police": 1, "underground_guerrillas": 1, "bases": 1}}
    g = reveal_italian_aid(spaces)
    check(g, spaces, av(police=8, guerrillas=14, bases=4))
    assert_event_box_closed(g, "british")


def test_a11_rebels_first_eligible_draw_their_chits_after_italian_aid():
    """A11 resolves before the Rebels draw their Operations chits (5.4, 2.3.4;
    8.0: Italian Aid first, then the draw): the Limited Operation uses no
    chit, then a 1 and a 3 are drawn for their turn."""
    spaces = {"Syria": {"bases": 1, "underground_guerrillas": 1}}
    g = reveal_italian_aid(spaces, first="rebels", forced=[0, 6])   # the cup lacks A16's 1
    assert g.phase == "Event: choose an Operation" and ops(g)["drawn"] == []
    play(g, op("Rally"), space("Syria"), count(2), STOP)
    assert g.phase == "select an Operations chit" and g.current_agent == "rebels"
    assert ops(g)["drawn"] == [1, 3]
    play(g, ops_chit(3))
    assert_event_box_closed(g, "rebels")
    check(g, {"Syria": {"bases": 1, "underground_guerrillas": 3}}, av(guerrillas=12, bases=4))


# ----------------------------------------------------------------- A12 --

A12_SPACES = {"Samaria": {"troops": 1, "underground_guerrillas": 2},
              "Lydda": {"troops": 1, "opposition": 1},
              "Haifa City": {"troops": 1, "underground_guerrillas": 1}}


def test_a12_unshaded_british_punish_then_punish_again_with_the_held_chit():
    """A12 unshaded: executed by the Rebels, the British (named) Punish (4.2.1:
    draw two, use a Demolish), then Punish again with their held Detain, no
    draw (tip)."""
    g = make(12, A12_SPACES, first="rebels", forced_chance=ONES + [1, 2], punishment_chits={"held": ["Detain"]})
    g.apply(UNSHADED)
    assert g.current_agent == "british" and legal(g) == {STOP, sa("Punish")}
    play(g, sa("Punish"))
    assert pun(g)["drawn"] == ["Demolish", "Fine"]
    play(g, DEMOLISH, space("Lydda"), STOP)
    assert g.current_agent == "british" and legal(g) == {STOP, sa("Punish")}
    assert pun(g) == {"held": ["Detain"], "drawn": [], "set_aside": ["Demolish"], "in_play": None}
    play(g, sa("Punish"))
    assert pun(g)["drawn"] == [] and pun(g)["in_play"] == "Detain"      # the held chit, no draw
    play(g, space("Samaria"), space("Haifa City"))
    check(g, {"Samaria": {"troops": 1, "underground_guerrillas": 1, "opposition": 1},
              "Lydda": {"troops": 1, "underground_guerrillas": 1},
              "Haifa City": {"troops": 1, "opposition": 1}},
          av(troops=12, guerrillas=11), prison=(2, 0))
    assert pun(g) == {"held": [], "drawn": [], "set_aside": ["Detain", "Demolish"], "in_play": None}
    assert_box_for(g, "british")


def test_a12_unshaded_no_second_punish_without_a_held_chit():
    """A12 unshaded: holding no chit, the British Punish once only."""
    g = make(12, A12_SPACES, forced_chance=[0, 4] + ONES)
    play(g, UNSHADED, sa("Punish"), DETAIN, space("Samaria"), STOP)
    check(g, dict(A12_SPACES, Samaria={"troops": 1, "underground_guerrillas": 1, "opposition": 1}),
          av(troops=12, guerrillas=12), prison=(1, 0))
    assert pun(g) == {"held": [], "drawn": [], "set_aside": ["Detain"], "in_play": None}
    assert_box_for(g, "rebels")


def test_a12_shaded_half_the_irregulars_rounded_down_go_available():
    """A12 shaded: 5 Irregulars on the map: 2 go to Available, chosen by the
    executing Rebels (5.1), no stopping short."""
    spaces = {"Galilee": {"troops": 1, "underground_irregulars": 2}, "Gaza": {"police": 1, "active_irregulars": 2},
              "Lydda": {"troops": 1, "underground_irregulars": 1}}
    g = make(12, spaces, first="rebels", forced_chance=ONES)
    g.apply(SHADED)
    assert g.current_agent == "rebels" and g.phase == "Event: choose a space" and STOP not in legal(g)
    assert spaces_legal(g) == {"Galilee", "Gaza", "Lydda"}
    play(g, space("Gaza"), space("Gaza"))
    check(g, dict(spaces, Gaza={"police": 1}), av(troops=13, police=8, irregulars=3))
    assert_box_for(g, "british")


def test_a12_shaded_not_offered_with_one_irregular():
    """A12 shaded: half of 1 rounded down is 0: nothing to do."""
    g = make(12, {"Galilee": {"troops": 1, "underground_irregulars": 1}})
    assert SHADED not in legal(g)


# ----------------------------------------------------------------- A13 --

def test_a13_unshaded_british_limited_operations_per_rebel_piece_in_prison():
    """A13 unshaded: a Guerrilla and a Base in Prison: executed by the Rebels,
    the British (named) conduct two Limited Operations (2.3.5: one space
    each), of different types (tip): an Assault, then a Deploy."""
    spaces = {"Samaria": {"troops": 2, "active_guerrillas": 2}, "Lydda": {"troops": 1}}
    g = make(13, spaces, first="rebels", forced_chance=ONES, prison={"guerrillas": 1, "bases": 1})
    g.apply(UNSHADED)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "british" and STOP in legal(g)
    play(g, op("Assault"), space("Samaria"))
    assert legal(g) == {STOP}                                 # one space
    play(g, STOP)
    assert g.phase == "Event: choose an Operation" and g.current_agent == "british"
    play(g, op("Deploy"), space("Lydda"), count(2), STOP, STOP)   # two Police, no Curfew
    check(g, {"Samaria": {"troops": 2}, "Lydda": {"troops": 1, "police": 2}},
          av(troops=12, police=7, guerrillas=14, bases=4), prison=(1, 1))
    assert_box_for(g, "british")


def test_a13_unshaded_at_most_three_limited_operations():
    """A13 unshaded: five pieces in Prison still give three Limited Operations."""
    spaces = {"Galilee": {"troops": 1}, "Lydda": {"troops": 1}, "Gaza": {"troops": 1}, "Samaria": {"troops": 1}}
    g = make(13, spaces, forced_chance=ONES, prison={"guerrillas": 5})
    g.apply(UNSHADED)
    for name in ("Galilee", "Lydda", "Gaza"):
        assert g.phase == "Event: choose an Operation" and g.current_agent == "british"
        play(g, op("Deploy"), space(name), count(1), STOP, STOP)
    check(g, {"Galilee": {"troops": 1, "police": 1}, "Lydda": {"troops": 1, "police": 1},
              "Gaza": {"troops": 1, "police": 1}, "Samaria": {"troops": 1}},
          av(troops=11, police=6, guerrillas=10), prison=(5, 0))
    assert_box_for(g, "rebels")


def test_a13_shaded_political_will_minus_one_per_piece_in_prison():
    """A13 shaded: two Guerrillas and a Base in Prison: -3."""
    g = make(13, {}, forced_chance=ONES, prison={"guerrillas": 2, "bases": 1})
    g.apply(SHADED)
    check(g, {}, av(guerrillas=13, bases=4), pw=7, prison=(2, 1))
    assert_box_for(g, "rebels")


def test_a13_shaded_at_most_three():
    """A13 shaded: five in Prison: -3 only; one: -1."""
    g = make(13, {}, forced_chance=ONES, prison={"guerrillas": 5})
    g.apply(SHADED)
    check(g, {}, av(guerrillas=10), pw=7, prison=(5, 0))
    g = make(13, {}, first="rebels", forced_chance=ONES, prison={"guerrillas": 1})
    g.apply(SHADED)
    check(g, {}, av(guerrillas=14), pw=9, prison=(1, 0))


def test_a13_not_offered_with_an_empty_prison():
    g = make(13, {"Samaria": {"troops": 1, "underground_guerrillas": 1}})
    assert event_offered(g) == set()


# ----------------------------------------------------------------- A14 --

def test_a14_unshaded_opposition_off_every_space_with_a_curfew():
    """A14 unshaded: Opposition leaves each Curfew space (District or City);
    the Curfews stay; Opposition elsewhere stays."""
    spaces = {"Samaria": {"troops": 1, "opposition": 1, "curfew": 1},
              "Haifa City": {"police": 1, "opposition": 1, "curfew": 1},
              "Lydda": {"troops": 1, "opposition": 1},
              "Gaza": {"police": 1, "curfew": 1}}
    g = make(14, spaces, forced_chance=ONES)
    g.apply(UNSHADED)
    check(g, dict(spaces, Samaria={"troops": 1, "curfew": 1}, **{"Haifa City": {"police": 1, "curfew": 1}}),
          av(troops=13, police=7))
    assert_box_for(g, "rebels")


def test_a14_unshaded_not_offered_without_opposition_at_a_curfew():
    g = make(14, {"Samaria": {"troops": 1, "curfew": 1}, "Lydda": {"troops": 1, "opposition": 1}})
    assert UNSHADED not in legal(g) and SHADED in legal(g)


A14_CURFEWS = {"Samaria": {"troops": 1, "opposition": 1, "curfew": 1},
               "Haifa City": {"police": 1, "curfew": 1}}


def test_a14_shaded_curfews_off_and_british_choose_the_chit_to_discard():
    """A14 shaded: executed by the Rebels, every Curfew leaves (Opposition
    stays); the British (named) choose which held chit to discard; it is set
    aside (decisions: A14)."""
    g = make(14, A14_CURFEWS, first="rebels", forced_chance=ONES, punishment_chits={"held": ["Detain", "Fine"]})
    g.apply(SHADED)
    assert g.phase == "Event: Punishment chit to discard" and g.current_agent == "british"
    assert legal(g) == {DETAIN, FINE}
    play(g, FINE)
    check(g, {"Samaria": {"troops": 1, "opposition": 1}, "Haifa City": {"police": 1}}, av(troops=14, police=8))
    assert pun(g) == {"held": ["Detain"], "drawn": [], "set_aside": ["Fine"], "in_play": None}
    assert_box_for(g, "british")


def test_a14_shaded_one_kind_held_is_discarded_at_once():
    """A14 shaded: two Demolish held: one is discarded, no choice to make."""
    g = make(14, A14_CURFEWS, forced_chance=ONES, punishment_chits={"held": ["Demolish", "Demolish"]})
    g.apply(SHADED)
    check(g, {"Samaria": {"troops": 1, "opposition": 1}, "Haifa City": {"police": 1}}, av(troops=14, police=8))
    assert pun(g) == {"held": ["Demolish"], "drawn": [], "set_aside": ["Demolish"], "in_play": None}
    assert_box_for(g, "rebels")


def test_a14_shaded_without_a_held_chit_only_the_curfews_go():
    """A14 shaded: nothing held to discard (5.1.3: the rest is done)."""
    g = make(14, A14_CURFEWS, forced_chance=ONES)
    g.apply(SHADED)
    check(g, {"Samaria": {"troops": 1, "opposition": 1}, "Haifa City": {"police": 1}}, av(troops=14, police=8))
    assert pun(g) == NO_CHITS
    assert_box_for(g, "rebels")


def test_a14_shaded_a_held_chit_is_discarded_without_curfews():
    """A14 shaded: no Curfew on the map, the discard still happens."""
    g = make(14, {"Samaria": {"troops": 1}}, forced_chance=ONES, punishment_chits={"held": ["Detain"]})
    g.apply(SHADED)
    check(g, {"Samaria": {"troops": 1}}, av(troops=14))
    assert pun(g) == {"held": [], "drawn": [], "set_aside": ["Detain"], "in_play": None}


# ----------------------------------------------------------------- A15 --

A15_RAID = {"Samaria": {"bases": 1, "underground_guerrillas": 2},
            "Syria": {"bases": 1, "underground_guerrillas": 2},
            "Lydda": {"troops": 1, "curfew": 1}}
A15_RAID_SPACES = {"Galilee", "Haifa District", "Jerusalem District", "Lydda", "Lebanon", "Haifa-Syria Railway"}


def test_a15_unshaded_raid_may_not_select_a_railway_next_to_a_curfew():
    """A15 unshaded: executed by the British; the Rebels' Raid later that card
    may not enter the Tel Aviv-Haifa Railway (next to Lydda's Curfew), but
    may the Haifa-Syria Railway (no Curfew beside it) and Sabotage there."""
    g = make(15, A15_RAID, forced_chance=ONES)
    g.apply(UNSHADED)
    assert caps(g) == {"A15": "unshaded"}
    assert_box_for(g, "rebels")
    play(g, OP_SA_BOX, op("Rally"), sa("Raid"))
    assert spaces_legal(g) == A15_RAID_SPACES
    play(g, space("Haifa-Syria Railway"), count(1), op("Sabotage"))
    check(g, {"Samaria": {"bases": 1, "underground_guerrillas": 2},
              "Syria": {"bases": 1, "underground_guerrillas": 1},
              "Haifa-Syria Railway": {"active_guerrillas": 1, "sabotage": 1},
              "Lydda": {"troops": 1, "curfew": 1}},
          av(troops=14, guerrillas=11, bases=3))
    g = make(32, A15_RAID, first="rebels", forced_chance=ONES)     # without A15 the Railway is open
    play(g, OP_SA_BOX, op("Rally"), sa("Raid"))
    assert spaces_legal(g) == A15_RAID_SPACES | {"Tel Aviv-Haifa Railway"}


A15_FINE = {"Lydda": {"troops": 1}, "Haifa City": {"troops": 1},
            "Tel Aviv-Jerusalem Railway": {"sabotage": 2}, "Tel Aviv-Haifa Railway": {"sabotage": 1}}


def test_a15_shaded_fine_replaces_each_sabotage_marker_it_removes_with_a_guerrilla():
    """A15 shaded: executed by the Rebels; the British Punish with Fine
    (1.7.2: one Sabotage off an adjacent Railway) on the same card, and each
    marker removed is replaced with an Underground Guerrilla."""
    g = make(15, A15_FINE, first="rebels", forced_chance=ONES)
    g.apply(SHADED)
    assert caps(g) == {"A15": "shaded"}
    assert_box_for(g, "british")
    play(g, OP_SA_BOX, op("Patrol"))
    g.force_chance([4, 4])                                    # Fine, Fine: used at once
    play(g, sa("Punish"))
    assert spaces_legal(g) == {"Lydda", "Haifa City"}
    play(g, space("Lydda"))
    assert g.phase == "Fine: Railway" and g.current_agent == "british"     # two Sabotaged Railways beside Lydda
    play(g, space("Tel Aviv-Jerusalem Railway"), space("Haifa City"))       # Haifa City: one, no choice
    check(g, {"Lydda": {"troops": 1}, "Haifa City": {"troops": 1},
              "Tel Aviv-Jerusalem Railway": {"underground_guerrillas": 1, "sabotage": 1},
              "Tel Aviv-Haifa Railway": {"underground_guerrillas": 1}},
          av(troops=13, guerrillas=13))
    assert pun(g) == {"held": [], "drawn": [], "set_aside": ["Fine"], "in_play": None}


def test_a15_shaded_fine_places_only_available_guerrillas():
    """A15 tip: the Guerrillas come from Available: none there, the Sabotage
    marker is just removed."""
    spaces = {"Lydda": {"troops": 1}, "Tel Aviv-Jerusalem Railway": {"sabotage": 1},
              "Galilee": {"underground_guerrillas": 1}}
    g = make(32, spaces, capabilities={"A15": "shaded"}, prison={"guerrillas": 14})
    play(g, OP_SA_BOX, op("Patrol"))
    g.force_chance([4, 4])
    play(g, sa("Punish"), space("Lydda"))
    check(g, {"Lydda": {"troops": 1}, "Galilee": {"underground_guerrillas": 1}},
          av(troops=14, guerrillas=0), prison=(14, 0))


# ----------------------------------------------------------------- A16 --

def test_a16_unshaded_cancels_the_shaded_british_capabilities_only():
    """A16 unshaded: A1 and A15 shaded go; A18 unshaded (British, not shaded)
    and the Rebel Capabilities stay. Then the British Punish with Detain in an
    Opposition space (selecting the chit, A18 unshaded still in play): no
    Opposition spreads, A1 shaded being cancelled."""
    spaces = {"Samaria": {"troops": 1, "underground_guerrillas": 1, "opposition": 1}}
    before = {"A1": "shaded", "A15": "shaded", "A18": "unshaded", "A2": "shaded", "A8": "shaded", "A27": "shaded"}
    g = make(16, spaces, first="rebels", forced_chance=ONES, capabilities=before)
    g.apply(UNSHADED)
    assert caps(g) == {"A18": "unshaded", "A2": "shaded", "A8": "shaded", "A27": "shaded"}
    check(g, spaces, av(troops=14, guerrillas=14))
    assert_box_for(g, "british")
    play(g, OP_SA_BOX, op("Patrol"), sa("Punish"))
    assert g.phase == "Punish: chit to use" and legal(g) == {DETAIN, DEMOLISH, FINE}
    play(g, DETAIN, space("Samaria"))
    assert g.phase == "choose a space" and g.current_agent == "british"
    check(g, {"Samaria": {"troops": 1, "opposition": 1}}, av(troops=14, guerrillas=14), prison=(1, 0))


def test_a16_unshaded_not_offered_without_a_shaded_british_capability():
    g = make(16, {}, capabilities={"A1": "unshaded", "A2": "shaded", "A28": "unshaded"}, police_on_tegart_forts=3)
    assert event_offered(g) == {SHADED}


def test_a16_shaded_political_will_minus_one_per_british_capability():
    """A16 shaded: A1, A15, A18 (either text) and A28 count; the Rebel
    Capabilities A2, A8, A27 do not: -4. The capabilities stay."""
    in_play = {"A1": "unshaded", "A15": "shaded", "A18": "shaded", "A28": "unshaded",
               "A2": "unshaded", "A8": "shaded", "A27": "unshaded"}
    g = make(16, {}, capabilities=in_play, police_on_tegart_forts=3, forced_chance=ONES)
    g.apply(SHADED)
    check(g, {}, av(police=6), pw=6)
    assert caps(g) == in_play
    assert_box_for(g, "rebels")


def test_a16_shaded_never_below_zero():
    g = make(16, {}, capabilities={"A1": "unshaded", "A15": "unshaded", "A18": "unshaded"}, pw=2,
             forced_chance=ONES)
    g.apply(SHADED)
    check(g, {}, av(), pw=0)


def test_a16_shaded_not_offered_with_only_rebel_capabilities():
    g = make(16, {}, capabilities={"A2": "unshaded", "A8": "shaded", "A27": "unshaded"})
    assert event_offered(g) == set()
