"""Where compiled random play spends its time, compiled function by function (Linux `perf`).

    python benchmarks/profile_kernels.py                     # 10 s of random play per volume, to stdout
    python benchmarks/profile_kernels.py --volumes arab_revolt --seconds 30 --top 40
    python benchmarks/profile_kernels.py --write docs/results/benchmarks.md
    python benchmarks/profile_kernels.py --quick             # 1 s, one volume (smoke test)

bench_kernels.py times the parts of a decision (the legal mask, apply, ...)
by replaying them alone; this script samples the whole random game as it
runs and names the compiled function each sample fell in, so a helper that
costs more than it should (a call per space, a loop run too often) shows by
name. For each volume a child process compiles (or loads from numba's cache)
``playout.play_random_games``, plays a warm-up, then waits; the parent
attaches ``perf record -e cpu-clock`` (a software clock, so it works in
virtual machines without hardware counters) to it, and the child plays
random games on one thread for ``--seconds``. Numba's machine code has no
symbols perf can read, so once perf has stopped the child writes perf's map
of JIT code (``/tmp/perf-<pid>.map``: the address, size and name of every
function in every compiled library it holds, those loaded from numba's cache
too) and exits; ``perf report`` reads it, and the parent removes it.

A function's share is its own samples (a callee numba or LLVM inlined into it
counts as the caller's) over all samples in the package's compiled code, so
the shares of one volume add to 100%. Names are ``module.function`` below
``britishway_env``. Needs ``perf`` (Debian's ``linux-perf``) and permission to
attach to one's own processes (``/proc/sys/kernel/perf_event_paranoid`` at
most 2); without them it says so and exits with status 2.

``--write`` replaces only the section headed ``# Benchmarks: compiled functions by time``,
keeping its hand-written ``## Observations`` below the tables.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from common import busy_cores, command_line, cpu_model, loadavg, volumes_arg, write_section_keeping_notes  # noqa: E402

from britishway_env.registry import coin_volume_names  # noqa: E402

VOLUMES = tuple(coin_volume_names())
SECTION_HEADING = "# Benchmarks: compiled functions by time"
NOTES_HEADING = "## Observations"
PACKAGE = "britishway_env"
FREQUENCY = 4000        # samples a second


# ------------------------------------------------------------------ child --

def perf_map_lines() -> list[str]:
    """``address size name`` of every function in every compiled library this
    process holds (numba's dispatchers' overloads), in address order; a
    function's size runs to the next one's start."""
    import gc

    from numba.core.registry import CPUDispatcher

    found: dict[int, str] = {}
    for obj in gc.get_objects():
        if not isinstance(obj, CPUDispatcher):
            continue
        for cres in obj.overloads.values():
            library = cres.library
            # A library compiled here defines its functions in its final module; one
            # loaded from numba's cache, in the module it keeps for linking.
            modules = [m for m in (getattr(library, "_final_module", None), getattr(library, "_shared_module", None))
                       if m is not None]
            for function in (f for m in modules for f in m.functions):
                if function.is_declaration:
                    continue
                try:
                    address = library.get_pointer_to_function(function.name)
                except Exception:       # noqa: BLE001 - a symbol the engine does not hold
                    continue
                if address:
                    found[address] = function.name
    addresses = sorted(found)
    lines = []
    for i, address in enumerate(addresses):
        size = min(addresses[i + 1] - address, 1 << 20) if i + 1 < len(addresses) else 4096
        lines.append(f"{address:x} {size:x} {found[address]}")
    return lines


def child(volume: str, seconds: float) -> None:
    """Compile, warm up, say ``ready``, wait for ``go`` on stdin, play random
    games for ``seconds`` and say how many; once told perf has stopped, write
    the perf map and say ``mapped``."""
    import importlib

    import numba
    import numpy as np

    from britishway_env.engine.coin import results

    numba.set_num_threads(1)
    playout = importlib.import_module(f"{PACKAGE}.volumes.{volume}.playout")
    block = 200
    out = np.zeros((block, results.N_RESULT_COLUMNS), np.int64)
    playout.play_random_games(np.int64(7), np.int64(0), np.int64(block), False, out)
    print("ready", flush=True)
    sys.stdin.readline()
    start, first = time.perf_counter(), block
    while time.perf_counter() - start < seconds:
        playout.play_random_games(np.int64(7), np.int64(first), np.int64(block), False, out)
        first += block
    games = first - block
    print(f"games {games}", flush=True)
    sys.stdin.readline()                   # perf has stopped: the map is not sampled
    path = Path(f"/tmp/perf-{os.getpid()}.map")
    tmp = path.with_suffix(".part")
    tmp.write_text("\n".join(perf_map_lines()) + "\n")
    os.replace(tmp, path)
    print("mapped", flush=True)


# ----------------------------------------------------------------- parent --

def function_name(symbol: str) -> str | None:
    """``module.function`` below the package of a numba symbol
    (``_ZN14britishway_env7volumes6cyprus5turns10rules_maskB4v217...``);
    None for anything else (Python wrappers ``_ZN7cpython...`` included)."""
    if not symbol.startswith("_ZN"):
        return None
    parts, rest, i = [], symbol[3:], 0
    while i < len(rest) and rest[i].isdigit():
        j = i
        while j < len(rest) and rest[j].isdigit():
            j += 1
        n = int(rest[i:j])
        parts.append(rest[j:j + n])
        i = j + n
    if len(parts) < 3 or parts[0] != PACKAGE:
        return None
    if parts[1] == "volumes":
        parts = parts[3:]          # the volume is the section's
    else:
        parts = parts[1:]
    return ".".join(parts)


def parse_report(text: str) -> tuple[dict[str, float], float]:
    """(the package's compiled functions' shares of all samples, in percent;
    their sum) from ``perf report --sort sym --stdio``."""
    shares: dict[str, float] = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(\S+)", line)
        if not m:
            continue
        name = function_name(m.group(2))
        if name is not None:
            shares[name] = shares.get(name, 0.0) + float(m.group(1))
    return shares, sum(shares.values())


def need_perf() -> str:
    perf = shutil.which("perf")
    if perf is None:
        sys.exit("profile_kernels: needs Linux perf on the PATH (Debian: apt-get install linux-perf)")
    return perf


def profile(volume: str, seconds: float, perf: str) -> dict:
    """One volume's profile: shares by function, the games played, the share
    of samples in the package's compiled code."""
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "perf.data"
        proc = subprocess.Popen([sys.executable, __file__, "--child", volume, "--seconds", str(seconds)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        map_path = Path(f"/tmp/perf-{proc.pid}.map")
        try:
            if proc.stdout.readline().strip() != "ready":
                raise SystemExit(f"profile_kernels: the {volume} child did not start")
            record = subprocess.Popen([perf, "record", "-q", "-e", "cpu-clock", "-F", str(FREQUENCY),
                                       "-p", str(proc.pid), "-o", str(data)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            time.sleep(0.5)                                   # perf attached before the timed games
            if record.poll() is not None:
                proc.kill()
                raise SystemExit(f"profile_kernels: perf record failed: {record.stderr.read().strip()[:300]}")
            proc.stdin.write("go\n")
            proc.stdin.flush()
            said = proc.stdout.readline().split()
            if len(said) != 2 or said[0] != "games":
                raise SystemExit(f"profile_kernels: the {volume} child stopped before its games were played")
            games = int(said[1])
            record.send_signal(signal.SIGINT)                 # perf writes its data and stops
            record.wait(timeout=60)
            proc.stdin.write("map\n")
            proc.stdin.flush()
            if proc.stdout.readline().strip() != "mapped":
                raise SystemExit(f"profile_kernels: the {volume} child wrote no perf map")
            proc.wait(timeout=60)
            report = subprocess.run([perf, "report", "-i", str(data), "--sort", "sym", "--stdio"],
                                    capture_output=True, text=True, check=True).stdout
        finally:
            if proc.poll() is None:
                proc.kill()
            map_path.unlink(missing_ok=True)
    shares, total = parse_report(report)
    if total <= 0:
        raise SystemExit(f"profile_kernels: no sample of {volume} fell in compiled code (no perf map?)")
    return {"shares": {k: 100.0 * v / total for k, v in shares.items()}, "games": games, "compiled": total}


def render(results: dict, seconds: float, top: int, when: str, load_before: str, busy: float) -> str:
    lines = [SECTION_HEADING, "",
             f"{when}, {cpu_model()}, one thread; other load before the run {busy:.2f} cores busy "
             f"(load average {load_before}). Command: `{command_line()}`.", "",
             f"Compiled random play (`playout.play_random_games`, both seats random) sampled by `perf record -e "
             f"cpu-clock -F {FREQUENCY}` for {seconds:g} s a volume; a function's own samples (what numba or "
             "LLVM inlined into it counts as its) over all samples in the package's compiled code. How: this "
             "script's docstring (benchmarks/profile_kernels.py).", ""]
    for volume, r in results.items():
        lines += [f"## {volume}", "",
                  f"{r['games']:,} games; {r['compiled']:.1f}% of the process's samples in the package's "
                  "compiled code (the rest: Python between blocks of games).", "",
                  "| compiled function | share |", "|---|---:|"]
        ranked = sorted(r["shares"].items(), key=lambda kv: -kv[1])
        for name, share in ranked[:top]:
            lines.append(f"| `{name}` | {share:.1f}% |")
        rest = sum(share for _, share in ranked[top:])
        if rest > 0:
            lines.append(f"| {len(ranked) - top} others | {rest:.1f}% |")
        lines.append("")
    return "\n".join(lines)


def main(argv=None) -> str:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--volumes", default=",".join(VOLUMES), help="comma-separated (default: all three)")
    ap.add_argument("--seconds", type=float, default=10.0, help="seconds of random play sampled (default 10)")
    ap.add_argument("--top", type=int, default=25, help="functions listed per volume (default 25)")
    ap.add_argument("--quick", action="store_true", help="one volume, 1 s (smoke test)")
    ap.add_argument("--write", type=Path, help="replace this report's section in PATH")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.child, args.seconds)
        return ""
    if not 0 < args.seconds <= 3600:
        ap.error("--seconds must be in (0, 3600]")
    if args.top < 1:
        ap.error("--top must be at least 1")
    volumes = volumes_arg(ap, args.volumes, VOLUMES)
    if args.quick:
        volumes, args.seconds = volumes[:1], 1.0
    perf = need_perf()
    busy, load_before = busy_cores(), loadavg()
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    results = {v: profile(v, args.seconds, perf) for v in volumes}
    text = render(results, args.seconds, args.top, when, load_before, busy)
    print(text)
    if args.write:
        write_section_keeping_notes(args.write, SECTION_HEADING, text, NOTES_HEADING)
    return text


if __name__ == "__main__":
    main()
