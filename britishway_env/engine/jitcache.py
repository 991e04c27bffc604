"""Keep numba's on-disk cache honest.

Numba invalidates a cached kernel only when the kernel's own source file
changes, not when a module it reads constants from (a layout, card data)
changes. :func:`guard_package_cache` hashes every source file of a package and
drops all cached kernels under it when that hash differs from the stored one.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def guard_package_cache(package_dir: str | Path) -> None:
    package_dir = Path(package_dir)
    digest = hashlib.sha256()
    for path in sorted(package_dir.rglob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    cache_dir = package_dir / "__pycache__"
    stamp = cache_dir / "numba_source.sha256"
    current = digest.hexdigest()
    try:
        if stamp.read_text() == current:
            return
    except OSError:
        pass
    try:
        cache_dir.mkdir(exist_ok=True)
        for pattern in ("*.nbi", "*.nbc"):
            for cached in package_dir.rglob(f"__pycache__/{pattern}"):
                cached.unlink(missing_ok=True)
        stamp.write_text(current)
    except OSError:
        # Read-only install: numba falls back to its own cache rules.
        pass
