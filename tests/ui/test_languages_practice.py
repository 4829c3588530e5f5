"""Practice in the pseudo-locale at the smallest window: a drill asked, answered right and answered
wrong (its refutation played out, the right move shown), and a puzzle; every word translated,
none cut, none outside its box or over another."""

from __future__ import annotations

from datetime import datetime

import pygame

from language_checks import assert_clean, faults, in_the_pseudo_locale
from test_practice_scene import THREAT, WAIT, drill_at, finish, keep, wrong_column

from game.engine.drills import Drill, DrillKind, DrillSource
from game.ui.practice.practice_round import Phase
from game.ui.scene import SceneName, Transition


def practice_at_the_smallest_window(ui):
    driver = ui()
    in_the_pseudo_locale(driver)
    driver.c.switch(Transition(SceneName.PRACTICE))
    driver.run_until(lambda: driver.scene.attempt is not None, timeout=WAIT, what="the first exercise")
    return driver, driver.scene


def a_drill_from_a_game():
    drill = drill_at(THREAT, 6)
    source = DrillSource(datetime.now().astimezone().date(), 7, "Apprentice")
    keep(Drill(drill.moves, 6, (3,), drill.kept, DrillKind.MISSED_WIN, source))


def test_a_drill_asked_then_answered_right_in_the_pseudo_locale(ui, pseudo_locale):
    a_drill_from_a_game()
    driver, scene = practice_at_the_smallest_window(ui)
    allowed = {"Apprentice", scene.keeper.player}
    assert_clean(faults(driver, pseudo_locale, allowed))
    driver.key(pygame.K_4)
    finish(driver)
    driver.run_until(lambda: scene.why is not None, timeout=WAIT, what="the explanation")
    assert scene.attempt.solved
    assert_clean(faults(driver, pseudo_locale, allowed))


def test_a_drill_answered_wrong_in_the_pseudo_locale(ui, pseudo_locale):
    a_drill_from_a_game()
    driver, scene = practice_at_the_smallest_window(ui)
    allowed = {"Apprentice", scene.keeper.player}
    attempt = scene.attempt
    for _ in range(2):
        driver.run_until(lambda: attempt.phase is Phase.ASK and scene._settled(), timeout=WAIT, what="a try")
        driver.key(pygame.K_1 + wrong_column(attempt))
        assert_clean(faults(driver, pseudo_locale, allowed))
    finish(driver)
    assert attempt.solved is False and scene.why
    assert_clean(faults(driver, pseudo_locale, allowed))


def test_a_puzzle_in_the_pseudo_locale(ui, pseudo_locale):
    driver, scene = practice_at_the_smallest_window(ui)      # no drills: a puzzle
    assert scene.attempt.exercise.puzzle is not None
    assert_clean(faults(driver, pseudo_locale, {scene.keeper.player}))
    attempt = scene.attempt
    driver.key(pygame.K_1 + wrong_column(attempt))
    finish(driver)
    assert_clean(faults(driver, pseudo_locale, {scene.keeper.player}))
