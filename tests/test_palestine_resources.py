"""Intel Chits (1.6.1), the Haganah Track (6.5) and Negotiate (4.2.2) kernels."""

import numpy as np
from palestine_helpers import force, new_state

from britishway_env.volumes.boards import palestine as board
from britishway_env.volumes.palestine import layout as L
from britishway_env.volumes.palestine import resources as R


def idx(name, piece):
    return L.SPACES + board.space_index(name) * L.SPACE_FIELDS + piece


def test_1_6_1_intel_draw_from_bag_of_nine():
    s = new_state()
    force(s, 3)                       # bag 0,0,0,1,1,1,2,2,2: index 3 is a '1'
    assert R.draw_intel(s) == 1 and list(s[L.INTEL_HELD:L.INTEL_HELD + 3]) == [0, 1, 0]
    force(s, 7)                       # now 0,0,0,1,1,2,2,2: index 7 is a '2'
    assert R.draw_intel(s) == 2
    R.return_intel(s, 1)
    assert list(s[L.INTEL_HELD:L.INTEL_HELD + 3]) == [0, 0, 1]
    s[L.INTEL_HELD:L.INTEL_HELD + 3] = 3
    assert R.draw_intel(s) == -1      # all nine held: nothing to draw


def test_1_6_1_intel_draws_are_uniform_over_the_bag():
    s = new_state()
    counts = np.zeros(3, dtype=int)
    for _ in range(3000):
        s[L.INTEL_HELD:L.INTEL_HELD + 3] = [2, 0, 0]   # bag: one 0, three 1s, three 2s
        counts[R.draw_intel(s)] += 1
    assert abs(counts[0] / 3000 - 1 / 7) < 0.03 and abs(counts[1] / 3000 - 3 / 7) < 0.04


def test_6_5_2_terror_at_4_fills_box_4_from_available():
    """8.0: Terror shifts the track from 4 to 3; two Cells and an Arms Cache go under box 4."""
    s = new_state()
    R.haganah_shift_left(s)
    assert s[L.HAGANAH] == 3
    assert (s[L.TRACK_CELLS_4], s[L.TRACK_CACHE_4]) == (2, 1)
    assert (s[L.AVAILABLE_CELLS], s[L.AVAILABLE_CACHES]) == (4, 2)
    assert (s[L.OWED_CELLS_4], s[L.OWED_CACHE_4]) == (0, 0)


def test_4_2_2_negotiate_example_shift_to_2_takes_cells_from_available_then_map():
    """8.0: Negotiate rolls 5 > 3; three Cells return under box 3: one from
    Available, two from the map where the Irgun choose."""
    s = new_state()
    R.haganah_shift_left(s)           # 4 -> 3 as in the example
    s[L.AVAILABLE_CELLS] = 1
    force(s, 4)                       # a 5
    assert R.negotiate(s) == 5
    assert s[L.HAGANAH] == 2 and s[L.TRACK_CELLS_3] == 1 and s[L.OWED_CELLS_3] == 2
    assert s[L.AVAILABLE_CELLS] == 0
    R.remove_owed_from_space(s, board.space_index("Haifa District"), L.CELLS_UNDERGROUND)
    R.remove_owed_from_space(s, board.space_index("Jerusalem District"), L.CELLS_UNDERGROUND)
    assert s[L.TRACK_CELLS_3] == 3 and s[L.OWED_CELLS_3] == 0
    assert s[idx("Haifa District", L.CELLS_UNDERGROUND)] == 0


def test_4_2_2_negotiate_fails_when_roll_not_greater_and_counts_terror():
    s = new_state()
    force(s, 2)                       # a 3, not greater than 4
    assert R.negotiate(s) == 3 and s[L.HAGANAH] == 4
    s[idx("Jerusalem City", L.TERROR)] = 2
    force(s, 2)                       # 3 + 2 Terror = 5 > 4
    assert R.negotiate(s) == 5 and s[L.HAGANAH] == 3


def test_6_5_4_negotiate_at_0_draws_intel():
    s = new_state()
    s[L.HAGANAH] = 0
    force(s, 0, 8)                    # the die, then the chit (index 8: a '2')
    R.negotiate(s)
    assert s[L.HAGANAH] == 0 and s[L.INTEL_HELD + 2] == 1


def test_6_5_2_no_choice_when_the_map_has_too_few_then_prison():
    s = new_state()
    s[L.SPACES:L.SPACES + board.N_MAP_SPACES * L.SPACE_FIELDS] = 0   # empty map
    s[idx("Gaza", L.CELLS_ACTIVE)] = 1
    s[L.AVAILABLE_CELLS] = 0
    s[L.AVAILABLE_CACHES] = 0
    s[L.PRISON] = 5
    R.haganah_shift_left(s)           # 4 -> 3: owes 2 Cells and 1 Arms Cache
    assert s[idx("Gaza", L.CELLS_ACTIVE)] == 0            # the only map Cell goes
    assert (s[L.TRACK_CELLS_4], s[L.PRISON]) == (2, 4)    # the other from Prison
    assert (s[L.TRACK_CACHE_4], s[L.OWED_CACHE_4]) == (0, 0)  # no Arms Cache anywhere: spot stays empty


def test_6_5_2_entering_3_and_4_from_below_frees_the_pieces():
    s = new_state()
    s[L.HAGANAH] = 2
    s[L.TRACK_CELLS_3] = 3
    s[L.TRACK_CELLS_4], s[L.TRACK_CACHE_4] = 2, 1
    cells, caches = s[L.AVAILABLE_CELLS], s[L.AVAILABLE_CACHES]
    R.haganah_shift_right(s)
    assert s[L.HAGANAH] == 3 and s[L.AVAILABLE_CELLS] == cells + 3 and s[L.TRACK_CELLS_3] == 0
    R.haganah_shift_right(s)
    assert s[L.HAGANAH] == 4 and s[L.AVAILABLE_CELLS] == cells + 5 and s[L.AVAILABLE_CACHES] == caches + 1
    R.haganah_shift_right(s)
    assert s[L.HAGANAH] == 4          # never beyond 4
