"""Stepping through the line that proves an explanation, on the review board.

The line starts from the position after the move explained; step 0 shows that position, step
``k`` the position after the line's first ``k`` moves. For a move that missed a win at once or
the one block (``explain.missed_point``), the point comes first: step 0 shows the position before
the move with the cell it was about ringed, the next step the winning disc or the block, and then
the move played and the line after it. Each shown position's threats (cells where one more disc
completes four, ``engine.threats``) are marked in their side's colour, until the line ends the
game. No pygame here.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.engine.board import Position
from game.engine.explain import Point
from game.engine.threats import Cell, cells_of, threats_mask

__all__ = ["LineView", "Stage"]


class Stage(enum.Enum):
    """What the shown step is: the point (the position before the move, then the disc it missed),
    the move played, or the line after it."""

    BEFORE = "before"
    POINT = "point"
    PLAYED = "played"
    LINE = "line"


@dataclass(slots=True)
class LineView:
    """The line after move ``index`` (0-based) of the game, ``start`` the position after that move;
    with a ``point``, ``before`` is the position before the move and ``played`` its column."""

    index: int
    start: Position
    line: tuple[int, ...]
    step: int = 0
    before: Position | None = None
    point: Point | None = None
    played: int | None = None

    def __post_init__(self) -> None:
        if self.point is not None and (self.before is None or self.played is None):
            raise ValueError("a line with a point needs the position before the move and the move played")

    @property
    def steps(self) -> int:
        """The last step: the line's length, and with a point its moves and the move played."""
        return len(self.line) + (len(self.point.moves) + 1 if self.point is not None else 0)

    def go(self, step: int) -> None:
        self.step = max(0, min(self.steps, step))

    def stage(self) -> Stage:
        if self.point is None:
            return Stage.LINE
        ahead = len(self.point.moves)
        if self.step == 0:
            return Stage.BEFORE
        return Stage.POINT if self.step <= ahead else Stage.PLAYED if self.step == ahead + 1 else Stage.LINE

    def after_start(self) -> tuple[int, ...]:
        """The moves shown after ``start`` (the position after the move), or, with a point, after
        ``before`` (the position before it)."""
        if self.point is None:
            return self.line[:self.step]
        ahead = len(self.point.moves)
        if self.step <= ahead:
            return self.point.moves[:self.step]
        return (self.played, *self.line[:self.step - ahead - 1])  # type: ignore[return-value]

    def line_step(self) -> int:
        """How many of the line's moves are shown."""
        if self.point is None:
            return self.step
        return max(0, self.step - len(self.point.moves) - 1)

    def position(self) -> Position:
        pos = self.start if self.point is None else self.before
        assert pos is not None
        for col in self.after_start():
            pos = pos.play(col)
        return pos

    def last_move(self) -> tuple[int, int] | None:
        """(col, row) of the last disc the line shows, if any (the move played counts in a point's line)."""
        if not self.step:
            return None
        col = self.after_start()[-1]
        return col, self.position().height(col) - 1

    def rings(self) -> tuple[Cell, ...]:
        """The cell the point is about, ringed while the point is shown and still empty."""
        if self.point is None or self.stage() is not Stage.BEFORE:
            return ()
        return (self.point.cell,)

    def threats(self) -> dict[int, tuple[Cell, ...]]:
        """Each player's (1 or 2) threats in the shown position; none once the game is over there
        (a cell that would complete four no longer threatens anything)."""
        pos = self.position()
        if pos.is_over():
            return {1: (), 2: ()}
        mine, theirs = cells_of(threats_mask(pos, mine=True)), cells_of(threats_mask(pos, mine=False))
        return {pos.turn: mine, 3 - pos.turn: theirs}
