"""What a scene lets a listener hear, and what changes of it are said.

Each frame the window asks the scene for a :class:`Heard`: the board it shows (as facts: the
moves, the colours' names, the cursor's column, the analysis words per column, the score of
the sitting) and the lines of text it shows that a player must hear when they change (the
focused menu row, a hint, the review's move and grade, a drill's task). :class:`Listener`
compares it with the frame before and returns the sentences to say; it also answers the query
keys and walks a cursor over the 42 cells. Values in, sentences out: it speaks nothing itself.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.board import HEIGHT, WIDTH, MoveError, Position

from game.i18n import _, ngettext

from . import sayings

__all__ = ["BoardFacts", "Heard", "Listener", "Query"]


@dataclass(frozen=True, slots=True)
class BoardFacts:
    """A board as a scene shows it. ``moves``: 0-based columns from the empty board; ``names``:
    the colours as drawn, red's first; ``cursor``: the column the scene's cursor is on (None:
    none); ``analysis``: what the analysis row says of each column ("" where it says nothing);
    ``score``: the sitting's score as a sentence; ``walk``: the arrow keys may walk the cells;
    ``say_moves``: a move added is said (a scene whose own lines say each move, as the review's
    do, turns it off)."""

    moves: tuple[int, ...]
    names: tuple[str, str] = ("Red", "Yellow")
    cursor: int | None = None
    analysis: tuple[str, ...] = ()
    score: str = ""
    walk: bool = False
    say_moves: bool = True


@dataclass(frozen=True, slots=True)
class Heard:
    """What a scene lets a listener hear this frame (see the module's docstring)."""

    board: BoardFacts | None = None
    lines: tuple[str, ...] = ()


class Query(enum.Enum):
    """The questions a player asks with a key; the cell keys move the walking cursor."""

    LAST_MOVE = "last move"
    COLUMN = "column"
    ROW = "row"
    TURN = "turn"
    ANALYSIS = "analysis"
    THREATS = "threats"
    CELL_UP = "cell up"
    CELL_DOWN = "cell down"


class Listener:
    """Turns a scene's :class:`Heard`, frame after frame, into sentences to say."""

    def __init__(self, full: bool = True) -> None:
        self.full = full
        self.row = 0                      # the walking cursor's row (its column is the scene's)
        self._heard = Heard()

    def forget(self) -> None:
        """Start afresh: the next :meth:`follow` says the lines shown then (speech just turned on)."""
        self._heard = Heard()

    def start_from(self, board: BoardFacts | None) -> None:
        """The next :meth:`follow` compares its board with ``board`` (another scene's board came);
        the lines are still compared with the last ones, so a line both show is not said twice."""
        self._heard = Heard(board, self._heard.lines)

    def follow(self, heard: Heard) -> list[str]:
        """The sentences for what changed since the last call: each move added to the board (who,
        where, threats and result), a board taken back or replaced, a line of text that is new,
        and the cell under a cursor that moved."""
        before, self._heard = self._heard, heard
        said: list[str] = []
        if heard.board is not None:
            said += self._board(before.board, heard.board)
        said += [line for line in heard.lines if line and line not in before.lines]
        return said

    def _board(self, before: BoardFacts | None, now: BoardFacts) -> list[str]:
        pos = _position(now.moves)
        if pos is None:
            return []
        old = before.moves if before is not None else None
        said: list[str] = []
        if old is not None and old != now.moves and now.say_moves:
            if now.moves[:len(old)] == old:
                said += [sayings.move(_position(now.moves[:i + 1]) or pos, now.moves[i], now.names, full=self.full)
                         for i in range(len(old), len(now.moves))]
            elif not now.moves:
                said.append(_("The board is empty."))
            elif old[:len(now.moves)] == now.moves:
                said.append(ngettext("Taken back: {number} move on the board. {last}",
                                     "Taken back: {number} moves on the board. {last}", len(now.moves)).format(
                    number=len(now.moves), last=sayings.last_move(now.moves, now.names)))
            else:
                said.append(ngettext("A new position of {number} move. {last}",
                                     "A new position of {number} moves. {last}", len(now.moves)).format(
                    number=len(now.moves), last=sayings.last_move(now.moves, now.names)))
        moved = before is not None and before.cursor != now.cursor
        if now.cursor is not None and now.walk and moved and not said:
            said.append(sayings.cell(pos, now.cursor, self.row, now.names))
        return said

    def answer(self, query: Query) -> str | None:
        """The answer to ``query`` about the board shown last; None: no board to ask about."""
        board = self._heard.board
        pos = None if board is None else _position(board.moves)
        if board is None or pos is None:
            return None
        col = board.cursor if board.cursor is not None else WIDTH // 2
        match query:
            case Query.LAST_MOVE:
                return sayings.last_move(board.moves, board.names)
            case Query.COLUMN:
                return sayings.column(pos, col, board.names)
            case Query.ROW:
                return sayings.row(pos, self.row, board.names)
            case Query.TURN:
                return sayings.turn(pos, board.names, board.score)
            case Query.THREATS:
                return sayings.threats(pos, board.names)
            case Query.ANALYSIS:
                words = board.analysis[col] if col < len(board.analysis) else ""
                return (_("Column {column}: {value}.").format(column=col + 1, value=words) if words else
                        _("Column {column}: no analysis. A turns the analysis row on.").format(column=col + 1))
            case Query.CELL_UP | Query.CELL_DOWN:
                self.row = min(HEIGHT - 1, max(0, self.row + (1 if query is Query.CELL_UP else -1)))
                return sayings.cell(pos, col, self.row, board.names)
        return None

    def walks(self) -> bool:
        """Whether the board shown last lets the arrow keys walk its cells."""
        return self._heard.board is not None and self._heard.board.walk


def _position(moves: Sequence[int]) -> Position | None:
    try:
        return Position.from_moves(moves)
    except MoveError:
        return None
