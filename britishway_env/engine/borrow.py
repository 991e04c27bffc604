"""Borrowed arrays: compiled code that passes a game's arrays from kernel to
kernel without counting references.

Numba counts the references of every array a kernel receives: a kernel that
is not inlined raises the count of each array argument when it starts and
lowers it when it ends, and so does each inlined helper where numba's pruning
of such pairs gives up (branches, raises). Each change is an atomic
instruction (``lock inc`` / ``lock dec`` in ``NRT_incref`` / ``NRT_decref``),
which costs tens of cycles; a decision of compiled random play made about
35 of them (docs/architecture.md, "Borrowed arrays"), most of its time.

A borrowed view is the same array (data, shape, strides, the same numba type,
so no kernel compiles again for it) with no owner attached (numba's
``meminfo`` null): numba's reference counting skips such an array, and so does
every kernel it is passed down to.

The rule that keeps this safe: a view must not outlive its owner.

- A kernel that is not inlined may borrow its own array arguments for its
  whole body: its caller holds them until the call returns.
- Anywhere else (a kernel with ``inline="always"``, or an array the kernel
  made), numba frees an array after its last use, so the owner's last use
  must come after the view's: call :func:`keep` on the owner once the views
  are done with.
- A view is never returned, stored, or handed to Python.

tests/test_borrow.py checks every use in the package and the benchmarks
against this rule.
"""

from numba.core import cgutils, types
from numba.extending import intrinsic


@intrinsic
def borrowed(typingctx, arr):
    """A view of array ``arr`` with no reference count (see the module's rule)."""
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, signature, args):
        view = context.make_array(arr)(context, builder, value=args[0])
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        view.parent = cgutils.get_null_value(view.parent.type)
        return view._getvalue()

    return arr(arr), codegen


@intrinsic
def keep(typingctx, *arrays):
    """Use ``arrays`` here, so that numba frees them no earlier (the owners of
    borrowed views made before). Compiles to nothing."""
    if not all(isinstance(a, types.Array) for a in arrays):
        return None

    def codegen(context, builder, signature, args):
        return context.get_dummy_value()

    return types.none(types.StarArgTuple.from_types(arrays)), codegen
