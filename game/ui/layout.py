"""Board geometry computed from the window size (recomputed on every resize / fullscreen toggle)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

COLS = 7
ROWS = 6


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything goes in a window of ``size``. Rows count from 0 at the bottom, like the engine."""

    size: tuple[int, int]
    cell: int                 # side of one board cell in pixels
    board: pygame.Rect        # the 7x6 grid
    ghost_y: int              # centre y of the ghost disc above the board
    analysis: pygame.Rect     # the optional analysis row, above the ghost row
    header: pygame.Rect       # title / scoreboard line at the top
    status: pygame.Rect       # status line under the board

    @property
    def radius(self) -> int:
        return max(3, int(self.cell * 0.42))

    def cell_center(self, col: int, row: float) -> tuple[int, int]:
        """Centre of a cell; ``row`` may be fractional (a falling disc); row ``ROWS`` is the ghost row."""
        x = self.board.left + col * self.cell + self.cell // 2
        y = self.board.bottom - int(row * self.cell) - self.cell // 2
        return x, y

    def column_rect(self, col: int) -> pygame.Rect:
        return pygame.Rect(self.board.left + col * self.cell, self.board.top, self.cell, self.board.height)

    def column_at(self, pos: tuple[int, int]) -> int | None:
        """The column under a screen position (anywhere above or on the board), or None."""
        x, y = pos
        if not (self.board.left <= x < self.board.right) or y > self.board.bottom:
            return None
        return (x - self.board.left) // self.cell


def compute_layout(size: tuple[int, int]) -> Layout:
    width, height = max(size[0], 160), max(size[1], 160)
    header_h = max(22, height // 16)
    status_h = max(24, height // 12)
    margin = max(6, height // 60)
    # Vertical budget: board rows + one ghost row + 0.6 of a row for the analysis line.
    avail_h = height - header_h - status_h - 2 * margin
    cell = int(min((width - 2 * margin) / COLS, avail_h / (ROWS + 1.6)))
    cell = max(cell, 12)
    board_w, board_h = cell * COLS, cell * ROWS
    left = (width - board_w) // 2
    top = header_h + margin + int(cell * 1.6)
    board = pygame.Rect(left, top, board_w, board_h)
    analysis = pygame.Rect(left, header_h + margin // 2, board_w, int(cell * 0.6))
    return Layout(
        size=(width, height),
        cell=cell,
        board=board,
        ghost_y=top - cell // 2,
        analysis=analysis,
        header=pygame.Rect(0, 0, width, header_h),
        status=pygame.Rect(0, board.bottom + margin // 2, width, status_h),
    )
