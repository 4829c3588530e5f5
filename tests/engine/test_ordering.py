"""Move ordering: most threats created first, centre first on ties; the centre-first order."""

from __future__ import annotations

from game.engine.board import CENTRE_ORDER, COLUMN_MASKS, WIDTH, non_losing_moves, winning_cells_mask
from game.engine.ordering import order_by_threats

from test_inlined import random_positions


def test_centre_order_goes_outwards_left_first():
    assert CENTRE_ORDER == (3, 2, 4, 1, 5, 0, 6)
    assert sorted(CENTRE_ORDER) == list(range(WIDTH))


def test_moves_come_by_threats_created_then_centre_first():
    for pos in random_positions(500, seed=5):
        candidates = non_losing_moves(pos.mask, winning_cells_mask(pos.current ^ pos.mask, pos.mask))
        ordered = order_by_threats(pos.current, pos.mask, candidates)
        assert sorted(col for col, _, _ in ordered) == [c for c in range(WIDTH) if candidates & COLUMN_MASKS[c]]
        keys = []
        for col, move, threats in ordered:
            assert move == candidates & COLUMN_MASKS[col]
            assert threats == winning_cells_mask(pos.current | move, pos.mask | move)
            keys.append((-threats.bit_count(), CENTRE_ORDER.index(col)))
        assert keys == sorted(keys), str(pos)
