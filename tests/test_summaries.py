"""Round and game summaries (britishway_env/summaries.py): each Propaganda
Round as its phases in rule order (6.0), the Political Will Phase broken into
the terms the volume's kernel sums (6.1), the victory check, and why the game
ended (7.0), for games the scripted bot plays in every seat."""

import importlib

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.engine.coin.header import DECK_RULES, DR_CAMPAIGNS, PROPAGANDA_DONE
from britishway_env.play import play_in_terminal
from britishway_env.registry import spec
from britishway_env.session import YOU, PlaySession
from britishway_env.summaries import political_will_terms, rounds_text

COIN = ("palestine", "cyprus", "arab_revolt")
PW_MAX = {"palestine": 20, "cyprus": 15, "arab_revolt": 20}        # 1.8 / 1.10
_GAMES: dict = {}


def _bot_game(volume: str, seed: int = 1) -> PlaySession:
    """A whole game with the scripted bot deciding for every seat (the person's seats, so every decision is logged)."""
    if (volume, seed) not in _GAMES:
        s = PlaySession(volume, seed=seed, human=list(spec(volume).agents), bot=None)
        while not s.over:
            s.play(s.game.choose("heuristic"))
        _GAMES[volume, seed] = s
    return _GAMES[volume, seed]


def _rule_key(rule: str) -> tuple:
    return tuple(int(p) for p in rule.split("-")[0].split(",")[0].split("."))


def _pw_after_each_round(session) -> dict[int, int]:
    """Political Will right after each round's Political Will Phase, read from a
    replay of the game: the first position where the round's victory check has
    counted it (the check follows the phase at once), or the end."""
    layout = importlib.import_module(f"britishway_env.volumes.{session.volume}.layout")
    g = Game(session.volume, seed=session.seed)
    out = {}
    for a in session.game.history:
        g.apply(a)
        done = int(g.state[PROPAGANDA_DONE])
        if done not in out and done > 0:
            out[done] = int(g.state[layout.POLITICAL_WILL])
    if g.is_terminal():
        out.setdefault(int(g.state[PROPAGANDA_DONE]) + 1, int(g.state[layout.POLITICAL_WILL]))
    return out


@pytest.mark.parametrize("volume", COIN)
def test_each_round_is_its_phases_in_rule_order_and_the_terms_sum_to_the_shift(volume):
    s = _bot_game(volume)
    rounds = s.round_summaries()
    assert rounds and [r.campaign for r in rounds] == list(range(1, len(rounds) + 1))
    assert all(r.complete for r in rounds)
    actual = _pw_after_each_round(s)
    for r in rounds:
        rules = [p.rule for p in r.phases]
        assert rules[0] == "6.1" and "Victory" in r.phases[1].name
        assert [_rule_key(x) for x in rules] == sorted(_rule_key(x) for x in rules)
        before, after = r.political_will
        net = sum(shift for _, _, shift in r.terms)
        assert min(PW_MAX[volume], max(0, before + net)) == after
        assert after == actual[r.campaign]               # what the game's own track shows
        pw_lines = r.phases[0].lines
        assert pw_lines[-1].startswith(f"net {net:+d}: Political Will {before} -> {after}")
        assert len([x for x in pw_lines if x.startswith("6.1.")]) >= len(r.terms) - 1
        if r.ended_game:
            assert len(r.phases) == 2                    # the game ended at the victory check
        else:
            assert len(r.phases) == len({p.rule for p in r.phases}) >= 5
    text = rounds_text(rounds)
    assert "Propaganda Round 1" in text and "Political Will Phase" in text


@pytest.mark.parametrize("volume", COIN)
def test_the_terms_are_what_the_kernel_shifts_political_will_by(volume):
    """The terms function and the kernel's Political Will Phase agree on every
    position of a game (the phase moves the marker by the terms' sum, within the track)."""
    prop = importlib.import_module(f"britishway_env.volumes.{volume}.propaganda")
    layout = importlib.import_module(f"britishway_env.volumes.{volume}.layout")
    s = _bot_game(volume)
    g = Game(volume, seed=s.seed)
    for k, a in enumerate(s.game.history):
        if k % 7 == 0:
            row = g.state.copy()
            terms = political_will_terms(volume, row)
            net = sum(shift for _, _, _, applies, _, shift in terms if applies)
            board = row.copy()
            if "board" in prop.SUMMARY:                  # 6.1.1's Sabotage first (Arab Revolt)
                prop.SUMMARY["board"](board)
            assert net == prop.political_will_delta(board)
            moved = row.copy()
            prop.political_will_phase(moved)
            pw = int(row[layout.POLITICAL_WILL])
            assert int(moved[layout.POLITICAL_WILL]) == min(PW_MAX[volume], max(0, pw + net))
            assert all(applies or shift == 0 for _, _, _, applies, _, shift in terms)
        g.apply(a)


@pytest.mark.parametrize("volume", COIN)
def test_the_ending_names_the_condition_the_game_ended_by(volume):
    s = _bot_game(volume)
    layout = importlib.import_module(f"britishway_env.volumes.{volume}.layout")
    end = s.ending()
    last = s.round_summaries()[-1]
    pw = int(s.game.state[layout.POLITICAL_WILL])
    assert end.political_will == pw and end.campaign == last.campaign
    if s.game.winner == spec(volume).agents[1]:          # the insurgent: Political Will at 0 (7.0.1)
        assert "7.0.1" in end.rule and pw == 0 and "Political Will at 0" in end.reason
        assert last.ended_game and "win" in last.phases[1].lines[0]
    else:                                                # the final Propaganda card (7.0.2)
        assert s.game.winner == "british" and "7.0.2" in end.rule and pw > 0
        assert "the final one" in last.phases[1].lines[-1]
        assert last.campaign == int(s.game.state[DECK_RULES + DR_CAMPAIGNS])
    assert s.seat_name(s.game.winner) in end.text and str(pw) in end.text
    assert PlaySession(volume, seed=1).ending() is None


def test_a_round_under_way_shows_the_phases_reached_so_far():
    s = _bot_game("palestine")
    first = s.round_summaries()[0]
    part = PlaySession("palestine", seed=1, human=list(spec("palestine").agents), bot=None)
    for e in s.log:
        if e.by != YOU:
            continue
        part.play(e.action)
        rounds = part.round_summaries()
        if rounds and not rounds[0].complete:
            assert rounds[0].phases[0].lines == first.phases[0].lines
            assert len(rounds[0].phases) < len(first.phases) + 1
            break
    else:
        pytest.fail("the first round never waited for a decision")


@pytest.mark.parametrize("volume", ["palestine", "arab_revolt"])
def test_rounds_asked_after_every_decision_are_the_rounds_of_a_fresh_replay(volume):
    # The tracker keeps each round's opening board and every complete round from one
    # position to the next; asked at every decision (as the page does), the rounds must
    # be those a fresh replay of the same history gives.
    whole = _bot_game(volume)
    part = PlaySession(volume, seed=1, human=list(spec(volume).agents), bot=None)
    under_way = 0
    for e in whole.log:
        if e.by != YOU:
            continue
        part.play(e.action)
        under_way += any(not r.complete for r in part.round_summaries())
    assert part.over and under_way > 0

    def rounds(session):
        return [(r.to_dict(), r.text()) for r in session.round_summaries()]

    assert len(rounds(part)) >= 2
    assert rounds(part) == rounds(PlaySession.from_save(part.save_payload()))
    assert rounds(part) == rounds(whole)


def test_the_solo_deck_ending_says_who_won_and_why():
    s = PlaySession("solo1948", seed=2)
    while not s.over:
        s.play(s.choices()[0][0])
    end = s.ending()
    assert s.round_summaries() == []
    assert end.reason and f"turn {s.game.turn}" in end.text
    word = {"israeli": "Israelis win", "arab": "Arabs win"}.get(s.game.winner, "nobody wins")
    assert word in end.text


def test_the_terminal_prints_each_round_when_it_ends_and_why_the_game_ended():
    s = PlaySession("palestine", seed=1, human=list(spec("palestine").agents), bot=None)
    printed: list[str] = []
    asked = {"rounds": False}

    def answer(prompt):
        if not asked["rounds"]:
            asked["rounds"] = True
            return "rounds"
        choice = s.game.choose("heuristic")
        return str([a for a, _ in s.choices()].index(choice) + 1)

    play_in_terminal(s, input_fn=answer, print_fn=lambda *a: printed.append(" ".join(map(str, a))))
    text = "\n".join(printed)
    assert "No Propaganda Round yet." in text
    assert text.count("Propaganda Round 1 (") == 1 and "6.4 Reset Phase" in text
    result = text.index("Result:")
    assert "Why: " in text[result:] and s.ending().text in text[result:]


def test_the_page_view_carries_rounds_and_ending():
    server = pytest.importorskip("britishway_env.web.server")
    s = _bot_game("cyprus")
    v = server.view("g1", s)
    assert v["ending"] == s.ending().to_dict() and v["ending"]["rule"]
    assert [r["campaign"] for r in v["rounds"]] == [r.campaign for r in s.round_summaries()]
    assert set(v["rounds"][0]["phases"][0]) == {"rule", "name", "lines"}
    assert np.all([isinstance(line, str) for r in v["rounds"] for p in r["phases"] for line in p["lines"]])
