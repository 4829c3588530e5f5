"""Running many games or positions: a process pool, and a progress line on stderr."""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Callable, Iterator, Sequence

from game.i18n import _

#: Seconds a terminated worker gets to end before it is killed.
STOP_GRACE = 1.0
_DONE = object()

class Progress:
    """A one-line progress bar on stderr (redrawn in place with \\r); ``label`` is in the user's
    language."""

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
        # TRANSLATORS: the time a run still needs, after its progress bar ("eta" in English).
        line = f"{self.label} [{bar}] {self.done}/{self.total} {extra}  " + _("eta {time}").format(time=_fmt_secs(eta))
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
            done = _("{label}: {done}/{total} done in {time}").format(
                label=self.label, done=self.done, total=self.total, time=_fmt_secs(time.monotonic() - self.start))
            self.stream.write(f"{end}{done}{clear}\n")
            self.stream.flush()


def _fmt_secs(s: float) -> str:
    s = int(round(s))
    return f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s"


def run_parallel(func: Callable[[Any], Any], tasks: Sequence[Any], workers: int) -> Iterator[Any]:
    """Results of ``func`` over ``tasks`` in completion order; in-process for one worker.

    Each worker process has a pipe of its own and is handed one task at a time, so no lock is
    shared with a worker and stopping never waits on one. Workers never see Ctrl+C (SIGINT is
    ignored in them from their first instruction): the caller alone is interrupted, and when it
    leaves this generator for any reason (an exception, SIGTERM turned into one by the tools'
    tail, a closed generator) every worker is terminated and reaped before it goes on.
    A worker's exception is raised here again; a worker that dies is a RuntimeError.
    """
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield func(task)
        return
    # spawn: the same behaviour on Linux, macOS and Windows, and no forked locks.
    ctx = mp.get_context("spawn")
    crew: list[tuple[BaseProcess, Connection]] = []
    try:
        with _sigint_ignored_by_children():
            for _ in range(min(workers, len(tasks))):
                mine, theirs = ctx.Pipe()
                process = ctx.Process(target=_serve, args=(func, theirs), daemon=True)
                process.start()
                theirs.close()
                crew.append((process, mine))
        yield from _hand_out(tasks, crew)
    finally:
        _stop(crew)


def _hand_out(tasks: Sequence[Any], crew: list[tuple[BaseProcess, Connection]]) -> Iterator[Any]:
    """Give each idle worker the next task and yield each answer as it arrives."""
    todo = iter(tasks)
    busy = {}
    for process, conn in crew:
        task = next(todo, _DONE)
        if task is not _DONE:
            conn.send(task)
            busy[conn] = process
    while busy:
        ready = wait([*busy, *(p.sentinel for p in busy.values())])
        for conn in [c for c in busy if c in ready]:
            try:
                ok, value = conn.recv()
            except EOFError:
                raise RuntimeError(_("a worker process stopped (exit code {code})").format(
                    code=busy[conn].exitcode)) from None
            if not ok:
                raise value
            task = next(todo, _DONE)
            if task is _DONE:
                del busy[conn]
            else:
                conn.send(task)
            yield value
        for conn, process in busy.items():
            if process.sentinel in ready and not conn.poll():
                raise RuntimeError(_("a worker process stopped (exit code {code})").format(code=process.exitcode))


def _serve(func: Callable[[Any], Any], conn: Connection) -> None:
    """A worker: answer tasks until the pipe closes. An exception is sent back to be raised there."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # already so where it was inherited (see above)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            # the caller closed its end: EOF, or a reset where it closed with an answer unread
            # (a duplex pipe is a socket pair on Linux): either way the work is over, quietly
            return
        try:
            answer = (True, func(task))
        except Exception as exc:  # raised again in the caller, with its message
            answer = (False, exc)
        try:
            conn.send(answer)
        except (OSError, EOFError):
            return


@contextmanager
def _sigint_ignored_by_children() -> Iterator[None]:
    """Start processes that ignore SIGINT from their first instruction, without losing one here.

    An ignored signal stays ignored across fork and exec (a blocked one does not: the spawn
    resets the mask), and Python then leaves it ignored. Meanwhile SIGINT is blocked here, and a
    blocked signal is kept pending (on Linux even while ignored), so a Ctrl+C during the start
    arrives once the handler is back. Outside the main thread nothing is changed."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    blocking = hasattr(signal, "pthread_sigmask")
    old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if blocking else None
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler if handler is None else handler)
        if old_mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)


def _stop(crew: list[tuple[BaseProcess, Connection]]) -> None:
    """Terminate every worker still running, then reap them all (killed after a grace time)."""
    for process, conn in crew:
        if process.is_alive():
            process.terminate()   # before the pipe closes, so a worker is not woken by its close
        conn.close()
    for process, _conn in crew:
        process.join(STOP_GRACE)
        if process.is_alive():
            process.kill()
            process.join()


def default_workers() -> int:
    return os.cpu_count() or 1
