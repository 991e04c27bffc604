"""Rows an analyst can trust: every rows file carries its provenance and the
hash of its rows; the report refuses rows that cannot be one honest run (a
changed byte, the same game twice, a result the victory conditions rule out,
7.0) and reads the parts of a split run; an interrupted run keeps its finished
games and ``--resume`` completes it to the rows of an uninterrupted run; a run
with ``threads=1`` leaves numba's thread count as it found it.

The reproducers run in fresh processes where the defect lived in process
state (numba's thread count, a signal, a missing package); the command line
is run as a user runs it (``python -m britishway_env.cli``).
"""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from britishway_env import report, rollouts
from britishway_env.cli import app
from britishway_env.errors import ReportError, RowsFileError
from britishway_env.io import deferred_signals
from britishway_env.provenance import git_state, package_version, rows_hash, weights_hash
from britishway_env.registry import spec, specs

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
COIN = [found.name for found in specs() if found.report is not None]
HEURISTIC = {"british": "heuristic"}


def _env(**extra):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def cli(*args, cwd=None, timeout=300, **env):
    """``britishway ARGS`` in a fresh process: (exit status, stdout, stderr)."""
    proc = subprocess.run([sys.executable, "-m", "britishway_env.cli", *map(str, args)], env=_env(**env),
                          cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def one_line_error(code, out, err, *words):
    """A refusal: status 2, one line on stderr naming ``words``, no traceback."""
    assert code == 2, (code, out, err)
    assert "Traceback" not in out + err
    lines = [line for line in err.splitlines() if line.strip() and not line.startswith("compil")]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def rows_file(tmp_path_factory):
    """A real Palestine rows file, as `britishway rollouts --out` writes it."""
    out = tmp_path_factory.mktemp("rows") / "p.parquet"
    code, _, err = cli("rollouts", "palestine", "--games", 600, "--seed", 5, "--policy", "british=heuristic",
                       "--out", out, "--quiet")
    assert code == 0, err
    return out


def _rewrite(src: Path, dst: Path, change) -> None:
    """Rewrite a rows file with ``change(frame)`` applied, keeping its metadata (provenance included)."""
    table = pq.read_table(src)
    frame = table.to_pandas()
    change(frame)
    changed = pa.Table.from_pandas(frame, preserve_index=False).replace_schema_metadata(table.schema.metadata)
    pq.write_table(changed, dst)


# ------------------------------------------------------------- threads --

def test_threads_1_leaves_numba_threads_as_they_were_for_later_runs():
    """A run with threads=1 used to leave numba on one thread for the rest of
    the process: the next default run played on one thread."""
    code = textwrap.dedent("""
        import numba
        from britishway_env import rollouts
        from britishway_env.engine import threads as T

        seen = []
        real = T.slices
        T.slices = lambda n, threads: seen.append(threads) or real(n, threads)
        full = numba.get_num_threads()
        assert full == numba.config.NUMBA_NUM_THREADS == 2, full
        one = rollouts.run("palestine", 50, seed=1, threads=1)
        assert numba.get_num_threads() == full, numba.get_num_threads()
        assert one.attrs["britishway"]["run"]["threads"] == 1
        assert set(seen) == {1}, seen
        seen.clear()
        again = rollouts.run("palestine", 50, seed=1)              # the default: every thread
        assert set(seen) == {full}, seen
        assert again.attrs["britishway"]["run"]["threads"] == full
        rollouts.run("solo1948", 50, seed=1, threads=1)
        assert numba.get_num_threads() == full
        try:                                                        # restored on an error too
            rollouts.run("palestine", 50, seed=1, threads=1, progress=lambda n: 1 / 0)
        except ZeroDivisionError:
            pass
        assert numba.get_num_threads() == full
        print("ok")
    """)
    proc = subprocess.run([sys.executable, "-c", code], env=_env(NUMBA_NUM_THREADS="2"), capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr


# ---------------------------------------------------------- provenance --

def test_the_parquet_file_records_where_its_rows_come_from(rows_file):
    doc = json.loads(pq.read_schema(rows_file).metadata[rollouts.PROVENANCE_KEY])
    commit, dirty = git_state()
    assert doc["package"] == "britishway-env" and doc["version"] == package_version()
    assert doc["git_commit"] == commit and doc["git_dirty"] == dirty
    assert doc["command"].startswith("britishway rollouts palestine --games 600")
    run = doc["run"]
    assert run["volume"] == "palestine" and run["seed"] == 5 and run["games"] == {"first": 0, "count": 600}
    assert run["policies"] == {"british": {"policy": "heuristic"}, "irgun": {"policy": "random"}}
    assert run["backend"] == "local" and 1 <= run["threads"] <= os.cpu_count()
    assert doc["rows"]["count"] == 600 and doc["rows"]["sha256"] == rows_hash(pq.read_table(rows_file))
    assert rollouts.read_rows(rows_file).warnings == []


def test_a_network_is_recorded_with_the_hash_of_its_weights(tmp_path):
    from agents.trained import load_network

    out = tmp_path / "ppo.csv"
    df = rollouts.run("solo1948", 30, seed=2, policy="ppo")
    rollouts.write_rows(df, out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ppo.csv", "ppo.csv.meta.json"]
    doc = json.loads((tmp_path / "ppo.csv.meta.json").read_text())
    entry = doc["run"]["policies"]["israeli"]
    assert entry == {"policy": "ppo", "weights_sha256": weights_hash(load_network("ppo", "solo1948").actor_arrays)}
    back = rollouts.read_rows(out)
    assert back.warnings == [] and back.run == df.attrs["britishway"]["run"]
    assert rows_hash(back.frame) == rows_hash(df) == doc["rows"]["sha256"]


def test_the_report_prints_the_provenance(rows_file, tmp_path):
    code, out, err = cli("report", rows_file, "--out", tmp_path / "rep")
    assert code == 0, err
    text = (tmp_path / "rep" / "report.md").read_text()
    commit, _ = git_state()
    for shown in (text, out):
        assert "run: palestine, base seed 5, british=heuristic, irgun=random" in shown
        assert "games 0..599 (600 rows)" in shown and "local backend" in shown
        assert f"britishway-env {package_version()}, commit {commit}" in shown
        assert "command: britishway rollouts palestine --games 600" in shown
    assert "## Where these rows come from" in text
    in_memory = report.write(rollouts.run("palestine", 30, seed=2), tmp_path / "mem").read_text()
    assert "(rows in memory): games 0..29 (30 rows)" in in_memory and "run: palestine, base seed 2" in in_memory


def test_write_rows_refuses_a_provenance_the_rows_no_longer_match(tmp_path):
    df = rollouts.run("palestine", 40, seed=3)
    with pytest.raises(RowsFileError, match=r"not games 0\.\.39 of the run .*provenance=None"):
        rollouts.write_rows(df[df["decisions"] > df["decisions"].median()], tmp_path / "picked.parquet")
    rollouts.write_rows(df[df["decisions"] > df["decisions"].median()], tmp_path / "picked.parquet", provenance=None)
    back = rollouts.read_rows(tmp_path / "picked.parquet")
    assert back.run is None and "records no run" in back.warnings[0]


# ------------------------------------------------ rows that were changed --

def test_a_flipped_winner_in_a_written_file_is_refused(rows_file, tmp_path):
    """The old report accepted a file whose winners were changed after it was written."""
    bad = tmp_path / "flipped.parquet"

    def flip(frame):
        i = int(np.flatnonzero(frame["winner"].to_numpy() == "british")[0])
        frame.loc[i, "winner"] = "irgun"

    _rewrite(rows_file, bad, flip)
    one_line_error(*cli("report", bad, "--out", tmp_path / "rep"), "do not match the SHA-256", str(bad))
    assert not (tmp_path / "rep" / "report.md").exists()


def test_no_flipped_byte_changes_the_rows_without_a_word(rows_file):
    """Flip one bit at many places of a real file: reading it either refuses
    the file or gives exactly the rows that were written."""
    data = rows_file.read_bytes()
    expected = report.load([rows_file]).frame
    rng = np.random.default_rng(0)
    positions = sorted(set(rng.integers(0, len(data), 150).tolist()) | set(range(len(data) - 600, len(data), 7)))
    target = rows_file.parent / "flip.parquet"
    refused = 0
    for pos in positions:
        flipped = bytearray(data)
        flipped[pos] ^= 1 << int(rng.integers(8))
        target.write_bytes(bytes(flipped))
        try:
            got = report.load([target]).frame
        except ReportError:
            refused += 1
            continue
        pd.testing.assert_frame_equal(got, expected)
    assert refused > len(positions) // 2


def test_a_changed_provenance_is_refused(rows_file, tmp_path):
    table = pq.read_table(rows_file)
    doc = json.loads(table.schema.metadata[rollouts.PROVENANCE_KEY])
    doc["command"] = "britishway rollouts palestine --games 600 --seed 99"
    meta = {**table.schema.metadata, rollouts.PROVENANCE_KEY: json.dumps(doc).encode()}
    pq.write_table(table.replace_schema_metadata(meta), tmp_path / "p.parquet")
    one_line_error(*cli("report", tmp_path / "p.parquet", "--out", tmp_path / "rep"), "provenance does not match")


def test_a_changed_csv_row_is_refused(tmp_path):
    out = tmp_path / "rows.csv"
    code, _, err = cli("rollouts", "palestine", "--games", 60, "--seed", 2, "--out", out, "--quiet")
    assert code == 0, err
    code, stdout, err = cli("report", out, "--out", tmp_path / "rep")         # the report reads CSV rows
    assert code == 0, err
    assert "games 0..59 (60 rows)" in stdout
    text = out.read_text().replace(",british,", ",irgun,", 1)
    out.write_text(text)
    one_line_error(*cli("report", out, "--out", tmp_path / "rep"), "do not match the SHA-256")


def test_rows_without_provenance_are_reported_with_a_note(rows_file, tmp_path):
    plain = tmp_path / "plain.parquet"
    pd.read_parquet(rows_file).to_parquet(plain)
    result = runner.invoke(app, ["report", str(plain), "--out", str(tmp_path / "rep")])
    assert result.exit_code == 0, result.output
    assert "carries no provenance" in result.output
    assert "**Note:**" in (tmp_path / "rep" / "report.md").read_text()


# ------------------------------------------------ the same game twice --

def test_the_same_game_twice_is_refused(rows_file, tmp_path):
    """The old report counted a duplicated game twice without a word."""
    doubled = tmp_path / "doubled.parquet"
    frame = pd.read_parquet(rows_file)
    pd.concat([frame, frame.iloc[10:13]], ignore_index=True).to_parquet(doubled)
    one_line_error(*cli("report", doubled, "--out", tmp_path / "rep"), "the same game twice", "(game 10)")
    # one file given twice, or in a folder and by name
    one_line_error(*cli("report", rows_file, rows_file, "--out", tmp_path / "rep"), "given twice")


def test_overlapping_parts_of_a_run_are_refused(tmp_path):
    a = rollouts.run("palestine", 30, seed=4)
    b = rollouts.run("palestine", 30, seed=4, first_game=20)
    rollouts.write_rows(a, tmp_path / "a.parquet")
    rollouts.write_rows(b, tmp_path / "b.parquet")
    with pytest.raises(ReportError, match=r"games 20\.\.29 are in both .*a\.parquet and .*b\.parquet"):
        report.load([tmp_path])


# ------------------------------------------- results the rules rule out --

def _break_victory(frame, volume, case):
    """Change one row so that it breaks 7.0 and nothing else."""
    found = spec(volume)
    insurgent = found.report.insurgent
    counter = next(seat for seat in found.agents if seat != insurgent)
    rounds = len(found.report.propaganda_cards)
    frame["political_will_after_round"] = frame["political_will_after_round"].map(list)
    i = int(np.flatnonzero((frame["winner"] == counter).to_numpy())[0])
    if case == "british win at Political Will 0":
        frame.at[i, "political_will_after_round"] = frame.at[i, "political_will_after_round"][:-1] + [0]
        frame.loc[i, "final_political_will"] = 0
    else:                                    # an insurgent win with Political Will above 0
        frame.loc[i, "winner"] = insurgent
    assert frame.loc[i, "victory_round"] == rounds
    return i


@pytest.mark.parametrize("volume", COIN)
@pytest.mark.parametrize("case, words", [("british win at Political Will 0", "won with Political Will at 0"),
                                         ("insurgent win above 0", "won with Political Will above 0")])
def test_rows_that_break_the_victory_conditions_are_refused(volume, case, words):
    frame = rollouts.run(volume, 60, seed=1)
    report.check_rows(frame)                                   # real rows pass
    i = _break_victory(frame, volume, case)
    with pytest.raises(ReportError, match=rf"{words}.*7\.0\.1.*\(game {i}\)"):
        report.check_rows(frame)


def test_a_british_win_before_the_last_round_and_a_game_past_political_will_0_are_refused():
    frame = rollouts.run("palestine", 40, seed=1)
    propaganda = spec("palestine").report.propaganda_cards
    i, j = np.flatnonzero((frame["winner"] == "british").to_numpy())[:2]
    early = frame.copy()            # game i cut after its second Propaganda Round, still a British win
    cards = list(early.at[i, "cards"])
    cut = [k for k, card in enumerate(cards) if card in propaganda][1] + 1
    early.at[i, "cards"] = cards[:cut]
    early.at[i, "events"] = [e for e in early.at[i, "events"] if int(e.split(":")[0][1:]) in cards[:cut]]
    early.at[i, "political_will_after_round"] = list(early.at[i, "political_will_after_round"][:2])
    early.loc[i, "victory_round"] = 2
    early.loc[i, "final_political_will"] = early.at[i, "political_will_after_round"][-1]
    assert early.loc[i, "final_political_will"] > 0
    with pytest.raises(ReportError, match=rf"british won before the final Propaganda Round.*7\.0\.2.*\(game {i}\)"):
        report.parse(early)
    went_on = frame.copy()          # Political Will 0 after round 1, yet a third round was played
    went_on.at[j, "political_will_after_round"] = [0] + list(went_on.at[j, "political_will_after_round"][1:])
    with pytest.raises(ReportError, match=rf"stood at 0 after an earlier Propaganda Round.*7\.0\.1.*\(game {j}\)"):
        report.check_rows(went_on)
    final = frame.copy()
    final.loc[i, "final_political_will"] = final.at[i, "political_will_after_round"][-1] - 1
    with pytest.raises(ReportError, match=rf"final_political_will.*\(game {i}\)"):
        report.check_rows(final)


def test_the_cli_refuses_a_rule_breaking_row(rows_file, tmp_path):
    bad = tmp_path / "bad.parquet"
    frame = pd.read_parquet(rows_file)
    i = _break_victory(frame, "palestine", "british win at Political Will 0")
    frame.to_parquet(bad)                                    # no provenance: only the rules can catch it
    one_line_error(*cli("report", bad, "--out", tmp_path / "rep"), "won with Political Will at 0", f"game {i}")


def test_solo_rows_are_checked_against_the_solo_victory_conditions():
    frame = rollouts.run("solo1948", 400, seed=3, policy="heuristic")
    report.check_rows(frame)
    loss = int(np.flatnonzero((frame["outcome"] == "complete_loss").to_numpy())[0])
    win = int(np.flatnonzero((frame["outcome"] == "decisive_victory").to_numpy())[0])
    cases = [
        (lambda f: f.__setitem__("israeli_win", ~f["israeli_win"]), "israeli_win"),
        (lambda f: f.loc.__setitem__((loss, [f"arab_tokens_{n}" for n in ("north", "central", "south")]), 2),
         "Complete Loss with no front"),
        (lambda f: f.loc.__setitem__((win, "arab_tokens_south"), 6), "scores as a Complete Loss"),
        (lambda f: f.loc.__setitem__((win, "turns"), 2), "Decisive Victory before turn 3"),
        (lambda f: (f.__setitem__("outcome", f["outcome"].astype(object)),
                    f.loc.__setitem__((win, "outcome"), "attrition_victory")), "Attrition Victory while"),
    ]
    for change, words in cases:
        bad = frame.copy()
        change(bad)
        with pytest.raises(ReportError, match=words):
            report.check_rows(bad)
    with pytest.raises(ReportError, match="these are solo1948 rows; the balance report is for the COIN volumes"):
        report.write(frame, "unused")


# --------------------------------------------------------- split runs --

def test_a_run_played_in_parts_reports_as_the_whole_run(tmp_path):
    parts = tmp_path / "parts"
    for first, games in ((0, 150), (150, 100), (250, 50)):
        code, _, err = cli("rollouts", "palestine", "--games", games, "--first-game", first, "--seed", 6,
                           "--policy", "british=heuristic", "--out", parts / f"part{first}.parquet", "--quiet")
        assert code == 0, err
    whole = rollouts.run("palestine", 300, seed=6, policies=HEURISTIC)
    source = report.load([parts])
    pd.testing.assert_frame_equal(source.frame.drop(columns=["cards", "events", "political_will_after_round"]),
                                  whole.drop(columns=["cards", "events", "political_will_after_round"]),
                                  check_dtype=False)
    assert not [note for note in source.notes if "none of the files" in note or "provenance" in note]
    code, out, err = cli("report", parts, "--out", tmp_path / "rep")
    assert code == 0, err
    rollouts.write_rows(whole, tmp_path / "whole.parquet")
    code, _, err = cli("report", tmp_path / "whole.parquet", "--out", tmp_path / "rep_whole")
    assert code == 0, err
    split_md = (tmp_path / "rep" / "report.md").read_text()
    whole_md = (tmp_path / "rep_whole" / "report.md").read_text()
    assert split_md.split("## Who wins")[1] == whole_md.split("## Who wins")[1]      # the same figures
    assert split_md.count("part") >= 3 and "games 150..249 (100 rows)" in split_md


def test_a_gap_between_parts_is_reported_and_other_runs_are_refused(tmp_path):
    rollouts.write_rows(rollouts.run("palestine", 40, seed=6), tmp_path / "a.parquet")
    rollouts.write_rows(rollouts.run("palestine", 40, seed=6, first_game=100), tmp_path / "c.parquet")
    source = report.load([tmp_path / "a.parquet", tmp_path / "c.parquet"])
    assert any("games 40..99 of the run (base seed 6) are in none of the files" in n for n in source.notes)
    path = report.write(source, tmp_path / "rep")
    assert "games 40..99 of the run (base seed 6) are in none of the files" in path.read_text()
    rollouts.write_rows(rollouts.run("palestine", 40, seed=7, first_game=200), tmp_path / "other_seed.parquet")
    with pytest.raises(ReportError, match="not one run: their base seeds differ"):
        report.load([tmp_path])
    (tmp_path / "other_seed.parquet").unlink()
    rollouts.run("palestine", 10, seed=6, first_game=300).to_parquet(tmp_path / "plain.parquet")
    with pytest.raises(ReportError, match="records no run, so nothing ties its rows"):
        report.load([tmp_path])
    (tmp_path / "plain.parquet").unlink()
    rollouts.write_rows(rollouts.run("palestine", 10, seed=6, first_game=300, policies=HEURISTIC),
                        tmp_path / "pair.parquet")
    with pytest.raises(ReportError, match="2 policy pairs .*--pool"):
        report.load([tmp_path])
    assert len(report.load([tmp_path], pool=True).frame) == 90


# -------------------------------------------- interruption and --resume --

def _interrupted(args, out: Path, sig, after_games: int):
    """Run ``britishway rollouts ARGS`` in a fresh process whose chunks are slowed
    down; once ``after_games`` games are done, send it ``sig`` from here."""
    marker = out.with_name("chunks_done")
    code = textwrap.dedent(f"""
        import signal, sys, time
        from pathlib import Path
        # Ctrl-C as in a terminal, even when this suite runs as a shell's background job (which starts
        # its processes with SIGINT ignored, and Python then raises no KeyboardInterrupt).
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from britishway_env import rollouts
        real = rollouts.Played.add
        def add(self, start, n, rows):
            real(self, start, n, rows)
            done = int(self.done.sum())
            Path({str(marker)!r}).write_text(str(done))
            time.sleep(0.4)
        rollouts.Played.add = add
        from britishway_env.cli import app
        sys.argv = ["britishway", "rollouts", *{[str(a) for a in args]!r}]
        app()
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], env=_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 240
    while time.time() < deadline and proc.poll() is None:
        if marker.exists() and marker.read_text() and int(marker.read_text()) >= after_games:
            break
        time.sleep(0.05)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(sig)
    out_text, err_text = proc.communicate(timeout=120)
    return proc.returncode, out_text, err_text


@pytest.mark.parametrize("volume, args, suffix, sig", [
    ("palestine", ["--games", 4000, "--policy", "british=heuristic"], ".parquet", signal.SIGTERM),
    ("solo1948", ["--games", 40_000, "--policy", "heuristic"], ".csv", signal.SIGINT),
])
def test_an_interrupted_run_keeps_its_games_and_resume_finishes_it(tmp_path, volume, args, suffix, sig):
    out = tmp_path / f"rows{suffix}"
    full = ["rollouts", volume, *args, "--seed", 9, "--out", out, "--quiet"]
    chunk = spec(volume).runner_module.ROLLOUTS.chunk_size(int(args[1]), "heuristic")
    code, _, err = _interrupted(full[1:], out, sig, after_games=2 * chunk)
    assert code == (143 if sig == signal.SIGTERM else 130), err
    assert "Traceback" not in err and "--resume" in err
    partial = rollouts.partial_path(out)
    assert not out.exists() and partial.exists()
    kept = rollouts.read_rows(partial)
    assert kept.partial and kept.warnings == []
    first, stop = kept.done[0]
    assert len(kept.done) == 1 and first == 0 and stop % chunk == 0 and 2 * chunk <= stop < int(args[1])
    straight = tmp_path / f"straight{suffix}"
    code, _, err = cli("rollouts", volume, *args, "--seed", 9, "--out", straight, "--quiet")
    assert code == 0, err
    expected = rollouts.read_rows(straight)
    assert rows_hash(kept.frame) == rows_hash(expected.frame.iloc[:stop])      # the partial file is Parquet
    # a new run over the kept games is refused; another run's --resume is refused; the same command resumes
    one_line_error(*cli(*full), "interrupted run", "--resume")
    one_line_error(*cli(*[a if a != 9 else 10 for a in full], "--resume"), "not this run", "--seed 9 there")
    code, stdout, err = cli(*full, "--resume")
    assert code == 0, err
    assert f"resuming from {partial}: {stop:,} of {int(args[1]):,} games" in err
    assert not partial.exists()
    done = rollouts.read_rows(out)
    assert done.provenance["rows"]["sha256"] == expected.provenance["rows"]["sha256"]
    pd.testing.assert_frame_equal(done.frame, expected.frame)
    assert done.run["resumed"] is True
    if suffix == ".parquet":
        assert pq.read_table(out).equals(pq.read_table(straight))       # the same rows, column for column
    code, _, err = cli(*full, "--resume")                                 # nothing left to do
    assert code == 0 and "already holds all" in err


def test_chunks_kept_out_of_order_are_resumed_by_filling_the_holes(tmp_path):
    """Ray hands chunks back in any order: a partial file may hold games with
    holes between them, and resuming plays exactly the holes."""
    run = rollouts.plan("solo1948", 3000, seed=2)
    played = rollouts.Played(run)
    for start, n in ((2000, 1000), (0, 1000)):
        played.add(start, n, run.runner.play_range(run.seed, start, n, run.chosen))
    assert played.done_ranges() == [[0, 1000], [2000, 3000]]
    assert played.todo(400) == [(1000, 400), (1400, 400), (1800, 200)]
    out = tmp_path / "rows.parquet"
    rollouts.write_rows(played.frame(), rollouts.partial_path(out),
                        run.provenance(1, done=played.done_ranges()), _partial=True)
    notes, ran = [], []
    df = rollouts.run_to_file(out, "solo1948", 3000, seed=2, resume=True, notice=notes.append,
                              progress=ran.append)
    assert "2,000 of 3,000 games already played" in notes[0] and sum(ran) == 3000
    assert df.attrs[rollouts.PLAYED_KEY] == 1000
    pd.testing.assert_frame_equal(rollouts.read_rows(out).frame, rollouts.run("solo1948", 3000, seed=2))


def test_resume_needs_the_output_and_something_to_resume(tmp_path):
    one_line_error(*cli("rollouts", "solo1948", "--games", 10, "--resume", "--quiet"), "--resume", "--out")
    one_line_error(*cli("rollouts", "solo1948", "--games", 10, "--out", tmp_path / "r.parquet", "--resume",
                        "--quiet"), "nothing to resume")


def test_signals_wait_for_a_deferred_block():
    caught = []
    before = signal.signal(signal.SIGINT, signal.default_int_handler)     # as in a terminal (see _interrupted)
    try:
        with pytest.raises(KeyboardInterrupt):
            with deferred_signals():
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.05)
                caught.append("block finished")
    finally:
        signal.signal(signal.SIGINT, before)
    assert caught == ["block finished"]


def test_a_signal_the_process_ignores_stays_ignored_after_a_deferred_block():
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with deferred_signals():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


# ------------------------------------------------ messages for a CLI user --

def test_backend_ray_without_ray_says_to_install_the_extra(tmp_path):
    """The old command ended in 'internal error: ImportError ...'."""
    blocker = tmp_path / "site"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text("import sys\nsys.modules['ray'] = None\n")
    env = {"PYTHONPATH": f"{blocker}{os.pathsep}{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    proc = subprocess.run([sys.executable, "-m", "britishway_env.cli", "rollouts", "palestine", "--games", "10",
                           "--backend", "ray", "--quiet"], env=dict(os.environ, **env), capture_output=True,
                          text=True, timeout=120)
    one_line_error(proc.returncode, proc.stdout, proc.stderr, "pip install 'britishway-env[ray]'")
    proc = subprocess.run([sys.executable, "-c", "from britishway_env import rollouts\n"
                           "rollouts.run('palestine', 10, backend='ray')"], env=dict(os.environ, **env),
                          capture_output=True, text=True, timeout=120)
    assert "MissingExtraError" in proc.stderr and "britishway-env[ray]" in proc.stderr


def test_messages_that_name_the_volume_argument_name_the_cli_option(tmp_path):
    with pytest.raises(ReportError, match="--volume on the command line"):
        report.parse(pd.DataFrame({"winner": ["irgun"]}))
    frame = rollouts.run("palestine", 20, seed=1)
    frame.to_parquet(tmp_path / "rows.parquet")
    result = runner.invoke(app, ["report", str(tmp_path / "rows.parquet"), "--volume", "palestine",
                                 "--out", str(tmp_path / "rep")])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["report", str(tmp_path / "rows.parquet"), "--volume", "cyprus",
                                 "--out", str(tmp_path / "rep")])
    assert result.exit_code == 2 and "lacks columns" in result.output


def test_first_game_is_checked_and_a_part_holds_those_games_of_the_run():
    with pytest.raises(ValueError, match=r"first_game \(--first-game\) must be in 0\.\."):
        rollouts.run("solo1948", 10, first_game=-1)
    one_line_error(*cli("rollouts", "solo1948", "--first-game", -5, "--quiet"), "--first-game")
    with pytest.raises(ValueError, match=r"split a larger run into parts .*--first-game"):
        rollouts.check_run("palestine", 10**9, 0)
    part = rollouts.run("solo1948", 50, seed=4, first_game=1000)
    whole = rollouts.run("solo1948", 1050, seed=4)
    pd.testing.assert_frame_equal(part, whole.iloc[1000:].reset_index(drop=True))
