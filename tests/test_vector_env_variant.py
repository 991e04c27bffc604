"""The vector env plays a variant (envs/vector.py ``variant=``, the volumes'
vector kernels generated from engine/coin/templates/vector.py.tmpl): every
game starts as ``Game(volume, seed, variant=...)`` starts it, restricted
choices never reach a mask (the learner's or a policy opponent's), and a
saved run restores only on an env of the same variant."""

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.engine.coin import header as H
from britishway_env.engine.coin import vector as CV
from britishway_env.engine.coin.variant import forbidden
from britishway_env.engine.rng import seed_from
from britishway_env.envs.vector import VectorEnv
from britishway_env.errors import StateError, VariantError
from britishway_env.variants import parameters, variant_from_dict
from britishway_env.volumes.palestine.turns import actor

def V(volume="palestine", name="v", **spec):
    return variant_from_dict({"volume": volume, "name": name, **spec})


# Political Will 12 at setup; Irgun may not take the event (box or text) nor Pass in the
# first box; the British may not Patrol nor play P1's shaded text.
RESTRICTED = V(setup={"political_will": 12},
               restrict={"irgun": {"boxes": ["event"], "pass": ["limited"]},
                         "british": {"operations": ["Patrol"], "events": ["P1:shaded"]}})


def allowed(state, mask) -> bool:
    """No legal action of ``mask`` is one the row's restriction forbids its
    actor, unless every legal action is (the restriction lifted, rules
    decision V-2)."""
    seat = int(actor(state))
    legal = np.flatnonzero(mask)
    bad = [a for a in legal if forbidden(state, seat, int(a))]
    return not bad or len(bad) == len(legal)


def test_first_observations_and_masks_are_the_games_of_the_same_seeds():
    base, n = 3, 4
    env = VectorEnv("palestine", num_envs=n, seat="irgun", opponent="random", seed=base, auto_single=False,
                    variant=RESTRICTED)
    obs, info = env.reset()
    masks = info["action_mask"]
    plain_obs, plain_info = VectorEnv("palestine", num_envs=n, seat="irgun", opponent="random", seed=base,
                                      auto_single=False).reset()
    plain_masks = plain_info["action_mask"]
    for i in range(n):
        g = Game("palestine", seed=int(seed_from(base, i)), variant=RESTRICTED)
        assert g.current_agent == "irgun" and g.state[H.POLITICAL_WILL] == 12
        assert np.array_equal(env.states()[i], g.state)
        assert np.array_equal(obs[i], g.observation())
        assert np.array_equal(masks[i], g.legal_mask().astype(bool))
        for a in (H.A_EVENT_SIDE, H.A_EVENT_SIDE + 1, H.A_PASS + H.BOX_LIMITED):
            assert not masks[i][a]
        assert plain_masks[i][H.A_EVENT_SIDE]            # the base game offers the event
        assert not np.array_equal(obs[i], plain_obs[i])   # Political Will 12 is seen


def test_a_variant_as_mapping_or_file_is_the_same_env(tmp_path):
    path = tmp_path / "pw12.toml"
    path.write_text('volume = "palestine"\nname = "pw12"\n[setup]\npolitical_will = 12\n')
    a = VectorEnv("palestine", num_envs=2, seat="irgun", seed=1, variant=path)
    b = VectorEnv("palestine", num_envs=2, seat="irgun", seed=1,
                  variant={"volume": "palestine", "name": "pw12", "setup": {"political_will": 12}})
    assert np.array_equal(a.reset()[0], b.reset()[0])
    assert (a.states()[:, H.POLITICAL_WILL] == 12).all()
    assert a.variant.name == "pw12"
    with pytest.raises(VariantError, match="for cyprus, not palestine"):
        VectorEnv("palestine", num_envs=1, variant={"volume": "cyprus", "name": "x"})
    # a variant that changes nothing is the base game
    assert VectorEnv("palestine", num_envs=1, variant=V()).variant is None


@pytest.mark.parametrize("volume", ["cyprus", "arab_revolt"])
def test_every_coin_volumes_vector_env_starts_the_variants_game(volume):
    p = parameters(volume)[0]
    value = p.hi if p.hi != p.base else p.lo
    v = V(volume, rules={p.name: value})
    seat = Game(volume, seed=int(seed_from(5, 0)), variant=v).current_agent
    env = VectorEnv(volume, num_envs=2, seat=seat, opponent="random", seed=5, auto_single=False, variant=v)
    obs, info = env.reset()
    masks = info["action_mask"]
    for i in range(2):
        g = Game(volume, seed=int(seed_from(5, i)), variant=v)
        assert g.current_agent == seat
        assert np.array_equal(env.states()[i], g.state) and env.states()[i][H.RULE_PARAMETERS] == value
        assert np.array_equal(obs[i], g.observation())
        assert np.array_equal(masks[i], g.legal_mask().astype(bool))


def test_restricted_choices_never_appear_in_the_learners_or_a_policy_opponents_masks():
    """Self-play slots (both seats learn) against a pool of the scripted bot
    and a policy opponent: every mask handed out keeps the restriction, and
    every game played is the variant's."""
    n = 6
    seen = {"learner": 0, "opponent": 0, "irgun_box": 0}
    env = None

    def opponent(obs, masks):
        rows = np.flatnonzero(env.arrays["waiting"] == CV.WAIT_OPPONENT)
        assert len(rows) == len(masks)
        rng = np.random.default_rng(int(obs.sum() * 7) % 1000)
        out = []
        for i, m in zip(rows, masks):
            assert allowed(env.arrays["states"][i], m)
            seen["opponent"] += 1
            out.append(rng.choice(np.flatnonzero(m)))
        return np.array(out, dtype=np.int64)

    env = VectorEnv("palestine", num_envs=n, seat="both", opponent=[("heuristic", 0.5), (opponent, 0.5)],
                    seed=7, games=3 * n, auto_single=False, variant=RESTRICTED)
    rng = np.random.default_rng(0)
    obs, info = env.reset()
    masks = info["action_mask"]
    started = set()
    while not env.done:
        states = env.states()
        for i in np.flatnonzero(env.arrays["waiting"] == CV.WAIT_LEARNER):
            assert allowed(states[i], masks[i])
            seen["learner"] += 1
            if states[i][H.DECISION] == H.D_BOX and env.agents[env.seats[i]] == "irgun":
                seen["irgun_box"] += 1
                assert not masks[i][H.A_EVENT_SIDE] and not masks[i][H.A_PASS + H.BOX_LIMITED]
        acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks], dtype=np.int64)
        obs, _, _, _, info = env.step(acts)
        if "final_info" in info:
            started.update(int(g) for g in info["final_info"]["game"][info["_final_info"]])
        masks = info["action_mask"]
    assert started == set(range(3 * n))
    assert seen["learner"] > 100 and seen["opponent"] > 50 and seen["irgun_box"] > 10
    rows = env.result_rows()
    assert rows.shape[0] == 3 * n and rows.any(axis=1).all()


def test_a_saved_variant_run_restores_only_on_an_env_of_that_variant():
    def make(variant):
        return VectorEnv("palestine", num_envs=3, seat="british", opponent="heuristic", seed=2, variant=variant)

    a = make(RESTRICTED)
    a.reset()
    rng = np.random.default_rng(1)
    for _ in range(5):
        obs, *_ = a.step(np.array([rng.choice(np.flatnonzero(m)) for m in a.action_masks()]))
    saved = {k: v.copy() for k, v in a.get_state().items()}
    b = make(RESTRICTED)
    b.set_state(saved)
    assert np.array_equal(b.observations(), a.observations())
    for _ in range(20):
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in a.action_masks()])
        oa, ra, *_ = a.step(acts)
        ob, rb, *_ = b.step(acts)
        assert np.array_equal(oa, ob) and np.array_equal(ra, rb)
    with pytest.raises(StateError, match="its games play a variant, this env's the base game"):
        make(None).set_state(saved)
    with pytest.raises(StateError, match="another variant"):
        make(V(name="other", setup={"political_will": 12})).set_state(saved)
    base = make(None)
    base.reset()
    with pytest.raises(StateError, match="its games play the base game"):
        make(RESTRICTED).set_state(base.get_state())
