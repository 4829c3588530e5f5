"""The player's record against the computer, and a rating estimated from it.

Every finished game between one human and the computer is kept (level, the level's Elo, the
human's colour, the result, the moves, the date, and whether it was rated or casual: see
``game.domain.rated``); so is a rated game the player left unfinished, as a loss.
``game.store.record_file`` keeps them on disk. Two-player and computer-vs-computer games are not
recorded.

Rating method (Glicko-1, Glickman 1999), recomputed from the whole record each time:

* the player starts at 1500 with a rating deviation (RD) of 350, Glicko's "unknown player";
* each rated game is its own rating period against one opponent, the level, whose rating is
  its ``elo`` from the settings and whose RD is taken as 0 (the levels were measured against
  each other in hundreds of games, so their uncertainty is small next to the player's);
* win = 1, draw = 0.5, loss = 0; the update is Glicko's
  ``r' = r + q / (1/RD^2 + 1/d^2) * g * (s - E)``, ``RD' = sqrt(1 / (1/RD^2 + 1/d^2))``;
* RD does not grow between games: the player's strength is assumed constant over the record;
* casual games, and games against a level without an Elo figure (custom depths, custom
  levels), are recorded but do not change the rating.

The estimate is shown as "about 1450 ± 120": ± one RD, i.e. about a 68 % interval. The level
suggested for an even game is the rated level against which the player's expected score is
closest to one half, and only if that score lies between 35 % and 65 % (``EVEN_GAME``).
Recomputing from the games keeps the rating a pure function of the record: a level re-measured later re-rates every old game consistently.

No pygame here.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, timezone

from game.echo import shown
from game.engine.board import MoveError, Position, parse_moves
from game.words.move_errors import move_error_text

from .players import MAX_PLAYER_CHARS, is_player_spec


__all__ = ["GameRecord", "Rating", "Record", "RecordResult", "rate", "rate_one", "rate_period"]

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
    rated: bool = True    # False: a casual game (game.domain.rated), kept but not counted for the rating

    @classmethod
    def now(cls, level: str, elo: int | None, colour: int, result: RecordResult, moves: str,
            rated: bool = True) -> GameRecord:
        stamp = datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")
        return cls(level, elo, colour, result, moves, stamp, rated)

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
        if not isinstance(level, str) or len(level) > MAX_PLAYER_CHARS or not is_player_spec(level):
            raise ValueError(f"level: {shown(level)} is not a level name or a computer player")
        if isinstance(elo, float) and elo.is_integer():
            elo = int(elo)  # 2062.0: the same whole number
        if elo is not None and (isinstance(elo, bool) or not isinstance(elo, int) or not 0 <= elo <= 4000):
            raise ValueError(f"elo: {shown(elo)} is not a whole number from 0 to 4000")
        if colour not in (1, 2) or isinstance(colour, bool):
            raise ValueError(f"colour: {shown(colour)} is not 1 (red) or 2 (yellow)")
        try:
            outcome = RecordResult(result)
        except ValueError:
            raise ValueError(f"result: {shown(result)} is not win, draw or loss") from None
        if not isinstance(moves, str) or len(moves) > 200:
            raise ValueError("moves: missing or too long")
        try:
            Position.from_moves(parse_moves(moves))
        except MoveError as exc:
            raise ValueError(f"moves: {move_error_text(exc)}") from None
        rated = data.get("rated", True)  # older records have no casual games
        if not isinstance(rated, bool):
            raise ValueError(f"rated: {shown(rated)} is not true or false")
        if not isinstance(date, str):
            raise ValueError("date: missing")
        try:
            datetime.fromisoformat(date)
        except ValueError:
            raise ValueError(f"date: {shown(date)} is not an ISO 8601 date") from None
        return cls(level, elo, colour, outcome, moves, date, rated)


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
    """The estimate after the rated games, oldest first (casual games and games against unrated
    levels are skipped)."""
    rating = Rating(START_RATING, START_RD, 0)
    for game in games:
        if game.rated and game.elo is not None:
            rating = rate_one(rating, game.elo, game.result.points)
    return rating


@dataclass(frozen=True, slots=True)
class Record:
    """Every recorded game, oldest first."""

    games: tuple[GameRecord, ...] = ()

    def rating(self) -> Rating:
        return rate(self.games)

    def per_level(self) -> dict[str, tuple[int, int, int]]:
        """Level -> (wins, draws, losses) of the rated games, in the order the levels were first played."""
        table: dict[str, list[int]] = {}
        for game in self.games:
            if not game.rated:
                continue
            row = table.setdefault(game.level, [0, 0, 0])
            row[[RecordResult.WIN, RecordResult.DRAW, RecordResult.LOSS].index(game.result)] += 1
        return {level: (w, d, l) for level, (w, d, l) in table.items()}

    def casual_games(self) -> int:
        return sum(not game.rated for game in self.games)

    def with_game(self, game: GameRecord) -> Record:
        """This record and ``game`` after it."""
        return Record(self.games + (game,))
