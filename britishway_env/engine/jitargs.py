"""One compiled version of a kernel per argument type, not per constant.

When jitted code calls another jitted function with a constant argument
(``begin_pick(state, KIND, 1, ...)``), numba types the constant as
a literal and compiles a separate version of the callee for each distinct
combination of constants: one event helper of a volume was compiled 22 times.
Each version costs a full compile and adds nothing the optimiser would not
find from the value itself.

:func:`install` makes numba type those arguments by their plain type
(``int64``) for the kernels of the packages named in ``PREFIXES``, so each
kernel compiles once per argument type. Kernels elsewhere (a user's own) are
untouched. If numba no longer has the hook, nothing is changed and the
kernels compile as before (more slowly); ``installed()`` says which.
"""

from __future__ import annotations

PREFIXES = ("britishway_env", "agents")
_state = {"installed": False}


def is_package_kernel(dispatcher) -> bool:
    """Whether ``dispatcher`` is a kernel of the packages named in ``PREFIXES``."""
    module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
    return module.startswith(PREFIXES)


def installed() -> bool:
    return _state["installed"]


def install() -> bool:
    """Install the hook once; returns whether it is in place."""
    if _state["installed"]:
        return True
    try:
        from numba.core import dispatcher, types
        original = dispatcher.Dispatcher.get_call_template
    except (ImportError, AttributeError):
        return False

    def get_call_template(self, args, kws):
        if is_package_kernel(self):
            args = tuple(types.unliteral(a) for a in args)
            kws = {k: types.unliteral(v) for k, v in kws.items()}
        return original(self, args, kws)

    get_call_template.__wrapped__ = original
    dispatcher.Dispatcher.get_call_template = get_call_template
    _state["installed"] = True
    return True
