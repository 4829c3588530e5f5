"""The review at its edges: the first and the last move, a drawn or undecided game, a network game,
a failed analysis, the smallest window; the footer offers only keys that work."""

from __future__ import annotations

import pygame
import pytest

from conftest import TextRecorder

from game.domain.players import HUMAN, parse_player_spec
from game.ui.layout import MIN_SIZE
from game.ui.scene import ReviewStart, SceneName, Transition

LOST = "445354556734435313346576667777"      # a casual player (Red) losing to Easy
WON = "1525354"                             # Red wins in column 4
DRAW = "441365675334466335442232661515577771217122"   # a full board without four in a row
UNDECIDED = "152535"                        # saved before the end (or ended by a resignation)


def open_review(ui, moves, *, size=MIN_SIZE, theme="classic", **start):
    driver = ui(review_time=0.2)
    driver.c.ctx.theme_name = theme
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    start = {"red": HUMAN, "yellow": parse_player_spec("Easy"), **start}
    driver.c.switch(Transition(SceneName.REVIEW, ReviewStart(moves, **start)))
    driver.frame()
    scene = driver.scene
    driver.run_until(lambda: scene.review is not None or scene.error is not None, timeout=120, what="the review")
    assert scene.error is None
    return driver, scene


def drawn(driver):
    with TextRecorder() as recorder:
        driver.frame()
    return recorder.rects
