"""Benchmarks: ``python -m game.bench``.

Two tables (docs/benchmarks.md explains them and keeps dated figures):

1. Heuristic search, per heuristic and depth, over a fixed set of opening positions:
   mean nodes, mean time, nodes per second -- next to a plain bitboard alpha-beta (no
   table, columns left to right, no pruning rules), the speed-up reference.
2. Exact solving, per benchmark test set: positions, mismatches against the set's
   scores, mean time, mean nodes, nodes per second.
``--kept`` keeps one table per set instead (as a game does); ``--memory GAMES`` measures resident
memory while Master plays Perfect in one engine instead.

3. ``--processes``: whole processes, as Pons' benchmark times its solver: one
   ``python -m game.analyze`` per test set, fed the set's move strings; with ``--reference
   COMMAND`` the same input also goes to another solver (e.g. Pons' ``c4solver``) in the same
   run, and the table gives the ratio.

The first line says which path the exact solver runs: compiled (the extension built at
install) or plain Python; ``--plain`` measures the plain path even when the compiled one exists.

``python -m game.bench --ui`` runs the UI frame-time benchmark instead (its entry starts
``game.ui.bench_ui``: this package never imports the UI); ``--review`` times
reviewing typical games (``game.tools.review.bench``); ``--book`` times the opening book, the
analysis of early positions and the Perfect level's moves (``game.tools.bench_book``).
Times are given twice: wall-clock, and CPU time of this process (``time.process_time``),
which stays meaningful on a busy machine; speed-ups are computed from CPU time.
"""

from __future__ import annotations

import os
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import mean
from time import perf_counter, process_time
from typing import Callable, Iterable

import game.engine.search as search_module
import game.engine.solver as solver_module
from game.data import TESTSETS_DIR
from game.echo import shown
from game.engine import alphabeta, negamax
from game.engine.board import BOTTOM_CELLS, CELLS, COLUMN_MASKS, TOP_CELLS, WIDTH, Position, alignment
from game.engine.heuristics import HEURISTICS, scoremap_value
from game.engine.search import Searcher
from game.engine.search_values import SearchConfig
from game.engine.solver import Solver
from game.store.folders import report_bad_home
from game.tools.numbers import whole
from game.tools.tail import tool_entry
from game.tools.tool_parser import ToolParser
from game.tools.bench_cells import count_text, ms_text, seconds_text, table_row, times_text
from game.i18n import _, decimal_text, number_text

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
    ("Test_L1_R3", "Begin-Hard", 100),
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


def search_table(heuristics: list[str], depths: list[int], baseline_max: int, out=None) -> None:
    out = out or sys.stdout  # at call time: the stream in use now
    positions = [Position.from_moves(m) for m in OPENINGS]
    print(_("Heuristic search, {path}, over {count} opening positions (fresh table per position)").format(
        path=depth_path(), count=len(positions)) + "\n", file=out)
    print(table_row(_("Heuristic"), _("Depth"), _("Mean nodes"), _("Mean time"), _("Mean CPU time"),
                    _("Nodes/s (CPU)"), _("Plain alpha-beta CPU time"), _("Speed-up (CPU)")), file=out)
    print("|-----------|------:|-----------:|----------:|--------------:|--------------:"
          "|--------------------------:|---------------:|", file=out)
    baseline: dict[int, float] = {}
    # once per process, not in the first row: the opening book's opening and the first imports
    Searcher(SearchConfig(depth=2)).search(positions[0])
    for heuristic in heuristics:
        for depth in depths:
            def run(pos: Position) -> int:
                return Searcher(SearchConfig(depth=depth, heuristic=heuristic)).search(pos).nodes

            wall, cpu, nodes = _timed(run, positions)
            base_text = speed_text = "-"
            if heuristic == "scoremap" and depth <= baseline_max:
                if depth not in baseline:
                    baseline[depth] = _timed(lambda p: plain_alphabeta(p, depth)[1], positions)[1]
                base_text = ms_text(baseline[depth])
                speed_text = times_text(baseline[depth] / cpu)
            print(table_row(heuristic, str(depth), count_text(nodes), ms_text(wall), ms_text(cpu),
                            count_text(nodes / cpu), base_text, speed_text), file=out, flush=True)
    print(file=out)


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


def exact_table(limits: dict[str, int], out=None, kept: bool = False) -> int:
    """Solve each set; returns the number of mismatches (0 expected).

    ``kept``: one new solver per set whose table is kept from position to position (its memory
    taken as it fills, as in a game), instead of a table emptied before each position."""
    out = out or sys.stdout  # at call time: the stream in use now
    folder = data_dir()
    title = (_("Exact solver, {path} (one new table per set, kept between its positions)") if kept
             else _("Exact solver, {path} (fresh table per position)"))
    print(title.format(path=solver_path()) + "\n", file=out)
    print(table_row(_("Test set"), _("Positions"), _("Mismatches"), _("Mean time"), _("Mean CPU time"),
                    _("Mean nodes"), _("Nodes/s (CPU)")), file=out)
    print("|----------|----------:|-----------:|----------:|--------------:|-----------:|--------------:|", file=out)
    total_bad = 0
    solver = Solver()
    for file, name, _default in TEST_SETS:
        limit = limits.get(file, 0)
        path = folder / file
        if limit <= 0 or not path.exists():
            continue
        cases = read_set(path, limit)
        bad = 0
        seconds = cpu = nodes = 0.0
        if kept:
            solver = Solver()
        for moves, expected in cases:
            pos = Position.from_moves(moves)
            if kept:
                solver.nodes = 0
            else:
                solver.reset()
            start, cpu_start = perf_counter(), process_time()
            score = solver.solve(pos)
            cpu += process_time() - cpu_start
            seconds += perf_counter() - start
            nodes += solver.nodes
            bad += score != expected
        n = len(cases)
        total_bad += bad
        print(table_row(f"{name} ({file})", number_text(n), number_text(bad), ms_text(seconds / n), ms_text(cpu / n),
                        count_text(nodes / n), count_text(nodes / max(cpu, 1e-9))), file=out, flush=True)
    print(file=out)
    return total_bad


def memory_table(games: int, out=None) -> None:
    """Master against Perfect for ``games`` games through one engine (``service.searchers.Searchers``, as
    the window's computer players share one): resident memory after each game (Linux)."""
    # here: only this table needs the levels and the engine service
    from game.config.values import DEFAULTS
    from game.data.openings import OPENINGS
    from game.service.searchers import Searchers

    out = out or sys.stdout
    engine = Searchers()
    configs = [DEFAULTS.search_config(level=DEFAULTS.level(name)) for name in ("Master", "Perfect")]
    print(_("Memory while Master plays Perfect in one engine, {path}: resident MB (peak)").format(
        path=solver_path()) + "\n", file=out)
    print(table_row(_("Game"), _("Opening"), _("Resident"), _("Peak")), file=out)
    print("|-----:|---------|---------:|-----:|", file=out)
    print(table_row(_("start"), "", _status_mb("VmRSS"), _status_mb("VmHWM")), file=out, flush=True)
    for g in range(games):
        opening = OPENINGS[g % len(OPENINGS)]
        pos = Position.from_moves(opening)
        while not pos.is_over():  # as the engine answers a move request: its searcher for the config
            pos = pos.play(engine.searcher(configs[(pos.moves + g) % 2]).search(pos).move)
        print(table_row(str(g + 1), opening or _("(empty)"), _status_mb("VmRSS"), _status_mb("VmHWM")),
              file=out, flush=True)
    print(file=out)


def _status_mb(field: str) -> str:
    """A memory figure of this process from /proc/self/status, in MB ("?" where there is none)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return number_text(round(int(line.split()[1]) / 1024))
    except OSError:
        pass
    return "?"


def solver_path() -> str:
    """Which path the exact solver runs in this process."""
    return _("compiled") if solver_module.search_module.COMPILED else _("plain Python")


def depth_path() -> str:
    """Which path the depth search runs in this process."""
    return _("compiled") if search_module.core_module.COMPILED else _("plain Python")


def use_plain_path() -> None:
    """Make the solvers and depth searchers of this process run plain Python (for ``--plain``)."""
    solver_module.search_module = negamax.plain_module()
    search_module.core_module = alphabeta.plain_module()


def run_plain_analyze() -> int:
    """``python -m game.analyze`` on the plain path: the process ``--processes --plain`` times."""
    from game.tools.analyze import main as analyze_main  # here: only this process needs it

    use_plain_path()
    return analyze_main([])


def _timed_process(command: list[str], moves: list[str]) -> tuple[float, float, list[str]]:
    """(wall seconds, CPU seconds, output lines) of ``command`` fed ``moves``, one per line.

    CPU time (user + system, of the process and its children) needs ``os.wait4`` (Unix);
    elsewhere it is NaN.
    """
    with tempfile.TemporaryFile() as source, tempfile.TemporaryFile() as sink:
        source.write("".join(m + "\n" for m in moves).encode("ascii"))
        source.seek(0)
        wall = perf_counter()
        child = subprocess.Popen(command, stdin=source, stdout=sink, stderr=subprocess.DEVNULL)
        if hasattr(os, "wait4"):
            _, _, usage = os.wait4(child.pid, 0)
            child.returncode = 0  # reaped here: Popen must not wait for it again
            cpu = usage.ru_utime + usage.ru_stime
        else:
            child.wait()
            cpu = float("nan")
        wall = perf_counter() - wall
        sink.seek(0)
        return wall, cpu, sink.read().decode("ascii", "replace").splitlines()


def reference_command(text: str | None) -> list[str] | None:
    """``--reference``'s command split as a shell would, its program found on PATH (None for
    none); ValueError with a short reason otherwise."""
    try:
        command = shlex.split(text or "")
    except ValueError as exc:  # an unclosed quotation
        raise ValueError(_("--reference '{command}': {problem}").format(
            command=shown(text or ""), problem=exc)) from None
    if not command:
        return None
    if shutil.which(command[0]) is None:
        raise ValueError(_("--reference: no program '{program}' found").format(program=shown(command[0])))
    return command


def process_table(limits: dict[str, int], ref_cmd: list[str] | None, plain: bool, out=None) -> int:
    """Time whole analyser processes per set (and a reference solver's); returns mismatches."""
    out = out or sys.stdout  # at call time: the stream in use now
    ours = ([sys.executable, "-c", "import sys, game.tools.bench as b; sys.exit(b.run_plain_analyze())"]
            if plain else [sys.executable, "-m", "game.analyze"])
    path = _("plain Python") if plain else solver_path()
    if ref_cmd:
        title = _("Whole processes: python -m game.analyze, {path}, against {command}").format(
            path=path, command=shown(shlex.join(ref_cmd)))
    else:
        title = _("Whole processes: python -m game.analyze, {path}").format(path=path)
    print(title + "\n", file=out)
    heads = [_("Test set"), _("Positions"), _("Mismatches"), _("Wall time"), _("CPU time"), _("CPU ms per position")]
    rule = "|----------|----------:|-----------:|----------:|---------:|--------------------:|"
    if ref_cmd:
        heads += [_("Reference CPU time"), _("Ratio (CPU)")]
        rule += "-------------------:|------------:|"
    head = table_row(*heads)
    print(head, file=out)
    print(rule, file=out)
    total_bad = 0
    for file, name, _default in TEST_SETS:
        limit = limits.get(file, 0)
        path = data_dir() / file
        if limit <= 0 or not path.exists():
            continue
        cases = read_set(path, limit)
        wall, cpu, lines = _timed_process(ours, [m for m, _score in cases])
        got = {fields[0]: fields[1] for fields in (line.split() for line in lines) if len(fields) > 1}
        bad = sum(got.get(m) != str(score) for m, score in cases)
        total_bad += bad
        cells = [f"{name} ({file})", number_text(len(cases)), number_text(bad), seconds_text(wall), seconds_text(cpu),
                 decimal_text(cpu * 1e3 / len(cases), 2)]
        if ref_cmd:
            _wall, ref_cpu, _lines = _timed_process(ref_cmd, [m for m, _score in cases])
            cells += [seconds_text(ref_cpu), times_text(cpu / max(ref_cpu, 1e-3))]
        print(table_row(*cells), file=out, flush=True)
    print(file=out)
    return total_bad


def _int_list(text: str) -> list[int]:
    depth = whole(1, CELLS)
    return [depth(x) for x in text.split(",") if x]


@tool_entry("bench")
def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(
        prog="python -m game.bench",
        description=_("Time the engine: the heuristic search per heuristic and depth, and the exact solver "
                      "per benchmark set (docs/benchmarks.md in the source repository explains the tables and "
                      "keeps dated figures)."))
    parser.add_argument("--ui", action="store_true", help=_("run the UI frame-time benchmark instead"))
    parser.add_argument("--review", action="store_true", help=_("time the game review of typical games instead"))
    parser.add_argument("--book", action="store_true",
                        help=_("time the opening book, early analysis and Perfect's moves instead "
                               "(--compare, --cap S, --perfect-games N: see python -m game.tools.bench_book -h)"))
    parser.add_argument("--search-only", action="store_true", help=_("only the heuristic-search table"))
    parser.add_argument("--exact-only", action="store_true", help=_("only the exact-solver table"))
    parser.add_argument("--kept", action="store_true",
                        help=_("exact table: keep one table per set from position to position, as a game does"))
    parser.add_argument("--memory", type=whole(1, 1000), metavar="GAMES",
                        help=_("instead: resident memory while Master plays Perfect for GAMES games in one engine"))
    parser.add_argument("--plain", action="store_true",
                        help=_("run the plain-Python searches even when the compiled ones are built"))
    parser.add_argument("--processes", action="store_true",
                        help=_("instead: time whole python -m game.analyze processes per test set"))
    parser.add_argument("--reference", metavar="COMMAND",
                        help=_("with --processes: another solver reading move strings (e.g. c4solver), same input"))
    parser.add_argument("--heuristics", default="scoremap,window",
                        help=_("comma-separated heuristics for table 1 (default: scoremap,window)"))
    parser.add_argument("--depths", type=_int_list, default=[4, 6, 8, 10, 12],
                        help=_("comma-separated depths for table 1 (default: 4,6,8,10,12)"))
    parser.add_argument("--baseline-max-depth", type=whole(1, CELLS), default=8,
                        help=_("deepest depth at which the slow plain alpha-beta is timed (default 8)"))
    parser.add_argument("--limit", type=whole(1, 1_000_000), metavar="N",
                        help=_("positions per test set (default: 1000 End/Middle-Easy, 100 Middle-Medium, "
                               "200 Begin-Easy, 100 Begin-Hard)"))
    parser.add_argument("--sets", metavar="FILES",
                        help=_("comma-separated set files to solve, e.g. Test_L3_R1,Test_L1_R2 "
                               "(default: all but Begin-Medium, which takes hours in plain Python)"))
    args, rest = parser.parse_known_args(argv)
    if args.ui:
        parser.error(_("the UI benchmark is started by its entry: python -m game.bench --ui"))
    if rest and not args.book:
        parser.error(_("unrecognized arguments: {names}").format(names=shown(" ".join(rest))))
    if args.review:
        if report_bad_home(parser.prog):
            return 2
        from game.tools.review import bench as review_bench  # here: only --review needs the reviewer

        return review_bench()
    if args.book:
        from game.tools.bench_book import main as book_main  # here: only --book needs it

        return book_main(rest)
    heuristics = [h for h in args.heuristics.split(",") if h]
    for h in heuristics:
        if h not in HEURISTICS:
            parser.error(_("unknown heuristic '{name}'; choose from {names}").format(
                name=shown(h), names=", ".join(HEURISTICS)))
    if any(not 1 <= d <= CELLS for d in args.depths):
        parser.error(_("depths must be from 1 to {most}").format(most=CELLS))
    known = {file for file, _, _ in TEST_SETS}
    chosen = set(args.sets.split(",")) if args.sets else {f for f, _, d in TEST_SETS if d > 0}
    if chosen - known:
        parser.error(_("unknown test set '{name}'; choose from {names}").format(
            name=shown(sorted(chosen - known)[0]), names=", ".join(sorted(known))))
    try:
        reference = reference_command(args.reference)
    except ValueError as exc:
        parser.error(str(exc))
    if args.plain:
        use_plain_path()
    print(_("Machine: {machine}, {processor}, Python {version} ({implementation}); exact solver: {solver}; "
            "depth search: {search}").format(
        machine=platform.machine(), processor=platform.processor() or _("unknown CPU"),
        version=platform.python_version(), implementation=platform.python_implementation(),
        solver=solver_path(), search=depth_path()) + "\n")
    limits = {file: (args.limit if args.limit is not None else default or 100)
              for file, _, default in TEST_SETS if file in chosen}
    if args.processes:
        return 1 if process_table(limits, reference, args.plain) else 0
    if args.memory:
        memory_table(args.memory)
        return 0
    if not args.exact_only:
        search_table(heuristics, args.depths, args.baseline_max_depth)
    bad = 0
    if not args.search_only:
        bad = exact_table(limits, kept=args.kept)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
