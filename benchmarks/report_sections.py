"""Each benchmark script owns one top-level section of docs/results/benchmarks.md."""

from __future__ import annotations

from pathlib import Path


def write_section(path: Path, heading: str, report: str) -> None:
    """Replace the section starting at ``heading`` in ``path`` (or append it), keeping the rest."""
    text = path.read_text() if path.exists() else ""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == heading), None)
    section = report.rstrip("\n").splitlines()
    if start is None:
        while lines and not lines[-1].strip():
            lines.pop()
        new = lines + ([""] if lines else []) + section
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("# ")), len(lines))
        tail = lines[end:]
        new = lines[:start] + section + ([""] + tail if tail else [])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(new) + "\n")
