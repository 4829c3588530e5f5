"""The depth search's inner search: negamax with alpha-beta over a heuristic, compiled.

When the package is installed with a C compiler at hand, Cython compiles this module in its
pure-Python mode: ``_Core`` then runs every node in C, with the GIL released, and its tables are
C arrays. ``new_core`` hands out a ``_Core`` where this module runs compiled, else the plain
search of ``plain_alphabeta`` (a closure over dicts), the reference ``_Core`` follows step by
step: both return the same values after the same number of nodes (tests run the depth search on
both paths). Run by the interpreter, this module's ``_Core`` is never made.

What a node does (docs/engine.md): fail-soft negamax with principal variation search, relative
to the side to move and entered only when that side cannot win at once; non-losing moves only;
a forced move costs no depth; depth discounting of the leaves; the table's best-move hint first,
then the moves by the threats they create, centre first; an enhanced transposition cutoff; the
children of a depth-1 node scored in the parent's loop; mirror symmetry for scoremap.

Tables, per core (i.e. per heuristic and set of weights): ``bounds`` (key -> (depth the node was
entered with, lower, upper)) for one iteration, ``hints`` (key -> best column) kept across
iterations and searches, both bounded by dropping their older half when full (insertion order,
as a dict keeps it). The plain path also caches threat cells per disc set (a dict lookup is
cheaper than the computation in Python; in C the computation is cheaper). The compiled window
search keeps the window changes it met lately (a slot per cell and nearby discs, which recur all
over the tree); a kept change is the one it would compute, so the values are the same.

Stopping: every ``CHECK_EVERY + 1`` nodes (``CHECK_EVERY_SLOW + 1`` for window and threats) the
search looks at its stop request and its deadline and, if either says so, unwinds and raises
``SearchCancelled``. The compiled path does this without the GIL: the deadline is read from a
monotonic C clock, and a ``StopFlag`` is a C int another thread sets through ``set()``. Any
other stop object (anything with ``is_set()``, e.g. a ``multiprocessing.Event``) is asked with
the GIL taken back for the call.
"""

from __future__ import annotations

import mmap
from functools import cache, reduce
from operator import or_
from time import perf_counter
from types import ModuleType

try:
    import cython
except ImportError:  # the plain path needs no Cython at run time
    from . import _cython_shim as cython

from ._cython_shim import plain_twin
from .board import BOARD, BOTTOM, CELLS, CENTRE, CENTRE_ORDER, COLUMN_MASKS, HEIGHT, LINE_SHIFTS, WIDTH
from .heuristics import WindowWeights
from .heuristics.scoremap import PLANES
from .heuristics.threat_parity import BAD, DECIDED, EVEN_ROWS, GOOD, HIDDEN, ODD_ROWS, STACKED, ZUGZWANG
from .heuristics.window import WINDOWS_THROUGH, window_gains
from .ordering import RANK_UNIT, RANKED_COLUMNS
from .plain_alphabeta import (CHECK_EVERY, CHECK_EVERY_SLOW, HINT_ORDERS, LEFT_HALF, NULL, RIGHT_HALF, SQUASH,
                              WEIGHT_LEVELS, WEIGHT_OF, PlainCore, carried_value, child_carried_value, leaf_factors)
from .solver import SearchCancelled

#: Whether this module runs compiled (C nodes, C tables, the GIL released) or as plain Python.
COMPILED: bool = cython.compiled

HEURISTIC_CODES = {"scoremap": 0, "window": 1, "threats": 2}
# the compiled core's arrays hold 64 cells and 16 columns at most, 16 windows through a cell
assert WIDTH <= 16 and WIDTH * (HEIGHT + 1) <= 64 and max(len(w) for w in WINDOWS_THROUGH.values()) <= 16
assert len(WEIGHT_LEVELS) <= 64
assert WIDTH * (HEIGHT + 1) <= 56  # a kept window change's key holds its cell above bit 56

# The constants as C values for the compiled search (in plain Python: the same numbers).
_CELLS = cython.declare(cython.int, CELLS)
_WIDTH = cython.declare(cython.int, WIDTH)
_CENTRE = cython.declare(cython.int, CENTRE)
_RANK_UNIT = cython.declare(cython.int, RANK_UNIT)
_BOARD = cython.declare(cython.ulonglong, BOARD)
_BOTTOM = cython.declare(cython.ulonglong, BOTTOM)
_LEFT_HALF = cython.declare(cython.ulonglong, LEFT_HALF)
_RIGHT_HALF = cython.declare(cython.ulonglong, RIGHT_HALF)
_ODD_ROWS = cython.declare(cython.ulonglong, ODD_ROWS)
_EVEN_ROWS = cython.declare(cython.ulonglong, EVEN_ROWS)
_NULL = cython.declare(cython.double, NULL)
_GOOD = cython.declare(cython.double, GOOD)
_BAD = cython.declare(cython.double, BAD)
_STACKED = cython.declare(cython.double, STACKED)
_HIDDEN = cython.declare(cython.double, HIDDEN)
_ZUGZWANG = cython.declare(cython.double, ZUGZWANG)
_DECIDED = cython.declare(cython.double, DECIDED)
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
_MIN_TABLE_BITS = cython.declare(cython.int, 10)  # a compiled table starts with 1024 slots, doubles as it fills
_HASH = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)  # Fibonacci hashing of keys into slots
#: Slots of the compiled window search's table of window changes (``_Core._window_delta``):
#: 2 ** MEMO_BITS of 4 words (the key's two, the value, and one unused: a slot in one cache line)
MEMO_BITS = 12
_MEMO_BITS = cython.declare(cython.int, MEMO_BITS)
# A compiled table entry's first word: the key (current + mask, below 2 ** KEY_BITS) in its low
# bits, the payload above it.
KEY_BITS = WIDTH * (HEIGHT + 1)
DEPTH_BITS = CELLS.bit_length()
assert KEY_BITS + DEPTH_BITS + 2 <= 64 and (WIDTH + 1).bit_length() + KEY_BITS <= 64
_KEY_BITS = cython.declare(cython.int, KEY_BITS)
_KEY_MASK = cython.declare(cython.ulonglong, (1 << KEY_BITS) - 1)
_DEPTH_MASK = cython.declare(cython.ulonglong, (1 << DEPTH_BITS) - 1)
_KIND_SHIFT = cython.declare(cython.int, KEY_BITS + DEPTH_BITS)
# a bound's kind: its value is a lower bound, an upper bound, or both (exact)
_LOWER = cython.declare(cython.ulonglong, 1)
_UPPER = cython.declare(cython.ulonglong, 2)
_EXACT = cython.declare(cython.ulonglong, 3)
_STOPPED = cython.declare(cython.int, 1)  # why a compiled search unwound: the stop request
_OUT_OF_TIME = cython.declare(cython.int, 2)  # ... or the deadline


@cython.cclass
class StopFlag:
    """A stop request for a search running in another thread: ``set()`` asks it to stop.

    Any search takes it as its ``stop`` (it has ``is_set()``, like ``threading.Event``). A compiled
    search reads it as a C int without the GIL, so it notices the request within a few thousand
    nodes while the thread that set it keeps running Python.
    """

    _value: cython.int

    def __init__(self) -> None:
        self._value = 0

    def set(self) -> None:
        self._value = 1

    def clear(self) -> None:
        self._value = 0

    def is_set(self) -> bool:
        return self._value != 0

    def address(self) -> int:
        """Where the flag's C int lives (0 on the plain path: there is none)."""
        if cython.compiled:
            return cython.cast(cython.size_t, cython.address(self._value))
        return 0


@cache
def plain_module() -> ModuleType:
    """This file run by the interpreter (the plain path), also when this module is compiled."""
    return plain_twin(__name__, __file__)


def new_core(heuristic: str, weights: WindowWeights, discount: float, max_entries: int, max_hints: int,
             max_threats: int):
    """The tables and node search of one searcher: compiled when this module is, else plain.

    The core's ``iteration(root_moves, depth_limit, nodes, stop, deadline)`` empties the
    iteration's table and returns ``(negamax, leaves, node_count)`` for a root with
    ``root_moves`` discs and that depth limit (see ``PlainCore.iteration``); ``hint(key)`` and
    ``set_hint(key, column)`` read and write the best-move hints; ``clear()`` empties everything;
    ``counts()`` is (value entries, hints, cached threat cells).
    """
    if cython.compiled:
        return _Core(heuristic, weights, discount, max_entries, max_hints)
    return PlainCore(heuristic, weights, discount, max_entries, max_hints, max_threats)


def is_compiled(core) -> bool:
    """Whether ``core`` (from ``new_core``) runs compiled."""
    return not isinstance(core, PlainCore)


# ---------------------------------------------------------------------------- the compiled path
@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _bit_count(x: cython.ulonglong) -> cython.int:
    """Set bits of ``x``: the CPU's instruction where the build found one, else the SWAR count
    (``_c4.h``'s ``c4_popcount``); run as plain Python, ``int.bit_count``."""
    if cython.compiled:
        return c4_popcount(x)
    return x.bit_count()


def bit_counts(x: int) -> tuple[int, int]:
    """(the compiled search's count, the portable count) of the set bits of a 64-bit ``x``; on the
    plain path both are ``int.bit_count``'s."""
    if cython.compiled:
        word: cython.ulonglong = x
        return c4_popcount(word), c4_popcount_portable(word)
    return x.bit_count(), x.bit_count()


def hardware_bit_count() -> bool:
    """Whether the compiled search counts bits with the CPU's instruction (False on the plain path,
    and where the build found no such instruction)."""
    if cython.compiled:
        return c4_hardware_popcount != 0
    return False


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _threat_cells(pos: cython.ulonglong) -> cython.ulonglong:
    # inlined: board.winning_cells_mask (of ``pos`` alone, every cell of the board)
    a: cython.ulonglong = pos << _H1
    b: cython.ulonglong = pos >> _H1
    r: cython.ulonglong = (pos << 1) & (pos << 2) & (pos << 3) | (
        a & (pos << _H2) & ((pos << _H3) | b)) | (b & (pos >> _H2) & ((pos >> _H3) | a))
    a, b = pos << _D1, pos >> _D1
    r |= (a & (pos << _D2) & ((pos << _D3) | b)) | (b & (pos >> _D2) & ((pos >> _D3) | a))
    a, b = pos << _U1, pos >> _U1
    r |= (a & (pos << _U2) & ((pos << _U3) | b)) | (b & (pos >> _U2) & ((pos >> _U3) | a))
    # end inlined
    return r & _BOARD


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _above(cells: cython.ulonglong) -> cython.ulonglong:
    """``threats._above``: every cell strictly above some cell of ``cells`` in its column."""
    t: cython.ulonglong = (cells << 1) & _BOARD
    t |= (t << 1) & _BOARD
    t |= (t << 1) & _BOARD
    t |= (t << 1) & _BOARD
    t |= (t << 1) & _BOARD
    return t


def _words(count: int, code: str) -> memoryview:
    """``count`` zeroed machine words (``code``: "Q", "d" or "i") in anonymous memory, which takes
    memory only as it is written."""
    size = max(1, count) * {"Q": 8, "d": 8, "i": 4}[code]
    if hasattr(mmap, "MAP_PRIVATE"):
        memory = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    else:
        memory = mmap.mmap(-1, size)
    return memoryview(memory).cast(code)


def _table_bits(capacity: int) -> int:
    """Bits of a table with at least twice ``capacity`` slots (linear probing stays short)."""
    return max(4, (2 * capacity - 1).bit_length())


@cython.final
@cython.cclass
class _Core:
    """The compiled search: the same steps as ``plain_search``'s closure, on C numbers.

    The tables are insertion-ordered maps like the plain path's dicts, kept in ``Table`` structs
    (``alphabeta.pxd``): entries in the order of their first insertion, each one's key and value
    in one place (a word of key and payload, and for the bounds the value's word beside it),
    found through an open-addressing index; a full table keeps its newer half, as
    ``tables.halve_table`` does.
    """

    kind: cython.int
    heuristic: str
    window_weights: object
    squash: cython.double
    discount: cython.double
    check_every: cython.longlong
    nodes: cython.longlong
    aborted: cython.int
    # the stop request and the deadline of the running search
    stop: object
    flag: cython.p_int
    foreign: cython.int
    has_deadline: cython.int
    deadline: cython.double
    off_centre: cython.ulonglong
    # (array sizes are C constants: 64 per cell or disc count, 16 per column; asserted below)
    leaf_factor: cython.double[64]  # by the number of discs of the leaves' parent
    column_masks: cython.ulonglong[16]
    # orders[0 * 16 ..]: centre first; orders[(h + 1) * 16 ..]: column h first, then centre first
    orders: cython.int[272]
    ranked_cols: cython.int[16]  # RANKED_COLUMNS: columns in centre-first order with their ranks
    ranks: cython.int[16]
    weight_of: cython.int[64]  # scoremap weight of a cell by bit index (0 for other heuristics)
    level_weight: cython.int[64]
    level_mask: cython.ulonglong[64]
    levels: cython.int
    planes: cython.ulonglong[4]
    # window heuristic
    scale: cython.double
    gain: cython.double[25]
    through: cython.ulonglong[1024]  # through[cell * 16 + k]: the windows through a cell
    through_n: cython.int[64]
    near: cython.ulonglong[64]  # near[cell]: the cells of the windows through a cell
    memo: cython.p_ulonglong  # the window changes met lately (see _window_delta)
    buffers: list  # keep the tables' memory alive
    # bounds: key -> (depth, kind, value), two words an entry: the key, depth and kind; the value
    bounds: Table
    # hints: key -> column, one word an entry: the key and the column + 1
    hints: Table

    def __init__(self, heuristic: str, weights: WindowWeights, discount: float, max_entries: int,
                 max_hints: int) -> None:
        self.kind = HEURISTIC_CODES[heuristic]
        self.heuristic, self.window_weights = heuristic, weights
        self.squash = SQUASH[heuristic]
        self.discount = discount
        self.check_every = CHECK_EVERY if heuristic == "scoremap" else CHECK_EVERY_SLOW
        self.nodes = 0
        self.aborted = 0
        self.stop = None
        self.flag = cython.NULL
        self.off_centre = BOARD ^ COLUMN_MASKS[CENTRE] if heuristic == "scoremap" else BOARD
        for c in range(WIDTH):
            self.column_masks[c] = COLUMN_MASKS[c]
            self.orders[c] = CENTRE_ORDER[c]
            n, col, _ = RANKED_COLUMNS[c]
            self.ranked_cols[c] = col
            self.ranks[c] = n
        for h in range(WIDTH):
            for i, (col, _) in enumerate(HINT_ORDERS[h]):
                self.orders[(h + 1) * 16 + i] = col
        for i in range(64):
            self.weight_of[i] = 0
            self.through_n[i] = 0
        for cell, weight in WEIGHT_OF.items():
            index = cell.bit_length() - 1
            self.weight_of[index] = weight if heuristic == "scoremap" else 0
            for k, window in enumerate(WINDOWS_THROUGH[cell]):
                self.through[index * 16 + k] = window
            self.through_n[index] = len(WINDOWS_THROUGH[cell])
            self.near[index] = reduce(or_, WINDOWS_THROUGH[cell], 0)
        self.levels = len(WEIGHT_LEVELS)
        for i, (weight, level) in enumerate(WEIGHT_LEVELS):
            self.level_weight[i] = weight
            self.level_mask[i] = level
        for i in range(4):
            self.planes[i] = PLANES[i]
        self.scale = weights.scale
        for i, g in enumerate(window_gains(weights)):
            self.gain[i] = g
        self.buffers = []
        memo: cython.ulonglong[::1] = _words(4 << MEMO_BITS, "Q")
        self.buffers.append(memo)
        self.memo = cython.address(memo[0])
        self._new_table(cython.address(self.bounds), max_entries, 2)
        self._new_table(cython.address(self.hints), max_hints, 1)

    @cython.cfunc
    def _new_table(self, table: cython.pointer(Table), most: cython.longlong, stride: cython.int) -> cython.void:
        """An empty table of at most ``most`` entries of ``stride`` words, in anonymous memory
        (which takes memory only as it is written)."""
        top_bits = _table_bits(most)
        entries, index = _words(most * stride, "Q"), _words(1 << top_bits, "i")
        self.buffers += [entries, index]
        words: cython.ulonglong[::1] = entries
        ints: cython.int[::1] = index
        table.words = cython.address(words[0])
        table.index = cython.address(ints[0])
        table.length = 0
        table.most = most
        table.top_bits = top_bits
        table.bits = min(_MIN_TABLE_BITS, top_bits)
        table.stride = stride

    # ------------------------------------------------------------------ the Python side
    def clear(self) -> None:
        _clear(cython.address(self.bounds), 1)
        _clear(cython.address(self.hints), 1)

    def counts(self) -> tuple:
        return self.bounds.length, self.hints.length, 0

    def reserved_bytes(self) -> int:
        """The tables' memory (anonymous memory: pages are taken only as they are written)."""
        return sum(buffer.nbytes for buffer in self.buffers)

    def hint(self, key: cython.ulonglong):
        slot: cython.longlong = _find(cython.address(self.hints), key)
        return None if slot < 0 else cython.cast(cython.int, self.hints.words[slot] >> _KEY_BITS) - 1

    def root_value(self, current: int, mask: int) -> float:
        """``carried_value`` of this core's heuristic and weights."""
        return carried_value(self.heuristic, self.window_weights, current, mask)

    def child_value(self, e: float, current: int, mask: int, move: int) -> float:
        """``child_carried_value`` of this core's heuristic and weights."""
        return child_carried_value(self.heuristic, self.window_weights, e, current, mask, move)

    def set_hint(self, key: cython.ulonglong, column: cython.int) -> None:
        self._put_hint(key, column)

    def iteration(self, root_moves: int, depth_limit: int, nodes: int, stop, deadline):
        """As ``PlainCore.iteration``; the node search releases the GIL while it runs."""
        _clear(cython.address(self.bounds), 0)
        for i, factor in enumerate(leaf_factors(root_moves, depth_limit, self.discount)):
            self.leaf_factor[i] = factor
        self.nodes = nodes
        self.aborted = 0
        self.stop = stop
        self.flag = cython.NULL
        self.foreign = 0
        address = stop.address() if isinstance(stop, StopFlag) else 0
        if address:
            self.flag = cython.cast(cython.p_int, cython.cast(cython.size_t, address))
        elif stop is not None:
            self.foreign = 1
        self.has_deadline = deadline is not None
        if deadline is not None:  # on the C clock, which need not be perf_counter's
            self.deadline = c4_now() + (deadline - perf_counter())
        return self.negamax, self.leaves, self.node_count

    def node_count(self) -> int:
        return self.nodes

    def negamax(self, current: cython.ulonglong, mask: cython.ulonglong, moves: cython.int,
                opp_win: cython.ulonglong, depth: cython.int, alpha: cython.double, beta: cython.double,
                e: cython.double) -> float:
        v: cython.double
        with cython.nogil:
            v = self._negamax(current, mask, moves, opp_win, depth, alpha, beta, e)
        self._raise_if_aborted()
        return v

    def leaves(self, current: cython.ulonglong, mask: cython.ulonglong, moves: cython.int,
               candidates: cython.ulonglong, e: cython.double) -> float:
        v: cython.double
        with cython.nogil:
            v = self._leaves(current, mask, moves, candidates, e)
        return v

    def _raise_if_aborted(self) -> None:
        if self.aborted == _STOPPED:
            raise SearchCancelled("search cancelled")
        if self.aborted == _OUT_OF_TIME:
            raise SearchCancelled("time budget exhausted")

    # ------------------------------------------------------------------ tables
    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _put_bounds(self, key: cython.ulonglong, depth: cython.int, kind: cython.ulonglong,
                    value: cython.double) -> cython.void:
        """``bounds[key] = (depth, lower, upper)`` as the plain path stores it (after
        ``halve_table`` if full): ``value`` is the lower bound, the upper one or both by ``kind``."""
        word: cython.ulonglong = (key | cython.cast(cython.ulonglong, depth) << _KEY_BITS) | kind << _KIND_SHIFT
        _put(cython.address(self.bounds), key, word, _as_bits(value))

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _put_hint(self, key: cython.ulonglong, column: cython.int) -> cython.void:
        """``hints[key] = column`` (after ``halve_table`` if full)."""
        _put(cython.address(self.hints), key, key | cython.cast(cython.ulonglong, column + 1) << _KEY_BITS, 0)

    # ------------------------------------------------------------------ stopping
    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _stopped(self) -> cython.int:
        """Why the search must stop now (0: it need not); the plain path's ``check``."""
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

    # ------------------------------------------------------------------ evaluations
    @cython.cfunc
    @cython.inline
    @cython.nogil
    @cython.exceptval(check=False)
    def _window_delta(self, current: cython.ulonglong, opp: cython.ulonglong,
                      move: cython.ulonglong) -> cython.double:
        """``window.make_window_delta``'s value: the windows through the new disc, in its order.

        The change depends only on the new disc's cell and the discs in the windows through it,
        which the moves elsewhere on the board leave as they are: the search meets the same
        ones again and again, so the last value per slot of a small table (``MEMO_BITS``) is
        kept, keyed by exactly those discs."""
        cell: cython.int = _bit_count(move - 1)
        near: cython.ulonglong = self.near[cell]
        mine: cython.ulonglong = (current & near) | cython.cast(cython.ulonglong, cell + 1) << 56
        theirs: cython.ulonglong = opp & near
        memo: cython.p_ulonglong = self.memo + 4 * (((mine ^ theirs * _HASH) * _HASH) >> (64 - _MEMO_BITS))
        if memo[0] == mine and memo[1] == theirs:
            return _as_double(memo[2])
        return self._new_window_delta(current, opp, cell, memo)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _new_window_delta(self, current: cython.ulonglong, opp: cython.ulonglong, cell: cython.int,
                          memo: cython.p_ulonglong) -> cython.double:
        """``_window_delta`` computed, and kept in its slot ``memo``."""
        d: cython.double = 0.0
        k: cython.int
        for k in range(self.through_n[cell]):
            w: cython.ulonglong = self.through[cell * 16 + k]
            d += self.gain[_bit_count(current & w) * 5 + _bit_count(opp & w)]
        memo[0] = (current & self.near[cell]) | cython.cast(cython.ulonglong, cell + 1) << 56
        memo[1] = opp & self.near[cell]
        memo[2] = _as_bits(d)
        return d

    @cython.cfunc
    @cython.inline
    @cython.nogil
    @cython.exceptval(check=False)
    def _gain(self, current: cython.ulonglong, opp: cython.ulonglong, move: cython.ulonglong) -> cython.double:
        """How much the carried value (``carried_value``) of the side owning ``current`` grows when
        it plays ``move``: the scoremap weight of its cell, the window sum's change, or 0."""
        if self.kind == 1:
            return self._window_delta(current, opp, move)
        return self.weight_of[_bit_count(move - 1)]

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _threat_value(self, current: cython.ulonglong, mask: cython.ulonglong,
                      moves: cython.int) -> cython.double:
        """``threats.evaluate_threats``: the same terms in the same order."""
        opp: cython.ulonglong = current ^ mask
        empty: cython.ulonglong = _BOARD ^ mask
        playable: cython.ulonglong = (mask + _BOTTOM) & _BOARD
        own_t: cython.ulonglong = _threat_cells(current) & empty
        if own_t & playable:
            return _DECIDED
        opp_t: cython.ulonglong = _threat_cells(opp) & empty
        forced: cython.ulonglong = opp_t & playable
        if forced:
            if forced & (forced - 1) or (forced << 1) & opp_t:
                return -_DECIDED
            opp_t ^= forced
        t1: cython.ulonglong = own_t if moves % 2 == 0 else opp_t  # the first player's threats
        t2: cython.ulonglong = opp_t if moves % 2 == 0 else own_t
        both: cython.ulonglong = t1 | t2
        active: cython.ulonglong = both & ~_above(both)
        a1: cython.ulonglong = t1 & active
        a2: cython.ulonglong = t2 & active
        good1: cython.ulonglong = a1 & _ODD_ROWS
        good2: cython.ulonglong = a2 & _EVEN_ROWS
        v1: cython.double = (_GOOD * _bit_count(good1) + _BAD * _bit_count(a1 & _EVEN_ROWS)
                             + _STACKED * _bit_count(a1 & (t1 >> 1)) + _HIDDEN * _bit_count(t1 & ~active))
        v2: cython.double = (_GOOD * _bit_count(good2) + _BAD * _bit_count(a2 & _ODD_ROWS)
                             + _STACKED * _bit_count(a2 & (t2 >> 1)) + _HIDDEN * _bit_count(t2 & ~active))
        if good1 and not good2:
            v1 += _ZUGZWANG
        elif good2 and not good1:
            v2 += _ZUGZWANG
        own: cython.double = v1 if moves % 2 == 0 else v2
        other: cython.double = v2 if moves % 2 == 0 else v1
        p: cython.int = 0
        i: cython.int
        for i in range(4):  # scoremap.scoremap: the weight planes
            p += (_bit_count(current & self.planes[i]) - _bit_count(opp & self.planes[i])) * (1 << i)
        return cython.cast(cython.double, p) + own - other

    @cython.cfunc
    @cython.cdivision(True)  # no division by zero here: no Python check
    @cython.nogil
    @cython.exceptval(check=False)
    def _leaves(self, current: cython.ulonglong, mask: cython.ulonglong, moves: cython.int,
                candidates: cython.ulonglong, e: cython.double) -> cython.double:
        """``leaves`` of the plain path: the best value over the candidates' leaf children."""
        v: cython.double = 0.0
        g: cython.double
        x: cython.double
        first: cython.int = 1
        i: cython.int
        move: cython.ulonglong
        opp: cython.ulonglong = current ^ mask
        if self.kind == 0:
            for i in range(self.levels):
                if candidates & self.level_mask[i]:
                    v = e + self.level_weight[i]
                    break
        elif self.kind == 1:
            g = 0.0
            for i in range(_WIDTH):
                move = candidates & self.column_masks[i]
                if move:
                    x = self._window_delta(current, opp, move)
                    if first or x > g:
                        g = x
                        first = 0
            v = self.scale * (e + g) / (moves + 1)
        else:
            g = 0.0
            for i in range(_WIDTH):
                move = candidates & self.column_masks[i]
                if move:
                    x = self._threat_value(opp, mask | move, moves + 1)
                    if first or x < g:
                        g = x
                        first = 0
            v = -g
        v *= self.leaf_factor[moves]
        return v / ((v if v >= 0 else -v) + self.squash)

    # ------------------------------------------------------------------ the node
    @cython.cfunc
    @cython.cdivision(True)  # no division by zero here: no Python check
    @cython.nogil
    @cython.exceptval(check=False)
    def _negamax(self, current: cython.ulonglong, mask: cython.ulonglong, moves: cython.int,
                 opp_win: cython.ulonglong, depth: cython.int, alpha: cython.double, beta: cython.double,
                 e: cython.double) -> cython.double:
        """The plain path's ``negamax``, step by step, under its contract
        (``plain_alphabeta.plain_search``): alpha < beta, depth >= 1 and the side to move
        cannot win at once; the result is exact strictly inside (alpha, beta), an upper bound at
        or below alpha, a lower bound at or above beta. After a stop it returns at once with
        ``self.aborted`` set, storing nothing on the way up."""
        cd: cython.int
        i: cython.int
        j: cython.int
        col: cython.int
        count: cython.int
        rank: cython.int
        v: cython.double
        lo: cython.double
        hi: cython.double
        move: cython.ulonglong
        r: cython.ulonglong
        cmask: cython.ulonglong
        ranks: cython.int[16]
        cols_of: cython.int[16]
        moves_of: cython.ulonglong[16]
        threats_of: cython.ulonglong[16]
        self.nodes += 1
        if not (self.nodes & self.check_every):
            self.aborted = self._stopped()
            if self.aborted:
                return 0.0
        possible: cython.ulonglong = (mask + _BOTTOM) & _BOARD
        forced: cython.ulonglong = possible & opp_win
        if forced:
            if forced & (forced - 1):
                return -((_CELLS - moves) // 2)
            possible = forced
        candidates: cython.ulonglong = possible & ~(opp_win >> 1)
        if not candidates:
            return -((_CELLS - moves) // 2)
        if moves >= _CELLS - 2:
            return 0.0
        if candidates & (candidates - 1):
            if depth == 1:
                return self._leaves(current, mask, moves, candidates, e)
            cd = depth - 1
        else:
            cd = depth
        key: cython.ulonglong = current + mask
        found: cython.longlong = _find(cython.address(self.bounds), key)
        word: cython.ulonglong
        if found >= 0:
            word = self.bounds.words[2 * found]
        if found >= 0 and (word >> _KEY_BITS & _DEPTH_MASK) == depth:
            v = _as_double(self.bounds.words[2 * found + 1])
            lo = v if word >> _KIND_SHIFT & _LOWER else -1e9
            hi = v if word >> _KIND_SHIFT & _UPPER else 1e9
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        alpha0: cython.double = alpha
        hint: cython.int = -1
        found = _find(cython.address(self.hints), key)
        if found >= 0:
            hint = cython.cast(cython.int, self.hints.words[found] >> _KEY_BITS) - 1
        if not (mask & self.off_centre):
            candidates &= _RIGHT_HALF if hint > _CENTRE else _LEFT_HALF
        new_current: cython.ulonglong = current ^ mask
        m1: cython.int = moves + 1
        best: cython.double = -1e9
        best_col: cython.int = 0
        if cd == 1:
            for i in range(_WIDTH):
                col = self.orders[(hint + 1) * 16 + i]
                move = candidates & self.column_masks[col]
                if not move:
                    continue
                r = _threat_cells(current | move)
                cmask = mask | move
                cposs: cython.ulonglong = (cmask + _BOTTOM) & _BOARD
                cforced: cython.ulonglong = cposs & r
                if cforced:
                    cposs = 0 if cforced & (cforced - 1) else cforced
                ccand: cython.ulonglong = cposs & ~(r >> 1)
                if ccand:
                    if m1 >= _CELLS - 2:
                        v = 0.0
                    elif ccand & (ccand - 1):
                        self.nodes += 1
                        v = -self._leaves(new_current, cmask, m1, ccand, -e - self._gain(current, new_current, move))
                    else:
                        v = -self._negamax(new_current, cmask, m1, r, 1, -beta, -alpha,
                                           -e - self._gain(current, new_current, move))
                        if self.aborted:
                            return 0.0
                else:
                    v = (_CELLS - m1) // 2
                if v > best:
                    best = v
                    best_col = col
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            rest: cython.ulonglong = candidates
            if hint >= 0 and candidates & self.column_masks[hint]:
                move = candidates & self.column_masks[hint]
                rest ^= move
                best = -self._negamax(new_current, mask | move, m1, _threat_cells(current | move), cd, -beta,
                                      -alpha, -e - self._gain(current, new_current, move))
                if self.aborted:
                    return 0.0
                best_col = hint
                if best > alpha:
                    alpha = best
            # ordering.order_by_threats by insertion sort, with the enhanced transposition cutoff
            count = 0
            if alpha < beta:
                for i in range(_WIDTH):
                    col = self.ranked_cols[i]
                    move = rest & self.column_masks[col]
                    if not move:
                        continue
                    cmask = mask | move
                    found = _find(cython.address(self.bounds), new_current + cmask)
                    if found >= 0:  # the child's upper bound (when its entry has one)
                        word = self.bounds.words[2 * found]
                        hi = _as_double(self.bounds.words[2 * found + 1]) if word >> _KIND_SHIFT & _UPPER else 1e9
                    if found >= 0 and (word >> _KEY_BITS & _DEPTH_MASK) == cd and hi <= -beta:
                        best = -hi
                        best_col = col
                        count = 0
                        break
                    r = _threat_cells(current | move) & (_BOARD ^ cmask)
                    rank = _bit_count(r) * _RANK_UNIT + self.ranks[i]
                    j = count
                    while j > 0 and ranks[j - 1] < rank:
                        ranks[j] = ranks[j - 1]
                        cols_of[j] = cols_of[j - 1]
                        moves_of[j] = moves_of[j - 1]
                        threats_of[j] = threats_of[j - 1]
                        j -= 1
                    ranks[j] = rank
                    cols_of[j] = col
                    moves_of[j] = move
                    threats_of[j] = r
                    count += 1
            for i in range(count):
                move = moves_of[i]
                ce2: cython.double = -e - self._gain(current, new_current, move)
                if best == -1e9:
                    v = -self._negamax(new_current, mask | move, m1, threats_of[i], cd, -beta, -alpha, ce2)
                else:
                    v = -self._negamax(new_current, mask | move, m1, threats_of[i], cd, -alpha - _NULL, -alpha, ce2)
                    if self.aborted:
                        return 0.0
                    if alpha < v < beta:
                        v = -self._negamax(new_current, mask | move, m1, threats_of[i], cd, -beta, -v, ce2)
                if self.aborted:
                    return 0.0
                if v > best:
                    best = v
                    best_col = cols_of[i]
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        if best <= alpha0:
            self._put_bounds(key, depth, _UPPER, best)
        elif best >= beta:
            self._put_bounds(key, depth, _LOWER, best)
        else:
            self._put_bounds(key, depth, _EXACT, best)
        if best_col != hint and candidates & (candidates - 1):
            self._put_hint(key, best_col)
        return best


# ---------------------------------------------------------------- the compiled tables
@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _slot(key: cython.ulonglong, bits: cython.int) -> cython.ulonglong:
    """The home slot of ``key`` among ``2 ** bits`` (multiply-shift: the product's top bits)."""
    return (key * _HASH) >> (64 - bits)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _as_bits(value: cython.double) -> cython.ulonglong:
    """The bits of a double, to be kept in an entry's word (memcpy: no type punning)."""
    bits: cython.ulonglong
    memcpy(cython.address(bits), cython.address(value), 8)
    return bits


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _as_double(bits: cython.ulonglong) -> cython.double:
    value: cython.double
    memcpy(cython.address(value), cython.address(bits), 8)
    return value


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _find(table: cython.pointer(Table), key: cython.ulonglong) -> cython.longlong:
    """The entry of ``key`` (-1 if none), by linear probing from its home slot; the entry's first
    word holds the key, so a probe compares without another load."""
    last: cython.ulonglong = (cython.cast(cython.ulonglong, 1) << table.bits) - 1
    slot: cython.ulonglong = _slot(key, table.bits)
    entry: cython.longlong = table.index[slot]
    while entry:
        if (table.words[(entry - 1) * table.stride] & _KEY_MASK) == key:
            return entry - 1
        slot = (slot + 1) & last
        entry = table.index[slot]
    return -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _index_entry(table: cython.pointer(Table), key: cython.ulonglong, entry: cython.longlong) -> cython.void:
    """Make the first empty slot from ``key``'s home point at ``entry`` (the key is not indexed)."""
    last: cython.ulonglong = (cython.cast(cython.ulonglong, 1) << table.bits) - 1
    slot: cython.ulonglong = _slot(key, table.bits)
    while table.index[slot]:
        slot = (slot + 1) & last
    table.index[slot] = cython.cast(cython.int, entry + 1)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _forget(table: cython.pointer(Table)) -> cython.void:
    """Empty the index: slot by slot when the entries are few (a search of a few thousand nodes
    then costs no pass over the whole index), else all at once."""
    i: cython.longlong
    slot: cython.ulonglong
    last: cython.ulonglong = (cython.cast(cython.ulonglong, 1) << table.bits) - 1
    if table.length * 16 > (cython.cast(cython.longlong, 1) << table.bits):
        memset(table.index, 0, (cython.cast(cython.longlong, 1) << table.bits) * 4)
        return
    for i in range(table.length):  # every filled slot is some entry's: find each entry's slot
        slot = _slot(table.words[i * table.stride] & _KEY_MASK, table.bits)
        while table.index[slot] != i + 1:
            slot = (slot + 1) & last
        table.index[slot] = 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _reindex(table: cython.pointer(Table), bits: cython.int) -> cython.void:
    """Index the entries afresh in ``2 ** bits`` slots."""
    i: cython.longlong
    memset(table.index, 0, (cython.cast(cython.longlong, 1) << table.bits) * 4)
    table.bits = bits
    for i in range(table.length):
        _index_entry(table, table.words[i * table.stride] & _KEY_MASK, i)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _put(table: cython.pointer(Table), key: cython.ulonglong, word: cython.ulonglong,
         value: cython.ulonglong) -> cython.void:
    """``table[key] = word`` (and ``value``, in a table of two words an entry), as a dict's
    assignment: a new key goes last, after the older half was dropped if the table was full."""
    half: cython.longlong
    if table.length >= table.most:
        half = table.length // 2
        memmove(table.words, table.words + half * table.stride, (table.length - half) * table.stride * 8)
        table.length -= half
        _reindex(table, table.bits)
    entry: cython.longlong = _find(table, key)
    if entry < 0:
        if 2 * (table.length + 1) > (cython.cast(cython.longlong, 1) << table.bits):
            _reindex(table, table.bits + 1)  # at most half full: twice the slots
        entry = table.length
        table.length += 1
        _index_entry(table, key, entry)
    table.words[entry * table.stride] = word
    if table.stride == 2:
        table.words[entry * 2 + 1] = value


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _clear(table: cython.pointer(Table), shrink: cython.int) -> cython.void:
    """Empty the table; with ``shrink`` its index starts again from its least size, else it keeps
    the size it has grown to (the next iteration of a search fills it as far again)."""
    _forget(table)
    table.length = 0
    if shrink:
        table.bits = min(_MIN_TABLE_BITS, table.top_bits)
