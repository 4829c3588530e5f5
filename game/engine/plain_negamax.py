"""The exact solver's node search in plain Python: the reference the compiled search follows.

``negamax`` compiles its ``_Core`` where a C compiler was at hand; without one (or for comparing
the two paths in one process) ``negamax.build_search`` hands out the closure made here, over the
same table of 64-bit slots. Both visit the same positions in the same order and store the same
table entries, so they return the same scores after the same number of nodes (tests run the
solver's tests on both). The table's word layout here (see ``negamax``) is the one both use.

The node's contract (Pons' style: stated here, asserted on this path) is ``negamax``'s
docstring in ``plain_search``.
"""

from __future__ import annotations

from .board import BOARD, BOTTOM, CELLS, CENTRE_ORDER, COLUMN_MASKS, H1, WIDTH, winning_cells_mask
from .ordering import RANK_UNIT
from .tables import halve_table

CHECK_EVERY = 2047  # nodes between two looks at the stop flag / deadline (a bit mask)
KEY_BITS = WIDTH * H1
CUT_BITS = WIDTH.bit_length()  # a centre rank, 1..WIDTH, 0 for none
BOUND_BITS = 6
BOUND_OFFSET = 1 << (BOUND_BITS - 1)  # scores lie within +-(CELLS // 2): they fit
BOUND_MASK = (1 << BOUND_BITS) - 1
UPPER_SHIFT = CUT_BITS
LOWER_SHIFT = UPPER_SHIFT + BOUND_BITS
KEY_SHIFT = LOWER_SHIFT + BOUND_BITS
CUT_MASK = (1 << CUT_BITS) - 1
UPPER_FIELD = BOUND_MASK << UPPER_SHIFT
LOWER_FIELD = BOUND_MASK << LOWER_SHIFT
assert KEY_BITS + KEY_SHIFT <= 64 and RANK_UNIT == 1 << CUT_BITS
#: Column mask of each cut-move code (a centre rank: WIDTH for the centre column, 0 for none).
CUT_COLUMN_MASKS: tuple[int, ...] = (0,) + tuple(COLUMN_MASKS[CENTRE_ORDER[WIDTH - n]] for n in range(1, WIDTH + 1))


def plain_search(limits, table, threat_cache, max_threats, book_discs, book_score):
    """The plain-Python search: a closure over the table (fast local lookups)."""
    threats_of = winning_cells_mask
    board = BOARD
    bottom = BOTTOM
    orders = tuple(CUT_COLUMN_MASKS[n] for n in range(WIDTH, 0, -1))  # centre first
    cut_masks = CUT_COLUMN_MASKS
    rank_unit = RANK_UNIT
    width = WIDTH
    check_every = CHECK_EVERY
    slots = len(table)
    key_shift, lower_shift, upper_shift = KEY_SHIFT, LOWER_SHIFT, UPPER_SHIFT
    bound_mask, offset, top = BOUND_MASK, BOUND_OFFSET, BOUND_OFFSET - 1
    cut_mask = CUT_MASK
    keep_for_lower, keep_for_upper = UPPER_FIELD, LOWER_FIELD | CUT_MASK
    nodes = 0  # a closure variable: cheaper than an attribute in the hottest function
    halve = halve_table

    def node_count(value: int | None = None) -> int:
        nonlocal nodes
        if value is not None:
            nodes = value
        return nodes

    def new_threats(discs: int) -> int:
        """Threat cells of a disc set the cache does not hold yet: computed and cached."""
        if len(threat_cache) >= max_threats:
            halve(threat_cache)
        cells = threat_cache[discs] = threats_of(discs, 0)
        return cells

    def negamax(current: int, mask: int, moves: int, opp_win: int, alpha: int, beta: int) -> int:
        """The exact score of the position (``current``: the side to move's discs, ``mask``: all
        discs, ``moves``: their number) as far as the window (alpha, beta) asks.

        Preconditions (asserted): alpha < beta; the side to move cannot win at once;
        ``opp_win`` holds the empty cells where the opponent would complete four (and no
        other empty cell). Result v (fail-soft at a cutoff): v <= alpha means the score is at
        most v, v >= beta that it is at least v; strictly inside the window v is the score.
        """
        assert alpha < beta, "an empty window"
        assert not winning_cells_mask(current, mask) & (mask + bottom) & board, "the side to move can win at once"
        nonlocal nodes
        nodes += 1
        if not nodes & check_every:
            limits.check(nodes)
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
        if moves <= book_discs:  # book hook: an exact score read, not searched
            v = book_score(current, mask, moves)
            if v is not None:
                return v
        # every move is safe for one ply: the loss comes no sooner than the opponent's disc
        # after next, and the win no sooner than our disc after next
        lo = -((CELLS - 2 - moves) // 2)  # inlined: scores.loss_next_score(moves + 2)
        if alpha < lo:
            alpha = lo
            if alpha >= beta:
                return alpha
        hi = (CELLS - 1 - moves) // 2  # inlined: scores.win_next_score(moves + 2)
        key = current + mask
        slot = key % slots
        entry = table[slot]
        if entry >> key_shift != key:
            entry = 0
        v = top - (entry >> upper_shift & bound_mask)
        if v < hi:
            hi = v
        if beta > hi:
            beta = hi
            if alpha >= beta:
                return beta
        v = (entry >> lower_shift & bound_mask) - offset
        if v > alpha:
            alpha = v
            if alpha >= beta:
                return alpha
        new_opp = current ^ mask  # the opponent's discs become "current" in the child
        m1 = moves + 1
        # The move that refuted this position last time first, on its own: it usually does
        # again, and then the other moves' threats need not be computed.
        code = entry & cut_mask
        hint = candidates & cut_masks[code]
        if hint:
            candidates ^= hint
            pos = current | hint
            r = threat_cache.get(pos)
            if r is None:
                r = new_threats(pos)
            score = -negamax(new_opp, mask | hint, m1, r & ~(mask | hint), -beta, -alpha)
            if score >= beta:
                entry = table[slot]
                table[slot] = (key << key_shift | (score + offset) << lower_shift | code
                               | (entry & keep_for_lower if entry >> key_shift == key else 0))
                return score
            if score > alpha:
                alpha = score
        # the others ordered by the number of threats they create, centre first on ties
        # inlined: ordering.order_by_threats (with the threat cache)
        ranked = []
        n = width
        for col_mask in orders:
            move = candidates & col_mask
            if move:
                pos = current | move
                r = threat_cache.get(pos)  # a hit costs no call; most lookups hit
                if r is None:
                    r = new_threats(pos)
                r &= ~(mask | move)
                ranked.append((r.bit_count() * rank_unit + n, move, r))
            n -= 1
        if len(ranked) > 1:
            ranked.sort(reverse=True)
        # end inlined
        for rank, move, threats in ranked:
            score = -negamax(new_opp, mask | move, m1, threats, -beta, -alpha)
            if score >= beta:
                entry = table[slot]
                table[slot] = (key << key_shift | (score + offset) << lower_shift | rank % rank_unit
                               | (entry & keep_for_lower if entry >> key_shift == key else 0))
                return score
            if score > alpha:
                alpha = score
        entry = table[slot]
        table[slot] = (key << key_shift | (top - alpha) << upper_shift
                       | (entry & keep_for_upper if entry >> key_shift == key else 0))
        return alpha

    return negamax, node_count
