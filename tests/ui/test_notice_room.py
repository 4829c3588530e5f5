"""Notices cover nothing the player reads: in a game they stack in the free room left of the board,
clear of the header, the row above the board (this sitting's tally, the analysis), the column
numbers, the board and the status line; where that room is too narrow they go back to the top."""

from __future__ import annotations

import pygame
import pytest

from game.ui.game.game_scene import GameScene
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


@pytest.mark.parametrize("size", [(960, 840), (640, 520), (1600, 1000)])
def test_notices_in_the_review_cover_neither_the_list_nor_the_board_nor_the_graph(ui, size):
    from game.domain.players import HUMAN
    from game.ui.review.review_scene import ReviewScene
    from game.ui.scene import ReviewStart, SceneName, Transition

    driver = ui()
    driver.c.resized(size)
    driver.c.switch(Transition(SceneName.REVIEW, ReviewStart("444433556", HUMAN, HUMAN)))
    scene = driver.scene
    assert isinstance(scene, ReviewScene)
    driver.run_until(lambda: scene.state.review is not None, 60.0, "the review")
    driver.c.ctx.notices.items.clear()
    for text in NOTICES:
        driver.c.ctx.notices.add(text, seconds=3.0)
    driver.frame()
    notices = driver.c.ctx.notices
    drawn = [rect for rect, _ in notices._rects]
    assert drawn, "no notice shown at all"
    hits = scene.hits
    for rect in drawn:
        assert not [row for row, _ in hits.rows if rect.colliderect(row)], rect
        assert not rect.colliderect(hits.graph) and hits.free.contains(rect)
    # a notice that has no room yet keeps its seconds until it is shown
    waiting = {id(n): n.remaining for n in notices.items if all(n is not shown for _, shown in notices._rects)}
    driver.settle(10, dt=0.2)
    assert all(n.remaining == waiting[id(n)] for n in notices.items if id(n) in waiting)
    driver.settle(40, dt=0.2)
    assert not set(NOTICES) & set(notices.texts())     # each was shown, and then its time ran out
