"""Only-move lines: the exact rules of a puzzle, and the check every shipped puzzle passes.

A puzzle starts from a position whose side to move (the *solver*) has exactly one column that
keeps its best outcome: the only winning move of a won position, or the only move that holds
the draw of a drawn one. The line goes on while that stays true (lichess' puzzle rules, made
exact by the solver):

* at every one of the solver's turns exactly one column keeps the outcome, and the line plays it;
* the *defender* (the other side) answers with its longest resistance: a reply of the best exact
  score for it (the slowest loss, or a move that keeps its draw). Among equally good replies it
  takes one after which the solver again has a single keeping move (the line goes on, the most
  testing choice), else the first in centre order;
* the line stops after a solver's move that ends the game, or when every longest-resistance reply
  leaves the solver more than one keeping move: the rest is no longer a puzzle.

A position whose only move is an immediate win or an immediate block of the opponent's four is
no puzzle (``is_obvious``). The number of moves to find is ``OnlyMoveLine.solver_moves``, the
solver's moves in the line.

Each puzzle has a **theme** (``theme``), the idea its line turns on, read from the board along the
line, the first that holds in this order (the first four are tactics a player sees on the board,
the last two parity, the long-range ideas):

1. **win at once**: the line is a single move that completes four;
2. **block**: the first move fills the cell where the defender, to move instead, would complete
   four or make two threats it could not be stopped from using (``threats.double_threat``);
3. **two threats**: one of the solver's moves makes two threats the defender cannot both stop;
4. **under a winning cell**: the line ends with four, made right on top of the defender's last
   reply (the defender had to fill the cell under the solver's winning cell);
5. **odd/even threat**: at the line's end the solver holds a threat not yet playable on a row of
   its parity (odd rows for the first player, even for the second: Allis' rule), which the filling
   of the other columns will hand it;
6. **zugzwang**: none of the above; the outcome is kept by who must move when the board fills.

A win puzzle's ``n`` is the solver's discs to the end of the game with best play on both sides
(``scores.moves_to_end`` of the exact score), which is at least the number of moves to find.

Pure engine code: standard library and ``game.engine`` only.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from functools import lru_cache

from .board import BOARD, BOTTOM, CENTRE_ORDER, COLUMN_MASKS, Position, winning_cells_mask
from .scores import Outcome, moves_to_end, outcome
from .solver import Solver
from .threats import cells_of, double_threat, playable_mask, right_parity, threats_mask

__all__ = ["LineError", "OnlyMoveLine", "PuzzleKind", "Theme", "check_line", "find_line", "is_obvious",
           "keeping_columns", "theme"]


class PuzzleKind(enum.Enum):
    """What the solver's only moves keep."""

    WIN = "win"
    DRAW = "draw"


class Theme(enum.Enum):
    """The idea a puzzle's line turns on (the value is the word shown); see the module."""

    WIN_AT_ONCE = "win at once"
    BLOCK = "block"
    TWO_THREATS = "two threats"
    UNDER_WINNING_CELL = "under a winning cell"
    ODD_EVEN = "odd/even threat"
    ZUGZWANG = "zugzwang"

    @property
    def is_tactic(self) -> bool:
        """Seen on the board a few moves ahead (not a parity idea)."""
        return self not in (Theme.ODD_EVEN, Theme.ZUGZWANG)


class LineError(ValueError):
    """A line that breaks the puzzle rules; the message names the move and the rule."""


@dataclass(frozen=True, slots=True)
class OnlyMoveLine:
    """A puzzle's start (columns from the empty board) and its solution line.

    ``line`` alternates the solver's only moves and the defender's replies, starting and ending
    with a solver's move. ``score`` is the start's exact score for the solver.
    """

    start: tuple[int, ...]
    line: tuple[int, ...]
    score: int

    @property
    def kind(self) -> PuzzleKind:
        return PuzzleKind.WIN if self.score > 0 else PuzzleKind.DRAW

    @property
    def solver_moves(self) -> int:
        """How many moves the solver has to find."""
        return (len(self.line) + 1) // 2

    @property
    def n(self) -> int | None:
        """Win in N: the solver's discs to the end with best play (None for a draw puzzle)."""
        if self.kind is PuzzleKind.DRAW:
            return None
        return moves_to_end(self.score, len(self.start))


@lru_cache(maxsize=1024)
def theme(puzzle: OnlyMoveLine) -> Theme:
    """The puzzle's theme, the first that holds along its line (the module's list). Board facts
    only: no search."""
    pos = Position.from_moves(puzzle.start)
    solver_side = 1 + len(puzzle.start) % 2
    line = puzzle.line
    if len(line) == 1 and pos.is_winning_move(line[0]):
        return Theme.WIN_AT_ONCE
    positions = []
    for col in line:
        positions.append(pos)
        pos = pos.play(col)
    first = positions[0]
    theirs = Position(first.current ^ first.mask, first.mask, first.moves + 1)   # the defender to move
    if theirs.is_winning_move(line[0]) or double_threat(theirs, line[0]) is not None:
        return Theme.BLOCK
    if any(double_threat(positions[i], line[i]) is not None for i in range(0, len(line), 2)):
        return Theme.TWO_THREATS
    if len(line) >= 3 and positions[-1].is_winning_move(line[-1]) and line[-1] == line[-2]:
        return Theme.UNDER_WINNING_CELL
    if not pos.is_over():
        waiting = threats_mask(pos, mine=pos.turn == solver_side) & ~playable_mask(pos)
        if any(right_parity(cell, solver_side) for cell in cells_of(waiting)):
            return Theme.ODD_EVEN
    return Theme.ZUGZWANG


def keeping_columns(scores: Sequence[int | None]) -> tuple[int, ...]:
    """The columns whose exact score has the outcome of the best one (ascending)."""
    best = outcome(max(s for s in scores if s is not None))
    return tuple(c for c, s in enumerate(scores) if s is not None and outcome(s) is best)


def is_obvious(pos: Position, col: int) -> bool:
    """Is ``col`` an immediate win, or the block of a four the opponent would make there?"""
    if pos.is_winning_move(col):
        return True
    playable = (pos.mask + BOTTOM) & BOARD & COLUMN_MASKS[col]
    return bool(winning_cells_mask(pos.current ^ pos.mask, pos.mask) & playable)


def _only(solver: Solver, pos: Position, kept: Outcome, deadline: float | None = None) -> int | None:
    """The single column that keeps ``kept`` for the side to move, or None (none or several)."""
    scores = solver.column_scores(pos, deadline=deadline)
    if outcome(max(s for s in scores if s is not None)) is not kept:
        return None
    columns = keeping_columns(scores)
    return columns[0] if len(columns) == 1 else None


def _resistance(solver: Solver, pos: Position, deadline: float | None = None) -> list[int]:
    """The defender's replies of the best exact score, in centre order."""
    scores = solver.column_scores(pos, deadline=deadline)
    best = max(s for s in scores if s is not None)
    return [c for c in CENTRE_ORDER if scores[c] == best]


def find_line(solver: Solver, start: Sequence[int], deadline: float | None = None) -> OnlyMoveLine | None:
    """The only-move line from the position after ``start``, or None when it is no puzzle (the
    outcome is a loss, more than one column keeps it, or the only move is obvious).

    Raises ``MoveError`` for illegal moves, and ``SearchCancelled`` once ``deadline`` (a
    ``time.perf_counter()`` value) has passed.
    """
    pos = Position.from_moves(start)
    if pos.is_over():
        return None
    score = solver.solve(pos, deadline=deadline)
    kept = outcome(score)
    if kept is Outcome.LOSS:
        return None
    col = _only(solver, pos, kept, deadline)
    if col is None or is_obvious(pos, col):
        return None
    line = [col]
    pos = pos.play(col)
    while not pos.is_over():
        step = None
        for reply in _resistance(solver, pos, deadline):
            after = pos.play(reply)
            if after.is_over():
                continue
            nxt = _only(solver, after, kept, deadline)
            if nxt is not None:
                step = reply, nxt
                break
        if step is None:
            break
        line += step
        pos = pos.play(step[0]).play(step[1])
    return OnlyMoveLine(tuple(start), tuple(line), score)


def check_line(solver: Solver, puzzle: OnlyMoveLine) -> None:
    """Prove ``puzzle`` follows the rules (the module's docstring); LineError says where not.

    Checked: the start's exact score; at each solver's turn the line's move is the only column
    keeping the outcome; the first move is not obvious; each defender's reply has the best exact
    score; and the line stops where the rules stop it.
    """
    pos = Position.from_moves(puzzle.start)
    score = solver.solve(pos)
    if score != puzzle.score:
        raise LineError(f"the start's exact score is {score}, not {puzzle.score}")
    kept = outcome(score)
    if kept is Outcome.LOSS or not puzzle.line or len(puzzle.line) % 2 == 0:
        raise LineError("a line starts and ends with a move of the side that wins or holds the draw")
    if is_obvious(pos, puzzle.line[0]):
        raise LineError("the first move is an immediate win or block")
    for i, col in enumerate(puzzle.line):
        if i % 2 == 0:
            if _only(solver, pos, kept) != col:
                raise LineError(f"move {i + 1} (column {col + 1}) is not the only move keeping the {kept.value}")
        elif col not in _resistance(solver, pos):
            raise LineError(f"move {i + 1} (column {col + 1}) is not the defender's longest resistance")
        pos = pos.play(col)
    if pos.is_over():
        return
    for reply in _resistance(solver, pos):
        after = pos.play(reply)
        if not after.is_over() and _only(solver, after, kept) is not None:
            raise LineError(f"the line stops early: after column {reply + 1} the only move goes on")
