"""A casual rule-based player: the yardstick the weakest level must lose to.

It plays like someone who has just learnt the game: complete your own three,
otherwise block the opponent's three, otherwise play near the centre. It never
looks further ahead, so it walks into every trap (it even plays under a cell the
opponent needs). Used by the arena (`python -m game.arena rules ai:1`).
"""

from __future__ import annotations

import random

from game.i18n import _
from game.engine.board import BOARD, BOTTOM, COLUMN_MASKS, WIDTH, Position, winning_cells_mask

# Centre columns take part in more fours; the preference is the column's weight.
CENTRE_WEIGHTS: tuple[int, ...] = (1, 2, 3, 4, 3, 2, 1)


def winning_columns(pos: Position) -> list[int]:
    """Columns where the side to move completes a four right now."""
    return [col for col in pos.legal_moves() if pos.is_winning_move(col)]


def threatened_columns(pos: Position) -> list[int]:
    """Columns where the opponent would complete a four if it were their turn.

    Read from the bitboards: the opponent's winning cells that are playable now.
    """
    if pos.is_over():
        return []
    playable = (pos.mask + BOTTOM) & BOARD
    cells = winning_cells_mask(pos.current ^ pos.mask, pos.mask) & playable
    return [col for col in range(WIDTH) if cells & COLUMN_MASKS[col]]


class RulePlayer:
    """Win if possible, else block, else prefer the centre.

    ``seed=None`` is deterministic (the most central column among the choices);
    an int seed picks among the choices with probability proportional to
    ``CENTRE_WEIGHTS``, so repeated games are not identical.
    """

    label = "rules"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed) if seed is not None else None

    def choose(self, pos: Position) -> int:
        if pos.is_over():
            raise ValueError(_("the game is over: no move to choose"))
        wins = winning_columns(pos)
        if wins:
            return self._prefer(wins)
        blocks = threatened_columns(pos)
        if blocks:
            return self._prefer(blocks)
        return self._prefer(list(pos.legal_moves()))

    def _prefer(self, cols: list[int]) -> int:
        if len(cols) == 1:
            return cols[0]
        if self._rng is None:
            # Most central first; on a tie the left column (stable, deterministic).
            return min(cols, key=lambda c: (abs(c - WIDTH // 2), c))
        weights = [CENTRE_WEIGHTS[c] for c in cols]
        return self._rng.choices(cols, weights=weights)[0]
