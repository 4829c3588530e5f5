"""Answers requests, in the search process or the worker thread: one handler per request kind.

:class:`Searchers` keeps one Searcher per config so its tables help from move to move. The depth
search's tables are never shared between configs: a different heuristic, weight or depth gets its
own Searcher. At most ``MAX_SEARCHERS`` are kept; the least recently used one is dropped, and its
tables are freed with it (nothing refers back to a searcher).

Memory: ``[ai] table_mb`` bounds the engine's tables together. The exact solver's table, whose
entries are facts about positions whatever solver proved them, is one table shared by every
searcher's solver and the review's (``tables.SOLVER_SHARE`` of the budget); each of the
``MAX_SEARCHERS`` searchers gets an equal part of the rest for its depth-search tables. No pygame
here."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.engine.game_review import DEFAULT_TIME as DEFAULT_REVIEW_TIME
from game.engine.game_review import GameReview, ReviewProgress, review_game
from game.engine.search import Searcher
from game.engine.search_values import Progress, SearchConfig, SearchResult
from game.engine.solver import SearchCancelled, Solver, new_solver_table
from game.engine.tables import SOLVER_SHARE
from game.service.requests import (ANALYSIS_TIME, AIRequest, AIResult, Analysis, AnalysisRequest, ExplainRequest,
                                   Explained, Kind, MoveRequest, ReviewRequest, describe)
from game.service.why import explain_column

__all__ = ["Searchers", "MAX_SEARCHERS", "Outcome"]

MAX_SEARCHERS = 4  # Searchers (each with its own table) kept alive per worker, least recent dropped


class Outcome(enum.Enum):
    """What a backend says about a running request (the same value in the process and the thread)."""

    PROGRESS = "progress"  # payload: a Progress (a ReviewProgress for a review)
    ALIVE = "alive"  # still working, nothing new (the search process's heartbeat)
    RESULT = "result"  # payload: the request's result
    ERROR = "error"  # payload: one line saying what went wrong
    CANCELLED = "cancelled"  # the request was stopped before it finished


OnProgress = Callable[[Any], None]


class Searchers:
    def __init__(self) -> None:
        self._searchers: dict[SearchConfig, Searcher] = {}
        self._review_solver: Solver | None = None  # one solver for every review: proofs are reused
        self._table_mb: int | None = None  # the budget the tables below were made for
        self._solver_table: memoryview | None = None  # every exact solver's, made when first needed

    def solver_table(self, table_mb: int) -> memoryview:
        """The exact solvers' shared table for a budget of ``table_mb``. A new budget drops every
        table made for the old one (the searchers and the review's solver with them), so the
        engine never holds more than one budget's tables."""
        if table_mb != self._table_mb:
            self._searchers.clear()
            self._review_solver = self._solver_table = None
            self._table_mb = table_mb
        if self._solver_table is None:
            self._solver_table = new_solver_table(table_mb * SOLVER_SHARE)
        return self._solver_table

    def searcher(self, config: SearchConfig) -> Searcher:
        """The Searcher for ``config`` (made if needed), now the most recently used."""
        key = replace(config, time_limit=None)  # a table does not depend on the time limit
        table = self.solver_table(config.table_mb)
        searcher = self._searchers.pop(key, None)
        if searcher is None:
            while len(self._searchers) >= MAX_SEARCHERS:
                del self._searchers[next(iter(self._searchers))]
            # each searcher's own tables: an equal part of what the shared solver table leaves
            searcher = Searcher(config, table_mb=config.table_mb / MAX_SEARCHERS, solver_table=table)
        searcher.config = config  # e.g. a longer analysis of the same position: its table goes on
        self._searchers[key] = searcher  # most recently used last
        return searcher

    def handle(self, request: AIRequest, stop: Any, on_progress: OnProgress) -> tuple[Outcome, Any]:
        """(RESULT, value), (ERROR, message) or (CANCELLED, None); never raises."""
        try:
            return Outcome.RESULT, _HANDLERS[request.kind](self, request, stop, on_progress)
        except SearchCancelled:
            return Outcome.CANCELLED, None
        except Exception as exc:  # the engine failing must not take the game down
            return Outcome.ERROR, describe(exc)

    def review_solver(self, config: SearchConfig) -> Solver:
        """The one exact solver of reviews and explanations: an explanation after a review finds
        the review's proofs in its table."""
        table = self.solver_table(config.table_mb)
        if self._review_solver is None:
            self._review_solver = Solver(table_mb=config.table_mb * SOLVER_SHARE / MAX_SEARCHERS, table=table)
        return self._review_solver

    def review(self, request: ReviewRequest, stop: Any, on_progress: OnProgress) -> GameReview:
        return review_game(request.moves, time_per_position=request.config.time_limit or DEFAULT_REVIEW_TIME,
                           solver=self.review_solver(request.config), stop=stop,
                           on_progress=lambda done, total, review: on_progress(ReviewProgress(done, total, review)))


def _best_move(engine: Searchers, request: MoveRequest, stop: Any, on_progress: Callable[[Progress], None]) -> SearchResult:
    return engine.searcher(request.config).search(request.position, stop=stop, on_progress=on_progress)


def _analyse(engine: Searchers, request: AnalysisRequest, stop: Any, on_progress: OnProgress) -> Analysis:
    limit = request.config.time_limit
    scores, exact = engine.searcher(request.config).column_scores(
        request.position, time_limit=ANALYSIS_TIME if limit is None else limit, stop=stop
    )
    return Analysis(tuple(scores), bool(exact))


def _review(engine: Searchers, request: ReviewRequest, stop: Any, on_progress: OnProgress) -> GameReview:
    return engine.review(request, stop, on_progress)  # one solver table for every review, not a searcher


def _explain(engine: Searchers, request: ExplainRequest, stop: Any, on_progress: OnProgress) -> Explained:
    solver = engine.review_solver(request.config)
    # the sides are named where the explanation is worded (game.words), in the window's language
    return Explained(request.column, explain_column(request.position, request.column, solver, stop=stop))


#: How each kind of request is answered (in the search process, or the thread).
_HANDLERS: dict[Kind, Callable[[Searchers, Any, Any, OnProgress], AIResult]] = {   # each takes its kind's request
    Kind.MOVE: _best_move,
    Kind.ANALYSIS: _analyse,
    Kind.REVIEW: _review,
    Kind.EXPLAIN: _explain,
}
