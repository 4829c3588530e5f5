"""The engine's memory: one table budget (``[ai] table_mb``) for all its searchers and the review's
solver, and tables freed as soon as their searcher is dropped."""

from __future__ import annotations

import gc
import weakref

from game.engine.board import Position
from game.engine.search_values import SearchConfig
from game.engine.tables import BOUNDS_BYTES, HINT_BYTES, THREAT_BYTES, SOLVER_SLOT_BYTES
from game.service.searchers import MAX_SEARCHERS, Searchers

MB = 1024 * 1024


def _configs(table_mb: int) -> list[SearchConfig]:
    """More configs than the engine keeps searchers for, exact and depth searches mixed."""
    return [SearchConfig(depth=None, table_mb=table_mb)] + [
        SearchConfig(depth=d, table_mb=table_mb) for d in range(2, 2 + MAX_SEARCHERS)]


def test_every_exact_solver_of_an_engine_shares_one_table():
    engine = Searchers()
    configs = _configs(64)
    tables = {id(engine.searcher(c).solver._table) for c in configs[:MAX_SEARCHERS]}
    tables.add(id(engine.review_solver(configs[0])._table))
    assert len(tables) == 1


def test_the_engines_tables_stay_within_table_mb():
    # The shared solver table and the depth-search tables of as many searchers as the engine
    # keeps, each at its bound, add up to no more than the budget (from a few megabytes on: below
    # that, the least entries every table keeps, ``tables.MIN_ENTRIES``, take more).
    for table_mb in (4, 16, 64, 4096):
        engine = Searchers()
        searchers = [engine.searcher(c) for c in _configs(table_mb)[1:MAX_SEARCHERS + 1]]
        solver_bytes = len(engine.solver_table(table_mb)) * SOLVER_SLOT_BYTES
        depth_bytes = sum(s.max_entries * BOUNDS_BYTES + s.max_threats * THREAT_BYTES + s.max_hints * HINT_BYTES
                          for s in searchers)
        assert len(searchers) == MAX_SEARCHERS
        assert solver_bytes + depth_bytes <= table_mb * MB, (table_mb, solver_bytes, depth_bytes)


def test_a_new_budget_drops_the_tables_of_the_old_one():
    engine = Searchers()
    old = engine.searcher(SearchConfig(depth=4, table_mb=64))
    table = engine.solver_table(64)
    new = engine.searcher(SearchConfig(depth=4, table_mb=16))
    assert new is not old and engine.solver_table(16) is not table
    assert len(engine.solver_table(16)) * SOLVER_SLOT_BYTES <= 16 * MB
    assert engine.searcher(SearchConfig(depth=4, table_mb=16)) is new


def test_an_evicted_searcher_and_its_solver_are_freed_without_the_collector():
    # Nothing refers back to a searcher or its solver: dropping the least recently used one
    # frees its tables at once, with the cycle collector off.
    engine = Searchers()
    configs = _configs(8)
    first = engine.searcher(configs[0])
    assert first.search(Position.from_moves("4453")).exact  # its solver made and used
    searcher, solver = weakref.ref(first), weakref.ref(first.solver)
    del first
    gc.collect()
    gc.disable()
    try:
        for config in configs[1:]:
            engine.searcher(config)
        assert searcher() is None and solver() is None
    finally:
        gc.enable()
