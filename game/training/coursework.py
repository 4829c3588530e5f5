"""The Learn scene's work off the window's thread: answers proved by the solver and progress kept.

:class:`CourseKeeper` hands each answer to a checking thread (``game.training.course.check_answer``:
the solver proves it, the review's words explain it) and each solved position to a files thread
(``game.store.learned``), the window asking only for what has arrived. Progress is kept in memory
at once, so the window shows it before the file is written; a file that cannot be written is said
in a notice and the progress stays for this sitting. No pygame here.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from pathlib import Path

from game.domain.names import name_key
from game.engine.solver import SearchCancelled
from game.i18n import N_, _
from game.service.proving import Provers
from game.store.learned import LessonProgress, load_progress, update_progress
from game.training.background import BackgroundKeeper
from game.training.course import Checked, Exercise, check_answer

__all__ = ["CourseKeeper", "UNCHECKED"]

log = logging.getLogger(__name__)

SOLVER_MB = 16
#: What an answer the solver could not prove says (it is judged by the shipped columns alone).
UNCHECKED = N_("The solver could not check this answer in time.")


@dataclass(frozen=True, slots=True)
class _Check:
    ticket: int
    exercise: Exercise
    column: int
    names: tuple[str, str]


@dataclass(frozen=True, slots=True)
class _Solved:
    player: str
    lesson: str
    index: int


class CourseKeeper(BackgroundKeeper[Checked]):
    def __init__(self, path: Path | None = None) -> None:
        super().__init__()
        self.path = path
        self.loaded = False
        self._progress: dict[tuple[str, str], LessonProgress] = {}
        self._files = self._writer("learn-files", self._write)
        self._checker = self._writer("learn-checker", self._check_all)
        self._provers = Provers(SOLVER_MB)

    # -- the window's side -------------------------------------------------------------------

    def load(self) -> None:
        """Read the progress on the files thread (once)."""
        self._files.submit(None)

    def solved(self, player: str, lesson: str) -> frozenset[int]:
        """The positions of ``lesson`` that ``player`` has solved (as far as read and kept)."""
        with self._lock:
            found = self._progress.get((name_key(player), lesson))
        return frozenset() if found is None else found.solved

    def mark_solved(self, player: str, lesson: str, index: int) -> None:
        """Keep position ``index`` of ``lesson`` as solved by ``player`` (now in memory, then in the file)."""
        self._remember(player, lesson, index)
        self._files.submit(_Solved(player, lesson, index))

    def check(self, exercise: Exercise, column: int, names: tuple[str, str]) -> int:
        """Ask the solver whether ``column`` solves ``exercise`` and why; the ticket's :meth:`answer`
        is a ``Checked``."""
        ticket = self._ticket()
        self._checker.submit(_Check(ticket, exercise, column, names))
        return ticket

    # -- the threads' side -------------------------------------------------------------------

    def _remember(self, player: str, lesson: str, index: int) -> None:
        with self._lock:
            key = (name_key(player), lesson)
            old = self._progress.get(key, LessonProgress(player, lesson, frozenset()))
            self._progress[key] = replace(old, solved=old.solved | {index})

    def _write(self, jobs: list[_Solved | None]) -> None:
        solved = [job for job in jobs if job is not None]
        try:
            if not self.loaded:
                entries, notice = load_progress(self.path)
                self._merge(entries)
                self.loaded = True
                if notice:
                    self._tell(notice)
            if solved:
                _, notice = update_progress(lambda entries: _with(entries, solved), self.path)
                if notice:
                    self._tell(notice)
        except OSError as exc:
            self._tell(_("Your lessons could not be saved ({problem}); they are kept until the window "
                         "closes").format(problem=exc.strerror or type(exc).__name__))
        except Exception as exc:  # learning must never stop the game: say it and go on
            log.exception("learn files")
            self._tell(_("Learn: something went wrong ({problem})").format(problem=type(exc).__name__))

    def _merge(self, entries: list[LessonProgress]) -> None:
        for entry in entries:
            for index in entry.solved:
                self._remember(entry.player, entry.lesson, index)

    def _check_all(self, jobs: list[_Check]) -> None:
        for job in jobs:
            if self._stop.is_set():
                return
            try:
                solver = self._provers.solver("checker")
                checked = check_answer(job.exercise, job.column, solver, names=job.names, stop=self._stop)
            except SearchCancelled:
                if self._stop.is_set():
                    return
                checked = Checked(job.column, job.exercise.is_right(job.column), _(UNCHECKED))
            except Exception:  # a check that fails is judged by the shipped columns
                log.exception("learn check")
                checked = Checked(job.column, job.exercise.is_right(job.column), _(UNCHECKED))
            self._deliver(job.ticket, checked)


def _with(entries: list[LessonProgress], solved: list[_Solved]) -> list[LessonProgress]:
    """``entries`` with each of ``solved`` added (a line for a player and lesson made when missing)."""
    out = list(entries)
    for job in solved:
        key = (name_key(job.player), job.lesson)
        at = next((i for i, e in enumerate(out) if e.ident == key), None)
        if at is None:
            out.append(LessonProgress(job.player, job.lesson, frozenset({job.index})))
        elif job.index not in out[at].solved:
            out[at] = replace(out[at], solved=out[at].solved | {job.index})
    return out
