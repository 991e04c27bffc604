"""Each COIN volume's compiled loops (playout, stepper, batch, vector, rollouts)
are written from the templates of engine/coin/templates by
``python -m britishway_env.engine.coin.generate`` (docs/design/shared_volume_kernels.md):
the checked-in copies must be exactly the templates' rendering, so they never drift."""

import ast
import itertools
from pathlib import Path

import pytest

from britishway_env.engine.coin import generate as G
from britishway_env.registry import specs

ROOT = Path(__file__).resolve().parent.parent
SPECS = specs()
GENERATED = [s for s in SPECS if s.loops is not None]
CASES = [(s, m) for s in GENERATED for m in G.modules(s)]
FAMILY_TEMPLATES = sorted(p.name.removesuffix(".py.tmpl") for p in G.FAMILY_TEMPLATES.glob("*.py.tmpl"))


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


@pytest.mark.parametrize("spec, module", CASES, ids=[f"{s.name}/{m}" for s, m in CASES])
def test_each_generated_module_is_its_templates_rendering(spec, module):
    path = G.folder(spec) / f"{module}.py"
    assert path.exists(), f"{_shown(path)} is missing: run `{G.COMMAND}`"
    have, want = path.read_text().splitlines(), G.render(module, spec).splitlines()
    if have != want:
        line = next((i for i, (a, b) in enumerate(zip(have, want)) if a != b), min(len(have), len(want)))
        pytest.fail(f"{_shown(path)} differs from templates/{module}.py.tmpl at line {line + 1}:\n"
                    f"  file:     {have[line] if line < len(have) else '<end of file>'}\n"
                    f"  template: {want[line] if line < len(want) else '<end of file>'}\n"
                    f"edit the template, not the copy, then run `{G.COMMAND}`")
    assert path.read_text() == G.render(module, spec), f"{_shown(path)}: line endings differ from the rendering"


def test_every_coin_volume_generates_its_loops_into_its_own_package():
    coin = [s for s in SPECS if s.runner.startswith("britishway_env.volumes.")]
    assert {s.name for s in coin} == {s.name for s in GENERATED}
    assert len(GENERATED) >= 2
    for s in GENERATED:
        assert s.runner == f"{s.loops.package}.rollouts", s.name
        assert s.vector == f"{s.loops.package}.vector", s.name
        assert G.folder(s).name == s.name


def test_a_generated_module_says_so_on_its_first_line():
    for s, module in CASES:
        first = (G.folder(s) / f"{module}.py").read_text().splitlines()[0]
        assert first.startswith("# Generated from engine/coin/templates/")
        assert f"{module}.py.tmpl" in first and G.COMMAND in first and "do not edit" in first


def test_every_template_renders_python_whatever_the_settings():
    """A new volume may take the other branch of a setting: both must parse."""
    spec = GENERATED[0]
    words = G.words(spec)
    names = sorted(G.flags(spec))
    for module in G.MODULES + G.LOOKAHEAD_BOTS:
        text = G.template_path(module).read_text()
        for values in itertools.product((False, True), repeat=len(names)):
            ast.parse(G.render_text(text, words, dict(zip(names, values)), module))


def test_the_stale_check_names_the_file_that_drifted(tmp_path, monkeypatch, capsys):
    spec = GENERATED[0]
    monkeypatch.setattr(G, "folder", lambda s: tmp_path)
    monkeypatch.setattr(G, "generated_specs", lambda names=(): [spec])
    assert sorted(p.name for p in G.write(spec)) == sorted(f"{m}.py" for m in G.modules(spec))
    assert G.stale(spec) == [] and G.main(["--check"]) == 0
    edited = tmp_path / "batch.py"
    edited.write_text(edited.read_text().replace("one after another", "one after the other"))
    capsys.readouterr()
    assert G.stale(spec) == [edited]
    assert G.main(["--check"]) == 1
    assert "batch.py" in capsys.readouterr().out
    assert G.main([]) == 0 and G.stale(spec) == []       # the command writes it back


def test_the_template_language():
    text = "##note\na ${x}\n#if f\nyes\n#else\nno\n#endif\n#if not f\nnot\n#endif\nend $$\n"
    assert G.render_text(text, {"x": "1"}, {"f": True}) == "a 1\nyes\nend $\n"
    assert G.render_text(text, {"x": "2"}, {"f": False}) == "a 2\nno\nnot\nend $\n"
    for bad, why in (("${y}\n", "no word"), ("#if g\n#endif\n", "setting"), ("#if f\n", "without #endif"),
                     ("#else\n", "stray"), ("#endif\n", "stray"), ("#if f\n#if f\n#endif\n#endif\n", "inside")):
        with pytest.raises(G.TemplateError, match=why):
            G.render_text(bad, {"x": "1"}, {"f": True})


REGION_CASES = [(s, t, m) for s in GENERATED for t, m in G.regions(s)]


@pytest.mark.parametrize("spec, template, module", REGION_CASES,
                         ids=[f"{s.name}/{m}:{t}" for s, t, m in REGION_CASES])
def test_each_generated_region_is_its_templates_rendering(spec, template, module):
    """The turn skeleton ends every COIN volume's turns.py, and the volumes' shared rules
    stand in those that name them, exactly as their templates render."""
    path = G.folder(spec) / f"{module}.py"
    text = path.read_text()
    begin, end = G.region_begin(template), G.region_end(template)
    assert text.count(begin) == 1 and text.count(end) == 1, f"{_shown(path)}: no region from {template}.py.tmpl"
    have = text.split(begin)[1].split(end)[0].splitlines()
    want = G.render_region(template, spec).splitlines()[1:-1]
    if have != want:
        line = next((i for i, (a, b) in enumerate(zip(have, want)) if a != b), min(len(have), len(want)))
        pytest.fail(f"{_shown(path)}'s region differs from templates/{template}.py.tmpl at its line {line + 1}:\n"
                    f"  file:     {have[line] if line < len(have) else '<end of region>'}\n"
                    f"  template: {want[line] if line < len(want) else '<end of region>'}\n"
                    f"edit the template, not the copy, then run `{G.COMMAND}`")
    assert G.with_region(text, template, spec, module) == text
    assert path not in G.stale(spec)


def test_every_region_template_renders_python_whatever_the_settings():
    spec = GENERATED[0]
    names = sorted(G.flags(spec))
    for template in [*G.REGIONS, *FAMILY_TEMPLATES]:
        text = G.template_path(template).read_text()
        for values in itertools.product((False, True), repeat=len(names)):
            ast.parse(G.render_text(text, G.words(spec), dict(zip(names, values)), template))


def test_a_region_is_written_between_its_markers_and_nowhere_else(tmp_path):
    spec = GENERATED[0]
    template = next(iter(G.REGIONS))
    begin, end = G.region_begin(template), G.region_end(template)
    own = "x = 1\n\n\n"
    written = G.with_region(own + begin + "stale\n" + end + "y = 2\n", template, spec, "m.py")
    assert written == own + G.render_region(template, spec) + "y = 2\n"
    for bad in (own, own + begin, own + end + begin, own + begin + end + begin + end):
        with pytest.raises(G.TemplateError, match="needs one line"):
            G.with_region(bad, template, spec, "m.py")


# The decision kinds the turn skeleton's rules_mask and act answer for every volume
# (templates/flow.py.tmpl); D_EVENT_COUNT where the volume's events ask for a number.
SKELETON_KINDS = {"D_OVER", "D_BOX", "D_OPERATION", "D_EVENT_OP", "D_SPACE", "D_SA_AFTER", "D_EVENT_SPACE",
                  "D_EVENT_OPTION"}


@pytest.mark.parametrize("spec", GENERATED, ids=[s.name for s in GENERATED])
def test_a_volume_leaves_to_the_skeleton_what_the_skeleton_does(spec):
    """Above the region, a volume's turns.py defines no kernel the skeleton defines (the
    region's later one would silently replace it), and its own_mask and own_act take
    none of the decision kinds the skeleton answers (they would never be reached)."""
    template, module = "flow", G.REGIONS["flow"]
    path = G.folder(spec) / f"{module}.py"
    own = path.read_text().split(G.region_begin(template))[0]
    skeleton = ast.parse(G.render_region(template, spec))
    shared = {n.name for n in skeleton.body if isinstance(n, ast.FunctionDef)}
    assert {"rules_mask", "act", "continue_round", "event_side_offered", "apply"} <= shared
    tree = ast.parse(own)
    defined = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert not shared & set(defined), f"{_shown(path)} defines the skeleton's {sorted(shared & set(defined))}"
    kinds = SKELETON_KINDS | ({"D_EVENT_COUNT"} if spec.loops.event_counts else set())
    for name in ("own_mask", "own_act"):
        assert name in defined, f"{_shown(path)} has no {name}"
        compared = {c.id for node in ast.walk(defined[name]) if isinstance(node, ast.Compare)
                    for c in [node.left, *node.comparators] if isinstance(c, ast.Name)}
        assert not compared & kinds, f"{_shown(path)}: {name} takes the skeleton's {sorted(compared & kinds)}"


def test_the_volumes_shared_templates_are_rendered_where_named_and_nowhere_else():
    """Each template of volumes/templates is a region of the turns.py of the volumes that name
    it, and of no other; its marker names the volumes' folder, not the engine's."""
    assert FAMILY_TEMPLATES, "no template in volumes/templates"
    for template in FAMILY_TEMPLATES:
        begin = G.region_begin(template)
        assert "volumes/templates/" in begin and "engine/" not in begin
        named = [s for s in GENERATED if template in s.loops.family_regions]
        assert len(named) >= 2, f"{template}: shared by {[s.name for s in named]} only"
        for spec in GENERATED:
            text = (G.folder(spec) / "turns.py").read_text()
            assert text.count(begin) == (1 if spec in named else 0), f"{spec.name}: {template}"


@pytest.mark.parametrize("spec", [s for s in GENERATED if s.loops.family_regions],
                         ids=[s.name for s in GENERATED if s.loops.family_regions])
def test_a_volume_hands_the_shared_rules_their_decision_kinds_and_takes_none_of_them(spec):
    """The decision kinds a shared template's family_mask and family_act answer are not the
    volume's own_mask's or own_act's (they would answer first, and the template's would be
    dead); and the volume hands them over (its own_mask and own_act call the template's)."""
    path = G.folder(spec) / "turns.py"
    text = path.read_text()
    for template in spec.loops.family_regions:
        region = ast.parse(text.split(G.region_begin(template))[1].split(G.region_end(template))[0])
        functions = {n.name: n for n in region.body if isinstance(n, ast.FunctionDef)}

        def kinds(node):
            return {c.id for n in ast.walk(node) if isinstance(n, ast.Compare)
                    for c in [n.left, *n.comparators] if isinstance(c, ast.Name) and c.id.startswith("D_")}

        own = {n.name: n for n in ast.parse(text.split(G.region_begin(template))[0]).body
               if isinstance(n, ast.FunctionDef)}
        for mine, theirs in (("own_mask", "family_mask"), ("own_act", "family_act")):
            taken = kinds(functions[theirs])
            assert taken, f"{template}: {theirs} answers no decision kind"
            assert not kinds(own[mine]) & taken, f"{_shown(path)}: {mine} takes {sorted(kinds(own[mine]) & taken)}"
            calls = {n.func.id for n in ast.walk(own[mine]) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
            assert theirs in calls, f"{_shown(path)}: {mine} never hands over to {theirs}"


def test_the_hand_written_copy_leaves_out_every_generated_part_and_keeps_the_rest(tmp_path, capsys):
    """`generate --hand-written DIR` copies what the volumes write themselves, for `duplicates`."""
    out = tmp_path / "hand"
    assert G.main(["--hand-written", str(out)]) == 0
    assert "hand-written modules" in capsys.readouterr().out
    for spec in GENERATED:
        copied = {p.name: p.read_text() for p in (out / spec.name).glob("*.py")}
        assert copied and not set(copied) & {f"{m}.py" for m in G.modules(spec)}
        assert set(copied) == {p.name for p in G.folder(spec).glob("*.py")} - {f"{m}.py" for m in G.modules(spec)}
        for name, text in copied.items():
            assert not text.startswith("# Generated from"), f"{spec.name}/{name}"
            assert "# ---- generated from" not in text and "# ---- end of the part generated" not in text, name
        own = (G.folder(spec) / "turns.py").read_text().split("# ---- generated from")[0]   # above the first region
        assert copied["turns.py"].startswith(own)
        assert "def own_mask(" in copied["turns.py"] and "def settle(" not in copied["turns.py"]
    with pytest.raises(SystemExit, match="not an empty folder"):
        G.main(["--hand-written", str(out)])
