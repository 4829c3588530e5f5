"""Benchmarks: ``python -m game.bench``.

Two tables (docs/benchmarks.md explains them and keeps dated figures):

1. Heuristic search, per heuristic and depth, over a fixed set of opening positions:
   mean nodes, mean time, nodes per second -- next to a plain bitboard alpha-beta (no
   table, columns left to right, no pruning rules), the speed-up reference.
2. Exact solving, per benchmark test set: positions, mismatches against the set's
   scores, mean time, mean nodes, thousands of positions per second.

``--ui`` runs the UI frame-time benchmark instead (``game.ui.bench_ui``); ``--review`` times
reviewing typical games (``game.tools.review.bench``); ``--book`` times the opening book, the
analysis of early positions and the Perfect level's moves (``game.tools.bench_book``).
Times are given twice: wall-clock, and CPU time of this process (``time.process_time``),
which stays meaningful on a busy machine; speed-ups are computed from CPU time.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path
from statistics import mean
from time import perf_counter, process_time
from typing import Callable, Iterable

from game.engine.board import BOTTOM_CELLS, CELLS, COLUMN_MASKS, TOP_CELLS, WIDTH, Position, alignment
from game.engine.heuristics import HEURISTICS, scoremap_value
from game.engine.search import SearchConfig, Searcher
from game.data import TESTSETS_DIR
from game.engine.solver import Solver

#: The opening positions of table 1: the empty board and common early lines (move strings).
OPENINGS: tuple[str, ...] = (
    "", "4", "3", "44", "43", "45", "4444", "4453", "3344", "4435", "444444", "435261",
)

#: Benchmark sets in increasing difficulty: (file, customary name, default limit).
TEST_SETS: tuple[tuple[str, str, int], ...] = (
    ("Test_L3_R1", "End-Easy", 1000),
    ("Test_L2_R1", "Middle-Easy", 1000),
    ("Test_L2_R2", "Middle-Medium", 100),
    ("Test_L1_R1", "Begin-Easy", 200),
    ("Test_L1_R2", "Begin-Medium", 0),
    ("Test_L1_R3", "Begin-Hard", 0),
)


def plain_alphabeta(pos: Position, depth: int) -> tuple[int, int]:
    """The reference: bitboard negamax with alpha-beta, no table, left-to-right moves.

    Leaves are scored with the scoremap, wins by how early they come. Returns
    (value, nodes). Used only to measure how much faster the real search is.
    """
    nodes = 0

    def negamax(current: int, mask: int, moves: int, depth: int, alpha: int, beta: int) -> int:
        nonlocal nodes
        nodes += 1
        opponent = current ^ mask
        if alignment(opponent):
            return -1000 + moves
        if moves == CELLS:
            return 0
        if depth == 0:
            return scoremap_value(current) - scoremap_value(opponent)
        best = -10**9
        for col in range(WIDTH):
            if mask & TOP_CELLS[col]:
                continue
            move = (mask + BOTTOM_CELLS[col]) & COLUMN_MASKS[col]
            value = -negamax(opponent, mask | move, moves + 1, depth - 1, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    value = negamax(pos.current, pos.mask, pos.moves, depth, -10**9, 10**9)
    return value, nodes


def _timed(run: Callable[[Position], int], positions: Iterable[Position]) -> tuple[float, float, float]:
    """(mean wall seconds, mean CPU seconds, mean nodes) of ``run`` (returning a node count)."""
    walls, cpus, nodes = [], [], []
    for pos in positions:
        wall, cpu = perf_counter(), process_time()
        nodes.append(run(pos))
        cpus.append(process_time() - cpu)
        walls.append(perf_counter() - wall)
    return mean(walls), mean(cpus), mean(nodes)


def search_table(heuristics: list[str], depths: list[int], baseline_max: int, out=sys.stdout) -> None:
    positions = [Position.from_moves(m) for m in OPENINGS]
    print(f"Heuristic search over {len(positions)} opening positions (fresh table per position)\n", file=out)
    print("| Heuristic | Depth | Mean nodes | Mean time | Mean CPU time | Nodes/s (CPU) "
          "| Plain alpha-beta CPU time | Speed-up (CPU) |", file=out)
    print("|-----------|------:|-----------:|----------:|--------------:|--------------:"
          "|--------------------------:|---------------:|", file=out)
    baseline: dict[int, float] = {}
    for heuristic in heuristics:
        for depth in depths:
            def run(pos: Position) -> int:
                return Searcher(SearchConfig(depth=depth, heuristic=heuristic)).search(pos).nodes

            wall, cpu, nodes = _timed(run, positions)
            base_text = speed_text = "-"
            if heuristic == "scoremap" and depth <= baseline_max:
                if depth not in baseline:
                    baseline[depth] = _timed(lambda p: plain_alphabeta(p, depth)[1], positions)[1]
                base_text = _ms(baseline[depth])
                speed_text = f"{baseline[depth] / cpu:.1f}x"
            print(f"| {heuristic} | {depth} | {nodes:,.0f} | {_ms(wall)} | {_ms(cpu)} | {nodes / cpu:,.0f} "
                  f"| {base_text} | {speed_text} |", file=out, flush=True)
    print(file=out)


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f} ms" if seconds < 0.01 else f"{seconds * 1e3:.1f} ms"


def data_dir() -> Path:
    """Where the benchmark sets live: shipped with the package (``game.data``)."""
    return TESTSETS_DIR


def read_set(path: Path, limit: int) -> list[tuple[str, int]]:
    cases = []
    with path.open(encoding="ascii") as fh:
        for line in fh:
            fields = line.split()
            if len(fields) == 2:
                cases.append((fields[0], int(fields[1])))
            if len(cases) >= limit:
                break
    return cases


def exact_table(limits: dict[str, int], out=sys.stdout) -> int:
    """Solve each set; returns the number of mismatches (0 expected)."""
    folder = data_dir()
    print("Exact solver (fresh table per position)\n", file=out)
    print("| Test set | Positions | Mismatches | Mean time | Mean CPU time | Mean nodes | K pos/s (CPU) |", file=out)
    print("|----------|----------:|-----------:|----------:|--------------:|-----------:|--------------:|", file=out)
    total_bad = 0
    solver = Solver()
    for file, name, _ in TEST_SETS:
        limit = limits.get(file, 0)
        path = folder / file
        if limit <= 0 or not path.exists():
            continue
        cases = read_set(path, limit)
        bad = 0
        seconds = cpu = nodes = 0.0
        for moves, expected in cases:
            pos = Position.from_moves(moves)
            solver.reset()
            start, cpu_start = perf_counter(), process_time()
            score = solver.solve(pos)
            cpu += process_time() - cpu_start
            seconds += perf_counter() - start
            nodes += solver.nodes
            bad += score != expected
        n = len(cases)
        total_bad += bad
        print(f"| {name} ({file}) | {n} | {bad} | {_ms(seconds / n)} | {_ms(cpu / n)} | {nodes / n:,.0f} "
              f"| {nodes / cpu / 1e3:,.1f} |", file=out, flush=True)
    print(file=out)
    return total_bad


def _int_list(text: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of whole numbers") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.bench",
        description="Time the engine: the heuristic search per heuristic and depth, and the exact solver "
        "per benchmark set (docs/benchmarks.md explains the tables and keeps dated figures).")
    parser.add_argument("--ui", action="store_true", help="run the UI frame-time benchmark instead")
    parser.add_argument("--review", action="store_true", help="time the game review of typical games instead")
    parser.add_argument("--book", action="store_true",
                        help="time the opening book, early analysis and Perfect's moves instead "
                             "(--compare, --cap S, --perfect-games N: see python -m game.tools.bench_book -h)")
    parser.add_argument("--search-only", action="store_true", help="only the heuristic-search table")
    parser.add_argument("--exact-only", action="store_true", help="only the exact-solver table")
    parser.add_argument("--heuristics", default="scoremap,window",
                        help="comma-separated heuristics for table 1 (default: scoremap,window)")
    parser.add_argument("--depths", type=_int_list, default=[4, 6, 8, 10, 12],
                        help="comma-separated depths for table 1 (default: 4,6,8,10,12)")
    parser.add_argument("--baseline-max-depth", type=int, default=8,
                        help="deepest depth at which the slow plain alpha-beta is timed (default 8)")
    parser.add_argument("--limit", type=int, metavar="N",
                        help="positions per test set (default: 1000 End/Middle-Easy, 100 Middle-Medium, "
                             "200 Begin-Easy)")
    parser.add_argument("--sets", metavar="FILES",
                        help="comma-separated set files to solve, e.g. Test_L3_R1,Test_L1_R2 "
                             "(default: all but Begin-Medium and Begin-Hard, which take hours in Python)")
    args, rest = parser.parse_known_args(argv)
    if args.ui:
        from game.ui.bench_ui import main as ui_main  # here: only --ui needs pygame

        return ui_main(rest)
    if rest and not args.book:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.review:
        from game.tools.review import bench as review_bench  # here: only --review needs the reviewer

        return review_bench()
    if args.book:
        from game.tools.bench_book import main as book_main  # here: only --book needs it

        return book_main(rest)
    heuristics = [h for h in args.heuristics.split(",") if h]
    for h in heuristics:
        if h not in HEURISTICS:
            parser.error(f"unknown heuristic {h!r}; choose from {', '.join(HEURISTICS)}")
    if any(not 1 <= d <= CELLS for d in args.depths):
        parser.error(f"depths must be from 1 to {CELLS}")
    known = {file for file, _, _ in TEST_SETS}
    chosen = set(args.sets.split(",")) if args.sets else {f for f, _, d in TEST_SETS if d > 0}
    if chosen - known:
        parser.error(f"unknown test set {sorted(chosen - known)[0]!r}; choose from {', '.join(sorted(known))}")
    print(f"Machine: {platform.machine()}, {platform.processor() or 'unknown CPU'}, "
          f"Python {platform.python_version()} ({platform.python_implementation()})\n")
    if not args.exact_only:
        search_table(heuristics, args.depths, args.baseline_max_depth)
    bad = 0
    if not args.search_only:
        limits = {file: (args.limit if args.limit is not None else default or 100)
                  for file, _, default in TEST_SETS if file in chosen}
        bad = exact_table(limits)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
