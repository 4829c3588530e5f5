"""The computer player behind the window: a thread the UI talks to, the search behind it.

The UI thread only ever puts a request in a queue (``submit``), takes whatever has arrived
(``poll``, once per frame) and never waits. A background thread owns the backend: a search
thread in this process (``game.service.threaded``) or a search process
(``game.service.process``). config.toml's ``[ai] worker`` chooses; its default "auto" picks the
thread where the searches run compiled and the process elsewhere (``game.service.backends``).

A search process that fails (it dies, stops answering or never starts) does not end the request:
the worker starts a new process and asks it the same question, and if that one fails on it too,
the search thread takes over for the rest of the program (the window's frames may suffer where
the searches are not compiled, but the game goes on). Each time the player is told in one line
(``notices`` says what happened; the window words it). Only a failure of the search itself (an
engine error) ends a request with an error.

Every request carries the model's generation. A newer ``submit`` or a ``cancel`` makes all answers
to older requests stale: ``poll`` never returns them. The UI still compares ``update.generation``
with the model's (or passes it to ``poll``) because the model can change without a new request.
No pygame here.
"""

from __future__ import annotations

import enum
import logging
import queue
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from game.service.backends import Job, Lost, Report, auto_backend
from game.service.searchers import Outcome
from game.service.threaded import ThreadBackend
from game.service.requests import AIRequest, AIUpdate, describe

if TYPE_CHECKING:  # loaded by a worker that runs its searches in a process (see _start_thread)
    from game.service.process import ProcessBackend

__all__ = ["AIWorker", "Cancel", "Close", "Command", "Recovery", "Submit", "Wake"]

_POLL = 0.01  # how often the thread looks at the backend while a search runs (seconds)

_KEPT_NOTICES = 4  # notices kept for notices(), the latest

log = logging.getLogger(__name__)


class Recovery(enum.Enum):
    """What the worker did about a search process that failed with a request in flight."""

    NEW_PROCESS = "new process"  # it stopped: a new one was asked the same question
    THREAD = "thread"  # it stopped again on the same question: the search thread took it over
    THREAD_NOT_STARTED = "thread, not started"  # it never started: the search thread took over


@dataclass(frozen=True, slots=True)
class Submit:
    """Run ``job`` next; the one running is told to stop."""

    job: Job


@dataclass(frozen=True, slots=True)
class Cancel:
    """Stop the running search; nothing waits to run after it."""


@dataclass(frozen=True, slots=True)
class Close:
    """Stop everything and end the worker thread, the backend shut down by ``deadline`` (monotonic)."""

    deadline: float


@dataclass(frozen=True, slots=True)
class Wake:
    """A search thread said something: pump the backend now."""


#: What the UI thread (and a search thread's ``Wake``) asks of the worker thread, in order.
Command: TypeAlias = Submit | Cancel | Close | Wake


class AIWorker:
    """The computer player's thread (and process); see the module docstring.

    Used from the UI thread only: ``submit``, ``cancel``, ``poll`` and ``busy`` never block.
    ``close`` returns within its timeout and leaves no thread or process behind.
    """

    def __init__(self, use_process: bool | None = None) -> None:
        #: where the search runs; None picks as ``[ai] worker = "auto"`` does
        self.use_process = auto_backend() == "process" if use_process is None else use_process
        self._lock = threading.Lock()
        self._seq = 0  # number of the latest submitted request
        self._active: Job | None = None  # the job poll() reports on
        self._closed = False
        self._commands: queue.Queue[Command] = queue.Queue()
        self._out: queue.Queue[tuple[int, AIUpdate]] = queue.Queue()
        self._crash: str | None = None
        self._notices: list[Recovery] = []  # what the player is to be told about the worker itself
        self._retried: int | None = None  # the request a new search process was started for
        self._crashed: int | None = None  # the last request that crashed a search process
        self._take_over: Job | None = None  # the request the search thread takes over
        self._start_thread()

    def _start_thread(self) -> None:
        self._commands = queue.Queue()
        self._crash = None
        if self.use_process:
            from game.service.process import ProcessBackend  # here: a thread worker never loads multiprocessing

            self._backend: ThreadBackend | ProcessBackend = ProcessBackend(self._emit)
        else:
            self._backend = self._thread_backend()
        self._thread = threading.Thread(target=self._serve, name="AIWorker", daemon=True)
        self._thread.start()

    def _thread_backend(self) -> ThreadBackend:
        return ThreadBackend(self._emit, wake=lambda: self._commands.put(Wake()))

    # -- UI thread ---------------------------------------------------------------------------

    def submit(self, request: AIRequest) -> None:
        """Start computing ``request``; whatever was running is cancelled and its answer dropped."""
        if not isinstance(request, AIRequest):
            raise TypeError(f"submit() needs an AIRequest, not {type(request).__name__}")
        if self._closed:
            raise RuntimeError("the AI worker is closed")
        if not self._thread.is_alive():
            self._start_thread()
        with self._lock:
            self._seq += 1
            self._active = Job(self._seq, request)
            self._commands.put(Submit(self._active))

    def cancel(self) -> None:
        """Stop the running search; nothing more is reported for it."""
        with self._lock:
            self._active = None
            self._commands.put(Cancel())

    @property
    def busy(self) -> bool:
        """True from submit() until poll() has handed out the request's result or error."""
        return self._active is not None

    def poll(self, generation: int | None = None) -> list[AIUpdate]:
        """The updates that arrived since the last call, oldest first; never blocks.

        Answers to requests that were replaced or cancelled are dropped. With ``generation``,
        updates for any other generation are dropped too (they still end the request).
        """
        updates: list[AIUpdate] = []
        with self._lock:
            while True:
                try:
                    seq, update = self._out.get_nowait()
                except queue.Empty:
                    break
                if self._active is None or seq != self._active.seq:
                    continue
                if update.final:
                    self._active = None
                if generation is None or update.generation == generation:
                    updates.append(update)
            if self._active is not None and self._crash is not None and not self._thread.is_alive():
                request = self._active.request
                updates.append(AIUpdate(request.generation, request.kind, error=self._crash))
                self._active = None
        return updates

    def notices(self) -> list[Recovery]:
        """What the player should be told about the worker since the last call (a search process
        that failed and was replaced), oldest first; never blocks."""
        with self._lock:
            told, self._notices = self._notices, []
        return told

    def close(self, timeout: float = 0.5) -> None:
        """Stop everything within ``timeout`` seconds, terminating a busy search process."""
        if self._closed:
            return
        deadline = time.monotonic() + timeout
        self._closed = True
        with self._lock:
            self._active = None
            # The thread gets most of the time; the rest is for our join and the last resort.
            self._commands.put(Close(deadline - 0.2 * timeout))
        self._thread.join(max(0.0, deadline - 0.05 * timeout - time.monotonic()))
        if self._thread.is_alive():
            self._backend.kill()
            self._thread.join(max(0.0, deadline - time.monotonic()))

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- worker thread -----------------------------------------------------------------------

    def _emit(self, job: Job, report: Report) -> None:
        # CANCELLED only ever answers a replaced or cancelled request, which poll() drops; it
        # still ends the request, so that nothing can wait for it forever.
        request, outcome = job.request, report.outcome
        if outcome is Outcome.ERROR and isinstance(report.payload, Lost) and self._recover(job, report.payload):
            return
        if outcome is Outcome.PROGRESS:
            update = AIUpdate(request.generation, request.kind, progress=report.payload)
        elif outcome is Outcome.RESULT:
            update = AIUpdate(request.generation, request.kind, result=report.payload)
        elif outcome is Outcome.CANCELLED:
            update = AIUpdate(request.generation, request.kind, error="the search was cancelled")
        else:
            update = AIUpdate(request.generation, request.kind, error=str(report.payload))
        self._out.put((job.seq, update))

    def _serve(self) -> None:
        backend = self._backend
        deadline: float | None = None
        try:
            backend.start()
            while True:
                commands = [self._next_command(block=backend.idle)]
                while True:
                    try:
                        commands.append(self._commands.get_nowait())
                    except queue.Empty:
                        break
                for command in commands:
                    if isinstance(command, Close):
                        deadline = command.deadline
                        return
                    if isinstance(command, Submit):
                        backend.submit(command.job)
                    elif isinstance(command, Cancel):
                        backend.cancel()
                backend.pump()
                if self._take_over is not None:
                    backend = self._to_thread(backend)
        except Exception as exc:  # a bug here must reach the UI as an error, not a silent hang
            self._crash = f"the AI worker stopped: {describe(exc)}"
        finally:
            backend.shutdown(time.monotonic() + 0.4 if deadline is None else deadline)

    def _next_command(self, block: bool) -> Command:
        try:
            return self._commands.get(timeout=None if block else _POLL)
        except queue.Empty:
            return Wake()      # time to look at the running search again

    def _recover(self, job: Job, lost: Lost) -> bool:
        """The search process failed on ``job``: ask a new process again, or have the search
        thread take it over if a new one was already started for it or if the process never
        started (a new one would take as long to fail). False when nobody waits for ``job`` any
        more (replaced or cancelled): the next request starts a new process anyway; and False when
        a process crashed on it (a segfault in the compiled search) and the search thread would be
        next: the request ends with an error rather than run where it could crash the game's own
        process."""
        with self._lock:
            if self._closed or self._active is None or self._active.seq != job.seq:
                return False
            crashed_before = self._crashed == job.seq
            if lost.crashed:
                self._crashed = job.seq
            if self._retried != job.seq and lost.started:
                self._retried = job.seq
                self._notices.append(Recovery.NEW_PROCESS)
            elif lost.crashed or crashed_before:
                return False  # it crashed a search process: in the game's own process it could crash the game
            else:
                self._take_over = job
                self._notices.append(Recovery.THREAD if lost.started else Recovery.THREAD_NOT_STARTED)
            del self._notices[:-_KEPT_NOTICES]  # a caller that never asks keeps only the latest
        log.warning("%s (request %d)", lost, job.seq)
        if self._take_over is None:
            self._backend.submit(job)  # run by this pump's end, in a new process
        return True

    def _to_thread(self, backend: ThreadBackend | ProcessBackend) -> ThreadBackend:
        """Shut the search process down for good and hand the waiting request to a search thread."""
        job, self._take_over = self._take_over, None
        assert job is not None
        backend.shutdown(time.monotonic() + 0.4)
        thread = self._thread_backend()
        self._backend, self.use_process = thread, False
        thread.start()
        thread.submit(job)
        thread.pump()
        return thread
