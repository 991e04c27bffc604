"""Every Python example in the README and docs/ runs as written."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCKS = [(p.name, i, code) for p in DOCS
          for i, code in enumerate(re.findall(r"```python\n(.*?)```", p.read_text(), re.S))]


@pytest.mark.parametrize("name, index, code", BLOCKS, ids=[f"{n}-{i}" for n, i, _ in BLOCKS])
def test_example_runs(name, index, code, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)          # examples that write files (reports) write here
    exec(compile(code, f"{name}[{index}]", "exec"), {})
