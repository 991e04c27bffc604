"""Play some seats of a two-player AEC env with bots, leaving the others to the caller.

    from britishway_env.engine.spec import load
    from britishway_env.envs.opponent import BotOpponent
    from britishway_env.registry import spec

    volume = spec(name)
    choose = load(volume.bot)                       # choose(game, policy) -> action
    env = BotOpponent(load(volume.env).env(), {volume.agents[1]: lambda game: choose(game, "heuristic")})

``agent_iter()`` then yields only the caller's seats: after every ``reset``
and ``step`` the wrapper plays the bots' decisions (a bot gets the env's
``Game`` and returns a legal action) until a caller's seat is to act or the
game is over. Rewards reach the caller's seats as usual (+1/-1 at the end).
"""

from __future__ import annotations

from typing import Callable, Mapping

from pettingzoo.utils.wrappers import BaseWrapper

from ..errors import UnknownPolicyError

Bot = Callable[[object], int]


class BotOpponent(BaseWrapper):
    def __init__(self, env, bots: Mapping[str, Bot]):
        super().__init__(env)
        unknown = set(bots) - set(env.possible_agents)
        if unknown:
            raise UnknownPolicyError(f"no seat {sorted(unknown)} in this env; seats: {', '.join(env.possible_agents)}")
        if set(bots) == set(env.possible_agents):
            raise UnknownPolicyError("every seat is a bot: leave at least one seat to the caller")
        self.bots = dict(bots)

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.env.reset(seed=seed, options=options)
        self._play_bots()

    def step(self, action):
        self.env.step(action)
        self._play_bots()

    def _play_bots(self) -> None:
        env = self.env
        while env.agents:
            agent = env.agent_selection
            if agent not in self.bots:
                return
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
            else:
                env.step(int(self.bots[agent](env.unwrapped.game)))
