"""The Palestine board as text (``render_text``) and as a picture (``render_rgb``)."""

from __future__ import annotations

import numpy as np

from ...engine.coin.parameters import game_values
from ..boards.palestine import KIND_NAMES, N_MAP_SPACES, SPACE_KIND, SPACE_NAMES
from .. import board_drawing
from ..board_drawing import BOARD, board_picture, count, glyph, legend_box, panel_closing, panel_frame, panel_heading, \
    piece_row, pieces_words, political_will_boxes, put, title_strip
from ..boards.palestine_picture import AXES as _AXES, DPI as _DPI, FIG_H as _FIG_H, FIG_W as _FIG_W, MAP_W as _MAP_W, \
    MARKER_STYLE as _MARKER_STYLE, PX as _PX, TITLE_H as _TITLE_H, draw_map
from . import layout as L
from . import parameters as P
from .card_texts import card_text
from .cards import CARD_TITLES

# Pieces and markers of a space, in the order the board lists them (1.4, 1.6.2, 1.7, 1.10).
_PIECE_WORDS = (("troops", "Troop", "Troops"), ("police", "Police", "Police"),
                ("underground_cells", "Underground Cell", "Underground Cells"),
                ("active_cells", "Active Cell", "Active Cells"), ("arms_caches", "Arms Cache", "Arms Caches"),
                ("sabotage", "Sabotage", "Sabotage"), ("terror", "Terror", "Terror"),
                ("curfew", "Curfew", "Curfew"))


def political_will_words(values) -> str:
    """The Political Will Phase (6.1.1, 6.1.2) in words, from the rule
    parameters the kernel reads (``values[P_...]``: the printed ones in the
    base game, a variant's own otherwise), so the legend says what the
    round will do."""
    return (f"Propaganda Round, Political Will Phase (6.1.1, 6.1.2): -{values[P.P_DISTRICT_SABOTAGE_LOSS]} "
            f"Political Will per Sabotage in a District, -{values[P.P_RAILWAY_SABOTAGE_LOSS]} per Railway with "
            f"Sabotage (once per Railway), -{values[P.P_CITY_SABOTAGE_LOSS]} per Sabotage and "
            f"-{values[P.P_CITY_TERROR_LOSS]} per Terror in a City; +{values[P.P_NO_RAILWAY_SABOTAGE_GAIN]} if no "
            f"Railway is Sabotaged, +{values[P.P_CLEAN_CITY_GAIN]} per City with neither.")


def legend(values=P.BASE) -> str:
    """The board's legend; the Political Will Phase's numbers from ``values``
    (the rule parameters, :func:`political_will_words`)."""
    return ("Legend: Troops and Police are British cubes; Irgun Cells are Underground (hidden) or Active "
            "(revealed, 1.4); Arms Caches are Irgun resources (1.6.2); Sabotage and Terror (1.7) and Curfew "
            "(1.10) are markers. " + political_will_words(values) + " Political Will 0-20: the Irgun win "
            "if it is 0 at a Propaganda Round's victory check, the British if not by the last (7.0). Haganah "
            "Track 0-4 (6.5).")


LEGEND = legend()       # the base game's


def _pieces_words(pieces: dict) -> str:
    return pieces_words(pieces, _PIECE_WORDS, ("sabotage", "terror"), ("curfew",))


def card_lines(game) -> list[str]:
    """The card in play: title and both texts (5.2)."""
    return board_drawing.card_lines(int(game.state[L.CARD]), CARD_TITLES, card_text)


def initiative_words(d: dict) -> str:
    """The Initiative Track (2.3): who is 1st and 2nd Eligible and the box each took on this card."""
    return board_drawing.initiative_words(d, L.BOX_NAMES, L.FACTION_TITLES)


def action_in_progress(d: dict) -> str:
    """The Operation and Special Activity under way, in words ("" when none)."""
    return board_drawing.action_in_progress(d, L.OP_NAMES, L.SA_NAMES)


def render_text(game) -> str:
    """The board in words: the card in play with both texts, the Initiative
    Track, tracks, pools, Intel Chits, capabilities by name, every space and a
    legend (rules 1.0-2.3, 6.5)."""
    d = game.to_dict()
    ctx = d["context"]
    lines = [f"The British Way: Palestine - seed {d['seed']}; campaign {ctx['propaganda_rounds'] + 1} "
             f"({ctx['propaganda_rounds']} of 3 Propaganda Rounds done); cards played {len(d['played_cards'])}, "
             f"left in the deck {len(d['undrawn_cards'])}"]
    lines += board_drawing.situation_lines(d, card_lines(game), initiative_words(d), action_in_progress(d),
                                           L.FACTION_NAMES, L.FACTION_TITLES)
    tp = d["track_pieces"]
    lines.append(f"Political Will {d['political_will']}/20   Haganah Track {d['haganah_track']}/4; "
                 f"still on the track: box 4 {count(tp['cells_box4'], 'Cell', 'Cells')} and "
                 f"{count(tp['cache_box4'], 'Arms Cache', 'Arms Caches')}, box 3 "
                 f"{count(tp['cells_box3'], 'Cell', 'Cells')}")
    av = d["available"]
    held = d["intel_chits"]
    lines.append(f"British: Available {count(av['troops'], 'Troop', 'Troops')}, {av['police']} Police; "
                 f"Intel Chits held {len(held)}{' (values ' + ', '.join(map(str, held)) + ')' if held else ''}, "
                 f"{9 - len(held)} in the bag")
    lines.append(f"Irgun: Available {count(av['cells'], 'Cell', 'Cells')}, "
                 f"{count(av['arms_caches'], 'Arms Cache', 'Arms Caches')}; Prison "
                 f"{count(d['prison'], 'Cell', 'Cells')}; out of the game "
                 f"{count(d['cells_out_of_game'], 'Cell', 'Cells')}")
    lines += board_drawing.capability_lines(d, CARD_TITLES, card_text)
    lines.append("Map:")
    for i in range(N_MAP_SPACES):
        name = game.generic_action_name(L.A_SPACE + i)
        lines.append(f"  {name:<27} {KIND_NAMES[SPACE_KIND[i]]:<9} {_pieces_words(d['spaces'].get(name, {}))}")
    lines.append(legend(game_values(game.state)))
    return "\n".join(lines)


# ---------------------------------------------------------------- picture --
# The map's geometry and space drawing are the board's (boards/palestine_picture.py).
_PIECE_KEYS = ("troops", "police", "underground_cells", "active_cells", "arms_caches")
_MARKER_KEYS = ("sabotage", "terror", "curfew")


def _draw_panel(ax, d, layer):
    from matplotlib.patches import Circle, Rectangle

    W, H = (_FIG_W - _MAP_W) / _PX, (_FIG_H - _TITLE_H) / _PX
    panel_frame(ax, W, H, ([0.02, 0.02], [0, H]), layer)
    x0 = 0.3
    if layer == BOARD:
        entries = [("troops", "Troops"), ("police", "Police"), ("underground_cells", "Underground Cell"),
                   ("active_cells", "Active Cell"), ("arms_caches", "Arms Cache"), ("cells", "Cell (pool, track)")]
        legend_box(ax, x0, W, entries, _MARKER_STYLE, _MARKER_KEYS, x0 + 0.85, 1.9)
        return

    def heading(y, text):
        panel_heading(ax, x0, y, text)

    # Political Will 0..20: three rows of seven boxes.
    pw = d["political_will"]
    y = H - 0.35
    heading(y, f"Political Will  {pw} / 20")
    below = political_will_boxes(ax, x0, y, pw)

    # Haganah Track 0..4 with the pieces waiting under boxes 4 and 3.
    hg = d["haganah_track"]
    tp = d["track_pieces"]
    y = below - 0.45
    heading(y, f"Haganah Track  {hg}")
    bw, bh = 1.1, 0.55
    by = y - 0.4 - bh
    for v in range(5):
        bx = x0 + v * bw
        on = v == hg
        put(ax, Rectangle((bx, by), bw - 0.08, bh, fc="#2e7d32" if on else "white",
                          ec="#2e7d32" if on else "#90a4ae", lw=2.0 if on else 0.8))
        ax.text(bx + (bw - 0.08) / 2, by + bh / 2, str(v), fontsize=11, fontweight="bold", ha="center", va="center",
                color="white" if on else "#37474f")
    from .layout import HAGANAH_BOX3_CELLS, HAGANAH_BOX4_CACHES, HAGANAH_BOX4_CELLS
    slots = {4: [("cells", tp["cells_box4"], HAGANAH_BOX4_CELLS), ("arms_caches", tp["cache_box4"], HAGANAH_BOX4_CACHES)],
             3: [("cells", tp["cells_box3"], HAGANAH_BOX3_CELLS)]}
    for box, groups in slots.items():
        bx = x0 + box * bw + (bw - 0.08) / 2
        k = 0
        for kind, have, cap in groups:
            for j in range(cap):
                gy = by - 0.28 - k * 0.33
                if j < have:
                    glyph(ax, kind, bx, gy, size=0.24)
                else:
                    put(ax, Circle((bx, gy), 0.12, fc="none", ec="#b0bec5", lw=0.9, ls=":"))
                k += 1
    ax.text(x0, by - 0.45, "pieces under\nboxes 4 and 3:", fontsize=7.5, color="#607d8b", ha="left", va="top")

    # Propaganda Rounds done.
    pr = d["context"]["propaganda_rounds"]
    y = by - 0.28 - 3 * 0.33 - 0.3
    heading(y, f"Propaganda Rounds  {pr} / 3")
    for v in range(3):
        put(ax, Circle((x0 + 4.1 + v * 0.5, y), 0.17, fc="#6d4c41" if v < pr else "white", ec="#6d4c41", lw=1.2))

    # Pools.
    av = d["available"]
    y -= 0.55
    heading(y, "Available")
    piece_row(ax, [("troops", av["troops"]), ("police", av["police"]), ("cells", av["cells"]),
                    ("arms_caches", av["arms_caches"])], x0 + 1.6, y, slot=0.85)
    y -= 0.5
    heading(y, "Prison")
    piece_row(ax, [("cells", d["prison"])], x0 + 1.6, y, slot=0.85)
    out = d.get("cells_out_of_game", 0)
    if out:
        ax.text(x0 + 2.6, y, f"out of game: {out} Cells", fontsize=8.5, va="center", color="#455a64")
    y -= 0.5
    chits = d["intel_chits"]
    heading(y, "Intel Chits")
    ax.text(x0 + 1.6, y, ", ".join(str(c) for c in chits) if chits else "none", fontsize=9.5, va="center",
            color="#37474f")
    y -= 0.45
    panel_closing(ax, x0, y, d, L.FACTION_TITLES, SPACE_NAMES[:N_MAP_SPACES])


def _draw(fig, axes, d, layer):
    """The picture's ``layer`` (board_drawing.board_picture): the map, the panel, the title strip."""
    ax_map, ax_panel = axes
    draw_map(ax_map, d, SPACE_NAMES[:N_MAP_SPACES], _PIECE_KEYS, _MARKER_KEYS, layer=layer)
    _draw_panel(ax_panel, d, layer)
    title_strip(fig, _FIG_H, _TITLE_H, f"The British Way: Palestine   |   Card: {d['card'] or 'none yet'}", d,
                (d["current_agent"] or "nobody").capitalize(), action_in_progress(d), layer)


def render_rgb(game, one_pass: bool = False) -> np.ndarray:
    """The board as an (800, 1000, 3) uint8 picture: map, pieces, markers, tracks, pools (the board's
    layer drawn once per process, board_drawing.board_picture; ``one_pass`` draws it too)."""
    return board_picture(game.to_dict(), (_FIG_W, _FIG_H, _DPI), _AXES, _draw, one_pass=one_pass)


def map_regions() -> dict:
    """The picture's size and each map space's region in its pixels (boards/palestine_picture.py)."""
    from ..boards.palestine import SPACE_NAMES
    from ..boards.palestine_picture import space_regions

    return {"width": _FIG_W, "height": _FIG_H, "spaces": space_regions(SPACE_NAMES[:N_MAP_SPACES])}


def spaces_in_words(d: dict) -> dict[str, str]:
    """Each map space's pieces and markers in words, from the state dict ``d`` (as the board in words
    lists them)."""
    from ..boards.palestine import SPACE_NAMES

    return {name: _pieces_words(d["spaces"].get(name, {})) for name in SPACE_NAMES[:N_MAP_SPACES]}
