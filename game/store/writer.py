"""A thread that does slow work (files, fsync) away from the window's thread, started when work
arrives and ended when there is none left: nothing runs between games. No pygame here."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["Writer"]

Job = TypeVar("Job")


class Writer(Generic[Job]):
    """Hands each batch of waiting jobs, oldest first, to ``work`` on a thread called ``name``.

    The thread is not a daemon: work handed over just before the program ends is still done."""

    def __init__(self, name: str, work: Callable[[list[Job]], None]) -> None:
        self._name = name
        self._work = work
        self._lock = threading.Lock()
        self._jobs: queue.Queue[Job] = queue.Queue()
        self._thread: threading.Thread | None = None

    def submit(self, job: Job) -> None:
        self._jobs.put(job)
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=self._name)
                self._thread.start()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted job is done; False on timeout."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def _run(self) -> None:
        while True:
            with self._lock:    # taken under the lock that submit starts a thread under: no job is left behind
                jobs = []
                while True:
                    try:
                        jobs.append(self._jobs.get_nowait())
                    except queue.Empty:
                        break
                if not jobs:
                    self._thread = None
                    return
            self._work(jobs)
