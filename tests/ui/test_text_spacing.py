"""Small text is drawn with even letter spacing: no gap opens inside a word ("bot tom", "w ins")."""

from __future__ import annotations

import string

import pygame
import pytest

from game.ui import resources


@pytest.fixture
def fonts():
    pygame.init()
    resources.reset_fonts()
    yield
    resources.reset_fonts()


@pytest.mark.usefixtures("fonts")
@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", range(11, 21))
def test_no_letter_pair_is_drawn_wider_than_its_letters(size: int, bold: bool) -> None:
    # pygame.font kerned the default font with hinted widths: at these sizes up to 202 of the
    # 2704 letter pairs came out wider than their two letters side by side, a gap inside a word
    def width(text: str) -> int:
        return resources.text_width(text, size, bold)

    letters = {c: width(c) for c in string.ascii_letters}
    wider = [a + b for a in letters for b in letters if width(a + b) > letters[a] + letters[b]]
    assert wider == []


@pytest.mark.usefixtures("fonts")
@pytest.mark.parametrize("word", ["bottom", "wins", "Enter", "cut short"])
def test_the_words_seen_split_are_no_wider_than_their_letters(word: str) -> None:
    for size in (11, 12, 14, 16):
        assert resources.text_width(word, size) <= sum(resources.text_width(c, size) for c in word)
        image = resources.render_text(word, size, (255, 255, 255))
        assert image.get_width() == resources.text_width(word, size)


@pytest.mark.usefixtures("fonts")
@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", range(8, 41))
def test_a_line_is_drawn_no_wider_than_its_letters_outlines_allow(size: int, bold: bool) -> None:
    # hinting rounded each advance on its own: at 9-14 pixels a line came out up to 12 % wider
    # than its outlines, with gaps after narrow letters ("Practi ce", "and i deas", "Qui t").
    # (Emboldening the regular weight widens every letter alike: the outline is measured with it.)
    import pygame.freetype

    line = "Open a saved game · Practice · Quit · and ideas · Left/Right"
    pixels = int(max(8, size) * resources.DEFAULT_FONT_SCALE)
    outline = pygame.freetype.Font(None, pixels * 16)
    outline.kerning, outline.strong, outline.pad = False, True, True
    if not bold:
        outline.strength = resources.SUPERSAMPLED_STRENGTH
    assert resources.text_width(line, size, bold) <= 1.06 * outline.get_rect(line).width / 16 + 1
