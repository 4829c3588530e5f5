"""What the hint (H) and "why?" (W) say about one column during a game, pointing at the board.

``advise`` returns an :class:`Advice`: the column, its exact value in words ("a win for Red in 3
moves", "a draw", "a loss for Red: Yellow wins at once"), one short text that starts with the
column's name and value ("Column 4: a draw. ..."), and the cells that text talks about (:class:`Ring`), to be ringed on the board.

The text speaks of what a player can see on the board now or after one or two discs it names: a
four completed, a win at once missed, a threat blocked or left open, a disc under the opponent's
winning cell, two threats one disc cannot stop, a run of threats that must each be blocked, a
threat on a row of the right parity (Allis' odd and even threats). It never cites a move number
of a line the player cannot see. Where none of these holds, it says so in one sentence ("no short
reason: the computer sees the win 19 moves away"). Every ring is checked on the board with
:func:`ring_holds` before it is kept, and every claim beside the solver's exact values, as in
``explain``. The window (through the worker) and ``python -m game.coach`` both call ``advise``.
Pure engine code: standard library and ``game.engine`` only.
"""

from __future__ import annotations

from collections.abc import Sequence

from .advice import Advice, Ring, ring_holds
from .board import GameOverError, Position
from .explain import forced_sequence, zugzwang
from .principal import principal_line
from .scores import PLAYER_NAMES, SHORT_DISTANCE, Outcome, moves_to_end, outcome, win_next_score
from .solver import Solver
from .threats import Cell, cell_name, cells_of, double_threat, playable_mask, right_parity, threats_mask

__all__ = ["LEARN_PARITY", "Advice", "Ring", "advise", "ring_holds", "value_words"]

#: The lesson a reason too long to say points to.
LEARN_PARITY = "see Learn: odd and even threats"


def value_words(score: int, moves: int, names: Sequence[str] = PLAYER_NAMES) -> str:
    """An exact ``score`` for the side to move (``moves`` discs down) in words that name whose win
    it is: "a win for Red at once", "a win for Red in 3 moves", "a loss for Red: Yellow wins in 2
    moves", "a draw". Moves are counted as the winner's discs."""
    result = outcome(score)
    if result is Outcome.DRAW:
        return "a draw"
    mover, other = names[moves % 2], names[1 - moves % 2]
    n = moves_to_end(score, moves)
    when = "at once" if n == 1 else f"in {n} moves"
    if result is Outcome.WIN:
        return f"a win for {mover} {when}"
    return f"a loss for {mover}: {other} wins {when}"


def advise(pos: Position, solver: Solver, column: int | None = None, *,
           names: Sequence[str] = PLAYER_NAMES, stop=None) -> Advice:
    """What the coach says about ``column`` in ``pos`` (a game not over), or about the best column
    when ``column`` is None (the hint). Raises ``MoveError`` for a full or missing column before any
    search; ``stop`` (anything with ``is_set()``) ends it with ``SearchCancelled``."""
    if pos.is_over():
        raise GameOverError("the game is over")
    if column is not None:
        pos.play(column)  # raises MoveError for an illegal column, before any search
    best_col, best = solver.best_move(pos, stop=stop, climb=False)
    col = best_col if column is None else column
    score = best if col == best_col else _score(pos, col, solver, stop)
    facts = _Facts(pos, col, score, solver, names, stop)
    text, rings = facts.reason()
    if score < best and not facts.said_better:
        better = "holds out longer" if outcome(best) is Outcome.LOSS else "is better"
        text += f" Column {best_col + 1} {better} ({value_words(best, pos.moves, names)})."
    kept = tuple(r for r in rings if ring_holds(pos, r))
    value = value_words(score, pos.moves, names)
    return Advice(col, value, f"Column {col + 1}: {value}. {text[0].upper()}{text[1:]}", kept)


def _score(pos: Position, col: int, solver: Solver, stop) -> int:
    after = pos.play(col)
    if pos.is_winning_move(col):
        return win_next_score(pos.moves)
    if after.is_over():
        return 0  # the board is full without four: a draw
    return -solver.solve(after, stop=stop)


class _Facts:
    """The reasons one column's text may give, tried in order (the first that holds is said)."""

    def __init__(self, pos: Position, col: int, score: int, solver: Solver, names: Sequence[str], stop) -> None:
        self.pos, self.col, self.score, self.solver, self.stop = pos, col, score, solver, stop
        self.me, self.them = pos.turn, 3 - pos.turn
        self.mover, self.other = names[pos.moves % 2], names[1 - pos.moves % 2]
        self.said_better = False

    def reason(self) -> tuple[str, tuple[Ring, ...]]:
        pos, col = self.pos, self.col
        here = Cell(col, pos.height(col))
        if pos.is_winning_move(col):
            return f"{self.mover} completes four in a row at {cell_name(here)}.", (Ring(here, self.me),)
        wins = [c for c in pos.legal_moves() if pos.is_winning_move(c)]
        if wins:
            self.said_better = True
            cell = Cell(wins[0], pos.height(wins[0]))
            return (f"{self.mover} could win at once at {cell_name(cell)} instead: look for a four "
                    f"before each move."), (Ring(cell, self.me),)
        open_threats = cells_of(threats_mask(pos, mine=False) & playable_mask(pos))
        if open_threats:
            return self._threat_answer(open_threats, here)
        above = Cell(col, here.row + 1)
        if pos.play(col).is_winning_move(col):
            return (f"it puts a disc right under {self.other}'s winning cell at {cell_name(above)}: "
                    f"{self.other} plays there and wins at once."), (Ring(above, self.them),)
        result = outcome(self.score)
        if result is Outcome.WIN:
            return self._win()
        if result is Outcome.LOSS:
            return self._loss()
        return (f"with best play from both sides the board fills up without four in a row; no short reason "
                f"why ({LEARN_PARITY})."), ()

    def _threat_answer(self, open_threats: Sequence[Cell], here: Cell) -> tuple[str, tuple[Ring, ...]]:
        rings = tuple(Ring(c, self.them) for c in open_threats)
        blocked = here in open_threats
        if blocked and len(open_threats) == 1:
            return f"it blocks {self.other}'s four at {cell_name(here)}.", rings
        if blocked:
            other = next(c for c in open_threats if c != here)
            return (f"it blocks {self.other} at {cell_name(here)}, but {self.other} also threatens "
                    f"{cell_name(other)} and wins there."), rings
        if len(open_threats) > 1:
            first, second = open_threats[0], open_threats[1]
            return (f"{self.other} has two threats, at {cell_name(first)} and {cell_name(second)}, and one "
                    f"disc blocks only one: {self.other} wins at the other."), rings
        return (f"it leaves {self.other}'s threat at {cell_name(open_threats[0])} open: {self.other} wins "
                f"there at once. Block it!"), rings

    def _line(self) -> tuple[int, ...]:
        return principal_line(self.pos.play(self.col), self.solver, stop=self.stop)

    def _win(self) -> tuple[str, tuple[Ring, ...]]:
        pos, col, me = self.pos, self.col, self.me
        double = double_threat(pos, col)
        if double is not None:
            first, second = double.cells
            rings = (Ring(first, me, (col,)), Ring(second, me, (col,)))
            if double.stacked:
                return (f"it makes two threats, at {cell_name(first)} and right above it: blocking the lower "
                        f"one gives {self.mover} the upper one."), rings
            return (f"it makes two threats, at {cell_name(first)} and {cell_name(second)}: {self.other} can "
                    f"block only one."), rings
        line = (col, *self._line())
        n = moves_to_end(self.score, pos.moves)
        if n <= SHORT_DISTANCE and forced_sequence(pos, self.score, line) is not None:
            after = pos.play(col)
            first = cells_of(threats_mask(after, mine=False) & playable_mask(after))[0]
            return (f"it makes a threat at {cell_name(first)}, and {self.mover} can go on threatening until "
                    f"{self.other} cannot block every four."), (Ring(first, me, (col,)),)
        found = zugzwang(pos, self.score, line)
        if (found is not None and not found.since and right_parity(found.cell, me)
                and ring_holds(pos, Ring(found.cell, me))):
            return self._parity(found.cell, self.mover, self.other), (Ring(found.cell, me),)
        return f"no short reason: the computer sees the win {n} moves away; {LEARN_PARITY}.", ()

    def _loss(self) -> tuple[str, tuple[Ring, ...]]:
        pos, col, them = self.pos, self.col, self.them
        after = pos.play(col)
        line = self._line()
        n = moves_to_end(-self.score, after.moves)
        if line and n == 2:
            double = double_threat(after, line[0])
            if double is not None:
                first, second = double.cells
                where = (f"{cell_name(first)} and the cell right above it" if double.stacked
                         else f"{cell_name(first)} and {cell_name(second)}")
                rings = (Ring(first, them, (col, line[0])), Ring(second, them, (col, line[0])))
                return (f"then {self.other} plays column {line[0] + 1} and threatens {where}: {self.mover} "
                        f"can block only one."), rings
        if line and n <= SHORT_DISTANCE and forced_sequence(after, -self.score, line) is not None:
            p = after.play(line[0])
            first = cells_of(threats_mask(p, mine=False) & playable_mask(p))[0]
            return (f"then {self.other} plays column {line[0] + 1}, threatening {cell_name(first)}, and can go "
                    f"on threatening until {self.mover} cannot block every four."), \
                (Ring(first, them, (col, line[0])),)
        found = zugzwang(after, -self.score, line)
        if (found is not None and not found.since and right_parity(found.cell, them)
                and ring_holds(after, Ring(found.cell, them))):
            return (self._parity(found.cell, self.other, self.mover),
                    (Ring(found.cell, them, (col,)),))
        return f"no short reason: the computer sees {self.other}'s win {n} moves away; {LEARN_PARITY}.", ()

    @staticmethod
    def _parity(cell: Cell, winner: str, loser: str) -> str:
        row = "an odd" if cell.row % 2 == 0 else "an even"
        return (f"{winner} has a threat at {cell_name(cell)}, on {row} row, the right kind for {winner}: as "
                f"the other columns fill up, {loser} must in the end play under it ({LEARN_PARITY}).")
