"""Arab Revolt as the shared tools see it (engine/spec.py): names, cards, policies,
rows and entry points."""

from __future__ import annotations

from ...engine.spec import CoinReport, LoopModules, VolumeSpec
from .. import coin_spec
from ..boards.palestine import SPACE_NAMES
from .cards import CARDS, NO_CAPABILITY, PROPAGANDA_CARDS
from .layout import FACTION_NAMES, PW_MAX
from .setup import SETUP_POLITICAL_WILL

PACKAGE = "britishway_env.volumes.arab_revolt"


warm_rollouts, warm_batch, warm_search, warm_vector, warm_check, warm_env, warm_bots, warm_variant = \
    coin_spec.warmups("arab_revolt", PACKAGE)

# On a cold cache the large call trees compile side by side (engine/compile_jobs.py).
RULES_SPLIT = coin_spec.rules_split(PACKAGE)
BOTS_SPLIT = ((f"{PACKAGE}.bots:bot_action({coin_spec.STATE}, {coin_spec.MASK}, {coin_spec.SCORES})",),)

SPEC = VolumeSpec(
    name="arab_revolt",
    title="Arab Revolt",
    agents=FACTION_NAMES,
    factions=("British", "Rebels"),                             # 1.5
    pieces=("Troops", "Police", "Irregulars", "Guerrillas", "Rebel Bases"),   # 1.4, 1.4.2
    spaces=SPACE_NAMES,                                         # 1.3, the Foreign Countries included (1.3.7)
    tracks=("Unity Track", "Opposition", "Curfew"),             # 1.6, 1.11, 1.12
    card_prefix="A",
    cards=tuple(title for _, title, _, _ in CARDS),
    capabilities={number: title for number, title, cap, _ in CARDS if cap != NO_CAPABILITY},   # 5.3
    policies=("random", "heuristic"),
    default_policy="random",
    policy_help=("trained (the shipped network of the seat), a policy file (.npz, docs/api.md), "
                 "search or search:N (the search bot, docs/search.md) or league (the seat's league mixture, "
                 "agents/league)"),
    max_games=2_000_000,
    rows=coin_spec.rows(FACTION_NAMES),                        # 7.0
    game=f"{PACKAGE}.game:ArabRevoltGame",
    env="britishway_env.arab_revolt_v0",
    runner=f"{PACKAGE}.rollouts",
    renderer=f"{PACKAGE}.render:render_text",
    bot=f"{PACKAGE}.bots:choose",
    kernels=coin_spec.kernels(PACKAGE, RULES_SPLIT, BOTS_SPLIT, ("bot_action",)),
    backends=("local", "ray"),
    vector=f"{PACKAGE}.vector",
    loops=LoopModules(PACKAGE, bot_game_memo=False, lookahead_bots=True, event_counts=False,
                      alt_spaces=True),   # engine/coin/templates
    table=f"{PACKAGE}.table",
    report=CoinReport(insurgent="rebels", political_will_start=SETUP_POLITICAL_WILL,      # 2.1
                      political_will_max=PW_MAX, propaganda_cards=PROPAGANDA_CARDS,
                      insurgent_victory_parameter="rebel_victory_will"),   # 7.0.1, parameters.py
)
