"""Bounded tables: entry counts from a memory budget, and the eviction that keeps them bounded.

Every table of the engine is a plain dict. Dicts keep insertion order, so dropping the older
half when a table is full keeps the most recent entries, which are the ones the search is most
likely to meet again, at the cost of one pass over the table.
"""

from __future__ import annotations

from itertools import islice
from math import isqrt
from typing import NamedTuple

#: The memory budget of a searcher's or a solver's tables, in megabytes, unless one is chosen.
DEFAULT_TABLE_MB = 64
#: The largest such budget.
MAX_TABLE_MB = 4096
#: Bytes of one entry on CPython (the dict slot plus key and value objects, with some slack).
#: They turn a budget in megabytes into entry counts; docs/engine.md tells how they were found.
BOUNDS_BYTES = 200  # depth search: key -> (depth, lower, upper)
HINT_BYTES = 90  # depth search: key -> best column
THREAT_BYTES = 150  # one side's discs -> the cells that would complete a four for it
SOLVER_ENTRY_BYTES = 110  # exact solver's threat cache (plain path): int -> int
SOLVER_SLOT_BYTES = 8  # exact solver's transposition table: one 64-bit word per slot
#: The exact solver's least slot count: a prime above this spreads the keys of even a small table.
MIN_SOLVER_SLOTS = 4093
#: How a depth searcher shares its budget: values, threat cells, move hints; the rest is the
#: exact solver's (which perfect play and analysis use).
BOUNDS_SHARE, THREAT_SHARE, HINT_SHARE = 0.32, 0.08, 0.1
SOLVER_SHARE = 1.0 - BOUNDS_SHARE - THREAT_SHARE - HINT_SHARE
#: The least entries a table holds, however small the budget.
MIN_ENTRIES = 256


def halve_table(table: dict) -> None:
    """Keep the newest half of a full table (dicts remember insertion order)."""
    kept = dict(islice(table.items(), len(table) // 2, None))
    table.clear()
    table.update(kept)


class SearchTableSizes(NamedTuple):
    """Entry bounds of a depth searcher's tables, and the megabytes left for its solver."""

    bounds: int
    threats: int
    hints: int
    solver_mb: float


def search_table_sizes(table_mb: int) -> SearchTableSizes:
    budget = table_mb * 1024 * 1024
    return SearchTableSizes(
        bounds=max(MIN_ENTRIES, int(budget * BOUNDS_SHARE) // BOUNDS_BYTES),
        threats=max(MIN_ENTRIES, int(budget * THREAT_SHARE) // THREAT_BYTES),
        hints=max(MIN_ENTRIES, int(budget * HINT_SHARE) // HINT_BYTES),
        solver_mb=table_mb * SOLVER_SHARE,
    )


def solver_table_entries(table_mb: float, tables: int) -> int:
    """Entry bound of each of ``tables`` solver tables sharing ``table_mb`` megabytes."""
    return max(2 * MIN_ENTRIES, int(table_mb * 1024 * 1024 / SOLVER_ENTRY_BYTES)) // tables


def _is_prime(n: int) -> bool:
    return n > 1 and all(n % d for d in range(2, isqrt(n) + 1))


def solver_table_slots(table_mb: float) -> int:
    """Slots of the exact solver's table in ``table_mb`` megabytes: the largest prime that fits.

    A prime count spreads the keys (which share many low bits) evenly over the slots.
    """
    n = max(MIN_SOLVER_SLOTS, int(table_mb * 1024 * 1024) // SOLVER_SLOT_BYTES)
    while not _is_prime(n):
        n -= 1
    return n
