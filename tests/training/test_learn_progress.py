"""Progress through the course (game.store.learned, game.training.coursework): kept per player
through the file-safety layer, every field's range checked where a line is read, damaged lines
set aside, and answers proved off the window's thread."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.training.course import load_course
from game.training.coursework import CourseKeeper
from game.store.learned import LESSONS_NAME, LessonProgress, load_progress, update_progress


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / LESSONS_NAME


def line(**doc: object) -> bytes:
    return json.dumps({"player": "You", "lesson": "block", "solved": [0, 2], **doc}).encode() + b"\n"


def test_progress_is_kept_per_player_and_read_back(path: Path) -> None:
    update_progress(lambda _: [LessonProgress("Ann", "block", frozenset({1})),
                               LessonProgress("You", "block", frozenset({0, 3}))], path)
    progress, notice = load_progress(path)
    assert notice is None
    assert {(p.player, p.lesson): p.solved for p in progress} == {("Ann", "block"): {1}, ("You", "block"): {0, 3}}


@pytest.mark.parametrize("bad", [
    {"solved": [-1]}, {"solved": [32]}, {"solved": [True]}, {"solved": [1.5]}, {"solved": "0"},
    {"solved": list(range(33))}, {"lesson": "Block"}, {"lesson": "x" * 40}, {"lesson": 3},
    {"player": ""}, {"player": "a\nb"}, {"player": "x" * 40}])
def test_a_line_out_of_range_is_set_aside_and_the_others_kept(path: Path, bad: dict) -> None:
    path.write_bytes(line() + line(**bad) + line(player="Ann", solved=[4]))
    progress, notice = load_progress(path)
    assert [(p.player, p.solved) for p in progress] == [("You", {0, 2}), ("Ann", {4})]
    assert notice and "set aside" in notice
    aside = path.with_name(LESSONS_NAME + ".bad")
    assert aside.read_bytes() == line(**bad)
    assert load_progress(path) == (progress, None)     # the file was written back without it


def test_a_file_that_cannot_be_read_is_never_written(path: Path) -> None:
    path.mkdir()
    progress, notice = load_progress(path)
    assert progress == [] and notice and "Cannot read" in notice
    with pytest.raises(OSError):
        update_progress(lambda entries: entries, path)
    assert path.is_dir()


def test_the_keeper_remembers_at_once_and_writes_on_its_thread(path: Path) -> None:
    keeper = CourseKeeper(path)
    keeper.load()
    keeper.mark_solved("Ann", "centre", 2)
    assert keeper.solved("ann", "centre") == {2}       # names compared as practice compares them
    assert keeper.flush(30)
    again = CourseKeeper(path)
    again.load()
    assert again.flush(30)
    assert again.solved("Ann", "centre") == {2} and again.solved("You", "centre") == frozenset()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_folder_that_cannot_be_written_keeps_progress_for_the_sitting(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        keeper = CourseKeeper(folder / LESSONS_NAME)
        keeper.mark_solved("You", "win", 1)
        assert keeper.flush(30)
        assert keeper.solved("You", "win") == {1}
        assert any("could not be saved" in n for n in keeper.poll())
    finally:
        folder.chmod(0o700)


def test_an_answer_is_proved_off_the_callers_thread_and_explained(path: Path) -> None:
    lesson = next(lesson for lesson in load_course() if lesson.slug == "block")
    exercise = lesson.exercises[0]
    wrong = next(c for c in exercise.position.legal_moves() if c not in exercise.accepted)
    keeper = CourseKeeper(path)
    right_ticket = keeper.check(exercise, exercise.accepted[0], ("Red", "Yellow"))
    wrong_ticket = keeper.check(exercise, wrong, ("Red", "Yellow"))
    assert keeper.flush(60)
    right, missed = keeper.answer(right_ticket), keeper.answer(wrong_ticket)
    assert right is not None and right.right and right.column == exercise.accepted[0]
    assert missed is not None and not missed.right and "wins" in missed.why
    assert keeper.answer(right_ticket) is None          # handed out once
