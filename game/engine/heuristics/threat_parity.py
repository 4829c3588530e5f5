"""Research: an evaluation that counts open threats by row parity (Allis' odd/even rule).

A *threat* of a player is an empty cell that would complete four of their discs
(``winning_cells_mask``, which includes cells floating above the stack). Late in the
game the columns fill up and zugzwang decides who must play under whose threat. Allis
(1988) showed the rule of thumb: with rows counted 1..6 from the bottom, the first
player (who moves on odd plies) profits from threats on odd rows, the second player
from threats on even rows -- the second player can "claim even" (answer every move in
the same column), which hands him every even-row cell and the first player every
odd-row cell.

Per column only the lowest threat (of either player) is *active*: the cells above it
are never reached while it stands. The evaluation, for each player:

* ``GOOD`` per active threat on the player's own parity,
* ``BAD`` per active threat on the other parity,
* ``STACKED`` when an active threat has another own threat directly above it
  (whoever blocks the lower cell gives the upper one: a win once it is playable),
* ``HIDDEN`` per threat above the column's active one (it may come back later),
* ``ZUGZWANG`` once if the player holds an active threat of his own parity and the
  opponent holds none of his: the odd/even rule's predicted winner,

plus the scoremap value (windows through the player's discs) for everything threats
do not see. Playable threats are settled before any of that (a win for the mover, a
forced block or a lost position for the opponent's). The result is the side to move's value minus the opponent's.

All of it is bit-parallel on the engine's bitboards (``game.engine.board`` layout, 7 bits per
column, row 0 at the bottom): about a dozen shifts and popcounts, no loop over cells.
"""

from __future__ import annotations

from typing import Callable

from ..board import BOARD, BOTTOM, HEIGHT, Bitboard, winning_cells_mask
from .scoremap import scoremap

#: 0-based rows 0, 2, 4 = Allis' odd rows 1, 3, 5 (the first player's); the rest are even.
ODD_ROWS: Bitboard = sum(BOTTOM << r for r in range(0, HEIGHT, 2))
EVEN_ROWS: Bitboard = BOARD & ~ODD_ROWS

GOOD = 10.0
BAD = 3.0
STACKED = 12.0
HIDDEN = 1.0
ZUGZWANG = 10.0
#: value of a position decided by playable threats (still a heuristic: below the search's proven wins)
DECIDED = 200.0


def _above(cells: Bitboard) -> Bitboard:
    """Every cell strictly above some cell of ``cells`` in the same column.

    One row at a time, masking with BOARD after each shift: a bit in the top row moves
    into the guard bit and is dropped. (A shift by two would carry a top-row bit into
    the next column's bottom row.)
    """
    t = (cells << 1) & BOARD
    t |= (t << 1) & BOARD
    t |= (t << 1) & BOARD
    t |= (t << 1) & BOARD
    t |= (t << 1) & BOARD  # five rows up at most
    return t


def _threats(pos: Bitboard, empty: Bitboard) -> Bitboard:
    """Empty cells (of ``empty``) where ``pos`` would complete four: ``board.winning_cells_mask``."""
    return winning_cells_mask(pos, BOARD ^ empty)


def threat_terms(first: Bitboard, second: Bitboard, mask: Bitboard) -> tuple[float, float]:
    """(value of the first player's threats, value of the second player's)."""
    empty = BOARD ^ mask
    return _terms(_threats(first, empty), _threats(second, empty))


def _terms(t1: Bitboard, t2: Bitboard) -> tuple[float, float]:
    both = t1 | t2
    active = both & ~_above(both)
    a1 = t1 & active
    a2 = t2 & active
    good1 = a1 & ODD_ROWS
    good2 = a2 & EVEN_ROWS
    v1 = (
        GOOD * good1.bit_count()
        + BAD * (a1 & EVEN_ROWS).bit_count()
        + STACKED * (a1 & (t1 >> 1)).bit_count()
        + HIDDEN * (t1 & ~active).bit_count()
    )
    v2 = (
        GOOD * good2.bit_count()
        + BAD * (a2 & ODD_ROWS).bit_count()
        + STACKED * (a2 & (t2 >> 1)).bit_count()
        + HIDDEN * (t2 & ~active).bit_count()
    )
    if good1 and not good2:
        v1 += ZUGZWANG
    elif good2 and not good1:
        v2 += ZUGZWANG
    return v1, v2


def evaluate_threats(current: int, mask: int, moves: int) -> float:
    """Threat-parity evaluation of a position for the side to move (own minus opponent).

    Playable threats are settled first: one of the mover's is a win; two of the
    opponent's, or one with another opponent threat right above it, is a loss; a
    single one is blocked by the next move, so it no longer counts.
    """
    opp = current ^ mask
    return _evaluate(current, mask, moves, winning_cells_mask(current, 0), winning_cells_mask(opp, 0))


def cached_evaluator(cache: dict[int, int], compute: Callable[[int], int]) -> Callable[[int, int, int], float]:
    """``evaluate_threats`` with each side's threat cells looked up in ``cache`` first.

    ``cache`` maps a set of one side's discs to ``winning_cells_mask(discs, 0)`` (every
    cell that would complete a four, occupied or not): a pure function of the key, shared
    with the search's own threat cache; ``compute(discs)`` fills it on a miss (and keeps it
    bounded). Sibling leaves share the side that did not move, so most lookups hit.
    """
    def evaluate(current: int, mask: int, moves: int) -> float:
        opp = current ^ mask
        own = cache.get(current)
        if own is None:
            own = compute(current)
        other = cache.get(opp)
        if other is None:
            other = compute(opp)
        return _evaluate(current, mask, moves, own, other)

    return evaluate


def _evaluate(current: int, mask: int, moves: int, own_all: int, opp_all: int) -> float:
    """The evaluation, given each side's threat cells before removing the occupied ones."""
    empty = BOARD ^ mask
    playable = (mask + BOTTOM) & BOARD
    own_t = own_all & empty
    if own_t & playable:
        return DECIDED
    opp_t = opp_all & empty
    forced = opp_t & playable
    if forced:
        if forced & (forced - 1) or (forced << 1) & opp_t:
            return -DECIDED
        opp_t ^= forced
    if moves % 2 == 0:  # the side to move is the first player
        own, other = _terms(own_t, opp_t)
    else:
        other, own = _terms(opp_t, own_t)
    return scoremap(current, mask, moves) + own - other
