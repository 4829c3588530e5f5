"""Exact solvers for the work done beside the game's own searches: practice proving drills and
refutations, the course checking answers. Each runs on a thread of the keeper that asked, never on
the window's thread and never on the worker's.

A solver's table is written without a lock, so no two threads share one: ``Provers.solver(name)``
gives the thread ``name`` its own, made on first use with a table of the size the keeper was given,
and kept for the next job on that thread (its entries are facts about positions, good for every
later proof)."""

from __future__ import annotations

import threading

from game.engine.solver import Solver

__all__ = ["Provers"]


class Provers:
    """One solver per named thread, each with a ``table_mb`` table."""

    def __init__(self, table_mb: float) -> None:
        self.table_mb = table_mb
        self._lock = threading.Lock()
        self._solvers: dict[str, Solver] = {}

    def solver(self, name: str) -> Solver:
        """The solver of the thread called ``name`` (made now if it has none yet)."""
        with self._lock:
            solver = self._solvers.get(name)
            if solver is None:
                solver = self._solvers[name] = Solver(table_mb=self.table_mb)
            return solver
