"""Palestine card texts for display (card_texts.py): complete, short, in line with the deck.

Fast: imports only card_texts and cards, no numba kernel.
"""

import re
from pathlib import Path

import pytest

from britishway_env.volumes.palestine import card_texts as T
from britishway_env.volumes.palestine import cards as C

EVENTS_DOC = Path(__file__).resolve().parent.parent / "docs" / "palestine_events.md"

# Cards with one text (rules decision P-15, docs/palestine_events.md: P4 "one text; the
# shaded side is never offered", P22 "one text", P26 "one text"; events.SINGLE_TEXT).
ONE_TEXT = {4, 22, 26}

EVENTS = range(1, C.N_EVENT_CARDS + 1)


def test_every_event_card_has_an_unshaded_text_and_nothing_else_is_listed():
    assert set(T.CARD_TEXTS) == set(EVENTS)
    for n in EVENTS:
        unshaded, _ = T.CARD_TEXTS[n]
        assert isinstance(unshaded, str) and unshaded.strip(), n
        assert T.card_text(n, T.UNSHADED) == unshaded


def test_shaded_text_is_none_exactly_for_the_one_text_cards():
    assert {n for n in EVENTS if T.CARD_TEXTS[n][1] is None} == ONE_TEXT
    for n in EVENTS:
        shaded = T.card_text(n, T.SHADED)
        if n in ONE_TEXT:
            assert shaded is None
        else:
            assert isinstance(shaded, str) and shaded.strip(), n
            assert shaded != T.CARD_TEXTS[n][0], n


def test_one_text_set_matches_the_events_doc():
    doc = EVENTS_DOC.read_text()
    said = {int(m) for m in re.findall(r"\*\*P(\d+) [^*]+\*\*[^.(]*\(one text", doc)}
    assert said == ONE_TEXT


def test_capability_cards_say_so_with_their_label_and_the_others_do_not():
    label = {C.BRITISH_CAPABILITY: "Capability (British):", C.IRGUN_CAPABILITY: "Capability (Irgun):"}
    capabilities = {n for n in EVENTS if C.CAPABILITY[n - 1] != C.NO_CAPABILITY}
    assert capabilities == {9, 13, 17, 18, 23, 25, 29, 32}
    for n in EVENTS:
        for text in filter(None, T.CARD_TEXTS[n]):
            if n in capabilities:
                assert "Capability" in text and text.startswith(label[int(C.CAPABILITY[n - 1])]), n
            else:
                assert "Capability" not in text, n


def test_propaganda_cards_show_the_propaganda_round():
    assert T.PROPAGANDA_CARDS == C.PROPAGANDA_CARDS
    assert "Propaganda Round" in T.PROPAGANDA_TEXT
    for n in C.PROPAGANDA_CARDS:
        assert T.card_text(n, T.UNSHADED) == T.PROPAGANDA_TEXT
        assert T.card_text(n, T.SHADED) is None


@pytest.mark.parametrize("number, side", [(0, 0), (36, 0), (-1, 1), (1, 2), (1, -1), (33, 2),
                                          (1.5, 0), ("1", 0), (1, 0.5), (None, 0)])
def test_card_text_rejects_a_bad_number_or_side(number, side):
    with pytest.raises(ValueError):
        T.card_text(number, side)


def test_card_text_accepts_numpy_integers():
    assert T.card_text(C.STARRED.dtype.type(7), C.STARRED.dtype.type(1)) == T.CARD_TEXTS[7][1]


def test_texts_are_short_finished_sentences():
    texts = [t for pair in T.CARD_TEXTS.values() for t in pair if t] + [T.PROPAGANDA_TEXT]
    assert len(texts) == 2 * C.N_EVENT_CARDS - len(ONE_TEXT) + 1
    for text in texts:
        assert len(text) <= 400, text
        assert "TODO" not in text.upper(), text
        assert text == text.strip() and "  " not in text, text
        assert text[0].isupper() and text.endswith("."), text
        assert 1 <= len(re.findall(r"[.!?](?:\s|$)", text)) <= 3, text
