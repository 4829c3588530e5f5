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
from game.engine.drills import Drill, DrillKind
from game.engine.only_moves import PuzzleKind
from game.engine.scores import Outcome, moves_to_end, outcome
from game.i18n import _, ngettext
from game.store.drill_file import DrillEntry
from game.training.puzzle_set import Puzzle, puzzle_task
from game.training.schedule import Grade
from game.words.review_text import source_from_text

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
            return _("Puzzle: {task}").format(task=puzzle_task(self.puzzle, colour))
        drill = self.entry.drill if self.entry is not None else None
        if drill is not None and drill.kind is DrillKind.MISSED_WIN:
            return _("Drill: {side} to play: win at once").format(side=colour)
        if drill is not None and drill.served_late:     # a drill the player met only in the opening
            if self.kept is Outcome.LOSS:
                return _("Opening knowledge: {side} to play: every move loses; find the one that holds out "
                         "longest").format(side=colour)
            if self.kept is Outcome.DRAW:
                return _("Opening knowledge: {side} to play: find a move that keeps the draw").format(side=colour)
            return _("Opening knowledge: {side} to play: find a move that keeps the win").format(side=colour)
        if self.kept is Outcome.LOSS:
            return _("Drill: {side} to play: every move loses; find the one that holds out longest").format(
                side=colour)
        if self.kept is Outcome.DRAW:
            return _("Drill: {side} to play: find a move that keeps the draw").format(side=colour)
        return _("Drill: {side} to play: find a move that keeps the win").format(side=colour)

    @property
    def source(self) -> str:
        """Where a drill came from ("from your game against Apprentice, 27 Nov, move 5"); "" for a
        puzzle or a drill kept before drills named their source."""
        drill = self.entry.drill if self.entry is not None else None
        return "" if drill is None or drill.source is None else source_from_text(drill.source)


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
    """The exact verdict on ``col`` at the position before it: "Column 3 leads to a draw: it does
    not keep the win", "Column 2 wins in 5: it does not win at once" (``score``: the column's exact
    score for the side playing it; None if not proved)."""
    entry = attempt.exercise.entry
    if entry is not None and entry.drill.kind is DrillKind.MISSED_WIN:
        missed = _("Column {column} does not win at once")
        reason = _("it does not win at once")
    elif attempt.exercise.kept is Outcome.LOSS:
        missed = _("Column {column} does not hold out longest")
        reason = _("it does not hold out longest")
    elif attempt.exercise.kept is Outcome.DRAW:
        missed = _("Column {column} does not keep the draw")
        reason = _("it does not keep the draw")
    else:
        missed = _("Column {column} does not keep the win")
        reason = _("it does not keep the win")
    if score is None:
        return missed.format(column=col + 1)
    discs = len(attempt.exercise.start) + attempt.step
    result = outcome(score)
    if result is Outcome.DRAW:
        value = _("Column {column} leads to a draw").format(column=col + 1)
    else:
        n = moves_to_end(score, discs)
        value = (ngettext("Column {column} wins in {n}", "Column {column} wins in {n}", n) if result is Outcome.WIN
                 else ngettext("Column {column} loses in {n}", "Column {column} loses in {n}", n)).format(column=col + 1,
                                                                                                     n=n)
    # TRANSLATORS: what a column leads to, then why that is wrong: "Column 3 leads to a draw: it does not keep the win"
    return _("{result}: {reason}").format(result=value, reason=reason)


def right_words(drill: Drill, col: int, second_try: bool) -> str:
    """A drill answered right in ``col``: what it does and which other columns do it too: "Right:
    column 4 keeps the win (columns 3 or 5 also do)", "Right at the second try: column 2 wins at once"."""
    if drill.kind is DrillKind.MISSED_WIN:
        does = (_("Right at the second try: column {column} wins at once") if second_try
                else _("Right: column {column} wins at once"))
    elif drill.kept is Outcome.LOSS:
        does = (_("Right at the second try: column {column} holds out longest") if second_try
                else _("Right: column {column} holds out longest"))
    elif drill.kept is Outcome.DRAW:
        does = (_("Right at the second try: column {column} keeps the draw") if second_try
                else _("Right: column {column} keeps the draw"))
    else:
        does = (_("Right at the second try: column {column} keeps the win") if second_try
                else _("Right: column {column} keeps the win"))
    does = does.format(column=col + 1)
    others = tuple(c for c in drill.accepted if c != col)
    if not others:
        return does
    also = ngettext("{columns} also does", "{columns} also do", len(others)).format(columns=columns_words(others))
    # TRANSLATORS: a right answer, then the other columns that are right too: "Right: column 4 keeps the win (column 3 also does)"
    return _("{right} ({also})").format(right=does, also=also)


def columns_words(columns: tuple[int, ...]) -> str:
    """"column 4", "columns 3 or 4", "columns 2, 3 or 5"."""
    names = [str(c + 1) for c in columns]
    if len(names) == 1:
        return _("column {column}").format(column=names[0])
    # TRANSLATORS: a choice of columns: "columns 2, 3 or 5" ({columns} is "2, 3")
    return _("columns {columns} or {last}").format(columns=", ".join(names[:-1]), last=names[-1])
