"""The commands the README and docs show exist with the flags shown; the
README's training command works as written, and the `train` extra installs
what the training code imports.

The commands are read from the markdown, so these tests fail if the docs
drift from the code. The training command runs on a tiny budget (flags
appended) and writes into a temporary folder, never over the shipped
checkpoint or report.
"""

import ast
import os
import re
import shlex
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
TINY = ["--timesteps", "2048", "--envs", "16", "--eval-games", "200", "--torch-threads", "1"]


def readme_training_command(script: str = "experiments/train_solo1948.py") -> list[str]:
    """The README's command (in 'Training and results') that runs ``script``."""
    text = (ROOT / "README.md").read_text()
    section = text.split("## Training and results", 1)[1].split("\n## ", 1)[0]
    lines = [ln for block in re.findall(r"```\n(.*?)```", section, re.S) for ln in block.splitlines()]
    line = next(ln for ln in lines if script in ln and not ln.lstrip().startswith("#"))
    return shlex.split(line.split("#", 1)[0])


def _requirement_names(reqs: list[str]) -> set[str]:
    return {re.split(r"[\s\[<>=!~;]", r, maxsplit=1)[0].lower().replace("_", "-") for r in reqs}


def test_train_extra_declares_every_import_of_the_training_code():
    """Every third-party module that experiments/ and agents/ import belongs to a
    distribution in the base dependencies or the `train` extra; so do tqdm and
    rich, which SB3 imports for the progress bar the script shows by default."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = _requirement_names(project["dependencies"]) | _requirement_names(
        project["optional-dependencies"]["train"])
    assert {"tqdm", "rich", "torch", "stable-baselines3", "sb3-contrib"} <= declared
    modules = set()
    # The README's pictures of play drive a terminal and Chromium: the dev extra's tools (checked below).
    for path in [*(ROOT / "experiments").glob("*.py"), *(ROOT / "agents").glob("*.py")]:
        if path.name == "play_screenshots.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                modules |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module.split(".")[0])
    ours = {"britishway_env", "agents", "experiments"}
    third_party = {m for m in modules - ours if m not in sys.stdlib_module_names}
    assert {"torch", "sb3_contrib", "stable_baselines3"} <= third_party
    dists = metadata.packages_distributions()
    for module in sorted(third_party):
        # the installed distribution that provides it; else (not installed here) its own name
        names = {d.lower().replace("_", "-") for d in dists.get(module, [module])}
        assert names & declared, f"{module} (from {names}) is not declared in pyproject.toml (base or train extra)"


@pytest.mark.slow
def test_readme_training_command_runs_as_written(tmp_path):
    pytest.importorskip("sb3_contrib", reason="the train extra is not installed")
    cmd = readme_training_command()
    assert cmd[:2] == [".venv/bin/python", "experiments/train_solo1948.py"], cmd
    for module in ("tqdm", "rich"):    # SB3's progress bar; the README command shows it
        try:
            __import__(module)
        except ImportError:
            pytest.fail(f"{module} is missing: the train extra is out of date here; "
                        f"reinstall with pip install -e '.[train]' (make test does)")
    shipped = {p: p.read_bytes() for p in (ROOT / "agents" / "checkpoints").iterdir() if p.is_file()}
    report = ROOT / "docs" / "results" / "solo1948.md"
    shipped[report] = report.read_bytes()
    # The interpreter running the suite stands for .venv/bin/python (under `make test` it is that one).
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    res = subprocess.run([sys.executable, *cmd[1:], *TINY, "--out-dir", str(tmp_path)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    out = res.stdout
    assert "trained 2,048 steps" in out and "trained (MaskablePPO)" in out and "over 200 games" in out
    written = sorted(p.name for p in tmp_path.iterdir())
    assert len(written) == 2 and "solo1948.md" in written, written
    assert "| trained (MaskablePPO) | 200 |" in (tmp_path / "solo1948.md").read_text()
    for path, data in shipped.items():
        assert path.read_bytes() == data, f"{path} was overwritten"


def _doc_commands() -> list[tuple[str, str]]:
    """(file, command) for every shell line in a code block, and every inline
    code span, that runs britishway, make or a script of the project."""
    found = []
    for path in DOCS:
        text = path.read_text()
        blocks = [code for lang, code in re.findall(r"```(\w*)\n(.*?)```", text, re.S) if lang != "python"]
        spans = re.findall(r"(?<!`)`([^`\n]+)`(?!`)", re.sub(r"```.*?```", "", text, flags=re.S))
        for line in [ln for code in blocks for ln in code.splitlines()] + spans:
            line = line.split(" #", 1)[0].strip()
            if re.match(r"(britishway \w|make \w|(\.venv/bin/)?python \S+\.py)", line):
                found.append((path.relative_to(ROOT).as_posix(), line))
    return found


DOC_COMMANDS = _doc_commands()


def test_the_docs_show_commands():
    files = {f for f, _ in DOC_COMMANDS}
    assert {"README.md", "docs/palestine.md", "docs/results/palestine_bots.md"} <= files
    assert any(c.startswith("britishway play --load") for _, c in DOC_COMMANDS)


@pytest.mark.parametrize("where, command", DOC_COMMANDS, ids=[f"{f}: {c}" for f, c in DOC_COMMANDS])
def test_doc_command_exists_with_its_flags(where, command):
    words = shlex.split(command.replace("[", " ").replace("]", " "))
    flags = {w.split("=", 1)[0] for w in words if w.startswith("-")}
    if words[0] == "britishway":
        import typer.main

        from britishway_env.cli import app

        group = typer.main.get_command(app)
        assert words[1] in group.commands, f"{where}: no command britishway {words[1]}"
        known = {o for p in group.commands[words[1]].params for o in p.opts + p.secondary_opts}
        assert flags <= known, f"{where}: britishway {words[1]} has no {sorted(flags - known)}"
    elif words[0] == "make":
        makefile = (ROOT / "Makefile").read_text()
        targets = set(re.findall(r"^([\w.-]+):", makefile, re.M))
        variables = set(re.findall(r"^(\w+) *\?=", makefile, re.M))
        goals = {w for w in words[1:] if "=" not in w}
        assigned = {w.split("=", 1)[0] for w in words[1:] if "=" in w}
        assert goals <= targets, f"{where}: no make target {sorted(goals - targets)}"
        assert assigned <= variables, f"{where}: the Makefile has no variable {sorted(assigned - variables)}"
    else:
        script = ROOT / words[1]
        assert script.is_file(), f"{where}: no script {words[1]}"
        source = script.read_text()
        missing = sorted(f for f in flags if f'"{f}"' not in source)
        assert not missing, f"{where}: {words[1]} has no {missing}"


def test_the_play_pictures_script_needs_only_the_base_and_dev_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = _requirement_names(project["dependencies"]) | _requirement_names(
        project["optional-dependencies"]["dev"])
    modules = set()
    for node in ast.walk(ast.parse((ROOT / "experiments" / "play_screenshots.py").read_text())):
        if isinstance(node, ast.Import):
            modules |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module.split(".")[0])
    third_party = {m for m in modules - {"britishway_env"} if m not in sys.stdlib_module_names}
    assert {"pexpect", "playwright", "uvicorn"} <= third_party
    dists = metadata.packages_distributions()
    for module in sorted(third_party):
        names = {d.lower().replace("_", "-") for d in dists.get(module, [module])}
        assert names & declared, f"{module} is not declared in pyproject.toml (base or dev extra)"
