"""Strict state dicts: each impossible or hostile dict is refused with a
StateError naming the field, and nothing else escapes Game.from_dict."""

from __future__ import annotations

import copy
import math

import numpy as np
import pytest

from britishway_env import Game, StateError
from britishway_env.engine.statedict import Fields
from britishway_env.volumes.palestine import layout as L


@pytest.fixture(scope="module")
def mid_game():
    """A Palestine game some decisions in, and its dict."""
    g = Game("palestine", seed=7)
    rng = np.random.default_rng(0)
    for _ in range(60):
        g.apply(int(rng.choice(g.legal_actions())))
    return g


def palestine(**changes):
    d = Game("palestine", seed=0).to_dict()
    d.update(changes)
    return d


def rejects(d, match):
    with pytest.raises(StateError, match=match):
        Game.from_dict(d)


def test_out_of_range_decision_context_is_refused_before_any_kernel_runs():
    d = palestine()
    d["context"].update(decision=L.D_RECRUIT_COUNT, executor=1, operation=L.OP_RECRUIT, current_space=-10**7,
                        box=[-1, L.BOX_OP_SA])
    rejects(d, r"context\.current_space must be an integer in -1\.\.12, got -10000000")
    d["context"].update(current_space=-1)
    rejects(d, r"context\.current_space must name a map space for context\.decision 5")


@pytest.mark.parametrize("change, match", [
    (lambda d: d["context"].update(propaganda_rounds=99), r"context\.propaganda_rounds must be an integer in 0\.\.3"),
    (lambda d: d["context"].update(propaganda_rounds=1), r"context\.propaganda_rounds 1 does not match"),
    (lambda d: d["context"].update(first_eligible=5), r"context\.first_eligible must be an integer in 0\.\.1"),
    (lambda d: d.update(history=[9999, -5]), r"history\[0\] must be an integer in 0\.\.\d+, got 9999"),
    (lambda d: d.update(seed=2**64), r"seed must be an integer in 0\.\.9223372036854775807"),
    (lambda d: d.update(seed=-1), r"seed must be an integer"),
    (lambda d: d["spaces"].update(Galilee=None), r"spaces\.Galilee must be a mapping of piece -> count, got None"),
    (lambda d: d.update(context=[1, 2]), r"context must be a mapping"),
    (lambda d: d.update(spaces="Galilee"), r"spaces must be a mapping"),
    (lambda d: d.update(political_will=18.0), r"political_will must be an integer in 0\.\.20, got 18\.0"),
    (lambda d: d.update(political_will="18"), r"political_will must be an integer"),
    (lambda d: d.update(political_will=b"18"), r"political_will must be an integer"),
    (lambda d: d.update(political_will=True), r"political_will must be an integer"),
    (lambda d: d.update(political_will=math.nan), r"political_will must be an integer"),
    (lambda d: d.update(rng=2**63), r"rng must be an integer"),
    (lambda d: d.update(forced_chance=[9]), r"forced_chance\[0\] must be an integer in 0\.\.8"),
    (lambda d: d.update(forced_chance=[0] * 65), r"forced_chance must list 0\.\.64 items"),
    (lambda d: d.update(intel_chits=[1, 2.0]), r"intel_chits\[1\] must be an integer in 0\.\.2"),
    (lambda d: d.update(played_cards=d["played_cards"] + d["undrawn_cards"], undrawn_cards=[]),
     r"final Propaganda card ends the game|propaganda_rounds"),
    (lambda d: d.update(layout_version=L.LAYOUT.version + 1), rf"layout_version must be one of {L.LAYOUT.version}"),
    (lambda d: d["context"].update(mass_detention_left=2), r"context\.mass_detention_left must be 0 for"),
    (lambda d: d["context"].update(mass_detention_left=7), r"context\.mass_detention_left must be an integer in 0\.\.6"),
    (lambda d: d["context"]["moved_here_active"].__setitem__(3, 1), r"moved_here_active must be all 0 outside a Travel"),
    (lambda d: d["context"].update(decision=L.D_REFILL), r"never stored"),
    (lambda d: d["context"].update(decision=L.D_NEXT_CARD), r"automatic step"),
    (lambda d: d["context"].update(outcome=L.BRITISH_WIN), r"game is over exactly when an outcome is set"),
    (lambda d: d["context"].update(decision=L.D_OVER, outcome=L.BRITISH_WIN), r"british_victory needs"),
    (lambda d: d["context"].update(box=[0, 0]), r"cannot take the same box"),
    (lambda d: d["context"].update(event_card=3), r"event_card must be 0 when no event|event_card"),
    (lambda d: d["context"].update(track_owed_cells_box4=[1]), r"box 4 is empty"),
    (lambda d: d["context"]["capabilities"].__setitem__(0, 2), r"capabilities does not match"),
    (lambda d: d.update(capabilities={"P09": "shaded"}), r"'P09' is not a capability card"),
    (lambda d: d.update(capabilities={"p9": "shaded"}), r"'p9' is not a capability card"),
    (lambda d: d.update(capabilities={"P1": "shaded"}), r"'P1' is not a capability card"),
    (lambda d: d.update(capabilities={"P9": 1}), r"capabilities\.P9 must be one of 'unshaded', 'shaded'"),
    (lambda d: d.update(decision="game over"), r"decision 'game over' does not match"),
    (lambda d: d.update(history_from_seed="yes"), r"history_from_seed must be true or false"),
])
def test_impossible_palestine_dicts_name_the_field(change, match):
    d = palestine()
    change(d)
    rejects(d, match)


def test_curfew_needs_a_british_piece_in_its_city():
    """1.10: a Curfew stays only in a City with Troops or Police."""
    rejects({"volume": "palestine", "spaces": {"Haifa City": {"curfew": 1, "underground_cells": 1}}},
            r"spaces\.Haifa City\.curfew: a Curfew stays only in a City with Troops or Police \(1\.10\)")
    g = Game.from_dict({"volume": "palestine", "spaces": {"Haifa City": {"curfew": 1, "police": 1}}})
    assert g.to_dict()["spaces"]["Haifa City"]["curfew"] == 1


@pytest.mark.parametrize("junk", [None, 1, "palestine-ish", [1], {"volume": "kenya"}, {"volume": ["palestine"]},
                                  {"volume": "palestine", "spaces": {1: {}}},
                                  {"volume": "palestine", "spaces": {}, "available": []}])
def test_nothing_but_state_error_escapes(junk):
    with pytest.raises(StateError):
        Game.from_dict(junk)


def test_hostile_repr_does_not_escape():
    class Nasty:
        def __repr__(self):
            raise RuntimeError("boom")

        def __eq__(self, other):
            raise RuntimeError("boom")

        __hash__ = object.__hash__

    rejects(palestine(political_will=Nasty()), r"political_will must be an integer .*<Nasty>")
    rejects(palestine(first_eligible=Nasty()), r"first_eligible")


def test_game_seed_is_checked():
    for bad in (-1, 2**63, 1.5, "3", b"3", True, None):
        with pytest.raises(StateError, match="seed must be an integer"):
            Game("palestine", seed=bad)
    assert Game("solo1948", seed=np.int64(2**63 - 1)).seed == 2**63 - 1


def test_history_from_seed_replays_and_is_checked(mid_game):
    d = mid_game.to_dict()
    assert d["history_from_seed"] is True and len(d["history"]) == 60
    g = Game.from_dict(copy.deepcopy(d))
    assert g.history_from_seed and np.array_equal(g.state, mid_game.state)
    # Another legal history from the same seed reaches another state: refused.
    other = Game("palestine", seed=7)
    for _ in range(60):
        other.apply(other.legal_actions()[-1])
    rejects(dict(d, history=other.history), "history does not replay from seed 7")
    rejects(dict(d, history=[L.A_EXTRA] + d["history"][1:]), r"history does not replay from seed 7: action 0")
    edited = copy.deepcopy(d)
    edited["political_will"] = d["political_will"] - 1 if d["political_will"] else 1
    rejects(edited, "history does not replay")
    # Not replayable: no replay, and the flag stays false through a save.
    h = Game.from_dict(dict(d, history_from_seed=False))
    assert not h.history_from_seed and not h.to_dict()["history_from_seed"]
    rejects(dict(d, seed=None), r"seed must be an integer")
    d2 = copy.deepcopy(d)
    del d2["seed"]
    rejects(d2, "history_from_seed is true but the dict gives no seed")


def test_history_from_seed_turns_false_after_force_chance_and_determinize(mid_game):
    g = mid_game.clone()
    assert g.history_from_seed
    assert not g.determinize(3).history_from_seed
    g.force_chance([0])
    assert not g.history_from_seed and g.to_dict()["history_from_seed"] is False
    assert Game.replay("palestine", 7, mid_game.history).to_dict() == mid_game.to_dict()
    fresh = Game("solo1948", seed=5).to_dict()
    assert Game.from_dict(fresh).history_from_seed
    fresh["fronts"]["North"]["arab_tokens"] = 2
    assert not Game.from_dict(fresh).history_from_seed      # edited by hand


@pytest.mark.parametrize("change, match", [
    (lambda d: d.update(turn=1.0), r"'turn' must be in 1\.\.100 \(an integer\), got 1\.0"),
    (lambda d: d.update(turn=True), r"'turn' must be in"),
    (lambda d: d.update(phase=3), r"unknown phase 3"),
    (lambda d: d["fronts"].update(North=None), r"fronts\.North must be a mapping"),
    (lambda d: d["fronts"]["North"].update(arab_tokens="3"), r"fronts\.North\.'arab_tokens' must be in 0\.\.6"),
    (lambda d: d.update(history=[-5]), r"history\[0\]"),
    (lambda d: d.update(seed=2**64), r"'seed' must be in"),
    (lambda d: d.update(forced_chance=[10**9]), r"forced_chance\[0\]'? must be in"),
    (lambda d: d.update(undrawn="all"), r"undrawn must be a mapping"),
    (lambda d: d["undrawn"].update(israeli=None), r"undrawn\.israeli must be a list"),
    (lambda d: d["drawn"].update(events=d["drawn"]["events"] + ["Siege"]), r"drawn\.events"),
    (lambda d: d.update(shuffle_seed=1.5), r"'shuffle_seed' must be in"),
    (lambda d: d.update(outcome="decisive_victory", phase="Game over", cards_to_deploy=[]), r"not what the End Phase"),
])
def test_impossible_solo_dicts_name_the_field(change, match):
    d = Game("solo1948", seed=2).to_dict()
    change(d)
    rejects(d, match)


def test_solo_dict_keeps_the_draw_order():
    """The drawn cards' order matters when the event deck is reshuffled: it is saved."""
    g = Game("solo1948", seed=11)
    rng = np.random.default_rng(2)
    for _ in range(40):
        g.apply(int(rng.choice(g.legal_actions())))
    h = Game.from_dict(dict(g.to_dict(), history=[], history_from_seed=False))
    assert np.array_equal(h.state, g.state)


def test_fields_strict_integers():
    f = Fields("x")
    assert f.integer(np.int16(3), "a", 0, 5) == 3
    for bad in (3.0, "3", b"3", True, np.bool_(True), None, [3], np.float32(3)):
        with pytest.raises(StateError, match="a must be an integer in 0..5"):
            f.integer(bad, "a", 0, 5)
    assert f.choice("b", "k", ("a", "b")) == "b"
    with pytest.raises(StateError, match="k must be one of"):
        f.choice(1, "k", (True, "a"))


def test_mass_detention_choice_context_is_checked():
    """4.2.3, P-5: the British choose Cells only while more Cells are there
    than still go, from a City with its District, as the Special Activity of a
    Search or Assault (or inside P1)."""
    city, district = 7, 3            # Tel Aviv-Jaffa and Lydda (4.2.3)
    spaces = {"Tel Aviv-Jaffa": {"troops": 3, "curfew": 1, "underground_cells": 1, "active_cells": 1},
              "Lydda": {"underground_cells": 1}}
    base = Game.from_dict({"volume": "palestine", "spaces": spaces}).to_dict()
    for derived in ("decision", "current_agent"):
        del base[derived]
    ctx = base["context"]
    ctx.update(decision=L.D_MASS_DETENTION, executor=L.BRITISH, operation=L.OP_SEARCH, card_step=0,
               n_selected=1, space_limit=2, current_space=city, special_activity=L.SA_MASS_DETENTION,
               special_activity_used=1, special_activity_return=L.D_SA_AFTER, special_activity_spaces=1,
               special_activity_space_bits=1 << city, mass_detention_left=2)
    ctx["box"] = [L.BOX_OP_SA, -1]
    ctx["selected_spaces"][city] = 1
    assert Game.from_dict(copy.deepcopy(base)).phase == L.DECISION_NAMES[L.D_MASS_DETENTION]
    for change, match in (
            (dict(mass_detention_left=3), r"mass_detention_left 3 must be 1\.\.one less than the Cells"),
            (dict(mass_detention_left=0), r"mass_detention_left 0 must be 1"),
            (dict(executor=L.IRGUN), r"executor"),
            (dict(current_space=district), r"current_space must be a City"),
            (dict(special_activity_space_bits=1 << district), r"the City as its space"),
            (dict(special_activity=-1, special_activity_used=0, special_activity_return=0,
                  special_activity_spaces=0, special_activity_space_bits=0), r"inside P1 unshaded")):
        d = copy.deepcopy(base)
        d["context"].update(change)
        rejects(d, match)
