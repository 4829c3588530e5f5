"""``python -m game.learn``: the course as JSON (every lesson's title, text and positions, columns
1-7) or text, and a wrong argument refused with status 2."""

from __future__ import annotations

import json
import subprocess
import sys

from game.engine.board import Position
from game.training.course import load_course
from game.tools.learn import main


def test_the_json_holds_every_lesson_and_position(capsys):
    assert main(["--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    course = load_course()
    assert [lesson["title"] for lesson in doc["lessons"]] == [lesson.title for lesson in course]
    assert sum(len(lesson["positions"]) for lesson in doc["lessons"]) >= 40
    for lesson, shipped in zip(doc["lessons"], course):
        assert set(lesson) >= {"title", "text", "positions"} and lesson["text"] == shipped.text
        for position, exercise in zip(lesson["positions"], shipped.exercises, strict=True):
            assert set(position["position"]) <= set("1234567")
            assert Position.from_moves(position["position"]) == exercise.position
            assert position["accepted"] == [c + 1 for c in exercise.accepted]
            assert all(1 <= c <= 7 for c in position["accepted"])


def test_the_text_names_each_lesson(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert all(lesson.title in out for lesson in load_course())


def test_the_module_runs_and_refuses_a_wrong_argument():
    done = subprocess.run([sys.executable, "-m", "game.learn", "--nope"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "unrecognized arguments" in done.stderr
    done = subprocess.run([sys.executable, "-m", "game.learn", "--json"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout)["lessons"]
