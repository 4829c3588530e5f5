"""The review's explanations: which moves get one, which one the worker is asked for next, and the
answers as they come. The moves are those ``game.engine.game_review.to_explain`` picks (every mistake and
blunder, every move with a verdict, once their values are proved); the move on the screen is asked
for first, then the others in order. Each request is a ``Kind.EXPLAIN`` through the scene's
``EngineClient``, tagged with its move, so an answer for another move or another game is dropped.
No pygame here."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.engine.board import Position
from game.engine.explain import Explanation
from game.engine.game_review import GameReview
from game.engine.game_review import to_explain
from game.service.requests import AIUpdate, ExplainRequest, Explained

if TYPE_CHECKING:
    from game.engine.search_values import SearchConfig

__all__ = ["Explanations"]


class Explanations:
    """The explanations of one reviewed game (``moves``, 0-based columns), by move index (0-based)."""

    def __init__(self, moves: list[int], review: GameReview, base_tag: int, names: tuple[str, str]) -> None:
        self.moves = moves
        self.names = names  # the sides as the theme draws them, first player first
        self.wanted: list[int] = [number - 1 for number in to_explain(review)]
        self.found: dict[int, Explanation] = {}
        self.failed: set[int] = set()
        self.base_tag = base_tag

    def next_index(self, shown: int) -> int | None:
        """The move to ask about now: the shown one if it wants an explanation, else the first left."""
        left = [i for i in self.wanted if i not in self.found and i not in self.failed]
        if not left:
            return None
        return shown if shown in left else left[0]

    def tag(self, index: int) -> int:
        """The request tag of move ``index``'s explanation (one per move, apart from the review's)."""
        return self.base_tag + 1 + index

    def request(self, index: int, config: SearchConfig) -> ExplainRequest:
        position = Position.from_moves(self.moves[:index])
        return ExplainRequest(self.tag(index), position, replace(config, time_limit=None), self.moves[index],
                              self.names)

    def accept(self, index: int, update: AIUpdate) -> None:
        if isinstance(update.result, Explained) and update.result.column == self.moves[index]:
            self.found[index] = update.result.explanation

    def give_up(self, index: int) -> None:
        """The worker failed on move ``index``: it is not asked again (the others still are)."""
        self.failed.add(index)

    @property
    def done(self) -> bool:
        return all(i in self.found or i in self.failed for i in self.wanted)
