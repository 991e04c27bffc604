"""Arab Revolt deck metadata (5.0, 5.3, 5.4, 9.0): numbers, titles,
capabilities, one-text cards, Mandatory events, the Munich Propaganda card.

Only what the engine needs to build the deck and route events; the event
texts themselves are encoded as rules, not copied here.
"""

NO_CAPABILITY, BRITISH_CAPABILITY, REBEL_CAPABILITY = 0, 1, 2

# number, title, capability label (5.3), one text only (no shaded side)
CARDS = (
    (1, "Mass Detention", BRITISH_CAPABILITY, False),
    (2, "Central War Committee", REBEL_CAPABILITY, False),
    (3, "Peace Bands", NO_CAPABILITY, False),
    (4, "Special Night Squads", NO_CAPABILITY, False),
    (5, "Village Occupations", NO_CAPABILITY, False),
    (6, "House Demolition", NO_CAPABILITY, False),
    (7, "Memory of al-Qassam", NO_CAPABILITY, False),
    (8, "Fawzi al-Qawuqji", REBEL_CAPABILITY, False),
    (9, "Hajj Amin al-Husayni", NO_CAPABILITY, False),
    (10, "Ex-Black and Tans", NO_CAPABILITY, False),
    (11, "Italian Aid", NO_CAPABILITY, True),               # Mandatory (5.4)
    (12, "General Dill", NO_CAPABILITY, False),
    (13, "Arab Investigation Centres", NO_CAPABILITY, False),
    (14, "Arab Ladies of Jerusalem", NO_CAPABILITY, False),
    (15, "Human Shields", BRITISH_CAPABILITY, False),
    (16, "Censorship", NO_CAPABILITY, False),
    (17, "Revisionist Terror", NO_CAPABILITY, False),
    (18, "Punitive Searches", BRITISH_CAPABILITY, False),
    (19, "League of Nations", NO_CAPABILITY, True),
    (20, "Arab Higher Committee", NO_CAPABILITY, False),
    (21, "\"Criminals and Thugs\"", NO_CAPABILITY, False),
    (22, "Demonstrations", NO_CAPABILITY, False),
    (23, "al-Hajj Muhammad", NO_CAPABILITY, False),
    (24, "Tensions in Europe", NO_CAPABILITY, True),        # Mandatory (5.4)
    (25, "Montgomery", NO_CAPABILITY, False),
    (26, "\"Triangle of Terror\"", NO_CAPABILITY, True),
    (27, "Rebel Courts", REBEL_CAPABILITY, False),
    (28, "Tegart Forts", BRITISH_CAPABILITY, True),         # one text; a British Capability for A16
    (29, "Haganah", NO_CAPABILITY, False),
    (30, "Arab Kings", NO_CAPABILITY, False),
    (31, "French Syria", NO_CAPABILITY, False),
    (32, "Aerial Policing", NO_CAPABILITY, False),
    (33, "Propaganda!", NO_CAPABILITY, True),
    (34, "Propaganda! (Munich Conference)", NO_CAPABILITY, True),
    (35, "Propaganda!", NO_CAPABILITY, True),
)
N_CARDS = len(CARDS)
N_EVENT_CARDS = 32
PROPAGANDA_CARDS = (33, 34, 35)
MUNICH = 34                               # A34: its Reset Phase brings the Out of Play Troops back (6.5)
MANDATORY_CARDS = (11, 24)                # 5.4
CARD_TITLES = tuple(f"A{n} {t}" for n, t, _, _ in CARDS)
ONE_TEXT_CARDS = tuple(n for n, _, _, one in CARDS if one and n <= N_EVENT_CARDS)  # A11, A19, A24, A26, A28
CAPABILITY_CARDS = tuple(n for n, _, cap, _ in CARDS if cap != NO_CAPABILITY)      # 5.3
BRITISH_CAPABILITY_CARDS = tuple(n for n, _, cap, _ in CARDS if cap == BRITISH_CAPABILITY)  # A16

# Deck preparation (2.1): the three Propaganda cards are shuffled first, one
# to each pile of 4 events on top of (that Propaganda card shuffled with 2
# events); 14 events are set aside unseen.
PILES = 3
PILE_TOP = 4
PILE_BOTTOM = 3
DECK_SIZE = PILES * (PILE_TOP + PILE_BOTTOM)
SHUFFLE_PROPAGANDA = True                 # A34 differs from the others: which pile holds it is hidden
