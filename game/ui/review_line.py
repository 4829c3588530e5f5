"""Stepping through the line that proves an explanation, on the review board.

The line starts from the position after the move explained; step 0 shows that position, step
``k`` the position after the line's first ``k`` moves. Each shown position's threats (cells where
one more disc completes four, ``engine.threats``) are marked in their side's colour, until the line
ends the game. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.board import Position
from game.engine.threats import Cell, cells_of, threats_mask

__all__ = ["LineView"]


@dataclass(slots=True)
class LineView:
    """The line after move ``index`` (0-based) of the game, ``start`` the position after that move."""

    index: int
    start: Position
    line: tuple[int, ...]
    step: int = 0

    def go(self, step: int) -> None:
        self.step = max(0, min(len(self.line), step))

    def position(self) -> Position:
        pos = self.start
        for col in self.line[:self.step]:
            pos = pos.play(col)
        return pos

    def last_move(self) -> tuple[int, int] | None:
        """(col, row) of the line's last disc shown, if any."""
        if not self.step:
            return None
        pos = self.position()
        col = self.line[self.step - 1]
        return col, pos.height(col) - 1

    def threats(self) -> dict[int, tuple[Cell, ...]]:
        """Each player's (1 or 2) threats in the shown position; none once the game is over there
        (a cell that would complete four no longer threatens anything)."""
        pos = self.position()
        if pos.is_over():
            return {1: (), 2: ()}
        mine, theirs = cells_of(threats_mask(pos, mine=True)), cells_of(threats_mask(pos, mine=False))
        return {pos.turn: mine, 3 - pos.turn: theirs}
