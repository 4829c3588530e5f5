"""Static evaluations of a position, from the side to move's point of view.

Two classic heuristics of Connect Four programs (docs/engine.md), and a third of our own
(``threats``, in ``threat_parity.py``: open threats by row parity, after Allis):

``window``
    Every line of four cells (69 of them). A window holding k own discs and no
    opponent disc is worth ``own[k-1]`` (0.5 / 3 / 9); a window where own discs
    block k opponent discs is worth ``block[k-1]`` (0.5 / 2 / 40). The sum is
    multiplied by ``scale`` (1.5) and divided by the number of discs on the board.
    The evaluation is own value minus the opponent's.

``scoremap``
    Each cell is worth the number of windows through it; a side's value is the sum
    over its discs; the evaluation is own minus opponent.

Both work on raw bitboards (``current``, ``mask``, ``moves``) so the search can call
them without building ``Position`` objects. The window counts are done bit-parallel:
for each direction the four shifted copies of a side's discs are added with a tiny
bit-sliced adder, which gives "exactly k discs in the window starting here" masks for
all windows of that direction at once.
"""

from __future__ import annotations

from typing import Callable

from ..board import Bitboard, Position
from .scoremap import SCOREMAP, scoremap, scoremap_value
from .threat_parity import cached_evaluator, evaluate_threats, threat_terms
from .window import (DEFAULT_WEIGHTS, DIRECTIONS, WINDOW_STARTS, WINDOWS_THROUGH, WindowWeights, make_window,
                     make_window_delta, make_window_raw)

__all__ = [
    "DEFAULT_WEIGHTS", "DIRECTIONS", "HEURISTICS", "SCOREMAP", "WINDOWS_THROUGH", "WINDOW_STARTS", "WindowWeights",
    "cached_evaluator", "evaluate", "evaluate_threats", "evaluator", "make_window", "make_window_delta",
    "make_window_raw", "scoremap", "scoremap_value", "threat_terms",
]

HEURISTICS: tuple[str, ...] = ("window", "scoremap", "threats")


def evaluator(name: str, weights: WindowWeights = DEFAULT_WEIGHTS) -> Callable[[Bitboard, Bitboard, int], float]:
    """The raw-bitboard evaluation function called ``name``."""
    if name == "scoremap":
        return scoremap
    if name == "window":
        return make_window(weights)
    if name == "threats":
        return evaluate_threats
    raise ValueError(f"unknown heuristic {name!r}; choose one of: {', '.join(HEURISTICS)}")


def evaluate(pos: Position, heuristic: str = "scoremap", weights: WindowWeights = DEFAULT_WEIGHTS) -> float:
    """Evaluate ``pos`` for the side to move (own value minus the opponent's)."""
    return evaluator(heuristic, weights)(pos.current, pos.mask, pos.moves)
