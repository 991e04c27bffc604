"""Palestine deck metadata (5.0, 9.0): numbers, titles, stars, capabilities.

Only what the engine needs to build the deck and route events; the event
texts themselves are encoded as rules, not copied here.
"""

import numpy as np

NO_CAPABILITY, BRITISH_CAPABILITY, IRGUN_CAPABILITY = 0, 1, 2

# number, title, starred (5.4), capability label (5.3)
CARDS = (
    (1, "Operation Agatha", False, NO_CAPABILITY),
    (2, "Exodus Affair", True, NO_CAPABILITY),
    (3, "King David Hotel", False, NO_CAPABILITY),
    (4, "Illegal Immigration", True, NO_CAPABILITY),
    (5, "Acre Prison Break", False, NO_CAPABILITY),
    (6, "Montgomery", False, NO_CAPABILITY),
    (7, "Lehi", False, NO_CAPABILITY),
    (8, "Harry Truman", True, NO_CAPABILITY),
    (9, "Ernest Bevin", False, BRITISH_CAPABILITY),
    (10, "Palestine Police Force", False, NO_CAPABILITY),
    (11, "Operation Shark", False, NO_CAPABILITY),
    (12, "Peter Bergson", False, NO_CAPABILITY),
    (13, "Palmach", False, IRGUN_CAPABILITY),
    (14, "Martial Law", False, NO_CAPABILITY),
    (15, "Chaim Weizmann", False, NO_CAPABILITY),
    (16, "Alan Cunningham", False, NO_CAPABILITY),
    (17, "Bevingrads", False, BRITISH_CAPABILITY),
    (18, "6th Airborne", False, BRITISH_CAPABILITY),
    (19, "Rome Embassy Bombing", False, NO_CAPABILITY),
    (20, "Indian Independence", True, NO_CAPABILITY),
    (21, "United Resistance Movement", False, NO_CAPABILITY),
    (22, "Jewish Agency", False, NO_CAPABILITY),
    (23, "Road Mines", False, IRGUN_CAPABILITY),
    (24, "Sergeants Affair", False, NO_CAPABILITY),
    (25, "Menachem Begin", False, IRGUN_CAPABILITY),
    (26, "Veterans of WWII", False, NO_CAPABILITY),
    (27, "American Loans", True, NO_CAPABILITY),
    (28, "CID", False, NO_CAPABILITY),
    (29, "Curfews", False, BRITISH_CAPABILITY),
    (30, "Roy Farran", False, NO_CAPABILITY),
    (31, "Dov Gruner", False, NO_CAPABILITY),
    (32, "Weapon Factories", False, IRGUN_CAPABILITY),
    (33, "Propaganda!", False, NO_CAPABILITY),
    (34, "Propaganda!", False, NO_CAPABILITY),
    (35, "Propaganda!", False, NO_CAPABILITY),
)
N_CARDS = len(CARDS)
N_EVENT_CARDS = 32
PROPAGANDA_CARDS = (33, 34, 35)
CARD_TITLES = tuple(f"P{n} {t}" for n, t, _, _ in CARDS)
STARRED = np.array([1 if c[2] else 0 for c in CARDS], dtype=np.int64)
CAPABILITY = np.array([c[3] for c in CARDS], dtype=np.int64)

# Deck preparation (2.1): three piles of 4 events on top of (a Propaganda
# card shuffled with 2 events); 14 events are set aside.
PILES = 3
PILE_TOP = 4
PILE_BOTTOM = 3
DECK_SIZE = PILES * (PILE_TOP + PILE_BOTTOM)


def is_propaganda(card_number: int) -> bool:
    return card_number in PROPAGANDA_CARDS
