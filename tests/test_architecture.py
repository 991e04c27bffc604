"""The engine/volume split (docs/architecture.md).

engine/ is shared by every volume: it imports nothing outside engine/ but the
package's error types (no volume, nothing that reaches a volume), and no volume's nouns appear in it:
no volume, seat, piece or card name, so a kernel there cannot encode one
volume's rule by accident.
"""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "britishway_env"
ENGINE = sorted((PKG / "engine").rglob("*.py"))


def _package_imports(path: Path) -> list[str]:
    """Every import of the package's own modules in ``path``, at any depth, as dotted names."""
    here = path.relative_to(ROOT).with_suffix("").parts[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("britishway_env")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - (node.level - 1)]
                dotted = ".".join(base + ((node.module,) if node.module else ()))
            else:
                dotted = node.module or ""
            if dotted.startswith("britishway_env"):
                found += [f"{dotted}.{a.name}" if not node.module else dotted for a in node.names]
    return found


# Leaf modules of the package the engine may use: they import nothing of the package.
LEAVES = ("britishway_env.errors",)


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(PKG)))
def test_engine_imports_only_engine(path):
    outside = [m for m in _package_imports(path) if not m.startswith(("britishway_env.engine",) + LEAVES)]
    assert not outside, f"{path.relative_to(PKG)} imports {outside}"


def test_the_leaves_the_engine_uses_import_nothing_of_the_package():
    for leaf in LEAVES:
        assert _package_imports(ROOT / (leaf.replace(".", "/") + ".py")) == []


def test_the_import_reader_sees_relative_and_absolute_imports(tmp_path):
    sub = PKG / "engine" / "coin" / "deck.py"
    assert "britishway_env.engine.rng" in _package_imports(sub)
    probe = PKG / "engine" / "_probe_for_test.py"
    try:
        probe.write_text("def f():\n    from ..volumes import palestine\n    import britishway_env.game\n")
        assert _package_imports(probe) == ["britishway_env.volumes", "britishway_env.game"]
    finally:
        probe.unlink()


def _volume_nouns() -> set[str]:
    """Names that belong to one volume: volumes, seats, pieces, Operations of one side, card titles."""
    from britishway_env.solo1948 import cards as solo_cards
    from britishway_env.volumes.palestine import cards as p_cards, layout as P

    nouns = {"Palestine", "Cyprus", "Arab Revolt", "1948", "Irgun", "EOKA", "Rebels", "Israeli", "Haganah",
             "British"}
    nouns |= {n.rstrip("s") for n in P.PIECE_NAMES}
    nouns |= {"Cell", "Arms Cache", "Guerrilla", "Troop", "Police", "Irregular"}
    nouns |= {t for _, t, _, _ in p_cards.CARDS if t != "Propaganda!"}
    nouns |= set(P.OP_NAMES) | set(P.SA_NAMES)
    nouns |= set(solo_cards.FRONT_LONG_NAMES) | {"Galilee", "Jerusalem", "Negev"}
    return {n for n in nouns if len(n) > 3}


# Volume nouns that are also the engine's own words in lower case: the Operation "Search" of
# Palestine and Cyprus (3.2) against the search bot (engine/coin/search.py). These match only
# as the rulebook writes them, capitalised.
CASE_SENSITIVE = {"Search"}


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(PKG)))
def test_engine_speaks_no_volume_nouns(path):
    text = path.read_text()
    found = sorted(n for n in _volume_nouns()
                   if re.search(rf"\b{re.escape(n)}s?\b", text, 0 if n in CASE_SENSITIVE else re.I))
    assert not found, f"{path.relative_to(PKG)} names {found}"
