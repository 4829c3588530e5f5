"""The course Learn teaches: lessons, each a page of plain words and positions to solve.

The lessons' words and positions are shipped in ``game.data.lessons``; this module reads them
into typed values (:func:`load_course`, a damaged table is a broken install: ValueError) and
checks an answer with the solver (:func:`check_answer`), explained by the review's own words
(``game.engine.explain``). Every position's accepted columns are proved exact by a test: for a
"win at once" lesson exactly the columns that complete four, otherwise exactly the columns that
keep the best outcome. No pygame here; the searches are plain calls on the caller's thread.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from time import perf_counter

from game.data.lessons import LESSONS
from game.engine.board import MoveError, Position, parse_moves
from game.engine.explain import Kind, explain_move, how_it_wins
from game.engine.principal import principal_line
from game.engine.only_moves import keeping_columns
from game.engine.scores import Outcome, outcome
from game.engine.solver import Solver
from game.engine.threats import Cell, playable_mask, threats_mask
from game.engine.claims import CompletesFour, HintWins
from game.i18n import _
from game.words.explanations import cell_text, explanation_text, fact_text
from game.words.outcomes import or_list, side_names, sides

__all__ = ["CHECK_SECONDS", "Checked", "Exercise", "Goal", "Lesson", "MAX_EXERCISES", "MIN_EXERCISES",
           "accepted_columns", "check_answer", "load_course"]

#: How many positions a lesson holds.
MIN_EXERCISES, MAX_EXERCISES = 3, 8
#: Seconds to prove one answer; the shipped positions solve in far less.
CHECK_SECONDS = 10.0
_SLUG = re.compile(r"[a-z][a-z-]{0,31}")


class Goal(enum.Enum):
    """What an answer must do: complete four at once, or keep the best outcome there is."""

    WIN_AT_ONCE = "win at once"
    KEEP = "keep the best outcome"


@dataclass(frozen=True, slots=True)
class Exercise:
    """A position to solve (``moves``: columns from the empty board) and every column that
    solves it (ascending), and the outcome those columns keep for the side to move."""

    moves: tuple[int, ...]
    accepted: tuple[int, ...]
    goal: Goal
    kept: Outcome
    parity: bool = False     # its lesson teaches odd and even threats: a right answer may say them

    @property
    def position(self) -> Position:
        return Position.from_moves(self.moves)

    @property
    def side(self) -> str:
        """The side to move, as the game names it (in the language in use)."""
        return side_names()[len(self.moves) % 2]

    def task(self, names: Sequence[str] | None = None) -> str:
        """The task in words, in the language in use, the sides named by ``names`` (the sides' own
        names without any): "Red to play: win at once." / "Yellow to play: find a move that keeps
        the draw."."""
        side = sides(names)[len(self.moves) % 2]
        if self.goal is Goal.WIN_AT_ONCE:
            return _("{side} to play: win at once.").format(side=side)
        one = len(self.accepted) == 1
        if self.kept is Outcome.DRAW:
            return (_("{side} to play: find the move that keeps the draw.") if one
                    else _("{side} to play: find a move that keeps the draw.")).format(side=side)
        return (_("{side} to play: find the move that keeps {side}'s win.") if one
                else _("{side} to play: find a move that keeps {side}'s win.")).format(side=side)

    def is_right(self, column: int) -> bool:
        return column in self.accepted


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: its ``slug`` (how progress names it), title, page of text and positions."""

    slug: str
    title: str
    text: str
    exercises: tuple[Exercise, ...]


#: The lessons whose right answers may explain a win by odd and even threats (zugzwang): earlier
#: lessons have not taught it, so their right answers say only the outcome kept.
PARITY_LESSONS = frozenset({"odd-even", "zugzwang"})


def _exercise(moves_text: str, accepted_text: str, goal: Goal, kept_text: str, parity: bool = False) -> Exercise:
    moves = tuple(parse_moves(moves_text))
    pos = Position.from_moves(moves)         # MoveError (a ValueError) for an impossible position
    if pos.is_over():
        raise ValueError(f"position {moves_text!r} is over")
    accepted = tuple(sorted({int(ch) - 1 for ch in accepted_text}))
    if not accepted or not all(ch in "1234567" for ch in accepted_text) \
            or not all(pos.can_play(c) for c in accepted):
        raise ValueError(f"position {moves_text!r}: {accepted_text!r} are not playable columns")
    return Exercise(moves, accepted, goal, Outcome(kept_text), parity)


@lru_cache(maxsize=1)
def load_course() -> tuple[Lesson, ...]:
    """The shipped lessons, checked once; ValueError naming the lesson when the table is damaged."""
    lessons = []
    for slug, title, goal, text, positions in LESSONS:
        try:
            if not _SLUG.fullmatch(slug) or not title or not text:
                raise ValueError("no slug, title or text")
            if not MIN_EXERCISES <= len(positions) <= MAX_EXERCISES:
                raise ValueError(f"{len(positions)} positions")
            exercises = tuple(_exercise(moves, accepted, Goal(goal), kept, slug in PARITY_LESSONS)
                              for moves, accepted, kept in positions)
        except (ValueError, MoveError) as exc:
            raise ValueError(f"lesson {title!r}: {exc}") from None
        lessons.append(Lesson(slug, title, " ".join(text.split()), exercises))
    if len({lesson.slug for lesson in lessons}) != len(lessons):
        raise ValueError("two lessons share a slug")
    return tuple(lessons)


def accepted_columns(pos: Position, goal: Goal, solver: Solver, stop=None,
                     deadline: float | None = None) -> tuple[int, ...]:
    """The columns that solve ``pos`` for ``goal``, proved now: those that complete four, or
    those whose exact score has the best outcome (ascending)."""
    if goal is Goal.WIN_AT_ONCE:
        return tuple(c for c in pos.legal_moves() if pos.is_winning_move(c))
    return keeping_columns(solver.column_scores(pos, stop=stop, deadline=deadline))


@dataclass(frozen=True, slots=True)
class Checked:
    """The verdict on a column played in an exercise: ``right`` as the solver proved it just now,
    and why, in the review's words."""

    column: int
    right: bool
    why: str


def check_answer(exercise: Exercise, column: int, solver: Solver, *, names: Sequence[str] | None = None,
                 stop=None) -> Checked:
    """Prove ``column`` right or wrong in ``exercise`` and say why (in the language in use, the
    sides named by ``names``): ``explain_move`` for a miss; for a right one the threat it blocks,
    else ``how_it_wins`` when it has a claim checked on the board, else the outcome kept).
    MoveError for a column that cannot be played; SearchCancelled when stopped or not proved
    within :data:`CHECK_SECONDS`."""
    pos = exercise.position
    after = pos.play(column)
    deadline = perf_counter() + CHECK_SECONDS
    accepted = accepted_columns(pos, exercise.goal, solver, stop, deadline)
    named = sides(names)
    mover, opponent = named[pos.moves % 2], named[1 - pos.moves % 2]
    if after.winner() is not None:
        return Checked(column, column in accepted, fact_text(CompletesFour(column, pos.moves % 2), named))
    if column not in accepted:
        explanation = explain_move(pos, column, solver, stop=stop, line_shown=False)
        if explanation is not None:
            return Checked(column, False, explanation_text(explanation, named))
        if exercise.goal is Goal.WIN_AT_ONCE:
            wins = or_list([str(c + 1) for c in accepted])
            return Checked(column, False, _("{mover} could win at once in column {columns}.").format(
                mover=mover, columns=wins))
        return Checked(column, False, _("Column {column} does not keep the best outcome.").format(column=column + 1))
    score = -solver.solve(after, stop=stop, deadline=deadline)
    draw = outcome(score) is Outcome.DRAW
    if outcome(score) is Outcome.LOSS:
        return Checked(column, True, _("Column {column} holds out longest.").format(column=column + 1))
    threat = threats_mask(pos, mine=False) & playable_mask(pos) & Cell(column, pos.height(column)).bit
    if threat:
        cell = cell_text(Cell(column, pos.height(column)))
        if draw:
            return Checked(column, True, _("Column {column} blocks {opponent}'s threat at {cell} and keeps the "
                                           "draw.").format(column=column + 1, opponent=opponent, cell=cell))
        return Checked(column, True, _("Column {column} blocks {opponent}'s threat at {cell} and keeps {mover}'s "
                                       "win.").format(column=column + 1, opponent=opponent, cell=cell, mover=mover))
    if outcome(score) is Outcome.WIN:
        line = (column, *principal_line(after, solver, stop=stop, deadline=deadline))
        kind, claim = how_it_wins(pos, score, line, line_shown=False)
        if kind is not Kind.PLAIN and (kind is not Kind.ZUGZWANG or exercise.parity):
            return Checked(column, True, fact_text(HintWins(column, claim), named))
    if draw:
        return Checked(column, True, _("Column {column} keeps the draw.").format(column=column + 1))
    return Checked(column, True, _("Column {column} keeps {mover}'s win.").format(column=column + 1, mover=mover))
