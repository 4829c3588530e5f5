"""The one vocabulary between the window and the engine: what is asked and what comes back.

A request has a :class:`Kind`; each kind has one result type (:data:`RESULT_TYPES`), the same
value on both sides of the worker: a ``SearchResult`` for a move, an :class:`Analysis` for every
column's value, a ``GameReview`` for a review. A new kind is a new ``Kind`` member, its result
type here and its handler in ``game.service.engine``. No pygame here."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TypeAlias

from game.engine.board import Position
from game.engine.review import GameReview, ReviewProgress
from game.engine.search_values import Progress, SearchConfig, SearchResult

__all__ = ["AIRequest", "AIResult", "AIUpdate", "ANALYSIS_TIME", "Analysis", "KINDS", "Kind", "RESULT_TYPES",
           "describe"]


class Kind(enum.StrEnum):
    """What a request asks for (equal to its name as a string: ``Kind.MOVE == "move"``)."""

    MOVE = "move"  # the computer's move
    ANALYSIS = "analysis"  # every column's score (the analysis row; a hint is its best column)
    REVIEW = "review"  # every move of a game classified against exact play


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every column's value for the side to move (None for a full column); ``exact``: all solved,
    else estimates where |v| < 1."""

    scores: tuple[float | None, ...]
    exact: bool


AIResult: TypeAlias = SearchResult | Analysis | GameReview
#: The type of ``AIUpdate.result`` for each kind of request.
RESULT_TYPES: dict[Kind, type] = {Kind.MOVE: SearchResult, Kind.ANALYSIS: Analysis, Kind.REVIEW: GameReview}
KINDS: tuple[Kind, ...] = tuple(Kind)
ANALYSIS_TIME = 0.5  # seconds for column scores when the config has no time limit


def _kind(value: Kind | str, owner: str) -> Kind:
    try:
        return Kind(value)
    except ValueError:
        raise ValueError(f"{owner}.kind must be one of {', '.join(KINDS)}, not {value!r}") from None


@dataclass(frozen=True)
class AIRequest:
    """What to compute, on an immutable snapshot of the game (never the live model)."""

    generation: int
    position: Position
    config: SearchConfig
    kind: Kind = Kind.MOVE  # a plain string naming a kind is accepted and converted
    # A review's game: its columns (0-based) from the empty board; config.time_limit is the
    # budget per position. The other kinds ignore it.
    moves: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", _kind(self.kind, "AIRequest"))


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
