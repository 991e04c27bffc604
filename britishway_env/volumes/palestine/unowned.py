"""Arrays the bots use without numba's reference counting.

Numba counts the references to every array a kernel holds: a kernel that
is not inlined takes a reference to each array argument on entry and drops
it on every way out (``NRT_incref`` / ``NRT_decref``, each an atomic add to
the array's counter, which also waits for the processor's pending
stores), and each ``np.empty`` is a heap allocation, freed by the last
drop. The bots call many small kernels on the state row, per space and per
Operation, so this bookkeeping was a large part of their time (a sampling
profiler put 50% of the samples of the bots alone in the two counter
functions; timed, the bots take about a quarter less without it).

Both helpers give an array of the usual type (so the kernels that take it
compile once, as before) with no owner: a kernel handed one takes and drops
a reference to nothing (the counter functions return at once on a null
owner).

* :func:`borrowed` views an array its caller keeps alive for the whole
  call, as a kernel's own arguments are: take it at a kernel's entry, never
  for an array the kernel allocates (numba frees that one after its last
  use, and the view would point at freed memory).
* :func:`local_array` is scratch memory on the stack of the kernel that
  calls it, good until that kernel returns: a kernel may fill it, or pass it
  to the kernels it calls, but must never return it.

With ``NUMBA_DISABLE_JIT=1`` (plain Python) they are the array itself and
``np.empty``.
"""

import numba
import numpy as np
from numba.core import cgutils, types
from numba.extending import intrinsic

if numba.config.DISABLE_JIT:
    def borrowed(arr):
        """Plain Python: the array itself."""
        return arr

    def local_array(n, dtype):
        """Plain Python: ``np.empty(n, dtype)``."""
        return np.empty(n, dtype=dtype)

    def local_matrix(rows, cols, dtype):
        """Plain Python: ``np.empty((rows, cols), dtype)``."""
        return np.empty((rows, cols), dtype=dtype)
else:
    @intrinsic
    def borrowed(typingctx, arr):
        """``arr`` viewed without its owner (same data, shape, strides, type)."""
        if not isinstance(arr, types.Array):
            return None

        def codegen(context, builder, signature, args):
            src = context.make_array(arr)(context, builder, value=args[0])
            view = context.make_array(arr)(context, builder)
            view.meminfo = cgutils.get_null_value(view.meminfo.type)
            view.parent = cgutils.get_null_value(view.parent.type)
            view.nitems = src.nitems
            view.itemsize = src.itemsize
            view.data = src.data
            view.shape = src.shape
            view.strides = src.strides
            return view._getvalue()

        return arr(arr), codegen

    def _stack_array(context, builder, aryty, shape):
        """An uninitialised C-ordered array of ``aryty`` and constant ``shape``
        in the calling kernel's stack frame, with no owner."""
        item = context.get_value_type(aryty.dtype)
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
        intp = lambda v: context.get_constant(types.intp, v)  # noqa: E731
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
