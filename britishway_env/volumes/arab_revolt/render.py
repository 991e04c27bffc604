"""The Arab Revolt board as text (``render_text``) and as a picture (``render_rgb``):
the Palestine board with its Foreign Countries, Opposition, the Unity Track
and both chit pools."""

from __future__ import annotations

import numpy as np

from ...engine.coin.parameters import game_values
from ..boards.palestine import KIND_NAMES, N_SPACES, SPACE_KIND, SPACE_NAMES
from .. import board_drawing
from ..board_drawing import BOARD, board_picture, count, legend_box, panel_closing, panel_frame, panel_heading, \
    piece_row, pieces_words, political_will_boxes, put, title_strip
from ..boards.palestine_picture import AXES, DPI, FIG_H, FIG_W, MAP_W, MARKER_STYLE, PX, TITLE_H, draw_map
from . import layout as L
from . import parameters as P
from .card_texts import card_text
from .cards import CARD_TITLES

# Pieces and markers of a space, in the order the board lists them (1.4, 1.6, 1.9, 1.12).
_PIECE_WORDS = (("troops", "Troop", "Troops"), ("police", "Police", "Police"),
                ("underground_irregulars", "Underground Irregular", "Underground Irregulars"),
                ("active_irregulars", "Active Irregular", "Active Irregulars"),
                ("underground_guerrillas", "Underground Guerrilla", "Underground Guerrillas"),
                ("active_guerrillas", "Active Guerrilla", "Active Guerrillas"), ("bases", "Base", "Bases"),
                ("opposition", "Opposition", "Opposition"), ("sabotage", "Sabotage", "Sabotage"),
                ("curfew", "Curfew", "Curfew"))
_PIECE_KEYS = ("troops", "police", "underground_irregulars", "active_irregulars", "underground_guerrillas",
               "active_guerrillas", "bases")
_MARKER_KEYS = ("opposition", "sabotage", "curfew")
def political_will_words(values) -> str:
    """The Political Will Phase (6.1.1-6.1.5) in words, from the rule
    parameters the kernel reads (``values[P_...]``: the printed ones in the
    base game, a variant's own otherwise)."""
    won = values[P.P_REBEL_VICTORY_WILL]
    return (f"Propaganda Round, Political Will Phase (6.1): Sabotage first on each Railway with more Guerrillas "
            f"than British pieces, then -{values[P.P_SABOTAGED_RAILWAY_WILL]} per Railway with Sabotage and +1 "
            f"per {values[P.P_CLEAR_RAILWAYS_PER_WILL]} Railways without (6.1.1); "
            f"-{values[P.P_REBELLION_SPACE_WILL]} per City or District with more Rebel than British pieces and "
            f"+1 per {values[P.P_CONTAINED_SPACES_PER_WILL]} with no Rebel piece and no Opposition (6.1.2); "
            f"-{values[P.P_REBEL_LEADERS_WILL]} per District with a Rebel Base (6.1.3); -1 per "
            f"{values[P.P_IRREGULARS_PER_WILL]} Irregulars on the map (6.1.4); each \"per\" rounded down. "
            f"Political Will 0-20: the Rebels win if it is {won if won == 0 else f'{won} or less'} at a Propaganda Round, the "
            f"British after the last (7.0).")


def legend(values=P.BASE) -> str:
    """The board's legend; the Political Will Phase's numbers from ``values``
    (the rule parameters, :func:`political_will_words`)."""
    return ("Legend: Troops and Police are British cubes, Irregulars British cylinders (on the picture: Police "
            "blue discs, Irregulars green diamonds); Rebel Guerrillas are Underground (hidden) or Active "
            "(revealed, 1.4.3); Rebel Bases are red discs; Opposition, Sabotage and Curfew are markers (1.6, "
            "1.9, 1.12). " + political_will_words(values) + " Unity Track: Decentralized (Divide 3) .. "
            "Centralized (Divide 0, 6.6). Foreign Countries hold only Rebel pieces (1.3.7).")


LEGEND = legend()       # the base game's


def _pieces_words(pieces: dict) -> str:
    return pieces_words(pieces, _PIECE_WORDS, ("sabotage",), ("curfew", "opposition"))


def card_lines(game) -> list[str]:
    """The card in play: title and both texts (5.2)."""
    return board_drawing.card_lines(int(game.state[L.CARD]), CARD_TITLES, card_text)


def initiative_words(d: dict) -> str:
    """The Initiative Track (2.3): who is 1st and 2nd Eligible and the box each took on this card."""
    return board_drawing.initiative_words(d, L.BOX_NAMES, tuple(n.capitalize() for n in L.FACTION_NAMES))


def action_in_progress(d: dict) -> str:
    """The Operation and Special Activity under way, in words ("" when none).
    Foreign Assistance's Rally (6.2.3) is named so, with the Foreign Countries
    its chit allows, not as a Limited Rally."""
    ctx = d["context"]
    if ctx["foreign_assistance"] and ctx["operation"] == L.OP_RALLY:
        n, limit = ctx["n_selected"], ctx["space_limit"]
        return (f"Foreign Assistance (6.2.3): Rally in up to {count(limit, 'Foreign Country', 'Foreign Countries')}, "
                f"{n} so far")
    return board_drawing.action_in_progress(d, L.OP_NAMES, L.SA_NAMES)


def unity_words(box: int) -> str:
    """A box of the Unity Track (6.6) as the board prints it, with its Divide
    value (6.6.2): the state dict's ``unity_track`` is the box, 0
    (Decentralized, leftmost) to 4 (Centralized, rightmost), not the value."""
    return f"{L.UNITY_NAMES[box]}, Divide value {int(L.UNITY_VALUES[box])}"


def unity_change(before: int, after: int) -> str:
    """A move of the Unity Track in the log's words (6.6.1): the boxes by their
    printed values, and which way it went."""
    way = "toward Centralized" if after > before else "toward Decentralized"
    return f"Unity Track {way}: {unity_words(before)} -> {unity_words(after)}"


def _chits(pool: dict) -> str:
    parts = []
    for key, word in (("held", "held"), ("drawn", "drawn"), ("set_aside", "set aside")):
        if pool[key]:
            parts.append(f"{word} {', '.join(map(str, pool[key]))}")
    if pool["in_play"] is not None:
        parts.append(f"in play {pool['in_play']}" + (" (+1 Coordinate)" if pool.get("coordinate_bonus") else ""))
    return "; ".join(parts) or "all in the cup"


def render_text(game) -> str:
    """The board in words: the card in play with both texts, the Initiative
    Track, Political Will and the Unity Track, pools, both chit pools,
    capabilities by name, every space and a legend (rules 1.0-2.3, 6.6)."""
    d = game.to_dict()
    ctx = d["context"]
    lines = [f"The British Way: Arab Revolt - seed {d['seed']}; campaign {ctx['propaganda_rounds'] + 1} "
             f"({ctx['propaganda_rounds']} of 3 Propaganda Rounds done); cards played {len(d['played_cards'])}, "
             f"left in the deck {len(d['undrawn_cards'])}"]
    lines += board_drawing.situation_lines(d, card_lines(game), initiative_words(d), action_in_progress(d),
                                           L.FACTION_NAMES, L.FACTION_TITLES)
    unity = d["unity_track"]
    lines.append(f"Political Will {d['political_will']}/20   Unity Track: {unity_words(unity)} "
                 f"(box {unity + 1} of 5 from Decentralized)"
                 + ("   Transjordan and Egypt in play" if d["transjordan_egypt_in_play"] else ""))
    av = d["available"]
    lines.append(f"British: Available {count(av['troops'], 'Troop', 'Troops')}, {av['police']} Police, "
                 f"{count(av['irregulars'], 'Irregular', 'Irregulars')}; Out of Play "
                 f"{count(d['out_of_play_troops'], 'Troop', 'Troops')}"
                 + (f"; {d['police_on_tegart_forts']} Police on Tegart Forts" if d["police_on_tegart_forts"] else ""))
    lines.append(f"  Punishment chits: {_chits(d['punishment_chits'])}")
    lines.append(f"Rebels: Available {count(av['guerrillas'], 'Guerrilla', 'Guerrillas')}, "
                 f"{count(av['bases'], 'Base', 'Bases')}; Prison "
                 f"{count(d['prison']['guerrillas'], 'Guerrilla', 'Guerrillas')}, "
                 f"{count(d['prison']['bases'], 'Base', 'Bases')}")
    lines.append(f"  Operations chits: {_chits(d['operations_chits'])}")
    lines += board_drawing.capability_lines(d, CARD_TITLES, card_text)
    lines.append("Map:")
    for i in range(N_SPACES):
        name = SPACE_NAMES[i]
        out = name in ("Transjordan", "Egypt") and not d["transjordan_egypt_in_play"]
        where = KIND_NAMES[SPACE_KIND[i]] + (" (out of play)" if out else "")
        lines.append(f"  {name:<27} {where:<31} {_pieces_words(d['spaces'].get(name, {}))}")
    lines.append(legend(game_values(game.state)))
    return "\n".join(lines)


# ---------------------------------------------------------------- picture --

def _draw_panel(ax, d, layer):
    from matplotlib.patches import Rectangle

    W, H = (FIG_W - MAP_W) / PX, (FIG_H - TITLE_H) / PX
    panel_frame(ax, W, H, ([0.02, 0.02], [0, H]), layer)
    x0 = 0.3
    if layer == BOARD:
        entries = [("troops", "Troops"), ("police", "Police"), ("underground_irregulars", "Underground Irregular"),
                   ("active_irregulars", "Active Irregular"), ("underground_guerrillas", "Underground Guerrilla"),
                   ("active_guerrillas", "Active Guerrilla"), ("bases", "Base")]
        legend_box(ax, x0, W, entries, MARKER_STYLE, _MARKER_KEYS, x0 + 0.95, 1.95)
        return

    def heading(y, text):
        panel_heading(ax, x0, y, text)

    # Political Will 0..20: three rows of seven boxes.
    pw = d["political_will"]
    y = H - 0.35
    heading(y, f"Political Will  {pw} / 20")
    below = political_will_boxes(ax, x0, y, pw)

    # The Unity Track: five boxes, their Divide values (6.6).
    unity = d["unity_track"]
    y = below - 0.45
    heading(y, f"Unity Track  {L.UNITY_NAMES[unity]}  (Decentralized .. Centralized)")
    bw, bh = 1.1, 0.55
    by = y - 0.4 - bh
    for v in range(5):
        bx = x0 + v * bw
        on = v == unity
        put(ax, Rectangle((bx, by), bw - 0.08, bh, fc="#6a1b9a" if on else "white",
                          ec="#6a1b9a" if on else "#90a4ae", lw=2.0 if on else 0.8))
        ax.text(bx + (bw - 0.08) / 2, by + bh / 2, str(int(L.UNITY_VALUES[v])), fontsize=11, fontweight="bold",
                ha="center", va="center", color="white" if on else "#37474f")

    pr = d["context"]["propaganda_rounds"]
    y = by - 0.45
    heading(y, f"Propaganda Rounds  {pr} / 3")

    av = d["available"]
    y -= 0.55
    heading(y, "Available")
    piece_row(ax, [("troops", av["troops"]), ("police", av["police"]), ("irregulars", av["irregulars"]),
                    ("guerrillas", av["guerrillas"]), ("bases", av["bases"])], x0 + 1.6, y, slot=0.78)
    y -= 0.5
    heading(y, "Prison")
    piece_row(ax, [("guerrillas", d["prison"]["guerrillas"]), ("bases", d["prison"]["bases"])], x0 + 1.6, y,
              slot=0.85)
    ax.text(x0 + 3.5, y, f"Out of Play: {d['out_of_play_troops']} Troops", fontsize=8.5, va="center",
            color="#455a64")
    y -= 0.5
    ops = d["operations_chits"]
    heading(y, "Operations chits")
    ax.text(x0 + 2.7, y, _chits(ops), fontsize=8.5, va="center", color="#37474f")
    y -= 0.45
    heading(y, "Punishment chits")
    ax.text(x0 + 2.7, y, _chits(d["punishment_chits"]), fontsize=8.5, va="center", color="#37474f")
    y -= 0.45
    panel_closing(ax, x0, y, d, L.FACTION_TITLES, SPACE_NAMES[:N_SPACES])


def _draw(fig, axes, d, layer):
    """The picture's ``layer`` (board_drawing.board_picture): the map with the Foreign Countries, Transjordan
    and Egypt greyed while out of play (1.3.7), the panel, the title strip."""
    ax_map, ax_panel = axes
    draw_map(ax_map, d, SPACE_NAMES, _PIECE_KEYS, _MARKER_KEYS, _out_of_play(d), layer)
    _draw_panel(ax_panel, d, layer)
    title_strip(fig, FIG_H, TITLE_H, f"The British Way: Arab Revolt   |   Card: {d['card'] or 'none yet'}", d,
                (d["current_agent"] or "nobody").capitalize(), action_in_progress(d), layer)


def _out_of_play(d: dict) -> tuple[str, ...]:
    return () if d["transjordan_egypt_in_play"] else ("Transjordan", "Egypt")


def render_rgb(game, one_pass: bool = False) -> np.ndarray:
    """The board as an (800, 1000, 3) uint8 picture: map with the Foreign Countries, pieces, markers,
    tracks, pools and chits (the board's layer drawn once per process for each set of spaces out of
    play, board_drawing.board_picture; ``one_pass`` draws it too)."""
    d = game.to_dict()
    return board_picture(d, (FIG_W, FIG_H, DPI), AXES, _draw, _out_of_play(d), one_pass)


def map_regions() -> dict:
    """The picture's size and each space's region in its pixels, the Foreign Countries included
    (boards/palestine_picture.py)."""
    from ..boards.palestine_picture import space_regions

    return {"width": FIG_W, "height": FIG_H, "spaces": space_regions(SPACE_NAMES)}


def spaces_in_words(d: dict) -> dict[str, str]:
    """Each space's pieces and markers in words, from the state dict ``d`` (as the board in words lists
    them; Transjordan and Egypt say when they are out of play, 1.3.7)."""
    out = {}
    for name in SPACE_NAMES:
        words = _pieces_words(d["spaces"].get(name, {}))
        if name in ("Transjordan", "Egypt") and not d["transjordan_egypt_in_play"]:
            words = f"out of play; {words}" if words != "-" else "out of play"
        out[name] = words
    return out
