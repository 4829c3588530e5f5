"""The one way a scene asks the engine: :class:`EngineClient`, over the program's one worker.

Every frame a scene says which answer it wants for its current state (a :class:`Kind`, or
nothing) with the request's tag. If that differs from the request in flight the request is built
(only then: a search config is not rebuilt every frame) and submitted, which cancels the old one
in the worker, or the search is cancelled. Tags are ``epoch + generation``: any update with
another tag belongs to an older state and is dropped. No pygame here."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.game_review import ReviewProgress
from game.engine.search_values import Progress
from game.service.requests import AIRequest, AIUpdate, Kind
from game.service.worker import AIWorker, Recovery

__all__ = ["EngineClient", "EngineService"]


class EngineService:
    """The program's one AI worker, started on first use (the menu never needs it), and the
    tags that keep one state's answers apart from another's."""

    def __init__(self, factory: Callable[[], AIWorker]) -> None:
        self._factory = factory
        self._worker: AIWorker | None = None
        self._epoch = 0

    @property
    def worker(self) -> AIWorker:
        if self._worker is None:
            self._worker = self._factory()
        return self._worker

    @property
    def started(self) -> bool:
        return self._worker is not None

    def new_epoch(self) -> int:
        """A fresh tag base for a new game (or a new review).

        Requests carry ``epoch + generation``; a new model restarts its generation at 0, so
        without the epoch a late answer for an old game could match the new one."""
        self._epoch += 1 << 32
        return self._epoch

    def close(self, timeout: float) -> None:
        """Stop the worker (within ``timeout``, even mid-search) if it was ever started."""
        if self._worker is not None:
            self._worker.close(timeout=timeout)


class EngineClient:
    """One scene's requests: what is in flight, its latest progress, and the last error.

    ``report`` is told each error in one line (the game scene shows it as a notice); ``tell``,
    each thing the player should know about the worker itself (a search process that failed and
    was replaced: the request goes on), for the window to word."""

    def __init__(self, service: EngineService, report: Callable[[str], None] | None = None,
                 tell: Callable[[Recovery], None] | None = None) -> None:
        self.service = service
        self._report = report
        self._tell = tell
        self.request: tuple[Kind, int] | None = None     # (what, tag) in flight
        self.requested_at = 0.0
        self.progress: Progress | ReviewProgress | None = None
        self.error: str | None = None

    def forget(self) -> None:
        """A new position: its progress and error start afresh."""
        self.progress = None
        self.error = None

    def sync(self, kind: Kind | None, tag: int, make: Callable[[Kind], AIRequest], now: float = 0.0) -> None:
        """Make the worker work on ``kind`` for ``tag`` (``make`` builds that request), or on nothing."""
        wanted = (kind, tag) if kind is not None else None
        if wanted == self.request:
            return
        if kind is None and not self.service.started:
            self.request = None
            return
        self.request = wanted
        try:
            if kind is None:
                self.service.worker.cancel()
            else:
                request = make(kind)
                if (request.kind, request.generation) != wanted:
                    raise ValueError(f"asked for a {kind} request, built a {request.kind} one")
                self.service.worker.submit(request)
                self.requested_at = now
                self.progress = None
        except Exception as exc:  # noqa: BLE001 - any engine failure is shown, never a traceback
            self.failed(str(exc) or type(exc).__name__)

    def cancel(self) -> None:
        if self.service.started:
            self.service.worker.cancel()
        self.request = None

    def poll(self, tag: int) -> list[AIUpdate]:
        """The progress reports and results for ``tag`` that arrived since the last frame, oldest
        first (the latest progress is also kept in ``progress``); errors go to ``failed``."""
        if not self.service.started:
            return []
        worker = self.service.worker
        for notice in worker.notices():
            if self._tell is not None:
                self._tell(notice)
        updates = []
        for update in worker.poll(generation=tag):   # other tags are stale: dropped
            if update.error is not None:
                self.failed(update.error)
                continue
            if update.result is None:
                self.progress = update.progress
            else:
                self.request = None  # answered: the same question may be asked again (e.g. for longer)
            updates.append(update)
        return updates

    def failed(self, message: str) -> None:
        self.request = None
        self.error = " ".join(message.split())     # one line, whatever the engine said
        if self._report is not None:
            self._report(self.error)
