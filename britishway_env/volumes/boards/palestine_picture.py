"""The Palestine board as a picture (used by *Palestine* and *Arab Revolt*):
the schematic map's geometry and the drawing of its spaces.

Geometry is in map units of 60 px (x east, y north): the real geography of
Mandatory Palestine, squeezed so every box fits. The coast runs
north-north-east from Gaza to Haifa, Galilee is north, Samaria centre,
Jerusalem east-centre, Gaza south-west. The four Foreign Countries are
labels in the margins, or boxes holding pieces where a volume plays them
(Arab Revolt, 1.3.7). A volume says which pieces and markers a space shows.
"""

from __future__ import annotations

from ..board_drawing import BOARD, highlight_outline, in_units, put, space_contents, space_highlight
from .palestine import CITY, DISTRICT, EDGES, FOREIGN, RAILWAY, SPACE_KIND, SPACE_NAMES

PX = 60.0                                  # pixels per map unit at the default size
FIG_W, FIG_H, DPI = 1000, 800, 100
TITLE_H = 64                               # pixels of the title strip
MAP_W = 620                                # pixels of the map panel
# The picture's two axes, in figure fractions: the map on the left, the panel on the right, under the title.
AXES = ((0, 0, MAP_W / FIG_W, 1 - TITLE_H / FIG_H), (MAP_W / FIG_W, 0, 1 - MAP_W / FIG_W, 1 - TITLE_H / FIG_H))

# name: centre x, y, width, height (cities: radius in width, height 0)
GEOMETRY = {
    "Galilee": (6.35, 10.85, 3.3, 1.55),
    "Haifa District": (4.5, 7.6, 2.7, 1.45),
    "Samaria": (7.2, 6.6, 2.7, 1.45),
    "Lydda": (4.45, 4.95, 2.55, 1.45),
    "Jerusalem District": (8.35, 4.85, 2.7, 1.45),
    "Gaza": (3.5, 1.2, 3.0, 1.45),
    "Haifa City": (2.55, 9.35, 0.95, 0),
    "Tel Aviv-Jaffa": (1.95, 4.35, 0.95, 0),
    "Jerusalem City": (7.55, 2.65, 0.95, 0),
    "Egypt-Tel Aviv Railway": (1.55, 2.6, 2.0, 0.95),
    "Tel Aviv-Jerusalem Railway": (4.95, 3.35, 2.3, 0.95),
    "Tel Aviv-Haifa Railway": (2.2, 6.6, 1.75, 1.5),
    "Haifa-Syria Railway": (6.6, 9.05, 2.5, 0.95),
}
# The Foreign Countries as spaces (Arab Revolt): boxes in the margins where
# Palestine's map only labels them.
FOREIGN_GEOMETRY = {
    "Lebanon": (3.55, 11.7, 2.1, 0.9),
    "Syria": (9.2, 11.55, 1.9, 1.2),
    "Transjordan": (9.55, 8.05, 0.95, 3.1),
    "Egypt": (1.45, 0.55, 2.3, 0.8),
}
# Each railway drawn as a line through its box between the places it joins.
RAIL_LINES = {
    "Egypt-Tel Aviv Railway": ((0.35, 0.15), "Tel Aviv-Jaffa"),
    "Tel Aviv-Jerusalem Railway": ("Tel Aviv-Jaffa", "Jerusalem City"),
    "Tel Aviv-Haifa Railway": ("Tel Aviv-Jaffa", "Haifa City"),
    "Haifa-Syria Railway": ("Haifa City", (10.4, 11.1)),
}
# Coastline from the Egyptian border (south) to Lebanon (north); the sea lies west.
COAST = ((0.0, 0.35), (0.45, 1.2), (0.75, 2.4), (0.85, 3.4), (0.8, 4.4), (0.95, 5.5),
         (1.15, 6.6), (1.35, 7.7), (1.55, 8.6), (1.45, 9.2), (1.95, 9.75), (2.35, 10.4),
         (2.55, 11.3), (2.7, 12.3))
FOREIGN_LABELS = (("LEBANON", 3.9, 11.95, 0), ("SYRIA", 9.45, 11.95, 0),
                  ("TRANSJORDAN", 10.05, 6.9, 90), ("EGYPT", 1.2, 0.25, 0))

DISTRICT_FACE, CITY_FACE, RAIL_FACE, FOREIGN_FACE = "#f4ecd6", "#fff8e1", "#eeeeee", "#e8eaf6"
OUT_OF_PLAY_FACE = "#d7d7d7"
# marker: label, short label (small spaces), badge colour, text colour
MARKER_STYLE = {"sabotage": ("SABOTAGE", "SAB", "#212121", "white"),
                "terror": ("TERROR", "TER", "#6a1b9a", "white"),
                "curfew": ("CURFEW", "CUR", "#ef6c00", "white"),
                "opposition": ("OPPOSITION", "OPP", "#c62828", "white")}


def geometry(name):
    return GEOMETRY[name] if name in GEOMETRY else FOREIGN_GEOMETRY[name]


def draw_space(ax, name, kind, pieces, highlight, piece_keys, marker_keys, out_of_play=False, layer=BOARD):
    """One space in the picture's ``layer`` (board_drawing.BOARD or POSITION): on the board its shape and
    name; in the position the ``piece_keys`` it holds as glyph rows, the ``marker_keys`` as badges on its
    lower edge, and its outline again in colour where ``highlight`` says "current" (the space in play) or
    "selected" (acted in)."""
    cx, cy, w, h = geometry(name)
    if layer == BOARD:
        _draw_space_shape(ax, name, kind, cx, cy, w, h, out_of_play)
        return
    circle = kind == CITY
    highlight_outline(ax, highlight, cx, cy, w, h, circle,
                      "square,pad=0" if kind == RAILWAY else "round,pad=0,rounding_size=0.22",
                      ":" if out_of_play else "-")
    if circle:
        top, width = cy + w * 0.22, 1.75
    elif kind == FOREIGN and h > w:
        top, width = cy + h / 2 - 0.4, w - 0.1
    else:
        top, width = cy + h / 2 - 0.62, w - 0.25
    space_contents(ax, cx, cy, w, h, circle, top, width, pieces, piece_keys, marker_keys, MARKER_STYLE,
                   strip=kind == RAILWAY)


def _draw_space_shape(ax, name, kind, cx, cy, w, h, out_of_play):
    """A space's shape and name, as the printed board has them (its BOARD layer)."""
    from matplotlib.patches import Circle, FancyBboxPatch

    edge, lw = "#424242", 1.2
    if kind == CITY:
        put(ax, Circle((cx, cy), w, fc=CITY_FACE, ec=edge, lw=lw + 0.6, zorder=3))
        ax.text(cx, cy + w * 0.55, name, fontsize=7.5, fontweight="bold", ha="center", va="center", zorder=4,
                color="#3e2723")
        return
    style = "square,pad=0" if kind == RAILWAY else "round,pad=0,rounding_size=0.22"
    face = {DISTRICT: DISTRICT_FACE, RAILWAY: RAIL_FACE}.get(kind, OUT_OF_PLAY_FACE if out_of_play
                                                              else FOREIGN_FACE)
    put(ax, FancyBboxPatch((cx - w / 2, cy - h / 2), w, h, boxstyle=style, zorder=3, lw=lw, ec=edge,
                           fc=face, hatch="///" if kind == RAILWAY else None, ls=":" if out_of_play else "-"))
    if kind == RAILWAY:   # the hatch stays visible around a plain label strip
        label = name.replace(" Railway", "") + " Rly"
        ax.text(cx, cy + h / 2 - 0.2, label, fontsize=7.5, fontweight="bold", ha="center", va="center",
                zorder=4, color="#263238", bbox=dict(boxstyle="square,pad=0.1", fc=RAIL_FACE, ec="none"))
    else:
        label = name + (" (out of play)" if out_of_play else "")
        vertical = kind == FOREIGN and h > w
        ax.text(cx if not vertical else cx + w / 2 - 0.2, cy + h / 2 - 0.22 if not vertical else cy, label,
                fontsize=8.5 if kind == DISTRICT else 7.5, fontweight="bold", ha="center", va="center",
                zorder=4, color="#3e2723", rotation=90 if vertical else 0)


def draw_map(ax, d, names, piece_keys, marker_keys, out_of_play=(), layer=BOARD):
    """The map panel in the picture's ``layer``: on the board the sea, coast, railways, adjacency (faint)
    and each space of ``names``, Foreign Countries not among ``names`` as margin labels, those in
    ``out_of_play`` greyed (1.3.7: the BOARD layer's key); in the position each space's pieces."""
    from matplotlib.patches import Polygon

    W, H = MAP_W / PX, (FIG_H - TITLE_H) / PX
    in_units(ax, W, H)
    if layer == BOARD:
        put(ax, Polygon([(0, 0), (W, 0), (W, H), (0, H)], fc="#ebe3cf", ec="none", zorder=0))
        sea = [(-0.1, -0.1), *COAST, (-0.1, H + 0.1)]
        put(ax, Polygon(sea, fc="#cfe3f3", ec="#7aa7cc", lw=1.5, zorder=0.5))
        ax.text(0.42, 7.3, "Mediterranean Sea", rotation=78, fontsize=9, style="italic", color="#4f7ea6",
                ha="center", va="center", zorder=0.6)
        for label, x, y, rot in FOREIGN_LABELS:
            if label.title() not in names:
                ax.text(x, y, label, rotation=rot, fontsize=8.5, color="#8d8d8d", style="italic",
                        fontweight="bold", ha="center", va="center", zorder=0.6)
        centre = {n: geometry(n)[:2] for n in names}
        for a, b, _, _ in EDGES:   # adjacency, faint
            if a in centre and b in centre:
                (x1, y1), (x2, y2) = centre[a], centre[b]
                ax.plot([x1, x2], [y1, y2], color="#9e9e9e", lw=0.8, ls=(0, (3, 3)), alpha=0.6, zorder=1)
        for rail, (a, b) in RAIL_LINES.items():
            pts = [GEOMETRY[p][:2] if isinstance(p, str) else p for p in (a, rail, b)]
            xs, ys = zip(*pts)
            ax.plot(xs, ys, color="#37474f", lw=4.0, solid_capstyle="round", zorder=2)
            ax.plot(xs, ys, color="white", lw=1.6, ls=(0, (4, 4)), zorder=2.1)
    for i, name in enumerate(names):
        draw_space(ax, name, int(SPACE_KIND[SPACE_NAMES.index(name)]), d["spaces"].get(name, {}),
                   space_highlight(d, i), piece_keys, marker_keys, name in out_of_play, layer)


def space_regions(names) -> list[dict]:
    """Where each space of ``names`` lies in the picture, in its pixels (x right, y down from the top
    left, the whole FIG_W x FIG_H picture): a City its circle, any other space its box; drawn from
    ``geometry`` as ``draw_space`` draws them (the page's clickable map)."""
    out = []
    for name in names:
        cx, cy, w, h = geometry(name)
        x, y = cx * PX, FIG_H - cy * PX
        if SPACE_KIND[SPACE_NAMES.index(name)] == CITY:
            out.append({"name": name, "shape": "circle", "cx": round(x, 1), "cy": round(y, 1), "r": round(w * PX, 1)})
        else:
            out.append({"name": name, "shape": "rect", "x": round(x - w * PX / 2, 1), "y": round(y - h * PX / 2, 1),
                        "w": round(w * PX, 1), "h": round(h * PX, 1)})
    return out
