"""Palestine decision machinery (2.3, 3.0, 4.0, 6.0): card flow, boxes, Operations
with their sub-decisions, Special Activities, Propaganda Round; no dead ends.

The Example of Play (8.0) is replayed decision by decision, events included,
through its Propaganda Round.
"""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from britishway_env.volumes.boards import palestine as board
from britishway_env.volumes.palestine import layout as L
from britishway_env.volumes.palestine import turns as T
from britishway_env.volumes.palestine.propaganda import political_will_delta
from palestine_helpers import act, force, mask, new_game

S = board.space_index



def get(s, name, piece):
    return s[L.SPACES + S(name) * L.SPACE_FIELDS + piece]


def space(name):
    return L.A_SPACE + S(name)


def test_2_2_start_irgun_first_eligible_chooses_a_box():
    s = new_game()
    assert T.pending(s) == L.D_BOX and T.actor(s) == L.IRGUN and s[L.DECK_DRAWN] == 1
    m = mask(s)
    assert m[L.A_BOX + L.BOX_LIMITED] and m[L.A_BOX + L.BOX_OP_SA]
    assert not m[L.A_BOX + L.BOX_EVENT]          # the event is taken by choosing its text (5.2) ...
    assert m[L.A_EVENT_SIDE:L.A_OP].any()        # ... which the first card offers
    assert m[L.A_PASS + L.BOX_EVENT]             # and the Event box can be taken to Pass


def test_2_3_2_second_eligible_takes_another_box_and_2_3_5_eligibility():
    s = new_game(deck=[31, 10, 27, 25, 7, 8, 35])
    act(s, L.A_PASS + L.BOX_OP_SA)               # Irgun take Op & SA and Pass
    if T.pending(s) == L.D_PASS_ROB:
        act(s, L.A_STOP)
    assert T.actor(s) == L.BRITISH and not mask(s)[L.A_PASS + L.BOX_OP_SA]
    held = s[L.INTEL_HELD:L.INTEL_HELD + 3].sum()
    act(s, L.A_PASS + L.BOX_EVENT)               # 2.3.3: British Pass draws a chit
    assert s[L.INTEL_HELD:L.INTEL_HELD + 3].sum() == held + 1
    assert s[L.FIRST_ELIGIBLE] == L.BRITISH      # Event box is left of Op & SA
    assert s[L.CARD] == 10 and T.actor(s) == L.BRITISH


def test_8_0_example_of_play():
    s = new_game(deck=[31, 10, 27, 25, 7, 8, 35])
    # DOV GRUNER. Irgun: Op & SA, Sabotage with Terror, 4 spaces (Haganah at 4).
    act(s, L.A_BOX + L.BOX_OP_SA)
    act(s, L.A_OP + L.OP_SABOTAGE)
    assert s[L.SPACE_LIMIT] == 4
    force(s, 3, 1, 3, 4)                          # dice 4 (Galilee), 2 (Gaza), 4 (Haifa), 5 (Jerusalem)
    act(s, space("Galilee"))                      # no Arms Cache in or next to Galilee: rolls at once
    act(s, space("Gaza"))
    act(s, L.A_STOP)                              # keep Lydda's adjacent Arms Cache
    act(s, space("Haifa City"))
    act(s, L.A_STOP)                              # no Terror here (and no Arms Cache near)
    act(s, space("Jerusalem City"))
    act(s, L.A_SA + L.SA_TERROR)                  # Terror declared before the roll
    act(s, space("Jerusalem District"))           # the adjacent Arms Cache: +2
    assert get(s, "Galilee", L.SABOTAGE) == 1 and get(s, "Gaza", L.SABOTAGE) == 0
    assert get(s, "Haifa City", L.SABOTAGE) == 1 and get(s, "Jerusalem City", L.TERROR) == 2
    assert s[L.HAGANAH] == 3 and (s[L.TRACK_CELLS_4], s[L.TRACK_CACHE_4]) == (2, 1)
    assert s[L.SPACE_LIMIT] == 4 and not mask(s)[L.A_SPACE:L.A_COUNT].any()
    act(s, L.A_STOP)
    # British: Limited Patrol into Jerusalem with the Haifa Police, arrest the Active Cell.
    assert T.actor(s) == L.BRITISH and not mask(s)[L.A_BOX + L.BOX_OP_SA]
    act(s, L.A_BOX + L.BOX_LIMITED)
    act(s, L.A_OP + L.OP_PATROL)
    act(s, space("Jerusalem City"))
    assert not mask(s)[space("Haifa City")]       # Limited: one destination
    act(s, L.A_STOP)
    act(s, space("Haifa City"))                   # Police from Haifa City ...
    act(s, space("Jerusalem City"))               # ... to Jerusalem
    act(s, L.A_STOP)
    act(s, space("Jerusalem City"))               # arrests there
    assert s[L.PRISON] == 1 and get(s, "Jerusalem City", L.CELLS_ACTIVE) == 0
    assert get(s, "Jerusalem City", L.POLICE) == 2 and get(s, "Haifa City", L.POLICE) == 0
    # Eligibility: British (Limited Op, leftmost) become 1st Eligible.
    assert s[L.CARD] == 10 and s[L.FIRST_ELIGIBLE] == L.BRITISH and T.actor(s) == L.BRITISH
    # PALESTINE POLICE FORCE. British: Deploy in Samaria, Tel Aviv-Jaffa, Haifa City; Troops
    # from Samaria to the Tel Aviv-Jerusalem Railway; then Restore in Jerusalem.
    act(s, L.A_BOX + L.BOX_OP_SA)
    act(s, L.A_OP + L.OP_DEPLOY)
    for name in ("Samaria", "Tel Aviv-Jaffa", "Haifa City"):
        act(s, space(name))
    act(s, L.A_STOP)
    act(s, space("Tel Aviv-Jerusalem Railway"))
    act(s, space("Samaria"))
    act(s, space("Samaria"))
    act(s, L.A_STOP)
    assert T.pending(s) == L.D_SA_AFTER
    act(s, L.A_SA + L.SA_RESTORE)
    act(s, space("Jerusalem City"))
    assert get(s, "Jerusalem City", L.TERROR) == 0 and get(s, "Jerusalem City", L.SABOTAGE) == 2
    assert get(s, "Tel Aviv-Jerusalem Railway", L.TROOPS) == 2 and get(s, "Samaria", L.TROOPS) == 0
    assert (get(s, "Samaria", L.POLICE), get(s, "Tel Aviv-Jaffa", L.POLICE), get(s, "Haifa City", L.POLICE)) == (1, 2, 1)
    assert s[L.AVAILABLE_POLICE] == 0
    # Irgun: Limited Rob in Haifa District, a 4: an Arms Cache.
    act(s, L.A_BOX + L.BOX_LIMITED)
    act(s, L.A_OP + L.OP_ROB)
    force(s, 3)
    act(s, space("Haifa District"))
    assert get(s, "Haifa District", L.ARMS_CACHES) == 1 and get(s, "Haifa District", L.CELLS_ACTIVE) == 0
    assert mask(s)[L.A_EXTRA]                     # an Offensive could still add a space (2.3.7) ...
    act(s, L.A_STOP)                              # ... but the Irgun stop
    assert s[L.CARD] == 27 and s[L.FIRST_ELIGIBLE] == L.IRGUN
    # AMERICAN LOANS. Irgun: Recruit in Jerusalem, the Tel Aviv-Haifa and Egypt-Tel Aviv
    # Railways; an Offensive with the Haifa District Arms Cache adds Tel Aviv-Jaffa; Silence there.
    act(s, L.A_BOX + L.BOX_OP_SA)
    act(s, L.A_OP + L.OP_RECRUIT)
    assert s[L.SPACE_LIMIT] == 3                  # Haganah no longer at 4
    act(s, space("Jerusalem City"))               # a City with no Arms Cache near: one Cell, no question
    act(s, space("Tel Aviv-Haifa Railway"))
    act(s, L.A_COUNT + 0)                         # one Cell (two were allowed)
    act(s, space("Egypt-Tel Aviv Railway"))
    act(s, L.A_COUNT + 0)
    act(s, L.A_EXTRA)                             # Offensive (2.3.7)
    act(s, space("Haifa District"))
    act(s, space("Tel Aviv-Jaffa"))               # only one Cell left Available
    assert s[L.AVAILABLE_CELLS] == 0 and s[L.PRISON] == 1
    assert get(s, "Haifa District", L.ARMS_CACHES) == 0 and s[L.AVAILABLE_CACHES] == 3
    for name in ("Jerusalem City", "Tel Aviv-Haifa Railway", "Egypt-Tel Aviv Railway"):
        assert get(s, name, L.CELLS_UNDERGROUND) == 1
    act(s, L.A_SA + L.SA_SILENCE)
    act(s, space("Tel Aviv-Jaffa"))
    assert get(s, "Tel Aviv-Jaffa", L.POLICE) == 1 and get(s, "Tel Aviv-Jaffa", L.CELLS_UNDERGROUND) == 2
    act(s, L.A_STOP)
    # British Pass and draw a '1' chit; they become 1st Eligible.
    force(s, 3)
    act(s, L.A_PASS + L.BOX_LIMITED)
    assert list(s[L.INTEL_HELD:L.INTEL_HELD + 3]) == [0, 1, 0]
    assert s[L.CARD] == 25 and s[L.FIRST_ELIGIBLE] == L.BRITISH
    # MENACHEM BEGIN. British: Search Tel Aviv-Jaffa, Jerusalem City and Lydda with Troops
    # from the railway and from Gaza, Curfews in both Cities, then Mass Detention (a 4).
    act(s, L.A_BOX + L.BOX_OP_SA)
    act(s, L.A_OP + L.OP_SEARCH)
    for name in ("Tel Aviv-Jaffa", "Jerusalem City", "Lydda"):
        act(s, space(name))
    act(s, L.A_STOP)
    for src, dst in (("Tel Aviv-Jerusalem Railway", "Tel Aviv-Jaffa"),
                     ("Tel Aviv-Jerusalem Railway", "Jerusalem City"),
                     ("Gaza", "Lydda"), ("Gaza", "Lydda")):
        act(s, space(src))
        act(s, space(dst))
    act(s, L.A_STOP)
    act(s, L.A_STOP)                              # Tel Aviv-Jaffa: Curfew, one Cell per 3 cubes
    act(s, L.A_STOP)                              # Jerusalem: the same (keep the chit)
    for name in ("Lydda", "Tel Aviv-Jaffa", "Jerusalem City"):
        assert get(s, name, L.CELLS_ACTIVE) == 1, name
    assert get(s, "Tel Aviv-Jaffa", L.CURFEW) == 1 and get(s, "Jerusalem City", L.CURFEW) == 1
    force(s, 3)
    act(s, L.A_SA + L.SA_MASS_DETENTION)
    act(s, space("Tel Aviv-Jaffa"))
    assert T.cells_at(s, S("Tel Aviv-Jaffa")) == 0 and T.cells_at(s, S("Lydda")) == 0
    assert s[L.PRISON] == 4 and s[L.POLITICAL_WILL] == 17
    # Irgun execute the MENACHEM BEGIN event, shaded: a capability (5.3, P25).
    assert T.actor(s) == L.IRGUN and T.pending(s) == L.D_BOX
    assert mask(s)[L.A_EVENT_SIDE + 1] and not mask(s)[L.A_BOX + L.BOX_OP_SA]
    act(s, L.A_EVENT_SIDE + 1)
    assert s[L.CAPABILITIES + L.CAP_BEGIN] == L.CAP_SHADED
    assert s[L.CARD] == 7 and s[L.FIRST_ELIGIBLE] == L.IRGUN and T.actor(s) == L.IRGUN
    # LEHI. Irgun: Travel Gaza -> Tel Aviv-Jaffa (stays Active: Curfew, 1 + 3 cubes > 3), then
    # Propagandize in Tel Aviv-Jaffa and Jerusalem (2 each with Begin: 17 -> 13), then Travel
    # Samaria -> Tel Aviv-Jerusalem Railway and Galilee -> Haifa-Syria Railway (Underground).
    act(s, L.A_BOX + L.BOX_OP_SA)
    act(s, L.A_OP + L.OP_TRAVEL)
    assert s[L.SPACE_LIMIT] == 3
    act(s, space("Gaza"))
    act(s, space("Tel Aviv-Jaffa"))
    act(s, L.A_COUNT + 0)
    assert get(s, "Tel Aviv-Jaffa", L.CELLS_ACTIVE) == 1 and T.cells_at(s, S("Gaza")) == 0
    act(s, L.A_SA + L.SA_PROPAGANDIZE)
    act(s, space("Tel Aviv-Jaffa"))
    act(s, space("Jerusalem City"))
    assert s[L.POLITICAL_WILL] == 13
    for src, dst in (("Samaria", "Tel Aviv-Jerusalem Railway"), ("Galilee", "Haifa-Syria Railway")):
        act(s, space(src))
        act(s, space(dst))
        act(s, L.A_COUNT + 0)
        assert get(s, dst, L.CELLS_UNDERGROUND) == 1 and T.cells_at(s, S(src)) == 0
    act(s, L.A_STOP)
    # British: Limited Assault in Lydda takes the Arms Cache (+1 Political Will, a '0' chit),
    # which buys an Intelligence Lead: Assault in Jerusalem removes its Cell to Available.
    assert T.actor(s) == L.BRITISH
    act(s, L.A_BOX + L.BOX_LIMITED)
    act(s, L.A_OP + L.OP_ASSAULT)
    force(s, 0)                                   # the chit drawn is a '0'
    act(s, space("Lydda"))
    assert get(s, "Lydda", L.ARMS_CACHES) == 0 and s[L.POLITICAL_WILL] == 14
    assert list(s[L.INTEL_HELD:L.INTEL_HELD + 3]) == [1, 1, 0]
    act(s, L.A_EXTRA)
    act(s, L.A_CHIT + 0)
    cells_available = s[L.AVAILABLE_CELLS]
    act(s, space("Jerusalem City"))
    assert T.cells_at(s, S("Jerusalem City")) == 0 and s[L.AVAILABLE_CELLS] == cells_available + 1
    act(s, L.A_STOP)
    assert s[L.CARD] == 8 and s[L.FIRST_ELIGIBLE] == L.BRITISH
    # HARRY TRUMAN. British: Negotiate first (a 5 beats 3: the track drops to 2; the Irgun
    # return one Available Cell and the Cells of Haifa District and Jerusalem District) ...
    act(s, L.A_BOX + L.BOX_OP_SA)
    act(s, L.A_OP + L.OP_PATROL)
    force(s, 4)
    act(s, L.A_SA + L.SA_NEGOTIATE)
    assert s[L.HAGANAH] == 2 and T.pending(s) == L.D_REFILL and T.actor(s) == L.IRGUN
    act(s, space("Haifa District"))
    act(s, space("Jerusalem District"))
    assert s[L.TRACK_CELLS_3] == 3 and s[L.AVAILABLE_CELLS] == 0
    assert T.cells_at(s, S("Haifa District")) == 0 and T.cells_at(s, S("Jerusalem District")) == 0
    # ... then Patrol the three Railways next to Tel Aviv-Jaffa with Police from Samaria and
    # Jerusalem City, and spend the '1' chit to arrest the Underground Cell on the
    # Tel Aviv-Jerusalem Railway.
    for name in ("Egypt-Tel Aviv Railway", "Tel Aviv-Jerusalem Railway", "Tel Aviv-Haifa Railway"):
        act(s, space(name))
    act(s, L.A_STOP)                              # no Intelligence Lead
    for src, dst in (("Samaria", "Tel Aviv-Jerusalem Railway"), ("Jerusalem City", "Egypt-Tel Aviv Railway"),
                     ("Jerusalem City", "Tel Aviv-Haifa Railway")):
        act(s, space(src))
        act(s, space(dst))
    act(s, L.A_STOP)
    act(s, space("Tel Aviv-Jerusalem Railway"))
    act(s, L.A_CHIT + 1)
    assert T.cells_at(s, S("Tel Aviv-Jerusalem Railway")) == 0 and s[L.PRISON] == 5
    assert list(s[L.INTEL_HELD:L.INTEL_HELD + 3]) == [0, 0, 0]
    # Irgun execute HARRY TRUMAN shaded: -1 Political Will per Curfew (two): 14 -> 12.
    # The PROPAGANDA! card comes up at once, so the 12 is checked through the arithmetic:
    # 14 - 2 (event) - 4 (Political Will Phase: Sabotage in Haifa City and Jerusalem City -4,
    # in Galilee -1, one clean City +1, no Sabotaged Railway +2) = 8.
    assert T.actor(s) == L.IRGUN and T.pending(s) == L.D_BOX
    assert s[L.POLITICAL_WILL] == 14 and political_will_delta(s) == -4
    force(s, 0)                                   # the British Intel draw of 6.2.2: a '0'
    act(s, L.A_EVENT_SIDE + 1)
    # PROPAGANDA!: no Expropriation space; the British (no chits) draw a '0'; Haganah at 2
    # does nothing; Redeploy.
    assert s[L.POLITICAL_WILL] == 8 and s[L.PROPAGANDA_DONE] == 1
    assert T.pending(s) == L.D_REDEPLOY_POLICE and list(s[L.INTEL_HELD:L.INTEL_HELD + 3]) == [1, 0, 0]
    # British Redeploy: a Police from the Tel Aviv-Jerusalem Railway to the Haifa-Syria
    # Railway; Lydda's two Troops to the Egypt-Tel Aviv Railway, Galilee's two to Haifa-Syria.
    act(s, space("Tel Aviv-Jerusalem Railway"))
    act(s, space("Haifa-Syria Railway"))
    act(s, L.A_STOP)
    for src, dst in (("Lydda", "Egypt-Tel Aviv Railway"), ("Lydda", "Egypt-Tel Aviv Railway"),
                     ("Galilee", "Haifa-Syria Railway"), ("Galilee", "Haifa-Syria Railway")):
        act(s, space(src))
        act(s, space(dst))
    act(s, L.A_STOP)
    assert get(s, "Egypt-Tel Aviv Railway", L.TROOPS) == 2 and get(s, "Haifa-Syria Railway", L.TROOPS) == 2
    assert get(s, "Haifa-Syria Railway", L.POLICE) == 1 and get(s, "Tel Aviv-Jerusalem Railway", L.POLICE) == 0
    # Irgun move no Cell into Haifa City (the one City without a Curfew); no Arms Cache is on
    # the map. Reset: markers off, 2 of the 5 Cells in Prison back, all Underground, Irgun 1st.
    assert T.actor(s) == L.IRGUN and T.pending(s) == L.D_REDEPLOY_CELL and s[L.CUR] == S("Haifa City")
    act(s, L.A_STOP)
    sp = s[L.SPACES:L.SPACES + board.N_MAP_SPACES * L.SPACE_FIELDS].reshape(board.N_MAP_SPACES, L.SPACE_FIELDS)
    assert sp[:, [L.SABOTAGE, L.TERROR, L.CURFEW, L.CELLS_ACTIVE]].sum() == 0 and sp[:, L.ARMS_CACHES].sum() == 0
    assert s[L.PRISON] == 3 and s[L.AVAILABLE_CELLS] == 2 and s[L.POLITICAL_WILL] == 8 and s[L.HAGANAH] == 2
    assert s[L.FIRST_ELIGIBLE] == L.IRGUN and s[L.DECK_DRAWN] == 8 and T.pending(s) == L.D_BOX


def test_6_0_propaganda_round_and_7_0_2_final_victory():
    s = new_game(deck=[1, 2, 3, 4, 33, 5, 6, 7, 8, 9, 10, 34, 11, 12, 13, 14, 15, 35, 16, 17, 18])
    s[L.DECK_DRAWN] = 17                          # the next card is the last Propaganda card
    s[L.PROPAGANDA_DONE] = 2
    s[L.POLITICAL_WILL] = 5
    act(s, L.A_PASS + L.BOX_LIMITED)              # Irgun Pass
    if T.pending(s) == L.D_PASS_ROB:
        act(s, L.A_STOP)
    act(s, L.A_PASS + L.BOX_EVENT)                # British Pass: the Propaganda card comes up
    assert T.is_over(s) and s[L.OUTCOME] == L.BRITISH_WIN
    assert s[L.POLITICAL_WILL] == 10              # +2 no Sabotaged Railway, +3 clean Cities


def test_6_1_3_irgun_win_at_zero():
    s = new_game(deck=[1, 2, 3, 4, 33, 5, 6])
    s[L.DECK_DRAWN] = 4
    s[L.POLITICAL_WILL] = 3
    s[L.SPACES + S("Tel Aviv-Jaffa") * L.SPACE_FIELDS + L.TERROR] = 3
    act(s, L.A_PASS + L.BOX_LIMITED)
    if T.pending(s) == L.D_PASS_ROB:
        act(s, L.A_STOP)
    act(s, L.A_PASS + L.BOX_EVENT)
    assert T.is_over(s) and s[L.OUTCOME] == L.IRGUN_WIN and s[L.POLITICAL_WILL] == 0


def _invariants(s):
    sp = s[L.SPACES:L.SPACES + board.N_MAP_SPACES * L.SPACE_FIELDS].reshape(board.N_MAP_SPACES, L.SPACE_FIELDS)
    cells = (sp[:, L.CELLS_UNDERGROUND].sum() + sp[:, L.CELLS_ACTIVE].sum() + s[L.AVAILABLE_CELLS] + s[L.PRISON]
             + s[L.TRACK_CELLS_4] + s[L.TRACK_CELLS_3] + s[L.CELLS_OUT_OF_GAME])
    assert cells == L.TOTAL_CELLS
    assert sp[:, L.ARMS_CACHES].sum() + s[L.AVAILABLE_CACHES] + s[L.TRACK_CACHE_4] == L.TOTAL_CACHES
    assert sp[:, L.TROOPS].sum() + s[L.AVAILABLE_TROOPS] == L.TOTAL_TROOPS
    assert sp[:, L.POLICE].sum() + s[L.AVAILABLE_POLICE] == L.TOTAL_POLICE
    assert (sp >= 0).all() and 0 <= s[L.POLITICAL_WILL] <= L.PW_MAX
    assert (sp[:, L.ARMS_CACHES] <= 2).all() and sp[9:13, L.ARMS_CACHES].sum() == 0        # 1.4.2
    assert sp[:, L.CURFEW].sum() <= L.TOTAL_CURFEWS and sp[:9, L.CURFEW][:6].sum() == 0     # Cities only
    assert ((sp[:, L.CURFEW] == 0) | (sp[:, L.TROOPS] + sp[:, L.POLICE] > 0)).all()         # 1.10
    assert 0 <= s[L.HAGANAH] <= 4 and (s[L.INTEL_HELD:L.INTEL_HELD + 3] <= 3).all()


def test_random_play_keeps_invariants_and_never_dead_ends():
    rng = np.random.default_rng(0)
    m = np.zeros(L.N_ACTIONS, dtype=np.int8)
    outcomes = set()
    for g in range(150):
        s = new_game(seed=g)
        steps = 0
        while not T.is_over(s):
            T.legal_mask(s, m)
            legal = np.flatnonzero(m)
            assert len(legal), (g, L.DECISION_NAMES[T.pending(s)])
            T.apply(s, int(rng.choice(legal)))
            _invariants(s)
            steps += 1
            assert steps < 5000
        outcomes.add(int(s[L.OUTCOME]))
    assert outcomes <= {L.BRITISH_WIN, L.IRGUN_WIN} and L.BRITISH_WIN in outcomes


def test_kernels_load_from_numba_cache():
    """Regression: a recursive kernel chain compiled but segfaulted when loaded
    from numba's cache; play a game in two fresh processes sharing one cache.
    The suite's own numba cache: the second process loads what the first
    compiled or found there, and no test pays a second cold compile of the
    Palestine rules for it."""
    code = textwrap.dedent("""
        import numpy as np
        from britishway_env.volumes.palestine import layout as L, turns as T
        s = np.zeros(L.STATE_SIZE, dtype=np.int64); m = np.zeros(L.N_ACTIONS, dtype=np.int8)
        T.new_game(s, np.int64(3)); rng = np.random.default_rng(3)
        while not T.is_over(s):
            T.legal_mask(s, m); T.apply(s, int(rng.choice(np.flatnonzero(m))))
        print("outcome", s[L.OUTCOME])
    """)
    env = {k: v for k, v in os.environ.items() if k in ("NUMBA_CACHE_DIR", "PATH")}
    outs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
            for _ in range(2)]
    assert [o.returncode for o in outs] == [0, 0], outs[-1].stderr[-2000:]
    assert outs[0].stdout == outs[1].stdout


@pytest.mark.parametrize("op", [L.OP_DEPLOY, L.OP_ASSAULT])
def test_operation_offered_only_when_feasible(op):
    s = new_game()
    s[L.SPACES:L.SPACES + board.N_MAP_SPACES * L.SPACE_FIELDS] = 0     # empty map
    assert not T.op_feasible(s, op)


def test_fuzz_5000_compiled_random_games_keep_invariants():
    """>= 5,000 random games with every invariant checked after every decision."""
    import collections

    from britishway_env.engine.coin import results as R
    from britishway_env.volumes.palestine import playout

    out = np.zeros((5000, R.N_RESULT_COLUMNS), dtype=np.int64)
    playout.play_random_games(np.int64(42), np.int64(0), np.int64(5000), True, out)
    assert collections.Counter(playout.FAILURES[c] for c in out[:, R.R_VIOLATION]) == {"ok": 5000}
    assert set(out[:, R.R_OUTCOME]) <= {L.BRITISH_WIN, L.IRGUN_WIN}
    # Events are on (5.0): every text of every card was executed in these games.
    texts = set()
    for row in out:
        for code in row[R.R_EVENTS:R.R_EVENTS + row[R.R_N_EVENTS]]:
            card, side, _ = R.decode_event(int(code))
            texts.add((card, side))
    expected = {(card, side) for card in range(1, 33) for side in (0, 1)} - {(4, 1), (22, 1), (26, 1)}  # single texts
    assert texts == expected


def test_batch_results_do_not_depend_on_threads():
    import numba

    from britishway_env.engine.coin.results import N_RESULT_COLUMNS
    from britishway_env.volumes.palestine import playout

    rows = []
    for threads in (1, 2):
        numba.set_num_threads(threads)
        out = np.zeros((400, N_RESULT_COLUMNS), dtype=np.int64)
        playout.play_random_games(np.int64(9), np.int64(0), np.int64(400), False, out)
        rows.append(out)
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    assert np.array_equal(rows[0], rows[1])


def test_p12_special_activity_first_can_leave_the_operation_no_space():
    """Mass Detention before any Assault space removes the only target: the
    Assault may then end with no space instead of dead-ending."""
    s = new_game()
    sp = s[L.SPACES:L.SPACES + board.N_MAP_SPACES * L.SPACE_FIELDS].reshape(board.N_MAP_SPACES, L.SPACE_FIELDS)
    sp[:] = 0
    s[L.AVAILABLE_CELLS] = 15 - 1
    s[L.AVAILABLE_CACHES] = 5
    s[L.AVAILABLE_TROOPS] = 12 - 6
    s[L.AVAILABLE_POLICE] = 6
    sp[S("Tel Aviv-Jaffa"), L.TROOPS] = 6
    sp[S("Tel Aviv-Jaffa"), L.CURFEW] = 1
    sp[S("Tel Aviv-Jaffa"), L.CELLS_ACTIVE] = 1
    s[L.FIRST_ELIGIBLE] = L.BRITISH
    act(s, L.A_BOX + L.BOX_OP_SA)
    act(s, L.A_OP + L.OP_ASSAULT)
    assert not mask(s)[L.A_STOP]                    # an Operation needs a space ...
    force(s, 2)
    act(s, L.A_SA + L.SA_MASS_DETENTION)
    act(s, space("Tel Aviv-Jaffa"))                # ... the die takes the only Cell
    m = mask(s)
    assert m[L.A_STOP] and not m[L.A_SPACE:L.A_COUNT].any()   # ... so it may now end empty
    act(s, L.A_STOP)
    assert T.actor(s) == L.IRGUN
