"""Palestine's rule parameters (britishway_env/volumes/palestine/parameters.py).

The setup (2.1) writes the printed rules' values into the state row; each
parameter is then read by the kernels, so a variant that sets it changes the
rule it names. One test per parameter sets a value other than the base on the
row and plays the rule's step; a parameter the kernels ignored would fail it.
Every value a variant may set (lo..hi) keeps random play within the
invariants, and the scripted bots play with the extremes.
"""

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.engine.coin import results as R
from britishway_env.engine.coin.header import N_RULE_PARAMETERS, RULE_PARAMETERS
from britishway_env.volumes.boards import palestine as board
from britishway_env.volumes.palestine import bots
from britishway_env.volumes.palestine import invariants as inv
from britishway_env.volumes.palestine import layout as L
from britishway_env.volumes.palestine import parameters as PR
from britishway_env.volumes.palestine import playout
from britishway_env.volumes.palestine import turns as T
from britishway_env.volumes.palestine.propaganda import political_will_delta, political_will_phase
from palestine_helpers import act, force, mask, new_game, new_state

S = board.space_index

# The printed rules' numbers (rulebook section: value), one per parameter.
PRINTED = {
    "irgun_victory_political_will": ("7.0.1", 0),    # the Irgun win with Political Will at 0
    "district_sabotage_loss": ("6.1.1", 1),
    "railway_sabotage_loss": ("6.1.1", 2),
    "city_sabotage_loss": ("6.1.1", 2),
    "city_terror_loss": ("6.1.1", 3),
    "no_railway_sabotage_gain": ("6.1.2", 2),
    "clean_city_gain": ("6.1.2", 1),
    "operation_spaces": ("3.1", 3),
    "limited_operation_spaces": ("2.3.4", 1),
    "haganah_extra_spaces": ("6.5.3", 1),
    "propagandize_cities": ("4.3.2", 2),
    "sabotage_success_above": ("3.3.3", 2),
    "assault_troops_per_piece": ("3.2.4", 2),
    "mass_detention_troops": ("4.2.3", 3),
}


# ---------------------------------------------------------------- helpers --

def set_param(s, index, value):
    p = PR.PARAMETERS[index]
    assert p.lo <= value <= p.hi, f"{p.name}: {value} is outside the range a variant may set"
    s[RULE_PARAMETERS + index] = value


def at(name, piece):
    return L.SPACES + S(name) * L.SPACE_FIELDS + piece


def space(name):
    return L.A_SPACE + S(name)


def irgun_pass(s, box):
    """The 1st Eligible Irgun take ``box`` and Pass (2.3.3), declining the Rob."""
    act(s, L.A_PASS + box)
    if T.pending(s) == L.D_PASS_ROB:
        act(s, L.A_STOP)
    assert T.actor(s) == L.BRITISH


def spaces_selected_until_full(s):
    """Select the first offered space while any is offered; how many were selected."""
    n = 0
    while T.pending(s) == L.D_SPACE and mask(s)[L.A_SPACE:L.A_SPACE + board.N_MAP_SPACES].any():
        act(s, L.A_SPACE + int(np.flatnonzero(mask(s)[L.A_SPACE:L.A_SPACE + board.N_MAP_SPACES])[0]))
        n += 1
    return n


# ----------------------------------------------------------------- setup --

def test_2_1_setup_writes_the_base_values_of_the_printed_rules():
    assert [p.name for p in PR.PARAMETERS] == list(PRINTED)
    for k, p in enumerate(PR.PARAMETERS):
        assert (p.rule, p.base) == PRINTED[p.name], p.name
        assert p.lo <= p.base <= p.hi and p.meaning
        assert getattr(PR, f"P_{p.name.upper()}") == k
    s = new_state(seed=7)
    assert list(s[RULE_PARAMETERS:RULE_PARAMETERS + N_RULE_PARAMETERS]) == list(PR.BASE)
    assert list(PR.BASE[:len(PR.PARAMETERS)]) == [b for _, b in PRINTED.values()]
    assert not PR.BASE[len(PR.PARAMETERS):].any()        # unused slots stay 0
    g = Game("palestine", seed=3)
    assert list(g.state[RULE_PARAMETERS:RULE_PARAMETERS + N_RULE_PARAMETERS]) == list(PR.BASE)


# ------------------------------------------------------ Political Will Phase --

def test_7_0_1_irgun_victory_political_will():
    """6.1.3, 7.0.1: the Irgun win when Political Will is at (or, by the
    parameter, below) the threshold at the Political Will Phase's check."""
    for threshold, over in ((None, False), (7, False), (8, True)):
        s = new_game(deck=[31, 35])                  # the next card is a Propaganda card
        if threshold is not None:
            set_param(s, PR.P_IRGUN_VICTORY_POLITICAL_WILL, threshold)
        s[L.POLITICAL_WILL] = 3
        irgun_pass(s, L.BOX_OP_SA)
        act(s, L.A_PASS + L.BOX_EVENT)               # British Pass: the Propaganda card is revealed
        assert s[L.POLITICAL_WILL] == 8              # +2 no Sabotaged Railway, +1 for each clean City (6.1.2)
        assert (T.pending(s) == L.D_OVER) == over
        assert s[L.OUTCOME] == (L.IRGUN_WIN if over else L.ONGOING)
        assert s[L.PROPAGANDA_DONE] == (0 if over else 1)


def test_6_1_1_district_sabotage_loss():
    s = new_state()
    s[at("Galilee", L.SABOTAGE)] = 2
    assert political_will_delta(s) == -2 + 2 + 3      # base: -1 per Sabotage in a District
    set_param(s, PR.P_DISTRICT_SABOTAGE_LOSS, 3)
    assert political_will_delta(s) == -6 + 2 + 3
    s[L.POLITICAL_WILL] = 10
    assert not political_will_phase(s) and s[L.POLITICAL_WILL] == 9
    set_param(s, PR.P_DISTRICT_SABOTAGE_LOSS, 0)
    assert political_will_delta(s) == 2 + 3


def test_6_1_1_railway_sabotage_loss():
    s = new_state()
    s[at("Egypt-Tel Aviv Railway", L.SABOTAGE)] = 1
    s[at("Tel Aviv-Haifa Railway", L.SABOTAGE)] = 3   # once per Railway however many markers
    assert political_will_delta(s) == -2 - 2 + 3       # no +2: a Railway is Sabotaged (6.1.2)
    set_param(s, PR.P_RAILWAY_SABOTAGE_LOSS, 4)
    assert political_will_delta(s) == -4 - 4 + 3
    set_param(s, PR.P_RAILWAY_SABOTAGE_LOSS, 0)
    assert political_will_delta(s) == 3


def test_6_1_1_city_sabotage_loss():
    s = new_state()
    s[at("Haifa City", L.SABOTAGE)] = 2
    assert political_will_delta(s) == -4 + 2 + 2       # the two other Cities are clean
    set_param(s, PR.P_CITY_SABOTAGE_LOSS, 4)
    assert political_will_delta(s) == -8 + 2 + 2
    set_param(s, PR.P_CITY_SABOTAGE_LOSS, 0)
    assert political_will_delta(s) == 2 + 2


def test_6_1_1_city_terror_loss():
    s = new_state()
    s[at("Jerusalem City", L.TERROR)] = 2
    assert political_will_delta(s) == -6 + 2 + 2
    set_param(s, PR.P_CITY_TERROR_LOSS, 6)
    assert political_will_delta(s) == -12 + 2 + 2
    set_param(s, PR.P_CITY_TERROR_LOSS, 0)
    assert political_will_delta(s) == 2 + 2            # still not a clean City


def test_6_1_2_no_railway_sabotage_gain():
    s = new_state()
    assert political_will_delta(s) == 2 + 3
    set_param(s, PR.P_NO_RAILWAY_SABOTAGE_GAIN, 4)
    assert political_will_delta(s) == 4 + 3
    set_param(s, PR.P_NO_RAILWAY_SABOTAGE_GAIN, 0)
    assert political_will_delta(s) == 3
    set_param(s, PR.P_NO_RAILWAY_SABOTAGE_GAIN, 4)
    s[at("Haifa-Syria Railway", L.SABOTAGE)] = 1
    assert political_will_delta(s) == -2 + 3           # a Sabotaged Railway: no gain at all


def test_6_1_2_clean_city_gain():
    s = new_state()
    s[at("Tel Aviv-Jaffa", L.SABOTAGE)] = 1
    assert political_will_delta(s) == 2 - 2 + 2
    set_param(s, PR.P_CLEAN_CITY_GAIN, 3)
    assert political_will_delta(s) == 2 - 2 + 6
    set_param(s, PR.P_CLEAN_CITY_GAIN, 0)
    assert political_will_delta(s) == 2 - 2


# ------------------------------------------------------- Operation spaces --

def irgun_rob(s, box):
    """The Irgun take ``box`` and Rob (3.3.4): at setup six Districts qualify."""
    act(s, L.A_BOX + box)
    act(s, L.A_OP + L.OP_ROB)


def test_3_1_operation_spaces():
    """3.1: an Operation selects up to three spaces (four for the Irgun with the
    Haganah Track at 4, 6.5.3)."""
    for value, limit in ((None, 4), (1, 2), (5, 6)):
        s = new_game()
        if value is not None:
            set_param(s, PR.P_OPERATION_SPACES, value)
        irgun_rob(s, L.BOX_OP_SA)
        assert s[L.SPACE_LIMIT] == limit
        assert spaces_selected_until_full(s) == limit


def test_3_1_operation_spaces_british_and_ernest_bevin_shaded():
    """3.1 for the British; ERNEST BEVIN shaded (P9) takes one space off (3 -> 2)."""
    for value, bevin, limit in ((None, False, 3), (5, False, 5), (None, True, 2), (5, True, 4), (1, True, 1)):
        s = new_game()
        if value is not None:
            set_param(s, PR.P_OPERATION_SPACES, value)
        if bevin:
            s[L.CAPABILITIES + L.CAP_BEVIN] = L.CAP_SHADED
        irgun_pass(s, L.BOX_LIMITED)
        act(s, L.A_BOX + L.BOX_OP_SA)
        act(s, L.A_OP + L.OP_SEARCH)
        assert s[L.SPACE_LIMIT] == limit


def test_2_3_4_limited_operation_spaces():
    """2.3.4: a Limited Operation selects one space (two for the Irgun with the
    Haganah Track at 4, 6.5.3)."""
    for value, limit in ((None, 2), (3, 4)):
        s = new_game()
        if value is not None:
            set_param(s, PR.P_LIMITED_OPERATION_SPACES, value)
        irgun_rob(s, L.BOX_LIMITED)
        assert s[L.SPACE_LIMIT] == limit
        assert spaces_selected_until_full(s) == limit


def test_6_5_3_haganah_extra_spaces():
    for value, limit in ((None, 4), (0, 3), (2, 5)):
        s = new_game()
        if value is not None:
            set_param(s, PR.P_HAGANAH_EXTRA_SPACES, value)
        irgun_rob(s, L.BOX_OP_SA)
        assert s[L.SPACE_LIMIT] == limit
        assert spaces_selected_until_full(s) == limit
    s = new_game()                                   # below 4 the track adds nothing
    set_param(s, PR.P_HAGANAH_EXTRA_SPACES, 2)
    s[L.HAGANAH] = 3
    s[L.TRACK_CELLS_4], s[L.TRACK_CACHE_4] = 2, 1
    s[L.AVAILABLE_CELLS] -= 2
    s[L.AVAILABLE_CACHES] -= 1
    irgun_rob(s, L.BOX_OP_SA)
    assert s[L.SPACE_LIMIT] == 3


# ----------------------------------------------------- Special Activities --

def test_4_3_2_propagandize_cities():
    """4.3.2: Propagandize in up to two Cities with a Cell and a Curfew, -1
    Political Will each."""
    for value, cities in ((None, 2), (1, 1), (3, 3)):
        s = new_game()
        if value is not None:
            set_param(s, PR.P_PROPAGANDIZE_CITIES, value)
        for city in ("Haifa City", "Tel Aviv-Jaffa", "Jerusalem City"):
            s[at(city, L.CURFEW)] = 1
        irgun_rob(s, L.BOX_OP_SA)
        act(s, L.A_SA + L.SA_PROPAGANDIZE)
        for city in ("Haifa City", "Tel Aviv-Jaffa", "Jerusalem City")[:cities]:
            assert T.pending(s) == L.D_SA_SPACE
            act(s, space(city))
        assert T.pending(s) == L.D_SPACE              # the Special Activity is over: back to the Rob
        assert s[L.POLITICAL_WILL] == 18 - cities


def test_4_2_3_mass_detention_troops():
    """4.2.3: Mass Detention needs a City with a Curfew and at least three Troops."""
    for value, offered in ((None, False), (2, True), (1, True)):
        s = new_game()
        if value is not None:
            set_param(s, PR.P_MASS_DETENTION_TROOPS, value)
        s[at("Haifa City", L.CURFEW)] = 1             # Haifa City: 2 Troops, 1 Police, 1 Cell
        irgun_pass(s, L.BOX_LIMITED)
        act(s, L.A_BOX + L.BOX_OP_SA)
        act(s, L.A_OP + L.OP_ASSAULT)
        assert bool(mask(s)[L.A_SA + L.SA_MASS_DETENTION]) == offered
        if offered:
            act(s, L.A_SA + L.SA_MASS_DETENTION)
            force(s, 1)                              # a roll of 2: the Cells of Haifa City and Haifa District
            act(s, space("Haifa City"))
            assert s[L.PRISON] == 2 and s[L.POLITICAL_WILL] == 18
            assert s[at("Haifa City", L.CELLS_UNDERGROUND)] == 0 and s[at("Haifa District", L.CELLS_UNDERGROUND)] == 0


# ------------------------------------------------------------- Operations --

def test_3_3_3_sabotage_success_above():
    """3.3.3: Sabotage succeeds when the modified roll is greater than 2."""
    for value, face, placed in ((None, 1, 0), (1, 1, 1), (None, 3, 1), (4, 3, 0), (0, 0, 1)):
        s = new_game()
        if value is not None:
            set_param(s, PR.P_SABOTAGE_SUCCESS_ABOVE, value)
        act(s, L.A_BOX + L.BOX_OP_SA)
        act(s, L.A_OP + L.OP_SABOTAGE)
        force(s, face)                               # Galilee: no Police, no Arms Cache in or next to it
        act(s, space("Galilee"))
        assert s[at("Galilee", L.SABOTAGE)] == placed, (value, face)
        assert s[at("Galilee", L.CELLS_ACTIVE)] == 1


def test_4_3_3_terror_uses_the_sabotage_success_threshold():
    """4.3.3: Terror rolls as Sabotage does (the same threshold)."""
    for value, placed in ((None, 0), (1, 1)):
        s = new_game()
        if value is not None:
            set_param(s, PR.P_SABOTAGE_SUCCESS_ABOVE, value)
        act(s, L.A_BOX + L.BOX_OP_SA)
        act(s, L.A_OP + L.OP_SABOTAGE)
        act(s, space("Haifa City"))
        force(s, 2)                                  # 3, less 1 for the Police: 2
        act(s, L.A_SA + L.SA_TERROR)
        if T.pending(s) == L.D_SABOTAGE_CACHE:
            act(s, L.A_STOP)
        assert s[at("Haifa City", L.TERROR)] == placed


def test_3_2_4_assault_troops_per_piece():
    """3.2.4: Assault removes one Active enemy piece for every two Troops."""
    for value, removed in ((None, 1), (1, 2), (3, 0)):
        s = new_game()
        if value is not None:
            set_param(s, PR.P_ASSAULT_TROOPS_PER_PIECE, value)
        s[at("Galilee", L.CELLS_UNDERGROUND)] = 0     # Galilee: 2 Troops and 2 Active Cells
        s[at("Galilee", L.CELLS_ACTIVE)] = 2
        s[L.AVAILABLE_CELLS] -= 1
        irgun_pass(s, L.BOX_OP_SA)
        act(s, L.A_BOX + L.BOX_LIMITED)
        act(s, L.A_OP + L.OP_ASSAULT)
        act(s, space("Galilee"))
        assert s[at("Galilee", L.CELLS_ACTIVE)] == 2 - removed


# ------------------------------------------------------ every value is safe --

def extremes():
    """(label, {index: value}): each parameter alone at lo and at hi, then all at lo and all at hi."""
    out = []
    for k, p in enumerate(PR.PARAMETERS):
        out += [(f"{p.name}={p.lo}", {k: p.lo}), (f"{p.name}={p.hi}", {k: p.hi})]
    out.append(("all lo", {k: p.lo for k, p in enumerate(PR.PARAMETERS)}))
    out.append(("all hi", {k: p.hi for k, p in enumerate(PR.PARAMETERS)}))
    return out


@pytest.mark.parametrize("label,values", extremes(), ids=[label for label, _ in extremes()])
def test_every_value_in_range_keeps_random_play_within_the_invariants(label, values):
    for seed in range(6):
        s = new_game(seed=seed)
        for k, v in values.items():
            set_param(s, k, v)
        out = np.zeros(R.N_RESULT_COLUMNS, dtype=np.int64)
        playout.play_out_from(s, np.int64(seed), True, inv.MAX_DECISIONS, out)
        assert out[R.R_VIOLATION] == inv.OK, f"{label} seed {seed}: {playout.FAILURES[out[R.R_VIOLATION]]}"
        assert out[R.R_OUTCOME] != L.ONGOING


@pytest.mark.parametrize("extreme", ["lo", "hi"])
def test_the_scripted_bots_play_with_every_parameter_at_an_extreme(extreme):
    for seed in range(2):
        g = Game("palestine", seed=seed)
        for k, p in enumerate(PR.PARAMETERS):
            g.state[RULE_PARAMETERS + k] = p.lo if extreme == "lo" else p.hi
        while not g.is_terminal():
            g.apply(bots.choose(g, "heuristic"))
        assert g.state[L.OUTCOME] != L.ONGOING


def test_the_scripted_bots_foresee_the_parameters():
    """The bots value Sabotage by the Political Will Phase (6.1.1, 6.1.2), its
    odds (3.3.3), Assault (3.2.4) and Operation spaces (3.1, 2.3.4, 6.5.3) as
    the parameters set them."""
    s = new_game()
    galilee, rail, haifa = S("Galilee"), S("Egypt-Tel Aviv Railway"), S("Haifa City")
    assert bots.marker_gain(s, galilee, False, True, True) == 1.0
    assert bots.marker_gain(s, rail, False, True, True) == 4.0
    assert bots.marker_gain(s, haifa, True, True, True) == 4.0
    assert bots.p_success(s, 1, 0) == 3 / 6
    assert bots.assault_per_piece(s) == 2
    assert (bots.space_limit(s, L.IRGUN, False), bots.space_limit(s, L.IRGUN, True)) == (4, 2)
    set_param(s, PR.P_DISTRICT_SABOTAGE_LOSS, 3)
    set_param(s, PR.P_RAILWAY_SABOTAGE_LOSS, 1)
    set_param(s, PR.P_NO_RAILWAY_SABOTAGE_GAIN, 0)
    set_param(s, PR.P_CITY_TERROR_LOSS, 5)
    set_param(s, PR.P_CLEAN_CITY_GAIN, 2)
    set_param(s, PR.P_SABOTAGE_SUCCESS_ABOVE, 4)
    set_param(s, PR.P_ASSAULT_TROOPS_PER_PIECE, 3)
    set_param(s, PR.P_OPERATION_SPACES, 2)
    set_param(s, PR.P_LIMITED_OPERATION_SPACES, 2)
    set_param(s, PR.P_HAGANAH_EXTRA_SPACES, 2)
    assert bots.marker_gain(s, galilee, False, True, True) == 3.0
    assert bots.marker_gain(s, rail, False, True, True) == 1.0
    assert bots.marker_gain(s, haifa, True, True, True) == 7.0
    assert bots.p_success(s, 1, 0) == 1 / 6
    assert bots.assault_per_piece(s) == 3
    assert (bots.space_limit(s, L.IRGUN, False), bots.space_limit(s, L.IRGUN, True)) == (4, 4)
    assert bots.space_limit(s, L.BRITISH, False) == 2
