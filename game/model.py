"""The game the window shows: the players, the moves so far, undo/redo and the score of a match.

Pure logic: no pygame, no threads. The UI reads state from here and calls in; it never applies a
game rule itself. Every change bumps ``generation``, so an answer the computer player computed for
an older state (before an undo, a new game or a load) can be recognised and dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.engine.board import Position, format_moves
from game.engine.sides import Side
from game.domain.players import parse_player_spec
from game.domain.saved import NetworkSeat, SavedGame

if TYPE_CHECKING:
    from game.domain.players import Ladder, PlayerSpec

__all__ = ["GameModel", "Scoreboard"]


class GameModel:
    """One game of Connect Four between two players, with undo and redo.

    Undo and redo step over the computer's replies: against the computer, ``undo()`` goes back to
    the human's previous turn (the human's last move and the computer's answer to it are taken
    back together) and ``redo()`` replays up to the human's next turn. Between two humans, or two
    computers, they step one move at a time.
    """

    def __init__(self, red: PlayerSpec, yellow: PlayerSpec, moves: Sequence[int] = (), *,
                 ladder: Ladder | None = None) -> None:
        self.red = red
        self.yellow = yellow
        self.ladder = ladder     # the levels, so that saves name a level as it was chosen
        self.network: NetworkSeat | None = None     # a network game: this side's seat, kept in its saves
        # True after an odd number of new_game(swap_colours=True): the players that started as
        # red and yellow now sit on the other side. The Scoreboard needs it to credit wins.
        self.swapped = False
        self.generation = 0
        # _history[i] is the position after i moves; _moves[i] the column of move i + 1.
        self._history: list[Position] = [Position()]
        self._moves: list[int] = []
        self._redo: list[int] = []  # undone moves, the next one to replay last
        if moves:
            self.load_moves(moves)
        self.generation = 0

    # -- state -------------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._history[-1]

    @property
    def moves(self) -> tuple[int, ...]:
        """The columns played so far (``Column`` indexes), oldest first."""
        return tuple(self._moves)

    def moves_string(self) -> str:
        """The moves so far in 1-based notation, e.g. "4453"."""
        return format_moves(self._moves)

    def player(self, side: int) -> PlayerSpec:
        """Who plays ``side`` (a ``Side``; ValueError for any other number)."""
        return self.red if Side(side) is Side.RED else self.yellow

    @property
    def turn(self) -> Side:
        """The side to move."""
        return self.position.turn

    def is_ai_turn(self) -> bool:
        """Whether the computer should be thinking now (False once the game is over)."""
        return not self.position.is_over() and self.player(self.position.turn).kind != "human"

    @property
    def last_move(self) -> tuple[int, int] | None:
        """(column, row) of the most recent disc, or None on an empty board."""
        if not self._moves:
            return None
        col = self._moves[-1]
        return col, self.position.height(col) - 1

    @property
    def winner(self) -> int | None:
        return self.position.winner()

    @property
    def is_draw(self) -> bool:
        return self.position.is_draw()

    @property
    def is_over(self) -> bool:
        return self.position.is_over()

    @property
    def winning_cells(self) -> frozenset[tuple[int, int]]:
        return self.position.winning_cells()

    # -- changes -----------------------------------------------------------------------------

    def play(self, col: int) -> None:
        """Drop a disc for the player to move; raises a MoveError subclass and changes nothing if illegal."""
        position = self.position.play(col)
        self._history.append(position)
        self._moves.append(col)
        self._redo.clear()
        self.generation += 1

    def undo(self) -> bool:
        """Take back moves (see the class docstring); False if there is nothing to take back."""
        steps = self._undo_steps()
        if not steps:
            return False
        for _ in range(steps):
            self._redo.append(self._moves.pop())
            self._history.pop()
        self.generation += 1
        return True

    @property
    def can_redo(self) -> bool:
        """Whether undone moves wait to be replayed (an undo was the last change)."""
        return bool(self._redo)

    def redo(self) -> bool:
        """Replay undone moves up to the human's next turn; False if there is nothing to replay."""
        if not self._redo:
            return False
        humans = self._humans()
        while self._redo:
            col = self._redo.pop()
            self._history.append(self.position.play(col))
            self._moves.append(col)
            if len(humans) != 1 or self.position.turn in humans or self.position.is_over():
                break
        self.generation += 1
        return True

    def new_game(self, swap_colours: bool = False) -> None:
        """Start again from the empty board, optionally with the players changing colours."""
        if swap_colours:
            self.red, self.yellow = self.yellow, self.red
            self.swapped = not self.swapped
        self._reset([Position()], [])

    def load_moves(
        self, moves: Sequence[int], *, red: PlayerSpec | None = None, yellow: PlayerSpec | None = None
    ) -> None:
        """Replace the game by ``moves``, ``Column`` indexes (optionally with new players); text is
        read into columns where it comes in (``engine.board.parse_moves``), never here.

        The moves are checked first: an illegal one raises the engine's MoveError subclass (its
        message names the move and the problem) and the current game is kept untouched.
        """
        if isinstance(moves, str):
            raise TypeError("moves are column indexes: read a move string with parse_moves first")
        cols = list(moves)
        Position.from_moves(cols)  # validates; raises before anything changes
        history = [Position()]
        for col in cols:
            history.append(history[-1].play(col))
        if red is not None or yellow is not None:
            self.red = red if red is not None else self.red
            self.yellow = yellow if yellow is not None else self.yellow
            self.swapped = False
        self._reset(history, cols)

    def saved_game(self, *, rated: bool = False, analysis: bool = False) -> SavedGame:
        """The game as the storage module writes it (players as spec strings, stamped now);
        ``rated`` only for the autosave of a rated game (any other save is casual when loaded); a
        network game's saves carry this side's seat."""
        return SavedGame.now(self.moves_string(), self.player_text(self.red), self.player_text(self.yellow),
                             rated=rated, analysis=analysis, seat=self.network)

    def player_text(self, spec: PlayerSpec) -> str:
        """How a save names the player: a level exactly as the level plays is saved by its name alone
        ("Master", not "Master:threats"), so the save follows the level as the player chose it."""
        if spec.level is not None and self.ladder is not None:
            try:
                if parse_player_spec(spec.level, self.ladder) == spec:
                    return spec.level
            except ValueError:
                pass
        return spec.spec()

    # -- internals ---------------------------------------------------------------------------

    def _reset(self, history: list[Position], moves: list[int]) -> None:
        self._history = history
        self._moves = moves
        self._redo.clear()
        self.generation += 1

    def _humans(self) -> set[int]:
        return {n for n in (1, 2) if self.player(n).kind == "human"}

    def _undo_steps(self) -> int:
        """How many moves undo() takes back: 0 if none."""
        count = len(self._moves)
        humans = self._humans()
        if len(humans) != 1:
            return 1 if count else 0
        # Against the computer: back to the latest earlier position where the human was to move.
        for steps in range(1, count + 1):
            if self._history[count - steps].turn in humans:
                return steps
        return 0


class Scoreboard:
    """Wins per player and draws over a series of games, e.g. a computer-vs-computer match.

    The two players are the model's seats, so the score follows them when
    ``new_game(swap_colours=True)`` swaps their colours. Labels come from ``PlayerSpec.label()``;
    two players with the same label get " (1)" and " (2)" so the rows stay apart.
    """

    def __init__(self, first: PlayerSpec, second: PlayerSpec) -> None:
        labels = [first.label(), second.label()]
        if labels[0] == labels[1]:
            labels = [f"{labels[0]} (1)", f"{labels[1]} (2)"]
        self.labels: tuple[str, str] = (labels[0], labels[1])
        self.wins: dict[str, int] = {label: 0 for label in self.labels}
        self.draws = 0
        self._last_recorded: tuple[int, int] | None = None

    @classmethod
    def for_model(cls, model: GameModel) -> Scoreboard:
        """A scoreboard whose first player is the one the model started with as red."""
        if model.swapped:
            return cls(model.yellow, model.red)
        return cls(model.red, model.yellow)

    @property
    def games(self) -> int:
        return sum(self.wins.values()) + self.draws

    def record(self, model: GameModel) -> bool:
        """Count the model's finished game once; False if it is not over or was already counted."""
        if not model.is_over:
            return False
        key = (id(model), model.generation)
        if key == self._last_recorded:
            return False
        self._last_recorded = key
        winner = model.winner
        if winner is None:
            self.draws += 1
        else:
            seat = (winner - 1) ^ int(model.swapped)
            self.wins[self.labels[seat]] += 1
        return True

    def rows(self) -> list[tuple[str, int]]:
        """(label, count) lines for display: each player's wins, then draws."""
        return [(label, self.wins[label]) for label in self.labels] + [("Draws", self.draws)]

    def __str__(self) -> str:
        return " · ".join(f"{label} {count}" for label, count in self.rows())
