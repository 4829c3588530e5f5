"""What the hint (H) or "why?" (W) says about a position, as one JSON object.

    python -m game.coach 4444               # the hint: the best column and why
    python -m game.coach 4444 --column 1    # "why?" on column 1

MOVES is a move string from the empty board ("" for the empty board). The object holds
``column`` (1-7), ``value`` (that column's exact value in words), ``text`` (what the window says)
and ``cells`` (the cells the text talks about, ringed on the board, as ``[column, row]``: 1-7
from the left, 1-6 from the bottom). The window asks ``game.engine.coaching.advise``, as this
tool does. Bad input (not a move string, an illegal move, a finished game, a column out of range
or full) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.config.load import load_settings
from game.echo import tolerant_output
from game.engine.board import CELLS, WIDTH, ColumnFullError, MoveError, Position
from game.engine.coaching import advise
from game.engine.solver import Solver
from game.i18n import _
from game.store.book_memo import remember_book_digests
from game.store.folders import report_bad_home
from game.tools.move_input import shown
from game.tools.numbers import whole
from game.tools.tail import tool_entry
from game.words.coach_says import advice_json
from game.words.move_errors import move_error_text

PROG = "python -m game.coach"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description="Say what the hint (or why? on one column) says "
                                                            "about a Connect Four position, as one JSON object.")
    parser.add_argument("moves", metavar="MOVES", help='the moves from the empty board, e.g. 4453 ("" for none)')
    parser.add_argument("--column", type=whole(1, WIDTH), metavar="N",
                        help="explain column N (1-7), as W does; without it, the hint's column")
    parser.add_argument("--config", metavar="PATH", help="config.toml to read the solver's table size from")
    return parser


def position_of(moves: str) -> Position:
    """The position after ``moves``, refused (``MoveError``) when the string is no legal game or the
    game is over."""
    if len(moves) > CELLS + 16:
        raise MoveError(f"{len(moves)} characters is too long for a game of at most {CELLS} moves")
    pos = Position.from_moves(moves)
    if pos.is_over():
        raise MoveError("the game is already over (four in a row or a full board): nothing to advise")
    return pos


@tool_entry("coach", "cannot write the advice")
def main(argv: list[str] | None = None) -> int:
    tolerant_output()
    parser = build_parser()
    args = parser.parse_args(argv)
    if report_bad_home(parser.prog):
        return 2
    try:
        pos = position_of(args.moves)
        column = None if args.column is None else args.column - 1
        if column is not None and not pos.can_play(column):
            raise ColumnFullError(column)
    except MoveError as exc:
        print(f"coach: {shown(args.moves)}: {shown(move_error_text(exc), 200)}", file=sys.stderr)
        return 2
    if sys.stdout is None:  # started with >&-
        if sys.stderr is not None:
            print("coach: " + _("standard output is closed"), file=sys.stderr)
        return 1
    remember_book_digests()
    settings, problems = load_settings(args.config)
    for problem in problems:
        print(f"config: {problem}", file=sys.stderr)
    advice = advise(pos, Solver(table_mb=settings.table_mb), column)
    print(json.dumps(advice_json(advice), ensure_ascii=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
