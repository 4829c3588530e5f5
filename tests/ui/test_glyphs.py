"""Every text size the window uses draws its letters whole: the default font's "t" keeps its
crossbar on both sides of the stem (FreeType's hinting drew it like "1" at 11 and 12 pixels, and
the menu's footer read "Lef1/Righ1 · star1 · quif")."""

from __future__ import annotations

import pygame
import pytest

from game.ui.resources import font

WHITE = (255, 255, 255)


def alpha(surface: pygame.Surface) -> list[list[int]]:
    width, height = surface.get_size()
    return [[surface.get_at((x, y))[3] for x in range(width)] for y in range(height)]


def crossbar_both_sides(glyph: pygame.Surface) -> bool:
    """The "t" drawn: its crossbar (the inkiest of its upper rows) is clearly darker than the stem's
    rows (their lightest) somewhere left of the stem's core and somewhere right of it (the core: the columns fully
    inked all down the stem). Antialiasing greys the stem's edges; a crossbar stands out from them."""
    cells = alpha(glyph)
    rows = [y for y, row in enumerate(cells) if max(row) > 60]
    stem_rows = rows[len(rows) // 2:-1]
    width = glyph.get_width()
    core = [x for x in range(width) if all(cells[y][x] >= 200 for y in stem_rows)]
    bar = max(rows[:len(rows) // 2 + 1], key=lambda y: sum(cells[y]))

    def stands_out(x: int) -> bool:
        return cells[bar][x] - min(cells[y][x] for y in stem_rows) >= 80

    return bool(core) and any(map(stands_out, range(min(core)))) and any(map(stands_out, range(max(core) + 1, width)))


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_t_has_its_crossbar_at_every_size_the_layout_uses(bold):
    # The smallest text drawn is 11 (``largest_fitting``'s floor); titles reach about 60.
    broken = [size for size in range(11, 65)
              if not crossbar_both_sides(font(size, bold).render("t", True, WHITE))]
    assert not broken


def test_the_menu_footer_at_the_default_size_draws_t_whole():
    # 960x840: the footer asks for max(14, 840 // 45) = 18 and fits down from there.
    for size in range(13, 19):
        word = font(size).render("Left", True, WHITE)
        last = font(size).size("Lef")[0]
        assert crossbar_both_sides(word.subsurface((last, 0, word.get_width() - last, word.get_height())))


def test_a_raised_size_keeps_the_lines_in_order():
    heights = [font(size).get_linesize() for size in range(11, 65)]
    assert heights == sorted(heights)
