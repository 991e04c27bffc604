"""The policy name ``league`` (britishway_env/league.py, engine/mixture.py):
a seat's league file is checked completely, each game draws one member by
its weight from its seed and keeps it, and a game played from Python plays
exactly the member (and the moves) the compiled rollouts play for that seed.

Every test builds its league files in a temporary ``LEAGUE_DIR`` from the
shipped networks (agents/checkpoints, agents/candidates)."""

import hashlib
import json
import math
import os
import shutil
from pathlib import Path

import numba
import numpy as np
import pytest

from britishway_env import Game, league, rollouts
from britishway_env.engine.mixture import member_index
from britishway_env.engine.rng import game_seeds
from britishway_env.errors import LeagueError, UnknownPolicyError
from britishway_env.provenance import rows_hash

REPO = Path(__file__).resolve().parent.parent
VOLUME = "cyprus"
SEATS = ("british", "eoka")
Z999 = 3.2905                       # two-sided 99.9% normal quantile


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def network_file(folder: Path, name: str, seat: str = "british", source: str = "checkpoints") -> dict:
    """A copy of a shipped network of ``seat`` in ``folder`` as a member (weight left to the caller)."""
    shutil.copyfile(REPO / "agents" / source / f"{VOLUME}_{seat}.npz", folder / name)
    return {"policy": name, "sha256": sha256(folder / name)}


def write_league(folder: Path, seat: str, members, /, **fields) -> Path:
    """The league file of ``seat`` (of VOLUME); ``fields`` replace what the file says."""
    doc = {"format": league.FORMAT, "volume": VOLUME, "seat": seat, "members": members,
           "provenance": {"made_by": "tests"}}
    doc.update(fields)
    path = folder / f"{VOLUME}_{seat}.json"
    path.write_text(json.dumps(doc))
    return path


def three_members(folder: Path, seat: str = "british", weights=(0.2, 0.3, 0.5)) -> list[dict]:
    """heuristic, the shipped network (as a file) and the candidate network (as a file)."""
    return [{"policy": "heuristic", "weight": weights[0]},
            {**network_file(folder, f"{seat}_1.npz", seat), "weight": weights[1]},
            {**network_file(folder, f"{seat}_2.npz", seat, "candidates"), "weight": weights[2]}]


@pytest.fixture
def league_dir(tmp_path, monkeypatch):
    folder = tmp_path / "league"
    folder.mkdir()
    monkeypatch.setattr(league, "LEAGUE_DIR", folder)
    return folder


# ------------------------------------------------------------- the file --

def _bad_sha(folder):
    members = three_members(folder)
    members[1]["sha256"] = "0" * 64
    return write_league(folder, "british", members)


def _traversal(folder):
    (folder.parent / "outside.npz").write_bytes(b"x")
    return write_league(folder, "british", [{"policy": "../outside.npz", "weight": 1.0, "sha256": "0" * 64}])


def _weights(*ws):
    return lambda folder: write_league(folder, "british", three_members(folder, weights=ws))


def _nan(folder):
    path = write_league(folder, "british", three_members(folder))
    path.write_text(path.read_text().replace('"weight": 0.2', '"weight": NaN'))
    return path


def _unknown_key(folder):
    return write_league(folder, "british", three_members(folder), comment="hello")


def _unknown_member_key(folder):
    members = three_members(folder)
    members[0]["temperature"] = 1.0
    return write_league(folder, "british", members)


def _symlink_to_device(folder):
    path = folder / f"{VOLUME}_british.json"
    os.symlink("/dev/zero", path)
    return path


def _member_symlink_to_device(folder):
    os.symlink("/dev/null", folder / "null.npz")
    return write_league(folder, "british", [{"policy": "null.npz", "weight": 1.0, "sha256": "0" * 64}])


def _oversized(folder):
    return write_league(folder, "british", three_members(folder), provenance={"pad": "x" * league.MAX_FILE_BYTES})


def _not_a_policy_file(folder):
    (folder / "junk.npz").write_bytes(b"not a zip")
    return write_league(folder, "british", [{"policy": "junk.npz", "weight": 1.0,
                                             "sha256": sha256(folder / "junk.npz")}])


BAD_FILES = [
    (_bad_sha, "has SHA-256 .* not the 0000"),
    (_traversal, "bare name of a file in the league's folder"),
    (_weights(0.2, 0.3, 0.4), "the weights add up to 0.9"),
    (_weights(0.2, -0.3, 1.1), r"members\[1\]: weight must be a finite number >= 0"),
    (_nan, r"members\[0\]: weight must be a finite number >= 0, got nan"),
    (_unknown_key, "unknown key.*'comment'"),
    (_unknown_member_key, r"members\[0\]: unknown key.*'temperature'"),
    (lambda f: write_league(f, "british", three_members(f), seat="eoka"), "seat is 'eoka'"),
    (lambda f: write_league(f, "british", three_members(f), volume="palestine"), "volume is 'palestine'"),
    (lambda f: write_league(f, "british", three_members(f), format="britishway-league/2"), "format must be"),
    (lambda f: None, "no league policy for the british seat of cyprus: experiments/league.py makes one"),
    (lambda f: write_league(f, "british", [{"policy": "gone.npz", "weight": 1.0, "sha256": "a" * 64}]),
     "no policy file 'gone.npz'"),
    (_symlink_to_device, "not a regular file"),
    (_member_symlink_to_device, "not a regular file"),
    (_oversized, "more than a league file can hold"),
    (_not_a_policy_file, "junk.npz.*not a valid policy file"),
    (lambda f: write_league(f, "british", []), "members must be a list of 1..32"),
    (lambda f: write_league(f, "british", [{"policy": "random", "weight": 1 / 33}] * 33), "1..32"),
    (lambda f: write_league(f, "british", [{"policy": "search", "weight": 1.0}]), "policy must be random, heuristic"),
    (lambda f: write_league(f, "british", [{"policy": "random", "weight": 0.5}] * 2), "is a member already"),
    (lambda f: write_league(f, "british", [{"policy": "random", "weight": 1.0, "sha256": "a" * 64}]),
     "sha256 is for a policy file"),
    (lambda f: write_league(f, "british", [{"policy": "random", "weight": True}]), "finite number"),
    (lambda f: write_league(f, "british", [{"policy": "random"}]), "missing 'weight'"),
]


@pytest.mark.parametrize("make, message", BAD_FILES, ids=[f"{i}" for i in range(len(BAD_FILES))])
def test_each_bad_field_of_a_league_file_is_refused_by_name(league_dir, make, message):
    make(league_dir)
    with pytest.raises(LeagueError, match=message) as err:
        league.load(VOLUME, "british")
    assert isinstance(err.value, UnknownPolicyError)
    with pytest.raises(UnknownPolicyError, match=message):       # the rollouts say the same before playing
        rollouts.resolve_policies(VOLUME, None, {"british": "league"})


def test_a_good_file_loads_normalised_exact_and_cached(league_dir):
    write_league(league_dir, "british", three_members(league_dir, weights=(0.2, 0.3, 0.5 + 4e-10)))
    mix = league.load(VOLUME, "british")
    assert mix.names == ("heuristic", "british_1.npz", "british_2.npz")
    assert mix.members[0] == "heuristic" and all(os.path.isabs(m) for m in mix.members[1:])
    assert mix.sha256[0] == "" and mix.sha256[1] == sha256(league_dir / "british_1.npz")
    assert mix.cum[-1] == 1.0 and math.isclose(mix.weights.sum(), 1.0, abs_tol=1e-15)
    assert np.allclose(mix.weights, [0.2, 0.3, 0.5], atol=1e-9)
    assert not mix.cum.flags.writeable
    assert league.load(VOLUME, "british") is mix                       # cached per file and change
    (league_dir / "british_2.npz").write_bytes((league_dir / "british_1.npz").read_bytes())
    with pytest.raises(LeagueError, match="british_2.npz' has SHA-256"):   # a member changed under it
        league.load(VOLUME, "british")
    write_league(league_dir, "british", [{"policy": "random", "weight": 0.0}, {"policy": "trained", "weight": 1}])
    again = league.load(VOLUME, "british")
    assert again.members == ("random", "trained") and list(again.cum) == [0.0, 1.0]


# ------------------------------------------------------------ the draws --

def test_draws_follow_the_weights_and_each_seat_draws_its_own(league_dir):
    weights = (0.2, 0.3, 0.5)
    write_league(league_dir, "british", three_members(league_dir, "british", weights))
    write_league(league_dir, "eoka", [{"policy": "random", "weight": 0.5}, {"policy": "heuristic", "weight": 0.5}])
    n = 4000
    seeds = game_seeds(np.int64(0), np.int64(0), np.int64(n))
    drawn = np.array([league.draw(VOLUME, "british", int(s)) for s in seeds])
    for k, p in enumerate(weights):
        count = int((drawn == k).sum())
        assert abs(count - n * p) <= Z999 * math.sqrt(n * p * (1 - p)), (k, count, n * p)
    other = np.array([league.draw(VOLUME, "eoka", int(s)) for s in seeds])
    assert abs(int((other == 0).sum()) - n / 2) <= Z999 * math.sqrt(n / 4)
    # the same cumulative weights, another seat: another draw (independent: agreement about 1/2, not 1)
    cum = np.array([0.5, 1.0])
    same = [member_index(s, np.int64(0), cum) == member_index(s, np.int64(1), cum) for s in seeds]
    assert abs(sum(same) - n / 2) <= Z999 * math.sqrt(n / 4)
    assert league.member(VOLUME, "british", int(seeds[0])) == league.load(VOLUME, "british").members[drawn[0]]
    # a member of weight 0 is never drawn, wherever it stands
    for cum in (np.array([0.0, 0.5, 1.0]), np.array([0.5, 1.0, 1.0]), np.array([0.0, 1.0, 1.0])):
        picks = {int(member_index(s, np.int64(0), cum)) for s in seeds[:500]}
        assert all(cum[k] > (cum[k - 1] if k else 0.0) for k in picks), (cum, picks)


def play(seed: int, policies: dict) -> Game:
    g = Game(VOLUME, seed=seed)
    while not g.is_terminal():
        g.apply(g.choose(policies[g.current_agent]))
    return g


def test_a_game_keeps_one_member_for_all_its_decisions(league_dir):
    write_league(league_dir, "british", three_members(league_dir))
    seeds = [int(s) for s in game_seeds(np.int64(3), np.int64(0), np.int64(40))]
    chosen = {league.draw(VOLUME, "british", s): s for s in seeds}
    assert set(chosen) == {0, 1, 2}
    for k in (0, 2):                                          # the scripted member and a network member
        g = Game(VOLUME, seed=chosen[k])
        member = league.load(VOLUME, "british").members[k]
        decisions = 0
        for _ in range(120):
            if g.is_terminal():
                break
            if g.current_agent == "british":
                a = g.choose("league")
                assert a == g.clone().choose(member)
                decisions += 1
            else:
                a = g.choose("heuristic")
            g.apply(a)
        assert decisions > 10
    ended = play(chosen[0], {"british": "heuristic", "eoka": "heuristic"})
    with pytest.raises(Exception, match="game is over"):
        ended.choose("league")


# ---------------------------------------------------- compiled rollouts --

@pytest.mark.parametrize("seat", SEATS)
def test_a_python_game_plays_the_compiled_rollouts_game_of_its_seed(league_dir, seat):
    """``Game(volume, seed=S).choose("league")`` plays the member, and the moves,
    that the compiled rollouts play in their game of seed S."""
    other = SEATS[1 - SEATS.index(seat)]
    write_league(league_dir, seat, three_members(league_dir, seat, (0.3, 0.3, 0.4)))
    policies = {seat: "league", other: "trained" if seat == "eoka" else "heuristic"}
    df = rollouts.run(VOLUME, 6, seed=7, policies=policies)
    members = [league.draw(VOLUME, seat, int(s)) for s in df.seed]
    assert len(set(members)) >= 2 and {1, 2} & set(members), members     # a network member among them
    assert (df[f"policy_{seat}"] == "league").all()
    for i in range(len(df)):
        g = play(int(df.seed[i]), policies)
        assert df.winner[i] == (g.winner or "none")
        assert df.decisions[i] == len(g.history)
        assert df.final_political_will[i] == g.to_dict()["political_will"]
    # the member alone in the seat plays the same game
    k = members[0]
    alone = rollouts.run(VOLUME, 1, seed=7, policies={**policies, seat: league.load(VOLUME, seat).members[k]})
    assert alone.drop(columns=[f"policy_{seat}"]).equals(df.iloc[:1].drop(columns=[f"policy_{seat}"]))


def test_rollouts_with_a_league_ignore_threads_and_chunks_and_record_the_mixture(league_dir, tmp_path):
    write_league(league_dir, "british", three_members(league_dir, "british"))
    write_league(league_dir, "eoka", [{"policy": "random", "weight": 0.25}, {"policy": "heuristic", "weight": 0.25},
                                      {"policy": "trained", "weight": 0.5}])
    policies = {"british": "league", "eoka": "league"}
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = rollouts.run(VOLUME, 10, seed=2, policies=policies)
    finally:
        numba.set_num_threads(before)
    many = rollouts.run(VOLUME, 10, seed=2, policies=policies, threads=min(2, numba.config.NUMBA_NUM_THREADS),
                        chunk=3)
    part = rollouts.run(VOLUME, 4, seed=2, policies=policies, first_game=6)
    assert one.equals(many)
    assert part.reset_index(drop=True).equals(one.iloc[6:].reset_index(drop=True))
    record = one.attrs["britishway"]["run"]["policies"]
    mix = record["british"]["league"]
    assert record["british"]["policy"] == "league"
    assert [m["policy"] for m in mix["members"]] == ["heuristic", "british_1.npz", "british_2.npz"]
    assert [m["weight"] for m in mix["members"]] == [0.2, 0.3, 0.5]
    assert "weights_sha256" not in mix["members"][0]
    from agents.trained import load_network
    from britishway_env.provenance import weights_hash

    assert mix["members"][1]["weights_sha256"] == weights_hash(load_network("trained", VOLUME, "british").arrays)
    assert mix["members"][1]["sha256"] == sha256(league_dir / "british_1.npz")
    assert mix["file_sha256"] == sha256(league_dir / f"{VOLUME}_british.json")
    assert record["eoka"]["league"]["members"][2]["weights_sha256"] == \
        weights_hash(load_network("trained", VOLUME, "eoka").arrays)
    out = rollouts.write_rows(one, tmp_path / "rows.parquet")
    back = rollouts.read_rows(out)                  # the provenance's league record reads back
    assert back.warnings == [] and back.run["policies"] == record and rows_hash(back.frame) == rows_hash(one)


def test_the_ladder_and_the_command_line_take_league(league_dir):
    from britishway_env import ladder

    for seat in SEATS:
        write_league(league_dir, seat, [{"policy": "heuristic", "weight": 1.0}])
    assert ladder.check_agents(VOLUME, ["heuristic", "league"]) == ["heuristic", "league"]
    assert rollouts.parse_policies(VOLUME, "british=league,eoka=random") == {"british": "league", "eoka": "random"}
    (league_dir / f"{VOLUME}_eoka.json").unlink()
    with pytest.raises(LeagueError, match="no league policy for the eoka seat of cyprus"):
        ladder.check_agents(VOLUME, ["heuristic", "league"])


# ------------------------------------------------------------ vector env --

def test_the_vector_env_pool_expands_a_league_into_its_members(league_dir):
    from agents.trained import load_network
    from britishway_env.envs.vector import VectorEnv

    weights = (0.2, 0.3, 0.5)
    write_league(league_dir, "british", [{"policy": "random", "weight": weights[0]},
                                         {"policy": "heuristic", "weight": weights[1]},
                                         {"policy": "trained", "weight": weights[2]}])
    n = 2000
    env = VectorEnv(VOLUME, num_envs=n, seat="eoka", opponent=[("heuristic", 0.5), ("league", 0.5)], seed=4)
    assert env._pool_names[:3] == ["heuristic", "random", "heuristic"] and env._pool_names[3] == "league trained"
    assert np.allclose(np.diff(np.concatenate([[0.0], env._pool_cum])), [0.5] + [0.5 * w for w in weights])
    act = env._pool_acts[3]
    obs, info = env.reset()
    masks = info["action_mask"]
    net = load_network("trained", VOLUME, "british")
    assert np.array_equal(act(obs[:4], masks[:4]), net.act(obs[:4], masks[:4]))
    drawn = env.opponent_indices()
    for k, p in enumerate([0.5] + [0.5 * w for w in weights]):
        count = int((drawn == k).sum())
        assert abs(count - n * p) <= Z999 * math.sqrt(n * p * (1 - p)), (k, count, n * p)
    # a game keeps the member it drew until it ends
    small = VectorEnv(VOLUME, num_envs=8, seat="eoka", opponent="league", seed=1)
    obs, info = small.reset()
    masks = info["action_mask"]
    rng = np.random.default_rng(0)
    for _ in range(60):
        held = small.opponent_indices().copy()
        obs, rewards, term, trunc, info = small.step(
            np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64))
        masks = info["action_mask"]
        ended = info.get("_final_info", np.zeros(8, dtype=bool))
        assert np.array_equal(small.opponent_indices()[~ended], held[~ended])
        if ended.any():
            assert np.array_equal(info["final_info"]["opponent"][ended], held[ended])
    with pytest.raises(UnknownPolicyError, match="learner a seat"):
        VectorEnv(VOLUME, num_envs=2, seat="both", opponent="league")
    with pytest.raises(LeagueError, match="no league policy for the eoka seat"):
        VectorEnv(VOLUME, num_envs=2, seat="british", opponent="league")


# ------------------------------------------------- sessions and the page --

def test_a_session_checks_the_league_at_once_and_says_which_member_plays(league_dir):
    from britishway_env.session import BOT, PlaySession, check_policy
    from britishway_env.web.server import playable_volumes

    def offered(volume):
        return "league" in {v["name"]: v for v in playable_volumes()}[volume]["bots"]

    with pytest.raises(LeagueError, match="no league policy for the british seat of cyprus"):
        check_policy(VOLUME, "league", ("british",))
    assert not offered(VOLUME)
    write_league(league_dir, "british", three_members(league_dir))
    assert check_policy(VOLUME, "league", ("british",)) == "league"
    assert not offered(VOLUME)                          # the page offers it only when every seat has one
    write_league(league_dir, "eoka", [{"policy": "heuristic", "weight": 1.0}])
    assert offered(VOLUME) and not offered("palestine")
    seed = next(int(s) for s in range(100) if league.draw(VOLUME, "british", s) == 1)
    s = PlaySession(VOLUME, seed=seed, human=["eoka"], bot="league")
    for _ in range(4):
        s.play(s.choices()[0][0])
    reasons = [e.reason for e in s.log if e.by == BOT]
    assert reasons and all(r.startswith("league member 2 of 3 (weight 0.30): network: ") for r in reasons), reasons
    again = PlaySession.from_save(s.save_payload())                 # a save replays the same member's moves
    assert again.game.history == s.game.history


def test_the_levels_follow_the_league_files_as_they_are_now(league_dir):
    """The `league` level is offered exactly when every seat has a league file,
    whenever it is asked: a list read while no league existed is not kept."""
    from britishway_env.levels import levels

    assert "league" not in [lv.name for lv in levels(VOLUME)]
    write_league(league_dir, "british", three_members(league_dir))
    write_league(league_dir, "eoka", [{"policy": "heuristic", "weight": 1.0}])
    assert "league" in [lv.name for lv in levels(VOLUME)]
