"""The shared COIN machinery (engine/coin/), tested on bare header rows.

Rule numbers are those of every volume (2.1 deck preparation, 2.3 the
Initiative Track, 1.6.1 / 1.7 / 1.8 chit pools): the engine serves Palestine,
Cyprus and Arab Revolt alike.
"""

import numpy as np
import pytest

from britishway_env.engine.coin import deck, header as H, propaganda as P

EVENTS = 32
PROPAGANDA = np.array([33, 34, 35], dtype=np.int64)


def _row(seed: int) -> np.ndarray:
    """A bare header row with the printed deck rules (2.1), as a volume's setup writes them."""
    state = np.zeros(H.HEADER_SIZE, dtype=np.int64)
    state[H.RNG] = seed
    deck.write_base_rules(state, 4, 3)
    return state


def _dealt(seed: int, shuffle_propaganda: bool) -> np.ndarray:
    state = _row(seed)
    deck.build_deck(state, EVENTS, PROPAGANDA, 4, 3, shuffle_propaganda)
    return state


def _check_piles(cards: np.ndarray) -> list[int]:
    """2.1: 21 distinct cards; each pile of 7 has one Propaganda card, among its bottom 3."""
    assert len(set(cards.tolist())) == 21
    order = []
    for p in range(3):
        pile = cards[7 * p:7 * p + 7].tolist()
        props = [c for c in pile if c in PROPAGANDA]
        assert len(props) == 1 and pile.index(props[0]) >= 4, pile
        assert all(1 <= c <= EVENTS for c in pile if c not in PROPAGANDA)
        order.append(props[0])
    return order


@pytest.mark.parametrize("shuffle_propaganda", [False, True])
def test_2_1_deck_is_three_piles_with_a_propaganda_card_in_each_bottom_three(shuffle_propaganda):
    orders = set()
    for seed in range(200):
        state = _dealt(seed, shuffle_propaganda)
        orders.add(tuple(_check_piles(state[H.DECK:H.DECK + H.DECK_SIZE])))
        assert state[H.DECK_DRAWN] == 0
    if shuffle_propaganda:           # a Propaganda card that differs (Arab Revolt's A34) may be in any pile
        assert len(orders) == 6
    else:
        assert orders == {(33, 34, 35)}


@pytest.mark.parametrize("shuffle_propaganda", [False, True])
@pytest.mark.parametrize("drawn", [0, 3, 5, 8, 13, 20])
def test_determinize_keeps_what_was_seen_and_the_piles_structure(shuffle_propaganda, drawn):
    seen_orders = set()
    for seed in range(60):
        state = _dealt(seed, shuffle_propaganda)
        state[H.DECK_DRAWN] = drawn
        before = state[H.DECK:H.DECK + drawn].copy()
        deck.determinize_deck(state, 1000 + seed, EVENTS, PROPAGANDA, 4, 3, shuffle_propaganda)
        cards = state[H.DECK:H.DECK + H.DECK_SIZE]
        assert (cards[:drawn] == before).all()
        order = _check_piles(cards)
        seen_orders.add(tuple(order))
        if not shuffle_propaganda:
            assert order == [33, 34, 35]
        assert state[H.RNG] != 1000 + seed          # the dice were reseeded and used
    if shuffle_propaganda and drawn < 4:             # no Propaganda card seen: which pile holds which is hidden
        assert len(seen_orders) == 6


def test_determinize_with_shuffled_propaganda_deals_only_unseen_propaganda_cards():
    """After the first pile's Propaganda card came up, the other two stay hidden
    between piles 2 and 3, and the seen one is never dealt again."""
    for seed in range(40):
        state = _dealt(seed, True)
        first = _check_piles(state[H.DECK:H.DECK + H.DECK_SIZE])[0]
        state[H.DECK_DRAWN] = 7
        results = set()
        for k in range(30):
            copy = state.copy()
            deck.determinize_deck(copy, k, EVENTS, PROPAGANDA, 4, 3, True)
            order = _check_piles(copy[H.DECK:H.DECK + H.DECK_SIZE])
            assert order[0] == first and first not in order[1:]
            results.add(tuple(order))
        assert len(results) == 2


# ------------------------------------------------------------- chit pools --

from britishway_env.engine.coin import activities, chits, events as coin_events, initiative  # noqa: E402

TAKEN = H.HEADER_SIZE - 6           # any slice of a bare header row will do for a pool


def _forced(state: np.ndarray, values: list[int]) -> None:
    state[H.FORCED] = len(values)
    state[H.FORCED + 1] = 0
    state[H.FORCED + 2:H.FORCED + 2 + len(values)] = values


def test_chits_are_drawn_by_index_kind_by_kind_and_never_from_an_empty_pool():
    """1.6.1 (Palestine, Cyprus Intel 3 x 0/1/2) and 1.7 / 1.8 (Arab Revolt: Operations
    3 x 1/2/3, Punishment 2 x 3 kinds): a forced draw counts the pool kind by kind."""
    for per_kind in (np.array([3, 3, 3]), np.array([2, 2, 2])):
        state = _row(0)
        _forced(state, [0, per_kind[0], 0])
        assert [chits.draw_chit(state, TAKEN, per_kind) for _ in range(3)] == [0, 1, 0]
        # after those three the pool is short one chit of kind 0 twice and one of kind 1
        assert [chits.in_pool(state, TAKEN, per_kind, k) for k in range(3)] == [per_kind[0] - 2, per_kind[1] - 1,
                                                                                per_kind[2]]
        while chits.pool_size(state, TAKEN, per_kind) > 0:
            assert chits.draw_chit(state, TAKEN, per_kind) >= 0
        assert chits.held(state, TAKEN, per_kind) == per_kind.sum()
        assert chits.draw_chit(state, TAKEN, per_kind) == -1
        assert not chits.take_chit(state, TAKEN, per_kind, 2)
        chits.return_chit(state, TAKEN, 2)
        assert chits.pool_size(state, TAKEN, per_kind) == 1
        assert chits.take_chit(state, TAKEN, per_kind, 2)
        assert chits.pool_size(state, TAKEN, per_kind) == 0


def test_random_chit_draws_follow_the_pool():
    per_kind = np.array([3, 3, 3])
    counts = np.zeros(3, dtype=int)
    for seed in range(3000):
        state = _row(seed)
        state[TAKEN] = 2                      # two 0-chits out: 1 of 7 left in the pool
        counts[chits.draw_chit(state, TAKEN, per_kind)] += 1
    assert abs(counts[0] / 3000 - 1 / 7) < 0.03 and abs(counts[1] / 3000 - 3 / 7) < 0.04


# -------------------------------------------------------- Initiative Track --

def _card_row(first: int) -> np.ndarray:
    state = _row(0)
    deck.build_deck(state, EVENTS, PROPAGANDA, 4, 3, False)
    state[H.FIRST_ELIGIBLE] = first
    initiative.reveal_next_card(state)
    return state


@pytest.mark.parametrize("first", [0, 1])
def test_2_3_the_first_eligible_chooses_then_the_second_and_the_leftmost_box_goes_first_next(first):
    for box_first in range(H.N_BOXES):
        for box_second in range(H.N_BOXES):
            state = _card_row(first)
            assert state[H.CARD] == state[H.DECK] and state[H.DECK_DRAWN] == 1
            assert initiative.box_chooser(state) == first
            state[H.BOX + first] = box_first
            second = initiative.second_eligible(state)
            assert second == 1 - first
            assert initiative.box_open(state, second, box_second) == (box_second != box_first)   # 2.3.2
            if box_second == box_first:
                continue
            initiative.card_action_done(state)
            assert state[H.DECISION] == H.D_BOX and initiative.box_chooser(state) == second
            state[H.BOX + second] = box_second
            initiative.card_action_done(state)
            assert state[H.DECISION] == H.D_NEXT_CARD
            leftmost = first if box_first < box_second else second     # 2.3.6
            assert state[H.FIRST_ELIGIBLE] == leftmost


def test_2_4_propaganda_cards_are_recognised_and_2_2_the_next_card_clears_the_track():
    state = _card_row(0)
    state[H.BOX] = H.BOX_OP_SA
    state[H.BOX + 1] = H.BOX_EVENT
    state[H.STEP] = 1
    card = initiative.reveal_next_card(state)
    assert card == state[H.DECK + 1] and state[H.DECK_DRAWN] == 2
    assert list(state[H.BOX:H.BOX + 2]) == [-1, -1] and state[H.STEP] == 0 and state[H.EXECUTOR] == -1
    assert all(initiative.is_propaganda(c, PROPAGANDA) for c in PROPAGANDA)
    assert not any(initiative.is_propaganda(c, PROPAGANDA) for c in range(1, EVENTS + 1))
    initiative.game_over(state, H.INSURGENT_WIN)
    assert state[H.OUTCOME] == H.INSURGENT_WIN and state[H.DECISION] == H.D_OVER


@pytest.mark.parametrize("phases", [
    (P.PHASE_POLITICAL_WILL, P.PHASE_RESOURCES, P.PHASE_REDEPLOY, P.PHASE_RESET),                   # 6.1-6.4
    (P.PHASE_POLITICAL_WILL, P.PHASE_RESOURCES, P.PHASE_SUPPORT, P.PHASE_REDEPLOY, P.PHASE_RESET),  # with Support
])
def test_6_0_a_round_enters_the_volumes_phases_in_order_then_reveals_the_next_card(phases):
    order = np.array(phases, dtype=np.int64)
    seen, phase = [], P.next_phase(order, P.ROUND_START)
    while phase != P.PHASE_END:
        seen.append(int(phase))
        phase = P.next_phase(order, phase)
    assert seen == list(phases)
    state = _card_row(0)
    state[H.DECISION] = H.D_BOX
    P.end_round(state)
    assert state[H.DECISION] == H.D_NEXT_CARD


@pytest.mark.parametrize("will, done, outcome", [
    (0, 0, H.INSURGENT_WIN), (0, 2, H.INSURGENT_WIN),                 # 7.0: Political Will 0 at a check
    (5, 2, H.COUNTERINSURGENT_WIN),                                   # the last Propaganda card's check
    (5, 1, H.ONGOING),
])
def test_7_0_victory_at_the_political_will_check(will, done, outcome):
    state = _card_row(0)
    state[H.POLITICAL_WILL] = will
    state[H.PROPAGANDA_DONE] = done
    assert P.victory_check(state, 3) == (outcome != H.ONGOING)
    assert state[H.OUTCOME] == outcome
    P.shift_political_will(state, 30, 15)                            # 1.8: the track ends at the volume's top
    assert state[H.POLITICAL_WILL] == 15
    P.shift_political_will(state, -40, 15)
    assert state[H.POLITICAL_WILL] == 0


# --------------------------------------------------- Special Activity timing --

ACCOMPANIES = np.zeros((H.N_SAS, H.N_OPS), dtype=np.int64)
ACCOMPANIES[0, 0] = 1
ACCOMPANIES[4, 4:] = 1


def test_4_1_a_special_activity_comes_from_the_op_and_special_activity_box_once():
    state = _card_row(0)
    state[H.EXECUTOR] = 0
    for box in range(H.N_BOXES):
        for limited in (0, 1):
            for used in (0, 1):
                state[H.BOX] = box
                state[H.LIMITED] = limited
                state[H.SA_USED] = used
                assert activities.sa_open(state) == (box == H.BOX_OP_SA and not limited and not used)
                assert activities.base_space_limit(state) == (1 if limited else 3)     # 3.1, 2.3.4


def test_4_1_1_accompanying_table_and_event_grants():
    state = _card_row(0)
    state[H.OP] = 0
    assert activities.sa_allowed(state, 0, ACCOMPANIES) and not activities.sa_allowed(state, 4, ACCOMPANIES)
    state[H.OP] = 5
    assert activities.sa_allowed(state, 4, ACCOMPANIES) and not activities.sa_allowed(state, 0, ACCOMPANIES)
    # An event's Operation: only what the text grants, whatever the box.
    coin_events.request_operation(state, 5, 2, coin_events.F_ANY, 0, 0, 1)
    assert state[H.EV_MODE] & coin_events.MODE_EVENT_OP and state[H.EV_LEFT] == 2
    assert activities.sa_open(state)
    assert activities.sa_allowed(state, 0, ACCOMPANIES) and not activities.sa_allowed(state, 4, ACCOMPANIES)
    state[H.EV_SA] = H.SA_ANY_VALID
    assert activities.sa_allowed(state, 4, ACCOMPANIES) and not activities.sa_allowed(state, 0, ACCOMPANIES)
    activities.begin_special_activity(state, 4, H.D_SA_AFTER)
    assert state[H.DECISION] == H.D_SA_SPACE and not activities.sa_open(state)
    assert not activities.sa_space_used(state, 3)
    activities.sa_acts_in(state, 3)
    assert activities.sa_space_used(state, 3) and state[H.SA_COUNT] == 1
    coin_events.end_event_operation(state)
    assert state[H.DECISION] == H.D_EVENT_RESUME and state[H.EV_MODE] == 0 and state[H.EV_SA] == -1


def test_5_1_an_event_begins_with_its_executor_deciding():
    state = _card_row(1)
    coin_events.begin_event(state, 1, 1)
    assert (state[H.EV_CARD], state[H.EV_SIDE], state[H.EV_FACTION], state[H.EV_DECIDER], state[H.EXECUTOR]) == \
        (state[H.CARD], 1, 1, 1, 1)
    assert state[H.DECISION] == H.D_EVENT_RESUME and state[H.EV_SPACE] == -1
    assert coin_events.ask(state, H.D_EVENT_OPTION, 4) == coin_events.REQ_WAIT
    assert state[H.DECISION] == H.D_EVENT_OPTION and state[H.EV_STEP] == 4
    assert coin_events.request_choice_of_operation(state, 0, 1, 0, 5) == coin_events.REQ_CHOOSE_OP
    assert state[H.EV_DECIDER] == 0 and state[H.EV_SA] == -1


def test_5_1_a_pick_of_spaces_starts_with_none_picked_and_its_decider_choosing():
    state = _card_row(1)
    coin_events.begin_event(state, 1, 0)
    state[H.EV_BITS] = 0b1010                        # left over from an earlier pick of the same text
    coin_events.set_pick(state, 3, 2, 1, 0, 6)
    assert (state[H.EV_PICK], state[H.EV_LEFT], state[H.EV_OPTIONAL], state[H.EV_DECIDER], state[H.EV_STEP]) == \
        (3, 2, 1, 0, 6)
    assert state[H.EV_BITS] == 0 and state[H.EV_FACTION] == 1


def test_shared_codes_leave_room_for_each_volume():
    assert not set(H.SHARED_DECISION_CODES) & set(H.VOLUME_DECISION_CODES)
    assert coin_events.REQ_SPECIAL_ACTIVITY < coin_events.REQ_VOLUME < coin_events.REQ_OPERATION
    generic = (coin_events.MODE_EVENT_OP, coin_events.MODE_FIXED_LIMIT, coin_events.MODE_OPTIONAL,
               coin_events.MODE_SA_AFTER_ONLY, coin_events.MODE_LIMITED)
    bits = generic + coin_events.MODE_VOLUME
    assert all(b & (b - 1) == 0 for b in bits) and len(set(bits)) == len(bits)
    assert H.A_SPACE == H.A_SA + H.N_SAS and H.HEADER_SIZE == sum(n for _, n in H.HEADER_FIELDS)


def test_palestine_numbers_its_own_decisions_and_requests_in_the_gaps():
    """Palestine (the first volume) keeps its saved numbers: the shared kinds are
    the header's, its own kinds, requests and mode bits sit where the header leaves room."""
    from britishway_env.volumes.palestine import events as P_events, layout as P

    own = set(range(len(P.DECISION_NAMES))) - set(H.SHARED_DECISION_CODES)
    assert own <= set(H.VOLUME_DECISION_CODES)
    assert coin_events.REQ_VOLUME <= P_events.REQ_MASS_DETENTION < coin_events.REQ_OPERATION
    assert {P.MODE_NO_INTEL, P.MODE_SABOTAGE_HITS_POLICE} <= set(coin_events.MODE_VOLUME)
    assert P.LAYOUT.describe()[:len(H.HEADER_FIELDS)] == [(n, o, ln) for n, (o, ln) in H._HEADER.fields.items()]


# ------------------------------------------------------ the bots' skeletons --

def _box_scores(step, other_box, offered):
    from britishway_env.engine.coin.bots import score_boxes

    mask = np.zeros(H.A_SPACE, dtype=np.int8)
    for a in offered:
        mask[a] = 1
    scores = np.full(H.A_SPACE, -1e9)
    score_boxes(scores, mask, step, other_box, 2.0, 3.0, np.array([1.0, 1.5]), 0.25, 0.5, 0.4)
    return scores


def test_2_3_box_scores_add_acting_first_next_card_for_the_leftmost_box():
    every = [H.A_BOX + H.BOX_LIMITED, H.A_BOX + H.BOX_OP_SA, H.A_EVENT_SIDE, H.A_EVENT_SIDE + 1] \
        + [H.A_PASS + b for b in range(H.N_BOXES)]
    first = _box_scores(0, -1, every)
    # 1st Eligible: the Limited box surely acts first next (2.3.6), the Event box half the time;
    # taking any box but the Event box leaves the event to the other faction (block 0.5).
    assert first[H.A_BOX + H.BOX_LIMITED] == pytest.approx(2.0 + 0.4 - 0.5)
    assert first[H.A_BOX + H.BOX_OP_SA] == pytest.approx(3.0 - 0.5)
    assert first[H.A_EVENT_SIDE + 1] == pytest.approx(1.5 + 0.2)
    assert first[H.A_PASS + H.BOX_EVENT] == pytest.approx(0.25 + 0.2)
    assert first[H.A_BOX + H.BOX_EVENT] == -1e9            # the Event box is taken by a text
    # 2nd Eligible after the other took the Event box: only the Limited box is left of it.
    second = _box_scores(1, H.BOX_EVENT, [H.A_BOX + H.BOX_LIMITED, H.A_BOX + H.BOX_OP_SA])
    assert second[H.A_BOX + H.BOX_LIMITED] == pytest.approx(2.0 + 0.4 - 0.5)
    assert second[H.A_BOX + H.BOX_OP_SA] == pytest.approx(3.0 - 0.5)
    assert second[H.A_EVENT_SIDE] == -1e9                  # scores only what is offered


# ------------------------------------------------------------- observation --

from britishway_env.engine.coin import observation as coin_obs  # noqa: E402
from britishway_env.engine.layout import Layout  # noqa: E402

N_SPACES, N_CARDS, N_KINDS, N_PICKS = 5, 40, 50, 4


def _test_observation():
    """A made-up volume's observation: a field of its own between the shared groups, and extras.
    Returns the layout and each group's offset as the helpers returned it, by field name."""
    obs = Layout("test-observation", 1)
    o = {"decision": coin_obs.decision_field(obs, N_KINDS), "actor": coin_obs.actor_field(obs)}
    o["operation"], o["special_activity"] = coin_obs.activity_fields(obs)
    o["flags"] = coin_obs.flags_field(obs, extra=1)
    o["boxes"] = coin_obs.boxes_field(obs)
    o["own"] = obs.field("own", 3)
    o["political_will"] = coin_obs.political_will_field(obs)
    o["card"], o["played"], o["deck"] = coin_obs.card_fields(obs, N_CARDS)
    o["selected"], o["current_space"], o["second_space"] = coin_obs.space_fields(obs, N_SPACES)
    o["special_activity_spaces"] = coin_obs.special_activity_spaces_field(obs, N_SPACES)
    o["counts"] = coin_obs.counts_field(obs, extra=1)
    o["event"], o["event_pick"] = coin_obs.event_fields(obs, N_PICKS)
    return obs, o


def _observe_shared(state, selected, decision, actor, o, size):
    """The shared groups of ``state``; the vector is padded so that a write past its end shows."""
    out = np.zeros(size + 8, dtype=np.float32)
    coin_obs.observe_decision(state, out, o["decision"], N_KINDS, decision, o["actor"], actor)
    coin_obs.observe_activities(state, out, o["operation"], o["special_activity"])
    coin_obs.observe_flags(state, out, o["flags"])
    coin_obs.observe_boxes(state, out, o["boxes"])
    coin_obs.observe_political_will(state, out, o["political_will"], 20)
    coin_obs.observe_cards(state, out, o["card"], o["played"], o["deck"], N_CARDS, 3)
    coin_obs.observe_spaces(state, out, N_SPACES, selected, o["selected"], o["current_space"], o["second_space"],
                            o["special_activity_spaces"])
    coin_obs.observe_counts(state, out, o["counts"], o["counts"] + coin_obs.HEADER_COUNTS)
    coin_obs.observe_event(state, out, o["event"], o["event_pick"], N_PICKS)
    assert not out[size:].any(), "written past the end of the observation"
    return out[:size]


def test_2_2_2_3_the_shared_observation_lands_where_the_volume_reserved_it():
    """2.2: the card in play, the played cards and the deck's size are open; 2.3: each
    seat's box; 3.1 / 4.1: the action's spaces; 5.0: the event in progress."""
    obs, o = _test_observation()
    assert [name for name, _, _ in obs.describe()] == list(o)
    assert all(obs.fields[name][0] == offset for name, offset in o.items())
    lengths = {name: length for name, (_, length) in obs.fields.items()}
    assert (lengths["decision"], lengths["operation"], lengths["special_activity"], lengths["boxes"]) == \
        (N_KINDS, H.N_OPS, H.N_SAS, 2 * H.N_BOXES)
    assert (lengths["flags"], lengths["counts"], lengths["event"]) == \
        (coin_obs.HEADER_FLAGS + 1, coin_obs.HEADER_COUNTS + 1, coin_obs.EVENT_FIELDS)
    assert lengths["played"] == N_CARDS and lengths["event_pick"] == N_PICKS

    layout = H.coin_layout("test", 1)
    selected = layout.field("selected_spaces", N_SPACES)
    state = np.zeros(layout.size, dtype=np.int64)
    state[H.OP], state[H.SA] = 5, 4
    state[H.LIMITED], state[H.STEP], state[H.FIRST_ELIGIBLE], state[H.SA_USED], state[H.EXTRA_USED] = 1, 1, 1, 0, 1
    state[H.BOX], state[H.BOX + 1] = H.BOX_EVENT, -1            # the counterinsurgent took the Event box
    state[H.POLITICAL_WILL] = 15
    state[H.DECK:H.DECK + 3] = [12, 38, 7]
    state[H.DECK_DRAWN], state[H.CARD], state[H.PROPAGANDA_DONE] = 2, 38, 1
    state[selected + 1] = state[selected + 3] = 1
    state[H.CUR], state[H.CUR2] = 3, 4
    state[H.SA_SPACES] = 0b101
    state[H.N_SELECTED], state[H.SPACE_LIMIT], state[H.COUNTER] = 2, 3, 6
    state[H.EV_CARD], state[H.EV_SIDE], state[H.EV_STEP], state[H.EV_LEFT] = 38, 1, 5, 2
    state[H.EV_OPTIONAL], state[H.EV_PICK] = 1, 3

    out = _observe_shared(state, selected, H.D_SPACE, H.INSURGENT, o, obs.size)
    want = np.zeros(obs.size, dtype=np.float32)
    want[o["decision"] + H.D_SPACE] = 1
    want[o["actor"] + H.INSURGENT] = 1
    want[o["operation"] + 5] = want[o["special_activity"] + 4] = 1
    want[o["flags"]:o["flags"] + 5] = [1, 1, 1, 0, 1]
    want[o["boxes"] + H.BOX_EVENT] = 1                           # seat 0's box; seat 1 has none yet
    want[o["political_will"]] = 0.75
    want[o["card"] + 37] = 1
    want[o["played"] + 11] = want[o["played"] + 37] = 1           # the undrawn 7 is not seen
    want[o["deck"]], want[o["deck"] + 1] = 19 / 21, 1 / 3
    want[o["selected"] + 1] = want[o["selected"] + 3] = 1
    want[o["current_space"] + 3] = want[o["second_space"] + 4] = 1
    want[o["special_activity_spaces"] + 0] = want[o["special_activity_spaces"] + 2] = 1
    want[o["counts"]:o["counts"] + 3] = [2, 3, 6]
    want[o["event"]:o["event"] + 5] = [1, 1, 0.5, 0.5, 1]
    want[o["event_pick"] + 3] = 1
    assert np.array_equal(out, want), np.flatnonzero(out != want)

    # Each flag lands in its own slot: Limited (2.3.4), second Eligible acting,
    # 1st Eligible seat (2.3.1), Special Activity used (4.1), extra space used (2.3.7).
    flags = (H.LIMITED, H.STEP, H.FIRST_ELIGIBLE, H.SA_USED, H.EXTRA_USED)
    for k, field in enumerate(flags):
        state[list(flags)] = 0
        state[field] = 1
        out = _observe_shared(state, selected, H.D_SPACE, H.INSURGENT, o, obs.size)
        assert list(out[o["flags"]:o["flags"] + coin_obs.HEADER_FLAGS]) == [float(i == k) for i in range(5)]
        assert out[o["flags"] + coin_obs.HEADER_FLAGS] == 0                   # the volume's own flag
    state[list(flags)] = [1, 1, 1, 0, 1]

    # Nothing pending, and indices outside their groups: no one-hot is written, nothing else moves.
    state[H.OP] = state[H.SA] = state[H.CUR] = state[H.CUR2] = -1
    state[H.BOX] = state[H.BOX + 1] = -1
    state[H.CARD] = N_CARDS + 1
    state[H.EV_PICK] = N_PICKS
    out = _observe_shared(state, selected, N_KINDS, 2, o, obs.size)
    for name in ("decision", "actor", "operation", "special_activity", "boxes", "card", "current_space",
                 "second_space", "event_pick"):
        start, length = obs.fields[name]
        want[start:start + length] = 0
    assert np.array_equal(out, want), np.flatnonzero(out != want)
    state[H.EV_CARD] = 0                                         # no event in progress: its block stays 0
    out = _observe_shared(state, selected, H.D_OVER, H.COUNTERINSURGENT, o, obs.size)
    assert not out[o["event"]:o["event"] + coin_obs.EVENT_FIELDS].any()
    assert out[o["decision"] + H.D_OVER] == 1 and out[o["actor"] + H.COUNTERINSURGENT] == 1


@pytest.mark.parametrize("volume", ["palestine", "cyprus", "arab_revolt"])
def test_6_1_the_net_shift_is_the_sum_of_the_terms_shifts(volume):
    """Each volume's Political Will Phase (6.1) moves the marker by the sum of
    its terms' shifts, whether read from the terms or computed on the stack."""
    import importlib

    from britishway_env.engine.policy import uniform_legal

    v = f"britishway_env.volumes.{volume}"
    turns, prop, layout = (importlib.import_module(f"{v}.{m}") for m in ("turns", "propaganda", "layout"))
    terms = np.array([[1, 3, -2], [1, 1, 4], [0, 0, 0], [1, 2, -1]], dtype=np.int64)
    assert P.total_shift(terms) == 1
    mask = np.zeros(layout.N_ACTIONS, np.int8)
    shifts = set()
    for seed in range(12):
        state = np.zeros(layout.STATE_SIZE, np.int64)
        turns.new_game(state, seed)
        stream = np.array([seed + 1], np.int64)
        for _ in range(60 + 45 * seed):
            if turns.is_over(state):
                break
            turns.legal_mask(state, mask)
            turns.apply(state, uniform_legal(mask, stream))
        table = prop.political_will_terms(state)
        assert prop.political_will_delta(state) == table[:, P.TERM_SHIFT].sum() == P.total_shift(table)
        shifts.add(int(table[:, P.TERM_SHIFT].sum()))
    assert len(shifts) > 1              # the boards reached differ in what the phase would do


def test_the_shared_observation_scales_the_map_and_pools_and_one_hots_each_capability():
    """The map block and the pools over PIECE_SCALE, in the order given; each
    capability slot in play (5.3) a one-hot of its side, none for one not in play."""
    from britishway_env.engine.jit import njit

    @njit
    def write(state, out):
        coin_obs.observe_map(state, out, 1, 10, 4)
        coin_obs.observe_pools(state, out, 6, (21, 20))
        coin_obs.observe_capabilities(state, out, 8, 30, 3)

    state = np.zeros(40, np.int64)
    state[10:14] = (1, 0, 8, 3)
    state[20], state[21] = 2, 6
    state[30:33] = (0, 2, 1)
    out = np.full(16, -1.0, np.float32)
    out[8:14] = 0.0                                   # the volume clears the vector first
    write(state, out)
    assert list(out[1:5]) == [0.25, 0.0, 2.0, 0.75] and out[0] == -1.0 and out[5] == -1.0
    assert list(out[6:8]) == [6 / coin_obs.PIECE_SCALE, 2 / coin_obs.PIECE_SCALE]
    assert list(out[8:14]) == [0, 0, 0, 1, 1, 0] and out[14] == -1.0
