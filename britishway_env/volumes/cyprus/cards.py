"""Cyprus deck metadata (5.0, 9.0): numbers, titles, capabilities, one-text cards.

Only what the engine needs to build the deck and route events; the event
texts themselves are encoded as rules (:mod:`events`), not copied here.
"""

NO_CAPABILITY, BRITISH_CAPABILITY, EOKA_CAPABILITY, DUAL_CAPABILITY = 0, 1, 2, 3

# number, title, capability label (5.3), one text only (no shaded side)
CARDS = (
    (1, "Makarios III", NO_CAPABILITY, False),
    (2, "Georgios Grivas", NO_CAPABILITY, False),
    (3, "AKEL", NO_CAPABILITY, False),
    (4, "Suez Crisis", NO_CAPABILITY, True),
    (5, "Turkish Government", NO_CAPABILITY, False),
    (6, "Operation Pepperpot", NO_CAPABILITY, False),
    (7, "Mass Detention", NO_CAPABILITY, False),
    (8, "School Children Revolt", NO_CAPABILITY, False),
    (9, "Royal Navy Blockade", BRITISH_CAPABILITY, False),
    (10, "Rough Handling", BRITISH_CAPABILITY, False),
    (11, "Appeals to UN", NO_CAPABILITY, False),
    (12, "Hugh Foot", NO_CAPABILITY, False),
    (13, "Human Rights Committees", EOKA_CAPABILITY, False),
    (14, "Radio Athens", NO_CAPABILITY, False),
    (15, "John Harding", NO_CAPABILITY, False),
    (16, "Q-Patrols", NO_CAPABILITY, False),
    (17, "Special Branch", BRITISH_CAPABILITY, False),
    (18, "Cordon and Search", BRITISH_CAPABILITY, False),
    (19, "Mountain Gangs", NO_CAPABILITY, False),
    (20, "Youth Movements", NO_CAPABILITY, False),
    (21, "Development Program", NO_CAPABILITY, False),
    (22, "Greek Government", NO_CAPABILITY, True),
    (23, "Street Riots", EOKA_CAPABILITY, False),
    (24, "Turkish Cypriots", NO_CAPABILITY, False),
    (25, "Assassinations", EOKA_CAPABILITY, False),
    (26, "Volkan/TMT", NO_CAPABILITY, True),
    (27, "Kyrenia Castle Prison", NO_CAPABILITY, False),
    (28, "British Bases", NO_CAPABILITY, False),
    (29, "Macmillan Plan", NO_CAPABILITY, False),
    (30, "Operation Forward to Victory", NO_CAPABILITY, False),
    (31, "Turkish Police", DUAL_CAPABILITY, True),
    (32, "Road Ambushes", EOKA_CAPABILITY, False),
    (33, "Propaganda!", NO_CAPABILITY, True),
    (34, "Propaganda!", NO_CAPABILITY, True),
    (35, "Propaganda!", NO_CAPABILITY, True),
)
N_CARDS = len(CARDS)
N_EVENT_CARDS = 32
PROPAGANDA_CARDS = (33, 34, 35)
CARD_TITLES = tuple(f"C{n} {t}" for n, t, _, _ in CARDS)
ONE_TEXT_CARDS = tuple(n for n, _, _, one in CARDS if one and n <= N_EVENT_CARDS)   # C4, C22, C26, C31
CAPABILITY_CARDS = tuple(n for n, _, cap, _ in CARDS if cap != NO_CAPABILITY)       # 5.3

# Deck preparation (2.1): three piles of 4 events on top of (a Propaganda
# card shuffled with 2 events); 14 events are set aside.
PILES = 3
PILE_TOP = 4
PILE_BOTTOM = 3
DECK_SIZE = PILES * (PILE_TOP + PILE_BOTTOM)
