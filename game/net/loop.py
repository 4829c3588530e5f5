"""The network thread: one asyncio event loop on a daemon thread, and the tasks it runs.

Every other thread only hands it work (:meth:`NetLoop.call`, :meth:`NetLoop.finish`), which
returns at once; nothing here waits on a socket on the caller's thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any


class NetLoop:
    """The loop and its thread, started at once; ``close_seconds`` bounds the last tasks' cancelling."""

    def __init__(self, close_seconds: float) -> None:
        self.close_seconds = close_seconds
        self.loop = asyncio.new_event_loop()
        self.tasks: set[asyncio.Task[None]] = set()
        self.thread = threading.Thread(target=self._run, name="connect4-network", daemon=True)
        self.thread.start()

    @property
    def alive(self) -> bool:
        return self.thread.is_alive()

    def _run(self) -> None:
        """The thread: the loop until ``finish``, then its last tasks cancelled (bounded) and the loop closed."""
        try:
            self.loop.run_forever()
        finally:
            tasks = asyncio.all_tasks(self.loop)
            for task in tasks:
                task.cancel()
            if tasks:
                self.loop.run_until_complete(asyncio.wait(tasks, timeout=self.close_seconds))
            self.loop.close()

    def call(self, fn: Callable[..., object], *args: object) -> None:
        """Run ``fn(*args)`` on the loop soon (from any thread); nothing once the thread has ended."""
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(fn, *args)

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` as a task of the loop, kept until done (on the loop's thread)."""
        task = self.loop.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def cancel_tasks(self) -> None:
        """Cancel every task spawned but the one running now."""
        for task in list(self.tasks):
            if task is not asyncio.current_task():
                task.cancel()

    def finish(self, last: Coroutine[Any, Any, None], wait: float = 0.0) -> None:
        """Run ``last`` (bounded by ``close_seconds``), then stop the loop and end the thread.
        Returns at once, or after at most ``wait`` seconds."""

        async def finish() -> None:
            try:
                await asyncio.wait_for(last, self.close_seconds)
            finally:
                self.loop.stop()

        asyncio.run_coroutine_threadsafe(finish(), self.loop)
        if wait > 0:
            self.thread.join(wait)
