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

Each node is relative to the side to move and is entered only when that side cannot
win at once; the parent computes the threats of every candidate move for move ordering
and hands them down as the child's "opponent's winning cells".

Tables: ``bounds`` (key -> (depth the node is entered with, lower, upper)) holds the values of the current
iteration only -- values depend on the root and the depth limit -- and is cleared when
an iteration starts; ``hints`` (key -> best move) persists across iterations and moves
for move ordering; ``threat_cache`` (one side's discs -> the cells that would complete a
four for it) saves most threat computations, the single biggest cost of a node, and is
valid forever. All are bounded by ``table_mb`` and belong to one ``Searcher``, i.e. to one
heuristic and one set of weights.

``search`` dispatches: a move decided at once (a win, or every move losing), a weaker level's
tempered choice among its searched moves (``tempered``), the exact
solver alone (``depth=None``), iterative deepening (``deepening``), or perfect play within
the time budget (``perfect``). ``column_scores``/``column_values`` are in ``analysis``.
"""

from __future__ import annotations

import random
from time import perf_counter
from typing import Callable, Iterator

from .board import (
    BOARD, BOTTOM, CELLS, CENTRE, CENTRE_ORDER, COLUMN_MASKS, H1, HEIGHT, WIDTH, Position, bit, mirror_bits,
    non_losing_moves, winning_cells_mask,
)
from .heuristics import SCOREMAP, evaluator, make_window_delta, make_window_raw, scoremap
from .heuristics.threats import cached_evaluator
from .ordering import RANK_UNIT, RANKED_COLUMNS, order_by_threats
from .scores import loss_next_score, win_next_score
from . import analysis, tempered
from .deepening import deepen, is_exact
from .perfect import play_perfectly
from .search_values import MAX_DEPTH, Finish, Progress, SearchConfig, SearchResult
from .solver import Partial, SearchCancelled, Solver
from .tables import halve_table, search_table_sizes

__all__ = [
    "Progress",
    "SearchCancelled",
    "SearchConfig",
    "SearchResult",
    "Searcher",
    "best_move",
]

_ORDERED = tuple((c, COLUMN_MASKS[c]) for c in CENTRE_ORDER)
# the same with one column (the table's best-move hint) moved to the front
_HINT_ORDERS = tuple(((h, COLUMN_MASKS[h]),) + tuple(p for p in _ORDERED if p[0] != h) for h in range(WIDTH))
_CHECK_EVERY = 1023  # nodes between two looks at the stop flag / deadline (a power of two - 1)
_CHECK_EVERY_SLOW = 255  # the same for evaluations that cost several times scoremap's (window, threats)
#: K of the squash v / (|v| + K) per heuristic: about the size of a typical evaluation, so that
#: estimates spread over (-1, 1) instead of crowding its ends
_SQUASH = {"scoremap": 16.0, "window": 16.0, "threats": 32.0}
_EPS = 1e-9
_NULL = 1e-12  # width of a null window on the float score scale
_COLUMN_MASKS = COLUMN_MASKS
# scoremap weight of the cell a move lands in, keyed by the move's bit (zero for other heuristics)
_WEIGHT_OF = {bit(c, r): SCOREMAP[c][r] for c in range(WIDTH) for r in range(HEIGHT)}
_NO_WEIGHT = dict.fromkeys(_WEIGHT_OF, 0)
# scoremap cells grouped by weight, heaviest first: the best leaf move is the heaviest free cell
_WEIGHT_LEVELS = tuple(
    (w, sum(bit(c, r) for c in range(WIDTH) for r in range(HEIGHT) if SCOREMAP[c][r] == w))
    for w in sorted({w for col in SCOREMAP for w in col}, reverse=True)
)


class Searcher:
    """A computer player with its own transposition table. Not thread-safe."""

    def __init__(self, config: SearchConfig | None = None) -> None:
        self.config = config = config or SearchConfig()
        self._evaluate = evaluator(config.heuristic, config.window_weights)
        self._squash = _SQUASH[config.heuristic]
        sizes = search_table_sizes(config.table_mb)  # one memory bound shared by all tables
        self.max_entries, self.max_threats, self.max_hints = sizes.bounds, sizes.threats, sizes.hints
        self.bounds: dict[int, tuple[int, float, float]] = {}
        self.hints: dict[int, int] = {}  # key -> column of the best move found
        # one side's discs -> the cells that would complete a four for it (board.winning_cells_mask
        # without the occupancy mask): a pure function, valid across iterations and searches
        self.threat_cache: dict[int, int] = {}
        # an exact searcher (depth None) fills no depth-search table: its solver has the whole budget
        self.solver = Solver(table_mb=config.table_mb if config.depth is None else sizes.solver_mb)
        self.nodes = 0
        self._rng = random.Random(config.seed) if config.seed is not None else None
        # tempered choices are seeded with the config's seed too (None: a fresh, unpredictable
        # stream); the stream keeps its name, so a seed draws the same choices as it always did
        self._choice_rng = random.Random(f"blunder:{config.seed}") if config.seed is not None else random.Random()
        self._stop = None
        self._deadline: float | None = None
        self._completed: dict[int, float] = {}

    def clear(self) -> None:
        """Forget everything learnt (tables) -- the config stays."""
        self.bounds.clear()
        self.hints.clear()
        self.threat_cache.clear()
        self.solver.reset()

    def table_entries(self) -> int:
        return len(self.bounds) + len(self.hints) + len(self.threat_cache) + self.solver.table_entries()

    # ------------------------------------------------------------------ public
    def search(self, pos: Position, *, stop=None, on_progress: Callable[[Progress], None] | None = None) -> SearchResult:
        """Choose a move for the side to move.

        ``stop`` is any object with ``is_set()``. When it is set, or the time limit runs
        out, the search unwinds within a few thousand nodes and returns the move of the
        last finished iteration (``cancelled=True`` if it was the stop flag).
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

    def _check(self) -> None:
        if self._stop is not None and self._stop.is_set():
            raise SearchCancelled("search cancelled")
        if self._deadline is not None and perf_counter() > self._deadline:
            raise SearchCancelled("time budget exhausted")

    _trim = staticmethod(halve_table)

    def root_values(self, pos: Position, depth: int, stop=None, deadline: float | None = None, *,
                    full_window: bool) -> dict[int, float]:
        """Search every non-losing root move to ``depth``; returns {column: value} in search order.

        With ``full_window`` every move gets its exact value at this depth (for analysis and
        seeded tie-breaks); otherwise moves after the first get a fail-soft upper bound
        that only proves they are no better.
        """
        self._stop, self._deadline = stop, deadline
        self.bounds.clear()
        negamax, leaves, node_count = self._make_negamax(pos.moves, depth)
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
        children = self._ordered_children(current, mask, candidates, self.hints.get(current + mask))
        values: dict[int, float] = {}
        self._completed = values  # what an interrupted iteration completed (deepening)
        alpha = -1e9
        child_depth = depth - 1 if len(children) > 1 else depth  # a forced move costs no depth
        opp = current ^ mask
        # the scoremap value is carried down the tree incrementally from here
        e = int(scoremap(current, mask, moves)) if self.config.heuristic == "scoremap" else 0
        # A position that is its own mirror image (e.g. the empty board): a move and its mirror
        # image have the same value, so only the first of the two is searched. Only for the
        # integer-valued scoremap, whose evaluation of a mirrored position is bit-for-bit the same.
        symmetric = (self.config.heuristic == "scoremap" and mirror_bits(mask) == mask
                     and mirror_bits(current) == current)
        for col, move, threats in children:
            if symmetric and WIDTH - 1 - col in values:
                values[col] = values[WIDTH - 1 - col]
                continue
            ce = -e - _WEIGHT_OF[move] if self.config.heuristic == "scoremap" else 0
            if child_depth == 0:
                v = leaves(current, mask, moves, move, e)
            elif full_window or alpha == -1e9:
                v = -negamax(opp, mask | move, moves + 1, threats, child_depth, -1e9, 1e9, ce)
            else:
                # principal variation search at the root too: a null window first
                v = -negamax(opp, mask | move, moves + 1, threats, child_depth, -alpha - _NULL, -alpha, ce)
                if v > alpha:
                    v = -negamax(opp, mask | move, moves + 1, threats, child_depth, -1e9, -v, ce)
            values[col] = v
            if v > alpha:
                alpha = v
                if len(self.hints) >= self.max_hints:
                    self._trim(self.hints)
                self.hints[current + mask] = col
        return values

    @staticmethod
    def _ordered_children(current: int, mask: int, candidates: int, hint: int | None) -> list[tuple[int, int, int]]:
        """(column, move, threats) of the root's moves: the table's hint first, then by threats."""
        ranked = order_by_threats(current, mask, candidates)
        return sorted(ranked, key=lambda child: child[0] != hint)  # stable: the hint to the front

    def _make_negamax(self, root_moves: int, depth_limit: int):
        """Build the recursive search for one iteration (root and depth fixed)."""
        bounds = self.bounds
        hints = self.hints
        max_entries = self.max_entries
        max_hints = self.max_hints
        threat_cache = self.threat_cache
        max_threats = self.max_threats
        incremental = self.config.heuristic == "scoremap"
        windowed = self.config.heuristic == "window"
        evaluate = self._evaluate
        threats_of = winning_cells_mask
        trim = self._trim

        def new_threats(discs: int) -> int:
            """Threat cells of a disc set the cache does not hold yet: computed and cached."""
            if len(threat_cache) >= max_threats:
                trim(threat_cache)
            cells = threat_cache[discs] = threats_of(discs, 0)
            return cells

        if self.config.heuristic == "threats":
            # the threat evaluation reads the same per-disc-set threat cells as the search
            evaluate = cached_evaluator(threat_cache, new_threats)
        window_raw = make_window_raw(self.config.window_weights)
        window_delta = make_window_delta(self.config.window_weights)
        window_scale = self.config.window_weights.scale
        weight_levels = _WEIGHT_LEVELS
        squash = self._squash
        f = self.config.discount / depth_limit
        tail = 1.0 - self.config.discount  # beyond the limit (forced lines): (1 - f) * D / ply
        board = BOARD
        bottom = BOTTOM
        ordered = _ORDERED
        # scoremap only (its evaluation of a mirrored position is bit-for-bit the same); every
        # node holds a disc, so BOARD never matches
        off_centre = BOARD ^ COLUMN_MASKS[CENTRE] if incremental else BOARD
        left_half = sum(COLUMN_MASKS[: CENTRE + 1])
        right_half = sum(COLUMN_MASKS[CENTRE:])
        centre = CENTRE
        ordered_n = RANKED_COLUMNS
        rank_unit = RANK_UNIT
        # the line directions' shifts for the inlined winning_cells_mask
        h1, h2, h3 = H1, 2 * H1, 3 * H1  # horizontal
        d1, d2, d3 = HEIGHT, 2 * HEIGHT, 3 * HEIGHT  # diagonal \
        u1, u2, u3 = H1 + 1, 2 * (H1 + 1), 3 * (H1 + 1)  # diagonal /
        hint_orders = _HINT_ORDERS
        column_masks = COLUMN_MASKS
        weight_of = _WEIGHT_OF if incremental else _NO_WEIGHT
        searcher = self
        check_every = _CHECK_EVERY if incremental else _CHECK_EVERY_SLOW
        count = self.nodes  # nodes searched: a closure variable (cheaper than the attribute), see node_count

        # the discount of a leaf below a node with ``moves`` discs (at ply moves + 1 - root_moves)
        leaf_factor = [0.0] * (CELLS + 1)
        for ply in range(1, CELLS + 1 - root_moves):
            leaf_factor[root_moves + ply - 1] = 1.0 - f * ply if ply <= depth_limit else tail * depth_limit / ply

        def leaves(current: int, mask: int, moves: int, candidates: int, e: int) -> float:
            """Best value over the candidate moves when the children are leaves (no depth left).

            A leaf is its discounted, squashed static evaluation, negated as seen from here.
            Scoremap and window are incremental: after a move into a cell of weight w the
            scoremap grows by w; the window sum changes only in the windows through the new disc
            (``make_window_delta``); other evaluations (``threats``) evaluate every child. Discount and squash are the same increasing map for every
            child, so they are applied once, to the best raw value.
            """
            if incremental:
                for weight, level in weight_levels:
                    if candidates & level:
                        v = e + weight
                        break
            elif windowed:
                opp = current ^ mask
                gain = max(window_delta(current, opp, move)
                           for move in (candidates & cm for cm in _COLUMN_MASKS) if move)
                v = window_scale * (window_raw(current, mask) + gain) / (moves + 1)
            else:  # no incremental form: evaluate every child
                opp = current ^ mask
                v = -min(evaluate(opp, mask | move, moves + 1)
                         for move in (candidates & cm for cm in _COLUMN_MASKS) if move)
            v *= leaf_factor[moves]
            return v / (abs(v) + squash)

        def negamax(current: int, mask: int, moves: int, opp_win: int, depth: int, alpha: float, beta: float,
                    e: int) -> float:
            """Fail-soft negamax (PVS); the side to move cannot win at once; depth >= 1.

            ``opp_win``: cells where the opponent would complete four (only its empty cells are
            used: it may include occupied ones); ``e``: the scoremap
            value for the side to move, carried down incrementally (unused by other heuristics).
            The result v is exact inside (alpha, beta); v <= alpha is an upper bound, v >= beta a
            lower one.
            """
            nonlocal count
            count += 1
            if not count & check_every:
                searcher.nodes = count
                searcher._check()
            # inlined: board.non_losing_moves
            possible = (mask + bottom) & board
            forced = possible & opp_win
            if forced:
                if forced & (forced - 1):  # two open threats: the opponent wins with its next disc
                    return -((CELLS - moves) // 2)  # inlined: scores.loss_next_score(moves)
                possible = forced
            candidates = possible & ~(opp_win >> 1)
            # end inlined
            if not candidates:
                return -((CELLS - moves) // 2)  # inlined: scores.loss_next_score(moves)
            if moves >= CELLS - 2:
                return 0  # the last two discs cannot make a four: the opponent's are all blocked
            if candidates & (candidates - 1):
                if depth == 1:
                    return leaves(current, mask, moves, candidates, e)
                cd = depth - 1  # the children's depth
            else:
                cd = depth  # a forced move costs no depth
            # the table is keyed by position and the depth a node is entered with
            key = current + mask
            entry = bounds.get(key)
            if entry is not None and entry[0] == depth:
                lo, hi = entry[1], entry[2]
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
            alpha0 = alpha
            hint = hints.get(key)
            if not mask & off_centre:
                # every disc in the centre column: a mirror-symmetric position, where a move and
                # its mirror image have the same value -- search one half (the hint's)
                candidates &= right_half if hint is not None and hint > centre else left_half
            new_current = current ^ mask
            m1 = moves + 1
            best = -1e9
            best_col = 0
            if cd == 1:
                # The children are depth-1 nodes (their own children are leaves): do their checks
                # here and take their exact values without a call -- the bulk of all nodes. No
                # ranking by threats: each child's threats are computed only when it is reached,
                # in hint-then-centre order, so a cutoff skips the rest.
                for col, col_mask in ordered if hint is None else hint_orders[hint]:
                    move = candidates & col_mask
                    if not move:
                        continue
                    pos = current | move
                    r = threat_cache.get(pos)
                    if r is None:
                        # this is the bulk of all nodes: even a call behind the cache would show
                        # inlined: board.winning_cells_mask
                        a, b = pos << h1, pos >> h1
                        r = (pos << 1) & (pos << 2) & (pos << 3) | (
                            a & (pos << h2) & ((pos << h3) | b)) | (b & (pos >> h2) & ((pos >> h3) | a))
                        a, b = pos << d1, pos >> d1
                        r |= (a & (pos << d2) & ((pos << d3) | b)) | (b & (pos >> d2) & ((pos >> d3) | a))
                        a, b = pos << u1, pos >> u1
                        r |= (a & (pos << u2) & ((pos << u3) | b)) | (b & (pos >> u2) & ((pos >> u3) | a))
                        r &= board
                        # end inlined
                        if len(threat_cache) >= max_threats:
                            trim(threat_cache)
                        threat_cache[pos] = r
                    cmask = mask | move
                    # r may hold the child's occupied cells: only its empty cells are ever used below
                    # inlined: board.non_losing_moves
                    cposs = (cmask + bottom) & board
                    cforced = cposs & r
                    if cforced:
                        cposs = 0 if cforced & (cforced - 1) else cforced  # two open threats: none
                    ccand = cposs & ~(r >> 1)
                    # end inlined
                    if ccand:
                        if m1 >= CELLS - 2:
                            v = 0
                        elif ccand & (ccand - 1):
                            count += 1
                            if incremental:  # inlined: leaves (scoremap)
                                for weight, level in weight_levels:
                                    if ccand & level:
                                        v = (weight - e - weight_of[move]) * leaf_factor[m1]
                                        break
                                v = -v / (abs(v) + squash)
                            else:
                                v = -leaves(new_current, cmask, m1, ccand, -e - weight_of[move])
                        else:
                            v = -negamax(new_current, cmask, m1, r, 1, -beta, -alpha, -e - weight_of[move])
                    else:  # the child cannot escape the opponent's (our) next disc
                        v = (CELLS - m1) // 2  # inlined: -scores.loss_next_score(m1)
                    if v > best:
                        best = v
                        best_col = col
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
            else:
                # The hint move first, on its own: it causes most cutoffs, and then the other
                # moves' threats need not be computed. The rest by threats created, centre first.
                rest = candidates
                if hint is not None and candidates & column_masks[hint]:
                    move = candidates & column_masks[hint]
                    rest ^= move
                    r = threat_cache.get(current | move)
                    if r is None:
                        r = new_threats(current | move)
                    best = -negamax(new_current, mask | move, m1, r,
                                    cd, -beta, -alpha, -e - weight_of[move])
                    best_col = hint
                    if best > alpha:
                        alpha = best
                # inlined: ordering.order_by_threats (with the threat cache and an enhanced
                # transposition cutoff: a child the table already shows refuting beta ends the node)
                ranked = []
                for n, col, col_mask in ordered_n if alpha < beta else ():
                    move = rest & col_mask
                    if move:
                        cmask = mask | move
                        child = bounds.get(new_current + cmask)
                        if child is not None and child[0] == cd and child[2] <= -beta:
                            best = -child[2]
                            best_col = col
                            ranked = ()
                            break
                        r = threat_cache.get(current | move)
                        if r is None:
                            r = new_threats(current | move)
                        r &= board ^ cmask
                        ranked.append((r.bit_count() * rank_unit + n, col, move, r))
                if len(ranked) > 1:
                    ranked.sort(reverse=True)
                # end inlined
                for _, col, move, threats in ranked:
                    ce = -e - weight_of[move]
                    if best == -1e9:
                        v = -negamax(new_current, mask | move, m1, threats, cd, -beta, -alpha, ce)
                    else:
                        # principal variation search: prove the move is no better with a null window
                        v = -negamax(new_current, mask | move, m1, threats, cd, -alpha - _NULL, -alpha, ce)
                        if alpha < v < beta:
                            v = -negamax(new_current, mask | move, m1, threats, cd, -beta, -v, ce)
                    if v > best:
                        best = v
                        best_col = col
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
            if len(bounds) >= max_entries:
                searcher._trim(bounds)
            if best <= alpha0:
                bounds[key] = (depth, -1e9, best)
            elif best >= beta:
                bounds[key] = (depth, best, 1e9)
            else:
                bounds[key] = (depth, best, best)
            if best_col != hint and candidates & (candidates - 1):  # (rewriting a hint keeps its place)
                if len(hints) >= max_hints:
                    searcher._trim(hints)
                hints[key] = best_col
            return best

        def node_count() -> int:
            return count

        return negamax, leaves, node_count


def best_move(pos: Position | str, config: SearchConfig | None = None) -> SearchResult:
    """One-shot search with a fresh table."""
    if isinstance(pos, str):
        pos = Position.from_moves(pos)
    return Searcher(config).search(pos)
