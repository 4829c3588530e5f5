"""One exercise of the Practice scene, without pygame: what to find, what a dropped disc means,
and the grade it earns. The scene draws it and plays its moves out; the rules are here.

A **drill** asks for any column that keeps the position's best outcome (``Drill.accepted``). The
first try right is graded "right at once"; a wrong first try plays out its refutation and gives
one more try: right then is "right after a retry", wrong again is "wrong", and the right
columns are shown. A **puzzle** asks for the only move at each of the solver's turns; the
defender's replies are played for the player. A wrong move fails the puzzle at once (as on
lichess): its refutation plays out and the only move is shown.

Every column is checked before anything changes (``Position.can_play``); a full or unknown
column changes nothing. No pygame here.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from game.engine.board import WIDTH, Position
from game.engine.drills import DrillKind
from game.engine.only_moves import PuzzleKind
from game.engine.scores import Outcome
from game.words.outcomes import describe
from game.training.puzzle_set import Puzzle, puzzle_task
from game.training.schedule import Grade
from game.store.drill_file import DrillEntry

__all__ = ["Attempt", "Exercise", "Phase", "Played"]

#: Tries a drill allows: the first, and one more after a miss.
DRILL_TRIES = 2


class Phase(enum.Enum):
    """Where an exercise stands."""

    ASK = "ask"          # the player's move
    REPLY = "reply"      # a puzzle's defender answers (played for the player)
    REFUTE = "refute"    # a miss: its refutation is proved, then played out
    DONE = "done"        # graded: Enter goes on to the next one


class Played(enum.Enum):
    """What a dropped disc did."""

    RIGHT = "right"          # an accepted column; a puzzle goes on with the defender's reply
    SOLVED = "solved"        # the exercise is done, right
    MISSED = "missed"        # wrong, with a try left (a drill's first miss)
    FAILED = "failed"        # wrong, and the exercise is over


@dataclass(frozen=True, slots=True)
class Exercise:
    """A drill (``entry``) or a puzzle (``puzzle``): exactly one is set."""

    entry: DrillEntry | None = None
    puzzle: Puzzle | None = None

    def __post_init__(self) -> None:
        if (self.entry is None) == (self.puzzle is None):
            raise ValueError("an exercise is a drill or a puzzle")

    @property
    def start(self) -> tuple[int, ...]:
        if self.entry is not None:
            return self.entry.drill.moves
        assert self.puzzle is not None
        return self.puzzle.line.start

    @property
    def player(self) -> int:
        """The side the player plays: the side to move at the start (1 red, 2 yellow)."""
        return 1 + len(self.start) % 2

    @property
    def kept(self) -> Outcome:
        if self.entry is not None:
            return self.entry.drill.kept
        assert self.puzzle is not None
        return Outcome.WIN if self.puzzle.kind is PuzzleKind.WIN else Outcome.DRAW

    def task(self, colour: str) -> str:
        """What to find, in the player's words: "Puzzle: find the 2 moves that keep Red's win (the
        win comes with Red's 10th disc from now)", "Drill: Red to play: win at once"."""
        if self.puzzle is not None:
            return f"Puzzle: {puzzle_task(self.puzzle, colour)}"
        drill = self.entry.drill if self.entry is not None else None
        if drill is not None and drill.kind is DrillKind.MISSED_WIN:
            return f"Drill: {colour} to play: win at once"
        label = "Opening knowledge" if drill is not None and drill.served_late else "Drill"
        if self.kept is Outcome.LOSS:
            return f"{label}: {colour} to play: every move loses; find the one that holds out longest"
        return f"{label}: {colour} to play: find a move that keeps the {self.kept.value}"

    @property
    def source(self) -> str:
        """Where a drill came from ("from your game against Apprentice, 27 Nov, move 5"); "" for a
        puzzle or a drill kept before drills named their source."""
        drill = self.entry.drill if self.entry is not None else None
        return "" if drill is None or drill.source is None else f"from {drill.source.text}"


@dataclass
class Attempt:
    """The player working on one exercise: the moves on the board, the tries, the phase."""

    exercise: Exercise
    moves: list[int] = field(default_factory=list)
    tries: list[int] = field(default_factory=list)      # a drill's columns tried, in order
    step: int = 0                                        # a puzzle: index of the solver's next move in its line
    phase: Phase = Phase.ASK
    solved: bool | None = None                           # once DONE: right or not

    def __post_init__(self) -> None:
        self.moves = list(self.exercise.start)

    @property
    def position(self) -> Position:
        return Position.from_moves(self.moves)

    def right_columns(self) -> tuple[int, ...]:
        """The columns that answer the position the player faces now."""
        ex = self.exercise
        if ex.entry is not None:
            return ex.entry.drill.accepted
        assert ex.puzzle is not None
        return (ex.puzzle.line.line[self.step],)

    def drop(self, col: int) -> Played:
        """The player drops a disc in ``col``; ValueError (nothing changes) unless :meth:`legal`."""
        if self.phase is not Phase.ASK or not self.legal(col):
            raise ValueError(f"column {col + 1} cannot be played now")
        right = col in self.right_columns()
        self.moves.append(col)
        ex = self.exercise
        if ex.entry is not None:
            self.tries.append(col)
            if right:
                return self._done(True)
            if len(self.tries) < DRILL_TRIES:
                self.phase = Phase.REFUTE
                return Played.MISSED
            self.phase = Phase.REFUTE
            self.solved = False
            return Played.FAILED
        assert ex.puzzle is not None
        if not right:
            self.phase = Phase.REFUTE
            self.solved = False
            return Played.FAILED
        self.step += 2
        if self.step >= len(ex.puzzle.line.line):
            return self._done(True)
        self.phase = Phase.REPLY
        return Played.RIGHT

    def legal(self, col: int) -> bool:
        """Whether ``col`` can be dropped now (the phase asks for a move and the column has room)."""
        return self.phase is Phase.ASK and 0 <= col < WIDTH and self.position.can_play(col)

    def reply(self) -> int:
        """A puzzle's defender answers: the reply the line holds (played; the player's turn again)."""
        assert self.exercise.puzzle is not None and self.phase is Phase.REPLY
        col = self.exercise.puzzle.line.line[self.step - 1]
        self.moves.append(col)
        self.phase = Phase.ASK
        return col

    def refuted(self) -> None:
        """The refutation has been played out: back to the position the miss was made in, for the
        retry (a drill with a try left) or to show the right move (the exercise is over)."""
        assert self.phase is Phase.REFUTE
        del self.moves[len(self.exercise.start) + self.step:]
        if self.solved is False:
            self.phase = Phase.DONE
        else:
            self.phase = Phase.ASK

    def _done(self, solved: bool) -> Played:
        self.phase = Phase.DONE
        self.solved = solved
        return Played.SOLVED

    @property
    def grade(self) -> Grade:
        """A drill's grade from its tries (the exercise is over)."""
        assert self.exercise.entry is not None
        return Grade.of_tries(self.tries, self.exercise.entry.drill.accepted)


def verdict_words(attempt: Attempt, col: int, score: int | None) -> str:
    """The exact verdict on ``col`` at the position before it: "Column 3 draws: it does not keep
    the win", "Column 2 wins in 5: it does not win at once" (``score``: the column's exact score
    for the side playing it; None if not proved)."""
    entry = attempt.exercise.entry
    kept = "win at once" if entry is not None and entry.drill.kind is DrillKind.MISSED_WIN \
        else "hold out longest" if attempt.exercise.kept is Outcome.LOSS \
        else f"keep the {attempt.exercise.kept.value}"
    discs = len(attempt.exercise.start) + attempt.step
    if score is None:
        return f"Column {col + 1} does not {kept}"
    value = describe(score, discs)
    return f"Column {col + 1} {'leads to a draw' if value == 'draw' else value}: it does not {kept}"


def columns_words(columns: tuple[int, ...]) -> str:
    """"column 4", "columns 3 or 4", "columns 2, 3 or 5"."""
    names = [str(c + 1) for c in columns]
    if len(names) == 1:
        return f"column {names[0]}"
    return f"columns {', '.join(names[:-1])} or {names[-1]}"
