"""The values that cross the depth searcher's boundary: ``SearchConfig`` in, ``Progress`` and
``SearchResult`` out, and ``RootSearch``, the searcher's public root API that the strategies
(``deepening``, ``perfect``, ``tempered``, ``analysis``) drive.

This module imports no strategy and no searcher, so every strategy can name these types and the
searcher can import every strategy: the imports go one way (search -> strategies -> values).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

from .board import CELLS, Position
from .heuristics import DEFAULT_WEIGHTS, HEURISTICS, WindowWeights
from .solver import Partial, Solver
from .tables import DEFAULT_TABLE_MB, MAX_TABLE_MB

__all__ = ["MAX_DEPTH", "MAX_TABLE_MB", "MAX_TEMPERATURE", "Finish", "Progress", "RootSearch", "SearchConfig",
           "SearchResult"]

#: The deepest search there is: to the end of the game from the empty board.
MAX_DEPTH = CELLS
#: The highest temperature a player may have: at 10 even a proved loss is played 0.82 times as
#: often as a proved win, i.e. nearly uniformly at random among the columns searched.
MAX_TEMPERATURE = 10.0


def _is_number(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _is_whole(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Everything that decides how the computer plays. Invalid values raise ValueError."""

    depth: int | None = 8
    heuristic: str = "scoremap"
    discount: float = 0.25
    window_weights: WindowWeights = field(default_factory=lambda: DEFAULT_WEIGHTS)
    time_limit: float | None = None
    table_mb: int = DEFAULT_TABLE_MB
    seed: int | None = None
    perfect_play: bool = False  # use the exact solver whenever it finishes within the time budget
    # the softmax temperature of a weaker level's choice among its searched moves (``tempered``);
    # 0: always the best
    temperature: float = 0.0

    def __post_init__(self) -> None:
        if self.depth is not None and (not _is_whole(self.depth) or not 1 <= self.depth <= MAX_DEPTH):
            raise ValueError(f"depth must be a whole number from 1 to {MAX_DEPTH} (or None for exact), got {self.depth!r}")
        if self.heuristic not in HEURISTICS:
            raise ValueError(f"heuristic must be one of {', '.join(HEURISTICS)}, got {self.heuristic!r}")
        if not _is_number(self.discount) or not 0 <= self.discount < 1:
            raise ValueError(f"discount must be a number with 0 <= discount < 1, got {self.discount!r}")
        if not isinstance(self.window_weights, WindowWeights):
            raise ValueError(f"window_weights must be a WindowWeights, got {self.window_weights!r}")
        if self.time_limit is not None and (not _is_number(self.time_limit) or not self.time_limit > 0):
            raise ValueError(f"time_limit must be a positive number of seconds or None, got {self.time_limit!r}")
        if not _is_whole(self.table_mb) or not 1 <= self.table_mb <= MAX_TABLE_MB:
            raise ValueError(f"table_mb must be a whole number from 1 to {MAX_TABLE_MB}, got {self.table_mb!r}")
        if self.seed is not None and not _is_whole(self.seed):
            raise ValueError(f"seed must be a whole number or None, got {self.seed!r}")
        if not _is_number(self.temperature) or not 0 <= self.temperature <= MAX_TEMPERATURE:
            raise ValueError(f"temperature must be a number from 0 to {MAX_TEMPERATURE:g}, got {self.temperature!r}")


@dataclass(frozen=True, slots=True)
class Progress:
    """Reported after every finished iteration."""

    depth: int
    move: int
    score: float
    nodes: int
    elapsed: float
    exact: bool


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The chosen move (a column index) and what the search knows about it."""

    move: int
    score: float
    depth: int
    nodes: int
    elapsed: float
    exact: bool
    cancelled: bool = False


#: ``finish(move, score, depth, exact, cancelled=False)``: the search's result with its node count
#: and time so far, reported as progress too.
Finish = Callable[..., SearchResult]


class RootSearch(Protocol):
    """What a strategy asks of the depth searcher (``search.Searcher`` provides it)."""

    config: SearchConfig
    solver: Solver
    nodes: int

    @property
    def ties_at_random(self) -> bool:
        """Whether equal root moves are chosen at random (a seeded searcher), which needs every
        root move's exact value (a full window)."""

    @property
    def completed_root_values(self) -> dict[int, float]:
        """{column: value} of the root moves the last (possibly interrupted) iteration finished."""

    def root_values(self, pos: Position, depth: int, stop=None, deadline: float | None = None, *,
                    full_window: bool) -> dict[int, float]:
        """Search every non-losing root move to ``depth``: {column: value} in search order."""

    def pick(self, values: dict[int, float]) -> tuple[int, float]:
        """The best root move of ``values`` and its value."""

    def solve(self, pos: Position, stop, deadline: float | None, first: int | None = None,
              known: Partial | None = None) -> tuple[int, float, int, bool] | None:
        """The exact solver's (move, score, depth, exact=True), or None if stopped or out of time."""

    def shallow(self, pos: Position, stop, finish: Finish) -> SearchResult:
        """A one-ply answer that always completes."""
