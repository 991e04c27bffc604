"""Palestine foundation: board (1.3), pieces (1.2, 1.4), setup and deck (2.1).

The rest of the Palestine rules are tested in the other test_palestine_* files.
"""

import numpy as np
import pytest

from britishway_env.volumes.boards import palestine as board
from britishway_env.volumes.palestine import cards as C
from britishway_env.volumes.palestine import layout as L
from britishway_env.volumes.palestine.setup import setup

MAP = board.adjacency_matrix(include_foreign=False)


def adjacent(a, b):
    return MAP[board.space_index(a), board.space_index(b)] == 1


def neighbours(name):
    i = board.space_index(name)
    return {board.SPACE_NAMES[j] for j in np.flatnonzero(MAP[i])}


def new_state(seed=0):
    s = np.zeros(L.STATE_SIZE, dtype=np.int64)
    setup(s, np.int64(seed))
    return s


def space(s, name, piece):
    return s[L.SPACES + board.space_index(name) * L.SPACE_FIELDS + piece]


def test_1_3_1_map_spaces_thirteen_playable_foreign_not():
    assert board.N_MAP_SPACES == 13
    assert sum(board.SPACE_KIND == board.DISTRICT) == 6
    assert sum(board.SPACE_KIND == board.CITY) == 3
    assert sum(board.SPACE_KIND == board.RAILWAY) == 4
    assert not MAP[:, board.N_MAP_SPACES:].any()  # foreign countries not playable in Palestine


def test_1_3_2_and_1_3_3_sabotage_values_and_coastal():
    for name, kind, value, coastal in board.SPACES[:13]:
        assert value == {board.DISTRICT: 1, board.CITY: 2, board.RAILWAY: 0}[kind]
        assert coastal == (kind == board.DISTRICT and name != "Jerusalem District")


def test_1_3_5_adjacency_example_tel_aviv_haifa_railway():
    assert neighbours("Tel Aviv-Haifa Railway") == {
        "Tel Aviv-Jaffa", "Haifa City", "Haifa District", "Samaria", "Lydda"}


def test_1_3_5_adjacency_is_symmetric_and_railways_never_touch():
    assert (MAP == MAP.T).all() and not MAP.diagonal().any()
    rail = board.SPACE_KIND[:13] == board.RAILWAY
    assert not MAP[:13, :13][np.ix_(rail, rail)].any()


def test_4_2_3_each_city_has_exactly_one_adjacent_district():
    for city, district in (("Haifa City", "Haifa District"), ("Tel Aviv-Jaffa", "Lydda"),
                           ("Jerusalem City", "Jerusalem District")):
        districts = {n for n in neighbours(city) if board.SPACES[board.space_index(n)][1] == board.DISTRICT}
        assert districts == {district}


def test_proven_edges_from_examples_of_play_are_present():
    for a, b in (("Gaza", "Lydda"), ("Lydda", "Tel Aviv-Jerusalem Railway"), ("Lydda", "Egypt-Tel Aviv Railway"),
                 ("Samaria", "Haifa District"), ("Samaria", "Jerusalem District"), ("Galilee", "Samaria"),
                 ("Tel Aviv-Jaffa", "Egypt-Tel Aviv Railway"), ("Jerusalem City", "Tel Aviv-Jerusalem Railway")):
        assert adjacent(a, b), (a, b)
    assert all(src for *_, src in board.EDGES) and {e[2] for e in board.EDGES} == {board.PROVEN, board.INFERRED}


def test_unknown_space_is_a_clear_error():
    with pytest.raises(KeyError, match="unknown space 'Beersheba'"):
        board.space_index("Beersheba")


def test_2_1_setup_pieces_markers_and_tracks():
    s = new_state()
    assert space(s, "Lydda", L.ARMS_CACHES) == 1 and space(s, "Jerusalem District", L.ARMS_CACHES) == 1
    assert space(s, "Haifa City", L.TROOPS) == 2 and space(s, "Haifa City", L.POLICE) == 1
    assert space(s, "Haifa District", L.TROOPS) == 0
    for name in board.SPACE_NAMES[:9]:
        assert space(s, name, L.CELLS_UNDERGROUND) == 1 and space(s, name, L.CELLS_ACTIVE) == 0
    for name in board.SPACE_NAMES[9:13]:
        assert all(space(s, name, p) == 0 for p in range(L.SPACE_FIELDS))
    assert (s[L.POLITICAL_WILL], s[L.HAGANAH], s[L.FIRST_ELIGIBLE]) == (18, 4, L.IRGUN)
    assert (s[L.AVAILABLE_POLICE], s[L.AVAILABLE_CELLS], s[L.AVAILABLE_CACHES], s[L.PRISON]) == (3, 6, 3, 0)
    assert (s[L.TRACK_CELLS_4], s[L.TRACK_CACHE_4], s[L.TRACK_CELLS_3]) == (0, 0, 0)
    assert not s[L.INTEL_HELD:L.INTEL_HELD + 3].any()


def test_1_2_piece_totals_at_setup():
    s = new_state()
    board_total = s[L.SPACES:L.SPACES + 13 * L.SPACE_FIELDS].reshape(13, L.SPACE_FIELDS).sum(axis=0)
    assert board_total[L.TROOPS] + s[L.AVAILABLE_TROOPS] == L.TOTAL_TROOPS
    assert board_total[L.POLICE] + s[L.AVAILABLE_POLICE] == L.TOTAL_POLICE
    assert board_total[L.CELLS_UNDERGROUND] + s[L.AVAILABLE_CELLS] == L.TOTAL_CELLS
    assert board_total[L.ARMS_CACHES] + s[L.AVAILABLE_CACHES] == L.TOTAL_CACHES


def test_1_4_2_setup_respects_stacking():
    s = new_state()
    for i, (name, kind, _, _) in enumerate(board.SPACES[:13]):
        caches = space(s, name, L.ARMS_CACHES)
        assert caches <= 2 and (kind != board.RAILWAY or caches == 0)


@pytest.mark.parametrize("seed", range(25))
def test_2_1_deck_preparation_three_piles_propaganda_in_bottom_three(seed):
    s = new_state(seed)
    deck = list(s[L.DECK:L.DECK + C.DECK_SIZE])
    assert len(deck) == 21 and len(set(deck)) == 21
    assert sorted(c for c in deck if C.is_propaganda(c)) == [33, 34, 35]
    for pile in range(3):
        cards = deck[pile * 7:(pile + 1) * 7]
        assert not any(C.is_propaganda(c) for c in cards[:4])
        assert sum(C.is_propaganda(c) for c in cards[4:]) == 1
    assert all(1 <= c <= 32 for c in deck if not C.is_propaganda(c))


def test_2_1_deck_preparation_uses_every_event_and_position():
    seen = set()
    positions = set()
    for seed in range(300):
        deck = list(new_state(seed)[L.DECK:L.DECK + C.DECK_SIZE])
        seen.update(deck)
        positions.update(i % 7 for i, c in enumerate(deck) if C.is_propaganda(c))
    assert seen == set(range(1, 36))
    assert positions == {4, 5, 6}


def test_card_metadata_stars_and_capabilities():
    assert [n for n, _, star, _ in C.CARDS if star] == [2, 4, 8, 20, 27]          # 5.4, P9 tips
    caps = {n: cap for n, _, _, cap in C.CARDS if cap}
    assert caps == {9: C.BRITISH_CAPABILITY, 13: C.IRGUN_CAPABILITY, 17: C.BRITISH_CAPABILITY,
                    18: C.BRITISH_CAPABILITY, 23: C.IRGUN_CAPABILITY, 25: C.IRGUN_CAPABILITY,
                    29: C.BRITISH_CAPABILITY, 32: C.IRGUN_CAPABILITY}


# ---------------------------------------------------------------- 6.1, 6.4 --

from britishway_env.volumes.palestine import propaganda as P  # noqa: E402


def put(s, name, piece, n):
    s[L.SPACES + board.space_index(name) * L.SPACE_FIELDS + piece] = n


def test_6_1_2_order_clean_map_gains_five():
    s = new_state()
    assert P.political_will_delta(s) == 2 + 3  # no Sabotaged Railway, three clean Cities


def test_6_1_1_disorder_net_shift():
    s = new_state()
    put(s, "Galilee", L.SABOTAGE, 1)            # -1
    put(s, "Gaza", L.SABOTAGE, 2)               # -2
    put(s, "Tel Aviv-Haifa Railway", L.SABOTAGE, 2)   # -2 once for the Railway, no +2
    put(s, "Haifa City", L.SABOTAGE, 1)         # -2
    put(s, "Jerusalem City", L.TERROR, 2)       # -6
    assert P.political_will_delta(s) == -1 - 2 - 2 - 2 - 6 + 1   # Tel Aviv-Jaffa is still clean


def test_6_1_3_victory_at_zero_and_1_8_bounds():
    s = new_state()
    s[L.POLITICAL_WILL] = 3
    put(s, "Tel Aviv-Jaffa", L.TERROR, 2)
    put(s, "Egypt-Tel Aviv Railway", L.SABOTAGE, 1)
    assert P.political_will_phase(s) and s[L.POLITICAL_WILL] == 0      # net -8, floored at 0
    s = new_state()
    s[L.POLITICAL_WILL] = 19
    assert not P.political_will_phase(s) and s[L.POLITICAL_WILL] == 20  # +5 capped at 20


def test_6_4_reset_phase():
    s = new_state()
    put(s, "Haifa City", L.CURFEW, 1)
    put(s, "Lydda", L.SABOTAGE, 1)
    put(s, "Jerusalem City", L.TERROR, 1)
    put(s, "Samaria", L.CELLS_UNDERGROUND, 0)
    put(s, "Samaria", L.CELLS_ACTIVE, 1)
    s[L.PRISON] = 5
    s[L.AVAILABLE_CELLS] = 1
    s[L.FIRST_ELIGIBLE] = L.BRITISH
    P.reset_phase(s)
    assert space(s, "Haifa City", L.CURFEW) == 0 and space(s, "Lydda", L.SABOTAGE) == 0
    assert space(s, "Jerusalem City", L.TERROR) == 0
    assert (space(s, "Samaria", L.CELLS_UNDERGROUND), space(s, "Samaria", L.CELLS_ACTIVE)) == (1, 0)
    assert (s[L.PRISON], s[L.AVAILABLE_CELLS]) == (3, 3)   # half of 5, rounded down, released
    assert s[L.FIRST_ELIGIBLE] == L.IRGUN
