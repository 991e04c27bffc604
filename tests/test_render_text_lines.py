"""The opening lines of every COIN volume's text board (volumes/board_drawing.py
``situation_lines`` and ``capability_lines``): who decides what (2.3), the
capabilities in force with their card's text (5.3), and the end of the game."""

import importlib

import numpy as np
import pytest

from britishway_env.registry import specs
from britishway_env.volumes.board_drawing import capability_lines, situation_lines

VOLUMES = ("palestine", "cyprus", "arab_revolt")


def _spec(volume):
    return next(s for s in specs() if s.name == volume)


def test_situation_lines_name_the_seat_by_its_title_and_say_when_the_game_is_over():
    d = {"outcome": "ongoing", "current_agent": "eoka", "decision": "choose a box"}
    lines = situation_lines(d, ["Card in play: X"], "Initiative Track: ...", "", ("british", "eoka"),
                            ("British", "EOKA"))
    assert lines == ["Card in play: X", "Initiative Track: ...", "Now: EOKA - choose a box"]
    d = {"outcome": "british_win", "current_agent": None, "decision": None}
    lines = situation_lines(d, ["Card in play: X"], "Initiative Track: ...", "Deploy", ("british", "eoka"),
                            ("British", "EOKA"))
    assert lines == ["GAME OVER: british win", "Card in play: X", "Initiative Track: ..."]
    d = {"outcome": "ongoing", "current_agent": "british", "decision": "choose a space"}
    assert situation_lines(d, [], "I", "Limited Deploy, 1 space so far", ("british", "eoka"),
                           ("British", "EOKA"))[-1] == "Now: British - choose a space (Limited Deploy, 1 space so far)"


def test_capability_lines_give_the_text_in_force_of_each_side():
    texts = {(3, 0): "unshaded three", (3, 1): "shaded three", (7, 1): "shaded seven"}
    lines = capability_lines({"capabilities": {"P3": "unshaded", "P7": "shaded"}}, [f"T{i}" for i in range(1, 9)],
                             lambda number, side: texts[(number, side)])
    assert lines == ["Capabilities in effect:", "  T3 (unshaded): unshaded three", "  T7 (shaded): shaded seven"]
    assert capability_lines({"capabilities": {}}, [], None) == []


@pytest.mark.parametrize("volume", VOLUMES)
def test_the_text_board_says_who_decides_which_capabilities_are_in_force_and_when_it_is_over(volume):
    spec = _spec(volume)
    layout = importlib.import_module(f"britishway_env.volumes.{volume}.layout")
    seen_capability = seen_now = False
    for seed in range(40):
        game = spec.game_class(seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_terminal():
            game.apply(int(rng.choice(game.legal_actions())))
            d = game.to_dict()
            if d["capabilities"] and not seen_capability:
                lines = spec.render_text(game).splitlines()
                start = lines.index("Capabilities in effect:")
                for k, (label, side) in enumerate(d["capabilities"].items()):
                    assert lines[start + 1 + k].startswith("  ") and f"({side}): " in lines[start + 1 + k]
                seen_capability = True
            if d["current_agent"] and not seen_now:
                title = layout.FACTION_TITLES[layout.FACTION_NAMES.index(d["current_agent"])]
                now = [line for line in spec.render_text(game).splitlines() if line.startswith("Now: ")]
                assert len(now) == 1 and now[0].startswith(f"Now: {title} - {d['decision']}")
                seen_now = True
        if seen_capability:
            break
    assert seen_capability and seen_now
    assert game.is_terminal() and spec.render_text(game).splitlines()[1].startswith("GAME OVER: ")
