"""The pruned search returns exactly what an unpruned negamax with the same rules returns.

``plain_value`` below is the search's definition written as simply as possible: no
alpha-beta, no table, no move ordering, no inlining. The real search adds all of those
for speed; none of them may change the value it reports for the best move.
"""

from __future__ import annotations

import random

import pytest

#: Every test here runs on both paths of the depth search: compiled and plain Python.
pytestmark = pytest.mark.usefixtures("depth_path")

from game.engine.board import BOARD, BOTTOM, CELLS, COLUMN_MASKS, Position, winning_cells_mask
from game.engine.heuristics import evaluator
from game.engine.alphabeta import SQUASH
from game.engine.search import SearchConfig, Searcher


def plain_value(pos: Position, depth: int, cfg: SearchConfig) -> float:
    value, _ = _plain(pos, depth, cfg)
    return value(pos.current, pos.mask, pos.moves, depth)


def plain_column_values(pos: Position, depth: int, cfg: SearchConfig) -> dict[int, float]:
    """{column: value} of every root move, by the rules of ``value`` (the root cannot win at once)."""
    value, leaf = _plain(pos, depth, cfg)
    current, mask, moves = pos.current, pos.mask, pos.moves
    opp_win = winning_cells_mask(current ^ mask, mask)
    possible = (mask + BOTTOM) & BOARD
    candidates = ((possible & opp_win) or possible) & ~(opp_win >> 1)
    children = {c: candidates & m for c, m in enumerate(COLUMN_MASKS) if candidates & m}
    d = depth - 1 if len(children) > 1 else depth
    return {c: -leaf(current ^ mask, mask | move, moves + 1) if d == 0
            else -value(current ^ mask, mask | move, moves + 1, d) for c, move in children.items()}


def _plain(pos: Position, depth: int, cfg: SearchConfig):
    evaluate = evaluator(cfg.heuristic, cfg.window_weights)
    squash = SQUASH[cfg.heuristic]
    root = pos.moves

    def leaf(current, mask, moves):
        ply = moves - root
        factor = 1.0 - cfg.discount * ply / depth if ply <= depth else (1.0 - cfg.discount) * depth / ply
        v = evaluate(current, mask, moves) * factor
        return v / (abs(v) + squash)

    def value(current, mask, moves, d):
        """Value for the side to move, who cannot win at once, with d >= 1 plies left."""
        opp_win = winning_cells_mask(current ^ mask, mask)
        possible = (mask + BOTTOM) & BOARD
        forced = possible & opp_win
        if forced & (forced - 1):
            return -((CELLS - moves) // 2)
        candidates = (forced or possible) & ~(opp_win >> 1)
        if not candidates:
            return -((CELLS - moves) // 2)
        if moves >= CELLS - 2:
            return 0
        children = [candidates & m for m in COLUMN_MASKS if candidates & m]
        if len(children) > 1:
            d -= 1  # a forced move costs no depth
        # the last ply's children are static leaves: no tactics below the depth limit
        return max(-leaf(current ^ mask, mask | move, moves + 1) if d == 0
                   else -value(current ^ mask, mask | move, moves + 1, d) for move in children)

    return value, leaf


def _random_positions(n: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = Position()
        for _ in range(rng.randrange(0, 30)):
            moves = [c for c in pos.legal_moves() if not pos.is_winning_move(c)]
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        if pos.is_over() or any(pos.is_winning_move(c) for c in pos.legal_moves()):
            continue
        opp_win = winning_cells_mask(pos.current ^ pos.mask, pos.mask)
        forced = ((pos.mask + BOTTOM) & BOARD) & opp_win
        candidates = (forced or (pos.mask + BOTTOM) & BOARD) & ~(opp_win >> 1)
        if forced & (forced - 1) or not candidates:
            continue  # decided at once: the search answers those without searching
        out.append(pos)
    return out


@pytest.mark.parametrize("heuristic", ["scoremap", "window", "threats"])
@pytest.mark.parametrize("discount", [0.0, 0.25, 0.6])
def test_pruned_search_value_equals_plain_negamax(heuristic: str, discount: float) -> None:
    for i, pos in enumerate(_random_positions(40, seed=len(heuristic) * 1000 + int(discount * 100))):
        depth = 1 + i % 4
        cfg = SearchConfig(depth=depth, heuristic=heuristic, discount=discount)
        searcher = Searcher(cfg)
        values = searcher.root_values(pos, depth, None, None, full_window=True)
        expected = plain_value(pos, depth, cfg)
        assert max(values.values()) == pytest.approx(expected, abs=1e-12), (str(pos), depth)
        # the narrow-window root (what play uses) agrees on the best value
        narrow = searcher.root_values(pos, depth, None, None, full_window=False)
        assert max(narrow.values()) == pytest.approx(expected, abs=1e-12), (str(pos), depth)


@pytest.mark.parametrize("heuristic", ["scoremap", "window"])
def test_iterative_deepening_reports_the_plain_value_of_the_full_depth(heuristic: str) -> None:
    # Hints carried between iterations (and between moves) reorder moves but never change values.
    searcher = Searcher(SearchConfig(depth=4, heuristic=heuristic))
    for pos in _random_positions(15, seed=7):
        result = searcher.search(pos)
        assert result.score == pytest.approx(plain_value(pos, 4, searcher.config), abs=1e-12), str(pos)
        assert pos.can_play(result.move)


def test_time_budget_interrupted_iteration_keeps_its_completed_root_moves() -> None:
    # When the time budget (not the user) stops an iteration, the root moves it completed are
    # kept: the first is the previous best, and a move that beat it was searched fully. A stop
    # by the user still answers with the last finished iteration.
    from game.engine.search import SearchCancelled

    pos = Position.from_moves("4453")
    previous = Searcher(SearchConfig(depth=4)).search(pos)
    other = next(c for c in pos.legal_moves() if c != previous.move)

    def interrupted(stop=None):
        searcher = Searcher(SearchConfig(depth=6, time_limit=60.0))
        real = searcher.root_values

        def root_values(p, depth, stop_, deadline, *, full_window):
            if depth < 6:
                return real(p, depth, stop_, deadline, full_window=full_window)
            searcher._completed = {previous.move: 0.1, other: 0.5}  # both completed at depth 6
            raise SearchCancelled("time budget exhausted")

        searcher.root_values = root_values
        return searcher.search(pos, stop=stop)

    timed_out = interrupted()
    assert (timed_out.move, timed_out.score, timed_out.depth, timed_out.cancelled) == (other, 0.5, 4, False)

    class Stopped:
        def is_set(self) -> bool:
            return True

    stopped = interrupted(Stopped())
    assert (stopped.move, stopped.depth, stopped.cancelled) == (previous.move, 4, True)


def test_scores_are_floats_even_when_proven() -> None:
    for moves in ("717263", "443454", "44"):  # a forced loss, an immediate win, a quiet opening
        assert type(Searcher(SearchConfig(depth=4)).search(Position.from_moves(moves)).score) is float


def test_threat_cache_holds_true_threats_and_stays_bounded(plain_depth) -> None:
    # The plain search caches board.winning_cells_mask(discs, 0) per set of one side's discs. The
    # cache persists across iterations and searches; it must hold the true masks, respect its
    # bound, and a tiny (constantly trimmed) cache must give the same values as a large one.
    big = Searcher(SearchConfig(depth=6))
    tiny = Searcher(SearchConfig(depth=6))
    tiny._core.max_threats = 256
    for pos in _random_positions(12, seed=11):
        expected = plain_value(pos, 6, big.config)
        for searcher in (big, tiny):
            assert searcher.search(pos).score == pytest.approx(expected, abs=1e-12), str(pos)
        assert tiny.table_counts()[2] <= 256
    assert big.table_counts()[2] > 256
    assert all(r == winning_cells_mask(discs, 0) for discs, r in big._core.threat_cache.items())
    assert all(r == winning_cells_mask(discs, 0) for discs, r in tiny._core.threat_cache.items())


@pytest.mark.parametrize("moves", ["", "4", "44", "3355", "2266", "4444"])
def test_symmetric_root_searches_one_of_each_mirror_pair(moves: str) -> None:
    # A root that is its own mirror image searches only one move of each mirror pair and
    # copies its value to the other (scoremap only): every column still gets the value
    # that the unpruned negamax gives it.
    pos = Position.from_moves(moves)
    for depth in (3, 4):
        cfg = SearchConfig(depth=depth)
        expected = plain_column_values(pos, depth, cfg)
        values = Searcher(cfg).root_values(pos, depth, None, None, full_window=True)
        assert set(values) == set(expected)
        for col, v in expected.items():
            assert values[col] == pytest.approx(v, abs=1e-12), (moves, depth, col)
            assert values[col] == values[6 - col]
        narrow = Searcher(cfg).root_values(pos, depth, None, None, full_window=False)
        assert max(narrow.values()) == pytest.approx(max(expected.values()), abs=1e-12)
        assert Searcher(cfg).search(pos).score == pytest.approx(max(expected.values()), abs=1e-12)


def test_cached_threat_evaluation_equals_the_plain_one() -> None:
    # The threats heuristic reads each side's threat cells from the search's cache; with a
    # cache small enough to be trimmed all the time it must still return exactly
    # evaluate_threats' value, and the cache must hold true threat cells within its bound.
    from game.engine.heuristics.threat_parity import cached_evaluator, evaluate_threats

    cache: dict[int, int] = {}
    trims = []

    def compute(discs: int) -> int:  # what the search does on a miss: bounded, then filled
        if len(cache) >= 64:
            trims.append(len(cache))
            cache.clear()
        cells = cache[discs] = winning_cells_mask(discs, 0)
        return cells

    cached = cached_evaluator(cache, compute)
    rng = random.Random(12)
    checked = 0
    for _ in range(150):
        pos = Position()
        while not pos.is_over():
            assert cached(pos.current, pos.mask, pos.moves) == evaluate_threats(pos.current, pos.mask, pos.moves)
            assert len(cache) <= 64
            checked += 1
            pos = pos.play(rng.choice(pos.legal_moves()))
    assert trims and checked > 2000
    assert all(cells == winning_cells_mask(discs, 0) for discs, cells in cache.items())
