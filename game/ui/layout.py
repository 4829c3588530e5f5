"""Board geometry and text sizes computed from the window size (recomputed on every resize).

From the top: the header line, the analysis row (a caption and two short lines per column), the
column numbers, the ghost row where the next disc waits, the board, and the status area (status
line and key help) right under the board. When the window is taller than the board needs, the
block from the analysis row to the status area is centred in the space under the header, so no
large gap opens under the board."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.board import HEIGHT, WIDTH

COLS = WIDTH
ROWS = HEIGHT

#: The smallest window the game accepts (set on the window); every text still fits there.
MIN_SIZE = (420, 400)

ANALYSIS_ROWS = 1.0      # the analysis row's height in cells
NUMBERS_ROWS = 0.35      # the column numbers' strip, in cells


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything goes in a window of ``size``. Rows count from 0 at the bottom, like the engine."""

    size: tuple[int, int]
    cell: int                 # side of one board cell in pixels
    board: pygame.Rect        # the 7x6 grid
    ghost_y: int              # centre y of the ghost disc above the board
    analysis: pygame.Rect     # the optional analysis row (or the spectator's score line)
    numbers: pygame.Rect      # the column numbers 1-7 above the ghost row
    header: pygame.Rect       # players and move count at the top
    status: pygame.Rect       # status line and key help under the board
    text_size: int            # the header's and status line's font size
    small_size: int           # the key help's and captions' font size

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
    text_size = max(18, min(32, height // 28, width // 26))
    small_size = max(15, min(22, height // 40, width // 40))
    header_h = text_size + 14
    status_h = text_size + small_size + 18
    margin = max(4, height // 80)
    rows = ROWS + 1 + ANALYSIS_ROWS + NUMBERS_ROWS
    avail_h = height - header_h - status_h - 2 * margin
    cell = max(12, int(min((width - 2 * margin) / COLS, avail_h / rows)))
    board_w, board_h = cell * COLS, cell * ROWS
    block_h = int(cell * rows) + margin + status_h
    top = header_h + margin + max(0, (height - header_h - margin - block_h) // 2)
    left = (width - board_w) // 2
    analysis = pygame.Rect(left, top, board_w, int(cell * ANALYSIS_ROWS))
    numbers = pygame.Rect(left, analysis.bottom, board_w, int(cell * NUMBERS_ROWS))
    board = pygame.Rect(left, numbers.bottom + cell, board_w, board_h)
    return Layout(
        size=(width, height),
        cell=cell,
        board=board,
        ghost_y=board.top - cell // 2,
        analysis=analysis,
        numbers=numbers,
        header=pygame.Rect(0, 0, width, header_h),
        status=pygame.Rect(0, board.bottom + margin, width, status_h),
        text_size=text_size,
        small_size=small_size,
    )
