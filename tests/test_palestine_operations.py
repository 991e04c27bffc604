"""Per-space Operation and Special Activity kernels (3.2, 3.3, 4.2, 4.3),
checked against the rules and against the numbers of the Example of Play (8.0).

The Example is replayed here at the level of these kernels; the
decision-by-decision replay is in test_palestine_turns.py.
"""

from palestine_helpers import force, new_state

from britishway_env.volumes.boards import palestine as board
from britishway_env.volumes.palestine import layout as L
from britishway_env.volumes.palestine import operations as O

S = board.space_index




def get(s, name, piece):
    return s[O.at(S(name), piece)]


def put(s, name, piece, n):
    s[O.at(S(name), piece)] = n


def test_8_0_first_card_sabotage_with_terror_and_offensive():
    """Dov Gruner: Sabotage in Galilee (4), Gaza (2), Haifa City (4 - 1 Police),
    Terror in Jerusalem City (5 - 1 + 2 for the Jerusalem District Arms Cache = 6)."""
    s = new_state()
    force(s, 3, 1, 3, 4)   # dice 4, 2, 4, 5
    assert O.sabotage_space(s, S("Galilee"), -1, False) == 4
    assert O.sabotage_space(s, S("Gaza"), -1, False) == 2
    assert O.sabotage_space(s, S("Haifa City"), -1, False) == 3
    assert O.sabotage_space(s, S("Jerusalem City"), S("Jerusalem District"), True) == 6
    assert get(s, "Galilee", L.SABOTAGE) == 1 and get(s, "Gaza", L.SABOTAGE) == 0
    assert get(s, "Haifa City", L.SABOTAGE) == 1
    assert get(s, "Jerusalem City", L.TERROR) == 2 and get(s, "Jerusalem District", L.ARMS_CACHES) == 0
    for name in ("Galilee", "Gaza", "Haifa City", "Jerusalem City"):
        assert (get(s, name, L.CELLS_UNDERGROUND), get(s, name, L.CELLS_ACTIVE)) == (0, 1)
    assert s[L.HAGANAH] == 3 and (s[L.TRACK_CELLS_4], s[L.TRACK_CACHE_4]) == (2, 1)
    # Limited Patrol: one Police from Haifa City to Jerusalem City, arrest the Active Cell.
    O.move(s, S("Haifa City"), S("Jerusalem City"), L.POLICE, 1)
    assert O.patrol_arrest(s, S("Jerusalem City"), 0) == 1
    assert s[L.PRISON] == 1 and O.cells(s, S("Jerusalem City")) == 0


def test_8_0_second_card_deploy_restore_and_rob():
    s = new_state()
    put(s, "Jerusalem City", L.TERROR, 2)
    put(s, "Jerusalem City", L.CELLS_UNDERGROUND, 0)
    put(s, "Haifa City", L.POLICE, 0)
    put(s, "Jerusalem City", L.POLICE, 2)
    s[L.AVAILABLE_POLICE] = 3
    for name in ("Samaria", "Tel Aviv-Jaffa", "Haifa City"):
        assert O.can_deploy_in(s, S(name))
        O.deploy_police(s, S(name))
    assert not O.can_deploy_in(s, S("Haifa District")) and not O.can_deploy_in(s, S("Tel Aviv-Haifa Railway"))
    assert s[L.AVAILABLE_POLICE] == 0 and get(s, "Samaria", L.POLICE) == 1
    O.move(s, S("Samaria"), S("Tel Aviv-Jerusalem Railway"), L.TROOPS, 2)
    assert O.can_restore_in(s, S("Jerusalem City"))
    O.restore(s, S("Jerusalem City"))
    assert (get(s, "Jerusalem City", L.TERROR), get(s, "Jerusalem City", L.SABOTAGE)) == (0, 2)
    # Limited Rob in Haifa District: a 4, an Arms Cache, no Police so no Activation.
    assert O.can_rob_in(s, S("Haifa District"))
    force(s, 3)
    assert O.rob_space(s, S("Haifa District")) == 4
    assert get(s, "Haifa District", L.ARMS_CACHES) == 1 and get(s, "Haifa District", L.CELLS_UNDERGROUND) == 1


def test_3_3_1_recruit_limits_and_8_0_recruit_on_railways():
    s = new_state()
    assert O.recruit_limit(s, S("Jerusalem City")) == 2        # next to the Jerusalem District cache
    assert O.recruit_limit(s, S("Tel Aviv-Haifa Railway")) == 2  # next to Lydda's cache
    assert O.recruit_limit(s, S("Haifa City")) == 1            # City, no cache near
    assert O.recruit_limit(s, S("Galilee")) == 0               # District, no cache near
    put(s, "Haifa City", L.CURFEW, 1)
    assert O.recruit_limit(s, S("Haifa City")) == 0            # never under a Curfew
    s[L.AVAILABLE_CELLS] = 1
    O.place_cells(s, S("Tel Aviv-Jaffa"), 2)                        # only one Available
    assert get(s, "Tel Aviv-Jaffa", L.CELLS_UNDERGROUND) == 2 and s[L.AVAILABLE_CELLS] == 0


def test_4_3_1_silence():
    s = new_state()
    assert O.can_silence_in(s, S("Tel Aviv-Jaffa"))            # 1 Underground Cell, 1 Police
    put(s, "Tel Aviv-Jaffa", L.POLICE, 2)
    assert not O.can_silence_in(s, S("Tel Aviv-Jaffa"))
    put(s, "Tel Aviv-Jaffa", L.POLICE, 1)
    O.silence(s, S("Tel Aviv-Jaffa"))
    assert get(s, "Tel Aviv-Jaffa", L.POLICE) == 0 and s[L.AVAILABLE_POLICE] == 4


def test_8_0_search_then_mass_detention():
    """Menachem Begin: Troops into Tel Aviv-Jaffa, Jerusalem City and Lydda;
    one Cell Activated in each; Curfews in both Cities; Mass Detention rolls 4
    in Tel Aviv-Jaffa, takes 2 Cells there and 1 in Lydda, Political Will -1."""
    s = new_state()
    put(s, "Tel Aviv-Jaffa", L.CELLS_UNDERGROUND, 2)
    put(s, "Tel Aviv-Jaffa", L.TROOPS, 2)
    put(s, "Tel Aviv-Jaffa", L.POLICE, 0)
    O.move(s, S("Gaza"), S("Lydda"), L.TROOPS, 2)
    put(s, "Jerusalem City", L.TROOPS, 3)
    put(s, "Jerusalem City", L.POLICE, 0)
    put(s, "Tel Aviv-Jaffa", L.TROOPS, 3)
    assert O.search_space(s, S("Lydda"), False) == 1
    assert O.search_space(s, S("Tel Aviv-Jaffa"), False) == 1
    assert O.search_space(s, S("Jerusalem City"), False) == 1
    assert get(s, "Tel Aviv-Jaffa", L.CURFEW) == 1 and get(s, "Jerusalem City", L.CURFEW) == 1
    assert O.can_mass_detain_in(s, S("Tel Aviv-Jaffa")) and not O.can_mass_detain_in(s, S("Haifa City"))
    pw = s[L.POLITICAL_WILL]
    assert O.mass_detention_cells(s, S("Tel Aviv-Jaffa")) == 3
    assert O.mass_detention_roll(s, S("Tel Aviv-Jaffa"), 4) == 3    # all three must go (3.1) ...
    assert s[L.POLITICAL_WILL] == pw - 1                              # ... and the 4th pip costs 1
    for name, piece in (("Tel Aviv-Jaffa", L.CELLS_UNDERGROUND), ("Tel Aviv-Jaffa", L.CELLS_ACTIVE),
                        ("Lydda", L.CELLS_ACTIVE)):
        O.detain(s, S(name), piece)
    assert O.cells(s, S("Tel Aviv-Jaffa")) == 0 and O.cells(s, S("Lydda")) == 0
    assert s[L.PRISON] == 3 and s[L.POLITICAL_WILL] == pw - 1


def test_4_2_3_mass_detention_roll_below_the_cells_costs_no_political_will():
    s = new_state()
    put(s, "Tel Aviv-Jaffa", L.CELLS_UNDERGROUND, 3)
    put(s, "Lydda", L.CELLS_UNDERGROUND, 2)
    pw = s[L.POLITICAL_WILL]
    assert O.mass_detention_roll(s, S("Tel Aviv-Jaffa"), 2) == 2     # the British choose which two
    assert s[L.POLITICAL_WILL] == pw and O.mass_detention_cells(s, S("Tel Aviv-Jaffa")) == 5


def test_3_2_3_search_city_with_intel_activates_per_cube_no_curfew():
    s = new_state()
    put(s, "Haifa City", L.CELLS_UNDERGROUND, 3)
    assert O.search_space(s, S("Haifa City"), True) == 3     # 2 Troops + 1 Police
    assert get(s, "Haifa City", L.CURFEW) == 0


def test_3_2_3_no_fourth_curfew():
    s = new_state()
    for name in ("Haifa City", "Tel Aviv-Jaffa", "Jerusalem City"):
        put(s, name, L.CURFEW, 1)
    put(s, "Haifa City", L.CURFEW, 0)
    put(s, "Galilee", L.CURFEW, 0)
    O.search_space(s, S("Haifa City"), False)
    assert get(s, "Haifa City", L.CURFEW) == 1                # the third of three
    assert s[O.at(0, L.CURFEW):O.at(board.N_MAP_SPACES, 0):L.SPACE_FIELDS].sum() == 3


def test_8_0_limited_assault_arms_cache_then_intel_lead():
    """Lydda: the only piece, an Arms Cache: +1 Political Will and a chit;
    then Jerusalem City: its Cell goes to Available (first Cell removed)."""
    s = new_state()
    put(s, "Lydda", L.CELLS_UNDERGROUND, 0)
    put(s, "Lydda", L.TROOPS, 2)
    put(s, "Jerusalem City", L.CELLS_UNDERGROUND, 0)
    put(s, "Jerusalem City", L.CELLS_ACTIVE, 1)
    s[L.POLITICAL_WILL] = 13
    force(s, 0)                                                # the chit drawn: a 0
    removed = O.assault_space(s, S("Lydda"), 0, 0)
    assert removed == 0 and get(s, "Lydda", L.ARMS_CACHES) == 0
    assert s[L.POLITICAL_WILL] == 14 and s[L.INTEL_HELD] == 1
    cells_before = s[L.AVAILABLE_CELLS]
    assert O.assault_space(s, S("Jerusalem City"), 0, removed) == 1
    assert s[L.AVAILABLE_CELLS] == cells_before + 1 and s[L.PRISON] == 0


def test_3_2_4_assault_caches_protected_by_underground_cells_and_alternation():
    s = new_state()
    put(s, "Jerusalem District", L.TROOPS, 6)                  # three removals
    put(s, "Jerusalem District", L.CELLS_UNDERGROUND, 1)
    put(s, "Jerusalem District", L.CELLS_ACTIVE, 1)
    O.assault_space(s, S("Jerusalem District"), 0, 0)
    assert get(s, "Jerusalem District", L.ARMS_CACHES) == 1   # an Underground Cell still shields it
    put(s, "Jerusalem District", L.CELLS_ACTIVE, 1)
    avail, prison = s[L.AVAILABLE_CELLS], s[L.PRISON]
    assert O.assault_space(s, S("Jerusalem District"), 1, 1) == 3   # paid Underground + Active
    assert (s[L.AVAILABLE_CELLS], s[L.PRISON]) == (avail + 1, prison + 1)  # 2nd to Prison, 3rd Available
    assert get(s, "Jerusalem District", L.ARMS_CACHES) == 0


def test_3_3_2_travel_activation_rule():
    s = new_state()
    O.travel(s, S("Samaria"), S("Tel Aviv-Haifa Railway"), 1, 0)       # 1 mover, no cubes: Underground
    assert get(s, "Tel Aviv-Haifa Railway", L.CELLS_UNDERGROUND) == 1
    put(s, "Tel Aviv-Jaffa", L.CURFEW, 1)                               # 2 Troops + 1 Police there
    put(s, "Gaza", L.CELLS_ACTIVE, 1)
    put(s, "Gaza", L.CELLS_UNDERGROUND, 0)
    O.travel(s, S("Gaza"), S("Tel Aviv-Jaffa"), 0, 1)                   # 1 + 3 > 3: Active
    assert get(s, "Tel Aviv-Jaffa", L.CELLS_ACTIVE) == 1
    O.travel(s, S("Tel Aviv-Jaffa"), S("Tel Aviv-Jaffa"), 0, 1)         # Curfew, 4 > 3 again: stays Active
    assert get(s, "Tel Aviv-Jaffa", L.CELLS_ACTIVE) == 1
    put(s, "Galilee", L.CELLS_ACTIVE, 1)
    put(s, "Galilee", L.CELLS_UNDERGROUND, 0)
    O.travel(s, S("Galilee"), S("Galilee"), 0, 1)                      # flips Underground in place
    assert (get(s, "Galilee", L.CELLS_UNDERGROUND), get(s, "Galilee", L.CELLS_ACTIVE)) == (1, 0)


def test_4_3_2_propagandize():
    s = new_state()
    put(s, "Tel Aviv-Jaffa", L.CURFEW, 1)
    assert O.can_propagandize_in(s, S("Tel Aviv-Jaffa")) and not O.can_propagandize_in(s, S("Haifa City"))
    O.propagandize(s, S("Tel Aviv-Jaffa"), 2)
    assert get(s, "Tel Aviv-Jaffa", L.CELLS_ACTIVE) == 1 and s[L.POLITICAL_WILL] == 16


def test_3_3_4_rob_fails_low_and_activates_with_police():
    s = new_state()
    put(s, "Haifa City", L.CELLS_UNDERGROUND, 2)
    force(s, 1)                                                        # a 2: no Arms Cache
    O.rob_space(s, S("Haifa City"))
    assert get(s, "Haifa City", L.ARMS_CACHES) == 0
    assert (get(s, "Haifa City", L.CELLS_UNDERGROUND), get(s, "Haifa City", L.CELLS_ACTIVE)) == (1, 1)
    assert not O.can_rob_in(s, S("Tel Aviv-Haifa Railway"))


def test_3_2_2_patrol_arrests_one_active_cell_per_police_not_per_cube():
    """Rules decision P-8: per Police (rulebook), although Troops are present."""
    s = new_state()
    put(s, "Haifa City", L.CELLS_UNDERGROUND, 0)
    put(s, "Haifa City", L.CELLS_ACTIVE, 3)          # 2 Troops and 1 Police there
    assert O.patrol_arrest(s, S("Haifa City"), 0) == 1
    assert get(s, "Haifa City", L.CELLS_ACTIVE) == 2 and s[L.PRISON] == 1
    put(s, "Haifa City", L.POLICE, 2)
    put(s, "Haifa City", L.CELLS_UNDERGROUND, 1)
    assert O.patrol_arrest(s, S("Haifa City"), 1) == 2  # one bought with Intel counts against the Police
    assert (get(s, "Haifa City", L.CELLS_UNDERGROUND), get(s, "Haifa City", L.CELLS_ACTIVE)) == (0, 1)
