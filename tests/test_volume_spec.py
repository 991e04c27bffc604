"""Every volume's VolumeSpec is complete and agrees with the volume's own code,
and the shared tools read volumes only through the specs: none of their files
names a faction, piece, space, track or card of any volume (the nouns are read
from the specs, so this grows with every volume added), and nothing under
engine/ imports a volume."""

import ast
import json
import re
from pathlib import Path

import numpy as np
import pytest

from britishway_env import Game, UnknownPolicyError, UnknownVolumeError, report, rollouts
from britishway_env.engine.spec import VolumeSpec, load
from britishway_env.registry import SPECS, coin_volume_names, spec, specs, volume_names
from britishway_env.render_text import render_text
from britishway_env.warmup import WARMUPS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "britishway_env"
# The files that serve every volume alike.
SHARED = sorted([*(PACKAGE / name for name in ("rollouts.py", "report.py", "cli.py", "play.py", "distributed.py",
                                               "render_text.py", "game.py", "registry.py", "warmup.py",
                                               "session.py")),
                 *(PACKAGE / "envs").glob("*.py"), *(PACKAGE / "web").rglob("*.py"),
                 *(PACKAGE / "web" / "static").glob("*"), PACKAGE / "engine" / "spec.py",
                 # the templates every COIN volume's loops are generated from (their words come from the spec)
                 *(PACKAGE / "engine" / "coin" / "templates").glob("*.tmpl")])
SERIES = "The British Way"          # the series' name, not a faction
NAMES = volume_names()


@pytest.fixture(params=NAMES)
def volume(request) -> VolumeSpec:
    return spec(request.param)


def test_the_registry_knows_each_volume_by_its_spec():
    assert set(NAMES) == set(SPECS) and {"solo1948", "palestine", "cyprus", "arab_revolt"} <= set(NAMES)
    assert [s.name for s in specs()] == list(NAMES)
    for bad in ("kenya", None, 3):
        with pytest.raises(UnknownVolumeError, match=r"unknown volume .*implemented volumes: arab_revolt, cyprus, palestine, solo1948"):
            spec(bad)


def test_the_coin_volumes_are_those_with_a_vector_step_of_two_seats():
    """One list of the COIN volumes (registry.coin_volume_names) serves the variants, the round summaries
    and the benchmarks; the solo deck, one seat, is not among them."""
    from britishway_env import summaries, variants
    assert coin_volume_names() == ("palestine", "cyprus", "arab_revolt")
    assert variants.COIN_VOLUMES == summaries.COIN_VOLUMES == coin_volume_names()
    assert all(len(spec(v).agents) == 2 for v in coin_volume_names()) and "solo1948" not in coin_volume_names()


def test_the_spec_names_the_game_its_agents_and_its_entry_points(volume):
    cls = volume.game_class
    assert cls.volume == volume.name and tuple(cls.agents) == volume.agents
    assert type(Game(volume.name, seed=1)) is cls
    assert volume.factions[:len(volume.agents)] and all(volume.faction(a) for a in volume.agents)
    env = load(volume.env).env()
    env.reset(seed=0)
    assert type(env.unwrapped.game) is cls
    if volume.several_seats:
        assert tuple(env.possible_agents) == volume.agents and env.unwrapped.game_class is cls
    assert callable(volume.render_text) and callable(volume.runner_module.run)
    if not volume.several_seats:
        assert callable(volume.runner_module.check_policy)
    assert set(volume.backends) <= set(rollouts.BACKENDS) and "local" in volume.backends


def test_every_entry_kernel_exists_and_every_use_has_a_warmup(volume):
    uses = [k.use for k in volume.kernels]
    assert "rollouts" in uses and "play" in uses and len(uses) == len(set(uses))
    for entry in volume.kernels:
        module = load(entry.module)
        for name in entry.kernels:
            assert hasattr(getattr(module, name), "py_func"), f"{entry.module}.{name} is not a numba kernel"
        if entry.warm is not None:
            assert callable(load(entry.warm))
        assert WARMUPS[(volume.name, entry.use)].label == f"the {volume.title} {entry.what}"
    assert {v for v, _ in WARMUPS} == set(NAMES)


def test_the_spec_words_are_the_games_words(volume):
    """Factions, pieces, spaces and tracks as the spec gives them appear in the
    volume's own board text and state dict (singular or plural, any case)."""
    game = Game(volume.name, seed=0)
    text = (render_text(game) + json.dumps(game.to_dict())).lower()
    for word in (*volume.factions, *volume.pieces, *volume.spaces, *volume.tracks):
        assert word.lower().removesuffix("s") in text, f"{volume.name}: {word!r} is not the game's word"


def _palestine_cards(volume):
    from britishway_env.volumes.palestine import cards, layout

    assert tuple(volume.card_label(c) for c in range(1, len(volume.cards) + 1)) == cards.CARD_TITLES
    assert tuple(sorted(volume.capabilities)) == layout.CAPABILITY_SLOT_CARDS          # 5.3
    assert volume.report.propaganda_cards == cards.PROPAGANDA_CARDS
    assert volume.event_cards == tuple(range(1, cards.N_EVENT_CARDS + 1))
    assert volume.report.political_will_max == layout.PW_MAX
    game = Game("palestine", seed=5)
    seen = set()
    while not game.is_terminal() and len(seen) < 4:       # the revealed cards are named by the spec's labels
        card = game.to_dict()["card"]
        if card is not None:
            assert card in {volume.card_label(c) for c in range(1, len(volume.cards) + 1)}
            seen.add(card)
        game.apply(game.legal_actions()[0])
    assert seen


def _solo_cards(volume):
    game = Game("solo1948", seed=2).to_dict()
    assert sorted(game["undrawn"]["events"] + game["drawn"]["events"]) == sorted(volume.cards)
    assert volume.card_prefix == "" and volume.capabilities == {} and volume.report is None


def _cyprus_cards(volume):
    from britishway_env.volumes.cyprus import cards, layout

    assert tuple(volume.card_label(c) for c in range(1, len(volume.cards) + 1)) == cards.CARD_TITLES
    assert tuple(sorted(volume.capabilities)) == layout.CAPABILITY_SLOT_CARDS          # 5.3
    assert volume.report.propaganda_cards == cards.PROPAGANDA_CARDS
    assert volume.event_cards == tuple(range(1, cards.N_EVENT_CARDS + 1))
    assert volume.report.political_will_max == layout.PW_MAX == 15                     # 1.8
    assert Game("cyprus", seed=5).to_dict()["card"] in {volume.card_label(c) for c in volume.event_cards}


def _arab_revolt_cards(volume):
    from britishway_env.volumes.arab_revolt import cards, layout

    assert tuple(volume.card_label(c) for c in range(1, len(volume.cards) + 1)) == cards.CARD_TITLES
    assert tuple(sorted(volume.capabilities)) == layout.CAPABILITY_SLOT_CARDS          # 5.3
    assert volume.report.propaganda_cards == cards.PROPAGANDA_CARDS == (33, 34, 35)    # A34 is Munich
    assert volume.event_cards == tuple(range(1, cards.N_EVENT_CARDS + 1))
    assert volume.report.political_will_max == layout.PW_MAX == 20                     # 1.10
    assert Game("arab_revolt", seed=5).to_dict()["card"] in {volume.card_label(c) for c in volume.event_cards}


CARD_CHECKS = {"palestine": _palestine_cards, "solo1948": _solo_cards, "cyprus": _cyprus_cards,
               "arab_revolt": _arab_revolt_cards}


def test_every_volume_has_a_card_check():
    assert set(CARD_CHECKS) == set(NAMES), "add the new volume's card check to CARD_CHECKS"


def test_card_titles_and_capabilities_are_the_games(volume):
    assert len(volume.cards) > 0 and set(volume.capabilities) <= set(range(1, len(volume.cards) + 1))
    for card, name in volume.capabilities.items():
        assert name == volume.cards[card - 1]
    CARD_CHECKS[volume.name](volume)


def test_a_fresh_game_starts_with_the_reports_political_will(volume):
    if volume.report is None:
        pytest.skip(f"{volume.name} has no balance report")
    assert Game(volume.name, seed=3).to_dict()["political_will"] == volume.report.political_will_start   # 2.1


def test_the_bot_accepts_every_policy_of_the_spec_and_no_other(volume):
    if volume.bot is None:
        pytest.skip(f"{volume.name} has no Python bot")
    choose = load(volume.bot)
    game = Game(volume.name, seed=4)
    for policy in volume.policies:
        assert choose(game, policy) in game.legal_actions()
    with pytest.raises(UnknownPolicyError):
        choose(game, "no-such-policy")


def test_runs_accept_every_policy_of_the_spec_and_no_other(volume):
    for policy in volume.policies:
        if volume.several_seats:
            seats = {seat: policy for seat in volume.agents}
            df = rollouts.run(volume.name, 4, seed=1, policies=seats)
            assert all((df[f"policy_{seat}"] == policy).all() for seat in volume.agents)
        else:
            df = rollouts.run(volume.name, 4, seed=1, policy=policy)
        assert len(df) == 4
    with pytest.raises(UnknownPolicyError, match="unknown policy 'no-such-policy'"):
        rollouts.run(volume.name, 4, policy="no-such-policy")


def test_rows_hold_the_outcomes_the_spec_lists(volume):
    df = rollouts.run(volume.name, 300, seed=2)
    assert rollouts.rows_spec(df) is volume
    values = [o.value for o in volume.rows.outcomes]
    assert set(df[volume.rows.outcome_column].astype(object)) <= set(values)
    summary = rollouts.summarize(df)
    labels = [o.label for o in volume.rows.outcomes] + ([volume.rows.all_wins] if volume.rows.all_wins else [])
    assert summary["outcome"].tolist() == labels
    assert summary["games"].iloc[:len(values)].sum() == len(df)
    for column, fmt in volume.rows.means:
        format(df[column].mean(), fmt)
    winners = {o.value: o.winner for o in volume.rows.outcomes}
    if volume.several_seats:
        assert all(winners[v] == v for v in values)          # the winner column names the winning seat
    else:
        player = volume.agents[0]
        won = np.array([winners[v] == player for v in df[volume.rows.outcome_column].astype(object)])
        assert (won == df[f"{player}_win"].to_numpy()).all()
        assert summary["games"].iloc[-1] == won.sum()
    if volume.report is not None:
        games = report.parse(df)                             # cards, campaigns and Political Will as the spec says
        assert games.volume == volume.name and games.n == len(df)


def test_a_volumes_limits_and_backends_come_from_its_spec(volume):
    with pytest.raises(ValueError, match=f"at most {volume.max_games:,} {volume.name} games"):
        rollouts.check_run(volume.name, volume.max_games + 1, 0)
    assert rollouts.MAX_GAMES[volume.name] == volume.max_games
    if "ray" not in volume.backends:
        others = ", ".join(rollouts.backend_volumes("ray"))
        with pytest.raises(ValueError, match=f"available for {others}, not {volume.name}"):
            rollouts.run(volume.name, 2, backend="ray")


# -------------------------------------------------------- the shared files --

def _variants(word: str) -> set[str]:
    """The word and its singular ("Cells", "Cell")."""
    return {word, word.removesuffix("s")} - {""}


def _nouns() -> dict[str, str]:
    """Every volume's own words -> the volume (and kind) they come from."""
    nouns = {}
    for s in specs():
        kinds = {"agent": s.agents, "faction": s.factions, "piece": s.pieces, "space": s.spaces,
                 "track": s.tracks, "card": s.cards, "capability": tuple(s.capabilities.values())}
        for kind, words in kinds.items():
            for word in words:
                for variant in _variants(word):
                    nouns[variant] = f"{s.name} {kind} {word!r}"
    return nouns


def test_the_nouns_are_read_from_the_specs():
    nouns = _nouns()
    for word in ("irgun", "british", "Cell", "Arms Cache", "Haganah", "Police", "Troops", "Exodus Affair",
                 "israeli", "Arab", "North", "Northern Front (Galilee)"):
        assert word in nouns, word


def test_the_shared_tools_name_no_volumes_noun():
    nouns = _nouns()
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in sorted(nouns, key=len, reverse=True)),
                         re.IGNORECASE)
    found = []
    for path in SHARED:
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            for match in pattern.finditer(line.replace(SERIES, "")):
                word = next(w for w in nouns if w.lower() == match.group(0).lower())
                found.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)!r} ({nouns[word]})")
    assert not found, "\n".join(found)


def test_the_noun_check_would_see_a_noun():
    """The check above is not vacuous: a line naming a faction, piece or card is caught."""
    nouns = _nouns()
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in nouns), re.IGNORECASE)
    for line in ('policies={"irgun": "random"}', "# move the Arms Caches", "P2 Exodus Affair", "the Arab side",
                 "the Haganah Track"):
        assert pattern.search(line), line
    assert not pattern.search("britishway rollouts; The British Way".replace(SERIES, ""))


def test_nothing_under_engine_imports_a_volume():
    for path in sorted((PACKAGE / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")] + [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                parts = set(name.strip(".").split("."))
                assert not parts & ({"volumes"} | set(NAMES)), f"{path.relative_to(ROOT)} imports {name}"
