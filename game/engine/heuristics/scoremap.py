"""The scoremap heuristic: cells weighted by the lines of four through them.

Each cell is worth the number of windows of four through it; a side's value is the sum over
its discs; the evaluation is own minus opponent. Four popcounts on bit planes of the weights.
"""

from __future__ import annotations

from ..board import H1, HEIGHT, WIDTH, Bitboard, bit
from .window import WINDOW_STARTS

def _cell_weights() -> list[list[int]]:
    counts = [[0] * HEIGHT for _ in range(WIDTH)]
    for s, starts in WINDOW_STARTS:
        for c in range(WIDTH):
            for r in range(HEIGHT):
                if starts & bit(c, r):
                    for k in range(4):
                        idx = c * H1 + r + k * s
                        counts[idx // H1][idx % H1] += 1
    return counts


#: SCOREMAP[col][row]: number of windows through the cell (3 4 5 7 5 4 3 on the bottom row).
SCOREMAP: tuple[tuple[int, ...], ...] = tuple(tuple(col) for col in _cell_weights())

# Bit planes of the cell weights: weight(cell) = sum(2**b for planes b containing the cell),
# so a side's scoremap value is sum(popcount(discs & plane_b) << b) -- four popcounts.
PLANES: tuple[Bitboard, ...] = tuple(
    sum(bit(c, r) for c in range(WIDTH) for r in range(HEIGHT) if SCOREMAP[c][r] >> b & 1)
    for b in range(4)
)


def scoremap_value(discs: Bitboard) -> int:
    p0, p1, p2, p3 = PLANES
    return (
        (discs & p0).bit_count()
        + ((discs & p1).bit_count() << 1)
        + ((discs & p2).bit_count() << 2)
        + ((discs & p3).bit_count() << 3)
    )


def scoremap(current: Bitboard, mask: Bitboard, moves: int) -> float:
    """Scoremap evaluation: own cell weights minus the opponent's."""
    p0, p1, p2, p3 = PLANES
    opp = current ^ mask
    return float(
        (current & p0).bit_count() - (opp & p0).bit_count()
        + (((current & p1).bit_count() - (opp & p1).bit_count()) << 1)
        + (((current & p2).bit_count() - (opp & p2).bit_count()) << 2)
        + (((current & p3).bit_count() - (opp & p3).bit_count()) << 3)
    )

