"""Illegal moves and bad move strings in words: the engine's ``MoveError`` facts as a player reads them.

The engine states what is wrong (``game.engine.board``: the column, the bad character, the move's
number in its string or game); this module says it in the language in use. ``str()`` of the error
stays the English line for logs.
"""

from __future__ import annotations

from game.engine.board import WIDTH, ColumnFullError, ColumnOutOfRangeError, GameOverError, MoveError, NotationError
from game.i18n import _

__all__ = ["move_error_text"]


def _problem(exc: MoveError) -> str:
    """What is wrong, without the move's number."""
    if isinstance(exc, ColumnFullError):
        return _("column {column} is full").format(column=exc.column + 1)
    if isinstance(exc, GameOverError):
        if exc.column is None:
            return _("the game is already over")
        # TRANSLATORS: a move tried in {column} after four in a row or a full board ended the game.
        return _("column {column}: the game is already over").format(column=exc.column + 1)
    if isinstance(exc, ColumnOutOfRangeError):
        column = exc.column
        if exc.index:       # a query's argument, not a move: a mistake in the code, said as the engine says it
            return exc.english()
        number = column + 1 if isinstance(column, int) else repr(column)[:20]
        return _("column {column} is out of range; columns are 1-{last}").format(column=number, last=WIDTH)
    if isinstance(exc, NotationError):
        # TRANSLATORS: {character} is the character typed, in quotes ('x'); 1-7 are the column digits.
        return _("{character} is not a column; a move string uses only the digits 1-7").format(
            character=repr(exc.character))
    return exc.english()


def move_error_text(exc: MoveError) -> str:
    """``exc`` in the player's language: "column 4 is full", "move 5: 'x' is not a column; a move
    string uses only the digits 1-7". English is word for word ``str(exc)``."""
    problem = _problem(exc)
    if exc.move is None:
        return problem
    # TRANSLATORS: {number} counts the moves of a game or a move string from 1; {problem} is what is wrong with it.
    return _("move {number}: {problem}").format(number=exc.move, problem=problem)
