"""The Example of Play (Cyprus 8.0), replayed decision by decision with forced
dice and chits and the example's card order, asserting the whole board after
each card.

Two departures where the example contradicts a rule; we follow the rule:

- rules decision C-21: on C6 the example's British Patrol with Interrogate,
  which 4.2.3 lets accompany only Search or Assault. The replay's Patrol takes
  no Special Activity, so the British draw no 1-value chit there and
  EOKA's Infiltrate on C19 has no chit to discard: the board is the same.
- rules decision C-10: in the Redeploy Phase the example moves the Cell in
  Akrotiri to Karpas, a Town with no EOKA piece at that moment; 6.3.2 allows
  only Towns with EOKA pieces or Mountains, so the replay moves it to the
  Kyrenia Mountains (where EOKA just placed an Arms Cache) and the Reset's
  board follows from that.
"""

from britishway_env.volumes.cyprus.game import CyprusGame
from britishway_env.volumes.cyprus.setup import SETUP

from cyprus_helpers import (
    EXTRA, LIMITED_BOX, OP_SA_BOX, PASS_LIMITED, SHADED, STOP, alt, chit, count, op, play, sa, space,
)

KEYS = ("troops", "police", "underground_cells", "active_cells", "arms_caches")
ORDER = [3, 21, 11, 6, 19, 13, 35]                   # 8.0: the first part of the deck, top first
REST = [c for c in range(1, 33) if c not in ORDER][:12] + [33, 34]


def setup_game():
    """2.1's setup with the example's deck: C3 revealed, EOKA 1st Eligible."""
    spaces = {name: {k: n for k, n in zip(("troops", "police", "underground_cells", "arms_caches"), pieces) if n}
              for name, pieces in SETUP.items() if any(pieces)}
    d = {"volume": "cyprus", "spaces": spaces, "played_cards": [3], "undrawn_cards": ORDER[1:] + REST,
         "first_eligible": "eoka", "political_will": 14, "international_opinion": "Debated"}
    return CyprusGame._from_dict(d)


def board(game):
    return game.to_dict()["spaces"]


def move(src, dst, n=1):
    """``n`` single-piece moves from ``src`` to ``dst`` (a move decision, then its destination)."""
    return [space(src), space(dst)] * n


def test_8_0_example_of_play():
    g = setup_game()
    assert g.to_dict()["card"] == "C3 AKEL" and g.current_agent == "eoka"

    # ---- C3 AKEL: EOKA Recruit with Smuggle; the British Pass and draw a 2.
    play(g, OP_SA_BOX, op("Recruit"), space("Troodos"), count(2), space("Nicosia"), space("Paphos"))
    play(g, sa("Smuggle"), space("Paphos"), STOP)             # 4.3.1: a Cell and no cubes in Paphos
    assert g.current_agent == "british"
    g.force_chance([6])                                       # the bag by value: 0s at 0-2, 1s at 3-5, 2s at 6-8
    play(g, PASS_LIMITED)                                     # 2.3.3: Pass draws an Intel Chit
    d = g.to_dict()
    assert d["card"] == "C21 Development Program" and d["current_agent"] == "british"   # 2.3.5: leftmost box
    assert d["intel_chits"] == [2]
    assert board(g) == {
        "Paphos": {"underground_cells": 2, "arms_caches": 1},
        "Limassol": {"troops": 2, "underground_cells": 1},
        "Nicosia": {"troops": 2, "police": 1, "underground_cells": 2},
        "Larnaca": {"troops": 2, "police": 1, "underground_cells": 1},
        "Famagusta": {"police": 1, "underground_cells": 1},
        "Troodos": {"underground_cells": 3, "arms_caches": 1},
        "Akrotiri": {"troops": 3},
        "Dhekelia": {"troops": 3},
    }
    assert d["available"] == {"troops": 0, "police": 3, "cells": 2, "arms_caches": 2}

    # ---- C21 DEVELOPMENT PROGRAM: British Search with Diplomacy; EOKA the shaded Event.
    play(g, OP_SA_BOX, op("Search"), space("Troodos"), space("Limassol"), space("Famagusta"), STOP)
    play(g, *move("Nicosia", "Troodos", 2), *move("Limassol", "Troodos", 2), *move("Larnaca", "Troodos", 2))
    play(g, *move("Akrotiri", "Limassol", 3), *move("Dhekelia", "Famagusta", 3), STOP)
    assert g.phase == "Search: Town activation"               # 3.2.3: a chit could buy one Cell per cube
    play(g, STOP, STOP)                                       # keep it: Curfews in Limassol and Famagusta
    play(g, sa("Diplomacy"))                                  # 4.2.2: two Towns marked, so Opinion 2 -> 1
    assert g.current_agent == "eoka"
    play(g, SHADED, space("Limassol"), space("Karpas"))       # C21 shaded: 2 Cells in Towns
    d = g.to_dict()
    assert d["card"] == "C11 Appeals to UN" and d["current_agent"] == "eoka"
    assert d["international_opinion"] == "Discussed" and d["intel_chits"] == [2]
    assert board(g) == {
        "Paphos": {"underground_cells": 2, "arms_caches": 1},
        "Limassol": {"troops": 3, "underground_cells": 1, "active_cells": 1, "curfew": 1},
        "Nicosia": {"police": 1, "underground_cells": 2},
        "Larnaca": {"police": 1, "underground_cells": 1},
        "Famagusta": {"troops": 3, "police": 1, "active_cells": 1, "curfew": 1},
        "Karpas": {"underground_cells": 1},
        "Troodos": {"troops": 6, "active_cells": 3, "arms_caches": 1},
    }

    # ---- C11 APPEALS TO UN: EOKA Sabotage (an Offensive adds Nicosia) with Propagandize;
    # the British Limited Assault in Troodos.
    g.force_chance([1, 3, 5, 2])                              # Paphos 2, Limassol 4, Karpas 6, Nicosia 3
    play(g, OP_SA_BOX, op("Sabotage"), space("Paphos"), STOP)  # STOP: spend no Arms Cache; 2 fails
    play(g, space("Limassol"), STOP)                          # 4 succeeds
    play(g, space("Karpas"))                                  # no Arms Cache near Karpas; 6 succeeds
    play(g, EXTRA, space("Paphos"))                           # 2.3.7: Offensive from Paphos (no cubes there)
    play(g, space("Nicosia"), space("Troodos"))               # 3.3.3: 3 - 1 Police + 2 = 4
    play(g, sa("Propagandize"), alt("Limassol"), STOP)        # 4.3.3: the Curfew, Opinion 1 -> 3
    assert g.current_agent == "british"
    play(g, LIMITED_BOX, op("Assault"), space("Troodos"), STOP)   # 3.2.4: 6 Troops in a Mountain remove 3
    d = g.to_dict()
    assert d["card"] == "C6 Operation Pepperpot" and d["current_agent"] == "british"
    assert d["international_opinion"] == "Criticized" and d["prison"] == 1
    assert d["available"] == {"troops": 0, "police": 3, "cells": 2, "arms_caches": 4}
    assert board(g) == {
        "Paphos": {"underground_cells": 1, "active_cells": 1},
        "Limassol": {"troops": 3, "active_cells": 2, "sabotage": 1, "curfew": 1},
        "Nicosia": {"police": 1, "underground_cells": 1, "active_cells": 1, "sabotage": 1},
        "Larnaca": {"police": 1, "underground_cells": 1},
        "Famagusta": {"troops": 3, "police": 1, "active_cells": 1, "curfew": 1},
        "Karpas": {"active_cells": 1, "sabotage": 1},
        "Troodos": {"troops": 6},
    }

    # ---- C6 OPERATION PEPPERPOT: British Patrol with Interrogate; EOKA Limited Ambush in Larnaca.
    play(g, OP_SA_BOX, op("Patrol"), space("Nicosia"), space("Karpas"), STOP)
    play(g, *move("Larnaca", "Nicosia"), *move("Famagusta", "Karpas"), STOP)
    play(g, space("Nicosia"), chit(2))                        # 3.2.2: the 2 pays for the Underground Cell
    assert sa("Interrogate") not in g.legal_actions()         # 4.2.3: only with Search or Assault (C-21)
    play(g, STOP)
    assert g.current_agent == "eoka"
    g.force_chance([0])                                       # any roll beats 0 cubes (3.3.4)
    play(g, LIMITED_BOX, op("Ambush"), space("Larnaca"), space("Larnaca"), STOP)
    d = g.to_dict()
    assert d["card"] == "C19 Mountain Gangs" and d["current_agent"] == "eoka"
    assert d["prison"] == 3 and d["intel_chits"] == []
    assert board(g) == {
        "Paphos": {"underground_cells": 1, "active_cells": 1},
        "Limassol": {"troops": 3, "active_cells": 2, "sabotage": 1, "curfew": 1},
        "Nicosia": {"police": 2, "sabotage": 1},
        "Larnaca": {"active_cells": 1, "arms_caches": 1},
        "Famagusta": {"troops": 3, "active_cells": 1, "curfew": 1},
        "Karpas": {"police": 1, "active_cells": 1, "sabotage": 1},
        "Troodos": {"troops": 6},
    }

    # ---- C19 MOUNTAIN GANGS: EOKA Travel with Infiltrate; the British Limited Patrol in Karpas.
    play(g, OP_SA_BOX, op("Travel"), space("Paphos"), space("Nicosia"), count(1), STOP)
    play(g, space("Limassol"), space("Nicosia"), count(1), space("Kyrenia"), count(1))
    play(g, space("Famagusta"), space("Akrotiri"), count(1))
    play(g, sa("Infiltrate"), space("Nicosia"), STOP)         # 4.3.2: 2 Underground Cells, 2 Police
    assert g.current_agent == "british"
    play(g, LIMITED_BOX, op("Patrol"), space("Karpas"), STOP, STOP, space("Karpas"))
    d = g.to_dict()
    assert d["card"] == "C13 Human Rights Committees" and d["current_agent"] == "british"
    assert d["prison"] == 4 and d["intel_chits"] == []
    assert d["available"] == {"troops": 0, "police": 4, "cells": 1, "arms_caches": 3}
    assert board(g) == {
        "Paphos": {"underground_cells": 1},
        "Limassol": {"troops": 3, "sabotage": 1, "curfew": 1},
        "Nicosia": {"police": 1, "underground_cells": 3, "sabotage": 1},
        "Larnaca": {"active_cells": 1, "arms_caches": 1},
        "Famagusta": {"troops": 3, "curfew": 1},
        "Karpas": {"police": 1, "sabotage": 1},
        "Troodos": {"troops": 6},
        "Kyrenia": {"underground_cells": 1},
        "Akrotiri": {"underground_cells": 1},
    }

    # ---- C13 HUMAN RIGHTS COMMITTEES: British Deploy with Restore; EOKA the shaded capability.
    play(g, OP_SA_BOX, op("Deploy"), space("Limassol"), space("Famagusta"), STOP)
    play(g, space("Nicosia"), *[space("Troodos")] * 6, STOP)   # 3.2.1: Troops to one space
    play(g, sa("Restore"), space("Limassol"))                 # 4.2.1: its Sabotage and Curfew come off
    assert g.current_agent == "eoka"
    play(g, SHADED)
    d = g.to_dict()
    assert d["capabilities"] == {"C13": "shaded"}             # 5.3

    # ---- C35 PROPAGANDA!: the round's phases (6.1-6.4).
    assert d["card"] == "C35 Propaganda!"
    assert d["political_will"] == 12        # 6.1: -3 Opinion, -2 Nicosia, -1 Karpas, +2 no Caches, +2 four Towns
    assert g.phase == "EOKA Arms: Arms Cache space" and g.current_agent == "eoka"
    g.force_chance([3])                     # 6.2.2: no chits, so one is drawn: a 1
    play(g, space("Kyrenia"))               # 6.2.1
    assert g.to_dict()["intel_chits"] == [1]
    assert g.phase == "Redeploy: move Police from" and g.current_agent == "british"
    play(g, *move("Karpas", "Nicosia"), *move("Limassol", "Nicosia"), *move("Famagusta", "Nicosia"), STOP)
    assert g.phase == "Redeploy: a Cell leaves a Base for" and g.current_agent == "eoka"
    assert "Karpas" not in {g.generic_action_name(a) for a in g.legal_actions()}     # 6.3.2 (rules decision C-10)
    play(g, space("Kyrenia"), STOP)         # then no Arms Cache moves
    d = g.to_dict()
    assert d["international_opinion"] == "Debated"             # 6.4: three Towns marked, Criticized -> Debated
    assert d["prison"] == 2 and d["available"]["cells"] == 3    # half of 4 back
    assert d["current_agent"] == "eoka" and d["card"] not in ("C35 Propaganda!",)
    assert d["context"]["propaganda_rounds"] == 1
    assert board(g) == {
        "Paphos": {"underground_cells": 1},
        "Limassol": {"troops": 3},
        "Nicosia": {"troops": 6, "police": 4, "underground_cells": 3},
        "Larnaca": {"underground_cells": 1, "arms_caches": 1},
        "Famagusta": {"troops": 3},
        "Kyrenia": {"underground_cells": 2, "arms_caches": 1},
    }
    assert g.invariant_violation() is None
