"""Helpers shared by the benchmark scripts: formatting, machine facts, compile
timing in fresh processes, and report sections.

Each benchmark script owns one top-level section of docs/results/benchmarks.md.
"""

from __future__ import annotations

import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def fmt_rate(x: float) -> str:
    return f"{x:,.0f}"


def fmt_s(x: float) -> str:
    if x < 1e-3:
        return f"{x * 1e6:.0f} µs"
    if x < 1.0:
        return f"{x * 1e3:.1f} ms"
    return f"{x:.2f} s"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def busy_cores(sample_s: float = 1.0) -> float:
    """Cores kept busy by other processes, sampled from /proc/stat while idle."""
    def read():
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
        return sum(fields), idle
    try:
        total0, idle0 = read()
        time.sleep(sample_s)
        total1, idle1 = read()
    except (OSError, ValueError, IndexError):
        return float("nan")
    total = total1 - total0
    if total <= 0:
        return float("nan")
    return (1.0 - (idle1 - idle0) / total) * (os.cpu_count() or 1)


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "n/a"


def command_line() -> str:
    exe = Path(sys.executable)
    try:
        exe_s = str(exe.relative_to(Path.cwd()))
    except ValueError:
        exe_s = str(exe)
    return shlex.join([exe_s, *sys.argv])


def cache_note(dispatcher) -> str:
    stats = dispatcher.stats
    if sum(stats.cache_misses.values()):
        return "compiled (cache miss)"
    if sum(stats.cache_hits.values()):
        return "loaded from numba cache"
    return "already in memory"


def cold_compile_subprocesses(script: str, repo: Path) -> dict:
    """Run ``script`` twice with one fresh NUMBA_CACHE_DIR: cold compile, then warm cache load."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(repo), env.get("PYTHONPATH", "")) if p)
    results = {}
    with tempfile.TemporaryDirectory(prefix="numba-cold-") as cache_dir:
        env["NUMBA_CACHE_DIR"] = cache_dir
        for label in ("cold", "warm_cache"):
            t0 = time.perf_counter()
            proc = subprocess.run([sys.executable, "-c", script], env=env, cwd=repo,
                                  capture_output=True, text=True, timeout=900)
            wall = time.perf_counter() - t0
            if proc.returncode != 0:
                raise RuntimeError(f"{label} compile subprocess failed:\n{proc.stderr}")
            data = json.loads(proc.stdout.strip().splitlines()[-1])
            data["process_wall_s"] = wall
            results[label] = data
    return results


def write_section(path: Path, heading: str, report: str) -> None:
    """Replace the section starting at ``heading`` in ``path`` (or append it), keeping the rest;
    the page is written whole to a temporary file beside it and moved into place."""
    text = path.read_text() if path.exists() else ""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == heading), None)
    section = report.rstrip("\n").splitlines()
    if start is None:
        while lines and not lines[-1].strip():
            lines.pop()
        new = lines + ([""] if lines else []) + section
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("# ")), len(lines))
        tail = lines[end:]
        new = lines[:start] + section + ([""] + tail if tail else [])
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            f.write("\n".join(new) + "\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def volumes_arg(ap, text: str, volumes: tuple[str, ...]) -> list[str]:
    """The comma-separated ``--volumes`` of ``text``, each one of ``volumes``;
    ``ap.error`` (exit 2) for an unknown one or none."""
    chosen = [v.strip() for v in text.split(",") if v.strip()]
    bad = [v for v in chosen if v not in volumes]
    if bad or not chosen:
        ap.error(f"--volumes takes some of {', '.join(volumes)}; got {bad or 'none'}")
    return chosen


def write_section_keeping_notes(path: Path, heading: str, text: str, notes_heading: str = "## Observations") -> None:
    """:func:`write_section` of ``text``, the section's hand-written notes
    (:func:`kept_notes`) kept after it."""
    notes = kept_notes(path, heading, notes_heading)
    write_section(path, heading, text + ("\n" + notes if notes else ""))


def section_lines(path: Path, heading: str) -> list[str]:
    """The lines of the section ``heading`` in ``path``, its heading first, up
    to the next top-level heading (none: no such page or section)."""
    if not path.exists():
        return []
    lines = path.read_text().splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == heading), None)
    if start is None:
        return []
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("# ")), len(lines))
    return lines[start:end]


def kept_notes(path: Path, heading: str, notes_heading: str = "## Observations") -> str:
    """The hand-written part of the section ``heading`` in ``path``: from its
    ``notes_heading`` line to the section's end ("" if none), for a report
    that rewrites its section to keep."""
    lines = section_lines(path, heading)
    notes = next((i for i in range(1, len(lines)) if lines[i].startswith(notes_heading)), None)
    if notes is None:
        return ""
    return "\n".join(lines[notes:]).rstrip() + "\n"


def spiel_random_play(game, target: int, rng) -> dict:
    """OpenSpiel ``game`` played at random from Python (``rng``: a
    ``random.Random``) until ``target`` player decisions: chance by its
    probabilities, a player's move uniform over ``legal_actions()``. Returns the
    seconds, the decisions, the games finished and their decisions."""
    decisions = games = finished_decisions = 0
    t0 = time.perf_counter()
    while decisions < target:
        state = game.new_initial_state()
        in_game = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
                in_game += 1
                if decisions >= target:
                    break
        if state.is_terminal():
            games += 1
            finished_decisions += in_game
    return {"seconds": time.perf_counter() - t0, "decisions": decisions, "games": games,
            "finished_decisions": finished_decisions}
