"""Palestine as the shared tools see it (engine/spec.py): names, cards, policies,
rows and entry points."""

from __future__ import annotations

from ...engine.spec import CoinReport, LoopModules, VolumeSpec
from .. import coin_spec
from ..boards.palestine import N_MAP_SPACES, SPACE_NAMES
from .cards import CARDS, NO_CAPABILITY, PROPAGANDA_CARDS
from .layout import FACTION_NAMES, PW_MAX

PACKAGE = "britishway_env.volumes.palestine"


_WARMUPS = coin_spec.warmups("palestine", PACKAGE)   # its bots' warm-up is its own (below)
warm_rollouts, warm_batch, warm_search, warm_vector, warm_check, warm_env = _WARMUPS[:6]
warm_variant = _WARMUPS.variant


def warm_bots() -> None:
    """The scripted bots' first decisions, until each faction's bot has chosen once."""
    from ...game import Game
    from .bots import choose

    game = Game("palestine", seed=0)
    acted = set()
    while len(acted) < 2 and not game.is_terminal():
        acted.add(game.current_agent)
        game.apply(choose(game, "heuristic"))


# On a cold cache the large call trees compile side by side (engine/compile_jobs.py), each
# group in its own process, in this order: the first group here, the others in helpers.
STATE, MASK, SCORES = coin_spec.STATE, coin_spec.MASK, coin_spec.SCORES
_T, _B = f"{PACKAGE}.turns", f"{PACKAGE}.bots"
RULES_SPLIT = (
    # settle's tree, the volume's own decisions, then new_game: every volume's first group
    coin_spec.rules_split(PACKAGE)[0],
    # the legal mask's tree, then apply's own (Sabotage, Assault, Search), then apply on settle
    (f"{_T}:legal_mask({STATE}, {MASK})", f"{_T}:sabotage_cache_step({STATE})",
     f"{_T}:finish_assault_space({STATE})", f"{_T}:continue_search({STATE}, int64)",
     f"{_T}:apply({STATE}, int64)"),
)
BOTS_SPLIT = (
    # the Operations' values (3.0), the Initiative Track decision (2.3), the Irgun's decisions
    # inside an Operation, then the Irgun bot
    (f"{_B}:op_value({STATE}, int64, int64, int64, int64, float64)",
     f"{_B}:box_decision({STATE}, {MASK}, int64, {SCORES}, {SCORES})",
     f"{_B}:sa_space_decision({STATE}, {MASK}, {SCORES})",
     f"{_B}:sabotage_cache_decision({STATE}, {MASK}, {SCORES})",
     f"{_B}:travel_dest_decision({STATE}, {MASK}, {SCORES})", f"{_B}:travel_count_decision({STATE}, {MASK})",
     f"{_B}:terror_decision({STATE}, {MASK})", f"{_B}:irgun_action({STATE}, {MASK}, {SCORES}, {SCORES})"),
    # the British space values, the Special Activities' values (4.0), the British decisions
    # inside an Operation or a Propaganda Round, then the Operation and space decisions (3.1) on
    # the Operations' values, then the British bot; bot_action, the join of the two bots that
    # compiled play uses, compiles when first used (the batch runner)
    (f"{_B}:assault_value({STATE}, int64, int64, boolean)",
     f"{_B}:patrol_arrest_value({STATE}, int64, int64)",
     f"{_B}:police_marginal({STATE}, int64, int64, boolean)",
     f"{_B}:troop_marginal({STATE}, int64, int64, boolean)",
     f"{_B}:search_activations({STATE}, int64, int64, boolean)",
     f"{_B}:sa_worth({STATE}, int64)", f"{_B}:sa_after_decision({STATE}, {MASK}, int64, {SCORES})",
     f"{_B}:mass_detention_cell_decision({STATE}, {MASK}, {SCORES})",
     f"{_B}:search_move_decision({STATE}, {MASK}, {SCORES})",
     f"{_B}:assault_chits_decision({STATE}, {MASK})", f"{_B}:search_city_decision({STATE}, {MASK})",
     f"{_B}:patrol_move_decision({STATE}, {MASK}, {SCORES})",
     f"{_B}:patrol_move_to_decision({STATE}, {MASK}, {SCORES})",
     f"{_B}:deploy_destination_decision({STATE}, {MASK}, {SCORES})",
     f"{_B}:deploy_troops_decision({STATE}, {MASK}, {SCORES})",
     f"{_B}:fallback({STATE}, {MASK}, int64, {SCORES})",
     f"{_B}:operation_decision({STATE}, {MASK}, int64, {SCORES}, {SCORES})",
     f"{_B}:space_decision({STATE}, {MASK}, int64, {SCORES})",
     f"{_B}:british_action({STATE}, {MASK}, {SCORES}, {SCORES})"),
)


SPEC = VolumeSpec(
    name="palestine",
    title="Palestine",
    agents=FACTION_NAMES,
    factions=("British", "Irgun"),                              # 1.5
    pieces=("Troops", "Police", "Cells", "Arms Caches"),        # 1.4
    spaces=SPACE_NAMES[:N_MAP_SPACES],                          # 1.3
    tracks=("Haganah",),                                        # 1.9
    card_prefix="P",
    cards=tuple(title for _, title, _, _ in CARDS),
    capabilities={number: title for number, title, _, cap in CARDS if cap != NO_CAPABILITY},   # 5.3
    policies=("random", "heuristic"),
    default_policy="random",
    policy_help=("trained (the shipped network of the seat), a policy file (.npz, docs/api.md), "
                 "search or search:N (the search bot, docs/search.md) or league (the seat's league mixture, "
                 "agents/league)"),
    max_games=2_000_000,              # about 2.4 KB of rows per game
    rows=coin_spec.rows(FACTION_NAMES),                        # 7.0
    game=f"{PACKAGE}.game:PalestineGame",
    env="britishway_env.palestine_v0",
    runner=f"{PACKAGE}.rollouts",
    renderer=f"{PACKAGE}.render:render_text",
    bot=f"{PACKAGE}.bots:choose",
    kernels=coin_spec.kernels(PACKAGE, RULES_SPLIT, BOTS_SPLIT, ("irgun_action", "british_action")),
    backends=("local", "ray"),
    vector=f"{PACKAGE}.vector",
    loops=LoopModules(PACKAGE, bot_game_memo=True, extra_space=True,
                      family_regions=("cells_and_intel",)),   # engine/coin/templates
    table=f"{PACKAGE}.table",
    report=CoinReport(insurgent="irgun", political_will_start=18,      # 2.1
                      political_will_max=PW_MAX, propaganda_cards=PROPAGANDA_CARDS,
                      insurgent_victory_parameter="irgun_victory_political_will"),   # 7.0.1, parameters.py
)
