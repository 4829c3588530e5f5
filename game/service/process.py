"""The search process behind the worker thread, and its body: the backend ``"auto"`` picks where
the searches are not compiled (``game.service.backends``).

The worker thread owns one process: it forwards the latest request, cancels the running search
through a ``multiprocessing.Event`` the engine's ``stop`` polls, passes progress and results
back, and replaces the process if it dies, ignores its stop or goes silent.

Why a process and not just the thread: a plain-Python search holds the GIL, so in a thread a
60 fps loop loses frames (docs/engine.md has the frame times). The process also runs at a
lower priority (nice), so the window gets the CPU first. No pygame here."""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

from game.service.backends import STOP_GRACE, Backend, Job, Lost, Report, silence_bound
from game.service.searchers import Searchers, Outcome
from game.service.requests import describe

if TYPE_CHECKING:
    from game.service.backends import Emit

__all__ = ["ProcessBackend"]

_NICE = 5  # the search process's lower scheduling priority (Unix)
_ORPHAN_CHECK = 1.0  # seconds between two looks at whether the game process still exists
_HEARTBEAT = 0.25  # seconds between two "still working" messages of a running search
_READY = -1  # the sequence number of the process's first message: it has started and can search
#: The signals of a crash in the process's own code (the compiled searches): the same request in
#: the game's own process could crash the game itself.
_CRASH_SIGNALS = frozenset(int(getattr(signal, name)) for name in ("SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT")
                           if hasattr(signal, name))
#: Windows' exit codes of a crash: abort() ends a process with 3, an unhandled exception (an access
#: violation is 0xC0000005) with its NTSTATUS, whose error statuses are 0xC0000000 and up.
_WINDOWS_ABORT, _WINDOWS_EXCEPTION = 3, 0xC0000000
START_BOUND = 60.0  # seconds a new process may take to start (spawn, imports) before it counts as failed


def _process_main(requests: Any, updates: Any, stop: Any) -> None:
    """Body of the search process: answer each ``Job`` with ``Report``s until None arrives."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in a terminal is the parent's to handle
    try:
        os.nice(_NICE)  # on a busy machine the window, not the search, gets the CPU first
    except (AttributeError, OSError):  # no nice() on Windows
        pass
    engine = Searchers()
    parent = multiprocessing.parent_process()
    stop = _StopOrOrphaned(stop, parent)
    updates.put(Report(_READY, Outcome.ALIVE))
    while True:
        try:
            item = requests.get(timeout=_ORPHAN_CHECK)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return  # the game was killed without closing us: nobody will ever ask again
            continue
        if item is None:
            return
        seq = item.seq
        done = threading.Event()
        beat = threading.Thread(target=_heartbeat, args=(updates, seq, done), name="heartbeat", daemon=True)
        beat.start()
        try:
            outcome, payload = engine.handle(item.request, stop,
                                             lambda p, seq=seq: updates.put(Report(seq, Outcome.PROGRESS, p)))
        finally:
            done.set()
            beat.join()
        updates.put(Report(seq, outcome, payload))


def _heartbeat(updates: Any, seq: int, done: threading.Event) -> None:
    """Say "still working" while a request runs. A search that runs for minutes without finishing
    an iteration still sends these, so silence means the process itself is stopped (SIGSTOP, a
    debugger, swapped out for good) or wedged, never that the search is merely long."""
    while not done.wait(_HEARTBEAT):
        updates.put(Report(seq, Outcome.ALIVE))


class _StopOrOrphaned:
    """The search's stop flag, also raised when the game process has died (a crash, kill -9)."""

    def __init__(self, stop: Any, parent: Any) -> None:
        self._stop = stop
        self._parent = parent

    def is_set(self) -> bool:
        return self._stop.is_set() or (self._parent is not None and not self._parent.is_alive())


def crash_exit(code: int | None, platform: str = sys.platform) -> bool:
    """Whether a process's exit code says its own code crashed: killed by a crash signal (on
    POSIX the code is minus the signal), or on Windows abort()'s code or an exception's status."""
    if code is None:
        return False
    if code < 0:
        return -code in _CRASH_SIGNALS
    return platform == "win32" and (code == _WINDOWS_ABORT or code >= _WINDOWS_EXCEPTION)


class ProcessBackend(Backend):
    """Owns the search process; used only from the worker thread (``kill`` excepted)."""

    def __init__(self, emit: Emit) -> None:
        super().__init__(emit)
        self._ctx = multiprocessing.get_context("spawn")  # fork is unsafe once SDL runs threads
        self._proc: Any = None
        self._requests: Any = None
        self._updates: Any = None
        # Whether the process has said it started. Until then its silence is its start-up (a new
        # interpreter importing the engine: seconds on a slow or busy machine), bounded by
        # START_BOUND, not by the request's time limit, so a first request is never taken for a
        # stalled search while the process is still starting.
        self._ready = False

    def start(self) -> None:
        # Fresh queues and event for every process: one that died may have left their locks held.
        self._requests = self._ctx.Queue()
        self._updates = self._ctx.Queue()
        self._stop = self._ctx.Event()
        self._proc = self._ctx.Process(
            target=_process_main,
            args=(self._requests, self._updates, self._stop),
            name="connect4-search",
            daemon=True,
        )
        self._ready = False
        self._proc.start()

    def pump(self) -> None:
        """Pass on what the process said, restart it if it died, send the next request when free."""
        if self._running is not None:
            self._drain()
            if self._running is not None and not self._proc.is_alive():
                self._drain()  # it may have answered just before dying
                if self._running is not None:
                    code = self._proc.exitcode
                    self._fail(f"the search process stopped unexpectedly (exit code {code})",
                               crashed=crash_exit(code))
            elif self._running is not None and self._stopped_at is None:
                silent = time.monotonic() - self._heard_at
                if not self._ready:
                    if silent > START_BOUND:
                        self._fail(f"the search process did not start ({silent:.0f} s without a word)", started=False)
                elif silent > silence_bound(self._running.request):
                    self._fail(f"the search process stopped answering ({silent:.0f} s without a word: "
                               f"suspended or stuck)")
            elif self._running is not None and self._stopped_at is not None:
                # A process still starting has not read the request yet: it will see the stop as
                # soon as it does, so it is given its start-up time, not killed and started again.
                grace = STOP_GRACE if self._ready else START_BOUND
                if time.monotonic() - self._stopped_at > grace:
                    # It ignores its stop (hung, or suspended): its answer is stale anyway.
                    job, self._running = self._running, None
                    self._emit(job, Report(job.seq, Outcome.CANCELLED))
                    self._discard_process()
        if self._running is None and self._pending is not None:
            if self._proc is None or not self._proc.is_alive():
                self._discard_process()
                self.start()
            self._stop.clear()  # safe: nothing runs, so nothing can miss this stop
            self._stopped_at = None
            self._running, self._pending = self._pending, None
            self._heard_at = time.monotonic()
            self._requests.put(self._running)

    def _drain(self) -> None:
        while self._running is not None:
            try:
                report = self._updates.get_nowait()
            except queue.Empty:
                return
            except Exception as exc:  # a message torn by a dying process
                self._fail(f"lost contact with the search process ({describe(exc)})")
                return
            job = self._running
            if report.seq == _READY:
                self._ready = True
                self._heard_at = time.monotonic()  # the request's own silence counts from here
                if self._stopped_at is not None:
                    self._stopped_at = self._heard_at  # and so does the grace of a stop it has not seen
                continue
            if report.seq != job.seq:
                continue
            self._heard_at = time.monotonic()
            if report.outcome is Outcome.ALIVE:
                continue
            if report.outcome is not Outcome.PROGRESS:
                self._running = None
            self._emit(job, report)

    def _fail(self, message: str, started: bool = True, crashed: bool = False) -> None:
        """End the running request because the process failed (``Lost``: the worker may ask again)."""
        job, self._running = self._running, None
        assert job is not None
        self._emit(job, Report(job.seq, Outcome.ERROR, Lost(message, started, crashed)))
        self._discard_process()  # restarted with the next request

    def _discard_process(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            if proc.is_alive():
                proc.kill()
            proc.join(0.5)
            if not proc.is_alive():
                proc.close()
        for q in (self._requests, self._updates):
            if q is not None:
                q.cancel_join_thread()
                q.close()
        self._requests = self._updates = self._stop = None

    def shutdown(self, deadline: float) -> None:
        """Stop the process by ``deadline``: politely if it is quick about it, else terminate it."""
        proc = self._proc
        if proc is None:
            return
        if proc.is_alive():
            self._stop.set()
            self._requests.put(None)
            # Polite exit takes a moment (interpreter shutdown); allow it half the time left.
            proc.join(max(0.0, (deadline - time.monotonic()) / 2))
            if proc.is_alive():
                proc.terminate()
                proc.join(max(0.0, deadline - time.monotonic()))
            if proc.is_alive():
                proc.kill()
                proc.join(0.1)
        self._requests.close()
        self._requests.join_thread()  # the feeder thread: at most two small items, already sent
        self._updates.cancel_join_thread()
        self._updates.close()
        if not proc.is_alive():
            proc.close()
        # Drop the queues and event now: their semaphores are released when they are collected.
        self._proc = self._requests = self._updates = self._stop = None

    def kill(self) -> None:
        """Last resort from another thread when the worker thread did not finish in time."""
        proc = self._proc
        if proc is not None:
            try:
                proc.kill()
            except (ValueError, AttributeError):  # already closed
                pass


