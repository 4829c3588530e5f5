"""The depth search's nodes in plain Python: the reference the compiled search follows.

``alphabeta`` compiles its ``_Core`` where a C compiler was at hand; without one (or for
comparing the two paths in one process) the search runs here: ``PlainCore`` builds it as a
closure over dicts, fast local lookups being what plain Python does best. Both visit the same
nodes in the same order, store the same table entries (and drop the same ones when a table is
full), and compute every value with the same floating-point operations in the same order, so
they return the same values after the same number of nodes (tests run the depth search on both
paths). The constants and value helpers here are the ones both paths use.

The node's contract (Pons' style: stated here, asserted on this path) is ``negamax``'s
docstring in ``plain_search``.
"""

from __future__ import annotations

from functools import cache
from time import perf_counter

from .board import BOARD, BOTTOM, CELLS, CENTRE, CENTRE_ORDER, COLUMN_MASKS, HEIGHT, LINE_SHIFTS, WIDTH, bit
from .board import winning_cells_mask
from .heuristics import SCOREMAP, WindowWeights, evaluator, make_window_delta, make_window_raw, scoremap
from .heuristics.threat_parity import cached_evaluator
from .ordering import RANK_UNIT, RANKED_COLUMNS
from .solver import SearchCancelled
from .tables import halve_table

CHECK_EVERY = 1023  # nodes between two looks at the stop request / deadline (a power of two - 1)
CHECK_EVERY_SLOW = 255  # the same for evaluations that cost several times scoremap's (window, threats)
#: K of the squash v / (|v| + K) per heuristic: about the size of a typical evaluation, so that
#: estimates spread over (-1, 1) instead of crowding its ends
SQUASH = {"scoremap": 16.0, "window": 16.0, "threats": 32.0}
NULL = 1e-12  # width of a null window on the float score scale
#: (column, column mask) in centre-first order
ORDERED = tuple((c, COLUMN_MASKS[c]) for c in CENTRE_ORDER)
#: the same with one column (the table's best-move hint) moved to the front
HINT_ORDERS = tuple(((h, COLUMN_MASKS[h]),) + tuple(p for p in ORDERED if p[0] != h) for h in range(WIDTH))
#: scoremap weight of the cell a move lands in, keyed by the move's bit
WEIGHT_OF = {bit(c, r): SCOREMAP[c][r] for c in range(WIDTH) for r in range(HEIGHT)}
NO_WEIGHT = dict.fromkeys(WEIGHT_OF, 0)
#: scoremap cells grouped by weight, heaviest first: the best leaf move is the heaviest free cell
WEIGHT_LEVELS = tuple(
    (w, sum(bit(c, r) for c in range(WIDTH) for r in range(HEIGHT) if SCOREMAP[c][r] == w))
    for w in sorted({w for col in SCOREMAP for w in col}, reverse=True)
)
LEFT_HALF = sum(COLUMN_MASKS[: CENTRE + 1])
RIGHT_HALF = sum(COLUMN_MASKS[CENTRE:])


@cache
def window_makers(weights: WindowWeights):
    """(window sum, window change) of ``weights``, made once per set of weights."""
    return make_window_raw(weights), make_window_delta(weights)


def carried_value(heuristic: str, weights: WindowWeights, current: int, mask: int) -> float:
    """``e`` of a root (``negamax``'s last argument): the side to move's scoremap value or window
    sum, which the search carries down the tree by each move's change; 0 for threats."""
    if heuristic == "scoremap":
        return int(scoremap(current, mask, 0))
    if heuristic == "window":
        return window_makers(weights)[0](current, mask)
    return 0


def child_carried_value(heuristic: str, weights: WindowWeights, e: float, current: int, mask: int,
                        move: int) -> float:
    """``e`` of the child after ``move`` (its bit) of the node whose ``e`` it is."""
    if heuristic == "scoremap":
        return -e - WEIGHT_OF[move]
    if heuristic == "window":
        return -e - window_makers(weights)[1](current, current ^ mask, move)
    return 0


def leaf_factors(root_moves: int, depth_limit: int, discount: float) -> list[float]:
    """The discount of a leaf below a node with ``moves`` discs (at ply moves + 1 - root_moves)."""
    f = discount / depth_limit
    tail = 1.0 - discount  # beyond the limit (forced lines): (1 - f) * D / ply
    factors = [0.0] * (CELLS + 1)
    for ply in range(1, CELLS + 1 - root_moves):
        factors[root_moves + ply - 1] = 1.0 - f * ply if ply <= depth_limit else tail * depth_limit / ply
    return factors


class PlainCore:
    """The plain-Python search: a closure over dict tables (fast local lookups)."""

    def __init__(self, heuristic: str, weights: WindowWeights, discount: float, max_entries: int,
                 max_hints: int, max_threats: int) -> None:
        self.heuristic, self.weights, self.discount = heuristic, weights, discount
        self.max_entries, self.max_hints, self.max_threats = max_entries, max_hints, max_threats
        self.evaluate = evaluator(heuristic, weights)
        self.bounds: dict[int, tuple[int, float, float]] = {}
        self.hints: dict[int, int] = {}  # key -> column of the best move found
        # one side's discs -> the cells that would complete a four for it (board.winning_cells_mask
        # without the occupancy mask): a pure function, valid across iterations and searches
        self.threat_cache: dict[int, int] = {}

    def clear(self) -> None:
        self.bounds.clear()
        self.hints.clear()
        self.threat_cache.clear()

    def counts(self) -> tuple[int, int, int]:
        return len(self.bounds), len(self.hints), len(self.threat_cache)

    def hint(self, key: int) -> int | None:
        return self.hints.get(key)

    def root_value(self, current: int, mask: int) -> float:
        """``carried_value`` of this core's heuristic and weights."""
        return carried_value(self.heuristic, self.weights, current, mask)

    def child_value(self, e: float, current: int, mask: int, move: int) -> float:
        """``child_carried_value`` of this core's heuristic and weights."""
        return child_carried_value(self.heuristic, self.weights, e, current, mask, move)

    def set_hint(self, key: int, column: int) -> None:
        if len(self.hints) >= self.max_hints:
            halve_table(self.hints)
        self.hints[key] = column

    def iteration(self, root_moves: int, depth_limit: int, nodes: int, stop, deadline: float | None):
        """``(negamax, leaves, node_count)`` of one iteration (root and depth limit fixed).

        ``negamax(current, mask, moves, opp_win, depth, alpha, beta, e)`` is fail-soft: the result
        v is exact inside (alpha, beta); v <= alpha is an upper bound, v >= beta a lower one;
        ``e`` is the node's ``carried_value`` (``root_value``, then ``child_value`` per move).
        ``leaves(current, mask, moves, candidates, e)`` is the best value over the candidate
        moves when the children are leaves. Both raise ``SearchCancelled`` on ``stop`` or after
        ``deadline``. ``node_count()`` counts on from ``nodes``.
        """
        self.bounds.clear()
        return plain_search(self, leaf_factors(root_moves, depth_limit, self.discount), nodes, stop, deadline)


def plain_search(core: PlainCore, leaf_factor: list[float], nodes: int, stop, deadline: float | None):
    """The closures of ``PlainCore.iteration``."""
    bounds = core.bounds
    hints = core.hints
    max_entries = core.max_entries
    max_hints = core.max_hints
    threat_cache = core.threat_cache
    max_threats = core.max_threats
    incremental = core.heuristic == "scoremap"
    windowed = core.heuristic == "window"
    evaluate = core.evaluate
    threats_of = winning_cells_mask
    trim = halve_table

    def new_threats(discs: int) -> int:
        """Threat cells of a disc set the cache does not hold yet: computed and cached."""
        if len(threat_cache) >= max_threats:
            trim(threat_cache)
        cells = threat_cache[discs] = threats_of(discs, 0)
        return cells

    if core.heuristic == "threats":
        # the threat evaluation reads the same per-disc-set threat cells as the search
        evaluate = cached_evaluator(threat_cache, new_threats)
    window_delta = window_makers(core.weights)[1]
    window_scale = core.weights.scale
    weight_levels = WEIGHT_LEVELS
    squash = SQUASH[core.heuristic]
    board = BOARD
    bottom = BOTTOM
    ordered = ORDERED
    # scoremap only (its evaluation of a mirrored position is bit-for-bit the same); every
    # node holds a disc, so BOARD never matches
    off_centre = BOARD ^ COLUMN_MASKS[CENTRE] if incremental else BOARD
    left_half = LEFT_HALF
    right_half = RIGHT_HALF
    centre = CENTRE
    ordered_n = RANKED_COLUMNS
    rank_unit = RANK_UNIT
    # the line directions' shifts for the inlined winning_cells_mask
    (h1, h2, h3), (d1, d2, d3), (u1, u2, u3) = LINE_SHIFTS[1:]
    hint_orders = HINT_ORDERS
    column_masks = COLUMN_MASKS
    weight_of = WEIGHT_OF if incremental else NO_WEIGHT
    check_every = CHECK_EVERY if incremental else CHECK_EVERY_SLOW
    count = nodes  # nodes searched: a closure variable (cheaper than an attribute), see node_count

    def check() -> None:
        if stop is not None and stop.is_set():
            raise SearchCancelled("search cancelled")
        if deadline is not None and perf_counter() > deadline:
            raise SearchCancelled("time budget exhausted")

    def leaves(current: int, mask: int, moves: int, candidates: int, e: float) -> float:
        """Best value over the candidate moves when the children are leaves (no depth left).

        A leaf is its discounted, squashed static evaluation, negated as seen from here.
        Scoremap and window are incremental: ``e`` is the node's own value (scoremap value or
        window sum); after a move into a cell of weight w the scoremap grows by w; the window
        sum changes only in the windows through the new disc (``make_window_delta``); other
        evaluations (``threats``) evaluate every child. Discount
        and squash are the same increasing map for every child, so they are applied once, to
        the best raw value.
        """
        if incremental:
            for weight, level in weight_levels:
                if candidates & level:
                    v = e + weight
                    break
        elif windowed:
            opp = current ^ mask
            gain = max(window_delta(current, opp, move)
                       for move in (candidates & cm for cm in column_masks) if move)
            v = window_scale * (e + gain) / (moves + 1)
        else:  # no incremental form: evaluate every child
            opp = current ^ mask
            v = -min(evaluate(opp, mask | move, moves + 1)
                     for move in (candidates & cm for cm in column_masks) if move)
        v *= leaf_factor[moves]
        return v / (abs(v) + squash)

    def negamax(current: int, mask: int, moves: int, opp_win: int, depth: int, alpha: float, beta: float,
                e: float) -> float:
        """Fail-soft negamax with principal variation search: the value of the position
        (``current``: the side to move's discs, ``mask``: all discs, ``moves``: their number)
        searched ``depth`` plies deep, from the side to move.

        Preconditions (asserted): alpha < beta; depth >= 1; the side to move cannot win at
        once. ``opp_win``: the cells where the opponent would complete four (only its empty
        cells are used: it may include occupied ones); ``e``: the scoremap value or window sum
        for the side to move, carried down incrementally (``carried_value``; 0 for threats).
        Result v: exact strictly inside (alpha, beta); v <= alpha is an upper bound of the
        value, v >= beta a lower one. A proven win or loss is an integer score (``scores``),
        an estimate lies strictly between -1 and 1.
        """
        assert alpha < beta, "an empty window"
        assert depth >= 1, "no depth left: the caller scores leaves"
        assert not winning_cells_mask(current, mask) & (mask + bottom) & board, "the side to move can win at once"
        nonlocal count
        count += 1
        if not count & check_every:
            check()
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
                            v = -leaves(new_current, cmask, m1, ccand,
                                        -e - (window_delta(current, new_current, move) if windowed else 0))
                    else:
                        v = -negamax(new_current, cmask, m1, r, 1, -beta, -alpha,
                                     -e - (window_delta(current, new_current, move) if windowed else weight_of[move]))
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
                best = -negamax(new_current, mask | move, m1, r, cd, -beta, -alpha,
                                -e - (window_delta(current, new_current, move) if windowed else weight_of[move]))
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
                ce = -e - (window_delta(current, new_current, move) if windowed else weight_of[move])
                if best == -1e9:
                    v = -negamax(new_current, mask | move, m1, threats, cd, -beta, -alpha, ce)
                else:
                    # principal variation search: prove the move is no better with a null window
                    v = -negamax(new_current, mask | move, m1, threats, cd, -alpha - NULL, -alpha, ce)
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
            trim(bounds)
        if best <= alpha0:
            bounds[key] = (depth, -1e9, best)
        elif best >= beta:
            bounds[key] = (depth, best, 1e9)
        else:
            bounds[key] = (depth, best, best)
        if best_col != hint and candidates & (candidates - 1):  # (rewriting a hint keeps its place)
            if len(hints) >= max_hints:
                trim(hints)
            hints[key] = best_col
        return best

    def node_count() -> int:
        return count

    return negamax, leaves, node_count
