"""The map pictures' piece glyphs (volumes/board_drawing.py): pieces a player must tell apart at a glance
differ in shape and colour."""

from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from matplotlib.patches import Circle, RegularPolygon

from britishway_env.volumes.board_drawing import glyph


def _drawn(kind):
    ax = Figure().add_subplot()
    glyph(ax, kind, 0.5, 0.5)
    return ax.patches[0]


def test_arab_revolts_police_and_active_irregulars_differ_in_shape_and_colour():
    police, irregular = _drawn("police"), _drawn("active_irregulars")
    assert isinstance(police, Circle) and isinstance(irregular, RegularPolygon) and irregular.numvertices == 4
    assert to_hex(police.get_facecolor()) != to_hex(irregular.get_facecolor())
    underground = _drawn("underground_irregulars")
    assert isinstance(underground, RegularPolygon) and to_hex(underground.get_facecolor()) == "#ffffff"
    assert to_hex(underground.get_edgecolor()) == to_hex(irregular.get_facecolor())
    guerrilla = _drawn("active_guerrillas")            # the Rebels' octagons stay red
    assert guerrilla.numvertices == 8 and to_hex(guerrilla.get_facecolor()) != to_hex(irregular.get_facecolor())
