"""Where an output came from: the one place that says which code, which
versions and which command produced a file.

Every file the project writes for someone to trust later (rollout rows, a
training run, a policy file) carries a *manifest* built here:

    from britishway_env import provenance

    provenance.manifest(command=sys.argv, seeds={"seed": 1})
    # {"package": "britishway-env", "version": "0.1.0", "git_commit": "b1ae258...", "git_dirty": False,
    #  "python": "3.11.7", "versions": {"numpy": ..., "numba": ..., "torch": ..., ...},
    #  "command": "python experiments/train.py ...", "seeds": {"seed": 1}}

and a network's weights are named by :func:`weights_hash` (SHA-256 over each
array's name, dtype, shape and bytes, in name order), so two files hold the
same network exactly when their hashes agree. A table of rows is named the
same way by :func:`rows_hash` (its values, not how a file stores them), so a
rows file that carries the hash of its rows shows any later change to them.

Versions are read from the installed packages' metadata (nothing is imported:
asking for torch's version does not load torch); the git commit from the
checkout the package runs from, "unknown" outside one.
"""

from __future__ import annotations

import functools
import hashlib
import os
import platform
import shlex
import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any, Iterable, Mapping

import numpy as np

PACKAGE = "britishway-env"
UNKNOWN = "unknown"
# The libraries whose versions decide what a run computes (the rules' kernels, the networks, the learner).
LIBRARIES = ("numpy", "numba", "torch", "stable-baselines3", "sb3-contrib", "gymnasium", "pettingzoo", "pandas",
             "pyarrow", "ray")
ROOT = Path(__file__).resolve().parent.parent


def package_version() -> str:
    """The installed britishway-env version (the package's own when not installed)."""
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        from . import __version__

        return __version__


def library_versions(names: Iterable[str] = LIBRARIES) -> dict[str, str]:
    """Installed version of each library, "not installed" where it is missing."""
    out = {}
    for name in names:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


@functools.lru_cache(maxsize=4)
def git_state(root: str = str(ROOT)) -> tuple[str, bool | None]:
    """(commit, dirty) of the checkout at ``root``: the commit is "unknown"
    (and dirty None) when ``root`` is not a git checkout or git is missing;
    dirty says whether tracked files differ from that commit."""
    if not (Path(root) / ".git").exists():
        return UNKNOWN, None
    env = dict(os.environ, GIT_OPTIONAL_LOCKS="0", LC_ALL="C")
    try:
        commit = subprocess.run(["git", "-C", root, "rev-parse", "HEAD"], capture_output=True, text=True,
                                timeout=10, env=env, check=True).stdout.strip()
        status = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"],
                                capture_output=True, text=True, timeout=10, env=env, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return UNKNOWN, None
    if len(commit) != 40 or any(c not in "0123456789abcdef" for c in commit):
        return UNKNOWN, None
    return commit, bool(status.strip())


def command_line(argv: Iterable[str] | str | None = None, program: str | None = None) -> str:
    """The command as a shell would take it back: ``argv`` (a list, or a string
    kept as it is), by default this process's ``sys.argv``; ``program``
    replaces ``argv[0]`` (``"britishway"`` for the CLI's entry point)."""
    import sys

    if isinstance(argv, str):
        return argv
    args = [str(a) for a in (sys.argv if argv is None else argv)]
    if program is not None:
        args = [program, *args[1:]]
    elif args and args[0].endswith(".py"):
        args = ["python", *args]
    return shlex.join(args)


def weights_hash(arrays: Mapping[str, np.ndarray]) -> str:
    """SHA-256 (hex) of a network's arrays: each name, dtype, shape and its
    C-order bytes, in name order."""
    h = hashlib.sha256()
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(name.encode("utf-8") + b"\0" + a.dtype.str.encode() + b"\0"
                 + repr(tuple(a.shape)).encode() + b"\0")
        h.update(a.tobytes())
    return h.hexdigest()


ROWS_HASH_VERSION = "britishway-rows-sha256-v1"


def column_kind(type_) -> str:
    """What :func:`rows_hash` sees of a column's Arrow type: ``int``, ``bool``,
    ``float``, ``str`` or ``list<...>`` of one of them. Integer widths and
    dictionary (categorical) encoding do not count: the same values written to
    Parquet or CSV and read back have the same kind."""
    import pyarrow as pa

    if pa.types.is_dictionary(type_):
        return column_kind(type_.value_type)
    if pa.types.is_integer(type_):
        return "int"
    if pa.types.is_boolean(type_):
        return "bool"
    if pa.types.is_floating(type_):
        return "float"
    if pa.types.is_string(type_) or pa.types.is_large_string(type_):
        return "str"
    if pa.types.is_list(type_) or pa.types.is_large_list(type_):
        return f"list<{column_kind(type_.value_type)}>"
    if pa.types.is_null(type_):           # a column of nothing but missing values
        return "null"
    raise TypeError(f"no rows hash for columns of type {type_}")


def _feed(array, path: str, streams: dict) -> None:
    """Feed one chunk of a column into its named byte streams (one SHA-256 per
    stream, so the streams are the same however the column is chunked)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    def put(name: str, data) -> None:
        key = f"{path}/{name}"
        if key not in streams:
            streams[key] = hashlib.sha256()
        streams[key].update(data)

    if pa.types.is_dictionary(array.type):
        array = array.dictionary_decode()
    put("valid", np.asarray(array.is_valid().to_numpy(zero_copy_only=False), dtype=np.uint8).tobytes())
    kind = column_kind(array.type)
    if kind == "null":
        return
    if kind in ("int", "bool", "float"):
        target = {"int": pa.int64(), "bool": pa.uint8(), "float": pa.float64()}[kind]
        values = pc.cast(array, target).fill_null(0).to_numpy(zero_copy_only=False)
        put("values", np.ascontiguousarray(values).astype(values.dtype.newbyteorder("<"), copy=False).tobytes())
    elif kind == "str":
        array = pc.cast(array, pa.large_string()).fill_null("")
        lengths = pc.binary_length(array).to_numpy(zero_copy_only=False).astype("<i8")
        put("lengths", lengths.tobytes())
        buffers = array.buffers()
        offsets = np.frombuffer(buffers[1], dtype="<i8")[array.offset:array.offset + len(array) + 1]
        put("bytes", memoryview(buffers[2])[int(offsets[0]):int(offsets[-1])]
            if len(array) and buffers[2] is not None else b"")
    else:                                  # a list per row: its lengths, then its values
        lengths = pc.list_value_length(array).fill_null(0).to_numpy(zero_copy_only=False).astype("<i8")
        put("lengths", lengths.tobytes())
        _feed(pc.list_flatten(array), f"{path}[]", streams)


def rows_hash(table) -> str:
    """SHA-256 (hex) of a table's rows (a ``pyarrow.Table`` or a pandas
    DataFrame): the row count, then per column in order its name, its
    :func:`column_kind` and its values (missing values marked). Equal values
    give equal hashes whatever the file format, chunking, integer width or
    categorical encoding; any changed, added, removed or reordered value,
    row or column changes it. :class:`RowsHash` computes the same hash from
    the rows in record batches."""
    import pyarrow as pa

    if not isinstance(table, pa.Table):
        table = pa.Table.from_pandas(table, preserve_index=False)
    h = RowsHash(table.schema)
    for name, column in zip(table.column_names, table.columns):
        for chunk in column.chunks:
            h.update_column(name, chunk)
    return h.hexdigest(table.num_rows)


class RowsHash:
    """:func:`rows_hash` of rows fed in record batches, one after another.

    The hash keeps one SHA-256 per column and byte stream (validity, values,
    lengths, bytes), each fed chunk after chunk, and combines them in column
    order only at the end: a column cut into batches feeds its streams the
    same bytes as the whole column, so the batches of a file give exactly the
    hash of its table, in memory bounded by one batch."""

    def __init__(self, schema):
        self.names = list(schema.names)
        self.kinds = [column_kind(t) for t in schema.types]      # TypeError: a column no rows hash covers
        self.types = list(schema.types)
        self.streams: list[dict] = [{} for _ in self.names]

    def update(self, batch) -> None:
        """Feed one record batch (its columns in the schema's order)."""
        if list(batch.schema.names) != self.names:
            raise ValueError(f"a batch with columns {batch.schema.names[:12]} in rows with columns {self.names[:12]}")
        for i in range(batch.num_columns):
            _feed(batch.column(i), "", self.streams[i])

    def update_column(self, name: str, array) -> None:
        """Feed the next chunk of one column."""
        _feed(array, "", self.streams[self.names.index(name)])

    def hexdigest(self, num_rows: int) -> str:
        """The hash of the ``num_rows`` rows fed (a column never fed counts as empty)."""
        import pyarrow as pa

        h = hashlib.sha256(f"{ROWS_HASH_VERSION}\0{num_rows}\0".encode())
        for name, kind, type_, streams in zip(self.names, self.kinds, self.types, self.streams):
            if not streams:
                _feed(pa.array([], type=type_), "", streams)
            h.update(f"{name}\0{kind}\0".encode("utf-8"))
            for key in sorted(streams):
                h.update(key.encode() + b"\0" + streams[key].digest())
        return h.hexdigest()


def manifest(command: Iterable[str] | str | None = None, seeds: Mapping[str, Any] | None = None,
             **extra: Any) -> dict[str, Any]:
    """What produced an output: package version, git commit (and whether the
    checkout had uncommitted changes), Python and library versions, the full
    command, the seeds, and any ``extra`` fields the caller adds (JSON values)."""
    commit, dirty = git_state()
    out: dict[str, Any] = {
        "package": PACKAGE,
        "version": package_version(),
        "git_commit": commit,
        "git_dirty": dirty,
        "python": platform.python_version(),
        "versions": library_versions(),
        "command": command_line(command),
        "seeds": dict(seeds or {}),
    }
    out.update(extra)
    return out


def describe(m: Mapping[str, Any]) -> list[str]:
    """A manifest as lines a person reads (the report prints these)."""
    lines = []
    commit = m.get("git_commit", UNKNOWN)
    dirty = m.get("git_dirty")
    lines.append(f"{m.get('package', PACKAGE)} {m.get('version', UNKNOWN)}, commit {commit}"
                 + (" (with uncommitted changes)" if dirty else ""))
    versions = m.get("versions") or {}
    if versions:
        lines.append("Python " + str(m.get("python", UNKNOWN)) + "; "
                     + ", ".join(f"{k} {v}" for k, v in versions.items() if v != "not installed"))
    if m.get("command"):
        lines.append(f"command: {m['command']}")
    for key, value in m.items():
        if key not in ("package", "version", "git_commit", "git_dirty", "python", "versions", "command"):
            lines.append(f"{key}: {value}")
    return lines
