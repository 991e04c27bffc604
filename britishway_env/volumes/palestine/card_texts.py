"""Player-facing texts of the Palestine cards (5.0, 9.0), for showing the card in play.

Each event card has an unshaded and a shaded text; the executing faction picks
one (5.2). The texts here are short paraphrases written for this project, not
the rulebook's wording, and they describe what the engine does
(docs/palestine_events.md, rules decisions P-15 to P-33 in
docs/rules_decisions.md). Capability cards (5.3, cards.CAPABILITY) say so
first, since their effect lasts for the rest of the game.

Three cards have one text only (P4, P22, P26; rules decision P-15): their
shaded text is None and the shaded side is never offered. A Propaganda! card
(P33-P35) has no event; its one text (PROPAGANDA_TEXT) says what revealing it
does (2.4, 6.0).

Plain data, and the one lookup every volume's card texts share.
"""

from ..board_drawing import card_text_of

UNSHADED, SHADED = 0, 1

N_EVENT_CARDS = 32
PROPAGANDA_CARDS = (33, 34, 35)

# card number -> (unshaded text, shaded text or None for a card with one text)
CARD_TEXTS: dict[int, tuple[str, str | None]] = {
    1: ("The British Search in one City, then conduct Mass Detention there if the City now has "
        "a Curfew and 3 Troops. Then shift the Haganah Track one step left.",
        "Shift the Haganah Track one step right. If it is then at 4, the Irgun may Sabotage in "
        "one space (an Underground Cell is needed there as usual)."),
    2: ("Every Cell in a Coastal District that holds Troops goes to Prison.",
        "Political Will -3."),
    3: ("Remove one Terror marker from the map and shift the Haganah Track one step left. "
        "Playable only with a Terror marker on the map.",
        "Place 2 Terror markers in one City that holds an Underground Cell."),
    4: ("With no Sabotage marker in any Coastal District, Political Will +2. Otherwise count the "
        "Sabotage markers and Irgun pieces (Cells, Arms Caches) in Coastal Districts: Political "
        "Will -1 for every 2 of them, at most -3.",
        None),
    5: ("Remove up to 2 Cells in Prison from the game for good.",
        "Every Cell in Prison becomes Available."),
    6: ("The British may Search in up to 3 spaces (3 even under ERNEST BEVIN shaded) without "
        "using Intel Chits, so every City searched gets a Curfew.",
        "Place one Available Cell in each City without Troops."),
    7: ("Remove up to one Cell to Available from each space that holds 2 or more Cells.",
        "Remove up to one Police to Available from each space that holds an Underground Cell."),
    8: ("Political Will +2. Then the British may Deploy in up to 3 spaces, with the usual move "
        "of Troops to one space.",
        "Political Will -1 for each Curfew on the map."),
    9: ("Capability (British): every Political Will loss from a starred event (P2, P4, P8, P20, "
        "P27) is 1 smaller.",
        "Capability (British): British Operations select at most 2 spaces instead of 3; an "
        "Intelligence Lead still adds one, and event Operations keep the number their text gives."),
    10: ("Place any number of Available Police on Railways.",
         "Half the Police on the map (rounded down) go to Available."),
    11: ("The British Search in one City, then Assault there. Then remove one Arms Cache in or "
         "adjacent to that City for Political Will +1.",
         "The Irgun may Travel from up to 2 spaces that hold Cells and a Curfew."),
    12: ("Remove 2 Arms Caches from the map to Available; Political Will does not rise for them.",
         "Place up to 2 Arms Caches in total in spaces with Cells (never on a Railway, at most 2 "
         "in a space)."),
    13: ("Capability (Irgun): the Haganah Track at 4 no longer gives Irgun Operations an extra "
         "space.",
         "Capability (Irgun): the Haganah Track at 3 also gives Irgun Operations (Limited ones "
         "too) an extra space."),
    14: ("The British may Search in up to 2 Cities, then may conduct Mass Detention (its usual "
         "requirements apply).",
         "Place up to one Cell in each City with a Curfew."),
    15: ("Shift the Haganah Track one step left, then remove up to one Sabotage marker from the "
         "map.",
         "Shift the Haganah Track one step right, then the Irgun may Sabotage in one space (an "
         "Underground Cell is needed there as usual)."),
    16: ("The British may conduct 2 Limited Operations, one after the other (the same pieces may "
         "act twice), then may Restore.",
         "The British place 2 Cells from Prison, Underground, in any Cities (just one if Prison "
         "holds only one)."),
    17: ("Capability (British): Terror never places more than one Terror marker (a result of 6 "
         "or more still shifts the Haganah Track left).",
         "Capability (British): a City Search that discards no Intel Chit Activates one Cell per "
         "4 cubes instead of per 3."),
    18: ("Capability (British): Assault removes one Irgun piece per Troop instead of one per 2 "
         "Troops (Underground Cells still cost Intel Chits).",
         "Capability (British): Cells removed by Assault or Mass Detention go to Available, never "
         "to Prison."),
    19: ("Remove up to 2 Cells and up to one Arms Cache from anywhere to Available; Political "
         "Will +1 if an Arms Cache goes.",
         "Roll a die: on 3 or more, Political Will -2."),
    20: ("Political Will +2 if no Railway holds a Sabotage marker.",
         "Political Will -2."),
    21: ("Shift the Haganah Track one step left, then remove up to 2 Cells to Available (besides "
         "any the shift returns to the Track).",
         "Shift the Haganah Track one step right, then the Irgun may Sabotage at any or all "
         "Railways (each needs an Underground Cell)."),
    22: ("Shift the Haganah Track one step either way. Then either the Irgun may conduct a "
         "Limited Operation or the British draw an Intel Chit; the executing faction makes both "
         "choices.",
         None),
    23: ("Capability (Irgun): Patrol may arrest Cells in up to 2 of its selected spaces instead "
         "of one.",
         "Capability (Irgun): after Patrol moves Police, roll a die for each destination that "
         "received Police and holds a Sabotage marker; on 1-3 one Police there goes to Available."),
    24: ("Political Will +1 for each Terror marker on the map, at most +3.",
         "Political Will -1 for each Terror marker on the map, at most -3."),
    25: ("Capability (Irgun): each Arms Cache removed by Assault gives Political Will +2 and 2 "
         "Intel Chits, instead of +1 and one.",
         "Capability (Irgun): Propagandize lowers Political Will by 2 in each City instead of 1."),
    26: ("The executing faction may conduct its own Operation in up to 3 spaces (the Irgun "
         "Sabotage, the British Assault) with one valid Special Activity: any for the Irgun, "
         "only Mass Detention for the British.",
         None),
    27: ("The British may conduct one Operation in up to 4 spaces, with no Special Activity.",
         "Political Will -1, and the British must Pass on the next event card without drawing an "
         "Intel Chit."),
    28: ("The British draw one Intel Chit for each space that holds both Police and Cells.",
         "The Irgun may Sabotage in one space with Police; if the Sabotage succeeds, every Police "
         "there goes to Available."),
    29: ("Capability (British): at the start of each Reset Phase, the British remove one Cell "
         "(from any space) to Available for each space with a Curfew.",
         "Capability (British): at the start of each Reset Phase, the Irgun may place one "
         "Available Cell in any space for each space with a Curfew."),
    30: ("Remove one Cell to Available from each of up to 3 spaces with Police.",
         "Remove 2 Police to Available, then Political Will -1."),
    31: ("Remove one Cell from a space with Troops to Prison.",
         "Place up to 3 Cells in total in any Cities or Districts."),
    32: ("Capability (Irgun): when a Sabotage die shows a 1, the Cell it Activated goes to "
         "Available.",
         "Capability (Irgun): Rob rolls no die and always places an Arms Cache (stacking and "
         "Available pieces permitting)."),
}

PROPAGANDA_TEXT = (
    "Hold a Propaganda Round: Sabotage and Terror markers lower Political Will, each City free "
    "of them and a map with no Sabotaged Railway raise it; at 0 the Irgun win, and after the "
    "last Propaganda card the British win. Then come Resources, Redeploy and a Reset for the "
    "next Campaign.")


def card_text(number: int, side: int) -> str | None:
    """The text of card ``number`` (1-35) on ``side`` (UNSHADED or SHADED).

    None where the card has no such text: the shaded side of a one-text card,
    and of a Propaganda! card (whose unshaded side gives PROPAGANDA_TEXT).
    Raises ValueError for a card number or side that does not exist.
    """
    return card_text_of(CARD_TEXTS, PROPAGANDA_TEXT, "Palestine", number, side)
