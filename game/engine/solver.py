"""Exact Connect Four solver (negamax, alpha-beta, null-window narrowing).

The design follows Pascal Pons' solver, translated to what is cheap in Python:

* every node is relative to the player to move; a node is never entered when that
  player could win at once (the parent only plays non-losing moves, and ``solve``
  checks the root);
* ``non-losing moves``: a single forced block is the only move, two open opponent
  threats lose, and no move is played under an opponent's winning cell;
* the threats a move creates are computed once to order the moves and then handed to
  the child as "the opponent's winning cells", so each node computes them only for its
  own candidate moves;
* the transposition table keeps lower and upper bounds (two dicts keyed on
  ``current + mask``), bounded by dropping the oldest half when full;
* the score is found by null-window searches that narrow ``[min, max]``
  (MTD-style bisection biased toward 0), which is far cheaper than one wide search;
* the root is searched move by move, so each proved lower bound comes with its move: the
  best move needs no extra search, and a cancelled search still tells what it proved
  (``Solver.partial``). The root's moves take turns with node shares that double from
  round to round, so a move that proves a bound quickly is not kept waiting behind one
  that takes long to fail.

Scores follow the test-set convention: 0 for a draw, ``22 - k`` for a win with the
mover's k-th disc (``(43 - moves) // 2`` for a win on the next move), negative for
losses.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from . import negamax as search_module
from .board import (
    BOARD,
    BOTTOM,
    CELLS,
    CENTRE_ORDER,
    COLUMN_MASKS,
    H1,
    WIDTH,
    Bitboard,
    Position,
    non_losing_moves,
    winning_cells_mask,
)
from .book import BOOK_DISCS, Book, default_book
from .limits import SearchCancelled, SearchLimits, ShareSpent
from .early_table import EARLY_DISCS, early_scores
from .ordering import order_by_threats
from .scores import loss_next_score, score_range, win_next_score
from .tables import halve_table, solver_table_entries, solver_table_slots

# A root move's first share of a root test, in nodes; it doubles every round (see _root_test).
_ROOT_SHARE = search_module.ROOT_SHARE


class Partial(NamedTuple):
    """What a solve has proved so far: ``lower <= score <= upper``.

    ``move`` (a column) is proved to score at least ``lower``; ``None`` while no move is
    (the lower bound is the trivial one, or the position was scored without a search).
    """

    lower: int
    upper: int
    move: int | None


def _column_of(move: Bitboard) -> int:
    return (move.bit_length() - 1) // H1


class Solver:
    """Exact solver with a bounded transposition table that persists between calls."""

    def __init__(self, table_mb: float = 64, book: Book | None | Literal["default"] = "default",
                 early: bool = True, table: memoryview | None = None) -> None:
        """``book``: the opening book whose 12-disc positions end the search ("default": the
        installed one if it can be used, see ``book.book_status``; None: search them too).
        ``early``: read positions with at most ``early_table.EARLY_DISCS`` discs from the shipped table,
        loaded when the first such position is met (a search from a later position never meets
        one, so most solvers never load it). ``table``: a transposition table from
        ``new_solver_table`` to share with other solvers (None: one of ``table_mb`` of its own;
        ``table_mb`` then bounds only the solver's small caches)."""
        if not 0 < table_mb <= 4096:
            raise ValueError(f"table_mb must be in (0, 4096], got {table_mb!r}")
        self.table_mb = table_mb
        self.book = default_book() if book == "default" else book
        self.early = early
        # book hook: exact scores read from the book, kept (bounded) since nodes repeat often
        self.book_scores: dict[int, int | None] = {}
        self.slots = solver_table_slots(table_mb) if table is None else len(table)
        # plain path: one side's discs -> the cells that would complete a four for it, occupied
        # or not: a pure function of the key, valid forever; most threat computations repeat one
        self.threat_cache: dict[int, int] = {}
        self.max_threats = solver_table_entries(table_mb, tables=4)
        self._partial = Partial(0, 0, None)  # see _solve_bits
        self._root_running = False  # the compiled root holds the partial bounds while it runs
        self._limits = SearchLimits()
        self._search = search_module  # compiled or plain (tests swap it for the plain one)
        self._table = self._search.new_table(self.slots) if table is None else table
        self._book_discs, self._book_score = self._build_book_hook()
        self._negamax, self._node_count, self._root = self._search.build_search(
            self._limits, self._table, self.threat_cache, self.max_threats, self._book_discs, self._book_score,
            self.book, EARLY_DISCS if self.early else -1)
        # positions with more discs meet no book hook at the root: the compiled root takes them
        self._root_hooks_end = self._book_discs + (self.book is not None)

    @property
    def nodes(self) -> int:
        """Positions visited since the last reset (``solver.nodes = 0``)."""
        return self._node_count()

    @nodes.setter
    def nodes(self, value: int) -> None:
        self._node_count(value)

    @property
    def partial(self) -> Partial:
        """What the running or last solve has proved (see ``_solve_bits``); a stop object asked
        during a search reads the bounds proved so far."""
        if self._root_running:
            lo, hi, column = self._root.root_bounds()
            return Partial(lo, hi, None if column < 0 else column)
        return self._partial

    @partial.setter
    def partial(self, value: Partial) -> None:
        self._partial = value

    @property
    def compiled(self) -> bool:
        """Whether the search runs compiled (see :mod:`game.engine.negamax`)."""
        return self._search.COMPILED

    def reset(self) -> None:
        """Empty the table (in place: a shared table for every solver sharing it) and set the
        node count to 0."""
        self.threat_cache.clear()
        self.book_scores.clear()
        self._search.clear_table(self._table)
        self.nodes = 0

    def table_entries(self) -> int:
        """Filled slots of the transposition table (a count over the whole table: slow)."""
        return sum(map(bool, self._table))

    def _build_book_hook(self):
        """(most discs of a position to read, score look-up) for the search; -1 for none.

        The look-up returns the exact score of a position with ``BOOK_DISCS`` discs from the
        book, of one with at most ``EARLY_DISCS`` from the early table, or None for any other
        position or one the book lacks (the search then solves it itself).
        """
        book = self.book
        if book is None and not self.early:
            return -1, None
        cache = self.book_scores
        lookup = book.lookup if book is not None else None
        early: dict[int, int] | None = None if self.early else {}  # None: not loaded yet
        early_discs = EARLY_DISCS
        book_discs = BOOK_DISCS if book is not None else EARLY_DISCS
        max_entries = self.max_threats
        failed: list[Exception] = []  # the first failed read, said once

        def book_score(current: int, mask: int, moves: int) -> int | None:
            nonlocal early
            if moves <= early_discs:
                if early is None:
                    early = early_scores() or {}
                return early.get(current + mask)
            if moves != book_discs or lookup is None:
                return None
            key = current + mask
            try:
                return cache[key]
            except KeyError:
                pass
            if len(cache) >= max_entries:
                halve_table(cache)
            try:
                v = lookup(current, mask)
            except (OSError, ValueError) as e:  # cut short or unreadable since checked, or closed
                v = None                         # as the compiled search does: not in the book, searched
                if not failed:
                    failed.append(e)
                    import logging  # here: only a failure is logged (see book.default_book)

                    logging.getLogger(__name__).warning(
                        "the opening book could not be read (%s): positions are searched instead", e)
            cache[key] = v
            return v

        return book_discs, book_score

    def _parents_bound(self, current: Bitboard, mask: Bitboard) -> int:
        """A lower bound on the score of a position one disc past the book, from the book.

        Taking back any top disc of the player who just moved gives a book position of which
        this one is a child, so this position's score is at least minus that position's score.
        """
        last_mover = current ^ mask
        bound = -CELLS
        for col in range(WIDTH):
            column = mask & COLUMN_MASKS[col]
            top = 1 << (column.bit_length() - 1) if column else 0  # the column's top disc
            if top & last_mover:
                score = self._book_score(last_mover ^ top, mask ^ top, BOOK_DISCS)
                if score is not None and -score > bound:
                    bound = -score
        return bound

    # --------------------------------------------------------------- public
    def solve(self, pos: Position, stop=None, deadline: float | None = None) -> int:
        """Exact score of ``pos`` for the side to move.

        ``stop``: an object with ``is_set()``; ``deadline``: a ``time.perf_counter()``
        value. Either one ends the search with ``SearchCancelled``.
        """
        if pos.is_over():
            raise ValueError("the game is over: there is nothing to solve")
        return self._solve_bits(pos.current, pos.mask, pos.moves, stop, deadline)

    def _solve_bits(self, current: Bitboard, mask: Bitboard, moves: int, stop=None,
                    deadline: float | None = None, first: Bitboard = 0, climb: bool = False,
                    known: Partial | None = None) -> int:
        """Exact score; ``self.partial`` tells how far it got, also when it is cancelled.

        The window narrows by null-window bisection biased toward 0 (MTD-style), which
        reaches the score with the fewest expensive failed tests. With ``climb``, once a move is
        proved to reach the lower bound, the bound is raised one step at a time instead: the
        score comes about as fast, and the best move sooner, which is what an interrupted
        search can still use. ``known``: bounds an earlier, interrupted search of this position
        proved; the climb starts at its lower bound.
        """
        if self._root is not None and moves > self._root_hooks_end:
            return self._solve_compiled(current, mask, moves, stop, deadline, first, climb, known)
        self.partial = Partial(*score_range(moves), None)
        possible = (mask + BOTTOM) & BOARD
        if winning_cells_mask(current, mask) & possible:
            win = win_next_score(moves)
            self.partial = Partial(win, win, None)
            return win
        self._limits.stop, self._limits.deadline = stop, deadline
        if moves <= self._book_discs:  # book hook at the root
            v = self._book_score(current, mask, moves)
            if v is not None:
                self.partial = Partial(v, v, None)
                return v
        opp_win = winning_cells_mask(current ^ mask, mask)
        order = self._root_moves(current, mask, moves, opp_win, first)
        if isinstance(order, int):
            self.partial = Partial(order, order, None)
            return order
        lo, hi, proven = self.partial
        if known is not None:
            lo, hi = max(lo, known.lower), min(hi, known.upper)
            if lo > hi:
                raise ValueError(f"known bounds {known.lower}..{known.upper} do not fit this position")
            self.partial = Partial(lo, hi, None)
        if moves == BOOK_DISCS + 1 and self.book is not None:  # book hook: a bound from the parents
            lo = max(lo, self._parents_bound(current, mask))
            self.partial = Partial(lo, hi, None)
        while lo < hi:
            if climb and (proven is not None or known is not None):
                med = lo  # climb from the proved bound: each success names a move proved higher
            else:
                med = lo + (hi - lo) // 2
                if med <= 0 and lo // 2 < med:
                    med = lo // 2
                elif med >= 0 and hi // 2 > med:
                    med = hi // 2
            r, move = self._root_test(current, mask, moves, order, med)
            if r <= med:
                hi = r
            else:
                lo, proven = r, _column_of(move)
            self.partial = Partial(lo, hi, proven)
        return lo

    def _solve_compiled(self, current: Bitboard, mask: Bitboard, moves: int, stop, deadline: float | None,
                        first: Bitboard, climb: bool, known: Partial | None) -> int:
        """``_solve_bits`` by the compiled root (``negamax._Core.solve_root``): the same steps,
        nodes and ``partial``, without a return to Python between the root's tests."""
        limits = self._limits
        limits.stop, limits.deadline = stop, deadline
        self._root_running = True
        try:
            status, lo, hi, column = self._root.solve_root(current, mask, moves, first, climb,
                                                           None if known is None else (known.lower, known.upper))
        finally:
            self._root_running = False
        if status == search_module.MISFIT:
            raise ValueError(f"known bounds {known.lower}..{known.upper} do not fit this position")
        self.partial = Partial(lo, hi, None if column < 0 else column)
        if status:
            limits.raise_for(status)
        return lo

    def _root_moves(self, current: Bitboard, mask: Bitboard, moves: int, opp_win: Bitboard,
                    first: Bitboard) -> list[tuple[Bitboard, Bitboard]] | int:
        """The root's non-losing moves with the threats each creates, in search order.

        An int instead when the position needs no search: the exact score of a loss on the
        opponent's next move, or of a draw when the board fills up. ``first`` (a move bit,
        0 for none) goes first if it is one of the moves.
        """
        candidates = non_losing_moves(mask, opp_win)
        if not candidates:
            return loss_next_score(moves)
        if moves >= CELLS - 2:
            return 0
        ordered = [(move, threats) for _, move, threats in order_by_threats(current, mask, candidates)]
        return sorted(ordered, key=lambda item: item[0] != first)  # stable: ``first`` to the front

    def _root_test(self, current: Bitboard, mask: Bitboard, moves: int,
                   order: list[tuple[Bitboard, Bitboard]], med: int) -> tuple[int, Bitboard | None]:
        """Is the root's score > ``med``? (a bound, the move that proves it or None).

        The root is searched move by move, unlike inner nodes, so that the move behind each
        lower bound is known for certain. That move goes first from then on: a move searched
        ahead of the one that proves a bound scored ``<= med``, i.e. below that bound, or was
        cut short by its share.

        The moves share the work in rounds: in each, every unfinished move searches until it
        has used its share of nodes, and the share doubles from round to round. So a move
        that proves the bound cheaply is not kept waiting behind one that takes long to fail
        -- typically the move searched first, a heuristic's choice, when it is not the best.
        An interrupted move loses little: every node it finished stays in the table.
        """
        negamax = self._negamax
        limits = self._limits
        opponent, child_moves = current ^ mask, moves + 1
        best = -CELLS
        pending = list(range(len(order)))
        share = _ROOT_SHARE
        try:
            while pending:
                unfinished = []
                for k, i in enumerate(pending):
                    move, threats = order[i]
                    # the last move standing needs no share: it runs to the end
                    others = len(unfinished) + len(pending) - k - 1
                    limits.node_limit = self.nodes + share if others else None
                    try:
                        score = -negamax(opponent, mask | move, child_moves, threats, -med - 1, -med)
                    except ShareSpent:
                        unfinished.append(i)
                        continue
                    if score > med:
                        if i:
                            order.insert(0, order.pop(i))
                        return score, move
                    if score > best:
                        best = score
                pending = unfinished
                share *= 2
            return best, None
        finally:
            limits.node_limit = None

    def column_scores(self, pos: Position, stop=None, deadline: float | None = None) -> list[int | None]:
        """Exact score of playing each column (``None`` for a full column).

        A column that wins at once scores the win score; otherwise the score is minus
        the opponent's exact score after the move (a move under an opponent's winning
        cell scores the quick loss it leads to).
        """
        if pos.is_over():
            raise ValueError("the game is over: there is nothing to analyse")
        scores: list[int | None] = []
        for col in range(WIDTH):
            if not pos.can_play(col):
                scores.append(None)
            elif pos.is_winning_move(col):
                scores.append(win_next_score(pos.moves))
            else:
                child = pos.play(col)
                scores.append(-self._solve_bits(child.current, child.mask, child.moves, stop, deadline))
        return scores

    def best_move(self, pos: Position, stop=None, deadline: float | None = None,
                  first: int | None = None, known: Partial | None = None,
                  climb: bool = True) -> tuple[int, int]:
        """(column, exact score) of a best move.

        The root search names the move behind every lower bound it proves, so the best move
        costs no search beyond the score's. ``climb`` (see ``_solve_bits``) raises the lower
        bound one step at a time: a cancelled search then has a good move sooner, at a cost of
        up to several times the nodes on early positions. Without it the score is found by
        bisection, as fast as ``solve``: the choice for a search that is not interrupted.

        ``first``: a column to search first at the root, e.g. the move a heuristic search
        prefers. If the search is cancelled, ``self.partial`` holds what was proved by then:
        its move is the one with the best proved score. ``known``: the ``partial`` of an
        earlier, interrupted call on the same position, to go on from (its bounds, not its
        move: a move proved with another move searched first says nothing about that one).
        Bounds of another position give wrong answers; bounds that cannot hold here raise
        ValueError.
        """
        if pos.is_over():
            raise ValueError("the game is over: there is no move to choose")
        for col in CENTRE_ORDER:
            if pos.is_winning_move(col):
                win = win_next_score(pos.moves)
                self.partial = Partial(win, win, col)
                return col, win
        first = 0 if first is None else (pos.mask + BOTTOM) & COLUMN_MASKS[first]
        target = self._solve_bits(pos.current, pos.mask, pos.moves, stop, deadline, first, climb=climb,
                                  known=known)
        if self.partial.move is not None:
            return self.partial.move, target  # the move that proved the final lower bound
        # the score is the least possible one, proved by no move: test the columns
        current, mask, moves = pos.current, pos.mask, pos.moves
        opp_win = winning_cells_mask(current ^ mask, mask)
        self._limits.stop, self._limits.deadline = stop, deadline
        for col in CENTRE_ORDER:
            if not pos.can_play(col):
                continue
            move = (mask + BOTTOM) & COLUMN_MASKS[col]
            child_mask = mask | move
            mine = current | move  # the opponent's "other player" in the child
            child_possible = (child_mask + BOTTOM) & BOARD
            if opp_win & child_possible:
                # the opponent wins with its next disc after this move
                score = loss_next_score(moves)
            else:
                # one null-window test instead of a full solve: is the opponent's score
                # after this move <= -target? (the table is warm from solving the root)
                r = self._negamax(mine ^ child_mask, child_mask, moves + 1,
                                  winning_cells_mask(mine, child_mask), -target, -target + 1)
                score = target if r <= -target else target - 1
            if score >= target:
                return col, target
        raise AssertionError("no move reaches the solved score")  # unreachable: the score is attained


def new_solver_table(table_mb: float) -> memoryview:
    """A transposition table of ``table_mb`` megabytes for solvers to share (``Solver(table=...)``).

    Its entries are bounds on positions' exact scores, true whatever solver proved them, so
    every exact solver of a process can use one table: one memory bound instead of one per
    solver. One search at a time: a table is not shared between threads.
    """
    if not 0 < table_mb <= 4096:
        raise ValueError(f"table_mb must be in (0, 4096], got {table_mb!r}")
    return search_module.new_table(solver_table_slots(table_mb))


def solve(pos: Position | str, table_mb: float = 64) -> int:
    """Exact score of a position or move string (a fresh solver each call)."""
    if isinstance(pos, str):
        pos = Position.from_moves(pos)
    return Solver(table_mb).solve(pos)


__all__ = ["Partial", "SearchCancelled", "Solver", "new_solver_table", "solve"]
