"""Files the package writes (atomically, or not at all) and files it reads from outside (bounded).

Every output file is written to a temporary file in its own folder and
renamed over the final name (``os.replace``) only once it is complete, so an
interrupted or failed write never leaves a partial file under the final name
and never clobbers the previous one. The temporary file is removed on any
failure, including ``KeyboardInterrupt`` and ``SystemExit`` (the CLI turns
SIGTERM into ``SystemExit``, see :func:`sigterm_as_exit`).

    from britishway_env.io import atomic_write_text, atomic_path

    atomic_write_text("save.json", json.dumps(state))
    with atomic_path("rows.parquet") as tmp:      # any writer that takes a path
        df.to_parquet(tmp, index=False)

:func:`check_output_path` validates a destination before any work is done
(known extension, parent folder created, folder writable).

:func:`read_regular_file` is how every file from outside (a policy file, a
save) is read: opened once, only a regular file, never more than a cap.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
from pathlib import Path
from typing import Iterable, Iterator

from .errors import OutputPathError


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_FILE_MODE = 0o666 & ~_umask()      # what open() would give a new file


def _temp_in(folder: Path, final_name: str) -> Path:
    """An empty temporary file in ``folder`` (hidden, named after the final file)."""
    fd, name = tempfile.mkstemp(prefix=f".{final_name}.", suffix=".tmp", dir=folder)
    try:
        os.fchmod(fd, _FILE_MODE)
    finally:
        os.close(fd)
    return Path(name)


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike) -> Iterator[Path]:
    """Yield a temporary path next to ``path``; on a clean exit of the block
    the file written there replaces ``path``, otherwise it is removed.

    The block must write (or overwrite) the yielded path. The file is
    fsync'ed before the rename, so a completed write survives a crash.
    """
    final = Path(path)
    folder = final.parent
    try:
        tmp = _temp_in(folder, final.name)
    except OSError as err:
        raise OutputPathError(f"cannot write {final}: {err.strerror or err}") from None
    try:
        yield tmp
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, final)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically; returns the path."""
    with atomic_path(path) as tmp:
        tmp.write_bytes(data)
    return Path(path)


def save_figure(fig, path: str | os.PathLike, dpi: int = 100, **savefig_kw) -> Path:
    """Write a Matplotlib figure to ``path`` as a PNG atomically and close it
    (also when saving fails); returns the path."""
    import matplotlib.pyplot as plt

    try:
        with atomic_path(path) as tmp:
            fig.savefig(tmp, format="png", dpi=dpi, **savefig_kw)
    finally:
        plt.close(fig)
    return Path(path)


def atomic_write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` atomically; returns the path."""
    return atomic_write_bytes(path, text.encode(encoding))


def read_regular_file(path: str | os.PathLike, limit: int, error: type[Exception], what: str,
                      kind: str = "file") -> bytes:
    """The bytes of the regular file at ``path``, or ``error(message)`` naming what is wrong.

    The file is opened once, without blocking, and what was opened is checked
    (``fstat``): a folder, a device (a link to ``/dev/zero``), a pipe or a
    socket is refused before anything is read. A symbolic link to a regular
    file is followed: it is the file it names that is read. At most
    ``limit + 1`` bytes are read, so a file larger than ``limit`` bytes is
    refused, one that grows while it is read included. ``what`` starts every
    message (``"policy file 'x.npz'"``); ``kind`` names the file in the
    too-large one.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise error(f"{what}: no such file") from None
    except IsADirectoryError:
        raise error(f"{what}: is a folder, not a file") from None
    except OSError as err:
        raise error(f"{what}: cannot be read ({err.strerror or err})") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise error(f"{what}: is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise error(f"{what}: is not a regular file (a device, a pipe or a socket); only regular files are read")
        too_large = error(f"{what}: more than a {kind} can hold ({limit:,} bytes)")
        if os.fstat(fd).st_size > limit:
            raise too_large
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, 2**20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise too_large
        return b"".join(chunks)
    except OSError as err:
        raise error(f"{what}: cannot be read ({err.strerror or err})") from None
    finally:
        os.close(fd)


def png_bytes(rgb) -> bytes:
    """An RGB picture (an (h, w, 3) uint8 array) encoded as PNG, with zlib's fastest level: the page asks
    for a map picture after every decision (benchmarks/bench_pictures.py: under half the time of
    matplotlib's ``imsave``, a little smaller)."""
    import io as _io

    from PIL import Image

    buf = _io.BytesIO()
    Image.fromarray(rgb).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def check_output_path(path: str | os.PathLike, suffixes: Iterable[str] | None = None,
                      what: str = "output file") -> Path:
    """Validate ``path`` as a file destination before any work is done.

    Checks the extension (one of ``suffixes`` when given), creates the parent
    folder, refuses an existing folder under that name, and proves the folder
    writable by creating and removing a temporary file there. Raises
    :class:`OutputPathError` naming the problem; returns the path.
    """
    final = Path(path)
    if suffixes is not None:
        suffixes = tuple(suffixes)
        if final.suffix.lower() not in suffixes:
            raise OutputPathError(f"{what} {str(final)!r} must end in {' or '.join(suffixes)}")
    if final.name in ("", ".", ".."):
        raise OutputPathError(f"{what} {str(final)!r} is not a file name")
    if final.is_dir():
        raise OutputPathError(f"{what} {str(final)!r} is a folder")
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OutputPathError(f"cannot create the folder {str(final.parent)!r} for {what} "
                              f"{str(final)!r}: {err.strerror or err}") from None
    try:
        _temp_in(final.parent, final.name).unlink()
    except OSError as err:
        raise OutputPathError(f"cannot write {what} {str(final)!r}: {err.strerror or err}") from None
    return final


@contextlib.contextmanager
def deferred_signals(signals=(signal.SIGINT, signal.SIGTERM)) -> Iterator[None]:
    """Within the block, Ctrl-C (SIGINT) and SIGTERM are held back: each that
    arrives is remembered, and once the block is done the first one is handled
    as it would have been (the previous handler runs: ``KeyboardInterrupt``,
    ``SystemExit`` under :func:`sigterm_as_exit`). For a short write that must
    not be cut off, such as the games an interrupted run keeps. Does nothing
    outside the main thread."""
    caught: list[int] = []
    previous = {}
    try:
        for signum in signals:
            previous[signum] = signal.signal(signum, lambda number, frame: caught.append(number))
    except ValueError:          # not the main thread
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        yield
        return
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if caught:
        handler = previous[caught[0]]
        if callable(handler):
            handler(caught[0], None)
        elif handler == signal.SIG_DFL:
            signal.raise_signal(caught[0])


@contextlib.contextmanager
def sigterm_as_exit() -> Iterator[None]:
    """Within the block, SIGTERM raises ``SystemExit(143)`` in the main thread,
    so ``finally`` blocks (and :func:`atomic_path`) clean up as on Ctrl-C.
    Does nothing outside the main thread."""
    def handler(signum, frame):
        raise SystemExit(128 + signum)

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:          # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
