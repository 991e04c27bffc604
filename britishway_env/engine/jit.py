"""The compile options of every kernel in the package, in one place.

Modules write ``from ...engine.jit import njit`` and decorate kernels with
``@njit(cache=True)`` as usual; this ``njit`` is numba's with the options
below added, and its kernels are :class:`Kernel` dispatchers:

- ``no_cfunc_wrapper=True``: numba otherwise builds, for every kernel, a
  C-callable wrapper that only first-class function values use (a kernel
  passed as an argument), which this package never does (VOLUMES.md: such
  kernels do not load from numba's cache). Leaving it out takes about 5 % off
  a cold compile of the rules and of the bots, measured back to back.
- The Python-callable wrapper is left out of the compile too
  (``no_cpython_wrapper=True``): most kernels are only ever called by other
  kernels, and numba would otherwise build, optimise and cache a wrapper for
  each of them. A :class:`Kernel` builds the wrapper when Python first calls
  it with those argument types, once per process, in a small library of its
  own that calls the compiled function by its symbol (some 18 ms a kernel).
  The largest volume's rules, compiled in one process on an empty cache, took
  35.1-35.3 s so against 36.6-39.3 s, and its random rollouts from an empty
  cache 8-15 % less time (docs/architecture.md, "Kernels are compiled without").

Parallel kernels (``parallel=True``) are numba's own dispatchers, wrapper
included: they are entry points, called from Python, and numba builds their
parallel parts as functions of their own. So is every kernel under a numba
that lacks one of the internals a :class:`Kernel` uses (``WRAPPER_LATER``).
"""

from __future__ import annotations

import inspect
import threading

import numba
from numba import _dynfunc
from numba.core import compiler, config, sigutils
from numba.core.compiler_lock import global_compiler_lock
from numba.core.cpu import CPUContext
from numba.core.registry import CPUDispatcher

OPTIONS = {"no_cfunc_wrapper": True}
KERNEL_OPTIONS = {**OPTIONS, "no_cpython_wrapper": True}
_PYTHON_CALLS = threading.local()      # per thread: {id(kernel): calls from Python being compiled}
# What a Kernel takes from numba's internals; a numba without one of them gets
# numba's own dispatchers, wrapper and all (the compile as it was before).
WRAPPER_LATER = (hasattr(compiler, "_make_subtarget") and hasattr(_dynfunc, "make_function")
                 and all(hasattr(CPUDispatcher, name) for name in ("_compile_for_args", "_insert", "add_overload"))
                 and hasattr(CPUContext, "create_cpython_wrapper"))


class Kernel(CPUDispatcher):
    """A numba dispatcher whose compiled versions carry no Python-callable
    wrapper; the first call from Python with given argument types builds one
    (:meth:`python_entry`) and registers it, so later calls go as fast as
    numba's own. Calls from other kernels never need it."""

    def add_overload(self, cres):
        # Numba would also register cres.entry_point for calls from Python, but
        # without a wrapper it points nowhere: only a built entry is registered.
        self.overloads[tuple(cres.signature.args)] = cres

    def _compile_for_args(self, *args, **kws):
        # Numba's path for a call from Python whose types have no registered
        # entry; counted per thread, as each thread calls and compiles in turn.
        calls = _PYTHON_CALLS.__dict__
        calls[id(self)] = calls.get(id(self), 0) + 1
        try:
            return super()._compile_for_args(*args, **kws)
        finally:
            calls[id(self)] -= 1

    def compile(self, sig):
        entry = super().compile(sig)
        if _PYTHON_CALLS.__dict__.get(id(self), 0):
            args, _ = sigutils.normalize_signature(sig)
            return self.python_entry(tuple(args))
        return entry

    @global_compiler_lock
    def python_entry(self, args: tuple):
        """The Python-callable version for argument types ``args`` (compiled
        already): built the first time, then registered for calls from Python."""
        entries = self.__dict__.setdefault("_python_entries", {})
        if args in entries:
            return entries[args][0]
        cres = self.overloads[args]
        fndesc = cres.fndesc
        # The context numba compiles with (reference counting on, for one): a
        # version loaded from the cache carries only the dispatcher's base one.
        flags = compiler.Flags()
        self.targetdescr.options.parse_as_flags(flags, self.targetoptions)
        context = compiler._make_subtarget(self.targetdescr.target_context, flags)
        library = context.codegen().create_library(f"{fndesc.qualname}.python_entry")
        context.create_cpython_wrapper(library, fndesc, cres.environment, cres.call_helper,
                                       release_gil=bool(self.targetoptions.get("nogil", False)))
        pointer = library.get_pointer_to_function(fndesc.llvm_cpython_wrapper_name)
        if not pointer:
            raise RuntimeError(f"no Python-callable wrapper could be built for {fndesc.qualname}{args}")
        function = _dynfunc.make_function(fndesc.lookup_module(), fndesc.qualname.split(".")[-1],
                                          f"compiled wrapper for {fndesc.qualname!r}", pointer,
                                          cres.environment, (library, cres.library))
        self._insert([a._code for a in args], function, False)
        entries[args] = (function, library)
        return function


def njit(function=None, **options):
    """``numba.njit`` with :data:`OPTIONS`; a :class:`Kernel` unless
    ``parallel`` (then numba's own dispatcher, with its Python wrapper)."""
    if function is not None and not callable(function):
        raise TypeError("njit takes options by name only; signatures are not used in this package")
    options = {**OPTIONS, **options}

    def decorate(py_func):
        if options.get("parallel") or not WRAPPER_LATER:
            return numba.njit(**options)(py_func)
        if not inspect.isfunction(py_func):
            raise TypeError(f"njit decorates a function, not {type(py_func).__name__}")
        if config.DISABLE_JIT:
            return py_func
        targetoptions = {**KERNEL_OPTIONS, **options, "nopython": True}
        cache = targetoptions.pop("cache", False)
        kernel = Kernel(py_func=py_func, locals={}, targetoptions=targetoptions)
        if cache:
            kernel.enable_caching()
        return kernel

    return decorate(function) if function is not None else decorate
