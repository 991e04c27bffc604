"""What a Propaganda Round did, phase by phase, and why a game ended: the
summaries a person playing against a bot is shown (britishway_env/session.py,
the terminal's ``rounds`` command, the page's ``rounds`` and ``ending``).

A round's summary (:class:`RoundSummary`) lists the round's phases in rule
order (6.0 of each COIN volume), each with what it changed:

* the Political Will Phase: the shift broken into its terms, computed by the
  volume's own kernel (``propaganda.political_will_terms``, which the rules sum
  for the shift) on the board as it stood when the round began, and the
  marker's move (the kernel's ``political_will_phase`` on that board);
* the victory check: who could have won and whether anyone did (the kernel's
  own check, ``turns.enter_phase``, on that board);
* the later phases: the decisions taken in them (with their dice and what
  they changed), and what the automatic steps changed.

The board when the round began is the one the decision that revealed the
Propaganda card left, before the card: the volume's ``turns.act`` (the
decision's rules) and ``turns.settle_until`` (the automatic steps up to a
card reveal) on a copy of the row before that decision. A decision that ends
a phase is one step of the game with the automatic phases that follow it (the
Reset): the summary lists under the Reset the changes to what the volume's
Reset function changes (``SUMMARY["reset"]``), and the rest under the decision.

Rule numbers and names come from each volume's ``propaganda.SUMMARY``. The
solo deck has no Propaganda Round; its ending is still explained.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType

import numpy as np

from .engine.coin import initiative
from .registry import coin_volume_names
from .engine.coin.header import (
    D_NEXT_CARD, D_OVER, DECISION, DECK_DRAWN, DECK_RULES, DR_CAMPAIGNS, OUTCOME, PROPAGANDA_DONE, RULE_PARAMETERS,
)
from .engine.coin.propaganda import (
    PHASE_END, PHASE_POLITICAL_WILL, PHASE_REDEPLOY, PHASE_RESET, PHASE_RESOURCES, PHASE_SUPPORT, next_phase,
)

COIN_VOLUMES = coin_volume_names()       # the volumes served here (registry.py)
VICTORY_CHECK = -1          # the victory check's place among the phases: right after the Political Will Phase


@dataclass
class Phase:
    """One phase of a round: its rule number, name and what it changed, in words."""

    rule: str
    name: str
    lines: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"rule": self.rule, "name": self.name, "lines": list(self.lines)}


@dataclass
class RoundSummary:
    """One Propaganda Round: the campaign it closes, its card and its phases in rule order."""

    campaign: int                  # 1: the round after the first campaign
    card: str
    phases: list[Phase]
    political_will: tuple[int, int]        # before and after the Political Will Phase
    terms: list[tuple[str, str, int]]      # the Political Will Phase's terms: (rule, name, shift)
    complete: bool                 # False while the round still waits for a decision
    ended_game: str = ""           # the outcome when the game ended at its victory check

    def to_dict(self) -> dict:
        return {"campaign": self.campaign, "card": self.card, "complete": self.complete, "title": self.title(),
                "phases": [p.to_dict() for p in self.phases]}

    def title(self) -> str:
        return f"Propaganda Round {self.campaign} ({self.card})" + ("" if self.complete else ", under way")

    def text(self) -> str:
        out = [self.title()]
        for p in self.phases:
            out.append(f"  {p.rule} {p.name}")
            out += [f"    {line}" for line in p.lines] or ["    nothing changed"]
        return "\n".join(out)


@dataclass
class Ending:
    """Why the game ended: the condition's rule, the campaign, the final Political Will."""

    reason: str
    rule: str
    campaign: int | None
    political_will: int | None
    text: str

    def to_dict(self) -> dict:
        return {"reason": self.reason, "rule": self.rule, "campaign": self.campaign,
                "political_will": self.political_will, "text": self.text}


# --------------------------------------------------------------- volumes --
class _Volume:
    """A COIN volume's modules and the constants the summaries read."""

    def __init__(self, volume: str):
        base = f"britishway_env.volumes.{volume}"
        self.L: ModuleType = importlib.import_module(f"{base}.layout")
        self.turns: ModuleType = importlib.import_module(f"{base}.turns")
        self.propaganda: ModuleType = importlib.import_module(f"{base}.propaganda")
        self.spec = self.propaganda.SUMMARY
        self.decision_phase = {}
        for name in dir(self.L):
            code = getattr(self.L, name)
            if not name.startswith("D_") or not isinstance(code, int):
                continue
            if name.startswith("D_PROP_"):
                self.decision_phase[code] = PHASE_RESOURCES
            elif name.startswith("D_SUPPORT_"):
                self.decision_phase[code] = PHASE_SUPPORT
            elif name.startswith("D_REDEPLOY_"):
                self.decision_phase[code] = PHASE_REDEPLOY
            elif name in ("D_SUEZ_RETURN", "D_MUNICH_TROOPS"):
                self.decision_phase[code] = PHASE_RESET

    def phase_of(self, row: np.ndarray, previous: int) -> int:
        """The round's phase a decision at ``row`` belongs to."""
        if hasattr(self.L, "ROUND_PHASE") and row[self.L.ROUND_PHASE] >= 0:
            return int(row[self.L.ROUND_PHASE])
        found = self.decision_phase.get(int(row[DECISION]))
        if found is not None:
            return found
        if previous >= PHASE_REDEPLOY and row[self.L.EV_CARD] != 0:
            return PHASE_RESET              # a capability's step before the Reset (CURFEWS, P29)
        return previous

    def is_propaganda(self, card: int) -> bool:
        return bool(initiative.is_propaganda(card, self.turns.PROPAGANDA))


_VOLUMES: dict[str, _Volume] = {}


def _volume(volume: str) -> _Volume:
    if volume not in _VOLUMES:
        _VOLUMES[volume] = _Volume(volume)
    return _VOLUMES[volume]


def political_will_terms(volume: str, row: np.ndarray) -> list[tuple[str, str, str, int, int, int]]:
    """The Political Will Phase's terms on the board ``row`` (the board when the
    round begins): (rule, name, kind, applies, count, shift) per term, by the
    volume's kernel; the shifts of those that apply sum to the phase's shift."""
    v = _volume(volume)
    board = row.copy()
    if "board" in v.spec:
        v.spec["board"](board)
    table = v.propaganda.political_will_terms(board)
    return [(rule, name, kind, int(t[0]), int(t[1]), int(t[2]))
            for (rule, name, kind), t in zip(v.spec["terms"], table)]


# ----------------------------------------------------------------- rounds --
class _Tracker:
    """A replay of the session's history keeping the rows around the decisions
    a round summary reads (those on or next to a Propaganda card, and the last)."""

    def __init__(self, session):
        from .game import Game

        self.key = (session.volume, session.seed, id(session.variant))
        self.game = Game(session.volume, seed=session.seed) if session.variant is None else \
            Game(session.volume, seed=session.seed, variant=session.variant)
        self.history: list[int] = []
        self.rows: dict[int, tuple[np.ndarray, np.ndarray]] = {}     # index -> (before, after)
        self.v = _volume(session.volume)
        self.cached: tuple[int, list] | None = None     # (decisions, the summaries of that position)
        # What later decisions cannot change, kept from one position to the next (an undo
        # replaces the tracker): for each kept row, the board where the round it opens begins
        # (None: it opens none); and the rounds already complete, by the row that opens them.
        self.openings: dict[int, np.ndarray | None] = {}
        self.complete: dict[int, RoundSummary] = {}

    def sync(self, history: list[int]) -> None:
        L = self.v.L
        for i in range(len(self.history), len(history)):
            before = self.game.state.copy()
            self.game.apply(history[i])
            after = self.game.state
            if self.v.is_propaganda(int(before[L.CARD])) or self.v.is_propaganda(int(after[L.CARD])) or \
                    after[DECISION] == D_OVER:
                self.rows[i] = (before, after.copy())
            self.history.append(history[i])


def _tracker(session) -> _Tracker:
    t = getattr(session, "_summary_tracker", None)
    history = session.game.history
    if t is None or t.key != (session.volume, session.seed, id(session.variant)) or \
            len(t.history) > len(history) or t.history != history[:len(t.history)]:
        t = _Tracker(session)
        session._summary_tracker = t
    t.sync(history)
    return t


def _dict(game, row: np.ndarray) -> dict:
    return type(game)._bare(row.copy()).to_dict()


def _changes(game, a: np.ndarray, b: np.ndarray, table) -> list[str]:
    """What changed between two rows, worded as the log words it (the volume table's ignored keys and words)."""
    from .session import changes

    return changes(_dict(game, a), _dict(game, b), table.ignored_keys, getattr(table, "change_words", None))


def round_summaries(session) -> list[RoundSummary]:
    """Every Propaganda Round of the session's game so far, in order (the last
    may be under way); [] for a volume without Propaganda Rounds."""
    if session.volume not in COIN_VOLUMES:
        return []
    t = _tracker(session)
    if t.cached is not None and t.cached[0] == len(t.history):
        return list(t.cached[1])
    v = t.v
    by_index = {e.index: e for e in session.log}
    indices = sorted(t.rows)
    out = []
    for n, i in enumerate(indices):
        if i not in t.openings:
            before, _ = t.rows[i]
            probe = before.copy()
            v.turns.act(probe, np.int64(t.history[i]))
            opens = v.turns.settle_until(probe, True) and v.is_propaganda(int(initiative.upcoming_card(probe)))
            t.openings[i] = probe if opens else None
        probe = t.openings[i]
        if probe is None:
            continue
        if i in t.complete:
            out.append(t.complete[i])
            continue
        members = [j for j in indices[n + 1:] if t.rows[j][0][DECK_DRAWN] == probe[DECK_DRAWN] + 1]
        summary = _round(session, t, probe, members, by_index)
        if summary.complete:
            t.complete[i] = summary
        out.append(summary)
    t.cached = (len(t.history), out)
    return list(out)


def _round(session, t: _Tracker, start: np.ndarray, members: list[int], by_index) -> RoundSummary:
    v, L, spec, game = t.v, t.v.L, t.v.spec, t.game
    table = session.table            # what the log leaves out and how it words a change
    phases: dict[int, Phase] = {}
    for code in v.turns.PROPAGANDA_PHASES:
        rule, name = spec["phases"][int(code)]
        phases[int(code)] = Phase(rule, name)
    phases[VICTORY_CHECK] = Phase(*spec["victory"])
    card_row = start.copy()
    initiative.reveal_next_card(card_row)
    title = session.table.card(type(game)._bare(card_row))
    campaign = int(start[PROPAGANDA_DONE]) + 1

    # 6.1: the terms on the board as the round began, and the marker's move.
    terms = political_will_terms(session.volume, start)
    pw_phase = phases[PHASE_POLITICAL_WILL]
    if "board" in spec:
        sabotaged = start.copy()
        spec["board"](sabotaged)
        pw_phase.lines += [f"6.1.1 Sabotage placed first: {line}" for line in _changes(game, start, sabotaged, table)]
    after_pw = start.copy()
    v.propaganda.political_will_phase(after_pw)
    pw0, pw1 = int(start[L.POLITICAL_WILL]), int(after_pw[L.POLITICAL_WILL])
    shift = sum(s for _, _, _, applies, _, s in terms if applies)
    for rule, name, kind, applies, count, s in terms:
        if kind == "capability":
            if applies:
                pw_phase.lines.append(f"{rule} {name}: {count}, {s:+d}")
        elif kind == "if":
            pw_phase.lines.append(f"{rule} {name}: {'yes' if applies else 'no'}, {s:+d}")
        else:
            pw_phase.lines.append(f"{rule} {name}: {count} {kind}, {s:+d}")
    clamp = "" if pw1 - pw0 == shift else f" (the track holds it at {pw1})"
    pw_phase.lines.append(f"net {shift:+d}: Political Will {pw0} -> {pw1}{clamp}")

    # The victory check: the kernel's own, on the board after the shift.
    checked = card_row.copy()
    waits = v.turns.enter_phase(checked, PHASE_POLITICAL_WILL)
    level = int(start[RULE_PARAMETERS + spec["insurgent_win_parameter"]])
    insurgent, counter = session.spec.agents[1], session.spec.agents[0]
    ins, cou = session.seat_name(insurgent), session.seat_name(counter)
    n_rounds = int(start[DECK_RULES + DR_CAMPAIGNS])
    outcome = int(checked[OUTCOME]) if checked[DECISION] == D_OVER else 0
    vc = phases[VICTORY_CHECK]
    at = "at 0" if level == 0 else f"at or below {level}"
    vc.lines.append(f"{ins} win with Political Will {at} ({spec['insurgent_rule']}): Political Will {pw1}, "
                    + ("the " + ins + " win" if outcome == 2 else "no"))
    final = campaign == n_rounds
    if not final:
        tail = f": not the final one ({spec['final_rule']}), play goes on"
    elif outcome == 1:
        tail = f": the final one, and the {ins} have not won, so the {cou} win ({spec['final_rule']})"
    else:
        tail = f": the final one, but the {ins} won first"
    vc.lines.append(f"Propaganda card {campaign} of {n_rounds}{tail}")
    ended = L.OUTCOME_NAMES[outcome] if outcome else ""

    # The automatic phases after the check, up to the first that waits for a decision.
    row = checked
    phase = PHASE_POLITICAL_WILL
    if not waits:
        phase = int(next_phase(v.turns.PROPAGANDA_PHASES, PHASE_POLITICAL_WILL))
        while phase != PHASE_END:
            prior = row.copy()
            if hasattr(L, "ROUND_PHASE"):
                row[L.ROUND_PHASE] = phase
            stop = v.turns.enter_phase(row, phase)
            phases[phase].lines += _changes(game, prior, row, table)
            if stop:
                break
            phase = int(next_phase(v.turns.PROPAGANDA_PHASES, phase))

    # The decisions of the round, each in its phase.
    names = {a: session.seat_name(a) for a in session.spec.agents}
    complete = outcome != 0 or phase == PHASE_END
    current = phase
    for k, j in enumerate(members):
        before, after = t.rows[j]
        current = v.phase_of(before, current)
        e = by_index.get(j)
        last = k == len(members) - 1
        end_row = after
        if last and after[DECISION] != D_OVER:
            end_row = before.copy()
            v.turns.act(end_row, np.int64(t.history[j]))
            v.turns.settle_until(end_row, True)
            complete = end_row[DECISION] == D_NEXT_CARD
        line = f"{names.get(e.seat, e.seat)} ({_by(e)}): {e.text}" if e is not None else f"decision {j + 1}"
        dice = f"  [{'; '.join(e.dice)}]" if e is not None and e.dice else ""
        reset_here = current < PHASE_RESET and (
            (last and complete) or (not last and v.phase_of(t.rows[members[k + 1]][0], current) == PHASE_RESET))
        if reset_here:
            own = _split_reset(v, before, end_row)
            mine = _changes(game, before, own, table)
            phases[PHASE_RESET].lines += _changes(game, own, end_row, table)
        else:
            mine = _changes(game, before, end_row, table)
        phases[current].lines.append(line + dice + (f"  -> {'; '.join(mine)}" if mine else ""))
    order = [PHASE_POLITICAL_WILL, VICTORY_CHECK] + [int(p) for p in v.turns.PROPAGANDA_PHASES[1:]]
    if outcome:
        order = order[:2]                       # the game ended at the victory check
    elif not complete:
        order = order[:order.index(current) + 1] if current in order else order[:2]
    shown = [phases[p] for p in order]
    return RoundSummary(campaign=campaign, card=title, phases=shown, political_will=(pw0, pw1),
                        terms=[(r, nm, s) for r, nm, _, applies, _, s in terms if applies],
                        complete=bool(complete), ended_game=ended)


def _split_reset(v: _Volume, before: np.ndarray, end: np.ndarray) -> np.ndarray:
    """The decision's own row of a step that ran the Reset after a decision
    (``before`` -> ``end``): the fields the volume's Reset function changes on
    the board before the decision are the Reset's, the others the decision's."""
    probe = before.copy()
    v.spec["reset"](probe)
    touched = probe != before
    own = before.copy()
    own[~touched] = end[~touched]
    return own


def _by(entry) -> str:
    from .session import AUTO, YOU

    return "you" if entry.by == YOU else ("only choice" if entry.by == AUTO else "bot")


def rounds_text(summaries: list[RoundSummary]) -> str:
    return "\n\n".join(s.text() for s in summaries) if summaries else "No Propaganda Round yet."


# ----------------------------------------------------------------- ending --
def ending(session) -> Ending | None:
    """Why the game ended (None while it goes on): the condition and its rule,
    the campaign, the final Political Will, in words."""
    if not session.over:
        return None
    g = session.game
    if session.volume not in COIN_VOLUMES:
        return _solo_ending(session)
    L = _volume(session.volume).L
    rounds = round_summaries(session)
    last = rounds[-1] if rounds else None
    pw = int(g.state[L.POLITICAL_WILL])
    campaign = last.campaign if last is not None else int(g.state[PROPAGANDA_DONE])
    spec = _volume(session.volume).spec
    winner = session.seat_name(g.winner) if g.winner is not None else "nobody"
    if int(g.state[OUTCOME]) == 2:
        level = int(g.state[RULE_PARAMETERS + spec["insurgent_win_parameter"]])
        reason = "Political Will at 0" if level == 0 else f"Political Will at or below {level}"
        reason += " at a Propaganda Round's victory check"
        rule = spec["insurgent_rule"]
    else:
        reason = "the final Propaganda card's victory check without an insurgent win"
        rule = spec["final_rule"]
    text = (f"{winner} win: {reason} ({rule}), Propaganda Round {campaign} "
            f"({last.card if last is not None else 'no card'}); final Political Will {pw}")
    if hasattr(L, "OPINION"):
        text += f", International Opinion {int(g.state[L.OPINION])}"
    return Ending(reason=reason, rule=rule, campaign=campaign, political_will=pw, text=text)


def _solo_ending(session) -> Ending:
    """The solo deck's ending (its rules' Victory Conditions, checked in the End Phase)."""
    g = session.game
    d = g.to_dict()
    turn = int(d["turn"])
    fronts = d["fronts"]
    held = ", ".join(f"{name}: Arabs hold {f['arab_tokens']} of 6" for name, f in fronts.items())
    reasons = {
        "decisive_victory": ("Decisive Victory: the Israelis won every battle at all 3 Fronts two turns in a row",
                             "Victory Conditions: Decisive Victory"),
        "attrition_victory": ("Attrition Victory: the Arabs have no Unit cards left",
                              "Victory Conditions: Attrition Victory"),
        "complete_loss": ("Complete Loss: the Arabs control all 6 Territory Tokens at a Front",
                          "Victory Conditions: Complete Loss"),
        "turn_limit": ("the turn limit: no victory condition was met by the last turn", "turn limit"),
    }
    reason, rule = reasons.get(g.outcome, (g.outcome.replace("_", " "), ""))
    winner = {"israeli": "the Israelis win", "arab": "the Arabs win"}.get(g.winner, "nobody wins")
    return Ending(reason=reason, rule=rule, campaign=turn, political_will=None,
                  text=f"{winner}: {reason}, on turn {turn} ({held})")
