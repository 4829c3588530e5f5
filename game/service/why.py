"""Why a column: the explanation the hint, the analysis row's "why?" and the review show.

A column worse than the best gets ``explain.explain_move``'s checked explanation. A best column
gets what it does, in the same checked terms: how it wins (``explain.how_it_wins``), that it keeps
the draw, or, when every column loses, how the opponent still wins against it (the longest
resistance). Either way the line after the column comes with it, and the facts are worded where
they are shown (``game.words.explanations``). No pygame here.
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.board import Position
from game.engine.claims import BestColumn, CompletesFour, FillsBoard, KeepsDraw, LosesAnyway
from game.engine.coaching import advise
from game.engine.explain import Explanation, Kind, explain_move, how_it_wins
from game.engine.principal import principal_line
from game.engine.scores import Outcome, outcome, win_next_score
from game.engine.solver import Solver

__all__ = ["explain_column"]


def explain_column(pos: Position, col: int, solver: Solver, *, stop=None) -> Explanation:
    """Why playing ``col`` (legal) in ``pos`` is worse than the best, or what it does when it is best;
    with it, what the coach says about ``col`` in a game (``coaching.advise``: the same words as
    ``python -m game.coach``)."""
    explanation = _explanation(pos, col, solver, stop)
    return replace(explanation, advice=advise(pos, solver, col, stop=stop))


def _explanation(pos: Position, col: int, solver: Solver, stop) -> Explanation:
    worse = explain_move(pos, col, solver, stop=stop)
    if worse is not None:
        return worse
    mover = pos.moves % 2
    after = pos.play(col)
    if after.is_over():
        if after.is_draw():
            return Explanation(Kind.PLAIN, (FillsBoard(col),), ())
        return Explanation(Kind.AT_ONCE, (CompletesFour(col, mover),), ())
    score = -solver.solve(after, stop=stop)
    line = principal_line(after, solver, stop=stop)
    result = outcome(score)
    if result is Outcome.WIN:
        if score == win_next_score(pos.moves):
            return Explanation(Kind.AT_ONCE, (CompletesFour(col, mover),), line)
        kind, claim = how_it_wins(pos, score, (col, *line))
        return Explanation(kind, (BestColumn(col), claim), line)
    if result is Outcome.DRAW:
        return Explanation(Kind.PLAIN, (KeepsDraw(col, line=True),), line)
    kind, claim = how_it_wins(after, -score, line)
    return Explanation(kind, (LosesAnyway(col, 1 - mover), claim), line)
