"""Terminal play: show the board, list the legal choices, read a number.

The game is saved after every decision, so no way of leaving the terminal
(``q``, end of input, Ctrl-C, a closed window) loses more than the decision
being typed. A save file is JSON::

    {"volume": "<volume>", "seed": 3, "actions": [0, 5, ...], "snapshot": {...}}

``actions`` is the game's history; loading replays it from ``seed``, so the
replay is the authority. ``snapshot`` is the game's ``to_dict()`` for people
reading the file; loading ignores its contents.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from .engine.statedict import check_seed
from .errors import IllegalActionError, StateError, UnknownVolumeError
from .game import Game
from .io import atomic_write_text
from .registry import is_volume, volume_names

MAX_SAVE_BYTES = 8 * 2**20          # the longest game of any volume saves well under 1 MiB
SAVE_KEYS = ("volume", "seed", "actions")
OPTIONAL_SAVE_KEYS = ("snapshot",)
SAVE_FOLDER = Path("saves")

# How play_in_terminal ended.
FINISHED, QUIT, END_OF_INPUT, INTERRUPTED = "finished", "quit", "end of input", "interrupted"


def default_save_path(volume: str, seed: int, folder: Path = SAVE_FOLDER) -> Path:
    """``saves/<volume>-<seed>.json``, or ``-2``, ``-3``... when that name is taken:
    a new game never overwrites an earlier save."""
    path = folder / f"{volume}-{seed}.json"
    n = 2
    while path.exists():
        path = folder / f"{volume}-{seed}-{n}.json"
        n += 1
    return path


def save_payload(game) -> dict:
    return {"volume": game.volume, "seed": int(game.seed), "actions": [int(a) for a in game.history],
            "snapshot": game.to_dict()}


def write_save(path: Path, payload: dict) -> None:
    """Write the save atomically (:func:`britishway_env.io.atomic_write_text`):
    an interrupted write leaves the previous save in place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(payload, indent=1))


def load_save(path: Path, before_replay: Callable[[str], object] | None = None) -> Game:
    """Read a save file and replay it; raise :class:`StateError` naming what is wrong.
    ``before_replay(volume)`` runs once the file is checked, before the replay
    (the CLI uses it to compile the volume's kernels with a notice)."""
    where = f"save file {path}"
    try:
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise StateError(f"{where}: {size:,} bytes, more than a save file can hold ({MAX_SAVE_BYTES:,})")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise StateError(f"{where}: no such file") from None
    except IsADirectoryError:
        raise StateError(f"{where}: is a folder, not a file") from None
    except OSError as err:
        raise StateError(f"{where}: cannot be read ({err.strerror or err})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise StateError(f"{where}: not UTF-8 text; a save file is JSON") from None

    def no_constants(name: str):
        raise ValueError(f"{name} is not a JSON number")

    try:
        d = json.loads(text, parse_constant=no_constants)
    except json.JSONDecodeError as err:
        raise StateError(f"{where}: not valid JSON ({err.msg} at line {err.lineno} column {err.colno})") from None
    except (ValueError, RecursionError) as err:
        raise StateError(f"{where}: not a valid save ({err})") from None
    if not isinstance(d, dict):
        raise StateError(f"{where}: must be a JSON object with the keys {', '.join(SAVE_KEYS)}")
    missing = [k for k in SAVE_KEYS if k not in d]
    if missing:
        raise StateError(f"{where}: missing {', '.join(missing)}")
    unknown = sorted(str(k) for k in d if k not in SAVE_KEYS + OPTIONAL_SAVE_KEYS)
    if unknown:
        raise StateError(f"{where}: unknown key(s) {', '.join(unknown)}")
    volume = d["volume"]
    if not is_volume(volume):
        raise StateError(f"{where}: unknown volume {volume!r}; implemented volumes: "
                         f"{', '.join(sorted(volume_names()))}")
    seed = check_seed(d["seed"], f"{where}: seed")
    actions = d["actions"]
    if not isinstance(actions, list):
        raise StateError(f"{where}: actions must be a list of integers")
    if "snapshot" in d and not isinstance(d["snapshot"], dict):
        raise StateError(f"{where}: snapshot must be a JSON object (the game's to_dict())")
    if before_replay is not None:
        before_replay(volume)
    try:
        game = Game(volume, seed=seed)
    except UnknownVolumeError as err:  # pragma: no cover - the volume is checked above
        raise StateError(f"{where}: {err}") from None
    for i, a in enumerate(actions):
        if type(a) is not int:
            raise StateError(f"{where}: actions[{i}] must be an integer, got {a!r}")
        if game.is_terminal():
            raise StateError(f"{where}: actions[{i}]: the game was already over ({game.outcome}) "
                             f"after {i} actions")
        if not 0 <= a < game.N_ACTIONS:
            raise StateError(f"{where}: actions[{i}] = {a} is outside the action space 0..{game.N_ACTIONS - 1}")
        try:
            game.apply(a)
        except IllegalActionError:
            raise StateError(f"{where}: actions[{i}] = {a} ({game.generic_action_name(a)}) is not legal "
                             f"when replayed (pending: {game.phase})") from None
    return game


def _resume_hint(save: Path) -> str:
    return f"resume with: britishway play --load {save}"


def play_in_terminal(game, input_fn: Callable[[str], str] = input, print_fn: Callable[..., None] = print,
                     save: Path | None = None) -> str:
    """Play ``game`` at the terminal until it ends or the person leaves.

    With ``save``, the game is written there (atomically) now and after every
    decision, and again when the person quits, input ends or Ctrl-C arrives.
    Returns how the session ended: FINISHED, QUIT, END_OF_INPUT or INTERRUPTED.
    """
    from .render_text import render_text

    saved: dict | None = None      # the last payload written: always a consistent (seed, actions)

    def autosave() -> None:
        nonlocal saved
        if save is None:
            return
        payload = save_payload(game)
        try:
            write_save(save, payload)
        except OSError as err:
            print_fn(f"warning: could not save to {save} ({err.strerror or err}); still playing")
            return
        saved = payload

    def leave(why: str) -> None:
        if save is None:
            print_fn(f"{why}. The game is not saved.")
            return
        if saved is not None:
            try:
                write_save(save, saved)
            except OSError as err:
                print_fn(f"{why}. warning: could not save to {save} ({err.strerror or err})")
                return
        n = len(saved["actions"]) if saved is not None else 0
        print_fn(f"{why}. Game saved to {save} after {n} decisions; {_resume_hint(save)}")

    if save is not None:
        print_fn(f"Autosaving to {save} after every decision ({_resume_hint(save)}).")
    print_fn(f"{game.volume}, seed {game.seed}. Type the number of a choice; 'q' saves and quits.")
    status = FINISHED
    try:
        autosave()
        while not game.is_terminal():
            print_fn("")
            print_fn(render_text(game))
            legal = game.legal_actions()
            for i, a in enumerate(legal):
                print_fn(f"  {i + 1:>2}. {game.action_name(a)}")
            try:
                answer = input_fn(f"{game.current_agent}, choice> ").strip()
            except EOFError:
                status = END_OF_INPUT
                break
            if answer.lower() in ("q", "quit", "exit"):
                status = QUIT
                break
            if not answer.isdigit() or not 1 <= int(answer) <= len(legal):
                print_fn(f"Please type a number from 1 to {len(legal)}.")
                continue
            game.apply(legal[int(answer) - 1])
            autosave()
    except KeyboardInterrupt:
        status = INTERRUPTED
    if status == FINISHED:
        print_fn("")
        print_fn(render_text(game))
        print_fn(f"Result: {game.outcome.replace('_', ' ')}; winner: {game.winner}")
        if saved is not None and len(saved["actions"]) == len(game.history):
            print_fn(f"The finished game is saved in {save}.")
    else:
        print_fn("")
        leave({QUIT: "Quit", END_OF_INPUT: "End of input",
               INTERRUPTED: "Interrupted"}[status])
    return status
