"""Build the shipped puzzle set: ``python -m game.tools.puzzles_build [--games N] [--workers K]``.

Plays games between neighbouring built-in levels (the arena's players and openings, on the
arena's process pool), and looks for a puzzle at every position of every game with the exact
solver (``game.engine.only_moves``: only moves, longest resistance, no obvious first move). A
position the solver does not settle within ``POSITION_SECONDS`` is skipped. Each puzzle found is
checked again with a fresh solver table, and kept only when that check needs at most
``CHECK_NODES`` nodes, so the tests can prove every shipped puzzle in seconds.

Puzzles are then chosen to spread over kinds and lengths (at most ``PER_BUCKET`` per win in N,
N capped at ``N_CAP``, and per draw line length), each rated (``difficulty``) and written to
``game/data/puzzles.txt``, sorted, one puzzle a line::

    <start: move string> <solution line: move string> <exact score> <difficulty>

Difficulty: the built-in levels from Beginner to Expert, each playing its search without
temperature, try the line: at each of the solver's turns, does the level's move equal the only
move? The difficulty is the Elo of the weakest level that finds every move, lowered toward the
level below it by the share of the moves that level found: ``E[i] - (E[i] - E[i-1]) * found[i-1]``
(``E[0]`` when the weakest level finds all). A line no level finds scores above Expert:
``E[top] + (E[top] - E[top-1]) * (1 - found[top])``. So a puzzle's difficulty sits on the scale
of the levels' Elo (config.toml), the scale of the player's game rating.

The run is deterministic for its arguments (seeded games, fixed-depth searches), apart from
positions near the time limit. Keep it under about 15 minutes on two cores: the defaults do.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from time import perf_counter

from game.data import DATA_DIR
from game.engine.board import Position, format_moves
from game.engine.only_moves import OnlyMoveLine, PuzzleKind, check_line, find_line
from game.engine.solver import SearchCancelled, Solver
from game.store.files import atomic_write_text
from game.config.values import DEFAULTS
from game.tools.arena.arena_match import GameTask, make_tasks, play_game
from game.tools.arena.entrants import ArenaPlayer, parse_arena_player
from game.tools.arena.pool import Progress, default_workers, run_parallel
from game.tools.numbers import whole
from game.tools.tail import tool_entry
from game.tools.tool_parser import ToolParser
from game.i18n import N_, _, ngettext

OUTPUT = DATA_DIR / "puzzles.txt"
#: Neighbouring levels: the weaker side's slips make won positions with only moves.
PAIRINGS = (("Beginner", "Novice"), ("Novice", "Apprentice"), ("Apprentice", "Easy"), ("Easy", "Medium"),
            ("Novice", "Medium"), ("Medium", "Hard"))
#: The difficulty ladder, weakest first (their temperature off, so each plays its search's move).
LADDER = ("Beginner", "Novice", "Apprentice", "Easy", "Medium", "Hard", "Expert")
MIN_DISCS = 6
POSITION_SECONDS = 1.5
CHECK_TABLE_MB = 16
CHECK_NODES = 400_000
PER_BUCKET = 30
N_CAP = 12  # wins in 12 and more share a bucket
SEED = 27
SOLVER_MB = 64


@dataclass(frozen=True, slots=True)
class Found:
    """A puzzle and the nodes its check took with a fresh table."""

    puzzle: OnlyMoveLine
    check_nodes: int


_solver: Solver | None = None


def _worker_solver() -> Solver:
    """One solver per worker process, its table kept from position to position."""
    global _solver
    if _solver is None:
        _solver = Solver(table_mb=SOLVER_MB)
    return _solver


def check_cost(puzzle: OnlyMoveLine) -> int:
    """Nodes ``check_line`` needs with a fresh table (the cost the tests pay, at most)."""
    solver = Solver(table_mb=CHECK_TABLE_MB)
    check_line(solver, puzzle)
    return solver.nodes


def mine_game(task: GameTask) -> list[Found]:
    """Play the game of ``task`` and return the puzzles in its positions that are cheap to check."""
    moves = [int(c) - 1 for c in play_game(task).moves]
    solver = _worker_solver()
    found = []
    for discs in range(MIN_DISCS, len(moves)):
        try:
            puzzle = find_line(solver, moves[:discs], deadline=perf_counter() + POSITION_SECONDS)
        except SearchCancelled:
            continue
        if puzzle is None:
            continue
        nodes = check_cost(puzzle)
        if nodes <= CHECK_NODES:
            found.append(Found(puzzle, nodes))
    return found


def _turns(puzzle: OnlyMoveLine) -> list[tuple[Position, int]]:
    """(position, only move) at each of the solver's turns."""
    pos = Position.from_moves(puzzle.start)
    turns = []
    for i, col in enumerate(puzzle.line):
        if i % 2 == 0:
            turns.append((pos, col))
        pos = pos.play(col)
    return turns


def difficulty(puzzle: OnlyMoveLine, ladder: tuple[tuple[ArenaPlayer, int], ...]) -> int:
    """The puzzle's difficulty on the levels' Elo scale (see the module docstring)."""
    turns = _turns(puzzle)
    below: tuple[int, float] | None = None  # (Elo, share of moves found) of the level below
    for player, elo in ladder:
        mover = player.make(SEED)
        share = sum(mover.choose(pos) == col for pos, col in turns) / len(turns)
        if share == 1:
            return elo if below is None else round(elo - (elo - below[0]) * below[1])
        below = elo, share
    (_player, second), (_top_player, top) = ladder[-2], ladder[-1]
    assert below is not None
    return round(top + (top - second) * (1 - below[1]))


def ladder_players() -> tuple[tuple[ArenaPlayer, int], ...]:
    """The ladder's players (temperature off) and their Elo, from the built-in levels (a player's
    own config.toml changes nothing in the shipped set)."""
    elos = {level.name: level.elo for level in DEFAULTS.levels}
    return tuple((parse_arena_player(f"{name},temp=0", DEFAULTS), elos[name]) for name in LADDER)


def _rate(item: tuple[OnlyMoveLine, tuple[tuple[ArenaPlayer, int], ...]]) -> tuple[OnlyMoveLine, int]:
    puzzle, ladder = item
    return puzzle, difficulty(puzzle, ladder)


def canonical_key(start: tuple[int, ...]) -> int:
    """A position's key up to mirror images (a puzzle and its mirror image are one)."""
    pos = Position.from_moves(start)
    return min(pos.key(), pos.mirror().key())


def bucket(puzzle: OnlyMoveLine) -> tuple[str, int]:
    n = puzzle.n if puzzle.kind is PuzzleKind.WIN else puzzle.solver_moves
    assert n is not None
    return puzzle.kind.value, min(n, N_CAP)


def choose(found: list[Found], per_bucket: int) -> list[OnlyMoveLine]:
    """One puzzle per position (mirror images too), at most ``per_bucket`` per kind and length;
    within a bucket the longer lines first, then the dearer checks (harder positions)."""
    unique: dict[int, Found] = {}
    for item in found:
        unique.setdefault(canonical_key(item.puzzle.start), item)
    buckets: dict[tuple[str, int], list[Found]] = defaultdict(list)
    for item in unique.values():
        buckets[bucket(item.puzzle)].append(item)
    chosen = []
    for items in buckets.values():
        items.sort(key=lambda f: (-len(f.puzzle.line), -f.check_nodes, f.puzzle.start))
        chosen += [f.puzzle for f in items[:per_bucket]]
    return chosen


def puzzle_line(puzzle: OnlyMoveLine, rating: int) -> str:
    return f"{format_moves(puzzle.start)} {format_moves(puzzle.line)} {puzzle.score} {rating}"


def build(games: int, workers: int, out: Path, progress: bool = True) -> int:
    ladder = ladder_players()
    tasks: list[GameTask] = []
    for k, (a, b) in enumerate(PAIRINGS):
        pair = make_tasks(parse_arena_player(a, DEFAULTS), parse_arena_player(b, DEFAULTS), games, SEED + k)
        tasks += [GameTask(len(tasks) + t.index, t.opening, t.a, t.b, t.a_is_red, t.a_seed, t.b_seed) for t in pair]
    bar = Progress(len(tasks), _("games"), enabled=progress)
    found: list[Found] = []
    for result in run_parallel(mine_game, tasks, workers):
        found += result
        bar.update(ngettext("{count} puzzle", "{count} puzzles", len(found)).format(count=len(found)))
    bar.close()
    chosen = choose(found, PER_BUCKET)
    bar = Progress(len(chosen), _("difficulty"), enabled=progress)
    rated = []
    for puzzle, rating in run_parallel(_rate, [(p, ladder) for p in chosen], workers):
        rated.append(puzzle_line(puzzle, rating))
        bar.update()
    bar.close()
    atomic_write_text(out, "".join(line + "\n" for line in sorted(rated)))
    print(ngettext("{count} puzzles from {found} found in {games} games: {file}",
                   "{count} puzzles from {found} found in {games} games: {file}", len(rated)).format(
        count=len(rated), found=len(found), games=len(tasks), file=out), file=sys.stderr)
    return 0


@tool_entry("puzzles_build", N_("cannot write the puzzles"))
def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(prog="python -m game.tools.puzzles_build",
                        description=_("Build game/data/puzzles.txt from games between the levels."))
    parser.add_argument("--games", type=whole(2, 10_000), default=40,
                        help=_("games per pairing of levels (default 40)"))
    parser.add_argument("--workers", type=whole(1, 256), default=None, help=_("worker processes (default: all cores)"))
    parser.add_argument("--out", type=Path, default=OUTPUT, help=_("where to write the puzzles"))
    args = parser.parse_args(argv)
    return build(args.games, args.workers or default_workers(), args.out)


if __name__ == "__main__":
    sys.exit(main())
