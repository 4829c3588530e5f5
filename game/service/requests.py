"""The one vocabulary between the window and the engine: what is asked and what comes back.

Each :class:`Kind` has one request type (:data:`REQUEST_TYPES`), carrying only what that kind
reads, and one result type (:data:`RESULT_TYPES`), the same value on both sides of the worker: a
``SearchResult`` for a move, an :class:`Analysis` for every column's value, a ``GameReview`` for a
review, an :class:`Explained` for an explanation. A new kind is a new ``Kind`` member, its request
and result types here and its handler in ``game.service.searchers``. No pygame here."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from game.engine.board import Position
from game.engine.explain import Explanation
from game.engine.game_review import GameReview, ReviewProgress
from game.engine.scores import PLAYER_NAMES
from game.engine.search_values import Progress, SearchConfig, SearchResult
from game.engine.sides import Column

__all__ = ["AIRequest", "AIResult", "AIUpdate", "ANALYSIS_TIME", "Analysis", "AnalysisRequest", "Explained",
           "ExplainRequest", "KINDS", "Kind", "MoveRequest", "REQUEST_TYPES", "RESULT_TYPES", "ReviewRequest",
           "describe"]


class Kind(enum.StrEnum):
    """What a request asks for (equal to its name as a string: ``Kind.MOVE == "move"``)."""

    MOVE = "move"  # the computer's move
    ANALYSIS = "analysis"  # every column's score (the analysis row; a hint is its best column)
    REVIEW = "review"  # every move of a game classified against exact play
    EXPLAIN = "explain"  # why one column is worse than the best (or how the best one does), in words


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every column's value for the side to move (None for a full column); ``exact``: all solved,
    else estimates where |v| < 1."""

    scores: tuple[float | None, ...]
    exact: bool


@dataclass(frozen=True, slots=True)
class Explained:
    """Why playing ``column`` is what it is: the checked explanation and the line after it
    (``game.engine.explain``); for a best move, how it wins, holds or resists longest."""

    column: Column
    explanation: Explanation


AIResult: TypeAlias = SearchResult | Analysis | GameReview | Explained
#: The type of ``AIUpdate.result`` for each kind of request.
RESULT_TYPES: dict[Kind, type] = {Kind.MOVE: SearchResult, Kind.ANALYSIS: Analysis, Kind.REVIEW: GameReview,
                                  Kind.EXPLAIN: Explained}
KINDS: tuple[Kind, ...] = tuple(Kind)
ANALYSIS_TIME = 0.5  # seconds for column scores when the config has no time limit


def _kind(value: Kind | str, owner: str) -> Kind:
    try:
        return Kind(value)
    except ValueError:
        raise ValueError(f"{owner}.kind must be one of {', '.join(KINDS)}, not {value!r}") from None


@dataclass(frozen=True)
class MoveRequest:
    """The computer's move in ``position``, searched as ``config`` says."""

    kind: ClassVar[Kind] = Kind.MOVE
    generation: int
    position: Position
    config: SearchConfig


@dataclass(frozen=True)
class AnalysisRequest:
    """Every column's value in ``position``, for ``config.time_limit`` seconds (``ANALYSIS_TIME``
    without one)."""

    kind: ClassVar[Kind] = Kind.ANALYSIS
    generation: int
    position: Position
    config: SearchConfig


@dataclass(frozen=True)
class ReviewRequest:
    """Every move of the game ``moves`` (column indexes from the empty board) classified;
    ``config.time_limit`` is the budget per position."""

    kind: ClassVar[Kind] = Kind.REVIEW
    generation: int
    moves: tuple[int, ...]
    config: SearchConfig


@dataclass(frozen=True)
class ExplainRequest:
    """Why playing ``column`` (legal in ``position``) is what it is, in sentences that call the
    sides ``names`` (first player first, as the window's theme draws them)."""

    kind: ClassVar[Kind] = Kind.EXPLAIN
    generation: int
    position: Position
    config: SearchConfig
    column: Column
    names: tuple[str, str] = PLAYER_NAMES

    def __post_init__(self) -> None:
        column = Column(self.column)      # ValueError for a number that is no column
        if not self.position.can_play(column):
            raise ValueError(f"column {column.number} cannot be played in this position")
        object.__setattr__(self, "column", column)


#: What to compute, on an immutable snapshot of the game (never the live model): one type per kind,
#: each carrying only what its kind reads. Every one is a plain frozen dataclass (it crosses to the
#: search process by pickle) with ``generation``, ``config`` and the class's ``kind``.
AIRequest: TypeAlias = MoveRequest | AnalysisRequest | ReviewRequest | ExplainRequest
#: The request type of each kind.
REQUEST_TYPES: dict[Kind, type] = {Kind.MOVE: MoveRequest, Kind.ANALYSIS: AnalysisRequest, Kind.REVIEW: ReviewRequest,
                                   Kind.EXPLAIN: ExplainRequest}


@dataclass(frozen=True)
class AIUpdate:
    """Something the worker reports about a request.

    Exactly one of ``progress``, ``result``, ``error`` is set. ``result`` has the type
    ``RESULT_TYPES[kind]``; a review's progress reports are ReviewProgress, the others' Progress.
    After a result or an error (``final``) nothing more comes for that request.
    """

    generation: int
    kind: Kind
    progress: Progress | ReviewProgress | None = None
    result: AIResult | None = None
    error: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", _kind(self.kind, "AIUpdate"))
        if self.result is not None and not isinstance(self.result, RESULT_TYPES[self.kind]):
            raise TypeError(f"a {self.kind} result is a {RESULT_TYPES[self.kind].__name__}, "
                            f"not {type(self.result).__name__}")

    @property
    def final(self) -> bool:
        return self.progress is None


def describe(exc: BaseException) -> str:
    """An exception as one line: its type, and its message when it has one."""
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
