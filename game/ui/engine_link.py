"""The game scene's one line to the AI worker: submit what is wanted, cancel what is not, collect answers.

Every frame the scene says which answer it wants for the current state (``Ask.MOVE`` for the
computer's move, ``Ask.ANALYSIS`` for the analysis row and the hint, or nothing) with the
request's tag; if that differs from the request in flight it is submitted (``AIWorker.submit``
cancels the old one) or the search is cancelled. Tags are ``epoch + model.generation``: any
update with another tag belongs to an older state and is dropped."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.board import Position

if TYPE_CHECKING:
    from game.engine.search_values import Progress, SearchConfig, SearchResult
    from game.ui.scene import Context

ColumnScores = tuple[float | None, ...]


class Ask(enum.Enum):
    """What the scene asks the engine; the value is the worker's request kind."""

    MOVE = "move"            # the computer's move (a SearchResult)
    ANALYSIS = "analysis"    # every column's value (the analysis row, and the hint as its best column)


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every column's value for the side to move; ``exact``: all solved, else estimates where |v| < 1."""

    scores: ColumnScores
    exact: bool


@dataclass(frozen=True, slots=True)
class Answer:
    ask: Ask
    move: SearchResult | None = None
    analysis: Analysis | None = None


class EngineLink:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.request: tuple[Ask, int] | None = None     # (what, tag) in flight
        self.requested_at = 0.0
        self.progress: Progress | None = None
        self.error: str | None = None

    def forget(self) -> None:
        """A new position: its progress and error start afresh."""
        self.progress = None
        self.error = None

    def sync(self, ask: Ask | None, tag: int, position: Position, config: SearchConfig | None, now: float) -> None:
        """Make the worker work on ``ask`` for ``tag`` (or on nothing)."""
        wanted = (ask, tag) if ask is not None else None
        if wanted == self.request:
            return
        if ask is None and not self.ctx.has_worker:
            self.request = None
            return
        self.request = wanted
        from game.worker import AIRequest   # here, not at the top: the menu's first frame needs no engine

        try:
            if ask is None:
                self.ctx.worker.cancel()
            else:
                assert config is not None
                self.ctx.worker.submit(AIRequest(tag, position, config, ask.value))
                self.requested_at = now
                self.progress = None
        except Exception as exc:  # noqa: BLE001 - any engine failure is shown, never a traceback
            self.failed(str(exc) or type(exc).__name__)

    def cancel(self) -> None:
        if self.ctx.has_worker:
            self.ctx.worker.cancel()
        self.request = None

    def poll(self, tag: int) -> list[Answer]:
        """The answers for ``tag`` that arrived since the last frame (progress is kept, errors shown)."""
        if not self.ctx.has_worker:
            return []
        answers = []
        for update in self.ctx.worker.poll(generation=tag):   # other tags are stale: dropped
            if update.error is not None:
                self.failed(update.error)
            elif update.result is None:
                self.progress = update.progress
            else:
                self.request = None  # answered: the same question may be asked again (e.g. for longer)
                answer = self._answer(str(getattr(update.kind, "value", update.kind)), update.result)
                if answer is not None:
                    answers.append(answer)
        return answers

    def _answer(self, kind: str, result: object) -> Answer | None:
        from game.engine.search_values import SearchResult  # here: the menu's first frame needs no engine

        if self.request and self.request[0].value == kind:
            self.request = None
        if kind == Ask.MOVE.value and isinstance(result, SearchResult):
            return Answer(Ask.MOVE, move=result)
        if kind == Ask.ANALYSIS.value and isinstance(result, tuple) and len(result) == 2:
            scores, exact = result
            return Answer(Ask.ANALYSIS, analysis=Analysis(tuple(scores), bool(exact)))
        self.failed(f"unexpected {kind} answer from the engine: {type(result).__name__}")
        return None

    def failed(self, message: str) -> None:
        self.request = None
        self.error = " ".join(message.split())     # one line, whatever the engine said
        self.ctx.notices.add(f"Engine error: {self.error}", "error", seconds=10.0)
