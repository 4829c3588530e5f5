"""The Learn scene headless: opened from the menu's row, offered once to a player opening the game for
the first time, a lesson's page then its positions, each answer checked off the window's thread and
explained, progress kept per player, and the page readable from 640x520 to 1600x1000."""

from __future__ import annotations

import json

import pygame
import pytest

from conftest import TextRecorder

from game.training.course import load_course
from game.store.learned import load_progress, progress_path
from game.store.prefs import prefs_path
from game.ui.learn import LearnScene
from game.ui.learn.learn_scene import MIN_TEXT, View, page_lines
from game.ui.overlays import Confirm
from game.ui.resources import font
from game.ui.scene import SceneName, Transition

WAIT = 60.0     # a bound on background work, never a measure of it
NUMBER = {c: getattr(pygame, f"K_{c + 1}") for c in range(7)}


def open_learn(driver) -> LearnScene:
    driver.c.switch(Transition(SceneName.LEARN))
    driver.frame()
    scene = driver.scene
    assert isinstance(scene, LearnScene)
    return scene


def test_the_menu_has_a_learn_row_that_opens_the_course(ui):
    driver = ui()
    menu = driver.scene
    rows = menu.rows()
    learn = next(row for row in rows if row.label == "Learn")
    learn.activate()
    driver.frame()
    assert isinstance(driver.scene, LearnScene) and driver.scene.view is View.LESSONS


def test_a_first_time_player_is_offered_the_course_once(ui):
    prefs_path().unlink()                          # nothing chosen ever: the game opened for the first time
    driver = ui()
    overlay = driver.scene.overlay
    assert isinstance(overlay, Confirm) and "course" in overlay.question
    assert json.loads(prefs_path().read_text())["course_offered"] is True
    driver.key(pygame.K_n)                         # "Not now"
    assert driver.scene.overlay is None and not isinstance(driver.scene, LearnScene)
    driver.c.shutdown()
    again = ui()
    assert again.scene.overlay is None             # never asked again


def test_saying_yes_opens_the_course(ui):
    prefs_path().unlink()
    driver = ui()
    driver.key(pygame.K_RETURN)
    driver.frame()
    assert isinstance(driver.scene, LearnScene)


def test_a_returning_player_is_not_offered_the_course(ui):
    prefs_path().write_text(json.dumps({"menu": {"mode": "vs_computer"}}))
    driver = ui()
    assert driver.scene.overlay is None


def test_a_lesson_page_then_its_positions_checked_and_kept(ui):
    driver = ui()
    scene = open_learn(driver)
    driver.key(pygame.K_DOWN)                      # the centre
    driver.key(pygame.K_DOWN)                      # win at once
    driver.key(pygame.K_DOWN)                      # block
    driver.key(pygame.K_RETURN)
    assert scene.view is View.PAGE and scene.lesson.slug == "block"
    driver.key(pygame.K_RETURN)
    assert scene.view is View.BOARD and scene.index == 0
    exercise = scene.lesson.exercises[0]
    wrong = next(c for c in exercise.position.legal_moves() if c not in exercise.accepted)
    driver.key(NUMBER[wrong])
    assert scene.played == wrong
    driver.run_until(lambda: scene.checked is not None, WAIT, "the check of a wrong answer")
    assert not scene.checked.right and scene.checked.why
    driver.settle(60)
    with TextRecorder() as seen:
        scene.draw(driver.c.surface)
    assert any("Not this one" in t for t in seen.texts), "|".join(seen.texts)
    driver.key(pygame.K_RETURN)                    # try again
    assert scene.played is None and scene.index == 0
    driver.key(NUMBER[exercise.accepted[0]])
    driver.run_until(lambda: scene.checked is not None, WAIT, "the check of a right answer")
    assert scene.checked.right
    assert scene.keeper.solved("You", "block") == {0}
    driver.key(pygame.K_RETURN)
    assert scene.index == 1 and scene.played is None
    assert scene.keeper.flush(WAIT)
    progress, notice = load_progress(progress_path())
    assert notice is None and [(p.player, p.lesson, p.solved) for p in progress] == [("You", "block", {0})]
    driver.key(pygame.K_ESCAPE)
    assert scene.view is View.LESSONS
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is not scene


class SlowKeeper:
    """A keeper whose answers come only when the test says: the window must go on meanwhile."""

    def __init__(self):
        self.asked, self.ready = [], {}

    def load(self):
        pass

    def solved(self, player, lesson):
        return frozenset()

    def check(self, exercise, column, names):
        self.asked.append(column)
        return len(self.asked)

    def answer(self, ticket):
        return self.ready.pop(ticket, None)

    def poll(self):
        return []

    def mark_solved(self, player, lesson, index):
        pass

    def close(self):
        return True


def test_the_window_goes_on_while_the_answer_is_checked(ui):
    driver = ui()
    scene = LearnScene(driver.c.ctx, SlowKeeper())
    driver.c.register(SceneName.LEARN, scene)
    open_learn(driver)
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)                    # Left/Right + Enter drop
    assert scene.keeper.asked == [4]
    driver.settle(20)
    with TextRecorder() as seen:
        scene.draw(driver.c.surface)
    assert any("Checking column 5" in t for t in seen.texts) and scene.checked is None


@pytest.mark.parametrize("size", [(640, 520), (960, 840), (1600, 1000)])
def test_every_page_reads_whole_at_every_size(ui, size):
    driver = ui()
    driver.c.resized(size)
    scene = open_learn(driver)
    surface = pygame.Surface(size)
    scene.view = View.PAGE
    for i, lesson in enumerate(load_course()):
        scene.chosen = i
        with TextRecorder() as seen:
            scene.draw(surface)
        drawn = " ".join(seen.texts)
        assert lesson.text.split()[-1] in drawn and "…" not in drawn   # the whole page, none cut
        for text, rect in seen.rects:
            assert surface.get_rect().contains(rect), (text, rect)
        lines, text_size, line_h = page_lines(lesson.text, min(size[0] - 40, 760), size[1] // 2, 30)
        assert text_size >= MIN_TEXT and line_h > font(text_size).get_linesize()


def test_f1_opens_the_keys_and_esc_closes_them(ui):
    driver = ui()
    scene = open_learn(driver)
    driver.key(pygame.K_F1)
    assert scene.overlay is not None
    with TextRecorder() as seen:
        scene.draw(driver.c.surface)
    assert any("1-7" in t for t in seen.texts)
    driver.key(pygame.K_ESCAPE)
    assert scene.overlay is None and driver.scene is scene      # Esc closed the help, not the scene


def test_after_a_lessons_last_position_the_next_lesson_is_chosen(ui):
    driver = ui()
    scene = open_learn(driver)
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    lesson = scene.lesson
    for index, exercise in enumerate(lesson.exercises):
        assert scene.index == index and scene.view is View.BOARD
        driver.key(NUMBER[exercise.accepted[0]])
        driver.run_until(lambda: scene.checked is not None, WAIT, "the check")
        assert scene.checked.right
        driver.key(pygame.K_RETURN)
    assert scene.view is View.LESSONS and scene.chosen == 1
    assert scene.solved(lesson) == set(range(len(lesson.exercises)))
