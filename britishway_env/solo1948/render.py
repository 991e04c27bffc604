"""The board as text: fronts, Territory Tokens, units, event and decks."""

from __future__ import annotations

from . import layout as L
from .cards import (
    EV_ARAB_ALL_UNITS, EV_ARAB_DRAW, EV_ARAB_WITHDRAWAL, EV_AUTO_STALEMATE, EV_BITTER_FIGHTING,
    EV_BOTH_DRAW, EV_DESPERATE_STRUGGLE, EV_FREE_TRANSFERS, EV_ISRAELI_ALL_UNITS, EV_ISRAELI_DRAW,
    EV_NEGATE_FRONT, EV_RANDOM_FRONT_ARAB_TOTAL, EV_RANDOM_FRONT_ARAB_UNITS, EV_TARGET_FRONT_TOTAL,
    EV_TARGET_FRONT_UNITS, EV_TRUCE, EVENT_KIND, EVENT_VALUE, FRONT_LONG_NAMES, FRONT_NAMES,
    ISRAELI_UNITS, KIND_NAMES, TOKENS_PER_FRONT,
)


_EVENT_TEMPLATES = {
    EV_ISRAELI_DRAW: "Israelis draw {v} extra Unit card(s)",
    EV_ARAB_DRAW: "Arabs draw {v} extra Unit card",
    EV_BOTH_DRAW: "Both sides draw {v} extra Unit card",
    EV_ISRAELI_ALL_UNITS: "All Israeli Units {s} Force",
    EV_ARAB_ALL_UNITS: "All Arab Units {s} Force",
    EV_TRUCE: "Truce: no Battle Phase; Israelis draw {v} extra Unit cards",
    EV_NEGATE_FRONT: "No battle at the {front} front",
    EV_TARGET_FRONT_TOTAL: "Israeli total {s} at a Target front",
    EV_TARGET_FRONT_UNITS: "All Israeli Units at a Target front {s} Force",
    EV_RANDOM_FRONT_ARAB_UNITS: "All Arab Units at a random front {s} Force",
    EV_RANDOM_FRONT_ARAB_TOTAL: "Arab total {s} at a random front",
    EV_FREE_TRANSFERS: "Israelis get {v} free transfer(s)",
    EV_ARAB_WITHDRAWAL: "Remove 1 random Arab Unit at a random front",
    EV_AUTO_STALEMATE: "Battle at a random front is an automatic Stalemate",
    EV_BITTER_FIGHTING: "Each side discards 1 random Unit at every front",
    EV_DESPERATE_STRUGGLE: "Each side discards 1 random Unit at a random front",
}


def event_text(event: int) -> str:
    """What an event card does, in words (our wording of the card list)."""
    kind, v = int(EVENT_KIND[event]), int(EVENT_VALUE[event])
    front = FRONT_NAMES[v] if kind == EV_NEGATE_FRONT else ""
    return _EVENT_TEMPLATES[kind].format(v=v, s=f"{v:+d}", front=front)


def _units(units: dict[str, int]) -> str:
    if not units:
        return "-"
    return ", ".join(f"{name}{' x' + str(n) if n > 1 else ''}" for name, n in units.items())


def _unit_notes(name: str) -> str:
    for n, _, force, kind in ISRAELI_UNITS:
        if n == name:
            note = KIND_NAMES[kind]
            if note == "Leader":
                return f"{name} (Leader: +1 to the other units at its front)"
            return f"{name} (Force {force}{', ' + note if note else ''})"
    return name


def render_text(game) -> str:
    d = game.to_dict()
    lines = [f"1948 War of Independence - turn {d['turn']}, {d['phase']} phase"]
    if d["outcome"] != "ongoing":
        lines.append(f"GAME OVER: {d['outcome'].replace('_', ' ')}")
    if d["event"] is not None:
        idx = int(game.state[L.EVENT])
        where = f" [{d['event_front']}]" if d["event_front"] else ""
        lines.append(f"Event: {d['event']} - {event_text(idx)}{where}")
    totals = game.force_totals()
    for f, fname in enumerate(FRONT_NAMES):
        fr = d["fronts"][fname]
        arab_tt = fr["arab_tokens"]
        tokens = "I" * (TOKENS_PER_FRONT - arab_tt) + "A" * arab_tt
        isr_force, arab_force = totals[f]
        lines.append(
            f"{FRONT_LONG_NAMES[f]:<27} tokens [{tokens}]  Force {isr_force} vs {arab_force}"
            f"  last battle: {fr['last_battle']}"
        )
        lines.append(f"    Israeli: {_units(fr['israeli'])}")
        lines.append(f"    Arab:    {_units(fr['arab'])}")
    if d["cards_to_deploy"]:
        lines.append("To deploy: " + ", ".join(_unit_notes(c) for c in d["cards_to_deploy"]))
    if d["phase"] == "Transfer":
        lines.append(f"Transfers left: {d['transfers_left']} (Vehicles units move free)")
    u = d["undrawn"]
    lines.append(f"Undrawn: Israeli {len(u['israeli'])}, Arab {len(u['arab'])}, events {len(u['events'])}"
                 f"   Decisive streak: {d['decisive_streak']}")
    return "\n".join(lines)
