"""Arab Revolt rules 1.0-7.0, section by section, from built positions: each
test names the section it checks and would fail if that rule were encoded
wrongly. Events are tested elsewhere, the Example of Play (8.0) in
test_arab_revolt_example_of_play.py; readings of what the rulebook leaves open
follow docs/design/arab_revolt_decisions.md (the ``test_reading_*`` tests).

Forced chance: a die is forced 0-based (0-5 = faces 1-6); a chit drawn from a
cup is forced by its index among the chits in the cup, kind by kind
(Operations 1s, 2s, 3s; Punishment Detain, Demolish, Fine). The Rebels draw
their two Operations chits as they come to choose a box (2.3.4).
"""

from britishway_env.volumes.arab_revolt import layout as L
from britishway_env.volumes.arab_revolt.game import ArabRevoltGame
from britishway_env.volumes.boards import palestine as board

from arab_revolt_helpers import (
    DEMOLISH, DETAIN, FINE, LIMITED_BOX, OP_SA_BOX, PASS_EVENT, PASS_LIMITED, PASS_OP_SA, SHADED, STOP, TRACK,
    UNSHADED, alt, alts_legal, count, ctx, legal, make, op, ops_chit, pieces, play, sa, space, spaces_legal,
)

FOREIGN = {"Lebanon", "Syria", "Transjordan", "Egypt"}
DISTRICTS = {"Galilee", "Haifa District", "Samaria", "Lydda", "Jerusalem District", "Gaza"}
CITIES = {"Haifa City", "Tel Aviv-Jaffa", "Jerusalem City"}
RAILWAYS = {"Egypt-Tel Aviv Railway", "Tel Aviv-Jerusalem Railway", "Tel Aviv-Haifa Railway", "Haifa-Syria Railway"}


def draws(*values):
    """Forced indices drawing Operations chits of ``values`` from a full cup
    (three each of 1, 2, 3), one after the other."""
    cup = [1, 1, 1, 2, 2, 2, 3, 3, 3]
    out = []
    for v in values:
        out.append(cup.index(v))
        cup.remove(v)
    return out


def rebels(card, spaces, chit_values, **kw):
    """A position with the Rebels 1st Eligible, drawing Operations chits of
    ``chit_values`` (2.3.4)."""
    return make(card, spaces, first="rebels", forced_chance=draws(*chit_values), **kw)


def propaganda_next(card, final=False):
    """``undrawn`` for a position on ``card`` whose next card is A33 (2.4);
    with ``final`` the played cards also hold A34 and A35, so A33 is the last
    Propaganda card (6.1.6). Returns the ``make`` keywords."""
    events = [c for c in range(1, 33) if c not in (card, 11, 24)]
    if final:
        return {"played_cards": [34, 35] + events[:2] + [card], "undrawn_cards": [33] + events[2:17]}
    return {"undrawn": [33] + events[:17] + [34, 35]}


def chits(g, which="operations_chits"):
    return g.to_dict()[which]


def board_of(g):
    return g.to_dict()["spaces"]


def op_spaces(g, name, box=OP_SA_BOX):
    """Take ``box`` and choose Operation ``name``: the spaces it may select its usual way."""
    play(g, box, op(name))
    return spaces_legal(g)


def special_activities(g):
    return {L.SA_NAMES[a - L.A_SA] for a in g.legal_actions() if L.A_SA <= a < L.A_SPACE}


def boxes(g):
    return {a for a in g.legal_actions() if L.A_BOX <= a < L.A_EVENT_SIDE + 2}


# ------------------------------------------------------------------ 1.3 --

FOREIGN_BOARD = {
    "Galilee": {"troops": 2, "police": 1, "underground_irregulars": 1, "underground_guerrillas": 1,
                "active_guerrillas": 1},
    "Haifa City": {"troops": 2},
    "Lebanon": {"underground_guerrillas": 1, "active_guerrillas": 1},
    "Syria": {"bases": 1, "underground_guerrillas": 1, "active_guerrillas": 2},
}


def test_1_3_7_british_operations_never_select_a_foreign_country():
    """1.3.7: British Operations select spaces in Palestine only, whatever
    Rebel pieces stand in Lebanon and Syria."""
    expected = {
        "Deploy": {"Galilee", "Haifa City"},          # more British than Rebel pieces
        "Patrol": CITIES | RAILWAYS,
        "Sweep": DISTRICTS | CITIES,
        "Assault": {"Galilee"},                       # cubes and Rebel pieces
    }
    for name, spaces in expected.items():
        g = make(1, FOREIGN_BOARD, first="british")
        assert op_spaces(g, name) == spaces, name


def test_1_3_7_british_special_activities_never_select_a_foreign_country():
    """1.3.7: Air Recon and Divide act in Palestine only; Divide's Irregular
    never replaces a Guerrilla standing in a Foreign Country (1.4.2)."""
    g = make(1, FOREIGN_BOARD, first="british")
    play(g, OP_SA_BOX, op("Assault"), sa("Air Recon"))
    assert spaces_legal(g) == {"Galilee"}                             # Lebanon and Syria hold Underground ones
    g = make(1, FOREIGN_BOARD, first="british")
    play(g, OP_SA_BOX, op("Deploy"), sa("Divide"), space("Galilee"))
    assert g.phase == "Divide: Guerrilla to replace"
    assert spaces_legal(g) == {"Galilee"}                             # not adjacent Lebanon or Syria


def test_1_3_7_the_operations_chit_effect_never_reaches_a_foreign_country():
    """1.3.7, 1.8.2: the British resolve a 2 chit's effect on an Active
    Guerrilla in Palestine, never one in Syria."""
    g = rebels(1, {"Syria": {"bases": 1, "active_guerrillas": 2}, "Galilee": {"active_guerrillas": 1, "police": 1},
                   "Lydda": {"police": 1}}, (2, 2))
    play(g, PASS_LIMITED)
    assert g.phase == "Pass: place a Base"
    play(g, STOP)
    assert g.phase == "Operations chit effect: Active Guerrilla" and g.current_agent == "british"
    assert spaces_legal(g) == {"Galilee"}


def test_1_3_7_transjordan_and_egypt_out_of_play_until_arab_kings_shaded():
    """1.3.7: Transjordan and Egypt start out of play: no March into them, no
    Mobilize there; once A30's shaded text puts them in play they are
    Foreign Countries like Lebanon and Syria."""
    spaces = {"Galilee": {"underground_guerrillas": 2, "police": 1}, "Gaza": {"underground_guerrillas": 2},
              "Jerusalem City": {"troops": 1}}
    g = rebels(1, spaces, (2, 2))
    play(g, OP_SA_BOX, op("March"), space("Galilee"))
    assert spaces_legal(g) == {"Haifa District", "Samaria", "Haifa-Syria Railway", "Lebanon", "Syria"}
    g = rebels(1, spaces, (2, 2))
    play(g, OP_SA_BOX, op("March"), sa("Mobilize"))
    assert spaces_legal(g) == {"Galilee", "Gaza", "Lebanon", "Syria"}
    g = rebels(1, spaces, (2, 2), transjordan_egypt_in_play=True)
    play(g, OP_SA_BOX, op("March"), space("Gaza"))
    assert spaces_legal(g) == {"Lydda", "Jerusalem District", "Egypt-Tel Aviv Railway", "Transjordan", "Egypt"}
    g = rebels(1, spaces, (2, 2), transjordan_egypt_in_play=True)
    play(g, OP_SA_BOX, op("March"), sa("Mobilize"))
    assert spaces_legal(g) == {"Galilee", "Gaza"} | FOREIGN


def test_reading_1_3_7_foreign_country_adjacency():
    """Settled reading (1.3.5, 1.3.7): Syria is adjacent to the Haifa-Syria
    Railway (8.0), Lebanon to Galilee and Syria only; no Foreign Country is
    adjacent to a City."""
    adj = board.adjacency_matrix(include_foreign=True)

    def near(name):
        return {board.SPACE_NAMES[t] for t in range(board.N_SPACES) if adj[board.space_index(name), t]}
    assert near("Lebanon") == {"Galilee", "Syria"}
    assert near("Syria") == {"Haifa-Syria Railway", "Galilee", "Lebanon", "Transjordan"}
    assert near("Transjordan") == {"Galilee", "Samaria", "Jerusalem District", "Gaza", "Syria"}
    assert near("Egypt") == {"Gaza", "Egypt-Tel Aviv Railway"}
    assert not any(near(c) & FOREIGN for c in CITIES)


# ------------------------------------------------------------------ 1.4 --

def test_1_4_1_rally_takes_guerrillas_from_the_map_never_from_prison():
    """1.4.1: with no Guerrilla Available, Rally takes them from the map, one
    even from the Rally space itself (re-placed Underground, 1.4.3); the
    twelve in Prison may not be moved."""
    g = rebels(1, {"Galilee": {"bases": 1, "underground_guerrillas": 1, "active_guerrillas": 1},
                   "Samaria": {"active_guerrillas": 1}, "Lydda": {"police": 1}}, (1, 1),
               prison={"guerrillas": 12})
    assert g.to_dict()["available"]["guerrillas"] == 0
    play(g, LIMITED_BOX, op("Rally"), space("Galilee"), count(2))
    assert g.phase == "no piece Available: take one from" and g.current_agent == "rebels"
    assert spaces_legal(g) == {"Galilee", "Samaria"}
    play(g, space("Samaria"))
    assert spaces_legal(g) == {"Galilee"}
    play(g, space("Galilee"))
    assert pieces(g, "Galilee") == {"bases": 1, "underground_guerrillas": 3}     # the Active one re-placed
    assert pieces(g, "Samaria") == {}
    assert g.to_dict()["prison"] == {"guerrillas": 12, "bases": 0}


def test_1_4_1_deploy_takes_police_from_elsewhere_on_the_map():
    """1.4.1: with all nine Police on the map, Deploy's two Police come from
    other spaces of the British player's choice."""
    g = make(1, {"Tel Aviv-Jaffa": {"troops": 1, "police": 1}, "Haifa City": {"police": 4},
                 "Jerusalem City": {"police": 4}}, first="british")
    play(g, LIMITED_BOX, op("Deploy"), space("Tel Aviv-Jaffa"), count(2))
    assert g.phase == "no piece Available: take one from"
    assert spaces_legal(g) == {"Haifa City", "Jerusalem City"}
    play(g, space("Haifa City"), space("Jerusalem City"))
    assert pieces(g, "Tel Aviv-Jaffa") == {"troops": 1, "police": 3}
    assert pieces(g, "Haifa City") == {"police": 3} and pieces(g, "Jerusalem City") == {"police": 3}


def test_1_4_1_mobilize_takes_a_base_from_the_map_never_from_prison():
    """1.4.1: with all five Bases on the map, Mobilize moves one from another
    space; with all five in Prison it has none to place."""
    g = rebels(1, {"Syria": {"bases": 2, "underground_guerrillas": 1}, "Samaria": {"bases": 2},
                   "Lydda": {"bases": 1, "underground_guerrillas": 1}, "Galilee": {"underground_guerrillas": 2},
                   "Haifa City": {"troops": 1}}, (1, 1))
    play(g, OP_SA_BOX, op("Rally"), sa("Mobilize"), space("Galilee"))
    assert g.phase == "no piece Available: take one from"
    assert spaces_legal(g) == {"Syria", "Samaria", "Lydda"}
    play(g, space("Samaria"))
    assert pieces(g, "Galilee") == {"bases": 1, "underground_guerrillas": 2}
    assert pieces(g, "Samaria") == {"bases": 1}
    g = rebels(1, {"Galilee": {"underground_guerrillas": 2}, "Haifa City": {"troops": 1}}, (1, 1),
               prison={"bases": 5})
    play(g, OP_SA_BOX, op("Rally"))
    assert special_activities(g) == {"Coordinate"}        # every Base in Prison: none to Mobilize


def test_1_4_1_available_pieces_first_then_the_map():
    """1.4.1: pieces come from the map only once none of the type is
    Available: a Rally of two with one Available takes the first from
    Available, the second from the map."""
    g = rebels(1, {"Galilee": {"bases": 1, "underground_guerrillas": 1}, "Samaria": {"underground_guerrillas": 1},
                   "Haifa City": {"troops": 1}}, (1, 1), prison={"guerrillas": 12})
    assert g.to_dict()["available"]["guerrillas"] == 1
    play(g, LIMITED_BOX, op("Rally"), space("Galilee"), count(2))
    assert g.phase == "no piece Available: take one from" and g.to_dict()["available"]["guerrillas"] == 0
    assert pieces(g, "Galilee") == {"bases": 1, "underground_guerrillas": 2}
    play(g, space("Samaria"))
    assert pieces(g, "Galilee") == {"bases": 1, "underground_guerrillas": 3} and pieces(g, "Samaria") == {}


def test_1_4_1_deploy_second_police_from_the_map_after_the_last_available_one():
    """1.4.1: Deploy's two Police with one Available: the first from
    Available, the second from the map."""
    g = make(1, {"Tel Aviv-Jaffa": {"troops": 1}, "Haifa City": {"police": 8}}, first="british")
    assert g.to_dict()["available"]["police"] == 1
    play(g, LIMITED_BOX, op("Deploy"), space("Tel Aviv-Jaffa"))
    assert legal(g) == {STOP, count(1), count(2)}
    play(g, count(2), space("Haifa City"))
    assert pieces(g, "Tel Aviv-Jaffa") == {"troops": 1, "police": 2} and pieces(g, "Haifa City") == {"police": 7}


def test_1_4_1_divide_takes_its_irregular_from_the_map():
    """1.4.1: with all six Irregulars on the map, Divide's replacing Irregular
    comes from a space of the British player's choice."""
    g = make(1, {"Samaria": {"troops": 1, "underground_irregulars": 1, "underground_guerrillas": 1},
                 "Gaza": {"underground_irregulars": 5}, "Haifa City": {"troops": 1}}, first="british")
    play(g, OP_SA_BOX, op("Deploy"), sa("Divide"), space("Samaria"), space("Samaria"))
    assert g.phase == "no piece Available: take one from" and spaces_legal(g) == {"Samaria", "Gaza"}
    play(g, space("Gaza"))
    assert pieces(g, "Samaria") == {"troops": 1, "active_irregulars": 1, "underground_irregulars": 1}
    assert pieces(g, "Gaza") == {"underground_irregulars": 4} and g.to_dict()["available"]["guerrillas"] == 15


def test_1_4_1_rebel_pass_base_comes_from_available_only():
    """1.4.1, 2.3.3 (settled reading): a Pass is no Operation, Special
    Activity or Event, so with no Base Available the Rebels' Pass places none."""
    spaces = {"Syria": {"bases": 2, "underground_guerrillas": 1}, "Samaria": {"bases": 2},
              "Lydda": {"bases": 1, "underground_guerrillas": 1}, "Galilee": {"underground_guerrillas": 2},
              "Haifa City": {"troops": 1}}
    g = rebels(1, spaces, (1, 1))
    play(g, PASS_LIMITED)
    assert g.current_agent == "british" and g.phase == "choose a box"
    assert board_of(g) == spaces
    spaces["Samaria"] = {"bases": 1}
    g = rebels(1, spaces, (1, 1))
    play(g, PASS_LIMITED)
    assert g.phase == "Pass: place a Base" and spaces_legal(g) == {"Galilee", "Lydda"}


def test_reading_1_4_1_chit_side_effects_place_available_pieces_only():
    """Settled reading (1.4.1): a Demolish chit's Guerrilla and a 3 chit's
    Irregular come from Available only; with none there the Guerrilla is not
    placed and the Active Guerrilla is simply removed."""
    g = make(1, {"Galilee": {"troops": 1, "opposition": 1}, "Samaria": {"active_guerrillas": 1}},
             first="british", prison={"guerrillas": 14}, forced_chance=[2, 1])     # Demolish, then Detain
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"), DEMOLISH, space("Galilee"))
    assert pieces(g, "Galilee") == {"troops": 1}                      # no Guerrilla Available: none placed
    g = rebels(1, {"Galilee": {"active_guerrillas": 1}, "Haifa City": {"underground_irregulars": 6}},
               (3, 3))
    play(g, PASS_LIMITED, STOP, space("Galilee"))
    assert pieces(g, "Galilee") == {} and pieces(g, "Haifa City") == {"underground_irregulars": 6}


def test_1_4_2_at_most_two_bases_never_on_a_railway():
    """1.4.2: a Pass Base goes only to a District or Foreign Country with a
    Guerrilla and fewer than two Bases; Mobilize never makes a third."""
    spaces = {"Galilee": {"bases": 2, "underground_guerrillas": 2}, "Samaria": {"underground_guerrillas": 2},
              "Haifa City": {"underground_guerrillas": 1, "troops": 1},
              "Tel Aviv-Haifa Railway": {"underground_guerrillas": 1}, "Syria": {"underground_guerrillas": 1},
              "Lydda": {"police": 1}}
    g = rebels(1, spaces, (1, 1))
    play(g, PASS_LIMITED)
    assert spaces_legal(g) == {"Samaria", "Syria"}
    g = rebels(1, spaces, (1, 1))
    play(g, OP_SA_BOX, op("Rally"), sa("Mobilize"))
    assert spaces_legal(g) == {"Samaria", "Lebanon", "Syria"}


def test_1_4_2_and_1_12_one_curfew_per_space_three_in_all():
    """1.4.2, 1.12: Deploy's Curfew step in a space with a Curfew can only
    lift it; with all three Curfews on the map none more is placed."""
    spaces = {"Haifa City": {"troops": 2, "curfew": 1}, "Tel Aviv-Jaffa": {"troops": 2, "curfew": 1},
              "Jerusalem City": {"troops": 2}, "Galilee": {"troops": 1, "curfew": 1}}
    g = make(1, spaces, first="british")
    play(g, OP_SA_BOX, op("Deploy"), space("Haifa City"), STOP, space("Jerusalem City"), STOP, STOP)
    assert g.phase == "Deploy: Curfew" and spaces_legal(g) == {"Haifa City"}     # no fourth Curfew
    spaces["Galilee"] = {"troops": 1}
    g = make(1, spaces, first="british")
    play(g, OP_SA_BOX, op("Deploy"), space("Haifa City"), STOP, space("Jerusalem City"), STOP, STOP)
    assert spaces_legal(g) == {"Haifa City", "Jerusalem City"}
    play(g, space("Haifa City"))                      # a second Curfew there? No: it lifts the one there
    assert pieces(g, "Haifa City") == {"troops": 2}


def test_1_4_3_placed_guerrillas_and_irregulars_go_underground():
    """1.4.3: Rally places Guerrillas Underground next to Active ones; Deploy
    places an Irregular Underground; Air Recon Activates one."""
    g = rebels(1, {"Galilee": {"active_guerrillas": 1}, "Haifa City": {"troops": 1}}, (1, 1))
    play(g, LIMITED_BOX, op("Rally"), space("Galilee"))
    assert pieces(g, "Galilee") == {"active_guerrillas": 1, "underground_guerrillas": 1}
    g = make(1, {"Galilee": {"troops": 3, "underground_guerrillas": 2}, "Lydda": {"police": 1}}, first="british")
    play(g, OP_SA_BOX, op("Deploy"), alt("Galilee"), STOP, STOP, sa("Air Recon"), space("Galilee"))
    assert pieces(g, "Galilee") == {"troops": 3, "underground_irregulars": 1, "underground_guerrillas": 1,
                                    "active_guerrillas": 1}


# ------------------------------------------------------------------ 1.6 --

def test_1_6_opposition_one_marker_in_districts_and_cities_only():
    """1.6: Sabotage adds Opposition to a District only if none (still one
    marker), and never Opposition to a Railway (a Sabotage marker instead, 1.9)."""
    g = rebels(1, {"Samaria": {"underground_guerrillas": 2, "opposition": 1}, "Lydda": {"underground_guerrillas": 1},
                   "Tel Aviv-Haifa Railway": {"underground_guerrillas": 1, "sabotage": 1},
                   "Haifa City": {"troops": 1}}, (3, 3))
    play(g, LIMITED_BOX, op("Sabotage"), space("Samaria"), space("Lydda"), space("Tel Aviv-Haifa Railway"))
    assert pieces(g, "Samaria") == {"underground_guerrillas": 1, "active_guerrillas": 1, "opposition": 1}
    assert pieces(g, "Lydda") == {"active_guerrillas": 1, "opposition": 1}
    assert pieces(g, "Tel Aviv-Haifa Railway") == {"active_guerrillas": 1, "sabotage": 2}     # 1.4.2: they stack


# ------------------------------------------------------------------ 1.7 --
# Forced draws from a full Punishment cup (Detain, Detain, Demolish, Demolish, Fine, Fine).

def test_1_7_1_punish_draws_two_selects_one_and_returns_the_other():
    """1.7.1, 4.2.1: two chits drawn face up, one selected (only those drawn
    or held), the unused one back in the cup, the used one set aside."""
    g = make(1, {"Galilee": {"troops": 1, "underground_guerrillas": 2}, "Lydda": {"troops": 1}},
             first="british", forced_chance=[0, 3])       # Detain, then Fine from the five left
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"))
    assert g.phase == "Punish: chit to use"
    assert chits(g, "punishment_chits") == {"held": [], "drawn": ["Detain", "Fine"], "set_aside": [],
                                             "in_play": None}
    assert {DETAIN, DEMOLISH, FINE} & legal(g) == {DETAIN, FINE}
    play(g, DETAIN)
    assert chits(g, "punishment_chits") == {"held": [], "drawn": [], "set_aside": [], "in_play": "Detain"}
    play(g, space("Galilee"), space("Lydda"))
    assert chits(g, "punishment_chits") == {"held": [], "drawn": [], "set_aside": ["Detain"], "in_play": None}


def test_1_7_1_a_held_chit_may_be_used_in_place_of_the_drawn_ones():
    """1.7.1: a held Demolish is used instead of the two drawn; both drawn
    chits go back to the cup."""
    g = make(1, {"Galilee": {"troops": 1, "opposition": 1}, "Lydda": {"police": 1}}, first="british",
             punishment_chits={"held": ["Demolish"]}, forced_chance=[0, 3])     # Detain, Fine
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"))
    assert {DETAIN, DEMOLISH, FINE} & legal(g) == {DETAIN, DEMOLISH, FINE}
    play(g, DEMOLISH)
    assert chits(g, "punishment_chits") == {"held": [], "drawn": [], "set_aside": [], "in_play": "Demolish"}
    play(g, space("Galilee"))
    assert pieces(g, "Galilee") == {"troops": 1, "underground_guerrillas": 1}
    assert chits(g, "punishment_chits")["set_aside"] == ["Demolish"]


def test_1_7_1_and_6_2_1_used_chits_stay_set_aside_until_the_resources_phase():
    """1.7.1, 6.2.1: a used chit stays out of the cup until the Resources
    Phase, where the British keep one chit of their choice and every other
    chit, set aside or held, returns."""
    g = make(1, {"Galilee": {"troops": 1, "underground_guerrillas": 1}, "Lydda": {"police": 1}},
             first="british", punishment_chits={"held": ["Fine"], "set_aside": ["Demolish"]}, forced_chance=[0, 0],
             **propaganda_next(1))
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"))
    assert chits(g, "punishment_chits")["drawn"] == ["Detain", "Detain"]
    play(g, DETAIN, space("Galilee"))                   # no other space with Troops: Punish is over
    g.force_chance(draws(1, 1))
    play(g, space("Galilee"), STOP)
    assert chits(g, "punishment_chits") == {"held": ["Fine"], "drawn": [], "set_aside": ["Detain", "Demolish"],
                                             "in_play": None}
    play(g, PASS_EVENT)                                   # the Rebels pass (no Base: none with a Guerrilla)
    assert g.phase == "Resources: Punishment chit to keep" and g.to_dict()["card"] == "A33 Propaganda!"
    assert chits(g, "punishment_chits")["set_aside"] == ["Detain", "Demolish"]
    g.force_chance([5, 0])                                # the Rebels' roll fails; Foreign Assistance draws a 1
    play(g, DEMOLISH)                                     # 6.2.1: any one chit of the British choice
    assert chits(g, "punishment_chits") == {"held": ["Demolish"], "drawn": [], "set_aside": [], "in_play": None}


def test_1_7_2_detain_one_guerrilla_to_prison_then_opposition():
    """1.7.2: Detain removes one Guerrilla (not more) to Prison, then places
    Opposition if none; in a space without Guerrillas it places Opposition only."""
    g = make(1, {"Galilee": {"troops": 1, "underground_guerrillas": 3}, "Jerusalem City": {"troops": 1},
                 "Lydda": {"police": 1}}, first="british", forced_chance=[0, 0])
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"))             # two Detains: one kind, used at once
    play(g, space("Galilee"), space("Jerusalem City"))
    assert pieces(g, "Galilee") == {"troops": 1, "underground_guerrillas": 2, "opposition": 1}
    assert pieces(g, "Jerusalem City") == {"troops": 1, "opposition": 1}
    assert g.to_dict()["prison"] == {"guerrillas": 1, "bases": 0}


def test_1_7_2_demolish_removes_opposition_then_places_a_guerrilla():
    """1.7.2: Demolish removes the Opposition marker, then places one
    Guerrilla (Underground, 1.4.3), Opposition or not."""
    g = make(1, {"Galilee": {"troops": 1, "opposition": 1}, "Jerusalem City": {"troops": 1},
                 "Lydda": {"police": 1}}, first="british", forced_chance=[2, 2])
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"), space("Galilee"), space("Jerusalem City"))
    assert pieces(g, "Galilee") == {"troops": 1, "underground_guerrillas": 1}
    assert pieces(g, "Jerusalem City") == {"troops": 1, "underground_guerrillas": 1}


def test_1_7_2_fine_removes_one_sabotage_marker_from_an_adjacent_railway():
    """1.7.2: Fine removes one Sabotage marker from a Railway adjacent to the
    space (the British choose which), and has no Mobilization effect."""
    g = make(1, {"Galilee": {"troops": 1, "underground_guerrillas": 1},
                 "Haifa District": {"troops": 1},
                 "Haifa-Syria Railway": {"sabotage": 2}, "Tel Aviv-Haifa Railway": {"sabotage": 1},
                 "Egypt-Tel Aviv Railway": {"sabotage": 1}}, first="british", forced_chance=[4, 4])
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"), space("Galilee"))
    assert pieces(g, "Haifa-Syria Railway") == {"sabotage": 1}          # its one Sabotaged neighbour
    assert pieces(g, "Galilee") == {"troops": 1, "underground_guerrillas": 1}
    play(g, space("Haifa District"))
    assert g.phase == "Fine: Railway" and spaces_legal(g) == {"Haifa-Syria Railway", "Tel Aviv-Haifa Railway"}
    play(g, space("Tel Aviv-Haifa Railway"))
    assert pieces(g, "Tel Aviv-Haifa Railway") == {} and pieces(g, "Egypt-Tel Aviv Railway") == {"sabotage": 1}
    assert pieces(g, "Haifa District") == {"troops": 1}


def test_1_7_1_a_held_chit_lets_the_british_punish_with_an_empty_cup():
    """1.7.1, 4.2.1 (settled reading): with the cup empty, Punish is offered
    only while a chit is held, and uses it."""
    spaces = {"Galilee": {"troops": 1, "underground_guerrillas": 1}, "Lydda": {"police": 1}}
    empty = ["Detain", "Detain", "Demolish", "Demolish", "Fine"]
    g = make(1, spaces, first="british", punishment_chits={"set_aside": empty + ["Fine"]})
    play(g, OP_SA_BOX, op("Sweep"))
    assert special_activities(g) == {"Air Recon"}
    g = make(1, spaces, first="british", punishment_chits={"held": ["Fine"], "set_aside": empty})
    play(g, OP_SA_BOX, op("Sweep"))
    assert special_activities(g) == {"Punish", "Air Recon"}
    play(g, sa("Punish"))                                 # the one chit there is: used at once
    assert chits(g, "punishment_chits")["in_play"] == "Fine" and g.phase == "Special Activity: space"


def test_reading_2_3_3_british_pass_with_an_empty_cup_gains_nothing():
    """Settled reading (2.3.3): with no chit in the cup a British Pass holds nothing."""
    g = make(1, {"Galilee": {"troops": 1}}, first="british",
             punishment_chits={"set_aside": ["Detain", "Detain", "Demolish", "Demolish", "Fine", "Fine"]},
             forced_chance=draws(1, 1))
    play(g, PASS_LIMITED)
    assert g.current_agent == "rebels" and chits(g, "punishment_chits")["held"] == []


# ------------------------------------------------------------------ 1.8 --

def test_1_8_1_and_2_3_4_rebels_draw_two_and_select_one_before_the_box():
    """1.8.1, 2.3.4: the Rebels draw two chits and select one before any box
    is offered; the other goes back to the cup at once."""
    g = rebels(1, {"Galilee": {"underground_guerrillas": 1}, "Haifa City": {"troops": 1}}, (1, 3))
    assert g.phase == "select an Operations chit" and g.current_agent == "rebels"
    assert legal(g) == {ops_chit(1), ops_chit(3)}
    assert chits(g)["drawn"] == [1, 3]
    play(g, ops_chit(3))
    assert g.phase == "choose a box"
    assert chits(g) == {"held": [], "drawn": [], "set_aside": [], "in_play": 3, "coordinate_bonus": 0}


def test_1_8_1_and_6_6_4_one_chit_drawn_at_decentralized_a_held_one_still_usable():
    """1.8.1, 6.6.4: at Decentralized only one chit is drawn (a second forced
    draw stays unused); a held chit may still be selected instead."""
    g = make(1, {"Galilee": {"underground_guerrillas": 1}, "Haifa City": {"troops": 1}}, first="rebels", unity=0,
             forced_chance=draws(2, 3))
    assert g.phase == "choose a box"                  # a single chit: selected at once
    assert chits(g) == {"held": [], "drawn": [], "set_aside": [], "in_play": 2, "coordinate_bonus": 0}
    g = make(1, {"Galilee": {"underground_guerrillas": 1}, "Haifa City": {"troops": 1}}, first="rebels", unity=0,
             operations_chits={"held": [3]}, forced_chance=[1])     # a 1 from the eight left
    assert g.phase == "select an Operations chit" and chits(g)["drawn"] == [1]
    assert legal(g) == {ops_chit(1), ops_chit(3)}
    play(g, ops_chit(3))
    assert chits(g) == {"held": [], "drawn": [], "set_aside": [], "in_play": 3, "coordinate_bonus": 0}


def test_reading_1_8_1_a_value_both_drawn_and_held_is_taken_from_the_drawn():
    """Settled reading (1.8.1): selecting a value both drawn and held uses the
    drawn chit and keeps the held one."""
    g = make(1, {"Galilee": {"underground_guerrillas": 1}, "Haifa City": {"troops": 1}}, first="rebels",
             operations_chits={"held": [2]}, forced_chance=[0, 2])     # a 1, then a 2 from the seven left
    assert chits(g)["drawn"] == [1, 2]
    play(g, ops_chit(2))
    assert chits(g) == {"held": [2], "drawn": [], "set_aside": [], "in_play": 2, "coordinate_bonus": 0}


def test_1_8_2_chit_value_is_the_space_limit_of_limited_and_full_operations():
    """1.8.2, 2.3.5, 3.3: a 2 chit lets a Limited Sabotage select two spaces;
    a 3 chit lets an Operation select three."""
    spaces = {s: {"underground_guerrillas": 1} for s in ("Galilee", "Samaria", "Lydda", "Gaza")}
    spaces["Haifa City"] = {"troops": 1}
    g = rebels(1, spaces, (2, 2))
    play(g, LIMITED_BOX, op("Sabotage"), space("Galilee"))
    assert ctx(g)["space_limit"] == 2
    play(g, space("Samaria"))
    assert spaces_legal(g) == set() and legal(g) == {STOP}
    g = rebels(1, spaces, (3, 3))
    play(g, OP_SA_BOX, op("Sabotage"), space("Galilee"), space("Samaria"))
    assert spaces_legal(g) == {"Lydda", "Gaza"}
    play(g, space("Lydda"))
    assert spaces_legal(g) == set()


def test_1_8_2_chit_value_3_replaces_an_active_guerrilla_with_an_irregular_even_after_an_event():
    """1.8.2, 2.3.4: after the Rebels' Event the British resolve the 3
    chit: one Active Guerrilla replaced with an Underground Irregular."""
    g = rebels(1, {"Galilee": {"active_guerrillas": 2, "police": 1}, "Haifa City": {"troops": 1}}, (3, 3))
    play(g, SHADED)
    assert g.phase == "Operations chit effect: Active Guerrilla" and g.current_agent == "british"
    play(g, space("Galilee"))
    assert pieces(g, "Galilee") == {"active_guerrillas": 1, "police": 1, "underground_irregulars": 1}
    assert chits(g)["set_aside"] == [3] and g.current_agent == "british" and g.phase == "choose a box"


def test_1_8_2_chit_value_2_removes_an_active_guerrilla_even_after_a_pass():
    """1.8.2, 2.3.4: after a Rebel Pass the British resolve the 2 chit: one
    Active Guerrilla removed to Available."""
    g = rebels(1, {"Haifa City": {"active_guerrillas": 2, "troops": 1}}, (2, 2))
    play(g, PASS_OP_SA)
    assert g.phase == "Operations chit effect: Active Guerrilla"
    play(g, space("Haifa City"))
    assert pieces(g, "Haifa City") == {"active_guerrillas": 1, "troops": 1}
    assert g.to_dict()["available"]["guerrillas"] == 14 and chits(g)["set_aside"] == [2]


def test_1_8_2_chit_value_1_has_no_effect():
    """1.8.2: a 1 chit has no effect: the British choose their box at once."""
    g = rebels(1, {"Haifa City": {"active_guerrillas": 2, "troops": 1}}, (1, 1))
    play(g, PASS_OP_SA)
    assert g.phase == "choose a box" and g.current_agent == "british"
    assert pieces(g, "Haifa City") == {"active_guerrillas": 2, "troops": 1} and chits(g)["set_aside"] == [1]


def test_1_8_2_and_6_6_3_no_chit_effect_at_centralized():
    """1.8.2, 6.6.3: at Centralized the Rebels ignore the chit effect."""
    g = rebels(1, {"Haifa City": {"active_guerrillas": 2, "troops": 1}}, (3, 3), unity=4)
    play(g, PASS_OP_SA)
    assert g.phase == "choose a box" and g.current_agent == "british"
    assert pieces(g, "Haifa City") == {"active_guerrillas": 2, "troops": 1} and chits(g)["set_aside"] == [3]


def test_reading_1_8_1_empty_operations_cup_leaves_only_event_and_pass():
    """Settled reading (1.8.1, 3.1): with the cup empty and no chit held the
    Rebels have no chit: no Operation box is offered, Event and Pass are (no
    dead end), and no chit effect follows."""
    g = make(1, {"Haifa City": {"active_guerrillas": 2, "troops": 1}, "Galilee": {"underground_guerrillas": 2}},
             first="rebels", operations_chits={"set_aside": [1, 1, 1, 2, 2, 2, 3, 3, 3]})
    assert g.phase == "choose a box" and chits(g)["in_play"] is None
    assert boxes(g) == {PASS_LIMITED, PASS_EVENT, PASS_OP_SA, UNSHADED, SHADED}
    play(g, PASS_LIMITED, STOP)                        # no Base placed
    assert g.phase == "choose a box" and g.current_agent == "british"
    assert pieces(g, "Haifa City") == {"active_guerrillas": 2, "troops": 1}
    g = make(1, {"Haifa City": {"active_guerrillas": 2, "troops": 1}, "Galilee": {"underground_guerrillas": 2}},
             first="rebels", operations_chits={"held": [2], "set_aside": [1, 1, 1, 2, 2, 3, 3, 3]})
    assert chits(g)["in_play"] == 2                      # a held chit: the Operation boxes are back
    assert boxes(g) == {LIMITED_BOX, OP_SA_BOX, PASS_LIMITED, PASS_EVENT, PASS_OP_SA, UNSHADED, SHADED}


def test_reading_1_8_2_coordinate_raises_the_space_limit_not_the_chit_effect():
    """Settled reading (1.8.2, 4.3.2): a coordinated 3 chit selects four
    spaces, and its effect is still the 3's (replace with an Irregular)."""
    spaces = {s: {"underground_guerrillas": 1} for s in ("Galilee", "Samaria", "Lydda", "Gaza")}
    spaces["Haifa City"] = {"troops": 1, "active_guerrillas": 1}
    g = rebels(1, spaces, (3, 3))
    g.force_chance([5])                                # Coordinate's roll: 6, no Unity shift
    play(g, OP_SA_BOX, op("Sabotage"), space("Galilee"), space("Samaria"), space("Lydda"))
    assert spaces_legal(g) == set() and sa("Coordinate") in legal(g)     # 4.1: also once the limit is reached
    play(g, sa("Coordinate"))
    assert ctx(g)["space_limit"] == 4 and chits(g)["coordinate_bonus"] == 1 and g.to_dict()["unity_track"] == 2
    play(g, space("Gaza"), STOP)
    assert g.phase == "Operations chit effect: Active Guerrilla"
    play(g, space("Haifa City"))
    assert pieces(g, "Haifa City") == {"troops": 1, "underground_irregulars": 1}


# ------------------------------------------------------------------ 1.10 --

def test_1_10_political_will_never_below_0_or_above_20():
    """1.10: an Ambush removing three at Political Will 0 leaves it at 0; a
    Base removed at Decentralized at 20 leaves it at 20 (6.6.4)."""
    spaces = {s: {"underground_guerrillas": 1, "police": 1} for s in ("Galilee", "Samaria", "Lydda")}
    g = rebels(1, spaces, (3, 3), pw=0)
    play(g, OP_SA_BOX, op("Ambush"), space("Galilee"), space("Samaria"), space("Lydda"), STOP)
    assert g.to_dict()["political_will"] == 0 and g.to_dict()["outcome"] == "ongoing"
    g = make(1, {"Galilee": {"troops": 1, "bases": 1}}, first="british", pw=20, unity=0)
    play(g, LIMITED_BOX, op("Assault"), space("Galilee"))
    assert pieces(g, "Galilee") == {"troops": 1}
    assert g.to_dict()["political_will"] == 20 and g.to_dict()["unity_track"] == 0


# ------------------------------------------------------------------ 1.12 --

def test_1_12_curfew_leaves_a_space_emptied_of_british_pieces():
    """1.12: Troops Sweeping out of a Curfew space take its Curfew with them
    once no British piece is left; an Ambush removing the last Police does
    the same; a Curfew stays while one British piece remains."""
    g = make(1, {"Haifa District": {"troops": 2, "curfew": 1}, "Samaria": {"troops": 1, "curfew": 1},
                 "Galilee": {"underground_guerrillas": 1}}, first="british")
    play(g, LIMITED_BOX, op("Sweep"), space("Galilee"), STOP)
    play(g, space("Haifa District"), space("Galilee"))
    assert pieces(g, "Haifa District") == {"troops": 1, "curfew": 1}
    play(g, space("Haifa District"), space("Galilee"))
    assert pieces(g, "Haifa District") == {}
    play(g, space("Samaria"), space("Galilee"), STOP)
    assert pieces(g, "Samaria") == {} and pieces(g, "Galilee") == {"troops": 3, "active_guerrillas": 1}
    g = rebels(1, {"Lydda": {"police": 1, "curfew": 1, "underground_guerrillas": 1},
                   "Gaza": {"police": 2, "curfew": 1, "underground_guerrillas": 1}}, (2, 2))
    play(g, LIMITED_BOX, op("Ambush"), space("Lydda"), space("Gaza"))
    assert pieces(g, "Lydda") == {"active_guerrillas": 1}
    assert pieces(g, "Gaza") == {"police": 1, "curfew": 1, "active_guerrillas": 1}


# ------------------------------------------------------------------ 2.0 --

def test_2_1_and_2_3_1_setup_rebels_first_eligible():
    """2.1, 2.3.1: the setup's tracks and pools; the Rebels start 1st Eligible
    and draw their chits before choosing (2.3.4)."""
    g = ArabRevoltGame(seed=5)
    d = g.to_dict()
    assert d["current_agent"] == "rebels" and g.phase in ("select an Operations chit", "choose a box")
    assert d["political_will"] == 18 and d["unity_track"] == 2 and d["out_of_play_troops"] == 5
    assert d["available"] == {"troops": 0, "police": 0, "irregulars": 6, "guerrillas": 6, "bases": 3}
    assert not d["transjordan_egypt_in_play"]
    assert len(d["played_cards"] + d["undrawn_cards"]) == 21


def test_2_3_2_second_eligible_may_not_take_the_first_eligibles_box():
    """2.3.2: after the British take the Limited Operation box the Rebels may
    take (or Pass in) either other box only."""
    g = make(1, {"Haifa City": {"troops": 2}, "Galilee": {"underground_guerrillas": 2}}, first="british",
             forced_chance=draws(2, 2))
    play(g, LIMITED_BOX, op("Deploy"), space("Haifa City"), count(2), STOP, STOP)     # no Curfew
    assert g.current_agent == "rebels" and g.phase == "choose a box"
    assert boxes(g) == {OP_SA_BOX, PASS_EVENT, PASS_OP_SA, UNSHADED, SHADED}


def test_2_3_3_british_pass_selects_a_punishment_chit_from_the_cup_to_hold():
    """2.3.3, 1.7.1: a British Pass selects (not draws) a chit to hold, from
    those in the cup."""
    g = make(1, {"Haifa City": {"troops": 2}, "Galilee": {"underground_guerrillas": 2}}, first="british",
             punishment_chits={"set_aside": ["Detain", "Detain"]})
    play(g, PASS_EVENT)
    assert g.phase == "Pass: Punishment chit to hold" and g.current_agent == "british"
    assert {DETAIN, DEMOLISH, FINE} & legal(g) == {DEMOLISH, FINE}
    g.force_chance(draws(1, 1))
    play(g, FINE)
    assert chits(g, "punishment_chits") == {"held": ["Fine"], "drawn": [], "set_aside": ["Detain", "Detain"],
                                             "in_play": None}
    assert g.current_agent == "rebels"


def test_2_3_3_rebel_pass_may_place_a_base_with_a_guerrilla():
    """2.3.3: the Rebels' Pass may place an Available Base in a District or
    Foreign Country with a Guerrilla (not a City or Railway)."""
    g = rebels(1, {"Syria": {"underground_guerrillas": 1}, "Galilee": {"active_guerrillas": 1},
                   "Haifa City": {"underground_guerrillas": 1, "troops": 1},
                   "Haifa-Syria Railway": {"underground_guerrillas": 1}}, (1, 1))
    play(g, PASS_OP_SA)
    assert g.phase == "Pass: place a Base" and spaces_legal(g) == {"Syria", "Galilee"}
    play(g, space("Syria"))
    assert pieces(g, "Syria") == {"underground_guerrillas": 1, "bases": 1}
    assert g.to_dict()["available"]["bases"] == 4 and g.current_agent == "british"


def test_2_3_4_rebels_draw_their_chits_as_second_eligible_too():
    """2.3.4: whether 1st or 2nd Eligible, the Rebels draw two chits and
    select one before choosing a box."""
    g = make(1, {"Haifa City": {"troops": 2}, "Galilee": {"underground_guerrillas": 2}}, first="british",
             punishment_chits={"set_aside": ["Detain", "Detain", "Demolish", "Demolish", "Fine"]})
    g.force_chance(draws(2, 3))
    play(g, PASS_LIMITED)                                # one kind left: held at once
    assert g.phase == "select an Operations chit" and g.current_agent == "rebels"
    assert chits(g)["drawn"] == [2, 3]


def test_2_3_5_british_limited_operation_one_space_no_special_activity():
    """2.3.5: a British Limited Operation selects one space and offers no
    Special Activity."""
    spaces = {"Galilee": {"troops": 2, "active_guerrillas": 1}, "Samaria": {"troops": 2, "active_guerrillas": 1}}
    g = make(1, spaces, first="british")
    play(g, LIMITED_BOX, op("Assault"))
    assert special_activities(g) == set()
    play(g, space("Galilee"))
    assert spaces_legal(g) == set() and special_activities(g) == set()


def test_2_3_5_limited_sweep_gathers_troops_from_several_spaces_into_one():
    """2.3.5: a Limited Sweep has one destination but its Troops may come
    from several adjacent spaces."""
    g = make(1, {"Haifa District": {"troops": 1}, "Jerusalem District": {"troops": 1}, "Galilee": {"troops": 1},
                 "Samaria": {"underground_guerrillas": 2}}, first="british")
    play(g, LIMITED_BOX, op("Sweep"), space("Samaria"))
    assert spaces_legal(g) == set()
    play(g, STOP, space("Haifa District"), space("Samaria"), space("Jerusalem District"), space("Samaria"),
         space("Galilee"), space("Samaria"), STOP)
    assert pieces(g, "Samaria") == {"troops": 3, "underground_guerrillas": 1, "active_guerrillas": 1}


def test_2_3_5_limited_patrol_one_destination_cubes_from_several_spaces():
    """2.3.5: a Limited Patrol has one destination; cubes come from several spaces."""
    g = make(1, {"Galilee": {"troops": 1}, "Gaza": {"police": 1}, "Haifa City": {"troops": 1},
                 "Tel Aviv-Haifa Railway": {"underground_guerrillas": 3}}, first="british")
    play(g, LIMITED_BOX, op("Patrol"), space("Tel Aviv-Haifa Railway"))
    assert spaces_legal(g) == set()
    play(g, STOP, space("Galilee"), space("Tel Aviv-Haifa Railway"), alt("Gaza"), space("Tel Aviv-Haifa Railway"),
         space("Haifa City"), space("Tel Aviv-Haifa Railway"), STOP, STOP)
    assert pieces(g, "Tel Aviv-Haifa Railway") == {"troops": 2, "police": 1, "active_guerrillas": 3}


def test_2_3_5_rebel_limited_operation_chit_value_spaces_no_special_activity():
    """2.3.5: a Rebel Limited Operation selects up to the chit's value and
    offers no Special Activity."""
    spaces = {s: {"underground_guerrillas": 1} for s in ("Galilee", "Samaria", "Lydda", "Gaza")}
    spaces["Haifa City"] = {"troops": 1}
    g = rebels(1, spaces, (3, 3))
    play(g, LIMITED_BOX, op("Sabotage"), space("Galilee"), space("Samaria"))
    assert special_activities(g) == set() and spaces_legal(g) == {"Lydda", "Gaza"}


def test_2_3_6_leftmost_box_becomes_first_eligible():
    """2.3.6: after both act, the faction in the leftmost box is 1st
    Eligible, Passes included."""
    spaces = {"Haifa City": {"troops": 2}, "Galilee": {"underground_guerrillas": 2}}
    for rebel_box, british_box, first in ((PASS_OP_SA, PASS_EVENT, "british"), (PASS_EVENT, PASS_OP_SA, "rebels"),
                                          (PASS_OP_SA, PASS_LIMITED, "british"), (PASS_LIMITED, PASS_EVENT, "rebels")):
        g = rebels(1, spaces, (1, 1))
        play(g, rebel_box)
        if g.phase == "Pass: place a Base":
            play(g, STOP)
        g.force_chance(draws(1, 1))
        play(g, british_box)
        if g.phase == "Pass: Punishment chit to hold":
            play(g, FINE)
        assert g.to_dict()["card"] == "A32 Aerial Policing" and g.current_agent == first, (rebel_box, british_box)


# ------------------------------------------------------------------ 3.0 --

def test_3_1_each_space_once_and_three_for_a_british_operation():
    """3.1: a space is selected once per Operation; a British Operation
    selects up to three."""
    spaces = {s: {"troops": 1, "active_guerrillas": 1} for s in ("Galilee", "Samaria", "Lydda", "Gaza")}
    g = make(1, spaces, first="british")
    play(g, OP_SA_BOX, op("Assault"), space("Galilee"))
    assert spaces_legal(g) == {"Samaria", "Lydda", "Gaza"}
    play(g, space("Samaria"), space("Lydda"))
    assert spaces_legal(g) == set() and ctx(g)["space_limit"] == 3


def test_3_2_1_deploy_spaces_more_british_than_rebel_pieces_districts_and_cities():
    """3.2.1, 1.3.2, 1.3.3: Deploy selects Districts and Cities with more
    British pieces (Irregulars included) than Rebel pieces (Bases included)."""
    g = make(1, {"Galilee": {"troops": 1, "underground_guerrillas": 1},
                 "Samaria": {"underground_irregulars": 2, "underground_guerrillas": 1},
                 "Lydda": {"police": 2, "bases": 1, "underground_guerrillas": 1},
                 "Haifa City": {"troops": 1}, "Tel Aviv-Haifa Railway": {"troops": 3}}, first="british")
    assert op_spaces(g, "Deploy") == {"Samaria", "Haifa City"}
    assert alts_legal(g) == {"Samaria", "Haifa City"}


def test_3_2_1_deploy_two_police_or_one_irregular_then_one_curfew():
    """3.2.1: up to two Police, or one Irregular, in each selected space; then
    a Curfew placed in one selected space."""
    g = make(1, {"Samaria": {"underground_irregulars": 2, "underground_guerrillas": 1}, "Haifa City": {"troops": 1}},
             first="british")
    play(g, OP_SA_BOX, op("Deploy"), space("Samaria"))
    assert g.phase == "Deploy: how many Police" and legal(g) == {STOP, count(1), count(2)}
    play(g, count(2), alt("Haifa City"), STOP)
    assert g.phase == "Deploy: Curfew" and spaces_legal(g) == {"Samaria", "Haifa City"}
    play(g, space("Samaria"))
    assert pieces(g, "Samaria") == {"police": 2, "underground_irregulars": 2, "underground_guerrillas": 1,
                                    "curfew": 1}
    assert pieces(g, "Haifa City") == {"troops": 1, "underground_irregulars": 1}


def test_3_2_1_deploy_removing_a_curfew_removes_the_opposition_there():
    """3.2.1: where a Curfew is, Deploy's Curfew step removes it and any
    Opposition there."""
    g = make(1, {"Jerusalem District": {"troops": 2, "curfew": 1, "opposition": 1}}, first="british")
    play(g, LIMITED_BOX, op("Deploy"), space("Jerusalem District"), STOP, STOP, space("Jerusalem District"))
    assert pieces(g, "Jerusalem District") == {"troops": 2}


def test_3_2_2_patrol_moves_any_cubes_activates_on_railways_and_assaults_one():
    """3.2.2: Patrol selects Cities and Railways; cubes come from anywhere;
    each selected Railway Activates one Guerrilla per cube (a City none);
    then a free Assault on one Railway removes one Active piece per cube."""
    g = make(1, {"Galilee": {"troops": 2}, "Gaza": {"police": 1},
                 "Egypt-Tel Aviv Railway": {"underground_guerrillas": 3},
                 "Haifa City": {"underground_guerrillas": 1}}, first="british")
    assert op_spaces(g, "Patrol") == CITIES | RAILWAYS
    play(g, space("Egypt-Tel Aviv Railway"), space("Haifa City"), STOP)
    assert g.phase == "Patrol: move a cube from" and spaces_legal(g) == {"Galilee"} and alts_legal(g) == {"Gaza"}
    play(g, space("Galilee"), space("Egypt-Tel Aviv Railway"))       # Galilee is not adjacent to it
    play(g, alt("Gaza"), space("Egypt-Tel Aviv Railway"), space("Galilee"), space("Haifa City"), STOP)
    assert g.phase == "Patrol: free Assault on a Railway" and spaces_legal(g) == {"Egypt-Tel Aviv Railway"}
    assert pieces(g, "Egypt-Tel Aviv Railway") == {"troops": 1, "police": 1, "underground_guerrillas": 1,
                                                   "active_guerrillas": 2}
    assert pieces(g, "Haifa City") == {"troops": 1, "underground_guerrillas": 1}
    play(g, space("Egypt-Tel Aviv Railway"))
    assert pieces(g, "Egypt-Tel Aviv Railway") == {"troops": 1, "police": 1, "underground_guerrillas": 1}


def test_reading_3_2_2_patrols_free_assault_on_one_selected_railway():
    """Settled reading (3.2.2): the free Assault picks one selected Railway
    (not an unselected one, not a City) at one Active piece per cube, then
    the Operation is over."""
    g = make(1, {"Tel Aviv-Haifa Railway": {"troops": 1, "underground_guerrillas": 2},
                 "Tel Aviv-Jerusalem Railway": {"police": 2, "underground_guerrillas": 2},
                 "Egypt-Tel Aviv Railway": {"troops": 2, "active_guerrillas": 2},
                 "Haifa City": {"troops": 2, "active_guerrillas": 2}}, first="british")
    play(g, OP_SA_BOX, op("Patrol"), space("Tel Aviv-Haifa Railway"), space("Tel Aviv-Jerusalem Railway"),
         space("Haifa City"), STOP, STOP)
    assert g.phase == "Patrol: free Assault on a Railway"
    assert spaces_legal(g) == {"Tel Aviv-Haifa Railway", "Tel Aviv-Jerusalem Railway"}
    play(g, space("Tel Aviv-Jerusalem Railway"))
    assert g.phase == "Special Activity after the Operation"
    assert pieces(g, "Tel Aviv-Jerusalem Railway") == {"police": 2}
    assert pieces(g, "Tel Aviv-Haifa Railway") == {"troops": 1, "underground_guerrillas": 1, "active_guerrillas": 1}
    assert pieces(g, "Haifa City") == {"troops": 2, "active_guerrillas": 2}
    assert pieces(g, "Egypt-Tel Aviv Railway") == {"troops": 2, "active_guerrillas": 2}


def test_3_2_3_sweep_moves_adjacent_troops_and_activates_one_per_two_cubes():
    """3.2.3: Sweep selects Cities and Districts; only adjacent Troops move
    in (not Police); one Guerrilla per two cubes, or one per cube when an
    Underground Irregular there is Activated."""
    g = make(1, {"Samaria": {"police": 1, "underground_guerrillas": 4}, "Haifa District": {"troops": 2},
                 "Tel Aviv-Jaffa": {"troops": 3}, "Gaza": {"police": 2},
                 "Lydda": {"troops": 2, "underground_irregulars": 1, "underground_guerrillas": 4}}, first="british")
    assert op_spaces(g, "Sweep") == DISTRICTS | CITIES
    play(g, space("Samaria"), space("Lydda"), STOP)
    assert g.phase == "Sweep: move a Troop from"
    assert spaces_legal(g) == {"Haifa District", "Lydda", "Tel Aviv-Jaffa"}    # Tel Aviv-Jaffa borders Lydda
    play(g, space("Haifa District"), space("Samaria"), space("Haifa District"), space("Samaria"))
    assert spaces_legal(g) == {"Lydda", "Tel Aviv-Jaffa"}     # the Troops that moved into Samaria move no more
    play(g, STOP)
    assert g.phase == "Sweep: Activate an Irregular" and ctx(g)["current_space"] == 3       # Lydda
    play(g, space("Lydda"))
    assert pieces(g, "Samaria") == {"troops": 2, "police": 1, "underground_guerrillas": 3, "active_guerrillas": 1}
    assert pieces(g, "Lydda") == {"troops": 2, "active_irregulars": 1, "underground_guerrillas": 2,
                                  "active_guerrillas": 2}


def test_3_2_4_assault_four_rates():
    """3.2.4: one Active piece per Troop in a Neutral District, per cube in a
    Neutral City or Railway, per two Troops in an Opposition District, per two
    cubes in an Opposition City; Underground Guerrillas stay."""
    five = {"active_guerrillas": 4, "underground_guerrillas": 1}
    spaces = {"Galilee": {"troops": 2, "police": 2, **five},
              "Samaria": {"troops": 3, "police": 2, "opposition": 1, **five},
              "Haifa City": {"troops": 1, "police": 2, **five},
              "Jerusalem City": {"troops": 1, "police": 2, "opposition": 1, **five},
              "Tel Aviv-Haifa Railway": {"troops": 1, "police": 1, **five}}
    g = make(1, {k: spaces[k] for k in ("Galilee", "Samaria", "Haifa City")}, first="british")
    play(g, OP_SA_BOX, op("Assault"), space("Galilee"), space("Samaria"), space("Haifa City"))
    g2 = make(1, {k: spaces[k] for k in ("Jerusalem City", "Tel Aviv-Haifa Railway")}, first="british")
    play(g2, OP_SA_BOX, op("Assault"), space("Jerusalem City"), space("Tel Aviv-Haifa Railway"))
    left = {name: pieces(g if name in ("Galilee", "Samaria", "Haifa City") else g2, name)["active_guerrillas"]
            for name in spaces}
    assert left == {"Galilee": 2, "Samaria": 3, "Haifa City": 1, "Jerusalem City": 3, "Tel Aviv-Haifa Railway": 2}
    assert pieces(g, "Galilee")["underground_guerrillas"] == 1


def test_3_2_4_assault_bases_only_once_no_guerrilla_remains_each_shifting_unity():
    """3.2.4, 6.6.1: Bases go only once no Guerrilla is left, even an
    Underground one; each Base removed shifts Unity one step toward
    Decentralized."""
    g = make(1, {"Lydda": {"troops": 3, "active_guerrillas": 1, "underground_guerrillas": 1, "bases": 1},
                 "Gaza": {"troops": 3, "active_guerrillas": 1, "bases": 2}}, first="british", unity=3)
    play(g, OP_SA_BOX, op("Assault"), space("Lydda"), space("Gaza"))
    assert pieces(g, "Lydda") == {"troops": 3, "underground_guerrillas": 1, "bases": 1}
    assert pieces(g, "Gaza") == {"troops": 3}
    d = g.to_dict()
    assert d["unity_track"] == 1 and d["available"]["bases"] == 4


def test_3_3_1_rally_spaces_no_railway_no_curfew_with_rebel_pieces_or_opposition():
    """3.3.1: Rally selects non-Railway spaces without a Curfew holding Rebel
    pieces or Opposition."""
    g = rebels(1, {"Galilee": {"underground_guerrillas": 1}, "Samaria": {"opposition": 1},
                   "Lydda": {"underground_guerrillas": 1, "police": 1, "curfew": 1},
                   "Tel Aviv-Haifa Railway": {"underground_guerrillas": 1}, "Syria": {"bases": 1},
                   "Haifa City": {"police": 1}, "Jerusalem City": {"troops": 1, "active_guerrillas": 1}}, (3, 3))
    assert op_spaces(g, "Rally") == {"Galilee", "Samaria", "Syria", "Jerusalem City"}


def test_3_3_1_rally_one_guerrilla_two_with_a_base_then_opposition_in_one_district():
    """3.3.1: one Guerrilla per space, up to two with a Base; then Opposition
    in one selected District with a Base and more Rebel than British pieces."""
    g = rebels(1, {"Galilee": {"bases": 1, "underground_guerrillas": 1, "police": 1}, "Samaria": {"opposition": 1},
                   "Lydda": {"bases": 1, "troops": 3}, "Haifa City": {"troops": 1}}, (3, 3))
    play(g, OP_SA_BOX, op("Rally"), space("Samaria"))
    assert pieces(g, "Samaria") == {"opposition": 1, "underground_guerrillas": 1}
    play(g, space("Galilee"))
    assert g.phase == "Rally: how many Guerrillas" and legal(g) == {count(1), count(2)}
    play(g, count(2), space("Lydda"), count(2), STOP)
    assert g.phase == "Rally: Opposition" and spaces_legal(g) == {"Galilee"}      # Lydda: 3 Rebel v 3 British
    play(g, space("Galilee"))
    assert pieces(g, "Galilee") == {"bases": 1, "underground_guerrillas": 3, "police": 1, "opposition": 1}
    assert pieces(g, "Lydda") == {"bases": 1, "troops": 3, "underground_guerrillas": 2}


def test_3_3_2_march_activation_over_three_on_railways_and_curfews_only():
    """3.3.2: Guerrillas moving from one origin to one destination turn
    Active when the destination is a Railway or Curfew space and they plus
    the British pieces there exceed three; otherwise they keep their state."""
    g = rebels(1, {"Lydda": {"underground_guerrillas": 5},
                   "Jerusalem District": {"underground_guerrillas": 2, "active_guerrillas": 1},
                   "Tel Aviv-Haifa Railway": {"troops": 1},
                   "Egypt-Tel Aviv Railway": {"police": 1, "underground_irregulars": 1},
                   "Gaza": {"police": 2, "curfew": 1}, "Samaria": {"troops": 5}}, (2, 2))
    play(g, LIMITED_BOX, op("March"), space("Lydda"))
    play(g, space("Tel Aviv-Haifa Railway"), count(2))          # 2 + 1 = 3: not over three
    play(g, space("Egypt-Tel Aviv Railway"), count(2))          # 2 + 2 = 4
    play(g, space("Tel Aviv-Jerusalem Railway"), count(1))
    play(g, space("Jerusalem District"), space("Gaza"), count(2), STOP)   # a Curfew: 2 + 2 = 4
    play(g, space("Samaria"), STOP, count(1))                   # no Curfew: the Active one stays Active
    assert pieces(g, "Tel Aviv-Haifa Railway") == {"troops": 1, "underground_guerrillas": 2}
    assert pieces(g, "Egypt-Tel Aviv Railway") == {"police": 1, "underground_irregulars": 1, "active_guerrillas": 2}
    assert pieces(g, "Tel Aviv-Jerusalem Railway") == {"underground_guerrillas": 1}
    assert pieces(g, "Gaza") == {"police": 2, "curfew": 1, "active_guerrillas": 2}
    assert pieces(g, "Samaria") == {"troops": 5, "active_guerrillas": 1}
    assert pieces(g, "Lydda") == {} and pieces(g, "Jerusalem District") == {}


def test_3_3_2_march_to_adjacent_spaces_only_each_guerrilla_once():
    """3.3.2: Guerrillas move from an origin to adjacent spaces only; one
    that arrived in a later origin does not move again."""
    g = rebels(1, {"Lydda": {"underground_guerrillas": 2}, "Samaria": {"underground_guerrillas": 1},
                   "Haifa City": {"troops": 1}}, (2, 2))
    play(g, LIMITED_BOX, op("March"), space("Lydda"))
    assert spaces_legal(g) == {"Gaza", "Samaria", "Jerusalem District", "Tel Aviv-Jaffa", "Egypt-Tel Aviv Railway",
                               "Tel Aviv-Jerusalem Railway", "Tel Aviv-Haifa Railway"}
    play(g, space("Samaria"), count(2), space("Samaria"))
    assert g.phase == "March: destination"
    play(g, space("Galilee"))
    assert g.phase == "March: Underground Guerrillas moving" and legal(g) == {count(1)}
    play(g, count(1))
    assert pieces(g, "Samaria") == {"underground_guerrillas": 2}
    assert pieces(g, "Galilee") == {"underground_guerrillas": 1}


def test_3_3_3_sabotage_in_palestine_with_an_underground_guerrilla():
    """3.3.3: Sabotage selects spaces in Palestine with an Underground
    Guerrilla (not a Foreign Country, not one with Active ones only)."""
    g = rebels(1, {"Galilee": {"underground_guerrillas": 1}, "Samaria": {"active_guerrillas": 2},
                   "Syria": {"underground_guerrillas": 2, "bases": 1},
                   "Haifa-Syria Railway": {"underground_guerrillas": 1}, "Haifa City": {"troops": 1}}, (3, 3))
    assert op_spaces(g, "Sabotage") == {"Galilee", "Haifa-Syria Railway"}
    play(g, space("Haifa-Syria Railway"))
    assert pieces(g, "Haifa-Syria Railway") == {"active_guerrillas": 1, "sabotage": 1}


def test_3_3_4_ambush_removes_police_or_irregulars_and_three_cost_one_political_will():
    """3.3.4, 7.2: Ambush selects spaces with an Underground Guerrilla and a Police
    or Irregular (Troops are never removed); three removed in all: -1
    Political Will; two: nothing."""
    spaces = {"Galilee": {"underground_guerrillas": 1, "police": 1, "troops": 1},
              "Samaria": {"underground_guerrillas": 1, "underground_irregulars": 1},
              "Lydda": {"underground_guerrillas": 1, "police": 1},
              "Gaza": {"underground_guerrillas": 1, "troops": 2},
              "Jerusalem District": {"active_guerrillas": 1, "police": 1}}
    g = rebels(1, spaces, (3, 3), pw=10)
    assert op_spaces(g, "Ambush") == {"Galilee", "Lydda"} and alts_legal(g) == {"Samaria"}
    play(g, space("Galilee"), alt("Samaria"), space("Lydda"))
    assert pieces(g, "Galilee") == {"active_guerrillas": 1, "troops": 1}
    assert pieces(g, "Samaria") == {"active_guerrillas": 1}
    assert g.to_dict()["political_will"] == 10
    play(g, STOP)
    assert g.to_dict()["political_will"] == 9
    g = rebels(1, spaces, (3, 3), pw=10)
    play(g, OP_SA_BOX, op("Ambush"), space("Galilee"), alt("Samaria"), STOP)
    assert g.to_dict()["political_will"] == 10


# ------------------------------------------------------------------ 4.0 --

def test_4_1_1_which_special_activities_accompany_which_operations():
    """4.1.1, 4.2, 4.3: Punish and Air Recon go with any British Operation,
    Divide with Deploy or Patrol only; Mobilize with Rally or March,
    Coordinate with any Rebel Operation, Raid with Rally, Sabotage or Ambush."""
    british = {"Galilee": {"troops": 3, "police": 1, "underground_irregulars": 1, "underground_guerrillas": 1,
                           "active_guerrillas": 1}, "Haifa City": {"troops": 1}}
    expected = {"Deploy": {"Punish", "Divide", "Air Recon"}, "Patrol": {"Punish", "Divide", "Air Recon"},
                "Sweep": {"Punish", "Air Recon"}, "Assault": {"Punish", "Air Recon"}}
    for name, sas in expected.items():
        g = make(1, british, first="british")
        play(g, OP_SA_BOX, op(name))
        assert special_activities(g) == sas, name
    rebel = {"Syria": {"bases": 1, "underground_guerrillas": 2}, "Galilee": {"underground_guerrillas": 2, "police": 1}}
    expected = {"Rally": {"Mobilize", "Coordinate", "Raid"}, "March": {"Mobilize", "Coordinate"},
                "Sabotage": {"Coordinate", "Raid"}, "Ambush": {"Coordinate", "Raid"}}
    for name, sas in expected.items():
        g = rebels(1, rebel, (2, 2))
        play(g, OP_SA_BOX, op(name))
        assert special_activities(g) == sas, name


def test_4_1_special_activity_before_during_or_after_the_operation():
    """4.1: the Special Activity may come before, between the spaces of, or
    after its Operation, once."""
    spaces = {s: {"troops": 1, "underground_guerrillas": 1} for s in ("Galilee", "Samaria")}
    g = make(1, spaces, first="british")
    play(g, OP_SA_BOX, op("Sweep"), space("Galilee"), sa("Air Recon"), space("Samaria"), STOP)
    assert g.phase == "choose a space" and special_activities(g) == set()
    assert pieces(g, "Samaria") == {"troops": 1, "active_guerrillas": 1}
    g = make(1, spaces, first="british")
    play(g, OP_SA_BOX, op("Sweep"), space("Galilee"), STOP, STOP)
    assert g.phase == "Special Activity after the Operation" and special_activities(g) == {"Punish", "Air Recon"}


def test_4_2_1_punish_in_up_to_two_districts_or_cities_with_troops():
    """4.2.1: Punish selects up to two Districts and/or Cities with Troops
    (not Railways, not Police alone)."""
    g = make(1, {"Galilee": {"troops": 1}, "Haifa City": {"troops": 1}, "Lydda": {"troops": 1},
                 "Tel Aviv-Haifa Railway": {"troops": 2}, "Samaria": {"police": 2}}, first="british",
             forced_chance=[0, 0])
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"))
    assert g.phase == "Special Activity: space" and spaces_legal(g) == {"Galilee", "Haifa City", "Lydda"}
    play(g, space("Galilee"), space("Lydda"))
    assert g.phase == "choose a space" and special_activities(g) == set()
    assert pieces(g, "Haifa City") == {"troops": 1}


def test_4_2_2_divide_activates_an_irregular_to_replace_a_guerrilla_in_or_adjacent():
    """4.2.2: in a space with an Underground Irregular, Activate it to
    replace one Guerrilla in or adjacent to the space with an Irregular
    (placed Underground); not at the same time as the roll."""
    g = make(1, {"Samaria": {"troops": 1, "underground_irregulars": 1}, "Haifa District": {"active_guerrillas": 2},
                 "Gaza": {"underground_guerrillas": 1}, "Haifa City": {"troops": 1}}, first="british", unity=1)
    play(g, OP_SA_BOX, op("Deploy"), sa("Divide"))
    assert spaces_legal(g) == {"Samaria"} and TRACK in legal(g)
    play(g, space("Samaria"))
    assert g.phase == "Divide: Guerrilla to replace" and spaces_legal(g) == {"Haifa District"}
    play(g, space("Haifa District"))
    assert pieces(g, "Samaria") == {"troops": 1, "active_irregulars": 1}
    assert pieces(g, "Haifa District") == {"active_guerrillas": 1, "underground_irregulars": 1}
    assert TRACK not in legal(g)                       # "OR": no roll after an activation


def test_4_2_2_divide_roll_at_or_under_irregulars_on_the_map_shifts_unity():
    """4.2.2: the roll succeeds at or under the Irregulars on the map,
    shifting Unity one step toward Decentralized."""
    spaces = {"Haifa City": {"troops": 1, "underground_irregulars": 1}, "Gaza": {"active_irregulars": 1}}
    for face, unity in ((1, 1), (2, 2)):                  # rolls of 2 and 3 against 2 Irregulars
        g = make(1, spaces, first="british", forced_chance=[face])
        play(g, OP_SA_BOX, op("Deploy"), sa("Divide"), TRACK)
        assert g.to_dict()["unity_track"] == unity and g.phase == "choose a space"


def test_reading_4_2_2_and_6_6_2_unity_values_3_2_1_1_0_set_divides_spaces():
    """4.2.2, 6.6.2 (settled reading): Divide activates in as many spaces as
    the Unity Track's value: 3, 2, 1, 1, 0 from Decentralized to Centralized;
    at 0 only the roll is left."""
    spaces = {s: {"underground_irregulars": 1, "underground_guerrillas": 1}
              for s in ("Galilee", "Gaza", "Jerusalem City", "Tel Aviv-Jaffa")}
    spaces["Haifa City"] = {"troops": 1}
    for unity, value in enumerate((3, 2, 1, 1, 0)):
        g = make(1, spaces, first="british", unity=unity)
        play(g, OP_SA_BOX, op("Deploy"), sa("Divide"))
        done = 0
        while g.phase == "Special Activity: space" and spaces_legal(g):
            where = sorted(spaces_legal(g))[0]
            play(g, space(where), space(where))
            done += 1
        assert done == value, unity
        if value == 0:
            assert legal(g) & {TRACK} == {TRACK} and spaces_legal(g) == set()


def test_4_2_3_air_recon_one_guerrilla_in_up_to_two_districts_or_railways():
    """4.2.3: Air Recon selects up to two Districts and/or Railways and
    Activates one Guerrilla in each."""
    g = make(1, {"Galilee": {"underground_guerrillas": 2}, "Haifa City": {"underground_guerrillas": 1, "troops": 1},
                 "Tel Aviv-Haifa Railway": {"underground_guerrillas": 1}, "Samaria": {"underground_guerrillas": 1},
                 "Syria": {"underground_guerrillas": 1}}, first="british")
    play(g, OP_SA_BOX, op("Assault"), sa("Air Recon"))
    assert spaces_legal(g) == {"Galilee", "Samaria", "Tel Aviv-Haifa Railway"}
    play(g, space("Galilee"), space("Tel Aviv-Haifa Railway"))
    assert g.phase == "choose a space"
    assert pieces(g, "Galilee") == {"underground_guerrillas": 1, "active_guerrillas": 1}
    assert pieces(g, "Tel Aviv-Haifa Railway") == {"active_guerrillas": 1}
    assert pieces(g, "Samaria") == {"underground_guerrillas": 1}


def test_4_3_1_mobilize_bases_then_guerrillas_in_every_opposition_space():
    """4.3.1: Mobilize places a Base in up to two Districts with more
    Guerrillas than Irregulars and/or Foreign Countries, then may place a
    Guerrilla in each space with Opposition, selected or not."""
    g = rebels(1, {"Galilee": {"underground_guerrillas": 2, "underground_irregulars": 1},
                   "Samaria": {"underground_guerrillas": 1, "underground_irregulars": 1},
                   "Lydda": {"opposition": 1}, "Haifa City": {"underground_guerrillas": 2},
                   "Jerusalem City": {"opposition": 1, "troops": 1}}, (1, 1))
    play(g, OP_SA_BOX, op("Rally"), sa("Mobilize"))
    assert spaces_legal(g) == {"Galilee", "Lebanon", "Syria"}
    play(g, space("Galilee"), space("Lebanon"))
    assert g.phase == "Mobilize: place a Guerrilla" and spaces_legal(g) == {"Lydda", "Jerusalem City"}
    play(g, space("Lydda"), space("Jerusalem City"))
    assert g.phase == "choose a space"
    assert pieces(g, "Galilee") == {"underground_guerrillas": 2, "underground_irregulars": 1, "bases": 1}
    assert pieces(g, "Lebanon") == {"bases": 1}
    assert pieces(g, "Lydda") == {"opposition": 1, "underground_guerrillas": 1}
    assert pieces(g, "Jerusalem City") == {"opposition": 1, "troops": 1, "underground_guerrillas": 1}


def test_4_3_2_coordinate_adds_a_space_and_rolls_against_bases_on_the_map():
    """4.3.2: Coordinate raises the chit's value by one and shifts Unity
    toward Centralized on a roll at or under the Bases on the map (Foreign
    Countries' included, 8.0)."""
    spaces = {"Syria": {"bases": 1}, "Galilee": {"bases": 1, "underground_guerrillas": 1},
              "Haifa City": {"troops": 1}}
    for face, unity in ((1, 3), (2, 2)):                   # rolls of 2 and 3 against 2 Bases
        g = rebels(1, spaces, (1, 1))
        g.force_chance([face])
        play(g, OP_SA_BOX, op("Rally"), sa("Coordinate"))
        assert g.to_dict()["unity_track"] == unity and ctx(g)["space_limit"] == 2
        assert chits(g)["in_play"] == 1 and chits(g)["coordinate_bonus"] == 1


def test_4_3_3_raid_moves_one_or_two_guerrillas_from_an_adjacent_base_then_strikes_there():
    """4.3.3: Raid selects up to two spaces adjacent to a Base; one or two
    Guerrillas move in from an adjacent space with a Base; then a Sabotage
    or Ambush there if desired."""
    g = rebels(1, {"Syria": {"bases": 1, "underground_guerrillas": 3},
                   "Galilee": {"bases": 1, "underground_guerrillas": 1, "police": 1},
                   "Samaria": {"police": 1}, "Haifa City": {"troops": 1}}, (1, 1))
    play(g, OP_SA_BOX, op("Sabotage"), sa("Raid"))
    assert spaces_legal(g) == {"Haifa-Syria Railway", "Galilee", "Lebanon", "Haifa District", "Samaria", "Syria"}
    play(g, space("Haifa-Syria Railway"))
    assert g.phase == "Raid: Guerrillas come from" and spaces_legal(g) == {"Syria", "Galilee"}
    play(g, space("Syria"), count(2))
    assert g.phase == "Raid: Sabotage or Ambush" and op("Sabotage") in legal(g)
    play(g, op("Sabotage"))
    assert pieces(g, "Haifa-Syria Railway") == {"underground_guerrillas": 1, "active_guerrillas": 1, "sabotage": 1}
    play(g, space("Samaria"))                            # the one source: Galilee
    play(g, space("Samaria"))                            # Ambush: the Police
    assert pieces(g, "Samaria") == {"active_guerrillas": 1}
    assert pieces(g, "Syria") == {"bases": 1, "underground_guerrillas": 1}
    assert pieces(g, "Galilee") == {"bases": 1, "police": 1}
    assert g.phase == "choose a space" and ctx(g)["n_selected"] == 0      # the Sabotage still to select


def test_reading_4_3_3_raids_ambush_does_not_count_toward_the_ambush_operations_three():
    """Settled reading (3.3.4, 4.3.3): a two-space Ambush plus the Raid's own
    Ambush remove three pieces but cost no Political Will."""
    spaces = {"Syria": {"bases": 1, "underground_guerrillas": 2}, "Galilee": {"underground_guerrillas": 1, "police": 1},
              "Lydda": {"underground_guerrillas": 1, "police": 1}, "Haifa-Syria Railway": {"police": 1}}
    g = rebels(1, spaces, (2, 2), pw=10)
    play(g, OP_SA_BOX, op("Ambush"), space("Galilee"), sa("Raid"), space("Haifa-Syria Railway"), count(1),
         space("Haifa-Syria Railway"))
    assert pieces(g, "Haifa-Syria Railway") == {"active_guerrillas": 1}
    assert ctx(g)["n_selected"] == 1 and ctx(g)["space_limit"] == 2      # not one of the Ambush's spaces
    play(g, STOP, space("Lydda"), STOP)
    assert pieces(g, "Lydda") == {"active_guerrillas": 1} and pieces(g, "Galilee") == {"active_guerrillas": 1}
    assert g.to_dict()["political_will"] == 10


# ------------------------------------------------------------------ 5.4 --

def test_5_4_a_mandatory_event_closes_the_event_box_for_its_card():
    """5.4: ITALIAN AID (A11) resolves when revealed (here nothing: no Rebel
    piece in a Foreign Country); neither faction may then take the Event box,
    nor Pass in it; the other two boxes remain."""
    events = [c for c in range(2, 33) if c not in (11, 24)]
    g = rebels(1, {"Haifa City": {"troops": 2}, "Galilee": {"underground_guerrillas": 2, "police": 1}}, (1, 1),
               undrawn=[11] + events[:16] + [33, 34, 35])
    play(g, PASS_LIMITED, STOP)                          # the Rebels Pass (no Base): 1st Eligible again
    g.force_chance(draws(2, 2))
    play(g, PASS_OP_SA, FINE)                            # the British Pass holding a Fine
    d = g.to_dict()
    assert d["card"] == "A11 Italian Aid" and g.current_agent == "rebels" and g.phase == "choose a box"
    assert chits(g)["in_play"] == 2                      # drawn after the Mandatory event (8.0)
    assert boxes(g) == {LIMITED_BOX, OP_SA_BOX, PASS_LIMITED, PASS_OP_SA}
    play(g, PASS_LIMITED, STOP)
    assert g.current_agent == "british" and boxes(g) == {OP_SA_BOX, PASS_OP_SA}


# ------------------------------------------------------------------ 6.0 --

def pass_to_propaganda(g, rebel_box=PASS_OP_SA, british_box=PASS_LIMITED):
    """The British (1st Eligible) Pass holding a Fine, then the Rebels Pass
    (two 1 chits, or a 1 if they hold others; no Base); A33 comes next."""
    g.force_chance(draws(1, 1))
    play(g, british_box)
    if g.phase == "Pass: Punishment chit to hold":
        play(g, FINE)
    if g.phase == "select an Operations chit":
        play(g, ops_chit(1))
    play(g, rebel_box)
    if g.phase == "Pass: place a Base":
        play(g, STOP)
    assert g.to_dict()["card"] == "A33 Propaganda!"


NEXT_EVENT = "A2 Central War Committee"      # the card after the Propaganda card in propaganda_next(1)
PW_BOARD = {
    "Egypt-Tel Aviv Railway": {"underground_guerrillas": 2, "troops": 1},    # 6.1.1 Sabotages it
    "Tel Aviv-Jerusalem Railway": {"sabotage": 1},
    "Tel Aviv-Haifa Railway": {"underground_guerrillas": 1, "troops": 1},    # not more: clear
    "Galilee": {"bases": 1, "underground_guerrillas": 2, "police": 1},        # -2, a Base -1
    "Haifa District": {"troops": 2},                                          # clear
    "Samaria": {"opposition": 1},                                             # Opposition: not clear
    "Lydda": {"bases": 2, "troops": 2},                                       # two Bases: -1 all the same
    "Jerusalem District": {"troops": 1},                                      # clear
    "Gaza": {"bases": 1, "underground_guerrillas": 1, "underground_irregulars": 2},   # 2 v 2; a Base -1
    "Haifa City": {"underground_guerrillas": 1},                              # -2
    "Tel Aviv-Jaffa": {"troops": 1, "underground_irregulars": 1},             # clear
    "Jerusalem City": {"troops": 1, "underground_irregulars": 2},             # clear
    "Syria": {"bases": 1, "underground_guerrillas": 1},                       # a Foreign Country: no 6.1.3
}


def test_6_1_political_will_phase_each_component():
    """6.1.1-6.1.4, 7.1, 7.2 (Districts 1.3.2, Cities 1.3.3): Sabotage first
    placed on the Railway with more Guerrillas than British pieces; then -1 x
    2 Sabotaged Railways, +1 for two clear; -2 x 2 spaces with more Rebel
    pieces (Bases count, and so do Irregulars against them), +2 for four
    clear; -1 x 3 Districts with Bases (not per Base, not Syria's); -1 for
    five Irregulars: a net -7."""
    g = make(1, PW_BOARD, first="british", pw=10, **propaganda_next(1))
    pass_to_propaganda(g)
    assert g.phase == "Resources: Punishment chit to keep"
    assert g.to_dict()["political_will"] == 3
    assert pieces(g, "Egypt-Tel Aviv Railway")["sabotage"] == 1
    assert "sabotage" not in pieces(g, "Tel Aviv-Haifa Railway")


def test_6_1_net_shift_applied_once_then_the_victory_check():
    """6.1 note, 6.1.5: the net shift (-1 Railways, -2 Galilee, +4 for eight
    clear spaces: +1) is applied once; at Political Will 2 the marker never
    passes through 0 on the way."""
    g = make(1, {"Egypt-Tel Aviv Railway": {"sabotage": 1}, "Tel Aviv-Jerusalem Railway": {"sabotage": 1},
                 "Galilee": {"underground_guerrillas": 1}}, first="british", pw=2, **propaganda_next(1))
    pass_to_propaganda(g)
    d = g.to_dict()
    assert d["political_will"] == 3 and d["outcome"] == "ongoing"


def test_6_1_5_and_7_0_1_rebels_win_at_political_will_0():
    """6.1.5, 7.0.1: a net -2 (-4 four Sabotaged Railways, -2 Galilee, +4
    eight clear spaces) from 1 ends the game at 0: a Rebel victory."""
    g = make(1, {r: {"sabotage": 1} for r in RAILWAYS} | {"Galilee": {"underground_guerrillas": 1}},
             first="british", pw=1, **propaganda_next(1))
    pass_to_propaganda(g)
    d = g.to_dict()
    assert d["political_will"] == 0 and d["outcome"] == "rebels_victory" and g.winner == "rebels"
    assert g.is_terminal() and g.current_agent is None


def test_7_0_1_political_will_0_during_the_campaign_is_no_victory():
    """7.0.1: only the Political Will Phase checks victory: at 0 during the
    card play continues, and a net +1 at the check leaves the Rebels short."""
    g = make(1, {"Egypt-Tel Aviv Railway": {"sabotage": 1}, "Tel Aviv-Jerusalem Railway": {"sabotage": 1},
                 "Galilee": {"underground_guerrillas": 1}}, first="british", pw=0, **propaganda_next(1))
    assert g.to_dict()["outcome"] == "ongoing"
    pass_to_propaganda(g)
    d = g.to_dict()
    assert d["political_will"] == 1 and d["outcome"] == "ongoing"


def test_6_1_6_and_7_0_2_british_win_after_the_final_propaganda_card():
    """6.1.6, 7.0.2: after the final Propaganda card's Political Will Phase
    (+2 clear Railways, -2 Galilee, +4 eight clear spaces) without a Rebel
    win, the British win; at 0 the Rebels win instead."""
    g = make(1, {"Galilee": {"underground_guerrillas": 1}, "Haifa City": {"troops": 1}}, first="british", pw=10,
             **propaganda_next(1, final=True))
    pass_to_propaganda(g)
    d = g.to_dict()
    assert d["outcome"] == "british_victory" and g.winner == "british" and d["political_will"] == 14
    g = make(1, {r: {"sabotage": 1} for r in RAILWAYS} | {"Galilee": {"underground_guerrillas": 1}},
             first="british", pw=1, **propaganda_next(1, final=True))
    pass_to_propaganda(g)
    assert g.to_dict()["outcome"] == "rebels_victory"


def test_6_2_2_rebels_roll_under_bases_to_keep_a_chit_then_all_others_return():
    """6.2.2: a roll at or under the Bases on the map (2) lets the Rebels
    keep any one chit (or shift Unity); every other chit, held or set aside,
    goes back to the cup."""
    spaces = {"Syria": {"bases": 1}, "Galilee": {"bases": 1, "police": 1}, "Haifa City": {"troops": 1}}
    g = make(1, spaces, first="british", operations_chits={"held": [2], "set_aside": [3, 3]}, **propaganda_next(1))
    g.force_chance([0, 0])                               # the Rebels draw 1, 1 from the cup's 1, 1, 1, 2, 2, 3
    play(g, PASS_LIMITED, FINE, ops_chit(1), PASS_OP_SA)
    assert chits(g) == {"held": [2], "drawn": [], "set_aside": [1, 3, 3], "in_play": None, "coordinate_bonus": 0}
    g.force_chance([1, 0])                               # a 2 against 2 Bases; Foreign Assistance draws a 1
    play(g, STOP)
    assert g.phase == "Resources: Unity or a chit" and g.current_agent == "rebels"
    assert legal(g) == {STOP, TRACK, ops_chit(1), ops_chit(2), ops_chit(3)}
    play(g, ops_chit(3))
    assert chits(g) == {"held": [3], "drawn": [], "set_aside": [], "in_play": None, "coordinate_bonus": 0}
    g = make(1, spaces, first="british", operations_chits={"held": [2], "set_aside": [3, 3]}, **propaganda_next(1))
    g.force_chance([0, 0])
    play(g, PASS_LIMITED, FINE, ops_chit(1), PASS_OP_SA)
    g.force_chance([2, 0])                               # a 3: no choice; all chits back, the held 2 too
    play(g, STOP)
    assert g.phase == "choose a space" and ctx(g)["foreign_assistance"] == 1
    assert chits(g) == {"held": [], "drawn": [], "set_aside": [], "in_play": None, "coordinate_bonus": 0}
    assert g.to_dict()["unity_track"] == 2


def test_6_2_2_rebels_may_shift_unity_toward_centralized_instead():
    """6.2.2: the other choice of a successful roll: Unity one step toward Centralized."""
    g = make(1, {"Syria": {"bases": 1}, "Haifa City": {"troops": 1}}, first="british", **propaganda_next(1))
    pass_to_propaganda(g)
    g.force_chance([0, 0])                               # a 1 against 1 Base
    play(g, STOP, TRACK)
    assert g.to_dict()["unity_track"] == 3
    assert chits(g) == {"held": [], "drawn": [], "set_aside": [], "in_play": None, "coordinate_bonus": 0}


def test_6_2_3_foreign_assistance_rally_in_foreign_countries_up_to_the_drawn_value():
    """6.2.3: a drawn chit's value of Rallies in Foreign Countries in play,
    Rebel pieces there or not; the chit goes back and has no effect."""
    for in_play, expected in ((False, {"Lebanon", "Syria"}), (True, FOREIGN)):
        g = make(1, {"Syria": {"bases": 1}, "Haifa City": {"troops": 1, "active_guerrillas": 1}}, first="british",
                 transjordan_egypt_in_play=in_play, **propaganda_next(1))
        pass_to_propaganda(g)
        g.force_chance([5, 3])                           # the roll fails; the chit drawn: a 2
        play(g, STOP)
        assert g.phase == "choose a space" and spaces_legal(g) == expected
        assert ctx(g)["space_limit"] == 2
        play(g, space("Lebanon"), space("Syria"), count(2), STOP)
        assert g.phase == "Support: Divide"               # no chit effect on Haifa City's Active Guerrilla
        assert pieces(g, "Lebanon") == {"underground_guerrillas": 1}
        assert pieces(g, "Syria") == {"bases": 1, "underground_guerrillas": 2}
        assert chits(g) == {"held": [], "drawn": [], "set_aside": [], "in_play": None, "coordinate_bonus": 0}


def test_6_3_support_phase_divide_then_mobilize_without_an_operation():
    """6.3.1, 6.3.2: the British may Divide, then the Rebels may Mobilize,
    neither with an Operation."""
    g = make(1, {"Samaria": {"troops": 1, "underground_irregulars": 1, "underground_guerrillas": 1},
                 "Lydda": {"opposition": 1, "troops": 1}}, first="british", **propaganda_next(1))
    pass_to_propaganda(g)
    g.force_chance([5, 0])                               # the Rebels' roll fails; Foreign Assistance: a 1
    play(g, STOP, STOP)                                  # no Rally
    assert g.phase == "Support: Divide" and legal(g) == {STOP, sa("Divide")} and g.current_agent == "british"
    play(g, sa("Divide"), space("Samaria"), space("Samaria"))
    assert pieces(g, "Samaria") == {"troops": 1, "active_irregulars": 1, "underground_irregulars": 1}
    assert g.phase == "Support: Mobilize" and legal(g) == {STOP, sa("Mobilize")} and g.current_agent == "rebels"
    play(g, sa("Mobilize"), space("Lebanon"), STOP, space("Lydda"))
    assert pieces(g, "Lebanon") == {"bases": 1}
    assert pieces(g, "Lydda") == {"opposition": 1, "troops": 1, "underground_guerrillas": 1}


def skip_to_redeploy(g):
    """From the Resources Phase: no chit kept, the Rebels' roll fails, no
    Foreign Assistance Rally, no Divide, no Mobilize."""
    g.force_chance([5, 0])
    play(g, STOP, STOP, STOP)
    if g.phase == "Support: Mobilize":
        play(g, STOP)


def test_6_4_redeploy_forced_and_optional_moves():
    """6.4.1: Troops on Railways must go to Cities; Police may go to Railways
    or Cities; up to half the Irregulars (rounded down) may go to Available.
    6.4.2: Guerrillas on Railways and in Cities must go to spaces with Bases."""
    g = make(1, {"Tel Aviv-Haifa Railway": {"troops": 2, "police": 1}, "Galilee": {"police": 2},
                 "Samaria": {"underground_irregulars": 3}, "Gaza": {"underground_irregulars": 2},
                 "Haifa City": {"underground_guerrillas": 1}, "Egypt-Tel Aviv Railway": {"active_guerrillas": 1},
                 "Lydda": {"bases": 1, "police": 1}, "Syria": {"bases": 1}}, first="british", **propaganda_next(1))
    pass_to_propaganda(g)
    skip_to_redeploy(g)
    assert g.phase == "Redeploy: Troop off a Railway to" and legal(g) == {space(c) for c in CITIES}
    play(g, space("Tel Aviv-Jaffa"), space("Haifa City"))
    assert g.phase == "Redeploy: move Police from" and STOP in legal(g)
    assert spaces_legal(g) == {"Tel Aviv-Haifa Railway", "Galilee", "Lydda"}
    play(g, space("Galilee"))
    assert spaces_legal(g) == CITIES | RAILWAYS
    play(g, space("Haifa-Syria Railway"), STOP)
    assert g.phase == "Redeploy: Irregular to Available" and spaces_legal(g) == {"Samaria", "Gaza"}
    play(g, space("Samaria"), space("Samaria"))           # 5 // 2 = 2: the phase moves on
    assert g.phase == "Redeploy: Guerrilla to" and g.current_agent == "rebels"
    assert spaces_legal(g) == {"Lydda", "Syria"} and STOP not in legal(g)
    play(g, space("Lydda"), space("Syria"))
    d = g.to_dict()
    assert d["card"] == NEXT_EVENT
    assert pieces(g, "Tel Aviv-Jaffa") == {"troops": 1} and pieces(g, "Haifa City") == {"troops": 1}
    assert pieces(g, "Tel Aviv-Haifa Railway") == {"police": 1}
    assert pieces(g, "Galilee") == {"police": 1} and pieces(g, "Haifa-Syria Railway") == {"police": 1}
    assert pieces(g, "Samaria") == {"underground_irregulars": 1} and d["available"]["irregulars"] == 3
    assert pieces(g, "Lydda") == {"bases": 1, "police": 1, "underground_guerrillas": 1}
    assert pieces(g, "Syria") == {"bases": 1, "underground_guerrillas": 1}          # Reset: Underground


def test_6_4_2_with_no_base_on_the_map_guerrillas_go_to_foreign_countries():
    """6.4.2: with no Rebel Base on the map the Guerrillas leave Railways and
    Cities for Foreign Countries in play."""
    g = make(1, {"Jerusalem City": {"underground_guerrillas": 1, "troops": 1}}, first="british",
             **propaganda_next(1))
    pass_to_propaganda(g)
    skip_to_redeploy(g)
    assert g.phase == "Redeploy: Guerrilla to" and spaces_legal(g) == {"Lebanon", "Syria"}


def test_6_5_reset_clears_markers_empties_prison_flips_underground_keeps_eligibility():
    """6.5: Curfews and Sabotage off, Prison back to Available, every
    Guerrilla and Irregular Underground; eligibility is not reset: the
    British, leftmost on the last card, stay 1st Eligible."""
    g = make(1, {"Jerusalem District": {"troops": 1, "curfew": 1, "active_irregulars": 1, "active_guerrillas": 1},
                 "Haifa-Syria Railway": {"sabotage": 2}, "Samaria": {"active_guerrillas": 2, "bases": 1},
                 "Haifa City": {"troops": 1, "curfew": 1}},
             first="british", prison={"guerrillas": 3, "bases": 1}, **propaganda_next(1))
    pass_to_propaganda(g)
    skip_to_redeploy(g)
    d = g.to_dict()
    assert d["card"] == NEXT_EVENT and g.current_agent == "british"
    assert pieces(g, "Jerusalem District") == {"troops": 1, "underground_irregulars": 1, "underground_guerrillas": 1}
    assert pieces(g, "Haifa-Syria Railway") == {} and pieces(g, "Haifa City") == {"troops": 1}
    assert pieces(g, "Samaria") == {"underground_guerrillas": 2, "bases": 1}
    assert d["prison"] == {"guerrillas": 0, "bases": 0}
    assert d["available"]["guerrillas"] == 15 - 3 and d["available"]["bases"] == 4


def test_6_5_munich_places_out_of_play_troops_in_cities():
    """6.5: at A34's Reset the British place every Out of Play Troop in
    Cities of their choice."""
    events = [c for c in range(2, 33) if c not in (11, 24)]
    g = make(1, {"Haifa City": {"troops": 1}, "Galilee": {"underground_guerrillas": 1}}, first="british",
             out_of_play_troops=3, undrawn=[34] + events[:17] + [33, 35])
    g.force_chance(draws(1, 1))
    play(g, PASS_LIMITED, FINE, PASS_OP_SA, STOP)
    assert g.to_dict()["card"] == "A34 Propaganda! (Munich Conference)"
    skip_to_redeploy(g)
    assert g.phase == "Munich: Troop to a City" and legal(g) == {space(c) for c in CITIES}
    play(g, space("Jerusalem City"), space("Jerusalem City"), space("Tel Aviv-Jaffa"))
    d = g.to_dict()
    assert d["out_of_play_troops"] == 0 and d["card"] == NEXT_EVENT
    assert pieces(g, "Jerusalem City") == {"troops": 2} and pieces(g, "Tel Aviv-Jaffa") == {"troops": 1}


# ------------------------------------------------------------------ 6.6 --

def test_6_6_4_decentralized_shift_further_gives_plus_one_political_will_each():
    """6.6.4: at Decentralized each further shift toward it gives the
    British +1 Political Will (two Bases removed: +2)."""
    g = make(1, {"Gaza": {"troops": 3, "bases": 2}}, first="british", pw=10, unity=1)
    play(g, LIMITED_BOX, op("Assault"), space("Gaza"))
    d = g.to_dict()
    assert d["unity_track"] == 0 and d["political_will"] == 11


def test_6_6_4_divide_roll_at_decentralized_gives_plus_one_political_will():
    """6.6.4, 4.2.2: a successful Divide roll at Decentralized gives +1
    Political Will instead of a shift."""
    g = make(1, {"Haifa City": {"troops": 1, "underground_irregulars": 1}}, first="british", pw=10, unity=0,
             forced_chance=[0])
    play(g, OP_SA_BOX, op("Deploy"), sa("Divide"), TRACK)
    d = g.to_dict()
    assert d["unity_track"] == 0 and d["political_will"] == 11


def test_6_6_3_and_4_3_2_a_shift_toward_centralized_at_centralized_does_nothing():
    """6.6.3, 4.3.2: Coordinate's successful roll at Centralized leaves the
    track there and Political Will unchanged."""
    g = rebels(1, {"Syria": {"bases": 2}, "Galilee": {"underground_guerrillas": 1}, "Haifa City": {"troops": 1}},
               (1, 1), unity=4, pw=10)
    g.force_chance([0])
    play(g, OP_SA_BOX, op("Sabotage"), sa("Coordinate"))
    d = g.to_dict()
    assert d["unity_track"] == 4 and d["political_will"] == 10 and ctx(g)["space_limit"] == 2


def test_5_1_2_the_card_in_play_wins_over_a_capability():
    """5.1.2: GENERAL DILL (A12) unshaded's second Punish uses a held chit;
    PUNITIVE SEARCHES unshaded (A18) in play would let Punish select any kind
    from the cup. The card in play wins: only the held kinds are offered."""
    spaces = {"Samaria": {"troops": 1, "underground_guerrillas": 2},
              "Haifa City": {"troops": 1, "police": 1}}
    g = make(12, spaces, capabilities={"A18": "unshaded"}, punishment_chits={"held": ["Demolish", "Fine"]})
    play(g, UNSHADED, sa("Punish"))
    assert legal(g) == {DETAIN, DEMOLISH, FINE}           # the first Punish: A18 selects from cup or hand
    play(g, DETAIN, space("Samaria"), STOP)
    play(g, sa("Punish"))
    assert legal(g) == {DEMOLISH, FINE}                  # the second: the held chits only (A12 over A18)
    play(g, FINE)
    d = g.to_dict()
    assert d["punishment_chits"]["in_play"] == "Fine" and d["punishment_chits"]["held"] == ["Demolish"]


def test_reading_1_7_2_detain_takes_an_underground_guerrilla_first():
    """1.7.2 Detain: of Underground and Active Guerrillas the British send an
    Underground one to Prison (never worse for them: an Active one can still be
    Assaulted), the Mobilization's Opposition after it (rules decision A-9)."""
    g = make(1, {"Samaria": {"troops": 1, "underground_guerrillas": 1, "active_guerrillas": 1}},
             forced_chance=[0, 2])                          # Punish draws Detain and Demolish
    play(g, OP_SA_BOX, op("Sweep"), sa("Punish"), DETAIN, space("Samaria"))
    assert pieces(g, "Samaria") == {"troops": 1, "active_guerrillas": 1, "opposition": 1}
    assert g.to_dict()["prison"] == {"guerrillas": 1, "bases": 0}
