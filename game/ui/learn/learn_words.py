"""The Learn scene's words, worked out from values (no drawing, no state): the lesson list's rows,
the header and the keys line, in the language in use. Each ``*_texts`` gives the longest wording
first, for ``resources.largest_fitting``."""

from __future__ import annotations

from collections.abc import Collection

from game.i18n import N_, _, ngettext
from game.store.drill_file import LOCAL_PLAYER
from game.training.course import Lesson

__all__ = ["LEARN_HELP", "help_pages", "header_texts", "keys_texts", "lesson_row", "lesson_text", "lesson_title",
           "lessons_title"]

#: The keys, for the help (F1), kept in English and translated where shown (:func:`help_pages`).
LEARN_HELP = (N_("Learn"), [
    N_("The lessons: Up/Down choose a lesson, Enter (or a click) opens its page, Esc goes back to the menu."),
    N_("A lesson's page: Enter (or a click) starts its positions, Esc goes back to the lessons."),
    N_("A position: 1-7 or a click drops a disc, Left/Right move the disc above the board and Enter drops it. "
       "The solver checks each answer and says why it is right or wrong. After a wrong answer, Enter tries again; "
       "after a right one, Enter goes on to the next position."),
    N_("Progress is kept for the player chosen in Practice, in lessons.jsonl in the data folder."),
])


def help_pages() -> list[tuple[str, list[str]]]:
    """The help's page about Learn, in the language in use."""
    title, lines = LEARN_HELP
    return [(_(title), [_(line) for line in lines])]


def lesson_title(lesson: Lesson) -> str:
    """The lesson's title in the language in use."""
    return _(lesson.title)


def lesson_text(lesson: Lesson) -> str:
    """The lesson's page in the language in use."""
    return _(lesson.text)


def lessons_title(player: str) -> str:
    """The list's title: whose progress it shows."""
    if player == LOCAL_PLAYER:
        return _("Learn · your progress")
    return _("Learn · {player}'s progress").format(player=player)


def lesson_row(number: int, lesson: Lesson, solved: Collection[int]) -> tuple[str, str]:
    """A lesson's row in the list: "3. Win at once" and "2 of 5 solved" (or "done")."""
    total = len(lesson.exercises)
    count = len([i for i in solved if 0 <= i < total])
    if count == total:
        # TRANSLATORS: a lesson whose positions are all solved, in the lesson list
        state = _("done")
    elif count:
        state = ngettext("{count} of {total} solved", "{count} of {total} solved", count).format(count=count,
                                                                                                total=total)
    else:
        # TRANSLATORS: a lesson not started yet, in the lesson list
        state = _("new")
    return _("{number}. {title}").format(number=number, title=lesson_title(lesson)), state


def header_texts(lesson: Lesson, index: int, solved: Collection[int]) -> tuple[str, ...]:
    """The header over a position: the lesson, which position, how many are solved."""
    total = len(lesson.exercises)
    done = len([i for i in solved if 0 <= i < total])
    title = lesson_title(lesson)
    return (_("{title} · position {number} of {total} · {done} solved").format(title=title, number=index + 1,
                                                                                total=total, done=done),
            _("{title} · {number} of {total}").format(title=title, number=index + 1, total=total),
            _("{number} of {total}").format(number=index + 1, total=total))


def keys_texts(asking: bool, right: bool | None) -> tuple[str, ...]:
    """The keys line under the board: what the player may do now."""
    if asking:
        return (_("1-7 or click: drop · Left/Right + Enter: drop · Esc: lessons · F1: help"),
                _("1-7 drop · Left/Right + Enter · Esc back · F1 help"),
                _("1-7 drop · Esc back"))
    if right is None:
        return (_("Checking the answer… · Esc: lessons"), _("Checking… · Esc back"))
    if right:
        return (_("Enter or click: next position · Esc: lessons · F1: help"), _("Enter: next · Esc back"))
    return (_("Enter or click: try again · Esc: lessons · F1: help"), _("Enter: try again · Esc back"))
