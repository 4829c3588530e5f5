"""Drills: the positions of a game where a player made an error, to practise until it is found.

Every move of the player's side that the review (``review.review_game``) proves an error a player
could have seen (a verdict of ``Severity.ERROR``: a missed win at once, a missed block, a disc
under the opponent's winning cell, two threats allowed, a short loss allowed, a short win thrown
away) becomes a drill, whether or not it changed the outcome; so does every mistake or blunder by
the exact classes whose cause lies too far ahead to see (a *deep* move: its drill is **opening
knowledge**, served after the errors one could have seen, ``DrillKind.served_late``). A drill is
the position before the move, the column played, and the columns that answer it:

* after a **missed win at once**: exactly the columns that complete four now (a slower win is not
  what the drill teaches);
* in a position already **lost**, where every column loses (a block missed there, a disc under the
  winning cell, a loss made much faster): exactly the columns of the longest resistance, the best
  exact score, which is the block when there is one threat to block (``kept`` is then a loss: the
  drill asks to hold out longest);
* otherwise: every column whose exact value keeps the position's best outcome (all the moves that
  keep the win, or all that keep the draw; a slower win is as right as the fastest).

A position where the move played is among the answers makes no drill (there is nothing to find); nor does one the review could not prove, or whose columns the solver
cannot settle within the time given: a drill never guesses. Each mined drill names its source
(``DrillSource``: the opponent, the day, the move's number), "your game against Apprentice,
27 Nov, move 5". A drill read from a line written before drills had a kind and a source has
neither, and is written back without them.

Pure engine code: standard library and ``game.engine`` only.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date
from time import perf_counter

from .board import CELLS, WIDTH, MoveError, Position, format_moves, parse_moves
from .only_moves import keeping_columns
from .game_review import DEFAULT_TIME, GameReview, MoveClass, MoveReview, review_game
from .scores import Outcome, outcome
from .solver import SearchCancelled, Solver
from .verdicts import Severity, Verdict

__all__ = ["Drill", "DrillError", "DrillKind", "DrillSource", "answers", "drill_kind", "drill_of", "drills_from_review",
           "mine_drills"]

#: The exact classes whose move makes a drill even without an error a player could see (deep).
SLIPS = (MoveClass.MISTAKE, MoveClass.BLUNDER)
#: The longest opponent's name a source keeps (a level's label, a player's name).
MAX_AGAINST_CHARS = 40
#: The years a source's day lies in (as every date the game's files keep: ``game.store.fields``).
FIRST_YEAR, LAST_YEAR = 1970, 9000


class DrillError(ValueError):
    """A drill that cannot be (a bad position, column or outcome); the message names the field."""


class DrillKind(enum.Enum):
    """What a drill teaches: the error a player could have seen (the verdict's word), or opening
    knowledge (a deep move: the outcome changed by play far ahead)."""

    MISSED_WIN = Verdict.MISSED_WIN.value
    MISSED_BLOCK = Verdict.MISSED_BLOCK.value
    UNDER_THREAT = Verdict.UNDER_THREAT.value
    DOUBLE_THREAT = Verdict.DOUBLE_THREAT.value
    SHORT_LOSS = Verdict.SHORT_LOSS.value
    THREW_AWAY_WIN = Verdict.THREW_AWAY_WIN.value
    FASTER_LOSS = Verdict.FASTER_LOSS.value
    OPENING = "opening knowledge"

    @property
    def served_late(self) -> bool:
        """Opening knowledge comes after the errors a player could have seen."""
        return self is DrillKind.OPENING


def drill_kind(verdict: Verdict | None, move_class: MoveClass) -> DrillKind | None:
    """The kind of drill a reviewed move makes, or None when it makes none: an error a player could
    have seen whatever its class, else a mistake or blunder (opening knowledge)."""
    if verdict is not None and verdict.severity is Severity.ERROR:
        return DrillKind(verdict.value)
    if move_class in SLIPS:
        return DrillKind.OPENING
    return None


def answers(pos: Position, scores: Sequence[int | None], kind: DrillKind | None) -> tuple[tuple[int, ...], Outcome]:
    """The columns a drill of ``kind`` accepts in ``pos`` (ascending) and the outcome they
    keep, from every column's exact ``scores``: the columns winning at once after a missed win at
    once; in a lost position, the columns of the best score (the longest resistance); else every
    column keeping the best outcome."""
    best = max(s for s in scores if s is not None)
    kept = outcome(best)
    if kind is DrillKind.MISSED_WIN:
        winning = tuple(c for c in range(WIDTH) if pos.can_play(c) and pos.is_winning_move(c))
        if winning:
            return winning, Outcome.WIN
    if kept is Outcome.LOSS:
        return tuple(c for c, s in enumerate(scores) if s == best), kept
    return keeping_columns(scores), kept


@dataclass(frozen=True, slots=True)
class DrillSource:
    """Where a drill came from: the game against ``against`` ("" when the game names nobody) on
    ``day``, at move ``move`` (from 1); ``chosen``: a position the player picked in a review."""

    day: date
    move: int
    against: str = ""
    chosen: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.day, date) or not FIRST_YEAR <= self.day.year < LAST_YEAR:
            raise DrillError(f"source: the day is not a date from {FIRST_YEAR} to {LAST_YEAR - 1}")
        if isinstance(self.move, bool) or not isinstance(self.move, int) or not 1 <= self.move <= CELLS:
            raise DrillError(f"source: move is not a whole number from 1 to {CELLS}")
        if not isinstance(self.against, str) or len(self.against) > MAX_AGAINST_CHARS \
                or not all(ch.isprintable() for ch in self.against) or self.against != self.against.strip():
            raise DrillError("source: the opponent is not a name")

    def to_json(self) -> dict:
        doc: dict = {"day": self.day.isoformat(), "move": self.move}
        if self.against:
            doc["against"] = self.against
        if self.chosen:
            doc["chosen"] = True
        return doc

    @classmethod
    def from_json(cls, data: object) -> DrillSource:
        if not isinstance(data, dict):
            raise DrillError("source: not a JSON object")
        day, against, chosen = data.get("day"), data.get("against", ""), data.get("chosen", False)
        if not isinstance(day, str) or len(day) != 10:
            raise DrillError("source: day is not a date")
        try:
            when = date.fromisoformat(day)
        except ValueError:
            raise DrillError("source: day is not a date") from None
        if not isinstance(chosen, bool):
            raise DrillError("source: chosen is not true or false")
        if not isinstance(against, str):
            raise DrillError("source: the opponent is not a name")
        return cls(when, data.get("move"), against, chosen)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Drill:
    """A position to practise: find any of ``accepted`` (columns, ascending).

    ``moves`` leads from the empty board to the position (its columns); ``played`` is the
    column the player chose there, which is not accepted; ``kept`` is the outcome every accepted
    column keeps for the side to move (a win or a draw; a loss where the position is lost and the
    accepted columns hold out longest); ``kind`` what it teaches and ``source``
    where it came from (None on a drill kept before drills had them).
    """

    moves: tuple[int, ...]
    played: int
    accepted: tuple[int, ...]
    kept: Outcome
    kind: DrillKind | None = None
    source: DrillSource | None = None

    def __post_init__(self) -> None:
        """Validate, so that a drill read from a file is as sound as one just mined."""
        try:
            pos = Position.from_moves(self.moves)
        except MoveError as exc:
            raise DrillError(f"position: {exc}") from None
        if pos.is_over():
            raise DrillError("position: the game is already over")
        columns = (self.played, *self.accepted)
        if any(isinstance(c, bool) or not isinstance(c, int) or not pos.can_play(c) for c in columns):
            raise DrillError("columns: a column that cannot be played in this position")
        if not self.accepted or list(self.accepted) != sorted(set(self.accepted)) or self.played in self.accepted:
            raise DrillError("accepted: one or more distinct columns, ascending, without the one played")
        if not isinstance(self.kept, Outcome):
            raise DrillError("kept: a drill keeps a win, a draw or (holding out longest) a loss")
        if self.kept is Outcome.LOSS and self.kind is DrillKind.OPENING:
            raise DrillError("kept: opening knowledge changes the outcome, so its position is not lost")
        if self.kind is not None and not isinstance(self.kind, DrillKind):
            raise DrillError("kind: not a kind of drill")
        if self.kind is DrillKind.MISSED_WIN and (self.kept is not Outcome.WIN or not all(
                pos.is_winning_move(c) for c in self.accepted)):
            raise DrillError("accepted: a missed win at once accepts only the columns that win at once")
        if self.source is not None and (not isinstance(self.source, DrillSource)
                                        or self.source.move != len(self.moves) + 1):
            raise DrillError("source: the move is not the one this position asks for")

    @property
    def position(self) -> Position:
        return Position.from_moves(self.moves)

    @property
    def player(self) -> int:
        """The side to move: 1 (red) or 2 (yellow)."""
        return 1 if len(self.moves) % 2 == 0 else 2

    @property
    def key(self) -> int:
        """The position's key: one drill per position, whatever the move order that led there."""
        return self.position.key()

    @property
    def served_late(self) -> bool:
        """Opening knowledge: served after the errors a player could have seen."""
        return self.kind is not None and self.kind.served_late

    def is_accepted(self, col: int) -> bool:
        return col in self.accepted

    def to_json(self) -> dict:
        """Columns 1-based, as a player counts them and as move strings write them. ``kind`` and
        ``source`` only when known: a drill read without them is written back as it was."""
        doc = {"position": format_moves(self.moves), "played": self.played + 1,
               "accepted": [c + 1 for c in self.accepted], "kept": self.kept.value}
        if self.kind is not None:
            doc["kind"] = self.kind.value
        if self.source is not None:
            doc["source"] = self.source.to_json()
        return doc

    @classmethod
    def from_json(cls, data: object) -> Drill:
        """DrillError (a ValueError) naming the field when ``data`` is not a valid drill."""
        if not isinstance(data, dict):
            raise DrillError("a drill is not a JSON object")
        position, played, accepted, kept = (data.get(k) for k in ("position", "played", "accepted", "kept"))
        if not isinstance(position, str) or len(position) > CELLS:
            raise DrillError("position: missing or too long")
        try:
            moves = tuple(parse_moves(position))
        except MoveError as exc:
            raise DrillError(f"position: {exc}") from None
        if not isinstance(accepted, list) or len(accepted) > WIDTH:
            raise DrillError("accepted: not a list of columns")
        if kept not in (Outcome.WIN.value, Outcome.DRAW.value, Outcome.LOSS.value):
            raise DrillError("kept: not win, draw or loss")
        if any(isinstance(c, bool) or not isinstance(c, int) for c in (played, *accepted)):
            raise DrillError("columns: not whole numbers")
        kind = data.get("kind")
        if kind is not None and kind not in {k.value for k in DrillKind}:
            raise DrillError("kind: not a kind of drill")
        source = data.get("source")
        return cls(moves, played - 1, tuple(c - 1 for c in accepted), Outcome(kept),
                   None if kind is None else DrillKind(kind),
                   None if source is None else DrillSource.from_json(source))


def drill_of(review: GameReview, move: MoveReview, scores: Sequence[int | None],
             source: DrillSource | None = None) -> Drill | None:
    """The drill ``move`` of ``review`` makes, given the exact ``scores`` of the columns before it;
    None when it makes none (not an error, or the move played is an answer)."""
    kind = drill_kind(move.verdict, move.move_class)
    if kind is None:
        return None
    moves = tuple(review.moves[:move.discs_before])
    accepted, kept = answers(Position.from_moves(moves), scores, kind)
    if move.column in accepted:
        return None
    return Drill(moves, move.column, accepted, kept, kind, source)


def drills_from_review(review: GameReview, players: Collection[int], solver: Solver,
                       seconds: float = DEFAULT_TIME * WIDTH, stop=None, *, against: str = "",
                       day: date | None = None) -> list[Drill]:
    """The drills of ``players`` (sides) in a reviewed game, in move order, each sourced
    as a game against ``against`` on ``day`` (None: no source).

    ``seconds``: time to prove one position's columns; a position not settled in time is left
    out. ``stop`` (anything with ``is_set()``) cancels with ``SearchCancelled``.
    """
    drills = []
    for move in review.reviews:
        if move.player not in players or drill_kind(move.verdict, move.move_class) is None:
            continue
        moves = review.moves[:move.discs_before]
        try:
            scores = solver.column_scores(Position.from_moves(moves), stop=stop, deadline=perf_counter() + seconds)
        except SearchCancelled:
            if stop is not None and stop.is_set():
                raise
            continue
        source = None if day is None else DrillSource(day, move.number, against)
        drill = drill_of(review, move, scores, source)
        if drill is not None:
            drills.append(drill)
    return drills


def mine_drills(moves: Sequence[int], players: Collection[int], *, solver: Solver | None = None,
                time_per_position: float = DEFAULT_TIME, stop=None, against: str = "",
                day: date | None = None) -> list[Drill]:
    """Review the game ``moves`` (columns, legal) and return the drills of ``players``
    (sourced as ``drills_from_review`` sources them).

    Raises ``MoveError`` for illegal moves before any search.
    """
    solver = solver if solver is not None else Solver(table_mb=32)
    review = review_game(moves, time_per_position=time_per_position, solver=solver, stop=stop, estimates=False)
    return drills_from_review(review, players, solver, time_per_position * WIDTH, stop, against=against, day=day)
