"""What a listener hears of Learn: the lesson chosen, its page, and a position's task and verdict."""

from __future__ import annotations

from collections.abc import Collection

from game.training.course import Checked, Lesson
from game.i18n import _
from game.speech import BoardFacts, Heard, spoken
from game.ui.learn.learn_words import header_texts, lesson_row, lesson_text, lesson_title
from game.ui.theme import Theme


def heard(lessons: tuple[Lesson, ...], view: str, chosen: int, solved: Collection[int], theme: Theme, *,
          index: int, cursor: int, played: int | None, checked: Checked | None, covered: bool) -> Heard:
    """In the list (``view`` "lessons") the chosen lesson and its progress; on its page the page;
    at a position the header, the task, the board (walked while a move is asked and nothing
    ``covered`` it) and the verdict (``checked``, once the disc landed) with why."""
    if not lessons:
        return Heard(lines=(_("The lessons cannot be read."),))
    lesson = lessons[chosen]
    if view == "lessons":
        title, state = lesson_row(chosen + 1, lesson, solved)
        return Heard(lines=(_("{label}: {value}.").format(label=title, value=state),))
    if view == "page":
        return Heard(lines=(spoken(_("{number}. {title}").format(number=chosen + 1, title=lesson_title(lesson))),
                            lesson_text(lesson), _("Enter starts the positions.")))
    exercise = lesson.exercises[index]
    moves = exercise.moves if played is None or checked is None else (*exercise.moves, played)
    board = BoardFacts(tuple(moves), (theme.colour_name(1), theme.colour_name(2)), cursor,
                       walk=played is None and not covered)
    verdict = "" if checked is None else (_("Right! {why}") if checked.right else _("Not this one. {why}")).format(
        why=checked.why)
    lines = (spoken(header_texts(lesson, index, solved)[0]), spoken(exercise.task((theme.colour_name(1), theme.colour_name(2)))), spoken(verdict))
    return Heard(board, tuple(line for line in lines if line))
