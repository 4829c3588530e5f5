"""Analyse positions from standard input, one move string per line.

    python -m game.analyze < positions.txt                  # exact solve
    python -m game.analyze --depth 10 --heuristic window   # heuristic search
    python -m game.analyze --columns                       # every column's score
    python -m game.analyze --level master                  # a named level's settings

Each line holds a move string of 1-based columns ("4453"); anything after the first
blank-separated field is ignored, so the benchmark files (``<moves> <score>``) can be
fed in directly. An empty line is the empty board (as for other Connect Four solvers).
Output per line:

* default: ``<moves> <score> <best column 1-7> <nodes> <microseconds>``
* ``--columns``: ``<moves> s1 s2 s3 s4 s5 s6 s7`` (``x`` for a full column)

Scores use the solver convention (positive: the side to move wins; ``22 - k`` for a
win with its k-th disc; 0 for a draw). A heuristic estimate is printed with four
decimals and lies strictly between -1 and 1. A bad line is reported on stderr with its
line number and skipped; the exit status is then 1.

Of the config file (``--config``, else the one the game uses) an exact solve reads only
``[ai] table_mb``; a depth search and ``--level`` read all of it. Every problem read is one
``config: ...`` line on stderr (a file an exact solve cannot read plainly is read whole, so its
problems are said the same way).

It behaves as a Unix filter: input is read in bounded chunks, as bytes (a move string is
ASCII, whatever the locale says); a line longer than :data:`game.tools.move_input.MAX_LINE_BYTES` is refused
without being echoed or kept in memory; binary input (a NUL byte) stops the run. When the
reader of the output goes away (``| head``) it stops quietly with status 141, as a filter
killed by SIGPIPE does; any other output or input failure is one line on stderr and status
1. An exact solve that runs longer than :data:`PROGRESS_AFTER` seconds says on stderr, every
:data:`PROGRESS_EVERY` seconds, how many positions it has searched and the score interval it
has proved so far.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from time import perf_counter
from types import SimpleNamespace
from typing import TYPE_CHECKING, BinaryIO, NamedTuple, NoReturn, TextIO

from game.config.source import exact_table_mb
from game.engine.board import CELLS, MoveError, Position, parse_moves
from game.engine.solver import SearchCancelled, Solver
from game.store.book_memo import remember_book_digests
from game.store.folders import report_bad_home
from game.tools.move_input import InputFailed, read_lines, shown
from game.tools.tail import say, tool_entry
from game.i18n import N_, _, number_text
from game.words.move_errors import move_error_text

if TYPE_CHECKING:
    import argparse

    from game.engine.search import Searcher
    from game.engine.search_values import SearchConfig
    from game.tools.tool_parser import ToolParser

PROG = "python -m game.analyze"
PROGRESS_AFTER = 3.0  # seconds before a long exact solve first reports how far it got
PROGRESS_EVERY = 5.0  # seconds between two such reports


def format_score(score: float | None) -> str:
    if score is None:
        return "x"
    if score == int(score) and (abs(score) >= 1 or score == 0):
        return str(int(score))
    return f"{score:.4f}"


# TRANSLATORS: --help's closing part. Keep the field names in capitals (MOVES SCORE BEST NODES
# MICROSECONDS), the options and the example line as they are: they name what the tool prints.
OUTPUT_HELP = N_("""\
output, one line per position:
  MOVES SCORE BEST NODES MICROSECONDS     e.g. 4453 -2 3 1186 11090
  with --columns: MOVES and the seven columns' scores (x: a full column)
SCORE is for the side to move: 0 a draw, positive a win (22 - k: with its k-th disc),
negative a loss; with --depth, an estimate between -1 and 1 with four decimals. BEST is
the column to play (1-7). A bad line is reported on stderr and skipped (exit status 1).""")

#: The options' values when none is given: what :func:`build_parser` reads by default.
DEFAULTS = {"depth": None, "heuristic": None, "time": None, "columns": False, "level": None, "config": None}


def build_parser() -> ToolParser:
    # here: a run without options (a filter fed move strings) builds no parser; argparse and the
    # help formatter it sets up for each option are about a tenth of a one-position run
    from game.config import ranges
    from game.engine.heuristics import HEURISTICS
    from game.tools.numbers import number, whole
    from game.tools.tool_parser import RawFormatter, ToolParser

    parser = ToolParser(
        prog="python -m game.analyze",
        description=_("Score Connect Four positions read from standard input (one move string per line)."),
        epilog=_(OUTPUT_HELP), formatter_class=RawFormatter,
    )
    parser.add_argument("--depth", type=whole(1, CELLS),
                        help=_("heuristic search to this depth (default: exact solve)"))
    parser.add_argument("--heuristic", choices=HEURISTICS, help=_("evaluation for --depth (default: from config)"))
    # a day at most: exact solves of early positions can take hours
    parser.add_argument("--time", type=number(ranges.TOOL_SECONDS), metavar="SECONDS",
                        help=_("time budget per position (exact: give up; depth search: stop deepening)"))
    parser.add_argument("--columns", action="store_true", help=_("print the score of every column instead"))
    parser.add_argument("--level", metavar="NAME",
                        help=_("use a named difficulty level from the config (case-insensitive)"))
    parser.add_argument("--config", metavar="PATH", help=_("config.toml to read levels and weights from"))
    parser.set_defaults(**DEFAULTS)
    return parser


def parse_arguments(argv: list[str]) -> argparse.Namespace | SimpleNamespace:
    """The options ``argv`` gives; without any, :data:`DEFAULTS` (no parser is built)."""
    return build_parser().parse_args(argv) if argv else SimpleNamespace(**DEFAULTS)


def usage_error(message: str, parser: argparse.ArgumentParser | None = None) -> NoReturn:
    """Say ``message`` after the usage line, as for a bad argument, and exit with status 2."""
    (parser or build_parser()).error(message)


class ExactSolve(NamedTuple):
    """An exact solve's settings: its table's size and its time budget per position. (A depth
    search's are a ``SearchConfig``, made from the whole settings; ``depth`` None says exact in both.)"""

    table_mb: int
    time_limit: float | None = None
    depth: None = None


def make_config(args: argparse.Namespace | SimpleNamespace,
                parser: argparse.ArgumentParser | None = None) -> SearchConfig | ExactSolve:
    """The search configuration the arguments ask for (depth None: exact); ``parser``, the one
    that read them (if any), says what is wrong with them.

    An exact solve reads only its table's size from the config file, without the settings'
    schema (:func:`game.config.source.exact_table_mb`), unless the file needs the full reader to
    say what is wrong with it."""
    if args.depth is None and args.level is None:
        table_mb = exact_table_mb(args.config)
        if table_mb is not None:
            return ExactSolve(table_mb, args.time)
    from game.config.load import load_settings  # here: see above

    settings, problems = load_settings(args.config)
    for problem in problems:
        # TRANSLATORS: {problem} is one line about config.toml.
        print(_("config: {problem}").format(problem=problem), file=sys.stderr)
    if args.level is not None:
        try:
            level = settings.level(args.level)
        except KeyError as exc:
            usage_error(str(exc.args[0]), parser)
        config = settings.search_config(depth=args.depth, heuristic=args.heuristic, level=level)
    elif args.depth is not None:
        config = settings.search_config(depth=args.depth, heuristic=args.heuristic)
    else:
        return ExactSolve(settings.table_mb, args.time)
    if args.time is not None:
        from dataclasses import replace  # here: loaded with SearchConfig, which an exact solve does without

        config = replace(config, time_limit=args.time)
    return config


class ProgressReport:
    """A stop flag the solver looks at every few thousand positions: it never stops the solve
    (``--time`` does that through the deadline) but, once the solve has run for ``after``
    seconds and then every ``every`` seconds, writes how far it has got to ``err``."""

    def __init__(self, solver, err: TextIO, label: str, columns: bool,
                 clock: Callable[[], float] = perf_counter,
                 after: float = PROGRESS_AFTER, every: float = PROGRESS_EVERY) -> None:
        self.solver, self.err, self.label, self.columns = solver, err, label, columns
        self.clock, self.every = clock, every
        self.start = clock()
        self.next = self.start + after

    def is_set(self) -> bool:
        now = self.clock()
        if now >= self.next:
            self.next = now + self.every
            facts = {"label": self.label, "positions": number_text(self.solver.nodes),
                     "seconds": number_text(round(now - self.start))}
            lower, upper, move = self.solver.partial
            if self.columns:  # with --columns the bounds are those of one column's position
                text = _("{label}: still solving, {positions} positions in {seconds} s")
            elif move is None:
                text = _("{label}: still solving, {positions} positions in {seconds} s; "
                         "score proved between {lower} and {upper}")
            else:
                text = _("{label}: still solving, {positions} positions in {seconds} s; "
                         "score proved between {lower} and {upper} (column {column} reaches {lower})")
            say(self.err, text.format(**facts, lower=lower, upper=upper, column=None if move is None else move + 1))
        return False


def new_analyser(config: SearchConfig | ExactSolve) -> Solver | Searcher:
    """The exact solver for an exact config (its table stays from line to line, as in Pons'
    solver: its entries are exact facts about positions, whatever line met them), else a depth
    searcher."""
    if config.depth is None:
        return Solver(table_mb=config.table_mb)
    from game.engine.search import Searcher  # here: an exact solve never loads the depth search

    return Searcher(config)


def analyse_line(analyser: Solver | Searcher, config: SearchConfig | ExactSolve, pos: Position, columns: bool,
                 stop: ProgressReport | None = None) -> str:
    """One output line (without the move string) for a position that is not over."""
    if isinstance(analyser, Solver):
        return _exact_line(analyser, config, pos, columns, stop)
    if columns:
        if config.perfect_play:
            scores, _moves = analyser.column_scores(pos, time_limit=config.time_limit or 1.0)
        else:
            deadline = perf_counter() + config.time_limit if config.time_limit else None
            scores = analyser.column_values(pos, deadline=deadline)
        return " ".join(format_score(s) for s in scores)
    start = perf_counter()
    result = analyser.search(pos)
    return _line(result.score, result.move, result.nodes, start)


def _exact_line(solver: Solver, config: SearchConfig | ExactSolve, pos: Position, columns: bool,
                stop: ProgressReport | None) -> str:
    start = perf_counter()
    deadline = start + config.time_limit if config.time_limit else None
    if columns:
        return " ".join(format_score(s) for s in solver.column_scores(pos, stop=stop, deadline=deadline))
    # bisection, not the climb: this run is never interrupted for a move, only for time
    move, score = solver.best_move(pos, stop=stop, deadline=deadline, climb=False)
    return _line(float(score), move, solver.nodes, start)


def _line(score: float, move: int, nodes: int, start: float) -> str:
    return f"{format_score(score)} {move + 1} {nodes} {int((perf_counter() - start) * 1e6)}"


def run(source: BinaryIO, out: TextIO, err: TextIO, config: SearchConfig | ExactSolve, columns: bool,
        clock: Callable[[], float] = perf_counter) -> int:
    """Analyse every line of ``source``; 0 if every line was answered, else 1. Errors writing
    ``out`` (BrokenPipeError, a full disk) are left to the caller."""
    analyser = new_analyser(config)
    status = 0
    try:
        for number, line, problem in read_lines(source):
            if line is None:
                say(err, _("line {number}: {problem}; skipped").format(number=number, problem=problem))
                status = 1
                continue
            fields = line.split()
            moves = fields[0] if fields else ""  # an empty line is the empty board
            text = _analyse(analyser, config, number, moves, columns, err, clock)
            if text is None:
                status = 1
                continue
            out.write(f"{moves} {text}\n")
            out.flush()
    except InputFailed as e:
        say(err, f"{PROG}: {e}")
        return 1
    return status


def _analyse(analyser: Solver | Searcher, config: SearchConfig | ExactSolve, number: int, moves: str, columns: bool,
             err: TextIO, clock: Callable[[], float]) -> str | None:
    """The result for one move string, or None after saying on ``err`` why there is none."""
    label = _("line {number}: {moves}").format(number=number, moves=shown(moves) or _("(empty board)"))
    try:
        pos = Position.from_moves(parse_moves(moves))
        if pos.is_over():
            raise MoveError(_("the game is already over (four in a row or a full board): nothing to analyse"))
        stop = None
        if isinstance(analyser, Solver):
            analyser.nodes = 0  # the node count is this line's
            stop = ProgressReport(analyser, err, label, columns, clock)
        return analyse_line(analyser, config, pos, columns, stop)
    except MoveError as exc:
        say(err, f"{label}: {move_error_text(exc)}")
    except SearchCancelled:
        say(err, _("{label}: not solved within the time budget").format(label=label))
    return None


@tool_entry(PROG, N_("cannot write the results"))
def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(sys.argv[1:] if argv is None else argv)
    if report_bad_home(PROG):
        return 2
    remember_book_digests()
    if args.heuristic is not None and args.depth is None and args.level is None:
        usage_error(_("--heuristic needs --depth or --level (the exact solver uses no heuristic)"))
    if sys.stdin is None or sys.stdout is None:  # started with <&- or >&-
        if sys.stderr is not None:
            closed = (_("standard input is closed; nothing to analyse") if sys.stdin is None
                      else _("standard output is closed; nothing to analyse"))
            say(sys.stderr, f"{PROG}: {closed}")
        return 1
    for stream in (sys.stdout, sys.stderr):  # a character the terminal cannot show: an escape, not a crash
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            pass
    config = make_config(args)
    return run(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout, sys.stderr, config, args.columns)


if __name__ == "__main__":
    sys.exit(main())
