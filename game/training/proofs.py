"""The searches behind practice, each a plain call made on the caller's thread with the caller's
solver and stop event: a finished game's slips mined as drills, the drill a chosen position makes
(or why it makes none), a kept drill proved again (a file can be edited by hand), and the
refutation of a missed column played out.

Guarantees: nothing here keeps state or writes a file; a search ended by ``stop`` raises
:class:`SearchCancelled`, and a search out of time (:data:`SOLVE_SECONDS` a position) gives what
was proved by then (:attr:`Added.UNPROVED`, a shorter line, no score). No pygame here.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from time import perf_counter

from game.engine.board import CENTRE_ORDER, WIDTH, MoveError, Position, format_moves
from game.engine.drills import Drill, DrillSource, answers, drills_from_review, mine_drills
from game.engine.explain import explain_move
from game.words.explanations import explanation_text
from game.engine.only_moves import keeping_columns
from game.engine.game_review import GameReview
from game.engine.scores import Outcome, outcome
from game.engine.solver import SearchCancelled, Solver

__all__ = ["Added", "Refutation", "REFUTATION_PLIES", "SOLVE_SECONDS", "drill_problem", "game_drills", "position_drill",
           "explanation", "refutation", "wrong_drills"]

#: How many discs of a refutation are played out: enough to see why the move fails, short enough to watch.
REFUTATION_PLIES = 6
#: Seconds to prove one position of a refutation (or a position to add); a position not proved in
#: time ends the line there, or is not added.
SOLVE_SECONDS = 5.0


class Added(enum.Enum):
    """What became of a position the player asked to practise."""

    ADDED = "added"
    ALREADY = "already a drill"
    LOST = "every move loses here: there is no outcome to keep"
    OVER = "the game is over here"
    FREE = "every column keeps the outcome here: there is nothing to find"
    UNPROVED = "not proved in time"
    NOT_WRITTEN = "the drills file could not be written"


@dataclass(frozen=True, slots=True)
class Refutation:
    """Why a column fails: its exact score for the side that played it (None: not proved in time),
    the best play that follows (columns, the opponent's reply first) and, when its claims
    check out, the explanation in words (``game.engine.explain``)."""

    score: int | None
    line: tuple[int, ...]
    why: str | None = None


def game_drills(moves: Sequence[int], players: Collection[int], review: GameReview | None, solver: Solver,
                review_time: float, stop: threading.Event, *, against: str = "",
                day: date | None = None) -> list[Drill]:
    """The errors of ``players`` in the game of ``moves`` as drills, sourced as a game against
    ``against`` on ``day`` (``game.engine.drills``): read from ``review`` when there is one, else
    from a review made here (``review_time``: the seconds given to each position)."""
    if review is not None:
        return drills_from_review(review, players, solver, review_time * WIDTH, stop, against=against, day=day)
    return mine_drills(moves, players, solver=solver, time_per_position=review_time, stop=stop,
                       against=against, day=day)


def position_drill(moves: Sequence[int], played: int | None, known: Collection[int], solver: Solver,
                   stop: threading.Event, day: date | None = None) -> Drill | Added:
    """The drill the position after ``moves`` makes, or what keeps it from being one: OVER (no
    position, or the game is over), ALREADY (its key is in ``known``), UNPROVED, LOST (every move
    loses) or FREE (every column keeps the outcome). The drill's played column is ``played`` when
    that column is refused there, else the first refused column; its source, a position chosen in a
    review on ``day`` (None: no source)."""
    try:
        pos = Position.from_moves(moves)
    except MoveError:
        return Added.OVER
    if pos.is_over():
        return Added.OVER
    if pos.key() in known:
        return Added.ALREADY
    try:
        scores = solver.column_scores(pos, stop=stop, deadline=perf_counter() + SOLVE_SECONDS)
    except SearchCancelled:
        if stop.is_set():
            raise
        return Added.UNPROVED
    kept = outcome(max(s for s in scores if s is not None))
    if kept is Outcome.LOSS:
        return Added.LOST
    accepted = keeping_columns(scores)
    refused = [c for c in range(WIDTH) if scores[c] is not None and c not in accepted]
    if not refused:
        return Added.FREE
    source = None if day is None else DrillSource(day, len(moves) + 1, chosen=True)
    return Drill(tuple(moves), played if played in refused else refused[0], accepted, kept, source=source)


def refutation(moves: Sequence[int], column: int, names: tuple[str, str], solver: Solver,
               stop: threading.Event) -> Refutation:
    """The score of ``column`` after ``moves`` for the side playing it, the best play after it (at
    most :data:`REFUTATION_PLIES` discs) and why, in words naming the sides ``names``."""
    before = Position.from_moves(moves)
    pos = before.play(column)
    if pos.is_over():   # a column that ends the game is never refuted: it fills the board (a draw)
        return Refutation(0 if pos.is_draw() else None, ())
    try:
        score: int | None = -solver.solve(pos, stop=stop, deadline=perf_counter() + SOLVE_SECONDS)
    except SearchCancelled:
        if stop.is_set():
            raise
        return Refutation(None, ())
    line: list[int] = []
    while len(line) < REFUTATION_PLIES and not pos.is_over():
        try:
            scores = solver.column_scores(pos, stop=stop, deadline=perf_counter() + SOLVE_SECONDS)
        except SearchCancelled:
            if stop.is_set():
                raise
            break
        best = max(s for s in scores if s is not None)
        col = next(c for c in CENTRE_ORDER if scores[c] == best)
        line.append(col)
        pos = pos.play(col)
    # Proved above within the time given, so the explanation's searches find the table filled.
    explanation = explain_move(before, column, solver, stop=stop, line_shown=False)
    return Refutation(score, tuple(line), explanation_text(explanation, names) if explanation is not None else None)


def explanation(moves: Sequence[int], column: int, names: tuple[str, str], solver: Solver,
                stop: threading.Event) -> str | None:
    """The review's checked explanation (``explain.explain_move``) of ``column`` played after
    ``moves``, naming the sides ``names``; None when the move was no worse than the best."""
    found = explain_move(Position.from_moves(moves), column, solver, stop=stop, line_shown=False)
    return None if found is None else explanation_text(found, names)


def _columns(columns: Iterable[int]) -> str:
    named = [str(c + 1) for c in columns]
    return "column " + named[0] if len(named) == 1 else "columns " + ", ".join(named[:-1]) + " and " + named[-1]


def drill_problem(drill: Drill, solver: Solver, stop: threading.Event) -> str | None:
    """Why ``drill`` is wrong, proved again with ``solver`` as it was mined: the outcome it says the
    accepted columns keep, and those columns, must be the ones ``drills.answers`` gives (the columns
    winning at once after a missed win at once, the longest resistance in a lost position, else
    exactly the columns keeping the position's best outcome). None when the drill is right. SearchCancelled when not proved within
    :data:`SOLVE_SECONDS` (or stopped): the caller neither keeps nor condemns it on that."""
    scores = solver.column_scores(drill.position, stop=stop, deadline=perf_counter() + SOLVE_SECONDS)
    accepted, kept = answers(drill.position, scores, drill.kind)
    where = f"at {format_moves(drill.moves) or 'the empty board'}"
    if kept is Outcome.LOSS and drill.kept is not Outcome.LOSS:
        return f"{where} every column loses"
    if kept is Outcome.LOSS and accepted != drill.accepted:
        return (f"{where} {_columns(drill.accepted)} should hold out longest, but only "
                f"{_columns(accepted)} do{'es' if len(accepted) == 1 else ''}")
    if kept is not drill.kept or accepted != drill.accepted:
        return (f"{where} {_columns(drill.accepted)} should keep the {drill.kept.value}, but only "
                f"{_columns(accepted)} keep{'s' if len(accepted) == 1 else ''} the {kept.value}")
    if drill.played in accepted:
        return f"{where} the column played, {drill.played + 1}, keeps the {kept.value}"
    return None


def wrong_drills(drills: Iterable[tuple[object, Drill]], proved: set[tuple[object, Drill]], solver: Solver,
                 stop: threading.Event) -> dict[object, tuple[Drill, str]]:
    """Each drill of ``drills`` (its owner's identity and the drill) proved again, skipping those in
    ``proved`` and adding each one found right to it: identity -> (drill, why it is wrong) for those
    found wrong. A drill not settled in time is neither (it is proved again on the next call)."""
    wrong: dict[object, tuple[Drill, str]] = {}
    for ident, drill in drills:
        if (ident, drill) in proved:
            continue
        try:
            problem = drill_problem(drill, solver, stop)
        except SearchCancelled:
            if stop.is_set():
                raise
            continue
        if problem is None:
            proved.add((ident, drill))
        else:
            wrong[ident] = (drill, problem)
    return wrong
