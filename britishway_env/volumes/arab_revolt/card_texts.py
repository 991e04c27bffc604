"""Player-facing texts of the Arab Revolt cards (5.0, 9.0), for showing the card in play.

Each event card has an unshaded and a shaded text; the executing faction picks
one (5.2). The texts here are short paraphrases written for this project, not
the rulebook's wording; where the rulebook leaves a reading open they say what
the engine does (docs/design/arab_revolt_decisions.md). Capability cards (5.3)
and Mandatory events (5.4) say so first.

Five cards have one text only (A11, A19, A24, A26, A28): their shaded text is
None and the shaded side is never offered. A Propaganda! card (A33-A35) has no
event; its one text says what revealing it does (2.4, 6.0); A34 adds Munich.

Plain data, and the one lookup every volume's card texts share.
"""

from ..board_drawing import card_text_of

UNSHADED, SHADED = 0, 1

N_EVENT_CARDS = 32
PROPAGANDA_CARDS = (33, 34, 35)

# card number -> (unshaded text, shaded text or None for a card with one text)
CARD_TEXTS: dict[int, tuple[str, str | None]] = {
    1: ("British capability: in a space with a Curfew, a Detain chit sends one more Guerrilla to Prison.",
        "British capability: when Detain is used where there already was Opposition, the Rebels may add "
        "Opposition to one adjacent space."),
    2: ("Rebel capability: every roll made against the number of Rebel Bases gets +1.",
        "Rebel capability: every roll made against the number of Rebel Bases gets -1."),
    3: ("The British may Divide by Activating Irregulars and then also roll to shift Unity toward "
        "Decentralized.",
        "The Rebels may replace 2 Irregulars with Guerrillas; Unity 1 step toward Centralized."),
    4: ("Place an Irregular in each of up to 3 Districts that hold Troops.",
        "Political Will -1 for every 3 Irregulars on the map."),
    5: ("The British may place a Curfew in each of up to 3 Districts that hold Troops.",
        "The Rebels may March out of every District that has a Curfew."),
    6: ("The British may draw 2 Punishment chits; each Demolish among them is used in 2 spaces with "
        "Troops; the others go back.",
        "The Rebels may Mobilize, its Guerrillas going to spaces with Curfews instead of Opposition."),
    7: ("Roll twice: each roll at or under the Irregulars on the map moves Unity 1 step toward "
        "Decentralized.",
        "Roll: at or under the Rebel Bases on the map, the Rebels may carry out a Limited Operation in "
        "each space with Opposition."),
    8: ("Rebel capability: Raid may select at most 1 space.",
        "Rebel capability: in each District selected for Ambush, the Rebels may also send a Troop back "
        "to a City."),
    9: ("Remove every Rebel Base from Syria or from Lebanon (one of the two); Unity 1 step toward "
        "Decentralized.",
        "With a Rebel Base in a Foreign Country, Unity 1 step toward Centralized; the Rebels may also "
        "carry out an Operation with their Operations chit."),
    10: ("The British may remove the Opposition from one space with Police.",
         "The Rebels may draw a Punishment chit and apply only its Mobilization in 2 spaces with Police; "
         "the chit goes back."),
    11: ("Mandatory event: the Rebels may carry out one Limited Operation for each Foreign Country "
         "holding Rebel pieces; nothing happens while Tegart Forts is in play.", None),
    12: ("The British may Punish, then Punish once more with a chit they hold.",
         "Half the Irregulars on the map (rounded down) go to Available."),
    13: ("The British may carry out one Limited Operation per Rebel piece in Prison (at most 3).",
         "Political Will -1 per Rebel piece in Prison (at most 3)."),
    14: ("Remove the Opposition from every space with a Curfew.",
         "Remove every Curfew from the map; the British discard a Punishment chit they hold."),
    15: ("British capability: Raid may not select a Railway next to a space with a Curfew.",
         "British capability: a Fine chit puts a Guerrilla in place of each Sabotage marker it removes."),
    16: ("Cancel every shaded British capability in play.",
         "Political Will -1 for each British capability in play."),
    17: ("The British may remove a Guerrilla from each space holding an Underground Irregular.",
         "The Rebels may Sabotage with up to 3 Underground Irregulars as if they were Guerrillas."),
    18: ("British capability: Punish selects its Punishment chits instead of drawing them.",
         "British capability: after each Sweep space, the Rebels draw a Punishment chit and apply only its "
         "Mobilization there; the chit goes back."),
    19: ("Roll: above the number of spaces with Opposition, Political Will +1; otherwise -2.", None),
    20: ("Roll: above the Rebel Bases on the map, Unity 1 step toward Decentralized.",
         "Unity 2 steps toward Centralized; the Rebels may draw an Operations chit to hold."),
    21: ("Remove the Opposition from 2 spaces with Active Guerrillas; Unity 1 step toward Decentralized.",
         "The Rebels may Ambush in one District; if an Irregular goes, Opposition is added there."),
    22: ("A Curfew goes into each City holding British and Rebel pieces; then the British must Punish in "
         "2 Cities with Curfews if they can, Troops or not.",
         "The Rebels may add Opposition to one District next to each City with Opposition."),
    23: ("The British may Sweep and then Assault in one space holding a Rebel Base and an Irregular.",
         "Roll: at or under the Rebel Bases on the map, the Rebels may Mobilize and then Raid."),
    24: ("Mandatory event: the British may Punish (twice after Munich), then must send 3 Troops (5 after "
         "Munich) from the map to Out of Play.", None),
    25: ("The British may carry out a Limited Operation in or next to Haifa District, then Punish in or "
         "next to Haifa District.",
         "The Rebels may carry out up to 2 Limited Operations in or next to Haifa District."),
    26: ("Carry out up to 3 Limited Operations in or next to Samaria; then the other player may carry out "
         "one Limited Operation in Samaria.", None),
    27: ("Rebel capability: in one space a Detain chit is used, the British may send a Base to Prison "
         "instead of a Guerrilla.",
         "Rebel capability: every Political Will Phase, Political Will -1 for every 2 spaces with "
         "Opposition."),
    28: ("British capability: 3 Police leave the game onto this card (from the map first, then "
         "Available); every Guerrilla moving out of a Foreign Country turns Active.", None),
    29: ("Unity 2 steps toward Decentralized, then the British Divide by Activating Irregulars.",
         "Remove an Irregular from each of up to 2 spaces with or next to a Sabotage marker."),
    30: ("Remove a Guerrilla from each District next to Transjordan.",
         "Transjordan and Egypt come into play as Foreign Countries."),
    31: ("Every Rebel piece in Syria or in Lebanon (one of the two) goes to Prison.",
         "Place a Guerrilla, from Prison first and then Available, in each Foreign Country in play."),
    32: ("The British may Air Recon, Activating 2 Guerrillas in each space instead of 1.",
         "Move a Troop from each space with a Rebel Base to any Cities (the executing faction chooses)."),
}
PROPAGANDA_TEXT = (
    "Hold a Propaganda Round: Sabotaged Railways, spaces the Rebels hold, Districts with Bases and "
    "Irregulars lower Political Will, clear Railways and clear spaces raise it; at 0 the Rebels win, and "
    "after the last Propaganda card the British win. Then come Resources, Support, Redeploy and Reset; "
    "eligibility stays as it is.")
MUNICH_TEXT = PROPAGANDA_TEXT + (
    " Munich Conference: at this Reset the British place every Out of Play Troop in Cities of their choice.")


def card_text(number: int, side: int) -> str | None:
    """The text of card ``number`` (1-35) on ``side`` (UNSHADED or SHADED).

    None where the card has no such text: the shaded side of a one-text card,
    and of a Propaganda! card (whose unshaded side gives its Propaganda text,
    A34's with Munich). Raises ValueError for a card number or side that does
    not exist.
    """
    if number == 34 and side == UNSHADED:
        return MUNICH_TEXT
    return card_text_of(CARD_TEXTS, PROPAGANDA_TEXT, "Arab Revolt", number, side)
