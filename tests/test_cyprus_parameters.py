"""Cyprus's rule parameters (volumes/cyprus/parameters.py): the setup writes
the printed rules' values, and each parameter, set on the row, changes the
rule it comes from (the test names its rule) — so the kernels read it, not a
constant. The last tests play whole games at the ends of every range.

State dicts do not carry the parameters yet: a test loads its position, then
sets the parameter on the row."""

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.engine.coin.header import N_RULE_PARAMETERS, RULE_PARAMETERS
from britishway_env.volumes.cyprus import evaluation
from britishway_env.volumes.cyprus import parameters as P

from cyprus_helpers import LIMITED_BOX, OP_SA_BOX, PASS_LIMITED, PASS_OP_SA, STOP, alt, legal, make, op, pieces, \
    play, sa, space, spaces_legal

INDEX = {p.name: k for k, p in enumerate(P.PARAMETERS)}

# The printed rules' values, read off the rulebook section by section.
PRINTED = {
    "operation_spaces": ("3.2, 3.3", 3),            # "up to three" spaces, each Operation
    "eoka_victory_will": ("7.0.1", 0),              # EOKA win at Political Will 0
    "no_mountain_caches_will": ("6.1.3", 2),        # +2 with no Arms Cache in the Mountains
    "clean_towns_per_will": ("6.1.3", 2),           # +1 per 2 Towns without Sabotage
    "reset_calm_towns": ("6.4", 3),                 # three or fewer Towns marked
    "prison_release_divisor": ("6.4", 2),           # half the Cells in Prison
    "diplomacy_calm_towns": ("4.2.2", 3),           # three or fewer Towns marked
    "interrogate_cells_per_chit": ("4.2.3", 2),     # a chit per two Cells in Prison
    "sabotage_roll_above": ("3.3.3", 2),            # a modified roll above 2
    "sabotage_cache_bonus": ("3.3.3", 2),           # an Arms Cache spent adds 2
    "assault_cache_will": ("3.2.4", 1),             # +1 Political Will per Arms Cache
    "propagandize_opinion_steps": ("4.3.3", 2),     # two steps right at a Curfew
}


def tuned(g, **values):
    """Set rule parameters on ``g``'s row (each within its range)."""
    for name, v in values.items():
        p = P.PARAMETERS[INDEX[name]]
        assert p.lo <= v <= p.hi, f"{name} {v} outside {p.lo}..{p.hi}"
        g.state[RULE_PARAMETERS + INDEX[name]] = v
    return g


def round_game(spaces, params=None, draw=0, **extra):
    """C1 in play with the next card C33, the parameters ``params`` set: both
    Pass (the British draw the ``draw``-th chit of the bag) and the
    Propaganda Round begins (6.0)."""
    undrawn = [33] + list(range(2, 19)) + [34, 35]
    g = tuned(make(1, spaces, first="british", undrawn=undrawn, **extra), **(params or {}))
    g.force_chance([draw])
    play(g, PASS_LIMITED, PASS_OP_SA)
    return g


def finish_round(g):
    """Take the Propaganda Round's decisions (STOP where offered) until the next card."""
    while g.to_dict()["card"] == "C33 Propaganda!" and not g.is_terminal():
        play(g, STOP if STOP in legal(g) else g.legal_actions()[0])
    return g.to_dict()


# ------------------------------------------------------------- the table --

def test_2_1_setup_writes_the_printed_values_and_zero_in_the_unused_slots():
    assert [p.name for p in P.PARAMETERS] == list(PRINTED)
    for p in P.PARAMETERS:
        assert (p.rule, p.base) == PRINTED[p.name], p.name
        assert p.lo <= p.base <= p.hi and p.meaning
    assert 6 <= len(P.PARAMETERS) <= N_RULE_PARAMETERS
    for seed in (0, 7):
        row = Game("cyprus", seed=seed).state[RULE_PARAMETERS:RULE_PARAMETERS + N_RULE_PARAMETERS]
        assert row.tolist() == P.BASE.tolist()
        assert row[:len(PRINTED)].tolist() == [v for _, v in PRINTED.values()]
        assert not row[len(PRINTED):].any()


def test_index_constants_name_their_slots():
    for name, k in INDEX.items():
        assert getattr(P, f"P_{name.upper()}") == k


def test_a_loaded_position_has_the_printed_values():
    g = make(1, {"Nicosia": {"troops": 1}})
    assert g.state[RULE_PARAMETERS:RULE_PARAMETERS + N_RULE_PARAMETERS].tolist() == P.BASE.tolist()


# ------------------------------------------------------- one rule each --

ASSAULT_TOWNS = ("Paphos", "Limassol", "Nicosia", "Larnaca", "Famagusta")
FIVE_TOWNS = {t: {"troops": 1, "underground_cells": 1} for t in ASSAULT_TOWNS}


@pytest.mark.parametrize("n", [3, 1, 2, 4, 5])
def test_3_2_and_3_3_operation_spaces(n):
    """An Operation selects up to ``operation_spaces`` spaces (3.2.4's "up
    to three"): after n - 1 the rest are open, after n none."""
    g = tuned(make(1, FIVE_TOWNS, first="british"), operation_spaces=n)
    play(g, OP_SA_BOX, op("Assault"))
    for town in ASSAULT_TOWNS[:n - 1]:
        play(g, space(town))
    assert spaces_legal(g) == set(ASSAULT_TOWNS[n - 1:])
    play(g, space(ASSAULT_TOWNS[n - 1]))
    assert spaces_legal(g) == set()


def test_2_3_4_a_limited_operation_stays_one_space_whatever_operation_spaces_is():
    g = tuned(make(1, FIVE_TOWNS, first="british"), operation_spaces=6)
    play(g, LIMITED_BOX, op("Assault"), space("Paphos"))
    assert spaces_legal(g) == set()


@pytest.mark.parametrize("level,outcome", [(0, "ongoing"), (1, "ongoing"), (2, "eoka_victory"),
                                           (5, "eoka_victory")])
def test_7_0_1_and_6_1_4_eoka_victory_will(level, outcome):
    """6.1: Condemned -4, three Sabotage in Nicosia -6, no Arms Cache in the
    Mountains +2, five clean Towns +2: 8 -> 2. EOKA win at or below the level."""
    g = round_game({"Nicosia": {"troops": 1, "sabotage": 3}}, {"eoka_victory_will": level}, pw=8,
                   opinion="Condemned")
    d = g.to_dict()
    assert d["political_will"] == 2 and d["outcome"] == outcome and g.is_terminal() == (outcome != "ongoing")
    if outcome == "eoka_victory":
        assert d["context"]["propaganda_rounds"] == 0      # the round ends the game at its victory check


def test_7_0_1_the_look_ahead_values_will_above_eokas_victory_level():
    g = make(1, {"Nicosia": {"troops": 1}}, first="british", pw=8)
    before = evaluation.evaluate(g.state)
    tuned(g, eoka_victory_will=3)
    assert evaluation.evaluate(g.state) == pytest.approx(before - 3)


@pytest.mark.parametrize("bonus,will", [(2, 8), (0, 6), (5, 11)])
def test_6_1_3_no_mountain_caches_will(bonus, will):
    """Debated -2, no Arms Cache in the Mountains +``bonus``, six clean Towns +3, from 5."""
    g = round_game({"Nicosia": {"troops": 1}}, {"no_mountain_caches_will": bonus}, pw=5)
    assert g.to_dict()["political_will"] == will


def test_6_1_3_no_mountain_caches_will_counts_only_without_a_cache_in_the_mountains():
    g = round_game({"Nicosia": {"troops": 1}, "Troodos": {"underground_cells": 1, "arms_caches": 1}},
                   {"no_mountain_caches_will": 5}, pw=5)
    assert g.to_dict()["political_will"] == 6                    # -2 + 0 + 3


def test_6_1_3_the_look_ahead_reads_the_political_will_phase_parameters():
    g = make(1, {"Nicosia": {"troops": 1}}, first="british", pw=8)
    before = evaluation.evaluate(g.state)
    tuned(g, no_mountain_caches_will=5, clean_towns_per_will=1)  # +3 and +3 on the next round
    assert evaluation.evaluate(g.state) == pytest.approx(before + 0.7 * 6)


@pytest.mark.parametrize("per,will", [(2, 8), (1, 11), (3, 7), (6, 6)])
def test_6_1_3_clean_towns_per_will(per, will):
    """Debated -2, no Arms Cache in the Mountains +2, six clean Towns // ``per``, from 5."""
    g = round_game({"Nicosia": {"troops": 1}}, {"clean_towns_per_will": per}, pw=5)
    assert g.to_dict()["political_will"] == will


THREE_MARKED = {"Nicosia": {"troops": 1, "sabotage": 1, "active_cells": 2},
                "Limassol": {"troops": 1, "curfew": 1}, "Larnaca": {"troops": 1, "sabotage": 1}}


FOUR_MARKED = {t: {"troops": 1, "sabotage": 1} for t in ("Paphos", "Limassol", "Nicosia", "Larnaca")}


@pytest.mark.parametrize("spaces,calm,opinion", [(THREE_MARKED, 3, "Debated"), (THREE_MARKED, 2, "Criticized"),
                                                 (THREE_MARKED, 0, "Criticized"), (FOUR_MARKED, 3, "Criticized"),
                                                 (FOUR_MARKED, 4, "Debated"), (FOUR_MARKED, 6, "Debated")])
def test_6_4_reset_calm_towns(spaces, calm, opinion):
    """The Reset shifts International Opinion left with at most ``calm`` Towns marked."""
    g = round_game(spaces, {"reset_calm_towns": calm}, pw=14, opinion="Criticized")
    assert finish_round(g)["international_opinion"] == opinion


@pytest.mark.parametrize("divisor,prison", [(2, 2), (1, 0), (3, 2), (12, 3)])
def test_6_4_and_1_3_6_prison_release_divisor(divisor, prison):
    """The Reset returns Prison // ``divisor`` of the 3 Cells in Prison to Available."""
    g = round_game(THREE_MARKED, {"prison_release_divisor": divisor}, pw=14, prison=3)
    d = finish_round(g)
    assert d["prison"] == prison and d["available"]["cells"] == 12 - 2 - prison


def test_4_2_2_diplomacy_calm_towns_raised_spares_the_roll():
    g = make(1, FOUR_MARKED, first="british", opinion="Criticized")
    g.force_chance([2])                 # a 3: not above Criticized
    play(g, OP_SA_BOX, op("Deploy"), sa("Diplomacy"))
    assert g.to_dict()["international_opinion"] == "Criticized"
    g = tuned(make(1, FOUR_MARKED, first="british", opinion="Criticized"), diplomacy_calm_towns=4)
    g.force_chance([2])
    play(g, OP_SA_BOX, op("Deploy"), sa("Diplomacy"))        # no roll: the forced 3 stays unused
    assert g.to_dict()["international_opinion"] == "Debated" and g.forced_chance_left()


def test_4_2_2_diplomacy_calm_towns_lowered_needs_the_roll():
    one = {"Nicosia": {"troops": 1, "sabotage": 1}}
    g = make(1, one, first="british", opinion="Criticized")
    play(g, OP_SA_BOX, op("Deploy"), sa("Diplomacy"))
    assert g.to_dict()["international_opinion"] == "Debated"
    g = tuned(make(1, one, first="british", opinion="Criticized"), diplomacy_calm_towns=0)
    g.force_chance([0])                 # a 1: not above Criticized
    play(g, OP_SA_BOX, op("Deploy"), sa("Diplomacy"))
    assert g.to_dict()["international_opinion"] == "Criticized" and not g.forced_chance_left()


@pytest.mark.parametrize("per,chits", [(2, 2), (1, 5), (3, 1), (12, 0)])
def test_4_2_3_interrogate_cells_per_chit(per, chits):
    """Interrogate draws one chit per ``per`` of the 5 Cells in Prison."""
    g = tuned(make(1, {"Nicosia": {"troops": 1, "active_cells": 1}}, first="british", prison=5),
              interrogate_cells_per_chit=per)
    if chits:
        g.force_chance([0] * chits)
    play(g, OP_SA_BOX, op("Assault"), sa("Interrogate"))
    assert len(g.to_dict().get("intel_chits", [])) == chits


@pytest.mark.parametrize("above,placed", [(2, 1), (0, 1), (3, 0), (8, 0)])
def test_3_3_3_sabotage_roll_above(above, placed):
    """A 4 less one Police is 3: a Sabotage marker when above ``above``."""
    g = tuned(make(1, {"Limassol": {"police": 1, "underground_cells": 1}}, first="eoka"),
              sabotage_roll_above=above)
    g.force_chance([3])
    play(g, OP_SA_BOX, op("Sabotage"), space("Limassol"))
    assert pieces(g, "Limassol").get("sabotage", 0) == placed


@pytest.mark.parametrize("bonus,placed", [(2, 1), (1, 0), (0, 0), (4, 1)])
def test_3_3_3_sabotage_cache_bonus(bonus, placed):
    """A 2 less one Police plus ``bonus`` for the Arms Cache spent from Troodos: above 2 places a marker."""
    g = tuned(make(1, {"Limassol": {"police": 1, "underground_cells": 1}, "Troodos": {"arms_caches": 1}},
                   first="eoka"), sabotage_cache_bonus=bonus)
    g.force_chance([1])
    play(g, OP_SA_BOX, op("Sabotage"), space("Limassol"), space("Troodos"))
    assert pieces(g, "Limassol").get("sabotage", 0) == placed
    assert "Troodos" not in g.to_dict()["spaces"]                # the Arms Cache was spent


@pytest.mark.parametrize("gain,will", [(1, 11), (0, 10), (3, 13)])
def test_3_2_4_assault_cache_will(gain, will):
    g = tuned(make(1, {"Larnaca": {"troops": 3, "active_cells": 1, "arms_caches": 1}}, first="british", pw=10),
              assault_cache_will=gain)
    g.force_chance([0])
    play(g, LIMITED_BOX, op("Assault"), space("Larnaca"))
    d = g.to_dict()
    assert pieces(g, "Larnaca") == {"troops": 3} and d["political_will"] == will and d["intel_chits"] == [0]


CURFEW_TOWN = {"Nicosia": {"troops": 1, "underground_cells": 2, "sabotage": 1, "curfew": 1}}


@pytest.mark.parametrize("steps,opinion,c13", [(2, "Criticized", "Debated"), (1, "Debated", "Debated"),
                                               (0, "Discussed", "Discussed"), (3, "Condemned", "Debated")])
def test_4_3_3_propagandize_opinion_steps(steps, opinion, c13):
    """From Discussed, ``steps`` to the right; with HUMAN RIGHTS COMMITTEES
    unshaded (C13) at most one."""
    for caps, want in (({}, opinion), ({"C13": "unshaded"}, c13)):
        g = tuned(make(1, CURFEW_TOWN, first="eoka", pw=10, opinion="Discussed", capabilities=caps),
                  propagandize_opinion_steps=steps)
        play(g, OP_SA_BOX, op("Ambush"), sa("Propagandize"), alt("Nicosia"))
        d = g.to_dict()
        assert d["international_opinion"] == want and d["political_will"] == 10, caps



# ------------------------------------------------------ safe over ranges --

def _play_out(g, rng, policy_bots=None):
    steps = 0
    while not g.is_terminal():
        bad = g.invariant_violation()
        assert bad is None, bad
        if policy_bots is not None:
            a = policy_bots.choose(g, "heuristic")
        else:
            a = int(rng.choice(g.legal_actions()))
        g.apply(a)
        steps += 1
        assert steps < 5000
    assert g.invariant_violation() is None
    return g.to_dict()["outcome"]


@pytest.mark.parametrize("end", ["lo", "hi"])
@pytest.mark.parametrize("name", list(PRINTED))
def test_every_value_in_range_plays_games_through(name, end):
    """At each end of a parameter's range, random games keep the invariants
    and finish."""
    p = P.PARAMETERS[INDEX[name]]
    rng = np.random.default_rng(INDEX[name])
    for seed in (1, 2):
        g = tuned(Game("cyprus", seed=seed), **{name: getattr(p, end)})
        assert _play_out(g, rng) in ("british_victory", "eoka_victory")


@pytest.mark.parametrize("end", ["lo", "hi"])
def test_all_parameters_at_one_end_random_and_scripted_games(end):
    from britishway_env.volumes.cyprus import bots
    values = {p.name: getattr(p, end) for p in P.PARAMETERS}
    rng = np.random.default_rng(3)
    for seed in (3, 4, 5):
        assert _play_out(tuned(Game("cyprus", seed=seed), **values), rng) in ("british_victory", "eoka_victory")
    assert _play_out(tuned(Game("cyprus", seed=6), **values), rng, bots) in ("british_victory", "eoka_victory")


def test_random_values_in_the_ranges_play_games_through():
    """Parameters drawn anywhere in their ranges, all at once: random games
    keep the invariants and finish."""
    rng = np.random.default_rng(11)
    for seed in range(20):
        values = {p.name: int(rng.integers(p.lo, p.hi + 1)) for p in P.PARAMETERS}
        g = tuned(Game("cyprus", seed=100 + seed), **values)
        assert _play_out(g, rng) in ("british_victory", "eoka_victory"), values
