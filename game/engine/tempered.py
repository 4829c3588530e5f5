"""Plausible mistakes for the weaker levels: a softmax over the searched moves' values.

A player with a temperature ``T > 0`` searches every column to its depth
(``analysis.column_values``, a full window at the root) and plays column ``c`` with a
probability proportional to ``exp(u(c) / T)``. ``u`` puts every value on one scale from -1 to 1:
a proved win counts 1 and a proved loss -1 whatever their length, a heuristic estimate keeps its
squashed value strictly inside (-1, 1). So the best move is always the most likely one, a move
that looks almost as good is played almost as often, and a clearly worse move rarely: at
``T = 0.1`` a move 0.1 worse is played e^-1 ≈ 0.37 times as often as the best. The mistakes come
from what the search sees, as a person's do, never from a random disc.

What tempering never changes (the searcher settles these before it asks for a choice, or here):

* a win with the next disc is always played;
* when every move loses at once, the searcher's least bad move is played;
* when the opponent threatens to win with its next disc, the block is always played -- a
  three in a row is what every player looks at first.

What it may do: play under an opponent's winning cell (a threat two moves deep: "I play here,
you win above"), miss a threat its depth does not reach, prefer an attractive but worse move.
"""

from __future__ import annotations

import math
import random

from .analysis import column_values
from .board import BOARD, BOTTOM, COLUMN_MASKS, WIDTH, Position, non_losing_moves, winning_cells_mask
from .search_values import MAX_TEMPERATURE, RootSearch

__all__ = ["MAX_TEMPERATURE", "choose", "move_weights", "utility"]


def utility(score: float) -> float:
    """A searched value on the softmax's scale: proved results at +-1, estimates as they are."""
    return max(-1.0, min(1.0, score))


def candidate_columns(pos: Position) -> list[int]:
    """The columns a tempered player chooses among: all legal ones, or only the blocks when the
    opponent could win with its next disc (the caller has handled a position where none
    stops every threat)."""
    current, mask = pos.current, pos.mask
    possible = (mask + BOTTOM) & BOARD
    opp_win = winning_cells_mask(current ^ mask, mask)
    allowed = non_losing_moves(mask, opp_win) if possible & opp_win else possible
    return [c for c in range(WIDTH) if allowed & COLUMN_MASKS[c]]


def move_weights(values: dict[int, float], temperature: float) -> dict[int, float]:
    """Each column's probability under the softmax (``values``: column -> searched value)."""
    if temperature <= 0:
        raise ValueError(f"temperature must be positive, got {temperature!r}")
    top = max(utility(v) for v in values.values())
    raw = {c: math.exp((utility(v) - top) / temperature) for c, v in values.items()}
    total = sum(raw.values())
    return {c: w / total for c, w in raw.items()}


def choose(searcher: RootSearch, pos: Position, rng: random.Random, *, stop=None,
           deadline: float | None = None) -> tuple[int, float]:
    """(column, its searched value) drawn by the softmax at the searcher's temperature and depth.

    Raises ``SearchCancelled`` on stop or deadline, like the search it runs.
    """
    config = searcher.config
    scores = column_values(searcher, pos, config.depth or 1, stop=stop, deadline=deadline)
    values = {c: scores[c] for c in candidate_columns(pos)}
    values = {c: v for c, v in values.items() if v is not None}
    weights = move_weights(values, config.temperature)
    columns = list(weights)
    move = rng.choices(columns, weights=[weights[c] for c in columns])[0]
    return move, values[move]
