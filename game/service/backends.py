"""Where the computer thinks: which backend ``[ai] worker = "auto"`` picks, and the rules both
backends are supervised by. No pygame here.

``"auto"`` picks the search thread when both searches run compiled: their node loops release
the GIL, so the window keeps its frames while the thread searches, and no process has to start.
Where the package was installed without a C compiler the searches are plain Python, which holds
the GIL: ``auto`` then picks the search process, which keeps the window smooth."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine import alphabeta, negamax

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.service.searchers import Outcome
    from game.service.requests import AIRequest

    #: How a backend passes a report on to the worker thread, with the job it is about.
    Emit = Callable[["Job", "Report"], None]

__all__ = ["BACKENDS", "STOP_GRACE", "Backend", "Job", "Lost", "Report", "auto_backend", "compiled", "silence_bound",
           "use_process"]

#: The values of ``[ai] worker``: "auto" picks one of the other two.
BACKENDS = ("auto", "process", "thread")

STOP_GRACE = 1.0  # a search still running this long after its stop is stuck: abandoned, answered as cancelled
_STALL_AFTER = 3.0  # seconds beyond the request's own time limit that mean a stalled search


@dataclass(frozen=True, slots=True)
class Job:
    """A request and its number in the worker's order of submission (what the search process is
    sent: plain and picklable)."""

    seq: int
    request: AIRequest


@dataclass(frozen=True, slots=True)
class Report:
    """What a search says about job ``seq`` (what the search process sends back): an ``Outcome``
    and its payload (a progress report, a result, an error's line, or nothing)."""

    seq: int
    outcome: Outcome
    payload: Any = None


@dataclass(frozen=True, slots=True)
class Lost:
    """The payload of an ERROR report that says the search process failed, not the search: it
    died (whatever its exit code), stopped answering or never started. The request itself is
    sound and may be asked again of a new process (``game.service.worker`` does)."""

    reason: str  # one line for the log: what was seen (an exit code, a silence)
    started: bool = True  # False: it never said it had started (a new one would wait as long)
    crashed: bool = False  # killed by a crash of its own code (SIGSEGV...): not to be run in the game's process

    def __str__(self) -> str:
        return self.reason


def compiled() -> bool:
    """Whether both searches (the depth search and the exact solver) run compiled."""
    return alphabeta.COMPILED and negamax.COMPILED


def auto_backend() -> str:
    """The backend ``"auto"`` picks on this install: "thread" when compiled, else "process"."""
    return "thread" if compiled() else "process"


def use_process(setting: str) -> bool:
    """Whether ``[ai] worker = setting`` runs the search in a process ("auto" decides by install)."""
    if setting not in BACKENDS:
        raise ValueError(f"the worker must be one of {', '.join(BACKENDS)}, not {setting!r}")
    return (auto_backend() if setting == "auto" else setting) == "process"


def silence_bound(request: AIRequest) -> float:
    """How long a running request may say nothing before it counts as stalled: the request's own
    time limit (per position for a review) plus ``_STALL_AFTER``, so a slow machine that still
    meets the time limit is never taken for a stalled one."""
    return _STALL_AFTER + (request.config.time_limit or 0.0)


class Backend:
    """What both backends keep: the job running, the one waiting for it to end, and when the
    running one was told to stop. ``_stop`` is the running search's stop (anything with ``set``)."""

    def __init__(self, emit: Emit) -> None:
        self._emit = emit
        self._stop: Any = None
        self._running: Job | None = None  # started, not answered yet
        self._pending: Job | None = None  # waits until the running one ends
        self._stopped_at: float | None = None  # when the running search was told to stop
        self._heard_at = 0.0  # when the running search last said anything

    @property
    def idle(self) -> bool:
        return self._running is None and self._pending is None

    def submit(self, job: Job) -> None:
        self._pending = job
        self._stop_running()

    def cancel(self) -> None:
        self._pending = None
        self._stop_running()

    def _stop_running(self) -> None:
        if self._running is not None and self._stop is not None:
            self._stop.set()
            if self._stopped_at is None:
                self._stopped_at = time.monotonic()
