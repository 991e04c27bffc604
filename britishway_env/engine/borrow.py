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

Every kernel of the rules and the scripted bots that is not inlined borrows
the state it is handed (tests/test_borrow.py checks that too): numba would
otherwise call its count functions on the row around each inner call, calls
that return at once for a borrowed row but that LLVM cannot see through, so
the row is read again after each (docs/architecture.md, "Borrowed arrays").
"""

import numba
import numpy as np
from numba.core import cgutils, types
from numba.extending import intrinsic

from .jit import njit

if numba.config.DISABLE_JIT:
    def borrowed(arr):
        """Plain Python: the array itself."""
        return arr

    def keep(*arrays):
        """Plain Python: nothing to hold."""
        return None

    def local_array(n, dtype):
        """Plain Python: ``np.empty(n, dtype)``."""
        return np.empty(n, dtype=dtype)

    def local_matrix(rows, cols, dtype):
        """Plain Python: ``np.empty((rows, cols), dtype)``."""
        return np.empty((rows, cols), dtype=dtype)
else:
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

    def _stack_array(context, builder, aryty, shape):
        """An uninitialised C-ordered array of ``aryty`` and constant ``shape``
        in the calling kernel's stack frame (allocated once, in its entry
        block), with no owner."""
        item = context.get_data_type(aryty.dtype)      # as an array stores it (a boolean is a byte)
        itemsize = context.get_abi_sizeof(item)
        count = 1
        for n in shape:
            count *= n
        data = cgutils.alloca_once(builder, item, size=count)
        strides = []
        step = itemsize
        for n in reversed(shape):
            strides.insert(0, step)
            step *= n
        ary = context.make_array(aryty)(context, builder)

        def intp(v):
            return context.get_constant(types.intp, v)

        context.populate_array(ary, data=data, shape=tuple(intp(n) for n in shape),
                               strides=tuple(intp(s) for s in strides), itemsize=intp(itemsize), meminfo=None)
        return ary._getvalue()

    def _dtype_of(dtype):
        return dtype.dtype if isinstance(dtype, (types.NumberClass, types.DTypeSpec)) else None

    @intrinsic
    def local_array(typingctx, n, dtype):
        """``np.empty(n, dtype)`` on the stack of the calling kernel; ``n`` a
        constant (a literal or a module's integer)."""
        item = _dtype_of(dtype)
        if not isinstance(n, types.IntegerLiteral) or item is None:
            return None
        aryty = types.Array(item, 1, "C")

        def codegen(context, builder, signature, args):
            return _stack_array(context, builder, aryty, (n.literal_value,))

        return aryty(n, dtype), codegen

    @intrinsic
    def local_matrix(typingctx, rows, cols, dtype):
        """``np.empty((rows, cols), dtype)`` on the stack of the calling kernel;
        ``rows`` and ``cols`` constants."""
        item = _dtype_of(dtype)
        if not isinstance(rows, types.IntegerLiteral) or not isinstance(cols, types.IntegerLiteral) or item is None:
            return None
        aryty = types.Array(item, 2, "C")

        def codegen(context, builder, signature, args):
            return _stack_array(context, builder, aryty, (rows.literal_value, cols.literal_value))

        return aryty(rows, cols, dtype), codegen


@njit(cache=True, inline="always")
def copy_row(dst, src):
    """``dst[:] = src`` for two 1-D arrays, as a plain loop over the shorter
    one's length (never past either end). Numba's slice assignment into a
    local array from a row the kernel was handed took 72-76 ns for a state
    row of 290 int64, this loop 28 ns; between two local arrays of known
    size both take 30 ns (throwaway loops of 400,000 copies). The look-ahead
    bots copy with it (the row they are handed once per look, their
    resampled row once per sample), the search once per iteration."""
    for i in range(min(dst.shape[0], src.shape[0])):
        dst[i] = src[i]
