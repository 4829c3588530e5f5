"""Notices cover nothing the player reads: in a game they stack in the free room left of the board,
clear of the header, the row above the board (this sitting's tally, the analysis), the column
numbers, the board and the status line; where that room is too narrow they go back to the top."""

from __future__ import annotations

import pygame
import pytest

from game.ui.game_scene import GameScene
from game.ui.layout import compute_layout
from game.ui.notices import MIN_ROOM_WIDTH, beside_board

NOTICES = ("2 new drills from this game: Practice (menu) brings them back",
           "Casual game: not rated (it went on from a position)")


@pytest.mark.parametrize("size", [(960, 840), (640, 520), (1600, 1000)])
def test_notices_in_a_game_cover_nothing_read(ui, size):
    driver = ui("human", "ai:1")
    driver.c.resized(size)
    assert isinstance(driver.scene, GameScene)
    for text in NOTICES:
        driver.c.ctx.notices.add(text, seconds=None)
    driver.frame()
    layout = driver.c.ctx.layout
    drawn = [rect for rect, _ in driver.c.ctx.notices._rects]
    assert len(drawn) == len(NOTICES)
    read = {"header": layout.header, "the row above the board": layout.analysis, "numbers": layout.numbers,
            "board": layout.board, "status": layout.status}
    for rect in drawn:
        assert driver.c.surface.get_rect().contains(rect)
        assert not [name for name, area in read.items() if rect.colliderect(area)], rect
    assert driver.c.ctx.notices.handle_click(drawn[0].center)   # still dismissed by a click


def test_a_room_too_narrow_is_none():
    layout = compute_layout((960, 840))
    assert beside_board(layout).width >= MIN_ROOM_WIDTH
    narrow = compute_layout((560, 900))
    room = beside_board(narrow)
    assert room is None or room.width >= MIN_ROOM_WIDTH
