"""1948 deckset card data and one test per event card (solo_1948.txt).

The card tables below are an independent reading of the rules' three card
lists ("1948 WAR ISRAELI UNIT CARD LIST", "1948 WAR ARAB UNIT CARD LIST",
"1948 WAR EVENT CARD LIST"); they are compared with ``cards.py``.

Every event test builds a position with ``Game.from_dict`` where the event is
the next card of the event deck, starts the turn at the Arab Phase with a
controlled Arab deck, forces every die, and checks what the card does. The
event positions start on the last turn (``MAX_TURNS``) so that the game stops
right after this turn's End Phase and the battle results stay on the table.
Each finished test also checks that every queued die was used and that no
unforced die was rolled (the stored generator state never moved).
"""

import copy

from britishway_env import Game
from britishway_env.solo1948 import cards as C
from britishway_env.solo1948 import layout as L

FRONTS = ("North", "Central", "South")
N, CEN, S = 0, 1, 2

# ------------------------------------------------------------ card lists ----
# Israeli Unit card list: name, copies, Force (None for the "-" of Leaders),
# notes kind. Order as printed (forced dice count units in this order).
ISRAELI_LIST = [
    ("Moshe Dayan", 1, None, "Leader"),
    ("Yitzhak Sadeh", 1, None, "Leader"),
    ("Yigal Allon", 1, None, "Leader"),
    ("Shimon Avidan", 1, None, "Leader"),
    ("Kibbutzim", 6, 4, ""),
    ("Armed Settlers", 4, 2, ""),
    ("Settlement Police", 1, 3, ""),
    ("Haganah Brigades", 10, 5, "Regular"),
    ("Palmach Shock Troops", 4, 6, "Regular"),
    ("Mortars", 2, 2, "Regular"),
    ("Special Night Squads", 1, 3, "Regular"),
    ("Artillery", 1, 4, "Regular"),
    ("Armored Cars", 2, 3, "Vehicles"),
    ("Home-made Convoys", 2, 2, "Vehicles"),
    ("Tanks", 1, 4, "Vehicles"),
    ("Piper Airplanes", 1, 1, "Vehicles"),
    ("Palmach Air Squad", 1, 5, "Vehicles"),
    ("Irgun Commandos", 4, 3, "Extremists"),
    ("Lehi Stern Fighters", 1, 2, "Extremists"),
]

# Arab Unit card list: name, copies, front letter, Force (None for Leaders).
ARAB_LIST = [
    ("Abd el Kader el Husseini", 1, "N", None),
    ("Glub Pasha", 1, "C", None),
    ("Said Taha Bey", 1, "S", None),
    ("Arab Legion", 8, "C", 5),
    ("Trans-Jordan Frontier Force", 3, "C", 4),
    ("Iraqi Expeditionary Force", 2, "C", 3),
    ("The Army of Salvation", 2, "C", 2),
    ("Palestinian Najada", 1, "C", 1),
    ("Arab Liberation Army", 8, "N", 3),
    ("Syrian Lebanese Contingent", 2, "N", 2),
    ("Egyptian Army", 8, "S", 4),
    ("Saudi Forces", 2, "S", 2),
    ("Moslem Brotherhood", 1, "S", 1),
    ("Artillery Elements", 4, "R", 4),
    ("Armored Battalions", 3, "R", 3),
    ("Air Force", 3, "R", 2),
    ("Armored Cars", 3, "R", 1),
]

# Event card list (one copy each): name -> (effect, value) in my own words.
EVENT_LIST = {
    "David Ben Gurion": ("israeli draw", 2),
    "World Zionism": ("israeli draw", 1),
    "Czech Weapon Shipments": ("israeli units", +1),
    "Isolated Settlements": ("arab units", +1),
    "Fighting for Survival": ("israeli units", +1),
    "WWII Veterans": ("israeli units", +1),
    "Memory of the Holocaust": ("israeli units", +1),
    "Narrow Coastal Plain": ("arab units", +1),
    "Unified Command": ("israeli units", +1),
    "Major Truce": ("truce + israeli draw", 2),
    "Long Cease Fire": ("truce + israeli draw", 2),
    "Palestinian Refugees": ("negate battle", "North"),
    "Low on Ammo": ("israeli units", -1),
    "Jihad": ("arab draw", 1),
    "Arab League": ("arab draw", 1),
    "Arab Divisions": ("arab units", -1),
    "Destroy Arab HQ": ("target front total", 5),
    "Cut Off Supply Routes": ("israeli units", -1),
    "Surprise Attack": ("target front total", 5),
    "Major Operation": ("free transfers", 3),
    "Bridgehead": ("random front arab units", 2),
    "Illegal Immigration": ("israeli draw", 1),
    "Poor Junior Leadership": ("arab units", -1),
    "Flanking Maneuvers": ("target front israeli units", 2),
    "Arab Withdrawal": ("remove random arab unit at random front", None),
    "Reinforcements": ("free transfers", 1),
    "Defensive Position": ("random front arab units", 2),
    "Smuggle in Arms": ("israeli units", +1),
    "Flexibility": ("target front total", 5),
    "Siege": ("israeli units", -1),
    "Manpower Advantage": ("arab units", +1),
    "British Withdrawal": ("both draw", 1),
    "Internal Lines": ("free transfers", 2),
    "Failed Assault": ("random front stalemate", None),
    "Bitter Fighting": ("both discard at every front", None),
    "Desperate Struggle": ("both discard at random front", None),
    "Police Fortresses": ("random front arab total", 5),
    "Harassment": ("arab units", +1),
    "Ambush": ("target front total", 5),
    "Shortage of Weapons": ("israeli units", -1),
    "Disrupted Communications": ("israeli units", -1),
    "Demoralized by Setbacks": ("arab units", -1),
    "Inter-Arab Bickering": ("arab units", -1),
    "Night Attack": ("target front total", 5),
    "Captured Equipment": ("israeli units", +1),
    "Self-Sacrifice": ("israeli units", +1),
}

_KIND_OF = {
    "": C.PLAIN, "Leader": C.LEADER, "Regular": C.REGULAR, "Vehicles": C.VEHICLE,
    "Extremists": C.EXTREMIST,
}
_FRONT_OF = {"N": C.NORTH, "C": C.CENTRAL, "S": C.SOUTH, "R": C.RANDOM}
_EFFECT_CODE = {
    "israeli draw": C.EV_ISRAELI_DRAW,
    "arab draw": C.EV_ARAB_DRAW,
    "both draw": C.EV_BOTH_DRAW,
    "israeli units": C.EV_ISRAELI_ALL_UNITS,
    "arab units": C.EV_ARAB_ALL_UNITS,
    "truce + israeli draw": C.EV_TRUCE,
    "negate battle": C.EV_NEGATE_FRONT,
    "target front total": C.EV_TARGET_FRONT_TOTAL,
    "target front israeli units": C.EV_TARGET_FRONT_UNITS,
    "random front arab units": C.EV_RANDOM_FRONT_ARAB_UNITS,
    "random front arab total": C.EV_RANDOM_FRONT_ARAB_TOTAL,
    "free transfers": C.EV_FREE_TRANSFERS,
    "remove random arab unit at random front": C.EV_ARAB_WITHDRAWAL,
    "random front stalemate": C.EV_AUTO_STALEMATE,
    "both discard at every front": C.EV_BITTER_FIGHTING,
    "both discard at random front": C.EV_DESPERATE_STRUGGLE,
}


def test_deck_sizes():
    assert sum(c for _, c, _, _ in ISRAELI_LIST) == 45
    assert sum(c for _, c, _, _ in ARAB_LIST) == 53
    assert len(EVENT_LIST) == 46
    assert (C.ISRAELI_DECK_SIZE, C.ARAB_DECK_SIZE, C.N_EVENTS) == (45, 53, 46)
    assert C.ISRAELI_COPIES.sum() == 45 and C.ARAB_COPIES.sum() == 53
    assert len(C.EVENTS) == len({e[0] for e in C.EVENTS}) == 46


def test_israeli_unit_cards_match_the_card_list():
    coded = [(name, copies, force, kind) for name, copies, force, kind in C.ISRAELI_UNITS]
    expected = [(name, copies, 0 if force is None else force, _KIND_OF[kind])
                for name, copies, force, kind in ISRAELI_LIST]
    assert coded == expected
    # Leaders have no Force (printed "-").
    for t, (_, _, force, kind) in enumerate(ISRAELI_LIST):
        assert C.ISRAELI_IS_LEADER[t] == (kind == "Leader")
        assert C.ISRAELI_IS_EXTREMIST[t] == (kind == "Extremists")
        assert C.ISRAELI_IS_VEHICLE[t] == (kind == "Vehicles")
        # Vehicles note: "This Regular Unit" - Vehicles are Regulars.
        assert C.ISRAELI_CAN_TRANSFER[t] == (kind in ("Regular", "Vehicles"))


def test_arab_unit_cards_match_the_card_list():
    coded = [(name, copies, front, force, leader) for name, copies, front, force, leader in C.ARAB_UNITS]
    expected = [(name, copies, _FRONT_OF[front], 0 if force is None else force, force is None)
                for name, copies, front, force in ARAB_LIST]
    assert coded == expected
    # Every printed front letter: 3 Leaders, one per front.
    leaders = sorted(_FRONT_OF[f] for _, _, f, force in ARAB_LIST if force is None)
    assert leaders == [C.NORTH, C.CENTRAL, C.SOUTH]


def test_event_cards_match_the_card_list():
    coded = {name: (kind, value) for name, kind, value in C.EVENTS}
    assert set(coded) == set(EVENT_LIST)
    for name, (effect, value) in EVENT_LIST.items():
        kind, coded_value = coded[name]
        assert kind == _EFFECT_CODE[effect], name
        if effect == "negate battle":
            assert coded_value == C.NORTH, name
        elif value is not None:
            assert coded_value == value, name


def test_transferable_types_are_exactly_the_regulars():
    names = [C.ISRAELI_UNITS[t][0] for t in L.TRANSFERABLE_TYPES]
    assert names == [n for n, _, _, k in ISRAELI_LIST if k in ("Regular", "Vehicles")]
    assert L.N_ACTIONS == L.A_TRANSFER + len(names) * 3 * 2


# ------------------------------------------------------ event positions ----
# The standard board; the Arab Phase then adds ARAB_TURN (one card to each
# front). After the Arab Phase:
#   North   Israeli Haganah Brigades (5) + Piper Airplanes (1)      = 6
#           Arab    Arab Liberation Army (3) + Syrian Lebanese (2)  = 5
#   Central Israeli Moshe Dayan (Leader) + Kibbutzim (4 + 1)        = 5
#           Arab    Arab Legion (5)                                 = 5
#   South   Israeli Palmach Shock Troops (6)                        = 6
#           Arab    Said Taha Bey (Leader) + Egyptian Army (4 + 1)  = 5
# Unit indices for forced dice (card-list order):
#   North  Israeli 0 Haganah, 1 Piper;   Arab 0 Arab Liberation Army, 1 Syrian Lebanese
#   Central Israeli 0 Moshe Dayan, 1 Kibbutzim;  Arab 0 Arab Legion
#   South  Israeli 0 Palmach;            Arab 0 Said Taha Bey, 1 Egyptian Army
BOARD = {
    "North": {"israeli": {"Haganah Brigades": 1, "Piper Airplanes": 1},
              "arab": {"Syrian Lebanese Contingent": 1}},
    "Central": {"israeli": {"Moshe Dayan": 1, "Kibbutzim": 1}},
    "South": {"israeli": {"Palmach Shock Troops": 1}, "arab": {"Said Taha Bey": 1}},
}
ARAB_TURN = ["Arab Liberation Army", "Arab Legion", "Egyptian Army"]
BASE_TOTALS = [(6, 5), (5, 5), (6, 5)]

HAG = {"Haganah Brigades": 1}
PIPER = {"Piper Airplanes": 1}
HAG_PIPER = {"Haganah Brigades": 1, "Piper Airplanes": 1}
DAYAN = {"Moshe Dayan": 1}
KIB = {"Kibbutzim": 1}
DAYAN_KIB = {"Moshe Dayan": 1, "Kibbutzim": 1}
PALMACH = {"Palmach Shock Troops": 1}
ALA = {"Arab Liberation Army": 1}
SLC = {"Syrian Lebanese Contingent": 1}
ALA_SLC = {"Arab Liberation Army": 1, "Syrian Lebanese Contingent": 1}
LEGION = {"Arab Legion": 1}
SAID = {"Said Taha Bey": 1}
EGYPT = {"Egyptian Army": 1}
SAID_EGYPT = {"Said Taha Bey": 1, "Egyptian Army": 1}
WIN, LOSS, TIE, NONE = "Israeli win", "Arab win", "stalemate", "no battle"

RNG0 = 12345


def event_game(event, *, fronts=None, arab=ARAB_TURN, israeli=(), forced=(), streak=0,
               turn=L.MAX_TURNS, last_battle=None):
    fronts = copy.deepcopy(BOARD if fronts is None else fronts)
    if last_battle is not None:
        for f in FRONTS:
            fronts.setdefault(f, {})["last_battle"] = last_battle
    g = Game.from_dict({
        "volume": "solo1948", "phase": "Arab", "turn": turn, "decisive_streak": streak,
        "rng": RNG0, "fronts": fronts,
        "undrawn": {"events": [event], "arab": list(arab), "israeli": list(israeli)},
        "forced_chance": list(forced),
    })
    assert g.to_dict()["event"] == event
    assert g.to_dict()["undrawn"]["events"] == []
    return g


def finish(g):
    """End the Transfer Phase and let the last turn run out; the final dict."""
    while not g.is_terminal():
        assert g.phase == "Transfer", g.phase
        g.apply(L.A_END_TRANSFERS)
    return no_unforced_dice(g)


def no_unforced_dice(g):
    d = g.to_dict()
    assert d["forced_chance"] == [], "not every forced die was used"
    assert d["rng"] == RNG0, "a die was rolled that the test did not force"
    return d


def assert_fronts(d, expected):
    for front, (tokens, battle, israeli, arab) in expected.items():
        got = d["fronts"][front]
        assert (got["arab_tokens"], got["last_battle"], got["israeli"], got["arab"]) == \
               (tokens, battle, israeli, arab), front


def transfer(unit, src, dst):
    t = [u[0] for u in C.ISRAELI_UNITS].index(unit)
    r = list(L.TRANSFERABLE_TYPES).index(t)
    slot = dst if dst < src else dst - 1
    return L.A_TRANSFER + (r * 3 + src) * 2 + slot


def test_standard_board_baseline():
    # Control for the event tests: with an event that changes no Force, the
    # board gives North win, Central stalemate, South win.
    g = event_game("Palestinian Refugees")  # only negates North
    assert g.force_totals() == BASE_TOTALS


# -------------------------------------------------- shared event checks ----

def check_israeli_units_plus_one(event):
    # +1 to every Israeli non-Leader Unit: North 2 units -> +2, Central the
    # Leader gets nothing (Kibbutzim 4+1+1 = 6), South +1. All three battles
    # won; with a streak of 1 that is a Decisive Victory.
    g = event_game(event, streak=1, forced=[1, 0, 0])
    assert g.phase == "Transfer"
    assert g.force_totals() == [(8, 5), (6, 5), (7, 5)]
    d = finish(g)
    assert_fronts(d, {"North": (2, WIN, HAG_PIPER, ALA),
                      "Central": (2, WIN, DAYAN_KIB, {}),
                      "South": (2, WIN, PALMACH, EGYPT)})
    assert d["outcome"] == "decisive_victory" and d["decisive_streak"] == 2


def check_israeli_units_minus_one(event):
    # -1 to every Israeli non-Leader Unit: North 4+0, Central 4, South 5.
    g = event_game(event, streak=1, forced=[1, 0, 0, 1])
    assert g.force_totals() == [(4, 5), (4, 5), (5, 5)]
    d = finish(g)
    assert_fronts(d, {"North": (4, LOSS, HAG, ALA_SLC),
                      "Central": (4, LOSS, KIB, LEGION),
                      "South": (3, TIE, {}, SAID)})
    assert d["outcome"] == "turn_limit" and d["decisive_streak"] == 0


def check_arab_units_plus_one(event):
    # +1 to every Arab non-Leader Unit: North 4+3, Central 6, South 4+1+1.
    g = event_game(event, forced=[0, 1, 0, 0])
    assert g.force_totals() == [(6, 7), (5, 6), (6, 6)]
    d = finish(g)
    assert_fronts(d, {"North": (4, LOSS, PIPER, ALA_SLC),
                      "Central": (4, LOSS, DAYAN, LEGION),
                      "South": (3, TIE, {}, EGYPT)})


def check_arab_units_minus_one(event):
    g = event_game(event, streak=1, forced=[0, 0, 1])
    assert g.force_totals() == [(6, 3), (5, 4), (6, 4)]
    d = finish(g)
    assert_fronts(d, {"North": (2, WIN, HAG_PIPER, SLC),
                      "Central": (2, WIN, DAYAN_KIB, {}),
                      "South": (2, WIN, PALMACH, SAID)})
    assert d["outcome"] == "decisive_victory"


# Target front +5 to the Israeli total: totals and (forced dice, results) per choice.
_TARGET_PLUS_FIVE = {
    N: ([(11, 5), (5, 5), (6, 5)], [0, 1, 0, 1],
        {"North": (2, WIN, HAG_PIPER, SLC), "Central": (3, TIE, DAYAN, {}),
         "South": (2, WIN, PALMACH, SAID)}, "turn_limit"),
    CEN: ([(6, 5), (10, 5), (6, 5)], [1, 0, 0],
          {"North": (2, WIN, HAG_PIPER, ALA), "Central": (2, WIN, DAYAN_KIB, {}),
           "South": (2, WIN, PALMACH, EGYPT)}, "decisive_victory"),
    S: ([(6, 5), (5, 5), (11, 5)], [1, 0, 0, 0],
        {"North": (2, WIN, HAG_PIPER, ALA), "Central": (3, TIE, KIB, {}),
         "South": (2, WIN, PALMACH, EGYPT)}, "turn_limit"),
}


def check_target_front_plus_five(event, target):
    totals, dice, results, outcome = _TARGET_PLUS_FIVE[target]
    g = event_game(event, streak=1, forced=dice)
    assert g.phase == "Event target"
    assert g.legal_actions() == [L.A_TARGET + f for f in range(3)]
    assert event in g.action_name(L.A_TARGET + target)
    # The choice is the player's: every front gives +5 there and only there.
    for f in range(3):
        other = g.clone()
        other.apply(L.A_TARGET + f)
        assert other.force_totals() == _TARGET_PLUS_FIVE[f][0]
    g.apply(L.A_TARGET + target)
    assert g.to_dict()["event_front"] == FRONTS[target]
    assert g.force_totals() == totals
    d = finish(g)
    assert_fronts(d, results)
    assert d["outcome"] == outcome


def check_free_transfers(event, free):
    # North holds 5 Haganah Brigades (Regular), Armored Cars (Vehicles),
    # Kibbutzim and a Leader (neither transfers).
    fronts = {"North": {"israeli": {"Haganah Brigades": 5, "Armored Cars": 1, "Kibbutzim": 1,
                                    "Moshe Dayan": 1}}}
    g = event_game(event, fronts=fronts)
    assert g.phase == "Transfer"
    assert g.to_dict()["transfers_left"] == 1 + free
    hag = {transfer("Haganah Brigades", N, CEN), transfer("Haganah Brigades", N, S)}
    cars = {transfer("Armored Cars", N, CEN), transfer("Armored Cars", N, S)}
    for k in range(1 + free):
        assert set(g.legal_actions()) == {L.A_END_TRANSFERS} | hag | cars
        g.apply(transfer("Haganah Brigades", N, CEN))
        assert g.to_dict()["transfers_left"] == free - k
    # The turn's transfers are spent: the 5 - (1 + free) Haganah left at North
    # and those moved to Central stay; the Vehicles' own transfer is still there.
    assert set(g.legal_actions()) == {L.A_END_TRANSFERS} | cars
    d = g.to_dict()
    assert d["fronts"]["North"]["israeli"]["Haganah Brigades"] == 4 - free
    assert d["fronts"]["Central"]["israeli"] == {"Haganah Brigades": 1 + free}


def check_israeli_draw(event, extra):
    deck = ["Kibbutzim", "Armed Settlers", "Settlement Police", "Haganah Brigades", "Tanks"]
    # A Haganah Brigades on the map keeps the turn at the Transfer decision
    # after the last deployment.
    g = event_game(event, israeli=deck, fronts={"South": {"israeli": {"Haganah Brigades": 1}}})
    d = g.to_dict()
    assert d["extra_israeli_draws"] == extra
    assert d["cards_to_deploy"] == deck[:2 + extra]
    assert d["undrawn"]["israeli"] == deck[2 + extra:]
    # The player places every drawn card, one decision each.
    for k, card in enumerate(deck[:2 + extra]):
        assert g.phase == "Israeli deploy"
        assert g.legal_actions() == [L.A_DEPLOY + f for f in range(3)]
        assert g.action_name(L.A_DEPLOY + k % 3) == f"Deploy {card} to {FRONTS[k % 3]} front"
        g.apply(L.A_DEPLOY + k % 3)
    d = g.to_dict()
    assert d["cards_to_deploy"] == []
    assert g.phase == "Transfer"
    placed = {"North": {}, "Central": {}, "South": {"Haganah Brigades": 1}}
    for k, card in enumerate(deck[:2 + extra]):
        placed[FRONTS[k % 3]][card] = placed[FRONTS[k % 3]].get(card, 0) + 1
    assert {f: d["fronts"][f]["israeli"] for f in FRONTS} == placed


def check_arab_draw(event):
    # One extra Arab card, drawn and deployed in the Event Phase: its random
    # front die comes after the Arab Phase and before the Israeli Phase
    # (Irgun Commandos' front die).
    g = event_game(event, arab=ARAB_TURN + ["Artillery Elements"],
                   israeli=["Irgun Commandos", "Kibbutzim"], forced=[S, N])
    d = no_unforced_dice(g)
    assert d["undrawn"]["arab"] == []
    assert d["fronts"]["South"]["arab"] == {"Said Taha Bey": 1, "Egyptian Army": 1,
                                            "Artillery Elements": 1}
    assert d["fronts"]["North"]["israeli"] == {"Haganah Brigades": 1, "Piper Airplanes": 1,
                                               "Irgun Commandos": 1}
    assert d["cards_to_deploy"] == ["Kibbutzim"]
    assert d["extra_israeli_draws"] == 0
    assert g.force_totals()[S] == (6, 5 + 5)


def check_truce(event):
    # Truce: no Battle Phase this turn; Israelis draw 2 extra cards. Without the
    # truce every front would be an Israeli win and, with the streak of 1, a
    # Decisive Victory.
    deck = ["Kibbutzim", "Armed Settlers", "Settlement Police", "Kibbutzim", "Haganah Brigades"]
    g = event_game(event, israeli=deck, streak=1, last_battle=WIN)
    d = g.to_dict()
    assert d["extra_israeli_draws"] == 2
    assert d["cards_to_deploy"] == deck[:4]
    for _ in range(4):
        g.apply(L.A_DEPLOY + CEN)
    assert g.force_totals()[CEN] == (5 + 2 * 5 + 3 + 4, 5)
    d = finish(g)
    assert d["outcome"] == "turn_limit" and d["decisive_streak"] == 0
    central = {"Moshe Dayan": 1, "Kibbutzim": 3, "Armed Settlers": 1, "Settlement Police": 1}
    assert_fronts(d, {"North": (3, NONE, HAG_PIPER, ALA_SLC),
                      "Central": (3, NONE, central, LEGION),
                      "South": (3, NONE, PALMACH, SAID_EGYPT)})


def check_random_front_arab_units_plus_two(event, front, dice, results):
    g = event_game(event, forced=[front] + dice)
    assert g.to_dict()["event_front"] == FRONTS[front]
    totals = list(BASE_TOTALS)
    # +2 to each Arab non-Leader Unit at the random front.
    totals[front] = {N: (6, 9), CEN: (5, 7), S: (6, 7)}[front]
    assert g.force_totals() == totals
    assert_fronts(finish(g), results)


# ------------------------------------------------------- one per event ----

def test_event_david_ben_gurion():
    check_israeli_draw("David Ben Gurion", 2)


def test_event_world_zionism():
    check_israeli_draw("World Zionism", 1)


def test_event_czech_weapon_shipments():
    check_israeli_units_plus_one("Czech Weapon Shipments")


def test_event_isolated_settlements():
    check_arab_units_plus_one("Isolated Settlements")


def test_event_fighting_for_survival():
    check_israeli_units_plus_one("Fighting for Survival")


def test_event_wwii_veterans():
    check_israeli_units_plus_one("WWII Veterans")


def test_event_memory_of_the_holocaust():
    check_israeli_units_plus_one("Memory of the Holocaust")


def test_event_narrow_coastal_plain():
    check_arab_units_plus_one("Narrow Coastal Plain")


def test_event_unified_command():
    check_israeli_units_plus_one("Unified Command")


def test_event_major_truce():
    check_truce("Major Truce")


def test_event_long_cease_fire():
    check_truce("Long Cease Fire")


def test_event_palestinian_refugees():
    # No battle at the North front (even though Israelis would win it 6-5);
    # the other fronts fight as usual.
    g = event_game("Palestinian Refugees", forced=[1, 0, 0], last_battle=WIN)
    assert g.to_dict()["event_front"] == "North"
    assert g.force_totals() == BASE_TOTALS
    d = finish(g)
    assert_fronts(d, {"North": (3, NONE, HAG_PIPER, ALA_SLC),
                      "Central": (3, TIE, DAYAN, {}),
                      "South": (2, WIN, PALMACH, EGYPT)})


def test_event_low_on_ammo():
    check_israeli_units_minus_one("Low on Ammo")


def test_event_jihad():
    check_arab_draw("Jihad")


def test_event_arab_league():
    check_arab_draw("Arab League")


def test_event_arab_divisions():
    check_arab_units_minus_one("Arab Divisions")


def test_event_destroy_arab_hq():
    check_target_front_plus_five("Destroy Arab HQ", CEN)


def test_event_cut_off_supply_routes():
    check_israeli_units_minus_one("Cut Off Supply Routes")


def test_event_surprise_attack():
    check_target_front_plus_five("Surprise Attack", N)


def test_event_major_operation():
    check_free_transfers("Major Operation", 3)


def test_event_bridgehead():
    # Random front South: Egyptian Army 4 + 1 (Leader) + 2 = 7; the Leader
    # itself gets nothing.
    check_random_front_arab_units_plus_two(
        "Bridgehead", S, [1, 1, 0, 0],
        {"North": (2, WIN, HAG_PIPER, ALA), "Central": (3, TIE, DAYAN, {}),
         "South": (4, LOSS, {}, SAID_EGYPT)})


def test_event_illegal_immigration():
    check_israeli_draw("Illegal Immigration", 1)


def test_event_poor_junior_leadership():
    check_arab_units_minus_one("Poor Junior Leadership")


def test_event_flanking_maneuvers():
    # +2 to each Israeli non-Leader Unit at the Target front (not to the total).
    g = event_game("Flanking Maneuvers", streak=1, forced=[1, 0, 0])
    assert g.legal_actions() == [L.A_TARGET + f for f in range(3)]
    expected = {N: [(10, 5), (5, 5), (6, 5)], CEN: [(6, 5), (7, 5), (6, 5)],
                S: [(6, 5), (5, 5), (8, 5)]}
    for f in range(3):
        other = g.clone()
        other.apply(L.A_TARGET + f)
        assert other.force_totals() == expected[f]
    g.apply(L.A_TARGET + CEN)
    d = finish(g)
    assert_fronts(d, {"North": (2, WIN, HAG_PIPER, ALA), "Central": (2, WIN, DAYAN_KIB, {}),
                      "South": (2, WIN, PALMACH, EGYPT)})
    assert d["outcome"] == "decisive_victory"


def test_event_arab_withdrawal():
    # Random front North, random Arab unit index 1 = Syrian Lebanese Contingent.
    g = event_game("Arab Withdrawal", forced=[N, 1, 0, 0, 0, 1])
    d = g.to_dict()
    assert d["event_front"] == "North"
    assert d["fronts"]["North"]["arab"] == ALA
    assert g.force_totals() == [(6, 3), (5, 5), (6, 5)]
    assert_fronts(finish(g), {"North": (2, WIN, HAG_PIPER, {}), "Central": (3, TIE, KIB, {}),
                              "South": (2, WIN, PALMACH, SAID)})


def test_event_reinforcements():
    check_free_transfers("Reinforcements", 1)


def test_event_defensive_position():
    # Random front North: (3 + 2) + (2 + 2) = 9.
    check_random_front_arab_units_plus_two(
        "Defensive Position", N, [1, 0, 0, 1],
        {"North": (4, LOSS, HAG, ALA_SLC), "Central": (3, TIE, KIB, {}),
         "South": (2, WIN, PALMACH, SAID)})


def test_event_smuggle_in_arms():
    check_israeli_units_plus_one("Smuggle in Arms")


def test_event_flexibility():
    check_target_front_plus_five("Flexibility", S)


def test_event_siege():
    check_israeli_units_minus_one("Siege")


def test_event_manpower_advantage():
    check_arab_units_plus_one("Manpower Advantage")


def test_event_british_withdrawal():
    # Both sides draw 1 extra: the Arab card deploys at once (random front
    # die: Central), the Israeli card joins the Israeli Phase draw.
    deck = ["Kibbutzim", "Armed Settlers", "Settlement Police", "Haganah Brigades"]
    g = event_game("British Withdrawal", arab=ARAB_TURN + ["Armored Battalions"], israeli=deck,
                   forced=[CEN])
    d = no_unforced_dice(g)
    assert d["undrawn"]["arab"] == []
    assert d["fronts"]["Central"]["arab"] == {"Arab Legion": 1, "Armored Battalions": 1}
    assert d["extra_israeli_draws"] == 1
    assert d["cards_to_deploy"] == deck[:3]
    assert d["undrawn"]["israeli"] == deck[3:]


def test_event_internal_lines():
    check_free_transfers("Internal Lines", 2)


def test_event_failed_assault():
    # The battle at the random front (North, which Israelis would win 6-5) is
    # a Stalemate: no token changes hands, both sides discard.
    g = event_game("Failed Assault", forced=[N, 0, 1, 1, 0, 0])
    assert g.to_dict()["event_front"] == "North"
    assert g.force_totals() == BASE_TOTALS
    assert_fronts(finish(g), {"North": (3, TIE, PIPER, ALA), "Central": (3, TIE, DAYAN, {}),
                              "South": (2, WIN, PALMACH, EGYPT)})


def test_event_bitter_fighting():
    # Each side discards 1 random Unit at every front, in the Event Phase.
    g = event_game("Bitter Fighting", forced=[1, 0, 0, 0, 0, 1, 0])
    d = g.to_dict()
    assert {f: (d["fronts"][f]["israeli"], d["fronts"][f]["arab"]) for f in FRONTS} == {
        "North": (HAG, SLC), "Central": (KIB, {}), "South": ({}, SAID)}
    assert g.force_totals() == [(5, 2), (4, 0), (0, 0)]
    # Central: no Arab unit left -> Israelis take 2 TT; South: no Israeli unit
    # left -> Arabs take 2 TT (the lone Leader still counts as a unit).
    assert_fronts(finish(g), {"North": (2, WIN, HAG, {}), "Central": (1, WIN, KIB, {}),
                              "South": (5, LOSS, {}, SAID)})


def test_event_desperate_struggle():
    # Both sides discard 1 random Unit at 1 random front (South).
    g = event_game("Desperate Struggle", forced=[S, 0, 0, 1, 1, 0])
    d = g.to_dict()
    assert d["event_front"] == "South"
    assert d["fronts"]["South"]["israeli"] == {} and d["fronts"]["South"]["arab"] == EGYPT
    assert d["fronts"]["North"]["israeli"] == HAG_PIPER  # other fronts untouched
    assert d["fronts"]["North"]["arab"] == ALA_SLC
    assert g.force_totals() == [(6, 5), (5, 5), (0, 4)]
    assert_fronts(finish(g), {"North": (2, WIN, HAG_PIPER, ALA), "Central": (3, TIE, DAYAN, {}),
                              "South": (5, LOSS, {}, EGYPT)})


def test_event_police_fortresses():
    # +5 to the Arab total at the random front North (5 + 5 = 10, not +5 per unit).
    g = event_game("Police Fortresses", forced=[N, 0, 0, 0, 1])
    assert g.to_dict()["event_front"] == "North"
    assert g.force_totals() == [(6, 10), (5, 5), (6, 5)]
    assert_fronts(finish(g), {"North": (4, LOSS, PIPER, ALA_SLC), "Central": (3, TIE, KIB, {}),
                              "South": (2, WIN, PALMACH, SAID)})


def test_event_harassment():
    check_arab_units_plus_one("Harassment")


def test_event_ambush():
    check_target_front_plus_five("Ambush", CEN)


def test_event_shortage_of_weapons():
    check_israeli_units_minus_one("Shortage of Weapons")


def test_event_disrupted_communications():
    check_israeli_units_minus_one("Disrupted Communications")


def test_event_demoralized_by_setbacks():
    check_arab_units_minus_one("Demoralized by Setbacks")


def test_event_inter_arab_bickering():
    check_arab_units_minus_one("Inter-Arab Bickering")


def test_event_night_attack():
    check_target_front_plus_five("Night Attack", N)


def test_event_captured_equipment():
    check_israeli_units_plus_one("Captured Equipment")


def test_event_self_sacrifice():
    check_israeli_units_plus_one("Self-Sacrifice")


def test_every_event_has_its_own_test():
    import sys
    mod = sys.modules[__name__]
    for name in EVENT_LIST:
        snake = "".join(ch if ch.isalnum() else "_" for ch in name.lower()).strip("_")
        while "__" in snake:
            snake = snake.replace("__", "_")
        assert callable(getattr(mod, f"test_event_{snake}", None)), name
