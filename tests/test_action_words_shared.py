"""The words every COIN volume's decisions share (volumes/coin_game.py
``CoinGame.action_name``): what a Pass gives (2.3.3), a Special Activity
chosen with an Operation (4.1), an event's text, what Stop means; each in the
volume's own words, found in random play."""

import numpy as np
import pytest

from britishway_env.registry import spec

PASS_GIVES = {
    "palestine": {"british": ("draw an Intel Chit (2.3.3)", "no Intel Chit (AMERICAN LOANS, P27)"),
                  "irgun": ("then may Rob in one space (2.3.3)", "nothing (no space to Rob in, 2.3.3)")},
    "cyprus": {"british": ("draw an Intel Chit (2.3.3)",), "eoka": ("then may Ambush in one space (2.3.3)",)},
    "arab_revolt": {"british": ("select a Punishment chit from the cup to hold (2.3.3)",),
                    "rebels": ("then may place a Base in a District or Foreign Country with a Guerrilla (2.3.3)",)},
}


@pytest.mark.parametrize("volume", sorted(PASS_GIVES))
def test_the_shared_words_in_each_volume(volume):
    cls = spec(volume).game_class
    L = cls.layout
    seen = set()
    for seed in range(12):
        g = cls(seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_terminal():
            d = int(cls.turns.pending(g.state))
            for a in g.legal_actions():
                name = g.action_name(a)
                if d == L.D_BOX and L.A_PASS <= a < L.A_EVENT_SIDE:
                    assert name.startswith("Pass") and name.split(": ", 1)[1] in PASS_GIVES[volume][g.current_agent]
                    seen.add("pass")
                elif d == L.D_BOX and L.A_EVENT_SIDE <= a < L.A_OP:
                    title = g.reader.card_titles[int(g.state[L.CARD]) - 1]
                    assert name in (f"Event {title}: unshaded text", f"Event {title}: shaded text")
                    seen.add("event")
                elif d == L.D_SPACE and L.A_SA <= a < L.A_SPACE:
                    assert name == f"Special Activity: {L.SA_NAMES[a - L.A_SA]}"
                    seen.add("special activity")
                elif d == L.D_SPACE and a == L.A_STOP:
                    assert name == "No more spaces"
                    seen.add("stop")
            g.apply(int(rng.choice(g.legal_actions())))
    assert seen == {"pass", "event", "special activity", "stop"}
