"""Derive the table of early positions (``game/data/early_positions.txt``) from the opening book.

    python -m game.tools.early_book            # rewrite the table (about a minute)
    python -m game.tools.early_book --check 20 # solve 20 of its positions again and compare

Every position with 1 to ``EARLY_DISCS`` discs is listed once with its mirror image (under the
first move string, in ascending order, that reaches either), with its exact score from the
solver searching down to the book's 12-disc positions. The output depends only on the book, so
running the tool again writes the same file.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

from game.data import DATA_DIR, read_testset
from game.echo import shown_path
from game.engine.board import WIDTH, Position, format_moves
from game.engine.book import book_status
from game.engine.early_table import EARLY_DISCS, EARLY_FILE
from game.engine.solver import Solver
from game.store.files import atomic_write_text, describe_os_error
from game.tools.numbers import whole
from game.tools.tail import tool_entry
from game.tools.tool_parser import ToolParser
from game.i18n import _, ngettext, number_text


def early_positions(discs: int = EARLY_DISCS) -> Iterator[tuple[str, Position]]:
    """(move string, position) of every position with 1 to ``discs`` discs, mirror images
    once, fewest discs first, each under the first move string in ascending order."""
    seen: set[int] = set()
    layer = [((), Position())]
    for _ in range(discs):
        following = []
        for cols, pos in layer:
            for col in range(WIDTH):
                child = pos.play(col)
                key, mirrored = child.key(), child.mirror().key()
                if key in seen or mirrored in seen:
                    continue
                seen.add(key)
                following.append(((*cols, col), child))
        following.sort(key=lambda item: item[0])
        yield from ((format_moves(cols), pos) for cols, pos in following)
        layer = following


def bookless_solver() -> Solver:
    """A solver that reads the 12-disc book but not the early table it is deriving."""
    status = book_status()
    if not status.available:
        raise SystemExit(f"early_book: {status.reason}")
    return Solver(table_mb=256, early=False)


def write_table(path: Path) -> int:
    solver = bookless_solver()
    lines = [f"{moves} {solver.solve(pos)}\n" for moves, pos in early_positions()]
    atomic_write_text(path, "".join(lines))
    return len(lines)


def check_table(count: int, seed: int = 1) -> list[str]:
    """Solve ``count`` random lines of the shipped table again; the lines that disagree."""
    table = read_testset(EARLY_FILE, folder="")
    solver = bookless_solver()
    wrong = []
    for moves, score in random.Random(seed).sample(table, min(count, len(table))):
        got = solver.solve(Position.from_moves(moves))
        if got != score:
            wrong.append(_("{moves}: table {score}, solver {got}").format(moves=moves, score=score, got=got))
    return wrong


@tool_entry("early_book")
def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(prog="python -m game.tools.early_book",
                        description=_("Derive the table of early positions (game/data/early_positions.txt) "
                                      "from the opening book."))
    parser.add_argument("--check", type=whole(1, 100_000), metavar="N",
                        help=_("solve N random lines again and compare"))
    parser.add_argument("--output", type=Path, default=DATA_DIR / EARLY_FILE, help=_("where to write the table"))
    args = parser.parse_args(argv)
    if args.check is not None:
        wrong = check_table(args.check)
        for line in wrong:
            print(line)
        print(ngettext("{agree} of {count} agree", "{agree} of {count} agree", args.check - len(wrong)).format(
            agree=number_text(args.check - len(wrong)), count=number_text(args.check)))
        return 1 if wrong else 0
    try:
        written = write_table(args.output)
    except OSError as exc:
        print("early_book: " + _("cannot write {file}: {reason}").format(file=shown_path(args.output),
                                                                        reason=describe_os_error(exc)),
              file=sys.stderr)
        return 1
    print(ngettext("wrote {count} position to {file}", "wrote {count} positions to {file}", written).format(
        count=number_text(written), file=shown_path(args.output)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
