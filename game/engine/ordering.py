"""Move ordering: the moves that create the most threats first, centre first on ties.

Pons' solver sorts its (at most seven) moves by the number of winning cells each creates
for the mover -- a move that makes threats is likely to be good, and checking it first
lets alpha-beta cut the others off sooner. Ties keep ``board.CENTRE_ORDER``.
"""

from __future__ import annotations

from .board import CENTRE_ORDER, COLUMN_MASKS, WIDTH, Bitboard, winning_cells_mask

#: A move's sort key is ``threats * RANK_UNIT + centre rank`` (centre rank WIDTH .. 1, the
#: centre highest): RANK_UNIT exceeds every centre rank, so threats count first.
RANK_UNIT = WIDTH + 1
#: (centre rank, column, column mask) in centre-first order.
RANKED_COLUMNS: tuple[tuple[int, int, Bitboard], ...] = tuple(
    (WIDTH - i, c, COLUMN_MASKS[c]) for i, c in enumerate(CENTRE_ORDER))


def order_by_threats(current: Bitboard, mask: Bitboard, candidates: Bitboard) -> list[tuple[int, Bitboard, Bitboard]]:
    """The moves of ``candidates`` (one bit per column) as (column, move, threats), best first.

    ``threats`` are the empty cells where the mover would complete four after the move
    (``winning_cells_mask`` of the new position): the child's "opponent's winning cells".
    """
    ranked = []
    for n, col, col_mask in RANKED_COLUMNS:
        move = candidates & col_mask
        if move:
            threats = winning_cells_mask(current | move, mask | move)
            ranked.append((threats.bit_count() * RANK_UNIT + n, col, move, threats))
    ranked.sort(reverse=True)
    return [(col, move, threats) for _, col, move, threats in ranked]
