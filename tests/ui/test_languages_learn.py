"""Learn in the pseudo-locale at the smallest window: the lesson list, a lesson's page and a
position answered, every word translated, none cut, none outside its box or over another."""

from __future__ import annotations

import pygame

from language_checks import assert_clean, faults, in_the_pseudo_locale

from game.ui.learn.learn_scene import View
from game.ui.scene import SceneName, Transition

WAIT = 60.0     # a bound on the checking thread, never a measure of it


def learn_at_the_smallest_window(ui):
    driver = ui()
    in_the_pseudo_locale(driver)
    driver.c.switch(Transition(SceneName.LEARN))
    driver.frame()
    return driver, driver.scene


def test_the_lesson_list_in_the_pseudo_locale(ui, pseudo_locale):
    driver, scene = learn_at_the_smallest_window(ui)
    assert scene.view is View.LESSONS
    assert_clean(faults(driver, pseudo_locale, {scene.player}))


def test_every_lesson_page_in_the_pseudo_locale(ui, pseudo_locale):
    driver, scene = learn_at_the_smallest_window(ui)
    for index in range(len(scene.lessons)):
        scene.chosen, scene.view = index, View.PAGE
        found = faults(driver, pseudo_locale, {scene.player})
        found["cut"] = [text for text in found["cut"] if not text.endswith("…")]   # a page too long ends in "…"
        assert_clean(found)


def test_a_position_asked_and_answered_in_the_pseudo_locale(ui, pseudo_locale):
    driver, scene = learn_at_the_smallest_window(ui)
    driver.key(pygame.K_RETURN)                    # the first lesson's page
    driver.key(pygame.K_RETURN)                    # its first position
    assert scene.view is View.BOARD
    assert_clean(faults(driver, pseudo_locale, {scene.player}))
    exercise = scene.lesson.exercises[scene.index]
    wrong = next(c for c in exercise.position.legal_moves() if c not in exercise.accepted)
    scene.drop(wrong)
    driver.run_until(lambda: scene.checked is not None, WAIT, "the check of a wrong answer")
    driver.settle(60)
    assert_clean(faults(driver, pseudo_locale, {scene.player}))
    driver.key(pygame.K_RETURN)                    # try again, right this time
    scene.drop(exercise.accepted[0])
    driver.run_until(lambda: scene.checked is not None, WAIT, "the check of a right answer")
    driver.settle(60)
    assert scene.checked.right
    assert_clean(faults(driver, pseudo_locale, {scene.player}))
