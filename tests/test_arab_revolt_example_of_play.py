"""The Example of Play (Arab Revolt 8.0), replayed decision by decision with
forced dice, chits and the example's card order, asserting the whole board
after each card.

Forced draws from a cup name a chit by its index among those in the cup,
kind by kind: Operations chits 1s, then 2s, then 3s; Punishment chits
Detain, Demolish, Fine (engine/coin/chits.py). A die is forced 0-based.
Where the example's Rebels draw two chits of one value, the value is taken
at once (one choice, docs/design/arab_revolt_decisions.md).
"""

from britishway_env.volumes.arab_revolt.game import ArabRevoltGame
from britishway_env.volumes.arab_revolt.setup import SETUP

from arab_revolt_helpers import (
    DEMOLISH, DETAIN, FINE, LIMITED_BOX, OP_SA_BOX, SHADED, STOP, TRACK, UNSHADED, alt, count, op, ops_chit, play,
    sa, space,
)

KEYS = ("troops", "police", "underground_guerrillas", "bases", "opposition")
ORDER = [13, 14, 10, 11, 23, 25, 33]                 # 8.0: the first part of the deck, top first
REST = [c for c in range(1, 33) if c not in ORDER][:12] + [34, 35]


def setup_game():
    """2.1's setup with the example's deck: A13 revealed, the Rebels 1st
    Eligible, drawing a 1 and a 3 (2.3.4)."""
    spaces = {name: {k: n for k, n in zip(KEYS, pieces) if n} for name, pieces in SETUP.items() if any(pieces)}
    d = {"volume": "arab_revolt", "spaces": spaces, "played_cards": [13], "undrawn_cards": ORDER[1:] + REST,
         "first_eligible": "rebels", "political_will": 18, "unity_track": 2, "out_of_play_troops": 5,
         "forced_chance": [0, 5]}
    return ArabRevoltGame._from_dict(d)


def board(game):
    return game.to_dict()["spaces"]


def moves(src, dst, n):
    """``n`` single-piece moves from ``src`` to ``dst`` (a source, then its destination)."""
    return [space(src), space(dst)] * n


def pools(game):
    d = game.to_dict()
    return d["available"], d["prison"], d["operations_chits"], d["punishment_chits"]


def test_8_0_example_of_play():
    g = setup_game()
    d = g.to_dict()
    assert d["card"] == "A13 Arab Investigation Centres" and d["current_agent"] == "rebels"
    assert d["operations_chits"]["drawn"] == [1, 3] and g.phase == "select an Operations chit"

    # ---- A13: the Rebels use the 3 chit (1.8.1) for Rally with Mobilize; the British Limited Sweep.
    play(g, ops_chit(3), OP_SA_BOX, op("Rally"), sa("Mobilize"), space("Galilee"), space("Lydda"))
    assert g.phase == "Mobilize: place a Guerrilla"           # 4.3.1: a Guerrilla where there is Opposition
    play(g, space("Samaria"))
    play(g, space("Galilee"), count(2), space("Lydda"), count(2), space("Jerusalem District"), STOP)
    play(g, space("Lydda"))                                   # 3.3.1: Opposition in one District with a Base
    assert g.current_agent == "british"                       # no Active Guerrilla: the 3 chit does nothing (1.8.2)
    play(g, LIMITED_BOX, op("Sweep"), space("Jerusalem District"), STOP)
    play(g, *moves("Jerusalem City", "Jerusalem District", 2), STOP)   # 3.2.3: 5 cubes Activate 2
    d = g.to_dict()
    assert d["card"] == "A14 Arab Ladies of Jerusalem" and d["current_agent"] == "british"   # 2.3.6
    assert board(g) == {
        "Galilee": {"police": 1, "underground_guerrillas": 3, "bases": 1},
        "Haifa District": {"troops": 2, "police": 1, "underground_guerrillas": 1},
        "Samaria": {"police": 1, "underground_guerrillas": 3, "bases": 1, "opposition": 1},
        "Lydda": {"police": 1, "underground_guerrillas": 3, "bases": 1, "opposition": 1},
        "Jerusalem District": {"troops": 4, "police": 1, "active_guerrillas": 2},
        "Gaza": {"police": 1},
        "Haifa City": {"troops": 2, "police": 1},
        "Tel Aviv-Jaffa": {"troops": 2, "police": 1},
        "Jerusalem City": {"police": 1},
        "Lebanon": {"underground_guerrillas": 1},
        "Syria": {"underground_guerrillas": 2, "bases": 1},
    }
    avail, prison, ops, pun = pools(g)
    assert avail == {"troops": 0, "police": 0, "irregulars": 6, "guerrillas": 0, "bases": 1}
    assert ops["set_aside"] == [3] and d["political_will"] == 18 and d["unity_track"] == 2

    # ---- A14: British Assault with Air Recon; the Rebels a Limited March with the 2 chit.
    play(g, OP_SA_BOX, op("Assault"), sa("Air Recon"), space("Haifa District"), space("Lydda"))
    g.force_chance([0, 3])                                    # the Rebels will draw a 1 and a 2
    play(g, space("Haifa District"), space("Jerusalem District"), STOP)
    assert g.to_dict()["operations_chits"]["drawn"] == [1, 2]
    play(g, ops_chit(2), LIMITED_BOX, op("March"), space("Samaria"))  # 2.3.5: two origins though Limited
    play(g, space("Haifa District"), count(1), space("Tel Aviv-Haifa Railway"), count(1),
         space("Jerusalem District"), count(1))
    play(g, space("Lydda"), space("Tel Aviv-Jerusalem Railway"), count(1), STOP,
         space("Egypt-Tel Aviv Railway"), count(1), STOP, space("Gaza"), STOP, count(1), STOP)
    assert g.phase == "Operations chit effect: Active Guerrilla" and g.current_agent == "british"
    g.force_chance([0, 5])                                    # A10: the Rebels will draw a 1 and a 3
    play(g, space("Gaza"))                                    # 1.8.2: a 2 chit removes an Active Guerrilla
    d = g.to_dict()
    assert d["card"] == "A10 Ex-Black and Tans" and d["current_agent"] == "rebels"
    assert board(g) == {
        "Galilee": {"police": 1, "underground_guerrillas": 3, "bases": 1},
        "Haifa District": {"troops": 2, "police": 1, "underground_guerrillas": 1},
        "Samaria": {"police": 1, "bases": 1, "opposition": 1},
        "Lydda": {"police": 1, "bases": 1, "opposition": 1},
        "Jerusalem District": {"troops": 4, "police": 1, "underground_guerrillas": 1},
        "Gaza": {"police": 1},
        "Haifa City": {"troops": 2, "police": 1},
        "Tel Aviv-Jaffa": {"troops": 2, "police": 1},
        "Jerusalem City": {"police": 1},
        "Egypt-Tel Aviv Railway": {"underground_guerrillas": 1},
        "Tel Aviv-Jerusalem Railway": {"underground_guerrillas": 1},
        "Tel Aviv-Haifa Railway": {"underground_guerrillas": 1},
        "Lebanon": {"underground_guerrillas": 1},
        "Syria": {"underground_guerrillas": 2, "bases": 1},
    }
    avail, prison, ops, pun = pools(g)
    assert avail["guerrillas"] == 4 and ops["drawn"] == [1, 3] and ops["set_aside"] == [2, 3]

    # ---- A10: the Rebels take the shaded Event with the 3 chit; the British Patrol with Punish.
    play(g, ops_chit(3))
    g.force_chance([0])                                       # the Punishment chit drawn: Detain
    play(g, SHADED, space("Tel Aviv-Jaffa"), space("Jerusalem City"))   # Detain's Mobilization only: Opposition
    assert g.current_agent == "british"
    g.force_chance([4, 0])                                    # Punish draws Fine and Detain
    play(g, OP_SA_BOX, op("Patrol"), sa("Punish"))
    assert g.to_dict()["punishment_chits"]["drawn"] == ["Detain", "Fine"]
    play(g, DETAIN, space("Haifa District"), space("Jerusalem District"))   # 1.7.2: a Guerrilla each to Prison
    play(g, space("Tel Aviv-Haifa Railway"), space("Egypt-Tel Aviv Railway"), space("Tel Aviv-Jerusalem Railway"),
         STOP)
    play(g, *moves("Haifa City", "Tel Aviv-Haifa Railway", 2), *moves("Tel Aviv-Jaffa", "Egypt-Tel Aviv Railway", 1),
         *moves("Tel Aviv-Jaffa", "Tel Aviv-Jerusalem Railway", 1), STOP)
    assert g.phase == "Patrol: free Assault on a Railway"     # 3.2.2: all three Railways' Guerrillas Activated
    play(g, space("Tel Aviv-Haifa Railway"))
    d = g.to_dict()
    assert d["card"] == "A11 Italian Aid" and d["current_agent"] == "rebels"   # 5.4: resolved on reveal
    assert g.phase == "Event: choose an Operation"
    avail, prison, ops, pun = pools(g)
    assert prison == {"guerrillas": 2, "bases": 0} and avail["guerrillas"] == 5
    assert ops["set_aside"] == [2, 3, 3] and pun["set_aside"] == ["Detain"]
    assert board(g) == {
        "Galilee": {"police": 1, "underground_guerrillas": 3, "bases": 1},
        "Haifa District": {"troops": 2, "police": 1, "opposition": 1},
        "Samaria": {"police": 1, "bases": 1, "opposition": 1},
        "Lydda": {"police": 1, "bases": 1, "opposition": 1},
        "Jerusalem District": {"troops": 4, "police": 1, "opposition": 1},
        "Gaza": {"police": 1},
        "Haifa City": {"police": 1},
        "Tel Aviv-Jaffa": {"police": 1, "opposition": 1},
        "Jerusalem City": {"police": 1, "opposition": 1},
        "Egypt-Tel Aviv Railway": {"troops": 1, "active_guerrillas": 1},
        "Tel Aviv-Jerusalem Railway": {"troops": 1, "active_guerrillas": 1},
        "Tel Aviv-Haifa Railway": {"troops": 2},
        "Lebanon": {"underground_guerrillas": 1},
        "Syria": {"underground_guerrillas": 2, "bases": 1},
    }

    # ---- A11 (Mandatory): two Limited Rallies (Lebanon and Syria hold Rebel pieces), one space and no chit
    # each; then the Rebels Ambush with Raid; the British a Limited Deploy of an Irregular and a Curfew.
    play(g, op("Rally"), space("Tel Aviv-Jaffa"), STOP, op("Rally"), space("Jerusalem City"))
    g.force_chance([3, 4])                                    # the Rebels will draw a 2 and a 3
    play(g, STOP)
    assert g.phase == "select an Operations chit" and g.to_dict()["operations_chits"]["drawn"] == [2, 3]
    play(g, ops_chit(3), OP_SA_BOX, op("Ambush"), space("Galilee"), space("Tel Aviv-Jaffa"), space("Jerusalem City"),
         STOP)
    assert g.to_dict()["political_will"] == 17                # 3.3.4: three removed, -1
    play(g, sa("Raid"), space("Haifa-Syria Railway"), space("Syria"), count(1), op("Sabotage"))
    play(g, space("Samaria"), count(1), space("Samaria"))     # Galilee's Base is the one source: Ambush there
    assert g.phase == "Operations chit effect: Active Guerrilla" and g.current_agent == "british"
    play(g, space("Tel Aviv-Jaffa"))                          # 1.8.2: a 3 chit replaces it with an Irregular
    play(g, LIMITED_BOX, op("Deploy"), alt("Jerusalem District"), STOP, space("Jerusalem District"))
    d = g.to_dict()
    assert d["card"] == "A23 al-Hajj Muhammad" and d["current_agent"] == "british"
    assert board(g) == {
        "Galilee": {"underground_guerrillas": 1, "active_guerrillas": 1, "bases": 1},
        "Haifa District": {"troops": 2, "police": 1, "opposition": 1},
        "Samaria": {"active_guerrillas": 1, "bases": 1, "opposition": 1},
        "Lydda": {"police": 1, "bases": 1, "opposition": 1},
        "Jerusalem District": {"troops": 4, "police": 1, "underground_irregulars": 1, "opposition": 1, "curfew": 1},
        "Gaza": {"police": 1},
        "Haifa City": {"police": 1},
        "Tel Aviv-Jaffa": {"underground_irregulars": 1, "opposition": 1},
        "Jerusalem City": {"active_guerrillas": 1, "opposition": 1},
        "Egypt-Tel Aviv Railway": {"troops": 1, "active_guerrillas": 1},
        "Tel Aviv-Jerusalem Railway": {"troops": 1, "active_guerrillas": 1},
        "Tel Aviv-Haifa Railway": {"troops": 2},
        "Haifa-Syria Railway": {"active_guerrillas": 1, "sabotage": 1},
        "Lebanon": {"underground_guerrillas": 1},
        "Syria": {"underground_guerrillas": 1, "bases": 1},
    }
    avail, prison, ops, pun = pools(g)
    assert avail == {"troops": 0, "police": 4, "irregulars": 4, "guerrillas": 4, "bases": 1}
    assert ops["set_aside"] == [2, 3, 3, 3]

    # ---- A23: British Deploy with Divide (Unity value 1); the Rebels the shaded Event, rolling a 5.
    play(g, OP_SA_BOX, op("Deploy"), sa("Divide"), space("Jerusalem District"), space("Jerusalem City"))
    play(g, space("Tel Aviv-Jaffa"), count(2), space("Haifa District"), count(2), alt("Jerusalem District"))
    g.force_chance([3, 3])                                    # the Rebels will draw two 2s
    play(g, STOP, space("Jerusalem District"))                # 3.2.1: lift the Curfew and its Opposition
    assert g.to_dict()["operations_chits"]["in_play"] == 2    # one value drawn: taken at once
    g.force_chance([4])                                       # the die: 5, above the 4 Bases
    play(g, SHADED)
    g.force_chance([0, 0])                                    # A25: the Rebels will draw two 1s
    play(g, space("Haifa-Syria Railway"))                     # the 2 chit's effect
    d = g.to_dict()
    assert d["card"] == "A25 Montgomery" and d["current_agent"] == "rebels"
    assert board(g) == {
        "Galilee": {"underground_guerrillas": 1, "active_guerrillas": 1, "bases": 1},
        "Haifa District": {"troops": 2, "police": 3, "opposition": 1},
        "Samaria": {"active_guerrillas": 1, "bases": 1, "opposition": 1},
        "Lydda": {"police": 1, "bases": 1, "opposition": 1},
        "Jerusalem District": {"troops": 4, "police": 1, "underground_irregulars": 1, "active_irregulars": 1},
        "Gaza": {"police": 1},
        "Haifa City": {"police": 1},
        "Tel Aviv-Jaffa": {"police": 2, "underground_irregulars": 1, "opposition": 1},
        "Jerusalem City": {"underground_irregulars": 1, "opposition": 1},
        "Egypt-Tel Aviv Railway": {"troops": 1, "active_guerrillas": 1},
        "Tel Aviv-Jerusalem Railway": {"troops": 1, "active_guerrillas": 1},
        "Tel Aviv-Haifa Railway": {"troops": 2},
        "Haifa-Syria Railway": {"sabotage": 1},
        "Lebanon": {"underground_guerrillas": 1},
        "Syria": {"underground_guerrillas": 1, "bases": 1},
    }
    avail, prison, ops, pun = pools(g)
    assert avail == {"troops": 0, "police": 0, "irregulars": 2, "guerrillas": 6, "bases": 1}
    assert ops["in_play"] == 1 and ops["set_aside"] == [2, 2, 3, 3, 3]

    # ---- A25: the Rebels Rally with Coordinate (the die: 2); the British the unshaded Event.
    g.force_chance([1])
    play(g, OP_SA_BOX, op("Rally"), sa("Coordinate"))
    d = g.to_dict()
    assert d["unity_track"] == 3 and d["operations_chits"]["coordinate_bonus"] == 1   # "the rightmost '1'"
    play(g, space("Lydda"), count(2), space("Galilee"), count(2), STOP, space("Galilee"))
    play(g, UNSHADED, op("Sweep"), space("Samaria"), STOP)
    play(g, *moves("Tel Aviv-Haifa Railway", "Samaria", 2), *moves("Jerusalem District", "Samaria", 2), STOP)
    g.force_chance([3, 1])                                    # Punish draws Fine and Demolish
    play(g, sa("Punish"), DEMOLISH, space("Haifa District"), space("Samaria"))
    d = g.to_dict()
    assert d["card"] == "A33 Propaganda!" and g.phase == "Resources: Punishment chit to keep"
    assert d["political_will"] == 10                          # 6.1: a net -7
    assert board(g) == {
        "Galilee": {"underground_guerrillas": 3, "active_guerrillas": 1, "bases": 1, "opposition": 1},
        "Haifa District": {"troops": 2, "police": 3, "underground_guerrillas": 1},
        "Samaria": {"troops": 4, "underground_guerrillas": 1, "active_guerrillas": 1, "bases": 1},
        "Lydda": {"police": 1, "underground_guerrillas": 2, "bases": 1, "opposition": 1},
        "Jerusalem District": {"troops": 2, "police": 1, "underground_irregulars": 1, "active_irregulars": 1},
        "Gaza": {"police": 1},
        "Haifa City": {"police": 1},
        "Tel Aviv-Jaffa": {"police": 2, "underground_irregulars": 1, "opposition": 1},
        "Jerusalem City": {"underground_irregulars": 1, "opposition": 1},
        "Egypt-Tel Aviv Railway": {"troops": 1, "active_guerrillas": 1},
        "Tel Aviv-Jerusalem Railway": {"troops": 1, "active_guerrillas": 1},
        "Haifa-Syria Railway": {"sabotage": 1},
        "Lebanon": {"underground_guerrillas": 1},
        "Syria": {"underground_guerrillas": 1, "bases": 1},
    }
    avail, prison, ops, pun = pools(g)
    assert avail["guerrillas"] == 0 and ops["set_aside"] == [1, 2, 2, 3, 3, 3]
    assert pun["set_aside"] == ["Detain", "Demolish"]

    # ---- A33 Propaganda!: Resources, Support, Redeploy, Reset (6.2-6.5).
    g.force_chance([1, 3])                                    # the Rebels' die: 2; Foreign Assistance draws a 2
    play(g, FINE, TRACK)                                      # the British keep a Fine; Unity to Centralized
    assert g.to_dict()["operations_chits"] == {"held": [], "drawn": [], "set_aside": [], "in_play": None,
                                               "coordinate_bonus": 0}
    assert g.phase == "choose a space"                        # 6.2.3: a Rally of up to 2 Foreign Countries
    play(g, STOP)
    g.force_chance([5])                                       # Divide's die: 6
    play(g, sa("Divide"), TRACK)                              # Unity value 0: only the roll (6.6.2)
    play(g, sa("Mobilize"), space("Haifa District"), STOP)
    play(g, space("Galilee"), space("Lebanon"), space("Lydda"), space("Syria"), STOP)   # 1.4.1: from the map
    play(g, space("Tel Aviv-Jaffa"), space("Tel Aviv-Jaffa"), STOP)       # 6.4.1: Troops off the Railways
    play(g, space("Tel Aviv-Jaffa"), space("Jerusalem City"))             # half the Irregulars (4 // 2)
    play(g, space("Samaria"), space("Syria"))                             # 6.4.2: Guerrillas to Bases
    d = g.to_dict()
    assert d["card"] == "A1 Mass Detention" and d["current_agent"] == "british"   # no eligibility reset
    assert d["political_will"] == 10 and d["unity_track"] == 4
    assert board(g) == {
        "Galilee": {"underground_guerrillas": 5, "bases": 1, "opposition": 1},
        "Haifa District": {"troops": 2, "police": 3, "underground_guerrillas": 1, "bases": 1},
        "Samaria": {"troops": 4, "underground_guerrillas": 3, "bases": 1},
        "Lydda": {"police": 1, "underground_guerrillas": 3, "bases": 1, "opposition": 1},
        "Jerusalem District": {"troops": 2, "police": 1, "underground_irregulars": 2},
        "Gaza": {"police": 1},
        "Haifa City": {"police": 1},
        "Tel Aviv-Jaffa": {"troops": 2, "police": 2, "opposition": 1},
        "Jerusalem City": {"opposition": 1},
        "Syria": {"underground_guerrillas": 1, "bases": 1},
    }
    avail, prison, ops, pun = pools(g)
    assert avail == {"troops": 0, "police": 0, "irregulars": 4, "guerrillas": 2, "bases": 0}
    assert prison == {"guerrillas": 0, "bases": 0} and d["out_of_play_troops"] == 5
    assert pun == {"held": ["Fine"], "drawn": [], "set_aside": [], "in_play": None}
    assert g.invariant_violation() is None
