"""Palestine's 15 Sabotage/Terror markers (1.2; rules decision P-39): one
counter each, Sabotage on one side and Terror on the other, so the two kinds
share the 15. Only markers off the map are placed (5.1.1, as Cyprus and Arab
Revolt read their own 15, C-29, A-26): a Sabotage or Terror that succeeds with
none left places none (Terror's Haganah shift at 6+ stays), P3 shaded is not
offered then, and a state dict with more on the map is refused."""

import pytest

from britishway_env import Game
from britishway_env.errors import StateError
from britishway_env.volumes.palestine import layout as L

from palestine_helpers import legal, play
from test_palestine_events_b import BOX, OP, OP_SA_BOX, SA, SHADED, S, TLV, board, make

EGYPT_RWY, LYDDA, SAMARIA, GALILEE = "Egypt-Tel Aviv Railway", "Lydda", "Samaria", "Galilee"


def on_map(sabotage, terror=0):
    """``sabotage`` + ``terror`` markers spread over three Districts."""
    spaces = {n: {} for n in (LYDDA, SAMARIA, GALILEE)}
    for k in range(sabotage):
        spaces[(LYDDA, SAMARIA, GALILEE)[k % 3]]["sabotage"] = spaces[(LYDDA, SAMARIA, GALILEE)[k % 3]].get(
            "sabotage", 0) + 1
    if terror:
        spaces[GALILEE]["terror"] = terror
    return {n: v for n, v in spaces.items() if v}


def test_1_2_sixteen_sabotage_and_terror_markers_are_refused():
    with pytest.raises(StateError, match=r"spaces: 16 Sabotage and Terror markers on the map; the game has 15 "
                                         r"\(1\.2, P-39\)"):
        Game.from_dict({"volume": "palestine", "spaces": on_map(12, 4)})
    assert Game.from_dict({"volume": "palestine", "spaces": on_map(12, 3)})


@pytest.mark.parametrize("placed, left", [(15, 0), (14, 1)])
def test_p39_a_sabotage_places_a_marker_only_while_one_is_off_the_map(placed, left):
    """3.3.3: the roll succeeds (a 6); with all 15 on the map the Cell still
    Activates and no marker is placed."""
    spaces = on_map(placed - 1, 1) | {EGYPT_RWY: {"underground_cells": 1}}
    g = make(2, spaces, first_eligible="irgun")
    play(g, BOX(OP_SA_BOX), OP(L.OP_SABOTAGE))
    g.force_chance([5])
    play(g, S(EGYPT_RWY))
    assert board(g)["spaces"][EGYPT_RWY] == ({"active_cells": 1, "sabotage": 1} if left else {"active_cells": 1})


@pytest.mark.parametrize("placed, terror", [(15, 0), (14, 1), (13, 2)])
def test_p39_terror_at_six_places_what_is_left_and_still_shifts_the_haganah_track(placed, terror):
    """4.3.3: a Terror of 6+ places two markers when two are off the map, one
    when one is, none when none is; the Haganah Track shifts left each time."""
    spaces = on_map(placed) | {TLV: {"underground_cells": 1}}
    g = make(2, spaces, first_eligible="irgun")
    play(g, BOX(OP_SA_BOX), OP(L.OP_SABOTAGE), S(TLV))
    assert g.phase == "Terror: declare in this City"
    g.force_chance([5])
    play(g, SA(L.SA_TERROR))
    b = board(g)
    assert b["spaces"][TLV] == {"active_cells": 1, **({"terror": terror} if terror else {})}
    assert b["haganah_track"] == 3


@pytest.mark.parametrize("placed, terror", [(15, None), (14, 1), (13, 2)])
def test_p39_p3_shaded_places_the_terror_markers_left(placed, terror):
    """P3 shaded places 2 Terror markers in a City with an Underground Cell:
    one when one is left; with none left the text is not offered (5.1.3)."""
    spaces = on_map(placed) | {TLV: {"underground_cells": 1}}
    g = make(3, spaces, first_eligible="irgun")
    if terror is None:
        assert SHADED not in legal(g)
        return
    play(g, SHADED, S(TLV))
    assert board(g)["spaces"][TLV] == {"underground_cells": 1, "terror": terror}


def test_p39_the_invariants_count_the_markers():
    from britishway_env.volumes.palestine import invariants
    g = Game.from_dict({"volume": "palestine", "spaces": on_map(15)})
    assert invariants.check(g.state) == invariants.OK
    g.state[L.SPACES + 0 * L.SPACE_FIELDS + L.TERROR] += 1
    assert invariants.VIOLATIONS[invariants.check(g.state)].startswith("more Sabotage and Terror markers")


@pytest.mark.parametrize("placed", [15, 14])
def test_p39_the_scripted_irgun_gives_a_sabotage_no_worth_with_no_marker_left(placed):
    """The Palestine bot (docs/palestine.md, "Bots") values an Operation by the
    markers it would place: with none off the map Sabotage and Terror are worth
    nothing to it (NEG, never preferred), with one left they are valued."""
    from britishway_env.volumes.palestine.bots import NEG, scored_choice
    spaces = on_map(placed - 1, 1) | {EGYPT_RWY: {"underground_cells": 1}, TLV: {"underground_cells": 1}}
    g = make(2, spaces, first_eligible="irgun")
    play(g, BOX(OP_SA_BOX))
    assert OP(L.OP_SABOTAGE) in legal(g)
    _, scores = scored_choice(g)
    assert (scores[OP(L.OP_SABOTAGE)] <= NEG) == (placed == 15)


@pytest.mark.parametrize("placed", [15, 14])
def test_p39_the_scripted_british_see_no_sabotage_to_stop_with_no_marker_left(placed):
    """The British bot values Police by the Sabotage they would stop (3.3.3):
    with all 15 markers on the map a Sabotage places none, so there is no
    threat to stop until the Reset Phase takes them off (6.4; ``fresh`` values
    the board after it); with one left there is."""
    from britishway_env.volumes.boards.palestine import SPACE_NAMES
    from britishway_env.volumes.palestine.bots import NO, YES, police_marginal, threat
    spaces = on_map(placed - 1, 1) | {TLV: {"underground_cells": 1}}
    g = make(2, spaces, first_eligible="british")
    s = SPACE_NAMES.index(TLV)
    assert (threat(g.state, s, NO) == 0.0) == (placed == 15)
    assert threat(g.state, s, YES) > 0.0
    assert (police_marginal(g.state, s, 2, NO) == 0.0) == (placed == 15)
