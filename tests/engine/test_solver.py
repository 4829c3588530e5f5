"""Exact solver tests: golden scores from the public benchmark sets, column scores from a
bookless C++ solver's analysis, a brute-force reference on tiny endgames, mirror symmetry,
cancellation and the exact mode of the Searcher.

Data (``game.data``, shipped with the package): the benchmark sets testsets/Test_L*_R*
(`<moves> <score>` per line) and the analyses analysis/*.txt (`<moves> s1..s7`).
"""

from __future__ import annotations

import random
import threading

import pytest

import game.engine.solver as solver_module
from game.engine.board import Position
from game.engine.scores import loss_next_score, score_range, win_next_score
from game.engine.search import SearchCancelled, SearchConfig, Searcher
from game.engine.solver import Partial, Solver

try:
    import reference_board as rb
except ImportError:  # pragma: no cover
    from tests import reference_board as rb

from game.data import read_analysis, read_testset

from conftest import cpu_seconds

#: Every test here runs on both paths of the search: compiled and plain Python.
pytestmark = pytest.mark.usefixtures("search_path")

#: Early positions whose every column is scored in the shipped analysis (a mix of wins, draws,
#: losses and full columns).
COLUMN_SAMPLE = ("737534232264", "76325166734314", "22523567532", "27164442432572", "6165621512444",
                 "7556555542416", "621151271121", "43547622727711")


def load_set(name: str) -> list[tuple[str, int]]:
    return read_testset(name)


def load_columns() -> list[tuple[str, list[int | None]]]:
    rows = dict(read_analysis("begin_easy_100.txt") + read_analysis("begin_medium_100.txt"))
    return [(moves, list(rows[moves])) for moves in COLUMN_SAMPLE]


def check_set(rows: list[tuple[str, int]]) -> None:
    solver = Solver()
    wrong = []
    for moves, score in rows:
        got = solver.solve(Position.from_moves(moves))
        if got != score:
            wrong.append((moves, score, got))
    assert not wrong, f"{len(wrong)} of {len(rows)} wrong, e.g. (moves, expected, got): {wrong[:5]}"


def test_data_files_are_complete():
    for name in ("Test_L3_R1", "Test_L2_R1", "Test_L1_R1", "Test_L2_R2", "Test_L1_R2"):
        assert len(load_set(name)) == 1000, name
    assert len(load_columns()) >= 6


def test_end_easy_all_1000():
    check_set(load_set("Test_L3_R1"))


def test_middle_easy_all_1000():
    check_set(load_set("Test_L2_R1"))


def test_begin_easy_sample():
    check_set(random.Random(1).sample(load_set("Test_L1_R1"), 30))


def test_middle_medium_sample():
    check_set(random.Random(1).sample(load_set("Test_L2_R2"), 30))


def test_begin_medium_few():
    # Three lines of a seeded sample (random.Random(2).sample(set, 25)) that solve in
    # seconds here; most Begin-Medium positions take far longer in pure Python, which is a
    # benchmark matter (python -m game.bench), not a unit test.
    rows = dict(load_set("Test_L1_R2"))
    chosen = ["63613675463", "54346366755256", "212252433734"]
    check_set([(m, rows[m]) for m in chosen])


@pytest.mark.parametrize("moves, expected", load_columns())
def test_column_scores_agree_with_reference_analysis(moves, expected):
    pos = Position.from_moves(moves)
    assert Solver().column_scores(pos) == expected
    # the position's score is its best column's score
    assert Solver().solve(pos) == max(s for s in expected if s is not None)


def _endgames(seed: int, count: int, discs: int):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        for ref in rb.random_game(rng, discs):
            pass
        if not ref.is_over() and ref.moves == discs:
            out.append(ref)
    return out


@pytest.mark.parametrize("discs", [28, 32, 36])
def test_matches_brute_force_on_tiny_endgames(discs):
    solver = Solver()
    n = {28: 12, 32: 25, 36: 40}[discs]
    seen = set()
    for ref in _endgames(discs, n, discs):
        pos = Position.from_moves(ref.history)
        expected = rb.ref_column_scores(ref)
        assert solver.column_scores(pos) == expected, ref
        best = max(s for s in expected if s is not None)
        assert solver.solve(pos) == best, ref
        seen.add((best > 0) - (best < 0))
    if discs == 36:
        assert seen == {-1, 0, 1}, "wins, losses and draws should all occur"


def test_win_at_once_and_full_columns_in_column_scores():
    pos = Position.from_moves("443454")  # Red wins at once in columns 2 and 6 (1-based)
    scores = Solver().column_scores(pos)
    assert scores[1] == scores[5] == 22 - 4
    # End-Easy line: columns 2, 3, 4, 5 and 7 (1-based) are full
    pos = Position.from_moves("2252576253462244111563365343671351441")
    scores = Solver().column_scores(pos)
    full = {c for c in range(7) if not pos.can_play(c)}
    assert full and {c for c, s in enumerate(scores) if s is None} == full
    assert scores == rb.ref_column_scores(rb.RefBoard.from_moves("2252576253462244111563365343671351441"))
    assert max(s for s in scores if s is not None) == -1  # the set's score for this line


def test_mirrored_positions_have_the_same_scores():
    solver = Solver()
    rows = random.Random(5).sample(load_set("Test_L2_R1"), 60) + random.Random(5).sample(load_set("Test_L1_R1"), 5)
    for moves, score in rows:
        pos = Position.from_moves(moves)
        assert solver.solve(pos.mirror()) == score, moves
    for moves, expected in load_columns()[:4]:
        mirrored = Position.from_moves(moves).mirror()
        assert Solver().column_scores(mirrored) == expected[::-1], moves


def test_solve_rejects_finished_games():
    with pytest.raises(ValueError):
        Solver().solve(Position.from_moves("1212121"))
    with pytest.raises(ValueError):
        Solver().column_scores(Position.from_moves("251534155311616247273454344272337757216666"))


@pytest.mark.parametrize("table_mb", [0, -1, 5000])
def test_solver_rejects_bad_table_size(table_mb):
    with pytest.raises(ValueError) as info:
        Solver(table_mb=table_mb)
    assert "table_mb" in str(info.value)


def test_nodes_are_counted():
    # Every node visited is counted once: a golden count for a fixed position and a fresh
    # table, nothing for a position decided without a search, fewer with the table warm,
    # and ``reset`` starts again from 0.
    s = Solver()
    pos = Position.from_moves("5554224333234511764415115")
    assert s.solve(pos) == 4 and s.nodes == 163
    s.nodes = 0
    assert s.solve(pos) == 4 and 0 < s.nodes < 163  # the table remembers the bounds
    s.reset()
    assert s.nodes == 0 and s.table_entries() == 0
    assert s.solve(Position.from_moves("112233")) == 18 and s.nodes == 0  # a win at once
    assert s.solve(pos) == 4 and s.nodes == 163  # a reset table: the same search again


@pytest.mark.usefixtures("bookless")
def test_stop_flag_cancels_a_solve():
    # An opening position the pure-Python solver needs a long time for: with the flag set
    # from another thread after 0.2 s it must give up with SearchCancelled.
    stop = threading.Event()
    timer = threading.Timer(0.2, stop.set)
    timer.start()
    try:
        with pytest.raises(SearchCancelled):
            Solver().solve(Position.from_moves("44"), stop=stop)
    finally:
        timer.cancel()
    assert stop.is_set()


@pytest.mark.usefixtures("bookless")
def test_stop_already_set():
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchCancelled):
        Solver().solve(Position.from_moves("4"), stop=stop)


@pytest.mark.usefixtures("bookless")
@pytest.mark.parametrize("moves", ["", "4", "44", "445", "4453", "44536"])
def test_partial_bounds_start_at_the_positions_score_range(moves):
    # Before any test has finished, ``partial`` holds the trivial bounds: losing to the
    # opponent's next disc, winning with one's own. With an odd number of discs the floor
    # division in ``-(CELLS - moves) // 2`` would claim one less than the least possible score.
    pos = Position.from_moves(moves)
    stop = threading.Event()
    stop.set()
    solver = Solver()
    with pytest.raises(SearchCancelled):
        solver.solve(pos, stop=stop)
    assert solver.partial == (loss_next_score(pos.moves), win_next_score(pos.moves), None)
    assert solver.partial == (*score_range(pos.moves), None)


def test_table_is_reused_between_calls_and_bounded():
    # The table is a fixed number of slots: it fills as positions are solved, never grows,
    # and what it holds makes a position solved before cheaper than with a fresh table.
    s = Solver(table_mb=0.05)
    assert s.slots == 6553  # the largest prime slot count that fits 0.05 MB
    for moves, score in load_set("Test_L2_R1")[:60]:
        assert s.solve(Position.from_moves(moves)) == score
    assert s.slots // 2 < s.table_entries() <= s.slots
    assert len(s._table) == s.slots
    moves, score = load_set("Test_L2_R1")[59]
    fresh = Solver(table_mb=0.05)
    assert fresh.solve(Position.from_moves(moves)) == score
    s.nodes = 0
    assert s.solve(Position.from_moves(moves)) == score
    assert s.nodes < fresh.nodes / 2, (s.nodes, fresh.nodes)


# ------------------------------------------------ Searcher exact mode
def test_searcher_exact_mode_matches_test_sets():
    searcher = Searcher(SearchConfig(depth=None))
    rows = random.Random(3).sample(load_set("Test_L3_R1"), 40) + random.Random(3).sample(load_set("Test_L2_R1"), 40)
    for moves, score in rows:
        pos = Position.from_moves(moves)
        r = searcher.search(pos)
        assert r.exact and r.score == score, (moves, score, r)
        assert r.move in pos.legal_moves()
        child = pos.play(r.move)
        if not child.is_over():  # the move keeps the score
            assert -Solver().solve(child) == score, (moves, r.move)


def test_searcher_column_scores_exact_when_in_time():
    for moves, expected in load_columns()[:3]:
        scores, exact = Searcher().column_scores(Position.from_moves(moves), time_limit=60)
        assert exact
        assert list(scores) == [None if e is None else float(e) for e in expected]


@pytest.mark.usefixtures("bookless")
def test_searcher_column_scores_estimates_when_out_of_time():
    pos = Position.from_moves("4")
    scores, exact = Searcher().column_scores(pos, time_limit=0.3)
    assert not exact
    assert len(scores) == 7 and all(s is not None for s in scores)
    assert all(-1 < s < 1 for s in scores)  # nothing is proven this early


def test_searcher_column_scores_marks_full_columns_and_wins():
    scores, exact = Searcher().column_scores(Position.from_moves("444444"), time_limit=0.2)
    assert scores[3] is None and len(scores) == 7
    scores, _ = Searcher().column_scores(Position.from_moves("443454"), time_limit=0.2)
    assert scores[1] == scores[5] == 22 - 4


@pytest.mark.parametrize("moves", ["56772224666516437", "775614754275616246352", "3413557544415223344"])
def test_searcher_column_scores_fallback_keeps_proven_scores_true(moves):
    # With no time for the solver, column_scores falls back to estimates; any column it
    # still reports as a proven win or loss (|score| >= 1) must carry the exact score.
    # These positions have a column that wins at once, and other columns that do not lose.
    pos = Position.from_moves(moves)
    exact = Solver().column_scores(pos)
    scores, is_exact = Searcher(SearchConfig(depth=8)).column_scores(pos, time_limit=0.001)
    assert [s is None for s in scores] == [e is None for e in exact]
    if is_exact:
        assert list(scores) == [None if e is None else float(e) for e in exact]
    wrong = [(c, s, e) for c, (s, e) in enumerate(zip(scores, exact)) if s is not None and abs(s) >= 1 and s != e]
    assert not wrong, f"(column, reported, exact): {wrong}"


@pytest.mark.usefixtures("bookless")
def test_searcher_column_scores_can_be_cancelled():
    # The analysis view asks for column scores with a stop flag; setting it mid-analysis
    # must end the call (SearchCancelled) within the engine's 100 ms cancellation bound.
    import time

    stop = threading.Event()
    out: dict = {}

    def worker() -> None:
        try:
            out["result"] = Searcher().column_scores(Position.from_moves("4"), time_limit=60, stop=stop)
        except SearchCancelled as exc:
            out["result"] = exc
        out["cpu_end"] = time.thread_time()

    t = threading.Thread(target=worker, daemon=True)
    t.start()
    cpu = cpu_seconds(t)
    time.sleep(0.4)
    assert t.is_alive()
    cpu_at_cancel = cpu()
    stop.set()
    t.join(timeout=30)
    assert not t.is_alive()
    assert isinstance(out["result"], SearchCancelled)
    assert out["cpu_end"] - cpu_at_cancel < 0.100   # the search's own work after the flag


def compiled_path() -> bool:
    return solver_module.search_module.COMPILED


def test_threat_cache_holds_true_masks_and_stays_bounded():
    # The solver remembers, per set of one side's discs, the cells that would complete a
    # four for that side. Every cached mask must equal a fresh computation, the cache must
    # respect the table bound, and a solver whose cache is trimmed again and again still
    # solves exactly.
    from game.engine.board import BOARD, winning_cells_mask

    if compiled_path():
        pytest.skip("the compiled search computes threats without a cache")
    s = Solver(table_mb=1)
    for moves, score in load_set("Test_L2_R1")[:200]:  # ~60k nodes: far more than the bound
        assert s.solve(Position.from_moves(moves)) == score
        assert len(s.threat_cache) <= s.max_threats
    assert len(s.threat_cache) > s.max_threats // 4, "the cache was hardly used"
    for discs, mask in s.threat_cache.items():
        assert mask == winning_cells_mask(discs, 0) & BOARD


def load_analysis(name: str) -> list[tuple[str, list[int | None]]]:
    return [(moves, list(scores)) for moves, scores in read_analysis(name)]


@pytest.mark.parametrize("moves, expected", load_columns())
def test_best_move_is_optimal_whichever_column_goes_first(moves, expected):
    pos = Position.from_moves(moves)
    best = max(s for s in expected if s is not None)
    solver = Solver()
    for first in [None, *range(7)]:  # full columns and losing moves included
        col, score = solver.best_move(pos, first=first)
        assert score == best and expected[col] == best, (first, col, score)
        assert solver.partial == (best, best, col) or solver.partial.move is None, solver.partial
    # a win at once needs no search; partial says so rather than describe the last position
    pos = Position.from_moves("112233")
    assert solver.best_move(pos) == (3, 18) and solver.partial == (18, 18, 3)


class _StopAfter:
    """A stop flag that turns on at the solver's n-th look at it (it looks every 2048 nodes)."""

    def __init__(self, looks: int) -> None:
        self.left = looks

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0


@pytest.mark.usefixtures("bookless")
def test_cancelled_best_move_leaves_only_proved_facts():
    # Interrupt best_move at many points of its work, with the best or the worst column
    # searched first, and hold what `partial` claims against the C++ analysis: the score
    # lies within [lower, upper], the named move reaches `lower`, and -- while no root move
    # has used up its first share of nodes, so that `first` was searched to the end before
    # any other move started -- a named move other than `first` means `first` scores below
    # `lower`.
    counts = {"cut": 0, "named": 0, "overruled": 0}
    for moves, expected in load_analysis("begin_medium_100.txt")[:8]:
        pos = Position.from_moves(moves)
        best = max(s for s in expected if s is not None)
        playable = [c for c in range(7) if expected[c] is not None]
        for first in (max(playable, key=lambda c: expected[c]), min(playable, key=lambda c: expected[c])):
            for looks in (0, 1, 2, 4, 8):
                solver = Solver()
                try:
                    col, score = solver.best_move(pos, stop=_StopAfter(looks), first=first)
                except SearchCancelled:
                    counts["cut"] += 1
                else:
                    assert score == best and expected[col] == best
                assert solver.nodes < solver_module._ROOT_SHARE  # no share ran out
                lower, upper, move = solver.partial
                assert lower <= best <= upper, (moves, looks, solver.partial)
                if move is not None:
                    counts["named"] += 1
                    assert expected[move] >= lower, (moves, first, looks, solver.partial)
                    if move != first:
                        counts["overruled"] += 1
                        assert expected[first] < lower, (moves, first, looks, solver.partial)
    assert counts["cut"] >= 40 and counts["named"] >= 20 and counts["overruled"] >= 5, counts


def test_root_moves_share_the_work():
    # Middle-Medium, exact score 2: only column 2 wins; column 3 (searched first here, as a
    # heuristic's favourite would be) draws, and proving that alone takes ~580k nodes. The
    # root's moves take turns with growing node shares, so the winning move is proved long
    # before column 3 could have been refuted (searched one after the other: ~795k nodes).
    pos = Position.from_moves("175156173267761")
    drawing, winning = 2, 1
    refute = Solver()
    assert refute.solve(pos.play(drawing)) == 0
    solver = Solver()
    proved_at = []

    class Watch:
        def is_set(self) -> bool:
            if solver.partial.move == winning and not proved_at:
                proved_at.append(solver.nodes)
            return False

    assert solver.best_move(pos, stop=Watch(), first=drawing) == (winning, 2)
    assert proved_at and proved_at[0] < refute.nodes * 0.6, (proved_at, refute.nodes)


def test_best_move_goes_on_from_an_interrupted_call():
    # Master's second solver try starts from the bounds its first try proved: the climb
    # starts at the known lower bound instead of bisecting the whole range again.
    pos = Position.from_moves("6614446666373154")  # Middle-Medium, exact score -4
    expected = Solver().column_scores(pos)
    first = Solver()
    with pytest.raises(SearchCancelled):
        first.best_move(pos, stop=_StopAfter(3))
    known = first.partial
    assert known.lower < -4 <= known.upper and known.lower > loss_next_score(pos.moves), known
    solver = Solver()
    solver._root = None  # the Python root, whose tests can be watched (the compiled one is pinned to it)
    tested = []
    root_test = solver._root_test
    solver._root_test = lambda *args: tested.append(args[-1]) or root_test(*args)
    col, score = solver.best_move(pos, known=known)
    assert score == -4 and expected[col] == -4
    assert tested[0] == known.lower and tested == sorted(tested), tested


def test_best_move_refuses_known_bounds_that_cannot_hold():
    pos = Position.from_moves("6614446666373154")  # a loss: -4, at most 13 here
    with pytest.raises(ValueError, match="do not fit"):
        Solver().best_move(pos, known=Partial(14, 14, None))
