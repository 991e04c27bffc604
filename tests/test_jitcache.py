"""The numba cache guard (engine/jitcache.py) drops what an edit can affect, and only that.

A kernel's cache file holds the kernels it calls and the constants it read,
and numba checks only the kernel's own source file. The guard keys each module
on its own source and its module-level package imports, transitively: an edit
to a bot module must drop the bots and what imports them, never the rules.
"""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from britishway_env.engine import jitcache

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "britishway_env"

# A tiny package shaped like a volume: a layout, rules that read it, bots that
# call the rules, a runner that calls the bots, and a module of its own.
MODULES = {
    "__init__.py": "",
    "layout.py": "SIZE = 3\n",
    "rules.py": "from numba import njit\nfrom .layout import SIZE\n\n@njit(cache=True)\ndef legal(x):\n"
                "    return x + SIZE\n",
    "bots.py": "from numba import njit\nfrom .rules import legal\n\n@njit(cache=True)\ndef choose(x):\n"
               "    return legal(x) * 2\n",
    "batch.py": "from numba import njit\nfrom . import bots\n\n@njit(cache=True)\ndef play(x):\n"
                "    return bots.choose(x) + 1\n",
    "other.py": "from numba import njit\n\n@njit(cache=True)\ndef alone(x):\n    return x - 1\n",
}

PROBE = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, sys.argv[1])
    from britishway_env.engine.jitcache import guard_package_cache
    dropped = guard_package_cache(sys.argv[1] + "/vol")
    from vol import rules, bots, batch, other
    values = [rules.legal(1), bots.choose(1), batch.play(1), other.alone(1)]
    hits = {f.__name__: sum(f.stats.cache_hits.values()) for f in (rules.legal, bots.choose, batch.play, other.alone)}
    print(json.dumps({"dropped": dropped, "values": values, "loaded": hits}))
""")


def _write(root: Path, name: str, text: str) -> None:
    path = root / "vol" / name
    path.write_text(text)
    st = path.stat()                       # numba's own check keys on mtime and size: move mtime on
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))


def _probe(root: Path, env: dict) -> dict:
    env = dict(env, PYTHONPATH=str(ROOT))
    res = subprocess.run([sys.executable, "-c", PROBE, str(root)], capture_output=True, text=True, env=env,
                         timeout=300)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("cache_dir", [False, True], ids=["pycache", "NUMBA_CACHE_DIR"])
def test_an_edit_drops_the_kernels_it_can_affect_and_no_others(tmp_path, cache_dir):
    (tmp_path / "vol").mkdir()
    for name, text in MODULES.items():
        (tmp_path / "vol" / name).write_text(text)
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    if cache_dir:
        env["NUMBA_CACHE_DIR"] = str(tmp_path / "numba-cache")

    first = _probe(tmp_path, env)
    assert first["values"] == [4, 8, 9, 0]
    assert first["loaded"] == {"legal": 0, "choose": 0, "play": 0, "alone": 0}   # compiled, now cached

    again = _probe(tmp_path, env)
    assert again["dropped"] == []
    assert again["loaded"] == {"legal": 1, "choose": 1, "play": 1, "alone": 1}

    # A bot edit: the bots and the runner that imports them recompile; the rules load from the cache.
    _write(tmp_path, "bots.py", MODULES["bots.py"].replace("* 2", "* 3"))
    bot_edit = _probe(tmp_path, env)
    assert sorted(bot_edit["dropped"]) == ["batch", "bots"]
    assert bot_edit["values"] == [4, 12, 13, 0]                   # the runner sees the new bot
    assert bot_edit["loaded"] == {"legal": 1, "choose": 0, "play": 0, "alone": 1}

    # A layout edit reaches every kernel that reads it, directly or through a callee.
    _write(tmp_path, "layout.py", "SIZE = 5\n")
    layout_edit = _probe(tmp_path, env)
    assert sorted(layout_edit["dropped"]) == ["batch", "bots", "layout", "rules"]
    assert layout_edit["values"] == [6, 18, 19, 0]
    assert layout_edit["loaded"] == {"legal": 0, "choose": 0, "play": 0, "alone": 1}


def test_without_a_stamp_every_cached_kernel_is_dropped(tmp_path):
    """A cache of unknown provenance (no stamp, an unreadable stamp) never loads."""
    pkg = tmp_path / "p"
    (pkg / "__pycache__").mkdir(parents=True)
    (pkg / "m.py").write_text("X = 1\n")
    stale = pkg / "__pycache__" / "m.f-1.py311.nbi"
    stale.write_text("old")
    (pkg / "__pycache__" / jitcache.STAMP).write_text("not json")
    assert jitcache.guard_package_cache(pkg) == ["m"]
    assert not stale.exists()
    stale.write_text("new")
    assert jitcache.guard_package_cache(pkg) == []
    assert stale.exists()


def test_imports_are_read_at_module_level_only(tmp_path):
    pkg = tmp_path / "p"
    pkg.mkdir()
    for name in ("__init__", "a", "b", "c", "d"):
        (pkg / f"{name}.py").write_text("")
    (pkg / "m.py").write_text("import os\nfrom . import a\nfrom .b import x\ntry:\n    import p.c\nexcept ImportError:\n"
                              "    pass\n\ndef f():\n    from . import d\n")
    assert {p.name for p in jitcache.imports_of(pkg / "m.py", pkg)} == {"__init__.py", "a.py", "b.py", "c.py"}


def _closure(rel: str) -> set[str]:
    return {str(p.relative_to(PKG)) for p in jitcache.dependency_closure(PKG / rel, PKG)}


def test_palestine_rules_do_not_depend_on_its_bots_runner_or_fuzzer():
    rules = _closure("volumes/palestine/turns.py")
    assert "volumes/palestine/layout.py" in rules and "volumes/palestine/events.py" in rules
    for consumer in ("bots.py", "batch.py", "invariants.py", "game.py", "rollouts.py", "render.py"):
        assert f"volumes/palestine/{consumer}" not in rules
    assert "volumes/palestine/turns.py" in _closure("volumes/palestine/bots.py")
    assert "volumes/palestine/bots.py" in _closure("volumes/palestine/batch.py")
    assert "volumes/palestine/bots.py" not in _closure("volumes/palestine/playout.py")   # random rollouts


def test_engine_modules_depend_on_no_volume():
    for path in sorted((PKG / "engine").rglob("*.py")):
        deps = _closure(str(path.relative_to(PKG)))
        assert not [d for d in deps if d.startswith(("volumes/", "solo1948/"))], path


def test_kernels_compile_once_per_argument_type_not_per_constant():
    """engine/jitargs.py: a package kernel called from jitted code with constants
    is compiled for their plain types, once."""
    import numpy as np
    from numba import njit, types

    from britishway_env.engine import jitargs, rng

    assert jitargs.installed()

    @njit
    def caller(state):
        return rng.roll(state, 6, 0, 1, 8) + rng.roll(state, 3, 0, 1, 8)

    assert 0 <= caller(np.zeros(12, dtype=np.int64)) <= 7
    signatures = rng.roll.signatures
    assert signatures and not [t for sig in signatures for t in sig if isinstance(t, types.Literal)], signatures

    @njit
    def local_callee(x, k):
        return x + k

    @njit
    def local_caller(x):
        return local_callee(x, 1) + local_callee(x, 2)

    assert local_caller(1) == 5
    assert len(local_callee.signatures) == 2      # other code keeps numba's own behaviour
