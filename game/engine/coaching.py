"""What the hint (H) and "why?" (W) say about one column during a game, pointing at the board.

``advise`` returns an :class:`Advice`: the column, its exact value, the one reason the text gives
(a fact of ``claims``, worded by ``game.words.coach_says``: "Column 4: a draw. ..."), and the
cells that reason talks about (:class:`Ring`), to be ringed on the board.

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
from .claims import (BetterColumn, BlocksFour, CoachFact, CompletesFourAt, CouldWinInstead, DrawWithoutReason,
                     KeepsThreatening, LeavesThreatOpen, MakesTwoThreats, ParityThreat, TwoOpenThreats,
                     UnderWinningCell, WinFarAway)
from .scores import SHORT_DISTANCE, Outcome, moves_to_end, outcome, win_next_score
from .solver import Solver
from .threats import Cell, cells_of, double_threat, playable_mask, right_parity, threats_mask

__all__ = ["Advice", "Ring", "advise", "ring_holds"]

def advise(pos: Position, solver: Solver, column: int | None = None, *, stop=None) -> Advice:
    """What the coach says about ``column`` in ``pos`` (a game not over), or about the best column
    when ``column`` is None (the hint). Raises ``MoveError`` for a full or missing column before any
    search; ``stop`` (anything with ``is_set()``) ends it with ``SearchCancelled``."""
    if pos.is_over():
        raise GameOverError()
    if column is not None:
        pos.play(column)  # raises MoveError for an illegal column, before any search
    best_col, best = solver.best_move(pos, stop=stop, climb=False)
    col = best_col if column is None else column
    score = best if col == best_col else _score(pos, col, solver, stop)
    facts = _Facts(pos, col, score, solver, stop)
    reason, rings = facts.reason()
    reasons: tuple[CoachFact, ...] = (reason,)
    if score < best and not facts.said_better:
        reasons += (BetterColumn(best_col, best, pos.moves),)
    kept = tuple(r for r in rings if ring_holds(pos, r))
    return Advice(col, score, pos.moves, reasons, kept)


def _score(pos: Position, col: int, solver: Solver, stop) -> int:
    after = pos.play(col)
    if pos.is_winning_move(col):
        return win_next_score(pos.moves)
    if after.is_over():
        return 0  # the board is full without four: a draw
    return -solver.solve(after, stop=stop)


class _Facts:
    """The reasons one column's text may give, tried in order (the first that holds is said)."""

    def __init__(self, pos: Position, col: int, score: int, solver: Solver, stop) -> None:
        self.pos, self.col, self.score, self.solver, self.stop = pos, col, score, solver, stop
        self.me, self.them = pos.turn, 3 - pos.turn
        self.mover = pos.moves % 2         # the side to move, as ``claims`` counts sides
        self.said_better = False

    def reason(self) -> tuple[CoachFact, tuple[Ring, ...]]:
        pos, col = self.pos, self.col
        here = Cell(col, pos.height(col))
        if pos.is_winning_move(col):
            return CompletesFourAt(self.mover, here), (Ring(here, self.me),)
        wins = [c for c in pos.legal_moves() if pos.is_winning_move(c)]
        if wins:
            self.said_better = True
            cell = Cell(wins[0], pos.height(wins[0]))
            return CouldWinInstead(self.mover, cell), (Ring(cell, self.me),)
        open_threats = cells_of(threats_mask(pos, mine=False) & playable_mask(pos))
        if open_threats:
            return self._threat_answer(open_threats, here)
        above = Cell(col, here.row + 1)
        if pos.play(col).is_winning_move(col):
            return UnderWinningCell(self.mover, above), (Ring(above, self.them),)
        result = outcome(self.score)
        if result is Outcome.WIN:
            return self._win()
        if result is Outcome.LOSS:
            return self._loss()
        return DrawWithoutReason(), ()

    def _threat_answer(self, open_threats: Sequence[Cell], here: Cell) -> tuple[CoachFact, tuple[Ring, ...]]:
        rings = tuple(Ring(c, self.them) for c in open_threats)
        blocked = here in open_threats
        if blocked and len(open_threats) == 1:
            return BlocksFour(self.mover, here), rings
        if blocked:
            other = next(c for c in open_threats if c != here)
            return BlocksFour(self.mover, here, other), rings
        if len(open_threats) > 1:
            first, second = open_threats[0], open_threats[1]
            return TwoOpenThreats(self.mover, first, second), rings
        return LeavesThreatOpen(self.mover, open_threats[0]), rings

    def _line(self) -> tuple[int, ...]:
        return principal_line(self.pos.play(self.col), self.solver, stop=self.stop)

    def _win(self) -> tuple[CoachFact, tuple[Ring, ...]]:
        pos, col, me = self.pos, self.col, self.me
        double = double_threat(pos, col)
        if double is not None:
            first, second = double.cells
            rings = (Ring(first, me, (col,)), Ring(second, me, (col,)))
            return MakesTwoThreats(self.mover, first, second, double.stacked), rings
        line = (col, *self._line())
        n = moves_to_end(self.score, pos.moves)
        if n <= SHORT_DISTANCE and forced_sequence(pos, self.score, line) is not None:
            after = pos.play(col)
            first = cells_of(threats_mask(after, mine=False) & playable_mask(after))[0]
            return KeepsThreatening(self.mover, first), (Ring(first, me, (col,)),)
        found = zugzwang(pos, self.score, line)
        if (found is not None and not found.since and right_parity(found.cell, me)
                and ring_holds(pos, Ring(found.cell, me))):
            return ParityThreat(self.mover, found.cell), (Ring(found.cell, me),)
        return WinFarAway(self.mover, n, True), ()

    def _loss(self) -> tuple[CoachFact, tuple[Ring, ...]]:
        pos, col, them = self.pos, self.col, self.them
        after = pos.play(col)
        line = self._line()
        n = moves_to_end(-self.score, after.moves)
        if line and n == 2:
            double = double_threat(after, line[0])
            if double is not None:
                first, second = double.cells
                rings = (Ring(first, them, (col, line[0])), Ring(second, them, (col, line[0])))
                return MakesTwoThreats(self.mover, first, second, double.stacked, then=line[0]), rings
        if line and n <= SHORT_DISTANCE and forced_sequence(after, -self.score, line) is not None:
            p = after.play(line[0])
            first = cells_of(threats_mask(p, mine=False) & playable_mask(p))[0]
            return KeepsThreatening(self.mover, first, then=line[0]), (Ring(first, them, (col, line[0])),)
        found = zugzwang(after, -self.score, line)
        if (found is not None and not found.since and right_parity(found.cell, them)
                and ring_holds(after, Ring(found.cell, them))):
            return ParityThreat(1 - self.mover, found.cell), (Ring(found.cell, them, (col,)),)
        return WinFarAway(1 - self.mover, n, False), ()
