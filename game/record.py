"""The player's record against the computer, and a rating estimated from it.

Every finished game between one human and the computer is kept (level, the level's Elo, the
human's colour, the result, the moves, the date) in ``record.json`` in the user data folder.
Two-player and computer-vs-computer games are not recorded. The file is rewritten atomically
(``storage.atomic_write_text``): a crash mid-write leaves the previous record. A file that
cannot be read as a record is moved aside (``record.json.bad``) with a notice; the games in it
are not lost, only no longer counted.

Rating method (Glicko-1, Glickman 1999), recomputed from the whole record each time:

* the player starts at 1500 with a rating deviation (RD) of 350, Glicko's "unknown player";
* each rated game is its own rating period against one opponent, the level, whose rating is
  its ``elo`` from the settings and whose RD is taken as 0 (the levels were measured against
  each other in hundreds of games, so their uncertainty is small next to the player's);
* win = 1, draw = 0.5, loss = 0; the update is Glicko's
  ``r' = r + q / (1/RD^2 + 1/d^2) * g * (s - E)``, ``RD' = sqrt(1 / (1/RD^2 + 1/d^2))``;
* RD does not grow between games: the player's strength is assumed constant over the record;
* games against a level without an Elo figure (custom depths, custom levels) are recorded
  but do not change the rating.

The estimate is shown as "about 1450 ± 120": ± one RD, i.e. about a 68 % interval. The level
suggested for an even game is the rated level against which the player's expected score is
closest to one half, and only if that score lies between 35 % and 65 % (``EVEN_GAME``).
Recomputing from the games keeps the rating a pure function of the record: a level re-measured later re-rates every old game consistently.

No pygame here.
"""

from __future__ import annotations

import enum
import json
import logging
import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

from .engine.board import MoveError, Position, parse_moves
from .storage import atomic_write_text, user_data_dir

log = logging.getLogger(__name__)

__all__ = ["GameRecord", "Rating", "Record", "RecordResult", "add_game", "load_record", "rate", "rate_one",
           "rate_period", "record_path"]

RECORD_NAME = "record.json"
RECORD_FORMAT = 1
MAX_RECORD_BYTES = 16 * 1024 * 1024
MAX_GAMES = 20_000  # the oldest games are dropped beyond this (about 2 MB of JSON)

#: The expected scores a suggested "even game" may promise the player: closer to one half than
#: this, or no suggestion (about ±108 Elo from the player's estimate).
EVEN_GAME = (0.35, 0.65)
START_RATING = 1500.0
START_RD = 350.0
_Q = math.log(10) / 400


class RecordResult(enum.Enum):
    """A game's result for the human player."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    @property
    def points(self) -> float:
        return {RecordResult.WIN: 1.0, RecordResult.DRAW: 0.5, RecordResult.LOSS: 0.0}[self]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game against the computer, as the human played it."""

    level: str            # the computer's level name, or its player spec ("ai:8") when not a level
    elo: int | None       # the level's Elo when the game was played; None: unrated
    colour: int           # the human's colour: 1 red (moved first), 2 yellow
    result: RecordResult
    moves: str            # 1-based columns, "4453..."
    date: str             # ISO 8601

    @classmethod
    def now(cls, level: str, elo: int | None, colour: int, result: RecordResult, moves: str) -> GameRecord:
        stamp = datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")
        return cls(level, elo, colour, result, moves, stamp)

    def to_json(self) -> dict:
        data = asdict(self)
        data["result"] = self.result.value
        return data

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """ValueError naming the field when ``data`` is not a valid game."""
        if not isinstance(data, dict):
            raise ValueError("a game is not a JSON object")
        level, elo, colour = data.get("level"), data.get("elo"), data.get("colour")
        result, moves, date = data.get("result"), data.get("moves"), data.get("date")
        if not isinstance(level, str) or not 1 <= len(level) <= 60:
            raise ValueError(f"level: {level!r} is not a level name")
        if elo is not None and (isinstance(elo, bool) or not isinstance(elo, int) or not 0 <= elo <= 4000):
            raise ValueError(f"elo: {elo!r} is not a whole number from 0 to 4000")
        if colour not in (1, 2) or isinstance(colour, bool):
            raise ValueError(f"colour: {colour!r} is not 1 (red) or 2 (yellow)")
        try:
            outcome = RecordResult(result)
        except ValueError:
            raise ValueError(f"result: {result!r} is not win, draw or loss") from None
        if not isinstance(moves, str):
            raise ValueError("moves: missing")
        try:
            Position.from_moves(parse_moves(moves))
        except MoveError as exc:
            raise ValueError(f"moves: {exc}") from None
        if not isinstance(date, str):
            raise ValueError("date: missing")
        try:
            datetime.fromisoformat(date)
        except ValueError:
            raise ValueError(f"date: {date[:40]!r} is not an ISO 8601 date") from None
        return cls(level, elo, colour, outcome, moves, date)


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-1 estimate: ``value`` ± ``rd`` (one rating deviation), after ``games`` rated games."""

    value: float
    rd: float
    games: int

    def bracket(self, levels: Sequence[tuple[str, int]]) -> str:
        """Where the estimate sits among the rated levels: "between Hard and Expert"."""
        ladder = sorted(levels, key=lambda item: item[1])
        if not ladder:
            return "no rated levels"
        if self.value < ladder[0][1]:
            return f"below {ladder[0][0]}"
        for (low, low_elo), (high, high_elo) in zip(ladder, ladder[1:]):
            if low_elo <= self.value < high_elo:
                return f"between {low} and {high}"
        return f"above {ladder[-1][0]}" if self.value > ladder[-1][1] else f"at {ladder[-1][0]}"

    def text(self, levels: Sequence[tuple[str, int]]) -> str:
        """"about 1450 ± 120 — between Hard and Expert"."""
        return f"about {round(self.value)} ± {round(self.rd)} — {self.bracket(levels)}"

    def expected_score(self, opponent: float) -> float:
        """The score (0..1) the Elo formula expects of the player against a level of ``opponent``."""
        return 1 / (1 + 10 ** ((opponent - self.value) / 400))

    def even_level(self, levels: Sequence[tuple[str, int]]) -> str | None:
        """The rated level against which the player's expected score is closest to one half, if that
        score lies within ``EVEN_GAME``; else None (no level would give an even game)."""
        if not levels:
            return None
        name, elo = min(levels, key=lambda item: (abs(self.expected_score(item[1]) - 0.5), item[1]))
        low, high = EVEN_GAME
        return name if low <= self.expected_score(elo) <= high else None


def _g(rd: float) -> float:
    return 1 / math.sqrt(1 + 3 * _Q * _Q * rd * rd / (math.pi * math.pi))


def rate_period(rating: Rating, results: Sequence[tuple[float, float, float]]) -> Rating:
    """One Glicko-1 rating period: ``results`` holds (opponent rating, opponent RD, points) per game."""
    if not results:
        return rating
    impact = 0.0   # sum of g^2 E (1 - E): 1 / d^2 without q^2
    surprise = 0.0  # sum of g (s - E)
    for opponent, opponent_rd, points in results:
        g = _g(opponent_rd)
        expected = 1 / (1 + 10 ** (-g * (rating.value - opponent) / 400))
        impact += g * g * expected * (1 - expected)
        surprise += g * (points - expected)
    precision = 1 / (rating.rd * rating.rd) + _Q * _Q * impact
    return Rating(rating.value + _Q / precision * surprise, math.sqrt(1 / precision), rating.games + len(results))


def rate_one(rating: Rating, opponent: float, points: float, opponent_rd: float = 0.0) -> Rating:
    """One game as its own rating period (see the module docstring)."""
    return rate_period(rating, [(opponent, opponent_rd, points)])


def rate(games: Iterable[GameRecord]) -> Rating:
    """The estimate after the rated games, oldest first (unrated games are skipped)."""
    rating = Rating(START_RATING, START_RD, 0)
    for game in games:
        if game.elo is not None:
            rating = rate_one(rating, game.elo, game.result.points)
    return rating


@dataclass(frozen=True, slots=True)
class Record:
    """Every recorded game, oldest first."""

    games: tuple[GameRecord, ...] = ()

    def rating(self) -> Rating:
        return rate(self.games)

    def per_level(self) -> dict[str, tuple[int, int, int]]:
        """Level -> (wins, draws, losses), in the order the levels were first played."""
        table: dict[str, list[int]] = {}
        for game in self.games:
            row = table.setdefault(game.level, [0, 0, 0])
            row[[RecordResult.WIN, RecordResult.DRAW, RecordResult.LOSS].index(game.result)] += 1
        return {level: (w, d, l) for level, (w, d, l) in table.items()}

    def to_text(self) -> str:
        doc = {"format": RECORD_FORMAT, "games": [g.to_json() for g in self.games[-MAX_GAMES:]]}
        return json.dumps(doc, indent=1, ensure_ascii=False, allow_nan=False) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Record:
        """ValueError saying what is wrong (a game's index and field) for anything but a record."""
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise ValueError(f"not JSON ({exc})") from None
        if not isinstance(doc, dict) or doc.get("format") != RECORD_FORMAT or not isinstance(doc.get("games"), list):
            raise ValueError(f"not a game record of format {RECORD_FORMAT}")
        games = []
        for i, item in enumerate(doc["games"], start=1):
            try:
                games.append(GameRecord.from_json(item))
            except ValueError as exc:
                raise ValueError(f"game {i}: {exc}") from None
        return cls(tuple(games))


def record_path() -> Path:
    return user_data_dir() / RECORD_NAME


def load_record(path: Path | None = None) -> tuple[Record, str | None]:
    """The record, and a notice for the player when the file had to be set aside (else None).

    A missing file is an empty record. A file that is unreadable, too large, not UTF-8 or not a
    valid record is renamed ``record.json.bad`` (replacing an older one) and an empty record
    returned: the game goes on, and the old file is kept for the player to inspect.
    """
    path = record_path() if path is None else Path(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        return Record(), None
    except OSError as exc:
        log.warning("cannot read the game record %s: %s", path, exc)
        return Record(), f"Cannot read your game record ({exc.strerror or exc}); it is left as it is"
    try:
        if len(data) > MAX_RECORD_BYTES:
            raise ValueError(f"larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB")
        return Record.from_text(data.decode("utf-8")), None
    except (UnicodeDecodeError, ValueError) as exc:
        problem = exc
    aside = path.with_name(path.name + ".bad")
    try:
        os.replace(path, aside)
    except OSError as exc:
        log.warning("cannot move the corrupt game record %s aside: %s", path, exc)
        return Record(), f"Your game record {path.name} is damaged ({problem}) and could not be set aside"
    log.warning("game record %s is damaged (%s); moved to %s", path, problem, aside.name)
    return Record(), f"Your game record was damaged ({problem}); it was kept as {aside.name} and a new one started"


def add_game(game: GameRecord, path: Path | None = None) -> tuple[Record, str | None]:
    """Append ``game`` to the record on disk (atomically) and return the new record and any notice.

    A folder that cannot be written gives a notice instead of an exception: the game on screen
    is never interrupted by its record.
    """
    path = record_path() if path is None else Path(path)
    record, notice = load_record(path)
    record = Record(record.games + (game,))
    try:
        atomic_write_text(path, record.to_text())
    except OSError as exc:
        log.warning("cannot write the game record %s: %s", path, exc)
        notice = f"Could not save this game in your record ({exc.strerror or exc})"
    return record, notice
