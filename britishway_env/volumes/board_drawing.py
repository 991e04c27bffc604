"""What the COIN volumes' boards share when drawn: the board in words
(counts, the pieces of a space, the Initiative Track, the action under way)
and the map picture's pieces and markers (matplotlib glyphs, piece rows,
marker badges). Each volume's ``render`` module lays out its own map and
panel with these."""

from __future__ import annotations

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


# ---------------------------------------------------------------- picture --

def glyph(ax, kind, x, y, size=0.26, z=5):
    """One piece glyph centred at (x, y) in data units."""
    from matplotlib.patches import Circle, FancyBboxPatch, RegularPolygon

    h = size / 2
    if kind == "troops":        # tan cube
        ax.add_patch(FancyBboxPatch((x - h, y - h), size, size, boxstyle="round,pad=0,rounding_size=0.03",
                                    fc=TROOP, ec="#5d4020", lw=1.0, zorder=z))
    elif kind == "police":      # blue cylinder, seen from above
        ax.add_patch(Circle((x, y), h * 1.05, fc=POLICE, ec="#0d2f5e", lw=1.0, zorder=z))
    elif kind in ("underground_cells", "active_cells", "cells"):   # red hexagon
        filled = kind != "underground_cells"
        ax.add_patch(RegularPolygon((x, y), 6, radius=h * 1.15, fc=CELL if filled else "white",
                                    ec=CELL, lw=2.0 if not filled else 1.0, zorder=z))
    elif kind in ("arms_caches",):   # red disc with a dark ring
        ax.add_patch(Circle((x, y), h * 1.1, fc=CACHE, ec="black", lw=1.0, zorder=z))
        ax.add_patch(Circle((x, y), h * 0.45, fc="#ff8a80", ec="none", zorder=z + 0.1))
    elif kind in ("underground_guerrillas", "active_guerrillas", "guerrillas"):   # red octagons
        filled = not kind.startswith("underground")
        ax.add_patch(RegularPolygon((x, y), 8, radius=h * 1.12, fc=CELL if filled else "white", ec=CELL,
                                    lw=2.0 if not filled else 1.0, zorder=z))
    elif kind in ("underground_irregulars", "active_irregulars", "irregulars"):   # green diamonds, not Police discs
        filled = not kind.startswith("underground")
        ax.add_patch(RegularPolygon((x, y), 4, radius=h * 1.3, fc=IRREGULAR if filled else "white",
                                    ec=IRREGULAR if not filled else "#1b3d1d", lw=2.0 if not filled else 1.0,
                                    zorder=z))
    elif kind == "bases":       # flat red disc
        ax.add_patch(Circle((x, y), h * 1.15, fc=CACHE, ec="#3e0000", lw=1.4, zorder=z))


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


def political_will_boxes(ax, x0, y, pw, pw_max=20, cw=0.82, ch=0.5, per_row=7):
    """The Political Will track 0..``pw_max`` as rows of boxes below ``y``,
    the marker's box filled (1.8, 1.10); returns the y below the last row."""
    from matplotlib.patches import Rectangle

    for v in range(pw_max + 1):
        r, c = divmod(v, per_row)
        bx, by = x0 + c * cw, y - 0.45 - (r + 1) * ch
        on = v == pw
        ax.add_patch(Rectangle((bx, by), cw - 0.06, ch - 0.06, fc="#1565c0" if on else ("#e3f2fd" if v < pw else "white"),
                               ec="#1565c0" if on else "#90a4ae", lw=2.0 if on else 0.8))
        ax.text(bx + (cw - 0.06) / 2, by + (ch - 0.06) / 2, str(v), fontsize=8.5, ha="center", va="center",
                color="white" if on else "#37474f", fontweight="bold" if on else "normal")
    return y - 0.45 - ((pw_max // per_row) + 1) * ch
