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
