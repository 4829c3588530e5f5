"""What the practice and course keepers share: slow work on threads of their own, answers handed
back by ticket, and notices for the player, all read by the window without waiting.

A keeper hands a job to one of its writers (``store.writer.Writer``: a thread started when work
arrives) and, where the window waits for a result, a ticket; the job's thread delivers the answer
under that ticket, and the window asks for it each frame (``answer``: handed out once). Notices
(a file that could not be written, a drill set aside) collect until the window's next ``poll``.
``close`` stops a running search and waits for the threads; work already handed over that writes
the player's progress is still done."""

from __future__ import annotations

import threading
from collections.abc import Callable
from time import perf_counter
from typing import Any, Generic, TypeVar

from game.store.writer import Writer

__all__ = ["BackgroundKeeper"]

Answer = TypeVar("Answer")


class BackgroundKeeper(Generic[Answer]):
    """The tickets, answers, notices and threads of a keeper (see the module's docstring)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._notices: list[str] = []
        self._answers: dict[int, Answer] = {}
        self._tickets = 0
        self._writers: list[Writer[Any]] = []

    def _writer(self, name: str, work: Callable[[list[Any]], None]) -> Writer[Any]:
        """A thread called ``name`` that hands each batch of jobs to ``work``; ``flush`` and
        ``close`` wait for it."""
        writer: Writer[Any] = Writer(name, work)
        self._writers.append(writer)
        return writer

    # -- the window's side -------------------------------------------------------------------

    def answer(self, ticket: int) -> Answer | None:
        """The answer for ``ticket`` once it has arrived (handed out once), else None."""
        with self._lock:
            return self._answers.pop(ticket, None)

    def poll(self) -> list[str]:
        """Notices for the player since the last call."""
        with self._lock:
            notices, self._notices = self._notices, []
        return notices

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every job handed over is done (tests; closing the window); False on timeout."""
        deadline = perf_counter() + timeout
        return all(writer.flush(max(0.0, deadline - perf_counter())) for writer in self._writers)

    def close(self, timeout: float = 1.0) -> bool:
        """Stop a running search and wait for the threads; progress handed over is still written."""
        self._stop.set()
        return self.flush(timeout)

    # -- the threads' side -------------------------------------------------------------------

    def _ticket(self) -> int:
        with self._lock:
            self._tickets += 1
            return self._tickets

    def _deliver(self, ticket: int, value: Answer) -> None:
        with self._lock:
            self._answers[ticket] = value

    def _tell(self, notice: str) -> None:
        with self._lock:
            self._notices.append(notice)
