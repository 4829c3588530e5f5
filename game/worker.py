"""The computer player behind the window: a thread the UI talks to, a search process behind it.

The UI thread only ever puts a request in a queue (``submit``), takes whatever has arrived
(``poll``, once per frame) and never waits. A background thread owns the search process: it
forwards the latest request, cancels the running search through a ``multiprocessing.Event`` the
engine's ``stop`` polls, passes progress and results back, and replaces the process if it dies or
ignores its stop.

Why a process and not just the thread: the search is pure Python, so in a thread it holds the GIL
and a 60 fps loop loses frames (docs/engine.md has the frame times). The process also runs at a
lower priority (nice), so the window gets the CPU first. ``AIWorker(use_process=False)`` keeps the
search in the thread, for where processes are not possible; config.toml's ``[ai] worker`` chooses.

Each request has a ``Kind`` and each kind one result type (``RESULT_TYPES``); a new kind is a new
``Kind`` member, its result type and its handler in ``_HANDLERS``.

Every request carries the model's generation. A newer ``submit`` or a ``cancel`` makes all answers
to older requests stale: ``poll`` never returns them. The UI still compares ``update.generation``
with the model's (or passes it to ``poll``) because the model can change without a new request.
"""

from __future__ import annotations

import enum
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, TypeAlias

from game.engine.board import Position
from game.engine.review import DEFAULT_TIME as DEFAULT_REVIEW_TIME
from game.engine.review import GameReview, ReviewProgress, review_game
from game.engine.search import Searcher
from game.engine.search_values import Progress, SearchConfig, SearchResult
from game.engine.solver import SearchCancelled, Solver

__all__ = ["AIRequest", "AIResult", "AIUpdate", "AIWorker", "ColumnScores", "KINDS", "Kind", "RESULT_TYPES"]


class Kind(enum.StrEnum):
    """What a request asks for (equal to its name as a string: ``Kind.MOVE == "move"``)."""

    MOVE = "move"  # the computer's move
    HINT = "hint"  # a move suggested to the human
    ANALYSIS = "analysis"  # every column's score
    REVIEW = "review"  # every move of a game classified against exact play


class ColumnScores(NamedTuple):
    """An analysis: each column's score (None for a full column), and whether they are exact."""

    scores: tuple[float | None, ...]
    exact: bool


AIResult: TypeAlias = SearchResult | ColumnScores | GameReview
#: The type of ``AIUpdate.result`` for each kind of request.
RESULT_TYPES: dict[Kind, type] = {Kind.MOVE: SearchResult, Kind.HINT: SearchResult, Kind.ANALYSIS: ColumnScores,
                                  Kind.REVIEW: GameReview}
KINDS: tuple[Kind, ...] = tuple(Kind)
ANALYSIS_TIME = 0.5  # seconds for column scores when the config has no time limit
_MAX_SEARCHERS = 4  # Searchers (each with its own table) kept alive per worker, least recent dropped
_NICE = 5  # the search process's lower scheduling priority (Unix)
_POLL = 0.01  # how often the thread looks at the process while a search runs (seconds)
_STOP_GRACE = 1.0  # a search still running this long after its stop is a hung process: replaced


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


def _kind(value: Kind | str, owner: str) -> Kind:
    try:
        return Kind(value)
    except ValueError:
        raise ValueError(f"{owner}.kind must be one of {', '.join(KINDS)}, not {value!r}") from None


@dataclass(frozen=True)
class AIUpdate:
    """Something the worker reports about a request.

    Exactly one of ``progress``, ``result``, ``error`` is set. ``result`` has the type
    ``RESULT_TYPES[kind]``: a SearchResult for a move or a hint, ColumnScores for an analysis,
    a GameReview for a review (whose progress reports are ReviewProgress).
    After a result or an error (``final``) nothing more comes for that request.
    """

    generation: int
    kind: Kind
    progress: Progress | None = None
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


def _describe(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class _Engine:
    """Runs requests, keeping one Searcher per config so its table helps from move to move.

    Tables are never shared between configs: a different heuristic, weight or depth gets its own
    Searcher. At most ``_MAX_SEARCHERS`` are kept; the least recently used one is dropped.
    """

    def __init__(self) -> None:
        self._searchers: dict[SearchConfig, Searcher] = {}
        self._review_solver: Solver | None = None  # one table for every review: proofs are reused

    def _searcher(self, config: SearchConfig) -> Searcher:
        key = replace(config, time_limit=None)  # a table does not depend on the time limit
        searcher = self._searchers.pop(key, None)
        if searcher is None:
            while len(self._searchers) >= _MAX_SEARCHERS:
                del self._searchers[next(iter(self._searchers))]
            searcher = Searcher(config)
        searcher.config = config  # e.g. a longer analysis of the same position: its table goes on
        self._searchers[key] = searcher  # most recently used last
        return searcher

    def handle(self, request: AIRequest, stop: Any, on_progress: Callable[[Progress], None]) -> tuple[str, Any]:
        """("result", value), ("error", message) or ("cancelled", None); never raises."""
        try:
            if request.kind == Kind.REVIEW:  # one solver table for every review, not a searcher
                return "result", self._review(request, stop, on_progress)
            searcher = self._searcher(request.config)
            return "result", _HANDLERS[request.kind](searcher, request, stop, on_progress)
        except SearchCancelled:
            return "cancelled", None
        except Exception as exc:  # the engine failing must not take the game down
            return "error", _describe(exc)

    def _review(self, request: AIRequest, stop: Any, on_progress: Callable[[Any], None]) -> GameReview:
        if self._review_solver is None:
            self._review_solver = Solver(table_mb=request.config.table_mb)
        return review_game(request.moves, time_per_position=request.config.time_limit or DEFAULT_REVIEW_TIME,
                           solver=self._review_solver, stop=stop,
                           on_progress=lambda done, total, review: on_progress(ReviewProgress(done, total, review)))


def _best_move(searcher: Searcher, request: AIRequest, stop: Any,
               on_progress: Callable[[Progress], None]) -> SearchResult:
    return searcher.search(request.position, stop=stop, on_progress=on_progress)


def _analyse(searcher: Searcher, request: AIRequest, stop: Any, on_progress: Callable[[Progress], None]) -> ColumnScores:
    limit = request.config.time_limit
    scores, exact = searcher.column_scores(
        request.position, time_limit=ANALYSIS_TIME if limit is None else limit, stop=stop
    )
    return ColumnScores(tuple(scores), bool(exact))


#: How each kind of request is answered (in the search process, or the thread).
_HANDLERS: dict[Kind, Callable[[Searcher, AIRequest, Any, Callable[[Progress], None]], AIResult]] = {
    Kind.MOVE: _best_move,
    Kind.HINT: _best_move,
    Kind.ANALYSIS: _analyse,
}


_ORPHAN_CHECK = 1.0  # seconds between two looks at whether the game process still exists


def _process_main(requests: Any, updates: Any, stop: Any) -> None:
    """Body of the search process: answer (seq, request) items until None arrives."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in a terminal is the parent's to handle
    try:
        os.nice(_NICE)  # on a busy machine the window, not the search, gets the CPU first
    except (AttributeError, OSError):  # no nice() on Windows
        pass
    engine = _Engine()
    parent = multiprocessing.parent_process()
    stop = _StopOrOrphaned(stop, parent)
    while True:
        try:
            item = requests.get(timeout=_ORPHAN_CHECK)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return  # the game was killed without closing us: nobody will ever ask again
            continue
        if item is None:
            return
        seq, request = item
        done = threading.Event()
        beat = threading.Thread(target=_heartbeat, args=(updates, seq, done), name="heartbeat", daemon=True)
        beat.start()
        try:
            tag, payload = engine.handle(request, stop, lambda p, seq=seq: updates.put((seq, "progress", p)))
        finally:
            done.set()
            beat.join()
        updates.put((seq, tag, payload))


_HEARTBEAT = 0.25  # seconds between two "still working" messages of a running search
_STALL_AFTER = 3.0  # seconds of silence (plus the request's own time limit) that mean a stalled process


def _heartbeat(updates: Any, seq: int, done: threading.Event) -> None:
    """Say "still working" while a request runs. A search that runs for minutes without finishing
    an iteration still sends these, so silence means the process itself is stopped (SIGSTOP, a
    debugger, swapped out for good) or wedged, never that the search is merely long."""
    while not done.wait(_HEARTBEAT):
        updates.put((seq, "alive", None))


def silence_bound(request: AIRequest) -> float:
    """How long a running request's process may send nothing before it counts as stalled: the
    request's own time limit (per position for a review) plus :data:`_STALL_AFTER`, so a slow
    machine that still meets the time limit is never taken for a stalled one."""
    return _STALL_AFTER + (request.config.time_limit or 0.0)


class _StopOrOrphaned:
    """The search's stop flag, also raised when the game process has died (a crash, kill -9)."""

    def __init__(self, stop: Any, parent: Any) -> None:
        self._stop = stop
        self._parent = parent

    def is_set(self) -> bool:
        return self._stop.is_set() or (self._parent is not None and not self._parent.is_alive())


Emit = Callable[[int, AIRequest, str, Any], None]


class _Superseded:
    """The ``stop`` of an in-thread search: set once the UI has sent anything newer."""

    def __init__(self, worker: AIWorker) -> None:
        self._worker = worker

    def is_set(self) -> bool:
        return self._worker._changes != self._worker._seen


class _InlineBackend:
    """Runs the search in the worker thread itself (``use_process=False``)."""

    def __init__(self, emit: Emit, stop: _Superseded) -> None:
        self._emit = emit
        self._stop = stop
        self._engine = _Engine()
        self._pending: tuple[int, AIRequest] | None = None

    def start(self) -> None:
        pass

    @property
    def idle(self) -> bool:
        return self._pending is None

    def submit(self, seq: int, request: AIRequest) -> None:
        self._pending = (seq, request)

    def cancel(self) -> None:
        self._pending = None

    def pump(self) -> None:
        if self._pending is None:
            return
        seq, request = self._pending
        self._pending = None
        tag, payload = self._engine.handle(
            request, self._stop, lambda p: self._emit(seq, request, "progress", p)
        )
        self._emit(seq, request, tag, payload)

    def shutdown(self, deadline: float) -> None:
        pass

    def kill(self) -> None:
        pass


class _ProcessBackend:
    """Owns the search process; used only from the worker thread (``kill`` excepted)."""

    def __init__(self, emit: Emit) -> None:
        self._emit = emit
        self._ctx = multiprocessing.get_context("spawn")  # fork is unsafe once SDL runs threads
        self._proc: Any = None
        self._requests: Any = None
        self._updates: Any = None
        self._stop: Any = None
        self._running: tuple[int, AIRequest] | None = None  # sent to the process, not answered yet
        self._pending: tuple[int, AIRequest] | None = None  # waits until the process is free
        self._stopped_at: float | None = None  # when the running search was told to stop
        self._heard_at = 0.0  # when the process last said anything about the running request

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
        self._proc.start()

    @property
    def idle(self) -> bool:
        return self._running is None and self._pending is None

    def submit(self, seq: int, request: AIRequest) -> None:
        self._pending = (seq, request)
        self._stop_running()

    def cancel(self) -> None:
        self._pending = None
        self._stop_running()

    def _stop_running(self) -> None:
        if self._running is not None:
            self._stop.set()
            if self._stopped_at is None:
                self._stopped_at = time.monotonic()

    def pump(self) -> None:
        """Pass on what the process said, restart it if it died, send the next request when free."""
        if self._running is not None:
            self._drain()
            if self._running is not None and not self._proc.is_alive():
                self._drain()  # it may have answered just before dying
                if self._running is not None:
                    self._fail(f"the search process stopped unexpectedly (exit code {self._proc.exitcode})")
            elif self._running is not None and self._stopped_at is None:
                silent = time.monotonic() - self._heard_at
                if silent > silence_bound(self._running[1]):
                    self._fail(f"the search process stopped answering ({silent:.0f} s without a word: "
                               f"suspended or stuck)")
            elif self._running is not None and self._stopped_at is not None:
                if time.monotonic() - self._stopped_at > _STOP_GRACE:
                    # It ignores its stop (hung, or suspended): its answer is stale anyway.
                    seq, request = self._running
                    self._running = None
                    self._emit(seq, request, "cancelled", None)
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
                seq, tag, payload = self._updates.get_nowait()
            except queue.Empty:
                return
            except Exception as exc:  # a message torn by a dying process
                self._fail(f"lost contact with the search process ({_describe(exc)})")
                return
            running_seq, request = self._running
            if seq != running_seq:
                continue
            self._heard_at = time.monotonic()
            if tag == "alive":
                continue
            if tag != "progress":
                self._running = None
            self._emit(seq, request, tag, payload)

    def _fail(self, message: str) -> None:
        seq, request = self._running  # type: ignore[misc]
        self._running = None
        self._emit(seq, request, "error", message)
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


class AIWorker:
    """The computer player's thread (and process); see the module docstring.

    Used from the UI thread only: ``submit``, ``cancel``, ``poll`` and ``busy`` never block.
    ``close`` returns within its timeout and leaves no thread or process behind.
    """

    def __init__(self, use_process: bool = True) -> None:
        self.use_process = use_process
        self._lock = threading.Lock()
        self._seq = 0  # number of the latest submitted request
        self._active: tuple[int, AIRequest] | None = None  # the request poll() reports on
        self._closed = False
        self._commands: queue.Queue[tuple[Any, ...]] = queue.Queue()
        self._out: queue.Queue[tuple[int, AIUpdate]] = queue.Queue()
        # Count of submit/cancel/close calls, and how many of them the thread has taken in: an
        # in-thread search (use_process=False) stops as soon as the two differ.
        self._changes = 0
        self._seen = 0
        self._crash: str | None = None
        self._start_thread()

    def _start_thread(self) -> None:
        self._commands = queue.Queue()
        self._crash = None
        if self.use_process:
            self._backend: _InlineBackend | _ProcessBackend = _ProcessBackend(self._emit)
        else:
            self._backend = _InlineBackend(self._emit, _Superseded(self))
        self._thread = threading.Thread(target=self._serve, name="AIWorker", daemon=True)
        self._thread.start()

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
            self._active = (self._seq, request)
            self._commands.put(("submit", self._seq, request))
            self._changes += 1

    def cancel(self) -> None:
        """Stop the running search; nothing more is reported for it."""
        with self._lock:
            self._active = None
            self._commands.put(("cancel",))
            self._changes += 1

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
                if self._active is None or seq != self._active[0]:
                    continue
                if update.final:
                    self._active = None
                if generation is None or update.generation == generation:
                    updates.append(update)
            if self._active is not None and self._crash is not None and not self._thread.is_alive():
                request = self._active[1]
                updates.append(AIUpdate(request.generation, request.kind, error=self._crash))
                self._active = None
        return updates

    def close(self, timeout: float = 0.5) -> None:
        """Stop everything within ``timeout`` seconds, terminating a busy search process."""
        if self._closed:
            return
        deadline = time.monotonic() + timeout
        self._closed = True
        with self._lock:
            self._active = None
            # The thread gets most of the time; the rest is for our join and the last resort.
            self._commands.put(("close", deadline - 0.2 * timeout))
            self._changes += 1
        self._thread.join(max(0.0, deadline - 0.05 * timeout - time.monotonic()))
        if self._thread.is_alive():
            self._backend.kill()
            self._thread.join(max(0.0, deadline - time.monotonic()))

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- worker thread -----------------------------------------------------------------------

    def _emit(self, seq: int, request: AIRequest, tag: str, payload: Any) -> None:
        # "cancelled" only ever answers a replaced or cancelled request, which poll() drops; it
        # still ends the request, so that nothing can wait for it forever.
        if tag == "cancelled":
            payload = "the search was cancelled"
        if tag == "progress":
            update = AIUpdate(request.generation, request.kind, progress=payload)
        elif tag == "result":
            update = AIUpdate(request.generation, request.kind, result=payload)
        else:
            update = AIUpdate(request.generation, request.kind, error=str(payload))
        self._out.put((seq, update))

    def _serve(self) -> None:
        backend = self._backend
        deadline: float | None = None
        try:
            backend.start()
            while True:
                commands = [self._next_command(block=backend.idle)]
                with self._lock:  # the UI puts and counts under this lock: nothing slips between
                    while True:
                        try:
                            commands.append(self._commands.get_nowait())
                        except queue.Empty:
                            break
                    self._seen = self._changes
                for command in commands:
                    if command is None:
                        continue
                    if command[0] == "close":
                        deadline = command[1]
                        return
                    if command[0] == "submit":
                        backend.submit(command[1], command[2])
                    else:
                        backend.cancel()
                backend.pump()
        except Exception as exc:  # a bug here must reach the UI as an error, not a silent hang
            self._crash = f"the AI worker stopped: {_describe(exc)}"
        finally:
            backend.shutdown(time.monotonic() + 0.4 if deadline is None else deadline)

    def _next_command(self, block: bool) -> tuple[Any, ...] | None:
        try:
            return self._commands.get(timeout=None if block else _POLL)
        except queue.Empty:
            return None
