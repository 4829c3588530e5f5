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

It behaves as a Unix filter: input is read in bounded chunks, as bytes (a move string is
ASCII, whatever the locale says); a line longer than :data:`MAX_LINE_BYTES` is refused
without being echoed or kept in memory; binary input (a NUL byte) stops the run. When the
reader of the output goes away (``| head``) it stops quietly with status 141, as a filter
killed by SIGPIPE does; any other output or input failure is one line on stderr and status
1. An exact solve that runs longer than :data:`PROGRESS_AFTER` seconds says on stderr, every
:data:`PROGRESS_EVERY` seconds, how many positions it has searched and the score interval it
has proved so far.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from time import perf_counter
from typing import BinaryIO, TextIO

from game.engine.board import CELLS, MoveError, Position, parse_moves
from game.engine.heuristics import HEURISTICS
from game.engine.search import SearchCancelled, SearchConfig, Searcher
from game.settings import load_settings


PROG = "python -m game.analyze"
#: The longest line read as a position: a full game's CELLS moves plus ample room for trailing
#: fields (a benchmark score, a comment). Anything longer cannot be a position and is refused unread.
MAX_LINE_BYTES = 256
CHUNK_BYTES = 64 * 1024
PROGRESS_AFTER = 3.0  # seconds before a long exact solve first reports how far it got
PROGRESS_EVERY = 5.0  # seconds between two such reports
SIGPIPE_STATUS = 141  # 128 + SIGPIPE: what a shell reports for a filter whose reader went away


def format_score(score: float | None) -> str:
    if score is None:
        return "x"
    if score == int(score) and (abs(score) >= 1 or score == 0):
        return str(int(score))
    return f"{score:.4f}"


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be more than 0 seconds")
    return value


def _depth(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= 42:
        raise argparse.ArgumentTypeError(f"depth {value} is out of range; use 1 to 42")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game.analyze",
        description="Score Connect Four positions read from standard input (one move string per line).",
    )
    parser.add_argument("--depth", type=_depth, help="heuristic search to this depth (default: exact solve)")
    parser.add_argument("--heuristic", choices=HEURISTICS, help="evaluation for --depth (default: from config)")
    parser.add_argument("--time", type=_positive_float, metavar="SECONDS",
                        help="time budget per position (exact: give up; depth search: stop deepening)")
    parser.add_argument("--columns", action="store_true", help="print the score of every column instead")
    parser.add_argument("--level", metavar="NAME", help="use a named difficulty level from the config (case-insensitive)")
    parser.add_argument("--config", metavar="PATH", help="config.toml to read levels and weights from")
    return parser


def make_config(args: argparse.Namespace, parser: argparse.ArgumentParser) -> SearchConfig:
    """The search configuration the arguments ask for (depth None: exact)."""
    settings, problems = load_settings(args.config)
    for problem in problems:
        print(f"config: {problem}", file=sys.stderr)
    if args.level is not None:
        try:
            level = settings.level(args.level)
        except KeyError as exc:
            parser.error(str(exc.args[0]))
        config = settings.search_config(depth=args.depth, heuristic=args.heuristic, level=level)
    elif args.depth is not None:
        config = settings.search_config(depth=args.depth, heuristic=args.heuristic)
    else:
        return SearchConfig(depth=None, table_mb=settings.table_mb, time_limit=args.time)
    if args.time is not None:
        config = replace(config, time_limit=args.time)
    return config


class InputFailed(Exception):
    """The input cannot be read on (binary data, a read error); the message is one line."""


def shown(text: str, limit: int = 50) -> str:
    """Input as it may be echoed in a message: control characters escaped, length bounded."""
    text = text if text.isprintable() else repr(text)[1:-1]
    return text if len(text) <= limit else text[: limit - 3] + "..."


def read_lines(source: BinaryIO) -> Iterator[tuple[int, str | None, str | None]]:
    """``(line number, text, problem)`` for each input line: the text (ASCII, without the line
    break) or, for a line that cannot be a position, None and what is wrong with it.

    Reads ``source`` in chunks of at most :data:`CHUNK_BYTES` (``read1``: a line typed at a
    terminal is answered at once) and never holds more than one chunk plus one line of at most
    :data:`MAX_LINE_BYTES`, whatever the input. InputFailed on a NUL byte or a read error.
    """
    read = getattr(source, "read1", None) or source.read
    pending = bytearray()
    number, too_long = 1, False
    while True:
        try:
            chunk = read(CHUNK_BYTES)
        except OSError as e:
            raise InputFailed(f"cannot read the input: {e.strerror or e}") from None
        if not chunk:
            if pending and not too_long:
                yield _decoded(number, bytes(pending))
            return
        binary = b"\0" in chunk
        if binary:  # the lines before the NUL byte are answered, then the run stops
            chunk = chunk[: chunk.index(0)]
        start = 0
        while (end := chunk.find(b"\n", start)) != -1:
            if too_long:
                too_long = False
            else:
                pending += chunk[start:end]
                if len(pending) > MAX_LINE_BYTES:
                    yield number, None, _too_long()
                else:
                    yield _decoded(number, bytes(pending))
            pending.clear()
            number += 1
            start = end + 1
        if binary:
            raise InputFailed(f"line {number}: binary data (a NUL byte), not move strings; stopping")
        if not too_long:
            pending += chunk[start:]
            if len(pending) > MAX_LINE_BYTES:  # reported now; the rest of the line is skipped unread
                yield number, None, _too_long()
                pending.clear()
                too_long = True


def _too_long() -> str:
    return f"longer than {MAX_LINE_BYTES} bytes, so not a position (a game has at most {CELLS} moves)"


def _decoded(number: int, raw: bytes) -> tuple[int, str | None, str | None]:
    if number == 1 and raw.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark
        raw = raw[3:]
    try:
        return number, raw.decode("ascii"), None
    except UnicodeDecodeError as e:
        return number, None, f"byte 0x{raw[e.start]:02x} at column {e.start + 1} is not a move (moves are the digits 1-7)"


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
            text = f"{self.label}: still solving, {self.solver.nodes:,} positions in {now - self.start:.0f} s"
            if not self.columns:  # with --columns the bounds are those of one column's position
                lower, upper, move = self.solver.partial
                text += f"; score proved between {lower} and {upper}"
                if move is not None:
                    text += f" (column {move + 1} reaches {lower})"
            say(self.err, text)
        return False


def say(err: TextIO, text: str) -> None:
    """One line on stderr; a stderr that is closed or broken is not a reason to stop."""
    try:
        print(text, file=err, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


def analyse_line(searcher: Searcher, pos: Position, columns: bool, stop: ProgressReport | None = None) -> str:
    """One output line (without the move string) for a position that is not over."""
    cfg = searcher.config
    if columns:
        if cfg.depth is None:
            deadline = perf_counter() + cfg.time_limit if cfg.time_limit else None
            scores = searcher.solver.column_scores(pos, stop=stop, deadline=deadline)
        elif cfg.perfect_play:
            scores, _ = searcher.column_scores(pos, time_limit=cfg.time_limit or 1.0)
        else:
            deadline = perf_counter() + cfg.time_limit if cfg.time_limit else None
            scores = searcher.column_values(pos, deadline=deadline)
        return " ".join(format_score(s) for s in scores)
    start = perf_counter()
    if cfg.depth is None:
        deadline = start + cfg.time_limit if cfg.time_limit else None
        move, score = searcher.solver.best_move(pos, stop=stop, deadline=deadline)
        score, nodes = float(score), searcher.solver.nodes
    else:
        result = searcher.search(pos)
        move, score, nodes = result.move, result.score, result.nodes
    micros = int((perf_counter() - start) * 1e6)
    return f"{format_score(score)} {move + 1} {nodes} {micros}"


def run(source: BinaryIO, out: TextIO, err: TextIO, config: SearchConfig, columns: bool,
        clock: Callable[[], float] = perf_counter) -> int:
    """Analyse every line of ``source``; 0 if every line was answered, else 1. Errors writing
    ``out`` (BrokenPipeError, a full disk) are left to the caller."""
    searcher = Searcher(config)
    status = 0
    try:
        for number, line, problem in read_lines(source):
            if line is None:
                say(err, f"line {number}: {problem}; skipped")
                status = 1
                continue
            fields = line.split()
            moves = fields[0] if fields else ""  # an empty line is the empty board
            text = _analyse(searcher, number, moves, columns, err, clock)
            if text is None:
                status = 1
                continue
            out.write(f"{moves} {text}\n")
            out.flush()
    except InputFailed as e:
        say(err, f"{PROG}: {e}")
        return 1
    return status


def _analyse(searcher: Searcher, number: int, moves: str, columns: bool, err: TextIO,
             clock: Callable[[], float]) -> str | None:
    """The result for one move string, or None after saying on ``err`` why there is none."""
    label = f"line {number}: {shown(moves) or '(empty board)'}"
    try:
        pos = Position.from_moves(parse_moves(moves))
        if pos.is_over():
            raise MoveError("the game is already over (four in a row or a full board): nothing to analyse")
        stop = None
        if searcher.config.depth is None:
            searcher.solver.reset()  # each position is solved on its own, as in the benchmark protocol
            stop = ProgressReport(searcher.solver, err, label, columns, clock)
        return analyse_line(searcher, pos, columns, stop)
    except MoveError as exc:
        say(err, f"{label}: {exc}")
    except SearchCancelled:
        say(err, f"{label}: not solved within the time budget")
    return None


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.heuristic is not None and args.depth is None and args.level is None:
        parser.error("--heuristic needs --depth or --level (the exact solver uses no heuristic)")
    if sys.stdin is None or sys.stdout is None:  # started with <&- or >&-
        closed = "input" if sys.stdin is None else "output"
        if sys.stderr is not None:
            say(sys.stderr, f"{PROG}: standard {closed} is closed; nothing to analyse")
        return 1
    for stream in (sys.stdout, sys.stderr):  # a character the terminal cannot show: an escape, not a crash
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            pass
    config = make_config(args, parser)
    try:
        return run(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout, sys.stderr, config, args.columns)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        _silence_stdout()
        return SIGPIPE_STATUS
    except OSError as e:
        _silence_stdout()
        say(sys.stderr, f"{PROG}: cannot write the results: {(e.strerror or str(e)).lower()}")
        return 1


def _silence_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush of the lines still
    buffered cannot fail a second time (and print a traceback) on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
