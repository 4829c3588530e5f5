"""Accuracy: a player's moves in reference positions, judged against exact play.

A move is optimal when it keeps the position's exact score, outcome-changing when it turns a
win into a draw or a loss, or a draw into a loss. Reference sets with every column's score
(analysis files) judge a move by lookup; test sets give only the position's score, so the
chosen move is solved here (within a time limit; unsolved moves are counted apart).
"""

from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from game.data import DATA_DIR
from game.engine.board import WIDTH, Position
from game.engine.scores import win_next_score
from game.engine.solver import SearchCancelled, Solver
from game.tools.arena.entrants import ArenaPlayer
from game.tools.arena.pool import Progress, default_workers, run_parallel
from game.store import files
from game.echo import shown, shown_path
from game.i18n import _, ngettext, percent_text, decimal_text

#: Reference sets: name -> (file in the references directory, kind, description).
#: "testset" files give the position's exact score only (the chosen move's score is
#: solved here); "analysis" files give every column's exact score.
REFERENCE_SETS: dict[str, tuple[str, str, str]] = {
    "end": ("testsets/Test_L3_R1", "testset", "End-Easy"),
    "middle-easy": ("testsets/Test_L2_R1", "testset", "Middle-Easy"),
    "middle-medium": ("testsets/Test_L2_R2", "testset", "Middle-Medium"),
    "begin-easy": ("testsets/Test_L1_R1", "testset", "Begin-Easy"),
    "early-easy": ("analysis/begin_easy_100.txt", "analysis", "early, from Begin-Easy (C++ analysis)"),
    "early-medium": ("analysis/begin_medium_100.txt", "analysis", "early, from Begin-Medium (C++ analysis)"),
}
DEFAULT_SETS = ("end", "middle-easy", "middle-medium", "begin-easy", "early-easy", "early-medium")


MAX_REFERENCE_BYTES = 64 * 1024 * 1024  # a reference set is a few hundred kB

def default_refs_dir() -> Path:
    """The shipped reference data (``game.data``): ``testsets/`` and ``analysis/``."""
    return DATA_DIR


@dataclass(frozen=True)
class RefPosition:
    set_name: str
    moves: str
    best: int  # exact score of the position for the side to move
    column_scores: tuple[int | None, ...] | None  # every column's exact score, when known


def parse_reference_line(line: str, set_name: str, kind: str) -> RefPosition:
    parts = line.split()
    if kind == "analysis":
        if len(parts) != 1 + WIDTH:
            raise ValueError(_("expected '<moves> s1 ... s7', got {line}").format(line=repr(shown(line.strip()))))
        scores = tuple(None if s == "x" else int(s) for s in parts[1:])
        best = max(s for s in scores if s is not None)
        return RefPosition(set_name, parts[0], best, scores)
    if len(parts) != 2:
        raise ValueError(_("expected '<moves> <score>', got {line}").format(line=repr(shown(line.strip()))))
    return RefPosition(set_name, parts[0], int(parts[1]), None)


def load_references(
    sets: Iterable[str], per_set: int = 100, seed: int = 1, refs_dir: Path | None = None
) -> list[RefPosition]:
    """Reference positions: ``per_set`` sampled (by ``seed``) from each set, 0 = all."""
    refs_dir = refs_dir or default_refs_dir()
    out: list[RefPosition] = []
    for name in sets:
        if name not in REFERENCE_SETS:
            raise ValueError(_("unknown reference set {name}; choose from: {sets}").format(
                name=repr(shown(name)), sets=", ".join(REFERENCE_SETS)))
        filename, kind, _title = REFERENCE_SETS[name]
        path = refs_dir / filename
        try:
            data = files.read_regular_file(path, MAX_REFERENCE_BYTES)
            if len(data) > MAX_REFERENCE_BYTES:
                raise ValueError(_("larger than {size} MiB").format(size=MAX_REFERENCE_BYTES // 2**20))
            lines = [ln for ln in data.decode("utf-8-sig").splitlines() if ln.strip()]
        except OSError as exc:
            raise ValueError(_("cannot read reference file {file}: {reason}").format(
                file=shown_path(path), reason=files.describe_os_error(exc))) from None
        except ValueError as exc:  # UnicodeDecodeError too
            raise ValueError(_("cannot read reference file {file}: {reason}").format(
                file=shown_path(path), reason=shown(str(exc)))) from None
        if per_set and per_set < len(lines):
            picked = sorted(random.Random(f"{seed}:{name}").sample(range(len(lines)), per_set))
            lines = [lines[i] for i in picked]
        for number, line in enumerate(lines, start=1):
            try:
                out.append(parse_reference_line(line, name, kind))
            except ValueError as exc:
                raise ValueError(_("{file}: line {number}: {problem}").format(
                    file=shown_path(path), number=number, problem=exc)) from None
    return out


_SOLVER: Any = None


def exact_move_score(pos: Position, col: int, limit: float | None = None) -> int | None:
    """Exact score of playing ``col`` in ``pos`` for the side to move; None if not solved in time."""
    global _SOLVER
    if pos.is_winning_move(col):
        return win_next_score(pos.moves)
    child = pos.play(col)
    if child.is_over():
        return 0
    if _SOLVER is None:
        _SOLVER = Solver()
    try:
        return -_SOLVER.solve(child, deadline=time.perf_counter() + limit if limit else None)
    except SearchCancelled:
        return None


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


@dataclass(frozen=True)
class AccuracyRecord:
    set_name: str
    moves: str
    move: int  # the column chosen
    best: int
    move_score: int | None  # None: not solved within the limit
    time: float

    @property
    def judged(self) -> bool:
        return self.move_score is not None

    @property
    def optimal(self) -> bool:
        return self.move_score == self.best

    @property
    def outcome_changing(self) -> bool:
        """A win turned into a draw or loss, or a draw into a loss."""
        return self.move_score is not None and _sign(self.move_score) < _sign(self.best)


@dataclass(frozen=True)
class AccuracyTask:
    ref: RefPosition
    player: ArenaPlayer
    solve_limit: float | None
    known: tuple[tuple[int, int], ...] = ()  # (column, exact score) already solved (cache)


def judge_position(task: AccuracyTask) -> AccuracyRecord:
    """Let the player choose a move in the reference position and score the choice exactly."""
    ref = task.ref
    pos = Position.from_moves(ref.moves)
    mover = task.player.make(None)
    t0 = time.perf_counter()
    col = mover.choose(pos)
    elapsed = time.perf_counter() - t0
    if ref.column_scores is not None:
        move_score = ref.column_scores[col]
        if move_score is None:
            raise RuntimeError(_("{player} played into full column {column} in {moves}").format(
                player=task.player.label, column=col + 1, moves=ref.moves))
    else:
        move_score = dict(task.known).get(col)
        if move_score is None:
            move_score = exact_move_score(pos, col, task.solve_limit)
    return AccuracyRecord(ref.set_name, ref.moves, col, ref.best, move_score, elapsed)


@dataclass(frozen=True)
class AccuracySummary:
    name: str
    positions: int
    judged: int
    optimal: float  # fraction of judged positions
    outcome_changing: float
    mean_time: float

    def to_json(self) -> dict[str, Any]:
        return {
            "set": self.name,
            "positions": self.positions,
            "judged": self.judged,
            "unsolved": self.positions - self.judged,
            "optimal_pct": round(100 * self.optimal, 2),
            "outcome_changing_pct": round(100 * self.outcome_changing, 2),
            "mean_move_time": round(self.mean_time, 5),
        }


def summarise(name: str, records: Sequence[AccuracyRecord]) -> AccuracySummary:
    judged = [r for r in records if r.judged]
    n = len(judged)
    return AccuracySummary(
        name=name,
        positions=len(records),
        judged=n,
        optimal=sum(r.optimal for r in judged) / n if n else 0.0,
        outcome_changing=sum(r.outcome_changing for r in judged) / n if n else 0.0,
        mean_time=sum(r.time for r in records) / len(records) if records else 0.0,
    )


@dataclass(frozen=True)
class AccuracyResult:
    player: str
    description: str
    seed: int
    workers: int
    records: tuple[AccuracyRecord, ...]

    def summaries(self) -> list[AccuracySummary]:
        names = list(dict.fromkeys(r.set_name for r in self.records))
        rows = [summarise(n, [r for r in self.records if r.set_name == n]) for n in names]
        if len(names) > 1:
            rows.append(summarise("all", self.records))
        return rows

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "description": self.description,
            "seed": self.seed,
            "workers": self.workers,
            "sets": [s.to_json() for s in self.summaries()],
            "records": [dataclasses.asdict(r) for r in self.records],
        }

    def text(self) -> str:
        heads = (_("set"), _("positions"), _("optimal"), _("outcome-changing"), _("unsolved"), _("time/move"))
        rows = [(s.name, str(s.positions), percent_text(s.optimal, 1), percent_text(s.outcome_changing, 1),
                 str(s.positions - s.judged), _("{seconds}s").format(seconds=decimal_text(s.mean_time, 3)))
                for s in self.summaries()]
        # each column as wide as its widest cell, at least as in English; the set's name to the left
        widths = [max([15, 9, 9, 17, 9, 10][i], *(len(r[i]) for r in [heads, *rows])) for i in range(len(heads))]

        def line(cells: tuple[str, ...]) -> str:
            return " ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))

        title = ngettext("accuracy of {player}, seed {seed}, {workers} worker",
                         "accuracy of {player}, seed {seed}, {workers} workers", self.workers).format(
            player=self.description, seed=self.seed, workers=self.workers)
        return "\n".join([title, line(heads), *(line(r) for r in rows)])


def run_accuracy(
    player: ArenaPlayer,
    refs: Sequence[RefPosition],
    seed: int = 1,
    workers: int | None = None,
    solve_limit: float | None = 30.0,
    progress: bool = False,
    cache: dict[str, dict[str, int]] | None = None,
) -> AccuracyResult:
    """Judge ``player``'s move in every reference position.

    ``cache`` ({moves: {column: exact score}}) saves re-solving a move another run
    already judged; new solutions are added to it.
    """
    workers = workers or default_workers()
    cache = {} if cache is None else cache
    tasks = [
        AccuracyTask(ref, player, solve_limit, tuple((int(c), v) for c, v in cache.get(ref.moves, {}).items()))
        for ref in refs
    ]
    order = {(r.set_name, r.moves): i for i, r in enumerate(refs)}
    bar = Progress(len(tasks), _("accuracy"), enabled=progress)
    records = []
    optimal = 0
    for record in run_parallel(judge_position, tasks, workers):
        records.append(record)
        optimal += record.optimal
        bar.update(_("optimal {count}").format(count=optimal))
    bar.close()
    records.sort(key=lambda r: order[(r.set_name, r.moves)])
    for r in records:
        if r.move_score is not None and r.set_name in REFERENCE_SETS and REFERENCE_SETS[r.set_name][1] == "testset":
            cache.setdefault(r.moves, {})[str(r.move)] = r.move_score
    return AccuracyResult(player.label, player.describe(), seed, workers, tuple(records))
