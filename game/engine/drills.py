"""Drills: the positions of a game where a player let the best outcome slip.

Every move of the player's side that the review (``review.review_game``) proves a mistake or a
blunder becomes a drill: the position before it, the column played, and every column whose exact
value keeps the position's best outcome (all the moves that keep the win, or all that keep the
draw; a slower win is as right as the fastest). A position the review could not prove, or whose
columns the solver cannot settle within the time given, makes no drill: a drill never guesses.

Pure engine code: standard library and ``game.engine`` only.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from time import perf_counter

from .board import CELLS, WIDTH, MoveError, Position, format_moves, parse_moves
from .puzzles import keeping_columns
from .review import DEFAULT_TIME, GameReview, MoveClass, review_game
from .scores import Outcome, outcome
from .solver import SearchCancelled, Solver

__all__ = ["Drill", "DrillError", "drills_from_review", "mine_drills"]

#: The classes that make a drill.
SLIPS = (MoveClass.MISTAKE, MoveClass.BLUNDER)


class DrillError(ValueError):
    """A drill that cannot be (a bad position, column or outcome); the message says which."""


@dataclass(frozen=True, slots=True)
class Drill:
    """A position to practise: find any of ``accepted`` (0-based columns, ascending).

    ``moves`` leads from the empty board to the position (0-based columns); ``played`` is the
    column the player chose there, which is not accepted; ``kept`` is the outcome every accepted
    column keeps for the side to move (a win or a draw).
    """

    moves: tuple[int, ...]
    played: int
    accepted: tuple[int, ...]
    kept: Outcome

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
        if self.kept not in (Outcome.WIN, Outcome.DRAW):
            raise DrillError("kept: a drill keeps a win or a draw")

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

    def is_accepted(self, col: int) -> bool:
        return col in self.accepted

    def to_json(self) -> dict:
        """Columns 1-based, as a player counts them and as move strings write them."""
        return {"position": format_moves(self.moves), "played": self.played + 1,
                "accepted": [c + 1 for c in self.accepted], "kept": self.kept.value}

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
        if kept not in (Outcome.WIN.value, Outcome.DRAW.value):
            raise DrillError("kept: not win or draw")
        if any(isinstance(c, bool) or not isinstance(c, int) for c in (played, *accepted)):
            raise DrillError("columns: not whole numbers")
        return cls(moves, played - 1, tuple(c - 1 for c in accepted), Outcome(kept))


def drills_from_review(review: GameReview, players: Collection[int], solver: Solver,
                       seconds: float = DEFAULT_TIME * WIDTH, stop=None) -> list[Drill]:
    """The drills of ``players`` (1 red, 2 yellow) in a reviewed game, in move order.

    ``seconds``: time to prove one position's columns; a position not settled in time is left
    out. ``stop`` (anything with ``is_set()``) cancels with ``SearchCancelled``.
    """
    drills = []
    for move in review.reviews:
        if move.player not in players or move.move_class not in SLIPS:
            continue
        moves = review.moves[:move.discs_before]
        try:
            scores = solver.column_scores(Position.from_moves(moves), stop=stop, deadline=perf_counter() + seconds)
        except SearchCancelled:
            if stop is not None and stop.is_set():
                raise
            continue
        kept = outcome(max(s for s in scores if s is not None))
        drills.append(Drill(tuple(moves), move.column, keeping_columns(scores), kept))
    return drills


def mine_drills(moves: Sequence[int], players: Collection[int], *, solver: Solver | None = None,
                time_per_position: float = DEFAULT_TIME, stop=None) -> list[Drill]:
    """Review the game ``moves`` (0-based columns, legal) and return the drills of ``players``.

    Raises ``MoveError`` for illegal moves before any search.
    """
    solver = solver if solver is not None else Solver(table_mb=32)
    review = review_game(moves, time_per_position=time_per_position, solver=solver, stop=stop, estimates=False)
    return drills_from_review(review, players, solver, time_per_position * WIDTH, stop)
