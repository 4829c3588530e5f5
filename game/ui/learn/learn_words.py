"""The Learn scene's words, worked out from values (no drawing, no state): the lesson list's rows,
the header and the keys line. Each ``*_texts`` gives the longest wording first, for
``resources.largest_fitting``."""

from __future__ import annotations

from collections.abc import Collection

from game.training.course import Lesson

__all__ = ["LEARN_HELP", "header_texts", "keys_texts", "lesson_row"]

#: The keys, for the help (F1).
LEARN_HELP = ("Learn", [
    "The lessons: Up/Down choose a lesson, Enter (or a click) opens its page, Esc goes back to the menu.",
    "A lesson's page: Enter (or a click) starts its positions, Esc goes back to the lessons.",
    "A position: 1-7 or a click drops a disc, Left/Right move the disc above the board and Enter drops it. "
    "The solver checks each answer and says why it is right or wrong. After a wrong answer, Enter tries again; "
    "after a right one, Enter goes on to the next position.",
    "Progress is kept for the player chosen in Practice, in lessons.jsonl in the data folder.",
])


def lesson_row(number: int, lesson: Lesson, solved: Collection[int]) -> tuple[str, str]:
    """A lesson's row in the list: "3. Win at once" and "2 of 5 solved" (or "done")."""
    count = len([i for i in solved if 0 <= i < len(lesson.exercises)])
    state = "done" if count == len(lesson.exercises) else f"{count} of {len(lesson.exercises)} solved" if count else "new"
    return f"{number}. {lesson.title}", state


def header_texts(lesson: Lesson, index: int, solved: Collection[int]) -> tuple[str, ...]:
    """The header over a position: the lesson, which position, how many are solved."""
    total = len(lesson.exercises)
    done = len([i for i in solved if 0 <= i < total])
    return (f"{lesson.title} · position {index + 1} of {total} · {done} solved",
            f"{lesson.title} · {index + 1} of {total}",
            f"{index + 1} of {total}")


def keys_texts(asking: bool, right: bool | None) -> tuple[str, ...]:
    """The keys line under the board: what the player may do now."""
    if asking:
        return ("1-7 or click: drop · Left/Right + Enter: drop · Esc: lessons · F1: help",
                "1-7 drop · Left/Right + Enter · Esc back · F1 help",
                "1-7 drop · Esc back")
    if right is None:
        return ("Checking the answer… · Esc: lessons", "Checking… · Esc back")
    if right:
        return ("Enter or click: next position · Esc: lessons · F1: help", "Enter: next · Esc back")
    return ("Enter or click: try again · Esc: lessons · F1: help", "Enter: try again · Esc back")
