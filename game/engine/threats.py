"""Threats as a player sees them: cells that complete four, and the double threat.

A *threat* of a side is an empty cell where one more disc of that side makes four in a row
(``board.winning_cells_mask``). It is *playable* when the cell below it is filled (or it is on the
bottom row): the side to move wins at once there, the other side must block it. A *double threat*
is a move after which the opponent cannot stop a win at once: two playable threats, or a playable
one with another threat right above it (blocking the lower cell gives the upper one). The terms are
those of L. V. Allis, *A Knowledge-based Approach of Connect-Four* (1988).

Everything here is a fact of the board, found without a search; the explanations check the
solver's values beside it. Pure engine code: standard library and ``game.engine`` only.
"""

from __future__ import annotations

from typing import NamedTuple

from .board import (
    BOARD,
    BOTTOM,
    H1,
    HEIGHT,
    WIDTH,
    Bitboard,
    Position,
    winning_cells_mask,
)

__all__ = ["Cell", "DoubleThreat", "cell_name", "cells_of", "double_threat", "playable_mask", "right_parity",
           "threats_mask"]

#: Row words: 0-based row -> how a player names it, counting from the bottom.
_ROW_WORDS: tuple[str, ...] = ("bottom row", *(
    f"{word} row from the bottom" for word in ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")[
        :HEIGHT - 2]), "top row")


class Cell(NamedTuple):
    """A cell: 0-based column and 0-based row (0 is the bottom)."""

    col: int
    row: int

    @property
    def bit(self) -> Bitboard:
        return 1 << (self.col * H1 + self.row)


def cell_name(cell: Cell) -> str:
    """A cell as players see it: "column 3, third row from the bottom" (1-based column)."""
    return f"column {cell.col + 1}, {_ROW_WORDS[cell.row]}"


def cells_of(mask: Bitboard) -> tuple[Cell, ...]:
    """The cells of a bitboard, column by column from the left, bottom first."""
    return tuple(Cell(c, r) for c in range(WIDTH) for r in range(HEIGHT) if mask >> (c * H1 + r) & 1)


def playable_mask(pos: Position) -> Bitboard:
    """The cells the side to move can play now (one per column that is not full)."""
    return (pos.mask + BOTTOM) & BOARD


def threats_mask(pos: Position, mine: bool) -> Bitboard:
    """Every threat (empty cell completing four) of the side to move (``mine``) or of the other side."""
    discs = pos.current if mine else pos.current ^ pos.mask
    return winning_cells_mask(discs, pos.mask)


def right_parity(cell: Cell, player: int) -> bool:
    """Is ``cell`` on a row of the right parity for ``player`` (Allis' odd and even threats)?

    Counting rows from 1 at the bottom, odd rows suit the first player and even rows the second:
    when the other columns fill up in pairs, the first player gets the odd cells of a column.
    """
    return (cell.row % 2 == 0) == (player == 1)


class DoubleThreat(NamedTuple):
    """A move of the side to move (``column``) after which two of its threats (``cells``) remain
    whatever the opponent plays; ``stacked`` when the second cell is right above the first."""

    column: int
    cells: tuple[Cell, Cell]
    stacked: bool


def double_threat(pos: Position, column: int) -> DoubleThreat | None:
    """The double threat the side to move makes by playing ``column``, or None.

    After the move the opponent has no win at once, and the mover has two playable threats, or a
    playable one with another right above it. Then every reply leaves the mover a win at once: a
    reply blocks at most one playable cell, and blocking the lower of two stacked cells makes the
    upper one playable (a test plays every reply out on random positions).
    """
    if not pos.can_play(column) or pos.is_over() or pos.is_winning_move(column):
        return None
    after = pos.play(column)
    if any(after.is_winning_move(c) for c in after.legal_moves()):
        return None
    threats = threats_mask(after, mine=False)
    playable = cells_of(threats & playable_mask(after))
    if len(playable) >= 2:
        return DoubleThreat(column, (playable[0], playable[1]), False)
    for cell in playable:  # one playable threat: the one above it remains after the block
        above = Cell(cell.col, cell.row + 1)
        if above.row < HEIGHT and threats & above.bit:
            return DoubleThreat(column, (cell, above), True)
    return None
