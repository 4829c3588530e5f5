"""The searches behind practice, each a plain call made on the caller's thread with the caller's
solver and stop event: a finished game's slips mined as drills, the drill a chosen position makes
(or why it makes none), and the refutation of a missed column played out.

Guarantees: nothing here keeps state or writes a file; a search ended by ``stop`` raises
:class:`SearchCancelled`, and a search out of time (:data:`SOLVE_SECONDS` a position) gives what
was proved by then (:attr:`Added.UNPROVED`, a shorter line, no score). No pygame here.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from time import perf_counter

from game.engine.board import CENTRE_ORDER, WIDTH, MoveError, Position
from game.engine.drills import Drill, drills_from_review, mine_drills
from game.engine.explain import explain_move
from game.engine.puzzles import keeping_columns
from game.engine.review import GameReview
from game.engine.scores import Outcome, outcome
from game.engine.solver import SearchCancelled, Solver

__all__ = ["Added", "Refutation", "REFUTATION_PLIES", "SOLVE_SECONDS", "game_drills", "position_drill", "refutation"]

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
    the best play that follows (0-based columns, the opponent's reply first) and, when its claims
    check out, the explanation in words (``game.engine.explain``)."""

    score: int | None
    line: tuple[int, ...]
    why: str | None = None


def game_drills(moves: Sequence[int], players: Collection[int], review: GameReview | None, solver: Solver,
                review_time: float, stop: threading.Event) -> list[Drill]:
    """The slips of ``players`` in the game of ``moves`` as drills: read from ``review`` when there
    is one, else from a review made here (``review_time``: the seconds given to each position)."""
    if review is not None:
        return drills_from_review(review, players, solver, review_time * WIDTH, stop)
    return mine_drills(moves, players, solver=solver, time_per_position=review_time, stop=stop)


def position_drill(moves: Sequence[int], played: int | None, known: Collection[int], solver: Solver,
                   stop: threading.Event) -> Drill | Added:
    """The drill the position after ``moves`` makes, or what keeps it from being one: OVER (no
    position, or the game is over), ALREADY (its key is in ``known``), UNPROVED, LOST (every move
    loses) or FREE (every column keeps the outcome). The drill's played column is ``played`` when
    that column is refused there, else the first refused column."""
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
    return Drill(tuple(moves), played if played in refused else refused[0], accepted, kept)


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
    explanation = explain_move(before, column, solver, names=names, stop=stop)
    return Refutation(score, tuple(line), explanation.text if explanation is not None else None)
