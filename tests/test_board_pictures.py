"""The COIN volumes' map pictures in two layers (volumes/board_drawing.py, ``board_picture``): the
board's layer (shapes, names, adjacency, legend) is drawn once per process and kept as pixels, and each
picture draws the position's layer on a copy, in a figure kept for it. That must give, pixel for pixel,
the figure drawing both layers at once, in every position: a board artist that depended on the
position, a position artist drawn under a board one it overlaps, or an artist of one position left in
the next one's picture would show here."""

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.volumes import board_drawing
from britishway_env.volumes.arab_revolt import render as arab_revolt_render
from britishway_env.volumes.cyprus import render as cyprus_render
from britishway_env.volumes.palestine import render as palestine_render

RENDERS = {"palestine": palestine_render, "cyprus": cyprus_render, "arab_revolt": arab_revolt_render}


def _positions(volume, seed, every=23, most=7):
    """Positions of a random game, one in ``every`` decisions, with at least one space in play and one
    acted in among them (the highlights are position artists over the board's shapes)."""
    rng = np.random.default_rng(seed)
    g = Game(volume, seed=seed)
    out, k = [], 0
    in_play = acted = False
    while not g.is_terminal() and (len(out) < most or not (in_play and acted)):
        ctx = g.to_dict()["context"]
        now_in_play = ctx["current_space"] >= 0
        now_acted = any(ctx["selected_spaces"])
        if k % every == 0 or (now_in_play and not in_play) or (now_acted and not acted):
            out.append(g.clone())
            in_play |= now_in_play
            acted |= now_acted
        g.apply(int(rng.choice(g.legal_actions())))
        k += 1
    assert in_play and acted
    return out


@pytest.mark.parametrize("volume", sorted(RENDERS))
def test_the_kept_board_layer_gives_the_picture_drawn_at_once(volume, monkeypatch):
    render = RENDERS[volume].render_rgb
    board_drawing._BOARDS.clear()
    board_drawing._POSITION_FIGURES.clear()
    drawn = []
    original = board_drawing._figure

    def counting(*args):
        drawn.append(1)
        return original(*args)

    monkeypatch.setattr(board_drawing, "_figure", counting)
    positions = _positions(volume, seed=3)
    for g in positions:
        kept = render(g)
        assert kept.shape == (800, 1000, 3) and kept.dtype == np.uint8
        assert np.array_equal(kept, render(g, one_pass=True)), g.to_dict()["decision"]
    # One figure for the board layer, one kept for the positions' layer, one per picture drawn at once.
    assert len(drawn) == 2 + len(positions)


def test_arab_revolt_keeps_one_board_layer_per_foreign_countries_in_play():
    """Transjordan and Egypt are greyed on the board while out of play (1.3.7): each way is its own kept
    board layer, and each gives the picture drawn at once."""
    board_drawing._BOARDS.clear()
    d = Game("arab_revolt", seed=2).to_dict()
    pictures = {}
    for in_play in (False, True, False):
        d["transjordan_egypt_in_play"] = in_play
        g = Game.from_dict(d)
        kept = arab_revolt_render.render_rgb(g)
        assert np.array_equal(kept, arab_revolt_render.render_rgb(g, one_pass=True))
        pictures.setdefault(in_play, kept)
        assert np.array_equal(kept, pictures[in_play])
    assert len(board_drawing._BOARDS) == 2
    assert (pictures[False] != pictures[True]).any(axis=2).sum() > 500


def test_pictures_drawn_from_several_threads_at_once_are_each_their_own_position():
    """The position's figure is kept and shared (one picture at a time in it): threads asking at once,
    as the page's server threads and env renders may, each get their own position's picture."""
    from concurrent.futures import ThreadPoolExecutor

    positions = _positions("cyprus", seed=5, every=31, most=6)
    expected = [cyprus_render.render_rgb(g, one_pass=True) for g in positions]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(cyprus_render.render_rgb, positions * 2))
    for i, picture in enumerate(got):
        assert np.array_equal(picture, expected[i % len(positions)])


@pytest.mark.parametrize("volume", sorted(RENDERS))
def test_the_space_in_play_is_outlined_in_orange_where_the_page_says_it_lies(volume):
    """The position's layer outlines the space in play (orange, #e65100) on the edge of the region the
    page makes clickable for it (``map_regions``): the highlight and the map agree on where it is."""
    render = RENDERS[volume]
    regions = {r["name"]: r for r in render.map_regions()["spaces"]}
    g = next(p for p in _positions(volume, seed=3) if p.to_dict()["context"]["current_space"] >= 0)
    d = g.to_dict()
    name = list(regions)[d["context"]["current_space"]]
    picture = render.render_rgb(g).astype(int)
    orange = (np.abs(picture - np.array([0xE6, 0x51, 0x00])).sum(axis=2) < 40)
    r = regions[name]
    if r["shape"] == "circle":
        cx, cy, rad = r["cx"], r["cy"], r["r"]
        yy, xx = np.mgrid[0:picture.shape[0], 0:picture.shape[1]]
        ring = np.abs(np.hypot(xx - cx, yy - cy) - rad) < 3
    else:
        ring = np.zeros(orange.shape, dtype=bool)
        x0, y0, x1, y1 = (int(round(v)) for v in (r["x"], r["y"], r["x"] + r["w"], r["y"] + r["h"]))
        ring[y0 - 2:y0 + 3, x0 + 15:x1 - 15] = True                       # the top and bottom edges
        ring[y1 - 2:y1 + 3, x0 + 15:x1 - 15] = True
    assert orange[ring].mean() > 0.2, name
    assert orange.sum() < 4 * ring.sum() + 500     # little orange anywhere else (the panel's "Space in play")
