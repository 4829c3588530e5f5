"""The score scale: what a value means, always for the side to move.

Exact scores follow Pons' convention for Connect Four solvers. With 42 cells each side places
at most 21 discs; a win with the winner's k-th own disc scores ``22 - k`` for the winner and
``k - 22`` for the loser, a draw scores 0. So a faster win scores higher, and the largest
possible score (a win with the 4th disc) is 18.

The depth search works on the same scale: a proved win or loss keeps its exact score, and a
heuristic estimate is squashed strictly inside (-1, 1), below every proved result, so an
estimate can never be mistaken for (or outrank) a proof.

A score in words ("wins in 3 of Red's moves") is ``game.words.outcomes``'s.
"""

from __future__ import annotations

import enum

from .board import CELLS

__all__ = ["MAX_SCORE", "MIN_SCORE", "PLAYER_NAMES", "SHORT_DISTANCE", "Outcome", "loss_next_score", "moves_to_end",
           "outcome", "plies_to_end", "score_range", "win_next_score"]

#: Discs each side places when the board fills up.
DISCS_PER_SIDE = CELLS // 2
#: The fastest possible win: the winner's 4th disc.
MAX_SCORE = DISCS_PER_SIDE + 1 - 4
#: The fastest possible loss: the opponent's 4th disc.
MIN_SCORE = -MAX_SCORE
#: The sides' names, first player first.
PLAYER_NAMES: tuple[str, str] = ("Red", "Yellow")
#: Distances up to this many of a side's own moves are counted in words; longer ones are said as
#: a plain outcome (a count like "wins in 19" in the opening tells a player nothing).
SHORT_DISTANCE = 6


class Outcome(enum.Enum):
    """The game-theoretic result for the side to move."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


def win_next_score(moves: int) -> int:
    """Score of winning with the next disc, with ``moves`` discs on the board."""
    return (CELLS + 1 - moves) // 2


def loss_next_score(moves: int) -> int:
    """Score of losing to the opponent's next disc, with ``moves`` discs on the board."""
    return -((CELLS - moves) // 2)


def score_range(moves: int) -> tuple[int, int]:
    """(lowest, highest) score a position with ``moves`` discs can have, for the side to move.

    The lowest is losing to the opponent's next disc, the highest winning with one's own next
    disc: the trivial bounds an exact search starts from.
    """
    return loss_next_score(moves), win_next_score(moves)


def outcome(score: float) -> Outcome:
    """Win, draw or loss for an exact score."""
    return Outcome.WIN if score > 0 else Outcome.LOSS if score < 0 else Outcome.DRAW


def moves_to_end(score: int, moves: int) -> int:
    """How many discs the side to move still places until a won or lost game ends.

    ``score`` is exact and not 0, ``moves`` the number of discs on the board. The side to
    move has placed ``moves // 2`` discs, its opponent ``(moves + 1) // 2``. A win ends with
    the mover's own ``22 - score``-th disc; a loss with the opponent's ``22 + score``-th,
    and the mover places one disc before each of the opponent's.
    """
    if score > 0:
        return DISCS_PER_SIDE + 1 - score - moves // 2
    if score < 0:
        return DISCS_PER_SIDE + 1 + score - (moves + 1) // 2
    raise ValueError("a draw has no last move")


def plies_to_end(score: int, moves: int) -> int:
    """How many plies (both sides' discs) from now a won or lost game ends: a win ends on the
    mover's own disc (an odd ply), a loss on the opponent's (an even ply)."""
    n = moves_to_end(score, moves)
    return 2 * n - 1 if score > 0 else 2 * n
