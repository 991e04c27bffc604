"""experiments/train.py: a resumed run is the straight run, a damaged or
foreign training state is one clear error, and every output names the run
that made it."""

import csv
import json
import re
import shutil
import tempfile
import zipfile
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

import experiments.train as train  # noqa: E402
from agents import policy_file  # noqa: E402

SMALL = ["--volume", "palestine", "--seat", "irgun", "--envs", "16", "--bc-games", "24", "--bc-epochs", "1",
         "--eval-games", "24", "--eval-every", "2048", "--snapshot-every", "1024", "--n-steps", "64",
         "--batch", "512", "--threads", "1"]


def log_rows(folder):
    return [{k: v for k, v in r.items() if k != "wall_s"} for r in csv.DictReader((folder / "log.csv").open())]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("runs")
    system_tmp = tmp_path_factory.mktemp("system_tmp")       # the temporary folder SB3 would write into
    saved, tempfile.tempdir = tempfile.tempdir, str(system_tmp)
    try:
        assert train.main(SMALL + ["--timesteps", "5000", "--out-dir", str(base / "straight")]) == 0
        assert train.main(SMALL + ["--timesteps", "2500", "--out-dir", str(base / "split")]) == 0
        shutil.copytree(base / "split", base / "stopped")             # the state at 2,500 steps, for tampering
        assert train.main(SMALL + ["--timesteps", "5000", "--out-dir", str(base / "split"), "--resume"]) == 0
    finally:
        tempfile.tempdir = saved
    (base / "system_tmp.txt").write_text(str(system_tmp))
    return base


def test_training_leaves_no_sb3_folder_in_the_temporary_folder(runs):
    """SB3's default logger makes an empty SB3-<time> folder there at every
    learn(); the runs' quiet logger (agents/vec_env.py) makes none."""
    system_tmp = Path((runs / "system_tmp.txt").read_text())
    assert [p.name for p in system_tmp.iterdir() if p.name.startswith("SB3-")] == []


def test_sb3s_default_logger_would_leave_one(tmp_path, monkeypatch):
    # The check above can fail: without the quiet logger, learn() makes the folder.
    from sb3_contrib import MaskablePPO

    from agents.vec_env import SB3VectorEnv, quiet_logger

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    venv = SB3VectorEnv("palestine", num_envs=4, seat="irgun", opponent="random", seed=0)
    model = MaskablePPO("MlpPolicy", venv, n_steps=8, batch_size=32, n_epochs=1, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [8]})
    model.set_logger(quiet_logger())
    model.learn(32)
    assert not any(p.name.startswith("SB3-") for p in tmp_path.iterdir())
    model = MaskablePPO("MlpPolicy", venv, n_steps=8, batch_size=32, n_epochs=1, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [8]})
    model.learn(32)
    assert any(p.name.startswith("SB3-") for p in tmp_path.iterdir())


def test_resuming_gives_the_files_of_the_straight_run(runs):
    straight, split = runs / "straight", runs / "split"
    for name in ("best.npz", "latest.npz"):
        a, b = policy_file.load(straight / name), policy_file.load(split / name)
        assert a.weights_sha256 == b.weights_sha256
        for k in a.arrays:
            assert np.array_equal(a.arrays[k], b.arrays[k])
    assert log_rows(straight) == log_rows(split)
    with np.load(straight / "train_state.npz") as a, np.load(split / "train_state.npz") as b:
        assert a.files == b.files
        for k in a.files:                      # weights, Adam, snapshots, games, generators
            assert np.array_equal(a[k], b[k]), k
    assert (straight / "curve.png").read_bytes() == (split / "curve.png").read_bytes()
    # the stopped run's end-of-run evaluation is superseded, not kept
    assert [r["phase"] for r in log_rows(runs / "stopped")][-1] == "final"
    assert [int(r["timesteps"]) for r in log_rows(split)].count(3072) == 0


def test_snapshots_are_frozen_copies_not_the_live_weights(runs):
    with np.load(runs / "straight" / "train_state.npz") as z:
        first = z["snapshot/0/hidden_0.weight"]
        live = z["policy/mlp_extractor.policy_net.0.weight"]
    assert not np.array_equal(first, live)


def test_every_output_carries_the_runs_manifest(runs):
    manifests = json.loads((runs / "split" / "manifest.json").read_text())["runs"]
    assert len(manifests) == 2 and manifests[1]["resumed_at"] == 3072 and manifests[0]["resumed_at"] is None
    for m in manifests:
        assert m["package"] == "britishway-env" and m["seeds"]["seed"] == 1
        assert {"numba", "torch", "stable-baselines3", "sb3-contrib"} <= set(m["versions"])
        assert m["command"].startswith("python experiments/train.py --volume palestine")
        assert len(m["git_commit"]) == 40 or m["git_commit"] == "unknown"
    assert "--resume" in manifests[1]["command"]
    net = policy_file.load(runs / "split" / "latest.npz")
    assert net.manifest["weights_sha256"] == net.weights_sha256
    assert net.manifest["timesteps"] == 5120 and "--resume" in net.manifest["command"]
    # the critic travels as the value head, named by the same run
    assert net.has_value and net.config["value_hidden"] == train.NET and "critic" in net.config["value_source"]
    assert net.config["value_manifest"]["value_sha256"] == net.value_sha256
    assert net.config["value_manifest"]["command"] == net.manifest["command"]


def resume(folder, *extra, capsys):
    code = train.main(SMALL + ["--timesteps", "4096", "--out-dir", str(folder), "--resume", *extra])
    return code, capsys.readouterr().err


def test_resume_with_nothing_to_resume_says_so(tmp_path, capsys):
    code, err = resume(tmp_path / "never", capsys=capsys)
    assert code == 2 and "nothing to resume" in err
    (tmp_path / "empty").mkdir()
    code, err = resume(tmp_path / "empty", capsys=capsys)
    assert code == 2 and "nothing to resume" in err and "Traceback" not in err


def tamper(src, dst, how):
    shutil.copytree(src, dst)
    how(dst)
    return dst


def truncate(d):
    data = (d / "train_state.npz").read_bytes()
    (d / "train_state.npz").write_bytes(data[:len(data) // 2])


def flip_byte(d):
    data = bytearray((d / "train_state.npz").read_bytes())
    with zipfile.ZipFile(d / "train_state.npz") as z:
        info = z.getinfo("venv/states.npy")
    data[info.header_offset + 200] ^= 0x40                 # inside the stored games
    (d / "train_state.npz").write_bytes(bytes(data))


def object_array(d):
    """A state whose JSON lists an object array (as if written with pickling allowed)."""
    with np.load(d / "train_state.npz") as z:
        arrays = {k: z[k] for k in z.files}
    arrays["venv/memos"] = np.array([object()] * 3, dtype=object)
    with open(d / "train_state.npz", "wb") as f:
        np.savez(f, **arrays)


def garbage_json(d):
    (d / "train_state.json").write_text("{not json")


def npz_is_dev_zero(d):
    (d / "train_state.npz").unlink()
    (d / "train_state.npz").symlink_to("/dev/zero")


def drop_npz(d):
    (d / "train_state.npz").unlink()


def forged_rows(d):
    """Rows edited and the digests recomputed: the games themselves are checked."""
    with np.load(d / "train_state.npz") as z:
        arrays = {k: z[k] for k in z.files}
    arrays["venv/states"][0, 7] += 999
    with open(d / "train_state.npz", "wb") as f:
        np.savez(f, **arrays)
    meta = json.loads((d / "train_state.json").read_text())
    meta["arrays"] = {k: train._array_digest(a) for k, a in arrays.items()}
    (d / "train_state.json").write_text(json.dumps(meta))


@pytest.mark.parametrize("how, message", [
    (truncate, "damaged or not a plain array file"),
    (flip_byte, "damaged"),
    (object_array, "damaged or not a plain array file"),
    (garbage_json, "not valid JSON"),
    (drop_npz, "train_state.npz is missing"),
    (npz_is_dev_zero, "not a regular file"),
    (forged_rows, "the games in play: saved vector env, slot 0"),
])
def test_a_damaged_training_state_is_one_clear_error(runs, tmp_path, capsys, how, message):
    folder = tamper(runs / "stopped", tmp_path / "run", how)
    regular = [p for p in sorted(folder.iterdir()) if p.is_file() and not p.is_symlink()]
    before = {p.name: p.read_bytes() for p in regular}
    code, err = resume(folder, capsys=capsys)
    assert code == 2 and message in err and "Traceback" not in err, err
    assert {p.name: p.read_bytes() for p in regular} == before       # nothing written


def test_a_foreign_training_state_is_refused_by_name(runs, tmp_path, capsys):
    folder = tamper(runs / "stopped", tmp_path / "run", lambda d: None)
    code = train.main(["--volume", "cyprus", "--seat", "eoka", *SMALL[4:], "--timesteps", "4096",
                       "--out-dir", str(folder), "--resume"])
    err = capsys.readouterr().err
    assert code == 2 and "--volume 'palestine'" in err
    code, err = resume(folder, "--lr", "0.5", capsys=capsys)
    assert code == 2 and "--lr" in err


def test_the_training_report_names_the_files_it_evaluated_and_compares_with_the_previous(runs, tmp_path):
    import experiments.training_report as training_report
    from agents.trained import SHIPPED_SEATS

    mine = runs / "straight" / "best.npz"
    md = tmp_path / "training.md"
    assert training_report.main(["--games", "20", "--irgun", str(mine), "--other-british",
                                 str(SHIPPED_SEATS[("palestine", "british")]), "--other-irgun",
                                 str(SHIPPED_SEATS[("palestine", "irgun")]), "--runs", str(runs),
                                 "--out", str(md)]) == 0
    text = md.read_text()
    assert f"`{mine}`" in text and policy_file.load(mine).weights_sha256[:16] in text
    assert "agents/checkpoints/palestine_british.npz" in text
    assert f"--policy irgun={mine},british=heuristic" in text           # the file, not 'trained'
    assert "## The shipped networks against the other candidates" in text and "| the scripted bot |" in text
    verdicts = re.findall(r"Mean over the three opponents: shipped [0-9.]+, other candidate [0-9.]+; per game, "
                          r"shipped - other [-+][0-9.]+ \[[-+][0-9.]+, [-+][0-9.]+\] \(95%, games as the units\): "
                          r"(the shipped network is measurably|\*\*the other candidate is measurably|no difference "
                          r"is measurable over 20 games)", text)
    assert len(verdicts) == 2                                           # one per seat
    assert f"--irgun {mine}" in text                                    # the command that made the report
    assert "each game drew from its pool by weight (heuristic=0.6,random=0.1,latest=0.15,snapshots=0.15)" in text


def test_the_pool_can_hold_the_other_seats_network_and_it_plays(tmp_path, monkeypatch):
    import agents.trained as trained

    calls = []
    real = trained.load_network

    def counting(name, volume, seat=None):
        net = real(name, volume, seat)
        assert (name, volume, seat) == ("trained", "palestine", "british")

        class Counted:
            def act(self, obs, masks):
                calls.append(len(obs))
                return net.act(obs, masks)
        return Counted()

    monkeypatch.setattr(trained, "load_network", counting)
    assert train.main(SMALL + ["--pool", "heuristic=0.5,trained=0.5", "--timesteps", "1024", "--out-dir",
                              str(tmp_path / "run")]) == 0
    assert sum(calls) > 0


@pytest.mark.parametrize("pool, message", [("heuristic=abc", "not a number"), ("heuristic=-1", ">= 0"),
                                           ("heuristic=0", "add up to 0"), ("expert=1", "entries are"),
                                           ("nowhere.npz=1", "no policy file")])
def test_a_bad_pool_is_refused_by_name(tmp_path, capsys, pool, message):
    with pytest.raises(SystemExit) as exit_:
        train.main(SMALL + ["--pool", pool, "--out-dir", str(tmp_path / "run")])
    assert exit_.value.code == 2 and message in capsys.readouterr().err
