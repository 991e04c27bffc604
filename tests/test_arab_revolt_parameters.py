"""Arab Revolt's rule parameters (britishway_env/volumes/arab_revolt/parameters.py):
the setup writes the printed values, and every parameter is read by the
kernels: each test sets one on a built position's row, plays the step of its
rule and checks the effect the rule with that value implies (the rule's
number in the test's name).

State dicts do not carry the parameters yet: a loaded position has the base
values, and a test sets its value on the row after loading.
"""

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.engine.coin.header import N_RULE_PARAMETERS, RULE_PARAMETERS
from britishway_env.volumes.arab_revolt import evaluation
from britishway_env.volumes.arab_revolt import parameters as P

from arab_revolt_helpers import (
    DEMOLISH, DETAIN, FINE, LIMITED_BOX, OP_SA_BOX, PASS_LIMITED, STOP, alt, ctx, make, op, ops_chit,
    pieces, play, sa, space, spaces_legal,
)
from test_arab_revolt_rules import draws, pass_to_propaganda, propaganda_next, rebels

# The printed rules' numbers, by parameter: (rule, value).
PRINTED = {
    "rebel_victory_will": ("7.0.1", 0),           # Rebels win at Political Will 0 (6.1.5)
    "sabotaged_railway_will": ("6.1.1", 1),       # -1 per Sabotaged Railway
    "clear_railways_per_will": ("6.1.1", 2),      # +1 per two clear Railways
    "rebellion_space_will": ("6.1.2", 2),         # -2 per City or District with more Rebel pieces
    "contained_spaces_per_will": ("6.1.2", 2),    # +1 per two clear Cities or Districts
    "rebel_leaders_will": ("6.1.3", 1),           # -1 per District with a Base
    "irregulars_per_will": ("6.1.4", 3),          # -1 per three Irregulars
    "british_operation_spaces": ("3.1", 3),       # British Operations in up to three spaces
    "special_activity_spaces": ("4.2.1", 2),      # Punish, Air Recon, Mobilize, Raid: two spaces
    "assault_opposition_cubes": ("3.2.4", 2),     # one per two Troops / cubes at Opposition
    "ambush_will_pieces": ("3.3.4", 3),           # three or more removed: -1 Political Will
    "decentralized_will": ("6.6.4", 1),           # +1 per shift past Decentralized
    "punishment_chits_drawn": ("4.2.1", 2),       # Punish draws two chits
    "operations_chits_drawn": ("2.3.4", 2),       # the Rebels draw two Operations chits
}


def row_parameters(g):
    return g.state[RULE_PARAMETERS:RULE_PARAMETERS + N_RULE_PARAMETERS]


def set_parameter(g, name, value):
    """Set rule parameter ``name`` on ``g``'s row (a value its range allows)."""
    k = [p.name for p in P.PARAMETERS].index(name)
    p = P.PARAMETERS[k]
    assert p.lo <= value <= p.hi, f"{name}={value} is outside {p.lo}..{p.hi}"
    g.state[RULE_PARAMETERS + k] = value


def pw(g):
    return g.to_dict()["political_will"]


# ------------------------------------------------------------- the values --

def test_2_1_setup_writes_the_base_values_and_each_is_the_printed_rule():
    """2.1: the setup writes every parameter's base value in its slot (unused
    slots 0); each base is the printed rule's number and lies in its range;
    the index constants name the slots."""
    assert [p.name for p in P.PARAMETERS] == list(PRINTED)
    for k, p in enumerate(P.PARAMETERS):
        assert (p.rule, p.base) == PRINTED[p.name], p.name
        assert p.lo <= p.base <= p.hi and p.meaning
        assert getattr(P, "P_" + p.name.upper()) == k
    assert len(P.PARAMETERS) >= 8
    want = np.zeros(N_RULE_PARAMETERS, dtype=np.int64)
    want[:len(PRINTED)] = [base for _, base in PRINTED.values()]
    assert np.array_equal(P.BASE, want)
    for seed in (0, 7):
        assert np.array_equal(row_parameters(Game("arab_revolt", seed=seed)), want)


def test_a_loaded_position_has_the_base_values():
    """A state dict names no parameter yet: the position it describes has the
    printed rules' values, and a played row loads back to itself."""
    g = make(1, {"Galilee": {"troops": 1}}, first="british")
    assert np.array_equal(row_parameters(g), P.BASE)
    played = Game("arab_revolt", seed=3)
    played.apply(played.legal_actions()[0])
    assert np.array_equal(type(played).from_row(played.state).state, played.state)


# ------------------------------------------------- Political Will Phase --

# Two Sabotaged Railways and two clear; Galilee (a Base) and Haifa City with
# more Rebel than British pieces; seven clear Cities and Districts; one
# District with a Base; six Irregulars on the map. Printed rules: -2 + 1
# (6.1.1), -4 + 3 (6.1.2), -1 (6.1.3), -2 (6.1.4): a net -5.
WILL_BOARD = {
    "Egypt-Tel Aviv Railway": {"sabotage": 1},
    "Tel Aviv-Jerusalem Railway": {"sabotage": 1},
    "Galilee": {"bases": 1, "underground_guerrillas": 2},
    "Haifa City": {"underground_guerrillas": 1},
    "Tel Aviv-Jaffa": {"troops": 1, "underground_irregulars": 3},
    "Jerusalem City": {"troops": 1, "underground_irregulars": 3},
}


def will_after_phase(**values):
    """Political Will after the Political Will Phase on WILL_BOARD from 10."""
    g = make(1, WILL_BOARD, first="british", pw=10, **propaganda_next(1))
    for name, value in values.items():
        set_parameter(g, name, value)
    pass_to_propaganda(g)
    assert g.to_dict()["outcome"] == "ongoing"
    return pw(g)


def test_6_1_the_board_with_the_printed_values():
    assert will_after_phase() == 5


def test_6_1_1_sabotaged_railway_will():
    """6.1.1: each Sabotaged Railway costs ``sabotaged_railway_will``: 3 each
    is -6 instead of -2; none costs nothing."""
    assert will_after_phase(sabotaged_railway_will=3) == 1
    assert will_after_phase(sabotaged_railway_will=0) == 7


def test_6_1_1_clear_railways_per_will():
    """6.1.1: +1 per ``clear_railways_per_will`` clear Railways: at 1 the two
    clear ones give +2; at 3, nothing."""
    assert will_after_phase(clear_railways_per_will=1) == 6
    assert will_after_phase(clear_railways_per_will=3) == 4


def test_6_1_2_rebellion_space_will():
    """6.1.2: each City or District with more Rebel than British pieces costs
    ``rebellion_space_will``: 4 each is -8 instead of -4; 0, nothing."""
    assert will_after_phase(rebellion_space_will=4) == 1
    assert will_after_phase(rebellion_space_will=0) == 9


def test_6_1_2_contained_spaces_per_will():
    """6.1.2: +1 per ``contained_spaces_per_will`` clear Cities and Districts:
    the seven give +7 at 1, +1 at 7."""
    assert will_after_phase(contained_spaces_per_will=1) == 9
    assert will_after_phase(contained_spaces_per_will=7) == 3


def test_6_1_3_rebel_leaders_will():
    """6.1.3: the District with a Base costs ``rebel_leaders_will``."""
    assert will_after_phase(rebel_leaders_will=3) == 3
    assert will_after_phase(rebel_leaders_will=0) == 6


def test_6_1_4_irregulars_per_will():
    """6.1.4: -1 per ``irregulars_per_will`` Irregulars on the map: the six
    cost 6 at 1, 1 at 4."""
    assert will_after_phase(irregulars_per_will=1) == 1
    assert will_after_phase(irregulars_per_will=4) == 6


def test_6_1_1_the_bots_projection_reads_the_railway_parameters():
    """The scripted bots' evaluation projects the next Political Will Phase
    (6.1.1) with the parameters: a Railway about to be Sabotaged costs
    ``sabotaged_railway_will`` and its loss from the clear Railways' gain."""
    g = make(1, {"Haifa-Syria Railway": {"underground_guerrillas": 1}, "Haifa City": {"troops": 1}},
             first="british")
    base = evaluation.projected_delta(g.state)
    set_parameter(g, "sabotaged_railway_will", 3)
    assert evaluation.projected_delta(g.state) == base - 2
    set_parameter(g, "sabotaged_railway_will", 1)
    set_parameter(g, "clear_railways_per_will", 1)
    # the four clear Railways give +4 (+2 printed); the one about to be Sabotaged takes 1 of it, as before
    assert evaluation.projected_delta(g.state) == base + 2


def test_6_1_5_and_7_0_1_rebel_victory_will():
    """6.1.5, 7.0.1: the Rebels win at the victory check when Political Will
    is at or below ``rebel_victory_will``: a net +1 from 2 leaves 3, a win at
    3, play going on at 2 (and at the printed 0)."""
    board = {"Egypt-Tel Aviv Railway": {"sabotage": 1}, "Tel Aviv-Jerusalem Railway": {"sabotage": 1},
             "Galilee": {"underground_guerrillas": 1}}
    for value, outcome in ((0, "ongoing"), (2, "ongoing"), (3, "rebels_victory")):
        g = make(1, board, first="british", pw=2, **propaganda_next(1))
        set_parameter(g, "rebel_victory_will", value)
        pass_to_propaganda(g)
        d = g.to_dict()
        assert d["political_will"] == 3 and d["outcome"] == outcome, value
    assert g.winner == "rebels" and g.is_terminal()


# ------------------------------------------------------------ Operations --

def test_3_1_british_operation_spaces():
    """3.1: a British Operation selects up to ``british_operation_spaces``
    spaces (four here, then one); a Limited Operation still one (2.3.5)."""
    spaces = {s: {"troops": 1, "active_guerrillas": 1}
              for s in ("Galilee", "Samaria", "Lydda", "Gaza", "Haifa District")}
    g = make(1, spaces, first="british")
    set_parameter(g, "british_operation_spaces", 4)
    play(g, OP_SA_BOX, op("Assault"), space("Galilee"), space("Samaria"), space("Lydda"))
    assert spaces_legal(g) == {"Gaza", "Haifa District"} and ctx(g)["space_limit"] == 4
    play(g, space("Gaza"))
    assert spaces_legal(g) == set()
    g = make(1, spaces, first="british")
    set_parameter(g, "british_operation_spaces", 1)
    play(g, OP_SA_BOX, op("Assault"), space("Galilee"))
    assert spaces_legal(g) == set() and ctx(g)["space_limit"] == 1
    g = make(1, spaces, first="british")
    set_parameter(g, "british_operation_spaces", 6)
    play(g, LIMITED_BOX, op("Assault"), space("Galilee"))
    assert spaces_legal(g) == set() and ctx(g)["space_limit"] == 1


def test_3_2_4_assault_opposition_cubes():
    """3.2.4: at Opposition Assault removes one Active piece per
    ``assault_opposition_cubes`` Troops (District) or cubes (City); Neutral
    spaces keep one per Troop or cube."""
    four = {"active_guerrillas": 4}
    board = {"Samaria": {"troops": 3, "police": 2, "opposition": 1, **four},
             "Jerusalem City": {"troops": 1, "police": 2, "opposition": 1, **four},
             "Galilee": {"troops": 2, **four}}
    for value, left in ((2, (3, 3, 2)), (1, (1, 1, 2)), (4, (4, 4, 2))):
        g = make(1, board, first="british")
        set_parameter(g, "assault_opposition_cubes", value)
        play(g, OP_SA_BOX, op("Assault"), space("Samaria"), space("Jerusalem City"), space("Galilee"))
        got = tuple(pieces(g, name).get("active_guerrillas", 0) for name in ("Samaria", "Jerusalem City", "Galilee"))
        assert got == left, value


def test_3_3_4_ambush_will_pieces():
    """3.3.4: an Ambush costs 1 Political Will once it removes
    ``ambush_will_pieces`` pieces across its spaces: two do at 2; three do
    not at 4."""
    spaces = {"Galilee": {"underground_guerrillas": 1, "police": 1, "troops": 1},
              "Samaria": {"underground_guerrillas": 1, "underground_irregulars": 1},
              "Lydda": {"underground_guerrillas": 1, "police": 1}}
    g = rebels(1, spaces, (3, 3), pw=10)
    set_parameter(g, "ambush_will_pieces", 2)
    play(g, OP_SA_BOX, op("Ambush"), space("Galilee"), alt("Samaria"), STOP)
    assert pw(g) == 9
    g = rebels(1, spaces, (3, 3), pw=10)
    set_parameter(g, "ambush_will_pieces", 4)
    play(g, OP_SA_BOX, op("Ambush"), space("Galilee"), alt("Samaria"), space("Lydda"), STOP)
    assert pw(g) == 10 and pieces(g, "Lydda") == {"active_guerrillas": 1}


# ---------------------------------------------------- Special Activities --

def test_4_2_1_special_activity_spaces_punish():
    """4.2.1: Punish selects up to ``special_activity_spaces`` spaces: three
    here."""
    board = {"Galilee": {"troops": 1}, "Haifa City": {"troops": 1}, "Lydda": {"troops": 1}}
    g = make(1, board, first="british", forced_chance=[0, 0])      # Detain, Detain
    set_parameter(g, "special_activity_spaces", 3)
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"), space("Galilee"), space("Lydda"))
    assert g.phase == "Special Activity: space" and spaces_legal(g) == {"Haifa City"}
    play(g, space("Haifa City"))
    assert g.phase == "choose a space" and pieces(g, "Haifa City") == {"troops": 1, "opposition": 1}


def test_4_2_3_special_activity_spaces_air_recon():
    """4.2.3: Air Recon selects up to ``special_activity_spaces`` spaces: one
    here."""
    g = make(1, {"Galilee": {"underground_guerrillas": 2}, "Samaria": {"underground_guerrillas": 1},
                 "Haifa City": {"troops": 1, "underground_guerrillas": 1}}, first="british")
    set_parameter(g, "special_activity_spaces", 1)
    play(g, OP_SA_BOX, op("Assault"), sa("Air Recon"), space("Galilee"))
    assert g.phase == "choose a space"
    assert pieces(g, "Samaria") == {"underground_guerrillas": 1}


def test_4_2_1_punishment_chits_drawn():
    """4.2.1: Punish draws ``punishment_chits_drawn`` chits: three (Detain,
    Demolish, Fine), or one, used at once."""
    board = {"Galilee": {"troops": 1, "underground_guerrillas": 1}}
    g = make(1, board, first="british", forced_chance=[0, 1, 2])
    set_parameter(g, "punishment_chits_drawn", 3)
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"))
    assert g.phase == "Punish: chit to use"
    assert g.to_dict()["punishment_chits"]["drawn"] == ["Detain", "Demolish", "Fine"]
    assert {DETAIN, DEMOLISH, FINE} <= set(g.legal_actions())
    g = make(1, board, first="british", forced_chance=[2])
    set_parameter(g, "punishment_chits_drawn", 1)
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"))
    assert g.phase == "Special Activity: space"
    assert g.to_dict()["punishment_chits"] == {"held": [], "drawn": [], "set_aside": [], "in_play": "Demolish"}


# ------------------------------------------------------- chits and Unity --

def test_2_3_4_operations_chits_drawn():
    """2.3.4, 1.8.1: the Rebels draw ``operations_chits_drawn`` chits: three,
    or one (selected at once); at Decentralized one whatever it is (6.6.4)."""
    board = {"Galilee": {"underground_guerrillas": 1}, "Haifa City": {"troops": 1}}
    g = make(1, board, first="british", forced_chance=draws(1, 2, 3))
    set_parameter(g, "operations_chits_drawn", 3)
    play(g, PASS_LIMITED, FINE)
    assert g.phase == "select an Operations chit" and g.to_dict()["operations_chits"]["drawn"] == [1, 2, 3]
    assert {ops_chit(1), ops_chit(2), ops_chit(3)} == set(g.legal_actions())
    g = make(1, board, first="british", forced_chance=draws(3, 1))
    set_parameter(g, "operations_chits_drawn", 1)
    play(g, PASS_LIMITED, FINE)
    assert g.phase == "choose a box" and g.to_dict()["operations_chits"]["in_play"] == 3
    g = make(1, board, first="british", unity=0, forced_chance=draws(2, 1, 3))
    set_parameter(g, "operations_chits_drawn", 4)
    play(g, PASS_LIMITED, FINE)
    assert g.phase == "choose a box" and g.to_dict()["operations_chits"]["in_play"] == 2


def test_6_6_4_decentralized_will():
    """6.6.4: each shift toward Decentralized while there gives the British
    ``decentralized_will`` Political Will: two Bases removed from Unity 1 (one
    step, then one past) give +3 at 3, nothing at 0."""
    for value, will in ((3, 13), (0, 10), (1, 11)):
        g = make(1, {"Gaza": {"troops": 3, "bases": 2}}, first="british", pw=10, unity=1)
        set_parameter(g, "decentralized_will", value)
        play(g, LIMITED_BOX, op("Assault"), space("Gaza"))
        d = g.to_dict()
        assert d["unity_track"] == 0 and d["political_will"] == will, value


# --------------------------------------------------------------- ranges --

def play_out(values, seed, rng):
    """A random game from ``seed`` with the parameters ``values`` (slot ->
    value); the invariants checked after every decision; True if it ended."""
    from britishway_env.volumes.arab_revolt.invariants import check
    g = Game("arab_revolt", seed=seed)
    for k, value in values.items():
        g.state[RULE_PARAMETERS + k] = value
    for _ in range(5000):
        if g.is_terminal():
            return True
        g.apply(int(rng.choice(g.legal_actions())))
        assert check(g.state) == 0, (values, seed)
    return g.is_terminal()


@pytest.mark.parametrize("name", [p.name for p in P.PARAMETERS])
def test_every_value_in_a_parameters_range_plays_random_games_to_the_end(name):
    """Each parameter at every value of its range: random games end with the
    invariants kept (no index out of range, no negative count, no endless
    loop)."""
    k = [p.name for p in P.PARAMETERS].index(name)
    p = P.PARAMETERS[k]
    rng = np.random.default_rng(k)
    for value in range(p.lo, p.hi + 1):
        for seed in (1, 2):
            assert play_out({k: value}, seed, rng), (name, value, seed)


@pytest.mark.parametrize("end", ["lo", "hi"])
def test_every_parameter_at_once_at_its_ranges_end(end):
    rng = np.random.default_rng(99)
    values = {k: getattr(p, end) for k, p in enumerate(P.PARAMETERS)}
    for seed in range(1, 6):
        assert play_out(values, seed, rng), (end, seed)
