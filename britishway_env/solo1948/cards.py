"""The 1948 War of Independence deckset (solo_1948.txt): card data only.

Fronts are numbered 0 North (Galilee), 1 Central (Jerusalem), 2 South (Negev);
an Arab card whose front is ``RANDOM`` deploys to a random front.
"""

import numpy as np

FRONT_NAMES = ("North", "Central", "South")
FRONT_LONG_NAMES = ("Northern Front (Galilee)", "Central Front (Jerusalem)", "Southern Front (Negev)")
N_FRONTS = 3
NORTH, CENTRAL, SOUTH, RANDOM = 0, 1, 2, 3
TOKENS_PER_FRONT = 6

# Israeli unit kinds (card notes column).
PLAIN, LEADER, REGULAR, VEHICLE, EXTREMIST = 0, 1, 2, 3, 4
KIND_NAMES = ("", "Leader", "Regular", "Vehicles", "Extremists")

# name, copies, force, kind. Leaders print "-" for Force: they have none.
ISRAELI_UNITS = (
    ("Moshe Dayan", 1, 0, LEADER),
    ("Yitzhak Sadeh", 1, 0, LEADER),
    ("Yigal Allon", 1, 0, LEADER),
    ("Shimon Avidan", 1, 0, LEADER),
    ("Kibbutzim", 6, 4, PLAIN),
    ("Armed Settlers", 4, 2, PLAIN),
    ("Settlement Police", 1, 3, PLAIN),
    ("Haganah Brigades", 10, 5, REGULAR),
    ("Palmach Shock Troops", 4, 6, REGULAR),
    ("Mortars", 2, 2, REGULAR),
    ("Special Night Squads", 1, 3, REGULAR),
    ("Artillery", 1, 4, REGULAR),
    ("Armored Cars", 2, 3, VEHICLE),
    ("Home-made Convoys", 2, 2, VEHICLE),
    ("Tanks", 1, 4, VEHICLE),
    ("Piper Airplanes", 1, 1, VEHICLE),
    ("Palmach Air Squad", 1, 5, VEHICLE),
    ("Irgun Commandos", 4, 3, EXTREMIST),
    ("Lehi Stern Fighters", 1, 2, EXTREMIST),
)

# name, copies, front, force, is_leader
ARAB_UNITS = (
    ("Abd el Kader el Husseini", 1, NORTH, 0, True),
    ("Glub Pasha", 1, CENTRAL, 0, True),
    ("Said Taha Bey", 1, SOUTH, 0, True),
    ("Arab Legion", 8, CENTRAL, 5, False),
    ("Trans-Jordan Frontier Force", 3, CENTRAL, 4, False),
    ("Iraqi Expeditionary Force", 2, CENTRAL, 3, False),
    ("The Army of Salvation", 2, CENTRAL, 2, False),
    ("Palestinian Najada", 1, CENTRAL, 1, False),
    ("Arab Liberation Army", 8, NORTH, 3, False),
    ("Syrian Lebanese Contingent", 2, NORTH, 2, False),
    ("Egyptian Army", 8, SOUTH, 4, False),
    ("Saudi Forces", 2, SOUTH, 2, False),
    ("Moslem Brotherhood", 1, SOUTH, 1, False),
    ("Artillery Elements", 4, RANDOM, 4, False),
    ("Armored Battalions", 3, RANDOM, 3, False),
    ("Air Force", 3, RANDOM, 2, False),
    ("Armored Cars", 3, RANDOM, 1, False),
)

# Event effect kinds. The value column is the number of cards, the Force
# modifier or the number of free transfers, as the kind says.
EV_ISRAELI_DRAW = 0          # Israelis draw `value` extra Unit cards
EV_ARAB_DRAW = 1             # Arabs draw `value` extra Unit cards
EV_BOTH_DRAW = 2             # both sides draw `value` extra Unit cards
EV_ISRAELI_ALL_UNITS = 3     # every Israeli Unit gets `value` Force
EV_ARAB_ALL_UNITS = 4        # every Arab Unit gets `value` Force
EV_TRUCE = 5                 # Truce (skip Battle Phase); Israelis draw `value`
EV_NEGATE_FRONT = 6          # no battle at front `value`
EV_TARGET_FRONT_TOTAL = 7    # Target: Israeli total at the chosen front + `value`
EV_TARGET_FRONT_UNITS = 8    # Target: each Israeli Unit at the chosen front + `value`
EV_RANDOM_FRONT_ARAB_UNITS = 9   # each Arab Unit at a random front + `value`
EV_RANDOM_FRONT_ARAB_TOTAL = 10  # Arab total at a random front + `value`
EV_FREE_TRANSFERS = 11       # Israelis get `value` free transfers
EV_ARAB_WITHDRAWAL = 12      # remove 1 random Arab Unit from a random front
EV_AUTO_STALEMATE = 13       # battle at a random front is an automatic Stalemate
EV_BITTER_FIGHTING = 14      # each side discards 1 random Unit at every front
EV_DESPERATE_STRUGGLE = 15   # each side discards 1 random Unit at a random front

TARGET_KINDS = (EV_TARGET_FRONT_TOTAL, EV_TARGET_FRONT_UNITS)
RANDOM_FRONT_KINDS = (
    EV_RANDOM_FRONT_ARAB_UNITS, EV_RANDOM_FRONT_ARAB_TOTAL, EV_ARAB_WITHDRAWAL,
    EV_AUTO_STALEMATE, EV_DESPERATE_STRUGGLE,
)

# name, kind, value (one copy each)
EVENTS = (
    ("David Ben Gurion", EV_ISRAELI_DRAW, 2),
    ("World Zionism", EV_ISRAELI_DRAW, 1),
    ("Czech Weapon Shipments", EV_ISRAELI_ALL_UNITS, 1),
    ("Isolated Settlements", EV_ARAB_ALL_UNITS, 1),
    ("Fighting for Survival", EV_ISRAELI_ALL_UNITS, 1),
    ("WWII Veterans", EV_ISRAELI_ALL_UNITS, 1),
    ("Memory of the Holocaust", EV_ISRAELI_ALL_UNITS, 1),
    ("Narrow Coastal Plain", EV_ARAB_ALL_UNITS, 1),
    ("Unified Command", EV_ISRAELI_ALL_UNITS, 1),
    ("Major Truce", EV_TRUCE, 2),
    ("Long Cease Fire", EV_TRUCE, 2),
    ("Palestinian Refugees", EV_NEGATE_FRONT, NORTH),
    ("Low on Ammo", EV_ISRAELI_ALL_UNITS, -1),
    ("Jihad", EV_ARAB_DRAW, 1),
    ("Arab League", EV_ARAB_DRAW, 1),
    ("Arab Divisions", EV_ARAB_ALL_UNITS, -1),
    ("Destroy Arab HQ", EV_TARGET_FRONT_TOTAL, 5),
    ("Cut Off Supply Routes", EV_ISRAELI_ALL_UNITS, -1),
    ("Surprise Attack", EV_TARGET_FRONT_TOTAL, 5),
    ("Major Operation", EV_FREE_TRANSFERS, 3),
    ("Bridgehead", EV_RANDOM_FRONT_ARAB_UNITS, 2),
    ("Illegal Immigration", EV_ISRAELI_DRAW, 1),
    ("Poor Junior Leadership", EV_ARAB_ALL_UNITS, -1),
    ("Flanking Maneuvers", EV_TARGET_FRONT_UNITS, 2),
    ("Arab Withdrawal", EV_ARAB_WITHDRAWAL, 0),
    ("Reinforcements", EV_FREE_TRANSFERS, 1),
    ("Defensive Position", EV_RANDOM_FRONT_ARAB_UNITS, 2),
    ("Smuggle in Arms", EV_ISRAELI_ALL_UNITS, 1),
    ("Flexibility", EV_TARGET_FRONT_TOTAL, 5),
    ("Siege", EV_ISRAELI_ALL_UNITS, -1),
    ("Manpower Advantage", EV_ARAB_ALL_UNITS, 1),
    ("British Withdrawal", EV_BOTH_DRAW, 1),
    ("Internal Lines", EV_FREE_TRANSFERS, 2),
    ("Failed Assault", EV_AUTO_STALEMATE, 0),
    ("Bitter Fighting", EV_BITTER_FIGHTING, 0),
    ("Desperate Struggle", EV_DESPERATE_STRUGGLE, 0),
    ("Police Fortresses", EV_RANDOM_FRONT_ARAB_TOTAL, 5),
    ("Harassment", EV_ARAB_ALL_UNITS, 1),
    ("Ambush", EV_TARGET_FRONT_TOTAL, 5),
    ("Shortage of Weapons", EV_ISRAELI_ALL_UNITS, -1),
    ("Disrupted Communications", EV_ISRAELI_ALL_UNITS, -1),
    ("Demoralized by Setbacks", EV_ARAB_ALL_UNITS, -1),
    ("Inter-Arab Bickering", EV_ARAB_ALL_UNITS, -1),
    ("Night Attack", EV_TARGET_FRONT_TOTAL, 5),
    ("Captured Equipment", EV_ISRAELI_ALL_UNITS, 1),
    ("Self-Sacrifice", EV_ISRAELI_ALL_UNITS, 1),
)

N_ISRAELI_TYPES = len(ISRAELI_UNITS)
N_ARAB_TYPES = len(ARAB_UNITS)
N_EVENTS = len(EVENTS)
ISRAELI_DECK_SIZE = sum(c for _, c, _, _ in ISRAELI_UNITS)
ARAB_DECK_SIZE = sum(c for _, c, _, _, _ in ARAB_UNITS)

# Flat arrays for the numba kernels.
ISRAELI_COPIES = np.array([u[1] for u in ISRAELI_UNITS], dtype=np.int64)
ISRAELI_FORCE = np.array([u[2] for u in ISRAELI_UNITS], dtype=np.int64)
ISRAELI_KIND = np.array([u[3] for u in ISRAELI_UNITS], dtype=np.int64)
ARAB_COPIES = np.array([u[1] for u in ARAB_UNITS], dtype=np.int64)
ARAB_FRONT = np.array([u[2] for u in ARAB_UNITS], dtype=np.int64)
ARAB_FORCE = np.array([u[3] for u in ARAB_UNITS], dtype=np.int64)
ARAB_IS_LEADER = np.array([1 if u[4] else 0 for u in ARAB_UNITS], dtype=np.int64)
ISRAELI_IS_LEADER = (ISRAELI_KIND == LEADER).astype(np.int64)
# Only Regulars may transfer; Vehicles units are Regulars with a free transfer.
ISRAELI_CAN_TRANSFER = ((ISRAELI_KIND == REGULAR) | (ISRAELI_KIND == VEHICLE)).astype(np.int64)
ISRAELI_IS_VEHICLE = (ISRAELI_KIND == VEHICLE).astype(np.int64)
ISRAELI_IS_EXTREMIST = (ISRAELI_KIND == EXTREMIST).astype(np.int64)
EVENT_KIND = np.array([e[1] for e in EVENTS], dtype=np.int64)
EVENT_VALUE = np.array([e[2] for e in EVENTS], dtype=np.int64)
