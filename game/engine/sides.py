"""The two values every floor hands across its boundaries: a side and a column.

Both are ``IntEnum`` values, so they are the very ints the engine computes with (the compiled loops
keep plain ints) and compare, index and add as ints; what they add is one place that says what
the numbers mean:

- a :class:`Side` is 1 for Red, who moves first, and 2 for Yellow;
- a :class:`Column` is the engine's index, 0 for the leftmost column to 6 for the rightmost; a
  person reads and types its number, 1 to 7 (:attr:`Column.number`, :meth:`Column.from_number`).
  The move strings of saves and tools ("4453") are such numbers.

Making one from an int checks it: ``Column(7)`` and ``Side(0)`` raise ValueError, so a value read
from a file, a peer or the command line is refused before anything changes.
"""

from __future__ import annotations

import enum

__all__ = ["Column", "Side"]


class Side(enum.IntEnum):
    """Who plays: Red moves first."""

    RED = 1
    YELLOW = 2

    def __repr__(self) -> str:
        return f"Side.{self.name}"

    @property
    def other(self) -> Side:
        return Side.YELLOW if self is Side.RED else Side.RED


class Column(enum.IntEnum):
    """A column of the board by the engine's index (``Column.FOUR`` is 3, the middle one)."""

    ONE = 0
    TWO = 1
    THREE = 2
    FOUR = 3
    FIVE = 4
    SIX = 5
    SEVEN = 6

    def __repr__(self) -> str:
        return f"Column({self.value})"     # as it was made: Column(3) is the middle one

    @property
    def number(self) -> int:
        """The column as a person counts it, 1 to 7."""
        return self.value + 1

    @classmethod
    def from_number(cls, number: int) -> Column:
        """The column a person calls ``number`` (1 to 7); ValueError for any other."""
        if not 1 <= number <= len(cls):
            raise ValueError(f"a column is 1 to {len(cls)}, not {number!r}")
        return cls(number - 1)
