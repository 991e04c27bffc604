"""Variants as data (britishway_env/variants.py, engine/coin/variant.py,
docs/variants.md): the setup, deck (2.1), rule parameters and restricted play
a variant file changes, checked field by field, carried in the state row and
the state dict, and played the same way by Game and the compiled rollouts."""

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.engine.coin import header as H
from britishway_env.engine.coin.variant import restrict
from britishway_env.engine.rng import game_seeds
from britishway_env.errors import StateError, VariantError
from britishway_env.rollouts import run
from britishway_env.variants import load_variant, parameters, variant_from_dict

VOLUMES = ("palestine", "cyprus", "arab_revolt")
PREFIX = {"palestine": "P", "cyprus": "C", "arab_revolt": "A"}


def V(volume="palestine", **spec):
    return variant_from_dict({"volume": volume, "name": "v", **spec})


def deck(game) -> list[int]:
    return [int(c) for c in game.state[H.DECK:H.DECK + H.DECK_SIZE]]


@pytest.mark.parametrize("volume", VOLUMES)
def test_a_variant_changing_nothing_is_the_base_game_row_for_row(volume):
    for seed in range(5):
        assert np.array_equal(Game(volume, seed=seed, variant=V(volume)).state, Game(volume, seed=seed).state)
        assert "variant" not in Game(volume, seed=seed).to_dict()


@pytest.mark.parametrize("volume", VOLUMES)
def test_every_volume_has_at_least_six_rule_parameters_with_rules_and_ranges(volume):
    found = parameters(volume)
    assert len(found) >= 6
    g = Game(volume, seed=0)
    for k, p in enumerate(found):
        assert p.rule and p.meaning and p.lo <= p.base <= p.hi
        assert g.state[H.RULE_PARAMETERS + k] == p.base         # the setup writes the printed value (2.1)


@pytest.mark.parametrize("volume", VOLUMES)
def test_a_rule_parameter_set_by_a_variant_reaches_the_row_and_the_state_dict(volume):
    p = parameters(volume)[0]
    value = p.hi if p.hi != p.base else p.lo
    g = Game(volume, seed=3, variant=V(volume, rules={p.name: value}))
    assert g.state[H.RULE_PARAMETERS] == value
    d = g.to_dict()
    assert d["variant"]["rules"] == {p.name: value}
    assert Game.from_dict(d).state[H.RULE_PARAMETERS] == value


def test_setup_change_political_will_20_plays_the_base_deck_and_dice():
    v = V(setup={"political_will": 20})
    g, base = Game("palestine", seed=11, variant=v), Game("palestine", seed=11)
    differ = np.flatnonzero(g.state != base.state)
    assert [g._field_at(int(i)) for i in differ] == ["field 'political_will', slot 0"]
    assert g.state[H.POLITICAL_WILL] == 20


def test_a_variant_game_saves_loads_and_replays_from_its_seed_with_its_variant():
    g = Game("palestine", seed=4, variant=V(setup={"political_will": 16}, deck={"remove": ["P7"]},
                                             restrict={"british": {"boxes": ["event"]}}))
    rng = np.random.default_rng(0)
    for _ in range(30):
        g.apply(int(rng.choice(g.legal_actions())))
    d = g.to_dict()
    again = Game.from_dict(d)
    assert again.variant.spec == g.variant.spec and again.history_from_seed
    assert np.array_equal(again.state, g.state)
    d.pop("variant")
    with pytest.raises(StateError, match="history"):
        Game.from_dict(d)                      # the base game from that seed is another game


def test_setup_errors_name_the_key():
    with pytest.raises(VariantError, match="political_will"):
        V(setup={"political_will": 99})
    with pytest.raises(VariantError, match="not a setup key"):
        V(setup={"politcal_will": 20})
    with pytest.raises(VariantError, match="deck goes in"):
        V(setup={"played_cards": [1]})
    with pytest.raises(VariantError, match=r"Police .* add up to"):
        V(setup={"available": {"police": 2}})
    with pytest.raises(VariantError, match="first_eligible"):
        V(setup={"first_eligible": "haganah"})
    assert Game("palestine", seed=0, variant=V(setup={"first_eligible": "british"})).current_agent == "british"


def test_file_errors_name_the_file_and_key(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('volume = "palestine"\nname = "x"\n[rules]\nno_such = 1\n')
    with pytest.raises(VariantError, match=r"bad.toml: rules.no_such: not a rule parameter"):
        load_variant(bad)
    bad.write_text('volume = "palestine"\nname = "x"\n[deck\n')
    with pytest.raises(VariantError, match="not valid TOML"):
        load_variant(bad)
    bad.write_text('volume = "cyprus"\nname = "x"\n')
    with pytest.raises(VariantError, match="for cyprus, not palestine"):
        load_variant(bad, volume="palestine")
    with pytest.raises(VariantError, match="unknown key 'colour'"):
        variant_from_dict({"volume": "palestine", "name": "x", "colour": 1})
    with pytest.raises(VariantError, match="name"):
        variant_from_dict({"volume": "palestine", "name": "../x"})
    p = parameters("palestine")[0]
    with pytest.raises(VariantError, match=rf"rules.{p.name}: an integer {p.lo}..{p.hi}"):
        V(rules={p.name: p.hi + 1})


@pytest.mark.parametrize("volume", VOLUMES)
def test_deck_rules_remove_include_and_place_a_card_in_a_campaign(volume):
    """2.1: removed events are never dealt, included ones always, a placed one
    lies in the top part of its pile (drawn in that campaign)."""
    pre = PREFIX[volume]
    v = V(volume, deck={"remove": [f"{pre}1", f"{pre}2"], "include": [f"{pre}3"], "place": {f"{pre}4": 2}})
    for seed in range(40):
        cards = deck(Game(volume, seed=seed, variant=v))
        assert 1 not in cards and 2 not in cards and 3 in cards
        assert cards.index(4) in range(7, 7 + 4)                 # pile 2's top 4 events


def test_deck_rules_keep_the_base_deal_and_dice_where_they_can():
    """Removing a card that the seed's deal did not use changes nothing; the
    rest of the deal follows the same shuffle draw for draw."""
    base = Game("palestine", seed=8)
    unused = next(c for c in range(1, 33) if c not in deck(base))
    g = Game("palestine", seed=8, variant=V(deck={"remove": [f"P{unused}"]}))
    assert deck(g) == deck(base) and g.state[H.RNG] == base.state[H.RNG]


def test_events_above_propaganda_moves_where_the_propaganda_cards_can_fall():
    for seed in range(30):
        cards = deck(Game("palestine", seed=seed, variant=V(deck={"events_above_propaganda": 6})))
        for pile in range(3):
            assert max(cards[pile * 7:pile * 7 + 7]) > 32 and cards[pile * 7 + 6] > 32   # the last card of each pile
        cards = deck(Game("palestine", seed=seed, variant=V(deck={"events_above_propaganda": 0})))
        assert sum(c > 32 for c in cards) == 3


def test_deck_errors_name_the_field():
    with pytest.raises(VariantError, match="Propaganda card"):
        V(deck={"remove": ["P33"]})
    with pytest.raises(VariantError, match="fewer than the 18"):
        V(deck={"remove": [f"P{c}" for c in range(1, 16)]})
    with pytest.raises(VariantError, match="already removed"):
        V(deck={"remove": ["P5"], "include": ["P5"]})
    with pytest.raises(VariantError, match="only 1 events lie above"):
        V(deck={"events_above_propaganda": 1, "place": {"P1": 1, "P2": 1}})
    with pytest.raises(VariantError, match=r"place.P1: a campaign 1..3"):
        V(deck={"place": {"P1": 4}})


def test_the_search_belief_never_draws_a_removed_card():
    g = Game("palestine", seed=2, variant=V(deck={"remove": ["P9", "P10"]}))
    for seed in range(30):
        probe = g.clone()
        probe.determinize(seed)
        assert 9 not in deck(probe) and 10 not in deck(probe)


def test_restricted_play_removes_the_choices_from_every_mask():
    v = V(restrict={"british": {"boxes": ["event"], "operations": ["Patrol"], "pass": ["limited"]},
                    "irgun": {"events": ["P1:shaded"]}})
    rng = np.random.default_rng(1)
    seen_box = 0
    for seed in range(25):
        g = Game("palestine", seed=seed, variant=v)
        while not g.is_terminal():
            mask = g.legal_mask()
            d = int(g.state[H.DECISION])
            if g.current_agent == "british" and d == H.D_BOX:
                seen_box += 1
                assert not mask[H.A_EVENT_SIDE] and not mask[H.A_EVENT_SIDE + 1]
                assert not mask[H.A_PASS + H.BOX_LIMITED]
            if g.current_agent == "british" and d == H.D_OPERATION and mask.sum() > 1:
                assert not mask[H.A_OP + 1]                       # Patrol
            if g.current_agent == "irgun" and d == H.D_BOX and g.state[H.CARD] == 1:
                assert not mask[H.A_EVENT_SIDE + 1]
            g.apply(int(rng.choice(np.flatnonzero(mask))))
    assert seen_box > 100


def test_a_restriction_that_would_leave_no_choice_is_lifted_for_that_decision():
    """Rules decision V-2 (docs/rules_decisions.md)."""
    g = Game("palestine", seed=0)
    mask = np.zeros(g.N_ACTIONS, dtype=np.int8)
    g.legal_mask_kernel(g.state, mask)
    before = mask.copy()
    seat = H.INSURGENT if g.current_agent == "irgun" else H.COUNTERINSURGENT
    g.state[H.RESTRICTED] = 1
    g.state[H.RESTRICTION + seat * H.RESTRICTION_WORDS + H.R_CHOICES] = (1 << 6) - 1   # every box, every Pass
    g.state[H.RESTRICTION + seat * H.RESTRICTION_WORDS + H.R_UNSHADED] = -1 >> 1 << 1
    g.state[H.RESTRICTION + seat * H.RESTRICTION_WORDS + H.R_SHADED] = -1 >> 1 << 1
    restrict(g.state, mask, seat)
    assert np.array_equal(mask, before)


def test_restriction_errors():
    with pytest.raises(VariantError, match="every box and every Pass"):
        V(restrict={"irgun": {"boxes": ["limited", "event", "op_sa"], "pass": True}})
    with pytest.raises(VariantError, match="every irgun Operation"):
        V(restrict={"irgun": {"operations": ["Recruit", "Travel", "Sabotage", "Rob"]}})
    with pytest.raises(VariantError, match="'Patrol' is not one of Recruit"):
        V(restrict={"irgun": {"operations": ["Patrol"]}})
    with pytest.raises(VariantError, match="not a seat"):
        V(restrict={"haganah": {"pass": True}})
    with pytest.raises(VariantError, match="'unshaded' or 'shaded'"):
        V(restrict={"irgun": {"events": ["P3:grey"]}})


def test_compiled_rollouts_play_the_variant_as_game_does():
    """A scripted game of a variant in the compiled rollouts ends as the same
    game played through Game and the bot, seed by seed."""
    from britishway_env.volumes.palestine.bots import choose

    v = V(setup={"political_will": 15}, deck={"remove": ["P3"], "place": {"P9": 1}},
          restrict={"irgun": {"boxes": ["event"]}})
    df = run("palestine", 4, seed=9, policy="heuristic", variant=v)
    for seed, row in zip(game_seeds(9, 0, 4), df.itertuples()):
        g = Game("palestine", seed=int(seed), variant=v)
        while not g.is_terminal():
            g.apply(choose(g, "heuristic"))
        assert (g.winner, int(g.state[H.POLITICAL_WILL])) == (row.winner, row.final_political_will)
    assert not any(e.endswith(":irgun") for events in df["events"] for e in events)
    assert df.attrs["britishway"]["run"]["variant"]["name"] == "v"


def test_the_aec_env_plays_a_variant():
    from britishway_env import palestine_v0

    env = palestine_v0.env(variant=V(setup={"political_will": 12}))
    env.reset(seed=0)
    assert env.unwrapped.game.state[H.POLITICAL_WILL] == 12


@pytest.mark.parametrize("volume", VOLUMES)
def test_a_capability_in_effect_from_the_start(volume):
    """5.3: a variant's [setup] may put a capability in play before the first card."""
    from britishway_env.variants import facts

    reader = facts(volume).reader
    card = f"{reader.prefix}{min(reader.capability_slots)}"
    g = Game(volume, seed=1, variant=V(volume, setup={"capabilities": {card: "unshaded"}}))
    assert g.to_dict()["capabilities"] == {card: "unshaded"}
    assert Game.from_dict(g.to_dict()).to_dict()["capabilities"] == {card: "unshaded"}


def test_pieces_per_space_and_available_in_the_setup():
    g = Game("palestine", seed=1, variant=V(setup={"spaces": {"Galilee": {"troops": 1, "underground_cells": 1}},
                                                    "available": {"troops": 1}}))
    d = g.to_dict()
    assert d["spaces"]["Galilee"] == {"troops": 1, "underground_cells": 1} and d["available"]["troops"] == 1


def test_the_example_variant_files_load():
    from pathlib import Path

    files = sorted((Path(__file__).parents[1] / "variants").glob("*.toml"))
    assert len(files) >= 4
    for f in files:
        v = load_variant(f)
        Game(v.volume, seed=0, variant=v)


def test_a_row_holding_a_variant_describes_it_and_loads_back():
    """from_row (rows from outside, e.g. a vector env's games): the row's rule
    parameters, restrictions and deck rules are read back into the dict."""
    p = parameters("palestine")[1]
    v = V(rules={p.name: p.hi}, deck={"remove": ["P4"], "place": {"P6": 2}},
          restrict={"irgun": {"events": ["P2:shaded"], "pass": True}, "british": {"operations": ["Search"]}})
    g = Game("palestine", seed=5, variant=v)
    rng = np.random.default_rng(2)
    for _ in range(20):
        g.apply(int(rng.choice(g.legal_actions())))
    loaded = type(g).from_row(g.state.copy())
    assert np.array_equal(loaded.state, g.state)
    spec = loaded.to_dict()["variant"]
    assert {k: spec[k] for k in ("rules", "restrict", "deck")} == {k: v.spec[k] for k in ("rules", "restrict", "deck")}


def test_the_belief_keeps_always_dealt_and_placed_cards_where_the_rules_put_them():
    g = Game("palestine", seed=6, variant=V(deck={"include": ["P11"], "place": {"P12": 3}, "remove": ["P13"]}))
    for seed in range(40):
        probe = g.clone()
        probe.determinize(seed)
        cards = deck(probe)
        assert 11 in cards and 13 not in cards and cards.index(12) in range(14, 18)
        assert sorted(cards) == sorted(set(cards))


@pytest.mark.parametrize("volume", VOLUMES)
def test_fewer_propaganda_cards_end_the_game_at_the_last_of_them(volume):
    """7.0.2 with a variant's [deck] propaganda_cards = 2: the counterinsurgent
    wins at the end of the second Propaganda Round; the state dict and the
    rows' victory check read the game's number of Propaganda cards."""
    v = V(volume, deck={"propaganda_cards": 2})
    df = run(volume, 200, seed=3, policy="random", variant=v)     # rows checked against 7.0 as they are made
    assert set(df["victory_round"]) <= {1, 2} and (df["victory_round"] == 2).any()
    rng = np.random.default_rng(0)
    for seed in range(6):
        g = Game(volume, seed=seed, variant=v)
        while not g.is_terminal():
            g.apply(int(rng.choice(g.legal_actions())))
        assert int(g.state[H.PROPAGANDA_DONE]) <= 2
        Game.from_dict(g.to_dict())
    with pytest.raises(VariantError, match="propaganda_cards: an integer 1..3"):
        V(volume, deck={"propaganda_cards": 4})
    with pytest.raises(VariantError, match="a campaign 1..2"):
        V(volume, deck={"propaganda_cards": 2, "place": {f"{PREFIX[volume]}1": 3}})


@pytest.mark.parametrize("volume", VOLUMES)
def test_an_insurgent_victory_level_above_0_is_read_by_the_reader_and_the_rows_check(volume, tmp_path):
    """7.0.1 with the insurgent's victory level set by a variant: games won
    above Political Will 0 save and load, and their rows pass the victory check."""
    from britishway_env.registry import spec
    from britishway_env.rollouts import read_rows, run_to_file

    found = spec(volume)
    name = found.report.insurgent_victory_parameter
    slot = [p.name for p in parameters(volume)].index(name)
    assert type(Game(volume, seed=0)).reader.insurgent_victory_slot == slot
    v = V(volume, rules={name: 6})
    path = tmp_path / "rows.parquet"
    insurgent = found.report.insurgent
    policies = {seat: ("heuristic" if seat == insurgent else "random") for seat in found.agents}
    df = run_to_file(path, volume, 300, seed=2, policies=policies, variant=v)
    won = df[df["winner"] == insurgent]
    assert len(won) and (won["final_political_will"] <= 6).all() and (won["final_political_will"] > 0).any()
    read_rows(path)                                   # the victory check (7.0) reads the variant's level
    rng = np.random.default_rng(5)
    for seed in range(40):
        g = Game(volume, seed=seed, variant=v)
        while not g.is_terminal():
            g.apply(g.choose("heuristic") if g.current_agent == insurgent else int(rng.choice(g.legal_actions())))
        if g.winner == insurgent and g.state[H.POLITICAL_WILL] > 0:
            Game.from_dict(g.to_dict())
            break
    else:
        pytest.fail("no insurgent win above Political Will 0 in 40 games")


def test_compare_reads_a_variants_final_round_and_setup_political_will(tmp_path):
    """Decisiveness counts games ended before the run's own final Propaganda
    Round (7.0.2), and lead changes start from the run's own setup Political
    Will (2.1): a two-campaign variant's games that end in round 2 are not early."""
    from britishway_env.compare import compare
    from britishway_env.rollouts import read_rows, run_to_file

    base = tmp_path / "base.parquet"
    arm = tmp_path / "arm.parquet"
    run_to_file(base, "palestine", 300, seed=4, policy="heuristic")
    run_to_file(arm, "palestine", 300, seed=4, policy="heuristic",
                variant=V(setup={"political_will": 8}, deck={"propaganda_cards": 2}))
    result = compare([str(base), f"short={arm}"])
    t = result.table.set_index("measure")
    df = read_rows(arm).frame
    early = float((df["victory_round"] < 2).mean())
    assert t.loc["decisiveness", "arm_value"] == pytest.approx(early)
    assert t.loc["lead_changes", "arm_value"] > 0          # from 8 (below the neutral 10) the British lead must be won
