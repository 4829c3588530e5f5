"""Search tests: wins in N, blocks, never under a threat, faster wins,
depth discounting, determinism and seeded ties, cancellation, progress, time limit, table
bound, mirror symmetry, and agreement with a plain reference minimax on quiet positions.

Score scale (contract): |score| >= 1 a proven result, 22 - k for a win with the mover's
k-th disc; |score| < 1 a squashed heuristic estimate (only its order and sign matter).
"""

from __future__ import annotations

import gc
import random
import sys
import threading
import time
import types

import pytest

from game.engine.board import Position, format_moves
from game.engine.heuristics import HEURISTICS, WindowWeights
from game.engine.search import Progress, SearchConfig, Searcher, SearchResult
from game.engine.solver import Solver

from conftest import cpu_seconds

try:
    import reference_board as rb
except ImportError:  # pragma: no cover
    from tests import reference_board as rb


def run(moves, **config) -> SearchResult:
    return Searcher(SearchConfig(**config)).search(Position.from_moves(moves))


def sign(x: float) -> int:
    return (x > 0) - (x < 0)


# ------------------------------------------------------------- config
@pytest.mark.parametrize(
    "field, value",
    [("depth", 0), ("depth", 43), ("depth", -3), ("depth", 2.5), ("heuristic", "nonsense"),
     ("discount", -0.1), ("discount", 1.0), ("discount", 1.5), ("time_limit", 0), ("time_limit", -1),
     ("table_mb", 0), ("table_mb", 5000), ("seed", "abc"), ("window_weights", (0.5, 3.0, 9.0))],
)
def test_config_rejects_bad_values_naming_the_field(field, value):
    with pytest.raises(ValueError) as info:
        SearchConfig(**{field: value})
    assert field in str(info.value)


def test_config_defaults_match_the_contract():
    c = SearchConfig()
    assert (c.depth, c.heuristic, c.discount, c.time_limit, c.table_mb, c.seed, c.perfect_play) == \
        (8, "scoremap", 0.25, None, 64, None, False)
    assert c.window_weights == WindowWeights()
    SearchConfig(depth=None)  # exact mode is allowed
    SearchConfig(depth=42, discount=0.0, table_mb=1, time_limit=0.5, seed=3)


def test_search_on_finished_game_raises_value_error():
    with pytest.raises(ValueError):
        run("1212121")
    with pytest.raises(ValueError):
        Searcher().search(Position.from_moves("251534155311616247273454344272337757216666"))


# ------------------------------------------------------- wins and blocks
# End-game positions from the benchmark sets (Test_L3_R1 / Test_L2_R1) whose fastest forced
# win takes N own discs, with the columns that win that fast and columns that win only
# slower (so "prefers the faster win" is tested). Re-derived below by the brute-force
# reference before the engine is asked.
WINS_IN_N = [
    # (moves, N, fastest columns (0-based), slower winning columns)
    ("2762751722231276466633475674533", 2, {3}, {4}),
    ("531633412573473732555776574121142", 2, {3}, {1}),
    ("524216226637772126164361744551551", 2, {3, 6}, {2, 4}),
    ("326615663752621323655335514271", 3, {0, 1}, {6}),
    ("721465313316322566416737572477", 3, {3, 4}, {1}),
    ("566534627415342753162244615637277", 3, {3}, {0}),
]


@pytest.mark.parametrize("moves, n, fastest, slower", WINS_IN_N)
def test_reference_confirms_win_in_n_positions(moves, n, fastest, slower):
    ref = rb.RefBoard.from_moves(moves)
    assert rb.winning_columns_in(ref, n - 1) == set()
    assert rb.winning_columns_in(ref, n) == fastest
    # the slower columns win too, only later (exact solver, itself checked on the test sets)
    assert slower and not slower & fastest
    scores = Solver().column_scores(Position.from_moves(moves))
    best = max(s for s in scores if s is not None)
    assert {c for c, s in enumerate(scores) if s == best} == fastest
    assert {c for c, s in enumerate(scores) if s is not None and 0 < s < best} == slower


@pytest.mark.parametrize("heuristic", HEURISTICS)
@pytest.mark.parametrize("moves, n, fastest, slower", WINS_IN_N)
def test_finds_the_fastest_win_in_n(moves, n, fastest, slower, heuristic):
    pos = Position.from_moves(moves)
    k = pos.moves // 2 + n  # the winning disc is the mover's k-th
    for depth in sorted({2 * n - 1, 8}):
        r = Searcher(SearchConfig(depth=depth, heuristic=heuristic)).search(pos)
        assert r.move in fastest, (moves, depth, r)
        assert r.move not in slower
        assert r.score == 22 - k, (moves, depth, r)
        assert r.exact


def _random_positions(seed: int, count: int, min_moves: int = 4, max_moves: int = 36):
    """Positions (reference boards, game not over) from seeded random games."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        target = rng.randrange(min_moves, max_moves)
        for ref in rb.random_game(rng, target):
            pass
        if not ref.is_over():
            out.append(ref)
    return out


def _expectations(ref: rb.RefBoard):
    """What any correct move choice must satisfy, from the reference board alone."""
    legal = ref.legal_moves()
    wins = [c for c in legal if ref.completes_four(c)]
    threats = rb.opponent_threat_cells(ref)
    blocks = [c for c in legal if (c, ref.height(c)) in threats]
    safe = [c for c in legal if (c, ref.height(c) + 1) not in threats]
    return legal, wins, blocks, safe


def _is_avoid_case(ref: rb.RefBoard) -> bool:
    legal, wins, blocks, safe = _expectations(ref)
    return not wins and not blocks and bool(safe) and len(safe) < len(legal)


def test_win_in_one_at_every_depth():
    # "443454": Red (2,0),(3,0),(4,0) on the bottom row -> column 2 or 6 (1-based) wins at
    # once with Red's 4th disc (score 22 - 4); Yellow's stack in column 4 threatens (3,4).
    pos = Position.from_moves("443454")
    assert {c for c in range(7) if pos.is_winning_move(c)} == {1, 5}
    for depth in (1, 2, 5, 8):
        for h in HEURISTICS:
            r = Searcher(SearchConfig(depth=depth, heuristic=h)).search(pos)
            assert r.move in (1, 5) and r.score == 22 - 4 and r.exact


@pytest.mark.parametrize("depth", [1, 2, 3, 5])
@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_wins_blocks_and_never_plays_under_a_threat(depth, heuristic):
    # Property over random positions, checked against the reference board:
    #   a winning move exists        -> play one, score = win score
    #   exactly one threat to block  -> block it
    #   two or more threats          -> lost: a proven-loss score, and block one of them
    #   otherwise                    -> never play right under an opponent's winning cell
    #                                   when some other column is safe
    n = {1: 160, 2: 120, 3: 80, 5: 40}[depth]
    searcher = Searcher(SearchConfig(depth=depth, heuristic=heuristic))
    seen = {"win": 0, "block": 0, "lost": 0, "avoid": 0}
    positions = _random_positions(depth * 7 + len(heuristic), n)
    # random games rarely leave a cell to avoid without a win or block around: add some
    rng_seed = 500 + depth
    while sum(_is_avoid_case(r) for r in positions) < 4:
        positions += [r for r in _random_positions(rng_seed, 20, 10, 36) if _is_avoid_case(r)]
        rng_seed += 1
    for ref in positions:
        pos = Position.from_moves(ref.history)
        r = searcher.search(pos)
        legal, wins, blocks, safe = _expectations(ref)
        assert r.move in legal, ref
        if wins:
            seen["win"] += 1
            assert r.move in wins and r.score == rb.win_score(ref) and r.exact, (ref, r)
        elif len(blocks) == 1:
            seen["block"] += 1
            assert r.move == blocks[0], (ref, r)
        elif len(blocks) >= 2:
            seen["lost"] += 1
            assert r.score <= -1 and r.move in blocks, (ref, r)
        elif safe and len(safe) < len(legal):
            seen["avoid"] += 1
            assert r.move in safe, (ref, r)
    assert all(seen.values()), seen  # every rule was exercised


def test_blocks_an_immediate_threat_by_hand():
    # "717263": Red (6,0),(6,1),(5,0); Yellow (0,0),(1,0),(2,0) threatens (3,0). Red to move
    # and cannot win at once: column 4 (index 3) is the only move that does not lose.
    moves = "717263"
    legal, wins, blocks, safe = _expectations(rb.RefBoard.from_moves(moves))
    assert wins == [] and blocks == [3]
    pos = Position.from_moves(moves)
    for depth in (1, 2, 4, 8):
        for h in HEURISTICS:
            r = Searcher(SearchConfig(depth=depth, heuristic=h)).search(pos)
            assert r.move == 3, (depth, h, r)


def test_does_not_play_under_the_opponents_winning_cell_by_hand():
    # "23427374": Red (1,0),(3,0),(6,0),(6,1); Yellow (2,0),(1,1),(2,1),(3,1). Yellow's row-1
    # three would be completed at (0,1) or (4,1); both cells float over empty cells, so
    # playing column 1 or 5 (index 0 or 4) hands Yellow the win. Red has no threat of its own.
    moves = "23427374"
    ref = rb.RefBoard.from_moves(moves)
    legal, wins, blocks, safe = _expectations(ref)
    assert not wins and not blocks
    assert set(legal) - set(safe) == {0, 4}
    pos = Position.from_moves(moves)
    for depth in (1, 2, 3, 6):
        for h in HEURISTICS:
            r = Searcher(SearchConfig(depth=depth, heuristic=h)).search(pos)
            assert r.move in safe, (depth, h, r)
            assert abs(r.score) < 1 or r.score > 0


def test_plays_under_the_threat_when_it_is_the_only_column():
    # A drawn game one move before the end: a single open column, so it is played.
    moves = "251534155311616247273454344272337757216666"[:-1]
    pos = Position.from_moves(moves)
    assert pos.legal_moves() == (5,)
    for depth in (1, 3):
        assert run(moves, depth=depth).move == 5


# ------------------------------------------------------------ discounting
def test_discount_changes_some_choice():
    # Why a discount can change a choice at all: wins are exact (22 - k), so the discount
    # only touches heuristic leaves, and if every leaf lay exactly at the depth limit all of
    # them would keep the same (1 - f) and no choice could change. Leaves lie deeper than
    # the limit only behind forced moves (a block, or the one column not under an opponent's
    # winning cell), which cost no depth; those forcing lines are discounted more. So
    # somewhere among ordinary positions, f = 0 and a heavy f = 0.9 must pick different
    # columns -- typically a move that starts a forcing line (best undiscounted) against a
    # quiet one. (The default f = 0.25 and even 0.5 rarely change a choice, because the
    # last ply's leaves are static and extensions happen only above it; e.g.
    # "61432324", scoremap, depth 3: column 5 forces a block and wins with f = 0, the quiet
    # column 3 wins with f = 0.9.)
    witnesses = []
    for ref in _random_positions(4242, 60, 6, 30):
        pos = Position.from_moves(ref.history)
        for depth in (2, 3, 4):
            for h in ("scoremap", "window"):
                a = Searcher(SearchConfig(depth=depth, heuristic=h, discount=0.0)).search(pos)
                b = Searcher(SearchConfig(depth=depth, heuristic=h, discount=0.9)).search(pos)
                if a.move != b.move:
                    witnesses.append((format_moves(ref.history), depth, h, a.move, b.move))
                    # the exact parts of the evaluation do not depend on f
                    assert (abs(a.score) >= 1) == (abs(b.score) >= 1)
        if len(witnesses) >= 3:
            break
    assert witnesses, "f = 0 and f = 0.9 chose the same column in all 720 searches"


@pytest.mark.parametrize("heuristic", ["scoremap", "window"])
def test_discount_at_a_uniform_depth_only_shrinks_the_value(heuristic):
    # From the empty board to depth <= 4 no line can hold a threat, so every leaf lies at
    # the depth limit and keeps the same (1 - f): the choice cannot change and the value
    # keeps its sign but shrinks.
    for moves, depth in (("", 1), ("", 2), ("", 4), ("4", 3), ("44", 2)):
        a = run(moves, depth=depth, heuristic=heuristic, discount=0.0)
        b = run(moves, depth=depth, heuristic=heuristic, discount=0.5)
        assert a.move == b.move, (moves, depth)
        assert sign(a.score) == sign(b.score)
        assert abs(b.score) < abs(a.score) or a.score == 0


# Found by a random sweep: forced replies cost no depth, so leaves can lie beyond the depth
# limit, where the linear factor 1 - f * ply / depth reaches 0 or goes negative. Any
# positive per-leaf factor keeps the sign of the minimax value (max and min commute with
# sign()), so the sign of the root score must not depend on f: a discount may shrink a
# heuristic value (that is what it is for) but must neither invert it nor erase it to 0
# (an erased value looks like a dead draw and hides which forcing line is better).
SIGN_CASES = [
    ("262743147561267", 1, "window"),
    ("57771314", 2, "scoremap"),
    ("7117555621561", 2, "scoremap"),
]


@pytest.mark.parametrize("moves, depth, heuristic", SIGN_CASES)
def test_discount_never_inverts_the_score(moves, depth, heuristic):
    base = run(moves, depth=depth, heuristic=heuristic, discount=0.0)
    for f in (0.25, 0.5, 0.9):
        r = run(moves, depth=depth, heuristic=heuristic, discount=f)
        assert sign(r.score) * sign(base.score) >= 0, (moves, depth, heuristic, f, base.score, r.score)


@pytest.mark.parametrize("moves, depth, heuristic", SIGN_CASES)
def test_discount_never_erases_the_score(moves, depth, heuristic):
    base = run(moves, depth=depth, heuristic=heuristic, discount=0.0)
    assert base.score != 0
    for f in (0.25, 0.5, 0.9):
        r = run(moves, depth=depth, heuristic=heuristic, discount=f)
        assert sign(r.score) == sign(base.score), (moves, depth, heuristic, f, base.score, r.score)


def test_discount_sign_property_on_random_positions():
    inverted, erased = [], []
    for ref in _random_positions(2024, 40, 4, 24):
        moves = format_moves(ref.history)
        for depth in (1, 2, 3):
            base = run(moves, depth=depth, discount=0.0)
            r = run(moves, depth=depth, discount=0.9)
            if sign(r.score) * sign(base.score) < 0:
                inverted.append((moves, depth, base.score, r.score))
            elif sign(r.score) != sign(base.score):
                erased.append((moves, depth, base.score, r.score))
    assert not inverted, inverted[:5]
    assert not erased, erased[:5]


# --------------------------------------------------- reference minimax
QUIET = [("", 1), ("", 2), ("", 3), ("", 4), ("4", 1), ("4", 2), ("4", 3), ("44", 2), ("1", 3),
         ("17", 2), ("35", 2)]


@pytest.mark.parametrize("heuristic", ["scoremap", "window"])
@pytest.mark.parametrize("moves, depth", QUIET)
def test_agrees_with_plain_minimax_on_quiet_positions(moves, depth, heuristic):
    # No threat can arise within `depth` plies of these positions, so the engine's search
    # must pick one of the moves a plain fixed-depth minimax of the same heuristic rates best.
    ref = rb.RefBoard.from_moves(moves)
    if heuristic == "scoremap":
        def ev(b):
            return rb.ref_scoremap(b)
    else:
        def ev(b):
            return rb.ref_window(b)
    values = rb.ref_root_values(ref, depth, ev)
    best = max(values.values())
    r = run(moves, depth=depth, heuristic=heuristic)
    assert values[r.move] >= best - 1e-9, (values, r)
    assert sign(r.score) == sign(round(best, 9)) and abs(r.score) < 1


# ------------------------------------------------ determinism and seeds
def test_deterministic_by_default():
    pos = Position.from_moves("335544")  # mirror-symmetric: ties between c and 6 - c
    results = {Searcher(SearchConfig(depth=d)).search(pos).move for d in (3,) for _ in range(3)}
    assert len(results) == 1
    s = Searcher(SearchConfig(depth=5))
    first = s.search(pos)
    again = s.search(pos)
    s.search(Position.from_moves("1234"))
    after_other = s.search(pos)
    fresh = Searcher(SearchConfig(depth=5)).search(pos)
    assert first.move == again.move == after_other.move == fresh.move
    assert first.score == again.score == after_other.score == fresh.score


def test_seeded_randomness_varies_among_equal_wins_only():
    pos = Position.from_moves("443454")  # columns 2 and 6 (1-based) both win at once
    moves = {Searcher(SearchConfig(depth=4, seed=s)).search(pos).move for s in range(24)}
    assert moves == {1, 5}


@pytest.mark.parametrize("heuristic", ["scoremap", "window"])
def test_seeded_randomness_varies_among_equal_heuristic_moves_only(heuristic):
    # A mirror-symmetric position with the centre column full: columns c and 6 - c are equal.
    moves = "444444"
    depth = 2
    ref = rb.RefBoard.from_moves(moves)
    ev = rb.ref_scoremap if heuristic == "scoremap" else rb.ref_window
    values = rb.ref_root_values(ref, depth, ev)
    best = max(values.values())
    best_cols = {c for c, v in values.items() if v >= best - 1e-9}
    assert len(best_cols) >= 2
    chosen = []
    for s in range(30):
        r = Searcher(SearchConfig(depth=depth, heuristic=heuristic, seed=s)).search(Position.from_moves(moves))
        chosen.append(r.move)
    assert set(chosen) <= best_cols, (values, chosen)
    assert len(set(chosen)) >= 2, chosen
    # same seed, same answer
    again = [Searcher(SearchConfig(depth=depth, heuristic=heuristic, seed=s)).search(
        Position.from_moves(moves)).move for s in range(30)]
    assert again == chosen


def test_seed_never_picks_a_worse_move():
    # With a seed, a position whose best move is unique must still get that move.
    pos = Position.from_moves("717263")  # Red must block column 4
    assert {Searcher(SearchConfig(depth=3, seed=s)).search(pos).move for s in range(10)} == {3}
    for ref in _random_positions(77, 25, 4, 20):
        pos = Position.from_moves(ref.history)
        det = Searcher(SearchConfig(depth=3)).search(pos)
        for s in range(3):
            r = Searcher(SearchConfig(depth=3, seed=s)).search(pos)
            assert r.score == pytest.approx(det.score), ref


# ------------------------------------------------------ progress / cancel
def test_progress_after_every_depth():
    reports: list[Progress] = []
    pos = Position.from_moves("4453")
    r = Searcher(SearchConfig(depth=6)).search(pos, on_progress=reports.append)
    depths = [p.depth for p in reports]
    # one report per finished iteration, deepening to the configured depth (the engine may
    # step by two plies to keep the same side at the horizon)
    assert depths[-1] == 6 and depths[0] <= 2, depths
    assert all(0 < b - a <= 2 for a, b in zip(depths, depths[1:])), depths
    assert all(p.move in pos.legal_moves() for p in reports)
    assert all(abs(p.score) < 1 and not p.exact for p in reports)
    nodes = [p.nodes for p in reports]
    assert nodes == sorted(nodes) and nodes[-1] > nodes[0]
    assert all(p.elapsed >= 0 for p in reports)
    last = reports[-1]
    assert (r.move, r.score, r.depth) == (last.move, last.score, last.depth)
    assert not r.cancelled and r.nodes >= last.nodes


class StopAfterPolls:
    """A stop request that says yes on its ``polls``-th question once ``armed``: the search is
    stopped in the middle of an iteration whatever the machine's speed. ``cpu_at_set`` is the
    searching thread's CPU time when it first said yes."""

    def __init__(self, polls: int) -> None:
        self.polls, self.armed, self.cpu_at_set = polls, False, None

    def is_set(self) -> bool:
        if self.armed and self.cpu_at_set is None:
            self.polls -= 1
            if self.polls <= 0:
                self.cpu_at_set = time.thread_time()
        return self.cpu_at_set is not None


def test_cancel_mid_search_after_depth_13_returns_within_100_ms():
    # "274552224131661" (Middle-Medium, a draw): no proof comes early. Once depth 13 is reported
    # the request is armed; it says stop a few checks into the next iteration.
    pos = Position.from_moves("274552224131661")
    stop = StopAfterPolls(polls=3)
    reports: list[Progress] = []

    def on_progress(p: Progress) -> None:
        reports.append(p)
        if p.depth >= 13:
            stop.armed = True

    r = Searcher(SearchConfig(depth=30)).search(pos, stop=stop, on_progress=on_progress)
    latency = time.thread_time() - stop.cpu_at_set     # the search's own work after the request
    assert r.cancelled
    assert r.depth == reports[-1].depth >= 13
    assert r.move == reports[-1].move and r.score == reports[-1].score
    assert latency < 0.100, f"search returned {latency * 1000:.0f} ms after the stop request"


@pytest.mark.usefixtures("bookless")
@pytest.mark.parametrize("config", [SearchConfig(depth=None), SearchConfig(depth=20, perfect_play=True, time_limit=60)])
def test_cancel_exact_search_returns_within_100_ms(config):
    # Exact mode (and perfect play) on an opening the pure-Python solver cannot finish soon:
    # the stop flag must still give a legal move within 100 ms, marked cancelled.
    pos = Position.from_moves("4")
    stop = threading.Event()
    out: dict = {}

    def worker() -> None:
        out["result"] = Searcher(config).search(pos, stop=stop)
        out["cpu_end"] = time.thread_time()

    t = threading.Thread(target=worker, daemon=True)
    t.start()
    cpu = cpu_seconds(t)
    time.sleep(0.5)
    assert t.is_alive(), "the opening was solved in 0.5 s?"
    cpu_at_cancel = cpu()
    stop.set()
    t.join(timeout=30)
    assert not t.is_alive()
    r = out["result"]
    assert r.cancelled and r.move in pos.legal_moves() and not r.exact
    latency = out["cpu_end"] - cpu_at_cancel   # the search's own work after the flag
    assert latency < 0.100, f"search returned {latency * 1000:.0f} ms after the stop flag"


def test_stop_already_set_still_returns_a_legal_move():
    stop = threading.Event()
    stop.set()
    pos = Position.from_moves("4453")
    r = Searcher(SearchConfig(depth=12)).search(pos, stop=stop)
    assert r.move in pos.legal_moves() and r.cancelled and r.depth < 12


def test_stop_accepts_any_object_with_is_set():
    class Flag:
        calls = 0

        def is_set(self):
            Flag.calls += 1
            return False

    r = Searcher(SearchConfig(depth=9)).search(Position(), stop=Flag())
    assert r.depth == 9 and not r.cancelled and Flag.calls > 0


def test_time_limit_stops_iterative_deepening():
    pos = Position()
    reports: list[Progress] = []
    r = Searcher(SearchConfig(depth=42, time_limit=0.3)).search(pos, on_progress=reports.append)
    assert r.move in pos.legal_moves()
    assert 1 <= r.depth < 20 and not r.exact and not r.cancelled
    assert reports and r.depth == reports[-1].depth


# ---------------------------------------------------------------- tables
_NOT_DATA = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def deep_size(root) -> int:
    """Bytes of every object reachable from ``root`` (each counted once), not descending into
    classes, modules or functions (those are shared code, not the searcher's data)."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _NOT_DATA):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


MIB = 1024 * 1024


def test_table_stays_within_its_bound(plain_depth):
    # Everything a Searcher keeps after a search (its tables) must fit in table_mb. The
    # control run with a big bound shows the same search would keep much more, so the small
    # bound is really being enforced (and the measurement really sees the tables).
    pos = Position.from_moves("4453")
    small = Searcher(SearchConfig(depth=12, table_mb=1))
    r = small.search(pos)
    big = Searcher(SearchConfig(depth=12, table_mb=64))
    big.search(pos)
    assert deep_size(big) > 2 * MIB, f"control search kept only {deep_size(big)} bytes"
    assert deep_size(small) <= MIB, f"table_mb=1 but the searcher keeps {deep_size(small) / MIB:.2f} MiB"
    assert r.move in pos.legal_moves()


def test_compiled_tables_stay_within_their_share(monkeypatch):
    # The compiled depth search's tables are C arrays of a fixed size, reserved at once: the value
    # and hint tables with their indexes must fit in the shares of table_mb that the plain path's
    # dicts are bounded by (the solver's share is measured by its own tests).
    from conftest import depth_module

    import game.engine.search as search_module
    from game.engine.tables import BOUNDS_SHARE, HINT_SHARE

    monkeypatch.setattr(search_module, "core_module", depth_module("compiled"))
    for table_mb in (1, 64, 4096):
        searcher = Searcher(SearchConfig(depth=12, table_mb=table_mb))
        assert searcher._core.reserved_bytes() <= (BOUNDS_SHARE + HINT_SHARE) * table_mb * MIB


def test_table_bound_holds_with_perfect_play_fallback(plain_depth):
    # perfect_play tries the exact solver first (it cannot finish on this early position
    # within its budget) and then searches by depth: both tables belong to this Searcher
    # and together must respect table_mb.
    pos = Position.from_moves("4453")
    s = Searcher(SearchConfig(depth=12, table_mb=1, perfect_play=True, time_limit=2.0))
    r = s.search(pos)
    assert r.move in pos.legal_moves()
    assert deep_size(s) <= MIB, f"table_mb=1 but the searcher keeps {deep_size(s) / MIB:.2f} MiB"


def test_exact_mode_table_bound():
    pos = Position.from_moves("5554224333234511764415115")  # Middle-Easy, score 4
    s = Searcher(SearchConfig(depth=None, table_mb=1))
    assert s.search(pos).score == 4
    assert deep_size(s) <= MIB


def test_tables_not_shared_between_heuristics():
    pos = Position.from_moves("4453")
    fresh_window = Searcher(SearchConfig(depth=6, heuristic="window")).search(pos)
    Searcher(SearchConfig(depth=6, heuristic="scoremap")).search(pos)
    after = Searcher(SearchConfig(depth=6, heuristic="window")).search(pos)
    assert (after.move, after.score, after.nodes) == (fresh_window.move, fresh_window.score, fresh_window.nodes)
    w = WindowWeights(own=(1, 1, 1), block=(1, 1, 1))
    custom = Searcher(SearchConfig(depth=6, heuristic="window", window_weights=w)).search(pos)
    assert custom.score != fresh_window.score


# -------------------------------------------------------------- mirror
@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_mirrored_positions_get_the_same_score(heuristic):
    for ref in _random_positions(31, 12, 4, 22):
        pos = Position.from_moves(ref.history)
        a = Searcher(SearchConfig(depth=5, heuristic=heuristic)).search(pos)
        b = Searcher(SearchConfig(depth=5, heuristic=heuristic)).search(pos.mirror())
        assert a.score == pytest.approx(b.score), ref


def test_exact_mode_scores_mirror_and_match_test_set():
    for moves, score in (("2252576253462244111563365343671351441", -1),
                         ("7422341735647741166133573473242566", 1),
                         ("5554224333234511764415115", 4)):
        pos = Position.from_moves(moves)
        a = Searcher(SearchConfig(depth=None)).search(pos)
        b = Searcher(SearchConfig(depth=None)).search(pos.mirror())
        assert a.exact and b.exact and a.score == b.score == score
        # the chosen move really achieves the score
        child = pos.play(a.move)
        if child.is_over():
            assert child.winner() == pos.turn
        else:
            assert -Searcher(SearchConfig(depth=None)).search(child).score == score


# --------------------------------------------------------- perfect play
def test_perfect_play_solves_when_it_can():
    moves, score = "5554224333234511764415115", 4  # Middle-Easy
    pos = Position.from_moves(moves)
    r = Searcher(SearchConfig(depth=4, perfect_play=True, time_limit=30)).search(pos)
    assert r.exact and r.score == score
    assert r.move in pos.legal_moves()


@pytest.mark.usefixtures("bookless")
def test_perfect_play_fallback_uses_the_rest_of_the_time_budget():
    # The "Master" level is depth 14, time_limit 1 s, perfect_play. When the solver gives up
    # (half the budget), the depth search must use the remaining time -- depth 6 from this
    # opening takes well under 0.1 s here, against >= 1 s left -- not stop after its first
    # iteration (depth 2), which makes the strongest level play a 2-ply move.
    pos = Position.from_moves("4")
    r = Searcher(SearchConfig(depth=12, perfect_play=True, time_limit=2.0)).search(pos)
    assert not r.exact and r.move in pos.legal_moves()
    assert r.depth >= 6, f"fallback search stopped at depth {r.depth}"


@pytest.mark.usefixtures("bookless")
def test_perfect_play_falls_back_to_depth_search():
    # The opening cannot be solved in 0.5 s in Python: the answer comes from the depth search.
    pos = Position.from_moves("4")
    r = Searcher(SearchConfig(depth=4, perfect_play=True, time_limit=0.5)).search(pos)
    assert not r.exact and -1 < r.score < 1 and not r.cancelled
    assert r.move in pos.legal_moves() and 1 <= r.depth <= 4


@pytest.mark.parametrize("heuristic", ["scoremap", "window"])
def test_reused_searcher_scores_like_a_fresh_one(heuristic):
    # One Searcher plays through a game (its tables carry over from move to move); at every
    # position its score must equal a fresh Searcher's: tables may only speed things up.
    rng = random.Random(8)
    shared = Searcher(SearchConfig(depth=5, heuristic=heuristic))
    pos, played = Position(), []
    for _ in range(14):
        if pos.is_over():
            break
        r = shared.search(pos)
        fresh = Searcher(SearchConfig(depth=5, heuristic=heuristic)).search(pos)
        assert r.score == pytest.approx(fresh.score, abs=1e-12), format_moves(played)
        played.append(rng.choice(pos.legal_moves()))
        pos = pos.play(played[-1])


def test_proven_scores_agree_with_the_exact_solver():
    # A win or loss (|score| >= 1) that a depth search reports is a proved one: its move wins
    # at least that much (a loss: the position loses at least that fast). It is exact -- and
    # flagged so -- when it ends within the depth; forced moves cost no depth, so a search
    # can also find wins beyond it, where a faster win may hide. Conversely, a win the
    # solver says takes N own discs must be found once the depth covers its 2N - 1 plies.
    solver = Solver()
    proven = found = lost = 0
    for ref in _random_positions(300, 50, 22, 36):
        pos = Position.from_moves(ref.history)
        cols = solver.column_scores(pos)
        exact = max(s for s in cols if s is not None)
        for depth in (3, 5, 7):
            r = Searcher(SearchConfig(depth=depth)).search(pos)
            if abs(r.score) >= 1:
                proven += 1
                if r.score > 0:
                    assert cols[r.move] >= r.score, (ref, depth, r, cols)
                else:
                    assert exact <= r.score, (ref, depth, r, exact)
                if r.exact:
                    assert r.score == exact and cols[r.move] == exact, (ref, depth, r, cols)
            elif r.exact:  # only a proven draw may be exact below |1|
                assert r.score == 0 == exact, (ref, depth, r, exact)
            if exact > 0 and 2 * (22 - exact - pos.moves // 2) - 1 <= depth:
                found += 1
                assert r.score == exact, (ref, depth, r, exact)
            # a loss with the opponent's k-th disc (score -(22 - k)) comes 2 * (k - o) plies
            # from here, o = the opponent's discs now; within the depth it must be seen exactly
            if exact < 0 and 2 * ((22 + exact) - (pos.moves + 1) // 2) <= depth:
                lost += 1
                assert r.score == exact, (ref, depth, r, exact)
    assert proven >= 20 and found >= 10 and lost >= 5, (proven, found, lost)


def test_win_with_the_last_disc_scores_exactly_one():
    # Yellow's 21st disc fills the board and wins: 22 - 21 = 1, the smallest proven score.
    pos = Position.from_moves("55575345172625621631111624342446243373777")
    for config in (SearchConfig(depth=1), SearchConfig(depth=8, heuristic="window"), SearchConfig(depth=None)):
        r = Searcher(config).search(pos)
        assert (r.move, r.score, r.exact) == (5, 1, True), config
    assert Solver().solve(pos) == 1


@pytest.mark.parametrize("left", [1, 2, 3, 5])
def test_search_covering_the_rest_of_the_game_is_exact(left):
    # Contract: "0.0 with exact=True: proven draw". With `left` empty cells and depth 8 the
    # search sees every line to the end of the game, so its score is proven -- including a
    # draw -- and must equal the solver's.
    moves = "251534155311616247273454344272337757216666"[: 42 - left]  # a drawn game's prefix
    pos = Position.from_moves(moves)
    expected = Solver().solve(pos)
    r = Searcher(SearchConfig(depth=8)).search(pos)
    assert r.score == expected and r.exact, (left, expected, r)


def test_perfect_play_solves_again_after_the_depth_search(monkeypatch):
    # Perfect play spends its budget anytime-style: a short solver try, the depth search,
    # then the solver again with the rest of the time. The first try gets a deadline that has
    # already passed, so it ends at its first look at the clock (after CHECK_EVERY + 1 nodes;
    # this Middle-Medium position takes ~31k) however fast the solver runs: the answer must
    # then come from the second try -- exact, with the set's score -- after depth-search reports.
    import game.engine.perfect as perfect

    monkeypatch.setattr(perfect, "SOLVE_FIRST", 0.0)
    moves, score = "6614446666373154", -4
    pos = Position.from_moves(moves)
    reports = []
    r = Searcher(SearchConfig(depth=4, perfect_play=True, time_limit=60)).search(pos, on_progress=reports.append)
    assert r.exact and r.score == score and r.depth == 42 - pos.moves
    assert [p.exact for p in reports][-1] and not any(p.exact for p in reports[:-1])
    assert [p.depth for p in reports[:-1]] == [2, 4], "the depth search ran before the second solve"
    child = pos.play(r.move)
    assert -Solver().solve(child) == score  # the move keeps the exact score


@pytest.mark.parametrize("proved_offset, bounds, reported", [
    (1, (-3, 5), 0.0),  # overruled; the interval holds a draw: no proof to report
    (1, (2, 5), 2.0),  # overruled by a proved win of at least 2
    (1, (-6, -2), -6.0),  # overruled; a proved loss, no faster than -6
    (0, (-3, 5), None),  # the solver proved the depth search's own move: kept
    (None, (-3, 5), None),  # nothing proved: kept
])
def test_perfect_play_out_of_time_plays_a_move_the_solver_proved_better(proved_offset, bounds, reported):
    # When the solver's second try runs out of time, it has searched the depth search's move
    # first at the root; a move it proved other than that one has the best proved score (see
    # Solver.best_move) and must be played; the same move, or none proved, keeps the depth
    # search's answer. The second try goes on from the bounds the first one proved. The
    # solver is replaced by one that always runs out of time.
    from game.engine.solver import Partial, SearchCancelled

    pos = Position.from_moves("6614446666373154")  # Middle-Medium, 16 discs: both solver tries run
    searcher = Searcher(SearchConfig(depth=4, perfect_play=True, time_limit=5))
    heuristic_move = Searcher(SearchConfig(depth=4)).search(pos).move
    calls = []

    def best_move(p, stop=None, deadline=None, first=None, known=None):
        calls.append((first, known))
        if first is None:
            proved = None
        else:
            proved = None if proved_offset is None else (first + proved_offset) % 7
        searcher.solver.partial = Partial(*bounds, proved)
        raise SearchCancelled("time budget exhausted")

    searcher.solver.best_move = best_move
    r = searcher.search(pos)
    assert calls == [(None, None), (heuristic_move, Partial(*bounds, None))], (
        "the first try knows no move; the second is given the depth search's and the first try's bounds")
    assert not r.exact and not r.cancelled and r.depth == 4
    if reported is not None:
        assert (r.move, r.score) == ((heuristic_move + 1) % 7, reported)
    else:
        assert r.move == heuristic_move and -1 < r.score < 1


def test_a_win_found_beyond_the_depth_is_not_flagged_exact(monkeypatch):
    # Middle-Medium line (exact score 4: a win with the mover's 18th disc, only in column 2).
    # Forced moves cost no depth, so a depth-12 `threats` search finds a slower win (score 3,
    # 19 plies ahead) through column 5 and not the faster one, 17 plies ahead down an unforced
    # line. That win is real but not exact; perfect play used to take it for exact and skip
    # its second solver try (found by the Master accuracy run over all 1000 positions).
    import game.engine.perfect as perfect

    pos = Position.from_moves("337167156657665165")
    assert Solver().column_scores(pos) == [3, 4, 3, 3, 3, None, 3]
    r = Searcher(SearchConfig(depth=12, heuristic="threats")).search(pos)
    assert (r.move, r.score, r.exact) == (4, 3, False)
    # The first solver try fails: its deadline has passed, and the position takes ~19k nodes.
    monkeypatch.setattr(perfect, "SOLVE_FIRST", 0.0)
    reports = []
    searcher = Searcher(SearchConfig(depth=12, heuristic="threats", perfect_play=True, time_limit=60))
    r = searcher.search(pos, on_progress=reports.append)
    assert (r.move, r.score, r.exact) == (1, 4, True)
    assert len(reports) > 1 and not any(p.exact for p in reports[:-1]), "the depth search ran between the tries"
