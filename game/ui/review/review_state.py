"""What the review shows, as a value: the reviewed game's moves, the move selected, the judgements
as they arrive, the explanations, and the line opened to prove one. No pygame here.

The selection ``index`` names the position before move ``index`` (0-based), so ``index ==
len(moves)`` is the game's end. While a line is open the stepping keys step through the line, not
the game; any other change of selection closes it. Positions come from the engine's ``Position``:
nothing here applies a game rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.board import Position
from game.engine.explain import Explanation, missed_point
from game.engine.game_review import GameReview, MoveReview
from game.ui.review.review_explain import Explanations
from game.ui.review.review_line import LineView

__all__ = ["ReviewState"]


@dataclass(slots=True)
class ReviewState:
    """One reviewed game on the screen (``moves``: legal 0-based columns, from a validated game)."""

    moves: list[int] = field(default_factory=list)
    index: int = 0
    review: GameReview | None = None
    proved: dict[int, MoveReview] = field(default_factory=dict)  # move index -> its review, as each arrives
    stepped: bool = False          # the player moved the selection before the review came
    explanations: Explanations | None = None
    line: LineView | None = None   # the line that proves the shown move's explanation, stepped through
    # the position before each move and the final one, played once (positions are immutable values)
    positions: tuple[Position, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        played = [Position()]
        for col in self.moves:
            played.append(played[-1].play(col))
        self.positions = tuple(played)

    @classmethod
    def opening(cls, moves: list[int]) -> ReviewState:
        """A game about to be reviewed: its end shown until the review says where to look."""
        return cls(moves, index=len(moves))

    # -- positions and judgements ------------------------------------------------------------

    @property
    def at_end(self) -> bool:
        """The game's end is shown (no move is selected)."""
        return self.index >= len(self.moves)

    def position(self, index: int | None = None) -> Position:
        """The position before move ``index`` (default: the selected one)."""
        return self.positions[self.index if index is None else index]

    def final(self) -> Position:
        return self.positions[-1]

    def shown_moves(self) -> list[int]:
        """The moves to the position on the board: the game's before the selected move, or, with a
        line open, the game's to the explained move and then the line's steps shown."""
        line = self.line
        if line is None:
            return self.moves[:self.index]
        if line.point is not None:
            return [*self.moves[:line.index], *line.after_start()]
        return [*self.moves[:line.index + 1], *line.line[:line.step]]

    def shown(self) -> Position:
        """The position on the board (the open line's step, else the selection's)."""
        return self.position() if self.line is None else self.line.position()

    def played_here(self) -> int | None:
        """The column the game played at the position on the board (none in a line, none at the end)."""
        return None if self.line is not None or self.at_end else self.moves[self.index]

    def review_of(self, index: int) -> MoveReview | None:
        """The review of move ``index`` (0-based): from the finished review, or as it arrived."""
        if self.review is None:
            return self.proved.get(index)
        return self.review.reviews[index] if index < len(self.review.reviews) else None

    def current(self) -> MoveReview | None:
        return self.review_of(self.index)

    def explanation(self, index: int | None = None) -> Explanation | None:
        """The explanation of move ``index`` (default: the shown one), once it has come."""
        if self.explanations is None:
            return None
        return self.explanations.found.get(self.index if index is None else index)

    def explaining(self) -> bool:
        """The shown move's explanation is wanted and still being worked out."""
        found = self.explanations
        return (found is not None and not self.at_end and self.explanation() is None
                and self.index in found.wanted and self.index not in found.failed)

    # -- arrivals -----------------------------------------------------------------------------

    def arrived(self, move: MoveReview) -> None:
        """One move's judgement, before the whole review is done."""
        self.proved[move.number - 1] = move

    def accept(self, review: GameReview, explanations: Explanations) -> None:
        """The finished review: shown at the first turn worth a look unless the player has stepped."""
        self.review = review
        self.explanations = explanations
        if not self.stepped:
            self.jump_to_turn()

    def jump_to_turn(self) -> None:
        """Show the first error a player can learn from (either side's), else the first move that
        changed the outcome, if there is one."""
        assert self.review is not None
        summaries = (self.review.summary(1), self.review.summary(2))
        turns = [s.errors[0] for s in summaries if s.errors] or [s.first_turn for s in summaries if s.first_turn]
        if turns:
            self.index = min(t.number for t in turns) - 1

    # -- navigation ---------------------------------------------------------------------------

    def select(self, index: int) -> None:
        """Show move ``index`` (held inside the game); the open line closes."""
        self.line = None
        self.index = max(0, min(len(self.moves), index))
        self.stepped = True

    def step(self, delta: int) -> None:
        """``delta`` steps on (back when negative): through the open line, else through the game."""
        if self.line is not None:
            self.line.go(self.line.step + delta)
        else:
            self.select(self.index + delta)

    def to_start(self) -> None:
        if self.line is not None:
            self.line.go(0)
        else:
            self.select(0)

    def to_end(self) -> None:
        if self.line is not None:
            self.line.go(self.line.steps)
        else:
            self.select(len(self.moves))

    def open_line(self) -> bool:
        """Step through the line that proves the shown move's explanation, from the position after
        the move, or, for a missed win or block, from the point first (``review_line``); False
        when the shown move has none (yet)."""
        why = self.explanation()
        if why is None or self.at_end:
            return False
        before, played = self.position(self.index), self.moves[self.index]
        self.line = LineView(self.index, self.position(self.index + 1), why.line, before=before,
                             point=missed_point(before, played), played=played)
        return True

    def close_line(self) -> None:
        self.line = None
