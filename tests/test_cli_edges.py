"""The CLI's edges: every error is one line and a non-zero exit, `--out` is
checked before any game and written atomically, compile notices on stderr."""

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from britishway_env import io as bio
from britishway_env import rollouts
from britishway_env.cli import app
from britishway_env.errors import OutputPathError

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def _env(**extra):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if a game would be played (errors must come first)."""
    def refuse(*args, **kwargs):
        raise AssertionError("a game was played before the arguments were checked")
    monkeypatch.setattr(rollouts, "run", refuse)
    monkeypatch.setattr(rollouts, "run_to_file", refuse)
    monkeypatch.setattr("britishway_env.warmup.ensure_compiled", refuse)


BAD_ROLLOUTS = {
    "zero games": (["solo1948", "--games", "0"], "games must be at least 1"),
    "a billion games": (["palestine", "--games", "1000000000"], "split a larger run"),
    "seed 2**63": (["solo1948", "--seed", str(2**63)], r"seed must be an integer in 0..2\*\*63-1"),
    "negative seed": (["solo1948", "--seed", "-1"], "seed must be an integer in"),
    "zero threads": (["solo1948", "--threads", "0"], "threads must be in 1.."),
    "too many threads": (["solo1948", "--threads", "100000"], "threads must be in 1.."),
    "seat named twice": (["palestine", "--policy", "british=heuristic,british=random"], "named twice"),
    "unknown seat": (["palestine", "--policy", "arab=heuristic"], "unknown seat 'arab'"),
    "unknown policy": (["palestine", "--policy", "british=smart"], "unknown policy 'smart'"),
    "unknown solo policy": (["solo1948", "--policy", "smart"], "unknown policy 'smart'"),
    "unknown volume": (["kenya"], "no rollouts for volume 'kenya'"),
    "bad backend": (["palestine", "--backend", "spark"], "--backend must be one of"),
    "ray for solo": (["solo1948", "--backend", "ray"], "available for palestine"),
    "address without ray": (["palestine", "--address", "127.0.0.1:1"], "only used with --backend ray"),
    "malformed address": (["palestine", "--backend", "ray", "--address", "no port here"], "host:port"),
    "out extension": (["solo1948", "--out", "rows.txt"], r"must end in \.parquet or \.csv"),
    "no extension": (["solo1948", "--out", "rows"], "must end in"),
}


@pytest.mark.parametrize("case", sorted(BAD_ROLLOUTS))
def test_rollouts_errors_are_one_line_before_any_game(no_games, tmp_path, case):
    args, message = BAD_ROLLOUTS[case]
    res = runner.invoke(app, ["rollouts", *args, "--quiet"])
    assert res.exit_code == 2, res.output
    lines = [line for line in res.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), res.output
    assert __import__("re").search(message, lines[0]), lines[0]
    assert res.exception is None or isinstance(res.exception, SystemExit)


def test_out_in_an_unusable_place_fails_before_any_game(no_games, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for out, message in ((blocker / "rows.parquet", "cannot create the folder"),
                         (tmp_path, "must end in"), (tmp_path / "d.csv", "is a folder")):
        if out.name == "d.csv":
            out.mkdir()
        res = runner.invoke(app, ["rollouts", "solo1948", "--out", str(out), "--quiet"])
        assert res.exit_code == 2 and message in res.output, res.output
    assert not any(p.name.endswith(".tmp") for p in tmp_path.rglob("*"))


def test_out_folder_is_created_and_csv_lists_are_json(tmp_path):
    csv = tmp_path / "new" / "deeper" / "rows.csv"
    res = runner.invoke(app, ["rollouts", "palestine", "--games", "40", "--policy", "heuristic", "--seed", "3",
                              "--out", str(csv), "--quiet", "--threads", "1"])
    assert res.exit_code == 0, res.output
    rows = pd.read_csv(csv)
    direct = rollouts.run("palestine", 40, seed=3, policy="heuristic")
    for col in ("cards", "events", "political_will_after_round"):
        assert [json.loads(v) for v in rows[col]] == [list(v) for v in direct[col]]
    assert json.loads(rows["events"].iloc[0])[0].startswith("P")
    # the provenance goes next to the rows, and reading them back gives the run's rows
    assert sorted(p.name for p in csv.parent.iterdir()) == ["rows.csv", "rows.csv.meta.json"]
    back = rollouts.read_rows(csv)
    assert back.warnings == [] and back.run["seed"] == 3 and back.run["threads"] == 1
    pd.testing.assert_frame_equal(back.frame.drop(columns=["cards", "events", "political_will_after_round"]),
                                  direct.drop(columns=["cards", "events", "political_will_after_round"]),
                                  check_dtype=False)


def test_an_interrupted_write_keeps_the_old_file_and_leaves_no_temp(tmp_path, monkeypatch):
    """Ctrl-C while the rows are written: the old file stays, no temporary file
    is left, and the games played are kept in the partial file."""
    out = tmp_path / "rows.parquet"
    out.write_bytes(b"previous run")
    real_write = rollouts.pq.write_table
    calls = []

    def interrupted(table, path, *args, **kwargs):
        calls.append(path)
        if len(calls) == 1:
            Path(path).write_bytes(b"PAR1 half a file")
            raise KeyboardInterrupt
        real_write(table, path, *args, **kwargs)

    monkeypatch.setattr(rollouts.pq, "write_table", interrupted)
    res = runner.invoke(app, ["rollouts", "solo1948", "--games", "20", "--out", str(out), "--quiet"])
    assert res.exit_code != 0
    assert out.read_bytes() == b"previous run"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.parquet", "rows.parquet.partial"]
    assert rollouts.read_rows(tmp_path / "rows.parquet.partial").done == [[0, 20]]


def test_an_interrupted_run_leaves_nothing_under_the_final_name(tmp_path, monkeypatch):
    out = tmp_path / "rows.parquet"

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(rollouts.volume_spec("solo1948").runner_module.ROLLOUTS, "play_range", interrupted)
    res = runner.invoke(app, ["rollouts", "solo1948", "--games", "20", "--out", str(out), "--quiet"])
    assert res.exit_code != 0 and list(tmp_path.iterdir()) == []         # no game finished: nothing kept


def test_sigterm_during_an_atomic_write_removes_the_temp_file(tmp_path):
    out = tmp_path / "rows.csv"
    code = textwrap.dedent(f"""
        import os, signal, time
        from britishway_env.io import atomic_path, sigterm_as_exit
        with sigterm_as_exit(), atomic_path({str(out)!r}) as tmp:
            tmp.write_text("half")
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(30)
    """)
    proc = subprocess.run([sys.executable, "-c", code], env=_env(), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM, proc.stderr
    assert list(tmp_path.iterdir()) == []


def test_atomic_writers(tmp_path):
    path = bio.atomic_write_text(tmp_path / "a.json", '{"x": 1}')
    assert path.read_text() == '{"x": 1}' and oct(path.stat().st_mode & 0o777) != "0o600"
    bio.atomic_write_bytes(path, b"2")
    assert path.read_bytes() == b"2"
    with pytest.raises(ZeroDivisionError):
        with bio.atomic_path(path) as tmp:
            tmp.write_text("partial")
            1 / 0
    assert path.read_bytes() == b"2" and [p.name for p in tmp_path.iterdir()] == ["a.json"]
    with pytest.raises(OutputPathError, match="cannot write"):
        bio.atomic_write_text(tmp_path / "missing" / "x.json", "x")


REPORT_CASES = {
    "missing": (lambda d: d / "missing.parquet", "no such file"),
    "csv": (lambda d: _write(d / "r.csv", b"winner\nirgun\n"), "no volume's rollout rows"),
    "corrupt": (lambda d: _write(d / "r.parquet", b"PAR1 not really"), "cannot read"),
    "folder": (lambda d: _mkdir(d / "dir.parquet"), "no rows files (.parquet, .csv) in the folder"),
    "text": (lambda d: _write(d / "r.txt", b"x"), "rollout rows are .parquet or .csv files"),
    "wrong columns": (lambda d: _parquet(d / "w.parquet", pd.DataFrame({"x": [1, 2]})), "no volume's rollout rows"),
}


def _write(path, data):
    path.write_bytes(data)
    return path


def _mkdir(path):
    path.mkdir()
    return path


def _parquet(path, df):
    df.to_parquet(path)
    return path


@pytest.mark.parametrize("case", sorted(REPORT_CASES))
def test_report_input_errors_are_one_line(tmp_path, case):
    make, message = REPORT_CASES[case]
    res = runner.invoke(app, ["report", str(make(tmp_path)), "--out", str(tmp_path / "rep")])
    assert res.exit_code == 2, res.output
    lines = [line for line in res.output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], res.output


def test_report_out_must_be_a_folder(tmp_path):
    rows = tmp_path / "r.parquet"
    rollouts.run("palestine", 20, seed=1).to_parquet(rows)
    (tmp_path / "taken").write_text("x")
    res = runner.invoke(app, ["report", str(rows), "--out", str(tmp_path / "taken")])
    assert res.exit_code == 2 and "is a file" in res.output


def test_memory_error_and_unexpected_errors_are_one_line(monkeypatch, capsys):
    for exc, code, text in ((MemoryError(), 3, "out of memory"), (KeyError("boom"), 1, "internal error: KeyError")):
        def explode(*args, exc=exc, **kwargs):
            raise exc
        monkeypatch.setattr(rollouts, "run", explode)
        with pytest.raises(SystemExit) as info:
            app(["rollouts", "solo1948", "--games", "5", "--quiet"], prog_name="britishway")
        assert info.value.code == code
        err = capsys.readouterr().err
        lines = [line for line in err.splitlines() if line.strip() and not line.startswith("compil")]
        assert len(lines) == 1 and text in lines[0] and "Traceback" not in err, err


def test_usage_errors_are_one_line_too(capsys):
    for args, text in ((["rollouts", "solo1948", "--games", "many"], "Invalid value for '--games'"),
                       (["rollouts"], "missing argument 'volume'"),
                       (["rollouts", "solo1948", "--bogus"], "No such option")):
        with pytest.raises(SystemExit) as info:
            app(args, prog_name="britishway")
        assert info.value.code == 2
        lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
        assert len(lines) == 1 and text.lower() in lines[0].lower() and "--help" in lines[0], lines
    with pytest.raises(SystemExit) as info:
        app(["--help"], prog_name="britishway")
    assert info.value.code == 0 and "rollouts" in capsys.readouterr().out


@pytest.mark.parametrize("args", [
    ["rollouts", "solo1948", "--seed", str(2**63)],
    ["rollouts", "solo1948", "--games", "lots"],
    ["rollouts", "palestine", "--policy", "british=heuristic,british=random"],
    ["rollouts", "solo1948", "--games", "1000000000"],
    ["rollouts", "solo1948", "--out", "/proc/rows.parquet"],
    ["report", "no-such-rows.parquet"],
])
def test_real_command_prints_no_traceback(args, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "britishway_env.cli", *args], env=_env(), cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr


def test_compile_notice_on_a_cold_cache(tmp_path):
    """A fresh numba cache: the notice comes on stderr before the run, with the time
    it took; a second run with the now-warm cache says nothing about compiling."""
    cmd = [sys.executable, "-m", "britishway_env.cli", "rollouts", "solo1948", "--games", "50", "--threads", "1"]
    env = _env(NUMBA_CACHE_DIR=str(tmp_path / "cache"), COLUMNS="100")
    cold = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    assert cold.returncode == 0, cold.stderr
    notice = [line for line in cold.stderr.splitlines() if line.strip()]
    assert notice[0].startswith("compiling the 1948 solo deck rules, first run only"), cold.stderr
    assert notice[1].startswith("compiled the 1948 solo deck rules in "), cold.stderr
    assert "50/50" in cold.stdout                          # the bar ran after the notice, to the end
    warm = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert warm.returncode == 0 and "compil" not in warm.stderr, warm.stderr


def test_ensure_compiled_knows_the_cache(tmp_path):
    """In a fresh process with a fresh cache the kernels are not compiled; after
    ensure_compiled they are, and a new process sees them in the cache."""
    code = textwrap.dedent("""
        from britishway_env.warmup import ensure_compiled, is_compiled
        before = is_compiled("solo1948", "rollouts")
        notes = []
        ensure_compiled("solo1948", "rollouts", notes.append)
        print(before, is_compiled("solo1948", "rollouts"), len(notes))
    """)
    env = _env(NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=900)
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert first.stdout.split() == ["False", "True", "2"], first.stderr
    assert second.stdout.split() == ["True", "True", "0"], second.stderr


def test_warmup_uses_are_known():
    from britishway_env.warmup import WARMUPS, ensure_compiled
    from britishway_env.errors import UnknownVolumeError

    assert {("solo1948", "rollouts"), ("palestine", "rollouts"), ("palestine", "play")} <= set(WARMUPS)
    with pytest.raises(UnknownVolumeError, match="known: solo1948/rollouts"):
        ensure_compiled("kenya", "rollouts")
