"""The ladder (britishway_env/ladder.py, docs/ladder.md): the Bradley-Terry fit
with a seat term on simulated games, the sequential test, the records file,
and a small real ladder through `britishway ladder`."""

import json
import math

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from britishway_env import ladder
from britishway_env.cli import app
from britishway_env.errors import UnknownPolicyError, UnknownVolumeError

runner = CliRunner()
TRUTH = {"random": 0.0, "heuristic": 250.0, "x": 400.0, "trained": 600.0}


def simulate(ratings, h, games, seed=0, per_seat=None):
    """Games between random pairs of distinct agents (random seats) of known strength."""
    rng = np.random.default_rng(seed)
    names = np.array(list(ratings))
    k = len(names)
    i = rng.integers(0, k, games)
    j = (i + rng.integers(1, k, games)) % k
    r = np.array([ratings[a] for a in names])
    d = r[i] - r[j] + h
    if per_seat is not None:                     # extra strength of an agent in the first seat
        d = d + np.array([per_seat.get(a, 0.0) for a in names])[i]
    won = rng.random(games) < 1 / (1 + 10 ** (-d / 400))
    return pd.DataFrame({"first": names[i], "second": names[j], "first_won": won})


# ------------------------------------------------------------------ fit --

def test_fit_recovers_known_strengths_and_seat_term_within_its_intervals():
    fit = ladder.fit(simulate(TRUTH, 60.0, 20_000, seed=1))
    t = fit.table.set_index("agent")
    assert fit.anchor == "random" and t.loc["random", "rating"] == 0 and t.loc["random", "se"] == 0
    for agent, truth in TRUTH.items():         # one fit: within 3 SE (coverage of the 95% intervals: below)
        assert abs(t.loc[agent, "rating"] - truth) <= 3 * t.loc[agent, "se"], (agent, t.loc[agent].to_dict())
    s = fit.seat_term
    assert abs(s["h"] - 60.0) <= 3 * s["se"] and math.isclose(s["ci95_high"] - s["h"], 1.959963984540054 * s["se"])
    assert math.isclose(s["first_seat_wins"], 1 / (1 + 10 ** (-s["h"] / 400)))
    assert list(fit.table["agent"]) == ["trained", "x", "heuristic", "random"]     # best first
    assert fit.iterations < 20


def test_intervals_cover_the_truth_about_95_percent_of_the_time():
    covered = []
    for seed in range(40):
        fit = ladder.fit(simulate(TRUTH, 60.0, 4_000, seed=100 + seed))
        t = fit.table.set_index("agent")
        covered += [t.loc[a, "ci95_low"] <= TRUTH[a] <= t.loc[a, "ci95_high"] for a in ("heuristic", "x", "trained")]
        covered.append(fit.seat_term["ci95_low"] <= 60.0 <= fit.seat_term["ci95_high"])
    assert 0.88 <= np.mean(covered) <= 1.0, np.mean(covered)


def test_standard_errors_shrink_like_one_over_root_n():
    small = ladder.fit(simulate(TRUTH, 60.0, 5_000, seed=2)).table.set_index("agent")["se"]
    large = ladder.fit(simulate(TRUTH, 60.0, 20_000, seed=3)).table.set_index("agent")["se"]
    for agent in ("heuristic", "x", "trained"):
        assert 1.8 < small[agent] / large[agent] < 2.2, (agent, small[agent], large[agent])


def test_anchor_is_random_else_the_first_agent_and_moves_ratings_by_a_constant():
    games = simulate(TRUTH, 60.0, 8_000, seed=4)
    base = ladder.fit(games).table.set_index("agent")["rating"]
    other = ladder.fit(games, anchor="x")
    moved = other.table.set_index("agent")["rating"]
    assert other.anchor == "x" and moved["x"] == 0
    assert np.allclose(moved - moved["random"], base, atol=0.5)
    without = games[(games["first"] != "random") & (games["second"] != "random")].reset_index(drop=True)
    fit = ladder.fit(without)
    assert fit.anchor == without["first"].iloc[0]
    assert fit.table.set_index("agent").loc[fit.anchor, "rating"] == 0
    with pytest.raises(ladder.LadderError, match="anchor 'nobody' has no games"):
        ladder.fit(games, anchor="nobody")


def test_an_agent_that_never_loses_gets_a_finite_rating():
    games = simulate({"random": 0.0, "heuristic": 200.0}, 0.0, 400, seed=5)
    unbeaten = pd.DataFrame({"first": ["god", "random"] * 50, "second": ["random", "god"] * 50,
                             "first_won": [True, False] * 50})
    fit = ladder.fit(pd.concat([games, unbeaten], ignore_index=True))
    t = fit.table.set_index("agent")
    assert t.loc["god", "score"] == 1.0
    assert np.isfinite(fit.table[["rating", "se"]].to_numpy()).all()
    assert 500 < t.loc["god", "rating"] < 3000 and t.loc["god", "ci95_low"] > t.loc["heuristic", "rating"]
    assert fit.iterations < 100
    only = ladder.fit(unbeaten)                  # nothing but one agent's wins: still finite
    assert np.isfinite(only.table[["rating", "se"]].to_numpy()).all()


def test_per_seat_model_is_flagged_only_when_strength_depends_on_the_seat():
    plain = ladder.fit(simulate(TRUTH, 60.0, 20_000, seed=6)).seat_model
    assert plain["dof"] == 3 and plain["lr"] < 12 and plain["p"] > 0.01 and not plain["matters"]
    skewed = ladder.fit(simulate(TRUTH, 60.0, 20_000, seed=6, per_seat={"heuristic": 100, "trained": -100}))
    m = skewed.seat_model
    assert m["dof"] == 3 and m["lr"] > 50 and m["p"] < 1e-9 and m["matters"]
    ps = skewed.per_seat.set_index("agent")
    assert ps.loc["heuristic", "first_seat"] - ps.loc["heuristic", "second_seat"] > 50
    two = ladder.fit(simulate({"random": 0.0, "heuristic": 200.0}, 0.0, 500, seed=7)).seat_model
    assert two["dof"] == 0 and not two["matters"]         # two agents: both models fit exactly


def test_chi_square_tail():
    assert math.isclose(ladder.chi2_sf(3.841458820694124, 1), 0.05, rel_tol=1e-9)
    assert math.isclose(ladder.chi2_sf(11.344866730144373, 3), 0.01, rel_tol=1e-9)
    assert math.isclose(ladder.chi2_sf(2.0, 2), math.exp(-1.0), rel_tol=1e-12)
    assert ladder.chi2_sf(0.0, 4) == 1.0


def test_likelihood_of_superiority_uses_the_covariance_of_differences():
    fit = ladder.fit(simulate(TRUTH, 60.0, 20_000, seed=8))
    los = fit.los
    assert los.loc["trained", "random"] > 0.999 and los.loc["random", "trained"] < 0.001
    total = los.to_numpy() + los.to_numpy().T
    np.fill_diagonal(total, 1.0)
    assert np.allclose(total, 1.0)
    from math import erf, sqrt
    a, b = "x", "heuristic"
    c = fit.cov
    r = fit.table.set_index("agent")["rating"]
    sd = sqrt(c.loc[a, a] + c.loc[b, b] - 2 * c.loc[a, b])
    assert math.isclose(los.loc[a, b], 0.5 * (1 + erf((r[a] - r[b]) / sd / sqrt(2))), rel_tol=1e-9)


# ----------------------------------------------------------------- SPRT --

def games_source(diff, h, seed):
    """next_games for sequential(): game g of A vs B in both seats, A stronger by ``diff``."""
    rng = np.random.default_rng(seed)
    draws = rng.random((100_000, 2))

    def next_games(stop):
        a_first = np.repeat([[True, False]], stop, axis=0).ravel()
        p = 1 / (1 + 10 ** (-(diff + np.where(a_first, h, -h)) / 400))
        return a_first, draws[:stop].ravel() < p

    return next_games


def test_sprt_bounds_are_walds():
    low, high = ladder.sprt_bounds(0.05, 0.05)
    assert math.isclose(low, math.log(0.05 / 0.95)) and math.isclose(high, math.log(0.95 / 0.05))
    low, high = ladder.sprt_bounds(0.01, 0.1)
    assert math.isclose(low, math.log(0.1 / 0.99)) and math.isclose(high, math.log(0.9 / 0.01))


def test_sprt_accepts_h1_for_a_clearly_stronger_agent_and_h0_for_equal_ones():
    strong = ladder.sequential(games_source(150.0, 50.0, 9), 0, 30, 0.05, 0.05, 100_000, 50, 50.0)
    assert strong.decision == "H1" and strong.llr >= strong.bounds[1] and strong.games < 5_000
    assert all(strong.bounds[0] < llr < strong.bounds[1] for _, llr in strong.trajectory[:-1])
    equal = ladder.sequential(games_source(0.0, 50.0, 10), 0, 30, 0.05, 0.05, 100_000, 50, lambda: 50.0)
    assert equal.decision == "H0" and equal.llr <= equal.bounds[0]
    short = ladder.sequential(games_source(15.0, 50.0, 11), 0, 30, 0.05, 0.05, 200, 50, 50.0)
    assert short.decision == "inconclusive" and short.games == 200


def test_sprt_error_rates_hold_on_simulated_games():
    accepted_h1 = [ladder.sequential(games_source(0.0, 50.0, 200 + k), 0, 60, 0.05, 0.05, 100_000, 20,
                                     50.0).decision == "H1" for k in range(60)]
    assert np.mean(accepted_h1) <= 0.12


def test_sprt_arguments_are_checked():
    for kwargs, message in (({"elo0": 30, "elo1": 0}, "elo0 must be below elo1"),
                            ({"alpha": 0.0}, "alpha must be in"), ({"beta": 0.5}, "beta must be in"),
                            ({"max_games": 1}, "max games must be at least 2"), ({"batch": 0}, "batch must be")):
        args = {"elo0": 0, "elo1": 30, "alpha": 0.05, "beta": 0.05, "max_games": 100, "batch": 10, **kwargs}
        with pytest.raises(ladder.LadderError, match=message):
            ladder.check_sprt(**args)


# -------------------------------------------------------------- records --

def record(game=0, first="random", second="heuristic", winner="british", seed=0, **changes):
    rec = {"volume": "cyprus", "agents": {"british": first, "eoka": second}, "seed": seed, "game": game,
           "game_seed": 1000 + game, "winner": winner, "decisions": 120, "cards": 14, "version": "0.1.0"}
    rec.update(changes)
    return rec


def test_records_round_trip(tmp_path):
    path = tmp_path / "games.jsonl"
    assert ladder.append_records(path, [record(0), record(1, winner="eoka")]) == 2
    assert ladder.append_records(path, [record(0, "heuristic", "random")]) == 3
    df = ladder.read_records(path, "cyprus", 0)
    assert df.attrs["seats"] == ("british", "eoka") and len(df) == 3
    assert df["first"].tolist() == ["random", "random", "heuristic"]
    assert df["first_won"].tolist() == [True, False, True] and df["game_seed"].tolist() == [1000, 1001, 1000]
    lines = path.read_text().splitlines()
    assert [json.loads(line) for line in lines] == [record(0), record(1, winner="eoka"),
                                                    record(0, "heuristic", "random")]
    assert len(ladder.read_records(tmp_path / "none.jsonl")) == 0


@pytest.mark.parametrize("text, message", [
    ('{"volume": "cyprus"', "line 2: incomplete last line"),
    ("not json\n", "line 2: not a JSON record"),
    ("[1, 2]\n", "line 2: a record must be a JSON object"),
    (json.dumps(record(1, winner="irgun")) + "\n", "line 2: winner must be a seat"),
    (json.dumps({**record(1), "game": True}) + "\n", "line 2: game must be an integer"),
    (json.dumps(record(1, decisions=-1)) + "\n", "line 2: decisions must be an integer"),
    (json.dumps(record(1, volume="kenya")) + "\n", "line 2: unknown volume 'kenya'"),
    (json.dumps({**record(1), "agents": {"eoka": "random", "british": "heuristic"}}) + "\n",
     "line 2: agents must name the seats british, eoka"),
    (json.dumps(record(1, second="random")) + "\n", "line 2: agent 'random' plays itself"),
    (json.dumps({**record(1), "extra": 1}) + "\n", "line 2: unknown field extra"),
    (json.dumps(record(0)) + "\n", "line 2: game 0 of random vs heuristic is already recorded on line 1"),
    (json.dumps(record(1, seed=3)) + "\n", "line 2: seed 3, but line 1 has 0"),
    (json.dumps(record(0, "heuristic", "random", game_seed=5)) + "\n", "line 2: game 0 has seed 5"),
])
def test_records_reader_names_the_bad_line(tmp_path, text, message):
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(record(0)) + "\n" + text)
    with pytest.raises(ladder.RecordsError, match=message):
        ladder.read_records(path)
    before = path.read_bytes()
    with pytest.raises(ladder.RecordsError):
        ladder.append_records(path, [record(7)])            # a file that does not read is not added to
    assert path.read_bytes() == before


def test_records_of_another_ladder_are_refused(tmp_path):
    path = tmp_path / "games.jsonl"
    ladder.append_records(path, [record(0)])
    with pytest.raises(ladder.LadderError, match="seed 0 ladder, not 5"):
        ladder.read_records(path, "cyprus", 5)
    with pytest.raises(ladder.LadderError, match="volume 'cyprus' ladder, not 'palestine'"):
        ladder.read_records(path, "palestine", 0)


def test_missing_batches_are_the_games_the_records_lack(tmp_path):
    path = tmp_path / "games.jsonl"
    ladder.append_records(path, [record(g) for g in (0, 1, 3)])
    df = ladder.read_records(path)
    batches = ladder.missing_batches(df, ladder.seat_assignments(["random", "heuristic"]), 5)
    assert batches == [ladder.Batch("random", "heuristic", 2, 1), ladder.Batch("random", "heuristic", 4, 1),
                       ladder.Batch("heuristic", "random", 0, 5)]
    assert ladder.seat_assignments(["a", "b", "c"]) == [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"),
                                                        ("b", "c"), ("c", "b")]


def test_arguments_are_checked_before_anything_is_played(tmp_path):
    with pytest.raises(UnknownVolumeError):
        ladder.plan("kenya", ["random", "heuristic"], 4, 0, tmp_path)
    with pytest.raises(ladder.LadderError, match="two seats"):
        ladder.plan("solo1948", ["random", "heuristic"], 4, 0, tmp_path)
    with pytest.raises(UnknownPolicyError, match="unknown policy 'smart'"):
        ladder.plan("cyprus", ["random", "smart"], 4, 0, tmp_path)
    with pytest.raises(ladder.LadderError, match="named twice"):
        ladder.plan("cyprus", ["random", "heuristic", "random"], 4, 0, tmp_path)
    with pytest.raises(ladder.LadderError, match="games must be at least 1"):
        ladder.plan("cyprus", ["random", "heuristic"], 0, 0, tmp_path)
    with pytest.raises(ladder.LadderError, match="seed must be in"):
        ladder.plan("cyprus", ["random", "heuristic"], 4, -1, tmp_path)
    assert not (tmp_path / "games.jsonl").exists()


# ------------------------------------------------------------ a real one --

def _table(output: str) -> str:
    return output.split("played ", 1)[0]


def test_a_small_real_ladder_through_the_command(tmp_path):
    out = tmp_path / "ladder"
    page = tmp_path / "results" / "ladder_cyprus.md"
    common = ["ladder", "cyprus", "--seed", "3", "--out", str(out), "--threads", "1", "--quiet"]
    base = common + ["--games", "4"]
    res = runner.invoke(app, base + ["--agents", "random,heuristic"])
    assert res.exit_code == 0, res.output
    path = out / "games.jsonl"
    assert len(path.read_text().splitlines()) == 8 and "played 8 new games" in res.output
    first = ladder.read_records(path, "cyprus", 3)
    assert sorted(first.groupby(["first", "second"]).size().items()) == [(("heuristic", "random"), 4),
                                                                         (("random", "heuristic"), 4)]
    # Paired: every pairing plays the same games, numbered from 0, with the same seeds.
    assert first.groupby("game")["game_seed"].nunique().eq(1).all() and set(first["game"]) == {0, 1, 2, 3}

    res = runner.invoke(app, base + ["--agents", "random,heuristic,trained", "--page", str(page)])
    assert res.exit_code == 0, res.output
    assert "played 16 new games" in res.output
    records = ladder.read_records(path, "cyprus", 3)
    assert len(records) == 24 and records.iloc[:8].equals(first.iloc[:8].reset_index(drop=True))
    assert page.is_file() and page.with_suffix(".png").is_file()
    text = page.read_text()
    for words in ("| trained |", "Seat term h", "P(row > column)", "likelihood ratio", "How it was made",
                  records.attrs["sha256"], "ladder_cyprus.png"):
        assert words in text, words

    again = runner.invoke(app, base + ["--agents", "random,heuristic,trained"])
    assert again.exit_code == 0 and "played 0 new games" in again.output
    assert _table(again.output) == _table(res.output.split("wrote", 1)[0])
    fit1, fit2 = ladder.fit(records), ladder.fit(ladder.read_records(path))
    pd.testing.assert_frame_equal(fit1.table, fit2.table)

    res = runner.invoke(app, common + ["--sprt", "trained", "random", "--elo1", "200", "--batch", "4",
                                       "--max-games", "16"])
    assert res.exit_code == 0, res.output
    assert "SPRT trained vs random" in res.output and "after 8 games" in res.output
    assert "played 0 new games for the test" in res.output and "LLR by games used: 8: " in res.output
    res = runner.invoke(app, common + ["--sprt", "heuristic", "random", "--elo0", "-20", "--elo1", "20",
                                       "--batch", "2", "--max-games", "12"])
    assert res.exit_code == 0, res.output
    assert len(ladder.read_records(path)) == 24 + int(res.output.split("played ")[-1].split()[0])


def test_the_command_refuses_bad_arguments_before_playing(tmp_path):
    out = tmp_path / "ladder"
    for args, message in ((["kenya"], "no rollouts for volume 'kenya'"),
                          (["solo1948"], "needs a volume of two seats"),
                          (["cyprus", "--agents", "random,smart"], "unknown policy 'smart'"),
                          (["cyprus", "--agents", "random,random"], "named twice"),
                          (["cyprus", "--agents", "random,"], "empty name"),
                          (["cyprus", "--agents", "random,heuristic", "--games", "0"], "games must be at least 1"),
                          (["cyprus", "--backend", "spark"], "backend must be one of local, ray"),
                          (["cyprus", "--agents", "random,heuristic", "--page", str(tmp_path / "p.txt")],
                           "must end in .md"),
                          (["cyprus", "--sprt", "random", "heuristic", "--agents", "random"], "leave out --agents"),
                          (["cyprus", "--sprt", "random", "heuristic", "--games", "4"], "and --games"),
                          (["cyprus", "--sprt", "random", "heuristic", "--elo0", "9", "--elo1", "1"],
                           "elo0 must be below elo1")):
        res = runner.invoke(app, ["ladder", *args, "--out", str(out)])
        assert res.exit_code == 2 and message in res.output, (args, res.output)
    assert not (out / "games.jsonl").exists()
    ladder.append_records(out / "games.jsonl", [record(0)])
    res = runner.invoke(app, ["ladder", "cyprus", "--agents", "random,heuristic", "--seed", "1", "--out", str(out)])
    assert res.exit_code == 2 and "seed 0 ladder, not 1" in res.output


def test_the_search_and_a_network_take_their_places_on_the_ladder(tmp_path):
    """The search bot is an agent like any other: its games are the rollouts' (paired seeds),
    a time budget is refused before anything is played, and the fit takes them."""
    with pytest.raises(UnknownPolicyError, match="time budget"):
        ladder.plan("cyprus", ["trained", "search:1s"], 2, 0, tmp_path)
    records = ladder.run("cyprus", ["trained", "search:3"], 2, seed=0, out=tmp_path, threads=1)
    assert len(records) == 4 and set(records["first"]) == {"trained", "search:3"}
    from britishway_env import rollouts

    direct = rollouts.run("cyprus", games=2, seed=0, policies={"british": "search:3", "eoka": "trained"})
    mine = records[records["first"] == "search:3"].sort_values("game")
    assert mine["winner"].tolist() == direct["winner"].tolist()
    assert mine["decisions"].tolist() == direct["decisions"].tolist()
    assert set(ladder.fit(records).table["agent"]) == {"trained", "search:3"}
