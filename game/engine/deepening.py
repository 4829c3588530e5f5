"""Iterative deepening: search to depth 2, 4, 6 ... (keeping the parity), until the depth
limit, a proved result, or the time runs out.

Each iteration starts from the table hints of the last, so the deeper search meets the best
moves first. Only a finished iteration's move is trusted, with one exception: when the time
(not the user) interrupts an iteration, a root move it searched to the end and found better
than the previous best is better informed than the previous iteration's choice.
"""

from __future__ import annotations

from dataclasses import replace
from time import perf_counter
from typing import Iterator

from .board import CELLS, Position
from .scores import plies_to_end
from .search_values import Finish, RootSearch, SearchResult
from .solver import SearchCancelled

#: An iteration starts only if the deadline leaves this many times the last one's duration:
#: two more plies cost several times as much, but its first move -- the last best, searched
#: first -- costs about as much again, and that is all an interrupted iteration needs to help.
NEXT_ITERATION_FACTOR = 1.5


def deepen(searcher: RootSearch, pos: Position, stop, deadline: float | None, soft_deadline: float | None,
           start: float, finish: Finish, nodes_before: int = 0) -> Iterator[SearchResult]:
    """Iterative deepening to the config's depth; yields a result per finished iteration.

    ``deadline`` interrupts an iteration; after ``soft_deadline`` no new one is started, nor
    one that would likely run past it. Depth 1 (or 2) always completes, so there is an answer.
    """
    searcher.nodes = nodes_before
    best: SearchResult | None = None
    max_depth = min(searcher.config.depth, CELLS - pos.moves)
    for depth in range(2 - max_depth % 2, max_depth + 1, 2):
        iteration_start = perf_counter()
        try:
            values = searcher.root_values(pos, depth, None if best is None else stop,
                                          None if best is None else deadline, full_window=searcher.ties_at_random)
        except SearchCancelled:
            assert best is not None
            yield _interrupted(searcher, best, stop, start)
            return
        move, score = searcher.pick(values)
        best = finish(move, score, depth, is_exact(score, pos.moves, depth))
        yield best
        if abs(score) >= 1 and proven_within(score, pos.moves, depth):
            return  # a proved result that a deeper search cannot improve
        if soft_deadline is not None:
            now = perf_counter()
            if now + (now - iteration_start) * NEXT_ITERATION_FACTOR > soft_deadline:
                return


def _interrupted(searcher: RootSearch, best: SearchResult, stop, start: float) -> SearchResult:
    """The answer when an iteration is cut short: the last finished one's, unless the time ran
    out after a root move had been searched to the end and proved better (see the module)."""
    cancelled = stop is not None and stop.is_set()
    move, score = best.move, best.score
    completed = searcher.completed_root_values
    if not cancelled and completed and best.move in completed:
        move, score = searcher.pick(completed)
    return replace(best, move=move, score=float(score), nodes=searcher.nodes, elapsed=perf_counter() - start,
                   exact=best.exact and move == best.move, cancelled=cancelled)


def is_exact(score: float, moves: int, depth: int) -> bool:
    """Is a depth search's root score the exact game-theoretic one?

    Yes if the search reached the end of every line, or if it found a win or loss that ends
    within its depth: every faster win (slower loss) lies within the depth too and would have
    been found. A win found deeper -- forced moves cost no depth -- is a real win, but a faster
    one may lie beyond the horizon: the score is then a lower bound (an upper bound for a
    loss), not exact.
    """
    if depth >= CELLS - moves:
        return True
    return abs(score) >= 1 and proven_within(score, moves, depth)


def proven_within(score: float, moves: int, depth: int) -> bool:
    """Does a win/loss score end the game within ``depth`` plies of the root?"""
    return plies_to_end(int(score), moves) <= depth
