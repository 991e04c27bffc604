"""Rulebook traceability helpers: parse the numbered sections and the event cards of
the COIN rulebooks (Palestine, Cyprus, Arab Revolt) and gather, per volume, the text
in which a citation of one of its sections counts.

Used by tests/test_traceability.py, whose docstring states the conventions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Volume:
    folder: str  # package folder name: britishway_env/volumes/<folder>/
    name: str  # the volume's name in prose
    letter: str  # card prefix: P7, C7, A34


VOLUMES = {
    v.folder: v
    for v in (
        Volume("palestine", "Palestine", "P"),
        Volume("cyprus", "Cyprus", "C"),
        Volume("arab_revolt", "Arab Revolt", "A"),
    )
}


def rules_dir(start: Path = ROOT) -> Path | None:
    """The shared rulebook folder: the first `shared/rules` beside the checkout or one of
    its parents (a worktree lives one level deeper than the main checkout)."""
    for base in (start, *start.parents):
        candidate = base / "shared" / "rules"
        if candidate.is_dir():
            return candidate
    return None


def rulebook_path(folder: str) -> Path | None:
    found = rules_dir()
    return None if found is None else found / f"{folder}_rules.md"


def rulebook_text(folder: str) -> str | None:
    """A volume's rulebook, or None where no shared/rules holds it."""
    path = rulebook_path(folder)
    return path.read_text(encoding="utf-8") if path is not None and path.is_file() else None


# ---------------------------------------------------------------------------
# Sections

SECTION = r"\d+\.\d+(?:\.\d+)?"

# A section heading is a line that starts with the section number, in one of the three
# ways the rulebooks write one: a markdown heading ("### 2.3.2 Options..."), a bold
# run-in heading ("**1.3.1 Map Spaces.** ..." or "**5.1.1** ..."), or a plain
# line (Cyprus: "1.1 General Course of Play", "1.3.5 Adjacency. ...") whose text starts
# with a capital letter. Table rows ("| 1.0 ..."), list items ("- ..."), indented lines
# and prose never start that way; a cross reference "(6.4)" is never at a line's start;
# "1. Do this" has no second number. Table-of-contents lines are told apart by their
# dot leaders ("1.0 Introduction.....").
_HEADING = re.compile(
    rf"^(?:#{{1,6}}[ \t]+(?P<md>{SECTION})(?![\d.])"
    rf"|\*\*(?P<bold>{SECTION})(?=[ \t]|\*\*)"
    rf"|(?P<plain>{SECTION})[ \t]+(?=[A-Z]))"
)
_DOT_LEADER = re.compile(r"\.{3,}")


def section_key(section: str) -> tuple[int, ...]:
    return tuple(int(part) for part in section.split("."))


def parse_sections(text: str) -> list[str]:
    """Numbered section headings of a rulebook, in the order they appear."""
    found = []
    for line in text.splitlines():
        m = _HEADING.match(line)
        if m and not _DOT_LEADER.search(line):
            found.append(m.group("md") or m.group("bold") or m.group("plain"))
    return found


def parent_section(section: str) -> str | None:
    """The section a heading belongs to: 1.3.5 -> 1.3, 1.3 -> 1.0, 7.0.1 -> 7.0; None for a
    chapter (N.0)."""
    parts = section.split(".")
    if len(parts) == 3:
        return ".".join(parts[:2])
    return None if parts[1] == "0" else parts[0] + ".0"


# ---------------------------------------------------------------------------
# Event cards (section 9)

_CHAPTER_9 = re.compile(r"^(?:#{1,6}[ \t]+)?9\.0[ \t]")
# Back matter that follows the card notes in every rulebook.
_BACK_MATTER = re.compile(r"^(?:#{1,6}[ \t]+)?(?:Strategy Guide|Key Terms Index|Setup Instructions)\b")
# "### P1. Operation Agatha", "## P33, P34, P35. Propaganda", "C7. Mass Detention".
_CARD = re.compile(r"^(?:#{1,6}[ \t]+)?(?P<ids>[A-Z]\d+(?:[ \t]*,[ \t]*[A-Z]\d+)*)\.[ \t]+(?P<title>\S.*)$")
# The notes that close a card's Event text: "**Tips:** ...", "Background: ...".
_NOTES = re.compile(r"^\*{0,2}(?:Tips|Background|Image attribution|Image source)\b")
# Markers above the Event text: "#### BRITISH CAPABILITY", "MANDATORY EVENT".
_MARKER = re.compile(r"^(?:#{1,6}[ \t]+)?[A-Z][A-Z ]+$")


@dataclass(frozen=True)
class Card:
    id: str  # "P7"
    title: str
    event: bool  # the card carries Event text (every Event card, and a Propaganda card with an effect)


def volume_cards(folder: str) -> list[Card]:
    """The cards of a volume (section 9 of its rulebook); [] where the rulebook is absent."""
    text = rulebook_text(folder)
    return [] if text is None else parse_cards(text)


def card_number(card_id: str) -> int:
    return int(card_id[1:])


def parse_cards(text: str) -> list[Card]:
    """The cards described in section 9 of a rulebook, in card number order. A card has
    Event text when a paragraph other than a marker (BRITISH CAPABILITY, MANDATORY EVENT)
    stands between its heading and its tips or background (Propaganda cards have
    background only, except Arab Revolt's A34)."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if _CHAPTER_9.match(line)), None)
    if start is None:
        return []
    cards: list[Card] = []
    heading: tuple[list[str], str] | None = None
    effects = False
    notes_seen = False

    def close():
        if heading is not None:
            ids, title = heading
            cards.extend(Card(i, title, effects) for i in ids)

    for line in lines[start + 1 :]:
        if _BACK_MATTER.match(line):
            break
        m = _CARD.match(line)
        if m:
            close()
            ids = [part.strip() for part in m.group("ids").split(",")]
            title = m.group("title").replace("\\", "").replace("*", "").strip()
            heading, effects, notes_seen = (ids, title), False, False
            continue
        if heading is None or notes_seen or not line.strip():
            continue
        if _NOTES.match(line):
            notes_seen = True
        elif not _MARKER.match(line.strip()):
            effects = True
    close()
    return sorted(cards, key=lambda c: (c.id[0], card_number(c.id)))


# ---------------------------------------------------------------------------
# Test names naming a card

_CARD_TEST = re.compile(r"^test_(?P<letter>[pca])0*(?P<n>[1-9]\d?)_")
_TEST_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(test_\w+)[ \t]*\(", re.M)


def card_of_test_name(name: str) -> str | None:
    """The card a test function names: test_p7_x and test_p07_x -> "P7", test_a34_munich ->
    "A34"; None when the name names no card (test_pa_x, test_p100, test_p7)."""
    m = _CARD_TEST.match(name)
    return None if m is None else m.group("letter").upper() + m.group("n")


def defined_test_names(files) -> set[str]:
    names: set[str] = set()
    for path in files:
        names |= set(_TEST_DEF.findall(Path(path).read_text(encoding="utf-8")))
    return names


def cards_without_tests(cards: list[Card], test_names) -> list[str]:
    """Ids of the cards with Event text that no test function name names."""
    named = {card_of_test_name(n) for n in test_names}
    return [c.id for c in cards if c.event and c.id not in named]


# ---------------------------------------------------------------------------
# Citations scoped to a volume

CORPUS_DIRS = ("britishway_env", "tests", "docs")
CORPUS_SUFFIXES = (".py", ".md")


def own_file(rel: Path, folder: str) -> bool:
    """Whether a file (path relative to the checkout) belongs to volume `folder` wholly."""
    parts, name = rel.parts, rel.name
    if parts[:3] == ("britishway_env", "volumes", folder):
        return True
    if rel == Path("britishway_env", "volumes", "boards", f"{folder}.py"):
        return True
    if parts[0] == "tests":
        return name.startswith((f"test_{folder}", f"{folder}_"))
    if parts[0] == "docs":
        return name.startswith(folder) and name.endswith(".md")
    return False


def names_volume(line: str, volume: Volume) -> bool:
    """Whether a line names the volume ("Palestine 2.3.3", "2.3.3 (Palestine, Cyprus)") or
    every volume ("2.3.3 (all volumes)")."""
    return bool(
        re.search(rf"(?<![\w]){re.escape(volume.name)}(?![\w])", line)
        or re.search(r"\ball volumes\b", line, re.I)
    )


def scoped_text(rel: Path, text: str, volume: Volume) -> str:
    """The part of a file's text in which a citation counts for `volume`."""
    if own_file(rel, volume.folder):
        return text
    return "\n".join(line for line in text.splitlines() if names_volume(line, volume))


def corpus_files(root: Path = ROOT, exclude=()) -> list[Path]:
    skip = {Path(p).resolve() for p in exclude}
    files = []
    for top in CORPUS_DIRS:
        for path in sorted((root / top).rglob("*")):
            if path.suffix in CORPUS_SUFFIXES and path.is_file() and path.resolve() not in skip:
                files.append(path)
    return files


def volume_corpus(volume: Volume, root: Path = ROOT, exclude=()) -> str:
    return "\n".join(
        scoped_text(p.relative_to(root), p.read_text(encoding="utf-8"), volume)
        for p in corpus_files(root, exclude)
    )


def cites(text: str, section: str) -> bool:
    """Whether text cites a section, as "3.2.4" or, in a test name, "3_2_4". A citation of a
    subsection (3.2.4) also cites its parents (3.2), as "3.2" is a prefix of it."""
    dotted = re.compile(r"(?<![\d.])" + re.escape(section) + r"(?!\d)")
    underscored = re.compile(r"(?<!\d)(?<!\d_)" + section.replace(".", "_") + r"(?!\d)")
    return bool(dotted.search(text) or underscored.search(text))


def missing_sections(sections, text: str, allowed) -> list[str]:
    """Sections neither cited in text nor allow-listed."""
    return [s for s in sections if s not in allowed and not cites(text, s)]
