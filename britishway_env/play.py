"""Terminal play: show the board, list the legal choices, read a number."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable


def play_in_terminal(game, input_fn: Callable[[str], str] = input, print_fn: Callable[..., None] = print,
                     save: Path | None = None) -> None:
    from .render_text import render_text

    print_fn(f"Seed {game.seed}. Type the number of a choice; 'q' quits.")
    while not game.is_terminal():
        print_fn("")
        print_fn(render_text(game))
        legal = game.legal_actions()
        for i, a in enumerate(legal):
            print_fn(f"  {i + 1:>2}. {game.action_name(a)}")
        try:
            answer = input_fn("choice> ").strip()
        except EOFError:
            answer = "q"
        if answer.lower() in ("q", "quit", "exit"):
            print_fn("Game abandoned.")
            break
        if not answer.isdigit() or not 1 <= int(answer) <= len(legal):
            print_fn(f"Please type a number from 1 to {len(legal)}.")
            continue
        game.apply(legal[int(answer) - 1])
    if game.is_terminal():
        print_fn("")
        print_fn(render_text(game))
        print_fn(f"Result: {game.outcome.replace('_', ' ')}; winner: {game.winner}")
    if save is not None:
        save.write_text(json.dumps({"volume": game.volume, "seed": game.seed, "actions": game.history}))
        print_fn(f"Saved to {save} (replay with Game.replay).")
