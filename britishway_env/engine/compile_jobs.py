"""A cold compile on several cores: groups of kernels compiled side by side,
one group per process, meeting in numba's on-disk cache.

Numba compiles on one core, and a kernel that calls another compiles the
callee first (or loads it from the cache when a fresh entry is there). A
volume's rules and its bots are a few large call trees that share little, so
on a cold cache a volume lists them as groups (``Kernels.split``): this
process compiles the first group while helper processes compile the others,
each saving what it compiles to the cache; the warm-up that follows finds
the callees there and only links them. Kernels named by no group, and any a
helper could not compile, are compiled by the warm-up as before: a group is
an ordering hint, never needed for correctness.

Two processes often need the same callee: a helper and the warm-up, two
warm-ups started at once (a server and a command line, two test workers),
or any two processes compiling on one cold cache. Each kernel of the package
is compiled under a lock of its own, a file in one folder per user and numba
cache (:func:`machine_lock_folder`): a process that needs a kernel another
is compiling waits for it and then loads it from the cache, rather than
compiling it a second time. :func:`share_compiles` puts the locks in place
for the whole process (the package does on import). Locks are taken from
caller to callee and the call graph has no cycles (VOLUMES.md forbids
recursion in kernels), so two processes never wait on each other; within a
process numba's own compiler lock is taken first, so two threads never do
either; a lock not granted within LOCK_WAIT_S is passed over. Without a
usable folder nothing is locked and processes simply may compile alike.

A kernel is named ``"package.module:function(argument types)"``, the types
in numba's notation (``int64[::1], int8[::1], int64``): the types its callers
pass, so that the entry a helper saves is the one they look up
(``tests/test_compile_jobs.py`` checks each listed signature against numba's
cache index after normal use).

``BRITISHWAY_COMPILE_JOBS`` caps the processes (default: the cores this
process may run on; 1 compiles everything here, one kernel after another).
"""

from __future__ import annotations

import hashlib
import importlib
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Sequence

from .jitargs import is_package_kernel

JOBS_VARIABLE = "BRITISHWAY_COMPILE_JOBS"
LOCKS_VARIABLE = "BRITISHWAY_COMPILE_LOCKS"   # set for helpers: the folder of the kernel locks
PACKAGES = ("britishway_env.",)        # helpers import kernels from these packages only
HELPER_TIMEOUT_S = 900.0               # a helper past this is stopped; the warm-up compiles what it left
LOCK_WAIT_S = 300.0                    # a kernel lock not granted by then is ignored (compiled here too)

_REF = re.compile(r"^([A-Za-z_][\w.]*):([A-Za-z_]\w*)\(([\w\[\]:, ]*)\)$")


class KernelRefError(ValueError):
    """A kernel reference that is not ``package.module:function(types)``."""


def parse(ref: str) -> tuple[str, str, str]:
    """``(module, function, argument types)`` of a kernel reference; raises
    :class:`KernelRefError` for anything else or a module outside PACKAGES."""
    if not isinstance(ref, str):
        raise KernelRefError(f"a kernel reference is a string, not {type(ref).__name__}")
    found = _REF.match(ref)
    if found is None:
        raise KernelRefError(f"kernel reference {ref!r} is not 'package.module:function(argument types)'")
    module, name, types = found.groups()
    if not module.startswith(PACKAGES):
        raise KernelRefError(f"kernel reference {ref!r}: only modules of {', '.join(PACKAGES)} may be compiled")
    return module, name, types


def argument_types(types: str) -> tuple:
    """Numba's types for ``"int64[::1], int8[::1]"`` (a tuple, as a call from
    Python or from another kernel gives them, hence the same cache key)."""
    from numba.core import sigutils

    try:
        args, _ = sigutils.normalize_signature(f"({types},)" if types.strip() else "()")
    except Exception as exc:  # numba evaluates the text against its type names
        raise KernelRefError(f"argument types {types!r} are not numba types: {exc}") from None
    return tuple(args)


def kernel(ref: str):
    """The dispatcher a reference names and the argument types; raises
    :class:`KernelRefError` when the module or function is missing or is not
    a numba kernel."""
    module, name, types = parse(ref)
    try:
        found = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise KernelRefError(f"kernel reference {ref!r}: {exc}") from None
    if not hasattr(found, "compile") or not hasattr(found, "py_func"):
        raise KernelRefError(f"kernel reference {ref!r} names {type(found).__name__}, not a numba kernel")
    return found, argument_types(types)


def is_cached(dispatcher, args: tuple | None = None) -> bool:
    """Whether ``dispatcher`` (for argument types ``args``; None: for any) is
    compiled in this process or numba's on-disk cache holds a fresh entry for
    it on this machine (same source, same bytecode, same target). Any doubt
    answers False."""
    try:
        if args is None and dispatcher.overloads or args is not None and args in dispatcher.overloads:
            return True
        cache = dispatcher._cache
        index = cache._cache_file._load_index()       # {} when missing or stale (source changed)
        magic = dispatcher.targetctx.codegen().magic_tuple()
        code = hashlib.sha256(dispatcher.py_func.__code__.co_code).hexdigest()
        return any(key[1] == magic and key[2][0] == code and (args is None or key[0] == args) for key in index)
    except Exception:  # numba internals differ: assume a compile is coming
        return False


_SHARING: dict = {"dir": None}       # the folder of the kernel locks; None: compiles take no lock


def machine_lock_folder() -> str | None:
    """The folder of kernel locks that every process of this user compiling
    into the same numba cache shares (in the system's temporary folder, named
    by a hash of the package's location, the cache folder and the compile
    flags that key numba's cache), created private to the user. None when it
    cannot be made, or what stands at its name is not a private folder of
    this user (a link, a file, a folder open to others or another user's):
    then nothing is locked."""
    import numba

    key = "\0".join([str(Path(__file__).resolve().parents[2]), os.environ.get("NUMBA_CACHE_DIR", ""),
                     str(numba.config.BOUNDSCHECK), str(numba.config.OPT), numba.__version__])
    uid = os.getuid() if hasattr(os, "getuid") else 0
    folder = os.path.join(tempfile.gettempdir(),
                          f"britishway-compile-locks-{uid}-{hashlib.sha256(key.encode()).hexdigest()[:16]}")
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return None
    try:
        st = os.lstat(folder)
    except OSError:
        return None
    private = stat.S_ISDIR(st.st_mode) and not st.st_mode & 0o077
    if not private or hasattr(os, "getuid") and st.st_uid != uid:
        return None
    return folder


@contextmanager
def _kernel_lock(path: str):
    """Hold the lock file ``path`` (waiting at most LOCK_WAIT_S); without
    ``fcntl`` (not POSIX) nothing is locked."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        locked = False
        deadline = time.monotonic() + LOCK_WAIT_S
        while not locked and time.monotonic() < deadline:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                locked = True
            except BlockingIOError:
                time.sleep(0.02)
        try:
            yield
        finally:
            if locked:
                fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _install_sharing() -> bool:
    """Wrap numba's ``Dispatcher.compile`` once: while ``_SHARING["dir"]`` is
    set, a kernel of the package (``jitargs.is_package_kernel``) not yet
    compiled in this process compiles (or loads from the cache) under its lock. Returns whether the wrapper is in
    place (numba without the method: False, and groups simply overlap)."""
    try:
        from numba.core import dispatcher, sigutils
        from numba.core.compiler_lock import global_compiler_lock
        original = dispatcher.Dispatcher.compile
    except (ImportError, AttributeError):
        return False
    if getattr(original, "_britishway_sharing", False):
        return True

    def compile(self, sig):
        folder = _SHARING["dir"]
        if folder is None or not is_package_kernel(self):
            return original(self, sig)
        args = tuple(sigutils.normalize_signature(sig)[0])
        if args in self.overloads:
            return original(self, sig)
        name = f"{self.py_func.__module__}.{self.py_func.__qualname__}{args}"
        # numba's lock first: a thread waiting here for another process holds
        # no file lock a thread of this process could be waiting for
        with global_compiler_lock, \
                _kernel_lock(os.path.join(folder, hashlib.sha256(name.encode()).hexdigest()[:32] + ".lock")):
            return original(self, sig)

    compile._britishway_sharing = True
    compile.__wrapped__ = original
    dispatcher.Dispatcher.compile = compile
    return True


@contextmanager
def _sharing(folder: str | None):
    """Kernel locks in ``folder`` for the compiles of this block (None: as
    before the block)."""
    if folder is None or not _install_sharing():
        yield
        return
    before, _SHARING["dir"] = _SHARING["dir"], folder
    try:
        yield
    finally:
        _SHARING["dir"] = before


def share_compiles() -> str | None:
    """Compile every kernel of the package under its lock in
    :func:`machine_lock_folder` from now on, in this process; returns the
    folder (None: no folder could be used, or numba lacks the hook, and
    compiles take no lock)."""
    folder = machine_lock_folder()
    if folder is None or not _install_sharing():
        return None
    _SHARING["dir"] = folder
    return folder


def joined(*splits: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    """Several uses' groups as one (a use built on others, such as a runner
    over the rules and the bots): group i of each split, in turn."""
    return tuple(sum((tuple(split[i]) for split in splits if i < len(split)), ())
                 for i in range(max(map(len, splits), default=0)))


def compile_refs(refs: Sequence[str]) -> None:
    """Compile (or load from numba's cache) each kernel of ``refs`` in turn."""
    for ref in refs:
        dispatcher, args = kernel(ref)
        dispatcher.compile(args)


def jobs() -> int:
    """How many processes a cold compile may use: ``BRITISHWAY_COMPILE_JOBS``
    when set (a whole number >= 1), else the cores this process may run on."""
    value = os.environ.get(JOBS_VARIABLE, "").strip()
    if value:
        if not value.isdigit() or int(value) < 1:
            raise ValueError(f"{JOBS_VARIABLE}={value!r}: give a whole number of processes, 1 or more")
        return int(value)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _groups_for(groups: Sequence[Sequence[str]], n_jobs: int) -> list[list[str]]:
    """``groups`` folded onto ``n_jobs`` processes: group i goes to process
    i % n_jobs, in order."""
    out: list[list[str]] = [[] for _ in range(min(n_jobs, len(groups)))]
    for i, group in enumerate(groups):
        out[i % len(out)].extend(group)
    return out


def side_by_side(groups: Sequence[Sequence[str]], n_jobs: int | None = None) -> int:
    """Compile ``groups`` of kernel references, the first here and each other
    one in a helper process (at most ``n_jobs`` processes in all, default
    :func:`jobs`), and wait for the helpers. Every reference is checked before
    any process starts. Returns how many helpers ran. A helper that fails
    leaves its kernels to the caller's warm-up; a helper still running when
    this process is interrupted is stopped; a helper that cannot start
    leaves its group to this process."""
    for group in groups:
        for ref in group:
            parse(ref)
    if os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
        return 0                       # nothing compiles, nothing to share
    n_jobs = jobs() if n_jobs is None else n_jobs
    if n_jobs < 1:
        raise ValueError(f"n_jobs must be at least 1, not {n_jobs}")
    # what the cache holds already is loaded by the warm-up when needed, not here
    groups = [[ref for ref in group if not is_cached(*kernel(ref))] for group in groups]
    work = [group for group in _groups_for([g for g in groups if g], n_jobs) if group]
    if not work:
        return 0
    root = str(Path(__file__).resolve().parents[2])     # where the package is imported from
    shared = _SHARING["dir"]       # the process's folder (the package's import sets it), None if unusable
    folder = (shared or tempfile.mkdtemp(prefix="britishway-compile-")) if len(work) > 1 else None
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    if folder is not None:
        env[LOCKS_VARIABLE] = folder
    helpers, here = [], list(work[0])
    try:
        for group in work[1:]:
            try:
                helpers.append(subprocess.Popen([sys.executable, "-m", __name__, *group], env=env,
                                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                                stderr=subprocess.DEVNULL))
            except (OSError, ValueError):     # no Python to start (an embedded interpreter): here, after
                here.extend(group)
        with _sharing(folder):
            compile_refs(here)
        for helper in helpers:
            try:
                helper.wait(timeout=HELPER_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                helper.kill()
                helper.wait()
    finally:
        for helper in helpers:
            if helper.poll() is None:
                helper.kill()
                helper.wait()
        if folder is not None and folder != shared:
            shutil.rmtree(folder, ignore_errors=True)
    return len(helpers)


def main(argv: Sequence[str] | None = None) -> int:
    """A helper: compile the kernels named on the command line."""
    refs = list(sys.argv[1:] if argv is None else argv)
    try:
        for ref in refs:
            parse(ref)
    except KernelRefError as exc:
        print(f"compile_jobs: {exc}", file=sys.stderr)
        return 2
    from . import jitargs

    jitargs.install()          # as the package does: one compile per argument type, as in the caller
    folder = os.environ.get(LOCKS_VARIABLE) or None
    if folder is not None and not os.path.isdir(folder):
        folder = None          # no shared folder: compile without locks
    with _sharing(folder):
        compile_refs(refs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
