"""Cyprus's rule parameters: the numbers of its rules a designer would tune,
kept in the state row (engine/coin/parameters.py) so the kernels read them
instead of a constant and a variant changes them without a recompile.

``PARAMETERS`` lists them in slot order; the kernels read slot ``P_<NAME>``
as ``state[RULE_PARAMETERS + P_<NAME>]``; the setup (2.1) writes ``BASE``,
the printed rules' values. Each range is one the kernels are safe over: a
divisor is at least 1, a threshold stays within what the tracks and the
map can show, an amount never drives a count below 0.
"""

from ...engine.coin.parameters import RuleParameter, base_values

PARAMETERS = (
    RuleParameter("operation_spaces", "3.2, 3.3", 3, 1, 6,
                  "spaces an Operation that is not Limited may select"),
    RuleParameter("eoka_victory_will", "7.0.1", 0, 0, 7,
                  "EOKA win at a Political Will Phase's victory check with Political Will at or below this"),
    RuleParameter("no_mountain_caches_will", "6.1.3", 2, 0, 5,
                  "Political Will the British gain with no Arms Cache in the Mountains"),
    RuleParameter("clean_towns_per_will", "6.1.3", 2, 1, 6,
                  "Towns without Sabotage for each +1 Political Will (rounded down)"),
    RuleParameter("reset_calm_towns", "6.4", 3, 0, 6,
                  "the Reset shifts International Opinion towards Ignored with at most this many Towns marked"),
    RuleParameter("prison_release_divisor", "6.4", 2, 1, 12,
                  "the Reset returns the Cells in Prison divided by this (rounded down) to Available"),
    RuleParameter("diplomacy_calm_towns", "4.2.2", 3, 0, 6,
                  "Diplomacy shifts International Opinion without a roll with at most this many Towns marked"),
    RuleParameter("interrogate_cells_per_chit", "4.2.3", 2, 1, 12,
                  "Cells in Prison for each Intel Chit Interrogate draws (rounded down)"),
    RuleParameter("sabotage_roll_above", "3.3.3", 2, 0, 8,
                  "Sabotage places a marker when its modified roll is above this"),
    RuleParameter("sabotage_cache_bonus", "3.3.3", 2, 0, 4,
                  "what an Arms Cache spent adds to Sabotage's roll"),
    RuleParameter("assault_cache_will", "3.2.4", 1, 0, 3,
                  "Political Will the British gain for each Arms Cache Assault removes"),
    RuleParameter("propagandize_opinion_steps", "4.3.3", 2, 0, 4,
                  "steps International Opinion shifts right when Propagandize acts at a Curfew"),
)

(P_OPERATION_SPACES, P_EOKA_VICTORY_WILL, P_NO_MOUNTAIN_CACHES_WILL, P_CLEAN_TOWNS_PER_WILL, P_RESET_CALM_TOWNS,
 P_PRISON_RELEASE_DIVISOR, P_DIPLOMACY_CALM_TOWNS, P_INTERROGATE_CELLS_PER_CHIT, P_SABOTAGE_ROLL_ABOVE,
 P_SABOTAGE_CACHE_BONUS, P_ASSAULT_CACHE_WILL, P_PROPAGANDIZE_OPINION_STEPS) = range(12)
assert all(globals()[f"P_{p.name.upper()}"] == k for k, p in enumerate(PARAMETERS))

BASE = base_values(PARAMETERS)
