"""Terminal play against a bot (``britishway play``): the board in words,
the choices named, the bot's moves with their dice and reasons, and the
commands of :data:`COMMANDS` (undo, abort, log, map...).

The game is saved after every decision, so no way of leaving the terminal
(``q``, end of input, Ctrl-C, a closed window) loses more than the decision
being typed. A save file is JSON::

    {"volume": "<volume>", "seed": 3, "actions": [0, 5, ...], "human": ["<seat>"],
     "bot": "heuristic", "snapshot": {...}, "variant": {...}}

``actions`` is the game's history; loading replays it from ``seed`` (the
bots are deterministic, so the replay is the game). ``human`` lists the seats
the person plays and ``bot`` the policy of the others; a save without them is
a game where the person plays every seat. ``variant`` (only in the save of
a variant's game, ``britishway play --variant FILE``) is the variant's checked
mapping (docs/variants.md): loading plays that variant again. ``snapshot`` is the game's
``to_dict()`` for people reading the file; loading checks it against the
game the actions replay to and refuses a save where they disagree, naming
the first field that differs (a save without a snapshot loads from its
actions alone). Only a regular file of at most ``MAX_SAVE_BYTES`` is read
(:func:`britishway_env.io.read_regular_file`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from .errors import StateError
from .io import atomic_write_bytes, atomic_write_text, png_bytes, read_regular_file
from .session import BOT, MAX_SAVE_BYTES, YOU, PlaySession
from .summaries import rounds_text
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


def save_payload(session) -> dict:
    """What a save file holds: the session's :meth:`PlaySession.save_payload`."""
    return session.save_payload()


def write_save(path: Path, payload: dict) -> None:
    """Write the save atomically (:func:`britishway_env.io.atomic_write_text`):
    an interrupted write leaves the previous save in place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(payload, indent=1))


def load_save(path: Path, before_replay: Callable[[str], object] | None = None) -> PlaySession:
    """Read a save file and replay it; raise :class:`StateError` naming what is wrong.
    ``before_replay(volume)`` runs once the file is checked, before the replay
    (the CLI uses it to compile the volume's kernels with a notice)."""
    where = f"save file {path}"
    raw = read_regular_file(path, MAX_SAVE_BYTES, StateError, where, kind="save file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise StateError(f"{where}: not UTF-8 text; a save file is JSON") from None
    return PlaySession.from_json_text(text, where, before_replay=before_replay)


def _resume_hint(save: Path) -> str:
    return f"resume with: britishway play --load {save}"


COMMANDS = (
    ("NUMBER or NAME", "take that choice: its number, or the start of its name if only one choice starts so"),
    ("?", "list the choices again, with a line of help on this decision"),
    ("undo", "take back your last decision and the replies that followed it (not past a die roll, a chit "
             "draw or a card reveal, unless the game is a sandbox)"),
    ("abort", "go back to the start of your current action (the same limit as undo)"),
    ("log", "what happened on this card and in this campaign ('log all': the whole game)"),
    ("rounds", "each Propaganda Round so far, phase by phase, with what it changed"),
    ("map", "write the map picture to a PNG file and say where"),
    ("board", "show the whole board (compact mode shows only what changed)"),
    ("save FILE", "also save the game to FILE now (JSON; resume it with --load FILE)"),
    ("q", "save and quit"),
)


def match_choice(answer: str, choices: list[tuple[int, str]]) -> tuple[int | None, str]:
    """The action an answer names: a choice's number (1-based), or a prefix
    of exactly one choice's name (case and spaces ignored). Returns
    (action, "") or (None, why not)."""
    text = answer.strip()
    if text.isdigit():
        k = int(text)
        if 1 <= k <= len(choices):
            return choices[k - 1][0], ""
        return None, f"there is no choice {k}: type a number from 1 to {len(choices)}"
    key = " ".join(text.lower().split())
    if not key:
        return None, "type the number or the name of a choice ('?' lists them)"
    hits = [(a, name) for a, name in choices if " ".join(name.lower().split()).startswith(key)]
    if len(hits) == 1:
        return hits[0][0], ""
    if not hits:
        return None, f"no choice starts with {text!r}; '?' lists the choices and commands"
    exact = [(a, n) for a, n in hits if " ".join(n.lower().split()) == key]
    if len(exact) == 1:
        return exact[0][0], ""
    return None, f"{text!r} starts {len(hits)} choices: " + "; ".join(n for _, n in hits[:6]) + \
        ("..." if len(hits) > 6 else "") + ". Type more of the name, or its number."


def map_path(save: Path | None, session) -> Path:
    """Where ``map`` writes the picture: beside the save (``<save>-map.png``), else ./VOLUME-map.png."""
    if save is not None:
        return save.with_name(save.stem + "-map.png")
    return Path(f"{session.volume}-map.png")


def write_map(picture, path: Path) -> None:
    """A picture (an RGB array) as a PNG, written atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, png_bytes(picture))


def wants_compact(session: PlaySession, lines: int | None = None) -> bool:
    """Compact mode by default when the screen is short: fewer ``lines`` (the
    terminal's height; asked of the terminal when None) than the whole board
    and a screenful of moves and choices need."""
    if lines is None:
        import shutil

        lines = shutil.get_terminal_size((80, 24)).lines
    return lines < len(session.board_text().splitlines()) + COMPACT_MARGIN


COMPACT_MARGIN = 15       # lines a reply's moves, the choices and the prompt take beside the board


def show_new_rounds(session, shown: int, print_fn) -> int:
    """Print each Propaganda Round that ended since ``shown`` rounds were
    printed (britishway_env/summaries.py); returns how many are printed now."""
    done = [r for r in session.round_summaries() if r.complete]
    for r in done[shown:]:
        print_fn("")
        print_fn(r.text())
    return max(shown, len(done))


def play_in_terminal(session: PlaySession, input_fn: Callable[[str], str] = input,
                     print_fn: Callable[..., None] = print, save: Path | None = None,
                     compact: bool | None = None) -> str:
    """Play ``session`` at the terminal until the game ends or the person leaves.

    With ``save``, the game is written there (atomically) now and after every
    decision, and again when the person quits, input ends or Ctrl-C arrives.
    ``compact`` (default: :func:`wants_compact`): after a bot's reply, print
    what changed and the prompt, with the head of the board (the card, the
    Initiative Track, the tracks: :meth:`PlaySession.board_head`) when a new
    card came into play, instead of the whole board; ``board`` shows it all.
    Returns how the session ended: FINISHED, QUIT, END_OF_INPUT or INTERRUPTED.
    """
    if compact is None:
        compact = wants_compact(session)
    saved: dict | None = None      # the last payload written: always a consistent (seed, actions)
    names = {a: session.seat_name(a) for a in session.spec.agents}

    def autosave() -> None:
        nonlocal saved
        if save is None:
            return
        payload = session.save_payload()
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

    def show_moves(entries, yours: bool = False) -> None:
        for e in entries:
            if e.by == YOU and not yours:
                continue
            print_fn(f"  {e.line(names)}")
            if e.reason:
                print_fn(f"      why: {e.reason}")

    def show_choices(choices) -> None:
        for i, (_, name) in enumerate(choices):
            print_fn(f"  {i + 1:>2}. {name}")
        for note in session.menu_notes():
            print_fn(f"  note: {note}")

    def show_help(choices) -> None:
        print_fn(f"{session.game.phase}: {session.decision_help()}")
        show_choices(choices)
        print_fn(f"Undo: {session.undo_rule()}.")
        if session.scores_meaning():
            print_fn(f"Scores: {session.scores_meaning()}.")
        print_fn("Commands:")
        for cmd, what in COMMANDS:
            print_fn(f"  {cmd:<15} {what}")

    if save is not None:
        print_fn(f"Autosaving to {save} after every decision ({_resume_hint(save)}).")
    you = ", ".join(names[a] for a in session.human)
    against = f" against the {session.bot} bot ({', '.join(names[a] for a in session.bot_seats)})" \
        if session.bot_seats else ""
    print_fn(f"{session.spec.title}, seed {session.seed}: you play {you}{against}. "
             "Type a choice's number or name; '?' for help and commands; 'q' saves and quits.")
    if session.bot_seats:
        print_fn(f"Bot: {session.bot_words()}.")
        if session.scores_meaning():
            print_fn(f"Scores: {session.scores_meaning()}.")
    if session.variant is not None:
        print_fn(f"Variant: {session.variant_line()}")
    print_fn(f"Undo: {session.undo_rule()}.")
    if compact:
        print_fn("Compact mode: after each reply only what changed is shown ('board' shows the whole board).")
    status = FINISHED
    show_board = True
    show_head = False
    shown_rounds = sum(r.complete for r in session.round_summaries())   # rounds over before this sitting
    try:
        autosave()
        so_far = session.entries_this_card()
        if so_far:
            print_fn(f"So far on this card ({so_far[0].card}):")
            show_moves(so_far, yours=True)
        while not session.over:
            choices = session.choices()
            if show_board or show_head:
                print_fn("")
                print_fn(session.board_text() if show_board else session.board_head())
                show_choices(choices)
                show_board = show_head = False
            try:
                answer = input_fn(f"{names.get(session.to_move, session.to_move)}, choice> ").strip()
            except EOFError:
                status = END_OF_INPUT
                break
            word = answer.lower()
            if word in ("q", "quit", "exit"):
                status = QUIT
                break
            if word in ("?", "help", "h"):
                show_help(choices)
                continue
            if word in ("board", "b"):
                show_board = True
                continue
            if word in ("log", "log all"):
                lines = session.log_lines("all" if word == "log all" else "campaign")
                print_fn("\n".join(lines) if lines else "Nothing has happened yet.")
                continue
            if word == "rounds":
                print_fn(rounds_text(session.round_summaries()))
                continue
            if word == "map":
                picture = session.picture()
                if picture is None:
                    print_fn(f"The {session.spec.title} has no map picture; 'board' shows the table in words.")
                    continue
                where = map_path(save, session)
                try:
                    write_map(picture, where)
                except OSError as err:
                    print_fn(f"could not write the map to {where} ({err.strerror or err})")
                    continue
                print_fn(f"Map written to {where.resolve()}")
                continue
            if word == "save" or word.startswith("save "):
                name = answer.strip()[4:].strip()
                if not name:
                    print_fn(f"Type save FILE to save a copy; the game is autosaved to {save}" if save is not None
                             else "Type save FILE to save the game to FILE.")
                    continue
                copy = Path(name)
                if copy.suffix.lower() != ".json":
                    print_fn(f"{name}: a save file's name ends in .json")
                    continue
                try:
                    write_save(copy, session.save_payload())
                except OSError as err:
                    print_fn(f"could not save to {copy} ({err.strerror or err})")
                    continue
                print_fn(f"Saved to {copy}; resume it with: britishway play --load {copy}")
                continue
            if word in ("undo", "abort"):
                try:
                    n = session.undo() if word == "undo" else session.abort()
                except StateError as err:
                    print_fn(str(err))
                    continue
                print_fn(f"{'Undone' if word == 'undo' else 'Aborted'}: {n} decision{'s' if n != 1 else ''} "
                         "taken back.")
                autosave()
                show_board = True
                shown_rounds = sum(r.complete for r in session.round_summaries())
                continue
            action, why = match_choice(answer, choices)
            if action is None:
                print_fn(why)
                continue
            new = session.play(action)
            print_fn(f"You: {new[0].text}{new[0].details()}")
            show_moves(new[1:])
            shown_rounds = show_new_rounds(session, shown_rounds, print_fn)
            autosave()
            # A new card in play (even one your own move brought) is shown before its menu.
            new_card = (session.card(), session.table.campaign(session.game)) != (new[0].card, new[0].campaign)
            show_board = any(e.by == BOT for e in new[1:]) or new[0].starts_action or new_card
            if compact and show_board:           # what changed is printed above: the head only for a new card
                show_board, show_head = False, new_card
            if not show_board and not show_head and not session.over:
                show_choices(session.choices())
    except KeyboardInterrupt:
        status = INTERRUPTED
    if status == FINISHED:
        print_fn("")
        print_fn(session.board_text())
        print_fn(f"Result: {session.result()}")
        end = session.ending()
        if end is not None:
            print_fn(f"Why: {end.text}")
        if saved is not None and len(saved["actions"]) == len(session.game.history):
            print_fn(f"The finished game is saved in {save}.")
    else:
        print_fn("")
        leave({QUIT: "Quit", END_OF_INPUT: "End of input",
               INTERRUPTED: "Interrupted"}[status])
    return status
