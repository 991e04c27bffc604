"""A person's table: undo cannot peek at chance (a sandbox can), the bots by
strength with their ladder ratings, and the terminal's compact mode."""

from __future__ import annotations

import json

import pytest

from britishway_env import ladder, levels
from britishway_env.errors import StateError
from britishway_env.play import COMPACT_MARGIN, wants_compact
from britishway_env.session import YOU, PlaySession


def _to_first_roll_of_yours(session: PlaySession):
    """Take the first choice until one of the person's own decisions rolled a die; that entry."""
    for _ in range(3000):
        new = session.play(session.choices()[0][0])
        if new[0].dice:
            return new[0]
    raise AssertionError("no decision of the person's rolled a die")


def test_a_roll_of_yours_cannot_be_undone_and_a_sandbox_shows_why_the_rule_exists():
    human = ["british", "irgun"]                                  # every decision is the person's
    table = PlaySession("palestine", 7, human=human)
    rolled = _to_first_roll_of_yours(table)
    assert rolled.by == YOU and rolled.chance.startswith("a die")
    history = list(table.game.history)
    with pytest.raises(StateError, match="cannot undo: a die.* chance once seen stands"):
        table.undo()
    assert table.game.history == history                          # refused: nothing changed

    sandbox = PlaySession("palestine", 7, human=human, actions=history, sandbox=True)
    sandbox.undo()
    assert len(sandbox.game.history) == rolled.index
    again = sandbox.play(rolled.action)[0]
    assert again.dice == rolled.dice                               # the same die: it comes from the seed


def test_abort_stops_at_a_roll_of_the_current_action_too():
    table = PlaySession("palestine", 7, human=["british", "irgun"])
    rolled = _to_first_roll_of_yours(table)
    if not table.persons_turn() or table.log[-1].seat != rolled.seat or table.game.phase == "choose a box":
        pytest.skip("the roll ended the action")
    with pytest.raises(StateError, match="cannot abort: a die"):
        table.abort()


def test_a_card_revealed_by_the_bots_reply_is_a_barrier_and_what_came_before_it_stays():
    table = PlaySession("palestine", 3, human=["irgun"], bot="heuristic")
    while not any("revealed" in e.chance for e in table.log):
        table.play(table.choices()[0][0])
    barrier = table.chance_barrier()
    assert "revealed" in barrier.chance and barrier.card != table.card()
    history = list(table.game.history)
    with pytest.raises(StateError, match="cannot undo: .*revealed"):
        table.undo()
    assert table.game.history == history
    # A decision after the reveal that shows no chance is taken back; the reveal stays.
    for _ in range(50):
        new = table.play(table.choices()[0][0])
        if not any(e.chance for e in new):
            table.undo()
            assert table.game.history == history
            return
        history = list(table.game.history)
        barrier = table.chance_barrier()
    pytest.fail("no decision without chance followed the reveal")


def test_the_cards_entries_are_those_of_the_card_in_play_now():
    table = PlaySession("palestine", 3, human=["irgun"], bot="heuristic")
    while not any("revealed" in e.chance for e in table.log):
        table.play(table.choices()[0][0])
    now = table.card()
    assert all(e.card == now for e in table.entries_this_card())
    assert all(e.card != now for e in table.log[:table.chance_barrier().index + 1])


def test_a_sandbox_is_marked_on_the_save_and_kept_by_a_load():
    table = PlaySession("cyprus", 2, human=["eoka"], bot="random", sandbox=True)
    table.play(table.choices()[0][0])
    saved = table.save_payload()
    assert saved["sandbox"] is True
    again = PlaySession.from_json_text(json.dumps(saved))
    assert again.sandbox and again.undo_rule().startswith("sandbox")
    plain = PlaySession("cyprus", 2, human=["eoka"], bot="random")
    assert "sandbox" not in plain.save_payload() and "stop at the last die roll" in plain.undo_rule()


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_save_with_a_sandbox_that_is_not_true_or_false_is_refused(value):
    saved = PlaySession("cyprus", 2, human=["eoka"], bot="random").save_payload()
    saved["sandbox"] = value
    with pytest.raises(StateError, match="sandbox must be true or false"):
        PlaySession.from_save(saved)


# ------------------------------------------------------------------ levels --

def test_the_ladder_table_reads_back_what_table_lines_writes():
    import pandas as pd

    fit = ladder.Fit(volume="x", seats=("a", "b"), anchor="random", agents=["search", "random"],
                     table=pd.DataFrame({"agent": ["search", "random"], "rating": [1775.4, 0.0],
                                         "se": [128.2, 0.0], "ci95_low": [1524.0, 0.0],
                                         "ci95_high": [2026.2, 0.0], "games": [1200, 500],
                                         "wins": [798, 1], "score": [0.665, 0.002]}),
                     seat_term={}, los=pd.DataFrame(), cov=pd.DataFrame(), seat_model={}, records=0)
    text = "# page\n\n" + "\n".join(ladder.table_lines(fit)) + "\n\nmore\n"
    got = ladder.read_table(text)
    assert got == {"search": {"rating": 1775, "se": 128, "low": 1524, "high": 2026, "games": 1200, "wins": 798,
                              "score": 0.665},
                   "random": {"rating": 0, "se": 0, "low": 0, "high": 0, "games": 500, "wins": 1, "score": 0.002}}
    assert ladder.read_table("no table here") == {}


@pytest.mark.parametrize("volume", ["palestine", "cyprus", "arab_revolt"])
def test_each_volume_offers_its_levels_weakest_first_with_the_ladder_pages_ratings(volume):
    offered = levels.levels(volume)
    assert [lv.name for lv in offered] == list(levels.LEVEL_NAMES)
    page = ladder.read_table(levels.ladder_page(volume).read_text())
    for lv in offered:
        assert (lv.rating, lv.low, lv.high) == (page[lv.policy]["rating"], page[lv.policy]["low"],
                                                page[lv.policy]["high"])
    ratings = [lv.rating for lv in offered]
    assert ratings[0] == 0 and ratings[1] < ratings[2]            # random, the scripted bot, the network
    assert offered[-1].rating == max(ratings)                      # the search is the strongest


def test_the_solo_deck_has_no_levels_and_a_level_name_plays_its_agent():
    assert levels.levels("solo1948") == []
    table = PlaySession("palestine", 1, human=["irgun"], bot="scripted")
    assert table.bot == "heuristic"
    assert table.bot_words().startswith("the scripted level (heuristic") and "Elo" in table.bot_words()
    assert "not a level" in PlaySession("palestine", 1, human=["irgun"], bot="search:7").bot_words()


def test_an_unknown_level_or_bot_is_refused_naming_the_choices():
    from britishway_env.errors import UnknownPolicyError

    with pytest.raises(UnknownPolicyError, match="unknown bot 'expert'"):
        PlaySession("palestine", 1, human=["irgun"], bot="expert")


# ----------------------------------------------------------------- compact --

def test_compact_mode_is_the_default_on_a_short_screen_and_the_head_has_no_map():
    table = PlaySession("arab_revolt", 3, human=["rebels"], bot="heuristic")
    rows = len(table.board_text().splitlines())
    assert wants_compact(table, lines=24) and not wants_compact(table, lines=rows + COMPACT_MARGIN)
    head = table.board_head()
    assert "Card in play:" in head and "Map:" not in head and len(head.splitlines()) < rows


def test_the_readmes_table_of_levels_is_what_the_ladder_pages_say():
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    rows = {}
    for line in readme.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0].startswith("`") and cells[0].strip("`").split("`")[0] in levels.LEVEL_NAMES:
            rows[cells[0].strip("`").split("`")[0]] = [int(c) for c in cells[2:]]
    assert list(rows) == list(levels.LEVEL_NAMES)
    for k, volume in enumerate(["palestine", "cyprus", "arab_revolt"]):
        assert {lv.name: lv.rating for lv in levels.levels(volume)} == {n: r[k] for n, r in rows.items()}
