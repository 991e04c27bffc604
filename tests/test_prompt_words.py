"""What a playtester reads must say what the rules do: a new card is shown
when it comes into play, moves name their destinations, the Palestine legend
gives the Political Will Phase's numbers (6.1.1, 6.1.2) from the rule
parameters, the Unity Track reads as the board prints it (6.6), dice say what
they were rolled for with the kernel's modifier and chit draws are named as
draws, a Pass says what it gives (2.3.3), Stop says what stopping does,
event texts left off the menu are named with their rules decision (5.1.3),
and a scripted bot's score says what it is."""

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.play import play_in_terminal
from britishway_env.session import PlaySession, changes
from britishway_env.volumes import coin_table
from britishway_env.engine.coin.header import RULE_PARAMETERS
from britishway_env.volumes.arab_revolt import layout as AL
from britishway_env.volumes.arab_revolt import parameters as AP
from britishway_env.volumes.arab_revolt import render as arab_render
from britishway_env.volumes.arab_revolt import table as arab_table
from britishway_env.volumes.coin_game import either
from britishway_env.volumes.cyprus import layout as CL
from britishway_env.volumes.cyprus import operations as cyprus_operations
from britishway_env.volumes.cyprus import parameters as CP
from britishway_env.volumes.cyprus import render as cyprus_render
from britishway_env.volumes.palestine import layout as PL
from britishway_env.volumes.palestine import operations as palestine_operations
from britishway_env.volumes.palestine import parameters as PP
from britishway_env.volumes.palestine import render as palestine_render
from britishway_env.volumes.palestine import resources as palestine_resources
from britishway_env.volumes.palestine.table import help as palestine_help


def _random_session(volume, seat, seed, bot="heuristic"):
    s = PlaySession(volume, seed=seed, human=[seat], bot=bot)
    rng = np.random.default_rng(seed)
    while not s.over:
        yield s
        choices = s.choices()
        s.play(choices[int(rng.integers(len(choices)))][0])


# 1 ------------------------------------------------------------------------
def test_the_terminal_shows_a_card_your_own_move_brought_into_play():
    """Cyprus seed 5, EOKA against the trained bot: an own move that ends the
    card, with the person first on the next one, is followed by the board
    (its new card), not by the menu alone."""
    s = PlaySession("cyprus", seed=5, human=["eoka"], bot="trained", sandbox=True)   # undone below
    for _ in range(200):
        action = s.choices()[0][0]
        new = s.play(action)
        if len(new) == 1 and s.table.card(s.game) != new[0].card:
            break
    else:
        pytest.skip("no own move ended a card")
    card = s.table.card(s.game)
    s.undo()
    number = [a for a, _ in s.choices()].index(action) + 1
    answers = iter([str(number)])
    lines = []

    def answer(_):
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    play_in_terminal(s, input_fn=answer, print_fn=lambda *a: lines.append(" ".join(map(str, a))))
    after = "\n".join(lines[next(i for i, line in enumerate(lines) if line.startswith("You: ")):])
    assert f"Card in play: {card}" in after


# 2 ------------------------------------------------------------------------
def test_search_and_redeploy_moves_name_their_destinations_and_help_lists_them():
    seen = set()
    for seed in range(4):
        for s in _random_session("palestine", "british", seed, bot="random"):
            g = s.game
            d = int(g.state[PL.DECISION])
            if d == PL.D_SEARCH_MOVE:
                help_line = palestine_help(g)
                assert help_line != g.phase and "destination spaces (" in help_line
                for a, name in s.choices():
                    if a != PL.A_STOP:
                        assert name.endswith(" to " + either(g.spaces_after(a))), name
                        assert g.spaces_after(a) and all(n in name for n in g.spaces_after(a)[:4]) or \
                            "any of" in name
                seen.add("search")
        for s in _random_session("palestine", "irgun", seed, bot="random"):
            g = s.game
            if int(g.state[PL.DECISION]) == PL.D_REDEPLOY_CELL:
                city = g.generic_action_name(PL.A_SPACE + int(g.state[PL.CUR]))
                assert all(name.endswith(f"into {city}") for _, name in s.choices())
                assert city in palestine_help(g)
                seen.add("redeploy")
        if seen == {"search", "redeploy"}:
            break
    assert seen == {"search", "redeploy"}


# 3 ------------------------------------------------------------------------
def test_the_palestine_legend_gives_6_1_1_from_the_rule_parameters_and_cites_1_7():
    text = PlaySession("palestine", seed=0, human=["irgun"], bot="random").board_text()
    assert "-1 Political Will per Sabotage in a District, -2 per Railway with Sabotage (once per Railway), " \
           "-2 per Sabotage and -3 per Terror in a City; +2 if no Railway is Sabotaged, +1 per City" in text
    assert "Cities score" not in text and "(1.9, 1.10)" not in text and "Terror (1.7)" in text
    values = PP.BASE.copy()
    values[PP.P_CITY_TERROR_LOSS] = 5
    assert "-5 per Terror in a City" in palestine_render.legend(values)


def test_the_cyprus_legend_gives_6_1_from_the_games_rule_parameters():
    text = PlaySession("cyprus", seed=0, human=["eoka"], bot="random").board_text()
    assert "-International Opinion's value (6.1.1); -each Sabotage marker's space value (Nicosia and the Bases " \
           "2, other Towns 1, Mountains 0; 6.1.2); +2 if no Arms Cache is in the Mountains, +1 per 2 Towns " \
           "without Sabotage, rounded down (6.1.3)" in text
    assert "EOKA win if it is 0 at a Propaganda Round's victory check (6.1.4)" in text
    g = Game("cyprus", seed=0)                         # a variant's numbers are the game's own
    g.state[RULE_PARAMETERS + CP.P_CLEAN_TOWNS_PER_WILL] = 3
    g.state[RULE_PARAMETERS + CP.P_EOKA_VICTORY_WILL] = 2
    board = cyprus_render.render_text(g)
    assert "+1 per 3 Towns without Sabotage" in board and "EOKA win if it is 2 or less" in board
    assert "+1 per 2 Towns" not in board


def test_the_arab_revolt_legend_gives_6_1_from_the_games_rule_parameters():
    text = PlaySession("arab_revolt", seed=0, human=["rebels"], bot="random").board_text()
    assert "-1 per Railway with Sabotage and +1 per 2 Railways without (6.1.1); -2 per City or District with " \
           "more Rebel than British pieces and +1 per 2 with no Rebel piece and no Opposition (6.1.2); -1 per " \
           "District with a Rebel Base (6.1.3); -1 per 3 Irregulars on the map (6.1.4)" in text
    g = Game("arab_revolt", seed=0)
    g.state[RULE_PARAMETERS + AP.P_IRREGULARS_PER_WILL] = 4
    g.state[RULE_PARAMETERS + AP.P_REBELLION_SPACE_WILL] = 3
    board = arab_render.render_text(g)
    assert "-1 per 4 Irregulars on the map" in board and "-3 per City or District" in board


# 4 ------------------------------------------------------------------------
def test_the_unity_track_reads_as_the_board_prints_it():
    before, after = {"unity_track": 2}, {"unity_track": 1}
    assert changes(before, after, (), arab_table.change_words) == [
        "Unity Track toward Decentralized: 1 (centre), Divide value 1 -> 2, Divide value 2"]
    g = Game("arab_revolt", seed=0)
    g.state[AL.UNITY] = 1
    assert "Unity Track: 2, Divide value 2 (box 2 of 5 from Decentralized)" in arab_render.render_text(g)


# 5 ------------------------------------------------------------------------
def test_a_die_says_what_it_was_for_and_its_modifier():
    assert coin_table.die_words(1, "Negotiate (4.2.2)", 2, "+1 per Terror marker on the map, 2 of them") == \
        "a die for Negotiate (4.2.2): 1, +2 (+1 per Terror marker on the map, 2 of them) = 3"
    found = 0
    for seed in range(6):
        for s in _random_session("palestine", "british", seed):
            if s.log and s.log[-1].text == "Special Activity: Negotiate" and s.log[-1].by == "you":
                e = s.log[-1]
                g = Game.replay("palestine", s.seed, s.game.history[:e.index])
                m = int(palestine_resources.negotiate_modifier(g.state))
                assert e.dice[0].startswith("a die for Negotiate (4.2.2)")
                assert (f"{m:+d} (" in e.dice[0]) if m else "no modifier" in e.dice[0]
                found += 1
        if found:
            break
    assert found


@pytest.mark.parametrize("volume,seat,seeds,words,taken", [
    ("palestine", "irgun", range(3), "a die for Rob in ",
     lambda g, a: (int(g.state[PL.DECISION]) in (PL.D_PASS_ROB, PL.D_PROP_ROB)
                   or (int(g.state[PL.DECISION]) == PL.D_SPACE and int(g.state[PL.OP]) == PL.OP_ROB))
     and PL.A_SPACE <= a < PL.A_COUNT
     and not palestine_operations.capability(g.state, PL.CAP_FACTORIES, PL.CAP_SHADED)),      # P32: no die
    # random play reaches Mass Detention rarely (a City with a Curfew and three Troops): seed 54 does
    ("palestine", "british", range(54, 55), "a die for Mass Detention in ",
     lambda g, a: int(g.state[PL.DECISION]) == PL.D_SA_SPACE and int(g.state[PL.SA]) == PL.SA_MASS_DETENTION),
    ("cyprus", "eoka", range(3), "a die for Ambush in ",
     lambda g, a: int(g.state[CL.DECISION]) == CL.D_SPACE and int(g.state[CL.OP]) == CL.OP_AMBUSH
     and (CL.A_SPACE <= a < CL.A_COUNT or CL.A_ALT <= a < CL.A_ALT + CL.N_MAP_SPACES)),
    ("cyprus", "british", range(40), "a die for Diplomacy (4.2.2)", lambda g, a: a == CL.A_SA + CL.SA_DIPLOMACY
     and int(cyprus_operations.towns_marked(g.state)) > int(g.state[RULE_PARAMETERS + CP.P_DIPLOMACY_CALM_TOWNS])),
])
def test_rob_ambush_mass_detention_and_diplomacy_dice_say_what_they_were_for(volume, seat, seeds, words, taken):
    """3.3.4 (Rob, Ambush), 4.2.3, 4.2.2: the decision that rolls for them names the die;
    no other decision's die does."""
    found = 0
    for seed in seeds:
        for s in _random_session(volume, seat, seed, bot="random"):
            pass
        for e in s.log:
            if e.by != "you" or not e.dice:
                continue
            prior = Game.replay(volume, s.seed, s.game.history[:e.index])
            if taken(prior, s.game.history[e.index]):
                assert e.dice[0].startswith(words) and "no modifier: " in e.dice[0], e.dice
                found += 1
            else:
                assert not any(d.startswith(words) for d in e.dice), e.dice
        if found >= 2:
            break
    assert found


def _position(volume, found, games=80):
    """A game of random play at the first position where ``found(game)`` holds
    (random legal actions from seeds 0, 1, ...); the test skips if none."""
    for seed in range(games):
        g = Game(volume, seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_terminal():
            if found(g):
                return g
            legal = g.legal_actions()
            g.apply(legal[int(rng.integers(len(legal)))])
    pytest.skip(f"no such position in {games} random {volume} games")


def _taken(g, table, action):
    """The dice words of ``action`` taken in ``g`` (g moves on), and the 1-6 rolls."""
    prior, before = g.clone(), g.to_dict()
    rolls = g.apply_reading_rolls(action)
    return table.dice(before, g.to_dict(), rolls, game=prior, action=action), [v + 1 for f, v in rolls if f == 6]


def _event_position(volume, L, card, side):
    def found(g):
        s = g.state
        return int(s[L.DECISION]) == L.D_BOX and int(s[L.CARD]) == card and g.legal_mask()[L.A_EVENT_SIDE + side]
    return _position(volume, found)


def test_rome_embassy_bombing_die_says_what_it_was_for():
    """P19 shaded: the die of the event, Political Will -2 on 3 or more; the
    words' threshold is the kernel's."""
    from britishway_env.volumes.palestine import table as palestine_table
    g = _event_position("palestine", PL, 19, 1)
    will = int(g.state[PL.POLITICAL_WILL])
    words, dice = _taken(g, palestine_table, PL.A_EVENT_SIDE + 1)
    assert words[0].startswith("a die for P19 Rome Embassy Bombing shaded: Political Will -2 on 3 or more: "
                               f"{dice[0]} (no modifier")
    assert int(g.state[PL.POLITICAL_WILL]) - will == (-2 if dice[0] >= 3 else 0) or g.is_terminal()


def test_road_mines_dice_name_each_space_they_were_for():
    """P23 shaded (rules decision P-22): as a Patrol's moves end, a die for each
    selected space Police moved into with a Sabotage marker, in map order,
    each naming its space; a Police leaves that space on 1-3."""
    from britishway_env.volumes.palestine import table as palestine_table
    from britishway_env.volumes.boards.palestine import SPACE_NAMES

    def moved_police(g):
        s = g.state
        return int(s[PL.DECISION]) == PL.D_PATROL_MOVE and g.legal_mask()[PL.A_STOP] and any(
            s[PL.SELECTED + t] == 1 and s[PL.MOVED_HERE + t] > 0 and s[palestine_operations.at(t, PL.POLICE)] > 0
            for t in range(PL.N_MAP_SPACES))
    g = _position("palestine", moved_police)
    s = g.state
    spaces = [t for t in range(PL.N_MAP_SPACES) if s[PL.SELECTED + t] == 1 and s[PL.MOVED_HERE + t] > 0
              and s[palestine_operations.at(t, PL.POLICE)] > 0]
    s[PL.CAPABILITIES + PL.CAP_ROAD_MINES] = PL.CAP_SHADED     # the position made: ROAD MINES shaded in play,
    for t in spaces:                                           # a Sabotage marker where Police moved
        s[palestine_operations.at(t, PL.SABOTAGE)] = 1
    police = [int(s[palestine_operations.at(t, PL.POLICE)]) for t in spaces]
    words, dice = _taken(g, palestine_table, PL.A_STOP)
    assert len(dice) == len(spaces) == len(words)
    for t, w, die, had in zip(spaces, words, dice, police):
        assert w.startswith(f"a die for P23 Road Mines shaded in {SPACE_NAMES[t]} (rules decision P-22): a Police "
                            f"lost on 1-3: {die} (no modifier"), w
        assert int(g.state[palestine_operations.at(t, PL.POLICE)]) == had - (1 if die <= 3 else 0)


def test_smuggle_under_royal_navy_blockade_die_says_what_it_was_for():
    """C9 unshaded (4.3.1): a Smuggle places its Arms Cache only on a die of 4
    or more; the die names the space."""
    from britishway_env.volumes.cyprus import table as cyprus_table

    def smuggling(g):
        return int(g.state[CL.DECISION]) == CL.D_SA_SPACE and int(g.state[CL.SA]) == CL.SA_SMUGGLE and \
            g.legal_mask()[CL.A_SPACE:CL.A_SPACE + CL.N_MAP_SPACES].any()
    g = _position("cyprus", smuggling)
    g.state[CL.CAPABILITIES + CL.CAP_BLOCKADE] = CL.CAP_UNSHADED      # the position made: the Blockade in play
    space = int(np.flatnonzero(g.legal_mask()[CL.A_SPACE:CL.A_SPACE + CL.N_MAP_SPACES])[0])
    caches = int(g.state[cyprus_operations.at(space, CL.ARMS_CACHES)])
    words, dice = _taken(g, cyprus_table, CL.A_SPACE + space)
    assert words[0].startswith(f"a die for Smuggle in {cyprus_table.SPACE_NAMES[space]} under C9 Royal Navy "
                               f"Blockade unshaded (4.3.1): the Arms Cache placed on 4 or more: {dice[0]} (no")
    assert int(g.state[cyprus_operations.at(space, CL.ARMS_CACHES)]) == caches + (1 if dice[0] >= 4 else 0)


@pytest.mark.parametrize("card,side,words", [
    (7, 0, "a die for A7 Memory of al-Qassam unshaded: at or under the {irregulars} Irregulars on the map, Unity "
           "one step toward Decentralized"),
    (7, 1, "a die for A7 Memory of al-Qassam shaded: at or under the {bases} Rebel Bases on the map, the Rebels' "
           "Limited Operations in the spaces with Opposition"),
    (19, 0, "a die for A19 League of Nations: above the {opposition} spaces with Opposition, Political Will +1, "
            "else -2"),
    (20, 0, "a die for A20 Arab Higher Committee unshaded: above the {bases} Rebel Bases on the map, Unity one "
            "step toward Decentralized"),
    (23, 1, "a die for A23 al-Hajj Muhammad shaded: at or under the {bases} Rebel Bases on the map, the Rebels' "
            "Mobilize and then Raid"),
])
def test_arab_revolt_event_dice_say_what_they_were_for(card, side, words):
    """A7 (both texts, two dice unshaded), A19, A20 unshaded, A23 shaded: each
    die of the event names what it was rolled against, with the counts of the
    position; A19's outcome follows the words' threshold."""
    from britishway_env.volumes.arab_revolt import pieces as arab_pieces
    g = _event_position("arab_revolt", AL, card, side)
    s = g.state
    counts = dict(irregulars=int(arab_pieces.irregulars_on_map(s)), bases=int(arab_pieces.bases_on_map(s)),
                  opposition=int(arab_pieces.opposition_spaces(s)))
    will = int(s[AL.POLITICAL_WILL])
    said, dice = _taken(g, arab_table, AL.A_EVENT_SIDE + side)
    named = [w for w in said if w.startswith("a die for A")]
    assert len(named) == (2 if (card, side) == (7, 0) else 1), said
    assert all(w.startswith(words.format(**counts) + ": ") for w in named), said
    if card == 19 and not g.is_terminal():
        assert int(g.state[AL.POLITICAL_WILL]) - will == (1 if dice[0] > counts["opposition"] else -2) or \
            int(g.state[AL.POLITICAL_WILL]) in (0, AL.PW_MAX)


def test_arab_revolt_resources_roll_says_what_it_was_for():
    """6.2.2: once the British have kept their Punishment chit, the Rebels' die
    against the Rebel Bases names what it was for."""
    from britishway_env.volumes.arab_revolt import pieces as arab_pieces
    g = _position("arab_revolt", lambda g: int(g.state[AL.DECISION]) == AL.D_PROP_BRITISH_KEEP)
    bases = int(arab_pieces.bases_on_map(g.state))
    said, _ = _taken(g, arab_table, g.legal_actions()[0])
    assert said[0].startswith(f"a die for the Rebels' Resources (6.2.2): at or under the {bases} Rebel Bases on "
                              "the map, Unity toward Centralized or a chit to hold: "), said


def test_arab_revolt_chit_draws_are_named_as_draws():
    words = []
    for seed in range(2):
        for s in _random_session("arab_revolt", "rebels", seed):
            pass
        words += [d for e in s.log for d in e.dice]
    assert words and not any(d.startswith("a roll of") for d in words)
    assert any(d.startswith("an Operations chit drawn from the cup") for d in words)


# 6 ------------------------------------------------------------------------
def test_pass_says_what_it_gives_and_stop_what_stopping_does():
    g = Game("palestine", seed=3)
    names = [g.action_name(a) for a in g.legal_actions()]
    who = g.current_agent
    gives = "draw an Intel Chit (2.3.3)" if who == "british" else "Rob in one space"
    assert any(n.startswith("Pass (in the") and gives in n for n in names)
    for volume in ("palestine", "cyprus", "arab_revolt"):
        for seed in range(3):
            g = Game(volume, seed=seed)
            rng = np.random.default_rng(seed)
            while not g.is_terminal():
                legal = g.legal_actions()
                assert "Stop / done" not in [g.action_name(a) for a in legal], g.phase
                g.apply(int(rng.choice(legal)))


def test_foreign_assistance_is_not_called_a_limited_rally():
    ctx = {"foreign_assistance": 1, "operation": AL.OP_RALLY, "n_selected": 0, "space_limit": 2, "limited": 1,
           "special_activity": -1, "special_activity_used": 0}
    words = arab_render.action_in_progress({"context": ctx})
    assert words == "Foreign Assistance (6.2.3): Rally in up to 2 Foreign Countries, 0 so far"


# 7 ------------------------------------------------------------------------
@pytest.mark.parametrize("volume,seat,decision", [("palestine", "irgun", "P-15"), ("cyprus", "eoka", "C-8"),
                                                  ("arab_revolt", "rebels", "A-27")])
def test_event_texts_left_off_the_menu_are_noted_with_their_rules_decision(volume, seat, decision):
    for seed in range(3):
        for s in _random_session(volume, seat, seed):
            notes = s.menu_notes()
            if notes:
                assert len(notes) == 1 and f"would have no effect now (5.1.3; rules decision {decision})" in notes[0]
                side = [k for k, w in enumerate(("unshaded", "shaded")) if f"the {w} text" in notes[0]] or [0, 1]
                assert not any(s.game.legal_mask()[s.game.layout.A_EVENT_SIDE + k] for k in side)
                lines = []

                def eof(_):
                    raise EOFError

                play_in_terminal(s, input_fn=eof, print_fn=lambda *a: lines.append(" ".join(map(str, a))))
                assert f"  note: {notes[0]}" in lines
                return
    pytest.fail("no event text was left off in these games")


def test_the_decisions_cited_by_the_menu_notes_are_recorded():
    text = open("docs/rules_decisions.md").read()
    for number in ("P-15", "C-8", "A-27"):
        assert f"| {number} | " in text


# 8 ------------------------------------------------------------------------
def _bot_scores(volume, seat):
    s = PlaySession(volume, seed=11, human=[seat], bot="heuristic")
    for _ in range(30):
        if s.over:
            break
        s.play(s.choices()[0][0])
    return [e.reason for e in s.log if e.by == "bot" and e.reason.startswith("scored ")]


def test_a_scripted_bots_score_says_what_it_is():
    reasons = _bot_scores("palestine", "irgun")
    assert reasons and all(r.endswith("(Political Will equivalents, higher preferred)") for r in reasons)
    reasons = _bot_scores("cyprus", "eoka")
    assert reasons and all(r.endswith("(average worth of a look ahead, a win = 100, higher preferred)") for r in reasons)
    # The meaning in full, said once: the session (the terminal's start and help, the page's view).
    s = PlaySession("cyprus", seed=11, human=["eoka"], bot="heuristic")
    assert "finishing the turn at random" in s.scores_meaning()
    assert "Political Will equivalents: how far" in PlaySession("palestine", 11, human=["irgun"]).scores_meaning()
    assert PlaySession("palestine", 11, human=["irgun"], bot="random").scores_meaning() == ""
    lines = []

    def eof(_):
        raise EOFError

    play_in_terminal(s, input_fn=eof, print_fn=lambda *a: lines.append(" ".join(map(str, a))))
    assert sum(line.startswith("Scores: the scripted bot's scores are") for line in lines) == 1
