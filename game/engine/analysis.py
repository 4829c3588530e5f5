"""Analysis: the score of every column of a position, exact where the solver can finish in
time, else the depth search's values from iterative deepening.

The game's analysis row and ``python -m game.analyze --columns`` show these.
"""

from __future__ import annotations

from time import perf_counter

from .board import CELLS, WIDTH, Position
from .scores import loss_next_score, win_next_score
from .search_values import RootSearch
from .solver import SearchCancelled

#: The solver's share of an analysis's time; the depth search has the rest.
SOLVER_SHARE = 0.6


def column_scores(searcher: RootSearch, pos: Position, time_limit: float, stop=None) -> tuple[tuple[float | None, ...], bool]:
    """(score of each column, exact?) for the side to move; ``None`` for a full column.

    Tries the exact solver first; if it does not finish, falls back to the deepest depth
    search that finishes within ``time_limit``. A win or a loss found by the depth search is a
    proved one, if not always the fastest.
    """
    if pos.is_over():
        raise ValueError("the game is over: there is nothing to analyse")
    start = perf_counter()
    try:
        exact = searcher.solver.column_scores(pos, stop=stop, deadline=start + time_limit * SOLVER_SHARE)
        return tuple(None if s is None else float(s) for s in exact), True
    except SearchCancelled:
        if stop is not None and stop.is_set():
            raise
    best = column_values(searcher, pos, 1)
    deadline = start + time_limit
    for depth in range(2, CELLS - pos.moves + 1):
        try:
            best = column_values(searcher, pos, depth, stop=stop, deadline=deadline)
        except SearchCancelled:
            if stop is not None and stop.is_set():
                raise
            break
    return tuple(best), False


def column_values(searcher: RootSearch, pos: Position, depth: int, *, stop=None,
                  deadline: float | None = None) -> list[float | None]:
    """Every column's value from a search to ``depth``.

    ``None`` for a full column; a column that wins at once scores the win, one that lets the
    opponent win with its next disc scores that loss; the others get their exact value at
    this depth (a full window at the root). Raises ``SearchCancelled`` on stop or deadline.
    """
    if pos.is_over():
        raise ValueError("the game is over: there is nothing to analyse")
    wins = [c for c in range(WIDTH) if pos.is_winning_move(c)]
    values = searcher.root_values(pos, depth, stop, deadline, full_window=True)
    scores: list[float | None] = []
    for col in range(WIDTH):
        if not pos.can_play(col):
            scores.append(None)
        elif col in wins:
            scores.append(float(win_next_score(pos.moves)))
        else:  # not searched: the opponent would win with its next disc
            scores.append(values.get(col, float(loss_next_score(pos.moves))))
    return scores
