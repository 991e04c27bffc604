"""The Ray backend gives the local backend's rows for one seed, on a local
Ray instance that listens on 127.0.0.1 only; a Ray address that does not
answer fails fast and clearly; `britishway report` turns rows into a report."""

import os
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from britishway_env import distributed, rollouts
from britishway_env.cli import app
from britishway_env.errors import ClusterAddressError

ray = pytest.importorskip("ray")
runner = CliRunner()
POLICIES = {"british": "heuristic", "irgun": "random"}


ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def local_ray():
    distributed.init_local(num_cpus=2, object_store_memory=100 * 1024 * 1024)
    yield
    ray.shutdown()


def _listening(pids: set[int]) -> set[tuple[str, int]]:
    """(address, port) of every TCP socket in LISTEN state owned by ``pids`` (Linux /proc)."""
    inodes = set()
    for pid in pids:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
        except OSError:
            continue
    found = set()
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        with open(table) as f:
            next(f)
            for line in f:
                parts = line.split()
                local, state, inode = parts[1], parts[3], parts[9]
                if state == "0A" and inode in inodes:            # 0A: LISTEN
                    hexaddr, port = local.split(":")
                    raw = bytes.fromhex(hexaddr)
                    # /proc prints each 32-bit word little-endian
                    words = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
                    found.add((socket.inet_ntop(socket.AF_INET if width == 8 else socket.AF_INET6, words),
                               int(port, 16)))
    return found


def _descendants(pid: int) -> set[int]:
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = {pid}, [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in out:
                out.add(child)
                todo.append(child)
    return out


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="reads Linux /proc")
def test_local_ray_listens_on_loopback_only(local_ray):
    assert ray.get(ray.remote(lambda: 2).remote()) == 2          # workers are up
    sockets = _listening(_descendants(os.getpid()))
    assert len(sockets) >= 2, sockets                             # the GCS and the raylet at least
    loopback = {"127.0.0.1", "::1", "::ffff:127.0.0.1"}
    assert {addr for addr, _ in sockets} <= loopback, sockets


def test_ray_backend_rows_equal_local_rows(local_ray):
    local = rollouts.run("palestine", 300, seed=11, policies=POLICIES)
    on_ray = rollouts.run("palestine", 300, seed=11, policies=POLICIES, backend="ray", chunk=70)
    pd.testing.assert_frame_equal(local, on_ray)


def test_ray_backend_rows_equal_local_rows_for_cyprus(local_ray):
    policies = {"british": "heuristic", "eoka": "random"}
    local = rollouts.run("cyprus", 200, seed=12, policies=policies)
    on_ray = rollouts.run("cyprus", 200, seed=12, policies=policies, backend="ray", chunk=60)
    pd.testing.assert_frame_equal(local, on_ray)


def test_ray_backend_rows_equal_local_rows_for_arab_revolt(local_ray):
    policies = {"british": "random", "rebels": "heuristic"}
    local = rollouts.run("arab_revolt", 200, seed=13, policies=policies)
    on_ray = rollouts.run("arab_revolt", 200, seed=13, policies=policies, backend="ray", chunk=60)
    pd.testing.assert_frame_equal(local, on_ray)


def test_a_variant_on_ray_gives_the_local_rows(local_ray):
    """The variant's row patch travels with each Ray task (docs/variants.md)."""
    variant = {"volume": "palestine", "name": "v", "setup": {"political_will": 15},
               "deck": {"remove": ["P3"]}, "restrict": {"irgun": {"boxes": ["event"]}}}
    local = rollouts.run("palestine", 200, seed=14, policies=POLICIES, variant=variant)
    on_ray = rollouts.run("palestine", 200, seed=14, policies=POLICIES, backend="ray", chunk=60, variant=variant)
    pd.testing.assert_frame_equal(local, on_ray)
    assert not local.equals(rollouts.run("palestine", 200, seed=14, policies=POLICIES))


def test_the_ladder_on_ray_writes_the_local_records(local_ray, tmp_path):
    """The ladder's games on Ray (the search and a network in the seats) are the local ones."""
    from britishway_env import ladder

    agents = ["trained", "search:2"]
    local = ladder.run("cyprus", agents, 3, seed=4, out=tmp_path / "local")
    on_ray = ladder.run("cyprus", agents, 3, seed=4, out=tmp_path / "ray", backend="ray")
    keep = ["first", "second", "seed", "game", "game_seed", "winner", "decisions", "cards"]
    order = ["first", "second", "game"]
    pd.testing.assert_frame_equal(local[keep].sort_values(order).reset_index(drop=True),
                                  on_ray[keep].sort_values(order).reset_index(drop=True))


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


def test_bad_addresses_fail_fast_and_clearly():
    for address, message in (("no-port", "is not 'auto', host:port"), ("127.0.0.1:99999", "port must be in"),
                             ("127.0.0.1:1", "no Ray cluster at 127.0.0.1:1")):
        start = time.monotonic()
        with pytest.raises(ClusterAddressError, match=message):
            distributed.connect(address)
        assert time.monotonic() - start < 30
    res = runner.invoke(app, ["rollouts", "palestine", "--games", "10", "--backend", "ray",
                              "--address", "127.0.0.1:1", "--quiet"])
    assert res.exit_code == 2 and res.output.strip().startswith("error: no Ray cluster at 127.0.0.1:1")


def test_an_address_that_is_not_ray_times_out():
    """Something listens, but it is not Ray: Ray would retry for many minutes."""
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    code = textwrap.dedent(f"""
        from britishway_env.distributed import connect
        connect("127.0.0.1:{port}", timeout=5)
    """)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    start = time.monotonic()
    try:
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    finally:
        server.close()
    assert time.monotonic() - start < 30
    assert proc.returncode != 0 and "ClusterAddressError: no Ray cluster answered at 127.0.0.1" in proc.stderr


def test_backend_errors_are_specific():
    with pytest.raises(ValueError, match="unknown backend 'spark'"):
        rollouts.run("palestine", 10, backend="spark")
    with pytest.raises(ValueError, match="available for palestine, cyprus, arab_revolt, not solo1948"):
        rollouts.run("solo1948", 10, backend="ray")
    res = runner.invoke(app, ["report", "missing.parquet"])
    assert res.exit_code == 2 and "no such file" in res.output
