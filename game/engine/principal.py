"""The principal line: the exact continuation with best play for both sides.

``principal_line(pos, solver)`` gives the moves from ``pos`` to the end of the game in which every
move keeps its side's exact score: the winner takes its fastest win, the loser puts up its longest
resistance, and in a drawn position both keep the draw until the board is full. It is what a
review shows to prove a verdict, and what a puzzle uses for its solution.

Guarantee, for a position that is not over and a solver that finishes:

* every move is legal and optimal: the score of the position it is played in (for the side to
  move) equals the move's score;
* so a won or lost position's line ends with the winner's four in a row after exactly
  ``scores.plies_to_end(score, pos.moves)`` plies, and a drawn position's line fills the board
  without a four;
* the score each step passes on is checked: a step whose solved score contradicts the one before
  raises ``AssertionError`` (it would mean a wrong solver table, never a wrong line).

Which of several equally good moves is taken depends on the solver's table, so two calls may give
different lines with the same guarantee. Pure engine code: standard library and ``game.engine``.
"""

from __future__ import annotations

from .board import Position
from .solver import Partial, Solver

__all__ = ["principal_line", "principal_scores"]


def principal_scores(pos: Position, solver: Solver, *, stop=None,
                     deadline: float | None = None) -> tuple[tuple[int, int], ...]:
    """(column, exact score for the side that plays it) of each move of the principal line.

    The first move is ``Solver.best_move``'s. From the second on, the score is known (minus the
    one before), so one root test of "scores more than the known score minus one" finds a move
    that keeps it (the root's moves share that test's work, see ``Solver._root_test``): cheaper
    than solving every position of the line.
    ``stop`` (anything with ``is_set()``) and ``deadline`` (a ``time.perf_counter()`` value) end
    the search with ``SearchCancelled``; the guarantee is in the module's documentation.
    """
    if pos.is_over():
        return ()
    steps: list[tuple[int, int]] = []
    expected: int | None = None
    while not pos.is_over():
        known = None if expected is None else Partial(expected - 1, expected, None)
        col, score = solver.best_move(pos, stop=stop, deadline=deadline, climb=False, known=known)
        if expected is not None and score != expected:
            raise AssertionError(f"the solver scored {score} after a move that left {expected}")
        steps.append((col, score))
        pos = pos.play(col)
        expected = -score
    return tuple(steps)


def principal_line(pos: Position, solver: Solver, *, stop=None, deadline: float | None = None) -> tuple[int, ...]:
    """The 0-based columns of the principal line from ``pos`` (empty when the game is over).

    Every move is optimal for its side; a won or lost position's line ends in the winner's four in
    a row after exactly ``plies_to_end(score, pos.moves)`` plies, a drawn one fills the board.
    """
    return tuple(col for col, _ in principal_scores(pos, solver, stop=stop, deadline=deadline))
