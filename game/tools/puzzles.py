"""The shipped puzzles as JSON, one puzzle a line.

    python -m game.puzzles                          # every puzzle
    python -m game.puzzles --kind draw              # only "hold the draw" puzzles
    python -m game.puzzles --near 1600 --count 5    # the five nearest a rating of 1600

Each line: the position (a move string from the empty board), the side to play, the kind (win or
draw), the solution line (the solver's only moves and the defender's longest resistance, columns
1-7), ``n`` (the solver's discs to the end with best play; null for a draw), ``find`` (the moves
the solver's side must find: its moves in the solution line; ``moves`` says the same), ``task``
(what to find, in words: "Find the 2 moves that keep Red's win (the win comes with Red's 10th disc
from now)"), ``theme`` (win at once, block, two threats, under a winning cell, odd/even threat or
zugzwang), the exact score and the difficulty (the levels' Elo scale). ``--near`` serves as the
game does: below a rating of 1800 every tactic comes before any parity idea. docs/practice.md has
the rules. Exit status 2 for bad arguments, 1 when the puzzle file cannot be read, 141 when the
reader of the output went away.
"""

from __future__ import annotations

import json
import sys

from game.echo import tolerant_output
from game.engine.only_moves import PuzzleKind
from game.training.puzzle_set import load_puzzles, serve
from game.domain.record import Rating, START_RD
from game.tools.numbers import real, whole
from game.tools.tail import tool_entry
from game.tools.tool_parser import ToolParser
from game.i18n import N_, _

MAX_RATING = 4000.0


def build_parser() -> ToolParser:
    parser = ToolParser(prog="python -m game.puzzles",
                        description=_("List the shipped Connect Four puzzles as JSON, one a line."))
    parser.add_argument("--kind", choices=[k.value for k in PuzzleKind], help=_("only puzzles of this kind"))
    parser.add_argument("--near", type=real(0.0, MAX_RATING), metavar="RATING",
                        help=_("nearest this puzzle rating first (as served to a player of that rating)"))
    parser.add_argument("--count", type=whole(1, 100_000), metavar="N", help=_("at most N puzzles"))
    return parser


@tool_entry("puzzles", N_("cannot write the list"))
def main(argv: list[str] | None = None) -> int:
    tolerant_output()
    args = build_parser().parse_args(argv)
    if sys.stdout is None:  # started with >&-
        if sys.stderr is not None:
            print("puzzles: " + _("standard output is closed"), file=sys.stderr)
        return 1
    try:
        puzzles = load_puzzles()
    except (OSError, ValueError) as exc:
        print("puzzles: " + _("cannot read the puzzles: {reason}").format(reason=exc), file=sys.stderr)
        return 1
    kind = PuzzleKind(args.kind) if args.kind else None
    if args.near is not None:
        chosen = serve(puzzles, Rating(args.near, START_RD, 0), count=args.count or len(puzzles), kind=kind)
    else:
        chosen = [p for p in puzzles if kind is None or p.kind is kind][:args.count]
    for puzzle in chosen:
        print(json.dumps(puzzle.to_json(), ensure_ascii=True), flush=False)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
