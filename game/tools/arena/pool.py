"""Running many games or positions: a process pool, and a progress line on stderr."""

from __future__ import annotations

import multiprocessing as mp
import os
import sys
import time
from typing import Any, Callable, Iterator, Sequence

class Progress:
    """A one-line progress bar on stderr (redrawn in place with \\r)."""

    def __init__(self, total: int, label: str, enabled: bool = True, stream: Any = None) -> None:
        self.total = total
        self.label = label
        self.enabled = enabled and total > 0
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.start = time.monotonic()
        # On a terminal the bar is redrawn in place; in a log file, one line per 10 %.
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._next_line = 0.0

    def update(self, extra: str = "") -> None:
        self.done += 1
        if not self.enabled:
            return
        width = 24
        filled = width * self.done // self.total
        elapsed = time.monotonic() - self.start
        eta = elapsed / self.done * (self.total - self.done)
        bar = "#" * filled + "." * (width - filled)
        line = f"{self.label} [{bar}] {self.done}/{self.total} {extra}  eta {_fmt_secs(eta)}"
        if self.tty:
            self.stream.write(f"\r{line} \x1b[K")
        elif self.done / self.total >= self._next_line:
            self.stream.write(line + "\n")
            self._next_line += 0.1
        else:
            return
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            end = "\r" if self.tty else ""
            clear = "\x1b[K" if self.tty else ""
            self.stream.write(f"{end}{self.label}: {self.done}/{self.total} done in {_fmt_secs(time.monotonic() - self.start)}{clear}\n")
            self.stream.flush()


def _fmt_secs(s: float) -> str:
    s = int(round(s))
    return f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s"


def run_parallel(func: Callable[[Any], Any], tasks: Sequence[Any], workers: int) -> Iterator[Any]:
    """Results of ``func`` over ``tasks`` in completion order; in-process for one worker."""
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield func(task)
        return
    # spawn: the same behaviour on Linux, macOS and Windows, and no forked locks.
    ctx = mp.get_context("spawn")
    pool = ctx.Pool(min(workers, len(tasks)))
    try:
        yield from pool.imap_unordered(func, tasks, chunksize=1)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def default_workers() -> int:
    return os.cpu_count() or 1
