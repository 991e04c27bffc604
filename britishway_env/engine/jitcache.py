"""Keep numba's on-disk cache honest.

Numba invalidates a cached kernel only when the kernel's own source file
changes, not when a module it reads constants from (a layout, card data)
changes. :func:`guard_package_cache` hashes every source file of a package and
drops all cached kernels of it when that hash differs from the stored one:
those under the package's ``__pycache__`` folders and, when ``NUMBA_CACHE_DIR``
is set (numba then keeps its cache there, in a tree that mirrors the source
folders), those under that folder's mirror of the package. A stale kernel, for
example one compiled without ``NUMBA_BOUNDSCHECK``'s checks of an older
layout, must never load.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def _numba_cache_mirror(package_dir: Path) -> Path | None:
    """Where numba caches the package's kernels when NUMBA_CACHE_DIR is set."""
    root = os.environ.get("NUMBA_CACHE_DIR")
    if not root:
        return None
    drive, tail = os.path.splitdrive(str(package_dir.resolve()))
    return Path(root) / tail.lstrip("\\/")


def _refresh(stamp: Path, current: str, cached_under: Path, pattern_dir: str) -> None:
    try:
        if stamp.read_text() == current:
            return
    except OSError:
        pass
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        for pattern in ("*.nbi", "*.nbc"):
            for cached in cached_under.rglob(f"{pattern_dir}{pattern}"):
                cached.unlink(missing_ok=True)
        stamp.write_text(current)
    except OSError:
        # Read-only install: numba falls back to its own cache rules.
        pass


def guard_package_cache(package_dir: str | Path) -> None:
    package_dir = Path(package_dir)
    digest = hashlib.sha256()
    for path in sorted(package_dir.rglob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    current = digest.hexdigest()
    _refresh(package_dir / "__pycache__" / "numba_source.sha256", current, package_dir, "__pycache__/")
    mirror = _numba_cache_mirror(package_dir)
    if mirror is not None:
        _refresh(mirror / "numba_source.sha256", current, mirror, "")
