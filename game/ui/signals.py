"""Ending when the system asks: SIGTERM (a logout, a shutdown, ``kill PID``) and SIGHUP (the
terminal the game was started from closed).

Left to SDL, SIGTERM arrives as the window's close, and quitting an unfinished rated game opens a
question that nobody is there to answer: the program would hang until it is killed. So the game
installs its own handler before SDL starts (SDL only installs one over the default action, so it
leaves ours alone). The handler only notes the signal; the main loop sees it before the next
frame and ends through ``Controller.terminate``: no question, the game autosaved as it stands
(rated if it is), and the exit status a terminated program has, 128 + the signal's number.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType
from typing import Any, Self

__all__ = ["Termination"]

#: The signals that ask the program to end (SIGHUP does not exist on Windows).
SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


class Termination:
    """Notes the first of :data:`SIGNALS` that arrives while installed (a context manager)."""

    def __init__(self) -> None:
        self.signal: int | None = None
        self._previous: dict[int, Any] = {}

    @property
    def exit_status(self) -> int:
        """128 + the signal's number, as a shell reports a program the signal ended; 0 if none came."""
        return 128 + self.signal if self.signal is not None else 0

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.signal is None:
            self.signal = signum

    def __enter__(self) -> Self:
        # Only the main thread may install handlers (a game run from another thread keeps the defaults).
        if threading.current_thread() is threading.main_thread():
            for signum in SIGNALS:
                if signal.getsignal(signum) is not signal.SIG_IGN:  # ignored (``nohup``): left so
                    self._previous[signum] = signal.signal(signum, self)
        return self

    def __exit__(self, *exc_info: object) -> None:
        for signum, previous in self._previous.items():
            # None: the previous handler was not installed from Python (SDL's): back to the default
            signal.signal(signum, previous if previous is not None else signal.SIG_DFL)
        self._previous.clear()
