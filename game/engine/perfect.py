"""Perfect play within a time budget, anytime-style.

The exact solver plays perfectly but may need far longer than a move's budget; the depth
search always has an answer but only an estimate. Perfect play spends the budget so that an
exact answer replaces the estimate whenever it arrives:

1. a short try of the solver, which settles easy (late) positions at once;
2. iterative deepening, for a good move whatever happens;
3. from the middle game on, the solver again with the rest of the time -- its table is warm
   from (1), it starts from the bounds (1) proved, and it searches the estimate's move first.
   If the time runs out, a move it proved other than the estimate's has the best proved score
   and is played instead (the solver's root search names the move behind each lower bound).

The fractions below are of the budget, from the start of the move; docs/engine.md tells how
they were chosen.
"""

from __future__ import annotations

from dataclasses import replace
from time import perf_counter
from typing import Iterator

from .board import Position
from .deepening import deepen
from .search_values import Finish, RootSearch, SearchResult
from .solver import Partial

#: The first solver try ends here.
SOLVE_FIRST = 0.15
#: With a second solver try ahead, the depth search starts no iteration that would end after
#: this: it only has to give the solver a move to search first and a fallback.
DEEPEN_UNTIL = 0.2
#: The second solver try starts only before this.
SOLVE_AGAIN_BEFORE = 0.9
#: With fewer discs, a position the first try did not settle is far out of the solver's reach,
#: and the depth search gets the whole budget instead of a second try.
SOLVE_AGAIN_FROM_DISCS = 15


def play_perfectly(searcher: RootSearch, pos: Position, stop, deadline: float | None, start: float,
                   finish: Finish) -> Iterator[SearchResult]:
    """Yield a result per finished stage (see the module); the last one is the answer."""
    budget = searcher.config.time_limit or 1.0
    exact = searcher.solve(pos, stop, start + budget * SOLVE_FIRST)
    if exact is not None:
        yield finish(*exact)
        return
    proved_first = searcher.solver.partial  # the second try goes on from these bounds
    if stop is not None and stop.is_set():
        yield searcher.shallow(pos, stop, finish)
        return
    best = None
    solve_again = deadline is not None and pos.moves >= SOLVE_AGAIN_FROM_DISCS
    soft = start + budget * DEEPEN_UNTIL if solve_again else deadline
    for best in deepen(searcher, pos, stop, deadline, soft, start, finish, searcher.nodes):
        yield best
    assert best is not None
    if not solve_again or best.cancelled or best.exact or perf_counter() > start + budget * SOLVE_AGAIN_BEFORE:
        return
    searched = searcher.nodes
    exact = searcher.solve(pos, stop, start + budget, first=best.move, known=proved_first)
    searcher.nodes += searched
    if exact is not None:
        yield finish(*exact)
    elif stop is not None and stop.is_set():
        yield replace(best, nodes=searcher.nodes, elapsed=perf_counter() - start, cancelled=True)
    else:
        better = overruling_move(best.move, searcher.solver.partial)
        if better is not None:
            yield finish(*better, best.depth, False)


def overruling_move(estimate: int, partial: Partial) -> tuple[int, float] | None:
    """(move, score) the solver proved when it ran out of time, if it is not ``estimate``.

    The solver searched ``estimate`` first at the root, so a move proved other than it has the
    best proved score: ``estimate`` was either proved below it or not yet shown to reach it.
    The score is the proved bound when it settles a win or a loss, else 0 (the interval holds
    a draw; the engine's scale keeps |score| >= 1 for proofs).
    """
    lower, upper, proved = partial
    if proved is None or proved == estimate:
        return None
    return proved, float(lower) if lower >= 1 or upper <= -1 else 0.0
