"""The exact scores of every position with at most :data:`EARLY_DISCS` discs, shipped with the game.

The earliest positions are the costliest to search down to the opening book's 12 discs, so their
scores ship as a small table (``game/data/early_positions.txt``, one ``<moves> <score>`` line per
position up to mirror images), derived from the book by ``python -m game.tools.early_book``.
:func:`early_scores` reads it once; a table that cannot be read is logged and leaves the table
empty (those positions are then searched), never an error.
"""

from __future__ import annotations

from game.data import read_testset

from .board import BOTTOM_CELLS, WIDTH, mirror_bits

__all__ = ["EARLY_DISCS", "EARLY_FILE", "early_keys", "early_scores"]

#: Positions with at most this many discs are in the shipped table of early positions.
EARLY_DISCS = 4
EARLY_FILE = "early_positions.txt"

_early: dict[int, int] | None = None


def early_keys(moves: str) -> tuple[int, int]:
    """``Position.key()`` of the position after ``moves`` (at most ``EARLY_DISCS`` of them) and
    of its mirror image, without building the positions: the table is read at every start.

    With so few discs no column fills and no game ends, so a move needs no check beyond its
    column, and adding a column's bottom cell to the mask only carries inside that column.
    ValueError for anything else."""
    if len(moves) > EARLY_DISCS:
        raise ValueError(f"{moves!r} has more than {EARLY_DISCS} moves")
    current = mask = 0
    for ch in moves:
        column = ord(ch) - ord("1")
        if not 0 <= column < WIDTH:
            raise ValueError(f"{moves!r} is not a move string")
        current ^= mask                       # inlined: Position.play (no full column, no win)
        mask |= mask + BOTTOM_CELLS[column]
    return current + mask, mirror_bits(current) + mirror_bits(mask)


def early_scores() -> dict[int, int]:
    """Exact scores of every position with 1 to ``EARLY_DISCS`` discs, keyed by ``Position.key``
    (mirror images included), read once from the table that ships with the game."""
    global _early
    if _early is None:
        table = {}
        try:
            for moves, score in read_testset(EARLY_FILE, folder=""):
                key, mirrored = early_keys(moves)
                table[key] = table[mirrored] = score
        except (OSError, ValueError) as exc:  # a broken installation: search these positions too
            import logging  # here: only a failure is logged (see book.default_book)

            logging.getLogger(__name__).warning("the table of early positions cannot be read (%s)", exc)
            table = {}
        _early = table
    return _early
