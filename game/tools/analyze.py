"""Analyse positions from standard input, one move string per line.

    python -m game.analyze < positions.txt                  # exact solve
    python -m game.analyze --depth 10 --heuristic window   # heuristic search
    python -m game.analyze --columns                       # every column's score
    python -m game.analyze --level master                  # a named level's settings

Each line holds a move string of 1-based columns ("4453"); anything after the first
blank-separated field is ignored, so the benchmark files (``<moves> <score>``) can be
fed in directly. Output per line:

* default: ``<moves> <score> <best column 1-7> <nodes> <microseconds>``
* ``--columns``: ``<moves> s1 s2 s3 s4 s5 s6 s7`` (``x`` for a full column)

Scores use the solver convention (positive: the side to move wins; ``22 - k`` for a
win with its k-th disc; 0 for a draw). A heuristic estimate is printed with four
decimals and lies strictly between -1 and 1. A bad line is reported on stderr with its
line number and skipped; the exit status is then 1.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from time import perf_counter
from typing import TextIO

from game.engine.board import MoveError, Position, parse_moves
from game.engine.heuristics import HEURISTICS
from game.engine.search import SearchCancelled, SearchConfig, Searcher
from game.settings import load_settings


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


def analyse_line(searcher: Searcher, pos: Position, columns: bool) -> str:
    """One output line (without the move string) for a position that is not over."""
    cfg = searcher.config
    if columns:
        if cfg.depth is None:
            deadline = perf_counter() + cfg.time_limit if cfg.time_limit else None
            scores = searcher.solver.column_scores(pos, deadline=deadline)
        elif cfg.perfect_play:
            scores, _ = searcher.column_scores(pos, time_limit=cfg.time_limit or 1.0)
        else:
            deadline = perf_counter() + cfg.time_limit if cfg.time_limit else None
            scores = searcher.column_values(pos, deadline=deadline)
        return " ".join(format_score(s) for s in scores)
    start = perf_counter()
    if cfg.depth is None:
        deadline = start + cfg.time_limit if cfg.time_limit else None
        move, score = searcher.solver.best_move(pos, deadline=deadline)
        score, nodes = float(score), searcher.solver.nodes
    else:
        result = searcher.search(pos)
        move, score, nodes = result.move, result.score, result.nodes
    micros = int((perf_counter() - start) * 1e6)
    return f"{format_score(score)} {move + 1} {nodes} {micros}"


def run(lines: TextIO, out: TextIO, err: TextIO, config: SearchConfig, columns: bool) -> int:
    searcher = Searcher(config)
    status = 0
    for number, raw in enumerate(lines, start=1):
        fields = raw.split()
        if not fields:
            print(f"line {number}: empty line; expected a move string such as 4453", file=err)
            status = 1
            continue
        moves = fields[0]
        try:
            pos = Position.from_moves(parse_moves(moves))
            if pos.is_over():
                raise MoveError("the game is already over (four in a row or a full board): nothing to analyse")
            if config.depth is None:
                searcher.solver.reset()  # each position is solved on its own, as in the benchmark protocol
            text = analyse_line(searcher, pos, columns)
        except MoveError as exc:
            print(f"line {number}: {moves}: {exc}", file=err)
            status = 1
            continue
        except SearchCancelled:
            print(f"line {number}: {moves}: not solved within the time budget", file=err)
            status = 1
            continue
        print(f"{moves} {text}", file=out, flush=True)
    return status


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.heuristic is not None and args.depth is None and args.level is None:
        parser.error("--heuristic needs --depth or --level (the exact solver uses no heuristic)")
    config = make_config(args, parser)
    try:
        return run(sys.stdin, sys.stdout, sys.stderr, config, args.columns)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
