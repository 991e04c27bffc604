"""Invariants of the 1948 solo game over many games.

Game-end statistics come from the compiled batch (``batch.play_games``);
step invariants from a Python loop over seeded games checked after every
decision.
"""

import collections

import numba
import numpy as np
import pytest

from britishway_env import Game, IllegalActionError
from britishway_env.solo1948 import batch as B
from britishway_env.solo1948 import cards as C
from britishway_env.solo1948 import layout as L
from britishway_env.solo1948 import policies as P
from britishway_env.solo1948.observation import OBS_SIZE, observe

FRONTS = ("North", "Central", "South")
ISRAELI_FULL = collections.Counter({u[0]: u[1] for u in C.ISRAELI_UNITS})
ARAB_FULL = collections.Counter({u[0]: u[1] for u in C.ARAB_UNITS})
EVENT_NAMES = [e[0] for e in C.EVENTS]
N_STEP_GAMES = 300


def obs(state):
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    observe(state, out)
    return out


def play_batch(base_seed, n, policy, first=0):
    out = np.zeros((n, B.N_RESULT_COLUMNS), dtype=np.int64)
    B.play_games(base_seed, first, n, policy, out)
    return out


# ------------------------------------------------------ batch statistics ----

@pytest.fixture(scope="module")
def random_games():
    return play_batch(2024, 20000, P.POLICY_RANDOM)


@pytest.fixture(scope="module")
def heuristic_games():
    return play_batch(2024, 20000, P.POLICY_HEURISTIC)


@pytest.mark.parametrize("which", ["random", "heuristic"])
def test_game_end_statistics_are_consistent(which, random_games, heuristic_games):
    out = random_games if which == "random" else heuristic_games
    outcome, turns = out[:, B.R_OUTCOME], out[:, B.R_TURNS]
    tt = out[:, B.R_ARAB_TT:B.R_ARAB_TT + 3]
    idrawn, adrawn = out[:, B.R_ISRAELI_DRAWN], out[:, B.R_ARAB_DRAWN]
    iunits, aunits = out[:, B.R_ISRAELI_UNITS], out[:, B.R_ARAB_UNITS]
    assert set(np.unique(outcome)) <= {L.DECISIVE_VICTORY, L.ATTRITION_VICTORY, L.COMPLETE_LOSS,
                                       L.TURN_LIMIT}
    assert ((tt >= 0) & (tt <= 6)).all()
    # Turn 1 has no battle: no game ends before turn 2; Decisive needs turns 2 and 3.
    assert (turns >= 2).all() and (turns <= L.MAX_TURNS).all()
    assert (turns[outcome == L.DECISIVE_VICTORY] >= 3).all()
    # Complete Loss exactly when a front has all 6 TT.
    assert np.array_equal(outcome == L.COMPLETE_LOSS, tt.max(axis=1) == 6)
    # Attrition exactly when the Arab deck is empty and no Arab unit is left
    # (unless a loss or a Decisive Victory came first).
    no_arabs = (adrawn == C.ARAB_DECK_SIZE) & (aunits == 0)
    assert no_arabs[outcome == L.ATTRITION_VICTORY].all()
    assert not no_arabs[outcome == L.TURN_LIMIT].any()
    assert (turns[outcome == L.TURN_LIMIT] == L.MAX_TURNS).all()
    # 3 Arab and 2 Israeli cards a turn, at most 1 or 2 more from events.
    assert (adrawn >= np.minimum(C.ARAB_DECK_SIZE, 3 * turns)).all()
    assert (adrawn <= np.minimum(C.ARAB_DECK_SIZE, 4 * turns)).all()
    assert (idrawn >= np.minimum(C.ISRAELI_DECK_SIZE, 2 * turns)).all()
    assert (idrawn <= np.minimum(C.ISRAELI_DECK_SIZE, 4 * turns)).all()
    assert (iunits <= idrawn).all() and (aunits <= adrawn).all()
    assert (out[:, B.R_DECISIONS] >= 1).all()
    assert (outcome == L.COMPLETE_LOSS).any() and (outcome == L.DECISIVE_VICTORY).any()


def test_heuristic_beats_random(random_games, heuristic_games):
    def wins(out):
        o = out[:, B.R_OUTCOME]
        return np.mean((o == L.DECISIVE_VICTORY) | (o == L.ATTRITION_VICTORY))
    pr, ph = wins(random_games), wins(heuristic_games)
    n = len(random_games)
    se = np.sqrt(pr * (1 - pr) / n + ph * (1 - ph) / n)
    assert ph - pr > 10 * se, (pr, ph)
    assert np.mean(heuristic_games[:, B.R_OUTCOME] == L.COMPLETE_LOSS) < \
        np.mean(random_games[:, B.R_OUTCOME] == L.COMPLETE_LOSS)


def test_same_seed_same_results_and_chunking_does_not_matter(random_games):
    again = play_batch(2024, 4000, P.POLICY_RANDOM)
    assert np.array_equal(again, random_games[:4000])
    chunks = np.concatenate([play_batch(2024, 1500, P.POLICY_RANDOM, first=0),
                             play_batch(2024, 2500, P.POLICY_RANDOM, first=1500)])
    assert np.array_equal(chunks, random_games[:4000])
    other = play_batch(2025, 4000, P.POLICY_RANDOM)
    assert not np.array_equal(other, again)


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 numba threads")
@pytest.mark.parametrize("policy", [P.POLICY_RANDOM, P.POLICY_HEURISTIC])
def test_thread_count_does_not_change_results(policy):
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = play_batch(99, 3000, policy)
        numba.set_num_threads(2)
        two = play_batch(99, 3000, policy)
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(one, two)


@pytest.mark.parametrize("policy", [P.POLICY_RANDOM, P.POLICY_HEURISTIC])
def test_batch_games_equal_games_played_through_the_game_wrapper(policy):
    out = play_batch(5, 40, policy)
    seeds = B.game_seeds(5, 0, 40)
    mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
    for i, seed in enumerate(seeds):
        g = Game("solo1948", seed=int(seed))
        stream = np.array([int(seed) ^ B.POLICY_SEED_SALT], dtype=np.int64)
        while not g.is_terminal():
            g.apply(int(P.choose(policy, g.state, mask, stream)))
        row = np.zeros(B.N_RESULT_COLUMNS, dtype=np.int64)
        B.record_result(g.state, len(g.history), row)
        assert np.array_equal(row, out[i]), i
        assert L.OUTCOME_NAMES[int(row[B.R_OUTCOME])] == g.outcome


# -------------------------------------------------------- step invariants ----

def card_counts(d):
    """Per side: undrawn, on the map (+ waiting to deploy), discarded."""
    res = {}
    for side, full in (("israeli", ISRAELI_FULL), ("arab", ARAB_FULL)):
        on_map = collections.Counter()
        for f in FRONTS:
            on_map.update(d["fronts"][f][side])
        if side == "israeli":
            on_map.update(d["cards_to_deploy"])
        undrawn = collections.Counter(d["undrawn"][side])
        discarded = collections.Counter()
        for name, copies in full.items():
            k = copies - on_map[name] - undrawn[name]
            assert k >= 0, (side, name, k)
            discarded[name] = k
        assert set(on_map) | set(undrawn) <= set(full)
        res[side] = discarded
    return res


def check_row_decks(state):
    # The whole deck slots stay a permutation of the deck (drawn + undrawn).
    for off, size, copies in ((L.ISRAELI_DECK, C.ISRAELI_DECK_SIZE, C.ISRAELI_COPIES),
                              (L.ARAB_DECK, C.ARAB_DECK_SIZE, C.ARAB_COPIES)):
        assert np.array_equal(np.bincount(state[off:off + size], minlength=len(copies)), copies)
    assert sorted(state[L.EVENT_DECK:L.EVENT_DECK + C.N_EVENTS]) == list(range(C.N_EVENTS))


def shuffled_undrawn(state, rng):
    s = state.copy()
    for off, drawn, size in ((L.ISRAELI_DECK, L.ISRAELI_DRAWN, C.ISRAELI_DECK_SIZE),
                             (L.ARAB_DECK, L.ARAB_DRAWN, C.ARAB_DECK_SIZE),
                             (L.EVENT_DECK, L.EVENT_DRAWN, C.N_EVENTS)):
        part = s[off + s[drawn]:off + size]
        rng.shuffle(part)
    return s


def visible(d):
    return {k: v for k, v in d.items() if k not in ("undrawn", "rng", "forced_chance", "history_from_seed")} | {
        "undrawn_counts": {side: collections.Counter(v) for side, v in d["undrawn"].items()}}


def test_step_invariants_over_seeded_games():
    rng = np.random.default_rng(0)
    mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
    determinize_changed = order_changed = steps = 0
    outcomes = collections.Counter()
    for game_no in range(N_STEP_GAMES):
        seed = 1000 + game_no
        g = Game("solo1948", seed=seed)
        stream = np.array([seed], dtype=np.int64)
        heuristic = game_no % 3 == 0  # longer games
        prev_discards = prev_undrawn = None
        while True:
            d = g.to_dict()
            steps += 1
            # Card conservation: each card exactly once undrawn / on the map /
            # waiting / discarded; discards never come back; unit decks only shrink
            # from the front (no reshuffle).
            discards = card_counts(d)
            check_row_decks(g.state)
            assert len(set(d["undrawn"]["events"])) == len(d["undrawn"]["events"])
            assert d["event"] is None or d["event"] not in d["undrawn"]["events"]
            if prev_discards is not None:
                for side in ("israeli", "arab"):
                    assert not prev_discards[side] - discards[side]
                    old, new = prev_undrawn[side], d["undrawn"][side]
                    assert old[len(old) - len(new):] == new
            prev_discards, prev_undrawn = discards, d["undrawn"]
            for f in FRONTS:
                assert 0 <= d["fronts"][f]["arab_tokens"] <= 6
            assert all(i >= 0 and a >= 0 for i, a in g.force_totals())
            legal = g.legal_actions()
            if g.is_terminal():
                assert legal == [] and d["outcome"] != "ongoing"
                break
            assert legal and d["outcome"] == "ongoing"
            # The state dict loads back to the same position (finished games:
            # see test_state_dict_of_a_finished_game_loads_back).
            assert Game.from_dict(d).to_dict() == d
            assert d["phase"] in ("Israeli deploy", "Event target", "Transfer")
            if d["phase"] == "Transfer":
                assert L.A_END_TRANSFERS in legal
            # Every offered action applies; a few unoffered ones are refused.
            for a in legal:
                c = g.clone()
                c.apply(a)
            for a in rng.choice(sorted(set(range(L.N_ACTIONS)) - set(legal)), 3, replace=False):
                with pytest.raises(IllegalActionError):
                    g.clone().apply(int(a))
            # Observations ignore the undrawn order.
            o = obs(g.state)
            s2 = shuffled_undrawn(g.state, rng)
            order_changed += not np.array_equal(s2, g.state)
            assert np.array_equal(obs(s2), o)
            # Determinize keeps everything visible and leaves the game alone.
            det = g.determinize(int(rng.integers(1 << 30)))
            assert np.array_equal(obs(det.state), o)
            assert visible(det.to_dict()) == visible(d)
            determinize_changed += det.to_dict()["undrawn"] != d["undrawn"]
            assert g.to_dict() == d
            # Pick an action; clones are independent of the original.
            if heuristic:
                action = int(P.heuristic_action(g.state.copy(), mask, stream))
            else:
                action = int(rng.choice(legal))
            assert action in legal
            c = g.clone()
            c.apply(action)
            assert g.to_dict() == d
            g.apply(action)
            after = g.to_dict()
            assert c.to_dict() == after
            c.state[L.ARAB_TT:L.ARAB_TT + 3] = 6
            c.history.append(-1)
            assert g.to_dict() == after
        outcomes[g.outcome] += 1
        # Replay from the seed and the history gives the same game.
        assert Game.replay("solo1948", seed, g.history).to_dict() == g.to_dict()
    assert steps > 3 * N_STEP_GAMES
    assert determinize_changed > steps // 2 and order_changed > steps // 2
    assert outcomes["complete_loss"] > 0 and outcomes["decisive_victory"] > 0


def test_observation_sees_the_table():
    # Control for the order-independence checks: visible changes do change
    # the observation, the undrawn order does not.
    g = Game("solo1948", seed=3)
    o = obs(g.state)
    s = g.state.copy()
    s[L.ARAB_UNITS] += 1
    assert not np.array_equal(obs(s), o)
    s = g.state.copy()
    s[L.ARAB_TT + 2] -= 1
    assert not np.array_equal(obs(s), o)
    # Undrawn counts are open information: swap one undrawn card for a drawn one.
    s = g.state.copy()
    k = int(s[L.ARAB_DRAWN])
    j = next(i for i in range(k) if s[L.ARAB_DECK + i] != s[L.ARAB_DECK + k])
    s[L.ARAB_DECK + k], s[L.ARAB_DECK + j] = s[L.ARAB_DECK + j], s[L.ARAB_DECK + k]
    assert not np.array_equal(obs(s), o)
    # Same visible position, two undrawn orders (from_dict): same observation.
    d = g.to_dict()
    d1 = dict(d, undrawn={k: list(v) for k, v in d["undrawn"].items()})
    d2 = dict(d, undrawn={k: list(reversed(v)) for k, v in d["undrawn"].items()})
    a, b = Game.from_dict(d1), Game.from_dict(d2)
    assert a.to_dict()["undrawn"] != b.to_dict()["undrawn"]
    assert np.array_equal(obs(a.state), obs(b.state))


def test_state_dict_of_a_finished_game_loads_back():
    """Regression: transfer marks are cleared before battle discards units, so a
    finished game's dict never lists more transferred units than present."""
    # Haganah Brigades moves North -> Central, Central's battle is lost and the
    # die discards the Haganah (index 1 after Kibbutzim): 6 TT, Complete Loss.
    g = Game.from_dict({
        "volume": "solo1948", "phase": "Transfer", "turn": 2, "forced_chance": [1],
        "fronts": {"North": {"israeli": {"Haganah Brigades": 1}},
                   "Central": {"arab_tokens": 5, "israeli": {"Kibbutzim": 1},
                               "arab": {"Arab Legion": 2}}}})
    r = list(L.TRANSFERABLE_TYPES).index([u[0] for u in C.ISRAELI_UNITS].index("Haganah Brigades"))
    g.apply(L.A_TRANSFER + (r * 3 + 0) * 2 + 0)
    d = g.to_dict()
    assert d["outcome"] == "complete_loss"
    assert d["fronts"]["Central"]["israeli"] == {"Kibbutzim": 1}
    assert Game.from_dict(d).to_dict() == d


@pytest.mark.parametrize("policy", [0, 1])
def test_fuzz_thousands_of_games_keep_every_invariant(policy):
    """5,000 games per policy, invariants (card conservation, 0..6 tokens,
    transfer marks, a legal action until the end, turn limit) after every step."""
    from britishway_env.solo1948 import invariants

    out = np.zeros((5000, 2), dtype=np.int64)
    invariants.fuzz(np.int64(99 + policy), np.int64(5000), np.int64(policy), out)
    codes = collections.Counter(invariants.VIOLATIONS[c] for c in out[:, 0])
    assert codes == {"ok": 5000}
    assert out[:, 1].min() >= 2  # every game needs at least the turn-1 and turn-2 deployments


def test_invariant_checker_catches_a_broken_row():
    from britishway_env.solo1948 import invariants

    g = Game("solo1948", seed=1)
    assert invariants.check(g.state) == invariants.OK
    bad = g.state.copy()
    bad[L.ARAB_TT] = 7
    assert invariants.VIOLATIONS[invariants.check(bad)] == "Territory Tokens outside 0..6"
    bad = g.state.copy()
    bad[L.ISRAELI_UNITS + 7] += 11   # 11 extra Haganah Brigades: more than the 10 printed
    assert invariants.VIOLATIONS[invariants.check(bad)] == "more Israeli cards in play than printed"
    bad = g.state.copy()
    bad[L.EVENT_DECK] = bad[L.EVENT_DECK + 1]
    assert invariants.VIOLATIONS[invariants.check(bad)] == "event deck not a permutation of the 46 events"
