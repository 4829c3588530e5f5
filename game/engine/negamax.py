"""The exact solver's inner search: one null-window negamax, compiled.

When the package is installed with a C compiler at hand, Cython compiles this module in its
pure-Python mode: ``_Core`` then runs every node with C integers over the table's C array.
``build_search`` hands out a ``_Core`` where this module runs compiled, else the plain search
of ``plain_negamax`` (a closure), the reference ``_Core`` follows: both visit the same
positions in the same order and store the same table entries, so they return the same scores
after the same number of nodes (tests run the solver's tests on both paths). The table's word
layout below is defined in ``plain_negamax``.

The transposition table is a fixed number of slots (a prime, for an even spread of the
structured keys), one 64-bit word per slot, as in Pons' solver. A slot holds its position's
key (``current + mask``, 49 bits), a lower bound, an upper bound and the move that last
caused a cutoff there (the "cut move", searched first next time). A store always replaces
the slot; bounds of the same key are kept beside the new one::

    bit 63 .. 15   14 .. 9          8 .. 3                  2 .. 0
        key        lower + OFFSET   OFFSET - 1 - upper      centre rank of the cut move

A zero field means "nothing known" (lower -OFFSET, upper OFFSET - 1, no cut move), so an
empty slot and a slot of another key read alike.
"""

from __future__ import annotations

import mmap
import os
from functools import cache
from time import perf_counter
from types import ModuleType

try:
    import cython
except ImportError:  # the plain path needs no Cython at run time
    from . import _cython_shim as cython

from ._cython_shim import plain_twin
from .book import COLUMN_CODES, KEY_BYTES, LAST_LOSS_VALUE, LAST_WIN_VALUE, RECORD, RUN_RECORDS
from .board import BOARD, BOTTOM, CELLS, H1, LINE_SHIFTS, WIDTH
from .ordering import RANK_UNIT
from .plain_negamax import (BOUND_MASK, BOUND_OFFSET, CHECK_EVERY, CUT_COLUMN_MASKS, CUT_MASK, KEY_SHIFT, LOWER_FIELD,
                            LOWER_SHIFT, UPPER_FIELD, UPPER_SHIFT, plain_search)

#: Whether this module runs compiled (C integers, C table) or as plain Python.
COMPILED: bool = cython.compiled

#: Why a compiled search unwound (``limits.raise_for`` turns it into the exception ``limits.check`` raises).
STOPPED, OUT_OF_TIME, SHARE_SPENT = 1, 2, 3
#: ``_Core.solve_root``'s status when the known bounds it was given cannot hold for the position.
MISFIT = 4
#: A root move's first share of a root test, in nodes; it doubles every round (``Solver._root_test``).
ROOT_SHARE = 65536
# The constants as C values for the compiled search (in plain Python: the same ints).
_CELLS = cython.declare(cython.int, CELLS)
_WIDTH = cython.declare(cython.int, WIDTH)
_RANK_UNIT = cython.declare(cython.int, RANK_UNIT)
_CHECK_EVERY = cython.declare(cython.longlong, CHECK_EVERY)
_KEY_SHIFT = cython.declare(cython.int, KEY_SHIFT)
_LOWER_SHIFT = cython.declare(cython.int, LOWER_SHIFT)
_UPPER_SHIFT = cython.declare(cython.int, UPPER_SHIFT)
_BOUND_OFFSET = cython.declare(cython.int, BOUND_OFFSET)
_BOUND_MASK = cython.declare(cython.ulonglong, BOUND_MASK)
_CUT_MASK = cython.declare(cython.ulonglong, CUT_MASK)
_UPPER_FIELD = cython.declare(cython.ulonglong, UPPER_FIELD)
_LOWER_FIELD = cython.declare(cython.ulonglong, LOWER_FIELD)
# the line shifts of board.winning_cells_mask (board.LINE_SHIFTS): horizontal, diagonal \, diagonal /
_H1 = cython.declare(cython.int, LINE_SHIFTS[1][0])
_H2 = cython.declare(cython.int, LINE_SHIFTS[1][1])
_H3 = cython.declare(cython.int, LINE_SHIFTS[1][2])
_D1 = cython.declare(cython.int, LINE_SHIFTS[2][0])
_D2 = cython.declare(cython.int, LINE_SHIFTS[2][1])
_D3 = cython.declare(cython.int, LINE_SHIFTS[2][2])
_U1 = cython.declare(cython.int, LINE_SHIFTS[3][0])
_U2 = cython.declare(cython.int, LINE_SHIFTS[3][1])
_U3 = cython.declare(cython.int, LINE_SHIFTS[3][2])
_STOPPED = cython.declare(cython.int, STOPPED)
_OUT_OF_TIME = cython.declare(cython.int, OUT_OF_TIME)
_SHARE_SPENT = cython.declare(cython.int, SHARE_SPENT)
_MISFIT = cython.declare(cython.int, MISFIT)
_ROOT_SHARE = cython.declare(cython.longlong, ROOT_SHARE)
_H1_BITS = cython.declare(cython.int, H1)
_RECORD = cython.declare(cython.longlong, RECORD)
_LAST_WIN = cython.declare(cython.int, LAST_WIN_VALUE)
_LAST_LOSS = cython.declare(cython.int, LAST_LOSS_VALUE)
_NOT_IN_BOOK = cython.declare(cython.int, -1000)
_RUN_RECORDS = cython.declare(cython.longlong, RUN_RECORDS)
_BOOK_CACHE_BITS = cython.declare(cython.int, 12)  # ``_Core.cache_keys``: 4096 slots
_FIBONACCI = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)  # 2 ** 64 / golden ratio: Fibonacci hashing
assert KEY_BYTES == 4 and len(COLUMN_CODES) <= 128 and RUN_RECORDS * RECORD == 5120  # ``_Core.book_run``
_ODD_BITS = cython.declare(cython.ulonglong, 0x5555555555555555)
_ODD_PAIRS = cython.declare(cython.ulonglong, 0x3333333333333333)
_ODD_NIBBLES = cython.declare(cython.ulonglong, 0x0F0F0F0F0F0F0F0F)


@cache
def plain_module() -> ModuleType:
    """This file run by the interpreter (the plain path), also when this module is compiled."""
    return plain_twin(__name__, __file__)


def new_table(slots: int) -> memoryview:
    """A table of ``slots`` empty 64-bit slots.

    Anonymous memory starts as zero pages: a large table costs nothing to create, and takes
    memory only as its slots fill.
    """
    if hasattr(mmap, "MAP_PRIVATE"):  # Unix: private memory, cheaper to fill than shared
        memory = mmap.mmap(-1, 8 * slots, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    else:
        memory = mmap.mmap(-1, 8 * slots)
    return memoryview(memory).cast("Q")


def clear_table(table: memoryview) -> None:
    """Empty every slot in place (the memory stays: no new page faults as it fills again)."""
    if cython.compiled:
        words: cython.ulonglong[::1] = table
        i: cython.Py_ssize_t
        for i in range(words.shape[0]):
            words[i] = 0
    else:
        table.cast("B")[:] = bytes(table.nbytes)


def build_search(limits, table: memoryview, threat_cache: dict[int, int], max_threats: int,
                 book_discs: int = -1, book_score=None, book=None, early_discs: int = -1):
    """The search over ``table``: ``(negamax, node_count, root)``.

    ``negamax(current, mask, moves, opp_win, alpha, beta)`` is a fail-hard null-window search.
    Precondition: the side to move cannot win at once. ``opp_win`` holds the empty cells
    where the opponent would complete four. A result v <= alpha means "the score is <= v",
    v >= beta means ">= v"; inside the window it is exact.

    ``limits`` says what ends a search early: its ``node_limit``, ``stop`` and ``deadline``
    (read when the search is called). Every ``CHECK_EVERY + 1`` nodes the plain search calls
    ``limits.check(nodes)``, which may raise; the compiled search, which runs without the GIL,
    checks the same conditions in C, unwinds, and then ``limits.raise_for(reason)`` raises what
    ``check`` would. The search holds ``limits``, never the solver: the solver's table is freed
    as soon as the solver is dropped, with no reference cycle for the collector to find.
    ``node_count(n)`` sets the node counter, ``node_count()`` reads it. ``threat_cache`` (one
    side's discs -> its winning cells, bounded by ``max_threats``) serves the plain path only.

    ``root`` is the compiled search (``_Core``, for its ``solve_root`` and ``root_bounds``), None
    on the plain path, where the solver runs its root in Python.

    Book hook: a node with at most ``book_discs`` discs (-1: none) that the side to move
    cannot lose at once asks ``book_score(current, mask, moves)`` first; an int is the
    position's exact score and ends the node, None lets the search go on. It is a Python call on
    the plain path. Given the ``book`` that ``book_score`` reads at ``book_discs`` discs (a
    ``book.Book``), the compiled path reads its file itself, without the GIL, and asks
    ``book_score`` (taking the GIL) only for nodes with at most ``early_discs`` discs, the
    early table's: ``book_score`` must answer None for the discs in between.
    """
    if cython.compiled:
        core = _Core(limits, table, book_discs, book_score, book, early_discs)
        return core.search, core.node_count, core
    negamax, node_count = plain_search(limits, table, threat_cache, max_threats, book_discs, book_score)
    return negamax, node_count, None


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _bit_count(x: cython.ulonglong) -> cython.int:
    """Set bits of ``x`` (the SWAR population count)."""
    x = x - ((x >> 1) & _ODD_BITS)
    x = (x & _ODD_PAIRS) + ((x >> 2) & _ODD_PAIRS)
    x = (x + (x >> 4)) & _ODD_NIBBLES
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return cython.cast(cython.int, x & 0x7F)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _threats(pos: cython.ulonglong, board: cython.ulonglong) -> cython.ulonglong:
    # inlined: board.winning_cells_mask (of ``pos`` alone, every cell of ``board``)
    a: cython.ulonglong = pos << _H1
    b: cython.ulonglong = pos >> _H1
    r: cython.ulonglong = (pos << 1) & (pos << 2) & (pos << 3) | (
        a & (pos << _H2) & ((pos << _H3) | b)) | (b & (pos >> _H2) & ((pos >> _H3) | a))
    a, b = pos << _D1, pos >> _D1
    r |= (a & (pos << _D2) & ((pos << _D3) | b)) | (b & (pos >> _D2) & ((pos >> _D3) | a))
    a, b = pos << _U1, pos >> _U1
    r |= (a & (pos << _U2) & ((pos << _U3) | b)) | (b & (pos >> _U2) & ((pos >> _U3) | a))
    # end inlined
    return r & board


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _floor_half(x: cython.int) -> cython.int:
    """``x // 2`` as Python rounds it (toward minus infinity), for either sign."""
    return (x - (x & 1)) // 2


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _column(move: cython.ulonglong) -> cython.int:
    """The column of a move bit (``solver._column_of``)."""
    c: cython.int = 0
    while move >> _H1_BITS:
        move >>= _H1_BITS
        c += 1
    return c


@cython.final
@cython.cclass
class _Core:
    """The compiled search: the same steps as ``plain_negamax.plain_search``'s closure, on C integers."""

    limits: object  # the solver's limits (see ``build_search``), never the solver itself
    book_score: object
    book_discs: cython.int
    buffer: object  # keeps the table's memory alive
    table: cython.p_ulonglong
    slots: cython.ulonglong
    nodes: cython.longlong
    board: cython.ulonglong
    bottom: cython.ulonglong
    cut_masks: cython.ulonglong[8]
    # the opening book's records, read in C (see ``_book_lookup``)
    hook_discs: cython.int  # nodes with at most this many discs ask ``book_score``
    book_fd: cython.int  # this core's own duplicate of the book's file, -1 for none
    book_records: cython.longlong  # 0: no book read in C
    book_view: object  # keeps the book's kept records (``Book.tree``) alive
    book_tree: cython.p_longlong
    book_tree_n: cython.longlong
    book_run: cython.uchar[5120]  # RUN_RECORDS records read at once
    # the last book answers: position key -> score (0: an empty slot; no 12-disc key is 0)
    cache_keys: cython.ulonglong[4096]
    cache_scores: cython.int[4096]
    codes: cython.ulonglong[128]
    code_bits: cython.int[128]
    # what ends the running search early: a root move's node share, a stop request, a deadline
    aborted: cython.int
    node_limit: cython.longlong  # -1: none
    stop: object
    flag: cython.p_int  # the C int of a StopFlag (``alphabeta.StopFlag``), or NULL
    foreign: cython.int  # another stop object: asked with the GIL taken back
    has_deadline: cython.int
    deadline: cython.double  # on the C clock (c4_now)
    # the root's moves in search order and the threats each creates (``solve_root``)
    root_moves: cython.ulonglong[8]
    root_threats: cython.ulonglong[8]
    root_count: cython.int
    # what ``solve_root`` proved: lo <= score <= hi, ``root_col`` (-1: none) proved to reach lo
    root_lo: cython.int
    root_hi: cython.int
    root_col: cython.int

    def __init__(self, limits, table, book_discs, book_score, book, early_discs) -> None:
        self.limits = limits
        self.book_discs = book_discs
        self.book_score = book_score
        self.book_records = 0
        self.book_fd = -1
        self.hook_discs = book_discs
        if book is not None:
            tree: cython.longlong[::1] = book.tree
            self.book_view = tree
            self.book_tree = cython.address(tree[0])
            self.book_tree_n = len(book.tree)
            self.book_fd = os.dup(book.fileno())  # its own: closing the book leaves this search reading
            self.book_records = book.records
            self.hook_discs = early_discs
            for i in range(1 << _BOOK_CACHE_BITS):
                self.cache_keys[i] = 0
            for i, (code, bits) in enumerate(COLUMN_CODES):
                self.codes[i] = code
                self.code_bits[i] = bits
        self.buffer = table
        self.slots = len(table)
        words: cython.ulonglong[::1] = table
        self.table = cython.address(words[0])
        self.nodes = 0
        self.aborted = 0
        self.stop = None
        self.flag = cython.NULL
        self.board = BOARD
        self.bottom = BOTTOM
        for n in range(WIDTH + 1):
            self.cut_masks[n] = CUT_COLUMN_MASKS[n]

    def node_count(self, value=None) -> int:
        if value is not None:
            self.nodes = value
        return self.nodes

    def _arm(self) -> None:
        """Read what ends the next search early from ``self.limits`` (see ``build_search``)."""
        limits = self.limits
        limit = limits.node_limit
        self.node_limit = -1 if limit is None else limit
        stop = self.stop = limits.stop
        address = stop.address() if stop is not None and hasattr(stop, "address") else 0
        self.flag = cython.cast(cython.p_int, cython.cast(cython.size_t, address)) if address else cython.NULL
        self.foreign = stop is not None and not address
        deadline = limits.deadline
        self.has_deadline = deadline is not None
        if deadline is not None:  # on the C clock, which need not be perf_counter's
            self.deadline = c4_now() + (deadline - perf_counter())
        self.aborted = 0

    def search(self, current: cython.ulonglong, mask: cython.ulonglong, moves: cython.int,
               opp_win: cython.ulonglong, alpha: cython.int, beta: cython.int) -> int:
        """The null-window search, run without the GIL; raises as ``limits.check`` would."""
        self._arm()
        r: cython.int
        with cython.nogil:
            r = self.negamax(current, mask, moves, opp_win, alpha, beta)
        self.stop = None
        if self.aborted:
            self.limits.raise_for(self.aborted)
        return r

    def solve_root(self, current: cython.ulonglong, mask: cython.ulonglong, moves: cython.int,
                   first: cython.ulonglong, climb: cython.int, known):
        """``Solver._solve_bits`` and its root test in C, for a position no book hook reads:
        ``(status, lo, hi, column)``, the same nodes in the same order as the plain root.

        The side to move may win at once. ``first`` (a move bit, 0 for none) is searched first;
        ``climb`` and ``known`` (bounds proved earlier, or None) as in ``_solve_bits``. ``status``
        is 0 when the score is found (``lo == hi``), ``STOPPED`` or ``OUT_OF_TIME`` when the
        search was cut short (``lo <= score <= hi`` is what it proved), or ``MISFIT`` when
        ``known`` cannot hold here. ``column`` is the move proved to reach ``lo`` (-1: none).
        """
        known_lo: cython.int = -_CELLS
        known_hi: cython.int = _CELLS
        if known is not None:
            known_lo, known_hi = known
        self._arm()
        self.node_limit = -1
        status: cython.int
        has_known: cython.int = known is not None
        with cython.nogil:
            status = self._root(current, mask, moves, first, climb, has_known, known_lo, known_hi)
        self.stop = None
        self.aborted = 0
        return status, self.root_lo, self.root_hi, self.root_col

    def root_bounds(self) -> tuple[int, int, int]:
        """What the running (or last) ``solve_root`` has proved so far: ``(lo, hi, column)``."""
        return self.root_lo, self.root_hi, self.root_col

    @cython.cfunc
    @cython.nogil
    @cython.cdivision(True)
    @cython.exceptval(check=False)
    def _root(self, current: cython.ulonglong, mask: cython.ulonglong, moves: cython.int,
              first: cython.ulonglong, climb: cython.int, has_known: cython.int, known_lo: cython.int,
              known_hi: cython.int) -> cython.int:
        """The steps of ``Solver._solve_bits`` past its book hooks, in the same order."""
        ranks: cython.int[8]
        i: cython.int
        j: cython.int
        move: cython.ulonglong
        threats: cython.ulonglong
        med: cython.int
        r: cython.int
        self.root_lo = -((_CELLS - moves) // 2)  # scores.score_range(moves)
        self.root_hi = (_CELLS + 1 - moves) // 2
        self.root_col = -1
        possible: cython.ulonglong = (mask + self.bottom) & self.board
        if _threats(current, self.board) & ~mask & possible:  # a win at once
            self.root_lo = self.root_hi
            return 0
        opp_win: cython.ulonglong = _threats(current ^ mask, self.board) & ~mask
        # Solver._root_moves: the non-losing moves (board.non_losing_moves), by threats
        forced: cython.ulonglong = possible & opp_win
        candidates: cython.ulonglong = 0
        if not (forced & (forced - 1)):
            candidates = (forced if forced else possible) & ~(opp_win >> 1)
        if not candidates or moves >= _CELLS - 2:
            self.root_hi = self.root_lo if not candidates else 0
            self.root_lo = self.root_hi
            return 0
        self.root_count = self._order(current, mask, candidates, ranks, self.root_moves, self.root_threats)
        for i in range(self.root_count):  # ``first`` to the front, the others in their order
            if self.root_moves[i] == first:
                move, threats = self.root_moves[i], self.root_threats[i]
                for j in range(i, 0, -1):
                    self.root_moves[j] = self.root_moves[j - 1]
                    self.root_threats[j] = self.root_threats[j - 1]
                self.root_moves[0], self.root_threats[0] = move, threats
                break
        lo: cython.int = self.root_lo
        hi: cython.int = self.root_hi
        if has_known:
            if known_lo > lo:
                lo = known_lo
            if known_hi < hi:
                hi = known_hi
            if lo > hi:
                return _MISFIT
            self.root_lo, self.root_hi = lo, hi
        while lo < hi:
            if climb and (self.root_col >= 0 or has_known):
                med = lo  # climb from the proved bound: each success names a move proved higher
            else:  # bisection biased toward 0, with Python's floor division
                med = lo + (hi - lo) // 2
                if med <= 0 and _floor_half(lo) < med:
                    med = _floor_half(lo)
                elif med >= 0 and _floor_half(hi) > med:
                    med = _floor_half(hi)
            r = self._root_test(moves, current ^ mask, mask, med)
            if self.aborted:
                return self.aborted
            if r <= med:
                hi = r
            else:
                lo = r
                self.root_col = _column(self.root_moves[0])  # ``_root_test`` moved it to the front
            self.root_lo, self.root_hi = lo, hi
        return 0

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _root_test(self, moves: cython.int, opponent: cython.ulonglong, mask: cython.ulonglong,
                   med: cython.int) -> cython.int:
        """``Solver._root_test``: is the root's score > ``med``? A bound; the move that proves a
        higher one goes to the front of ``root_moves``. The moves share the work in rounds of
        doubling node shares (``ROOT_SHARE``), in the same order as the plain root."""
        pending: cython.int[8]
        unfinished: cython.int[8]
        n_pending: cython.int = self.root_count
        n_unfinished: cython.int
        k: cython.int
        i: cython.int
        j: cython.int
        score: cython.int
        best: cython.int = -_CELLS
        share: cython.longlong = _ROOT_SHARE
        move: cython.ulonglong
        threats: cython.ulonglong
        for k in range(n_pending):
            pending[k] = k
        while n_pending:
            n_unfinished = 0
            for k in range(n_pending):
                i = pending[k]
                # the last move standing needs no share: it runs to the end
                self.node_limit = self.nodes + share if n_unfinished + n_pending - k - 1 else -1
                score = -self.negamax(opponent, mask | self.root_moves[i], moves + 1, self.root_threats[i],
                                      -med - 1, -med)
                if self.aborted == _SHARE_SPENT:
                    self.aborted = 0
                    unfinished[n_unfinished] = i
                    n_unfinished += 1
                    continue
                if self.aborted:
                    self.node_limit = -1
                    return 0
                if score > med:
                    move, threats = self.root_moves[i], self.root_threats[i]
                    for j in range(i, 0, -1):
                        self.root_moves[j] = self.root_moves[j - 1]
                        self.root_threats[j] = self.root_threats[j - 1]
                    self.root_moves[0], self.root_threats[0] = move, threats
                    self.node_limit = -1
                    return score
                if score > best:
                    best = score
            for k in range(n_unfinished):
                pending[k] = unfinished[k]
            n_pending = n_unfinished
            share *= 2
        self.node_limit = -1
        return best

    @cython.cfunc
    @cython.inline
    @cython.nogil
    @cython.exceptval(check=False)
    def _order(self, current: cython.ulonglong, mask: cython.ulonglong, candidates: cython.ulonglong,
               ranks: cython.p_int, moves_of: cython.p_ulonglong, threats_of: cython.p_ulonglong) -> cython.int:
        """The moves of ``candidates`` ordered by the threats they create, centre first on ties
        (an insertion sort): their count; ranks, moves and threats in the arrays."""
        count: cython.int = 0
        n: cython.int
        j: cython.int
        v: cython.int
        move: cython.ulonglong
        r: cython.ulonglong
        for n in range(_WIDTH, 0, -1):
            move = candidates & self.cut_masks[n]
            if move:
                r = _threats(current | move, self.board) & ~(mask | move)
                v = _bit_count(r) * _RANK_UNIT + n
                j = count
                while j > 0 and ranks[j - 1] < v:
                    ranks[j] = ranks[j - 1]
                    moves_of[j] = moves_of[j - 1]
                    threats_of[j] = threats_of[j - 1]
                    j -= 1
                ranks[j] = v
                moves_of[j] = move
                threats_of[j] = r
                count += 1
        return count

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _book_lookup(self, current: cython.ulonglong, mask: cython.ulonglong) -> cython.int:
        """The score of a 12-disc position, or ``_NOT_IN_BOOK``: ``book.Book.lookup`` in C, through
        a direct-mapped cache of the last answers (null-window re-searches meet the same positions
        again, and a look-up reads the file)."""
        position: cython.ulonglong = current + mask
        slot: cython.ulonglong = (position * _FIBONACCI) >> (64 - _BOOK_CACHE_BITS)
        if self.cache_keys[slot] == position:
            return self.cache_scores[slot]
        v: cython.int = self._book_read(current, mask)
        self.cache_keys[slot] = position
        self.cache_scores[slot] = v
        return v

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _book_read(self, current: cython.ulonglong, mask: cython.ulonglong) -> cython.int:
        """``book.Book.lookup`` in C: the score of a 12-disc position, or ``_NOT_IN_BOOK``."""
        key: cython.ulonglong = 0
        mirrored: cython.ulonglong = 0
        shift: cython.int = 0
        c: cython.int
        i: cython.int
        column: cython.ulonglong = (cython.cast(cython.ulonglong, 1) << _H1_BITS) - 1
        # inlined: book.key_of
        for c in range(_WIDTH):
            i = cython.cast(cython.int, ((current >> (c * _H1_BITS)) & column) + ((mask >> (c * _H1_BITS)) & column))
            key = (key << self.code_bits[i]) | self.codes[i]
            mirrored |= self.codes[i] << shift
            shift += self.code_bits[i]
        # end inlined
        v: cython.int = self._book_value(cython.cast(cython.longlong, key << 1))
        if v == _NOT_IN_BOOK and mirrored != key:
            v = self._book_value(cython.cast(cython.longlong, mirrored << 1))
        if v == _NOT_IN_BOOK or v == 0:
            return v
        # book.score_of_value: the floor of a half, exact for either sign
        v = v - _LAST_WIN if v > 0 else v - _LAST_LOSS
        return (v - (v & 1)) // 2

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _book_value(self, key: cython.longlong) -> cython.int:
        """``book.Book._find`` in C: the value stored for an unsigned 32-bit ``key``, or
        ``_NOT_IN_BOOK`` (also when the file cannot be read: the search then goes on)."""
        if key >> 31:  # the records hold the key's two's complement
            key -= cython.cast(cython.longlong, 1) << 32
        lo: cython.longlong = 0
        hi: cython.longlong = self.book_records - 1
        node: cython.longlong = 0
        mid: cython.longlong
        k: cython.longlong
        record: cython.longlong
        while lo <= hi and node < self.book_tree_n:
            mid = (lo + hi) >> 1
            record = self.book_tree[node]
            if record < 0:  # UNREAD
                record = self._book_record(mid)
                if record < 0:
                    return _NOT_IN_BOOK
                self.book_tree[node] = record
            k = cython.cast(cython.int, cython.cast(cython.uint, record >> 8))
            if k < key:
                lo = mid + 1
                node = 2 * node + 2
            elif k > key:
                hi = mid - 1
                node = 2 * node + 1
            else:
                return cython.cast(cython.schar, record & 0xFF)
        while hi - lo >= _RUN_RECORDS:
            mid = (lo + hi) >> 1
            record = self._book_record(mid)
            if record < 0:
                return _NOT_IN_BOOK
            k = cython.cast(cython.int, cython.cast(cython.uint, record >> 8))
            if k == key:
                return cython.cast(cython.schar, record & 0xFF)
            if k < key:
                lo = mid + 1
            else:
                hi = mid - 1
        if lo > hi:
            return _NOT_IN_BOOK
        n: cython.longlong = (hi - lo + 1) * _RECORD
        if c4_pread(self.book_fd, self.book_run, n, lo * _RECORD) != n:
            return _NOT_IN_BOOK
        hi -= lo
        lo = 0
        at: cython.p_uchar
        while lo <= hi:
            mid = (lo + hi) >> 1
            at = self.book_run + mid * _RECORD
            k = cython.cast(cython.int,  # a signed big-endian 32-bit key
                            (cython.cast(cython.uint, at[0]) << 24) | (cython.cast(cython.uint, at[1]) << 16)
                            | (cython.cast(cython.uint, at[2]) << 8) | cython.cast(cython.uint, at[3]))
            if k < key:
                lo = mid + 1
            elif k > key:
                hi = mid - 1
            else:
                return cython.cast(cython.schar, at[4])
        return _NOT_IN_BOOK

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _book_record(self, i: cython.longlong) -> cython.longlong:
        """Record ``i`` as ``Book._record`` gives it (its 5 bytes, big-endian), or -1."""
        data: cython.uchar[8]
        if c4_pread(self.book_fd, data, _RECORD, i * _RECORD) != _RECORD:
            return -1
        r: cython.longlong = 0
        j: cython.int
        for j in range(5):
            r = (r << 8) | data[j]
        return r

    def __dealloc__(self) -> None:
        if self.book_fd >= 0:
            c4_close(self.book_fd)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _stopped(self) -> cython.int:
        """Why the search must stop now (0: it need not); the checks of ``limits.check``."""
        if self.node_limit >= 0 and self.nodes > self.node_limit:
            return _SHARE_SPENT
        if self.flag != cython.NULL and c4_flag(self.flag):
            return _STOPPED
        if self.foreign and self._ask_stop():
            return _STOPPED
        if self.has_deadline and c4_now() > self.deadline:
            return _OUT_OF_TIME
        return 0

    @cython.cfunc
    @cython.with_gil
    @cython.exceptval(check=False)
    def _ask_stop(self) -> cython.int:
        """A stop object other than a ``StopFlag``, asked with the GIL (in a function of its own,
        so that the node loop holds no Python object)."""
        return 1 if self.stop.is_set() else 0

    @cython.cfunc
    @cython.with_gil
    @cython.exceptval(-1001)
    def _ask_hook(self, current: cython.ulonglong, mask: cython.ulonglong, moves: cython.int) -> cython.int:
        """``book_score`` asked with the GIL: its score, or ``_NOT_IN_BOOK`` for None."""
        score = self.book_score(current, mask, moves)
        return _NOT_IN_BOOK if score is None else score

    @cython.cfunc
    @cython.nogil
    @cython.cdivision(True)
    @cython.exceptval(-1000)
    def negamax(self, current: cython.ulonglong, mask: cython.ulonglong, moves: cython.int,
                opp_win: cython.ulonglong, alpha: cython.int, beta: cython.int) -> cython.int:
        """The plain path's ``negamax`` (``plain_negamax.plain_search``) under its contract:
        alpha < beta, the side to move cannot win at once, ``opp_win`` holds the opponent's
        empty winning cells; the result is the score strictly inside (alpha, beta), an upper
        bound at or below alpha, a lower bound at or above beta."""
        moves_bound: cython.int
        v: cython.int
        score: cython.int
        code: cython.int
        count: cython.int
        i: cython.int
        ranks: cython.int[8]
        moves_of: cython.ulonglong[8]
        threats_of: cython.ulonglong[8]
        self.nodes += 1
        if not (self.nodes & _CHECK_EVERY):
            self.aborted = self._stopped()
            if self.aborted:
                return 0  # unwinding: every caller returns at once, storing nothing
        possible: cython.ulonglong = (mask + self.bottom) & self.board
        forced: cython.ulonglong = possible & opp_win
        if forced:
            if forced & (forced - 1):
                return -((_CELLS - moves) // 2)
            possible = forced
        candidates: cython.ulonglong = possible & ~(opp_win >> 1)
        if not candidates:
            return -((_CELLS - moves) // 2)
        if moves >= _CELLS - 2:
            return 0
        if moves <= self.book_discs:
            if moves == self.book_discs and self.book_records:
                v = self._book_lookup(current, mask)
                if v != _NOT_IN_BOOK:
                    return v
            elif moves <= self.hook_discs:
                v = self._ask_hook(current, mask, moves)
                if v != _NOT_IN_BOOK:
                    return v
        moves_bound = -((_CELLS - 2 - moves) // 2)
        if alpha < moves_bound:
            alpha = moves_bound
            if alpha >= beta:
                return alpha
        hi: cython.int = (_CELLS - 1 - moves) // 2
        key: cython.ulonglong = current + mask
        slot: cython.ulonglong = key % self.slots
        entry: cython.ulonglong = self.table[slot]
        if entry >> _KEY_SHIFT != key:
            entry = 0
        v = (_BOUND_OFFSET - 1) - cython.cast(cython.int, (entry >> _UPPER_SHIFT) & _BOUND_MASK)
        if v < hi:
            hi = v
        if beta > hi:
            beta = hi
            if alpha >= beta:
                return beta
        v = cython.cast(cython.int, (entry >> _LOWER_SHIFT) & _BOUND_MASK) - _BOUND_OFFSET
        if v > alpha:
            alpha = v
            if alpha >= beta:
                return alpha
        new_opp: cython.ulonglong = current ^ mask
        code = cython.cast(cython.int, entry & _CUT_MASK)
        hint: cython.ulonglong = candidates & self.cut_masks[code]
        r: cython.ulonglong
        if hint:
            candidates ^= hint
            r = _threats(current | hint, self.board) & ~(mask | hint)
            score = -self.negamax(new_opp, mask | hint, moves + 1, r, -beta, -alpha)
            if self.aborted:
                return 0
            if score >= beta:
                self._store(slot, key, (cython.cast(cython.ulonglong, score + _BOUND_OFFSET) << _LOWER_SHIFT)
                            | cython.cast(cython.ulonglong, code), _UPPER_FIELD)
                return score
            if score > alpha:
                alpha = score
        # moves ordered by the threats they create, centre first on ties
        count = self._order(current, mask, candidates, ranks, moves_of, threats_of)
        for i in range(count):
            score = -self.negamax(new_opp, mask | moves_of[i], moves + 1, threats_of[i], -beta, -alpha)
            if self.aborted:
                return 0
            if score >= beta:
                self._store(slot, key, (cython.cast(cython.ulonglong, score + _BOUND_OFFSET) << _LOWER_SHIFT)
                            | cython.cast(cython.ulonglong, ranks[i] % _RANK_UNIT), _UPPER_FIELD)
                return score
            if score > alpha:
                alpha = score
        self._store(slot, key, cython.cast(cython.ulonglong, (_BOUND_OFFSET - 1) - alpha) << _UPPER_SHIFT,
                    _LOWER_FIELD | _CUT_MASK)
        return alpha

    @cython.cfunc
    @cython.inline
    @cython.nogil
    @cython.exceptval(check=False)
    def _store(self, slot: cython.ulonglong, key: cython.ulonglong, fields: cython.ulonglong,
               keep: cython.ulonglong) -> cython.void:
        """Write ``fields`` for ``key``; the ``keep`` fields stay if the slot holds ``key``."""
        old: cython.ulonglong = self.table[slot]
        if old >> _KEY_SHIFT == key:
            fields |= old & keep
        self.table[slot] = (key << _KEY_SHIFT) | fields
