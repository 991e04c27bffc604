"""The Cyprus board as text (``render_text``) and as a picture (``render_rgb``)."""

from __future__ import annotations

import numpy as np

from ...engine.coin.parameters import game_values
from .. import board_drawing
from ..board_drawing import BOARD, POSITION, badge, board_picture, count, glyph, highlight_outline, in_units, \
    panel_frame, piece_row, pieces_words, put, space_contents, space_highlight, title_strip
from ..boards.cyprus import BASE, EDGES, KIND_NAMES, MOUNTAIN, N_MAP_SPACES, SABOTAGE_VALUE, SPACE_KIND, SPACE_NAMES
from . import layout as L
from . import parameters as P
from .card_texts import card_text
from .cards import CARD_TITLES

# Pieces and markers of a space, in the order the board lists them (1.4, 1.7, 1.10).
_PIECE_WORDS = (("troops", "Troop", "Troops"), ("police", "Police", "Police"),
                ("underground_cells", "Underground Cell", "Underground Cells"),
                ("active_cells", "Active Cell", "Active Cells"), ("arms_caches", "Arms Cache", "Arms Caches"),
                ("sabotage", "Sabotage", "Sabotage"), ("curfew", "Curfew", "Curfew"))
def political_will_words(values) -> str:
    """The Political Will Phase (6.1.1-6.1.4) in words, from the rule
    parameters the kernel reads (``values[P_...]``: the printed ones in the
    base game, a variant's own otherwise)."""
    won = values[P.P_EOKA_VICTORY_WILL]
    return (f"Propaganda Round, Political Will Phase (6.1): -International Opinion's value (6.1.1); -each "
            f"Sabotage marker's space value (Nicosia and the Bases 2, other Towns 1, Mountains 0; 6.1.2); "
            f"+{values[P.P_NO_MOUNTAIN_CACHES_WILL]} if no Arms Cache is in the Mountains, +1 per "
            f"{values[P.P_CLEAN_TOWNS_PER_WILL]} Towns without Sabotage, rounded down (6.1.3). Political Will "
            f"0-15: EOKA win if it is {won if won == 0 else f'{won} or less'} at a Propaganda Round's victory "
            f"check (6.1.4), the British if not by the last (7.0).")


def legend(values=P.BASE) -> str:
    """The board's legend; the Political Will Phase's numbers from ``values``
    (the rule parameters, :func:`political_will_words`)."""
    return ("Legend: Troops and Police are British cubes; EOKA Cells are Underground (hidden) or Active "
            "(revealed, 1.4.3); Arms Caches are EOKA resources, never in British Bases (1.6.2, 1.3.4); Sabotage "
            "and Curfew are markers (1.7, 1.10). " + political_will_words(values) + " International Opinion "
            "0 Ignored .. 4 Condemned (6.5).")


LEGEND = legend()       # the base game's


def _pieces_words(pieces: dict) -> str:
    return pieces_words(pieces, _PIECE_WORDS, ("sabotage",), ("curfew",))


def card_lines(game) -> list[str]:
    """The card in play: title and both texts (5.2)."""
    return board_drawing.card_lines(int(game.state[L.CARD]), CARD_TITLES, card_text)


def initiative_words(d: dict) -> str:
    return board_drawing.initiative_words(d, L.BOX_NAMES, L.FACTION_TITLES)


def action_in_progress(d: dict) -> str:
    return board_drawing.action_in_progress(d, L.OP_NAMES, L.SA_NAMES)


def render_text(game) -> str:
    """The board in words: the card in play with both texts, the Initiative
    Track, Political Will, International Opinion, pools, Intel Chits,
    capabilities by name, every space and a legend (rules 1.0-2.3, 6.5)."""
    d = game.to_dict()
    ctx = d["context"]
    lines = [f"The British Way: Cyprus - seed {d['seed']}; campaign {ctx['propaganda_rounds'] + 1} "
             f"({ctx['propaganda_rounds']} of 3 Propaganda Rounds done); cards played {len(d['played_cards'])}, "
             f"left in the deck {len(d['undrawn_cards'])}"]
    lines += board_drawing.situation_lines(d, card_lines(game), initiative_words(d), action_in_progress(d),
                                           L.FACTION_NAMES, L.FACTION_TITLES)
    opinion = d["international_opinion"]
    lines.append(f"Political Will {d['political_will']}/15   International Opinion {opinion} "
                 f"({L.OPINION_NAMES.index(opinion)}/4)")
    av = d["available"]
    held = d["intel_chits"]
    suez = d["troops_on_suez_crisis"]
    lines.append(f"British: Available {count(av['troops'], 'Troop', 'Troops')}, {av['police']} Police; "
                 f"Intel Chits held {len(held)}{' (values ' + ', '.join(map(str, held)) + ')' if held else ''}, "
                 f"{9 - len(held)} in the bag" + (f"; {count(suez, 'Troop', 'Troops')} away on Suez Crisis"
                                                  if suez else ""))
    curfews = sum(1 for p in d["spaces"].values() if p.get("curfew"))
    lines.append(f"EOKA: Available {count(av['cells'], 'Cell', 'Cells')}, "
                 f"{count(av['arms_caches'], 'Arms Cache', 'Arms Caches')}; Prison "
                 f"{count(d['prison'], 'Cell', 'Cells')}; Curfews on the map {curfews}/4")
    lines += board_drawing.capability_lines(d, CARD_TITLES, card_text)
    lines.append("Map:")
    for i in range(N_MAP_SPACES):
        name = SPACE_NAMES[i]
        kind = f"{KIND_NAMES[SPACE_KIND[i]]} ({SABOTAGE_VALUE[i]})"
        lines.append(f"  {name:<11} {kind:<16} {_pieces_words(d['spaces'].get(name, {}))}")
    lines.append(legend(game_values(game.state)))
    return "\n".join(lines)


# ---------------------------------------------------------------- picture --
# A schematic map of the island in map units of 60 px (x east, y north): the
# map fills the top of the picture, the tracks and pools the strip below.
_PX = 60.0
_FIG_W, _FIG_H, _DPI = 1000, 800, 100
_TITLE_H = 64
_MAP_H = 450
# name: centre x, y, width, height (British Bases: radius in width, height 0)
_GEOMETRY = {
    "Paphos": (1.9, 3.4, 2.7, 1.55),
    "Limassol": (5.6, 1.25, 2.6, 1.45),
    "Nicosia": (8.6, 4.35, 2.7, 1.5),
    "Larnaca": (9.15, 1.85, 2.4, 1.45),
    "Famagusta": (12.45, 3.45, 2.6, 1.55),
    "Karpas": (15.0, 5.55, 2.6, 1.35),
    "Troodos": (5.15, 3.95, 3.1, 1.75),
    "Kyrenia": (9.1, 6.3, 3.6, 1.1),
    "Akrotiri": (3.05, 0.95, 0.85, 0),
    "Dhekelia": (11.35, 1.55, 0.85, 0),
}
# The island's outline, west to east along the south coast and back along the north.
_COAST = ((0.35, 2.2), (1.2, 1.2), (2.3, 0.35), (4.1, 0.2), (6.9, 0.35), (8.3, 0.8), (10.4, 0.75),
          (12.0, 1.1), (13.6, 2.4), (14.2, 3.9), (16.5, 5.1), (16.45, 6.0), (13.9, 5.2), (12.2, 6.5),
          (10.9, 7.2), (7.0, 7.1), (4.6, 6.2), (2.8, 5.3), (0.8, 4.9), (0.25, 3.6))
_TOWN_FACE, _MOUNTAIN_FACE, _BASE_FACE = "#fff8e1", "#d7ccc8", "#e3f2fd"
_MARKER_STYLE = {"sabotage": ("SABOTAGE", "SAB", "#212121", "white"),
                 "curfew": ("CURFEW", "CUR", "#ef6c00", "white")}
_PIECE_KEYS = ("troops", "police", "underground_cells", "active_cells", "arms_caches")
_MARKER_KEYS = ("sabotage", "curfew")


def _draw_space(ax, name, kind, pieces, highlight, layer):
    """One space in the picture's ``layer``: on the board its shape and name with its Sabotage value; in
    the position its pieces and markers, and its outline again in colour where ``highlight`` says
    "current" (the space in play) or "selected" (acted in)."""
    from matplotlib.patches import Circle, FancyBboxPatch

    cx, cy, w, h = _GEOMETRY[name]
    circle = kind == BASE
    if layer == POSITION:
        highlight_outline(ax, highlight, cx, cy, w, h, circle)
        top, width = (cy + w * 0.1, 1.6) if circle else (cy + h / 2 - 0.62, w - 0.25)
        space_contents(ax, cx, cy, w, h, circle, top, width, pieces, _PIECE_KEYS, _MARKER_KEYS, _MARKER_STYLE,
                       strip=kind == MOUNTAIN)
        return
    edge, lw = "#424242", 1.2
    value = int(SABOTAGE_VALUE[SPACE_NAMES.index(name)])
    if circle:
        put(ax, Circle((cx, cy), w, fc=_BASE_FACE, ec=edge, lw=lw + 0.6, zorder=3))
        ax.text(cx, cy + w * 0.55, f"{name} ({value})", fontsize=7.5, fontweight="bold", ha="center",
                va="center", zorder=4, color="#0d47a1")
        return
    put(ax, FancyBboxPatch((cx - w / 2, cy - h / 2), w, h, boxstyle="round,pad=0,rounding_size=0.22", zorder=3,
                           lw=lw, ec=edge, fc=_MOUNTAIN_FACE if kind == MOUNTAIN else _TOWN_FACE,
                           hatch=".." if kind == MOUNTAIN else None))
    label = f"{name} Mountains" if kind == MOUNTAIN else name
    ax.text(cx, cy + h / 2 - 0.22, f"{label} ({value})", fontsize=8.5, fontweight="bold", ha="center",
            va="center", zorder=4, color="#3e2723",
            bbox=dict(boxstyle="square,pad=0.08", fc=_MOUNTAIN_FACE, ec="none") if kind == MOUNTAIN else None)


def _draw_map(ax, d, layer):
    from matplotlib.patches import Polygon

    W, H = _FIG_W / _PX, _MAP_H / _PX
    in_units(ax, W, H)
    if layer == BOARD:
        put(ax, Polygon([(0, 0), (W, 0), (W, H), (0, H)], fc="#cfe3f3", ec="none", zorder=0))
        put(ax, Polygon(list(_COAST), fc="#ebe3cf", ec="#7aa7cc", lw=1.5, zorder=0.5))
        ax.text(2.0, 6.8, "Mediterranean Sea", fontsize=9, style="italic", color="#4f7ea6", ha="center",
                va="center", zorder=0.6)
        centre = {n: _GEOMETRY[n][:2] for n in _GEOMETRY}
        for a, b, evidence, _ in EDGES:   # adjacency, faint (dotted where inferred, 1.3.5)
            (x1, y1), (x2, y2) = centre[a], centre[b]
            ax.plot([x1, x2], [y1, y2], color="#9e9e9e", lw=0.8, ls=(0, (3, 3)) if evidence == "proven" else ":",
                    alpha=0.7, zorder=1)
    for i, name in enumerate(SPACE_NAMES):
        _draw_space(ax, name, int(SPACE_KIND[i]), d["spaces"].get(name, {}), space_highlight(d, i), layer)


def _draw_panel(ax, d, layer):
    from matplotlib.patches import Circle, Rectangle

    W, H = _FIG_W / _PX, (_FIG_H - _TITLE_H - _MAP_H) / _PX
    panel_frame(ax, W, H, ([0, W], [H - 0.02, H - 0.02]), layer)
    x0 = 0.3
    if layer == BOARD:
        _legend(ax, x0, H - 0.4 - 0.85 - 0.85 - 0.75 - 0.8)
        return

    def heading(x, y, text):
        ax.text(x, y, text, fontsize=10.5, fontweight="bold", ha="left", va="center", color="#263238")

    # Political Will 0..15 in one row.
    pw = d["political_will"]
    y = H - 0.4
    heading(x0, y, f"Political Will  {pw} / 15")
    cw, ch = 0.52, 0.46
    for v in range(16):
        bx, by = x0 + 3.0 + v * cw, y - ch / 2
        on = v == pw
        put(ax, Rectangle((bx, by), cw - 0.06, ch, fc="#1565c0" if on else ("#e3f2fd" if v < pw else "white"),
                          ec="#1565c0" if on else "#90a4ae", lw=2.0 if on else 0.8))
        ax.text(bx + (cw - 0.06) / 2, by + ch / 2, str(v), fontsize=8, ha="center", va="center",
                color="white" if on else "#37474f", fontweight="bold" if on else "normal")

    # International Opinion 0..4.
    op = L.OPINION_NAMES.index(d["international_opinion"])
    y -= 0.85
    heading(x0, y, "International Opinion")
    bw = 1.55
    for v, name in enumerate(L.OPINION_NAMES):
        bx = x0 + 3.5 + v * bw
        on = v == op
        put(ax, Rectangle((bx, y - 0.24), bw - 0.08, 0.48, fc="#6a1b9a" if on else "white",
                          ec="#6a1b9a" if on else "#90a4ae", lw=2.0 if on else 0.8))
        ax.text(bx + (bw - 0.08) / 2, y, f"{v} {name}", fontsize=8, fontweight="bold" if on else "normal",
                ha="center", va="center", color="white" if on else "#37474f")

    # Pools, Prison, chits.
    av = d["available"]
    y -= 0.85
    heading(x0, y, "Available")
    piece_row(ax, [("troops", av["troops"]), ("police", av["police"]), ("cells", av["cells"]),
                   ("arms_caches", av["arms_caches"])], x0 + 1.6, y, slot=0.85)
    heading(x0 + 5.3, y, "Prison")
    piece_row(ax, [("cells", d["prison"])], x0 + 6.5, y, slot=0.85)
    chits = d["intel_chits"]
    heading(x0 + 7.8, y, "Intel Chits")
    ax.text(x0 + 9.7, y, ", ".join(str(c) for c in chits) if chits else "none", fontsize=9.5, va="center",
            color="#37474f")
    pr = d["context"]["propaganda_rounds"]
    heading(x0 + 11.6, y, "Propaganda")
    for v in range(3):
        put(ax, Circle((x0 + 13.7 + v * 0.45, y), 0.15, fc="#6d4c41" if v < pr else "white", ec="#6d4c41",
                       lw=1.2))

    y -= 0.75
    words = [f"1st Eligible: {L.FACTION_TITLES[d['context']['first_eligible']]}",
             f"Deck: {len(d['undrawn_cards'])} left"]
    if d["troops_on_suez_crisis"]:
        words.append(f"Troops on Suez Crisis: {d['troops_on_suez_crisis']}")
    if d["capabilities"]:
        words.append("Capabilities: " + ", ".join(f"{c} {side}" for c, side in d["capabilities"].items()))
    ctx = d["context"]
    if 0 <= ctx["current_space"] < N_MAP_SPACES:
        words.append(f"Space in play: {SPACE_NAMES[ctx['current_space']]}")
    ax.text(x0, y, "     ".join(words), fontsize=9, va="center", color="#37474f")


def _legend(ax, x0, y):
    """The legend's row at ``y`` (a BOARD artist): the piece glyphs, the marker badges, the lines."""
    entries = [("troops", "Troops"), ("police", "Police"), ("underground_cells", "Underground Cell"),
               ("active_cells", "Active Cell"), ("arms_caches", "Arms Cache")]
    lx = x0 + 0.15
    for kind, text in entries:
        glyph(ax, kind, lx, y, size=0.22)
        ax.text(lx + 0.22, y, text, fontsize=8, va="center", color="#37474f")
        lx += 0.45 + 0.11 * len(text)
    for key in ("sabotage", "curfew"):
        full, abbr, fc, tc = _MARKER_STYLE[key]
        badge(ax, f"{full} / {abbr}", fc, tc, lx + 0.8, y, font=6.5)
        lx += 2.0
    ax.text(lx + 0.2, y, "(n) Sabotage value; lines: adjacent", fontsize=7.5,
            va="center", color="#607d8b")


def _draw(fig, axes, d, layer):
    """The picture's ``layer`` (board_drawing.board_picture): the island, the panel, the title strip."""
    ax_map, ax_panel = axes
    _draw_map(ax_map, d, layer)
    _draw_panel(ax_panel, d, layer)
    who = L.FACTION_TITLES[L.FACTION_NAMES.index(d["current_agent"])] if d["current_agent"] else "nobody"
    title_strip(fig, _FIG_H, _TITLE_H, f"The British Way: Cyprus   |   Card: {d['card'] or 'none yet'}", d, who,
                action_in_progress(d), layer)


def render_rgb(game, one_pass: bool = False) -> np.ndarray:
    """The board as an (800, 1000, 3) uint8 picture: the island, pieces, markers, Political Will,
    International Opinion, pools (the board's layer drawn once per process,
    board_drawing.board_picture; ``one_pass`` draws it too)."""
    map_bottom = (_FIG_H - _TITLE_H - _MAP_H) / _FIG_H
    axes = ((0, map_bottom, 1, _MAP_H / _FIG_H), (0, 0, 1, map_bottom))
    return board_picture(game.to_dict(), (_FIG_W, _FIG_H, _DPI), axes, _draw, one_pass=one_pass)


def space_regions() -> list[dict]:
    """Where each space lies in the picture, in its pixels (x right, y down from the top left): a British
    Base its circle, a Town or Mountain its box; from ``_GEOMETRY`` as ``_draw_space`` draws them (the
    page's clickable map)."""
    out = []
    for name in SPACE_NAMES:
        cx, cy, w, h = _GEOMETRY[name]
        x, y = cx * _PX, _TITLE_H + _MAP_H - cy * _PX
        if SPACE_KIND[SPACE_NAMES.index(name)] == BASE:
            out.append({"name": name, "shape": "circle", "cx": round(x, 1), "cy": round(y, 1),
                        "r": round(w * _PX, 1)})
        else:
            out.append({"name": name, "shape": "rect", "x": round(x - w * _PX / 2, 1),
                        "y": round(y - h * _PX / 2, 1), "w": round(w * _PX, 1), "h": round(h * _PX, 1)})
    return out


def map_regions() -> dict:
    """The picture's size and each space's region in its pixels."""
    return {"width": _FIG_W, "height": _FIG_H, "spaces": space_regions()}


def spaces_in_words(d: dict) -> dict[str, str]:
    """Each space's pieces and markers in words, from the state dict ``d`` (as the board in words lists
    them)."""
    return {name: _pieces_words(d["spaces"].get(name, {})) for name in SPACE_NAMES}
