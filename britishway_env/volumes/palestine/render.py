"""The Palestine board as text: spaces, pieces, markers, tracks."""

from __future__ import annotations

from ..boards.palestine import KIND_NAMES, N_MAP_SPACES, SPACE_KIND
from . import layout as L

_SHORT = (("troops", "T"), ("police", "P"), ("underground_cells", "Cu"), ("active_cells", "Ca"),
          ("arms_caches", "AC"), ("sabotage", "Sab"), ("terror", "Ter"), ("curfew", "Curfew"))


def render_text(game) -> str:
    d = game.to_dict()
    lines = [f"The British Way: Palestine - {d['card'] or 'no card'}; decision: {d['decision']}"
             f" ({d['current_agent'] or 'nobody'})"]
    if d["outcome"] != "ongoing":
        lines.append(f"GAME OVER: {d['outcome'].replace('_', ' ')}")
    lines.append(f"Political Will {d['political_will']}/20   Haganah Track {d['haganah_track']}"
                 f"   Intel Chits {d['intel_chits']}   Propaganda Rounds {d['context']['propaganda_rounds']}/3"
                 f"   1st Eligible: {L.FACTION_NAMES[d['context']['first_eligible']]}")
    av = d["available"]
    lines.append(f"Available: {av['troops']} Troops, {av['police']} Police, {av['cells']} Cells, "
                 f"{av['arms_caches']} Arms Caches   Prison: {d['prison']}   Track pieces: {d['track_pieces']}")
    for i in range(N_MAP_SPACES):
        name = game.generic_action_name(L.A_SPACE + i)
        pieces = d["spaces"].get(name, {})
        text = ", ".join(f"{n} {short}" if short != "Curfew" else short for key, short in _SHORT
                         for n in [pieces.get(key, 0)] if n) or "-"
        lines.append(f"  {name:<28} {KIND_NAMES[SPACE_KIND[i]]:<9} {text}")
    lines.append(f"Cards left in the deck: {len(d['undrawn_cards'])}")
    return "\n".join(lines)
