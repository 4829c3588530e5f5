"""Verdicts a player can use: what a move did wrong, in words a player at the board could see.

The exact classes of ``review.py`` (best, good, mistake, blunder) say how a move's exact score
compares with the best one. A verdict says what a player could have noticed, and how much it
matters (``Severity``):

* errors a player can learn from: a **missed win** in one, a **missed block** of the opponent's
  single threat, a move **under** the opponent's winning cell, a move that **allows two threats**
  (the opponent's double threat) or **a short loss** (within ``SHORT_MOVES`` of the player's own
  moves) from a position that was not lost, a move that **throws away a short win**, and in a lost
  position a move that **loses much faster** than the best defence;
* an inaccuracy: in a won position, a move that keeps the win but makes it **much longer**;
* **deep**: the outcome changed (a mistake or blunder by the exact classes), but by play too far
  ahead for any of the above: a loss many moves away, decided by zugzwang.

A verdict is given only to a move proved worse than the best one; the board facts (a win at once,
a block, a cell under a threat) need no solver, the others use exact scores and are left out while
only bounds are proved. Pure engine code: standard library and ``game.engine`` only.
"""

from __future__ import annotations

import enum

from .board import BOTTOM_CELLS, COLUMN_MASKS, Position
from .scores import Outcome, moves_to_end, outcome
from .threats import double_threat, playable_mask, threats_mask

__all__ = ["SHORT_MOVES", "Severity", "Verdict", "judge", "much_faster_loss", "much_longer_win"]

#: A forced loss or a win within this many of the player's own moves is short: one a player
#: could be expected to see (or to keep).
SHORT_MOVES = 4


class Severity(enum.Enum):
    """How much a verdict matters to a player."""

    ERROR = "error"
    INACCURACY = "inaccuracy"
    DEEP = "deep"


class Verdict(enum.Enum):
    """What a move did wrong, as a player could see it (the value is its English key;
    ``game.words.judgements`` words it in the player's language)."""

    MISSED_WIN = "missed win"
    MISSED_BLOCK = "missed block"
    UNDER_THREAT = "under a winning cell"
    DOUBLE_THREAT = "allows two threats"
    SHORT_LOSS = "allows a short loss"
    THREW_AWAY_WIN = "threw away a short win"
    FASTER_LOSS = "loses much faster"
    LONGER_WIN = "much longer win"
    DEEP = "deep"

    @property
    def severity(self) -> Severity:
        if self is Verdict.LONGER_WIN:
            return Severity.INACCURACY
        if self is Verdict.DEEP:
            return Severity.DEEP
        return Severity.ERROR


def much_faster_loss(best: int, played: int) -> bool:
    """Is a loss in ``played`` own moves much faster than the best defence's ``best``? (at most
    half as long, and at least two moves shorter)"""
    return 2 * played <= best and best - played >= 2


def much_longer_win(best: int, played: int) -> bool:
    """Is a win in ``played`` own moves much longer than the fastest, in ``best``? (at least twice
    as long, and at least two moves longer)"""
    return played >= 2 * best and played - best >= 2


def judge(pos: Position, col: int, *, best: int | None, played: int | None, worse: bool,
          outcome_changed: bool) -> Verdict | None:
    """The verdict on playing ``col`` in ``pos``, or None for a move with nothing to say.

    ``best`` and ``played`` are the exact scores (for the mover) of the position and of the move,
    None while only bounds are proved; ``worse``: the move is proved worse than the best one;
    ``outcome_changed``: it is proved to change the outcome (a mistake or blunder). The first
    verdict that holds, in the order of ``Verdict``, is the one given.
    """
    if not worse:
        return None
    move = (pos.mask + BOTTOM_CELLS[col]) & COLUMN_MASKS[col]
    playable = playable_mask(pos)
    theirs = threats_mask(pos, mine=False)
    if threats_mask(pos, mine=True) & playable:
        return Verdict.MISSED_WIN
    open_threats = theirs & playable
    if open_threats and not open_threats & (open_threats - 1) and not move & open_threats:
        return Verdict.MISSED_BLOCK
    if theirs & (move << 1):
        return Verdict.UNDER_THREAT
    if best is not None and played is not None:
        verdict = _by_distance(pos, col, best, played)
        if verdict is not None:
            return verdict
    return Verdict.DEEP if outcome_changed else None


def _by_distance(pos: Position, col: int, best: int, played: int) -> Verdict | None:
    """The verdicts read from exact scores: short losses, short wins thrown away, distances."""
    best_outcome, played_outcome = outcome(best), outcome(played)
    if played_outcome is Outcome.LOSS:
        n = moves_to_end(played, pos.moves)
        m = moves_to_end(best, pos.moves) if best_outcome is Outcome.LOSS else None
        if m is None or much_faster_loss(m, n):
            after = pos.play(col)
            if n == 2 and any(double_threat(after, c) for c in after.legal_moves()):
                return Verdict.DOUBLE_THREAT
            if m is not None:
                return Verdict.FASTER_LOSS
            if n <= SHORT_MOVES:
                return Verdict.SHORT_LOSS
    if best_outcome is Outcome.WIN:
        m = moves_to_end(best, pos.moves)
        if played_outcome is not Outcome.WIN:
            return Verdict.THREW_AWAY_WIN if m <= SHORT_MOVES else None
        if much_longer_win(m, moves_to_end(played, pos.moves)):
            return Verdict.LONGER_WIN
    return None
