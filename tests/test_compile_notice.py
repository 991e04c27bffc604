"""Every path that compiles says so: the CLI (test_cli_edges.py), and the Python
API and the environments through ``warmup.notice_once`` (a line on stderr
before a cold compile, with the time after; nothing when numba's cache holds
the kernels)."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from britishway_env import warmup

ROOT = Path(__file__).resolve().parent.parent


def test_the_python_api_announces_a_cold_compile_once(tmp_path):
    code = textwrap.dedent("""
        from britishway_env import Game
        g = Game("solo1948", seed=1)
        g.apply(g.legal_actions()[0])
        Game("solo1948", seed=2)
        print("done")
    """)
    env = dict(os.environ, PYTHONPATH=str(ROOT), NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    cold = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=900)
    assert cold.returncode == 0 and cold.stdout.strip() == "done", cold.stderr
    lines = [line for line in cold.stderr.splitlines() if line.strip()]
    assert len(lines) == 2, cold.stderr
    assert lines[0].startswith("compiling the 1948 solo deck rules, first run only")
    assert lines[1].startswith("compiled the 1948 solo deck rules in ")
    warm = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert warm.returncode == 0 and warm.stderr.strip() == "", warm.stderr


def test_notice_once_readies_the_rules_first_and_each_use_once(monkeypatch):
    calls = []
    monkeypatch.setattr(warmup, "_READY", set())
    monkeypatch.setattr(warmup, "ready", lambda entry, echo: calls.append(entry.label) or 0.0)
    warmup.notice_once("palestine", "env")
    warmup.notice_once("palestine", "env")
    warmup.notice_once("palestine", "bots")
    warmup.notice_once("palestine", "no such use")
    assert calls == ["the Palestine rules", "the Palestine environment step", "the Palestine scripted bots"]


def test_every_compiled_path_of_a_volume_has_a_notice():
    """Each COIN volume lists its rules, random rollouts, rollouts with a
    scripted seat, invariant check, environment step and bots among the
    kernels the notices cover."""
    from britishway_env.registry import specs

    for spec in specs():
        uses = {k.use for k in spec.kernels}
        assert "play" in uses
        if spec.report is not None:           # a COIN volume
            assert {"rollouts", "batch", "check", "env", "bots", "variant"} <= uses, spec.name


def test_a_variant_game_asks_for_its_setup_notice_before_the_setup_runs(monkeypatch):
    """``Game(volume, variant=...)`` calls ``new_variant_game`` from Python,
    which the compiled runners only inline: its own compile is announced
    (the use "variant") before it runs, once per process."""
    from britishway_env import Game
    from britishway_env.volumes import coin_game

    order = []
    monkeypatch.setattr(warmup, "_READY", set())
    monkeypatch.setattr(warmup, "ready", lambda entry, echo: order.append(entry.label) or 0.0)
    game = Game("cyprus", seed=3)
    real = game.turns.new_variant_game

    class Turns:                 # the volume's turns module, its variant setup noted when it runs
        def __getattr__(self, name):
            return getattr(game.turns, name)

        def new_variant_game(self, *args):
            order.append("new_variant_game")
            return real(*args)

    monkeypatch.setattr(type(game), "turns", Turns())
    variant = {"volume": "cyprus", "name": "notice"}
    coin_game.CoinGame._new_variant_game(game, variant)
    coin_game.CoinGame._new_variant_game(game, variant)
    assert order == ["the Cyprus rules", "the Cyprus setup of a variant's game", "new_variant_game",
                     "new_variant_game"]
