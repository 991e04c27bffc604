"""The Ray backend gives the local backend's rows for one seed, on a
local Ray instance; `britishway report` turns rollout rows into a report."""

import pandas as pd
import pytest
from typer.testing import CliRunner

from britishway_env import rollouts
from britishway_env.cli import app

ray = pytest.importorskip("ray")
runner = CliRunner()
POLICIES = {"british": "heuristic", "irgun": "random"}


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False,
             object_store_memory=100 * 1024 * 1024)
    yield
    ray.shutdown()


def test_ray_backend_rows_equal_local_rows(local_ray):
    local = rollouts.run("palestine", 300, seed=11, policies=POLICIES)
    on_ray = rollouts.run("palestine", 300, seed=11, policies=POLICIES, backend="ray", chunk=70)
    pd.testing.assert_frame_equal(local, on_ray)


def test_cli_ray_backend_and_report(local_ray, tmp_path):
    rows = tmp_path / "runs" / "x.parquet"
    res = runner.invoke(app, ["rollouts", "palestine", "--games", "240", "--policy", "british=heuristic,irgun=random",
                              "--seed", "5", "--backend", "ray", "--out", str(rows), "--quiet"])
    assert res.exit_code == 0, res.output
    assert pd.read_parquet(rows)["seed"].tolist() == rollouts.run("palestine", 240, seed=5, policies=POLICIES)["seed"].tolist()
    res = runner.invoke(app, ["report", str(rows), "--out", str(tmp_path / "report")])
    assert res.exit_code == 0, res.output
    text = (tmp_path / "report" / "report.md").read_text()
    assert "240 games; british=heuristic vs irgun=random" in text
    assert (tmp_path / "report" / "political_will.png").exists()


def test_backend_errors_are_specific():
    with pytest.raises(ValueError, match="unknown backend 'spark'"):
        rollouts.run("palestine", 10, backend="spark")
    with pytest.raises(ValueError, match="available for palestine, not solo1948"):
        rollouts.run("solo1948", 10, backend="ray")
    res = runner.invoke(app, ["report", "missing.parquet"])
    assert res.exit_code == 2 and "no such file" in res.output
