"""`britishway play` driven like a person at a terminal: a pseudo-terminal
(pexpect), typed answers, games played to the end against each bot, with
help, prefixes, mistakes, undo, abort, log, map, quit and resume."""

import json
import os
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from britishway_env import Game  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
from britishway_env.levels import LEVELS  # noqa: E402

PROMPT = r"(British|Irgun|Israeli|EOKA|Rebels), choice> "
TIMEOUT = 600            # a hang guard (the first run may compile the rules and bots), not a timing check
# pexpect waits 50 ms before each line it sends (for programs that turn echo off after their prompt, as a
# password prompt does); `play` reads its answers from the terminal's line buffer, and a whole game is
# hundreds of answers.
SEND_DELAY = None


def _spawn(args, cwd):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
               COLUMNS="200", TERM="dumb")
    term = pexpect.spawn(sys.executable, ["-m", "britishway_env.cli", "play", *args], cwd=str(cwd), env=env,
                         encoding="utf-8", timeout=TIMEOUT, dimensions=(50, 200))
    term.delaybeforesend = SEND_DELAY
    return term


def _answer(term, line):
    term.sendline(line)


def _play_on(term, answer="1", limit=2000):
    """Answer every prompt with ``answer`` until the result is printed; the text seen."""
    seen = []
    for _ in range(limit):
        i = term.expect([PROMPT, r"Result: [^\r\n]+"])
        seen.append(term.before + term.after)
        if i == 1:
            term.expect(pexpect.EOF)
            seen.append(term.before)
            return "".join(seen)
        _answer(term, answer)
    raise AssertionError("the game did not end")


def _saved(path):
    return json.loads(Path(path).read_text())


def test_a_person_plays_palestine_against_the_scripted_bot_with_undo_quit_and_resume(tmp_path):
    term = _spawn(["palestine", "--as", "irgun", "--vs", "heuristic", "--seed", "3"], tmp_path)
    term.expect("you play Irgun against the heuristic bot")
    term.expect(r"Bot: the scripted level \(heuristic: [^\r\n]*ladder \+\d+ Elo \(95% \+\d+\.\.\+\d+")
    term.expect("Undo: undo and abort stop at the last die roll, chit draw or card reveal")
    term.expect(PROMPT)
    board = term.before
    # The board on its own: card texts, Initiative Track, pools, a legend.
    for words in ("Card in play: P29 Curfews", "Unshaded: Capability (British)", "Shaded:",
                  "Initiative Track: 1st Eligible Irgun (to choose), 2nd Eligible British (to choose)",
                  "Political Will 18/20", "Haganah Track 4/4", "Intel Chits held 0", "Legend:",
                  "Galilee", "2 Troops, 1 Underground Cell", "1. Take the Limited Op box"):
        assert words in board, words
    _answer(term, "?")
    term.expect("choose a box: pick a box of the Initiative Track")
    term.expect("undo")
    term.expect(PROMPT)
    _answer(term, "Take")
    term.expect("'Take' starts 2 choices")
    term.expect(PROMPT)
    _answer(term, "zzz")
    term.expect("no choice starts with 'zzz'")
    term.expect(PROMPT)
    _answer(term, "99")
    term.expect("there is no choice 99")
    term.expect(PROMPT)
    _answer(term, "abort")
    term.expect("nothing to abort")
    term.expect(PROMPT)
    _answer(term, "take the op")                      # a unique prefix, any case
    term.expect("You: Take the Op & Special Activity box")
    term.expect(PROMPT)
    _answer(term, "Recruit")
    term.expect("You: Recruit")
    term.expect(PROMPT)
    _answer(term, "abort")
    term.expect("Aborted: 2 decisions taken back")
    term.expect("Initiative Track: 1st Eligible Irgun \\(to choose\\)")
    term.expect(PROMPT)
    # Play until the bot has moved: its reply revealed the next card, so undo stops there (chance once seen stands).
    text = ""
    while "(bot)" not in text:
        _answer(term, "1")
        term.expect(PROMPT)
        text += term.before
    assert "why: " in text
    decisions = len(_saved(tmp_path / "saves" / "palestine-3.json")["actions"])
    _answer(term, "undo")
    term.expect(r"cannot undo: [^\r\n]*revealed [^\r\n]*chance once seen stands")
    term.expect(PROMPT)
    assert len(_saved(tmp_path / "saves" / "palestine-3.json")["actions"]) == decisions
    _answer(term, "log")
    term.expect("-- P29 Curfews \\(campaign 1\\)")
    term.expect(PROMPT)
    _answer(term, "map")
    term.expect(r"Map written to (\S+\.png)")
    picture = Path(term.match.group(1))
    term.expect(PROMPT)
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    _answer(term, "save copy.txt")
    term.expect("a save file's name ends in .json")
    term.expect(PROMPT)
    _answer(term, "save copies/copy.json")
    term.expect(r"Saved to copies/copy\.json; resume it with: britishway play --load copies/copy\.json")
    term.expect(PROMPT)
    assert _saved(tmp_path / "copies" / "copy.json")["actions"] == _saved(tmp_path / "saves" / "palestine-3.json")[
        "actions"]
    for _ in range(10):
        _answer(term, "1")
        term.expect(PROMPT)
    _answer(term, "q")
    term.expect(r"Quit\. Game saved to saves/palestine-3\.json after (\d+) decisions")
    term.expect(pexpect.EOF)
    term.close()
    assert term.exitstatus == 0
    saved = _saved(tmp_path / "saves" / "palestine-3.json")
    assert saved["human"] == ["irgun"] and saved["bot"] == "heuristic"

    term = _spawn(["--load", "saves/palestine-3.json"], tmp_path)
    term.expect(f"Resumed the palestine game from saves/palestine-3.json after {len(saved['actions'])} decisions")
    out = _play_on(term)
    term.close()
    assert term.exitstatus == 0
    assert "[a die" in out and "why: scored" in out
    done = _saved(tmp_path / "saves" / "palestine-3.json")
    assert done["actions"][:len(saved["actions"])] == saved["actions"]
    assert Game.replay("palestine", 3, done["actions"]).is_terminal()
    assert "The finished game is saved in saves/palestine-3.json." in out


def test_a_sandbox_game_undoes_past_a_card_reveal_and_its_save_says_so(tmp_path):
    term = _spawn(["palestine", "--as", "irgun", "--vs", "scripted", "--seed", "3", "--sandbox"], tmp_path)
    term.expect("Undo: sandbox: undo and abort take back anything")
    term.expect(PROMPT)
    text = ""
    while "(bot)" not in text:                    # the bot's first reply reveals the next card (as above)
        _answer(term, "1")
        term.expect(PROMPT)
        text += term.before
    decisions = len(_saved(tmp_path / "saves" / "palestine-3.json")["actions"])
    _answer(term, "undo")
    term.expect(r"Undone: (\d+) decisions? taken back")
    taken = int(term.match.group(1))
    term.expect(PROMPT)
    _answer(term, "q")
    term.expect(pexpect.EOF)
    saved = _saved(tmp_path / "saves" / "palestine-3.json")
    assert len(saved["actions"]) == decisions - taken and saved["sandbox"] is True
    assert saved["bot"] == "heuristic"            # the level's agent is what the save records


def test_a_short_screen_gets_the_compact_mode_and_board_shows_it_all(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
               COLUMNS="120", LINES="24", TERM="dumb")
    term = pexpect.spawn(sys.executable, ["-m", "britishway_env.cli", "play", "palestine", "--as", "irgun",
                                          "--seed", "3"], cwd=str(tmp_path), env=env, encoding="utf-8",
                         timeout=TIMEOUT, dimensions=(24, 120))
    term.delaybeforesend = SEND_DELAY
    term.expect("Compact mode")
    term.expect(PROMPT)
    assert "Card in play: P29 Curfews" in term.before and "Galilee" in term.before   # the whole board, once
    text = ""
    while "(bot)" not in text:
        _answer(term, "1")
        term.expect(PROMPT)
        text += term.before
    assert "Map:" not in text and "Galilee    " not in text       # no map section after the reply
    assert "Card in play:" in text                                # the new card's head
    _answer(term, "board")
    term.expect(PROMPT)
    assert "Map:" in term.before
    _answer(term, "q")
    term.expect(pexpect.EOF)


@pytest.mark.parametrize("seat, bot", [("british", "random"), ("irgun", "trained"), ("british", "trained")])
def test_a_whole_game_against_each_bot(tmp_path, seat, bot):
    term = _spawn(["palestine", "--as", seat, "--vs", bot, "--seed", "12", "--save", "g.json"], tmp_path)
    out = _play_on(term, answer="2")
    term.close()
    assert term.exitstatus == 0
    assert f"you play {seat.capitalize()} against the {bot} bot" in out
    assert "(bot)" in out and ("why: network: " if bot == "trained" else "why: picked at random") in out
    saved = _saved(tmp_path / "g.json")
    assert saved["bot"] == bot and Game.replay("palestine", 12, saved["actions"]).is_terminal()


@pytest.mark.parametrize("seat, bot", [("eoka", "heuristic"), ("british", "random"), ("eoka", "trained")])
def test_a_whole_cyprus_game_against_a_bot(tmp_path, seat, bot):
    term = _spawn(["cyprus", "--as", seat, "--vs", bot, "--seed", "6", "--save", "c.json"], tmp_path)
    term.expect(PROMPT)
    intro = term.before
    _answer(term, "map")
    term.expect("Map written to")
    out = _play_on(term, answer="2")
    term.close()
    assert term.exitstatus == 0
    title = "EOKA" if seat == "eoka" else "British"
    assert f"you play {title} against the {bot} bot" in intro and "International Opinion" in intro
    assert "(bot)" in out
    assert {"heuristic": "why: scored", "random": "why: picked at random", "trained": "why: network: "}[bot] in out
    assert (tmp_path / "c-map.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    saved = _saved(tmp_path / "c.json")
    assert saved["volume"] == "cyprus" and Game.replay("cyprus", 6, saved["actions"]).is_terminal()


@pytest.mark.parametrize("seat, bot", [("rebels", "heuristic"), ("british", "random"), ("british", "trained")])
def test_a_whole_arab_revolt_game_against_a_bot(tmp_path, seat, bot):
    term = _spawn(["arab_revolt", "--as", seat, "--vs", bot, "--seed", "6", "--save", "a.json"], tmp_path)
    term.expect(PROMPT)
    intro = term.before
    _answer(term, "map")
    term.expect("Map written to")
    out = _play_on(term, answer="2")
    term.close()
    assert term.exitstatus == 0
    assert f"you play {seat.capitalize()} against the {bot} bot" in intro and "Unity Track" in intro
    assert "(bot)" in out
    assert {"heuristic": "why: scored", "random": "why: picked at random", "trained": "why: network: "}[bot] in out
    assert (tmp_path / "a-map.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    saved = _saved(tmp_path / "a.json")
    assert saved["volume"] == "arab_revolt" and Game.replay("arab_revolt", 6, saved["actions"]).is_terminal()


@pytest.mark.parametrize("volume, seat, level, why", [
    ("palestine", "irgun", "league", "why: league member"), ("cyprus", "eoka", "search", "why: search, 100"),
    ("arab_revolt", "rebels", "search-quick", "why: search, 100"), ("cyprus", "british", "beginner",
                                                                    "why: picked at random")])
def test_a_whole_game_against_a_level_named_by_strength(tmp_path, volume, seat, level, why):
    term = _spawn([volume, "--as", seat, "--vs", level, "--seed", "5", "--save", "l.json"], tmp_path)
    term.expect(rf"Bot: the {level} level \([^\r\n]*ladder ")
    out = _play_on(term, answer="1")
    term.close()
    assert term.exitstatus == 0 and why in out and "Result: " in out
    saved = _saved(tmp_path / "l.json")
    assert saved["bot"] == dict((n, p) for n, p, _ in LEVELS)[level]
    assert Game.replay(volume, 5, saved["actions"]).is_terminal()


def test_the_solo_deck_in_a_terminal_has_no_bot_and_no_map(tmp_path):
    term = _spawn(["solo1948", "--seed", "4"], tmp_path)
    term.expect("you play Israeli")
    term.expect(PROMPT)
    _answer(term, "map")
    term.expect("has no map picture")
    term.expect(PROMPT)
    _answer(term, "Deploy")
    term.expect("starts 3 choices")
    out = _play_on(term)
    term.close()
    assert term.exitstatus == 0 and "Result:" in out


@pytest.mark.parametrize("args, fragment", [
    (["solo1948", "--vs", "heuristic"], "has no bot seat"),
    (["palestine", "--as", "haganah"], "'haganah' is not a seat of palestine"),
    (["palestine", "--vs", "genius"], "unknown bot 'genius'"),
    (["palestine", "--as", "all", "--vs", "random"], "leave out --vs"),
    (["palestine", "--vs", "nowhere.npz"], "nowhere.npz"),
    (["cyprus", "--as", "irgun"], "'irgun' is not a seat of cyprus"),
])
def test_bad_seats_and_bots_are_refused_before_play(tmp_path, args, fragment):
    term = _spawn(args, tmp_path)
    term.expect(pexpect.EOF)
    term.close()
    assert term.exitstatus == 2 and fragment in term.before and "Traceback" not in term.before


def test_a_variant_is_named_on_screen_its_restriction_holds_and_a_resumed_save_keeps_it(tmp_path):
    """britishway play --variant FILE (docs/variants.md): one line names the
    variant and its changes, the board shows its setup, its restricted choices
    are not offered, and --load plays the same variant again."""
    (tmp_path / "pw12.toml").write_text('volume = "palestine"\nname = "pw12"\n[setup]\npolitical_will = 12\n'
                                        '[restrict.irgun]\nboxes = ["event"]\n')
    term = _spawn(["palestine", "--as", "irgun", "--seed", "3", "--variant", "pw12.toml"], tmp_path)
    term.expect('Variant: pw12 \\(setup: {"political_will": 12}; restrict: {"irgun": {"boxes": \\["event"\\]}}\\)')
    term.expect(PROMPT)
    board = term.before
    assert "Political Will 12/20" in board and "1. Take the Limited Op box" in board
    assert "Event P29" not in board                     # the Irgun may not take the event
    _answer(term, "1")
    term.expect(PROMPT)
    _answer(term, "q")
    term.expect(r"Quit\. Game saved to saves/palestine-3\.json")
    term.expect(pexpect.EOF)
    term.close()
    assert term.exitstatus == 0
    saved = _saved(tmp_path / "saves" / "palestine-3.json")
    assert saved["variant"]["name"] == "pw12" and len(saved["actions"]) >= 1

    term = _spawn(["--load", "saves/palestine-3.json"], tmp_path)
    term.expect("Resumed the palestine game")
    term.expect("Variant: pw12 \\(")
    term.expect(PROMPT)
    _answer(term, "q")
    term.expect(pexpect.EOF)
    term.close()
    assert term.exitstatus == 0
    assert _saved(tmp_path / "saves" / "palestine-3.json")["variant"] == saved["variant"]
