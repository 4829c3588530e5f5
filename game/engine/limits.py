"""What ends an exact search early, shared by the solver and its inner search (``negamax``).

The search is given a ``SearchLimits``, never the solver: nothing in the search refers back to
the solver, so a dropped solver and its table are freed at once, not by the cycle collector.
"""

from __future__ import annotations

from time import perf_counter

from . import negamax as search_module


class SearchCancelled(Exception):
    """Raised out of a search when its stop flag is set or its deadline passes."""


class ShareSpent(Exception):
    """A root move used up its share of a round (``Solver._root_test`` catches it)."""


class SearchLimits:
    """What ends a running search early: a root move's node share, a stop object, a deadline.

    The solver and its search share this object; the search never holds the solver, so a
    dropped solver's table is freed at once, not by the cycle collector.
    """

    __slots__ = ("node_limit", "stop", "deadline")

    def __init__(self) -> None:
        self.node_limit: int | None = None  # a root move's share ends here (see Solver._root_test)
        self.stop = None
        self.deadline: float | None = None

    def check(self, nodes: int) -> None:
        """Raise if the search must end now, ``nodes`` nodes into it."""
        if self.node_limit is not None and nodes > self.node_limit:
            raise ShareSpent
        if self.stop is not None and self.stop.is_set():
            raise SearchCancelled("search cancelled")
        if self.deadline is not None and perf_counter() > self.deadline:
            raise SearchCancelled("time budget exhausted")

    @staticmethod
    def raise_for(reason: int) -> None:
        """Raise what ``check`` raises, for the ``reason`` a compiled search gave for stopping."""
        if reason == search_module.SHARE_SPENT:
            raise ShareSpent
        raise SearchCancelled("search cancelled" if reason == search_module.STOPPED else "time budget exhausted")
