"""The thread backend (game.service.threaded) alone: a search thread abandoned for ignoring its
stop keeps its Engine to itself, and what it says once it ends is never taken for the answer of
the request running by then."""

from __future__ import annotations

import threading
import time

from game.engine.board import Position
from game.engine.search import SearchConfig
from game.service import threaded
from game.service.searchers import Outcome
from game.service.backends import Job
from game.service.requests import MoveRequest

HANG_GUARD = 60.0   # only stops a broken test from hanging; never reached when things work
OPENING = Position.from_moves("4453")


def pump_until(backend: threaded.ThreadBackend, done) -> None:
    deadline = time.monotonic() + HANG_GUARD
    while not done():
        assert time.monotonic() < deadline, "the backend never got there"
        backend.pump()
        time.sleep(0.005)


def test_an_abandoned_search_keeps_its_engine_and_its_late_answer_is_dropped(monkeypatch):
    engines: dict[int, object] = {}
    threads: dict[int, threading.Thread] = {}
    started = {1: threading.Event(), 2: threading.Event()}
    release = {1: threading.Event(), 2: threading.Event()}

    def handle(engine, request, stop, on_progress):   # request 1 ignores its stop until released
        generation = request.generation
        engines[generation], threads[generation] = engine, threading.current_thread()
        started[generation].set()
        release[generation].wait(HANG_GUARD)
        return Outcome.RESULT, f"the answer to request {generation}"

    monkeypatch.setattr(threaded.Searchers, "handle", handle)
    monkeypatch.setattr(threaded, "STOP_GRACE", 0.0)   # stuck as soon as it has been told to stop
    emitted: list[tuple] = []
    backend = threaded.ThreadBackend(lambda job, report: emitted.append((job.seq, report.outcome, report.payload)))
    try:
        backend.submit(Job(1, MoveRequest(1, OPENING, SearchConfig(depth=2))))
        pump_until(backend, started[1].is_set)
        backend.submit(Job(2, MoveRequest(2, OPENING, SearchConfig(depth=2))))   # replaces it: stop set
        pump_until(backend, started[2].is_set)
        assert emitted == [(1, Outcome.CANCELLED, None)]
        assert engines[2] is not engines[1]          # the abandoned thread may still be using its Engine
        release[1].set()                             # the stuck search ends now, during request 2 ...
        threads[1].join(HANG_GUARD)
        backend.pump()                               # ... and its answer waits in the queue: dropped
        assert emitted == [(1, Outcome.CANCELLED, None)] and not backend.idle
        release[2].set()
        pump_until(backend, lambda: backend.idle)
        assert emitted == [(1, Outcome.CANCELLED, None), (2, Outcome.RESULT, "the answer to request 2")]
    finally:
        for event in release.values():
            event.set()
        backend.shutdown(time.monotonic() + 1.0)
