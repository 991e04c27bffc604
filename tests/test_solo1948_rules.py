"""Rules fidelity of the 1948 solo game, section by section (solo_1948.txt).

Sections: Setup (and the 1948 deckset's starting tokens), Turn Sequence
(Arab, Event, Israeli, Transfer, Battle, End Phases), Victory Conditions,
Randomization, and the card notes Leader / Vehicles / Extremists / Truce.
Positions are built with ``Game.from_dict`` and every die is forced.
"""

import collections

import numpy as np
import pytest

from britishway_env import Game, StateError
from britishway_env.solo1948 import cards as C
from britishway_env.solo1948 import layout as L

FRONTS = ("North", "Central", "South")
N, CEN, S = 0, 1, 2
WIN, LOSS, TIE, NONE = "Israeli win", "Arab win", "stalemate", "no battle"
RNG0 = 777
# An event with no effect in the Event Phase itself (it only negates the
# North battle), used where a turn must draw some event.
QUIET_EVENT = "Palestinian Refugees"
ISRAELI_NAMES = [u[0] for u in C.ISRAELI_UNITS]
ARAB_NAMES = [u[0] for u in C.ARAB_UNITS]
EVENT_NAMES = [e[0] for e in C.EVENTS]


def game(**d):
    d.setdefault("rng", RNG0)
    return Game.from_dict({"volume": "solo1948", **d})


def front(d, f):
    x = d["fronts"][f]
    return x["arab_tokens"], x["last_battle"], x["israeli"], x["arab"]


def transfer(unit, src, dst):
    r = list(L.TRANSFERABLE_TYPES).index(ISRAELI_NAMES.index(unit))
    return L.A_TRANSFER + (r * 3 + src) * 2 + (dst if dst < src else dst - 1)


def no_unforced_dice(d):
    assert d["rng"] == RNG0, "a die was rolled that the test did not force"


def battle(fronts, *, event=None, event_front=None, forced=(), turn=2, streak=0,
           next_event=QUIET_EVENT):
    """Run one Battle Phase and End Phase from ``fronts``.

    The next turn draws no Arab card, ``next_event`` and two Kibbutzim, so
    the game stops at that turn's first deployment with the battle results
    untouched (or ends in the End Phase). The Arab deck is empty: a battle
    that removes the last Arab unit ends in an Attrition Victory.
    """
    g = game(phase="Battle", turn=turn, decisive_streak=streak, fronts=fronts,
             event=event, event_front=event_front, forced_chance=list(forced),
             undrawn={"israeli": ["Kibbutzim", "Kibbutzim"], "arab": [], "events": [next_event]})
    d = g.to_dict()
    if not g.is_terminal():
        assert d["turn"] == turn + 1 and d["phase"] == "Israeli deploy"
        assert d["cards_to_deploy"] == ["Kibbutzim", "Kibbutzim"]
    return g, d


# ----------------------------------------------------------------- setup ----

def _composition(d, side):
    """Cards of a side on the map, waiting to deploy and undrawn, by name."""
    count = collections.Counter()
    for f in FRONTS:
        count.update(d["fronts"][f][side])
    if side == "israeli":
        count.update(d["cards_to_deploy"])
    count.update(d["undrawn"][side])
    return count


def test_setup_tokens_full_decks_and_first_turn():
    first_events, first_arab, first_israeli = set(), set(), set()
    for seed in range(60):
        g = Game("solo1948", seed=seed)
        d = g.to_dict()
        assert d["turn"] == 1 and d["outcome"] == "ongoing" and d["decisive_streak"] == 0
        # 1948 deckset: the Arabs start with 3 of the 6 TT at each front.
        assert [d["fronts"][f]["arab_tokens"] for f in FRONTS] == [3, 3, 3]
        kind, value = C.EVENT_KIND[EVENT_NAMES.index(d["event"])], C.EVENT_VALUE[EVENT_NAMES.index(d["event"])]
        discards = kind in (C.EV_ARAB_WITHDRAWAL, C.EV_BITTER_FIGHTING, C.EV_DESPERATE_STRUGGLE)
        arab_extra = value if kind in (C.EV_ARAB_DRAW, C.EV_BOTH_DRAW) else 0
        # Full decks at the start: only this turn's draws are gone.
        israeli_extra = value if kind in (C.EV_ISRAELI_DRAW, C.EV_TRUCE, C.EV_BOTH_DRAW) else 0
        if d["phase"] == "Event target":  # the Israeli Phase has not come yet
            israeli_extra = -2
        assert len(d["undrawn"]["arab"]) == 53 - 3 - arab_extra
        assert len(d["undrawn"]["israeli"]) == 45 - 2 - israeli_extra
        assert len(d["undrawn"]["events"]) == 45
        for side, copies in (("israeli", C.ISRAELI_COPIES), ("arab", C.ARAB_COPIES)):
            full = collections.Counter({u[0]: int(c) for u, c in zip(
                C.ISRAELI_UNITS if side == "israeli" else C.ARAB_UNITS, copies)})
            if discards:  # the turn-1 event may already have discarded a unit
                assert not _composition(d, side) - full
            else:
                assert _composition(d, side) == full
        first_events.add(d["event"])
        first_arab.add(tuple(d["undrawn"]["arab"][:3]))
        first_israeli.add(tuple(d["undrawn"]["israeli"][:3]))
    # Shuffled: the decks come out in many different orders.
    assert len(first_events) >= 25
    assert len(first_arab) >= 40 and len(first_israeli) >= 40


def test_turn_one_has_no_battle():
    fronts = {"North": {"arab": {"Arab Legion": 1}},
              "Central": {"israeli": {"Haganah Brigades": 1}, "arab": {"Arab Legion": 1}}}
    _, d1 = battle(fronts, turn=1)
    assert front(d1, "North") == (3, NONE, {}, {"Arab Legion": 1})
    assert front(d1, "Central") == (3, NONE, {"Haganah Brigades": 1}, {"Arab Legion": 1})
    # The same position on turn 2 fights.
    _, d2 = battle(fronts, turn=2, forced=[0, 0])
    assert front(d2, "North") == (5, LOSS, {}, {"Arab Legion": 1})
    assert front(d2, "Central") == (3, TIE, {}, {})


def test_turn_one_of_real_games_changes_no_tokens():
    for seed in range(30):
        g = Game("solo1948", seed=seed)
        rng = np.random.default_rng(seed)
        while g.turn == 1 and not g.is_terminal():
            g.apply(int(rng.choice(g.legal_actions())))
        d = g.to_dict()
        assert [d["fronts"][f]["arab_tokens"] for f in FRONTS] == [3, 3, 3]
        assert all(d["fronts"][f]["last_battle"] == NONE for f in FRONTS)


# ------------------------------------------------------------ Arab Phase ----

def arab_phase(arab, forced=(), israeli=("Kibbutzim", "Kibbutzim")):
    return game(phase="Arab", turn=2, forced_chance=list(forced),
                undrawn={"arab": list(arab), "israeli": list(israeli), "events": [QUIET_EVENT]})


def test_arab_phase_draws_three_cards_to_their_printed_fronts():
    g = arab_phase(["Glub Pasha", "Egyptian Army", "Arab Liberation Army", "Arab Legion"])
    d = g.to_dict()
    no_unforced_dice(d)
    assert {f: d["fronts"][f]["arab"] for f in FRONTS} == {
        "North": {"Arab Liberation Army": 1}, "Central": {"Glub Pasha": 1},
        "South": {"Egyptian Army": 1}}
    assert d["undrawn"]["arab"] == ["Arab Legion"]
    assert d["phase"] == "Israeli deploy" and d["event"] == QUIET_EVENT


@pytest.mark.parametrize("first", [N, CEN, S])
def test_arab_phase_random_front_cards_go_to_the_rolled_front(first):
    dice = [first, (first + 1) % 3, (first + 2) % 3]
    g = arab_phase(["Artillery Elements", "Air Force", "Armored Cars"], forced=dice)
    d = g.to_dict()
    no_unforced_dice(d)
    assert d["forced_chance"] == []
    placed = {f: d["fronts"][f]["arab"] for f in FRONTS}
    for card, f in zip(["Artillery Elements", "Air Force", "Armored Cars"], dice):
        assert placed[FRONTS[f]] == {card: 1}


def test_arab_phase_with_short_or_empty_deck_draws_what_is_left():
    d = arab_phase(["Arab Liberation Army"]).to_dict()
    assert d["undrawn"]["arab"] == []
    assert {f: d["fronts"][f]["arab"] for f in FRONTS} == {
        "North": {"Arab Liberation Army": 1}, "Central": {}, "South": {}}
    d = arab_phase([]).to_dict()
    assert all(d["fronts"][f]["arab"] == {} for f in FRONTS)
    assert d["phase"] == "Israeli deploy"  # the turn goes on without Arab cards


# ----------------------------------------------------------- Event Phase ----

def test_event_phase_draws_one_event_and_event_deck_reshuffles_when_exhausted():
    d = game(phase="Arab", turn=2, undrawn={"arab": [], "israeli": ["Kibbutzim"] * 2,
                                            "events": [QUIET_EVENT, "Siege"]}).to_dict()
    assert d["event"] == QUIET_EVENT and d["undrawn"]["events"] == ["Siege"]
    # An exhausted event deck: every event card is shuffled back and one drawn.
    seen = set()
    for rng in range(12):
        d = game(phase="Arab", turn=2, rng=rng, event="Siege",
                 undrawn={"arab": [], "israeli": ["Kibbutzim"] * 2, "events": []}).to_dict()
        assert d["event"] is not None
        assert len(d["undrawn"]["events"]) == 45
        assert sorted(d["undrawn"]["events"] + [d["event"]]) == sorted(EVENT_NAMES)
        seen.add(tuple(d["undrawn"]["events"]))
    assert len(seen) == 12


def test_last_turns_event_ends_with_the_turn():
    # Turn 2 with Siege in effect; next turn's event replaces it and the
    # Force Totals lose the -1.
    g, d = battle({"North": {"israeli": {"Haganah Brigades": 1}},
                   "South": {"arab": {"Egyptian Army": 1}}}, event="Siege")
    assert d["event"] == QUIET_EVENT
    assert g.force_totals()[N] == (5, 0)


# -------------------------------------------------------- Israeli Phase ----

def test_israeli_phase_draws_two_and_the_player_picks_each_front():
    g = arab_phase([], israeli=["Kibbutzim", "Haganah Brigades", "Tanks"])
    d = g.to_dict()
    assert d["cards_to_deploy"] == ["Kibbutzim", "Haganah Brigades"]
    assert d["undrawn"]["israeli"] == ["Tanks"]
    assert g.legal_actions() == [L.A_DEPLOY + f for f in range(3)]
    assert g.action_name(L.A_DEPLOY + S) == "Deploy Kibbutzim to South front"
    g.apply(L.A_DEPLOY + S)
    assert g.legal_actions() == [L.A_DEPLOY + f for f in range(3)]
    assert g.action_name(L.A_DEPLOY + S) == "Deploy Haganah Brigades to South front"
    g.apply(L.A_DEPLOY + S)
    d = g.to_dict()
    assert d["fronts"]["South"]["israeli"] == {"Kibbutzim": 1, "Haganah Brigades": 1}
    assert d["cards_to_deploy"] == [] and d["phase"] == "Transfer"
    # Both cards to different fronts works as well.
    g = arab_phase([], israeli=["Kibbutzim", "Haganah Brigades", "Tanks"])
    g.apply(L.A_DEPLOY + N)
    g.apply(L.A_DEPLOY + CEN)
    d = g.to_dict()
    assert d["fronts"]["North"]["israeli"] == {"Kibbutzim": 1}
    assert d["fronts"]["Central"]["israeli"] == {"Haganah Brigades": 1}


@pytest.mark.parametrize("die", [N, CEN, S])
def test_extremists_deploy_to_a_random_front(die):
    g = arab_phase([], israeli=["Kibbutzim", "Lehi Stern Fighters", "Tanks"], forced=[die])
    d = g.to_dict()
    no_unforced_dice(d)
    assert d["fronts"][FRONTS[die]]["israeli"] == {"Lehi Stern Fighters": 1}
    assert sum(len(d["fronts"][f]["israeli"]) for f in FRONTS) == 1
    assert d["cards_to_deploy"] == ["Kibbutzim"]  # not a player's choice
    # Two Extremists: no decision at all, straight on past the Israeli Phase.
    g = arab_phase([], israeli=["Irgun Commandos", "Irgun Commandos"], forced=[die, (die + 1) % 3])
    d = g.to_dict()
    assert d["fronts"][FRONTS[die]]["israeli"] == {"Irgun Commandos": 1}
    assert d["fronts"][FRONTS[(die + 1) % 3]]["israeli"] == {"Irgun Commandos": 1}


def test_israeli_deck_does_not_reshuffle():
    d = arab_phase([], israeli=["Kibbutzim"], forced=[]).to_dict()
    assert d["cards_to_deploy"] == ["Kibbutzim"] and d["undrawn"]["israeli"] == []
    # An empty Israeli deck: nothing drawn, no deployment decision.
    g = arab_phase(["Arab Liberation Army"], israeli=[])
    d = g.to_dict()
    assert d["cards_to_deploy"] == [] and d["undrawn"]["israeli"] == []
    assert d["phase"] != "Israeli deploy"


# ------------------------------------------------------- Transfer Phase ----

TRANSFER_BOARD = {
    "North": {"israeli": {"Haganah Brigades": 2, "Kibbutzim": 1, "Moshe Dayan": 1,
                          "Irgun Commandos": 1, "Armed Settlers": 1, "Settlement Police": 1}},
    "Central": {"israeli": {"Armored Cars": 1, "Mortars": 1}},
    "South": {"israeli": {"Tanks": 1}},
}


def test_transfer_phase_one_regular_vehicles_free_no_unit_twice():
    g = game(phase="Transfer", turn=2, fronts=TRANSFER_BOARD,
             undrawn={"israeli": ["Kibbutzim"] * 2, "arab": ["Arab Legion"], "events": [QUIET_EVENT]})
    hag = {transfer("Haganah Brigades", N, CEN), transfer("Haganah Brigades", N, S)}
    mortars = {transfer("Mortars", CEN, N), transfer("Mortars", CEN, S)}
    cars = {transfer("Armored Cars", CEN, N), transfer("Armored Cars", CEN, S)}
    tanks = {transfer("Tanks", S, N), transfer("Tanks", S, CEN)}
    # Leaders, plain units and Extremists are never offered; Done always is.
    assert set(g.legal_actions()) == {L.A_END_TRANSFERS} | hag | mortars | cars | tanks
    assert g.action_name(transfer("Haganah Brigades", N, S)) == \
        "Transfer Haganah Brigades: North -> South"
    g.apply(transfer("Haganah Brigades", N, CEN))
    d = g.to_dict()
    assert d["transfers_left"] == 0
    assert d["fronts"]["Central"]["transferred_this_turn"] == {"Haganah Brigades": 1}
    # The turn's one transfer is used: no other Regular moves, but Vehicles
    # still have their own free transfer.
    assert set(g.legal_actions()) == {L.A_END_TRANSFERS} | cars | tanks
    g.apply(transfer("Armored Cars", CEN, S))
    assert g.to_dict()["transfers_left"] == 0
    # The Armored Cars moved already: not again this turn.
    assert set(g.legal_actions()) == {L.A_END_TRANSFERS} | tanks
    g.apply(transfer("Tanks", S, CEN))
    # No transfer left to make: the phase ends by itself.
    d = g.to_dict()
    assert d["turn"] == 3 and d["phase"] == "Israeli deploy"
    assert d["fronts"]["North"]["israeli"]["Haganah Brigades"] == 1
    assert d["fronts"]["Central"]["israeli"] == {"Haganah Brigades": 1, "Mortars": 1, "Tanks": 1}
    assert d["fronts"]["South"]["israeli"] == {"Armored Cars": 1}


def test_transfer_phase_done_leaves_everything_in_place():
    g = game(phase="Transfer", turn=2, fronts=TRANSFER_BOARD,
             undrawn={"israeli": ["Kibbutzim"] * 2, "arab": ["Arab Legion"], "events": [QUIET_EVENT]})
    g.apply(L.A_END_TRANSFERS)
    d = g.to_dict()
    assert d["turn"] == 3
    for f in FRONTS:
        assert d["fronts"][f]["israeli"] == TRANSFER_BOARD[f]["israeli"]


def test_transferred_unit_cannot_move_again_but_its_twin_can():
    # Two free transfers (from_dict), one Haganah already moved to Central.
    g = game(phase="Transfer", turn=2, transfers_left=2,
             fronts={"North": {"israeli": {"Haganah Brigades": 1}},
                     "Central": {"israeli": {"Haganah Brigades": 2},
                                 "transferred_this_turn": {"Haganah Brigades": 1}}})
    assert set(g.legal_actions()) == {
        L.A_END_TRANSFERS, transfer("Haganah Brigades", N, CEN), transfer("Haganah Brigades", N, S),
        transfer("Haganah Brigades", CEN, N), transfer("Haganah Brigades", CEN, S)}
    g.apply(transfer("Haganah Brigades", CEN, N))
    # Central's remaining Haganah moved already; North's two: one moved, one not.
    assert set(g.legal_actions()) == {
        L.A_END_TRANSFERS, transfer("Haganah Brigades", N, CEN), transfer("Haganah Brigades", N, S)}


def test_transfers_reset_next_turn():
    g = game(phase="Transfer", turn=2, transfers_left=0,
             fronts={"North": {"israeli": {"Haganah Brigades": 1}},
                     "Central": {"israeli": {"Haganah Brigades": 1},
                                 "transferred_this_turn": {"Haganah Brigades": 1}}},
             undrawn={"israeli": ["Kibbutzim"] * 2, "arab": ["Arab Legion"], "events": [QUIET_EVENT]})
    # Nothing can move: the Transfer Phase passes without a decision.
    d = g.to_dict()
    assert d["turn"] == 3 and d["phase"] == "Israeli deploy"
    assert d["transfers_left"] == 1
    assert all(d["fronts"][f]["transferred_this_turn"] == {} for f in FRONTS)
    g.apply(L.A_DEPLOY + S)
    g.apply(L.A_DEPLOY + S)
    assert g.phase == "Transfer"
    assert {transfer("Haganah Brigades", CEN, N), transfer("Haganah Brigades", N, CEN)} <= \
        set(g.legal_actions())


# --------------------------------------------------------- Battle Phase ----

@pytest.mark.parametrize("die, left", [(0, {"Syrian Lebanese Contingent": 1, "Air Force": 1}),
                                       (1, {"Arab Liberation Army": 1, "Air Force": 1}),
                                       (2, {"Arab Liberation Army": 1, "Syrian Lebanese Contingent": 1})])
def test_higher_total_wins_takes_one_token_loser_discards_random_unit(die, left):
    arab = {"Arab Liberation Army": 1, "Syrian Lebanese Contingent": 1, "Air Force": 1}
    _, d = battle({"North": {"israeli": {"Palmach Shock Troops": 2}, "arab": arab}}, forced=[die])
    no_unforced_dice(d)
    assert d["forced_chance"] == []
    assert front(d, "North") == (2, WIN, {"Palmach Shock Troops": 2}, left)


def test_arab_higher_total_wins():
    _, d = battle({"Central": {"israeli": {"Kibbutzim": 1, "Armed Settlers": 1},
                               "arab": {"Arab Legion": 2}}}, forced=[1])
    no_unforced_dice(d)
    assert front(d, "Central") == (4, LOSS, {"Kibbutzim": 1}, {"Arab Legion": 2})


def test_tie_is_a_stalemate_both_sides_discard():
    _, d = battle({"South": {"israeli": {"Kibbutzim": 1, "Armed Settlers": 1},
                             "arab": {"Egyptian Army": 1, "Saudi Forces": 1}}}, forced=[0, 1])
    no_unforced_dice(d)
    assert d["forced_chance"] == []
    assert front(d, "South") == (3, TIE, {"Armed Settlers": 1}, {"Egyptian Army": 1})


@pytest.mark.parametrize("tokens", [3, 1, 0])
def test_winner_takes_a_token_only_if_the_loser_has_any(tokens):
    _, d = battle({"North": {"arab_tokens": tokens, "israeli": {"Haganah Brigades": 1},
                             "arab": {"Air Force": 1}}}, forced=[0])
    assert front(d, "North")[:2] == (max(0, tokens - 1), WIN)


@pytest.mark.parametrize("tokens, after", [(3, 1), (1, 0), (0, 0)])
def test_side_without_arab_units_loses_two_tokens_and_discards_nothing(tokens, after):
    sentinel = [0]  # would be used by a discard; must stay queued
    # (An Egyptian Army alone at South keeps the game from ending in attrition.)
    _, d = battle({"Central": {"arab_tokens": tokens, "israeli": {"Kibbutzim": 1}},
                   "South": {"arab": {"Egyptian Army": 1}}}, forced=sentinel)
    assert front(d, "Central") == (after, WIN, {"Kibbutzim": 1}, {})
    assert d["forced_chance"] == sentinel
    assert d["outcome"] == "ongoing"


@pytest.mark.parametrize("tokens, after", [(0, 2), (3, 5), (4, 6)])
def test_side_without_israeli_units_loses_two_tokens_and_discards_nothing(tokens, after):
    sentinel = [0]  # would be used by a discard; must stay queued
    g, d = battle({"Central": {"arab_tokens": tokens, "arab": {"Palestinian Najada": 1}}},
                  forced=sentinel)
    assert front(d, "Central") == (after, LOSS, {}, {"Palestinian Najada": 1})
    assert d["forced_chance"] == sentinel
    assert g.outcome == ("complete_loss" if after == 6 else "ongoing")


def test_empty_side_takes_two_tokens_even_against_a_bigger_total():
    # Night Attack gives the empty Israeli side +5 at North: the Force Total
    # shows it, but a side with no units still loses 2 TT.
    g = game(phase="Transfer", turn=2, event="Night Attack", event_front="North",
             fronts={"North": {"arab": {"Palestinian Najada": 1}},
                     "South": {"israeli": {"Haganah Brigades": 1}}},
             undrawn={"israeli": ["Kibbutzim"] * 2, "arab": [], "events": [QUIET_EVENT]})
    assert g.force_totals()[N] == (5, 1)
    g.apply(L.A_END_TRANSFERS)
    assert front(g.to_dict(), "North") == (5, LOSS, {}, {"Palestinian Najada": 1})


def test_no_units_on_either_side_is_no_battle():
    _, d = battle({"North": {"arab_tokens": 4, "last_battle": WIN}}, forced=[1])
    assert front(d, "North") == (4, NONE, {}, {})
    assert d["forced_chance"] == [1]


def test_arab_win_at_five_tokens_is_complete_loss():
    g, d = battle({"South": {"arab_tokens": 5, "israeli": {"Armed Settlers": 1},
                             "arab": {"Egyptian Army": 1}}}, forced=[0])
    assert front(d, "South") == (6, LOSS, {}, {"Egyptian Army": 1})
    assert d["outcome"] == "complete_loss" and g.winner == "arab" and g.is_terminal()
    assert g.legal_actions() == []


def test_two_tokens_are_capped_at_six():
    g, d = battle({"South": {"arab_tokens": 5, "arab": {"Egyptian Army": 1}}})
    assert front(d, "South")[:2] == (6, LOSS)
    assert d["outcome"] == "complete_loss" and d["turn"] == 2


def test_leaders_have_no_force_and_add_one_to_each_other_unit():
    def totals(israeli, arab):
        g = game(phase="Israeli deploy", cards_to_deploy=["Kibbutzim"],
                 fronts={"Central": {"israeli": israeli, "arab": arab}})
        return g.force_totals()[CEN]
    assert totals({"Kibbutzim": 1}, {"Arab Legion": 1}) == (4, 5)
    assert totals({"Kibbutzim": 1, "Moshe Dayan": 1}, {"Arab Legion": 1, "Glub Pasha": 1}) == (5, 6)
    # Several Leaders add up; each gives +1 to every non-Leader.
    assert totals({"Kibbutzim": 1, "Haganah Brigades": 1, "Moshe Dayan": 1, "Yigal Allon": 1},
                  {"Arab Legion": 2, "Glub Pasha": 1, "Said Taha Bey": 1}) == (13, 14)
    assert totals({"Moshe Dayan": 1, "Yitzhak Sadeh": 1}, {"Glub Pasha": 1}) == (0, 0)


def test_lone_leader_is_a_unit_in_battle():
    # A Leader alone has Force 0 but its side has a unit: 1 TT, not 2, and it
    # is the discarded card.
    _, d = battle({"North": {"israeli": {"Shimon Avidan": 1},
                             "arab": {"Syrian Lebanese Contingent": 1}}}, forced=[0])
    assert front(d, "North") == (4, LOSS, {}, {"Syrian Lebanese Contingent": 1})
    # Leader v Leader: 0 = 0, a Stalemate.
    _, d = battle({"North": {"israeli": {"Shimon Avidan": 1},
                             "arab": {"Abd el Kader el Husseini": 1}}}, forced=[0, 0])
    assert front(d, "North") == (3, TIE, {}, {})


def test_event_modifiers_combine_with_leaders_per_unit():
    # Siege (-1 each Israeli unit) with a Leader: Piper 1 + 1 - 1 = 1,
    # Haganah 5 + 1 - 1 = 5. Police Fortresses at South: +5 to the total.
    g = game(phase="Israeli deploy", cards_to_deploy=["Kibbutzim"], event="Siege",
             fronts={"North": {"israeli": {"Piper Airplanes": 1, "Haganah Brigades": 1,
                                           "Yigal Allon": 1}}})
    assert g.force_totals()[N] == (6, 0)
    g = game(phase="Israeli deploy", cards_to_deploy=["Kibbutzim"], event="Police Fortresses",
             event_front="South", fronts={"South": {"arab": {"Saudi Forces": 2}}})
    assert [t[1] for t in g.force_totals()] == [0, 0, 9]


@pytest.mark.parametrize("die, left", [
    (0, {"Kibbutzim": 1, "Haganah Brigades": 2}),
    (1, {"Moshe Dayan": 1, "Haganah Brigades": 2}),
    (2, {"Moshe Dayan": 1, "Kibbutzim": 1, "Haganah Brigades": 1}),
    (3, {"Moshe Dayan": 1, "Kibbutzim": 1, "Haganah Brigades": 1}),
])
def test_random_unit_die_counts_units_in_card_list_order(die, left):
    # Israeli units at Central in card-list order: 0 Moshe Dayan, 1 Kibbutzim,
    # 2-3 Haganah Brigades. Arab total 5 * 5 beats 5 + 2 * 6.
    _, d = battle({"Central": {"israeli": {"Haganah Brigades": 2, "Kibbutzim": 1, "Moshe Dayan": 1},
                               "arab": {"Arab Legion": 5}}}, forced=[die])
    assert front(d, "Central") == (4, LOSS, left, {"Arab Legion": 5})


def test_battles_at_all_three_fronts():
    _, d = battle({"North": {"israeli": {"Haganah Brigades": 1}, "arab": {"Air Force": 1}},
                   "Central": {"israeli": {"Armed Settlers": 1}, "arab": {"Arab Legion": 1}},
                   "South": {"israeli": {"Armed Settlers": 1}, "arab": {"Saudi Forces": 1}}},
                  forced=[0, 0, 0, 0])
    no_unforced_dice(d)
    assert [front(d, f) for f in FRONTS] == [(2, WIN, {"Haganah Brigades": 1}, {}),
                                             (4, LOSS, {}, {"Arab Legion": 1}),
                                             (3, TIE, {}, {})]


# ------------------------------------------------- End Phase and victory ----

# Palmach Shock Troops (6) against two Arab units of 2 at every front.
STRONG = {f: {"israeli": {"Palmach Shock Troops": 1}, "arab": {a: 2}} for f, a in zip(
    FRONTS, ["Syrian Lebanese Contingent", "The Army of Salvation", "Saudi Forces"])}


def test_decisive_victory_after_two_turns_winning_everywhere():
    # Turn 3's event is an Israeli +1 (it changes no battle here).
    g, d = battle(STRONG, forced=[0, 0, 0], next_event="Czech Weapon Shipments")
    assert d["outcome"] == "ongoing" and d["decisive_streak"] == 1
    assert [front(d, f)[1] for f in FRONTS] == [WIN] * 3
    g.force_chance([0, 0, 0])
    g.apply(L.A_DEPLOY + N)
    g.apply(L.A_DEPLOY + CEN)
    assert g.phase == "Transfer"
    g.apply(L.A_END_TRANSFERS)
    d = g.to_dict()
    assert d["turn"] == 3 and d["outcome"] == "decisive_victory" and g.winner == "israeli"
    assert g.is_terminal() and g.legal_actions() == []


@pytest.mark.parametrize("case", ["stalemate", "empty", "negated", "truce", "failed assault"])
def test_decisive_streak_resets_without_three_wins(case):
    fronts = {f: dict(v) for f, v in STRONG.items()}
    kwargs = {}
    forced = [0, 0, 0]
    if case == "stalemate":
        fronts["South"] = {"israeli": {"Armed Settlers": 1}, "arab": {"Air Force": 1}}
        forced = [0, 0, 0, 0]
    elif case == "empty":
        fronts["South"] = {}
        forced = [0, 0]
    elif case == "negated":
        kwargs = {"event": "Palestinian Refugees", "event_front": "North",
                  "next_event": "Czech Weapon Shipments"}
        forced = [0, 0]
    elif case == "truce":
        kwargs = {"event": "Major Truce"}
        forced = []
    else:
        kwargs = {"event": "Failed Assault", "event_front": "Central"}
        forced = [0, 0, 0, 0]
    g, d = battle(fronts, streak=1, forced=forced, **kwargs)
    assert d["forced_chance"] == []
    assert d["outcome"] == "ongoing" and d["decisive_streak"] == 0


def test_decisive_streak_control_three_wins_with_streak_one():
    _, d = battle(STRONG, streak=1, forced=[0, 0, 0])
    assert d["outcome"] == "decisive_victory"


def test_attrition_victory_when_arab_deck_is_empty_and_no_arab_unit_is_left():
    g, d = battle({"North": {"israeli": {"Haganah Brigades": 1}, "arab": {"Air Force": 1}}},
                  forced=[0])
    assert d["undrawn"]["arab"] == []
    assert d["outcome"] == "attrition_victory" and g.winner == "israeli" and d["turn"] == 2


def test_no_attrition_while_arab_cards_remain():
    # Units left on the map (deck empty): no victory.
    _, d = battle({"North": {"israeli": {"Haganah Brigades": 1}, "arab": {"Air Force": 2}}},
                  forced=[0])
    assert d["outcome"] == "ongoing"
    # No Arab unit on the map but cards left in the Arab deck: no victory.
    g = game(phase="End", turn=2, undrawn={"arab": ["Arab Legion"], "israeli": ["Kibbutzim"] * 2,
                                           "events": [QUIET_EVENT]})
    d = g.to_dict()
    assert d["outcome"] == "ongoing" and d["turn"] == 3
    assert d["fronts"]["Central"]["arab"] == {"Arab Legion": 1}


@pytest.mark.parametrize("tokens, streak, arab_deck, outcome", [
    (6, 2, [], "complete_loss"),                 # loss beats decisive and attrition
    (6, 0, [], "complete_loss"),
    (3, 2, [], "decisive_victory"),              # decisive beats attrition
    (3, 0, [], "attrition_victory"),
    (3, 2, ["Arab Legion"], "decisive_victory"),
])
def test_end_phase_checks_loss_then_decisive_then_attrition(tokens, streak, arab_deck, outcome):
    g = game(phase="End", turn=5, decisive_streak=streak, fronts={"Central": {"arab_tokens": tokens}},
             undrawn={"arab": arab_deck})
    assert g.to_dict()["outcome"] == outcome and g.is_terminal()


def test_turn_limit():
    g = game(phase="End", turn=L.MAX_TURNS, undrawn={"arab": ["Arab Legion"]},
             fronts={"North": {"israeli": {"Kibbutzim": 1}, "arab": {"Air Force": 1}}})
    assert L.MAX_TURNS == 100
    assert g.outcome == "turn_limit" and g.winner is None and g.is_terminal()
    g = game(phase="End", turn=L.MAX_TURNS - 1,
             undrawn={"arab": ["Arab Legion"], "israeli": ["Kibbutzim"] * 2, "events": [QUIET_EVENT]})
    assert g.outcome == "ongoing" and g.turn == L.MAX_TURNS


# --------------------------------------------------------- Randomization ----

def test_forced_die_out_of_range_raises():
    # A random front is a roll of 3 faces: 3 is out of range.
    with pytest.raises(ValueError, match="out of range"):
        arab_phase(["Air Force"], forced=[3])
    # A random unit among 2 Arab units: 2 is out of range.
    with pytest.raises(ValueError, match="out of range"):
        battle({"North": {"israeli": {"Palmach Shock Troops": 1},
                          "arab": {"Air Force": 1, "Armored Cars": 1}}}, forced=[2])
    # Through Game.force_chance, raised by the action that rolls.
    g = game(phase="Transfer", turn=2, fronts={
        "North": {"israeli": {"Palmach Shock Troops": 1}, "arab": {"Air Force": 1}}})
    g.force_chance([1])
    with pytest.raises(ValueError, match="out of range"):
        g.apply(L.A_END_TRANSFERS)
    with pytest.raises(StateError):
        Game("solo1948", seed=0).force_chance([-1])


def test_forced_dice_are_consumed_in_order_then_the_generator_takes_over():
    g = arab_phase(["Air Force", "Air Force", "Armored Cars"], forced=[S, N])
    d = g.to_dict()
    assert d["fronts"]["South"]["arab"]["Air Force"] == 1
    assert d["fronts"]["North"]["arab"]["Air Force"] == 1
    assert sum(d["fronts"][f]["arab"].get("Armored Cars", 0) for f in FRONTS) == 1
    assert d["forced_chance"] == []
    assert d["rng"] != RNG0  # the third card used the generator


def test_event_arab_withdrawal_on_an_empty_front_removes_nothing():
    """Rules decision S11: the random front is a die over all three fronts; an
    empty one means the card has no effect."""
    g = Game.from_dict({
        "volume": "solo1948", "phase": "Arab", "turn": 3,
        "undrawn": {"events": ["Arab Withdrawal"],
                    "arab": ["Arab Liberation Army", "Arab Liberation Army", "Arab Legion"],
                    "israeli": ["Kibbutzim", "Kibbutzim"]},
        "forced_chance": [2],
    })
    d = g.to_dict()
    assert d["event"] == "Arab Withdrawal" and d["event_front"] == "South"
    assert d["fronts"]["North"]["arab"] == {"Arab Liberation Army": 2}
    assert d["fronts"]["Central"]["arab"] == {"Arab Legion": 1}
    assert d["fronts"]["South"]["arab"] == {}
    assert d["forced_chance"] == []
