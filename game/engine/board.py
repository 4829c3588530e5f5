"""Connect Four positions on bitboards.

A position is two integers and a move count, always seen from the side to move::

    current  discs of the player to move
    mask     all discs on the board
    moves    number of discs on the board

Bit layout: ``H1 = HEIGHT + 1`` bits per column, the top bit of each column is a guard
that is never set, so shifts by 1 (vertical), ``H1`` (horizontal), ``HEIGHT`` and ``H1 + 1``
(diagonals) never carry a line from one column into the next (drawn for 7 x 6)::

      .  .  .  .  .  .  .     <- guard row: 6 13 20 27 34 41 48
      5 12 19 26 33 40 47
      4 11 18 25 32 39 46
      3 10 17 24 31 38 45
      2  9 16 23 30 37 44
      1  8 15 22 29 36 43
      0  7 14 21 28 35 42     <- row 0 is the bottom

Columns are ``sides.Column`` indexes in the API, 0 to 6; move strings use the column numbers
1-7 of the standard Connect Four test sets ("4453" = indexes 3, 3, 4, 2).

The bitboard helpers at module level (``alignment``, ``winning_cells_mask``,
``column_mask`` ...) work on raw ints and are what the search uses; ``Position``
wraps them in a checked, immutable value for everybody else.
"""

from __future__ import annotations

import copy
from typing import Iterable, NamedTuple, TypeAlias

from .sides import Side

Bitboard: TypeAlias = int

WIDTH = 7
HEIGHT = 6
H1 = HEIGHT + 1  # bits per column, including the guard bit
CELLS = WIDTH * HEIGHT

BOTTOM: Bitboard = sum(1 << (c * H1) for c in range(WIDTH))
BOARD: Bitboard = BOTTOM * ((1 << HEIGHT) - 1)
COLUMN_MASKS: tuple[Bitboard, ...] = tuple(((1 << HEIGHT) - 1) << (c * H1) for c in range(WIDTH))
TOP_CELLS: tuple[Bitboard, ...] = tuple(1 << (HEIGHT - 1 + c * H1) for c in range(WIDTH))
BOTTOM_CELLS: tuple[Bitboard, ...] = tuple(1 << (c * H1) for c in range(WIDTH))
#: Columns from the centre outwards, left before right on ties (3, 2, 4, 1, 5, 0, 6): the
#: order in which moves are tried when nothing better is known, since central discs take
#: part in more lines of four.
CENTRE_ORDER: tuple[int, ...] = tuple(sorted(range(WIDTH), key=lambda c: (abs(2 * c - (WIDTH - 1)), c)))
#: The centre column (the mirror axis).
CENTRE = WIDTH // 2
#: The bit shifts of the four line directions: vertical, horizontal, diagonal \\ and diagonal /.
DIRECTIONS: tuple[int, ...] = (1, H1, HEIGHT, H1 + 1)
#: For each direction, the shifts of one, two and three cells along it.
LINE_SHIFTS: tuple[tuple[int, int, int], ...] = tuple((s, 2 * s, 3 * s) for s in DIRECTIONS)


class MoveError(ValueError):
    """Base class of every illegal-move and bad-notation error.

    The engine states the facts and does not word them for a player: each subclass keeps its own
    (a column index, the bad character) and ``move``, the move's number in its string or game
    (None for a single move). ``str()`` is one English line for logs and developers;
    ``game.words.move_errors.move_error_text`` says it in the player's language. A plain
    ``MoveError(message)`` carries an already worded message and no facts.
    """

    def __init__(self, *args: object, move: int | None = None) -> None:
        super().__init__(*args)
        self.move = move

    def english(self) -> str:
        """What is wrong, in English, without the move's number."""
        return str(self.args[0]) if self.args else ""

    def at_move(self, move: int) -> MoveError:
        """The same error, said of move number ``move`` of a string or a game."""
        moved = copy.copy(self)
        moved.move = move
        return moved

    def __str__(self) -> str:
        return self.english() if self.move is None else f"move {self.move}: {self.english()}"


class ColumnOutOfRangeError(MoveError):
    """A column outside 1..7 (0..6 in the API). ``column``: the index given (any value; the
    column's number is one more); ``index``: a query's argument rather than a move (said 0-based)."""

    def __init__(self, column: object, index: bool = False, *, move: int | None = None) -> None:
        super().__init__(column, index, move=move)
        self.column = column
        self.index = index

    def english(self) -> str:
        if self.index:
            return f"column index {self.column!r} is out of range; columns are 0-{WIDTH - 1}"
        number = self.column + 1 if isinstance(self.column, int) else repr(self.column)
        return f"column {number} is out of range; columns are 1-{WIDTH}"


class ColumnFullError(MoveError):
    """A move into a column that already holds six discs; ``column``: its index, 0-6."""

    def __init__(self, column: int, *, move: int | None = None) -> None:
        super().__init__(column, move=move)
        self.column = column

    def english(self) -> str:
        return f"column {self.column + 1} is full"


class GameOverError(MoveError):
    """A move after four in a row or a full board; ``column``: the index of the move tried, or
    None when no column was named."""

    def __init__(self, column: int | None = None, *, move: int | None = None) -> None:
        super().__init__(column, move=move)
        self.column = column

    def english(self) -> str:
        if self.column is None:
            return "the game is already over"
        return f"column {self.column + 1}: the game is already over"


class NotationError(MoveError):
    """A move string with a character that is not a column digit 1-7: ``character``, the
    ``move``-th of the string."""

    def __init__(self, character: str, *, move: int | None = None) -> None:
        super().__init__(character, move=move)
        self.character = character

    def english(self) -> str:
        return f"{self.character!r} is not a column; a move string uses only the digits 1-7"


def bit(col: int, row: int) -> Bitboard:
    return 1 << (col * H1 + row)


def alignment(pos: Bitboard) -> bool:
    """True if ``pos`` holds four in a row in any direction."""
    m = pos & (pos >> H1)  # horizontal
    if m & (m >> (2 * H1)):
        return True
    m = pos & (pos >> HEIGHT)  # diagonal \ (down-right)
    if m & (m >> (2 * HEIGHT)):
        return True
    m = pos & (pos >> (H1 + 1))  # diagonal / (up-right)
    if m & (m >> (2 * (H1 + 1))):
        return True
    m = pos & (pos >> 1)  # vertical
    return bool(m & (m >> 2))


def winning_cells_mask(pos: Bitboard, mask: Bitboard) -> Bitboard:
    """Empty cells where one more disc of ``pos`` would make four in a row.

    Includes cells that are not playable yet (floating above the stack): those are
    the threats of the odd/even analysis. For each line direction s, a cell completes
    a four if it has three own discs on one side (x x x .), or two on one side and one
    on the other (x x . x). The depth search inlines this body in its hottest loop (the
    children of depth-1 nodes), where even a call behind its cache is a measurable share.
    """
    h1, h2, h3 = LINE_SHIFTS[1]
    a, b = pos << h1, pos >> h1  # horizontal
    r = (pos << 1) & (pos << 2) & (pos << 3) | (  # vertical: three below
        a & (pos << h2) & ((pos << h3) | b)) | (b & (pos >> h2) & ((pos >> h3) | a))
    d1, d2, d3 = LINE_SHIFTS[2]
    a, b = pos << d1, pos >> d1  # diagonal \
    r |= (a & (pos << d2) & ((pos << d3) | b)) | (b & (pos >> d2) & ((pos >> d3) | a))
    u1, u2, u3 = LINE_SHIFTS[3]
    a, b = pos << u1, pos >> u1  # diagonal /
    r |= (a & (pos << u2) & ((pos << u3) | b)) | (b & (pos >> u2) & ((pos >> u3) | a))
    return r & (BOARD ^ mask)


def non_losing_moves(mask: Bitboard, opp_win: Bitboard) -> Bitboard:
    """The playable cells (one bit per column) whose move does not lose at once.

    ``opp_win``: the opponent's winning cells (``winning_cells_mask`` of its discs). A single
    playable opponent threat must be blocked; two lose whatever is played (0); no move goes
    right under an opponent's winning cell (Pons' ``possibleNonLosingMoves``). The searches
    inline this in their nodes; a test pins the copies to this function.
    """
    possible = (mask + BOTTOM) & BOARD
    forced = possible & opp_win
    if forced:
        if forced & (forced - 1):
            return 0
        possible = forced
    return possible & ~(opp_win >> 1)


def four_cells_mask(pos: Bitboard) -> Bitboard:
    """Every disc of ``pos`` that belongs to some four in a row."""
    cells = 0
    for s in DIRECTIONS:
        m = pos & (pos >> s) & (pos >> 2 * s) & (pos >> 3 * s)
        cells |= m | (m << s) | (m << 2 * s) | (m << 3 * s)
    return cells


def mirror_bits(bb: Bitboard) -> Bitboard:
    """Reflect a bitboard left to right (column c <-> column WIDTH - 1 - c)."""
    out = 0
    for c in range(WIDTH):
        out |= ((bb >> (c * H1)) & ((1 << H1) - 1)) << ((WIDTH - 1 - c) * H1)
    return out


def _check_cell(col: int, row: int) -> None:
    if not (isinstance(col, int) and 0 <= col < WIDTH):
        raise ColumnOutOfRangeError(col, index=True)
    if not (isinstance(row, int) and 0 <= row < HEIGHT):
        raise ValueError(f"row index {row!r} is out of range; rows are 0-{HEIGHT - 1}")


def parse_moves(text: str) -> list[int]:
    """Parse a move string of column numbers (digits 1-7) into column indexes.

    Surrounding whitespace is ignored; anything else that is not a digit 1-7 raises
    ``NotationError`` naming the character and its position.
    """
    cols = []
    for i, ch in enumerate(text.strip(), start=1):
        if ch < "1" or ch > "7" or len(ch.encode()) != 1:
            raise NotationError(ch, move=i)
        cols.append(ord(ch) - ord("1"))
    return cols


def format_moves(cols: Iterable[int]) -> str:
    """Format column indexes as a move string of column numbers (digits 1-7)."""
    return "".join(str(c + 1) for c in cols)


class Position(NamedTuple):
    """An immutable Connect Four position, relative to the player to move: a named tuple
    (``current``, ``mask``, ``moves``), hashable and cheap to make.

    ``Position()`` is the empty board. ``play`` returns a new position; illegal moves
    raise a ``MoveError`` subclass and leave nothing changed.
    """

    current: Bitboard = 0
    mask: Bitboard = 0
    moves: int = 0

    @classmethod
    def from_moves(cls, moves: str | Iterable[int]) -> Position:
        """Build a position from a move string ("4453") or column indexes."""
        cols = parse_moves(moves) if isinstance(moves, str) else list(moves)
        pos = cls()
        for i, col in enumerate(cols, start=1):
            try:
                pos = pos.play(col)
            except MoveError as exc:
                raise exc.at_move(i) from None
        return pos

    # -- queries -------------------------------------------------------------
    @property
    def turn(self) -> Side:
        """The side to move."""
        return Side.RED if self.moves % 2 == 0 else Side.YELLOW

    def can_play(self, col: int) -> bool:
        return 0 <= col < WIDTH and not self.mask & TOP_CELLS[col]

    def height(self, col: int) -> int:
        """Number of discs in column ``col``."""
        _check_cell(col, 0)
        return (self.mask & COLUMN_MASKS[col]).bit_count()

    def cell(self, col: int, row: int) -> int:
        """0 for an empty cell, else the number (1 or 2) of the player whose disc it is."""
        _check_cell(col, row)
        b = bit(col, row)
        if not self.mask & b:
            return 0
        mine = bool(self.current & b)
        return self.turn if mine else 3 - self.turn

    def winner(self) -> int | None:
        """The player with four in a row, if any (only the last mover can have one)."""
        if alignment(self.current ^ self.mask):
            return 3 - self.turn
        if alignment(self.current):  # not reachable by play(); kept for hand-built positions
            return self.turn
        return None

    def is_draw(self) -> bool:
        return self.moves == CELLS and self.winner() is None

    def is_over(self) -> bool:
        return self.moves == CELLS or self.winner() is not None

    def legal_moves(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        return tuple(c for c in range(WIDTH) if not self.mask & TOP_CELLS[c])

    def is_winning_move(self, col: int) -> bool:
        """Would the side to move make four in a row by playing ``col``? (False once the game is over.)"""
        if not self.can_play(col) or self.is_over():
            return False
        move = (self.mask + BOTTOM_CELLS[col]) & COLUMN_MASKS[col]
        return alignment(self.current | move)

    def winning_cells(self) -> frozenset[tuple[int, int]]:
        """(col, row) of every disc that is part of a four in a row."""
        cells = four_cells_mask(self.current ^ self.mask) | four_cells_mask(self.current)
        return frozenset(
            (c, r) for c in range(WIDTH) for r in range(HEIGHT) if cells & bit(c, r)
        )

    def key(self) -> int:
        """A number unique to this position (the Pons key: current + mask)."""
        return self.current + self.mask

    # -- moves ---------------------------------------------------------------
    def play(self, col: int) -> Position:
        if not isinstance(col, int) or not 0 <= col < WIDTH:
            raise ColumnOutOfRangeError(col)
        if self.is_over():
            raise GameOverError(col)
        if self.mask & TOP_CELLS[col]:
            raise ColumnFullError(col)
        move = (self.mask + BOTTOM_CELLS[col]) & COLUMN_MASKS[col]
        return Position(self.current ^ self.mask, self.mask | move, self.moves + 1)

    def mirror(self) -> Position:
        return Position(mirror_bits(self.current), mirror_bits(self.mask), self.moves)

    def __str__(self) -> str:
        symbols = {0: ".", 1: "X", 2: "O"}
        rows = [
            " ".join(symbols[self.cell(c, r)] for c in range(WIDTH))
            for r in reversed(range(HEIGHT))
        ]
        rows.append(" ".join(str(c + 1) for c in range(WIDTH)))
        return "\n".join(rows)
