"""What the COIN volumes' boards share when drawn: the board in words
(counts, the pieces of a space, the Initiative Track, the action under way)
and the map picture's pieces and markers (matplotlib glyphs, piece rows,
marker badges), and the picture's two layers (:func:`board_picture`). Each
volume's ``render`` module lays out its own map and panel with these."""

from __future__ import annotations

import threading

# Colours of the pieces (1.4): tan Troops, blue Police, red Cells, dark red Arms Caches; Arab Revolt's
# Irregulars green, so that they never read as Police (both are British).
TROOP, POLICE, CELL, CACHE, IRREGULAR = "#c8a165", "#2f6fbf", "#c62828", "#8e1111", "#2e7d32"


def count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def pieces_words(pieces: dict, piece_words, markers: tuple[str, ...], flags: tuple[str, ...] = ()) -> str:
    """A space's pieces and markers in words; ``piece_words``: (key, one, many)
    in board order; ``markers`` count as "1 Sabotage", ``flags`` (a Curfew)
    are named alone."""
    out = []
    for key, one, many in piece_words:
        n = pieces.get(key, 0)
        if n:
            out.append(one if key in flags else (f"{n} {one}" if key in markers and n == 1 else count(n, one, many)))
    return ", ".join(out) or "-"


def initiative_words(d: dict, box_names, faction_titles) -> str:
    """The Initiative Track (2.3, all volumes): who is 1st and 2nd Eligible and the box each took on this
    card; ``faction_titles``: the seats as prose names them."""
    ctx = d["context"]
    first = ctx["first_eligible"]
    parts = []
    for place, seat in zip(("1st Eligible", "2nd Eligible"), (first, 1 - first)):
        box = ctx["box"][seat]
        took = f"took {box_names[box]}" if box >= 0 else "to choose"
        parts.append(f"{place} {faction_titles[seat]} ({took})")
    return "Initiative Track: " + ", ".join(parts)


def action_in_progress(d: dict, op_names, sa_names) -> str:
    """The Operation and Special Activity under way, in words ("" when none):
    "Limited Deploy with Negotiate, 1 space so far" (3.0, 4.0; all volumes)."""
    ctx = d["context"]
    op, sa = ctx["operation"], ctx["special_activity"]
    if op < 0 and sa < 0:
        return ""
    parts = []
    if op >= 0:
        parts.append(("Limited " if ctx["limited"] else "") + op_names[op])
    if sa >= 0:
        parts.append(f"with {sa_names[sa]}" if parts else sa_names[sa])
    n = ctx["n_selected"]
    if op >= 0:
        parts[0] += f", {n} space{'s' if n != 1 else ''} so far"
    text = " ".join(parts)
    if sa < 0 and ctx["special_activity_used"]:
        text += "; Special Activity done"
    return text


def card_text_of(texts: dict, propaganda_text: str, volume: str, number: int, side: int) -> str | None:
    """The text of card ``number`` on ``side`` (0 unshaded, 1 shaded) in a volume's
    ``texts`` (event number -> (unshaded, shaded or None)), cards past the events
    being Propaganda cards with one text (2.4); None where the card has no such
    text. ValueError for a card or side that does not exist."""
    try:
        n, s = int(number), int(side)
    except (TypeError, ValueError):
        raise ValueError(f"bad card {number!r} or side {side!r}") from None
    last = len(texts) + 3
    if n != number or not 1 <= n <= last:
        raise ValueError(f"no {volume} card {number!r}: cards are 1-{last}")
    if s != side or s not in (0, 1):
        raise ValueError(f"bad side {side!r}: UNSHADED (0) or SHADED (1)")
    if n > len(texts):
        return propaganda_text if s == 0 else None
    return texts[n][s]


def card_lines(card: int, titles, card_text) -> list[str]:
    """The card in play (``card``, 0 before the first): title and both texts
    (5.2), one text for a card that has one; ``card_text(number, side)``."""
    if card <= 0:
        return ["Card in play: none yet"]
    lines = [f"Card in play: {titles[card - 1]}"]
    un, sh = card_text(card, 0), card_text(card, 1)
    if sh is None:
        lines.append(f"  {un}")
    else:
        lines += [f"  Unshaded: {un}", f"  Shaded:   {sh}"]
    return lines


def situation_lines(d: dict, card_lines: list[str], initiative: str, doing: str, faction_names,
                    faction_titles) -> list[str]:
    """The text render's opening, all volumes: GAME OVER once the game is over,
    the card in play (``card_lines``), the Initiative Track (``initiative``,
    2.3) and, while a seat decides, which seat (its title in prose) and what,
    with the action under way (``doing``, "" when none)."""
    lines = []
    if d["outcome"] != "ongoing":
        lines.append(f"GAME OVER: {d['outcome'].replace('_', ' ')}")
    lines += card_lines
    lines.append(initiative)
    if d["current_agent"]:
        title = faction_titles[list(faction_names).index(d["current_agent"])]
        lines.append(f"Now: {title} - {d['decision']}" + (f" ({doing})" if doing else ""))
    return lines


def capability_lines(d: dict, titles, card_text) -> list[str]:
    """The capabilities in effect (5.3, all volumes), each with its card's
    title and the text in force; ``card_text(number, side)``, side 0
    unshaded, 1 shaded. None in effect: no line."""
    if not d["capabilities"]:
        return []
    lines = ["Capabilities in effect:"]
    for label, side in d["capabilities"].items():
        number = int(label[1:])
        lines.append(f"  {titles[number - 1]} ({side}): {card_text(number, 1 if side == 'shaded' else 0)}")
    return lines


# ---------------------------------------------------------------- picture --
# A picture is drawn in two layers: BOARD, what the printed board shows whatever the position (the map's
# shapes and names, the adjacency, the legend), and POSITION, everything the game's state decides (pieces,
# markers, tracks, the space in play, the title). A volume's ``draw(fig, axes, d, layer)`` draws the one
# asked for; the BOARD layer is drawn once per process and kept as pixels (:func:`board_picture`).
BOARD, POSITION = "board", "position"


def put(ax, patch):
    """Add ``patch`` to ``ax`` as ``Axes.add_patch`` does, without widening the axes' data limits: every
    board axes sets its own, and the limits' update took a fifth of a picture's time."""
    return ax.add_artist(patch)



def glyph(ax, kind, x, y, size=0.26, z=5):
    """One piece glyph centred at (x, y) in data units."""
    from matplotlib.patches import Circle, FancyBboxPatch, RegularPolygon

    h = size / 2
    if kind == "troops":        # tan cube
        put(ax, FancyBboxPatch((x - h, y - h), size, size, boxstyle="round,pad=0,rounding_size=0.03",
                               fc=TROOP, ec="#5d4020", lw=1.0, zorder=z))
    elif kind == "police":      # blue cylinder, seen from above
        put(ax, Circle((x, y), h * 1.05, fc=POLICE, ec="#0d2f5e", lw=1.0, zorder=z))
    elif kind in ("underground_cells", "active_cells", "cells"):   # red hexagon
        filled = kind != "underground_cells"
        put(ax, RegularPolygon((x, y), 6, radius=h * 1.15, fc=CELL if filled else "white",
                               ec=CELL, lw=2.0 if not filled else 1.0, zorder=z))
    elif kind in ("arms_caches",):   # red disc with a dark ring
        put(ax, Circle((x, y), h * 1.1, fc=CACHE, ec="black", lw=1.0, zorder=z))
        put(ax, Circle((x, y), h * 0.45, fc="#ff8a80", ec="none", zorder=z + 0.1))
    elif kind in ("underground_guerrillas", "active_guerrillas", "guerrillas"):   # red octagons
        filled = not kind.startswith("underground")
        put(ax, RegularPolygon((x, y), 8, radius=h * 1.12, fc=CELL if filled else "white", ec=CELL,
                               lw=2.0 if not filled else 1.0, zorder=z))
    elif kind in ("underground_irregulars", "active_irregulars", "irregulars"):   # green diamonds, not Police discs
        filled = not kind.startswith("underground")
        put(ax, RegularPolygon((x, y), 4, radius=h * 1.3, fc=IRREGULAR if filled else "white",
                               ec=IRREGULAR if not filled else "#1b3d1d", lw=2.0 if not filled else 1.0,
                               zorder=z))
    elif kind == "bases":       # flat red disc
        put(ax, Circle((x, y), h * 1.15, fc=CACHE, ec="#3e0000", lw=1.4, zorder=z))


def item_width(n, size=0.26, slot=0.68):
    """Width one glyph and its count take in a row (wider for two-digit counts)."""
    return slot + 0.13 * (len(str(n)) - 1) + (size - 0.26)


def piece_row(ax, items, x0, y, slot=0.68, size=0.26, font=10, z=5):
    """Glyphs with counts left to right from x0 along y: items are (kind, count)."""
    x = x0
    for kind, n in items:
        gx = x + size / 2
        glyph(ax, kind, gx, y, size=size, z=z)
        ax.text(gx + size / 2 + 0.05, y, str(n), fontsize=font, fontweight="bold", va="center", ha="left",
                zorder=z + 0.2, color="#212121")
        x += item_width(n, size, slot)


def badge(ax, text, fc, tc, x, y, font=7.5, z=8):
    ax.text(x, y, text, fontsize=font, fontweight="bold", color=tc, ha="center", va="center", zorder=z,
            bbox=dict(boxstyle="round,pad=0.22,rounding_size=0.25", fc=fc, ec="white", lw=1.0))


def title_rule(fig, y):
    from matplotlib.lines import Line2D

    return Line2D([0, 1], [y, y], transform=fig.transFigure, color="#90a4ae", lw=1.0)


def to_rgb(canvas):
    """The canvas's figure, drawn, as an (h, w, 3) uint8 array."""
    import numpy as np

    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[:, :, :3].copy()


_BOARDS: dict = {}                     # (draw, size, axes, key) -> the BOARD layer's RGBA pixels
_BOARDS_KEPT = 8                       # a few keys per volume (Arab Revolt: Transjordan and Egypt in play or not)
_BOARDS_LOCK = threading.Lock()


def _figure(size, axes):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    w, h, dpi = size
    fig = Figure(figsize=(w / dpi, h / dpi), dpi=dpi, facecolor="white")
    canvas = FigureCanvasAgg(fig)
    return fig, canvas, [fig.add_axes(rect) for rect in axes]


def board_picture(d: dict, size: tuple[int, int, int], axes, draw, board_key=(), one_pass: bool = False):
    """The picture of the position ``d`` (a state dict) as an (h, w, 3) uint8 array: a private matplotlib
    Figure of ``size`` (width and height in pixels, dpi) on the Agg canvas (pyplot and the global backend
    left alone), with one axes per rectangle of ``axes`` (figure fractions), drawn by the volume's
    ``draw(fig, axes, d, layer)``.

    The BOARD layer is drawn once for each ``board_key`` (what of the position it shows, such as the
    spaces out of play) and kept; each picture copies its pixels and draws the POSITION layer on them,
    which gives the pixels of one figure drawing both in turn (``one_pass``, the check) as long as no
    POSITION artist lies under a BOARD one it overlaps."""
    import numpy as np

    axes = tuple(tuple(rect) for rect in axes)
    if one_pass:
        fig, canvas, ax = _figure(size, axes)
        draw(fig, ax, d, BOARD)
        draw(fig, ax, d, POSITION)
        return to_rgb(canvas)
    key = (draw.__module__, draw.__qualname__, tuple(size), axes, board_key)
    with _BOARDS_LOCK:
        board = _BOARDS.get(key)
    if board is None:
        fig, canvas, ax = _figure(size, axes)
        draw(fig, ax, d, BOARD)
        canvas.draw()
        board = np.asarray(canvas.buffer_rgba()).copy()
        with _BOARDS_LOCK:
            while len(_BOARDS) >= _BOARDS_KEPT:
                _BOARDS.pop(next(iter(_BOARDS)))
            _BOARDS[key] = board
    with _POSITION_LOCK:                   # one picture at a time in the kept figure
        fig, canvas, ax = _position_figure(size, axes)
        draw(fig, ax, d, POSITION)
        renderer = canvas.get_renderer()
        pixels = np.asarray(renderer.buffer_rgba())
        pixels[...] = board
        with _font_cache_lock():           # as FigureCanvasAgg.draw takes it, where matplotlib has it (3.8)
            fig.draw(renderer)
        return pixels[:, :, :3].copy()


_POSITION_FIGURES: dict = {}               # (size, axes) -> the figure the POSITION layers are drawn in
_POSITION_LOCK = threading.Lock()


def _position_figure(size, axes):
    """The figure for the POSITION layer, kept with its canvas, axes and renderer (whose text measures
    matplotlib caches), emptied of the last position's artists (``_POSITION_LOCK`` held)."""
    key = (tuple(size), axes)
    if key not in _POSITION_FIGURES:
        fig, canvas, ax = _figure(size, axes)
        fig.patch.set_visible(False)           # the board's pixels are the background
        _POSITION_FIGURES[key] = fig, canvas, ax
    fig, canvas, ax = _POSITION_FIGURES[key]
    for artist in [*fig.texts, *fig.lines, *fig.patches, *fig.artists]:
        artist.remove()
    for a in ax:
        for artist in [*a.texts, *a.lines, *a.patches, *a.artists, *a.collections, *a.images]:
            artist.remove()
    return fig, canvas, ax


def _font_cache_lock():
    from contextlib import nullcontext

    from matplotlib.backends.backend_agg import RendererAgg

    return getattr(RendererAgg, "lock", None) or nullcontext()


def in_units(ax, W: float, H: float) -> None:
    """Set ``ax`` to ``W`` x ``H`` map units from its lower left corner, no axis drawn (a map or panel)."""
    ax.set_xlim(0, W)
    ax.set_ylim(0, H)
    ax.axis("off")


def panel_frame(ax, W: float, H: float, rule, layer: str) -> None:
    """A side or bottom panel of ``W`` x ``H`` map units (:func:`in_units`); on the board its grey face
    and the rule ``rule`` ((xs, ys)) between it and the map."""
    in_units(ax, W, H)
    if layer == BOARD:
        from matplotlib.patches import Rectangle

        put(ax, Rectangle((0, 0), W, H, fc="#fafafa", ec="none", zorder=0))
        ax.plot(*rule, color="#bdbdbd", lw=1.0)


def legend_box(ax, x0: float, W: float, entries, marker_style: dict, marker_keys, badge_x: float,
               badge_step: float) -> None:
    """The panel's legend in a box at its foot (a BOARD artist): each piece glyph of ``entries`` ((kind,
    words)) two to a row, a badge of each marker of ``marker_keys`` with its full and short label
    (``marker_style``: key -> label, short label, face, text colour) in a row from ``badge_x`` every
    ``badge_step``, and what the map's lines and colours say."""
    from matplotlib.patches import FancyBboxPatch

    rows = (len(entries) + 1) // 2
    top = 0.15 + 0.4 * (rows + 2) + 0.1
    put(ax, FancyBboxPatch((x0 - 0.1, 0.15), W - x0 - 0.15, top - 0.15, boxstyle="round,pad=0,rounding_size=0.12",
                           fc="white", ec="#cfd8dc", lw=0.8))
    ly = top - 0.3
    for k, (kind, text) in enumerate(entries):
        lx = x0 + 0.15 + (k % 2) * 2.85
        yy = ly - (k // 2) * 0.4
        glyph(ax, kind, lx, yy, size=0.22)
        ax.text(lx + 0.22, yy, text, fontsize=8, va="center", color="#37474f")
    yy = ly - rows * 0.4
    for k, key in enumerate(marker_keys):
        full, abbr, fc, tc = marker_style[key]
        badge(ax, f"{full} / {abbr}", fc, tc, badge_x + k * badge_step, yy, font=6.5)
    ax.text(x0 + 0.05, yy - 0.4, "dashed: adjacent   orange: space in play   gold: acted", fontsize=7.5,
            va="center", color="#607d8b")


def title_strip(fig, fig_h: int, title_h: int, heading: str, d: dict, who: str, doing: str, layer: str) -> None:
    """The strip above the map: in the POSITION layer the volume and the card in play (``heading``) and
    the decision (``who`` acts, ``doing`` the action under way) or the game's end, from the state dict
    ``d``; in the BOARD layer the rule under them."""
    if layer == BOARD:
        fig.add_artist(title_rule(fig, 1 - title_h / fig_h))
        return
    if d["outcome"] != "ongoing":
        line, colour = f"GAME OVER: {d['outcome'].replace('_', ' ')}", "#b71c1c"
    else:
        line, colour = f"Decision: {d['decision']}   ({who} to act{': ' + doing if doing else ''})", "#37474f"
    fig.text(0.012, 1 - 22 / fig_h, heading, fontsize=13, fontweight="bold", ha="left", va="center",
             color="#212121")
    fig.text(0.012, 1 - 48 / fig_h, line, fontsize=11, ha="left", va="center", color=colour)


def space_highlight(d: dict, space: int) -> str | None:
    """How the map marks space number ``space`` in the position ``d`` (a state dict): "current" for the
    space in play, "selected" for one the action under way has acted in, else None."""
    ctx = d["context"]
    if space == ctx.get("current_space", -1):
        return "current"
    selected = ctx.get("selected_spaces", [])
    return "selected" if space < len(selected) and selected[space] else None


def highlight_outline(ax, highlight, cx: float, cy: float, w: float, h: float, circle: bool,
                      boxstyle: str = "round,pad=0,rounding_size=0.22", ls: str = "-") -> None:
    """A space's outline drawn again in colour over its shape and name (a POSITION artist) where
    ``highlight`` says "current" (the space in play, orange) or "selected" (acted in, gold): a circle of
    radius ``w`` or a ``w`` x ``h`` box centred at (cx, cy)."""
    from matplotlib.patches import Circle, FancyBboxPatch

    if not highlight:
        return
    edge, lw = ("#e65100", 3.0) if highlight == "current" else ("#f9a825", 2.5)
    if circle:
        put(ax, Circle((cx, cy), w, fc="none", ec=edge, lw=lw + 0.6, zorder=4.2))
    else:
        put(ax, FancyBboxPatch((cx - w / 2, cy - h / 2), w, h, boxstyle=boxstyle, zorder=4.2, lw=lw, ec=edge,
                               fc="none", ls=ls))


def space_contents(ax, cx: float, cy: float, w: float, h: float, circle: bool, top: float, width: float,
                   pieces: dict, piece_keys, marker_keys, marker_style: dict, strip: bool = False) -> None:
    """A space's pieces and markers (POSITION artists): the ``piece_keys`` it holds as glyph rows from
    ``top`` down, each row within ``width`` (on a white strip where ``strip``: a hatched space), and the
    ``marker_keys`` as badges on its lower edge (``marker_style``: key -> label, short label, face,
    text colour), short labels where the full ones would not fit; the space a circle of radius ``w``
    or a ``w`` x ``h`` box centred at (cx, cy)."""
    from matplotlib.patches import FancyBboxPatch

    items = [(k, pieces[k]) for k in piece_keys if pieces.get(k)]
    rows = [[]]
    for item in items:   # fill rows left to right within the space's inner width
        if rows[-1] and sum(item_width(n) for _, n in rows[-1]) + item_width(item[1]) > width + 0.05:
            rows.append([])
        rows[-1].append(item)
    for r_i, row in enumerate(r for r in rows if r):
        y = top - r_i * 0.4
        row_w = sum(item_width(n) for _, n in row)
        x0 = cx - (row_w - 0.12) / 2
        if strip:   # keep pieces readable over the hatching
            put(ax, FancyBboxPatch((x0 - 0.06, y - 0.18), row_w, 0.36, boxstyle="round,pad=0,rounding_size=0.08",
                                   fc="white", ec="none", alpha=0.9, zorder=4.5))
        piece_row(ax, row, x0, y)
    markers = [(key, pieces[key]) for key in marker_keys if pieces.get(key)]
    if not markers:
        return
    span = 2 * w if circle else w
    for short in (False, True):
        badges = []
        for key, n in markers:
            full, abbr, fc, tc = marker_style[key]
            t = abbr if short else full
            badges.append((t if n == 1 else f"{t} x{n}", fc, tc))
        widths = [0.145 * len(t) + 0.32 for t, _, _ in badges]
        if sum(widths) <= span + 0.5:
            break
    by = cy - (w * 0.98 if circle else h / 2)
    x = cx - (sum(widths) - 0.08) / 2
    for (t, fc, tc), bw in zip(badges, widths):
        badge(ax, t, fc, tc, x + (bw - 0.08) / 2, by)
        x += bw


def panel_heading(ax, x0: float, y: float, text: str) -> None:
    """A heading in the side panel of a Palestine-map picture (Palestine, Arab Revolt), at ``x0``, ``y``."""
    ax.text(x0, y, text, fontsize=10.5, fontweight="bold", ha="left", va="center", color="#263238")


def panel_closing(ax, x0: float, y: float, d: dict, faction_titles, space_names) -> None:
    """The last lines of a Palestine-map picture's side panel, from ``y`` down: the 1st Eligible seat and
    the cards left in the deck (2.3, 2.2), the capabilities in force (5.3) and the space in play (its
    name among ``space_names``; none when the current space is not one of them)."""
    first = faction_titles[d["context"]["first_eligible"]]
    ax.text(x0, y, f"1st Eligible: {first}     Deck: {len(d['undrawn_cards'])} cards left", fontsize=9,
            va="center", color="#37474f")
    if d["capabilities"]:
        y -= 0.4
        ax.text(x0, y, "Capabilities: " + ", ".join(f"{c} {side}" for c, side in d["capabilities"].items()),
                fontsize=9, va="center", color="#37474f")
    current = d["context"]["current_space"]
    if 0 <= current < len(space_names):
        y -= 0.4
        ax.text(x0, y, f"Space in play: {space_names[current]}", fontsize=9, va="center",
                color="#e65100", fontweight="bold")


def political_will_boxes(ax, x0, y, pw, pw_max=20, cw=0.82, ch=0.5, per_row=7):
    """The Political Will track 0..``pw_max`` as rows of boxes below ``y``,
    the marker's box filled (1.8, 1.10); returns the y below the last row."""
    from matplotlib.patches import Rectangle

    for v in range(pw_max + 1):
        r, c = divmod(v, per_row)
        bx, by = x0 + c * cw, y - 0.45 - (r + 1) * ch
        on = v == pw
        put(ax, Rectangle((bx, by), cw - 0.06, ch - 0.06, fc="#1565c0" if on else ("#e3f2fd" if v < pw else "white"),
                          ec="#1565c0" if on else "#90a4ae", lw=2.0 if on else 0.8))
        ax.text(bx + (cw - 0.06) / 2, by + (ch - 0.06) / 2, str(v), fontsize=8.5, ha="center", va="center",
                color="white" if on else "#37474f", fontweight="bold" if on else "normal")
    return y - 0.45 - ((pw_max // per_row) + 1) * ch
