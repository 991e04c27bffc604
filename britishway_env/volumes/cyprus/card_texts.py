"""Player-facing texts of the Cyprus cards (5.0, 9.0), for showing the card in play.

Each event card has an unshaded and a shaded text; the executing faction picks
one (5.2). The texts here are short paraphrases written for this project, not
the rulebook's wording, and they describe what the engine does (docs/cyprus_events.md,
rules decisions C-1 onwards in docs/rules_decisions.md). Capability cards (5.3)
say so first, since their effect lasts for the rest of the game.

Four cards have one text only (C4, C22, C26, C31): their shaded text is None and
the shaded side is never offered. A Propaganda! card (C33-C35) has no event; its
one text (PROPAGANDA_TEXT) says what revealing it does (2.4, 6.0).

Plain data, and the one lookup every volume's card texts share.
"""

from ..board_drawing import card_text_of

UNSHADED, SHADED = 0, 1

N_EVENT_CARDS = 32
PROPAGANDA_CARDS = (33, 34, 35)

# card number -> (unshaded text, shaded text or None for a card with one text)
CARD_TEXTS: dict[int, tuple[str, str | None]] = {
    1: ("The British may Restore in up to 2 spaces that hold cubes and no EOKA piece.",
        "International Opinion 2 steps right."),
    2: ("Assault in one space with Troops, removing its Arms Caches before its Cells.",
        "EOKA carry out 3 Limited Operations, one after another."),
    3: ("The British may Patrol as a Limited Operation; then Political Will +1.",
        "EOKA may Propagandize in one space that has a Cell and a Curfew."),
    4: ("Take 3 Troops from the map and set them on this card; at the next Reset Phase the British "
        "return them to the British Bases.", None),
    5: ("International Opinion 2 steps left.",
        "Place a Sabotage marker in one Town that holds Police and an EOKA piece."),
    6: ("The British may move any cubes into the Mountains, then Search in each Mountain.",
        "EOKA may Travel from each Mountain."),
    7: ("Every Cell in a space with a Curfew goes to Prison.",
        "In each Curfew space, up to one Cell may come back from Prison (Underground)."),
    8: ("Remove 2 Cells from the map to Available.",
        "EOKA may Propagandize in one Curfew space, with no Cell needed there."),
    9: ("British capability: a Smuggle placement needs a die roll above 3, or it is lost.",
        "EOKA capability: Smuggle may use any Mountain or Town."),
    10: ("British capability: Interrogate draws one Intel Chit per Cell in Prison.",
         "EOKA capability: each Interrogate also costs 1 Political Will."),
    11: ("Set International Opinion to Ignored.",
         "Set International Opinion to Debated."),
    12: ("The British carry out 2 Limited Operations, then may take any one Special Activity.",
         "EOKA may Sabotage in up to 3 spaces."),
    13: ("EOKA capability: Propagandize at a Curfew shifts International Opinion 1 step only.",
         "EOKA capability: Propagandize may act in 2 spaces."),
    14: ("With International Opinion at Discussed or Ignored, remove 3 Cells from the map to Available.",
         "Place 3 Cells in any Towns or Mountains."),
    15: ("Place a Curfew in a Town with Troops, then Search and then Assault there.",
         "International Opinion 2 steps right."),
    16: ("From up to 3 spaces with Troops remove one EOKA piece each (one Arms Cache at most, "
         "+1 Political Will if one goes).",
         "Place a Sabotage marker in up to 2 Towns with Troops."),
    17: ("British capability: Interrogate may instead draw one chit per space with Police and Cells.",
         "EOKA capability: Patrol removes only one Cell per two Police."),
    18: ("British capability: Cells Travelling into a Curfew space always arrive Active; at the start of "
         "each Reset Phase the Cells in Curfew spaces go to Prison.",
         "EOKA capability: a lone Cell may always Travel into a Curfew space Underground."),
    19: ("The British may Search in one Mountain, then Assault there.",
         "Move up to 6 Troops from Towns into one Mountain."),
    20: ("Place up to 2 Curfews in Towns with Troops.",
         "Place 3 Cells in any Towns."),
    21: ("Political Will +1 for each Town with Troops and Police and no EOKA piece, Sabotage or Curfew.",
         "Place 2 Cells in any Towns."),
    22: ("Shift International Opinion up to 2 steps either way; then place 2 Cells in Towns or remove "
         "2 Cells from the map to Available.", None),
    23: ("EOKA capability: a Sabotage space with British pieces and more than one Cell first loses a Cell "
         "to Available.",
         "EOKA capability: once a card, one Sabotage space may use an Active Cell."),
    24: ("Place every Available Police in spaces with British pieces, then Patrol in up to 2 spaces.",
         "Place a Sabotage marker in up to 2 Towns with Cells and Police."),
    25: ("EOKA capability: Infiltrate either replaces the Police or discards the chit, not both.",
         "EOKA capability: Infiltrate may instead remove a Police where an Underground Cell is."),
    26: ("In up to 2 spaces with Cells and Police, remove a Cell to Available to place a Sabotage marker.",
         None),
    27: ("Send a Cell from the map to Prison, then Interrogate.",
         "Every Cell in Prison becomes Available."),
    28: ("Political Will +1 for each British Base with no Sabotage marker and no EOKA piece.",
         "Place a Cell in each British Base; EOKA may then Sabotage in each."),
    29: ("Political Will -1 to remove 2 Sabotage markers or to shift International Opinion 2 steps left.",
         "Political Will +1; EOKA may Sabotage in up to 3 spaces."),
    30: ("The British may Search in one space, then Assault there.",
         "EOKA may Sabotage in each Town with an Underground Cell."),
    31: ("Capability for both: Infiltrate removes the Police without a Cell and discards no chit; Police "
         "no longer lower Sabotage rolls.", None),
    32: ("EOKA capability: an Ambush in a space with Troops also sends the Activated Cell to Available.",
         "EOKA capability: once an Ambush, a space with Troops may remove no Police and, on success, cost "
         "1 Political Will."),
}
PROPAGANDA_TEXT = (
    "Hold a Propaganda Round: International Opinion and the Sabotage markers lower Political Will, "
    "Mountains free of Arms Caches and Towns free of Sabotage raise it; at 0 EOKA win, and after the "
    "last Propaganda card the British win. Then come Resources, Redeploy and a Reset for the next "
    "Campaign.")


def card_text(number: int, side: int) -> str | None:
    """The text of card ``number`` (1-35) on ``side`` (UNSHADED or SHADED).

    None where the card has no such text: the shaded side of a one-text card,
    and of a Propaganda! card (whose unshaded side gives PROPAGANDA_TEXT).
    Raises ValueError for a card number or side that does not exist.
    """
    return card_text_of(CARD_TEXTS, PROPAGANDA_TEXT, "Cyprus", number, side)
