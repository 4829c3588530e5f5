"""What the coach says about one column, as a value: the column, its exact value, the facts it
states (``claims``), and the cells they talk about (rings on the board), each checkable on the
board with :func:`ring_holds`. Made by ``coaching.advise``; carried with an explanation
(``explain.Explanation.advice``) to the window, which words it (``game.words.coach_says``).
Pure engine code."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Position
from .claims import CoachFact, Fact
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
    """What the coach says about ``column`` (0-based): its exact ``score`` for the side to move
    with ``moves`` discs down (None: an explanation's facts alone, no value said), the
    ``reasons`` (one reason, then the better column when there is one) and the ``rings`` on the
    board they talk about."""

    column: int
    score: int | None
    moves: int
    reasons: tuple[CoachFact | Fact, ...]
    rings: tuple[Ring, ...]


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


