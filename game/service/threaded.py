"""The search thread behind the worker thread: the backend ``"auto"`` picks where both searches
run compiled (``game.service.backends``). No pygame here.

Each request runs in a thread of its own ("connect4-search") on the backend's ``Searchers``, so
the tables help from move to move and no process has to start. The compiled node loops release
the GIL, so the window keeps its frames; the stop is a ``StopFlag``, a C int the loop reads
without the GIL, set by the worker thread when the request is replaced, cancelled or closed.

A thread cannot be killed or suspended on its own, so "stuck" means what can be seen from
outside: a search still running ``STOP_GRACE`` seconds after its stop was set, or one with a time
limit that has said nothing (no progress, no answer) for its ``silence_bound``. Such a thread is
abandoned: its stop stays set, its answers are dropped, and the next request runs in a new
thread on a new ``Searchers`` (the abandoned thread may still be using the old one). A search
without a time limit may think as long as it needs: only its stop can end it. A thread that
ends without answering (an exception ``Searchers.handle`` does not catch) is reported as an error,
and the next request runs in a new thread."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine.search import StopFlag
from game.service.backends import STOP_GRACE, Backend, Job, Report, silence_bound
from game.service.searchers import Searchers, Outcome
from game.service.requests import describe

if TYPE_CHECKING:
    from game.service.backends import Emit

__all__ = ["ThreadBackend"]


def _search(engine: Searchers, job: Job, stop: StopFlag, answers: queue.Queue[Report], wake: Callable[[], None]) -> None:
    """Body of a search thread: answer one job; every way out puts a final report, and each
    report wakes the worker thread, so it is passed on at once rather than at the next poll."""
    def progress(payload: Any) -> None:
        answers.put(Report(job.seq, Outcome.PROGRESS, payload))
        wake()

    try:
        outcome, payload = engine.handle(job.request, stop, progress)
    except BaseException as exc:  # handle() answers every Exception; this is SystemExit and the like
        outcome, payload = Outcome.ERROR, f"the search thread stopped: {describe(exc)}"
    answers.put(Report(job.seq, outcome, payload))
    wake()


class ThreadBackend(Backend):
    """Owns the search threads; used only from the worker thread (``kill`` excepted)."""

    def __init__(self, emit: Emit, wake: Callable[[], None] = lambda: None) -> None:
        """``wake``: called from a search thread after each answer it puts (the worker thread's
        nudge to pump now)."""
        super().__init__(emit)
        self._wake = wake
        self._engine: Searchers | None = None  # made with the first request; replaced after a stuck search
        self._answers: queue.Queue[Report] = queue.Queue()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        pass  # nothing to start ahead: a thread begins with its request

    def pump(self) -> None:
        """Pass on what the search said, abandon a stuck one, start the next request when free."""
        if self._running is not None:
            self._drain()
        if self._running is not None:
            if self._thread is not None and not self._thread.is_alive():
                self._drain()  # it may have answered just before ending
                if self._running is not None:
                    self._fail("the search thread stopped unexpectedly", Outcome.ERROR)
            elif self._stopped_at is not None:
                if time.monotonic() - self._stopped_at > STOP_GRACE:
                    self._fail(None, Outcome.CANCELLED)  # it ignores its stop: its answer is stale anyway
            elif self._running.request.config.time_limit:
                silent = time.monotonic() - self._heard_at
                if silent > silence_bound(self._running.request):
                    self._fail(f"the search stopped answering ({silent:.0f} s without a word past its "
                               f"time limit: stuck)", Outcome.ERROR)
        if self._running is None and self._pending is not None:
            self._begin(self._pending)

    def _begin(self, job: Job) -> None:
        if self._engine is None:
            self._engine = Searchers()
        self._pending = None
        self._running = job
        self._stop = StopFlag()
        self._stopped_at = None
        self._heard_at = time.monotonic()
        self._thread = threading.Thread(target=_search, args=(self._engine, job, self._stop, self._answers, self._wake),
                                        name="connect4-search", daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        while self._running is not None:
            try:
                report = self._answers.get_nowait()
            except queue.Empty:
                return
            job = self._running
            if report.seq != job.seq:
                continue  # an abandoned search's late words
            self._heard_at = time.monotonic()
            if report.outcome is not Outcome.PROGRESS:
                self._running = None
            self._emit(job, report)

    def _fail(self, message: str | None, outcome: Outcome) -> None:
        """End the running request with ``outcome``; its thread, if still running, is abandoned
        with its engine (a new one serves the next request)."""
        job = self._running
        assert job is not None
        self._running = None
        if self._thread is not None and self._thread.is_alive():
            self._stop.set()  # type: ignore[union-attr]
            self._engine = None
        self._thread = None
        self._emit(job, Report(job.seq, outcome, message))

    def shutdown(self, deadline: float) -> None:
        """Stop the running search and wait for its thread until ``deadline``."""
        self._pending = None
        self._stop_running()
        if self._thread is not None:
            self._thread.join(max(0.0, deadline - time.monotonic()))

    def kill(self) -> None:
        """Last resort from another thread: ask the running search to stop (a thread cannot be
        killed; a search that never looks at its stop ends with the program, as a daemon)."""
        stop = self._stop
        if stop is not None:
            stop.set()
