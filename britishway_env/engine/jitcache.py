"""Keep numba's on-disk cache honest, and drop no more of it than an edit can affect.

Numba invalidates a cached kernel only when the kernel's own source file
changes, not when a module it reads constants from (a layout, card data) or
calls kernels from changes: a caller's cache file holds the compiled callees.
:func:`guard_package_cache` therefore keys each module on its own source and
the sources of every package module it imports at module level, transitively
(kernels can only reach what the module imports at its top). When that key
differs from the one stored beside the cache, the module's cached kernels are
dropped, and only those: an edit to a bot file drops the bots and what imports
them (the batch runner), never the rules they read.

Cached kernels live in the package's ``__pycache__`` folders or, when
``NUMBA_CACHE_DIR`` is set, in one folder there per source folder; both are
guarded. A stale kernel, for example one compiled without
``NUMBA_BOUNDSCHECK``'s checks of an older layout, must never load.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
from pathlib import Path

STAMP = "numba_sources.json"


def _numba_cache_folder(folder: Path) -> Path | None:
    """Where numba caches the kernels of ``folder``'s modules when NUMBA_CACHE_DIR
    is set: one flat folder per source folder, named by the folder's name and a
    SHA-1 of its absolute path (numba's UserProvidedCacheLocator)."""
    root = os.environ.get("NUMBA_CACHE_DIR")
    if not root:
        return None
    absolute = os.path.abspath(folder)
    return Path(root) / f"{os.path.basename(absolute)}_{hashlib.sha1(absolute.encode()).hexdigest()}"


def _top_level_imports(tree: ast.Module):
    """Import statements run when the module loads (not those inside functions or classes)."""
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                for child in getattr(node, field, []):
                    todo.extend(child.body if isinstance(child, ast.ExceptHandler) else [child])


def _module_file(base: Path, dotted: str) -> Path | None:
    target = base.joinpath(*dotted.split(".")) if dotted else base
    if target.with_suffix(".py").is_file():
        return target.with_suffix(".py")
    if (target / "__init__.py").is_file():
        return target / "__init__.py"
    return None


def imports_of(path: Path, package_dir: Path) -> set[Path]:
    """The package's own modules that ``path`` imports at module level."""
    package_dir = package_dir.resolve()
    path = path.resolve()
    found: set[Path] = set()
    try:
        tree = ast.parse(path.read_bytes())
    except SyntaxError:
        return found
    here = path.parent
    root = package_dir.parent                     # where the package's own name resolves
    for node in _top_level_imports(tree):
        if isinstance(node, ast.Import):
            targets = [(root, alias.name, []) for alias in node.names]
        elif node.level:
            base = here
            for _ in range(node.level - 1):
                base = base.parent
            targets = [(base, node.module or "", [a.name for a in node.names])]
        else:
            targets = [(root, node.module or "", [a.name for a in node.names])]
        for base, dotted, names in targets:
            module = _module_file(base, dotted)
            if module is None or package_dir not in module.parents:
                continue
            found.add(module)
            if module.name == "__init__.py":      # `from . import x`: x may be a submodule
                for name in names:
                    sub = _module_file(module.parent, name)
                    if sub is not None:
                        found.add(sub)
    found.discard(path)
    return found


def dependency_closure(path: Path, package_dir: Path, graph: dict[Path, set[Path]] | None = None) -> set[Path]:
    """``path`` and every package module it reaches through module-level imports."""
    graph = {} if graph is None else graph
    seen = {path.resolve()}
    todo = [path.resolve()]
    while todo:
        module = todo.pop()
        if module not in graph:
            graph[module] = imports_of(module, package_dir)
        for dep in graph[module]:
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return seen


def module_keys(package_dir: str | Path) -> dict[Path, str]:
    """Each module's key: a digest of its source and its dependencies' sources."""
    package_dir = Path(package_dir).resolve()
    sources = {p: p.read_bytes() for p in sorted(package_dir.rglob("*.py"))}
    graph: dict[Path, set[Path]] = {}
    keys = {}
    for path in sources:
        digest = hashlib.sha256()
        for dep in sorted(dependency_closure(path, package_dir, graph)):
            digest.update(str(dep.relative_to(package_dir)).encode() + b"\0")
            digest.update(sources.get(dep) or dep.read_bytes())
        keys[path] = digest.hexdigest()
    return keys


def _refresh(stamp: Path, current: dict[str, str], cached_in: Path) -> list[str]:
    """Drop the cached kernels of the modules whose key changed; returns their names."""
    try:
        stored = json.loads(stamp.read_text())
        if not isinstance(stored, dict):
            stored = {}
    except (OSError, ValueError):
        stored = None                              # no stamp: nothing known about the cache, drop it all
    changed = [stem for stem, key in current.items() if stored is None or stored.get(stem) != key]
    if not changed:
        return []
    try:
        for stem in changed:
            for pattern in (f"{stem}.*.nbi", f"{stem}.*.nbc"):
                for cached in cached_in.glob(pattern):
                    cached.unlink(missing_ok=True)
        stamp.parent.mkdir(parents=True, exist_ok=True)
        tmp = stamp.with_name(stamp.name + ".tmp")
        tmp.write_text(json.dumps(current, indent=0, sort_keys=True))
        tmp.replace(stamp)
    except OSError:
        # Read-only install: numba falls back to its own cache rules.
        pass
    return changed


def guard_package_cache(package_dir: str | Path) -> list[str]:
    """Drop the cached kernels of every module whose key changed since the last
    guard; returns them as dotted names relative to the package."""
    given = Path(os.path.abspath(package_dir))     # the path numba sees in the modules' __file__
    package_dir = given.resolve()
    by_folder: dict[Path, dict[str, str]] = {}
    for path, key in module_keys(package_dir).items():
        by_folder.setdefault(path.parent, {})[path.stem] = key
    dropped = []
    for folder, current in sorted(by_folder.items()):
        rel = folder.relative_to(package_dir).parts
        names = _refresh(folder / "__pycache__" / STAMP, current, folder / "__pycache__")
        cache_dir = _numba_cache_folder(given.joinpath(*rel))
        if cache_dir is not None:
            names = sorted(set(names) | set(_refresh(cache_dir / STAMP, current, cache_dir)))
        dropped += [".".join(rel + (stem,)) for stem in names]
    return dropped
