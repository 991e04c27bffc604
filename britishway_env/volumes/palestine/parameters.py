"""Palestine's rule parameters: the numbers of its rules a designer would tune
(engine/coin/parameters.py).

The kernels read each one from the state row, ``state[RULE_PARAMETERS + P_...]``,
instead of a constant, so a variant changes them without a recompile; the
setup (2.1) writes the base values, the printed rules' numbers. A variant may
set any value in ``lo..hi``: every value there keeps the kernels safe (no
index out of an array, no negative count, no division by zero, no endless
loop). See docs/palestine.md, "Rule parameters".
"""

from ...engine.coin.parameters import RuleParameter, base_values

PARAMETERS = (
    RuleParameter("irgun_victory_political_will", "7.0.1", 0, 0, 10,
                  "the Irgun win at a Political Will Phase's victory check (6.1.3) with Political Will "
                  "at or below this"),
    RuleParameter("district_sabotage_loss", "6.1.1", 1, 0, 3,
                  "Political Will lost per Sabotage marker in a District"),
    RuleParameter("railway_sabotage_loss", "6.1.1", 2, 0, 4,
                  "Political Will lost per Railway with a Sabotage marker (once per Railway)"),
    RuleParameter("city_sabotage_loss", "6.1.1", 2, 0, 4,
                  "Political Will lost per Sabotage marker in a City"),
    RuleParameter("city_terror_loss", "6.1.1", 3, 0, 6,
                  "Political Will lost per Terror marker in a City"),
    RuleParameter("no_railway_sabotage_gain", "6.1.2", 2, 0, 4,
                  "Political Will gained when no Railway is Sabotaged"),
    RuleParameter("clean_city_gain", "6.1.2", 1, 0, 3,
                  "Political Will gained per City with no Sabotage or Terror marker"),
    RuleParameter("operation_spaces", "3.1", 3, 1, 5,
                  "spaces an Operation may select (ERNEST BEVIN shaded, P9: one fewer for the British, "
                  "at least 1)"),
    RuleParameter("limited_operation_spaces", "2.3.4", 1, 1, 3,
                  "spaces a Limited Operation may select"),
    RuleParameter("haganah_extra_spaces", "6.5.3", 1, 0, 2,
                  "spaces the Haganah Track at 4 adds to an Irgun Operation (at 3 or 4 with PALMACH "
                  "shaded, P13)"),
    RuleParameter("propagandize_cities", "4.3.2", 2, 1, 3,
                  "Cities one Propagandize may select"),
    RuleParameter("sabotage_success_above", "3.3.3", 2, 0, 5,
                  "a Sabotage (and Terror, 4.3.3) succeeds when its modified roll is greater than this"),
    RuleParameter("assault_troops_per_piece", "3.2.4", 2, 1, 4,
                  "Troops an Assault needs per Irgun piece it removes"),
    RuleParameter("mass_detention_troops", "4.2.3", 3, 1, 6,
                  "Troops a City needs for Mass Detention"),
)

(P_IRGUN_VICTORY_POLITICAL_WILL, P_DISTRICT_SABOTAGE_LOSS, P_RAILWAY_SABOTAGE_LOSS, P_CITY_SABOTAGE_LOSS,
 P_CITY_TERROR_LOSS, P_NO_RAILWAY_SABOTAGE_GAIN, P_CLEAN_CITY_GAIN, P_OPERATION_SPACES,
 P_LIMITED_OPERATION_SPACES, P_HAGANAH_EXTRA_SPACES, P_PROPAGANDIZE_CITIES, P_SABOTAGE_SUCCESS_ABOVE,
 P_ASSAULT_TROOPS_PER_PIECE, P_MASS_DETENTION_TROOPS) = range(14)
assert all(globals()[f"P_{p.name.upper()}"] == k for k, p in enumerate(PARAMETERS))

BASE = base_values(PARAMETERS)
