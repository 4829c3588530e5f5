"""Matches: every opening played twice, colours swapped, on all cores.

Each game gets its own searcher (a fresh transposition table) and its own tie-break seed derived
from the match seed and the game number, so a match is deterministic for a seed whatever the
scheduling -- unless a player searches on a time budget, where the depth reached depends on the
machine's load.
"""

from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass
from typing import Any

from game.words.move_errors import move_error_text
from game.i18n import _, decimal_text, ngettext, percent_text
from game.engine.board import MoveError, Position
from game.tools.arena.elo import EloEstimate, Sample, elo_estimate, json_float
from game.data.openings import OPENINGS
from game.tools.arena.entrants import ArenaPlayer
from game.tools.arena.pool import Progress, default_workers, run_parallel

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
            raise RuntimeError(_("{side} chose an illegal move in game {number}: {problem}").format(
                side=side, number=task.index + 1, problem=move_error_text(exc))) from None
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
            "elo": json_float(elo.elo),
            "elo_low": json_float(elo.low),
            "elo_high": json_float(elo.high),
            "elo_sample": elo.sample.value,
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
        games = ngettext("{count} game", "{count} games", self.games).format(count=self.games)
        openings = ngettext("{count} opening", "{count} openings", pairs).format(count=pairs)
        workers = ngettext("{count} worker", "{count} workers", self.workers).format(count=self.workers)
        record = f"A: +{self.wins} ={self.draws} -{self.losses}   "
        if red is not None and yellow is not None:
            record += _("score {score}   (as red {red}, as yellow {yellow})").format(
                score=_percent(self.score), red=_percent(red), yellow=_percent(yellow))
        else:
            record += _("score {score}").format(score=_percent(self.score))
        elo_text = elo.text(pairs=True)
        if elo.sample is Sample.MEASURED and elo.stderr > 0:
            # TRANSLATORS: {interval} is an Elo difference and its 95 % confidence interval, "+147 [+86, +218]".
            elo_text = _("{interval} (95 %)").format(interval=elo_text)
        lines = [
            f"A = {self.a_description}",
            f"B = {self.b_description}",
            # TRANSLATORS: {games}, {openings} and {workers} are counted nouns ("200 games", "100 openings",
            # "2 workers").
            _("{games} ({openings} x 2 colours), seed {seed}, {workers}").format(
                games=games, openings=openings, seed=self.seed, workers=workers),
            record,
            _("Elo difference A - B: {elo}").format(elo=elo_text),
            _("mean time per move: A {a} s, B {b} s").format(a=decimal_text(self.mean_time("a"), 3),
                                                             b=decimal_text(self.mean_time("b"), 3)),
        ]
        return "\n".join(lines)


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
        raise ValueError(_("games must be at least 1, got {games}").format(games=games))
    workers = workers or default_workers()
    tasks = make_tasks(a, b, games, seed)
    bar = Progress(len(tasks), _("arena"), enabled=progress)
    records: list[GameRecord] = []
    w = d = l = 0
    for record in run_parallel(play_game, tasks, workers):
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


def _percent(score: float) -> str:
    """A score (0.625) as the match's lines write it, with one decimal: "62.5 %"."""
    return percent_text(score, 1)
