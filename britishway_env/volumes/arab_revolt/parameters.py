"""Arab Revolt's rule parameters: the numbers of its rules a designer would
tune, kept in the state row's ``rule_parameters`` slots (engine/coin/header.py)
so the cached kernels read them (``state[RULE_PARAMETERS + P_...]``) instead
of a constant and a variant changes them without a recompile
(engine/coin/parameters.py; docs/arab_revolt.md, "Rule parameters").

Each range ``lo..hi`` is one the kernels are safe with at every value: the
divisors start at 1, the counts at 0, the space limits at 1 and stay within
the board; none is an index into an array.
"""

from ...engine.coin.parameters import RuleParameter, base_values

PARAMETERS = (
    RuleParameter("rebel_victory_will", "7.0.1", 0, 0, 10,
                  "the Rebels win at a Political Will Phase's victory check with Political Will at or below "
                  "this (6.1.5)"),
    RuleParameter("sabotaged_railway_will", "6.1.1", 1, 0, 3,
                  "Political Will lost per Railway with a Sabotage marker in the Political Will Phase"),
    RuleParameter("clear_railways_per_will", "6.1.1", 2, 1, 4,
                  "Railways without Sabotage per +1 Political Will in the Political Will Phase"),
    RuleParameter("rebellion_space_will", "6.1.2", 2, 0, 4,
                  "Political Will lost per City or District with more Rebel than British pieces"),
    RuleParameter("contained_spaces_per_will", "6.1.2", 2, 1, 9,
                  "Cities and Districts with no Rebel piece and no Opposition per +1 Political Will"),
    RuleParameter("rebel_leaders_will", "6.1.3", 1, 0, 3,
                  "Political Will lost per District with a Rebel Base in the Political Will Phase"),
    RuleParameter("irregulars_per_will", "6.1.4", 3, 1, 6,
                  "Irregulars on the map per -1 Political Will in the Political Will Phase"),
    RuleParameter("british_operation_spaces", "3.1", 3, 1, 6,
                  "spaces a British Operation (not Limited) may select"),
    RuleParameter("special_activity_spaces", "4.2.1", 2, 1, 4,
                  "spaces Punish, Air Recon, Mobilize and Raid may select (4.2.1, 4.2.3, 4.3.1, 4.3.3)"),
    RuleParameter("assault_opposition_cubes", "3.2.4", 2, 1, 4,
                  "Assault in an Opposition space removes one Active Rebel piece per this many Troops "
                  "(District) or cubes (City)"),
    RuleParameter("ambush_will_pieces", "3.3.4", 3, 1, 9,
                  "pieces an Ambush must remove across its spaces to reduce Political Will by 1"),
    RuleParameter("decentralized_will", "6.6.4", 1, 0, 3,
                  "Political Will the British gain per Unity shift toward Decentralized when already there"),
    RuleParameter("punishment_chits_drawn", "4.2.1", 2, 1, 6,
                  "Punishment chits Punish draws before the British select one"),
    RuleParameter("operations_chits_drawn", "2.3.4", 2, 1, 4,
                  "Operations chits the Rebels draw each turn (one at Decentralized, 6.6.4, whatever this is)"),
)

(P_REBEL_VICTORY_WILL, P_SABOTAGED_RAILWAY_WILL, P_CLEAR_RAILWAYS_PER_WILL, P_REBELLION_SPACE_WILL,
 P_CONTAINED_SPACES_PER_WILL, P_REBEL_LEADERS_WILL, P_IRREGULARS_PER_WILL, P_BRITISH_OPERATION_SPACES,
 P_SPECIAL_ACTIVITY_SPACES, P_ASSAULT_OPPOSITION_CUBES, P_AMBUSH_WILL_PIECES, P_DECENTRALIZED_WILL,
 P_PUNISHMENT_CHITS_DRAWN, P_OPERATIONS_CHITS_DRAWN) = range(len(PARAMETERS))

assert all(globals()["P_" + p.name.upper()] == k for k, p in enumerate(PARAMETERS))

BASE = base_values(PARAMETERS)
