"""The course Learn teaches, as text or JSON.

    python -m game.learn            # each lesson's title, page and positions, as text
    python -m game.learn --json     # {"lessons": [{"title", "text", "positions": [{"position", "accepted"}]}]}

A position is a move string from the empty board (columns 1-7; "" is the empty board) and
``accepted`` every column (1-7) that solves it: for a "win at once" lesson exactly the columns
that complete four, otherwise exactly the columns that keep the position's best outcome, each
proved by the solver in the tests. The JSON also gives each lesson's ``goal`` and each position's
``kept`` outcome. Exit status 2 for bad arguments, 1 when the lessons cannot be read, 141 when
the reader of the output went away.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from game.echo import tolerant_output
from game.i18n import _
from game.engine.board import format_moves
from game.training.course import Lesson, load_course
from game.tools.tail import tool_entry


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.learn",
                                     description="Print the Connect Four course: its lessons and positions.")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of text")
    return parser


def lesson_json(lesson: Lesson) -> dict:
    return {"title": lesson.title, "text": lesson.text, "goal": lesson.exercises[0].goal.value,
            "positions": [{"position": format_moves(e.moves), "accepted": [c + 1 for c in e.accepted],
                           "kept": e.kept.value} for e in lesson.exercises]}


def lesson_text(number: int, lesson: Lesson) -> str:
    lines = [f"{number}. {lesson.title}", *textwrap.wrap(lesson.text, 78, initial_indent="   ",
                                                        subsequent_indent="   ")]
    for e in lesson.exercises:
        columns = ", ".join(str(c + 1) for c in e.accepted)
        position = format_moves(e.moves) or _("(empty board)")
        lines.append("   " + _("{position}: {task} Accepted: {columns}").format(position=position, task=e.task(),
                                                                              columns=columns))
    return "\n".join(lines)


@tool_entry("learn", "cannot write the lessons")
def main(argv: list[str] | None = None) -> int:
    tolerant_output()
    args = build_parser().parse_args(argv)
    if sys.stdout is None:  # started with >&-
        if sys.stderr is not None:
            print("learn: " + _("standard output is closed"), file=sys.stderr)
        return 1
    try:
        course = load_course()
    except ValueError as exc:
        print(f"learn: cannot read the lessons: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"lessons": [lesson_json(lesson) for lesson in course]}, ensure_ascii=True))
    else:
        print("\n\n".join(lesson_text(n, lesson) for n, lesson in enumerate(course, start=1)))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
