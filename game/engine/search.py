"""The computer player: depth-limited negamax with alpha-beta, iterative deepening.

One score scale is used everywhere (``scores``: the solver convention, from the side to move):

* ``|score| >= 1``: a proven win or loss; a win with the mover's k-th disc scores
  ``22 - k``, so faster wins and slower losses are preferred;
* ``|score| < 1``: a heuristic estimate. Leaf evaluations are multiplied by the
  depth discount and squashed into (-1, 1) with ``v / (|v| + K)``, a monotonic map,
  so wins always dominate and the order of heuristic values is unchanged.

Depth discounting: a leaf found ``ply`` plies below the root of a depth-``D`` search
keeps ``1 - f * ply / D`` of its value (f = ``discount``, 0.25 by default: 75 % at the
depth limit). Leaves are not all at ply D: a move
that is forced (the only non-losing move: a block, or the one column not under an
opponent's winning cell) costs no depth, so forcing lines are searched further and
their leaves are discounted more. With f = 0 the discount is off.

The nodes and their tables (``bounds`` for one iteration's values, ``hints`` for move
ordering across iterations and moves) are in ``alphabeta``, compiled when the package was
built with a C compiler: there the search releases the GIL while it runs, and a ``StopFlag``
stops it from another thread. This module holds the root: the order of its moves, principal
variation search over them, and what the strategies ask of it (``search_values.RootSearch``).

``search`` dispatches: a move decided at once (a win, or every move losing), a weaker level's
tempered choice among its searched moves (``tempered``), the exact
solver alone (``depth=None``), iterative deepening (``deepening``), or perfect play within
the time budget (``perfect``). ``column_scores``/``column_values`` are in ``analysis``.
"""

from __future__ import annotations

import random
from time import perf_counter
from typing import Callable, Iterator

from . import alphabeta as core_module
from . import analysis, tempered
from .alphabeta import NULL, StopFlag
from .board import BOARD, BOTTOM, CELLS, CENTRE_ORDER, COLUMN_MASKS, WIDTH, Position, mirror_bits
from .board import non_losing_moves, winning_cells_mask
from .deepening import deepen, is_exact
from .ordering import order_by_threats
from .perfect import play_perfectly
from .scores import loss_next_score, win_next_score
from .search_values import MAX_DEPTH, Finish, Progress, SearchConfig, SearchResult
from .solver import Partial, SearchCancelled, Solver
from .tables import search_table_sizes

__all__ = [
    "MAX_DEPTH",
    "Progress",
    "SearchCancelled",
    "SearchConfig",
    "SearchResult",
    "Searcher",
    "StopFlag",
    "best_move",
]

_EPS = 1e-9


class Searcher:
    """A computer player with its own transposition table. Not thread-safe."""

    def __init__(self, config: SearchConfig | None = None, *, table_mb: float | None = None,
                 solver_table: memoryview | None = None) -> None:
        """``table_mb``: this searcher's memory bound (None: ``config.table_mb``), shared by its
        tables; ``solver_table``: an exact solver's table shared with other searchers
        (``solver.new_solver_table``), in place of one of the searcher's own."""
        self.config = config = config or SearchConfig()
        sizes = search_table_sizes(config.table_mb if table_mb is None else table_mb)  # one bound for all tables
        self.max_entries, self.max_threats, self.max_hints = sizes.bounds, sizes.threats, sizes.hints
        # the node search and its tables: compiled when the package was built with a C compiler
        self._core = core_module.new_core(config.heuristic, config.window_weights, config.discount, sizes.bounds,
                                          sizes.hints, sizes.threats)
        # an exact searcher (depth None) fills no depth-search table: its solver has the whole budget
        self._solver_mb = (config.table_mb if table_mb is None else table_mb) if config.depth is None \
            else sizes.solver_mb
        self._solver_table = solver_table
        self._solver: Solver | None = None
        self.nodes = 0
        self._rng = random.Random(config.seed) if config.seed is not None else None
        # tempered choices are seeded with the config's seed too (None: a fresh, unpredictable
        # stream); the stream keeps its name, so a seed draws the same choices as it always did
        self._choice_rng = random.Random(f"blunder:{config.seed}") if config.seed is not None else random.Random()
        self._completed: dict[int, float] = {}

    @property
    def solver(self) -> Solver:
        """The exact solver, made when first asked for (a depth search alone never needs it)."""
        if self._solver is None:
            self._solver = Solver(table_mb=self._solver_mb, table=self._solver_table)
        return self._solver

    @property
    def compiled(self) -> bool:
        """Whether the node search runs compiled, releasing the GIL (see ``alphabeta``)."""
        return core_module.is_compiled(self._core)

    def clear(self) -> None:
        """Forget everything learnt (tables) -- the config stays."""
        self._core.clear()
        if self._solver is not None:
            self._solver.reset()

    def table_counts(self) -> tuple[int, int, int]:
        """Entries of the depth search's tables: (values, move hints, cached threat cells)."""
        return self._core.counts()

    def table_entries(self) -> int:
        return sum(self.table_counts()) + (0 if self._solver is None else self._solver.table_entries())

    # ------------------------------------------------------------------ public
    def search(self, pos: Position, *, stop=None, on_progress: Callable[[Progress], None] | None = None) -> SearchResult:
        """Choose a move for the side to move.

        ``stop`` is any object with ``is_set()``. When it is set, or the time limit runs
        out, the search unwinds within a few thousand nodes and returns the move of the
        last finished iteration (``cancelled=True`` if it was the stop flag). Compiled, the
        search releases the GIL while its nodes run; a ``StopFlag`` then reaches it without
        the GIL (another object is asked with the GIL taken back). ``on_progress`` is called
        in this thread after every finished iteration.
        """
        result = None
        for result in self._iterate(pos, stop, on_progress):
            pass
        assert result is not None
        return result

    def column_scores(self, pos: Position, *, time_limit: float = 0.5, stop=None) -> tuple[tuple[float | None, ...], bool]:
        """Score of playing each column, exact if the solver finishes in time (``analysis``)."""
        return analysis.column_scores(self, pos, time_limit, stop)

    def column_values(self, pos: Position, depth: int | None = None, *, stop=None,
                      deadline: float | None = None) -> list[float | None]:
        """Every column's value from a search to ``depth`` (default: the config's depth)."""
        return analysis.column_values(self, pos, depth or self.config.depth or 1, stop=stop, deadline=deadline)

    # ------------------------------------------------- the root API of the strategies
    @property
    def ties_at_random(self) -> bool:
        """Whether equal root moves are chosen at random (seeded): they then need exact values."""
        return self._rng is not None

    @property
    def completed_root_values(self) -> dict[int, float]:
        """{column: value} of the root moves the last (possibly interrupted) iteration finished."""
        return self._completed

    # ------------------------------------------------------------ internals
    def _iterate(self, pos: Position, stop, on_progress) -> Iterator[SearchResult]:
        if pos.is_over():
            raise ValueError("the game is over: there is no move to choose")
        cfg = self.config
        start = perf_counter()
        self.nodes = 0
        deadline = start + cfg.time_limit if cfg.time_limit else None

        def finish(move: int, score: float, depth: int, exact: bool, cancelled: bool = False) -> SearchResult:
            result = SearchResult(move, float(score), depth, self.nodes, perf_counter() - start, exact, cancelled)
            if on_progress is not None:
                on_progress(Progress(depth, move, score, result.nodes, result.elapsed, exact))
            return result

        # Immediate win, or a position where every move loses at once: no search needed.
        forced = self._obvious_move(pos)
        if forced is not None:
            move, score = forced
            yield finish(move, float(score), 1, True)
            return

        if cfg.temperature and cfg.depth is not None:
            yield self._tempered(pos, stop, deadline, finish)
            return

        if cfg.depth is None:
            # exact mode: the solver alone, within the time limit if there is one
            exact = self.solve(pos, stop, deadline)
            if exact is None:
                yield self.shallow(pos, stop, finish)
            else:
                yield finish(*exact)
            return

        if cfg.perfect_play:
            yield from play_perfectly(self, pos, stop, deadline, start, finish)
        else:
            yield from deepen(self, pos, stop, deadline, deadline, start, finish)

    def solve(self, pos: Position, stop, deadline: float | None, first: int | None = None,
              known: Partial | None = None) -> tuple[int, float, int, bool] | None:
        """The exact solver's (move, score, depth, exact=True) if it finishes by ``deadline``.

        ``None`` when the deadline or the stop flag ends it; ``self.nodes`` counts its nodes.
        """
        self.solver.nodes = 0
        try:
            move, score = self.solver.best_move(pos, stop=stop, deadline=deadline, first=first, known=known)
            return move, float(score), CELLS - pos.moves, True
        except SearchCancelled:
            return None
        finally:
            self.nodes = self.solver.nodes

    def _tempered(self, pos: Position, stop, deadline: float | None, finish) -> SearchResult:
        """A weaker level's move: drawn by the softmax over the searched moves (``tempered``)."""
        try:
            move, score = tempered.choose(self, pos, self._choice_rng, stop=stop, deadline=deadline)
        except SearchCancelled:
            return self.shallow(pos, stop, finish)
        depth = self.config.depth or 1
        return finish(move, score, depth, is_exact(score, pos.moves, depth))

    def shallow(self, pos: Position, stop, finish: Finish) -> SearchResult:
        """A one-ply answer that always completes (after a stop, or exact mode's time-out)."""
        values = self.root_values(pos, 1, None, None, full_window=False)
        move, score = self.pick(values)
        return finish(move, score, 1, is_exact(score, pos.moves, 1), cancelled=stop is not None and stop.is_set())

    def _obvious_move(self, pos: Position) -> tuple[int, int] | None:
        """An immediate win, or (when every move loses at once) the least bad move."""
        current, mask, moves = pos.current, pos.mask, pos.moves
        possible = (mask + BOTTOM) & BOARD
        mine = winning_cells_mask(current, mask) & possible
        wins = [col for col in CENTRE_ORDER if mine & COLUMN_MASKS[col]]
        if wins:
            return (self._rng.choice(wins) if self._rng is not None else wins[0]), win_next_score(moves)
        opp_win = winning_cells_mask(current ^ mask, mask)
        if not non_losing_moves(mask, opp_win):
            # lost whatever we do: block one threat if we can (a human may not see the other)
            pool = (possible & opp_win) or possible
            for col in CENTRE_ORDER:
                if pool & COLUMN_MASKS[col]:
                    return col, loss_next_score(moves)
        return None

    def pick(self, values: dict[int, float]) -> tuple[int, float]:
        """Best root move; ties broken centre-first, or at random when seeded."""
        best = max(values.values())
        tied = [c for c in CENTRE_ORDER if c in values and values[c] >= best - _EPS]
        if self._rng is not None and len(tied) > 1:
            return self._rng.choice(tied), best
        # deterministic: the first in search order (hint first, then by threats), which
        # is the one that set the best value
        return next(iter(c for c in values if values[c] == best)), best

    def root_values(self, pos: Position, depth: int, stop=None, deadline: float | None = None, *,
                    full_window: bool) -> dict[int, float]:
        """Search every non-losing root move to ``depth``; returns {column: value} in search order.

        With ``full_window`` every move gets its exact value at this depth (for analysis and
        seeded tie-breaks); otherwise moves after the first get a fail-soft upper bound
        that only proves they are no better.
        """
        negamax, leaves, node_count = self._core.iteration(pos.moves, depth, self.nodes, stop, deadline)
        try:
            return self._root_search(pos, depth, negamax, leaves, full_window)
        finally:
            self.nodes = node_count()

    def _root_search(self, pos: Position, depth: int, negamax, leaves, full_window: bool) -> dict[int, float]:
        current, mask, moves = pos.current, pos.mask, pos.moves
        # no candidates when every move loses at once (callers handle that); a winning move
        # ends the game: not searched
        candidates = non_losing_moves(mask, winning_cells_mask(current ^ mask, mask))
        candidates &= ~winning_cells_mask(current, mask)
        children = self._ordered_children(current, mask, candidates, self._core.hint(current + mask))
        values: dict[int, float] = {}
        self._completed = values  # what an interrupted iteration completed (deepening)
        alpha = -1e9
        child_depth = depth - 1 if len(children) > 1 else depth  # a forced move costs no depth
        opp = current ^ mask
        # the scoremap value or window sum is carried down the tree incrementally from here
        e = self._core.root_value(current, mask)
        # A position that is its own mirror image (e.g. the empty board): a move and its mirror
        # image have the same value, so only the first of the two is searched. Only for the
        # integer-valued scoremap, whose evaluation of a mirrored position is bit-for-bit the same.
        symmetric = (self.config.heuristic == "scoremap" and mirror_bits(mask) == mask
                     and mirror_bits(current) == current)
        for col, move, threats in children:
            if symmetric and WIDTH - 1 - col in values:
                values[col] = values[WIDTH - 1 - col]
                continue
            ce = self._core.child_value(e, current, mask, move)
            if child_depth == 0:
                v = leaves(current, mask, moves, move, e)
            elif full_window or alpha == -1e9:
                v = -negamax(opp, mask | move, moves + 1, threats, child_depth, -1e9, 1e9, ce)
            else:
                # principal variation search at the root too: a null window first
                v = -negamax(opp, mask | move, moves + 1, threats, child_depth, -alpha - NULL, -alpha, ce)
                if v > alpha:
                    v = -negamax(opp, mask | move, moves + 1, threats, child_depth, -1e9, -v, ce)
            values[col] = v
            if v > alpha:
                alpha = v
                self._core.set_hint(current + mask, col)
        return values

    @staticmethod
    def _ordered_children(current: int, mask: int, candidates: int, hint: int | None) -> list[tuple[int, int, int]]:
        """(column, move, threats) of the root's moves: the table's hint first, then by threats."""
        ranked = order_by_threats(current, mask, candidates)
        return sorted(ranked, key=lambda child: child[0] != hint)  # stable: the hint to the front


def best_move(pos: Position | str, config: SearchConfig | None = None) -> SearchResult:
    """One-shot search with a fresh table."""
    if isinstance(pos, str):
        pos = Position.from_moves(pos)
    return Searcher(config).search(pos)
