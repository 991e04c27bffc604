"""PlaySession: a person's game against a bot, shared by `britishway play` and
`britishway serve`.

The bot moves by itself, single choices are applied, every decision is
logged with its dice (read back exactly from the generator), the board
changes and the bot's reasons; undo and abort take decisions back by
replaying from the seed; saves carry the seats and the bot and are checked
completely.
"""

import json
import re

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.errors import IllegalActionError, StateError
from britishway_env.session import AUTO, BOT, YOU, PlaySession, changes
from britishway_env.volumes.palestine import bots
from britishway_env.volumes.palestine import layout as L


def _play_to_end(session, pick=lambda choices: choices[0][0]):
    while not session.over:
        session.play(pick(session.choices()))
    return session


# ------------------------------------------------------------------ the bot --

@pytest.mark.parametrize("seat", ["british", "irgun"])
def test_the_bot_plays_the_other_seat_and_the_person_only_their_own(seat):
    s = PlaySession("palestine", seed=3, human=[seat], bot="heuristic")
    other = "irgun" if seat == "british" else "british"
    assert s.persons_turn() and s.to_move == seat
    _play_to_end(s)
    assert {e.seat for e in s.log if e.by == YOU} == {seat}
    assert {e.seat for e in s.log if e.by == BOT} == {other}
    # Every bot decision is the scripted bot's choice in that position.
    g = Game("palestine", seed=3)
    for e in s.log:
        if e.by == BOT:
            assert bots.choose(g, "heuristic") == e.action
        if e.by == AUTO:
            assert g.legal_actions() == [e.action]
        g.apply(e.action)
    assert g.to_dict() == s.game.to_dict()
    assert s.result() in ("british victory: you win", "irgun victory: you win",
                          "british victory: the bot wins", "irgun victory: the bot wins")


def test_a_person_never_faces_a_single_choice_and_every_choice_is_named():
    s = PlaySession("palestine", seed=7, human=["irgun"], bot="random")
    while not s.over:
        choices = s.choices()
        assert len(choices) >= 2
        assert all(isinstance(name, str) and name for _, name in choices)
        assert [a for a, _ in choices] == s.game.legal_actions()
        s.play(choices[-1][0])


@pytest.mark.parametrize("bad", [999, -1, True, 1.0, "1", None, 0])
def test_an_action_not_offered_is_refused_and_nothing_changes(bad):
    s = PlaySession("palestine", seed=3, human=["irgun"], bot="heuristic")
    offered = [a for a, _ in s.choices()]
    assert 0 not in offered                     # "Stop" is not offered at the box decision
    before, log = s.game.to_dict(), list(s.log)
    with pytest.raises(IllegalActionError, match="not one of the choices offered"):
        s.play(bad)
    assert s.game.to_dict() == before and s.log == log


def test_nothing_is_played_after_the_end():
    s = _play_to_end(PlaySession("palestine", seed=3, human=["british"], bot="random"))
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.play(0)
    assert s.choices() == []


def test_the_scripted_bots_reason_names_its_best_scored_alternatives():
    s = _play_to_end(PlaySession("palestine", seed=11, human=["irgun"], bot="heuristic"))
    scored = [e for e in s.log if e.by == BOT and e.reason.startswith("scored ")]
    assert len(scored) > 10
    g = Game("palestine", seed=11)
    by_index = {e.index: e for e in scored}
    for k, a in enumerate(s.game.history):
        if k in by_index:
            action, scores = bots.scored_choice(g)
            assert action == a
            legal = g.legal_actions()
            best = max(scores[x] for x in legal)
            # The chosen action first, with its score: the best there was (ties broken by the bot's hash).
            assert by_index[k].reason.startswith(f"scored {g.action_name(a)} {scores[a]:.2f}")
            assert scores[a] >= best - 1e-6          # ties within rounding go by the hash
            others = [x for x in legal if x != a and scores[x] > bots.NEG / 2]
            if others:
                second = max(others, key=lambda x: scores[x])
                assert f"; next best {g.action_name(second)} {scores[second]:.2f}" in by_index[k].reason
        g.apply(a)


def test_random_and_trained_bots_give_their_reasons():
    s = PlaySession("palestine", seed=2, human=["irgun"], bot="random")
    for _ in range(8):
        s.play(s.choices()[0][0])
    assert any(e.reason.startswith("picked at random among") for e in s.log if e.by == BOT)
    t = PlaySession("palestine", seed=2, human=["irgun"], bot="trained")
    for _ in range(8):
        t.play(t.choices()[0][0])
    reasons = [e.reason for e in t.log if e.by == BOT]
    assert reasons and all(r.startswith("network: ") and "%" in r for r in reasons)


# -------------------------------------------------------------------- dice --

def test_rolls_read_back_are_exactly_the_rolls_the_rules_made():
    """Forcing the rolls read back on a fresh replay reaches the same states: the
    reading is exact (engine/rng.py's generator, 1.7 dice, 1.6.1 chits)."""
    seen = 0
    for seed in range(6):
        g = Game("palestine", seed=seed)
        replay = Game("palestine", seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_terminal():
            a = int(rng.choice(g.legal_actions()))
            rolls = g.apply_reading_rolls(a)
            seen += len(rolls)
            for faces, value in rolls:
                assert 0 <= value < faces <= g.FORCED_FACES
            replay.force_chance([v for _, v in rolls])
            replay.apply(a)
            assert replay.forced_chance_left() == []
            assert replay.to_dict()["spaces"] == g.to_dict()["spaces"]
            assert replay.to_dict()["intel_chits"] == g.to_dict()["intel_chits"]
            replay.state[L.RNG] = g.state[L.RNG]        # forced rolls leave the generator behind
    assert seen > 100


def test_a_forced_roll_cannot_be_read_back():
    g = Game("palestine", seed=0)
    g.force_chance([2])
    with pytest.raises(StateError, match="queue no forced chance"):
        g.apply_reading_rolls(g.legal_actions()[0])


def test_dice_in_the_log_are_dice_and_chits_in_words():
    s = _play_to_end(PlaySession("palestine", seed=5, human=["irgun"], bot="heuristic"))
    words = [d for e in s.log for d in e.dice]
    assert words and all(d.startswith(("a die: ", "a die for ", "an Intel Chit drawn from the bag")) for d in words)
    assert all(1 <= int(re.search(r": (\d+)", d).group(1)) <= 6 for d in words if d.startswith("a die"))


def test_a_log_entry_as_a_dict_is_what_asdict_gives_and_a_copy():
    from dataclasses import asdict

    s = _play_to_end(PlaySession("palestine", seed=5, human=["irgun"], bot="heuristic"))
    assert any(e.dice for e in s.log) and any(e.changes for e in s.log) and any(e.reason for e in s.log)
    for e in s.log:
        d = e.to_dict()
        assert d == asdict(e) and list(d) == list(asdict(e))
        d["dice"].append("x")
        d["changes"].append("x")
        assert "x" not in e.dice and "x" not in e.changes


def test_changes_name_what_moved_on_the_board():
    before = {"political_will": 18, "spaces": {"Galilee": {"troops": 2}}, "context": {"x": 1}}
    after = {"political_will": 16, "spaces": {"Galilee": {"troops": 3, "police": 1}}, "context": {"x": 2}}
    assert changes(before, after, ("context",)) == ["political will 18 -> 16", "spaces Galilee troops 2 -> 3",
                                                    "spaces Galilee police 0 -> 1"]


# ------------------------------------------------------------- undo, abort --

def test_undo_takes_back_your_last_decision_with_the_bots_replies():
    s = PlaySession("palestine", seed=3, human=["irgun"], bot="heuristic")
    for _ in range(12):
        s.play(s.choices()[0][0])
    mine = [e.index for e in s.log if e.by == YOU]
    history = list(s.game.history)
    n = s.undo()
    assert s.game.history == history[:mine[-1]] and n == len(history) - mine[-1]
    assert s.persons_turn()
    # Playing the same choice again gives the same game: the bot is deterministic.
    s.play(history[mine[-1]])
    assert s.game.history[:len(history)] == history[:len(s.game.history)]


def test_undo_with_nothing_of_yours_is_refused():
    s = PlaySession("palestine", seed=3, human=["irgun"], bot="heuristic")
    with pytest.raises(StateError, match="nothing to undo"):
        s.undo()


def test_abort_goes_back_to_the_box_decision_of_your_action():
    s = PlaySession("palestine", seed=3, human=["irgun"], bot="heuristic")
    with pytest.raises(StateError, match="nothing to abort"):
        s.abort()
    start = len(s.game.history)
    assert s.game.phase == "choose a box"
    s.play(dict((n, a) for a, n in s.choices())["Take the Op & Special Activity box"])
    s.play(s.choices()[0][0])
    assert s.game.phase != "choose a box"
    s.abort()
    assert len(s.game.history) == start and s.game.phase == "choose a box" and s.to_move == "irgun"


def test_log_scopes_card_campaign_and_all():
    s = _play_to_end(PlaySession("palestine", seed=3, human=["irgun"], bot="heuristic"))
    every = s.log_lines("all")
    assert sum(1 for ln in every if not ln.startswith("--")) == len(s.game.history)
    campaign = s.log_lines("campaign")
    card = s.log_lines("card")
    assert len(card) < len(campaign) < len(every)
    assert all(f"(campaign {s.log[-1].campaign})" in ln for ln in campaign if ln.startswith("--"))


# ------------------------------------------------------------------ saves --

def test_save_and_load_keep_seats_bot_and_game():
    s = PlaySession("palestine", seed=9, human=["british"], bot="random")
    for _ in range(6):
        s.play(s.choices()[0][0])
    d = json.loads(json.dumps(s.save_payload()))
    assert d["human"] == ["british"] and d["bot"] == "random"
    back = PlaySession.from_save(d)
    assert back.game.to_dict() == s.game.to_dict() and back.human == s.human and back.bot == "random"
    assert [(e.by, e.action, e.dice, e.reason) for e in back.log] == [(e.by, e.action, e.dice, e.reason)
                                                                       for e in s.log]


def test_a_save_without_seats_is_a_game_where_the_person_plays_every_seat():
    back = PlaySession.from_save({"volume": "palestine", "seed": 3, "actions": []})
    assert back.human == ("british", "irgun") and back.bot is None and back.persons_turn()


@pytest.mark.parametrize("patch, fragment", [
    ({"human": ["cyprus"]}, "human: 'cyprus' is not a seat of palestine"),
    ({"human": []}, "human: the seats a person plays must be a non-empty list"),
    ({"human": ["irgun", "irgun"]}, "listed twice"),
    ({"human": "irgun", "bot": "genius"}, "bot: unknown bot 'genius'"),
    ({"human": ["irgun"], "bot": 3}, "bot: a bot is named by a string"),
    ({"human": ["irgun"], "bot": "missing.npz"}, "bot:"),
    ({"human": ["british", "irgun"], "bot": "heuristic"}, "there is no bot"),
    ({"actions": [1, 0, 999]}, "not legal when replayed"),
    ({"actions": [1.5]}, "actions[0] must be an integer"),
    ({"seed": -1}, "seed"),
    ({"volume": "atlantis"}, "unknown volume 'atlantis'"),
    ({"extra": 1}, "unknown key(s) extra"),
    ({"variant": "pw12.toml"}, "variant must be a JSON object"),
    ({"variant": {"volume": "palestine", "name": "x", "rules": {"nope": 1}}},
     "variant: variant: rules.nope: not a rule parameter of palestine"),
    ({"variant": {"volume": "cyprus", "name": "x"}}, "variant: variant: volume: the file is for cyprus, not palestine"),
])
def test_a_bad_save_is_one_clear_error(patch, fragment):
    d = {"volume": "palestine", "seed": 3, "actions": [], "human": ["irgun"], "bot": "heuristic"}
    d.update(patch)
    with pytest.raises(StateError) as err:
        PlaySession.from_save(d, "save x")
    assert fragment in str(err.value) and str(err.value).startswith("save x")


def _real_save() -> dict:
    s = PlaySession("palestine", seed=9, human=["irgun"], bot="heuristic")
    for _ in range(5):
        s.play(s.choices()[0][0])
    return json.loads(json.dumps(s.save_payload()))


@pytest.mark.parametrize("tamper, fragment", [
    (lambda snap: snap.update(political_will=3), "political_will is 3 in the snapshot but 18 in the replayed game"),
    (lambda snap: snap["spaces"]["Galilee"].update(troops=9), "spaces.Galilee.troops is 9 in the snapshot"),
    (lambda snap: snap.pop("rng"), "rng is absent in the snapshot"),
    (lambda snap: snap.update(cheat=1), "cheat is 1 in the snapshot but absent in the replayed game"),
    (lambda snap: snap["history"].pop(), "history is ["),
    (lambda snap: snap.update(prison=0.0), "prison is 0.0 in the snapshot but 0"),
    (lambda snap: snap.update(volume="cyprus"), 'volume is "cyprus" in the snapshot but "palestine"'),
])
def test_a_save_whose_snapshot_disagrees_with_its_actions_is_refused(tamper, fragment):
    """The actions are the game; a snapshot that says otherwise is refused, naming the field, not ignored."""
    d = _real_save()
    assert PlaySession.from_save(d).game.to_dict() == d["snapshot"]
    tamper(d["snapshot"])
    with pytest.raises(StateError) as err:
        PlaySession.from_save(d, "save x")
    assert str(err.value).startswith("save x: snapshot disagrees with the game its ") and fragment in str(err.value)
    assert "remove the snapshot" in str(err.value)
    del d["snapshot"]                               # without one, the actions alone are loaded
    assert PlaySession.from_save(d).game.to_dict() == _real_save()["snapshot"]


def test_json_text_with_nan_or_broken_syntax_is_refused():
    with pytest.raises(StateError, match="not valid JSON"):
        PlaySession.from_json_text("{", "s")
    with pytest.raises(StateError, match="NaN is not a JSON number"):
        PlaySession.from_json_text('{"volume": "palestine", "seed": NaN, "actions": []}', "s")


# ------------------------------------------------------------- the solo deck --

def test_the_solo_deck_is_played_alone_with_turns_as_its_log_groups():
    s = _play_to_end(PlaySession("solo1948", seed=5))
    assert s.human == ("israeli",) and s.bot is None and s.bot_seats == ()
    assert {e.by for e in s.log} <= {YOU, AUTO}
    assert s.picture() is None
    assert s.log[-1].campaign == s.game.turn and s.log[0].card.startswith("turn 1")
    assert s.result().endswith("wins") or s.result().endswith("nobody wins")
    with pytest.raises(StateError, match="no bot"):
        PlaySession.from_save({"volume": "solo1948", "seed": 1, "actions": [], "human": ["israeli"],
                               "bot": "heuristic"})


# ------------------------------------------------------------------ variants --

# Political Will 12 at setup; the Irgun may not take the event nor Pass in the first box
# (britishway_env/variants.py, docs/variants.md).
VARIANT = {"volume": "palestine", "name": "pw12", "setup": {"political_will": 12},
           "restrict": {"irgun": {"boxes": ["event"], "pass": ["limited"]}}}


def test_a_variant_session_plays_saves_and_loads_its_variant():
    s = PlaySession("palestine", seed=9, human=["irgun"], bot="heuristic", variant=VARIANT)
    assert s.game.to_dict()["political_will"] == 12 and s.variant.name == "pw12"
    assert s.variant_line() == 'pw12 (setup: {"political_will": 12}; restrict: {"irgun": {"boxes": ["event"], ' \
                               '"pass": ["limited"]}})'
    boxes = 0
    for _ in range(12):
        if s.game.phase == "choose a box":
            boxes += 1
            offered = {a for a, _ in s.choices()}
            assert not offered & {L.A_EVENT_SIDE, L.A_EVENT_SIDE + 1, L.A_PASS + L.BOX_LIMITED}
        s.play(s.choices()[-1][0])
    assert boxes
    d = json.loads(json.dumps(s.save_payload()))
    assert d["variant"]["name"] == "pw12" and d["snapshot"]["variant"] == d["variant"]
    back = PlaySession.from_save(d)
    assert back.variant.spec == s.variant.spec and back.game.to_dict() == s.game.to_dict()
    undone = back.undo()                                # a replay from the seed keeps the variant
    assert undone and back.game.to_dict()["variant"] == d["variant"]
    del d["variant"]                                    # the snapshot records it too
    assert PlaySession.from_save(d).game.to_dict() == s.game.to_dict()
    d["variant"] = dict(VARIANT, setup={"political_will": 13})
    with pytest.raises(StateError, match="snapshot disagrees"):
        PlaySession.from_save(d, "save x")


def test_a_base_game_save_has_no_variant_and_a_variant_of_nothing_is_the_base_game():
    assert "variant" not in PlaySession("palestine", seed=1, human=["irgun"]).save_payload()
    s = PlaySession("palestine", seed=1, human=["irgun"], variant={"volume": "palestine", "name": "same"})
    assert s.variant is None and "variant" not in s.save_payload() and s.variant_line() == "base game"
