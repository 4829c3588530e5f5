"""A slow, obviously-correct Connect Four board for differential tests.

Nothing here is clever: the board is a 2-D list ``grid[col][row]`` (row 0 = bottom)
holding 0 (empty), 1 (first player) or 2 (second player); wins are found by scanning
every cell in every direction; the heuristics are written straight from the articles'
definitions; the exact search is a plain negamax over that board.  It shares no code with
``game/`` on purpose -- its only job is to be easy to believe.
"""

from __future__ import annotations

from typing import Iterable, Iterator

WIDTH = 7
HEIGHT = 6
CELLS = WIDTH * HEIGHT
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # horizontal, vertical, /, \


class RefError(Exception):
    """An illegal move on the reference board; ``kind`` says which rule it broke."""

    def __init__(self, kind: str, index: int | None = None) -> None:
        super().__init__(kind)
        self.kind = kind  # "notation" | "range" | "full" | "over"
        self.index = index  # 1-based position in a move string / list, if known


def all_windows() -> list[list[tuple[int, int]]]:
    """Every line of four cells that fits on the board, as (col, row) lists."""
    windows = []
    for c in range(WIDTH):
        for r in range(HEIGHT):
            for dc, dr in DIRECTIONS:
                cells = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(0 <= x < WIDTH and 0 <= y < HEIGHT for x, y in cells):
                    windows.append(cells)
    return windows


WINDOWS = all_windows()
assert len(WINDOWS) == 69
WINDOWS_THROUGH = {(c, r): [w for w in WINDOWS if (c, r) in w]
                   for c in range(WIDTH) for r in range(HEIGHT)}


def windows_through(col: int, row: int) -> int:
    """How many four-cell windows contain the cell (the scoremap value by definition)."""
    return sum((col, row) in w for w in WINDOWS)


def ref_parse(text: str) -> list[int]:
    """'4453' -> [3, 3, 4, 2]; any character other than 1-7 is a notation error."""
    cols = []
    for i, ch in enumerate(text, start=1):
        if ch not in "1234567":
            raise RefError("notation", i)
        cols.append(int(ch) - 1)
    return cols


def ref_format(cols: Iterable[int]) -> str:
    return "".join(str(c + 1) for c in cols)


class RefBoard:
    def __init__(self) -> None:
        self.grid = [[0] * HEIGHT for _ in range(WIDTH)]
        self.history: list[int] = []

    @classmethod
    def from_cols(cls, cols: Iterable[int]) -> "RefBoard":
        b = cls()
        for i, c in enumerate(cols, start=1):
            try:
                b.play(c)
            except RefError as e:
                e.index = i
                raise
        return b

    @classmethod
    def from_moves(cls, text: str) -> "RefBoard":
        return cls.from_cols(ref_parse(text))

    def copy(self) -> "RefBoard":
        b = RefBoard()
        b.grid = [col[:] for col in self.grid]
        b.history = self.history[:]
        return b

    # -- queries ---------------------------------------------------------
    @property
    def moves(self) -> int:
        return len(self.history)  # the grid only changes through play() / undo()

    @property
    def turn(self) -> int:
        return 1 if self.moves % 2 == 0 else 2

    def height(self, col: int) -> int:
        return sum(1 for r in range(HEIGHT) if self.grid[col][r])

    def fours(self) -> list[list[tuple[int, int]]]:
        """Every window whose four cells hold discs of one player."""
        g = self.grid
        found = []
        for w in WINDOWS:
            (c0, r0), (c1, r1), (c2, r2), (c3, r3) = w
            a = g[c0][r0]
            if a and g[c1][r1] == a and g[c2][r2] == a and g[c3][r3] == a:
                found.append(w)
        return found

    def winner(self) -> int | None:
        f = self.fours()
        if not f:
            return None
        return self.grid[f[0][0][0]][f[0][0][1]]

    def is_full(self) -> bool:
        return all(self.grid[c][HEIGHT - 1] for c in range(WIDTH))

    def is_draw(self) -> bool:
        return self.is_full() and self.winner() is None

    def is_over(self) -> bool:
        return self.is_full() or self.winner() is not None

    def legal_moves(self) -> list[int]:
        if self.is_over():
            return []
        return [c for c in range(WIDTH) if self.grid[c][HEIGHT - 1] == 0]

    def winning_cells(self) -> frozenset[tuple[int, int]]:
        return frozenset(cell for w in self.fours() for cell in w)

    def is_winning_move(self, col: int) -> bool:
        """Would playing ``col`` now complete four for the side to move?"""
        return col in self.legal_moves() and self.completes_four(col)

    def completes_four(self, col: int) -> bool:
        """Does a disc of the side to move dropped into the (open) column ``col`` make four?"""
        me, row = self.turn, self.height(col)
        g = self.grid
        # only windows through the new disc can become complete
        return any(sum(g[x][y] == me for x, y in w) == 3 for w in WINDOWS_THROUGH[(col, row)])

    def mirror(self) -> "RefBoard":
        b = RefBoard()
        b.grid = [self.grid[WIDTH - 1 - c][:] for c in range(WIDTH)]
        b.history = [WIDTH - 1 - c for c in self.history]
        return b

    # -- moves -----------------------------------------------------------
    def play(self, col: int) -> None:
        if not isinstance(col, int) or not 0 <= col < WIDTH:
            raise RefError("range")
        if self.is_over():
            raise RefError("over")
        h = self.height(col)
        if h == HEIGHT:
            raise RefError("full")
        self.grid[col][h] = self.turn
        self.history.append(col)

    def undo(self) -> None:
        col = self.history.pop()
        self.grid[col][self.height(col) - 1] = 0

    def __repr__(self) -> str:
        return f"RefBoard({ref_format(self.history)!r})"


# --------------------------------------------------------------- heuristics
DEFAULT_OWN = (0.5, 3.0, 9.0)
DEFAULT_BLOCK = (0.5, 2.0, 40.0)
DEFAULT_SCALE = 1.5


def window_side_value(board: RefBoard, player: int, own=DEFAULT_OWN, block=DEFAULT_BLOCK,
                      scale=DEFAULT_SCALE) -> float:
    """The `window` heuristic, for one side: windows with k own discs and no opponent disc score
    own[k-1]; windows where own discs (one or more) block k opponent discs score block[k-1];
    the sum times ``scale`` divided by the number of discs on the board (0 on an empty board).
    """
    n = board.moves
    if n == 0:
        return 0.0
    other = 3 - player
    total = 0.0
    for w in WINDOWS:
        mine = sum(board.grid[x][y] == player for x, y in w)
        theirs = sum(board.grid[x][y] == other for x, y in w)
        if theirs == 0 and 1 <= mine <= 3:
            total += own[mine - 1]
        if mine >= 1 and 1 <= theirs <= 3:
            total += block[theirs - 1]
    return scale * total / n


def ref_window(board: RefBoard, own=DEFAULT_OWN, block=DEFAULT_BLOCK, scale=DEFAULT_SCALE) -> float:
    me = board.turn
    return (window_side_value(board, me, own, block, scale)
            - window_side_value(board, 3 - me, own, block, scale))


def ref_scoremap(board: RefBoard) -> int:
    """The `scoremap` heuristic: each cell is worth the number of windows through it; own - opponent."""
    me = board.turn
    total = 0
    for c in range(WIDTH):
        for r in range(HEIGHT):
            v = board.grid[c][r]
            if v:
                total += windows_through(c, r) * (1 if v == me else -1)
    return total


# ------------------------------------------------------------------ search
def win_score(board: RefBoard) -> int:
    """Score for the side to move if it wins with its next disc: 22 - k, k = that disc's number."""
    k = board.moves // 2 + 1
    return 22 - k


def ref_solve(board: RefBoard, alpha: int = -100, beta: int = 100) -> int:
    """Exact negamax score (test-set convention) by brute force; only for tiny endgames."""
    if board.is_full():
        return 0
    moves = board.legal_moves()
    for c in moves:
        if board.is_winning_move(c):
            return win_score(board)
    best = -100
    for c in moves:
        board.play(c)
        v = -ref_solve(board, -beta, -alpha)
        board.undo()
        if v > best:
            best = v
        if best > alpha:
            alpha = best
        if alpha >= beta:
            break
    return best


def ref_column_scores(board: RefBoard) -> list[int | None]:
    out: list[int | None] = []
    for c in range(WIDTH):
        if board.grid[c][HEIGHT - 1]:
            out.append(None)
        elif board.is_winning_move(c):
            out.append(win_score(board))
        else:
            board.play(c)
            out.append(-ref_solve(board))
            board.undo()
    return out


def fastest_win(board: RefBoard, max_own_moves: int) -> int | None:
    """Smallest n <= max_own_moves such that the side to move forces four with its n-th next
    disc, whatever the opponent does; None if there is no such forced win."""
    for n in range(1, max_own_moves + 1):
        if _forces_win(board, n):
            return n
    return None


def _forces_win(board: RefBoard, n: int) -> bool:
    if n <= 0 or board.is_over():
        return False
    for c in board.legal_moves():
        if board.is_winning_move(c):
            return True
    if n == 1:
        return False
    for c in board.legal_moves():
        board.play(c)
        ok = not board.is_over() and all(_reply_loses(board, r, n - 1) for r in board.legal_moves())
        board.undo()
        if ok:
            return True
    return False


def _reply_loses(board: RefBoard, reply: int, n: int) -> bool:
    board.play(reply)
    try:
        if board.winner() is not None or board.is_full():
            return False
        return _forces_win(board, n)
    finally:
        board.undo()


def winning_columns_in(board: RefBoard, n: int) -> set[int]:
    """Columns whose play starts a forced win with at most n own discs (incl. that one)."""
    out = set()
    for c in board.legal_moves():
        if board.is_winning_move(c):
            out.add(c)
            continue
        if n == 1:
            continue
        board.play(c)
        if not board.is_over() and all(_reply_loses(board, r, n - 1) for r in board.legal_moves()):
            out.add(c)
        board.undo()
    return out


def ref_minimax(board: RefBoard, depth: int, evaluate) -> float:
    """Plain fixed-depth negamax with a leaf evaluation (from the leaf's side to move);
    terminal positions score as wins (large, faster is larger) or 0 for a draw."""
    w = board.winner()
    if w is not None:
        return -(1000 + (CELLS - board.moves))  # the side to move has lost
    if board.is_full():
        return 0
    if depth == 0:
        return evaluate(board)
    best = float("-inf")
    for c in board.legal_moves():
        board.play(c)
        best = max(best, -ref_minimax(board, depth - 1, evaluate))
        board.undo()
    return best


def ref_root_values(board: RefBoard, depth: int, evaluate) -> dict[int, float]:
    out = {}
    for c in board.legal_moves():
        board.play(c)
        out[c] = -ref_minimax(board, depth - 1, evaluate)
        board.undo()
    return out


def opponent_threat_cells(board: RefBoard) -> set[tuple[int, int]]:
    """Empty cells where the player NOT to move would complete four (playable or not)."""
    other = 3 - board.turn
    cells = set()
    for w in WINDOWS:
        vals = [board.grid[x][y] for x, y in w]
        if vals.count(other) == 3 and vals.count(0) == 1:
            cells.add(w[vals.index(0)])
    return cells


def random_game(rng, max_moves: int = CELLS) -> Iterator[RefBoard]:
    """Yield successive boards of a random legal game (stops when it ends or after max_moves)."""
    b = RefBoard()
    yield b.copy()
    while not b.is_over() and len(b.history) < max_moves:
        b.play(rng.choice(b.legal_moves()))
        yield b.copy()


def drawn_game(rng) -> list[int]:
    """A random game in which both sides avoid completing four and avoid handing the
    opponent an immediate win whenever they can; it often ends in a draw."""
    b = RefBoard()
    while not b.is_over():
        moves = b.legal_moves()
        safe = []
        for c in moves:
            if b.is_winning_move(c):
                continue
            b.play(c)
            if not any(b.is_winning_move(r) for r in b.legal_moves()):
                safe.append(c)
            b.undo()
        quiet = [c for c in moves if not b.is_winning_move(c)]
        b.play(rng.choice(safe or quiet or moves))
    return b.history
