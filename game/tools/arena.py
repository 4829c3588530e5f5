"""Measured strength: matches between players, and accuracy against exact play.

Two commands::

    python -m game.arena A B [--games N] [--seed S] [--workers K] [--json]
    python -m game.arena --accuracy SPEC [--sets LIST] [--per-set N] [--seed S] [--json]

Players are the game's player specs (``ai``, ``ai:DEPTH``, ``ai:DEPTH:HEURISTIC``, a level
name from config.toml) plus ``rules`` (the casual rule-based player of
``game.tools.rules_player``) and ``random``. Arena-only options may follow after commas and
override the search configuration: ``ai:8,discount=0``, ``master,time=0.5``,
``ai:6,perfect=1``, ``ai:6,table=16``, ``ai:1,blunder=0.5`` (a random move with probability
0.5 -- a weakening knob to try), ``ai:6,eval=threats`` (the same as ``ai:6:threats``).

A match plays every opening of a fixed list twice, colours swapped, on all cores. The
openings are the Begin-Hard test-set positions (4-8 discs) whose exact score is 0 or +-1:
drawn, or won only with the last disc of the board -- balanced by perfect play. Each
game gets its own searcher (a fresh transposition table) and its own tie-break seed
derived from ``--seed`` and the game number, so a match is deterministic for a seed
whatever the scheduling -- unless a player searches on a time budget, where the depth
reached depends on the machine's load.

The Elo interval treats each colour-swapped pair of games as one observation (the two
games share an opening, so they are not independent), as the pentanomial model does.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing as mp
import os
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence

from game.data import DATA_DIR
from game.engine.board import WIDTH, MoveError, Position
from game.engine.search import Searcher
from game.engine.solver import SearchCancelled, Solver
from game.settings import load_settings, parse_player_spec
from game.tools.rules_player import RulePlayer

# --------------------------------------------------------------------------- openings

#: Balanced openings (Test_L1_R3 positions with 4-8 discs and exact score -1, 0 or +1,
#: duplicates and mirror images removed). 176 openings -> 352 distinct games.
OPENINGS: tuple[str, ...] = (
    "54431", "216634", "527376", "515315", "66633366", "153266", "5233", "66541712", "577174",
    "7732", "56642", "736615", "151231", "35276", "7125", "33324334", "21237", "744724", "556717",
    "5517523", "117232", "167641", "43462", "172467", "15765", "36222", "151225", "337241",
    "31665274", "4324475", "3774", "65312413", "6154477", "3222", "6622474", "445712", "14714124",
    "5117663", "3466653", "227166", "67266634", "1615", "56653", "4572", "6671723", "4363354",
    "222532", "5444", "17134255", "2715631", "4366164", "51217", "23457", "7115465", "3775",
    "3232161", "1235", "76512", "523477", "7777", "67763", "42246227", "71613", "7154", "24271465",
    "27526", "37765266", "6522", "16556725", "377724", "74166557", "53154336", "757555", "3551221",
    "4337162", "3361356", "1431", "16567657", "2537577", "267675", "231247", "34513", "7734753",
    "211573", "35227727", "2435", "46737", "11365", "7237113", "56634316", "1664", "21767626",
    "715314", "512455", "5715426", "165132", "71235", "367223", "3615533", "5511", "33215",
    "7123611", "1653", "21321", "56316", "17526", "27133212", "327365", "33774", "1175413", "2554",
    "1634", "6121373", "367611", "4773", "6634", "3754574", "71227261", "4323214", "52442", "7636",
    "534622", "326222", "74432", "71525", "372133", "611516", "4355", "77145145", "4644446",
    "37165225", "63213", "31277", "123354", "15523", "24754", "15424", "6251723", "44774",
    "7167717", "4233", "6177214", "34224174", "211635", "13317", "1333365", "467355", "36245115",
    "5277365", "3523", "167173", "3522", "712463", "65543422", "3641723", "7571364", "25763",
    "76733", "26635", "11622", "5734715", "51317", "14323", "3456", "757153", "64211237", "41324",
    "67144", "71363", "6664", "5417", "67414514", "31123", "1257553", "174763", "5272",
)

# --------------------------------------------------------------------------- statistics

Z95 = 1.959963984540054  # two-sided 95 % quantile of the normal distribution


def score_to_elo(score: float) -> float:
    """Elo difference that makes ``score`` (0..1) the expected score; +-inf at 1 and 0."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_to_score(elo: float) -> float:
    """Expected score of a player ``elo`` points stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


@dataclass(frozen=True, slots=True)
class EloEstimate:
    """Mean score, its standard error, and the Elo difference with a 95 % interval."""

    score: float
    stderr: float
    elo: float
    low: float
    high: float

    def text(self) -> str:
        return f"{_fmt_elo(self.elo)} [{_fmt_elo(self.low)}, {_fmt_elo(self.high)}]"


def elo_estimate(unit_scores: Sequence[float]) -> EloEstimate:
    """Elo estimate from independent observations, each a score in 0..1.

    An observation is one game (1, 0.5, 0) or the mean of a colour-swapped pair
    (1, 0.75, 0.5, 0.25, 0). The interval is the normal approximation of the mean
    score, mean +- 1.96 standard errors, mapped through the logistic Elo curve.
    """
    n = len(unit_scores)
    if n == 0:
        raise ValueError("no games: an Elo estimate needs at least one result")
    mean = sum(unit_scores) / n
    var = sum((x - mean) ** 2 for x in unit_scores) / n
    se = math.sqrt(var / n)
    return EloEstimate(
        score=mean,
        stderr=se,
        elo=score_to_elo(mean),
        low=score_to_elo(mean - Z95 * se),
        high=score_to_elo(mean + Z95 * se),
    )


def wdl_elo(wins: int, draws: int, losses: int) -> EloEstimate:
    """Elo estimate from win/draw/loss counts treated as independent games (trinomial)."""
    return elo_estimate([1.0] * wins + [0.5] * draws + [0.0] * losses)


def _fmt_elo(x: float) -> str:
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{x:+.0f}"


def _json_float(x: float) -> float | None:
    return None if math.isinf(x) or math.isnan(x) else round(x, 2)


# --------------------------------------------------------------------------- players


class Mover(Protocol):
    def choose(self, pos: Position) -> int: ...


class _SearchMover:
    def __init__(self, config: Any) -> None:
        self._searcher = Searcher(config)

    def choose(self, pos: Position) -> int:
        return self._searcher.search(pos).move
class _RandomMover:
    def __init__(self, seed: int | None) -> None:
        self._rng = random.Random(seed)

    def choose(self, pos: Position) -> int:
        return self._rng.choice(pos.legal_moves())


class _BlunderMover:
    """With probability ``p`` a uniformly random legal move instead of the inner player's."""

    def __init__(self, inner: Mover, p: float, seed: int | None) -> None:
        self._inner, self._p = inner, p
        self._rng = random.Random(f"blunder:{seed}")

    def choose(self, pos: Position) -> int:
        if self._rng.random() < self._p:
            return self._rng.choice(pos.legal_moves())
        return self._inner.choose(pos)


@dataclass(frozen=True)
class ArenaPlayer:
    """A player as the arena runs it: picklable, so it can travel to worker processes."""

    spec: str  # as typed
    kind: str  # "search" | "rules" | "random"
    config: Any = None  # SearchConfig for "search"
    blunder: float = 0.0  # arena-only: probability of a random move (a weakening knob to try)

    @property
    def label(self) -> str:
        return self.spec

    def make(self, seed: int | None) -> Mover:
        """A fresh mover (new transposition table); ``seed`` breaks ties among equal moves."""
        mover = self._make(seed)
        return _BlunderMover(mover, self.blunder, seed) if self.blunder else mover

    def _make(self, seed: int | None) -> Mover:
        if self.kind == "rules":
            return RulePlayer(seed)
        if self.kind == "random":
            return _RandomMover(seed)
        return _SearchMover(dataclasses.replace(self.config, seed=seed))

    def describe(self) -> str:
        if self.kind != "search":
            return self.spec
        c = self.config
        parts = [f"depth {'exact' if c.depth is None else c.depth}", c.heuristic, f"discount {c.discount:g}"]
        if c.time_limit is not None:
            parts.append(f"{c.time_limit:g} s/move")
        if c.perfect_play:
            parts.append("perfect play")
        blunder = self.blunder or getattr(c, "blunder", 0.0)
        if blunder:
            parts.append(f"{100 * blunder:g} % random moves")
        return f"{self.spec} ({', '.join(parts)})"


class SpecError(ValueError):
    """A player spec the arena cannot run; the message says why."""


_OPTION_FIELDS = {
    "discount": "discount",
    "time": "time_limit",
    "perfect": "perfect_play",
    "table": "table_mb",
    "eval": "evaluation",  # eval=threats: the same as the heuristic "threats" (ai:D:threats)
    "blunder": "blunder",  # arena-only: blunder=P plays a random move with probability P
}


def _option_value(key: str, raw: str) -> Any:
    if key == "time":
        return None if raw.lower() in ("none", "0", "off") else float(raw)
    if key == "perfect":
        if raw.lower() in ("1", "true", "yes", "on"):
            return True
        if raw.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"{raw!r} is not 0/1")
    if key == "table":
        return int(raw)
    if key == "blunder":
        p = float(raw)
        if not 0 <= p <= 1:
            raise ValueError(f"{raw!r} is not a probability 0..1")
        return p
    if key == "eval":
        if raw.lower() != "threats":
            raise ValueError(f"{raw!r} is not a choice here; use eval=threats (or ai:DEPTH:HEURISTIC)")
        return "threats"
    return float(raw)


def parse_arena_player(text: str, settings: Any = None) -> ArenaPlayer:
    """Turn ``SPEC[,key=value...]`` into an ArenaPlayer; SpecError with a clear message."""
    raw = text.strip()
    base, *options = [part.strip() for part in raw.split(",")]
    name = base.lower()
    if name in ("rules", "random"):
        if options:
            raise SpecError(f"player {raw!r}: options ({', '.join(options)}) only apply to search players")
        return ArenaPlayer(spec=raw, kind=name)
    if settings is None:
        settings = load_arena_settings()
    try:
        spec = parse_player_spec(base, settings)
    except (ValueError, KeyError) as exc:
        raise SpecError(f"player {raw!r}: {_exc_text(exc)}") from None
    if spec.kind != "ai":
        raise SpecError(f"player {raw!r}: a human cannot play in the arena; use ai, ai:DEPTH, a level, rules or random")
    config = spec.search_config(settings)
    changes: dict[str, Any] = {}
    for option in options:
        key, sep, value = option.partition("=")
        key = key.strip().lower()
        if not sep or key not in _OPTION_FIELDS:
            raise SpecError(
                f"player {raw!r}: unknown option {option!r}; use "
                + ", ".join(f"{k}=VALUE" for k in _OPTION_FIELDS)
            )
        try:
            changes[_OPTION_FIELDS[key]] = _option_value(key, value.strip())
        except ValueError as exc:
            raise SpecError(f"player {raw!r}: option {key}: {_exc_text(exc)}") from None
    blunder = changes.pop("blunder", 0.0)
    if "evaluation" in changes:  # eval=threats: kept as a synonym of the heuristic "threats"
        changes["heuristic"] = changes.pop("evaluation")
    try:
        config = dataclasses.replace(config, **changes)
    except (ValueError, TypeError) as exc:
        raise SpecError(f"player {raw!r}: {_exc_text(exc)}") from None
    return ArenaPlayer(spec=raw, kind="search", config=config, blunder=blunder)


def load_arena_settings() -> Any:
    """The game's settings (config.toml); problems are reported on stderr, never fatal."""
    settings, problems = load_settings()
    for problem in problems:
        print(f"arena: config: {problem}", file=sys.stderr)
    return settings


def _exc_text(exc: BaseException) -> str:
    # KeyError wraps its message in quotes; show the message itself.
    return str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)


# --------------------------------------------------------------------------- games


@dataclass(frozen=True)
class GameTask:
    index: int
    opening: str
    a: ArenaPlayer
    b: ArenaPlayer
    a_is_red: bool
    a_seed: int
    b_seed: int


@dataclass(frozen=True)
class GameRecord:
    index: int
    opening: str
    a_is_red: bool
    moves: str  # the whole game, opening included
    winner: int  # 0 draw, 1 red, 2 yellow
    a_score: float  # 1 / 0.5 / 0 from A's point of view
    a_moves: int
    a_time: float
    b_moves: int
    b_time: float


def play_game(task: GameTask) -> GameRecord:
    """Play one game from its opening to the end; times each side's move choices."""
    pos = Position.from_moves(task.opening)
    movers = {True: task.a.make(task.a_seed), False: task.b.make(task.b_seed)}
    counts = {True: 0, False: 0}
    times = {True: 0.0, False: 0.0}
    moves = list(task.opening)
    while not pos.is_over():
        a_to_move = (pos.turn == 1) == task.a_is_red
        t0 = time.perf_counter()
        col = movers[a_to_move].choose(pos)
        times[a_to_move] += time.perf_counter() - t0
        counts[a_to_move] += 1
        try:
            pos = pos.play(col)
        except MoveError as exc:
            side = task.a.label if a_to_move else task.b.label
            raise RuntimeError(f"{side} chose an illegal move in game {task.index + 1}: {exc}") from None
        moves.append(str(col + 1))
    winner = pos.winner() or 0
    if winner == 0:
        a_score = 0.5
    else:
        a_score = 1.0 if (winner == 1) == task.a_is_red else 0.0
    return GameRecord(
        index=task.index,
        opening=task.opening,
        a_is_red=task.a_is_red,
        moves="".join(moves),
        winner=winner,
        a_score=a_score,
        a_moves=counts[True],
        a_time=times[True],
        b_moves=counts[False],
        b_time=times[False],
    )


def _derive_seed(seed: int, index: int, side: int) -> int:
    # A fixed mixing of (seed, game, side): independent of scheduling and of PYTHONHASHSEED.
    return random.Random(f"arena:{seed}:{index}:{side}").getrandbits(32)


def make_tasks(a: ArenaPlayer, b: ArenaPlayer, games: int, seed: int) -> list[GameTask]:
    """Games 2k and 2k+1 share opening k (A red, then A yellow); the opening order is
    shuffled by ``seed``; beyond the list, openings repeat with new tie-break seeds."""
    order = list(OPENINGS)
    random.Random(seed).shuffle(order)
    tasks = []
    for index in range(games):
        opening = order[(index // 2) % len(order)]
        tasks.append(
            GameTask(
                index=index,
                opening=opening,
                a=a,
                b=b,
                a_is_red=index % 2 == 0,
                a_seed=_derive_seed(seed, index, 0),
                b_seed=_derive_seed(seed, index, 1),
            )
        )
    return tasks


@dataclass(frozen=True)
class MatchResult:
    a: str
    b: str
    a_description: str
    b_description: str
    seed: int
    workers: int
    records: tuple[GameRecord, ...]

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def wins(self) -> int:
        return sum(r.a_score == 1.0 for r in self.records)

    @property
    def draws(self) -> int:
        return sum(r.a_score == 0.5 for r in self.records)

    @property
    def losses(self) -> int:
        return sum(r.a_score == 0.0 for r in self.records)

    @property
    def score(self) -> float:
        return sum(r.a_score for r in self.records) / self.games

    def elo(self) -> EloEstimate:
        """Pairs of colour-swapped games are the observations (a lone last game counts alone)."""
        by_index = sorted(self.records, key=lambda r: r.index)
        units = []
        for i in range(0, len(by_index), 2):
            pair = by_index[i : i + 2]
            units.append(sum(r.a_score for r in pair) / len(pair))
        return elo_estimate(units)

    def mean_time(self, side: str) -> float:
        moves = sum(r.a_moves if side == "a" else r.b_moves for r in self.records)
        spent = sum(r.a_time if side == "a" else r.b_time for r in self.records)
        return spent / moves if moves else 0.0

    def colour_score(self, a_red: bool) -> float | None:
        games = [r.a_score for r in self.records if r.a_is_red == a_red]
        return sum(games) / len(games) if games else None

    def to_json(self) -> dict[str, Any]:
        elo = self.elo()
        return {
            "a": self.a,
            "b": self.b,
            "a_description": self.a_description,
            "b_description": self.b_description,
            "games": self.games,
            "seed": self.seed,
            "workers": self.workers,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": round(self.score, 4),
            "elo": _json_float(elo.elo),
            "elo_low": _json_float(elo.low),
            "elo_high": _json_float(elo.high),
            "a_mean_move_time": round(self.mean_time("a"), 5),
            "b_mean_move_time": round(self.mean_time("b"), 5),
            "a_score_as_red": self.colour_score(True),
            "a_score_as_yellow": self.colour_score(False),
            "records": [dataclasses.asdict(r) for r in self.records],
        }

    def text(self) -> str:
        elo = self.elo()
        red, yellow = self.colour_score(True), self.colour_score(False)
        pairs = (self.games + 1) // 2
        lines = [
            f"A = {self.a_description}",
            f"B = {self.b_description}",
            f"{self.games} games ({pairs} openings x 2 colours), seed {self.seed}, {self.workers} workers",
            f"A: +{self.wins} ={self.draws} -{self.losses}   score {100 * self.score:.1f} %"
            + (f"   (as red {100 * red:.1f} %, as yellow {100 * yellow:.1f} %)" if red is not None and yellow is not None else ""),
            f"Elo difference A - B: {elo.text()} (95 %)",
            f"mean time per move: A {self.mean_time('a'):.3f} s, B {self.mean_time('b'):.3f} s",
        ]
        return "\n".join(lines)


# --------------------------------------------------------------------------- progress + pool


class Progress:
    """A one-line progress bar on stderr (redrawn in place with \\r)."""

    def __init__(self, total: int, label: str, enabled: bool = True, stream: Any = None) -> None:
        self.total = total
        self.label = label
        self.enabled = enabled and total > 0
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.start = time.monotonic()
        # On a terminal the bar is redrawn in place; in a log file, one line per 10 %.
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._next_line = 0.0

    def update(self, extra: str = "") -> None:
        self.done += 1
        if not self.enabled:
            return
        width = 24
        filled = width * self.done // self.total
        elapsed = time.monotonic() - self.start
        eta = elapsed / self.done * (self.total - self.done)
        bar = "#" * filled + "." * (width - filled)
        line = f"{self.label} [{bar}] {self.done}/{self.total} {extra}  eta {_fmt_secs(eta)}"
        if self.tty:
            self.stream.write(f"\r{line} \x1b[K")
        elif self.done / self.total >= self._next_line:
            self.stream.write(line + "\n")
            self._next_line += 0.1
        else:
            return
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            end = "\r" if self.tty else ""
            clear = "\x1b[K" if self.tty else ""
            self.stream.write(f"{end}{self.label}: {self.done}/{self.total} done in {_fmt_secs(time.monotonic() - self.start)}{clear}\n")
            self.stream.flush()


def _fmt_secs(s: float) -> str:
    s = int(round(s))
    return f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s"


def _run_parallel(func: Callable[[Any], Any], tasks: Sequence[Any], workers: int) -> Iterator[Any]:
    """Results of ``func`` over ``tasks`` in completion order; in-process for one worker."""
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield func(task)
        return
    # spawn: the same behaviour on Linux, macOS and Windows, and no forked locks.
    ctx = mp.get_context("spawn")
    pool = ctx.Pool(min(workers, len(tasks)))
    try:
        yield from pool.imap_unordered(func, tasks, chunksize=1)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def default_workers() -> int:
    return os.cpu_count() or 1


def run_match(
    a: ArenaPlayer,
    b: ArenaPlayer,
    games: int = 200,
    seed: int = 1,
    workers: int | None = None,
    progress: bool = False,
) -> MatchResult:
    """Play ``games`` games between A and B (see ``make_tasks``)."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    workers = workers or default_workers()
    tasks = make_tasks(a, b, games, seed)
    bar = Progress(len(tasks), "arena", enabled=progress)
    records: list[GameRecord] = []
    w = d = l = 0
    for record in _run_parallel(play_game, tasks, workers):
        records.append(record)
        w += record.a_score == 1.0
        d += record.a_score == 0.5
        l += record.a_score == 0.0
        bar.update(f"A +{w} ={d} -{l}")
    bar.close()
    records.sort(key=lambda r: r.index)
    return MatchResult(
        a=a.label,
        b=b.label,
        a_description=a.describe(),
        b_description=b.describe(),
        seed=seed,
        workers=workers,
        records=tuple(records),
    )


# --------------------------------------------------------------------------- accuracy

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
            raise ValueError(f"expected '<moves> s1 ... s7', got {line.strip()!r}")
        scores = tuple(None if s == "x" else int(s) for s in parts[1:])
        best = max(s for s in scores if s is not None)
        return RefPosition(set_name, parts[0], best, scores)
    if len(parts) != 2:
        raise ValueError(f"expected '<moves> <score>', got {line.strip()!r}")
    return RefPosition(set_name, parts[0], int(parts[1]), None)


def load_references(
    sets: Iterable[str], per_set: int = 100, seed: int = 1, refs_dir: Path | None = None
) -> list[RefPosition]:
    """Reference positions: ``per_set`` sampled (by ``seed``) from each set, 0 = all."""
    refs_dir = refs_dir or default_refs_dir()
    out: list[RefPosition] = []
    for name in sets:
        if name not in REFERENCE_SETS:
            raise ValueError(f"unknown reference set {name!r}; choose from: {', '.join(REFERENCE_SETS)}")
        filename, kind, _ = REFERENCE_SETS[name]
        path = refs_dir / filename
        try:
            lines = [ln for ln in path.read_text().splitlines() if ln.strip()]
        except OSError as exc:
            raise ValueError(f"cannot read reference file {path}: {exc.strerror or exc}") from None
        if per_set and per_set < len(lines):
            picked = sorted(random.Random(f"{seed}:{name}").sample(range(len(lines)), per_set))
            lines = [lines[i] for i in picked]
        for number, line in enumerate(lines, start=1):
            try:
                out.append(parse_reference_line(line, name, kind))
            except ValueError as exc:
                raise ValueError(f"{path}: line {number}: {exc}") from None
    return out


_SOLVER: Any = None


def exact_move_score(pos: Position, col: int, limit: float | None = None) -> int | None:
    """Exact score of playing ``col`` in ``pos`` for the side to move; None if not solved in time."""
    global _SOLVER
    if pos.is_winning_move(col):
        return 21 - pos.moves // 2  # 22 - k: this is the mover's k-th disc, k = moves // 2 + 1
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
    move: int  # 0-based column chosen
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
            raise RuntimeError(f"{task.player.label} played into full column {col + 1} in {ref.moves}")
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
        lines = [
            f"accuracy of {self.description}, seed {self.seed}, {self.workers} workers",
            f"{'set':<15} {'positions':>9} {'optimal':>9} {'outcome-changing':>17} {'unsolved':>9} {'time/move':>10}",
        ]
        for s in self.summaries():
            lines.append(
                f"{s.name:<15} {s.positions:>9} {100 * s.optimal:>8.1f}% {100 * s.outcome_changing:>16.1f}% "
                f"{s.positions - s.judged:>9} {s.mean_time:>9.3f}s"
            )
        return "\n".join(lines)


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
    bar = Progress(len(tasks), "accuracy", enabled=progress)
    records = []
    optimal = 0
    for record in _run_parallel(judge_position, tasks, workers):
        records.append(record)
        optimal += record.optimal
        bar.update(f"optimal {optimal}")
    bar.close()
    records.sort(key=lambda r: order[(r.set_name, r.moves)])
    for r in records:
        if r.move_score is not None and r.set_name in REFERENCE_SETS and REFERENCE_SETS[r.set_name][1] == "testset":
            cache.setdefault(r.moves, {})[str(r.move)] = r.move_score
    return AccuracyResult(player.label, player.describe(), seed, workers, tuple(records))


# --------------------------------------------------------------------------- command line


def _build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m game.arena",
        description="Play matches between two players, or measure a player's accuracy against exact play.",
        epilog="Players: ai, ai:DEPTH, ai:DEPTH:HEURISTIC, a level name from config.toml, rules, random; "
        "search players take options after commas: discount=F, time=SECONDS|none, perfect=0|1, table=MB, "
        "eval=threats, blunder=P "
        "(e.g. 'ai:8:window,discount=0').",
    )
    p.add_argument("players", nargs="*", metavar="PLAYER", help="the two players A and B of a match")
    p.add_argument("--accuracy", metavar="SPEC", help="measure SPEC's moves against exact column scores")
    p.add_argument("--games", type=int, default=200, help="games in a match (default 200; even: both colours per opening)")
    p.add_argument("--seed", type=int, default=1, help="seed for opening order, tie-breaks and sampling (default 1)")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument(
        "--sets",
        default=",".join(DEFAULT_SETS),
        help=f"accuracy: comma-separated reference sets (default all: {','.join(DEFAULT_SETS)})",
    )
    p.add_argument("--per-set", type=int, default=100, help="accuracy: positions sampled per set, 0 = all (default 100)")
    p.add_argument("--refs", type=Path, default=None, help="accuracy: directory holding testsets/ and analysis/ (default: the shipped copy)")
    p.add_argument(
        "--solve-limit",
        type=float,
        default=30.0,
        help="accuracy: seconds the exact solver may spend judging one move (default 30; unsolved moves are counted apart)",
    )
    p.add_argument(
        "--cache",
        type=Path,
        default=None,
        help="accuracy: JSON file of exact move scores solved by earlier runs (read, then updated)",
    )
    return p


def _load_cache(path: Path) -> dict[str, dict[str, int]]:
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read the solution cache {path}: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"the solution cache {path} is not a JSON object")
    return data


def _save_cache(path: Path, cache: dict[str, dict[str, int]]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(cache, sort_keys=True))
    os.replace(tmp, path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    try:
        if args.workers is not None and args.workers < 1:
            raise SpecError(f"--workers must be at least 1, got {args.workers}")
        if args.accuracy is not None:
            if args.players:
                raise SpecError("--accuracy takes one player (its own argument); drop the match players")
            if args.per_set < 0:
                raise SpecError(f"--per-set must be 0 (all) or more, got {args.per_set}")
            player = parse_arena_player(args.accuracy)
            sets = [s.strip().lower() for s in args.sets.split(",") if s.strip()]
            refs = load_references(sets, args.per_set, args.seed, args.refs)
            cache = _load_cache(args.cache) if args.cache else None
            acc = run_accuracy(
                player, refs, args.seed, args.workers, args.solve_limit, progress=not args.no_progress, cache=cache
            )
            if args.cache:
                _save_cache(args.cache, cache)
            print(json.dumps(acc.to_json(), indent=2) if args.json else acc.text())
            return 0
        if len(args.players) != 2:
            raise SpecError(f"a match needs two players (A B), got {len(args.players)}; or use --accuracy SPEC")
        if args.games < 1:
            raise SpecError(f"--games must be at least 1, got {args.games}")
        settings = load_arena_settings()
        a = parse_arena_player(args.players[0], settings)
        b = parse_arena_player(args.players[1], settings)
        result = run_match(a, b, args.games, args.seed, args.workers, progress=not args.no_progress)
        print(json.dumps(result.to_json(), indent=2) if args.json else result.text())
        return 0
    except (SpecError, ValueError) as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:  # an engine failure inside a game, reported without a traceback
        print(f"\narena: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\narena: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
