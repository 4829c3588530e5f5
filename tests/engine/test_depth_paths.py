"""The depth search's two paths: compiled from ``game/engine/alphabeta.py`` and the plain file.

They must take the same steps: the same values, moves and node counts for every heuristic and
weights, also when their tables are so small that entries are dropped all the time. The compiled
path runs without the GIL: another thread stops it through a ``StopFlag`` (or any object with
``is_set()``), and its deadline is read from a C clock.
"""

from __future__ import annotations

import random
import threading
from time import perf_counter

import pytest
from conftest import depth_module

import game.engine.search as search_module
from game.engine import plain_alphabeta
from game.engine.alphabeta import StopFlag
from game.engine.board import CELLS, Position
from game.engine.heuristics import WindowWeights
from game.engine.heuristics.window import WINDOWS_THROUGH, make_window_delta, make_window_raw
from game.engine.search import SearchCancelled, SearchConfig, Searcher
from game.engine.solver import Solver
from game.engine.tables import halve_table

#: Weights other than the defaults (block weights unlike the own ones: a swap would show).
ODD_WEIGHTS = WindowWeights(own=(1.25, 4.0, 7.5), block=(0.75, 5.5, 23.0), scale=2.5)


def random_positions(n: int, seed: int, max_moves: int = 24) -> list[Position]:
    """Positions from random games where the side to move can neither win at once nor is lost
    at once (the search's root answers the others without a search)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = Position()
        for _ in range(rng.randrange(max_moves + 1)):
            col = rng.choice(pos.legal_moves())
            if pos.is_winning_move(col):
                break
            pos = pos.play(col)
        if not pos.is_over() and not any(pos.is_winning_move(c) for c in pos.legal_moves()):
            out.append(pos)
    return out


def run_both(monkeypatch, work) -> dict[str, object]:
    """``work()`` with the searchers of each path (skips where the compiled one is not built)."""
    results = {}
    for path in ("plain", "compiled"):
        monkeypatch.setattr(search_module, "core_module", depth_module(path))
        results[path] = work()
    return results


# Every heuristic with full tables (1 MB); with roomy ones (64 MB) two suffice: the tables' code
# is the same whatever the heuristic, and the window heuristic is the slow one to run twice.
@pytest.mark.parametrize("heuristic,weights,table_mb", [
    ("scoremap", None, 1), ("window", None, 1), ("window", ODD_WEIGHTS, 1), ("threats", None, 1),
    ("scoremap", None, 64), ("threats", None, 64),
])
def test_both_paths_give_the_same_values_after_the_same_nodes(monkeypatch, heuristic, weights, table_mb):
    # One searcher per path plays through many positions, so hints carry over between searches;
    # with 1 MB its tables are full and halved again and again.
    config = SearchConfig(depth=6, heuristic=heuristic, table_mb=table_mb,
                          **({"window_weights": weights} if weights else {}))
    positions = random_positions(40, seed=len(heuristic) + table_mb)
    plain = depth_module("plain")
    halved = []  # the sizes of the plain path's tables when they were full
    # (the plain path's closure is plain_alphabeta's, whichever module hands it out)
    monkeypatch.setattr(plain_alphabeta, "halve_table", lambda table: (halved.append(len(table)), halve_table(table)))

    def work():
        searcher = Searcher(config)
        out = []
        for i, pos in enumerate(positions):
            depth = 1 + i % 9
            values = searcher.root_values(pos, depth, full_window=bool(i % 2))
            out.append((list(values.items()), searcher.nodes, searcher.table_counts()[:2]))
        return out

    runs = run_both(monkeypatch, work)
    assert runs["compiled"] == runs["plain"]
    if table_mb == 1:  # the test proves the dropping only if both tables filled up
        full = Searcher(config)
        assert {full.max_entries, full.max_hints} <= set(halved), halved


@pytest.mark.parametrize("config", [
    SearchConfig(depth=8),
    SearchConfig(depth=7, heuristic="window"),
    SearchConfig(depth=6, heuristic="window", window_weights=ODD_WEIGHTS, discount=0.5),
    SearchConfig(depth=6, heuristic="threats"),
    SearchConfig(depth=6, seed=3),  # ties broken at random: every root move searched fully
    SearchConfig(depth=4, temperature=0.3, seed=5),  # a tempered level's choice
], ids=["scoremap", "window", "window-odd-weights", "threats", "seeded", "tempered"])
def test_the_levels_choose_the_same_moves_on_both_paths(monkeypatch, config):
    positions = random_positions(12, seed=config.depth)

    def work():
        searcher = Searcher(config)
        return [(r.move, r.score, r.depth, r.nodes, r.exact)
                for r in (searcher.search(pos) for pos in positions)]

    runs = run_both(monkeypatch, work)
    assert runs["compiled"] == runs["plain"]


def test_incremental_window_gain_is_the_full_evaluations_difference_for_any_weights():
    # The leaves use the window sum plus the gain of the new disc's windows; both must follow the
    # configured weights, block weights included (a gain with the default weights would differ).
    rng = random.Random(5)
    for weights in (ODD_WEIGHTS, WindowWeights(own=(0, 0, 1), block=(3, 0, 0), scale=1)):
        raw, delta = make_window_raw(weights), make_window_delta(weights)
        for pos in random_positions(300, seed=rng.randrange(1000), max_moves=CELLS - 4):
            opp = pos.current ^ pos.mask
            for col in pos.legal_moves():
                move = (pos.mask + (1 << (col * 7))) & (((1 << 6) - 1) << (col * 7))
                assert move in WINDOWS_THROUGH
                after = raw(pos.current | move, pos.mask | move)
                assert after - raw(pos.current, pos.mask) == pytest.approx(
                    delta(pos.current, opp, move), abs=1e-9), (str(pos), col, weights)


def test_a_passed_deadline_ends_the_search_on_both_paths(monkeypatch):
    pos = Position.from_moves("4453")

    def work():
        searcher = Searcher(SearchConfig(depth=12, heuristic="window"))
        with pytest.raises(SearchCancelled, match="time budget"):
            searcher.root_values(pos, 12, None, perf_counter() - 1.0, full_window=False)
        return searcher.nodes

    runs = run_both(monkeypatch, work)
    # both looked at the clock at the same node (the first check) and stopped there
    assert runs["compiled"] == runs["plain"] <= 2 * (search_module.core_module.CHECK_EVERY_SLOW + 1)


@pytest.mark.parametrize("stop_type", [StopFlag, threading.Event])
def test_a_stop_set_before_the_search_answers_at_once_on_both_paths(monkeypatch, stop_type):
    pos = Position.from_moves("4453")

    def work():
        stop = stop_type()
        stop.set()
        result = Searcher(SearchConfig(depth=20, heuristic="window")).search(pos, stop=stop)
        return result.cancelled, result.depth

    runs = run_both(monkeypatch, work)
    # depth 2 always finishes, depth 4 before the first look at the stop; then it stops
    assert runs["compiled"] == runs["plain"] == (True, 4)


def _stopped_from_the_main_thread(search, stop) -> object:
    """Run ``search(stop)`` in a thread; once it has started, do pure-Python work in this thread,
    then set ``stop``. The result shows whether the stop came while the search ran: with the GIL
    held by the search, this thread could not run until the search had ended by itself."""
    started = threading.Event()
    out = []

    def run():
        started.set()
        out.append(search(stop))

    thread = threading.Thread(target=run)
    thread.start()
    assert started.wait(30)
    total = sum(i * i for i in range(300_000))  # needs the GIL for every step
    stop.set()
    thread.join(120)
    assert not thread.is_alive() and total
    return out[0]


@pytest.mark.parametrize("stop_type", [StopFlag, threading.Event])
def test_the_compiled_depth_search_runs_without_the_gil(monkeypatch, stop_type):
    monkeypatch.setattr(search_module, "core_module", depth_module("compiled"))
    # without a stop it would run on for a minute (the time limit); stopped, it answers at once
    searcher = Searcher(SearchConfig(depth=CELLS, heuristic="window", time_limit=60.0))
    assert searcher.compiled
    result = _stopped_from_the_main_thread(lambda stop: searcher.search(Position(), stop=stop), stop_type())
    assert result.cancelled


@pytest.mark.parametrize("stop_type", [StopFlag, threading.Event])
def test_the_compiled_solver_runs_without_the_gil(bookless, stop_type):
    solver = Solver()
    if not solver.compiled:
        pytest.skip("the compiled search was not built")
    # a Begin-Hard position without the book: minutes of search unless stopped
    pos = Position.from_moves("4")

    def solve(stop):
        try:
            return solver.solve(pos, stop=stop, deadline=perf_counter() + 60.0)
        except SearchCancelled as exc:
            return str(exc)

    assert _stopped_from_the_main_thread(solve, stop_type()) == "search cancelled"


#: Weights that are no multiples of a power of two: sums of them depend on the order of the additions
#: unless the evaluation puts them on its grid first.
NON_GRID_WEIGHTS = WindowWeights(own=(0.3, 2.7, 9.1), block=(0.7, 2.2, 40.3), scale=1.3)


@pytest.mark.parametrize("path", ["plain", "compiled"])
@pytest.mark.parametrize("weights", [WindowWeights(), ODD_WEIGHTS, NON_GRID_WEIGHTS])
def test_the_carried_window_sum_is_the_fresh_sum_exactly_along_every_game(path, weights):
    # The search carries the window sum down the tree by each move's change instead of summing the
    # 69 windows at each leaf's parent; it must be the very same number, or the two would order
    # equal-looking moves differently.
    core = depth_module(path).new_core("window", weights, 0.25, 1000, 1000, 1000)
    raw = make_window_raw(weights)
    rng = random.Random(17)
    for _ in range(60):
        pos = Position()
        e = core.root_value(pos.current, pos.mask)
        while not pos.is_over():
            assert e == raw(pos.current, pos.mask), str(pos)
            col = rng.choice(pos.legal_moves())
            move = (pos.mask + (1 << (col * 7))) & (((1 << 6) - 1) << (col * 7))
            e = core.child_value(e, pos.current, pos.mask, move)
            pos = pos.play(col)


def test_the_window_weights_count_on_a_grid_of_1024ths():
    on_grid = NON_GRID_WEIGHTS.on_grid()
    assert on_grid.own == (307 / 1024, 2765 / 1024, 9318 / 1024)
    assert on_grid.block == (717 / 1024, 2253 / 1024, 41267 / 1024)
    assert on_grid.scale == NON_GRID_WEIGHTS.scale and WindowWeights().on_grid() == WindowWeights()


@pytest.mark.parametrize("bad", [float("inf"), float("nan"), 1e7, -1e7])
def test_window_weights_beyond_the_exact_range_are_refused(bad):
    with pytest.raises(ValueError, match="own"):
        WindowWeights(own=(bad, 1.0, 1.0))


def test_both_paths_agree_with_weights_off_the_grid(monkeypatch):
    config = SearchConfig(depth=6, heuristic="window", window_weights=NON_GRID_WEIGHTS)
    positions = random_positions(12, seed=23)

    def work():
        searcher = Searcher(config)
        return [(r.move, r.score, r.nodes) for r in (searcher.search(pos) for pos in positions)]

    runs = run_both(monkeypatch, work)
    assert runs["compiled"] == runs["plain"]


def test_the_compiled_hints_keep_every_key_and_column_as_the_plain_dict_does():
    # A compiled hint is one word: the key in its low bits, the column above it. Keys from the
    # empty board's 0 to the largest a position can have, more of them than the table holds (it
    # drops its older half again and again), each read back as the plain path's dict reads it.
    rng = random.Random(31)
    top = (1 << depth_module("plain").KEY_BITS) - 1
    keys = [0, 1, top, top - 1, *(rng.randrange(top) for _ in range(3000))]
    cores = [depth_module(path).new_core("scoremap", WindowWeights(), 0.25, 256, 256, 256)
             for path in ("plain", "compiled")]
    for i, key in enumerate(keys):
        for core in cores:
            core.set_hint(key, i % 7)
        if i % 50 == 0 or i < 4:
            probes = [keys[j] for j in range(max(0, i - 300), i + 1)]
            assert [cores[1].hint(k) for k in probes] == [cores[0].hint(k) for k in probes], i
    assert cores[1].counts()[1] == cores[0].counts()[1] < 256
