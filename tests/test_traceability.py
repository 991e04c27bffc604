"""Traceability (DESIGN.md quality bar), per volume: every numbered section of a volume's
rulebook is cited by that volume's code, tests or docs, or allow-listed here with a reason;
every Event card of its rulebook has a test named after it.

Conventions (parsing and scoping live in tests/rulebook_trace.py):

- A citation is the section number, "3.2.4", or in a test name "3_2_4". Citing a
  subsection also cites its parents ("3.2.4" cites 3.2).
- Citations count for one volume only. The corpus of volume V (folder name: palestine,
  cyprus, arab_revolt) is, wholly: britishway_env/volumes/V/, britishway_env/volumes/boards/V.py,
  the tests whose file name starts with test_V, the test helpers tests/V_*.py, and the
  docs named docs/**/V*.md. In every other file under britishway_env/, tests/ and docs/
  (engine/, cli.py, tests of shared code, another volume's files) only the lines that name
  V count: "Palestine 2.3.3", "2.3.3 (Palestine, Cyprus)". The volumes' names in prose are
  "Palestine", "Cyprus" and "Arab Revolt", matched as whole words with that capitalisation.
  A volume's own files count whole, a line naming another volume included.
- Shared code that encodes a rule for every volume writes "all volumes" on the line:
  "2.3.3 (all volumes)" counts as naming each volume.
- A card test is a test function named test_<letter><n>_..., letter p, c or a for a
  Palestine, Cyprus or Arab Revolt card, n with or without a leading zero: test_p7_... and
  test_p07_... both name P7, test_a34_... names A34. Every card whose rulebook entry has
  Event text needs one (Propaganda cards have none, except Arab Revolt's A34).
- Only the volumes present in the package (britishway_env/volumes/V/) are checked; the
  rulebook parser is tested on all three rulebooks regardless. The rulebooks are read from
  the first shared/rules/ beside the checkout or above it; without one those tests skip.
"""

from pathlib import Path

import pytest

from rulebook_trace import (
    ROOT,
    VOLUMES,
    Card,
    card_of_test_name,
    cards_without_tests,
    defined_test_names,
    missing_sections,
    names_volume,
    own_file,
    parent_section,
    parse_cards,
    parse_sections,
    rulebook_text,
    section_key,
    volume_cards,
    volume_corpus,
)

HERE = Path(__file__).resolve()
TRACE_FILES = (HERE, HERE.parent / "rulebook_trace.py")

ALLOWED = {
    "palestine": {
        "1.0": "introduction and history, no rule",
        "1.1": "overview of play, each step encoded under its own section",
        "2.0": "chapter heading; its sections 2.1-2.4 are cited",
        "3.0": "chapter heading; 3.1-3.3 are cited",
        "3.1.1": "pawns are an optional memory aid, no rule",
        "4.0": "chapter heading; 4.1-4.3 are cited",
        "6.0": "chapter heading; 6.1-6.5 are cited",
        "9.0": "event tips and background: each Event card P1-P32 has its own test_pNN_* tests",
    },
    "cyprus": {
        "1.0": "introduction and history, no rule",
        "1.1": "overview of play, each step encoded under its own section",
        "3.1.1": "pawns are an optional memory aid, no rule",
        "9.0": "event tips and background: each Event card C1-C32 has its own test_cNN_* tests",
    },
    "arab_revolt": {
        "1.0": "introduction and history, no rule",
        "1.1": "overview of play, each step encoded under its own section",
        "3.1.1": "pawns are an optional memory aid, no rule",
        "9.0": "event tips and background: each Event card A1-A32 and A34 has its own test_aNN_* tests",
    },
}

CHAPTERS = [f"{n}.0" for n in range(1, 10)]

# Sections verified by reading each rulebook, in each of the ways it writes a heading.
KNOWN = {
    # "### 2.3.2 Options...", "**1.3.6 Prison.**", "**5.1.2** If two...", "## 1.10 Curfews"
    "palestine": ["1.3.6", "1.10", "2.3.2", "5.1.2", "5.4", "6.5.4", "7.0.1"],
    # plain lines: "1.3.5 Adjacency. ...", "6.4 Reset Phase", "2.3.2 Options for Eligible Factions."
    "cyprus": ["1.3.5", "1.10", "2.3.2", "4.3.3", "5.1.1", "6.1.5", "6.4", "6.5.2"],
    "arab_revolt": ["1.3.7", "1.4.1", "1.12", "4.3.1", "6.1.6", "6.6", "6.6.4"],
}

# Numbers a rulebook does not have as a section although they appear in it or in a sibling:
# Arab Revolt's "CC BY 2.5" image licence, Palestine's 5.4 (Starred Events) and 6.5.3-6.5.4
# that Cyprus lacks, Arab Revolt's 1.3.7, 1.11 and 6.6 that the others lack.
ABSENT = {
    "palestine": ["1.3.7", "1.11", "2.5", "6.1.5", "6.6"],
    "cyprus": ["1.3.7", "1.11", "5.4", "6.5.3", "6.5.4", "6.6"],
    "arab_revolt": ["2.5", "6.5.1", "6.7"],
}

PROPAGANDA = {"palestine": [33, 34, 35], "cyprus": [33, 34, 35], "arab_revolt": [33, 35]}
TITLES = {
    "palestine": {"P1": "Operation Agatha", "P2": "Exodus Affair", "P32": "Weapon Factories"},
    "cyprus": {"C1": "Makarios III", "C7": "Mass Detention", "C32": "Road Ambushes"},
    "arab_revolt": {"A1": "Mass Detention", "A21": "“Criminals and Thugs”", "A34": "Propaganda!"},
}


def rulebook(folder: str) -> str:
    text = rulebook_text(folder)
    if text is None:
        pytest.skip(f"rulebook {folder}_rules.md not found in a shared/rules beside the checkout")
    return text


def implemented(folder: str) -> bool:
    return (ROOT / "britishway_env" / "volumes" / folder).is_dir()


# --------------------------------------------------------------------------- the parser


@pytest.mark.parametrize("folder", sorted(VOLUMES))
def test_rulebook_sections_are_parsed(folder):
    sections = parse_sections(rulebook(folder))
    assert [s for s in sections if s.endswith(".0") and s.count(".") == 1] == CHAPTERS
    assert set(KNOWN[folder]) <= set(sections)
    assert not set(ABSENT[folder]) & set(sections)
    # In document order, each heading comes after the one before and under a parent heading:
    # a number taken from a table row, a list or prose would break one or the other.
    assert all(section_key(a) < section_key(b) for a, b in zip(sections, sections[1:]))
    assert all(parent_section(s) in sections for s in sections if parent_section(s))


@pytest.mark.parametrize("folder", sorted(VOLUMES))
def test_table_of_contents_alone_gives_no_section(folder):
    text = rulebook(folder)
    lines = text.splitlines()
    toc = next(i for i, line in enumerate(lines) if "TABLE OF CONTENTS" in line)
    body = next(i for i, line in enumerate(lines) if i > toc and parse_sections(line) == ["1.0"])
    contents = "\n".join(lines[toc:body])
    assert sum(contents.count(f"{c} ") for c in CHAPTERS) >= 7  # the chapters are listed there
    assert parse_sections(contents) == []


def test_prose_tables_and_lists_give_no_section():
    text = "\n".join([
        "1.3.6 Heading. Run-in text citing (3.2.2) and (3.2.4).",
        "A prose line ending in a cross reference (2.3.2).",
        "| 3.2 Table Row | 6 |",
        "- 6.4 List Item",
        "  4.2 Indented Line",
        "1. Numbered item",
        "2.5 lowercase text after a number",
        "2.0 Contents Entry.....\t5",
        "Image attribution: licence 2.5",
        "## 2.3 Markdown Heading",
        "**5.1.1** Bold number, then text",
        "**1.3.1 Bold Heading.** Text (1.4).",
        "6.1 Plain Heading",
    ])
    assert parse_sections(text) == ["1.3.6", "2.3", "5.1.1", "1.3.1", "6.1"]


@pytest.mark.parametrize("folder", sorted(VOLUMES))
def test_rulebook_cards_are_parsed(folder):
    letter = VOLUMES[folder].letter
    cards = parse_cards(rulebook(folder))
    assert volume_cards(folder) == cards
    assert [c.id for c in cards] == [f"{letter}{n}" for n in range(1, 36)]
    events = [c.id for c in cards if c.event]
    assert events == [f"{letter}{n}" for n in range(1, 36) if n not in PROPAGANDA[folder]]
    titles = {c.id: c.title for c in cards}
    assert {k: titles[k] for k in TITLES[folder]} == TITLES[folder]
    assert all(titles[f"{letter}{n}"].startswith("Propaganda") for n in (33, 34, 35))


def test_card_parser_reads_only_section_9_headings():
    text = "\n".join([
        "8.0 Example of Play",
        "C3. Card Three, named before section 9",
        "9.0 Event Tips and Background",
        "Prose naming (Card C19).",
        "C1. Card One",
        "BRITISH CAPABILITY",
        "Unshaded label: effect text.",
        "Tips: None.",
        "C4. Card Four",
        "#### EOKA CAPABILITY",
        "**Tips:** no Event text above: a marker alone is none.",
        "C2, C3. Propaganda",
        "Background: notes only.",
        "More background: C4. not a heading when inside a line",
        "Strategy Guide",
        "C5. Not a card: back matter",
    ])
    assert parse_cards(text) == [
        Card("C1", "Card One", True), Card("C2", "Propaganda", False), Card("C3", "Propaganda", False),
        Card("C4", "Card Four", False),
    ]


# --------------------------------------------------------------------------- card test names


def test_card_of_test_name():
    assert card_of_test_name("test_c07_x") == "C7"
    assert card_of_test_name("test_a34_munich") == "A34"
    assert card_of_test_name("test_p7_x") == "P7"
    assert card_of_test_name("test_p07_x") == "P7"
    assert card_of_test_name("test_p32_shaded_places_cache") == "P32"
    for name in ("test_pa_x", "test_p100", "test_p100_x", "test_p7", "test_p0_x", "test_x7_y",
                 "test_3_2_4_search", "tst_p7_x"):
        assert card_of_test_name(name) is None, name


def test_cards_without_tests_reports_an_untested_event_card(tmp_path):
    (tmp_path / "test_x.py").write_text(
        "def test_c01_unshaded():\n    pass\n\nclass TestCards:\n    def test_c2_shaded(self):\n        pass\n"
        "\ndef helper_c3_():\n    pass\n"
    )
    names = defined_test_names([tmp_path / "test_x.py"])
    cards = [Card("C1", "a", True), Card("C2", "b", True), Card("C3", "c", True), Card("C33", "Propaganda", False)]
    assert cards_without_tests(cards, names) == ["C3"]
    assert cards_without_tests(cards[:2], names) == []


@pytest.mark.parametrize("folder", sorted(VOLUMES))
def test_every_event_card_has_a_test_named_after_it(folder):
    if not implemented(folder):
        pytest.skip(f"no britishway_env/volumes/{folder}/ yet: the {VOLUMES[folder].name} volume is not implemented")
    tests = [p for p in (ROOT / "tests").rglob("*.py") if p.resolve() not in TRACE_FILES]
    missing = cards_without_tests(parse_cards(rulebook(folder)), defined_test_names(tests))
    assert not missing, f"{folder}: Event cards with no test_<card>_... test: {missing}"


# --------------------------------------------------------------------------- scoped citations


def test_own_files_of_a_volume():
    own = [
        "britishway_env/volumes/cyprus/turns.py", "britishway_env/volumes/boards/cyprus.py",
        "tests/test_cyprus_events.py", "tests/cyprus_helpers.py", "docs/cyprus.md", "docs/design/cyprus_decisions.md",
    ]
    others = [
        "britishway_env/volumes/palestine/turns.py", "britishway_env/volumes/boards/palestine.py",
        "britishway_env/engine/initiative.py", "britishway_env/cli.py", "tests/test_palestine_turns.py",
        "tests/test_statedict.py", "tests/golden/record.py", "docs/api.md", "docs/rules_decisions.md",
    ]
    assert all(own_file(Path(p), "cyprus") for p in own)
    assert not any(own_file(Path(p), "cyprus") for p in others)
    assert own_file(Path("britishway_env/volumes/arab_revolt/events.py"), "arab_revolt")
    assert own_file(Path("tests/test_arab_revolt_events.py"), "arab_revolt")


def test_lines_naming_a_volume():
    palestine, cyprus, arab = VOLUMES["palestine"], VOLUMES["cyprus"], VOLUMES["arab_revolt"]
    assert names_volume("# Palestine 2.3.3: Pass draws a chit", palestine)
    assert names_volume("# 2.3.3 (Palestine, Cyprus)", cyprus)
    assert names_volume("# Limited Operation, 2.3.4 (all volumes)", arab)
    assert names_volume("# 2.3.4 (All volumes)", cyprus)
    assert names_volume("# Arab Revolt 1.11: the Unity Track", arab)
    assert not names_volume("# 2.3.3 (Palestine)", cyprus)
    assert not names_volume("# 2.3.3 (palestine_helpers)", palestine)
    assert not names_volume("# Arab 1.11 Revolt", arab)
    assert not names_volume("# 2.3.3 (all volume kinds)", cyprus)


def write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_citations_count_only_for_their_volume(tmp_path):
    write(tmp_path, "britishway_env/volumes/palestine/turns.py", "# Search (3.2.3)\n")
    write(tmp_path, "britishway_env/volumes/boards/cyprus.py", "# Adjacency (1.3.5)\n")
    write(tmp_path, "britishway_env/volumes/cyprus/events.py", "# Palestine 6.5.4 is not in Cyprus\n")
    write(tmp_path, "britishway_env/engine/initiative.py",
          "# Passing, 2.3.3 (all volumes)\n# Limited Operation 2.3.4 (Palestine, Arab Revolt)\n"
          "# Cyprus 6.1.1 International Pressure\n# Next card 2.3.6\n")
    write(tmp_path, "tests/test_cyprus_ops.py", "def test_4_2_3_interrogate():\n    pass\n")
    write(tmp_path, "tests/cyprus_helpers.py", "# 1.9 International Opinion\n")
    write(tmp_path, "tests/test_engine.py", "def test_2_3_7_extra_space():  # 2.3.5\n    pass\n")
    write(tmp_path, "docs/cyprus.md", "Reset (6.4).\n")
    write(tmp_path, "docs/api.md", "Propaganda (6.0) in Palestine.\nRound (6.3) of any volume.\n")
    sections = ["1.3.5", "1.9", "2.3.3", "2.3.4", "2.3.5", "2.3.6", "2.3.7", "3.2.3", "4.2.3", "6.0", "6.1.1",
                "6.3", "6.4", "6.5.4"]
    cited = {
        folder: sorted(set(sections) - set(missing_sections(sections, volume_corpus(VOLUMES[folder], tmp_path), {})))
        for folder in VOLUMES
    }
    # A volume's own files count whole: the Cyprus file's line naming Palestine counts for both.
    assert cited == {
        "palestine": ["2.3.3", "2.3.4", "3.2.3", "6.0", "6.5.4"],
        "cyprus": ["1.3.5", "1.9", "2.3.3", "4.2.3", "6.1.1", "6.4", "6.5.4"],
        "arab_revolt": ["2.3.3", "2.3.4"],
    }


def test_missing_sections_of_a_small_rulebook(tmp_path):
    rules = "\n".join([
        "## 1.0 Introduction", "### 1.1 General Course of Play", "**1.1.1 Pawns.** Optional (3.1).",
        "2.0 Sequence of Play", "2.1 Setup", "2.1.1 Start. Begin.",
    ])
    sections = parse_sections(rules)
    assert sections == ["1.0", "1.1", "1.1.1", "2.0", "2.1", "2.1.1"]
    write(tmp_path, "britishway_env/volumes/cyprus/rules.py", "# Setup 2.1.1; the course of play (1.1)\n")
    write(tmp_path, "tests/test_cyprus_pawns.py", "def test_1_1_1_pawns():\n    pass\n")
    allowed = {"1.0": "introduction", "2.0": "chapter heading"}
    cyprus = VOLUMES["cyprus"]
    assert missing_sections(sections, volume_corpus(cyprus, tmp_path), allowed) == []
    # Take the test away: 1.1.1 goes missing. Its parent 1.1 is still cited by rules.py.
    (tmp_path / "tests/test_cyprus_pawns.py").unlink()
    assert missing_sections(sections, volume_corpus(cyprus, tmp_path), allowed) == ["1.1.1"]
    # Cited in shared code without naming the volume: still missing; named: found.
    write(tmp_path, "britishway_env/engine/pawns.py", "# pawns 1.1.1\n")
    assert missing_sections(sections, volume_corpus(cyprus, tmp_path), allowed) == ["1.1.1"]
    write(tmp_path, "britishway_env/engine/pawns.py", "# pawns 1.1.1 (all volumes)\n")
    assert missing_sections(sections, volume_corpus(cyprus, tmp_path), allowed) == []
    # Cited for another volume only: missing again, and so is an allow-listed section once unlisted.
    write(tmp_path, "britishway_env/engine/pawns.py", "# pawns 1.1.1 (Palestine)\n")
    assert missing_sections(sections, volume_corpus(cyprus, tmp_path), {"1.0": "introduction"}) == ["1.1.1", "2.0"]
    # "2.1.1" cites 2.1 but "2.1" does not cite 2.1.1, nor does "12.1.1" or "2.1.10".
    write(tmp_path, "britishway_env/volumes/cyprus/rules.py", "# 2.1 (1.1) 12.1.1 2.1.10 1.1.12\n")
    assert missing_sections(sections, volume_corpus(cyprus, tmp_path), allowed) == ["1.1.1", "2.1.1"]


# --------------------------------------------------------------------------- the volumes


@pytest.mark.parametrize("folder", sorted(VOLUMES))
def test_every_rule_section_is_cited_or_allow_listed(folder):
    if not implemented(folder):
        pytest.skip(f"no britishway_env/volumes/{folder}/ yet: the {VOLUMES[folder].name} volume is not implemented")
    sections = parse_sections(rulebook(folder))
    text = volume_corpus(VOLUMES[folder], exclude=TRACE_FILES)
    missing = missing_sections(sections, text, ALLOWED.get(folder, {}))
    assert not missing, f"{folder}: sections neither cited nor allow-listed: {missing}"


def test_allow_list_names_real_sections_with_reasons():
    assert set(ALLOWED) <= set(VOLUMES)
    for folder, allowed in ALLOWED.items():
        assert all(reason.strip() for reason in allowed.values())
        assert set(allowed) <= set(parse_sections(rulebook(folder)))
