"""Benchmarks of the opening book: ``python -m game.bench --book``.

Rows (docs/benchmarks.md keeps dated figures):

1. the book: how long opening it takes and what it costs in memory;
2. per-column exact analysis (``Solver.column_scores``, a fresh table for each position) of the
   empty board and of a fixed sample of positions with 1 to 12 discs: median, 95th percentile
   and maximum; with ``--compare``, the same without the book and the early table, each position
   cut off after ``--cap`` seconds (the count of positions that did not finish is given);
3. the Perfect level's time per move over whole games against Master from balanced openings.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from statistics import mean, median
from time import perf_counter

from game.data.openings import OPENINGS
from game.engine.board import Position
from game.engine.book import BOOK_DISCS, RECORD, Book, reset_default_book
from game.engine.book_location import book_path
from game.engine.search import Searcher
from game.engine.solver import SearchCancelled, Solver
from game.config.values import DEFAULTS
from game.tools.numbers import real, whole
from game.tools.tool_parser import ToolParser
from game.tools.bench_cells import seconds_text, table_row
from game.i18n import N_, _, decimal_text, ngettext, number_text
from game.tools.tail import tool_entry

#: Positions per disc count in the fixed sample (disc counts 1 .. 12).
PER_DISC_COUNT = 20
SAMPLE_SEED = 17
#: Seconds after which one position's analysis with the book is cut off (and counted as such):
#: a 12-disc position's columns lie past the book, and a close one can take minutes in Python.
BOOK_CAP = 60.0
#: Bounds of the command-line options: an hour per position, a thousand games.
MAX_CAP = 3600.0
MAX_PERFECT_GAMES = 1000


def sample_positions(per_count: int = PER_DISC_COUNT, seed: int = SAMPLE_SEED) -> list[Position]:
    """A fixed sample: ``per_count`` positions of each disc count 1..12 from seeded random play
    (no position where the game is over or the side to move wins at once)."""
    rng = random.Random(seed)
    out = []
    for discs in range(1, BOOK_DISCS + 1):
        found = 0
        while found < per_count:
            pos = Position()
            while pos.moves < discs:
                col = rng.choice(pos.legal_moves())
                if pos.is_winning_move(col):
                    break
                pos = pos.play(col)
            if pos.moves == discs and not any(pos.is_winning_move(c) for c in pos.legal_moves()):
                out.append(pos)
                found += 1
    return out


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


#: The bands of Perfect's moves by discs on the board (the keys of ``MoveTimes.by_band``), shown translated.
BANDS = (N_("1-12 discs"), N_("13-20 discs"), N_("21+ discs"))


def _s(seconds: float) -> str:
    return seconds_text(seconds, 3)


def _row(label: str, times: list[float], unfinished: int = 0) -> str:
    row = table_row(label, number_text(len(times)), _s(median(times)), _s(percentile(times, 0.95)), _s(max(times)))
    if not unfinished:
        return row
    return row + " " + ngettext("({count} of {total} cut off at the cap)", "({count} of {total} cut off at the cap)",
                                unfinished).format(count=unfinished, total=len(times))


def book_row(out=sys.stdout) -> None:
    reset_default_book()
    start = perf_counter()
    rss_before = _peak_rss_mb()
    with Book(book_path()) as book:
        opened = perf_counter() - start
        grew = _peak_rss_mb() - rss_before
        size = book.records * RECORD
        print(_("Opening book: {positions} positions, {size} MB file, read with pread (not mapped); opened (with "
                "its spot checks) in {ms} ms; this process's peak memory grew by {grew} MB (the file's pages stay "
                "in the page cache)").format(positions=number_text(book.records), size=decimal_text(size / 1e6),
                                             ms=decimal_text(opened * 1e3), grew=decimal_text(grew)) + "\n", file=out)


def _peak_rss_mb() -> float:
    try:
        import resource  # here: Unix only; elsewhere the row says 0
    except ImportError:
        return 0.0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def analysis_times(positions: list[Position], make: Callable[[], Solver], cap: float | None) -> tuple[list[float], int]:
    """(seconds of each position's column scores, how many hit the cap)."""
    times, unfinished = [], 0
    for pos in positions:
        solver = make()
        start = perf_counter()
        try:
            solver.column_scores(pos, deadline=None if cap is None else start + cap)
        except SearchCancelled:
            unfinished += 1
        times.append(perf_counter() - start)
    return times, unfinished


def analysis_table(compare: bool, cap: float, out=sys.stdout) -> None:
    sample = sample_positions()
    print(_("Exact analysis of every column (fresh solver per position)") + "\n", file=out)
    print(table_row(_("Positions"), _("Count"), _("Median"), _("95th percentile"), _("Maximum")), file=out)
    print("|-----------|------:|-------:|----------------:|--------:|", file=out)
    setups = [(True, lambda: Solver(table_mb=64), BOOK_CAP)]
    if compare:
        setups.append((False, lambda: Solver(table_mb=64, book=None, early=False), cap))
    before_last = [p for p in sample if p.moves < BOOK_DISCS]
    last = [p for p in sample if p.moves == BOOK_DISCS]
    for with_book, make, limit in setups:
        times, unfinished = analysis_times([Position()], make, limit)
        print(_row(_("empty board, with the book") if with_book else _("empty board, without the book"),
                   times, unfinished), file=out, flush=True)
        early, early_cut = analysis_times(before_last, make, limit)
        print(_row(_("1-11 discs, with the book") if with_book else _("1-11 discs, without the book"),
                   early, early_cut), file=out, flush=True)
        late, late_cut = analysis_times(last, make, limit)
        print(_row(_("12 discs (columns past the book), with the book") if with_book
                   else _("12 discs (columns past the book), without the book"), late, late_cut),
              file=out, flush=True)
        every = (_("1-12 discs ({count} each), with the book") if with_book
                 else _("1-12 discs ({count} each), without the book"))
        print(_row(every.format(count=PER_DISC_COUNT), early + late, early_cut + late_cut), file=out, flush=True)
    print(file=out)


@dataclass
class MoveTimes:
    times: list[float]
    by_band: dict[str, list[float]]


def perfect_move_times(games: int, out=sys.stdout) -> MoveTimes:
    """Perfect (either colour) against Master from the first ``games`` // 2 balanced openings."""
    perfect = DEFAULTS.search_config(level=DEFAULTS.level("Perfect"))
    master = DEFAULTS.search_config(level=DEFAULTS.level("Master"))
    result = MoveTimes([], {band: [] for band in BANDS})
    for g in range(games):
        opening = OPENINGS[g // 2 % len(OPENINGS)]
        players = [Searcher(perfect), Searcher(master)]
        if g % 2:
            players.reverse()
        pos = Position.from_moves(opening)
        while not pos.is_over():
            searcher = players[(pos.moves - len(opening)) % 2]
            start = perf_counter()
            move = searcher.search(pos).move
            spent = perf_counter() - start
            if searcher.config.depth is None:
                result.times.append(spent)
                band = BANDS[0] if pos.moves < BOOK_DISCS else BANDS[1] if pos.moves < 20 else BANDS[2]
                result.by_band[band].append(spent)
            pos = pos.play(move)
        print("  " + _("game {number}/{games} ({opening}): {moves} Perfect moves so far").format(
            number=g + 1, games=games, opening=opening, moves=len(result.times)), file=sys.stderr)
    print(ngettext("Perfect's time per move, {games} game against Master from balanced openings",
                   "Perfect's time per move, {games} games against Master from balanced openings", games).format(
        games=games) + "\n", file=out)
    print(table_row(_("Moves"), _("Count"), _("Mean"), _("Median"), _("95th percentile"), _("Maximum")), file=out)
    print("|-------|------:|-----:|-------:|----------------:|--------:|", file=out)
    for label, times in [(N_("all"), result.times), *result.by_band.items()]:
        if times:
            print(table_row(_(label), number_text(len(times)), _s(mean(times)), _s(median(times)),
                            _s(percentile(times, 0.95)), _s(max(times))), file=out)
    print(file=out)
    return result


@tool_entry("bench --book")
def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(prog="python -m game.bench --book",
                        description=_("Benchmarks of the opening book: python -m game.bench --book."))
    parser.add_argument("--compare", action="store_true", help=_("also time the analysis without the book"))
    parser.add_argument("--cap", type=real(0.0, MAX_CAP, lo_open=True, unit="seconds"), default=2.0,
                        help=_("seconds per position without the book (default 2)"))
    parser.add_argument("--perfect-games", type=whole(0, MAX_PERFECT_GAMES), default=4,
                        help=_("games for Perfect's move times (default 4)"))
    args = parser.parse_args(argv)
    book_row()
    analysis_table(args.compare, args.cap)
    if args.perfect_games:
        perfect_move_times(args.perfect_games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
