"""Practice as the window sees it: the drills and puzzle results in memory, and every slow step
(reading and writing their files, reviewing a finished game for drills, proving a refutation)
done on threads of their own, never the window's.

:class:`PracticeKeeper` holds the drills (with their FSRS cards) and the puzzle results as last
read or written. The window hands it values, never callbacks:

* a finished game (its moves and whose slips count) is reviewed and its mistakes and blunders
  become drills (``game.engine.drills``); a game already judged this sitting is not judged again;
* a review the window already has (``GameReview``) makes drills without reviewing again;
* a position from the review becomes a drill on request (:meth:`PracticeKeeper.add_position`);
* a drill's grade and a puzzle's result are written.

Answers the window waits for (a refutation, a position added) are asked with a ticket and read
back with :meth:`PracticeKeeper.answer` once they have arrived; notices for the player (a damaged
file, new drills) come through :meth:`PracticeKeeper.poll`. Two threads: one for the files and the
mining, one for the scene's refutations (a miss must not wait behind a game's review). Each owns
its own solver; :meth:`PracticeKeeper.close` stops a running search. No pygame here.
"""

from __future__ import annotations

import enum
import logging
import threading
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from time import perf_counter
from typing import Union

from game.engine.board import CENTRE_ORDER, WIDTH, MoveError, Position
from game.engine.drills import Drill, drills_from_review, mine_drills
from game.engine.explain import explain_move
from game.engine.puzzles import keeping_columns
from game.engine.review import DEFAULT_TIME, GameReview
from game.engine.scores import Outcome, outcome
from game.engine.solver import SearchCancelled, Solver
from game.practice.schedule import Grade, add_drills, due_entries, end_of_day, grade_drill
from game.session.writer import Writer
from game.store.drills import DrillEntry, load_drills
from game.store.puzzles import PuzzleResult, add_result, load_results

log = logging.getLogger(__name__)

__all__ = ["Added", "PracticeKeeper", "Refutation", "REFUTATION_PLIES"]

#: How many discs of a refutation are played out: enough to see why the move fails, short enough to watch.
REFUTATION_PLIES = 6
#: Seconds to prove one position of a refutation (or a position to add); a position not proved in
#: time ends the line there, or is not added.
SOLVE_SECONDS = 5.0
SOLVER_MB = 32


class Added(enum.Enum):
    """What became of a position the player asked to practise."""

    ADDED = "added"
    ALREADY = "already a drill"
    LOST = "every move loses here: there is no outcome to keep"
    OVER = "the game is over here"
    FREE = "every column keeps the outcome here: there is nothing to find"
    UNPROVED = "not proved in time"
    NOT_WRITTEN = "the drills file could not be written"


@dataclass(frozen=True, slots=True)
class Refutation:
    """Why a column fails: its exact score for the side that played it (None: not proved in time),
    the best play that follows (0-based columns, the opponent's reply first) and, when its claims
    check out, the explanation in words (``game.engine.explain``)."""

    score: int | None
    line: tuple[int, ...]
    why: str | None = None


@dataclass(frozen=True, slots=True)
class _Load:
    pass


@dataclass(frozen=True, slots=True)
class _Mine:
    moves: tuple[int, ...]
    players: tuple[int, ...]
    review: GameReview | None


@dataclass(frozen=True, slots=True)
class _AddPosition:
    ticket: int
    moves: tuple[int, ...]
    played: int | None


@dataclass(frozen=True, slots=True)
class _Grade:
    key: int
    grade: Grade
    now: datetime


@dataclass(frozen=True, slots=True)
class _Result:
    result: PuzzleResult


@dataclass(frozen=True, slots=True)
class _Refute:
    ticket: int
    moves: tuple[int, ...]
    column: int
    names: tuple[str, str]


_Job = Union[_Load, _Mine, _AddPosition, _Grade, _Result]


class PracticeKeeper:
    def __init__(self, review_time: float = DEFAULT_TIME, *, drills_path: Path | None = None,
                 results_path: Path | None = None) -> None:
        self.review_time = review_time
        self.drills_path = drills_path
        self.results_path = results_path
        self.loaded = False
        self.streak = 0           # exercises right at the first try in a row, this sitting
        self.best_streak = 0
        self._entries: list[DrillEntry] = []
        self._results: list[PuzzleResult] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._notices: list[str] = []
        self._answers: dict[int, Added | Refutation] = {}
        self._tickets = 0
        self._judged: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()   # (moves, players) this sitting
        self._files: Writer[_Job] = Writer("practice-files", self._work)
        self._refuter: Writer[_Refute] = Writer("practice-refuter", self._refute_all)
        self._solvers: dict[str, Solver] = {}

    # -- the window's side -------------------------------------------------------------------

    def load(self) -> None:
        """Read the drills and the puzzle results on the files thread."""
        self._files.submit(_Load())

    @property
    def entries(self) -> list[DrillEntry]:
        with self._lock:
            return list(self._entries)

    @property
    def results(self) -> list[PuzzleResult]:
        with self._lock:
            return list(self._results)

    def due(self, now: datetime) -> list[DrillEntry]:
        """The drills due by the end of ``now``'s day, the longest overdue first."""
        return due_entries(self.entries, end_of_day(now))

    def judge(self, moves: Sequence[int], players: Collection[int], review: GameReview | None = None) -> bool:
        """A finished game: the slips of ``players`` (1 red, 2 yellow) become drills, in the
        background (from ``review`` when the window already has it). False when there is nothing
        to judge (no players, no moves, or judged already this sitting)."""
        key = (tuple(moves), tuple(sorted(set(players))))
        if not key[0] or not key[1] or key in self._judged:
            return False
        self._judged.add(key)
        self._files.submit(_Mine(key[0], key[1], review))
        return True

    def add_position(self, moves: Sequence[int], played: int | None = None) -> int:
        """Ask for the position after ``moves`` to become a drill (``played``: the column played
        there, if any). Returns the ticket whose :meth:`answer` is an :class:`Added`."""
        ticket = self._ticket()
        self._files.submit(_AddPosition(ticket, tuple(moves), played))
        return ticket

    def grade(self, key: int, grade: Grade, now: datetime) -> None:
        """Write a drill's grade (its new card is in :attr:`entries` once written)."""
        self._files.submit(_Grade(key, grade, now))

    def add_result(self, result: PuzzleResult) -> None:
        """Keep a puzzle's result; it is in :attr:`results` at once (the rating follows)."""
        with self._lock:
            self._results.append(result)
        self._files.submit(_Result(result))

    def refute(self, moves: Sequence[int], column: int, names: tuple[str, str] = ("Red", "Yellow")) -> int:
        """Ask why ``column`` fails after ``moves`` (``names``: the sides as the window calls them);
        the ticket's :meth:`answer` is a :class:`Refutation`."""
        ticket = self._ticket()
        self._refuter.submit(_Refute(ticket, tuple(moves), column, names))
        return ticket

    def count(self, right_at_once: bool) -> None:
        """An exercise is over: right at the first try lengthens the streak, anything else ends it."""
        self.streak = self.streak + 1 if right_at_once else 0
        self.best_streak = max(self.best_streak, self.streak)

    def answer(self, ticket: int) -> Added | Refutation | None:
        """The answer for ``ticket`` once it has arrived (handed out once), else None."""
        with self._lock:
            return self._answers.pop(ticket, None)

    def poll(self) -> list[str]:
        """Notices for the player since the last call."""
        with self._lock:
            notices, self._notices = self._notices, []
        return notices

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every job handed over is done (tests; closing the window); False on timeout."""
        deadline = perf_counter() + timeout
        return self._files.flush(timeout) and self._refuter.flush(max(0.0, deadline - perf_counter()))

    def close(self, timeout: float = 1.0) -> bool:
        """Stop a running search and wait for the threads (the window closes); grades and results
        handed over are still written."""
        self._stop.set()
        return self.flush(timeout)

    # -- the threads' side -------------------------------------------------------------------

    def _ticket(self) -> int:
        with self._lock:
            self._tickets += 1
            return self._tickets

    def _tell(self, notice: str) -> None:
        with self._lock:
            self._notices.append(notice)

    def _solver(self, name: str) -> Solver:
        """The thread ``name``'s own solver (a solver's table is not shared between threads)."""
        solver = self._solvers.get(name)
        if solver is None:
            solver = self._solvers[name] = Solver(table_mb=SOLVER_MB)
        return solver

    def _work(self, jobs: list[_Job]) -> None:
        for job in jobs:
            if self._stop.is_set() and isinstance(job, (_Mine, _AddPosition)):
                continue    # closing: searches are dropped, grades and results are still written
            try:
                self._do(job)
            except SearchCancelled:
                continue
            except OSError as exc:
                self._tell(f"Your practice could not be saved ({exc.strerror or type(exc).__name__})")
                if isinstance(job, _AddPosition):
                    self._answer(job.ticket, Added.NOT_WRITTEN)
            except Exception as exc:  # practice must never stop the game: say it and go on
                log.exception("practice")
                self._tell(f"Practice: something went wrong ({type(exc).__name__})")
                if isinstance(job, _AddPosition):
                    self._answer(job.ticket, Added.UNPROVED)

    def _do(self, job: _Job) -> None:
        if isinstance(job, _Load):
            drills, notice = load_drills(self.drills_path)
            results, result_notice = load_results(self.results_path)
            with self._lock:
                self._entries, self._results, self.loaded = drills, results, True
            for text in (notice, result_notice):
                if text:
                    self._tell(text)
        elif isinstance(job, _Mine):
            self._keep(self._mine(job), announce=True)
        elif isinstance(job, _AddPosition):
            self._answer(job.ticket, self._add_position(job))
        elif isinstance(job, _Grade):
            entry, notice = grade_drill(job.key, job.grade, job.now, self.drills_path)
            if entry is not None:
                with self._lock:
                    self._entries = [entry if e.key == entry.key else e for e in self._entries]
            if notice:
                self._tell(notice)
        else:
            _results, notice = add_result(job.result, self.results_path)
            if notice:
                self._tell(notice)

    def _mine(self, job: _Mine) -> list[Drill]:
        solver = self._solver("files")
        if job.review is not None:
            return drills_from_review(job.review, job.players, solver, self.review_time * WIDTH, self._stop)
        return mine_drills(job.moves, job.players, solver=solver, time_per_position=self.review_time,
                           stop=self._stop)

    def _keep(self, drills: list[Drill], *, announce: bool) -> int:
        """Keep ``drills`` (the known ones keep their schedule); how many were new."""
        if not drills:
            return 0
        added, entries, notice = add_drills(drills, datetime.now().astimezone(), self.drills_path)
        with self._lock:
            self._entries = entries
        if notice:
            self._tell(notice)
        if announce and added:
            self._tell(f"{added} new drill{'s' if added != 1 else ''} from your game: Practice in the menu")
        return added

    def _add_position(self, job: _AddPosition) -> Added:
        try:
            pos = Position.from_moves(job.moves)
        except MoveError:
            return Added.OVER
        if pos.is_over():
            return Added.OVER
        if any(entry.key == pos.key() for entry in self.entries):
            return Added.ALREADY
        try:
            scores = self._solver("files").column_scores(pos, stop=self._stop, deadline=perf_counter() + SOLVE_SECONDS)
        except SearchCancelled:
            if self._stop.is_set():
                raise
            return Added.UNPROVED
        kept = outcome(max(s for s in scores if s is not None))
        if kept is Outcome.LOSS:
            return Added.LOST
        accepted = keeping_columns(scores)
        refused = [c for c in range(WIDTH) if scores[c] is not None and c not in accepted]
        if not refused:
            return Added.FREE
        played = job.played if job.played in refused else refused[0]
        return Added.ADDED if self._keep([Drill(tuple(job.moves), played, accepted, kept)], announce=False) \
            else Added.ALREADY

    def _answer(self, ticket: int, value: Added | Refutation) -> None:
        with self._lock:
            self._answers[ticket] = value

    def _refute_all(self, jobs: list[_Refute]) -> None:
        for job in jobs:
            if self._stop.is_set():
                return
            try:
                self._answer(job.ticket, self._refutation(job))
            except SearchCancelled:
                return
            except Exception:  # a refutation that fails shows the right move without the line
                log.exception("practice refutation")
                self._answer(job.ticket, Refutation(None, ()))

    def _refutation(self, job: _Refute) -> Refutation:
        """The score of the column for the side playing it, best play after it, and why."""
        solver = self._solver("refuter")
        before = Position.from_moves(job.moves)
        pos = before.play(job.column)
        if pos.is_over():   # a column that ends the game is never refuted: it fills the board (a draw)
            return Refutation(0 if pos.is_draw() else None, ())
        try:
            score: int | None = -solver.solve(pos, stop=self._stop, deadline=perf_counter() + SOLVE_SECONDS)
        except SearchCancelled:
            if self._stop.is_set():
                raise
            return Refutation(None, ())
        line: list[int] = []
        while len(line) < REFUTATION_PLIES and not pos.is_over():
            try:
                scores = solver.column_scores(pos, stop=self._stop, deadline=perf_counter() + SOLVE_SECONDS)
            except SearchCancelled:
                if self._stop.is_set():
                    raise
                break
            best = max(s for s in scores if s is not None)
            col = next(c for c in CENTRE_ORDER if scores[c] == best)
            line.append(col)
            pos = pos.play(col)
        # Proved above within the time given, so the explanation's searches find the table filled.
        explanation = explain_move(before, job.column, solver, names=job.names, stop=self._stop)
        return Refutation(score, tuple(line), explanation.text if explanation is not None else None)
