"""What the coach says about one column, as a value: the column, its value in words, the text, and
the cells the text talks about (rings on the board), each checkable on the board with
:func:`ring_holds`. Made by ``coaching.advise``; carried with an explanation
(``explain.Explanation.advice``) to the window. Pure engine code."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Position
from .threats import Cell, threats_mask

__all__ = ["Advice", "Ring", "ring_holds"]


@dataclass(frozen=True, slots=True)
class Ring:
    """A cell the text talks about: empty once the columns ``after`` (0-based, played in turn from
    the position on the board) are down, and a disc of ``player`` (1 or 2) there completes four.
    With ``after`` empty it is a fact of the board as it is now."""

    cell: Cell
    player: int
    after: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Advice:
    """What the coach says about ``column`` (0-based): its ``value`` in words, the ``text`` (it
    starts with "Column N") and the ``rings`` on the board it talks about."""

    column: int
    value: str
    text: str
    rings: tuple[Ring, ...]

    def to_json(self) -> dict[str, object]:
        """The tool's object: ``column`` 1-7 and ``cells`` as ``[column, row]``, 1-based from the bottom."""
        return {"column": self.column + 1, "value": self.value, "text": self.text,
                "cells": [[r.cell.col + 1, r.cell.row + 1] for r in self.rings]}


def ring_holds(pos: Position, ring: Ring) -> bool:
    """Whether ``ring`` is true on ``pos``: after its columns, its cell is empty and completes four
    for its player."""
    p = pos
    for col in ring.after:
        if not p.can_play(col) or p.is_over():
            return False
        p = p.play(col)
    if p.mask & ring.cell.bit:
        return False
    return bool(threats_mask(p, mine=p.turn == ring.player) & ring.cell.bit)


